"""Worst cases of the phase solver on phases a variant may define and hands of whole decks.

Each case asks ``can_complete``, ``find_completions`` (``limit=1000``) and
``phase10.bots.phase_distance`` about one hand and one phase, and prints the CPU time
of each (``time.process_time``) and its outcome: an answer, ``LIMIT`` (more than 1000
lay-downs) or ``BUDGET`` (``CompletionLimitError``: the search spent
``phase10.limits.SEARCH_BUDGET`` without an answer). Every call must end within about
a second on any input: no case may print more than ``--max-seconds``.

    python benchmarks/bench_solver_bounds.py
    python benchmarks/bench_solver_bounds.py --max-seconds 3   # exit 1 above that
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from phase10 import (
    Card,
    ColorOf,
    CompletionLimitError,
    DeckSpec,
    MeldRules,
    Phase,
    RunOf,
    SetOf,
    can_complete,
    find_completions,
    standard_deck,
)
from phase10.bots import phase_distance
from phase10.cards import WILD
from phase10.extra_kinds import AltColorRunOf, ColorRunOf, ColorSetOf, ParityOf, ParityRunOf
from phase10.melds import NaturalScope

Case = tuple[str, Sequence[Card], Phase, MeldRules]


def cases() -> list[Case]:
    """Many small groups beside one the hand may miss, whole decks, many Wilds, every
    natural-card scope, Postal's personal Wilds, the extra kinds."""
    rng = random.Random(1)
    deck = standard_deck()
    big = standard_deck(DeckSpec(copies=4, wilds=40))
    wilds_and_30 = (WILD,) * 8 + tuple(rng.sample(deck, 30))
    naturals = [card for card in deck if card.number is not None and card.number != 7]
    runs_hand = (*naturals[:76], WILD)
    found: list[Case] = []
    for scope in NaturalScope:
        rules = MeldRules(scope)
        found += [
            (
                "deck 10 sets of 2 + colour 30",
                deck,
                Phase(1, [SetOf(2)] * 10 + [ColorOf(30)]),
                rules,
            ),
            ("deck 20 colour 2 + run 13", deck, Phase(1, [ColorOf(2)] * 20 + [RunOf(13)]), rules),
            ("8W+30 12 sets of 3", wilds_and_30, Phase(1, [SetOf(3)] * 12), rules),
            ("8W+30 12 runs of 3", wilds_and_30, Phase(1, [RunOf(3)] * 12), rules),
            ("8W+30 12 colour 3", wilds_and_30, Phase(1, [ColorOf(3)] * 12), rules),
            (
                "8W+30 extra kinds",
                wilds_and_30,
                Phase(
                    1,
                    [ColorRunOf(3)] * 4
                    + [ParityRunOf(3)] * 4
                    + [ColorSetOf(2)] * 4
                    + [ParityOf(10)],
                ),
                rules,
            ),
            (
                "deck 10 colour sets + alt run 13",
                deck,
                Phase(1, [ColorSetOf(2)] * 10 + [AltColorRunOf(13)]),
                rules,
            ),
            (
                "4 decks sets/colours of 20 + run 13",
                big,
                Phase(1, [SetOf(20)] * 5 + [ColorOf(20)] * 5 + [RunOf(13)]),
                rules,
            ),
            ("76 cards 24 runs of 3", runs_hand, Phase(1, [RunOf(3)] * 24), rules),
        ]
    for wild_numbers in ({1}, {1, 2, 3, 4, 5, 6, 7}):
        for natural in (True, False):
            rules = MeldRules(wild_numbers=frozenset(wild_numbers), wild_numbers_natural=natural)
            name = f"Postal {sorted(wild_numbers)} natural={natural}"
            found += [
                (f"{name} 12 runs of 3", wilds_and_30, Phase(1, [RunOf(3)] * 12), rules),
                (
                    f"{name} deck 10 sets + colour 30",
                    deck,
                    Phase(1, [SetOf(2)] * 10 + [ColorOf(30)]),
                    rules,
                ),
            ]
    return found


def timed(call: Callable[[], object]) -> tuple[float, str]:
    start = time.process_time()
    try:
        outcome = str(call())
    except CompletionLimitError as error:
        outcome = "BUDGET" if "budget" in str(error) else "LIMIT"
    return time.process_time() - start, outcome


def calls(
    hand: Sequence[Card], phase: Phase, rules: MeldRules
) -> list[tuple[str, Callable[[], object]]]:
    """The three questions of one case."""
    return [
        ("can", lambda: can_complete(hand, phase, rules)),
        ("find", lambda: len(find_completions(hand, phase, rules, limit=1000))),
        ("distance", lambda: phase_distance(hand, phase, rules)),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--max-seconds", type=float, default=None)
    args = parser.parse_args(argv)
    worst = 0.0
    for name, hand, phase, rules in cases():
        row = [f"{name[:40]:40} {rules.natural_card_scope.value:5}"]
        for label, call in calls(hand, phase, rules):
            seconds, outcome = timed(call)
            worst = max(worst, seconds)
            row.append(f"{label} {seconds:5.2f}s {outcome:6}")
        print(" | ".join(row), flush=True)
    print(f"slowest call: {worst:.2f}s CPU")
    return 1 if args.max_seconds is not None and worst > args.max_seconds else 0


if __name__ == "__main__":
    sys.exit(main())
