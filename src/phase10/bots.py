"""Computer players. A bot sees only its seat's :class:`~phase10.views.PlayerView`.

>>> from phase10 import new_game, RandomBot, GreedyBot, play_game
>>> final = play_game(new_game(3, seed=4), [GreedyBot(), GreedyBot(), RandomBot(seed=1)])
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

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
from .cards import WILD, Card
from .engine import apply, legal_actions
from .melds import MeldRules, NaturalScope, Requirement
from .phases import Phase
from .solver import can_complete, can_complete_counts, card_counts, requirements_plan
from .state import GameState, Stage
from .views import PlayerView, player_view, spectator_view

__all__ = ["Bot", "GreedyBot", "RandomBot", "phase_distance", "play_game"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of the legal actions from what its seat can see."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return one element of ``legal``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[self._rng.randrange(len(legal))]


def phase_distance(hand: Sequence[Card], phase: Phase, rules: MeldRules, limit: int = 4) -> int:
    """How many extra Wilds ``hand`` needs to complete ``phase`` (``limit`` if more)."""
    cards = list(hand)
    for extra in range(limit):
        if can_complete((*cards, *([WILD] * extra)), phase, rules):
            return extra
        if len(cards) + extra < phase.min_cards - limit:
            break
    return limit


class GreedyBot:
    """A sound, simple strategy (issue 3):

    lays down as soon as it can (keeping Wilds when it has a choice), hits
    everything it can, discards the card least useful to its phase, skips the
    leader, and avoids discarding what the next player collects or can hit.
    """

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.stage is Stage.DRAW:
            return self._draw(view, legal)
        if view.stage is not Stage.PLAY:
            return self._before_play(view, legal)
        steps = [a for a in legal if isinstance(a, (LayDown, LayGroup))]
        if steps:
            return min(steps, key=_lay_cost(view))
        hits = [a for a in legal if isinstance(a, Hit)]
        if hits:
            natural = [h for h in hits if not h.card.is_wild]
            return (natural or hits)[0]
        return self._discard(view, [a for a in legal if isinstance(a, Discard)])

    def _rules(self, view: PlayerView) -> MeldRules:
        return view.rules.meld_rules

    def _before_play(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """V-1.4: the phase closest to completion; V-12: the Wild to itself, the Skip to the
        leader."""
        hand = view.hand
        choices = [a for a in legal if isinstance(a, ChoosePhase)]
        if choices and hand is not None:
            rules = self._rules(view)
            return min(
                choices, key=lambda a: phase_distance(hand, view.rules.phase(a.phase), rules)
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
        take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
        stock = next((a for a in legal if isinstance(a, DrawStock)), None)
        top = view.top_discard
        if take is None or top is None or view.hand is None:
            return stock or legal[0]
        if stock is None or top.is_wild:
            return take
        me = view.players[view.seat] if view.seat is not None else None
        if me is not None and me.laid_down:
            fits = any(m.hit_ends(top, self._rules(view)) for p in view.players for m in p.melds)
            return take if fits else stock
        phase = view.my_phase
        if phase is None:
            return stock
        rules = self._rules(view)
        before = phase_distance(view.hand, phase, rules)
        after = min(phase_distance((*rest, top), phase, rules) for rest in _drop_each(view.hand))
        return take if after < before else stock

    def _discard(self, view: PlayerView, discards: list[Discard]) -> Action:
        assert view.hand is not None
        assert view.seat is not None
        assert discards
        skips = [d for d in discards if d.card.is_skip]
        if skips:
            return max(skips, key=lambda d: _leader_key(view, d.target))
        hand = view.hand
        me = view.players[view.seat]
        rules = self._rules(view)
        phase = None if me.laid_down else view.my_phase
        base = phase_distance(hand, phase, rules) if phase is not None else 0
        danger = _fed_to_next(view)
        scores = view.rules.scoring.table()

        def cost(action: Discard) -> tuple[int, int, int, int]:
            card = action.card
            if card.is_wild:
                return (9, 0, 0, card.code)
            if phase is not None:
                rest = list(hand)
                rest.remove(card)
                loss = phase_distance(rest, phase, rules) - base
            else:
                loss = int(any(m.hit_ends(card, rules) for p in view.players for m in p.melds))
            return (loss, int(danger(card)), -scores[card.code], card.code)

        plain = [d for d in discards if d.target is None]
        return min(plain or discards, key=cost)


def _lay_cost(view: PlayerView) -> Callable[[LayDown | LayGroup], int]:
    """The Wilds a lay-down step costs: its own, plus the fewest the rest of the phase needs.

    Keeping Wilds for later hits is the point, so a group is judged by the
    whole lay-down it leads to, not by itself.
    """
    hand = view.hand
    laying = view.laying
    pending = laying.melds if laying is not None else ()
    rules = view.rules.meld_rules

    def cost(action: LayDown | LayGroup) -> int:
        if isinstance(action, LayDown):
            return sum(c.is_wild for c in action.cards())
        meld = action.meld
        laid = (*pending, meld)
        own = sum(c.is_wild for m in laid for c in m.cards)
        phase = _phase_of(view, action)
        if hand is None or phase is None:
            return own
        counts = card_counts(hand)
        for card in (c for m in laid for c in m.cards):
            counts[card.code] -= 1
        left = list(phase.requirements)
        for m in laid:
            left.remove(m.requirement)
        need = rules.natural_card_scope is NaturalScope.PHASE and not any(
            m.natural_count() for m in laid
        )
        return own + _fewest_wilds(counts, tuple(left), rules, need)

    return cost


def _phase_of(view: PlayerView, action: LayGroup) -> Phase | None:
    """The phase a lay-down step belongs to, as the viewing seat knows it."""
    if action.phase is not None:
        return view.rules.phase(action.phase)
    if view.laying is not None:
        return view.rules.phase(view.laying.phase)
    if view.my_phase is not None:
        return view.my_phase
    done = set(view.players[view.seat].completed) if view.seat is not None else set()
    for phase in view.rules.phases:  # the one phase left to choose from (V-3)
        if phase.number not in done and action.meld.requirement in phase.requirements:
            return phase
    return None


def _fewest_wilds(
    counts: list[int], left: tuple[Requirement, ...], rules: MeldRules, need: bool
) -> int:
    """The fewest of its Wilds the counted cards need to make the requirements ``left``."""
    wilds = counts[WILD.code]
    plan = requirements_plan(left, rules)
    for used in range(wilds + 1):
        counts[WILD.code] = used
        if can_complete_counts(counts, left, rules, need_natural=need, plan=plan):
            counts[WILD.code] = wilds
            return used
    counts[WILD.code] = wilds
    return wilds


def _drop_each(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    return [tuple(hand[:i]) + tuple(hand[i + 1 :]) for i in range(len(hand))]


def _leader_key(view: PlayerView, target: int | None) -> tuple[int, int]:
    if target is None:
        return (-1, 0)
    seat = view.players[target]
    return (len(seat.completed) + int(seat.laid_down), -seat.score)


def _fed_to_next(view: PlayerView) -> Callable[[Card], bool]:
    seats = view.seats
    assert view.seat is not None
    following = seats[(seats.index(view.seat) + 1) % len(seats)]
    nxt = view.players[following]
    wanted = {c.number for c in nxt.pickups if c.number is not None}
    rules = view.rules.meld_rules

    def feeds(card: Card) -> bool:
        if card.number in wanted:
            return True
        if nxt.laid_down:
            return any(m.hit_ends(card, rules) for p in view.players for m in p.melds)
        return False

    return feeds


def play_game(
    state: GameState,
    bots: Sequence[Bot],
    *,
    on_action: Callable[[GameState, Action, GameState], None] | None = None,
    max_actions: int = 1_000_000,
) -> GameState:
    """Let ``bots`` (one per seat) play ``state`` to the end and return the final state.

    ``on_action(before, action, after)`` is called after every action, e.g. to
    print a log. Between hands the next hand is dealt automatically.
    """
    if len(bots) != len(state.players):
        raise ValueError(f"{len(state.players)} seats need {len(state.players)} bots")
    for _ in range(max_actions):
        if state.is_over:
            return state
        legal = legal_actions(state)
        if state.stage is Stage.HAND_OVER:
            action: Action = NextHand()
            view = spectator_view(state)
        else:
            seat = state.current_player
            assert seat is not None
            view = player_view(state, seat)
            action = bots[seat].choose(view, legal)
        after = apply(state, action)
        if on_action is not None:
            on_action(state, action, after)
        state = after
    return state
