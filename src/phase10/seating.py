"""Who sits at the table and which seed a game starts from: shared by every game of the family.

The card game and :mod:`phase10.dice` take the same ``players`` (a count or
the names) and ``seed`` arguments; these helpers read them the same way.

>>> seat_names(2)
('Player 1', 'Player 2')
>>> seat_names("Ann")
Traceback (most recent call last):
...
phase10.errors.InvalidRulesError: players: players must be a count or a sequence of names
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from .errors import InvalidRulesError

__all__ = ["check_seat", "game_seed", "seat_names"]


def seat_names(players: int | Sequence[str]) -> tuple[str, ...]:
    """The players' names: given, or ``Player 1``, ``Player 2``, ... for a count."""
    if isinstance(players, int) and not isinstance(players, bool):
        return tuple(f"Player {i + 1}" for i in range(players))
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidRulesError("players must be a count or a sequence of names", "players")
    names = tuple(players)
    if not all(isinstance(name, str) for name in names):
        raise InvalidRulesError("player names must be strings", "players")
    return names


def check_seat(seat: object, count: int, option: str) -> int:
    """``seat`` if a table of ``count`` has it; else InvalidRulesError naming ``option``."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < count:
        raise InvalidRulesError(f"{option} must be a seat from 0 to {count - 1}", option)
    return seat


def game_seed(seed: int | None) -> int:
    """``seed``, or a secure random one when it is ``None`` (it is kept in the state)."""
    if seed is None:
        return secrets.randbits(63)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidRulesError(f"seed must be an int, not {seed!r}", "seed")
    return seed
