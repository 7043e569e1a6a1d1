"""Build the JSON Schemas of phase10's documents from the types, as the codec reads them.

The schemas follow :mod:`phase10.codec` rule for rule: attrs values are objects
of their constructor fields (every one required, except those marked
``JSON_OPTIONAL``; inside rules, every field with a default may be left out),
cards are notation strings, a sequence of cards one string, enums their values,
groups and requirements one object per kind (tagged by ``"kind"``), and rules the
variant spec plus any option. The library's own group kinds are listed; a group
of a kind from a plugin matches the open alternative (a ``kind`` not listed).

The schemas ship as files next to this module; :func:`phase10.json_schema` reads
them. After a change to a document type or a new group kind in ``phase10``,
write them again::

    python -m phase10.schemas.build
"""

from __future__ import annotations

import enum
import json
import sys
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Union

import attrs

from ..cards import Card, Color
from ..codec import SCHEMA, Codec, JSONValue
from ..limits import MAX_PHASE_NUMBER, MAX_PLAYERS, SEED_LIMIT
from ..melds import Meld, Requirement, requirement_kinds
from ..phases import Phase
from ..record import GameRecord
from ..rules import Rules
from ..state import JSON_OPTIONAL, GameState
from ..views import PlayerView
from .notation import CARD_PATTERN, action_schema

__all__ = ["DOCUMENTS", "build", "main", "write"]

Schema = dict[str, JSONValue]

DOCUMENTS: Mapping[str, str] = {
    "state": "A whole game state: every hand, the stock and the seed (the server's own copy).",
    "view": "What one seat may see (R-3.8): its own hand and the public table.",
    "rules": "The rules of a game: the variant spec and every option that differs from the "
    "official defaults.",
    "record": "A whole game as its rules, its deal and its actions in notation.",
    "action": "One action in the action notation: what a client sends, and what records and "
    "updates list.",
    "update": "What a server sends one seat after an action: its view, its legal actions and "
    "the events since its last update.",
}
"""Every kind of schema, with what it describes."""

_TITLES = {
    "state": "StateDocument",
    "view": "ViewDocument",
    "rules": "RulesDocument",
    "record": "RecordDocument",
    "action": "Action",
    "update": "UpdateMessage",
}
_DRAFT = "http://json-schema.org/draft-07/schema#"
_NONE = type(None)
_LOWEST = -(2**63)
_CARD = CARD_PATTERN
_SPACE = r"[ \t\n\r\f\v]"


_FIRST = ("set", "run", "color")
"""The kinds every phase list uses, tried first by a validator."""


def _own_kinds() -> dict[str, type[Requirement]]:
    """The group kinds of the library itself (not those of tests or plugins), the most
    common first."""
    kinds = {
        kind: cls
        for kind, cls in requirement_kinds().items()
        if cls.__module__.split(".")[0] == "phase10"
    }
    return dict(sorted(kinds.items(), key=lambda item: (item[0] not in _FIRST, _rank(item[0]))))


def _rank(kind: str) -> tuple[int, str]:
    return (_FIRST.index(kind) if kind in _FIRST else len(_FIRST), kind)


class _Builder:
    """One schema document: its definitions, filled in as types are met."""

    def __init__(self) -> None:
        self.definitions: dict[str, Schema] = {}
        self._codec = Codec()
        self._kinds = _own_kinds()

    def ref(self, name: str) -> Schema:
        return {"$ref": f"#/definitions/{name}"}

    def define(self, name: str, make: typing.Callable[[], Schema]) -> Schema:
        if name not in self.definitions:
            self.definitions[name] = {}  # a placeholder: recursive types refer to it
            self.definitions[name] = make()
        return self.ref(name)

    # -- types

    def schema(self, tp: object, in_rules: bool) -> Schema:
        origin = typing.get_origin(tp)
        if tp is _NONE:
            return {"type": "null"}
        if origin is Union or origin is types.UnionType:
            options: list[JSONValue] = [self.schema(arg, in_rules) for arg in typing.get_args(tp)]
            return {"anyOf": options}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer", "minimum": _LOWEST, "maximum": SEED_LIMIT - 1}
        if tp is str:
            return {"type": "string"}
        if tp is Card:
            return self.define("Card", _card)
        if origin is tuple:
            args = typing.get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:
                if args[0] is Card:
                    return self.define("Cards", _cards)
                return {"type": "array", "items": self.schema(args[0], in_rules)}
            return {
                "type": "array",
                "items": [self.schema(arg, in_rules) for arg in args],
                "additionalItems": False,
                "minItems": len(args),
                "maxItems": len(args),
            }
        if origin is frozenset:
            (arg,) = typing.get_args(tp)
            return {"type": "array", "items": self.schema(arg, in_rules), "uniqueItems": True}
        if origin in (Mapping, dict):
            _, arg = typing.get_args(tp)
            return {"type": "object", "additionalProperties": self.schema(arg, in_rules)}
        if isinstance(tp, type):
            if issubclass(tp, enum.Enum):
                members = tp
                return self.define(tp.__name__, lambda: _enum(members))
            if tp is Rules:
                return self.define("Rules", self.rules)
            if tp is Meld:
                return self.define("Meld", self.meld)
            if issubclass(tp, Requirement):
                return self.requirement(in_rules)
            if attrs.has(tp):
                return self.object(tp, in_rules)
        raise TypeError(f"no JSON Schema for {tp!r}")

    def fields(self, cls: type, in_rules: bool) -> tuple[dict[str, JSONValue], list[str]]:
        """The properties of the attrs class ``cls`` and the names required."""
        hints = self._codec.hints(cls)
        properties: dict[str, JSONValue] = {}
        required: list[str] = []
        for a in attrs.fields(typing.cast("type[attrs.AttrsInstance]", cls)):
            if not a.init:
                continue
            key = a.alias or a.name
            properties[key] = self.schema(hints[a.name], in_rules)
            optional = a.metadata.get(JSON_OPTIONAL) or (
                in_rules and a.default is not attrs.NOTHING
            )
            if not optional:
                required.append(key)
        return properties, required

    def object(self, cls: type, in_rules: bool) -> Schema:
        # Inside rules a field with a default may be left out: another definition.
        name = cls.__name__ + ("InRules" if in_rules else "")
        if cls is Phase:  # the name is optional everywhere (generated when left out)

            def make() -> Schema:
                properties, _ = self.fields(Phase, in_rules)
                properties["number"] = {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_PHASE_NUMBER,
                }
                properties["requirements"] = {
                    "type": "array",
                    "items": self.requirement(in_rules),
                    "minItems": 1,
                }
                return _closed(properties, ["number", "requirements"])

            return self.define(name, make)
        return self.define(name, lambda: _closed(*self.fields(cls, in_rules)))

    def rules(self) -> Schema:
        properties, _ = self.fields(Rules, True)
        schema = _closed(properties, ["spec"])
        schema["description"] = (
            "The variant spec (where the rules came from) and every option that differs from "
            "the official defaults; a missing option has its default."
        )
        return schema

    def requirement(self, in_rules: bool) -> Schema:
        name = "RequirementInRules" if in_rules else "Requirement"

        def make() -> Schema:
            options: list[JSONValue] = []
            for kind, cls in self._kinds.items():
                properties, required = self.fields(cls, in_rules)
                options.append(
                    _closed({"kind": {"const": kind}, **properties}, ["kind", *required])
                )
            options.append(_other_kind(list(self._kinds), {}))
            return {"description": "One group a phase asks for, by its kind.", "anyOf": options}

        return self.define(name, make)

    def meld(self) -> Schema:
        anchor: dict[str, JSONValue] = {
            "cards": self.schema(tuple[Card, ...], False),
            "number": {"type": "integer"},
            "color": self.schema(Color, False),
            "wraps": {"type": "boolean"},
            "colors": self.schema(tuple[Color, ...], False),
        }
        options: list[JSONValue] = []
        for kind, cls in self._kinds.items():
            properties, required = self.fields(cls, False)
            options.append(
                _closed(
                    {"kind": {"const": kind}, **properties, **anchor}, ["kind", *required, "cards"]
                )
            )
        options.append(_other_kind(list(self._kinds), anchor))
        return {
            "description": "A group on the table: its requirement's kind and fields, its cards "
            "in table order, and the anchor that fixes what every Wild stands for (number, "
            "color, wraps, and an alternating run's other colours; each left out when null, "
            "false or empty).",
            "anyOf": options,
        }

    # -- documents

    def document(self, kind: str, cls: type) -> Schema:
        properties, required = self.fields(cls, False)
        return _closed(_header(kind, properties), ["schema", "type", *required])

    def record(self) -> Schema:
        properties, required = self.fields(GameRecord, False)
        properties["seed"] = {"type": "integer", "minimum": 0, "maximum": SEED_LIMIT - 1}
        properties["dealer"] = {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1}
        properties["actions"] = {"type": "array", "items": self.define("Action", action_schema)}
        properties["digests"] = {
            "type": "array",
            "items": {"type": "string", "pattern": "^[0-9a-f]{16}$"},
        }
        return _closed(_header("record", properties), ["schema", "type", *required])

    def update(self) -> Schema:
        action = self.define("Action", action_schema)
        seat: Schema = {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}
        event = _closed(
            {
                "seat": seat,
                "action": {"anyOf": [action, {"type": "null"}]},
                "text": {"type": "string"},
            },
            ["seat", "action", "text"],
        )
        event["description"] = (
            "One thing that happened, as this seat may know it: the seat that acted (null for "
            "the end of a hand or of the game), the action in notation (null when this seat "
            "may not see it), and a sentence."
        )
        properties: dict[str, JSONValue] = {
            "seat": seat,
            "view": self.define("ViewDocument", lambda: self.document("view", PlayerView)),
            "legal": {"type": "array", "items": action},
            "events": {"type": "array", "items": self.define("Event", lambda: event)},
        }
        return _closed(_header("update", properties), ["schema", "type", *properties])


def _header(kind: str, properties: Mapping[str, JSONValue]) -> dict[str, JSONValue]:
    return {"schema": {"const": SCHEMA}, "type": {"const": kind}, **properties}


def _closed(properties: Mapping[str, JSONValue], required: list[str]) -> Schema:
    return {
        "type": "object",
        "properties": dict(properties),
        "required": list(required),
        "additionalProperties": False,
    }


def _other_kind(known: list[str], anchor: Mapping[str, JSONValue]) -> Schema:
    """A group of a kind from a plugin: its fields are plain values."""
    return {
        "type": "object",
        "description": "A group kind this version does not list (from a plugin).",
        "properties": {"kind": {"type": "string", "not": {"enum": list(known)}}, **anchor},
        "required": ["kind", *(["cards"] if anchor else [])],
        "additionalProperties": {"type": ["string", "integer", "boolean", "null"]},
    }


def _card() -> Schema:
    return {
        "type": "string",
        "description": "A card in notation: R7, B12, G1, Y5 (colour and number), W (Wild), "
        "S (Skip), X (Anti-Phase rule card).",
        "pattern": f"^{_CARD}$",
    }


def _cards() -> Schema:
    return {
        "type": "string",
        "description": 'Cards in notation separated by spaces, e.g. "R7 B7 W".',
        "pattern": f"^{_SPACE}*(?:{_CARD}(?:{_SPACE}+{_CARD})*)?{_SPACE}*$",
    }


def _enum(cls: type[enum.Enum]) -> Schema:
    return {"type": "string", "enum": [member.value for member in cls]}


def build(kind: str) -> Schema:
    """The JSON Schema (draft-07) of the documents of type ``kind`` (see :data:`DOCUMENTS`)."""
    builder = _Builder()
    if kind == "action":
        body = action_schema()
    elif kind == "record":
        body = builder.record()
    elif kind == "update":
        body = builder.update()
    elif kind == "rules":
        rules = builder.rules()
        properties = typing.cast(dict[str, JSONValue], rules["properties"])
        body = _closed(_header("rules", properties), ["schema", "type", "spec"])
    elif kind in ("state", "view"):
        body = builder.document(kind, GameState if kind == "state" else PlayerView)
    else:
        raise ValueError(f"no schema of kind {kind!r}: one of {', '.join(DOCUMENTS)}")
    schema: Schema = {
        "$schema": _DRAFT,
        "title": _TITLES[kind],
        "description": DOCUMENTS[kind],
        **body,
    }
    if builder.definitions:
        schema["definitions"] = dict(sorted(builder.definitions.items()))
    return schema


def text(kind: str) -> str:
    """The file text of the schema ``kind``."""
    return json.dumps(build(kind), indent=2, ensure_ascii=False) + "\n"


def write(folder: Path | None = None) -> list[Path]:
    """Write every schema to ``folder`` (by default, next to this module)."""
    target = folder or Path(__file__).parent
    written = []
    for kind in DOCUMENTS:
        path = target / f"{kind}.schema.json"
        path.write_text(text(kind), encoding="utf-8")
        written.append(path)
    return written


def main() -> int:
    """``python -m phase10.schemas.build [FOLDER]``: write the schema files."""
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    for path in write(folder):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
