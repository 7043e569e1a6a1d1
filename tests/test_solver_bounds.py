"""The phase solver's work is bounded on any phase a variant may define and any hand of a
deck (R-5, R-7.2, A-3, A-4, V-10.2): ``phase10.limits.SEARCH_BUDGET``.

A phase of many small groups beside one that the hand cannot make used to make
``iter_completions`` / ``find_completions`` try every combination of the small groups
before each failure of the last, and a phase of dozens of runs made even the yes/no
answer search every packing. The searches now look ahead (a memoised yes/no question
before each branch) and count their work; the tests count work through the ``budget``
the functions take, never through time.
"""

from __future__ import annotations

import itertools
from unittest import mock

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phase10.arrangements as arrangements
import phase10.fastpath as fastpath
import phase10.solver as solver
from phase10 import (
    STANDARD_PHASES,
    Card,
    ColorOf,
    CompletionLimitError,
    GameState,
    InvalidDataError,
    MeldRules,
    Phase,
    Rules,
    RunOf,
    SetOf,
    Stage,
    can_complete,
    find_completions,
    iter_completions,
    legal_actions,
    new_game,
    parse_cards,
    standard_deck,
)
from phase10.bots import phase_distance
from phase10.cards import WILD, Color
from phase10.extra_kinds import ColorRunOf, ColorSetOf, ParityOf
from phase10.limits import SEARCH_BUDGET
from phase10.melds import Requirement
from phase10.solver import fast_plan
from strategies import hands

DECK = standard_deck()
NATURALS = tuple(card for card in DECK if card.number is not None)

# Ten sets of 2 beside a colour group of 30: 24 cards of a colour and 8 Wilds make the
# colour group only when the sets leave enough of them.
MANY_SETS_AND_A_COLOUR = Phase(1, [SetOf(2)] * 10 + [ColorOf(30)])


def _red(count: int) -> list[Card]:
    return [card for card in NATURALS if card.color is Color.RED][:count]


def test_a_missing_group_is_found_out_before_the_small_groups_are_combined() -> None:
    """R-5.5: no colour group of 8 in a hand of 7 red cards and many pairs: no lay-down,
    found with a small budget (the walk used to pair the sets in every way first)."""
    hand = (*_red(7), *parse_cards("B1 B1 G2 G2 Y3 Y3 B4 B4 G5 G5 Y6 Y6 B9 G9"))
    phase = Phase(1, [SetOf(2)] * 6 + [ColorOf(8)])
    assert find_completions(hand, phase, budget=2_000) == ()
    assert list(iter_completions(hand, phase, budget=2_000)) == []


@pytest.mark.pure_python  # patches a class of a module the compiled wheel compiles
def test_without_the_look_ahead_the_same_search_runs_out_of_budget() -> None:
    """The look-ahead is what keeps the search small: without it, the walk of the same
    hand and phase spends far more than the budget that suffices with it."""
    hand = (*_red(7), *parse_cards("B1 B1 G2 G2 Y3 Y3 B4 B4 G5 G5 Y6 Y6 B9 G9 W"))
    phase = Phase(1, [SetOf(2)] * 6 + [ColorOf(9)])
    assert list(iter_completions(hand, phase, budget=5_000)) == []
    with (
        mock.patch.object(solver._Search, "_completes_from", return_value=True),
        pytest.raises(CompletionLimitError, match="budget of 5,000"),
    ):
        list(iter_completions(hand, phase, budget=5_000))


def test_a_rare_lay_down_among_many_groups_is_found_within_the_budget() -> None:
    """Completions exist but most ways of laying the sets leave too few red cards for the
    colour group: each lay-down is found within a budget a tenth of the default."""
    hand = (*_red(12), *parse_cards("B1 B1 G2 G2 Y3 Y3 B4 B4 G5 G5 Y6 Y6 R1 R2"))
    phase = Phase(1, [SetOf(2)] * 6 + [ColorOf(12)])
    ways = list(itertools.islice(iter_completions(hand, phase, budget=100_000), 5))
    assert ways
    for melds in ways:
        assert melds[-1].color is Color.RED
        assert len(melds[-1].cards) == 12


def test_the_budget_holds_between_lay_downs_not_over_the_stream() -> None:
    """A stream of many lay-downs may spend far more than the budget in all: the budget
    bounds the work before each one."""
    hand = NATURALS[:48]  # one of each number card
    phase = Phase(1, [SetOf(1), SetOf(1), ColorOf(1)])
    count = sum(1 for _ in iter_completions(hand, phase, budget=500))
    assert count > 500


def test_the_yes_no_answer_gives_up_with_a_typed_error_and_leaves_the_hand_alone() -> None:
    """Colour groups beside sets and a run (the general search) in a hand of a whole big
    deck: the packing problem is too big, and the answer says so rather than run on."""
    rules = Rules(deck=attrs.evolve(Rules().deck, copies=4, wilds=40))
    hand = standard_deck(rules)
    before = tuple(hand)
    phase = Phase(1, [SetOf(20)] * 5 + [ColorOf(20)] * 5 + [RunOf(13)])
    with pytest.raises(CompletionLimitError, match=r"gave up on phase 1 \(5 sets of 20") as error:
        can_complete(hand, phase, rules, budget=20_000)
    assert "SEARCH_BUDGET" in str(error.value)
    assert hand == before


def _runs_hand() -> tuple[Card, ...]:
    """76 number cards and a Wild: enough cards for 24 runs of 3, in no arrangement
    that makes them (a phase of sets and runs: the fast plan, R-7.4)."""
    numbers = [card for card in NATURALS if card.number != 7]
    return (*numbers[:76], WILD)


def test_the_fast_search_gives_up_on_a_phase_of_two_dozen_runs() -> None:
    """The fast plan (sets and runs only) is a search too: bounded by the same budget."""
    phase = Phase(1, [RunOf(3)] * 24)
    with pytest.raises(CompletionLimitError, match="SEARCH_BUDGET"):
        can_complete(_runs_hand(), phase, budget=20_000)
    with pytest.raises(CompletionLimitError, match="SEARCH_BUDGET"):
        find_completions(_runs_hand(), phase, budget=20_000)


@pytest.mark.pure_python  # patches a module the compiled wheel compiles
def test_phase_distance_is_bounded_too() -> None:
    """The bots' distance to a phase (fewest Wilds needed) spends the same budget."""
    with (
        mock.patch.object(fastpath, "SEARCH_BUDGET", 20_000),
        pytest.raises(CompletionLimitError, match="SEARCH_BUDGET"),
    ):
        phase_distance(_runs_hand(), Phase(1, [RunOf(3)] * 24), MeldRules())


_TEN_SETS = (
    parse_cards(
        "B1 G11 Y8 Y5 B2 R12 Y9 Y12 G1 B8 R2 B12 G3 R11 R10 B5 R5 B10 Y11 Y2 R1 B10 W W W W W W W W"
    ),
    Phase(1, [SetOf(3)] * 10),
)
"""30 lay-downs, among a great many outlines whose last sets lack Wilds."""


def test_the_fast_listing_skips_outlines_that_cannot_finish() -> None:
    """R-2 phases of many equal sets with Wilds: the listing follows only outlines that the
    fast search can finish, so a small budget lists them all."""
    hand, phase = _TEN_SETS
    assert len(find_completions(hand, phase, budget=100_000)) == 30


@pytest.mark.pure_python  # patches a class of a module the compiled wheel compiles
def test_without_the_fast_check_the_listing_runs_out_of_budget() -> None:
    hand, phase = _TEN_SETS
    with (
        mock.patch.object(arrangements._Lister, "hopeless", return_value=False),
        pytest.raises(CompletionLimitError, match="gave up listing"),
    ):
        find_completions(hand, phase, budget=100_000)


@pytest.mark.parametrize("budget", [0, -1, True])  # other types: TypeError when compiled
def test_a_budget_is_a_positive_whole_number(budget: int) -> None:
    hand, phase = parse_cards("R1 R1 R1"), Phase(1, [ColorOf(3)])
    if budget is True and not solver.__file__.endswith(".py"):
        # mypyc hands a bool to an int parameter as 1: a budget too small for one group
        with pytest.raises(CompletionLimitError, match="SEARCH_BUDGET"):
            can_complete(hand, phase, budget=budget)
        return
    with pytest.raises(InvalidDataError, match="search budget"):
        can_complete(hand, phase, budget=budget)


KINDS: tuple[Requirement, ...] = (
    SetOf(1),
    SetOf(2),
    RunOf(2),
    ColorOf(2),
    ColorSetOf(2),
    ColorRunOf(2),
    ParityOf(2),
)
RULES = (
    MeldRules(),
    MeldRules(natural_card_scope="group"),
    MeldRules(natural_card_scope="none"),
    MeldRules(wild_numbers=frozenset({1})),
    MeldRules(wild_numbers=frozenset({2}), wild_numbers_natural=False),
)


@pytest.mark.pure_python  # patches a class of a module the compiled wheel compiles
@settings(max_examples=40, deadline=None)
@given(
    hand=hands(4, 9),
    reqs=st.lists(st.sampled_from(KINDS), min_size=3, max_size=5),
    rules=st.sampled_from(RULES),
)
def test_the_look_ahead_changes_nothing_but_the_work(
    hand: tuple[Card, ...], reqs: list[Requirement], rules: MeldRules
) -> None:
    """R-5.5, R-7.2, A-3, V-10.2: the stream with the look-ahead is the stream without it,
    lay-down for lay-down and in the same order (equal groups, Wild-only groups, scopes,
    personal Wilds that are natural or not)."""
    phase = Phase(1, reqs)
    with_look_ahead = list(itertools.islice(iter_completions(hand, phase, rules), 300))
    with mock.patch.object(solver._Search, "_completes_from", return_value=True):
        without = list(itertools.islice(iter_completions(hand, phase, rules), 300))
    assert with_look_ahead == without


def _laying_down(rules: Rules, hand: tuple[Card, ...]) -> GameState:
    state = new_game(2, rules, seed=1)
    me = attrs.evolve(state.players[0], hand=hand)
    return attrs.evolve(
        state, players=(me, state.players[1]), stage=Stage.PLAY, current_player=0, turn=5
    )


@pytest.mark.pure_python  # patches modules the compiled wheel compiles
@pytest.mark.parametrize(
    "requirements",
    [
        [SetOf(1)] * 12,
        [SetOf(1)] * 6 + [ColorOf(1)] * 6,
        [SetOf(2)] * 3 + [ColorOf(2)] * 3,
        [RunOf(2)] * 6,
        [ColorSetOf(2)] * 3 + [ParityOf(2)] * 3,
    ],
)
def test_hands_a_game_deals_stay_far_below_the_budget(requirements: list[Requirement]) -> None:
    """R-5, R-8: on the turn, with 13 cards (the largest hand, 12, after the draw) and a
    phase of a dozen groups, the lay-down listing and every yes/no answer behind it need
    less than a fiftieth of the budget."""
    small = SEARCH_BUDGET // 50
    rules = Rules(phases=(Phase(1, requirements),), hand_size=12)
    hand = parse_cards("W W R1 B1 G2 Y3 R4 B5 G6 Y7 R8 B9 W")
    state = _laying_down(rules, hand)
    with (
        mock.patch.object(solver, "SEARCH_BUDGET", small),
        mock.patch.object(fastpath, "SEARCH_BUDGET", small),
    ):
        assert legal_actions(state)


def test_standard_phases_have_small_plans_whose_searches_are_not_metered() -> None:
    """A plan whose whole search tree is within the budget skips the bookkeeping (R-5):
    every standard phase; a phase of many groups is metered."""
    rules = MeldRules()
    for phase in STANDARD_PHASES:
        plan = fast_plan(phase, rules)
        assert plan is not None, phase.name
        assert plan.small, phase.name
    many = fast_plan(Phase(1, [SetOf(2)] * 8), rules)
    assert many is not None
    assert not many.small
    hand = parse_cards("R1 R1 R1 R2 R2 R2")
    assert can_complete(hand, STANDARD_PHASES[0])
    with pytest.raises(CompletionLimitError, match="SEARCH_BUDGET"):  # metered on request
        can_complete(hand, STANDARD_PHASES[0], budget=1)
