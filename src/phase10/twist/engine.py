"""Playing Phase 10 Twist: ``new_game``, ``apply``, ``check``, ``legal_actions`` (T-2..T-7).

The same shape as the card engine: :func:`apply` is pure and returns a new
:class:`~phase10.twist.TwistState`; an illegal action raises
:class:`~phase10.IllegalActionError` and changes nothing. Every shuffle not
supplied by the caller comes from the state's seed, so a seed and a list of
actions give the same game on every machine.

>>> state = new_game(["Ann", "Bob"], seed=7)
>>> state.stage, state.current_player, [len(p) for p in state.discard_piles]
(<TwistStage.DRAW>, 1, [1, 1, 1])
>>> legal_actions(state)
(DrawStock(), TakePile(pile=0), TakePile(pile=1), TakePile(pile=2))
>>> apply(state, DiscardOnto(state.players[1].hand[0], 0))
Traceback (most recent call last):
...
phase10.errors.IllegalActionError: draw a card first (T-4.1); legal now: draw from the draw pile
or take from a discard pile (0: Y7, 1: B11, 2: R7)
"""

from __future__ import annotations

from ..actions import DrawStock, Hit, LayDown, LayGroup, NextHand
from ..engine.common import not_a_state, not_an_action
from ..errors import IllegalActionError, IllegalReason
from . import plays
from .actions import ChooseSpace, DiscardOnto, DrawTwist, PlaySkip, TakePile, TwistAction
from .common import illegal
from .hints import refused
from .legal import legal_actions
from .setup import new_game, next_hand
from .state import TwistStage, TwistState

__all__ = ["apply", "check", "legal_actions", "new_game"]

_ACTIONS = (
    ChooseSpace,
    DrawTwist,
    DrawStock,
    TakePile,
    LayGroup,
    LayDown,
    Hit,
    DiscardOnto,
    PlaySkip,
    NextHand,
)

_STAGE_HINTS = {
    TwistStage.CHOOSE: "you stand on a Twist space: choose a space beside it or a Twist card "
    "first (T-3.2)",
    TwistStage.DRAW: "draw a card first (T-4.1)",
    TwistStage.PLAY: "you have already drawn this turn",
    TwistStage.HAND_OVER: "the hand is over",
}
_WRONG_MOVE = frozenset(
    {
        IllegalReason.WRONG_STAGE,
        IllegalReason.GAME_OVER,
        IllegalReason.ALREADY_LAID_DOWN,
        IllegalReason.PHASE_NOT_LAID_DOWN,
        IllegalReason.NO_CARDS_TO_DRAW,
        IllegalReason.EMPTY_DISCARD,
        IllegalReason.NOT_ADJACENT,
        IllegalReason.NO_TWIST_CARDS,
    }
)
"""The refusals of a kind of move the moment does not allow, told with what is legal
instead (twist/hints.py), as in the card game."""


def apply(state: TwistState, action: TwistAction) -> TwistState:
    """The state after ``action``; raises :class:`~phase10.IllegalActionError` if not allowed.

    ``state`` itself is never changed.
    """
    try:
        stage = state.stage
    except AttributeError:  # free where it does not happen (zero-cost try)
        raise not_a_state(state, "TwistState") from None
    try:
        if stage is TwistStage.GAME_OVER:
            raise illegal(IllegalReason.GAME_OVER, "the game is over")
        if stage is TwistStage.PLAY:
            if isinstance(action, DiscardOnto):
                return plays.discard_onto(state, action)
            if isinstance(action, Hit):
                return plays.hit(state, action)
            if isinstance(action, LayGroup):
                return plays.lay_group(state, action)
            if isinstance(action, LayDown):
                return plays.lay_down(state, action)
            if isinstance(action, PlaySkip):
                return plays.play_skip(state, action)
        elif stage is TwistStage.DRAW:
            if isinstance(action, DrawStock):
                return plays.draw_stock(state)
            if isinstance(action, TakePile):
                return plays.take_pile(state, action)
        elif stage is TwistStage.CHOOSE:
            if isinstance(action, ChooseSpace):
                return plays.choose_space(state, action)
            if isinstance(action, DrawTwist):
                return plays.draw_twist(state)
        elif isinstance(action, NextHand):  # TwistStage.HAND_OVER
            return next_hand(state, action.deck)
        if not isinstance(action, _ACTIONS):
            raise not_an_action(
                action,
                "a Phase 10 Twist",
                "Twist discards with DiscardOnto; parse_action reads text",
            )
        raise illegal(IllegalReason.WRONG_STAGE, _wrong_stage(stage, action))
    except IllegalActionError as error:  # free where nothing is refused (zero-cost try)
        if error.reason not in _WRONG_MOVE:
            raise
        told = refused(state, error.reason, error.message)
    raise told  # outside the handler: no "during handling" chain, compiled (mypyc) too


def _wrong_stage(stage: TwistStage, action: TwistAction) -> str:
    """Why ``action`` does not fit ``stage``: for an action of another moment, when that
    moment is; else what the stage waits for."""
    if isinstance(action, NextHand):
        return "the hand is not over: the next hand is dealt once it is"
    if isinstance(action, (ChooseSpace, DrawTwist)):
        return "a space or a Twist card is chosen only on a Twist space, before drawing (T-3.2)"
    return _STAGE_HINTS[stage]


def check(state: TwistState, action: TwistAction) -> IllegalActionError | None:
    """``None`` if ``action`` is legal in ``state``, else the error :func:`apply` would raise."""
    try:
        apply(state, action)
    except IllegalActionError as error:
        return error
    return None
