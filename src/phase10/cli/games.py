"""The games of the Phase 10 family that ``phase10 demo`` and ``phase10 play`` can run.

``--game NAME`` picks one (default ``cards``). Each game names the functions
that run its demo and its terminal game, as ``"module:function"``, and they
are imported only when that game is played, so the command starts as fast as
the card game alone. A game's runners take the parsed arguments of the
subcommand and the output stream, and return the exit status. Adding a game
is one more entry in :data:`GAMES`.

>>> names()
('cards', 'dice', 'twist')
>>> get("dice").description
'Phase 10 Dice: ten dice, three rolls a turn'
>>> get("chess")
Traceback (most recent call last):
...
phase10.errors.InvalidDataError: no game named 'chess' (known: cards, dice, twist)
"""

from __future__ import annotations

import argparse
import importlib
import typing
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TextIO

import attrs

from ..errors import InvalidDataError

__all__ = ["GAMES", "GameFamily", "Runner", "get", "names"]

Runner = Callable[[argparse.Namespace, TextIO], int]
"""Runs a subcommand for one game: ``runner(args, out) -> exit status``."""


@attrs.frozen
class GameFamily:
    """One game of the family: its name, a line about it, and where its runners live."""

    name: str
    description: str
    demo_runner: str
    """``"module:function"`` of the :data:`Runner` behind ``phase10 demo --game NAME``."""
    play_runner: str
    """``"module:function"`` of the :data:`Runner` behind ``phase10 play --game NAME``."""

    def demo(self, args: argparse.Namespace, out: TextIO) -> int:
        """Run this game's demo."""
        return _load(self.demo_runner)(args, out)

    def play(self, args: argparse.Namespace, out: TextIO) -> int:
        """Run this game in the terminal."""
        return _load(self.play_runner)(args, out)


def _load(target: str) -> Runner:
    module, _, name = target.partition(":")
    return typing.cast(Runner, getattr(importlib.import_module(module), name))


GAMES: Mapping[str, GameFamily] = MappingProxyType(
    {
        "cards": GameFamily(
            "cards",
            "Phase 10, the card game (and its variants)",
            "phase10.cli.demo:run_cards",
            "phase10.cli.play:run_cards",
        ),
        "dice": GameFamily(
            "dice",
            "Phase 10 Dice: ten dice, three rolls a turn",
            "phase10.cli.dice:demo",
            "phase10.cli.dice:play",
        ),
        "twist": GameFamily(
            "twist",
            "Phase 10 Twist: pawns on a board, three discard piles, Twist cards",
            "phase10.cli.twist:demo",
            "phase10.cli.twist:play",
        ),
    }
)
"""Every game ``--game`` accepts, by name."""


def names() -> tuple[str, ...]:
    """The names ``--game`` accepts."""
    return tuple(GAMES)


def get(name: str) -> GameFamily:
    """The game called ``name``; an unknown name raises :class:`~phase10.InvalidDataError`."""
    game = GAMES.get(name)
    if game is None:
        raise InvalidDataError(f"no game named {name!r} (known: {', '.join(GAMES)})")
    return game
