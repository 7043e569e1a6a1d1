"""Computer players for Phase 10 Twist; a bot sees only its seat's :class:`TwistView`.

:class:`RandomBot` picks any legal action. :class:`GreedyBot` plays the card
game's greedy strategy on the Twist table: on a Twist space it takes the
neighbouring phase its hand is closest to, or gambles on a Twist card when both
are far; it draws the pile top that brings it closest to its phase, lays down as
soon as it can (sparing Wilds), hits everything it can, plays its Skips on the
pawn furthest ahead and discards the card least useful to it, covering a Wild
on the piles when it can.

>>> from phase10.twist import new_game
>>> final = play_game(new_game(2, seed=3), [GreedyBot(), GreedyBot()])
>>> final.is_over, len(final.winners)
(True, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from ..actions import DrawStock, Hit, LayDown, LayGroup, NextHand
from ..bots import STUCK_TURNS, phase_distance
from ..cards import Card, card_points
from ..family import FamilyGame, SeededRandomBot
from .actions import ChooseSpace, DiscardOnto, DrawTwist, PlaySkip, TakePile, TwistAction
from .engine import apply, legal_actions
from .state import TwistStage, TwistState
from .views import TwistView, player_view

__all__ = ["GAMBLE_DISTANCE", "GreedyBot", "RandomBot", "TwistBot", "play_game"]

GAMBLE_DISTANCE = 3
"""On a Twist space :class:`GreedyBot` draws a Twist card when its hand lacks at least this
many cards (counted as Wilds) for both neighbouring phases."""

GAME: FamilyGame[TwistState, TwistView, TwistAction] = FamilyGame(
    apply, legal_actions, player_view, NextHand()
)
"""Phase 10 Twist for the code the games of the family share; between hands it deals the next."""


@runtime_checkable
class TwistBot(Protocol):
    """Anything that picks one of the legal actions from what its seat can see."""

    def choose(self, view: TwistView, legal: Sequence[TwistAction]) -> TwistAction:
        """Return one element of ``legal``."""
        ...


class RandomBot(SeededRandomBot[TwistView, TwistAction]):
    """Picks uniformly among the legal actions, from its own seeded generator."""


class GreedyBot:
    """A sound, simple strategy (see the module docstring).

    It never plays forever: in a hand that has lasted
    :data:`~phase10.bots.STUCK_TURNS` turns it discards first what a group on the
    table can take, and after twice as many it discards its cards in turn.
    """

    def choose(self, view: TwistView, legal: Sequence[TwistAction]) -> TwistAction:
        if len(legal) == 1:
            return legal[0]
        if view.stage is TwistStage.CHOOSE:
            return _choose_phase(view, legal)
        if view.stage is TwistStage.DRAW:
            return _draw(view, legal)
        steps = [a for a in legal if isinstance(a, (LayDown, LayGroup))]
        if steps:
            return min(steps, key=_wilds_used)
        hits = [a for a in legal if isinstance(a, Hit)]
        if hits:
            natural = [h for h in hits if not h.card.is_wild]
            return (natural or hits)[0]
        skips = [a for a in legal if isinstance(a, PlaySkip)]
        if skips:
            return max(skips, key=lambda a: _lead(view, a.target))
        return _discard(view, [a for a in legal if isinstance(a, DiscardOnto)])


def _distance(view: TwistView, hand: Sequence[Card]) -> int:
    phase = view.my_phase
    if phase is None:
        return 0
    return phase_distance(hand, phase, view.rules.meld_rules)


def _choose_phase(view: TwistView, legal: Sequence[TwistAction]) -> TwistAction:
    """A neighbour's phase close to the hand, or a Twist card when both are far (T-3.2)."""
    spaces = [a for a in legal if isinstance(a, ChooseSpace)]
    twist = next((a for a in legal if isinstance(a, DrawTwist)), None)
    rules = view.rules
    hand = view.hand
    if not hand:  # chosen before the deal (T-3.3): the phase with the fewest cards
        return min(spaces, key=lambda a: rules.space_phase(a.space).min_cards)
    distance = {
        a.space: phase_distance(hand, rules.space_phase(a.space), rules.meld_rules) for a in spaces
    }
    best = min(spaces, key=lambda a: distance[a.space])
    if twist is not None and distance[best.space] >= GAMBLE_DISTANCE:
        return twist
    return best


def _draw(view: TwistView, legal: Sequence[TwistAction]) -> TwistAction:
    """The pile top that helps most (a Wild, a card for the phase or for a hit), else the stock."""
    stock = next((a for a in legal if isinstance(a, DrawStock)), None)
    takes = [a for a in legal if isinstance(a, TakePile)]
    hand = view.hand
    assert hand is not None
    assert view.seat is not None
    tops = {a.pile: view.discard_piles[a.pile][-1] for a in takes}
    wild = next((a for a in takes if tops[a.pile].is_wild), None)
    if wild is not None:
        return wild
    if view.players[view.seat].laid_down:
        rules = view.rules.meld_rules
        melds = [m for p in view.players for m in p.melds]
        fits = [a for a in takes if any(m.hit_ends(tops[a.pile], rules) for m in melds)]
        return fits[0] if fits else stock or takes[0]
    before = _distance(view, hand)
    best: tuple[int, TwistAction] = (before, stock or takes[0])
    for action in takes:
        top = tops[action.pile]
        if top.is_skip or _distance(view, (*hand, top)) >= best[0]:
            continue  # a card that does not help with the whole hand cannot help after a discard
        after = min(_distance(view, (*hand[:i], *hand[i + 1 :], top)) for i in range(len(hand)))
        if after < best[0]:
            best = (after, action)
    return best[1]


def _wilds_used(action: LayDown | LayGroup) -> int:
    cards = action.cards() if isinstance(action, LayDown) else action.meld.cards
    return sum(card.is_wild for card in cards)


def _lead(view: TwistView, seat: int) -> tuple[int, int]:
    """How far ahead ``seat`` is: furthest pawn first, then fewest penalty points."""
    player = view.players[seat]
    return (player.position, -player.score)


def _discard(view: TwistView, discards: list[DiscardOnto]) -> TwistAction:
    hand = view.hand
    assert hand is not None
    assert view.seat is not None
    cards = sorted({d.card for d in discards}, key=lambda c: c.code)
    rules = view.rules.meld_rules
    melds = [m for p in view.players for m in p.melds]
    stuck = view.turn // STUCK_TURNS
    if stuck >= 2:  # break up whatever the hand holds, one card after another
        card = cards[(view.turn // len(view.players)) % len(cards)]
    else:
        mine = view.players[view.seat]
        base = 0 if mine.laid_down else _distance(view, hand)

        def cost(card: Card) -> tuple[int, int, int, int]:
            fits = int(any(m.hit_ends(card, rules) for m in melds))
            if card.is_wild:
                return (9, 0, 0, card.code)
            if mine.laid_down:
                loss = fits
            else:
                rest = list(hand)
                rest.remove(card)
                loss = _distance(view, rest) - base
            useful = -fits if stuck else 0  # stuck: first what others can hit
            return (useful, loss, -card_points(card), card.code)

        card = min(cards, key=cost)
    options = [d for d in discards if d.card == card]
    return min(options, key=_cover(view))


def _cover(view: TwistView) -> Callable[[DiscardOnto], tuple[int, int]]:
    """Which pile to discard onto: bury a Wild or a Skip if one is showing, else pile order."""

    def rank(action: DiscardOnto) -> tuple[int, int]:
        pile = view.discard_piles[action.pile]
        top = pile[-1] if pile else None
        worth = 0 if top is None else 2 if top.is_wild else 1 if top.is_skip else 0
        return (-worth, action.pile)

    return rank


def play_game(
    state: TwistState,
    bots: Sequence[TwistBot],
    *,
    on_action: Callable[[TwistState, TwistAction, TwistState], None] | None = None,
    max_actions: int = 1_000_000,
) -> TwistState:
    """Let ``bots`` (one per seat) play ``state`` to the end and return the final state.

    ``on_action(before, action, after)`` is called after every action. Between
    hands the next hand is dealt automatically. A game still running after
    ``max_actions`` actions is returned as it stands (check ``is_over``), as
    :func:`phase10.dice.play_game` does.
    """
    return GAME.play(state, bots, on_action=on_action, max_actions=max_actions)
