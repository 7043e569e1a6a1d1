"""The rules as pure functions: :func:`new_game`, :func:`apply`, :func:`legal_actions`.

>>> from phase10 import new_game, legal_actions, apply, DrawStock
>>> state = new_game(["Ann", "Bob", "Cy"], seed=1)
>>> state.stage, state.current_player, len(state.players[1].hand)
(<Stage.DRAW>, 1, 10)
>>> legal_actions(state)
(DrawStock(), TakeDiscard())
>>> after = apply(state, DrawStock())
>>> len(after.players[1].hand), len(state.players[1].hand)
(11, 10)
"""

from __future__ import annotations

from ..actions import (
    ACTION_TYPES,
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
from ..state import STAGE_DRAW, STAGE_GAME_OVER, STAGE_PLAY, GameState, Stage
from . import plays
from .common import illegal, not_a_state, not_an_action
from .deals import next_hand
from .hints import refused
from .legal import legal_actions
from .setup import new_game
from .turns import skip_targets

__all__ = ["apply", "check", "legal_actions", "new_game", "skip_targets"]

_STAGE_HINTS = {
    Stage.CHOOSE_PHASE: "choose the phase you will attempt this hand first (V-1.4)",
    Stage.DEAL_UP: "the dealer must first place the upturned card (V-12)",
    Stage.DRAW: "draw a card first (R-4.2)",
    Stage.PLAY: "you have already drawn this turn",
    Stage.HAND_OVER: "the hand is over",
}
_FLOATER_TAKES = "a floater must take the discard when it can be played (V-9.2, A-27)"
_WRONG_MOVE = frozenset(
    {
        IllegalReason.WRONG_STAGE,
        IllegalReason.GAME_OVER,
        IllegalReason.ALREADY_LAID_DOWN,
        IllegalReason.PHASE_NOT_LAID_DOWN,
        IllegalReason.HIT_NOT_ALLOWED_YET,
        IllegalReason.MUST_PLAY,
        IllegalReason.NOT_ALLOWED_BY_RULES,
        IllegalReason.SKIP_NOT_TAKEABLE,
        IllegalReason.EMPTY_DISCARD,
        IllegalReason.NO_CARDS_TO_DRAW,
    }
)
"""The refusals of a kind of move the moment or the rules do not allow, told with what is
legal instead (engine/hints.py); a few rules refusals of one card (A-9, A-18) come along.
A refusal of a move of the right kind with the wrong cards or group says what is wrong."""


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises :class:`~phase10.IllegalActionError` if not allowed.

    ``state`` itself is never changed.
    """
    try:
        stage = state.stage
    except AttributeError:  # free where it does not happen (zero-cost try)
        raise not_a_state(state) from None
    try:
        if stage is STAGE_GAME_OVER:
            raise illegal(IllegalReason.GAME_OVER, "the game is over")
        if stage is STAGE_PLAY:
            if isinstance(action, Discard):
                return plays.discard(state, action)
            if isinstance(action, Hit):
                return plays.hit(state, action)
            if isinstance(action, LayDown):
                return plays.lay_down(state, action)
            if isinstance(action, LayGroup):
                return plays.lay_group(state, action)
            if isinstance(action, Save):
                return plays.save(state, action)
            if isinstance(action, SwapWild):
                return plays.swap_wild(state, action)
        elif stage is STAGE_DRAW:
            if isinstance(action, DrawStock):
                if plays.floater_must_take(state):
                    raise illegal(IllegalReason.MUST_PLAY, _FLOATER_TAKES)
                return plays.draw_stock(state)
            if isinstance(action, TakeDiscard):
                return plays.take_discard(state)
            if isinstance(action, TakeSaved):
                if plays.floater_must_take(state):
                    raise illegal(IllegalReason.MUST_PLAY, _FLOATER_TAKES)
                return plays.take_saved(state, action)
        elif stage is Stage.HAND_OVER:
            if isinstance(action, NextHand):
                return next_hand(state, action.deck)
        elif stage is Stage.CHOOSE_PHASE:
            if isinstance(action, ChoosePhase):
                return plays.choose_phase(state, action)
        elif stage is Stage.DEAL_UP and isinstance(action, GiveCard):
            return plays.give_card(state, action)
        if not isinstance(action, ACTION_TYPES):
            raise not_an_action(action, "a phase10", "phase10.parse_action reads text")
        raise illegal(IllegalReason.WRONG_STAGE, _wrong_stage(stage, action))
    except IllegalActionError as error:  # free where nothing is refused (zero-cost try)
        if error.reason not in _WRONG_MOVE:
            raise
        told = refused(state, error.reason, error.message)
    raise told  # outside the handler: no "during handling" chain, compiled (mypyc) too


def _wrong_stage(stage: Stage, action: Action) -> str:
    """Why ``action`` does not fit ``stage``: for an action of another moment of the hand,
    when that moment is; else what the stage waits for."""
    if isinstance(action, NextHand):
        return "the hand is not over: the next hand is dealt once it is (R-13.2)"
    mid_turn = stage is STAGE_DRAW or stage is STAGE_PLAY
    if isinstance(action, ChoosePhase) and mid_turn:
        return "a phase is chosen only at the start of a hand, under rules that choose (V-1.4)"
    if isinstance(action, GiveCard) and mid_turn:
        return "the dealer gives the upturned card only before play starts (V-12)"
    return _STAGE_HINTS[stage]


def check(state: GameState, action: Action) -> IllegalActionError | None:
    """``None`` if ``action`` is legal in ``state``, else the error :func:`apply` would raise."""
    try:
        apply(state, action)
    except IllegalActionError as error:
        return error
    return None
