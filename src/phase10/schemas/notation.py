"""The JSON Schema of one action: a string in the action notation, one pattern per form.

Actions travel as text everywhere phase10 puts them on a wire or in a file: a
client sends one line of :mod:`phase10.notation`, records store their actions
in it, and updates list a seat's legal actions in it. There is no other JSON
form of an action to describe, so the schema is a string whose patterns follow
:func:`phase10.parse_action`: each form (``draw``, ``lay ...``, ``hit ...``) is
one alternative with its usage as the description. Keywords and cards are
case-insensitive, as the parser reads them. A string that matches is well-formed
notation; whether the action is legal is the engine's question.
"""

from __future__ import annotations

from ..codec import JSONValue
from ..limits import MAX_LINE

__all__ = ["CARD_PATTERN", "FORMS", "action_schema"]

_S = r"[ \t\n\r\f\v]"
CARD_PATTERN = r"(?:[RrBbGgYy](?:1[0-2]|[1-9])|[WwSsXxVvZz])"
"""One card in notation (``R7``, ``W``, ``S``, and the variants' ``X``, ``V``, ``Z``)."""
_CARD = CARD_PATTERN
_NUMBER = r"[0-9]+"
_PLACE = rf"{_NUMBER}\.{_NUMBER}"


def _ci(word: str) -> str:
    """``word`` matched in any case: ``[dD][rR][aA][wW]``."""
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else c for c in word)


_END = f"(?:{_ci('low')}|{_ci('high')})"
_PHASE = rf"(?:{_S}+{_ci('phase')}={_NUMBER})?"
_HEAD_REST = r"(?:\[[^\][ \t\n\r\f\v]*\])?(?:@-?[0-9]*[RrBbGgYy]{0,4})?~?:"
_GROUP_CARDS = rf"{_S}*{_CARD}(?:{_S}+{_CARD})*"
_GROUP = (  # with its size written, a group may show no card yet; else it has one at least
    rf"[A-Za-z][A-Za-z_]*(?:[0-9]+{_HEAD_REST}(?:{_GROUP_CARDS})?|{_HEAD_REST}{_GROUP_CARDS})"
)

FORMS: tuple[tuple[str, str, str], ...] = (
    ("draw", _ci("draw"), "draw from the stock: DrawStock()"),
    ("take", _ci("take"), "take the top of the discard pile: TakeDiscard()"),
    (
        "lay [phase=N] KIND:CARDS | ...",
        rf"{_ci('lay')}{_PHASE}(?:{_S}+{_GROUP}(?:{_S}*\|{_S}*{_GROUP})*)?",
        "lay down a phase: LayDown(melds, phase); a group is KIND[SIZE][[name=value,...]]"
        "[@ANCHOR][~]:CARDS, e.g. set:R7 B7 W or run@3:W W W W",
    ),
    (
        "group [phase=N] KIND:CARDS",
        rf"{_ci('group')}{_PHASE}{_S}+{_GROUP}",
        "lay one group of a phase of several: LayGroup(meld, phase)",
    ),
    (
        "hit OWNER.MELD CARD [low|high]",
        rf"{_ci('hit')}{_S}+{_PLACE}{_S}+{_CARD}(?:{_S}+{_END})?",
        "add a card to a group on the table: Hit(card, owner, meld, end)",
    ),
    (
        "discard CARD [@SEAT]",
        rf"{_ci('discard')}{_S}+{_CARD}(?:{_S}+@{_NUMBER})?",
        "discard, naming a Skip's target: Discard(card, target)",
    ),
    ("choose N", rf"{_ci('choose')}{_S}+{_NUMBER}", "Masters: name a phase: ChoosePhase(phase)"),
    ("give SEAT", rf"{_ci('give')}{_S}+{_NUMBER}", "place the upturned card: GiveCard(seat)"),
    ("save CARD", rf"{_ci('save')}{_S}+{_CARD}", "Masters: save a card face down: Save(card)"),
    (
        "takesaved CARD",
        rf"(?:{_ci('takesaved')}|{_ci('unsave')}){_S}+{_CARD}",
        "Masters: take a saved card back: TakeSaved(card)",
    ),
    (
        "swap CARD OWNER.MELD low|high",
        rf"{_ci('swap')}{_S}+{_CARD}{_S}+{_PLACE}{_S}+{_END}",
        "movable Wilds: put a card in a Wild's place: SwapWild(card, owner, meld, end)",
    ),
    (
        "next [deck CARDS]",
        rf"{_ci('next')}(?:{_S}+{_ci('deck')}(?:{_S}+{_CARD})*)?",
        "deal the next hand, from a given deck: NextHand(deck)",
    ),
)
"""Each form of the notation: its usage, its pattern (without the surrounding spaces the
parser allows) and what it does."""


def action_schema() -> dict[str, JSONValue]:
    """The schema of one action in notation (one alternative per form of :data:`FORMS`)."""
    forms: list[JSONValue] = [
        {
            "type": "string",
            "title": usage,
            "description": meaning,
            "pattern": f"^{_S}*{pattern}{_S}*$",
        }
        for usage, pattern, meaning in FORMS
    ]
    return {
        "type": "string",
        "description": "One action in the action notation (phase10.notation), e.g. 'draw', "
        "'lay set:R7 B7 W | run:W R4 R5 R6', 'hit 2.0 R8 high', 'discard S @3'.",
        "maxLength": MAX_LINE,
        "anyOf": forms,
    }
