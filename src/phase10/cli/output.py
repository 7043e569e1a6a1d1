"""Tables and progress bars for the command line: ``rich`` when installed, plain text otherwise.

``rich`` is an optional extra (``phase10[cli]``): the library needs only attrs,
so every function here first tries ``rich`` and falls back to plain text that
reads just as well in a log file.

>>> import io
>>> out = io.StringIO()
>>> print_table(out, ["name", "n"], [["even", "5"], ["standard", "10"]], plain=True)
>>> print(out.getvalue(), end="")
name       n
--------  --
even       5
standard  10
"""

from __future__ import annotations

import importlib
import types
from collections.abc import Sequence
from typing import Any, TextIO

__all__ = ["ProgressReporter", "print_table", "rich_module"]


def rich_module(name: str = "rich") -> types.ModuleType | None:
    """The ``rich`` module (or a submodule), or ``None`` when rich is not installed.

    Imported on each call, not at import time, so ``import phase10`` never
    needs rich and tests can hide it by setting ``sys.modules["rich"] = None``.
    """
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _plain_table(
    headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]
) -> list[str]:
    widths = [len(h) for h in headers]
    for row in rows:
        widths = [max(w, len(cell)) for w, cell in zip(widths, row, strict=True)]
    last = len(headers) - 1

    def line(cells: Sequence[str]) -> str:
        parts = []
        for i, (cell, width) in enumerate(zip(cells, widths, strict=True)):
            if right[i]:
                parts.append(cell.rjust(width))
            else:
                parts.append(cell if i == last else cell.ljust(width))
        return "  ".join(parts).rstrip()

    # A long last column (descriptions) is not padded, so its rule stops at its header.
    rules = [
        "-" * (len(headers[i]) if i == last and not right[i] else w) for i, w in enumerate(widths)
    ]
    return [line(headers), "  ".join(rules), *(line(r) for r in rows)]


def print_table(
    out: TextIO,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    title: str | None = None,
    right: Sequence[bool] | None = None,
    plain: bool = False,
) -> None:
    """Write a table to ``out``; ``right`` marks the right-aligned (numeric) columns.

    Without ``right``, a column is right-aligned when every cell in it is a number.
    """
    if right is None:
        right = [bool(rows) and all(_numeric(row[i]) for row in rows) for i in range(len(headers))]
    rich_console = None if plain else rich_module("rich.console")
    rich_table = None if plain else rich_module("rich.table")
    if rich_console is None or rich_table is None:
        if title:
            out.write(f"{title}\n")
        for text in _plain_table(headers, rows, right):
            out.write(text + "\n")
        return
    table = rich_table.Table(title=title, title_justify="left")
    for header, align in zip(headers, right, strict=True):
        table.add_column(header, justify="right" if align else "left")
    for row in rows:
        table.add_row(*row)
    rich_console.Console(file=out, highlight=False).print(table)


def _numeric(text: str) -> bool:
    try:
        float(text.rstrip("%"))
    except ValueError:
        return False
    return True


class ProgressReporter:
    """A progress bar for ``done`` of ``total`` steps, used as ``progress(done, total)``.

    Drawn only on a terminal, so logs, pipes and ``--json`` output stay clean:
    with rich when it is installed, otherwise as a counter that rewrites one line.
    Use it as a context manager so the bar is closed even on an error.
    """

    def __init__(self, stream: TextIO, description: str, *, plain: bool = False) -> None:
        self.stream = stream
        self.description = description
        # rich is imported dynamically (it is optional), so its objects are untyped here.
        self._rich: Any = None
        self._task: Any = None
        self._written = False
        self._active = stream.isatty()
        progress = None if plain or not self._active else rich_module("rich.progress")
        console = None if plain or not self._active else rich_module("rich.console")
        if progress is not None and console is not None:
            self._rich = progress.Progress(
                progress.TextColumn("{task.description}"),
                progress.BarColumn(),
                progress.MofNCompleteColumn(),
                progress.TimeRemainingColumn(),
                console=console.Console(file=stream),
                transient=True,
            )

    def __enter__(self) -> ProgressReporter:
        if self._rich is not None:
            self._rich.start()
        return self

    def __call__(self, done: int, total: int) -> None:
        if self._rich is not None:
            bar = self._rich
            if self._task is None:
                self._task = bar.add_task(self.description, total=total)
            bar.update(self._task, completed=done)
            return
        if self._active:
            self.stream.write(f"\r{self.description}: {done}/{total}")
            self.stream.flush()
            self._written = True

    def __exit__(self, *exc: object) -> None:
        if self._rich is not None:
            self._rich.stop()
        elif self._written:
            self.stream.write("\n")
            self.stream.flush()
