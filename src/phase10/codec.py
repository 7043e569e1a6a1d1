"""The JSON codec behind :mod:`phase10.serialization`: attrs values to JSON values and back.

:mod:`phase10.serialization` documents the layout and offers the public
functions; this module holds the machinery it shares with
:mod:`phase10.record`, which writes and reads its own files: the generic
encoder and decoder (driven by ``attrs.fields`` and the resolved type hints),
the document header (``"schema"`` and ``"type"``), the layout for people, and
the strict reading of JSON text. Every fault in a document is an
:class:`~phase10.InvalidDataError` with the JSON path of the fault.
"""

from __future__ import annotations

import contextlib
import enum
import json
import os
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, TypeAlias, TypeVar, Union

import attrs

from .cards import ALL_CARDS, Card, Color, format_cards
from .errors import InvalidDataError, InvalidRulesError, Phase10Error
from .limits import (
    MAX_DECK_SIZE,
    MAX_DOCUMENT,
    MAX_LINE,
    MAX_PHASE_NUMBER,
    SEED_LIMIT,
    checked_text,
    quote,
    show,
)
from .melds import Meld, Requirement
from .notation import requirement_kinds
from .phases import PHASE_NAMES, Phase, describe_requirements
from .rules import Rules
from .state import JSON_OPTIONAL

# SCHEMA, JSONValue, ValueCodec, format_json, parse_json and read_header are public,
# and documented, where phase10.serialization re-exports them.
__all__ = [
    "KINDS",
    "NO_CUSTOM",
    "Codec",
    "build",
    "document",
    "guarded",
    "open_document",
    "options_codec",
    "read_file",
]


SCHEMA = 1
"""The format version written in every document's ``"schema"`` key."""

JSONValue: TypeAlias = bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"] | None
"""What :func:`json.loads` may return."""

KINDS = ("state", "rules", "view", "record")
"""The ``"type"`` of each kind of document."""

T = TypeVar("T")

_DEFAULT_RULES = Rules()
_MELD_KEYS = ("kind", "cards", "number", "color", "wraps", "colors")
_ANCHOR_TYPES: tuple[tuple[str, object], ...] = (
    ("number", int | None),
    ("color", Color | None),
    ("wraps", bool),
    ("colors", tuple[Color, ...]),
)
_NONE = type(None)
_WIDTH = 100
_KEY_SHOWN = 40
_LOWEST_INT = -(2**63)
_MOST_SEATS = 64
"""The most seats any game of the family allows (Phase 10 Dice's ``max_players``)."""
_CARDS_BY_TEXT: Mapping[str, Card] = MappingProxyType({str(card): card for card in ALL_CARDS})


# --------------------------------------------------------------------------- helpers


def _init_fields(cls: type) -> dict[str, attrs.Attribute[Any]]:
    """The fields the constructor of the attrs class ``cls`` takes, by argument name."""
    fields = attrs.fields(typing.cast("type[attrs.AttrsInstance]", cls))
    return {f.alias or f.name: f for f in fields if f.init}


def _key_path(path: str, key: str) -> str:
    if len(key) > _KEY_SHOWN:
        return f"{path}[{json.dumps(key[:_KEY_SHOWN])}...]"
    return f"{path}.{key}" if key.isidentifier() and key.isascii() else f"{path}[{json.dumps(key)}]"


class _Huge:
    """A whole number of more than 20 characters in JSON text: too large for any field.

    :func:`parse_json` reads such a number as this marker rather than convert it
    (Python refuses to convert 4,300 digits and more, and the cost grows with the
    square of the length), so the decoder refuses it at its JSON path.
    """

    __slots__ = ()


_HUGE = _Huge()
_INT_CHARS = len(str(-(2**63)))
_LONG_DIGITS = re.compile(f"[0-9]{{{_INT_CHARS}}}")
"""A run of digits as long as the longest whole number :func:`_parse_int` converts."""


def _parse_int(text: str) -> int | _Huge:
    return int(text) if len(text) <= _INT_CHARS else _HUGE


def _what(data: object) -> str:
    """The JSON name of what was found, for messages."""
    if data is None:
        return "null"
    if data is _HUGE:
        return "a whole number with more than 19 digits"
    if isinstance(data, bool):
        return "true" if data else "false"
    if isinstance(data, int):
        return "a whole number"
    if isinstance(data, float):
        return "a fractional number"
    if isinstance(data, str):
        return "a string"
    if isinstance(data, list):
        return "a list"
    if isinstance(data, dict):
        return "an object"
    return type(data).__name__


def _type_name(tp: object) -> str:
    return getattr(tp, "__name__", None) or str(tp)


@attrs.frozen
class ValueCodec:
    """How values of one type are written, for a type the generic codec does not know.

    Other games of the family (:mod:`phase10.dice`) pass these to
    :func:`~phase10.serialization.encode_value` and
    :func:`~phase10.serialization.decode_value`, e.g. to write a die face in its
    notation (``"R7"``) as cards are written. ``write`` gives the JSON data of a
    value; ``read(data, path)`` reads it back and raises
    :class:`~phase10.InvalidDataError` naming ``path``. With ``joined`` (for values
    written as one word) a tuple of them is one string separated by spaces, as a
    hand of cards is, and ``read`` gets one word at a time.
    """

    write: Callable[[object], JSONValue]
    read: Callable[[object, str], object]
    joined: bool = False


NO_CUSTOM: Mapping[type, ValueCodec] = MappingProxyType({})
"""No custom value codecs: the card game's documents."""


class Codec:
    """One encoding or decoding run (it caches the requirement kinds for its duration only).

    ``custom`` gives the codecs of value types the generic rules do not cover.
    """

    def __init__(self, custom: Mapping[type, ValueCodec] = NO_CUSTOM) -> None:
        self._kinds: Mapping[str, type[Requirement]] | None = None
        self._in_rules = False
        self._phase_names = False
        self._custom = custom

    def _custom_codec(self, tp: object) -> ValueCodec | None:
        return self._custom.get(tp) if self._custom and isinstance(tp, type) else None

    def decode_custom(self, special: ValueCodec, data: object, path: str) -> object:
        """``data`` read by a custom codec; its stray errors name ``path``."""
        try:
            return special.read(data, path)
        except InvalidDataError:
            raise
        except (Phase10Error, ValueError, TypeError) as error:
            raise InvalidDataError(str(error), path) from None

    def hints(self, cls: type) -> dict[str, object]:
        """The resolved type of every field of ``cls``.

        ``attrs.resolve_types`` resolves the string annotations once per class
        and records that on the class itself, so later calls cost nothing.
        """
        attrs.resolve_types(typing.cast("type[attrs.AttrsInstance]", cls))
        return {a.name: a.type for a in attrs.fields(typing.cast("type[attrs.AttrsInstance]", cls))}

    def kinds(self) -> Mapping[str, type[Requirement]]:
        if self._kinds is None:
            self._kinds = requirement_kinds()
        return self._kinds

    # ----------------------------------------------------------------------- encoding

    def encode(self, value: object, tp: object) -> JSONValue:
        origin = typing.get_origin(tp)
        if tp is _NONE:
            return None
        special = self._custom_codec(tp)
        if special is not None:
            if not _is_instance(value, tp):
                raise TypeError(f"{value!r} is not a {_type_name(tp)}")
            return special.write(value)
        if origin is Union or origin is types.UnionType:
            if value is None:
                return None
            for arg in typing.get_args(tp):
                if arg is not _NONE and _is_instance(value, arg):
                    return self.encode(value, arg)
            raise TypeError(f"{value!r} is not a {tp}")
        if tp in (bool, int, str):
            assert isinstance(tp, type)
            if not isinstance(value, tp):
                raise TypeError(f"{value!r} is not a {tp.__name__}")
            return typing.cast(JSONValue, value)
        if tp is Card:
            return str(value)
        if origin is tuple:
            args = typing.get_args(tp)
            items = list(typing.cast(Iterable[object], value))
            if len(args) == 2 and args[1] is Ellipsis:
                if args[0] is Card:
                    return format_cards(typing.cast(Iterable[Card], items))
                special = self._custom_codec(args[0])
                if special is not None and special.joined:
                    return " ".join(str(special.write(item)) for item in items)
                if args[0] is str and all(type(item) is str for item in items):
                    return typing.cast(JSONValue, items)  # a record's actions, its digests
                return [self.encode(item, args[0]) for item in items]
            return [self.encode(item, arg) for item, arg in zip(items, args, strict=True)]
        if origin is frozenset:
            (arg,) = typing.get_args(tp)
            return [self.encode(item, arg) for item in sorted(typing.cast(Iterable[int], value))]
        if origin in (Mapping, dict):
            _, arg = typing.get_args(tp)
            mapping = typing.cast(Mapping[str, object], value)
            return {str(key): self.encode(item, arg) for key, item in mapping.items()}
        if isinstance(tp, type):
            if issubclass(tp, enum.Enum):
                return typing.cast(JSONValue, typing.cast(enum.Enum, value).value)
            if tp is Rules:
                return self.encode_rules(typing.cast(Rules, value))
            if tp is Meld:
                return self.encode_meld(typing.cast(Meld, value))
            if issubclass(tp, Requirement):
                return self.encode_requirement(typing.cast(Requirement, value))
            if tp is Phase:
                data = self.encode_fields(value)
                phase = typing.cast(Phase, value)
                if not self._phase_names and phase.name == describe_requirements(
                    phase.requirements
                ):
                    del data["name"]
                return data
            if attrs.has(tp):
                return self.encode_fields(value)
        raise TypeError(f"phase10.serialization cannot encode a {_type_name(tp)}")

    def encode_fields(self, value: object) -> dict[str, JSONValue]:
        cls = type(value)
        hints = self.hints(cls)
        data: dict[str, JSONValue] = {}
        for key, a in _init_fields(cls).items():
            if a.metadata.get(PHASE_NAMES):
                self._phase_names = True
                try:
                    data[key] = self.encode(getattr(value, a.name), hints[a.name])
                finally:
                    self._phase_names = False
            else:
                data[key] = self.encode(getattr(value, a.name), hints[a.name])
        return data

    def encode_rules(self, rules: Rules) -> dict[str, JSONValue]:
        hints = self.hints(Rules)
        data: dict[str, JSONValue] = {"spec": rules.spec}
        for key, a in _init_fields(Rules).items():
            value = getattr(rules, a.name)
            if key != "spec" and value != getattr(_DEFAULT_RULES, a.name):
                data[key] = self.encode(value, hints[a.name])
        return data

    def encode_requirement(self, requirement: Requirement) -> dict[str, JSONValue]:
        cls = type(requirement)
        if self.kinds().get(requirement.kind) is not cls:
            raise TypeError(
                f"{cls.__name__} cannot be saved: give it a kind of its own, not "
                f"{requirement.kind!r}"
            )
        fields = self.encode_fields(requirement)
        if "kind" in fields:
            raise TypeError(f"{cls.__name__} has a field called 'kind'")
        return {"kind": requirement.kind, **fields}

    def encode_meld(self, meld: Meld) -> dict[str, JSONValue]:
        data = self.encode_requirement(meld.requirement)
        if any(key in data for key in _MELD_KEYS[1:]):
            raise TypeError(f"{type(meld.requirement).__name__} has a field that clashes")
        data["cards"] = format_cards(meld.cards)
        if meld.number is not None:
            data["number"] = meld.number
        if meld.color is not None:
            data["color"] = meld.color.value
        if meld.wraps:
            data["wraps"] = True
        if meld.colors:
            data["colors"] = [color.value for color in meld.colors]
        return data

    # ----------------------------------------------------------------------- decoding

    def decode(self, data: object, tp: object, path: str) -> object:
        origin = typing.get_origin(tp)
        if tp is _NONE:
            if data is not None:
                raise InvalidDataError(f"expected null, not {_what(data)}", path)
            return None
        special = self._custom_codec(tp)
        if special is not None:
            return self.decode_custom(special, data, path)
        if origin is Union or origin is types.UnionType:
            args = [arg for arg in typing.get_args(tp) if arg is not _NONE]
            if data is None and len(args) < len(typing.get_args(tp)):
                return None
            first: InvalidDataError | None = None
            for arg in args:
                try:
                    return self.decode(data, arg, path)
                except InvalidDataError as error:
                    first = first or error
            assert first is not None
            raise first
        if tp is bool:
            if not isinstance(data, bool):
                raise InvalidDataError(f"expected true or false, not {_what(data)}", path)
            return data
        if tp is int:
            if type(data) is not int and data is not _HUGE:
                raise InvalidDataError(f"expected a whole number, not {_what(data)}", path)
            if data is _HUGE or not _LOWEST_INT <= typing.cast(int, data) < SEED_LIMIT:
                raise InvalidDataError(
                    "a whole number out of range: no number in a document needs more than 64 bits",
                    path,
                )
            return data
        if tp is str:
            return _text(data, path)
        if tp is Card:
            return _card(data, path)
        if origin is tuple:
            return self.decode_tuple(data, typing.get_args(tp), path)
        if origin is frozenset:
            items = self.decode_tuple(data, (typing.get_args(tp)[0], Ellipsis), path)
            if len(set(items)) != len(items):
                raise InvalidDataError("a set of values lists each one once", path)
            return frozenset(items)
        if origin in (Mapping, dict):
            _, arg = typing.get_args(tp)
            obj = _object(data, path)
            if arg is str and _ascii_texts([*obj, *obj.values()]):
                return dict(obj)  # the common case (record metadata), checked at C speed
            for key in obj:
                _text(key, _key_path(path, key))
            return {key: self.decode(item, arg, _key_path(path, key)) for key, item in obj.items()}
        if isinstance(tp, type):
            if issubclass(tp, enum.Enum):
                return _enum(tp, data, path)
            if tp is Rules:
                return self.decode_rules(data, path)
            if tp is Meld:
                return self.decode_meld(data, path)
            if issubclass(tp, Requirement):
                return self.decode_requirement(data, path)
            if tp is Phase:
                groups = data.get("requirements") if isinstance(data, dict) else None
                if isinstance(groups, list) and len(groups) > MAX_DECK_SIZE:  # before each one
                    raise InvalidDataError(
                        f"{len(groups):,} groups: more than the largest deck a DeckSpec allows "
                        f"has cards ({MAX_DECK_SIZE:,})",
                        f"{path}.requirements",
                    )
                return self.decode_fields(Phase, data, path, optional=("name",))
            if attrs.has(tp):
                return self.decode_fields(tp, data, path)
        raise NotImplementedError(f"phase10.serialization cannot decode a {_type_name(tp)}")

    def decode_tuple(self, data: object, args: tuple[object, ...], path: str) -> tuple[object, ...]:
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] is Card:
                return _cards(data, path)
            special = self._custom_codec(args[0])
            if special is not None and special.joined:
                text = _text(data, path)
                return tuple(
                    self.decode_custom(special, token, f"{path}[{i}]")
                    for i, token in enumerate(text.split())
                )
            items = _list(data, path)
            if args[0] is int and _small_ints(items):
                return tuple(items)  # the common case, checked at C speed
            if args[0] is str and _ascii_texts(items):
                return tuple(items)
            return tuple(self.decode(item, args[0], f"{path}[{i}]") for i, item in enumerate(items))
        items = _list(data, path)
        if len(items) != len(args):
            raise InvalidDataError(f"expected a list of {len(args)}, not of {len(items)}", path)
        return tuple(
            self.decode(item, arg, f"{path}[{i}]")
            for i, (item, arg) in enumerate(zip(items, args, strict=True))
        )

    def field_values(
        self, cls: type, data: object, path: str, optional: Iterable[str] = ()
    ) -> dict[str, object]:
        """The decoded constructor arguments of ``cls`` from the object ``data``."""
        obj = _object(data, path)
        fields = _init_fields(cls)
        for key in obj:
            if key not in fields:
                raise InvalidDataError(f"unknown field {quote(key)}", _key_path(path, key))
        hints = self.hints(cls)
        values: dict[str, object] = {}
        for key, a in fields.items():
            if key not in obj:
                if (
                    key in optional
                    or a.metadata.get(JSON_OPTIONAL)
                    or (self._in_rules and a.default is not attrs.NOTHING)
                ):
                    continue
                raise InvalidDataError(f"missing field {key!r}", path)
            values[key] = self.decode(obj[key], hints[a.name], _key_path(path, key))
        return values

    def decode_fields(
        self, cls: type, data: object, path: str, optional: Iterable[str] = ()
    ) -> object:
        return build(cls, self.field_values(cls, data, path, optional), path)

    def decode_rules(self, data: object, path: str) -> Rules:
        obj = _object(data, path)
        if "spec" not in obj:
            raise InvalidDataError("missing field 'spec' (the variant spec, e.g. 'standard')", path)
        spec = self.decode(obj["spec"], str, _key_path(path, "spec"))
        _check_phase_count(obj, path)
        fields = {key: a for key, a in _init_fields(Rules).items() if key != "spec"}
        hints = self.hints(Rules)
        options: dict[str, object] = {}
        self._in_rules = True  # values inside rules may leave out fields at their default
        try:
            for key, raw in obj.items():
                if key == "spec":
                    continue
                field = fields.get(key)
                if field is None:
                    raise InvalidDataError(
                        f"unknown rule option {quote(key)}", _key_path(path, key)
                    )
                options[key] = self.decode(raw, hints[field.name], _key_path(path, key))
        finally:
            self._in_rules = False
        return typing.cast(Rules, build(Rules, {"spec": spec, **options}, path))

    def requirement_class(self, data: object, path: str) -> type[Requirement]:
        obj = _object(data, path)
        if "kind" not in obj:
            raise InvalidDataError("missing field 'kind' (set, run, color, ...)", path)
        kind = obj["kind"]
        if not isinstance(kind, str):
            raise InvalidDataError(f"expected a string, not {_what(kind)}", f"{path}.kind")
        cls = self.kinds().get(kind)
        if cls is None:
            known = ", ".join(self.kinds())
            raise InvalidDataError(
                f"unknown group kind {quote(kind)} (known: {known})", f"{path}.kind"
            )
        return cls

    def decode_requirement(self, data: object, path: str) -> Requirement:
        cls = self.requirement_class(data, path)
        rest = {k: v for k, v in _object(data, path).items() if k != "kind"}
        return typing.cast(Requirement, self.decode_fields(cls, rest, path))

    def decode_meld(self, data: object, path: str) -> Meld:
        cls = self.requirement_class(data, path)
        obj = _object(data, path)
        own = set(_init_fields(cls))
        requirement = typing.cast(
            Requirement,
            self.decode_fields(cls, {k: v for k, v in obj.items() if k in own}, path),
        )
        for key in obj:
            if key not in own and key not in _MELD_KEYS:
                raise InvalidDataError(f"unknown field {quote(key)}", _key_path(path, key))
        if "cards" not in obj:
            raise InvalidDataError("missing field 'cards'", path)
        cards = _cards(obj["cards"], f"{path}.cards")
        anchor = {
            key: self.decode(obj[key], tp, f"{path}.{key}")
            for key, tp in _ANCHOR_TYPES
            if key in obj
        }
        return Meld(
            requirement,
            cards,
            typing.cast("int | None", anchor.get("number")),
            typing.cast("Color | None", anchor.get("color")),
            bool(anchor.get("wraps", False)),
            typing.cast("tuple[Color, ...]", anchor.get("colors", ())),
        )


def _small_ints(items: list[object]) -> bool:
    """Whether ``items`` are all whole numbers (no bools) of at most 64 bits."""
    if not items:
        return True
    if set(map(type, items)) != {int}:
        return False
    numbers = typing.cast("list[int]", items)
    return min(numbers) >= _LOWEST_INT and max(numbers) < SEED_LIMIT


def _ascii_texts(items: list[object]) -> bool:
    """Whether ``items`` are all ASCII strings (text that UTF-8 can encode, checked at once)."""
    return (
        all(type(item) is str for item in items)
        and "".join(typing.cast("list[str]", items)).isascii()
    )


def _is_instance(value: object, tp: object) -> bool:
    origin = typing.get_origin(tp)
    cls = origin if origin is not None else tp
    if cls is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(cls, type) and isinstance(value, cls)


def _object(data: object, path: str) -> dict[str, object]:
    if not isinstance(data, dict):
        raise InvalidDataError(f"expected an object, not {_what(data)}", path)
    return data


def _list(data: object, path: str) -> list[object]:
    if not isinstance(data, list):
        raise InvalidDataError(f"expected a list, not {_what(data)}", path)
    return data


def _text(data: object, path: str) -> str:
    if not isinstance(data, str):
        raise InvalidDataError(f"expected a string, not {_what(data)}", path)
    return checked_text(data, "the text", path)


def _card(data: object, path: str) -> Card:
    if not isinstance(data, str):
        raise InvalidDataError(f'expected a card such as "R7", not {_what(data)}', path)
    card = _CARDS_BY_TEXT.get(data.upper()) if data.isascii() else None
    if card is None:
        raise InvalidDataError(f"{quote(data)} is not a card (use R7, B12, G1, Y5, W or S)", path)
    return card


def _cards(data: object, path: str) -> tuple[Card, ...]:
    if not isinstance(data, str):
        raise InvalidDataError(f'expected cards such as "R7 B7 W", not {_what(data)}', path)
    if len(data) > MAX_LINE:  # before reading each card
        raise InvalidDataError(
            f"{len(data):,} characters of cards: more than the largest deck a DeckSpec "
            "allows can hold",
            path,
        )
    if not data.isascii():
        at = next(i for i, char in enumerate(data) if not char.isascii())
        before = data[:at]
        index = len(before.split()) - (1 if before and not before[-1].isspace() else 0)
        raise InvalidDataError(
            f"{quote(data[at])} is not part of a card: cards are written in ASCII "
            "(R7, B12, G1, Y5, W or S)",
            f"{path}[{index}]",
        )
    get = _CARDS_BY_TEXT.get
    cards = tuple(get(token.upper()) for token in data.split())
    if None in cards:
        return tuple(_card(token, f"{path}[{i}]") for i, token in enumerate(data.split()))
    return typing.cast("tuple[Card, ...]", cards)


def _enum(cls: type[enum.Enum], data: object, path: str) -> enum.Enum:
    try:
        return cls(data)
    except (ValueError, TypeError):
        allowed = ", ".join(json.dumps(member.value) for member in cls)
        found = quote(data) if isinstance(data, str) else _what(data)
        raise InvalidDataError(f"expected one of {allowed}, not {found}", path) from None


def build(cls: type, values: dict[str, object], path: str) -> object:
    """``cls(**values)``, with every constructor complaint turned into InvalidDataError."""
    try:
        return cls(**values)
    except InvalidDataError as error:
        where = path if error.path is None else error.path
        if not where.startswith("$"):
            where = f"{path}: {where}"
        raise InvalidDataError(error.message, where) from None
    except InvalidRulesError as error:
        option = None if error.option is None else error.option.rpartition(".")[2]
        where = _key_path(path, option) if option is not None and option in values else path
        raise InvalidDataError(error.message, where) from None
    except (Phase10Error, ValueError, TypeError, OverflowError) as error:
        raise InvalidDataError(str(error), path) from None


def _check_phase_count(rules: dict[str, object], path: str) -> None:
    """Refuse rules with more phases than there are phase numbers, before reading any."""
    phases = rules.get("phases")
    if isinstance(phases, list) and len(phases) > MAX_PHASE_NUMBER:
        raise InvalidDataError(
            f"{len(phases):,} phases: phases are numbered 1 to {MAX_PHASE_NUMBER}",
            _key_path(path, "phases"),
        )


def options_codec(cls: type, custom: Callable[[], Mapping[type, ValueCodec]]) -> ValueCodec:
    """The codec of another family game's rules: ``spec`` plus the options that differ from
    ``cls()``.

    ``cls`` is a frozen attrs class whose init fields all have defaults and include
    a ``spec`` label (:class:`~phase10.dice.DiceRules`,
    :class:`~phase10.twist.TwistRules`). It is written as ``{"spec": ..., option:
    value, ...}`` and read back by setting those options on the defaults, as the
    card game's :class:`~phase10.Rules` are; an unknown option, or one the class
    refuses, is an :class:`~phase10.InvalidDataError` at its path. ``custom`` gives
    the codecs of the option values; it is called when needed, so the mapping it
    returns may hold this codec too.
    """
    default = cls()

    def fields() -> dict[str, attrs.Attribute[Any]]:
        attrs.resolve_types(typing.cast("type[attrs.AttrsInstance]", cls))
        return _init_fields(cls)

    def write(value: object) -> JSONValue:
        codec = Codec(custom())
        data: dict[str, JSONValue] = {"spec": typing.cast(str, value.spec)}  # type: ignore[attr-defined]
        for key, a in fields().items():
            option = getattr(value, a.name)
            if key != "spec" and option != getattr(default, a.name):
                data[key] = codec.encode(option, a.type)
        return data

    def read(data: object, path: str) -> object:
        obj = _object(data, path)
        if "spec" not in obj:
            raise InvalidDataError("missing field 'spec' (the preset spec, e.g. 'standard')", path)
        _check_phase_count(obj, path)
        codec = Codec(custom())
        known = fields()
        options: dict[str, object] = {}
        for key, raw in obj.items():
            if key not in known:
                raise InvalidDataError(f"unknown rule option {quote(key)}", _key_path(path, key))
            options[key] = codec.decode(raw, known[key].type, _key_path(path, key))
        return build(cls, options, path)

    return ValueCodec(write, read)


# --------------------------------------------------------------------------- documents


def document(kind: str, body: dict[str, JSONValue]) -> dict[str, JSONValue]:
    """``body`` (a value's fields) with the document header in front."""
    if "schema" in body or "type" in body:
        raise TypeError(f"a {kind} has a field called 'schema' or 'type'")
    return {"schema": SCHEMA, "type": kind, **body}


def read_header(
    data: object, types: typing.Sequence[str], expected: str | None = None
) -> tuple[str, dict[str, object]]:
    """Check a parsed document's ``"schema"`` and ``"type"``; return its type and other keys.

    ``types`` are the document types the caller reads, ``expected`` the one it
    demands (``None``: any of them). Shared by every game of the family, so all
    their documents carry the same header.

    >>> read_header({"schema": 1, "type": "rules", "spec": "x"}, ["rules"])
    ('rules', {'spec': 'x'})
    """
    obj = _object(data, "$")
    if "schema" not in obj:
        raise InvalidDataError("missing field 'schema': not a phase10 document", "$")
    schema = obj["schema"]
    if schema is _HUGE:
        raise InvalidDataError(f"schema too large: this version reads {SCHEMA}", "$.schema")
    if type(schema) is not int:
        raise InvalidDataError(f"expected a whole number, not {_what(schema)}", "$.schema")
    if schema != SCHEMA:
        newer = " (written by a newer phase10)" if schema > SCHEMA else ""
        shown = schema if abs(schema) < 10**9 else "?"
        raise InvalidDataError(f"schema {shown}{newer}: this version reads {SCHEMA}", "$.schema")
    names = ", ".join(types[:-1]) + " or " + types[-1] if len(types) > 1 else types[0]
    if "type" not in obj:
        raise InvalidDataError(f"missing field 'type' ({names})", "$")
    name = obj["type"]
    if not isinstance(name, str) or name not in types:
        found = quote(name) if isinstance(name, str) else _what(name)
        raise InvalidDataError(f"expected a type of {names}, not {found}", "$.type")
    if expected is not None and name != expected:
        raise InvalidDataError(f"expected a {expected} document, not a {name}", "$.type")
    players = obj.get("players")
    if isinstance(players, list) and len(players) > _MOST_SEATS:  # before reading each one
        raise InvalidDataError(
            f"{len(players):,} players: no game of the family seats more than {_MOST_SEATS}",
            "$.players",
        )
    return name, {key: value for key, value in obj.items() if key not in ("schema", "type")}


def open_document(data: object, expected: str | None) -> tuple[str, dict[str, object]]:
    """The type and the fields of the card game's document ``data``, after its header."""
    return read_header(data, KINDS, expected)


def guarded(read: Callable[[], T]) -> T:
    """``read()``, with any stray error of a damaged document turned into InvalidDataError."""
    try:
        return read()
    except InvalidDataError:
        raise
    except (
        RecursionError,
        ValueError,
        TypeError,
        OverflowError,
        LookupError,
        ArithmeticError,
        Phase10Error,
    ) as error:
        raise InvalidDataError(f"unreadable document: {error}", "$") from None


def format_json(value: JSONValue, indent: int | None) -> str:
    """JSON text: one compact line (``indent=None``) or laid out for people.

    Laid out, a list or object that fits in its line stays on one line.
    """
    if indent is None:
        return json.dumps(value, ensure_ascii=False)
    # One encoder for every value: json.dumps builds one per call, which is most of the
    # time of writing a record of many actions (one value per line).
    return _format(value, indent, json.JSONEncoder(ensure_ascii=False).encode)


def _format(
    value: JSONValue,
    indent: int,
    dumps: typing.Callable[[object], str],
    level: int = 0,
    used: int = 0,
) -> str:
    """JSON laid out for people (see :func:`format_json`)."""
    flat = dumps(value)
    if not isinstance(value, (list, dict)) or not value or used + len(flat) <= _WIDTH:
        return flat
    inner = " " * (indent * (level + 1))
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            head = f"{inner}{dumps(key)}: "
            lines.append(head + _format(item, indent, dumps, level + 1, len(head) + 1))
        opening, closing = "{", "}"
    elif _uniform(value):  # digests, seat numbers: as many per line as fit
        line = inner
        for i, item in enumerate(value):
            text = dumps(item) + ("," if i < len(value) - 1 else "")
            if len(line) > len(inner) and len(line) + 1 + len(text) > _WIDTH:
                lines.append(line)
                line = inner
            line += (" " if len(line) > len(inner) else "") + text
        return "[\n" + "\n".join([*lines, line]) + "\n" + " " * (indent * level) + "]"
    else:
        lines = [
            inner
            + (
                _format(item, indent, dumps, level + 1, len(inner) + 1)
                if isinstance(item, (list, dict))
                else dumps(item)  # a record's actions: no call for each
            )
            for item in value
        ]
        opening, closing = "[", "]"
    return opening + "\n" + ",\n".join(lines) + "\n" + " " * (indent * level) + closing


def _uniform(items: list[JSONValue]) -> bool:
    """Whether ``items`` are all whole numbers, or all strings of one short length."""
    if all(type(item) is int for item in items):
        return True
    lengths = {len(item) if isinstance(item, str) else -1 for item in items}
    return len(lengths) == 1 and 0 < min(lengths) <= 20


def read_file(path: str | os.PathLike[str], max_size: int | None = MAX_DOCUMENT) -> bytes:
    """The bytes of the document file ``path``; a file longer than ``max_size`` bytes
    (:data:`~phase10.limits.MAX_DOCUMENT`; ``None``: no limit) is refused without reading
    it all."""
    _checked_max_size(max_size)
    with open(path, "rb") as file:
        if max_size is None:
            return file.read()
        # read(n) sets n bytes aside before it reads, so a bound far past the file (a
        # caller who trusts it) is read up to in parts of at most MAX_DOCUMENT.
        parts: list[bytes] = []
        left = max_size + 1
        while left > 0:
            part = file.read(min(left, MAX_DOCUMENT + 1))
            if not part:
                break
            parts.append(part)
            left -= len(part)
        data = b"".join(parts)
        if len(data) > max_size:
            size = os.fstat(file.fileno()).st_size
            raise InvalidDataError(f"the file is {size:,} bytes long, {_over(max_size)}", "$")
    return data


def write_file(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` (UTF-8) whole or not at all: into a file beside it, then
    renamed over it, so a game saved before every move (``play --save``) is never left
    cut short by Ctrl-C or a crash mid-write. A path that is not a regular file (a pipe,
    ``/dev/stdout``) is written straight."""
    target = os.path.realpath(path)  # through a link: the file it names is replaced
    if os.path.exists(target) and not os.path.isfile(target):
        with open(target, "w", encoding="utf-8") as file:
            file.write(text)
        return
    temporary = f"{target}.{os.getpid()}.tmp"
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(temporary)
        raise


def _checked_max_size(max_size: object) -> None:
    """Refuse a ``max_size`` that is not a count of bytes (a whole number from 0) or None:
    -1 would refuse every document, and a bool or a float is a mistake."""
    if max_size is not None and (
        not isinstance(max_size, int) or isinstance(max_size, bool) or max_size < 0
    ):
        raise InvalidDataError(
            f"a whole number of bytes from 0, or None for no limit, not {show(max_size)}",
            "max_size",
        )


def _over(max_size: int) -> str:
    """The end of a refusal of a document longer than ``max_size``: which limit, and how a
    caller who trusts the document lifts it."""
    which = " (phase10.limits.MAX_DOCUMENT)" if max_size == MAX_DOCUMENT else ""
    return (
        f"more than the limit of {max_size:,}{which}; to read a document you trust (a long "
        "game's record you wrote), pass max_size=None or a larger max_size"
    )


def parse_json(text: str | bytes | bytearray, *, max_size: int | None = MAX_DOCUMENT) -> object:
    """The JSON value of ``text``; duplicate keys, ``NaN`` and ``Infinity`` are refused, and
    so is a document longer than ``max_size`` characters or bytes
    (:data:`~phase10.limits.MAX_DOCUMENT`; ``None``: no limit), before it is read."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidDataError(f"a JSON document is text, not {type(text).__name__}", "$")
    _checked_max_size(max_size)
    if max_size is not None and len(text) > max_size:
        unit = "characters" if isinstance(text, str) else "bytes"
        raise InvalidDataError(f"the document is {len(text):,} {unit} long, {_over(max_size)}", "$")
    try:
        if not isinstance(text, str):
            text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
        # Whole numbers go through _parse_int only when the text has a run of digits long
        # enough to be a huge one: the hook costs a Python call for every number.
        parse_int = _parse_int if _LONG_DIGITS.search(text) else None
        return json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
            parse_int=parse_int,
        )
    except InvalidDataError:
        raise
    except (RecursionError, ValueError, TypeError, OverflowError) as error:
        raise InvalidDataError(f"not valid JSON: {error}", "$") from None


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result = dict(pairs)
    if len(result) != len(pairs):  # rare: find the key, in Python
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise InvalidDataError(f"the key {quote(key)} appears twice in one object", "$")
            seen.add(key)
    return result


def _no_constant(name: str) -> object:
    raise InvalidDataError(f"{name} is not allowed in a phase10 document", "$")
