"""One simulated game: playing it from its seed, and its line in a results file.

Workers (local processes or Ray tasks) run :func:`play_batch` on a range of
seeds and send back the outcomes; the driver writes each as one JSON line. A
line carries the simulation's variant and bots too, so lines from several runs
or machines can be concatenated, resumed and summarised on their own.

>>> from phase10.variants import resolve
>>> outcome = play_one(resolve("to-phase-1"), ("greedy", "random"), 5)
>>> outcome.seed, outcome.finished, len(outcome.scores)
(5, True, 2)
>>> line = outcome_line(outcome, "to-phase-1", ("greedy", "random"))
>>> read_line(line, "$") == ("to-phase-1", ("greedy", "random"), outcome)
True
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence

import attrs

from ..bots import Bot, play_game
from ..engine import new_game
from ..errors import InvalidDataError, UnfinishedGameError
from ..rules import Rules
from . import fields
from .guard import GuardedBot, Pending, refused
from .players import BotSpec, bot_name, resolve

__all__ = ["DEFAULT_MAX_ACTIONS", "Batch", "GameOutcome", "outcome_line", "play_batch", "play_one"]

DEFAULT_MAX_ACTIONS = 100_000
"""The action cap of one simulated game: about 100 times a long GreedyBot game.

A game that reaches it (bots stuck in a loop) is recorded as unfinished.
"""

_KEYS = (
    "seed",
    "variant",
    "seats",
    "bots",
    "finished",
    "winners",
    "scores",
    "phases",
    "hands",
    "turns",
    "actions",
)


@attrs.frozen
class GameOutcome:
    """How one simulated game ended: the facts the statistics are computed from."""

    seed: int
    """The game's seed (the simulation's seed plus the game's index)."""
    hands: int
    """Hands played, tiebreak hands included."""
    turns: int
    """Turns taken in the whole game, skipped turns included."""
    winners: tuple[int, ...]
    """The winning seat, or several seats for a shared win (none for an unfinished game)."""
    scores: tuple[int, ...]
    """Each seat's final penalty points."""
    phases: tuple[int, ...]
    """How many phases each seat completed."""
    actions: int = 0
    """Actions applied in the whole game, deals between hands included."""
    finished: bool = True
    """``False`` when the game reached the action cap before it ended (bots stuck)."""


def play_one(
    rules: Rules, bots: Sequence[BotSpec], seed: int, max_actions: int = DEFAULT_MAX_ACTIONS
) -> GameOutcome:
    """Play one bot game from ``seed`` and return its outcome.

    Seat ``s`` gets the bot ``bots[s]`` built from seed ``seed * 16 + s``. A game
    still running after ``max_actions`` actions is returned as unfinished. A bot that
    raises, or chooses an action the game refuses, raises a
    :class:`~phase10.simulate.BotError` naming it, its seat and the game.
    """
    factories = [(bot_name(spec), resolve(spec)) for spec in bots]
    return _play(rules, factories, seed, max_actions)


def _play(
    rules: Rules,
    factories: Sequence[tuple[str, Callable[[int], Bot]]],
    seed: int,
    max_actions: int,
) -> GameOutcome:
    pending = Pending()
    table = [
        GuardedBot(factory(seed * 16 + seat), name, seat, seed, pending)
        for seat, (name, factory) in enumerate(factories)
    ]
    count = [0]

    def tick(*_: object) -> None:
        pending.bot = None
        count[0] += 1

    try:
        final = play_game(
            new_game(len(table), rules, seed=seed), table, on_action=tick, max_actions=max_actions
        )
    except UnfinishedGameError as stopped:  # the action cap: recorded, never as finished
        final = stopped.state
    except Exception as error:  # a bot's action the game refused: say whose, where
        fault = refused(pending, error)
        if fault is None:
            raise
        raise fault from error
    finished = final.is_over
    return GameOutcome(
        seed=seed,
        hands=len(final.results),
        turns=final.total_turns,
        winners=final.winners if finished else (),
        scores=tuple(p.score for p in final.players),
        phases=tuple(len(p.completed) for p in final.players),
        actions=count[0],
        finished=finished,
    )


@attrs.frozen
class Batch:
    """The outcomes of consecutive seeds ``start, start + 1, ...`` and the time they took."""

    start: int
    outcomes: tuple[GameOutcome, ...]
    seconds: float


def play_batch(
    rules: Rules, bots: tuple[BotSpec, ...], start: int, count: int, max_actions: int
) -> Batch:
    """Play the games of seeds ``start`` to ``start + count - 1``: one worker task.

    Games are batched so that the cost of sending a task (large on a cluster)
    is shared by many games. Bots are resolved once per batch.
    """
    began = time.perf_counter()
    factories = [(bot_name(spec), resolve(spec)) for spec in bots]
    outcomes = tuple(_play(rules, factories, start + i, max_actions) for i in range(count))
    return Batch(start, outcomes, time.perf_counter() - began)


def outcome_line(outcome: GameOutcome, variant: str, bots: Sequence[str]) -> str:
    """The outcome as one line of a results file (JSON, no newline)."""
    return json.dumps(
        {
            "seed": outcome.seed,
            "variant": variant,
            "seats": len(bots),
            "bots": list(bots),
            "finished": outcome.finished,
            "winners": list(outcome.winners),
            "scores": list(outcome.scores),
            "phases": list(outcome.phases),
            "hands": outcome.hands,
            "turns": outcome.turns,
            "actions": outcome.actions,
        },
        ensure_ascii=False,
    )


def read_line(line: str, where: str) -> tuple[str, tuple[str, ...], GameOutcome]:
    """``(variant, bots, outcome)`` from one line of a results file, checked strictly.

    ``where`` prefixes the JSON path in errors (a file name and line number).
    """
    try:
        data: object = json.loads(line)
    except ValueError as error:
        raise InvalidDataError(f"not a JSON line ({error})", where) from None
    record = fields.obj(data, f"{where} $", _KEYS)
    unknown = sorted(set(record) - set(_KEYS))
    if unknown:
        raise InvalidDataError(f"unknown key {unknown[0]!r}", f"{where} $")

    def at(key: str) -> tuple[object, str]:
        return record[key], f"{where} $.{key}"

    seats = fields.integer(*at("seats"), low=1)
    bots = tuple(
        fields.text(name, f"{where} $.bots[{i}]")
        for i, name in enumerate(fields.items(*at("bots"), length=seats))
    )
    finished = fields.boolean(*at("finished"))
    winners = fields.integers(*at("winners"), low=0)
    if any(seat >= seats for seat in winners) or list(winners) != sorted(set(winners)):
        raise InvalidDataError(
            f"winners must be distinct seats below {seats}, in order", at("winners")[1]
        )
    if winners and not finished:
        raise InvalidDataError("an unfinished game has no winner", at("winners")[1])
    outcome = GameOutcome(
        seed=fields.integer(*at("seed")),
        hands=fields.integer(*at("hands"), low=0),
        turns=fields.integer(*at("turns"), low=0),
        winners=winners,
        scores=fields.integers(*at("scores"), length=seats),
        phases=fields.integers(*at("phases"), length=seats, low=0),
        actions=fields.integer(*at("actions"), low=0),
        finished=finished,
    )
    return fields.text(*at("variant")), bots, outcome
