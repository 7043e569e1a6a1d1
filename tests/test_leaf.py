"""The leaf evaluation of SearchBot's short play-outs (issue 11, item 7): measured, not guessed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from phase10 import GameState, GreedyBot, Stage, apply, legal_actions, new_game, player_view
from phase10.bots import Distances
from phase10.leaf import COMPLETE, POINTS, Outlooks, calibrate, expected_gain, leaf_value, seat_key


def hand_positions(seed: int) -> Iterator[tuple[GameState, GameState]]:
    """Every draw of a four-player GreedyBot game, each with the end of its hand."""
    state = new_game(4, seed=seed)
    bot = GreedyBot()
    pending: list[GameState] = []
    while not state.is_over:
        if state.stage is Stage.HAND_OVER:
            yield from ((s, state) for s in pending)
            pending = []
        if state.stage is Stage.DRAW:
            pending.append(state)
        legal = legal_actions(state)
        seat = state.current_player
        action = legal[0] if len(legal) == 1 or seat is None else None
        if action is None:
            assert seat is not None
            action = bot.choose(player_view(state, seat), legal)
        state = apply(state, action)
    yield from ((s, state) for s in pending)


@pytest.mark.parametrize("hazard", [0, 2, 3])
def test_completing_is_likelier_the_fewer_cards_lacked(hazard: int) -> None:
    """The measured chance of completing the phase this hand falls with each card lacked
    (R-10: a phase is completed by laying it down before the hand ends)."""
    chances = [COMPLETE[(0, need, -1, hazard)] for need in range(5)]
    assert chances == sorted(chances, reverse=True)
    assert chances[0] > 0.9 > 0.4 > chances[4]


@pytest.mark.parametrize("need", [1, 2, 3, 4])
def test_a_seat_down_with_few_cards_makes_the_hand_end_sooner(need: int) -> None:
    """With another seat down with one or two cards (R-10.3: it may go out at once), a seat
    still making its phase completes it less often and keeps more of its penalty points."""
    assert COMPLETE[(0, need, -1, 3)] < COMPLETE[(0, need, -1, 0)]
    assert POINTS[(0, need, -1, 3)] > POINTS[(0, need, -1, 0)]


def test_calibrate_counts_a_seat_down_as_completing() -> None:
    """A seat that has laid its phase down completes it when the hand ends (R-12.1): the
    measured share for seats down is 1, and every share is a probability."""
    complete, ratios = calibrate(hand_positions(seed=2))
    assert any(key[0] == 1 for key in complete)
    for key, share in complete.items():
        assert 0.0 <= share <= 1.0
        if key[0] == 1:
            assert share == 1.0
    assert all(ratio >= 0.0 for ratio in ratios.values())


def test_leaf_values_sum_to_zero_and_follow_the_expected_gains() -> None:
    """Each seat's leaf value is its expected gain less the others' mean: over the seats
    they sum to zero, and the seat likeliest to gain most is valued highest."""
    distances, outlooks = Distances(), Outlooks()
    for state, _ in list(hand_positions(seed=5))[::40]:
        values = [leaf_value(state, s, distances, outlooks) for s in state.seats]
        gains = [expected_gain(state, s, distances, outlooks) for s in state.seats]
        assert sum(values) == pytest.approx(0.0, abs=1e-9)
        assert values.index(max(values)) == gains.index(max(gains))


def test_seat_key_reads_a_seat_down_by_its_cards_held() -> None:
    """A seat down is keyed by the cards it holds (capped at five), one still making its
    phase by the cards it lacks (0 to 4) and its wait bucket."""
    distances = Distances()
    seen_down = seen_up = False
    for state, _ in list(hand_positions(seed=3))[::10]:
        for seat in state.seats:
            down, count, wait, hazard = seat_key(state, seat, distances)
            player = state.players[seat]
            assert down == int(player.laid_down)
            assert 0 <= hazard <= 3
            if down:
                seen_down = True
                assert count == min(len(player.hand), 5)
            else:
                seen_up = True
                assert 0 <= count <= 4
                assert wait >= 0
    assert seen_down
    assert seen_up
