"""Helpers for the Phase 10 Twist tests: stacked decks, tables with pawns placed, checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

from phase10 import Card, IllegalActionError, IllegalReason, NextHand, parse_cards, standard_deck
from phase10.twist import (
    TwistAction,
    TwistHandResult,
    TwistPlayer,
    TwistRules,
    TwistStage,
    TwistState,
    apply,
    check,
)

__all__ = ["assert_illegal", "deck_order", "hand_over", "hand_start", "play", "table_cards"]


def deck_order(
    hands: Sequence[str],
    piles: str = "R1 B1 G1",
    stock: str = "",
    *,
    dealer: int = 0,
    rules: TwistRules | None = None,
) -> tuple[Card, ...]:
    """A whole deck order dealing ``hands[seat]`` to each seat (one card at a time from the
    dealer's left), then ``piles`` (turned up in turn: a Skip is covered by the next card),
    then ``stock`` on top of the draw pile, then the rest of the deck in card order."""
    rules = rules or TwistRules()
    dealt = [parse_cards(hand) for hand in hands]
    if any(len(hand) != rules.hand_size for hand in dealt):
        raise ValueError(f"each hand holds {rules.hand_size} cards")
    count = len(hands)
    order: list[Card] = []
    for i in range(rules.hand_size):
        for k in range(count):
            order.append(dealt[(dealer + 1 + k) % count][i])
    order.extend(parse_cards(piles))
    order.extend(parse_cards(stock))
    rest = Counter(standard_deck(rules.deck))
    rest.subtract(order)
    if any(n < 0 for n in rest.values()):
        raise ValueError("the deck has fewer of a card than that")
    order.extend(sorted(rest.elements()))
    return tuple(order)


def hand_start(
    positions: Sequence[int],
    hands: Sequence[str],
    piles: str = "R1 B1 G1",
    stock: str = "",
    *,
    rules: TwistRules | None = None,
    dealer: int = 0,
    twist_deck: Sequence[int] | None = None,
) -> TwistState:
    """The start of hand 2 with the pawns on ``positions``, dealt from :func:`deck_order`.

    It is reached by :class:`~phase10.NextHand` from the end of a hand 1 in which
    nobody made a phase, so it is a state the engine built itself.
    """
    rules = rules or TwistRules()
    count = len(positions)
    zeros = (0,) * count
    result = TwistHandResult(
        1, None, zeros, (False,) * count, (False,) * count, zeros, tuple(positions), ()
    )
    over = TwistState(
        rules=rules,
        players=tuple(TwistPlayer(f"P{seat}", position) for seat, position in enumerate(positions)),
        seed=1,
        stage=TwistStage.HAND_OVER,
        hand_number=1,
        dealer=(dealer - 1) % count,
        current_player=None,
        stock=(),
        discard_piles=((), (), ()),
        twist_deck=tuple(range(len(rules.twist_cards)))
        if twist_deck is None
        else tuple(twist_deck),
        results=(result,),
    )
    order = deck_order(hands, piles, stock, dealer=dealer, rules=rules)
    return apply(over, NextHand(order))


def hand_over(state: TwistState) -> TwistState:
    """``state`` cut to the end of its hand, nobody moving (to test the next deal)."""
    count = len(state.players)
    zeros = (0,) * count
    result = TwistHandResult(
        state.hand_number,
        None,
        zeros,
        (False,) * count,
        (False,) * count,
        zeros,
        tuple(p.position for p in state.players),
        (),
    )
    return attrs.evolve(
        state,
        stage=TwistStage.HAND_OVER,
        current_player=None,
        results=(*state.results, result),
    )


def play(state: TwistState, *actions: TwistAction) -> TwistState:
    """``state`` after every action in turn (each must be legal)."""
    for action in actions:
        state = apply(state, action)
    return state


def assert_illegal(state: TwistState, action: TwistAction, reason: IllegalReason) -> None:
    """``action`` raises IllegalActionError for ``reason``, with a message, and changes nothing;
    :func:`check` reports the same reason."""
    snapshot = attrs.evolve(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert info.value.reason is reason, info.value.message
    assert info.value.message
    assert state == snapshot
    error = check(state, action)
    assert error is not None
    assert error.reason is reason


def table_cards(state: TwistState) -> Counter[Card]:
    """Every card of ``state``: hands, groups, draw pile, discard piles, Skips set aside and
    the Skips lying in front of players (T-5)."""
    counter: Counter[Card] = Counter(state.stock)
    for pile in state.discard_piles:
        counter.update(pile)
    counter.update(state.set_aside)
    for player in state.players:
        counter.update(player.hand)
        for meld in player.melds:
            counter.update(meld.cards)
        if player.skipped:
            counter[Card.parse("S")] += 1
    return counter
