"""``phase10 variants``: the registered variants as a table; with ``--game dice`` or
``--game twist``, that game's presets (its ``--variant`` names)."""

from __future__ import annotations

import argparse
from typing import TextIO

from .. import variants
from . import games
from .output import print_table

__all__ = ["add_parser", "print_variants", "run"]


def print_variants(out: TextIO, *, plain: bool = False) -> None:
    """The variant registry as a table, with a note on specs and the ``to-phase-N`` family."""
    rows = []
    for name in variants.names():
        variant = variants.get(name)
        rows.append([name, ", ".join(variant.aliases), variant.description])
    print_table(out, ["name", "aliases", "description"], rows, plain=plain)
    out.write(
        "Also to-phase-N: play to phase N of the list (V-7). Join variants with '+', "
        "e.g. --variant even-phases+to-phase-3.\n"
        "Phase 10 Dice and Twist have presets of their own: phase10 variants --game dice "
        "(or twist).\n"
    )


def print_presets(out: TextIO, game: str, *, plain: bool = False) -> None:
    """The presets of Phase 10 Dice or Twist, the names their ``--variant`` takes."""
    from .. import dice, twist

    presets = dice.PRESETS if game == "dice" else twist.PRESETS
    rows = [[name, description] for name, (description, _) in presets.items()]
    print_table(out, ["name", "description"], rows, plain=plain)
    out.write(
        f"Join presets with '+', e.g. --game {game} --variant {'+'.join(list(presets)[1:3])}.\n"
    )


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``variants`` subcommand and its options."""
    listing = sub.add_parser(
        "variants",
        help="list the registered variants",
        description="List the registered variants: name, aliases and what each changes. "
        "Join names with '+' to combine them (e.g. --variant even-phases+to-phase-3).",
    )
    listing.add_argument("--plain", action="store_true", help="a plain-text table")
    listing.add_argument(
        "--game",
        choices=games.names(),
        default="cards",
        help="the variants of the card game (default), or the presets of dice or twist",
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``phase10 variants`` with parsed ``args``."""
    if getattr(args, "game", "cards") == "cards":
        print_variants(out, plain=args.plain)
    else:
        print_presets(out, args.game, plain=args.plain)
    return 0
