"""The closed set of things a player can do: one frozen class per action.

The argument names are attribute names, so actions read like sentences:
``Hit(card=Card.parse("R8"), owner=2, meld=0, end=End.HIGH)``.

>>> from phase10 import Card, End
>>> Discard(Card.parse("S"), target=2)
Discard(card=Card.parse('S'), target=2)
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .cards import Card
from .errors import InvalidDataError
from .melds import End, Meld

__all__ = [
    "ACTION_TYPES",
    "Action",
    "ChoosePhase",
    "Discard",
    "DrawStock",
    "GiveCard",
    "Hit",
    "LayDown",
    "LayGroup",
    "NextHand",
    "Save",
    "SwapWild",
    "TakeDiscard",
    "TakeSaved",
]


def _card(value: object) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise InvalidDataError(f"expected a card, not {value!r}")


def _melds(value: Iterable[Meld]) -> tuple[Meld, ...]:
    melds = tuple(value)
    for meld in melds:
        if not isinstance(meld, Meld):
            raise InvalidDataError(f"a lay-down is made of Meld values, not {meld!r}")
    canonical = (m.requirement.canonical(m) for m in melds)
    return tuple(sorted(canonical, key=Meld.sort_key))


def _meld(value: Meld) -> Meld:
    if not isinstance(value, Meld):
        raise InvalidDataError(f"a group is a Meld value, not {value!r}")
    return value.requirement.canonical(value)


def _deck(value: Iterable[Card] | None) -> tuple[Card, ...] | None:
    return None if value is None else tuple(_card(c) for c in value)


@attrs.frozen
class DrawStock:
    """Draw the top card of the draw pile (R-4.2)."""


@attrs.frozen
class TakeDiscard:
    """Take the top card of the discard pile (R-4.2); never a Skip (R-9.4)."""


@attrs.frozen
class LayDown:
    """Lay down a whole phase from hand (R-5).

    ``melds`` are kept in canonical order (sets and colour groups sorted), so
    two spellings of one lay-down are equal. ``phase`` names the phase when the
    rules let the player choose (V-2, V-3); otherwise leave it out.
    """

    melds: tuple[Meld, ...] = attrs.field(converter=_melds)
    phase: int | None = None

    def cards(self) -> tuple[Card, ...]:
        """Every card the lay-down takes from hand."""
        return tuple(card for meld in self.melds for card in meld.cards)


def canonical_lay_down(melds: tuple[Meld, ...], phase: int | None = None) -> LayDown:
    """``LayDown(melds, phase)`` for groups already canonical and sorted: the engine's fast path.

    The constructor's converter sorts and canonicalises every time; listings of
    hundreds of lay-downs built from canonical groups skip it.
    """
    action = object.__new__(LayDown)
    object.__setattr__(action, "melds", melds)
    object.__setattr__(action, "phase", phase)
    return action


@attrs.frozen
class LayGroup:
    """Put one group of your phase down, towards a lay-down of several groups (R-5.4).

    The phase goes on the table, all at once, with the :class:`LayDown` that
    adds its last group; until then the group's cards stay in the hand and
    nothing else may be played. Each group must leave cards from which the
    rest of the phase can be made. ``phase`` names the phase when the rules
    let the player choose (V-2, V-3).
    """

    meld: Meld = attrs.field(converter=_meld)
    phase: int | None = None


@attrs.frozen
class Hit:
    """Add one card from hand to a group on the table (R-6).

    ``owner`` is the seat whose group it is, ``meld`` the index of the group
    among that seat's melds, ``end`` the run end (``None`` for sets and colours).
    """

    card: Card = attrs.field(converter=_card)
    owner: int
    meld: int
    end: End | None = None


@attrs.frozen
class Discard:
    """End the turn by discarding a card (R-4.5); a Skip names its ``target`` (R-9.1)."""

    card: Card = attrs.field(converter=_card)
    target: int | None = None


@attrs.frozen
class ChoosePhase:
    """Masters: name the phase to attempt this hand, at the start of the hand (V-1.4)."""

    phase: int


@attrs.frozen
class Save:
    """Masters: end the turn by putting a card on your own Save pile, not the discard (V-1.6)."""

    card: Card = attrs.field(converter=_card)


@attrs.frozen
class TakeSaved:
    """Masters: instead of drawing, take a card back from your Save pile (V-1.7)."""

    card: Card = attrs.field(converter=_card)


@attrs.frozen
class GiveCard:
    """The dealer gives the upturned Wild to ``seat``, or names ``seat`` to lose its first
    turn to an upturned Skip (V-12, ``initial_wild``/``initial_skip`` options)."""

    seat: int


@attrs.frozen
class SwapWild:
    """Movable wilds: put ``card`` in place of the Wild it stands for in a run, moving
    that Wild to the run's ``end`` (V-13)."""

    card: Card = attrs.field(converter=_card)
    owner: int
    meld: int
    end: End


@attrs.frozen
class NextHand:
    """Deal the next hand (R-13). ``deck`` fixes its order, top of the stock first."""

    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_deck)


Action = (
    DrawStock
    | TakeDiscard
    | LayDown
    | LayGroup
    | Hit
    | Discard
    | NextHand
    | ChoosePhase
    | Save
    | TakeSaved
    | GiveCard
    | SwapWild
)
"""Any action: use ``isinstance`` or ``match`` to tell them apart."""

ACTION_TYPES: tuple[type, ...] = (
    DrawStock,
    TakeDiscard,
    LayDown,
    LayGroup,
    Hit,
    Discard,
    NextHand,
    ChoosePhase,
    Save,
    TakeSaved,
    GiveCard,
    SwapWild,
)
