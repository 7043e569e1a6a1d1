"""JSON for Phase 10 Dice: states, rules, views and records, as strict as the card game's.

The documents have the card game's header (``"schema"``, then ``"type"``:
``"dice-state"``, ``"dice-rules"``, ``"dice-view"`` or ``"dice-record"``) and
are written by the project's generic codec
(:func:`phase10.serialization.encode_value`), so they read like the card
game's: fields by name, enums as their values. Faces are in notation, the
faces showing as one string (``"R7 B10 GW ..."``), a die as its faces; rules
as their preset spec plus the options that differ from ``DiceRules()``.
Decoding rejects anything this library could not have written, with
:class:`~phase10.InvalidDataError` and the JSON path of the fault.

>>> from phase10.dice import new_game, apply, Roll
>>> state = apply(new_game(["Ann", "Bob"], seed=7), Roll())
>>> from_json(to_json(state)) == state
True
>>> print(to_json(DiceRules(ending="immediate"), indent=None))
{"schema": 1, "type": "dice-rules", "spec": "standard", "ending": "immediate"}
>>> from_json(to_json(state).replace('"rolls": 1', '"rolls": 7'))
Traceback (most recent call last):
...
phase10.errors.InvalidDataError: $.rolls: 7 rolls in a turn of at most 3
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal, TypeAlias, overload

from ..codec import options_codec
from ..documents import FamilyDocuments, check_seat, check_table
from ..errors import InvalidDataError
from ..limits import MAX_DOCUMENT
from ..serialization import ValueCodec
from .faces import Die, Face, parse_faces
from .record import DiceRecord
from .rules import DiceRules
from .state import Bonus, DiceStage, DiceState
from .views import DiceView

__all__ = [
    "CODECS",
    "DiceKind",
    "from_json",
    "load_record",
    "save_record",
    "to_data",
    "to_json",
    "validate_state",
]

DiceKind = Literal["dice-state", "dice-rules", "dice-view", "dice-record"]
"""The ``"type"`` of a dice document."""

Document: TypeAlias = DiceState | DiceRules | DiceView | DiceRecord

_KINDS: tuple[tuple[DiceKind, type[Document]], ...] = (
    ("dice-state", DiceState),
    ("dice-rules", DiceRules),
    ("dice-view", DiceView),
    ("dice-record", DiceRecord),
)


def _read_face(data: object, path: str) -> Face:
    if not isinstance(data, str):
        raise InvalidDataError(f'expected a die face such as "R7" or "GW", not {data!r}', path)
    try:
        return Face.parse(data)
    except InvalidDataError as error:
        raise InvalidDataError(
            f"{data!r} is {error.message[0].lower()}{error.message[1:]}", path
        ) from None


def _read_die(data: object, path: str) -> Die:
    if not isinstance(data, str):
        raise InvalidDataError(
            f'expected a die as its faces, such as "R5 B6 G7", not {data!r}', path
        )
    try:
        return Die(parse_faces(data))
    except InvalidDataError as error:
        raise InvalidDataError(error.message, path) from None


CODECS: Mapping[type, ValueCodec] = MappingProxyType(
    {
        Face: ValueCodec(str, _read_face, joined=True),
        Die: ValueCodec(str, _read_die),
        DiceRules: options_codec(DiceRules, lambda: CODECS),
    }
)
"""How the dice types are written, for :func:`phase10.serialization.encode_value`."""


_DOCUMENTS: FamilyDocuments[Document, DiceRecord, DiceState | DiceView] = FamilyDocuments(
    _KINDS,
    CODECS,
    "dice-record",
    (DiceState, DiceView),
    lambda state: validate_state(state),  # defined below
)

to_data = _DOCUMENTS.to_data
"""The JSON document of ``obj`` as Python dicts and lists."""


def to_json(obj: Document, *, indent: int | None = 2) -> str:
    """``obj`` as a JSON document (``indent=None``: one compact line)."""
    return _DOCUMENTS.to_json(obj, indent)


@overload
def from_json(
    text: str | bytes | bytearray,
    kind: Literal["dice-state"],
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> DiceState: ...
@overload
def from_json(
    text: str | bytes | bytearray,
    kind: Literal["dice-rules"],
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> DiceRules: ...
@overload
def from_json(
    text: str | bytes | bytearray,
    kind: Literal["dice-view"],
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> DiceView: ...
@overload
def from_json(
    text: str | bytes | bytearray,
    kind: Literal["dice-record"],
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> DiceRecord: ...
@overload
def from_json(
    text: str | bytes | bytearray, kind: None = None, *, max_size: int | None = MAX_DOCUMENT
) -> Document: ...
def from_json(
    text: str | bytes | bytearray,
    kind: DiceKind | None = None,
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> Document:
    """Read a document written by :func:`to_json`; ``kind`` demands a type.

    Any fault raises :class:`~phase10.InvalidDataError` with its JSON path. A document
    longer than ``max_size`` (:data:`~phase10.limits.MAX_DOCUMENT`) is refused before it
    is parsed; ``max_size=None`` reads a document you trust of any length.
    """
    return typing.cast(Document, _DOCUMENTS.from_json(text, kind, max_size))


save_record = _DOCUMENTS.save_record
"""Write ``record`` to ``path`` as one JSON document (UTF-8)."""

load_record = _DOCUMENTS.load_record
"""Read a record written by :func:`save_record`; faults raise InvalidDataError. A file
longer than ``max_size`` bytes (:data:`~phase10.limits.MAX_DOCUMENT`) is refused unread;
``max_size=None`` reads a file you trust of any length."""


# --------------------------------------------------------------------------- validation


def validate_state(state: DiceState | DiceView) -> None:
    """Raise :class:`~phase10.InvalidDataError` unless ``state`` could occur in a game.

    Checks the table size, the seats, the stage against the dice and rolls,
    every face against its die, and every scorepad column against the rules
    (phases in order, points, turns, bonuses, the total).
    """
    rules = state.rules
    count = len(state.players)
    check_table(
        rules.check_players,
        count,
        [("first", state.first), ("current_player", state.current_player)],
        [player.name for player in state.players],
    )
    if isinstance(state, DiceView):
        check_seat(state.seat, count, "$.seat")
    over = state.stage is DiceStage.GAME_OVER
    if (state.current_player is None) != over:
        raise InvalidDataError("only a finished game has no current player", "$.current_player")
    if state.turn < 1:
        raise InvalidDataError("turns are counted from 1", "$.turn")
    if not 0 <= state.rolls <= rules.rolls:
        raise InvalidDataError(f"{state.rolls} rolls in a turn of at most {rules.rolls}", "$.rolls")
    _check_dice(state)
    for seat in range(len(state.players)):
        _check_player(state, seat, f"$.players[{seat}]")
    mover = state.current_player
    if mover is not None and len(state.players[mover].completed) >= len(rules.phases):
        raise InvalidDataError("the player to move has made every phase", "$.current_player")
    _check_ending(state, over)


def _check_dice(state: DiceState | DiceView) -> None:
    rules = state.rules
    rolled = state.stage is DiceStage.PLAY
    if rolled != (state.rolls > 0) or rolled != bool(state.dice):
        raise InvalidDataError(
            f"the stage {state.stage.value!r} does not fit {state.rolls} roll(s) and the dice",
            "$.stage",
        )
    if state.dice and len(state.dice) != len(rules.dice):
        raise InvalidDataError(f"{len(state.dice)} faces for {len(rules.dice)} dice", "$.dice")
    for i, face in enumerate(state.dice):
        if face not in rules.dice[i].faces:
            raise InvalidDataError(f"die {i} has no face {face}", f"$.dice[{i}]")
    kept = state.kept
    if list(kept) != sorted(set(kept)) or any(not 0 <= i < len(state.dice) for i in kept):
        raise InvalidDataError("kept dice are distinct dice showing, in order", "$.kept")


def _check_player(state: DiceState | DiceView, seat: int, path: str) -> None:
    rules = state.rules
    player = state.players[seat]
    done = len(player.completed)
    if player.completed != tuple(range(1, done + 1)) or done > len(rules.phases):
        raise InvalidDataError("phases are made in order from phase 1", f"{path}.completed")
    if len(player.phase_points) != done:
        raise InvalidDataError("one score per phase made", f"{path}.phase_points")
    for i, gained in enumerate(player.phase_points):
        if not 0 <= gained <= 12 * len(rules.dice):
            raise InvalidDataError(f"a phase cannot score {gained}", f"{path}.phase_points[{i}]")
    if player.turns != done + player.misses or not 0 <= player.misses_here <= player.misses:
        raise InvalidDataError("turns are phases made plus turns missed", f"{path}.turns")
    if len(set(player.bonuses)) != len(player.bonuses):
        raise InvalidDataError("each bonus is earned once", f"{path}.bonuses")
    if Bonus.FIRST_FINISH in player.bonuses and done < len(rules.phases):
        raise InvalidDataError("the First Finish bonus needs every phase", f"{path}.bonuses")
    if Bonus.HALFWAY in player.bonuses and (not rules.halfway_phase or done < rules.halfway_phase):
        raise InvalidDataError("the halfway bonus comes after the halfway phase", f"{path}.bonuses")
    total = sum(player.phase_points)
    total += rules.halfway_bonus * (Bonus.HALFWAY in player.bonuses)
    total += rules.finish_bonus * (Bonus.FIRST_FINISH in player.bonuses)
    if state.stage is DiceStage.GAME_OVER and len(state.players) == 1:
        total -= rules.solo_miss_penalty * player.misses
    if player.score != total:
        raise InvalidDataError(f"the total should be {total}, not {player.score}", f"{path}.score")


def _check_ending(state: DiceState | DiceView, over: bool) -> None:
    count = len(state.players)
    last = len(state.rules.phases)
    if state.finisher is not None:
        check_seat(state.finisher, count, "$.finisher")
        if len(state.players[state.finisher].completed) != last:
            raise InvalidDataError("the finisher has made every phase", "$.finisher")
    elif state.final_turns or state.bonus_seats:
        raise InvalidDataError("final turns come after a finish", "$.final_turns")
    for key, seats in (("final_turns", state.final_turns), ("bonus_seats", state.bonus_seats)):
        for i, seat in enumerate(seats):
            check_seat(seat, count, f"$.{key}[{i}]")
        if len(set(seats)) != len(seats):
            raise InvalidDataError("each seat once", f"$.{key}")
    if state.final_turns and state.current_player != state.final_turns[0]:
        raise InvalidDataError("the player to move takes the first final turn", "$.final_turns")
    for i, seat in enumerate(state.winners):
        check_seat(seat, count, f"$.winners[{i}]")
    if state.winners and not over:
        raise InvalidDataError("only a finished game has winners", "$.winners")
