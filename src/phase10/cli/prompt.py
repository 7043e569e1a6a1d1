"""The prompt of a terminal game: a move's number or its notation, help, look, quit.

Every game of the family asks for moves the same way; a game supplies its
notation reader and its legality check, and gets back a legal move, or ``None``
when the person quits or the input ends. Anything else gets an explanation and
a new prompt, never a traceback.

>>> import io
>>> out = io.StringIO()
>>> answers = iter(["hello", "3", "b", "2"])
>>> def parse(text: str) -> str:
...     if text not in ("a", "b"):
...         raise InvalidDataError(f"{text!r} is not a move")
...     return text
>>> read_move(out, lambda prompt: next(answers), ["Moves: 1. a  2. b"], ["a", "b"], parse,
...           lambda move: "not now" if move == "b" else None, "help text")
'b'
>>> print(out.getvalue().strip())
Moves: 1. a  2. b
  I can't read that: 'hello' is not a move
  Type a move's number, or 'help'.
  there is no move 3: type a number from 1 to 2
  Not allowed: not now
"""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Callable, Collection, Sequence
from typing import TextIO, TypeVar

from ..engine.common import either
from ..errors import InvalidDataError
from ..limits import quote

__all__ = [
    "HELP_WORDS",
    "LOOK_WORDS",
    "QUIT_WORDS",
    "Ask",
    "console_ask",
    "nearest_move",
    "read_move",
    "refuse_unknown_word",
    "unplaced",
]

A = TypeVar("A")

Ask = Callable[[str], str | None]
"""Reads one line after showing a prompt; ``None`` means the input has ended."""

QUIT_WORDS = frozenset({"q", "quit", "exit", "bye"})
HELP_WORDS = frozenset({"?", "h", "help"})
LOOK_WORDS = frozenset({"l", "look", "t", "table", "m", "moves"})


def read_move(
    out: TextIO,
    ask: Ask,
    shown: Sequence[str],
    legal: Sequence[A],
    parse: Callable[[str], A],
    problem: Callable[[A], str | None],
    help_text: str,
    suggest: Callable[[str], str | None] = lambda text: None,
) -> A | None:
    """Show ``shown`` (the table and the numbered ``legal`` moves) and ask until a legal move.

    ``parse`` reads a move in notation (raising :class:`~phase10.InvalidDataError`);
    ``problem`` says why a move is not allowed, or ``None``; ``suggest`` offers a
    near-miss reading of text that cannot be read ("did you mean ...?").
    """
    out.write("\n" + "\n".join(shown) + "\n")
    while True:
        out.flush()
        line = ask("your move> ")
        if line is None:
            return None
        text = line.strip()
        word = text.lower()
        if not text:
            continue
        if word in QUIT_WORDS:
            return None
        if word in HELP_WORDS:
            out.write(help_text)
            continue
        if word in LOOK_WORDS:
            out.write("\n".join(shown) + "\n")
            continue
        if text.isascii() and text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            out.write(f"  there is no move {number}: type a number from 1 to {len(legal)}\n")
            continue
        try:
            action = parse(text)
        except InvalidDataError as error:
            guess = suggest(text)
            hint = f"Did you mean '{guess}'?" if guess else "Type a move's number, or 'help'."
            out.write(f"  I can't read that: {unplaced(error)}\n  {hint}\n")
            continue
        why = problem(action)
        if why is not None:
            out.write(f"  Not allowed: {why}\n")
            continue
        return action


def refuse_unknown_word(text: str, words: Collection[str], starts: Sequence[str]) -> None:
    """Refuse ``text`` when its first word begins no move of the game's notation (``words``),
    naming the words the person's moves begin with now (``starts``): not every word of the
    notation, some of which are for moves that are not the person's now.

    >>> refuse_unknown_word("drwa", ("draw", "take", "discard"), ["draw", "take"])
    Traceback (most recent call last):
    ...
    phase10.errors.InvalidDataError: 'drwa': unknown action: your moves now begin with draw or take
    >>> refuse_unknown_word("discard R7", ("draw", "take", "discard"), ["draw", "take"])
    """
    typed = text.split()
    if typed and typed[0].lower() not in words:
        raise InvalidDataError(
            f"unknown action: your moves now begin with {either(starts)}", path=quote(typed[0])
        )


def nearest_move(text: str, listed: Sequence[str], words: Collection[str]) -> str | None:
    """``text`` with its first word replaced by the nearest of ``listed`` (the first words
    of the moves of now) or of the prompt's commands, if one is near; ``None`` when the
    word is one of them or a word of the notation (``words``), or nothing is near.

    >>> nearest_move("rol", ["roll", "end"], ("roll", "keep", "end"))
    'roll'
    >>> nearest_move("discrad R7 0", ["discard", "skip"], ("discard", "skip"))
    'discard R7 0'
    >>> nearest_move("xyzzy", ["roll"], ("roll",)) is None
    True
    """
    word, _, rest = text.strip().partition(" ")
    known = list(dict.fromkeys([*listed, "help", "look", "quit"]))
    if word.lower() in known or word.lower() in words:
        return None
    match = difflib.get_close_matches(word.lower(), known, n=1, cutoff=0.6)
    if not match:
        return None
    return f"{match[0]} {rest.strip()}".rstrip()


_AT_COLUMN = re.compile(r" at \d+$")


def unplaced(error: InvalidDataError) -> str:
    """The error without the column the notation reader counts (``'drwa' at 0``): a person
    typed one short line and sees the word quoted, which a column number only clutters.

    >>> unplaced(InvalidDataError("expected a run end: low or high", path="'hi' at 11"))
    "'hi': expected a run end: low or high"
    >>> unplaced(InvalidDataError("standard input is not valid UTF-8 text"))
    'standard input is not valid UTF-8 text'
    """
    if error.path is None:
        return str(error)
    return f"{_AT_COLUMN.sub('', error.path)}: {error.message}"


def console_ask(prompt: str) -> str | None:
    """Read a line from standard input; ``None`` at end of input (Ctrl-D).

    :func:`input` gives line editing on a terminal. When the moves come from a
    pipe or a file, each one is echoed after the prompt, so the transcript
    reads like a terminal session.
    """
    try:
        line = input(prompt)
        line.encode("utf-8")  # Python's UTF-8 mode reads bad bytes as lone surrogates
    except EOFError:
        return None
    except UnicodeError:  # bad bytes, from a strict reader or kept as surrogates
        raise InvalidDataError("standard input is not valid UTF-8 text") from None
    if not sys.stdin.isatty():
        sys.stdout.write(line + "\n")
    return line
