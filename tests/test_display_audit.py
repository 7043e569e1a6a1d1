"""Defects found auditing what the text, the SVG and the narration show a player.

Each test names the rule or the display fact it pins.
"""

from __future__ import annotations

import io
import itertools
import xml.etree.ElementTree as ET

import attrs

from helpers import with_players
from phase10 import LayDown, dice, new_game, parse_cards, player_view, twist, variants
from phase10.cli.dice import render_view, run_demo
from phase10.cli.twist import render_view as twist_view
from phase10.dice import DICE_PHASES
from phase10.dice.narration import phase_words
from phase10.svg import CARDS_X, MARGIN, PHASE_CHARS
from phase10.svg import render as render_svg
from phase10.text import meld_text, render_lines
from phase10.twist.narration import describe as describe_twist

SVG = "{http://www.w3.org/2000/svg}"


def test_text_a_one_card_hand_reads_one_card() -> None:
    """The table's text: a seat holding one card reads "1 card", not "1 cards"; the
    columns stay aligned."""
    state = with_players(new_game(["Ann", "Bob"], seed=5), s1={"hand": parse_cards("R5")})
    lines = render_lines(player_view(state, 0))
    assert " 1 card     0 points" in lines[2]
    assert "10 cards    0 points" in lines[1]
    assert lines[1].index("points") == lines[2].index("points")


def _facts(picture: str, seat: int) -> tuple[list[tuple[float, str]], float, float]:
    """The lines of ``seat``'s column of facts (y, words), and its panel's top and bottom."""
    root = ET.fromstring(picture)
    panel = next(g for g in root.iter(f"{SVG}g") if g.get("data-seat") == str(seat))
    box = next(r for r in panel.iter(f"{SVG}rect"))
    top = float(box.get("y", "0"))
    facts = next(s for s in panel.iter(f"{SVG}svg") if s.get("class") == "facts")
    left = MARGIN + 16
    lines = [
        (float(t.get("y", "0")), "".join(t.itertext()))
        for t in facts.iter(f"{SVG}text")
        if t.get("x") == str(left)  # not the numbers in the phase boxes
    ]
    return lines, top, top + float(box.get("height", "0"))


def test_v15_svg_wraps_a_long_phase_name_inside_the_panel() -> None:
    """V-15 alternating runs: "Phase 3: 1 set of 4 + 1 run of 4 in alternating colors" is
    longer than the column of facts; it is wrapped onto a second line (it was cut off
    mid-word at the column's edge), the lines do not overlap and the panel holds them."""
    assert PHASE_CHARS * 13 * 0.5 <= CARDS_X - 8 - (MARGIN + 16)  # DejaVu Sans: ~0.49 em
    rules = variants.resolve("alternating-runs")
    state = with_players(new_game(3, rules, seed=2), s0={"completed": (1, 2)})
    for seat in range(3):
        lines, top, bottom = _facts(render_svg(player_view(state, 0)), seat)
        words = " ".join(text for _, text in lines)
        name = str(rules.phase(3 if seat == 0 else 1).name)
        assert name.split()[-1] in words
        assert all(len(text) <= PHASE_CHARS for _, text in lines[2:])
        ys = [y for y, _ in lines]
        assert all(later - earlier >= 14 for earlier, later in itertools.pairwise(ys))
        assert top < ys[0]
        assert ys[-1] < bottom
    three, _, _ = _facts(render_svg(player_view(state, 0)), 0)
    assert any(text.endswith("alternating colors") for _, text in three)


def test_d4_1_a_dice_player_reads_dice_not_cards() -> None:
    """D-4.1: the dice scorepad's phases are the card game's list made with dice, so the
    demo's lines and the player's "Your phase" say "7 dice of one color" where the card
    game says "7 cards of one color"."""
    assert [phase_words(p) for p in DICE_PHASES][7] == "Phase 8: 7 dice of one color"
    assert all("card" not in phase_words(p) for p in DICE_PHASES)
    out = io.StringIO()
    run_demo(out, seed=3, players=4)
    text = out.getvalue()
    assert "made phase 8 (7 dice of one color)" in text
    assert "card" not in text
    state = dice.new_game(["Ann", "Bob"], seed=7)
    done = attrs.evolve(state.players[0], completed=tuple(range(1, 8)))
    state = attrs.evolve(state, players=(done, *state.players[1:]))
    assert "  Your phase: Phase 8: 7 dice of one color" in render_view(dice.player_view(state, 0))


def test_twist_table_labels_groups_and_wild_values() -> None:
    """Twist at the terminal: each group on the table is labelled as ``hit SEAT.INDEX``
    names it, with what its Wilds stand for (as the card game's table shows); the narration
    of a lay-down shows those values too, and a one-card hand reads "1 card"."""
    state = twist.new_game(["Ann", "Bob", "Cy", "Dee"], seed=3)
    bots = [twist.GreedyBot() for _ in range(4)]
    told = ""
    while "W=" not in told:  # until a lay-down puts a run with a Wild on the table
        legal = twist.legal_actions(state)
        seat = state.current_player
        action = (
            legal[0] if seat is None else bots[seat].choose(twist.player_view(state, seat), legal)
        )
        if isinstance(action, LayDown):
            told = describe_twist(state, action)
        state = twist.apply(state, action)
    assert " laid down phase " in told
    seat, index, meld = next(
        (s, i, m)
        for s, p in enumerate(state.players)
        for i, m in enumerate(p.melds)
        if m.requirement.kind == "run" and any(c.is_wild for c in m.cards)
    )
    lines = twist_view(twist.player_view(state, 0))
    assert f"       {seat}.{index}  {meld.describe()}: {meld_text(meld)}" in lines
    assert "W=" in meld_text(meld)
    one = attrs.evolve(state.players[1], hand=state.players[1].hand[:1])
    lone = attrs.evolve(state, players=(state.players[0], one, *state.players[2:]))
    assert any(
        line.startswith("  1  Bob") and "(1 card)" in line
        for line in twist_view(twist.player_view(lone, 0))
    )
