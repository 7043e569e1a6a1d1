"""``phase10 simulate``: many bot games, summarised (``--json`` for programs)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from ..simulate import SimulationSummary, simulate
from .args import bot_list, positive, whole
from .output import ProgressReporter, print_table

__all__ = ["add_parser", "print_summary", "run"]


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def print_summary(out: TextIO, summary: SimulationSummary, *, plain: bool = False) -> None:
    """The summary tables of ``phase10 simulate``: per game, per seat and per bot."""
    out.write(
        f"phase10 simulate: {summary.spec} rules, {summary.players} players, "
        f"{summary.games} games from seed {summary.seed}\n"
    )
    overview = [
        ["games", str(summary.games)],
        ["hands per game, mean", f"{summary.hands_mean:.2f}"],
        ["hands per game, median", f"{summary.hands_median:g}"],
        ["turns per game, mean", f"{summary.turns_mean:.1f}"],
        ["final score, mean", f"{summary.mean_score:.1f}"],
    ]
    print_table(out, ["", "value"], overview, title="Games", plain=plain)
    seats = [
        [
            str(seat),
            summary.bots[seat],
            f"{summary.wins_by_seat[seat]:g}",
            _percent(summary.win_rate_by_seat[seat]),
            f"{summary.mean_score_by_seat[seat]:.1f}",
            f"{summary.mean_phases_by_seat[seat]:.2f}",
        ]
        for seat in range(summary.players)
    ]
    headers = ["seat", "bot", "wins", "win rate", "mean score", "mean phases"]
    print_table(out, headers, seats, title="By seat", plain=plain)
    kinds = [
        [
            kind,
            str(summary.bots.count(kind)),
            _percent(rate),
            f"{summary.mean_score_by_bot[kind]:.1f}",
        ]
        for kind, rate in summary.win_rate_by_bot.items()
    ]
    headers = ["bot", "seats", "win rate per seat", "mean score"]
    print_table(out, headers, kinds, title="By bot", plain=plain)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``simulate`` subcommand and its options."""
    sim = sub.add_parser(
        "simulate",
        help="play many bot games and summarise them",
        description="Play many seeded bot games and summarise them: hands per game, win rates "
        "by seat and by bot, mean scores. Game i is played from seed + i, so the result does "
        "not depend on --workers.",
    )
    sim.add_argument("--games", type=whole, default=100, help="how many games (default 100)")
    sim.add_argument(
        "--players", type=positive, default=None, help="seats (default: one per bot named, or 4)"
    )
    sim.add_argument("--variant", default="standard", help="a variant spec, e.g. even-phases")
    sim.add_argument(
        "--bots",
        type=bot_list,
        default=("greedy",),
        help="one bot per seat or one for all, comma-separated, e.g. greedy,random",
    )
    sim.add_argument("--seed", type=int, default=0, help="game i is played from seed + i (0)")
    sim.add_argument("--workers", type=positive, default=1, help="local processes (default 1)")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.add_argument("--no-progress", action="store_true", help="do not show a progress bar")
    sim.add_argument("--plain", action="store_true", help="plain-text tables and progress")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``phase10 simulate`` with parsed ``args``."""
    bots: tuple[str, ...] = args.bots
    reporter = ProgressReporter(sys.stderr, "simulating", plain=args.plain)
    if args.no_progress:
        summary = simulate(
            args.variant, bots, args.games, args.seed, args.workers, players=args.players
        )
    else:
        with reporter:
            summary = simulate(
                args.variant,
                bots,
                args.games,
                args.seed,
                args.workers,
                players=args.players,
                progress=reporter,
            )
    if args.json:
        out.write(json.dumps(summary.to_dict(), indent=2) + "\n")
    else:
        print_summary(out, summary, plain=args.plain)
    return 0
