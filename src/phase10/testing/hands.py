"""Hands for the checks: random, reproducible, and shaped like the groups of a phase.

Uniformly random hands rarely hold a phase, so most hands are built from
pieces: cards of one number, of one colour, of one number and colour, numbers
stepping by one or two, and Wilds, then topped up with random cards. Every hand
could be dealt from the deck it is drawn from.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from ..cards import ALL_CARDS, COLORS, WILD, Card, DeckSpec

__all__ = ["deal_hand"]

Piece = Callable[[random.Random], list[Card]]


def _same_number(rng: random.Random) -> list[Card]:
    number = rng.randint(1, 12)
    return [Card.number_card(rng.choice(COLORS), number) for _ in range(rng.randint(2, 4))]


def _same_card(rng: random.Random) -> list[Card]:
    return [Card.number_card(rng.choice(COLORS), rng.randint(1, 12))] * 2


def _one_color(rng: random.Random) -> list[Card]:
    color = rng.choice(COLORS)
    return [Card.number_card(color, rng.randint(1, 12)) for _ in range(rng.randint(2, 5))]


def _stepping(rng: random.Random) -> list[Card]:
    """Numbers stepping by 1 or 2, in one colour or any, with a gap now and then."""
    step = rng.choice((1, 1, 2))
    start = rng.randint(1, 12)
    color = rng.choice(COLORS) if rng.random() < 0.5 else None
    cards = []
    for i in range(rng.randint(2, 6)):
        number = start + step * i
        if number <= 12 and rng.random() < 0.85:
            cards.append(Card.number_card(color or rng.choice(COLORS), number))
    return cards


def _wilds(rng: random.Random) -> list[Card]:
    return [WILD] * rng.randint(1, 2)


def _anything(rng: random.Random) -> list[Card]:
    return [rng.choice(ALL_CARDS[:50]) for _ in range(rng.randint(1, 3))]


_PIECES: Sequence[Piece] = (
    _same_number,
    _same_card,
    _one_color,
    _stepping,
    _stepping,
    _wilds,
    _anything,
)


def deal_hand(rng: random.Random, size: int, deck: DeckSpec | None = None) -> tuple[Card, ...]:
    """``size`` cards that ``deck`` (the standard deck by default) could deal, sorted by code.

    >>> hand = deal_hand(random.Random(1), 8)
    >>> len(hand), max(Counter(hand).values()) <= 8
    (8, True)
    """
    limits = (deck or DeckSpec()).counts()
    held: Counter[Card] = Counter()
    cards: list[Card] = []
    shaped = rng.random() < 0.85
    attempts = 0
    while len(cards) < size and attempts < 1_000:
        attempts += 1
        piece = rng.choice(_PIECES)(rng) if shaped else [rng.choice(ALL_CARDS)]
        for card in piece:
            if len(cards) < size and held[card] < limits[card.code]:
                held[card] += 1
                cards.append(card)
    if len(cards) < size:  # a tiny deck: fill in whatever it still holds
        rest = [c for c in ALL_CARDS for _ in range(limits[c.code] - held[c])]
        rng.shuffle(rest)
        cards.extend(rest[: size - len(cards)])
    return tuple(sorted(cards))
