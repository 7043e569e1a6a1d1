"""Sentences about a dice game, for logs, the command line and records.

>>> from phase10.dice import new_game, apply, Roll, Keep, parse_faces
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> roll = Roll(parse_faces("B5 R7 B7 R5 B9 R10 BW RW YW B2"))
>>> after = apply(state, roll)
>>> describe(state, roll, after)
'Ann rolled B5 R7 B7 R5 B9 R10 BW RW YW B2 (roll 1 of 3)'
>>> describe(after, Keep((0, 9)), apply(after, Keep((0, 9))))
'Ann kept B5 (die 0), B2 (die 9)'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..phases import Phase
from .actions import Declare, DiceAction, EndTurn, Keep, Release, Roll
from .faces import Face, format_faces
from .state import Bonus, DiceState

__all__ = ["describe", "describe_dice", "describe_end", "describe_groups", "phase_words"]

_BONUS_NAMES = {Bonus.HALFWAY: "halfway bonus", Bonus.FIRST_FINISH: "First Finish bonus"}


_CARDS = re.compile(r"\bcards\b")


def phase_words(phase: Phase) -> str:
    """A phase as a dice player reads it: the card game's list is made with dice (D-4.1),
    so its "cards" are dice.

    >>> from phase10.dice import DICE_PHASES
    >>> phase_words(DICE_PHASES[7])
    'Phase 8: 7 dice of one color'
    """
    return f"Phase {phase.number}: {_CARDS.sub('dice', phase.name)}"


def describe_dice(state: DiceState) -> str:
    """The dice showing, those set aside in brackets: ``[R7] B7 GW ...``."""
    kept = set(state.kept)
    return " ".join(f"[{face}]" if i in kept else str(face) for i, face in enumerate(state.dice))


def describe_groups(
    faces: Sequence[Face], groups: Sequence[Sequence[int]], *, by_number: bool = False
) -> str:
    """The faces of each group in the order of its dice, so that the faces of ``declare 0 1
    5`` line up with the numbers 0, 1 and 5; ``by_number=True`` puts numbers in order and
    Wilds last instead (``Y3 R4 B5 G6``), for a sentence that shows no die numbers.

    >>> from phase10.dice import parse_faces
    >>> faces = parse_faces("R8 B8 Y3 Y4 B5 G8 GW")
    >>> describe_groups(faces, [(0, 1, 5), (6, 4, 3)])
    'R8 B8 G8 | GW B5 Y4'
    >>> describe_groups(faces, [(0, 1, 5), (6, 4, 3)], by_number=True)
    'B8 G8 R8 | Y4 B5 GW'
    """

    def order(face: Face) -> tuple[bool, int, str]:
        return (face.is_wild, face.points, face.color.value)

    if not by_number:
        return " | ".join(format_faces([faces[i] for i in g]) for g in groups)
    return " | ".join(format_faces(sorted((faces[i] for i in g), key=order)) for g in groups)


def describe(before: DiceState, action: DiceAction, after: DiceState) -> str:
    """One sentence for ``action``, taken in ``before`` and leading to ``after``."""
    seat = before.current_player
    who = "Nobody" if seat is None else before.players[seat].name
    if isinstance(action, Roll):
        rolled = [after.dice[i] for i in before.free]
        return f"{who} rolled {format_faces(rolled)} (roll {after.rolls} of {after.rules.rolls})"
    if isinstance(action, (Keep, Release)):
        verb = "kept" if isinstance(action, Keep) else "released"
        dice = ", ".join(f"{before.dice[i]} (die {i})" for i in action.dice)
        return f"{who} {verb} {dice}"
    assert seat is not None
    phase = before.target_phase(seat)
    assert phase is not None
    if isinstance(action, Declare):
        player = after.players[seat]
        shown = describe_groups(before.dice, action.groups, by_number=True)
        name = phase_words(phase).partition(": ")[2]
        text = f"{who} made phase {phase.number} ({name}) with {shown}"
        text += f" for {player.phase_points[-1]} points"
        new = player.bonuses[len(before.players[seat].bonuses) :]
        for bonus in new:
            amount = (
                before.rules.halfway_bonus if bonus is Bonus.HALFWAY else before.rules.finish_bonus
            )
            text += f", +{amount} {_BONUS_NAMES[bonus]}"
        return text
    if isinstance(action, EndTurn):
        return f"{who} missed phase {phase.number}"
    return f"{who}: {action!r}"


def describe_end(state: DiceState) -> str:
    """Who won a finished game, and with how many points."""
    if not state.winners:
        return "The game was cut short: no winner"
    names = " and ".join(state.players[s].name for s in state.winners)
    best = state.players[state.winners[0]].score
    verb = "win" if len(state.winners) > 1 else "wins"
    return f"{names} {verb} with {best} points"
