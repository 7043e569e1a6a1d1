"""Phase 10 as an OpenSpiel game: ``import phase10.openspiel`` registers ``python_phase10``.

Needs the ``rl`` extra with OpenSpiel (``pip install "phase10[rl]"``; OpenSpiel
publishes wheels for Linux and macOS). Parameters: ``players`` (2), ``variant``
(``"standard"``, any variant spec), ``max_turns`` (100,000: the game ends without a
winner after that many turns, so it has a bounded length, as OpenSpiel asks; far above
the length of random play, about 2,000 turns for two players of the standard game and
47,000 at most measured for six of ``phase-20``) and ``seed`` (0).

* **Chance nodes** deal: each deal is the whole deck order, drawn a card at a
  time (an outcome is a card code, with probability the share of that card among
  the cards not yet placed). Reshuffles of the discard pile when the draw pile runs
  out follow the engine's seeded shuffle (``seed``), not chance nodes.
* **Actions** are :class:`~phase10.rl.ActionCodec` indices; the deals between hands
  are chance nodes, so no player plays ``NextHand``.
* **Observation tensor**: :class:`~phase10.rl.ObservationEncoder` of the player's
  view (the public observer: of the spectator's view). The information-state tensor
  is the same summary; the information-state *string* has perfect recall: every
  fact the player learned, in order (its hands as dealt, its draws, its own groups
  set aside, everyone's public moves).
* **Returns** at the end: :func:`~phase10.rl.game_rewards` (zero-sum).
* **Resampling**: ``state.resample_from_infostate(player, sampler)`` deals the cards
  ``player`` cannot see at random (:func:`~phase10.sample_state`), what OpenSpiel's
  information-set MCTS (``open_spiel.python.algorithms.ismcts``) asks of a game.

>>> import pyspiel
>>> import phase10.openspiel
>>> game = pyspiel.load_game("python_phase10", {"players": 2, "variant": "to-phase-1"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 50)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from .actions import Action, DrawStock, LayGroup, NextHand, Save, TakeSaved
from .cards import ALL_CARDS, format_cards, standard_deck
from .engine import apply, new_game
from .notation import action_to_text
from .rl.codec import ActionCodec
from .rl.common import resolve_rules
from .rl.observation import ObservationEncoder
from .rl.rewards import game_rewards
from .rules import Rules
from .sampling import sample_state
from .state import GameState, Stage
from .text import render
from .views import player_view, spectator_view

__all__ = ["GAME_NAME", "MAX_TURNS", "Phase10Game", "Phase10Observer", "Phase10State"]

GAME_NAME = "python_phase10"
MAX_TURNS = 100_000
"""The default ``max_turns``: a capped game pays 0 to every seat, so the cap lies far above
the length of random play (the longest measured: 46,790 turns, six seats of ``phase-20``);
random rollouts then end with a winner."""
_DEFAULTS: dict[str, Any] = {"players": 2, "variant": "standard", "max_turns": MAX_TURNS, "seed": 0}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Phase 10 (the phase10 rules engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=12,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class _Kept:
    """An immutable value that pyspiel's ``clone()`` (a deep copy) shares instead of copying."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, object]) -> _Kept:
        return self


class Phase10Game(pyspiel.Game):  # type: ignore[misc]
    """The game for one set of parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**_DEFAULTS, **(params or {})}
        rules = resolve_rules(str(merged["variant"]))
        cap = int(merged["max_turns"])
        if rules.max_turns is None or rules.max_turns > cap:
            rules = rules.with_options(max_turns=cap)
        players = int(merged["players"])
        rules.check_players(players)
        self.rules: Rules = rules
        self.players = players
        self.seed = int(merged["seed"])
        self.codec = ActionCodec(rules)
        self.encoder = ObservationEncoder(rules)
        groups = max(len(phase.requirements) for phase in rules.phases)
        per_turn = rules.deck.size + groups + 4  # draw, steps, hits, discard, Save
        deals = (cap + 2) * rules.deck.size
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=len(ALL_CARDS),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=(cap + 1) * per_turn + deals,
        )
        super().__init__(_GAME_TYPE, info, merged)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        """Pickled as its parameters: pyspiel's own pickling of a game rebuilds the C++ game
        but not this object's attributes (the rules, the codec), and OpenSpiel pickles a
        Python state, its game included, to serialize it."""
        return pyspiel.load_game, (str(self),)

    def new_initial_state(self) -> Phase10State:
        return Phase10State(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Phase10Observer:
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return Phase10Observer(self, kind)


class Phase10State(pyspiel.State):  # type: ignore[misc]
    """One position: a chance node while a deal is under way, otherwise a seat to move."""

    def __init__(self, game: Phase10Game) -> None:
        super().__init__(game)
        self._game = _Kept(game)
        self._state = _Kept(None)
        self._dealt: tuple[int, ...] = ()
        self._logs = _Kept(tuple(() for _ in range(game.players)))

    @property
    def game_state(self) -> GameState | None:
        """The phase10 state (``None`` before the first deal is complete)."""
        state: GameState | None = self._state.value
        return state

    def _deck_left(self) -> Counter[int]:
        """The cards still to place in the deal under way: the deck less Save piles."""
        game: Phase10Game = self._game.value
        left = Counter(card.code for card in standard_deck(game.rules))
        state = self.game_state
        if state is not None:
            for player in state.players:
                left.subtract(card.code for card in player.saved)
        left.subtract(self._dealt)
        return +left

    def _dealing(self) -> bool:
        state = self.game_state
        return state is None or state.stage is Stage.HAND_OVER

    def current_player(self) -> int:
        state = self.game_state
        if state is not None and state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._dealing():
            return int(pyspiel.PlayerId.CHANCE)
        assert state is not None
        assert state.current_player is not None
        return state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        game: Phase10Game = self._game.value
        state = self.game_state
        assert state is not None
        return game.codec.legal_indices(state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._deck_left()
        total = sum(left.values())
        return [(code, count / total) for code, count in sorted(left.items())]

    def _apply_action(self, action: int) -> None:
        game: Phase10Game = self._game.value
        if self._dealing():
            self._dealt = (*self._dealt, action)
            if self._deck_left():
                return
            deck = [ALL_CARDS[code] for code in self._dealt]
            self._dealt = ()
            state = self.game_state
            if state is None:
                state = new_game(game.players, game.rules, seed=game.seed, deck=deck)
            else:
                state = apply(state, NextHand(deck=deck))
            self._state = _Kept(state)
            self._log_deal(state)
            return
        before = self.game_state
        assert before is not None
        chosen = game.codec.decode(before, action)
        after = apply(before, chosen)
        self._state = _Kept(after)
        self._log_move(before, after, chosen)

    def _log_deal(self, state: GameState) -> None:
        top = state.top_discard
        shown = f"deal {state.hand_number}: upturned {top}" if top else f"deal {state.hand_number}"
        self._logs = _Kept(
            tuple(
                (*log, f"{shown}, my hand {format_cards(state.players[seat].hand)}")
                for seat, log in enumerate(self._logs.value)
            )
        )

    def _log_move(self, before: GameState, after: GameState, action: Action) -> None:
        actor = before.current_player
        assert actor is not None
        text = action_to_text(action)
        public = f"{actor}: {text}"
        private = public
        if isinstance(action, DrawStock):
            drawn = Counter(after.players[actor].hand) - Counter(before.players[actor].hand)
            private = f"{actor}: {text} {format_cards(sorted(drawn.elements()))}"
        elif isinstance(action, LayGroup):
            public = f"{actor}: sets a group aside"
        elif isinstance(action, Save):
            public = f"{actor}: saves a card"
        elif isinstance(action, TakeSaved):
            public = f"{actor}: takes a saved card"
        self._logs = _Kept(
            tuple(
                (*log, private if seat == actor else public)
                for seat, log in enumerate(self._logs.value)
            )
        )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {ALL_CARDS[action]}"
        game: Phase10Game = self._game.value
        state = self.game_state
        if state is not None and action in game.codec.legal_indices(state):
            return action_to_text(game.codec.decode(state, action))
        return game.codec.describe(action)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> Phase10State:
        """A state ``player_id`` cannot tell from this one: the cards it does not see (the
        other hands, the stock's order, face-down Save piles) dealt again at random by
        :func:`~phase10.sample_state`, from a seed drawn with ``probability_sampler`` (a
        callable giving floats in [0, 1), such as ``pyspiel.UniformProbabilitySampler``).
        Its information state for ``player_id`` is this one's; every other seat's ends with
        the hand it holds in the new state (its earlier draws are not known), so that an
        information state still tells its holder's legal moves. At a terminal state it is a
        copy; during a deal (a chance node) it is refused, as nothing is to be searched."""
        state = self.game_state
        copy: Phase10State = self.clone()
        if self.is_terminal():
            return copy
        if state is None or self._dealing():
            raise ValueError("a state is resampled between deals, not during one")
        seed = int(probability_sampler() * 2.0**53)
        world = sample_state(player_view(state, player_id), random.Random(seed))
        copy._state = _Kept(world)
        copy._logs = _Kept(  # each other seat learns the hand it holds in this world
            tuple(
                log if seat == player_id else (*log, _resampled_line(world, seat))
                for seat, log in enumerate(self._logs.value)
            )
        )
        return copy

    def is_terminal(self) -> bool:
        state = self.game_state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        game: Phase10Game = self._game.value
        state = self.game_state
        if state is None or not state.is_over:
            return [0.0] * game.players
        return list(game_rewards(state.winners, game.players))

    def __str__(self) -> str:
        state = self.game_state
        if state is None:
            return f"dealing: {len(self._dealt)} cards placed"
        return render(spectator_view(state))


def _resampled_line(world: GameState, seat: int) -> str:
    """What a seat of a resampled world knows that its log does not say: the hand (and the
    Save pile) dealt to it there, so that its information state tells its legal moves."""
    player = world.players[seat]
    saved = f", my Save pile {format_cards(player.saved)}" if player.saved else ""
    return f"resampled: my hand {format_cards(player.hand)}{saved}"


class Phase10Observer:
    """The observer OpenSpiel asks for: tensors and strings for one player (or the public)."""

    def __init__(self, game: Phase10Game, iig_obs_type: pyspiel.IIGObservationType) -> None:
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("phase10 has no observer that sees every hand")
        self._encoder = game.encoder
        self._private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._recall = iig_obs_type.perfect_recall
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: Phase10State, player: int) -> None:
        game_state = state.game_state
        if game_state is None:
            self.tensor.fill(0.0)
        elif self._private:
            self.tensor[:] = self._encoder.encode_state(game_state, player)
        else:
            self.tensor[:] = self._encoder.encode(spectator_view(game_state))

    def string_from(self, state: Phase10State, player: int) -> str:
        game_state = state.game_state
        if self._recall:
            log: tuple[str, ...] = state._logs.value[player] if self._private else ()
            return "\n".join((f"player {player}", *log))
        if game_state is None:
            return f"dealing: {len(state._dealt)} cards placed"
        view = player_view(game_state, player) if self._private else spectator_view(game_state)
        return render(view)


pyspiel.register_game(_GAME_TYPE, Phase10Game)
