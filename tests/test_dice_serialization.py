"""JSON for Phase 10 Dice: round trips, the layout, and strict decoding with JSON paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dice_helpers import play, rigged
from phase10 import InvalidDataError, Phase, RunOf, SetOf, new_game
from phase10 import from_json as card_from_json
from phase10 import to_json as card_to_json
from phase10.dice import (
    STANDARD_DICE,
    DiceRecord,
    DiceRules,
    DiceState,
    Die,
    Keep,
    Roll,
    from_json,
    player_view,
    to_json,
)
from phase10.dice import new_game as new_dice_game
from phase10.dice.serialization import load_record, save_record, to_data


def _state() -> DiceState:
    return play(rigged(new_dice_game(["Ann", "Bob"], seed=7), "10 10 10 9 9 9 1 2 W W"), Keep(0))


def _doc(value: DiceState | DiceRecord) -> dict[str, object]:
    data = json.loads(to_json(value))
    assert isinstance(data, dict)
    return data


def _bad(data: dict[str, object], path: str) -> str:
    with pytest.raises(InvalidDataError) as info:
        from_json(json.dumps(data))
    assert info.value.path == path, info.value
    return info.value.message


def test_documents_round_trip() -> None:
    state = _state()
    assert from_json(to_json(state)) == state
    view = player_view(state, 1)
    assert from_json(to_json(view), "dice-view") == view
    rules = DiceRules(
        dice=(*STANDARD_DICE, Die.parse("RW BW")),
        phases=(Phase(1, (SetOf(2), RunOf(5))),),
        ending="end_of_round",
        max_turns=50,
        spec="custom",
    )
    assert from_json(to_json(rules), "dice-rules") == rules
    record = DiceRecord.start(["Ann", "Bob"], seed=3, rules=rules).extend([Roll(), Keep((0, 4))])
    assert from_json(to_json(record), "dice-record") == record


def test_layout_faces_in_notation_rules_as_changes() -> None:
    data = to_data(_state())
    assert data["schema"] == 1
    assert data["type"] == "dice-state"
    assert data["rules"] == {"spec": "standard"}
    assert data["dice"] == "G10 Y10 R10 R9 B9 Y9 B1 Y2 YW RW"
    assert data["kept"] == [0]
    rules = to_data(DiceRules(dice=(Die.parse("R1 R2"),) * 6, phases=(Phase(1, (SetOf(3),)),)))
    assert rules["dice"] == ["R1 R2"] * 6
    assert rules["phases"] == [{"number": 1, "requirements": [{"kind": "set", "size": 3}]}]


def test_card_and_dice_documents_are_kept_apart() -> None:
    """The card game's JSON is unchanged, and neither reader takes the other's documents."""
    card = new_game(2, seed=7)
    assert card_from_json(card_to_json(card)) == card
    with pytest.raises(InvalidDataError, match="dice-state"):
        from_json(card_to_json(card))
    with pytest.raises(InvalidDataError, match="state, rules, view or record"):
        card_from_json(to_json(_state()))


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"dice": "G10 Y10 R10 R9 B9 Y9 B1 Y2 YW Q4"}, "$.dice[9]"),
        ({"dice": "R5 Y10 R10 R9 B9 Y9 B1 Y2 YW RW"}, "$.dice[0]"),
        ({"dice": "G10 Y10"}, "$.dice"),
        ({"kept": [12]}, "$.kept"),
        ({"rolls": 4}, "$.rolls"),
        ({"stage": "roll"}, "$.stage"),
        ({"current_player": 2}, "$.current_player"),
        ({"turn": 0}, "$.turn"),
        ({"seed": "7"}, "$.seed"),
        ({"winners": [0]}, "$.winners"),
        ({"finisher": 0}, "$.finisher"),
        ({"colour": "red"}, "$.colour"),
        ({"rules": {"spec": "standard", "rolls": 0}}, "$.rules.rolls"),
        ({"rules": {"spec": "standard", "rols": 3}}, "$.rules.rols"),
        ({"rules": {"spec": "standard", "dice": ["R1 R2", "Q1"]}}, "$.rules.dice[1]"),
    ],
)
def test_bad_states_are_refused_with_their_path(change: dict[str, object], path: str) -> None:
    data = _doc(_state())
    data.update(change)
    assert _bad(data, path)


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"score": 5}, "$.players[0].score"),
        ({"completed": [2]}, "$.players[0].completed"),
        ({"phase_points": [30]}, "$.players[0].phase_points"),
        ({"turns": 3}, "$.players[0].turns"),
        ({"bonuses": ["halfway"]}, "$.players[0].bonuses"),
    ],
)
def test_bad_scorepads_are_refused_with_their_path(change: dict[str, object], path: str) -> None:
    data = _doc(_state())
    players = data["players"]
    assert isinstance(players, list)
    players[0].update(change)
    assert _bad(data, path)


def test_missing_fields_and_wrong_types() -> None:
    data = _doc(_state())
    del data["kept"]
    assert "missing field 'kept'" in _bad(data, "$")
    assert _bad({"schema": 1, "type": "dice-stat"}, "$.type")
    assert _bad({"schema": 2, "type": "dice-state"}, "$.schema")
    with pytest.raises(InvalidDataError):
        from_json("[1, 2")
    with pytest.raises(InvalidDataError, match="expected a dice-view"):
        from_json(to_json(_state()), "dice-view")


def test_a_record_names_its_bad_action_and_saves_to_a_file(tmp_path: Path) -> None:
    record = DiceRecord.start(2, seed=1).extend(["roll", "keep 0"])
    path = tmp_path / "game.json"
    save_record(record, path)
    assert load_record(path) == record
    data = _doc(record)
    data["actions"] = ["roll", "keep zero"]
    assert "a die is named" in _bad(data, "$.actions[1]: 'zero'")
    data["actions"] = ["keep 0"]
    loaded = from_json(json.dumps(data), "dice-record")
    with pytest.raises(InvalidDataError) as info:
        loaded.final_state()
    assert info.value.path == "$.actions[0]"
    data["players"] = []
    assert _bad(data, "$.players")
