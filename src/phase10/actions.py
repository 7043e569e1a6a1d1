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
from .limits import MAX_GROUP_INDEX, MAX_PHASE_NUMBER, MAX_PLAYERS, show
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


def to_card(value: object) -> Card:
    """``value`` as a :class:`Card` (a card or its notation), for the family's actions."""
    if type(value) is Card:
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise InvalidDataError(f"expected a card, not {show(value)}")


def _seat(value: object, what: str) -> None:
    """Refuse ``value`` unless it is a seat number (an int, not a bool, below 12)."""
    if type(value) is not int or not 0 <= value < MAX_PLAYERS:
        raise InvalidDataError(
            f"{what} is a seat number from 0 to {MAX_PLAYERS - 1}, not {show(value)}"
        )


def _place(owner: object, meld: object) -> None:
    """Refuse anything but a seat and a group index: the target of a hit or a swap."""
    if type(owner) is not int or not 0 <= owner < MAX_PLAYERS:
        _seat(owner, "owner")
    if type(meld) is not int or not 0 <= meld <= MAX_GROUP_INDEX:
        raise InvalidDataError(
            f"meld is the index of a group, from 0 to {MAX_GROUP_INDEX}, not {show(meld)}"
        )


def _phase_number(value: object) -> None:
    if type(value) is not int or not 1 <= value <= MAX_PHASE_NUMBER:
        raise InvalidDataError(
            f"phase is a phase number from 1 to {MAX_PHASE_NUMBER}, not {show(value)}"
        )


def _end(value: object, optional: bool) -> End | None:
    """``value`` as a run end: an :class:`End` or its value ``"low"`` / ``"high"``."""
    if type(value) is End or (value is None and optional):
        return value
    if isinstance(value, str):
        for end in End:
            if end.value == value:
                return end
    choices = "End.LOW, End.HIGH, 'low', 'high'" + (" or None" if optional else "")
    raise InvalidDataError(f"end is a run end ({choices}), not {show(value)}")


def _melds(value: Iterable[Meld]) -> tuple[Meld, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        hint = " (parse_action reads 'lay set:R7 R7 W | ...')" if isinstance(value, str) else ""
        raise InvalidDataError(f"a lay-down is a sequence of Meld values, not {show(value)}{hint}")
    melds = tuple(value)
    for meld in melds:
        if not isinstance(meld, Meld):
            raise InvalidDataError(f"a lay-down is made of Meld values, not {show(meld)}")
    canonical = (m.requirement.canonical(m) for m in melds)
    return tuple(sorted(canonical, key=Meld.sort_key))


def _meld(value: Meld) -> Meld:
    if not isinstance(value, Meld):
        raise InvalidDataError(f"a group is a Meld value, not {show(value)}")
    return value.requirement.canonical(value)


def to_deck(value: Iterable[Card] | None) -> tuple[Card, ...] | None:
    """A given deck order as a tuple of cards (``None``: shuffle from the seed)."""
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidDataError(f"a deck is a sequence of cards, not {show(value)}")
    return tuple(to_card(c) for c in value)


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

    def __attrs_post_init__(self) -> None:
        if self.phase is not None:
            _phase_number(self.phase)

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

    def __attrs_post_init__(self) -> None:
        if self.phase is not None:
            _phase_number(self.phase)


_set = object.__setattr__


@attrs.frozen(init=False)
class Hit:
    """Add one card from hand to a group on the table (R-6).

    ``owner`` is the seat whose group it is, ``meld`` the index of the group
    among that seat's melds, ``end`` the run end (``None`` for sets and colours).
    """

    card: Card
    owner: int
    meld: int
    end: End | None = None
    """``End.LOW``, ``End.HIGH`` (or their values ``"low"``, ``"high"``), or ``None``."""

    def __init__(
        self, card: Card | str, owner: int, meld: int, end: End | str | None = None
    ) -> None:
        # Written out rather than generated: legal_actions builds many hits, so the
        # checks run inline, with one call only for a value that needs converting.
        if type(card) is not Card:
            card = to_card(card)
        if (
            type(owner) is not int
            or type(meld) is not int
            or not (0 <= owner < MAX_PLAYERS and 0 <= meld <= MAX_GROUP_INDEX)
        ):
            _place(owner, meld)
        if end is not None and type(end) is not End:
            end = _end(end, optional=True)
        _set(self, "card", card)
        _set(self, "owner", owner)
        _set(self, "meld", meld)
        _set(self, "end", end)


@attrs.frozen
class Discard:
    """End the turn by discarding a card (R-4.5); a Skip names its ``target`` (R-9.1)."""

    card: Card = attrs.field(converter=to_card)
    target: int | None = None

    def __attrs_post_init__(self) -> None:
        target = self.target
        if target is not None and (type(target) is not int or not 0 <= target < MAX_PLAYERS):
            _seat(target, "target")


@attrs.frozen
class ChoosePhase:
    """Masters: name the phase to attempt this hand, at the start of the hand (V-1.4)."""

    phase: int

    def __attrs_post_init__(self) -> None:
        _phase_number(self.phase)


@attrs.frozen
class Save:
    """Masters: end the turn by putting a card on your own Save pile, not the discard (V-1.6)."""

    card: Card = attrs.field(converter=to_card)


@attrs.frozen
class TakeSaved:
    """Masters: instead of drawing, take a card back from your Save pile (V-1.7)."""

    card: Card = attrs.field(converter=to_card)


@attrs.frozen
class GiveCard:
    """The dealer gives the upturned Wild to ``seat``, or names ``seat`` to lose its first
    turn to an upturned Skip (V-12, ``initial_wild``/``initial_skip`` options)."""

    seat: int

    def __attrs_post_init__(self) -> None:
        _seat(self.seat, "seat")


@attrs.frozen(init=False)
class SwapWild:
    """Movable wilds: put ``card`` in place of the Wild it stands for in a run, moving
    that Wild to the run's ``end`` (V-13)."""

    card: Card
    owner: int
    meld: int
    end: End
    """``End.LOW`` or ``End.HIGH`` (or their values ``"low"``, ``"high"``)."""

    def __init__(self, card: Card | str, owner: int, meld: int, end: End | str) -> None:
        _set(self, "card", card if type(card) is Card else to_card(card))
        _place(owner, meld)
        _set(self, "owner", owner)
        _set(self, "meld", meld)
        _set(self, "end", end if type(end) is End else _end(end, optional=False))


@attrs.frozen
class NextHand:
    """Deal the next hand (R-13). ``deck`` fixes its order, top of the stock first."""

    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=to_deck)


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
