"""Lay-downs a group at a time (R-5.4, issue 9): bounded listings that lose no option.

``legal_actions`` lists a phase of several groups as :class:`LayGroup` steps and
a final :class:`LayDown`; each step offers one option per distinct outcome.
The central property is tested against the full enumeration
(:func:`iter_completions`): every lay-down the solver finds has a listed path
to the same outcome (same cards left in hand, same meaning on the table), and
every path ends in a lay-down the solver finds.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import assert_illegal, cards, play, stacked_game
from phase10 import (
    PHASE_20,
    STANDARD_PHASES,
    Card,
    Color,
    DrawStock,
    IllegalReason,
    LayDown,
    LayGroup,
    Meld,
    MeldRules,
    Phase,
    Rules,
    RunOf,
    SetOf,
    apply,
    check,
    from_json,
    legal_actions,
    parse_cards,
    player_view,
    to_json,
)
from phase10.actions import Discard
from phase10.extra_kinds import COLOR_PHASES, UNOBOT_30_PHASES
from phase10.laying import group_options, remaining_requirements
from phase10.notation import action_to_text, parse_action
from phase10.solver import card_counts
from phase10.state import GameState
from phase10.testing.groups import KIND_RULES
from phase10.testing.laydowns import TooMany, enumerated, outcome, reachable
from scale import FULL_EXAMPLES, scaled

SMALL_PHASES = (
    *STANDARD_PHASES,
    *PHASE_20[10:14],
    Phase(21, (SetOf(2), RunOf(3), SetOf(2))),
    Phase(22, (SetOf(1),) * 4),
    *COLOR_PHASES[:3],
    *UNOBOT_30_PHASES[10:13],
)
RULES = KIND_RULES
ENUMERATION_BUDGET = 5_000
"""Lay-downs a hand may have to be checked under the fast profile."""
_CARDS = [*parse_cards("R1 R2 R3 R4 R5 B3 B5 B6 G3 G5 G7 Y3 Y5 Y8 R11 B12"), *parse_cards("W W S")]


@settings(max_examples=scaled(30, minimum=5))  # every small phase each: 5 when fast
@given(
    hand=st.lists(st.sampled_from(_CARDS), min_size=4, max_size=11),
    rules=st.sampled_from(RULES),
    wild_positions=st.booleans(),
)
def test_steps_lose_no_option(hand: list[Card], rules: MeldRules, wild_positions: bool) -> None:
    """Issue 9: the steps reach exactly the outcomes of the full enumeration, per phase.

    The fast profile leaves out the rare hands with more than ``ENUMERATION_BUDGET``
    lay-downs (a Wild-rich hand can take a minute to enumerate); the ``ci`` and
    ``thorough`` profiles check every hand."""
    budget = 10**9 if settings().max_examples >= FULL_EXAMPLES else ENUMERATION_BUDGET
    for phase in SMALL_PHASES:
        try:
            expected = enumerated(hand, phase, rules, wild_positions, budget=budget)
            got, problems = reachable(hand, phase, rules, wild_positions, budget=budget)
        except TooMany:
            continue
        assert not problems, problems
        assert got == expected, (phase, hand, rules)


def test_issue_cases_list_few_options() -> None:
    """The hands that made legal_actions list hundreds of thousands of lay-downs list
    hundreds of first groups (one group's choices, never a product over groups)."""
    postal = MeldRules(wild_numbers=frozenset({3}))
    hand = parse_cards("R3 R3 B3 B3 G3 G3 Y3 Y3 W W W")
    first = group_options(
        card_counts(hand), STANDARD_PHASES[2].requirements, postal, need_natural=True
    )
    assert 0 < len(first) < 1_000
    eight = Phase(1, (SetOf(1),) * 8)
    wilds = parse_cards("W W W W W W W W R1")
    assert len(group_options(card_counts(wilds), eight.requirements, need_natural=True)) < 30


# --------------------------------------------------------------------------- the engine

PHASE1_HAND = "R7 B7 G7 R9 B9 G9 Y9 R1 B2 G4"


def laying_state(
    hand: str = PHASE1_HAND, stock: str = "Y12", rules: Rules | None = None
) -> GameState:
    """Seat 1 holds ``hand`` and has drawn the top of the stock (three players)."""
    return apply(stacked_game({0: "", 1: hand, 2: ""}, "R12", stock, rules), DrawStock())


SEVENS = SetOf(3).make("R7 B7 G7")
NINES = SetOf(3).make("R9 B9 G9")


def test_two_group_phase_is_listed_a_group_at_a_time() -> None:
    """R-5.4: a phase of two groups is listed as LayGroup steps, then a LayDown."""
    state = laying_state()
    legal = legal_actions(state)
    assert not any(isinstance(a, LayDown) for a in legal)
    assert LayGroup(SEVENS) in legal
    assert LayGroup(NINES) in legal
    after = apply(state, LayGroup(SEVENS))
    assert after.laying is not None
    assert after.laying.melds == (SEVENS,)
    assert after.players[1].hand == state.players[1].hand  # the cards stay in hand
    assert not after.players[1].laid_down
    finals = legal_actions(after)
    assert finals
    assert all(isinstance(a, LayDown) for a in finals)
    assert LayDown((SEVENS, NINES)) in finals
    done = apply(after, LayDown((SEVENS, NINES)))
    assert done.laying is None
    assert done.players[1].laid_down
    assert done.players[1].hand == cards("Y9 R1 B2 G4 Y12")


def test_whole_lay_down_is_still_accepted_in_one_action() -> None:
    """R-5.4: apply accepts a whole LayDown directly, as before, and the result is the same."""
    state = laying_state()
    direct = apply(state, LayDown((SEVENS, NINES)))
    stepwise = play(state, LayGroup(SEVENS), LayDown((SEVENS, NINES)))
    assert direct == stepwise


def test_one_group_phase_is_listed_as_lay_downs() -> None:
    """A phase of one group (phase 4: a run of 7) is listed as whole LayDown actions."""
    rules = Rules(phases=STANDARD_PHASES[3:])
    state = laying_state("R1 B2 G3 Y4 R5 B6 G7 W B11 Y12", "G12", rules)
    legal = legal_actions(state)
    lays = [a for a in legal if isinstance(a, LayDown)]
    assert lays
    assert not any(isinstance(a, LayGroup) for a in legal)
    assert all(len(a.melds) == 1 for a in lays)


def test_wild_placements_that_change_nothing_are_listed_once() -> None:
    """Issue 9: two runs 3-6 with the same cards are one option, whatever the Wild's place."""
    rules = Rules(phases=STANDARD_PHASES[3:])  # phase 4: a run of 7
    state = laying_state("R3 R4 R5 R7 R8 R9 W B11 Y12 G1", "G12", rules)
    lays = [a for a in legal_actions(state) if isinstance(a, LayDown)]
    outcomes = [outcome(state.players[1].hand, a.melds) for a in lays]
    assert len(set(outcomes)) == len(outcomes)


def test_nothing_else_while_a_lay_down_is_under_way() -> None:
    """R-5.4: between the groups of one phase, only the next group may be played."""
    state = apply(laying_state(), LayGroup(SEVENS))
    assert_illegal(state, Discard(Card.parse("R1")), IllegalReason.LAY_DOWN_UNDER_WAY)
    assert not any(isinstance(a, Discard) for a in legal_actions(state))


def test_lay_group_checks() -> None:
    """A group must be valid, in hand, not the last one, and leave the rest of the phase."""
    state = laying_state()
    assert_illegal(state, LayGroup(SetOf(3).make("R1 B1 G1")), IllegalReason.CARD_NOT_IN_HAND)
    assert_illegal(state, LayGroup(RunOf(4).make("R1 B2 W G4")), IllegalReason.INVALID_MELD)
    after = apply(state, LayGroup(SEVENS))
    assert_illegal(after, LayGroup(NINES), IllegalReason.INVALID_MELD)  # completes the phase
    short = laying_state("R7 B7 R9 B9 G9 W R1 B2 G4 Y5")  # the Wild must go with the 7s
    assert LayGroup(SetOf(3).make("R7 B7 W")) in legal_actions(short)
    assert_illegal(short, LayGroup(SetOf(3).make("R9 B9 W")), IllegalReason.INVALID_MELD)
    assert LayGroup(SetOf(3).make("R9 B9 W")) not in legal_actions(short)


def test_lay_down_must_keep_the_groups_under_way() -> None:
    state = apply(laying_state(), LayGroup(SEVENS))
    other = LayDown((SetOf(3).make("B7 G7 W"), NINES))
    assert_illegal(state, other, IllegalReason.LAY_DOWN_UNDER_WAY)


def test_only_the_layer_sees_the_groups_under_way() -> None:
    """R-3.8: the groups under way are in the hand: only their owner sees them."""
    state = apply(laying_state(), LayGroup(SEVENS))
    mine = player_view(state, 1)
    assert mine.laying is not None
    assert mine.laying.melds == (SEVENS,)
    assert player_view(state, 0).laying is None
    assert player_view(state, 0).players[1].hand_size == len(state.players[1].hand)


def test_lay_down_under_way_round_trips() -> None:
    state = apply(laying_state(), LayGroup(SEVENS))
    assert from_json(to_json(state)) == state
    document = json.loads(to_json(laying_state()))
    del document["laying"]  # written before the field existed
    assert from_json(json.dumps(document)) == laying_state()


def test_lay_group_notation_round_trips() -> None:
    action = LayGroup(SEVENS, phase=3)
    text = action_to_text(action)
    assert text == "group phase=3 set:R7 B7 G7"
    assert parse_action(text) == action


@pytest.mark.parametrize("phase", [STANDARD_PHASES[0], STANDARD_PHASES[6]])
def test_remaining_requirements(phase: Phase) -> None:
    melds = (
        SetOf(phase.requirements[0].size).make("W" + " R1" * (phase.requirements[0].size - 1)),
    )
    assert remaining_requirements(phase.requirements, melds) == phase.requirements[1:]


def test_r5_4_a_group_the_phase_does_not_need_is_refused_in_plain_words() -> None:
    """R-5.1/R-5.4: a run laid towards Phase 1 (two sets) is refused, saying so plainly."""
    state = laying_state("R7 B7 G7 R9 B9 G9 R1 R2 R3 R4")
    run = RunOf(4).make("R1 R2 R3 R4")
    assert_illegal(state, LayGroup(run), IllegalReason.INVALID_MELD)
    error = check(state, LayGroup(run))
    assert error is not None
    assert error.message == "phase 1 is 2 sets of 3: it has no 1 run of 4 left to lay"


def test_a_group_with_the_wrong_number_of_anchor_colours_is_refused_in_plain_words() -> None:
    """A set's anchor names no further colour: one that names one is told how many it takes."""
    odd = Meld(SetOf(3), parse_cards("R7 B7 G7"), colors=(Color.RED,))
    assert SetOf(3).problem(odd, MeldRules()) == "1 set of 3 takes 0 further anchor colours, not 1"
