"""Running batches of games on a backend: in this process, local processes, or Ray.

The driver hands out batches of consecutive seeds, keeps a few per worker in
flight (never the whole run, so memory stays flat), and sizes them from the
time games take so a batch lasts about half a second: long enough that
sending a task costs little, short enough for a live progress bar and a quick
stop. Batches come back in any order; :class:`Reorder` passes them on in
seed order. Which worker plays a game never changes its outcome.
"""

from __future__ import annotations

import collections
import concurrent.futures
import multiprocessing
import multiprocessing.context
import multiprocessing.process
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

import attrs

from ..errors import InvalidDataError
from ..rules import Rules
from .family import GameRules, play_family_batch
from .outcome import Batch, play_batch
from .players import BotSpec, bot_name
from .seeds import Range

__all__ = [
    "Backend",
    "InlineBackend",
    "Job",
    "Planner",
    "ProcessBackend",
    "Reorder",
    "check_sendable",
    "check_start_method",
    "drive",
    "run_batch",
    "start_context",
]

TARGET_SECONDS = 0.5
"""How long one batch should take on one worker."""
MAX_BATCH = 1000
"""The most games in one batch, whatever their speed."""
STOP_SECONDS = 5.0
"""How long a stopped run waits for its running batches (about half a second each) before
it terminates their workers: a bot that never returns must not make Ctrl-C hang."""


class Job:
    """What every batch shares: the game, its rules, the bots and the action cap."""

    def __init__(
        self,
        rules: Rules | GameRules,
        bots: tuple[BotSpec, ...],
        max_actions: int,
        game: str = "cards",
    ) -> None:
        self.rules = rules
        self.bots = bots
        self.max_actions = max_actions
        self.game = game


class Planner:
    """Cuts the seeds still to play into batches sized from the games' measured speed."""

    def __init__(self, gaps: Iterator[Range]) -> None:
        self._gaps = gaps
        self._current: Range | None = None
        self._seconds = 0.0
        self._games = 0

    def observe(self, batch: Batch) -> None:
        """Learn from a finished batch how long a game takes."""
        self._seconds += batch.seconds
        self._games += len(batch.outcomes)

    def _size(self) -> int:
        if not self._games or self._seconds <= 0:
            return 1
        per_game = self._seconds / self._games
        return max(1, min(MAX_BATCH, round(TARGET_SECONDS / per_game)))

    def next(self) -> Range | None:
        """The next batch ``(start, stop)``, or ``None`` when every seed is handed out."""
        if self._current is None:
            self._current = next(self._gaps, None)
            if self._current is None:
                return None
        start, stop = self._current
        end = min(stop, start + self._size())
        self._current = (end, stop) if end < stop else None
        return start, end


class Reorder:
    """Passes batches on in the order they were handed out, holding early arrivals."""

    def __init__(self, emit: Callable[[Batch], None]) -> None:
        self._emit = emit
        self._order: collections.deque[int] = collections.deque()
        self._early: dict[int, Batch] = {}

    def expect(self, start: int) -> None:
        self._order.append(start)

    def arrive(self, batch: Batch) -> None:
        self._early[batch.start] = batch
        while self._order and self._order[0] in self._early:
            self._emit(self._early.pop(self._order.popleft()))


class Backend(Protocol):
    """Where batches run: submit, wait for some to finish, cancel the rest."""

    slots: int
    """How many batches to keep in flight (about two per worker)."""

    def submit(self, job: Job, start: int, stop: int) -> object:
        """Start a batch; returns a handle."""
        ...

    def wait(self, handles: list[object]) -> list[tuple[object, Batch]]:
        """Block until at least one batch has finished; return the finished ones."""
        ...

    def cancel(self, handles: list[object]) -> None:
        """Drop the batches still queued or running (after an error or Ctrl-C)."""
        ...

    def close(self) -> None:
        """Release the workers."""
        ...


def drive(
    backend: Backend,
    job: Job,
    planner: Planner,
    reorder: Reorder,
    arrived: Callable[[Batch], None],
) -> None:
    """Play every batch of ``planner`` on ``backend``; ``arrived`` sees each as it finishes."""
    pending: list[object] = []
    try:
        while True:
            while len(pending) < backend.slots and (batch := planner.next()) is not None:
                pending.append(backend.submit(job, *batch))
                reorder.expect(batch[0])
            if not pending:
                return
            for handle, result in backend.wait(pending):
                pending.remove(handle)
                planner.observe(result)
                arrived(result)
                reorder.arrive(result)
    except BaseException:  # Ctrl-C or a failed game: stop the rest, do not wait for them
        backend.cancel(pending)
        raise
    finally:
        backend.close()


# ---------------------------------------------------------------------- in this process


@attrs.frozen
class _Deferred:
    job: Job
    start: int
    stop: int


class InlineBackend:
    """Plays each batch in this process when it is waited for (``workers=1``)."""

    slots = 1

    def submit(self, job: Job, start: int, stop: int) -> object:
        return _Deferred(job, start, stop)

    def wait(self, handles: list[object]) -> list[tuple[object, Batch]]:
        handle = handles[0]
        assert isinstance(handle, _Deferred)
        return [(handle, run_batch(handle.job, handle.start, handle.stop))]

    def cancel(self, handles: list[object]) -> None:
        pass

    def close(self) -> None:
        pass


def run_batch(job: Job, start: int, stop: int) -> Batch:
    """Play the games of seeds ``start`` to ``stop - 1`` of ``job``: what a worker runs."""
    rules = job.rules
    if isinstance(rules, Rules):
        return play_batch(rules, job.bots, start, stop - start, job.max_actions)
    return play_family_batch(job.game, rules, job.bots, start, stop - start, job.max_actions)


# ---------------------------------------------------------------------- local processes


def _start_worker() -> None:
    """Set up a worker process: leave Ctrl-C to the driver, which stops workers cleanly, and
    end with the driver. A driver killed outright (``kill -9``, the out-of-memory killer)
    runs no clean-up, and its idle workers would wait for work on their queue for ever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    driver = multiprocessing.parent_process()
    if driver is not None:
        threading.Thread(
            target=_exit_with, args=(driver,), name="driver-watch", daemon=True
        ).start()


def _exit_with(driver: multiprocessing.process.BaseProcess) -> None:
    """End this process when ``driver`` ends. Its sentinel is a pipe only the driver writes
    to, for every start method (a forkserver's children keep the server alive, so the
    parent's pid would not do; a worker forked later holds an earlier one's pipe too, but
    the last one forked ends first and frees the others in turn)."""
    driver.join()
    os._exit(1)


class ProcessBackend:
    """Plays batches in ``workers`` local processes, started when the first batch is."""

    def __init__(self, workers: int, start_method: str | None = None) -> None:
        self.slots = 2 * workers
        self._workers = workers
        self._start_method = start_method
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def submit(self, job: Job, start: int, stop: int) -> object:
        if self._pool is None:
            _check_picklable(job)
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self._workers,
                initializer=_start_worker,
                mp_context=start_context(job.bots, self._start_method),
            )
        return self._pool.submit(run_batch, job, start, stop)

    def wait(self, handles: list[object]) -> list[tuple[object, Batch]]:
        futures = [h for h in handles if isinstance(h, concurrent.futures.Future)]
        done, _ = concurrent.futures.wait(futures, return_when=concurrent.futures.FIRST_COMPLETED)
        return [(future, future.result()) for future in done]

    def cancel(self, handles: list[object]) -> None:
        """Drop the queued batches and let the running ones end, for :data:`STOP_SECONDS`
        at most: a bot that never returns would otherwise keep Ctrl-C (or a failed game)
        waiting forever, as workers ignore Ctrl-C. Workers still busy then are terminated."""
        for handle in handles:
            if isinstance(handle, concurrent.futures.Future):
                handle.cancel()
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes: dict[int, multiprocessing.process.BaseProcess] = (
            getattr(pool, "_processes", None) or {}
        )
        workers = list(processes.values())  # shutdown forgets them
        pool.shutdown(wait=False, cancel_futures=True)
        deadline = time.monotonic() + STOP_SECONDS
        for worker in workers:
            worker.join(max(0.0, deadline - time.monotonic()))
        for worker in workers:
            if worker.is_alive():
                worker.terminate()
                worker.join()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)


def start_context(
    bots: Sequence[BotSpec] = (), start_method: str | None = None
) -> multiprocessing.context.BaseContext:
    """How worker processes start: ``start_method`` when given (checked by
    :func:`check_start_method`), else the platform's way, except ``fork`` in a process that
    already runs threads (Ray's, a server's), where the child could inherit a lock held by
    another thread and hang (Python 3.12 warns of it); ``forkserver`` starts them then,
    unless a bot is defined in the running script or notebook (``__main__``), which only
    a forked child knows.

    Where the platform forks, scripts without an ``if __name__ == "__main__":`` guard
    keep working; a process with threads needs the guard, as on macOS and Windows.
    """
    if start_method is not None:
        return multiprocessing.get_context(check_start_method(start_method))
    context = multiprocessing.get_context()
    if context.get_start_method() == "fork" and _thread_count() > 1 and not _defined_in_main(bots):
        return multiprocessing.get_context("forkserver")
    return context


def check_start_method(start_method: object) -> str:
    """``start_method`` if this platform starts processes that way, else a clear error."""
    methods = multiprocessing.get_all_start_methods()
    if not isinstance(start_method, str) or start_method not in methods:
        raise InvalidDataError(
            f"start_method must be one of {', '.join(methods)} on this platform, "
            f"not {start_method!r}",
            "start_method",
        )
    return start_method


def _defined_in_main(bots: Sequence[BotSpec]) -> bool:
    """Whether a bot refers to the running script's or notebook's own definitions."""
    try:
        return b"__main__" in pickle.dumps(tuple(bots))
    except (pickle.PicklingError, AttributeError, TypeError):
        return True  # a forked child is the one that can still find it


def _thread_count() -> int:
    """The threads of this process, native ones included where the system tells (Linux)."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


def _check_picklable(job: Job) -> None:
    """Refuse, with a clear error, bots that cannot be sent to another process."""
    check_sendable(
        job.bots,
        pickle.dumps,
        "worker processes",
        "define its factory at the top level of a module, or name it by import path",
    )


def check_sendable(
    bots: Sequence[BotSpec], dumps: Callable[[object], bytes], where: str, hint: str
) -> None:
    """Refuse, naming the bot, one that ``dumps`` cannot pickle to send to ``where``."""
    for spec in bots:
        try:
            dumps(spec)
        except (pickle.PicklingError, AttributeError, TypeError) as error:
            raise InvalidDataError(
                f"bot {bot_name(spec)!r} cannot be sent to {where} ({error}): {hint}", "bots"
            ) from None
