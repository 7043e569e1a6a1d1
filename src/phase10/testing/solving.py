"""The checks of whole phases: the solver against the brute force, the lay-down listing
against the full enumeration."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import Card, format_cards
from ..melds import MeldRules
from ..phases import Phase
from ..solver import can_complete, iter_completions, laydown_problem
from .groups import rules_text
from .laydowns import TooMany, enumerated, reachable
from .oracle import BruteForce, Partition
from .report import Recorder

__all__ = ["canonical_partition", "check_listing", "check_solver"]

_BUDGET = 2_000
"""Lay-downs (or listing steps) a hand may have before it is skipped as too costly."""


def canonical_partition(partition: Sequence[tuple[int, ...]], phase: Phase) -> Partition:
    """Sort the contents of equal requirements, which are interchangeable."""
    groups = list(partition)
    reqs = phase.requirements
    for req in set(reqs):
        places = [i for i, r in enumerate(reqs) if r == req]
        for place, group in zip(places, sorted(groups[i] for i in places), strict=True):
            groups[place] = group
    return tuple(groups)


def check_solver(
    recorder: Recorder, hand: Sequence[Card], phase: Phase, rules: MeldRules, oracle: BruteForce
) -> None:
    """:func:`~phase10.can_complete` agrees with the brute force, and the lay-downs of
    :func:`~phase10.iter_completions` are valid, from the hand, and exactly the brute
    force's ways to split the hand (R-2, R-5, R-7, A-3, A-4, V-10.2)."""
    name = "solver matches the brute force"
    where = f"{phase}, hand {format_cards(hand)}, {rules_text(rules)}"
    with recorder.check(name, where):
        expected = oracle.can_complete(hand, phase)
        if can_complete(hand, phase, rules) != expected:
            verdict = "can" if expected else "cannot"
            recorder.fail(
                name,
                f"can_complete says the opposite of the brute force: the hand {verdict} "
                f"lay it down ({where})",
            )
            return
        have = Counter(hand)
        found: set[Partition] = set()
        for count, melds in enumerate(iter_completions(hand, phase, rules)):
            if count >= _BUDGET:
                return
            why = laydown_problem(melds, phase, rules)
            used = Counter(card for meld in melds for card in meld.cards)
            if why is not None or used - have:
                shown = " | ".join(str(m) for m in melds)
                recorder.fail(
                    name,
                    f"iter_completions gives {shown}: {why or 'cards not in the hand'} ({where})",
                )
                return
            found.add(
                canonical_partition(
                    tuple(tuple(sorted(c.code for c in m.cards)) for m in melds), phase
                )
            )
        wanted = {canonical_partition(p, phase) for p in oracle.partitions(hand, phase)}
        if found != wanted:
            missing = len(wanted - found)
            extra = len(found - wanted)
            recorder.fail(
                name,
                f"iter_completions misses {missing} and adds {extra} of the brute force's "
                f"{len(wanted)} ways to split the hand ({where})",
            )


def check_listing(
    recorder: Recorder,
    hand: Sequence[Card],
    phase: Phase,
    rules: MeldRules,
    wild_positions: bool = False,
) -> None:
    """The lay-down listing's steps reach exactly the outcomes of the full enumeration, one
    option per outcome (R-5.4); a hand with too many lay-downs is skipped."""
    name = "lay-down listing loses nothing"
    where = f"{phase}, hand {format_cards(hand)}, {rules_text(rules)}"
    with recorder.check(name, where):
        try:
            expected = enumerated(hand, phase, rules, wild_positions, _BUDGET)
            got, problems = reachable(hand, phase, rules, wild_positions, _BUDGET)
        except TooMany:
            return
        for problem in problems:
            recorder.fail(name, f"{problem} ({where})")
        if got != expected:
            recorder.fail(
                name,
                f"the steps reach {len(got - expected)} outcomes the enumeration does not "
                f"have and miss {len(expected - got)} of its {len(expected)} ({where})",
            )
