"""find_completions's listing of phases of sets, runs or colour groups (phase10.arrangements)
against the general search it replaces there (R-2, R-5.4..R-5.6, R-7.2, A-3, A-4, V-10.2).

The reference is ``solver._search_completions``: the general search, unchanged, which
``find_completions`` still uses for other kinds and Postal's personal Wilds. Both return
the canonical (sorted) tuple, so the comparison is exact: same lay-downs, same order.
"""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import phase10.melds as melds
import phase10.solver as solver
from phase10 import (
    PHASE_20,
    STANDARD_PHASES,
    Card,
    ColorOf,
    CompletionLimitError,
    Meld,
    MeldRules,
    NaturalScope,
    Phase,
    RunOf,
    SetOf,
    find_completions,
    parse_cards,
)
from phase10.arrangements import listing_plan
from phase10.cards import ALL_CARDS, COLORS, Color
from phase10.extra_kinds import COLOR_PHASES, UNOBOT_30_PHASES
from phase10.melds import _new_meld
from strategies import hands

CUSTOM_PHASES = (
    Phase(21, (RunOf(3), RunOf(3))),
    Phase(22, (ColorOf(3), ColorOf(3))),
    Phase(23, (SetOf(2), RunOf(3), SetOf(2))),
    Phase(24, (ColorOf(2), ColorOf(3), ColorOf(2))),
    Phase(25, (SetOf(1), RunOf(1))),
    Phase(26, (RunOf(12),)),
    Phase(27, (RunOf(13),)),
    Phase(28, (RunOf(2), RunOf(2), RunOf(3))),
    Phase(29, (SetOf(2), SetOf(2), SetOf(2))),
    Phase(30, (RunOf(2), SetOf(2), RunOf(2), SetOf(1))),
    Phase(31, (SetOf(3), RunOf(3), SetOf(3))),
)
PHASES = (*STANDARD_PHASES, *PHASE_20[10:], *UNOBOT_30_PHASES[10:], *COLOR_PHASES, *CUSTOM_PHASES)
RULES = (
    MeldRules(),
    MeldRules(natural_card_scope="group"),
    MeldRules(natural_card_scope="none"),
    MeldRules(run_wraparound=True),
    MeldRules(run_wraparound=True, natural_card_scope="group"),
    MeldRules(run_wraparound=True, natural_card_scope="none"),
    MeldRules(wild_value_range=(0, 13)),
    MeldRules(wild_value_range=(-1, 14), natural_card_scope="none"),
    MeldRules(wild_value_range=(2, 11), natural_card_scope="group"),
    MeldRules(wild_numbers=frozenset({1})),
    MeldRules(wild_numbers=frozenset({7}), natural_card_scope="group"),
    MeldRules(run_wraparound=True, wild_numbers=frozenset({12}), natural_card_scope="none"),
)
LIMIT = 3_000


def _both(hand: tuple[Card, ...], phase: Phase, rules: MeldRules) -> None:
    """The listing and the general search agree exactly, or both pass the limit."""
    where = (" ".join(map(str, hand)), phase.name, rules)
    try:
        listed = find_completions(hand, phase, rules, limit=LIMIT)
    except CompletionLimitError:
        with pytest.raises(CompletionLimitError):
            solver._search_completions(hand, phase, rules, LIMIT)
        return
    assert listed == solver._search_completions(hand, phase, rules, LIMIT), where


@settings(max_examples=max(10, settings().max_examples))
@given(hand=hands(3, 12), rules=st.sampled_from(RULES))
@example(hand=parse_cards("R9 R2 B8 B3 R3 B11 Y4 Y7 B5 Y1 B6 G2"), rules=RULES[4])
@example(hand=parse_cards("R8 G8 G8 Y7 R3 G10 R2 G11 W B2 G4"), rules=RULES[3])
@example(hand=parse_cards("S R1 W S B3 S W"), rules=RULES[7])
@example(hand=parse_cards("R7 R7 B7 B7 G7 G7 W W"), rules=RULES[0])
@example(hand=parse_cards("R3 R4 R5 R3 R4 R5 W W B6"), rules=RULES[1])
@example(hand=parse_cards("W W W W W W W W S S"), rules=RULES[2])
@example(hand=parse_cards("R12 B11 G10 W Y9 W W"), rules=RULES[6])
def test_listing_matches_the_general_search(hand: tuple[Card, ...], rules: MeldRules) -> None:
    """R-2, R-5.5, R-7.2, A-3, A-4, V-10.2: every phase list and rule option, the same tuple
    (equal groups, shared numbers, Wild-only groups, wrap-around and wide Wild ranges)."""
    for phase in PHASES:
        _both(hand, phase, rules)


@settings(max_examples=max(5, settings().max_examples // 2))
@given(
    number=st.integers(1, 12),
    wilds=st.integers(0, 4),
    extra=hands(0, 5),
    rules=st.sampled_from(RULES[:9]),
)
def test_listing_matches_on_crowded_numbers(
    number: int, wilds: int, extra: tuple[Card, ...], rules: MeldRules
) -> None:
    """R-2.1: many cards of one number, where equal groups share a bucket and can swap."""
    same = tuple(Card.number_card(color, number) for color in COLORS for _ in range(2))
    hand = (*same[: 4 + wilds], *parse_cards(" ".join(["W"] * wilds)), *extra)[:14]
    for phase in (STANDARD_PHASES[0], STANDARD_PHASES[6], CUSTOM_PHASES[8], CUSTOM_PHASES[10]):
        _both(hand, phase, rules)


def test_the_listing_covers_what_the_fast_plan_covers_without_personal_wilds() -> None:
    """Personal Wilds (V-10.2), other kinds and colour groups mixed with sets or runs take
    the general search; scope "group" (A-3) is listed."""
    assert listing_plan(STANDARD_PHASES[1], MeldRules(natural_card_scope="group")) is not None
    assert listing_plan(STANDARD_PHASES[1], MeldRules(wild_numbers=frozenset({3}))) is None
    assert all(listing_plan(phase, MeldRules()) is None for phase in COLOR_PHASES)
    assert listing_plan(PHASE_20[13], MeldRules()) is None  # a run and a colour group


def _no_general_search(*args: object, **kwargs: object) -> object:
    raise AssertionError("the general search was used")


@pytest.mark.pure_python  # patches a module the compiled wheel compiles
def test_covered_phases_never_reach_the_general_search() -> None:
    hand = parse_cards("R3 R4 R5 W B7 B7 B7 G11 S Y10 W")
    with mock.patch.object(solver, "iter_completions", _no_general_search):
        for phase in STANDARD_PHASES:
            for scope in NaturalScope:
                find_completions(hand, phase, MeldRules(natural_card_scope=scope))
        with pytest.raises(AssertionError, match="general search"):
            find_completions(hand, STANDARD_PHASES[0], MeldRules(wild_numbers=frozenset({7})))


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        ("R7 B7 W W W W W", STANDARD_PHASES[1]),  # groups on different numbers: the product
        ("R7 R7 B7 B7 G7 W W W", STANDARD_PHASES[0]),  # equal sets of one number: step by step
    ],
)
def test_the_limit_counts_distinct_lay_downs(text: str, phase: Phase) -> None:
    """More than ``limit`` lay-downs raise, exactly ``limit`` do not (as the general search)."""
    hand = parse_cards(text)
    every = find_completions(hand, phase)
    assert len(every) > 10
    assert every == solver._search_completions(hand, phase, MeldRules(), 10**6)
    assert find_completions(hand, phase, limit=len(every)) == every
    with pytest.raises(CompletionLimitError, match=f"more than {len(every) - 1} ways"):
        find_completions(hand, phase, limit=len(every) - 1)


@given(
    codes=st.lists(st.sampled_from(range(49)), min_size=1, max_size=8),
    number=st.none() | st.integers(-1, 14),
    color=st.none() | st.sampled_from(COLORS),
    wraps=st.booleans(),
)
def test_groups_built_slot_by_slot_equal_constructed_ones(
    codes: list[int], number: int | None, color: Color | None, wraps: bool
) -> None:
    """The listing's quick group builder gives the value the constructor gives."""
    cards = tuple(ALL_CARDS[code] for code in codes)
    req = RunOf(len(cards))
    built = _new_meld(req, cards, number, color, wraps)
    made = Meld(req, cards, number, color, wraps)
    assert built == made
    assert hash(built) == hash(made)
    assert repr(built) == repr(made)
    assert built.sort_key() == made.sort_key()


def test_groups_are_built_slot_by_slot_with_the_attrs_installed() -> None:
    """The quick builder is in use (a new attrs that renamed its hash cache would show here)."""
    assert melds._MELD_SETTERS is not None
    assert len(melds._MELD_SETTERS) == len(melds._MELD_FIELDS) + 1


def test_without_the_slot_setters_groups_come_from_the_constructor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """If attrs' slots are not the expected ones, the builder falls back to ``Meld(...)``."""
    monkeypatch.setattr(melds, "_MELD_SETTERS", None)
    cards = (ALL_CARDS[3], ALL_CARDS[4], ALL_CARDS[5])
    built = _new_meld(RunOf(3), cards, 4, None, False)
    assert built == Meld(RunOf(3), cards, 4, None, False)
    assert hash(built) == hash(Meld(RunOf(3), cards, 4, None, False))
