"""The learning environments used the way common RL code uses them (issue 11).

Each test here is a defect a researcher meeting ``phase10.rl`` for the first time found:
Gymnasium's masked sampling, pickling an environment, actions that are not whole numbers,
and OpenSpiel's default game ending before random play can finish it.
"""

from __future__ import annotations

import pickle

import gymnasium
import numpy as np
import pytest

import phase10.rl  # noqa: F401  (registers phase10/Phase10-v0)
from phase10 import InvalidDataError
from phase10.rl import ENV_ID, Phase10Env, env


def test_openspiel_default_game_is_long_enough_for_random_play() -> None:
    """The default ``max_turns`` must not end a standard game before random play finishes
    it: capped games pay 0 to every seat, so random rollouts (OpenSpiel's MCTS evaluator)
    would learn nothing. Random two-player play takes about 2,000 turns."""
    pyspiel = pytest.importorskip("pyspiel")
    import phase10.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_phase10")
    state = game.new_initial_state()
    rng = np.random.default_rng(5)
    while not state.is_terminal():
        if state.is_chance_node():
            codes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(codes, p=chances)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.game_state is not None
    assert state.game_state.winners  # a winner, not the cap
    assert sorted(state.returns()) == [-1.0, 1.0]
