"""Compare variants by simulation: how long games last and how often each bot wins.

Plays the same number of seeded bot games under each variant with
``phase10.simulate.simulate`` and prints one table row per variant: how long
games last and the share of games each bot kind won. Where matplotlib is
installed it also saves a chart of both.

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


def games_won(summary: SimulationSummary) -> dict[str, float]:
    """Per bot kind: the share of finished games won by one of its seats (a shared win is
    split).

    This is what "who wins" means to a reader. It differs from the summary's
    ``win_rate_by_bot``, a per-seat rate: with two greedy seats out of four
    that win every game, each greedy seat wins 50% while greedy wins 100%.
    """
    won: dict[str, float] = {}
    for seat, kind in enumerate(summary.bots):
        won[kind] = won.get(kind, 0.0) + summary.wins_by_seat[seat]
    finished = summary.finished  # unfinished games (the action cap) are in no statistic
    return {kind: wins / finished if finished else 0.0 for kind, wins in won.items()}


def table(summaries: Sequence[SimulationSummary]) -> list[str]:
    """One row per variant: games, hands per game, mean final score, games won per bot."""
    kinds = list(dict.fromkeys(kind for s in summaries for kind in s.bots))
    head = ["variant", "games", "hands mean", "hands median", "mean score"]
    head += [f"won by {kind}" for kind in kinds]
    rows = [head]
    for s in summaries:
        won = games_won(s)
        rates = [f"{won[k]:.0%}" if k in won else "-" for k in kinds]
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
    seats = ", ".join(f"{summaries[0].bots.count(k)} {k}" for k in kinds) if summaries else ""
    lines.append(f"'won by X': the share of games a seat of X won ({seats} seats per game).")
    return lines


def plot(summaries: Sequence[SimulationSummary], path: str) -> bool:
    """Save a chart of hands per game and games won per bot to ``path``; False without
    matplotlib."""
    if importlib.util.find_spec("matplotlib") is None:
        return False
    # Imported by name: matplotlib is optional, and type checkers need not know it.
    matplotlib = importlib.import_module("matplotlib")
    matplotlib.use("Agg")  # draw to a file; no display needed
    plt = importlib.import_module("matplotlib.pyplot")

    names = [s.spec for s in summaries]
    kinds = list(dict.fromkeys(kind for s in summaries for kind in s.bots))
    figure, (hands, wins) = plt.subplots(1, 2, figsize=(11, 4))
    hands.bar(names, [s.hands_mean for s in summaries])
    hands.set_ylabel("hands per game (mean)")
    width = 0.8 / max(len(kinds), 1)
    for i, kind in enumerate(kinds):
        shares = [100 * games_won(s).get(kind, 0.0) for s in summaries]
        offsets = [x + (i - (len(kinds) - 1) / 2) * width for x in range(len(names))]
        wins.bar(offsets, shares, width, label=kind)
    wins.set_xticks(range(len(names)), names)
    wins.set_ylabel("games won (%)")
    wins.set_ylim(0, 119)  # room for the legend above the bars
    wins.legend(loc="upper center", ncol=len(kinds))
    for axes in (hands, wins):
        axes.tick_params(axis="x", labelrotation=30)
    figure.suptitle(f"phase10 variants, {summaries[0].games} games each")
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
