"""Benchmark of the foundation layer: meld validation and the phase solver.

Draws random 11-card hands from :func:`phase10.standard_deck` on a fixed seed
and, for each of the ten standard phases, times every call individually with
:func:`time.perf_counter_ns`:

* ``Meld.problem()`` on valid melds and ``laydown_problem()`` on valid lay-downs
  (the first completion of every hand that completes the phase);
* ``can_complete(hand, phase)`` on every hand;
* ``find_completions(hand, phase)`` on every hand.

Run ``python benchmarks/bench_foundation.py --help`` for the options and see
``benchmarks/README.md`` for what each column means.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeVar

import report

import phase10
from phase10 import (
    STANDARD_PHASES,
    Card,
    Meld,
    Phase,
    can_complete,
    find_completions,
    laydown_problem,
    standard_deck,
)

HAND_SIZE = 11

# A valid lay-down of every standard phase, used only when no random hand of the
# sample completes a phase (so that the validation columns are never empty).
_FALLBACK_LAYDOWNS: dict[int, tuple[tuple[str, str], ...]] = {
    1: (("set", "R7 B7 G7"), ("set", "Y2 W R2")),
    2: (("set", "R7 B7 W"), ("run", "R3 W B5 G6")),
    3: (("set", "R7 B7 G7 Y7"), ("run", "R3 R4 B5 W")),
    4: (("run", "R1 B2 W G4 Y5 R6 B7"),),
    5: (("run", "W R3 B4 G5 Y6 R7 W B9"),),
    6: (("run", "R2 B3 G4 W Y6 R7 B8 G9 Y10"),),
    7: (("set", "R7 B7 G7 W"), ("set", "Y2 W R2 G2")),
    8: (("color", "R1 R3 R5 W R8 R11 R12"),),
    9: (("set", "R7 B7 G7 W Y7"), ("set", "Y2 W")),
    10: (("set", "R7 B7 G7 W Y7"), ("set", "Y2 W G2")),
}

Timings = list[int]
T = TypeVar("T")


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of already sorted values (``fraction`` in 0..1)."""
    if not sorted_values:
        return float("nan")
    rank = max(1, -(-len(sorted_values) * fraction // 1))
    return float(sorted_values[int(rank) - 1])


def summarize(samples_ns: Sequence[int]) -> dict[str, float]:
    """Median and p95 of samples in nanoseconds, returned in microseconds."""
    values = sorted(samples_ns)
    if not values:
        return {"median": float("nan"), "p95": float("nan"), "n": 0}
    return {
        "median": statistics.median(values) / 1000.0,
        "p95": percentile(values, 0.95) / 1000.0,
        "n": len(values),
    }


def timer_overhead_ns(rounds: int = 20_000, clock: Callable[[], int] = time.perf_counter_ns) -> int:
    """The median cost of two back-to-back ``clock`` calls (subtracted from samples)."""
    deltas = []
    for _ in range(rounds):
        start = clock()
        deltas.append(clock() - start)
    return int(statistics.median(deltas))


def time_each(
    call: Callable[[T], object],
    args: Sequence[T],
    overhead: int,
    clock: Callable[[], int] = time.perf_counter_ns,
) -> Timings:
    """Time ``call(arg)`` once per argument, each call individually, minus the timer overhead."""
    out: Timings = []
    append = out.append
    for arg in args:
        start = clock()
        call(arg)
        append(max(0, clock() - start - overhead))
    return out


def warm(call: Callable[[T], object], args: Sequence[T], count: int) -> None:
    """Untimed calls on the first ``count`` arguments."""
    for arg in args[:count]:
        call(arg)


def draw_hands(count: int, seed: int) -> list[tuple[Card, ...]]:
    """``count`` random hands of 11 cards from a fresh standard deck each time."""
    rng = random.Random(seed)
    deck = standard_deck()
    return [tuple(rng.sample(deck, HAND_SIZE)) for _ in range(count)]


def fallback_laydown(phase: Phase) -> tuple[Meld, ...]:
    """A hand-built valid lay-down of a standard phase."""
    melds = []
    for req, (kind, cards) in zip(
        phase.requirements, _FALLBACK_LAYDOWNS[phase.number], strict=True
    ):
        assert req.kind == kind, (phase.number, req.kind, kind)
        melds.append(req.make(cards))
    return tuple(melds)


class PhaseCase(NamedTuple):
    """What is timed for one phase, worked out (untimed) before any timing."""

    phase: Phase
    answers: list[bool]
    laydowns: list[tuple[Meld, ...]]
    from_hands: int


def prepare(phase: Phase, hands: Sequence[tuple[Card, ...]]) -> PhaseCase:
    """Which hands complete ``phase``, and one valid lay-down per such hand (checked)."""
    completions = [find_completions(hand, phase) for hand in hands]
    answers = [can_complete(hand, phase) for hand in hands]
    mismatches = sum(1 for a, c in zip(answers, completions, strict=True) if a != bool(c))
    if mismatches:
        raise SystemExit(
            f"phase {phase.number}: can_complete disagrees with find_completions "
            f"on {mismatches} hands"
        )
    laydowns = [found[0] for found in completions if found]
    from_hands = len(laydowns)
    if not laydowns:
        laydowns = [fallback_laydown(phase)]
    for laydown in laydowns:
        why = laydown_problem(laydown, phase)
        if why is not None:
            raise SystemExit(f"phase {phase.number}: solver returned an invalid lay-down: {why}")
    return PhaseCase(phase, answers, laydowns, from_hands)


def _cycle(items: Sequence[T], length: int) -> list[T]:
    """``items`` repeated to at least ``length`` entries."""
    return list(items) * max(1, -(-length // len(items)))


def time_phase(
    case: PhaseCase, hands: Sequence[tuple[Card, ...]], overhead: int, warmup: int
) -> dict[str, Timings]:
    """One round of samples (ns) for every measurement of one phase."""
    phase = case.phase

    def run_can(hand: tuple[Card, ...]) -> object:
        return can_complete(hand, phase)

    def run_find(hand: tuple[Card, ...]) -> object:
        return find_completions(hand, phase)

    def run_meld(meld: Meld) -> object:
        return meld.problem()

    def run_laydown(melds: tuple[Meld, ...]) -> object:
        return laydown_problem(melds, phase)

    # Validation is cheap and the valid lay-downs may be few: cycle them so that
    # the median and p95 rest on as many samples as there are hands.
    meld_args = _cycle([meld for laydown in case.laydowns for meld in laydown], len(hands))
    laydown_args = _cycle(case.laydowns, len(hands))

    warm(run_meld, meld_args, warmup)
    warm(run_laydown, laydown_args, warmup)
    warm(run_can, hands, warmup)
    warm(run_find, hands, warmup)
    gc.collect()
    gc.disable()
    try:
        return {
            "meld_problem_us": time_each(run_meld, meld_args, overhead),
            "laydown_problem_us": time_each(run_laydown, laydown_args, overhead),
            "can_complete_us": time_each(run_can, hands, overhead),
            "find_completions_us": time_each(run_find, hands, overhead),
        }
    finally:
        gc.enable()


def run(hand_count: int, seed: int, warmup: int, rounds: int) -> dict[str, Any]:
    """The whole benchmark as a JSON-ready dictionary."""
    host = report.describe()
    hands = draw_hands(hand_count, seed)
    cases = [prepare(phase, hands) for phase in STANDARD_PHASES]
    # A global warm-up (lets the CPU clock settle) before calibrating the timer.
    for phase in STANDARD_PHASES:
        for hand in hands[:warmup]:
            find_completions(hand, phase)
    samples: list[dict[str, Timings]] = [{} for _ in cases]
    overheads = []
    # Rounds go over all phases in turn, so that a burst of noise on a shared
    # machine is spread over the phases instead of landing on one of them.
    for _ in range(rounds):
        overhead = timer_overhead_ns()
        overheads.append(overhead)
        for case, pooled in zip(cases, samples, strict=True):
            for key, values in time_phase(case, hands, overhead, warmup).items():
                pooled.setdefault(key, []).extend(values)
    rows = []
    for case, pooled in zip(cases, samples, strict=True):
        row: dict[str, Any] = {
            "phase": case.phase.number,
            "name": case.phase.name,
            "complete_share": sum(case.answers) / hand_count,
            "laydowns_from_hands": case.from_hands,
        }
        row.update((key, summarize(values)) for key, values in pooled.items())
        rows.append(row)
    all_can = [ns for pooled in samples for ns in pooled["can_complete_us"]]
    all_find = [ns for pooled in samples for ns in pooled["find_completions_us"]]
    return {
        "benchmark": "foundation",
        "phase10": phase10.__version__,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "host": host,
        "load_average_at_end": report.load_average(),
        "hands": hand_count,
        "hand_size": HAND_SIZE,
        "seed": seed,
        "warmup": warmup,
        "rounds": rounds,
        "timer_overhead_ns": int(statistics.median(overheads)),
        "timer_overhead_ns_per_round": overheads,
        "phases": rows,
        "overall": {
            "can_complete_us": summarize(all_can),
            "find_completions_us": summarize(all_find),
            "can_complete_median_of_phase_medians_us": statistics.median(
                row["can_complete_us"]["median"] for row in rows
            ),
            "complete_share_any_phase": sum(
                1 for i in range(hand_count) if any(case.answers[i] for case in cases)
            )
            / hand_count,
        },
    }


def _fmt(value: float) -> str:
    if value != value:  # NaN
        return "-"
    if value >= 1000:
        return f"{value:,.0f}"
    if value >= 100:
        return f"{value:.0f}"
    return f"{value:.2f}"


def format_table(result: dict[str, Any]) -> str:
    """The plain-text report."""
    cols = ("meld_problem_us", "laydown_problem_us", "can_complete_us", "find_completions_us")
    heads = ("meld.problem", "laydown_problem", "can_complete", "find_completions")
    lines = [
        *report.header(result["host"]),
        f"phase10 {result['phase10']} foundation benchmark: {result['hands']} random "
        f"{result['hand_size']}-card hands, seed {result['seed']}, {result['rounds']} rounds, "
        f"{result['implementation']} {result['python']} ({result['machine']})",
        f"microseconds per call, median / p95; timer overhead "
        f"{result['timer_overhead_ns']} ns subtracted",
        "",
    ]
    header = f"{'phase':<28} {'complete':>8}"
    for head in heads:
        header += f" {head:>21}"
    lines.append(header)
    lines.append("-" * len(header))
    for row in result["phases"]:
        name = f"{row['phase']:>2} {row['name']}"
        if len(name) > 28:
            name = name[:27] + "…"
        line = f"{name:<28} {row['complete_share']:>7.1%}"
        for col in cols:
            cell = f"{_fmt(row[col]['median'])} / {_fmt(row[col]['p95'])}"
            line += f" {cell:>21}"
        if row["laydowns_from_hands"] == 0:
            line += "  (validation: built lay-down)"
        lines.append(line)
    overall = result["overall"]
    cc = overall["can_complete_us"]
    fc = overall["find_completions_us"]
    lines += [
        "",
        f"can_complete over all ten phases: median {_fmt(cc['median'])} us, "
        f"p95 {_fmt(cc['p95'])} us ({cc['n']} calls); median of the phase medians "
        f"{_fmt(overall['can_complete_median_of_phase_medians_us'])} us",
        f"find_completions over all ten phases: median {_fmt(fc['median'])} us, "
        f"p95 {_fmt(fc['p95'])} us ({fc['n']} calls)",
        f"hands completing at least one phase: {overall['complete_share_any_phase']:.1%}",
        f"load average at end {report.format_load(result['load_average_at_end'])}",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Time meld validation, can_complete and find_completions per standard phase."
    )
    parser.add_argument("--hands", type=int, default=2000, help="random hands (default 2000)")
    parser.add_argument("--seed", type=int, default=10, help="random seed (default 10)")
    parser.add_argument(
        "--warmup", type=int, default=200, help="untimed calls per measurement first (default 200)"
    )
    parser.add_argument(
        "--rounds", type=int, default=3, help="timed passes over all phases, pooled (default 3)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    if args.hands < 1 or args.rounds < 1:
        parser.error("--hands and --rounds must be at least 1")
    result = run(args.hands, args.seed, max(0, args.warmup), args.rounds)
    report.emit(result, args.json, format_table)


if __name__ == "__main__":
    main()
