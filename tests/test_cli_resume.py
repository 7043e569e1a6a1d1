"""``play --resume`` of a game that is already over: its end is told, no move is asked."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from phase10 import GreedyBot, play_game
from phase10.actions import Action
from phase10.cli import main
from phase10.record import GameRecord


def _resumed(
    path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--resume", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


def test_a_finished_card_game_is_told_as_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = GameRecord.start(2, seed=6)
    played: list[Action] = []
    play_game(
        record.initial_state(),
        [GreedyBot(), GreedyBot()],
        on_action=lambda before, action, after: played.append(action),
    )
    path = tmp_path / "over.json"
    record.extend(played).save(path)
    out = _resumed(path, monkeypatch, capsys)
    assert "The saved game is over." in out
    assert "Final standings" in out
    assert "Type a move's number" not in out


@pytest.mark.parametrize("game", ["dice", "twist"])
def test_a_finished_family_game_is_told_as_over(
    game: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / f"{game}.json"
    first = "1\nend\n" if game == "dice" else "1\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(first * 3000))
    argv = ["play", "--game", game, "--players", "2", "--seed", "4", "--save", str(path)]
    assert main(argv) == 0
    assert "Final standings" in capsys.readouterr().out  # played to the end
    out = _resumed(path, monkeypatch, capsys)
    assert "The saved game is over." in out
    assert "Final standings" in out
    assert "Type a move's number" not in out
