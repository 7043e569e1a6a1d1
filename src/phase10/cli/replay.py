"""``phase10 replay``: a saved game record, told hand by hand like ``demo``."""

from __future__ import annotations

import argparse
from typing import TextIO

from ..errors import Phase10Error
from ..record import GameRecord
from ..state import GameState
from .common import Narrator, load_game, standings

__all__ = ["add_parser", "run", "run_replay"]


def run_replay(out: TextIO, record: GameRecord, *, verbose: bool = False) -> GameState:
    """Replay ``record`` and tell it hand by hand, as ``demo`` tells a game.

    An action that the replayed game does not allow stops the account there
    with :class:`~phase10.InvalidDataError` naming the action.
    """
    states = record.replay()
    before = next(states)
    players = ", ".join(record.players)
    out.write(
        f"phase10 replay: {record.spec} rules, seed {record.seed}, players {players}, "
        f"{len(record.actions)} actions\n"
    )
    for key, value in record.metadata.items():
        out.write(f"  {key}: {value}\n")
    narrate = Narrator(out, verbose=verbose)
    out.write(f"\n{narrate.hand_header(before)}\n")
    for action, after in zip(record.parsed_actions(), states, strict=True):
        narrate(before, action, after)
        before = after
    if before.is_over:
        out.write("\nFinal standings\n")
    else:
        out.write(
            f"\nThe record ends before the game does; standings after hand {before.hand_number}\n"
        )
    for line in standings(before):
        out.write(line + "\n")
    return before


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` subcommand and its options."""
    replay = sub.add_parser(
        "replay",
        help="tell a saved game record hand by hand",
        description="Replay a game record (written by --save or GameRecord.save) hand by hand.",
    )
    replay.add_argument("file", metavar="FILE", help="a game record (JSON)")
    replay.add_argument("-v", "--verbose", action="store_true", help="show every draw and discard")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``phase10 replay`` with parsed ``args``."""
    try:
        run_replay(out, load_game(args.file), verbose=args.verbose)
    except ValueError as error:  # not JSON, not a record, or an illegal action
        raise Phase10Error(f"{args.file}: {error}") from None
    return 0
