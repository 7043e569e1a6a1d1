"""The :class:`Bot` protocol: anything that picks one of the legal actions from what its
seat can see.

Its own module, apart from :mod:`phase10.bots` (which re-exports it), so that the optional
compiled build (docs/quickstart.rst) can compile the bots: a ``runtime_checkable`` protocol
stays interpreted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from .actions import Action
from .views import PlayerView

__all__ = ["Bot"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of the legal actions from what its seat can see."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return one element of ``legal``."""
        ...
