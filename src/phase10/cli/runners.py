"""The runners of ``phase10 demo`` and ``phase10 play`` for every game of the family.

Each game has a ``run_demo`` and a ``run_play`` with the same keyword
arguments; these adapters turn the parsed command line into such a call, so
the card game, Dice and Twist read their options the same way.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Protocol, TextIO

from .common import resume_hint, saved_line
from .prompt import Ask, console_ask

__all__ = ["demo_runner", "play_runner", "resume_line"]


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
        resume: str | None,
    ) -> int: ...


def demo_runner(run: _Demo) -> Callable[[argparse.Namespace, TextIO], int]:
    """The runner of ``phase10 demo --game NAME`` for a game's ``run_demo``.

    With ``--save`` it says on standard error where the game went, so that standard
    output stays the account ``phase10 replay`` gives again, line for line."""

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
        if args.save is not None:
            out.flush()
            sys.stderr.write(saved_line(args.save))
        return 0

    return demo


def play_runner(run: _Play) -> Callable[[argparse.Namespace, TextIO], int]:
    """The runner of ``phase10 play --game NAME`` for a game's ``run_play``, asking at the
    console."""

    def play(args: argparse.Namespace, out: TextIO) -> int:
        resume = getattr(args, "resume", None)
        kept = args.save if args.save is not None else resume
        old = _stamp(kept) if resume is None else None  # a file left from another game
        try:
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
                resume=resume,
            )
        except KeyboardInterrupt:  # the game is saved before each move: say how to go on
            if kept is not None and _stamp(kept) not in (None, old):
                out.flush()
                sys.stderr.write(resume_line(kept))
            raise

    return play


def _stamp(path: str | None) -> tuple[int, int] | None:
    """The file at ``path`` as far as a save changes it (inode, time), or None if absent:
    each save renames a new file over it."""
    if path is None:
        return None
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_ino, status.st_mtime_ns


def resume_line(path: str | os.PathLike[str]) -> str:
    """:func:`~phase10.cli.common.resume_hint` after the line Ctrl-C cut short.

    >>> resume_line("game.json")
    '\\nGame saved to game.json (go on with: phase10 play --resume game.json)\\n'
    """
    return "\n" + resume_hint(path)
