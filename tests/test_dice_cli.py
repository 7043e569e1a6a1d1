"""``phase10 demo|play --game dice``, the game registry, and the dice bots."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from phase10 import InvalidDataError
from phase10.cli import games, main
from phase10.cli.dice import run_demo, run_play
from phase10.dice import (
    GreedyBot,
    RandomBot,
    new_game,
    play_game,
    play_one,
)
from phase10.dice.serialization import load_record
from phase10.dice.simulate import make_bot


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_demo_dice_tells_a_game_turn_by_turn(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "demo", "--game", "dice", "--players", "3", "--seed", "5")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "phase10 demo: Phase 10 Dice, standard rules, seed 5, players Ann, Bob, Cy"
    assert any(" made phase 1 (2 sets of 3) with " in line for line in lines)
    assert any("has made the last phase!" in line for line in lines)
    end = lines.index("Final standings")
    assert lines[end - 1].endswith("points")
    assert " win" in lines[end - 1]
    assert len(lines) == end + 4
    assert lines[end + 1].endswith("winner")


def test_demo_dice_verbose_and_saved(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "dice.json"
    status, out, _ = run(
        capsys, "demo", "--game", "dice", "-v", "--seed", "2", "--players", "2", "--save", str(path)
    )
    assert status == 0
    assert " rolled " in out
    assert "    dice: " in out
    record = load_record(path)
    assert record.players == ("Ann", "Bob")
    final = record.final_state()
    assert final.is_over
    again = io.StringIO()
    assert run_demo(again, seed=2, players=2) == final


def test_demo_dice_presets_and_bad_presets(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "demo", "--game", "dice", "--variant", "immediate-end")
    assert status == 0
    assert "immediate-end rules" in out.splitlines()[0]
    status, _, err = run(capsys, "demo", "--game", "dice", "--variant", "masters")
    assert status == 2
    assert err.startswith("phase10: ")
    assert "no dice preset 'masters'" in err


def test_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "demo", "--game", "chess")
    assert status == 2
    assert "invalid choice: 'chess'" in err
    with pytest.raises(InvalidDataError):
        games.get("chess")


def test_the_card_game_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "demo", "--variant", "to-phase-1", "--players", "2")
    assert status == 0
    assert out.startswith("phase10 demo: to-phase-1 rules")
    assert games.names()[0] == "cards"


def test_play_dice_numbers_notation_and_bad_input(tmp_path: Path) -> None:
    answers = iter(["keep 0", "1", "hello", "keep 0 0", "99", "keep 0 1", "help", "look", "quit"])
    out = io.StringIO()
    path = tmp_path / "game.json"
    status = run_play(out, lambda prompt: next(answers), players=2, seed=7, save=str(path))
    assert status == 0
    text = out.getvalue()
    assert "Not allowed: roll the dice first" in text
    assert "  You rolled " in text
    assert "I can't read that" in text
    assert "Not allowed: name each die once" in text
    assert "there is no move 99" in text
    assert "declare 0 1 2 | 3 4 5" in text
    assert "Dice ([kept]): 0:[" in text
    assert text.rstrip().endswith(f"Game saved to {path}\nThis game's seed was 7.")
    record = load_record(path)
    assert record.actions == ("roll", "keep 0 1")


def test_play_dice_a_whole_game_at_the_console(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Typing "end" after each first roll: the bots finish and the game ends."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nend\n" * 400))
    status, out, _ = run(capsys, "play", "--game", "dice", "--players", "2", "--seed", "4")
    assert status == 0
    assert "Final standings" in out
    assert out.rstrip().endswith("Better luck next game.\nThis game's seed was 4.")


def test_play_dice_end_of_input_and_bad_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_play(io.StringIO(), lambda prompt: None, players=2, seed=1) == 0
    with pytest.raises(InvalidDataError):
        run_play(io.StringIO(), lambda prompt: None, players=2, seat=5)


def test_greedy_bots_beat_random_bots() -> None:
    wins = 0
    for seed in range(6):
        final = play_game(new_game(2, seed=seed), [GreedyBot(), RandomBot(seed)])
        wins += final.winners == (0,)
    assert wins >= 5


def test_play_one_is_a_seeded_bot_game() -> None:
    outcome = play_one(None, ["greedy", "greedy", "random"], 11)
    assert outcome == play_one("standard", ["greedy", "greedy", "random"], 11)
    assert outcome.seed == 11
    assert len(outcome.scores) == len(outcome.phases) == 3
    assert max(outcome.phases) == 10
    assert outcome.rounds * 3 >= outcome.turns
    with pytest.raises(InvalidDataError):
        make_bot("search", 0)
