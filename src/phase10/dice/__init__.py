"""Phase 10 Dice: the dice game of the Phase 10 family, on the card game's phase model.

>>> from phase10.dice import new_game, legal_actions, apply, Roll
>>> state = apply(new_game(["Ann", "Bob"], seed=7), Roll())
>>> state.stage
<DiceStage.PLAY>
"""

from __future__ import annotations

from .actions import (
    Declare,
    DiceAction,
    EndTurn,
    Keep,
    Release,
    Roll,
    action_to_text,
    parse_action,
)
from .bots import DiceBot, GreedyBot, RandomBot, play_game
from .engine import apply, check, legal_actions, new_game, rolled_faces
from .faces import STANDARD_DICE, Die, Face, format_faces, parse_faces
from .narration import describe, describe_end
from .record import DiceRecord
from .rules import (
    DICE_PHASES,
    PRESETS,
    DiceRules,
    DiceTiebreak,
    Ending,
    WildColor,
    resolve_rules,
)
from .serialization import from_json, to_json
from .simulate import DiceOutcome, play_one
from .solver import can_make, closest, declaration_problem, declarations, points
from .state import Bonus, DicePlayer, DiceStage, DiceState
from .views import DiceView, player_view, spectator_view

__all__ = [
    "DICE_PHASES",
    "PRESETS",
    "STANDARD_DICE",
    "Bonus",
    "Declare",
    "DiceAction",
    "DiceBot",
    "DiceOutcome",
    "DicePlayer",
    "DiceRecord",
    "DiceRules",
    "DiceStage",
    "DiceState",
    "DiceTiebreak",
    "DiceView",
    "Die",
    "EndTurn",
    "Ending",
    "Face",
    "GreedyBot",
    "Keep",
    "RandomBot",
    "Release",
    "Roll",
    "WildColor",
    "action_to_text",
    "apply",
    "can_make",
    "check",
    "closest",
    "declaration_problem",
    "declarations",
    "describe",
    "describe_end",
    "format_faces",
    "from_json",
    "legal_actions",
    "new_game",
    "parse_action",
    "parse_faces",
    "play_game",
    "play_one",
    "player_view",
    "points",
    "resolve_rules",
    "rolled_faces",
    "spectator_view",
    "to_json",
]
