"""JSON Schemas (issue 15): every document the library writes validates with a real validator
(``jsonschema``), the schemas refuse what the reader refuses for its shape, and the shipped
files are the ones the types give."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from jsonschema import Draft7Validator

from games import profile_variants
from phase10 import (
    COLOR_PHASES,
    Action,
    GameRecord,
    GameState,
    GreedyBot,
    InvalidDataError,
    RandomBot,
    Rules,
    action_to_text,
    from_json,
    json_schema,
    legal_actions,
    new_game,
    play_game,
    player_view,
    seat_update,
    spectator_view,
    standard_deck,
    to_json,
    variants,
)
from phase10.schemas import KINDS, SchemaKind
from phase10.schemas.build import build, text
from phase10.schemas.notation import FORMS
from phase10.serialization import to_data
from phase10.updates import Step
from scale import FULL_EXAMPLES, scaled
from strategies import actions

SPEC_NAMES = (*variants.names(), "to-phase-3", "masters+floating", "postal+movable-wilds")
"""Every built-in variant, and a few combinations (the fast profile's share of them: see
:func:`games.profile_variants`)."""


def validator(kind: SchemaKind) -> Draft7Validator:
    return Draft7Validator(json_schema(kind))


VALIDATORS = {kind: validator(kind) for kind in KINDS}


def problems(kind: SchemaKind, document: object) -> list[str]:
    return [
        f"{list(error.absolute_path)}: {error.message[:200]}"
        for error in VALIDATORS[kind].iter_errors(document)
    ]


def valid(kind: SchemaKind, document: object) -> None:
    found = problems(kind, document)
    assert not found, found[:3]


# --------------------------------------------------------------------------- the schemas


@pytest.mark.parametrize("kind", KINDS)
def test_each_schema_is_a_valid_draft_07_schema(kind: SchemaKind) -> None:
    Draft7Validator.check_schema(json_schema(kind))


@pytest.mark.parametrize("kind", KINDS)
def test_the_shipped_files_are_the_ones_the_types_give(kind: SchemaKind) -> None:
    """After a change to a document type or a new group kind: python -m phase10.schemas.build"""
    assert json.dumps(json_schema(kind), indent=2, ensure_ascii=False) + "\n" == text(kind)
    assert json_schema(kind) == build(kind)


def test_json_schema_gives_a_new_dict_and_refuses_an_unknown_kind() -> None:
    one = json_schema("view")
    one["title"] = "changed"
    assert json_schema("view")["title"] == "ViewDocument"
    with pytest.raises(InvalidDataError, match="kind must be one of"):
        json_schema("game")  # type: ignore[arg-type]


def test_the_schemas_print_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from phase10.schemas.__main__ import main

    assert main(["action"]) == 0
    assert json.loads(capsys.readouterr().out) == json_schema("action")
    assert main(["nothing"]) == 2


# --------------------------------------------------------------------------- every document


def game(spec: str | Rules, seed: int = 0, players: int = 3) -> list[Step]:
    rules = variants.resolve(spec) if isinstance(spec, str) else spec
    table = max(rules.min_players, min(players, rules.max_players))
    bots = [GreedyBot() if seat % 2 else RandomBot(seed + seat) for seat in range(table)]
    steps: list[Step] = []
    play_game(new_game(table, rules, seed=seed), bots, on_action=lambda *s: steps.append(s))
    return steps


EVERY = max(15, 120 * FULL_EXAMPLES // settings().max_examples // 3)
"""Steps between two states whose documents are checked: 40 under the "ci" profile, 240 in
the fast one (a few lay-downs under way are checked besides)."""


LAYING = scaled(3)
"""States with a lay-down under way whose documents are checked: 3 under the "ci" profile,
1 in the fast one."""


def sampled(steps: list[Step]) -> Iterator[tuple[int, GameState]]:
    """Every :data:`EVERY`-th state, the first :data:`LAYING` with a lay-down under way, the
    last."""
    laying = 0
    for index, (before, _action, _after) in enumerate(steps):
        if before.laying is not None:
            laying += 1
        if index % EVERY == 0 or (before.laying is not None and laying <= LAYING):
            yield index, before
    yield len(steps), steps[-1][2]


def check_game_documents(steps: list[Step], digests: bool = False) -> int:
    """Validate the rules, states, views, updates, actions and record of one game (with
    ``digests``, the record's step checks too); return how many views with a lay-down
    under way were among them."""
    laying = 0
    final = steps[-1][2]
    valid("rules", to_data(final.rules))
    notations = {action_to_text(action) for _before, action, _after in steps}
    for index, state in sampled(steps):
        valid("state", json.loads(to_json(state)))
        valid("view", json.loads(to_json(spectator_view(state))))
        seat = state.current_player
        if seat is not None:
            view = player_view(state, seat)
            laying += view.laying is not None
            valid("view", json.loads(to_json(view)))
            valid("update", seat_update(state, seat, steps[max(0, index - 5) : index]).to_data())
        notations.update(action_to_text(action) for action in legal_actions(state)[:10])
    for notation in sorted(notations):  # once each: the schema judges a text, not its context
        valid("action", notation)
    names = tuple(player.name for player in final.players)
    record = GameRecord.start(names, final.rules, seed=final.seed, metadata={"event": "tests"})
    record = record.extend([action for _, action, _ in steps])
    valid("record", json.loads(to_json(record.with_digests() if digests else record)))
    return laying


@pytest.mark.parametrize("spec", profile_variants(SPEC_NAMES))
def test_every_document_of_every_variant_validates(spec: str) -> None:
    check_game_documents(game(spec))


def test_views_with_a_lay_down_under_way_validate() -> None:
    """GameState.laying and PlayerView.laying (R-5.4): the Masters game lays groups one at
    a time."""
    assert check_game_documents(game("masters", seed=1), digests=True) > 0


def test_documents_with_every_extra_group_kind_validate() -> None:
    steps = game(Rules(phases=COLOR_PHASES, spec="colors"), seed=2)
    kinds = {meld.requirement.kind for player in steps[-1][2].players for meld in player.melds} | {
        req.kind for phase in COLOR_PHASES for req in phase.requirements
    }
    assert {"color_run", "color_set", "parity", "parity_run"} <= kinds
    check_game_documents(steps)


def test_a_record_with_a_given_deck_validates() -> None:
    record = GameRecord.start(["Ann", "Bob"], seed=5, deck=standard_deck())
    record = record.extend(["draw", "discard W"])
    valid("record", json.loads(to_json(record)))


@given(actions)
def test_every_action_in_notation_validates(action: Action) -> None:
    valid("action", action_to_text(action))


@pytest.mark.parametrize(
    "text",
    [
        "draw",
        " TAKE ",
        "lay",
        "lay phase=3",
        "lay set:r7 b7 w|run@3~:W W W W",
        "unsave g9",
        "next deck",
        "hit 2.0 R8 HIGH",
        "discard s @3",
        "swap R5 1.0 low",
        "group set2[x=1]:R7 R7",
    ],
)
def test_the_notation_is_read_in_any_case_and_spacing(text: str) -> None:
    valid("action", text)


# --------------------------------------------------------------------------- what is refused


@pytest.mark.parametrize(
    "text",
    [
        "",
        "dance",
        "discard X9",
        "discard R13",
        "hit 1 R8",
        "draw 2",
        "lay R7 B7 W",
        "choose x",
        "swap R5 1.0",
        "next R7",
        "discard R7 3",
        "lay set:R7 | | run:R1 R2 R3",
    ],
)
def test_the_action_schema_refuses_what_the_parser_refuses(text: str) -> None:
    from phase10 import parse_action

    with pytest.raises(InvalidDataError):
        parse_action(text)
    assert problems("action", text)


def test_every_form_of_the_notation_is_described() -> None:
    usages = [usage.split()[0] for usage, _, _ in FORMS]
    assert usages == [
        "draw",
        "take",
        "lay",
        "group",
        "hit",
        "discard",
        "choose",
        "give",
        "save",
        "takesaved",
        "swap",
        "next",
    ]


def _state_document() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(to_json(new_game(["Ann", "Bob"], seed=3)))
    return data


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.pop("seed"), "seed"),
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d.update(schema=2), "schema"),
        (lambda d: d.update(type="view"), "type"),
        (lambda d: d["players"][0].update(hand="R7 Q"), "hand"),
        (lambda d: d["players"][0].update(score="7"), "score"),
        (lambda d: d.update(stage="dancing"), "stage"),
        (lambda d: d["rules"].update(hand_sise=8), "hand_sise"),
        (lambda d: d["rules"].update(phases=[{"number": 1, "requirements": []}]), "phases"),
        (
            lambda d: d["rules"].update(phases=[{"requirements": [{"kind": "set", "size": 3}]}]),
            "number",
        ),
    ],
)
def test_the_state_schema_refuses_what_the_reader_refuses(change: Any, where: str) -> None:
    document = _state_document()
    valid("state", document)
    broken = json.loads(json.dumps(document))
    change(broken)
    with pytest.raises(InvalidDataError):
        from_json(json.dumps(broken))
    assert problems("state", broken), where


def test_a_group_of_a_plugin_kind_matches_the_open_alternative() -> None:
    meld = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "definitions": json_schema("state")["definitions"],
        "$ref": "#/definitions/Meld",
    }
    jsonschema.validate({"kind": "diagonal", "size": 3, "cards": "R1 B2 G3", "number": 1}, meld)
    with pytest.raises(jsonschema.ValidationError):  # a set has no colour field
        jsonschema.validate({"kind": "set", "size": 3, "cards": "R7 B7 W", "colour": "R"}, meld)
    with pytest.raises(jsonschema.ValidationError):  # nor are its cards a list
        jsonschema.validate({"kind": "set", "size": 3, "cards": ["R7", "B7", "W"]}, meld)
