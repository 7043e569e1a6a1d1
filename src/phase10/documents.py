"""The JSON documents of the other games of the family (:mod:`phase10.dice`, :mod:`phase10.twist`).

Each game names its document types (``"dice-state"``, ``"twist-record"``, ...),
the classes they hold, the codecs of its own value types and a check to run on
what was read; :class:`FamilyDocuments` does the rest the same way for all of
them: the card game's header, the generic codec, strict reading that turns any
fault into :class:`~phase10.InvalidDataError` with its JSON path, and record files.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence

from .codec import ValueCodec
from .errors import InvalidDataError, Phase10Error
from .serialization import JSONValue, decode_value, encode_value, format_json, parse_json
from .serialization import read_header as _read_header

__all__ = ["FamilyDocuments"]


class FamilyDocuments:
    """Writes and reads one game's documents.

    ``kinds`` pairs each document type with its class; ``codecs`` are the game's
    value codecs (:class:`~phase10.serialization.ValueCodec`); ``check(value)``
    raises :class:`~phase10.InvalidDataError` for a value no game could hold (a
    state that breaks the rules, a record whose table cannot start).
    """

    def __init__(
        self,
        kinds: Sequence[tuple[str, type]],
        codecs: Mapping[type, ValueCodec],
        check: Callable[[object], None],
    ) -> None:
        self._kinds = tuple(kinds)
        self._codecs = codecs
        self._check = check

    def to_data(self, obj: object) -> dict[str, JSONValue]:
        """The document of ``obj`` as Python dicts and lists."""
        for name, cls in self._kinds:
            if isinstance(obj, cls):
                body = encode_value(obj, cls, self._codecs)
                assert isinstance(body, dict)
                return {"schema": 1, "type": name, **body}
        known = ", ".join(name for name, _ in self._kinds)
        raise TypeError(f"to_json writes a {known} document, not a {type(obj).__name__}")

    def to_json(self, obj: object, indent: int | None) -> str:
        """``obj`` as a JSON document (``indent=None``: one compact line)."""
        return format_json(self.to_data(obj), indent)

    def from_json(self, text: str | bytes | bytearray, kind: str | None) -> object:
        """Read a document; ``kind`` demands a type. Any fault is an InvalidDataError."""
        data = parse_json(text)
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

    def save(self, obj: object, path: str | os.PathLike[str]) -> None:
        """Write ``obj`` to ``path`` as one JSON document (UTF-8)."""
        with open(path, "w", encoding="utf-8") as file:
            file.write(self.to_json(obj, 2) + "\n")

    def load(self, path: str | os.PathLike[str], kind: str) -> object:
        """Read a document of type ``kind`` written by :meth:`save`."""
        with open(path, "rb") as file:
            return self.from_json(file.read(), kind)
