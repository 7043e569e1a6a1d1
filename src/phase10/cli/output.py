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
import time
import types
from collections.abc import Callable, Sequence
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


SETTLE_SECONDS = 1.0
"""How long after the first steps are done the rate and time left show."""


def _clock_text(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


class ProgressReporter:
    """A progress bar for ``done`` of ``total`` steps, used as ``progress(done, total)``.

    Drawn only on a terminal, so logs, pipes and ``--json`` output stay clean:
    with rich when it is installed, otherwise as a counter that rewrites one line.
    With a ``unit`` (e.g. ``"games"``) it also shows the rate and the time left,
    measured from the first steps done after the first call: neither the steps
    done before (resumed games) nor the time before the first result (starting
    Ray or worker processes, seconds that later steps do not pay again) count.
    Use it as a context manager so the bar is closed even on an error.
    """

    def __init__(
        self,
        stream: TextIO,
        description: str,
        *,
        plain: bool = False,
        unit: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.description = description
        self.unit = unit
        self._clock = clock
        self._before: int | None = None
        self._start: tuple[float, int] | None = None
        # rich is imported dynamically (it is optional), so its objects are untyped here.
        self._rich: Any = None
        self._task: Any = None
        self._written = 0
        self._active = stream.isatty()
        progress = None if plain or not self._active else rich_module("rich.progress")
        console = None if plain or not self._active else rich_module("rich.console")
        if progress is not None and console is not None:
            timing = (
                [progress.TextColumn("{task.fields[speed]}")]
                if unit
                else [progress.TimeRemainingColumn()]
            )
            self._rich = progress.Progress(
                progress.TextColumn("{task.description}"),
                progress.BarColumn(),
                progress.MofNCompleteColumn(),
                *timing,
                console=console.Console(file=stream),
                transient=True,
            )

    def __enter__(self) -> ProgressReporter:
        if self._rich is not None:
            self._rich.start()
        return self

    def speed(self, done: int, total: int) -> str:
        """The rate and time left, e.g. ``"35.2 games/s, ETA 0:00:25"`` (empty without a unit;
        ``"starting"`` until the first steps are done).

        The clock starts when the first steps are done, not at the first call, and the
        rate shows once :data:`SETTLE_SECONDS` have passed: workers that started
        together finish their first steps together, a burst no rate should be read from.
        """
        if not self.unit:
            return ""
        now = self._clock()
        if self._before is None:
            self._before = done
        elif self._start is None and done > self._before:
            self._start = (now, done)
        if self._start is None:
            return "starting"  # Ray, or worker processes: seconds, with nothing else to show
        unknown = f"- {self.unit}/s, ETA -:--:--"
        began, first = self._start
        if done <= first or now - began < SETTLE_SECONDS:
            return unknown
        rate = (done - first) / (now - began)
        return f"{rate:.1f} {self.unit}/s, ETA {_clock_text((total - done) / rate)}"

    def __call__(self, done: int, total: int) -> None:
        speed = self.speed(done, total)
        if self._rich is not None:
            bar = self._rich
            if self._task is None:
                self._task = bar.add_task(
                    self.description, total=total, completed=done, speed=speed
                )
            bar.update(self._task, completed=done, speed=speed)
            return
        if self._active:
            text = f"{self.description}: {done}/{total}" + (f", {speed}" if speed else "")
            self.stream.write(f"\r{text.ljust(self._written)}")
            self.stream.flush()
            self._written = len(text)

    def __exit__(self, *exc: object) -> None:
        if self._rich is not None:
            self._rich.stop()
        elif self._written:
            self.stream.write("\n")
            self.stream.flush()
