"""Postal's personal Wilds (V-10.2, A-26): the group rules of a player on a given phase.

Under Postal the cards of a player's phase number are Wilds for that player while the
phase is one of Phases 1-7; whether they count as natural standing for their own number
is ``postal_wilds_natural`` (A-26, V-10.3). The engine, the bots and the displays all ask
here, so they treat those cards alike.

>>> from phase10 import Rules
>>> personal_rules(Rules(postal=True), 3).wild_numbers
frozenset({3})
>>> personal_rules(Rules(postal=True), 8) == Rules(postal=True).meld_rules
True
"""

from __future__ import annotations

from .cards import Card
from .melds import Meld, MeldRules, meld_rules_of
from .rules import Rules

__all__ = ["LAST_POSTAL_PHASE", "acts_as_wild", "personal_rules"]

LAST_POSTAL_PHASE = 7
"""The last phase whose number cards are Wild for the player on it (V-10.2)."""


def personal_rules(rules: Rules, phase: int | None) -> MeldRules:
    """``rules``' group rules for a player on ``phase`` (``None``: not known, or a tiebreak
    hand): the table's, plus the phase's number as a personal Wild under Postal."""
    base = rules.meld_rules
    if not rules.postal or phase is None or phase > LAST_POSTAL_PHASE:
        return base
    return MeldRules(
        base.natural_card_scope,
        base.run_wraparound,
        base.wild_value_range,
        {phase},
        rules.postal_wilds_natural,
    )


def acts_as_wild(meld: Meld, position: int, card: Card, rules: MeldRules | None = None) -> bool:
    """Whether ``card`` at ``position`` of ``meld`` is played as a Wild (R-7.3, V-10.2).

    A card that is not what its position stands for is a Wild (a Wild, or a Postal
    phase-number card standing for another number). Under ``rules`` whose phase-number
    Wilds never count as natural (``postal_wilds_natural=False``, A-26, V-10.3) such a
    card is a Wild even at its own number.

    >>> from phase10 import MeldRules, SetOf
    >>> meld = SetOf(3).make("R3 B3 G3")
    >>> acts_as_wild(meld, 0, meld.cards[0]), acts_as_wild(meld, 0, meld.cards[0], MeldRules(
    ...     wild_numbers={3}, wild_numbers_natural=False))
    (False, True)
    """
    if not meld.requirement.fits_naturally(meld, position, card):
        return True
    mr = meld_rules_of(rules)
    return mr.personal_never_natural and card.is_natural and mr.is_wild_code(card.code)
