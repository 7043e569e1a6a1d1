"""Lay-downs a group at a time: the distinct groups a hand can put towards a phase.

A Wild-rich hand can lay a phase down in hundreds of thousands of ways
(``postal`` phase 3 with ``R3 R3 B3 B3 G3 G3 Y3 Y3 W W W`` has 259,836), so
:func:`phase10.legal_actions` never lists whole lay-downs of several groups.
It lists the phase's groups one at a time (:class:`~phase10.LayGroup`, then a
:class:`~phase10.LayDown` with the last group), and for each step only the
groups that

* differ in what they leave in hand or in what they mean on the table for
  later hits (the kind's :meth:`~phase10.Requirement.outcome_key`; groups that
  differ only in where a Wild sits are one option), and
* leave cards from which the rest of the phase can still be made.

Every step is small (one group's choices, never a product over groups), and
every lay-down the rules allow is reached by some sequence of steps (the
"nothing lost" property, tested against the full enumeration of
:func:`phase10.iter_completions`).

>>> from phase10 import STANDARD_PHASES, parse_cards
>>> from phase10.solver import card_counts
>>> hand = card_counts(parse_cards("R7 B7 G7 W W R3 R4 R5 Y9"))
>>> phase2 = STANDARD_PHASES[1].requirements  # a set of 3, then a run of 4
>>> [str(m) for m in group_options(hand, phase2, need_natural=True)]
['R7 B7 G7', 'R7 B7 W', 'R7 G7 W', 'B7 G7 W']

A set of 7s with both Wilds is missing: the run 3-5 would then lack its fourth card.
"""

from __future__ import annotations

import itertools
import typing
from collections.abc import Hashable, Iterator, Sequence

from .cards import ALL_CARDS, COLORS, Color
from .melds import (
    DEFAULT_MELD_RULES,
    ColorOf,
    Draft,
    Meld,
    MeldRules,
    NaturalScope,
    Requirement,
    RunOf,
    SetOf,
    _new_meld,
    meld_from_draft,
    recounted,
    submultisets,
)
from .quick_options import Choice, quick_choices
from .solver import can_complete_counts, collapse_map, requirements_plan

__all__ = ["group_options", "remaining_requirements"]

_WILD_CODE = 48
_BUILT_IN: tuple[type, ...] = (SetOf, RunOf, ColorOf)
_COLOR_INDEX = {color: i for i, color in enumerate(COLORS)}


def remaining_requirements(
    requirements: Sequence[Requirement], laid: Sequence[Meld]
) -> tuple[Requirement, ...]:
    """The requirements not yet met by the groups in ``laid``, in phase order."""
    left = list(requirements)
    for meld in laid:
        left.remove(meld.requirement)
    return tuple(left)


def group_options(
    counts: Sequence[int],
    requirements: Sequence[Requirement],
    rules: MeldRules = DEFAULT_MELD_RULES,
    *,
    need_natural: bool,
    wild_positions: bool = False,
) -> list[Meld]:
    """The distinct groups for ``requirements[0]`` after which the rest can still be made.

    ``counts`` counts the available cards by code (see
    :func:`phase10.solver.card_counts`). ``need_natural`` says the phase still
    lacks a natural card (scope ``"phase"``, R-7.2). ``wild_positions`` makes
    the place of each Wild in a run part of what a group means (movable Wilds,
    V-13). Groups are at minimum size, one per distinct (meaning, cards used),
    each with as many natural cards as its cards allow, sorted canonically.
    """
    return _group_options(counts, requirements, rules, need_natural, wild_positions, quick=True)


def _group_options_reference(
    counts: Sequence[int],
    requirements: Sequence[Requirement],
    rules: MeldRules = DEFAULT_MELD_RULES,
    *,
    need_natural: bool,
    wild_positions: bool = False,
) -> list[Meld]:
    """:func:`group_options` without the outline path (:mod:`phase10.quick_options`): every
    candidate from the kind, each asked on its own; the tests' oracle for the fast path."""
    return _group_options(counts, requirements, rules, need_natural, wild_positions, quick=False)


def _group_options(
    counts: Sequence[int],
    requirements: Sequence[Requirement],
    rules: MeldRules,
    need_natural: bool,
    wild_positions: bool,
    *,
    quick: bool,
) -> list[Meld]:
    """:func:`group_options`; ``quick`` lets plain sets, runs and colour groups without
    personal Wilds go by outlines."""
    req = requirements[0]
    rest = requirements[1:]
    scope = rules.natural_card_scope
    min_naturals = 1 if scope is NaturalScope.GROUP or (need_natural and not rest) else 0
    kind = type(req)
    if quick and kind in _BUILT_IN and not rules.wild_numbers:
        chosen, checked = quick_choices(req, counts, min_naturals, rules, rest, need_natural)
        if not checked:  # the rest is asked card by card
            chosen = _finishable(chosen, counts, rest, rules, need_natural)
    else:
        if kind in _BUILT_IN:
            chosen = _built_in_choices(req, counts, min_naturals, rules, wild_positions)
        else:
            chosen = _custom_choices(req, counts, min_naturals, rules)
        if rest:
            chosen = _finishable(chosen, counts, rest, rules, need_natural)
    chosen.sort(key=_order)
    wraps = rules.run_wraparound and req.wraps_around
    return [
        meld
        if meld is not None
        else _new_meld(req, tuple([ALL_CARDS[c] for c in codes]), number, color, wraps)
        for (number, color, codes, _, meld) in chosen
    ]


def _order(choice: Choice) -> tuple[int, int, tuple[int, ...]]:
    """:meth:`Meld.sort_key` of the option, for options of one requirement."""
    number, color, codes, _, _ = choice
    return (-1 if number is None else number, -1 if color is None else _COLOR_INDEX[color], codes)


def _built_in_choices(
    req: Requirement,
    counts: Sequence[int],
    min_naturals: int,
    rules: MeldRules,
    wild_positions: bool,
) -> list[Choice]:
    """Sets, runs and colour groups: one option per (anchor, cards used), most naturals kept."""
    ordered = type(req) is RunOf  # a set or colour group lies in card order
    best: dict[Hashable, Choice] = {}
    for codes, number, color, naturals in _drafts(req, counts, min_naturals, rules, wild_positions):
        cards = tuple(sorted(codes))
        key: Hashable = (number, color, cards)
        if wild_positions and ordered:
            key = (key, tuple(i for i, c in enumerate(codes) if c == _WILD_CODE))
        kept = best.get(key)
        if kept is None or naturals > kept[3]:
            single = typing.cast("Color | None", color)  # built-in kinds have one colour
            best[key] = (number, single, codes if ordered else cards, naturals, None)
    return list(best.values())


def _custom_choices(
    req: Requirement, counts: Sequence[int], min_naturals: int, rules: MeldRules
) -> list[Choice]:
    """Other kinds: one option per (:meth:`~Requirement.outcome_key`, cards used)."""
    best: dict[Hashable, Choice] = {}
    for draft in recounted(req, req.candidates(counts, min_naturals, rules), min_naturals, rules):
        meld = meld_from_draft(req, draft, rules)
        key = (req.outcome_key(meld), tuple(sorted(draft[0])))
        kept = best.get(key)
        if kept is None or draft[3] > kept[3]:
            codes = tuple(card.code for card in meld.cards)
            best[key] = (meld.number, meld.color, codes, draft[3], meld)
    return list(best.values())


def _finishable(
    chosen: list[Choice],
    counts: Sequence[int],
    rest: Sequence[Requirement],
    rules: MeldRules,
    need_natural: bool,
) -> list[Choice]:
    """The options after which the cards left can make the ``rest`` of the phase.

    The answer depends only on what the rest can tell apart of the cards left,
    so options that use the same cards up to that are asked once.
    """
    plan = requirements_plan(rest, rules)
    mapping = collapse_map(rest, rules)
    work = list(counts)
    answers: dict[tuple[tuple[int, ...], bool], bool] = {}
    kept: list[Choice] = []
    for choice in chosen:
        codes = choice[2]
        still_need = need_natural and choice[3] == 0
        seen = (tuple(sorted(mapping[c] for c in codes)), still_need)
        ok = answers.get(seen)
        if ok is None:
            for code in codes:
                work[code] -= 1
            ok = answers[seen] = can_complete_counts(
                work, rest, rules, need_natural=still_need, plan=plan
            )
            for code in codes:
                work[code] += 1
        if ok:
            kept.append(choice)
    return kept


def _drafts(
    req: Requirement,
    counts: Sequence[int],
    min_naturals: int,
    rules: MeldRules,
    wild_positions: bool,
) -> Iterator[Draft]:
    """The requirement's candidate groups; Postal runs by cards used, not by Wild order."""
    if type(req) is RunOf and rules.wild_numbers:
        drafts = _personal_run_drafts(req, counts, min_naturals, rules, wild_positions)
    else:
        drafts = req.candidates(counts, min_naturals, rules)
    return iter(recounted(req, drafts, min_naturals, rules))


def _personal_run_drafts(
    req: RunOf,
    counts: Sequence[int],
    min_naturals: int,
    rules: MeldRules,
    wild_positions: bool,
) -> Iterator[Draft]:
    """Runs under Postal's personal Wilds (V-10.2), one per choice of cards, not of order.

    :meth:`RunOf.candidates` tries every Wild-capable card at every open
    position: thousands of orders of the same cards when a player holds eight
    phase-number cards. Here the natural positions are chosen, then a multiset
    of Wild-capable cards fills the rest in one canonical order (a true Wild
    where a personal Wild would stand for its own number).
    """
    size = req.size
    work = list(counts)
    if rules.run_wraparound:
        starts: Sequence[int] = range(1, 13) if size <= 12 else ()
    else:
        low, high = rules.wild_value_range
        starts = range(low, high - size + 2)
    wild = [rules.is_wild_code(code) for code in range(49)]
    room = sum(work[code] for code in range(49) if wild[code])
    wild_codes = _wild_codes(rules)
    for start in starts:
        if rules.run_wraparound:
            values = [(start + i - 1) % 12 + 1 for i in range(size)]
        else:
            values = list(range(start, start + size))
        # A run's numbers are distinct, so a natural card can sit at one position only:
        # the natural choices of the positions are independent, a plain product.
        options: list[list[int | None]] = []
        for value in values:
            here: list[int | None] = []
            if 1 <= value <= 12:
                here = [code for code in range(value - 1, 48, 12) if work[code]]
            options.append([*here, None])
        for chosen in itertools.product(*options):
            naturals = sum(1 for code in chosen if code is not None)
            used_wild = sum(1 for code in chosen if code is not None and wild[code])
            if naturals < min_naturals or size - naturals > room - used_wild:
                continue
            for code in chosen:
                if code is not None:
                    work[code] -= 1
            yield from _wild_fill(
                work, values, list(chosen), naturals, rules, start, wild_positions, wild_codes
            )
            for code in chosen:
                if code is not None:
                    work[code] += 1


def _wild_codes(rules: MeldRules) -> list[int]:
    """The codes of the cards that may act as Wilds under ``rules``, in code order."""
    numbers = sorted(rules.wild_numbers)
    personal = sorted(ci * 12 + n - 1 for n in numbers if 1 <= n <= 12 for ci in range(4))
    return [*personal, _WILD_CODE]


def _wild_fill(
    work: list[int],
    values: list[int],
    chosen: list[int | None],
    naturals: int,
    rules: MeldRules,
    start: int,
    wild_positions: bool,
    wild_codes: Sequence[int],
) -> Iterator[Draft]:
    """Fill the open positions with each multiset of Wild-capable cards, in one order.

    With ``wild_positions`` (movable Wilds) each place of the true Wilds among the
    open positions is its own option; otherwise one order stands for all.
    """
    open_positions = [i for i, code in enumerate(chosen) if code is None]
    pool = [(code, work[code]) for code in wild_codes if work[code]]
    # A personal Wild at the position of its own number would be natural: that
    # lay-down is the natural branch's, so a true Wild must take that position.
    own = [i for i in open_positions if 1 <= values[i] <= 12 and values[i] in rules.wild_numbers]
    others = [i for i in open_positions if i not in own]
    base = [-1 if code is None else code for code in chosen]
    for i in own:
        base[i] = _WILD_CODE
    # One arrangement per set of cards: a card of a personal-Wild number used as a Wild
    # while its own position holds a true Wild, or a lower card of that number than the
    # one standing at its position, is an arrangement already made the other way round
    # (with as many natural cards or more). With movable Wilds the first swap moves a
    # true Wild, which matters, so only the second applies.
    barred = set() if wild_positions else {values[i] for i in own}
    floors = {
        values[i]: code
        for i, code in enumerate(chosen)
        if code is not None and 1 <= values[i] <= 12 and values[i] in rules.wild_numbers
    }
    if barred or floors:
        pool = [
            (code, count)
            for code, count in pool
            if code == _WILD_CODE
            or (code % 12 + 1 not in barred and code >= floors.get(code % 12 + 1, -1))
        ]
    for combo in submultisets(pool, len(open_positions)):
        wilds = combo.count(_WILD_CODE) - len(own)
        if wilds < 0:
            continue
        personal = combo[: len(combo) - wilds - len(own)]  # sorted: the true Wilds come last
        if not wild_positions:  # one order for all: personal Wilds first, true Wilds after
            placed = list(base)
            for i, code in zip(others, personal, strict=False):
                placed[i] = code
            for i in others[len(personal) :]:
                placed[i] = _WILD_CODE
            yield tuple(placed), start, None, naturals
            continue
        for wild_places in itertools.combinations(others, wilds):
            placed = list(base)
            for i in wild_places:
                placed[i] = _WILD_CODE
            rest = [i for i in others if i not in wild_places]
            for i, code in zip(rest, personal, strict=True):
                placed[i] = code
            yield tuple(placed), start, None, naturals
