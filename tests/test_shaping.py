"""Shaped worlds (issue 11, item 7): sampled hands that look played, for SearchBot's
play-outs. The seat's view never changes (R-3.8) and no card is made or lost (R-1.1)."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Iterator

from phase10 import (
    GameState,
    GreedyBot,
    NextHand,
    Stage,
    apply,
    legal_actions,
    new_game,
    player_view,
    sample_state,
)
from phase10.bots import Distances
from phase10.cards import Card
from phase10.shaping import shaped


def mid_hand_states(seed: int) -> Iterator[GameState]:
    """States of a four-player GreedyBot game where seat 0 is about to draw, some turns
    into a hand."""
    state, bot = new_game(4, seed=seed), GreedyBot()
    while state.hand_number < 6 and not state.is_over:
        if state.stage is Stage.HAND_OVER:
            state = apply(state, NextHand())
            continue
        seat = state.current_player
        assert seat is not None
        if seat == 0 and state.stage is Stage.DRAW and state.turn >= 4:
            yield state
        state = apply(state, bot.choose(player_view(state, seat), legal_actions(state)))


def every_card(state: GameState) -> Counter[Card]:
    held = [c for p in state.players for c in p.hand]
    table = [c for p in state.players for m in p.melds for c in m.cards]
    return Counter([*held, *table, *state.stock, *state.discard_pile])


def test_r_3_8_the_seat_sees_the_same_world_and_no_card_changes() -> None:
    rng = random.Random(4)
    for state in list(mid_hand_states(seed=2))[:6]:
        view = player_view(state, 0)
        world = sample_state(view, rng)
        after = shaped(world, 0, 3, rng)
        assert player_view(after, 0) == view
        assert every_card(after) == every_card(world)
        assert after.players[0].hand == world.players[0].hand
        for seat in (1, 2, 3):
            if world.players[seat].laid_down:
                assert after.players[seat].hand == world.players[seat].hand
            for card, count in Counter(state.pickups[seat]).items():
                assert Counter(after.players[seat].hand)[card] >= min(
                    count, Counter(world.players[seat].hand)[card]
                )


def test_shaped_hands_are_closer_to_their_phases() -> None:
    """Drawing and throwing away as GreedyBot does brings the others' hands closer to their
    phases than a uniform deal, on average over many samples; no turns change nothing."""
    rng, distance = random.Random(7), Distances()
    uniform: list[int] = []
    played: list[int] = []
    for state in mid_hand_states(seed=5):
        view = player_view(state, 0)
        for _ in range(3):
            world = sample_state(view, rng)
            assert shaped(world, 0, 0, rng) is world
            after = shaped(world, 0, 2, rng)
            for seat in (1, 2, 3):
                phase = state.target_phase(seat)
                if phase is None or state.players[seat].laid_down:
                    continue
                rules = state.rules.meld_rules
                uniform.append(distance(world.players[seat].hand, phase, rules))
                played.append(distance(after.players[seat].hand, phase, rules))
    assert len(played) >= 30
    assert statistics.fmean(played) < statistics.fmean(uniform)
