"""Learning: the cost of an environment step against an engine decision, and lay-down slots.

Two measurements (issue 11):

* **Step cost.** Random play of whole games two ways, in interleaved rounds: the engine
  (``legal_actions`` + ``apply``, as ``bench_engine.py``'s "phase10 random" row) and the
  PettingZoo environment (``env.last()``, a uniform choice among the indices its action
  mask allows, ``env.step``: the observation array, the mask, decoding the index, the
  engine's step, the deals between hands). Both count one decision per player move and
  time whole games (deals included). The figure is the median over rounds of the ratio
  of time per decision, environment / engine; issue 11 asks for at most 2x.
* **Lay-down slots.** :class:`phase10.rl.ActionCodec` gives the lay-down steps of a listing
  ``LAY_SLOTS`` indices by position. Over games of GreedyBot and RandomBot seats in several
  variants it counts the listings with lay-down steps, the most steps one listing held, the
  listings with more steps than slots and the share of all listed steps past the cap
  (those a learner cannot choose).

    python benchmarks/bench_rl.py                      # ~40 s of CPU
    python benchmarks/bench_rl.py --rounds 7 --json
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
from bench_engine import CLOCKS, RANDOM, Engine, phase10_random, run_segment
from report import describe, emit, format_load, header, package_version

import phase10
from phase10 import (
    GreedyBot,
    LayDown,
    LayGroup,
    RandomBot,
    apply,
    legal_actions,
    new_game,
    player_view,
    variants,
)
from phase10.bots import Bot
from phase10.rl import LAY_SLOTS, env
from phase10.rl.aec import Phase10AEC

ENGINE = RANDOM  # legal_actions + apply
ENV = "env: last + choice + step"
CHOICE = "the choice alone"
COVERAGE_VARIANTS = (
    "standard",
    "postal",
    "masters",
    "pick-a-phase",
    "movable-wilds",
    "phase-20",
    "truly-wild",
)


def random_env_game(
    game: Phase10AEC, rng: random.Random, seed: int, seen: Callable[[Any, int], None] | None = None
) -> int:
    """One uniform random game through ``game`` from ``seed``; its decisions. ``seen(mask,
    index)`` is told each mask and the index drawn from it (before the step)."""
    game.reset(seed=seed)
    decisions = 0
    while True:
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            return decisions
        allowed = np.flatnonzero(observation["action_mask"])
        index = int(allowed[rng.randrange(len(allowed))])
        if seen is not None:
            seen(observation["action_mask"], index)
        game.step(index)
        decisions += 1


def env_random(players: int, variant: str, seed: int) -> Engine:
    """Uniform random play through the PettingZoo environment; game seeds seed, seed + 1, ..."""
    game = env(players, variant)
    rng = random.Random(seed)
    seeds = itertools.count(seed)
    return Engine(
        ENV, f"{players}-player {variant}", lambda: random_env_game(game, rng, next(seeds))
    )


def choice_alone(players: int, variant: str, seed: int) -> Engine:
    """The random agent's own work in the environment row (reading the mask, drawing an
    index), timed on the masks of one recorded game, to take it out of the step's cost."""
    rng = random.Random(seed)
    masks: list[Any] = []
    random_env_game(env(players, variant), rng, seed, lambda mask, index: masks.append(mask))
    return Engine(CHOICE, "the masks of one game", lambda: choose_on(masks, rng))


def choose_on(masks: list[Any], rng: random.Random) -> int:
    """The random agent's choice alone on each of ``masks``; how many."""
    for mask in masks:
        allowed = np.flatnonzero(mask)
        int(allowed[rng.randrange(len(allowed))])
    return len(masks)


def versions() -> dict[str, str | None]:
    """The versions the figures depend on."""
    return {
        "phase10": phase10.__version__,
        "numpy": package_version("numpy"),
        "pettingzoo": package_version("pettingzoo"),
    }


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """The options that choose the games played: seats, variant, first seed."""
    parser.add_argument("--players", type=int, default=4, help="seats (default 4)")
    parser.add_argument("--variant", default="standard", help="variant spec of the games")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")


def step_cost(args: argparse.Namespace) -> dict[str, Any]:
    """Interleaved rounds of the two rows; per round the ratio of time per decision."""
    clock = CLOCKS[args.clock]
    rows = [
        phase10_random(args.players, args.variant, args.seed),
        env_random(args.players, args.variant, args.seed),
        choice_alone(args.players, args.variant, args.seed),
    ]
    for row in rows:
        run_segment(row, args.warmup, clock)
    rates: dict[str, list[float]] = {row.name: [] for row in rows}
    totals = {row.name: [0, 0, 0.0] for row in rows}
    for round_number in range(args.rounds):
        order = rows if round_number % 2 == 0 else rows[::-1]
        for row in order:
            segment = run_segment(row, args.budget, clock)
            rates[row.name].append(segment.rate)
            total = totals[row.name]
            total[0] += segment.decisions
            total[1] += segment.games
            total[2] += segment.seconds
    ratios = [
        engine / environment for engine, environment in zip(rates[ENGINE], rates[ENV], strict=True)
    ]
    net = [
        (1 / environment - 1 / choice) * engine
        for engine, environment, choice in zip(
            rates[ENGINE], rates[ENV], rates[CHOICE], strict=True
        )
    ]
    return {
        "rows": {
            name: {
                "rounds_us_per_decision": [1e6 / rate for rate in rates[name]],
                "median_us_per_decision": 1e6 / statistics.median(rates[name]),
                "decisions": totals[name][0],
                "games": totals[name][1],
                "seconds": totals[name][2],
            }
            for name in rates
        },
        "ratio_rounds": ratios,
        "ratio_median": statistics.median(ratios),
        "net_ratio_rounds": net,
        "net_ratio_median": statistics.median(net),
    }


def coverage(games: int, players: int, seed: int) -> dict[str, Any]:
    """Lay-down listings of GreedyBot/RandomBot games (seats alternate) per variant."""
    result: dict[str, Any] = {}
    for spec in COVERAGE_VARIANTS:
        rules = variants.resolve(spec)
        seats = min(players, rules.max_players)
        sizes: Counter[int] = Counter()
        for game in range(games):
            bots: list[Bot] = [
                GreedyBot() if (game + seat) % 2 else RandomBot(seed + 100 * game + seat)
                for seat in range(seats)
            ]
            state = new_game(seats, rules, seed=seed + game)
            for _ in range(20_000):
                if state.is_over:
                    break
                legal = legal_actions(state)
                steps = sum(1 for a in legal if isinstance(a, (LayDown, LayGroup)))
                if steps:
                    sizes[steps] += 1
                seat = state.current_player
                if seat is None:
                    action = legal[0]
                else:
                    action = bots[seat].choose(player_view(state, seat), legal)
                state = apply(state, action)
        listings = sum(sizes.values())
        steps_listed = sum(n * count for n, count in sizes.items())
        past = sum((n - LAY_SLOTS) * count for n, count in sizes.items() if n > LAY_SLOTS)
        result[spec] = {
            "listings": listings,
            "most_steps": max(sizes, default=0),
            "listings_over_cap": sum(count for n, count in sizes.items() if n > LAY_SLOTS),
            "share_of_steps_past_cap": past / steps_listed if steps_listed else 0.0,
        }
    return result


def run(args: argparse.Namespace) -> dict[str, Any]:
    machine = describe()
    started = time.process_time()
    cost = step_cost(args)
    covered = coverage(args.coverage_games, args.players, args.seed) if args.coverage_games else {}
    return {
        "machine": machine,
        "versions": versions(),
        "settings": {
            "rounds": args.rounds,
            "budget_s": args.budget,
            "clock": args.clock,
            "players": args.players,
            "variant": args.variant,
            "seed": args.seed,
            "lay_slots": LAY_SLOTS,
            "coverage_games": args.coverage_games,
        },
        "step_cost": cost,
        "coverage": covered,
        "cpu_seconds": time.process_time() - started,
        "load_average_at_end": describe()["load_average"],
    }


def format_report(result: dict[str, Any]) -> str:
    settings, cost = result["settings"], result["step_cost"]
    lines = header(result["machine"])
    lines.append("versions: " + ", ".join(f"{k} {v}" for k, v in result["versions"].items()))
    lines.append(
        f"{settings['rounds']} rounds, {settings['budget_s']:g} s ({settings['clock']} time) per "
        f"row per round, {settings['players']}-player {settings['variant']}, random play"
    )
    lines.append("")
    cells = "".join(f"{f'r{i + 1}':>7}" for i in range(settings["rounds"]))
    lines.append(f"{'us per decision':<34}{cells}  median  decisions  games")
    for name, row in cost["rows"].items():
        values = "".join(f"{x:>7.1f}" for x in row["rounds_us_per_decision"])
        lines.append(
            f"{name:<34}{values}  {row['median_us_per_decision']:>6.1f}  "
            f"{row['decisions']:>9}  {row['games']:>5}"
        )
    values = "".join(f"{x:>7.2f}" for x in cost["ratio_rounds"])
    lines.append(f"{'env row / engine decision':<34}{values}  {cost['ratio_median']:.2f}x")
    values = "".join(f"{x:>7.2f}" for x in cost["net_ratio_rounds"])
    net = cost["net_ratio_median"]
    lines.append(f"{'env step (less the choice) / engine':<34}{values}  {net:.2f}x")
    if result["coverage"]:
        lines.append("")
        lines.append(
            f"lay-down listings ({settings['coverage_games']} games per variant, GreedyBot and "
            f"RandomBot seats; {settings['lay_slots']} slots)"
        )
        lines.append(f"{'variant':<16}{'listings':>9}{'most steps':>12}{'over cap':>10}  past cap")
        for spec, row in result["coverage"].items():
            lines.append(
                f"{spec:<16}{row['listings']:>9}{row['most_steps']:>12}"
                f"{row['listings_over_cap']:>10}  {row['share_of_steps_past_cap']:.3%}"
            )
    lines.append(f"load average at end {format_load(result['load_average_at_end'])}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--budget", type=float, default=2.0, help="seconds per row per round")
    parser.add_argument("--warmup", type=float, default=0.5, help="untimed seconds per row")
    add_game_options(parser)
    parser.add_argument(
        "--coverage-games", type=int, default=6, help="games per variant for lay-down slots"
    )
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="cpu or wall")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    if args.rounds < 1 or args.budget <= 0 or args.coverage_games < 0:
        parser.error("--rounds must be at least 1, --budget positive, --coverage-games >= 0")
    emit(run(args), args.json, format_report)


if __name__ == "__main__":
    main()
