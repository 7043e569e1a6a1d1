"""OutsBot variants screened for issue 11 (h-strength-s10, s11), paired on the same seeds.

Game ``i`` is a four-player standard game from seed ``start + i``, the tested bot in seat
``i % 4`` against three GreedyBots (as ``bench_search.py --bot outs``). Each variant's
per-game result is paired with the first bot's on the same seed: the difference in win
rate with its 95% interval (normal, over the per-game differences) and how many games came
out otherwise. Benchmark only; the figures are in benchmarks/README.md ("bench_search.py").

    python benchmarks/screen_variants.py 1 1600 outs hold holdthreat threat
    python benchmarks/screen_variants.py 1 1600 outs layleft downkeep fedfirst norun takehit
    python benchmarks/screen_variants.py 1 1600 outs hitplan --workers 1 --cache /tmp/screens

``--workers`` (2) processes play the games; ``--cache`` keeps each bot's per-seed results
in a folder, so the first bot (met in every screen) is played once per block of seeds.

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

Second round (h-strength-s11):

- ``hitplan``: each hit chosen by what it leads to: the fewest cards (then points) left once
  every hit that can follow is made (naturals first), then the most unseen cards the table
  then takes (run ends left open for its draws), then a natural before a Wild. GreedyBot
  hits the first natural listed, then the first Wild, wherever it goes.
- ``ownfit``: before its phase is down, a card that likely fits a group its own hand will
  lay (a third or later copy of a number, for a set; a single number amid three in a row,
  for a run) is kept as one that fits a group on the table is: it is hit free on the turn
  the seat lays down.
- ``downodds``: once down, of the cards no group takes, throw last those that may fit
  soon: a number that a seat not yet down picked up this hand (its set, once laid), or
  two beyond a run's end (``downkeep``'s test).
- ``layopen``: among whole lay-downs, the one leaving the fewest cards once every possible
  hit is made, then the one whose groups with the table's take the most unseen cards
  (where a Wild in a run stands fixes its ends), then GreedyBot's fewest Wilds.
- ``combo``: ``hitplan``, ``ownfit`` and ``downodds`` together (each decides other things).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from collections.abc import Callable, Sequence
from multiprocessing.pool import Pool
from pathlib import Path

from phase10 import Action, Bot, GreedyBot, PlayerView, new_game, play_game
from phase10.actions import Discard, DrawStock, Hit, LayDown, LayGroup, TakeDiscard
from phase10.bots import STUCK_TURNS, _lay_cost, distinct_cards, fed_to_next
from phase10.cards import ALL_CARDS, WILD, Card
from phase10.melds import Meld, MeldRules
from phase10.simulate import wilson_interval
from phase10.state import Stage
from phase10.strategy import HandOutlook, OutsBot, _hittable, _lays, _without, outs_pool

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
    hand = list(view.hand or ())
    for meld in action.melds:
        for card in meld.cards:
            hand.remove(card)
    table = [*_table(view), list(action.melds)]
    left, points, _ = _closure(view, table, hand, (), view.rules.meld_rules)
    return left, points


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
            soon = self._soon(view, melds)
            plain = [a for a in legal if isinstance(a, Discard) and a.target is None]
            if plain and not any(isinstance(a, Discard) and a.card.is_skip for a in legal):
                dead = [a for a in plain if not any(m.hit_ends(a.card, rules) for m in melds)]
                far = [a for a in dead if a.card.number not in soon]
                if far and len(far) < len(dead):
                    return self._greedy.choose(view, far)
        return super().choose(view, legal)

    def _soon(self, view: PlayerView, melds: Sequence[Meld]) -> set[int]:
        """The numbers whose dead cards are thrown last: two beyond a run's end."""
        return {
            n
            for m in melds
            if m.high is not None and m.number is not None
            for n in (m.number - 2, m.high + 2)
        }


def _near(
    view: PlayerView, plain: list[Discard], outlook: HandOutlook, tolerance: float
) -> tuple[list[Discard], dict[Card, tuple[int, float]]]:
    """OutsBot's discards within ``tolerance`` of the best, and each card's rank without it."""
    hand = view.hand
    assert hand is not None
    cost = {card: outlook.rank(_without(hand, card)) for card in distinct_cards(hand)}
    need, wait = min(cost[a.card] for a in plain)
    bound = wait * (1 + tolerance)
    return [a for a in plain if cost[a.card][0] == need and cost[a.card][1] <= bound], cost


class FedFirst(OutsBot):
    """OutsBot whose discard asks about the next seat before the table fit."""

    def _discard(self, view: PlayerView, plain: list[Discard], outlook: HandOutlook) -> Action:
        near, cost = _near(view, plain, outlook, self.tolerance)
        scores = view.rules.scoring.table()
        fed = fed_to_next(view)
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


class HitPlan(OutsBot):
    """Hits chosen by what they lead to: the fewest cards (then points) left once every hit
    that follows is made, then the most unseen cards the table then takes, naturals first."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        hits = [a for a in legal if isinstance(a, Hit)]
        if (
            len(hits) > 1
            and view.stage is Stage.PLAY
            and view.hand is not None
            and not any(isinstance(a, (LayDown, LayGroup)) for a in legal)
        ):
            pool = outs_pool(view)
            return min(hits, key=lambda h: _after_hit(view, h, pool))
        return super().choose(view, legal)


def _table(view: PlayerView) -> list[list[Meld]]:
    return [list(p.melds) for p in view.players]


def _after_hit(view: PlayerView, hit: Hit, pool: Sequence[int]) -> tuple[int, int, int, int]:
    """Cards and points left after ``hit`` and every hit that follows (naturals first), the
    unseen cards the table then takes (negated), and whether ``hit`` plays a Wild."""
    rules = view.rules.meld_rules
    table = _table(view)
    hand = list(view.hand or ())
    hand.remove(hit.card)
    table[hit.owner][hit.meld] = table[hit.owner][hit.meld].hit(hit.card, hit.end, rules)
    left, points, taken = _closure(view, table, hand, pool, rules)
    return left, points, -taken, int(hit.card.is_wild)


def _closure(
    view: PlayerView,
    table: list[list[Meld]],
    hand: list[Card],
    pool: Sequence[int],
    rules: MeldRules,
) -> tuple[int, int, int]:
    """Hit every card of ``hand`` that fits ``table`` (naturals first, at the first end):
    the cards and points left, and the unseen cards (``pool``) the table then takes."""
    melds = [m for row in table for m in row]
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
    taken = sum(
        count
        for code, count in enumerate(pool)
        if count and code < WILD.code and any(m.hit_ends(ALL_CARDS[code], rules) for m in melds)
    )
    return len(hand), sum(scores[c.code] for c in hand), taken


def _fits_own(view: PlayerView, hand: Sequence[Card]) -> Callable[[Card], bool]:
    """``card -> whether it likely fits a group the hand will lay``: for a set, two more
    of its number in hand; for a run, a single of its number amid three in a row."""
    phase = view.my_phase
    kinds = {r.kind for r in phase.requirements} if phase is not None else set()
    counts = [0] * 14
    for c in hand:
        if c.number is not None:
            counts[c.number] += 1

    def fits(card: Card) -> bool:
        n = card.number
        if n is None:
            return False
        if "set" in kinds and counts[n] >= 3:
            return True
        if "run" in kinds and counts[n] == 1:
            has = [0 < m < 13 and counts[m] > 0 for m in range(n - 2, n + 3)]
            return (has[0] and has[1]) or (has[1] and has[3]) or (has[3] and has[4])
        return False

    return fits


class OwnFit(OutsBot):
    """Before down, keep a card that fits a group its own hand will lay as it keeps one that
    fits a group on the table: it is hit free on the turn the seat lays down."""

    def _discard(self, view: PlayerView, plain: list[Discard], outlook: HandOutlook) -> Action:
        near, cost = _near(view, plain, outlook, self.tolerance)
        scores = view.rules.scoring.table()
        fed = fed_to_next(view)
        hits = _hittable(view)
        own = _fits_own(view, view.hand or ())

        def key(action: Discard) -> tuple[int, int, tuple[int, float], int, int]:
            card: Card = action.card
            free = hits(card) or own(card)
            return (int(free), int(fed(card)), cost[card], -scores[card.code], card.code)

        return min(near, key=key)


class DownOdds(DownKeep):
    """Once down, of the cards no group takes, throw last those that may fit soon: a number
    a seat not yet down picked up (its set, once laid), or two beyond a run's end."""

    def _soon(self, view: PlayerView, melds: Sequence[Meld]) -> set[int]:
        picked = {
            c.number
            for s, p in enumerate(view.players)
            if s != view.seat and not p.laid_down
            for c in p.pickups
            if c.number is not None
        }
        return super()._soon(view, melds) | picked


class LayOpen(OutsBot):
    """Among whole lay-downs, the one leaving the fewest cards after every hit, then the one
    whose groups (with the table's) take the most unseen cards: ends open for its draws."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        lays = [a for a in legal if isinstance(a, LayDown)]
        if len(lays) > 1 and view.stage is Stage.PLAY and view.hand is not None:
            wilds = _lay_cost(view)
            pool = outs_pool(view)
            return min(lays, key=lambda a: (*_open_after(view, a, pool), wilds(a)))
        return super().choose(view, legal)


def _open_after(view: PlayerView, action: LayDown, pool: Sequence[int]) -> tuple[int, int]:
    """Cards left after ``action`` and every hit, and the unseen cards the table then takes
    (negated)."""
    seat = view.seat
    assert seat is not None
    rules = view.rules.meld_rules
    table = _table(view)
    table[seat] = list(action.melds)
    hand = list(view.hand or ())
    for meld in action.melds:
        for card in meld.cards:
            hand.remove(card)
    left, _, taken = _closure(view, table, hand, pool, rules)
    return left, -taken


class Combo(HitPlan, DownOdds, OwnFit):
    """``ownfit``, ``hitplan`` and ``downodds`` together (they decide different things)."""


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
    "hitplan": HitPlan,
    "ownfit": OwnFit,
    "downodds": DownOdds,
    "layopen": LayOpen,
    "combo": Combo,
}


def play(job: tuple[int, str]) -> tuple[int, float]:
    """Game ``seed``: the tested bot's share of the win."""
    seed, kind = job
    seat = seed % PLAYERS
    bots: list[Bot] = [GreedyBot() for _ in range(PLAYERS)]
    bots[seat] = VARIANTS[kind]()
    final = play_game(new_game(PLAYERS, "standard", seed=seed), bots)
    return seed, (1 / len(final.winners) if seat in final.winners else 0.0)


def _results(pool: Pool, kind: str, start: int, games: int, cache: str | None) -> dict[int, float]:
    """Each seed's share of the win for ``kind``, read from ``cache`` (a folder) when it holds
    them: the first bot, met in every screen, is played once."""
    path = None if cache is None else Path(cache) / f"{kind}-{start}-{games}.json"
    if path is not None and path.exists():
        return {int(k): v for k, v in json.loads(path.read_text()).items()}
    jobs = [(start + i, kind) for i in range(games)]
    result = dict(pool.map(play, jobs, chunksize=20))
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(result))
    return result


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("start", type=int)
    parser.add_argument("games", type=int)
    parser.add_argument("kinds", nargs="+", choices=sorted(VARIANTS))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", help="a folder keeping each bot's per-seed results")
    args = parser.parse_args(argv)
    start, games, kinds = args.start, args.games, args.kinds
    first: dict[int, float] = {}
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for kind in kinds:
            began = time.perf_counter()
            result = _results(pool, kind, start, games, args.cache)
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
