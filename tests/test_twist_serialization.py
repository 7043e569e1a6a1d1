"""JSON for Phase 10 Twist: round trips, and strict reading with the path of every fault."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from phase10 import InvalidDataError, SetOf, parse_cards, standard_deck
from phase10.twist import (
    Board,
    GreedyBot,
    TakePile,
    TwistRecord,
    TwistRules,
    apply,
    from_json,
    new_game,
    play_game,
    player_view,
    spectator_view,
    to_json,
    with_card,
)
from phase10.twist.serialization import load_record, save_record, to_data
from phase10.twist.twist_cards import TWIST_CARDS


def _edit(text: str, change: object) -> str:
    data = json.loads(text)
    assert callable(change)
    change(data)
    return json.dumps(data)


def _rejected(text: str, path: str, words: str) -> None:
    with pytest.raises(InvalidDataError) as info:
        from_json(text)
    assert info.value.path == path, info.value
    assert words in info.value.message, info.value


def test_states_views_rules_and_records_round_trip(tmp_path: Path) -> None:
    rules = TwistRules(
        board=Board.parse("1 2 T 3 4"),
        twist_cards=with_card(TWIST_CARDS, 3, SetOf(6), SetOf(3)),
        tiebreak="shared",
        spec="house",
    )
    state = apply(new_game(["Ann", "Bob", "Cy"], seed=11, rules=rules), TakePile(1))
    for value in (state, rules, player_view(state, 0), spectator_view(state)):
        assert from_json(to_json(value)) == value
        assert from_json(to_json(value, indent=None)) == value
    data = to_data(rules)
    assert data["board"] == "1 2 T 3 4"
    assert data["spec"] == "house"
    assert "phases" not in data  # only the options that differ from TwistRules()
    record = TwistRecord.start(3, seed=4, rules="short-board")
    actions: list[object] = []
    final = play_game(
        record.initial_state(),
        [GreedyBot() for _ in range(3)],
        on_action=lambda before, action, after: actions.append(action),
    )
    record = record.extend(actions)  # type: ignore[arg-type]
    path = tmp_path / "twist.json"
    save_record(record, path)
    loaded = load_record(path)
    assert loaded == record
    assert loaded.final_state() == final
    assert from_json(to_json(final)) == final


def test_a_record_keeps_the_orders_it_was_given() -> None:
    deck = tuple(reversed(standard_deck()))
    record = TwistRecord.start(2, seed=3, deck=deck, twist_deck=range(9, -1, -1))
    first = record.initial_state()
    assert first.twist_deck == tuple(range(9, -1, -1))
    assert first.players[1].hand == tuple(sorted(deck[0:20:2]))
    assert from_json(to_json(record)) == record
    bad = json.loads(to_json(record))
    bad["twist_deck"] = [0, 1]
    _rejected(json.dumps(bad), "$.twist_deck", "Twist deck")


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (lambda d: d["players"][0].update(position=99), "$.players[0].position", "no space 99"),
        (lambda d: d.update(dealer=5), "$.dealer", "no seat 5"),
        (lambda d: d.update(current_player=None), "$.current_player", "exactly while"),
        (lambda d: d.update(twist_deck=[0, 0, 1, 2, 3, 4, 5, 6, 7, 8]), "$.twist_deck", "once"),
        (lambda d: d.update(stock=d["stock"][3:]), "$", "exactly the rules'"),
        (lambda d: d["players"][0].update(hand="R12 R1"), "$.players[0].hand", "card order"),
        (lambda d: d["rules"].update(colour="x"), "$.rules.colour", "unknown rule option"),
        (lambda d: d["rules"].update(board="1 T T 2"), "$.rules.board", "touch"),
        (lambda d: d.update(discard_piles=["", "R1", "B1"]), "$.discard_piles", "is empty"),
        (
            lambda d: d["players"][0].update(
                melds=[{"kind": "set", "size": 3, "cards": "R1 R1 W", "number": 1}]
            ),
            "$.players[0].melds",
            "once laid down",
        ),
        (lambda d: d.update(winners=[0]), "$.winners", "only a finished game"),
        (lambda d: d.update(set_aside="R1"), "$.set_aside", "only Skips"),
    ],
)
def test_a_document_that_no_game_could_hold_is_refused_at_its_path(
    change: object, path: str, words: str
) -> None:
    state = new_game(["Ann", "Bob"], seed=5)
    text = to_json(state)
    assert from_json(text) == state
    _rejected(_edit(text, change), path, words)


def test_documents_of_other_kinds_and_games_are_refused() -> None:
    state = new_game(2, seed=1)
    with pytest.raises(InvalidDataError, match="expected a twist-rules document"):
        from_json(to_json(state), "twist-rules")
    import phase10

    with pytest.raises(InvalidDataError, match="expected a type of twist-state"):
        from_json(phase10.to_json(phase10.new_game(2, seed=1)))
    with pytest.raises(InvalidDataError):
        from_json("{not json")


def test_groups_on_the_table_must_make_the_players_phase() -> None:
    state = new_game(["Ann", "Bob"], seed=5)
    data = json.loads(to_json(state))
    hand = parse_cards(data["players"][1]["hand"])
    data["players"][1].update(
        hand=" ".join(map(str, hand[7:])),
        laid_down=True,
        melds=[{"kind": "color", "size": 7, "cards": " ".join(map(str, hand[:7])), "color": "R"}],
    )
    _rejected(json.dumps(data), "$.players[1].melds", "not the player's phase")
