"""Learning: integer actions, observations, and PettingZoo, Gymnasium environments (issue 11).

Needs the ``rl`` extra (``pip install "phase10[rl]"``: numpy, Gymnasium, PettingZoo).
"""

from __future__ import annotations

import gymnasium as _gymnasium

from .aec import Phase10AEC, env
from .codec import LAY_SLOTS, ActionCodec, Section
from .gym_env import ENV_ID, Phase10Env
from .observation import Block, ObservationEncoder
from .rewards import game_rewards

if ENV_ID not in _gymnasium.registry:
    _gymnasium.register(id=ENV_ID, entry_point="phase10.rl.gym_env:Phase10Env")

__all__ = [
    "ENV_ID",
    "LAY_SLOTS",
    "ActionCodec",
    "Block",
    "ObservationEncoder",
    "Phase10AEC",
    "Phase10Env",
    "Section",
    "env",
    "game_rewards",
]
