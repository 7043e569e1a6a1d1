"""Shuffling and dealing (R-3): deterministic, from the game's seed or a given order.

Every shuffle is derived from ``(seed, hand number, reshuffle count)`` through
SHA-256 and a private Mersenne Twister, with our own Fisher-Yates loop, so the
same seed deals the same cards on every machine and Python version. The global
:mod:`random` is never touched.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Sequence
from typing import TypeVar

from .cards import Card, standard_deck
from .errors import IllegalActionError, IllegalReason
from .rules import Rules

__all__ = ["check_deck", "deck_difference", "seat_order", "shuffled"]

T = TypeVar("T")


def shuffled(cards: Sequence[T], seed: int, hand_number: int, salt: int = 0) -> tuple[T, ...]:
    """``cards`` in an order fixed by ``seed``, the hand number and ``salt``.

    Any items shuffle the same way (Phase 10 Twist shuffles its Twist cards with it;
    hand 0, never dealt, serves the Phase cards of :mod:`phase10.phase_cards`).

    >>> from phase10 import standard_deck
    >>> shuffled(standard_deck(), 7, 1) == shuffled(standard_deck(), 7, 1)
    True
    """
    digest = hashlib.sha256(f"phase10:{seed}:{hand_number}:{salt}".encode()).digest()
    rng = random.Random(int.from_bytes(digest, "big"))
    items = list(cards)
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
    return tuple(items)


def check_deck(deck: Sequence[Card], rules: Rules) -> tuple[Card, ...]:
    """``deck`` as a tuple; raises :class:`IllegalActionError` unless it is the rules' deck."""
    order = tuple(deck)
    expected = standard_deck(rules)
    if sorted(c.code for c in order) != [c.code for c in expected]:
        raise IllegalActionError(
            IllegalReason.BAD_DECK,
            f"a deck order must hold exactly the {rules.deck.size} cards of the rules' deck "
            f"({deck_difference(order, expected)})",
        )
    return order


_CARDS_SHOWN = 10
"""At most this many cards are named on each side of a difference: messages stay short."""


def deck_difference(given: Sequence[Card], expected: Sequence[Card]) -> str:
    """How a deck order differs from the deck expected, for a refusal: the counts, then
    the cards extra and missing (the first few of each, then how many more)."""

    def named(cards: Counter[Card]) -> str:
        listed = sorted(cards.elements())
        shown = " ".join(str(card) for card in listed[:_CARDS_SHOWN])
        more = len(listed) - _CARDS_SHOWN
        return f"{shown} and {more} more" if more > 0 else shown

    have, want = Counter(given), Counter(expected)
    parts = [f"{len(given)} cards given, {len(expected)} expected"]
    if have - want:
        parts.append(f"extra: {named(have - want)}")
    if want - have:
        parts.append(f"missing: {named(want - have)}")
    return "; ".join(parts)


def seat_order(seats: Sequence[int], after: int, table_size: int) -> tuple[int, ...]:
    """``seats`` in playing order, starting with the first one to the left of ``after``."""
    ordered = sorted(seats, key=lambda s: (s - after - 1) % table_size)
    return tuple(ordered)
