"""The exception hierarchy: every error phase10 raises is a :class:`Phase10Error`.

Errors about bad *values* also derive from :class:`ValueError`, so code that
already catches ``ValueError`` keeps working.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import GameState

__all__ = [
    "CompletionLimitError",
    "IllegalActionError",
    "IllegalReason",
    "InvalidDataError",
    "InvalidMeldError",
    "InvalidRulesError",
    "Phase10Error",
    "UnfinishedGameError",
]


class Phase10Error(Exception):
    """Base class of every exception raised by phase10."""


class InvalidDataError(Phase10Error, ValueError):
    """Bad card notation, bad action text or a bad JSON document.

    ``path`` names where the fault is (a token, or a JSON path such as
    ``$.players[2].hand[0]``) when one is known.
    """

    def __init__(self, message: str, path: str | None = None) -> None:
        self.message = message
        self.path = path
        super().__init__(f"{path}: {message}" if path else message)


class InvalidRulesError(Phase10Error, ValueError):
    """A rules setting that is unknown, contradictory, or not allowed.

    ``option`` names the offending option when there is one.
    """

    def __init__(self, message: str, option: str | None = None) -> None:
        self.message = message
        self.option = option
        super().__init__(f"{option}: {message}" if option else message)


class InvalidMeldError(Phase10Error, ValueError):
    """A group of cards that does not form the group it claims to be."""


class CompletionLimitError(Phase10Error, ValueError):
    """A search would build more results than its documented limit allows.

    :func:`phase10.find_completions` raises it rather than materialising
    millions of lay-downs; :func:`phase10.iter_completions` streams them instead.
    """


class IllegalReason(enum.Enum):
    """Why an action is illegal: a machine-readable code for :class:`IllegalActionError`."""

    GAME_OVER = "game_over"
    WRONG_STAGE = "wrong_stage"
    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    SKIP_NOT_TAKEABLE = "skip_not_takeable"
    EMPTY_DISCARD = "empty_discard"
    NO_CARDS_TO_DRAW = "no_cards_to_draw"
    ALREADY_LAID_DOWN = "already_laid_down"
    WRONG_PHASE = "wrong_phase"
    INVALID_MELD = "invalid_meld"
    PHASE_NOT_LAID_DOWN = "phase_not_laid_down"
    NO_SUCH_MELD = "no_such_meld"
    CARD_DOES_NOT_FIT = "card_does_not_fit"
    HIT_NOT_ALLOWED_YET = "hit_not_allowed_yet"
    MUST_KEEP_A_CARD = "must_keep_a_card"
    BAD_SKIP_TARGET = "bad_skip_target"
    TARGET_NOT_NEEDED = "target_not_needed"
    CANNOT_GO_OUT_YET = "cannot_go_out_yet"
    PHASE_ALREADY_COMPLETED = "phase_already_completed"
    NOT_ALLOWED_BY_RULES = "not_allowed_by_rules"
    MUST_PLAY = "must_play"
    LAY_DOWN_UNDER_WAY = "lay_down_under_way"
    BAD_DECK = "bad_deck"
    UNKNOWN_ACTION = "unknown_action"
    # Phase 10 Dice (phase10.dice)
    NO_ROLLS_LEFT = "no_rolls_left"
    NOTHING_TO_ROLL = "nothing_to_roll"
    BAD_DICE = "bad_dice"
    BAD_ROLL = "bad_roll"
    # Phase 10 Twist (phase10.twist)
    NOT_ADJACENT = "not_adjacent"
    NO_TWIST_CARDS = "no_twist_cards"
    MUST_REFILL_PILE = "must_refill_pile"


class IllegalActionError(Phase10Error, ValueError):
    """An action that the rules do not allow in the given state.

    ``reason`` is an :class:`IllegalReason` for programs; ``message`` is a
    sentence for people.
    """

    def __init__(self, reason: IllegalReason, message: str) -> None:
        self.reason = reason
        self.message = message
        super().__init__(message)

    def __repr__(self) -> str:
        return f"IllegalActionError({self.reason}, {self.message!r})"

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[IllegalReason, str]]:
        # Pickled with both arguments (the default passes the message alone), so the error
        # crosses to another process (a simulation's workers, Ray) instead of breaking it.
        return (IllegalActionError, (self.reason, self.message))


class UnfinishedGameError(Phase10Error):
    """A game driver stopped at its action cap before the game was over.

    :func:`~phase10.play_game` raises it rather than return a game that is not
    finished as if it were. ``state`` is the last state reached (not over) and
    ``actions`` the number of actions played.
    """

    def __init__(self, message: str, state: GameState, actions: int) -> None:
        self.message = message
        self.state = state
        self.actions = actions
        super().__init__(message)

    def __reduce__(self) -> tuple[type[UnfinishedGameError], tuple[str, GameState, int]]:
        return (UnfinishedGameError, (self.message, self.state, self.actions))
