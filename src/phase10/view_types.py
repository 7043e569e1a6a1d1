"""The types of what one seat may see (R-3.8): :class:`SeatView` and :class:`PlayerView`.

Their own module, apart from :mod:`phase10.views` (which builds them and re-exports both),
so that the optional compiled build (docs/quickstart.rst) can compile the builders: attrs
classes stay interpreted.
"""

from __future__ import annotations

import attrs

from .cards import Card
from .melds import Meld
from .phases import PHASE_NAMES, Phase
from .rules import Rules
from .state import JSON_OPTIONAL, HandResult, Laying, Presentable, Stage, _WeakReferable
from .teams import partners, ranking

__all__ = ["PlayerView", "SeatView"]


# weakref_slot=False: the slot comes from _WeakReferable, so that views.py may build these
# through state.constructor (a builder class of the same layout).
@attrs.frozen(weakref_slot=False)
class SeatView(_WeakReferable):
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


@attrs.frozen(repr=False, weakref_slot=False)
class PlayerView(_WeakReferable, Presentable):
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
