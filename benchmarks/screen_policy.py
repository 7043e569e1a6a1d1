"""A cheap screen of own-seat policies: one hand each, the same deals, against GreedyBots.

Deal ``i`` is a four-player standard game from seed ``--seed + i`` whose seats are each
set to attempt a phase drawn from that seed (1-10, so every phase is screened, not only
Phase 1); the tested bot sits in seat ``i % 4``, GreedyBots in the others, and one hand
is played. For each bot it reports how often the seat lays its phase down (R-12.1) and in
how many of its own turns, and, paired on the same deals, the difference in lay-down rate
against the first bot with a 95% interval (the deals' luck cancels); its time per decision
with a choice, and how often OutsBot would have chosen otherwise. Bots that draw
random numbers are seeded with the deal's seed.

    python benchmarks/screen_policy.py --deals 1000 --bot outs --bot solitaire --bot greedy
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import time
from collections.abc import Sequence

from solitaire_policy import SolitaireBot

from phase10 import Action, Bot, GreedyBot, PlayerView, apply, legal_actions, new_game
from phase10 import player_view as view_of
from phase10.actions import DrawStock, TakeDiscard
from phase10.state import Stage, replace
from phase10.strategy import OutsBot

PLAYERS = 4


def make_bot(kind: str, seed: int) -> Bot:
    """``outs``, ``greedy``, or ``solitaire[:horizon[:rollouts[:take_margin]]]``."""
    if kind == "outs":
        return OutsBot()
    if kind == "greedy":
        return GreedyBot()
    name, *numbers = kind.split(":")
    if name != "solitaire":
        raise SystemExit(f"unknown bot {kind!r}")
    horizon, rollouts, margin = (numbers + ["5", "200", "0"][len(numbers) :])[:3]
    return SolitaireBot(seed, horizon=int(horizon), rollouts=int(rollouts), margin=float(margin))


def play(job: tuple[int, str]) -> tuple[int, int, float, int, int]:
    """Deal ``seed``, one hand: (laid down, own turns to lay or 0, seconds deciding, decisions,
    decisions where OutsBot would have chosen otherwise)."""
    seed, kind = job
    me = seed % PLAYERS
    rng = random.Random(seed)
    state = new_game(PLAYERS, "standard", seed=seed)
    state = replace(
        state,
        players=tuple(
            replace(p, completed=tuple(range(1, rng.randint(1, 10)))) for p in state.players
        ),
    )
    tested = make_bot(kind, seed)
    greedy, outs = GreedyBot(), OutsBot()
    turns, spent, decisions, differ = 0, 0.0, 0, 0
    while state.stage is not Stage.HAND_OVER and not state.is_over:
        legal = legal_actions(state)
        seat = state.current_player
        assert seat is not None
        view: PlayerView = view_of(state, seat)
        action: Action
        if len(legal) == 1:
            action = legal[0]
        elif seat == me:
            began = time.process_time()
            action = tested.choose(view, legal)
            spent += time.process_time() - began
            decisions += 1
            differ += outs.choose(view, legal) != action
        else:
            action = greedy.choose(view, legal)
        if seat == me and isinstance(action, (DrawStock, TakeDiscard)):
            turns += 1
        state = apply(state, action)
        if state.players[me].laid_down:
            return 1, turns, spent, decisions, differ
    return 0, 0, spent, decisions, differ


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bot", action="append", help="outs, greedy, solitaire[:h[:n[:m]]]")
    args = parser.parse_args(argv)
    kinds = args.bot or ["outs", "solitaire"]
    seeds = range(args.seed, args.seed + args.deals)
    results: dict[str, list[tuple[int, int, float, int, int]]] = {}
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for kind in kinds:
            results[kind] = pool.map(play, [(s, kind) for s in seeds], chunksize=8)
    base = [r[0] for r in results[kinds[0]]]
    for kind in kinds:
        rows = results[kind]
        laid = [r[0] for r in rows]
        turns = [r[1] for r in rows if r[0]]
        decisions = max(1, sum(r[3] for r in rows))
        ms = 1000 * sum(r[2] for r in rows) / decisions
        differ = sum(r[4] for r in rows) / decisions
        diffs = [a - b for a, b in zip(laid, base, strict=True)]
        mean = statistics.fmean(diffs)
        error = statistics.stdev(diffs) / math.sqrt(len(diffs)) if any(diffs) else 0.0
        print(
            f"{kind:<22} lays down {statistics.fmean(laid):.1%} of {len(laid)} hands, "
            f"own turns to lay {statistics.fmean(turns):.2f}; vs {kinds[0]} "
            f"{mean:+.1%} (95% {mean - 1.96 * error:+.1%} to {mean + 1.96 * error:+.1%}); "
            f"{ms:.1f} ms per decision, {differ:.1%} of them not OutsBot's choice"
        )


if __name__ == "__main__":
    main()
