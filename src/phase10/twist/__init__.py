"""Phase 10 Twist: the board game of the Phase 10 family, on the card game's rules.

Pawns move along a board whose spaces set each player's phase; three discard
piles; Twist spaces and Twist cards (``docs/twist.rst`` has the rules, T-ids).

>>> from phase10.twist import new_game, legal_actions, apply, TakePile
>>> state = apply(new_game(["Ann", "Bob"], seed=7), TakePile(0))
>>> state.stage, len(state.players[1].hand)
(<TwistStage.PLAY>, 11)
"""

from __future__ import annotations

from .actions import (
    ChooseSpace,
    DiscardOnto,
    DrawTwist,
    PlaySkip,
    TakePile,
    TwistAction,
    action_to_text,
    parse_action,
)
from .board import DEFAULT_BOARD, Board
from .bots import GreedyBot, RandomBot, TwistBot, play_game
from .engine import apply, check, legal_actions, new_game
from .narration import describe, describe_end, describe_result
from .record import TwistRecord
from .rules import (
    PRESETS,
    SHORT_BOARD,
    Exhaustion,
    TwistChoice,
    TwistRules,
    TwistTiebreak,
    resolve_rules,
)
from .serialization import from_json, to_json
from .simulate import TwistOutcome, play_one
from .state import TwistHandResult, TwistPlayer, TwistStage, TwistState
from .twist_cards import TWIST_CARDS, with_card
from .views import TwistSeatView, TwistView, player_view, spectator_view

__all__ = [
    "DEFAULT_BOARD",
    "PRESETS",
    "SHORT_BOARD",
    "TWIST_CARDS",
    "Board",
    "ChooseSpace",
    "DiscardOnto",
    "DrawTwist",
    "Exhaustion",
    "GreedyBot",
    "PlaySkip",
    "RandomBot",
    "TakePile",
    "TwistAction",
    "TwistBot",
    "TwistChoice",
    "TwistHandResult",
    "TwistOutcome",
    "TwistPlayer",
    "TwistRecord",
    "TwistRules",
    "TwistSeatView",
    "TwistStage",
    "TwistState",
    "TwistTiebreak",
    "TwistView",
    "action_to_text",
    "apply",
    "check",
    "describe",
    "describe_end",
    "describe_result",
    "from_json",
    "legal_actions",
    "new_game",
    "parse_action",
    "play_game",
    "play_one",
    "player_view",
    "resolve_rules",
    "spectator_view",
    "to_json",
    "with_card",
]
