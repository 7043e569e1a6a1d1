"""JSON for game states, rules, player views and game records: readable, stable and strict.

A game server stores games, sends them over a wire and must never trust what
comes back. :func:`to_json` writes a document a person can read;
:func:`from_json` reads it back into an equal value, and rejects anything
that is not a document this library could have written about a game that
could have happened, with :class:`~phase10.InvalidDataError` and the JSON path
of the fault (``$.players[2].hand[0]``). No other exception escapes it.

>>> from phase10 import new_game
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> text = to_json(state)
>>> from_json(text) == state
True
>>> print(to_json(state.rules))
{"schema": 1, "type": "rules", "spec": "standard"}
>>> from_json(text.replace('"seed": 7', '"seed": "7"'))
Traceback (most recent call last):
...
phase10.errors.InvalidDataError: $.seed: expected a whole number, not a string

Layout
------
Every document is one JSON object whose first keys are ``"schema"`` (the
format version, :data:`SCHEMA`) and ``"type"`` (``"state"``, ``"rules"``,
``"view"`` or ``"record"``); the other keys are the value's fields, named and
ordered as its attrs fields. The values are:

* a card in notation (``"R7"``, ``"W"``), or ``null``; a sequence of cards
  (a hand, the stock, a meld's cards) as one string: ``"R7 B7 W"``;
* enum options as their string value (``"draw"``, ``"any_other"``);
* a group on the table as ``{"kind": "run", "size": 4, "cards": "W R4 R5 R6",
  "number": 3}``: the requirement's kind and fields, the cards in table order,
  and the anchor (``"number"``, ``"color"``, ``"wraps"``), each left out when
  it is ``null`` / ``false``;
* a phase as ``{"number": 2, "requirements": [{"kind": "set", "size": 3}, ...]}``
  (plus ``"name"`` when it is not the generated one);
* rules as ``{"spec": "masters", ...}``: the variant spec (a label saying where
  the rules came from) and every option whose value differs from the official
  defaults, ``Rules()``. Decoding starts from ``Rules()`` and sets those options,
  so it rebuilds the exact rules without looking the spec up: a record of a
  game under a plugin variant loads where the plugin is not installed, and a
  later change to a variant's definition cannot change a stored game. Unknown
  options are rejected; options added to the library later simply take their
  default, which is the behaviour the document was written under. For the same
  reason a value inside the rules (the deck, the scoring, a phase) may leave
  out fields that have a default, though ``to_json`` writes them all;
* any other attrs value (players, hand results, seat views) as an object of its
  fields, ints, strings, booleans and lists as themselves.

The encoder and decoder are generic, driven by ``attrs.fields`` and the
resolved type hints, so a field added to :class:`~phase10.GameState`,
:class:`~phase10.PlayerState` or :class:`~phase10.Rules` is handled without
changing this module. Group kinds are looked up by their ``kind`` name among
the :class:`~phase10.Requirement` subclasses. (``cattrs`` would add a runtime
dependency and still need custom hooks for cards, groups, kinds and rules, and
its errors would have to be translated into JSON paths; this codec is small.)

Decoding is strict: every field of a state, player, view or record must be
present (``to_json`` writes them all) and no other key may be; types must
match exactly (``1`` is not ``true``, ``1.0`` is not ``1``); cards must be in
notation; seat numbers must be seats of the table. A state must also follow
the rules: its cards (hands, groups, Save piles, stock and discard pile) are
exactly the rules' deck, every group is valid and forms the phase its owner
laid down, phase numbers exist in the rules, the stage agrees with the current
player, and a player whose turn it is has a legal action. A record's actions
must be valid notation and its players, dealer and deck must start a game;
whether the actions are legal is found when it is replayed
(:meth:`~phase10.record.GameRecord.replay` names the action that fails).
"""

from __future__ import annotations

import enum
import json
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Literal, TypeAlias, Union, overload

import attrs

from .cards import ALL_CARDS, Card, Color, format_cards
from .errors import InvalidDataError, InvalidRulesError, Phase10Error
from .melds import Meld, Requirement
from .notation import parse_action, requirement_kinds
from .phases import Phase, describe_requirements
from .record import GameRecord
from .rules import Rules
from .state import GameState
from .validation import validate_state, validate_view
from .views import PlayerView

__all__ = [
    "SCHEMA",
    "JSONValue",
    "Kind",
    "ValueCodec",
    "decode_value",
    "encode_value",
    "format_json",
    "from_data",
    "from_json",
    "parse_json",
    "read_header",
    "record_from_json",
    "rules_from_json",
    "state_from_json",
    "to_data",
    "to_json",
    "validate_state",
    "validate_view",
    "view_from_json",
]

SCHEMA = 1
"""The format version written in every document's ``"schema"`` key."""

JSONValue: TypeAlias = bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"] | None
"""What :func:`json.loads` may return."""

Kind = Literal["state", "rules", "view", "record"]
"""The ``"type"`` of a document."""

Document: TypeAlias = GameState | Rules | PlayerView | GameRecord

_KINDS: tuple[tuple[Kind, type[Document]], ...] = (
    ("state", GameState),
    ("rules", Rules),
    ("view", PlayerView),
    ("record", GameRecord),
)
_DEFAULT_RULES = Rules()
_MELD_KEYS = ("kind", "cards", "number", "color", "wraps")
_ANCHOR_TYPES: tuple[tuple[str, object], ...] = (
    ("number", int | None),
    ("color", Color | None),
    ("wraps", bool),
)
_NONE = type(None)
_WIDTH = 100
_CARDS_BY_TEXT: Mapping[str, Card] = MappingProxyType({str(card): card for card in ALL_CARDS})


# --------------------------------------------------------------------------- helpers


def _init_fields(cls: type) -> dict[str, attrs.Attribute[Any]]:
    """The fields the constructor of the attrs class ``cls`` takes, by argument name."""
    fields = attrs.fields(typing.cast("type[attrs.AttrsInstance]", cls))
    return {f.alias or f.name: f for f in fields if f.init}


def _key_path(path: str, key: str) -> str:
    return f"{path}.{key}" if key.isidentifier() else f"{path}[{json.dumps(key)}]"


def _what(data: object) -> str:
    """The JSON name of what was found, for messages."""
    if data is None:
        return "null"
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
    :func:`encode_value` and :func:`decode_value`, e.g. to write a die face in
    its notation (``"R7"``) as cards are written. ``write`` gives the JSON data
    of a value; ``read(data, path)`` reads it back and raises
    :class:`~phase10.InvalidDataError` naming ``path``. With ``joined`` (for
    values written as one word) a tuple of them is one string separated by
    spaces, as a hand of cards is, and ``read`` gets one word at a time.
    """

    write: Callable[[object], JSONValue]
    read: Callable[[object, str], object]
    joined: bool = False


_NO_CUSTOM: Mapping[type, ValueCodec] = MappingProxyType({})


class _Codec:
    """One encoding or decoding run (it caches the requirement kinds for its duration only).

    ``custom`` gives the codecs of value types the generic rules do not cover.
    """

    def __init__(self, custom: Mapping[type, ValueCodec] = _NO_CUSTOM) -> None:
        self._kinds: Mapping[str, type[Requirement]] | None = None
        self._in_rules = False
        self._custom = custom

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
        if self._custom:
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
                if phase.name == describe_requirements(phase.requirements):
                    del data["name"]
                return data
            if attrs.has(tp):
                return self.encode_fields(value)
        raise TypeError(f"phase10.serialization cannot encode a {_type_name(tp)}")

    def encode_fields(self, value: object) -> dict[str, JSONValue]:
        cls = type(value)
        hints = self.hints(cls)
        return {
            key: self.encode(getattr(value, a.name), hints[a.name])
            for key, a in _init_fields(cls).items()
        }

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
        return data

    # ----------------------------------------------------------------------- decoding

    def _custom_codec(self, tp: object) -> ValueCodec | None:
        return self._custom.get(tp) if isinstance(tp, type) else None

    def decode_custom(self, special: ValueCodec, data: object, path: str) -> object:
        try:
            return special.read(data, path)
        except InvalidDataError:
            raise
        except (Phase10Error, ValueError, TypeError) as error:
            raise InvalidDataError(str(error), path) from None

    def decode(self, data: object, tp: object, path: str) -> object:
        origin = typing.get_origin(tp)
        if tp is _NONE:
            if data is not None:
                raise InvalidDataError(f"expected null, not {_what(data)}", path)
            return None
        if self._custom:
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
            if type(data) is not int:
                raise InvalidDataError(f"expected a whole number, not {_what(data)}", path)
            return data
        if tp is str:
            if not isinstance(data, str):
                raise InvalidDataError(f"expected a string, not {_what(data)}", path)
            return data
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
                return self.decode_fields(Phase, data, path, optional=("name",))
            if tp in (GameState, PlayerView):  # documents older than the field
                return self.decode_fields(tp, data, path, optional=("laying",))
            if attrs.has(tp):
                return self.decode_fields(tp, data, path)
        raise NotImplementedError(f"phase10.serialization cannot decode a {_type_name(tp)}")

    def decode_tuple(self, data: object, args: tuple[object, ...], path: str) -> tuple[object, ...]:
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] is Card:
                return _cards(data, path)
            special = self._custom_codec(args[0])
            if special is not None and special.joined:
                if not isinstance(data, str):
                    raise InvalidDataError(f"expected a string of words, not {_what(data)}", path)
                tokens = data.split()
                return tuple(
                    self.decode_custom(special, token, f"{path}[{i}]")
                    for i, token in enumerate(tokens)
                )
            items = _list(data, path)
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
                raise InvalidDataError(f"unknown field {key!r}", _key_path(path, key))
        hints = self.hints(cls)
        values: dict[str, object] = {}
        for key, a in fields.items():
            if key not in obj:
                if key in optional or (self._in_rules and a.default is not attrs.NOTHING):
                    continue
                raise InvalidDataError(f"missing field {key!r}", path)
            values[key] = self.decode(obj[key], hints[a.name], _key_path(path, key))
        return values

    def decode_fields(
        self, cls: type, data: object, path: str, optional: Iterable[str] = ()
    ) -> object:
        return _build(cls, self.field_values(cls, data, path, optional), path)

    def decode_rules(self, data: object, path: str) -> Rules:
        obj = _object(data, path)
        if "spec" not in obj:
            raise InvalidDataError("missing field 'spec' (the variant spec, e.g. 'standard')", path)
        spec = self.decode(obj["spec"], str, _key_path(path, "spec"))
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
                    raise InvalidDataError(f"unknown rule option {key!r}", _key_path(path, key))
                options[key] = self.decode(raw, hints[field.name], _key_path(path, key))
        finally:
            self._in_rules = False
        return typing.cast(Rules, _build(Rules, {"spec": spec, **options}, path))

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
            raise InvalidDataError(f"unknown group kind {kind!r} (known: {known})", f"{path}.kind")
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
                raise InvalidDataError(f"unknown field {key!r}", _key_path(path, key))
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


def _card(data: object, path: str) -> Card:
    if not isinstance(data, str):
        raise InvalidDataError(f'expected a card such as "R7", not {_what(data)}', path)
    card = _CARDS_BY_TEXT.get(data.upper())
    if card is None:
        raise InvalidDataError(f"{data!r} is not a card (use R7, B12, G1, Y5, W or S)", path)
    return card


def _cards(data: object, path: str) -> tuple[Card, ...]:
    if not isinstance(data, str):
        raise InvalidDataError(f'expected cards such as "R7 B7 W", not {_what(data)}', path)
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
        found = json.dumps(data) if isinstance(data, str) else _what(data)
        raise InvalidDataError(f"expected one of {allowed}, not {found}", path) from None


def _build(cls: type, values: dict[str, object], path: str) -> object:
    """``cls(**values)``, with every constructor complaint turned into InvalidDataError."""
    try:
        return cls(**values)
    except InvalidDataError as error:
        where = path if error.path is None else error.path
        if not where.startswith("$"):
            where = f"{path}: {where}"
        raise InvalidDataError(error.message, where) from None
    except InvalidRulesError as error:
        option = error.option
        where = _key_path(path, option) if option is not None and option in values else path
        raise InvalidDataError(error.message, where) from None
    except (Phase10Error, ValueError, TypeError, OverflowError) as error:
        raise InvalidDataError(str(error), path) from None


# --------------------------------------------------------------------------- public API


def _kind_of(obj: object) -> tuple[Kind, type[Document]]:
    for name, cls in _KINDS:
        if isinstance(obj, cls):
            return name, cls
    raise TypeError(
        f"to_json writes a GameState, Rules, PlayerView or GameRecord, not {type(obj).__name__}"
    )


def to_data(obj: Document) -> dict[str, JSONValue]:
    """The JSON document of ``obj`` as Python dicts and lists (for embedding in a message).

    >>> from phase10 import Rules
    >>> to_data(Rules(hand_size=8))
    {'schema': 1, 'type': 'rules', 'spec': 'standard', 'hand_size': 8}
    """
    name, cls = _kind_of(obj)
    body = _Codec().encode(obj, cls)
    assert isinstance(body, dict)
    if "schema" in body or "type" in body:
        raise TypeError(f"{cls.__name__} has a field called 'schema' or 'type'")
    return {"schema": SCHEMA, "type": name, **body}


def to_json(obj: Document, *, indent: int | None = 2) -> str:
    """``obj`` as a JSON document (see the module docstring for the layout).

    With ``indent`` (the default) the text is laid out for people: short lists
    and objects on one line, longer ones one item per line. ``indent=None``
    gives one compact line for the wire.

    >>> from phase10 import Rules
    >>> to_json(Rules(hand_size=8), indent=None)
    '{"schema": 1, "type": "rules", "spec": "standard", "hand_size": 8}'
    """
    return format_json(to_data(obj), indent)


def _format(value: JSONValue, indent: int, level: int = 0, used: int = 0) -> str:
    """JSON laid out for people: a list or object that fits in its line stays on one line."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (list, dict)) or not value or used + len(flat) <= _WIDTH:
        return flat
    inner = " " * (indent * (level + 1))
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            head = f"{inner}{json.dumps(key, ensure_ascii=False)}: "
            lines.append(head + _format(item, indent, level + 1, len(head) + 1))
        opening, closing = "{", "}"
    elif _uniform(value):  # digests, seat numbers: as many per line as fit
        line = inner
        for i, item in enumerate(value):
            text = json.dumps(item) + ("," if i < len(value) - 1 else "")
            if len(line) > len(inner) and len(line) + 1 + len(text) > _WIDTH:
                lines.append(line)
                line = inner
            line += (" " if len(line) > len(inner) else "") + text
        return "[\n" + "\n".join([*lines, line]) + "\n" + " " * (indent * level) + "]"
    else:
        lines = [inner + _format(item, indent, level + 1, len(inner) + 1) for item in value]
        opening, closing = "[", "]"
    return opening + "\n" + ",\n".join(lines) + "\n" + " " * (indent * level) + closing


def _uniform(items: list[JSONValue]) -> bool:
    """Whether ``items`` are all whole numbers, or all strings of one short length."""
    if all(type(item) is int for item in items):
        return True
    lengths = {len(item) if isinstance(item, str) else -1 for item in items}
    return len(lengths) == 1 and 0 < min(lengths) <= 20


def _expected(kind: Kind | type[Document] | None) -> Kind | None:
    if kind is None:
        return None
    for name, cls in _KINDS:
        if kind == name or kind is cls:
            return name
    raise InvalidDataError(f"kind must be 'state', 'rules', 'view' or 'record', not {kind!r}")


@overload
def from_data(data: object, kind: Literal["state"] | type[GameState]) -> GameState: ...
@overload
def from_data(data: object, kind: Literal["rules"] | type[Rules]) -> Rules: ...
@overload
def from_data(data: object, kind: Literal["view"] | type[PlayerView]) -> PlayerView: ...
@overload
def from_data(data: object, kind: Literal["record"] | type[GameRecord]) -> GameRecord: ...
@overload
def from_data(data: object, kind: None = None) -> Document: ...
def from_data(data: object, kind: Kind | type[Document] | None = None) -> Document:
    """Read a document already parsed from JSON (see :func:`from_json`).

    >>> from_data({"schema": 1, "type": "rules", "spec": "standard"}, "rules").hand_size
    10
    """
    expected = _expected(kind)
    try:
        return _from_data(data, expected)
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


def read_header(
    data: object, types: Sequence[str], expected: str | None = None
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
    if type(schema) is not int:
        raise InvalidDataError(f"expected a whole number, not {_what(schema)}", "$.schema")
    if schema != SCHEMA:
        newer = " (written by a newer phase10)" if schema > SCHEMA else ""
        raise InvalidDataError(f"schema {schema}{newer}: this version reads {SCHEMA}", "$.schema")
    names = ", ".join(types[:-1]) + " or " + types[-1] if len(types) > 1 else types[0]
    if "type" not in obj:
        raise InvalidDataError(f"missing field 'type' ({names})", "$")
    name = obj["type"]
    if not isinstance(name, str) or name not in types:
        found = json.dumps(name) if isinstance(name, str) else _what(name)
        raise InvalidDataError(f"expected a type of {names}, not {found}", "$.type")
    if expected is not None and name != expected:
        raise InvalidDataError(f"expected a {expected} document, not a {name}", "$.type")
    return name, {key: value for key, value in obj.items() if key not in ("schema", "type")}


def _from_data(data: object, expected: Kind | None) -> Document:
    classes: dict[str, type[Document]] = dict(_KINDS)
    name, body = read_header(data, list(classes), expected)
    codec = _Codec()
    if name == "record":
        values = codec.field_values(GameRecord, body, "$")
        actions = typing.cast("tuple[str, ...]", values["actions"])
        for i, text in enumerate(actions):
            try:
                parse_action(text)
            except InvalidDataError as error:
                where = f"$.actions[{i}]"
                raise InvalidDataError(f"{error.path}: {error.message}", where) from None
        record = typing.cast(GameRecord, _build(GameRecord, values, "$"))
        record.initial_state()  # a bad table, dealer or deck raises with its JSON path
        return record
    value = codec.decode(body, classes[name], "$")
    if isinstance(value, GameState):
        validate_state(value)
    elif isinstance(value, PlayerView):
        validate_view(value)
    return typing.cast(Document, value)


def encode_value(
    value: object, tp: object, custom: Mapping[type, ValueCodec] = _NO_CUSTOM
) -> JSONValue:
    """``value``, of the type ``tp`` (an attrs class, a tuple type, ...), as JSON data.

    The generic encoder behind :func:`to_json`, for other games of the family:
    attrs values become objects of their fields, enums their values, cards and
    and the types of ``custom`` as their codecs write them.

    >>> from phase10 import Card
    >>> encode_value((Card.parse("R7"), 3), tuple[Card, int])
    ['R7', 3]
    """
    return _Codec(custom).encode(value, tp)


def decode_value(
    data: object, tp: object, path: str = "$", custom: Mapping[type, ValueCodec] = _NO_CUSTOM
) -> object:
    """The inverse of :func:`encode_value`, as strict as :func:`from_json` (errors name ``path``).

    >>> from phase10 import Card
    >>> decode_value(["R7", 3], tuple[Card, int])
    (Card.parse('R7'), 3)
    >>> decode_value(["R7", "3"], tuple[Card, int], "$.x")
    Traceback (most recent call last):
    ...
    phase10.errors.InvalidDataError: $.x[1]: expected a whole number, not a string
    """
    return _Codec(custom).decode(data, tp, path)


def format_json(data: JSONValue, indent: int | None = 2) -> str:
    """JSON data as :func:`to_json` lays it out (``indent=None``: one compact line)."""
    if indent is None:
        return json.dumps(data, ensure_ascii=False)
    return _format(data, indent)


def parse_json(text: str | bytes | bytearray) -> object:
    """Parse JSON text strictly (no repeated keys, no NaN); faults raise InvalidDataError."""
    return _parse(text)


def _parse(text: str | bytes | bytearray) -> object:
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidDataError(f"a JSON document is text, not {type(text).__name__}", "$")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except InvalidDataError:
        raise
    except (RecursionError, ValueError, TypeError, OverflowError) as error:
        raise InvalidDataError(f"not valid JSON: {error}", "$") from None


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise InvalidDataError(f"the key {key!r} appears twice in one object", "$")
        result[key] = value
    return result


def _no_constant(name: str) -> object:
    raise InvalidDataError(f"{name} is not allowed in a phase10 document", "$")


@overload
def from_json(
    text: str | bytes | bytearray, kind: Literal["state"] | type[GameState]
) -> GameState: ...
@overload
def from_json(text: str | bytes | bytearray, kind: Literal["rules"] | type[Rules]) -> Rules: ...
@overload
def from_json(
    text: str | bytes | bytearray, kind: Literal["view"] | type[PlayerView]
) -> PlayerView: ...
@overload
def from_json(
    text: str | bytes | bytearray, kind: Literal["record"] | type[GameRecord]
) -> GameRecord: ...
@overload
def from_json(text: str | bytes | bytearray, kind: None = None) -> Document: ...
def from_json(text: str | bytes | bytearray, kind: Kind | type[Document] | None = None) -> Document:
    """Read a document written by :func:`to_json`; ``kind`` (a name or a class) demands a type.

    Any fault raises :class:`~phase10.InvalidDataError` with the JSON path of
    the fault, and nothing else is ever raised.

    >>> from phase10 import Rules
    >>> from_json('{"schema": 1, "type": "rules", "spec": "standard", "hand_size": 8}', Rules)
    Rules(..., hand_size=8, ...)
    >>> from_json('{"schema": 1, "type": "rules", "spec": "x", "hand_sise": 8}')
    Traceback (most recent call last):
    ...
    phase10.errors.InvalidDataError: $.hand_sise: unknown rule option 'hand_sise'
    """
    expected = _expected(kind)
    return from_data(_parse(text), expected)


def state_from_json(text: str | bytes | bytearray) -> GameState:
    """Read a ``"state"`` document (any other type is refused).

    >>> from phase10 import new_game
    >>> state = new_game(2, seed=1)
    >>> state_from_json(to_json(state)) == state
    True
    """
    return from_json(text, GameState)


def rules_from_json(text: str | bytes | bytearray) -> Rules:
    """Read a ``"rules"`` document (any other type is refused).

    >>> rules_from_json('{"schema": 1, "type": "rules", "spec": "even-phases+x"}').spec
    'even-phases+x'
    """
    return from_json(text, Rules)


def view_from_json(text: str | bytes | bytearray) -> PlayerView:
    """Read a ``"view"`` document (any other type is refused).

    >>> from phase10 import new_game, player_view
    >>> view = player_view(new_game(2, seed=1), 0)
    >>> view_from_json(to_json(view)) == view
    True
    """
    return from_json(text, PlayerView)


def record_from_json(text: str | bytes | bytearray) -> GameRecord:
    """Read a ``"record"`` document (the :class:`~phase10.record.GameRecord` file format).

    >>> from phase10 import GameRecord
    >>> record = GameRecord.start(2, seed=1)
    >>> record_from_json(to_json(record)) == record
    True
    """
    return from_json(text, GameRecord)
