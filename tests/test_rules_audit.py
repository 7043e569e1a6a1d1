"""An audit of the rules' edges against RULES.md: option combinations and uncited clauses.

Each test is named by the rule id it checks. States are dealt from stacked decks
(:func:`helpers.stacked_game`) and, where a clause needs a table a deal cannot give
quickly, adjusted with :func:`helpers.with_players`. With two players and
``dealer=0`` seat 1 plays first; with four, seats 1, 2, 3, 0.
"""

from __future__ import annotations

from helpers import cards, play, stacked_game, with_players
from phase10 import (
    ChoosePhase,
    Discard,
    DrawStock,
    GameState,
    Hit,
    LayDown,
    Rules,
    SetOf,
    Stage,
    apply,
    check,
    legal_actions,
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
