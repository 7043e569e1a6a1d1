"""The extra group kinds of RULES.md §L.3 (``phase10.extra_kinds``) and their phase lists (§L.2).

Rule-clause tests per kind (validation, Wilds, natural-card scopes, hitting at
the ends), a differential test of the solver against a brute-force oracle
written here (independent of ``phase10.solver``, ``Requirement.candidates``,
``Requirement.problem`` and ``MeldRules.is_wild_code``), a completeness test of
``candidates`` against every group the validation accepts, and whole games
driven by :class:`phase10.GreedyBot` on :data:`COLOR_PHASES`.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from helpers import deck_counter, lay_down_listed, stacked_game, table_counter
from phase10 import (
    COLORS,
    SKIP,
    STANDARD_PHASES,
    WILD,
    Card,
    Color,
    ColorOf,
    DrawStock,
    End,
    GameState,
    GreedyBot,
    Hit,
    InvalidMeldError,
    LayDown,
    Meld,
    MeldRules,
    NaturalScope,
    Phase,
    Requirement,
    Rules,
    RunOf,
    SetOf,
    apply,
    can_complete,
    find_completions,
    iter_completions,
    laydown_problem,
    legal_actions,
    new_game,
    parse_cards,
    play_game,
)
from phase10.extra_kinds import (
    COLOR_PHASES,
    UNOBOT_30_PHASES,
    ColorParityRunOf,
    ColorRunOf,
    ColorSetOf,
    Parity,
    ParityOf,
    ParityRunOf,
)
from phase10.testing.oracle import BruteForce

RED, BLUE, GREEN, YELLOW = Color.RED, Color.BLUE, Color.GREEN, Color.YELLOW
DEFAULT = MeldRules()
GROUP = MeldRules(natural_card_scope=NaturalScope.GROUP)
NONE = MeldRules(natural_card_scope=NaturalScope.NONE)
POSTAL5 = MeldRules(wild_numbers=frozenset({5}))
WIDE = MeldRules(wild_value_range=(0, 13))
WRAP = MeldRules(run_wraparound=True)


def c(text: str) -> Card:
    return Card.parse(text)


# ---------------------------------------------------------------------------
# ColorRunOf
# ---------------------------------------------------------------------------


def test_color_run_of_naturals_and_its_anchor() -> None:
    meld = ColorRunOf(4).make("B7 B8 B9 B10")
    assert (meld.number, meld.color) == (7, BLUE)
    assert meld.stands_for() == (7, 8, 9, 10)
    assert meld.natural_count() == 4
    assert ColorRunOf(4).high(meld) == 10


def test_color_run_of_must_be_one_color() -> None:
    with pytest.raises(InvalidMeldError, match="does not belong"):
        ColorRunOf(4).make("B7 B8 R9 B10")
    assert Meld(ColorRunOf(3), parse_cards("R1 R2 R3"), 1, BLUE).problem() is not None


def test_color_run_of_must_be_consecutive_and_ordered() -> None:
    with pytest.raises(InvalidMeldError):
        ColorRunOf(3).make("R1 R3 R4")
    with pytest.raises(InvalidMeldError):
        ColorRunOf(3).make("R3 R2 R1")


def test_color_run_of_minimum_size_and_skips() -> None:
    with pytest.raises(InvalidMeldError, match="at least 4"):
        ColorRunOf(4).make("R1 R2 R3")
    assert Meld(ColorRunOf(3), (c("R1"), SKIP, c("R3")), 1, RED).problem() is not None


def test_color_run_of_wilds_inside_and_at_the_ends() -> None:
    meld = ColorRunOf(5).make("W G5 W G7 W")
    assert (meld.number, meld.color, meld.stands_for()) == (4, GREEN, (4, 5, 6, 7, 8))
    assert meld.natural_count() == 2


def test_color_run_of_r7_4_wilds_stay_within_1_to_12() -> None:
    meld = ColorRunOf(3).make("W W Y12", number=10, color=YELLOW)
    assert meld.stands_for() == (10, 11, 12)
    with pytest.raises(InvalidMeldError, match=r"within 1\.\.12"):
        ColorRunOf(3).make("Y11 Y12 W")
    # A-4 wild_value_range lets a Wild stand for 13.
    assert ColorRunOf(3).make("Y11 Y12 W", rules=WIDE).stands_for() == (11, 12, 13)


def test_color_run_of_never_wraps_even_under_run_wraparound() -> None:
    with pytest.raises(InvalidMeldError):
        ColorRunOf(3).make("R11 R12 R1", rules=WRAP)
    assert Meld(ColorRunOf(3), parse_cards("R11 R12 R1"), 11, RED, wraps=True).problem(WRAP) == (
        "a colour run never wraps around"
    )


def test_color_run_of_all_wilds_needs_its_anchor() -> None:
    with pytest.raises(InvalidMeldError, match="must say"):
        ColorRunOf(3).make("W W W", rules=NONE)
    meld = ColorRunOf(3).make("W W W", number=2, color=RED, rules=NONE)
    assert meld.stands_for() == (2, 3, 4)
    with pytest.raises(InvalidMeldError, match="needs its color"):
        ColorRunOf(3).make("W W W", number=2, rules=NONE)


def test_color_run_of_a3_group_scope_needs_a_natural_card() -> None:
    meld = Meld(ColorRunOf(3), (WILD, WILD, WILD), 2, RED)
    assert meld.problem(DEFAULT) is None
    assert meld.problem(GROUP) is not None


def test_color_run_of_hits_at_both_ends_in_its_colour() -> None:
    meld = ColorRunOf(3).make("R4 R5 R6")
    assert meld.hit_ends(c("R3")) == (End.LOW,)
    assert meld.hit_ends(c("R7")) == (End.HIGH,)
    assert meld.hit_ends(c("B7")) == ()
    assert meld.hit_ends(c("R8")) == ()
    assert meld.hit_ends(SKIP) == ()
    assert meld.hit_ends(WILD) == (End.LOW, End.HIGH)
    low = meld.hit(c("R3"))
    assert (low.number, str(low)) == (3, "R3 R4 R5 R6")
    high = meld.hit(c("R7"))
    assert (high.number, str(high)) == (4, "R4 R5 R6 R7")


def test_color_run_of_r6_9_a_wild_hit_is_fixed_where_it_is_played() -> None:
    meld = ColorRunOf(3).make("R4 R5 R6")
    with pytest.raises(InvalidMeldError, match="say which end"):
        meld.hit(WILD)
    low = meld.hit(WILD, End.LOW)
    assert low.stands_for() == (3, 4, 5, 6)
    assert low.hit_ends(c("R3")) == ()  # the Wild is the 3 now
    assert low.hit_ends(c("R2")) == (End.LOW,)


def test_color_run_of_no_hit_beyond_1_or_12_or_past_full() -> None:
    meld = ColorRunOf(3).make("B1 B2 B3")
    assert meld.hit_ends(WILD) == (End.HIGH,)
    top = ColorRunOf(2).make("B11 B12")
    assert top.hit_ends(WILD) == (End.LOW,)
    assert top.hit_ends(WILD, WIDE) == (End.LOW, End.HIGH)
    full = ColorRunOf(12).make(" ".join(f"G{n}" for n in range(1, 13)))
    assert full.hit_ends(WILD) == ()


def test_color_run_of_v10_2_personal_wilds() -> None:
    # A personal wild of another colour acts as a Wild; in its own place it stays natural.
    meld = ColorRunOf(3).make("R4 B5 R6", rules=POSTAL5)
    assert (meld.color, meld.natural_count()) == (RED, 2)
    with pytest.raises(InvalidMeldError):
        ColorRunOf(3).make("R4 B5 R6")
    natural = ColorRunOf(3).make("R4 R5 R6", rules=POSTAL5)
    assert natural.natural_count() == 3
    assert natural.hit_ends(c("G5"), POSTAL5) == (End.LOW, End.HIGH)


# ---------------------------------------------------------------------------
# ColorSetOf
# ---------------------------------------------------------------------------


def test_color_set_of_one_number_one_colour() -> None:
    meld = ColorSetOf(2).make("Y4 Y4")
    assert (meld.number, meld.color, meld.stands_for()) == (4, YELLOW, (4, 4))
    with pytest.raises(InvalidMeldError):
        ColorSetOf(2).make("Y4 R4")
    with pytest.raises(InvalidMeldError):
        ColorSetOf(2).make("Y4 Y5")


def test_color_set_of_wilds_and_canonical_order() -> None:
    meld = ColorSetOf(4).make("W R9 W R9")
    assert str(meld) == "R9 R9 W W"
    assert meld.natural_count() == 2
    assert ColorSetOf(3).make("W W W", number=3, color=GREEN, rules=NONE).problem(NONE) is None
    with pytest.raises(InvalidMeldError, match="needs its color"):
        ColorSetOf(3).make("W W W", number=3, rules=NONE)
    with pytest.raises(InvalidMeldError, match="1 to 12"):
        ColorSetOf(3).make("W W W", number=13, color=RED, rules=NONE)


def test_stray_anchors_are_refused() -> None:
    assert Meld(ColorSetOf(2), parse_cards("R4 R4"), 4, RED, wraps=True).problem() is not None
    assert Meld(ParityOf(2), parse_cards("R4 R6"), 0, RED).problem() is not None
    assert Meld(ParityOf(2), parse_cards("R4 R6"), 0, None, wraps=True).problem() is not None
    assert Meld(ParityRunOf(2), parse_cards("R4 R6"), 4, None, wraps=True).problem() is not None


def test_color_set_of_hits() -> None:
    meld = ColorSetOf(3).make("G2 G2 W")
    assert meld.hit_ends(c("G2")) == (None,)
    assert meld.hit_ends(WILD) == (None,)
    assert meld.hit_ends(c("R2")) == ()
    assert meld.hit_ends(c("G3")) == ()
    assert meld.hit_ends(SKIP) == ()
    assert str(meld.hit(WILD)) == "G2 G2 W W"


def test_color_set_of_personal_wilds() -> None:
    meld = ColorSetOf(3).make("B7 B7 R5", rules=POSTAL5)
    assert (meld.number, meld.color, meld.natural_count()) == (7, BLUE, 2)
    assert ColorSetOf(2).make("R5 R5", rules=POSTAL5).natural_count() == 2
    assert meld.hit_ends(c("Y5"), POSTAL5) == (None,)


# ---------------------------------------------------------------------------
# ParityOf
# ---------------------------------------------------------------------------


def test_parity_of_anchor_is_0_for_even_and_1_for_odd() -> None:
    even = ParityOf(3).make("R2 B8 G12")
    odd = ParityOf(3).make("R1 B7 Y11")
    assert (even.number, even.color, odd.number) == (0, None, 1)
    assert even.stands_for() == (0, 0, 0)


def test_parity_of_mixed_parities_are_invalid_colours_do_not_matter() -> None:
    with pytest.raises(InvalidMeldError):
        ParityOf(3).make("R2 R3 R4")
    assert str(ParityOf(4).make("Y6 R2 W B4")) == "R2 B4 Y6 W"


def test_parity_of_all_wilds_and_fixed_parity() -> None:
    with pytest.raises(InvalidMeldError, match="must say"):
        ParityOf(3).make("W W W", rules=NONE)
    assert ParityOf(3).make("W W W", number=1, rules=NONE).problem(NONE) is None
    with pytest.raises(InvalidMeldError, match="parity"):
        ParityOf(3).make("W W W", number=2, rules=NONE)
    evens = ParityOf(3, parity="even")
    assert evens.parity is Parity.EVEN
    assert evens.make("W W W", rules=NONE).number == 0
    with pytest.raises(InvalidMeldError):
        evens.make("R1 R3 R5")


def test_parity_of_hits_any_card_of_its_parity() -> None:
    meld = ParityOf(3).make("R1 R3 W")
    assert meld.hit_ends(c("G9")) == (None,)
    assert meld.hit_ends(c("G10")) == ()
    assert meld.hit_ends(WILD) == (None,)
    assert meld.hit_ends(SKIP) == ()
    assert str(meld.hit(c("B5"))) == "R1 R3 B5 W"


def test_parity_of_scopes_and_personal_wilds() -> None:
    meld = Meld(ParityOf(2), (WILD, WILD), 0)
    assert meld.problem(DEFAULT) is None
    assert meld.problem(GROUP) is not None
    postal = ParityOf(3).make("R2 R4 B5", rules=POSTAL5)
    assert (postal.number, postal.natural_count()) == (0, 2)
    assert ParityOf(3).make("R3 R7 B5", rules=POSTAL5).natural_count() == 3


# ---------------------------------------------------------------------------
# ParityRunOf and ColorParityRunOf
# ---------------------------------------------------------------------------


def test_parity_run_of_steps_by_two_any_colours() -> None:
    meld = ParityRunOf(5).make("R1 B3 G5 Y7 R9")
    assert (meld.number, meld.color, meld.stands_for()) == (1, None, (1, 3, 5, 7, 9))
    with pytest.raises(InvalidMeldError):
        ParityRunOf(3).make("R1 R2 R3")
    with pytest.raises(InvalidMeldError):
        ParityRunOf(3).make("R1 R3 R7")


def test_parity_run_of_wilds_and_bounds() -> None:
    assert ParityRunOf(3).make("W B6 W").stands_for() == (4, 6, 8)
    with pytest.raises(InvalidMeldError, match=r"within 1\.\.12"):
        ParityRunOf(3).make("B10 B12 W")
    wider = MeldRules(wild_value_range=(1, 14))
    assert ParityRunOf(3).make("B10 B12 W", rules=wider).stands_for() == (10, 12, 14)
    with pytest.raises(InvalidMeldError, match=r"within 0\.\.13"):
        ParityRunOf(3).make("B10 B12 W", rules=WIDE)
    assert ParityRunOf(2).max_length(DEFAULT) == 6


def test_parity_run_of_hits_two_below_and_two_above() -> None:
    meld = ParityRunOf(3).make("R4 B6 W")
    assert meld.hit_ends(c("G2")) == (End.LOW,)
    assert meld.hit_ends(c("G10")) == (End.HIGH,)
    assert meld.hit_ends(c("G3")) == ()
    assert meld.hit_ends(c("G9")) == ()
    assert meld.hit_ends(WILD) == (End.LOW, End.HIGH)
    grown = meld.hit(c("G2")).hit(c("Y10")).hit(c("R12"))
    assert (grown.number, grown.stands_for()) == (2, (2, 4, 6, 8, 10, 12))
    assert grown.hit_ends(WILD) == ()  # 2..12 holds every even number: full
    assert grown.problem() is None


def test_parity_run_of_fixed_parity() -> None:
    odd = ParityRunOf(5, parity=Parity.ODD)
    assert odd.make("R3 W R7 W R11").stands_for() == (3, 5, 7, 9, 11)
    with pytest.raises(InvalidMeldError, match="odd"):
        odd.make("R2 R4 R6 R8 R10")
    with pytest.raises(InvalidMeldError, match="parity"):
        ParityRunOf(3, parity="third")


def test_color_parity_run_of_needs_one_colour() -> None:
    meld = ColorParityRunOf(3, "odd").make("G5 W G9")
    assert (meld.number, meld.color, meld.stands_for()) == (5, GREEN, (5, 7, 9))
    assert meld.hit_ends(c("G11")) == (End.HIGH,)
    assert meld.hit_ends(c("R11")) == ()
    with pytest.raises(InvalidMeldError):
        ColorParityRunOf(3).make("G5 R7 G9")
    assert Meld(ParityRunOf(2), parse_cards("R1 R3"), 1, RED).problem() == (
        "a parity run has no color"
    )


# ---------------------------------------------------------------------------
# Requirements as values, names and phase lists
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("make", [ColorRunOf, ColorSetOf, ParityOf, ParityRunOf, ColorParityRunOf])
def test_sizes_are_validated_and_requirements_are_frozen(make: type[Requirement]) -> None:
    with pytest.raises(InvalidMeldError):
        make(0)  # type: ignore[call-arg]
    req = make(3)  # type: ignore[call-arg]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        req.size = 4  # type: ignore[misc]
    assert req == make(3)  # type: ignore[call-arg]
    assert hash(req) == hash(make(3))  # type: ignore[call-arg]
    assert req != SetOf(3)


def test_descriptions() -> None:
    assert ColorRunOf(4).describe() == "1 run of 4 of one color"
    assert ColorRunOf(4).describe(2) == "2 runs of 4 of one color"
    assert ColorSetOf(3).describe() == "1 set of 3 of one color"
    assert ParityOf(5).describe() == "5 cards all even or all odd"
    assert ParityOf(5, "even").describe(2) == "2 groups of 5 even cards"
    assert ParityRunOf(5).describe() == "1 run of 5 odd or even numbers"
    assert ParityRunOf(5, "odd").describe() == "1 run of 5 odd numbers"
    assert ColorParityRunOf(5, "even").describe() == "1 run of 5 even numbers of one color"
    assert Phase(1, (ColorSetOf(3), ColorSetOf(3))).name == "2 sets of 3 of one color"


def test_unobot_30_phases() -> None:
    assert [p.number for p in UNOBOT_30_PHASES] == list(range(1, 31))
    assert UNOBOT_30_PHASES[:10] == STANDARD_PHASES
    names = [p.name for p in UNOBOT_30_PHASES[10:]]
    assert names[0] == "1 run of 4 of one color"
    assert names[14] == "1 set of 5 + 1 run of 5 odd numbers"
    assert names[16] == "1 set of 4 + 1 run of 3 + 1 set of 3 of one color"
    assert names[17] == "1 run of 5 + 1 run of 5 odd numbers of one color"
    assert all(p.min_cards <= 10 for p in UNOBOT_30_PHASES)
    # Every phase can be laid from some 10 cards.
    hand = parse_cards("G1 G3 G5 G7 G9 B2 B4 B6 B8 B10")
    assert can_complete(hand, UNOBOT_30_PHASES[23])
    assert not can_complete(parse_cards("G1 G3 G5 G7 G9 B2 B4 B6 B8 R10"), UNOBOT_30_PHASES[23])


def test_color_phases() -> None:
    assert [p.number for p in COLOR_PHASES] == list(range(1, 11))
    assert Rules(phases=COLOR_PHASES).phases == COLOR_PHASES
    kinds = {req.kind for p in COLOR_PHASES for req in p.requirements}
    assert {"color_run", "color_set", "parity", "parity_run"} <= kinds


def test_solver_examples() -> None:
    phase = Phase(1, (ColorSetOf(2), ParityOf(3)))
    hand = parse_cards("R4 R4 B3 G7 Y9 S")
    assert can_complete(hand, phase)
    (only,) = find_completions(hand, phase)
    assert [str(m) for m in only] == ["R4 R4", "B3 G7 Y9"]
    assert not can_complete(parse_cards("R4 B4 B3 G7 Y9 S"), phase)
    # One Wild: it joins whichever card makes the colour set.
    ways = find_completions(parse_cards("R4 B3 G7 W Y9 Y2"), phase)
    assert [tuple(str(m) for m in melds) for melds in ways] == [
        ("Y2 W", "B3 G7 Y9"),
        ("R4 W", "B3 G7 Y9"),
    ]


def test_json_round_trip_of_phase_lists_and_melds() -> None:
    from phase10.serialization import from_json, to_json

    for phases in (COLOR_PHASES, UNOBOT_30_PHASES):
        rules = Rules(phases=phases)
        assert from_json(to_json(rules)) == rules
    assert '"kind": "color_parity_run", "size": 5, "parity": "odd"' in to_json(
        Rules(phases=UNOBOT_30_PHASES)
    )
    state = stacked_game(
        {1: "R2 B4 G6 Y8 R11 B11 G11 Y10 R1 B3"},
        discard="G9",
        stock="W",
        rules=Rules(phases=COLOR_PHASES),
    )
    state = apply(state, DrawStock())
    lay = LayDown((ParityOf(4).make("R2 B4 W Y8"), SetOf(3).make("R11 B11 G11")))
    state = apply(state, lay)
    assert from_json(to_json(state)) == state


# ---------------------------------------------------------------------------
# Engine: a lay-down and hits with the new kinds
# ---------------------------------------------------------------------------


def test_engine_lays_down_and_hits_new_kinds() -> None:
    rules = Rules(phases=COLOR_PHASES)
    # Seat 1 plays first; phase 1 is 4 cards all even or all odd + a set of 3.
    state = stacked_game(
        {1: "R2 B4 G6 Y8 R11 B11 G11 Y10 R1 B3"}, discard="G9", stock="R12", rules=rules
    )
    state = apply(state, DrawStock())
    lay = LayDown((ParityOf(4).make("R2 B4 G6 Y8"), SetOf(3).make("R11 B11 G11")))
    assert lay_down_listed(state, lay)
    state = apply(state, lay)
    melds = state.players[1].melds
    index = next(i for i, m in enumerate(melds) if m.requirement == ParityOf(4))
    hits = [a for a in legal_actions(state) if isinstance(a, Hit)]
    assert Hit(c("Y10"), 1, index, None) in hits
    assert Hit(c("R12"), 1, index, None) in hits
    assert all(h.card not in (c("R1"), c("B3")) for h in hits)
    state = apply(state, Hit(c("Y10"), 1, index, None))
    assert str(state.players[1].melds[index]) == "R2 B4 G6 Y8 Y10"
    assert table_counter(state) == deck_counter(rules)


# ---------------------------------------------------------------------------
# The brute-force oracle
# ---------------------------------------------------------------------------


def _loose(card: Card, rules: MeldRules) -> bool:
    """A card that may stand for anything: a Wild or a personal wild (V-10.2)."""
    return card.is_wild or (card.number is not None and card.number in rules.wild_numbers)


def _unordered(
    cards: Sequence[Card], anchors: Sequence[tuple[int | None, Color | None]], rules: MeldRules
) -> tuple[bool, bool]:
    """Valid, and valid with a card standing for itself, for sets/colour/parity groups.

    An anchor ``(n, col)`` asks for number ``n`` (or parity ``n`` when ``n`` is
    0 or 1 and ``col`` is the string "parity") and colour ``col``; ``None`` means
    that feature does not matter.
    """
    valid = natural = False
    for number, color in anchors:
        ok = True
        own = False
        for card in cards:
            if card.is_skip:
                return False, False
            fits = (number is None or card.number == number) and (
                color is None or card.color is color
            )
            if fits:
                own = True
            elif not _loose(card, rules):
                ok = False
                break
        if ok:
            valid = True
            natural = natural or own
    return valid, natural


def _parity_group(
    cards: Sequence[Card], parities: Sequence[int], rules: MeldRules
) -> tuple[bool, bool]:
    valid = natural = False
    for parity in parities:
        own = False
        ok = True
        for card in cards:
            if card.number is not None and card.number % 2 == parity:
                own = True
            elif not _loose(card, rules):
                ok = False
                break
        if ok:
            valid = True
            natural = natural or own
    return valid, natural


def _ordered(
    cards: Sequence[Card], step: int, one_color: bool, parity: int | None, rules: MeldRules
) -> tuple[bool, bool]:
    """A run stepping by ``step``: the plain number cards take their own positions."""
    if any(card.is_skip for card in cards):
        return False, False
    low, high = rules.wild_value_range
    plain = [card for card in cards if not _loose(card, rules)]
    loose = [card for card in cards if _loose(card, rules)]
    valid = False
    for start in range(low, high + 1):
        values = {start + step * i for i in range(len(cards))}
        if max(values) > high:
            break
        if parity is not None and start % 2 != parity:
            continue
        for color in COLORS if one_color else (None,):
            numbers = [card.number for card in plain]
            if len(set(numbers)) != len(numbers):
                continue
            if not all(
                card.number in values and (color is None or card.color is color) for card in plain
            ):
                continue
            valid = True
            free = values - set(numbers)
            if plain or any(
                card.number in free and (color is None or card.color is color) for card in loose
            ):
                return True, True
    return valid, False


def _parity_value(parity: Parity | None) -> int | None:
    return None if parity is None else (0 if parity is Parity.EVEN else 1)


@functools.lru_cache(maxsize=200_000)
def verdict(req: Requirement, cards: tuple[Card, ...], rules: MeldRules) -> tuple[bool, bool]:
    """(valid at all, valid with at least one card standing for itself)."""
    numbers = range(1, 13)
    if type(req) is SetOf:
        return _unordered(cards, [(n, None) for n in numbers], rules)
    if type(req) is ColorOf:
        return _unordered(cards, [(None, col) for col in COLORS], rules)
    if type(req) is ColorSetOf:
        return _unordered(cards, [(n, col) for n in numbers for col in COLORS], rules)
    if type(req) is ParityOf:
        fixed = _parity_value(req.parity)
        return _parity_group(cards, (0, 1) if fixed is None else (fixed,), rules)
    if type(req) is RunOf:
        return _ordered(cards, 1, False, None, rules)
    if type(req) is ColorRunOf:
        return _ordered(cards, 1, True, None, rules)
    if type(req) is ParityRunOf:
        return _ordered(cards, 2, False, _parity_value(req.parity), rules)
    if type(req) is ColorParityRunOf:
        return _ordered(cards, 2, True, _parity_value(req.parity), rules)
    raise AssertionError(f"no oracle for {req!r}")


Partition = tuple[tuple[int, tuple[int, ...]], ...]


def _canonical(phase: Phase, groups: Sequence[Sequence[Card]]) -> Partition:
    """Groups as (first index of an equal requirement, sorted codes), sorted: order-free."""
    reqs = phase.requirements
    keyed = [
        (reqs.index(req), tuple(sorted(card.code for card in group)))
        for req, group in zip(reqs, groups, strict=True)
    ]
    return tuple(sorted(keyed))


def oracle_partitions(hand: Sequence[Card], phase: Phase, rules: MeldRules) -> set[Partition]:
    """Every way to pick disjoint sub-multisets of the hand, one valid group per requirement."""
    reqs = phase.requirements
    scope = rules.natural_card_scope
    found: set[Partition] = set()

    def search(
        index: int, left: tuple[Card, ...], groups: list[tuple[Card, ...]], own: bool
    ) -> None:
        if index == len(reqs):
            if scope is NaturalScope.PHASE and not own:
                return
            found.add(_canonical(phase, groups))
            return
        req = reqs[index]
        for combo in sorted(set(itertools.combinations(left, req.size))):
            valid, natural = verdict(req, combo, rules)
            if not valid or (scope is NaturalScope.GROUP and not natural):
                continue
            rest = list(left)
            for card in combo:
                rest.remove(card)
            search(index + 1, tuple(rest), [*groups, combo], own or natural)

    search(0, tuple(sorted(card for card in hand if not card.is_skip)), [], False)
    return found


# ---------------------------------------------------------------------------
# Hands for the differential tests
# ---------------------------------------------------------------------------

numbers = st.integers(min_value=1, max_value=12)
colors = st.sampled_from(COLORS)


@st.composite
def color_run_piece(draw: st.DrawFn) -> list[Card]:
    """Numbers of one colour stepping by 1 or 2, with gaps."""
    color = draw(colors)
    step = draw(st.sampled_from((1, 2)))
    start = draw(numbers)
    length = draw(st.integers(min_value=2, max_value=6))
    keep = draw(st.lists(st.booleans(), min_size=length, max_size=length))
    return [
        Card.number_card(color, start + step * i)
        for i in range(length)
        if keep[i] and start + step * i <= 12
    ]


@st.composite
def same_card_piece(draw: st.DrawFn) -> list[Card]:
    card = Card.number_card(draw(colors), draw(numbers))
    return [card] * draw(st.integers(min_value=1, max_value=2))


@st.composite
def parity_piece(draw: st.DrawFn) -> list[Card]:
    parity = draw(st.sampled_from((0, 1)))
    same = st.sampled_from([n for n in range(1, 13) if n % 2 == parity])
    return draw(st.lists(st.builds(Card.number_card, colors, same), min_size=2, max_size=5))


pieces: st.SearchStrategy[list[Card]] = st.one_of(
    st.lists(st.just(WILD), min_size=1, max_size=2),
    color_run_piece(),
    same_card_piece(),
    parity_piece(),
    st.lists(st.builds(Card.number_card, colors, numbers), min_size=1, max_size=3),
    st.just([SKIP]),
)

_LIMIT = Counter({WILD: 8, SKIP: 4})


@st.composite
def hands(draw: st.DrawFn, max_size: int = 11) -> tuple[Card, ...]:
    """Up to ``max_size`` cards a real deck could deal (at most 2 of each number card)."""
    cards: list[Card] = []
    for piece in draw(st.lists(pieces, min_size=3, max_size=7)):
        cards.extend(piece)
    counted: Counter[Card] = Counter()
    hand: list[Card] = []
    for card in cards:
        if counted[card] < _LIMIT.get(card, 2) and len(hand) < max_size:
            counted[card] += 1
            hand.append(card)
    return tuple(hand)


PHASES = (
    Phase(1, (ColorRunOf(4),)),
    Phase(2, (ParityOf(5), SetOf(3))),
    Phase(3, (ColorSetOf(3), ColorSetOf(3))),
    Phase(4, (ParityRunOf(4), ColorOf(3))),
    Phase(5, (ColorParityRunOf(3, "odd"), ParityOf(3, "even"))),
    Phase(6, (ColorRunOf(3), ColorRunOf(3))),
    Phase(7, (RunOf(3), ColorSetOf(2), ParityRunOf(3, "even"))),
)

MAX_LOOSE = 7  # cards that may stand for anything, in the exhaustive oracle check
VARIANT_RULES = (DEFAULT, GROUP, NONE, POSTAL5, MeldRules(wild_numbers=frozenset({2, 7})), WIDE)


def _check_against_oracle(hand: tuple[Card, ...], phase: Phase, rules: MeldRules) -> None:
    expected = oracle_partitions(hand, phase, rules)
    assert can_complete(hand, phase, rules) == bool(expected), (phase.name, hand)
    completions = list(iter_completions(hand, phase, rules))  # Wild-rich hands pass 100,000
    have = Counter(hand)
    for melds in completions:
        assert laydown_problem(melds, phase, rules) is None, melds
        assert [m.requirement for m in melds] == list(phase.requirements)
        assert all(len(m.cards) == m.requirement.size for m in melds)
        used = Counter(card for m in melds for card in m.cards)
        assert not used - have, (melds, hand)
        assert all(m.requirement.canonical(m) == m for m in melds)
    got = {_canonical(phase, [m.cards for m in melds]) for melds in completions}
    assert got == expected, (phase.name, hand)


@given(hand=hands())
@example(hand=parse_cards("R3 R4 W R6 B9 B9 W S"))
@example(hand=parse_cards("R2 R4 B6 G8 Y10 R5 B5 G5"))
@example(hand=parse_cards("W W W W W W"))
@example(hand=parse_cards("G1 G3 G5 Y2 Y4 W R8 B8 W"))
def test_solver_matches_oracle_on_new_kinds(hand: tuple[Card, ...]) -> None:
    assume(sum(_loose(card, DEFAULT) for card in hand) <= MAX_LOOSE)  # as below
    for phase in PHASES:
        _check_against_oracle(hand, phase, DEFAULT)


@settings(max_examples=max(5, settings().max_examples // 2))
@given(hand=hands(), rules=st.sampled_from(VARIANT_RULES))
@example(hand=parse_cards("R4 B5 R6 R7 Y5 W"), rules=POSTAL5)
@example(hand=parse_cards("Y11 Y12 W B10 B12 W"), rules=WIDE)
@example(hand=parse_cards("W W W R2 R2"), rules=GROUP)
@example(hand=parse_cards("W W W W W W"), rules=NONE)
def test_solver_matches_oracle_under_variant_meld_rules(
    hand: tuple[Card, ...], rules: MeldRules
) -> None:
    # Every completion is checked, and their number grows exponentially with the cards
    # that stand for anything: eight Wilds and three personal ones (V-10.2) make over
    # 100,000 completions of one phase and took the test 50 s. The solver's own speed on
    # such hands is bench_worst_case.py's job; the oracle check stops at seven.
    assume(sum(_loose(card, rules) for card in hand) <= MAX_LOOSE)
    for phase in PHASES:
        _check_against_oracle(hand, phase, rules)


_KIT_KINDS = (
    ColorRunOf(3),
    ColorSetOf(2),
    ParityOf(3),
    ParityOf(2, "odd"),
    ParityRunOf(3),
    ColorParityRunOf(3, "even"),
)


@settings(max_examples=max(5, settings().max_examples // 2))
@given(hand=hands(max_size=7), rules=st.sampled_from(VARIANT_RULES))
@example(hand=parse_cards("R4 B5 R6 R7 Y5 W"), rules=POSTAL5)
@example(hand=parse_cards("W W R2 R2 B4"), rules=GROUP)
def test_the_kits_brute_force_agrees_with_this_oracle(
    hand: tuple[Card, ...], rules: MeldRules
) -> None:
    """Issue 15: the conformance kit's brute force, which asks each kind's own problem()
    about every order and anchor, agrees with the oracle above on every group."""
    kit = BruteForce(rules)
    plain = sorted(card for card in hand if not card.is_skip)
    for req in _KIT_KINDS:
        for combo in sorted(set(itertools.combinations(plain, req.size))):
            assert kit.verdict(req, combo) == verdict(req, combo, rules), (req, combo, rules)


# ---------------------------------------------------------------------------
# candidates is complete: it offers every group the validation accepts
# ---------------------------------------------------------------------------

SMALL_KINDS: tuple[Requirement, ...] = (
    ColorRunOf(3),
    ColorSetOf(3),
    ParityOf(3),
    ParityOf(3, "even"),
    ParityRunOf(3),
    ColorParityRunOf(3, "odd"),
)


def _every_valid_meld(hand: Sequence[Card], req: Requirement, rules: MeldRules) -> set[Meld]:
    """Every distinct min-size group from ``hand`` that ``Meld.problem`` accepts."""
    low, high = rules.wild_value_range
    if req.kind == "parity":
        anchors: list[tuple[int | None, Color | None]] = [(0, None), (1, None)]
    elif req.kind in ("color_run", "color_set", "color_parity_run"):
        anchors = [(n, col) for n in range(low - 1, high + 2) for col in COLORS]
    else:
        anchors = [(n, None) for n in range(low - 1, high + 2)]
    ordered = req.kind.endswith("run")
    cards = sorted(card for card in hand if not card.is_skip)
    found: set[Meld] = set()
    for combo in set(itertools.combinations(cards, req.size)):
        orders = set(itertools.permutations(combo)) if ordered else {combo}
        for order in orders:
            for number, color in anchors:
                meld = Meld(req, order, number, color)
                if meld.problem(rules) is None and (
                    rules.natural_card_scope is NaturalScope.NONE or meld.natural_count()
                ):
                    found.add(meld)
    return found


@settings(max_examples=max(5, settings().max_examples // 3))
@given(hand=hands(max_size=7), rules=st.sampled_from(VARIANT_RULES))
@example(hand=parse_cards("W W R5 B5 R7"), rules=POSTAL5)
def test_candidates_offer_every_valid_group(hand: tuple[Card, ...], rules: MeldRules) -> None:
    for req in SMALL_KINDS:
        phase = Phase(1, (req,))
        got = {melds[0] for melds in find_completions(hand, phase, rules)}
        assert got == _every_valid_meld(hand, req, rules), (req, hand)


# ---------------------------------------------------------------------------
# Whole games
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 1), (4, 2)])
def test_greedy_bots_play_color_phases_conserving_cards(players: int, seed: int) -> None:
    rules = Rules(phases=COLOR_PHASES, max_turns=3000)
    deck = deck_counter(rules)
    start = new_game(players, rules, seed=seed)
    assert table_counter(start) == deck
    kinds_laid: set[str] = set()

    def conserve(before: GameState, action: object, after: GameState) -> None:
        assert table_counter(after) == deck
        if isinstance(action, LayDown):
            kinds_laid.update(m.requirement.kind for m in action.melds)
            for meld in action.melds:
                assert meld.problem(rules) is None
        for player in after.players:
            for meld in player.melds:
                assert meld.problem(rules) is None

    final = play_game(start, [GreedyBot() for _ in range(players)], on_action=conserve)
    assert final.is_over
    assert {"parity", "color_set", "color_run"} <= kinds_laid
