"""The phase solver: can_complete, find_completions and laydown_problem (R-2, R-5, R-7, A-3, A-4).

The differential tests compare the solver with the brute-force oracle of
``tests/oracle.py``, which shares no code with it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from phase10 import (
    COLORS,
    PHASE_20,
    STANDARD_PHASES,
    WILD,
    Card,
    ColorOf,
    InvalidMeldError,
    Meld,
    MeldRules,
    NaturalScope,
    Phase,
    Requirement,
    RunOf,
    SetOf,
    can_complete,
    find_completions,
    format_cards,
    laydown_problem,
    parse_cards,
    sort_cards,
)
from phase10.testing.oracle import group_verdict, oracle_can_complete, oracle_partitions
from phase10.testing.solving import canonical_partition
from strategies import hands

SCOPES = (NaturalScope.PHASE, NaturalScope.GROUP, NaturalScope.NONE)
PHASE = {phase.number: phase for phase in STANDARD_PHASES}

# ---------------------------------------------------------------------------
# Checks shared by the differential tests
# ---------------------------------------------------------------------------


def _partition_of(melds: Sequence[Meld]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(card.code for card in meld.cards)) for meld in melds)


def _sort_key(
    melds: tuple[Meld, ...],
) -> tuple[tuple[str, int, int, tuple[int, ...], tuple[int, ...]], ...]:
    return tuple(meld.sort_key() for meld in melds)


def check_against_oracle(hand: Sequence[Card], phase: Phase, rules: MeldRules) -> None:
    """can_complete agrees with the oracle; find_completions is sound, complete and canonical."""
    expected = oracle_can_complete(hand, phase, rules)
    where = f"{format_cards(hand)} / phase {phase.number} / {rules}"
    assert can_complete(hand, phase, rules) == expected, where
    completions = find_completions(hand, phase, rules)
    assert bool(completions) == expected, where
    assert find_completions(hand, phase, rules) == completions, where
    assert len(set(completions)) == len(completions), where
    assert list(completions) == sorted(completions, key=_sort_key), where
    in_hand = Counter(hand)
    for melds in completions:
        assert laydown_problem(melds, phase, rules) is None, (where, melds)
        assert tuple(meld.requirement for meld in melds) == phase.requirements, where
        used: Counter[Card] = Counter()
        for meld in melds:
            assert meld.problem(rules) is None, (where, str(meld))
            assert len(meld.cards) == meld.requirement.size, (where, str(meld))
            valid, natural = group_verdict(
                meld.requirement, tuple(sorted(meld.cards, key=lambda c: c.code)), rules
            )
            assert valid, (where, str(meld))
            if meld.natural_count():
                assert natural, (where, str(meld))
            used.update(meld.cards)
        assert not used - in_hand, (where, [str(m) for m in melds])
    found = {canonical_partition(_partition_of(melds), phase) for melds in completions}
    wanted = {canonical_partition(p, phase) for p in oracle_partitions(hand, phase, rules)}
    assert found == wanted, where


# ---------------------------------------------------------------------------
# Differential tests
# ---------------------------------------------------------------------------


@given(hand=hands(6, 12))
@example(hand=parse_cards("R5 B5 W W W W W"))
@example(hand=parse_cards("R10 R10 R10 B10 B10 B10 S"))
@example(hand=parse_cards("R12 W W W W W W W"))
@example(hand=parse_cards("W W W W W W W W S S"))
@example(hand=parse_cards("R3 R4 R5 W B7 B7 B7 G11 S Y10"))
def test_solver_matches_oracle_all_phases_all_scopes(hand: tuple[Card, ...]) -> None:
    """R-2, R-5.4..R-5.6, R-7.2, A-3: the solver agrees with the brute-force oracle."""
    for phase in STANDARD_PHASES:
        for scope in SCOPES:
            check_against_oracle(hand, phase, MeldRules(natural_card_scope=scope))


VARIANT_RULES = (
    MeldRules(wild_numbers=frozenset({1})),
    MeldRules(wild_numbers=frozenset({7}), natural_card_scope="group"),
    MeldRules(wild_numbers=frozenset({2}), natural_card_scope="none"),
    MeldRules(run_wraparound=True),
    MeldRules(run_wraparound=True, natural_card_scope="group"),
    MeldRules(wild_value_range=(0, 13)),
    MeldRules(wild_value_range=(-1, 14), natural_card_scope="none"),
)


@settings(max_examples=max(5, settings().max_examples // 2))
@given(hand=hands(6, 12), rules=st.sampled_from(VARIANT_RULES))
@example(hand=parse_cards("R1 R7 B7 R3 B3 Y1"), rules=VARIANT_RULES[0])
@example(hand=parse_cards("R11 R12 B1 B2 G3 W W"), rules=VARIANT_RULES[3])
@example(hand=parse_cards("R12 B11 G10 W Y9 W W"), rules=VARIANT_RULES[5])
def test_solver_matches_oracle_under_variant_meld_rules(
    hand: tuple[Card, ...], rules: MeldRules
) -> None:
    """A-4 (wrap-around, wild range) and V-10.2 (Postal personal wilds) against the oracle."""
    for phase in STANDARD_PHASES:
        check_against_oracle(hand, phase, rules)


CUSTOM_PHASES = (
    *PHASE_20[10:],
    Phase(21, (RunOf(3), RunOf(3))),
    Phase(22, (ColorOf(3), ColorOf(3))),
    Phase(23, (SetOf(2), RunOf(3), SetOf(2))),
    Phase(24, (ColorOf(3), RunOf(3), SetOf(2))),
)


@settings(max_examples=max(5, settings().max_examples // 4))
@given(
    hand=hands(6, 12),
    rules=st.sampled_from(
        (
            *(MeldRules(natural_card_scope=scope) for scope in SCOPES),
            MeldRules(wild_numbers=frozenset({3})),
            MeldRules(run_wraparound=True, wild_numbers={12}, natural_card_scope="group"),
        )
    ),
)
def test_solver_matches_oracle_on_other_phase_lists(
    hand: tuple[Card, ...], rules: MeldRules
) -> None:
    """§L.1 and custom phases (more groups, repeated kinds, run + colour) against the oracle."""
    for phase in CUSTOM_PHASES:
        check_against_oracle(hand, phase, rules)


# ---------------------------------------------------------------------------
# Hand-written cases
# ---------------------------------------------------------------------------


def _completions(text: str, phase: int, **options: object) -> tuple[tuple[Meld, ...], ...]:
    hand = parse_cards(text)
    rules = MeldRules(**options)  # type: ignore[arg-type]
    result = find_completions(hand, PHASE[phase], rules)
    assert bool(result) == can_complete(hand, PHASE[phase], rules)
    return result


def _text(meld: Meld) -> str:
    """A run in table order; a set or colour group (whose order is no rule matter) sorted."""
    return format_cards(meld.cards if meld.requirement.kind == "run" else sort_cards(meld.cards))


def _shown(completions: tuple[tuple[Meld, ...], ...]) -> set[tuple[str, ...]]:
    return {tuple(_text(meld) for meld in melds) for melds in completions}


def test_r2_1_two_sets_of_the_same_number() -> None:
    """R-2.1: Phase 1 may be two sets of 10s."""
    found = _completions("R10 R10 R10 B10 B10 B10", 1)
    assert found
    for melds in found:
        assert [meld.number for meld in melds] == [10, 10]
    shapes = {tuple(sorted(_text(meld) for meld in melds)) for melds in found}
    assert shapes == {("B10 B10 B10", "R10 R10 R10"), ("R10 B10 B10", "R10 R10 B10")}


def test_r2_1_two_sets_of_the_same_number_with_wilds() -> None:
    """R-2.1: Phase 7 (two sets of 4) from five 8s and three Wilds."""
    assert _completions("R8 B8 G8 Y8 R8 W W W", 7)
    assert not _completions("R8 B8 G8 Y8 R8 W W S", 7)


def test_r2_2_groups_are_disjoint() -> None:
    """R-2.2: one card cannot serve in two groups (the 3 is needed by the set and the run)."""
    hand = parse_cards("R3 B3 G3 R4 R5 R6 B9")
    assert not can_complete(hand, PHASE[2])
    assert not find_completions(hand, PHASE[2])
    # With one more 3 the phase is possible, and every completion uses distinct cards.
    hand = (*hand, Card.parse("Y3"))
    found = find_completions(hand, PHASE[2])
    assert found
    for melds in found:
        used = Counter(card for meld in melds for card in meld.cards)
        assert not used - Counter(hand)


def test_r2_3_runs_need_not_be_one_color() -> None:
    """R-2.3: a run of mixed colours completes Phase 4; colour matters only for Phase 8."""
    hand = parse_cards("R1 B2 G3 Y4 R5 B6 G7")
    assert can_complete(hand, PHASE[4])
    assert not can_complete(hand, PHASE[8])
    assert can_complete(parse_cards("R1 R1 R5 R9 R9 R12 R3"), PHASE[8])


def test_wilds_shared_between_groups() -> None:
    """R-7.2: Wilds may complete several groups of one phase."""
    found = _completions("R5 B5 R7 G7 W W S", 1)
    assert _shown(found) == {("R5 B5 W", "R7 G7 W")}
    assert not _completions("R5 B5 R7 G7 W S S", 1)


def test_wilds_below_the_lowest_natural_of_a_run() -> None:
    """R-7.4: Wilds may sit below a run ending at 12 (no wrap-around)."""
    found = _completions("R10 R11 R12 W W W W", 4)
    assert _shown(found) == {("W W W W R10 R11 R12",)}
    (melds,) = found
    assert melds[0].number == 6
    assert melds[0].stands_for() == (6, 7, 8, 9, 10, 11, 12)


def test_one_natural_and_six_wilds_make_phase_4() -> None:
    """R-7.2: any number of Wilds with one natural card; every start position is offered."""
    for scope in SCOPES:
        found = _completions("R5 W W W W W W", 4, natural_card_scope=scope)
        # The 5 can be any of the 7 positions, as long as the run stays within 1..12.
        assert len(found) == 5, scope
        assert {melds[0].number for melds in found} == {1, 2, 3, 4, 5}, scope
        for melds in found:
            assert melds[0].stands_for()[melds[0].cards.index(Card.parse("R5"))] == 5


def test_one_natural_at_the_edge_of_the_number_range() -> None:
    """R-7.4: a 1 or a 12 with six Wilds has only one possible run."""
    (low,) = _completions("R1 W W W W W W", 4)
    assert low[0].stands_for() == (1, 2, 3, 4, 5, 6, 7)
    (high,) = _completions("G12 W W W W W W", 4)
    assert high[0].stands_for() == (6, 7, 8, 9, 10, 11, 12)


def test_a3_group_scope_set_gives_up_a_natural_for_the_run() -> None:
    """A-3 "group": the set must use only one 5 so that the run gets the other."""
    hand = "R5 B5 W W W W W"
    found = _completions(hand, 2, natural_card_scope="group")
    assert found
    for set_meld, run_meld in found:
        assert set_meld.natural_count() == 1
        assert run_meld.natural_count() == 1
        assert Card.parse("R5") in set_meld.cards + run_meld.cards
        assert Card.parse("B5") in set_meld.cards + run_meld.cards
    # Under "phase", the set may keep both 5s (the run is then all Wilds).
    found = _completions(hand, 2, natural_card_scope="phase")
    assert any(run_meld.natural_count() == 0 for _, run_meld in found)


def test_a3_one_all_wild_group_and_one_natural_group() -> None:
    """A-3: one all-Wild group + one natural group is valid per phase, not per group."""
    hand = parse_cards("R5 W W W W W")
    assert can_complete(hand, PHASE[1], MeldRules(natural_card_scope="phase"))
    assert not can_complete(hand, PHASE[1], MeldRules(natural_card_scope="group"))
    assert can_complete(hand, PHASE[1], MeldRules(natural_card_scope="none"))
    hand = parse_cards("R5 W W W W W W")  # Phase 9: set of 5 + set of 2
    assert can_complete(hand, PHASE[9], MeldRules(natural_card_scope="phase"))
    assert not can_complete(hand, PHASE[9], MeldRules(natural_card_scope="group"))


def test_a3_all_wild_phase() -> None:
    """A-3 / R-7.2: a phase of Wilds only is valid under "none" only."""
    hand = parse_cards("W W W W W W W W")
    for phase in STANDARD_PHASES:
        assert not can_complete(hand, phase), phase
        assert not can_complete(hand, phase, MeldRules(natural_card_scope="group")), phase
        none = MeldRules(natural_card_scope="none")
        assert can_complete(hand, phase, none) == (phase.min_cards <= 8), phase
        for melds in find_completions(hand, phase, MeldRules(natural_card_scope="none")):
            assert all(meld.natural_count() == 0 for meld in melds)


def test_a3_rules_object_with_meld_rules_attribute() -> None:
    """The solver accepts anything with a ``meld_rules`` attribute (such as ``Rules``)."""

    class FakeRules:
        @property
        def meld_rules(self) -> MeldRules:
            return MeldRules(natural_card_scope="none")

    hand = parse_cards("W W W W W W")
    assert can_complete(hand, PHASE[1], FakeRules())
    assert find_completions(hand, PHASE[1], FakeRules())
    assert not can_complete(hand, PHASE[1])


def test_r5_6_skips_never_complete_a_group() -> None:
    """R-5.6 / R-9.3: Skips in hand are never used, even for Phase 8 or with scope "none"."""
    hand = parse_cards("R5 R5 S R7 R7 S W")
    assert not can_complete(hand, PHASE[1])
    assert can_complete((*hand, WILD), PHASE[1])
    skips = parse_cards("S S S S R1 R2 R3 R4")
    for phase in STANDARD_PHASES:
        for scope in SCOPES:
            rules = MeldRules(natural_card_scope=scope)
            assert not can_complete(skips, phase, rules), (phase, scope)
    found = find_completions(parse_cards("R1 R2 R3 R4 R5 R6 S W W S"), PHASE[5])
    assert found
    for melds in found:
        assert all(not card.is_skip for meld in melds for card in meld.cards)
    assert not can_complete(parse_cards("R1 R2 R3 R4 R5 R6 S"), PHASE[8])


def test_too_few_cards() -> None:
    """R-5.4: the whole phase comes from the hand; a short hand cannot make it."""
    none = MeldRules(natural_card_scope="none")
    assert not can_complete(parse_cards("W W W W W"), PHASE[1], none)
    assert find_completions(parse_cards("R1 R1 R1 R2 R2"), PHASE[1]) == ()
    assert not can_complete((), PHASE[4])


def test_docstring_example() -> None:
    """The solver module's own example (a Wild either below or above the run)."""
    found = _completions("R3 R4 R5 W B7 B7 B7 G11 S Y10", 2)
    assert _shown(found) == {("B7 B7 B7", "W R3 R4 R5"), ("B7 B7 B7", "R3 R4 R5 W")}
    assert [melds[1].number for melds in found] == [2, 3]


def test_completions_take_any_iterable_hand() -> None:
    """A hand may be any iterable of cards (a generator is consumed once)."""
    hand = parse_cards("R7 B7 G7 Y2 B2 W")
    assert can_complete(iter(hand), PHASE[1])
    assert find_completions(iter(hand), PHASE[1]) == find_completions(hand, PHASE[1])


# -- Postal personal wilds (V-10.2) -----------------------------------------

POSTAL = MeldRules(wild_numbers=frozenset({1}))


def test_v10_2_postal_one_is_wild_in_a_set_of_sevens() -> None:
    """V-10.2: a 1 stands in for a 7; can_complete uses it."""
    hand = parse_cards("R7 B7 R1 G3 B3 Y3")
    assert not can_complete(hand, PHASE[1])
    assert can_complete(hand, PHASE[1], POSTAL)
    found = find_completions(hand, PHASE[1], POSTAL)
    assert _shown(found) == {("B3 G3 Y3", "R1 R7 B7")}
    sevens = SetOf(3).make("R7 B7 R1", rules=POSTAL)
    assert sevens.number == 7
    assert sevens.stands_for() == (7, 7, 7)
    assert sevens.natural_count() == 2


def test_v10_2_postal_one_is_natural_in_a_set_of_ones() -> None:
    """V-10.3 default: a personal wild used as its own number counts as natural."""
    ones = SetOf(3).make("R1 B1 W", rules=POSTAL)
    assert ones.number == 1
    assert ones.natural_count() == 2
    group = MeldRules(wild_numbers=frozenset({1}), natural_card_scope="group")
    # Set of 1s from 1s only: natural under "group"; set of 7s from 1s only: no natural.
    assert can_complete(parse_cards("R1 B1 G1 Y1 B1 G1"), PHASE[1], group)
    assert SetOf(3).make("R1 B1 G1", rules=group).natural_count() == 3
    assert SetOf(3).make("R1 B1 W", number=7, rules=POSTAL).natural_count() == 0
    with pytest.raises(InvalidMeldError, match="natural"):
        SetOf(3).make("R1 B1 W", number=7, rules=group)


def test_v10_2_postal_wild_in_runs_and_colour_groups() -> None:
    """V-10.2: personal wilds also fill runs and colour groups."""
    assert can_complete(parse_cards("R3 R4 R5 R6 R7 R8 B1"), PHASE[4], POSTAL)
    assert not can_complete(parse_cards("R3 R4 R5 R6 R7 R8 B1"), PHASE[4])
    assert can_complete(parse_cards("R2 R4 R6 R8 R10 R12 B1"), PHASE[8], POSTAL)
    assert not can_complete(parse_cards("R2 R4 R6 R8 R10 R12 B1"), PHASE[8])
    # The 1 in a run starting at 1 stands for itself.
    run = RunOf(7).make("B1 R2 R3 R4 R5 R6 R7", rules=POSTAL)
    assert run.natural_count() == 7


def test_v10_2_personal_wilds_are_personal() -> None:
    """V-10.2: wild_numbers only change who holds them; without it a 1 is a plain 1."""
    assert MeldRules().wild_numbers == frozenset()
    assert MeldRules(wild_numbers=[1, 2]).wild_numbers == frozenset({1, 2})
    assert not can_complete(parse_cards("R7 B7 R2 G3 B3 Y3"), PHASE[1], POSTAL)


# -- laydown_problem (R-5.4, R-5.5, R-7.2, A-10) -----------------------------


def _meld(req: Requirement, text: str, **kwargs: object) -> Meld:
    return req.make(text, **kwargs)  # type: ignore[arg-type]


def test_r5_5_groups_larger_than_minimum_are_valid() -> None:
    """R-5.5: a set of 5 and a run of 6 are a valid Phase 2 (extra cards fit their group)."""
    melds = (_meld(SetOf(3), "R7 B7 G7 Y7 W"), _meld(RunOf(4), "R1 R2 R3 R4 R5 R6"))
    assert laydown_problem(melds, PHASE[2]) is None
    # Groups may be listed in any order.
    assert laydown_problem(melds[::-1], PHASE[2]) is None
    # A-10 exact_only refuses the bigger groups.
    problem = laydown_problem(melds, PHASE[2], exact_only=True)
    assert problem is not None
    assert "exact" in problem


def test_r5_5_an_extra_group_is_refused() -> None:
    """R-5.5: a third set on Phase 1 is illegal (the official 3x6 / 3x8 / 3x10 example)."""
    sixes = _meld(SetOf(3), "R6 B6 G6")
    eights = _meld(SetOf(3), "R8 B8 G8")
    tens = _meld(SetOf(3), "R10 B10 G10")
    assert laydown_problem((sixes, eights), PHASE[1]) is None
    problem = laydown_problem((sixes, eights, tens), PHASE[1])
    assert problem is not None
    assert "R-5.5" in problem
    assert laydown_problem((sixes,), PHASE[1]) is not None


def test_r5_4_groups_must_match_the_phase() -> None:
    """R-5.4: the groups are exactly the phase's requirements."""
    run = _meld(RunOf(4), "R1 R2 R3 R4")
    sixes = _meld(SetOf(3), "R6 B6 G6")
    assert laydown_problem((sixes, run), PHASE[1]) is not None  # run instead of a set
    assert laydown_problem((sixes, _meld(SetOf(4), "R8 B8 G8 Y8")), PHASE[1]) is not None
    assert laydown_problem((_meld(RunOf(7), "R1 R2 R3 R4 R5 R6 R7"),), PHASE[5]) is not None


def test_r5_6_laydown_with_a_skip_is_refused() -> None:
    """R-5.6 / R-9.3: a group holding a Skip is refused, even a colour group."""
    bad = Meld(ColorOf(7), parse_cards("R1 R2 R3 R4 R5 R6 S"), color=COLORS[0])
    problem = laydown_problem((bad,), PHASE[8], MeldRules(natural_card_scope="none"))
    assert problem is not None
    assert "Skip" in problem


def test_r7_2_laydown_needs_a_natural_card() -> None:
    """R-7.2 / A-3: an all-Wild lay-down is refused by default and accepted under "none"."""
    melds = (_meld(SetOf(3), "W W W", number=4), _meld(SetOf(3), "W W W", number=9))
    problem = laydown_problem(melds, PHASE[1])
    assert problem is not None
    assert "natural" in problem
    assert laydown_problem(melds, PHASE[1], MeldRules(natural_card_scope="none")) is None
    mixed = (_meld(SetOf(3), "W W W", number=4), _meld(SetOf(3), "R9 W W"))
    assert laydown_problem(mixed, PHASE[1]) is None
    assert laydown_problem(mixed, PHASE[1], MeldRules(natural_card_scope="group")) is not None
    assert laydown_problem(mixed, PHASE[1], MeldRules(natural_card_scope="none")) is None


def test_laydown_problem_reports_an_invalid_group() -> None:
    """A group that is not what it claims is refused with its reason."""
    fake_set = Meld(SetOf(3), parse_cards("R6 B6 G7"), number=6)
    problem = laydown_problem((fake_set, _meld(SetOf(3), "R8 B8 G8")), PHASE[1])
    assert problem is not None
    assert "G7" in problem
