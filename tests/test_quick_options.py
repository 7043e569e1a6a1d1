"""The outline path of :func:`phase10.laying.group_options` (:mod:`phase10.quick_options`)
lists the same groups in the same order as the general way it replaces (issue 10).

``legal_actions`` lists lay-down steps from these options (R-5.4), and that order feeds
bots, the RL codecs and the golden games, so the oracle is the general way itself
(:func:`phase10.laying._group_options_reference`), compared list for list.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10 import (
    COLOR_PHASES,
    PHASE_20,
    STANDARD_PHASES,
    Card,
    ColorOf,
    MeldRules,
    Phase,
    Requirement,
    Rules,
    RunOf,
    SetOf,
    apply,
    legal_actions,
    new_game,
)
from phase10.cards import ALL_CARDS, SKIP, WILD
from phase10.engine import laydowns
from phase10.extra_kinds import UNOBOT_30_PHASES
from phase10.laying import _group_options_reference, group_options
from phase10.quick_options import _rest_plan, quick_choices
from phase10.solver import card_counts, requirements_plan
from phase10.testing.groups import KIND_RULES
from scale import scaled
from strategies import hands

PHASES: tuple[Phase, ...] = (
    *STANDARD_PHASES,
    *PHASE_20,
    *COLOR_PHASES,
    *UNOBOT_30_PHASES[10:13],
    Phase(21, (SetOf(2), RunOf(3), SetOf(2))),
    Phase(22, (ColorOf(3), SetOf(3))),
    Phase(23, (RunOf(3), ColorOf(4))),
    Phase(24, (SetOf(1),) * 4),
    Phase(25, (RunOf(12),)),
    Phase(26, (RunOf(5), RunOf(5))),
)
"""Standard, 20-phase and colour phases, other kinds, and custom mixes of the built-in
kinds (colour groups with sets or runs have no single bucketing: asked card by card)."""

RULES: tuple[MeldRules, ...] = (
    *KIND_RULES,
    MeldRules(wild_numbers=frozenset({1, 12}), run_wraparound=True),
    MeldRules(natural_card_scope="none", wild_value_range=(0, 13)),
    MeldRules(natural_card_scope="group", run_wraparound=True),
)
"""Every natural-card scope (A-3), wrap-around and a wider Wild range (A-4), and Postal's
personal Wilds (V-10.2), which the general way keeps."""


@st.composite
def dense_hands(draw: st.DrawFn) -> list[Card]:
    """Hands that make groups: numbers from a window of six, up to five Wilds, a Skip."""
    low = draw(st.integers(0, 6))
    colors = draw(st.integers(1, 4))
    pool = [ALL_CARDS[ci * 12 + n] for ci in range(colors) for n in range(low, low + 6)]
    cards = draw(st.lists(st.sampled_from(pool), max_size=12))
    return [*cards, *[WILD] * draw(st.integers(0, 5)), *[SKIP] * draw(st.integers(0, 1))]


def same(
    counts: list[int],
    requirements: tuple[Requirement, ...],
    rules: MeldRules,
    need_natural: bool,
    wild_positions: bool,
) -> None:
    """The two ways list the same groups in the same order."""
    got = group_options(
        counts, requirements, rules, need_natural=need_natural, wild_positions=wild_positions
    )
    expected = _group_options_reference(
        counts, requirements, rules, need_natural=need_natural, wild_positions=wild_positions
    )
    assert got == expected, (requirements, rules, need_natural, wild_positions)
    assert [m.sort_key() for m in got] == [m.sort_key() for m in expected]


@given(hand=hands(max_size=12) | dense_hands(), data=st.data())
def test_r5_4_group_options_match_the_general_way(
    hand: tuple[Card, ...], data: st.DataObject
) -> None:
    """R-5.4 steps, R-7.2 natural cards: for every phase under some rule sets, and any part of
    the phase still to lay (the groups before it laid or pending, V-15), the same options in
    the same order."""
    counts = card_counts(hand)
    for phase in PHASES:
        requirements = list(phase.requirements)
        laid = data.draw(st.integers(0, len(requirements) - 1))
        for _ in range(laid):
            requirements.pop(data.draw(st.integers(0, len(requirements) - 1)))
        need_natural = data.draw(st.booleans())
        wild_positions = data.draw(st.booleans())
        for rules in data.draw(st.lists(st.sampled_from(RULES), min_size=1, max_size=3)):
            same(counts, tuple(requirements), rules, need_natural, wild_positions)


def test_outline_path_answers_for_the_rest_itself() -> None:
    """The rest of a sets-and-runs phase is asked per outline, not card by card; colour
    groups after a set are asked card by card (the buckets differ)."""
    counts = card_counts(ALL_CARDS[:48])
    _, checked = quick_choices(SetOf(3), counts, 0, MeldRules(), (RunOf(4),), True)
    assert checked
    _, checked = quick_choices(SetOf(3), counts, 0, MeldRules(), (ColorOf(4),), True)
    assert not checked


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("kind", [SetOf, RunOf, ColorOf])
def test_a4_rest_of_one_group_has_the_compiled_plan(
    kind: type[SetOf | RunOf | ColorOf], rules: MeldRules
) -> None:
    """The table of one-group plans searches as the plan compiled for the rules (run windows
    under wrap-around and a wider Wild range, A-4; none under scope "group" or Postal)."""
    for size in range(1, 15):
        got = _rest_plan((kind(size),), rules)
        expected = requirements_plan((kind(size),), rules)
        if got is None or expected is None:
            assert got is expected
        else:
            assert got.steps == expected.steps  # run windows included
            assert got[:3] == expected[:3]  # buckets, their number, steps
            assert got[3:5] == expected[3:5]  # cards needed, whether runs are searched
            assert got[6:] == expected[6:]  # step order, equal steps


VARIANT_RULES = (
    Rules(partial_phasing=True),
    Rules(partial_phasing=True, natural_card_scope="group", movable_wilds=True),
    Rules(postal=True, phases=PHASE_20),
    Rules(run_wraparound=True, phases=COLOR_PHASES),
    Rules(natural_card_scope="none", movable_wilds=True),
)


@pytest.mark.parametrize("rules", VARIANT_RULES)
def test_v15_lay_down_steps_match_the_general_way(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whole games (partial phasing V-15, Postal V-10, movable Wilds V-13, wrap-around
    A-4): every listing of lay-down steps, pending groups and all, is unchanged."""
    rng = random.Random(7)
    compared = 0
    for seed in range(scaled(6, 2)):
        state = new_game(3, rules, seed=seed)
        for _ in range(400):
            if state.is_over:
                break
            seat = state.current_player
            if seat is not None:
                quick = laydowns.lay_down_actions(state, seat)
                with monkeypatch.context() as patch:
                    patch.setattr(laydowns, "group_options", _group_options_reference)
                    assert laydowns.lay_down_actions(state, seat) == quick
                compared += bool(quick)
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))])
    assert compared
