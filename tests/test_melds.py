"""Groups on the table: validation, Wilds and hitting (R-5.6, R-6, R-7, R-9.3, A-3, A-4, V-10)."""

from __future__ import annotations

import itertools
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10 import (
    COLORS,
    SKIP,
    WILD,
    Card,
    Color,
    ColorOf,
    End,
    InvalidMeldError,
    Meld,
    MeldRules,
    NaturalScope,
    Requirement,
    RunOf,
    SetOf,
    parse_cards,
)
from phase10.cards import ALL_CARDS
from phase10.melds import submultisets

RED, BLUE = Color.RED, Color.BLUE
SCOPES = (NaturalScope.PHASE, NaturalScope.GROUP, NaturalScope.NONE)
ALL_DISTINCT = (
    *(Card.number_card(color, n) for color in COLORS for n in range(1, 13)),
    WILD,
    SKIP,
)
WRAP = MeldRules(run_wraparound=True)
POSTAL = MeldRules(wild_numbers=frozenset({1}))


def card(text: str) -> Card:
    return Card.parse(text)


def same_cards(meld: Meld, text: str) -> bool:
    """The meld holds exactly these cards (in any order: sets and colour groups have none)."""
    return Counter(meld.cards) == Counter(parse_cards(text))


# -- Requirements -----------------------------------------------------------


@pytest.mark.parametrize("size", [0, -1, True, 2.5, "3"])
def test_requirement_size_must_be_a_positive_int(size: object) -> None:
    for kind in (SetOf, RunOf, ColorOf):
        with pytest.raises(InvalidMeldError):
            kind(size)  # type: ignore[arg-type]


def test_requirement_words() -> None:
    assert SetOf(3).describe() == "1 set of 3"
    assert SetOf(3).describe(2) == "2 sets of 3"
    assert RunOf(7).describe() == "1 run of 7"
    assert ColorOf(7).describe() == "7 cards of one color"
    assert ColorOf(4).describe(2) == "2 groups of 4 cards of one color"
    assert SetOf(3) == SetOf(3)
    a_set: Requirement = SetOf(3)
    assert a_set != RunOf(3)
    assert SetOf(3) != SetOf(4)
    assert isinstance(SetOf(3), Requirement)
    assert (SetOf(3).kind, RunOf(3).kind, ColorOf(3).kind) == ("set", "run", "color")


def test_meld_words() -> None:
    assert SetOf(3).make("R7 B7 W").describe() == "set of 7s"
    assert RunOf(4).make("W R4 B5 G6").describe() == "run 3-6"
    assert ColorOf(3).make("R1 W R9").describe() == "red group"
    assert str(RunOf(4).make("W R4 B5 G6")) == "W R4 B5 G6"


def test_meld_rules_accept_scope_strings() -> None:
    """A-3: the scope may be given as its string value."""
    assert MeldRules(natural_card_scope="group").natural_card_scope is NaturalScope.GROUP
    assert MeldRules().natural_card_scope is NaturalScope.PHASE
    assert MeldRules().run_wraparound is False
    assert MeldRules().wild_value_range == (1, 12)
    with pytest.raises(ValueError, match="bogus"):
        MeldRules(natural_card_scope="bogus")


# -- what groups are ------------------------------------


def test_r7_1_wild_replaces_a_number_or_a_colour() -> None:
    """R-7.1: a Wild completes a set, a run and a colour group."""
    assert SetOf(3).make("R7 W B7").is_valid()
    assert RunOf(4).make("R3 W R5 R6").is_valid()
    assert ColorOf(3).make("R1 W R5").is_valid()


def test_r7_5_wild_represents_the_set_number_or_group_colour() -> None:
    """R-7.5: in a set a Wild is the set's number; in a colour group the group's colour."""
    sevens = SetOf(3).make("R7 W B7")
    assert sevens.number == 7
    assert sevens.stands_for() == (7, 7, 7)
    assert sevens.natural_count() == 2
    reds = ColorOf(4).make("R1 W R5 W")
    assert reds.color is RED
    assert reds.number is None
    assert reds.stands_for() == (RED,) * 4
    assert reds.natural_count() == 2


def test_r2_3_runs_are_any_colours_and_sets_any_colours() -> None:
    """R-2.3 / §0: colour does not matter in sets and runs."""
    run = RunOf(4).make("R3 B4 G5 Y6")
    assert run.number == 3
    assert run.natural_count() == 4
    assert SetOf(4).make("R9 B9 G9 Y9").natural_count() == 4


def test_r1_3_wild_has_a_colour_only_inside_a_colour_group() -> None:
    """R-1.3: a Wild has no colour of its own; a group of Wilds must name its colour."""
    with pytest.raises(InvalidMeldError, match="Wilds"):
        ColorOf(3).make("W W W")
    blue = ColorOf(3).make("W W W", color=BLUE)
    assert blue.stands_for() == (BLUE, BLUE, BLUE)
    assert blue.natural_count() == 0
    # The Wild takes the colour of the group, whatever the group.
    assert ColorOf(3).make("W G2 W").stands_for() == (Color.GREEN,) * 3


def test_groups_of_the_wrong_cards_are_refused() -> None:
    with pytest.raises(InvalidMeldError, match="B8"):
        SetOf(3).make("R7 B8 W")
    with pytest.raises(InvalidMeldError):
        ColorOf(3).make("R1 B1 R2")
    with pytest.raises(InvalidMeldError):
        RunOf(4).make("R3 B3 R4 R5")  # a run needs distinct numbers
    with pytest.raises(InvalidMeldError):
        RunOf(4).make("R4 R3 R5 R6")  # table order is the run order
    with pytest.raises(InvalidMeldError):
        RunOf(4).make("R3 R4 R6 R7")  # a gap with no Wild
    with pytest.raises(InvalidMeldError, match="at least 3"):
        SetOf(3).make("R7 B7")


def test_meld_problem_checks_requirement_size_and_anchor() -> None:
    meld = SetOf(3).make("R7 B7 W")
    assert SetOf(4).problem(meld, MeldRules()) is not None
    assert RunOf(3).problem(meld, MeldRules()) is not None
    assert Meld(SetOf(3), parse_cards("R7 B7"), 7).problem() is not None
    assert Meld(SetOf(3), parse_cards("W W W"), 13).problem() is not None
    assert Meld(SetOf(3), parse_cards("R7 B7 W")).problem() is not None  # no number
    assert Meld(ColorOf(3), parse_cards("R1 R2 R3")).problem() is not None  # no colour
    assert Meld(ColorOf(3), parse_cards("R1 R2 R3"), 4, RED).problem() is not None
    assert Meld(RunOf(3), parse_cards("R1 R2 R3")).problem() is not None  # no start
    assert Meld(RunOf(3), parse_cards("R1 R2 R3"), 1).problem() is None
    assert Meld(RunOf(3), parse_cards("R1 R2 R3"), 2).problem() is not None


# -- Skips ------------------------------------------------------


@pytest.mark.parametrize("scope", SCOPES)
def test_r5_6_r9_3_a_skip_is_never_part_of_a_group(scope: NaturalScope) -> None:
    """R-5.6 / R-9.3: no set, run or colour group (Phase 8 included) holds a Skip."""
    rules = MeldRules(natural_card_scope=scope, wild_numbers=frozenset({1}))
    attempts: list[tuple[Requirement, str, int | None, Color | None]] = [
        (SetOf(3), "R7 B7 S", None, None),
        (SetOf(3), "R7 B7 S", 7, None),
        (RunOf(4), "R1 R2 R3 S", None, None),
        (RunOf(4), "S R2 R3 R4", 1, None),
        (ColorOf(3), "R1 R2 S", None, None),
        (ColorOf(7), "R1 R2 R3 R4 R5 R6 S", None, RED),
        (ColorOf(3), "W W S", None, RED),
    ]
    for req, text, number, color in attempts:
        with pytest.raises(InvalidMeldError):
            req.make(text, number=number, color=color, rules=rules)
        meld = Meld(req, parse_cards(text), number, color)
        problem = meld.problem(rules)
        assert problem is not None, text
        if number is not None or color is not None:
            assert "Skip" in problem, text


def test_r6_8_r9_3_a_skip_is_never_a_hit() -> None:
    """R-6.8 / R-9.3: a Skip fits no group, whatever the options."""
    for rules in (MeldRules(), WRAP, MeldRules(wild_value_range=(0, 13)), POSTAL):
        melds = [
            SetOf(3).make("R7 B7 W", rules=rules),
            RunOf(4).make("R3 R4 R5 R6", rules=rules),
            ColorOf(3).make("R1 R2 W", rules=rules),
        ]
        for meld in melds:
            assert meld.hit_ends(SKIP, rules) == ()
            with pytest.raises(InvalidMeldError):
                meld.hit(SKIP, rules=rules)


# -- hitting ------------------------------------------------------------


def test_r6_5_set_hit() -> None:
    """R-6.5: a set takes a card of its number (any colour) or a Wild."""
    sevens = SetOf(3).make("R7 B7 G7")
    assert sevens.hit_ends(card("Y7")) == (None,)
    assert sevens.hit_ends(WILD) == (None,)
    assert sevens.hit_ends(card("Y8")) == ()
    bigger = sevens.hit(card("Y7")).hit(WILD)
    assert same_cards(bigger, "R7 B7 G7 Y7 W")
    assert bigger.number == 7
    assert bigger.stands_for() == (7,) * 5
    assert bigger.is_valid()
    with pytest.raises(InvalidMeldError, match="Y8"):
        sevens.hit(card("Y8"))


def test_r6_5_colour_group_hit() -> None:
    """R-6.5: a colour group takes a card of its colour or a Wild."""
    greens = ColorOf(7).make("G1 G3 G3 G5 G8 G11 W")
    assert greens.hit_ends(card("G12")) == (None,)
    assert greens.hit_ends(card("G3")) == (None,)
    assert greens.hit_ends(WILD) == (None,)
    assert greens.hit_ends(card("R12")) == ()
    hit = greens.hit(card("G12"))
    assert same_cards(hit, "G1 G3 G3 G5 G8 G11 W G12")
    assert hit.color is Color.GREEN
    assert hit.is_valid()


def test_r6_5_run_hit_at_either_end() -> None:
    """R-6.5: a run takes one below its low end or one above its high end."""
    run = RunOf(4).make("R3 R4 R5 R6")
    assert run.hit_ends(card("B2")) == (End.LOW,)
    assert run.hit_ends(card("B7")) == (End.HIGH,)
    for text in ("B1", "B3", "B5", "B6", "B8", "B12"):
        assert run.hit_ends(card(text)) == (), text
    assert run.hit_ends(WILD) == (End.LOW, End.HIGH)
    low = run.hit(card("B2"))
    assert low.cards[0] == card("B2")
    assert (low.number, low.high) == (2, 6)
    high = run.hit(card("B7"))
    assert high.cards[-1] == card("B7")
    assert (high.number, high.high) == (3, 7)
    with pytest.raises(InvalidMeldError, match="high"):
        run.hit(card("B2"), End.HIGH)


def test_r6_5_r7_4_no_hit_beyond_1_or_12() -> None:
    """R-6.5 / R-7.4: a Wild cannot extend a run past 1 or 12; a full run takes nothing."""
    low = RunOf(4).make("R1 R2 R3 R4")
    assert low.hit_ends(WILD) == (End.HIGH,)
    assert low.hit_ends(card("B12")) == ()
    with pytest.raises(InvalidMeldError):
        low.hit(WILD, End.LOW)
    high = RunOf(4).make("R9 R10 R11 R12")
    assert high.hit_ends(WILD) == (End.LOW,)
    assert high.hit_ends(card("B1")) == ()
    assert high.hit(WILD).stands_for() == (8, 9, 10, 11, 12)
    full = RunOf(9).make("R1 R2 R3 R4 R5 R6 R7 R8 R9 W W W")
    assert full.high == 12
    for each in ALL_DISTINCT:
        assert full.hit_ends(each) == (), each


# -- a Wild's value is fixed -----------------------------------


def test_r6_9_wild_hit_on_a_run_takes_the_chosen_end() -> None:
    """R-6.9: the player says which end a Wild extends; its value is then fixed."""
    run = RunOf(4).make("R3 R4 R5 R6")
    with pytest.raises(InvalidMeldError, match="both ends"):
        run.hit(WILD)
    low = run.hit(WILD, End.LOW)
    assert low.number == 2
    assert low.cards[0] == WILD
    assert low.stands_for() == (2, 3, 4, 5, 6)
    high = run.hit(WILD, End.HIGH)
    assert high.number == 3
    assert high.cards[-1] == WILD
    assert high.stands_for() == (3, 4, 5, 6, 7)
    # A later hit does not move the Wild.
    again = low.hit(card("G1"))
    assert again.stands_for() == (1, 2, 3, 4, 5, 6)
    assert again.cards[1] == WILD


def test_r7_3_hitting_returns_a_new_group() -> None:
    """R-7.3: laid groups are values; a hit leaves the original untouched."""
    run = RunOf(4).make("W R4 R5 R6")
    before = run.stands_for()
    run.hit(card("B7"))
    assert run.stands_for() == before == (3, 4, 5, 6)
    assert len(run.cards) == 4
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        run.number = 4  # type: ignore[misc]


# -- runs with Wilds -------------------------------------------


def test_r7_4_runs_stay_within_1_to_12() -> None:
    """R-7.4: every position of a run, Wild or natural, is a number 1-12; no wrap-around."""
    with pytest.raises(InvalidMeldError, match=r"1\.\.12"):
        RunOf(4).make("R10 R11 R12 W")
    with pytest.raises(InvalidMeldError, match=r"1\.\.12"):
        RunOf(4).make("W R1 R2 R3")
    with pytest.raises(InvalidMeldError):
        RunOf(4).make("R11 R12 R1 R2")
    with pytest.raises(InvalidMeldError):
        RunOf(4).make("W W W W", number=10)
    assert RunOf(4).make("W R10 R11 R12").number == 9
    assert RunOf(12).make("R1 R2 R3 R4 R5 R6 W R8 R9 R10 R11 R12").natural_count() == 11
    with pytest.raises(InvalidMeldError):
        RunOf(4).make("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 W")
    assert RunOf(4).max_length(MeldRules()) == 12


def test_r7_6_table_order_decides_what_wilds_stand_for() -> None:
    """R-7.6: the anchor (lowest number) of a run with Wilds follows from table order."""
    up = RunOf(4).make("R3 R4 R5 W")
    assert (up.number, up.stands_for()) == (3, (3, 4, 5, 6))
    down = RunOf(4).make("W R3 R4 R5")
    assert (down.number, down.stands_for()) == (2, (2, 3, 4, 5))
    middle = RunOf(5).make("W W R5 W W")
    assert (middle.number, middle.high) == (3, 7)
    assert RunOf(4).make("R3 W W R6").stands_for() == (3, 4, 5, 6)
    # An explicit number must agree with the naturals.
    assert RunOf(4).make("R3 R4 R5 W", number=3) == up
    with pytest.raises(InvalidMeldError):
        RunOf(4).make("R3 R4 R5 W", number=2)


def test_r7_6_all_wild_groups_need_an_explicit_anchor() -> None:
    """R-7.6 / A.1-5: a group of Wilds only must say what it stands for."""
    none = MeldRules(natural_card_scope="none")
    with pytest.raises(InvalidMeldError, match="stands for"):
        RunOf(4).make("W W W W", rules=none)
    with pytest.raises(InvalidMeldError, match="stands for"):
        SetOf(3).make("W W W", rules=none)
    run = RunOf(4).make("W W W W", number=9, rules=none)
    assert run.stands_for() == (9, 10, 11, 12)
    assert run.natural_count() == 0
    assert SetOf(3).make("W W W", number=12, rules=none).stands_for() == (12, 12, 12)


def test_r7_6_ambiguous_personal_wilds_must_be_declared() -> None:
    """R-7.6: when two anchors both work, the group must say which one."""
    rules = MeldRules(wild_numbers=frozenset({1, 7}))
    with pytest.raises(InvalidMeldError, match="ambiguous"):
        SetOf(3).make("R1 R7 W", rules=rules)
    assert SetOf(3).make("R1 R7 W", number=7, rules=rules).natural_count() == 1
    assert SetOf(3).make("R1 R7 W", number=1, rules=rules).stands_for() == (1, 1, 1)


@st.composite
def runs(draw: st.DrawFn) -> tuple[int, list[Card]]:
    """A valid run in table order: (its start, its cards), at least one natural card."""
    length = draw(st.integers(min_value=1, max_value=12))
    start = draw(st.integers(min_value=1, max_value=13 - length))
    wild_at = draw(st.sets(st.integers(min_value=0, max_value=length - 1), max_size=length - 1))
    cards = [
        WILD if i in wild_at else Card.number_card(draw(st.sampled_from(COLORS)), start + i)
        for i in range(length)
    ]
    return start, cards


@given(runs())
def test_r7_6_any_run_is_anchored_by_table_order(run: tuple[int, list[Card]]) -> None:
    """R-7.4 / R-7.6: build a run from table order; the anchor is where the naturals put it."""
    start, cards = run
    meld = RunOf(len(cards)).make(cards)
    assert meld.number == start
    assert meld.stands_for() == tuple(range(start, start + len(cards)))
    assert meld.natural_count() == sum(c.is_natural for c in cards)
    assert meld.cards == tuple(cards)


@given(runs(), st.sampled_from(ALL_DISTINCT))
def test_r6_5_run_hit_ends_match_the_definition(run: tuple[int, list[Card]], new: Card) -> None:
    """R-6.5: a card fits a run exactly one below the low end or one above the high end."""
    start, cards = run
    meld = RunOf(len(cards)).make(cards)
    high = start + len(cards) - 1
    expected: list[End] = []
    if new.is_wild:
        expected += [End.LOW] if start > 1 else []
        expected += [End.HIGH] if high < 12 else []
    elif new.number is not None:
        expected += [End.LOW] if new.number == start - 1 else []
        expected += [End.HIGH] if new.number == high + 1 else []
    assert meld.hit_ends(new) == tuple(expected)
    for end in expected:
        grown = meld.hit(new, end)
        assert grown.is_valid()
        assert len(grown.cards) == len(cards) + 1
        values = [v for v in grown.stands_for() if isinstance(v, int)]
        assert values == list(range(min(values), min(values) + len(grown.cards)))
        position = 0 if end is End.LOW else len(cards)
        assert grown.cards[position] == new
        assert values[position] == (start - 1 if end is End.LOW else high + 1)


@given(
    st.integers(min_value=1, max_value=12),
    st.lists(st.sampled_from(COLORS), min_size=1, max_size=6),
    st.integers(min_value=0, max_value=4),
    st.sampled_from(ALL_DISTINCT),
)
def test_r6_5_set_make_and_hit(number: int, colors: list[Color], wilds: int, new: Card) -> None:
    """R-6.5 / R-7.5: any colours of one number plus Wilds form a set; hits as defined."""
    cards = [Card.number_card(c, number) for c in colors] + [WILD] * wilds
    meld = SetOf(2).make(cards) if len(cards) >= 2 else None
    if meld is None:
        with pytest.raises(InvalidMeldError):
            SetOf(2).make(cards)
        return
    assert meld.number == number
    assert meld.natural_count() == len(colors)
    fits = new.is_wild or new.number == number
    assert meld.hit_ends(new) == ((None,) if fits else ())


# -- natural card scope at group level ------------------------------------


def test_a3_all_wild_group_under_each_scope() -> None:
    """A-3: an all-Wild group is refused only under "group" (the phase rule is separate)."""
    meld = Meld(SetOf(3), (WILD, WILD, WILD), 5)
    assert meld.problem(MeldRules(natural_card_scope="phase")) is None
    assert meld.problem(MeldRules(natural_card_scope="none")) is None
    problem = meld.problem(MeldRules(natural_card_scope="group"))
    assert problem is not None
    assert "natural" in problem
    assert not meld.is_valid(MeldRules(natural_card_scope="group"))
    run = Meld(RunOf(4), (WILD,) * 4, 2)
    assert run.is_valid()
    assert not run.is_valid(MeldRules(natural_card_scope="group"))
    color = Meld(ColorOf(4), (WILD,) * 4, color=RED)
    assert color.is_valid()
    assert not color.is_valid(MeldRules(natural_card_scope="group"))
    assert Meld(ColorOf(4), parse_cards("W W R2 W"), color=RED).is_valid(
        MeldRules(natural_card_scope="group")
    )


def test_meld_functions_accept_rules_objects() -> None:
    """Meld methods accept anything with a ``meld_rules`` attribute (such as ``Rules``)."""

    @attrs.frozen
    class HasMeldRules:
        meld_rules: MeldRules

    group = HasMeldRules(MeldRules(natural_card_scope="group"))
    assert not Meld(SetOf(3), (WILD,) * 3, 5).is_valid(group)
    run = RunOf(4).make("R11 R12 R1 R2", rules=HasMeldRules(WRAP))
    assert run.wraps


# -- wrap-around and the Wild value range ----------------------------------


def test_a4_no_wraparound_by_default() -> None:
    """A-4: by default 12 is not followed by 1."""
    with pytest.raises(InvalidMeldError):
        RunOf(4).make("R11 R12 R1 R2")
    assert not RunOf(4).make("R9 R10 R11 R12").wraps


def test_a4_wraparound_run() -> None:
    """A-4 run_wraparound=True: 11 12 1 2 is a run, and hits continue around."""
    run = RunOf(4).make("R11 R12 R1 R2", rules=WRAP)
    assert run.wraps
    assert run.number == 11
    assert run.high == 2
    assert run.stands_for() == (11, 12, 1, 2)
    assert run.is_valid(WRAP)
    assert run.hit_ends(card("B10"), WRAP) == (End.LOW,)
    assert run.hit_ends(card("B3"), WRAP) == (End.HIGH,)
    assert run.hit_ends(card("B4"), WRAP) == ()
    assert run.hit(card("B3"), rules=WRAP).stands_for() == (11, 12, 1, 2, 3)
    from_one = RunOf(4).make("R1 R2 R3 R4", rules=WRAP)
    down = from_one.hit(card("B12"), rules=WRAP)
    assert down.number == 12
    assert down.stands_for() == (12, 1, 2, 3, 4)
    wild_start = RunOf(4).make("W R12 R1 R2", rules=WRAP)
    assert wild_start.stands_for() == (11, 12, 1, 2)


def test_a4_wraparound_meld_must_be_marked_as_wrapping() -> None:
    """A-4 / R-7.4: under wrap-around, a run past 12 continues at 1, never at 13."""
    unmarked = Meld(RunOf(4), parse_cards("R11 R12 W W"), 11)
    assert unmarked.stands_for() == (11, 12, 13, 14)
    assert unmarked.problem(WRAP) is not None
    assert unmarked.problem() is not None
    marked = Meld(RunOf(4), parse_cards("R11 R12 W W"), 11, wraps=True)
    assert marked.problem(WRAP) is None
    assert marked.stands_for() == (11, 12, 1, 2)
    assert marked == RunOf(4).make("R11 R12 W W", rules=WRAP)
    # A run that stays within 1..12 is the same run whether marked or not.
    assert Meld(RunOf(4), parse_cards("R9 R10 R11 R12"), 9).problem(WRAP) is None


def test_a4_wraparound_run_holds_at_most_12() -> None:
    """A-4: even with wrap-around a run holds at most 12 cards."""
    twelve = RunOf(4).make("R5 R6 R7 R8 R9 R10 R11 R12 R1 R2 R3 R4", rules=WRAP)
    assert twelve.is_valid(WRAP)
    assert twelve.hit_ends(WILD, WRAP) == ()
    assert twelve.hit_ends(card("B5"), WRAP) == ()
    with pytest.raises(InvalidMeldError):
        RunOf(4).make("R5 R6 R7 R8 R9 R10 R11 R12 R1 R2 R3 R4 W", rules=WRAP)


def test_a4_wild_value_range() -> None:
    """A-4 wild_value_range: Wilds may stand for numbers outside 1..12 when widened."""
    wide = MeldRules(wild_value_range=(0, 13))
    run = RunOf(4).make("W R1 R2 R3", rules=wide)
    assert run.stands_for() == (0, 1, 2, 3)
    assert RunOf(4).make("R10 R11 R12 W", rules=wide).stands_for() == (10, 11, 12, 13)
    high = RunOf(4).make("R9 R10 R11 R12", rules=wide)
    assert high.hit_ends(WILD, wide) == (End.LOW, End.HIGH)
    assert high.hit_ends(WILD) == (End.LOW,)
    assert high.hit(WILD, End.HIGH, rules=wide).stands_for() == (9, 10, 11, 12, 13)
    # Beyond the widened range nothing fits, and a natural card never stands for 0 or 13.
    longest = RunOf(14).make("W R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 W", rules=wide)
    assert longest.stands_for() == tuple(range(14))
    assert longest.hit_ends(WILD, wide) == ()
    one = RunOf(3).make("W W R1", rules=MeldRules(wild_value_range=(-1, 12)))
    assert one.hit_ends(WILD, MeldRules(wild_value_range=(-1, 12))) == (End.HIGH,)
    assert RunOf(4).max_length(wide) == 14


# -- V-10.2: personal Wilds (Postal) ------------------------------------------------


def test_v10_2_postal_wild_in_a_set() -> None:
    """V-10.2: under Postal a 1 is wild in a set of 7s and natural in a set of 1s."""
    sevens = SetOf(3).make("R7 B1 G7", rules=POSTAL)
    assert sevens.number == 7
    assert sevens.natural_count() == 2
    assert sevens.is_valid(POSTAL)
    assert not sevens.is_valid()  # without the option the 1 is a plain 1
    with pytest.raises(InvalidMeldError):
        SetOf(3).make("R7 B1 G7")
    ones = SetOf(3).make("R1 B1 W", rules=POSTAL)
    assert ones.number == 1
    assert ones.natural_count() == 2
    assert sevens.hit_ends(card("Y1"), POSTAL) == (None,)
    assert sevens.hit_ends(card("Y1")) == ()


def test_v10_2_postal_wild_in_runs_and_colour_groups() -> None:
    """V-10.2: a personal wild fills a run or a colour group of another colour."""
    run = RunOf(4).make("R5 B1 R7 R8", rules=POSTAL)
    assert run.stands_for() == (5, 6, 7, 8)
    assert run.natural_count() == 3
    assert run.hit_ends(card("G1"), POSTAL) == (End.LOW, End.HIGH)
    reds = ColorOf(3).make("R5 B1 R9", rules=POSTAL)
    assert reds.color is RED
    assert reds.natural_count() == 2
    assert ColorOf(3).make("R5 R1 R9", rules=POSTAL).natural_count() == 3


@given(
    st.dictionaries(st.integers(0, 52), st.integers(1, 4), max_size=6),
    st.integers(0, 14),
)
def test_submultisets_lists_each_distinct_multiset_once_in_order(
    counts: dict[int, int], size: int
) -> None:
    """Small pools (deduplicated combinations) and large ones (recursion) agree with brute force."""
    available = sorted(counts.items())
    flat = [code for code, count in available for _ in range(count)]
    expected = sorted(set(itertools.combinations(flat, size)))
    assert list(submultisets(available, size)) == expected


# -- the hit listing asks each group once -------------------------------


def _hit_melds() -> list[Meld]:
    """Groups of every built-in kind: sets of each number, runs of every start and length
    (wrapping or not), colour groups of each colour."""
    melds: list[Meld] = []
    for number in range(1, 13):
        melds.append(SetOf(3).make(f"R{number} B{number} G{number}"))
    for start in range(1, 13):
        for length in (4, 7, 11, 12):
            numbers = [(start + i - 1) % 12 + 1 for i in range(length)]
            wraps = start + length - 1 > 12
            cards_ = tuple(card(f"B{n}") for n in numbers)
            melds.append(Meld(RunOf(4), cards_, start, None, wraps))
    for color in "RBGY":
        melds.append(ColorOf(3).make(f"{color}1 {color}5 {color}9"))
    return melds


@pytest.mark.parametrize(
    "rules",
    [
        MeldRules(),
        MeldRules(run_wraparound=True),
        MeldRules(wild_value_range=(0, 13)),
        MeldRules(wild_numbers=frozenset({2, 12})),
    ],
    ids=["standard", "wraparound", "wilds-0-13", "personal-wilds"],
)
def test_r6_5_hits_lists_what_hit_ends_says_card_by_card(rules: MeldRules) -> None:
    """R-6.5: ``Requirement.hits`` (one pass a group, what legal_actions asks) gives each card
    of a hand with each end :meth:`Meld.hit_ends` names for it, in the hand's order, for every
    built-in kind, run end, wrap-around, Wild range and personal Wild (V-10.2)."""
    hand = ALL_CARDS  # every card code, the action cards too (V-5.3, V-15)
    for meld in _hit_melds():
        if meld.wraps and not rules.run_wraparound:
            continue
        expected = [(c, end) for c in hand for end in meld.hit_ends(c, rules)]
        assert meld.requirement.hits(meld, hand, rules) == expected, meld
        assert meld.requirement.hits(meld, hand[::-1], rules) == [
            (c, end) for c in hand[::-1] for end in meld.hit_ends(c, rules)
        ], meld
    assert any(end is End.LOW for _, end in RunOf(4).hits(_hit_melds()[20], hand, rules))
