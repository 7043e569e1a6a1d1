"""Worst cases of the lay-down listing: the hands that once made ``legal_actions`` explode.

For each case it times, on the player's turn after the draw:

* ``can_complete`` of the whole hand (the yes/no answer every listing starts with);
* the lay-down steps alone (``phase10.engine.laydowns.lay_down_actions``);
* the whole ``legal_actions`` call, at the first step and at the worst second step
  (after the first group whose follow-up listing is longest);

with the peak memory of one ``legal_actions`` call (``tracemalloc``).

The cases are the hands of issue 9, plus, for each phase list (standard, even, odd,
phase-20, the 30-phase list, colour phases, Postal), the hand a hill-climbing search
finds with the longest first-step listing of any phase of the list. Times are CPU
time (``time.process_time``), medians over repeats, so other load on a shared
machine inflates them less than wall-clock time.

    python benchmarks/bench_worst_case.py                 # every case, the search included
    python benchmarks/bench_worst_case.py --climb 0       # the fixed cases only
    python benchmarks/bench_worst_case.py --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence

import attrs
from report import describe, format_load, header, load_average

from phase10 import (
    PHASE_20,
    STANDARD_PHASES,
    Card,
    GameState,
    LayGroup,
    Phase,
    Rules,
    SetOf,
    Stage,
    apply,
    can_complete,
    legal_actions,
    new_game,
    parse_cards,
    standard_deck,
)
from phase10.engine.common import player_rules
from phase10.engine.laydowns import lay_down_actions
from phase10.errors import InvalidRulesError
from phase10.extra_kinds import COLOR_PHASES, UNOBOT_30_PHASES

BUDGET_MS = 10.0
BUDGET_MB = 20.0


@attrs.frozen
class Case:
    """A hand on the turn of seat 0, who must lay down ``phase`` under ``rules``."""

    name: str
    rules: Rules
    phase: int
    hand: tuple[Card, ...]


def table_state(case: Case) -> GameState:
    """A game in which seat 0 holds ``case.hand`` after drawing and must make ``case.phase``.

    Earlier phases of the list count as completed, so Postal's personal Wilds
    (V-10.2) and the phase order apply as in a real game.
    """
    state = new_game(2, case.rules, seed=1)
    numbers = [p.number for p in case.rules.phases]
    done = tuple(numbers[: numbers.index(case.phase)])
    me = attrs.evolve(state.players[0], hand=tuple(sorted(case.hand)), completed=done)
    return attrs.evolve(
        state, players=(me, state.players[1]), stage=Stage.PLAY, current_player=0, turn=5
    )


def _cpu_ms(call: Callable[[], object], repeats: int) -> float:
    samples = []
    for _ in range(repeats):
        start = time.process_time()
        call()
        samples.append((time.process_time() - start) * 1000)
    return statistics.median(samples)


def _peak_mb(call: Callable[[], object]) -> float:
    tracemalloc.start()
    call()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1e6


def measure(case: Case, repeats: int) -> dict[str, object]:
    """Times (ms), listing sizes and peak memory (MB) of one case."""
    state = table_state(case)
    phase = case.rules.phase(case.phase)
    rules = player_rules(state, 0, phase)
    first = legal_actions(state)
    worst_next = state
    longest = -1
    for action in first:
        if isinstance(action, LayGroup):
            after = apply(state, action)
            size = len(legal_actions(after))
            if size > longest:
                longest, worst_next = size, after
    return {
        "case": case.name,
        "phase": case.phase,
        "hand": " ".join(map(str, case.hand)),
        "listed": len(first),
        "listed_next": max(longest, 0),
        "can_complete_ms": _cpu_ms(lambda: can_complete(case.hand, phase, rules), repeats),
        "steps_ms": _cpu_ms(lambda: lay_down_actions(state, 0), repeats),
        "legal_ms": _cpu_ms(lambda: legal_actions(state), repeats),
        "legal_next_ms": _cpu_ms(lambda: legal_actions(worst_next), repeats),
        "peak_mb": max(
            _peak_mb(lambda: legal_actions(state)), _peak_mb(lambda: legal_actions(worst_next))
        ),
    }


def issue_cases() -> list[Case | str]:
    """The hands issue 9 reported, or why one cannot be dealt any more."""
    postal = Rules(postal=True, spec="postal")
    cases: list[Case | str] = [
        Case("postal phase 3", postal, 3, parse_cards("R3 R3 B3 B3 G3 G3 Y3 Y3 W W W")),
        Case("postal phase 3 (b)", postal, 3, parse_cards("R3 B3 G3 Y3 R4 R5 R6 W W W Y9")),
        Case(
            "custom 8 x SetOf(1), 8 Wilds",
            Rules(phases=(Phase(1, (SetOf(1),) * 8),), spec="custom"),
            1,
            parse_cards("W W W W W W W W R1 B5 G9"),
        ),
        Case(
            "standard phase 2",
            Rules(),
            2,
            parse_cards("R5 R6 B6 B8 G6 G7 Y6 W W W W"),
        ),
    ]
    try:
        big = Rules(phases=STANDARD_PHASES + PHASE_20[10:], hand_size=30, spec="phase-20")
    except InvalidRulesError as error:
        cases.append(f"phase-20 with hand_size=30: refused ({error})")
    else:
        deck = list(standard_deck(big))
        random.Random(5).shuffle(deck)
        wilds = [c for c in deck if c.is_wild]
        hand = tuple(sorted(wilds + [c for c in deck if not c.is_wild][: 31 - len(wilds)]))
        cases.append(Case("phase-20, hand_size=30", big, 11, hand))
    return cases


PHASE_LISTS: dict[str, Rules] = {
    "standard": Rules(),
    "even-phases": Rules(phases=STANDARD_PHASES[1::2], spec="even-phases"),
    "odd-phases": Rules(phases=STANDARD_PHASES[0::2], spec="odd-phases"),
    "phase-20": Rules(phases=STANDARD_PHASES + PHASE_20[10:], spec="phase-20"),
    "30 phases": Rules(phases=UNOBOT_30_PHASES, spec="30-phases"),
    "colour phases": Rules(phases=COLOR_PHASES, spec="colour-phases"),
    "postal": Rules(postal=True, spec="postal"),
}


def _listing_size(case: Case) -> int:
    return len(legal_actions(table_state(case)))


def climb(name: str, rules: Rules, steps: int, rng: random.Random) -> Case:
    """The hand (size hand_size + 1) with the longest first-step listing found by hill climbing.

    Each phase of the list gets a share of the steps; a step swaps one card of
    the hand for another card of the deck and keeps the change unless the
    listing gets shorter. Hands start Wild-rich, where listings are long.
    """
    deck = list(standard_deck(rules))
    size = rules.hand_size + 1
    best: Case | None = None
    best_size = -1
    per_phase = max(1, steps // len(rules.phases))
    for phase in rules.phases:
        pool = list(deck)
        rng.shuffle(pool)
        wilds = [c for c in pool if c.is_wild][: size // 2]
        others = [c for c in pool if not c.is_wild and not c.is_skip]
        hand = wilds + others[: size - len(wilds)]
        current = _listing_size(Case(name, rules, phase.number, tuple(hand)))
        for _ in range(per_phase):
            trial = list(hand)
            trial[rng.randrange(size)] = rng.choice(deck)
            if any(trial.count(c) > deck.count(c) for c in set(trial)):
                continue
            listed = _listing_size(Case(name, rules, phase.number, tuple(trial)))
            if listed >= current:
                hand, current = trial, listed
        if current > best_size:
            best_size = current
            best = Case(f"{name}: hill-climbed", rules, phase.number, tuple(sorted(hand)))
    assert best is not None
    return best


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--climb", type=int, default=600, help="search steps per phase list")
    parser.add_argument("--repeats", type=int, default=7, help="timed calls per figure")
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    machine = describe()
    rng = random.Random(args.seed)
    cases = issue_cases()
    if args.climb:
        cases += [climb(name, rules, args.climb, rng) for name, rules in PHASE_LISTS.items()]
    rows: list[dict[str, object]] = []
    notes: list[str] = []
    for case in cases:
        if isinstance(case, str):
            notes.append(case)
        else:
            rows.append(measure(case, args.repeats))
    machine["load_average_end"] = load_average()
    if args.json:
        print(json.dumps({"machine": machine, "rows": rows, "notes": notes}, indent=2))
        return
    print("\n".join(header(machine)))
    print(f"load average at the end {format_load(load_average())}")
    print(f"budget: {BUDGET_MS:g} ms and {BUDGET_MB:g} MB per legal_actions call (CPU time)")
    columns = (
        "| case | phase | listed (next) | can_complete ms | steps ms | legal_actions ms "
        "(next) | peak MB | within budget |"
    )
    print(columns)
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        worst = max(float(row["legal_ms"]), float(row["legal_next_ms"]))  # type: ignore[arg-type]
        ok = worst <= BUDGET_MS and float(row["peak_mb"]) <= BUDGET_MB  # type: ignore[arg-type]
        print(
            f"| {row['case']} | {row['phase']} | {row['listed']} ({row['listed_next']}) | "
            f"{row['can_complete_ms']:.3f} | {row['steps_ms']:.2f} | "
            f"{row['legal_ms']:.2f} ({row['legal_next_ms']:.2f}) | {row['peak_mb']:.2f} | "
            f"{'yes' if ok else 'NO'} |"
        )
    for row in rows:
        print(f"  {row['case']}: {row['hand']}")
    for note in notes:
        print(f"  {note}")


if __name__ == "__main__":
    main()
