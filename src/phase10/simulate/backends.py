"""Choosing where games are played: this process, local processes, or a Ray cluster."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import InvalidDataError
from .players import BotSpec
from .ray_backend import RayBackend
from .runner import Backend, InlineBackend, ProcessBackend

__all__ = ["open_backend"]


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
    if name == "local":
        if address is not None:
            raise InvalidDataError("an address is for the ray backend", "address")
        count = 1 if workers is None else workers
        return InlineBackend() if count == 1 else ProcessBackend(count, start_method)
    if start_method is not None:
        raise InvalidDataError(
            "a start method is for the local backend's processes: Ray starts its own",
            "start_method",
        )
    if name == "ray":
        return RayBackend(workers, address, bots)
    raise InvalidDataError(f"no backend named {name!r}; use 'local' or 'ray'", "backend")
