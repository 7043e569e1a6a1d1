"""A fast yes/no answer to "does this hand hold this phase?" for the built-in group kinds.

:func:`phase10.can_complete` answers with :func:`completes` when the phase is
made only of exact :class:`~phase10.SetOf` / :class:`~phase10.RunOf` groups, or
only of exact :class:`~phase10.ColorOf` groups, and the rules have no personal
Wilds and a natural-card scope of ``"phase"`` or ``"none"``. Everything else
(other kinds, subclasses, colour groups mixed with sets or runs, scope
``"group"``, ``wild_numbers``) goes to the general search of :mod:`phase10.solver`.

Each :class:`~phase10.Phase` compiles its :class:`Plan` for the default run
options once, when it is built; other run options recompile the (cheap) run
windows per call. Nothing here keeps state between calls.

Why the search below is complete (an exchange argument). Only one card
feature matters in such a phase, so the hand is counted into 12 number
buckets (sets and runs) or 4 colour buckets (colour groups); cards in one
bucket are interchangeable. A group is fixed by its *anchor* (a set's number,
a run's start, a colour) and each of its positions takes either a natural card
that fits it or a Wild. Take any valid lay-down and visit its groups in search
order. While group G has a Wild at a position that a natural card x not used by
an earlier group fits, swap them: x moves into G, and the Wild takes x's old
place (in a later group, where a Wild fits any position, or among the unused
cards). Every group stays valid, anchors do not change and the number of
natural cards in the phase does not drop, so scope ``"phase"`` still holds.
Hence a lay-down exists iff one exists in which every group, given the cards
left by the groups before it, takes a natural card at every position where
one is left. For such a group the anchor decides everything up to
interchangeable cards, so the search tries each anchor once (<= 12 per group),
plus one group of Wilds only (whose anchor does not matter to the cards left).
Equal requirements are interchangeable, so they are searched next to each other
with non-decreasing anchors (sort them by anchor before the swaps, which keep
anchors). Scope ``"group"`` breaks the argument (a swap may leave a group
without a natural card), and so do personal Wilds (a card may be natural in
one place and a Wild in another); those cases use the general search.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .cards import ALL_CARDS, WILD, Card
from .errors import CompletionLimitError
from .limits import SEARCH_BUDGET
from .melds import ColorOf, MeldRules, Requirement, RunOf, SetOf

__all__ = [
    "COLOR_STEP",
    "NO_FLOOR",
    "RUN_STEP",
    "SET_STEP",
    "Plan",
    "compile_plan",
    "completes",
    "completes_buckets",
    "completes_counts",
    "least_wilds",
    "least_wilds_of",
    "least_wilds_spares",
    "natural_buckets",
    "plan_for",
    "search_steps",
    "tally",
]

RUN_STEP = 0
"""The :attr:`Step.kind` of a run."""
COLOR_STEP = 1
"""The :attr:`Step.kind` of a colour group."""
SET_STEP = 2
"""The :attr:`Step.kind` of a set."""
NO_FLOOR = -(1 << 30)
"""An anchor below every anchor: the next step's anchors have no floor."""
_RUN, _COLOR, _SET, _NO_FLOOR = RUN_STEP, COLOR_STEP, SET_STEP, NO_FLOOR
_WILD_CODE = WILD.code
_DEFAULT_RUN_OPTIONS: tuple[bool, tuple[int, int]] = (False, (1, 12))

Window = tuple[int, int]
"""A run start and the bit mask of the number buckets (1..12) its positions cover."""


class Step(NamedTuple):
    """One requirement of a plan, in search order."""

    kind: int
    size: int
    same_as_previous: bool
    """Whether the previous step is an equal requirement (anchors then never decrease)."""
    windows: tuple[Window, ...]
    """For a run: every possible start with its window; empty for other kinds."""


class Plan(NamedTuple):
    """What :func:`completes` needs to know about one phase, worked out once."""

    bucket: tuple[int, ...]
    """The bucket of each card code: a number or a colour; then Wild; then cards never used."""
    buckets: int
    steps: tuple[Step, ...]
    min_cards: int
    has_runs: bool
    run_options: tuple[bool, tuple[int, int]]
    """The ``(run_wraparound, wild_value_range)`` the run windows were built for."""
    positions: tuple[int, ...]
    """For each requirement in phase order, the step that stands for it."""
    chains: tuple[tuple[int, int], ...]
    """The ``(first, end)`` ranges of steps of equal requirements, two or more."""
    sets: int
    """The number of groups when every one is a set, else 0 (for the bound of ``_too_few``)."""
    small: bool
    """Whether no search of this plan can try more than
    :data:`~phase10.limits.SEARCH_BUDGET` units of work, however the cards fall (every
    standard phase): its searches then skip the budget's bookkeeping."""


def _wrapping_windows(size: int) -> tuple[Window, ...]:
    """Every start of a run of ``size`` that wraps from 12 to 1 (A-4), with its window."""
    if size > 12:
        return ()
    span = (1 << size) - 1
    return tuple(
        (start, (span << (start - 1) | span << (start - 1) >> 12) & 0xFFF) for start in range(1, 13)
    )


_WRAPPING_WINDOWS: tuple[tuple[Window, ...], ...] = tuple(
    _wrapping_windows(size) for size in range(13)
)
"""Built once: the wrap-around windows of runs of 0..12 cards."""


def _run_windows(size: int, wraparound: bool, value_range: tuple[int, int]) -> tuple[Window, ...]:
    """Every start of a run of ``size`` with the mask of its positions inside 1..12."""
    if wraparound:
        return _WRAPPING_WINDOWS[size] if size <= 12 else ()
    out: list[Window] = []
    low, high = value_range
    for start in range(low, high - size + 2):
        first, last = max(start, 1), min(start + size - 1, 12)
        mask = ((1 << last) - 1) & ~((1 << (first - 1)) - 1) if first <= last else 0
        out.append((start, mask))
    return tuple(out)


def _bucket_table(colors: bool) -> tuple[int, ...]:
    """The bucket of each card code: its colour (colour groups) or its number (sets, runs);
    the Wild has a bucket; Skips (R-5.6) and the rule card (V-5.3) never join a group."""
    buckets = 4 if colors else 12
    return tuple(
        (code // 12 if colors else code % 12)
        if code < _WILD_CODE
        else (buckets if code == _WILD_CODE else buckets + 1)
        for code in range(len(ALL_CARDS))
    )


_NUMBER_BUCKETS = _bucket_table(colors=False)
_COLOR_BUCKETS = _bucket_table(colors=True)
_DEFAULT_WINDOWS: tuple[tuple[Window, ...], ...] = tuple(
    _run_windows(size, *_DEFAULT_RUN_OPTIONS) for size in range(13)
)
"""Built once: the windows of runs of 0..12 cards under the default run options."""


def compile_plan(requirements: Sequence[Requirement], rules: MeldRules) -> Plan | None:
    """The plan of a phase under the run options of ``rules``, or ``None`` if not covered.

    Only the exact built-in classes qualify: a subclass may change what fits.
    """
    kinds: list[int] = []
    for req in requirements:
        cls = type(req)
        if cls is SetOf:
            kinds.append(_SET)
        elif cls is RunOf:
            kinds.append(_RUN)
        elif cls is ColorOf:
            kinds.append(_COLOR)
        else:
            return None
    if _COLOR in kinds and (_RUN in kinds or _SET in kinds):
        return None  # both card features matter: no single bucketing
    colors = _COLOR in kinds
    buckets = 4 if colors else 12
    # Sets first (they reject soonest), then colour groups, then runs; larger first.
    sizes = [req.size for req in requirements]
    # Stable: equal requirements keep their phase order.
    slots = sorted(range(len(kinds)), key=lambda i: (-kinds[i], -sizes[i]))
    run_options = (rules.run_wraparound, rules.wild_value_range)
    positions = [0] * len(slots)  # where each requirement went: the inverse of ``slots``
    for position, slot in enumerate(slots):
        positions[slot] = position
    steps: list[Step] = []
    previous: tuple[int, int] | None = None
    chains: list[tuple[int, int]] = []
    for index, (kind, size) in enumerate((kinds[i], sizes[i]) for i in slots):
        if previous == (kind, size):
            first = chains.pop()[0] if chains and chains[-1][1] == index else index - 1
            chains.append((first, index + 1))
        if kind != _RUN:
            windows: tuple[Window, ...] = ()
        elif run_options == _DEFAULT_RUN_OPTIONS and size <= 12:
            windows = _DEFAULT_WINDOWS[size]
        else:
            windows = _run_windows(size, *run_options)
        steps.append(Step(kind, size, previous == (kind, size), windows))
        previous = (kind, size)
    return Plan(
        _COLOR_BUCKETS if colors else _NUMBER_BUCKETS,
        buckets,
        tuple(steps),
        sum(sizes),
        _RUN in kinds,
        run_options,
        tuple(positions),
        tuple(chains),
        len(kinds) if all(kind == _SET for kind in kinds) else 0,
        _small(steps, buckets),
    )


def plan_for(plan: Plan, rules: MeldRules) -> Plan:
    """``plan`` with its run windows rebuilt if ``rules`` has other run options."""
    if not plan.has_runs:
        return plan
    options = (rules.run_wraparound, rules.wild_value_range)
    if options == plan.run_options:
        return plan
    steps = tuple(
        step._replace(windows=_run_windows(step.size, *options)) if step.kind == _RUN else step
        for step in plan.steps
    )
    return plan._replace(steps=steps, run_options=options, small=_small(steps, plan.buckets))


def _small(steps: Sequence[Step], buckets: int) -> bool:
    """Whether a search over ``steps`` stays within the budget on any cards: each step
    tries at most one anchor per bucket or run window plus a group of Wilds only, and
    costs one plus its size (as :func:`search_steps` counts)."""
    work = 1 + max((step.size for step in steps), default=0)
    for step in steps:
        work *= 1 + (len(step.windows) if step.kind == _RUN else buckets)
        if work > SEARCH_BUDGET:
            return False
    return True


def completes(
    plan: Plan, hand: Iterable[Card], need_natural: bool, budget: int | None = None
) -> bool:
    """Whether ``hand`` holds the phase of ``plan`` (``need_natural``: scope ``"phase"``).

    Each group tried costs one plus its size; past ``budget``
    (:data:`~phase10.limits.SEARCH_BUDGET`) the search raises
    :class:`~phase10.CompletionLimitError`: a phase of a great many groups can have
    more partial lay-downs than any search can try."""
    bucketed = [0] * (plan.buckets + 2)
    bucket = plan.bucket
    for card in hand:
        bucketed[bucket[card.code]] += 1
    return _completes_buckets(plan, bucketed, need_natural, budget)


def completes_counts(
    plan: Plan, counts: Sequence[int], need_natural: bool, budget: int | None = None
) -> bool:
    """:func:`completes` for cards counted by code (index 0..49) instead of a hand."""
    bucketed = [0] * (plan.buckets + 2)
    bucket = plan.bucket
    for code in range(50):
        if counts[code]:
            bucketed[bucket[code]] += counts[code]
    return _completes_buckets(plan, bucketed, need_natural, budget)


def completes_buckets(
    plan: Plan,
    buckets: list[int],
    wilds: int,
    need_natural: bool,
    present: int | None = None,
    budget: int | None = None,
) -> bool:
    """:func:`completes` for natural cards already counted per bucket of ``plan`` (the list
    is changed during the search and restored) and ``wilds`` Wilds; ``present``: the
    buckets that hold a card, as bits, when the caller knows them."""
    if sum(buckets) + wilds < plan.min_cards or (plan.sets and _too_few(plan, buckets, wilds)):
        return False
    mask = 0
    if plan.has_runs:
        if present is not None:
            mask = present
        else:
            for n in range(plan.buckets):
                if buckets[n]:
                    mask |= 1 << n
    return search_steps(
        plan.steps, 0, buckets, wilds, 0, need_natural, _NO_FLOOR, mask, _meter(plan, budget)
    )


def _completes_buckets(
    plan: Plan, bucketed: list[int], need_natural: bool, budget: int | None
) -> bool:
    """The search on cards counted per bucket (numbers or colours, then Wilds, then unused)."""
    buckets = plan.buckets
    wilds = bucketed[buckets]
    if sum(bucketed) - bucketed[buckets + 1] < plan.min_cards:
        return False
    del bucketed[buckets:]
    if plan.sets and _too_few(plan, bucketed, wilds):
        return False
    mask = 0
    if plan.has_runs:  # written out, not a call to completes_buckets: can_complete's hot path
        for n in range(buckets):
            if bucketed[n]:
                mask |= 1 << n
    left = None if budget is None and plan.small else _meter(plan, budget)
    return search_steps(plan.steps, 0, bucketed, wilds, 0, need_natural, _NO_FLOOR, mask, left)


def _too_few(plan: Plan, buckets: list[int], wilds: int) -> bool:
    """Whether a phase of sets only is out of reach at once: each set takes its natural
    cards from one number, so its ``k`` sets use at most the cards of the ``k`` numbers
    held most, and Wilds must fill the rest (most hands that lack a phase of sets fail
    here, before the search)."""
    return sum(sorted(buckets, reverse=True)[: plan.sets]) + wilds < plan.min_cards


def _meter(plan: Plan, budget: int | None) -> list[int] | None:
    """The work a search of ``plan`` may do, as :func:`search_steps` keeps it; ``None`` (not
    counted) for a small plan under the default budget."""
    if budget is None:
        return None if plan.small else [SEARCH_BUDGET]
    return [budget]


_UNMETERED = -1
"""``found[3]`` of :func:`_least` for a small plan: the work is not counted."""


def _gave_up() -> CompletionLimitError:
    return CompletionLimitError(
        "gave up: the search for a lay-down spent its budget (phase10.limits.SEARCH_BUDGET) "
        "without an answer: too many groups for this hand to search them all"
    )


def search_steps(
    steps: tuple[Step, ...],
    index: int,
    counts: list[int],
    wilds: int,
    naturals: int,
    need_natural: bool,
    floor: int,
    mask: int,
    left: list[int] | None,
) -> bool:
    """Whether ``counts`` and ``wilds`` fill ``steps[index:]``: depth-first over the
    steps, each group taking a natural card wherever one is left.

    ``left[0]`` is the work the search may still do (a step costs one plus its size);
    past it, :class:`~phase10.errors.CompletionLimitError`. ``None`` does not count, for
    a plan whose whole search fits the default budget (:attr:`~phase10.fastpath.Plan.small`)."""
    if index == len(steps):
        return naturals > 0 or not need_natural
    kind, size, _, windows = steps[index]
    if left is not None:
        left[0] -= size + 1
        if left[0] < 0:
            raise _gave_up()
    nxt = index + 1
    same_next = nxt < len(steps) and steps[nxt].same_as_previous
    if kind == _RUN:
        for start, window in windows:
            if start < floor:
                continue
            hit = mask & window
            used = hit.bit_count()
            need = size - used
            if need > wilds or used == 0:
                continue
            new_mask = _take(counts, hit, mask)
            found = search_steps(
                steps,
                nxt,
                counts,
                wilds - need,
                naturals + used,
                need_natural,
                start if same_next else _NO_FLOOR,
                new_mask,
                left,
            )
            _give(counts, hit)
            if found:
                return True
    else:
        # Sets (number buckets) and colour groups (colour buckets) alike.
        for b in range(max(floor, 0), len(counts)):
            have = counts[b]
            if not have or have + wilds < size:
                continue
            used = have if have < size else size
            counts[b] = have - used
            found = search_steps(
                steps,
                nxt,
                counts,
                wilds - (size - used),
                naturals + used,
                need_natural,
                b if same_next else _NO_FLOOR,
                mask if have > used else mask & ~(1 << b),
                left,
            )
            counts[b] = have
            if found:
                return True
    # A group of Wilds only: its anchor is free (a run needs some possible start).
    if wilds >= size and (kind != _RUN or windows):
        return search_steps(
            steps,
            nxt,
            counts,
            wilds - size,
            naturals,
            need_natural,
            floor if same_next else _NO_FLOOR,
            mask,
            left,
        )
    return False


def natural_buckets(plan: Plan, hand: Iterable[Card]) -> tuple[int, ...]:
    """How many of ``hand``'s natural cards fall in each bucket of ``plan`` (numbers or
    colours): all that :func:`least_wilds` depends on besides the rules."""
    return tally(plan, hand)[0]


def tally(plan: Plan, hand: Iterable[Card]) -> tuple[tuple[int, ...], int]:
    """:func:`natural_buckets` of ``hand`` and how many Wilds it holds, in one pass."""
    counts = [0] * (plan.buckets + 2)
    bucket = plan.bucket
    for card in hand:
        counts[bucket[card.code]] += 1
    return tuple(counts[: plan.buckets]), counts[plan.buckets]


def least_wilds(plan: Plan, hand: Iterable[Card], need_natural: bool, bound: int) -> int:
    """The fewest Wild positions a lay-down of ``plan``'s phase needs, given ``hand``'s
    natural cards (its own Wilds are not counted); ``bound`` when it needs ``bound`` or more.

    ``completes(plan, hand + k Wilds)`` holds exactly when ``k`` plus the hand's Wilds
    reach this number, so a bot learns how far a hand is from its phase in one search
    instead of one yes/no answer per extra Wild. The same exchange argument as
    :func:`completes` applies: some cheapest lay-down takes a natural card wherever one
    is left, so each group tries each anchor once, plus one group of Wilds only.
    """
    return least_wilds_of(plan, natural_buckets(plan, hand), need_natural, bound)


def least_wilds_of(plan: Plan, buckets: Sequence[int], need_natural: bool, bound: int) -> int:
    """:func:`least_wilds` for natural cards counted per bucket (:func:`natural_buckets`)."""
    found = [bound, 0, 0, _UNMETERED if plan.small else SEARCH_BUDGET]
    _cheapest(plan, buckets, need_natural, found, ties=False)
    return found[0]


def least_wilds_spares(
    plan: Plan, buckets: Sequence[int], need_natural: bool
) -> tuple[int, int, bool]:
    """:func:`least_wilds_of`, a bit mask of the buckets that some cheapest lay-down
    leaves a card of unused, and whether some cheapest lay-down uses two natural cards.

    Removing one natural card of a bucket in the mask keeps the cost; removing one of
    any other bucket costs exactly one more Wild (the card's place needs one, and a
    cheaper lay-down without it would be a cheapest one leaving it unused), provided
    a natural card is then still used: always when ``need_natural`` is false or the
    third value is true. So one search prices every discard. A cheapest lay-down uses
    the same natural cards as the canonical one it swaps to (a swap that freed a card
    would make it cheaper), so the canonical lay-downs the search visits show every
    spare.
    """
    found = [plan.min_cards + 1, 0, 0, _UNMETERED if plan.small else SEARCH_BUDGET]
    _cheapest(plan, buckets, need_natural, found, ties=True)
    return found[0], found[1], bool(found[2])


def _cheapest(
    plan: Plan, buckets: Sequence[int], need_natural: bool, found: list[int], ties: bool
) -> None:
    """Search the cheapest lay-downs; ``found`` is [cost, spare buckets, uses two naturals,
    work left (:data:`~phase10.limits.SEARCH_BUDGET`, as for :func:`completes`, or
    :data:`_UNMETERED` for a small plan)]."""
    counts = list(buckets)
    mask = 0  # the buckets holding a card, kept by every step: a tie's spare buckets
    for n, have in enumerate(counts):
        if have:
            mask |= 1 << n
    _least(plan.steps, 0, counts, 0, need_natural, _NO_FLOOR, mask, 0, found, int(ties))


def _least(
    steps: tuple[Step, ...],
    index: int,
    counts: list[int],
    naturals: int,
    need_natural: bool,
    floor: int,
    mask: int,
    spent: int,
    found: list[int],
    ties: int,
) -> None:
    """:func:`search_steps` minimising the Wild positions instead of checking a supply of them.

    Without ``ties`` it prunes every branch that cannot be cheaper than ``found[0]``;
    with ``ties`` (1) it also visits the lay-downs as cheap as the cheapest and ORs the
    buckets they leave cards of into ``found[1]``, and into ``found[2]`` whether one
    uses two natural cards.
    """
    if index == len(steps):  # a phase of no groups
        if naturals or not need_natural:
            if ties:
                _tie(found, spent, mask, naturals)
            else:
                found[0] = spent
        return
    kind, size, _, windows = steps[index]
    if found[3] >= 0:  # metered (not _UNMETERED)
        found[3] -= size + 1
        if found[3] < 0:
            raise _gave_up()
    nxt = index + 1
    last = nxt == len(steps)  # then each lay-down is recorded here, not in a call
    same_next = not last and steps[nxt].same_as_previous
    if kind == _RUN:
        ones = -1  # the last step's buckets of one card: those a run there empties
        for start, window in windows:
            if start < floor:
                continue
            hit = mask & window
            used = hit.bit_count()
            cost = spent + size - used
            if used == 0 or cost >= found[0] + ties:
                continue
            if last:
                if not ties:
                    found[0] = cost  # only reached when cheaper
                    continue
                if ones < 0:
                    ones = 0
                    for n, have in enumerate(counts):
                        if have == 1:
                            ones |= 1 << n
                left = mask & ~(hit & ones)
                if cost < found[0]:  # _tie, written out: it is called for every lay-down
                    found[0], found[1], found[2] = cost, left, int(naturals + used >= 2)
                else:
                    found[1] |= left
                    found[2] |= naturals + used >= 2
                continue
            new_mask = _take(counts, hit, mask)
            _least(
                steps,
                nxt,
                counts,
                naturals + used,
                need_natural,
                start if same_next else _NO_FLOOR,
                new_mask,
                cost,
                found,
                ties,
            )
            _give(counts, hit)
    else:
        rest = mask >> floor << floor if floor > 0 else mask  # the buckets to anchor at
        while rest:
            low = rest & -rest
            rest ^= low
            b = low.bit_length() - 1
            have = counts[b]
            used = have if have < size else size
            cost = spent + size - used
            if cost >= found[0] + ties:
                continue
            if last:
                if not ties:
                    found[0] = cost  # only reached when cheaper
                    continue
                left = mask if have > used else mask & ~low
                if cost < found[0]:  # _tie, written out: it is called for every lay-down
                    found[0], found[1], found[2] = cost, left, int(naturals + used >= 2)
                else:
                    found[1] |= left
                    found[2] |= naturals + used >= 2
                continue
            counts[b] = have - used
            _least(
                steps,
                nxt,
                counts,
                naturals + used,
                need_natural,
                b if same_next else _NO_FLOOR,
                mask if have > used else mask & ~low,
                cost,
                found,
                ties,
            )
            counts[b] = have
    cost = spent + size
    if cost < found[0] + ties and (kind != _RUN or windows):
        if not last:
            _least(
                steps,
                nxt,
                counts,
                naturals,
                need_natural,
                floor if same_next else _NO_FLOOR,
                mask,
                cost,
                found,
                ties,
            )
        elif naturals or not need_natural:
            if ties:
                _tie(found, cost, mask, naturals)
            else:
                found[0] = cost


def _tie(found: list[int], cost: int, mask: int, naturals: int) -> None:
    """Record a lay-down of ``cost`` leaving the buckets ``mask`` for the tie search."""
    multi = int(naturals >= 2)
    if cost < found[0]:
        found[0], found[1], found[2] = cost, mask, multi
    else:
        found[1] |= mask
        found[2] |= multi


def _take(counts: list[int], hit: int, mask: int) -> int:
    """Take one card of each number bucket in ``hit`` (a run's window); the buckets left."""
    n = 0
    while hit:
        if hit & 1:
            counts[n] -= 1
            if not counts[n]:
                mask &= ~(1 << n)
        hit >>= 1
        n += 1
    return mask


def _give(counts: list[int], hit: int) -> None:
    """Put back what :func:`_take` took."""
    n = 0
    while hit:
        if hit & 1:
            counts[n] += 1
        hit >>= 1
        n += 1
