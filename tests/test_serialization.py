"""JSON documents (``phase10.serialization``): layout, round trips and strict reading.

A reader must get back exactly what was written, and must refuse, with the
JSON path of the fault, anything that is not a document about a game that
could have happened.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Mapping
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games import profile_variants
from helpers import bot_game, player_count, stacked_game
from phase10 import (
    EVEN_PHASES,
    ODD_PHASES,
    PHASE_20,
    STANDARD_PHASES,
    Bot,
    Card,
    Color,
    DeckSpec,
    GameState,
    GreedyBot,
    InvalidDataError,
    InvalidRulesError,
    Phase,
    PlayerView,
    RandomBot,
    Rules,
    RunOf,
    Scoring,
    SetOf,
    Stage,
    apply,
    from_json,
    parse_action,
    player_view,
    spectator_view,
    to_json,
    variants,
)
from phase10.codec import Codec
from phase10.extra_kinds import COLOR_PHASES, UNOBOT_30_PHASES
from phase10.record import GameRecord
from phase10.serialization import (
    SCHEMA,
    JSONValue,
    from_data,
    record_from_json,
    rules_from_json,
    state_from_json,
    to_data,
    validate_state,
    view_from_json,
)
from scale import FULL_EXAMPLES

# --------------------------------------------------------------------------- a known state


def base_state() -> GameState:
    """Three players; Bob (seat 1) laid phase 1 and discarded; Cy (seat 2) is to draw."""
    state = stacked_game(
        {1: "R10 B10 Y10 R11 G11 Y11 G2 G3 Y6 R9"}, discard="B1", stock="Y4", players=3
    )
    for text in ("draw", "lay set:R10 B10 Y10 | set:R11 G11 Y11", "discard R9"):
        state = apply(state, parse_action(text))
    return state


def base_doc() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(to_json(base_state()))
    return data


def play(spec: str, players: int, seed: int, steps: int, greedy: bool) -> list[GameState]:
    """The states of a bot game, the first one included."""
    rules = variants.resolve(spec)
    players = player_count(rules, players)
    bots: list[Bot] = [
        GreedyBot() if greedy else RandomBot(seed=seed * 7 + i) for i in range(players)
    ]
    return list(bot_game(rules, players, seed, steps, bots))


def round_trip(state: GameState) -> None:
    """The state, every seat's view and the spectator's view write and read back equal."""
    assert from_json(to_json(state)) == state
    assert state_from_json(to_json(state, indent=None)) == state
    for seat in (0, len(state.players) - 1):
        view = player_view(state, seat)
        assert view_from_json(to_json(view)) == view
    assert from_json(to_json(spectator_view(state)), PlayerView) == spectator_view(state)


# --------------------------------------------------------------------------- layout


def test_layout_is_readable() -> None:
    data = base_doc()
    assert list(data)[:2] == ["schema", "type"]
    assert data["schema"] == SCHEMA
    assert data["type"] == "state"
    assert data["rules"] == {"spec": "standard"}
    bob = data["players"][1]
    assert bob["hand"] == "G2 G3 Y4 Y6"
    assert bob["melds"] == [
        {"kind": "set", "size": 3, "cards": "R10 B10 Y10", "number": 10},
        {"kind": "set", "size": 3, "cards": "R11 G11 Y11", "number": 11},
    ]
    assert data["stage"] == "draw"
    assert data["discard_pile"] == "B1 R9"
    assert data["taken_discard"] is None
    text = to_json(base_state())
    assert '"melds": [\n' in text
    assert '"skip_record": [-1, -1, -1]' in text


def test_compact_layout_is_one_line() -> None:
    text = to_json(base_state(), indent=None)
    assert "\n" not in text
    assert json.loads(text) == base_doc()


def test_runs_colours_and_wraps_keep_their_anchor() -> None:
    codec = Codec()
    run = RunOf(4).make("W R4 R5 R6")
    assert codec.encode_meld(run) == {"kind": "run", "size": 4, "cards": "W R4 R5 R6", "number": 3}
    wrap = RunOf(3).make("R11 R12 R1", rules=Rules(run_wraparound=True))
    assert codec.encode_meld(wrap)["wraps"] is True
    colour = codec.encode_meld(COLOR_PHASES[7].requirements[1].make("G1 G5 W"))
    assert colour == {"kind": "color", "size": 3, "cards": "G1 G5 W", "color": "G"}


def test_rules_hold_the_spec_and_the_options_that_differ() -> None:
    assert to_data(Rules()) == {"schema": 1, "type": "rules", "spec": "standard"}
    masters = variants.resolve("masters")
    data = to_data(masters)
    assert data["spec"] == "masters"
    assert data["phase_order"] == "any"
    assert data["deck"] == {
        "copies": 2,
        "wilds": 8,
        "skips": 2,
        "rule_cards": 0,
        "reverses": 0,
        "super_skips": 0,
    }
    assert "hand_size" not in data
    even = to_data(variants.resolve("even-phases"))
    assert even["phases"] == [
        {"number": 2, "requirements": [{"kind": "set", "size": 3}, {"kind": "run", "size": 4}]},
        {"number": 4, "requirements": [{"kind": "run", "size": 7}]},
        {"number": 6, "requirements": [{"kind": "run", "size": 9}]},
        {"number": 8, "requirements": [{"kind": "color", "size": 7}]},
        {"number": 10, "requirements": [{"kind": "set", "size": 5}, {"kind": "set", "size": 3}]},
    ]


def test_rules_are_rebuilt_from_the_document_not_the_registry() -> None:
    """A spec is a label: a plugin variant's rules load where the plugin is missing."""
    rules = Rules(hand_size=7, skip_limit="unlimited", spec="house-rules-nobody-registered")
    assert rules_from_json(to_json(rules)) == rules


def test_rules_written_before_a_field_existed_still_load() -> None:
    """Inside rules, fields at their default may be missing: a deck or scoring written
    before a field was added reads as that field's default."""
    rules = rules_from_json(
        '{"schema": 1, "type": "rules", "spec": "old", "deck": {"skips": 2}, '
        '"scoring": {"wild": 50}}'
    )
    assert rules.deck == DeckSpec(skips=2)
    assert rules.scoring == Scoring(wild=50)
    with pytest.raises(InvalidDataError) as info:
        rules_from_json('{"schema": 1, "type": "rules", "spec": "x", "deck": {"skipz": 2}}')
    assert info.value.path == "$.deck.skipz"
    with pytest.raises(InvalidDataError) as info:
        rules_from_json('{"schema": 1, "type": "rules", "spec": "x", "phases": [{"number": 1}]}')
    assert info.value.path == "$.phases[0]"


def test_a_named_phase_keeps_its_name() -> None:
    phase = Phase(1, (SetOf(2), SetOf(2)), name="Two pairs")
    rules = Rules(phases=(phase,))
    data = to_data(rules)
    assert data["phases"] == [
        {
            "number": 1,
            "requirements": [{"kind": "set", "size": 2}, {"kind": "set", "size": 2}],
            "name": "Two pairs",
        }
    ]
    assert from_data(data) == rules


def test_a_requirement_without_a_kind_of_its_own_is_refused() -> None:
    @attrs.frozen
    class Lookalike(SetOf):
        pass

    rules = Rules(phases=(Phase(1, (Lookalike(3),)),))
    with pytest.raises(TypeError, match="kind of its own"):
        to_json(rules)


def test_only_documents_are_written() -> None:
    with pytest.raises(TypeError):
        to_json(Card.parse("R7"))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- reading back


def test_from_json_of_a_state_document_gives_a_game_state() -> None:
    state = base_state()
    back = from_json(to_json(state))
    assert isinstance(back, GameState)
    assert back == state
    assert from_json(to_json(state), "state") == state
    assert from_json(to_json(state), GameState) == state
    assert from_json(to_json(state).encode()) == state


def test_typed_readers_demand_their_type() -> None:
    text = to_json(base_state())
    for reader in (rules_from_json, view_from_json, record_from_json):
        with pytest.raises(InvalidDataError) as info:
            reader(text)
        assert info.value.path == "$.type"
    with pytest.raises(InvalidDataError):
        from_json(text, "game")  # type: ignore[call-overload]


EVERY = max(1, 6 * FULL_EXAMPLES // settings().max_examples)
"""Steps between two states of a variant's game that round-trip: 6 under the "ci" profile,
36 in the fast one (whose random games round-trip every state besides), 1 in "thorough"."""


@pytest.mark.parametrize("spec", profile_variants(variants.names()))
def test_every_variant_round_trips(spec: str) -> None:
    rules = variants.resolve(spec)
    assert rules_from_json(to_json(rules)) == rules
    states = play(spec, 3, seed=len(spec), steps=60, greedy=True)
    for state in states[::EVERY] + states[-1:]:
        round_trip(state)


@settings(max_examples=max(4, settings().max_examples // 5))
@given(
    st.sampled_from(variants.names()),
    st.integers(min_value=2, max_value=6),
    st.integers(min_value=0, max_value=2**40),
    st.integers(min_value=0, max_value=80),
    st.booleans(),
)
def test_states_along_random_games_round_trip(
    spec: str, players: int, seed: int, steps: int, greedy: bool
) -> None:
    states = play(spec, players, seed, steps, greedy)
    for state in states:
        assert from_json(to_json(state, indent=None)) == state
    round_trip(states[-1])


def test_hand_over_and_game_over_round_trip() -> None:
    states = play("standard", 2, seed=3, steps=5_000, greedy=True)
    assert states[-1].is_over
    stages = {state.stage for state in states}
    assert {Stage.DRAW, Stage.PLAY, Stage.HAND_OVER, Stage.GAME_OVER} <= stages
    for state in states:
        if state.stage in (Stage.HAND_OVER, Stage.GAME_OVER):
            round_trip(state)


# --------------------------------------------------------------------------- rules, generically


def _option_values(tp: object) -> st.SearchStrategy[Any] | None:
    """A strategy for a rules option, chosen from its type alone."""
    if tp is bool:
        return st.booleans()
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return st.sampled_from(list(tp))
    if tp is int:
        return st.integers(min_value=1, max_value=12)
    if tp == int | None:
        return st.none() | st.integers(min_value=1, max_value=10)
    if tp is DeckSpec:
        return st.builds(DeckSpec, st.integers(1, 3), st.integers(0, 12), st.integers(0, 6))
    if tp is Scoring:
        return st.builds(Scoring, *[st.integers(0, 50)] * 4)
    if tp == tuple[int, int]:
        return st.sampled_from([(1, 12), (0, 13), (0, 12), (1, 13)])
    if tp == tuple[Phase, ...]:
        lists = [STANDARD_PHASES, EVEN_PHASES, ODD_PHASES, PHASE_20, UNOBOT_30_PHASES]
        return st.sampled_from([*lists, COLOR_PHASES, (Phase(3, (RunOf(2),), "tiny"),)])
    if tp is str:
        return st.text(min_size=1, max_size=20)
    return None


def _rules_options() -> st.SearchStrategy[dict[str, Any]]:
    attrs.resolve_types(Rules)
    optional: dict[str, st.SearchStrategy[Any]] = {}
    for field in attrs.fields(Rules):
        if not field.init:
            continue
        values = _option_values(field.type)
        assert values is not None, f"no strategy for rules option {field.name}: {field.type}"
        optional[field.name] = values
    return st.fixed_dictionaries({}, optional=optional)


@given(_rules_options())
def test_any_rules_round_trip(options: dict[str, Any]) -> None:
    try:
        rules = Rules(**options)
    except InvalidRulesError:
        assume(False)
        raise
    assert rules_from_json(to_json(rules)) == rules
    assert from_data(json.loads(to_json(rules, indent=None))) == rules


# --------------------------------------------------------------------------- the codec is generic


class Mood(enum.Enum):
    CALM = "calm"
    ODD = "odd"


@attrs.frozen
class Inner:
    cards: tuple[Card, ...]
    top: Card | None


@attrs.frozen
class Everything:
    """Field types a future GameState field might have."""

    count: int
    maybe: int | None
    flag: bool
    name: str
    mood: Mood
    colour: Color | None
    pair: tuple[int, int]
    numbers: tuple[int, ...]
    wilds: frozenset[int]
    inner: Inner
    inners: tuple[Inner, ...]
    notes: Mapping[str, str]


def test_the_codec_handles_field_types_it_has_not_seen() -> None:
    value = Everything(
        count=3,
        maybe=None,
        flag=True,
        name="x",
        mood=Mood.ODD,
        colour=Color.GREEN,
        pair=(0, 13),
        numbers=(1, 2),
        wilds=frozenset({3, 1}),
        inner=Inner(tuple(Card.parse(t) for t in ("R7", "W")), None),
        inners=(Inner((), Card.parse("S")),),
        notes={"a": "b"},
    )
    data = Codec().encode(value, Everything)
    assert data == {
        "count": 3,
        "maybe": None,
        "flag": True,
        "name": "x",
        "mood": "odd",
        "colour": "G",
        "pair": [0, 13],
        "numbers": [1, 2],
        "wilds": [1, 3],
        "inner": {"cards": "R7 W", "top": None},
        "inners": [{"cards": "", "top": "S"}],
        "notes": {"a": "b"},
    }
    assert Codec().decode(data, Everything, "$") == value
    with pytest.raises(InvalidDataError) as info:
        Codec().decode({**data, "wilds": [1, 1]}, Everything, "$")
    assert info.value.path == "$.wilds"


# --------------------------------------------------------------------------- strict reading


Edit = Callable[[dict[str, Any]], object]


def _set(path: str, value: object) -> Edit:
    """An edit that sets the value at a dotted path (``players.1.hand``)."""

    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return edit


def _delete(key: str) -> Edit:
    return lambda data: data.pop(key)


def _first_card_of_stock_to(where: str) -> Edit:
    """Move the top card of the stock into the discard pile or a hand (the deck stays whole)."""

    def edit(data: dict[str, Any]) -> None:
        top, _, rest = data["stock"].partition(" ")
        data["stock"] = rest
        if where == "discard":
            data["discard_pile"] += " " + top
        else:
            seat = int(where)
            cards = sorted(
                [Card.parse(t) for t in data["players"][seat]["hand"].split()] + [Card.parse(top)]
            )
            data["players"][seat]["hand"] = " ".join(map(str, cards))

    return edit


BAD_STATES: list[tuple[str, Edit, str, str]] = [
    ("unknown field", _set("colour", 1), "$.colour", "unknown field"),
    ("missing field", _delete("stock"), "$", "missing field 'stock'"),
    ("string for int", _set("seed", "1"), "$.seed", "whole number"),
    ("bool for int", _set("turn", True), "$.turn", "whole number"),
    ("float for int", _set("turn", 1.0), "$.turn", "whole number"),
    ("int for bool", _set("players.0.laid_down", 0), "$.players[0].laid_down", "true or false"),
    ("bad card", _set("players.2.hand", "X1 R5"), "$.players[2].hand[0]", "not a card"),
    ("card list", _set("stock", ["R7"]), "$.stock", "cards such as"),
    ("bad stage", _set("stage", "lunch"), "$.stage", '"draw"'),
    ("dealer off the table", _set("dealer", 3), "$.dealer", "no seat 3"),
    ("seat twice", _set("seats", [1, 1, 0]), "$.seats", "twice"),
    ("current not playing", _set("current_player", 5), "$.current_player", "not playing"),
    ("nobody to act", _set("current_player", None), "$.current_player", "someone must act"),
    ("acting after the hand", _set("stage", "hand_over"), "$.current_player", "nobody"),
    ("winners too early", _set("winners", [1]), "$.winners", "game is over"),
    ("short skip record", _set("skip_record", [-1]), "$.skip_record", "one entry per seat"),
    ("negative skips", _set("players.0.skips_pending", -1), "$.players[0].skips_pending", ""),
    ("no such phase", _set("players.0.completed", [11]), "$.players[0].completed[0]", "no phase"),
    ("phase twice", _set("players.0.completed", [1, 1]), "$.players[0].completed", "only once"),
    ("unsorted hand", _set("players.0.hand", "W R1"), "$.players[0].hand[1]", "card order"),
    ("a card lost", _set("discard_pile", "R9"), "$", "missing"),
    ("extra copy", _set("discard_pile", "B1 R9 R10"), "$.discard_pile[2]", "too many"),
    ("bad group", _set("players.1.melds.0.cards", "R10 B10 Y9"), "$.players[1].melds[0]", "Y9"),
    (
        "unknown kind",
        _set("players.1.melds.0.kind", "triple"),
        "$.players[1].melds[0].kind",
        "unknown group kind",
    ),
    (
        "melds without lay-down",
        _set("players.1.laid_down", False),
        "$.players[1].laid_down",
        "laid down",
    ),
    (
        "groups of another phase",
        _set("players.1.phase_attempted", 2),
        "$.players[1].melds",
        "not phase 2",
    ),
    ("rules: unknown option", _set("rules.colour", 1), "$.rules.colour", "unknown rule option"),
    ("rules: bad value", _set("rules.hand_size", 99), "$.rules.hand_size", "1 to 12"),
    ("rules: no spec", _set("rules", {}), "$.rules", "spec"),
    ("rules: too few players", _set("rules.min_players", 4), "$.players", "cannot play"),
    ("newer schema", _set("schema", 2), "$.schema", "newer"),
    ("no type", _delete("type"), "$", "type"),
    ("unknown type", _set("type", "game"), "$.type", "state, rules, view or record"),
    ("float seed", _set("seed", 1e30), "$.seed", "fractional"),
]


@pytest.mark.parametrize(
    ("edit", "path", "words"), [b[1:] for b in BAD_STATES], ids=[b[0] for b in BAD_STATES]
)
def test_bad_states_are_refused_with_the_path(edit: Edit, path: str, words: str) -> None:
    data = base_doc()
    edit(data)
    with pytest.raises(InvalidDataError) as info:
        from_json(json.dumps(data))
    assert info.value.path == path, info.value
    assert words in info.value.message


def test_a_state_that_moves_a_card_but_keeps_the_deck_whole_is_accepted() -> None:
    data = base_doc()
    _first_card_of_stock_to("1")(data)  # Bob laid down: his hand has room
    state = from_json(json.dumps(data), GameState)
    assert len(state.players[1].hand) == len(base_state().players[1].hand) + 1
    validate_state(state)


def test_a_hand_larger_than_the_rules_allow_is_refused() -> None:
    """R-3.2 / R-4.2: a hand holds hand_size cards, one more only during its own turn."""
    data = base_doc()
    _first_card_of_stock_to("0")(data)  # Ann, not playing now, would hold 11
    with pytest.raises(InvalidDataError) as info:
        from_json(json.dumps(data))
    assert info.value.path == "$.players[0].hand"
    assert "at most 10" in info.value.message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[]", "expected an object"),
        ("null", "expected an object"),
        ('{"schema": NaN}', "NaN"),
        ('{"schema": 1, "schema": 1}', "twice"),
        ("[" * 100_000 + "]" * 100_000, "not valid JSON"),
    ],
)
def test_broken_text_is_refused(text: str, words: str) -> None:
    with pytest.raises(InvalidDataError) as info:
        from_json(text)
    assert info.value.path == "$"
    assert words in info.value.message


def test_a_number_too_long_to_convert_is_refused_at_its_path() -> None:
    """Python converts at most 4,300 digits; such a number is refused where it stands."""
    with pytest.raises(InvalidDataError) as info:
        from_json('{"schema": 1' + "0" * 5000 + "}")
    assert info.value.path == "$.schema"
    text = to_json(base_state()).replace('"turn": ', '"turn": 1' + "0" * 100_000, 1)
    with pytest.raises(InvalidDataError) as info:
        from_json(text)
    assert info.value.path == "$.turn"
    assert "64 bits" in info.value.message


def test_huge_numbers_are_read_and_judged() -> None:
    huge = "9" * 4000
    with pytest.raises(InvalidDataError) as info:
        from_json('{"schema": 1, "type": "rules", "spec": "s", "fixed_hands": ' + huge + "}")
    assert info.value.path == "$.fixed_hands"
    data = base_doc()
    data["players"][0]["score"] = 10**40
    with pytest.raises(InvalidDataError) as info:
        from_data(data, GameState)
    assert info.value.path == "$.players[0].score"


def test_deep_nesting_inside_a_document_is_refused() -> None:
    data = base_doc()
    nested: JSONValue = 0
    for _ in range(50_000):
        nested = [nested]
    data["turn"] = nested
    with pytest.raises(InvalidDataError) as info:
        from_data(data)
    assert info.value.path is not None


def test_not_text_is_refused() -> None:
    with pytest.raises(InvalidDataError):
        from_json(None)  # type: ignore[call-overload]
    with pytest.raises(InvalidDataError):
        from_data(["schema"])


def test_a_stage_the_rules_cannot_reach_is_refused() -> None:
    for stage in ("choose_phase", "deal_up"):
        data = base_doc()
        data["stage"] = stage
        with pytest.raises(InvalidDataError) as info:
            from_json(json.dumps(data))
        assert info.value.path == "$.stage"


def test_a_stuck_state_is_refused() -> None:
    """A turn with nothing to do cannot happen: the engine would have ended the hand."""
    data = base_doc()
    data["discard_pile"] = data["discard_pile"] + " " + data["stock"]
    data["stock"] = ""
    data["rules"]["draw_exhaustion"] = "end_hand"
    data["rules"]["skip_pickup_from_discard"] = False
    data["discard_pile"] = " ".join(
        [t for t in data["discard_pile"].split() if t != "S"] + ["S"] * 4
    )
    with pytest.raises(InvalidDataError):
        from_json(json.dumps(data))


# --------------------------------------------------------------------------- views


def test_views_round_trip_and_hide_what_they_hide() -> None:
    state = base_state()
    view = player_view(state, 0)
    data = to_data(view)
    assert data["type"] == "view"
    assert data["hand"] == str(view.hand and " ".join(map(str, view.hand)))
    assert "stock" not in data
    assert "seed" not in data
    assert data["stock_size"] == len(state.stock)
    assert from_data(data) == view


@pytest.mark.parametrize(
    ("edit", "path"),
    [
        (_set("seat", 7), "$.seat"),
        (_set("hand", None), "$.hand"),
        (_set("hand", "R1"), "$.hand"),
        (_set("stock_size", -1), "$.stock_size"),
        (_set("stock_size", 200), "$"),
        (_set("players.1.melds.0.cards", "R10 B10 Y9"), "$.players[1].melds[0]"),
        (_set("discard_pile", "W W W W W W W W W"), "$.discard_pile[8]"),
    ],
)
def test_bad_views_are_refused(edit: Edit, path: str) -> None:
    data = to_data(player_view(base_state(), 0))
    edit(data)
    with pytest.raises(InvalidDataError) as info:
        from_data(data)
    assert info.value.path == path


def test_a_spectator_has_no_hand() -> None:
    data = to_data(spectator_view(base_state()))
    assert data["seat"] is None
    assert data["hand"] is None
    data["hand"] = ""
    with pytest.raises(InvalidDataError) as info:
        from_data(data)
    assert info.value.path == "$.hand"


# --------------------------------------------------------------------------- records


def test_records_are_documents_too() -> None:
    record = GameRecord.from_actions(
        ["Ann", "Bob"], ["take", "discard Y7"], seed=7, metadata={"event": "test"}
    )
    data = to_data(record)
    assert data["type"] == "record"
    assert data["actions"] == ["take", "discard Y7"]
    assert data["rules"] == {"spec": "standard"}
    assert from_data(data) == record
    data["actions"] = ["take", "discard Q7"]
    with pytest.raises(InvalidDataError) as info:
        from_data(data)
    assert info.value.path == "$.actions[1]"
    assert "'Q7' at 8" in info.value.message
