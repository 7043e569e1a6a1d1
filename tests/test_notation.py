"""The action notation (``phase10.notation``): every form, exact round trips, clear errors."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import player_count
from phase10 import (
    Card,
    ChoosePhase,
    Color,
    ColorOf,
    Discard,
    DrawStock,
    End,
    GiveCard,
    GreedyBot,
    Hit,
    InvalidDataError,
    InvalidRulesError,
    LayDown,
    LayGroup,
    Meld,
    NextHand,
    RandomBot,
    RunOf,
    Save,
    SetOf,
    Stage,
    SwapWild,
    TakeDiscard,
    TakeSaved,
    apply,
    legal_actions,
    new_game,
    parse_cards,
    player_view,
    standard_deck,
    variants,
)
from phase10.actions import ACTION_TYPES, Action
from phase10.extra_kinds import ColorRunOf, ColorSetOf, ParityOf, ParityRunOf
from phase10.melds import Requirement
from phase10.notation import (
    _parse_careful,
    action_to_text,
    parse_action,
    parse_actions,
    requirement_kinds,
)
from strategies import actions

# --------------------------------------------------------------------------- every form


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("draw", DrawStock()),
        ("take", TakeDiscard()),
        ("hit 2.0 R8 high", Hit(Card.parse("R8"), 2, 0, End.HIGH)),
        ("hit 1.3 W", Hit(Card.parse("W"), 1, 3)),
        ("discard R7", Discard(Card.parse("R7"))),
        ("discard S @3", Discard(Card.parse("S"), 3)),
        ("choose 4", ChoosePhase(4)),
        ("save G9", Save(Card.parse("G9"))),
        ("takesaved G9", TakeSaved(Card.parse("G9"))),
        ("give 2", GiveCard(2)),
        ("swap R5 1.0 low", SwapWild(Card.parse("R5"), 1, 0, End.LOW)),
        ("next", NextHand()),
        ("next deck R7 B3 W", NextHand(cards("R7 B3 W"))),
        ("next deck", NextHand(())),
        (
            "lay run:W R4 R5 R6 | set:R7 B7 W",
            LayDown((SetOf(3).make("R7 B7 W"), RunOf(4).make("W R4 R5 R6"))),
        ),
        (
            "lay phase=4 run:R1 R2 R3 R4 W R6 R7",
            LayDown((RunOf(7).make("R1 R2 R3 R4 W R6 R7"),), phase=4),
        ),
        ("lay run@3:W W W W", LayDown((Meld(RunOf(4), cards("W W W W"), 3),))),
        ("lay set3:R7 B7 W W", LayDown((Meld(SetOf(3), cards("R7 B7 W W"), 7),))),
        (
            "lay color:R1 R5 R9 R10 R11 R12 W",
            LayDown((Meld(ColorOf(7), cards("R1 R5 R9 R10 R11 R12 W"), color=Color.RED),)),
        ),
        ("lay color@B:W W W", LayDown((Meld(ColorOf(3), cards("W W W"), color=Color.BLUE),))),
        ("lay run~:R11 R12 R1", LayDown((Meld(RunOf(3), cards("R11 R12 R1"), 11, wraps=True),))),
        ("lay run:W W R1", LayDown((Meld(RunOf(3), cards("W W R1"), -1),))),
        ("lay run@0:W W W", LayDown((Meld(RunOf(3), cards("W W W"), 0),))),
        ("lay set:W W W", LayDown((Meld(SetOf(3), cards("W W W"), None),))),
        ("lay set@:R7 B7 W", LayDown((Meld(SetOf(3), cards("R7 B7 W"), None),))),
        ("lay set@7R:R7 B7 W", LayDown((Meld(SetOf(3), cards("R7 B7 W"), 7, Color.RED),))),
        ("lay", LayDown(())),
        ("lay phase=2", LayDown((), phase=2)),
    ],
)
def test_every_form(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert action_to_text(action) == text
    assert parse_action(action_to_text(action)) == action


def test_the_issue_examples() -> None:
    """The forms the issue names read as expected (groups need their kind)."""
    lay = parse_action("lay set:R7 B7 W | run:W R4 R5 R6")
    assert isinstance(lay, LayDown)
    assert [str(m) for m in lay.melds] == ["W R4 R5 R6", "R7 B7 W"]
    assert [m.number for m in lay.melds] == [3, 7]
    assert parse_action("hit 2.0 R8 high") == Hit(Card.parse("R8"), 2, 0, End.HIGH)
    assert parse_action("discard S @3") == Discard(Card.parse("S"), 3)


def test_case_and_spacing_do_not_matter() -> None:
    assert parse_action("  HIT   2.0  r8   High ") == Hit(Card.parse("R8"), 2, 0, End.HIGH)
    lay = parse_action("Lay  Phase=2   SET: r7 b7 w |run:W r4 r5 r6")
    assert action_to_text(lay) == "lay phase=2 run:W R4 R5 R6 | set:R7 B7 W"
    assert parse_action("unsave G9") == TakeSaved(Card.parse("G9"))


def test_anchor_is_written_only_when_it_cannot_be_read_off() -> None:
    sets = Meld(SetOf(3), cards("B1 B1 B3"), 3)  # Postal: 1s as personal Wilds
    assert action_to_text(LayDown((sets,))) == "lay set@3:B1 B1 B3"
    run = RunOf(4).make("W R4 R5 R6")
    assert action_to_text(LayDown((run,))) == "lay run:W R4 R5 R6"
    low = RunOf(4).make("W W R4 R5", number=2)
    assert action_to_text(LayDown((low,))) == "lay run:W W R4 R5"


def test_extra_kinds_and_their_parameters() -> None:
    lay = LayDown(
        (
            ParityRunOf(5, parity="odd").make("R1 B3 W G7 Y9"),
            ColorRunOf(4).make("R3 W R5 R6"),
            ColorSetOf(3).make("B7 B7 W"),
            ParityOf(4).make("R2 B4 W Y8"),
        ),
        phase=3,
    )
    text = action_to_text(lay)
    assert "parity_run[parity=odd]@1:R1 B3 W G7 Y9" in text
    assert "color_run@3R:R3 W R5 R6" in text
    assert parse_action(text) == lay


def test_requirement_kinds() -> None:
    kinds = requirement_kinds()
    assert kinds["set"] is SetOf
    assert kinds["run"] is RunOf
    assert kinds["color"] is ColorOf
    assert kinds["parity_run"] is ParityRunOf
    assert "group" not in kinds


def test_a_kind_that_clashes_with_a_built_in_is_refused() -> None:
    """Issue 15: a class naming a kind another class has is refused when it is defined,
    not silently left out of the notation and JSON."""
    with pytest.raises(InvalidRulesError, match=r"'set' is taken by phase10\.melds\.SetOf"):

        @attrs.frozen
        class LoudSet(SetOf):
            kind = "set"

    with pytest.raises(InvalidRulesError, match="'color_run' is taken"):

        @attrs.frozen
        class MyRun(RunOf):
            kind: ClassVar[str] = "color_run"

    assert requirement_kinds()["set"] is SetOf
    assert requirement_kinds()["color_run"] is ColorRunOf


def test_a_subclass_inheriting_a_kind_claims_nothing() -> None:
    @attrs.frozen
    class QuietSet(SetOf):
        pass

    assert QuietSet(3).kind == "set"
    assert requirement_kinds()["set"] is SetOf


def test_defining_a_kind_again_is_no_clash() -> None:
    """The same class defined twice (a module reloaded, a function run again): the newest
    definition counts."""

    def define() -> type[Requirement]:
        @attrs.frozen
        class Twice(SetOf):
            kind: ClassVar[str] = "twice"

        return Twice

    first, second = define(), define()
    assert first is not second
    assert requirement_kinds()["twice"] is second


def test_parse_actions_names_the_line() -> None:
    assert parse_actions(["draw", "discard R7"]) == (DrawStock(), Discard(Card.parse("R7")))
    with pytest.raises(InvalidDataError) as info:
        parse_actions(["draw", "discard R7", "hit 1 R8"])
    assert info.value.path == "#2: '1' at 4"


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "path", "words"),
    [
        ("", None, "empty action"),
        ("   ", None, "empty action"),
        ("dance", "'dance' at 0", "unknown action"),
        ("discard X9", "'X9' at 8", "not a card"),
        ("discard", "'discard' at 0", "incomplete"),
        ("discard R7 @3 @4", "'@4' at 14", "unexpected"),
        ("discard S 3", "'3' at 10", "@SEAT"),
        ("discard S @", "'' at 11", "a seat"),
        ("draw now", "'now' at 5", "unexpected"),
        ("hit 1 R8", "'1' at 4", "OWNER.MELD"),
        ("hit 2.0 R8 middle", "'middle' at 11", "low or high"),
        ("choose four", "'four' at 7", "phase number"),
        ("give", "'give' at 0", "incomplete"),
        ("swap R5 1.0", "'swap' at 0", "incomplete"),
        ("next R7", "'R7' at 5", "next deck"),
        ("next deck R7 Q", "'Q' at 13", "not a card"),
        ("lay R7 B7 W", "'R7' at 4", "KIND:CARDS"),
        ("lay set:R7 B7 W | triple:R8 R8 R8", "'triple:' at 18", "unknown group kind"),
        ("lay set:R7 B7 Q", "'Q' at 14", "not a card"),
        ("lay set:R7 | | run:R1 R2 R3", "'|' at 12", "KIND:CARDS"),
        ("lay set0:", "'set0:' at 4", "not a valid set"),
        ("lay phase=x set:R7 B7 W", "'x' at 10", "phase number"),
        ("lay parity[colour=red]:R2 R4", "'parity[colour=red]:' at 4", "parameters"),
        ("lay parity[parity=prime]:R2 R4", "'parity[parity=prime]:' at 4", "not a valid"),
    ],
)
def test_bad_text_points_at_the_token(text: str, path: str | None, words: str) -> None:
    with pytest.raises(InvalidDataError) as info:
        parse_action(text)
    assert info.value.path == path
    assert words in info.value.message


def test_only_text_is_read_and_only_actions_are_written() -> None:
    with pytest.raises(InvalidDataError):
        parse_action(7)  # type: ignore[arg-type]
    with pytest.raises(InvalidDataError):
        action_to_text("draw")  # type: ignore[arg-type]


def test_an_unwritable_requirement_is_refused() -> None:
    @attrs.frozen
    class Tagged(SetOf):
        kind = "tagged"
        tag: str = "two words"

    meld = Meld(Tagged(3, "has space"), cards("R7 B7 W"), 7)
    with pytest.raises(InvalidDataError, match="cannot be written"):
        action_to_text(LayDown((meld,)))


# --------------------------------------------------------------------------- round trips


def test_the_strategy_covers_every_action_class() -> None:
    covered = {DrawStock, TakeDiscard, LayDown, LayGroup, Hit, Discard, NextHand, ChoosePhase}
    covered |= {Save, TakeSaved, GiveCard, SwapWild}
    assert covered == set(ACTION_TYPES)


@given(actions)
def test_round_trip_of_any_action(action: Action) -> None:
    text = action_to_text(action)
    assert parse_action(text) == action
    assert action_to_text(parse_action(text)) == text  # the written form is canonical


def test_a_full_deck_round_trips() -> None:
    action = NextHand(standard_deck())
    assert parse_action(action_to_text(action)) == action


@settings(max_examples=max(5, settings().max_examples // 3))
@given(
    st.sampled_from(variants.names()),
    st.integers(min_value=0, max_value=10_000),
    st.integers(min_value=0, max_value=150),
)
def test_round_trip_of_legal_actions_along_a_game(spec: str, seed: int, steps: int) -> None:
    """Every legal action met along a random game writes and reads back."""
    rules = variants.resolve(spec)
    players = player_count(rules, 3)
    state = new_game(players, rules, seed=seed)
    bots = [RandomBot(seed=seed + i) for i in range(players)]
    for _ in range(steps):
        if state.is_over:
            break
        legal = legal_actions(state)
        for action in legal:
            assert parse_action(action_to_text(action)) == action
        if state.stage is Stage.HAND_OVER or state.current_player is None:
            state = apply(state, legal[0])
        else:
            view = player_view(state, state.current_player)
            state = apply(state, bots[state.current_player].choose(view, legal))


# --------------------------------------------------------------------------- the fast path


def _outcome(read: Callable[[str], Action], text: str) -> object:
    """What reading ``text`` gives: the action, or the error's type, message and path."""
    try:
        return read(text)
    except InvalidDataError as error:
        return (type(error), error.message, error.path)


@settings(max_examples=max(5, settings().max_examples // 3))
@given(
    st.sampled_from(["standard", "masters", "alternating-runs", "partial-phasing", "phase-20"]),
    st.integers(0, 10_000),
)
def test_round_trip_of_greedy_games(spec: str, seed: int) -> None:
    """Every action GreedyBots play (lay-downs, hits and all) writes and reads back."""
    rules = variants.resolve(spec)
    players = player_count(rules, 3)
    state = new_game(players, rules, seed=seed)
    bots = [GreedyBot() for _ in range(players)]
    for _ in range(300):
        if state.is_over:
            break
        legal = legal_actions(state)
        if state.stage is Stage.HAND_OVER or state.current_player is None:
            action = legal[0]
        else:
            view = player_view(state, state.current_player)
            action = bots[state.current_player].choose(view, legal)
        assert parse_action(action_to_text(action)) == action
        state = apply(state, action)


_EDITS = "  |:@~=.-0123456789rbgywsRBGYWSxz[],\t\x1c"


@st.composite
def _edited_texts(draw: st.DrawFn) -> str:
    """An action's notation with a few characters changed, dropped or added; or any text."""
    if draw(st.booleans()):
        return draw(st.text(max_size=40))
    text = action_to_text(draw(actions))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text)))
        new = draw(st.sampled_from(_EDITS))
        how = draw(st.sampled_from(["insert", "replace", "drop", "case"]))
        if how == "insert":
            text = text[:at] + new + text[at:]
        elif how == "replace":
            text = text[:at] + new + text[at + 1 :]
        elif how == "drop":
            text = text[:at] + text[at + 1 :]
        else:
            text = text.swapcase()
    return text


@given(_edited_texts())
def test_the_fast_path_reads_as_the_careful_one(text: str) -> None:
    """parse_action reads plain actions without token offsets and hands anything else to the
    token-by-token reader: the same action or the same error (type, message, path) either way,
    and the only error is InvalidDataError."""
    assert _outcome(parse_action, text) == _outcome(_parse_careful, text)
