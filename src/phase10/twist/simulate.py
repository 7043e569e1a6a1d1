"""One bot game of Phase 10 Twist from a seed, for simulators and benchmarks.

:func:`play_one` has the shape of :func:`phase10.dice.play_one`: bots are named
(so worker processes build their own) and seeded from the game's seed and their
seat, so an outcome depends only on the arguments.

>>> outcome = play_one("standard", ["greedy", "random"], 5)
>>> outcome.seed, len(outcome.scores), outcome.finished
(5, 2, True)
>>> outcome == play_one("standard", ["greedy", "random"], 5)
True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..errors import InvalidDataError
from .bots import GreedyBot, RandomBot, TwistBot, play_game
from .engine import new_game
from .rules import TwistRules

__all__ = ["BOT_KINDS", "TwistOutcome", "make_bot", "play_one"]

BOT_KINDS: tuple[str, ...] = ("greedy", "random")
"""The Twist bot names :func:`play_one` and ``phase10 demo|play --game twist`` understand."""


def make_bot(kind: str, seed: int) -> TwistBot:
    """A new Twist bot of ``kind`` (one of :data:`BOT_KINDS`); ``seed`` seeds random bots.

    >>> type(make_bot("greedy", 0)).__name__
    'GreedyBot'
    """
    if kind == "greedy":
        return GreedyBot()
    if kind == "random":
        return RandomBot(seed)
    raise InvalidDataError(f"no Twist bot named {kind!r}; known: {', '.join(BOT_KINDS)}", "bots")


@attrs.frozen
class TwistOutcome:
    """How one Twist game ended: the facts a simulator's statistics come from."""

    seed: int
    """The game's seed."""
    hands: int
    """Hands played."""
    turns: int
    """Turns taken in the whole game, lost turns included."""
    winners: tuple[int, ...]
    """The winning seat, several for a shared win, none for an unfinished game."""
    scores: tuple[int, ...]
    """Each seat's penalty points (T-6.1)."""
    phases: tuple[int, ...]
    """How many phases each seat made."""
    positions: tuple[int, ...]
    """Where each pawn stands at the end."""
    actions: int
    """Actions applied in the whole game, deals included."""
    finished: bool
    """``False`` when the game reached the action cap or ``max_turns`` unwon."""


def play_one(
    rules: TwistRules | str | None,
    bots: Sequence[str],
    seed: int,
    max_actions: int = 1_000_000,
) -> TwistOutcome:
    """Play one Twist game with the named ``bots`` (one per seat) from ``seed``.

    Seat ``s`` gets its bot built from seed ``seed * 16 + s``. A module-level
    function, so that worker processes can run it.
    """
    table = [make_bot(kind, seed * 16 + seat) for seat, kind in enumerate(bots)]
    count = [0]

    def tick(*_: object) -> None:
        count[0] += 1

    final = play_game(
        new_game(len(bots), seed=seed, rules=rules), table, on_action=tick, max_actions=max_actions
    )
    finished = final.is_over and bool(final.winners)
    return TwistOutcome(
        seed=seed,
        hands=len(final.results),
        turns=final.total_turns,
        winners=final.winners if finished else (),
        scores=tuple(p.score for p in final.players),
        phases=tuple(p.made for p in final.players),
        positions=tuple(p.position for p in final.players),
        actions=count[0],
        finished=finished,
    )
