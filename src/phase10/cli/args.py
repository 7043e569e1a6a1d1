"""Argument types shared by the subcommands: whole numbers, bot lists, names, files."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path

from ..errors import InvalidDataError, Phase10Error
from ..simulate import BOT_KINDS, make_bot

__all__ = [
    "bot_choice",
    "bot_list",
    "card_game_bot",
    "check_bot_import",
    "import_from_here",
    "name_text",
    "positive",
    "resume_path",
    "save_path",
    "utf8_text",
    "whole",
]


def positive(text: str) -> int:
    value = whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def whole(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, not {value}")
    return value


def bot_choice(text: str) -> str:
    """``play --bot`` and ``demo --bot``: a built-in bot, or your own as ``module:factory``
    (the bot of :doc:`bots`, played against in the terminal; ``phase10:SearchBot``)."""
    name = text.strip()
    if name.lower() in BOT_KINDS:
        return name.lower()
    if ":" in name:
        return name
    known = ", ".join(BOT_KINDS)
    raise argparse.ArgumentTypeError(
        f"no bot named {name!r} (known: {known}; your own as module.path:factory, "
        "e.g. phase10:SearchBot)"
    )


def card_game_bot(bot: str, game: str) -> None:
    """Check a ``--bot`` given as ``module:factory`` before any game: it must load and build
    a bot (found in the current directory too, as ``simulate --bot`` finds one), and it
    seats card-game bots only (Dice and Twist have their own greedy and random)."""
    if bot in BOT_KINDS:
        return
    if game != "cards":
        raise InvalidDataError(
            f"--bot {bot}: your own bots play the card game; --game {game} has "
            + " and ".join(BOT_KINDS)
        )
    check_bot_import(bot)
    try:
        make_bot(bot, 0)  # raises, naming the bot, when it cannot be loaded or is no bot
    except Phase10Error:
        raise
    except Exception as error:  # the factory's own failure: one line, not a traceback
        raise InvalidDataError(
            f"--bot {bot}: calling it with a seed did not build a bot "
            f"({type(error).__name__}: {error})"
        ) from None


def check_bot_import(bot: str, *, ray: bool = False) -> None:
    """Import the module of a ``--bot module:factory`` (found in the current directory too),
    refusing one that cannot be imported with a hint that fits the command: Ray's ways of
    shipping a module matter only to ``simulate --backend ray`` (``ray``), not to a game
    played here. A bot not named ``module:factory`` is left to :func:`make_bot` to judge.

    >>> check_bot_import("phase10:SearchBot")
    >>> check_bot_import("nu_missing:Bot")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    phase10.errors.InvalidDataError: --bot nu_missing:Bot: cannot import 'nu_missing' ...
    """
    module, colon, _ = bot.strip().partition(":")
    if not colon or not module:
        return
    import_from_here()
    try:
        importlib.import_module(module)
    except ImportError as error:
        raise InvalidDataError(
            f"--bot {bot}: cannot import {module!r} ({error}){_import_hint(module, error, ray)}"
        ) from None


def _import_hint(module: str, error: ImportError, ray: bool) -> str:
    """What to do about a bot's module that was not found: install it (or the module it
    imports), and with Ray, ship it to the workers as well. Any other import error (a
    name the module imports is missing) says what to fix already."""
    if not isinstance(error, ModuleNotFoundError):
        return ""
    missing = error.name
    if missing and module != missing and not module.startswith(missing + "."):
        hint = f"; install {missing!r}, which {module!r} imports"
    else:
        hint = "; install it, or run phase10 from the folder that holds it"
    if ray:
        hint += (
            "; with --backend ray every node needs it too (or start the run with "
            "`ray job submit --working-dir .`)"
        )
    return hint


def import_from_here() -> None:
    """Let ``--bot module:factory`` find a module in the current directory, as the docs say
    (and as ``python -m phase10`` already does): the ``phase10`` script's path holds only
    its own directory. Local workers start with this path; Ray's local workers too."""
    here = os.getcwd()
    if "" not in sys.path and here not in sys.path:
        sys.path.insert(0, here)


def bot_list(text: str) -> tuple[str, ...]:
    """``simulate --bots``: built-in bot names; a user's own bot is named with ``--bot``."""
    parts = tuple(part.strip() for part in text.split(","))
    for part in parts:
        if part.lower() not in BOT_KINDS:
            known = ", ".join(BOT_KINDS)
            hint = "; name your own bot with --bot module:factory, once per seat" * (":" in part)
            raise argparse.ArgumentTypeError(f"no bot named {part!r} (known: {known}){hint}")
    return tuple(part.lower() for part in parts)


def utf8_text(text: str) -> str:
    """``text`` if it can be written as UTF-8; arguments that were not valid UTF-8 are refused.

    Python keeps the undecodable bytes of a command-line argument as lone
    surrogates, which no file or terminal can take later.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError("not valid UTF-8 text") from None
    return text


def name_text(text: str) -> str:
    """A seat's name: UTF-8 text with something to show (an empty name left a blank seat)."""
    text = utf8_text(text)
    if not text.strip():
        raise argparse.ArgumentTypeError("a name must not be empty")
    return text


def save_path(text: str) -> str:
    """A file a game can be saved to, checked before the game starts.

    Writing happens when the game ends; a folder that does not exist found only
    then would lose the whole game.
    """
    path = Path(text)
    if not text or path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder, not a file")
    folder = path.parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"there is no folder {str(folder)!r} to save into")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"{text!r} cannot be written")
    return text


def resume_path(text: str) -> str:
    """A saved game to go on with: a file that exists and that the game can be saved back to."""
    if not Path(text).is_file():
        raise argparse.ArgumentTypeError(f"there is no saved game {text!r}")
    return save_path(text)
