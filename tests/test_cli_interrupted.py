"""Ctrl-C in ``phase10 play --save``: the game is kept, and the player is told how to go on."""

from __future__ import annotations

import functools
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

from phase10 import dice, twist
from phase10.cli import main
from phase10.cli.common import load_game


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


@pytest.mark.parametrize("command", ["replay", "play --resume"])
def test_the_commands_told_for_a_saved_game_can_be_pasted_into_a_shell(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A path with a space or a quote was written bare: "phase10 replay my game's.json"
    pasted into a shell is no command at all."""
    path = tmp_path / "my game's (1).json"
    typed = _typing(["roll"])
    monkeypatch.setattr("phase10.cli.runners.console_ask", lambda prompt: next(typed))
    with pytest.raises(KeyboardInterrupt):
        main(["play", "--game", "dice", "--players", "2", "--seed", "3", "--save", str(path)])
    if command == "replay":  # the line at the end of a game, or of a demo
        assert main(["demo", "--game", "dice", "--players", "2", "--save", str(path)]) == 0
    err = capsys.readouterr().err
    told = err[err.rindex(f"phase10 {command} ") :].rstrip("\n")
    assert told.endswith(")")
    assert shlex.split(told[:-1]) == ["phase10", *command.split(), str(path)]


@pytest.mark.parametrize("game", ["cards", "dice", "twist"])
def test_ctrl_c_while_a_save_builds_its_text_leaves_the_last_save_whole(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """play saves before each move: the file was opened (emptied) before its text was built,
    which takes a while for a long game, so Ctrl-C then left an empty file to --resume."""
    path = tmp_path / "game.json"
    answers = ["draw"] if game == "cards" else ["roll"] if game == "dice" else ["1"]
    typed = iter([*answers, "quit"])
    monkeypatch.setattr("phase10.cli.runners.console_ask", lambda prompt: next(typed))
    assert main(["play", "--game", game, "--players", "2", "--seed", "3", "--save", str(path)]) == 0
    kept = path.read_text(encoding="utf-8")

    def interrupted(*args: object, **kwargs: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("phase10.record.format_json", interrupted)
    monkeypatch.setattr("phase10.documents.format_json", interrupted)
    if game == "cards":
        save = functools.partial(load_game(path).save, path)
    else:
        family = (dice if game == "dice" else twist).serialization
        save = functools.partial(family.save_record, family.load_record(path), path)
    with pytest.raises(KeyboardInterrupt):
        save()
    assert path.read_text(encoding="utf-8") == kept


@pytest.mark.parametrize("game", ["cards", "dice", "twist"])
def test_quitting_a_saved_game_says_how_to_go_on(
    game: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A game left unfinished is told as one to go on with, not only to replay."""
    typed = iter(["quit"])
    monkeypatch.setattr("phase10.cli.runners.console_ask", lambda prompt: next(typed))
    path = tmp_path / "game.json"
    main(["play", "--game", game, "--players", "2", "--seed", "3", "--save", str(path)])
    out = capsys.readouterr().out
    assert f"Game saved to {path} (go on with: phase10 play --resume {path})" in out
    assert "replay it with" not in out


def test_ctrl_c_before_the_first_save_does_not_point_at_an_older_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--save`` naming a file left from another game: Ctrl-C at the first prompt, before
    this game saved anything, must not say this game is in it."""

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("phase10.cli.runners.console_ask", interrupted)
    monkeypatch.setattr("phase10.cli.dice.save_record", lambda record, path: None)  # unsaved
    path = tmp_path / "old.json"
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(KeyboardInterrupt):
        main(["play", "--game", "dice", "--players", "2", "--seed", "3", "--save", str(path)])
    assert "resume" not in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == "{}"
