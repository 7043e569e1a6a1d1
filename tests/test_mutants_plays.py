"""Play clauses that no other test pinned down (found by mutation testing, session 13).

Each test names the rule of /work/shared/RULES.md whose clause of
:mod:`phase10.engine.plays` it holds in place: a mutant that changed it survived the rest
of the suite (a sample of the module's mutants was tried).
"""

from __future__ import annotations

import attrs
import pytest

from helpers import TWO_SETS, assert_illegal, card, play, stacked_game, with_players
from phase10 import (
    STANDARD_PHASES,
    ChoosePhase,
    Discard,
    DrawStock,
    End,
    GiveCard,
    Hit,
    IllegalActionError,
    IllegalReason,
    LayDown,
    Phase,
    Rules,
    RunOf,
    Save,
    SetOf,
    Stage,
    SwapWild,
    new_game,
    variants,
)
from phase10.validation import validate_state


def test_v13_a_swap_must_leave_a_card_to_discard() -> None:
    """V-13 movable Wilds with R-10.2: swapping the last card in hand for a Wild in a run
    would leave nothing to discard, so it is refused."""
    rules = Rules(phases=STANDARD_PHASES[1:], movable_wilds=True, hand_size=7)
    state = stacked_game({1: "R3 W G5 Y6 R8 B8 G8"}, "Y12", "B4 R12", rules)
    lay = LayDown((SetOf(3).make("R8 B8 G8"), RunOf(4).make("R3 W G5 Y6")))
    state = play(state, DrawStock(), lay)
    assert state.players[1].hand == (card("B4"),)
    assert_illegal(state, SwapWild(card("B4"), 1, 0, End.HIGH), IllegalReason.MUST_KEEP_A_CARD)


def test_r6_5_a_hit_on_a_set_naming_an_end_is_told_a_set_has_no_ends() -> None:
    """R-6.5 / R-6.9: only a run has ends; a hit on a set that names one is refused, and
    the refusal says why rather than that the card does not fit that end."""
    state = stacked_game({1: "R8 B8 G8 R9 B9 G9 R1 R2 B4 Y11"}, "G12", "Y8 R12", Rules())
    lay = LayDown((SetOf(3).make("R8 B8 G8"), SetOf(3).make("R9 B9 G9")))
    state = play(state, DrawStock(), lay)
    with pytest.raises(IllegalActionError) as refused:
        play(state, Hit(card("Y8"), 1, 0, End.HIGH))
    assert refused.value.reason is IllegalReason.CARD_DOES_NOT_FIT
    assert "has no ends" in refused.value.message
    assert card("Y8") in play(state, Hit(card("Y8"), 1, 0)).players[1].melds[0].cards


def test_v15_a_final_turn_may_end_with_a_save() -> None:
    """V-15 last stand with Masters Save piles (V-1): a final turn that ends with a Save
    passes to the next final turn, and the hand ends after the last one."""
    phases = (Phase(1, (SetOf(3),)), Phase(2, (SetOf(3),)))
    rules = variants.resolve("masters+last-stand").with_options(hand_size=4, phases=phases)
    state = stacked_game({1: "R4 B4 G4 Y9", 2: "S R1 R2 R3"}, "G11", "Y4 B10 B11 B12", rules)
    state = play(state, ChoosePhase(1), ChoosePhase(1), ChoosePhase(1), DrawStock())
    state = play(state, LayDown((SetOf(3).make("R4 B4 G4"),)), Hit(card("Y4"), 1, 0))
    state = play(state, Discard(card("Y9")), DrawStock(), Save(card("R1")))
    assert (state.first_out, state.current_player, state.final_turns) == (1, 0, ())
    over = play(state, DrawStock(), Discard(state.players[0].hand[0]))
    assert over.stage is Stage.HAND_OVER
    assert over.results[-1].went_out == 1


def test_a13_a_tiebreak_hand_goes_on_after_phase_10_is_laid_down() -> None:
    """A-13 ends a hand when the sole Phase 10 contender lays it down (R-15.3); a tiebreak
    hand is not such a hand: it goes on until a tied player goes out (R-15.4)."""
    rules = Rules(end_when_sole_phase10_contender=True)
    hand = "R4 B4 G4 Y4 R4 R9 B9 G9 Y11 Y12"
    state = stacked_game({1: hand}, "G12", "R1 R12", rules, players=3)
    nine = tuple(range(1, 10))
    state = attrs.evolve(state, tiebreak=True, seats=(1, 2))
    state = with_players(state, s1={"completed": nine}, s2={"completed": nine})
    lay = LayDown((SetOf(5).make("R4 B4 G4 Y4 R4"), SetOf(3).make("R9 B9 G9")))
    after = play(state, DrawStock(), lay)
    assert after.players[1].laid_down
    assert after.stage is Stage.PLAY
    assert after.current_player == 1


TWO = TWO_SETS


def test_v9_1_a_floaters_turn_counts_as_a_turn() -> None:
    """V-9.1: a player who empties the hand by plays floats; the turn passes on and counts
    (the turn count feeds the Skip limits, A-6, and Postal's first circuit, V-10.1)."""
    rules = variants.resolve("floating").with_options(hand_size=4, phases=TWO)
    state = stacked_game({1: "R4 B4 G4 Y4"}, "G11", "R4 B10 B11", rules, players=3)
    state = play(state, DrawStock(), LayDown((SetOf(3).make("R4 B4 G4"),)), Hit(card("Y4"), 1, 0))
    before = state.turn
    after = play(state, Hit(card("R4"), 1, 0))
    assert after.players[1].floating
    assert (after.current_player, after.turn) == (2, before + 1)


def test_v1_a_save_ends_the_turn_and_counts_as_one() -> None:
    """V-1 (Masters Save piles): a Save ends the turn like a discard; play passes on and
    the turn count goes up by one."""
    state = stacked_game({1: "R1 R2 R3"}, "G11", "B10 B11", variants.resolve("masters"))
    state = play(state, ChoosePhase(1), ChoosePhase(1), DrawStock())
    before = state.turn
    after = play(state, Save(card("R1")))
    assert card("R1") in after.players[1].saved
    assert (after.current_player, after.turn) == (0, before + 1)


def test_a13_the_hand_goes_on_while_another_player_is_on_phase_10() -> None:
    """A-13 / R-15.3: laying Phase 10 down ends the hand at once only for the sole player on
    Phase 10; with another player on it too, the hand goes on."""
    rules = Rules(end_when_sole_phase10_contender=True)
    hand = "R4 B4 G4 Y4 R4 R9 B9 G9 Y11 Y12"
    nine = tuple(range(1, 10))
    lay = LayDown((SetOf(5).make("R4 B4 G4 Y4 R4"), SetOf(3).make("R9 B9 G9")))
    state = stacked_game({1: hand}, "G12", "R1 R12", rules, players=3)
    both = with_players(state, s1={"completed": nine}, s2={"completed": nine})
    assert play(both, DrawStock(), lay).stage is Stage.PLAY
    sole = with_players(state, s1={"completed": nine}, s2={"completed": nine[:8]})
    assert play(sole, DrawStock(), lay).stage is Stage.GAME_OVER


def test_a6_the_dealers_upturned_skip_is_recorded_against_its_target() -> None:
    """V-12 / A-12 'dealer_chooses_target' with A-6 'strict_circuit': the seat the dealer
    names is recorded as skipped at turn 0 (A-29), and no other seat is."""
    rules = variants.resolve("dealer-places-upturned").with_options(skip_limit="strict_circuit")
    state = stacked_game({}, "S", "R12 G12 B12", rules, players=4)
    after = play(state, GiveCard(2))
    assert after.skip_record == (-1, -1, 0, -1)
    assert after.players[2].skips_pending == 1
    validate_state(after)


def test_v6_a_phase_the_rules_lack_is_refused_naming_the_even_phases() -> None:
    """V-6 even phases with Masters choice (V-1.4): choosing phase 3 is refused, and the
    refusal lists the phases the rules have (2, 4, 6, 8, 10), not a range."""
    state = new_game(3, "masters+even-phases", seed=1)
    with pytest.raises(IllegalActionError) as refused:
        play(state, ChoosePhase(3))
    assert refused.value.reason is IllegalReason.WRONG_PHASE
    assert "their phases: 2, 4, 6, 8, 10)" in refused.value.message
