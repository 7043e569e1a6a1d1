"""The PettingZoo environment: every seat an agent, in turn (issue 11).

In the style of PettingZoo's classic card games: each agent observes a dict
with ``"observation"`` (:class:`~phase10.rl.ObservationEncoder` of its view)
and ``"action_mask"`` (``int8``, the legal indices of
:class:`~phase10.rl.ActionCodec`; all zero when it is not the agent's turn);
the action space is ``Discrete(codec.size)``. The deal between hands is played
by the environment (the state's seed decides it, R-3). Rewards are paid when the
game ends (:func:`~phase10.rl.rewards.game_rewards`). As in the classic games
(their ``TerminateIllegalWrapper``), an index the mask leaves out ends the game
with -1 for the agent that played it and 0 for the others; the environment does
that itself rather than through PettingZoo's wrappers, whose attribute
forwarding would cost more than the game's own step.

>>> from phase10.rl import env
>>> game = env(players=2, rules="to-phase-1", seed=7)
>>> game.reset()
>>> observation, reward, terminated, truncated, info = game.last()
>>> game.agent_selection, int(observation["action_mask"].sum()), reward
('player_1', 2, 0.0)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import logger, spaces
from pettingzoo import AECEnv

from ..actions import NextHand
from ..engine import apply, new_game
from ..errors import IllegalActionError, InvalidDataError, InvalidRulesError
from ..limits import show
from ..rules import Rules
from ..state import GameState, Stage
from ..text import render as render_text
from ..views import spectator_view
from .codec import ActionCodec
from .common import action_index, check_render_mode, resolve_rules, shown
from .observation import ObservationEncoder
from .rewards import game_rewards

__all__ = ["ILLEGAL_REWARD", "Phase10AEC", "env"]

ILLEGAL_REWARD = -1.0
"""What an agent gets for an index its mask leaves out (the game ends there)."""

Observation = dict[str, Any]
"""``{"observation": float32 array, "action_mask": int8 array}``."""
_NEXT_HAND = NextHand()
_INT8 = np.dtype(np.int8)
_HAND_OVER = Stage.HAND_OVER
_GAME_OVER = Stage.GAME_OVER
"""Read once: on Python 3.11 an Enum member read from its class (``Stage.HAND_OVER``) goes
through ``EnumType.__getattr__``, about twenty times the cost of a global."""


def deal_on(state: GameState) -> GameState:
    """``state`` with every deal between hands played (no seat decides them)."""
    while state.stage is _HAND_OVER:
        state = apply(state, _NEXT_HAND)
    return state


def game_seats(players: object, rules: Rules) -> int:
    """``players`` checked against the rules' table sizes."""
    if type(players) is not int or not rules.min_players <= players <= rules.max_players:
        raise InvalidDataError(
            f"players is a whole number from {rules.min_players} to {rules.max_players} "
            f"under these rules, not {show(players)}"
        )
    try:
        rules.check_players(players)  # team play: 4 or 6
    except InvalidRulesError as error:
        raise InvalidDataError(f"players: {error.message}") from None
    return players


class Phase10AEC(AECEnv[str, Observation, np.int64]):
    """Phase 10 as a PettingZoo AEC environment; agents ``player_0`` ... by seat."""

    metadata = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi", "human"],
        "name": "phase10_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 4,
        rules: Rules | str = "standard",
        seed: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.rules = resolve_rules(rules)
        self.players = game_seats(players, self.rules)
        self.render_mode = check_render_mode(render_mode)
        self.codec = ActionCodec(self.rules)
        self._mask_shape = (self.codec.size,)  # np.ndarray over the mask's bytes: cheaper than
        # np.frombuffer, the same array
        self.encoder = ObservationEncoder(self.rules)
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        mask_space = spaces.Box(0, 1, (self.codec.size,), dtype=np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": self.encoder.space, "action_mask": mask_space})
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.codec.size) for agent in self.possible_agents
        }
        self._rng = np.random.default_rng(seed)
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.reset()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The ``Dict`` of the observation array's ``Box`` and the mask's ``Box``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(codec.size)``."""
        return self.action_spaces[agent]

    def _game_seed(self) -> int:
        return int(self._rng.integers(0, 2**63))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: dealt from ``seed`` when given, else from the environment's generator
        (itself seeded by the constructor's ``seed``)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game_state = deal_on(new_game(self.players, self.rules, seed=self._game_seed()))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._over = False  # every agent terminated; the rewards are paid
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        seat = self.game_state.current_player
        self.agent_selection = self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now: its observation array and its action mask."""
        try:
            seat = self._seat[agent]
        except KeyError:  # still a KeyError (PettingZoo's agents are keys), one that says so
            agents = ", ".join(self.possible_agents)
            raise KeyError(f"no agent named {show(agent)} (agents: {agents})") from None
        state = self.game_state
        if seat == state.current_player:
            mask = np.ndarray(self._mask_shape, _INT8, self.codec.mask_bytes(state))
        else:
            mask = np.zeros(self.codec.size, dtype=_INT8)
        return {"observation": self.encoder.encode_state(state, seat), "action_mask": mask}

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``: the observation, cumulative reward, termination, truncation
        and info of the agent to act. Until the game ends the reward is 0 and neither flag
        is set (the dictionaries say the same), so those are not looked up."""
        agent = self.agent_selection
        state = self.game_state
        seat = self._seat.get(agent)
        if not observe:
            observation = None
        elif seat is None or seat != state.current_player:
            observation = self.observe(agent)
        else:  # observe() of the agent to play, inline
            observation = {
                "observation": self.encoder.encode_state(state, seat),
                "action_mask": np.ndarray(self._mask_shape, _INT8, self.codec.mask_bytes(state)),
            }
        if self._over:
            return (
                observation,
                self._cumulative_rewards[agent],
                self.terminations[agent],
                self.truncations[agent],
                self.infos[agent],
            )
        return observation, 0.0, False, False, self.infos[agent]

    def step(self, action: np.int64 | int | None) -> None:
        """The agent to play plays the index ``action`` (``None`` once it is done)."""
        if self._over:  # every agent is done: PettingZoo's removal of the agent
            self._was_dead_step(action)  # type: ignore[arg-type]  # None, as PettingZoo asks
            return
        if action is None:
            raise InvalidDataError(
                f"{self.agent_selection} is to play: step() needs an action index, not None"
            )
        state = self.game_state
        # Until the game ends no reward is paid, so the acting agent's cumulative reward
        # is 0 already (PettingZoo's step sets it to 0).
        # An int index: the listing the mask came from (kept by the codec); else decode,
        # which also explains an index the mask leaves out.
        listed = self.codec._cache  # the listing of the state the mask came from, inline
        if listed is not None and listed[0] is state and type(action) is int:
            chosen = listed[1].get(action)
        else:
            chosen = self.codec._legal(state).get(action) if type(action) is int else None
        if chosen is None:
            try:
                chosen = self.codec.decode(state, action_index(action))
            except IllegalActionError as error:
                self._end_illegal(self.agent_selection, error)
                return
        state = apply(state, chosen)
        stage = state.stage
        if stage is _HAND_OVER:
            state = deal_on(state)
            stage = state.stage
        self.game_state = state
        if stage is _GAME_OVER:
            rewards = game_rewards(state.winners, self.players)
            for who, reward in zip(self.possible_agents, rewards, strict=True):
                self.rewards[who] = reward
                self.terminations[who] = True
            self._over = True
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[state.current_player or 0]
        if self.render_mode == "human":
            self.render()

    def _end_illegal(self, agent: str, error: IllegalActionError) -> None:
        """End the game on an index the mask leaves out: -1 for ``agent``, 0 for the others."""
        for who in self.agents:
            self.rewards[who] = ILLEGAL_REWARD if who == agent else 0.0
            self.terminations[who] = True
        self.infos[agent] = {"illegal": error.message}
        self._over = True
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        """The table as a spectator sees it, no hand shown: the text (``render_mode="ansi"``),
        or printed (``"human"``, after every step and reset as well)."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode (use render_mode='ansi')")
            return None
        return shown(render_text(spectator_view(self.game_state)), self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def env(
    players: int = 4,
    rules: Rules | str = "standard",
    seed: int | None = None,
    render_mode: str | None = None,
) -> Phase10AEC:
    """A PettingZoo AEC environment of ``players`` seats under ``rules`` (a spec or
    :class:`~phase10.Rules`).

    ``seed`` seeds the generator the games are dealt from. The environment is ready to
    play when built; ``reset()`` deals the generator's next game, ``reset(seed=s)``
    starts the generator again from ``s``."""
    return Phase10AEC(players, rules, seed, render_mode)
