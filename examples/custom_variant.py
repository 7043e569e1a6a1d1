"""A custom variant: your own phase list, registered by name, played by bots.

A variant is a name, a description and a function from ``Rules`` to ``Rules``.
Once registered, its name works everywhere a spec does: ``variants.resolve``,
joined with other variants by ``+``, and the command line run from the program
that registered it (``phase10.cli.main(["demo", "--variant", "coffee-break"])``:
a separate ``phase10`` process knows only the variants that packages register
through the ``phase10.variants`` entry point).

    python examples/custom_variant.py [--seed N] [--games N]
"""

from __future__ import annotations

import argparse
import sys

from phase10 import (
    Action,
    ColorOf,
    GameState,
    GreedyBot,
    Phase,
    RandomBot,
    Rules,
    RunOf,
    SetOf,
    describe_result,
    from_json,
    new_game,
    play_game,
    to_json,
    variants,
)
from phase10.simulate import simulate
from phase10.variants import Variant

# Four short phases for a game that fits in a coffee break. Phase numbers are
# the names players use ("I'm on phase 3"); each phase lists its groups.
COFFEE_PHASES = (
    Phase(1, (SetOf(3),)),
    Phase(2, (RunOf(5),)),
    Phase(3, (SetOf(3), ColorOf(4))),
    Phase(4, (SetOf(4), RunOf(4)), name="the espresso: 1 set of 4 + 1 run of 4"),
)


def coffee_break(rules: Rules) -> Rules:
    """The variant's transform: only the phase list changes, every other rule stays."""
    return rules.with_options(phases=COFFEE_PHASES)


COFFEE_BREAK = Variant(
    "coffee-break",
    "Four short phases: a set of 3; a run of 5; a set of 3 + 4 of one colour; "
    "a set of 4 + a run of 4.",
    coffee_break,
    aliases=("coffee",),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Register a custom variant and play it.")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--games", type=int, default=10, help="games for the simulation")
    args = parser.parse_args(argv)

    # replace=True keeps the example re-runnable in one interpreter (e.g. a notebook).
    variants.register(COFFEE_BREAK, replace=True)
    rules = variants.resolve("coffee")  # an alias works too; the spec is canonical
    print(f"{rules.spec}: {len(rules.phases)} phases")
    for phase in rules.phases:
        print(f"  {phase}")

    # Variants combine: the custom phases with Wilds that may be discarded as Skips.
    print(f"combined: {variants.resolve('coffee-break+truly-wild').spec}")

    def on_action(before: GameState, action: Action, after: GameState) -> None:
        if len(after.results) > len(before.results):
            print(
                f"  hand {after.results[-1].hand_number}: "
                f"{describe_result(after, after.results[-1])}"
            )

    state = new_game(["Ann", "Bob", "Cy"], rules, seed=args.seed)
    final = play_game(state, [GreedyBot(), GreedyBot(), RandomBot(seed=1)], on_action=on_action)
    for seat in final.winners:
        winner = final.players[seat]
        print(f"{winner.name} wins with {winner.score} points after {len(final.results)} hands")

    # JSON holds the rules themselves (the spec is a label), so a saved game loads even in
    # a program that never registered the variant, the plain `phase10` command included.
    loaded = from_json(to_json(final), GameState)  # the kind asked for: a typed result
    assert loaded == final
    print(f"saved and loaded: {loaded.rules.spec}, final phase {loaded.rules.final_phase}")

    # Simulations take Rules as well as specs, so they work with custom variants.
    summary = simulate(rules, ["greedy", "greedy", "random"], games=args.games, seed=args.seed)
    # win_rate_by_bot is per seat: two greedy seats that win every game have 50% each.
    seats = {kind: summary.bots.count(kind) for kind in summary.win_rate_by_bot}
    won = ", ".join(
        f"{kind} {rate * seats[kind]:.0%} ({rate:.0%} per seat)"
        for kind, rate in summary.win_rate_by_bot.items()
    )
    print(f"{summary.games} games: {summary.hands_mean:.1f} hands on average; games won: {won}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
