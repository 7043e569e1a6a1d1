"""Results files: one JSON line per game, written in seed order, resumed and summarised.

A run streams its games to a file as they finish, so nothing but the
summary's counts stays in memory, an interrupted run loses at most the games
in flight, and runs on several machines can be summarised together. Lines are
written in seed order (a game that finishes early waits for the ones before
it), so an interrupted and resumed run writes the same file as one that never
stopped.
"""

from __future__ import annotations

import io
import json
import os
import time
from collections.abc import Iterator, Sequence
from typing import BinaryIO

from ..errors import InvalidDataError
from .outcome import GameOutcome, outcome_line, read_line
from .seeds import SeedSet
from .summary import SimulationSummary, Tally

__all__ = ["ResultWriter", "read_results", "resume_scan", "summarize_files"]

PathLike = str | os.PathLike[str]

_LOCK_TRIES = 20
"""How many times, a tenth of a second apart, a run tries to lock its results file."""

_SUMMARY_LIMIT = 64 * 1024 * 1024
"""The largest summary document read whole (a summary's size does not grow with games)."""


def read_results(path: PathLike) -> Iterator[tuple[int, str, tuple[str, ...], GameOutcome]]:
    """``(line number, variant, bots, outcome)`` for each complete line of a results file.

    A last line without its newline was cut by an interruption: it is skipped
    (its game is played again on resume). Blank lines are skipped.
    """
    name = os.fspath(path)
    with open(path, "rb") as file:
        for number, raw in enumerate(file, 1):
            if not raw.endswith(b"\n"):
                return
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise InvalidDataError("not UTF-8 text", f"{name}:{number}") from None
            if line.strip():
                yield (number, *read_line(line, f"{name}:{number}"))


def _complete_length(path: PathLike) -> int:
    """The length of the file up to the end of its last complete line."""
    with open(path, "rb") as file:
        size = file.seek(0, io.SEEK_END)
        position = size
        while position > 0:
            step = min(position, 65536)
            file.seek(position - step)
            chunk = file.read(step)
            newline = chunk.rfind(b"\n")
            if newline >= 0:
                return position - step + newline + 1
            position -= step
        return 0


def _check_table(
    name: str, number: int, found: tuple[str, tuple[str, ...]], wanted: tuple[str, tuple[str, ...]]
) -> None:
    if found != wanted:
        raise InvalidDataError(
            f"holds a game of {found[0]!r} with bots {', '.join(found[1])}, not of "
            f"{wanted[0]!r} with bots {', '.join(wanted[1])}: use another results file",
            f"{name}:{number}",
        )


def resume_scan(
    path: PathLike, spec: str, bots: tuple[str, ...], first: int, stop: int, tally: Tally
) -> SeedSet:
    """Count the games of ``path`` with seeds in ``first <= seed < stop`` into ``tally``.

    Returns every seed the file holds (those outside the range too, so they
    are never written twice). Every line must be of the same variant and bots.
    """
    done = SeedSet()
    name = os.fspath(path)
    for number, variant, line_bots, outcome in read_results(path):
        _check_table(name, number, (variant, line_bots), (spec, bots))
        if not done.add(outcome.seed):
            raise InvalidDataError(f"seed {outcome.seed} appears twice", f"{name}:{number}")
        if first <= outcome.seed < stop:
            tally.add(outcome)
    return done


def _read_summary(path: PathLike) -> SimulationSummary:
    with open(path, encoding="utf-8") as file:
        text = file.read(_SUMMARY_LIMIT + 1)
    if len(text) > _SUMMARY_LIMIT:
        raise InvalidDataError("too large for a summary", os.fspath(path))
    try:
        data = json.loads(text)
    except ValueError as error:
        raise InvalidDataError(
            f"neither results lines nor a summary ({error})", os.fspath(path)
        ) from None
    try:
        return SimulationSummary.from_dict(data)
    except InvalidDataError as error:
        raise InvalidDataError(
            error.message, f"{os.fspath(path)} {error.path or ''}".strip()
        ) from None


def _is_summary(path: PathLike) -> bool:
    """Whether ``path`` holds a summary document (``--json``) rather than results lines."""
    with open(path, "rb") as file:
        for raw in file:
            if raw.strip():
                try:
                    data = json.loads(raw)
                except ValueError:
                    return True  # a pretty-printed document: its first line is not whole
                return not (isinstance(data, dict) and "variant" in data)
    return False


def summarize_files(paths: Sequence[PathLike]) -> SimulationSummary:
    """One summary of the results files (and ``--json`` summaries) of several runs.

    The files must hold games of one variant and table of bots, and no seed
    twice: a game counted twice would skew every statistic.
    """
    if not paths:
        raise InvalidDataError("name at least one results file", "files")
    tally: Tally | None = None
    for path in paths:
        name = os.fspath(path)
        if _is_summary(path):
            summary = _read_summary(path)
            tally = tally or Tally(summary.spec, summary.bots)
            tally.add_summary(summary)
            continue
        for number, variant, bots, outcome in read_results(path):
            tally = tally or Tally(variant, bots)
            _check_table(name, number, (variant, bots), (tally.spec, tally.bots))
            if outcome.seed in tally.seeds:
                raise InvalidDataError(
                    f"seed {outcome.seed} is counted twice (again here)", f"{name}:{number}"
                )
            tally.add(outcome)
    if tally is None:
        raise InvalidDataError("no games in the files", "files")
    return tally.summary()


class ResultWriter:
    """Appends result lines to a file, flushed batch by batch.

    Opening locks the file (where the system has ``flock``: Linux, macOS), so that a second
    run started by mistake on the same file is refused rather than append the same seeds
    between the first one's lines; :meth:`begin` then cuts a last line left incomplete by
    an interrupted run, so the file always ends on a whole line.
    """

    def __init__(self, path: PathLike, spec: str, bots: Sequence[str]) -> None:
        self.path = path
        self._spec = spec
        self._bots = tuple(bots)
        self._file = open(path, "ab")  # noqa: SIM115 (closed by close())
        try:
            _lock(self._file, path)
        except BaseException:
            self._file.close()
            raise

    def begin(self) -> None:
        """Cut a last line left incomplete by an interrupted run."""
        length = _complete_length(self.path)
        if length < os.path.getsize(self.path):
            self._file.truncate(length)

    def write(self, outcomes: Sequence[GameOutcome]) -> None:
        """Append one line per outcome and flush them to the file."""
        lines = "".join(outcome_line(o, self._spec, self._bots) + "\n" for o in outcomes)
        self._file.write(lines.encode("utf-8"))
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def _lock(file: BinaryIO, path: PathLike) -> None:
    """Hold an exclusive lock on ``file`` while it is open, or refuse: another run has it."""
    try:
        import fcntl
    except ImportError:  # Windows: no flock; one run per file is then up to the user
        return
    for _ in range(_LOCK_TRIES):  # forked workers of a run just killed hold it a moment
        try:
            fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            time.sleep(0.1)
    raise InvalidDataError(
        f"{os.fspath(path)} is being written by another run: let it finish (or stop it) "
        "before resuming, or choose another file",
        "out",
    )
