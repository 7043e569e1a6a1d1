"""A Twist game between named bots, from its seed alone: what simulations and benchmarks run.

As with :func:`phase10.dice.play_one`, the bots travel as names (a worker
process builds its own) and each is seeded from the game's seed and its seat:
the same arguments always give the same :class:`TwistOutcome`.

>>> outcome = play_one("standard", ["greedy", "random"], 5)
>>> outcome.seed, len(outcome.scores), outcome.finished
(5, 2, True)
>>> outcome == play_one("standard", ["greedy", "random"], 5)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

import attrs

from ..family import bot_of_kind
from .bots import GAME, GreedyBot, RandomBot, TwistBot
from .engine import new_game
from .rules import TwistRules

__all__ = ["BOT_KINDS", "TwistOutcome", "make_bot", "play_one"]

_MAKERS: Mapping[str, Callable[[int], TwistBot]] = MappingProxyType(
    {
        "greedy": lambda seed: GreedyBot(),
        "random": RandomBot,
    }
)

BOT_KINDS: tuple[str, ...] = tuple(_MAKERS)
"""The Twist bot names :func:`play_one` and ``phase10 demo|play --game twist`` understand."""


def make_bot(kind: str, seed: int) -> TwistBot:
    """A new Twist bot of ``kind`` (one of :data:`BOT_KINDS`); ``seed`` seeds random bots.

    >>> type(make_bot("greedy", 0)).__name__
    'GreedyBot'
    """
    return bot_of_kind(_MAKERS, "Twist", kind, seed)


@attrs.frozen
class TwistOutcome:
    """The end of one Twist game, in the terms of :class:`phase10.simulate.GameOutcome`
    plus where the pawns stand."""

    seed: int
    hands: int
    turns: int
    """Lost turns count."""
    winners: tuple[int, ...]
    """Empty for a game cut short."""
    scores: tuple[int, ...]
    """Penalty points (T-6.1), lower is better."""
    phases: tuple[int, ...]
    """Phases each seat made, in all hands."""
    positions: tuple[int, ...]
    """Each pawn's last space."""
    actions: int
    """Deals between hands count."""
    finished: bool
    """``False``: cut short by the action cap or ``max_turns``, nobody won."""


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
    final, actions = GAME.play_counted(
        new_game(len(bots), seed=seed, rules=rules), table, max_actions
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
        actions=actions,
        finished=finished,
    )
