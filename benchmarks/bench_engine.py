"""Engine throughput: player decisions per second of whole games, phase10 against its peers.

Every engine is driven the same way and counted the same way:

* uniform random legal play (``rng.randrange(len(legal))`` on the engine's own list);
* a *decision* is one legal-action listing plus one apply/step at which the engine says a
  player is to move; chance steps (OpenSpiel's chance nodes: deals and stock draws) and
  phase10's ``NextHand`` (the deal between hands, no player to move) are played and timed
  but not counted;
* the timed loop is the whole game: starting it (``new_game``; a ``clone()`` of one
  pristine OpenSpiel initial state built before timing; RLCard's ``init_game``), its deals,
  and every step to the end.

Rows: phase10 random play (``legal_actions`` + ``apply``), with ``--peers`` OpenSpiel's
``gin_rummy`` driven from Python (pyspiel) and RLCard's Uno and gin rummy at the game level
(no observation encoding), and phase10 GreedyBot games (``play_game``: views, the bots'
thinking and the engine; decisions counted the same way).

The machine is shared and noisy, so the engines take turns: each round gives every row
the same time budget, in the order A, B, C ... then ... C, B, A in the next round, and
every ratio is computed within a round (printed per round, then their median). Time is
this process's CPU time by default (``--clock cpu``): other processes on the machine
change it far less than the wall clock (``--clock wall``), though they still share the
caches and the memory bus.

    python benchmarks/bench_engine.py                       # phase10 rows only
    benchmarks/.venv-peers/bin/python benchmarks/bench_engine.py --peers
    python benchmarks/bench_engine.py --rounds 9 --budget 3 --json

``--peers`` needs OpenSpiel and RLCard: ``bash benchmarks/setup_peers.sh`` installs them
in a venv of their own (benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import gc
import itertools
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from report import describe, emit, format_load, header, load_average, package_version

import phase10
from phase10 import GameState, GreedyBot, apply, legal_actions, new_game, play_game
from phase10.actions import Action
from phase10.bots import Bot
from phase10.views import PlayerView

RANDOM = "phase10 random"
GREEDY = "phase10 greedy"


@dataclass
class Engine:
    """One row: a name, what it plays, and a function that plays one whole game."""

    name: str
    setting: str
    play: Callable[[], int]
    """Plays one game to its end and returns the player decisions it made."""
    unfinished: Callable[[], int] = lambda: 0
    """Games stopped at an action cap so far (GreedyBot only)."""
    extra: dict[str, float] = field(default_factory=dict)


@dataclass
class Segment:
    """One turn of one row in one round: whole games until the budget is spent."""

    decisions: int
    games: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.decisions / self.seconds


CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
"""``cpu``: this process's CPU time, which other processes on a shared machine barely
change; ``wall``: elapsed time, which they do."""


def run_segment(engine: Engine, budget: float, clock: Callable[[], float]) -> Segment:
    """Whole games of ``engine`` until ``budget`` seconds of ``clock`` have passed (the last
    game finishes)."""
    gc.collect()
    decisions = games = 0
    start = clock()
    while True:
        decisions += engine.play()
        games += 1
        elapsed = clock() - start
        if elapsed >= budget:
            return Segment(decisions, games, elapsed)


# ---------------------------------------------------------------------------
# phase10
# ---------------------------------------------------------------------------


def phase10_random(players: int, variant: str, seed: int) -> Engine:
    """Uniform random play on ``legal_actions``/``apply``; seeds seed, seed + 1, ..."""
    rng = random.Random(seed)
    seeds = itertools.count(seed)

    def play() -> int:
        state = new_game(players, variant, seed=next(seeds))
        decisions = 0
        while not state.is_over:
            legal = legal_actions(state)
            if state.current_player is not None:
                decisions += 1
            state = apply(state, legal[rng.randrange(len(legal))])
        return decisions

    return Engine(RANDOM, f"{players}-player {variant}", play)


class _TimedBot:
    """A bot whose thinking time is added up (to split a GreedyBot game's cost)."""

    def __init__(self, bot: Bot, totals: dict[str, float], clock: Callable[[], float]) -> None:
        self._bot = bot
        self._totals = totals
        self._clock = clock

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        start = self._clock()
        action = self._bot.choose(view, legal)
        self._totals["bot_seconds"] += self._clock() - start
        return action


def phase10_greedy(
    players: int, variant: str, seed: int, cap: int, clock: Callable[[], float]
) -> Engine:
    """GreedyBot games through ``play_game``, as ``simulate`` plays them."""
    seeds = itertools.count(seed)
    totals = {"bot_seconds": 0.0, "unfinished": 0.0}

    def play() -> int:
        decisions = 0

        def count(before: GameState, _action: Action, _after: GameState) -> None:
            nonlocal decisions
            if before.current_player is not None:
                decisions += 1

        bots = [_TimedBot(GreedyBot(), totals, clock) for _ in range(players)]
        final = play_game(
            new_game(players, variant, seed=next(seeds)), bots, on_action=count, max_actions=cap
        )
        if not final.is_over:
            totals["unfinished"] += 1
        return decisions

    return Engine(
        GREEDY,
        f"{players}-player {variant}",
        play,
        unfinished=lambda: int(totals["unfinished"]),
        extra=totals,
    )


# ---------------------------------------------------------------------------
# Peers
# ---------------------------------------------------------------------------


def openspiel_gin_rummy(seed: int) -> Engine:
    """OpenSpiel's gin_rummy from Python: one pristine initial state, cloned per game."""
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

    game = pyspiel.load_game("gin_rummy")
    initial = game.new_initial_state()
    rng = random.Random(seed)

    def play() -> int:
        state = initial.clone()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions

    return Engine("openspiel gin_rummy", f"{game.num_players()}-player, pyspiel", play)


def rlcard_game(name: str, game: Any, list_legal: Callable[[], list[Any]], seed: int) -> Engine:
    """An RLCard game at the game level (``init_game``, a legal-action list, ``step``): the
    rules engine without the env's observation encoding. Every step is a player's."""
    import numpy as np  # type: ignore[import-not-found,unused-ignore]

    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)

    def play() -> int:
        game.init_game()
        decisions = 0
        while not game.is_over():
            legal = list_legal()
            game.step(legal[rng.randrange(len(legal))])
            decisions += 1
        return decisions

    return Engine(f"rlcard {name}", f"{game.get_num_players()}-player, game level", play)


def rlcard_uno(seed: int) -> Engine:
    """RLCard's Uno: ``UnoGame.get_legal_actions`` + ``step``."""
    from rlcard.games.uno.game import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
        UnoGame,
    )

    game = UnoGame()
    return rlcard_game("uno", game, game.get_legal_actions, seed)


def rlcard_gin_rummy(seed: int) -> Engine:
    """RLCard's gin rummy: ``judge.get_legal_actions`` (what its env lists) + ``step``."""
    from rlcard.games.gin_rummy.game import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
        GinRummyGame,
    )

    game = GinRummyGame()
    return rlcard_game("gin-rummy", game, game.judge.get_legal_actions, seed)


def peers(seed: int) -> list[Engine]:
    """The peer rows; exits with a hint when OpenSpiel or RLCard is missing."""
    try:
        return [openspiel_gin_rummy(seed), rlcard_uno(seed), rlcard_gin_rummy(seed)]
    except ImportError as error:
        raise SystemExit(
            f"--peers needs OpenSpiel and RLCard ({error}). Install them apart from the "
            "project with `bash benchmarks/setup_peers.sh`, then run this script with "
            "benchmarks/.venv-peers/bin/python."
        ) from error


# ---------------------------------------------------------------------------
# Rounds and report
# ---------------------------------------------------------------------------


def run(args: argparse.Namespace) -> dict[str, Any]:
    """All rounds; a JSON-ready dictionary."""
    machine = describe()
    clock = CLOCKS[args.clock]
    engines = [phase10_random(args.players, args.variant, args.seed)]
    if args.peers:
        engines += peers(args.seed)
    if not args.no_greedy:
        engines.append(phase10_greedy(args.players, args.variant, args.seed, args.cap, clock))
    for engine in engines:  # untimed warm-up: imports, caches, the CPU's clock
        run_segment(engine, args.warmup, clock)
    if not args.no_greedy:
        engines[-1].extra.update(bot_seconds=0.0, unfinished=0.0)
    segments: dict[str, list[Segment]] = {e.name: [] for e in engines}
    for number in range(args.rounds):
        order = engines if number % 2 == 0 else engines[::-1]
        for engine in order:
            segments[engine.name].append(run_segment(engine, args.budget, clock))
    rows = {}
    for engine in engines:
        done = segments[engine.name]
        decisions = sum(s.decisions for s in done)
        games = sum(s.games for s in done)
        row: dict[str, Any] = {
            "setting": engine.setting,
            "rounds_decisions_per_s": [s.rate for s in done],
            "median_decisions_per_s": statistics.median(s.rate for s in done),
            "games": games,
            "decisions": decisions,
            "seconds": sum(s.seconds for s in done),
            "decisions_per_game": decisions / games,
        }
        if engine.name == GREEDY:
            row["bot_us_per_decision"] = 1e6 * engine.extra["bot_seconds"] / decisions
            row["bot_share_of_time"] = engine.extra["bot_seconds"] / row["seconds"]
            row["unfinished_games"] = engine.unfinished()
        rows[engine.name] = row
    base = segments[RANDOM]
    ratios: dict[str, dict[str, Any]] = {}
    for engine in engines[1:]:
        other = segments[engine.name]
        if engine.name == GREEDY:
            label = f"{GREEDY} / {RANDOM}"
            per_round = [g.rate / r.rate for g, r in zip(other, base, strict=True)]
        else:
            label = f"phase10 / {engine.name}"
            per_round = [r.rate / p.rate for r, p in zip(base, other, strict=True)]
        ratios[label] = {"rounds": per_round, "median": statistics.median(per_round)}
    return {
        "benchmark": "engine",
        "machine": machine,
        "load_average_at_end": load_average(),
        "versions": {
            "phase10": phase10.__version__,
            "open_spiel": package_version("open_spiel"),
            "rlcard": package_version("rlcard"),
        },
        "settings": {
            "players": args.players,
            "variant": args.variant,
            "seed": args.seed,
            "rounds": args.rounds,
            "clock": args.clock,
            "budget_s": args.budget,
            "warmup_s": args.warmup,
            "greedy_action_cap": args.cap,
        },
        "rows": rows,
        "ratios": ratios,
    }


def format_report(result: dict[str, Any]) -> str:
    """The plain-text report."""
    machine, settings, rows = result["machine"], result["settings"], result["rows"]
    ratios, versions = result["ratios"], result["versions"]
    rounds = settings["rounds"]
    lines = header(machine)
    lines.append("versions: " + ", ".join(f"{k} {v}" for k, v in versions.items() if v is not None))
    lines.append(
        f"{rounds} rounds, {settings['budget_s']:g} s ({settings['clock']} time) per row per "
        f"round, order reversed every other round, seed {settings['seed']}; decisions per "
        f"{settings['clock']} second of whole games, random play unless named"
    )
    lines.append("")
    cells = "".join(f"{f'r{i + 1}':>8}" for i in range(rounds))
    lines.append(f"{'decisions/s (k)':<22}{cells}{'median':>9}  {'dec/game':>8}  setting")
    for name, row in rows.items():
        values = "".join(f"{rate / 1000:>8.1f}" for rate in row["rounds_decisions_per_s"])
        lines.append(
            f"{name:<22}{values}{row['median_decisions_per_s'] / 1000:>9.1f}"
            f"  {row['decisions_per_game']:>8.0f}  {row['setting']}, {row['games']} games"
        )
    lines.append("")
    cells = "".join(f"{f'r{i + 1}':>7}" for i in range(rounds))
    lines.append(f"{'ratio':<38}{cells}  median")
    for label, ratio in ratios.items():
        values = "".join(f"{x:>7.2f}" for x in ratio["rounds"])
        lines.append(f"{label:<38}{values}  {ratio['median']:.2f}x")
    greedy = rows.get(GREEDY)
    if greedy is not None:
        lines.append("")
        lines.append(
            f"greedy games: the bots' thinking is {greedy['bot_us_per_decision']:.0f} us per "
            f"decision, {greedy['bot_share_of_time']:.0%} of their time; "
            f"{greedy['unfinished_games']} games stopped at the action cap"
        )
    lines.append(f"load average at end {format_load(result['load_average_at_end'])}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds of all rows (default 5)")
    parser.add_argument(
        "--budget", type=float, default=2.0, help="seconds per row per round (default 2)"
    )
    parser.add_argument(
        "--warmup", type=float, default=0.5, help="untimed seconds per row first (default 0.5)"
    )
    parser.add_argument("--players", type=int, default=4, help="phase10 seats (default 4)")
    parser.add_argument("--variant", default="standard", help="phase10 variant spec")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--peers", action="store_true", help="also OpenSpiel and RLCard rows")
    parser.add_argument("--no-greedy", action="store_true", help="leave out GreedyBot games")
    parser.add_argument(
        "--cap", type=int, default=50_000, help="action cap of a GreedyBot game (default 50000)"
    )
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="time this process's CPU time (default) or the wall clock",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    if args.rounds < 1 or args.budget <= 0:
        parser.error("--rounds must be at least 1 and --budget positive")
    emit(run(args), args.json, format_report)


if __name__ == "__main__":
    main()
