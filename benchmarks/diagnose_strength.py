"""Where a bot wins and loses against three GreedyBots: hand by hand figures.

Game ``i`` is a four-player standard game from seed ``--seed + i`` with the tested bot
in seat ``i % 4`` (as in ``bench_search.py``). For the tested seat and, for comparison,
the GreedyBot seats, it counts per hand: how often the seat lays its phase down (and so
completes it, R-12.1), how many of its own turns that takes, how often the hand ends
before it lays down, how many of its turns pass from laying down to going out, how often
it goes out (R-10), the skips it gives and receives (R-9), and once it is down the cards
it holds after the lay-down turn and the hits it makes per later turn (R-6); per game:
the phases it completed, and the games lost on points to another player who also
completed Phase 10 (the tie-break, R-15.2) or lost with fewer phases.

``--bot peek`` is SearchBot (the same worlds' count, candidates and margin) whose worlds
hold the others' true hands, only the stock reshuffled: what reading the others' hands,
and nothing more, would be worth to the search. ``--bot omniscient`` is a *ceiling*, not
a bot: OutsBot whose draws, discards and Skip targets are chosen by playing each
candidate out on the true state (the real stock order and the others' real hands; the
others are deterministic GreedyBots, so the play-out is what would happen if it then
played as OutsBot). It reads hidden information and exists only here, to tell how far
better choices of these kinds could take the seat.

    python benchmarks/diagnose_strength.py --bot outs --games 800
    python benchmarks/diagnose_strength.py --bot omniscient --games 100
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
from collections.abc import Sequence

from phase10 import (
    Action,
    Bot,
    GameState,
    GreedyBot,
    SearchBot,
    apply,
    legal_actions,
    new_game,
    player_view,
)
from phase10.actions import Discard, DrawStock, Hit, NextHand, TakeDiscard
from phase10.search import MARGIN, hand_value
from phase10.simulate import wilson_interval
from phase10.state import Stage, replace
from phase10.strategy import OutsBot

PLAYERS = 4
BOTS = ("search", "outs", "greedy", "omniscient", "peek")
_SEARCHED = (Discard, DrawStock, TakeDiscard)


class Omniscient:
    """OutsBot that tries each draw/discard/Skip target on the true state (benchmark only)."""

    def __init__(self, candidates: int = 4) -> None:
        self.candidates = candidates
        self.policy = OutsBot()
        self.search = SearchBot(seed=0)

    def _options(
        self, state: GameState, legal: Sequence[Action]
    ) -> tuple[int, Action, Sequence[Action]]:
        """The seat, OutsBot's choice, and the candidates to search (only the choice when
        the decision is not one SearchBot searches)."""
        seat = state.current_player
        assert seat is not None
        view = player_view(state, seat)
        first = self.policy.choose(view, legal)
        if not isinstance(first, _SEARCHED):
            return seat, first, (first,)
        return seat, first, self.search._candidates(view, legal, first)

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        seat, first, options = self._options(state, legal)
        if len(options) < 2:
            return first
        values = [
            hand_value(state, self.search._rollout(apply(state, a), seat), seat) for a in options
        ]
        best = max(range(len(options)), key=lambda i: (values[i], -i))
        return options[best]


class Peek(Omniscient):
    """SearchBot whose worlds hold the others' true hands, only the stock reshuffled: what
    reading the others' hands, and nothing else, would be worth (benchmark only)."""

    def __init__(self, seed: int, simulations: int) -> None:
        super().__init__(candidates=SearchBot.DEFAULT_CANDIDATES)
        self.simulations = simulations
        self.rng = random.Random(seed)

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        seat, first, options = self._options(state, legal)
        if len(options) < 2:
            return first
        gains: list[list[float]] = [[] for _ in options]
        for _ in range(self.simulations):
            stock = list(state.stock)
            self.rng.shuffle(stock)
            world = replace(state, stock=tuple(stock))
            ends = [self.search._rollout(apply(world, a), seat) for a in options]
            values = [hand_value(world, end, seat) for end in ends]
            for index, value in enumerate(values):
                gains[index].append(value - values[0])
        best, margin = 0, -math.inf
        for index in range(1, len(options)):
            mean = statistics.fmean(gains[index])
            error = statistics.stdev(gains[index]) / math.sqrt(len(gains[index]))
            if mean > max(MARGIN * error, margin):
                best, margin = index, mean
        return options[best]


def _bot(kind: str, seed: int, simulations: int) -> Bot | Omniscient:
    if kind == "peek":
        return Peek(seed, simulations)
    if kind == "search":
        return SearchBot(simulations=simulations, seed=seed)
    if kind == "omniscient":
        return Omniscient()
    return OutsBot() if kind == "outs" else GreedyBot()


def play(job: tuple[int, int, str]) -> dict[str, object]:
    """One game's figures: per seat lists, the tested seat's index, the outcome."""
    seed, simulations, kind = job
    me = seed % PLAYERS
    tested = _bot(kind, seed, simulations)
    greedy = [GreedyBot() for _ in range(PLAYERS)]
    state = new_game(PLAYERS, "standard", seed=seed)
    turns = [0] * PLAYERS  # own turns (draws) this hand
    laid_at: list[int | None] = [None] * PLAYERS
    per = {
        k: [0] * PLAYERS
        for k in (
            "hands",
            "laid",
            "never_laid",
            "went_out",
            "skips_given",
            "skips_received",
            "pts_out",
            "pts_laid",
            "pts_unlaid",
            "left_at_lay",
            "turns_down",
            "hits_down",
        )
    }
    left: list[int | None] = [None] * PLAYERS  # cards held after the lay-down turn
    to_lay: list[list[int]] = [[] for _ in range(PLAYERS)]
    by_phase: list[dict[int, list[int]]] = [{} for _ in range(PLAYERS)]
    to_out: list[list[int]] = [[] for _ in range(PLAYERS)]
    while True:
        if state.stage is Stage.HAND_OVER or state.is_over:
            result = state.results[-1]
            for s in range(PLAYERS):
                key = (
                    "pts_out"
                    if result.went_out == s
                    else ("pts_laid" if laid_at[s] is not None else "pts_unlaid")
                )
                per[key][s] += result.points[s]
                phase = len(state.players[s].completed)
                tried = phase if laid_at[s] is not None else phase + 1
                by_phase[s].setdefault(tried, [0, 0])
                by_phase[s][tried][0] += 1
                by_phase[s][tried][1] += int(laid_at[s] is not None)
            for s in range(PLAYERS):
                per["hands"][s] += 1
                if laid_at[s] is None:
                    per["never_laid"][s] += 1
                else:
                    per["laid"][s] += 1
            if result.went_out is not None:
                s = result.went_out
                per["went_out"][s] += 1
                at = laid_at[s]
                if at is not None:
                    to_out[s].append(turns[s] - at)
            if state.is_over:
                break
            turns = [0] * PLAYERS
            laid_at = [None] * PLAYERS
            left = [None] * PLAYERS
            state = apply(state, NextHand())
            continue
        legal = legal_actions(state)
        seat = state.current_player
        assert seat is not None
        if len(legal) == 1:
            action = legal[0]
        elif seat == me and isinstance(tested, Omniscient):
            action = tested.choose(state, legal)
        else:
            bot: Bot = greedy[seat] if seat != me else tested  # type: ignore[assignment]
            action = bot.choose(player_view(state, seat), legal)
        if isinstance(action, (DrawStock, TakeDiscard)):
            turns[seat] += 1
            per["turns_down"][seat] += int(left[seat] is not None)
        if isinstance(action, Hit) and left[seat] is not None:
            per["hits_down"][seat] += 1
        if isinstance(action, Discard) and action.target is not None:
            per["skips_given"][seat] += 1
            per["skips_received"][action.target] += 1
        after = apply(state, action)
        if after.players[seat].laid_down and laid_at[seat] is None:
            laid_at[seat] = turns[seat]
            to_lay[seat].append(turns[seat])
        if isinstance(action, Discard) and laid_at[seat] is not None and left[seat] is None:
            held = left[seat] = len(after.players[seat].hand)
            per["left_at_lay"][seat] += held
        state = after
    winners = state.winners
    share = 1 / len(winners) if me in winners else 0.0
    tens = [s for s in range(PLAYERS) if 10 in state.players[s].completed]
    return {
        "me": me,
        "share": share,
        "per": per,
        "to_lay": to_lay,
        "to_out": to_out,
        "by_phase": by_phase,
        "phases": [len(p.completed) for p in state.players],
        "tie_loss": int(me in tens and me not in winners),
        "hands": state.hand_number,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--simulations", type=int, default=SearchBot.DEFAULT_SIMULATIONS)
    parser.add_argument("--bot", choices=BOTS, default="outs")
    args = parser.parse_args(argv)
    jobs = [(args.seed + i, args.simulations, args.bot) for i in range(args.games)]
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        games = pool.map(play, jobs)
    wins = sum(float(g["share"]) for g in games)  # type: ignore[arg-type]
    low, high = wilson_interval(wins, len(games))
    print(
        f"{args.bot}: {wins:g} of {len(games)} won = {wins / len(games):.1%} "
        f"(Wilson {low:.1%}-{high:.1%}); hands/game "
        f"{statistics.fmean(int(g['hands']) for g in games):.1f}"
    )  # type: ignore[call-overload]
    for label, pick in (("tested", True), ("greedy", False)):
        totals: dict[str, int] = {}
        to_lay: list[int] = []
        to_out: list[int] = []
        phases: list[int] = []
        by_phase: dict[int, list[int]] = {}
        for g in games:
            me = int(g["me"])  # type: ignore[call-overload]
            seats = [me] if pick else [s for s in range(PLAYERS) if s != me]
            per = g["per"]
            assert isinstance(per, dict)
            for s in seats:
                for k, v in per.items():
                    totals[k] = totals.get(k, 0) + v[s]
                to_lay += g["to_lay"][s]  # type: ignore[index]
                to_out += g["to_out"][s]  # type: ignore[index]
                phases.append(g["phases"][s])  # type: ignore[index]
                for ph, (tries, laid) in g["by_phase"][s].items():  # type: ignore[index]
                    row = by_phase.setdefault(ph, [0, 0])
                    row[0] += tries
                    row[1] += laid
        hands = totals["hands"]
        n = len(phases)
        print(
            f"  {label:<7} lays down {totals['laid'] / hands:.1%} of hands, "
            f"ends before laying {totals['never_laid'] / hands:.1%}; goes out "
            f"{totals['went_out'] / hands:.1%}; own turns to lay "
            f"{statistics.fmean(to_lay):.2f} (median {statistics.median(to_lay)}), "
            f"lay->out {statistics.fmean(to_out):.2f}; phases/game "
            f"{statistics.fmean(phases):.2f}; skips given {totals['skips_given'] / n:.2f}, "
            f"received {totals['skips_received'] / n:.2f} per game; points per hand laid-not-out "
            f"{totals['pts_laid'] / max(1, totals['laid'] - totals['went_out']):.1f}, unlaid "
            f"{totals['pts_unlaid'] / max(1, totals['never_laid']):.1f}, per game "
            f"{(totals['pts_laid'] + totals['pts_unlaid']) / n:.0f}"
        )
        print(
            f"          once down: cards held after the lay-down turn "
            f"{totals['left_at_lay'] / max(1, totals['laid']):.2f}, hits per later turn "
            f"{totals['hits_down'] / max(1, totals['turns_down']):.2f}, goes out in "
            f"{totals['went_out'] / max(1, totals['laid']):.1%} of the hands it lays down in"
        )
        print(
            "          per phase laid/hands: "
            + ", ".join(f"{ph}:{by_phase[ph][1] / by_phase[ph][0]:.0%}" for ph in sorted(by_phase))
        )
    ties = sum(int(g["tie_loss"]) for g in games)  # type: ignore[call-overload]
    behind = [
        max(p for s, p in enumerate(g["phases"]) if s != g["me"]) - g["phases"][g["me"]]  # type: ignore
        for g in games
        if float(g["share"]) == 0  # type: ignore[arg-type]
    ]
    print(
        f"  losses: {len(behind)}; on points with Phase 10 done (R-15.2): {ties}; "
        f"phases behind the best other when lost: "
        + ", ".join(f"{k}:{behind.count(k)}" for k in sorted(set(behind)))
    )


if __name__ == "__main__":
    main()
