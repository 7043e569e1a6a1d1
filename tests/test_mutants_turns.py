"""Turn clauses that no other test pinned down (found by mutation testing, session 13).

Each test names the rule of /work/shared/RULES.md whose clause of
:mod:`phase10.engine.turns` it holds in place: a mutant that flipped it survived the rest
of the suite.
"""

from __future__ import annotations

from helpers import TWO_SETS, card, play, stacked_game
from phase10 import (
    Discard,
    DrawStock,
    GameState,
    GiveCard,
    Hit,
    LayDown,
    Rules,
    SetOf,
    Stage,
    variants,
)
from phase10.engine.turns import skip_targets
from phase10.validation import validate_state

TWO = TWO_SETS


def last_stand_of_four(skip_target: str) -> GameState:
    """Four players, hands of four: seat 1 goes out; seat 2 has drawn in its final turn,
    seats 3 and 0 have final turns left (V-15 last stand)."""
    rules = variants.resolve("last-stand").with_options(
        hand_size=4, phases=TWO, skip_target=skip_target
    )
    state = stacked_game(
        {1: "R4 B4 G4 Y9", 2: "S R1 R2 R3"}, "G11", "Y4 B10 B11 B12", rules, players=4
    )
    return play(
        state,
        DrawStock(),
        LayDown((SetOf(3).make("R4 B4 G4"),)),
        Hit(card("Y4"), 1, 0),
        Discard(card("Y9")),
        DrawStock(),
    )


def test_a7_last_stand_skips_any_seat_with_a_final_turn_left() -> None:
    """A-7 'any_other' in a last stand (V-15): a Skip may target any seat that still has
    a final turn, and no other."""
    state = last_stand_of_four("any_other")
    assert (state.current_player, state.final_turns) == (2, (3, 0))
    assert skip_targets(state, 2) == (0, 3)


def test_a7_last_stand_next_player_skips_only_the_next_final_turn() -> None:
    """A-7 'next_player' in a last stand: only the next seat to take a final turn."""
    state = last_stand_of_four("next_player")
    assert skip_targets(state, 2) == (3,)


def test_v12_the_forced_discard_is_over_when_the_phases_are_chosen() -> None:
    """V-12 / V-1.4 masters_choice_before_deal_up=False: once the receiver of the upturned
    Wild has discarded, the hand waits for the phase choices, and no discard is owed."""
    rules = variants.resolve("masters+dealer-places-upturned").with_options(
        masters_choice_before_deal_up=False
    )
    state = play(stacked_game({0: "", 1: "", 2: "R5"}, "W", "", rules), GiveCard(2))
    assert state.forced_discard
    state = play(state, Discard(card("R5")))
    assert state.stage is Stage.CHOOSE_PHASE
    assert not state.forced_discard
    validate_state(state)


def test_a6_strict_circuit_frees_the_target_exactly_one_circuit_later() -> None:
    """A-6 'strict_circuit': seat 3 skips seat 0; seat 2, one turn short of a full
    circuit, may not skip seat 0 again; seat 3, a full circuit later, may."""
    rules = Rules(skip_limit="strict_circuit")
    hands = {0: "R10 R11 R12", 1: "R1 R2 R3", 2: "S B4 B5", 3: "S S G4 G5"}
    state = stacked_game(hands, "Y12", "", rules, players=4)
    state = play(state, DrawStock(), Discard(card("R1")), DrawStock(), Discard(card("B4")))
    state = play(state, DrawStock(), Discard(card("S"), 0))  # seat 3; seat 0 loses turn 3
    assert state.current_player == 1
    state = play(state, DrawStock(), Discard(card("R2")), DrawStock())
    assert state.current_player == 2
    assert 0 not in skip_targets(state, 2)
    state = play(state, Discard(card("B5")), DrawStock())
    assert state.current_player == 3
    assert 0 in skip_targets(state, 3)
