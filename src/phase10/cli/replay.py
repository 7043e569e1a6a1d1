"""``phase10 replay``: a saved game record, told hand by hand like ``demo``.

With ``--svg DIR`` it also draws the table (:func:`phase10.svg.render`, as the
spectators see it) before the first action and after each one, into
``DIR/000.svg``, ``DIR/001.svg``, ..., each captioned with the action.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TextIO

from .. import svg
from ..dice.serialization import from_json as dice_json
from ..errors import Phase10Error
from ..narration import describe
from ..record import GameRecord
from ..state import GameState
from ..text import printable
from ..twist.serialization import from_json as twist_json
from . import dice, twist
from .common import Narrator, counted, load_game, saved_game, standings

__all__ = ["add_parser", "run", "run_replay"]


class _Pictures:
    """Writes one numbered SVG picture per state into a folder."""

    def __init__(self, folder: str | os.PathLike[str], count: int) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.digits = max(3, len(str(count)))
        self.written = 0

    def __call__(self, state: GameState, caption: str) -> None:
        path = self.folder / f"{self.written:0{self.digits}d}.svg"
        path.write_text(svg.render(state, caption=caption), encoding="utf-8")
        self.written += 1


def run_replay(
    out: TextIO,
    record: GameRecord,
    *,
    verbose: bool = False,
    svg_dir: str | os.PathLike[str] | None = None,
) -> GameState:
    """Replay ``record`` and tell it hand by hand, as ``demo`` tells a game.

    With ``svg_dir`` a picture of the table is written there before the first
    action and after each one. An action that the replayed game does not allow
    stops the account there with :class:`~phase10.InvalidDataError` naming it.
    Names and metadata from the file are written through
    :func:`phase10.text.printable`, so a record cannot send escape sequences to
    the terminal.
    """
    states = record.replay()
    before = next(states)
    players = ", ".join(printable(name) for name in record.players)
    out.write(
        f"phase10 replay: {printable(record.spec)} rules, seed {record.seed}, players {players}, "
        f"{counted(len(record.actions), 'action')}\n"
    )
    for key, value in record.metadata.items():
        out.write(f"  {printable(key)}: {printable(value)}\n")
    pictures = None if svg_dir is None else _Pictures(svg_dir, len(record.actions))
    if pictures is not None:
        pictures(before, "The deal")
    narrate = Narrator(out, verbose=verbose)
    narrate.deal(before)
    for action, after in zip(record.parsed_actions(), states, strict=True):
        narrate(before, action, after)
        if pictures is not None:
            pictures(after, describe(before, action))
        before = after
    if before.is_over:
        out.write("\nFinal standings\n")
    else:
        out.write(
            f"\nThe record ends before the game does; standings after hand {before.hand_number}\n"
        )
    for line in standings(before):
        out.write(line + "\n")
    if pictures is not None:
        out.write(f"\n{pictures.written} pictures written to {svg_dir}\n")
    return before


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` subcommand and its options."""
    replay = sub.add_parser(
        "replay",
        help="tell a saved game record hand by hand",
        description="Replay a game record (written by --save or GameRecord.save) hand by hand; "
        "records of Phase 10 Dice and Twist too.",
    )
    replay.add_argument("file", metavar="FILE", help="a game record (JSON)")
    replay.add_argument("-v", "--verbose", action="store_true", help="show every draw and discard")
    replay.add_argument(
        "--svg",
        metavar="DIR",
        help="also draw the table as SVG before the first action and after each one, "
        "into DIR/000.svg, DIR/001.svg, ...",
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``phase10 replay`` with parsed ``args``: a card game's record, or one of Phase 10
    Dice or Twist (``play --game dice --save`` writes one), told by its own game."""
    try:
        kind = saved_game(args.file)
        if kind == "cards":
            run_replay(out, load_game(args.file), verbose=args.verbose, svg_dir=args.svg)
            return 0
        if args.svg is not None:
            raise Phase10Error("--svg draws the card game's table, not a dice or twist game")
        text = Path(args.file).read_text(encoding="utf-8")
        if kind == "dice":
            dice.run_replay(
                out, dice_json(text, "dice-record", max_size=None), verbose=args.verbose
            )
        else:
            twist.run_replay(
                out, twist_json(text, "twist-record", max_size=None), verbose=args.verbose
            )
    except ValueError as error:  # not JSON, not a record, or an illegal action
        raise Phase10Error(f"{args.file}: {error}") from None
    return 0
