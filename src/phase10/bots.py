"""Computer players. A bot sees only its seat's :class:`~phase10.views.PlayerView`.

>>> from phase10 import new_game, RandomBot, GreedyBot, play_game
>>> final = play_game(new_game(3, seed=4), [GreedyBot(), GreedyBot(), RandomBot(seed=1)])
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence

from .actions import (
    Action,
    ChoosePhase,
    Discard,
    DrawStock,
    GiveCard,
    Hit,
    LayDown,
    LayGroup,
    NextHand,
    TakeDiscard,
)
from .bot_protocol import Bot
from .cards import SKIP, WILD, Card
from .engine import apply, legal_actions
from .engine.laydowns import needs_natural
from .errors import IllegalActionError, UnfinishedGameError
from .fastpath import (
    Plan,
    completes_buckets,
    least_wilds,
    least_wilds_of,
    least_wilds_spares,
    natural_buckets,
    tally,
)
from .laying import group_options, remaining_requirements
from .melds import Meld, MeldRules, NaturalScope, Requirement
from .phase_cards import open_numbers
from .phases import Phase
from .postal import acts_as_wild, personal_rules
from .rules import PhaseOrder, Rules
from .seating import check_bots
from .solver import (
    can_complete,
    can_complete_counts,
    card_counts,
    fast_plan,
    requirements_plan,
)
from .state import STAGE_DRAW, STAGE_HAND_OVER, STAGE_PLAY, GameState
from .views import PlayerView, Viewer

__all__ = ["Bot", "Distances", "GreedyBot", "RandomBot", "phase_distance", "play_game"]


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[self._rng.randrange(len(legal))]


def phase_distance(hand: Sequence[Card], phase: Phase, rules: MeldRules, limit: int = 4) -> int:
    """How many extra Wilds ``hand`` needs to complete ``phase`` (``limit`` if more).

    One search for the phases the solver's fast path covers
    (:func:`phase10.fastpath.least_wilds`), else one yes/no answer per extra Wild.
    """
    plan = fast_plan(phase, rules)
    if plan is not None:
        wilds = sum(1 for card in hand if card.code == _WILD_CODE)
        need_natural = rules.natural_card_scope is NaturalScope.PHASE
        least = least_wilds(plan, hand, need_natural, wilds + limit)
        return min(limit, max(0, least - wilds))
    cards = list(hand)
    for extra in range(limit):
        if can_complete((*cards, *([WILD] * extra)), phase, rules):
            return extra
        if len(cards) + extra < phase.min_cards - limit:
            break
    return limit


_WILD_CODE = WILD.code
_Priced = tuple[Sequence[Card], Phase, MeldRules, tuple[int, ...], int, int, bool]
"""A hand, its phase and rules, its buckets and :func:`least_wilds_spares` of them."""
_SKIP_CODE = SKIP.code


_Buckets = tuple[int, ...]
_Tables = tuple[Plan | None, bool, dict[_Buckets, int], dict[_Buckets, tuple[int, int, bool]]]
"""A phase's fast plan under some rules, whether a natural card is needed (scope
``"phase"``), and what :class:`Distances` remembers for it: :func:`least_wilds_of` and
:func:`least_wilds_spares` by buckets."""


class Distances:
    """:func:`phase_distance`, remembered: a bot's hand changes a card at a time, so the
    same hands come back from decision to decision.

    For phases the solver's fast path covers, the answer depends only on how many
    natural cards fall in each bucket (number or colour) and on the Wilds, so cards of
    one bucket share an entry; the entries of each phase and rules sit in their own
    tables, keyed by the buckets alone, and the tables of the phase asked last are found
    without hashing it. Bounded: the memory is cleared when it grows large.
    """

    __slots__ = ("_current", "_last", "_memo", "_size", "_tables")

    LIMIT = 65_536
    """Entries kept before the memory is cleared."""

    TABLES = 256
    """Phase and rules pairs kept before the memory is cleared."""

    def __init__(self) -> None:
        self._memo: dict[Hashable, int] = {}  # phases without a fast plan
        self._tables: dict[tuple[Phase, MeldRules], _Tables] = {}
        self._current: tuple[Phase, MeldRules, _Tables] | None = None  # the pair asked last
        self._size = 0  # entries in the tables
        self._last: _Priced | None = None  # the hand losses() priced last, for discarded()

    def __len__(self) -> int:
        """How many answers are remembered."""
        return len(self._memo) + self._size

    def _of(self, phase: Phase, rules: MeldRules) -> _Tables:
        """The fast plan and tables of ``phase`` under ``rules``."""
        current = self._current
        if current is not None and current[0] is phase and current[1] is rules:
            return current[2]
        tables = self._tables.get((phase, rules))
        if tables is None:
            if len(self._tables) >= self.TABLES:
                self._clear()
            need = rules.natural_card_scope is NaturalScope.PHASE
            tables = self._tables[phase, rules] = (fast_plan(phase, rules), need, {}, {})
        self._current = (phase, rules, tables)
        return tables

    def _clear(self) -> None:
        self._memo.clear()
        self._tables.clear()
        self._current = None
        self._size = 0

    def __call__(
        self,
        hand: Sequence[Card],
        phase: Phase,
        rules: MeldRules,
        limit: int = 4,
        without: Card | None = None,
    ) -> int:
        """:func:`phase_distance` of ``hand`` (less one ``without`` card, if given)."""
        tables = self._of(phase, rules)
        plan = tables[0]
        if plan is None:
            cards = list(hand)
            if without is not None:
                cards.remove(without)
            key: Hashable = (phase, rules, tuple(c.code for c in sorted(cards)), limit)
            found = self._memo.get(key)
            if found is None:
                if len(self) >= self.LIMIT:
                    self._clear()
                found = self._memo[key] = phase_distance(cards, phase, rules, limit)
            return found
        buckets, wilds = tally(plan, hand)
        if without is not None:
            if without.code == _WILD_CODE:
                wilds -= 1
            else:
                index = plan.bucket[without.code]
                if index < plan.buckets:
                    buckets = (*buckets[:index], buckets[index] - 1, *buckets[index + 1 :])
        least = self._least(tables, plan, buckets)
        return min(limit, max(0, least - wilds))

    def _least(self, tables: _Tables, plan: Plan, buckets: _Buckets) -> int:
        """:func:`~phase10.fastpath.least_wilds_of` for the fast path (bound: one more than
        the phase's cards), remembered."""
        known = tables[2]
        least = known.get(buckets)
        if least is None:
            least = known[buckets] = least_wilds_of(plan, buckets, tables[1], plan.min_cards + 1)
            self._grown()
        return least

    def _grown(self) -> None:
        """Count an entry added to the tables; clear the memory when it is full."""
        self._size += 1
        if len(self) > self.LIMIT:
            self._clear()

    def closer(
        self, hand: Sequence[Card], phase: Phase, rules: MeldRules, card: Card, limit: int = 4
    ) -> bool:
        """Whether ``hand`` plus ``card`` is nearer ``phase`` than ``hand``
        (``phase_distance(hand + card) < phase_distance(hand)``).

        A card more lowers the fewest Wild positions a lay-down needs by one at most, so
        where the fast path applies one yes/no search answers (can the grown hand do with
        one Wild position fewer?) instead of a search for the grown hand's distance.
        """
        tables = self._of(phase, rules)
        plan = tables[0]
        if plan is not None:
            buckets, wilds = tally(plan, hand)
            least = self._least(tables, plan, buckets)
            if least <= plan.min_cards:  # some lay-down exists: the answer is one search
                if not 0 < least - wilds <= limit:
                    return False  # the distance is 0 or stays at the limit
                code = card.code
                if code == _WILD_CODE:
                    return True
                index = plan.bucket[code]
                if index >= plan.buckets:
                    return False  # a card no group takes
                grown = list(buckets)
                grown[index] += 1
                return completes_buckets(plan, grown, least - 1, tables[1])
        return self((*hand, card), phase, rules, limit) < self(hand, phase, rules, limit)

    def without_each(
        self, hand: Sequence[Card], phase: Phase, rules: MeldRules, limit: int = 4
    ) -> Callable[[Card], int]:
        """``card -> phase_distance(hand less card)``, priced by one search for the whole
        hand (:func:`phase10.fastpath.least_wilds_spares`) where the fast path applies."""
        return self.priced(hand, phase, rules, limit)[1]

    def priced(
        self, hand: Sequence[Card], phase: Phase, rules: MeldRules, limit: int = 4
    ) -> tuple[int, Callable[[Card], int]]:
        """``phase_distance(hand)`` and :meth:`without_each`'s prices, both from the one
        search for the whole hand where the fast path applies (its cheapest cost is the
        distance's)."""
        tables = self._of(phase, rules)
        plan = tables[0]
        if plan is None:
            return self(hand, phase, rules, limit), lambda card: self(
                hand, phase, rules, limit, without=card
            )
        _, wilds, least, spare, multi = self._spares_of(tables, plan, hand)
        same = min(limit, max(0, least - wilds))  # the hand's distance: a spare card's price
        more = min(limit, max(0, least + 1 - wilds))  # a card whose place then needs a Wild
        bucket, count, need = plan.bucket, plan.buckets, tables[1]

        def distance(card: Card) -> int:
            code = card.code
            if code == _WILD_CODE:
                return more
            index = bucket[code]
            if index >= count or spare >> index & 1:
                return same
            if need and not multi:  # maybe the only natural card: search again
                return self(hand, phase, rules, limit, without=card)
            return more

        return same, distance

    def losses(
        self, hand: Sequence[Card], phase: Phase, rules: MeldRules, cards: Sequence[Card]
    ) -> list[int]:
        """What discarding each of ``cards`` adds to the distance of ``hand`` (:meth:`priced`,
        limit 4), and 9 for a Wild: GreedyBot's measure of a discard, for every card at once."""
        tables = self._of(phase, rules)
        plan = tables[0]
        if plan is None:
            base, without = self.priced(hand, phase, rules)
            return [9 if c.code == _WILD_CODE else without(c) - base for c in cards]
        buckets, wilds, least, spare, multi = self._spares_of(tables, plan, hand)
        self._last = (hand, phase, rules, buckets, least, spare, multi)
        same = min(4, max(0, least - wilds))
        more = min(4, max(0, least + 1 - wilds)) - same
        bucket, count = plan.bucket, plan.buckets
        search = tables[1] and not multi  # maybe a card is the only natural one: search again
        out: list[int] = []
        for card in cards:
            code = card.code
            if code == _WILD_CODE:
                out.append(9)
                continue
            index = bucket[code]
            if index >= count or spare >> index & 1:
                out.append(0)
            elif search:
                out.append(self(hand, phase, rules, 4, without=card) - same)
            else:
                out.append(more)
        return out

    def _spares_of(
        self, tables: _Tables, plan: Plan, hand: Sequence[Card]
    ) -> tuple[_Buckets, int, int, int, bool]:
        """The hand's buckets and Wilds, and :func:`~phase10.fastpath.least_wilds_spares`
        of its buckets, remembered."""
        buckets, wilds = tally(plan, hand)
        known = tables[3].get(buckets)
        if known is None:
            known = tables[3][buckets] = least_wilds_spares(plan, buckets, tables[1])
            self._grown()
        least, spare, multi = known
        return buckets, wilds, least, spare, multi

    def discarded(self, hand: Sequence[Card], phase: Phase, rules: MeldRules, card: Card) -> None:
        """Remember the distance of ``hand`` less ``card`` from the search :meth:`priced` made
        for ``hand`` (its price of ``card``): a bot that discards ``card`` asks for that
        distance on its next draw, and the answer is then one look-up."""
        tables = self._of(phase, rules)
        plan = tables[0]
        if plan is None:
            return
        last = self._last
        if last is not None and last[0] is hand and last[1] is phase and last[2] is rules:
            buckets, least, spare, multi = last[3:]  # the search losses() just read
        else:
            buckets = natural_buckets(plan, hand)
            known = tables[3].get(buckets)
            if known is None:
                return
            least, spare, multi = known
        index = plan.bucket[card.code]
        if card.code != _WILD_CODE and index < plan.buckets:
            if not spare >> index & 1:  # the card's place then needs a Wild (least_wilds_spares)
                if tables[1] and not multi:
                    return  # priced searched again for this card: remembered already
                least += 1
            buckets = (*buckets[:index], buckets[index] - 1, *buckets[index + 1 :])
        if buckets not in tables[2]:
            tables[2][buckets] = least
            self._grown()


_NEXT_HAND = NextHand()

STUCK_TURNS = 120
"""Turns after which :class:`GreedyBot` takes a hand as stuck and stops hoarding.

Ordinary hands end well before (a four-player hand rarely lasts 40 turns); after
twice as many it breaks up its groups (issue 10: bots never livelock).
"""

PATIENCE_CIRCUITS = 5
"""Under Anti-Phase, circuits during which a laid-down :class:`GreedyBot` does not go out."""


class GreedyBot:
    """A sound, simple strategy (issue 3):

    lays down as soon as it can (keeping Wilds when it has a choice), hits
    everything it can, discards the card least useful to its phase (under free
    phase order, the open phase closest to completion), skips the leader, and
    avoids discarding what the next player collects or can hit.

    It never plays forever: in a hand that has lasted :data:`~phase10.bots.STUCK_TURNS` turns
    it discards what others can use (cards that fit a group on the table, cards
    others picked up) before anything else, and after twice as many it discards
    its cards in turn, breaking up its groups. Under Anti-Phase, where going out
    drops every player who has not made their phase (V-5.2), it waits
    :data:`~phase10.bots.PATIENCE_CIRCUITS` circuits before going out while someone has not
    laid down, so that games with many players still progress.
    """

    def __init__(self) -> None:
        self._distance = Distances()
        self._ranks: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self._fitting = _Fitting()

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.stage is STAGE_DRAW:
            return self._draw(view, legal)
        if view.stage is not STAGE_PLAY:
            return self._before_play(view, legal)
        steps: list[LayDown | LayGroup] = []
        hits: list[Hit] = []
        discards: list[Discard] = []
        for action in legal:  # one pass: the listing is long when lay-downs are open
            if isinstance(action, Discard):
                discards.append(action)
            elif isinstance(action, Hit):
                hits.append(action)
            elif isinstance(action, (LayGroup, LayDown)):
                steps.append(action)
        if steps:
            return min(steps, key=_lay_cost(view))
        if hits and not (discards and _patient(view)):
            return next((h for h in hits if h.card.code != _WILD_CODE), hits[0])  # natural first
        return self._discard(view, discards)

    def _rank(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """Each card code's place in the order discards are tried: the costliest first (a
        Wild after every number card), then the lowest code; worked out once per table."""
        known = self._ranks
        if known is None or known[0] is not scores:
            keys = [(0 if c == _WILD_CODE else -score, c) for c, score in enumerate(scores)]
            place = {key: index for index, key in enumerate(sorted(keys))}
            known = self._ranks = (scores, tuple(place[key] for key in keys))
        return known[1]

    def _rules(self, view: PlayerView) -> MeldRules:
        return view.rules.meld_rules

    def _target(self, view: PlayerView) -> Phase | None:
        """The phase to work towards: the one fixed for this hand, or under free phase
        order (V-1, V-3, V-4) the open phase closest to completion."""
        seat = view.seat
        if view.hand is None or seat is None:
            return None
        me = view.players[seat]
        if me.laid_down:
            return None
        number = me.target_phase  # view.my_phase, without its search of the phase list
        if number is not None:
            return _numbered(view.rules, number)
        if view.rules.phase_order is not PhaseOrder.ANY:
            return None
        left = open_numbers(view.rules, me.assigned, me.completed)
        open_phases = [view.rules.phase(number) for number in left]
        if not open_phases:
            return None
        rules, hand = self._rules(view), view.hand
        return min(open_phases, key=lambda p: self._distance(hand, p, rules))

    def _before_play(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """V-1.4: the phase closest to completion; V-12: the Wild to itself, the Skip to the
        leader."""
        hand = view.hand
        choices = [a for a in legal if isinstance(a, ChoosePhase)]
        if choices and hand is not None:
            rules = self._rules(view)
            return min(
                choices, key=lambda a: self._distance(hand, view.rules.phase(a.phase), rules)
            )
        gifts = [a for a in legal if isinstance(a, GiveCard)]
        if gifts and view.seat is not None:
            top = view.top_discard
            if top is not None and top.is_wild:
                return next((a for a in gifts if a.seat == view.seat), gifts[0])
            others = [a for a in gifts if a.seat != view.seat] or gifts
            return max(others, key=lambda a: _leader_key(view, a.seat))
        return legal[0]

    def _draw(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        take: Action | None = None
        stock: Action | None = None
        for action in legal:  # the first of each
            if isinstance(action, TakeDiscard):
                take = take or action
            elif isinstance(action, DrawStock):
                stock = stock or action
        pile = view.discard_pile
        top = pile[-1] if pile else None
        if take is None or top is None or view.hand is None:
            return stock or legal[0]
        if stock is None or top.code == _WILD_CODE:
            return take
        me = view.players[view.seat] if view.seat is not None else None
        if me is not None and me.laid_down:
            return take if self._fitting.of(view)(top) else stock
        phase = self._target(view)
        if phase is None:
            return stock
        rules = self._rules(view)
        hand = view.hand
        if not self._distance.closer(hand, phase, rules, top):
            return stock  # dropping a card never brings a hand closer
        before = self._distance(hand, phase, rules)
        grown = (*hand, top)
        # One search prices every card the grown hand could give up; _discard reuses it.
        without = self._distance.without_each(grown, phase, rules)
        return take if any(without(card) < before for card in distinct_cards(hand)) else stock

    def _discard(self, view: PlayerView, discards: list[Discard]) -> Action:
        hand = view.hand
        assert hand is not None
        assert view.seat is not None
        assert discards
        skips: list[Discard] = []
        plain: list[Discard] = []
        for d in discards:
            if d.card.code == _SKIP_CODE:
                skips.append(d)
            elif d.target is None:
                plain.append(d)
        if skips:
            return max(skips, key=lambda d: _leader_key(view, d.target))
        plain = plain or discards
        stuck = view.turn // STUCK_TURNS
        if stuck >= 2:  # break up whatever the hand holds, one card after another
            ordered = sorted(plain, key=lambda d: d.card.code)
            return ordered[(view.turn // len(view.seats)) % len(ordered)]
        rules = self._rules(view)
        phase = self._target(view)
        if stuck:  # first what a laid-down player can hit, then what others collect
            useful = _useful_to_others(view)
            plain = _least_of(plain, [useful(d.card) for d in plain])
        cards = [d.card for d in plain]
        if phase is not None:
            losses = self._distance.losses(hand, phase, rules, cards)
        else:
            fits = self._fitting.of(view)
            losses = [9 if c.code == _WILD_CODE else int(fits(c)) for c in cards]
        plain = _least_of(plain, losses)
        # Then the card the next player does not want, the costliest to keep, the lowest
        # code: danger is asked in that order, so usually once.
        if len(plain) == 1:
            choice = plain[0]
        else:
            rank = self._rank(view.rules.scoring.table())
            plain.sort(key=lambda d: rank[d.card.code])
            fed = fed_to_next(view, self._fitting.of)
            wild = _WILD_CODE
            choice = next((a for a in plain if a.card.code == wild or not fed(a.card)), plain[0])
        if phase is not None:  # the next draw asks for the distance of the hand left
            self._distance.discarded(hand, phase, rules, choice.card)
        return choice


def _least_of(options: list[Discard], values: list[int]) -> list[Discard]:
    """The options of least value (``values``: one per option), in their order."""
    if len(options) < 2:
        return options
    least = min(values)
    if values.count(least) == len(values):  # often: every option alike
        return options
    return [option for option, value in zip(options, values, strict=True) if value == least]


def _lay_cost(view: PlayerView) -> Callable[[LayDown | LayGroup], int]:
    """The Wilds a lay-down step costs: its own, plus the fewest the rest of the phase needs.

    Keeping Wilds for later hits is the point, so a group is judged by the
    whole lay-down it leads to, not by itself.
    """
    hand = view.hand
    laying = view.laying
    pending = laying.melds if laying is not None else ()
    rules = view.rules.meld_rules
    plans: dict[tuple[Requirement, ...], Plan | None] = {}  # the steps share them
    postal = view.rules.postal and not view.tiebreak

    def cost(action: LayDown | LayGroup) -> int:
        if postal:  # the phase-number cards may be Wilds (V-10.2): priced like the engine
            personal = _personal_rules(view, action)
            if personal.wild_numbers:
                return _personal_cost(hand, pending, action, personal, _phase_of(view, action))
        if isinstance(action, LayDown):
            return _wilds_in(action.melds)
        meld = action.meld
        laid = (*pending, meld)
        own = _wilds_in(laid)
        phase = _phase_of(view, action)
        if hand is None or phase is None:
            return own
        left = list(phase.requirements)
        for m in laid:
            left.remove(m.requirement)
        need = rules.natural_card_scope is NaturalScope.PHASE and not any(
            m.natural_count() for m in laid
        )
        key = tuple(left)
        if key not in plans:
            plans[key] = requirements_plan(key, rules)
        plan = plans[key]
        if plan is not None and key:
            return own + _fewest_left(hand, [c for m in laid for c in m.cards], plan, need)
        counts = card_counts(hand)
        for card in (c for m in laid for c in m.cards):
            counts[card.code] -= 1
        return own + _fewest_wilds(counts, key, rules, need, plan)

    return cost


def _personal_rules(view: PlayerView, action: LayDown | LayGroup) -> MeldRules:
    """The group rules of the viewing seat for the phase ``action`` lays: with Postal's
    phase-number Wilds (V-10.2, A-26), as the engine checks it (:mod:`phase10.postal`)."""
    phase = _phase_of(view, action)
    return personal_rules(view.rules, None if phase is None else phase.number)


def _acting_wilds(melds: Sequence[Meld], rules: MeldRules) -> int:
    """How many cards of ``melds`` are played as Wilds under ``rules``: the Wilds, and the
    personal Wilds not natural where they stand (V-10.2, V-10.3, A-26)."""
    return sum(
        1
        for meld in melds
        for position, card in enumerate(meld.cards)
        if acts_as_wild(meld, position, card, rules)
    )


def _personal_cost(
    hand: Sequence[Card] | None,
    pending: tuple[Meld, ...],
    action: LayDown | LayGroup,
    rules: MeldRules,
    phase: Phase | None,
) -> int:
    """:func:`_lay_cost` where the seat has personal Wilds: every card played as a Wild
    counts, a Wild or a phase-number card alike, and the rest of the phase is priced by
    the fewest such cards it needs (:func:`_fewest_acting`)."""
    laid = action.melds if isinstance(action, LayDown) else (*pending, action.meld)
    own = _acting_wilds(laid, rules)
    if isinstance(action, LayDown) or hand is None or phase is None:
        return own
    left = remaining_requirements(phase.requirements, laid)
    counts = card_counts(hand)
    for card in (c for m in laid for c in m.cards):
        counts[card.code] -= 1
    return own + _fewest_acting(counts, left, rules, needs_natural(rules, laid))


def _fewest_acting(
    counts: list[int], left: Sequence[Requirement], rules: MeldRules, need: bool
) -> int:
    """The fewest cards played as Wilds (:func:`_acting_wilds`) with which the counted
    cards make the requirements ``left``, a group at a time as the engine lists them
    (:func:`phase10.laying.group_options`); the Wilds and personal Wilds held when they
    cannot be made."""
    if not left:
        return 0
    if _without_wilds(counts, left, rules, need):
        return 0  # often, and one fast yes/no answer
    best = sum(count for code, count in enumerate(counts) if count and rules.is_wild_code(code))
    for meld in group_options(counts, left, rules, need_natural=need):
        own = _acting_wilds((meld,), rules)
        if own >= best:
            continue
        if len(left) > 1:
            for card in meld.cards:
                counts[card.code] -= 1
            rest = remaining_requirements(left, (meld,))
            more = need and not meld.natural_count(rules)
            own += _fewest_acting(counts, rest, rules, more)
            for card in meld.cards:
                counts[card.code] += 1
        best = min(best, own)
    return best


def _without_wilds(
    counts: list[int], left: Sequence[Requirement], rules: MeldRules, need: bool
) -> bool:
    """Whether the counted cards make ``left`` with no card played as a Wild: the Wilds
    set aside, and the phase-number cards as plain numbers where they count as natural
    standing for themselves (A-26), else set aside too."""
    plain = MeldRules(rules.natural_card_scope, rules.run_wraparound, rules.wild_value_range)
    key = tuple(left)
    aside = [_WILD_CODE]
    if rules.personal_never_natural:
        aside += [code for code in range(_WILD_CODE) if rules.is_wild_code(code)]
    kept = [counts[code] for code in aside]
    for code in aside:
        counts[code] = 0
    try:
        plan = requirements_plan(key, plain)
        return can_complete_counts(counts, key, plain, need_natural=need, plan=plan)
    finally:
        for code, count in zip(aside, kept, strict=True):
            counts[code] = count


def _fewest_left(hand: Sequence[Card], laid: Sequence[Card], plan: Plan, need: bool) -> int:
    """:func:`_fewest_wilds` with a fast plan for ``hand`` less the ``laid`` cards, counted
    from the hand's buckets (no count per card code)."""
    buckets, wilds = tally(plan, hand)
    counted = list(buckets)
    bucket = plan.bucket
    for card in laid:
        code = card.code
        if code == _WILD_CODE:
            wilds -= 1
        elif code < _WILD_CODE:
            counted[bucket[code]] -= 1
    return min(wilds, least_wilds_of(plan, counted, need, wilds + 1))


def _wilds_in(melds: tuple[Meld, ...]) -> int:
    """How many Wilds ``melds`` hold."""
    return sum([c.code for c in m.cards].count(_WILD_CODE) for m in melds)


def _numbered(rules: Rules, number: int) -> Phase:
    """``rules.phase(number)``: phase numbers are distinct, so where the list is numbered
    in order the phase is found at its place, without a search."""
    phases = rules.phases
    if 0 < number <= len(phases):
        phase = phases[number - 1]
        if phase.number == number:
            return phase
    return rules.phase(number)


def _phase_of(view: PlayerView, action: LayDown | LayGroup) -> Phase | None:
    """The phase a lay-down step belongs to, as the viewing seat knows it."""
    if action.phase is not None:
        return view.rules.phase(action.phase)
    if view.laying is not None:
        return view.rules.phase(view.laying.phase)
    if view.seat is None:
        return None
    me = view.players[view.seat]
    if me.target_phase is not None:  # view.my_phase
        return _numbered(view.rules, me.target_phase)
    left = open_numbers(view.rules, me.assigned, me.completed)
    meld = action.meld if isinstance(action, LayGroup) else action.melds[0]
    for phase in view.rules.phases:  # the one phase left to choose from (V-3)
        if phase.number in left and meld.requirement in phase.requirements:
            return phase
    return None


def _fewest_wilds(
    counts: list[int],
    left: tuple[Requirement, ...],
    rules: MeldRules,
    need: bool,
    plan: Plan | None = None,
) -> int:
    """The fewest of its Wilds the counted cards need to make the requirements ``left``
    (``plan``: their fast plan, :func:`~phase10.solver.requirements_plan`).

    With a fast plan, one search for the fewest Wild positions answers
    (:func:`~phase10.fastpath.least_wilds_of`: the yes/no search holds exactly from
    that many Wilds on) instead of one yes/no search per Wild.
    """
    wilds = counts[WILD.code]
    if plan is not None and left:
        buckets = [0] * plan.buckets
        bucket = plan.bucket
        for code in range(_WILD_CODE):
            if counts[code]:
                buckets[bucket[code]] += counts[code]
        return min(wilds, least_wilds_of(plan, buckets, need, wilds + 1))
    for used in range(wilds + 1):
        counts[WILD.code] = used
        if can_complete_counts(counts, left, rules, need_natural=need, plan=plan):
            counts[WILD.code] = wilds
            return used
    counts[WILD.code] = wilds
    return wilds


def distinct_cards(hand: Sequence[Card]) -> list[Card]:
    """The different cards of ``hand``, in their order (for bots built on GreedyBot)."""
    return list(dict.fromkeys(hand))


def _fits(melds: Sequence[Meld], card: Card, rules: MeldRules) -> bool:
    """Whether ``card`` could be added to one of ``melds``."""
    return any(m.requirement.hit_ends(m, card, rules) for m in melds)


def _patient(view: PlayerView) -> bool:
    """Whether a laid-down bot should not go out yet (Anti-Phase, V-5.2; see GreedyBot)."""
    hand = view.hand
    if not view.rules.anti_phase or hand is None or len(hand) > 2 or view.seat is None:
        return False
    if view.turn >= PATIENCE_CIRCUITS * len(view.seats):
        return False
    return any(not view.players[s].laid_down for s in view.seats if s != view.seat)


def _useful_to_others(view: PlayerView) -> Callable[[Card], int]:
    """0 for a card that fits a group on the table, 1 for one others picked up, else 2."""
    rules = view.rules.meld_rules
    melds = [m for p in view.players for m in p.melds]
    collected = {
        c.number
        for s in view.seats
        if s != view.seat
        for c in view.players[s].pickups
        if c.number is not None
    }

    def useful(card: Card) -> int:
        if _fits(melds, card, rules):
            return 0
        return 1 if card.number in collected else 2

    return useful


def _leader_key(view: PlayerView, target: int | None) -> tuple[int, int, int]:
    """The most dangerous opponent first: never a partner (team play), then the most
    phases, then the lowest score."""
    if target is None:
        return (-1, -1, 0)
    seat = view.players[target]
    opponent = int(target not in view.partners)
    return (opponent, len(seat.completed) + int(seat.laid_down), -seat.score)


def fed_to_next(
    view: PlayerView, fitting: Callable[[PlayerView], Callable[[Card], bool]] | None = None
) -> Callable[[Card], bool]:
    """``card -> whether the next seat would use it``: it picked that number up this hand,
    or it is down and the card fits a group on the table (for bots built on GreedyBot;
    ``fitting``: where to ask what fits the table, e.g. a :class:`_Fitting`'s ``of``)."""
    seats = view.seats
    assert view.seat is not None
    following = seats[(seats.index(view.seat) + view.direction) % len(seats)]
    nxt = view.players[following]
    wanted = {c.number for c in nxt.pickups if c.number is not None}
    if not nxt.laid_down:
        return lambda card: card.number in wanted
    fits = _Fitting().of(view) if fitting is None else fitting(view)
    return lambda card: card.number in wanted or fits(card)


class _Fitting:
    """Which cards fit a group on the table (``hit_ends``), remembered while the table's
    groups stay the same objects: most turns leave the table alone, and a laid-down bot
    asks about each card of its hand every turn. Bounded: one table, one answer a card."""

    __slots__ = ("_known", "_melds", "_rules")

    def __init__(self) -> None:
        self._melds: tuple[Meld, ...] = ()
        self._rules: MeldRules | None = None
        self._known: dict[int, bool] = {}

    def of(self, view: PlayerView) -> Callable[[Card], bool]:
        """``card -> whether it fits a group on the table`` of ``view``."""
        melds = tuple(m for p in view.players for m in p.melds)
        rules = view.rules.meld_rules
        old = self._melds
        if (
            rules is not self._rules
            or len(melds) != len(old)
            or any(a is not b for a, b in zip(melds, old, strict=True))
        ):
            self._melds, self._rules, self._known = melds, rules, {}
        known = self._known

        def fits(card: Card) -> bool:
            found = known.get(card.code)
            if found is None:
                found = known[card.code] = _fits(melds, card, rules)
            return found

        return fits


def play_game(
    state: GameState,
    bots: Sequence[Bot],
    *,
    on_action: Callable[[GameState, Action, GameState], None] | None = None,
    max_actions: int = 1_000_000,
) -> GameState:
    """Let ``bots`` (one per seat) play ``state`` to the end and return the final state.

    ``on_action(before, action, after)`` is called after every action, e.g. to
    print a log. Between hands the next hand is dealt automatically. The returned
    state is always over: a game still running after ``max_actions`` actions
    raises :class:`~phase10.UnfinishedGameError`, which holds the last state.
    """
    check_bots(bots, len(state.players))
    viewer = Viewer()  # shares the seat views of seats an action left alone
    for _ in range(max_actions):
        if state.is_over:
            return state
        if state.stage is STAGE_HAND_OVER:
            action: Action = _NEXT_HAND
        else:
            legal = legal_actions(state)
            seat = state.current_player
            assert seat is not None
            action = bots[seat].choose(viewer.player_view(state, seat), legal)
        try:
            after = apply(state, action)
        except IllegalActionError as error:
            raise _refused(state, bots, action, error)  # noqa: B904 (its __cause__ is set)
        if on_action is not None:
            on_action(state, action, after)
        state = after
    if state.is_over:
        return state
    raise UnfinishedGameError(
        f"the game was not over after {max_actions} actions (hand {state.hand_number}, "
        f"turn {state.turn} of that hand)",
        state,
        max_actions,
    )


def _refused(
    state: GameState, bots: Sequence[Bot], action: Action, error: IllegalActionError
) -> IllegalActionError:
    """``error`` (the game refused ``action``) told with the seat and bot that chose it,
    so a driver's caller knows which of its bots to mend; the same ``reason``."""
    seat = state.current_player
    if seat is None:  # the driver's own "next hand", never a bot's
        return error
    told = IllegalActionError(
        error.reason,
        f"seat {seat}'s bot ({type(bots[seat]).__name__}) chose {action!r} in hand "
        f"{state.hand_number}, turn {state.turn}, which the game refused: {error.message}",
    )
    # Set here rather than by ``raise ... from``, which the compiled build (mypyc) drops.
    told.__cause__ = error
    return told
