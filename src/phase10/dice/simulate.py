"""One bot game of Phase 10 Dice from a seed, for simulators and benchmarks.

:func:`play_one` has the shape of :func:`phase10.simulate.play_one`: bots are
named (so worker processes build their own) and seeded from the game's seed
and their seat, so an outcome depends only on the arguments.

>>> outcome = play_one("standard", ["greedy", "random"], 5)
>>> outcome.seed, len(outcome.scores), outcome.winners != ()
(5, 2, True)
>>> outcome == play_one("standard", ["greedy", "random"], 5)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

import attrs

from ..family import bot_of_kind
from .bots import DiceBot, GreedyBot, RandomBot, play_game
from .engine import new_game
from .rules import DiceRules

__all__ = ["BOT_KINDS", "DiceOutcome", "make_bot", "play_one"]

_MAKERS: Mapping[str, Callable[[int], DiceBot]] = MappingProxyType(
    {
        "greedy": lambda seed: GreedyBot(),
        "random": RandomBot,
    }
)

BOT_KINDS: tuple[str, ...] = tuple(_MAKERS)
"""The dice bot names :func:`play_one` and ``phase10 demo|play --game dice`` understand."""


def make_bot(kind: str, seed: int) -> DiceBot:
    """A new dice bot of ``kind`` (one of :data:`BOT_KINDS`); ``seed`` seeds random bots.

    >>> type(make_bot("greedy", 0)).__name__
    'GreedyBot'
    """
    return bot_of_kind(_MAKERS, "dice", kind, seed)


@attrs.frozen
class DiceOutcome:
    """How one dice game ended: the facts a simulator's statistics come from."""

    seed: int
    """The game's seed."""
    turns: int
    """Turns played in the whole game."""
    rounds: int
    """Rounds begun: turns divided among the seats, rounded up (final turns included)."""
    winners: tuple[int, ...]
    """The winning seat, several for a shared win, none when ``max_turns`` cut it short."""
    scores: tuple[int, ...]
    """Each seat's final total (the highest wins, D-6.3)."""
    phases: tuple[int, ...]
    """How many phases each seat made."""


def play_one(rules: DiceRules | str | None, bots: Sequence[str], seed: int) -> DiceOutcome:
    """Play one dice game with the named ``bots`` (one per seat) from ``seed``.

    A module-level function, so that worker processes can run it.
    """
    table = [make_bot(kind, seed * 16 + seat) for seat, kind in enumerate(bots)]
    final = play_game(new_game(len(bots), seed=seed, rules=rules), table)
    turns = sum(p.turns for p in final.players)
    return DiceOutcome(
        seed=seed,
        turns=turns,
        rounds=-(-turns // len(bots)),
        winners=final.winners,
        scores=tuple(p.score for p in final.players),
        phases=tuple(len(p.completed) for p in final.players),
    )
