"""Runs in alternating colours (``AltColorRunOf``, V-14's Twist phase) and the two-colour
anchor of a group (``Meld.colors``), with the ``alternating-runs`` phase list."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import play, stacked_game
from phase10 import (
    ALT_COLOR_PHASES,
    COLORS,
    AltColorRunOf,
    Card,
    Color,
    DrawStock,
    End,
    GreedyBot,
    InvalidMeldError,
    LayDown,
    LayGroup,
    Meld,
    MeldRules,
    NaturalScope,
    Phase,
    RunOf,
    SetOf,
    action_to_text,
    find_completions,
    from_json,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
    play_game,
    to_json,
    variants,
)
from phase10.codec import Codec

RED, BLUE, GREEN = Color.RED, Color.BLUE, Color.GREEN
DEFAULT = MeldRules()
WIDE = MeldRules(wild_value_range=(0, 13))


def c(text: str) -> Card:
    return Card.parse(text)


def test_v14_alt_color_run_anchor_holds_two_colours() -> None:
    """The anchor is the lowest number, the lowest card's colour and the other colour."""
    meld = AltColorRunOf(4).make("R3 B4 W B6")
    assert (meld.number, meld.color, meld.colors) == (3, RED, (BLUE,))
    assert meld.stands_for() == (3, 4, 5, 6)
    assert meld.natural_count() == 3
    assert meld.describe() == "red/blue run 3-6"
    assert AltColorRunOf(9).describe() == "1 run of 9 in alternating colors"


def test_v14_alt_color_run_refuses_one_colour_wrong_colours_and_gaps() -> None:
    """Colours must alternate between two different colours; numbers must be consecutive."""
    for text in ("R3 R4 R5 R6", "R3 B4 G5 B6", "R3 B4 R6 B7", "R3 B4 R5 S"):
        with pytest.raises(InvalidMeldError):
            AltColorRunOf(4).make(text)
    with pytest.raises(InvalidMeldError, match="two different colours"):
        AltColorRunOf(2).make("W W", number=3, color=(RED, RED))


def test_v14_alt_color_run_with_a_colour_only_on_wilds_must_name_it() -> None:
    """R-7.6: with every card of one colour a Wild, the cards leave that colour open."""
    with pytest.raises(InvalidMeldError, match="ambiguous"):
        AltColorRunOf(4).make("W B4 W B6")
    meld = AltColorRunOf(4).make("W B4 W B6", number=3, color=(GREEN, BLUE))
    assert meld.color is GREEN
    assert meld.colors == (BLUE,)
    assert meld.hit_ends(c("G7")) == (End.HIGH,)
    assert meld.hit_ends(c("R7")) == ()


def test_v14_alt_color_run_hits_take_the_colour_of_their_place() -> None:
    """R-6.5: below the run a card of the second colour, above it the colour its position
    takes; a hit at the low end makes the other colour the lowest card's."""
    meld = AltColorRunOf(4).make("R3 B4 R5 B6")
    assert meld.hit_ends(c("B2")) == (End.LOW,)
    assert meld.hit_ends(c("R2")) == ()
    assert meld.hit_ends(c("R7")) == (End.HIGH,)
    assert meld.hit_ends(c("W")) == (End.LOW, End.HIGH)
    low = meld.hit(c("B2"))
    assert (low.number, low.color, low.colors, str(low)) == (2, BLUE, (RED,), "B2 R3 B4 R5 B6")
    assert low.problem() is None
    assert meld.hit(c("W"), End.HIGH).hit_ends(c("B8")) == (End.HIGH,)


def test_v14_alt_color_run_r7_4_bounds() -> None:
    """R-7.4: no place below 1 or above 12 (unless A-4 widens the Wilds' range)."""
    full = AltColorRunOf(2).make("R11 B12")
    assert full.hit_ends(c("W")) == (End.LOW,)
    assert AltColorRunOf(2).make("R1 B2").hit_ends(c("W"), WIDE) == (End.LOW, End.HIGH)


def test_v14_other_kinds_have_no_second_colour() -> None:
    """``Meld.colors`` belongs to kinds that stand for several colours: elsewhere it is
    refused."""
    meld = Meld(SetOf(3), parse_cards("R7 B7 G7"), 7, None, False, (RED,))
    assert meld.problem() is not None
    plain = Meld(RunOf(3), parse_cards("R7 B8 G9"), 7)
    assert plain.colors == ()
    assert "colors" not in repr(plain)


def test_v14_alt_color_run_json_and_notation_keep_both_colours() -> None:
    """The second colour is written as ``"colors"`` in JSON and as ``@3RB`` in notation."""
    meld = AltColorRunOf(4).make("W B4 W B6", number=3, color=(GREEN, BLUE))
    codec = Codec()
    data = codec.encode_meld(meld)
    assert data["colors"] == ["B"]
    assert codec.decode_meld(data, "$") == meld
    lay = LayDown((meld,))
    text = action_to_text(lay)
    assert "@3GB" in text
    assert parse_action(text) == lay


def test_v14_alt_color_run_outcome_key_lists_each_meaning_once() -> None:
    """Lay-downs that differ only in where a Wild sits mean the same on the table: the
    listing offers one of them (the outcome key is the anchor and the length)."""
    rules = variants.resolve("alternating-runs")
    state = stacked_game({1: "R3 B4 R5 W W R7 R7 B7 G1 G2"}, "Y12", "Y11", rules, players=2)
    state = play(state, DrawStock())
    steps = [a for a in legal_actions(state) if isinstance(a, (LayGroup, LayDown))]
    keys = [
        (a.meld.requirement, a.meld.requirement.outcome_key(a.meld), sorted(a.meld.cards))
        for a in steps
        if isinstance(a, LayGroup)
    ]
    assert keys
    assert len(keys) == len({repr(k) for k in keys})
    runs = [a.meld for a in steps if isinstance(a, LayGroup) and a.meld.requirement.size == 4]
    first_two = [m for m in runs if m.number == 3 and m.cards.count(c("W")) == 1]
    assert len({m.requirement.outcome_key(m) for m in first_two}) == len(first_two)


def alt_valid(cards: Sequence[Card], rules: MeldRules) -> bool:
    """Independent oracle: some start and two different colours fit every card (a Wild
    fits anywhere), within the range of numbers a Wild may stand for."""
    low, high = rules.wild_value_range
    if any(card.is_skip for card in cards):
        return False
    for start in range(low, high - len(cards) + 2):
        for even, odd in itertools.permutations(COLORS, 2):
            if all(
                card.is_wild or (card.number == start + i and card.color is (even, odd)[i % 2])
                for i, card in enumerate(cards)
            ):
                return True
    return False


cards_st = st.lists(
    st.sampled_from(parse_cards("R3 B3 R4 B4 G4 R5 B5 W R6 B6 G6 B7 R7 R1 B2 R12 B11")),
    min_size=2,
    max_size=5,
)


@settings(max_examples=max(15, settings().max_examples))
@given(cards=cards_st, rules=st.sampled_from([DEFAULT, WIDE]))
def test_v14_alt_color_run_validation_matches_an_oracle(
    cards: list[Card], rules: MeldRules
) -> None:
    """``make`` accepts a sequence exactly when some anchor fits it (ambiguity aside)."""
    requirement = AltColorRunOf(len(cards))
    try:
        meld = requirement.make(cards, rules=rules)
    except InvalidMeldError as error:
        open_anchor = "ambiguous" in str(error) or "must say" in str(error)
        assert open_anchor or not alt_valid(cards, rules)
    else:
        assert alt_valid(cards, rules)
        assert meld.problem(rules) is None


def every_valid_meld(hand: Sequence[Card], size: int, rules: MeldRules) -> set[Meld]:
    """Every min-size alternating run from ``hand`` that ``Meld.problem`` accepts."""
    low, high = rules.wild_value_range
    found: set[Meld] = set()
    for combo in set(itertools.combinations(sorted(hand), size)):
        for order in set(itertools.permutations(combo)):
            for start in range(low - 1, high + 2):
                for even, odd in itertools.permutations(COLORS, 2):
                    meld = Meld(AltColorRunOf(size), order, start, even, False, (odd,))
                    if meld.problem(rules) is None and meld.natural_count():
                        found.add(meld)
    return found


@settings(max_examples=max(5, settings().max_examples // 2))
@given(hand=st.lists(st.sampled_from(parse_cards("R3 B4 R5 B5 W G4 G6 R7")), max_size=6))
def test_v14_alt_color_run_candidates_offer_every_valid_group(hand: list[Card]) -> None:
    """The solver's candidates are complete: every valid group at minimum size is found."""
    for size in (2, 3):
        phase = Phase(1, (AltColorRunOf(size),))
        got = {melds[0] for melds in find_completions(hand, phase, DEFAULT)}
        assert got == every_valid_meld(hand, size, DEFAULT), (size, hand)


def test_v14_alt_color_runs_phase_list() -> None:
    """The alternating-runs list: the standard phases with every run in alternating
    colours; phase 6 is the Twist card's run of 9."""
    assert len(ALT_COLOR_PHASES) == 10
    assert ALT_COLOR_PHASES[5].requirements == (AltColorRunOf(9),)
    assert ALT_COLOR_PHASES[0].requirements == (SetOf(3), SetOf(3))
    rules = variants.resolve("alternating-runs")
    assert rules.phases == ALT_COLOR_PHASES
    assert from_json(to_json(rules)) == rules


def test_v14_alt_color_runs_greedy_game_ends_and_round_trips() -> None:
    """GreedyBots finish a game on the list; the final state survives JSON."""
    final = play_game(new_game(3, "alternating-runs", seed=5), [GreedyBot()] * 3)
    assert final.is_over
    assert from_json(to_json(final)) == final


def test_v14_alt_color_run_a3_group_scope() -> None:
    """A-3 'group': an alternating run of Wilds only is refused; 'none' allows it."""
    group = MeldRules(natural_card_scope=NaturalScope.GROUP)
    none = MeldRules(natural_card_scope=NaturalScope.NONE)
    wilds = Meld(AltColorRunOf(2), parse_cards("W W"), 4, RED, False, (BLUE,))
    assert wilds.problem(group) is not None
    assert wilds.problem(none) is None
