"""``phase10 replay`` reads the records ``play --game dice|twist --save`` and ``demo --save``
write, and tells them as the demo told the game (found by a newcomer: it refused them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from phase10.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("game", ["dice", "twist"])
def test_a_saved_game_replays_as_the_demo_told_it(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / f"{game}.json"
    status, told, _ = _run(
        capsys, "demo", "--game", game, "--players", "2", "--seed", "5", "--save", str(saved)
    )
    assert status == 0
    status, replayed, err = _run(capsys, "replay", str(saved))
    assert (status, err) == (0, "")
    first, *rest = replayed.splitlines()
    actions = len(json.loads(saved.read_text())["actions"])
    title = "Phase 10 Dice" if game == "dice" else "Phase 10 Twist"
    assert (
        first
        == f"phase10 replay: {title}, standard rules, seed 5, players Ann, Bob, {actions} actions"
    )
    assert rest == told.splitlines()[1:]


@pytest.mark.parametrize("game", ["dice", "twist"])
def test_a_record_cut_short_or_broken_is_told_so(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / f"{game}.json"
    _run(capsys, "demo", "--game", game, "--players", "2", "--seed", "5", "--save", str(saved))
    data = json.loads(saved.read_text())
    data["actions"] = data["actions"][:30]
    saved.write_text(json.dumps(data))
    status, out, err = _run(capsys, "replay", str(saved))
    assert (status, err) == (0, "")
    assert "\nThe record ends before the game does; standings so far\n 1. " in out
    status, out, err = _run(capsys, "replay", str(saved), "--svg", str(tmp_path / "pictures"))
    assert (status, out) == (2, "")
    assert err == "phase10: --svg draws the card game's table, not a dice or twist game\n"
    data["actions"][5] = "nonsense"
    saved.write_text(json.dumps(data))
    status, out, err = _run(capsys, "replay", str(saved))
    assert (status, out) == (2, "")
    assert err.startswith(f"phase10: {saved}: $.actions[5]: 'nonsense'")
    assert err.count("\n") == 1
