"""Lay-down listing clauses that no other test pinned down (mutation testing, session 13).

Each test names the rule of /work/shared/RULES.md whose clause of
:mod:`phase10.engine.laydowns` it holds in place: a mutant that changed it survived the
rest of the suite.
"""

from __future__ import annotations

from helpers import TWO_SETS, assert_illegal, card, play, stacked_game, with_players
from phase10 import (
    Discard,
    DrawStock,
    IllegalReason,
    LayDown,
    LayGroup,
    Rules,
    SetOf,
    check,
    legal_actions,
    variants,
)

TWO = TWO_SETS


def test_a9_no_lay_down_listed_that_leaves_only_a_skip() -> None:
    """A-9 'forbidden': a lay-down that would leave a lone Skip in hand is neither listed
    nor accepted; with 'allowed' it is both."""
    for option, allowed in (("forbidden", False), ("allowed", True)):
        rules = Rules(hand_size=3, phases=TWO, skip_as_last_card=option)
        state = play(stacked_game({1: "R4 B4 S"}, "G11", "G4 B10", rules, players=2), DrawStock())
        lay = LayDown((SetOf(3).make("R4 B4 G4"),))
        assert (lay in legal_actions(state)) is allowed
        assert (check(state, lay) is None) is allowed


def test_v15_partial_phasing_lists_no_group_without_cards_for_the_rest() -> None:
    """V-15 partial phasing: a group is listed only while the hand holds enough cards for
    the rest of the phase and a discard (R-10.2); six cards for two sets of 3 are not
    enough, seven are."""
    base = variants.resolve("partial-phasing")
    for size, listed in ((5, False), (6, True)):
        rules = base.with_options(hand_size=size)
        hand = "R7 B7 G7 R9 B9 G2"[: 3 * size - 1]
        state = play(stacked_game({1: hand}, "G11", "Y9 B10", rules, players=2), DrawStock())
        group = LayGroup(SetOf(3).make("R7 B7 G7"))
        assert (group in legal_actions(state)) is listed


def test_a3_scope_none_lists_a_phase_of_wilds_only() -> None:
    """A-3 'none': a phase laid with Wilds only is listed; under the default 'phase' the
    same hand lists no lay-down (R-7.2: the phase needs a natural card)."""
    for scope, listed in (("none", True), ("phase", False)):
        rules = Rules(hand_size=4, phases=TWO).with_options(natural_card_scope=scope)
        state = play(stacked_game({1: "W W W S"}, "G11", "S B11", rules, players=2), DrawStock())
        lays = [a for a in legal_actions(state) if isinstance(a, LayDown)]
        assert bool(lays) is listed


def test_v2_partial_phasing_keeps_to_the_phase_declared_with_the_first_group() -> None:
    """V-2 (declare on lay-down) with V-15 partial phasing: a group laid for phase 2 (7s)
    binds the player to phase 2; the 9s in hand are not offered as phase 1's second set."""
    rules = variants.resolve("masters-declared+partial-phasing")
    hand = "R7 B7 G7 R9 B9 G9 B11 Y12 G12 Y5"
    state = stacked_game({1: hand}, "G2", "B3 Y4 R5 G6 R8 R9", rules, players=2)
    state = play(state, DrawStock(), LayGroup(SetOf(3).make("R7 B7 G7"), 2), Discard(card("Y12")))
    state = play(state, DrawStock())
    state = play(state, Discard(state.players[0].hand[0]), DrawStock())
    assert (state.current_player, state.players[1].phase_attempted) == (1, 2)
    assert not [a for a in legal_actions(state) if isinstance(a, (LayDown, LayGroup))]


def test_v15_partial_phasing_a_requirement_on_the_table_is_not_laid_twice() -> None:
    """V-15 partial phasing: phase 2's set of 3 is on the table from an earlier turn; a
    second set of 3 is refused (only the run of 4 is left) and not listed."""
    rules = variants.resolve("partial-phasing")
    hand = "R7 B7 G7 R9 B9 G9 B11 Y12 G12 Y5"
    state = stacked_game({1: hand}, "G2", "B3 Y4 R5 G6", rules, players=2)
    state = with_players(state, s1={"completed": (1,)})
    state = play(state, DrawStock(), LayGroup(SetOf(3).make("R7 B7 G7")), Discard(card("Y12")))
    state = play(state, DrawStock())
    state = play(state, Discard(state.players[0].hand[0]), DrawStock())
    nines = LayGroup(SetOf(3).make("R9 B9 G9"))
    assert nines not in legal_actions(state)
    assert_illegal(state, nines, IllegalReason.INVALID_MELD)
