"""Scoring clauses that no other test pinned down (found by mutation testing, session 13).

Each test names the rule of /work/shared/RULES.md whose clause it holds in place: a
mutant of :mod:`phase10.scoring` that flipped the clause survived the rest of the suite.
"""

from __future__ import annotations

import attrs

from helpers import with_players
from phase10 import GameState, Rules, Stage, new_game, parse_cards, variants
from phase10.scoring import end_hand, hand_points

NINE = tuple(range(1, 10))
TEN = tuple(range(1, 11))
X = parse_cards("X")[0]


def laid(phase: int, **more: object) -> dict[str, object]:
    """A player who laid ``phase`` down this hand."""
    return {"laid_down": True, "phase_attempted": phase, **more}


def over(state: GameState, went_out: int | None = 0, named: int | None = None) -> GameState:
    return end_hand(state, state.players, went_out=went_out, named=named)


# ---------------------------------------------------------------------------
# V-10.2 / A-26: Postal phase-number Wilds scored as Wilds only on phases 1-7
# ---------------------------------------------------------------------------

POSTAL_WILD = variants.resolve("postal").with_options(postal_wild_scoring="wild")


def test_v10_2_phase_number_cards_score_as_wilds_up_to_phase_7() -> None:
    """On phase 7 the 7s were wild (25 each with A-26 'wild'); on phase 8 the 8s were not,
    so they score their face value."""
    state = new_game(3, POSTAL_WILD, seed=1)
    on_seven = with_players(state, s1={"completed": NINE[:6], "hand": parse_cards("R7 B7")})
    assert hand_points(on_seven, 1) == 50
    on_eight = with_players(state, s1={"completed": NINE[:7], "hand": parse_cards("R8 B8")})
    assert hand_points(on_eight, 1) == 10


# ---------------------------------------------------------------------------
# Save piles count only under "at_game_end" (or each hand, "each_hand")
# ---------------------------------------------------------------------------


def test_a20_never_scored_piles_neither_decide_the_winner_nor_add_to_totals() -> None:
    """A-20 'never' (the default): two players complete Phase 10; the lower total wins
    (R-15.2) whatever lies on the Save piles, and the piles are not added at the end."""
    rules = variants.resolve("masters")
    assert rules.masters_saved_cards_scored.value == "never"
    state = with_players(
        new_game(3, rules, seed=2),
        s0=laid(10, completed=NINE, hand=(), score=40, saved=parse_cards("W W")),
        s1=laid(10, completed=NINE, hand=(), score=45),
        s2={"hand": ()},
    )
    final = over(state, went_out=2)
    assert final.winners == (0,)
    assert [p.score for p in final.players] == [40, 45, 0]


def test_a20_at_game_end_piles_count_in_the_totals_that_decide_the_winner() -> None:
    """A-20 'at_game_end': the Save piles are part of the totals compared under R-15.2:
    40 plus a saved Wild (25) loses to 50 with an empty pile."""
    rules = variants.resolve("masters").with_options(masters_saved_cards_scored="at_game_end")
    state = with_players(
        new_game(3, rules, seed=2),
        s0=laid(10, completed=NINE, hand=(), score=40, saved=parse_cards("W")),
        s1=laid(10, completed=NINE, hand=(), score=50),
        s2={"hand": ()},
    )
    final = over(state, went_out=2)
    assert final.winners == (1,)
    assert [p.score for p in final.players] == [65, 50, 0]


# ---------------------------------------------------------------------------
# tiebreak hands
# ---------------------------------------------------------------------------


def tiebreak(rules: Rules, players: int = 3) -> GameState:
    """A tiebreak hand between seats 0 and 1, both on all ten phases; seat 2 sits out."""
    state = new_game(players, rules, seed=2)
    state = attrs.evolve(state, tiebreak=True, seats=(0, 1))
    return with_players(
        state,
        s0={"completed": TEN, "hand": ()},
        s1={"completed": TEN, "hand": parse_cards("R5")},
        s2={"completed": (1, 2, 3), "hand": parse_cards("R5")},
    )


def test_r15_5_a_tiebreak_hand_moves_nobody_up_or_down() -> None:
    """R-15.5: a tiebreak hand decides the winner only: under Anti-Phase (V-5.2) the tied
    player who failed does not drop, nor does the seat that sat the hand out."""
    final = over(tiebreak(Rules(anti_phase=True)), went_out=0)
    assert final.winners == (0,)
    assert [p.completed for p in final.players] == [TEN, TEN, (1, 2, 3)]


def test_r15_5_a_tiebreak_hand_with_teams_moves_no_team() -> None:
    """R-15.5 with teams (seed 002): no team's phases change in a tiebreak hand."""
    rules = variants.resolve("teams").with_options(anti_phase=True)
    state = attrs.evolve(new_game(4, rules, seed=2), tiebreak=True, seats=(0, 1, 2, 3))
    state = with_players(state, s0={"hand": ()}, s1={"completed": (1, 2)}, s3={"completed": (1, 2)})
    final = over(state, went_out=0)
    assert [p.completed for p in final.players] == [(), (1, 2), (), (1, 2)]


def test_r15_5_a_tiebreak_hand_nobody_went_out_is_played_again() -> None:
    """R-15.5 / R-14.2: a tiebreak hand that ends with nobody out decides nothing; the
    same tied seats replay."""
    final = over(tiebreak(Rules()), went_out=None)
    assert final.stage is Stage.HAND_OVER
    assert final.winners == ()
    assert final.tiebreak_seats == (0, 1)


# ---------------------------------------------------------------------------
# Issue 14's hand cap: only after max_hands hands
# ---------------------------------------------------------------------------


def test_max_hands_ends_the_game_only_at_the_cap() -> None:
    """max_hands=3: the first hand ends without a winner; the third ends the game."""
    rules = Rules(max_hands=3)
    state = with_players(new_game(2, rules, seed=1), s0={"hand": ()}, s1={"hand": ()})
    assert over(state).stage is Stage.HAND_OVER
    third = attrs.evolve(state, hand_number=3)
    assert over(third).is_over


# ---------------------------------------------------------------------------
# V-5.3 with anti_drops_stack=False: one drop at most, and the rule card's drop stays
# ---------------------------------------------------------------------------

OTHERS_ONE_DROP = variants.resolve("anti-phase-others").with_options(
    anti_floor=None, anti_drops_stack=False
)


def test_v5_3_failing_and_holding_the_rule_card_drop_once_without_a_floor() -> None:
    """V-5.2 + V-5.3, anti_drops_stack=False, no floor: a player on phase 4 who failed and
    holds the rule card drops one phase, not two."""
    state = with_players(
        new_game(3, OTHERS_ONE_DROP, seed=1),
        s0={"hand": ()},
        s1={"completed": (1, 2, 3), "hand": (X,)},
    )
    assert over(state).players[1].completed == (1, 2)


def test_v5_3_the_rule_card_drops_a_player_who_made_the_phase() -> None:
    """V-5.3, anti_drops_stack=False: a holder who made phase 4 advances (V-5.2) and then
    drops for the card: back on phase 4. The seat named by the player who went out with
    the card also drops (V-5.3)."""
    state = with_players(
        new_game(3, OTHERS_ONE_DROP, seed=1),
        s0={"hand": ()},
        s1=laid(4, completed=(1, 2, 3), hand=(X,)),
        s2=laid(2, completed=(1,)),
    )
    after = over(state, named=2)
    assert after.players[1].completed == (1, 2, 3)
    assert after.players[2].completed == (1,)


TEAMS_ONE_DROP = variants.resolve("teams").with_options(
    anti_phase=True, anti_floor=None, anti_drops_stack=False
)


def test_v5_3_teams_a_failed_team_drops_once_for_the_rule_card() -> None:
    """V-5.3 with teams: a team none of whose partners laid down drops one phase (V-5.2);
    the rule card held by a partner adds no second drop when anti_drops_stack=False."""
    state = with_players(
        new_game(4, TEAMS_ONE_DROP, seed=1),
        s0={"hand": ()},
        s1={"completed": (1, 2, 3), "hand": (X,)},
        s3={"completed": (1, 2, 3)},
    )
    after = over(state)
    assert after.players[1].completed == after.players[3].completed == (1, 2)


def test_v5_3_teams_the_rule_card_drops_a_team_that_made_its_phase() -> None:
    """V-5.3 with teams: the team of the seat named by the player who went out with the
    rule card drops a phase after advancing, as does the team of a partner still holding
    the card."""
    state = with_players(
        new_game(4, TEAMS_ONE_DROP, seed=1),
        s0={"hand": ()},
        s1=laid(4, completed=(1, 2, 3)),
        s3={"completed": (1, 2, 3)},
    )
    named = over(state, named=3)
    assert named.players[1].completed == named.players[3].completed == (1, 2, 3)
    held = with_players(state, s3={"hand": (X,)})
    assert over(held).players[1].completed == (1, 2, 3)
    assert over(state).players[1].completed == (1, 2, 3, 4)
