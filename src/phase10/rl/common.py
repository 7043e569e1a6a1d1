"""What the learning modules share: reading a rule set given as Rules or as a variant spec."""

from __future__ import annotations

from .. import variants
from ..errors import InvalidRulesError
from ..limits import show
from ..rules import Rules

__all__ = ["resolve_rules"]


def resolve_rules(rules: Rules | str) -> Rules:
    """``rules`` itself, or the rules of the variant spec ``rules`` (``"masters+floating"``)."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return variants.resolve(rules)
    raise InvalidRulesError(f"rules are a Rules value or a variant spec, not {show(rules)}")
