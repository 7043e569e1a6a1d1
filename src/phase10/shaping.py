"""Sampled worlds whose other hands look played: what a search should plan against.

:func:`~phase10.sample_state` deals the cards a seat cannot see uniformly. After a few
turns real hands are not uniform: every player has drawn a card a turn and thrown
away what its phase did not need. A search that plays out uniform hands sees the
others finish later than they do, and values slow plans too much. :func:`shaped`
plays those turns again in the sample, for each other seat that has not laid down:
it draws one card from the sampled stock per turn the seat has had this hand and
lets go, each time, of the card that brings the hand least closer to its phase (the
measure :class:`~phase10.GreedyBot` discards by), back into the stock, which is then
shuffled. The cards in each place are still the unseen ones, so the seat's view of
the world does not change.

>>> import random
>>> from phase10 import new_game, player_view, sample_state
>>> state = new_game(4, seed=3)
>>> view = player_view(state, 0)
>>> world = shaped(sample_state(view, random.Random(1)), 0, 2, random.Random(1))
>>> player_view(world, 0) == view
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from .bots import Distances
from .cards import Card
from .state import GameState, replace

__all__ = ["shaped"]


def shaped(
    world: GameState,
    seat: int,
    turns: int,
    rng: random.Random,
    distances: Distances | None = None,
) -> GameState:
    """``world`` with each other seat's hand improved by ``turns`` draws and discards.

    Seats that have laid down, or whose phase this hand is not fixed, keep their
    hands; so do the cards a seat is known to hold (its pickups, :attr:`SeatView.pickups
    <phase10.SeatView.pickups>`). ``rng`` shuffles the stock afterwards; ``distances``
    (a memory of hands' distances, kept between calls) saves time.
    """
    if turns <= 0 or not world.stock:
        return world
    rules = world.rules.meld_rules
    scores = world.rules.scoring.table()
    distance = Distances() if distances is None else distances
    stock = list(world.stock)
    players = list(world.players)
    changed = False
    for other in world.seats:
        player = players[other]
        phase = world.target_phase(other) if other != seat else None
        if phase is None or player.laid_down or not player.hand:
            continue
        hand = list(player.hand)
        known = Counter(world.pickups[other]) if other < len(world.pickups) else Counter()
        for _ in range(min(turns, len(stock))):
            hand.append(stock.pop())
            loose = Counter(hand) - known
            if not loose:
                break
            without = distance.without_each(hand, phase, rules)
            drop = min(sorted(loose), key=_cost(without, scores))
            hand.remove(drop)
            stock.append(drop)
        players[other] = replace(player, hand=tuple(sorted(hand)))
        changed = True
    if not changed:
        return world
    rng.shuffle(stock)
    return replace(world, players=tuple(players), stock=tuple(stock))


def _cost(
    without: Callable[[Card], int], scores: Sequence[int]
) -> Callable[[Card], tuple[int, int]]:
    """What letting go of a card costs: the Wilds the hand then lacks (a Wild is kept),
    then the costliest first, as GreedyBot discards."""
    return lambda card: (9 if card.is_wild else without(card), -scores[card.code])
