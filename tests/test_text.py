"""phase10.text: short reprs, the table as text, and text that is safe to print."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import lay_downs_reached, stacked_deck
from phase10 import (
    DrawStock,
    GameState,
    RunOf,
    SetOf,
    apply,
    format_cards,
    legal_actions,
    new_game,
    player_view,
    spectator_view,
    variants,
)
from phase10.text import meld_text, printable, render, render_lines, render_moves, status, summary


def state() -> GameState:
    return new_game(["Ann", "Bob", "Cy"], seed=11)


def test_repr_of_a_state_is_one_short_line() -> None:
    """A state's repr names the rules, table, hand, turn and who acts, nothing hidden."""
    game = state()
    text = repr(game)
    assert text == "<GameState standard, 3 players, hand 1, turn 1: Bob to draw>"
    assert str(game.seed) not in text


def test_repr_of_a_view_names_its_seat() -> None:
    game = state()
    assert repr(player_view(game, 2)) == (
        "<PlayerView seat 2 (Cy), 3 players, hand 1, turn 1: Bob to draw>"
    )
    assert repr(spectator_view(game)).startswith("<PlayerView spectator, 3 players")


def test_str_of_a_view_is_its_table_with_its_own_hand_only() -> None:
    """R-3.8: the text of a view shows the viewing seat's hand and no other."""
    game = state()
    text = str(player_view(game, 0))
    assert text == render(player_view(game, 0))
    assert format_cards(game.players[0].hand) in text
    for seat in (1, 2):
        assert format_cards(game.players[seat].hand) not in text
    assert "[you, dealer]" in text
    assert "[to draw]" in text


def test_str_of_a_state_shows_every_hand() -> None:
    """A state holds everything, so its text does: every hand, for the program that owns it."""
    game = state()
    text = str(game)
    for player in game.players:
        assert f"hand: {format_cards(player.hand)}" in text
    assert "Your hand" not in text
    assert render_lines(game) == text.splitlines()


def test_status_follows_the_stage() -> None:
    game = state()
    assert status(spectator_view(game)) == "Bob to draw"
    game = apply(game, DrawStock())
    assert status(spectator_view(game)) == "Bob to play"


def test_groups_show_the_values_of_their_wilds() -> None:
    """R-7.1: in a run each Wild stands for its own number; in a set the number is plain."""
    assert meld_text(RunOf(4).make("W R4 R5 R6")) == "W=3 R4 R5 R6"
    assert meld_text(SetOf(3).make("B7 W W")) == "B7 W W"


def test_table_labels_groups_for_hit_moves() -> None:
    rules = variants.resolve("even-phases")  # the first phase is 1 set of 3 + 1 run of 4
    deck = stacked_deck({1: "R3 W R5 R6 B7 G7 W R1 R2 B1"}, "Y10", "Y11", rules)
    game = new_game(["Ann", "Bob"], rules, seed=1, deck=deck)
    game = apply(game, DrawStock())
    game = apply(game, lay_downs_reached(game)[0])  # a whole lay-down, in one action
    text = str(game)
    assert "1.0  " in text
    assert "1.1  " in text
    assert "W=4" in text


def test_moves_are_numbered_in_notation() -> None:
    game = state()
    lines = render_moves(player_view(game, 1), legal_actions(game))
    assert lines[0].split() == ["1.", "draw", "from", "the", "draw", "pile"]
    assert lines[1].split()[:2] == ["2.", "take"]


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Ann", "Ann"),
        ("Zoë 李", "Zoë 李"),
        ("\x1b[31mred", "\\x1b[31mred"),
        ("a\nb\tc\r", "a\\x0ab\\x09c\\x0d"),
        ("\x9b2J", "\\x9b2J"),
        ("evil\u202etxt", "evil\\u202etxt"),
        ("\ud800", "\\ud800"),
    ],
)
def test_printable_writes_control_characters_as_escapes(raw: str, shown: str) -> None:
    assert printable(raw) == shown


@given(st.text())
def test_printable_output_is_safe_to_print_and_to_put_in_xml(raw: str) -> None:
    text = printable(raw)
    assert all(ch.isprintable() or ch == " " or ord(ch) > 0x9F for ch in text)
    text.encode("utf-8")  # no lone surrogate is left
    assert not any(0xD800 <= ord(ch) <= 0xDFFF or ch in "\ufffe\uffff" for ch in text)


def test_names_in_the_table_are_printable() -> None:
    # new_game and from_json refuse such a name (limits.name_problem); a state built by
    # hand can still hold one, and the display must not pass the escape to a terminal.
    game = new_game(["Eve", "Bob"], seed=1)
    eve = attrs.evolve(game.players[0], name="Eve\x1b[2J")
    game = attrs.evolve(game, players=(eve, *game.players[1:]))
    text = str(game) + repr(game) + summary(player_view(game, 0))
    assert "\x1b" not in text
    assert "Eve\\x1b[2J" in text


def test_the_layer_sees_the_groups_under_way() -> None:
    """R-5.4: the groups set aside so far show in the layer's own table only."""
    rules = variants.resolve("standard")
    deck = stacked_deck({1: "R7 B7 G7 R9 B9 G9 Y9 R1 B2 G4"}, "Y10", "Y11", rules)
    game = apply(new_game(["Ann", "Bob"], rules, seed=1, deck=deck), DrawStock())
    group = next(a for a in legal_actions(game) if type(a).__name__ == "LayGroup")
    game = apply(game, group)
    assert "Laying down phase 1: R7 B7 G7" in render(player_view(game, 1))
    assert "Laying down" not in render(player_view(game, 0))
