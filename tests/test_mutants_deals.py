"""Dealing clauses that no other test pinned down (found by mutation testing, session 13).

Each test names the rule of /work/shared/RULES.md whose clause of
:mod:`phase10.engine.deals` it holds in place: a mutant that changed it survived the rest
of the suite.
"""

from __future__ import annotations

import pytest

from helpers import play, stacked_game, with_players
from phase10 import (
    IllegalActionError,
    IllegalReason,
    NextHand,
    Stage,
    new_game,
    standard_deck,
    variants,
)
from phase10.scoring import end_hand


def test_v15_a_reverse_covering_an_upturned_skip_turns_play_round() -> None:
    """A-12 'cover_with_next_card' with Reverse cards (V-15): the Skip turned up is
    covered by the next card, a Reverse; the card on top decides the direction, so play
    goes to the right, as for a Reverse turned up at once."""
    rules = variants.resolve("reverse-cards").with_options(initial_skip="cover_with_next_card")
    state = stacked_game({}, "S", "V B7 B8", rules, players=4)
    assert [str(c) for c in state.discard_pile] == ["S", "V"]
    assert state.direction == -1
    assert state.current_player == 1
    assert state.players[1].skips_pending == 0  # the covered Skip skips nobody


def test_v1_4_a_masters_deal_waits_for_the_phase_choices_with_a_clean_turn() -> None:
    """V-1.4: a Masters hand is dealt into the phase choices; nothing of a turn is under
    way yet (no lay-down this turn, no discard taken)."""
    state = new_game(3, "masters", seed=4)
    assert state.stage is Stage.CHOOSE_PHASE
    assert not state.laid_down_this_turn
    assert state.taken_discard is None


def test_r13_2_a_bad_deck_order_without_save_piles_names_the_rules_deck() -> None:
    """R-13.2 / R-1.1: with nothing on Save piles the next deal must be the rules' whole
    deck, and the refusal says so (not the Masters wording about Save piles)."""
    state = with_players(new_game(2, seed=1), s0={"hand": ()})
    over = end_hand(state, state.players, went_out=0)
    assert over.stage is Stage.HAND_OVER
    with pytest.raises(IllegalActionError) as refused:
        play(over, NextHand(deck=standard_deck()[1:]))
    assert refused.value.reason is IllegalReason.BAD_DECK
    assert "exactly the 108 cards of the rules' deck" in refused.value.message
    assert "Save piles" not in refused.value.message
