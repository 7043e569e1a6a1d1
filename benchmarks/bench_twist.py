"""Phase 10 Twist throughput: random-play decisions per second, and greedy games.

A *decision* is one ``legal_actions(state)`` and one ``apply`` of the chosen
action (deals between hands included). The random loop chooses uniformly without
building views (an RL environment's cost); greedy games time the engine and the
bot's thinking apart. The card game's random loop runs in the same process for a
ratio, since the machine is shared and absolute figures move with its load.

    python benchmarks/bench_twist.py                 # 10 games of each, seed 1, 4 players
    python benchmarks/bench_twist.py --games 3 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from bench_dice import _random_cards  # the card game's random loop, timed the same way

from phase10 import twist


def _random_twist(seed: int, players: int) -> tuple[int, float]:
    """(decisions, seconds) of one Twist game played by uniform random choice."""
    rng = random.Random(seed)
    state = twist.new_game(players, seed=seed)
    decisions = 0
    start = time.perf_counter()
    while not state.is_over:
        legal = twist.legal_actions(state)
        state = twist.apply(state, legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions, time.perf_counter() - start


def _greedy_twist(seed: int, players: int) -> tuple[int, float, float]:
    """(decisions, engine seconds, bot seconds) of one Twist game between greedy bots."""
    state = twist.new_game(players, seed=seed)
    bots = [twist.GreedyBot() for _ in range(players)]
    decisions, engine, thinking = 0, 0.0, 0.0
    clock = time.perf_counter
    while not state.is_over:
        t0 = clock()
        legal = twist.legal_actions(state)
        t1 = clock()
        seat = state.current_player
        action = (
            legal[0] if seat is None else bots[seat].choose(twist.player_view(state, seat), legal)
        )
        t2 = clock()
        state = twist.apply(state, action)
        t3 = clock()
        engine += (t1 - t0) + (t3 - t2)
        thinking += t2 - t1
        decisions += 1
    return decisions, engine, thinking


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games of each kind (10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (1)")
    parser.add_argument("--players", type=int, default=4, help="players per game (4)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)

    random_rates, random_decisions, cards_rates = [], [], []
    greedy_rates, greedy_engine, greedy_decisions = [], [], []
    for seed in seeds:  # interleaved, so load changes hit every kind alike
        n, seconds = _random_twist(seed, args.players)
        random_rates.append(n / seconds)
        random_decisions.append(n)
        n, engine, thinking = _greedy_twist(seed, args.players)
        greedy_rates.append(n / (engine + thinking))
        greedy_engine.append(n / engine)
        greedy_decisions.append(n)
        n, seconds = _random_cards(seed, args.players, limit=2.0)
        cards_rates.append(n / seconds)

    result = {
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "twist_random_decisions_per_s": statistics.median(random_rates),
        "twist_random_decisions_per_game": statistics.median(random_decisions),
        "twist_greedy_decisions_per_s": statistics.median(greedy_rates),
        "twist_greedy_engine_decisions_per_s": statistics.median(greedy_engine),
        "twist_greedy_decisions_per_game": statistics.median(greedy_decisions),
        "cards_random_decisions_per_s": statistics.median(cards_rates),
    }
    result["twist_over_cards_random"] = (
        result["twist_random_decisions_per_s"] / result["cards_random_decisions_per_s"]
    )
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"Phase 10 Twist, {args.players} players, {args.games} games from seed {args.seed}")
    print(
        f"  random play:  {result['twist_random_decisions_per_s']:>9,.0f} decisions/s "
        f"({result['twist_random_decisions_per_game']:,.0f} decisions a game)"
    )
    print(
        f"  greedy bots:  {result['twist_greedy_decisions_per_s']:>9,.0f} decisions/s, engine "
        f"alone {result['twist_greedy_engine_decisions_per_s']:,.0f} "
        f"({result['twist_greedy_decisions_per_game']:,.0f} decisions a game)"
    )
    print(
        f"  card game, random play in the same run: "
        f"{result['cards_random_decisions_per_s']:,.0f} decisions/s "
        f"(twist / cards = {result['twist_over_cards_random']:.2f})"
    )


if __name__ == "__main__":
    main()
