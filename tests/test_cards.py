"""Cards, the deck, card points and the card notation (R-1, R-11.1)."""

from __future__ import annotations

import pickle
from collections import Counter
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10 import (
    COLORS,
    SKIP,
    WILD,
    Card,
    CardKind,
    Color,
    DeckSpec,
    InvalidDataError,
    Phase10Error,
    card_points,
    format_cards,
    parse_cards,
    sort_cards,
    standard_deck,
)

NUMBER_CARDS = tuple(Card.number_card(color, n) for color in COLORS for n in range(1, 13))
ALL_DISTINCT = (*NUMBER_CARDS, WILD, SKIP)
any_card: st.SearchStrategy[Card] = st.sampled_from(ALL_DISTINCT)


# -- the deck ----------------------------------------------------------


def test_r1_1_base_deck_has_108_cards() -> None:
    """R-1.1: 108 playing cards: 96 number cards, 8 Wild, 4 Skip."""
    deck = standard_deck()
    assert len(deck) == 108
    assert sum(card.is_natural for card in deck) == 96
    assert sum(card.is_wild for card in deck) == 8
    assert sum(card.is_skip for card in deck) == 4
    assert DeckSpec().size == 108


def test_r1_2_two_copies_of_each_number_and_colour() -> None:
    """R-1.2: numbers 1-12 in red, blue, yellow, green, two of each; 24 per colour."""
    assert set(COLORS) == {Color.RED, Color.BLUE, Color.YELLOW, Color.GREEN}
    counts = Counter(standard_deck())
    for color in COLORS:
        for number in range(1, 13):
            assert counts[Card.number_card(color, number)] == 2
        assert sum(n for card, n in counts.items() if card.color is color) == 24
    assert {card.number for card in standard_deck() if card.is_natural} == set(range(1, 13))
    assert len(counts) == 50


def test_r1_3_wild_and_skip_have_no_colour_or_number() -> None:
    """R-1.3: a Wild or Skip is never "of a colour" (nor of a number)."""
    for card in (WILD, SKIP):
        assert card.color is None
        assert card.number is None
        assert not card.is_natural
    assert WILD.is_wild
    assert not WILD.is_skip
    assert SKIP.is_skip
    assert not SKIP.is_wild
    assert WILD.kind is CardKind.WILD
    assert SKIP.kind is CardKind.SKIP
    with pytest.raises(InvalidDataError):
        Card(CardKind.WILD, color=Color.RED)
    with pytest.raises(InvalidDataError):
        Card(CardKind.SKIP, number=3)


def test_r1_6_deck_spec_counts_are_configurable() -> None:
    """R-1.6: editions differ (Masters: 2 Skips; a printing with 12 Wilds)."""
    masters = DeckSpec(skips=2)
    deck = standard_deck(masters)
    assert len(deck) == masters.size == 106
    assert sum(card.is_skip for card in deck) == 2
    assert sum(card.is_wild for card in deck) == 8
    twelve = DeckSpec(wilds=12, skips=2)
    assert twelve.size == 96 + 12 + 2
    counts = twelve.counts()
    assert len(counts) == 53  # 48 number cards, Wild, Skip, rule card, Reverse, Super Skip
    assert counts[50:] == (0, 0, 0)
    assert counts[WILD.code] == 12
    assert counts[SKIP.code] == 2
    assert all(count == 2 for count in counts[:48])
    assert Counter(standard_deck(twelve)) == {card: counts[card.code] for card in ALL_DISTINCT}
    single = DeckSpec(copies=1, wilds=0, skips=0)
    assert standard_deck(single) == NUMBER_CARDS


def test_r1_6_standard_deck_accepts_anything_with_a_deck() -> None:
    """R-1.6: ``standard_deck(rules)`` reads ``rules.deck`` (e.g. a ``Rules``)."""

    @attrs.frozen
    class HasDeck:
        deck: DeckSpec

    assert standard_deck(HasDeck(DeckSpec(skips=2))) == standard_deck(DeckSpec(skips=2))


def test_deck_is_in_canonical_order() -> None:
    """The deck lists cards by code: colours in order, then Wilds, then Skips."""
    deck = standard_deck()
    assert list(deck) == sorted(deck)
    assert sort_cards(reversed(deck)) == deck
    assert deck[0] == Card.parse("R1")
    assert deck[-1] == SKIP


# -- points ---------------------------------------------------------


def test_r11_1_card_points() -> None:
    """R-11.1: 1-9 score 5, 10-12 score 10, Skip 15, Wild 25."""
    for card in NUMBER_CARDS:
        assert card.number is not None
        assert card_points(card) == (5 if card.number <= 9 else 10), card
    assert card_points(SKIP) == 15
    assert card_points(WILD) == 25
    assert card_points(Card.parse("G9")) == 5
    assert card_points(Card.parse("G10")) == 10
    assert sum(card_points(card) for card in standard_deck()) == 8 * (9 * 5 + 3 * 10) + 200 + 60


# -- Card values ------------------------------------------------------------


def test_fifty_distinct_interned_cards() -> None:
    """Cards are values: 50 distinct ones, interned, with dense codes 0..49."""
    assert len(set(ALL_DISTINCT)) == 50
    assert [card.code for card in ALL_DISTINCT] == list(range(50))
    for card in ALL_DISTINCT:
        assert Card.from_code(card.code) is card
        assert Card.parse(str(card)) is card
    assert Card(CardKind.NUMBER, 7, Color.RED) == Card.parse("R7")
    assert hash(Card(CardKind.NUMBER, 7, Color.RED)) == hash(Card.parse("R7"))
    assert Card.parse("R7") != Card.parse("B7")
    assert Card.parse("R7") != "R7"


def test_cards_are_frozen_and_pickle() -> None:
    """Cards cannot change, and survive pickling as the same interned value."""
    card = Card.parse("Y5")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.number = 6  # type: ignore[misc]
    for each in ALL_DISTINCT:
        assert pickle.loads(pickle.dumps(each)) is each


@pytest.mark.parametrize(
    ("kind", "number", "color"),
    [
        (CardKind.NUMBER, 0, Color.RED),
        (CardKind.NUMBER, 13, Color.RED),
        (CardKind.NUMBER, 5, None),
        (CardKind.NUMBER, None, Color.BLUE),
        (CardKind.NUMBER, "5", Color.BLUE),
    ],
)
def test_bad_number_cards_are_refused(kind: CardKind, number: object, color: object) -> None:
    """R-1.2: a number card has a number 1-12 and a colour."""
    with pytest.raises(InvalidDataError):
        Card(kind, number, color)  # type: ignore[arg-type]


def test_number_card_and_from_code_refuse_bad_input() -> None:
    with pytest.raises(InvalidDataError):
        Card.number_card(Color.RED, 13)
    with pytest.raises(InvalidDataError):
        Card.number_card("R", 3)  # type: ignore[arg-type]
    with pytest.raises(InvalidDataError):
        Card.from_code(53)
    with pytest.raises(InvalidDataError):
        Card.from_code(-1)


# -- Notation ---------------------------------------------------------------


def test_notation_round_trip_all_fifty_cards() -> None:
    """``str`` and ``Card.parse`` are inverse for every distinct card."""
    texts = [str(card) for card in ALL_DISTINCT]
    assert len(set(texts)) == 50
    assert "W" in texts
    assert "S" in texts
    for card, text in zip(ALL_DISTINCT, texts, strict=True):
        assert Card.parse(text) is card
        assert repr(card) == f"Card.parse({text!r})"
        if card.is_natural:
            assert card.color is not None
            assert text == f"{card.color.value}{card.number}"
    assert parse_cards(" ".join(texts)) == ALL_DISTINCT
    assert format_cards(ALL_DISTINCT) == " ".join(texts)


@given(st.lists(any_card, max_size=20))
def test_notation_round_trip_any_hand(cards: list[Card]) -> None:
    """``parse_cards(format_cards(cards))`` gives the cards back, in order."""
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards([str(card) for card in cards]) == tuple(cards)


@given(any_card, st.sampled_from([str.lower, str.upper, str.swapcase]), st.sampled_from(["", " "]))
def test_notation_is_case_insensitive(card: Card, change: Callable[[str], str], pad: str) -> None:
    assert Card.parse(pad + change(str(card)) + pad) is card


def test_notation_examples() -> None:
    assert Card.parse("r7") is Card.parse("R7")
    assert Card.parse(" g10 ") == Card.number_card(Color.GREEN, 10)
    assert Card.parse("w") is WILD
    assert Card.parse("s") is SKIP
    assert parse_cards("R7, b12 W,S") == (
        Card.number_card(Color.RED, 7),
        Card.number_card(Color.BLUE, 12),
        WILD,
        SKIP,
    )
    assert parse_cards("") == ()
    assert parse_cards(" , ") == ()


@pytest.mark.parametrize("token", ["R13", "X5", "R0", "", "WW", "7R", "R-1", "R07", "RED7", "B 7"])
def test_malformed_tokens_raise_invalid_data_naming_the_token(token: str) -> None:
    with pytest.raises(InvalidDataError) as info:
        Card.parse(token)
    assert repr(token.strip()) in str(info.value)
    assert info.value.path == repr(token.strip())
    assert isinstance(info.value, Phase10Error)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("token", ["R13", "X5", "R0", "WW", "7R"])
def test_parse_cards_names_the_first_bad_token(token: str) -> None:
    with pytest.raises(InvalidDataError) as info:
        parse_cards(f"R1 B2 {token} G3 Q9")
    assert repr(token) in str(info.value)
    assert "Q9" not in str(info.value)
    with pytest.raises(InvalidDataError, match=repr(token)):
        parse_cards(["R1", token])
    with pytest.raises(InvalidDataError, match=repr("")):
        parse_cards(["R1", ""])


@pytest.mark.parametrize("token", [7, None, 4.5, b"R7", ("R", 7)])
def test_non_text_tokens_raise_invalid_data_naming_the_token(token: object) -> None:
    with pytest.raises(InvalidDataError) as info:
        Card.parse(token)  # type: ignore[arg-type]
    assert repr(token) in str(info.value)
    with pytest.raises(InvalidDataError, match="text"):
        parse_cards(["R1", token])  # type: ignore[list-item]


# -- Ordering helpers -------------------------------------------------------


@given(st.lists(any_card, max_size=30))
def test_sort_cards_orders_by_colour_number_then_wild_then_skip(cards: list[Card]) -> None:
    result = sort_cards(cards)
    assert Counter(result) == Counter(cards)

    def rank(card: Card) -> tuple[int, int]:
        if card.color is None or card.number is None:
            return (4, 1 if card.is_skip else 0)
        return (COLORS.index(card.color), card.number)

    assert [rank(card) for card in result] == sorted(rank(card) for card in cards)


def test_v5_3_rule_card_only_when_asked_for() -> None:
    """V-5.3: the Anti-Phase rule card ``X`` is in no deck unless the DeckSpec asks for it."""
    from phase10.cards import RULE_CARD, card_points

    assert Card.parse("x") is RULE_CARD
    assert str(RULE_CARD) == "X"
    assert RULE_CARD.is_rule_card
    assert not RULE_CARD.is_natural
    assert not RULE_CARD.is_wild
    assert not RULE_CARD.is_skip
    assert RULE_CARD not in standard_deck()
    deck = standard_deck(DeckSpec(rule_cards=1))
    assert len(deck) == 109
    assert deck.count(RULE_CARD) == 1
    assert card_points(RULE_CARD) == 15
