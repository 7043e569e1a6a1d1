"""Many bot games: how long games last and which seat or bot wins, from a laptop to a cluster.

Bot strategies and rule variants are judged by playing many games, not one.
:func:`simulate` plays ``games`` seeded games and returns a
:class:`SimulationSummary` of exact counts (it keeps no game, so memory stays
flat however many games run); ``out=`` streams every game to a results file,
one JSON line each, which ``resume=True`` continues after an interruption.

Game ``i`` is played from seed ``seed + i`` and its bots are seeded from that
game seed and their seat, so a summary depends only on its arguments, never on
the backend (``"local"`` processes or ``"ray"``), the number of workers, or the
order in which games finished.

>>> summary = simulate("to-phase-1", ["greedy", "random"], games=4, seed=1)
>>> summary.games, summary.players, summary.bots, summary.describe_seeds()
(4, 2, ('greedy', 'random'), '1-4')
>>> round(sum(summary.win_rate_by_seat), 6)
1.0
>>> summary == simulate("to-phase-1", ["greedy", "random"], games=4, seed=1, workers=2)
True

Summaries of other seeds merge into one (runs on several machines, say):

>>> more = simulate("to-phase-1", ["greedy", "random"], games=4, seed=5)
>>> SimulationSummary.merge(summary, more) == simulate(
...     "to-phase-1", ["greedy", "random"], games=8, seed=1)
True
"""

from __future__ import annotations

import functools
import itertools
import os
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from typing import Literal

from ..errors import InvalidDataError
from ..limits import SEED_LIMIT, show
from ..rules import Rules
from ..variants import resolve
from .backends import check_backend, open_backend
from .compare import BotComparison, BotStanding, rotations
from .family import GAMES, Game, GameRules, check_bots, family_label, resolve_game_rules
from .guard import BotError
from .outcome import DEFAULT_MAX_ACTIONS, Batch, GameOutcome, play_one
from .players import BOT_KINDS, BotFactory, BotSpec, bot_name, make_bot, seat_bots
from .ray_backend import ray_session
from .results import ResultWriter, read_results, resume_scan, summarize_files
from .runner import Job, Planner, Reorder, check_start_method, drive
from .seeds import SeedSet
from .summary import SimulationSummary, Tally, wilson_interval

__all__ = [
    "BOT_KINDS",
    "DEFAULT_MAX_ACTIONS",
    "GAMES",
    "BotComparison",
    "BotError",
    "BotFactory",
    "BotSpec",
    "BotStanding",
    "Game",
    "GameOutcome",
    "ProgressCallback",
    "SimulationSummary",
    "StartMethod",
    "compare_bots",
    "make_bot",
    "play_one",
    "read_results",
    "simulate",
    "summarize_files",
    "wilson_interval",
]

ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(done, total)``: once before the first game, then as games finish."""

Backend = Literal["local", "ray"]
"""Where games run: ``"local"`` processes, or a ``"ray"`` cluster."""

StartMethod = Literal["fork", "spawn", "forkserver"]
"""How local worker processes start (:mod:`multiprocessing`'s start methods)."""


def _check_whole(value: object, name: str, low: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low):
        at_least = "" if low is None else f" >= {low}"
        raise InvalidDataError(f"{name} must be a whole number{at_least}, not {value!r}", name)


def _cap_label(label: str, max_actions: int) -> str:
    """The variant label with the action cap when it is not the default: a game at one cap
    may be unfinished at a lower one, so runs of two caps must never resume or merge."""
    if max_actions == DEFAULT_MAX_ACTIONS:
        return label
    return f"{label} (action cap {max_actions})"


def simulate(
    spec: str | Rules | GameRules = "standard",
    bots: BotSpec | Sequence[BotSpec] = "greedy",
    games: int = 100,
    seed: int = 0,
    workers: int | None = None,
    *,
    players: int | None = None,
    progress: ProgressCallback | None = None,
    backend: Backend = "local",
    address: str | None = None,
    out: str | os.PathLike[str] | None = None,
    resume: bool = False,
    on_outcome: Callable[[GameOutcome], None] | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    game: Game = "cards",
    start_method: StartMethod | None = None,
) -> SimulationSummary:
    """Play ``games`` bot games from seeds ``seed`` to ``seed + games - 1`` and summarise them.

    ``spec`` is a variant spec or a :class:`~phase10.Rules` (for another
    ``game``, that game's preset spec or rules). ``bots`` is one
    bot per seat, or fewer taken in turn (one bot plays every seat): a
    built-in name (:data:`BOT_KINDS`), an import path ``"module:factory"`` or
    a factory called as ``factory(seed)`` or ``factory()`` for each game and seat.
    ``players`` defaults to the number of bots named (four for one bot).

    ``backend="local"`` plays in this process, or in ``workers`` local
    processes; ``backend="ray"`` plays Ray tasks on the cluster at ``address``
    (a local Ray when ``None``) with ``workers`` tasks at a time (default:
    every CPU of the cluster). ``out`` streams one JSON line per game to that
    file, in seed order; ``resume=True`` counts the games already there and
    plays only the missing seeds (without it an existing non-empty file is
    refused). ``on_outcome(outcome)`` sees each game in seed order. A game
    still running after ``max_actions`` actions is counted as unfinished (a cap other than
    :data:`DEFAULT_MAX_ACTIONS` is part of the variant label, ``"standard (action cap
    500)"``, so that runs of two caps never merge or resume into each other). A bot that
    raises, or chooses an action the game refuses, stops the run with a :class:`BotError`
    naming the bot, its seat, the game's seed, hand and turn (the games written to ``out``
    before it stay there).

    ``start_method`` (``"fork"``, ``"spawn"`` or ``"forkserver"``, where the platform
    has it) says how local worker processes start; by default they start the
    platform's way, or by forkserver in a process that already runs threads
    (:doc:`/simulation` says why). Choose ``"fork"`` to keep the fast start where you know
    no other thread holds a lock, ``"spawn"`` for workers that share nothing.

    ``game`` picks the game of the family: ``"cards"`` (the default), ``"dice"``
    or ``"twist"``, whose ``spec`` is a preset spec of that game or its rules and
    whose bots are the built-in ones (:mod:`phase10.simulate.family`).

    Ctrl-C (``KeyboardInterrupt``) stops the workers, leaves every game written
    so far in ``out``, and is raised again.
    """
    rules: Rules | GameRules
    if game == "cards":
        if not isinstance(spec, (Rules, str)):
            raise InvalidDataError(f"the card game takes a variant spec or Rules, not {spec!r}")
        rules = spec if isinstance(spec, Rules) else resolve(spec)
    else:
        rules = resolve_game_rules(game, spec)
    kinds = seat_bots(bots, players)
    if game != "cards":
        check_bots(game, kinds)
    names = tuple(bot_name(kind) for kind in kinds)
    rules.check_players(len(kinds))
    _check_whole(max_actions, "max_actions", 1)
    label = _cap_label(family_label(game, rules), max_actions)
    _check_whole(games, "games", 0)
    _check_whole(seed, "seed", 0)
    if seed + games > SEED_LIMIT:
        raise InvalidDataError(
            f"game i is played from seed + i, and seeds are below 2**64: {games} games "
            f"cannot start from {show(seed)}",
            "seed",
        )
    if workers is not None:
        _check_whole(workers, "workers", 1)
    if start_method is not None:
        check_start_method(start_method)
    check_backend(backend, address, start_method)
    if resume and out is None:
        raise InvalidDataError(
            "resume needs the results file to continue: out=... (--out FILE)", "resume"
        )
    tally = Tally(label, names)
    done = SeedSet()
    writer: ResultWriter | None = None
    if out is not None:
        if os.path.isdir(out):
            raise InvalidDataError(f"{os.fspath(out)} is a directory: name a file", "out")
        try:
            existing = os.path.exists(out) and os.path.getsize(out) > 0
            if existing and not resume:
                raise InvalidDataError(
                    f"{os.fspath(out)} already holds results: resume it, or choose another file",
                    "out",
                )
            writer = ResultWriter(out, label, names)  # locked: no other run appends now
            try:
                if existing:
                    done = resume_scan(out, label, names, seed, seed + games, tally)
                writer.begin()
            except BaseException:
                writer.close()
                raise
        except OSError as error:
            raise InvalidDataError(
                f"cannot write {os.fspath(out)}: {error.strerror or error}", "out"
            ) from None
    gaps = done.gaps(seed, seed + games)
    completed = len(tally.seeds)
    if progress is not None:
        progress(completed, games)

    def emit(batch: Batch) -> None:
        for outcome in batch.outcomes:
            tally.add(outcome)
        if writer is not None:
            writer.write(batch.outcomes)
        if on_outcome is not None:
            for outcome in batch.outcomes:
                on_outcome(outcome)

    def arrived(batch: Batch) -> None:
        nonlocal completed
        completed += len(batch.outcomes)
        if progress is not None:
            progress(completed, games)

    try:
        first = next(gaps, None)
        if first is not None:
            planner = Planner(itertools.chain([first], gaps))
            job = Job(rules, kinds, max_actions, game)
            backend_used = open_backend(backend, workers, address, start_method, kinds)
            drive(backend_used, job, planner, Reorder(emit), arrived)
    finally:
        if writer is not None:
            writer.close()
    return tally.summary(seed)


def compare_bots(
    spec: str | Rules | GameRules = "standard",
    bots: BotSpec | Sequence[BotSpec] = ("greedy", "random"),
    games: int = 100,
    seed: int = 0,
    workers: int | None = None,
    *,
    players: int | None = None,
    progress: ProgressCallback | None = None,
    backend: Backend = "local",
    address: str | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    game: Game = "cards",
    start_method: StartMethod | None = None,
) -> BotComparison:
    """Compare bots fairly: play every rotation of the table and pool each bot's seats.

    The table (``bots`` and ``players`` as for :func:`simulate`) is turned once per
    seat, ``a,b,c`` then ``b,c,a`` then ``c,a,b``, and each rotation plays
    ``games / players`` games with :func:`simulate` from the same seeds ``seed`` on,
    so every deal is played by every arrangement. ``games`` must be a multiple of
    the number of seats. The other arguments are :func:`simulate`'s; ``progress``
    counts the games of all rotations. Like :func:`simulate`, the result depends
    only on the arguments, never on the backend or the number of workers.
    """
    kinds = seat_bots(bots, players)
    _check_whole(games, "games", 0)
    if games % len(kinds):
        raise InvalidDataError(
            f"every one of the {len(kinds)} rotations of the table plays the same seeds, so "
            f"games must be a multiple of {len(kinds)}, not {games}",
            "games",
        )
    per_rotation = games // len(kinds)
    # Bots are told apart by name (seat_bots refuses two different bots of one name), as
    # summaries and the standings tell them apart.
    tables = rotations(tuple(bot_name(kind) for kind in kinds))
    summaries: list[SimulationSummary] = []
    play = functools.partial(
        simulate,
        backend=backend,
        address=address,
        max_actions=max_actions,
        game=game,
        start_method=start_method,
    )
    play(spec, kinds, 0, seed, workers)  # no game: checks every argument before Ray starts
    if progress is not None:
        progress(0, games)  # before Ray starts: a progress bar shows while it does
    with ray_session(workers, address, kinds) if backend == "ray" else nullcontext():
        for r, turned in enumerate(tables):

            def report(done: int, total: int, before: int = r * per_rotation) -> None:
                if progress is not None:
                    progress(before + done, games)

            turn = kinds[r:] + kinds[:r]
            # A table that repeats (a,b,a,b) turns into itself: the same seeds at the same
            # table play the same games, so a rotation seen before is not played again.
            again = tables.index(turned)
            if again < r:
                summaries.append(summaries[again])
                report(per_rotation, per_rotation)
                continue
            summaries.append(play(spec, turn, per_rotation, seed, workers, progress=report))
    return BotComparison(tuple(summaries))
