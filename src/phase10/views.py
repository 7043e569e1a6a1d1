"""What one seat may see (R-3.8): its own hand and everything public, nothing else.

A :class:`PlayerView` never holds another seat's cards, the order of the draw
pile or the seed, so it is safe to send to that player's client. Two states
that differ only in what a seat cannot see give that seat equal views.

>>> from phase10 import new_game
>>> state = new_game(["Ann", "Bob"], seed=5)
>>> view = player_view(state, 0)
>>> len(view.hand), view.players[1].hand_size, view.stock_size
(10, 10, 87)
>>> spectator_view(state).hand is None
True
"""

from __future__ import annotations

from .cards import Card
from .seating import no_seat
from .state import GameState, PlayerState, constructor
from .view_types import PlayerView, SeatView

__all__ = ["PlayerView", "SeatView", "player_view", "spectator_view"]

# The two view classes' constructors, every field positional in the classes' order, without
# attrs' frozen stores: a bot takes a view for every decision.
_new_seat_view = constructor(SeatView)
_new_player_view = constructor(PlayerView)


def _seat_view(state: GameState, seat: int) -> SeatView:
    target = state.target_phase(seat) if seat in state.seats else None
    return _seat_view_of(
        state.players[seat],
        None if target is None else target.number,
        state.pickups[seat] if seat < len(state.pickups) else (),
    )


def _seat_view_of(p: PlayerState, target: int | None, pickups: tuple[Card, ...]) -> SeatView:
    return _new_seat_view(
        p.name,  # name
        len(p.hand),  # hand_size
        p.melds,
        p.score,
        p.completed,
        p.laid_down,
        p.skips_pending,
        p.phase_attempted,
        target,  # target_phase
        pickups,
        len(p.saved),  # saved_count
        p.floating,
        p.assigned,
        p.saved_this_hand,
        p.best,
    )


def _seat_views(state: GameState) -> tuple[SeatView, ...]:
    return tuple(_seat_view(state, seat) for seat in range(len(state.players)))


class Viewer:
    """:func:`player_view` and :func:`spectator_view` for the successive states of one game,
    reusing the :class:`SeatView` of every seat whose public facts did not change since the
    previous view (most actions change one seat), and a changed seat's target phase while
    its phase record did not change. :func:`~phase10.play_game` makes one per game; the
    views are equal to those the functions return.
    """

    __slots__ = ("_hand", "_pickups", "_players", "_seat_views")

    def __init__(self) -> None:
        self._hand: tuple[object, ...] = ()
        self._players: tuple[PlayerState, ...] = ()
        self._pickups: tuple[tuple[Card, ...], ...] = ()
        self._seat_views: tuple[SeatView, ...] = ()

    def player_view(self, state: GameState, seat: int | None) -> PlayerView:
        """The view of ``seat`` (``None``: a spectator's) of ``state``."""
        return _view(state, seat, self._seats(state))

    def _seats(self, state: GameState) -> tuple[SeatView, ...]:
        # What a seat's target phase depends on besides the seat's own state.
        hand = (state.rules, state.hand_number, state.tiebreak, state.seats)
        players, pickups = state.players, state.pickups
        old_players, old_pickups, old = self._players, self._pickups, self._seat_views
        count = len(players)
        if (
            len(old) != count
            or len(pickups) != count
            or len(old_pickups) != count
            or (hand != self._hand)
        ):
            views = _seat_views(state)
        else:
            fresh = list(old)
            for seat in range(count):
                p, before = players[seat], old_players[seat]
                if p is before and pickups[seat] is old_pickups[seat]:
                    continue
                if p.phase_attempted == before.phase_attempted and p.completed == before.completed:
                    target = old[seat].target_phase  # what target_phase reads did not change
                else:
                    phase = state.target_phase(seat) if seat in state.seats else None
                    target = None if phase is None else phase.number
                fresh[seat] = _seat_view_of(p, target, pickups[seat])
            views = tuple(fresh)
        self._hand, self._players, self._pickups, self._seat_views = hand, players, pickups, views
        return views


def _view(
    state: GameState, seat: int | None, seat_views: tuple[SeatView, ...] | None = None
) -> PlayerView:
    player = None if seat is None else state.players[seat]
    rules = state.rules
    return _new_player_view(
        seat,
        None if player is None else player.hand,  # hand
        None if player is None else player.saved,  # saved
        _seat_views(state) if seat_views is None else seat_views,  # players
        rules,
        state.stage,
        state.hand_number,
        state.dealer,
        state.current_player,
        state.seats,
        len(state.stock),  # stock_size
        state.discard_pile,
        state.turn,
        state.taken_discard,
        state.laid_down_this_turn,
        state.forced_discard,
        state.lost_turns,
        state.tiebreak,
        state.winners,
        state.results,
        state.laying if seat is not None and seat == state.current_player else None,  # laying
        state.direction,
        state.first_out,
        state.final_turns,
        state.decks,
        rules.phases,  # phases
    )


def player_view(state: GameState, player: int) -> PlayerView:
    """Everything seat ``player`` may see: its hand and the public table."""
    if type(player) is not int or not 0 <= player < len(state.players):  # not a bool
        raise no_seat(player, len(state.players))
    return _view(state, player)


def spectator_view(state: GameState) -> PlayerView:
    """The public table only: no hand at all."""
    return _view(state, None)
