"""State-level costs: ``player_view``, ``to_json`` and ``from_json`` of mid-game states, and
the memory one ``apply`` adds over the state it was given (structural sharing).

Mid-game states come from seeded 4-player GreedyBot games (``play_game``): from each game,
the middle one of its PLAY-stage states in hands 3 to 5 with melds on the table.

Timing: every call is timed on its own, by default in this process's CPU time
(``process_time_ns``; ``--clock wall`` for ``perf_counter_ns``) with the timer's own cost
subtracted, the garbage collector off during a timed pass; the passes of all rounds are
pooled, and the three calls take turns within each round.

Memory: for transitions of those games from hand 3 on, the objects reachable from the
child state (``gc.get_referents``) that are not reachable from its parent, nor from the
phase10 modules (the card table, shared constants), nor interned singletons (small ints,
enum members, types), added up with ``sys.getsizeof``; per action kind, right after
``apply`` and again after ``legal_actions(child)`` (anything a state caches on itself).

    python benchmarks/bench_state.py
    python benchmarks/bench_state.py --games 40 --rounds 5 --json
"""

from __future__ import annotations

import argparse
import enum
import gc
import statistics
import sys
import time
import types
from collections.abc import Callable, Iterable
from typing import Any

from bench_foundation import summarize, time_each, timer_overhead_ns, warm
from report import describe, emit, format_load, header, load_average

import phase10
from phase10 import (
    Action,
    Discard,
    GameState,
    GreedyBot,
    Stage,
    apply,
    from_json,
    legal_actions,
    new_game,
    play_game,
    player_view,
    to_json,
)

PLAYERS = 4

# ---------------------------------------------------------------------------
# Sample games
# ---------------------------------------------------------------------------


def greedy_transitions(seed: int, players: int, variant: str) -> list[tuple[GameState, Action]]:
    """Every (state, action) of one seeded GreedyBot game."""
    seen: list[tuple[GameState, Action]] = []
    play_game(
        new_game(players, variant, seed=seed),
        [GreedyBot() for _ in range(players)],
        on_action=lambda before, action, _after: seen.append((before, action)),
        max_actions=50_000,
    )
    return seen


def mid_game_state(transitions: list[tuple[GameState, Action]]) -> GameState:
    """The middle PLAY-stage state of hands 3-5 with melds on the table (else any middle)."""
    states = [s for s, _ in transitions]
    mid = [
        s
        for s in states
        if s.stage is Stage.PLAY and 3 <= s.hand_number <= 5 and any(p.melds for p in s.players)
    ]
    return (mid or states)[len(mid or states) // 2]


def action_kind(action: Action) -> str:
    """``Discard`` with a Skip's target is its own kind (it changes more of the state)."""
    if isinstance(action, Discard) and action.target is not None:
        return "Discard (Skip)"
    return type(action).__name__


# ---------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------


CLOCKS: dict[str, Callable[[], int]] = {"cpu": time.process_time_ns, "wall": time.perf_counter_ns}
"""``cpu``: this process's CPU time (a call that other processes interrupt is not charged
for the wait; the timer itself costs ~0.6 us, subtracted); ``wall``: elapsed time."""


def time_calls(
    states: list[GameState], rounds: int, repeat: int, warmup: int, clock: Callable[[], int]
) -> tuple[dict[str, dict[str, float]], list[int]]:
    """Median / p95 (us) of player_view, to_json and from_json on ``states``."""
    texts = [to_json(s) for s in states]
    for state, text in zip(states, texts, strict=True):
        if from_json(text) != state:
            raise SystemExit("from_json(to_json(state)) != state: the benchmark's data is wrong")
    views = [(s, s.current_player if s.current_player is not None else 0) for s in states]
    calls: dict[str, tuple[Any, list[Any]]] = {
        "player_view": (lambda sv: player_view(*sv), views * repeat),
        "to_json": (to_json, states * repeat),
        "from_json": (from_json, texts * repeat),
    }
    samples: dict[str, list[int]] = {name: [] for name in calls}
    overheads = []
    for _ in range(rounds):
        overhead = timer_overhead_ns(clock=clock)
        overheads.append(overhead)
        for name, (call, args) in calls.items():
            warm(call, args, warmup)
            gc.collect()
            gc.disable()
            try:
                samples[name] += time_each(call, args, overhead, clock)
            finally:
                gc.enable()
    return {name: summarize(values) for name, values in samples.items()}, overheads


# ---------------------------------------------------------------------------
# Memory
# ---------------------------------------------------------------------------

_LEAVES = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, enum.Enum)


def _skipped(obj: object) -> bool:
    """Objects no state allocates: types, modules, functions, enum members, singletons."""
    if obj is None or obj is True or obj is False or isinstance(obj, _LEAVES):
        return True
    return type(obj) is int and -5 <= obj <= 256


def reachable(
    roots: Iterable[object], stop: set[int] | frozenset[int] = frozenset()
) -> dict[int, object]:
    """Objects reachable from ``roots`` through ``gc.get_referents``, by id (not past ``stop``)."""
    found: dict[int, object] = {}
    todo = [r for r in roots if not _skipped(r)]
    while todo:
        obj = todo.pop()
        key = id(obj)
        if key in found or key in stop:
            continue
        found[key] = obj
        todo.extend(r for r in gc.get_referents(obj) if not _skipped(r))
    return found


def shared_baseline() -> set[int]:
    """Everything the phase10 modules hold (card table, constants, registered variants)."""
    roots = [
        value
        for name, module in list(sys.modules.items())
        if name == "phase10" or name.startswith("phase10.")
        for value in vars(module).values()
    ]
    return set(reachable(roots))


def added_bytes(parent: GameState, child: GameState, baseline: set[int]) -> int:
    """Bytes of the objects reachable from ``child`` but not from ``parent`` or the baseline."""
    old = baseline | set(reachable([parent], baseline))
    return sum(sys.getsizeof(obj) for obj in reachable([child], old).values())


def deep_bytes(state: GameState, baseline: set[int]) -> int:
    """Bytes of everything reachable from ``state`` except the shared baseline."""
    return sum(sys.getsizeof(obj) for obj in reachable([state], baseline).values())


def measure_memory(
    games: list[list[tuple[GameState, Action]]], per_kind: int
) -> tuple[dict[str, dict[str, float]], dict[str, float]]:
    """Bytes added by one apply, per action kind (first ``per_kind`` of each, hand 3 on)."""
    baseline = shared_baseline()
    added: dict[str, list[int]] = {}
    cached: dict[str, list[int]] = {}
    whole: list[int] = []
    for transitions in games:
        for parent, action in transitions:
            kind = action_kind(action)
            if parent.hand_number < 3 or len(added.get(kind, ())) >= per_kind:
                continue
            child = apply(parent, action)
            added.setdefault(kind, []).append(added_bytes(parent, child, baseline))
            legal_actions(child)
            cached.setdefault(kind, []).append(added_bytes(parent, child, baseline))
            if len(whole) < per_kind:
                whole.append(deep_bytes(parent, baseline))
    rows = {
        kind: {
            "n": len(values),
            "median_bytes": statistics.median(values),
            "max_bytes": max(values),
            "median_bytes_after_legal_actions": statistics.median(cached[kind]),
        }
        for kind, values in sorted(added.items())
    }
    return rows, {"n": len(whole), "median_bytes": statistics.median(whole)}


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------


def run(args: argparse.Namespace) -> dict[str, Any]:
    """The whole benchmark as a JSON-ready dictionary."""
    machine = describe()
    games = [greedy_transitions(args.seed + g, PLAYERS, args.variant) for g in range(args.games)]
    states = [mid_game_state(t) for t in games]
    timings, overheads = time_calls(
        states, args.rounds, args.repeat, args.warmup, CLOCKS[args.clock]
    )
    memory, whole = measure_memory(games, args.per_kind)
    return {
        "benchmark": "state",
        "phase10": phase10.__version__,
        "machine": machine,
        "load_average_at_end": load_average(),
        "settings": {
            "games": args.games,
            "players": PLAYERS,
            "variant": args.variant,
            "seed": args.seed,
            "clock": args.clock,
            "rounds": args.rounds,
            "repeat": args.repeat,
            "warmup": args.warmup,
            "per_kind": args.per_kind,
        },
        "mid_game_states": {
            "n": len(states),
            "median_hand_number": statistics.median(s.hand_number for s in states),
            "median_melds_on_table": statistics.median(
                sum(len(p.melds) for p in s.players) for s in states
            ),
            "median_json_chars": statistics.median(len(to_json(s)) for s in states),
        },
        "timer_overhead_ns": int(statistics.median(overheads)),
        "timings_us": timings,
        "state_bytes": whole,
        "apply_added_bytes": memory,
    }


def format_report(result: dict[str, Any]) -> str:
    """The plain-text report."""
    settings, mid = result["settings"], result["mid_game_states"]
    lines = header(result["machine"])
    lines += [
        f"phase10 {result['phase10']}: {mid['n']} mid-game states of {settings['players']}-player "
        f"{settings['variant']} GreedyBot games (seeds {settings['seed']}..."
        f"{settings['seed'] + settings['games'] - 1}): median hand {mid['median_hand_number']:g}, "
        f"{mid['median_melds_on_table']:g} melds on the table, "
        f"{mid['median_json_chars']:,.0f} JSON characters",
        "",
        f"microseconds ({settings['clock']} time) per call, {settings['rounds']} rounds x "
        f"{settings['repeat']} passes over the states; timer overhead "
        f"{result['timer_overhead_ns']} ns subtracted",
        f"{'call':<24}{'median':>10}{'p95':>10}{'calls':>8}",
    ]
    for name, stats in result["timings_us"].items():
        call = f"{name}(state{', seat' if name == 'player_view' else ''})"
        if name == "from_json":
            call = "from_json(text)"
        lines.append(f"{call:<24}{stats['median']:>10.1f}{stats['p95']:>10.1f}{stats['n']:>8}")
    whole = result["state_bytes"]
    lines += [
        "",
        f"memory: a whole mid-game state is {whole['median_bytes']:,.0f} bytes (median of "
        f"{whole['n']}, shared card table and constants left out); what one apply adds:",
        f"{'action':<16}{'median B':>10}{'max B':>10}{'after legal_actions':>21}{'n':>6}",
    ]
    for kind, row in result["apply_added_bytes"].items():
        lines.append(
            f"{kind:<16}{row['median_bytes']:>10,.0f}{row['max_bytes']:>10,}"
            f"{row['median_bytes_after_legal_actions']:>21,.0f}{row['n']:>6}"
        )
    lines.append(f"load average at end {format_load(result['load_average_at_end'])}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="GreedyBot games (default 20)")
    parser.add_argument("--variant", default="standard", help="variant spec (default standard)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (default 5)")
    parser.add_argument(
        "--repeat", type=int, default=50, help="passes over the states per round (default 50)"
    )
    parser.add_argument("--warmup", type=int, default=50, help="untimed calls first (default 50)")
    parser.add_argument(
        "--per-kind", type=int, default=40, help="transitions measured per action kind (40)"
    )
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="time this process's CPU time (default) or the wall clock",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    if min(args.games, args.rounds, args.repeat, args.per_kind) < 1:
        parser.error("--games, --rounds, --repeat and --per-kind must be at least 1")
    emit(run(args), args.json, format_report)


if __name__ == "__main__":
    main()
