"""Rule defects found by review and the decisions taken on them (issue 9, part 3).

Each test is named by the rule it pins down; docs/rules_reference.rst ("Decisions on
points found open by review") states every decision in words.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import attrs
import pytest

from helpers import assert_illegal, card, cards, play, stacked_game, with_players
from phase10 import (
    STANDARD_PHASES,
    Action,
    ChoosePhase,
    DeckSpec,
    Discard,
    DrawStock,
    End,
    GameState,
    GiveCard,
    GreedyBot,
    Hit,
    IllegalReason,
    InvalidRulesError,
    LayDown,
    NextHand,
    PlayerView,
    Rules,
    RunOf,
    Save,
    SetOf,
    Stage,
    TakeDiscard,
    UnfinishedGameError,
    apply,
    legal_actions,
    new_game,
    parse_cards,
    play_game,
    standard_deck,
    variants,
)
from phase10.engine.common import save_room
from phase10.scoring import end_hand, hand_points

W, X = parse_cards("W X")


# ---------------------------------------------------------------------------
# V-1.6 / V-1.9: the Save piles never leave the next deal short
# ---------------------------------------------------------------------------


class Saver:
    """Saves whenever it may, else plays as GreedyBot: the hoarder of the defect report."""

    def __init__(self) -> None:
        self.greedy = GreedyBot()

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        saves = [a for a in legal if isinstance(a, Save)]
        return saves[0] if saves else self.greedy.choose(view, legal)


def nearly_full_piles() -> GameState:
    """Masters, four players, seat 1 to play: all but one spare card of the deck lie on
    Save piles (64 of the 65 a deal leaves), taken from the stock."""
    state = apply(new_game(4, "masters", seed=3), ChoosePhase(1))
    state = play(state, ChoosePhase(2), ChoosePhase(3), ChoosePhase(4), DrawStock())
    spare = state.stock
    piles = [spare[i::4] for i in range(4)]
    state = with_players(
        state, **{f"s{seat}": {"saved": tuple(sorted(piles[seat]))} for seat in range(4)}
    )
    state = attrs.evolve(state, stock=())
    assert save_room(state) == 1
    return state


def test_v1_6_save_refused_when_the_next_deal_would_run_short() -> None:
    """V-1.6 / V-1.9: Save piles that grew past what a deal needs made NextHand, the only
    legal action, raise IndexError. A Save that would leave the next deal short is now
    refused and not listed; the one before it is allowed."""
    state = nearly_full_piles()
    seat = state.current_player
    assert seat == 1
    assert Save(state.players[1].hand[0]) in legal_actions(state)
    state = apply(state, Save(state.players[1].hand[0]))
    assert save_room(state) == 0
    state = apply(state, TakeDiscard() if TakeDiscard() in legal_actions(state) else DrawStock())
    nxt = state.current_player
    assert nxt is not None
    assert not any(isinstance(a, Save) for a in legal_actions(state))
    assert_illegal(state, Save(state.players[nxt].hand[0]), IllegalReason.NOT_ALLOWED_BY_RULES)


def test_v1_6_full_piles_still_deal_every_hand() -> None:
    """V-1.6: played on from nearly full Save piles by players who save whenever they may,
    every deal is full and the piles never exceed what the deck can spare."""
    deals: list[GameState] = []

    def watch(before: GameState, action: Action, after: GameState) -> None:
        assert sum(len(p.saved) for p in after.players) <= 65
        if isinstance(action, NextHand):
            deals.append(after)

    try:
        final = play_game(
            nearly_full_piles(), [Saver() for _ in range(4)], on_action=watch, max_actions=3000
        )
    except UnfinishedGameError as error:  # a few hands are enough
        final = error.state
    assert deals
    for dealt in deals:
        assert all(len(dealt.players[s].hand) == 10 for s in dealt.seats)
        assert dealt.discard_pile
    assert final.hand_number > 1


# ---------------------------------------------------------------------------
# the final phase counts only in a hand its maker goes out
# ---------------------------------------------------------------------------

TWO_PHASES = Rules(phases=STANDARD_PHASES[:2], winner_must_go_out=True)
"""Phase 1 (two sets of 3), then the final phase 2 (a set of 3 and a run of 4)."""


def a14_hand(rules: Rules = TWO_PHASES) -> GameState:
    """Seat 1 (on the final phase) lays it down without going out; seat 0 goes out on
    phase 1."""
    state = stacked_game(
        {0: "R5 R5 B5 B5 G5 R6 R6 B6 B6 G6", 1: "R3 B3 G3 Y4 Y5 Y6 Y7 Y9 Y10 Y11"},
        "Y12",
        "G9 G1",
        rules,
    )
    state = with_players(state, s1={"completed": (1,)})
    return play(
        state,
        DrawStock(),
        LayDown((SetOf(3).make("R3 B3 G3"), RunOf(4).make("Y4 Y5 Y6 Y7"))),
        Discard(card("G9")),
        DrawStock(),
        LayDown((SetOf(3).make("R5 R5 B5 B5 G5"), SetOf(3).make("R6 R6 B6 B6 G6"))),
        Discard(card("G1")),
    )


def test_a14_final_phase_without_going_out_is_attempted_again() -> None:
    """A-14 winner_must_go_out=True: laying down the final phase without going out does
    not complete it; the player attempts it again next hand (before, they had no phase
    left and could never win)."""
    over = a14_hand()
    assert over.stage is Stage.HAND_OVER
    result = over.results[-1]
    assert result.went_out == 0
    assert result.completed == (1, None)
    assert over.players[0].completed == (1,)
    assert over.players[1].completed == (1,)
    after = apply(over, NextHand())
    assert after.target_phase(1) == STANDARD_PHASES[1]
    assert after.target_phase(0) == STANDARD_PHASES[1]


def test_a14_anti_phase_does_not_drop_the_held_back_player() -> None:
    """A-14 with V-5.2: the player who laid the final phase down did not fail it, so
    Anti-Phase does not move them down."""
    over = a14_hand(TWO_PHASES.with_options(anti_phase=True))
    assert over.players[1].completed == (1,)


def test_a14_greedy_game_seed_18_ends() -> None:
    """A-14: three GreedyBots, seed 18, used to play forever once a bot had laid down the
    final phase without going out; now the game ends with a winner who went out."""
    final = play_game(
        new_game(3, Rules(winner_must_go_out=True), seed=18),
        [GreedyBot() for _ in range(3)],
        max_actions=60_000,
    )
    assert final.is_over
    assert final.winner is not None
    assert final.results[-1].went_out == final.winner
    assert len(final.players[final.winner].completed) == 10


def test_a13_and_a14_cannot_be_combined() -> None:
    """A-13 ends the hand when the final phase is laid down, before anyone can go out, so
    with A-14 nobody could ever win: Rules refuses the pair."""
    with pytest.raises(InvalidRulesError, match="A-14") as info:
        Rules(end_when_sole_phase10_contender=True, winner_must_go_out=True)
    assert info.value.option == "end_when_sole_phase10_contender"


# ---------------------------------------------------------------------------
# return_and_flip stops when only Wilds are left
# ---------------------------------------------------------------------------


def test_a11_return_and_flip_with_only_wilds_left_is_bounded() -> None:
    """A-11 'return_and_flip': when every card left after the deal is a Wild the deal
    used to loop forever; now the Wild stays up and the first player may take it."""
    rules = Rules(
        initial_wild="return_and_flip", deck=DeckSpec(copies=1, wilds=32, skips=0), hand_size=12
    )
    deck = standard_deck(rules)  # 48 number cards and 24 Wilds dealt, then 8 Wilds left
    dealt: list[GameState] = []
    worker = threading.Thread(
        target=lambda: dealt.append(new_game(6, rules, seed=1, deck=deck)), daemon=True
    )
    worker.start()
    worker.join(timeout=20)
    assert dealt, "the deal did not finish"
    state = dealt[0]
    assert state.discard_pile == (W,)
    assert state.stock == (W,) * 7
    assert TakeDiscard() in legal_actions(state)


def test_a11_return_and_flip_still_flips_to_a_number_card() -> None:
    """A-11 'return_and_flip': a Wild turned up goes under the stock while a number card
    is left to turn up."""
    rules = Rules(initial_wild="return_and_flip")
    state = stacked_game({0: "", 1: "", 2: ""}, "W", "W W R7", rules)
    assert state.top_discard == card("R7")
    assert state.stock[-3:] == (W, W, W)


# ---------------------------------------------------------------------------
# the end of a run is needed only when both ends fit
# ---------------------------------------------------------------------------


def run_on_table() -> GameState:
    """Seat 1 has laid a set of 8s and the run 3-6 and still holds W, B2, G12 and Y7."""
    rules = Rules(phases=STANDARD_PHASES[1:])
    state = stacked_game({0: "", 1: "R3 B4 G5 Y6 R8 B8 G8 W B2 G12", 2: ""}, "Y12", "Y7", rules)
    lay = LayDown((SetOf(3).make("R8 B8 G8"), RunOf(4).make("R3 B4 G5 Y6")))
    return play(state, DrawStock(), lay)


def test_r6_9_hit_without_end_where_one_end_fits() -> None:
    """R-6.9: Y7 fits only the high end of 3-6 and B2 only the low end, so a Hit without
    an end is accepted and goes to the end that fits (it used to be refused)."""
    state = run_on_table()
    run = next(i for i, m in enumerate(state.players[1].melds) if m.describe() == "run 3-6")
    high = apply(state, Hit(card("Y7"), 1, run))
    assert high == apply(state, Hit(card("Y7"), 1, run, End.HIGH))
    assert high.players[1].melds[run].stands_for() == (3, 4, 5, 6, 7)
    low = apply(state, Hit(card("B2"), 1, run))
    assert low.players[1].melds[run].stands_for() == (2, 3, 4, 5, 6)
    assert_illegal(state, Hit(W, 1, run), IllegalReason.CARD_DOES_NOT_FIT)  # both ends fit
    assert_illegal(state, Hit(card("G12"), 1, run), IllegalReason.CARD_DOES_NOT_FIT)


# ---------------------------------------------------------------------------
# variants.resolve: both parts honoured or refused, in either order
# ---------------------------------------------------------------------------


def test_resolve_to_phase_before_a_phase_list_is_honoured() -> None:
    """V-7 with §L.1: "to-phase-10+phase-20" used to drop to-phase-10 and give 20 phases;
    now to-phase-N shortens the list whatever its place in the spec."""
    forward = variants.resolve("to-phase-10+phase-20")
    backward = variants.resolve("phase-20+to-phase-10")
    assert len(forward.phases) == len(backward.phases) == 10
    assert forward.phases == backward.phases
    assert [p.number for p in variants.resolve("to-phase-12+phase-20").phases][-1] == 12


@pytest.mark.parametrize("spec", ["masters+pick-a-phase", "pick-a-phase+masters"])
def test_resolve_masters_and_pick_a_phase_conflict(spec: str) -> None:
    """V-1.4 vs V-3/A-24: Masters names the phase at the start of the hand, pick-a-phase
    when it is laid down; the spec used to take Masters' timing silently."""
    with pytest.raises(InvalidRulesError) as info:
        variants.resolve(spec)
    message = str(info.value)
    assert "masters" in message
    assert "pick-a-phase" in message
    assert "phase_choice" in message


@pytest.mark.parametrize("spec", ["to-phase-3+to-phase-5", "to-phase-5+to-phase-3"])
def test_resolve_two_to_phase_parts_conflict(spec: str) -> None:
    """V-7: a spec plays to one phase; two to-phase-N parts conflict in either order."""
    with pytest.raises(InvalidRulesError, match="conflicts with to-phase-"):
        variants.resolve(spec)


# ---------------------------------------------------------------------------
# V-11 / R-9.4: a Wild on the discard pile when Wilds are Skips
# ---------------------------------------------------------------------------


def wild_discarded(rules: Rules, target: int | None) -> GameState:
    """Two players: seat 1 draws and discards a Wild (skipping ``target``)."""
    state = stacked_game({0: "", 1: "W R1 R2 B4 B6 G8 G10 Y11 Y12 R9"}, "B12", "G3", rules)
    return play(state, DrawStock(), Discard(W, target))


@pytest.mark.parametrize("target", [0, None])
def test_v11_discarded_wild_cannot_be_taken_by_default(target: int | None) -> None:
    """V-11 / R-9.4 wild_skip_pickup=False: under Truly Wild a discarded Wild is also a
    Skip, so nobody may take it, whether it skipped someone or not."""
    state = wild_discarded(variants.resolve("truly-wild"), target)
    assert state.top_discard == W
    assert TakeDiscard() not in legal_actions(state)
    assert_illegal(state, TakeDiscard(), IllegalReason.SKIP_NOT_TAKEABLE)


def test_v11_wild_skip_pickup_true_lets_it_be_taken() -> None:
    """V-11 wild_skip_pickup=True: a discarded Wild stays an ordinary card."""
    rules = variants.resolve("truly-wild").with_options(wild_skip_pickup=True)
    state = wild_discarded(rules, 0)
    assert TakeDiscard() in legal_actions(state)
    assert W in apply(state, TakeDiscard()).players[state.current_player or 0].hand


def test_v11_upturned_wild_may_still_be_taken() -> None:
    """V-11 with R-3.4: the Wild turned up at the deal may be taken on the first turn."""
    state = stacked_game({0: "", 1: ""}, "W", "", variants.resolve("truly-wild"))
    assert TakeDiscard() in legal_actions(state)


# ---------------------------------------------------------------------------
# V-5.3: the Anti-Phase drops stack
# ---------------------------------------------------------------------------


def anti_hand(rules: Rules) -> GameState:
    """Seat 1 (on phase 4) fails and still holds the rule card when seat 0 goes out."""
    state = stacked_game(
        {0: "R5 R5 B5 B5 G5 R6 R6 B6 B6 G6", 1: "X R1 R2 B4 Y6 G8 G10 Y11 Y12 R9"},
        "B12",
        "G3 G1",
        rules,
    )
    state = with_players(state, s1={"completed": (1, 2, 3)})
    lay = LayDown((SetOf(3).make("R5 R5 B5 B5 G5"), SetOf(3).make("R6 R6 B6 B6 G6")))
    return play(
        state,
        DrawStock(),
        Discard(card("G3")),
        DrawStock(),
        lay,
        Discard(card("G1")),
    )


def test_v5_3_drops_stack_by_default() -> None:
    """V-5.3 anti_drops_stack=True: failing the phase and holding the rule card are two
    drops (without the floor of issue 14, which would stop the second)."""
    over = anti_hand(variants.resolve("anti-phase-others").with_options(anti_floor=None))
    assert over.players[1].completed == (1,)
    floored = anti_hand(variants.resolve("anti-phase-others"))  # anti_floor=1
    assert floored.players[1].completed == (1, 2)


def test_v5_3_drops_do_not_stack_when_told() -> None:
    """V-5.3 anti_drops_stack=False: at most one drop per hand."""
    rules = variants.resolve("anti-phase-others").with_options(anti_drops_stack=False)
    assert anti_hand(rules).players[1].completed == (1, 2)


# ---------------------------------------------------------------------------
# Save piles in tiebreak hands
# ---------------------------------------------------------------------------

NINE = tuple(range(1, 10))


def tied_hand(rules: Rules) -> GameState:
    """Masters, three players: seats 0 and 1 lay down their tenth phase and tie; seat 2
    goes out. Each of the two holds R7 and has R5 on its Save pile."""
    state = new_game(3, rules, seed=2)
    r5, r7 = card("R5"), card("R7")
    finishing = {
        "completed": NINE,
        "laid_down": True,
        "phase_attempted": 10,
        "hand": (r7,),
        "saved": (r5,),
        "score": 40,
    }
    state = with_players(state, s0=finishing, s1=finishing, s2={"hand": ()})
    return end_hand(state, state.players, went_out=2)


def tiebreak_won(state: GameState) -> GameState:
    """The tiebreak hand of ``state``: seat 0 has saved B9 and goes out."""
    dealt = apply(state, NextHand())
    assert dealt.tiebreak
    r5 = card("R5")
    dealt = with_players(
        dealt,
        s0={"hand": (), "saved": (r5, card("B9")), "saved_this_hand": True},
        s1={"hand": (card("G11"),)},
    )
    return end_hand(dealt, dealt.players, went_out=0)


MASTERS_AT_END = variants.resolve("masters").with_options(masters_saved_cards_scored="at_game_end")


def test_a20_tiebreak_saves_scored_by_default() -> None:
    """A-20 masters_tiebreak_saves_scored=True: the tie is found on totals with the piles
    (45 + 5 each), and the piles are added when the game ends, after the tiebreak, the
    card saved in it (B9) included."""
    tied = tied_hand(MASTERS_AT_END)
    assert tied.tiebreak_seats == (0, 1)
    assert [p.score for p in tied.players[:2]] == [45, 45]
    final = tiebreak_won(tied)
    assert final.winners == (0,)
    assert [p.score for p in final.players[:2]] == [45 + 5 + 5, 45 + 10 + 5]


def test_a20_tiebreak_saves_not_scored_when_told() -> None:
    """A-20 masters_tiebreak_saves_scored=False: the piles count as they stood when the
    tie was found; the card saved in the tiebreak hand is not scored."""
    rules = MASTERS_AT_END.with_options(masters_tiebreak_saves_scored=False)
    tied = tied_hand(rules)
    assert [p.score for p in tied.players[:2]] == [50, 50]
    final = tiebreak_won(tied)
    assert [p.score for p in final.players[:2]] == [50, 50 + 10]


def test_a20_each_hand_scoring_in_tiebreak_hands() -> None:
    """A-20 'each_hand': a tiebreak hand scores the Save piles unless
    masters_tiebreak_saves_scored=False."""
    rules = variants.resolve("masters").with_options(masters_saved_cards_scored="each_hand")
    state = with_players(new_game(3, rules, seed=2), s0={"hand": (), "saved": (card("R5"),)})
    tiebreak = attrs.evolve(state, tiebreak=True)
    assert hand_points(tiebreak, 0) == 5
    off = attrs.evolve(tiebreak, rules=rules.with_options(masters_tiebreak_saves_scored=False))
    assert hand_points(off, 0) == 0
    assert hand_points(attrs.evolve(state, rules=off.rules), 0) == 5


# ---------------------------------------------------------------------------
# V-12 with V-1.4: phases chosen before or after the dealer places the upturned card
# ---------------------------------------------------------------------------

UPTURNED = variants.resolve("masters+dealer-places-upturned")


def test_v12_phases_chosen_before_the_deal_up_by_default() -> None:
    """V-12 / V-1.4 masters_choice_before_deal_up=True: everyone names a phase, then the
    dealer places the upturned Wild."""
    state = stacked_game({0: "", 1: "", 2: ""}, "W", "", UPTURNED)
    assert state.stage is Stage.CHOOSE_PHASE
    state = play(state, ChoosePhase(1), ChoosePhase(2), ChoosePhase(3))
    assert state.stage is Stage.DEAL_UP
    assert state.current_player == state.dealer


@pytest.mark.parametrize("receiver", [0, 1, 2])
def test_v12_deal_up_before_the_choice_when_told(receiver: int) -> None:
    """V-12 / V-1.4 masters_choice_before_deal_up=False: the dealer places the Wild as part
    of the deal; the receiver discards; then everyone chooses, and play starts left of the
    dealer, or after the receiver if that was the first player."""
    rules = UPTURNED.with_options(masters_choice_before_deal_up=False)
    state = stacked_game({0: "", 1: "", 2: ""}, "W", "", rules)
    assert state.stage is Stage.DEAL_UP
    state = apply(state, GiveCard(receiver))
    assert state.current_player == receiver
    state = apply(state, Discard(state.players[receiver].hand[0]))
    assert state.stage is Stage.CHOOSE_PHASE
    assert state.current_player == 1
    assert W in state.players[receiver].hand
    state = play(state, ChoosePhase(1), ChoosePhase(2), ChoosePhase(3))
    assert state.stage is Stage.DRAW
    assert state.current_player == (2 if receiver == 1 else 1)
    assert [state.players[s].phase_attempted for s in (1, 2, 0)] == [1, 2, 3]


def test_v12_upturned_skip_before_the_choice_when_told() -> None:
    """V-12 masters_choice_before_deal_up=False with an upturned Skip: the dealer names who
    loses the first turn, then everyone chooses, then that player's turn is lost."""
    rules = UPTURNED.with_options(masters_choice_before_deal_up=False)
    state = stacked_game({0: "", 1: "", 2: ""}, "S", "", rules)
    state = apply(state, GiveCard(1))
    assert state.stage is Stage.CHOOSE_PHASE
    state = play(state, ChoosePhase(4), ChoosePhase(5), ChoosePhase(6))
    assert state.stage is Stage.DRAW
    assert state.current_player == 2
    assert state.lost_turns == (1,)


def test_decision_options_have_documented_defaults() -> None:
    """The four options added for these decisions default as documented."""
    rules = Rules()
    assert rules.wild_skip_pickup is False
    assert rules.anti_drops_stack is True
    assert rules.masters_tiebreak_saves_scored is True
    assert rules.masters_choice_before_deal_up is True
    assert cards("W") == (W,)
