"""V-15: Reverse (and Twist) cards, the direction of play, and Super Wild / Super Skip.

Each test is named by the rule it checks; the decisions are in docs/rules_reference.rst
("Reverse cards, Super Wild / Super Skip").
"""

from __future__ import annotations

import pytest

from helpers import assert_illegal, card, play, stacked_deck, stacked_game
from phase10 import (
    REVERSE,
    SKIP,
    SUPER_SKIP,
    DeckSpec,
    Discard,
    DrawStock,
    GiveCard,
    IllegalReason,
    NextHand,
    Rules,
    TakeDiscard,
    from_json,
    legal_actions,
    player_view,
    to_json,
    variants,
)
from phase10.engine import skip_targets
from phase10.scoring import end_hand, hand_points

REVERSES = variants.resolve("reverse-cards")
SUPER = variants.resolve("super-wild")


def test_v15_reverse_card_notation_and_deck() -> None:
    """The Reverse card is ``V``, the Super Skip ``Z``; reverse-cards adds four Reverses."""
    assert str(REVERSE) == "V"
    assert card("v") is REVERSE
    assert REVERSE.is_reverse
    assert str(SUPER_SKIP) == "Z"
    assert SUPER_SKIP.is_super_skip
    assert REVERSES.deck.reverses == 4
    assert REVERSES.deck.size == 112
    assert not REVERSE.is_natural
    assert REVERSE.changes_turns


def test_v15_reverse_turns_the_direction_of_play() -> None:
    """A discarded Reverse sends play the other way: after seat 1 (first, dealer 0) it is
    the dealer's turn, then seat 3; the direction is part of the state and of every view."""
    state = stacked_game({1: "V R1 R2"}, "G9", "B7 B8", REVERSES, players=4)
    assert state.current_player == 1
    assert state.direction == 1
    after = play(state, DrawStock(), Discard(REVERSE))
    assert after.current_player == 0
    assert after.direction == -1
    assert player_view(after, 2).direction == -1
    assert player_view(after, 2).next_seat == 3
    again = play(after, DrawStock(), Discard(after.players[0].hand[0]))
    assert again.current_player == 3
    assert from_json(to_json(again)) == again


def test_v15_two_reverses_restore_the_direction() -> None:
    """Two Reverses in a row bring play back to the left."""
    state = stacked_game({1: "V", 0: "V"}, "G9", "B7 B8", REVERSES, players=4)
    state = play(state, DrawStock(), Discard(REVERSE), DrawStock(), Discard(REVERSE))
    assert state.direction == 1
    assert state.current_player == 1


def test_v15_reverse_with_two_players_skips_the_other() -> None:
    """With two players a Reverse changes no order, so (as in UNO and [GH-UNOBOT]) the other
    player loses the turn and the discarder plays again."""
    state = stacked_game({1: "V"}, "G9", "B7 B8", REVERSES, players=2)
    after = play(state, DrawStock(), Discard(REVERSE))
    assert after.current_player == 1
    assert after.lost_turns == (0,)
    assert after.turn == state.turn + 2


def test_v15_reverse_is_never_taken_from_the_discard_pile() -> None:
    """Like a Skip (R-9.4), a Reverse on the discard pile cannot be taken."""
    state = stacked_game({1: "V"}, "G9", "B7 B8", REVERSES, players=3)
    after = play(state, DrawStock(), Discard(REVERSE))
    assert TakeDiscard() not in legal_actions(after)
    assert_illegal(after, TakeDiscard(), IllegalReason.SKIP_NOT_TAKEABLE)


def test_v15_reverse_names_no_target() -> None:
    """A Reverse skips nobody: a target is refused."""
    state = play(stacked_game({1: "V"}, "G9", "B7", REVERSES, players=3), DrawStock())
    assert_illegal(state, Discard(REVERSE, 2), IllegalReason.TARGET_NOT_NEEDED)
    assert Discard(REVERSE) in legal_actions(state)


def test_v15_upturned_reverse_starts_play_the_other_way() -> None:
    """A Reverse turned up at the deal: the player left of the dealer still starts, and play
    goes on to the right (library choice)."""
    state = stacked_game({}, "V", "B7 B8", REVERSES, players=4)
    assert state.direction == -1
    assert state.current_player == 1
    after = play(state, DrawStock(), Discard(state.players[1].hand[0]))
    assert after.current_player == 0


def test_v15_direction_resets_each_hand() -> None:
    """Every hand starts to the left (R-3.6), whatever the last hand's direction."""
    state = stacked_game({1: "V"}, "G9", "B7", REVERSES, players=3)
    state = play(state, DrawStock(), Discard(REVERSE))
    assert state.direction == -1
    over = end_hand(state, state.players, went_out=None)
    deck = stacked_deck({}, "G9", "", REVERSES, over.dealer + 1, players=3)
    assert play(over, NextHand(deck)).direction == 1


def test_v15_next_player_skip_follows_the_direction() -> None:
    """A-7 ``next_player`` after a Reverse: the player to skip is the next one the other way."""
    rules = REVERSES.with_options(skip_target="next_player")
    state = stacked_game({1: "V S", 0: "S"}, "G9", "B7 B8", rules, players=4)
    state = play(state, DrawStock(), Discard(REVERSE))
    assert state.current_player == 0
    state = play(state, DrawStock())
    assert skip_targets(state, 0) == (3,)


def test_v15_twist_card_is_the_reverse_card() -> None:
    """Seed 002's Twist card that reverses the direction of play is the library's Reverse:
    ``twist-card`` adds four, and composes with ``reverse-cards`` without adding more."""
    twist = variants.resolve("twist-card")
    assert twist.spec == "twist-card"
    assert twist.deck.reverses == 4
    assert variants.resolve("twist-card+reverse-cards").deck.reverses == 4
    state = stacked_game({1: "V"}, "G9", "B7", twist, players=3)
    assert play(state, DrawStock(), Discard(REVERSE)).direction == -1


def test_v15_phase_20_has_four_reverse_cards_and_no_count_scoring() -> None:
    """[P20]: Phase 20 adds four Reverse cards; cards left in hand score nothing."""
    rules = variants.resolve("phase-20")
    assert rules.deck.reverses == 4
    assert len(rules.phases) == 20
    assert set(rules.scoring.table()) == {0}
    state = stacked_game({0: "W W S V R12"}, "G9", "", rules, players=2)
    assert hand_points(state, 0) == 0


def test_v15_super_skip_skips_every_other_player() -> None:
    """The Super Skip costs every other player a turn: the discarder plays again."""
    state = stacked_game({1: "Z"}, "G9", "B7 B8", SUPER, players=4)
    after = play(state, DrawStock(), Discard(SUPER_SKIP))
    assert after.current_player == 1
    assert after.lost_turns == (2, 3, 0)
    assert after.turn == state.turn + 4
    assert_illegal(
        play(state, DrawStock()), Discard(SUPER_SKIP, 2), IllegalReason.TARGET_NOT_NEEDED
    )


def test_v15_super_wild_marks_one_skip_and_keeps_the_wilds() -> None:
    """Super Wild Phase 10: one of the deck's Skips is the Super Skip (so masters has one
    Skip and one Super Skip); the Super Wild plays as an ordinary Wild."""
    assert (SUPER.deck.skips, SUPER.deck.super_skips, SUPER.deck.wilds) == (3, 1, 8)
    masters = variants.resolve("masters+super-wild")
    assert (masters.deck.skips, masters.deck.super_skips) == (1, 1)
    assert masters == variants.resolve("super-wild+masters").with_options(spec=masters.spec)


def test_v15_a_skip_may_reverse_instead() -> None:
    """Super Wild Phase 10: a Skip skips the next player, or, discarded without a target,
    reverses the direction of play (the player's choice)."""
    state = play(stacked_game({1: "S"}, "G9", "B7 B8", SUPER, players=4), DrawStock())
    skips = [a for a in legal_actions(state) if isinstance(a, Discard) and a.card == SKIP]
    assert sorted(skips, key=str) == sorted([Discard(SKIP), Discard(SKIP, 2)], key=str)
    reversed_ = play(state, Discard(SKIP))
    assert (reversed_.direction, reversed_.current_player) == (-1, 0)
    skipped = play(state, Discard(SKIP, 2))
    assert (skipped.direction, skipped.current_player, skipped.lost_turns) == (1, 3, (2,))
    assert_illegal(state, Discard(SKIP, 0), IllegalReason.BAD_SKIP_TARGET)


def test_v15_without_skip_may_reverse_a_skip_needs_its_target() -> None:
    """R-4.6 as before: without the option a Skip with someone to skip names them."""
    state = play(stacked_game({1: "S"}, "G9", "B7", Rules(), players=3), DrawStock())
    assert_illegal(state, Discard(SKIP), IllegalReason.BAD_SKIP_TARGET)


@pytest.mark.parametrize("upturned", ["Z", "S"])
def test_v15_upturned_super_skip_skips_the_first_player_as_a_skip(upturned: str) -> None:
    """R-3.5 holds for an upturned Super Skip as for a Skip: the first turn is lost."""
    state = stacked_game({}, upturned, "B7 B8", SUPER, players=3)
    assert state.current_player == 2
    assert state.lost_turns == (1,)


def test_v12_the_forced_discard_is_no_turn_changing_card() -> None:
    """V-12: whoever receives the upturned Wild discards a card that is not a Skip, a
    Reverse or a Super Skip (none may act before play starts)."""
    rules = SUPER.with_options(initial_wild="dealer_chooses_recipient", deck=DeckSpec(reverses=2))
    state = stacked_game({1: "V S R3"}, "W", "B7", rules, players=3)
    state = play(state, GiveCard(1))
    assert_illegal(state, Discard(REVERSE), IllegalReason.NOT_ALLOWED_BY_RULES)
    assert Discard(card("R3")) in legal_actions(state)
    assert all(not a.card.changes_turns for a in legal_actions(state) if isinstance(a, Discard))


def test_v15_text_and_picture_show_reversed_play_and_the_new_cards() -> None:
    """The table as text and as SVG says when play goes the other way, and draws the
    Reverse and Super Skip cards as themselves (``V``, ``Z``)."""
    from phase10.svg import render as svg
    from phase10.text import render

    rules = variants.resolve("reverse-cards+super-wild")
    state = stacked_game({1: "V Z R1 R2"}, "G9", "B7 B8", rules, players=4)
    assert "reversed" not in render(state)
    after = play(state, DrawStock(), Discard(REVERSE))
    view = player_view(after, 1)
    assert "Play goes to the right (reversed)" in render(view)
    assert "reversed" in svg(view)
    assert " Z  (10 cards)" in render(view)
    assert 'data-card="Z"' in svg(view)
    assert "SUPER" in svg(view)
