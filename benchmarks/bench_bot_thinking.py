"""GreedyBot's thinking alone: recorded decisions replayed, microseconds per decision.

Plays ``--games`` GreedyBot games per variant, records every decision (view and listing),
then times ``GreedyBot.choose`` over the recorded decisions with fresh bots per game, as
in a game (each bot's memory starts empty), CPU time, the lowest of ``--passes`` passes.
Run it on two checkouts back to back to compare the bot's cost without the engine's::

    PYTHONPATH=src python benchmarks/bench_bot_thinking.py standard masters
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

from report import describe, emit, format_load, header, load_average

from phase10 import Action, GreedyBot, PlayerView, new_game, play_game

Decision = tuple[int, PlayerView, Sequence[Action]]


class _Recording:
    """A GreedyBot that keeps every decision it is asked."""

    def __init__(self, seat: int, log: list[Decision]) -> None:
        self._seat, self._log, self._bot = seat, log, GreedyBot()

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        self._log.append((self._seat, view, legal))
        return self._bot.choose(view, legal)


def record(variant: str, games: int, players: int) -> list[list[Decision]]:
    """The decisions of ``games`` GreedyBot games, one list per game."""
    out: list[list[Decision]] = []
    for seed in range(games):
        log: list[Decision] = []
        play_game(
            new_game(players, variant, seed=seed), [_Recording(s, log) for s in range(players)]
        )
        out.append(log)
    return out


def replay(games: list[list[Decision]], players: int, passes: int) -> float:
    """The lowest total CPU seconds of ``passes`` replays of the decisions."""
    best = float("inf")
    for _ in range(passes):
        total = 0.0
        for log in games:
            bots = [GreedyBot() for _ in range(players)]
            start = time.process_time()
            for seat, view, legal in log:
                bots[seat].choose(view, legal)
            total += time.process_time() - start
        best = min(best, total)
    return best


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Record and replay each variant's games; the machine, the settings and the figures."""
    machine = describe()
    rows: dict[str, dict[str, float]] = {}
    for variant in args.variants:
        games = record(variant, args.games, args.players)
        count = sum(len(log) for log in games)
        seconds = replay(games, args.players, args.passes)
        rows[variant] = {"decisions": count, "us_per_decision": seconds / count * 1e6}
    return {
        "machine": machine,
        "settings": {"games": args.games, "players": args.players, "passes": args.passes},
        "greedy_thinking": rows,
        "load_average_at_end": load_average(),
    }


def format_report(result: dict[str, Any]) -> str:
    """The plain-text report."""
    settings = result["settings"]
    lines = header(result["machine"])
    lines.append(
        f"GreedyBot.choose over the recorded decisions of {settings['games']} games a variant, "
        f"{settings['players']} seats; CPU time, the lowest of {settings['passes']} passes"
    )
    for variant, row in result["greedy_thinking"].items():
        lines.append(
            f"{variant:<24}{row['us_per_decision']:>8.2f} us a decision "
            f"({row['decisions']:,.0f} decisions)"
        )
    lines.append(f"load average at end {format_load(result['load_average_at_end'])}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=["standard"], help="variant specs")
    parser.add_argument("--games", type=int, default=15, help="games per variant (default 15)")
    parser.add_argument("--players", type=int, default=4, help="seats (default 4)")
    parser.add_argument("--passes", type=int, default=5, help="timed passes (default 5)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    if args.games < 1 or args.passes < 1:
        parser.error("--games and --passes must be at least 1")
    emit(run(args), args.json, format_report)


if __name__ == "__main__":
    main()
