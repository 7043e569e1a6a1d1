"""What the terminal games of the family share (``--game dice``, ``--game twist``).

Each game supplies its own table, notation and narration; these helpers list
its moves, ask for one, and turn the parsed ``demo`` / ``play`` arguments into
calls of its ``run_demo`` / ``run_play``.

>>> numbered_moves(["roll", "keep 0"], ["all the dice", "R5"])
['    1. roll    all the dice', '    2. keep 0  R5']
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Protocol, TextIO, TypeVar

from ..errors import IllegalActionError
from .common import DEMO_NAMES
from .play import console_ask
from .prompt import Ask, read_move

__all__ = ["ask_move", "demo_runner", "numbered_moves", "play_runner", "seat_names"]

A = TypeVar("A")


def seat_names(players: int) -> list[str]:
    """The bots' names at a table of ``players``."""
    return [DEMO_NAMES[s] if s < len(DEMO_NAMES) else f"Bot {s}" for s in range(players)]


def numbered_moves(texts: Sequence[str], hints: Sequence[str]) -> list[str]:
    """The legal moves, numbered from 1, each in notation with a short hint."""
    width = max((len(t) for t in texts), default=0)
    return [
        f"  {n:>3}. {text:<{width}}  {hint}".rstrip()
        for n, (text, hint) in enumerate(zip(texts, hints, strict=True), 1)
    ]


def ask_move(
    out: TextIO,
    ask: Ask,
    shown: Sequence[str],
    legal: Sequence[A],
    parse: Callable[[str], A],
    check: Callable[[A], IllegalActionError | None],
    help_text: str,
) -> A | None:
    """Ask until the person gives a legal move; ``None`` when they quit or input ends."""

    def problem(action: A) -> str | None:
        error = check(action)
        return None if error is None else error.message

    return read_move(out, ask, shown, legal, parse, problem, help_text)


class _Demo(Protocol):
    def __call__(
        self,
        out: TextIO,
        *,
        seed: int,
        players: int,
        spec: str,
        bot: str,
        verbose: bool,
        save: str | None,
    ) -> object: ...


class _Play(Protocol):
    def __call__(
        self,
        out: TextIO,
        ask: Ask,
        *,
        players: int,
        spec: str,
        seed: int | None,
        seat: int,
        bot: str,
        name: str,
        save: str | None,
    ) -> int: ...


def demo_runner(run: _Demo) -> Callable[[argparse.Namespace, TextIO], int]:
    """The runner of ``phase10 demo --game NAME`` for a game's ``run_demo``."""

    def demo(args: argparse.Namespace, out: TextIO) -> int:
        run(
            out,
            seed=args.seed,
            players=args.players,
            spec=args.variant,
            bot=args.bot,
            verbose=args.verbose,
            save=args.save,
        )
        return 0

    return demo


def play_runner(run: _Play) -> Callable[[argparse.Namespace, TextIO], int]:
    """The runner of ``phase10 play --game NAME`` for a game's ``run_play``, asking at the
    console."""

    def play(args: argparse.Namespace, out: TextIO) -> int:
        return run(
            out,
            console_ask,
            players=args.players,
            spec=args.variant,
            seed=args.seed,
            seat=args.seat,
            bot=args.bot,
            name=args.name,
            save=args.save,
        )

    return play
