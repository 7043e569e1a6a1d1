"""Hypothesis strategies shared by the tests: hands shaped like the groups of a phase, actions.

Uniformly random hands rarely hold a phase, so :func:`hands` builds hands from
pieces: cards of one number, consecutive numbers with gaps, cards of one colour,
Wilds and Skips, topped up with random number cards. Every hand could be dealt
from a standard deck (two of each number card, eight Wilds, four Skips).
:mod:`test_solver` and :mod:`test_fastpath` draw their hands here. :data:`actions`
gives an action of every class with any values its constructor accepts (legal or not),
for the notation and its JSON Schema.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from phase10 import (
    COLORS,
    SKIP,
    WILD,
    Action,
    Card,
    ChoosePhase,
    Color,
    ColorOf,
    ColorRunOf,
    ColorSetOf,
    Discard,
    DrawStock,
    End,
    GiveCard,
    Hit,
    LayDown,
    LayGroup,
    Meld,
    NextHand,
    Parity,
    ParityOf,
    ParityRunOf,
    Requirement,
    RunOf,
    Save,
    SetOf,
    SwapWild,
    TakeDiscard,
    TakeSaved,
)
from phase10.cards import ALL_CARDS
from phase10.limits import MAX_GROUP_INDEX, MAX_PHASE_NUMBER, MAX_PLAYERS

__all__ = [
    "actions",
    "hands",
    "melds",
    "near_run",
    "number_cards",
    "numbers",
    "one_color",
    "pieces",
    "requirements",
    "same_number",
]

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


# --------------------------------------------------------------------------- actions

card_values = st.sampled_from(ALL_CARDS)
seats = st.integers(min_value=0, max_value=MAX_PLAYERS - 1)
indexes = st.integers(min_value=0, max_value=20) | st.integers(0, MAX_GROUP_INDEX)
phase_numbers = st.integers(min_value=1, max_value=20) | st.integers(1, MAX_PHASE_NUMBER)
ends = st.sampled_from(End)
requirements: st.SearchStrategy[Requirement] = st.one_of(
    st.builds(SetOf, st.integers(1, 12)),
    st.builds(RunOf, st.integers(1, 12)),
    st.builds(ColorOf, st.integers(1, 12)),
    st.builds(ColorRunOf, st.integers(1, 12)),
    st.builds(ColorSetOf, st.integers(1, 12)),
    st.builds(ParityOf, st.integers(1, 12), st.none() | st.sampled_from(Parity)),
    st.builds(ParityRunOf, st.integers(1, 12), st.none() | st.sampled_from(Parity)),
)
melds = st.builds(
    Meld,
    requirements,
    st.lists(card_values, max_size=12).map(tuple),
    st.none() | st.integers(-3, 15),
    st.none() | st.sampled_from(Color),
    st.booleans(),
)
actions: st.SearchStrategy[Action] = st.one_of(
    st.just(DrawStock()),
    st.just(TakeDiscard()),
    st.builds(LayDown, st.lists(melds, max_size=4).map(tuple), st.none() | phase_numbers),
    st.builds(LayGroup, melds, st.none() | phase_numbers),
    st.builds(Hit, card_values, seats, indexes, st.none() | ends),
    st.builds(Discard, card_values, st.none() | seats),
    st.builds(NextHand, st.none() | st.lists(card_values, max_size=20).map(tuple)),
    st.builds(ChoosePhase, phase_numbers),
    st.builds(Save, card_values),
    st.builds(TakeSaved, card_values),
    st.builds(GiveCard, seats),
    st.builds(SwapWild, card_values, seats, indexes, ends),
)
