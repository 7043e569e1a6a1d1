"""The actions of Phase 10 Twist and their one-line notation.

Twist shares five actions with the card game (:class:`~phase10.DrawStock`,
:class:`~phase10.LayGroup`, :class:`~phase10.LayDown`, :class:`~phase10.Hit`,
:class:`~phase10.NextHand`) and writes them the same way; its own are below.
Discard piles are numbered 0, 1 and 2, seats and spaces from 0, as everywhere in
the library. :func:`action_to_text` and :func:`parse_action` are exact inverses.

==================================  ==============================================
text                                action
==================================  ==============================================
``space 5``                         ``ChooseSpace(5)``: make the phase of space 5
``twist``                           ``DrawTwist()``: draw a Twist card
``draw``                            ``DrawStock()``
``take 2``                          ``TakePile(2)``: the top of discard pile 2
``group set:R7 B7 W``               ``LayGroup(meld)`` (one group of the phase)
``lay set:R7 B7 W | set:G2 Y2 R2``  ``LayDown(melds)``
``hit 1.0 R8 high``                 ``Hit(R8, owner=1, meld=0, end=End.HIGH)``
``discard R7 1``                    ``DiscardOnto(R7, 1)``: onto discard pile 1
``skip 2``                          ``PlaySkip(2)``: a Skip in front of seat 2
``next`` / ``next deck R7 ...``     ``NextHand()`` / ``NextHand(deck)``
==================================  ==============================================

>>> parse_action("discard r7 2")
DiscardOnto(card=Card.parse('R7'), pile=2)
>>> action_to_text(TakePile(0)), action_to_text(parse_action("lay set:R7 B7 W | set:G2 Y2 W"))
('take 0', 'lay set:G2 Y2 W | set:R7 B7 W')
>>> parse_action("take 3")
Traceback (most recent call last):
...
phase10.errors.InvalidDataError: '3' at 5: pile is a discard pile, 0, 1 or 2, not 3
"""

from __future__ import annotations

import typing

import attrs

from ..actions import DrawStock, Hit, LayDown, LayGroup, NextHand, to_card
from ..cards import Card
from ..errors import InvalidDataError
from ..limits import MAX_PLAYERS, quote, show
from ..notation import action_to_text as card_action_text
from ..notation import parse_action as card_parse_action

__all__ = [
    "ChooseSpace",
    "DiscardOnto",
    "DrawTwist",
    "PlaySkip",
    "TakePile",
    "TwistAction",
    "action_to_text",
    "parse_action",
]

PILES = 3
"""The number of discard piles (T-2.3)."""


def _pile(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or not 0 <= value < PILES:
        raise InvalidDataError(f"pile is a discard pile, 0, 1 or 2, not {show(value)}")


def _seat(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or not 0 <= value < MAX_PLAYERS:
        raise InvalidDataError(
            f"{attribute.name} is a seat number from 0 to {MAX_PLAYERS - 1}, not {show(value)}"
        )


def _space(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or not 0 <= value < 1000:
        raise InvalidDataError(f"space is a board space from 0, not {show(value)}")


@attrs.frozen
class ChooseSpace:
    """On a Twist space: make the phase of the neighbouring space ``space`` this hand (T-3.2)."""

    space: int = attrs.field(validator=_space)


@attrs.frozen
class DrawTwist:
    """On a Twist space: draw the top Twist card and make its phase this hand (T-3.2)."""


@attrs.frozen
class TakePile:
    """Draw the top card of discard pile ``pile``, a Skip or a Wild included (T-4.1, T-5.4)."""

    pile: int = attrs.field(validator=_pile)


@attrs.frozen
class DiscardOnto:
    """End the turn by putting ``card`` on discard pile ``pile`` (T-4.4, T-4.5).

    A Skip discarded this way skips nobody (T-5.4); :class:`PlaySkip` plays one.
    """

    card: Card = attrs.field(converter=to_card)
    pile: int = attrs.field(validator=_pile)


@attrs.frozen
class PlaySkip:
    """End the turn by placing a Skip from hand in front of ``target``, who loses their
    next turn (T-4.4, T-5.1)."""

    target: int = attrs.field(validator=_seat)


TwistAction = (
    ChooseSpace
    | DrawTwist
    | DrawStock
    | TakePile
    | LayGroup
    | LayDown
    | Hit
    | DiscardOnto
    | PlaySkip
    | NextHand
)
"""Any action of Phase 10 Twist."""

_SHARED = (DrawStock, LayGroup, LayDown, Hit, NextHand)
_SHARED_VERBS = frozenset({"draw", "group", "lay", "hit", "next"})


def action_to_text(action: TwistAction) -> str:
    """The notation of ``action`` (see the module docstring)."""
    if isinstance(action, ChooseSpace):
        return f"space {action.space}"
    if isinstance(action, DrawTwist):
        return "twist"
    if isinstance(action, TakePile):
        return f"take {action.pile}"
    if isinstance(action, DiscardOnto):
        return f"discard {action.card} {action.pile}"
    if isinstance(action, PlaySkip):
        return f"skip {action.target}"
    if isinstance(action, _SHARED):
        return card_action_text(action)
    raise InvalidDataError(f"{show(action)} is not a Phase 10 Twist action")


def _number(word: str, start: int, what: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 4:
        raise InvalidDataError(f"expected {what} (a whole number)", f"{quote(word)} at {start}")
    return int(word)


def parse_action(text: str) -> TwistAction:
    """Read an action in notation (case-insensitive); raises :class:`~phase10.InvalidDataError`."""
    if not isinstance(text, str):
        raise InvalidDataError(f"an action is written as text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise InvalidDataError("empty action: expected space, twist, draw, take, lay, ...")
    verb = words[0].lower()
    args = words[1:]
    starts = [text.index(word, text.index(words[0]) + len(words[0])) for word in args[:1]]
    if verb in ("space", "take", "skip"):
        if len(args) != 1:
            raise InvalidDataError(f"the form is '{verb} NUMBER'", f"{quote(text.strip())} at 0")
        start = starts[0]
        number = _number(args[0], start, "a space" if verb == "space" else "a number")
        try:
            if verb == "space":
                return ChooseSpace(number)
            return TakePile(number) if verb == "take" else PlaySkip(number)
        except InvalidDataError as error:
            raise InvalidDataError(error.message, f"{quote(args[0])} at {start}") from None
    if verb == "twist" and not args:
        return DrawTwist()
    if verb == "discard":
        if len(args) != 2:
            raise InvalidDataError("the form is 'discard CARD PILE'", f"{quote(text.strip())} at 0")
        pile_start = text.rindex(args[1])
        pile = _number(args[1], pile_start, "a discard pile, 0, 1 or 2")
        try:
            return DiscardOnto(args[0], pile)
        except InvalidDataError as error:
            bad = args[1] if "pile" in error.message else args[0]
            where = pile_start if bad is args[1] else starts[0]
            raise InvalidDataError(error.message, f"{quote(bad)} at {where}") from None
    if verb not in _SHARED_VERBS:
        raise InvalidDataError(
            "not a Twist action (space, twist, draw, take, group, lay, hit, discard, skip, next)",
            f"{quote(words[0])} at {text.index(words[0])}",
        )
    return typing.cast(TwistAction, card_parse_action(text))
