"""OutsBot (issue 11, item 7): SearchBot's model of its own seat, choosing draws and
discards by the unseen cards that would bring its phase closer (R-3.7, R-4.2, R-4.5)."""

from __future__ import annotations

import pytest

from helpers import cards, stacked_game, with_players
from phase10 import (
    Action,
    Bot,
    Discard,
    DrawStock,
    GameState,
    GreedyBot,
    NextHand,
    Stage,
    TakeDiscard,
    apply,
    legal_actions,
    new_game,
    play_game,
    player_view,
)
from phase10.cards import ALL_CARDS, Card
from phase10.melds import SetOf
from phase10.solver import fast_plan
from phase10.strategy import HandOutlook, OutsBot, outs_pool


def first_turn(hand: str, discard: str, stock: str = "") -> GameState:
    """A four-player game where seat 0 (on Phase 1) plays first, holding ``hand``."""
    return stacked_game({0: hand}, discard, stock, dealer=3, players=4)


def ask(bot: OutsBot | GreedyBot, state: GameState) -> Action:
    seat = state.current_player
    assert seat is not None
    return bot.choose(player_view(state, seat), legal_actions(state))


def test_r_4_5_discards_a_single_and_keeps_every_pair() -> None:
    """Phase 1 (two sets of 3) from three pairs: the third pair adds outs, so a single
    goes, never a card of a pair. GreedyBot, counting only the Wilds the hand lacks (two
    either way), lets the costliest card go: an 11 of the third pair."""
    state = first_turn("R3 B3 R7 B7 R11 B11 G1 G5 Y9 Y12", "G2", stock="Y2")
    state = apply(state, DrawStock())
    choice = ask(OutsBot(), state)
    assert isinstance(choice, Discard)
    assert choice.card.number not in (3, 7, 11)
    assert ask(GreedyBot(), state) == Discard(Card.parse("R11"))


def test_r_4_2_takes_the_discard_that_brings_the_phase_closer() -> None:
    """A third 4 for the pair of 4s is taken; a card that pairs nothing is not."""
    hand = "R4 B4 R8 B8 G1 G2 G5 Y6 Y9 Y12"
    assert ask(OutsBot(), first_turn(hand, "G4")) == TakeDiscard()
    assert ask(OutsBot(), first_turn(hand, "R10")) == DrawStock()


def test_r_3_8_outs_are_counted_from_what_the_seat_sees() -> None:
    """The pool is the deck less the seat's hand, the table and the discard pile: the
    four-player deal leaves 108 - 10 - 1 cards unseen, none of them the seen copies."""
    state = first_turn("R3 B3 R7 B7 R11 B11 G1 G5 Y9 Y12", "G2")
    pool = outs_pool(player_view(state, 0))
    assert sum(pool) == 108 - 10 - 1
    by_card = {card: pool[card.code] for card in ALL_CARDS}
    assert by_card[Card.parse("R3")] == 1
    assert by_card[Card.parse("G3")] == 2
    assert by_card[Card.parse("G2")] == 1


def test_fewer_unseen_copies_mean_more_draws() -> None:
    """One hand, two pools: where the 7s it waits for are all gone, it needs more draws."""
    view = player_view(first_turn("R3 B3 R7 B7 R11 G1 G5 Y9 Y12 G12", "G2"), 0)
    phase = view.my_phase
    assert phase is not None
    plan = fast_plan(phase, view.rules.meld_rules)
    assert plan is not None
    pool = outs_pool(view)
    dry = list(pool)
    for card in cards("R7 B7 G7 G7 Y7 Y7"):
        dry[card.code] = 0
    hand = view.hand
    assert hand is not None
    rich, poor = HandOutlook(plan, True, pool).rank(hand), HandOutlook(plan, True, dry).rank(hand)
    assert rich[0] == poor[0] == 2
    assert rich[1] < poor[1]


def test_once_down_it_plays_as_greedybot() -> None:
    """After its phase is laid down OutsBot hits and discards as GreedyBot does."""
    state = new_game(4, seed=21)
    bots: list[Bot] = [OutsBot(), GreedyBot(), GreedyBot(), GreedyBot()]
    compared = 0
    while not state.is_over and compared < 20:
        if state.stage is Stage.HAND_OVER:
            state = apply(state, NextHand())
            continue
        seat = state.current_player
        assert seat is not None
        view, legal = player_view(state, seat), legal_actions(state)
        if seat == 0 and view.players[0].laid_down and len(legal) > 1:
            assert bots[0].choose(view, legal) == GreedyBot().choose(view, legal)
            compared += 1
        state = apply(state, bots[seat].choose(view, legal))
    assert compared == 20


def test_a_short_game_ends() -> None:
    """Two OutsBots and two GreedyBots play a game to its end (R-15.1)."""
    bots: list[Bot] = [OutsBot(), GreedyBot(), OutsBot(), GreedyBot()]
    final = play_game(new_game(4, seed=2), bots)
    assert final.is_over
    assert final.winners


def test_r_9_1_skips_the_leader_but_once_down_spares_those_down() -> None:
    """Whom to skip (R-9.1): not yet down, the leader (the most phases), as GreedyBot;
    once its own phase is down, a seat wants the hand to end, so it spares a leader who
    is down too (who may go out) and skips the leader among those still making theirs."""
    state = apply(first_turn("S R3 B3 R7 B7 G1 G5 Y9 Y12 G12", "G2"), DrawStock())
    state = with_players(state, s1={"completed": (1, 2), "laid_down": True}, s2={"completed": (1,)})
    skips = [Discard(Card.parse("S"), target=seat) for seat in (1, 2, 3)]
    assert OutsBot().choose(player_view(state, 0), skips) == skips[0]
    assert GreedyBot().choose(player_view(state, 0), skips) == skips[0]
    down = with_players(state, s0={"laid_down": True})
    assert OutsBot().choose(player_view(down, 0), skips) == skips[1]
    assert OutsBot(skips=False).choose(player_view(down, 0), skips) == skips[0]


def test_r_6_4_keeps_a_card_that_fits_a_group_on_the_table() -> None:
    """Among discards that leave the phase as close, a card that fits a group already on
    the table (R-6.4: it can be hit on the turn the seat lays down, so it goes free) is
    kept, and one that fits nowhere, costing a later discard, goes. Without seat 2's set
    of 12s on the table the costliest single goes: the 12."""
    hands = {0: "R3 B3 R7 B7 R11 B11 G1 G5 Y9 Y12", 2: "R12 B12 G12 R9 B9 G9 G4 G6 G8 G10"}
    state = stacked_game(hands, "G2", "Y2", dealer=3, players=4)
    melds = (SetOf(3).make("R12 B12 G12"), SetOf(3).make("R9 B9 G9"))
    down = {"melds": melds, "hand": tuple(cards("G4 G6 G8 G10")), "laid_down": True}
    drawn = apply(state, DrawStock())
    assert ask(OutsBot(), drawn) == Discard(Card.parse("Y12"))
    choice = ask(OutsBot(), with_players(drawn, s2=down))
    assert isinstance(choice, Discard)
    assert choice.card.number not in (3, 7, 9, 11, 12)


def test_a_negative_tolerance_is_refused() -> None:
    with pytest.raises(ValueError, match="tolerance"):
        OutsBot(tolerance=-0.5)


def test_chooses_among_any_subset_of_the_legal_actions() -> None:
    """SearchBot asks OutsBot for its second choice by offering the legal actions less its
    first: the answer is one of those offered, even when the best discard is not."""
    state = apply(first_turn("R3 B3 R7 B7 R11 B11 G1 G5 Y9 Y12", "G2", stock="Y2"), DrawStock())
    view, legal = player_view(state, 0), legal_actions(state)
    rest = list(legal)
    for _ in range(len(legal) - 1):
        choice = OutsBot().choose(view, rest)
        assert choice in rest
        rest.remove(choice)
