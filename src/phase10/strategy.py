"""A stronger single-seat policy than GreedyBot: it counts its *outs*.

GreedyBot judges a hand by how many Wilds it lacks for its phase. That measure is
coarse: a hand with three pairs and one with two pairs both lack two Wilds for
Phase 1, but the first is completed by many more of the cards still unseen.
:class:`OutsBot` judges a hand by the cards that would bring it closer, counted
from what its seat can see (:func:`outs_pool`: the deck less its hand, the table,
the discard pile and the cards the others are known to hold): among the discards
that leave it lacking the fewest cards it keeps the one with the most outs, the
fewest draws to wait for the next useful card. Everything
else (laying down, hitting, choosing a phase) it plays as GreedyBot does, and it
falls back on GreedyBot for phases without a fast plan (:func:`phase10.solver.fast_plan`).

It is :class:`~phase10.SearchBot`'s model of its own seat, both for the choices it
searches and in its play-outs. Against three GreedyBots it wins about 32% of
four-player games where 25% is parity (1,600 games, ``benchmarks/bench_search.py
--bot outs``).

>>> from phase10 import GreedyBot, new_game, play_game
>>> final = play_game(new_game(3, seed=4), [OutsBot(), GreedyBot(), GreedyBot()])
>>> final.is_over
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .actions import Action, Discard, DrawStock, TakeDiscard
from .bots import STUCK_TURNS, GreedyBot, distinct_cards, fed_to_next
from .cards import WILD, Card
from .fastpath import Plan, least_wilds_of, natural_buckets
from .melds import NaturalScope
from .phases import Phase
from .sampling import held_pickups, unseen_counts
from .solver import fast_plan
from .state import Stage
from .views import PlayerView

__all__ = ["HandOutlook", "OutsBot", "outs_pool"]

_WILD_CODE = WILD.code

MEMORY = 1 << 17
"""Bucket counts whose fewest Wilds an :class:`OutsBot` remembers per phase before it forgets
them all (a bound on its memory; a hand changes a card at a time, so they come back)."""

TOLERANCE = 0.25
"""How much longer (a fraction) than the best discard's wait for the next out an
:class:`OutsBot` accepts, to throw a card that fits no group on the table, or that the
next player does not collect, or a costlier one."""

NEVER = 1000.0
"""The draws estimated for a hand that no unseen card brings closer to its phase."""


def outs_pool(view: PlayerView) -> list[int]:
    """The count of each card (by code) that ``view``'s seat may still draw.

    The deck less what the seat sees (its hand, the table, the discard pile) and
    less the cards other seats took from the discard pile and still hold.
    """
    pool = unseen_counts(view)
    hidden = [s for s in range(len(view.players)) if s != view.seat]
    held_pickups(view, hidden, pool)
    return pool


class HandOutlook:
    """How far hands are from one phase, in estimated draws, for one pool of unseen cards.

    A hand's *need* is the fewest Wilds its natural cards lack (the search of
    :mod:`phase10.fastpath`), less the Wilds it holds; its *outs* are the unseen
    cards that would lower that need if drawn. With ``unseen`` cards to draw from,
    a hand with ``k`` outs waits ``unseen / k`` draws for the next one. Hands are
    ranked by need, then by that wait. (Estimating the wait for the card after,
    from the hands each out makes, ranked no better in 800 games against GreedyBots,
    at twice the cost.)
    """

    __slots__ = ("_draws", "_memo", "_need_natural", "_plan", "_pool", "_total", "_wilds")

    def __init__(
        self,
        plan: Plan,
        need_natural: bool,
        pool: Sequence[int],
        memo: dict[tuple[int, ...], int] | None = None,
    ) -> None:
        """``memo`` keeps the fewest Wilds per bucket count; it may be shared by outlooks
        of one plan and ``need_natural``, since that answer does not depend on the pool."""
        self._plan = plan
        self._need_natural = need_natural
        per_bucket = [0] * (plan.buckets + 2)
        for code, count in enumerate(pool):
            if count:
                per_bucket[plan.bucket[code]] += count
        self._pool = tuple(per_bucket[: plan.buckets])
        self._wilds = pool[_WILD_CODE]
        self._total = max(1, sum(pool))
        self._memo = {} if memo is None else memo
        self._draws: dict[tuple[tuple[int, ...], int], float] = {}

    def _least(self, buckets: tuple[int, ...]) -> int:
        found = self._memo.get(buckets)
        if found is None:
            if len(self._memo) >= MEMORY:
                self._memo.clear()
            bound = self._plan.min_cards + 1
            found = self._memo[buckets] = least_wilds_of(
                self._plan, buckets, self._need_natural, bound
            )
        return found

    def rank(self, hand: Sequence[Card]) -> tuple[int, float]:
        """How far ``hand`` is from the phase: the cards it lacks, then the draws it
        waits for its next out (:meth:`draws_of`); smaller is closer, ``(0, 0.0)`` when
        it can lay down.

        The cards lacked come first: a hand of singles and one pair lacks more than
        one of two pairs, yet more cards would help it (any single paired), so the
        wait alone would break up pairs.
        """
        buckets = natural_buckets(self._plan, hand)
        wilds = sum(1 for card in hand if card.code == _WILD_CODE)
        return max(0, self._least(buckets) - wilds), self.draws_of(buckets, wilds)

    def need(self, hand: Sequence[Card]) -> int:
        """The cards ``hand`` lacks for the phase (the first half of :meth:`rank`)."""
        wilds = sum(1 for card in hand if card.code == _WILD_CODE)
        return max(0, self._least(natural_buckets(self._plan, hand)) - wilds)

    def draws_of(self, buckets: tuple[int, ...], wilds: int) -> float:
        """The draws a hand counted per bucket, with ``wilds`` Wilds, waits for its next
        out: the unseen cards over its outs (0 when it can lay down)."""
        known = self._draws.get((buckets, wilds))
        if known is None:
            known = self._draws[buckets, wilds] = self._estimate(buckets, wilds)
        return known

    def _estimate(self, buckets: tuple[int, ...], wilds: int) -> float:
        least = self._least(buckets)
        need = least - wilds
        if need <= 0:
            return 0.0
        outs = self._wilds
        for index, unseen in enumerate(self._pool):
            if unseen:
                more = (*buckets[:index], buckets[index] + 1, *buckets[index + 1 :])
                if self._least(more) < least:
                    outs += unseen
        return self._total / outs if outs else NEVER


class OutsBot:
    """GreedyBot with draws and discards chosen by outs (see the module's text).

    Before its phase is down it discards, among the cards whose loss leaves the
    hand lacking the fewest cards and waiting at most ``tolerance`` (a fraction, default
    :data:`TOLERANCE`) longer than the best for its next out (:meth:`HandOutlook.rank`),
    first one that fits no group on the table (a card that fits one, anyone's, is hit
    for free on the turn the seat lays down: R-6.4), then one the next player does not
    collect, then the best ranked, then the costliest; it takes the discard when the
    hand it makes lacks fewer cards, or as many but waits ``1 + take_margin`` draws less
    for its next out.
    After its phase is down, where its phase has no fast plan, and in a hand that
    has lasted :data:`~phase10.bots.STUCK_TURNS` turns (where GreedyBot stops
    hoarding, so that no game runs forever), it plays as GreedyBot. It skips as
    GreedyBot does (the leader), except that once its own phase is down it spares the
    players who are down too: the sooner one of them goes out, the fewer phases the
    others make (``skips=False`` keeps GreedyBot's target).
    """

    def __init__(
        self, *, take_margin: float = 1.0, skips: bool = True, tolerance: float = TOLERANCE
    ) -> None:
        if tolerance < 0:
            raise ValueError(f"tolerance must be zero or more, not {tolerance}")
        self.take_margin = take_margin
        self.skips = skips
        self.tolerance = tolerance
        self._greedy = GreedyBot()
        self._memos: dict[tuple[Plan, bool], dict[tuple[int, ...], int]] = {}

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.skips and view.stage is Stage.PLAY and not _lays(legal):
            skips = [a for a in legal if isinstance(a, Discard) and a.card.is_skip]
            if len(skips) > 1:
                return max(skips, key=_skip_priority(view))
        outlook = self._outlook(view) if view.turn < STUCK_TURNS else None
        if outlook is not None and view.hand is not None:
            if view.stage is Stage.DRAW:
                return self._draw(view, legal, outlook)
            if view.stage is Stage.PLAY and not view.laid_down_this_turn:
                plain = [a for a in legal if isinstance(a, Discard) and a.target is None]
                others = [a for a in legal if not isinstance(a, Discard)]
                skips = [a for a in legal if isinstance(a, Discard) and a.card.is_skip]
                if plain and not skips and not _lays(others):
                    return self._discard(view, plain, outlook)
        return self._greedy.choose(view, legal)

    def _outlook(self, view: PlayerView) -> HandOutlook | None:
        """The outlook for the seat's fixed phase, if it is not down and has a fast plan."""
        if view.seat is None or view.hand is None or view.players[view.seat].laid_down:
            return None
        phase: Phase | None = view.my_phase
        if phase is None:
            return None
        rules = view.rules.meld_rules
        plan = fast_plan(phase, rules)
        if plan is None:
            return None
        need = rules.natural_card_scope is NaturalScope.PHASE
        memo = self._memos.setdefault((plan, need), {})
        return HandOutlook(plan, need, outs_pool(view), memo)

    def _draw(self, view: PlayerView, legal: Sequence[Action], outlook: HandOutlook) -> Action:
        take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
        stock = next((a for a in legal if isinstance(a, DrawStock)), None)
        top = view.top_discard
        assert view.hand is not None
        if take is None or stock is None or top is None:
            return self._greedy.choose(view, legal)
        hand = view.hand
        need = outlook.need(hand)
        grown = (*hand, top)
        kept = {card: outlook.need(_without(grown, card)) for card in distinct_cards(hand)}
        after_need = min(kept.values())
        if after_need != need:
            return take if after_need < need else stock
        now = outlook.rank(hand)[1]
        after = min(outlook.rank(_without(grown, c))[1] for c, n in kept.items() if n == need)
        return take if after < now - 1 - self.take_margin else stock

    def _discard(self, view: PlayerView, plain: list[Discard], outlook: HandOutlook) -> Action:
        assert view.hand is not None
        hand = view.hand
        scores = view.rules.scoring.table()
        fed = fed_to_next(view)
        cost: dict[Card, tuple[int, float]] = {}
        for card in distinct_cards(hand):
            cost[card] = outlook.rank(_without(hand, card))
        need, wait = min(cost[a.card] for a in plain)
        bound = wait * (1 + self.tolerance)
        near = [a for a in plain if cost[a.card][0] == need and cost[a.card][1] <= bound]
        hits = _hittable(view)

        def key(action: Discard) -> tuple[int, int, tuple[int, float], int, int]:
            card = action.card
            return (int(hits(card)), int(fed(card)), cost[card], -scores[card.code], card.code)

        return min(near, key=key)


def _hittable(view: PlayerView) -> Callable[[Card], bool]:
    """``card -> whether it fits a group on the table``: a card kept now goes free on the
    turn the seat lays down (it is hit at once), one that fits nowhere costs a discard."""
    rules = view.rules.meld_rules
    melds = [m for p in view.players for m in p.melds]
    return lambda card: any(m.hit_ends(card, rules) for m in melds)


def _lays(actions: Sequence[Action]) -> bool:
    """Whether ``actions`` hold a lay-down step or a hit (GreedyBot plays those first)."""
    return any(not isinstance(a, Discard) for a in actions)


def _skip_priority(view: PlayerView) -> Callable[[Discard], tuple[int, int, int, int]]:
    """Whom to skip: GreedyBot's leader (the most phases, then the lowest score), except
    that a seat whose phase is down wants the hand to end, so it spares those who are
    down too (they may go out) and skips among those still making their phase."""
    assert view.seat is not None
    down = view.players[view.seat].laid_down
    partners = view.partners

    def priority(action: Discard) -> tuple[int, int, int, int]:
        if action.target is None:
            return (-1, 0, 0, 0)
        seat = view.players[action.target]
        opponent = int(action.target not in partners)
        spare = int(down and seat.laid_down)
        return (opponent, -spare, len(seat.completed) + int(seat.laid_down), -seat.score)

    return priority


def _without(hand: Sequence[Card], card: Card) -> tuple[Card, ...]:
    cards = list(hand)
    cards.remove(card)
    return tuple(cards)
