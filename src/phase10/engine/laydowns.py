"""Lay-downs a group at a time (R-5): what :func:`legal_actions` lists, what LayGroup checks.

A phase of one group is listed as whole :class:`~phase10.LayDown` actions. A
phase of several groups is listed a group at a time: a
:class:`~phase10.LayGroup` for each group but the last, then a ``LayDown``
that adds the last group and puts the whole phase on the table (R-5.4). Each
step lists one action per distinct outcome (cards left, meaning on the table;
see :mod:`phase10.laying`) among the groups that leave the rest of the phase
possible, so no step ever lists more than one group's choices.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, LayGroup, canonical_lay_down
from ..cards import SKIP, WILD, Card
from ..fastpath import completes
from ..laying import group_options, remaining_requirements
from ..melds import Meld, MeldRules, NaturalScope, Requirement
from ..phases import Phase
from ..solver import (
    can_complete,
    can_complete_counts,
    card_counts,
    fast_plan,
    requirements_plan,
)
from ..state import GameState
from .common import play_problem, player_rules
from .partial import partial_groups

__all__ = ["can_finish", "lay_down_actions", "leftover_problem", "needs_natural"]


def leftover_problem(state: GameState, hand: tuple[Card, ...], used: int) -> str | None:
    """Why laying ``used`` cards of ``hand`` (never its Skips) leaves an illegal rest.

    Only the number of cards left and whether the last one is a Skip matter
    (R-10.2, A-9, V-10.1), so stand-in cards are checked.
    """
    left = len(hand) - used
    if left == 1 and any(card.is_skip for card in hand):
        return play_problem(state, (SKIP,))
    return play_problem(state, (WILD,) * left)


def needs_natural(rules: MeldRules, laid: Sequence[Meld]) -> bool:
    """Whether the rest of the phase must bring a natural card (R-7.2, A-3 scope "phase")."""
    return rules.natural_card_scope is NaturalScope.PHASE and not any(
        meld.natural_count(rules) for meld in laid
    )


def can_finish(
    rest: tuple[Card, ...], left: tuple[Requirement, ...], rules: MeldRules, need: bool
) -> bool:
    """Whether the cards ``rest`` can make the requirements ``left`` (groups at minimum size)."""
    plan = requirements_plan(left, rules)
    return can_complete_counts(card_counts(rest), left, rules, need_natural=need, plan=plan)


def lay_down_actions(state: GameState, seat: int) -> list[Action]:
    """The lay-down steps ``seat`` may take now (none once its phase is down)."""
    hand = state.players[seat].hand
    if state.laying is None and not state.rules.partial_phasing:
        target = state.target_phase(seat)  # the common case: one phase, nothing laid yet
        if target is not None:
            rules = player_rules(state, seat, target)
            plan = fast_plan(target, rules)
            if plan is not None:
                if not completes(plan, hand, rules.natural_card_scope is NaturalScope.PHASE):
                    return []  # most hands: one fast yes/no answer
            elif not can_complete(hand, target, rules):
                return []
            return _steps(state, hand, target, (), rules, None)
    laying = state.laying
    table = partial_groups(state, seat)  # V-15 partial phasing: groups already down
    phases = state.open_phases(seat)
    named = len(phases) > 1
    if laying is not None:
        phases = tuple(p for p in phases if p.number == laying.phase)
    elif table:
        phases = tuple(p for p in phases if p.number == state.players[seat].phase_attempted)
    partial = state.rules.partial_phasing
    result: list[Action] = []
    for phase in phases:
        rules = player_rules(state, seat, phase)
        pending = laying.melds if laying is not None else table
        if not pending and not partial and not can_complete(hand, phase, rules):
            continue  # most hands: one fast yes/no answer
        number = phase.number if named else None
        if partial and len(remaining_requirements(phase.requirements, pending)) > 1:
            result.extend(_partial_steps(state, hand, phase, pending, rules, number))
        else:
            result.extend(_steps(state, hand, phase, pending, rules, number, in_hand=not table))
    return result


def _partial_steps(
    state: GameState,
    hand: tuple[Card, ...],
    phase: Phase,
    pending: tuple[Meld, ...],
    rules: MeldRules,
    named: int | None,
) -> list[Action]:
    """V-15 partial phasing: a group for any missing requirement but the last, whether or
    not the hand holds the rest of the phase (it must hold enough cards for it)."""
    left = remaining_requirements(phase.requirements, pending)
    if leftover_problem(state, hand, sum(r.size for r in left)):
        return []
    counts = card_counts(hand)
    result: list[Action] = []
    for requirement in dict.fromkeys(left):  # each distinct requirement once
        options = group_options(
            counts,
            (requirement,),
            rules,
            need_natural=False,
            wild_positions=state.rules.movable_wilds,
        )
        for meld in options:
            result.append(LayGroup(meld, named))
    return result


def _steps(
    state: GameState,
    hand: tuple[Card, ...],
    phase: Phase,
    pending: tuple[Meld, ...],
    rules: MeldRules,
    named: int | None,
    *,
    in_hand: bool = True,
) -> list[Action]:
    """The next step of a lay-down; ``pending`` groups are still in hand (R-5.4) unless
    ``in_hand`` is false (on the table already, V-15 partial phasing)."""
    left = remaining_requirements(phase.requirements, pending)
    used = sum(len(m.cards) for m in pending if in_hand) + sum(r.size for r in left)
    if leftover_problem(state, hand, used):
        return []
    counts = card_counts(hand)
    for meld in pending if in_hand else ():
        for card in meld.cards:
            counts[card.code] -= 1
    options = group_options(
        counts,
        left,
        rules,
        need_natural=needs_natural(rules, pending),
        wild_positions=state.rules.movable_wilds,
    )
    if len(left) == 1:
        if not pending:
            return [canonical_lay_down((meld,), named) for meld in options]
        return [
            canonical_lay_down(tuple(sorted((*pending, meld), key=Meld.sort_key)), named)
            for meld in options
        ]
    return [LayGroup(meld, named) for meld in options]
