"""V-16: Phase 10 World Tour's digital rules (variant ``world-tour``) and the final ranking."""

from __future__ import annotations

from helpers import assert_illegal, play, stacked_game, with_players
from phase10 import (
    Discard,
    DrawStock,
    GameState,
    GreedyBot,
    Hit,
    IllegalReason,
    LayDown,
    Rules,
    SetOf,
    Stage,
    from_json,
    new_game,
    parse_cards,
    play_game,
    player_view,
    spectator_view,
    to_json,
    variants,
)
from phase10.scoring import end_hand

TOUR = variants.resolve("world-tour")
NINE = tuple(range(1, 10))
PHASE_10 = LayDown((SetOf(5).make("R5 R5 B5 B5 G5"), SetOf(3).make("R7 R7 B7")))


def final_table() -> GameState:
    """Two players on the last phase; seat 1, to play, holds it and two cards more."""
    state = stacked_game({1: "R5 R5 B5 B5 G5 R7 R7 B7 Y1 Y2"}, "G11", "Y3 Y4", TOUR, players=2)
    return with_players(state, s0={"completed": NINE}, s1={"completed": NINE})


def test_v16_options() -> None:
    """World Tour is A-10 'exact_only' with A-14 'winner must go out'."""
    assert TOUR.laydown_extras.value == "exact_only"
    assert TOUR.winner_must_go_out
    assert TOUR.spec == "world-tour"


def test_v16_a_lay_down_takes_exactly_the_phase() -> None:
    """No extra cards in a lay-down: a set of 5 laid with six cards is refused."""
    state = play(
        stacked_game({1: "R5 R5 B5 B5 G5 Y5 R7 R7 B7"}, "G11", "Y3", TOUR, players=2), DrawStock()
    )
    state = with_players(state, s1={"completed": NINE})
    big = LayDown((SetOf(5).make("R5 R5 B5 B5 G5 Y5"), SetOf(3).make("R7 R7 B7")))
    assert_illegal(state, big, IllegalReason.INVALID_MELD)
    assert play(state, PHASE_10).players[1].laid_down


def test_v16_the_last_phase_counts_only_for_the_player_who_goes_out() -> None:
    """Seat 1 finishes the last phase but seat 0 empties their hand first: the game goes
    on, and seat 1 must make the last phase again."""
    state = play(final_table(), DrawStock(), PHASE_10)
    over = end_hand(state, state.players, went_out=0)
    assert over.stage is Stage.HAND_OVER
    assert over.players[1].completed == NINE
    assert over.results[-1].completed[1] is None
    assert over.ranking == ()


def test_v16_the_winner_finished_the_last_phase_and_went_out() -> None:
    """Seat 1 lays the last phase down and empties their hand: the game ends, seat 1 wins,
    and the others are ranked by phases completed, then score."""
    state = stacked_game({1: "R5 R5 B5 B5 G5 R7 R7 B7 G5 Y7"}, "G11", "Y2", TOUR, players=2)
    state = with_players(state, s0={"completed": NINE}, s1={"completed": NINE})
    g5, y7, y2 = parse_cards("G5 Y7 Y2")
    over = play(state, DrawStock(), PHASE_10, Hit(g5, 1, 0), Hit(y7, 1, 1), Discard(y2))
    assert over.is_over
    assert over.winners == (1,)
    assert over.ranking == (1, 0)
    assert spectator_view(over).ranking == over.ranking
    assert from_json(to_json(over), GameState).ranking == over.ranking


def test_v16_ranking_after_a_greedy_game() -> None:
    """The ranking of a finished game holds every seat once, the winner first, the others
    in order of phases completed, then score."""
    final = play_game(new_game(4, TOUR, seed=2), [GreedyBot()] * 4)
    ranking = final.ranking
    assert sorted(ranking) == [0, 1, 2, 3]
    assert ranking[0] == final.winner
    rest = [(-len(final.players[s].completed), final.players[s].score) for s in ranking[1:]]
    assert rest == sorted(rest)
    assert player_view(final, 0).ranking == ranking


def test_v16_ranking_is_empty_before_the_end() -> None:
    """The ranking exists only once the game is over."""
    state = new_game(3, Rules(), seed=1)
    assert state.ranking == ()
    assert player_view(state, 0).ranking == ()
