"""phase10: the complete, typed rules engine for the card game Phase 10 and its variants."""

from __future__ import annotations

from . import variants
from .actions import (
    Action,
    ChoosePhase,
    Discard,
    DrawStock,
    GiveCard,
    Hit,
    LayDown,
    NextHand,
    Save,
    SwapWild,
    TakeDiscard,
    TakeSaved,
)
from .bots import Bot, GreedyBot, RandomBot, play_game
from .cards import (
    COLORS,
    RULE_CARD,
    SKIP,
    WILD,
    Card,
    CardKind,
    Color,
    DeckSpec,
    card_points,
    format_cards,
    parse_cards,
    sort_cards,
    standard_deck,
)
from .engine import apply, check, legal_actions, new_game, skip_targets
from .errors import (
    IllegalActionError,
    IllegalReason,
    InvalidDataError,
    InvalidMeldError,
    InvalidRulesError,
    Phase10Error,
)
from .extra_kinds import (
    COLOR_PHASES,
    UNOBOT_30_PHASES,
    ColorParityRunOf,
    ColorRunOf,
    ColorSetOf,
    Parity,
    ParityOf,
    ParityRunOf,
)
from .melds import ColorOf, End, Meld, MeldRules, NaturalScope, Requirement, RunOf, SetOf
from .narration import describe, describe_result
from .notation import action_to_text, parse_action
from .phases import EVEN_PHASES, ODD_PHASES, PHASE_20, STANDARD_PHASES, Phase
from .record import GameRecord, replay
from .rules import Rules, Scoring
from .serialization import from_json, to_json
from .solver import can_complete, find_completions, laydown_problem
from .state import GameState, HandResult, PlayerState, Stage
from .views import PlayerView, SeatView, player_view, spectator_view

__version__ = "0.1.0"

__all__ = [
    "COLORS",
    "COLOR_PHASES",
    "EVEN_PHASES",
    "ODD_PHASES",
    "PHASE_20",
    "RULE_CARD",
    "SKIP",
    "STANDARD_PHASES",
    "UNOBOT_30_PHASES",
    "WILD",
    "Action",
    "Bot",
    "Card",
    "CardKind",
    "ChoosePhase",
    "Color",
    "ColorOf",
    "ColorParityRunOf",
    "ColorRunOf",
    "ColorSetOf",
    "DeckSpec",
    "Discard",
    "DrawStock",
    "End",
    "GameRecord",
    "GameState",
    "GiveCard",
    "GreedyBot",
    "HandResult",
    "Hit",
    "IllegalActionError",
    "IllegalReason",
    "InvalidDataError",
    "InvalidMeldError",
    "InvalidRulesError",
    "LayDown",
    "Meld",
    "MeldRules",
    "NaturalScope",
    "NextHand",
    "Parity",
    "ParityOf",
    "ParityRunOf",
    "Phase",
    "Phase10Error",
    "PlayerState",
    "PlayerView",
    "RandomBot",
    "Requirement",
    "Rules",
    "RunOf",
    "Save",
    "Scoring",
    "SeatView",
    "SetOf",
    "Stage",
    "SwapWild",
    "TakeDiscard",
    "TakeSaved",
    "__version__",
    "action_to_text",
    "apply",
    "can_complete",
    "card_points",
    "check",
    "describe",
    "describe_result",
    "find_completions",
    "format_cards",
    "from_json",
    "laydown_problem",
    "legal_actions",
    "new_game",
    "parse_action",
    "parse_cards",
    "play_game",
    "player_view",
    "replay",
    "skip_targets",
    "sort_cards",
    "spectator_view",
    "standard_deck",
    "to_json",
    "variants",
]
