"""The ``phase10`` command: ``demo`` plays a seeded bot game and tells it hand by hand.

Run ``phase10 --help`` (or ``python -m phase10 --help``) for the commands.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from . import variants
from .actions import Action, NextHand
from .bots import Bot, GreedyBot, RandomBot, play_game
from .engine import new_game
from .errors import Phase10Error
from .narration import describe, describe_result
from .state import GameState, Stage

__all__ = ["main"]

DEMO_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


def _bot(kind: str, seed: int) -> Bot:
    if kind == "random":
        return RandomBot(seed)
    return GreedyBot()


def _standings(state: GameState) -> list[str]:
    order = sorted(
        range(len(state.players)),
        key=lambda s: (
            s not in state.winners,
            -len(state.players[s].completed),
            state.players[s].score,
        ),
    )
    lines = []
    for rank, seat in enumerate(order, 1):
        p = state.players[seat]
        mark = "  winner" if seat in state.winners else ""
        lines.append(
            f"{rank:>2}. {p.name:<8} {p.score:>5} points, {len(p.completed):>2} phases{mark}"
        )
    return lines


def run_demo(
    out: TextIO,
    *,
    seed: int = 2026,
    players: int = 4,
    spec: str = "standard",
    bot: str = "greedy",
    verbose: bool = False,
) -> GameState:
    """Play a seeded bot game and write a readable account of it to ``out``."""
    rules = variants.resolve(spec)
    names = DEMO_NAMES[:players]
    state = new_game(names, rules, seed=seed)
    bots = [_bot(bot, seed + i) for i in range(players)]
    out.write(f"phase10 demo: {rules.spec} rules, seed {seed}, players {', '.join(names)}\n")
    out.write(f"\nHand 1 (dealer {names[state.dealer]})\n")

    def on_action(before: GameState, action: Action, after: GameState) -> None:
        if isinstance(action, NextHand):
            out.write(f"\nHand {after.hand_number} (dealer {names[after.dealer]})")
            out.write(" - tiebreak\n" if after.tiebreak else "\n")
            return
        text = describe(before, action)
        important = not text.split(" ", 1)[1].startswith(("drew", "discarded"))
        if verbose or important:
            out.write(f"  {text}\n")
        for seat in after.lost_turns:
            if verbose or after.stage is not Stage.HAND_OVER:
                out.write(f"  {names[seat]} loses a turn\n")
        if after.stage in (Stage.HAND_OVER, Stage.GAME_OVER) and len(after.results) > len(
            before.results
        ):
            result = after.results[-1]
            out.write(f"  {describe_result(after, result)}\n")
            scores = ", ".join(
                f"{p.name} {p.score} (+{result.points[i]}, phase {len(p.completed)})"
                for i, p in enumerate(after.players)
            )
            out.write(f"  Scores: {scores}\n")

    final = play_game(state, bots, on_action=on_action)
    out.write("\nFinal standings\n")
    for line in _standings(final):
        out.write(line + "\n")
    return final


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="phase10", description="The Phase 10 rules engine: demo games and tools."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="play a seeded four-bot game and tell it hand by hand")
    demo.add_argument("--seed", type=int, default=2026, help="the game's seed (default 2026)")
    demo.add_argument("--players", type=int, default=4, choices=range(2, 7), metavar="2-6")
    demo.add_argument("--variant", default="standard", help="a variant spec, e.g. even-phases")
    demo.add_argument("--bot", choices=("greedy", "random"), default="greedy")
    demo.add_argument("-v", "--verbose", action="store_true", help="show every draw and discard")
    sub.add_parser("variants", help="list the registered variants")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``phase10`` command; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "demo":
            run_demo(
                sys.stdout,
                seed=args.seed,
                players=args.players,
                spec=args.variant,
                bot=args.bot,
                verbose=args.verbose,
            )
        elif args.command == "variants":
            for name in variants.names():
                sys.stdout.write(f"{name:<16} {variants.get(name).description}\n")
    except Phase10Error as error:
        sys.stderr.write(f"phase10: {error}\n")
        return 2
    return 0


def console_main() -> None:
    """The console-script entry point: exits with :func:`main`'s status."""
    try:
        status = main()
    except BrokenPipeError:  # e.g. `phase10 demo | head`
        status = 0
    sys.exit(status)
