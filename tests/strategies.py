"""Hypothesis strategies shared by the solver tests: hands shaped like the groups of a phase.

Uniformly random hands rarely hold a phase, so :func:`hands` builds hands from
pieces: cards of one number, consecutive numbers with gaps, cards of one colour,
Wilds and Skips, topped up with random number cards. Every hand could be dealt
from a standard deck (two of each number card, eight Wilds, four Skips).
:mod:`test_solver` and :mod:`test_fastpath` draw their hands here.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from phase10 import COLORS, SKIP, WILD, Card

__all__ = ["hands", "near_run", "number_cards", "numbers", "one_color", "pieces", "same_number"]

numbers: st.SearchStrategy[int] = st.integers(min_value=1, max_value=12)
number_cards: st.SearchStrategy[Card] = st.builds(
    Card.number_card, st.sampled_from(COLORS), numbers
)


@st.composite
def same_number(draw: st.DrawFn) -> list[Card]:
    """A pair, triple, ... of one number in any colours."""
    number = draw(numbers)
    size = draw(st.integers(min_value=2, max_value=5))
    return [Card.number_card(draw(st.sampled_from(COLORS)), number) for _ in range(size)]


@st.composite
def near_run(draw: st.DrawFn) -> list[Card]:
    """Consecutive numbers with a few gaps, in any colours."""
    length = draw(st.integers(min_value=3, max_value=10))
    start = draw(st.integers(min_value=1, max_value=13 - length))
    gaps = draw(st.sets(st.integers(min_value=0, max_value=length - 1), max_size=2))
    return [
        Card.number_card(draw(st.sampled_from(COLORS)), start + i)
        for i in range(length)
        if i not in gaps
    ]


@st.composite
def one_color(draw: st.DrawFn) -> list[Card]:
    """Several cards of one colour, any numbers."""
    color = draw(st.sampled_from(COLORS))
    return [Card.number_card(color, n) for n in draw(st.lists(numbers, min_size=3, max_size=8))]


pieces: st.SearchStrategy[list[Card]] = st.one_of(
    st.lists(st.just(WILD), min_size=1, max_size=3),
    same_number(),
    near_run(),
    one_color(),
    st.lists(number_cards, min_size=1, max_size=3),
    st.just([SKIP]),
)

_DECK_LIMIT = Counter({WILD: 8, SKIP: 4})


@st.composite
def hands(draw: st.DrawFn, min_size: int = 0, max_size: int = 14) -> tuple[Card, ...]:
    """A hand of ``min_size``..``max_size`` cards that a standard deck could deal, in any
    order."""
    size = draw(st.integers(min_value=min_size, max_value=max_size))
    cards: list[Card] = []
    held: Counter[Card] = Counter()
    while len(cards) < size:
        for card in draw(pieces):
            if len(cards) < size and held[card] < _DECK_LIMIT.get(card, 2):
                held[card] += 1
                cards.append(card)
    return tuple(draw(st.permutations(cards)))
