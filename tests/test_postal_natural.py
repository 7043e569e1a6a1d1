"""A-26 / V-10.3 ``postal_wilds_natural``: whether a Postal phase-number card counts as natural.

Under Postal (V-10.2) a player on Phases 1-7 may use the cards of their phase number as
Wilds. By default such a card standing for its own number is a natural card (R-7.2); with
``postal_wilds_natural=False`` it never is, so a phase (scope ``"phase"``) or a group
(scope ``"group"``, A-3) whose only would-be naturals are those cards may not be laid.
Hits need no natural card and are unchanged. The listing (:func:`legal_actions`), the
checks (:func:`apply`, :func:`check`) and the solver (:func:`can_complete`,
:func:`find_completions`) agree, tested against the brute-force oracle of
:mod:`phase10.testing.oracle`.

The games have three players and ``dealer=0``: seat 1 plays first.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from helpers import cards, lay_downs_reached, play, stacked_game, with_players
from phase10 import (
    STANDARD_PHASES,
    WILD,
    Card,
    ColorOf,
    ColorRunOf,
    ColorSetOf,
    DrawStock,
    GameState,
    Hit,
    InvalidMeldError,
    LayDown,
    LayGroup,
    Meld,
    MeldRules,
    ParityOf,
    ParityRunOf,
    Phase,
    Rules,
    RunOf,
    SetOf,
    apply,
    can_complete,
    check,
    find_completions,
    legal_actions,
    parse_cards,
    variants,
)
from phase10.cards import ALL_CARDS, COLORS, SKIP
from phase10.engine.common import player_rules
from phase10.solver import laydown_problem
from phase10.testing.laydowns import TooMany, enumerated, reachable
from phase10.testing.oracle import oracle_can_complete, oracle_partitions
from phase10.testing.solving import canonical_partition
from scale import scaled

PHASE = {phase.number: phase for phase in STANDARD_PHASES}
STRICT = MeldRules(wild_numbers=frozenset({3}), wild_numbers_natural=False)
"""Postal group rules of a player on Phase 3 whose 3s never count as natural."""


def _postal(**options: object) -> Rules:
    return variants.resolve("postal").with_options(**options)


def _on_phase_3(hand: str, **options: object) -> GameState:
    """Postal, three players: seat 1 is on Phase 3 (a set of 4 and a run of 4), holds
    ``hand`` and has drawn a Skip."""
    state = stacked_game({1: hand}, "Y12", "S", _postal(**options), players=3)
    state = with_players(state, s1={"completed": (1, 2)})
    return play(state, DrawStock())


def _lay_steps(state: GameState) -> list[LayDown | LayGroup]:
    return [a for a in legal_actions(state) if isinstance(a, (LayDown, LayGroup))]


THREES = "R3 B3 G3 Y3 G3 W W W S S"
"""Five 3s, three Wilds and two Skips: every would-be natural card is a 3."""

ONLY_THREES = LayDown(
    (
        Meld(SetOf(4), parse_cards("R3 B3 G3 Y3"), 3),
        Meld(RunOf(4), parse_cards("W W G3 W"), 1),
    )
)


# ---------------------------------------------------------------------------
# The option
# ---------------------------------------------------------------------------


def test_a26_postal_wilds_natural_defaults_to_true() -> None:
    """A-26 default: a phase-number card counts as natural when it is its own number."""
    assert Rules().postal_wilds_natural is True
    assert MeldRules().wild_numbers_natural is True
    assert Rules(postal_wilds_natural=False).postal_wilds_natural is False
    state = _on_phase_3(THREES, postal_wilds_natural=False)
    assert player_rules(state, 1) == STRICT


def test_a26_natural_count_leaves_out_personal_wilds() -> None:
    """A-26 ``False``: ``Meld.natural_count(rules)`` leaves the player's phase-number cards
    out, wherever they stand; the default count keeps them (V-10.3)."""
    meld = SetOf(4).make("R3 B3 G3 W", number=3, rules=STRICT)
    assert meld.natural_count() == 3
    assert meld.natural_count(attrs.evolve(STRICT, wild_numbers_natural=True)) == 3
    assert meld.natural_count(STRICT) == 0
    run = RunOf(4).make("R2 R3 R4 R5", rules=STRICT)
    assert (run.natural_count(), run.natural_count(STRICT)) == (4, 3)
    # Without personal Wilds the option changes nothing.
    plain = MeldRules(wild_numbers_natural=False)
    assert meld.natural_count(plain) == meld.natural_count()


# ---------------------------------------------------------------------------
# with scope "phase"
# ---------------------------------------------------------------------------


def test_a26_r7_2_default_phase_of_own_number_cards_is_laid() -> None:
    """A-26 default, scope "phase": the 3s of a player on Phase 3 are natural as 3s, so a
    Phase 3 whose only number cards are 3s is listed and accepted."""
    state = _on_phase_3(THREES)
    assert _lay_steps(state)
    assert check(state, ONLY_THREES) is None
    assert can_complete(state.players[1].hand, PHASE[3], player_rules(state, 1))
    assert apply(state, ONLY_THREES).players[1].laid_down


def test_a26_r7_2_strict_phase_of_own_number_cards_is_refused() -> None:
    """A-26 ``False``, scope "phase": the same hand has no natural card, so nothing is
    listed, the lay-down is refused and the solver agrees (R-7.2)."""
    state = _on_phase_3(THREES, postal_wilds_natural=False)
    assert _lay_steps(state) == []
    why = check(state, ONLY_THREES)
    assert why is not None
    assert "natural" in str(why)
    rules = player_rules(state, 1)
    assert not can_complete(state.players[1].hand, PHASE[3], rules)
    assert find_completions(state.players[1].hand, PHASE[3], rules) == ()
    assert laydown_problem(ONLY_THREES.melds, PHASE[3], rules) is not None


def test_a26_r7_2_strict_one_true_natural_is_enough() -> None:
    """A-26 ``False``, scope "phase": one natural card that is not a 3 makes the phase
    legal again, and every listed lay-down holds such a card."""
    state = _on_phase_3("R3 B3 G3 Y3 G3 W W R5 S S", postal_wilds_natural=False)
    rules = player_rules(state, 1)
    reached = lay_downs_reached(state)
    assert reached
    for lay in reached:
        assert check(state, lay) is None
        assert any(m.natural_count(rules) for m in lay.melds)
        assert any(c == cards("R5")[0] for m in lay.melds for c in m.cards)


# ---------------------------------------------------------------------------
# with scope "group"
# ---------------------------------------------------------------------------

GROUP_HAND = "R3 B3 G3 Y3 R5 R6 R7 R8 S S"
SET_OF_THREES = LayDown(
    (
        Meld(SetOf(4), parse_cards("R3 B3 G3 Y3"), 3),
        Meld(RunOf(4), parse_cards("R5 R6 R7 R8"), 5),
    )
)


def test_a26_a3_default_group_of_own_number_cards_is_laid() -> None:
    """A-26 default, scope "group": a set of four 3s is a group with natural cards."""
    state = _on_phase_3(GROUP_HAND, natural_card_scope="group")
    assert check(state, SET_OF_THREES) is None
    assert any(
        lay.melds[0].cards == SET_OF_THREES.melds[0].cards for lay in lay_downs_reached(state)
    )


def test_a26_a3_strict_group_of_own_number_cards_is_refused() -> None:
    """A-26 ``False``, scope "group": the set of four 3s has no natural card, so it is
    neither listed nor accepted; the 3s may still serve as Wilds beside a true natural
    (a set of 5s: R5 and three 3s, then a run 5-8 of a 3 and R6 R7 R8)."""
    state = _on_phase_3(GROUP_HAND, natural_card_scope="group", postal_wilds_natural=False)
    rules = player_rules(state, 1)
    why = check(state, SET_OF_THREES)
    assert why is not None
    assert "natural" in str(why)
    with pytest.raises(InvalidMeldError):
        SetOf(4).make("R3 B3 G3 Y3", rules=rules)
    reached = lay_downs_reached(state)
    assert reached
    for lay in reached:
        assert check(state, lay) is None
        assert all(m.natural_count(rules) for m in lay.melds)
    first = [a for a in legal_actions(state) if isinstance(a, LayGroup)]
    assert first
    assert all(a.meld.natural_count(rules) for a in first)
    assert not any(a.meld.cards == SET_OF_THREES.melds[0].cards for a in first)
    assert check(state, LayGroup(SET_OF_THREES.melds[0])) is not None


# ---------------------------------------------------------------------------
# Hits need no natural card
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("natural", [True, False])
def test_a26_hits_are_unchanged(natural: bool) -> None:
    """A-26: hitting needs no natural card (R-7.2 is about laying a phase), so a 3 of a
    player on Phase 3 still hits as a Wild, on their own group and on another's, whatever
    ``postal_wilds_natural`` says."""
    state = _on_phase_3("R5 B5 G5 Y5 R9 R10 R11 R12 B3 S", postal_wilds_natural=natural)
    lay = LayDown(
        (
            Meld(SetOf(4), parse_cards("R5 B5 G5 Y5"), 5),
            Meld(RunOf(4), parse_cards("R9 R10 R11 R12"), 9),
        )
    )
    state = with_players(state, s2={"laid_down": True, "melds": (SetOf(3).make("G7 Y7 B7"),)})
    state = apply(state, lay)
    three = cards("B3")[0]
    fives = [m.requirement for m in state.players[1].melds].index(SetOf(4))
    for hit in (Hit(three, 1, fives), Hit(three, 2, 0)):
        assert hit in legal_actions(state)
        assert check(state, hit) is None


# ---------------------------------------------------------------------------
# V-15 partial phasing
# ---------------------------------------------------------------------------


def test_a26_partial_phasing_checks_the_whole_phase() -> None:
    """A-26 ``False`` with V-15 partial phasing, scope "phase": a set of 3s may go down on
    its own (a group alone needs no natural card), but the phase it belongs to is then
    completed only with a true natural card; a run of a 3 and Wilds is not enough."""
    state = _on_phase_3(
        "R3 B3 G3 Y3 G3 W W W R5 S", partial_phasing=True, postal_wilds_natural=False
    )
    threes = Meld(SetOf(4), parse_cards("R3 B3 G3 Y3"), 3)
    assert LayGroup(threes) in legal_actions(state)
    state = apply(state, LayGroup(threes))
    no_natural = LayDown((threes, Meld(RunOf(4), parse_cards("W W G3 W"), 1)))
    assert check(state, no_natural) is not None
    finish = [a for a in legal_actions(state) if isinstance(a, LayDown)]
    assert finish
    for lay in finish:
        assert check(state, lay) is None
        assert cards("R5")[0] in lay.cards()


# ---------------------------------------------------------------------------
# Properties: the solver against the oracle, the listing against apply
# ---------------------------------------------------------------------------


LOOSE = 7
"""At most this many cards that may act as Wilds (phase-number cards and Wilds) in a hand
of the properties, so that the oracle's exhaustive search stays small."""


@st.composite
def postal_hands(draw: st.DrawFn, number: int, size: int) -> tuple[Card, ...]:
    """``size`` cards rich in ``number`` (the player's Postal Wilds) and Wilds, that one
    deck can deal (at most two of a number card), with at most :data:`LOOSE` of them."""
    own = list(cards(" ".join(f"{color.value}{number}" for color in COLORS)))
    hand = [card for card in own for _ in range(draw(st.integers(0, 2)))][:LOOSE]
    hand += [WILD] * min(draw(st.integers(0, 3)), LOOSE - len(hand))
    hand += [SKIP] * draw(st.integers(0, 3))  # few natural cards: the option matters
    others = [c for c in ALL_CARDS if c.number is not None and c.number != number] * 2
    picks = draw(
        st.lists(
            st.integers(0, len(others) - 1),
            unique=True,
            min_size=max(0, size - len(hand)),
            max_size=max(0, size - len(hand)),
        )
    )
    hand += [others[i] for i in picks]
    return tuple(draw(st.permutations(hand[:size])))


@st.composite
def postal_cases(draw: st.DrawFn) -> tuple[tuple[Card, ...], int, MeldRules]:
    number = draw(st.integers(1, 7))
    scope = draw(st.sampled_from(["phase", "group", "none"]))
    size = draw(st.integers(PHASE[number].min_cards, PHASE[number].min_cards + 2))
    hand = draw(postal_hands(number, size))
    rules = MeldRules(
        natural_card_scope=scope, wild_numbers=frozenset({number}), wild_numbers_natural=False
    )
    return hand, number, rules


def _check_listing(hand: tuple[Card, ...], phase: Phase, rules: MeldRules) -> None:
    """The group-at-a-time listing reaches exactly the outcomes of the solver's lay-downs,
    each step valid and listing each outcome once (hands with too many are let pass)."""
    try:
        steps, problems = reachable(hand, phase, rules)
        assert not problems
        assert steps == enumerated(hand, phase, rules)
    except TooMany:
        pass


def _partition(melds: Sequence[Meld]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(card.code for card in meld.cards)) for meld in melds)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(case=postal_cases())
@example(case=(parse_cards("R3 B3 G3 Y3 W W W W"), 3, STRICT))
@example(case=(parse_cards("R1 B1 G1 R1 B1 G1"), 1, attrs.evolve(STRICT, wild_numbers={1})))
def test_a26_solver_matches_oracle_when_postal_wilds_are_never_natural(
    case: tuple[tuple[Card, ...], int, MeldRules],
) -> None:
    """A-26 ``False``: ``can_complete`` agrees with the brute-force oracle; the lay-downs
    ``find_completions`` finds are valid, are every split of the cards the oracle finds, and
    the group-at-a-time listing reaches exactly their outcomes."""
    hand, number, rules = case
    phase = PHASE[number]
    expected = oracle_can_complete(hand, phase, rules)
    assert can_complete(hand, phase, rules) == expected
    completions = find_completions(hand, phase, rules)
    assert bool(completions) == expected
    for melds in completions:
        assert laydown_problem(melds, phase, rules) is None
    found = {canonical_partition(_partition(m), phase) for m in completions}
    wanted = {canonical_partition(p, phase) for p in oracle_partitions(hand, phase, rules)}
    assert found == wanted
    _check_listing(hand, phase, rules)


@settings(max_examples=scaled(40, minimum=10), suppress_health_check=[HealthCheck.too_slow])
@given(case=postal_cases())
def test_a26_every_listed_lay_down_is_accepted_when_postal_wilds_are_never_natural(
    case: tuple[tuple[Card, ...], int, MeldRules],
) -> None:
    """A-26 ``False`` in a game: every lay-down the listing reaches is accepted by
    ``check`` and ``apply``, and something is listed exactly when the solver says the
    player's hand makes their phase."""
    hand, number, meld_rules = case
    hand = hand[:10]
    rules = _postal(postal_wilds_natural=False, natural_card_scope=meld_rules.natural_card_scope)
    text = " ".join(str(c) for c in hand)
    upturned = next(
        c for c in reversed(ALL_CARDS) if c.number not in (None, number) and c not in hand
    )
    state = stacked_game({1: text}, str(upturned), "S", rules, players=3)
    state = with_players(state, s1={"completed": tuple(range(1, number))})
    state = play(state, DrawStock())
    own = player_rules(state, 1)
    assert own.wild_numbers == {number}
    assert not own.wild_numbers_natural
    held = state.players[1].hand
    lays = lay_downs_reached(state)
    fits = can_complete(held, PHASE[number], own)
    assert fits == oracle_can_complete(held, PHASE[number], own)
    if len(held) - PHASE[number].min_cards >= 2:  # Postal's first circuit: keep 2 (V-10.1)
        assert bool(lays) == fits
    for lay in lays[:30]:
        assert check(state, lay) is None
        assert apply(state, lay).players[1].laid_down


CUSTOM_PHASES = (
    Phase(1, (ColorRunOf(4),)),
    Phase(2, (ParityOf(4), SetOf(3))),
    Phase(3, (ColorSetOf(3), ColorSetOf(3))),
    Phase(4, (ParityRunOf(3), ColorOf(3))),
)
"""Phases of the kinds of :mod:`phase10.extra_kinds`, which the solver drafts through
their own ``candidates`` and the oracle judges by their own ``problem``."""


@st.composite
def custom_cases(draw: st.DrawFn) -> tuple[tuple[Card, ...], Phase, MeldRules]:
    phase = draw(st.sampled_from(CUSTOM_PHASES))
    number = draw(st.integers(1, 7))
    scope = draw(st.sampled_from(["phase", "group"]))
    hand = draw(postal_hands(number, phase.min_cards + draw(st.integers(0, 1))))
    rules = MeldRules(
        natural_card_scope=scope, wild_numbers=frozenset({number}), wild_numbers_natural=False
    )
    return hand, phase, rules


@settings(max_examples=scaled(30, minimum=10), suppress_health_check=[HealthCheck.too_slow])
@given(case=custom_cases())
@example(case=(parse_cards("R5 B5 W W"), CUSTOM_PHASES[0], attrs.evolve(STRICT, wild_numbers={5})))
def test_a26_solver_matches_oracle_on_other_kinds(
    case: tuple[tuple[Card, ...], Phase, MeldRules],
) -> None:
    """A-26 ``False`` with the kinds of :mod:`phase10.extra_kinds`: ``can_complete``
    agrees with the oracle, and the listing reaches exactly the solver's outcomes."""
    hand, phase, rules = case
    assert can_complete(hand, phase, rules) == oracle_can_complete(hand, phase, rules)
    _check_listing(hand, phase, rules)
