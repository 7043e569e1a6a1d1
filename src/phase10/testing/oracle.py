"""A brute-force answer to "can these cards lay down this phase?", independent of the solver.

Nothing here uses :mod:`phase10.solver` or ``Requirement.candidates``. Sets,
runs and colour groups (the exact built-in classes) are judged by code of
their own that reads only the plain attributes of cards (``number``,
``color``, ``is_wild``, ``is_skip``) and the rule options, so it checks the
library's validation too:

* a *set* is valid when there is a number ``t`` such that every card is a ``t``,
  a Wild, or a personal wild (Postal) of another number;
* a *colour group* is valid when there is a colour ``c`` such that every card is
  of colour ``c``, a Wild, or a personal wild;
* a *run* is a multiset, so the oracle chooses the positions: it is valid when
  there is a start ``s`` such that the plain number cards have distinct numbers,
  all among the values ``s .. s+n-1`` (modulo 12 with wrap-around), and the
  Wilds fill the remaining positions (Wild positions limited by
  ``wild_value_range``).

Any other kind is judged by its own :meth:`~phase10.Requirement.problem`,
the validation that :func:`phase10.apply` uses: the oracle tries every anchor
(a number from -1 to 14 or none, a colour or none) and every order of the
cards in which each card either stands for its position
(:meth:`~phase10.Requirement.fits_naturally`) or may act as a Wild, and asks
``problem`` about each.

A card "stands for itself" (counts as natural, R-7.2) when it shows the set's
number, the group's colour or the number of its run position (a personal wild
does not when ``wild_numbers_natural`` is false, A-26). A group reports
two facts: whether it is valid at all, and whether it is valid with at least one
card standing for itself; the natural-card scope (A-3) is applied on top.

The search gives every requirement of the phase, in turn, each distinct
sub-multiset of exactly the requirement's size from the cards not yet used.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import attrs

from ..cards import ALL_CARDS, COLORS, WILD, Card, Color
from ..melds import ColorOf, Meld, MeldRules, NaturalScope, Requirement, RunOf, SetOf
from ..phases import Phase

__all__ = [
    "BruteForce",
    "GroupVerdict",
    "Layout",
    "Partition",
    "group_verdict",
    "oracle_can_complete",
    "oracle_partitions",
]

GroupVerdict = tuple[bool, bool]
"""(valid at all, valid with at least one card standing for itself)."""

Partition = tuple[tuple[int, ...], ...]
"""One sorted tuple of card codes per requirement, in the phase's order."""

Anchor = tuple["int | None", "Color | None", "tuple[Color, ...]"]
"""A group's number, colour and further colours (an alternating run's second colour)."""

_INVALID: GroupVerdict = (False, False)
_ANCHOR_NUMBERS: tuple[int | None, ...] = (None, *range(-1, 15))
_ANCHOR_COLORS: tuple[Color | None, ...] = (None, *COLORS)
_BUILT_IN = (SetOf, RunOf, ColorOf)


def _personal_wild(card: Card, rules: MeldRules) -> bool:
    """A Wild, or a number card that is wild for its holder under Postal rules (V-10.2)."""
    return card.is_wild or (card.number is not None and card.number in rules.wild_numbers)


def _counts_natural(card: Card, rules: MeldRules) -> bool:
    """Whether ``card``, standing for itself, counts as natural: not a personal wild whose
    natural status the rules take away (``wild_numbers_natural`` false, A-26)."""
    return rules.wild_numbers_natural or card.number not in rules.wild_numbers


def _one_feature_verdict(
    cards: Sequence[Card], rules: MeldRules, targets: Sequence[object], feature: str
) -> GroupVerdict:
    """A set (``feature`` "number", ``targets`` 1-12) or a colour group ("color", the
    colours): valid when, for some target, every card shows it or is a (personal) Wild."""
    valid = with_natural = False
    for target in targets:
        naturals = 0
        fits = True
        for card in cards:
            if getattr(card, feature) == target:
                naturals += _counts_natural(card, rules)
            elif not _personal_wild(card, rules):
                fits = False
                break
        if fits:
            valid = True
            with_natural = with_natural or naturals > 0
    return valid, with_natural


def _run_values(size: int, rules: MeldRules) -> Iterator[tuple[int, ...]]:
    """The numbers of every possible run of ``size`` positions under ``rules`` (A-4)."""
    if rules.run_wraparound:
        if size > 12:
            return
        for start in range(1, 13):
            yield tuple((start + i - 1) % 12 + 1 for i in range(size))
        return
    low, high = rules.wild_value_range
    for start in range(low, high - size + 2):
        yield tuple(range(start, start + size))


def _run_verdict(cards: Sequence[Card], rules: MeldRules) -> GroupVerdict:
    plain = [card.number for card in cards if not _personal_wild(card, rules)]
    flexible = [card for card in cards if _personal_wild(card, rules)]
    if len(set(plain)) != len(plain):
        return _INVALID
    valid = with_natural = False
    for values in _run_values(len(cards), rules):
        if not all(number in values for number in plain):
            continue
        valid = True
        free = [v for v in values if v not in plain and 1 <= v <= 12]
        if plain or any(card.number in free and _counts_natural(card, rules) for card in flexible):
            with_natural = True
    return valid, with_natural


def _prefix_ok(requirement: Requirement, cards: Sequence[Card], rules: MeldRules) -> bool:
    """A necessary condition for ``cards`` to be part of a valid built-in group (to prune).

    It only ever gets harder to meet as cards are added, so a failing prefix
    can be abandoned. Other kinds are not pruned.
    """
    if any(card.is_skip for card in cards):
        return False
    kind = type(requirement)
    if kind not in _BUILT_IN:
        return True
    plain = [card for card in cards if not _personal_wild(card, rules)]
    if kind is SetOf:
        return len({card.number for card in plain}) <= 1
    if kind is ColorOf:
        return len({card.color for card in plain}) <= 1
    numbers = [card.number for card in plain if card.number is not None]
    if len(set(numbers)) != len(numbers):
        return False
    return rules.run_wraparound or not numbers or max(numbers) - min(numbers) < requirement.size


def _sub_multisets(
    items: Sequence[tuple[Card, int]],
    size: int,
    requirement: Requirement,
    rules: MeldRules,
    prefix: tuple[Card, ...] = (),
) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``items`` of ``size`` cards that passes :func:`_prefix_ok`."""
    if size == 0:
        yield prefix
        return
    if not items or sum(count for _, count in items) < size:
        return
    (card, count), tail = items[0], items[1:]
    for take in range(min(count, size), -1, -1):
        chosen = prefix + (card,) * take
        if take and not _prefix_ok(requirement, chosen, rules):
            continue
        yield from _sub_multisets(tail, size - take, requirement, rules, chosen)


def _minus(cards: tuple[Card, ...], group: tuple[Card, ...]) -> tuple[Card, ...]:
    """The multiset ``cards`` without ``group`` (both sorted by code)."""
    rest = list(cards)
    for card in group:
        rest.remove(card)
    return tuple(rest)


def _grouped(cards: Sequence[Card]) -> list[tuple[Card, int]]:
    counts: dict[Card, int] = {}
    for card in sorted(cards, key=lambda c: c.code):
        counts[card] = counts.get(card, 0) + 1
    return list(counts.items())


def _scope_ok(verdicts: Sequence[GroupVerdict], scope: NaturalScope) -> bool:
    if not all(valid for valid, _ in verdicts):
        return False
    if scope is NaturalScope.GROUP:
        return all(natural for _, natural in verdicts)
    if scope is NaturalScope.PHASE:
        return any(natural for _, natural in verdicts)
    return True


@attrs.frozen
class Layout:
    """For one anchor and length of a kind: the cards that fit each position naturally."""

    anchor: Anchor
    natural: tuple[frozenset[Card], ...]


class BruteForce:
    """The oracle for one set of group rules; it remembers what it worked out.

    >>> from phase10 import STANDARD_PHASES, parse_cards, ColorSetOf
    >>> oracle = BruteForce(MeldRules())
    >>> oracle.can_complete(parse_cards("R7 B7 W R1 R2 R3 R4"), STANDARD_PHASES[1])
    True
    >>> oracle.verdict(ColorSetOf(3), tuple(parse_cards("B9 B9 W")))
    (True, True)
    >>> oracle.verdict(ColorSetOf(3), tuple(parse_cards("B9 R9 W")))
    (False, False)
    """

    def __init__(self, rules: MeldRules) -> None:
        self.rules = rules
        self.group_rules = attrs.evolve(rules, natural_card_scope=NaturalScope.NONE)
        """The rules for one group on its own: the natural-card scope applies on top."""
        self._verdicts: dict[tuple[Requirement, tuple[Card, ...]], GroupVerdict] = {}
        self._layouts: dict[tuple[Requirement, int], tuple[Layout, ...]] = {}

    # -- one group

    def verdict(self, requirement: Requirement, cards: tuple[Card, ...]) -> GroupVerdict:
        """Whether ``cards`` (a multiset sorted by code: order ignored) form ``requirement``."""
        key = (requirement, cards)
        found = self._verdicts.get(key)
        if found is None:
            found = self._verdicts[key] = self._verdict(requirement, cards)
        return found

    def _verdict(self, requirement: Requirement, cards: tuple[Card, ...]) -> GroupVerdict:
        if len(cards) < requirement.size or any(card.is_skip for card in cards):
            return _INVALID
        kind = type(requirement)
        if kind is SetOf:
            return _one_feature_verdict(cards, self.rules, range(1, 13), "number")
        if kind is RunOf:
            return _run_verdict(cards, self.rules)
        if kind is ColorOf:
            return _one_feature_verdict(cards, self.rules, COLORS, "color")
        valid = with_natural = False
        for meld in self.arrangements(requirement, cards):
            valid = True
            if meld.natural_count(self.rules):
                with_natural = True
                break
        return valid, with_natural

    def layouts(self, requirement: Requirement, length: int) -> tuple[Layout, ...]:
        """Every anchor that ``anchor_problem`` accepts for ``length`` cards, with the cards
        that stand for themselves at each position."""
        key = (requirement, length)
        found = self._layouts.get(key)
        if found is None:
            found = self._layouts[key] = tuple(self._make_layouts(requirement, length))
        return found

    def _make_layouts(self, requirement: Requirement, length: int) -> Iterator[Layout]:
        wraps = self.rules.run_wraparound and requirement.wraps_around
        more_colors = list(itertools.product(COLORS, repeat=requirement.extra_colors))
        for number, color, more in itertools.product(_ANCHOR_NUMBERS, _ANCHOR_COLORS, more_colors):
            skeleton = Meld(requirement, (WILD,) * length, number, color, wraps, more)
            if requirement.anchor_problem(skeleton, self.group_rules) is not None:
                continue
            natural = tuple(
                frozenset(
                    card
                    for card in ALL_CARDS
                    if card.is_natural and requirement.fits_naturally(skeleton, i, card)
                )
                for i in range(length)
            )
            yield Layout((number, color, more), natural)

    def arrangements(self, requirement: Requirement, cards: Sequence[Card]) -> Iterator[Meld]:
        """Every valid group (by ``requirement.problem``) of exactly ``cards``, in any order.

        Only orders in which every card stands for its position or may act as a
        Wild are asked about; each distinct order and anchor once. The natural-card
        scope is left out: it applies to the phase.
        """
        rules = self.group_rules
        wraps = rules.run_wraparound and requirement.wraps_around
        items = _grouped(cards)
        wild = [rules.is_wild_code(card.code) for card, _ in items]
        for layout in self.layouts(requirement, len(cards)):
            anywhere = frozenset().union(*layout.natural)
            if not all(w or card in anywhere for (card, _), w in zip(items, wild, strict=True)):
                continue
            number, color, more = layout.anchor
            for order in _orders(items, wild, layout.natural):
                meld = Meld(requirement, order, number, color, wraps, more)
                if requirement.problem(meld, rules) is None:
                    yield meld

    # -- a whole phase

    def can_complete(self, cards: Sequence[Card], phase: Phase) -> bool:
        """Whether ``cards`` hold every group of ``phase`` at exactly its minimum size."""
        hand = tuple(sorted(cards, key=lambda c: c.code))
        return self._search(hand, phase.requirements, [], [], {}, None)

    def partitions(self, cards: Sequence[Card], phase: Phase) -> set[Partition]:
        """Every way to split ``cards`` into the groups of ``phase`` (each at minimum size).

        Ways that differ only by swapping the contents of two equal requirements
        are both listed.
        """
        hand = tuple(sorted(cards, key=lambda c: c.code))
        out: set[Partition] = set()
        self._search(hand, phase.requirements, [], [], None, out)
        return out

    def _search(
        self,
        cards: tuple[Card, ...],
        requirements: tuple[Requirement, ...],
        chosen: list[tuple[Card, ...]],
        verdicts: list[GroupVerdict],
        memo: dict[tuple[tuple[Card, ...], int, bool], bool] | None,
        out: set[Partition] | None,
    ) -> bool:
        rules = self.rules
        index = len(chosen)
        if index == len(requirements):
            if not _scope_ok(verdicts, rules.natural_card_scope):
                return False
            if out is not None:
                out.add(tuple(tuple(card.code for card in group) for group in chosen))
            return True
        key = (cards, index, any(natural for _, natural in verdicts))
        if memo is not None and key in memo:
            return memo[key]
        requirement = requirements[index]
        need = sum(req.size for req in requirements[index:])
        found = False
        if len(cards) >= need:
            for group in _sub_multisets(_grouped(cards), requirement.size, requirement, rules):
                verdict = self.verdict(requirement, group)
                if not verdict[0]:
                    continue
                if rules.natural_card_scope is NaturalScope.GROUP and not verdict[1]:
                    continue
                chosen.append(group)
                verdicts.append(verdict)
                ok = self._search(_minus(cards, group), requirements, chosen, verdicts, memo, out)
                chosen.pop()
                verdicts.pop()
                if ok:
                    found = True
                    if out is None:
                        break
        if memo is not None:
            memo[key] = found
        return found


def _orders(
    items: list[tuple[Card, int]], wild: list[bool], natural: tuple[frozenset[Card], ...]
) -> Iterator[tuple[Card, ...]]:
    """Every distinct order of the multiset ``items`` in which each card stands for its
    position (``natural``) or may act as a Wild (``wild``, per item)."""
    left = [count for _, count in items]
    chosen: list[Card] = []

    def place(position: int) -> Iterator[tuple[Card, ...]]:
        if position == len(natural):
            yield tuple(chosen)
            return
        fits = natural[position]
        for i, (card, _) in enumerate(items):
            if left[i] and (wild[i] or card in fits):
                left[i] -= 1
                chosen.append(card)
                yield from place(position + 1)
                chosen.pop()
                left[i] += 1

    yield from place(0)


def group_verdict(
    requirement: Requirement, cards: tuple[Card, ...], rules: MeldRules
) -> GroupVerdict:
    """Whether ``cards`` (a multiset: order ignored) form ``requirement`` at any size."""
    return BruteForce(rules).verdict(requirement, tuple(sorted(cards, key=lambda c: c.code)))


def oracle_can_complete(cards: Sequence[Card], phase: Phase, rules: MeldRules) -> bool:
    """Whether ``cards`` hold every group of ``phase`` at exactly its minimum size."""
    return BruteForce(rules).can_complete(cards, phase)


def oracle_partitions(cards: Sequence[Card], phase: Phase, rules: MeldRules) -> set[Partition]:
    """Every way to split ``cards`` into the groups of ``phase`` (each at minimum size)."""
    return BruteForce(rules).partitions(cards, phase)
