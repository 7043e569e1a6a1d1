"""How long GreedyBot games last, by variant and player count (issue 14, docs/variants.rst).

For every registered variant (or the specs given) and every table size from 2 to 6 that
it allows, plays ``--games`` seeded games of GreedyBots with
:func:`phase10.simulate.simulate` and reports the hands and the actions per game
(median and 95th percentile) and the games still unfinished at ``--max-actions``. The
output is the reStructuredText table that ``docs/game_length.inc`` holds (``--out``
writes it there), or JSON with ``--json``::

    python benchmarks/game_length.py --games 30 --remedies --out docs/game_length.inc
    python benchmarks/game_length.py "anti-phase:anti_floor=None" --players 5 6

A spec may end in ``:option=value,...`` to change options of its rules (values are
Python literals): ``anti-phase:anti_floor=None`` is Anti-Phase without its floor.

A game that reaches the action cap counts as unfinished and is left out of the
medians; the table shows how many there were.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import sys
import time
from collections.abc import Sequence

from phase10 import Rules, variants
from phase10.errors import InvalidRulesError
from phase10.simulate import GameOutcome, simulate

REMEDY_SPECS = [
    "anti-phase:anti_floor=None",
    "anti-phase-others:anti_floor=None",
    "anti-phase:anti_floor=None,max_hands=40",
]
"""Anti-Phase as written (V-5.2, no floor), and with the hand cap instead (issue 14)."""


def percentile(values: Sequence[int], fraction: float) -> int:
    """The nearest-rank percentile of sorted ``values`` (the smallest value covering it)."""
    rank = max(1, math.ceil(fraction * len(values)))
    return values[rank - 1]


def rules_of(spec: str) -> Rules:
    """The rules of ``spec``, a variant spec with optional ``:option=value,...``."""
    name, _, options = spec.partition(":")
    rules = variants.resolve(name)
    changes = {}
    for item in filter(None, options.split(",")):
        key, _, value = item.partition("=")
        changes[key.strip()] = ast.literal_eval(value.strip())
    return rules.with_options(**changes) if changes else rules


def measure(spec: str, players: int, games: int, seed: int, max_actions: int) -> dict[str, object]:
    """Play the games of one row and summarise them."""
    hands: list[int] = []
    actions: list[int] = []
    unfinished = 0

    def seen(outcome: GameOutcome) -> None:
        nonlocal unfinished
        if outcome.finished:
            hands.append(outcome.hands)
            actions.append(outcome.actions)
        else:
            unfinished += 1

    started = time.process_time()
    simulate(
        rules_of(spec),
        "greedy",
        games=games,
        seed=seed,
        players=players,
        workers=1,
        on_outcome=seen,
        max_actions=max_actions,
    )
    hands.sort()
    actions.sort()
    row: dict[str, object] = {
        "spec": spec,
        "players": players,
        "games": games,
        "unfinished": unfinished,
        "cpu_seconds": round(time.process_time() - started, 1),
    }
    if hands:
        row.update(
            hands_median=percentile(hands, 0.5),
            hands_p95=percentile(hands, 0.95),
            hands_max=hands[-1],
            actions_median=percentile(actions, 0.5),
            actions_p95=percentile(actions, 0.95),
        )
    return row


def table_sizes(spec: str, wanted: Sequence[int]) -> list[int]:
    """The sizes of ``wanted`` the spec's rules allow."""
    rules = rules_of(spec)
    sizes = []
    for count in wanted:
        try:
            rules.check_players(count)
        except InvalidRulesError:
            continue
        sizes.append(count)
    return sizes


def rst_table(rows: Sequence[dict[str, object]], games: int, max_actions: int) -> str:
    """The rows as a list-table, one line per variant and table size."""
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 30 8 12 12 14 14 10",
        "",
        "   * - Variant",
        "     - Players",
        "     - Hands, median",
        "     - Hands, p95",
        "     - Actions, median",
        "     - Actions, p95",
        "     - Unfinished",
    ]
    for row in rows:
        cells = [
            f"``{row['spec']}``",
            str(row["players"]),
            str(row.get("hands_median", "-")),
            str(row.get("hands_p95", "-")),
            f"{row['actions_median']:,}" if "actions_median" in row else "-",
            f"{row['actions_p95']:,}" if "actions_p95" in row else "-",
            f"{row['unfinished']} of {row['games']}",
        ]
        lines.append(f"   * - {cells[0]}")
        lines.extend(f"     - {cell}" for cell in cells[1:])
    note = (
        f"{games} games of GreedyBots per row (seeds 0 to {games - 1}), at most "
        f"{max_actions:,} actions each; produced by ``python benchmarks/game_length.py "
        f"--games {games} --remedies --out docs/game_length.inc``."
    )
    return "\n".join([note, "", *lines, ""])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", help="variant specs (default: every registered one)")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5, 6])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-actions", type=int, default=100_000)
    parser.add_argument(
        "--remedies", action="store_true", help="also the Anti-Phase rows of REMEDY_SPECS"
    )
    parser.add_argument("--json", action="store_true", help="print JSON rows, not the table")
    parser.add_argument("--out", help="write the table to this file")
    args = parser.parse_args(argv)
    specs = args.specs or list(variants.names())
    if args.remedies:
        specs += REMEDY_SPECS
    rows = []
    for spec in specs:
        for players in table_sizes(spec, args.players):
            row = measure(spec, players, args.games, args.seed, args.max_actions)
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    text = rst_table(rows, args.games, args.max_actions)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
