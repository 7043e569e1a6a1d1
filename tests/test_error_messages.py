"""Error messages as a newcomer reads them: what was refused, why, and the way out.

One table of mistakes a game developer makes through the public API (a server passing
client input, a terminal game, a bot author, a variant author). Each row names the
exception type and the key words of its message: the thing refused (a card, a seat, a
group as OWNER.MELD, a variant name), the reason (the rule id where a rule decides), and
what is allowed instead where that is cheap. The states given are left as they were.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import phase10
from phase10 import (
    Card,
    ChoosePhase,
    DeckSpec,
    Discard,
    DrawStock,
    End,
    GameState,
    GiveCard,
    GreedyBot,
    Hit,
    IllegalActionError,
    IllegalReason,
    InvalidDataError,
    InvalidRulesError,
    LayDown,
    Meld,
    NextHand,
    RandomBot,
    Rules,
    RunOf,
    Save,
    SetOf,
    Stage,
    apply,
    card_points,
    check,
    dice,
    engine,
    format_cards,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
    play_game,
    player_view,
    replay,
    sample_state,
    sampling,
    seat_update,
    solver,
    sort_cards,
    standard_deck,
    to_json,
    twist,
    variants,
)
from phase10.cli import main

# A compiled build (mypyc) refuses a wrong Python type at the call itself, with its own
# words: there only the type of the error is checked.
PURE_ENGINE = engine.__file__.endswith(".py")
PURE_SAMPLING = sampling.__file__.endswith(".py")


@attrs.frozen
class Table:
    """The states the mistakes are made on (all immutable)."""

    drawing: GameState  # seed 1, three seats: seat 1 to draw
    playing: GameState  # seat 1 has drawn: R9 R10 R11 B10 G2 G3 G11 Y4 Y6 Y10 Y11
    laid: GameState  # seat 2 to play, its phase down; seat 1 has groups 1.0, 1.1; seat 0 none
    masters: GameState  # Masters: seat 1 to choose its phase (V-1.4)
    dice_rolled: dice.DiceState
    twist_drawn: twist.TwistState


def _laid_state() -> GameState:
    """Greedy play from seed 1 until the seat to play has laid down beside another seat."""
    state = new_game(3, seed=1)
    bots = [GreedyBot(), GreedyBot(), GreedyBot()]
    for _ in range(500):
        seat = state.current_player
        if (
            seat is not None
            and state.stage is Stage.PLAY
            and state.players[seat].laid_down
            and state.players[(seat + 2) % 3].melds
            and not state.players[(seat + 1) % 3].melds
        ):
            return state
        action = (
            NextHand()
            if seat is None
            else bots[seat].choose(player_view(state, seat), legal_actions(state))
        )
        state = apply(state, action)
    raise AssertionError("no such state within 500 actions")


@pytest.fixture(scope="module")
def table() -> Table:
    drawing = new_game(3, seed=1)
    laid = _laid_state()
    assert laid.current_player == 2  # the rows rely on it
    assert len(laid.players[1].melds) == 2
    return Table(
        drawing=drawing,
        playing=apply(drawing, DrawStock()),
        laid=laid,
        masters=new_game(3, rules="masters", seed=2),
        dice_rolled=dice.apply(dice.new_game(["Ann", "Bob"], seed=7), dice.Roll()),
        twist_drawn=twist.apply(twist.new_game(["Ann", "Bob"], seed=7), twist.TakePile(0)),
    )


def _misfit(state: GameState) -> Card:
    """A natural card of the player to move that is not a 10 (the set 1.0 is of 10s)."""
    seat = state.current_player
    assert seat is not None
    return next(c for c in state.players[seat].hand if c.number not in (None, 10))


Case = tuple[Callable[[Table], object], type[BaseException], tuple[str, ...]]

CASES: dict[str, Case] = {
    # The card game: apply with an action of the wrong moment (R-4.2, R-13.2, V-1.4, V-12)
    "R-4.2 discard before drawing": (
        lambda t: apply(t.drawing, Discard(t.drawing.players[1].hand[0])),
        IllegalActionError,
        ("draw a card first", "R-4.2"),
    ),
    "R-13.2 next hand mid-hand": (
        lambda t: apply(t.playing, NextHand()),
        IllegalActionError,
        ("the hand is not over", "R-13.2"),
    ),
    "V-1.4 choosing a phase mid-turn": (
        lambda t: apply(t.drawing, ChoosePhase(3)),
        IllegalActionError,
        ("chosen only at the start of a hand", "V-1.4"),
    ),
    "V-12 giving the upturned card mid-turn": (
        lambda t: apply(t.playing, GiveCard(0)),
        IllegalActionError,
        ("upturned card", "V-12"),
    ),
    "text where an action belongs": (
        lambda t: apply(t.drawing, "draw"),  # type: ignore[arg-type]
        IllegalActionError,
        ("'draw' is not a phase10 action", "parse_action"),
    ),
    "None where a state belongs (apply)": (
        lambda t: apply(None, DrawStock()),  # type: ignore[arg-type]
        TypeError,
        ("expected a GameState", "None"),
    ),
    "None where a state belongs (legal_actions)": (
        lambda t: legal_actions(None),  # type: ignore[arg-type]
        TypeError,
        ("expected a GameState",),
    ),
    # Lay-downs: the missing cards and the phases open are named
    "R-5 lay-down of cards not held": (
        lambda t: apply(t.playing, parse_action("lay set:R9 R9 R9 | set:B10 B10 B10")),
        IllegalActionError,
        ("you do not hold all of those cards", "missing: R9 R9 B10 B10"),
    ),
    "R-5 lay-down of a phase not open": (
        lambda t: apply(t.playing, parse_action("lay phase=5 set:R9 R9 R9 | set:B10 B10 B10")),
        IllegalActionError,
        ("cannot lay down phase 5 now", "you may lay down phase 1"),
    ),
    "R-5.2 a second lay-down": (
        lambda t: apply(t.laid, parse_action("lay set:R1 R1 R1 | set:R2 R2 R2")),
        IllegalActionError,
        ("only one phase per hand", "R-5.2"),
    ),
    "V-1.4 choosing a phase the rules lack": (
        lambda t: apply(t.masters, ChoosePhase(12)),
        IllegalActionError,
        ("no phase 12", "their phases: 1-10"),
    ),
    # Hits: the group is named as OWNER.MELD, with the groups there are
    "R-6.2 hit before laying down": (
        lambda t: apply(t.playing, Hit(t.playing.players[1].hand[0], 0, 0)),
        IllegalActionError,
        ("lay down your own phase before hitting", "R-6.2"),
    ),
    "hit on a group index past the seat's groups": (
        lambda t: apply(t.laid, Hit(_misfit(t.laid), 1, 9)),
        IllegalActionError,
        ("seat 1 has no group 1.9", "its groups are 1.0 to 1.1"),
    ),
    "hit on a seat that is not at the table": (
        lambda t: apply(t.laid, Hit(_misfit(t.laid), 5, 0)),
        IllegalActionError,
        ("no seat 5 at this table", "seats 0 to 2"),
    ),
    "hit on a seat with no groups": (
        lambda t: apply(t.laid, Hit(_misfit(t.laid), 0, 0)),
        IllegalActionError,
        ("seat 0 has no groups on the table",),
    ),
    "R-6.5 a card that does not fit": (
        lambda t: apply(t.laid, Hit(_misfit(t.laid), 1, 0, End.HIGH)),
        IllegalActionError,
        ("does not fit", "set of 10s", "R-6.5"),
    ),
    # Skips
    "R-9.1 a target for a card that is no Skip": (
        lambda t: apply(t.laid, Discard(_misfit(t.laid), target=1)),
        IllegalActionError,
        ("skips nobody", "leave out the target", "R-9.1"),
    ),
    # Bots: counted and checked before the first move
    "too few bots": (
        lambda t: play_game(t.drawing, [RandomBot()]),
        InvalidDataError,
        ("3 seats need 3 bots", "not 1"),
    ),
    "a value that is not a bot": (
        lambda t: play_game(t.drawing, [1, 2, 3]),  # type: ignore[list-item]
        TypeError,
        ("bots[0] is not a bot", "choose(view, legal)"),
    ),
    "too few dice bots": (
        lambda t: dice.play_game(t.dice_rolled, [dice.RandomBot()]),
        InvalidDataError,
        ("2 seats need 2 bots",),
    ),
    # Seats, as a server passes them: the seats there are
    "player_view of a seat not at the table": (
        lambda t: player_view(t.drawing, 5),
        InvalidDataError,
        ("no seat 5 at a table of 3 (seats 0-2)",),
    ),
    "seat_update of a seat not at the table": (
        lambda t: seat_update(t.drawing, 9),
        InvalidDataError,
        ("no seat 9 at a table of 3 (seats 0-2)",),
    ),
    "dice player_view of a seat not at the table": (
        lambda t: dice.player_view(t.dice_rolled, 5),
        InvalidDataError,
        ("no seat 5 at a table of 2 (seats 0-1)",),
    ),
    "twist player_view of a seat not at the table": (
        lambda t: twist.player_view(t.twist_drawn, 5),
        InvalidDataError,
        ("no seat 5 at a table of 2 (seats 0-1)",),
    ),
    # Variants and rules, as a variant author writes them
    "a misspelt variant": (
        lambda t: variants.resolve("mastrs"),
        InvalidRulesError,
        ("no variant named 'mastrs'", "known: ", "did you mean 'masters'?"),
    ),
    "a misspelt part of a variant spec": (
        lambda t: new_game(3, rules="masters+revrse"),
        InvalidRulesError,
        ("no variant named 'revrse'", "did you mean 'reverse-cards'?"),
    ),
    "a deck without number cards": (
        lambda t: Rules(deck=DeckSpec(copies=0)),
        InvalidRulesError,
        ("deck: ", "copies", "at least 1, not 0"),
    ),
    # Cards as text where Card values belong
    "format_cards of card text": (
        lambda t: format_cards(["R7"]),  # type: ignore[list-item]
        TypeError,
        ("format_cards takes Card values, not 'R7'", "parse_cards"),
    ),
    "sort_cards of a line of text": (
        lambda t: sort_cards("R7 B7"),  # type: ignore[arg-type]
        TypeError,
        ("sort_cards takes Card values, not the text 'R7 B7'",),
    ),
    "card_points of card text": (
        lambda t: card_points("R7"),  # type: ignore[arg-type]
        TypeError,
        ("card_points takes Card values", "parse_cards"),
    ),
    "standard_deck of a number": (
        lambda t: standard_deck(-1),  # type: ignore[arg-type]
        TypeError,
        ("standard_deck takes a DeckSpec or Rules, not -1",),
    ),
    "replay of something that is no record": (
        lambda t: replay(None),  # type: ignore[arg-type]
        TypeError,
        ("replay takes a GameRecord, not None",),
    ),
    # Notation, as a terminal game reads it
    "a lay-down given as text": (
        lambda t: LayDown("set:R7 R7 W"),  # type: ignore[arg-type]
        InvalidDataError,
        ("a lay-down is a sequence of Meld values", "parse_action reads 'lay"),
    ),
    "a hit written without OWNER.MELD": (
        lambda t: parse_action("hit R7 1"),
        InvalidDataError,
        ("'R7' at 4", "OWNER.MELD", "the form is 'hit OWNER.MELD CARD [low|high]'"),
    ),
    # Phase 10 Dice (D-2.1)
    "D-2.1 a card-game action in the dice game": (
        lambda t: dice.apply(t.dice_rolled, DrawStock()),  # type: ignore[arg-type]
        IllegalActionError,
        ("a DrawStock is not a Phase 10 Dice action", "Roll, Keep"),
    ),
    "None where a dice state belongs": (
        lambda t: dice.apply(None, dice.Roll()),  # type: ignore[arg-type]
        TypeError,
        ("expected a DiceState, not None",),
    ),
    "a die named by a long text": (
        lambda t: dice.apply(t.dice_rolled, dice.Keep(("x" * 5000,))),  # type: ignore[arg-type]
        IllegalActionError,
        ("there is no die 'xxx", "the dice are 0-9"),
    ),
    # Phase 10 Twist (T-3.2)
    "a card-game Discard in Twist": (
        lambda t: twist.apply(
            t.twist_drawn,
            Discard(t.twist_drawn.players[1].hand[0]),  # type: ignore[arg-type]
        ),
        IllegalActionError,
        ("a Discard is not a Phase 10 Twist action", "DiscardOnto"),
    ),
    "Twist: the phase of a Twist space": (
        lambda t: twist.DEFAULT_BOARD.phase_number(4),
        InvalidDataError,
        ("space 4 is a Twist space", "is_twist"),
    ),
    "None where a Twist state belongs": (
        lambda t: twist.apply(None, DrawStock()),  # type: ignore[arg-type]
        TypeError,
        ("expected a TwistState, not None",),
    ),
    "Twist: next hand mid-hand": (
        lambda t: twist.apply(t.twist_drawn, NextHand()),
        IllegalActionError,
        ("the hand is not over",),
    ),
    "T-3.2 choosing a space while playing": (
        lambda t: twist.apply(t.twist_drawn, twist.ChooseSpace(3)),
        IllegalActionError,
        ("only on a Twist space", "T-3.2"),
    ),
    "Twist: a lay-down of cards not held": (
        lambda t: twist.apply(
            t.twist_drawn, twist.parse_action("lay set:R9 R9 R9 | set:B10 B10 B10")
        ),
        IllegalActionError,
        ("missing: R9 R9 R9 B10 B10 B10",),
    ),
}

# Wrong Python types refused at a compiled function's call by mypyc: type checked only.
_COMPILED_CALL = {
    "None where a state belongs (apply)": PURE_ENGINE,
    "None where a state belongs (legal_actions)": PURE_ENGINE,
}


def _snapshot(t: Table) -> tuple[str, ...]:
    cards = (to_json(s) for s in (t.drawing, t.playing, t.laid, t.masters))
    return (*cards, dice.to_json(t.dice_rolled), twist.to_json(t.twist_drawn))


@pytest.mark.parametrize("name", list(CASES))
def test_a_refusal_says_what_and_why(table: Table, name: str) -> None:
    call, kind, fragments = CASES[name]
    before = _snapshot(table)
    with pytest.raises(kind) as caught:
        call(table)
    assert type(caught.value) is kind or kind is not TypeError  # no subclass leaks as TypeError
    message = str(caught.value)
    assert len(message) < 600, message  # quoted inputs are cut, never dumped
    if _COMPILED_CALL.get(name, True):
        for fragment in fragments:
            assert fragment in message, f"{fragment!r} not in {message!r}"
    assert _snapshot(table) == before  # the states given are untouched


def test_illegal_action_reasons_stay_machine_readable(table: Table) -> None:
    """The words changed, not the codes a program switches on."""
    cases = {
        "R-5 lay-down of cards not held": IllegalReason.CARD_NOT_IN_HAND,
        "hit on a group index past the seat's groups": IllegalReason.NO_SUCH_MELD,
        "R-13.2 next hand mid-hand": IllegalReason.WRONG_STAGE,
        "D-2.1 a card-game action in the dice game": IllegalReason.UNKNOWN_ACTION,
        "R-9.1 a target for a card that is no Skip": IllegalReason.TARGET_NOT_NEEDED,
    }
    for name, reason in cases.items():
        with pytest.raises(IllegalActionError) as caught:
            CASES[name][0](table)
        assert caught.value.reason is reason, name


# --------------------------------------------------------------------------- legal now
# A refusal of the wrong kind of move for the moment (R-4.7: draw first, lay down before
# hitting, discard last) ends with what is legal instead, by kind of move.


@attrs.frozen
class Moments:
    """States at the edges of a hand and a game (all immutable)."""

    hand_over: GameState  # standard, two seats: the first hand just scored
    game_over: GameState  # to-phase-1, two seats, played out
    deal_up: GameState  # V-12: the dealer of three seats to place an upturned W
    dice_over: dice.DiceState


def _greedy_until(state: GameState, stop: Callable[[GameState], bool]) -> GameState:
    bots = [GreedyBot() for _ in state.players]
    while not stop(state):
        seat = state.current_player
        assert seat is not None
        state = apply(state, bots[seat].choose(player_view(state, seat), legal_actions(state)))
    return state


@pytest.fixture(scope="module")
def moments() -> Moments:
    deal_up = new_game(3, "dealer-places-upturned", seed=0)
    assert deal_up.stage is Stage.DEAL_UP
    assert deal_up.top_discard == Card.parse("W")
    return Moments(
        hand_over=_greedy_until(new_game(2, seed=1), lambda s: s.stage is Stage.HAND_OVER),
        game_over=play_game(new_game(2, "to-phase-1", seed=1), [GreedyBot(), GreedyBot()]),
        deal_up=deal_up,
        dice_over=dice.play_game(
            dice.new_game(["Ann", "Bob"], seed=7), [dice.RandomBot(), dice.RandomBot()]
        ),
    )


Refusal = tuple[Callable[[Table, Moments], object], IllegalReason, str]

LEGAL_NOW: dict[str, Refusal] = {
    "R-4.2 a discard before the draw": (
        lambda t, m: apply(t.drawing, Discard(t.drawing.players[1].hand[0])),
        IllegalReason.WRONG_STAGE,
        "draw a card first (R-4.2); "
        "legal now: draw from the draw pile or take Y4 from the discard pile",
    ),
    "R-4.2 a second draw": (
        lambda t, m: apply(t.playing, DrawStock()),
        IllegalReason.WRONG_STAGE,
        "you have already drawn this turn; legal now: lay down phase 1 or discard",
    ),
    "R-4.2 taking the discard after the draw": (
        lambda t, m: apply(t.playing, phase10.TakeDiscard()),
        IllegalReason.WRONG_STAGE,
        "you have already drawn this turn; legal now: lay down phase 1 or discard",
    ),
    "R-9.4 taking a Skip from the discard pile": (
        lambda t, m: apply(new_game(3, seed=40), phase10.TakeDiscard()),  # a Skip turned up
        IllegalReason.SKIP_NOT_TAKEABLE,
        "(R-9.4); legal now: draw from the draw pile",
    ),
    "R-6.2 a hit before the lay-down": (
        lambda t, m: apply(t.playing, Hit(t.playing.players[1].hand[0], 0, 0)),
        IllegalReason.PHASE_NOT_LAID_DOWN,
        "lay down your own phase before hitting (R-6.2); legal now: lay down phase 1 or discard",
    ),
    "R-5.2 a second lay-down": (
        lambda t, m: apply(t.laid, parse_action("lay set:R1 R1 R1 | set:R2 R2 R2")),
        IllegalReason.ALREADY_LAID_DOWN,
        "you may lay down only one phase per hand (R-5.2); legal now: hit or discard",
    ),
    "R-13.2 the next hand mid-hand": (
        lambda t, m: apply(t.drawing, NextHand()),
        IllegalReason.WRONG_STAGE,
        "(R-13.2); legal now: draw from the draw pile or take Y4 from the discard pile",
    ),
    "R-13.2 a draw once the hand is over": (
        lambda t, m: apply(m.hand_over, DrawStock()),
        IllegalReason.WRONG_STAGE,
        "the hand is over; legal now: deal the next hand",
    ),
    "R-15.1 a move once the game is over": (
        lambda t, m: apply(m.game_over, DrawStock()),
        IllegalReason.GAME_OVER,
        "the game is over; no action is legal now",
    ),
    "V-1.4 a draw before choosing the phase": (
        lambda t, m: apply(t.masters, DrawStock()),
        IllegalReason.WRONG_STAGE,
        "(V-1.4); legal now: choose phase 1-10",
    ),
    "V-12 a draw before the upturned Wild is placed": (
        lambda t, m: apply(m.deal_up, DrawStock()),
        IllegalReason.WRONG_STAGE,
        "(V-12); legal now: give the upturned W to seat 0, 1 or 2",
    ),
    "V-1.6 a save without a Save pile": (
        lambda t, m: apply(t.playing, Save(t.playing.players[1].hand[0])),
        IllegalReason.NOT_ALLOWED_BY_RULES,
        "these rules have no Save pile; legal now: lay down phase 1 or discard",
    ),
    "T-4.1 a Twist discard before the draw": (
        lambda t, m: twist.apply(
            twist.new_game(["Ann", "Bob"], seed=7),
            twist.DiscardOnto(t.twist_drawn.players[1].hand[0], 0),
        ),
        IllegalReason.WRONG_STAGE,
        "draw a card first (T-4.1); legal now: draw from the draw pile "
        "or take from a discard pile (0: Y7, 1: B11, 2: R7)",
    ),
    "R-6.2 a Twist hit before the lay-down": (
        lambda t, m: twist.apply(t.twist_drawn, Hit(t.twist_drawn.players[1].hand[0], 0, 0)),
        IllegalReason.PHASE_NOT_LAID_DOWN,
        "(R-6.2); legal now: discard onto a pile",
    ),
    "D-6 a dice move once the game is over": (
        lambda t, m: dice.apply(m.dice_over, dice.Roll()),
        IllegalReason.GAME_OVER,
        "the game is over; no action is legal now",
    ),
}


@pytest.mark.parametrize("name", list(LEGAL_NOW))
def test_r4_7_a_move_of_the_wrong_kind_is_told_what_is_legal_now(
    table: Table, moments: Moments, name: str
) -> None:
    call, reason, ending = LEGAL_NOW[name]
    before = (_snapshot(table), to_json(moments.hand_over), to_json(moments.deal_up))
    with pytest.raises(IllegalActionError) as caught:
        call(table, moments)
    message = caught.value.message
    assert caught.value.reason is reason  # the code a program switches on is unchanged
    assert message.endswith(ending), message
    assert len(message) < 200, message  # by kind of move, never the whole listing
    assert caught.value.__context__ is None  # one error in a traceback, not a chain
    after = (_snapshot(table), to_json(moments.hand_over), to_json(moments.deal_up))
    assert after == before


_NAMED: dict[type, str] = {
    DrawStock: "draw from the draw pile",
    phase10.TakeDiscard: "from the discard pile",
    phase10.TakeSaved: "take back a saved card",
    LayDown: "lay down",
    phase10.LayGroup: "lay down",
    Hit: "hit",
    phase10.SwapWild: "swap",
    Discard: "discard",
    Save: "save",
    NextHand: "deal the next hand",
    ChoosePhase: "choose phase",
    GiveCard: "seat",
}
"""A word the listing of each kind of move gives."""

_WRONG_MOMENT = (IllegalReason.WRONG_STAGE, IllegalReason.GAME_OVER)


@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 150),
    variant=st.sampled_from(
        ["standard", "masters", "dealer-places-upturned", "floating", "movable-wilds"]
    ),
)
def test_r4_7_a_refusal_of_the_moment_names_every_kind_legal_then(
    seed: int, steps: int, variant: str
) -> None:
    """Whatever the moment of the game, a move made at the wrong one is told each kind of
    move legal then, in a message that stays short (R-4.7, R-13.2, V-1.4, V-12)."""
    rng = random.Random(seed)
    state = new_game(3, variant, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    legal = legal_actions(state)
    for probe in (DrawStock(), Discard(Card.parse("R1")), NextHand(), ChoosePhase(1), GiveCard(0)):
        error = check(state, probe)
        if error is None or error.reason not in _WRONG_MOMENT:
            continue
        assert len(error.message) < 200, error.message
        if not legal:
            assert error.message.endswith("; no action is legal now"), error.message
            continue
        assert "; legal now: " in error.message, error.message
        listing = error.message.split("; legal now: ", 1)[1]
        for action in legal:
            assert _NAMED[type(action)] in listing, (action, error.message)


def test_sample_state_of_a_full_state_names_player_view(table: Table) -> None:
    with pytest.raises(TypeError) as caught:
        sample_state(table.drawing, random.Random(1))  # type: ignore[arg-type]
    if PURE_SAMPLING:
        assert "sample_state takes a PlayerView (player_view(state, seat))" in str(caught.value)


def test_a_hand_built_meld_without_anchor_points_to_make() -> None:
    """Meld(...) keeps the anchor as given: a bot that leaves it out is told of make()."""
    for requirement, cards in ((SetOf(3), "G8 G8 W"), (RunOf(4), "R1 R2 R3 R4")):
        meld = Meld(requirement, parse_cards(cards))
        why = meld.problem()
        assert why is not None
        assert f"{requirement!r}.make(cards) works it out" in why
        assert requirement.make(cards).problem() is None


def test_rl_refusals_name_the_index_and_the_names_there_are(table: Table) -> None:
    rl = pytest.importorskip("phase10.rl")
    codec = rl.ActionCodec("standard")
    card = table.drawing.players[1].hand[0]
    index = codec.encode(Discard(card))
    with pytest.raises(IllegalActionError) as caught:
        codec.decode(table.drawing, index)
    assert str(caught.value) == (
        f"index {index} (discard {card}) is not legal: draw a card first (R-4.2); legal now: "
        f"draw from the draw pile or take {table.drawing.top_discard} from the discard pile"
    )
    assert caught.value.reason is IllegalReason.WRONG_STAGE
    with pytest.raises(KeyError, match=r"no section named 'nope'.*discard"):
        codec.block_of("nope")
    with pytest.raises(KeyError, match=r"no block named 'nope'.*hand"):
        rl.ObservationEncoder("standard").block("nope")
    aec = rl.env(players=3)
    aec.reset(seed=1)
    with pytest.raises(KeyError, match="no agent named 'player_9'"):
        aec.observe("player_9")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "--seed", "x"], "argument --seed: not a whole number: 'x'"),
        (["play", "--seed", "-3"], "argument --seed: must not be negative, not -3"),
        (["play", "--variant", "mastrs"], "did you mean 'masters'?"),
    ],
)
def test_cli_arguments_are_refused_in_words(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status = main(argv)
    captured = capsys.readouterr()
    assert status != 0
    assert captured.out == ""
    assert message in captured.err


@pytest.mark.parametrize("name", ["can_complete", "find_completions", "iter_completions"])
def test_r5_a_phase_number_given_for_a_phase_is_refused_with_the_fix(name: str) -> None:
    """The solver's functions take a Phase: a phase number gets a TypeError saying how to
    get one, not an AttributeError from inside."""
    function = getattr(phase10, name)
    hand = parse_cards("R1 R1 R1 R2 R2 R2")
    with pytest.raises(TypeError) as caught:
        list(function(hand, 1))
    if solver.__file__.endswith(".py"):  # a compiled build refuses at the call, in its words
        assert "takes a Phase" in str(caught.value)
        assert "rules.phase(1)" in str(caught.value)


def test_a_table_of_one_is_refused_in_the_singular() -> None:
    """Two to six players (RULES.md A.2, the default rule set); the refusal of one reads as
    English."""
    with pytest.raises(InvalidRulesError, match="1 player cannot play; these rules allow 2 to 6"):
        new_game(1)


def test_a_table_size_beyond_reason_is_not_read_as_a_count_of_players() -> None:
    """A number too long to show is described, and the description is not followed by
    "players" ("a whole number with more than 19 digits players cannot play")."""
    with pytest.raises(InvalidRulesError) as caught:
        new_game(10**30)
    message = str(caught.value)
    assert "more than 19 digits is not a table size; these rules allow 2 to 6 players" in message
    assert "digits players" not in message


def test_a_deck_order_refused_names_what_is_extra_and_missing() -> None:
    """R-1.1: a caller's deck order must be the rules' deck; the refusal says how it differs,
    at most ten cards a side, so a server may send it back as it is."""
    deck = list(standard_deck())
    with pytest.raises(IllegalActionError) as refused:
        new_game(2, deck=[*deck[:-1], deck[0]])
    assert refused.value.reason is IllegalReason.BAD_DECK
    assert "(108 cards given, 108 expected; extra: " in str(refused.value)
    assert f"missing: {deck[-1]})" in str(refused.value)
    with pytest.raises(IllegalActionError) as refused:
        new_game(2, deck=deck * 3)
    assert "324 cards given, 108 expected; extra: " in str(refused.value)
    assert str(refused.value).endswith(" and 206 more)")
