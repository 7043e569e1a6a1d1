"""Phase 10 Dice's words for a declaration: the move hints and the narration."""

from __future__ import annotations

from phase10.dice import Declare, apply, legal_actions, new_game, parse_faces
from phase10.dice.actions import Roll
from phase10.dice.narration import describe, describe_groups


def test_a_hint_lists_the_faces_in_the_order_of_the_dice() -> None:
    """``declare 0 1 5`` is shown as the faces of dice 0, 1 and 5, in that order (D-4)."""
    faces = parse_faces("R8 B8 Y3 Y4 B5 G8 GW Y6 R1 B2")
    assert describe_groups(faces, [(0, 1, 5)]) == "R8 B8 G8"
    assert describe_groups(faces, [(5, 1, 0), (6, 2, 3)]) == "G8 B8 R8 | GW Y3 Y4"


def test_every_listed_declaration_lines_up_with_its_dice() -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    checked = 0
    for _ in range(3):
        state = apply(state, Roll())
        for action in legal_actions(state):
            if isinstance(action, Declare):
                shown = describe_groups(state.dice, action.groups).split(" | ")
                for group, words in zip(action.groups, shown, strict=True):
                    assert words.split() == [str(state.dice[i]) for i in group]
                checked += 1
        if state.current_player != 0 or state.rolls >= state.rules.rolls:
            break
    assert checked


def test_the_narration_puts_numbers_in_order() -> None:
    """A sentence shows no die numbers: a run reads from its lowest number, Wilds last (D-4)."""
    state = new_game(["Ann", "Bob"], seed=7)
    state = apply(state, Roll(parse_faces("R8 B8 G8 Y8 B5 R6 YW Y2 G4 Y4")))
    declare = Declare(((2, 1, 0), (6, 9, 8)))
    assert describe_groups(state.dice, declare.groups) == "G8 B8 R8 | YW Y4 G4"
    sentence = describe(state, declare, apply(state, declare))
    assert "with B8 G8 R8 | G4 Y4 YW for" in sentence
