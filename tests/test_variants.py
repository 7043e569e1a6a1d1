"""Rule-clause tests of the variants (RULES.md §V, §A options A-19..A-29) and of the registry.

Every engine test deals a known deck with :func:`helpers.stacked_game` and plays it
action by action; names and docstrings cite the V-/A-ids they check. With three
players and ``dealer=0`` the deal goes to seats 1, 2, 0 and seat 1 plays first (in
Masters, seat 1 also chooses first). The registry tests leave the registry as they
found it (fixture ``registry``).
"""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path

import attrs
import pytest

from helpers import (
    assert_illegal,
    cards,
    deck_counter,
    lay_down_listed,
    play,
    registry_restored,
    stacked_deck,
    stacked_game,
    table_counter,
)
from phase10 import (
    EVEN_PHASES,
    ODD_PHASES,
    STANDARD_PHASES,
    Card,
    ChoosePhase,
    Color,
    ColorOf,
    DeckSpec,
    Discard,
    DrawStock,
    End,
    GameState,
    GiveCard,
    GreedyBot,
    Hit,
    IllegalReason,
    InvalidDataError,
    InvalidRulesError,
    LayDown,
    LayGroup,
    Meld,
    MeldRules,
    NextHand,
    Phase,
    RandomBot,
    Rules,
    RunOf,
    Save,
    SetOf,
    Stage,
    SwapWild,
    TakeDiscard,
    TakeSaved,
    apply,
    check,
    legal_actions,
    new_game,
    play_game,
    player_view,
    standard_deck,
    variants,
)
from phase10.scoring import hand_points

# ---------------------------------------------------------------------------
# Building blocks
# ---------------------------------------------------------------------------

SEVENS_NINES = "R7 B7 G7 Y7 B7 R9 B9 G9 Y9 G9"
"""Five 7s and five 9s: with all ten cards this is phase 1, 7, 9 or 10 (R-5.5 extras)."""
TWOS_THREES = "R2 B2 G2 Y2 B2 R3 B3 G3 Y3 G3"
"""Five 2s and five 3s: the same shape with other numbers."""
THREES_FIVES = "R3 B3 G3 Y3 B3 R5 B5 G5 Y5 G5"
PHASE3_TEN = "R5 B5 G5 Y5 R1 B2 G3 Y4 G5 R6"
"""Phase 3 with all ten cards: a set of four 5s and the run 1-6."""

FIRST_REQUIREMENTS = {
    1: (SetOf(3), SetOf(3)),
    7: (SetOf(4), SetOf(4)),
    9: (SetOf(5), SetOf(2)),
    10: (SetOf(5), SetOf(3)),
}


def card(text: str) -> Card:
    return Card.parse(text)


def two_sets(phase: int, text: str = SEVENS_NINES, named: bool = False) -> LayDown:
    """Phase ``phase`` (1, 7, 9 or 10) laid as two sets of five from a hand like SEVENS_NINES."""
    parts = text.split()
    first, second = FIRST_REQUIREMENTS[phase]
    melds = (first.make(" ".join(parts[:5])), second.make(" ".join(parts[5:])))
    return LayDown(melds, phase if named else None)


def phase1_min(a: str = "R7 B7 G7", b: str = "R9 B9 G9", rules: MeldRules | None = None) -> LayDown:
    """Phase 1 at minimum size; ``rules`` for Postal personal Wilds."""
    return LayDown((SetOf(3).make(a, rules=rules), SetOf(3).make(b, rules=rules)))


def phase3_ten(named: bool = False) -> LayDown:
    melds = (SetOf(4).make("R5 B5 G5 Y5"), RunOf(4).make("R1 B2 G3 Y4 G5 R6"))
    return LayDown(melds, 3 if named else None)


def draw_discard(state: GameState, text: str) -> GameState:
    """The current player draws from the stock and discards ``text``."""
    return play(state, DrawStock(), Discard(card(text)))


def pass_turn(state: GameState) -> GameState:
    """The current player draws and discards their first number card."""
    state = apply(state, DrawStock())
    seat = state.current_player
    assert seat is not None
    return apply(state, Discard(next(c for c in state.players[seat].hand if c.is_natural)))


def go_out(state: GameState, lay: LayDown, last: str) -> GameState:
    """The current player draws, lays ``lay`` and discards ``last`` (their last card)."""
    return play(state, DrawStock(), lay, Discard(card(last)))


def with_players(state: GameState, **per_seat: Mapping[str, object]) -> GameState:
    """``state`` with fields of some players changed: ``seat1={"completed": (1,)}``."""
    players = list(state.players)
    for key, changes in per_seat.items():
        seat = int(key.removeprefix("seat"))
        players[seat] = attrs.evolve(players[seat], **changes)  # type: ignore[arg-type]
    return attrs.evolve(state, players=tuple(players))


def all_cards(state: GameState) -> Counter[Card]:
    """Hands, melds, stock, discard pile and Save piles."""
    counter = table_counter(state)
    for player in state.players:
        counter.update(player.saved)
    return counter


def choose(state: GameState, *phases: int) -> GameState:
    """The players choose these phases in turn (V-1.4)."""
    for number in phases:
        state = apply(state, ChoosePhase(number))
    return state


MASTERS = variants.resolve("masters")
ALL_BUT = {n: tuple(p.number for p in STANDARD_PHASES if p.number != n) for n in range(1, 11)}


# ---------------------------------------------------------------------------
# V-1 Masters Edition
# ---------------------------------------------------------------------------


def test_v1_1_masters_players_2_to_4_and_a23_option() -> None:
    """V-1.1: Masters is for 2-4 players; A-23 masters.players='2..6' is max_players=6."""
    assert (MASTERS.min_players, MASTERS.max_players) == (2, 4)
    for count in (2, 3, 4):
        assert len(new_game(count, "masters", seed=1).players) == count
    for count in (1, 5, 6):
        with pytest.raises(InvalidRulesError) as info:
            new_game(count, "masters", seed=1)
        assert info.value.option == "players"
    six = MASTERS.with_options(max_players=6)
    assert new_game(6, six, seed=1).stage is Stage.CHOOSE_PHASE


def test_v1_2_masters_deck_has_106_cards_two_skips() -> None:
    """V-1.2: 96 number cards, 8 Wilds and 2 Skips = 106 playing cards."""
    deck = standard_deck(MASTERS)
    assert len(deck) == 106
    assert sum(c.is_skip for c in deck) == 2
    assert sum(c.is_wild for c in deck) == 8
    assert sum(c.is_natural for c in deck) == 96
    assert MASTERS.deck == DeckSpec(skips=2)
    state = new_game(4, "masters", seed=8)
    assert all_cards(state) == deck_counter(MASTERS)
    assert MASTERS.phases == STANDARD_PHASES  # V-1.3


def test_v1_4_masters_choose_phase_in_turn_from_left_of_dealer() -> None:
    """V-1.4: after the deal each player in turn, from the dealer's left, chooses a phase
    (public); play starts, left of the dealer, only when everyone has chosen."""
    state = new_game(4, "masters", seed=3, dealer=2)
    assert state.stage is Stage.CHOOSE_PHASE
    assert state.current_player == 3
    assert legal_actions(state) == tuple(ChoosePhase(n) for n in range(1, 11))
    assert_illegal(state, DrawStock(), IllegalReason.WRONG_STAGE)
    assert_illegal(state, Discard(state.players[3].hand[0]), IllegalReason.WRONG_STAGE)
    order: list[int | None] = []
    for number in (4, 1, 10, 7):
        order.append(state.current_player)
        assert state.stage is Stage.CHOOSE_PHASE
        state = apply(state, ChoosePhase(number))
    assert order == [3, 0, 1, 2]
    assert state.stage is Stage.DRAW
    assert state.current_player == 3
    attempted = [p.phase_attempted for p in state.players]
    assert attempted == [1, 10, 7, 4]
    assert [state.target_phase(s).number for s in range(4)] == [1, 10, 7, 4]  # type: ignore[union-attr]
    assert state.open_phases(3) == (STANDARD_PHASES[3],)
    # the choice is public
    assert [v.phase_attempted for v in player_view(state, 0).players] == [1, 10, 7, 4]


def test_v1_4_only_uncompleted_phases_may_be_chosen() -> None:
    """V-1.4 / V-1.5: a player chooses among their not-yet-completed phases only."""
    state = with_players(new_game(3, "masters", seed=4), seat1={"completed": (1, 4)})
    assert state.current_player == 1
    legal = legal_actions(state)
    assert ChoosePhase(1) not in legal
    assert ChoosePhase(4) not in legal
    assert legal == tuple(ChoosePhase(n) for n in (2, 3, 5, 6, 7, 8, 9, 10))
    assert_illegal(state, ChoosePhase(4), IllegalReason.PHASE_ALREADY_COMPLETED)
    assert_illegal(state, ChoosePhase(11), IllegalReason.WRONG_PHASE)
    with pytest.raises(InvalidDataError):  # phases are numbered from 1: not even an action
        ChoosePhase(0)


def test_v1_4_only_the_active_phase_may_be_laid_down() -> None:
    """V-1.4: the player may attempt only the phase they chose this hand."""
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R12", MASTERS)
    state = choose(state, 4, 1, 1)  # seat 1 chose phase 4 (a run of 7)
    state = apply(state, DrawStock())
    assert not any(isinstance(a, LayDown) for a in legal_actions(state))
    assert_illegal(state, two_sets(1), IllegalReason.INVALID_MELD)
    assert_illegal(state, two_sets(1, named=True), IllegalReason.WRONG_PHASE)


def test_v1_5_each_phase_once_in_any_order() -> None:
    """V-1.5: phases may be completed in any order (phase 7 in the first hand), each only
    once; a failed phase stays available."""
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R12", MASTERS)
    state = choose(state, 7, 3, 5)
    state = go_out(state, two_sets(7), "R12")
    assert state.stage is Stage.HAND_OVER
    assert state.results[-1].went_out == 1
    assert state.results[-1].completed == (None, 7, None)
    assert [p.completed for p in state.players] == [(), (7,), ()]
    state = apply(state, NextHand())  # dealer 1: seats 2, 0, 1 choose
    assert state.stage is Stage.CHOOSE_PHASE
    assert state.current_player == 2
    assert ChoosePhase(3) in legal_actions(state)  # seat 2 failed phase 3: still open
    state = choose(state, 3, 5)
    assert state.current_player == 1
    assert ChoosePhase(7) not in legal_actions(state)
    assert_illegal(state, ChoosePhase(7), IllegalReason.PHASE_ALREADY_COMPLETED)
    assert check(state, ChoosePhase(1)) is None


def masters_save_game(rules: Rules = MASTERS) -> GameState:
    """Masters, three players: seat 1 (SEVENS_NINES, phase 1) draws R2 and saves it."""
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: "B2"}, "Y12", "R2 R11 B11 R12 G11 Y11", rules)
    state = choose(state, 1, 1, 1)
    state = apply(state, DrawStock())
    assert Save(card("R2")) in legal_actions(state)
    return apply(state, Save(card("R2")))


def test_v1_6_save_instead_of_discard_once_per_hand() -> None:
    """V-1.6: a turn may end by putting one card on one's own Save pile instead of the
    discard pile; at most one card per hand."""
    state = masters_save_game()
    me = state.players[1]
    assert me.saved == cards("R2")
    assert me.saved_this_hand
    assert me.hand == cards(SEVENS_NINES)
    assert state.discard_pile == cards("Y12")  # nothing discarded
    assert state.current_player == 2
    assert state.stage is Stage.DRAW
    assert all_cards(state) == deck_counter(MASTERS)
    state = pass_turn(pass_turn(state))  # seats 2 and 0
    state = apply(state, DrawStock())  # seat 1 again
    assert state.current_player == 1
    assert not any(isinstance(a, Save) for a in legal_actions(state))
    assert_illegal(state, Save(card("R12")), IllegalReason.NOT_ALLOWED_BY_RULES)


def test_v1_6_save_needs_masters_and_a_held_card() -> None:
    """V-1.6: no Save pile outside Masters; only a card in hand can be saved."""
    state = apply(stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R2"), DrawStock())
    assert not any(isinstance(a, Save) for a in legal_actions(state))
    assert_illegal(state, Save(card("R2")), IllegalReason.NOT_ALLOWED_BY_RULES)
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R2", MASTERS)
    state = apply(choose(state, 1, 1, 1), DrawStock())
    assert_illegal(state, Save(card("Y1")), IllegalReason.CARD_NOT_IN_HAND)


def test_v1_6_save_pile_is_private() -> None:
    """V-1.6: the Save pile lies face down: other seats see only how many cards it holds."""
    state = masters_save_game()
    mine, theirs = player_view(state, 1), player_view(state, 2)
    assert mine.saved == cards("R2")
    assert theirs.saved == ()
    assert theirs.players[1].saved_count == 1
    assert "R2" not in repr(theirs.players[1])
    other = with_players(state, seat1={"saved": cards("G12")})
    assert player_view(other, 2) == theirs
    assert player_view(other, 0) == player_view(state, 0)
    assert player_view(other, 1) != mine


def test_v1_6_save_pile_kept_across_hands_and_not_dealt() -> None:
    """V-1.6 / R-13.2: the Save pile stays with its owner from hand to hand and is not
    gathered into the next deal; one card may be saved again in the new hand."""
    state = masters_save_game()
    state = pass_turn(pass_turn(state))
    state = go_out(state, two_sets(1), "R12")
    assert state.stage is Stage.HAND_OVER
    assert state.players[1].saved == cards("R2")
    # a deck order for the next hand must leave the saved card out
    assert_illegal(state, NextHand(standard_deck(MASTERS)), IllegalReason.BAD_DECK)
    rest = list(standard_deck(MASTERS))
    rest.remove(card("R2"))
    assert check(state, NextHand(tuple(rest))) is None
    state = apply(state, NextHand())
    assert state.hand_number == 2
    assert state.players[1].saved == cards("R2")
    assert not state.players[1].saved_this_hand
    dealt = table_counter(state)
    assert dealt[card("R2")] == 1  # the deck has two R2s; one is on the Save pile
    assert sum(dealt.values()) == 105
    assert all_cards(state) == deck_counter(MASTERS)


def test_v1_7_take_saved_instead_of_a_draw_in_a_later_hand() -> None:
    """V-1.7 / A-19 save_usable_same_hand=False: the saved card cannot come back in the
    hand it was saved, but may be taken instead of a draw in a later hand."""
    state = masters_save_game()
    state = pass_turn(pass_turn(state))
    assert state.current_player == 1
    assert TakeSaved(card("R2")) not in legal_actions(state)
    assert_illegal(state, TakeSaved(card("R2")), IllegalReason.CARD_NOT_IN_HAND)
    state = go_out(state, two_sets(1), "R12")
    state = apply(state, NextHand())  # dealer 1: seats 2, 0, 1
    state = choose(state, 1, 2, 2)
    state = pass_turn(pass_turn(state))
    assert state.current_player == 1
    legal = legal_actions(state)
    assert TakeSaved(card("R2")) in legal
    assert_illegal(state, TakeSaved(card("G12")), IllegalReason.CARD_NOT_IN_HAND)
    hand = state.players[1].hand
    after = apply(state, TakeSaved(card("R2")))
    assert after.stage is Stage.PLAY
    assert after.players[1].saved == ()
    assert after.players[1].hand == tuple(sorted((*hand, card("R2"))))
    assert after.stock == state.stock
    assert after.discard_pile == state.discard_pile
    assert all_cards(after) == deck_counter(MASTERS)
    assert_illegal(after, DrawStock(), IllegalReason.WRONG_STAGE)  # it was the draw


def test_a19_saved_card_usable_in_the_same_hand() -> None:
    """A-19 masters.save_usable_same_hand=True: the card may come back in the same hand."""
    state = masters_save_game(MASTERS.with_options(masters_save_usable_same_hand=True))
    state = pass_turn(pass_turn(state))
    assert TakeSaved(card("R2")) in legal_actions(state)
    after = apply(state, TakeSaved(card("R2")))
    assert card("R2") in after.players[1].hand
    assert after.players[1].saved == ()


def saved_scoring_game(option: str) -> GameState:
    """masters+to-phase-1: seat 2 saves B2 (5 points), then seat 1 completes every phase and
    goes out; the game ends."""
    rules = variants.resolve("masters+to-phase-1").with_options(masters_saved_cards_scored=option)
    hands = {0: "", 1: SEVENS_NINES, 2: "B2 R1 B1 G1 Y1 R4 B4 G4 Y4 R6"}
    state = stacked_game(hands, "Y12", "R12 B12 G12 Y12", rules)
    state = choose(state, 1, 1, 1)
    state = draw_discard(state, "R12")  # seat 1
    state = play(state, DrawStock(), Save(card("B2")))  # seat 2 saves
    state = pass_turn(state)  # seat 0
    state = go_out(state, two_sets(1), "Y12")
    assert state.is_over
    assert state.winners == (1,)
    return state


def test_a20_saved_cards_scoring_options() -> None:
    """A-20 masters.saved_cards_scored: 'never' (default) leaves Save piles unscored;
    'each_hand' adds them to each hand's points; 'at_game_end' adds them to the final total."""
    assert MASTERS.masters_saved_cards_scored.value == "never"
    never = saved_scoring_game("never")
    each = saved_scoring_game("each_hand")
    end = saved_scoring_game("at_game_end")
    base = never.results[-1].points[2]
    assert base == 45 + 10  # R1 B1 G1 Y1 R4 B4 G4 Y4 R6 + the drawn B12
    assert never.players[2].score == base
    assert each.results[-1].points[2] == base + 5
    assert each.players[2].score == base + 5
    assert end.results[-1].points[2] == base
    assert end.players[2].score == base + 5
    for state in (never, each, end):
        assert state.players[2].saved == cards("B2")
        assert state.players[1].score == 0


def test_a21_going_out_by_saving_the_last_card() -> None:
    """A-21 masters.go_out_by_saving=True: saving one's last card goes out (V-1.6)."""
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R2", MASTERS)
    state = play(choose(state, 10, 1, 1), DrawStock(), two_sets(10))
    assert state.players[1].hand == cards("R2")
    assert Save(card("R2")) in legal_actions(state)
    after = apply(state, Save(card("R2")))
    assert after.stage is Stage.HAND_OVER
    assert after.results[-1].went_out == 1
    assert after.results[-1].points[1] == 0
    assert after.players[1].saved == cards("R2")
    assert after.players[1].completed == (10,)


def test_a21_false_saving_the_last_card_is_refused() -> None:
    """A-21 masters.go_out_by_saving=False: the last card must be discarded, not saved."""
    rules = MASTERS.with_options(masters_go_out_by_saving=False)
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R2", rules)
    state = play(choose(state, 10, 1, 1), DrawStock(), two_sets(10))
    assert Save(card("R2")) not in legal_actions(state)
    assert_illegal(state, Save(card("R2")), IllegalReason.MUST_KEEP_A_CARD)
    after = apply(state, Discard(card("R2")))
    assert after.results[-1].went_out == 1
    assert after.players[1].saved == ()


def test_v1_8_game_ends_when_someone_has_completed_all_ten() -> None:
    """V-1.8: the game ends after the hand in which a player completes their tenth phase;
    completing phase 10 alone (in any order) does not end it."""
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R12", MASTERS)
    state = with_players(state, seat1={"completed": ALL_BUT[10]})
    assert legal_actions(state) == (ChoosePhase(10),)
    state = choose(state, 10, 1, 1)
    state = go_out(state, two_sets(10), "R12")
    assert state.is_over
    assert state.winners == (1,)
    # phase 10 as a first phase: the hand ends, the game goes on
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R12", MASTERS)
    state = go_out(choose(state, 10, 1, 1), two_sets(10), "R12")
    assert state.stage is Stage.HAND_OVER
    assert state.players[1].completed == (10,)


def masters_double_finish(scores: tuple[int, int, int]) -> GameState:
    """Seats 1 and 2 both complete their last phase (10 and 3) in the same hand; seat 1
    goes out; seat 2 keeps R11 B11 (20 points)."""
    hands = {0: "", 1: SEVENS_NINES, 2: "R5 B5 G5 Y5 R1 B2 G3 Y4 R11 B11"}
    state = stacked_game(hands, "Y12", "R12 G12 B12 Y12", MASTERS)
    state = with_players(
        state,
        seat0={"score": scores[0]},
        seat1={"completed": ALL_BUT[10], "score": scores[1]},
        seat2={"completed": ALL_BUT[3], "score": scores[2]},
    )
    state = choose(state, 10, 3, 1)
    state = draw_discard(state, "R12")  # seat 1 waits a turn
    phase3 = LayDown((SetOf(4).make("R5 B5 G5 Y5"), RunOf(4).make("R1 B2 G3 Y4")))
    state = play(state, DrawStock(), phase3, Discard(card("G12")))  # seat 2
    state = pass_turn(state)  # seat 0
    return go_out(state, two_sets(10), "Y12")  # seat 1


def test_v1_8_lowest_total_wins_among_finishers() -> None:
    """V-1.8: several players complete all ten phases in one hand: the lowest total wins."""
    state = masters_double_finish((300, 100, 100))
    assert state.results[-1].points[1:] == (0, 20)
    assert state.is_over
    assert state.winners == (1,)


def test_v1_8_tie_replays_the_last_phase_attempted() -> None:
    """V-1.8 / A-15 'replay_last_attempted_phase': tied finishers replay the last phase each
    of them attempted (seat 1: phase 10, seat 2: phase 3)."""
    state = masters_double_finish((300, 120, 100))
    assert [p.score for p in state.players[1:]] == [120, 120]
    assert state.stage is Stage.HAND_OVER
    assert state.tiebreak_seats == (1, 2)
    assert state.winners == ()
    state = apply(state, NextHand())
    assert state.tiebreak
    assert sorted(state.seats) == [1, 2]
    assert state.stage is Stage.DRAW  # no phase choice in a tiebreak hand
    assert state.target_phase(1) == STANDARD_PHASES[9]
    assert state.target_phase(2) == STANDARD_PHASES[2]
    assert state.players[0].hand == ()


# ---------------------------------------------------------------------------
# V-2 masters-declared, V-3 pick-a-phase, V-4 arkansas
# ---------------------------------------------------------------------------


def test_v2_masters_declared_names_the_phase_at_laydown() -> None:
    """V-2: as Masters but without the choice at the start of the hand: the lay-down
    names any phase not yet completed."""
    rules = variants.resolve("masters-declared")
    assert rules.masters_saving
    assert rules.deck.skips == 2
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R12", rules)
    state = with_players(state, seat1={"completed": (1, 9)})
    assert state.stage is Stage.DRAW  # no CHOOSE_PHASE stage
    state = apply(state, DrawStock())
    assert [p.number for p in state.open_phases(1)] == [2, 3, 4, 5, 6, 7, 8, 10]
    named = {a.phase for a in legal_actions(state) if isinstance(a, (LayDown, LayGroup))}
    assert named == {7, 10}
    assert_illegal(state, two_sets(7), IllegalReason.WRONG_PHASE)  # say which phase
    assert_illegal(state, two_sets(9, named=True), IllegalReason.PHASE_ALREADY_COMPLETED)
    assert_illegal(state, two_sets(1, named=True), IllegalReason.PHASE_ALREADY_COMPLETED)
    after = apply(state, two_sets(7, named=True))
    assert after.players[1].phase_attempted == 7
    after = apply(after, Discard(card("R12")))
    assert after.players[1].completed == (1, 9, 7)


def test_v3_pick_a_phase_refuses_a_completed_phase() -> None:
    """V-3: any phase in any hand, each only once; named at lay-down (A-24 default); no
    Save pile, the normal 108-card deck."""
    rules = variants.resolve("pick-a-phase")
    assert len(standard_deck(rules)) == 108
    assert not rules.masters_saving
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R12", rules)
    state = with_players(state, seat1={"completed": (1, 10)})
    state = apply(state, DrawStock())
    assert_illegal(state, two_sets(1, named=True), IllegalReason.PHASE_ALREADY_COMPLETED)
    assert_illegal(state, two_sets(10, named=True), IllegalReason.PHASE_ALREADY_COMPLETED)
    assert_illegal(state, Save(card("R12")), IllegalReason.NOT_ALLOWED_BY_RULES)
    assert {a.phase for a in legal_actions(state) if isinstance(a, (LayDown, LayGroup))} == {7, 9}
    state = play(state, two_sets(9, named=True), Discard(card("R12")))
    assert state.players[1].completed == (1, 10, 9)


def test_v3_pick_a_phase_hand_start_option() -> None:
    """A-24 pick.choice_timing='hand_start': the phase is chosen before play (as V-1.4)."""
    rules = variants.resolve("pick-a-phase").with_options(phase_choice="hand_start")
    state = new_game(3, rules, seed=2)
    assert state.stage is Stage.CHOOSE_PHASE
    assert state.current_player == 1


def test_v3_first_to_complete_all_phases_wins() -> None:
    """V-3: the game ends when someone has completed every phase, in whatever order."""
    rules = variants.resolve("pick-a-phase")
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R12", rules)
    state = with_players(state, seat1={"completed": ALL_BUT[7]})
    state = go_out(state, two_sets(7), "R12")  # one phase left: no need to name it
    assert state.is_over
    assert state.winners == (1,)


def test_v4_arkansas_skips_stack() -> None:
    """V-4: skip_limit='unlimited': a player with a skip pending may be skipped again, and
    loses one turn per Skip; phases in any order."""
    rules = variants.resolve("arkansas")
    assert rules.skip_limit.value == "unlimited"
    assert rules.phase_order.value == "any"
    hands = {0: "R10 R11", 1: "S R1 R2", 2: "S B4 B5"}
    state = stacked_game(hands, "Y12", "", rules)
    state = play(state, DrawStock(), Discard(card("S"), 0))
    state = apply(state, DrawStock())
    assert Discard(card("S"), 0) in legal_actions(state)
    state = apply(state, Discard(card("S"), 0))
    assert state.players[0].skips_pending == 1  # one served already
    assert state.lost_turns == (0,)
    assert state.current_player == 1
    state = pass_turn(pass_turn(state))  # seats 1 and 2
    assert state.lost_turns == (0,)
    assert state.current_player == 1
    assert state.players[0].skips_pending == 0
    # the base rule refuses the second Skip (R-9.5 no_stacking)
    base = stacked_game(hands, "Y12", "")
    base = play(base, DrawStock(), Discard(card("S"), 0), DrawStock())
    assert_illegal(base, Discard(card("S"), 0), IllegalReason.BAD_SKIP_TARGET)


# ---------------------------------------------------------------------------
# V-5 Anti-Phase
# ---------------------------------------------------------------------------


def anti_hand(rules: Rules) -> GameState:
    """Seat 1 (no phase yet) completes phase 1 and goes out; seat 2 (on phase 3) and
    seat 0 (on phase 1) fail."""
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R12", rules)
    state = with_players(state, seat2={"completed": (1, 2)})
    return go_out(state, two_sets(1), "R12")


def test_v5_2_anti_phase_failure_drops_one_phase_never_below_1() -> None:
    """V-5.2 / A-25 on_success='advance': success advances; a failed player moves down one
    phase, but never below phase 1."""
    state = anti_hand(variants.resolve("anti-phase"))
    assert [p.completed for p in state.players] == [(), (1,), (1,)]
    state = apply(state, NextHand())
    assert [state.target_phase(s).number for s in range(3)] == [1, 2, 2]  # type: ignore[union-attr]
    plain = anti_hand(Rules())
    assert [p.completed for p in plain.players] == [(), (1,), (1, 2)]


def test_a25_anti_phase_on_success_stay() -> None:
    """A-25 anti.on_success='stay': completing one's phase keeps the player where they are."""
    rules = variants.resolve("anti-phase").with_options(anti_on_success="stay")
    state = anti_hand(rules)
    assert [p.completed for p in state.players] == [(), (), (1,)]
    assert state.results[-1].completed == (None, 1, None)


# ---------------------------------------------------------------------------
# V-6 even / odd phases, V-7 play to phase N, V-8 ten hands
# ---------------------------------------------------------------------------


def test_v6_even_phases_sequence_and_game_end() -> None:
    """V-6: phases 2, 4, 6, 8, 10; everyone starts on phase 2; completing phase 8 does
    not end the game, completing phase 10 (the final phase) does."""
    rules = variants.resolve("even-phases")
    assert [p.number for p in rules.phases] == [2, 4, 6, 8, 10]
    assert rules.phases == EVEN_PHASES
    assert new_game(3, rules, seed=1).target_phase(0) == STANDARD_PHASES[1]
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R12", rules)
    state = with_players(state, seat1={"completed": (2, 4, 6, 8)}, seat2={"completed": (2, 4)})
    assert state.target_phase(1) == STANDARD_PHASES[9]
    assert state.target_phase(2) == STANDARD_PHASES[5]
    state = go_out(state, two_sets(10), "R12")
    assert state.is_over
    assert state.winners == (1,)


def test_v6_odd_phases_final_phase_is_9() -> None:
    """V-6: phases 1, 3, 5, 7, 9; completing phase 9 ends the game; a tie replays phase 9
    (R-15.4 with the final phase of the sequence)."""
    rules = variants.resolve("odd-phases")
    assert rules.phases == ODD_PHASES
    assert rules.final_phase.number == 9
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R12", rules)
    state = with_players(state, seat1={"completed": (1, 3, 5, 7)})
    state = go_out(state, two_sets(9), "R12")
    assert state.is_over
    assert state.winners == (1,)
    # seat 1 and seat 2 tie on phase 9
    hands = {0: "", 1: SEVENS_NINES, 2: "R3 B3 G3 Y3 B3 R5 B5 R1 B1 G1"}
    state = stacked_game(hands, "Y12", "R12 G12 B12 Y12", rules)
    state = with_players(
        state,
        seat1={"completed": (1, 3, 5, 7), "score": 25},
        seat2={"completed": (1, 3, 5, 7), "score": 10},
    )
    state = draw_discard(state, "R12")
    lay = LayDown((SetOf(5).make("R3 B3 G3 Y3 B3"), SetOf(2).make("R5 B5")))
    state = play(state, DrawStock(), lay, Discard(card("G12")))
    state = go_out(pass_turn(state), two_sets(9), "Y12")
    assert state.results[-1].points[2] == 15
    assert state.tiebreak_seats == (1, 2)
    state = apply(state, NextHand())
    assert state.tiebreak
    assert state.target_phase(1) == state.target_phase(2) == STANDARD_PHASES[8]


def test_v7_play_to_phase_n() -> None:
    """V-7: to-phase-N keeps the first N phases of the sequence; the game ends with the
    hand in which someone completes phase N."""
    rules = variants.resolve("to-phase-3")
    assert [p.number for p in rules.phases] == [1, 2, 3]
    assert [p.number for p in variants.resolve("odd-phases+to-phase-2").phases] == [1, 3]
    assert [p.number for p in variants.resolve("even-phases+to-phase-3").phases] == [2, 4, 6]
    state = stacked_game({0: "", 1: PHASE3_TEN, 2: ""}, "Y12", "R12", rules)
    state = with_players(state, seat1={"completed": (1, 2)})
    state = go_out(state, phase3_ten(), "R12")
    assert state.is_over
    assert state.winners == (1,)
    # the same hand in the full game only moves seat 1 on to phase 4
    state = stacked_game({0: "", 1: PHASE3_TEN, 2: ""}, "Y12", "R12")
    state = with_players(state, seat1={"completed": (1, 2)})
    state = go_out(state, phase3_ten(), "R12")
    assert state.stage is Stage.HAND_OVER


@pytest.mark.parametrize("spec", ["to-phase-0", "to-phase-11", "even-phases+to-phase-6"])
def test_v7_phase_n_must_exist(spec: str) -> None:
    """V-7: N must be a position in the phase list."""
    with pytest.raises(InvalidRulesError, match="phase"):
        variants.resolve(spec)


def test_v8_ten_hands_everyone_attempts_phase_k_in_hand_k() -> None:
    """V-8: in hand k every player attempts phase k whether or not they made phase k-1."""
    rules = variants.resolve("ten-hands")
    assert rules.fixed_hands == 10
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R12", rules)
    assert {state.target_phase(s) for s in range(3)} == {STANDARD_PHASES[0]}
    state = go_out(state, two_sets(1), "R12")
    assert [p.completed for p in state.players] == [(), (1,), ()]
    state = apply(state, NextHand())
    assert state.hand_number == 2
    assert {state.target_phase(s) for s in range(3)} == {STANDARD_PHASES[1]}


def ten_hands_last(rules: Rules, scores: tuple[int, int, int]) -> GameState:
    """The tenth hand of a ten-hands game: seat 1 makes phase 10 and goes out."""
    state = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R12", rules)
    state = attrs.evolve(state, hand_number=10)
    state = with_players(
        state,
        **{f"seat{s}": {"score": score} for s, score in enumerate(scores)},
    )
    assert state.target_phase(0) == STANDARD_PHASES[9]
    return go_out(state, two_sets(10), "R12")


def test_v8_ten_hands_ends_after_hand_ten_lowest_total_wins() -> None:
    """V-8: after hand 10 the lowest total wins, whoever completed what."""
    state = ten_hands_last(variants.resolve("ten-hands"), (10, 500, 400))
    assert state.is_over
    assert state.winners == (0,)  # seat 0 never made phase 10 but has the lowest total


def test_a28_ten_hands_tie_is_shared() -> None:
    """A-28 fixed_hands.tie='shared' (default): tied lowest totals share the win;
    'lowest_then_replay' sends them to a replay of hand 10."""
    points = hand_points  # seat 0's hand points are what the stacked deck dealt it
    rules = variants.resolve("ten-hands")
    probe = stacked_game({0: "", 1: SEVENS_NINES, 2: ""}, "Y12", "R12", rules)
    seat0 = points(probe, 0)
    state = ten_hands_last(rules, (100, 100 + seat0, 900))
    assert state.is_over
    assert state.winners == (0, 1)
    assert state.winner is None
    replay = ten_hands_last(
        rules.with_options(fixed_hands_tie="lowest_then_replay"), (100, 100 + seat0, 900)
    )
    assert replay.stage is Stage.HAND_OVER
    assert replay.tiebreak_seats == (0, 1)
    replay = apply(replay, NextHand())
    assert replay.tiebreak
    assert replay.target_phase(0) == STANDARD_PHASES[9]


def test_v8_ten_hands_bot_game_lasts_exactly_ten_hands() -> None:
    """V-8: exactly ten hands are played; in hand k only phase k is ever completed."""
    state = play_game(new_game(3, "ten-hands", seed=12), [GreedyBot(), GreedyBot(), RandomBot(3)])
    assert state.is_over
    assert [r.hand_number for r in state.results] == list(range(1, 11))
    for result in state.results:
        assert set(result.completed) <= {None, result.hand_number}
    best = min(p.score for p in state.players)
    assert state.winners == tuple(s for s, p in enumerate(state.players) if p.score == best)


# ---------------------------------------------------------------------------
# V-9 Floating
# ---------------------------------------------------------------------------

FLOAT_HANDS = {0: "R7", 1: SEVENS_NINES, 2: TWOS_THREES}
FLOAT_STOCK = "G7 R1 R11 Y1 B11 G1"


def floated(rules: Rules | None = None) -> GameState:
    """Seat 1 draws G7, lays phase 1 at minimum size and hits every other card: floating."""
    rules = rules if rules is not None else variants.resolve("floating")
    state = stacked_game(FLOAT_HANDS, "Y12", FLOAT_STOCK, rules)
    state = play(state, DrawStock(), phase1_min())
    for text in ("G7", "Y7", "B7"):
        state = apply(state, Hit(card(text), 1, 0))
    return apply(state, Hit(card("Y9"), 1, 1))


def test_v9_1_floater_empties_hand_by_hits_without_discarding() -> None:
    """V-9.1: with the phase down a player may play every card and end the turn with none
    and no discard: they float, and the hand goes on."""
    state = floated()
    assert state.players[1].hand == cards("G9")
    last = Hit(card("G9"), 1, 1)
    assert last in legal_actions(state)
    after = apply(state, last)
    assert after.players[1].hand == ()
    assert after.players[1].floating
    assert after.stage is Stage.DRAW
    assert after.current_player == 2
    assert after.discard_pile == state.discard_pile
    assert after.results == ()
    assert player_view(after, 2).players[1].floating
    # the base rule keeps a card for the discard
    base = floated(Rules())
    assert last not in legal_actions(base)
    assert_illegal(base, last, IllegalReason.MUST_KEEP_A_CARD)


def test_v9_2_a27_floater_must_take_a_playable_discard_and_play_it() -> None:
    """V-9.2 / A-27: a floater must take a top discard that can be hit somewhere, and must
    play a card that can be played."""
    state = apply(floated(), Hit(card("G9"), 1, 1))
    state = draw_discard(state, "R1")  # seat 2
    state = draw_discard(state, "R7")  # seat 0 discards a 7: it fits seat 1's set of 7s
    assert state.current_player == 1
    assert legal_actions(state) == (TakeDiscard(),)
    assert_illegal(state, DrawStock(), IllegalReason.MUST_PLAY)
    state = apply(state, TakeDiscard())
    assert legal_actions(state) == (Hit(card("R7"), 1, 0),)
    assert_illegal(state, Discard(card("R7")), IllegalReason.MUST_PLAY)
    state = apply(state, Hit(card("R7"), 1, 0))
    assert state.players[1].floating
    assert state.players[1].hand == ()
    assert state.current_player == 2


def test_a27_false_floater_may_draw_instead() -> None:
    """A-27 floating.must_take_playable_discard=False: the floater may draw from the stock."""
    rules = variants.resolve("floating").with_options(floating_must_take_playable_discard=False)
    state = apply(floated(rules), Hit(card("G9"), 1, 1))
    state = draw_discard(draw_discard(state, "R1"), "R7")
    assert set(legal_actions(state)) == {DrawStock(), TakeDiscard()}
    assert check(state, DrawStock()) is None


def test_v9_2_floater_goes_out_by_discarding_an_unplayable_card() -> None:
    """V-9.2: a floater whose card cannot be played discards it and so goes out."""
    state = apply(floated(), Hit(card("G9"), 1, 1))
    state = draw_discard(draw_discard(state, "R1"), "R7")
    state = play(state, TakeDiscard(), Hit(card("R7"), 1, 0))
    state = draw_discard(state, "Y1")  # seat 2
    state = draw_discard(state, "B11")  # seat 0: B11 fits no group
    assert set(legal_actions(state)) == {DrawStock(), TakeDiscard()}
    state = apply(state, DrawStock())  # G1 fits nothing either
    assert state.players[1].hand == cards("G1")
    assert legal_actions(state) == (Discard(card("G1")),)
    state = apply(state, Discard(card("G1")))
    assert state.stage is Stage.HAND_OVER
    assert state.results[-1].went_out == 1
    assert not state.players[1].floating


def test_v9_3_floater_can_be_skipped() -> None:
    """V-9.3: a floater can be skipped like anyone else."""
    hands = {0: "R7", 1: SEVENS_NINES, 2: "S R2 R3"}
    state = stacked_game(hands, "Y12", FLOAT_STOCK, variants.resolve("floating"))
    state = play(state, DrawStock(), phase1_min())
    for text, meld in (("G7", 0), ("Y7", 0), ("B7", 0), ("Y9", 1), ("G9", 1)):
        state = apply(state, Hit(card(text), 1, meld))
    assert state.players[1].floating
    state = play(state, DrawStock(), Discard(card("S"), 1))
    state = pass_turn(state)  # seat 0
    assert state.lost_turns == (1,)
    assert state.current_player == 2


def test_v9_4_floater_scores_zero_when_someone_else_goes_out() -> None:
    """V-9.4: if another player goes out, the floater scores 0 but did not win the hand."""
    state = apply(floated(), Hit(card("G9"), 1, 1))
    state = go_out(state, two_sets(1, TWOS_THREES), "R1")  # seat 2
    result = state.results[-1]
    assert result.went_out == 2
    assert result.points[1] == 0
    assert result.points[2] == 0
    assert result.points[0] > 0
    assert result.completed == (None, 1, 1)


# ---------------------------------------------------------------------------
# V-10 Postal
# ---------------------------------------------------------------------------

POSTAL = variants.resolve("postal")
ONES_WILD = MeldRules(wild_numbers=frozenset({1}))
TWOS_WILD = MeldRules(wild_numbers=frozenset({2}))


def test_v10_1_no_going_out_before_play_reaches_the_dealer() -> None:
    """V-10.1: in the first circuit a play that would leave a non-dealer unable to keep a
    card after the discard is refused; the dealer is the first who may go out."""
    hands = {0: THREES_FIVES, 1: SEVENS_NINES, 2: ""}
    state = stacked_game(hands, "Y12", "R12 R1 G12", POSTAL)
    state = apply(state, DrawStock())
    assert_illegal(state, two_sets(1), IllegalReason.MUST_KEEP_A_CARD)
    state = apply(state, phase1_min())
    for text, meld in (("Y7", 0), ("B7", 0), ("Y9", 1)):
        state = apply(state, Hit(card(text), 1, meld))
    assert state.players[1].hand == cards("G9 R12")
    assert not any(isinstance(a, Hit) for a in legal_actions(state))
    error = check(state, Hit(card("G9"), 1, 1))
    assert error is not None
    assert error.reason is IllegalReason.MUST_KEEP_A_CARD
    assert "Postal" in error.message
    state = apply(state, Discard(card("R12")))
    state = draw_discard(state, "R1")  # seat 2
    assert state.current_player == 0  # the dealer
    state = go_out(state, two_sets(1, THREES_FIVES), "G12")
    assert state.results[-1].went_out == 0
    # without Postal seat 1 may go out at once
    plain = stacked_game(hands, "Y12", "R12 R1 G12")
    assert go_out(plain, two_sets(1), "R12").results[-1].went_out == 1


def test_v10_1_skipped_turns_count_toward_the_circuit() -> None:
    """V-10.1: a skipped turn counts as taken: with the first player skipped by the upturned
    Skip, the dealer still may go out on their first turn, the player before them may not."""
    hands = {0: THREES_FIVES, 1: "", 2: SEVENS_NINES}
    state = stacked_game(hands, "S", "R12 G12", POSTAL)
    assert state.current_player == 2
    assert state.lost_turns == (1,)
    assert state.turn == 1
    state = apply(state, DrawStock())
    assert_illegal(state, two_sets(1), IllegalReason.MUST_KEEP_A_CARD)
    state = apply(state, Discard(card("R12")))
    assert state.current_player == 0
    state = go_out(state, two_sets(1, THREES_FIVES), "G12")
    assert state.results[-1].went_out == 0


def test_v10_1_two_players() -> None:
    """V-10.1 with two players: the non-dealer cannot go out on the first turn."""
    state = stacked_game({0: THREES_FIVES, 1: SEVENS_NINES}, "Y12", "R12 G12", POSTAL)
    state = apply(state, DrawStock())
    assert_illegal(state, two_sets(1), IllegalReason.MUST_KEEP_A_CARD)
    state = play(state, Discard(card("R12")))
    assert go_out(state, two_sets(1, THREES_FIVES), "G12").results[-1].went_out == 0


def postal_hand_one(rules: Rules = POSTAL) -> GameState:
    """Hand one: 1s are wild for everyone. Seat 1 lays phase 1 with two 1s as Wilds, seat 2
    passes, the dealer (seat 0) lays phase 1 and goes out."""
    hands = {
        0: THREES_FIVES,
        1: "R7 B7 R1 R9 B9 G1 R4 B5 G6 Y11",
        2: "R1 B1 R2 B4 G4 Y6 R6 B8 G10 Y11",
    }
    state = stacked_game(hands, "Y12", "R12 G12 B12", rules)
    state = apply(state, DrawStock())
    lay = phase1_min("R7 B7 R1", "R9 B9 G1", rules=ONES_WILD)
    assert lay_down_listed(state, lay)
    base = stacked_game(hands, "Y12", "R12 G12 B12")
    assert_illegal(apply(base, DrawStock()), lay, IllegalReason.INVALID_MELD)
    state = play(state, lay, Discard(card("Y11")))
    state = draw_discard(state, "G12")  # seat 2 keeps its hand
    return go_out(state, two_sets(1, THREES_FIVES), "B12")


def test_v10_2_ones_are_wild_for_everyone_in_hand_one() -> None:
    """V-10.2: in hand one everyone is on phase 1, so 1s are Wilds for every player."""
    state = postal_hand_one()
    seat1 = state.players[1]
    assert seat1.completed == (1,)
    sets = seat1.melds
    assert [m.stands_for() for m in sets] == [(7, 7, 7), (9, 9, 9)]
    assert state.results[-1].went_out == 0


def test_v10_2_hand_two_personal_wilds_follow_each_players_phase() -> None:
    """V-10.2: in hand two 2s are wild for a player on phase 2 and 1s stay wild for a player
    still on phase 1; each player's extra Wilds are plain cards for the others."""
    state = postal_hand_one()
    assert [p.completed for p in state.players] == [(1,), (1,), ()]
    hands = {2: "R8 B8 Y1 R10 B10 G1 R2 B5 G6 Y11", 0: "R4 B4 Y2 R5 B6 G7 Y8 B1 G11 Y11"}
    deck = stacked_deck(hands, "Y12", "Y12 G12", POSTAL, dealer=1, players=3)
    state = apply(state, NextHand(deck))
    assert state.current_player == 2
    state = apply(state, DrawStock())
    twos = LayDown(
        (SetOf(3).make("R8 B8 R2", rules=TWOS_WILD), SetOf(3).make("R10 B10 G1", rules=ONES_WILD))
    )
    assert_illegal(state, twos, IllegalReason.INVALID_MELD)  # 2s are not wild on phase 1
    ones = phase1_min("R8 B8 Y1", "R10 B10 G1", rules=ONES_WILD)
    assert lay_down_listed(state, ones)
    state = play(state, ones, Discard(card("Y12")))
    assert state.current_player == 0  # on phase 2: 2s are wild, 1s are not
    state = apply(state, DrawStock())
    run = RunOf(4).make("R5 B6 G7 Y8")
    with_one = LayDown((SetOf(3).make("R4 B4 B1", rules=ONES_WILD), run))
    assert_illegal(state, with_one, IllegalReason.INVALID_MELD)
    with_two = LayDown((SetOf(3).make("R4 B4 Y2", rules=TWOS_WILD), run))
    assert lay_down_listed(state, with_two)
    state = apply(state, with_two)
    assert state.players[0].melds[1].stands_for() == (4, 4, 4)


def test_v10_1_with_v12_dealer_still_first_who_may_go_out() -> None:
    """V-10.1 with V-12: when the player left of the dealer receives the upturned Wild, their
    forced discard counts as their turn, so the dealer is still the first who may go out."""
    rules = variants.resolve("postal+dealer-places-upturned")
    hands = {0: THREES_FIVES, 1: "R5", 2: SEVENS_NINES}
    state = stacked_game(hands, "W", "R12 G12", rules)
    state = play(state, GiveCard(1), Discard(card("R5")))
    assert state.current_player == 2
    state = apply(state, DrawStock())
    assert_illegal(state, two_sets(1), IllegalReason.MUST_KEEP_A_CARD)
    state = apply(state, Discard(card("R12")))
    assert state.current_player == 0
    assert state.turn == 2
    state = go_out(state, two_sets(1, THREES_FIVES), "G12")
    assert state.results[-1].went_out == 0


def test_v10_2_phase_named_at_laydown_gives_its_wilds() -> None:
    """V-10.2 with V-3 (pick-a-phase, phase named at lay-down): the phase being laid is the
    player's phase, so its number cards are Wilds for them (3s for phase 3)."""
    rules = variants.resolve("pick-a-phase+postal")
    hand = "R5 B5 G5 R3 R1 B2 G3 Y4 R11 B11"
    state = apply(stacked_game({0: "", 1: hand, 2: ""}, "Y12", "R12", rules), DrawStock())
    threes = MeldRules(wild_numbers=frozenset({3}))
    lay = LayDown((SetOf(4).make("R5 B5 G5 R3", rules=threes), RunOf(4).make("R1 B2 G3 Y4")), 3)
    assert lay_down_listed(state, lay)
    after = apply(state, lay)
    assert after.players[1].melds[1].stands_for() == (5, 5, 5, 5)
    plain = stacked_game({0: "", 1: hand, 2: ""}, "Y12", "R12", variants.resolve("pick-a-phase"))
    assert_illegal(apply(plain, DrawStock()), lay, IllegalReason.INVALID_MELD)


@pytest.mark.parametrize(
    ("done", "lay", "ok"),
    [
        (
            6,
            (
                SetOf(4).make("R10 B10 G10 R7", rules=MeldRules(wild_numbers=frozenset({7}))),
                SetOf(4).make("R11 B11 G11 Y11"),
            ),
            True,
        ),
        (
            7,
            (
                ColorOf(7).make(
                    "R1 R2 R3 R4 R5 R6 B8",
                    color=Color.RED,
                    rules=MeldRules(wild_numbers=frozenset({8})),
                ),
            ),
            False,
        ),
        (
            8,
            (
                SetOf(5).make("R10 B10 G10 Y10 R9", rules=MeldRules(wild_numbers=frozenset({9}))),
                SetOf(2).make("R11 B11"),
            ),
            False,
        ),
        (
            9,
            (
                SetOf(5).make("R11 B11 G11 Y11 R10", rules=MeldRules(wild_numbers=frozenset({10}))),
                SetOf(3).make("R12 B12 G12"),
            ),
            False,
        ),
    ],
)
def test_v10_2_no_phase_number_wilds_on_phases_8_to_10(
    done: int, lay: tuple[Meld, ...], ok: bool
) -> None:
    """V-10.2: the phase-number cards are wild on phases 1-7 only (7s on phase 7: yes;
    8s, 9s, 10s on phases 8-10: no)."""
    hand = " ".join(str(c) for m in lay for c in m.cards)
    state = stacked_game({0: "", 1: hand, 2: ""}, "Y12", "R12", POSTAL)
    state = with_players(state, seat1={"completed": tuple(range(1, done + 1))})
    state = apply(state, DrawStock())
    assert state.target_phase(1) == STANDARD_PHASES[done]
    error = check(state, LayDown(lay))
    if ok:
        assert error is None
    else:
        assert error is not None
        assert error.reason is IllegalReason.INVALID_MELD


def test_a26_postal_wilds_score_face_value_or_as_wilds() -> None:
    """A-26 postal.wild_scoring: a phase-number card left in hand scores its face value
    (default), or 25 with 'wild'."""
    state = postal_hand_one()
    assert state.results[-1].points[2] == 60  # R1 B1 R2 B4 G4 Y6 R6 B8 G10 Y11
    wild = postal_hand_one(POSTAL.with_options(postal_wild_scoring="wild"))
    assert wild.results[-1].points[2] == 60 + 2 * 20  # two 1s at 25 instead of 5
    assert wild.results[-1].points[1] == state.results[-1].points[1]


# ---------------------------------------------------------------------------
# V-11 Truly Wild, V-12 dealer places the upturned card, V-13 movable wilds
# ---------------------------------------------------------------------------


def test_v11_wild_discarded_as_a_skip() -> None:
    """V-11: a Wild may be discarded as a Skip naming a target (subject to the Skip limit);
    it may also be discarded plainly."""
    rules = variants.resolve("truly-wild")
    state = stacked_game({0: "", 1: "", 2: ""}, "Y12", "W W", rules)
    state = apply(state, DrawStock())
    wild = card("W")
    legal = legal_actions(state)
    assert {Discard(wild), Discard(wild, 0), Discard(wild, 2)} <= set(legal)
    assert_illegal(state, Discard(wild, 1), IllegalReason.BAD_SKIP_TARGET)
    state = apply(state, Discard(wild, 0))
    assert state.players[0].skips_pending == 1
    state = apply(state, DrawStock())  # seat 2 draws the other Wild
    assert_illegal(state, Discard(wild, 0), IllegalReason.BAD_SKIP_TARGET)  # no stacking
    state = apply(state, Discard(wild, 1))
    assert state.lost_turns == (0, 1)
    assert state.current_player == 2
    # base rules: a Wild is never a Skip
    base = apply(stacked_game({0: "", 1: "", 2: ""}, "Y12", "W"), DrawStock())
    assert_illegal(base, Discard(wild, 0), IllegalReason.TARGET_NOT_NEEDED)


def test_v11_wild_left_in_hand_still_scores_25() -> None:
    """V-11: a Wild left in hand scores 25."""
    rules = variants.resolve("truly-wild")
    hands = {0: "", 1: SEVENS_NINES, 2: "W R1 B1 G1 Y1 R2 B2 G2 Y2 R3"}
    state = go_out(stacked_game(hands, "Y12", "R12", rules), two_sets(1), "R12")
    assert state.results[-1].points[2] == 25 + 9 * 5


def deal_up_game(upturned: str, **hands: str) -> GameState:
    rules = variants.resolve("dealer-places-upturned")
    dealt = {0: hands.get("h0", ""), 1: hands.get("h1", ""), 2: hands.get("h2", "S R1 R2")}
    return stacked_game(dealt, upturned, "R12 G12 B12", rules)


def test_v12_dealer_gives_the_upturned_wild() -> None:
    """V-12: an upturned Wild: the dealer chooses who receives it; the recipient discards a
    card that is not a Skip; play starts left of the dealer."""
    state = deal_up_game("W")
    assert state.stage is Stage.DEAL_UP
    assert state.current_player == 0  # the dealer
    assert legal_actions(state) == (GiveCard(0), GiveCard(1), GiveCard(2))
    assert_illegal(state, DrawStock(), IllegalReason.WRONG_STAGE)
    assert_illegal(state, GiveCard(3), IllegalReason.BAD_SKIP_TARGET)
    state = apply(state, GiveCard(2))
    assert state.stage is Stage.PLAY
    assert state.current_player == 2
    assert state.forced_discard
    assert len(state.players[2].hand) == 11
    assert card("W") in state.players[2].hand
    assert state.discard_pile == ()
    legal = legal_actions(state)
    assert legal
    assert all(isinstance(a, Discard) and not a.card.is_skip and a.target is None for a in legal)
    assert_illegal(state, Discard(card("S"), 1), IllegalReason.NOT_ALLOWED_BY_RULES)
    assert_illegal(state, Discard(card("S")), IllegalReason.NOT_ALLOWED_BY_RULES)
    assert_illegal(state, DrawStock(), IllegalReason.WRONG_STAGE)
    assert_illegal(state, Hit(card("R1"), 0, 0), IllegalReason.WRONG_STAGE)
    state = apply(state, Discard(card("R1")))
    assert state.discard_pile == cards("R1")
    assert state.current_player == 1
    assert state.stage is Stage.DRAW
    assert state.turn == 0
    assert len(state.players[2].hand) == 10


def test_v12_recipient_left_of_dealer_passes_first_turn_on() -> None:
    """V-12: if the recipient is the player left of the dealer, play starts with the next."""
    state = play(deal_up_game("W", h1="R5"), GiveCard(1), Discard(card("R5")))
    assert state.current_player == 2
    assert state.turn == 1  # the receiver's turn counts as taken (V-10.1 circuits)
    state = play(deal_up_game("W", h1="R5"), GiveCard(0), Discard(card("W")))
    assert state.current_player == 1
    assert state.top_discard == card("W")


def test_v12_dealer_names_who_loses_a_turn_to_an_upturned_skip() -> None:
    """V-12 / A-12 'dealer_chooses_target': an upturned Skip makes the dealer name the
    player who loses their first turn."""
    state = deal_up_game("S")
    assert state.stage is Stage.DEAL_UP
    state = apply(state, GiveCard(2))
    assert state.current_player == 1
    assert state.players[2].skips_pending == 1
    state = pass_turn(state)
    assert state.current_player == 0
    assert state.lost_turns == (2,)
    first = apply(deal_up_game("S"), GiveCard(1))
    assert first.current_player == 2
    assert first.lost_turns == (1,)
    assert first.top_discard == card("S")


def test_v12_masters_chooses_phases_before_the_deal_up() -> None:
    """V-12 with Masters: the phase choices come first, then the dealer places the card."""
    rules = variants.resolve("masters+dealer-places-upturned")
    state = stacked_game({0: "", 1: "", 2: ""}, "W", "R12", rules)
    assert state.stage is Stage.CHOOSE_PHASE
    state = choose(state, 1, 2, 3)
    assert state.stage is Stage.DEAL_UP
    state = apply(state, GiveCard(1))
    assert_illegal(state, Save(state.players[1].hand[0]), IllegalReason.WRONG_STAGE)


PHASE2_MOVABLE = Rules(phases=STANDARD_PHASES[1:], movable_wilds=True)
"""Phase 2 first (a set of 3 and a run of 4), with movable Wilds (V-13)."""


def swap_game(
    rules: Rules = PHASE2_MOVABLE, run: str = "R3 W G5 Y6", extra: str = "B4"
) -> GameState:
    """Seat 1 has laid the set R8 B8 G8 and the run ``run``, and holds ``extra``."""
    hand = f"{run} R8 B8 G8 {extra} Y11 G12"
    state = stacked_game({0: "", 1: hand, 2: ""}, "Y12", "R12", rules)
    lay = LayDown((SetOf(3).make("R8 B8 G8"), RunOf(4).make(run)))
    return play(state, DrawStock(), lay)


def test_v13_swap_wild_moves_it_to_either_end() -> None:
    """V-13: the natural card a Wild stands for replaces it in the run and the Wild moves
    to either end."""
    state = swap_game()
    run = state.players[1].melds[0]
    assert run.stands_for() == (3, 4, 5, 6)
    high, low = SwapWild(card("B4"), 1, 0, End.HIGH), SwapWild(card("B4"), 1, 0, End.LOW)
    legal = legal_actions(state)
    assert high in legal
    assert low in legal
    up = apply(state, high).players[1].melds[0]
    assert up.cards == (card("R3"), card("B4"), card("G5"), card("Y6"), card("W"))
    assert up.stands_for() == (3, 4, 5, 6, 7)
    down = apply(state, low)
    meld = down.players[1].melds[0]
    assert meld.cards == (card("W"), card("R3"), card("B4"), card("G5"), card("Y6"))
    assert meld.stands_for() == (2, 3, 4, 5, 6)
    assert card("B4") not in down.players[1].hand
    assert down.stage is Stage.PLAY
    assert table_counter(down) == deck_counter(down.rules)


def test_v13_wild_must_stay_within_1_to_12() -> None:
    """V-13: the moved Wild must still stand for a number within 1..12."""
    state = swap_game(run="R9 W G11 Y12", extra="B10")
    assert_illegal(state, SwapWild(card("B10"), 1, 0, End.HIGH), IllegalReason.CARD_DOES_NOT_FIT)
    after = apply(state, SwapWild(card("B10"), 1, 0, End.LOW))
    assert after.players[1].melds[0].stands_for() == (8, 9, 10, 11, 12)


def test_v13_swap_needs_the_card_the_wild_stands_for() -> None:
    """V-13: only the natural the Wild stands for may replace it, from the player's hand."""
    state = swap_game(extra="B7")
    assert_illegal(state, SwapWild(card("B7"), 1, 0, End.LOW), IllegalReason.CARD_DOES_NOT_FIT)
    assert_illegal(state, SwapWild(card("B4"), 1, 0, End.LOW), IllegalReason.CARD_NOT_IN_HAND)
    assert_illegal(state, SwapWild(card("B7"), 1, 1, End.LOW), IllegalReason.CARD_DOES_NOT_FIT)


def test_v13_swap_needs_own_phase_down() -> None:
    """V-13: only a player whose own phase is down may move a Wild."""
    state = apply(swap_game(), Discard(card("Y11")))
    state = apply(state, DrawStock())
    hand = state.players[2].hand
    assert_illegal(state, SwapWild(hand[0], 1, 0, End.LOW), IllegalReason.PHASE_NOT_LAID_DOWN)


def test_v13_swap_illegal_without_the_variant() -> None:
    """R-5.9 / R-7.3: without movable wilds a Wild on the table never moves."""
    state = swap_game(Rules(phases=STANDARD_PHASES[1:]))
    assert not any(isinstance(a, SwapWild) for a in legal_actions(state))
    assert_illegal(state, SwapWild(card("B4"), 1, 0, End.HIGH), IllegalReason.NOT_ALLOWED_BY_RULES)


# ---------------------------------------------------------------------------
# Compositions: actions of one variant while another one is in force
# ---------------------------------------------------------------------------


def test_v9_floater_cannot_take_a_saved_card_instead_of_a_playable_discard() -> None:
    """V-9.2 / A-27 with Masters (V-1.7): a floater who must take the playable discard may
    not take a saved card instead; apply agrees with legal_actions."""
    rules = variants.resolve("masters+floating").with_options(masters_save_usable_same_hand=True)
    state = stacked_game({0: "R7", 1: SEVENS_NINES, 2: "R2"}, "R1", "R3 G7 R4 R5 Y9 R8", rules)
    state = choose(state, 1, 1, 1)
    state = play(state, DrawStock(), Save(card("R3")))
    state = draw_discard(state, "R2")
    state = draw_discard(state, "R7")
    lay = LayDown((SetOf(3).make("R7 B7 G7 Y7 B7 R7"), SetOf(3).make("R9 B9 G9 Y9 G9")))
    state = play(state, TakeDiscard(), lay)
    assert state.players[1].floating
    state = draw_discard(draw_discard(state, "G7"), "Y9")
    assert state.current_player == 1
    assert legal_actions(state) == (TakeDiscard(),)
    assert_illegal(state, TakeSaved(card("R3")), IllegalReason.MUST_PLAY)
    assert_illegal(state, DrawStock(), IllegalReason.MUST_PLAY)


def test_v9_floater_hits_or_discards_with_movable_wilds() -> None:
    """V-9.2 with V-13: a floater's card that fits no group only by a swap is discarded (the
    floater goes out); apply agrees with legal_actions about SwapWild."""
    rules = Rules(phases=STANDARD_PHASES[1:], movable_wilds=True, going_out="floating")
    hand = "R3 W G5 Y6 R8 B8 G8 Y8 B8 G8"
    state = stacked_game({0: "", 1: hand, 2: ""}, "Y12", "R8 R1 B12 B4", rules)
    lay = LayDown((SetOf(3).make("R8 B8 G8"), RunOf(4).make("R3 W G5 Y6")))
    state = play(state, DrawStock(), lay)
    for text in ("B8", "G8", "R8", "Y8"):
        state = apply(state, Hit(card(text), 1, 1))
    assert state.players[1].floating
    state = draw_discard(draw_discard(state, "R1"), "B12")
    state = apply(state, DrawStock())  # B4: no hit, but the run's Wild stands for 4
    assert state.players[1].hand == cards("B4")
    legal = legal_actions(state)
    assert legal == (Discard(card("B4")),)
    for end in (End.LOW, End.HIGH):
        assert_illegal(state, SwapWild(card("B4"), 1, 0, end), IllegalReason.MUST_PLAY)
    assert apply(state, Discard(card("B4"))).results[-1].went_out == 1


# ---------------------------------------------------------------------------
# The registry
# ---------------------------------------------------------------------------


@pytest.fixture
def registry() -> Iterator[None]:
    """Restore the registry, its aliases, its entry-point flag and sys.path afterwards."""
    saved_path = list(sys.path)
    saved_modules = set(sys.modules)
    try:
        with registry_restored():
            yield
    finally:
        sys.path[:] = saved_path
        for name in set(sys.modules) - saved_modules:
            if name.startswith("p10_test_"):
                del sys.modules[name]
        importlib.invalidate_caches()


PAIRS = (Phase(1, (SetOf(2), SetOf(2))), Phase(2, (SetOf(3),)))


def pairs_variant(name: str = "test-pairs", **extra: object) -> variants.Variant:
    """A short custom variant: two easy phases and the next-player Skip rule."""

    def transform(rules: Rules) -> Rules:
        return rules.with_options(phases=PAIRS, skip_target="next_player")

    return variants.Variant(name, "Test: two pairs, then a set of 3 (custom).", transform, **extra)  # type: ignore[arg-type]


def test_builtin_variants_are_registered_and_cite_sources() -> None:
    """Issue 4: every built-in variant is registered and states its source (R/V/§L ids)."""
    builtin = {
        "standard",
        "masters",
        "masters-declared",
        "pick-a-phase",
        "arkansas",
        "anti-phase",
        "anti-phase-others",
        "even-phases",
        "odd-phases",
        "ten-hands",
        "floating",
        "postal",
        "truly-wild",
        "dealer-places-upturned",
        "movable-wilds",
        "phase-20",
    }
    assert builtin <= set(variants.names())
    assert list(variants.names()) == sorted(variants.names())
    for name in builtin:
        variant = variants.get(name)
        assert variant.name == name
        assert any(tag in variant.description for tag in ("R-", "V-", "§L")), name
        assert isinstance(variant.apply(Rules()), Rules)
    assert variants.get("to-phase-5").name == "to-phase-5"


def test_register_refuses_a_duplicate_name_unless_replace(registry: None) -> None:
    """register() refuses a taken name (or alias) unless replace=True."""
    first = variants.register(pairs_variant())
    assert variants.get("test-pairs") is first
    with pytest.raises(InvalidRulesError, match="taken"):
        variants.register(pairs_variant())
    with pytest.raises(InvalidRulesError, match="even-phases"):
        variants.register(pairs_variant("test-other", aliases=("even",)))
    with pytest.raises(InvalidRulesError, match="taken"):
        variants.register(pairs_variant("standard"))
    second = variants.register(pairs_variant(), replace=True)
    assert second is not first
    assert variants.get("test-pairs") is second
    with pytest.raises(InvalidRulesError):
        variants.register("test-pairs")  # type: ignore[arg-type]
    variants.unregister("test-pairs")


def test_unregister_and_aliases(registry: None) -> None:
    """Aliases resolve to the canonical variant (case and spaces ignored); unregister
    removes the variant and its aliases."""
    assert variants.get("even") is variants.get("even-phases")
    assert variants.get(" Official ") is variants.get("standard")
    assert variants.get("masters-edition") is variants.get("masters")
    variants.register(pairs_variant(aliases=("tp", "two-pairs")))
    assert variants.get("TP") is variants.get("test-pairs")
    assert variants.resolve("tp").spec == "test-pairs"
    variants.unregister("test-pairs")
    for name in ("test-pairs", "tp", "two-pairs"):
        with pytest.raises(InvalidRulesError, match="no variant named"):
            variants.get(name)
    assert "test-pairs" not in variants.names()
    with pytest.raises(InvalidRulesError, match="no variant named"):
        variants.unregister("test-pairs")


@pytest.mark.parametrize(
    ("spec", "names"),
    [
        ("even-phases+odd-phases", ("odd-phases", "even-phases")),
        ("odd-phases+even-phases", ("even-phases", "odd-phases")),
        ("masters+masters-declared", ("masters-declared", "masters")),
        ("masters-declared+masters", ("masters", "masters-declared")),
        ("phase-20+even-phases", ("even-phases", "phase-20")),
        ("even+odd", ("odd-phases", "even-phases")),
    ],
)
def test_resolve_names_both_conflicting_parts(spec: str, names: tuple[str, str]) -> None:
    """Two parts that set the same option differently conflict, in either order, and the
    error names both."""
    with pytest.raises(InvalidRulesError) as info:
        variants.resolve(spec)
    assert "conflicts with" in str(info.value)
    for name in names:
        assert name in str(info.value)


@pytest.mark.parametrize(
    "spec", ["ten-hands+pick-a-phase", "ten-hands+anti-phase", "ten-hands+masters"]
)
def test_resolve_refuses_impossible_combinations(spec: str) -> None:
    """Rules that contradict each other are refused (fixed hands vs free or falling phases)."""
    with pytest.raises(InvalidRulesError):
        variants.resolve(spec)


@pytest.mark.parametrize("spec", ["", "  ", "masters+", "+floating", "no-such-variant"])
def test_resolve_refuses_bad_specs(spec: str) -> None:
    """An empty spec, an empty part or an unknown name raise InvalidRulesError."""
    with pytest.raises(InvalidRulesError):
        variants.resolve(spec)


@pytest.mark.parametrize(
    ("spec", "canonical"),
    [
        ("standard", "standard"),
        ("Masters-Edition + floating", "masters+floating"),
        ("even+to-phase-3", "even-phases+to-phase-3"),
        ("pick-a-phase+floating+truly-wild", "pick-a-phase+floating+truly-wild"),
        ("official+postal", "standard+postal"),
    ],
)
def test_resolved_rules_record_the_canonical_spec(spec: str, canonical: str) -> None:
    """A resolved Rules records the spec it came from, with canonical names (issue 4), and a
    game started from a spec keeps it."""
    rules = variants.resolve(spec)
    assert rules.spec == canonical
    assert variants.resolve(canonical) == rules
    assert new_game(3, spec, seed=1).rules.spec == canonical


def test_composition_applies_every_part() -> None:
    """Composed specs apply each part in order."""
    rules = variants.resolve("masters+floating+postal+truly-wild")
    assert rules.masters_saving
    assert rules.going_out.value == "floating"
    assert rules.postal
    assert rules.wild_as_skip
    assert rules.max_players == 4


def test_custom_variant_plays_to_the_end(registry: None) -> None:
    """A variant registered in a test (a custom phase list and an option) resolves, composes,
    and a bot game with it plays to a winner."""
    variants.register(pairs_variant())
    rules = variants.resolve("test-pairs")
    assert rules.phases == PAIRS
    assert rules.skip_target.value == "next_player"
    assert rules.spec == "test-pairs"
    for seed in range(3):
        state = new_game(3, "test-pairs", seed=seed)
        final = play_game(state, [GreedyBot(), RandomBot(seed), GreedyBot()])
        assert final.is_over
        assert final.winner is not None
        assert {1, 2} <= set(final.players[final.winner].completed)
    composed = variants.resolve("test-pairs+floating")
    final = play_game(new_game(2, composed, seed=5), [GreedyBot(), GreedyBot()])
    assert final.is_over
    variants.unregister("test-pairs")


def write_distribution(root: Path, package: str, entry_points: str, body: str) -> None:
    """A minimal installed distribution in ``root``: a module and its dist-info."""
    (root / package).mkdir()
    (root / package / "__init__.py").write_text(textwrap.dedent(body), encoding="utf-8")
    info = root / f"{package}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {package.replace('_', '-')}\nVersion: 0.1\n",
        encoding="utf-8",
    )
    (info / "entry_points.txt").write_text(
        f"[{variants.ENTRY_POINT_GROUP}]\n{entry_points}", encoding="utf-8"
    )


ENTRY_POINT_MODULE = """
    from phase10 import Phase, SetOf, variants

    PHASES = (Phase(1, (SetOf(2), SetOf(2))), Phase(2, (SetOf(3),)))


    def _pairs(rules):
        return rules.with_options(phases=PHASES, hit_others_same_turn=False)


    def _fast(rules):
        return rules.with_options(skip_target="next_player")


    VARIANT = variants.Variant("ep-pairs", "Entry-point test variant (custom).", _pairs)


    def several():
        return [
            variants.Variant("ep-fast", "Entry-point test variant (custom).", _fast),
            variants.Variant("ep-other", "Entry-point test variant (custom).", _fast),
        ]
"""


def test_entry_point_variant_is_discovered_and_plays(registry: None, tmp_path: Path) -> None:
    """Third-party variants come from the entry-point group phase10.variants: a Variant
    object, or a callable returning several; they resolve and play to the end."""
    write_distribution(
        tmp_path,
        "p10_test_ep",
        "pairs = p10_test_ep:VARIANT\nmore = p10_test_ep:several\n",
        ENTRY_POINT_MODULE,
    )
    sys.path.insert(0, str(tmp_path))
    importlib.invalidate_caches()
    variants._LOADED_ENTRY_POINTS[0] = False
    variant = variants.get("ep-pairs")
    assert variant.name == "ep-pairs"
    assert {"ep-pairs", "ep-fast", "ep-other"} <= set(variants.names())
    rules = variants.resolve("ep-pairs+ep-fast")
    assert [p.number for p in rules.phases] == [1, 2]
    assert not rules.hit_others_same_turn
    assert rules.skip_target.value == "next_player"
    assert rules.spec == "ep-pairs+ep-fast"
    final = play_game(new_game(3, "ep-pairs", seed=2), [GreedyBot(), GreedyBot(), RandomBot(1)])
    assert final.is_over
    assert final.winner is not None
    for name in ("ep-pairs", "ep-fast", "ep-other"):
        variants.unregister(name)


def test_entry_point_never_replaces_a_builtin(registry: None, tmp_path: Path) -> None:
    """An entry-point variant whose name is taken is skipped with a warning; the built-in
    stays."""
    body = """
        from phase10 import variants

        VARIANT = variants.Variant("masters", "Impostor (custom).", lambda rules: rules)
    """
    write_distribution(tmp_path, "p10_test_clash", "masters = p10_test_clash:VARIANT\n", body)
    sys.path.insert(0, str(tmp_path))
    importlib.invalidate_caches()
    variants._LOADED_ENTRY_POINTS[0] = False
    with pytest.warns(variants.PluginWarning, match="'masters' is taken"):
        assert variants.get("masters").description.startswith("Masters Edition")


def test_registry_fixture_left_no_trace() -> None:
    """The registry tests above leave the registry as they found it."""
    for name in ("test-pairs", "ep-pairs", "ep-fast", "ep-other"):
        assert name not in variants.names()
    assert variants.get("masters").description.startswith("Masters Edition")


def test_a9_forbidden_lone_skip_floater_still_has_a_move() -> None:
    """A-9 'forbidden' with V-9: a floater left with only a Skip plays it (naming a
    target) and floats on, instead of being stuck with no legal action."""
    from phase10 import SKIP, Discard, DrawStock, Rules, Stage, apply, legal_actions, new_game

    rules = Rules(going_out="floating", skip_as_last_card="forbidden")
    state = apply(new_game(3, rules, seed=4), DrawStock())
    seat = state.current_player
    assert seat is not None
    floater = attrs.evolve(state.players[seat], hand=(SKIP,), floating=True, laid_down=True)
    players = (*state.players[:seat], floater, *state.players[seat + 1 :])
    state = attrs.evolve(state, players=players)
    legal = legal_actions(state)
    assert legal
    assert all(isinstance(a, Discard) and a.card == SKIP and a.target is not None for a in legal)
    after = apply(state, legal[0])
    assert after.stage is Stage.DRAW
    assert after.players[seat].floating
    assert after.players[seat].hand == ()


def test_register_replace_keeps_the_old_variant_when_the_new_one_is_refused() -> None:
    """register(replace=True) checks the new aliases before it removes the old variant."""
    from phase10.variants import Variant, get, register, unregister

    first = Variant("replace-probe", "A probe.", lambda rules: rules)
    register(first)
    try:
        clash = Variant("replace-probe", "Clashes.", lambda rules: rules, aliases=("masters",))
        with pytest.raises(InvalidRulesError):
            register(clash, replace=True)
        assert get("replace-probe") is first
        second = Variant("replace-probe", "Replaced.", lambda rules: rules)
        register(second, replace=True)
        assert get("replace-probe") is second
    finally:
        unregister("replace-probe")
