"""Finding the ways a hand completes a phase.

The search is complete: it never misses a lay-down, whatever the Wilds do
(two sets of one number, Wilds shared between groups, Wilds below a run's
lowest card, one natural card and six Wilds, ...). Groups are always at their
minimum size; bigger groups are reached by hitting in the same turn (R-5.5, R-6.6).

Yes/no questions about phases of exact built-in kinds go first to the plan that
each :class:`~phase10.Phase` compiles (``phase10.fastpath``, which explains
why it is complete too); :func:`find_completions` lists such phases, when no
personal Wild is in play, from the same plan (``phase10.arrangements``, which
explains why its list is the same); everything else uses the general search here.

>>> from phase10 import STANDARD_PHASES, parse_cards
>>> hand = parse_cards("R3 R4 R5 W B7 B7 B7 G11 S Y10")
>>> can_complete(hand, STANDARD_PHASES[1])
True
>>> for melds in find_completions(hand, STANDARD_PHASES[1]):
...     print(" | ".join(str(m) for m in melds))
B7 B7 B7 | W R3 R4 R5
B7 B7 B7 | R3 R4 R5 W
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from .arrangements import list_completions, listing_plan
from .cards import ALL_CARDS, WILD, Card
from .errors import CompletionLimitError, InvalidDataError
from .fastpath import Plan, compile_plan, completes, completes_counts, plan_for
from .limits import SEARCH_BUDGET, show
from .melds import (
    Draft,
    Meld,
    MeldRules,
    NaturalScope,
    Requirement,
    _HasMeldRules,
    _plainly_valid,
    meld_from_draft,
    meld_rules_of,
    recounted,
)
from .phases import Phase, describe_requirements

__all__ = [
    "COMPLETION_LIMIT",
    "can_complete",
    "can_complete_counts",
    "card_counts",
    "collapse",
    "collapse_map",
    "fast_plan",
    "find_completions",
    "iter_completions",
    "laydown_problem",
]

COMPLETION_LIMIT = 100_000
"""How many lay-downs :func:`find_completions` builds before it gives up.

Ordinary hands have at most a few hundred; Wild-rich hands of phases with many
groups can have millions. Stream those with :func:`iter_completions`.
"""

_WILD_CODE = WILD.code

SortKey = tuple[str, int, int, tuple[int, ...], tuple[int, ...]]
"""What :meth:`Meld.sort_key` returns."""
_CODES = len(ALL_CARDS)


def card_counts(hand: Iterable[Card]) -> list[int]:
    """How many of each card code (0..49) ``hand`` holds that may join a group.

    Skips (R-5.6) and the rule card (V-5.3) never join a group: they count 0.
    """
    counts = [0] * _CODES
    for card in hand:
        counts[card.code] += 1
    counts[49] = 0  # Skips never join a group, nor do the other action cards
    del counts[50:]  # (the rule card, V-5.3; Reverse and Super Skip, V-15)
    return counts


def _draft_key(draft: Draft) -> tuple[tuple[int, ...], int, str]:
    codes, number, color, _ = draft
    if isinstance(color, tuple):
        letters = "".join(c.value for c in color)
    else:
        letters = "" if color is None else color.value
    return codes, -1 if number is None else number, letters


def collapse_map(requirements: Sequence[Requirement], rules: MeldRules) -> tuple[int, ...]:
    """For each card code, the code it may be merged into for ``requirements``' sake.

    Cards that no requirement can tell apart (colours, when none uses colours;
    numbers, when none uses numbers and no number card is wild) are one card
    for a yes/no answer.
    """
    if not any(req.uses_colors for req in requirements):
        return tuple(code % 12 if code < 48 else code for code in range(50))
    if not rules.wild_numbers and not any(req.uses_numbers for req in requirements):
        return tuple((code // 12) * 12 if code < 48 else code for code in range(50))
    return tuple(range(50))


def collapse(counts: list[int], requirements: Sequence[Requirement], rules: MeldRules) -> list[int]:
    """``counts`` with cards merged that no requirement can tell apart (for yes/no answers)."""
    mapping = collapse_map(requirements, rules)
    if mapping[13] == 13:  # nothing to merge
        return counts
    merged = [0] * 50
    for code in range(49):
        if counts[code]:
            merged[mapping[code]] += counts[code]
    return merged


def _checked_budget(budget: int | None) -> int:
    """``budget``, or :data:`~phase10.limits.SEARCH_BUDGET` for ``None``; anything but a
    whole number >= 1 raises :class:`~phase10.InvalidDataError`."""
    if budget is None:
        return SEARCH_BUDGET
    if type(budget) is not int or budget < 1:
        raise InvalidDataError(f"a search budget is a whole number >= 1, not {show(budget)}")
    return budget


class _Work:
    """What one call of the solver may still spend (:data:`~phase10.limits.SEARCH_BUDGET`):
    each candidate group tried costs one plus its cards; shared by that call's searches."""

    __slots__ = ("budget", "left", "subject")

    def __init__(self, budget: int | None, subject: Phase | Sequence[Requirement]):
        self.budget = self.left = _checked_budget(budget)
        self.subject = subject

    def refill(self) -> None:
        """A new answer was found: the next one may spend the whole budget again."""
        self.left = self.budget

    def exhausted(self) -> CompletionLimitError:
        subject = self.subject
        if isinstance(subject, Phase):
            what = f"phase {subject.number} ({subject.name})"
        else:
            what = f"the groups {describe_requirements(subject)}"
        return CompletionLimitError(
            f"gave up on {what}: the search spent its budget of {self.budget:,} "
            "(phase10.limits.SEARCH_BUDGET; each candidate group tried costs one plus its "
            "cards) without an answer: too many groups for this hand to search them all"
        )


DraftKey = tuple[tuple[int, ...], int, str]
"""How :meth:`_Search.walk` orders the groups of equal requirements (see ``_draft_key``)."""
Position = tuple[int, bool, DraftKey | None, bytes | tuple[int, ...]]
"""What a yes/no answer depends on: the requirement reached, whether a natural card is
laid, the lowest draft the requirement may take (``None``: any) and the counts left
(as bytes while every count fits in one: a fifth of the memory of a tuple)."""

_MEMO_LIMIT = 200_000
"""How many hopeless positions a stream of lay-downs remembers before it forgets them all
(a cache: forgetting costs only time, and keeps the stream's memory bounded). One yes/no
answer remembers at most one position per two units of its budget."""


class _Search:
    """A depth-first search over the requirements of one phase."""

    __slots__ = (
        "block",
        "equal_before",
        "min_naturals",
        "recount",
        "requirements",
        "rules",
        "scope",
        "sizes",
        "suffixes",
        "work",
    )

    def __init__(
        self, requirements: Sequence[Requirement], rules: MeldRules, work: _Work, block: int = 0
    ):
        self.requirements = requirements
        self.block = block  # the first requirements, all equal, take non-decreasing drafts
        self.rules = rules
        self.work = work
        self.scope = rules.natural_card_scope
        self.min_naturals = 1 if self.scope is NaturalScope.GROUP else 0
        self.recount = rules.personal_never_natural  # A-26: the kinds' counts are too high
        # Worked out once per search, not at every node: the cards the requirements from
        # each index on take, and whether a requirement equals the one before it.
        self.sizes = [sum(r.size for r in requirements[i:]) for i in range(len(requirements))]
        self.equal_before = [i > 0 and requirements[i - 1] == r for i, r in enumerate(requirements)]
        # walk's yes/no searches of the requirements from each index on (built when needed).
        self.suffixes: dict[int, tuple[_Search, set[Position]]] = {}

    def run(self, counts: list[int], naturals: int = 0) -> bool:
        """Whether any lay-down exists (``naturals``: natural cards already laid)."""
        return self._exists(counts, 0, naturals > 0, sum(counts[:49]), set(), None)

    def _exists(
        self,
        counts: list[int],
        index: int,
        natural: bool,
        cards: int,
        failed: set[Position],
        floor: DraftKey | None,
    ) -> bool:
        """:meth:`run` from requirement ``index`` on (``natural``: a natural card is laid;
        ``floor``: the lowest draft requirement ``index`` may take, in the first
        :attr:`block` requirements, as :meth:`walk` takes equal requirements).

        A yes/no answer depends only on the cards left, so drafts that take the same
        cards are tried once and the positions found hopeless are remembered: a phase
        of many small groups has few such positions but a great many drafts (a Wild
        anchored anywhere), which :meth:`walk` would try in every order."""
        reqs = self.requirements
        if index == len(reqs):
            return natural or self.scope is not NaturalScope.PHASE
        if cards < self.sizes[index]:
            return False
        state: bytes | tuple[int, ...]
        try:
            state = bytes(counts)
        except ValueError:  # a count above 255: a hand of more than a hundred decks
            state = tuple(counts)
        position = (index, natural, floor, state)
        if position in failed:
            return False
        req = reqs[index]
        need = self.min_naturals
        if self.scope is NaturalScope.PHASE and not natural and index == len(reqs) - 1:
            need = 1
        chained = index + 1 < self.block  # the next requirement's floor is this draft
        drafts: Iterable[Draft] = req.candidates(counts, need, self.rules)
        if self.recount:
            drafts = recounted(req, drafts, need, self.rules)
        work = self.work
        tried: set[tuple[tuple[int, ...], bool, DraftKey | None]] = set()
        for draft in drafts:
            work.left -= 1 + len(draft[0])
            if work.left < 0:
                raise work.exhausted()
            key = _draft_key(draft) if floor is not None or chained else None
            if floor is not None and key is not None and key < floor:
                continue
            codes = draft[0]
            laid = natural or draft[3] > 0
            taken = (tuple(sorted(codes)), laid, key if chained else None)
            if taken in tried:
                continue
            tried.add(taken)
            for code in codes:
                counts[code] -= 1
            after = key if chained else None
            found = self._exists(counts, index + 1, laid, cards - len(codes), failed, after)
            for code in codes:
                counts[code] += 1
            if found:
                return True
        failed.add(position)
        return False

    def _completes_from(
        self, counts: list[int], index: int, natural: bool, cards: int, chosen: list[Draft]
    ) -> bool:
        """Whether :meth:`walk` from ``index`` yields anything: the requirements from
        ``index`` on, larger groups first, except that when requirement ``index`` equals
        the one before, it and its equals come first with non-decreasing drafts from the
        draft before, as :meth:`walk` takes them.

        Searched in :meth:`walk`'s order, a hopeless choice is found out only after every
        combination of the groups before the one that cannot be made; remembering the
        hopeless positions of this search makes each such question cost little."""
        entry = self.suffixes.get(index)
        if entry is None:
            reqs = self.requirements
            block = 0
            if self.equal_before[index]:
                block = 1
                while index + block < len(reqs) and self.equal_before[index + block]:
                    block += 1
            rest = [*reqs[index : index + block], *_hardest_first(reqs[index + block :])]
            entry = self.suffixes[index] = (_Search(rest, self.rules, self.work, block), set())
        search, failed = entry
        if len(failed) > _MEMO_LIMIT // 4 and (
            sum(len(known) for _, known in self.suffixes.values()) > _MEMO_LIMIT
        ):
            for _, known in self.suffixes.values():
                known.clear()
        floor = _draft_key(chosen[-1]) if search.block else None
        return search._exists(counts, 0, natural, cards, failed, floor)

    def walk(
        self, counts: list[int], index: int, chosen: list[Draft], naturals: int, cards: int
    ) -> Iterator[tuple[Draft, ...]]:
        """Every lay-down, lazily, as one draft per requirement (``cards``: how many of the
        counted cards may join a group).

        Before it descends with a draft while two or more requirements are left, it asks
        :meth:`_completes_from` whether anything lies below: between two lay-downs it
        then tries at most the drafts on one path down and those yes/no searches, which
        :data:`~phase10.limits.SEARCH_BUDGET` bounds (the work is refilled at each one)."""
        reqs = self.requirements
        if index == len(reqs):
            if self.scope is not NaturalScope.PHASE or naturals:
                self.work.refill()
                yield tuple(chosen)
            return
        if cards < self.sizes[index]:
            return
        req = reqs[index]
        need = self.min_naturals
        if self.scope is NaturalScope.PHASE and naturals == 0 and index == len(reqs) - 1:
            need = 1
        # Equal requirements side by side take non-decreasing drafts: each lay-down once.
        floor = _draft_key(chosen[-1]) if self.equal_before[index] else None
        drafts: Iterable[Draft] = req.candidates(counts, need, self.rules)
        if self.recount:
            drafts = recounted(req, drafts, need, self.rules)
        look_ahead = index + 2 < len(reqs)
        work = self.work
        for draft in drafts:
            work.left -= 1 + len(draft[0])
            if work.left < 0:
                raise work.exhausted()
            if floor is not None and _draft_key(draft) < floor:
                continue
            codes = draft[0]
            for code in codes:
                counts[code] -= 1
            chosen.append(draft)
            laid = naturals + draft[3]
            left = cards - len(codes)
            if not look_ahead or self._completes_from(counts, index + 1, laid > 0, left, chosen):
                yield from self.walk(counts, index + 1, chosen, laid, left)
            chosen.pop()
            for code in codes:
                counts[code] += 1


def _canonical_order(
    requirements: Sequence[Requirement], melds: tuple[Meld, ...]
) -> tuple[Meld, ...]:
    """``melds`` with the groups of equal requirements sorted among themselves."""
    if len(set(requirements)) == len(requirements):
        return melds
    slots: dict[Requirement, list[Meld]] = {}
    for req, meld in zip(requirements, melds, strict=True):
        slots.setdefault(req, []).append(meld)
    for group in slots.values():
        group.sort(key=Meld.sort_key, reverse=True)
    return tuple(slots[req].pop() for req in requirements)


def fast_plan(phase: Phase, rules: MeldRules) -> Plan | None:
    """The phase's fast plan under ``rules``, or ``None`` when the general search must answer.

    Scope "group" and personal Wilds break the exchange argument of
    ``phase10.fastpath``; phases of other kinds have no plan.
    """
    plan: Plan | None = getattr(phase, "_fast_plan", None)
    if plan is None or rules.wild_numbers or rules.natural_card_scope is NaturalScope.GROUP:
        return None
    return plan_for(plan, rules)


def can_complete(
    hand: Iterable[Card],
    phase: Phase,
    rules: MeldRules | _HasMeldRules | None = None,
    *,
    budget: int | None = None,
) -> bool:
    """Whether ``hand`` holds every group of ``phase`` at minimum size (R-5, R-7).

    ``rules`` is a :class:`~phase10.Rules` (or :class:`MeldRules`); it decides
    the natural-card scope (A-3), run bounds (A-4) and personal Wilds (V-10).
    The search spends at most ``budget`` units of work (each group it tries costs
    one plus its size), then raises :class:`~phase10.CompletionLimitError`
    (:data:`~phase10.limits.SEARCH_BUDGET`: only phases of a great many groups with
    hands far bigger than a game deals come near it).
    """
    mr = meld_rules_of(rules)
    spend = None if budget is None else _checked_budget(budget)  # None: the default
    plan = fast_plan(phase, mr)
    if plan is not None:
        return completes(plan, hand, mr.natural_card_scope is NaturalScope.PHASE, spend)
    return _search_can_complete(hand, phase, mr, spend)


def can_complete_counts(
    counts: Sequence[int],
    requirements: Sequence[Requirement],
    rules: MeldRules,
    *,
    need_natural: bool,
    plan: Plan | None = None,
    budget: int | None = None,
) -> bool:
    """Whether cards counted by code (as :func:`card_counts` gives) hold ``requirements``.

    ``need_natural`` asks for a natural card among them (scope ``"phase"`` when the
    groups already chosen have none). ``plan`` is the fast plan of exactly these
    requirements (:func:`phase10.fastpath.compile_plan`), when one applies.
    ``budget`` as for :func:`can_complete`.
    """
    if budget is not None:
        budget = _checked_budget(budget)
    if not requirements:
        return not need_natural
    if (
        plan is not None
        and not rules.wild_numbers
        and rules.natural_card_scope is not (NaturalScope.GROUP)
    ):
        return completes_counts(plan, counts, need_natural, budget)
    work = collapse(list(counts), requirements, rules)
    if sum(work[:49]) < sum(r.size for r in requirements):
        return False
    search = _Search(_hardest_first(requirements), rules, _Work(budget, requirements))
    return search.run(work, 1 if search.scope is NaturalScope.PHASE and not need_natural else 0)


def requirements_plan(requirements: Sequence[Requirement], rules: MeldRules) -> Plan | None:
    """The fast plan for ``requirements`` under ``rules``, or ``None`` (general search)."""
    if rules.wild_numbers or rules.natural_card_scope is NaturalScope.GROUP:
        return None
    return compile_plan(requirements, rules)


def _search_can_complete(
    hand: Iterable[Card], phase: Phase, rules: MeldRules, budget: int | None = None
) -> bool:
    """:func:`can_complete` by the general search, for every kind and every rule option."""
    _check_phase(phase, "can_complete")  # here, off the fast path: a Phase has a plan or not
    work = _Work(budget, phase)
    counts = card_counts(hand)
    if sum(counts[:49]) < phase.min_cards:
        return False
    counts = collapse(counts, phase.requirements, rules)
    return _Search(_hardest_first(phase.requirements), rules, work).run(counts)


def _check_phase(phase: object, function: str) -> None:
    """Refuse what is not a :class:`Phase` (a phase number, most likely) with the fix."""
    if not isinstance(phase, Phase):
        raise TypeError(
            f"{function} takes a Phase (STANDARD_PHASES[0], or rules.phase(1) for a "
            f"variant's), not {show(phase)}"
        )


def _hardest_first(requirements: Sequence[Requirement]) -> list[Requirement]:
    """``requirements`` with the larger groups first, for a yes/no search: they have the
    fewest drafts and fail soonest (the order of the groups does not change the answer)."""
    return sorted(requirements, key=lambda requirement: -requirement.size)


def iter_completions(
    hand: Iterable[Card],
    phase: Phase,
    rules: MeldRules | _HasMeldRules | None = None,
    *,
    budget: int | None = None,
) -> Iterator[tuple[Meld, ...]]:
    """Every distinct way ``hand`` can lay down ``phase``, lazily, each group at minimum size.

    The lazy form of :func:`find_completions`: the same lay-downs, each once, but
    in search order rather than sorted, and built one at a time, so a caller can
    stop early or stream millions of them in bounded memory. The search asks a
    yes/no question before it enters a branch of two groups or more, so it never
    searches one that holds no lay-down; it spends at most ``budget``
    units of work before each lay-down (and after the last), else it raises
    :class:`~phase10.CompletionLimitError` (:data:`~phase10.limits.SEARCH_BUDGET`).

    >>> from phase10 import STANDARD_PHASES, parse_cards
    >>> ways = iter_completions(parse_cards("R3 R4 R5 W B7 B7 B7"), STANDARD_PHASES[1])
    >>> [str(meld) for meld in next(ways)]
    ['B7 B7 B7', 'W R3 R4 R5']
    """
    _check_phase(phase, "iter_completions")
    mr = meld_rules_of(rules)
    cards = hand if isinstance(hand, (tuple, list)) else tuple(hand)
    work = _Work(budget, phase)
    plan = fast_plan(phase, mr)
    need = mr.natural_card_scope is NaturalScope.PHASE
    if plan is not None and not completes(plan, cards, need, budget):
        return
    counts = card_counts(cards)
    if sum(counts[:49]) < phase.min_cards:
        return
    reqs = phase.requirements
    # Search equal requirements side by side, so their groups come in one order only
    # (the search never yields one lay-down twice, and nothing needs remembering).
    order = sorted(range(len(reqs)), key=lambda i: reqs.index(reqs[i]))
    searched = [reqs[i] for i in order]
    made: dict[tuple[int, Draft], Meld] = {}  # one group comes back in many lay-downs
    position = [order.index(i) for i in range(len(reqs))]  # phase order from search order
    in_order = position == list(range(len(reqs)))
    distinct = len(set(reqs)) == len(reqs)
    search = _Search(searched, mr, work)
    total = sum(counts[:49])
    if len(reqs) > 1 and not search._completes_from(counts, 0, False, total, []):
        return
    for drafts in search.walk(counts, 0, [], 0, total):
        built: list[Meld] = []
        for i, req, draft in zip(order, searched, drafts, strict=True):
            meld = made.get((i, draft))
            if meld is None:
                meld = made[i, draft] = meld_from_draft(req, draft, mr)
            built.append(meld)
        melds = tuple(built) if in_order else tuple(built[p] for p in position)
        yield melds if distinct else _canonical_order(reqs, melds)


def find_completions(
    hand: Iterable[Card],
    phase: Phase,
    rules: MeldRules | _HasMeldRules | None = None,
    *,
    limit: int = COMPLETION_LIMIT,
    budget: int | None = None,
) -> tuple[tuple[Meld, ...], ...]:
    """Every distinct way ``hand`` can lay down ``phase``, each group at minimum size.

    Each completion lists one :class:`Meld` per requirement, in the phase's
    order; the list is canonical (sorted, no duplicates), so the same hand
    always gives the same tuple. More than ``limit`` ways raise
    :class:`~phase10.CompletionLimitError`: use :func:`iter_completions` to
    stream them, or :func:`phase10.legal_actions`, which lists lay-downs a group
    at a time and stays small on any hand. The search between two lay-downs tries
    at most ``budget`` units of work, as in :func:`iter_completions`.
    """
    _check_phase(phase, "find_completions")
    mr = meld_rules_of(rules)
    spend = _checked_budget(budget)
    plan = listing_plan(phase, mr)
    if plan is None:
        return _search_completions(hand, phase, mr, limit, spend)
    cards = hand if isinstance(hand, (tuple, list)) else tuple(hand)
    scope = mr.natural_card_scope
    if scope is not NaturalScope.GROUP and not completes(
        plan,
        cards,
        scope is NaturalScope.PHASE,
        budget,  # None: unmetered if small
    ):
        return ()  # most hands: one fast yes/no answer
    return list_completions(plan, phase, card_counts(cards), mr, limit, spend)


def _search_completions(
    hand: Iterable[Card], phase: Phase, rules: MeldRules, limit: int, budget: int | None = None
) -> tuple[tuple[Meld, ...], ...]:
    """:func:`find_completions` by the general search, for every kind and every rule option."""
    found: list[tuple[Meld, ...]] = []
    for melds in iter_completions(hand, phase, rules, budget=budget):
        if len(found) == limit:
            raise CompletionLimitError(
                f"more than {limit} ways to lay down phase {phase.number}: "
                "stream them with iter_completions()"
            )
        found.append(melds)
    keys: dict[int, SortKey] = {}  # one key per group object

    def key(meld: Meld) -> SortKey:
        found_key = keys.get(id(meld))
        if found_key is None:
            found_key = keys[id(meld)] = meld.sort_key()
        return found_key

    found.sort(key=lambda melds: tuple(key(m) for m in melds))
    return tuple(found)


def laydown_problem(
    melds: Sequence[Meld],
    phase: Phase,
    rules: MeldRules | _HasMeldRules | None = None,
    *,
    exact_only: bool = False,
) -> str | None:
    """Why ``melds`` is not a valid lay-down of ``phase`` (R-5.4..R-5.6, R-7.2), or ``None``.

    The groups must match the phase's requirements one for one (in any order),
    each must be valid, and the natural-card scope must hold. Whether the cards
    are in the player's hand is the engine's business.
    """
    mr = meld_rules_of(rules)
    if _plainly_valid_laydown(melds, phase.requirements, mr, exact_only):
        return None
    if len(melds) != len(phase.requirements):
        return (
            f"phase {phase.number} is {phase.name}: it takes {len(phase.requirements)} "
            f"group{'s' if len(phase.requirements) != 1 else ''}, not {len(melds)} (R-5.5)"
        )
    wanted = list(phase.requirements)
    for meld in melds:
        if meld.requirement not in wanted:
            return f"phase {phase.number} is {phase.name}: it has no {meld.requirement.describe()}"
        wanted.remove(meld.requirement)
        why = meld.problem(mr)
        if why:
            return why
        if exact_only and len(meld.cards) != meld.requirement.size:
            return "groups must be laid at exactly their size (laydown_extras='exact_only')"
    if mr.natural_card_scope is NaturalScope.PHASE and not any(m.natural_count(mr) for m in melds):
        return "a phase needs at least one natural card (R-7.2)"
    return None


def _plainly_valid_laydown(
    melds: Sequence[Meld], requirements: Sequence[Requirement], rules: MeldRules, exact_only: bool
) -> bool:
    """A quick yes for a valid lay-down of exact built-in kinds; ``False`` means "not sure".

    :func:`laydown_problem` then runs its checks in order for the exact message.
    """
    if len(melds) != len(requirements):
        return False
    wanted = list(requirements)
    natural = False
    for meld in melds:
        if not _plainly_valid(meld, rules):
            return False
        req = meld.requirement
        try:
            wanted.remove(req)
        except ValueError:
            return False
        cards = meld.cards
        if exact_only and len(cards) != req.size:
            return False
        if not natural:
            # _plainly_valid implies no personal Wilds: a number card stands for itself.
            natural = any(card.code < _WILD_CODE for card in cards)
    return natural or rules.natural_card_scope is not NaturalScope.PHASE
