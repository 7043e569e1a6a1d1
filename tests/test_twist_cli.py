"""``phase10 demo|play --game twist``, ``phase10 simulate --game``, and the Twist bots."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from phase10 import Hit, InvalidDataError
from phase10.cli import games, main
from phase10.cli.twist import render_board, render_moves, render_view, run_demo, run_play
from phase10.simulate import GameOutcome, read_results, simulate
from phase10.simulate.family import play_outcome, resolve_game_rules
from phase10.twist import (
    GreedyBot,
    RandomBot,
    TwistStage,
    TwistState,
    legal_actions,
    new_game,
    play_game,
    play_one,
    player_view,
)
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
    assert "'what': unknown action: your moves now begin with" in text
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


# --------------------------------------------------------------------------- a newcomer's game
# Found by playing whole games at a terminal (session 13): each test fails without its fix.


def play_text(answers: list[str], *, seed: int = 5, players: int = 3) -> str:
    """A person's Twist game at seat 0 answering ``answers``, then leaving."""
    given = iter(answers)
    out = io.StringIO()
    run_play(out, lambda prompt: next(given, None), players=players, seed=seed)
    return out.getvalue()


def test_a_move_typed_short_is_answered_with_the_moves_it_begins() -> None:
    """A card-game player types "take" or "discard R2": the parser's "the form is 'take
    NUMBER'" did not say which piles (T-2.3, T-4.4)."""
    told = play_text(["take", "draw", "discard R2"])
    assert "'take': not a whole move; legal now: take 0, take 1 or take 2" in told
    assert (
        "'discard R2': not a whole move; legal now: discard R2 0, discard R2 1 or discard R2 2"
    ) in told


def test_a_word_that_begins_no_move_is_answered_with_the_moves_of_now() -> None:
    """As the card game's ``play``: "drwa" listed every word of the notation (space, twist,
    next...) and offered no near miss."""
    told = play_text(["drwa", "draw", "discrad R2 0"])
    assert "'drwa': unknown action: your moves now begin with draw or take" in told
    assert "Did you mean 'draw'?" in told
    assert "'discrad': unknown action: your moves now begin with discard or skip" in told
    assert "Did you mean 'discard R2 0'?" in told


def test_a_refused_skip_names_the_seats_it_may_skip() -> None:
    """T-5.1: "you cannot skip yourself" left the player to find whom they may skip."""
    told = play_text(["draw", "skip 0"])
    assert "Not allowed: you cannot skip yourself; legal now: skip 1 or skip 2" in told


def test_moves_are_listed_with_hints_as_in_the_card_game() -> None:
    """``take 0`` was listed bare: which card it takes was left to the piles line."""
    state = new_game(["You", "Bob"], seed=7)
    seat = state.current_player
    assert seat is not None
    lines = render_moves(player_view(state, seat), legal_actions(state))
    assert lines[0] == "    1. draw    from the draw pile"
    top = state.discard_piles[0][-1]
    assert lines[1] == f"    2. take 0  {top} from discard pile 0"


def bot_states(seed: int) -> list[TwistState]:
    states: list[TwistState] = []
    play_game(
        new_game(3, seed=seed),
        [GreedyBot() for _ in range(3)],
        on_action=lambda before, action, after: states.append(after),
    )
    return states


def test_a_twist_space_says_what_each_choice_makes() -> None:
    """T-3.2: "space 3", "space 5", "twist" were listed bare; the board shows phases, not
    the spaces' numbers."""
    choosing = next(s for s in bot_states(5) if s.stage is TwistStage.CHOOSE)
    seat = choosing.current_player
    assert seat is not None
    view = player_view(choosing, seat)
    assert "  You are on a Twist space: choose the phase of a space beside it, or a Twist card" in (
        render_view(view)
    )
    moves = render_moves(view, legal_actions(choosing))
    assert moves[0] == "    1. space 3  phase 2: 1 set of 3 + 1 run of 4"
    assert moves[1] == "    2. space 5  phase 3: 1 set of 4 + 1 run of 4"
    assert (
        moves[2] == "    3. twist    a Twist card's phase instead: moves 6 or 4, back 1 if missed"
    )


def test_a_hit_says_onto_whose_group() -> None:
    """R-6, T-4.3: as the card game lists "hit 1.0 R8  onto Bob's set of 8s"."""
    state = next(s for s in bot_states(5) if any(isinstance(a, Hit) for a in legal_actions(s)))
    seat = state.current_player
    assert seat is not None
    legal = legal_actions(state)
    view = player_view(state, seat)
    lines = render_moves(view, legal)
    for line, action in zip(lines, legal, strict=True):
        if isinstance(action, Hit):
            group = state.players[action.owner].melds[action.meld].describe()
            owner = "your" if action.owner == seat else f"{state.players[action.owner].name}'s"
            assert line.endswith(f"  onto {owner} {group}")


def test_each_hand_opens_with_its_header_before_the_bots_move() -> None:
    """The bots' first moves of a hand followed the last hand's result with no header, as
    if they belonged to it; the card game's ``play`` opens each hand with one."""
    lines = play_text(["draw"] + ["1"] * 400, seed=1, players=2).splitlines()
    assert lines[2:4] == ["", "Hand 1 (dealer You)"]
    assert lines[4].startswith("  Bob ")
    second = lines.index("Hand 2 (dealer Bob)")
    assert lines[second - 1] == ""
    assert any(line.startswith("Hand 1: ") for line in lines[:second])


def test_help_tells_how_the_board_works() -> None:
    told = play_text(["help"])
    assert "Your pawn's space sets the phase you make this hand; spaces are counted from 0" in told


def test_variants_lists_the_twist_presets(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "variants", "--game", "twist", "--plain")
    assert (status, err) == (0, "")
    assert any(line.startswith("short-board ") for line in out.splitlines())


def test_a_skip_on_the_person_is_told_and_so_is_the_lost_turn() -> None:
    """T-5.1: "Bob played a Skip on You", and then Bob moved twice with no word of the turn
    the person lost; the card game's ``play`` says "You lose a turn"."""
    out = io.StringIO()
    run_play(out, lambda prompt: "1", players=2, seed=1, spec="short-board")
    lines = out.getvalue().splitlines()
    skip = lines.index("  Bob played a Skip on you")
    assert "  You lose a turn (skipped)" in lines[skip : skip + 3]
    assert not any(" on You" in line for line in lines)


def test_a_saved_twist_game_is_resumed_without_naming_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --save`` said "see --resume", and --resume refused dice and Twist; the file
    says which game it holds, so ``--game`` is not needed (T-8.1: the seed stays hidden)."""
    path = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("draw\nquit\n"))
    assert main(["play", "--game", "twist", "--players", "2", "--save", str(path)]) == 0
    capsys.readouterr()
    saved = load_record(path).actions
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nquit\n"))
    status, out, err = run(capsys, "play", "--resume", str(path))
    assert (status, err) == (0, "")
    assert out.startswith(f"phase10 play: resuming {path}: Phase 10 Twist, standard rules.")
    assert f"  (resumed after {len(saved)} moves)" in out
    resumed = load_record(path).actions
    assert resumed[: len(saved)] == saved
    assert len(resumed) > len(saved)
    status, out, err = run(capsys, "play", "--resume", str(path), "--game", "dice")
    assert (status, out) == (2, "")
    assert "goes on with a saved twist game, not --game dice" in err
