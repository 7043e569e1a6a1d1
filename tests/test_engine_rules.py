"""Scripted rule-clause tests of the engine on stacked decks (RULES.md §3-§15, §A).

Every test deals a known deck with :func:`helpers.stacked_deck` and plays the
hand action by action; the test names and docstrings cite the R-/A-ids they
check. With three players and ``dealer=0`` the deal goes to seats 1, 2, 0 and
seat 1 plays first; with two players and ``dealer=0`` seat 1 plays first.
"""

from __future__ import annotations

from collections import Counter
from typing import cast

import attrs
import pytest

from helpers import (
    assert_illegal,
    cards,
    deck_counter,
    lay_down_listed,
    lay_downs_reached,
    play,
    stacked_deck,
    stacked_game,
    table_counter,
)
from phase10 import (
    STANDARD_PHASES,
    Action,
    Card,
    ColorOf,
    DeckSpec,
    Discard,
    DrawStock,
    End,
    GameState,
    Hit,
    IllegalActionError,
    IllegalReason,
    InvalidDataError,
    LayDown,
    Meld,
    NextHand,
    Rules,
    RunOf,
    SetOf,
    Stage,
    TakeDiscard,
    apply,
    card_points,
    check,
    legal_actions,
    new_game,
    parse_cards,
    skip_targets,
    standard_deck,
)
from phase10.dealing import shuffled

# ---------------------------------------------------------------------------
# Building blocks
# ---------------------------------------------------------------------------

PHASE1_HAND = "R7 B7 G7 R9 B9 G9 R1 B2 G4 Y11"
"""Two sets of 3 (7s and 9s) and four loose cards: phase 1 with cards to spare."""


def set_of(size: int, text: str, number: int | None = None) -> Meld:
    return SetOf(size).make(text, number=number)


def run_of(size: int, text: str, number: int | None = None) -> Meld:
    return RunOf(size).make(text, number=number)


def phase1(text7: str = "R7 B7 G7", text9: str = "R9 B9 G9") -> LayDown:
    """Phase 1 laid as a set of 7s and a set of 9s."""
    return LayDown((set_of(3, text7), set_of(3, text9)))


def only_final_phase(**options: object) -> Rules:
    """A one-phase game: the phase list is just Phase 10 (so it is also the final phase)."""
    return Rules().with_options(phases=STANDARD_PHASES[9:], **options)


def with_scores(state: GameState, *scores: int) -> GameState:
    """``state`` with these running totals (as if earlier hands had been played)."""
    players = tuple(attrs.evolve(p, score=s) for p, s in zip(state.players, scores, strict=True))
    return attrs.evolve(state, players=players)


def draw_discard(state: GameState, card: str) -> GameState:
    """The current player draws from the stock and discards ``card``."""
    return play(state, DrawStock(), Discard(parse_cards(card)[0]))


# ---------------------------------------------------------------------------
# the deal
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "dealer"), [(3, 0), (3, 2), (4, 1), (6, 5), (2, 0)])
def test_deal_one_card_at_a_time_from_left_of_dealer(count: int, dealer: int) -> None:
    """R-3.2: ten cards each, dealt one at a time clockwise starting left of the dealer;
    R-3.3: the next card starts the discard pile, the rest is the stock (top first)."""
    deck = shuffled(standard_deck(), 99, 1)
    state = new_game(count, seed=3, dealer=dealer, deck=deck)
    order = [(dealer + 1 + i) % count for i in range(count)]
    for seat in range(count):
        k = order.index(seat)
        expected = tuple(sorted(deck[k : 10 * count : count]))
        assert state.players[seat].hand == expected
    assert state.discard_pile == (deck[10 * count],)
    assert state.stock == deck[10 * count + 1 :]
    assert len(state.stock) == 108 - 10 * count - 1
    assert table_counter(state) == deck_counter(state.rules)


@pytest.mark.parametrize(("count", "dealer", "first"), [(3, 0, 1), (3, 2, 0), (5, 3, 4)])
def test_player_left_of_dealer_starts(count: int, dealer: int, first: int) -> None:
    """R-3.6: the player to the dealer's left plays first; play goes clockwise."""
    deck = stacked_deck({}, "R5", "", players=count, dealer=dealer)
    state = new_game(count, seed=11, dealer=dealer, deck=deck)
    assert state.current_player == first
    assert state.stage is Stage.DRAW
    state = play(state, DrawStock(), Discard(state.players[first].hand[0]))
    assert state.current_player == (first + 1) % count


@pytest.mark.parametrize("dealer", [0, 1])
def test_two_players_non_dealer_starts(dealer: int) -> None:
    """R-3.6: with two players the non-dealer starts."""
    state = new_game(2, seed=5, dealer=dealer, deck=stacked_deck({}, "R5", "", players=2))
    assert state.current_player == 1 - dealer


def test_everyone_targets_phase_1_in_the_first_hand() -> None:
    """R-3.7: in the first hand everyone's target phase is Phase 1."""
    state = new_game(4, seed=2)
    assert all(state.target_phase(s) == STANDARD_PHASES[0] for s in range(4))


def test_seeded_deal_is_reproducible_and_seed_matters() -> None:
    """A seed fixes the shuffle (DESIGN §1.2); another seed deals differently."""
    a, b, c = new_game(3, seed=42), new_game(3, seed=42), new_game(3, seed=43)
    assert a == b
    assert a.players != c.players or a.stock != c.stock


def test_bad_deck_is_refused() -> None:
    """A deck order must hold exactly the rules' cards."""
    deck = list(standard_deck())
    deck[0] = deck[1] = parse_cards("W")[0]
    with pytest.raises(IllegalActionError) as info:
        new_game(3, seed=1, deck=deck)
    assert info.value.reason is IllegalReason.BAD_DECK
    with pytest.raises(IllegalActionError):
        new_game(3, seed=1, deck=standard_deck()[:-1])


def test_stacked_deck_helper_deals_what_it_says() -> None:
    """The test helper itself: exact hands, first discard and stock top, full deck."""
    hands = {0: "R1 R2 R3", 1: PHASE1_HAND, 2: "W W S"}
    deck = stacked_deck(hands, "Y12", "G5 G6", dealer=0)
    assert Counter(deck) == deck_counter(Rules())
    state = new_game(3, seed=1, deck=deck)
    assert state.players[1].hand == cards(PHASE1_HAND)
    assert Counter(parse_cards("R1 R2 R3")) <= Counter(state.players[0].hand)
    assert Counter(parse_cards("W W S")) <= Counter(state.players[2].hand)
    assert state.discard_pile == parse_cards("Y12")
    assert state.stock[:2] == parse_cards("G5 G6")
    # the filled-in cards are plain number cards
    assert sum(c.is_natural for c in state.players[0].hand) == 10


# ---------------------------------------------------------------------------
# an upturned Wild: an upturned Skip
# ---------------------------------------------------------------------------


def test_upturned_wild_may_be_taken_by_first_player() -> None:
    """R-3.4 / A-11 first_player_may_take: the first player may take the Wild as their draw."""
    state = stacked_game({0: "", 1: PHASE1_HAND, 2: ""}, "W", "R12")
    assert state.discard_pile == parse_cards("W")
    assert set(legal_actions(state)) == {DrawStock(), TakeDiscard()}
    taken = apply(state, TakeDiscard())
    assert taken.players[1].hand == cards(PHASE1_HAND + " W")
    assert taken.discard_pile == ()
    assert taken.stage is Stage.PLAY


def test_upturned_wild_need_not_be_taken() -> None:
    """R-3.4: the first player is not obliged to take the Wild."""
    state = stacked_game({0: "", 1: PHASE1_HAND, 2: ""}, "W", "R12")
    drawn = apply(state, DrawStock())
    assert drawn.players[1].hand == cards(PHASE1_HAND + " R12")
    assert drawn.discard_pile == parse_cards("W")


def test_upturned_wild_return_and_flip() -> None:
    """A-11 return_and_flip: an upturned Wild goes back under the stock and the next card
    is turned up, repeatedly if that is a Wild too."""
    rules = Rules(initial_wild="return_and_flip")
    state = stacked_game({0: "", 1: PHASE1_HAND, 2: ""}, "W", "W G3 R5", rules)
    assert state.discard_pile == parse_cards("G3")
    assert state.stock[0] == parse_cards("R5")[0]
    assert state.stock[-2:] == parse_cards("W W")
    assert state.current_player == 1
    assert table_counter(state) == deck_counter(rules)


def test_upturned_skip_skips_first_player() -> None:
    """R-3.5 / R-9.6 / A-12 skip_first_player: the first player's first turn is lost and the
    Skip stays on the discard pile, where it cannot be taken (R-9.4)."""
    state = stacked_game({0: "", 1: PHASE1_HAND, 2: ""}, "S", "R12")
    assert state.current_player == 2
    assert state.lost_turns == (1,)
    assert state.players[1].skips_pending == 0
    assert state.discard_pile == parse_cards("S")
    assert legal_actions(state) == (DrawStock(),)
    assert_illegal(state, TakeDiscard(), IllegalReason.SKIP_NOT_TAKEABLE)


def test_upturned_skip_two_players_dealer_plays_first() -> None:
    """R-3.5 with two players: the non-dealer loses the first turn, so the dealer starts."""
    state = stacked_game({0: "", 1: ""}, "S", "R12")
    assert state.current_player == 0
    assert state.lost_turns == (1,)


def test_upturned_skip_cover_with_next_card() -> None:
    """A-12 cover_with_next_card: the Skip is covered by the next card and nobody is skipped."""
    rules = Rules(initial_skip="cover_with_next_card")
    state = stacked_game({0: "", 1: PHASE1_HAND, 2: ""}, "S", "R12 B3", rules)
    assert state.current_player == 1
    assert state.lost_turns == ()
    assert state.discard_pile == parse_cards("S R12")
    assert state.stock[0] == parse_cards("B3")[0]
    taken = apply(state, TakeDiscard())
    assert taken.players[1].hand == cards(PHASE1_HAND + " R12")
    assert taken.discard_pile == parse_cards("S")


# ---------------------------------------------------------------------------
# drawing
# ---------------------------------------------------------------------------


def test_draw_stock_takes_top_card() -> None:
    """R-4.2: the draw takes exactly the top of the draw pile."""
    state = stacked_game({0: "", 1: PHASE1_HAND, 2: ""}, "Y12", "R12 B3")
    after = apply(state, DrawStock())
    assert after.players[1].hand == cards(PHASE1_HAND + " R12")
    assert after.stock == state.stock[1:]
    assert after.discard_pile == state.discard_pile
    assert after.stage is Stage.PLAY
    assert after.current_player == 1


def test_take_discard_takes_top_discard() -> None:
    """R-4.2: or the top of the discard pile."""
    state = stacked_game({0: "", 1: PHASE1_HAND, 2: ""}, "Y12", "R12 B3")
    after = apply(state, TakeDiscard())
    assert after.players[1].hand == cards(PHASE1_HAND + " Y12")
    assert after.stock == state.stock
    assert after.discard_pile == ()
    assert after.taken_discard == parse_cards("Y12")[0]
    assert after.pickups[1] == parse_cards("Y12")


def test_only_one_draw_per_turn() -> None:
    """R-4.2: exactly one card is drawn; a second draw is refused."""
    state = apply(stacked_game({0: "", 1: PHASE1_HAND, 2: ""}, "Y12", "R12"), DrawStock())
    assert_illegal(state, DrawStock(), IllegalReason.WRONG_STAGE)
    assert_illegal(state, TakeDiscard(), IllegalReason.WRONG_STAGE)
    assert not any(isinstance(a, (DrawStock, TakeDiscard)) for a in legal_actions(state))


def test_must_draw_before_playing() -> None:
    """R-4.2 / R-4.7 / R-5.1 / R-6.3: nothing may be played or discarded before the draw."""
    state = stacked_game({0: "", 1: PHASE1_HAND, 2: ""}, "Y12", "R12")
    assert_illegal(state, phase1(), IllegalReason.WRONG_STAGE)
    assert_illegal(state, Discard(parse_cards("R1")[0]), IllegalReason.WRONG_STAGE)
    assert_illegal(state, Hit(parse_cards("R1")[0], 1, 0), IllegalReason.WRONG_STAGE)
    assert_illegal(state, NextHand(), IllegalReason.WRONG_STAGE)


def test_skip_on_discard_pile_cannot_be_taken() -> None:
    """R-9.4: after a Skip is discarded, the next player must draw from the stock."""
    state = stacked_game({0: "", 1: "S " + PHASE1_HAND[:-4], 2: ""}, "Y12", "R12 B3")
    state = play(state, DrawStock(), Discard(parse_cards("S")[0], target=0))
    assert state.top_discard == parse_cards("S")[0]
    assert state.current_player == 2
    assert legal_actions(state) == (DrawStock(),)
    assert_illegal(state, TakeDiscard(), IllegalReason.SKIP_NOT_TAKEABLE)


def test_skip_pickup_from_discard_option() -> None:
    """R-9.4 option skip_pickup_from_discard=True: a discarded Skip may be taken."""
    rules = Rules(skip_pickup_from_discard=True)
    state = stacked_game({0: "", 1: "S " + PHASE1_HAND[:-4], 2: ""}, "Y12", "R12 B3", rules)
    state = play(state, DrawStock(), Discard(parse_cards("S")[0], target=0))
    assert set(legal_actions(state)) == {DrawStock(), TakeDiscard()}
    after = apply(state, TakeDiscard())
    assert parse_cards("S")[0] in after.players[2].hand


def test_discard_ends_turn_and_passes_left() -> None:
    """R-4.5: the discard ends the turn; any card may be discarded; play passes clockwise."""
    state = stacked_game({0: "", 1: PHASE1_HAND, 2: ""}, "Y12", "R12")
    state = play(state, DrawStock(), Discard(parse_cards("R7")[0]))
    assert state.current_player == 2
    assert state.stage is Stage.DRAW
    assert state.top_discard == parse_cards("R7")[0]
    assert len(state.players[1].hand) == 10


def test_may_discard_card_just_taken_from_discard() -> None:
    """R-4.5 / A-18 default: the card just taken from the discard pile may be discarded."""
    state = apply(stacked_game({0: "", 1: PHASE1_HAND, 2: ""}, "Y12", "R12"), TakeDiscard())
    assert Discard(parse_cards("Y12")[0]) in legal_actions(state)
    assert apply(state, Discard(parse_cards("Y12")[0])).top_discard == parse_cards("Y12")[0]


def test_may_not_discard_taken_card_option() -> None:
    """A-18 may_discard_card_taken_from_discard=False: the taken card may not go straight back."""
    rules = Rules(may_discard_card_taken_from_discard=False)
    state = apply(stacked_game({0: "", 1: PHASE1_HAND, 2: ""}, "Y12", "R12", rules), TakeDiscard())
    assert Discard(parse_cards("Y12")[0]) not in legal_actions(state)
    assert_illegal(state, Discard(parse_cards("Y12")[0]), IllegalReason.NOT_ALLOWED_BY_RULES)


# ---------------------------------------------------------------------------
# laying down
# ---------------------------------------------------------------------------


def meld_index(state: GameState, owner: int, description: str) -> int:
    """The index of ``owner``'s group described as e.g. ``"set of 7s"`` or ``"run 3-6"``."""
    found = [i for i, m in enumerate(state.players[owner].melds) if m.describe() == description]
    assert len(found) == 1, [m.describe() for m in state.players[owner].melds]
    return found[0]


def first_turn(hand: str, stock: str = "R12", rules: Rules | None = None) -> GameState:
    """Seat 1 holds ``hand`` and has drawn the top of the stock (three players)."""
    return apply(stacked_game({0: "", 1: hand, 2: ""}, "Y12", stock, rules), DrawStock())


def test_lay_down_phase_after_drawing() -> None:
    """R-5.1 / R-5.8: after drawing, the player lays down their phase from hand."""
    state = first_turn(PHASE1_HAND)
    assert lay_down_listed(state, phase1())
    after = apply(state, phase1())
    me = after.players[1]
    assert me.hand == cards("R1 B2 G4 Y11 R12")
    assert me.laid_down
    assert me.phase_attempted == 1
    assert me.melds == phase1().melds
    assert after.laid_down_this_turn
    assert after.stage is Stage.PLAY
    assert after.current_player == 1
    assert table_counter(after) == deck_counter(after.rules)


def test_lay_down_is_canonical() -> None:
    """Two spellings of one lay-down are equal and give equal states."""
    state = first_turn(PHASE1_HAND)
    other = LayDown((set_of(3, "G9 R9 B9"), set_of(3, "B7 G7 R7")))
    assert other == phase1()
    assert apply(state, other) == apply(state, phase1())


def test_only_one_phase_per_hand() -> None:
    """R-5.2: a second lay-down in the same hand is refused, in the same turn or later."""
    hand = "R7 B7 G7 R9 B9 G9 R3 B3 G3 R4"
    state = apply(first_turn(hand, "G4"), phase1())
    second = LayDown((set_of(3, "R3 B3 G3"), set_of(3, "R4 G4 W")))
    assert_illegal(state, second, IllegalReason.ALREADY_LAID_DOWN)
    assert not any(isinstance(a, LayDown) for a in legal_actions(state))
    # next turn of seat 1
    state = apply(state, Discard(parse_cards("R4")[0]))
    state = draw_discard(state, str(state.players[2].hand[0]))
    state = draw_discard(state, str(state.players[0].hand[0]))
    assert state.current_player == 1
    state = apply(state, DrawStock())
    assert_illegal(state, second, IllegalReason.ALREADY_LAID_DOWN)


def test_wrong_phase_refused() -> None:
    """R-5.3: the phase laid must be the target phase (Phase 1 here, not Phase 2)."""
    state = first_turn("R7 B7 G7 R1 B2 G3 Y4 B9 G11 Y11")
    phase2 = LayDown((set_of(3, "R7 B7 G7"), run_of(4, "R1 B2 G3 Y4")))
    assert_illegal(state, phase2, IllegalReason.INVALID_MELD)


def test_partial_phase_refused() -> None:
    """R-5.4: the whole phase must be laid in one action."""
    state = first_turn(PHASE1_HAND)
    assert_illegal(state, LayDown((set_of(3, "R7 B7 G7"),)), IllegalReason.INVALID_MELD)


def test_larger_groups_accepted() -> None:
    """R-5.5 / A-10 extend_groups: a group may be laid bigger with cards that fit it."""
    state = first_turn("R7 B7 G7 Y7 R9 B9 G9 Y9 B9 Y11", "R12")
    big = LayDown((set_of(3, "R7 B7 G7 Y7"), set_of(3, "R9 B9 G9 Y9 B9")))
    after = apply(state, big)
    assert after.players[1].hand == cards("Y11 R12")
    assert [len(m.cards) for m in after.players[1].melds] == [4, 5]
    # legal_actions lists minimum-size lay-downs only; the bigger one is still legal
    assert not lay_down_listed(state, big)
    assert check(state, big) is None


def test_extra_group_refused() -> None:
    """R-5.5: no extra groups beyond the phase's list (a third set on Phase 1)."""
    state = first_turn("R7 B7 G7 R9 B9 G9 R1 B1 G1 Y11")
    three = LayDown((set_of(3, "R7 B7 G7"), set_of(3, "R9 B9 G9"), set_of(3, "R1 B1 G1")))
    assert_illegal(state, three, IllegalReason.INVALID_MELD)


def test_group_with_foreign_card_refused() -> None:
    """R-5.5: a group grows only by cards that fit that same group."""
    state = first_turn(PHASE1_HAND)
    wrong = LayDown((set_of(3, "R7 B7 G7"), Meld(SetOf(3), parse_cards("R9 B9 G9 R1"), 9)))
    assert_illegal(state, wrong, IllegalReason.INVALID_MELD)


def test_exact_only_refuses_larger_groups() -> None:
    """A-10 laydown_extras='exact_only': groups must be laid at exactly their size."""
    rules = Rules(laydown_extras="exact_only")
    state = first_turn("R7 B7 G7 Y7 R9 B9 G9 Y9 B9 Y11", "R12", rules)
    big = LayDown((set_of(3, "R7 B7 G7 Y7"), set_of(3, "R9 B9 G9")))
    assert_illegal(state, big, IllegalReason.INVALID_MELD)
    assert check(state, phase1()) is None


def test_skip_never_in_a_group() -> None:
    """R-5.6 / R-9.3: a Skip cannot be part of a group, even posing as a card."""
    state = first_turn("R7 B7 S R9 B9 G9 R1 B2 G4 Y11")
    bad = LayDown((Meld(SetOf(3), parse_cards("R7 B7 S"), 7), set_of(3, "R9 B9 G9")))
    assert_illegal(state, bad, IllegalReason.INVALID_MELD)


def test_lay_down_cards_must_be_in_hand() -> None:
    """R-5.4: the phase comes from the player's own hand."""
    state = first_turn("R7 B7 R9 B9 G9 R1 B2 G4 Y11 Y12")
    assert_illegal(state, phase1(), IllegalReason.CARD_NOT_IN_HAND)


# ---------------------------------------------------------------------------
# Wilds in lay-downs
# ---------------------------------------------------------------------------

ALL_WILD_PHASE1 = LayDown((set_of(3, "W W W", number=5), set_of(3, "W W W", number=7)))
ONE_NATURAL_PHASE1 = LayDown((set_of(3, "R5 W W"), set_of(3, "W W W", number=7)))
WILD_HAND = "W W W W W W R5 B2 G4 Y11"


def test_phase_needs_a_natural_card() -> None:
    """R-7.2 / A-3 phase (default): at least one natural card in the phase as a whole."""
    state = first_turn(WILD_HAND)
    assert_illegal(state, ALL_WILD_PHASE1, IllegalReason.INVALID_MELD)
    assert check(state, ONE_NATURAL_PHASE1) is None
    assert lay_down_listed(state, ONE_NATURAL_PHASE1)
    assert not lay_down_listed(state, ALL_WILD_PHASE1)


def test_natural_card_scope_group() -> None:
    """A-3 natural_card_scope='group': every group needs a natural card."""
    state = first_turn(WILD_HAND, rules=Rules(natural_card_scope="group"))
    assert_illegal(state, ONE_NATURAL_PHASE1, IllegalReason.INVALID_MELD)
    assert_illegal(state, ALL_WILD_PHASE1, IllegalReason.INVALID_MELD)
    per_group = LayDown((set_of(3, "R5 W W"), set_of(3, "B2 W W")))
    assert check(state, per_group) is None
    lay_downs = lay_downs_reached(state)
    assert lay_down_listed(state, per_group)
    assert all(m.natural_count() >= 1 for a in lay_downs for m in a.melds)


def test_natural_card_scope_none() -> None:
    """A-3 natural_card_scope='none': groups of Wilds only are allowed."""
    state = first_turn(WILD_HAND, rules=Rules(natural_card_scope="none"))
    assert check(state, ALL_WILD_PHASE1) is None
    assert lay_down_listed(state, ALL_WILD_PHASE1)


def test_wild_identity_fixed_in_run() -> None:
    """R-7.3 / R-7.6: a Wild in a laid run stands for a declared number for the whole hand."""
    rules = Rules(phases=STANDARD_PHASES[1:])  # phase 2 first: a set of 3 + a run of 4
    state = first_turn("R3 W G5 Y6 R8 B8 G8 B1 Y11 G12", "R12", rules)
    run = run_of(4, "R3 W G5 Y6")
    lay = LayDown((set_of(3, "R8 B8 G8"), run))
    after = apply(state, lay)
    i = meld_index(after, 1, "run 3-6")
    assert after.players[1].melds[i].stands_for() == (3, 4, 5, 6)


# ---------------------------------------------------------------------------
# hitting
# ---------------------------------------------------------------------------

PHASE2 = Rules(phases=STANDARD_PHASES[1:])
"""Phase 2 (a set of 3 and a run of 4) first, to have runs on the table."""
RUN_HAND = "R3 B4 G5 Y6 R8 B8 G8 W B2 G12"
RUN_LAY = LayDown((set_of(3, "R8 B8 G8"), run_of(4, "R3 B4 G5 Y6")))


def run_turn(rules: Rules = PHASE2, stock: str = "Y7") -> GameState:
    """Seat 1 has drawn ``stock``'s top card and laid a set of 8s and the run 3-6."""
    return apply(first_turn(RUN_HAND, stock, rules), RUN_LAY)


def test_hit_requires_own_phase_down() -> None:
    """R-6.2 / R-4.4: no hit before one's own phase is on the table."""
    state = first_turn(RUN_HAND, "Y7", PHASE2)
    assert_illegal(
        state, Hit(parse_cards("Y7")[0], 1, 0, End.HIGH), IllegalReason.PHASE_NOT_LAID_DOWN
    )
    assert not any(isinstance(a, Hit) for a in legal_actions(state))


def test_hit_own_same_turn_default() -> None:
    """R-6.6 / A-2 hit_own_same_turn=True: hitting one's new phase in the same turn."""
    state = run_turn()
    run, sets = meld_index(state, 1, "run 3-6"), meld_index(state, 1, "set of 8s")
    hit = Hit(parse_cards("Y7")[0], 1, run, End.HIGH)
    assert hit in legal_actions(state)
    after = apply(state, hit)
    assert after.players[1].melds[run].cards == parse_cards("R3 B4 G5 Y6 Y7")
    assert after.players[1].hand == cards("W B2 G12")
    assert len(after.players[1].melds) == 2  # a hit never creates a group
    after = apply(after, Hit(parse_cards("W")[0], 1, sets))
    assert after.players[1].melds[sets].cards == cards("R8 B8 G8 W")
    assert after.players[1].melds[sets].stands_for() == (8, 8, 8, 8)


def test_hit_own_same_turn_option_off() -> None:
    """A-2 hit_own_same_turn=False with A-10 exact_only: own groups can be hit from the next
    turn on."""
    rules = PHASE2.with_options(hit_own_same_turn=False, laydown_extras="exact_only")
    state = run_turn(rules)
    run = meld_index(state, 1, "run 3-6")
    hit = Hit(parse_cards("Y7")[0], 1, run, End.HIGH)
    assert_illegal(state, hit, IllegalReason.HIT_NOT_ALLOWED_YET)
    assert not any(isinstance(a, Hit) for a in legal_actions(state))


def test_hit_own_same_turn_off_allows_extras() -> None:
    """A-2 False with A-10 extend_groups: a card added to one's own new group in the lay-down
    turn is an extra card of that group (R-5.5), so it is listed and accepted; the lay-down
    itself is listed at minimum size, and this keeps larger lay-downs reachable."""
    state = run_turn(PHASE2.with_options(hit_own_same_turn=False))
    run = meld_index(state, 1, "run 3-6")
    hit = Hit(parse_cards("Y7")[0], 1, run, End.HIGH)
    assert hit in legal_actions(state)
    laid_larger = apply(
        first_turn(RUN_HAND, "Y7", PHASE2.with_options(hit_own_same_turn=False)),
        LayDown((set_of(3, "R8 B8 G8"), run_of(4, "R3 B4 G5 Y6 Y7"))),
    )
    assert apply(state, hit).players[1].melds == laid_larger.players[1].melds


def test_run_end_rules() -> None:
    """R-6.5 / R-6.9: a run takes the card one below its low end or one above its high end;
    a Wild may go to either end, so the player names it."""
    state = run_turn()
    run = meld_index(state, 1, "run 3-6")
    y7, b2, w = (parse_cards(t)[0] for t in ("Y7", "B2", "W"))
    assert_illegal(state, Hit(y7, 1, run, End.LOW), IllegalReason.CARD_DOES_NOT_FIT)
    assert_illegal(state, Hit(w, 1, run), IllegalReason.CARD_DOES_NOT_FIT)  # both ends fit
    assert_illegal(state, Hit(b2, 1, run, End.HIGH), IllegalReason.CARD_DOES_NOT_FIT)
    g12 = parse_cards("G12")[0]
    assert_illegal(state, Hit(g12, 1, run, End.HIGH), IllegalReason.CARD_DOES_NOT_FIT)
    legal = legal_actions(state)
    assert Hit(w, 1, run, End.LOW) in legal
    assert Hit(w, 1, run, End.HIGH) in legal
    assert Hit(b2, 1, run, End.LOW) in legal
    low = apply(state, Hit(b2, 1, run, End.LOW))
    assert low.players[1].melds[run].cards == parse_cards("B2 R3 B4 G5 Y6")
    assert low.players[1].melds[run].number == 2
    wild_low = apply(low, Hit(w, 1, run, End.LOW))
    assert wild_low.players[1].melds[run].stands_for() == (1, 2, 3, 4, 5, 6)
    # the run now starts at 1: nothing more fits below it
    assert_illegal(
        apply(wild_low, Hit(y7, 1, run, End.HIGH)),
        Hit(g12, 1, run, End.LOW),
        IllegalReason.CARD_DOES_NOT_FIT,
    )


def test_wild_assignment_auto_picks_an_end() -> None:
    """A-5 wild_assignment='auto': a run hit without an end is placed by the engine."""
    state = run_turn(PHASE2.with_options(wild_assignment="auto"))
    run = meld_index(state, 1, "run 3-6")
    after = apply(state, Hit(parse_cards("Y7")[0], 1, run))
    assert after.players[1].melds[run].cards == parse_cards("R3 B4 G5 Y6 Y7")


def test_run_cannot_pass_12() -> None:
    """R-7.4 / R-6.5: a run ending at 12 takes nothing above it, not even a Wild."""
    state = first_turn("R9 B10 G11 Y12 R8 B8 G8 W B2 G3", "R1", PHASE2)
    state = apply(state, LayDown((set_of(3, "R8 B8 G8"), run_of(4, "R9 B10 G11 Y12"))))
    run = meld_index(state, 1, "run 9-12")
    w = parse_cards("W")[0]
    assert_illegal(state, Hit(w, 1, run, End.HIGH), IllegalReason.CARD_DOES_NOT_FIT)
    assert Hit(w, 1, run, End.LOW) in legal_actions(state)
    assert Hit(w, 1, run, End.HIGH) not in legal_actions(state)


def test_set_fit_rules() -> None:
    """R-6.5: a set takes its number or a Wild; a set has no ends; Skips are never hit."""
    state = run_turn(stock="S")
    sets = meld_index(state, 1, "set of 8s")
    assert_illegal(state, Hit(parse_cards("G12")[0], 1, sets), IllegalReason.CARD_DOES_NOT_FIT)
    assert_illegal(state, Hit(parse_cards("S")[0], 1, sets), IllegalReason.CARD_DOES_NOT_FIT)
    w = parse_cards("W")[0]
    assert_illegal(state, Hit(w, 1, sets, End.HIGH), IllegalReason.CARD_DOES_NOT_FIT)
    assert Hit(w, 1, sets) in legal_actions(state)
    assert not any(isinstance(a, Hit) and a.card.is_skip for a in legal_actions(state))


def test_colour_group_fit_rules() -> None:
    """R-6.5: a colour group takes cards of its colour or a Wild."""
    rules = Rules(phases=STANDARD_PHASES[7:])  # phase 8: 7 cards of one colour
    state = first_turn("R1 R3 R5 R7 R9 R11 R12 R2 W B4", "B6", rules)
    state = apply(state, LayDown((ColorOf(7).make("R1 R3 R5 R7 R9 R11 R12"),)))
    legal = legal_actions(state)
    assert Hit(parse_cards("R2")[0], 1, 0) in legal
    assert Hit(parse_cards("W")[0], 1, 0) in legal
    assert_illegal(state, Hit(parse_cards("B4")[0], 1, 0), IllegalReason.CARD_DOES_NOT_FIT)
    after = apply(state, Hit(parse_cards("W")[0], 1, 0))
    assert after.players[1].melds[0].stands_for() == (after.players[1].melds[0].color,) * 8


def test_hit_needs_existing_group() -> None:
    """R-6.1 / R-6.8: a hit goes onto a group already on the table."""
    state = run_turn()
    y7 = parse_cards("Y7")[0]
    for owner, index in ((1, 2), (0, 0), (2, 0), (7, 0), (11, 0), (1, 65_535)):
        assert_illegal(state, Hit(y7, owner, index, End.HIGH), IllegalReason.NO_SUCH_MELD)
    for owner, index in ((-1, 0), (1, -1), (12, 0)):  # not a seat or an index at all
        with pytest.raises(InvalidDataError):
            Hit(y7, owner, index, End.HIGH)


def test_hit_card_must_be_in_hand() -> None:
    """R-6.1: the card comes from the player's hand."""
    state = run_turn()
    run = meld_index(state, 1, "run 3-6")
    assert_illegal(
        state, Hit(parse_cards("R7")[0], 1, run, End.HIGH), IllegalReason.CARD_NOT_IN_HAND
    )


def two_layers(rules: Rules = PHASE2) -> GameState:
    """Seat 1 laid 8s + run 3-6 and discarded; seat 2 has drawn Y9 with its phase in hand."""
    state = stacked_game(
        {0: "", 1: RUN_HAND, 2: "R10 B10 G10 R4 B5 G6 Y7 Y8 W G1"}, "Y12", "R7 Y9", rules
    )
    state = play(state, DrawStock(), RUN_LAY, Discard(parse_cards("G12")[0]), DrawStock())
    return state


TEN_RUN = LayDown((set_of(3, "R10 B10 G10"), run_of(4, "R4 B5 G6 Y7")))


def test_hit_other_players_groups_same_turn_default() -> None:
    """R-6.4 / R-6.7 / A-1 hit_others_same_turn=True: after laying down, the player may hit
    other players' groups in the same turn; the group keeps its owner (R-6.8)."""
    state = apply(two_layers(), TEN_RUN)
    assert state.current_player == 2
    run1 = meld_index(state, 1, "run 3-6")
    w = parse_cards("W")[0]
    assert Hit(w, 1, run1, End.HIGH) in legal_actions(state)
    after = apply(state, Hit(w, 1, run1, End.HIGH))
    assert after.players[1].melds[run1].stands_for() == (3, 4, 5, 6, 7)
    assert after.players[2].melds == state.players[2].melds
    assert len(after.players[1].melds) == 2
    # own run 4-7 takes Y8 as well
    own = meld_index(after, 2, "run 4-7")
    after = apply(after, Hit(parse_cards("Y8")[0], 2, own, End.HIGH))
    assert after.players[2].melds[own].high == 8


def test_hit_others_same_turn_option_off() -> None:
    """A-1 hit_others_same_turn=False: others' groups only from the next turn on; own groups
    may still be hit at once (A-2)."""
    rules = PHASE2.with_options(hit_others_same_turn=False)
    state = apply(two_layers(rules), TEN_RUN)
    run1 = meld_index(state, 1, "run 3-6")
    w = parse_cards("W")[0]
    assert_illegal(state, Hit(w, 1, run1, End.HIGH), IllegalReason.HIT_NOT_ALLOWED_YET)
    assert not any(isinstance(a, Hit) and a.owner == 1 for a in legal_actions(state))
    own = meld_index(state, 2, "run 4-7")
    assert check(state, Hit(parse_cards("Y8")[0], 2, own, End.HIGH)) is None
    # from the next turn on, seat 2 may hit seat 1's run
    state = play(state, Discard(parse_cards("G1")[0]))
    state = draw_discard(state, str(state.players[0].hand[0]))
    state = draw_discard(state, str(state.players[1].hand[0]))
    assert state.current_player == 2
    state = apply(state, DrawStock())
    assert check(state, Hit(w, 1, run1, End.HIGH)) is None


def test_hit_others_needs_own_phase_down() -> None:
    """R-6.2: a player without a phase down may not hit others' groups either."""
    state = two_layers()
    run1 = meld_index(state, 1, "run 3-6")
    assert_illegal(
        state, Hit(parse_cards("W")[0], 1, run1, End.HIGH), IllegalReason.PHASE_NOT_LAID_DOWN
    )


# ---------------------------------------------------------------------------
# Skips
# ---------------------------------------------------------------------------

S = parse_cards("S")[0]


def skip_game(players: int = 4, rules: Rules | None = None) -> GameState:
    """Seat 1 holds two Skips and every other seat but 0 holds one (dealer 0)."""
    hands = {0: "R10 R11", 1: "S S R1 R2 B3", 2: "S B4 B5", 3: "S G4 G5"}
    hands = {seat: text for seat, text in hands.items() if seat < players}
    if players == 2:
        hands[0] = "S R10"
    return stacked_game(hands, "Y12", "", rules, players=players)


def skip(state: GameState, target: int | None) -> GameState:
    """The current player draws and discards a Skip at ``target``."""
    return play(state, DrawStock(), Discard(S, target))


def pass_turn(state: GameState) -> GameState:
    """The current player draws and discards their first number card."""
    state = apply(state, DrawStock())
    seat = state.current_player
    assert seat is not None
    card = next(c for c in state.players[seat].hand if c.is_natural)
    return apply(state, Discard(card))


def test_skip_any_other_player() -> None:
    """R-9.1 / A-7 any_other: the discarder picks any other player, who loses their next
    turn (R-4.1), not necessarily the next one."""
    state = apply(skip_game(), DrawStock())
    assert skip_targets(state, 1) == (0, 2, 3)
    skip_discards = {a for a in legal_actions(state) if isinstance(a, Discard) and a.card == S}
    assert skip_discards == {Discard(S, 0), Discard(S, 2), Discard(S, 3)}
    state = apply(state, Discard(S, 0))
    assert state.players[0].skips_pending == 1
    assert state.current_player == 2  # seat 2 still plays
    state = pass_turn(pass_turn(state))  # seats 2 and 3
    assert state.current_player == 1  # seat 0 lost its turn
    assert state.lost_turns == (0,)
    assert state.players[0].skips_pending == 0
    assert len(state.players[0].hand) == 10  # no draw, no discard


def test_skip_target_must_be_valid() -> None:
    """R-9.1 / R-4.6: a Skip names another player; other discards name nobody."""
    state = apply(skip_game(), DrawStock())
    assert_illegal(state, Discard(S), IllegalReason.BAD_SKIP_TARGET)
    assert_illegal(state, Discard(S, 1), IllegalReason.BAD_SKIP_TARGET)
    assert_illegal(state, Discard(S, 4), IllegalReason.BAD_SKIP_TARGET)
    assert_illegal(state, Discard(S, 11), IllegalReason.BAD_SKIP_TARGET)
    with pytest.raises(InvalidDataError):  # not a seat at all
        Discard(S, -1)
    r1 = parse_cards("R1")[0]
    assert_illegal(state, Discard(r1, 2), IllegalReason.TARGET_NOT_NEEDED)
    assert check(state, Discard(r1)) is None


def test_skip_no_stacking() -> None:
    """R-9.5 / A-6 no_stacking: a player with an unserved skip cannot be targeted again;
    once the lost turn has happened they can be targeted again at once."""
    state = skip(skip_game(), 0)
    state = apply(state, DrawStock())
    assert skip_targets(state, 2) == (1, 3)
    assert_illegal(state, Discard(S, 0), IllegalReason.BAD_SKIP_TARGET)
    assert Discard(S, 0) not in legal_actions(state)
    state = pass_turn(apply(state, Discard(parse_cards("B4")[0])))  # seat 2, then seat 3
    assert state.current_player == 1
    assert state.lost_turns == (0,)
    state = apply(state, DrawStock())
    assert 0 in skip_targets(state, 1)
    assert check(state, Discard(S, 0)) is None


@pytest.mark.parametrize(
    ("target", "why"),
    [
        (2, "you cannot skip yourself: name another player (R-9.1); you may skip seats 1, 3"),
        (7, "there is no seat 7 at this table (seats 0 to 3); you may skip seats 1, 3"),
        (0, "seat 0 cannot be skipped now (R-9.1, R-9.5); you may skip seats 1, 3"),
    ],
)
def test_r9_1_a_refused_skip_target_says_why_and_whom_the_skip_may_name(
    target: int, why: str
) -> None:
    """R-9.1, R-9.5: the error for a bad Skip target tells yourself, a seat the table does
    not have and a seat the limit protects apart, and lists the seats it may name."""
    state = apply(skip(skip_game(), 0), DrawStock())
    assert state.current_player == 2
    assert_illegal(state, Discard(S, target), IllegalReason.BAD_SKIP_TARGET)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Discard(S, target))
    assert info.value.message == why


def test_skip_once_per_hand() -> None:
    """A-6 once_per_hand: a player skipped once cannot be skipped again in the same hand."""
    state = skip(skip_game(rules=Rules(skip_limit="once_per_hand")), 0)
    state = pass_turn(pass_turn(state))
    assert state.current_player == 1
    state = apply(state, DrawStock())
    assert skip_targets(state, 1) == (2, 3)
    assert_illegal(state, Discard(S, 0), IllegalReason.BAD_SKIP_TARGET)


def test_skip_strict_circuit() -> None:
    """A-6 strict_circuit: no second Skip against a player until a full circuit has passed
    since the first, even if the first was already served (unlike no_stacking)."""
    rules = Rules(skip_limit="strict_circuit")
    state = pass_turn(pass_turn(skip_game(rules=rules)))  # seats 1 and 2 pass
    state = skip(state, 0)  # seat 3 skips seat 0, who loses the very next turn
    assert state.current_player == 1
    assert state.lost_turns == (0,)
    state = apply(state, DrawStock())
    assert skip_targets(state, 1) == (2, 3)
    assert_illegal(state, Discard(S, 0), IllegalReason.BAD_SKIP_TARGET)
    # the same position under no_stacking allows it
    loose = pass_turn(pass_turn(skip_game()))
    loose = apply(skip(loose, 0), DrawStock())
    assert skip_targets(loose, 1) == (0, 2, 3)
    # after a full circuit seat 0 may be skipped again
    state = pass_turn(pass_turn(apply(state, Discard(parse_cards("R2")[0]))))  # seats 2, 3
    assert state.current_player == 0
    state = pass_turn(state)
    state = apply(state, DrawStock())
    assert state.current_player == 1
    assert 0 in skip_targets(state, 1)


def test_skip_unlimited_stacks() -> None:
    """A-6 unlimited (Arkansas, V-4): Skips stack; the target loses one turn per Skip."""
    state = skip(skip_game(rules=Rules(skip_limit="unlimited")), 0)
    state = skip(state, 0)  # seat 2 skips seat 0 as well
    assert state.players[0].skips_pending == 2
    state = pass_turn(state)  # seat 3
    assert state.current_player == 1
    assert state.lost_turns == (0,)
    assert state.players[0].skips_pending == 1
    state = pass_turn(pass_turn(pass_turn(state)))  # seats 1, 2, 3
    assert state.current_player == 1
    assert state.lost_turns == (0,)
    assert state.players[0].skips_pending == 0


def test_skip_next_player_only() -> None:
    """A-7 skip_target='next_player': a Skip always skips the next player."""
    state = apply(skip_game(rules=Rules(skip_target="next_player")), DrawStock())
    assert skip_targets(state, 1) == (2,)
    skip_discards = [a for a in legal_actions(state) if isinstance(a, Discard) and a.card == S]
    assert skip_discards == [Discard(S, 2)]
    assert_illegal(state, Discard(S, 0), IllegalReason.BAD_SKIP_TARGET)
    state = apply(state, Discard(S, 2))
    assert state.current_player == 3
    assert state.lost_turns == (2,)


def test_two_players_skip_means_play_again() -> None:
    """R-9.8 / A.1 case 4: with two players, skipping the opponent gives the discarder the
    next turn too; two Skips give three turns in a row."""
    state = skip_game(players=2)
    assert state.current_player == 1
    state = skip(state, 0)
    assert state.current_player == 1
    assert state.stage is Stage.DRAW
    assert state.lost_turns == (0,)
    state = skip(state, 0)
    assert state.current_player == 1
    assert state.lost_turns == (0,)
    state = pass_turn(state)
    assert state.current_player == 0
    assert state.lost_turns == ()


def test_skip_with_no_possible_target_is_a_plain_discard() -> None:
    """A.1 case 1 (no_stacking): when every other player already has a pending skip, the
    Skip may be discarded with no target and has no effect."""
    state = apply(skip_game(players=3), DrawStock())
    players = tuple(
        attrs.evolve(p, skips_pending=1) if seat != 1 else p for seat, p in enumerate(state.players)
    )
    state = attrs.evolve(state, players=players)
    assert skip_targets(state, 1) == ()
    skip_discards = [a for a in legal_actions(state) if isinstance(a, Discard) and a.card == S]
    assert skip_discards == [Discard(S)]
    assert_illegal(state, Discard(S, 0), IllegalReason.BAD_SKIP_TARGET)
    assert_illegal(state, Discard(S, 2), IllegalReason.BAD_SKIP_TARGET)
    after = apply(state, Discard(S))
    # the earlier skips are served (seats 2 and 0 lose their turns), nothing more
    assert after.current_player == 1
    assert after.lost_turns == (2, 0)
    assert all(p.skips_pending == 0 for p in after.players)


def test_skip_with_no_target_reached_in_play() -> None:
    """A.1 case 1 under once_per_hand: once both others were skipped this hand, a Skip is
    discarded without a target and nobody loses a turn."""
    rules = Rules(skip_limit="once_per_hand")
    state = stacked_game({0: "S R10", 1: "S S R1", 2: "S B4"}, "Y12", "", rules)
    state = skip(state, 2)  # seat 1 -> 2
    assert state.current_player == 0
    state = skip(state, 1)  # seat 0 -> 1
    assert state.current_player == 2
    state = skip(state, 0)  # seat 2 -> 0
    assert state.current_player == 1
    state = apply(state, DrawStock())
    assert skip_targets(state, 1) == ()
    assert Discard(S) in legal_actions(state)
    state = apply(state, Discard(S))
    assert state.current_player == 2
    assert state.lost_turns == ()
    assert all(p.skips_pending == 0 for p in state.players)


def test_initial_skip_counts_for_strict_circuit() -> None:
    """A-29 skip_counts_initial=True: the upturned Skip counts as the first player's skip."""
    rules = Rules(skip_limit="strict_circuit")
    state = stacked_game({0: "S R10", 1: "R1", 2: "S B4"}, "S", "", rules)
    assert state.current_player == 2
    state = apply(state, DrawStock())
    assert skip_targets(state, 2) == (0,)
    rules = rules.with_options(skip_counts_initial=False)
    state = stacked_game({0: "S R10", 1: "R1", 2: "S B4"}, "S", "", rules)
    state = apply(state, DrawStock())
    assert skip_targets(state, 2) == (0, 1)


# ---------------------------------------------------------------------------
# going out
# ---------------------------------------------------------------------------

OUT_HAND = "R7 B7 G7 Y7 R7 R9 B9 G9 Y9 B9"
"""Five 7s and five 9s: Phase 1 with every card used."""
OUT_LAY = LayDown((set_of(3, "R7 B7 G7 Y7 R7"), set_of(3, "R9 B9 G9 Y9 B9")))


def test_go_out_by_discarding_last_card() -> None:
    """R-10.1 / R-10.3 / R-10.4 / R-4.8: laying down, then discarding the last card ends the
    hand at once; the player scores 0 and wins the hand."""
    state = apply(first_turn(OUT_HAND, "R12"), OUT_LAY)
    assert state.players[1].hand == cards("R12")
    assert legal_actions(state) == (Discard(parse_cards("R12")[0]),)
    over = apply(state, Discard(parse_cards("R12")[0]))
    assert over.stage is Stage.HAND_OVER
    assert over.current_player is None
    result = over.results[-1]
    assert result.went_out == 1
    assert result.points[1] == 0
    assert over.players[1].score == 0
    assert over.players[1].hand == ()
    assert legal_actions(over) == (NextHand(),)
    assert_illegal(over, DrawStock(), IllegalReason.WRONG_STAGE)
    assert_illegal(over, Discard(parse_cards("R12")[0]), IllegalReason.WRONG_STAGE)
    assert table_counter(over) == deck_counter(over.rules)


def test_discard_required_forbids_emptying_hand_by_a_play() -> None:
    """R-10.2 / A-8 discard_required: a lay-down or hit that leaves no card to discard is
    illegal."""
    state = first_turn(OUT_HAND, "G7")
    all_cards = LayDown((set_of(3, "R7 B7 G7 Y7 R7 G7"), set_of(3, "R9 B9 G9 Y9 B9")))
    assert_illegal(state, all_cards, IllegalReason.MUST_KEEP_A_CARD)
    state = apply(state, OUT_LAY)
    sevens = meld_index(state, 1, "set of 7s")
    hit = Hit(parse_cards("G7")[0], 1, sevens)
    assert_illegal(state, hit, IllegalReason.MUST_KEEP_A_CARD)
    assert legal_actions(state) == (Discard(parse_cards("G7")[0]),)


def test_hit_or_discard_allows_going_out_by_a_play() -> None:
    """A-8 hit_or_discard: a hit (or lay-down) that empties the hand goes out."""
    rules = Rules(going_out="hit_or_discard")
    state = apply(first_turn(OUT_HAND, "G7", rules), OUT_LAY)
    sevens = meld_index(state, 1, "set of 7s")
    hit = Hit(parse_cards("G7")[0], 1, sevens)
    assert hit in legal_actions(state)
    over = apply(state, hit)
    assert over.stage is Stage.HAND_OVER
    assert over.results[-1].went_out == 1
    state = first_turn(OUT_HAND, "G7", rules)
    all_cards = LayDown((set_of(3, "R7 B7 G7 Y7 R7 G7"), set_of(3, "R9 B9 G9 Y9 B9")))
    over = apply(state, all_cards)
    assert over.stage is Stage.HAND_OVER
    assert over.results[-1].went_out == 1


def test_going_out_needs_phase_down() -> None:
    """R-10.1: going out is only possible after the phase is down (a player who never lays
    down ends every turn with ten cards, R-4.7)."""
    state = first_turn(PHASE1_HAND)
    assert all(not isinstance(a, Hit) for a in legal_actions(state))
    after = apply(state, Discard(parse_cards("R12")[0]))
    assert len(after.players[1].hand) == 10


def test_go_out_with_skip_allowed() -> None:
    """R-9.7 / A-9 allowed: a Skip may be the last card; it names nobody and the hand ends."""
    state = apply(first_turn(OUT_HAND, "S"), OUT_LAY)
    assert legal_actions(state) == (Discard(S),)
    assert_illegal(state, Discard(S, 0), IllegalReason.TARGET_NOT_NEEDED)
    over = apply(state, Discard(S))
    assert over.stage is Stage.HAND_OVER
    assert over.results[-1].went_out == 1
    assert all(p.skips_pending == 0 for p in over.players)


def test_go_out_with_skip_forbidden() -> None:
    """A-9 forbidden: a Skip may not be the last card, so no play may leave only a Skip."""
    rules = Rules(skip_as_last_card="forbidden")
    state = first_turn(OUT_HAND, "S", rules)
    assert_illegal(state, OUT_LAY, IllegalReason.MUST_KEEP_A_CARD)
    assert not lay_down_listed(state, OUT_LAY)
    # a hit that would leave only the Skip is refused as well
    state = apply(state, LayDown((set_of(3, "R7 B7 G7 Y7 R7"), set_of(3, "R9 B9 G9 Y9"))))
    assert state.players[1].hand == cards("B9 S")
    nines = meld_index(state, 1, "set of 9s")
    assert_illegal(state, Hit(parse_cards("B9")[0], 1, nines), IllegalReason.MUST_KEEP_A_CARD)
    assert set(legal_actions(state)) == {
        Discard(parse_cards("B9")[0]),
        Discard(S, 0),
        Discard(S, 2),
    }
    # a crafted position with only the Skip in hand: the discard is refused
    me = attrs.evolve(state.players[1], hand=(S,))
    alone = attrs.evolve(state, players=(state.players[0], me, state.players[2]))
    assert_illegal(alone, Discard(S), IllegalReason.NOT_ALLOWED_BY_RULES)
    assert Discard(S) not in legal_actions(alone)


def test_go_out_with_skip_draw_replacement() -> None:
    """A-9 draw_replacement: discarding a Skip as the last card draws a replacement card
    instead of going out; the Skip takes effect."""
    rules = Rules(skip_as_last_card="draw_replacement")
    state = apply(first_turn(OUT_HAND, "S B12", rules), OUT_LAY)
    assert state.players[1].hand == (S,)
    legal = legal_actions(state)
    assert set(legal) == {Discard(S, 0), Discard(S, 2)}
    after = apply(state, Discard(S, 2))
    assert after.stage is Stage.DRAW
    assert after.players[1].hand == cards("B12")
    assert after.top_discard == S
    assert after.current_player == 0
    assert after.lost_turns == (2,)
    assert table_counter(after) == deck_counter(rules)


# ---------------------------------------------------------------------------
# scoring; R-12: advancing; R-13: the next deal
# ---------------------------------------------------------------------------


def scored_hand() -> GameState:
    """A whole hand played turn by turn: seat 1 lays down and goes out on its second turn;
    seat 2 skips seat 0; nobody else lays down."""
    state = stacked_game(
        {
            1: "R7 B7 G7 R9 B9 G9 Y9 W R1 B2",
            2: "R3 B3 R5 B5 G8 Y8 R10 B11 G12 S",
            0: "G2 G3 G4 G5 G6 Y1 Y2 Y3 Y11 Y12",
        },
        "Y6",
        "Y7 R4 R9",
    )
    state = play(state, DrawStock(), phase1())
    sevens, nines = meld_index(state, 1, "set of 7s"), meld_index(state, 1, "set of 9s")
    state = play(
        state,
        Hit(parse_cards("Y7")[0], 1, sevens),
        Hit(parse_cards("Y9")[0], 1, nines),
        Hit(parse_cards("W")[0], 1, sevens),
        Discard(parse_cards("B2")[0]),
    )
    assert state.players[1].hand == cards("R1")
    state = play(state, DrawStock(), Discard(S, 0))  # seat 2 draws R4, skips seat 0
    assert state.current_player == 1
    assert state.lost_turns == (0,)
    assert legal_actions(state) == (DrawStock(),)  # the Skip is on top
    state = play(state, DrawStock(), Hit(parse_cards("R9")[0], 1, nines))
    return apply(state, Discard(parse_cards("R1")[0]))


def test_full_hand_scores() -> None:
    """R-11.1 / R-11.2: the player who went out scores 0; everyone else scores the cards in
    hand (1-9: 5, 10-12: 10, Skip 15, Wild 25); table cards are not scored."""
    over = scored_hand()
    assert over.stage is Stage.HAND_OVER
    result = over.results[-1]
    assert result.hand_number == 1
    assert result.went_out == 1
    # seat 0: G2 G3 G4 G5 G6 Y1 Y2 Y3 = 8 x 5, Y11 Y12 = 2 x 10
    # seat 2: R3 B3 R5 B5 G8 Y8 R4 = 7 x 5, R10 B11 G12 = 3 x 10
    assert result.points == (60, 0, 65)
    assert tuple(p.score for p in over.players) == (60, 0, 65)
    assert result.completed == (None, 1, None)
    assert table_counter(over) == deck_counter(over.rules)


def test_player_who_did_not_lay_down_scores_at_least_50() -> None:
    """R-11.3: a player who did not lay down holds ten cards and scores >= 50."""
    over = scored_hand()
    for seat in (0, 2):
        assert not over.players[seat].laid_down
        assert len(over.players[seat].hand) == 10
        assert over.results[-1].points[seat] >= 50


def test_scores_accumulate_over_hands() -> None:
    """R-11.2: scores are a running total."""
    over = scored_hand()
    deck = stacked_deck({2: "R7 B7 G7 Y7 R7 R9 B9 G9 Y9 B9"}, "Y12", "R12", dealer=1, players=3)
    state = play(over, NextHand(deck=deck), DrawStock(), OUT_LAY, Discard(parse_cards("R12")[0]))
    assert state.results[-1].went_out == 2
    points = state.results[-1].points
    assert points[2] == 0
    assert tuple(p.score for p in state.players) == (60 + points[0], 0 + points[1], 65)


def two_lay_downs() -> GameState:
    """Seats 1 and 2 lay down Phase 1; seat 1 goes out; seat 0 never lays down."""
    state = stacked_game(
        {
            1: "R7 B7 G7 R9 B9 G9 Y7 Y9 R7 B2",
            2: "R3 B3 G3 R5 B5 G5 Y1 Y2 G11 B12",
            0: "R10 B10 Y4 Y6 G8 R12 B6 G2 Y8 R11",
        },
        "Y6",
        "G12 Y3 G1 B9",
    )
    state = play(state, DrawStock(), phase1())
    sevens, nines = meld_index(state, 1, "set of 7s"), meld_index(state, 1, "set of 9s")
    state = play(
        state,
        Hit(parse_cards("Y7")[0], 1, sevens),
        Hit(parse_cards("R7")[0], 1, sevens),
        Hit(parse_cards("Y9")[0], 1, nines),
        Discard(parse_cards("G12")[0]),
    )
    state = play(state, DrawStock(), LayDown((set_of(3, "R3 B3 G3"), set_of(3, "R5 B5 G5"))))
    threes = meld_index(state, 2, "set of 3s")
    state = play(state, Hit(parse_cards("Y3")[0], 2, threes), Discard(parse_cards("B12")[0]))
    state = draw_discard(state, "G1")
    state = play(state, DrawStock(), Hit(parse_cards("B9")[0], 1, nines))
    return apply(state, Discard(parse_cards("B2")[0]))


def test_everyone_who_laid_down_advances() -> None:
    """R-12.1 / R-5.8 / R-12.3: every player who laid down advances, whether or not they
    went out; the others repeat their phase."""
    over = two_lay_downs()
    assert over.stage is Stage.HAND_OVER
    assert over.results[-1].completed == (None, 1, 1)
    assert over.results[-1].points == (70, 0, 20)
    assert [p.completed for p in over.players] == [(), (1,), (1,)]
    deck = stacked_deck({}, "Y12", "", dealer=1, players=3)
    nxt = apply(over, NextHand(deck=deck))
    assert nxt.hand_number == 2
    assert [nxt.target_phase(s) for s in range(3)] == [
        STANDARD_PHASES[0],
        STANDARD_PHASES[1],
        STANDARD_PHASES[1],
    ]
    assert all(not p.laid_down and p.melds == () and len(p.hand) == 10 for p in nxt.players)
    assert tuple(p.score for p in nxt.players) == (70, 0, 20)
    assert table_counter(nxt) == deck_counter(nxt.rules)


def test_extra_cards_give_no_credit_for_later_phases() -> None:
    """R-5.3: a run of 10 laid for Phase 4 completes Phase 4 only, not Phase 5 or 6."""
    rules = Rules(phases=STANDARD_PHASES[3:6])
    state = first_turn("R1 B2 G3 Y4 R5 B6 G7 Y8 R9 B10", "G12", rules)
    state = play(state, LayDown((run_of(7, "R1 B2 G3 Y4 R5 B6 G7 Y8 R9 B10"),)))
    over = apply(state, Discard(parse_cards("G12")[0]))
    assert over.players[1].completed == (4,)
    assert not over.is_over
    nxt = apply(over, NextHand(deck=stacked_deck({}, "Y12", "", rules, dealer=1, players=3)))
    assert nxt.target_phase(1) == STANDARD_PHASES[4]


def test_dealer_rotates_left() -> None:
    """R-13.1 / A-16 left_each_hand: the next dealer is the player left of the dealer, and the
    player left of the new dealer starts."""
    over = two_lay_downs()
    assert over.dealer == 0
    nxt = apply(over, NextHand(deck=stacked_deck({}, "Y12", "", dealer=1, players=3)))
    assert nxt.dealer == 1
    assert nxt.current_player == 2
    assert nxt.stage is Stage.DRAW


def test_dealer_fixed() -> None:
    """A-16 dealer_rotation='fixed': the same dealer deals every hand."""
    over = scored_hand()
    fixed = attrs.evolve(over, rules=over.rules.with_options(dealer_rotation="fixed"))
    nxt = apply(fixed, NextHand(deck=stacked_deck({}, "Y12", "", dealer=0, players=3)))
    assert nxt.dealer == 0
    assert nxt.current_player == 1


def test_next_hand_from_seed_is_deterministic() -> None:
    """R-13.2: all cards are gathered and dealt again, from the game's seed."""
    over = scored_hand()
    a, b = apply(over, NextHand()), apply(over, NextHand())
    assert a == b
    assert a.hand_number == 2
    assert all(len(p.hand) == 10 for p in a.players)
    assert table_counter(a) == deck_counter(a.rules)


def test_next_hand_only_when_hand_is_over() -> None:
    """R-13: NextHand is only legal between hands; a bad deck order is refused."""
    state = new_game(3, seed=8)
    assert_illegal(state, NextHand(), IllegalReason.WRONG_STAGE)
    over = scored_hand()
    assert_illegal(over, NextHand(deck=standard_deck()[1:]), IllegalReason.BAD_DECK)


# ---------------------------------------------------------------------------
# the draw pile runs out
# ---------------------------------------------------------------------------

BIG_HANDS = Rules(deck=DeckSpec(copies=1, wilds=8, skips=4), hand_size=12)
"""A 60-card deck: three hands of 12 cards leave a stock of 23 (60 - 36 - 1)."""


def exhausted(rules: Rules) -> tuple[GameState, GameState]:
    """Play 23 turns of draw-and-discard until the stock is empty; return the state after the
    first deal and the state whose current player faces the empty stock."""
    hands = {0: "W W W W W W W W S S S S"}
    start = stacked_game(hands, "Y12", "", rules, players=3)
    state = start
    for _ in range(23):
        drawn = state.stock[0]
        state = play(state, DrawStock(), Discard(drawn))
    assert state.stock == ()
    return start, state


def test_reshuffle_keeps_top_discard() -> None:
    """R-14.1 / A-17 reshuffle_discard_keep_top: the discards except the top card are shuffled
    into a new stock; the top card stays."""
    _, state = exhausted(BIG_HANDS)
    assert state.stage is Stage.DRAW
    assert len(state.discard_pile) == 24
    top = state.top_discard
    assert legal_actions(state) == (DrawStock(), TakeDiscard())
    after = apply(state, DrawStock())
    assert after.discard_pile == (top,)
    assert len(after.stock) == 22
    assert after.reshuffles == 1
    assert table_counter(after) == deck_counter(after.rules)
    assert apply(state, DrawStock()) == after  # deterministic


def test_reshuffle_all_discards() -> None:
    """A-17 reshuffle_all_discards: the whole discard pile becomes the new stock."""
    _, state = exhausted(BIG_HANDS.with_options(draw_exhaustion="reshuffle_all_discards"))
    after = apply(state, DrawStock())
    assert after.discard_pile == ()
    assert len(after.stock) == 23
    assert table_counter(after) == deck_counter(after.rules)
    seat = after.current_player
    assert seat is not None
    after = apply(after, Discard(after.players[seat].hand[0]))
    assert len(after.discard_pile) == 1


def test_draw_exhaustion_end_hand() -> None:
    """A-17 end_hand: when the draw pile runs out the hand ends, with no winner."""
    start, state = exhausted(BIG_HANDS.with_options(draw_exhaustion="end_hand"))
    assert state.stage is Stage.HAND_OVER
    assert len(state.results) == 1
    assert [len(p.hand) for p in state.players] == [len(p.hand) for p in start.players]
    assert state.results[-1].went_out is None
    assert all(points > 0 for points in state.results[-1].points)


TINY = Rules(deck=DeckSpec(copies=1, wilds=0, skips=1), hand_size=12)
"""49 cards, four hands of 12 and one upturned card: the stock starts empty."""


def test_no_legal_draw_ends_hand_without_winner() -> None:
    """R-14.2: with an empty stock and nothing to reshuffle, a Skip on top of the discard
    pile leaves no legal draw: the hand ends with no winner and everyone scores."""
    state = stacked_game({0: "", 1: "S", 2: "", 3: ""}, "R12", "", TINY)
    assert state.stock == ()
    assert legal_actions(state) == (TakeDiscard(),)
    assert_illegal(state, DrawStock(), IllegalReason.NO_CARDS_TO_DRAW)
    state = play(state, TakeDiscard(), Discard(S, 0))
    assert state.stage is Stage.HAND_OVER
    result = state.results[-1]
    assert result.went_out is None
    assert result.completed == (None, None, None, None)
    assert result.points == tuple(sum(card_points(c) for c in p.hand) for p in state.players)
    assert all(points >= 12 * 5 for points in result.points)
    assert legal_actions(state) == (NextHand(),)


# ---------------------------------------------------------------------------
# the end of the game
# ---------------------------------------------------------------------------

P10_SEAT1 = "R7 B7 G7 Y7 R7 R9 B9 G9 R1 B2"
P10_SEAT2 = "R5 B5 G5 Y5 R5 R3 B3 G3 Y3 W"
P10_SEAT0 = "R1 R2 R3 R4 B6 B8 G2 G4 G6 Y1"  # 50 points
SEAT1_P10 = LayDown((set_of(5, "R7 B7 G7 Y7 R7"), set_of(3, "R9 B9 G9")))
SEAT2_P10 = LayDown((set_of(5, "R5 B5 G5 Y5 R5"), set_of(3, "R3 B3 G3")))


def final_hand(rules: Rules, *scores: int) -> GameState:
    """One-phase game (Phase 10 only) with these running totals: seat 1 lays down and keeps
    R1 B2 (10 points); seat 2 lays down and goes out; seat 0 never lays down (50 points)."""
    state = stacked_game({1: P10_SEAT1, 2: P10_SEAT2, 0: P10_SEAT0}, "Y6", "G1 Y11", rules)
    state = with_scores(state, *scores)
    state = play(state, DrawStock(), SEAT1_P10, Discard(parse_cards("G1")[0]))
    state = play(state, DrawStock(), SEAT2_P10)
    threes, fives = meld_index(state, 2, "set of 3s"), meld_index(state, 2, "set of 5s")
    state = play(
        state,
        Hit(parse_cards("Y3")[0], 2, threes),
        Hit(parse_cards("W")[0], 2, fives),
    )
    return apply(state, Discard(parse_cards("Y11")[0]))


def test_completing_final_phase_wins() -> None:
    """R-15.1 / R-15.2: a single player completes the final phase: the game ends after the
    hand and that player wins."""
    state = first_turn(OUT_HAND, "R12", only_final_phase())
    lay = LayDown((set_of(5, "R7 B7 G7 Y7 R7"), set_of(3, "R9 B9 G9 Y9 B9")))
    over = play(state, lay, Discard(parse_cards("R12")[0]))
    assert over.is_over
    assert over.stage is Stage.GAME_OVER
    assert over.winners == (1,)
    assert over.winner == 1
    assert over.players[1].completed == (10,)
    assert legal_actions(over) == ()
    assert_illegal(over, NextHand(), IllegalReason.GAME_OVER)
    assert_illegal(over, DrawStock(), IllegalReason.GAME_OVER)


def test_game_goes_on_until_final_phase_completed() -> None:
    """R-15.1: a hand in which nobody completes the final phase does not end the game."""
    over = scored_hand()
    assert over.stage is Stage.HAND_OVER
    assert not over.is_over
    assert over.winner is None


def test_lowest_total_among_completers_wins() -> None:
    """R-15.2: several completers: the lowest total wins, even if another went out; a player
    who did not complete the final phase cannot win, whatever their total."""
    over = final_hand(only_final_phase(), 0, 60, 100)
    assert tuple(p.score for p in over.players) == (50, 70, 100)
    assert over.results[-1].went_out == 2
    assert over.is_over
    assert over.winners == (1,)


def test_winner_must_go_out() -> None:
    """A-14 winner_must_go_out=True: only a completer who also went out can win."""
    over = final_hand(only_final_phase(winner_must_go_out=True), 0, 60, 100)
    assert over.is_over
    assert over.winners == (2,)


def test_tie_leads_to_tiebreak_hand() -> None:
    """R-15.4 / A-15 replay_final_phase_first_out: a tie on the lowest total is not yet a
    win: the tied players replay the final phase."""
    over = final_hand(only_final_phase(), 0, 90, 100)
    assert tuple(p.score for p in over.players) == (50, 100, 100)
    assert over.stage is Stage.HAND_OVER
    assert not over.is_over
    assert over.tiebreak_seats == (1, 2)
    assert legal_actions(over) == (NextHand(),)


def tiebreak_deck(rules: Rules) -> tuple[Card, ...]:
    """The tiebreak hand after :func:`final_hand`: dealer 1 deals to seats 2 and 1 only."""
    hands = {2: "R5 B5 G5 Y5 R5 R3 B3 G3 R1 B2", 1: OUT_HAND}
    return stacked_deck(hands, "Y6", "G1 G2", rules, dealer=1, players=3, seats=(1, 2))


def test_tiebreak_hand_first_out_wins() -> None:
    """R-15.4 / R-15.5: only the tied players take part in the tiebreak hand; the first of
    them to go out wins, even if the other laid down first."""
    rules = only_final_phase()
    over = final_hand(rules, 0, 90, 100)
    state = apply(over, NextHand(deck=tiebreak_deck(rules)))
    assert state.tiebreak
    assert state.seats == (2, 1)
    assert state.current_player == 2
    assert state.players[0].hand == ()
    assert state.target_phase(1) == state.target_phase(2) == rules.final_phase
    assert skip_targets(state, 2) == (1,)  # seat 0 is not in this hand
    assert table_counter(state) == deck_counter(rules)
    state = play(state, DrawStock(), SEAT2_P10, Discard(parse_cards("G1")[0]))
    assert not state.is_over
    assert state.current_player == 1  # seat 0 never plays
    lay = LayDown((set_of(5, "R7 B7 G7 Y7 R7"), set_of(3, "R9 B9 G9 Y9 B9")))
    state = play(state, DrawStock(), lay, Discard(parse_cards("G2")[0]))
    assert state.is_over
    assert state.winners == (1,)
    assert state.results[-1].tiebreak
    assert state.players[1].completed == (10,)  # a tiebreak completes nothing new


def test_tiebreak_first_laydown() -> None:
    """A-15 replay_final_phase_first_laydown: the first tied player to lay down wins."""
    rules = only_final_phase(tiebreak="replay_final_phase_first_laydown")
    over = final_hand(rules, 0, 90, 100)
    state = apply(over, NextHand(deck=tiebreak_deck(rules)))
    state = play(state, DrawStock(), SEAT2_P10)
    assert state.is_over
    assert state.winners == (2,)


def test_tiebreak_shared() -> None:
    """A-15 shared: tied players share the win."""
    over = final_hand(only_final_phase(tiebreak="shared"), 0, 90, 100)
    assert over.is_over
    assert over.winners == (1, 2)
    assert over.winner is None


def phase9_then_10(rules: Rules) -> GameState:
    """Phases 9 and 10: seat 1 makes Phase 9 and goes out in hand 1; hand 2 is dealt with
    Phase 10 in seat 1's hand (seats 2 and 0 still target Phase 9)."""
    hand = "R7 B7 G7 Y7 R7 B7 R9 B9 G9 Y9"
    lay9 = LayDown((set_of(5, "R7 B7 G7 Y7 R7 B7"), set_of(2, "R9 B9 G9 Y9")))
    state = play(first_turn(hand, "R12", rules), lay9, Discard(parse_cards("R12")[0]))
    assert state.stage is Stage.HAND_OVER
    deck = stacked_deck({1: "R5 B5 G5 Y5 R5 R3 B3 G3 R1 B2"}, "Y12", "", rules, 1, players=3)
    state = apply(state, NextHand(deck=deck))
    state = pass_turn(pass_turn(state))  # seats 2 and 0
    assert state.current_player == 1
    assert state.target_phase(1) == rules.final_phase
    assert state.target_phase(0) == state.target_phase(2) == STANDARD_PHASES[8]
    return apply(state, DrawStock())


def test_sole_phase10_contender_ends_game_at_once() -> None:
    """A-13 end_when_sole_phase10_contender=True: the only player on the final phase lays it
    down and the game ends at once."""
    state = phase9_then_10(Rules(phases=STANDARD_PHASES[8:], end_when_sole_phase10_contender=True))
    over = apply(state, SEAT2_P10)
    assert over.is_over
    assert over.winners == (1,)
    assert over.results[-1].went_out is None


def test_sole_phase10_contender_default_plays_on() -> None:
    """R-15.3 / A-13 default: completing the final phase does not end the hand."""
    state = phase9_then_10(Rules(phases=STANDARD_PHASES[8:]))
    after = apply(state, SEAT2_P10)
    assert after.stage is Stage.PLAY
    assert not after.is_over


def test_max_turns_stops_the_game() -> None:
    """The max_turns safety cap ends the game with no winner."""
    state = new_game(3, Rules(max_turns=2), seed=4, deck=stacked_deck({}, "Y12", "", players=3))
    state = pass_turn(pass_turn(state))
    assert state.is_over
    assert state.winners == ()
    assert legal_actions(state) == ()


# ---------------------------------------------------------------------------
# Illegal actions: reasons, and the state is left as it was
# ---------------------------------------------------------------------------


def test_unknown_action() -> None:
    """Anything that is not an action is refused as such."""
    state = new_game(3, seed=1)
    assert_illegal(state, cast(Action, "draw"), IllegalReason.UNKNOWN_ACTION)


def test_empty_discard_pile() -> None:
    """R-4.2: there is nothing to take from an empty discard pile."""
    state = stacked_game({}, "Y12", "", players=3)
    state = attrs.evolve(state, discard_pile=(), stock=state.discard_pile + state.stock)
    assert legal_actions(state) == (DrawStock(),)
    assert_illegal(state, TakeDiscard(), IllegalReason.EMPTY_DISCARD)


def test_pick_a_phase_names_the_phase() -> None:
    """V-3 pick-a-phase: the lay-down names the phase; a completed phase is refused."""
    rules = Rules(phase_order="any")
    state = first_turn(PHASE1_HAND, rules=rules)
    assert_illegal(state, phase1(), IllegalReason.WRONG_PHASE)
    named = LayDown(phase1().melds, phase=1)
    assert lay_down_listed(state, named)
    done = attrs.evolve(state.players[1], completed=(1,))
    state = attrs.evolve(state, players=(state.players[0], done, state.players[2]))
    assert_illegal(state, named, IllegalReason.PHASE_ALREADY_COMPLETED)
    assert_illegal(state, LayDown(phase1().melds, phase=2), IllegalReason.INVALID_MELD)
    assert_illegal(state, LayDown(phase1().melds, phase=11), IllegalReason.WRONG_PHASE)


def test_check_matches_apply() -> None:
    """check() returns None for every legal action and the error apply would raise otherwise."""
    state = run_turn()
    for action in legal_actions(state):
        assert check(state, action) is None
        apply(state, action)
    error = check(state, DrawStock())
    assert isinstance(error, IllegalActionError)
    assert error.reason is IllegalReason.WRONG_STAGE
