"""The Phase 10 Twist board: a track of spaces, each showing a phase or "Twist" (T-1.1).

The published board's layout is not in the sources, so :data:`DEFAULT_BOARD` is
the library's (documented in ``docs/twist.rst``) and any other layout can be
passed as :attr:`TwistRules.board <phase10.twist.TwistRules.board>`. A board is
written as its spaces from the start: a phase number, or ``T`` for a Twist space.

>>> board = Board.parse("1 1 2 2 T 3 3")
>>> str(board), len(board), board.is_twist(4), board.neighbours(4)
('1 1 2 2 T 3 3', 7, True, (3, 5))
>>> Board.parse("1 T T 2")
Traceback (most recent call last):
...
phase10.errors.InvalidRulesError: board: Twist spaces 1 and 2 touch: a Twist space needs a \
phase on each side (T-3.5)
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ..errors import InvalidDataError, InvalidRulesError
from ..limits import MAX_PHASE_NUMBER, quote, show

__all__ = ["DEFAULT_BOARD", "MAX_SPACES", "TWIST", "Board"]

TWIST = "T"
"""How a Twist space is written."""

MAX_SPACES = 1000
"""The longest board accepted."""


def _spaces(value: Iterable[int | None]) -> tuple[int | None, ...]:
    if isinstance(value, (str, bytes)):
        raise InvalidRulesError("a board is a sequence of spaces; use Board.parse(text)", "board")
    spaces = tuple(value)
    if not 2 <= len(spaces) <= MAX_SPACES:
        raise InvalidRulesError(f"a board has 2 to {MAX_SPACES} spaces, not {len(spaces)}", "board")
    for index, space in enumerate(spaces):
        if space is not None and (type(space) is not int or not 1 <= space <= MAX_PHASE_NUMBER):
            raise InvalidRulesError(
                f"space {index} must be a phase number or None (a Twist space), not {show(space)}",
                "board",
            )
    if spaces[0] is None or spaces[-1] is None:
        raise InvalidRulesError("the first and the last space must show a phase (T-3.5)", "board")
    for index in range(1, len(spaces)):
        if spaces[index] is None and spaces[index - 1] is None:
            raise InvalidRulesError(
                f"Twist spaces {index - 1} and {index} touch: a Twist space needs a phase on "
                "each side (T-3.5)",
                "board",
            )
    return spaces


@attrs.frozen(cache_hash=True)
class Board:
    """The spaces of the track from the start, space 0; ``None`` is a Twist space.

    The first space is where every pawn starts (T-2.1) and the last one is the
    final space (T-6.4, T-7.1). Every Twist space has a phase space on each side
    (T-3.5), so its two neighbours offer two phases (T-3.2).
    """

    spaces: tuple[int | None, ...] = attrs.field(converter=_spaces)
    """Each space's phase number (in the rules' phase list), or ``None`` for a Twist space."""

    @classmethod
    def parse(cls, text: str) -> Board:
        """A board from its notation: phase numbers and ``T`` separated by spaces."""
        if not isinstance(text, str):
            raise InvalidDataError(f"a board is written as text, not {show(text)}")
        spaces: list[int | None] = []
        for token in text.split():
            if token.upper() == TWIST:
                spaces.append(None)
            elif token.isascii() and token.isdigit() and len(token) <= 3:
                spaces.append(int(token))
            else:
                raise InvalidDataError(
                    f"a space is a phase number or T (a Twist space), not {quote(token)}"
                )
        return cls(spaces)

    def __str__(self) -> str:
        return " ".join(TWIST if space is None else str(space) for space in self.spaces)

    def __len__(self) -> int:
        return len(self.spaces)

    @property
    def last(self) -> int:
        """The index of the final space."""
        return len(self.spaces) - 1

    def is_twist(self, space: int) -> bool:
        """Whether ``space`` is a Twist space."""
        return self.spaces[space] is None

    def phase_number(self, space: int) -> int:
        """The phase number a phase space shows (a Twist space raises
        :class:`~phase10.InvalidDataError`, a ``ValueError``)."""
        number = self.spaces[space]
        if number is None:
            raise InvalidDataError(
                f"space {space} is a Twist space: it shows no phase (is_twist(space) tells)"
            )
        return number

    def neighbours(self, space: int) -> tuple[int, int]:
        """The two spaces beside the Twist space ``space`` (both show phases, T-3.5)."""
        return space - 1, space + 1


DEFAULT_BOARD = Board.parse("1 1 2 2 T 3 3 4 4 T 5 5 6 6 T 7 7 8 8 T 9 9 10 10")
"""The library's board (T-1.1): two spaces per phase, a Twist space after phases 2, 4,
6 and 8, and the final space, Phase 10, last: 24 spaces.

Two spaces a phase make the reviewers' remark true that nobody works on one phase
more than twice ``[NW-TW]``: a failed phase moves the pawn one space, onto the
same phase, and a made one two, onto the next phase.
"""
