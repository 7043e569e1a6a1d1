"""The direction of play and the cards that change whose turn comes next (V-15).

A Reverse card (the seed's "Twist card", variant ``twist-card``) turns the
direction of play; under ``skip_may_reverse`` a Skip discarded without a target
does the same; the Super Skip costs every other player a turn. The direction is
part of the state (:attr:`GameState.direction <phase10.GameState.direction>`):
``1`` along :attr:`~phase10.GameState.seats`, to the left (R-3.6), ``-1`` the
other way. Each hand starts to the left; an upturned Reverse starts it the other way.

With two players in the hand a Reverse changes nothing about the order, so it
skips the other player instead, as in UNO and in ``[GH-UNOBOT]``: the player who
discarded it plays again.
"""

from __future__ import annotations

from ..cards import Card
from ..state import GameState, PlayerState, replace
from .common import next_seat
from .turns import begin_turn

__all__ = ["reverses", "turn_after"]


def reverses(card: Card, target: int | None, state: GameState) -> bool:
    """Whether discarding ``card`` (naming ``target``) turns the direction of play."""
    return card.is_reverse or (card.is_skip and target is None and state.rules.skip_may_reverse)


def turn_after(
    state: GameState,
    seat: int,
    card: Card,
    target: int | None,
    players: tuple[PlayerState, ...],
    *,
    discard_pile: tuple[Card, ...],
    stock: tuple[Card, ...],
    reshuffles: int,
    skip_record: tuple[int, ...],
) -> GameState:
    """The next turn after ``seat`` discarded ``card`` (not going out): R-4.5 for an
    ordinary card, V-15 for a Reverse or a Super Skip. The piles and the skip record as
    for :func:`~phase10.engine.turns.begin_turn`."""
    piles = (discard_pile, stock, reshuffles, skip_record)
    turn = state.turn + 1
    if card.is_super_skip:  # every other player loses a turn: the discarder plays again
        others = _others(state, seat)
        return _begin(state, seat, players, others, turn + len(others), piles)
    if reverses(card, target, state):
        if len(state.seats) == 2:  # the other player loses the turn (UNO, [GH-UNOBOT])
            others = _others(state, seat)
            return _begin(state, seat, players, others, turn + 1, piles)
        turned = replace(state, direction=-state.direction)
        return _begin(turned, next_seat(turned, seat), players, (), turn, piles)
    return _begin(state, next_seat(state, seat), players, (), turn, piles)


def _begin(
    state: GameState,
    seat: int,
    players: tuple[PlayerState, ...],
    lost: tuple[int, ...],
    turn: int,
    piles: tuple[tuple[Card, ...], tuple[Card, ...], int, tuple[int, ...]],
) -> GameState:
    discard_pile, stock, reshuffles, skip_record = piles
    return begin_turn(
        state,
        seat,
        players,
        lost,
        turn,
        discard_pile=discard_pile,
        stock=stock,
        reshuffles=reshuffles,
        skip_record=skip_record,
    )


def _others(state: GameState, seat: int) -> tuple[int, ...]:
    """The other seats of the hand, in the direction of play from ``seat``."""
    seats = state.seats
    start = seats.index(seat)
    count = len(seats)
    return tuple(seats[(start + state.direction * k) % count] for k in range(1, count))
