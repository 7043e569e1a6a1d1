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

import attrs

from .cards import Card
from .errors import InvalidDataError
from .limits import show
from .melds import Meld
from .phases import PHASE_NAMES, Phase
from .rules import Rules
from .state import JSON_OPTIONAL, GameState, HandResult, Laying, PlayerState, Presentable, Stage
from .teams import partners, ranking

__all__ = ["PlayerView", "SeatView", "player_view", "spectator_view"]


@attrs.frozen
class SeatView:
    """The public facts about one seat."""

    name: str
    hand_size: int
    melds: tuple[Meld, ...]
    score: int
    completed: tuple[int, ...]
    laid_down: bool
    skips_pending: int
    phase_attempted: int | None
    target_phase: int | None
    """The phase this seat must make this hand, if fixed (R-3.7)."""
    pickups: tuple[Card, ...]
    """Cards this seat took from the discard pile this hand."""
    saved_count: int = 0
    """Masters: how many cards lie face down on this seat's Save pile (V-1.6)."""
    floating: bool = False
    """Floating: this seat emptied its hand without going out (V-9)."""
    assigned: tuple[int, ...] = attrs.field(default=(), metadata={JSON_OPTIONAL: True})
    """Hard 2-player Masters: the phases on this seat's (face-up) Phase cards (V-15)."""
    saved_this_hand: bool = attrs.field(default=False, metadata={JSON_OPTIONAL: True})
    """Masters: this seat has saved a card this hand, in sight of the table (V-1.6)."""
    best: int = attrs.field(default=0, metadata={JSON_OPTIONAL: True})
    """Anti-Phase's ``anti_floor``: the most phases this seat has had completed at the end
    of a hand, as :attr:`PlayerState.best <phase10.PlayerState.best>` (public: every
    hand's results are)."""


@attrs.frozen(repr=False)
class PlayerView(Presentable):
    """The game as ``seat`` sees it; ``seat`` and ``hand`` are ``None`` for a spectator."""

    seat: int | None
    hand: tuple[Card, ...] | None
    saved: tuple[Card, ...] | None
    """Masters: the viewing seat's own Save pile (private, V-1.6)."""
    players: tuple[SeatView, ...]
    rules: Rules
    stage: Stage
    hand_number: int
    dealer: int
    current_player: int | None
    seats: tuple[int, ...]
    stock_size: int
    discard_pile: tuple[Card, ...]
    turn: int
    taken_discard: Card | None
    laid_down_this_turn: bool
    forced_discard: bool
    lost_turns: tuple[int, ...]
    tiebreak: bool
    winners: tuple[int, ...]
    results: tuple[HandResult, ...]
    laying: Laying | None = attrs.field(default=None, metadata={JSON_OPTIONAL: True})
    """The viewing seat's own lay-down under way, if any (nobody else sees it, R-5.4)."""
    direction: int = attrs.field(default=1, metadata={JSON_OPTIONAL: True})
    """The direction of play, as :attr:`GameState.direction <phase10.GameState.direction>`."""
    first_out: int | None = attrs.field(default=None, metadata={JSON_OPTIONAL: True})
    """Last stand: who went out first, as :attr:`GameState.first_out
    <phase10.GameState.first_out>` (V-15)."""
    final_turns: tuple[int, ...] = attrs.field(default=(), metadata={JSON_OPTIONAL: True})
    """Last stand: the seats still to take a final turn (V-15)."""
    decks: int = attrs.field(default=1, metadata={JSON_OPTIONAL: True})
    """Decks in play this hand, as :attr:`GameState.decks <phase10.GameState.decks>` (A-17)."""
    phases: tuple[Phase, ...] = attrs.field(
        default=attrs.Factory(lambda view: view.rules.phases, takes_self=True),
        metadata={JSON_OPTIONAL: True, PHASE_NAMES: True},
    )
    """The rules' phase list, each phase with its name and its groups: what the phase
    numbers of :attr:`SeatView.target_phase` and ``completed`` stand for. JSON writes it in
    full (the rules leave out a phase list that is the standard one), so a client in any
    language reads the phases from the view instead of knowing them; it always equals
    ``rules.phases``."""

    @property
    def ranking(self) -> tuple[int, ...]:
        """Once the game is over, every seat from first to last, as
        :attr:`GameState.ranking <phase10.GameState.ranking>` (V-16)."""
        if self.stage is not Stage.GAME_OVER:
            return ()
        seats = self.players
        return ranking(self.winners, [len(s.completed) for s in seats], [s.score for s in seats])

    @property
    def partners(self) -> tuple[int, ...]:
        """The viewing seat's partners under team play (their public facts are in
        :attr:`players`, never their hands); ``()`` without teams or for a spectator."""
        if self.seat is None:
            return ()
        return partners(self.rules, len(self.players), self.seat)

    @property
    def next_seat(self) -> int | None:
        """The seat that plays after the current player, in the direction of play."""
        seat = self.current_player
        if seat is None or seat not in self.seats:
            return None
        seats = self.seats
        return seats[(seats.index(seat) + self.direction) % len(seats)]

    @property
    def top_discard(self) -> Card | None:
        """The face-up card on the discard pile, if any."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def is_my_turn(self) -> bool:
        """Whether the viewing seat is the one to act."""
        return self.seat is not None and self.seat == self.current_player

    @property
    def my_phase(self) -> Phase | None:
        """The phase the viewing seat must make, if fixed."""
        if self.seat is None:
            return None
        number = self.players[self.seat].target_phase
        return None if number is None else self.rules.phase(number)


def _seat_view(state: GameState, seat: int) -> SeatView:
    p = state.players[seat]
    target = state.target_phase(seat) if seat in state.seats else None
    return SeatView(
        name=p.name,
        hand_size=len(p.hand),
        melds=p.melds,
        score=p.score,
        completed=p.completed,
        laid_down=p.laid_down,
        skips_pending=p.skips_pending,
        phase_attempted=p.phase_attempted,
        target_phase=None if target is None else target.number,
        pickups=state.pickups[seat] if seat < len(state.pickups) else (),
        saved_count=len(p.saved),
        floating=p.floating,
        assigned=p.assigned,
        saved_this_hand=p.saved_this_hand,
        best=p.best,
    )


def _seat_views(state: GameState) -> tuple[SeatView, ...]:
    return tuple(_seat_view(state, seat) for seat in range(len(state.players)))


class Viewer:
    """:func:`player_view` and :func:`spectator_view` for the successive states of one game,
    reusing the :class:`SeatView` of every seat whose public facts did not change since the
    previous view (most actions change one seat). :func:`~phase10.play_game` makes one per
    game; the views are equal to those the functions return.
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
            views = tuple(
                old[seat]
                if players[seat] is old_players[seat] and pickups[seat] is old_pickups[seat]
                else _seat_view(state, seat)
                for seat in range(len(players))
            )
        self._hand, self._players, self._pickups, self._seat_views = hand, players, pickups, views
        return views


def _view(
    state: GameState, seat: int | None, seat_views: tuple[SeatView, ...] | None = None
) -> PlayerView:
    return PlayerView(
        seat=seat,
        hand=None if seat is None else state.players[seat].hand,
        saved=None if seat is None else state.players[seat].saved,
        players=_seat_views(state) if seat_views is None else seat_views,
        rules=state.rules,
        stage=state.stage,
        hand_number=state.hand_number,
        dealer=state.dealer,
        current_player=state.current_player,
        seats=state.seats,
        stock_size=len(state.stock),
        discard_pile=state.discard_pile,
        turn=state.turn,
        taken_discard=state.taken_discard,
        laid_down_this_turn=state.laid_down_this_turn,
        forced_discard=state.forced_discard,
        lost_turns=state.lost_turns,
        tiebreak=state.tiebreak,
        winners=state.winners,
        results=state.results,
        laying=state.laying if seat is not None and seat == state.current_player else None,
        direction=state.direction,
        first_out=state.first_out,
        final_turns=state.final_turns,
        decks=state.decks,
    )


def player_view(state: GameState, player: int) -> PlayerView:
    """Everything seat ``player`` may see: its hand and the public table."""
    if not isinstance(player, int) or not 0 <= player < len(state.players):
        raise InvalidDataError(f"no seat {show(player)} in a game of {len(state.players)}")
    return _view(state, player)


def spectator_view(state: GameState) -> PlayerView:
    """The public table only: no hand at all."""
    return _view(state, None)
