"""What is legal now in Twist, by kind of move: the end of a refusal of the wrong kind
of move, as in the card game (:mod:`phase10.engine.hints`); built only on refusal.

>>> from phase10 import twist
>>> print(legal_now_text(twist.new_game(["Ann", "Bob"], seed=7)))
legal now: draw from the draw pile or take ...
"""

from __future__ import annotations

from collections.abc import Iterator

from ..actions import DrawStock, Hit, LayDown, LayGroup, NextHand
from ..engine.common import legal_now, number_choices
from ..errors import IllegalActionError, IllegalReason
from .actions import ChooseSpace, DiscardOnto, DrawTwist, PlaySkip, TakePile, TwistAction
from .common import illegal
from .legal import legal_actions
from .state import TwistState

__all__ = ["legal_now_text", "refused"]

_KINDS: tuple[tuple[type | tuple[type, ...], str], ...] = (
    (DrawStock, "draw from the draw pile"),
    (DrawTwist, "draw a Twist card"),
    ((LayDown, LayGroup), "lay down"),
    (Hit, "hit"),
    (DiscardOnto, "discard onto a pile"),
    (PlaySkip, "play a Skip"),
    (NextHand, "deal the next hand"),
)


def refused(state: TwistState, reason: IllegalReason, why: str) -> IllegalActionError:
    """The refusal of the wrong kind of move: ``why``, then what is legal now."""
    return illegal(reason, f"{why}; {legal_now_text(state)}")


def legal_now_text(state: TwistState) -> str:
    """The kinds of move legal in ``state``, in the order the listing gives them."""
    return legal_now(_kinds(state, legal_actions(state)))


def _kinds(state: TwistState, actions: tuple[TwistAction, ...]) -> Iterator[str]:
    """One phrase a kind of move; the spaces and the discard piles' top cards are named."""
    spaces = [a.space for a in actions if isinstance(a, ChooseSpace)]
    tops = [
        f"{a.pile}: {state.discard_piles[a.pile][-1]}" for a in actions if isinstance(a, TakePile)
    ]
    for action in actions:
        if isinstance(action, ChooseSpace):
            yield f"choose space {number_choices(spaces)}"
        elif isinstance(action, TakePile):
            yield f"take from a discard pile ({', '.join(tops)})"
        else:
            yield next((text for kind, text in _KINDS if isinstance(action, kind)), "")
