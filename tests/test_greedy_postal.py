"""GreedyBot prices Postal lay-downs with the personal Wilds the engine allows (V-10.2, A-26).

Under Postal the cards of a player's phase number are Wilds for that player on Phases 1-7
(V-10.2). GreedyBot lays down keeping its Wilds for later hits, so it prices a lay-down
step by the cards it plays as Wilds: a phase-number card played as a Wild costs what a
Wild costs, the way :func:`phase10.postal.acts_as_wild` and the engine's rules
(:func:`phase10.engine.common.player_rules`) see it. Games without personal Wilds are
priced as before (the golden games pin that).

The games have three players and ``dealer=0``: seat 1 plays first.
"""

from __future__ import annotations

import pytest

from helpers import play, stacked_game, with_players
from phase10 import (
    DrawStock,
    GameState,
    GreedyBot,
    LayDown,
    LayGroup,
    Rules,
    legal_actions,
    new_game,
    player_view,
    variants,
)
from phase10.bots import _lay_cost
from phase10.engine.common import player_rules
from phase10.postal import acts_as_wild

SET_HAND = "R7 B7 G7 G2 R3 R4 R5 R6 Y9 Y11"
"""On Phase 2 (a set of 3 and a run of 4): the 2s are Wild; the 7s make the set alone."""


def _postal(**options: bool) -> Rules:
    return variants.resolve("postal").with_options(**options)


def _on_phase_2(hand: str, rules: Rules) -> GameState:
    state = stacked_game({1: hand}, "Y12", "S", rules, players=3)
    state = with_players(state, s1={"completed": (1,)})
    return play(state, DrawStock())


def _steps(state: GameState) -> list[LayDown | LayGroup]:
    return [a for a in legal_actions(state) if isinstance(a, (LayDown, LayGroup))]


def _acting(state: GameState, action: LayDown | LayGroup) -> int:
    """The cards ``action`` lays that the engine's rules for the seat play as Wilds."""
    seat = state.current_player
    assert seat is not None
    rules = player_rules(state, seat)
    melds = action.melds if isinstance(action, LayDown) else (action.meld,)
    return sum(
        acts_as_wild(meld, i, card, rules) for meld in melds for i, card in enumerate(meld.cards)
    )


@pytest.mark.parametrize(
    "options",
    [{}, {"postal_wilds_natural": False}, {"postal_wilds_on_others": False}],
    ids=["default", "never natural", "not on others"],
)
def test_v10_2_greedy_keeps_a_phase_number_wild_out_of_a_natural_set(
    options: dict[str, bool],
) -> None:
    """V-10.2: a set of 7s with the G2 costs a Wild (the G2 is one for a player on Phase 2),
    the set of three 7s none; GreedyBot lays the natural set. Before, the G2 was priced as
    a plain card and the bot laid it away in the set."""
    state = _on_phase_2(SET_HAND, _postal(**options))
    view = player_view(state, 1)
    cost = _lay_cost(view)
    steps = _steps(state)
    assert {str(step.meld): cost(step) for step in steps if isinstance(step, LayGroup)} == {
        "R7 B7 G2": 1,
        "R7 G2 G7": 1,
        "B7 G2 G7": 1,
        "R7 B7 G7": 0,
    }
    chosen = GreedyBot().choose(view, legal_actions(state))
    assert isinstance(chosen, LayGroup)
    assert str(chosen.meld) == "R7 B7 G7"


def test_v10_2_a26_greedy_prices_the_rest_of_the_phase_with_phase_number_wilds() -> None:
    """V-10.2: the rest of the phase is priced with the phase-number cards as Wilds: the run
    R3 R4 _ R6 needs the G2 or the Wild, one either way, so the set of 7s with the Wild
    costs two in all, and the natural set one. A-26 ``postal_wilds_natural=False``: the G2
    standing for 2 in a run 2-5 is a Wild too."""
    state = _on_phase_2("R7 B7 G7 W G2 R3 R4 R6 Y9 Y11", _postal())
    cost = _lay_cost(player_view(state, 1))
    priced = {str(s.meld): cost(s) for s in _steps(state) if isinstance(s, LayGroup)}
    assert priced["R7 B7 G7"] == 1
    assert priced["R7 B7 W"] == 2
    strict = _on_phase_2("R7 B7 G7 G2 R3 R4 R5 Y9 Y11 Y10", _postal(postal_wilds_natural=False))
    cost = _lay_cost(player_view(strict, 1))
    priced = {str(s.meld): cost(s) for s in _steps(strict) if isinstance(s, LayGroup)}
    assert priced["R7 B7 G7"] == 1  # the run G2 R3 R4 R5 or R3 R4 R5 G2: the G2 is a Wild


@pytest.mark.parametrize("natural", [True, False])
def test_v10_2_greedy_prices_every_whole_lay_down_as_the_engine_does(natural: bool) -> None:
    """V-10.2, A-26: in Postal games between GreedyBots, every lay-down listed is priced
    at the number of cards the engine's rules for the seat play as Wilds."""
    priced = 0
    for seed in range(4):
        state = new_game(3, _postal(postal_wilds_natural=natural), seed=seed)
        bots = [GreedyBot() for _ in range(3)]
        for _ in range(1500):
            if state.is_over:
                break
            seat = state.current_player
            legal = legal_actions(state)
            if seat is None:  # the next hand is dealt
                state = play(state, legal[0])
                continue
            view = player_view(state, seat)
            cost = _lay_cost(view)
            for action in legal:
                if isinstance(action, LayDown) and player_rules(state, seat).wild_numbers:
                    assert cost(action) == _acting(state, action)
                    priced += 1
            state = play(state, bots[seat].choose(view, legal))
    assert priced > 0
