"""JSON Schemas of phase10's documents, for clients in other languages and for validators.

:func:`json_schema` returns the schema (JSON Schema draft-07) of one kind of
document: ``"state"``, ``"view"``, ``"rules"`` and ``"record"`` (what
:func:`phase10.to_json` writes), ``"action"`` (one action in the notation of
:mod:`phase10.notation`) and ``"update"`` (what :func:`phase10.seat_update`
gives a server to send). The same schemas ship as files in this package
(``phase10/schemas/view.schema.json``, ...), for tools that read files, such as
``json-schema-to-typescript``; ``python -m phase10.schemas KIND`` prints one.

>>> schema = json_schema("view")
>>> schema["title"], schema["properties"]["type"]
('ViewDocument', {'const': 'view'})
>>> sorted(KINDS)
['action', 'record', 'rules', 'state', 'update', 'view']
"""

from __future__ import annotations

import json
import typing
from importlib import resources
from typing import Literal

from ..codec import JSONValue
from ..errors import InvalidDataError
from ..limits import show

__all__ = ["KINDS", "SchemaKind", "json_schema"]

SchemaKind = Literal["state", "view", "rules", "record", "action", "update"]
"""The kinds of schema."""

KINDS: tuple[SchemaKind, ...] = ("state", "view", "rules", "record", "action", "update")
"""Every kind of schema, in the order of :data:`SchemaKind`."""


def json_schema(kind: SchemaKind) -> dict[str, JSONValue]:
    """The JSON Schema of the documents of type ``kind`` (a new dict on every call).

    Each schema holds every definition it uses, so it stands alone.
    """
    if kind not in KINDS:
        raise InvalidDataError(f"kind must be one of {', '.join(KINDS)}, not {show(kind)}")
    text = resources.files(__name__).joinpath(f"{kind}.schema.json").read_text("utf-8")
    return typing.cast(dict[str, JSONValue], json.loads(text))
