"""A brute-force oracle for "can this hand lay down this phase?", independent of the solver.

Nothing here uses :mod:`phase10.solver`, ``Requirement.candidates``,
``Requirement.problem`` or ``MeldRules.is_wild_code``: it reads only the plain
attributes of cards (``number``, ``color``, ``is_wild``, ``is_skip``), the
requirement kinds and sizes, and the rule options.

The search gives every requirement of the phase, in turn, each distinct
sub-multiset of exactly the requirement's size from the cards not yet used
(every other card of the hand is left unused), and checks each group on its own:

* a *set* is valid when there is a number ``t`` such that every card is a ``t``,
  a Wild, or a personal wild (Postal) of another number;
* a *colour group* is valid when there is a colour ``c`` such that every card is
  of colour ``c``, a Wild, or a personal wild;
* a *run* is a multiset, so the oracle chooses the positions: it is valid when
  there is a start ``s`` such that the plain number cards have distinct numbers,
  all among the values ``s .. s+n-1`` (modulo 12 with wrap-around), and the
  Wilds fill the remaining positions (Wild positions limited by
  ``wild_value_range``).

A card "stands for itself" (counts as natural, R-7.2) when it shows the set's
number, the group's colour or the number of its run position. A group reports
two facts: whether it is valid at all, and whether it is valid with at least one
card standing for itself; the natural-card scope (A-3) is applied on top.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence

from phase10 import COLORS, Card, ColorOf, MeldRules, NaturalScope, Phase, Requirement, RunOf, SetOf

__all__ = [
    "GroupVerdict",
    "group_verdict",
    "oracle_can_complete",
    "oracle_partitions",
]

GroupVerdict = tuple[bool, bool]
"""(valid at all, valid with at least one card standing for itself)."""

_INVALID: GroupVerdict = (False, False)

Partition = tuple[tuple[int, ...], ...]
"""One sorted tuple of card codes per requirement."""


def _personal_wild(card: Card, rules: MeldRules) -> bool:
    """A Wild, or a number card that is wild for its holder under Postal rules (V-10.2)."""
    return card.is_wild or (card.number is not None and card.number in rules.wild_numbers)


def _set_verdict(cards: Sequence[Card], rules: MeldRules) -> GroupVerdict:
    valid = with_natural = False
    for target in range(1, 13):
        naturals = 0
        fits = True
        for card in cards:
            if card.number == target:
                naturals += 1
            elif not _personal_wild(card, rules):
                fits = False
                break
        if fits:
            valid = True
            with_natural = with_natural or naturals > 0
    return valid, with_natural


def _color_verdict(cards: Sequence[Card], rules: MeldRules) -> GroupVerdict:
    valid = with_natural = False
    for color in COLORS:
        naturals = 0
        fits = True
        for card in cards:
            if card.color is color:
                naturals += 1
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
        if plain or any(card.number in free for card in flexible):
            with_natural = True
    return valid, with_natural


@functools.cache
def group_verdict(
    requirement: Requirement, cards: tuple[Card, ...], rules: MeldRules
) -> GroupVerdict:
    """Whether ``cards`` (a multiset: order ignored) form ``requirement`` at any size."""
    if len(cards) < requirement.size or any(card.is_skip for card in cards):
        return _INVALID
    if isinstance(requirement, SetOf):
        return _set_verdict(cards, rules)
    if isinstance(requirement, RunOf):
        return _run_verdict(cards, rules)
    if isinstance(requirement, ColorOf):
        return _color_verdict(cards, rules)
    raise TypeError(f"the oracle does not know {requirement!r}")


def _prefix_ok(requirement: Requirement, cards: Sequence[Card], rules: MeldRules) -> bool:
    """A necessary condition for ``cards`` to be part of a valid group (used to prune).

    It only ever gets harder to meet as cards are added, so a failing prefix
    can be abandoned.
    """
    if any(card.is_skip for card in cards):
        return False
    plain = [card for card in cards if not _personal_wild(card, rules)]
    if isinstance(requirement, SetOf):
        return len({card.number for card in plain}) <= 1
    if isinstance(requirement, ColorOf):
        return len({card.color for card in plain}) <= 1
    if isinstance(requirement, RunOf):
        numbers = [card.number for card in plain if card.number is not None]
        if len(set(numbers)) != len(numbers):
            return False
        return rules.run_wraparound or not numbers or max(numbers) - min(numbers) < requirement.size
    return True


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


def _search(
    cards: tuple[Card, ...],
    requirements: tuple[Requirement, ...],
    rules: MeldRules,
    chosen: list[tuple[Card, ...]],
    verdicts: list[GroupVerdict],
    memo: dict[tuple[tuple[Card, ...], int, bool], bool] | None,
    out: set[Partition] | None,
) -> bool:
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
            verdict = group_verdict(requirement, group, rules)
            if not verdict[0]:
                continue
            if rules.natural_card_scope is NaturalScope.GROUP and not verdict[1]:
                continue
            chosen.append(group)
            verdicts.append(verdict)
            ok = _search(_minus(cards, group), requirements, rules, chosen, verdicts, memo, out)
            chosen.pop()
            verdicts.pop()
            if ok:
                found = True
                if out is None:
                    break
    if memo is not None:
        memo[key] = found
    return found


def oracle_can_complete(cards: Sequence[Card], phase: Phase, rules: MeldRules) -> bool:
    """Whether ``cards`` hold every group of ``phase`` at exactly its minimum size."""
    hand = tuple(sorted(cards, key=lambda c: c.code))
    return _search(hand, phase.requirements, rules, [], [], {}, None)


def oracle_partitions(cards: Sequence[Card], phase: Phase, rules: MeldRules) -> set[Partition]:
    """Every way to split ``cards`` into the groups of ``phase`` (each at minimum size).

    Each way is one sorted tuple of card codes per requirement, in the phase's
    order; ways that differ only by swapping the contents of two equal
    requirements are both listed.
    """
    hand = tuple(sorted(cards, key=lambda c: c.code))
    out: set[Partition] = set()
    _search(hand, phase.requirements, rules, [], [], None, out)
    return out
