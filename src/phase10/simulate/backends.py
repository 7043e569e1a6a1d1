"""Choosing where games are played: this process, local processes, or a Ray cluster."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import InvalidDataError
from .players import BotSpec
from .ray_backend import RayBackend
from .runner import Backend, InlineBackend, ProcessBackend

__all__ = ["check_backend", "open_backend"]


def open_backend(
    name: str,
    workers: int | None,
    address: str | None,
    start_method: str | None = None,
    bots: Sequence[BotSpec] = (),
) -> Backend:
    """The backend ``name`` ("local" or "ray") with ``workers`` workers, local ones started
    by ``start_method`` (see :func:`~phase10.simulate.runner.start_context`); Ray's checks
    that it can ship ``bots`` before it starts.

    Ray itself is imported only when the Ray backend starts.
    """
    check_backend(name, address, start_method)
    if name == "local":
        count = 1 if workers is None else workers
        return InlineBackend() if count == 1 else ProcessBackend(count, start_method)
    return RayBackend(workers, address, bots)


def check_backend(name: object, address: str | None, start_method: str | None) -> None:
    """Refuse a backend that does not exist, or options another backend's: before any game
    and before the results file is opened."""
    if name not in ("local", "ray"):
        raise InvalidDataError(f"no backend named {name!r}; use 'local' or 'ray'", "backend")
    if name == "local" and address is not None:
        raise InvalidDataError("an address is for the ray backend", "address")
    if name == "ray" and start_method is not None:
        raise InvalidDataError(
            "a start method is for the local backend's processes: Ray starts its own",
            "start_method",
        )
