"""Bounded, strict, typed input (issue 9, part 2): every public entry point refuses what
the rules cannot produce, with a typed error that names the field, in time linear in the
input.

Each test names the defect it pins down (and the rule it rests on, where there is one).
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phase10.engine.legal
from games import PROFILE_SPECS
from helpers import bot_game, player_count, stacked_game
from phase10 import (
    Bot,
    Card,
    ChoosePhase,
    Color,
    DeckSpec,
    Discard,
    DrawStock,
    End,
    GameRecord,
    GameState,
    GiveCard,
    Hit,
    InvalidDataError,
    InvalidMeldError,
    InvalidRulesError,
    LayDown,
    Meld,
    NextHand,
    Phase,
    Phase10Error,
    RandomBot,
    Rules,
    RunOf,
    Scoring,
    SetOf,
    Stage,
    SwapWild,
    apply,
    check,
    from_json,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
    player_view,
    standard_deck,
    to_json,
    variants,
)
from phase10.limits import MAX_COUNT, MAX_LINE, MAX_TOKEN, SEED_LIMIT
from phase10.notation import action_to_text
from phase10.serialization import from_data, to_data, validate_state
from phase10.state import replace

# --------------------------------------------------------------------------- helpers


def _doc(state: GameState) -> dict[str, Any]:
    data = to_data(state)
    return json.loads(json.dumps(data))  # type: ignore[no-any-return]


def _refused_at(data: object, path: str) -> InvalidDataError:
    with pytest.raises(InvalidDataError) as info:
        from_data(data)
    assert info.value.path == path, info.value
    return info.value


# --------------------------------------------------------------------------- 1. no enumeration


def _postal_phase3_turn() -> GameState:
    """Postal, phase 3 (threes are Wild for this player, V-10.2), the issue's hand of
    R3 R3 B3 B3 G3 G3 Y3 Y3 W W W in the play stage: 259,841 lay-downs in 0.1.0."""
    rules = variants.resolve("postal")
    state = stacked_game({1: "R3 R3 B3 B3 G3 G3 Y3 Y3 W W"}, "R12", "W", rules, players=2)
    players = list(state.players)
    players[1] = replace(players[1], completed=(1, 2))
    return apply(replace(state, players=tuple(players)), DrawStock())


@pytest.mark.pure_python  # patches a module the compiled wheel compiles
def test_issue9_validate_state_lists_no_lay_downs(monkeypatch: pytest.MonkeyPatch) -> None:
    """validate_state establishes that the player to act can act from the stage facts:
    it never enumerates lay-downs (a 1.2 KB document ran for a minute in 0.1.0)."""
    state = _postal_phase3_turn()
    assert state.stage is Stage.PLAY
    assert len(state.players[1].hand) == 11

    def refuse(*args: object, **kwargs: object) -> object:
        raise AssertionError("lay-downs were enumerated")

    monkeypatch.setattr(phase10.engine.legal, "lay_down_actions", refuse)
    with pytest.raises(AssertionError):
        legal_actions(state)  # the patch is in the path that lists lay-downs
    validate_state(state)
    assert from_json(to_json(state)) == state


def test_issue9_hundred_card_hand_is_refused_at_its_path() -> None:
    """R-3.2: the 1.2 KB document with a 100-card hand is refused, quickly, at the hand."""
    state = new_game(2, seed=3)
    data = _doc(state)
    seat = state.current_player
    assert seat is not None
    moved = parse_cards(data["stock"])
    hand = sorted([*parse_cards(data["players"][seat]["hand"]), *moved])
    data["players"][seat]["hand"] = " ".join(map(str, hand))
    data["stock"] = ""
    assert len(hand) == 97
    error = _refused_at(data, f"$.players[{seat}].hand")
    assert "at most 10" in error.message


SHORTCUT_RULES = (
    *(variants.resolve(spec) for spec in PROFILE_SPECS),
    Rules(skip_limit="unlimited", skip_pickup_from_discard=True, wild_as_skip=True),
    Rules(skip_as_last_card="draw_replacement", going_out="hit_or_discard"),
    Rules(skip_as_last_card="forbidden", may_discard_card_taken_from_discard=False),
    Rules(initial_wild="dealer_chooses_recipient", initial_skip="dealer_chooses_target"),
    variants.resolve("masters+floating").with_options(masters_save_usable_same_hand=True),
)


@pytest.mark.parametrize("rules", SHORTCUT_RULES, ids=lambda rules: rules.spec)
@settings(max_examples=max(1, settings().max_examples // 30))  # a game each: 1 fast, 2 in ci
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_issue9_every_reachable_state_is_valid_and_can_act(
    rules: Rules, seed: int, players: int
) -> None:
    """Every state a game reaches passes validate_state (the new bounds refuse nothing
    legal), and the shortcut it takes holds: in the play stage with two cards or more,
    no V-12 discard pending and no lay-down under way, a plain discard is legal (R-4.5)."""
    rules = rules.with_options(max_turns=150)
    players = player_count(rules, players)
    bots: list[Bot] = [RandomBot(seed * 7 + seat) for seat in range(players)]
    for state in bot_game(rules, players, seed, 400, bots):
        validate_state(state)
        seat = state.current_player
        if state.stage is Stage.PLAY and not state.forced_discard and state.laying is None:
            assert seat is not None
            if len(state.players[seat].hand) >= 2:
                assert any(isinstance(a, Discard) for a in legal_actions(state))


# --------------------------------------------------------------------------- 2. bounded numbers


def test_issue9_skips_pending_are_bounded_by_the_turn() -> None:
    """R-9.5: a decoded skips_pending of 10**18 made the next apply loop for ever; a seat
    has at most turn + 1 pending skips, and the player to act has none."""
    state = new_game(3, seed=5)
    data = _doc(state)
    data["players"][0]["skips_pending"] = 10**18
    _refused_at(data, "$.players[0].skips_pending")
    data = _doc(state)
    seat = state.current_player
    assert seat is not None
    data["players"][seat]["skips_pending"] = 1
    error = _refused_at(data, f"$.players[{seat}].skips_pending")
    assert "R-9.5" in error.message
    for index, player in enumerate(data["players"]):
        player["skips_pending"] = 0 if index == seat else 1
    assert isinstance(read := from_data(data), GameState)
    assert read.players[(seat + 1) % 3].skips_pending == 1


def test_issue9_hand_number_follows_from_the_results() -> None:
    """R-13: a 4,000-digit hand_number made NextHand raise a bare ValueError."""
    state = new_game(2, seed=1)
    text = to_json(state).replace('"hand_number": 1', '"hand_number": ' + "9" * 4300, 1)
    with pytest.raises(InvalidDataError) as info:
        from_json(text)
    assert info.value.path == "$.hand_number"
    data = _doc(state)
    data["hand_number"] = int("9" * 4000)
    _refused_at(data, "$.hand_number")
    data["hand_number"] = 7
    error = _refused_at(data, "$.hand_number")
    assert "after 0 finished hands" in error.message


def test_issue9_counters_and_seeds_are_bounded() -> None:
    state = new_game(2, seed=1)
    for key, value in (
        ("turn", MAX_COUNT + 1),
        ("total_turns", MAX_COUNT + 1),
        ("reshuffles", MAX_COUNT + 1),
        ("seed", -1),
        ("seed", SEED_LIMIT),
    ):
        data = _doc(state)
        data[key] = value
        _refused_at(data, f"$.{key}")
    data = _doc(new_game(2, Rules(max_turns=5), seed=1))
    data["total_turns"] = 7
    _refused_at(data, "$.total_turns")


def test_issue9_scores_are_bounded_by_the_hands_played() -> None:
    """R-11.1: a seat scores at most the whole deck at the highest card value per hand."""
    state = new_game(2, seed=1)
    data = _doc(state)
    data["players"][0]["score"] = 108 * 25 + 1  # no hand finished yet: the bound of one hand
    _refused_at(data, "$.players[0].score")
    data["players"][0]["score"] = 108 * 25
    assert from_data(data, GameState).players[0].score == 108 * 25


def test_issue9_view_numbers_are_bounded() -> None:
    state = new_game(3, seed=2)
    other = next(s for s in (1, 2) if s != state.current_player)
    view = player_view(state, 0)
    for key, value in (("hand_size", 11), ("skips_pending", 5), ("score", 10**6)):
        data = json.loads(json.dumps(to_data(view)))
        data["players"][other][key] = value
        _refused_at(data, f"$.players[{other}].{key}")


def test_issue9_seed_range_in_new_game_and_records() -> None:
    """new_game(seed=10**5000) raised a bare ValueError; seeds are 0 <= seed < 2**64."""
    for seed in (10**5000, -1, SEED_LIMIT, True, "7", 1.0):
        with pytest.raises(InvalidRulesError) as info:
            new_game(2, seed=seed)  # type: ignore[arg-type]
        assert info.value.option == "seed"
        with pytest.raises(InvalidDataError) as data_info:
            GameRecord(Rules(), ("A", "B"), seed)  # type: ignore[arg-type]
        assert data_info.value.path == "$.seed"
    assert new_game(2, seed=SEED_LIMIT - 1).seed == SEED_LIMIT - 1
    assert new_game(2, seed=0).seed == 0


def test_issue9_huge_player_count_is_refused_before_names_are_built() -> None:
    with pytest.raises(InvalidRulesError) as info:
        new_game(10**12)
    assert info.value.option == "players"


def test_a4_wild_value_range_within_the_reach_of_the_wilds() -> None:
    """A-4: (-10**9, 10**9) exhausted memory; beyond 1..12 a run holds only cards that
    may act as Wilds, so the range reaches one place per such card past either end."""
    with pytest.raises(InvalidRulesError) as info:
        Rules(wild_value_range=(-(10**9), 10**9))
    assert info.value.option == "wild_value_range"
    widest = Rules(wild_value_range=(-7, 20))  # 8 Wilds in the standard deck
    assert widest.wild_value_range == (-7, 20)
    with pytest.raises(InvalidRulesError):
        Rules(wild_value_range=(-8, 12))
    with pytest.raises(InvalidRulesError):
        Rules(deck=DeckSpec(wilds=0), wild_value_range=(0, 12))
    postal = Rules(postal=True, wild_value_range=(-15, 28))  # and 8 threes, say (V-10.2)
    assert postal.wild_value_range == (-15, 28)
    state = new_game(2, widest, seed=4)
    assert legal_actions(state)


def test_r1_6_no_phase_needs_more_cards_than_the_deck() -> None:
    small = DeckSpec(copies=1, wilds=0, skips=0)
    with pytest.raises(InvalidRulesError) as info:
        Rules(deck=small, hand_size=5, phases=(Phase(1, (SetOf(49),)),))
    assert info.value.option == "phases"


def test_issue9_phase_numbers_are_bounded() -> None:
    for number in (0, -1, 1000, True, "1", 10**5000):
        with pytest.raises(InvalidRulesError) as info:
            Phase(number, (SetOf(3),))  # type: ignore[arg-type]
        assert info.value.option == "phases"
    assert Phase(999, (SetOf(3),)).number == 999


def test_r11_1_scoring_values_are_whole_numbers_within_limits() -> None:
    for value in (-1, 1001, True, "5", 2.5, 10**5000):
        with pytest.raises(InvalidRulesError) as info:
            Scoring(low=value)  # type: ignore[arg-type]
        assert info.value.option == "scoring.low"
    data = to_data(Rules(scoring=Scoring(wild=50)))
    data["scoring"] = {"wild": -5}
    _refused_at(data, "$.scoring.wild")


# --------------------------------------------------------------------------- 3. text


def test_issue9_lone_surrogates_are_refused_in_names_specs_and_metadata() -> None:
    """to_json of an accepted state then failed with UnicodeEncodeError."""
    bad = "Ann\ud800"
    state = new_game(["Ann", "Bob"], seed=1)
    data = _doc(state)
    data["players"][0]["name"] = bad
    error = _refused_at(data, "$.players[0].name")
    assert "surrogate" in error.message
    data = _doc(state)
    data["rules"]["spec"] = bad
    _refused_at(data, "$.rules.spec")
    record = to_data(GameRecord.start(["Ann", "Bob"], seed=1, metadata={"event": "x"}))
    record["metadata"] = {"event": bad}
    _refused_at(record, "$.metadata.event")
    record["metadata"] = {bad: "x"}
    with pytest.raises(InvalidDataError) as info:
        from_data(record)
    assert (info.value.path or "").startswith("$.metadata[")
    with pytest.raises(InvalidRulesError):
        new_game([bad, "Bob"])
    with pytest.raises(InvalidRulesError):
        Rules(spec=bad)
    with pytest.raises(InvalidRulesError):
        Phase(1, (SetOf(3),), name=bad)
    with pytest.raises(InvalidDataError):
        GameRecord(Rules(), (bad, "Bob"), 1)
    with pytest.raises(InvalidDataError):
        GameRecord(Rules(), ("Ann", "Bob"), 1, metadata={"event": bad})
    fine = new_game(["Zoë", "李"], seed=1)
    assert from_json(to_json(fine).encode("utf-8")) == fine


def test_issue9_cards_in_documents_are_ascii() -> None:
    """'ſ'.upper() is 'S': a long s was read as a Skip."""
    data = _doc(new_game(2, seed=1))
    data["discard_pile"] = data["discard_pile"] + " ſ"
    _refused_at(data, "$.discard_pile[1]")
    with pytest.raises(InvalidDataError):
        Card.parse("ſ")


# --------------------------------------------------------------------------- 4. notation


def test_issue9_notation_digits_are_ascii() -> None:
    """`choose ٣` was read as phase 3."""
    for text in ("choose ٣", "choose ３", "give ¹", "hit ٠.٠ R7", "discard ſ", "draw\u00a0"):
        with pytest.raises(InvalidDataError) as info:
            parse_action(text)
        assert "ASCII" in info.value.message


def test_issue9_notation_limits_one_word_and_one_line() -> None:
    """A 50 MB line made a 50 MB message; words and lines are bounded, messages short."""
    with pytest.raises(InvalidDataError) as info:
        parse_action("discard " + "x" * (MAX_LINE + 1))
    assert len(str(info.value)) < 200
    with pytest.raises(InvalidDataError) as info:
        parse_action("discard " + "R" * (MAX_TOKEN + 1))
    assert len(str(info.value)) < 200
    assert "at most 100" in info.value.message
    with pytest.raises(InvalidDataError) as info:
        parse_action("discard X" + "9" * 90)
    assert len(str(info.value)) < 200
    largest = DeckSpec(copies=1000, wilds=1000, skips=1000, rule_cards=1000)
    action = NextHand(standard_deck(largest))  # the longest line a game can need
    text = action_to_text(action)
    assert len(text) <= MAX_LINE
    assert parse_action(text) == action


def test_issue9_notation_refuses_out_of_range_numbers_at_the_token() -> None:
    for text, token in (
        ("hit -1.0 R7", "'-1.0' at 4"),
        ("hit 0.99999999 R7", "'0.99999999' at 4"),
        ("discard S @12", "'@12' at 10"),
        ("choose 0", "'0' at 7"),
        ("give 12", "'12' at 5"),
        ("lay phase=1000", "'1000' at 10"),
        ("lay set@99999:W W W", "'set@99999:' at 4"),
    ):
        with pytest.raises(InvalidDataError) as info:
            parse_action(text)
        assert info.value.path == token, (text, info.value)


# --------------------------------------------------------------------------- 5. Rules


def test_issue9_rules_objects_are_checked_at_construction() -> None:
    """Rules(scoring=None) failed with AttributeError at the end of a hand."""
    for option, value in (
        ("scoring", None),
        ("scoring", "x"),
        ("phases", None),
        ("phases", 5),
        ("phases", "abc"),
        ("spec", 5),
        ("deck", None),
        ("max_turns", 10**5000),
        ("fixed_hands", True),
    ):
        kwargs: dict[str, Any] = {option: value}
        with pytest.raises(InvalidRulesError) as info:
            Rules(**kwargs)
        assert info.value.option == option


BAD_VALUES: tuple[object, ...] = (
    None,
    "x",
    "",
    -1,
    0,
    10**5000,
    2.5,
    True,
    [],
    (1,),
    object(),
    {"a": 1},
    "\ud800",
)


def test_issue9_every_rules_option_refuses_bad_values_by_name() -> None:
    """A sweep of every option of Rules: a value of the wrong type or out of range
    raises InvalidRulesError naming the option (or builds valid rules), nothing else."""
    names = [a.name for a in attrs.fields(Rules) if a.init]
    assert len(names) > 40
    for name in names:
        for value in BAD_VALUES:
            kwargs: dict[str, Any] = {name: value}
            try:
                rules = Rules(**kwargs)
            except InvalidRulesError as error:
                option = error.option
            else:
                assert from_json(to_json(rules)) == rules
                continue
            assert option is not None
            assert option.split(".")[0] == name, (name, value, option)


# --------------------------------------------------------------------------- 6. actions and melds


def test_r6_9_hit_end_accepts_an_end_or_its_value() -> None:
    """Hit(..., end="low") failed with AttributeError in apply and check."""
    r7 = Card.parse("R7")
    assert Hit(r7, 0, 1, "low").end is End.LOW
    assert Hit("R7", 0, 1, "high") == Hit(r7, 0, 1, End.HIGH)
    assert SwapWild(r7, 1, 0, "high").end is End.HIGH
    state = new_game(2, seed=1)
    error = check(state, Hit(r7, 0, 0, "low"))
    assert error is not None  # an IllegalActionError, not an AttributeError
    for end in ("middle", "LOW ", 0, True, Color.RED):
        with pytest.raises(InvalidDataError):
            Hit(r7, 0, 0, end)  # type: ignore[arg-type]
    with pytest.raises(InvalidDataError):
        SwapWild(r7, 0, 0, None)  # type: ignore[arg-type]


ACTION_FACTORIES: tuple[tuple[str, Callable[[object], object]], ...] = (
    ("hit owner", lambda v: Hit(Card.parse("R7"), v, 0)),  # type: ignore[arg-type]
    ("hit meld", lambda v: Hit(Card.parse("R7"), 0, v)),  # type: ignore[arg-type]
    ("swap owner", lambda v: SwapWild(Card.parse("R7"), v, 0, End.LOW)),  # type: ignore[arg-type]
    ("swap meld", lambda v: SwapWild(Card.parse("R7"), 0, v, End.LOW)),  # type: ignore[arg-type]
    ("discard target", lambda v: Discard(Card.parse("S"), v)),  # type: ignore[arg-type]
    ("choose phase", lambda v: ChoosePhase(v)),  # type: ignore[arg-type]
    ("give seat", lambda v: GiveCard(v)),  # type: ignore[arg-type]
    ("lay phase", lambda v: LayDown((), v)),  # type: ignore[arg-type]
)


@pytest.mark.parametrize(
    "factory", [f for _, f in ACTION_FACTORIES], ids=[n for n, _ in ACTION_FACTORIES]
)
def test_issue9_action_numbers_refuse_bools_strings_and_out_of_range(
    factory: Callable[[object], object],
) -> None:
    for value in (True, False, "1", 1.0, -1, 10**5000, [1]):
        with pytest.raises(InvalidDataError):
            factory(value)
    factory(1)


def test_issue9_actions_refuse_other_field_types() -> None:
    with pytest.raises(InvalidDataError):
        NextHand("R7 B7")  # type: ignore[arg-type]
    with pytest.raises(InvalidDataError):
        LayDown(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidDataError):
        Discard(5)
    assert NextHand(["R7", Card.parse("B7")]).deck == parse_cards("R7 B7")  # type: ignore[list-item]


def test_issue9_meld_keeps_its_cards_as_a_tuple() -> None:
    """A list of cards ended up inside the immutable state and made hash(state) fail."""
    cards = list(parse_cards("R7 B7 W"))
    meld = Meld(SetOf(3), cards, 7)  # type: ignore[arg-type]
    assert type(meld.cards) is tuple
    cards.append(Card.parse("G7"))
    assert len(meld.cards) == 3
    state = new_game(2, seed=1)
    players = (replace(state.players[0], melds=(meld,)), state.players[1])
    assert isinstance(hash(replace(state, players=players)), int)
    assert Meld(SetOf(3), iter(parse_cards("R7 B7 W")), 7) == Meld(  # type: ignore[arg-type]
        SetOf(3), parse_cards("R7 B7 W"), 7
    )


def test_issue9_meld_fields_of_the_wrong_type_are_refused() -> None:
    """Meld(..., number="3") failed later with TypeError."""
    cards = parse_cards("R3 B3 W")
    for kwargs in (
        {"number": "3"},
        {"number": True},
        {"number": 10**6},
        {"color": "R"},
        {"wraps": 1},
    ):
        with pytest.raises(InvalidMeldError):
            Meld(SetOf(3), cards, **kwargs)
    with pytest.raises(InvalidMeldError):
        Meld("set", list(cards), 3)  # type: ignore[arg-type]
    with pytest.raises(InvalidMeldError):
        Meld(SetOf(3), "R3 B3 W", 3)  # type: ignore[arg-type]
    with pytest.raises(InvalidMeldError):
        Meld(SetOf(3), ["R3", "B3", "W"], 3)  # type: ignore[arg-type]
    assert Meld(RunOf(3), parse_cards("W R2 R3"), 1).number == 1


# --------------------------------------------------------------------------- property


@settings(max_examples=max(10, settings().max_examples // 2))
@given(st.lists(st.sampled_from((*BAD_VALUES, 3, 11, 12, "low", "R7")), min_size=4, max_size=4))
def test_issue9_building_any_action_raises_only_phase10_errors(values: list[object]) -> None:
    """Whatever the fields, building an action or a group works or raises a Phase10Error
    (a tuple of cards is trusted as it is: the solver builds many groups)."""
    a, b, c, d = values
    for build in (
        lambda: Hit(a, b, c, d),  # type: ignore[arg-type]
        lambda: SwapWild(a, b, c, d),  # type: ignore[arg-type]
        lambda: Discard(a, b),  # type: ignore[arg-type]
        lambda: ChoosePhase(a),  # type: ignore[arg-type]
        lambda: GiveCard(a),  # type: ignore[arg-type]
        lambda: LayDown((), a),  # type: ignore[arg-type]
        lambda: NextHand(a),  # type: ignore[arg-type]
        lambda: Meld(SetOf(3), a, b, c, d),  # type: ignore[arg-type]
    ):
        with contextlib.suppress(Phase10Error):
            build()


def test_issue9_random_seeds_in_range_play() -> None:
    rng = random.Random(9)
    for _ in range(3):
        seed = rng.randrange(SEED_LIMIT)
        state = new_game(2, seed=seed)
        assert from_json(to_json(state), GameState).seed == seed
