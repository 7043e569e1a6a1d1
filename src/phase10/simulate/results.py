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
import sys
import time
from collections.abc import Callable, Iterator, Sequence
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

    Opening locks the file (``flock`` on Linux and macOS, ``msvcrt.locking`` on Windows), so
    that a second run started by mistake on the same file is refused rather than append the
    same seeds between the first one's lines; :meth:`begin` then cuts a last line left incomplete by
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
    try_lock = _locker()
    for _ in range(_LOCK_TRIES):  # forked workers of a run just killed hold it a moment
        if try_lock(file):
            return
        time.sleep(0.1)
    raise InvalidDataError(
        f"{os.fspath(path)} is being written by another run: let it finish (or stop it) "
        "before resuming, or choose another file",
        "out",
    )


def _locker() -> Callable[[BinaryIO], bool]:
    """How this system locks an open file without waiting: a function that returns whether
    it locked it (``False``: another process holds the lock)."""
    if sys.platform == "win32":
        return _lock_windows
    return _lock_posix


def _lock_posix(file: BinaryIO) -> bool:
    """``flock`` (Linux, macOS); a system without it (WASI) locks nothing."""
    if sys.platform != "win32":  # mypy checks the branch of the platform it checks for
        try:
            import fcntl
        except ImportError:  # one run per file is then up to the user
            return True
        try:
            fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
    return True


_WINDOWS_LOCK_BYTE = 2**40
"""The byte a run locks on Windows: far past the end of any results file (1 TiB), not byte 0.
Windows locks are mandatory: a locked byte cannot be read through another handle, not even
one of the same process, and the run reads its file that way to resume it."""


def _lock_windows(file: BinaryIO) -> bool:
    """``msvcrt.locking`` of one byte (Windows), which locks from the file's position."""
    if sys.platform == "win32":
        import msvcrt

        file.seek(_WINDOWS_LOCK_BYTE)
        try:
            msvcrt.locking(file.fileno(), msvcrt.LK_NBLCK, 1)
        except PermissionError:  # EACCES: the byte is locked by another process
            return False
        finally:
            file.seek(0, io.SEEK_END)
    return True
