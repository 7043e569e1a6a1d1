"""A simulated bot that raises or plays an illegal action stops the run with a BotError
that names the bot, its seat and the game, in this process and from worker processes
alike; the games finished before it stay in the results file."""

from __future__ import annotations

import functools
import pickle
from pathlib import Path

import pytest

import simbots
from phase10 import (
    Bot,
    GreedyBot,
    IllegalActionError,
    IllegalReason,
    InvalidDataError,
    RandomBot,
    UnfinishedGameError,
    new_game,
)
from phase10.simulate import BotError, play_one, read_results, simulate
from phase10.variants import resolve


def test_a_bot_that_raises_is_named_with_its_seat_and_game() -> None:
    with pytest.raises(BotError) as caught:
        play_one(resolve("standard"), ["greedy", "simbots:Crashes"], 3)
    error = caught.value
    assert (error.bot, error.seat, error.seed, error.hand) == ("simbots:Crashes", 1, 3, 1)
    assert error.turn >= 5
    assert isinstance(error.__cause__, RuntimeError)
    assert str(error).startswith("game of seed 3: bot 'simbots:Crashes' at seat 1 raised ")
    assert "RuntimeError: out of ideas" in str(error)
    assert "play_one(rules, bots, 3)" in str(error)


def test_an_illegal_action_is_named_with_the_bot_and_the_engine_reason() -> None:
    with pytest.raises(BotError) as caught:
        play_one(resolve("standard"), ["simbots:DrawsTwice", "greedy"], 2)
    error = caught.value
    assert (error.bot, error.seat, error.seed) == ("simbots:DrawsTwice", 0, 2)
    assert isinstance(error.__cause__, IllegalActionError)
    assert "chose DrawStock(), which the game refused: " in str(error)


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("bot", ["simbots:Crashes", "simbots:DrawsTwice"])
def test_workers_report_the_bot_error_not_a_broken_pool(workers: int, bot: str) -> None:
    with pytest.raises(BotError) as caught:
        simulate("standard", ["greedy", bot], games=3, seed=5, workers=workers)
    # The first batch to fail ends the run: with workers, any game that fails may be it.
    assert (caught.value.bot, caught.value.seat) == (bot, 1)
    assert caught.value.seed in range(5, 8)


def test_spawned_workers_report_the_bot_error() -> None:
    with pytest.raises(BotError, match="bot 'simbots:Crashes' at seat 0"):
        simulate("to-phase-1", "simbots:Crashes", players=2, games=2, workers=2,
                 start_method="spawn")  # fmt: skip


def crashes_at_seed_2(seed: int) -> Bot:
    """The seat's bot fails in the game of seed 2 (bots are seeded ``seed * 16 + seat``)."""
    return simbots.Crashes() if seed // 16 == 2 else simbots.FirstChoice()


def test_games_written_before_the_failure_stay(tmp_path: Path) -> None:
    """A failing game stops the run; the games written before it stay in the file, so a
    run with the bot fixed can resume."""
    out = tmp_path / "results.jsonl"
    with pytest.raises(BotError) as caught:
        simulate("to-phase-1", ["greedy", crashes_at_seed_2], games=3, out=out)
    assert caught.value.seed == 2
    kept = [outcome.seed for *_, outcome in read_results(out)]
    assert kept == list(range(len(kept)))
    assert 0 in kept
    assert 2 not in kept


def test_the_engine_errors_cross_processes() -> None:
    """Pickled errors keep their arguments (the default pickling passed the message alone,
    so an IllegalActionError from a worker broke the process pool)."""
    illegal = IllegalActionError(IllegalReason.WRONG_STAGE, "you have already drawn this turn")
    copy = pickle.loads(pickle.dumps(illegal))
    assert (copy.reason, copy.message, str(copy)) == (illegal.reason, illegal.message, str(illegal))
    state = new_game(2, seed=1)
    unfinished = pickle.loads(pickle.dumps(UnfinishedGameError("stopped", state, 7)))
    assert (unfinished.message, unfinished.state, unfinished.actions) == ("stopped", state, 7)
    bot = BotError("game of seed 1: ...", "mine", 1, 1, 2, 3)
    copied = pickle.loads(pickle.dumps(bot))
    assert (copied.message, copied.bot, copied.seat, copied.seed, copied.hand, copied.turn) == (
        "game of seed 1: ...",
        "mine",
        1,
        1,
        2,
        3,
    )


def test_bots_that_play_legally_finish_their_games() -> None:
    outcome = play_one(resolve("to-phase-1"), ["greedy", "simbots:FirstChoice"], 1)
    assert outcome.finished
    assert outcome.winners


def make(seed: int, greedy: bool) -> Bot:
    return GreedyBot() if greedy else RandomBot(seed)


def test_two_different_bots_of_one_name_are_refused() -> None:
    """By-bot statistics and results files count bots by name: two lambdas (both
    ``<lambda>``) were pooled as one bot, each shown with the pair's average."""
    with pytest.raises(InvalidDataError, match=r"two different bots are named '.*<lambda>'"):
        simulate("to-phase-1", [lambda seed: GreedyBot(), lambda seed: RandomBot(seed)])


def test_partials_are_named_with_their_arguments() -> None:
    strong, weak = functools.partial(make, greedy=True), functools.partial(make, greedy=False)
    summary = simulate("to-phase-1", [strong, weak], games=6)
    name = "test_simulate_bot_errors:make"
    assert summary.bots == (f"{name}(greedy=True)", f"{name}(greedy=False)")
    assert summary.win_rate_by_bot == dict(zip(summary.bots, summary.win_rate_by_seat, strict=True))


def test_one_bot_under_two_spellings_is_one_bot() -> None:
    summary = simulate("to-phase-1", ["phase10.bots:GreedyBot", GreedyBot, " greedy"], games=2)
    assert summary.bots == ("phase10.bots:GreedyBot", "phase10.bots:GreedyBot", "greedy")
    assert sorted(summary.win_rate_by_bot) == ["greedy", "phase10.bots:GreedyBot"]


def test_a_bot_instead_of_its_factory_says_to_pass_the_class() -> None:
    """``simulate(..., [GreedyBot(), "random"])`` is an easy slip: the error said only "a bot
    is a name or a factory, not <phase10.bots.GreedyBot object at 0x...>"."""
    with pytest.raises(InvalidDataError, match=r"\(GreedyBot, not GreedyBot\(\)\)"):
        simulate("to-phase-1", [GreedyBot(), "random"], games=1)  # type: ignore[list-item]
