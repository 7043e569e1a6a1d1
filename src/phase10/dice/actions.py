"""The actions of Phase 10 Dice and their one-line notation.

Dice are named by their index in :attr:`DiceRules.dice <phase10.dice.DiceRules.dice>`,
from 0. :func:`action_to_text` and :func:`parse_action` are exact inverses; the reader
also takes dice separated by commas (``keep 0,3``), as players type them.

==================================  ==========================================
text                                action
==================================  ==========================================
``roll``                            ``Roll()``: roll every die not set aside
``roll R5 B7 GW``                   ``Roll(faces)``: the caller supplies the faces
``keep 0 3``                        ``Keep((0, 3))``: set dice aside
``release 3``                       ``Release((3,))``: take dice back to roll them
``declare 0 1 2 | 3 4 5``           ``Declare(((0, 1, 2), (3, 4, 5)))``: the phase
``end``                             ``EndTurn()``: end the turn without a phase
==================================  ==========================================

>>> parse_action("declare 0 1 2 | 3 4 5")
Declare(groups=((0, 1, 2), (3, 4, 5)))
>>> action_to_text(Roll(parse_faces("R5 GW")))
'roll R5 GW'
>>> parse_action("keep 0,3")
Keep(dice=(0, 3))
>>> parse_action("keep three")
Traceback (most recent call last):
...
phase10.errors.InvalidDataError: 'three': a die is named by its number from 0
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ..errors import InvalidDataError
from ..limits import show
from .faces import Face, format_faces, parse_faces

__all__ = [
    "Declare",
    "DiceAction",
    "EndTurn",
    "Keep",
    "Release",
    "Roll",
    "action_to_text",
    "parse_action",
]


def _not_dice(value: object) -> InvalidDataError:
    return InvalidDataError(f"a die is named by its number from 0, not {show(value)}")


def _indices(value: int | Iterable[int]) -> tuple[int, ...]:
    """One die or several; whether each exists is the game's to say (``check``)."""
    if isinstance(value, int):
        return (value,)
    if not isinstance(value, Iterable):
        raise _not_dice(value)
    return tuple(value)


def _groups(value: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, Iterable):
        raise _not_dice(value)
    return tuple(_indices(group) for group in value)


def _faces(value: Iterable[Face] | str | None) -> tuple[Face, ...] | None:
    if value is None:
        return None
    if isinstance(value, bytes) or not isinstance(value, Iterable):
        raise InvalidDataError(f"a roll's faces are Face values or text, not {show(value)}")
    faces = parse_faces(value) if isinstance(value, str) else tuple(value)
    if not faces:
        raise InvalidDataError("a roll that names its faces names at least one (or use Roll())")
    return faces


@attrs.frozen
class Roll:
    """Roll every die not set aside (D-2.1, D-2.2).

    ``faces``, if given, is what the rolled dice show, in die order; otherwise
    the faces come from the game's seed. A server that rolls with its own
    generator passes them here, as ``deck=`` does for the card game.
    """

    faces: tuple[Face, ...] | None = attrs.field(default=None, converter=_faces)
    """The faces the rolled dice show, in die order, or ``None``: from the seed."""


@attrs.frozen
class Keep:
    """Set dice aside, so the next roll leaves them as they are (D-2.2)."""

    dice: tuple[int, ...] = attrs.field(converter=_indices)
    """The dice to set aside (an index, or several)."""


@attrs.frozen
class Release:
    """Take dice back from those set aside, to roll them again (D-2.3)."""

    dice: tuple[int, ...] = attrs.field(converter=_indices)
    """The dice to take back (an index, or several)."""


@attrs.frozen
class Declare:
    """Make the phase with these dice: one group of dice per group of the phase (D-4, D-5).

    The turn ends and the phase is scored.
    """

    groups: tuple[tuple[int, ...], ...] = attrs.field(converter=_groups)
    """The dice of each group, in any order of the groups."""

    @property
    def dice(self) -> tuple[int, ...]:
        """Every die used, in group order."""
        return tuple(i for group in self.groups for i in group)


@attrs.frozen
class EndTurn:
    """End the turn without making the phase (D-4.3)."""


DiceAction = Roll | Keep | Release | Declare | EndTurn
"""Any action of Phase 10 Dice."""


def _numbers(items: Iterable[int]) -> str:
    return " ".join(str(i) for i in items)


def action_to_text(action: DiceAction) -> str:
    """The notation of ``action`` (see the module docstring)."""
    if isinstance(action, Roll):
        return "roll" if action.faces is None else f"roll {format_faces(action.faces)}"
    if isinstance(action, Keep):
        return f"keep {_numbers(action.dice)}"
    if isinstance(action, Release):
        return f"release {_numbers(action.dice)}"
    if isinstance(action, Declare):
        return "declare " + " | ".join(_numbers(group) for group in action.groups)
    if isinstance(action, EndTurn):
        return "end"
    raise InvalidDataError(f"not a dice action: {action!r}")


def _index(token: str) -> int:
    if not (token.isascii() and token.isdigit()) or len(token) > 4:
        raise InvalidDataError("a die is named by its number from 0", path=repr(token))
    return int(token)


def parse_action(text: str) -> DiceAction:
    """Read an action in notation (case-insensitive); raises :class:`~phase10.InvalidDataError`."""
    if not isinstance(text, str):
        raise InvalidDataError(f"an action is text, not {type(text).__name__}")
    words = text.split(maxsplit=1)
    if not words:
        raise InvalidDataError("an empty line is not an action")
    verb = words[0].lower()
    rest = words[1] if len(words) > 1 else ""
    if verb == "roll":
        return Roll(parse_faces(rest) if rest.strip() else None)
    if verb == "end" and not rest.strip():
        return EndTurn()
    if verb in ("keep", "release"):
        dice = tuple(_index(token) for token in rest.replace(",", " ").split())  # "0,1" too
        if not dice:
            raise InvalidDataError(f"{verb} which dice? e.g. '{verb} 0 3'")
        return Keep(dice) if verb == "keep" else Release(dice)
    if verb == "declare":
        parts = rest.replace(",", " ").split("|")
        groups = tuple(tuple(_index(t) for t in part.split()) for part in parts)
        if not all(groups):
            raise InvalidDataError("declare the dice of each group, e.g. 'declare 0 1 2 | 3 4 5'")
        return Declare(groups)
    raise InvalidDataError(
        "not a dice action (roll, keep 0 3, release 3, declare 0 1 2 | 3 4 5, end)",
        path=repr(text.strip()),
    )
