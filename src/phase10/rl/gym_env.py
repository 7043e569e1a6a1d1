"""The Gymnasium environment ``phase10/Phase10-v0``: one learner against bots (issue 11).

The learner plays ``seat`` (0 unless told); bots play every other seat
(``GreedyBot`` unless told), and the deals between hands are played by the
environment. An observation is the learner's view as
:class:`~phase10.rl.ObservationEncoder` encodes it; the legal indices of
:class:`~phase10.rl.ActionCodec` are in ``info["action_mask"]`` and
:meth:`Phase10Env.action_masks` (the name masked-PPO implementations call).
The reward is paid when the game ends (:func:`~phase10.rl.game_rewards`); an
index the mask leaves out ends the episode with -1.

>>> import gymnasium
>>> import phase10.rl
>>> env = gymnasium.make("phase10/Phase10-v0", players=2, rules="to-phase-1")
>>> observation, info = env.reset(seed=1)
>>> observation.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots import Bot, GreedyBot, RandomBot
from ..engine import apply, legal_actions, new_game
from ..errors import IllegalActionError, InvalidDataError
from ..limits import show
from ..rules import Rules
from ..text import render as render_text
from ..views import player_view
from .aec import ILLEGAL_REWARD, deal_on, game_seats
from .codec import ActionCodec
from .common import action_index, check_render_mode, resolve_rules, shown
from .observation import ObservationEncoder
from .rewards import game_rewards

__all__ = ["ENV_ID", "Phase10Env"]

ENV_ID = "phase10/Phase10-v0"


def _greedy(seed: int) -> Bot:
    return GreedyBot()


def _random(seed: int) -> Bot:
    return RandomBot(seed)


_BOTS: dict[str, Callable[[int], Bot]] = {"greedy": _greedy, "random": _random}
"""The named opponents: module functions, not lambdas, so that an environment pickles."""


class _Actions(spaces.Discrete):
    """``Discrete(n)`` whose ``sample(mask=...)`` also takes the boolean mask of
    ``info["action_mask"]`` (Gymnasium's own asks for ``int8``)."""

    def sample(
        self,
        mask: npt.NDArray[np.int8] | npt.NDArray[np.bool_] | None = None,
        probability: npt.NDArray[np.int8] | None = None,  # Gymnasium's annotation
    ) -> np.int64:
        """A random index (one the mask marks, with a mask; as ``Discrete.sample``)."""
        if mask is not None and mask.dtype == np.bool_:
            mask = mask.view(np.int8)  # one byte an index either way
        int8_mask = cast("npt.NDArray[np.int8] | None", mask)  # other dtypes: Gymnasium's error
        if probability is None:
            return super().sample(int8_mask)
        return super().sample(int8_mask, probability)


class Phase10Env(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """Phase 10 for one learner at ``seat``; ``opponents`` is ``"greedy"``, ``"random"`` or a
    function from a seed to a :class:`~phase10.Bot` (called once per other seat and game)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012 (read from the class)

    def __init__(
        self,
        players: int = 4,
        rules: Rules | str = "standard",
        seat: int = 0,
        opponents: str | Callable[[int], Bot] = "greedy",
        render_mode: str | None = None,
    ) -> None:
        self.rules = resolve_rules(rules)
        self.players = game_seats(players, self.rules)
        if type(seat) is not int or not 0 <= seat < self.players:
            raise InvalidDataError(f"seat is a seat from 0 to {self.players - 1}, not {show(seat)}")
        if isinstance(opponents, str):
            if opponents not in _BOTS:
                raise InvalidDataError(
                    f"opponents is 'greedy', 'random' or a function, not {show(opponents)}"
                )
            opponents = _BOTS[opponents]
        self.render_mode = check_render_mode(render_mode)
        self.seat = seat
        self._make_bot = opponents
        self.codec = ActionCodec(self.rules)
        self.encoder = ObservationEncoder(self.rules)
        self.observation_space = self.encoder.space
        self.action_space = _Actions(self.codec.size)
        self._bots: list[Bot | None] = []
        self.game_state = new_game(self.players, self.rules, seed=0)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """A new game: the observation and ``{"action_mask": ...}`` at the learner's first
        turn. ``seed`` seeds the environment's generator, which deals the game and seeds
        the bots."""
        super().reset(seed=seed)
        rng = self.np_random
        self._bots = [
            None if seat == self.seat else self._make_bot(int(rng.integers(0, 2**63)))
            for seat in range(self.players)
        ]
        self.game_state = new_game(self.players, self.rules, seed=int(rng.integers(0, 2**63)))
        self._play_others()
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Play the index ``action``, then the bots until the learner's next turn: the
        observation, the reward (at the end only), whether the game ended, ``False``
        (nothing truncates a game: ``max_turns`` ends it) and the info."""
        if not self._bots:
            raise InvalidDataError("no game is dealt yet: call reset() before step()")
        try:
            chosen = self.codec.decode(self.game_state, action_index(action))
        except IllegalActionError as error:
            info = self._info()
            info["illegal"] = error.message
            return self._observe(), ILLEGAL_REWARD, True, False, info
        self.game_state = apply(self.game_state, chosen)
        self._play_others()
        reward = 0.0
        if self.game_state.is_over:
            reward = game_rewards(self.game_state.winners, self.players)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, self.game_state.is_over, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal indices now (all ``False`` once the game is over)."""
        return self.codec.mask(self.game_state)

    def render(self) -> str | None:
        """The table as the learner sees it: the text (``render_mode="ansi"``), or printed
        (``"human"``, after every step and reset as well)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (use 'ansi')")
            return None
        return shown(render_text(player_view(self.game_state, self.seat)), self.render_mode)

    def _play_others(self) -> None:
        """Bots play, and hands are dealt, until it is the learner's turn or the game is over."""
        state = deal_on(self.game_state)
        while not state.is_over and state.current_player != self.seat:
            seat = state.current_player
            assert seat is not None
            bot = self._bots[seat]
            assert bot is not None
            legal = legal_actions(state)
            state = deal_on(apply(state, bot.choose(player_view(state, seat), legal)))
        self.game_state = state

    def _observe(self) -> npt.NDArray[np.float32]:
        return self.encoder.encode_state(self.game_state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.codec.mask(self.game_state)}
