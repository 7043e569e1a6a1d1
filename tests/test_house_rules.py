"""V-15's house rules of ``[GH-UNOBOT]`` (last stand, partial phasing, skip stacking,
extended wilds), A-17's fresh deck, V-5.3's face-down rule card, and issue 14's
remedies for games that do not end (``anti_floor``, ``max_hands``)."""

from __future__ import annotations

import random

import attrs
import pytest

from games import profile_variants
from helpers import (
    TWO_SETS,
    allowed_players,
    assert_illegal,
    card,
    deck_counter,
    play,
    stacked_game,
    with_players,
)
from phase10 import (
    RULE_CARD,
    SKIP,
    SUPER_SKIP,
    Action,
    DeckSpec,
    Discard,
    DrawStock,
    GameRecord,
    GameState,
    GreedyBot,
    Hit,
    IllegalReason,
    InvalidRulesError,
    LayDown,
    LayGroup,
    Meld,
    NextHand,
    Phase,
    Rules,
    RunOf,
    Scoring,
    SetOf,
    Stage,
    TakeDiscard,
    from_json,
    legal_actions,
    new_game,
    parse_cards,
    play_game,
    player_view,
    sample_state,
    to_json,
    variants,
)
from phase10.engine import skip_targets
from phase10.rules import MAX_DECKS
from phase10.scoring import end_hand
from phase10.testing.games import card_count as all_cards
from phase10.validation import validate_state, validate_view

# ---------------------------------------------------------------------------
# Last stand
# ---------------------------------------------------------------------------

LAST = variants.resolve("last-stand")
TWO = TWO_SETS


def going_out(rules: Rules, second: str = "S R1 R2 R3") -> GameState:
    """Hands of four, phases of one set: seat 1 lays down its 4s, hits the Y4 it drew and
    goes out with Y9; seat 2 holds ``second``."""
    rules = rules.with_options(hand_size=4, phases=TWO)
    state = stacked_game({1: "R4 B4 G4 Y9", 2: second}, "G11", "Y4 B10 B11 B12", rules, players=3)
    lay = LayDown((SetOf(3).make("R4 B4 G4"),))
    return play(state, DrawStock(), lay, Hit(card("Y4"), 1, 0), Discard(card("Y9")))


def test_v15_last_stand_every_other_player_takes_a_final_turn() -> None:
    """Going out does not end the hand at once: every other player takes one final turn,
    in the order of play; then the hand ends, and the first out wins it."""
    state = going_out(LAST)
    assert state.stage is Stage.DRAW
    assert (state.first_out, state.current_player, state.final_turns) == (1, 2, (0,))
    validate_state(state)
    assert from_json(to_json(state)) == state
    state = play(state, DrawStock(), Discard(card("R1")))
    assert state.current_player == 0
    assert state.final_turns == ()
    state = play(state, DrawStock(), Discard(state.players[0].hand[0]))
    assert state.stage is Stage.HAND_OVER
    result = state.results[-1]
    assert result.went_out == 1
    assert result.points[1] == 0
    assert result.points[0] > 0


def test_r10_3_without_last_stand_the_hand_ends_at_once() -> None:
    """R-10.3: the default rules end the hand the moment a player goes out."""
    assert going_out(Rules()).stage is Stage.HAND_OVER


def test_v15_last_stand_a_skip_costs_the_final_turn() -> None:
    """A Skip played in the last stand may target only a seat with a final turn left, and
    that seat loses it."""
    state = going_out(LAST)
    state = play(state, DrawStock())
    assert skip_targets(state, 2) == (0,)
    assert_illegal(state, Discard(SKIP, 1), IllegalReason.BAD_SKIP_TARGET)
    over = play(state, Discard(SKIP, 0))
    assert over.stage is Stage.HAND_OVER
    assert over.lost_turns == (0,)
    assert over.results[-1].went_out == 1


def test_v15_last_stand_super_skip_ends_it() -> None:
    """A Super Skip in the last stand costs every remaining final turn: the hand ends."""
    rules = LAST.with_options(deck=DeckSpec(skips=3, super_skips=1))
    state = play(going_out(rules, "Z R1 R2 R3"), DrawStock())
    over = play(state, Discard(SUPER_SKIP))
    assert over.stage is Stage.HAND_OVER
    assert over.lost_turns == (0,)


def test_v15_last_stand_refuses_floating_and_the_rule_card() -> None:
    """A floater has no final turn (V-9), and a named drop (V-5.3) cannot wait for the
    final turns: those combinations are refused with a reason."""
    for spec in ("last-stand+floating", "last-stand+anti-phase-others"):
        with pytest.raises(InvalidRulesError, match="last_stand"):
            variants.resolve(spec)


# ---------------------------------------------------------------------------
# Partial phasing
# ---------------------------------------------------------------------------

PARTIAL = variants.resolve("partial-phasing")


def partial_table() -> GameState:
    """Seat 1 (phase 2: a set of 3 and a run of 4) holds the set but not the run."""
    state = stacked_game(
        {1: "R7 B7 G7 R1 R2 B9 B11 Y12 G12 Y5"}, "G2", "B3 Y4 R5 G6", PARTIAL, players=2
    )
    return with_players(state, s1={"completed": (1,)})


def test_v15_partial_phasing_puts_a_group_on_the_table() -> None:
    """A LayGroup puts its group on the table at once, even though the rest of the phase is
    not in hand; the cards leave the hand and the phase is not made yet."""
    state = play(partial_table(), DrawStock())
    group = LayGroup(SetOf(3).make("R7 B7 G7"))
    assert group in legal_actions(state)
    after = play(state, group)
    player = after.players[1]
    assert player.melds == (SetOf(3).make("R7 B7 G7"),)
    assert not player.laid_down
    assert player.phase_attempted == 2
    assert len(player.hand) == 8
    assert after.laying is None
    validate_state(after)
    assert from_json(to_json(after)) == after


def test_v15_partial_phasing_cards_on_the_table_score_nothing_and_count_no_phase() -> None:
    """R-11.1 / R-12.1: at the end of the hand the partial groups score nothing, and the
    phase is not completed."""
    state = play(partial_table(), DrawStock(), LayGroup(SetOf(3).make("R7 B7 G7")))
    over = end_hand(state, state.players, went_out=0)
    assert over.players[1].completed == (1,)
    assert over.results[-1].points[1] == sum(
        5 if (c.number or 0) <= 9 else 10 for c in state.players[1].hand
    )


def test_v15_partial_phasing_the_last_group_completes_the_phase_later() -> None:
    """The missing run is laid in a later turn with a LayDown that keeps the set: the phase
    is made then (and a LayDown without the set is refused)."""
    state = stacked_game(
        {1: "R7 B7 G7 R1 R2 B9 B11 Y12 G12 Y5"}, "G2", "R3 Y4 R4 G6", PARTIAL, players=2
    )
    state = with_players(state, s1={"completed": (1,)})
    state = play(state, DrawStock(), LayGroup(SetOf(3).make("R7 B7 G7")), Discard(card("Y12")))
    state = play(state, DrawStock(), Discard(card("Y4")), DrawStock())
    run = RunOf(4).make("R1 R2 R3 R4")
    assert_illegal(state, LayDown((run,)), IllegalReason.LAY_DOWN_UNDER_WAY)
    whole = LayDown((SetOf(3).make("R7 B7 G7"), run))
    assert whole in legal_actions(state)
    done = play(state, whole)
    assert done.players[1].laid_down
    assert len(done.players[1].melds) == 2
    validate_state(done)


def test_v15_partial_group_hit_with_another_seats_postal_wild_still_completes() -> None:
    """V-15 with V-10.3: another seat may hit a partial group with its own Postal Wild (a 2,
    wild for a seat on phase 2); the owner's LayDown that keeps that group is still legal,
    though a 2 is no Wild for the owner (phase 1). Found by hypothesis (a listed lay-down
    that apply refused); the game of GreedyBots now ends."""
    rules = Rules(
        deck=DeckSpec(copies=3, wilds=1, skips=4, rule_cards=1, reverses=0, super_skips=0),
        hand_size=12,
        phases=(Phase(1, (SetOf(3), SetOf(3))), Phase(2, (SetOf(3), RunOf(4)))),
        phase_order="any",
        phase_choice="hand_start",
        run_wraparound=True,
        wild_assignment="declared",
        laydown_extras="extend_groups",
        initial_wild="first_player_may_take",
        initial_skip="skip_first_player",
        scoring=Scoring(low=5, high=10, skip=15, wild=25, rule_card=15),
        draw_exhaustion="reshuffle_discard_keep_top",
        tiebreak="replay_final_phase_first_out",
        postal=True,
        partial_phasing=True,
    )
    kept_foreign_wild: list[LayDown] = []

    def watch(before: GameState, action: Action, after: GameState) -> None:
        if isinstance(action, LayDown) and before.current_player == 0:
            group = before.players[0].melds
            if any(card("G2") in meld.cards for meld in group):
                kept_foreign_wild.append(action)

    # A seed whose game reaches the case (seat 1's G2 standing as a Wild in seat 0's partial
    # group): 1396 did until GreedyBot priced Postal Wilds in its lay-downs (V-10.2).
    start = new_game(2, rules, seed=51)
    final = play_game(start, [GreedyBot(), GreedyBot()], on_action=watch, max_actions=200_000)
    assert final.is_over
    assert kept_foreign_wild


def test_v15_partial_phasing_keeps_enough_cards_for_the_rest() -> None:
    """A partial group must leave enough cards for the groups still missing and a discard
    (R-10.2): with four cards left and a run of 4 to come, the set is refused."""
    state = play(partial_table(), DrawStock())
    small = with_players(state, s1={"hand": tuple(sorted(parse_cards("R7 B7 G7 R1 R2 Y5")))})
    assert_illegal(small, LayGroup(SetOf(3).make("R7 B7 G7")), IllegalReason.MUST_KEEP_A_CARD)


def test_v15_partial_groups_may_be_hit_by_others_not_by_their_owner() -> None:
    """Another player whose phase is down may hit a partial group; its owner may not hit
    before the phase is made (R-6.2)."""
    state = play(partial_table(), DrawStock(), LayGroup(SetOf(3).make("R7 B7 G7")))
    assert not any(isinstance(a, Hit) for a in legal_actions(state))
    state = play(state, Discard(card("Y12")))
    fours = SetOf(3).make("R4 B4 G4")
    state = with_players(
        state,
        s0={
            "hand": tuple(sorted((*state.players[0].hand[:2], card("Y7")))),
            "laid_down": True,
            "phase_attempted": 1,
            "melds": (fours,),
        },
    )
    state = play(state, DrawStock())
    assert Hit(card("Y7"), 1, 0) in legal_actions(state)


# ---------------------------------------------------------------------------
# Skip stacking, extended wilds
# ---------------------------------------------------------------------------


def test_v15_skip_stacking_is_a6_unlimited() -> None:
    """Skip stacking: a player with a skip pending may be skipped again (A-6 'unlimited')."""
    rules = variants.resolve("skip-stacking")
    assert rules.skip_limit.value == "unlimited"
    state = play(stacked_game({1: "S S"}, "G2", "B3", rules, players=3), DrawStock())
    state = with_players(state, s2={"skips_pending": 1})
    assert 2 in skip_targets(state, 1)


def test_v15_extended_wilds_reach_as_far_as_the_deck_wilds() -> None:
    """Extended wilds: a Wild may stand for numbers past 1..12, one place per Wild of the
    deck (A-4 ``wild_value_range``); a run may end at 14."""
    rules = variants.resolve("extended-wilds")
    assert rules.wild_value_range == (-7, 20)
    assert RunOf(4).make("R11 B12 W W", rules=rules).stands_for() == (11, 12, 13, 14)
    assert Meld(RunOf(4), parse_cards("R11 B12 W W"), 11).problem() is not None
    small = variants.resolve("extended-wilds", base=Rules(deck=DeckSpec(wilds=2)))
    assert small.wild_value_range == (-1, 14)


# ---------------------------------------------------------------------------
# A-17 fresh deck
# ---------------------------------------------------------------------------

FRESH = variants.resolve("fresh-deck")


def exhausted(state: GameState) -> GameState:
    """``state`` with its whole stock moved onto the discard pile (cards conserved)."""
    return attrs.evolve(state, stock=(), discard_pile=(*state.stock, *state.discard_pile))


def test_a17_fresh_deck_brings_a_new_deck_into_play() -> None:
    """A-17 'fresh_deck': with the draw pile empty a fresh deck becomes it; the discard pile
    stays; the number of decks in play is part of the state, and every card of them is
    still in the game (validation counts against that many decks)."""
    start = exhausted(new_game(3, FRESH, seed=2))
    pile = start.discard_pile
    after = play(start, DrawStock())
    assert after.decks == 2
    assert after.discard_pile == pile
    assert len(after.stock) == FRESH.deck.size - 1
    assert all_cards(after) == deck_counter(FRESH, 2)
    validate_state(after)
    validate_view(player_view(after, 1))
    assert from_json(to_json(after)) == after


def test_a17_fresh_deck_stops_at_max_decks_then_reshuffles() -> None:
    """At most MAX_DECKS decks come into play in one hand; then R-14.1 reshuffles."""
    state = new_game(2, FRESH, seed=3)
    for expected in range(2, MAX_DECKS + 1):
        state = play(exhausted(state), DrawStock())
        assert state.decks == expected
        state = play(state, Discard(state.players[state.current_player or 0].hand[0]))
    pile = exhausted(state).discard_pile
    state = play(exhausted(state), DrawStock())
    assert state.decks == MAX_DECKS
    assert state.discard_pile == pile[-1:]
    assert all_cards(state) == deck_counter(FRESH, MAX_DECKS)


def test_a17_fresh_deck_next_hand_deals_one_deck() -> None:
    """The next hand gathers everything and deals from one deck again (R-13.2)."""
    state = play(exhausted(new_game(2, FRESH, seed=2)), DrawStock())
    over = end_hand(state, state.players, went_out=None)
    dealt = play(over, NextHand())
    assert dealt.decks == 1
    assert all_cards(dealt) == deck_counter(FRESH)


def test_a17_fresh_deck_and_save_piles_are_refused_together() -> None:
    """A fresh deck's extra copies could stay on Masters Save piles: refused."""
    with pytest.raises(InvalidRulesError, match="draw_exhaustion"):
        variants.resolve("masters+fresh-deck")


# ---------------------------------------------------------------------------
# V-5.3: the rule card discarded face down
# ---------------------------------------------------------------------------


def test_v5_3_rule_card_discarded_mid_hand_may_be_taken_by_the_following_player() -> None:
    """V-5.3: the rule card may be discarded in the middle of a hand (the source's face-down
    discard: nothing happens, nobody is named), and the following player may take it as
    their draw; once covered by the next discard it is out of reach."""
    rules = variants.resolve("anti-phase-others")
    state = play(stacked_game({1: "X R1"}, "G2", "B3 B4 B5", rules, players=3), DrawStock())
    assert Discard(RULE_CARD) in legal_actions(state)
    assert_illegal(state, Discard(RULE_CARD, 2), IllegalReason.TARGET_NOT_NEEDED)
    state = play(state, Discard(RULE_CARD))
    assert state.current_player == 2
    assert state.top_discard == RULE_CARD
    assert TakeDiscard() in legal_actions(state)
    taken = play(state, TakeDiscard())
    assert RULE_CARD in taken.players[2].hand
    passed = play(state, DrawStock(), Discard(state.players[2].hand[0]))
    assert passed.top_discard != RULE_CARD
    assert RULE_CARD in passed.discard_pile


# ---------------------------------------------------------------------------
# Issue 14: games that end
# ---------------------------------------------------------------------------


def test_anti_floor_stops_drops_one_below_the_best() -> None:
    """anti_floor=1 (the default of the Anti-Phase variants): a player who has completed
    five phases drops to four on failing, and no further; without the floor, to three."""
    for floor, expected in ((1, 4), (None, 3)):
        rules = variants.resolve("anti-phase").with_options(anti_floor=floor)
        state = with_players(new_game(3, rules, seed=1), s1={"completed": (1, 2, 3, 4, 5)})
        once = end_hand(state, state.players, went_out=None)
        assert len(once.players[1].completed) == 4
        twice = end_hand(attrs.evolve(once, stage=Stage.PLAY), once.players, went_out=None)
        assert len(twice.players[1].completed) == expected


def test_anti_floor_best_is_in_every_view_and_kept_by_samples() -> None:
    """anti_floor: the most phases a seat has had (public, every hand's results are) is in
    its SeatView, so a client can show the floor and a sample keeps it."""
    rules = variants.resolve("anti-phase")
    state = with_players(new_game(3, rules, seed=1), s1={"completed": (1, 2, 3, 4, 5)})
    once = end_hand(state, state.players, went_out=None)
    assert once.players[1].best == 5
    for seat in range(3):
        assert player_view(once, seat).players[1].best == 5
    view = player_view(once, 0)
    sample = sample_state(view, random.Random(3))
    assert sample.players[1].best == 5
    assert player_view(sample, 0) == view


def test_anti_phase_variants_default_to_the_floor() -> None:
    """The registered Anti-Phase variants set anti_floor=1; Rules keeps V-5.2 as written."""
    assert variants.resolve("anti-phase").anti_floor == 1
    assert variants.resolve("anti-phase-others").anti_floor == 1
    assert Rules(anti_phase=True).anti_floor is None


def test_max_hands_ends_the_game_with_the_leader_winning() -> None:
    """max_hands: after that many hands without a winner the game ends; the most phases
    completed, then the lowest total, wins; ties share."""
    rules = Rules(max_hands=1)
    empty = {"hand": ()}
    state = with_players(
        new_game(3, rules, seed=1),
        s0={**empty, "completed": (1,), "score": 50},
        s1={**empty, "score": 0},
        s2={**empty, "completed": (1,), "score": 20},
    )
    over = end_hand(state, state.players, went_out=None)
    assert over.is_over
    assert over.winners == (2,)
    assert over.ranking == (2, 0, 1)
    tied = with_players(new_game(2, rules, seed=1), s0=empty, s1=empty)
    assert end_hand(tied, tied.players, went_out=None).winners == (0, 1)
    with pytest.raises(InvalidRulesError, match="max_hands"):
        Rules(max_hands=0)


# ---------------------------------------------------------------------------
# Every new variant: JSON and records
# ---------------------------------------------------------------------------

NEW = (
    "world-tour",
    "teams",
    "twist-card",
    "reverse-cards",
    "super-wild",
    "hard-2p-masters",
    "alternating-runs",
    "fresh-deck",
    "last-stand",
    "partial-phasing",
    "skip-stacking",
    "extended-wilds",
)


@pytest.mark.parametrize("spec", profile_variants(NEW))
def test_new_variants_round_trip_through_json_and_records(spec: str) -> None:
    """A GreedyBot game of each new variant ends, every card of the decks in play always
    somewhere; its final state survives JSON, and its record replays to the same final
    state."""
    rules = variants.resolve(spec)
    players = 4 if rules.teams else 2 if rules.max_players == 2 else 3
    record = GameRecord.start(players, rules, seed=7)
    actions = []

    def seen(before: GameState, action: Action, after: GameState) -> None:
        assert all_cards(after) == deck_counter(rules, after.decks), action
        actions.append(action)

    final = play_game(record.initial_state(), [GreedyBot()] * players, on_action=seen)
    assert final.is_over
    assert from_json(to_json(final)) == final
    replayed = record.extend(actions).with_digests()
    assert replayed.final_state() == final
    assert from_json(to_json(replayed), GameRecord).final_state() == final


def _pair_outcome(spec: str) -> str:
    """``"ok"`` when the spec resolves and deals a game, else the refusal's message."""
    try:
        rules = variants.resolve(spec)
    except InvalidRulesError as error:
        return str(error)
    players = allowed_players(rules)
    assert players, f"{spec}: no table size from 2 to 6 is allowed"
    state = new_game(players[0], rules, seed=1)
    validate_state(state)
    assert legal_actions(state)
    return "ok"


@pytest.mark.parametrize("spec", NEW)
def test_new_variants_combine_with_every_variant_or_say_why_not(spec: str) -> None:
    """Issue 14: each new variant composes with ``+`` with every registered variant, in
    either order, into rules that deal a valid game, or the combination is refused with
    an InvalidRulesError that names a part of it (the same answer in both orders)."""
    for other in variants.names():
        if other == spec:
            continue
        outcomes = [_pair_outcome(f"{spec}+{other}"), _pair_outcome(f"{other}+{spec}")]
        for outcome in outcomes:
            assert outcome == "ok" or spec in outcome or other in outcome, (other, outcome)
        assert (outcomes[0] == "ok") == (outcomes[1] == "ok"), (other, outcomes)
