"""What one seat may see of a Twist game: its own hand and everything public (T-8.1).

A :class:`TwistView` never holds another seat's cards, the order of the draw
pile or of the Twist cards, or the seed, so it is safe to send to that player's
client. The board, the pawns, the three discard piles, the groups on the table,
the Skips in front of players and the Twist cards drawn are public.

>>> from phase10.twist import new_game
>>> state = new_game(["Ann", "Bob"], seed=5)
>>> view = player_view(state, 0)
>>> len(view.hand), view.players[1].hand_size, view.stock_size, view.twist_deck_size
(10, 10, 84, 10)
>>> spectator_view(state).hand is None, hasattr(view, "seed")
(True, False)
"""

from __future__ import annotations

import attrs

from ..cards import Card
from ..melds import Meld
from ..phases import Phase
from ..seating import no_seat
from .rules import TwistRules
from .state import Piles, TwistHandResult, TwistPlayer, TwistStage, TwistState, phase_of

__all__ = ["TwistSeatView", "TwistView", "player_view", "spectator_view"]


@attrs.frozen
class TwistSeatView:
    """The public facts about one seat: everything but the cards in hand."""

    name: str
    position: int
    hand_size: int
    melds: tuple[Meld, ...]
    laid_down: bool
    skipped: bool
    phase_space: int | None
    twist_card: int | None
    score: int
    made: int


@attrs.frozen
class TwistView:
    """The game as ``seat`` sees it; ``seat`` and ``hand`` are ``None`` for a spectator.

    ``laying`` is the viewing seat's own lay-down under way (nobody else sees it).
    """

    seat: int | None
    hand: tuple[Card, ...] | None
    players: tuple[TwistSeatView, ...]
    rules: TwistRules
    stage: TwistStage
    hand_number: int
    dealer: int
    current_player: int | None
    stock_size: int
    discard_piles: Piles
    twist_deck_size: int
    set_aside: tuple[Card, ...]
    turn: int
    refill: int | None
    laying: tuple[Meld, ...]
    lost_turns: tuple[int, ...]
    winners: tuple[int, ...]
    results: tuple[TwistHandResult, ...]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.stage is TwistStage.GAME_OVER

    def target_phase(self, seat: int) -> Phase | None:
        """The phase ``seat`` makes this hand (public), or ``None`` while it has to choose."""
        seen = self.players[seat]
        return phase_of(self.rules, seen.phase_space, seen.twist_card)

    @property
    def my_phase(self) -> Phase | None:
        """The viewing seat's phase this hand (``None`` for a spectator or before choosing)."""
        return None if self.seat is None else self.target_phase(self.seat)


def _seat_view(player: TwistPlayer) -> TwistSeatView:
    return TwistSeatView(
        player.name,
        player.position,
        len(player.hand),
        player.melds,
        player.laid_down,
        player.skipped,
        player.phase_space,
        player.twist_card,
        player.score,
        player.made,
    )


def player_view(state: TwistState, seat: int | None) -> TwistView:
    """What ``seat`` may see of ``state`` (``None``: a spectator)."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(state.players)):
        raise no_seat(seat, len(state.players))
    own = seat is not None and seat == state.current_player
    return TwistView(
        seat,
        None if seat is None else state.players[seat].hand,
        tuple(_seat_view(p) for p in state.players),
        state.rules,
        state.stage,
        state.hand_number,
        state.dealer,
        state.current_player,
        len(state.stock),
        state.discard_piles,
        len(state.twist_deck),
        state.set_aside,
        state.turn,
        state.refill,
        state.laying if own else (),
        state.lost_turns,
        state.winners,
        state.results,
    )


def spectator_view(state: TwistState) -> TwistView:
    """What an onlooker may see: the same table, with no hand of their own."""
    return player_view(state, None)
