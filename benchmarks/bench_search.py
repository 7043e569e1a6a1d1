"""SearchBot's strength and cost: one SearchBot against three GreedyBots.

Game ``i`` is a four-player game (``--variant``, standard by default) from seed
``--seed + i``; the SearchBot takes seat ``i % 4`` (so it sits in every seat and
deals as often as the others) and is seeded with the game's seed, GreedyBots take
the other seats. Games run on ``--workers`` processes. The report gives the
SearchBot's win rate with its Wilson 95% interval (25% is parity: four equal
players), the GreedyBot seats' rate for comparison, and the SearchBot's thinking
time per decision (CPU time of the process, every decision with more than one
legal action; the searched ones are the long tail), with the machine's load.

A shared win (two players tied on phase and points, A-15) counts as a fraction.
``--bot outs`` pits SearchBot's own-seat policy, :class:`phase10.strategy.OutsBot`,
without any search (a game takes a fraction of a second: the quick way to compare
policies on the same seeds), ``--bot greedy`` a fourth GreedyBot (parity).

    python benchmarks/bench_search.py                      # 200 games, 2 workers
    python benchmarks/bench_search.py --games 8 --simulations 8
    python benchmarks/bench_search.py --games 800 --bot outs
    python benchmarks/bench_search.py --games 200 --json
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence

from report import describe, emit, format_load, load_average

from phase10 import (
    Action,
    Bot,
    GreedyBot,
    PlayerView,
    SearchBot,
    new_game,
    play_game,
)
from phase10.simulate import wilson_interval
from phase10.strategy import OutsBot

PLAYERS = 4
BOTS = ("search", "outs", "greedy")
"""What ``--bot`` may pit against the three GreedyBots."""


def _bot(kind: str, seed: int, simulations: int, endgame: int | None = None) -> Bot:
    if kind == "search":
        return SearchBot(simulations=simulations, seed=seed, endgame_simulations=endgame)
    return OutsBot() if kind == "outs" else GreedyBot()


class _Timed:
    """A bot that records the CPU time of each decision with a choice to make."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.times: list[float] = []

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return self.bot.choose(view, legal)
        began = time.process_time()
        action = self.bot.choose(view, legal)
        self.times.append(time.process_time() - began)
        return action


def play(
    job: tuple[int, str, int, str, int | None],
) -> tuple[float, list[float], int, float]:
    """Game ``seed``: (the tested bot's share of the win, its decision times, hands, seconds)."""
    seed, variant, simulations, kind, endgame = job
    seat = seed % PLAYERS
    timed = _Timed(_bot(kind, seed, simulations, endgame))
    bots: list[Bot] = [GreedyBot() for _ in range(PLAYERS)]
    bots[seat] = timed
    began = time.process_time()
    final = play_game(new_game(PLAYERS, variant, seed=seed), bots)
    share = 1 / len(final.winners) if seat in final.winners else 0.0
    return share, timed.times, final.hand_number, time.process_time() - began


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--simulations", type=int, default=SearchBot.DEFAULT_SIMULATIONS)
    parser.add_argument(
        "--endgame-simulations",
        type=int,
        default=None,
        help="SearchBot's worlds once another seat is down (default: --simulations)",
    )
    parser.add_argument("--bot", choices=BOTS, default="search", help="the bot to test")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    machine = describe()
    jobs = [
        (args.seed + i, args.variant, args.simulations, args.bot, args.endgame_simulations)
        for i in range(args.games)
    ]
    began = time.perf_counter()
    done = 0
    results = []
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for result in pool.imap(play, jobs):
            results.append(result)
            done += 1
            if not args.json:
                wins = sum(r[0] for r in results)
                print(f"  {done}/{args.games} games, {wins:g} won", end="\r", file=sys.stderr)
    elapsed = time.perf_counter() - began
    wins = sum(r[0] for r in results)
    low, high = wilson_interval(wins, len(results))
    times = [t for r in results for t in r[1]]
    report: dict[str, object] = {
        "machine": machine,
        "load_average_end": load_average(),
        "variant": args.variant,
        "games": len(results),
        "bot": args.bot,
        "simulations": args.simulations,
        "endgame_simulations": args.endgame_simulations,
        "wins": wins,
        "win_rate": wins / len(results),
        "wilson95": [low, high],
        "greedy_seat_win_rate": (len(results) - wins) / len(results) / (PLAYERS - 1),
        "decisions_per_game": len(times) / len(results),
        "decision_ms_mean": 1000 * statistics.fmean(times),
        "decision_ms_median": 1000 * statistics.median(times),
        "decision_ms_p90": 1000 * _quantile(times, 0.9),
        "decision_ms_max": 1000 * max(times),
        "game_cpu_seconds_mean": statistics.fmean(r[3] for r in results),
        "hands_per_game": statistics.fmean(r[2] for r in results),
        "wall_seconds": elapsed,
    }
    emit(report, args.json, _text)


def _text(report: dict[str, object]) -> str:
    machine = report["machine"]
    assert isinstance(machine, dict)
    wilson = report["wilson95"]
    assert isinstance(wilson, list)
    low, high = wilson
    endgame = report.get("endgame_simulations")
    deep = "" if endgame is None else f", endgame_simulations={endgame}"
    names = {
        "search": f"SearchBot(simulations={report['simulations']}{deep})",
        "outs": "OutsBot",
    }
    name = names.get(str(report["bot"]), "GreedyBot")
    lines = [
        f"machine: {machine['cpu']}, {machine['cores']} cores usable; {machine['python']}",
        f"load average at start {format_load(machine['load_average'])}, "
        f"at end {format_load(report['load_average_end'])}",  # type: ignore[arg-type]
        f"{report['games']} four-player {report['variant']} games, {name} in seat i % 4 "
        "against three GreedyBots",
        "",
        f"{name.split('(')[0] + ' wins':<21}{report['wins']:g} of {report['games']} = "
        f"{report['win_rate']:.1%}  (Wilson 95%: {low:.1%} - {high:.1%}; parity 25%)",
        f"each GreedyBot seat  {report['greedy_seat_win_rate']:.1%}",
        f"decision time (cpu)  mean {report['decision_ms_mean']:.1f} ms, median "
        f"{report['decision_ms_median']:.1f} ms, p90 {report['decision_ms_p90']:.0f} ms, "
        f"max {report['decision_ms_max']:.0f} ms; "
        f"{report['decisions_per_game']:.0f} decisions with a choice per game",
        f"per game (cpu)       {report['game_cpu_seconds_mean']:.1f} s, "
        f"{report['hands_per_game']:.1f} hands; wall {report['wall_seconds']:.0f} s in all",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
