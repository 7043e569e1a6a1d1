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

The encoder and decoder (:mod:`phase10.codec`) are generic, driven by
``attrs.fields`` and the resolved type hints, so a field added to :class:`~phase10.GameState`,
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

import typing
from collections.abc import Mapping
from typing import Literal, TypeAlias, overload

from .codec import (
    KINDS,
    NO_CUSTOM,
    SCHEMA,
    Codec,
    JSONValue,
    ValueCodec,
    document,
    format_json,
    guarded,
    open_document,
    parse_json,
    read_header,
)
from .errors import InvalidDataError
from .limits import MAX_DOCUMENT, show
from .record import GameRecord, record_from_fields
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

Kind = Literal["state", "rules", "view", "record"]
"""The ``"type"`` of a document."""

Document: TypeAlias = GameState | Rules | PlayerView | GameRecord

_KINDS: tuple[tuple[Kind, type[Document]], ...] = (
    ("state", GameState),
    ("rules", Rules),
    ("view", PlayerView),
    ("record", GameRecord),
)
assert tuple(name for name, _ in _KINDS) == KINDS


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
    body = Codec().encode(obj, cls)
    assert isinstance(body, dict)
    return document(name, body)


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


def _expected(kind: Kind | type[Document] | None) -> Kind | None:
    if kind is None:
        return None
    for name, cls in _KINDS:
        if kind == name or kind is cls:
            return name
    raise InvalidDataError(f"kind must be 'state', 'rules', 'view' or 'record', not {show(kind)}")


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
    return guarded(lambda: _from_data(data, expected))


def _from_data(data: object, expected: Kind | None) -> Document:
    name, body = open_document(data, expected)
    if name == "record":
        return record_from_fields(body)
    classes: dict[str, type[Document]] = dict(_KINDS)
    value = Codec().decode(body, classes[name], "$")
    if isinstance(value, GameState):
        validate_state(value)
    elif isinstance(value, PlayerView):
        validate_view(value)
    return typing.cast(Document, value)


@overload
def from_json(
    text: str | bytes | bytearray,
    kind: Literal["state"] | type[GameState],
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> GameState: ...
@overload
def from_json(
    text: str | bytes | bytearray,
    kind: Literal["rules"] | type[Rules],
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> Rules: ...
@overload
def from_json(
    text: str | bytes | bytearray,
    kind: Literal["view"] | type[PlayerView],
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> PlayerView: ...
@overload
def from_json(
    text: str | bytes | bytearray,
    kind: Literal["record"] | type[GameRecord],
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> GameRecord: ...
@overload
def from_json(
    text: str | bytes | bytearray, kind: None = None, *, max_size: int | None = MAX_DOCUMENT
) -> Document: ...
def from_json(
    text: str | bytes | bytearray,
    kind: Kind | type[Document] | None = None,
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> Document:
    """Read a document written by :func:`to_json`; ``kind`` (a name or a class) demands a type.

    Any fault raises :class:`~phase10.InvalidDataError` with the JSON path of
    the fault, and nothing else is ever raised. A document longer than ``max_size``
    characters or bytes (:data:`~phase10.limits.MAX_DOCUMENT`, 4 MiB) is refused
    before it is parsed; ``max_size=None`` reads a document you trust of any length
    (the record of a very long game).

    >>> from phase10 import Rules
    >>> from_json('{"schema": 1, "type": "rules", "spec": "standard", "hand_size": 8}', Rules)
    Rules(..., hand_size=8, ...)
    >>> from_json('{"schema": 1, "type": "rules", "spec": "x", "hand_sise": 8}')
    Traceback (most recent call last):
    ...
    phase10.errors.InvalidDataError: $.hand_sise: unknown rule option 'hand_sise'
    """
    expected = _expected(kind)
    return from_data(parse_json(text, max_size=max_size), expected)


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


def record_from_json(
    text: str | bytes | bytearray, *, max_size: int | None = MAX_DOCUMENT
) -> GameRecord:
    """Read a ``"record"`` document (the :class:`~phase10.record.GameRecord` file format);
    ``max_size`` as for :func:`from_json`.

    >>> from phase10 import GameRecord
    >>> record = GameRecord.start(2, seed=1)
    >>> record_from_json(to_json(record)) == record
    True
    """
    return from_json(text, GameRecord, max_size=max_size)


def encode_value(
    value: object, tp: object, custom: Mapping[type, ValueCodec] = NO_CUSTOM
) -> JSONValue:
    """``value``, of the type ``tp`` (an attrs class, a tuple type, ...), as JSON data.

    The generic encoder behind :func:`to_json`, for other games of the family:
    attrs values become objects of their fields, enums their values, cards their
    notation, and the types of ``custom`` what their codecs write.

    >>> from phase10 import Card
    >>> encode_value((Card.parse("R7"), 3), tuple[Card, int])
    ['R7', 3]
    """
    return Codec(custom).encode(value, tp)


def decode_value(
    data: object, tp: object, path: str = "$", custom: Mapping[type, ValueCodec] = NO_CUSTOM
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
    return Codec(custom).decode(data, tp, path)
