"""``phase10 simulate``: many bot games, summarised; streamed to a file, resumed, merged,
or played in every rotation of the seats to compare bots (``--rotate``).

Game ``i`` is played from seed ``seed + i`` on any backend and worker count,
so runs split by seed ranges (``--seed 0 --games 1000`` here, ``--seed 1000
--games 1000`` there) summarise together with ``--summarize``.
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import os
import sys
from collections.abc import Callable
from typing import TextIO, TypeVar

from ..errors import InvalidDataError
from ..simulate import (
    DEFAULT_MAX_ACTIONS,
    GAMES,
    BotComparison,
    GameOutcome,
    SimulationSummary,
    compare_bots,
    simulate,
    summarize_files,
)
from .args import bot_list, check_bot_import, import_from_here, positive
from .output import ProgressReporter, print_table

__all__ = ["add_parser", "print_comparison", "print_summary", "run"]


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _interval(bounds: tuple[float, float]) -> str:
    return f"{100 * bounds[0]:.1f}-{100 * bounds[1]:.1f}%"


def _heading(summary: SimulationSummary) -> str:
    contiguous = summary.seeds == ((summary.seed, summary.seed + summary.games),)
    games = (
        f"{summary.games} games from seed {summary.seed}"
        if contiguous or not summary.games
        else f"{summary.games} games, seeds {summary.describe_seeds()}"
    )
    return f"phase10 simulate: {summary.spec} rules, {summary.players} players, {games}\n"


def print_summary(out: TextIO, summary: SimulationSummary, *, plain: bool = False) -> None:
    """The summary tables of ``phase10 simulate``: per game, per seat and per bot."""
    out.write(_heading(summary))
    overview = [
        ["games", str(summary.games)],
        ["hands per game, mean", f"{summary.hands_mean:.2f}"],
        ["hands per game, median", f"{summary.hands_median:g}"],
        ["turns per game, mean", f"{summary.turns_mean:.1f}"],
        ["turns per game, median", f"{summary.turns_median:g}"],
        ["final score, mean", f"{summary.mean_score:.1f}"],
    ]
    if summary.unfinished:
        overview.insert(1, ["unfinished (action cap, not counted)", str(summary.unfinished)])
    print_table(out, ["", "value"], overview, title="Games", plain=plain)
    seats = [
        [
            str(seat),
            summary.bots[seat],
            f"{summary.wins_by_seat[seat]:g}",
            _percent(summary.win_rate_by_seat[seat]),
            _interval(summary.win_interval_by_seat[seat]),
            f"{summary.mean_score_by_seat[seat]:.1f}",
            f"{summary.mean_phases_by_seat[seat]:.2f}",
        ]
        for seat in range(summary.players)
    ]
    headers = ["seat", "bot", "wins", "win rate", "95% interval", "mean score", "mean phases"]
    print_table(out, headers, seats, title="By seat", plain=plain, right=_RIGHT_SEATS)
    intervals = summary.win_interval_by_bot
    kinds = [
        [
            name,
            str(summary.bots.count(name)),
            _percent(rate),
            _interval(intervals[name]),
            f"{summary.mean_score_by_bot[name]:.1f}",
        ]
        for name, rate in summary.win_rate_by_bot.items()
    ]
    headers = ["bot", "seats", "win rate per seat", "95% interval", "mean score"]
    print_table(out, headers, kinds, title="By bot", plain=plain, right=_RIGHT_BOTS)


def print_comparison(out: TextIO, comparison: BotComparison, *, plain: bool = False) -> None:
    """The tables of ``phase10 simulate --rotate``: per bot over every rotation, per rotation."""
    first = comparison.rotations[0]
    out.write(
        f"phase10 simulate --rotate: {comparison.spec} rules, {len(comparison.bots)} players, "
        f"{len(comparison.rotations)} rotations of {first.games} games from seed {first.seed}\n"
    )
    tables = {summary.bots: summary for summary in comparison.rotations}
    if len(tables) < len(comparison.rotations):
        out.write(
            f"{len(tables)} distinct tables: a rotation that seats the same table as an earlier "
            "one plays the same games and counts once\n"
        )
    unfinished = sum(summary.unfinished for summary in tables.values())  # as the standings
    if unfinished:
        out.write(f"unfinished (action cap, not counted): {unfinished}\n")
    rows = [
        [
            s.bot,
            str(s.seats),
            str(s.games),
            f"{s.wins:g}",
            _percent(s.win_rate),
            _interval(s.win_interval),
            f"{s.mean_score:.1f}",
            f"{s.mean_phases:.2f}",
        ]
        for s in comparison.standings
    ]
    headers = ["bot", "seats", "games", "wins", "win rate", "95% interval", "score", "phases"]
    title = "By bot, every rotation (rates and means per seat)"
    print_table(out, headers, rows, title=title, plain=plain, right=_RIGHT_CMP)
    turns = [
        [str(r), ",".join(summary.bots), " ".join(_percent(w) for w in summary.win_rate_by_seat)]
        for r, summary in enumerate(comparison.rotations)
    ]
    headers = ["rotation", "seats 0, 1, ...", "win rate by seat"]
    print_table(out, headers, turns, title="By rotation", plain=plain, right=[True, False, False])


_RIGHT_CMP = [False, True, True, True, True, True, True, True]
_RIGHT_SEATS = [True, False, True, True, True, True, True]
_RIGHT_BOTS = [False, True, True, True, True]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``simulate`` subcommand and its options."""
    sim = sub.add_parser(
        "simulate",
        help="play many bot games and summarise them",
        description="Play many seeded bot games and summarise them: hands per game, win rates "
        "by seat and by bot with 95% intervals, mean scores. Game i is played from seed + i, "
        "so the result depends neither on --workers nor on --backend.",
    )
    sim.add_argument("--games", type=positive, default=None, help="how many games (default 100)")
    sim.add_argument(
        "--players", type=positive, default=None, help="seats (default: one per bot named, or 4)"
    )
    sim.add_argument(
        "--variant",
        default=None,
        help="a variant spec, e.g. even-phases (for --game dice or twist, a preset of that game)",
    )
    sim.add_argument(
        "--game", choices=GAMES, default=None, help="which game of the family (default cards)"
    )
    bots = sim.add_mutually_exclusive_group()
    bots.add_argument(
        "--bots",
        type=bot_list,
        default=None,
        help="built-in bots, one per seat or taken in turn, comma-separated, e.g. greedy,random",
    )
    bots.add_argument(
        "--bot",
        action="append",
        metavar="BOT",
        help="a seat's bot: greedy, random, or your own as module.path:factory "
        "(repeat for the next seats; bots are taken in turn)",
    )
    sim.add_argument("--seed", type=int, default=None, help="game i is played from seed + i (0)")
    sim.add_argument(
        "--workers",
        type=positive,
        default=None,
        help="processes, or Ray tasks at a time (default: 1 locally, every CPU on Ray)",
    )
    sim.add_argument(
        "--backend", choices=("local", "ray"), default=None, help="where games run (local)"
    )
    sim.add_argument(
        "--start-method",
        choices=multiprocessing.get_all_start_methods(),
        default=None,
        help="how local worker processes start (default: the platform's way, forkserver "
        "beside threads)",
    )
    sim.add_argument(
        "--address", default=None, help="the Ray cluster to join, e.g. auto (default: start one)"
    )
    sim.add_argument("--out", metavar="FILE", help="write each game to FILE, one JSON line each")
    sim.add_argument(
        "--resume", action="store_true", help="keep the games already in --out, play the rest"
    )
    sim.add_argument(
        "--summarize",
        nargs="+",
        metavar="FILE",
        help="play nothing: summarise results files (and --json summaries) of earlier runs",
    )
    sim.add_argument(
        "--max-actions",
        type=positive,
        default=None,
        help="stop a game after this many actions and count it as unfinished "
        f"(default {DEFAULT_MAX_ACTIONS})",
    )
    sim.add_argument(
        "--rotate",
        action="store_true",
        help="compare the bots fairly: play every rotation of the seats on the same seeds "
        "(--games is split between them) and print each bot's record over all of them",
    )
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.add_argument("--no-progress", action="store_true", help="do not show a progress bar")
    sim.add_argument("--plain", action="store_true", help="plain-text tables and progress")


_PLAYING = tuple(
    (name, "--" + name.replace("_", "-"))
    for name in (
        "games",
        "players",
        "variant",
        "game",
        "bots",
        "bot",
        "seed",
        "workers",
        "backend",
        "start_method",
        "address",
        "out",
        "resume",
        "max_actions",
    )
)
"""The options that play games (``dest`` and flag): ``--summarize`` plays none, so it
refuses them rather than leave them unheeded."""

_PLAYED_DEFAULTS = {
    "games": 100,
    "variant": "standard",
    "game": "cards",
    "seed": 0,
    "backend": "local",
    "max_actions": DEFAULT_MAX_ACTIONS,
}
"""What the options of ``_PLAYING`` with a default are when not given (their parse-time
default is ``None``, so that ``--summarize`` can tell them given)."""


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``phase10 simulate`` with parsed ``args``."""
    if args.rotate:
        given = [flag for name, flag in _KEEPING if getattr(args, name) not in (None, False)]
        if given:
            raise InvalidDataError(
                f"plays every rotation and keeps no games: drop {', '.join(given)}", "--rotate"
            )
    if args.summarize:
        given = [flag for name, flag in _PLAYING if getattr(args, name) not in (None, False)]
        if given:
            raise InvalidDataError(
                f"reads files and plays no games: drop {', '.join(given)}", "--summarize"
            )
        summary = summarize_files(args.summarize)
    else:
        for name, value in _PLAYED_DEFAULTS.items():
            if getattr(args, name) is None:
                setattr(args, name, value)
        if args.rotate:
            return _rotate(args, out)
        written = [0]

        def count(outcome: GameOutcome) -> None:
            written[0] += 1

        out_file = os.fspath(args.out) if args.out else None
        play = functools.partial(simulate, out=out_file, resume=args.resume, on_outcome=count)
        summary_or_none = _play(args, play)
        if summary_or_none is None:
            where = f"{written[0]} new games are in {args.out}" if args.out else "nothing was kept"
            hint = "; run the same command with --resume to finish" if args.out else ""
            sys.stderr.write(f"phase10: interrupted: {where}{hint}\n")
            return 130
        summary = summary_or_none
    if args.json:
        out.write(json.dumps(summary.to_dict(), indent=2) + "\n")
    else:
        print_summary(out, summary, plain=args.plain)
    return 0


_KEEPING = (("out", "--out"), ("resume", "--resume"), ("summarize", "--summarize"))
"""The options that keep or read games (``dest`` and flag): ``--rotate`` keeps none."""


def _rotate(args: argparse.Namespace, out: TextIO) -> int:
    """``--rotate``: every rotation of the table, the bots' records pooled over them."""
    comparison = _play(args, compare_bots)
    if comparison is None:
        sys.stderr.write("phase10: interrupted: nothing was kept\n")
        return 130
    if args.json:
        out.write(json.dumps(comparison.to_dict(), indent=2) + "\n")
    else:
        print_comparison(out, comparison, plain=args.plain)
    return 0


_Played = TypeVar("_Played")


def _play(args: argparse.Namespace, play: Callable[..., _Played]) -> _Played | None:
    """Call ``play`` (``simulate`` or ``compare_bots``) with the playing options of ``args``,
    behind a progress bar; ``None`` after Ctrl-C."""
    if any(":" in bot for bot in args.bot or ()):
        import_from_here()
        if args.game == "cards":  # Dice and Twist refuse any bot of one's own
            for bot in args.bot:
                check_bot_import(bot, ray=args.backend == "ray")
    reporter = ProgressReporter(sys.stderr, "simulating", plain=args.plain, unit="games")
    try:
        with reporter:
            return play(
                args.variant,
                args.bot or args.bots or ("greedy",),
                args.games,
                args.seed,
                args.workers,
                players=args.players,
                progress=None if args.no_progress else reporter,
                backend=args.backend,
                address=args.address,
                max_actions=args.max_actions,
                game=args.game,
                start_method=args.start_method,
            )
    except KeyboardInterrupt:
        return None
