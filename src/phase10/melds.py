"""Groups of cards: the requirement kinds, laid groups (:class:`Meld`), validation and hitting.

A phase is a list of *requirements* such as ``SetOf(3)`` or ``RunOf(4)``. A
:class:`Meld` is a group actually laid on the table: its requirement, its
cards in table order and the anchor that fixes what every Wild stands for
(R-7.3, R-7.6): a set's number, a run's lowest number, a colour group's colour.

>>> meld = RunOf(4).make(parse_cards("W R4 B5 G6"))
>>> meld.number, meld.high, meld.stands_for()
(3, 6, (3, 4, 5, 6))
>>> meld.hit_ends(Card.parse("Y7"))
(<End.HIGH: 'high'>,)

New group kinds subclass :class:`Requirement` and implement its abstract
methods; the solver and the engine use them without change.
"""

from __future__ import annotations

import abc
import enum
import inspect
import itertools
import math
import typing
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar, Protocol

import attrs

from .cards import ALL_CARDS, COLORS, WILD, Card, Color, parse_cards
from .errors import InvalidMeldError, InvalidRulesError
from .limits import MAX_ANCHOR, show

__all__ = [
    "AnchorColor",
    "ColorOf",
    "Draft",
    "End",
    "Meld",
    "MeldRules",
    "NaturalScope",
    "Requirement",
    "RunOf",
    "SetOf",
    "card_code",
    "check_size",
    "plural",
    "sorted_extend",
    "sorted_meld",
    "split_colors",
    "submultisets",
    "wild_pool",
]

_WILD_CODE = 48
_SKIP_CODE = 49


class End(enum.Enum):
    """Which end of a run a hit extends (R-6.5, R-6.9)."""

    LOW = "low"
    HIGH = "high"

    def __repr__(self) -> str:
        return f"<End.{self.name}: {self.value!r}>"


class NaturalScope(enum.Enum):
    """Where at least one natural card is needed (R-7.2, option A-3)."""

    PHASE = "phase"
    """The laid phase as a whole needs one natural card (official default)."""
    GROUP = "group"
    """Every group needs one natural card."""
    NONE = "none"
    """Groups of Wilds only are allowed."""


def _scope(value: NaturalScope | str) -> NaturalScope:
    return value if isinstance(value, NaturalScope) else NaturalScope(value)


def _wild_numbers(value: Iterable[int]) -> frozenset[int]:
    return value if isinstance(value, frozenset) else frozenset(value)


@attrs.frozen(cache_hash=True)
class MeldRules:
    """The rule options that decide whether a group is valid (A-3, A-4, V-10.2).

    ``wild_numbers`` are number cards that act as Wilds for the player concerned
    (Postal rules): they stay natural when they stand for their own number, unless
    ``wild_numbers_natural`` is false (A-26, V-10.3: then they never count as natural
    cards for R-7.2). ``wild_value_range`` bounds what a Wild may stand for in a run;
    number cards always lie in 1..12.
    """

    natural_card_scope: NaturalScope = attrs.field(default=NaturalScope.PHASE, converter=_scope)
    run_wraparound: bool = False
    wild_value_range: tuple[int, int] = (1, 12)
    wild_numbers: frozenset[int] = attrs.field(factory=frozenset, converter=_wild_numbers)
    wild_numbers_natural: bool = True

    def is_wild_code(self, code: int) -> bool:
        """Whether the card with this code may act as a Wild under these rules."""
        return code == _WILD_CODE or (code < 48 and (code % 12) + 1 in self.wild_numbers)

    @property
    def personal_never_natural(self) -> bool:
        """Whether some number cards are Wild here and never count as natural (A-26)."""
        return bool(self.wild_numbers) and not self.wild_numbers_natural


DEFAULT_MELD_RULES = MeldRules()


class _HasMeldRules(Protocol):
    @property
    def meld_rules(self) -> MeldRules: ...


def meld_rules_of(rules: MeldRules | _HasMeldRules | None) -> MeldRules:
    """The :class:`MeldRules` of a ``Rules``, a ``MeldRules`` or ``None`` (the defaults)."""
    if rules is None:
        return DEFAULT_MELD_RULES
    if isinstance(rules, MeldRules):
        return rules
    return rules.meld_rules


AnchorColor = Color | tuple[Color, ...] | None
"""The colour part of an anchor: a colour, or several for kinds whose groups stand for more
than one (an alternating run's two colours); the first is :attr:`Meld.color`, the rest
:attr:`Meld.colors`."""

Draft = tuple[tuple[int, ...], "int | None", AnchorColor, int]
"""A candidate group for the solver: card codes in table order, number, colour(s), naturals
used."""


def split_colors(color: AnchorColor) -> tuple[Color | None, tuple[Color, ...]]:
    """An anchor's colour part as :attr:`Meld.color` and :attr:`Meld.colors`."""
    if isinstance(color, tuple):
        return (color[0] if color else None), color[1:]
    return color, ()


_FLAT_COMBINATIONS = 512
"""Up to this many combinations of the cards one by one, deduplicating them beats recursion."""


def submultisets(available: Sequence[tuple[int, int]], size: int) -> Iterator[tuple[int, ...]]:
    """Every distinct multiset of ``size`` codes drawn from ``(code, count)`` pairs, sorted.

    ``available`` lists codes in increasing order.

    >>> list(submultisets([(3, 2), (5, 1)], 2))
    [(3, 3), (3, 5)]
    """
    if all(count == 1 for _, count in available):  # distinct cards: plain combinations
        yield from itertools.combinations([code for code, _ in available], size)
        return
    flat = [code for code, count in available for _ in range(count)]
    if math.comb(len(flat), size) <= _FLAT_COMBINATIONS:  # small pools: C code, duplicates dropped
        yield from dict.fromkeys(itertools.combinations(flat, size))
        return
    room = [0] * (len(available) + 1)
    for i in range(len(available) - 1, -1, -1):
        room[i] = room[i + 1] + available[i][1]
    yield from _submultisets(available, 0, size, room)


def _submultisets(
    available: Sequence[tuple[int, int]], index: int, size: int, room: list[int]
) -> Iterator[tuple[int, ...]]:
    if size == 0:
        yield ()
        return
    if index == len(available) or room[index] < size:
        return
    code, count = available[index]
    for take in range(min(count, size), -1, -1):
        if size - take > room[index + 1]:
            break
        head = (code,) * take
        for tail in _submultisets(available, index + 1, size - take, room):
            yield head + tail


def card_code(color_index: int, number: int) -> int:
    """The code of the number card ``number`` in the colour ``COLORS[color_index]``.

    Codes index the ``counts`` that :meth:`Requirement.candidates` receives and
    fill a :data:`Draft`: 0-47 are the number cards, colour by colour in
    :data:`~phase10.COLORS` order and 1-12 within a colour; the Wild is 48
    (``WILD.code``) and the Skip 49 (:attr:`Card.code <phase10.Card.code>`).

    >>> card_code(1, 7), str(ALL_CARDS[card_code(1, 7)])
    (18, 'B7')
    """
    return color_index * 12 + number - 1


def wild_pool(
    counts: Sequence[int], rules: MeldRules, skip: Iterable[int] = ()
) -> list[tuple[int, int]]:
    """``(code, count)`` of the available cards that may act as Wilds, for a kind's candidates.

    Without Postal that is the Wilds alone. Under Postal (V-10.2) the number cards
    of the player's personal wild numbers (``rules.wild_numbers``) may act as Wilds
    too: the pool lists them first, by code, then the Wild. A personal wild that
    stands for its own number in the group being built is a natural card there,
    not a Wild (V-10.3): pass the codes that are natural in that group as
    ``skip``, so that each card is offered once, among the naturals. ``counts``
    is indexed by card code (:func:`card_code`).

    >>> from phase10 import parse_cards
    >>> from phase10.solver import card_counts
    >>> counts = card_counts(parse_cards("R3 B3 B7 W W"))
    >>> wild_pool(counts, MeldRules())
    [(48, 2)]
    >>> wild_pool(counts, MeldRules(wild_numbers={3}))  # Postal: 3s are wild
    [(2, 1), (14, 1), (48, 2)]
    >>> wild_pool(counts, MeldRules(wild_numbers={3}), skip=[card_code(0, 3)])  # R3 natural
    [(14, 1), (48, 2)]
    """
    pool: list[tuple[int, int]] = []
    if rules.wild_numbers:
        excluded = set(skip)
        for number in sorted(rules.wild_numbers):
            for ci in range(4):
                code = ci * 12 + number - 1
                if counts[code] and code not in excluded:
                    pool.append((code, counts[code]))
    if counts[_WILD_CODE]:
        pool.append((_WILD_CODE, counts[_WILD_CODE]))
    return pool


def check_size(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    """The attrs validator of a kind's ``size`` field: a whole number of at least 1.

    ``size: int = attrs.field(validator=check_size)``; anything else raises
    :class:`~phase10.InvalidMeldError`.
    """
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise InvalidMeldError(f"a group size must be a whole number >= 1, not {value!r}")


def sorted_extend(meld: Meld, card: Card) -> Meld:
    """``meld`` with ``card`` added and its cards sorted: :meth:`Requirement.extend` for kinds
    whose cards have no order (sets, colour groups)."""
    return attrs.evolve(meld, cards=tuple(sorted((*meld.cards, card))))


def sorted_meld(meld: Meld) -> Meld:
    """``meld`` with its cards sorted (itself if they are): :meth:`Requirement.canonical` for
    kinds whose cards have no order."""
    cards = tuple(sorted(meld.cards))
    return meld if cards == meld.cards else attrs.evolve(meld, cards=cards)


def plural(count: int, noun: str) -> str:
    """``"1 set"``, ``"2 sets"``: for :meth:`Requirement.describe`, which phase names use.

    >>> plural(1, "run"), plural(3, "run")
    ('1 run', '3 runs')
    """
    return f"{count} {noun}{'s' if count != 1 else ''}"


class Requirement(abc.ABC):
    """One group a phase asks for, such as "a set of 3". Subclass it for a new kind.

    A subclass is a frozen attrs class with a ``size`` field (the minimum) and
    implements the abstract methods. ``uses_numbers`` / ``uses_colors`` tell the
    solver which card features matter, so it can merge cards that are alike.
    """

    __slots__ = ()
    size: int
    kind: ClassVar[str] = "group"
    uses_numbers: ClassVar[bool] = True
    uses_colors: ClassVar[bool] = True
    wraps_around: ClassVar[bool] = False
    """Whether groups of this kind wrap from 12 to 1 under ``run_wraparound`` (A-4)."""
    extra_colors: ClassVar[int] = 0
    """How many colours beyond :attr:`Meld.color` a group's anchor holds
    (:attr:`Meld.colors`): 1 for an alternating run, 0 for every other kind."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Refuse a class that claims a ``kind`` another class already has.

        A subclass that inherits its parent's ``kind`` claims nothing (it cannot
        be written to JSON, where the kind names the class). Defining the same
        class again (a module reloaded, attrs rebuilding a slotted class) is no clash.
        """
        super().__init_subclass__(**kwargs)
        kind = cls.__dict__.get("kind")
        if not isinstance(kind, str):
            return
        for other in _kind_classes():
            if other.__dict__.get(_CLAIM) == kind and not _same_definition(other, cls):
                raise InvalidRulesError(
                    f"the group kind {kind!r} is taken by {other.__module__}."
                    f"{other.__qualname__}: give {cls.__qualname__} a kind of its own"
                )
        setattr(cls, _CLAIM, kind)

    @abc.abstractmethod
    def describe(self, count: int = 1) -> str:
        """Words for ``count`` groups of this kind: ``"2 sets of 3"``."""

    @abc.abstractmethod
    def anchors(
        self, cards: Sequence[Card], rules: MeldRules
    ) -> Iterable[tuple[int | None, AnchorColor]]:
        """The ``(number, colour)`` anchors worth trying when a group's anchor is not given.

        A kind whose groups stand for several colours gives them as a tuple (see
        :data:`~phase10.melds.AnchorColor`)."""

    @abc.abstractmethod
    def stands_for(self, meld: Meld) -> tuple[int | Color | None, ...]:
        """What every position of a laid group represents (a number or a colour)."""

    @abc.abstractmethod
    def fits_naturally(self, meld: Meld, position: int, card: Card) -> bool:
        """Whether ``card`` at ``position`` is what that position represents (not as a Wild)."""

    @abc.abstractmethod
    def hit_ends(self, meld: Meld, card: Card, rules: MeldRules) -> tuple[End | None, ...]:
        """Where ``card`` could be added to ``meld``: ``(None,)`` for groups without ends."""

    def hits(
        self, meld: Meld, cards: Sequence[Card], rules: MeldRules
    ) -> list[tuple[Card, End | None]]:
        """Each ``(card, end)`` of :meth:`hit_ends` for ``cards`` in turn: what a hit
        listing asks of every group on the table. The built-in kinds answer in one pass,
        working out what fits the group once rather than once a card."""
        return [(card, end) for card in cards for end in self.hit_ends(meld, card, rules)]

    @abc.abstractmethod
    def extend(self, meld: Meld, card: Card, end: End | None) -> Meld:
        """``meld`` with ``card`` added at ``end`` (no checks: use :meth:`Meld.hit`)."""

    @abc.abstractmethod
    def candidates(
        self, counts: Sequence[int], min_naturals: int, rules: MeldRules
    ) -> Iterator[Draft]:
        """Every distinct group of exactly :attr:`size` cards that ``counts`` can supply.

        ``counts[code]`` is how many of each card are available; a draft uses at
        least ``min_naturals`` natural cards.
        """

    def max_length(self, rules: MeldRules) -> int | None:
        """The largest size a group of this kind may reach, or ``None`` for no limit."""
        return None

    def canonical(self, meld: Meld) -> Meld:
        """``meld`` in its one canonical table order (kinds without order sort their cards)."""
        return meld

    def describe_meld(self, meld: Meld) -> str:
        """Words for one laid group of this kind, for messages (``"run 3-6"``)."""
        return self.describe()

    def anchor_problem(self, meld: Meld, rules: MeldRules) -> str | None:
        """Why the anchor of ``meld`` is impossible, or ``None``."""
        return None

    def outcome_key(self, meld: Meld) -> Hashable:
        """What ``meld`` means for later play (hits), as a hashable value.

        :func:`phase10.legal_actions` lists one lay-down per distinct outcome:
        the cards left in hand and, for each group, this key. The default is the
        group exactly as laid (anchor and cards in table order), which is safe
        for any kind. A kind whose hits depend only on its anchor and length
        should return just those, so that lay-downs differing only in where the
        Wilds sit are listed once.
        """
        return (meld.number, meld.color, meld.colors, meld.wraps, meld.cards)

    # -- shared behaviour -------------------------------------------------

    def natural_count(self, meld: Meld) -> int:
        """How many cards of ``meld`` stand for themselves (R-7.2)."""
        return sum(
            1
            for i, card in enumerate(meld.cards)
            if card.is_natural and self.fits_naturally(meld, i, card)
        )

    def problem(self, meld: Meld, rules: MeldRules) -> str | None:
        """Why ``meld`` is not a valid group of this kind under ``rules``, or ``None``."""
        if meld.requirement != self:
            return f"the group is a {meld.requirement.describe()}, not a {self.describe()}"
        if len(meld.cards) < self.size:
            return f"{self.describe()} needs at least {self.size} cards, not {len(meld.cards)}"
        limit = self.max_length(rules)
        if limit is not None and len(meld.cards) > limit:
            return f"{self.describe()} can hold at most {limit} cards"
        if len(meld.colors) != self.extra_colors:
            wanted = plural(self.extra_colors, "further anchor colour")
            return f"{self.describe()} takes {wanted}, not {len(meld.colors)}"
        bad_anchor = self.anchor_problem(meld, rules)
        if bad_anchor:
            if meld.number is None and meld.color is None and not meld.colors:
                # Meld(...) built by hand with no anchor: the likely slip of a bot or server
                return (
                    f"{bad_anchor}: Meld(...) takes the anchor as given (none here); "
                    f"{self!r}.make(cards) works it out from the cards"
                )
            return bad_anchor
        for i, card in enumerate(meld.cards):
            if card.is_skip:
                return "a Skip can never be part of a group (R-5.6)"
            if self.fits_naturally(meld, i, card):
                continue
            if not rules.is_wild_code(card.code):
                return f"{card} does not belong in {meld.describe()}"
        if rules.natural_card_scope is NaturalScope.GROUP and meld.natural_count(rules) == 0:
            return "every group needs at least one natural card (natural_card_scope='group')"
        return None

    def make(
        self,
        cards: Iterable[Card] | str,
        *,
        number: int | None = None,
        color: AnchorColor = None,
        rules: MeldRules | _HasMeldRules | None = None,
    ) -> Meld:
        """Build and validate a laid group from cards in table order.

        The anchor (``number`` / ``color``; a tuple of colours for a kind that
        stands for several) is worked out from the natural cards when not given;
        a group of Wilds only must name it.
        Raises :class:`~phase10.InvalidMeldError` with the reason.
        """
        mr = meld_rules_of(rules)
        seq = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
        if number is not None or color is not None:
            options: Iterable[tuple[int | None, AnchorColor]] = [(number, color)]
        else:
            options = self.anchors(seq, mr)
        valid: list[Meld] = []
        first_problem: str | None = None
        for num, colors in options:
            col, more = split_colors(colors)
            wraps = mr.run_wraparound and self.wraps_around
            meld = Meld(self, seq, num, col, wraps, more)
            why = self.problem(meld, mr)
            if why is None:
                if meld not in valid:
                    valid.append(meld)
            elif first_problem is None:
                first_problem = why
        if len(valid) == 1:
            return self.canonical(valid[0])
        if len(valid) > 1:
            raise InvalidMeldError(
                f"{self.describe()} from {' '.join(map(str, seq))} is ambiguous: "
                "say what the Wilds stand for"
            )
        if first_problem is None:
            first_problem = f"{self.describe()} made only of Wilds must say what it stands for"
        raise InvalidMeldError(first_problem)


_CLAIM = "_phase10_kind"
"""The class attribute that records the kind a class was accepted with."""


def _same_definition(one: type, other: type) -> bool:
    return (one.__module__, one.__qualname__) == (other.__module__, other.__qualname__)


def _kind_classes() -> Iterator[type[Requirement]]:
    """Every subclass of :class:`Requirement`, breadth first, oldest first on each level."""
    queue: deque[type[Requirement]] = deque(Requirement.__subclasses__())
    seen: set[type[Requirement]] = set()
    while queue:
        sub = queue.popleft()
        if sub not in seen:
            seen.add(sub)
            queue.extend(sub.__subclasses__())
            yield sub


def requirement_kinds() -> Mapping[str, type[Requirement]]:
    """Every concrete :class:`~phase10.Requirement` subclass, by its ``kind`` name.

    The classes are found by walking ``Requirement.__subclasses__()`` on every
    call, so a group kind defined by a plugin is known as soon as its module is
    imported, and no registry can go stale. A class claims the kind it names in
    its own body; a subclass that inherits its parent's kind claims nothing, and
    a class naming a kind another class has is refused when it is defined
    (:class:`~phase10.InvalidRulesError`). When one class is defined again (a
    module reloaded), the newest definition counts.

    >>> kinds = requirement_kinds()
    >>> kinds["set"], kinds["color_run"]
    (<class 'phase10.melds.SetOf'>, <class 'phase10.extra_kinds.ColorRunOf'>)
    """
    found: dict[str, type[Requirement]] = {}
    for sub in _kind_classes():
        kind = sub.__dict__.get("kind")
        # A class refused when it was defined lingers until it is garbage collected:
        # only the classes accepted carry the claim. Among definitions of one class
        # (siblings, oldest first), the newest wins.
        claimed = isinstance(kind, str) and sub.__dict__.get(_CLAIM) == kind
        if claimed and not inspect.isabstract(sub):
            found[typing.cast(str, kind)] = sub
    return MappingProxyType(dict(sorted(found.items())))


def _anchor_and_length(meld: Meld) -> Hashable:
    """The outcome of a group whose hits depend only on its anchor and length."""
    return (meld.number, meld.color, meld.wraps, len(meld.cards))


def _number_options(cards: Sequence[Card]) -> list[int]:
    seen: list[int] = []
    for card in cards:
        if card.number is not None and card.number not in seen:
            seen.append(card.number)
    return seen


@attrs.frozen
class SetOf(Requirement):
    """A set: at least ``size`` cards of one number, any colours (§0, R-7.5)."""

    size: int = attrs.field(validator=check_size)
    kind: ClassVar[str] = "set"
    uses_colors: ClassVar[bool] = False

    def describe(self, count: int = 1) -> str:
        return f"{plural(count, 'set')} of {self.size}"

    def anchors(
        self, cards: Sequence[Card], rules: MeldRules
    ) -> Iterable[tuple[int | None, Color | None]]:
        return [(n, None) for n in _number_options(cards)]

    def anchor_problem(self, meld: Meld, rules: MeldRules) -> str | None:
        if meld.number is None or not 1 <= meld.number <= 12:
            return "a set needs a number from 1 to 12"
        if meld.color is not None or meld.wraps:
            return "a set has a number, but no colour and no wrap-around"
        return None

    def stands_for(self, meld: Meld) -> tuple[int | Color | None, ...]:
        return (meld.number,) * len(meld.cards)

    def outcome_key(self, meld: Meld) -> Hashable:
        return _anchor_and_length(meld)

    def describe_meld(self, meld: Meld) -> str:
        return f"set of {meld.number}s"

    def fits_naturally(self, meld: Meld, position: int, card: Card) -> bool:
        return card.number == meld.number

    def hit_ends(self, meld: Meld, card: Card, rules: MeldRules) -> tuple[End | None, ...]:
        if card.number == meld.number or rules.is_wild_code(card.code):
            return (None,)
        return ()

    def hits(
        self, meld: Meld, cards: Sequence[Card], rules: MeldRules
    ) -> list[tuple[Card, End | None]]:
        number, wild = meld.number, rules.is_wild_code
        return [(c, None) for c in cards if c.number == number or wild(c.code)]

    def extend(self, meld: Meld, card: Card, end: End | None) -> Meld:
        return sorted_extend(meld, card)

    def canonical(self, meld: Meld) -> Meld:
        return sorted_meld(meld)

    def candidates(
        self, counts: Sequence[int], min_naturals: int, rules: MeldRules
    ) -> Iterator[Draft]:
        size = self.size
        lowest = max(min_naturals, 1)
        personal = bool(rules.wild_numbers)
        wild_count = counts[_WILD_CODE]
        common: list[tuple[int, int]] = [(_WILD_CODE, wild_count)] if wild_count else []
        for number in range(1, 13):
            i = number - 1
            have = counts[i] + counts[i + 12] + counts[i + 24] + counts[i + 36]
            if not have:
                continue
            if personal:
                naturals = [(ci * 12 + i, counts[ci * 12 + i]) for ci in range(4)]
                naturals = [pair for pair in naturals if pair[1]]
                wilds = wild_pool(counts, rules, (code for code, _ in naturals))
                spare = sum(c for _, c in wilds)
            else:
                # Without personal Wilds the pool is the Wilds alone: skip a number
                # that cannot make a draft before building any list for it.
                if have < lowest or have + wild_count < size:
                    continue
                naturals = [(ci * 12 + i, counts[ci * 12 + i]) for ci in range(4)]
                naturals = [pair for pair in naturals if pair[1]]
                wilds, spare = common, wild_count
            for used in range(min(have, size), lowest - 1, -1):
                if size - used > spare:
                    break
                if personal:
                    for nat in submultisets(naturals, used):
                        for extra in submultisets(wilds, size - used):
                            yield nat + extra, number, None, used
                else:  # the Wilds are one code: one way to add them
                    extra = (_WILD_CODE,) * (size - used)
                    for nat in submultisets(naturals, used):
                        yield nat + extra, number, None, used
        if min_naturals == 0:
            wilds = wild_pool(counts, rules)
            for combo in submultisets(wilds, size):
                present = {(code % 12) + 1 for code in combo if code < 48}
                for number in range(1, 13):
                    if number not in present:
                        yield combo, number, None, 0


@attrs.frozen
class RunOf(Requirement):
    """A run: at least ``size`` cards in consecutive numbers, any colours (§0, R-7.4)."""

    size: int = attrs.field(validator=check_size)
    kind: ClassVar[str] = "run"
    uses_colors: ClassVar[bool] = False
    wraps_around: ClassVar[bool] = True

    def describe(self, count: int = 1) -> str:
        return f"{plural(count, 'run')} of {self.size}"

    def max_length(self, rules: MeldRules) -> int | None:
        if rules.run_wraparound:
            return 12
        low, high = rules.wild_value_range
        return high - low + 1

    def anchors(
        self, cards: Sequence[Card], rules: MeldRules
    ) -> Iterable[tuple[int | None, Color | None]]:
        starts: list[int] = []
        for i, card in enumerate(cards):
            if card.number is None:
                continue
            start = card.number - i
            if rules.run_wraparound:
                start = (start - 1) % 12 + 1
            if start not in starts:
                starts.append(start)
        return [(s, None) for s in starts]

    def anchor_problem(self, meld: Meld, rules: MeldRules) -> str | None:
        start = meld.number
        if start is None:
            return "a run needs its lowest number"
        if meld.color is not None:
            return "a run of any colours has no colour of its own"
        if meld.wraps and not rules.run_wraparound:
            return "runs cannot wrap around from 12 to 1 under these rules (R-7.4)"
        if rules.run_wraparound:
            if not 1 <= start <= 12:
                return "a run must start between 1 and 12"
            if not meld.wraps and start + len(meld.cards) - 1 > 12:
                return "a run that goes past 12 must wrap around to 1 (wraps=True)"
            return None
        low, high = rules.wild_value_range
        end = start + len(meld.cards) - 1
        if start < low or end > high:
            return f"a run must stay within {low}..{high} and cannot wrap around (R-7.4)"
        return None

    def value_at(self, meld: Meld, position: int) -> int:
        """The number that ``position`` of a run stands for."""
        assert meld.number is not None
        value = meld.number + position
        return (value - 1) % 12 + 1 if meld.wraps else value

    def stands_for(self, meld: Meld) -> tuple[int | Color | None, ...]:
        return tuple(self.value_at(meld, i) for i in range(len(meld.cards)))

    def outcome_key(self, meld: Meld) -> Hashable:
        return _anchor_and_length(meld)

    def describe_meld(self, meld: Meld) -> str:
        return f"run {meld.number}-{meld.high}"

    def fits_naturally(self, meld: Meld, position: int, card: Card) -> bool:
        return card.number is not None and card.number == self.value_at(meld, position)

    def hit_ends(self, meld: Meld, card: Card, rules: MeldRules) -> tuple[End | None, ...]:
        if card.is_skip:
            return ()
        limit = self.max_length(rules)
        if limit is not None and len(meld.cards) >= limit:
            return ()
        assert meld.number is not None
        is_wild = rules.is_wild_code(card.code)
        if meld.wraps:
            below = (meld.number - 2) % 12 + 1
            above = (meld.number + len(meld.cards) - 1) % 12 + 1
            low_ok = high_ok = True
        else:
            below = meld.number - 1
            above = meld.number + len(meld.cards)
            lo, hi = rules.wild_value_range
            low_ok = below >= (lo if is_wild else max(lo, 1))
            high_ok = above <= (hi if is_wild else min(hi, 12))
        ends: list[End | None] = []
        if low_ok and (is_wild or card.number == below):
            ends.append(End.LOW)
        if high_ok and (is_wild or card.number == above):
            ends.append(End.HIGH)
        return tuple(ends)

    def hits(
        self, meld: Meld, cards: Sequence[Card], rules: MeldRules
    ) -> list[tuple[Card, End | None]]:
        result: list[tuple[Card, End | None]] = []
        limit = self.max_length(rules)
        if limit is not None and len(meld.cards) >= limit:
            return result
        assert meld.number is not None
        if meld.wraps:  # the numbers either side of the run, and whether each end is open
            below = (meld.number - 2) % 12 + 1
            above = (meld.number + len(meld.cards) - 1) % 12 + 1
            wild_low = wild_high = low = high = True
        else:
            below = meld.number - 1
            above = meld.number + len(meld.cards)
            lo, hi = rules.wild_value_range
            wild_low, wild_high = below >= lo, above <= hi
            low, high = below >= max(lo, 1), above <= min(hi, 12)
        wild = rules.is_wild_code
        for card in cards:
            code = card.code
            if code == _SKIP_CODE:
                continue
            if wild(code):
                if wild_low:
                    result.append((card, End.LOW))
                if wild_high:
                    result.append((card, End.HIGH))
                continue
            number = card.number
            if low and number == below:
                result.append((card, End.LOW))
            if high and number == above:
                result.append((card, End.HIGH))
        return result

    def extend(self, meld: Meld, card: Card, end: End | None) -> Meld:
        assert meld.number is not None
        if end is End.LOW:
            start = meld.number - 1
            if meld.wraps:
                start = (start - 1) % 12 + 1
            return attrs.evolve(meld, cards=(card, *meld.cards), number=start)
        return attrs.evolve(meld, cards=(*meld.cards, card))

    def candidates(
        self, counts: Sequence[int], min_naturals: int, rules: MeldRules
    ) -> Iterator[Draft]:
        size = self.size
        work = list(counts)
        wrap = rules.run_wraparound
        if wrap:
            starts: Iterable[int] = range(1, 13) if size <= 12 else ()
        else:
            low, high = rules.wild_value_range
            starts = range(low, high - size + 2)
        if rules.wild_numbers:
            wild_codes = [code for code in range(49) if work[code] and rules.is_wild_code(code)]
        else:
            wild_codes = [_WILD_CODE] if work[_WILD_CODE] else []
        wild_total = sum(work[code] for code in wild_codes)
        present = 0  # bit n-1: some card of number n is available
        for i in range(12):
            if work[i] or work[i + 12] or work[i + 24] or work[i + 36]:
                present |= 1 << i
        span = (1 << size) - 1
        for start in starts:
            # Positions without a natural card (or outside 1..12) must take a Wild:
            # prune early. A run's numbers are distinct, so a bit mask counts them.
            if wrap:
                shifted = span << (start - 1)
                window = (shifted | shifted >> 12) & 0xFFF
            else:
                first, last = max(start, 1), min(start + size - 1, 12)
                window = ((1 << last) - 1) & ~((1 << (first - 1)) - 1) if first <= last else 0
            if size - (present & window).bit_count() > wild_total:
                continue
            if wrap:
                numbers = [(start + i - 1) % 12 + 1 for i in range(size)]
            else:
                numbers = list(range(start, start + size))
            if wild_codes and wild_codes[0] < _WILD_CODE:  # personal Wilds compete (V-10)
                yield from _run_positions(work, numbers, 0, [], 0, min_naturals, wild_codes, start)
            else:
                yield from _run_products(work, numbers, min_naturals, wild_total, start)


_PRODUCT_LIMIT = 256
"""Up to this many position choices, a run's drafts come from ``itertools.product``."""


def _run_products(
    work: list[int], numbers: list[int], min_naturals: int, wilds: int, start: int
) -> Iterator[Draft]:
    """:func:`_run_positions` when only the Wild card is wild: each position takes a natural
    card of its number or a Wild, the numbers of a run differ, so only the Wilds compete.

    The same drafts in the same order (position by position, the colours in order, then
    the Wild), from one ``itertools.product`` filtered on the Wilds it uses, while the
    product is small; else the recursion, which prunes when the Wilds run out.
    """
    wild = [_WILD_CODE] if wilds else []
    options: list[list[int]] = []
    total = 1
    for number in numbers:
        if 1 <= number <= 12:
            choice = [code for code in range(number - 1, 48, 12) if work[code]] + wild
        else:
            choice = wild
        options.append(choice)
        total *= len(choice)
    if total > _PRODUCT_LIMIT:
        yield from _run_positions(work, numbers, 0, [], 0, min_naturals, wild, start)
        return
    size = len(numbers)
    for combo in itertools.product(*options):
        used = combo.count(_WILD_CODE)
        if used <= wilds and size - used >= min_naturals:
            yield combo, start, None, size - used


def _run_positions(
    work: list[int],
    numbers: list[int],
    index: int,
    chosen: list[int],
    naturals: int,
    min_naturals: int,
    wild_codes: list[int],
    start: int,
) -> Iterator[Draft]:
    if index == len(numbers):
        if naturals >= min_naturals:
            yield tuple(chosen), start, None, naturals
        return
    number = numbers[index]
    if 1 <= number <= 12:
        for ci in range(4):
            code = ci * 12 + number - 1
            if work[code]:
                work[code] -= 1
                chosen.append(code)
                yield from _run_positions(
                    work, numbers, index + 1, chosen, naturals + 1, min_naturals, wild_codes, start
                )
                chosen.pop()
                work[code] += 1
    for code in wild_codes:
        if work[code] and (code >= 48 or (code % 12) + 1 != number):
            work[code] -= 1
            chosen.append(code)
            yield from _run_positions(
                work, numbers, index + 1, chosen, naturals, min_naturals, wild_codes, start
            )
            chosen.pop()
            work[code] += 1


@attrs.frozen
class ColorOf(Requirement):
    """A colour group: at least ``size`` cards of one colour, any numbers (§0, R-7.5)."""

    size: int = attrs.field(validator=check_size)
    kind: ClassVar[str] = "color"
    uses_numbers: ClassVar[bool] = False

    def describe(self, count: int = 1) -> str:
        if count == 1:
            return f"{self.size} cards of one color"
        return f"{count} groups of {self.size} cards of one color"

    def anchors(
        self, cards: Sequence[Card], rules: MeldRules
    ) -> Iterable[tuple[int | None, Color | None]]:
        seen: list[tuple[int | None, Color | None]] = []
        for card in cards:
            if card.color is not None and (None, card.color) not in seen:
                seen.append((None, card.color))
        return seen

    def anchor_problem(self, meld: Meld, rules: MeldRules) -> str | None:
        if meld.color is None:
            return "a colour group needs a colour"
        if meld.number is not None or meld.wraps:
            return "a colour group has a colour, but no number and no wrap-around"
        return None

    def stands_for(self, meld: Meld) -> tuple[int | Color | None, ...]:
        return (meld.color,) * len(meld.cards)

    def outcome_key(self, meld: Meld) -> Hashable:
        return _anchor_and_length(meld)

    def describe_meld(self, meld: Meld) -> str:
        return f"{meld.color.name.lower()} group" if meld.color is not None else self.describe()

    def fits_naturally(self, meld: Meld, position: int, card: Card) -> bool:
        return card.color is meld.color

    def hit_ends(self, meld: Meld, card: Card, rules: MeldRules) -> tuple[End | None, ...]:
        if card.color is meld.color or rules.is_wild_code(card.code):
            return (None,)
        return ()

    def hits(
        self, meld: Meld, cards: Sequence[Card], rules: MeldRules
    ) -> list[tuple[Card, End | None]]:
        color, wild = meld.color, rules.is_wild_code
        return [(c, None) for c in cards if c.color is color or wild(c.code)]

    def extend(self, meld: Meld, card: Card, end: End | None) -> Meld:
        return sorted_extend(meld, card)

    def canonical(self, meld: Meld) -> Meld:
        return sorted_meld(meld)

    def candidates(
        self, counts: Sequence[int], min_naturals: int, rules: MeldRules
    ) -> Iterator[Draft]:
        size = self.size
        lowest = max(min_naturals, 1)
        personal = bool(rules.wild_numbers)
        wild_count = counts[_WILD_CODE]
        common: list[tuple[int, int]] = [(_WILD_CODE, wild_count)] if wild_count else []
        for ci, color in enumerate(COLORS):
            naturals = [(code, counts[code]) for code in range(ci * 12, ci * 12 + 12)]
            naturals = [pair for pair in naturals if pair[1]]
            have = sum(c for _, c in naturals)
            if not have:
                continue
            if personal:
                wilds = wild_pool(counts, rules, range(ci * 12, ci * 12 + 12))
                spare = sum(c for _, c in wilds)
            else:
                wilds, spare = common, wild_count
            for used in range(min(have, size), lowest - 1, -1):
                if size - used > spare:
                    break
                for nat in submultisets(naturals, used):
                    for extra in submultisets(wilds, size - used):
                        yield nat + extra, None, color, used
        if min_naturals == 0:
            wilds = wild_pool(counts, rules)
            for combo in submultisets(wilds, size):
                present = {code // 12 for code in combo if code < 48}
                for ci, color in enumerate(COLORS):
                    if ci not in present:
                        yield combo, None, color, 0


@attrs.frozen(cache_hash=True)
class Meld:
    """A group laid on the table (R-8.2).

    ``cards`` are in table order. ``number`` is a set's number or a run's
    lowest number; ``color`` is a colour group's colour. Together with the
    positions they fix what every Wild stands for. ``wraps`` is set on runs
    laid under the wrap-around option (A-4), where numbers continue 12, 1, 2.
    """

    requirement: Requirement
    cards: tuple[Card, ...]
    """In table order; any other sequence of cards is checked and stored as a tuple."""
    number: int | None = None
    color: Color | None = None
    wraps: bool = False
    colors: tuple[Color, ...] = ()
    """The anchor's further colours, for kinds whose groups stand for more than one
    (an alternating run's second colour, :class:`~phase10.extra_kinds.AltColorRunOf`);
    empty for every other kind."""

    def __attrs_post_init__(self) -> None:
        # The solver builds many groups: one cheap test of every field, and the
        # slow path only for a value that needs converting or refusing.
        number = self.number
        color = self.color
        if (
            type(self.cards) is not tuple
            or (
                number is not None
                and (type(number) is not int or not -MAX_ANCHOR <= number <= MAX_ANCHOR)
            )
            or (color is not None and type(color) is not Color)
            or type(self.wraps) is not bool
            or (self.colors and type(self.colors) is not tuple)
        ):
            self._check_fields()

    def _check_fields(self) -> None:
        """Store a sequence of cards as a tuple; refuse fields of the wrong type.

        Only the anchor, the colour and ``wraps`` are checked on every group; the
        cards of a tuple and the requirement are taken as given there (checking
        them would add a third to the cost of building a group), and checked here.
        """
        if not isinstance(self.requirement, Requirement):
            raise InvalidMeldError(
                f"a group's requirement is a Requirement, not {show(self.requirement)}"
            )
        cards = self.cards
        if type(cards) is not tuple:
            if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
                raise InvalidMeldError(f"a group's cards are a sequence of Card, not {show(cards)}")
            cards = tuple(cards)
            object.__setattr__(self, "cards", cards)
        for card in cards:
            if type(card) is not Card:
                raise InvalidMeldError(f"a group's cards are Card values, not {show(card)}")
        number = self.number
        if number is not None and (
            type(number) is not int or not -MAX_ANCHOR <= number <= MAX_ANCHOR
        ):
            raise InvalidMeldError(
                f"a group's number is None or a whole number from {-MAX_ANCHOR} to {MAX_ANCHOR}, "
                f"not {show(number)}"
            )
        if self.color is not None and type(self.color) is not Color:
            raise InvalidMeldError(f"a group's color is None or a Color, not {show(self.color)}")
        if type(self.wraps) is not bool:
            raise InvalidMeldError(f"a group's wraps is True or False, not {show(self.wraps)}")
        colors = self.colors
        if isinstance(colors, (str, bytes)) or not isinstance(colors, Iterable):
            raise InvalidMeldError(f"a group's colors are a sequence of Color, not {show(colors)}")
        colors = tuple(colors)
        if not all(type(c) is Color for c in colors):
            raise InvalidMeldError(f"a group's colors are Color values, not {show(colors)}")
        object.__setattr__(self, "colors", colors)

    @property
    def high(self) -> int | None:
        """A run's highest number (``None`` for other kinds)."""
        if self.requirement.kind != "run" or self.number is None:
            return None
        value = self.number + len(self.cards) - 1
        return (value - 1) % 12 + 1 if self.wraps else value

    def stands_for(self) -> tuple[int | Color | None, ...]:
        """What each card, in table order, represents."""
        return self.requirement.stands_for(self)

    def natural_count(self, rules: MeldRules | _HasMeldRules | None = None) -> int:
        """How many cards stand for themselves (not used as a Wild), R-7.2.

        Under ``rules`` whose personal Wilds never count as natural
        (:attr:`MeldRules.wild_numbers_natural` false, A-26) those cards are left out.
        """
        if rules is None:
            return self.requirement.natural_count(self)
        mr = meld_rules_of(rules)
        if not mr.personal_never_natural:
            return self.requirement.natural_count(self)
        fits = self.requirement.fits_naturally
        return sum(
            1
            for i, card in enumerate(self.cards)
            if card.is_natural and not mr.is_wild_code(card.code) and fits(self, i, card)
        )

    def problem(self, rules: MeldRules | _HasMeldRules | None = None) -> str | None:
        """Why this group is invalid under ``rules``, or ``None``."""
        mr = meld_rules_of(rules)
        if _plainly_valid(self, mr):
            return None
        return self.requirement.problem(self, mr)

    def is_valid(self, rules: MeldRules | _HasMeldRules | None = None) -> bool:
        """Whether this group is valid under ``rules``."""
        return self.problem(rules) is None

    def hit_ends(
        self, card: Card, rules: MeldRules | _HasMeldRules | None = None
    ) -> tuple[End | None, ...]:
        """Where ``card`` can be added: ``()`` if nowhere, ``(None,)`` for sets and colours."""
        return self.requirement.hit_ends(self, card, meld_rules_of(rules))

    def hit(
        self, card: Card, end: End | None = None, rules: MeldRules | _HasMeldRules | None = None
    ) -> Meld:
        """This group with ``card`` added (R-6.5); raises :class:`InvalidMeldError` if it misfits.

        For a run, ``end`` may be left out when only one end fits.
        """
        ends = self.hit_ends(card, rules)
        if not ends:
            raise InvalidMeldError(f"{card} does not fit {self.describe()} ({self})")
        if end is None:
            if len(ends) > 1:
                raise InvalidMeldError(f"{card} fits both ends of {self}: say which end")
            end = ends[0]
        elif end not in ends:
            raise InvalidMeldError(f"{card} does not fit the {end.value} end of {self}")
        return self.requirement.extend(self, card, end)

    def describe(self) -> str:
        """Words for this group: ``"set of 7s"``, ``"run 3-6"``, ``"red group"``."""
        return self.requirement.describe_meld(self)

    def sort_key(self) -> tuple[str, int, int, tuple[int, ...], tuple[int, ...]]:
        """A total order for canonical lists of melds."""
        col = -1 if self.color is None else COLORS.index(self.color)
        return (
            self.requirement.kind,
            self.number if self.number is not None else -1,
            col,
            tuple(c.code for c in self.cards),
            tuple(COLORS.index(c) for c in self.colors),
        )

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)

    def __repr__(self) -> str:
        colors = f", colors={self.colors!r}" if self.colors else ""  # only kinds that use it
        return (
            f"Meld(requirement={self.requirement!r}, cards={self.cards!r}, "
            f"number={self.number!r}, color={self.color!r}, wraps={self.wraps!r}{colors})"
        )


_NUMBER_MASKS: tuple[int, ...] = tuple(
    sum(1 << (ci * 12 + n - 1) for ci in range(4)) | 1 << _WILD_CODE for n in range(1, 13)
)
"""Per number 1..12: the bit mask of the card codes a set of that number may hold."""

_COLOR_MASKS: Mapping[Color, int] = MappingProxyType(
    {
        color: sum(1 << code for code in range(ci * 12, ci * 12 + 12)) | 1 << _WILD_CODE
        for ci, color in enumerate(COLORS)
    }
)
"""Per colour: the bit mask of the card codes a colour group of that colour may hold."""


def _plainly_valid(meld: Meld, rules: MeldRules) -> bool:
    """A quick yes for a valid group of an exact built-in kind without personal Wilds.

    ``False`` means "not sure": the caller then asks :meth:`Requirement.problem`,
    which gives the exact message. Exact classes only: a subclass may change what
    fits. Without personal Wilds every card of a valid group is a Wild or stands
    for itself, so a group has a natural card iff it holds a number card.
    """
    if rules.wild_numbers or meld.colors:
        return False
    req = meld.requirement
    kind = type(req)
    cards = meld.cards
    length = len(cards)
    if kind is SetOf:
        number = meld.number
        if (
            length < req.size
            or type(number) is not int
            or not 1 <= number <= 12
            or meld.color is not None
            or meld.wraps
        ):
            return False
        allowed = _NUMBER_MASKS[number - 1]
        for card in cards:
            if not allowed >> card.code & 1:
                return False
    elif kind is ColorOf:
        color = meld.color
        if length < req.size or type(color) is not Color or meld.number is not None or meld.wraps:
            return False
        allowed = _COLOR_MASKS[color]
        for card in cards:
            if not allowed >> card.code & 1:
                return False
    elif kind is RunOf:
        start = meld.number
        if length < req.size or type(start) is not int or meld.color is not None:
            return False
        wraps = bool(meld.wraps)
        if rules.run_wraparound:
            if length > 12 or not 1 <= start <= 12 or (not wraps and start + length - 1 > 12):
                return False
        else:
            low, high = rules.wild_value_range
            if wraps or start < low or start + length - 1 > high or length > high - low + 1:
                return False
        value = start
        for card in cards:
            code = card.code
            if code != _WILD_CODE and (code > _WILD_CODE or code % 12 + 1 != value):
                return False
            value = value % 12 + 1 if wraps else value + 1
    else:
        return False
    if rules.natural_card_scope is NaturalScope.GROUP:
        return any(card.code < _WILD_CODE for card in cards)
    return True


_MELD_FIELDS = ("requirement", "cards", "number", "color", "wraps", "colors")


def _meld_setters() -> tuple[Callable[[Meld, object], None], ...] | None:
    """The slot setters :func:`_new_meld` fills a :class:`Meld` with, or ``None`` (use the
    constructor) if ``Meld``'s fields or attrs' hash-cache slot are not the ones expected."""
    if tuple(field.name for field in attrs.fields(Meld)) != _MELD_FIELDS:
        return None
    try:
        return tuple(getattr(Meld, name).__set__ for name in (*_MELD_FIELDS, "_attrs_cached_hash"))
    except AttributeError:  # another attrs names its hash cache otherwise
        return None


_MELD_SETTERS = _meld_setters()


def _new_meld(
    requirement: Requirement,
    cards: tuple[Card, ...],
    number: int | None,
    color: Color | None,
    wraps: bool,
) -> Meld:
    """``Meld(requirement, cards, number, color, wraps)`` for fields a solver built itself
    (a tuple of cards, an int or ``None``, a :class:`Color` or ``None``, a bool): the
    same value, stored slot by slot without the constructor's checks, at half the cost."""
    if _MELD_SETTERS is None:
        return Meld(requirement, cards, number, color, wraps)
    meld: Meld = object.__new__(Meld)
    set_requirement, set_cards, set_number, set_color, set_wraps, set_colors, set_hash = (
        _MELD_SETTERS
    )
    set_requirement(meld, requirement)
    set_cards(meld, cards)
    set_number(meld, number)
    set_color(meld, color)
    set_wraps(meld, wraps)
    set_colors(meld, ())
    set_hash(meld, None)
    return meld


def recounted(
    requirement: Requirement, drafts: Iterable[Draft], min_naturals: int, rules: MeldRules
) -> Iterable[Draft]:
    """``drafts`` with their natural cards counted as ``rules`` count them, those with fewer
    than ``min_naturals`` left out.

    A kind's :meth:`~Requirement.candidates` count a personal Wild standing for its own
    number as natural (V-10.3). When it never is (``wild_numbers_natural`` false, A-26),
    a draft holding one is counted again here; the kind's drafts for ``min_naturals``
    include all those that still have enough, since the count only drops.
    """
    if not rules.personal_never_natural:
        return drafts
    return _recounted(requirement, drafts, min_naturals, rules)


def _recounted(
    requirement: Requirement, drafts: Iterable[Draft], min_naturals: int, rules: MeldRules
) -> Iterator[Draft]:
    wild = rules.is_wild_code
    for draft in drafts:
        codes, number, color, naturals = draft
        if naturals and any(code != _WILD_CODE and wild(code) for code in codes):
            naturals = meld_from_draft(requirement, draft, rules).natural_count(rules)
            draft = (codes, number, color, naturals)
        if naturals >= min_naturals:
            yield draft


def meld_from_draft(requirement: Requirement, draft: Draft, rules: MeldRules) -> Meld:
    """Turn a solver draft back into a :class:`Meld`."""
    codes, number, colors, _ = draft
    color, more = split_colors(colors)
    meld = Meld(
        requirement,
        tuple(ALL_CARDS[c] for c in codes),
        number,
        color,
        rules.run_wraparound and requirement.wraps_around,
        more,
    )
    return requirement.canonical(meld)


assert WILD.code == _WILD_CODE
