"""The JSON documents of the other games of the family (:mod:`phase10.dice`, :mod:`phase10.twist`).

Each game names its document types (``"dice-state"``, ``"twist-record"``, ...),
the classes they hold, the codecs of its own value types and a check to run on
what was read; :class:`FamilyDocuments` does the rest the same way for all of
them: the card game's header, the generic codec, strict reading that turns any
fault into :class:`~phase10.InvalidDataError` with its JSON path, and record files.
"""

from __future__ import annotations

import os
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Generic, Protocol, TypeVar

from .codec import ValueCodec, read_file, write_file
from .errors import InvalidDataError, InvalidRulesError, Phase10Error
from .limits import MAX_DOCUMENT, checked_name
from .seating import no_seat
from .serialization import JSONValue, decode_value, encode_value, format_json, parse_json
from .serialization import read_header as _read_header

__all__ = ["FamilyDocuments", "check_seat", "check_table"]


class _Record(Protocol):
    def initial_state(self) -> object: ...


D = TypeVar("D")
R = TypeVar("R", bound=_Record)
S = TypeVar("S")


class FamilyDocuments(Generic[D, R, S]):
    """Writes and reads one game's documents: ``D`` any of them, ``R`` its record,
    ``S`` its states and views.

    ``kinds`` pairs each document type with its class, ``record`` names the record's;
    ``codecs`` are the game's value codecs (:class:`~phase10.serialization.ValueCodec`);
    ``validate(state)`` raises :class:`~phase10.InvalidDataError` for a state or
    view no game could reach. A record read is checked by starting its game.
    """

    def __init__(
        self,
        kinds: Sequence[tuple[str, type]],
        codecs: Mapping[type, ValueCodec],
        record: str,
        states: tuple[type[S], ...],
        validate: Callable[[S], None],
    ) -> None:
        self._kinds = tuple(kinds)
        self._codecs = codecs
        self._record = (record, dict(kinds)[record])
        self._states = states
        self._validate = validate

    def _check(self, value: object) -> None:
        if isinstance(value, self._record[1]):
            typing.cast(R, value).initial_state()
        elif isinstance(value, self._states):
            self._validate(value)

    def to_data(self, obj: D) -> dict[str, JSONValue]:
        """The JSON document of ``obj`` as Python dicts and lists."""
        return self._data(obj)

    def _data(self, obj: object) -> dict[str, JSONValue]:
        for name, cls in self._kinds:
            if isinstance(obj, cls):
                body = encode_value(obj, cls, self._codecs)
                assert isinstance(body, dict)
                return {"schema": 1, "type": name, **body}
        known = ", ".join(name for name, _ in self._kinds)
        raise TypeError(f"to_json writes a {known} document, not a {type(obj).__name__}")

    def to_json(self, obj: D, indent: int | None) -> str:
        """``obj`` as a JSON document (``indent=None``: one compact line)."""
        return format_json(self._data(obj), indent)

    def from_json(
        self, text: str | bytes | bytearray, kind: str | None, max_size: int | None = MAX_DOCUMENT
    ) -> object:
        """Read a document; ``kind`` demands a type. Any fault is an InvalidDataError."""
        data = parse_json(text, max_size=max_size)
        try:
            classes = dict(self._kinds)
            name, body = _read_header(data, list(classes), kind)
            value = decode_value(body, classes[name], "$", self._codecs)
            self._check(value)
            return value
        except InvalidDataError:
            raise
        except (
            RecursionError,
            ValueError,
            TypeError,
            LookupError,
            ArithmeticError,
            Phase10Error,
        ) as error:
            raise InvalidDataError(f"unreadable document: {error}", "$") from None

    def save_record(self, record: R, path: str | os.PathLike[str]) -> None:
        """Write ``record`` to ``path`` as one JSON document (UTF-8)."""
        write_file(path, format_json(self._data(record), 2) + "\n")  # whole or not at all

    def load_record(
        self, path: str | os.PathLike[str], *, max_size: int | None = MAX_DOCUMENT
    ) -> R:
        """Read a record written by :func:`save_record`; faults raise InvalidDataError.
        A file longer than ``max_size`` bytes is refused unread (``None``: no limit)."""
        data = read_file(path, max_size)
        return typing.cast(R, self.from_json(data, self._record[0], max_size))


def check_table(
    check_players: Callable[[int], None],
    count: int,
    seats: Iterable[tuple[str, int | None]],
    names: Iterable[str] = (),
) -> None:
    """Raise :class:`~phase10.InvalidDataError` unless ``count`` players may play (by the
    rules' ``check_players``), each named seat (``("first", 0)``, a field and its value)
    is at the table and each of the players' ``names`` is one a new game accepts."""
    try:
        check_players(count)
    except InvalidRulesError as error:
        raise InvalidDataError(error.message, "$.players") from None
    for i, name in enumerate(names):
        checked_name(name, f"$.players[{i}].name")
    for field, seat in seats:
        check_seat(seat, count, f"$.{field}")


def check_seat(value: int | None, count: int, path: str) -> None:
    """Raise :class:`~phase10.InvalidDataError` at ``path`` for a seat off a table of ``count``."""
    if value is not None and not 0 <= value < count:
        raise no_seat(value, count, path)
