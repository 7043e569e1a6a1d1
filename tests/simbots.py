"""Bots for the simulation tests, named by import path (``simbots:...``) as a user's would be.

The tests put this directory on ``sys.path`` (pytest does) and ship the module
to Ray workers, so ``simbots:FirstChoice`` works everywhere the games run.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from phase10 import Action, DrawStock, GreedyBot, PlayerView


class FirstChoice:
    """Always the first legal action: a factory that takes no seed."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[0]


class LastChoice:
    """Always the last legal action, from a seeded factory (the seed is unused)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[-1]


def coin(seed: int) -> CoinBot:
    """A factory function: a bot that plays greedily or randomly, by its own seeded coin."""
    return CoinBot(seed)


class CoinBot:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self._greedy = GreedyBot()

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if self._rng.random() < 0.5:
            return self._greedy.choose(view, legal)
        return legal[self._rng.randrange(len(legal))]


class Sleepy:
    """GreedyBot that thinks for a millisecond per choice: games slow enough to interrupt."""

    def __init__(self) -> None:
        self._greedy = GreedyBot()

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        time.sleep(0.001)
        return self._greedy.choose(view, legal)


NOT_A_FACTORY = 3
"""Not callable: naming it as a bot is an error."""


class Crashes:
    """Plays the first legal action until its seat's third turn of a hand, then raises."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if view.turn >= 5:
            raise RuntimeError("out of ideas")
        return legal[0]


class DrawsTwice:
    """Plays the first legal action, but draws again on its seat's third turn of a hand."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if view.turn >= 5 and not any(isinstance(a, DrawStock) for a in legal):
            return DrawStock()
        return legal[0]


class Hangs:
    """Plays the first legal action until its seat's third turn of a hand, then never returns."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if view.turn >= 5:
            time.sleep(3600)
        return legal[0]


def hangs_or_crashes(seed: int) -> Hangs | Crashes:
    """In games of even seed a bot that never returns; in the others one that raises
    (bots are seeded ``game seed * 16 + seat``)."""
    return Hangs() if seed // 16 % 2 == 0 else Crashes()
