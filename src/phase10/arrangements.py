"""Every lay-down of a phase of sets, runs or colour groups: :func:`phase10.find_completions`'s
path for the built-in kinds when only the Wild card is wild.

The general search (:mod:`phase10.solver`) builds each group's candidates card by card, and
builds them again for every choice of the groups before it: a hand that lays phase 2 one
way still has every set of 3 tried with every run of 4. Here the phases that
:mod:`phase10.fastpath` covers (exact :class:`~phase10.SetOf` / :class:`~phase10.RunOf`
groups, or exact :class:`~phase10.ColorOf` groups) are listed in two layers, the first on
counts per bucket (12 numbers, or 4 colours) where the search is small:

1. *Outlines*. A group's outline is its anchor (a set's number, a colour, a run's start) and
   where its natural cards are: how many for a set or colour group (the rest are Wilds,
   which sort last), which positions for a run. The search tries, group by group, every
   outline that the bucket counts and the Wilds left allow, including groups of Wilds only
   (any anchor), and keeps those that meet the natural-card scope (R-7.2, A-3).
2. *Cards*. For one outline, each group takes, in turn, every distinct choice of actual
   cards for its natural places from what the groups before it left: a multiset of one
   bucket for a set or colour group, one card of each position's number for a run.

Every lay-down has exactly one outline and one choice of cards, and groups with different
outlines or cards differ as :class:`~phase10.Meld` values (a group shows its anchor, its
cards in table order and so where a run's Wilds sit), so each lay-down is listed once,
except that groups of equal requirements can swap: their outlines are searched in
non-decreasing order, and where equal groups share an anchor their lay-downs are put in
canonical order (:func:`phase10.find_completions`'s) and kept once. Without personal
Wilds (V-10.2) a card is either the Wild or natural wherever it sits, which is what
makes the buckets exact; Postal rules and other kinds go to the general search.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from .cards import ALL_CARDS, COLORS
from .errors import CompletionLimitError
from .fastpath import COLOR_STEP, NO_FLOOR, RUN_STEP, Plan, Window, plan_for, search_steps
from .melds import (
    ColorOf,
    Meld,
    MeldRules,
    NaturalScope,
    Requirement,
    RunOf,
    _new_meld,
    submultisets,
)
from .phases import Phase

__all__ = ["list_completions", "listing_plan"]

WILD_CODE = 48
"""Card codes (shared with :mod:`phase10.quick_options`): the Wild, each number's four
colours, each colour's twelve numbers."""
NUMBER_CODES = tuple(tuple(range(n, 48, 12)) for n in range(12))
_WILD_ONLY = (WILD_CODE,)
COLOR_CODES = tuple(tuple(range(ci * 12, ci * 12 + 12)) for ci in range(4))

Key = tuple[int, int, tuple[int, ...]]
"""A group as the listing keeps it: number (or -1), colour index (or -1), card codes in table
order; for groups of one requirement, :meth:`Meld.sort_key` without its constant parts."""


def listing_plan(phase: Phase, rules: MeldRules) -> Plan | None:
    """The plan that :func:`list_completions` lists ``phase`` by under ``rules``, or ``None``
    (other kinds, colour groups mixed with sets or runs, personal Wilds)."""
    plan = phase._fast_plan
    if plan is None or rules.wild_numbers:
        return None
    return plan_for(plan, rules)


def list_completions(
    plan: Plan,
    phase: Phase,
    counts: list[int],
    rules: MeldRules,
    limit: int,
    budget: int,
) -> tuple[tuple[Meld, ...], ...]:
    """:func:`phase10.find_completions` for a phase with a listing plan; ``counts`` as
    :func:`phase10.solver.card_counts` gives them (read, never changed).

    Between two lay-downs found the listing spends at most ``budget`` (an outline of a
    group costs one plus its size and its anchors, a group built one, the fast search's steps as in
    :func:`phase10.fastpath.completes`), else :class:`~phase10.CompletionLimitError`."""
    lister = _Lister(plan, phase, counts, rules, limit, budget)
    lister.outlines(0, counts[WILD_CODE], 0, NO_FLOOR, 0, lister.present)
    found = lister.found
    if not found:
        return ()
    return _melds(sorted(found), phase.requirements, rules)


class _Lister:
    """One listing: the bucket counts, the outline being built and the lay-downs found."""

    __slots__ = (
        "at_least",
        "avail",
        "buckets",
        "budget",
        "chains",
        "chosen",
        "codes",
        "counts",
        "found",
        "held",
        "last",
        "left",
        "limit",
        "lowest",
        "made",
        "need_natural",
        "phase",
        "pools",
        "position",
        "present",
        "steps",
        "windows",
        "wraps",
    )

    def __init__(
        self,
        plan: Plan,
        phase: Phase,
        counts: list[int],
        rules: MeldRules,
        limit: int,
        budget: int,
    ) -> None:
        self.steps = plan.steps
        self.budget = self.left = budget
        self.last = len(plan.steps)
        self.phase = phase
        self.limit = limit
        self.counts = counts  # read only: the step-by-step way works on a copy
        if plan.buckets == 4:
            self.codes = COLOR_CODES
            self.buckets = buckets = [sum(counts[i : i + 12]) for i in range(0, 48, 12)]
        else:
            self.codes = NUMBER_CODES
            self.buckets = buckets = [
                counts[n] + counts[n + 12] + counts[n + 24] + counts[n + 36] for n in range(12)
            ]
        self.held = tuple(buckets)
        present = 0
        bit = 1
        for have in buckets:
            if have:
                present |= bit
            bit <<= 1
        self.present = present
        scope = rules.natural_card_scope
        self.lowest = 1 if scope is NaturalScope.GROUP else 0
        self.need_natural = scope is NaturalScope.PHASE
        self.wraps = rules.run_wraparound
        self.chosen: list[tuple[int, int]] = []
        self.chains = plan.chains
        self.position = plan.positions
        self.found: list[tuple[Key, ...]] = []
        self.made: dict[tuple[int, int, int], list[Key]] = {}
        # Built on first use from the hand's counts: cards taken by the groups chosen before
        # only make fewer anchors possible.
        self.at_least: dict[int, list[int]] = {}
        self.windows: dict[tuple[int, int], list[Window]] = {}
        self.avail: dict[int, list[int]] = {}
        self.pools: dict[int, list[int]] = {}

    def outlines(
        self, index: int, wilds: int, naturals: int, floor: int, floor_detail: int, present: int
    ) -> None:
        """Every outline of the steps from ``index`` on; each complete one is expanded.

        ``floor`` / ``floor_detail``: the outline of the equal step before (outlines of
        equal steps never decrease); ``present``: the buckets with a card left. The last
        step takes nothing from the counts: its outlines go straight to :meth:`leaf`.

        With two steps or more still to choose, an outline is followed only if the fast
        yes/no search (:mod:`phase10.fastpath`) finds some lay-down of those steps in the
        cards left: otherwise a phase of many groups tries every outline of all but the
        last group before it finds that the Wilds run out.
        """
        kind, size, _, windows = self.steps[index]
        self.spend(size + 1 + len(self.buckets))  # the group and the anchors it may take
        nxt = index + 1
        last = nxt == self.last
        lowest = self.lowest
        if last and not naturals and self.need_natural:
            lowest = 1  # the phase's natural card must come now
        same_next = not last and self.steps[nxt].same_as_previous
        buckets = self.buckets
        chosen = self.chosen
        short = size - wilds  # natural cards a group needs at the least
        ends: list[tuple[int, int]] = []  # the last step's outlines, listed together
        if kind == RUN_STEP:
            usable: Sequence[Window] = windows
            if short > 0:  # only the windows that hold that many numbers of the hand
                runs = self.windows.get((index, short))
                if runs is None:
                    runs = self.windows[index, short] = [
                        (start, window)
                        for start, window in windows
                        if (self.present & window).bit_count() >= short
                    ]
                usable = runs
            fewest = short if short > lowest else lowest
            for start, window in usable:
                if start < floor:
                    continue
                hit = present & window
                have = hit.bit_count()
                # Each natural card may give its place to a Wild while Wilds are left.
                most = have - fewest
                if most < 0:
                    continue
                picks: Sequence[tuple[int, int]] = ((hit, 0),)
                if most:
                    bits = []
                    rest = hit
                    while rest:
                        low = rest & -rest
                        bits.append(low)
                        rest ^= low
                    picks = [
                        (hit - sum(drop), dropped)
                        for dropped in range(most + 1)
                        for drop in itertools.combinations(bits, dropped)
                    ]
                self.spend(len(picks))
                for taken, dropped in picks:
                    if start == floor and taken < floor_detail:
                        continue
                    if last:
                        ends.append((start, taken))
                    else:
                        chosen.append((start, taken))
                        left = present
                        rest = taken
                        while rest:
                            low = rest & -rest
                            n = low.bit_length() - 1
                            buckets[n] -= 1
                            if not buckets[n]:
                                left ^= low
                            rest ^= low
                        spare = wilds - size + have - dropped
                        laid = naturals + have - dropped
                        floor_next = start if same_next else NO_FLOOR
                        if not self.hopeless(nxt, spare, laid, floor_next, left):
                            self.outlines(nxt, spare, laid, floor_next, taken, left)
                        rest = taken
                        while rest:
                            low = rest & -rest
                            buckets[low.bit_length() - 1] += 1
                            rest ^= low
                        chosen.pop()
            if ends:
                self.leaves(ends)
            return
        anchors: Sequence[int] = range(len(buckets))
        if short > 0:  # only the buckets that held that many cards
            held = self.at_least.get(short)
            if held is None:
                held = self.at_least[short] = [
                    b for b, have in enumerate(self.held) if have >= short
                ]
            anchors = held
        fewest = max(short, lowest)
        for b in anchors:
            if b < floor:
                continue
            have = buckets[b]
            # From as many natural cards as fit down to the fewest (Wilds fill the rest).
            for used in range(have if have < size else size, fewest - 1, -1):
                if b == floor and used < floor_detail:
                    break
                if last:
                    ends.append((b, used))
                else:
                    chosen.append((b, used))
                    buckets[b] = have - used
                    left = present & ~(1 << b) if have == used else present
                    spare, laid = wilds - size + used, naturals + used
                    floor_next = b if same_next else NO_FLOOR
                    if not self.hopeless(nxt, spare, laid, floor_next, left):
                        self.outlines(nxt, spare, laid, floor_next, used, left)
                    buckets[b] = have
                    chosen.pop()
        if ends:
            self.leaves(ends)

    def leaves(self, ends: list[tuple[int, int]]) -> None:
        """Every lay-down of the outlines chosen for all steps but the last, with each of
        ``ends`` (outlines of the last step).

        Groups that draw on different buckets choose their cards independently: the
        lay-downs are the product of each group's choices, built in one go, the last
        group's choices over all its outlines together. Groups that share a bucket, or
        equal groups with one anchor (whose canonical order depends on their cards), take
        the step-by-step way.
        """
        chosen = self.chosen
        counts = self.counts
        steps = self.steps
        made = self.made  # the counts are the hand's here: one group's choices hold
        choices: list[list[Key]] = []
        used = 0
        previous = -1
        apart = True  # whether the groups chosen so far draw on different buckets
        final = self.last - 1
        for index in range(final):
            kind, size, same, _ = steps[index]
            anchor, detail = chosen[index]
            mask = detail if kind == RUN_STEP else (1 << anchor if detail else 0)
            if used & mask or (same and anchor == previous):
                apart = False
                break
            used |= mask
            previous = anchor
            options = made.get((index, anchor, detail))
            if options is None:
                options = made[index, anchor, detail] = self.options(
                    kind, size, anchor, detail, counts
                )
            choices.append(options)
        kind, size, same, _ = steps[final]
        together: list[Key] = []
        for anchor, detail in ends:
            mask = detail if kind == RUN_STEP else (1 << anchor if detail else 0)
            if not apart or used & mask or (same and anchor == previous):
                chosen.append((anchor, detail))
                made_here: list[tuple[Key, ...]] = []
                self.expand(0, [], made_here, list(counts))
                # Equal groups that share an outline come in both orders: keep each once.
                distinct = set(made_here) if self.chains else made_here
                self.count(len(distinct))
                self.found.extend(distinct)
                chosen.pop()
                continue
            options = made.get((final, anchor, detail))
            if options is None:
                options = made[final, anchor, detail] = self.options(
                    kind, size, anchor, detail, counts
                )
            together.extend(options)
        if not together:
            return
        choices.append(together)
        total = 1
        for options in choices:
            total *= len(options)
        self.count(total)
        self.found.extend(itertools.product(*[choices[i] for i in self.position]))

    def hopeless(self, index: int, wilds: int, naturals: int, floor: int, present: int) -> bool:
        """Whether no lay-down of the steps from ``index`` on is left (with two or more of
        them; one is listed at once). The fast search is the yes/no question of the
        same outlines, so what it refuses holds nothing."""
        if index + 1 >= self.last:
            return False
        self.spend(len(self.steps) - index)
        left = [self.left]
        steps, buckets, need = self.steps, self.buckets, self.need_natural
        try:
            return not search_steps(
                steps, index, buckets, wilds, naturals, need, floor, present, left
            )
        finally:
            self.left = left[0]

    def spend(self, steps: int) -> None:
        """Count work since the last lay-down found; refuse to go past the budget."""
        self.left -= steps
        if self.left < 0:
            raise CompletionLimitError(
                f"gave up listing the ways to lay down phase {self.phase.number} "
                f"({self.phase.name}): it spent its budget of {self.budget:,} without a new "
                "one (phase10.limits.SEARCH_BUDGET)"
            )

    def count(self, more: int) -> None:
        """Refuse to list more than the limit; a lay-down found refills the budget."""
        if more:
            self.left = self.budget
        if len(self.found) + more > self.limit:
            raise CompletionLimitError(
                f"more than {self.limit} ways to lay down phase {self.phase.number}: "
                "stream them with iter_completions()"
            )

    def options(
        self, kind: int, size: int, anchor: int, detail: int, counts: list[int]
    ) -> list[Key]:
        """One group's choices of cards for its outline, from ``counts``."""
        if kind == RUN_STEP:
            places: list[Sequence[int]] = [_WILD_ONLY] * size
            rest = detail  # the numbers that take a natural card, as bits
            while rest:
                low = rest & -rest
                rest ^= low
                n = low.bit_length() - 1  # number n + 1 sits at its distance from the start
                place = (n + 1 - anchor) % 12 if self.wraps else n + 1 - anchor
                if counts is self.counts:  # the hand's own: its cards of a number are known
                    cards = self.avail.get(n)
                    if cards is None:
                        cards = self.avail[n] = [c for c in NUMBER_CODES[n] if counts[c]]
                else:
                    cards = [code for code in NUMBER_CODES[n] if counts[code]]
                places[place] = cards
            return [(anchor, -1, codes) for codes in itertools.product(*places)]
        wild_part = (WILD_CODE,) * (size - detail)
        number, color = (-1, anchor) if kind == COLOR_STEP else (anchor + 1, -1)
        if not detail:
            return [(number, color, wild_part)]
        if counts is self.counts:  # the hand's own: its cards of a bucket are known
            cards = self.pools.get(anchor)
            if cards is None:
                cards = self.pools[anchor] = [
                    code for code in self.codes[anchor] for _ in range(counts[code])
                ]
        else:
            cards = [code for code in self.codes[anchor] for _ in range(counts[code])]
        if len(cards) == detail:  # all of them: one way
            return [(number, color, (*cards, *wild_part))]
        return [(number, color, natural + wild_part) for natural in _choose(cards, detail)]

    def expand(
        self, index: int, keys: list[Key], made: list[tuple[Key, ...]], counts: list[int]
    ) -> None:
        """The outline's lay-downs step by step from ``index`` into ``made``, each group
        taking its cards from what the groups before it left (``counts``, a copy of the
        hand's); equal groups in canonical order."""
        kind, size, _, _ = self.steps[index]
        anchor, detail = self.chosen[index]
        options = self.options(kind, size, anchor, detail, counts)
        self.spend(len(options))
        if index + 1 < self.last:
            for key in options:
                codes = key[2]
                for code in codes:
                    counts[code] -= 1
                keys.append(key)
                self.expand(index + 1, keys, made, counts)
                keys.pop()
                for code in codes:
                    counts[code] += 1
            return
        position = self.position
        for key in options:
            ordered = [*keys, key]
            for first, end in self.chains:
                ordered[first:end] = sorted(ordered[first:end])
            made.append(tuple([ordered[i] for i in position]))
        if self.chains:
            if len(made) > 2 * self.limit:  # a lay-down may come in several orders: once
                made[:] = set(made)
                self.count(len(made))
        else:
            self.count(len(made))


def _choose(cards: list[int], size: int) -> Iterable[tuple[int, ...]]:
    """Every distinct multiset of ``size`` of ``cards`` (codes in increasing order), sorted."""
    if len(set(cards)) == len(cards):
        return itertools.combinations(cards, size)
    return submultisets([(code, cards.count(code)) for code in dict.fromkeys(cards)], size)


def _melds(
    arrangements: list[tuple[Key, ...]], requirements: Sequence[Requirement], rules: MeldRules
) -> tuple[tuple[Meld, ...], ...]:
    """The lay-downs (keys in phase order) as groups; one :class:`Meld` per distinct group."""
    wraps = rules.run_wraparound
    if len(requirements) == 1:  # every lay-down is one distinct group
        (req,) = requirements
        return tuple([(_meld(req, key, wraps),) for (key,) in arrangements])
    made: list[dict[Key, Meld]] = [{} for _ in requirements]
    out: list[tuple[Meld, ...]] = []
    if len(requirements) == 2:
        first_req, second_req = requirements
        firsts, seconds = made
        for first, second in arrangements:
            one = firsts.get(first)
            if one is None:
                one = firsts[first] = _meld(first_req, first, wraps)
            two = seconds.get(second)
            if two is None:
                two = seconds[second] = _meld(second_req, second, wraps)
            out.append((one, two))
        return tuple(out)
    for keys in arrangements:
        melds: list[Meld] = []
        for req, key, known in zip(requirements, keys, made, strict=True):
            meld = known.get(key)
            if meld is None:
                meld = known[key] = _meld(req, key, wraps)
            melds.append(meld)
        out.append(tuple(melds))
    return tuple(out)


def _meld(req: Requirement, key: Key, wraps: bool) -> Meld:
    """The group a key stands for (sets and colour groups hold their cards sorted)."""
    number, color, codes = key
    cards = tuple([ALL_CARDS[code] for code in codes])
    if type(req) is ColorOf:
        return _new_meld(req, cards, None, COLORS[color], False)
    return _new_meld(req, cards, number, None, wraps and type(req) is RunOf)
