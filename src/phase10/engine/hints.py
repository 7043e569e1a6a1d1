"""What is legal now, by kind of move: the end of a refusal of the wrong kind of move.

A refusal such as "draw a card first (R-4.2)" says what was wrong; a player at a
terminal, or a developer reading a log, also wants to know the way on. The listing is
built from :func:`~phase10.legal_actions` only when an action is refused, so the legal
path never pays for it.

>>> from phase10 import new_game
>>> print(legal_now_text(new_game(["Ann", "Bob"], seed=3)))
legal now: draw from the draw pile or take R5 from the discard pile
"""

from __future__ import annotations

from collections.abc import Iterator

from ..actions import (
    Action,
    ChoosePhase,
    Discard,
    DrawStock,
    GiveCard,
    Hit,
    LayDown,
    LayGroup,
    NextHand,
    Save,
    SwapWild,
    TakeDiscard,
    TakeSaved,
)
from ..errors import IllegalActionError, IllegalReason
from ..state import GameState
from .common import illegal, legal_now, number_choices
from .legal import legal_actions

__all__ = ["legal_now_text", "refused"]

_KINDS: tuple[tuple[type, str], ...] = (
    (DrawStock, "draw from the draw pile"),
    (TakeSaved, "take back a saved card"),
    (Hit, "hit"),
    (SwapWild, "swap a card for a Wild"),
    (Discard, "discard"),
    (Save, "save a card"),
    (NextHand, "deal the next hand"),
)


def refused(state: GameState, reason: IllegalReason, why: str) -> IllegalActionError:
    """The refusal of the wrong kind of move: ``why``, then what is legal now."""
    return illegal(reason, f"{why}; {legal_now_text(state)}")


def legal_now_text(state: GameState) -> str:
    """The kinds of move legal in ``state``, in the order :func:`legal_actions` lists them."""
    return legal_now(_kinds(state, legal_actions(state)))


def _kinds(state: GameState, actions: tuple[Action, ...]) -> Iterator[str]:
    """One phrase a kind of move; the phases, seats and card the player picks from are named."""
    lays = sorted(
        {a.phase for a in actions if isinstance(a, (LayDown, LayGroup)) and a.phase is not None}
    )
    choices = [a.phase for a in actions if isinstance(a, ChoosePhase)]
    seats = [a.seat for a in actions if isinstance(a, GiveCard)]
    for action in actions:
        if isinstance(action, TakeDiscard):
            yield f"take {state.top_discard} from the discard pile"
        elif isinstance(action, (LayDown, LayGroup)):
            yield _lay(state, lays)
        elif isinstance(action, ChoosePhase):
            yield f"choose phase {number_choices(choices)}"
        elif isinstance(action, GiveCard):
            yield _give(state, seats)
        else:
            yield next((text for kind, text in _KINDS if isinstance(action, kind)), "")


def _lay(state: GameState, numbers: list[int]) -> str:
    if not numbers and state.current_player is not None:
        target = state.target_phase(state.current_player)
        numbers = [] if target is None else [target.number]
    if len(numbers) > 1:  # in brackets: the list of moves has its own "or"
        return f"lay down (phase {number_choices(numbers)})"
    return f"lay down phase {numbers[0]}" if numbers else "lay down"


def _give(state: GameState, seats: list[int]) -> str:
    """V-12: the dealer gives an upturned Wild, or names who loses a first turn to a Skip."""
    top = state.top_discard
    if top is not None and top.is_wild:
        return f"give the upturned {top} to seat {number_choices(seats)}"
    return f"name seat {number_choices(seats)} to lose its first turn"
