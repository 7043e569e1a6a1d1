"""The informational clauses of RULES.md that the engine still has to honour.

R-1.4 (no reference cards in the deck), R-3.1 (the first dealer is any agreed seat),
R-8.3 (what a state keeps, and what a seat sees of it) and R-8.4 (the events a game
logs) are not rules of play, but a library that broke them would be wrong all the same.
"""

from __future__ import annotations

from collections import Counter

import pytest

from phase10 import (
    Discard,
    DrawStock,
    GreedyBot,
    InvalidRulesError,
    Stage,
    TakeDiscard,
    apply,
    legal_actions,
    new_game,
    play_game,
    player_view,
    standard_deck,
)
from phase10.updates import Step, events_for


def _cards_in_play(players: int, seed: int) -> Counter[object]:
    state = new_game(players, seed=seed)
    held = [card for player in state.players for card in player.hand]
    return Counter([*held, *state.stock, *state.discard_pile])


@pytest.mark.parametrize("players", [2, 4, 6])
def test_r_1_4_the_deck_is_the_108_cards_and_no_reference_card(players: int) -> None:
    """R-1.4: the phase reference cards are not part of the deck: a deal holds the 108
    cards of R-1.1, each kind as often as the deck has it, and nothing else."""
    dealt = _cards_in_play(players, seed=players)
    assert sum(dealt.values()) == 108
    assert dealt == Counter(standard_deck())


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_r_3_1_any_seat_may_deal_first(dealer: int) -> None:
    """R-3.1: the first dealer is any agreed seat; play starts at the dealer's left."""
    state = new_game(4, seed=7, dealer=dealer)
    assert state.dealer == dealer
    assert state.current_player == (dealer + 1) % 4


@pytest.mark.parametrize("dealer", [-1, 4, 99])
def test_r_3_1_a_dealer_outside_the_table_is_refused(dealer: int) -> None:
    """R-3.1: the agreed dealer must be one of the seats; the error says which exist."""
    with pytest.raises(InvalidRulesError) as refused:
        new_game(4, seed=7, dealer=dealer)
    assert f"from 0 to 3, not {dealer}" in str(refused.value)


def test_r_8_3_the_state_keeps_the_turn_and_a_seat_sees_only_the_public_part() -> None:
    """R-8.3: the state keeps the draw pile's order, the discard pile, the turn pointer,
    whether the player has drawn, and a circuit counter; a seat's view gives the draw
    pile's size only, but the top of the discard pile."""
    state = new_game(4, seed=11)
    mover = state.current_player
    assert mover is not None
    assert state.stage is Stage.DRAW
    drawn = apply(state, DrawStock())
    assert drawn.stage is Stage.PLAY  # the state knows the player has drawn
    gained = Counter(drawn.players[mover].hand) - Counter(state.players[mover].hand)
    assert sum(gained.values()) == 1
    assert Counter(state.stock) - Counter(drawn.stock) == gained  # taken from the kept order
    discard = next(a for a in legal_actions(drawn) if isinstance(a, Discard))
    after = apply(drawn, discard)
    assert after.current_player != mover  # the turn pointer moved on
    assert after.total_turns == state.total_turns + 1

    view = player_view(after, mover)
    assert view.stock_size == len(after.stock)
    assert not hasattr(view, "stock")  # the order of the draw pile stays hidden
    assert view.discard_pile[-1:] == after.discard_pile[-1:]


def _steps_of_a_game(seed: int) -> list[Step]:
    steps: list[Step] = []
    play_game(
        new_game(4, seed=seed),
        [GreedyBot() for _ in range(4)],
        on_action=lambda before, action, after: steps.append((before, action, after)),
    )
    return steps


def test_r_8_4_every_kind_of_event_is_logged() -> None:
    """R-8.4: draws (with their source), lay-downs, hits (with the group and a Wild's
    value), discards (with a Skip's target), going out, the hand's score and the advance
    to the next hand are each told as an event."""
    steps = _steps_of_a_game(seed=5)
    texts = [event.text for event in events_for(None, steps)]

    def told(fragment: str) -> bool:
        return any(fragment in text for text in texts)

    assert told("drew from the draw pile")
    assert told("from the discard pile") == any(isinstance(a, TakeDiscard) for _, a, _ in steps)
    assert told("laid down phase")
    assert told(" hit ")
    assert told("'s run ")  # the group hit, by its owner
    assert told(" W=")  # the value a Wild stands for in a run
    assert told("discarded S and skipped")
    assert told("went out")
    assert told("made phase")
    assert told("hand 2 is dealt")
