"""``phase10 demo|play --game twist``, ``phase10 simulate --game``, and the Twist bots."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from phase10 import InvalidDataError
from phase10.cli import games, main
from phase10.cli.twist import render_board, run_demo, run_play
from phase10.simulate import GameOutcome, read_results, simulate
from phase10.simulate.family import play_outcome, resolve_game_rules
from phase10.twist import GreedyBot, RandomBot, new_game, play_game, play_one, player_view
from phase10.twist.serialization import load_record
from phase10.twist.simulate import make_bot


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_twist_is_a_game_of_the_family() -> None:
    assert games.names() == ("cards", "dice", "twist")
    assert "board" in games.get("twist").description


def test_demo_twist_tells_a_game_hand_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "demo", "--game", "twist", "--players", "3", "--seed", "4")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "phase10 demo: Phase 10 Twist, standard rules, seed 4, players Ann, Bob, Cy"
    assert lines[1] == "Board: 1 1 2 2 T 3 3 4 4 T 5 5 6 6 T 7 7 8 8 T 9 9 10 10"
    assert "Hand 1: " in out
    assert " laid down phase 1: 2 sets of 3 " in out
    assert any(line.endswith("and finished!") for line in lines)
    end = lines.index("Final standings")
    assert " wins: first to finish Phase 10 on the board" in lines[end - 1]
    assert lines[end + 1].endswith("winner")
    assert len(lines) == end + 4


def test_demo_twist_verbose_saved_and_presets(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "twist.json"
    status, out, _ = run(
        capsys,
        "demo",
        "--game",
        "twist",
        "-v",
        "--seed",
        "2",
        "--players",
        "2",
        "--variant",
        "short-board",
        "--save",
        str(path),
    )
    assert status == 0
    assert "short-board rules" in out.splitlines()[0]
    assert " from discard pile " in out or " drew from the draw pile" in out
    record = load_record(path)
    final = record.final_state()
    assert final.is_over
    assert run_demo(io.StringIO(), seed=2, players=2, spec="short-board") == final
    status, _, err = run(capsys, "demo", "--game", "twist", "--variant", "masters")
    assert status == 2
    assert "no twist preset 'masters'" in err


def test_play_twist_at_the_terminal(tmp_path: Path) -> None:
    answers = iter(["what", "take 7", "discard R1 0", "1", "look", "help", "quit"])
    out = io.StringIO()
    path = tmp_path / "game.json"
    status = run_play(out, lambda prompt: next(answers), players=2, seed=7, seat=1, save=str(path))
    text = out.getvalue()
    assert status == 0
    assert "phase10 play: Phase 10 Twist, standard rules. You are seat 1" in text
    assert "I can't read that" in text
    assert "pile is a discard pile" in text
    assert "Not allowed: draw a card first" in text
    assert "Your hand: " in text
    assert "space 5   " in text
    assert "not a Twist action" in text
    assert "You left the game." in text
    assert load_record(path).actions[:1] == ("draw",)
    with pytest.raises(InvalidDataError, match="no seat 3"):
        run_play(io.StringIO(), lambda prompt: None, players=2, seat=3)


def test_a_bot_only_table_plays_to_the_end_from_the_terminal_loop() -> None:
    state = new_game(["Ann", "Bob"], seed=3)
    assert render_board(player_view(state, 0)).startswith("1[Ann,Bob] 1 2 2 T ")
    out = io.StringIO()
    answers = iter(["quit"])
    assert run_play(out, lambda prompt: next(answers, None), players=3, seed=3, seat=2) == 0


def test_twist_bots_finish_games_and_greedy_beats_random() -> None:
    final = play_game(new_game(2, seed=8), [GreedyBot(), RandomBot(8)])
    assert final.is_over
    assert final.winners == (0,)
    outcome = play_one("standard", ["greedy", "greedy", "random"], 6)
    assert outcome.finished
    assert outcome.winners
    assert outcome == play_one("standard", ["greedy", "greedy", "random"], 6)
    with pytest.raises(InvalidDataError, match="no Twist bot named 'clever'"):
        make_bot("clever", 1)


def test_simulate_plays_dice_and_twist(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for game in ("dice", "twist"):
        summary = simulate("standard", ["greedy", "random"], games=4, seed=2, game=game)
        assert summary.spec == f"{game}:standard"
        assert summary.games == 4
        assert summary == simulate(
            "standard", ["greedy", "random"], games=4, seed=2, game=game, workers=2
        )
        rules = resolve_game_rules(game, "standard")
        outcome = play_outcome(game, rules, ("greedy", "random"), 2, 100_000)
        assert isinstance(outcome, GameOutcome)
        assert outcome.finished
    path = tmp_path / "twist.jsonl"
    simulate("short-board", ["greedy"], games=3, players=2, game="twist", out=path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [line["variant"] for line in lines] == ["twist:short-board"] * 3
    assert [outcome.seed for _, _, _, outcome in read_results(path)] == [0, 1, 2]
    with pytest.raises(InvalidDataError, match="built-in bots"):
        simulate("standard", ["phase10.bots:GreedyBot"], games=1, game="dice")
    with pytest.raises(InvalidDataError, match="no game named"):
        simulate("standard", ["greedy"], games=1, game="chess")  # type: ignore[arg-type]
    status, out, _ = run(
        capsys,
        "simulate",
        "--game",
        "twist",
        "--games",
        "3",
        "--bots",
        "greedy,random",
        "--no-progress",
        "--plain",
    )
    assert status == 0
    assert out.startswith("phase10 simulate: twist:standard rules, 2 players, 3 games from seed 0")


def test_card_simulations_are_unchanged_by_the_family() -> None:
    cards = simulate("to-phase-1", ["greedy", "random"], games=4, seed=1)
    assert cards == simulate("to-phase-1", ["greedy", "random"], games=4, seed=1, game="cards")
    assert cards.spec == "to-phase-1"
