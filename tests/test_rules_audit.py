"""An audit of the rules' edges against RULES.md: option combinations and uncited clauses.

Each test is named by the rule id it checks. States are dealt from stacked decks
(:func:`helpers.stacked_game`) and, where a clause needs a table a deal cannot give
quickly, adjusted with :func:`helpers.with_players`. With two players and
``dealer=0`` seat 1 plays first; with four, seats 1, 2, 3, 0.
"""

from __future__ import annotations

import attrs
import pytest

from helpers import cards, play, stacked_game, with_players
from phase10 import (
    ChoosePhase,
    Discard,
    DrawStock,
    GameState,
    Hit,
    InvalidRulesError,
    LayDown,
    Rules,
    RunOf,
    SetOf,
    Stage,
    TakeDiscard,
    apply,
    check,
    legal_actions,
    new_game,
    variants,
)

PHASE1 = LayDown((SetOf(3).make("R7 B7 G7"), SetOf(3).make("R9 B9 G9")))
"""Phase 1 laid as a set of 7s and a set of 9s."""

PHASE10 = LayDown((SetOf(5).make("R9 B9 G9 Y9 R9"), SetOf(3).make("R7 B7 G7")), phase=10)
"""Phase 10 laid as five 9s and three 7s (named, for rules where phases are chosen)."""


# ---------------------------------------------------------------------------
# V-9 Floating
# ---------------------------------------------------------------------------


def _floater_among_teams(stock: str, discard: str = "Y3") -> GameState:
    """Four players in two teams that may add only to their own team's groups: seat 1
    floats (phase down, no cards) and the other team (seat 2) has a set of 5s down."""
    rules = Rules(
        going_out="floating", teams=2, min_players=4, team_hits="own_team", max_turns=None
    )
    state = stacked_game({1: "R7 B7 G7 R9 B9 G9", 2: "G5 Y5 B5"}, discard, stock, rules, players=4)
    return with_players(
        state,
        s1={"hand": (), "floating": True, "laid_down": True, "melds": PHASE1.melds},
        s2={
            "hand": cards("R1 R2 R3 R4 R6 R8 R10"),
            "laid_down": True,
            "melds": (SetOf(3).make("G5 Y5 B5"),),
        },
    )


def test_v9_2_floater_goes_out_with_a_card_only_another_team_could_take() -> None:
    """V-9.2 with team play (``team_hits='own_team'``): a floater's drawn card that fits only
    a group it may not hit cannot be played, so the floater discards it and goes out. (The
    engine used to demand a play it refused: the listed discard raised, nothing was legal.)"""
    state = play(_floater_among_teams(stock="R5"), DrawStock())
    assert state.players[1].hand == cards("R5")
    assert Hit(cards("R5")[0], 2, 0) not in legal_actions(state)
    assert check(state, Hit(cards("R5")[0], 2, 0)) is not None
    assert legal_actions(state) == (Discard(cards("R5")[0]),)
    after = apply(state, Discard(cards("R5")[0]))
    assert after.results[-1].went_out == 1


def test_v9_2_floater_need_not_take_a_discard_only_another_team_could_take() -> None:
    """V-9.2 / A-27 with team play: a top discard that fits only another team's group is
    not "playable" for the floater, who may draw from the draw pile instead."""
    state = _floater_among_teams(stock="R12", discard="R5")
    assert state.current_player == 1
    assert DrawStock() in legal_actions(state)
    assert check(state, DrawStock()) is None


# ---------------------------------------------------------------------------
# A-13 the sole contender for the final phase
# ---------------------------------------------------------------------------


def test_a13_final_phase_laid_early_in_any_order_does_not_end_the_hand() -> None:
    """A-13 with phases in any order (V-1): laying Phase 10 as one's first phase completes
    nothing the game ends on, so the hand goes on (it used to end at once)."""
    rules = variants.resolve("masters").with_options(end_when_sole_phase10_contender=True)
    hand = "R7 B7 G7 Y7 R9 B9 G9 Y9 R9 B9"
    state = stacked_game({1: hand, 0: "R1 R2"}, "Y3", "G5", rules, players=2)
    state = play(state, ChoosePhase(10), ChoosePhase(1), DrawStock(), PHASE10)
    assert state.stage is Stage.PLAY
    assert state.players[1].laid_down


def test_a13_last_phase_left_in_any_order_ends_the_game_at_once() -> None:
    """A-13 with phases in any order: the sole player down to their last phase (here
    Phase 10) who lays it down ends the game at once, as in list order."""
    rules = variants.resolve("masters").with_options(end_when_sole_phase10_contender=True)
    hand = "R7 B7 G7 Y7 R9 B9 G9 Y9 R9 B9"
    state = stacked_game({1: hand, 0: "R1 R2"}, "Y3", "G5", rules, players=2)
    state = with_players(state, s1={"completed": tuple(range(1, 10))})
    state = play(state, ChoosePhase(10), ChoosePhase(1), DrawStock(), PHASE10)
    assert state.stage is Stage.GAME_OVER
    assert state.winners == (1,)


def test_a13_two_players_down_to_their_last_phase_play_on() -> None:
    """A-13 with phases in any order: when another player is also down to their last
    phase (whichever it is), the hand is played out (R-15.3)."""
    rules = variants.resolve("masters").with_options(end_when_sole_phase10_contender=True)
    hand = "R7 B7 G7 Y7 R9 B9 G9 Y9 R9 B9"
    state = stacked_game({1: hand, 0: "R1 R2"}, "Y3", "G5", rules, players=2)
    state = with_players(
        state,
        s1={"completed": tuple(range(1, 10))},
        s0={"completed": (*range(2, 11),)},
    )
    state = play(state, ChoosePhase(10), ChoosePhase(1), DrawStock(), PHASE10)
    assert state.stage is Stage.PLAY


# ---------------------------------------------------------------------------
# Clauses no test cited, V-5.1, A-22, A.1 cases 2 and 3
# ---------------------------------------------------------------------------

OUT_HAND = "R7 B7 G7 Y7 R7 R9 B9 G9 Y9 B9"
"""Five 7s and five 9s: Phase 1 with every card used."""

OUT_LAY = LayDown((SetOf(3).make("R7 B7 G7 Y7 R7"), SetOf(3).make("R9 B9 G9 Y9 B9")))


def _seat1_goes_out(hands: dict[int, str], rules: Rules | None = None) -> GameState:
    """Three players: seat 1 draws R12, lays down Phase 1 with all ten cards and goes out
    by discarding R12; seats 0 and 2 hold ``hands``."""
    state = stacked_game({1: OUT_HAND, **hands}, "Y12", "R12", rules, players=3)
    return play(state, DrawStock(), OUT_LAY, Discard(cards("R12")[0]))


def test_r7_8_wild_left_in_hand_scores_25() -> None:
    """R-7.8: a Wild still in hand when the hand ends scores 25 (a number card 5 or 10)."""
    plain = _seat1_goes_out(
        {0: "R1 R2 R3 R4 R5 R6 R8 B1 B2 B3", 2: "G1 G2 G3 G4 G5 G6 G8 Y1 Y2 Y3"}
    )
    wild = _seat1_goes_out({0: "W R2 R3 R4 R5 R6 R8 B1 B2 B3", 2: "G1 G2 G3 G4 G5 G6 G8 Y1 Y2 Y3"})
    assert plain.results[-1].points[0] == 50
    assert wild.results[-1].points[0] == 50 - 5 + 25
    assert wild.results[-1].points[2] == 50


def test_r9_9_skip_left_in_hand_scores_15() -> None:
    """R-9.9: a Skip still in hand when the hand ends scores 15."""
    over = _seat1_goes_out({0: "S S R3 R4 R5 R6 R8 B1 B2 B3", 2: "G1 G2 G3 G4 G5 G6 G8 Y1 Y2 Y3"})
    assert over.results[-1].points[0] == 8 * 5 + 2 * 15


def test_r9_2_a_drawn_skip_may_be_kept_for_a_later_turn() -> None:
    """R-9.2: a Skip just drawn need not be discarded at once; kept, it can skip someone on a
    later turn."""
    state = stacked_game({1: "R1 R2 R3 R4 R5 R6 R8 B1 B2 B3"}, "Y12", "S G1 G2 G3", players=3)
    state = play(state, DrawStock())
    skip = cards("S")[0]
    assert skip in state.players[1].hand
    assert Discard(cards("R1")[0]) in legal_actions(state)
    state = play(state, Discard(cards("R1")[0]))
    assert skip in state.players[1].hand
    state = play(state, DrawStock(), Discard(state.players[2].hand[0]))
    state = play(state, DrawStock(), Discard(state.players[0].hand[0]))
    state = play(state, DrawStock(), Discard(skip, 2))
    assert state.current_player == 0
    assert state.lost_turns == (2,)


def test_r10_5_laying_down_phase_10_does_not_end_the_hand() -> None:
    """R-10.5: laying down Phase 10 ends neither the hand nor the game; the player who laid
    it discards and play goes on."""
    hand = "R7 B7 G7 Y7 R9 B9 G9 Y9 R9 B9"
    state = stacked_game({1: hand}, "Y3", "G5", players=3)
    state = with_players(state, s1={"completed": tuple(range(1, 10))})
    state = play(state, DrawStock(), PHASE10)
    assert state.stage is Stage.PLAY
    state = play(state, Discard(cards("G5")[0]))
    assert state.stage is Stage.DRAW
    assert state.current_player == 2
    assert not state.is_over


def test_v5_1_anti_phase_keeps_phases_in_list_order() -> None:
    """V-5.1 / A-25 anti.base='ordered': Anti-Phase alone keeps the phases in list order, so
    no phase is chosen at the start of a hand and each player's phase is their next one."""
    rules = variants.resolve("anti-phase")
    assert rules.phase_order.value == "sequential"
    state = stacked_game({1: OUT_HAND}, "Y12", "R12", rules, players=3)
    state = with_players(state, s2={"completed": (1, 2)})
    assert state.stage is Stage.DRAW
    assert [p.number for p in state.open_phases(2)] == [3]
    assert [p.number for p in state.open_phases(1)] == [1]


def test_a22_masters_phase_chosen_at_hand_start_by_default() -> None:
    """A-22 masters.phase_choice: the Masters Edition names the phase before play starts
    (``"hand_start_public"``), in turn from the left of the dealer; Variant #2
    (``"at_laydown"``) names it only when laying down."""
    masters = stacked_game({1: OUT_HAND}, "Y12", "R12", variants.resolve("masters"), players=3)
    assert masters.stage is Stage.CHOOSE_PHASE
    assert masters.current_player == 1
    assert legal_actions(masters) == tuple(ChoosePhase(n) for n in range(1, 11))
    chosen = play(masters, ChoosePhase(1), ChoosePhase(4), ChoosePhase(10))
    assert chosen.stage is Stage.DRAW
    assert [chosen.players[s].phase_attempted for s in range(3)] == [10, 1, 4]
    declared = variants.resolve("masters-declared")
    state = stacked_game({1: OUT_HAND}, "Y12", "R12", declared, players=3)
    assert state.stage is Stage.DRAW
    assert state.players[1].phase_attempted is None


def test_a1_case_2_a_card_taken_from_the_discard_pile_may_hit_at_once() -> None:
    """A.1 case 2: the card just taken from the discard pile may be used for a hit in the
    same turn."""
    hand = "R7 B7 G7 R9 B9 G9 R1 B2 G4 Y11"
    state = stacked_game({1: hand}, "Y7", "R12", players=3)
    state = play(state, TakeDiscard(), PHASE1)
    seven = cards("Y7")[0]
    hit = Hit(seven, 1, 0)
    assert hit in legal_actions(state)
    state = apply(state, hit)
    assert seven in state.players[1].melds[0].cards


def test_a1_case_3_a_player_who_has_gone_out_cannot_be_skipped() -> None:
    """A.1 case 3: once a player has gone out they cannot be named by a Skip (under
    "Last stand", the only rules where play goes on after someone is out)."""
    rules = variants.resolve("last-stand")
    state = _seat1_goes_out({2: "S R1 R2 R3 R4 R5 R6 R8 B1"}, rules)
    assert state.first_out == 1
    state = play(state, DrawStock())
    skip = cards("S")[0]
    assert check(state, Discard(skip, 1)) is not None
    assert Discard(skip, 1) not in legal_actions(state)
    assert Discard(skip, 0) in legal_actions(state)


# ---------------------------------------------------------------------------
# A-26 Postal: phase-number Wilds on other players' groups
# ---------------------------------------------------------------------------


def _postal_hit(**options: object) -> GameState:
    """Postal, hand 1 (1s are Wild for everyone): seat 1 has laid Phase 1 and holds R1;
    seat 2 has a set of 5s down."""
    rules = variants.resolve("postal").with_options(**options)
    hand = "R7 B7 G7 R9 B9 G9 R1 B2 G4 Y11"
    state = stacked_game({1: hand, 2: "G5 Y5 B5"}, "Y12", "R12", rules, players=3)
    state = with_players(state, s2={"laid_down": True, "melds": (SetOf(3).make("G5 Y5 B5"),)})
    return play(state, DrawStock(), PHASE1)


def test_a26_postal_wilds_keep_their_power_on_others_groups() -> None:
    """A-26 / V-10.3 default (``postal_wilds_on_others=True``): a 1, Wild for its holder in
    hand 1, may hit another player's set of 5s as a 5."""
    assert Rules().postal_wilds_on_others is True
    state = _postal_hit()
    one = cards("R1")[0]
    assert Hit(one, 2, 0) in legal_actions(state)
    after = apply(state, Hit(one, 2, 0))
    assert one in after.players[2].melds[0].cards


def test_a26_postal_wilds_lose_their_power_on_others_groups() -> None:
    """A-26 ``postal_wilds_on_others=False``: on another player's group a phase-number card
    is a plain number card (R1 does not fit a set of 5s); on one's own groups it stays
    Wild (R1 joins the set of 7s)."""
    state = _postal_hit(postal_wilds_on_others=False)
    one = cards("R1")[0]
    assert Hit(one, 2, 0) not in legal_actions(state)
    assert check(state, Hit(one, 2, 0)) is not None
    assert Hit(one, 1, 0) in legal_actions(state)
    assert check(state, Hit(one, 1, 0)) is None


# ---------------------------------------------------------------------------
# Other clauses no test cited
# ---------------------------------------------------------------------------


def test_r1_5_two_to_six_players() -> None:
    """R-1.5: the base game seats 2 to 6 players."""
    for count in range(2, 7):
        assert len(new_game(count, seed=1).players) == count
    for count in (1, 7):
        with pytest.raises(InvalidRulesError) as info:
            new_game(count, seed=1)
        assert info.value.option == "players"


def test_r4_3_laying_down_is_optional() -> None:
    """R-4.3: a player holding their phase need not lay it down: they may just discard, and
    keep the phase in hand for a later turn."""
    state = stacked_game({1: OUT_HAND}, "Y12", "R12", players=3)
    state = play(state, DrawStock())
    assert check(state, Discard(cards("R12")[0])) is None
    state = apply(state, Discard(cards("R12")[0]))
    assert not state.players[1].laid_down
    assert state.players[1].hand == cards(OUT_HAND)


def test_r12_2_phases_are_made_in_list_order() -> None:
    """R-12.2: with Phase 1 done a player's phase is Phase 2; Phase 3 (a set of 4 and a run of
    4), though in hand, cannot be laid, nor can Phase 1 again."""
    hand = "R7 B7 G7 Y7 R1 B2 G3 Y4 B9 G9"
    state = stacked_game({1: hand}, "Y12", "R12", players=3)
    state = with_players(state, s1={"completed": (1,)})
    state = play(state, DrawStock())
    assert [p.number for p in state.open_phases(1)] == [2]
    set4, run4 = SetOf(4).make("R7 B7 G7 Y7"), RunOf(4).make("R1 B2 G3 Y4")
    assert check(state, LayDown((set4, run4))) is not None
    assert check(state, LayDown((set4, run4), phase=3)) is not None
    assert check(state, LayDown((SetOf(3).make("R7 B7 G7"), run4))) is None


# ---------------------------------------------------------------------------
# R-14 the exhausted draw pile with variants that change the deck
# ---------------------------------------------------------------------------


def test_r14_1_masters_save_piles_stay_out_of_the_reshuffle() -> None:
    """R-14.1 with V-1.6: the Save piles are not discards; the new draw pile is the discard
    pile less its top card, and every Save pile is left as it was."""
    rules = variants.resolve("masters")
    state = stacked_game({1: OUT_HAND}, "Y12", "R12", rules, players=3)
    state = play(state, ChoosePhase(1), ChoosePhase(1), ChoosePhase(1))
    saved = cards("R5 B5")
    pile = cards("G1 G2 G3") + cards("Y4")
    state = with_players(state, s1={"saved": saved[:1]}, s2={"saved": saved[1:]})
    state = attrs.evolve(state, stock=(), discard_pile=pile)
    after = apply(state, DrawStock())
    assert after.discard_pile == cards("Y4")
    drawn = set(after.players[1].hand) - set(state.players[1].hand)
    assert sorted([*after.stock, *drawn]) == sorted(cards("G1 G2 G3"))
    assert (after.players[1].saved, after.players[2].saved) == (saved[:1], saved[1:])


def test_r14_2_a_wild_that_is_a_skip_on_top_leaves_no_draw() -> None:
    """R-14.2 with V-11: a Wild discarded under "Truly Wild" is a Skip on the pile and cannot
    be taken; with no draw pile and nothing under it to reshuffle, the hand ends with no
    winner and everyone scores their hand."""
    rules = variants.resolve("truly-wild")
    state = stacked_game({1: "W R1 R2 R3 R4 R5 R6 R8 B1 B2"}, "Y12", "R12", rules, players=3)
    state = play(state, DrawStock())
    state = attrs.evolve(state, stock=(), discard_pile=())
    over = apply(state, Discard(cards("W")[0]))
    assert over.stage is Stage.HAND_OVER
    result = over.results[-1]
    assert result.went_out is None
    assert all(points > 0 for points in result.points)
