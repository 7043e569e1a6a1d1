"""Hard 2-player Masters (V-15): each player is dealt Phase cards and must complete those.

The Masters box holds 40 Phase cards, four of each phase (one set per player,
V-1.2). In the hard two-player game they are shuffled together and each player
is dealt ``rules.masters_phase_cards`` of them (20): the phases on a player's
cards, repeats included, are what that player must complete, in any order
(V-1.5), and the first to complete them all wins. So a player may have to make
phase 3 twice and never make phase 7.

:attr:`PlayerState.assigned <phase10.PlayerState.assigned>` holds a player's
Phase cards (sorted; public, as Masters Phase cards lie face up); without them
(every other variant) a player must complete each phase of the list once.

>>> from phase10 import new_game
>>> state = new_game(2, "hard-2p-masters", seed=3)
>>> len(state.players[0].assigned), len(state.players[1].assigned)
(20, 20)
>>> remaining(state.rules, (1, 1, 2), (1,))
(1, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .dealing import shuffled
from .rules import PHASE_CARD_COPIES, Rules

__all__ = ["COPIES", "deal_phase_cards", "finished", "open_numbers", "remaining"]

COPIES = PHASE_CARD_COPIES
"""Phase cards of each phase in the box: one set for each of four players (V-1.2)."""


def deal_phase_cards(rules: Rules, seed: int, players: int) -> tuple[tuple[int, ...], ...]:
    """Each player's Phase cards (sorted), dealt from the shuffled box by the game's seed."""
    count = rules.masters_phase_cards
    if not count:
        return ((),) * players
    box = shuffled([phase.number for phase in rules.phases for _ in range(COPIES)], seed, 0)
    return tuple(tuple(sorted(box[i * count : (i + 1) * count])) for i in range(players))


def remaining(rules: Rules, assigned: Sequence[int], completed: Sequence[int]) -> tuple[int, ...]:
    """The phase numbers a player still has to complete, repeats included, sorted."""
    if not assigned:
        done = set(completed)
        return tuple(p.number for p in rules.phases if p.number not in done)
    left = Counter(assigned)
    left.subtract(completed)
    return tuple(sorted(left.elements()))


def open_numbers(
    rules: Rules, assigned: Sequence[int], completed: Sequence[int]
) -> tuple[int, ...]:
    """The distinct phase numbers a player may still attempt, in list order."""
    left = set(remaining(rules, assigned, completed))
    return tuple(p.number for p in rules.phases if p.number in left)


def finished(rules: Rules, assigned: Sequence[int], completed: Sequence[int]) -> bool:
    """Whether a player has completed every phase asked of them (R-15.1, V-15)."""
    return not remaining(rules, assigned, completed)
