"""Extra group kinds for app and fan phase lists, and phase lists using them.

Each kind is a frozen :class:`~phase10.melds.Requirement` subclass; the solver,
the engine and the bots use them through that protocol only, exactly like the
built-in sets, runs and colour groups.

=========================  ======================  =============================================
kind                       anchor ``number``       anchor ``color``
=========================  ======================  =============================================
``ColorRunOf(n)``          lowest number           the colour of every card
``ColorSetOf(n)``          the set's number        the colour of every card
``ParityOf(n)``            0 = even, 1 = odd       ``None``
``ParityRunOf(n)``         lowest number           ``None``
``ColorParityRunOf(n)``    lowest number           the colour of every card
``AltColorRunOf(n)``       lowest number           the lowest card's colour; ``Meld.colors``
                                                   holds the other one
=========================  ======================  =============================================

A Wild (or a personal wild, V-10.2) stands for any number and any colour; its
identity is fixed by the anchor and its position when it is played (R-7.3).

>>> from phase10 import Card
>>> run = ColorRunOf(4).make("R3 W R5 R6")
>>> run.number, run.color, run.stands_for()
(3, <Color.RED: 'R'>, (3, 4, 5, 6))
>>> run.hit_ends(Card.parse("R7")), run.hit_ends(Card.parse("B7"))
((<End.HIGH: 'high'>,), ())
>>> ColorRunOf(4).make("R3 B4 R5 R6")
Traceback (most recent call last):
...
phase10.errors.InvalidMeldError: B4 does not belong in 1 run of 4 of one color
>>> odd = ParityRunOf(5, parity="odd").make("R1 B3 W G7 Y9")
>>> odd.stands_for(), odd.hit_ends(Card.parse("B11"))
((1, 3, 5, 7, 9), (<End.HIGH: 'high'>,))

Limits that come from the shared protocol in :mod:`phase10.melds`: these runs
never wrap around 12 -> 1, even under ``run_wraparound`` (``Meld.make`` sets
``Meld.wraps`` only for the kind ``"run"``); ``Meld.describe`` and ``Meld.high``
know only the built-in kinds, so a laid group of these kinds describes itself
by its requirement (``"1 run of 4 of one color"``) and the runs offer their own
:meth:`~ColorRunOf.high`; movable Wilds (V-13) apply to plain runs only. A run
whose colours alternate between two colours (:class:`AltColorRunOf`) anchors its
second colour in :attr:`Meld.colors <phase10.Meld.colors>`, the one field of a
group for kinds that stand for more than one colour.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import ClassVar

import attrs

from .cards import COLORS, Card, Color
from .errors import InvalidMeldError
from .melds import (
    AnchorColor,
    ColorOf,
    Draft,
    End,
    Meld,
    MeldRules,
    Requirement,
    RunOf,
    SetOf,
    card_code,
    check_size,
    plural,
    sorted_extend,
    sorted_meld,
    submultisets,
    wild_pool,
)
from .phases import STANDARD_PHASES, Phase

__all__ = [
    "ALT_COLOR_PHASES",
    "COLOR_PHASES",
    "UNOBOT_30_PHASES",
    "AltColorRunOf",
    "ColorParityRunOf",
    "ColorRunOf",
    "ColorSetOf",
    "Parity",
    "ParityOf",
    "ParityRunOf",
]


class Parity(enum.Enum):
    """Even or odd numbers, for :class:`ParityOf` and the parity runs."""

    EVEN = "even"
    ODD = "odd"

    @property
    def remainder(self) -> int:
        """``number % 2`` of the numbers of this parity (0 for even, 1 for odd)."""
        return 0 if self is Parity.EVEN else 1

    def __repr__(self) -> str:
        return f"<Parity.{self.name}: {self.value!r}>"


def _parity(value: Parity | str | None) -> Parity | None:
    if value is None or isinstance(value, Parity):
        return value
    try:
        return Parity(value)
    except ValueError:
        raise InvalidMeldError(f"a parity is 'even', 'odd' or None, not {value!r}") from None


# --------------------------------------------------------------------------- positional kinds


def _fill_positions(
    work: list[int],
    naturals: Sequence[tuple[int, ...]],
    wild_codes: Sequence[int],
    min_naturals: int,
    number: int,
    color: AnchorColor,
) -> Iterator[Draft]:
    """Every way to put one available card on each position, in table order.

    ``naturals[i]`` are the codes that stand for themselves at position ``i``;
    any other code in ``wild_codes`` may take the position as a Wild. A card
    that could do both is taken only as itself there (that is what it is).
    """
    size = len(naturals)
    chosen: list[int] = []

    def place(index: int, used: int) -> Iterator[Draft]:
        if index == size:
            if used >= min_naturals:
                yield tuple(chosen), number, color, used
            return
        if used + size - index < min_naturals:
            return
        options = naturals[index]
        for code in options:
            if work[code]:
                work[code] -= 1
                chosen.append(code)
                yield from place(index + 1, used + 1)
                chosen.pop()
                work[code] += 1
        for code in wild_codes:
            if work[code] and code not in options:
                work[code] -= 1
                chosen.append(code)
                yield from place(index + 1, used)
                chosen.pop()
                work[code] += 1

    yield from place(0, 0)


class _SteppedRun(Requirement):
    """Shared behaviour of runs whose numbers step by :attr:`step`, maybe in one colour.

    Position ``i`` stands for ``number + step * i``; with :attr:`one_color`
    every position also stands for the anchor's colour. Every position lies in
    ``rules.wild_value_range`` (1..12 by default, R-7.4); these runs never wrap.
    """

    __slots__ = ()
    step: ClassVar[int] = 1
    one_color: ClassVar[bool] = False
    noun: ClassVar[str] = "run"

    def fixed_parity(self) -> Parity | None:
        """The parity every number must have, if the requirement fixes it."""
        return None

    def max_length(self, rules: MeldRules) -> int | None:
        low, high = rules.wild_value_range
        return (high - low) // self.step + 1

    def value_at(self, meld: Meld, position: int) -> int:
        """The number that ``position`` of the group stands for."""
        assert meld.number is not None
        return meld.number + self.step * position

    def high(self, meld: Meld) -> int:
        """The highest number of the group (``Meld.high`` only knows plain runs)."""
        return self.value_at(meld, len(meld.cards) - 1)

    def anchors(
        self, cards: Sequence[Card], rules: MeldRules
    ) -> Iterable[tuple[int | None, AnchorColor]]:
        seen: list[tuple[int | None, Color | None]] = []
        for i, card in enumerate(cards):
            if card.number is None:
                continue
            anchor = (card.number - self.step * i, card.color if self.one_color else None)
            if anchor not in seen:
                seen.append(anchor)
        return seen

    def anchor_problem(self, meld: Meld, rules: MeldRules) -> str | None:
        start = meld.number
        if start is None:
            return f"a {self.noun} needs its lowest number"
        if self.one_color and meld.color is None:
            return f"a {self.noun} of one color needs its color"
        if not self.one_color and meld.color is not None:
            return f"a {self.noun} has no color"
        if meld.wraps:
            return f"a {self.noun} never wraps around"
        parity = self.fixed_parity()
        if parity is not None and start % 2 != parity.remainder:
            return f"a {self.noun} of {parity.value} numbers needs an {parity.value} lowest number"
        low, high = rules.wild_value_range
        if start < low or self.value_at(meld, len(meld.cards) - 1) > high:
            return f"a {self.noun} must stay within {low}..{high} and cannot wrap around (R-7.4)"
        return None

    def stands_for(self, meld: Meld) -> tuple[int | Color | None, ...]:
        """The number of every position (the colour, if any, is ``meld.color``)."""
        return tuple(self.value_at(meld, i) for i in range(len(meld.cards)))

    def fits_naturally(self, meld: Meld, position: int, card: Card) -> bool:
        return (
            card.number is not None
            and card.number == self.value_at(meld, position)
            and (not self.one_color or card.color is meld.color)
        )

    def hit_ends(self, meld: Meld, card: Card, rules: MeldRules) -> tuple[End | None, ...]:
        if card.is_skip or meld.number is None:
            return ()
        limit = self.max_length(rules)
        if limit is not None and len(meld.cards) >= limit:
            return ()
        is_wild = rules.is_wild_code(card.code)
        color_ok = not self.one_color or card.color is meld.color
        low, high = rules.wild_value_range
        below = meld.number - self.step
        above = meld.number + self.step * len(meld.cards)
        ends: list[End | None] = []
        if below >= low and (is_wild or (card.number == below and color_ok)):
            ends.append(End.LOW)
        if above <= high and (is_wild or (card.number == above and color_ok)):
            ends.append(End.HIGH)
        return tuple(ends)

    def extend(self, meld: Meld, card: Card, end: End | None) -> Meld:
        assert meld.number is not None
        if end is End.LOW:
            return attrs.evolve(meld, cards=(card, *meld.cards), number=meld.number - self.step)
        return attrs.evolve(meld, cards=(*meld.cards, card))

    def candidates(
        self, counts: Sequence[int], min_naturals: int, rules: MeldRules
    ) -> Iterator[Draft]:
        size = self.size
        step = self.step
        low, high = rules.wild_value_range
        parity = self.fixed_parity()
        work = list(counts)
        wild_codes = [code for code in range(49) if work[code] and rules.is_wild_code(code)]
        wild_total = sum(work[code] for code in wild_codes)
        palette: list[tuple[tuple[int, ...], Color | None]] = (
            [((ci,), color) for ci, color in enumerate(COLORS)]
            if self.one_color
            else [((0, 1, 2, 3), None)]
        )
        for start in range(low, high - step * (size - 1) + 1):
            if parity is not None and start % 2 != parity.remainder:
                continue
            values = [start + step * i for i in range(size)]
            for color_indexes, color in palette:
                naturals = [
                    tuple(card_code(ci, v) for ci in color_indexes) if 1 <= v <= 12 else ()
                    for v in values
                ]
                present = sum(1 for codes in naturals if any(work[c] for c in codes))
                if size - present > wild_total or present < min_naturals:
                    continue
                yield from _fill_positions(work, naturals, wild_codes, min_naturals, start, color)


@attrs.frozen
class ColorRunOf(_SteppedRun):
    """A run of one colour: at least ``size`` consecutive numbers, all one colour.

    The anchor is the lowest number and the colour; a Wild stands for the
    number of its position in that colour.

    >>> meld = ColorRunOf(3).make("W G5 G6")
    >>> meld.number, meld.color, ColorRunOf(3).high(meld)
    (4, <Color.GREEN: 'G'>, 6)
    >>> [end.value for end in meld.hit_ends(Card.parse("W"))]
    ['low', 'high']
    """

    size: int = attrs.field(validator=check_size)
    kind: ClassVar[str] = "color_run"
    step: ClassVar[int] = 1
    one_color: ClassVar[bool] = True
    noun: ClassVar[str] = "colour run"

    def describe(self, count: int = 1) -> str:
        return f"{plural(count, 'run')} of {self.size} of one color"


@attrs.frozen
class ParityRunOf(_SteppedRun):
    """A run of numbers stepping by 2, any colours: 1-3-5-7-9 or 4-6-8.

    ``parity`` fixes whether the numbers are even or odd (the Discord bot's
    "run of 5 odd numbers"); ``None`` lets the player choose. The anchor
    is the lowest number; hits go 2 below the low end or 2 above the high end,
    within 1..12 (``rules.wild_value_range``).

    >>> meld = ParityRunOf(3).make("B4 W R8")
    >>> meld.number, meld.stands_for()
    (4, (4, 6, 8))
    >>> meld.hit_ends(Card.parse("Y2")), meld.hit_ends(Card.parse("Y9"))
    ((<End.LOW: 'low'>,), ())
    """

    size: int = attrs.field(validator=check_size)
    parity: Parity | None = attrs.field(default=None, converter=_parity)
    kind: ClassVar[str] = "parity_run"
    step: ClassVar[int] = 2
    one_color: ClassVar[bool] = False
    noun: ClassVar[str] = "parity run"
    uses_colors: ClassVar[bool] = False

    def fixed_parity(self) -> Parity | None:
        return self.parity

    def describe(self, count: int = 1) -> str:
        which = "odd or even" if self.parity is None else self.parity.value
        return f"{plural(count, 'run')} of {self.size} {which} numbers"


@attrs.frozen
class ColorParityRunOf(_SteppedRun):
    """A run of numbers stepping by 2, all one colour (the Discord bot's "odd colour run").

    The anchor is the lowest number and the colour; ``parity`` as for
    :class:`ParityRunOf`.

    >>> meld = ColorParityRunOf(3, parity="even").make("Y2 Y4 W")
    >>> meld.stands_for(), meld.color
    ((2, 4, 6), <Color.YELLOW: 'Y'>)
    >>> meld.hit_ends(Card.parse("Y8")), meld.hit_ends(Card.parse("R8"))
    ((<End.HIGH: 'high'>,), ())
    """

    size: int = attrs.field(validator=check_size)
    parity: Parity | None = attrs.field(default=None, converter=_parity)
    kind: ClassVar[str] = "color_parity_run"
    step: ClassVar[int] = 2
    one_color: ClassVar[bool] = True
    noun: ClassVar[str] = "parity run"

    def fixed_parity(self) -> Parity | None:
        return self.parity

    def describe(self, count: int = 1) -> str:
        which = "odd or even" if self.parity is None else self.parity.value
        return f"{plural(count, 'run')} of {self.size} {which} numbers of one color"


def _window(start: int, size: int) -> int:
    """The bits (n-1) of the numbers 1..12 that a run of ``size`` from ``start`` covers."""
    first, last = max(start, 1), min(start + size - 1, 12)
    return ((1 << last) - 1) & ~((1 << (first - 1)) - 1) if first <= last else 0


@attrs.frozen
class AltColorRunOf(_SteppedRun):
    """A run in alternating colours: consecutive numbers whose colours alternate between
    two colours, R-B-R-B... (Phase 10 Twist's "run of 9 alternating colours", V-14).

    The anchor holds both colours: :attr:`Meld.color` is the colour of the lowest
    card (and of every second card from it), :attr:`Meld.colors` the other one.
    A Wild stands for the number and the colour of its position. A run whose
    cards of one of the two colours are all Wilds must name the other colour:
    ``make(..., number=3, color=(Color.RED, Color.BLUE))``.

    >>> meld = AltColorRunOf(4).make("R3 B4 W B6")
    >>> meld.number, meld.color, meld.colors, meld.stands_for()
    (3, <Color.RED: 'R'>, (<Color.BLUE: 'B'>,), (3, 4, 5, 6))
    >>> meld.hit_ends(Card.parse("R7")), meld.hit_ends(Card.parse("B7"))
    ((<End.HIGH: 'high'>,), ())
    >>> low = meld.hit(Card.parse("B2"))
    >>> str(low), low.number, low.color, low.colors
    ('B2 R3 B4 W B6', 2, <Color.BLUE: 'B'>, (<Color.RED: 'R'>,))
    """

    size: int = attrs.field(validator=check_size)
    kind: ClassVar[str] = "alt_color_run"
    step: ClassVar[int] = 1
    one_color: ClassVar[bool] = False
    noun: ClassVar[str] = "run in alternating colours"
    extra_colors: ClassVar[int] = 1

    def describe(self, count: int = 1) -> str:
        return f"{plural(count, 'run')} of {self.size} in alternating colors"

    def describe_meld(self, meld: Meld) -> str:
        colors = "/".join(c.name.lower() for c in (meld.color, *meld.colors) if c is not None)
        if meld.number is None:
            return self.describe()
        return f"{colors} run {meld.number}-{self.high(meld)}"

    def color_at(self, meld: Meld, position: int) -> Color | None:
        """The colour that ``position`` stands for (``position`` may be -1, below the run)."""
        if position % 2 == 0:
            return meld.color
        return meld.colors[0] if meld.colors else None

    def anchors(
        self, cards: Sequence[Card], rules: MeldRules
    ) -> Iterable[tuple[int | None, AnchorColor]]:
        starts: list[int] = []
        colors: tuple[list[Color], list[Color]] = ([], [])
        for i, card in enumerate(cards):
            if card.number is None or card.color is None:
                continue
            if card.number - i not in starts:
                starts.append(card.number - i)
            if card.color not in colors[i % 2]:
                colors[i % 2].append(card.color)
        evens = colors[0] or list(COLORS)
        odds = colors[1] or list(COLORS)
        return [(n, (e, o)) for n in starts for e in evens for o in odds if e is not o]

    def anchor_problem(self, meld: Meld, rules: MeldRules) -> str | None:
        if meld.number is None:
            return f"a {self.noun} needs its lowest number"
        if meld.color is None or len(meld.colors) != 1:
            return f"a {self.noun} needs its two colours"
        if meld.colors[0] is meld.color:
            return f"a {self.noun} needs two different colours"
        if meld.wraps:
            return f"a {self.noun} never wraps around"
        low, high = rules.wild_value_range
        if meld.number < low or self.high(meld) > high:
            return f"a {self.noun} must stay within {low}..{high} and cannot wrap around (R-7.4)"
        return None

    def fits_naturally(self, meld: Meld, position: int, card: Card) -> bool:
        return (
            card.number is not None
            and card.number == self.value_at(meld, position)
            and card.color is self.color_at(meld, position)
        )

    def outcome_key(self, meld: Meld) -> Hashable:
        """Hits depend on the anchor (number and both colours) and the length only."""
        return (meld.number, meld.color, meld.colors, len(meld.cards))

    def hit_ends(self, meld: Meld, card: Card, rules: MeldRules) -> tuple[End | None, ...]:
        if meld.number is None or (card.number is None and not rules.is_wild_code(card.code)):
            return ()
        limit = self.max_length(rules)
        if limit is not None and len(meld.cards) >= limit:
            return ()
        is_wild = rules.is_wild_code(card.code)
        low, high = rules.wild_value_range
        below, above = meld.number - 1, meld.number + len(meld.cards)
        ends: list[End | None] = []
        if below >= low and (
            is_wild or (card.number == below and card.color is self.color_at(meld, -1))
        ):
            ends.append(End.LOW)
        if above <= high and (
            is_wild or (card.number == above and card.color is self.color_at(meld, len(meld.cards)))
        ):
            ends.append(End.HIGH)
        return tuple(ends)

    def extend(self, meld: Meld, card: Card, end: End | None) -> Meld:
        assert meld.number is not None
        if end is End.LOW:  # the new lowest card has the other colour: the colours swap
            other = self.color_at(meld, 1)
            assert other is not None
            assert meld.color is not None
            return attrs.evolve(
                meld,
                cards=(card, *meld.cards),
                number=meld.number - 1,
                color=other,
                colors=(meld.color,),
            )
        return attrs.evolve(meld, cards=(*meld.cards, card))

    def candidates(
        self, counts: Sequence[int], min_naturals: int, rules: MeldRules
    ) -> Iterator[Draft]:
        size = self.size
        low, high = rules.wild_value_range
        work = list(counts)
        wild_codes = [code for code in range(49) if work[code] and rules.is_wild_code(code)]
        wild_total = sum(work[code] for code in wild_codes)
        # Bit n-1 of held[c]: a card of colour c and number n is available. A window of
        # the run takes colour "even" where a number has the start's parity, else "odd":
        # one mask per colour pair and parity counts its natural cards with a popcount.
        held = [sum(1 << n for n in range(12) if work[ci * 12 + n]) for ci in range(4)]
        same = (0b010101010101, 0b101010101010)  # numbers of the parity of 1, of 2
        starts = range(low, high - size + 2)
        windows = [_window(start, size) for start in starts]
        for even in range(4):
            for odd in range(4):
                if even == odd:
                    continue
                masks = [(held[even] & p) | (held[odd] & ~p & 0xFFF) for p in same]
                for start, window in zip(starts, windows, strict=True):
                    present = (masks[(start - 1) % 2] & window).bit_count()
                    if size - present > wild_total or present < min_naturals:
                        continue
                    naturals = [
                        (card_code((even, odd)[i % 2], start + i),) if 1 <= start + i <= 12 else ()
                        for i in range(size)
                    ]
                    colors = (COLORS[even], COLORS[odd])
                    yield from _fill_positions(
                        work, naturals, wild_codes, min_naturals, start, colors
                    )


# --------------------------------------------------------------------------- unordered kinds


@attrs.frozen
class ColorSetOf(Requirement):
    """A set of one colour: at least ``size`` cards of one number and one colour.

    The anchor is the number and the colour. A standard deck holds two copies
    of each card, so a colour set of 3 or more needs Wilds.

    >>> meld = ColorSetOf(3).make("B9 W B9")
    >>> str(meld), meld.number, meld.color
    ('B9 B9 W', 9, <Color.BLUE: 'B'>)
    >>> meld.hit_ends(Card.parse("B9")), meld.hit_ends(Card.parse("R9"))
    ((None,), ())
    """

    size: int = attrs.field(validator=check_size)
    kind: ClassVar[str] = "color_set"

    def describe(self, count: int = 1) -> str:
        return f"{plural(count, 'set')} of {self.size} of one color"

    def anchors(
        self, cards: Sequence[Card], rules: MeldRules
    ) -> Iterable[tuple[int | None, Color | None]]:
        seen: list[tuple[int | None, Color | None]] = []
        for card in cards:
            if card.number is not None and (card.number, card.color) not in seen:
                seen.append((card.number, card.color))
        return seen

    def anchor_problem(self, meld: Meld, rules: MeldRules) -> str | None:
        if meld.number is None or not 1 <= meld.number <= 12:
            return "a set of one color needs a number from 1 to 12"
        if meld.color is None:
            return "a set of one color needs its color"
        if meld.wraps:
            return "a set of one color has no wrap-around"
        return None

    def stands_for(self, meld: Meld) -> tuple[int | Color | None, ...]:
        """The set's number for every card (the colour is ``meld.color``)."""
        return (meld.number,) * len(meld.cards)

    def fits_naturally(self, meld: Meld, position: int, card: Card) -> bool:
        return card.number == meld.number and card.color is meld.color

    def hit_ends(self, meld: Meld, card: Card, rules: MeldRules) -> tuple[End | None, ...]:
        if (card.number == meld.number and card.color is meld.color) or rules.is_wild_code(
            card.code
        ):
            return (None,)
        return ()

    def extend(self, meld: Meld, card: Card, end: End | None) -> Meld:
        return sorted_extend(meld, card)

    def canonical(self, meld: Meld) -> Meld:
        return sorted_meld(meld)

    def candidates(
        self, counts: Sequence[int], min_naturals: int, rules: MeldRules
    ) -> Iterator[Draft]:
        size = self.size
        for ci, color in enumerate(COLORS):
            for number in range(1, 13):
                code = card_code(ci, number)
                have = counts[code]
                if not have:
                    continue
                wilds = wild_pool(counts, rules, (code,))
                spare = sum(c for _, c in wilds)
                for used in range(min(have, size), max(min_naturals, 1) - 1, -1):
                    if size - used > spare:
                        break
                    for extra in submultisets(wilds, size - used):
                        yield tuple(sorted((code,) * used + extra)), number, color, used
        if min_naturals == 0:
            for combo in submultisets(wild_pool(counts, rules), size):
                for ci, color in enumerate(COLORS):
                    for number in range(1, 13):
                        if card_code(ci, number) not in combo:
                            yield combo, number, color, 0


@attrs.frozen
class ParityOf(Requirement):
    """An even-or-odd group: at least ``size`` cards all even or all odd, any colours.

    The anchor ``number`` is the parity as ``number % 2``: **0 for even, 1 for
    odd**; ``color`` is ``None``. A Wild stands for "a card of that parity".
    ``parity`` fixes the parity in the requirement; ``None`` lets the player
    choose (the app's "even or odd").

    >>> meld = ParityOf(4).make("G8 R2 W B12")
    >>> str(meld), meld.number
    ('R2 B12 G8 W', 0)
    >>> meld.hit_ends(Card.parse("Y6")), meld.hit_ends(Card.parse("Y7"))
    ((None,), ())
    >>> ParityOf(3, parity="odd").make("W W W").number
    1
    """

    size: int = attrs.field(validator=check_size)
    parity: Parity | None = attrs.field(default=None, converter=_parity)
    kind: ClassVar[str] = "parity"
    uses_colors: ClassVar[bool] = False

    def describe(self, count: int = 1) -> str:
        if self.parity is None:
            cards = f"{self.size} cards all even or all odd"
        else:
            cards = f"{self.size} {self.parity.value} cards"
        if count == 1:
            return cards
        return f"{count} groups of {cards}"

    def _remainders(self) -> tuple[int, ...]:
        return (0, 1) if self.parity is None else (self.parity.remainder,)

    def anchors(
        self, cards: Sequence[Card], rules: MeldRules
    ) -> Iterable[tuple[int | None, Color | None]]:
        if self.parity is not None:
            return [(self.parity.remainder, None)]
        seen: list[tuple[int | None, Color | None]] = []
        for card in cards:
            if card.number is not None and (card.number % 2, None) not in seen:
                seen.append((card.number % 2, None))
        return seen

    def anchor_problem(self, meld: Meld, rules: MeldRules) -> str | None:
        if meld.number not in (0, 1):
            return "an even-or-odd group needs its parity: number 0 (even) or 1 (odd)"
        if meld.color is not None or meld.wraps:
            return "an even-or-odd group has a parity, but no color and no wrap-around"
        if self.parity is not None and meld.number != self.parity.remainder:
            return f"this group must be {self.parity.value}"
        return None

    def stands_for(self, meld: Meld) -> tuple[int | Color | None, ...]:
        """The parity (0 = even, 1 = odd) for every card."""
        return (meld.number,) * len(meld.cards)

    def fits_naturally(self, meld: Meld, position: int, card: Card) -> bool:
        return card.number is not None and card.number % 2 == meld.number

    def hit_ends(self, meld: Meld, card: Card, rules: MeldRules) -> tuple[End | None, ...]:
        if (card.number is not None and card.number % 2 == meld.number) or rules.is_wild_code(
            card.code
        ):
            return (None,)
        return ()

    def extend(self, meld: Meld, card: Card, end: End | None) -> Meld:
        return sorted_extend(meld, card)

    def canonical(self, meld: Meld) -> Meld:
        return sorted_meld(meld)

    def candidates(
        self, counts: Sequence[int], min_naturals: int, rules: MeldRules
    ) -> Iterator[Draft]:
        size = self.size
        for remainder in self._remainders():
            own = [code for code in range(48) if ((code % 12) + 1) % 2 == remainder]
            naturals = [(code, counts[code]) for code in own if counts[code]]
            have = sum(c for _, c in naturals)
            if not have:
                continue
            wilds = wild_pool(counts, rules, own)
            spare = sum(c for _, c in wilds)
            for used in range(min(have, size), max(min_naturals, 1) - 1, -1):
                if size - used > spare:
                    break
                for nat in submultisets(naturals, used):
                    for extra in submultisets(wilds, size - used):
                        yield tuple(sorted(nat + extra)), remainder, None, used
        if min_naturals == 0:
            for combo in submultisets(wild_pool(counts, rules), size):
                present = {((code % 12) + 1) % 2 for code in combo if code < 48}
                for remainder in self._remainders():
                    if remainder not in present:
                        yield combo, remainder, None, 0


# --------------------------------------------------------------------------- phase lists


def _phase(number: int, *requirements: Requirement) -> Phase:
    return Phase(number, requirements)


_ODD = Parity.ODD
_EVEN = Parity.EVEN

UNOBOT_30_PHASES: tuple[Phase, ...] = (
    *STANDARD_PHASES,
    _phase(11, ColorRunOf(4)),
    _phase(12, ColorRunOf(6)),
    _phase(13, RunOf(4), ColorOf(6)),
    _phase(14, RunOf(6), ColorOf(4)),
    _phase(15, ColorOf(8)),
    _phase(16, ColorOf(9)),
    _phase(17, SetOf(3), SetOf(3), SetOf(3)),
    _phase(18, SetOf(4), RunOf(6)),
    _phase(19, SetOf(5), RunOf(5)),
    _phase(20, SetOf(5), ColorOf(5)),
    _phase(21, SetOf(2), SetOf(2), SetOf(2), SetOf(2), SetOf(2)),
    _phase(22, RunOf(10)),
    _phase(23, ColorOf(10)),
    _phase(24, ColorParityRunOf(5, _ODD), ColorParityRunOf(5, _EVEN)),
    _phase(25, SetOf(5), ParityRunOf(5, _ODD)),
    _phase(26, SetOf(5), ParityRunOf(5, _EVEN)),
    _phase(27, SetOf(4), RunOf(3), ColorSetOf(3)),
    _phase(28, RunOf(5), ColorParityRunOf(5, _ODD)),
    _phase(29, RunOf(5), ColorParityRunOf(5, _EVEN)),
    _phase(30, SetOf(5), SetOf(5)),
)
"""The 30-phase list of a Discord bot (source tag ``[GH-UNOBOT]``; origin unverified).

Phases 1-10 are the standard ones. Every phase is expressed faithfully: the
bot's "run of 5 odd numbers" is a run stepping by 2 (1-3-5-7-9 or 3-5-7-9-11),
so it is ``ParityRunOf(5, "odd")``, and "of one color" adds the colour
(:class:`ColorParityRunOf`); "set of 3 of one color" is :class:`ColorSetOf`.
The bot's own house rules (wild bounds, hitting) are not part of the list.

>>> len(UNOBOT_30_PHASES), UNOBOT_30_PHASES[23].name
(30, '1 run of 5 odd numbers of one color + 1 run of 5 even numbers of one color')
"""

COLOR_PHASES: tuple[Phase, ...] = (
    _phase(1, ParityOf(4), SetOf(3)),
    _phase(2, ColorSetOf(2), RunOf(4)),
    _phase(3, ColorRunOf(3), SetOf(3)),
    _phase(4, ParityOf(7)),
    _phase(5, ColorRunOf(4), ParityOf(3)),
    _phase(6, ParityRunOf(4), SetOf(3)),
    _phase(7, ColorSetOf(3), ParityOf(4)),
    _phase(8, ColorRunOf(5), ColorOf(3)),
    _phase(9, ParityRunOf(5), ParityOf(3)),
    _phase(10, ColorRunOf(4), ColorSetOf(2), ParityOf(3)),
)
"""A sample ten-phase list mixing colour runs, colour sets and even-or-odd groups.

Not from any published source: a demonstration (and test bed) of the extra kinds.
Every phase holds a group that many cards can hit (a set, a run, an even-or-odd
group or a colour group): a phase made only of colour sets can hardly ever be
hit (each card exists twice), so once everyone has laid it down nobody can go
out and the hand never ends.

>>> print(COLOR_PHASES[4])
Phase 5: 1 run of 4 of one color + 3 cards all even or all odd
"""


ALT_COLOR_PHASES: tuple[Phase, ...] = (
    STANDARD_PHASES[0],
    _phase(2, SetOf(3), AltColorRunOf(4)),
    _phase(3, SetOf(4), AltColorRunOf(4)),
    _phase(4, AltColorRunOf(7)),
    _phase(5, AltColorRunOf(8)),
    _phase(6, AltColorRunOf(9)),
    *STANDARD_PHASES[6:],
)
"""The ten standard phases with every run in alternating colours (variant ``alternating-runs``).

Phase 6 is then Phase 10 Twist's one recovered Twist card, "run of 9 alternating
colours" (V-14); the list itself is the library's, not a published one.

>>> print(ALT_COLOR_PHASES[1])
Phase 2: 1 set of 3 + 1 run of 4 in alternating colors
"""
