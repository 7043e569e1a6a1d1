"""Engine throughput: whole 4-player games driven by bots, and the cost per decision.

A *decision* is one ``legal_actions(state)`` followed by one ``apply`` of the
chosen action: what a game loop, a search or an RL environment pays per step.
The bot's own thinking is timed separately (``bot`` column) so the engine's
cost is not hidden behind a slow bot.

    python benchmarks/bench_engine.py --games 20 --seed 1
    python benchmarks/bench_engine.py --peers      # also time OpenSpiel / RLCard if installed

Figures are medians over games. Report ratios measured in the same run: the
machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from phase10 import GreedyBot, RandomBot, Stage, apply, legal_actions, new_game, player_view
from phase10.actions import Action
from phase10.bots import Bot


def _time_game(
    seed: int, make_bot: Callable[[int], Bot], players: int, spec: str
) -> tuple[int, float, float, int]:
    """(decisions, engine seconds, bot seconds, hands) for one game."""
    state = new_game(players, spec, seed=seed)
    bots = [make_bot(seed * 10 + i) for i in range(players)]
    decisions = 0
    engine = 0.0
    thinking = 0.0
    clock = time.perf_counter
    while not state.is_over:
        t0 = clock()
        legal = legal_actions(state)
        t1 = clock()
        if state.stage is Stage.HAND_OVER or len(legal) == 1:
            action: Action = legal[0]
        else:
            seat = state.current_player
            assert seat is not None
            action = bots[seat].choose(player_view(state, seat), legal)
        t2 = clock()
        state = apply(state, action)
        t3 = clock()
        engine += (t1 - t0) + (t3 - t2)
        thinking += t2 - t1
        decisions += 1
    return decisions, engine, thinking, state.hand_number


def _random_loop(seed: int, players: int, spec: str) -> tuple[int, float, int]:
    """The bare engine loop: uniform random choice without views (an RL environment's cost)."""
    rng = random.Random(seed)
    state = new_game(players, spec, seed=seed)
    decisions = 0
    start = time.perf_counter()
    while not state.is_over:
        legal = legal_actions(state)
        state = apply(state, legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions, time.perf_counter() - start, state.hand_number


def _peers(seconds: float) -> dict[str, float]:
    """Decisions per second of installed peer engines, driven the same way (random play)."""
    found: dict[str, float] = {}
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

        game = pyspiel.load_game("gin_rummy")
        rng = random.Random(0)
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            st = game.new_initial_state()
            while not st.is_terminal():
                if st.is_chance_node():
                    outcomes = st.chance_outcomes()
                    st.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    legal = st.legal_actions()
                    st.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
        found["openspiel gin_rummy"] = steps / (time.perf_counter() - start)
    except ImportError:
        pass
    try:
        import rlcard  # type: ignore[import-not-found,import-untyped,unused-ignore]

        for name in ("uno", "gin-rummy"):
            env = rlcard.make(name, config={"seed": 0})
            steps, start = 0, time.perf_counter()
            rng = random.Random(0)
            while time.perf_counter() - start < seconds:
                st, _ = env.reset()
                while not env.is_over():
                    legal = list(st["legal_actions"].keys())
                    st, _ = env.step(legal[rng.randrange(len(legal))])
                    steps += 1
            found[f"rlcard {name}"] = steps / (time.perf_counter() - start)
    except ImportError:
        pass
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--peers", action="store_true", help="also time OpenSpiel / RLCard")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    report: dict[str, dict[str, float]] = {}
    loop = [_random_loop(args.seed + g, args.players, args.variant) for g in range(args.games)]
    decisions = sum(d for d, _, _ in loop)
    seconds = sum(s for _, s, _ in loop)
    report["random (bare loop)"] = {
        "games_per_s": len(loop) / seconds,
        "decisions_per_s": decisions / seconds,
        "us_per_decision": 1e6 * seconds / decisions,
        "hands_per_game": statistics.median(h for _, _, h in loop),
        "decisions_per_game": decisions / len(loop),
    }
    bots: dict[str, Callable[[int], Bot]] = {
        "random bot": lambda s: RandomBot(s),
        "greedy bot": lambda s: GreedyBot(),
    }
    for name, make in bots.items():
        games = [
            _time_game(args.seed + g, make, args.players, args.variant) for g in range(args.games)
        ]
        decisions = sum(g[0] for g in games)
        engine = sum(g[1] for g in games)
        thinking = sum(g[2] for g in games)
        report[name] = {
            "games_per_s": len(games) / (engine + thinking),
            "decisions_per_s": decisions / engine,
            "us_per_decision": 1e6 * engine / decisions,
            "bot_us_per_decision": 1e6 * thinking / decisions,
            "hands_per_game": statistics.median(g[3] for g in games),
            "decisions_per_game": decisions / len(games),
        }
    peers = _peers(3.0) if args.peers else {}
    if args.json:
        print(json.dumps({"phase10": report, "peers": peers}, indent=2))
        return
    print(f"{args.players}-player {args.variant}, {args.games} games, seed {args.seed}")
    print(f"{'driver':<20}{'games/s':>9}{'decisions/s':>13}{'us/decision':>13}{'hands':>7}")
    for name, row in report.items():
        print(
            f"{name:<20}{row['games_per_s']:>9.1f}{row['decisions_per_s']:>13.0f}"
            f"{row['us_per_decision']:>13.1f}{row['hands_per_game']:>7.0f}"
        )
    base = report["random (bare loop)"]["decisions_per_s"]
    for name, rate in peers.items():
        print(f"{name:<20}{'':>9}{rate:>13.0f}   phase10/peer = {base / rate:.2f}")


if __name__ == "__main__":
    main()
