"""Leaving quietly when the reader of standard output goes away (``phase10 demo | head``).

The reader closing the pipe is not an error of ours; without this the interpreter's
final flush prints a ``BrokenPipeError`` traceback after the output the reader wanted.
"""

from __future__ import annotations

import contextlib
import os
import sys

__all__ = ["silence_stdout"]


def silence_stdout() -> None:
    """Point standard output at the null device, so nothing more is written to the closed
    pipe (the final flush included)."""
    with contextlib.suppress(OSError, ValueError):  # stdout may not be a real file
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
