"""Phase 10 Dice clauses that no other test pinned down (mutation testing, session 13).

Each test names the D- rule (docs/dice.rst, RULES.md's Dice section) whose clause of
:mod:`phase10.dice.engine` it holds in place: a mutant that changed it survived the dice
tests (a sample of the module's mutants was tried).
"""

from __future__ import annotations

import pytest

from phase10 import DrawStock, IllegalActionError, IllegalReason
from phase10.dice import (
    DiceRules,
    EndTurn,
    Keep,
    Release,
    Roll,
    apply,
    legal_actions,
    new_game,
    parse_faces,
)


def test_d2_5_seeded_rolls_are_the_same_everywhere() -> None:
    """D-2.5: a roll without faces comes from the seed, the turn and the roll number, the
    same on every machine and Python version: two pinned first rolls (seed 2 draws a
    byte that the unbiased draw must reject, so the rejection is pinned too)."""
    assert apply(new_game(2, seed=11), Roll()).dice == parse_faces(
        "G6 Y10 B7 G7 G10 Y5 BW R3 R2 R1"
    )
    assert apply(new_game(2, seed=2), Roll()).dice == parse_faces("R8 B8 R10 B6 G10 G8 BW B4 B3 GW")


def test_d2_1_rolling_keeping_and_releasing_are_listed_while_rolls_remain() -> None:
    """D-2.1 / D-2.2: after a roll with rolls left, the listing offers another roll and
    keeping each die; once every die is kept there is nothing to roll (only releases);
    after the last roll, no roll, keep or release is listed."""
    state = apply(new_game(2, seed=4), Roll())
    legal = legal_actions(state)
    assert Roll() in legal
    assert Keep((0,)) in legal
    kept = apply(state, Keep(tuple(range(10))))
    legal = legal_actions(kept)
    assert Roll() not in legal
    assert Release((0,)) in legal
    last = apply(apply(state, Roll()), Roll())
    assert not [a for a in legal_actions(last) if isinstance(a, (Roll, Keep, Release))]


def test_d6_5_nothing_is_legal_once_the_game_is_over() -> None:
    """D-6.5: a game ended by the turn cap lists no action."""
    state = new_game(2, seed=1, rules=DiceRules(max_turns=1))
    state = apply(apply(state, Roll()), EndTurn())
    assert state.is_over
    assert legal_actions(state) == ()


def test_d2_2_keeping_no_dice_is_refused() -> None:
    """D-2.2: a Keep names the dice it sets aside; naming none is refused, not a no-op."""
    state = apply(new_game(2, seed=4), Roll())
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Keep(()))
    assert refused.value.reason is IllegalReason.BAD_DICE
    assert "name the dice to keep" in refused.value.message


def test_a_card_game_action_is_named_as_such_in_the_dice_game() -> None:
    """A card-game action given to the dice engine is refused as not a dice action (it
    names the dice actions), in the roll stage and after a roll alike."""
    state = new_game(2, seed=4)
    for now in (state, apply(state, Roll())):
        with pytest.raises(IllegalActionError) as refused:
            apply(now, DrawStock())  # type: ignore[arg-type]
        assert refused.value.reason is IllegalReason.UNKNOWN_ACTION
        assert "not a Phase 10 Dice action" in refused.value.message
