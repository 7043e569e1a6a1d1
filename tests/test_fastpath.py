"""The solver's fast path (:mod:`phase10.fastpath`): it agrees with the general search, and it
leaves alone what it does not cover (other kinds, user subclasses, scope "group", personal Wilds).
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator, Sequence
from unittest import mock

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import phase10.solver as solver
from phase10 import (
    COLORS,
    PHASE_20,
    SKIP,
    STANDARD_PHASES,
    WILD,
    Card,
    ColorOf,
    Meld,
    MeldRules,
    NaturalScope,
    Phase,
    RunOf,
    SetOf,
    can_complete,
    find_completions,
    laydown_problem,
    parse_cards,
)
from phase10.extra_kinds import COLOR_PHASES, UNOBOT_30_PHASES, ColorRunOf
from phase10.fastpath import compile_plan, completes, plan_for
from phase10.melds import DEFAULT_MELD_RULES, Draft
from strategies import hands, number_cards, numbers

CUSTOM_PHASES = (
    Phase(21, (RunOf(3), RunOf(3))),
    Phase(22, (ColorOf(3), ColorOf(3))),
    Phase(23, (SetOf(2), RunOf(3), SetOf(2))),
    Phase(24, (ColorOf(2), ColorOf(3), ColorOf(2))),
    Phase(25, (SetOf(1), RunOf(1))),
    Phase(26, (RunOf(12),)),
    Phase(27, (RunOf(13),)),
    Phase(28, (RunOf(2), RunOf(2), RunOf(3))),
)
COVERED = tuple(
    phase
    for phase in (*PHASE_20, *UNOBOT_30_PHASES[10:], *CUSTOM_PHASES)
    if phase._fast_plan is not None
)
FAST_RULES = (
    MeldRules(),
    MeldRules(natural_card_scope="none"),
    MeldRules(run_wraparound=True),
    MeldRules(run_wraparound=True, natural_card_scope="none"),
    MeldRules(wild_value_range=(0, 13)),
    MeldRules(wild_value_range=(2, 11), natural_card_scope="none"),
    MeldRules(wild_value_range=(-1, 14)),
)
ALL_RULES = (
    *FAST_RULES,
    MeldRules(natural_card_scope="group"),
    MeldRules(wild_numbers=frozenset({1})),
    MeldRules(wild_numbers=frozenset({2}), natural_card_scope="none"),
    MeldRules(run_wraparound=True, wild_numbers=frozenset({12}), natural_card_scope="group"),
)

# ---------------------------------------------------------------------------
# Agreement with the general search
# ---------------------------------------------------------------------------


@given(hand=hands(), rules=st.sampled_from(FAST_RULES))
@example(hand=parse_cards("R5 B5 W W W W W"), rules=FAST_RULES[0])
@example(hand=parse_cards("W W W W W W W W S S"), rules=FAST_RULES[1])
@example(hand=parse_cards("R11 R12 B1 B2 G3 W W"), rules=FAST_RULES[2])
@example(hand=parse_cards("R12 B11 G10 W Y9 W W"), rules=FAST_RULES[4])
@example(hand=parse_cards("R3 R3 R3 B4 B4 W R5 R6 G7"), rules=FAST_RULES[0])
def test_fast_path_matches_the_general_search(hand: tuple[Card, ...], rules: MeldRules) -> None:
    """The natural-first search (exchange argument in phase10.fastpath) loses no lay-down."""
    need_natural = rules.natural_card_scope is NaturalScope.PHASE
    for phase in COVERED:
        assert phase._fast_plan is not None
        expected = solver._search_can_complete(hand, phase, rules)
        fast = completes(plan_for(phase._fast_plan, rules), hand, need_natural)
        assert fast == expected, (phase.name, rules, hand)
        assert can_complete(hand, phase, rules) == expected, (phase.name, rules, hand)


@settings(max_examples=max(5, settings().max_examples // 3))
@given(hand=hands(max_size=11), rules=st.sampled_from(ALL_RULES))
def test_find_completions_prefilter_changes_nothing(
    hand: tuple[Card, ...], rules: MeldRules
) -> None:
    """find_completions with and without the fast yes/no answer and the listing by plan."""
    for phase in STANDARD_PHASES:
        with_filter = find_completions(hand, phase, rules)
        with (
            mock.patch.object(solver, "fast_plan", return_value=None),
            mock.patch.object(solver, "listing_plan", return_value=None),
        ):
            without = find_completions(hand, phase, rules)
        assert with_filter == without, (phase.name, rules, hand)


def test_plans_are_compiled_for_exact_built_in_kinds_only() -> None:
    """Run + colour phases, extra kinds and subclasses have no plan (general search)."""
    assert all(phase._fast_plan is not None for phase in STANDARD_PHASES)
    uncovered = {phase.number for phase in PHASE_20 if phase._fast_plan is None}
    assert uncovered == {14, 15}  # a run and a colour group: both card features matter
    assert all(phase._fast_plan is None for phase in COLOR_PHASES)
    assert Phase(1, (ColorRunOf(4),))._fast_plan is None

    @attrs.frozen
    class MySet(SetOf):
        pass

    assert Phase(1, (MySet(3), SetOf(3)))._fast_plan is None
    assert compile_plan((MySet(3),), DEFAULT_MELD_RULES) is None


def test_the_plan_is_derived_and_invisible() -> None:
    """Not part of equality, hash, repr or the constructor; rebuilt by evolve; pickles."""
    phase = Phase(3, (SetOf(4), RunOf(4)))
    twin = Phase(3, (SetOf(4), RunOf(4)))
    assert phase == twin
    assert hash(phase) == hash(twin)
    assert "plan" not in repr(phase)
    assert pickle.loads(pickle.dumps(phase)) == phase
    assert pickle.loads(pickle.dumps(phase))._fast_plan == phase._fast_plan
    other = attrs.evolve(phase, requirements=(ColorOf(7),))
    assert other._fast_plan is not None
    assert other._fast_plan.buckets == 4
    assert attrs.evolve(phase, requirements=(ColorOf(3), RunOf(3)))._fast_plan is None


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("R7 B7 G7 Y7 R3 B3 G3 W R1 R2 R4", True),  # 4 + 3 + a Wild: two sets of 4
        ("R7 B7 G7 Y7 R3 B3 W R1 R2 R4 R5", False),  # 4 + 2 + a Wild fall one short
        ("R7 B7 G7 Y7 R7 B7 G7 Y7 R1 R2 R4", True),  # eight 7s make both sets
        ("W W W W W W W W R1 R2 R4", True),  # Wilds alone, with a natural card left
    ],
)
def test_a_phase_of_sets_is_judged_by_its_most_held_numbers(cards: str, expected: bool) -> None:
    """Phase 7 (two sets of 4, R-5.5): a hand whose two most-held numbers and Wilds fall short
    is rejected before the search; the bound never rejects a hand that holds the phase."""
    phase = STANDARD_PHASES[6]
    plan = phase._fast_plan
    assert plan is not None
    assert plan.sets == 2
    assert completes(plan, parse_cards(cards), need_natural=True) is expected
    assert can_complete(parse_cards(cards), phase) is expected


# ---------------------------------------------------------------------------
# What the fast path must leave to the general search
# ---------------------------------------------------------------------------


def _no_fast_path(*args: object) -> bool:
    raise AssertionError("the fast path was used")


@pytest.mark.pure_python  # patches a module the compiled wheel compiles
def test_group_scope_and_personal_wilds_use_the_general_search() -> None:
    hand = parse_cards("R5 B5 W W W W W")
    phase = STANDARD_PHASES[1]
    with mock.patch.object(solver, "completes", _no_fast_path):
        for rules in ALL_RULES[len(FAST_RULES) :]:
            can_complete(hand, phase, rules)
            find_completions(hand, phase, rules)
        with pytest.raises(AssertionError, match="fast path"):
            can_complete(hand, phase)


def test_a_user_subclass_of_set_is_not_routed_to_the_fast_path() -> None:
    """A subclass may change what fits (here: no Wilds in its sets); its own methods decide."""

    @attrs.frozen
    class NaturalSet(SetOf):
        def candidates(
            self, counts: Sequence[int], min_naturals: int, rules: MeldRules
        ) -> Iterator[Draft]:
            for draft in super().candidates(counts, min_naturals, rules):
                if WILD.code not in draft[0]:
                    yield draft

        def problem(self, meld: Meld, rules: MeldRules) -> str | None:
            if WILD in meld.cards:
                return "no Wilds in a natural set"
            return super().problem(meld, rules)

    hand = parse_cards("R5 B5 W G7 B7 W")
    plain = Phase(1, (SetOf(3), SetOf(3)))
    natural = Phase(1, (NaturalSet(3), SetOf(3)))
    assert can_complete(hand, plain)
    assert not can_complete(hand, natural)
    assert not find_completions(hand, natural)
    assert can_complete((*hand, Card.parse("R5")), natural)
    with mock.patch.object(solver, "completes", _no_fast_path):
        can_complete(hand, natural)

    meld = Meld(NaturalSet(3), parse_cards("R5 B5 W"), 5)
    assert meld.problem() == "no Wilds in a natural set"
    assert Meld(SetOf(3), parse_cards("R5 B5 W"), 5).problem() is None
    laydown = (meld, Meld(SetOf(3), parse_cards("G7 B7 W"), 7))
    assert laydown_problem(laydown, natural) == "no Wilds in a natural set"


# ---------------------------------------------------------------------------
# Meld validation and lay-downs: the quick yes never differs from the full checks
# ---------------------------------------------------------------------------

_REQUIREMENTS = (SetOf(2), SetOf(3), RunOf(3), RunOf(4), ColorOf(3), ColorOf(5))


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    """A group that is often valid and often just wrong (size, anchor, a card, the wrap)."""
    req = draw(st.sampled_from(_REQUIREMENTS))
    size = max(1, req.size + draw(st.integers(min_value=-1, max_value=3)))
    anchor = draw(st.integers(min_value=-1, max_value=14))
    color = draw(st.sampled_from(COLORS))
    wraps = draw(st.booleans())
    cards: list[Card] = []
    for i in range(size):
        choice = draw(st.integers(min_value=0, max_value=9))
        if choice == 0:
            cards.append(WILD)
        elif choice == 1:
            cards.append(draw(st.sampled_from((SKIP, Card.parse("R1")))))
        elif choice == 2:
            cards.append(draw(number_cards))
        else:
            number = anchor + i if req.kind == "run" else anchor
            if wraps:
                number = (number - 1) % 12 + 1
            if req.kind == "color":
                number = draw(numbers)
            card_color = color if req.kind == "color" else draw(st.sampled_from(COLORS))
            cards.append(Card.number_card(card_color, number) if 1 <= number <= 12 else WILD)
    if req.kind == "color":
        return Meld(req, tuple(cards), draw(st.sampled_from((None, 3))), color, wraps)
    return Meld(req, tuple(cards), anchor, draw(st.sampled_from((None, color))), wraps)


@given(meld=melds(), rules=st.sampled_from(ALL_RULES))
def test_meld_problem_matches_the_full_checks(meld: Meld, rules: MeldRules) -> None:
    assert meld.problem(rules) == meld.requirement.problem(meld, rules)


@settings(max_examples=max(5, settings().max_examples // 3))
@given(hand=hands(min_size=6, max_size=11), rules=st.sampled_from(ALL_RULES), data=st.data())
def test_laydown_problem_matches_the_full_checks(
    hand: tuple[Card, ...], rules: MeldRules, data: st.DataObject
) -> None:
    for phase in STANDARD_PHASES:
        for laydown in find_completions(hand, phase)[:2]:
            other = data.draw(st.sampled_from(STANDARD_PHASES))
            for candidate, target in ((laydown, phase), (laydown[::-1], phase), (laydown, other)):
                for exact in (False, True):
                    quick = laydown_problem(candidate, target, rules, exact_only=exact)
                    with mock.patch.object(solver, "_plainly_valid_laydown", return_value=False):
                        full = laydown_problem(candidate, target, rules, exact_only=exact)
                    assert quick == full, (candidate, target.name, rules, exact)
