"""Ctrl-C in ``phase10 play --save``: the game is kept, and the player is told how to go on."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from phase10.cli import main


def _typing(answers: list[str]) -> Iterator[str]:
    yield from answers
    raise KeyboardInterrupt  # then Ctrl-C at the prompt


@pytest.mark.parametrize(
    ("game", "answers"),
    [("cards", ["draw"]), ("dice", ["roll", "keep 0"]), ("twist", ["1"])],
)
def test_ctrl_c_says_where_the_game_is_and_how_to_go_on(
    game: str,
    answers: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    typed = _typing(answers)
    monkeypatch.setattr("phase10.cli.runners.console_ask", lambda prompt: next(typed))
    path = tmp_path / "game.json"
    with pytest.raises(KeyboardInterrupt):
        main(["play", "--game", game, "--players", "2", "--seed", "3", "--save", str(path)])
    err = capsys.readouterr().err
    assert f"(go on with: phase10 play --resume {path})" in err
    assert path.exists()


def test_ctrl_c_without_save_says_nothing_of_a_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = _typing(["draw"])
    monkeypatch.setattr("phase10.cli.runners.console_ask", lambda prompt: next(typed))
    with pytest.raises(KeyboardInterrupt):
        main(["play", "--players", "2", "--seed", "3"])
    assert "resume" not in capsys.readouterr().err
