"""The lay-down listing loses nothing: its steps reach exactly the full enumeration's outcomes.

:func:`phase10.legal_actions` lists a phase of several groups a group at a
time, one option per distinct outcome (R-5.4, :mod:`phase10.laying`). The
outcome of a lay-down is what it leaves in hand and what each group means
for later hits (its kind's :meth:`~phase10.Requirement.outcome_key`). The
listing is right when every sequence of listed steps ends in a lay-down the
solver finds (:func:`phase10.iter_completions`), and every lay-down the solver
finds is reached, up to outcome, by some sequence of steps.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ..cards import Card
from ..laying import group_options, remaining_requirements
from ..melds import Meld, MeldRules, NaturalScope
from ..phases import Phase
from ..solver import card_counts, iter_completions

__all__ = ["Outcome", "TooMany", "enumerated", "outcome", "reachable"]

Outcome = tuple[tuple[int, ...], tuple[Hashable, ...]]
"""Card counts left in hand, and what each group means (sorted)."""


class TooMany(Exception):
    """A hand with more lay-downs than the check's budget: it is skipped."""


def outcome(hand: Sequence[Card], melds: Sequence[Meld], wild_positions: bool = False) -> Outcome:
    """Cards left in hand and what each group means for later hits (R-6.5).

    With ``wild_positions`` (movable Wilds, V-13) where the Wilds sit in a run
    is part of what it means.
    """
    rest = list(card_counts(hand))
    for meld in melds:
        for card in meld.cards:
            rest[card.code] -= 1
    meanings = []
    for meld in melds:
        key: Hashable = (meld.requirement, meld.requirement.outcome_key(meld))
        if wild_positions and meld.requirement.kind == "run":
            key = (key, tuple(i for i, c in enumerate(meld.cards) if c.is_wild))
        meanings.append(key)
    return tuple(rest), tuple(sorted(meanings, key=repr))


def reachable(
    hand: Sequence[Card],
    phase: Phase,
    rules: MeldRules,
    wild_positions: bool = False,
    budget: int = 20_000,
) -> tuple[set[Outcome], list[str]]:
    """Every outcome a sequence of listed steps reaches, and what is wrong with the steps.

    The problems found: a step listing two options of the same outcome, or an
    invalid group. Raises :class:`TooMany` past ``budget`` steps.
    """
    found: set[Outcome] = set()
    problems: list[str] = []
    need = rules.natural_card_scope is NaturalScope.PHASE
    steps = 0

    def walk(laid: tuple[Meld, ...]) -> None:
        nonlocal steps
        left = remaining_requirements(phase.requirements, laid)
        if not left:
            found.add(outcome(hand, laid, wild_positions))
            return
        counts = card_counts(hand)
        for meld in laid:
            for card in meld.cards:
                counts[card.code] -= 1
        lacking = need and not any(m.natural_count(rules) for m in laid)
        options = group_options(
            counts, left, rules, need_natural=lacking, wild_positions=wild_positions
        )
        steps += len(options)
        if steps > budget:
            raise TooMany
        keys = [outcome(hand, (*laid, m), wild_positions) for m in options]
        if len(set(keys)) != len(keys):
            shown = " ".join(str(m) for m in laid) or "nothing"
            problems.append(
                f"after {shown}, the step lists two options with the same outcome "
                f"(one option per distinct outcome is listed)"
            )
        for meld in options:
            why = meld.problem(rules)
            if why is not None:
                problems.append(f"the step lists an invalid group {meld}: {why}")
                continue
            walk((*laid, meld))

    walk(())
    return found, problems


def enumerated(
    hand: Sequence[Card],
    phase: Phase,
    rules: MeldRules,
    wild_positions: bool = False,
    budget: int = 20_000,
) -> set[Outcome]:
    """Every outcome of the full enumeration of lay-downs; :class:`TooMany` past ``budget``."""
    found: set[Outcome] = set()
    for count, melds in enumerate(iter_completions(hand, phase, rules)):
        if count >= budget:
            raise TooMany
        found.add(outcome(hand, melds, wild_positions))
    return found
