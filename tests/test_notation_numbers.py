"""Every number the action notation reads is bounded by what a game can use.

A server reads notation from clients it does not trust: a number no phase, seat or group
could need is refused when the line is read, with the token it is in and the bound, not
carried into a state for ``apply`` to refuse later (and not quoted back in full).
"""

from __future__ import annotations

import attrs
import pytest

from phase10 import (
    ChoosePhase,
    DeckSpec,
    InvalidDataError,
    LayDown,
    LayGroup,
    Meld,
    Rules,
    SetOf,
    parse_cards,
)
from phase10.limits import (
    MAX_ANCHOR,
    MAX_DECK_SIZE,
    MAX_GROUP_INDEX,
    MAX_PHASE_NUMBER,
    MAX_PLAYERS,
    quote,
)
from phase10.notation import _MAX_GROUP_SIZE, _parse_careful, action_to_text, parse_action
from phase10.phases import Phase

HUGE = "9" * 20


@attrs.frozen
class _Counted(SetOf):
    """A registered kind with a whole-number parameter."""

    kind = "numbers_counted"
    times: int = 1


def test_the_group_bound_is_the_largest_deck() -> None:
    """53,000: every count of a DeckSpec at its limit; Rules refuses a phase needing more
    cards than its deck holds (R-1.6), so no phase asks for a larger group."""
    largest = DeckSpec(1000, 1000, 1000, 1000, 1000, 1000)
    assert _MAX_GROUP_SIZE == MAX_DECK_SIZE == largest.size == 53_000
    Rules(deck=largest, phases=(Phase(1, (SetOf(_MAX_GROUP_SIZE),)),))  # accepted
    with pytest.raises(ValueError, match="more cards than the deck holds"):
        Rules(deck=largest, phases=(Phase(1, (SetOf(_MAX_GROUP_SIZE + 1),)),))


@pytest.mark.parametrize(
    ("text", "path", "words"),
    [
        # a group's size, written
        (f"lay set{HUGE}:R7 B7 W", f"'set{HUGE}:' at 4", "a group size is at most 53,000"),
        ("lay set53001:R7 B7 W", "'set53001:' at 4", "not 53001"),
        (f"group run{HUGE}@3~:W W W", f"'run{HUGE}@3~:' at 6", "at most 53,000"),
        (f"lay phase=2 set:R7 R7 R7 | color{HUGE}:R1", f"'color{HUGE}:' at 27", "53,000"),
        # a group parameter
        (
            f"lay numbers_counted3[times={HUGE}]:R7 R7 R7",
            f"{quote(f'numbers_counted3[times={HUGE}]:')} at 4",
            "at most 64 bits, not a whole number with more than 19 digits",
        ),
        (
            f"lay numbers_counted3[times={2**64}]:R7 R7 R7",
            f"{quote(f'numbers_counted3[times={2**64}]:')} at 4",
            "at most 64 bits",
        ),
        # an anchor
        (f"lay run@{HUGE}:W W W", f"'run@{HUGE}:' at 4", f"from {-MAX_ANCHOR} to {MAX_ANCHOR}"),
        (f"lay run@-{MAX_ANCHOR + 1}:W W W", f"'run@-{MAX_ANCHOR + 1}:' at 4", "not -65536"),
        # phase numbers
        (f"lay phase={HUGE} set:R7 R7 R7", f"'{HUGE}' at 10", f"1 to {MAX_PHASE_NUMBER}"),
        (f"group phase={MAX_PHASE_NUMBER + 1} set:R7 R7 R7", "'1000' at 12", "not 1000"),
        (f"choose {HUGE}", f"'{HUGE}' at 7", "a phase number from 1 to 999"),
        ("choose 0", "'0' at 7", "not 0"),
        # seats
        (f"give {HUGE}", f"'{HUGE}' at 5", f"a seat number from 0 to {MAX_PLAYERS - 1}"),
        (f"give {MAX_PLAYERS}", "'12' at 5", "not 12"),
        (f"discard S @{HUGE}", f"'@{HUGE}' at 10", "target is a seat number"),
        (f"hit {HUGE}.0 R8", f"'{HUGE}.0' at 4", "owner is a seat number"),
        ("hit -1.0 R8", "'-1.0' at 4", "not -1"),
        (f"swap R5 {HUGE}.0 low", f"'{HUGE}.0' at 8", "owner is a seat number"),
        # group indexes
        (f"hit 1.{HUGE} R8", f"'1.{HUGE}' at 4", f"from 0 to {MAX_GROUP_INDEX}"),
        (f"swap R5 1.{MAX_GROUP_INDEX + 1} high", "'1.65536' at 8", "not 65536"),
    ],
)
def test_numbers_beyond_any_game_are_refused(text: str, path: str, words: str) -> None:
    with pytest.raises(InvalidDataError) as info:
        parse_action(text)
    assert info.value.path == path
    assert words in info.value.message
    assert HUGE not in info.value.message  # a huge number is named, not quoted in full
    with pytest.raises(InvalidDataError) as careful:
        _parse_careful(text)
    assert (careful.value.message, careful.value.path) == (info.value.message, info.value.path)


def test_a_group_of_more_cards_is_read_and_written_back() -> None:
    """Without a written size a group's size is its count of cards, which the longest line
    bounds (a server's refusal of such a lay-down, docs/server.rst, needs it read)."""
    action = parse_action("lay set:" + " R7" * (_MAX_GROUP_SIZE + 1))
    assert isinstance(action, LayDown)
    assert action.melds[0].requirement == SetOf(_MAX_GROUP_SIZE + 1)
    assert parse_action(action_to_text(action)) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        (
            f"lay set{_MAX_GROUP_SIZE}:R7 B7 W",
            LayDown((Meld(SetOf(_MAX_GROUP_SIZE), parse_cards("R7 B7 W"), 7),)),
        ),
        (
            "group numbers_counted[times=-9223372036854775808]:R7 R7 R7",
            LayGroup(Meld(_Counted(3, -(2**63)), parse_cards("R7 R7 R7"))),
        ),
        ("choose 999", ChoosePhase(MAX_PHASE_NUMBER)),
    ],
)
def test_numbers_at_the_bounds_are_read(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert action_to_text(parse_action(text)) == text


@pytest.mark.parametrize("times", [2**64, 10**5000], ids=["65 bits", "5001 digits"])
def test_a_huge_group_parameter_is_refused_in_words_by_the_writer(times: int) -> None:
    """action_to_text quoted the number with repr(): past 4,300 digits that raised Python's
    own ValueError ("Exceeds the limit ... for integer string conversion")."""
    action = LayGroup(Meld(_Counted(3, times), parse_cards("R7 R7 R7")))
    with pytest.raises(InvalidDataError, match="the times of a 'numbers_counted' group") as info:
        action_to_text(action)
    assert "a whole number with more than 19 digits" in info.value.message
