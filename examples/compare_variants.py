"""Compare variants by simulation: how long games last and how often each bot wins.

Plays the same number of seeded bot games under each variant with
``phase10.simulate.simulate`` and prints one table row per variant. Where
matplotlib is installed it also saves a bar chart of hands per game.

    python examples/compare_variants.py
    python examples/compare_variants.py --games 50 --workers 4 --plot variants.png
    python examples/compare_variants.py --variants standard,masters --bots greedy,random

``--workers`` only changes the speed: game ``i`` of every variant is played
from ``seed + i``, so the numbers are the same with any number of processes.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import sys
from collections.abc import Sequence

from phase10.simulate import SimulationSummary, simulate

DEFAULT_VARIANTS = "standard,even-phases,odd-phases,to-phase-5,ten-hands"


def table(summaries: Sequence[SimulationSummary]) -> list[str]:
    """One row per variant: games, hands per game, mean final score, win rate per bot."""
    kinds = list(dict.fromkeys(kind for s in summaries for kind in s.bots))
    head = ["variant", "games", "hands mean", "hands median", "mean score"]
    head += [f"{kind} wins" for kind in kinds]
    rows = [head]
    for s in summaries:
        rates = [f"{s.win_rate_by_bot[k]:.0%}" if k in s.win_rate_by_bot else "-" for k in kinds]
        rows.append(
            [
                s.spec,
                str(s.games),
                f"{s.hands_mean:.1f}",
                f"{s.hands_median:g}",
                f"{s.mean_score:.0f}",
                *rates,
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = [
        "  ".join(
            cell.rjust(w) if i else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        )
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines


def plot(summaries: Sequence[SimulationSummary], path: str) -> bool:
    """Save a bar chart of mean hands per game to ``path``; False without matplotlib."""
    if importlib.util.find_spec("matplotlib") is None:
        return False
    # Imported by name: matplotlib is optional, and type checkers need not know it.
    matplotlib = importlib.import_module("matplotlib")
    matplotlib.use("Agg")  # draw to a file; no display needed
    plt = importlib.import_module("matplotlib.pyplot")

    figure, axes = plt.subplots(figsize=(8, 4))
    axes.bar([s.spec for s in summaries], [s.hands_mean for s in summaries])
    axes.set_ylabel("hands per game (mean)")
    axes.set_title(f"phase10 variants, {summaries[0].games} games each")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compare variants by simulation.")
    parser.add_argument("--variants", default=DEFAULT_VARIANTS, help="comma-separated specs")
    parser.add_argument("--games", type=int, default=20, help="games per variant (20)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--bots", default="greedy,random", help="bots, repeated around the table (greedy,random)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--plot", default="compare_variants.png", help="where to save the chart")
    args = parser.parse_args(argv)

    kinds = args.bots.split(",")
    bots = [kinds[seat % len(kinds)] for seat in range(args.players)]
    summaries = []
    for spec in args.variants.split(","):
        print(f"simulating {spec} ...", file=sys.stderr)
        summaries.append(
            simulate(spec, bots, args.games, args.seed, args.workers, players=args.players)
        )
    print("\n".join(table(summaries)))
    if plot(summaries, args.plot):
        print(f"chart saved to {args.plot}")
    else:
        print("(install matplotlib to also get a chart)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
