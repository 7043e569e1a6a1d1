"""Simulation throughput on local processes and on Ray, and the memory of long streamed runs.

Throughput: the same games (same seeds, so the same work) on ``--workers``
local processes and on a local Ray started with as many CPUs, in interleaved
rounds (local, Ray, local, Ray, ...). Ray is started, and its workers warmed
up on a few games, before the timed rounds: a cluster is long-running, and its
start-up is reported on its own. Both backends must return equal summaries.

Memory: each streamed run (``out=`` a results file) in a fresh process; its
peak resident memory (``ru_maxrss``) is reported for the driver and for the
largest worker, next to that of a process that only imports phase10.

    python benchmarks/bench_simulate.py                       # 2000 games, 2 workers
    python benchmarks/bench_simulate.py --games 200 --memory-games 1000,10000
    python benchmarks/bench_simulate.py --skip-ray --json

The machine is shared and noisy: compare the ratios of one run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc

from phase10.simulate import GameOutcome, SimulationSummary, simulate

# The driver's peak is read from VmHWM: ru_maxrss would keep the peak of the process that
# forked it (this benchmark, Ray included) across exec.
_CHILD = """
import json, resource, sys
from phase10.simulate import simulate
spec, bots, out = sys.argv[1], sys.argv[2].split(","), sys.argv[5]
games, workers = int(sys.argv[3]), int(sys.argv[4])
if games:
    summary = simulate(spec, bots, games, 0, workers, out=out)
    assert summary.games == games
try:
    with open("/proc/self/status") as status:
        driver = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
except OSError:
    driver = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"driver_kb": driver, "worker_kb": children}))
"""


def _timed(
    backend: str, spec: str, bots: list[str], games: int, workers: int
) -> tuple[float, SimulationSummary]:
    began = time.perf_counter()
    summary = simulate(spec, bots, games, 0, workers, backend=backend)  # type: ignore[arg-type]
    return time.perf_counter() - began, summary


def throughput(args: argparse.Namespace) -> dict[str, object]:
    """Games per second, per backend and round, and Ray's overhead over local processes."""
    bots = args.bots.split(",")
    backends = ["local"] if args.skip_ray else ["local", "ray"]
    report: dict[str, object] = {"games": args.games, "workers": args.workers}
    if not args.skip_ray:
        import ray

        began = time.perf_counter()
        ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)
        report["ray_start_seconds"] = time.perf_counter() - began
        simulate(args.variant, bots, 4 * args.workers, 10**9, backend="ray")  # warm the workers
    seconds: dict[str, list[float]] = {b: [] for b in backends}
    summaries: dict[str, SimulationSummary] = {}
    for round_ in range(args.rounds):
        for backend in backends:
            elapsed, summary = _timed(backend, args.variant, bots, args.games, args.workers)
            seconds[backend].append(elapsed)
            summaries[backend] = summary
            print(
                f"  round {round_ + 1} {backend:<5} {elapsed:7.1f} s  "
                f"{args.games / elapsed:7.1f} games/s",
                file=sys.stderr,
            )
    if not args.skip_ray:
        import ray

        ray.shutdown()
        assert summaries["ray"] == summaries["local"], "Ray and local processes disagree"
        ratios = [r / lo for r, lo in zip(seconds["ray"], seconds["local"], strict=True)]
        report["ray_overhead_per_round"] = [ratio - 1 for ratio in ratios]
        report["ray_overhead_median"] = statistics.median(ratios) - 1
    report["games_per_second"] = {
        b: args.games / statistics.median(times) for b, times in seconds.items()
    }
    report["seconds"] = seconds
    return report


def _peak(spec: str, bots: str, games: int, workers: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "results.jsonl")
        began = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, spec, bots, str(games), str(workers), out],
            check=True,
            capture_output=True,
            text=True,
        )
        elapsed = time.perf_counter() - began
        size = os.path.getsize(out) if games else 0
    rss = json.loads(done.stdout)
    return {
        "games": games,
        "seconds": elapsed,
        "driver_mb": rss["driver_kb"] / 1024,
        "worker_mb": rss["worker_kb"] / 1024,
        "file_mb": size / 1e6,
    }


def _kept_outcomes_mb(games: int, players: int) -> float:
    """What keeping every outcome in memory (phase10 0.1.0's summary) costs for ``games``."""
    tracemalloc.start()
    kept = [
        GameOutcome(seed, 12, 300, (seed % players,), tuple(range(players)), (7,) * players, 900)
        for seed in range(games)
    ]
    size = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return size / 1e6


def memory(args: argparse.Namespace) -> list[dict[str, float]]:
    """Peak memory of streamed runs of each size in ``--memory-games``."""
    rows = [_peak(args.memory_variant, args.memory_bots, 0, 1)]
    players = len(args.memory_bots.split(","))
    for games in (int(n) for n in args.memory_games.split(",")):
        row = _peak(args.memory_variant, args.memory_bots, games, args.workers)
        row["kept_outcomes_mb"] = _kept_outcomes_mb(games, players)
        rows.append(row)
        print(f"  {games:>7} games: {row['seconds']:.0f} s", file=sys.stderr)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per timed run (2000)")
    parser.add_argument("--variant", default="standard", help="variant of the timed games")
    parser.add_argument("--bots", default="greedy,greedy", help="bots of the timed games")
    parser.add_argument("--workers", type=int, default=2, help="processes, and Ray CPUs (2)")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved rounds (2)")
    parser.add_argument("--memory-games", default="10000,100000", help="sizes of memory runs")
    parser.add_argument("--memory-variant", default="to-phase-1", help="variant of memory runs")
    parser.add_argument("--memory-bots", default="greedy,random", help="bots of memory runs")
    parser.add_argument("--skip-ray", action="store_true", help="time local processes only")
    parser.add_argument("--skip-memory", action="store_true", help="no memory runs")
    parser.add_argument("--skip-throughput", action="store_true", help="no timed runs")
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    args = parser.parse_args()
    report: dict[str, object] = {"python": sys.version.split()[0], "cpus": os.cpu_count()}
    if not args.skip_throughput:
        print("throughput ...", file=sys.stderr)
        report["throughput"] = throughput(args)
    if not args.skip_memory:
        print("memory ...", file=sys.stderr)
        report["memory"] = memory(args)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    _print(report, args)


def _print(report: dict[str, object], args: argparse.Namespace) -> None:
    print(f"Python {report['python']}, {report['cpus']} CPUs")
    speed = report.get("throughput")
    if isinstance(speed, dict):
        print(f"\n{args.games} games of {args.variant} ({args.bots}), {args.workers} workers")
        print("backend  games/s  seconds per round")
        for backend, rate in speed["games_per_second"].items():
            rounds = ", ".join(f"{s:.1f}" for s in speed["seconds"][backend])
            print(f"{backend:<7} {rate:8.1f}  {rounds}")
        if "ray_overhead_median" in speed:
            per_round = ", ".join(f"{100 * o:+.1f}%" for o in speed["ray_overhead_per_round"])
            print(
                f"Ray over local processes: {100 * speed['ray_overhead_median']:+.1f}% median "
                f"(rounds: {per_round}); Ray start-up {speed['ray_start_seconds']:.1f} s"
            )
    rows = report.get("memory")
    if isinstance(rows, list):
        print(f"\nStreamed runs of {args.memory_variant} ({args.memory_bots}), peak RSS")
        print("  games  seconds  driver MB  largest worker MB  file MB  outcomes kept MB")
        for row in rows:
            kept = row.get("kept_outcomes_mb")
            print(
                f"{row['games']:>7}  {row['seconds']:7.0f}  {row['driver_mb']:9.1f}  "
                f"{row['worker_mb']:17.1f}  {row['file_mb']:7.1f}  "
                + (f"{kept:16.1f}" if kept is not None else f"{'(import only)':>16}")
            )


if __name__ == "__main__":
    main()
