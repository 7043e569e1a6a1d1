"""An experiment (no gain, docs/search.rst): OutsBot judging a few draws ahead by solitaire.

:class:`~phase10.strategy.OutsBot` ranks the hands a discard leaves by the cards they lack
and the draws they wait for their *next* out: one card ahead. :class:`SolitaireBot`
plays each candidate hand on alone for ``horizon`` draws from the unseen cards
(:func:`~phase10.strategy.outs_pool`), ``rollouts`` times, throwing what OutsBot's
ranking would throw, and keeps the candidate that completes its phase soonest on
average (counting, for each of the ``horizon`` draws, whether the phase is complete by
then). The play-outs count cards per bucket of the phase's plan (a number or a colour,
Wild, or no use), never game states, and every candidate is played on the same draws,
so that the comparison is paired. It ignores the other seats (they neither take nor
throw cards in a play-out) and the end of the hand. It leaves OutsBot's choice only for
one whose value beats it by more than ``margin``.

Screened by ``screen_policy.py`` on 1,200 hands against GreedyBots, it lays its phase
down no more often than OutsBot (it picks another draw or discard in about one decision
in thirty): a benchmark-only bot, kept so that the screen can be run again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from phase10 import PlayerView
from phase10.actions import Action, Discard, DrawStock, TakeDiscard
from phase10.bots import distinct_cards
from phase10.cards import Card
from phase10.fastpath import Plan, least_wilds_of
from phase10.melds import NaturalScope
from phase10.solver import fast_plan
from phase10.strategy import MEMORY, TOLERANCE, HandOutlook, OutsBot, outs_pool

HORIZON = 5
"""The draws a :class:`SolitaireBot` plays each candidate on for (about a hand's length)."""

ROLLOUTS = 200
"""The draw sequences each candidate is played on."""

Counts = tuple[int, ...]
"""A hand counted per bucket of the plan: the natural buckets, then Wilds, then the rest."""


class _Model:
    """Solitaire play-outs of one phase's plan, on hands counted per bucket.

    Its caches do not depend on the unseen cards (the inner policy reads only the hand),
    so one model serves every decision for that plan; they are bounded by
    :data:`~phase10.strategy.MEMORY`.
    """

    def __init__(self, plan: Plan, need_natural: bool, memo: dict[tuple[int, ...], int]) -> None:
        self.plan = plan
        self.size = plan.buckets
        self.need_natural = need_natural
        self._memo = memo
        self._steps: dict[tuple[Counts, int], tuple[Counts, bool]] = {}
        self._needs: dict[Counts, int] = {}
        self._outs: dict[Counts, int] = {}

    def counts(self, hand: Sequence[Card]) -> Counts:
        counts = [0] * (self.size + 2)
        bucket = self.plan.bucket
        for card in hand:
            counts[bucket[card.code]] += 1
        return tuple(counts)

    def drawable(self, pool: Sequence[int]) -> list[int]:
        """The unseen cards as a list of buckets."""
        bucket = self.plan.bucket
        cards: list[int] = []
        for code, count in enumerate(pool):
            cards.extend([bucket[code]] * count)
        return cards

    def need(self, counts: Counts) -> int:
        found = self._needs.get(counts)
        if found is None:
            if len(self._needs) >= MEMORY:
                self._needs.clear()
            naturals = counts[: self.size]
            least = self._memo.get(naturals)
            if least is None:
                if len(self._memo) >= MEMORY:
                    self._memo.clear()
                bound = self.plan.min_cards + 1
                least = self._memo[naturals] = least_wilds_of(
                    self.plan, naturals, self.need_natural, bound
                )
            found = self._needs[counts] = max(0, least - counts[self.size])
        return found

    def step(self, counts: Counts, drawn: int) -> tuple[Counts, bool]:
        """The hand after drawing a card of bucket ``drawn`` and throwing one (the drawn
        card unless it brings the hand closer); whether it completed the phase."""
        key = (counts, drawn)
        found = self._steps.get(key)
        if found is None:
            if len(self._steps) >= MEMORY:
                self._steps.clear()
            grown = list(counts)
            grown[drawn] += 1
            need = self.need(tuple(grown))
            if need == 0:
                found = (counts, True)
            elif need >= self.need(counts):
                found = (counts, False)
            else:
                found = (self._throw(grown), False)
            self._steps[key] = found
        return found

    def _throw(self, grown: list[int]) -> Counts:
        """``grown`` less a card of no use, else the natural card whose loss leaves the
        fewest cards lacking, then the most kinds of card that would bring it closer."""
        size = self.size
        if grown[size + 1]:
            grown[size + 1] -= 1
            return tuple(grown)
        best: tuple[int, int] | None = None
        kept = tuple(grown)
        for index in range(size):
            if grown[index]:
                grown[index] -= 1
                left = tuple(grown)
                grown[index] += 1
                rank = (self.need(left), -self.outs(left))
                if best is None or rank < best:
                    best, kept = rank, left
        return kept

    def outs(self, counts: Counts) -> int:
        """How many natural buckets hold a card that would bring ``counts`` closer."""
        found = self._outs.get(counts)
        if found is None:
            if len(self._outs) >= MEMORY:
                self._outs.clear()
            need = self.need(counts)
            more = list(counts)
            found = 0
            for index in range(self.size):
                more[index] += 1
                found += self.need(tuple(more)) < need
                more[index] -= 1
            self._outs[counts] = found
        return found

    def value(self, counts: Counts, draws: Sequence[Sequence[int]], start: int) -> float:
        """The mean over ``draws`` of the draws left in the horizon once ``counts`` (the
        hand after ``start`` of them) completes its phase: a sum of the chances that it
        is complete by each draw."""
        horizon = len(draws[0]) if draws else 0
        if self.need(counts) == 0:
            return float(horizon - start + 1)
        total = 0
        step = self.step
        for sequence in draws:
            hand = counts
            for at in range(start, horizon):
                hand, done = step(hand, sequence[at])
                if done:
                    total += horizon - at
                    break
        return total / max(1, len(draws))


class SolitaireBot(OutsBot):
    """OutsBot whose draws and discards before its phase is down are chosen by solitaire
    play-outs (see the module's text); ``seed`` seeds the draws it plays them on, so its
    choices are deterministic given the seed and the views."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        horizon: int = HORIZON,
        rollouts: int = ROLLOUTS,
        margin: float = 0.0,
        skips: bool = True,
        tolerance: float = TOLERANCE,
    ) -> None:
        super().__init__(skips=skips, tolerance=tolerance)
        if horizon < 1 or rollouts < 1:
            raise ValueError(f"horizon and rollouts must be 1 or more, not {horizon}, {rollouts}")
        self.horizon = horizon
        self.rollouts = rollouts
        self.margin = margin
        self._rng = random.Random(seed)
        self._models: dict[tuple[Plan, bool], _Model] = {}

    def _model(self, view: PlayerView) -> tuple[_Model, list[list[int]]]:
        """The play-out model of the seat's phase and the draw sequences to play on."""
        phase = view.my_phase
        assert phase is not None  # OutsBot asks only with an outlook, so a plan
        plan = fast_plan(phase, view.rules.meld_rules)
        assert plan is not None
        need = view.rules.meld_rules.natural_card_scope is NaturalScope.PHASE
        model = self._models.get((plan, need))
        if model is None:
            model = self._models[plan, need] = _Model(plan, need, {})
        drawable = model.drawable(outs_pool(view))
        length = min(self.horizon, len(drawable))
        if length == 0:
            return model, []
        sample = self._rng.sample
        return model, [sample(drawable, length) for _ in range(self.rollouts)]

    def _draw(self, view: PlayerView, legal: Sequence[Action], outlook: HandOutlook) -> Action:
        take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
        stock = next((a for a in legal if isinstance(a, DrawStock)), None)
        top = view.top_discard
        hand = view.hand
        if take is None or stock is None or top is None or hand is None:
            return super()._draw(view, legal, outlook)
        solitaire, draws = self._model(view)
        if not draws:
            return super()._draw(view, legal, outlook)
        counts = solitaire.counts(hand)
        grown = list(solitaire.counts((*hand, top)))
        if solitaire.need(tuple(grown)) == 0:
            return take
        if solitaire.need(tuple(grown)) > solitaire.need(counts):
            return stock
        kept = []
        for index, count in enumerate(grown):
            if count:
                grown[index] -= 1
                kept.append(tuple(grown))
                grown[index] += 1
        taken = max(solitaire.value(left, draws, 1) for left in set(kept))
        drawn = solitaire.value(counts, draws, 0)
        first = super()._draw(view, legal, outlook)
        if first == take:
            return stock if drawn > taken + self.margin else take
        return take if taken > drawn + self.margin else stock

    def _discard(self, view: PlayerView, plain: list[Discard], outlook: HandOutlook) -> Action:
        hand = view.hand
        assert hand is not None
        solitaire, draws = self._model(view)
        if not draws:
            return super()._discard(view, plain, outlook)
        scores = view.rules.scoring.table()
        values: dict[Card, float] = {}
        cost: dict[Card, tuple[int, float]] = {}
        for card in distinct_cards(hand):
            left = _without(hand, card)
            values[card] = solitaire.value(solitaire.counts(left), draws, 0)
            cost[card] = outlook.rank(left)
        first = super()._discard(view, plain, outlook)
        assert isinstance(first, Discard)
        best = max(values[a.card] for a in plain)
        if best <= values[first.card] + self.margin:
            return first
        near = [a for a in plain if values[a.card] >= best]

        def key(action: Discard) -> tuple[tuple[int, float], int, int]:
            card = action.card
            return (cost[card], -scores[card.code], card.code)

        return min(near, key=key)


def _without(hand: Sequence[Card], card: Card) -> tuple[Card, ...]:
    cards = list(hand)
    cards.remove(card)
    return tuple(cards)
