"""Cards, colours, the deck and the card notation (R-1).

A card is an immutable value. The 50 distinct cards (48 number cards, the Wild
and the Skip) are interned, so ``Card.parse("R7") is Card.parse("R7")``; two red
7s in a deck are the same value and interchangeable.

>>> card = Card.parse("R7")
>>> card.number, card.color, str(card)
(7, <Color.RED: 'R'>, 'R7')
>>> parse_cards("R7 b12 W S")
(Card.parse('R7'), Card.parse('B12'), Card.parse('W'), Card.parse('S'))
>>> len(standard_deck())
108
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Protocol

import attrs

from .errors import InvalidDataError
from .limits import quote, show

__all__ = [
    "ALL_CARDS",
    "COLORS",
    "NUMBERS",
    "REVERSE",
    "RULE_CARD",
    "SKIP",
    "SUPER_SKIP",
    "WILD",
    "Card",
    "CardKind",
    "Color",
    "DeckSpec",
    "card_points",
    "format_cards",
    "parse_cards",
    "sort_cards",
    "standard_deck",
]

NUMBERS = range(1, 13)


class Color(enum.Enum):
    """The four colours of number cards (R-1.2). The value is the notation letter."""

    RED = "R"
    BLUE = "B"
    GREEN = "G"
    YELLOW = "Y"

    def __repr__(self) -> str:
        return f"<Color.{self.name}: {self.value!r}>"


COLORS: tuple[Color, ...] = (Color.RED, Color.BLUE, Color.GREEN, Color.YELLOW)
_COLOR_INDEX = {color: i for i, color in enumerate(COLORS)}


class CardKind(enum.Enum):
    """What a card is: a number card, a Wild or a Skip."""

    NUMBER = "number"
    WILD = "wild"
    SKIP = "skip"
    RULE = "rule"
    """The Anti-Phase-for-others rule card (V-5.3): never in a deck unless asked for."""
    REVERSE = "reverse"
    """A Reverse (Twist) card: discarded, it turns the direction of play (V-15)."""
    SUPER_SKIP = "super_skip"
    """The Super Skip of "Super Wild Phase 10": discarded, it skips every other player (V-15)."""


def _code(kind: CardKind, number: int | None, color: Color | None) -> int:
    if kind is CardKind.WILD:
        return 48
    if kind is CardKind.SKIP:
        return 49
    if kind is CardKind.RULE:
        return 50
    if kind is CardKind.REVERSE:
        return 51
    if kind is CardKind.SUPER_SKIP:
        return 52
    assert number is not None
    assert color is not None
    return _COLOR_INDEX[color] * 12 + number - 1


@attrs.frozen(eq=False, repr=False)
class Card:
    """One playing card.

    Build cards with :meth:`Card.parse`, :meth:`Card.number_card`,
    :data:`WILD` and :data:`SKIP`. ``code`` is a dense index 0..49 (colour-major
    number cards, then Wild 48 and Skip 49): handy as an array index. The
    variants' action cards follow: the Anti-Phase rule card :data:`RULE_CARD`
    (notation ``X``) has code 50, the :data:`REVERSE` card (``V``) 51 and the
    :data:`SUPER_SKIP` (``Z``) 52. None of them ever joins a group.
    """

    kind: CardKind
    number: int | None = None
    color: Color | None = None
    code: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        if self.kind is CardKind.NUMBER:
            if not isinstance(self.number, int) or not 1 <= self.number <= 12:
                raise InvalidDataError(f"a number card needs a number 1-12, not {self.number!r}")
            if not isinstance(self.color, Color):
                raise InvalidDataError(f"a number card needs a Color, not {self.color!r}")
        elif self.number is not None or self.color is not None:
            raise InvalidDataError(f"a {self.kind.value} card has no number or colour")
        object.__setattr__(self, "code", _code(self.kind, self.number, self.color))

    @classmethod
    def number_card(cls, color: Color, number: int) -> Card:
        """The (interned) number card of that colour and number."""
        if not isinstance(number, int) or not 1 <= number <= 12 or not isinstance(color, Color):
            raise InvalidDataError(f"no such card: {show(color)} {show(number)}")
        return ALL_CARDS[_COLOR_INDEX[color] * 12 + number - 1]

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card whose :attr:`code` is ``code``."""
        if not isinstance(code, int) or not 0 <= code < len(ALL_CARDS):
            raise InvalidDataError(f"no card has code {show(code)}")
        return ALL_CARDS[code]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in notation: ``R7``, ``B12``, ``G1``, ``Y5``, ``W``, ``S`` (and the
        variants' ``X``, ``V``, ``Z``).

        Case and surrounding spaces do not matter.

        >>> Card.parse(" g10 ")
        Card.parse('G10')
        >>> Card.parse("R13")
        Traceback (most recent call last):
        ...
        phase10.errors.InvalidDataError: 'R13': not a card (use R7, B12, G1, Y5, W or S)
        """
        if not isinstance(text, str):
            raise InvalidDataError(
                f"a card must be written as text, not {type(text).__name__}", path=repr(text)
            )
        card = _BY_TEXT.get(text.strip().upper()) if text.isascii() else None
        if card is None:
            raise InvalidDataError(
                "not a card (use R7, B12, G1, Y5, W or S)", path=quote(text.strip())
            )
        return card

    @property
    def is_wild(self) -> bool:
        """True for a Wild."""
        return self.code == 48

    @property
    def is_skip(self) -> bool:
        """True for a Skip."""
        return self.code == 49

    @property
    def is_rule_card(self) -> bool:
        """True for the Anti-Phase-for-others rule card (V-5.3)."""
        return self.code == 50

    @property
    def is_reverse(self) -> bool:
        """True for a Reverse card (V-15)."""
        return self.code == 51

    @property
    def is_super_skip(self) -> bool:
        """True for the Super Skip (V-15)."""
        return self.code == 52

    @property
    def is_action(self) -> bool:
        """True for a card that acts when discarded and never joins a group: the Skip,
        the rule card, the Reverse and the Super Skip (R-5.6, R-9.3, V-5.3, V-15)."""
        return self.code >= 49

    @property
    def changes_turns(self) -> bool:
        """True for a card whose discard changes whose turn comes next: the Skip, the
        Reverse and the Super Skip (R-9.1, V-15). None may be taken from the discard
        pile (R-9.4) unless ``skip_pickup_from_discard``."""
        return self.code == 49 or self.code >= 51

    @property
    def is_natural(self) -> bool:
        """True for a number card (a "natural" card, R-7.2)."""
        return self.code < 48

    def __str__(self) -> str:
        return _TEXT[self.code]

    def __repr__(self) -> str:
        return f"Card.parse({_TEXT[self.code]!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.code == other.code
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.code != other.code
        return NotImplemented

    def __hash__(self) -> int:
        return self.code

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # A module-level function, pickled by reference everywhere: cloudpickle (Ray) pickles
        # a bound classmethod such as ``Card.from_code`` by value, and that copy fails to load
        # in a fresh process (its globals are filled only after the cards it must build).
        return (_card_from_code, (self.code,))


def _card_from_code(code: int) -> Card:
    """:meth:`Card.from_code` for unpickling (see :meth:`Card.__reduce__`)."""
    return Card.from_code(code)


def _make_all() -> tuple[Card, ...]:
    cards = [Card(CardKind.NUMBER, n, c) for c in COLORS for n in NUMBERS]
    cards.append(Card(CardKind.WILD))
    cards.append(Card(CardKind.SKIP))
    cards.append(Card(CardKind.RULE))
    cards.append(Card(CardKind.REVERSE))
    cards.append(Card(CardKind.SUPER_SKIP))
    return tuple(cards)


ALL_CARDS: tuple[Card, ...] = _make_all()
"""The distinct cards, indexed by :attr:`Card.code`: 48 number cards, the Wild, the
Skip, the Anti-Phase rule card, the Reverse and the Super Skip."""
WILD: Card = ALL_CARDS[48]
"""The Wild, ``W``: stands for any number, or any colour in a colour group (R-7.1)."""
SKIP: Card = ALL_CARDS[49]
"""The Skip, ``S``: discarded, it costs another player their next turn (R-9.1)."""
RULE_CARD: Card = ALL_CARDS[50]
"""The Anti-Phase-for-others rule card, ``X``: only in decks that ask for it (V-5.3)."""
REVERSE: Card = ALL_CARDS[51]
"""The Reverse card, ``V``: discarded, it turns the direction of play (V-15); also the
seed's "Twist card" (variant ``twist-card``)."""
SUPER_SKIP: Card = ALL_CARDS[52]
"""The Super Skip, ``Z``: discarded, every other player loses a turn (V-15)."""

_TEXT: tuple[str, ...] = tuple(
    f"{c.color.value}{c.number}" if c.color is not None else ("W", "S", "X", "V", "Z")[c.code - 48]
    for c in ALL_CARDS
)
_BY_TEXT: dict[str, Card] = dict(zip(_TEXT, ALL_CARDS, strict=False))


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards separated by spaces or commas (or an iterable of tokens).

    The error names the first bad token.

    >>> parse_cards("R7, B7 W")
    (Card.parse('R7'), Card.parse('B7'), Card.parse('W'))
    """
    if isinstance(text, str):
        tokens: list[str] = text.replace(",", " ").split()
    else:
        try:
            tokens = list(text)
        except TypeError:
            raise InvalidDataError(f"expected card text, not {type(text).__name__}") from None
    return tuple(Card.parse(token) for token in tokens)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in notation separated by spaces (the inverse of :func:`parse_cards`)."""
    try:
        return " ".join(_TEXT[c.code] for c in cards)
    except AttributeError:  # text or numbers for cards: a TypeError that says so
        raise _not_cards("format_cards", cards) from None


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in canonical order: by colour, then number, then Wilds, then Skips."""
    try:
        return tuple(sorted(cards, key=_code_of))
    except AttributeError:
        raise _not_cards("sort_cards", cards) from None


def _not_cards(function: str, cards: object) -> TypeError:
    """The error for a function of cards given something else, such as card text."""
    if isinstance(cards, str):
        what = f"the text {quote(cards)}"
    else:
        items = cards if isinstance(cards, (list, tuple)) else ()
        what = next((show(c) for c in items if type(c) is not Card), "something else")
    return TypeError(f"{function} takes Card values, not {what} (parse_cards reads text)")


def _code_of(card: Card) -> int:
    return card.code


def _count_validator(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 1000:
        raise InvalidDataError(f"{attribute.name} must be a whole number 0-1000, not {show(value)}")


@attrs.frozen
class DeckSpec:
    """What a deck holds (R-1.6): copies of each number card per colour, Wilds and Skips."""

    copies: int = attrs.field(default=2, validator=_count_validator)
    wilds: int = attrs.field(default=8, validator=_count_validator)
    skips: int = attrs.field(default=4, validator=_count_validator)
    rule_cards: int = attrs.field(default=0, validator=_count_validator)
    """Anti-Phase-for-others rule cards (V-5.3); none in the standard deck."""
    reverses: int = attrs.field(default=0, validator=_count_validator)
    """Reverse (or Twist) cards (V-15); none in the standard deck."""
    super_skips: int = attrs.field(default=0, validator=_count_validator)
    """Super Skips (V-15); none in the standard deck."""

    @property
    def size(self) -> int:
        """The number of playing cards."""
        return (
            48 * self.copies
            + self.wilds
            + self.skips
            + self.rule_cards
            + self.reverses
            + self.super_skips
        )

    def counts(self) -> tuple[int, ...]:
        """How many of each card (indexed by :attr:`Card.code`) the deck holds."""
        return (self.copies,) * 48 + (
            self.wilds,
            self.skips,
            self.rule_cards,
            self.reverses,
            self.super_skips,
        )


class _HasDeck(Protocol):
    @property
    def deck(self) -> DeckSpec: ...


def standard_deck(rules: DeckSpec | _HasDeck | None = None) -> tuple[Card, ...]:
    """The full deck in canonical order (R-1): 108 cards by default.

    ``rules`` may be a :class:`DeckSpec`, or anything with a ``deck`` attribute
    (such as :class:`phase10.Rules`), for editions with other counts.

    >>> deck = standard_deck()
    >>> sum(c.is_wild for c in deck), sum(c.is_skip for c in deck)
    (8, 4)
    """
    if rules is None or isinstance(rules, DeckSpec):
        spec = DeckSpec() if rules is None else rules
    elif isinstance(getattr(rules, "deck", None), DeckSpec):
        spec = rules.deck
    else:
        raise TypeError(f"standard_deck takes a DeckSpec or Rules, not {show(rules)}")
    cards: list[Card] = []
    for card, count in zip(ALL_CARDS, spec.counts(), strict=False):
        cards.extend([card] * count)
    return tuple(cards)


def card_points(card: Card) -> int:
    """Penalty points of a card left in hand (R-11.1): 1-9 five, 10-12 ten, Skip 15, Wild 25."""
    try:
        return _POINTS[card.code]
    except AttributeError:
        raise _not_cards("card_points", [card]) from None


_POINTS: tuple[int, ...] = tuple(
    25 if c.is_wild else 15 if c.code >= 49 else (5 if (c.number or 0) <= 9 else 10)
    for c in ALL_CARDS
)
