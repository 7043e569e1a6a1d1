"""What a game server relies on when it reads untrusted input and writes to the wire
(issue 9, docs/server.rst): each test pins down a defect found by reading the server page
and probing an installed copy the way a server would.
"""

from __future__ import annotations

import json
import random
import re
import runpy
import time
from collections import Counter
from pathlib import Path

import pytest

from phase10 import (
    Action,
    AltColorRunOf,
    ColorParityRunOf,
    DeckSpec,
    Discard,
    DrawStock,
    GameRecord,
    GameState,
    GreedyBot,
    IllegalActionError,
    IllegalReason,
    InvalidDataError,
    InvalidRulesError,
    LayDown,
    LayGroup,
    NextHand,
    ParityOf,
    Phase,
    RandomBot,
    Rules,
    RunOf,
    SetOf,
    Stage,
    apply,
    can_complete,
    check,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
    play_game,
    player_view,
    standard_deck,
    to_json,
    variants,
    views,
)
from phase10.serialization import from_data

COMPILED_VIEWS = not views.__file__.endswith(".py")
"""Whether ``phase10.views`` is the compiled build's (mypyc) module."""


def test_issue9_a_phase_of_many_groups_is_read_in_linear_time() -> None:
    """A rules document from a client may name a phase of tens of thousands of groups;
    ordering them for the fast completion check was quadratic (30,000 groups took 9 s,
    100,000 took 74 s) before the deck-size check (R-1.6) could refuse the phase."""
    began = time.perf_counter()
    phase = Phase(1, (SetOf(3), RunOf(4)) * 15_000)
    assert time.perf_counter() - began < 3
    assert len(phase.requirements) == 30_000
    document = {
        "schema": 1,
        "type": "rules",
        "spec": "standard",
        "phases": [{"number": 1, "requirements": [{"kind": "set", "size": 3}] * 30_000}],
    }
    began = time.perf_counter()
    with pytest.raises(InvalidDataError, match="more cards than the deck holds"):
        from_data(document, "rules")
    assert time.perf_counter() - began < 5


def test_issue9_a_refused_variant_spec_is_quoted_short() -> None:
    """A client choosing a variant may send any text; the error quoted all of it (a 1 MB
    spec gave a 1 MB message to send back), where every other error quotes 40 characters."""
    spec = "k" * 100_000
    for call in (
        lambda: variants.resolve(spec),
        lambda: variants.resolve("standard+" + spec),
        lambda: variants.resolve(spec + "++standard"),
        lambda: variants.get(spec),
        lambda: new_game(2, spec),
        lambda: GameRecord.start(2, spec, seed=1),
    ):
        with pytest.raises(InvalidRulesError) as info:
            call()
        assert len(info.value.message) < 1000
        assert "characters)" in info.value.message
    with pytest.raises(InvalidRulesError, match="no variant named 'nope'"):
        variants.get("nope")


@pytest.mark.parametrize("seat", [True, False])
def test_r3_8_player_view_refuses_a_bool_seat_as_seat_update_does(seat: bool) -> None:
    """``player_view(state, True)`` gave a view of seat 1 whose ``seat`` was ``True``:
    ``to_json`` of it raised a bare TypeError, where ``seat_update`` refuses a bool."""
    state = new_game(3, seed=4)
    if COMPILED_VIEWS:  # mypyc makes a bool argument a plain int at the call
        view = player_view(state, seat)
        assert type(view.seat) is int
        assert view.seat == int(seat)
        assert to_json(view)
    else:
        with pytest.raises(InvalidDataError, match=f"no seat {seat}"):
            player_view(state, seat)
    assert to_json(player_view(state, int(seat)))


def test_r5_a_phase_of_many_one_card_groups_is_judged_in_bounded_time() -> None:
    """R-5 (any phase a rules document may name): the yes/no search tried every draft of
    every group in every order, so a phase of six one-card alternating-colour runs took
    seconds per ``legal_actions`` (minutes with more Wilds) and a client's
    rules document could stall the server; drafts that take the same cards are tried
    once and hopeless positions remembered."""
    rules = Rules(hand_size=12, phases=(Phase(1, (AltColorRunOf(1),) * 6),))
    began = time.perf_counter()
    for seed in range(4):
        state = apply(new_game(2, rules, seed=seed), DrawStock())
        actions = legal_actions(state)
        assert any(isinstance(action, (LayDown, LayGroup)) for action in actions)
    assert time.perf_counter() - began < 3
    hand = parse_cards("W W W R1 B3")  # four one-card groups from five cards
    assert can_complete(hand, Phase(1, (AltColorRunOf(1),) * 4), rules)
    assert not can_complete(hand[:3], Phase(1, (AltColorRunOf(1),) * 4), rules)


def test_r5_a_phase_of_mixed_small_groups_is_judged_larger_groups_first() -> None:
    """R-5: the same search took the groups in the phase's order, so the one-card groups
    at the front multiplied the work of every hopeless position: this phase of seven mixed
    groups took 25 s over 60 deals (5 s for one ``legal_actions``); the larger groups,
    with fewer drafts, now go first."""
    rules = Rules(
        hand_size=12,
        deck=DeckSpec(wilds=30),
        natural_card_scope="phase",
        phases=(
            Phase(
                1,
                (
                    ColorParityRunOf(1),
                    AltColorRunOf(2),
                    AltColorRunOf(1),
                    SetOf(1),
                    AltColorRunOf(1),
                    ColorParityRunOf(3),
                    ParityOf(3),
                ),
            ),
        ),
    )
    began = time.perf_counter()
    for seed in range(30):
        state = new_game(2, rules, seed=seed)
        if state.stage is Stage.DRAW:
            assert legal_actions(apply(state, DrawStock()))
    assert time.perf_counter() - began < 3


EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "server_loop.py"


@pytest.mark.parametrize("spec", ["to-phase-1", "teams+to-phase-2"])
def test_r3_8_the_server_example_refuses_hostile_clients_and_replays_its_record(
    spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """examples/server_loop.py shows what a server meets: a move out of turn, garbage, a
    huge message, JSON that is not a move, a card the seat does not hold (R-4.5), a move
    after the game; each is refused with a reason, the state untouched; the game is stored
    between hands and its record replays to the same end. A teams game seats four (it
    stopped with a traceback: the example seated three whatever the rules)."""
    module = runpy.run_path(str(EXAMPLE))
    final = module["run"](spec, 3, False)
    out = capsys.readouterr().out
    assert final.is_over
    assert len(final.players) == max(3, final.rules.min_players)
    for reason in ("not_your_turn", "unreadable", "too_long", "card_not_in_hand"):
        assert f": {reason}: " in out
    assert "'@99' at 12: target is a seat number from 0 to 11, not 99" in out
    assert "(300,008 characters)': too_long" in out  # the log quotes a huge message short
    assert "replays to the same end: True" in out


def finished_game() -> GameState:
    return play_game(new_game(["Ann", "Bob", "Cy"], "to-phase-1", seed=5), [GreedyBot()] * 3)


@pytest.mark.parametrize("text", ["draw", "take", "discard R1", "next", "choose 2"])
def test_r15_1_every_move_after_the_game_is_refused_as_game_over(text: str) -> None:
    """A client that sends a move after the game ended gets a typed refusal, whatever the
    move; nobody is to act, so a server's seat check refuses it first."""
    final = finished_game()
    stored = to_json(final)
    assert final.current_player is None
    problem = check(final, parse_action(text))
    assert problem is not None
    assert problem.reason is IllegalReason.GAME_OVER
    assert problem.message == "the game is over; no action is legal now"
    with pytest.raises(IllegalActionError, match="the game is over"):
        apply(final, parse_action(text))
    assert to_json(final) == stored


@pytest.mark.parametrize("message", ['{"discard": "R1"}', "12", "null", '["draw"]', "true"])
def test_a_json_message_that_is_not_a_string_of_notation_is_refused(message: str) -> None:
    """A client speaking JSON sends the notation as a JSON string (the "action" schema);
    whatever else it decodes to is refused by parse_action with InvalidDataError, which
    names the type it got, never a bare TypeError."""
    with pytest.raises(InvalidDataError, match="an action is written as text, not "):
        parse_action(json.loads(message))
    assert parse_action(json.loads('"discard R1"')) == Discard("R1")


def test_a_move_naming_cards_the_seat_does_not_hold_names_them() -> None:
    """R-4.5: a refusal of the right kind of move with the wrong cards says which are
    missing, and leaves the state as it was."""
    state = apply(new_game(["Ann", "Bob", "Cy"], seed=5), DrawStock())
    stored = to_json(state)
    missing = next(
        f"{colour}{number}"
        for colour in "RBGY"
        for number in range(1, 13)
        if parse_cards(f"{colour}{number}")[0] not in state.players[1].hand
    )
    problem = check(state, parse_action(f"discard {missing}"))
    assert problem is not None
    assert problem.reason is IllegalReason.CARD_NOT_IN_HAND
    assert problem.message == f"you do not hold {missing}"
    with pytest.raises(IllegalActionError, match="you do not hold all of those cards"):
        apply(state, parse_action(f"lay set:{missing} {missing} {missing} | set:B2 B2 B2"))
    assert to_json(state) == stored


def test_v1_6_a_masters_game_dealt_with_the_servers_own_shuffle_replays() -> None:
    """V-1.6: a server dealing Masters hands itself deals the rules' deck less the cards
    on Save piles (the recipe of docs/server.rst); a deck still holding a saved card is
    refused, and the record of the game rebuilds it exactly."""
    rng = random.Random(1)
    state = new_game(3, "masters", seed=2)
    record = GameRecord.start(3, "masters", seed=2)
    refused = False
    while state.hand_number < 4:
        if state.stage is Stage.HAND_OVER:
            deck = list(standard_deck(state.rules))
            saved = [card for player in state.players for card in player.saved]
            if saved and not refused:
                problem = check(state, NextHand(deck=deck))
                assert problem is not None
                assert problem.reason is IllegalReason.BAD_DECK
                refused = True
            for card in saved:
                deck.remove(card)
            rng.shuffle(deck)
            action: Action = NextHand(deck=deck)
        else:
            action = rng.choice(legal_actions(state))
        state = apply(state, action)
        record = record.append(action)
    assert refused
    assert record.final_state() == state


def test_a_refusal_of_a_huge_lay_down_is_short() -> None:
    """docs/server.rst, input limits: error messages quote at most 40 characters of the
    refused input, so a server may send a refusal back as it is."""
    state = apply(new_game(3, seed=5), DrawStock())
    action = parse_action("lay set:" + " ".join(["R1"] * 80_000))
    problem = check(state, action)
    assert problem is not None
    assert problem.reason is IllegalReason.CARD_NOT_IN_HAND
    assert len(problem.message) < 1000
    assert re.search(r"missing: (R1 ){9}R1 and \d{5} more\)", problem.message)


def test_next_deck_leaves_the_saved_cards_out_and_is_what_the_engine_deals() -> None:
    """V-1.6: the cards on Save piles stay out of the next deal; ``next_deck`` is that deck,
    the one the engine deals from, and a server's shuffle of it is accepted."""
    state = new_game(3, "masters", seed=1)
    bots = [RandomBot(10 + seat) for seat in range(3)]
    while not (state.stage is Stage.HAND_OVER and any(p.saved for p in state.players)):
        if state.stage is Stage.HAND_OVER:
            state = apply(state, NextHand())
            continue
        seat = state.current_player
        assert seat is not None
        state = apply(state, bots[seat].choose(player_view(state, seat), legal_actions(state)))
    saved = Counter(card for player in state.players for card in player.saved)
    deck = state.next_deck()
    assert Counter(deck) + saved == Counter(standard_deck(state.rules))
    dealt = apply(state, NextHand())
    in_play = [*dealt.stock, *dealt.discard_pile, *(c for p in dealt.players for c in p.hand)]
    assert Counter(in_play) == Counter(deck)
    shuffled = list(reversed(deck))
    assert Counter(apply(state, NextHand(deck=shuffled)).stock) <= Counter(deck)
    with pytest.raises(IllegalActionError, match=r"next_deck\(\) \(106 cards given, 103"):
        apply(state, NextHand(deck=list(standard_deck(state.rules))))
