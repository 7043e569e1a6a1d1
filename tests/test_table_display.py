"""What the text table and the SVG picture say about each seat between hands and at the end.

Found by playing through the documentation as a newcomer: once a hand is over, the
engine has already moved each seat's target to its next phase (R-12.1), so the table
used to say "phase 2 laid down" of a seat that had laid down phase 1, and "phase None
laid down" of the winner.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from phase10 import (
    GameState,
    GreedyBot,
    RandomBot,
    Stage,
    apply,
    legal_actions,
    new_game,
    parse_cards,
    play_game,
    player_view,
)
from phase10.state import replace
from phase10.svg import render
from phase10.text import render_lines

SVG = "{http://www.w3.org/2000/svg}"


def first_hand_over() -> GameState:
    """The quick start's first hand (seed 7), played by always taking the first legal move:
    all three seats lay down phase 1 and complete it (R-12.1)."""
    state = new_game(["Ann", "Bob", "Cy"], seed=7)
    while state.stage is not Stage.HAND_OVER:
        state = apply(state, legal_actions(state)[0])
    assert [p.completed for p in state.players] == [(1,), (1,), (1,)]
    return state


def test_r12_1_text_table_names_the_phase_laid_down_in_the_hand_just_over() -> None:
    state = first_hand_over()
    lines = render_lines(player_view(state, 0))
    seats = [line for line in lines if re.match(r"  \d  ", line)]
    assert len(seats) == 3
    for line in seats:
        assert "phase 1 laid down" in line, line
        assert "phase 2 laid down" not in line


def test_r12_1_picture_names_the_phase_laid_down_in_the_hand_just_over() -> None:
    state = first_hand_over()
    words = [el.text or "" for el in ET.fromstring(render(state)).iter()]
    assert words.count("Phase 1: 2 sets of 3") == 3
    assert "Phase 2: 1 set of 3 + 1 run of 4" not in words


def test_r15_1_finished_game_names_the_last_phase_laid_never_none() -> None:
    """Seed 9: the winner lays down phase 10 in the last hand, the runner-up phase 9."""
    final = play_game(
        new_game(["Ann", "Bob", "Cy"], seed=9), [GreedyBot(), GreedyBot(), RandomBot(seed=1)]
    )
    assert final.stage is Stage.GAME_OVER
    made = final.results[-1].completed
    text = str(final)
    assert "None" not in text
    for seat, line in enumerate(line for line in text.splitlines() if re.match(r"  \d  ", line)):
        if made[seat] is not None:
            assert f"phase {made[seat]} laid down" in line, line
    words = [el.text or "" for el in ET.fromstring(render(final)).iter()]
    for number in made:
        if number is not None:
            assert any(w.startswith(f"Phase {number}: ") for w in words), number


def test_picture_badges_flow_after_the_name_and_cannot_cover_it() -> None:
    """'you' and 'dealer' follow the name in the same line of text, however wide its
    letters: they used to be placed at a guessed width and covered names of capitals."""
    state = new_game(["DDDDDDDDDDDDDD", "Bob"], seed=3)
    root = ET.fromstring(render(player_view(state, 0)))
    (line,) = [el for el in root.iter(f"{SVG}text") if "DDDDDDDDDDDDD" in "".join(el.itertext())]
    assert "".join(line.itertext()).split() == ["DDDDDDDDDDDDDD", "you", "dealer"]
    standalone = [el.text for el in root.iter(f"{SVG}text") if el.text in ("you", "dealer")]
    assert standalone == []


def test_v1_6_a_big_save_pile_stays_inside_the_seat_panel() -> None:
    """V-1.6: the Save pile is kept from hand to hand, one card a hand, so it can grow past
    a dozen cards; drawn beside a full hand it used to run off the right of the picture."""
    state = new_game(["Ann", "Bob", "Cy"], "masters", seed=3)
    saved = parse_cards("R1 R2 R3 R4 R5 R6 R7 R8 B1 B2 B3 B4 B5 B6 B7 B8 G1 G2 G3 G4")
    hand = parse_cards("R9 R10 R11 R12 B9 B10 B11 B12 G9 G10 G11 Y1 Y2 Y3 Y4 Y5 Y6 W W")
    players = (replace(state.players[0], saved=saved, hand=hand), *state.players[1:])
    root = ET.fromstring(render(player_view(replace(state, players=players), 0)))
    width = int(root.attrib["width"])
    rights = [
        float(el.attrib["transform"].removeprefix("translate(").split(",")[0]) + 48
        for el in root.iter(f"{SVG}g")
        if el.attrib.get("class") == "card"
    ]
    assert len(rights) == len(saved) + len(hand) + 1  # and the top of the discard pile
    assert max(rights) <= width - 20  # inside the seat's panel, which ends 20 px from the edge


def test_long_specs_names_and_captions_stop_short_of_the_piles() -> None:
    """The header's words used to run under the draw pile and off the right edge with a
    long spec, a long name or a long caption; now they are cut with an ellipsis and drawn
    in a viewport that ends before the piles (and each seat's facts in one that ends
    before its cards)."""
    spec = "masters-declared+floating+postal+movable-wilds+skip-stacking+extended-wilds"
    state = new_game(["Q" * 80, "Bob", "Cy"], spec, seed=3, dealer=2)
    root = ET.fromstring(render(player_view(state, 1), caption="x" * 200))
    (header,) = [el for el in root.iter(f"{SVG}svg") if el.attrib.get("class") == "header"]
    piles = min(
        float(el.attrib["x"])
        for el in root.iter(f"{SVG}text")
        if el.text in ("Draw pile", "Discard pile")
    )
    assert float(header.attrib["x"]) + float(header.attrib["width"]) < piles
    assert header.attrib["overflow"] == "hidden"
    words = {el.attrib.get("class"): el.text or "" for el in header.iter(f"{SVG}text")}
    assert words["caption"].endswith("…")
    assert words["status"].endswith("…")
    (line,) = [w for w in words.values() if spec[:20] in w]
    assert line.endswith("· hand 1 · turn 1 · seat 1's view")  # the facts after the spec stay
    columns = [el for el in root.iter(f"{SVG}svg") if el.attrib.get("class") == "facts"]
    assert len(columns) == 3
    hands = [
        float(el.attrib["x"])
        for el in root.iter(f"{SVG}text")
        if el.text in ("Hand", "Your hand (10)")
    ]
    for column in columns:
        assert float(column.attrib["width"]) < min(hands)
