"""Dice and their faces (D-1): the ten Phase 10 Dice and the face notation.

A face shows a number or a Wild, and a colour (D-1.3): ``R7`` is a red 7,
``GW`` a green Wild. A :class:`Die` is its faces in order; the standard box
(:data:`STANDARD_DICE`) holds six dice numbered 5 to 10 and four dice showing
1 to 4 and two Wilds (D-1.1, D-1.2). Faces are interned, so equal faces are
the same object and cheap to compare.

>>> face = Face.parse("r7")
>>> face.number, face.color, face.points, str(face)
(7, <Color.RED: 'R'>, 7, 'R7')
>>> Face.parse("GW").is_wild, Face.parse("GW").points
(True, 0)
>>> [str(die) for die in STANDARD_DICE[5:7]]
['Y5 R6 B7 G8 Y9 R10', 'B1 G2 Y3 R4 BW YW']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

import attrs

from ..cards import COLORS, WILD, Card, Color
from ..errors import InvalidDataError
from ..limits import show

__all__ = [
    "STANDARD_DICE",
    "Die",
    "Face",
    "format_faces",
    "parse_faces",
]

_LETTERS = "/".join(color.value for color in COLORS)


@attrs.frozen(cache_hash=True, repr=False)
class Face:
    """One face of a die: a number 1-12 (``None`` for a Wild) and a colour.

    Build faces with :meth:`Face.parse` or :meth:`Face.of`; the constructor
    checks its arguments, and both return interned values.
    """

    number: int | None
    color: Color
    card: Card = attrs.field(init=False, eq=False, repr=False)
    """The card this face acts as in a set or a run: its number card, or the Wild."""
    color_card: Card = attrs.field(init=False, eq=False, repr=False)
    """A card of the face's colour, Wild or not: what it is in a group of one colour (D-3.4)."""

    def __attrs_post_init__(self) -> None:
        number = self.number
        if number is not None and (
            not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 12
        ):
            raise InvalidDataError(f"a die face shows a number 1-12 or a Wild, not {number!r}")
        if not isinstance(self.color, Color):
            raise InvalidDataError(f"a die face needs a Color, not {self.color!r}")
        card = WILD if number is None else Card.number_card(self.color, number)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "color_card", Card.number_card(self.color, number or 1))

    @classmethod
    def of(cls, number: int | None, color: Color) -> Face:
        """The interned face with this number (``None``: a Wild) and colour."""
        return _FACES.get((number, color)) or cls(number, color)

    @classmethod
    def parse(cls, text: str) -> Face:
        """Read a face: a colour letter and a number or ``W`` (``R7``, ``B10``, ``GW``)."""
        if not isinstance(text, str):
            raise InvalidDataError(f"a die face is written as text, not {type(text).__name__}")
        face = _BY_TEXT.get(text.strip().upper())
        if face is None:
            raise InvalidDataError(
                f"not a die face (a colour {_LETTERS} and 1-12 or W: R7, B10, GW)",
                path=repr(text.strip()),
            )
        return face

    @property
    def is_wild(self) -> bool:
        """True for a Wild face."""
        return self.number is None

    @property
    def points(self) -> int:
        """What the face scores in a made phase: its number; a Wild scores 0 (D-5.1)."""
        return self.number or 0

    def __str__(self) -> str:
        return f"{self.color.value}{'W' if self.number is None else self.number}"

    def __repr__(self) -> str:
        return f"Face.parse({str(self)!r})"


_FACES: Mapping[tuple[int | None, Color], Face] = MappingProxyType(
    {(number, color): Face(number, color) for color in COLORS for number in (*range(1, 13), None)}
)
_BY_TEXT: Mapping[str, Face] = MappingProxyType({str(face): face for face in _FACES.values()})


def parse_faces(text: str | Iterable[str]) -> tuple[Face, ...]:
    """Read faces separated by spaces or commas (or an iterable of tokens).

    >>> parse_faces("R7, B10 GW")
    (Face.parse('R7'), Face.parse('B10'), Face.parse('GW'))
    """
    if isinstance(text, str):
        tokens: list[str] = text.replace(",", " ").split()
    elif isinstance(text, Iterable) and not isinstance(text, bytes):
        tokens = list(text)
    else:
        raise InvalidDataError(f"faces are written as text, not {show(text)}")
    return tuple(Face.parse(token) for token in tokens)


def format_faces(faces: Iterable[Face]) -> str:
    """Faces in notation separated by spaces (the inverse of :func:`parse_faces`)."""
    return " ".join(str(face) for face in faces)


def _faces(value: Iterable[Face] | str) -> tuple[Face, ...]:
    if isinstance(value, bytes) or not isinstance(value, Iterable):
        raise InvalidDataError(f"a die's faces are Face values or text, not {show(value)}")
    faces = parse_faces(value) if isinstance(value, str) else tuple(value)
    if not 1 <= len(faces) <= 256:
        raise InvalidDataError(f"a die has 1 to 256 faces, not {len(faces)}")
    if not all(isinstance(face, Face) for face in faces):
        raise InvalidDataError("a die's faces must be Face values")
    return faces


@attrs.frozen(cache_hash=True, repr=False)
class Die:
    """One die: its faces, each equally likely when it is rolled (D-1)."""

    faces: tuple[Face, ...] = attrs.field(converter=_faces)

    @classmethod
    def parse(cls, text: str) -> Die:
        """A die from its faces in notation: ``Die.parse("R5 B6 G7 Y8 R9 B10")``."""
        return cls(parse_faces(text))

    def __str__(self) -> str:
        return format_faces(self.faces)

    def __repr__(self) -> str:
        return f"Die.parse({str(self)!r})"


_HIGH_SHIFTS = (0, 1, 2, 3, 0, 2)
"""The colour shift of each high die (see :func:`_standard_dice`)."""


def _standard_dice() -> tuple[Die, ...]:
    """The box's dice (D-1.1, D-1.2) with the library's colour layout (D-1.3).

    High die ``k`` (0-5) shows 5-10, the face ``v`` in colour ``(v + s_k) mod 4``
    with the shifts ``s = 0, 1, 2, 3, 0, 2``; low die ``k`` (0-3) shows 1-4, the
    face ``n`` in colour ``(k + n) mod 4``, and Wilds in colours ``k + 1`` and
    ``k + 3``. Every die shows every colour, each colour has 15 faces (two of
    them Wilds), the best "7 of one colour" scores 56, which makes the sheet's
    highest possible score, 649, come true (D-5.5), and the sheet's example of a
    colour group, 2, 4, W, 5, 8, 9 and 10 of one colour, can be rolled (in blue:
    the Wild of a colour is on neither low die that shows its 2 or its 4).
    """
    high = [
        Die([Face.of(v, COLORS[(v + shift) % 4]) for v in range(5, 11)]) for shift in _HIGH_SHIFTS
    ]
    low = [
        Die(
            [
                *(Face.of(n, COLORS[(k + n) % 4]) for n in range(1, 5)),
                Face.of(None, COLORS[(k + 1) % 4]),
                Face.of(None, COLORS[(k + 3) % 4]),
            ]
        )
        for k in range(4)
    ]
    return (*high, *low)


STANDARD_DICE: tuple[Die, ...] = _standard_dice()
"""The ten dice of Phase 10 Dice: dice 0-5 show 5-10, dice 6-9 show 1-4 and two Wilds."""
