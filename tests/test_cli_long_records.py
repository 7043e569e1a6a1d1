"""The command line reads the files a player names at any length.

The library's readers refuse documents over ``limits.MAX_DOCUMENT`` by default, which
protects a server from what clients send; a file on the player's own disk (``replay``,
``play --resume``) is trusted, so a long game's record still replays.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from phase10 import InvalidDataError, dice, to_json, twist
from phase10.cli import main
from phase10.cli.common import load_game
from phase10.limits import MAX_DOCUMENT
from phase10.record import GameRecord


def _padded(path: Path, text: str) -> Path:
    """``text`` written with whitespace after it up to past MAX_DOCUMENT: still one JSON
    document, as long as a long game's record, and quick to read."""
    path.write_text(text + " " * (MAX_DOCUMENT + 1 - len(text.encode())), encoding="utf-8")
    assert path.stat().st_size > MAX_DOCUMENT
    return path


def test_a_card_record_past_the_limit_is_loaded_by_the_command_line(tmp_path: Path) -> None:
    record = GameRecord.start(2, seed=3)
    path = _padded(tmp_path / "long.json", to_json(record))
    with pytest.raises(InvalidDataError, match="max_size"):
        GameRecord.load(path)  # the library's default: a client's document
    assert load_game(path) == record


@pytest.mark.parametrize("game", ["dice", "twist"])
def test_a_family_record_past_the_limit_replays(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if game == "dice":
        text = dice.to_json(dice.DiceRecord.start(2, seed=1).extend(["roll"]))
    else:
        text = twist.to_json(twist.TwistRecord.start(2, seed=1))
    path = _padded(tmp_path / f"{game}.json", text)
    assert main(["replay", str(path)]) == 0
    captured = capsys.readouterr()
    assert "max_size" not in captured.err + captured.out
