"""SearchBot (issue 11, item 7): legal, deterministic, within its budget, stronger than chance.

Its strength against GreedyBots is measured by ``benchmarks/bench_search.py`` (too slow for
the test suite); here a short match shows it far ahead of random play.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

from phase10 import (
    Action,
    Bot,
    Discard,
    DrawStock,
    GameState,
    GreedyBot,
    NextHand,
    RandomBot,
    SearchBot,
    Stage,
    TakeDiscard,
    apply,
    legal_actions,
    new_game,
    player_view,
    sample_state,
    search,
)
from phase10.search import hand_value
from phase10.simulate import make_bot
from phase10.strategy import OutsBot


def decisions(players: int, seed: int, count: int) -> Iterator[GameState]:
    """States of a GreedyBot game where the player to act has a choice, ``count`` of them."""
    state = new_game(players, seed=seed)
    bot = GreedyBot()
    found = 0
    while found < count and not state.is_over:
        legal = legal_actions(state)
        if state.stage is Stage.HAND_OVER:
            state = apply(state, NextHand())
            continue
        seat = state.current_player
        assert seat is not None
        if len(legal) > 1:
            found += 1
            yield state
        state = apply(state, bot.choose(player_view(state, seat), legal))


def ask(bot: Bot, state: GameState) -> Action:
    """``bot``'s choice for the player to act in ``state``."""
    seat = state.current_player
    assert seat is not None
    return bot.choose(player_view(state, seat), legal_actions(state))


def plays_as_its_policy(bot: SearchBot, seed: int, count: int) -> bool:
    """Whether ``bot`` chooses as its own-seat policy, OutsBot, at ``count`` decisions of a
    three-player game."""
    policy = OutsBot()
    return all(ask(bot, s) == ask(policy, s) for s in decisions(3, seed=seed, count=count))


def test_choices_are_legal_and_searched_where_close() -> None:
    """Every choice is one of the legal actions; draws and discards are searched (the bot
    plays hands out), other choices are its policy's."""
    bot = SearchBot(seed=3, simulations=2)
    searched = 0
    for state in decisions(3, seed=2, count=40):
        seat = state.current_player
        assert seat is not None
        legal = legal_actions(state)
        before = bot.rollouts
        choice = bot.choose(player_view(state, seat), legal)
        assert choice in legal
        if bot.rollouts > before:
            searched += 1
            assert isinstance(choice, (Discard, DrawStock, TakeDiscard))
    assert searched > 10


def test_same_seed_same_choices() -> None:
    """No global randomness: two bots with one seed choose alike on the same views, and the
    same bot's own generator is all that varies its samples."""
    states = list(decisions(3, seed=7, count=15))
    first, second = SearchBot(seed=11, simulations=2), SearchBot(seed=11, simulations=2)
    for state in states:
        assert ask(first, state) == ask(second, state)
    assert first.rollouts == second.rollouts > 0


def test_simulations_bound_the_work() -> None:
    """Each searched decision plays ``simulations`` worlds for each of at most
    ``candidates`` actions."""
    bot = SearchBot(seed=1, simulations=3, candidates=2)
    for state in decisions(3, seed=5, count=20):
        before = bot.rollouts
        ask(bot, state)
        assert bot.rollouts - before in (0, 3 * 2)


def test_endgame_simulations_apply_once_another_seat_is_down() -> None:
    """``endgame_simulations`` worlds are played once another seat has laid down (the hand
    may end within a circuit, R-10.3), ``simulations`` before."""
    bot = SearchBot(seed=1, simulations=2, candidates=2, endgame_simulations=5)
    seen = set()
    for state in decisions(3, seed=5, count=120):
        seat = state.current_player
        assert seat is not None
        down = any(p.laid_down for s, p in enumerate(state.players) if s != seat)
        before = bot.rollouts
        ask(bot, state)
        played = bot.rollouts - before
        if played:
            assert played == (5 if down else 2) * 2
            seen.add(down)
    assert seen == {False, True}


def test_time_limit_bounds_the_thinking() -> None:
    """With a time limit, a decision stops sampling worlds once the time is spent: far
    fewer than the huge ``simulations`` asked, and soon after the limit."""
    state = next(s for s in decisions(4, seed=9, count=30) if s.stage is Stage.PLAY)
    seat = state.current_player
    assert seat is not None
    bot = SearchBot(seed=2, simulations=10**6, time_limit=0.05)
    began = time.perf_counter()
    choice = bot.choose(player_view(state, seat), legal_actions(state))
    assert time.perf_counter() - began < 1.0
    assert isinstance(choice, Discard)
    assert 0 < bot.rollouts < 10**4


def test_one_candidate_is_its_policy() -> None:
    """``candidates=1`` searches nothing: the bot is OutsBot."""
    bot = SearchBot(seed=1, candidates=1)
    assert plays_as_its_policy(bot, seed=4, count=20)
    assert bot.rollouts == 0


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"simulations": 0}, "simulations must be at least 1"),
        ({"candidates": 0}, "candidates must be at least 1"),
        ({"time_limit": 0.0}, "time_limit must be a positive"),
        ({"endgame_simulations": 0}, "endgame_simulations must be at least 1"),
    ],
)
def test_a_budget_of_nothing_is_refused(arguments: dict[str, int | float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SearchBot(**arguments)  # type: ignore[arg-type]


def test_it_is_a_bot_for_simulate_and_the_cli() -> None:
    """``--bot phase10:SearchBot``: the factory is called with the game's seed."""
    bot = make_bot("phase10:SearchBot", 5)
    assert isinstance(bot, SearchBot)
    state = next(decisions(2, seed=1, count=1))
    assert ask(bot, state) in legal_actions(state)


def test_far_ahead_of_random_play() -> None:
    """Two hands against RandomBot from a fixed seed: the SearchBot completes both phases
    (R-10), the random player not, and scores fewer penalty points (R-11)."""
    state = new_game(2, seed=3)
    bots: list[Bot] = [SearchBot(seed=3, simulations=2), RandomBot(seed=3)]
    while state.hand_number <= 2 and not state.is_over:
        legal = legal_actions(state)
        action: Action
        if state.stage is Stage.HAND_OVER:
            action = NextHand()
        else:
            seat = state.current_player
            assert seat is not None
            action = bots[seat].choose(player_view(state, seat), legal)
        state = apply(state, action)
    search, random_player = state.players
    assert len(search.completed) == 2 > len(random_player.completed)
    assert search.score < random_player.score


def test_hand_value_rewards_a_phase_and_few_points() -> None:
    """The search's yardstick: a hand where only seat 0 completed its phase and went out
    is worth more than nothing to seat 0, and as much less to the others on average."""
    state = next(decisions(2, seed=6, count=1))
    bot = GreedyBot()
    end = state
    while end.stage is not Stage.HAND_OVER:
        seat = end.current_player
        assert seat is not None
        end = apply(end, bot.choose(player_view(end, seat), legal_actions(end)))
    went_out = end.results[-1].went_out
    assert went_out is not None
    other = 1 - went_out
    assert hand_value(state, end, went_out) > 0 > hand_value(state, end, other)
    assert hand_value(state, end, went_out) == -hand_value(state, end, other)
    assert hand_value(state, state, 0) == 0


def test_policy_choice_stands_unless_clearly_beaten(monkeypatch: pytest.MonkeyPatch) -> None:
    """An option replaces OutsBot's only by more than MARGIN standard errors: with an
    unreachable margin the bot searches (plays hands out) yet always chooses as OutsBot."""
    monkeypatch.setattr(search, "MARGIN", 1e9)
    bot = SearchBot(seed=1, simulations=3)
    assert plays_as_its_policy(bot, seed=8, count=12)
    assert bot.rollouts > 0


def test_r_3_8_never_reads_the_hidden_cards() -> None:
    """Two states that differ only in what the seat cannot see (the other hands and the
    stock, dealt again by ``sample_state``) get the same choices from equally seeded bots."""
    rng = random.Random(5)
    for state in list(decisions(4, seed=12, count=40))[::8]:
        seat = state.current_player
        assert seat is not None
        other = sample_state(player_view(state, seat), rng)
        assert other.stock != state.stock
        assert player_view(other, seat) == player_view(state, seat)
        first, second = SearchBot(seed=9, simulations=2), SearchBot(seed=9, simulations=2)
        assert ask(first, state) == ask(second, other)
        assert first.rollouts == second.rollouts


def test_a_skip_greedybot_plays_is_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """When GreedyBot discards a Skip, only its target is searched: the bot plays every
    Skip discard out and no other discard, and even when it always leaves GreedyBot's
    choice (a margin below zero) it plays a Skip."""
    monkeypatch.setattr(search, "MARGIN", -1e9)
    greedy, bot = GreedyBot(), SearchBot(seed=4, simulations=2, candidates=50)
    skips = [
        s
        for s in decisions(4, seed=3, count=150)
        if isinstance(choice := ask(greedy, s), Discard) and choice.card.is_skip
    ]
    assert skips
    for state in skips[:3]:
        legal = legal_actions(state)
        targets = sum(isinstance(a, Discard) and a.card.is_skip for a in legal)
        assert targets < sum(isinstance(a, Discard) for a in legal)
        before = bot.rollouts
        choice = ask(bot, state)
        assert isinstance(choice, Discard)
        assert choice.card.is_skip
        assert bot.rollouts - before == (2 * targets if targets > 1 else 0)
