"""Learning, counted: an environment step against an engine decision in CPU instructions.

``bench_rl.py`` times the two; on a shared machine its rounds scatter by a quarter. This
script counts instead (Valgrind's callgrind, which the load does not change), on the very
same decisions:

* **env**: random play of ``--games`` whole games through the PettingZoo environment
  (``env.last()``, a uniform choice among the indices its mask allows, ``env.step``);
* **engine**: the same games replayed on the engine alone (``legal_actions`` + ``apply``
  of the action each index decoded to, and the deals between hands);
* **choice**: the random agent's own work alone (reading each recorded mask, drawing).

It prints instructions per decision of each and issue 11's ratio, (env - choice) / engine.
With ``--parts`` it also counts, on the same decisions, where the environment's own work
goes: **observation** (``ObservationEncoder.encode_state`` of the seat to play, an encoder
built before the count), **mask** (``ActionCodec.mask_bytes`` and the decoding of the index
drawn) and **listing** (``legal_actions`` alone, which the mask's count includes: the
codec's own work is mask - listing).
Each count runs in its own ``valgrind`` process around one call made through
``operator.call``, the function callgrind is told to count in (CPython's
``_operator_call``), after an uncounted warm-up run and with the collector off.
Needs ``valgrind`` on the ``PATH`` and the ``rl`` extra; about three minutes of CPU (callgrind runs
Python about fifty times slower).

    python benchmarks/count_rl.py
    python benchmarks/count_rl.py --games 4 --players 3 --variant masters --json
    python benchmarks/count_rl.py --parts               # and where the env's own work goes
"""

from __future__ import annotations

import argparse
import gc
import operator
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from bench_rl import add_game_options, choose_on, random_env_game, versions
from report import describe, emit, format_load, header

from phase10 import Action, GameState, apply, legal_actions
from phase10.rl import ActionCodec, ObservationEncoder, env
from phase10.rl.aec import deal_on
from phase10.rl.common import resolve_rules
from phase10.state import Stage

WORKLOADS = ("env", "engine", "choice")
PARTS = ("observation", "mask", "listing")
COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def recorded(args: argparse.Namespace) -> tuple[list[tuple[GameState, list[Action]]], list[Any]]:
    """The games of the env workload: each first state with its actions, and every mask."""
    game = env(args.players, args.variant)
    rng = random.Random(args.seed)
    games: list[tuple[GameState, list[Action]]] = []
    masks: list[Any] = []

    def seen(mask: Any, index: int) -> None:
        if len(masks) == first:  # the game's first decision: its state is the game's start
            games.append((game.game_state, []))
        masks.append(mask)
        games[-1][1].append(game.codec.decode(game.game_state, index))

    for number in range(args.games):
        first = len(masks)
        random_env_game(game, rng, args.seed + number, seen)
    return games, masks


def workload(name: str, args: argparse.Namespace) -> Callable[[], int]:
    """The call to count: it plays ``name``'s part of the recorded games, returns decisions."""
    if name == "env":
        game = env(args.players, args.variant)

        def play_env() -> int:
            rng = random.Random(args.seed)
            return sum(
                random_env_game(game, rng, args.seed + number) for number in range(args.games)
            )

        return play_env
    games, masks = recorded(args)
    if name == "choice":
        return lambda: choose_on(masks, random.Random(args.seed))
    if name in PARTS:
        return part(name, games, args)

    def replay() -> int:
        decisions = 0
        for state, actions in games:
            for action in actions:
                legal_actions(state)
                state = apply(state, action)
                if state.stage is Stage.HAND_OVER:
                    state = deal_on(state)
                decisions += 1
        return decisions

    return replay


def part(
    name: str, games: list[tuple[GameState, list[Action]]], args: argparse.Namespace
) -> Callable[[], int]:
    """One part of the environment's step over the decisions of the recorded games: each
    call builds its encoder or codec first (once per call, not per decision)."""
    rules = resolve_rules(args.variant)
    indices = ActionCodec(rules)
    steps: list[tuple[GameState, int]] = []  # each decision's state and the index drawn
    for state, actions in games:
        for action in actions:
            steps.append((state, indices.encode(action, state)))
            state = apply(state, action)
            if state.stage is Stage.HAND_OVER:
                state = deal_on(state)
    if name == "observation":

        def observe() -> int:
            encoder = ObservationEncoder(rules)
            for state, _ in steps:
                encoder.encode_state(state, state.current_player or 0)
            return len(steps)

        return observe
    if name == "mask":

        def mask() -> int:
            codec = ActionCodec(rules)
            for state, index in steps:
                codec.mask_bytes(state)
                codec.decode(state, index)
            return len(steps)

        return mask

    def listing() -> int:
        for state, _ in steps:
            legal_actions(state)
        return len(steps)

    return listing


def inner(name: str, args: argparse.Namespace) -> None:
    """Run under callgrind: warm up, then the one counted call; print its decisions."""
    work = workload(name, args)
    work()
    gc.collect()
    gc.freeze()
    gc.disable()
    print(operator.call(work))


def count(name: str, args: argparse.Namespace) -> tuple[int, int]:
    """Instructions and decisions of workload ``name``, counted in a valgrind process."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--collect-atstart=no",
        "--toggle-collect=_operator_call",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--inner",
        name,
        *(f"--{key}={getattr(args, key)}" for key in ("games", "players", "variant", "seed")),
    ]
    environment = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=True)
    match = COLLECTED.search(done.stderr)
    if match is None:
        raise SystemExit(f"callgrind counted nothing for {name}:\n{done.stderr[-2000:]}")
    return int(match.group(1)), int(done.stdout.split()[-1])


def run(args: argparse.Namespace) -> dict[str, Any]:
    machine = describe()
    names = WORKLOADS + PARTS if args.parts else WORKLOADS
    counts = {name: count(name, args) for name in names}
    per_decision = {
        name: instructions / decisions for name, (instructions, decisions) in counts.items()
    }
    return {
        "machine": machine,
        "versions": versions(),
        "settings": {key: getattr(args, key) for key in ("games", "players", "variant", "seed")},
        "instructions": {name: counts[name][0] for name in names},
        "decisions": {name: counts[name][1] for name in names},
        "per_decision": per_decision,
        "ratio": (per_decision["env"] - per_decision["choice"]) / per_decision["engine"],
        "load_average_at_end": describe()["load_average"],
    }


def format_report(result: dict[str, Any]) -> str:
    settings = result["settings"]
    lines = header(result["machine"])
    lines.append("versions: " + ", ".join(f"{k} {v}" for k, v in result["versions"].items()))
    lines.append(
        f"{settings['games']} games of {settings['players']}-player {settings['variant']} random "
        f"play from seed {settings['seed']}, counted by callgrind"
    )
    lines.append("")
    lines.append(f"{'workload':<10}{'instructions':>16}{'decisions':>11}{'per decision':>14}")
    for name in result["instructions"]:
        lines.append(
            f"{name:<10}{result['instructions'][name]:>16,}{result['decisions'][name]:>11,}"
            f"{result['per_decision'][name]:>14,.0f}"
        )
    lines.append(f"env step (less the choice) / engine decision: {result['ratio']:.2f}x")
    each = result["per_decision"]
    if "observation" in each:
        own = each["env"] - each["choice"] - each["engine"]
        codec = each["mask"] - each["listing"]
        rest = own - each["observation"] - codec
        lines.append(
            f"the env's own work {own:,.0f} a decision: the observation "
            f"{each['observation']:,.0f}, the codec's mask and decoding {codec:,.0f}, "
            f"the rest {rest:,.0f}"
        )
    lines.append(f"load average at end {format_load(result['load_average_at_end'])}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="whole games (default 2)")
    add_game_options(parser)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--parts", action="store_true", help="also count the observation and the mask alone"
    )
    parser.add_argument("--inner", choices=WORKLOADS + PARTS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.inner:
        inner(args.inner, args)
        return
    if shutil.which("valgrind") is None:
        parser.error("needs valgrind on the PATH (callgrind counts the instructions)")
    emit(run(args), args.json, format_report)


if __name__ == "__main__":
    main()
