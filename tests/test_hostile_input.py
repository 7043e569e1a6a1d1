"""Hostile and careless input, as a game server passes it on from clients it does not trust.

One case per input: each must raise a typed :mod:`phase10.errors` exception whose message
a person can read (it names what is wrong and, for a size, the limit in
:mod:`phase10.limits`), and must be refused without reading what it would be pointless
to read. That is checked by counting work (how often the decoder builds a value), never
by timing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

import phase10.codec
from phase10 import (
    Action,
    GameRecord,
    GameState,
    Hit,
    InvalidDataError,
    InvalidRulesError,
    LayDown,
    LayGroup,
    Phase10Error,
    PlayerView,
    UnfinishedGameError,
    dice,
    from_json,
    new_game,
    play_game,
    player_view,
    to_json,
    twist,
    variants,
)
from phase10.limits import MAX_DOCUMENT, MAX_NAME_LENGTH
from phase10.serialization import record_from_json

LONG_NAME = "x" * 100_000


def _state() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(to_json(new_game(["Ann", "Bob"], seed=1)))
    return data


def _view() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(to_json(player_view(new_game(["Ann", "Bob"], seed=1), 0)))
    return data


def _record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(to_json(GameRecord.start(["Ann", "Bob"], seed=1)))
    return data


def _rules() -> dict[str, Any]:
    return {"schema": 1, "type": "rules", "spec": "x"}


def _changed(base: Callable[[], dict[str, Any]], change: Callable[[dict[str, Any]], None]) -> str:
    data = base()
    change(data)
    return json.dumps(data)


def _name(name: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["players"][0]["name"] = name

    return change


def _set(key: str, value: object, seat: int | None = None) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        (data if seat is None else data["players"][seat])[key] = value

    return change


def _dice_state(name: str) -> str:
    data = json.loads(dice.to_json(dice.new_game(["Ann", "Bob"], seed=1)))
    data["players"][0]["name"] = name
    return json.dumps(data)


def _twist_state(name: str) -> str:
    data = json.loads(twist.to_json(twist.new_game(["Ann", "Bob"], seed=1)))
    data["players"][0]["name"] = name
    return json.dumps(data)


# (id, the call, the exception, words its message must hold)
CASES: list[tuple[str, Callable[[], object], type[Phase10Error], tuple[str, ...]]] = [
    # -- player names: at most MAX_NAME_LENGTH characters, not blank, no control characters
    (
        "long-name-state",
        lambda: from_json(_changed(_state, _name(LONG_NAME))),
        InvalidDataError,
        ("$.players[0].name", "100,000 characters", "limit of 100", "MAX_NAME_LENGTH"),
    ),
    (
        "long-name-view",
        lambda: from_json(_changed(_view, _name(LONG_NAME))),
        InvalidDataError,
        ("$.players[0].name", "MAX_NAME_LENGTH"),
    ),
    (
        "long-name-record",
        lambda: from_json(_changed(_record, lambda d: d.update(players=[LONG_NAME, "Bob"]))),
        InvalidDataError,
        ("$.players[0]", "MAX_NAME_LENGTH"),
    ),
    (
        "long-name-new-game",
        lambda: new_game([LONG_NAME, "Bob"], seed=1),
        InvalidRulesError,
        ("players", "limit of 100", "MAX_NAME_LENGTH"),
    ),
    (
        "long-name-record-start",
        lambda: GameRecord.start([LONG_NAME, "Bob"], seed=1),
        Phase10Error,
        ("MAX_NAME_LENGTH",),
    ),
    (
        "long-name-dice-new-game",
        lambda: dice.new_game([LONG_NAME, "Bob"], seed=1),
        InvalidRulesError,
        ("MAX_NAME_LENGTH",),
    ),
    (
        "long-name-twist-new-game",
        lambda: twist.new_game([LONG_NAME, "Bob"], seed=1),
        InvalidRulesError,
        ("MAX_NAME_LENGTH",),
    ),
    (
        "long-name-dice-state",
        lambda: dice.from_json(_dice_state(LONG_NAME)),
        InvalidDataError,
        ("$.players[0].name", "MAX_NAME_LENGTH"),
    ),
    (
        "long-name-twist-state",
        lambda: twist.from_json(_twist_state(LONG_NAME)),
        InvalidDataError,
        ("$.players[0].name", "MAX_NAME_LENGTH"),
    ),
    (
        "empty-name",
        lambda: new_game(["", "Bob"], seed=1),
        InvalidRulesError,
        ("''", "blank"),
    ),
    (
        "blank-name-state",
        lambda: from_json(_changed(_state, _name(" \u3000 "))),
        InvalidDataError,
        ("$.players[0].name", "blank"),
    ),
    (
        # zero-width characters (format, Cf) show nothing: not a visible character either
        "zero-width-name",
        lambda: new_game(["\u200b\u2060\ufeff", "Bob"], seed=1),
        InvalidRulesError,
        ("blank", "visible character"),
    ),
    (
        "zero-width-name-record",
        lambda: from_json(_changed(_record, lambda d: d.update(players=["\u200b", "Bob"]))),
        InvalidDataError,
        ("$.players[0]", "blank"),
    ),
    (
        "escape-in-name",
        lambda: new_game(["Eve\x1b[2J", "Bob"], seed=1),
        InvalidRulesError,
        ("control character \\x1b",),
    ),
    (
        "newline-in-name-state",
        lambda: from_json(_changed(_state, _name("Ann\nBob: I win"))),
        InvalidDataError,
        ("$.players[0].name", "control character \\n"),
    ),
    (
        "bidi-override-in-name",
        lambda: dice.new_game(["Ann\u202e", "Bob"], seed=1),
        InvalidRulesError,
        ("control character \\u202e",),
    ),
    (
        "lone-surrogate-in-name",
        lambda: twist.from_json(_twist_state("Ann\ud800")),
        InvalidDataError,
        ("$.players[0].name", "surrogate"),
    ),
    # -- counts and lists: refused before their items are read
    (
        "ten-thousand-players",
        lambda: from_json(_changed(_state, lambda d: d.update(players=d["players"] * 5000))),
        InvalidDataError,
        ("$.players", "10,000 players"),
    ),
    (
        "ten-thousand-players-dice",
        lambda: dice.from_json(
            json.dumps(
                {
                    **json.loads(dice.to_json(dice.new_game(2, seed=1))),
                    "players": [{}] * 10_000,
                }
            )
        ),
        InvalidDataError,
        ("$.players", "10,000 players"),
    ),
    (
        "million-card-hand",
        lambda: from_json(_changed(_state, _set("hand", " ".join(["R7"] * 1_000_000), 0))),
        InvalidDataError,
        ("$.players[0].hand", "largest deck"),
    ),
    (
        "thousand-phases",
        lambda: from_json(
            json.dumps(
                {
                    **_rules(),
                    "phases": [{"number": 1, "requirements": [{"kind": "set", "size": 3}]}] * 5000,
                }
            )
        ),
        InvalidDataError,
        ("$.phases", "5,000 phases", "999"),
    ),
    (
        "thousand-phases-twist",
        lambda: twist.from_json(
            json.dumps(
                {
                    "schema": 1,
                    "type": "twist-rules",
                    "spec": "x",
                    "phases": [{"number": 1, "requirements": [{"kind": "set", "size": 3}]}] * 5000,
                }
            )
        ),
        InvalidDataError,
        ("$.phases", "5,000 phases", "999"),
    ),
    (
        "a-phase-of-100k-groups",
        lambda: from_json(
            json.dumps(
                {
                    **_rules(),
                    "phases": [
                        {"number": 1, "requirements": [{"kind": "set", "size": 1}] * 100_000}
                    ],
                }
            )
        ),
        InvalidDataError,
        ("$.phases[0].requirements", "100,000 groups", "largest deck"),
    ),
    (
        "a-million-skip-entries",
        lambda: from_json(_changed(_state, _set("skip_record", [0] * 1_000_000))),
        InvalidDataError,
        ("$.skip_record", "one entry per seat"),
    ),
    # -- numbers
    (
        "score-10**1000",
        lambda: from_json(_changed(_state, _set("score", 10**1000, 0))),
        InvalidDataError,
        ("$.players[0].score", "64 bits"),
    ),
    (
        "hand-number-10**30",
        lambda: from_json(_changed(_state, _set("hand_number", 10**30))),
        InvalidDataError,
        ("$.hand_number", "64 bits"),
    ),
    (
        "seed-of-a-million-digits",
        lambda: from_json(
            _changed(_state, _set("seed", 0)).replace('"seed": 0', '"seed": ' + "9" * 1_000_000)
        ),
        InvalidDataError,
        ("$.seed", "64 bits"),
    ),
    (
        "bool-for-score",
        lambda: from_json(_changed(_state, _set("score", True, 0))),
        InvalidDataError,
        ("$.players[0].score", "whole number", "true"),
    ),
    (
        "float-for-hand-number",
        lambda: from_json(_changed(_state, _set("hand_number", 1.0))),
        InvalidDataError,
        ("$.hand_number", "fractional"),
    ),
    (
        "nan",
        lambda: from_json(_changed(_state, _set("turn", 0)).replace('"turn": 0', '"turn": NaN')),
        InvalidDataError,
        ("NaN", "not allowed"),
    ),
    (
        "infinity",
        lambda: from_json('{"schema": 1, "type": "rules", "spec": "x", "hand_size": -Infinity}'),
        InvalidDataError,
        ("-Infinity", "not allowed"),
    ),
    (
        "float-overflow",
        lambda: from_json('{"schema": 1, "type": "rules", "spec": "x", "hand_size": 1e999}'),
        InvalidDataError,
        ("$.hand_size", "fractional"),
    ),
    # -- the shape of the document
    (
        "duplicate-key",
        lambda: from_json('{"schema": 1, "type": "rules", "spec": "x", "spec": "standard"}'),
        InvalidDataError,
        ("'spec'", "twice"),
    ),
    (
        "nested-100k-lists",
        lambda: from_json("[" * 100_000 + "]" * 100_000),
        InvalidDataError,
        ("not valid JSON", "recursion"),
    ),
    (
        "nested-100k-objects",
        lambda: from_json('{"a": ' * 100_000 + "1" + "}" * 100_000),
        InvalidDataError,
        ("not valid JSON", "recursion"),
    ),
    (
        "50-MB-text",
        lambda: from_json('{"schema": 1, "type": "rules", "spec": "' + "a" * 50_000_000 + '"}'),
        InvalidDataError,
        ("50,000,042 characters", "MAX_DOCUMENT"),
    ),
    (
        "50-MB-bytes",
        lambda: dice.from_json(b" " * 50_000_000 + b"{}"),
        InvalidDataError,
        ("50,000,002 bytes", "MAX_DOCUMENT"),
    ),
    (
        "a-key-of-a-million-characters",
        lambda: from_json(_changed(_rules, lambda d: d.update({"k" * 1_000_000: 1}))),
        InvalidDataError,
        ("unknown rule option", "1,000,000 characters"),
    ),
    (
        "not-utf-8",
        lambda: from_json(b'{"schema": 1, "type": "rules", "spec": "\xff"}'),
        InvalidDataError,
        ("not valid JSON",),
    ),
    (
        "utf-16-with-a-huge-number",
        lambda: from_json(
            ('{"schema": 1, "type": "rules", "spec": "x", "hand_size": ' + "9" * 5000 + "}").encode(
                "utf-16"
            )
        ),
        InvalidDataError,
        ("$.hand_size", "64 bits"),
    ),
    (
        "not-text",
        lambda: from_json(12345),  # type: ignore[call-overload]
        InvalidDataError,
        ("text", "int"),
    ),
]


@pytest.mark.parametrize(
    ("call", "error", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_hostile_input_is_refused_with_a_typed_readable_error(
    call: Callable[[], object], error: type[Phase10Error], words: tuple[str, ...]
) -> None:
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    for word in words:
        assert word in message, message
    assert len(message) < 400, "an error quotes a short part of what it refuses"


@pytest.fixture
def decoded(monkeypatch: pytest.MonkeyPatch) -> list[type]:
    """The attrs classes the decoder builds while the test runs, one entry per value."""
    built: list[type] = []
    real = phase10.codec.build

    def counting(cls: type, values: dict[str, object], path: str) -> object:
        built.append(cls)
        return real(cls, values, path)

    monkeypatch.setattr(phase10.codec, "build", counting)
    return built


@pytest.mark.parametrize(
    ("label", "document"),
    [
        ("players", lambda: _changed(_state, lambda d: d.update(players=d["players"] * 5000))),
        ("view players", lambda: _changed(_view, lambda d: d.update(players=d["players"] * 5000))),
        (
            "phases",
            lambda: json.dumps(
                {**_rules(), "phases": [{"number": 1, "requirements": [{"kind": "set"}]}] * 5000}
            ),
        ),
    ],
)
def test_a_list_too_long_is_refused_before_its_items_are_read(
    decoded: list[type], label: str, document: Callable[[], str]
) -> None:
    from_json(to_json(new_game(2, seed=1)))
    assert len(decoded) == 4, "the count sees the rules, two players and the state"
    decoded.clear()
    with pytest.raises(InvalidDataError):
        from_json(document())
    assert decoded == [], f"{label}: {len(decoded)} values built before the refusal"


def test_a_document_over_the_limit_is_not_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*args: object, **kwargs: object) -> object:
        raise AssertionError("parsed a document over the limit")

    monkeypatch.setattr("phase10.codec.json.loads", never)
    with pytest.raises(InvalidDataError, match="MAX_DOCUMENT"):
        from_json("[" + " " * MAX_DOCUMENT + "]")


def test_a_file_over_the_limit_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as file:
        file.truncate(50 * 2**20)  # a sparse file of 50 MiB
    for load in (GameRecord.load, dice.serialization.load_record, twist.serialization.load_record):
        with pytest.raises(InvalidDataError, match=r"52,428,800 bytes long.*MAX_DOCUMENT"):
            load(big)


class _Staller:
    """Never lays down nor hits: draws and discards, so its games run until the action cap."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return next(a for a in legal if not isinstance(a, (LayDown, LayGroup, Hit)))


def _stalled_record(actions: int) -> GameRecord:
    """The record of a two-seat game of stallers, stopped after ``actions`` actions."""
    record = GameRecord.start(2, seed=5)
    played: list[Action] = []
    with pytest.raises(UnfinishedGameError):
        play_game(
            record.initial_state(),
            [_Staller(), _Staller()],
            on_action=lambda before, action, after: played.append(action),
            max_actions=actions,
        )
    return record.extend(played)


def test_a_long_games_record_past_the_limit_is_read_when_the_caller_lifts_it(
    tmp_path: Path,
) -> None:
    """A record the library writes may pass MAX_DOCUMENT (play_game stops stalled bots at a
    million actions, some 15 MB): the refusal names max_size, and max_size=None reads it."""
    short = _stalled_record(2000)
    per_action = len(to_json(short)) / len(short.actions)
    assert MAX_DOCUMENT / per_action < 1_000_000, "the cap's record is over the default"
    # A record of the length and shape of a long stalled game: its actions repeat.
    actions_size = len(to_json(short)) - len(to_json(GameRecord.start(2, seed=5)))
    repeats = MAX_DOCUMENT // actions_size + 1
    long = GameRecord.start(2, seed=5).extend(list(short.actions) * repeats)
    path = tmp_path / "long.json"
    long.save(path)
    assert path.stat().st_size > MAX_DOCUMENT
    with pytest.raises(InvalidDataError, match=r"MAX_DOCUMENT\); .* pass max_size=None"):
        GameRecord.load(path)
    assert GameRecord.load(path, max_size=None) == long

    text = to_json(short)
    for read in (from_json, record_from_json):
        with pytest.raises(InvalidDataError, match=r"limit of 100;.*max_size") as info:
            read(text, max_size=100)
        assert "MAX_DOCUMENT" not in str(info.value), "names the limit the caller set"
        assert read(text, max_size=len(text)) == read(text, max_size=None) == short


def test_the_family_readers_take_max_size(tmp_path: Path) -> None:
    """Phase 10 Dice and Twist read their documents and records with the same keyword."""
    for game, record in (
        (dice, dice.DiceRecord.start(2, seed=1).extend(["roll"])),
        (twist, twist.TwistRecord.start(2, seed=1)),
    ):
        path = tmp_path / f"{game.__name__}.json"
        game.serialization.save_record(record, path)
        size = path.stat().st_size
        with pytest.raises(InvalidDataError, match=f"{size:,} bytes long.*limit of 50;"):
            game.serialization.load_record(path, max_size=50)
        assert game.serialization.load_record(path, max_size=None) == record
        text = path.read_text(encoding="utf-8")
        with pytest.raises(InvalidDataError, match="max_size"):
            game.serialization.from_json(text, max_size=50)
        assert game.serialization.from_json(text, max_size=None) == record


@pytest.mark.parametrize("max_size", [-1, -2, True, 1.5, "10", 2**40, 10**30])
def test_a_max_size_that_is_no_byte_count_is_refused_before_anything_is_read(
    tmp_path: Path, max_size: Any
) -> None:
    """max_size is a count of bytes or None: anything else is refused by name, before the
    file is read (-2 read it whole), and a huge bound a caller trusts reads a small file
    (read(n) sets n bytes aside first: 2**40 raised MemoryError, 10**30 OverflowError)."""
    record = GameRecord.start(2, seed=1)
    path = tmp_path / "record.json"
    record.save(path)
    text = to_json(record)
    if isinstance(max_size, int) and not isinstance(max_size, bool) and max_size > 0:
        assert GameRecord.load(path, max_size=max_size) == record
        assert from_json(text, max_size=max_size) == record
        assert dice.serialization.from_json(
            dice.serialization.to_json(dice.DiceRecord.start(2, seed=1)), max_size=max_size
        ) == dice.DiceRecord.start(2, seed=1)
        return
    for read in (
        lambda: GameRecord.load(path, max_size=max_size),
        lambda: from_json(text, max_size=max_size),
        lambda: record_from_json(text, max_size=max_size),
        lambda: dice.serialization.load_record(path, max_size=max_size),
    ):
        with pytest.raises(InvalidDataError, match=r"max_size: .*whole number of bytes") as info:
            read()
        assert info.value.path == "max_size"


def test_the_longest_name_plays_saves_and_loads() -> None:
    name = "Ö" * MAX_NAME_LENGTH
    state = new_game([name, "Bob"], seed=1)
    assert from_json(to_json(state)) == state
    record = GameRecord.start([name, "Bob"], seed=1)
    assert from_json(to_json(record)) == record
    rolled = dice.new_game([name, "Bob"], seed=1)
    assert dice.from_json(dice.to_json(rolled)) == rolled
    dealt = twist.new_game([name, "Bob"], seed=1)
    assert twist.from_json(twist.to_json(dealt)) == dealt


@pytest.mark.parametrize(
    "name",
    # zero-width joiners, marks and a BOM (format characters) beside visible ones are fine
    ["Zoë", "李", "👩‍💻 Ann", "O'Brien <b>", "Ann  Lee", "محمد\u200f", "\ufeffAnn", "José 😀"],
)
def test_names_people_have_are_accepted(name: str) -> None:
    state = new_game([name, "Bob"], seed=1)
    assert from_json(to_json(state), GameState).players[0].name == name


def test_a_long_document_of_many_small_parts_is_read_in_one_pass() -> None:
    """A record of 100,000 moves (repeats, as games repeat moves) loads, each text read once."""
    data = _record()
    data["actions"] = ["draw"] * 100_000
    record = from_json(json.dumps(data), GameRecord)
    assert len(record.actions) == 100_000


def test_a_builtin_variant_is_not_removed_by_accident() -> None:
    with pytest.raises(InvalidRulesError, match=r"built-in.*allow_builtin=True"):
        variants.unregister("masters")
    assert variants.get("masters").name == "masters"
    with pytest.raises(InvalidRulesError, match="built-in"):
        variants.unregister("standard")


def test_a_builtin_variant_is_removed_when_asked_and_can_be_put_back() -> None:
    masters = variants.get("masters")
    variants.unregister("masters", allow_builtin=True)
    try:
        with pytest.raises(InvalidRulesError):
            variants.resolve("masters")
    finally:
        variants.register(masters)
    assert variants.resolve("masters").spec == "masters"


def test_a_user_variant_is_removed_as_before() -> None:
    variants.register(variants.Variant("hostile-probe", "A test variant.", lambda rules: rules))
    variants.unregister("hostile-probe")
    assert "hostile-probe" not in variants.names()
