"""A bot that looks ahead: determinized Monte Carlo search over :func:`~phase10.sample_state`.

:class:`SearchBot` plays as :class:`~phase10.GreedyBot` does, except where a
choice is close: what to draw and what to discard. There it takes the actions
GreedyBot likes best, deals the cards it cannot see at random a number of times
(a *determinization*: a full state consistent with its view), plays each
candidate out in every one of those worlds with GreedyBots in every seat to the
end of the hand, and leaves GreedyBot's choice only for a candidate whose hands
end clearly better for it against the others. Every candidate is played in the
same worlds, so their difference is measured, not the luck of the deal.

>>> from phase10 import GreedyBot, SearchBot, new_game, play_game
>>> bots = [SearchBot(seed=1, simulations=2), GreedyBot(), GreedyBot()]
>>> play_game(new_game(3, seed=5), bots).is_over
True
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence

from .actions import Action, Discard, DrawStock, TakeDiscard
from .bots import GreedyBot
from .engine import apply, legal_actions
from .sampling import sample_state
from .state import GameState, Stage
from .views import PlayerView, player_view

__all__ = ["SearchBot", "hand_value"]

PHASE_WEIGHT = 1.0
"""What completing a phase is worth in :func:`hand_value`: the unit."""

POINTS_PER_PHASE = 100.0
"""Penalty points that weigh as much as a phase: phases decide the game, points break ties."""

WIN_WEIGHT = 10.0
"""What winning the game in the hand played out adds: more than any hand can."""

MARGIN = 2.0
"""Standard errors by which an option must beat GreedyBot's choice to be taken instead."""

ROLLOUT_ACTIONS = 600
"""Actions after which a rollout stops and is judged where it stands (a stuck hand)."""

_END = (Stage.HAND_OVER, Stage.GAME_OVER)
_SEARCHED = (Discard, DrawStock, TakeDiscard)


class SearchBot:
    """Determinized Monte Carlo search with GreedyBot rollouts to the end of the hand.

    ``simulations`` worlds are sampled for each searched decision; ``candidates``
    bounds the actions tried there, taken in GreedyBot's order of preference
    (its choice first, so ties keep it). ``time_limit`` (seconds), when given,
    stops sampling worlds once spent (at least one is always played), which
    trades the bot's determinism for a bound on its thinking time. Without it
    the bot is deterministic: the same seed and the same views give the same
    choices. Its own generator is the only randomness it uses.

    The first argument is the seed, so ``--bot phase10:SearchBot`` works as a
    factory for :func:`phase10.simulate.simulate` and the CLI.
    """

    DEFAULT_SIMULATIONS = 8
    DEFAULT_CANDIDATES = 2

    def __init__(
        self,
        seed: int | None = None,
        *,
        simulations: int = DEFAULT_SIMULATIONS,
        candidates: int = DEFAULT_CANDIDATES,
        time_limit: float | None = None,
    ) -> None:
        if simulations < 1:
            raise ValueError(f"simulations must be at least 1, not {simulations}")
        if candidates < 1:
            raise ValueError(f"candidates must be at least 1, not {candidates}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit}")
        self.simulations = simulations
        self.candidates = candidates
        self.time_limit = time_limit
        self.rollouts = 0
        """Hands played out so far, over all decisions (a measure of the work done)."""
        self._rng = random.Random(seed)
        self._policy = GreedyBot()

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        first = self._policy.choose(view, legal)
        if view.seat is None or not isinstance(first, _SEARCHED) or self.candidates == 1:
            return first
        options = self._candidates(view, legal, first)
        if len(options) == 1:
            return first
        return options[self._best(view, view.seat, options)]

    def _candidates(self, view: PlayerView, legal: Sequence[Action], first: Action) -> list[Action]:
        """Up to ``candidates`` actions of the kind GreedyBot chose, best liked first."""
        rest: list[Action] = [a for a in legal if a != first and _alike(a, first)]
        options = [first]
        while rest and len(options) < self.candidates:
            pick = self._policy.choose(view, rest)
            options.append(pick)
            rest.remove(pick)
        return options

    def _best(self, view: PlayerView, seat: int, options: Sequence[Action]) -> int:
        """The index of the option whose play-outs end best for ``seat``.

        An option other than GreedyBot's (index 0) must beat it clearly: by more
        than :data:`MARGIN` standard errors of the paired difference. With a few
        worlds the noise of the play-outs is larger than most differences, and
        GreedyBot's own order is the better guess then.
        """
        gains: list[list[float]] = [[] for _ in options]
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for done in range(self.simulations):
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world = sample_state(view, self._rng)
            values = [hand_value(world, self._rollout(apply(world, a)), seat) for a in options]
            for index, value in enumerate(values):
                gains[index].append(value - values[0])
        best, margin = 0, -math.inf
        for index in range(1, len(options)):
            sample = gains[index]
            if len(sample) < 2:
                continue
            mean = statistics.fmean(sample)
            error = statistics.stdev(sample) / math.sqrt(len(sample))
            if mean > max(MARGIN * error, margin):
                best, margin = index, mean
        return best

    def _rollout(self, state: GameState) -> GameState:
        """``state`` played on by GreedyBots to the end of its hand (or a stuck hand's cap)."""
        self.rollouts += 1
        policy = self._policy
        for _ in range(ROLLOUT_ACTIONS):
            if state.stage in _END:
                break
            legal = legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                seat = state.current_player
                assert seat is not None
                action = policy.choose(player_view(state, seat), legal)
            state = apply(state, action)
        return state


def _alike(action: Action, first: Action) -> bool:
    """Whether ``action`` is of the kind of ``first``: a draw, a Skip, or a plain discard.

    A Skip is played when GreedyBot would play one (only its target is searched):
    play-outs from random hands underrate how soon the others finish, which makes
    holding a Skip look better than it is.
    """
    if isinstance(first, Discard):
        return isinstance(action, Discard) and action.card.is_skip == first.card.is_skip
    return isinstance(action, (DrawStock, TakeDiscard))


def hand_value(start: GameState, end: GameState, seat: int) -> float:
    """How well the play from ``start`` to ``end`` went for ``seat`` against the others.

    Each seat's gain is the phases it completed (a lay-down not yet scored
    counts half) less its penalty points over :data:`POINTS_PER_PHASE`; the
    value is the seat's gain less the others' mean, plus :data:`WIN_WEIGHT` if
    the game ended with the seat among the winners (minus it if without).
    """

    def gain(who: int) -> float:
        before, after = start.players[who], end.players[who]
        phases = float(len(after.completed) - len(before.completed))
        if end.stage not in _END and after.laid_down and not before.laid_down:
            phases += 0.5
        points = after.score - before.score
        return PHASE_WEIGHT * phases - points / POINTS_PER_PHASE

    others = [gain(s) for s in range(len(end.players)) if s != seat]
    value = gain(seat) - sum(others) / len(others)
    if end.is_over:
        value += WIN_WEIGHT if seat in end.winners else -WIN_WEIGHT
    return value
