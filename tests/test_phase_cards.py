"""V-15: Hard 2-player Masters (variant ``hard-2p-masters``): each player is dealt 20 of
the 40 Phase cards and must complete exactly those."""

from __future__ import annotations

from collections import Counter

import pytest

from helpers import assert_illegal, with_players
from phase10 import (
    ChoosePhase,
    GreedyBot,
    IllegalReason,
    InvalidDataError,
    InvalidRulesError,
    Stage,
    from_json,
    legal_actions,
    new_game,
    play_game,
    player_view,
    to_json,
    variants,
)
from phase10.phase_cards import deal_phase_cards, finished, open_numbers, remaining
from phase10.scoring import end_hand
from phase10.validation import validate_state

HARD = variants.resolve("hard-2p-masters")


def test_v15_hard_masters_deals_twenty_of_the_forty_phase_cards() -> None:
    """Four Phase cards of each phase are shuffled; each of the two players gets 20, so the
    two hands hold four of every phase between them."""
    state = new_game(2, HARD, seed=11)
    first, second = (p.assigned for p in state.players)
    assert len(first) == len(second) == 20
    assert Counter(first) + Counter(second) == Counter(dict.fromkeys(range(1, 11), 4))
    assert first == tuple(sorted(first))
    assert deal_phase_cards(HARD, 11, 2) == (first, second)
    assert new_game(2, HARD, seed=12).players[0].assigned != first or second != (
        new_game(2, HARD, seed=12).players[1].assigned
    )


def test_v15_hard_masters_is_for_two_players() -> None:
    """Two players only (20 cards each of 40), on the Masters rules (V-1)."""
    assert HARD.max_players == 2
    assert HARD.masters_saving
    assert HARD.phase_order.value == "any"
    with pytest.raises(InvalidRulesError):
        new_game(3, HARD, seed=1)
    with pytest.raises(InvalidRulesError, match="masters_phase_cards"):
        HARD.with_options(max_players=4, masters_phase_cards=11).check_players(4)


def test_v15_a_player_chooses_among_their_phase_cards() -> None:
    """V-1.4 with V-15: the phases offered are those on the player's Phase cards not yet
    made; another is refused."""
    state = new_game(2, HARD, seed=11)
    assert state.stage is Stage.CHOOSE_PHASE
    seat = state.current_player
    assert seat is not None
    mine = state.players[seat].assigned
    assert legal_actions(state) == tuple(ChoosePhase(n) for n in sorted(set(mine)))
    missing = next(n for n in range(1, 11) if n not in mine) if len(set(mine)) < 10 else None
    if missing is not None:
        assert_illegal(state, ChoosePhase(missing), IllegalReason.PHASE_ALREADY_COMPLETED)


def test_v15_a_phase_dealt_twice_is_made_twice() -> None:
    """A phase on two of a player's cards must be completed twice; a third time is refused,
    and a decoded state holding it too often is invalid."""
    assigned = tuple(sorted((3, 3) + (1, 2, 4, 5, 6, 7, 8, 9, 10) * 2))
    assert remaining(HARD, assigned, (3,)).count(3) == 1
    assert open_numbers(HARD, assigned, (3, 3, 3)).count(3) == 0
    state = with_players(new_game(2, HARD, seed=11), s0={"assigned": assigned})
    once = with_players(state, s0={"completed": (3,), "laid_down": False})
    assert 3 in [p.number for p in once.open_phases(0)]
    made = with_players(state, s0={"laid_down": True, "phase_attempted": 3, "completed": (3,)})
    over = end_hand(made, made.players, went_out=None)
    assert over.players[0].completed == (3, 3)
    assert 3 not in over.remaining_phases(0)
    too_many = with_players(over, s0={"completed": (3, 3, 3)})
    with pytest.raises(InvalidDataError, match="Phase cards"):
        validate_state(too_many)


def test_v15_the_game_ends_when_every_phase_card_is_made() -> None:
    """The first player to complete all their Phase cards wins (R-15.1 by Phase cards)."""
    assert finished(HARD, (1, 1), (1, 1))
    assert not finished(HARD, (1, 1), (1,))
    final = play_game(new_game(2, HARD, seed=4), [GreedyBot(), GreedyBot()])
    winner = final.players[final.winners[0]]
    assert Counter(winner.completed) == Counter(winner.assigned)


def test_v15_phase_cards_are_public_and_round_trip() -> None:
    """Phase cards lie face up: every view shows both players'; JSON keeps them."""
    state = new_game(2, HARD, seed=11)
    view = player_view(state, 0)
    assert view.players[1].assigned == state.players[1].assigned
    assert from_json(to_json(state)) == state
    assert from_json(to_json(view)) == view
