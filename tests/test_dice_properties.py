"""Properties of Phase 10 Dice over random games (hypothesis).

Each example plays a game: 1-5 players, a random seed, a mix of random and
greedy bots, one of the rule presets, and a cap on the actions checked. At
every step: the ten dice are all there, every listed action applies, illegal
actions change nothing, views hide the seed, JSON round-trips; replaying the
actions gives the same game; bot games end.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10 import IllegalActionError
from phase10.dice import (
    PRESETS,
    Declare,
    DiceAction,
    DiceBot,
    DiceRecord,
    DiceStage,
    DiceState,
    EndTurn,
    GreedyBot,
    Keep,
    RandomBot,
    Release,
    Roll,
    apply,
    check,
    from_json,
    legal_actions,
    new_game,
    play_game,
    player_view,
    resolve_rules,
    to_json,
)

SPECS = sorted(PRESETS)


def _bots(kinds: list[bool], seed: int) -> list[DiceBot]:
    return [GreedyBot() if greedy else RandomBot(seed * 16 + i) for i, greedy in enumerate(kinds)]


def _random_action(rng: random.Random, state: DiceState) -> DiceAction:
    """Any action, legal or not: the fuzz input for "illegal changes nothing"."""
    count = len(state.rules.dice)
    dice = tuple(rng.sample(range(count + 2), rng.randint(1, 3)))
    pick = rng.randrange(5)
    if pick == 0:
        return Keep(dice)
    if pick == 1:
        return Release(dice)
    if pick == 2:
        return Declare((dice, tuple(rng.sample(range(count), 3))))
    if pick == 3:
        return Roll()
    return EndTurn()


def _check_step(state: DiceState, rng: random.Random) -> None:
    rules = state.rules
    if state.stage is DiceStage.PLAY:
        assert len(state.dice) == len(rules.dice)
        assert all(face in die.faces for face, die in zip(state.dice, rules.dice, strict=True))
        assert set(state.kept) | set(state.free) == set(range(len(rules.dice)))
    else:
        assert state.dice == ()
    legal = legal_actions(state)
    assert len(set(legal)) == len(legal)
    for action in legal:
        assert check(state, action) is None
        apply(state, action)
    snapshot = repr(state)
    for _ in range(3):
        action = _random_action(rng, state)
        if action in legal:
            continue
        problem = check(state, action)
        if problem is None:  # a multi-die keep, an unlisted equivalent declaration, ...
            apply(state, action)
            continue
        with pytest.raises(IllegalActionError):
            apply(state, action)
        assert repr(state) == snapshot
    if state.current_player is not None:
        view = player_view(state, state.current_player)
        assert not hasattr(view, "seed")
        assert f'"seed": {state.seed}' not in to_json(view)


@settings(max_examples=max(5, settings().max_examples // 3))
@given(
    seed=st.integers(0, 2**32),
    kinds=st.lists(st.booleans(), min_size=1, max_size=5),
    spec=st.sampled_from(SPECS),
    steps=st.integers(20, 120),
)
def test_every_listed_action_applies_and_illegal_ones_change_nothing(
    seed: int, kinds: list[bool], spec: str, steps: int
) -> None:
    rng = random.Random(seed)
    state = new_game(len(kinds), seed=seed, rules=resolve_rules(spec))
    bots = _bots(kinds, seed)
    for _ in range(steps):
        if state.is_over:
            break
        _check_step(state, rng)
        seat = state.current_player
        assert seat is not None
        state = apply(state, bots[seat].choose(player_view(state, seat), legal_actions(state)))
    assert from_json(to_json(state)) == state


@settings(max_examples=max(5, settings().max_examples // 3))
@given(
    seed=st.integers(0, 2**32),
    kinds=st.lists(st.booleans(), min_size=1, max_size=4),
    spec=st.sampled_from(SPECS),
)
def test_same_seed_and_actions_give_the_same_game(seed: int, kinds: list[bool], spec: str) -> None:
    """Determinism: the record of a game replays to equal states, and the same bots from
    the same seed play the same game."""
    rules = resolve_rules(spec).with_options(max_turns=12)
    actions: list[DiceAction] = []
    states: list[DiceState] = []

    def log(before: DiceState, action: DiceAction, after: DiceState) -> None:
        actions.append(action)
        states.append(after)

    start = new_game(len(kinds), seed=seed, rules=rules)
    final = play_game(start, _bots(kinds, seed), on_action=log)
    assert final.is_over
    record = DiceRecord.start(len(kinds), seed=seed, rules=rules).extend(actions)
    assert list(record.replay())[1:] == states
    assert from_json(to_json(record)) == record
    assert play_game(new_game(len(kinds), seed=seed, rules=rules), _bots(kinds, seed)) == final
    assert pickle.loads(pickle.dumps(final)) == final  # states travel to worker processes


@settings(max_examples=max(5, settings().max_examples // 6))
@given(seed=st.integers(0, 2**32), players=st.integers(1, 5), spec=st.sampled_from(SPECS))
def test_greedy_games_end_with_a_winner(seed: int, players: int, spec: str) -> None:
    """Bot games end: greedy bots finish the ten phases; the highest total wins (D-6.3)."""
    final = play_game(
        new_game(players, seed=seed, rules=spec), [GreedyBot() for _ in range(players)]
    )
    assert final.is_over
    assert final.finisher is not None
    assert final.winners
    best = max(p.score for p in final.players)
    assert all(final.players[s].score == best for s in final.winners)
    assert from_json(to_json(final)) == final


@settings(max_examples=3)
@given(seed=st.integers(0, 2**32))
def test_random_games_end(seed: int) -> None:
    """Random bots end their games too: every turn ends after at most three rolls."""
    final = play_game(new_game(2, seed=seed), [RandomBot(seed), RandomBot(seed + 1)])
    assert final.is_over
    assert final.finisher is not None


@settings(max_examples=max(5, settings().max_examples // 3))
@given(seed=st.integers(0, 2**32), players=st.integers(1, 4))
def test_scores_only_grow_and_match_the_scorepad(seed: int, players: int) -> None:
    """A total is its phases' points plus its bonuses; it never goes down during a game."""
    rules = resolve_rules("standard").with_options(max_turns=30)
    before = new_game(players, seed=seed, rules=rules)
    bots = [GreedyBot() for _ in range(players)]
    while not before.is_over:
        seat = before.current_player
        assert seat is not None
        after = apply(before, bots[seat].choose(player_view(before, seat), legal_actions(before)))
        if not after.is_over or players > 1:
            for old, new in zip(before.players, after.players, strict=True):
                assert new.score >= old.score
        for p in after.players:
            bonus = rules.halfway_bonus * ("halfway" in [b.value for b in p.bonuses])
            bonus += rules.finish_bonus * ("first_finish" in [b.value for b in p.bonuses])
            penalty = rules.solo_miss_penalty * p.misses if after.is_over and players == 1 else 0
            assert p.score == sum(p.phase_points) + bonus - penalty
        before = after
