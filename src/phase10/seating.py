"""Who sits at the table and which seed a game starts from: shared by every game of the family.

Phase 10 Dice and Twist take the same ``players`` (a count or
the names) and ``seed`` arguments; these helpers read them the same way.

>>> seat_names(2, lambda count: None)
('Player 1', 'Player 2')
>>> seat_names("Ann", lambda count: None)
Traceback (most recent call last):
...
phase10.errors.InvalidRulesError: players: players must be a count or a sequence of names
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence

from .errors import InvalidDataError, InvalidRulesError
from .limits import SEED_LIMIT, name_problem, quote, show

__all__ = ["check_bots", "check_seat", "game_seed", "no_seat", "seat_names", "table_size_error"]


def seat_names(
    players: int | Sequence[str], check_players: Callable[[int], None]
) -> tuple[str, ...]:
    """The players' names: given, or ``Player 1``, ``Player 2``, ... for a count.

    ``check_players`` (the rules' ``check_players``) sees the count before any name is
    built, so a huge count is refused at once; every name must be a name that a table, a
    log and a saved game can show (:func:`~phase10.limits.name_problem`: at most
    :data:`~phase10.limits.MAX_NAME_LENGTH` characters, no control characters, not blank).
    """
    if isinstance(players, int) and not isinstance(players, bool):
        check_players(players)
        return tuple(f"Player {i + 1}" for i in range(players))
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidRulesError("players must be a count or a sequence of names", "players")
    names = tuple(players)
    check_players(len(names))
    for name in names:
        if not isinstance(name, str):
            raise InvalidRulesError(f"player names must be strings, not {show(name)}", "players")
        why = name_problem(name)
        if why:
            raise InvalidRulesError(f"the player name {quote(name)} {why}", "players")
    return names


def check_seat(seat: object, count: int, option: str) -> int:
    """``seat`` if a table of ``count`` has it; else InvalidRulesError naming ``option``."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < count:
        raise InvalidRulesError(
            f"{option} must be a seat from 0 to {count - 1}, not {show(seat)}", option
        )
    return seat


def game_seed(seed: int | None) -> int:
    """``seed``, or a secure random one when it is ``None`` (it is kept in the state)."""
    if seed is None:
        return secrets.randbits(63)
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise InvalidRulesError(
            f"a seed is a whole number with 0 <= seed < 2**64, not {show(seed)}", "seed"
        )
    return seed


def table_size_error(count: object, low: int, high: int) -> InvalidRulesError:
    """The error for ``count`` players at a table the rules allow ``low`` to ``high`` at."""
    allowed = f"exactly {low}" if low == high else f"{low} to {high}"
    players = "player" if count == 1 else "players"
    shown = show(count)
    if not shown.lstrip("-").isdigit():  # a description ("a whole number with more than 19
        return InvalidRulesError(  # digits"), not a count to put before "players"
            f"{shown} is not a table size; these rules allow {allowed} players", option="players"
        )
    return InvalidRulesError(
        f"{shown} {players} cannot play; these rules allow {allowed}", option="players"
    )


def check_bots(bots: object, seats: int) -> None:
    """Refuse anything but one bot per seat, each with a ``choose`` method.

    Checked before the first move, so a short list or a stray value is named at
    once rather than failing inside the game loop with an ``AttributeError``.
    """
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise TypeError(f"bots is a sequence of bots, one per seat, not {show(bots)}")
    if len(bots) != seats:
        raise InvalidDataError(
            f"{seats} seats need {seats} bots (one per seat, in seat order), not {len(bots)}",
            "bots",
        )
    for seat, bot in enumerate(bots):
        if not callable(getattr(bot, "choose", None)):
            raise TypeError(
                f"bots[{seat}] is not a bot (a bot has a choose(view, legal) method): {show(bot)}"
            )


def no_seat(seat: object, count: int, path: str | None = None) -> InvalidDataError:
    """The error for a seat number a table of ``count`` does not have, with the seats it has."""
    return InvalidDataError(
        f"no seat {show(seat)} at a table of {count} (seats 0-{count - 1})", path
    )
