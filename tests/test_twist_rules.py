"""Phase 10 Twist: one test per rule clause, named by its T-id (docs/twist.rst).

Hands are stacked (``twist_helpers.deck_order`` / ``hand_start``), so every test
knows the cards it plays with. The default board, by space::

    0:1 1:1 2:2 3:2 4:T 5:3 6:3 7:4 8:4 9:T 10:5 11:5 12:6 13:6 14:T
    15:7 16:7 17:8 18:8 19:T 20:9 21:9 22:10 23:10 (the final space)

``TINY`` is a small game for the end of a hand: one phase (a set of 3), hands of
four cards, the board ``1 1 T 1 1``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

from phase10 import (
    STANDARD_PHASES,
    AltColorRunOf,
    Card,
    DeckSpec,
    DrawStock,
    Hit,
    IllegalActionError,
    IllegalReason,
    InvalidRulesError,
    LayDown,
    LayGroup,
    NextHand,
    Phase,
    RunOf,
    SetOf,
    can_complete,
    parse_cards,
    standard_deck,
)
from phase10.twist import (
    DEFAULT_BOARD,
    TWIST_CARDS,
    Board,
    ChooseSpace,
    DiscardOnto,
    DrawTwist,
    PlaySkip,
    TakePile,
    TwistRules,
    TwistStage,
    TwistState,
    apply,
    legal_actions,
    new_game,
    player_view,
    spectator_view,
    with_card,
)
from twist_helpers import assert_illegal, deck_order, hand_over, hand_start, play, table_cards

TINY = TwistRules(
    board=Board.parse("1 1 T 1 1"),
    phases=(Phase(1, (SetOf(3),)),),
    twist_cards=(Phase(1, (SetOf(3),)), Phase(2, (RunOf(3),))),
    hand_size=4,
)
"""A quick game: a set of 3 is the one phase; four cards a hand; space 2 is a Twist space."""

SET3 = SetOf(3)
TEN = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10"
TEN2 = "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10"
TEN3 = "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10"


def _out_in_one_turn(positions: list[int], **options: Any) -> TwistState:
    """Seat 1 (first to play) lays R3 B3 G3, hits R3 and discards R9: out. Seat 0 misses."""
    rules = TINY.with_options(**options)
    state = hand_start(positions, ["Y5 Y6 Y7 Y8", "R3 B3 G3 R9"], piles="R3 B1 G1", rules=rules)
    if state.stage is TwistStage.CHOOSE:
        state = apply(state, ChooseSpace(1))
    lay = LayDown((SET3.make("R3 B3 G3"),))
    return play(
        state,
        TakePile(0),
        lay,
        Hit(Card.parse("R3"), 1, 0),
        DiscardOnto(Card.parse("R9"), 0),
    )


# ---------------------------------------------------------------------------
# T-1: components
# ---------------------------------------------------------------------------


def test_t1_1_the_default_board_has_two_spaces_a_phase_and_four_twist_spaces() -> None:
    spaces = DEFAULT_BOARD.spaces
    assert len(spaces) == 24
    assert [i for i, space in enumerate(spaces) if space is None] == [4, 9, 14, 19]
    assert Counter(s for s in spaces if s is not None) == dict.fromkeys(range(1, 11), 2)
    assert spaces[0] == 1
    assert spaces[-1] == 10
    custom = TwistRules(board=Board.parse("1 2 T 3 10"))
    state = new_game(2, seed=1, rules=custom)
    assert state.rules.board.last == 4


def test_t1_2_the_board_names_the_card_games_ten_phases() -> None:
    rules = TwistRules()
    assert rules.phases == STANDARD_PHASES
    assert rules.space_phase(5) == STANDARD_PHASES[2]
    with pytest.raises(InvalidRulesError, match="phases"):
        TwistRules(phases=(STANDARD_PHASES[1],))  # numbered 2: not 1, 2, 3, ...


def test_t1_3_ten_twist_cards_as_data_card_3_the_attested_alternating_run() -> None:
    """V-14's one recovered Twist card: a run of 9 in alternating colours."""
    assert [card.number for card in TWIST_CARDS] == list(range(1, 11))
    assert TWIST_CARDS[2].requirements == (AltColorRunOf(9),)
    assert can_complete(parse_cards("R1 B2 R3 B4 W B6 R7 B8 R9"), TWIST_CARDS[2])
    assert not can_complete(parse_cards("R1 B2 R3 B4 R5 B6 R7 B8 B9"), TWIST_CARDS[2])
    with pytest.raises(InvalidRulesError, match="there is no Twist card 11"):
        with_card(TWIST_CARDS, 11, SetOf(3))
    swapped = with_card(TWIST_CARDS, 3, SetOf(6), SetOf(3))
    assert swapped[2].requirements == (SetOf(6), SetOf(3))
    assert swapped[:2] == TWIST_CARDS[:2]
    assert swapped[3:] == TWIST_CARDS[3:]
    state = hand_start([4, 0], [TEN, TEN2], rules=TwistRules(twist_cards=()))
    assert DrawTwist() not in legal_actions(state)
    assert_illegal(state, DrawTwist(), IllegalReason.NO_TWIST_CARDS)


def test_t1_4_the_deck_is_the_card_games_unless_the_rules_say_otherwise() -> None:
    state = new_game(3, seed=2)
    assert sum(table_cards(state).values()) == 108
    rules = TwistRules(deck=DeckSpec(skips=8))  # a 112-card deck
    state = new_game(3, seed=2, rules=rules)
    assert table_cards(state) == Counter(standard_deck(rules.deck))
    assert sum(table_cards(state).values()) == 112


def test_t1_5_two_to_six_players() -> None:
    for count in (2, 6):
        assert len(new_game(count, seed=1).players) == count
    for count in (1, 7):
        with pytest.raises(InvalidRulesError, match="players"):
            new_game(count, seed=1)


# ---------------------------------------------------------------------------
# T-2: the deal
# ---------------------------------------------------------------------------


def test_t2_1_every_pawn_starts_on_the_first_space_on_phase_1() -> None:
    state = new_game(4, seed=3)
    assert [p.position for p in state.players] == [0, 0, 0, 0]
    assert all(state.target_phase(s) == STANDARD_PHASES[0] for s in range(4))


def test_t2_2_ten_cards_each_dealt_from_the_dealers_left_who_plays_first() -> None:
    hands = [TEN, TEN2, TEN3]
    state = new_game(3, seed=1, dealer=1, deck=deck_order(hands, dealer=1))
    assert [p.hand for p in state.players] == [tuple(sorted(parse_cards(h))) for h in hands]
    assert state.current_player == 2
    dealt = apply(hand_over(state), NextHand())
    assert (dealt.dealer, dealt.current_player) == (2, 0)  # the deal passes left


def test_t2_3_three_discard_piles_of_one_card_each() -> None:
    state = new_game(2, seed=1, deck=deck_order([TEN, TEN2], piles="G4 Y5 B6"))
    assert state.discard_piles == (parse_cards("G4"), parse_cards("Y5"), parse_cards("B6"))
    assert len(state.stock) == 108 - 20 - 3


def test_t2_4_a_skip_turned_up_is_covered_by_the_next_card() -> None:
    hands = [TEN, TEN2]
    state = new_game(2, seed=1, deck=deck_order(hands, piles="S G4 Y5 S S B6"))
    assert state.discard_piles == (parse_cards("S G4"), parse_cards("Y5"), parse_cards("S S B6"))
    assert not any(pile[-1].is_skip for pile in state.discard_piles)


def test_t2_5_shuffles_come_from_the_seed_or_from_the_caller() -> None:
    assert new_game(3, seed=9) == new_game(3, seed=9)
    assert new_game(3, seed=9).stock != new_game(3, seed=10).stock
    assert sorted(new_game(3, seed=9).twist_deck) == list(range(10))
    given = new_game(2, seed=9, twist_deck=range(9, -1, -1))
    assert given.twist_deck == tuple(range(9, -1, -1))
    with pytest.raises(IllegalActionError) as info:
        new_game(2, seed=9, twist_deck=[0, 0, 1])
    assert info.value.reason is IllegalReason.BAD_DECK
    with pytest.raises(IllegalActionError) as info:
        new_game(2, seed=9, deck=parse_cards("R1 R2"))
    assert info.value.reason is IllegalReason.BAD_DECK
    order = deck_order(["B1 B2 B3 B4 B5 B6 B7 B8 B9 B10"] * 2, piles="Y1 Y2 Y3")
    state = hand_start([0, 0], ["B1 B2 B3 B4 B5 B6 B7 B8 B9 B10"] * 2, piles="Y1 Y2 Y3")
    assert state.stock == order[23:]


# ---------------------------------------------------------------------------
# T-3: the phase of a hand
# ---------------------------------------------------------------------------


def test_t3_1_the_space_a_pawn_stands_on_sets_its_phase() -> None:
    state = hand_start([5, 12, 23], [TEN, TEN2, TEN3])
    assert [state.target_phase(s).number for s in range(3)] == [3, 6, 10]  # type: ignore[union-attr]
    assert state.stage is TwistStage.DRAW


def test_t3_2_on_a_twist_space_a_neighbours_phase_or_a_twist_card() -> None:
    state = hand_start([0, 4], [TEN, TEN2], twist_deck=[6, 0, 1, 2, 3, 4, 5, 7, 8, 9])
    assert (state.stage, state.current_player) == (TwistStage.CHOOSE, 1)
    assert legal_actions(state) == (ChooseSpace(3), ChooseSpace(5), DrawTwist())
    assert_illegal(state, ChooseSpace(6), IllegalReason.NOT_ADJACENT)
    assert_illegal(state, DrawStock(), IllegalReason.WRONG_STAGE)
    chose = apply(state, ChooseSpace(5))
    assert chose.target_phase(1) == STANDARD_PHASES[2]
    assert chose.stage is TwistStage.DRAW
    drew = apply(state, DrawTwist())
    assert drew.players[1].twist_card == 6
    assert drew.target_phase(1) == TWIST_CARDS[6]
    assert drew.twist_deck == (0, 1, 2, 3, 4, 5, 7, 8, 9)


def test_t3_3_twist_spaces_choose_in_turn_order_after_the_deal_or_before() -> None:
    hands = [TEN, TEN2, TEN3]
    after = hand_start([4, 9, 4], hands, dealer=1)
    assert (after.stage, after.current_player) == (TwistStage.CHOOSE, 2)  # left of dealer 1
    assert after.players[2].hand  # dealt: the chooser sees their cards
    after = apply(after, ChooseSpace(3))
    assert after.current_player == 0
    after = apply(after, ChooseSpace(5))
    assert after.current_player == 1
    assert after.stage is TwistStage.CHOOSE
    after = apply(after, ChooseSpace(10))
    assert (after.stage, after.current_player) == (TwistStage.DRAW, 2)
    rules = TwistRules(twist_choice="before_deal")
    before = hand_start([4, 9, 4], hands, dealer=1, rules=rules)
    assert before.stage is TwistStage.CHOOSE
    assert not any(p.hand for p in before.players)
    assert before.discard_piles == ((), (), ())
    assert player_view(before, 2).hand == ()
    before = play(before, ChooseSpace(3), ChooseSpace(5), ChooseSpace(10))
    assert [p.hand for p in before.players] == [p.hand for p in after.players]
    assert before.discard_piles == after.discard_piles


def test_t3_4_a_twist_card_is_public_and_goes_under_the_deck_at_the_next_deal() -> None:
    state = hand_start([0, 4], [TEN, TEN2], twist_deck=range(10))
    state = apply(state, DrawTwist())
    assert spectator_view(state).players[1].twist_card == 0
    assert spectator_view(state).twist_deck_size == 9
    dealt = apply(hand_over(state), NextHand())
    assert dealt.twist_deck == (*range(1, 10), 0)
    assert dealt.players[1].twist_card is None


def test_t3_5_a_board_starts_and_ends_on_a_phase_and_no_twist_spaces_touch() -> None:
    for text in ("T 1 2", "1 2 T", "1 T T 2"):
        with pytest.raises(InvalidRulesError, match="board"):
            Board.parse(text)
    with pytest.raises(InvalidRulesError, match="space 2 shows phase 11"):
        TwistRules(board=Board.parse("1 T 11"))
    assert Board.parse("1 T 2").neighbours(1) == (0, 2)


# ---------------------------------------------------------------------------
# T-4: a turn
# ---------------------------------------------------------------------------


def test_t4_1_draw_from_the_draw_pile_or_any_discard_pile_wilds_too() -> None:
    state = hand_start([0, 0], [TEN, TEN2], piles="W Y4 G5", stock="B12")
    assert legal_actions(state) == (DrawStock(), TakePile(0), TakePile(1), TakePile(2))
    drew = apply(state, DrawStock())
    assert Card.parse("B12") in drew.players[1].hand
    assert drew.stage is TwistStage.PLAY
    took = apply(state, TakePile(0))
    assert Card.parse("W") in took.players[1].hand
    assert took.discard_piles == ((), parse_cards("Y4"), parse_cards("G5"))
    assert_illegal(took, TakePile(1), IllegalReason.WRONG_STAGE)


def test_t4_2_the_phase_is_laid_down_whole_listed_a_group_at_a_time() -> None:
    hand = "R7 B7 G7 Y9 R9 B9 W R1 G2 Y3"
    state = apply(hand_start([0, 0], [TEN, hand], piles="Y7 B5 G5"), TakePile(0))
    legal = legal_actions(state)
    steps = [a for a in legal if isinstance(a, (LayGroup, LayDown))]
    assert steps
    assert all(isinstance(a, LayGroup) for a in steps)
    assert LayGroup(SET3.make("R7 B7 G7")) in steps
    half = apply(state, LayGroup(SET3.make("R7 B7 G7")))
    assert half.laying == (SET3.make("R7 B7 G7"),)
    assert all(isinstance(a, LayDown) for a in legal_actions(half))
    assert_illegal(half, DiscardOnto(Card.parse("R1"), 0), IllegalReason.LAY_DOWN_UNDER_WAY)
    assert_illegal(state, LayDown((SET3.make("R7 B7 G7"),)), IllegalReason.INVALID_MELD)
    assert_illegal(
        state,
        LayDown((SET3.make("R7 B7 G7"), SET3.make("R9 B9 Y9")), phase=1),
        IllegalReason.WRONG_PHASE,
    )
    bigger = LayDown((SET3.make("R7 B7 G7 Y7 W"), SET3.make("R9 B9 Y9")))  # extras fit
    done = apply(state, bigger)
    assert done.players[1].laid_down
    assert done.players[1].hand == parse_cards("R1 G2 Y3")
    wilds = apply(hand_start([0, 0], ["Y5 Y6 Y7 Y8", "W W W R9"], rules=TINY), TakePile(1))
    assert_illegal(
        wilds, LayDown((SET3.make("W W W", number=5),)), IllegalReason.INVALID_MELD
    )  # at least one natural card (T-4.2, R-7.2)


def test_t4_3_hits_once_the_own_phase_is_down_the_same_turn_included() -> None:
    state = apply(
        hand_start([0, 0], ["Y5 Y6 Y7 Y8", "R3 B3 G3 R9"], piles="R3 B1 G1", rules=TINY),
        TakePile(0),
    )
    hit = Hit(Card.parse("R3"), 1, 0)
    assert_illegal(state, hit, IllegalReason.PHASE_NOT_LAID_DOWN)
    down = apply(state, LayDown((SET3.make("R3 B3 G3"),)))
    assert hit in legal_actions(down)
    after = apply(down, hit)
    assert sorted(after.players[1].melds[0].cards) == sorted(parse_cards("R3 B3 G3 R3"))
    assert_illegal(after, Hit(Card.parse("R9"), 1, 0), IllegalReason.CARD_DOES_NOT_FIT)
    assert_illegal(after, Hit(Card.parse("R9"), 0, 0), IllegalReason.NO_SUCH_MELD)


def test_t4_4_a_turn_ends_with_a_discard_onto_any_pile_or_a_skip_played() -> None:
    state = apply(
        hand_start([0, 0], [TEN, "S B2 B3 B4 B5 B6 B7 B8 B9 B10"], piles="Y1 Y2 Y3", stock="G12"),
        DrawStock(),
    )
    legal = legal_actions(state)
    assert [a for a in legal if isinstance(a, DiscardOnto) and a.card == Card.parse("G12")] == [
        DiscardOnto(Card.parse("G12"), pile) for pile in range(3)
    ]
    assert PlaySkip(0) in legal
    after = apply(state, DiscardOnto(Card.parse("G12"), 2))
    assert after.discard_piles[2] == parse_cards("Y3 G12")
    assert (after.stage, after.current_player) == (TwistStage.DRAW, 0)
    assert_illegal(state, DiscardOnto(Card.parse("R1"), 0), IllegalReason.CARD_NOT_IN_HAND)


def test_t4_5_whoever_takes_a_piles_last_card_discards_back_onto_it() -> None:
    state = apply(
        hand_start([0, 0], [TEN, "S B2 B3 B4 B5 B6 B7 B8 B9 B10"], piles="Y1 Y2 Y3"), TakePile(1)
    )
    assert state.refill == 1
    discards = [a for a in legal_actions(state) if isinstance(a, DiscardOnto)]
    assert {a.pile for a in discards} == {1}
    assert not [a for a in legal_actions(state) if isinstance(a, PlaySkip)]
    assert_illegal(state, DiscardOnto(Card.parse("B2"), 0), IllegalReason.MUST_REFILL_PILE)
    assert_illegal(state, PlaySkip(0), IllegalReason.MUST_REFILL_PILE)
    after = apply(state, DiscardOnto(Card.parse("Y2"), 1))
    assert after.discard_piles[1] == parse_cards("Y2")
    assert after.refill is None


def test_t4_6_a_card_is_kept_to_end_the_turn_and_going_out_ends_the_hand() -> None:
    state = apply(
        hand_start([0, 0], ["Y5 Y6 Y7 Y8", "R3 B3 G3 W"], piles="R3 B1 G1", rules=TINY), TakePile(0)
    )
    assert_illegal(state, LayDown((SET3.make("R3 R3 B3 G3 W"),)), IllegalReason.MUST_KEEP_A_CARD)
    down = apply(state, LayDown((SET3.make("R3 B3 G3 W"),)))
    assert down.players[1].hand == parse_cards("R3")
    assert not [a for a in legal_actions(down) if isinstance(a, Hit)]
    assert_illegal(down, Hit(Card.parse("R3"), 1, 0), IllegalReason.MUST_KEEP_A_CARD)
    final = _out_in_one_turn([0, 0])
    assert final.stage is TwistStage.HAND_OVER
    assert final.results[-1].went_out == 1
    assert final.current_player is None


def test_t4_7_an_empty_draw_pile_is_rebuilt_from_under_the_piles_tops() -> None:
    state = hand_start([0, 0], [TEN, TEN2], piles="Y1 Y2 Y3")
    piles = state.discard_piles
    empty = attrs.evolve(
        state, stock=(), discard_piles=((*state.stock, *piles[0]), piles[1], piles[2])
    )
    drew = apply(empty, DrawStock())
    assert drew.discard_piles == (parse_cards("Y1"), parse_cards("Y2"), parse_cards("Y3"))
    assert len(drew.stock) == len(state.stock) - 1
    assert drew.reshuffles == 1
    assert table_cards(drew) == table_cards(state)
    bare = attrs.evolve(state, stock=(), discard_piles=piles)
    lost = Counter(state.stock)
    assert DrawStock() not in legal_actions(bare)
    assert lost
    assert_illegal(bare, DrawStock(), IllegalReason.NO_CARDS_TO_DRAW)
    ends = attrs.evolve(
        state,
        rules=attrs.evolve(state.rules, draw_exhaustion="end_hand"),
        stock=state.stock[:1],
        discard_piles=((*state.stock[1:], *piles[0]), piles[1], piles[2]),
    )
    ends = play(ends, DrawStock(), DiscardOnto(ends.stock[0], 0))
    assert ends.stage is TwistStage.HAND_OVER
    assert ends.results[-1].went_out is None


# ---------------------------------------------------------------------------
# T-5: Skips
# ---------------------------------------------------------------------------

SKIPPER = "S S B3 B4 B5 B6 B7 B8 B9 B10"


def test_t5_1_a_skip_in_front_of_a_player_costs_them_their_next_turn() -> None:
    state = apply(hand_start([0, 0, 0], [TEN, SKIPPER, TEN3], piles="Y1 Y2 Y3"), DrawStock())
    after = apply(state, PlaySkip(0))  # seat 0 plays after seat 2
    assert after.players[0].skipped
    assert after.current_player == 2
    after = play(after, DrawStock(), DiscardOnto(after.stock[0], 0))
    assert after.current_player == 1
    assert after.lost_turns == (0,)
    assert not after.players[0].skipped


def test_t5_2_at_most_one_skip_lies_in_front_of_a_player() -> None:
    hands = [TEN, SKIPPER, "S S G3 G4 G5 G6 G7 G8 G9 G10"]
    state = apply(hand_start([0, 0, 0], hands, piles="Y1 Y2 Y3"), DrawStock())
    state = play(state, PlaySkip(0), DrawStock())  # seat 2 to play, seat 0 still skipped
    assert [a for a in legal_actions(state) if isinstance(a, PlaySkip)] == [PlaySkip(1)]
    assert_illegal(state, PlaySkip(0), IllegalReason.BAD_SKIP_TARGET)
    assert_illegal(state, PlaySkip(2), IllegalReason.BAD_SKIP_TARGET)


def test_t5_3_a_served_skip_is_set_aside_until_the_next_deal() -> None:
    state = apply(hand_start([0, 0], [TEN, SKIPPER], piles="Y1 Y2 Y3"), DrawStock())
    before = table_cards(state)
    after = apply(state, PlaySkip(0))  # two players: seat 1 plays again
    assert after.current_player == 1
    assert after.lost_turns == (0,)
    assert after.set_aside == parse_cards("S")
    assert table_cards(after) == before
    dealt = apply(hand_over(after), NextHand())
    assert dealt.set_aside == ()
    assert table_cards(dealt) == before


def test_t5_4_a_skip_may_be_taken_from_a_pile_and_skips_nobody_discarded_there() -> None:
    state = hand_start([0, 0], [TEN, SKIPPER], piles="S Y1 Y2 Y3")
    assert state.discard_piles[0] == parse_cards("S Y1")
    state = play(state, TakePile(0), DiscardOnto(Card.parse("B3"), 1))
    state = apply(state, TakePile(0))  # the Skip under Y1
    assert state.players[0].hand.count(Card.parse("S")) == 1
    state = apply(state, DiscardOnto(Card.parse("S"), 0))
    assert state.discard_piles[0] == parse_cards("S")
    assert not any(p.skipped for p in state.players)
    assert state.current_player == 1


def test_t5_5_a_skip_as_the_last_card_is_discarded_to_go_out() -> None:
    hand = "R3 B3 G3 S"
    state = apply(
        hand_start([0, 0], ["Y5 Y6 Y7 Y8", hand], piles="S R3 B1 G1", rules=TINY), TakePile(0)
    )
    state = play(state, LayDown((SET3.make("R3 B3 G3 R3"),)))
    assert state.players[1].hand == parse_cards("S")
    assert PlaySkip(0) not in legal_actions(state)
    assert_illegal(state, PlaySkip(0), IllegalReason.TARGET_NOT_NEEDED)
    out = apply(state, DiscardOnto(Card.parse("S"), 0))
    assert out.results[-1].went_out == 1


# ---------------------------------------------------------------------------
# T-6: the end of a hand
# ---------------------------------------------------------------------------


def test_t6_1_cards_left_in_hand_score_penalty_points() -> None:
    final = _out_in_one_turn([0, 0])
    assert final.results[-1].points == (20, 0)  # Y5 Y6 Y7 Y8: four cards of 5 points
    assert [p.score for p in final.players] == [20, 0]


def test_t6_2_pawns_move_3_for_going_out_2_for_the_phase_1_otherwise() -> None:
    final = _out_in_one_turn([0, 0])
    assert final.results[-1].moves == (1, 3)
    assert [p.position for p in final.players] == [1, 3]
    made = hand_start([0, 0], ["R5 B5 G5 Y8", "R3 B3 G3 R9"], piles="R3 B1 G1", rules=TINY)
    made = play(
        made,
        TakePile(0),
        LayDown((SET3.make("R3 B3 G3"),)),
        DiscardOnto(Card.parse("R9"), 0),
        DrawStock(),
        LayDown((SET3.make("R5 B5 G5"),)),
    )
    made = play(made, DiscardOnto(made.players[0].hand[0], 1), DrawStock())
    made = play(made, Hit(Card.parse("R3"), 1, 0))
    made = apply(made, DiscardOnto(made.players[1].hand[0], 2))
    assert made.results[-1].moves == (2, 3)
    slow = _out_in_one_turn([0, 0], moves=(1, 1, 1))
    assert slow.results[-1].moves == (1, 1)


def test_t6_3_a_twist_card_doubles_the_move_and_costs_a_space_when_missed() -> None:
    final = _twist_out(positions=[2, 2], cards=[0, 1])
    assert final.results[-1].twist == (True, True)
    assert final.results[-1].moves == (-1, 2)  # 6 from space 2: stops on the final space 4
    assert [p.position for p in final.players] == [1, 4]
    far = TwistRules(
        board=Board.parse("1 1 1 1 T 1 1 1 1 1 1"),
        phases=TINY.phases,
        twist_cards=TINY.twist_cards,
        hand_size=4,
    )
    final = _twist_out(positions=[4, 4], cards=[0, 1], rules=far)
    assert final.results[-1].moves == (-1, 6)
    back = attrs.evolve(TINY, board=Board.parse("1 T 1 1 1"), twist_moves=(6, 4, -5))
    final = _twist_out(positions=[1, 1], cards=[0, 1], rules=back)
    assert final.results[-1].positions[0] == 0  # never before the first space


def _twist_out(positions: list[int], cards: list[int], rules: TwistRules = TINY) -> TwistState:
    """Both seats draw a Twist card: seat 1 (first) gets card 1, a set of 3, and goes out;
    seat 0 gets card 2, a run of 3, and misses it."""
    state = hand_start(
        positions, ["Y5 Y7 Y9 Y11", "R3 B3 G3 R9"], piles="R3 B1 G1", rules=rules, twist_deck=cards
    )
    state = play(state, DrawTwist(), DrawTwist())
    assert state.target_phase(1) == rules.twist_cards[0]
    return play(
        state,
        TakePile(0),
        LayDown((SET3.make("R3 B3 G3"),)),
        Hit(Card.parse("R3"), 1, 0),
        DiscardOnto(Card.parse("R9"), 0),
    )


def test_t6_4_a_pawn_on_the_final_space_does_not_move_for_a_missed_phase() -> None:
    final = _out_in_one_turn([4, 0])
    assert final.results[-1].moves == (0, 3)
    assert final.players[0].position == 4


def test_t6_5_a_pawn_stops_on_the_final_space() -> None:
    final = _out_in_one_turn([0, 3])
    assert final.results[-1].moves == (1, 1)
    assert final.players[1].position == 4
    assert not final.is_over


def test_t6_6_every_card_is_gathered_and_shuffled_for_the_next_hand() -> None:
    final = _out_in_one_turn([0, 0])
    dealt = apply(final, NextHand())
    assert table_cards(dealt) == Counter(standard_deck(TINY.deck))
    assert all(not p.melds and not p.laid_down for p in dealt.players)
    assert dealt.hand_number == 3
    assert dealt.dealer == 1


# ---------------------------------------------------------------------------
# T-7: the end of the game
# ---------------------------------------------------------------------------


def test_t7_1_making_the_final_spaces_phase_finishes_and_wins() -> None:
    final = _out_in_one_turn([0, 4])
    assert final.is_over
    assert final.winners == (1,)
    assert final.winner == 1
    assert final.results[-1].finished == (1,)
    assert legal_actions(final) == ()
    assert_illegal(final, NextHand(), IllegalReason.GAME_OVER)


def _both_finish(**options: Any) -> TwistState:
    """Both pawns on the final space make the phase; seat 1 goes out."""
    rules = TINY.with_options(**options)
    state = hand_start([4, 4], ["R5 B5 G5 Y8", "R3 B3 G3 R9"], piles="R3 B1 G1", rules=rules)
    state = play(
        state,
        TakePile(0),
        LayDown((SET3.make("R3 B3 G3"),)),
        DiscardOnto(Card.parse("R9"), 0),
        DrawStock(),
        LayDown((SET3.make("R5 B5 G5"),)),
    )
    state = play(
        state, DiscardOnto(state.players[0].hand[0], 1), DrawStock(), Hit(Card.parse("R3"), 1, 0)
    )
    return apply(state, DiscardOnto(state.players[1].hand[0], 2))


def test_t7_2_several_finishers_the_one_who_went_out_then_the_lowest_total() -> None:
    final = _both_finish()
    assert final.results[-1].finished == (0, 1)
    assert final.winners == (1,)  # went out
    lowest = _both_finish(tiebreak="lowest_score")
    assert lowest.winners == (1,)  # 0 points against seat 0's card left
    shared = _both_finish(tiebreak="shared")
    assert shared.winners == (0, 1)
    assert shared.winner is None


def test_t7_3_the_turn_cap_ends_a_game_without_a_winner() -> None:
    state = hand_start([0, 0], [TEN, TEN2], rules=TwistRules(max_turns=2))
    state = play(state, DrawStock(), DiscardOnto(state.stock[0], 0))
    state = play(state, DrawStock(), DiscardOnto(state.stock[0], 0))
    assert state.is_over
    assert state.winners == ()


# ---------------------------------------------------------------------------
# T-8: what a seat sees
# ---------------------------------------------------------------------------


def test_t8_1_a_view_hides_other_hands_the_draw_pile_the_twist_deck_and_the_seed() -> None:
    state = hand_start([4, 0], [TEN2, "R7 B7 G7 Y9 R9 B9 W R1 G2 Y3"])
    state = play(state, ChooseSpace(3), TakePile(0), LayGroup(SET3.make("R7 B7 G7")))
    view = player_view(state, 1)
    other = player_view(state, 0)
    assert view.hand == state.players[1].hand
    assert other.hand == state.players[0].hand
    assert not hasattr(view, "seed")
    assert not hasattr(view, "stock")
    assert not hasattr(view, "twist_deck")
    assert view.twist_deck_size == 10
    assert view.laying == state.laying
    assert other.laying == ()
    assert view.players[0].hand_size == 10
    assert not hasattr(view.players[0], "hand")
    secret = attrs.evolve(
        state,
        seed=99,
        stock=tuple(reversed(state.stock)),
        twist_deck=tuple(reversed(state.twist_deck)),
    )
    assert player_view(secret, 1) == view
