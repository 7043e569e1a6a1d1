"""Last-stand clauses that no other test pinned down (found by mutation testing, session 13).

The "Last stand" house rule is V-15 of /work/shared/RULES.md (``[GH-UNOBOT]``); each test
holds in place a clause of :mod:`phase10.engine.last_stand` whose mutant survived the rest
of the suite.
"""

from __future__ import annotations

import attrs

from helpers import TWO_SETS, card, play, stacked_game, with_players
from phase10 import (
    Discard,
    DrawStock,
    GameState,
    Hit,
    LayDown,
    Rules,
    SetOf,
    Stage,
    variants,
)

TWO = TWO_SETS
LAST = variants.resolve("last-stand").with_options(hand_size=4, phases=TWO)


def about_to_go_out(rules: Rules = LAST, second: str = "S R1 R2 R3") -> GameState:
    """Hands of four, phases of one set: seat 1 has laid down its 4s and hit the Y4 it
    drew; discarding Y9 takes it out. Seat 2 holds ``second``."""
    state = stacked_game({1: "R4 B4 G4 Y9", 2: second}, "G11", "Y4 B10 B11 B12", rules, players=3)
    return play(state, DrawStock(), LayDown((SetOf(3).make("R4 B4 G4"),)), Hit(card("Y4"), 1, 0))


def test_v15_a_second_player_out_does_not_restart_the_last_stand() -> None:
    """V-15 last stand: the first player out keeps the hand; a player who goes out in a
    final turn scores nothing but gives nobody a new final turn (the order is fixed when
    the first player goes out)."""
    state = play(about_to_go_out(second="R7 B7 G7 B4"), Discard(card("Y9")))
    assert (state.first_out, state.current_player, state.final_turns) == (1, 2, (0,))
    state = play(
        state,
        DrawStock(),
        LayDown((SetOf(3).make("R7 B7 G7"),)),
        Hit(card("B4"), 1, 0),
        Discard(card("B10")),
    )
    assert (state.first_out, state.current_player, state.final_turns) == (1, 0, ())
    state = play(state, DrawStock(), Discard(state.players[0].hand[0]))
    assert state.stage is Stage.HAND_OVER
    result = state.results[-1]
    assert result.went_out == 1
    assert (result.points[1], result.points[2]) == (0, 0)
    assert result.points[0] > 0


def test_v15_turns_count_through_final_turns() -> None:
    """V-15 last stand: each final turn is a turn (the turn count feeds the Skip limits,
    A-6/A-7); a final turn lost to a Skip (R-4.1) counts as taken."""
    before = about_to_go_out()
    out = play(before, Discard(card("Y9")))
    assert out.turn == before.turn + 1
    after = play(out, DrawStock(), Discard(card("R1")))
    assert (after.current_player, after.turn) == (0, before.turn + 2)
    skipped = with_players(before, s2={"skips_pending": 1})
    out = play(skipped, Discard(card("Y9")))
    assert out.lost_turns == (2,)
    assert (out.current_player, out.turn) == (0, before.turn + 2)
    assert out.players[2].skips_pending == 0  # the Skip is served by the lost turn


def test_a17_last_stand_over_when_the_draw_pile_ran_out() -> None:
    """A-17 'end_hand' in a last stand: with no card to draw the last stand is over at
    once, and the hand is still won by the player who went out first (V-15)."""
    rules = LAST.with_options(draw_exhaustion="end_hand")
    state = attrs.evolve(about_to_go_out(rules), stock=())
    over = play(state, Discard(card("Y9")))
    assert over.stage is Stage.HAND_OVER
    assert over.results[-1].went_out == 1


def test_a17_end_hand_rule_leaves_final_turns_while_cards_remain() -> None:
    """A-17 'end_hand' ends the last stand only when the draw pile is empty: with cards
    left, every other player still takes a final turn (V-15)."""
    state = play(
        about_to_go_out(LAST.with_options(draw_exhaustion="end_hand")), Discard(card("Y9"))
    )
    assert state.stage is Stage.DRAW
    assert (state.current_player, state.final_turns) == (2, (0,))


def test_r14_1_a_final_turn_draws_from_the_reshuffled_discards() -> None:
    """R-14.1 (default A-17 reshuffle) in a last stand: an empty draw pile does not end the
    last stand while the discard pile can be reshuffled; the final turn is taken."""
    state = attrs.evolve(about_to_go_out(), stock=())
    state = play(state, Discard(card("Y9")))
    assert state.stage is Stage.DRAW
    assert (state.current_player, state.final_turns) == (2, (0,))
