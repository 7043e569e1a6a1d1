"""One group's options (:func:`phase10.laying.group_options`) for plain sets, runs and colour
groups when only the Wild card is wild: by outline, the rest of the phase asked once per outline.

A group's *outline* is its anchor (a set's number, a colour, a run's start) and where its
natural cards are: how many for a set or colour group, which positions for a run. Without
personal Wilds (V-10.2) every card is natural or the Wild wherever it sits, so

* the candidates of :meth:`~phase10.Requirement.candidates` are the outlines, each with every
  choice of actual cards for its natural places; no two of them are one group (a natural card
  has one place in a run), so each is an option of its own; and
* when the rest of the phase has a fast plan (:mod:`phase10.fastpath`) that counts cards by
  the same feature (numbers for sets and runs, colours for colour groups), what the rest can
  still make depends only on the outline: it is asked once per outline, on bucket counts, and
  the cards of the outlines that fail are never listed.

The options are the ones the general way lists (tested against it), before sorting.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from .arrangements import COLOR_CODES, NUMBER_CODES, WILD_CODE
from .cards import COLORS, Color
from .fastpath import Plan, compile_plan, completes_buckets, plan_for
from .melds import (
    DEFAULT_MELD_RULES,
    ColorOf,
    Meld,
    MeldRules,
    NaturalScope,
    Requirement,
    RunOf,
    SetOf,
    submultisets,
)
from .solver import requirements_plan

__all__ = ["Choice", "quick_choices"]


Choice = tuple["int | None", "Color | None", tuple[int, ...], int, "Meld | None"]
"""One option: number, colour, card codes in table order, natural cards, a prebuilt meld."""


def quick_choices(
    req: Requirement,
    counts: Sequence[int],
    min_naturals: int,
    rules: MeldRules,
    rest: Sequence[Requirement],
    need_natural: bool,
) -> tuple[list[Choice], bool]:
    """The options of ``req`` (an exact :class:`~phase10.SetOf`, :class:`~phase10.RunOf` or
    :class:`~phase10.ColorOf`; ``rules`` without personal Wilds), unsorted, and whether they
    were already checked against ``rest`` (when not, the caller asks card by card)."""
    colors = type(req) is ColorOf
    if colors:
        held = [sum(counts[ci * 12 : ci * 12 + 12]) for ci in range(4)]
    else:
        held = [counts[n] + counts[n + 12] + counts[n + 24] + counts[n + 36] for n in range(12)]
    check: _Rest | None = None
    if rest:
        plan = _rest_plan(rest, rules)
        if plan is not None and (plan.buckets == 4) == colors:
            check = _Rest(plan, held, counts[WILD_CODE], need_natural)
    if type(req) is RunOf:
        chosen = _runs(req.size, counts, held, min_naturals, rules, check)
    else:
        chosen = _groups(req.size, counts, held, min_naturals, check, colors)
    return chosen, check is not None or not rest


_ONE_GROUP_PLANS: Mapping[tuple[type[Requirement], int], Plan] = MappingProxyType(
    {
        (kind, size): plan
        for kind in (SetOf, RunOf, ColorOf)
        for size in range(1, 13)
        if (plan := compile_plan((kind(size),), DEFAULT_MELD_RULES)) is not None
    }
)
"""Compiled once: the plans of a rest of one group (most phases have two groups)."""


def _rest_plan(rest: Sequence[Requirement], rules: MeldRules) -> Plan | None:
    """:func:`phase10.solver.requirements_plan` of ``rest``, a rest of one group from the
    table (its run windows rebuilt for other run options)."""
    if len(rest) == 1 and rules.natural_card_scope is not NaturalScope.GROUP:
        req = rest[0]
        plan = _ONE_GROUP_PLANS.get((type(req), req.size))
        if plan is not None and not rules.wild_numbers:
            return plan_for(plan, rules)
    return requirements_plan(rest, rules)


class _Rest:
    """Whether the rest of the phase can be made after an outline, on bucket counts."""

    __slots__ = ("answers", "base", "need_natural", "plan", "present", "wilds")

    def __init__(self, plan: Plan, held: list[int], wilds: int, need_natural: bool) -> None:
        self.plan = plan
        self.base = held  # natural cards per bucket of the plan (read, never changed)
        self.wilds = wilds
        self.need_natural = need_natural
        self.answers: dict[tuple[tuple[int, ...], int], bool] = {}
        present = 0
        for bucket, have in enumerate(held):
            if have:
                present |= 1 << bucket
        self.present = present

    def allows(self, taken: tuple[int, ...], wilds: int) -> bool:
        """Whether the rest can be made once the natural cards of buckets ``taken`` and
        ``wilds`` Wilds are used (a group without natural cards leaves the phase's due)."""
        key = (taken, wilds)
        ok = self.answers.get(key)
        if ok is None:
            left = list(self.base)
            present = self.present
            for bucket in taken:
                left[bucket] -= 1
                if not left[bucket]:
                    present &= ~(1 << bucket)
            need = self.need_natural and not taken
            ok = self.answers[key] = completes_buckets(
                self.plan, left, self.wilds - wilds, need, present
            )
        return ok


def _groups(
    size: int,
    counts: Sequence[int],
    held: list[int],
    min_naturals: int,
    check: _Rest | None,
    colors: bool,
) -> list[Choice]:
    """Sets (number buckets) or colour groups (colour buckets): an outline is a bucket and how
    many natural cards of it; its cards are each multiset of that many, then the Wilds."""
    wilds = counts[WILD_CODE]
    lowest = max(min_naturals, 1)
    out: list[Choice] = []
    buckets = COLOR_CODES if colors else NUMBER_CODES
    for b, have in enumerate(held):
        if have < lowest or have + wilds < size:
            continue
        naturals = [(code, counts[code]) for code in buckets[b] if counts[code]]
        number, color = (None, COLORS[b]) if colors else (b + 1, None)
        for used in range(min(have, size), lowest - 1, -1):
            if size - used > wilds:
                break
            if check is not None and not check.allows((b,) * used, size - used):
                continue
            wild_part = (WILD_CODE,) * (size - used)
            out.extend(
                (number, color, nat + wild_part, used, None) for nat in submultisets(naturals, used)
            )
    if min_naturals == 0 and wilds >= size and (check is None or check.allows((), size)):
        only = (WILD_CODE,) * size
        for b in range(len(buckets)):
            if colors:
                out.append((None, COLORS[b], only, 0, None))
            else:
                out.append((b + 1, None, only, 0, None))
    return out


def _runs(
    size: int,
    counts: Sequence[int],
    held: list[int],
    min_naturals: int,
    rules: MeldRules,
    check: _Rest | None,
) -> list[Choice]:
    """Runs: an outline is a start and the positions that take a natural card (the others
    take Wilds); its cards are each choice of colour at those positions."""
    wilds = counts[WILD_CODE]
    wrap = rules.run_wraparound
    if wrap:
        starts: Sequence[int] = range(1, 13) if size <= 12 else ()
    else:
        low, high = rules.wild_value_range
        starts = range(low, high - size + 2)
    avail = [
        [code for code in codes if counts[code]] if have else []
        for codes, have in zip(NUMBER_CODES, held, strict=True)
    ]
    fewest = max(min_naturals, size - wilds, 0)  # natural cards a run needs at the least
    wild_only: list[Sequence[int]] = [(WILD_CODE,)] * size
    out: list[Choice] = []
    for start in starts:
        if wrap:
            values = [(start + i - 1) % 12 + 1 for i in range(size)]
        else:
            values = list(range(start, start + size))
        places = [i for i, value in enumerate(values) if 1 <= value <= 12 and avail[value - 1]]
        for used in range(len(places), fewest - 1, -1):
            for taken in itertools.combinations(places, used):
                if check is not None and not check.allows(
                    tuple([values[i] - 1 for i in taken]), size - used
                ):
                    continue
                options = list(wild_only)
                for i in taken:
                    options[i] = avail[values[i] - 1]
                out.extend(
                    (start, None, combo, used, None) for combo in itertools.product(*options)
                )
    return out
