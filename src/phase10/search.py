"""A bot that looks ahead: determinized Monte Carlo search over :func:`~phase10.sample_state`.

:class:`SearchBot` plays as :class:`~phase10.strategy.OutsBot` does (GreedyBot with
draws and discards chosen by the unseen cards that would bring its phase closer),
except where a choice is close: what to draw, what to discard, whom to skip. There
it takes the actions OutsBot likes best, deals the cards it cannot see at random a
number of times (a *determinization*: a full state consistent with its view), lets
the other seats' hands play the turns they have had this hand
(:func:`~phase10.shaping.shaped`, so that they are as close to their phases as
real GreedyBot hands), plays each candidate out in every one of those worlds to the
end of the hand, with OutsBot in its own seat and GreedyBots in the others (the
opponents it meets), and leaves OutsBot's choice only for a candidate whose hands end
clearly better for it against the others. Every candidate is played in the same
worlds, so their difference is measured, not the luck of the deal.

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
from .bots import Distances, GreedyBot
from .engine import apply, legal_actions
from .sampling import sample_state
from .shaping import shaped
from .state import GameState, Stage
from .strategy import OutsBot
from .views import PlayerView, player_view

__all__ = ["SearchBot", "hand_value"]

PHASE_WEIGHT = 1.0
"""What completing a phase is worth in :func:`hand_value`: the unit."""

POINTS_PER_PHASE = 100.0
"""Penalty points that weigh as much as a phase: phases decide the game, points break ties."""

WIN_WEIGHT = 10.0
"""What winning the game in the hand played out adds: more than any hand can."""

MARGIN = 2.0
"""Standard errors by which an option must beat OutsBot's choice to be taken instead.

At one standard error the bot left OutsBot's choice at about one searched decision in
eight and won 25 of 100 games, against 33 at two (the same seeds): the play-outs'
verdicts are noisier than the policy's own order, so only a clear one counts."""

ROLLOUT_ACTIONS = 600
"""Actions after which a rollout stops and is judged where it stands (a stuck hand)."""

_END = (Stage.HAND_OVER, Stage.GAME_OVER)
_SEARCHED = (Discard, DrawStock, TakeDiscard)


class SearchBot:
    """Determinized Monte Carlo search with play-outs to the end of the hand.

    ``simulations`` worlds are sampled for each searched decision; ``candidates``
    bounds the actions tried there, taken in OutsBot's order of preference
    (its choice first, so ties keep it). ``shape=False`` plays out the sampled
    worlds as dealt, the other hands uniform. ``endgame_simulations``, when given, is
    the number of worlds once another seat has laid down (the decisions just before a
    hand ends; by default ``simulations`` as everywhere). ``time_limit`` (seconds), when given,
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
        shape: bool = True,
        endgame_simulations: int | None = None,
    ) -> None:
        if simulations < 1:
            raise ValueError(f"simulations must be at least 1, not {simulations}")
        if endgame_simulations is not None and endgame_simulations < 1:
            raise ValueError(f"endgame_simulations must be at least 1, not {endgame_simulations}")
        if candidates < 1:
            raise ValueError(f"candidates must be at least 1, not {candidates}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit}")
        self.simulations = simulations
        self.endgame_simulations = endgame_simulations
        self.candidates = candidates
        self.time_limit = time_limit
        self.shape = shape
        self._distances = Distances()
        self.rollouts = 0
        """Hands played out so far, over all decisions (a measure of the work done)."""
        self._rng = random.Random(seed)
        self._policy = OutsBot()
        self._others = GreedyBot()

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
        """Up to ``candidates`` actions of the kind OutsBot chose, best liked first."""
        rest: list[Action] = [a for a in legal if a != first and _alike(a, first)]
        options = [first]
        while rest and len(options) < self.candidates:
            pick = self._policy.choose(view, rest)
            options.append(pick)
            rest.remove(pick)
        return options

    def _best(self, view: PlayerView, seat: int, options: Sequence[Action]) -> int:
        """The index of the option whose play-outs end best for ``seat``.

        An option other than OutsBot's (index 0) must beat it clearly: by more
        than :data:`MARGIN` standard errors of the paired difference. With a few
        worlds the noise of the play-outs is larger than most differences, and
        OutsBot's own order is the better guess then.
        """
        gains: list[list[float]] = [[] for _ in options]
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for done in range(self._worlds(view, seat)):
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world = sample_state(view, self._rng)
            if self.shape:
                turns = view.turn // (2 * max(1, len(view.seats)))
                world = shaped(world, seat, turns, self._rng, self._distances)
            ends = [self._rollout(apply(world, a), seat) for a in options]
            values = [hand_value(world, end, seat) for end in ends]
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

    def _worlds(self, view: PlayerView, seat: int) -> int:
        """The worlds to play for a decision: ``endgame_simulations`` once another seat
        has laid down (the hand may end within a circuit), else ``simulations``."""
        deep = self.endgame_simulations
        if deep is not None and any(view.players[s].laid_down for s in view.seats if s != seat):
            return deep
        return self.simulations

    def _rollout(self, state: GameState, me: int) -> GameState:
        """``state`` played on to the end of its hand (or a stuck hand's cap): OutsBot in
        seat ``me``, GreedyBots in the others."""
        self.rollouts += 1
        policy, others = self._policy, self._others
        for _ in range(ROLLOUT_ACTIONS):
            if state.stage in _END:
                break
            legal = legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                seat = state.current_player
                assert seat is not None
                bot = policy if seat == me else others
                action = bot.choose(player_view(state, seat), legal)
            state = apply(state, action)
        return state


def _alike(action: Action, first: Action) -> bool:
    """Whether ``action`` is of the kind of ``first``: a draw, a Skip, or a plain discard.

    A Skip is played when OutsBot would play one (only its target is searched):
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
