"""The learning environments used the way common RL code uses them (issue 11).

Each test here is a defect a researcher meeting ``phase10.rl`` for the first time found:
Gymnasium's masked sampling, pickling an environment, actions that are not whole numbers,
and OpenSpiel's default game ending before random play can finish it.
"""

from __future__ import annotations

import pickle
from typing import Any

import gymnasium
import numpy as np
import pytest

import phase10.rl  # noqa: F401  (registers phase10/Phase10-v0)
from phase10 import InvalidDataError
from phase10.rl import ENV_ID, Phase10Env, env


def _play_on(state: Any, rng: np.random.Generator, moves: int) -> list[int]:
    """``moves`` random moves of a pyspiel state (chance outcomes by their probabilities);
    the actions taken."""
    taken = []
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            codes, chances = zip(*state.chance_outcomes(), strict=True)
            action = int(rng.choice(codes, p=chances))
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        taken.append(action)
    return taken


def test_openspiel_default_game_is_long_enough_for_random_play() -> None:
    """The default ``max_turns`` must not end a standard game before random play finishes
    it: capped games pay 0 to every seat, so random rollouts (OpenSpiel's MCTS evaluator)
    would learn nothing. Random two-player play takes about 2,000 turns."""
    pyspiel = pytest.importorskip("pyspiel")
    import phase10.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_phase10")
    state = game.new_initial_state()
    _play_on(state, np.random.default_rng(5), 1_000_000)
    assert state.game_state is not None
    assert state.game_state.winners  # a winner, not the cap
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_gymnasium_masked_sampling_takes_the_info_mask() -> None:
    """``env.action_space.sample(mask=info["action_mask"])``, Gymnasium's masked random
    action, works on the boolean mask the environment gives (Gymnasium's ``Discrete`` asks
    for ``int8``) and picks only legal indices."""
    learner = gymnasium.make(ENV_ID, players=2, rules="to-phase-1")
    learner.action_space.seed(3)
    _, info = learner.reset(seed=2)
    for _ in range(200):
        mask = info["action_mask"]
        assert mask.dtype == np.bool_
        action = learner.action_space.sample(mask=mask)
        assert mask[action]
        _, _, terminated, _, info = learner.step(action)
        if terminated:
            _, info = learner.reset()
    assert learner.action_space.sample(mask=mask.view(np.int8)) in np.flatnonzero(mask)


def test_gymnasium_environment_pickles_and_plays_on_alike() -> None:
    """A pickled environment (a checkpoint, a worker process) plays on as the original: the
    bots it was made with included, whichever ``opponents`` named them."""
    for opponents in ("greedy", "random"):
        game = Phase10Env(players=3, rules="to-phase-2", opponents=opponents)
        _, info = game.reset(seed=4)
        copy = pickle.loads(pickle.dumps(game))
        rng = np.random.default_rng(0)
        for _ in range(30):
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            observation, reward, terminated, _, info = game.step(action)
            again, reward_again, _, _, _ = copy.step(action)
            assert np.array_equal(observation, again)
            assert reward == reward_again
            if terminated:
                break


@pytest.mark.parametrize("action", [1.5, 1.0, "1", True, np.float64(1.0), np.array([1])])
def test_an_action_that_is_not_a_whole_number_is_refused(action: object) -> None:
    """An action index is a whole number (a Python or NumPy integer): a float from a
    policy's output is refused with a sentence, never rounded into another move."""
    learner = Phase10Env(players=2, rules="to-phase-1")
    learner.reset(seed=1)
    before = learner.game_state
    with pytest.raises(InvalidDataError, match="action index"):
        learner.step(action)  # type: ignore[arg-type]
    assert learner.game_state is before
    game = env(players=2, rules="to-phase-1", seed=1)
    before = game.game_state
    with pytest.raises(InvalidDataError, match="action index"):
        game.step(action)  # type: ignore[arg-type]
    assert game.game_state is before


def test_numpy_integers_and_zero_dimensional_arrays_are_indices() -> None:
    """What vectorised environments and policies hand over: ``np.int64``, ``np.int32`` and
    0-d integer arrays (``Discrete.contains`` accepts them too) play their index."""
    for action in (np.int64(0), np.int32(0), np.array(0)):
        learner = Phase10Env(players=2, rules="to-phase-1")
        _, info = learner.reset(seed=1)
        assert info["action_mask"][0]  # drawing is legal
        _, reward, terminated, _, _ = learner.step(action)  # type: ignore[arg-type]
        assert (reward, terminated) == (0.0, False)
        game = env(players=2, rules="to-phase-1", seed=1)
        game.step(action)  # type: ignore[arg-type]
        assert game.game_state.current_player == game.possible_agents.index(game.agent_selection)
        assert not game.terminations[game.agent_selection]


def test_a_step_before_reset_asks_for_reset() -> None:
    """An environment built without ``gymnasium.make`` (whose wrapper checks the order) and
    stepped before ``reset()``: a sentence, not an ``IndexError`` from inside the bots."""
    learner = Phase10Env(players=2, rules="to-phase-1")
    with pytest.raises(InvalidDataError, match="reset"):
        learner.step(0)
    learner.reset(seed=1)
    learner.step(0)  # drawing, once a game is dealt


def test_openspiel_states_deserialize_and_unpickle_into_playable_states() -> None:
    """``game.deserialize_state(state.serialize())`` (what ``random_sim_test(serialize=True)``
    and checkpoints do) and ``pickle`` give a state that plays on as the original: its legal
    actions, returns, tensors and information state (they lost the game's codec)."""
    pyspiel = pytest.importorskip("pyspiel")
    import phase10.openspiel  # noqa: F401

    game = pyspiel.load_game("python_phase10", {"players": 3, "variant": "masters+to-phase-2"})
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    _play_on(state, rng, 400)
    while state.is_chance_node():
        _play_on(state, rng, 1)
    copies = [game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state))]
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    copies.append(restored)
    copies.append(pickle.loads(pickle.dumps(game)).deserialize_state(state.serialize()))
    for copy in copies:
        assert copy.history() == state.history()
        assert copy.legal_actions() == state.legal_actions()
        assert copy.returns() == state.returns()
        player = state.current_player()
        assert copy.information_state_string(player) == state.information_state_string(player)
        assert copy.observation_tensor(player) == state.observation_tensor(player)
    for copy in copies:  # the same moves from both
        original = state.clone()
        assert _play_on(copy, np.random.default_rng(2), 300) == _play_on(
            original, np.random.default_rng(2), 300
        )
        assert copy.returns() == original.returns()
    assert str(pickle.loads(pickle.dumps(game)).new_initial_state()).startswith("dealing")
