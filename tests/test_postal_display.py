"""A-26 / V-10.2 / V-10.3: the text, the narration and the SVG show a Postal phase-number
card the way the rules treat it.

Under Postal a player on Phases 1-7 may use the cards of their phase number as Wilds
(V-10.2). By default such a card standing for its own number is natural; under
``postal_wilds_natural=False`` it never is (A-26), so it is shown as a Wild standing for
its number (``R3=3``), not as a natural card. A phase-number card standing for another
number is a Wild under every option, also in a set (``G3=7``).

The games have three players and ``dealer=0``: seat 1 plays first and is on Phase 3 (a set
of 4 and a run of 4), seat 2 on Phase 1 (its 1s are Wild).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from helpers import play, stacked_game, with_players
from phase10 import (
    Discard,
    DrawStock,
    GameState,
    Hit,
    LayDown,
    Meld,
    Rules,
    RunOf,
    SetOf,
    legal_actions,
    parse_cards,
    player_view,
    variants,
)
from phase10.cards import Card
from phase10.melds import End
from phase10.narration import describe
from phase10.svg import render as render_svg
from phase10.text import render, seat_meld_rules, seat_notes

SVG = "{http://www.w3.org/2000/svg}"

OPTIONS = {
    "default": {},
    "never natural": {"postal_wilds_natural": False},
    "not on others": {"postal_wilds_on_others": False},
}
"""The three Postal options of A-26 that change what a phase-number card is."""

LAY = LayDown(
    (
        Meld(SetOf(4), parse_cards("R3 B3 G3 W"), 3),
        Meld(RunOf(4), parse_cards("Y3 W R5 G3"), 3),
    )
)
"""Seat 1's Phase 3: a set of 3s and a run 3-6 whose last card is a 3 standing for 6."""

SET_TEXT = {
    "default": "R3 B3 G3 W",
    "never natural": "R3=3 B3=3 G3=3 W",
    "not on others": "R3 B3 G3 W",
}
RUN_TEXT = {
    "default": "Y3 W=4 R5 G3=6",
    "never natural": "Y3=3 W=4 R5 G3=6",
    "not on others": "Y3 W=4 R5 G3=6",
}


def _postal(option: str) -> Rules:
    return variants.resolve("postal").with_options(**OPTIONS[option])


def _laid(option: str) -> GameState:
    """Seat 1 (on Phase 3) has laid :data:`LAY` and holds B3 and two Skips."""
    hand = "R3 B3 G3 Y3 G3 W W R5 B3 S"
    state = stacked_game({1: hand}, "Y12", "S", _postal(option), players=3)
    state = with_players(state, s1={"completed": (1, 2)})
    state = play(state, DrawStock())
    return play(state, LAY)


def _card(text: str) -> Card:
    return parse_cards(text)[0]


@pytest.mark.parametrize("option", list(OPTIONS))
def test_v10_2_a26_text_shows_phase_number_cards_as_the_rules_treat_them(option: str) -> None:
    """V-10.2, A-26: the table's text labels every card played as a Wild, a phase-number
    card at its own number only when it never counts as natural."""
    state = _laid(option)
    text = render(player_view(state, 2))
    assert f"1.0  run 3-6: {RUN_TEXT[option]}" in text
    assert f"1.1  set of 3s: {SET_TEXT[option]}" in text


@pytest.mark.parametrize("option", list(OPTIONS))
def test_v10_2_a26_narration_of_the_lay_down(option: str) -> None:
    """V-10.2, A-26: the sentence for the lay-down shows the same labels as the table."""
    hand = "R3 B3 G3 Y3 G3 W W R5 B3 S"
    state = stacked_game({1: hand}, "Y12", "S", _postal(option), players=3)
    state = play(with_players(state, s1={"completed": (1, 2)}), DrawStock())
    sentence = describe(state, LAY)
    assert sentence.endswith(f"laid down phase 3: {RUN_TEXT[option]} | {SET_TEXT[option]}")


@pytest.mark.parametrize("option", list(OPTIONS))
def test_v10_2_a26_narration_of_a_hit_with_a_phase_number_card(option: str) -> None:
    """V-10.2, A-26: a phase-number card hit at its own number is "a Wild for 3" only when
    it never counts as natural; hit at the end of a run, standing for 7, it is one always."""
    state = _laid(option)
    on_set = Hit(_card("B3"), 1, 1)
    wild = " as a Wild for 3" if option == "never natural" else ""
    assert describe(state, on_set).endswith(f"hit B3{wild} on their own set of 3s")
    on_run = Hit(_card("B3"), 1, 0, End.HIGH)
    assert describe(state, on_run).endswith(
        "hit B3 as a Wild for 7 on their own run 3-6 (high end)"
    )


@pytest.mark.parametrize("option", list(OPTIONS))
def test_a26_narration_of_hits_on_other_players_groups(option: str) -> None:
    """A-26 ``postal_wilds_on_others``: another player's phase-number card (seat 2's 1s)
    hit on seat 1's run is a Wild there only while it keeps its power on others' groups."""
    state = play(_laid(option), Discard(_card("S"), target=0))
    # Seat 2, Phase 1 laid down, draws and hits R1 on the high end of seat 1's run 3-6.
    sets = (Meld(SetOf(3), parse_cards("R9 B9 G9"), 9), Meld(SetOf(3), parse_cards("R8 B8 G8"), 8))
    seat_2 = {"hand": parse_cards("R1 R10 R11 R12"), "melds": sets, "laid_down": True}
    state = with_players(state, s2=seat_2)
    state = play(state, DrawStock())
    hit = Hit(_card("R1"), 1, 0, End.HIGH)
    listed = hit in legal_actions(state)
    assert listed == (option != "not on others")
    if listed:
        assert describe(state, hit).endswith(
            "hit R1 as a Wild for 7 on Player 2's run 3-6 (high end)"
        )


def _meld_cards(picture: str, seat: int) -> list[tuple[str, str]]:
    """Each face-up card of ``seat``'s panel as (card, what its box says: ``=3`` or "")."""
    root = ET.fromstring(picture)
    panel = next(g for g in root.iter(f"{SVG}g") if g.get("data-seat") == str(seat))
    found = []
    for card in panel.iter(f"{SVG}g"):
        if card.get("class") != "card":
            continue
        words = [t.text or "" for t in card.iter(f"{SVG}text")]
        found.append((card.get("data-card", ""), next((w for w in words if "=" in w), "")))
    return found


@pytest.mark.parametrize("option", list(OPTIONS))
def test_v10_2_a26_svg_shows_phase_number_cards_as_the_rules_treat_them(option: str) -> None:
    """V-10.2, A-26: in the picture a card played as a Wild carries its value in a box, a
    phase-number card at its own number only when it never counts as natural."""
    state = _laid(option)
    cards = _meld_cards(render_svg(player_view(state, 2)), 1)
    expected = []
    for words in (RUN_TEXT[option], SET_TEXT[option]):
        for part in words.split():
            card, _, value = part.partition("=")
            if card == "W" and not value:
                value = "3"  # the picture labels every Wild, sets' too
            expected.append((card, f"={value}" if value else ""))
    assert cards == expected


def test_v10_2_seat_meld_rules_follow_the_seats_phase() -> None:
    """V-10.2: a seat's personal Wilds are its phase's number on Phases 1-7, none after;
    A-26 ``postal_wilds_natural`` is carried over; without Postal there are none."""
    state = _laid("never natural")
    view = player_view(state, 0)
    assert seat_meld_rules(view, 1).wild_numbers == {3}
    assert seat_meld_rules(view, 1).wild_numbers_natural is False
    assert seat_meld_rules(view, 2).wild_numbers == {1}
    late = with_players(state, s2={"completed": tuple(range(1, 8))})
    assert seat_meld_rules(player_view(late, 0), 2).wild_numbers == frozenset()
    plain = player_view(stacked_game({}, "Y12", "", Rules(), players=3), 0)
    assert seat_meld_rules(plain, 1) == Rules().meld_rules


@pytest.mark.parametrize("option", list(OPTIONS))
def test_v10_2_a26_each_seat_line_names_its_phase_number_wilds(option: str) -> None:
    """V-10.2: every seat's line (text and picture) says which cards are its Wilds, A-26:
    and that they never count as natural when so; none past Phase 7."""
    state = with_players(_laid(option), s0={"completed": tuple(range(1, 8))})
    view = player_view(state, 2)
    strict = ", never natural" if option == "never natural" else ""
    assert seat_notes(view, 1) == [f"3s Wild{strict}"]
    assert seat_notes(view, 2) == [f"1s Wild{strict}"]
    assert seat_notes(view, 0) == []
    lines = render(view).splitlines()
    assert lines[2].endswith(f"[to play, 3s Wild{strict}]")
    assert f"3s Wild{strict}" in render_svg(view)
