"""The loop Phase 10 Dice and Phase 10 Twist share (``phase10.family``) and the table checks
their documents share (``phase10.documents``): each behaves as the per-game code did."""

from __future__ import annotations

import pytest

from phase10 import InvalidDataError, InvalidRulesError, NextHand, dice, twist
from phase10.cli.common import person_table
from phase10.dice.bots import GAME as DICE
from phase10.documents import check_table
from phase10.family import SeededRandomBot, bot_of_kind
from phase10.twist.bots import GAME as TWIST


def test_play_counted_counts_every_action_the_loop_plays() -> None:
    seen: list[object] = []
    state = twist.new_game(2, seed=4)
    bots: list[twist.TwistBot] = [twist.GreedyBot(), twist.RandomBot(4)]
    final = TWIST.play(state, bots, on_action=lambda b, action, a: seen.append(action))
    again, count = TWIST.play_counted(state, [twist.GreedyBot(), twist.RandomBot(4)], 1_000_000)
    assert again == final
    assert count == len(seen)
    assert any(isinstance(action, NextHand) for action in seen)  # dealt between hands


def test_play_stops_after_max_actions_with_the_game_unfinished() -> None:
    state = dice.new_game(2, seed=1)
    final, count = DICE.play_counted(state, [dice.GreedyBot(), dice.GreedyBot()], 5)
    assert count == 5
    assert not final.is_over


def test_play_wants_one_bot_per_seat() -> None:
    with pytest.raises(ValueError, match="3 seats need 3 bots"):
        DICE.play(dice.new_game(3, seed=1), [dice.GreedyBot()])


def test_a_game_where_someone_always_moves_has_no_automatic_action() -> None:
    with pytest.raises(AssertionError):
        DICE.automatic(dice.new_game(2, seed=1))
    assert TWIST.automatic(twist.new_game(2, seed=1)) == NextHand()


def test_seeded_random_bots_repeat_their_choices() -> None:
    legal = list(range(10))
    first: SeededRandomBot[None, int] = SeededRandomBot(7)
    second: SeededRandomBot[None, int] = SeededRandomBot(7)
    picks = [first.choose(None, legal) for _ in range(20)]
    assert picks == [second.choose(None, legal) for _ in range(20)]
    assert set(picks) <= set(legal)
    assert len(set(picks)) > 1


def test_bot_of_kind_names_the_game_and_the_known_kinds() -> None:
    kinds = {"greedy": lambda seed: f"greedy {seed}", "random": lambda seed: f"random {seed}"}
    assert bot_of_kind(kinds, "dice", "random", 3) == "random 3"
    with pytest.raises(InvalidDataError, match=r"no Twist bot named 'x'; known: greedy, random"):
        bot_of_kind(kinds, "Twist", "x", 0)


def test_check_table_checks_the_count_then_each_seat_in_order() -> None:
    rules = twist.TwistRules()
    check_table(rules.check_players, 3, [("dealer", 2), ("current_player", None)])
    with pytest.raises(InvalidDataError) as error:
        check_table(rules.check_players, 3, [("dealer", 3), ("current_player", 5)])
    assert error.value.path == "$.dealer"
    assert "no seat 3 at a table of 3" in str(error.value)
    with pytest.raises(InvalidDataError) as error:
        check_table(rules.check_players, 1, [("dealer", 3)])
    assert error.value.path == "$.players"
    with pytest.raises(InvalidRulesError):
        rules.check_players(1)


def test_person_table_seats_the_person_among_named_bots() -> None:
    assert person_table(3, 1, "Zed") == ["Ann", "Zed", "Cy"]
    assert person_table(8, 0, "Zed")[-1] == "Bot 7"
    with pytest.raises(InvalidDataError, match=r"no seat 3 at a table of 3 \(seats 0-2\)"):
        person_table(3, 3, "Zed")
