"""Strict reading of decoded JSON for result lines and summaries: a typed error with its path.

Result files and summaries come back from disk and other machines, so every
field is checked before it is counted; a bad one raises
:class:`~phase10.InvalidDataError` naming where it is (``$.seats[1].bot``).

>>> integer({"n": 3}["n"], "$.n", low=0)
3
>>> integer(True, "$.n")
Traceback (most recent call last):
...
phase10.errors.InvalidDataError: $.n: expected a whole number, not true
"""

from __future__ import annotations

import json

from ..errors import InvalidDataError

__all__ = ["boolean", "integer", "integers", "items", "obj", "text"]


def _shown(value: object) -> str:
    shown = json.dumps(value) if isinstance(value, (bool, int, float, str, type(None))) else ""
    if shown and len(shown) <= 40:
        return shown
    if isinstance(value, dict):
        return "an object"
    return "a list" if isinstance(value, list) else type(value).__name__


def obj(value: object, path: str, keys: tuple[str, ...] = ()) -> dict[str, object]:
    """``value`` as a JSON object that has every key of ``keys``."""
    if not isinstance(value, dict):
        raise InvalidDataError(f"expected an object, not {_shown(value)}", path)
    for key in keys:
        if key not in value:
            raise InvalidDataError(f"missing {key!r}", path)
    return value


def items(value: object, path: str, length: int | None = None) -> list[object]:
    """``value`` as a JSON list, of ``length`` items when given."""
    if not isinstance(value, list):
        raise InvalidDataError(f"expected a list, not {_shown(value)}", path)
    if length is not None and len(value) != length:
        raise InvalidDataError(f"expected {length} items, not {len(value)}", path)
    return value


def integer(value: object, path: str, low: int | None = None) -> int:
    """``value`` as a whole number (never a bool), at least ``low`` when given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidDataError(f"expected a whole number, not {_shown(value)}", path)
    if low is not None and value < low:
        raise InvalidDataError(f"expected at least {low}, not {value}", path)
    return value


def integers(
    value: object, path: str, length: int | None = None, low: int | None = None
) -> tuple[int, ...]:
    """``value`` as a list of whole numbers."""
    return tuple(
        integer(item, f"{path}[{i}]", low) for i, item in enumerate(items(value, path, length))
    )


def text(value: object, path: str) -> str:
    """``value`` as a string."""
    if not isinstance(value, str):
        raise InvalidDataError(f"expected a string, not {_shown(value)}", path)
    return value


def boolean(value: object, path: str) -> bool:
    """``value`` as ``true`` or ``false``."""
    if not isinstance(value, bool):
        raise InvalidDataError(f"expected true or false, not {_shown(value)}", path)
    return value
