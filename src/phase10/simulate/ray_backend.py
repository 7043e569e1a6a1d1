"""The Ray backend: batches of games as Ray tasks, on this machine or a cluster.

Ray is an optional extra (``pip install "phase10[ray]"``), imported only when
this backend is chosen. An existing Ray connection (``ray.init(...)`` called
by the program, e.g. with a ``runtime_env`` that ships its bots) is used as
it is; otherwise this backend connects to ``address`` (``"auto"`` or
``"ray://host:10001"``), or starts a local Ray, and shuts it down afterwards.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import signal
import threading
import types
from collections.abc import Iterator, Sequence

from ..errors import InvalidDataError, Phase10Error
from .outcome import Batch
from .players import BotSpec
from .runner import Job, check_sendable, run_batch

__all__ = ["RayBackend", "ray_session"]


def _ray() -> types.ModuleType:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise InvalidDataError(
            "the ray backend needs Ray: pip install 'phase10[ray]'", "backend"
        ) from None


def _connect(ray: types.ModuleType, workers: int | None, address: str | None) -> None:
    """Join the cluster at ``address``, or start a local Ray of ``workers`` CPUs."""
    local = address is None
    try:
        with _interrupt_after(), _quiet_token_notice() if local else contextlib.nullcontext():
            ray.init(
                address=address,
                num_cpus=workers if local else None,
                include_dashboard=False if local else None,
                logging_level=logging.WARNING,
            )
    except BaseException:  # Ctrl-C while Ray started: stop it now, not at exit
        ray.shutdown()
        raise


_TOKEN_LOGGER = "ray._private.authentication.authentication_token_setup"
_TOKEN_NOTICE = "Token authentication is enabled for this Ray cluster"


def _not_token_notice(record: logging.LogRecord) -> bool:
    return not record.getMessage().startswith(_TOKEN_NOTICE)


@contextlib.contextmanager
def _quiet_token_notice() -> Iterator[None]:
    """Drop the notice Ray (2.59 on) logs as a new local Ray turns on token authentication
    by default ("Set RAY_AUTH_MODE=disabled to opt out"), while this backend starts the
    Ray it shuts down at the end: the secure default holds, and the notice asks nothing
    of a simulation's user. RAY_AUTH_MODE would avoid it, but Ray reads it when imported
    (set later, Ray's processes and this one disagree and the start fails), and on Ray
    2.52-2.58 ``token`` would change the default. Any other message of Ray shows, and a
    cluster the user started or named is joined without this."""
    logger = logging.getLogger(_TOKEN_LOGGER)
    logger.addFilter(_not_token_notice)
    try:
        yield
    finally:
        logger.removeFilter(_not_token_notice)


@contextlib.contextmanager
def _interrupt_after() -> Iterator[None]:
    """Hold a Ctrl-C back until the block ends. Ray's start-up interrupted half way (in
    ``CoreWorker.__cinit__``) leaves a core worker that crashes the process with a
    segmentation fault as it shuts down (exit status 139, Ray 2.x)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signals reach the main thread only
        return
    caught: list[tuple[int, types.FrameType | None]] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append((number, frame)))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught and callable(previous):
        previous(*caught[0])  # Python's own handler raises KeyboardInterrupt
    elif caught and previous == signal.SIG_DFL:  # no handler: Ctrl-C was to stop the program
        raise KeyboardInterrupt


@contextlib.contextmanager
def ray_session(
    workers: int | None, address: str | None, bots: Sequence[BotSpec] = ()
) -> Iterator[None]:
    """Connect to Ray once for several simulations (the rotations of
    :func:`~phase10.simulate.compare_bots`), unless the program is connected already, and
    shut down afterwards: a local Ray takes seconds to start, once per simulation before."""
    ray = _ray()
    _check_shippable(bots)
    if ray.is_initialized():
        yield
        return
    _connect(ray, workers, address)
    try:
        yield
    finally:
        ray.shutdown()


class RayBackend:
    """Plays batches as Ray tasks, one CPU each, about two per worker in flight."""

    def __init__(
        self, workers: int | None, address: str | None, bots: Sequence[BotSpec] = ()
    ) -> None:
        ray = self._ray = _ray()
        _check_shippable(bots)
        self._owned = not ray.is_initialized()
        if self._owned:
            _connect(ray, workers, address)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.slots = 2 * max(1, workers or cpus)
        self._task = ray.remote(num_cpus=1)(run_batch)

    def submit(self, job: Job, start: int, stop: int) -> object:
        return self._task.remote(job, start, stop)

    def wait(self, handles: list[object]) -> list[tuple[object, Batch]]:
        ready: list[object] = []
        while not ready:  # short waits: a blocked wait would not see Ctrl-C
            ready, _ = self._ray.wait(handles, num_returns=1, timeout=0.2)
        try:
            batches = self._ray.get(ready)
        except self._ray.exceptions.RayTaskError as error:
            cause = getattr(error, "cause", None)
            if isinstance(cause, Phase10Error):  # e.g. a bot that workers cannot import
                raise cause from None
            raise
        return list(zip(ready, batches, strict=True))

    def cancel(self, handles: list[object]) -> None:
        """Stop waiting for ``handles`` without ``ray.cancel``: the batches in flight (about
        two per worker, a second of work) finish and are dropped, or end with the Ray this
        backend started. Cancelling a task whose reply is arriving crashes the driver in Ray
        2.x ("Tried to complete task that was not pending"), killing the caller's process."""
        del handles
        self.close()

    def close(self) -> None:
        if self._owned:
            self._owned = False
            self._ray.shutdown()


def _check_shippable(bots: Sequence[BotSpec]) -> None:
    """Refuse, before Ray starts, a bot that cannot be sent to Ray workers: Ray's own error
    names only its task's argument, after a page of its serialization report."""
    check_sendable(
        bots,
        importlib.import_module("ray.cloudpickle").dumps,
        "Ray workers",
        "build its state (locks, files, connections) in the factory, or name it by import path",
    )
