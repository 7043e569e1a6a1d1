"""OutsBot variants screened for issue 11 (h-strength-s10), paired on the same seeds.

Game ``i`` is a four-player standard game from seed ``start + i``, the tested bot in seat
``i % 4`` against three GreedyBots (as ``bench_search.py --bot outs``). Each variant's
per-game result is paired with the first bot's on the same seed: the difference in win
rate with its 95% interval (normal, over the per-game differences) and how many games came
out otherwise. Benchmark only; the figures are in benchmarks/README.md ("bench_search.py").

    python benchmarks/screen_variants.py 1 1600 outs hold holdthreat threat
    python benchmarks/screen_variants.py 1 1600 outs layleft downkeep fedfirst norun takehit

Variants:

- ``hold``: before its phase is down, keep a Skip while some other card is as dead (its
  loss leaves the hand ranked no worse than the Skip's) and throw that card instead;
  the Skip goes when every other card is useful.
- ``holdthreat``: ``hold``, but spend the Skip at once while another seat is down.
- ``threat``: the Skip's target by game-level threat: phases completed plus being down,
  then being down, then fewest cards in hand, then the lowest score.
- ``layleft``: among whole lay-downs, the one leaving the fewest cards once every card
  that can be hit is hit (then the fewest points, then GreedyBot's fewest Wilds).
- ``downkeep``: once down, of the cards no group takes, throw first one that is not two
  numbers beyond a run's end (one that is may fit once another card is hit there).
- ``fedfirst``: the discard asks whether the next seat collects the card before whether
  it fits a group on the table.
- ``takehit``: before its phase is down, also take a discard that fits a group on the
  table when the hand it makes (less its best discard) is ranked no worse: a dead card
  swapped for one that is hit free on laying down.
- ``norun``: GreedyBot's draws and discards for the phases that are a single run (4-6),
  where OutsBot laid down no more often than GreedyBot (diagnose_strength.py).
"""

from __future__ import annotations

import math
import multiprocessing
import sys
import time
from collections.abc import Callable, Sequence

from phase10 import Action, Bot, GreedyBot, PlayerView, new_game, play_game
from phase10.actions import Discard, DrawStock, LayDown, TakeDiscard
from phase10.bots import STUCK_TURNS, _lay_cost, distinct_cards, fed_to_next
from phase10.cards import Card
from phase10.simulate import wilson_interval
from phase10.state import Stage
from phase10.strategy import HandOutlook, OutsBot, _hittable, _lays, _without

PLAYERS = 4


class HoldSkip(OutsBot):
    """Before its phase is down, keep a Skip while a card as dead as it can be thrown."""

    def __init__(self, spend_when_down: bool = False) -> None:
        super().__init__()
        self.spend_when_down = spend_when_down

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        hand = view.hand
        if (
            len(legal) > 1
            and view.stage is Stage.PLAY
            and not view.laid_down_this_turn
            and not _lays(legal)
            and hand is not None
            and view.turn < STUCK_TURNS
        ):
            discards = [a for a in legal if isinstance(a, Discard)]
            skips = [a for a in discards if a.card.is_skip]
            plain = [a for a in discards if not a.card.is_skip and a.target is None]
            outlook = self._outlook(view)
            if skips and plain and outlook is not None:
                threat = self.spend_when_down and any(
                    p.laid_down for s, p in enumerate(view.players) if s != view.seat
                )
                dead = outlook.rank(_without(hand, skips[0].card))
                if not threat and any(outlook.rank(_without(hand, a.card)) <= dead for a in plain):
                    return self._discard(view, plain, outlook)
        return super().choose(view, legal)


class Threat(OutsBot):
    """The Skip's target by game-level threat."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) > 1 and view.stage is Stage.PLAY and not _lays(legal):
            skips = [a for a in legal if isinstance(a, Discard) and a.card.is_skip]
            if len(skips) > 1:
                return max(skips, key=_threat(view))
        return super().choose(view, legal)


def _threat(view: PlayerView) -> Callable[[Discard], tuple[int, ...]]:
    assert view.seat is not None
    down = view.players[view.seat].laid_down

    def priority(action: Discard) -> tuple[int, ...]:
        if action.target is None:
            return (-1,)
        seat = view.players[action.target]
        opponent = int(action.target not in view.partners)
        spare = int(down and seat.laid_down)
        phases = len(seat.completed) + int(seat.laid_down)
        return (opponent, -spare, phases, int(seat.laid_down), -seat.hand_size, -seat.score)

    return priority


class LayLeft(OutsBot):
    """Among whole lay-downs, the one leaving the fewest cards after every hit."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        lays = [a for a in legal if isinstance(a, LayDown)]
        if len(lays) > 1 and view.stage is Stage.PLAY and view.hand is not None:
            wilds = _lay_cost(view)
            return min(lays, key=lambda a: (*_left_after_hits(view, a), wilds(a)))
        return super().choose(view, legal)


def _left_after_hits(view: PlayerView, action: LayDown) -> tuple[int, int]:
    """The cards (and their points) left in hand after ``action`` and every possible hit."""
    rules = view.rules.meld_rules
    hand = list(view.hand or ())
    for meld in action.melds:
        for card in meld.cards:
            hand.remove(card)
    melds = [m for p in view.players for m in p.melds] + list(action.melds)
    changed = True
    while changed and hand:
        changed = False
        for card in sorted(hand, key=lambda c: c.is_wild):  # naturals first
            for index, meld in enumerate(melds):
                ends = meld.hit_ends(card, rules)
                if ends:
                    melds[index] = meld.hit(card, ends[0], rules)
                    hand.remove(card)
                    changed = True
                    break
            if changed:
                break
    scores = view.rules.scoring.table()
    return len(hand), sum(scores[c.code] for c in hand)


class DownKeep(OutsBot):
    """Once down, keep the dead cards two numbers beyond a run's end for last."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        seat = view.seat
        if (
            len(legal) > 1
            and view.stage is Stage.PLAY
            and seat is not None
            and view.players[seat].laid_down
            and all(isinstance(a, Discard) for a in legal)
        ):
            rules = view.rules.meld_rules
            melds = [m for p in view.players for m in p.melds]
            ends = {
                n
                for m in melds
                if m.high is not None and m.number is not None
                for n in (m.number - 2, m.high + 2)
            }
            plain = [a for a in legal if isinstance(a, Discard) and a.target is None]
            if plain and not any(isinstance(a, Discard) and a.card.is_skip for a in legal):
                dead = [a for a in plain if not any(m.hit_ends(a.card, rules) for m in melds)]
                far = [a for a in dead if a.card.number not in ends]
                if far and len(far) < len(dead):
                    return self._greedy.choose(view, far)
        return super().choose(view, legal)


class FedFirst(OutsBot):
    """OutsBot whose discard asks about the next seat before the table fit."""

    def _discard(self, view: PlayerView, plain: list[Discard], outlook: HandOutlook) -> Action:
        hand = view.hand
        assert hand is not None
        scores = view.rules.scoring.table()
        fed = fed_to_next(view)
        cost = {card: outlook.rank(_without(hand, card)) for card in distinct_cards(hand)}
        need, wait = min(cost[a.card] for a in plain)
        bound = wait * (1 + self.tolerance)
        near = [a for a in plain if cost[a.card][0] == need and cost[a.card][1] <= bound]
        hits = _hittable(view)

        def key(action: Discard) -> tuple[int, int, tuple[int, float], int, int]:
            card: Card = action.card
            return (int(fed(card)), int(hits(card)), cost[card], -scores[card.code], card.code)

        return min(near, key=key)


class TakeHit(OutsBot):
    """Also take a discard that fits a group on the table when the hand is no worse for it."""

    def _draw(self, view: PlayerView, legal: Sequence[Action], outlook: HandOutlook) -> Action:
        choice = super()._draw(view, legal, outlook)
        top, hand = view.top_discard, view.hand
        take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
        if isinstance(choice, DrawStock) and take and top and hand and _hittable(view)(top):
            now = outlook.rank(hand)
            grown = (*hand, top)
            if any(outlook.rank(_without(grown, c)) <= now for c in distinct_cards(hand)):
                return take
        return choice


class NoRun(OutsBot):
    """GreedyBot's draws and discards for the phases that are a single run."""

    def _outlook(self, view: PlayerView) -> HandOutlook | None:
        phase = view.my_phase
        if phase is not None and all(r.kind == "run" for r in phase.requirements):
            return None
        return super()._outlook(view)


VARIANTS: dict[str, Callable[[], Bot]] = {
    "outs": OutsBot,
    "greedy": GreedyBot,
    "hold": HoldSkip,
    "holdthreat": lambda: HoldSkip(spend_when_down=True),
    "threat": Threat,
    "layleft": LayLeft,
    "downkeep": DownKeep,
    "fedfirst": FedFirst,
    "norun": NoRun,
    "takehit": TakeHit,
}


def play(job: tuple[int, str]) -> tuple[int, float]:
    """Game ``seed``: the tested bot's share of the win."""
    seed, kind = job
    seat = seed % PLAYERS
    bots: list[Bot] = [GreedyBot() for _ in range(PLAYERS)]
    bots[seat] = VARIANTS[kind]()
    final = play_game(new_game(PLAYERS, "standard", seed=seed), bots)
    return seed, (1 / len(final.winners) if seat in final.winners else 0.0)


def main(argv: Sequence[str]) -> None:
    start, games, kinds = int(argv[0]), int(argv[1]), argv[2:]
    first: dict[int, float] = {}
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        for kind in kinds:
            began = time.perf_counter()
            jobs = [(start + i, kind) for i in range(games)]
            result = dict(pool.map(play, jobs, chunksize=20))
            first = first or result
            wins = sum(result.values())
            low, high = wilson_interval(wins, games)
            diffs = [result[s] - first[s] for s in result]
            mean = sum(diffs) / games
            se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (games - 1) / games)
            print(
                f"{kind:12} seeds {start}-{start + games - 1}: {wins:g}/{games} = "
                f"{wins / games:.1%} (Wilson {low:.1%}-{high:.1%}); vs {kinds[0]} "
                f"{mean:+.1%} (95% {mean - 1.96 * se:+.1%} to {mean + 1.96 * se:+.1%}; "
                f"{sum(1 for d in diffs if d)} games differ); "
                f"{time.perf_counter() - began:.0f} s",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:])
