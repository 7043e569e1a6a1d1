"""phase10: the complete, typed rules engine for the card game Phase 10 and its variants."""

from __future__ import annotations

from .cards import (
    COLORS,
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
from .errors import (
    IllegalActionError,
    IllegalReason,
    InvalidDataError,
    InvalidMeldError,
    InvalidRulesError,
    Phase10Error,
)
from .melds import ColorOf, End, Meld, MeldRules, NaturalScope, Requirement, RunOf, SetOf
from .phases import EVEN_PHASES, ODD_PHASES, PHASE_20, STANDARD_PHASES, Phase
from .solver import can_complete, find_completions, laydown_problem

__version__ = "0.1.0"

__all__ = [
    "COLORS",
    "EVEN_PHASES",
    "ODD_PHASES",
    "PHASE_20",
    "SKIP",
    "STANDARD_PHASES",
    "WILD",
    "Card",
    "CardKind",
    "Color",
    "ColorOf",
    "DeckSpec",
    "End",
    "IllegalActionError",
    "IllegalReason",
    "InvalidDataError",
    "InvalidMeldError",
    "InvalidRulesError",
    "Meld",
    "MeldRules",
    "NaturalScope",
    "Phase",
    "Phase10Error",
    "Requirement",
    "RunOf",
    "SetOf",
    "__version__",
    "can_complete",
    "card_points",
    "find_completions",
    "format_cards",
    "laydown_problem",
    "parse_cards",
    "sort_cards",
    "standard_deck",
]
