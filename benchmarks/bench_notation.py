"""Move notation: ``parse_action`` and ``action_to_text`` over the actions of GreedyBot games.

Plays ``--games`` GreedyBot games, writes every action the bots chose in notation (the mix a
game record or a server reads and writes), then times reading those lines with
``parse_action`` and writing the actions back with ``action_to_text``, all of them and each
kind (``draw``, ``lay``, ``hit``, ...) apart; CPU time, the median of ``--rounds`` rounds
(``--mode`` parse or format for one of the two). With ``--old SRC`` (the ``src`` directory of
another checkout) each round times the same lines with that code too, the two in turn
(alternating which goes first), each in a fresh subprocess, and the report gives old / new;
both must read the lines alike and write them byte for byte alike::

    git archive main src | tar -x -C /tmp/notation-old
    PYTHONPATH=src python benchmarks/bench_notation.py --old /tmp/notation-old/src

``--json`` prints the figures as JSON; ``--report FILE`` prints the table of such a file
again (``-`` for standard input), without timing anything.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from report import describe, emit, format_load, header, load_average

from phase10 import Action, GreedyBot, PlayerView, new_game, play_game
from phase10.notation import action_to_text

HERE = Path(__file__).resolve().parent
NEW_SRC = HERE.parent / "src"
MODES = ("parse", "format")
WHAT = {"parse": "parse_action (text to action)", "format": "action_to_text (action to text)"}


class _Recording:
    """A GreedyBot that keeps, in notation, every action it chooses."""

    def __init__(self, log: list[str]) -> None:
        self._log, self._bot = log, GreedyBot()

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        action = self._bot.choose(view, legal)
        self._log.append(action_to_text(action))
        return action


def record(variant: str, games: int, players: int) -> list[str]:
    """The actions of ``games`` GreedyBot games, in notation, in the order played."""
    lines: list[str] = []
    for seed in range(games):
        play_game(
            new_game(players, variant, seed=seed), [_Recording(lines) for _ in range(players)]
        )
    return lines


def by_kind(lines: Sequence[str]) -> dict[str, list[str]]:
    """The lines by their first word, plus ``all``."""
    kinds: dict[str, list[str]] = {"all": list(lines)}
    for line in lines:
        kinds.setdefault(line.split(None, 1)[0], []).append(line)
    return kinds


def worker(src: str, path: str, repeat: int, modes: Sequence[str]) -> None:
    """In a subprocess: time the ``phase10`` under ``src`` on the lines, print JSON figures.

    Reading is timed on the lines, writing on the actions this version reads from them; each
    mode's digest (of the actions read, of the text written) shows the versions agree.
    """
    sys.path.insert(0, src)
    from phase10.notation import action_to_text, parse_action

    with open(path, encoding="utf-8") as file:
        kinds: dict[str, list[str]] = json.load(file)
    actions = {kind: [parse_action(line) for line in lines] for kind, lines in kinds.items()}
    digests = {
        "parse": repr(actions["all"]),
        "format": "\n".join(action_to_text(action) for action in actions["all"]),
    }
    figures: dict[str, dict[str, Any]] = {}
    for mode in modes:
        us: dict[str, float] = {}
        for kind in kinds:
            items: list[Any] = kinds[kind] if mode == "parse" else actions[kind]
            call: Any = parse_action if mode == "parse" else action_to_text
            start = time.process_time()
            for _ in range(repeat):
                for item in items:
                    call(item)
            us[kind] = (time.process_time() - start) / (repeat * len(items)) * 1e6
        digest = hashlib.sha256(digests[mode].encode()).hexdigest()
        figures[mode] = {"us": us, "digest": digest}
    json.dump(figures, sys.stdout)


def measure(src: Path, path: str, repeat: int, modes: Sequence[str]) -> dict[str, Any]:
    """One round of one version, in a fresh interpreter."""
    command = [sys.executable, __file__, "--worker", str(src), path, "--repeat", str(repeat)]
    out = subprocess.run(
        [*command, "--modes", ",".join(modes)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(src)},
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Record the games, time the versions round by round; the machine, settings, figures."""
    machine = describe()
    lines = [line for variant in args.variants for line in record(variant, args.games, 4)]
    kinds = by_kind(lines)
    modes = MODES if args.mode == "both" else (args.mode,)
    versions = {"new": NEW_SRC} if args.old is None else {"old": Path(args.old), "new": NEW_SRC}
    rounds: dict[str, dict[str, list[dict[str, float]]]] = {
        mode: {name: [] for name in versions} for mode in modes
    }
    digests: dict[str, dict[str, set[str]]] = {m: {n: set() for n in versions} for m in modes}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "lines.json")
        with open(path, "w", encoding="utf-8") as file:
            json.dump(kinds, file)
        order = list(versions)
        for index in range(args.rounds):
            for name in order if index % 2 == 0 else order[::-1]:
                figures = measure(versions[name], path, args.repeat, modes)
                for mode in modes:
                    rounds[mode][name].append(figures[mode]["us"])
                    digests[mode][name].add(figures[mode]["digest"])
    for mode in modes:
        if len(set().union(*digests[mode].values())) != 1:
            raise SystemExit(f"the versions {mode} the lines differently: {digests[mode]}")
    medians = {
        mode: {
            name: {kind: statistics.median(r[kind] for r in runs) for kind in kinds}
            for name, runs in by_name.items()
        }
        for mode, by_name in rounds.items()
    }
    return {
        "machine": machine,
        "settings": {
            "variants": args.variants,
            "games": args.games,
            "rounds": args.rounds,
            "repeat": args.repeat,
            "old": args.old,
            "modes": list(modes),
        },
        "counts": {kind: len(group) for kind, group in kinds.items()},
        "us_median": medians,
        "us_rounds": rounds,
        "load_average_at_end": load_average(),
    }


def _load(value: Sequence[float] | None) -> tuple[float, float, float] | None:
    """A load average as :func:`report.load_average` gives it: JSON holds it as a list."""
    if value is None:
        return None
    one, five, fifteen = value
    return (one, five, fifteen)


def format_report(result: dict[str, Any]) -> str:
    """The plain-text report, of :func:`run`'s result or of the same read back from JSON."""
    settings = result["settings"]
    machine = {**result["machine"], "load_average": _load(result["machine"]["load_average"])}
    lines = header(machine)
    for mode in settings["modes"]:
        medians = result["us_median"][mode]
        lines.append(
            f"{WHAT[mode]} over the actions of {settings['games']} GreedyBot games a variant "
            f"({', '.join(settings['variants'])}, 4 seats); CPU time, us an action, the median "
            f"of {settings['rounds']} rounds of {settings['repeat']} passes"
        )
        names = list(medians)
        head = f"{'kind':<10}{'actions':>9}" + "".join(f"{name:>10}" for name in names)
        lines.append(head + ("    old/new" if len(names) == 2 else ""))
        for kind, count in result["counts"].items():
            row = f"{kind:<10}{count:>9,}" + "".join(f"{medians[n][kind]:>10.2f}" for n in names)
            if len(names) == 2:
                row += f"{medians['old'][kind] / medians['new'][kind]:>10.2f}x"
            lines.append(row)
    lines.append(f"load average at end {format_load(_load(result['load_average_at_end']))}")
    return "\n".join(lines)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        parser = argparse.ArgumentParser()
        parser.add_argument("--worker", required=True)
        parser.add_argument("path")
        parser.add_argument("--repeat", type=int, default=3)
        parser.add_argument("--modes", default=",".join(MODES))
        worker_args = parser.parse_args()
        modes = worker_args.modes.split(",")
        worker(worker_args.worker, worker_args.path, worker_args.repeat, modes)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=["standard"], help="variant specs")
    parser.add_argument("--games", type=int, default=10, help="games per variant (default 10)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (default 5)")
    parser.add_argument("--repeat", type=int, default=3, help="passes a round (default 3)")
    parser.add_argument("--old", help="the src directory of the code to compare with")
    parser.add_argument(
        "--mode", choices=(*MODES, "both"), default="both", help="what to time (default both)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--report", metavar="FILE", help="print the table of a --json file")
    args = parser.parse_args()
    if args.report is not None:
        if args.report == "-":
            print(format_report(json.load(sys.stdin)))
        else:
            with open(args.report, encoding="utf-8") as file:
                print(format_report(json.load(file)))
        return
    if args.games < 1 or args.rounds < 1 or args.repeat < 1:
        parser.error("--games, --rounds and --repeat must be at least 1")
    emit(run(args), args.json, format_report)


if __name__ == "__main__":
    main()
