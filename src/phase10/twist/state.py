"""The state of a Phase 10 Twist game: frozen values, like the card game's.

A :class:`TwistState` holds the rules, each player (:class:`TwistPlayer`: pawn,
hand, groups on the table, the Skip in front of them), the draw pile, the three
discard piles, the Twist card deck, whose turn it is and the seed that fixes
every shuffle not supplied by the caller. Secret are the hands (each to its
owner), the order of the draw pile and of the Twist cards, and the seed: views
leave them out (T-8.1).
"""

from __future__ import annotations

import enum

import attrs

from ..cards import Card
from ..melds import Meld
from ..phases import Phase
from .rules import TwistRules

__all__ = ["Piles", "TwistHandResult", "TwistPlayer", "TwistStage", "TwistState"]

Piles = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
"""The three discard piles, each with its top card last (T-2.3)."""


class TwistStage(enum.Enum):
    """What kind of action comes next."""

    CHOOSE = "choose"
    """A player on a Twist space chooses a neighbour's phase or a Twist card (T-3.2, T-3.3)."""
    DRAW = "draw"
    """The current player must draw (T-4.1)."""
    PLAY = "play"
    """The current player may lay down and hit, and must end the turn (T-4.2..T-4.5)."""
    HAND_OVER = "hand_over"
    """The hand is over and the pawns have moved; the next action deals the next hand."""
    GAME_OVER = "game_over"
    """Someone finished (T-7.1); nothing more can happen."""

    def __repr__(self) -> str:
        return f"<TwistStage.{self.name}>"


@attrs.frozen
class TwistPlayer:
    """One seat: the pawn and the public facts, plus the hand only this seat may see.

    ``hand`` is kept sorted by card code, so equal hands are equal tuples. The
    phase of this hand is the one of the space ``phase_space``, or of the Twist
    card ``twist_card`` (an index into :attr:`TwistRules.twist_cards
    <phase10.twist.TwistRules.twist_cards>`); both are ``None`` while a player
    on a Twist space has still to choose.
    """

    name: str
    position: int = 0
    """The space the pawn stands on (T-3.1)."""
    hand: tuple[Card, ...] = ()
    melds: tuple[Meld, ...] = ()
    laid_down: bool = False
    """Whether this player has laid down their phase in the current hand."""
    skipped: bool = False
    """Whether a Skip lies in front of this player: they lose their next turn (T-5.1)."""
    phase_space: int | None = None
    """The space whose phase this player makes this hand (their own, or a Twist space's
    neighbour, T-3.2)."""
    twist_card: int | None = None
    """The Twist card this player drew this hand, if any (T-3.2)."""
    score: int = 0
    """Penalty points of the cards left at the end of each hand, added up (T-6.1)."""
    made: int = 0
    """Hands in which this player made their phase."""


@attrs.frozen
class TwistHandResult:
    """What happened in a finished hand: who went out, points, made phases, the moves."""

    hand_number: int
    went_out: int | None
    """The seat that went out, or ``None`` when the draw pile ended the hand (T-4.7)."""
    points: tuple[int, ...]
    """Penalty points each seat scored this hand (T-6.1)."""
    made: tuple[bool, ...]
    """Whether each seat made its phase."""
    twist: tuple[bool, ...]
    """Whether each seat played a Twist card's phase."""
    moves: tuple[int, ...]
    """The spaces each pawn moved, back for a negative number (T-6.2..T-6.5)."""
    positions: tuple[int, ...]
    """Where each pawn stands after the move."""
    finished: tuple[int, ...]
    """The seats that finished (made the final space's phase, T-7.1)."""


@attrs.frozen
class TwistState:
    """A whole game of Phase 10 Twist at one moment. Build it with
    :func:`~phase10.twist.new_game`.

    ``stock`` lists the draw pile top first; each of the ``discard_piles`` has
    its top last. ``twist_deck`` lists the Twist cards still in their holder,
    top first, as indices into :attr:`TwistRules.twist_cards
    <phase10.twist.TwistRules.twist_cards>`. ``set_aside`` holds the Skips that
    have cost a turn this hand (T-5.3). ``refill`` is the pile the current player
    emptied by drawing, which their discard must go back on (T-4.5); ``laying``
    the groups of a lay-down under way (their cards are still in the hand).
    """

    rules: TwistRules
    players: tuple[TwistPlayer, ...]
    seed: int
    stage: TwistStage
    hand_number: int
    dealer: int
    current_player: int | None
    """The seat to act, ``None`` between hands and once the game is over."""
    stock: tuple[Card, ...]
    """The draw pile, top first (secret: views give its size)."""
    discard_piles: Piles
    """The three discard piles, each with its top card last (T-2.3)."""
    twist_deck: tuple[int, ...]
    """The Twist cards in the holder, top first, as indices into the rules' Twist cards
    (secret: views give their number)."""
    set_aside: tuple[Card, ...] = ()
    """The Skips that have cost a turn this hand, out of play until the next deal (T-5.3)."""
    turn: int = 0
    """Turns taken in this hand, lost turns included."""
    total_turns: int = 0
    """Turns taken in the whole game (the ``max_turns`` cap)."""
    reshuffles: int = 0
    """How often the draw pile was rebuilt this hand (seeds the next shuffle)."""
    refill: int | None = None
    """The discard pile the current player emptied by drawing, which their discard must go
    back onto (T-4.5), or ``None``."""
    laying: tuple[Meld, ...] = ()
    """The groups of the current player's lay-down under way; their cards are still in the
    hand (R-5.4)."""
    lost_turns: tuple[int, ...] = ()
    """Seats that lost their turn to a Skip as a result of the last action."""
    winners: tuple[int, ...] = ()
    """When the game is over: the winning seat, or several for a shared win (T-7.2)."""
    results: tuple[TwistHandResult, ...] = ()
    """Every finished hand, oldest first."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.stage is TwistStage.GAME_OVER

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over; ``None`` before, or for a shared win."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def dealt(self) -> bool:
        """Whether this hand's cards are dealt (not yet, while players choose before the deal)."""
        return any(self.discard_piles)

    def target_phase(self, seat: int) -> Phase | None:
        """The phase ``seat`` must make this hand, or ``None`` while they have to choose."""
        player = self.players[seat]
        return phase_of(self.rules, player.phase_space, player.twist_card)

    def order(self) -> tuple[int, ...]:
        """The seats in playing order this hand, starting left of the dealer."""
        count = len(self.players)
        return tuple((self.dealer + 1 + i) % count for i in range(count))


def phase_of(rules: TwistRules, phase_space: int | None, twist_card: int | None) -> Phase | None:
    """The phase of a player with this space or Twist card this hand (``None``: not chosen)."""
    if twist_card is not None:
        return rules.twist_cards[twist_card]
    if phase_space is not None:
        return rules.space_phase(phase_space)
    return None
