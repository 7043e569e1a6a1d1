"""phase10.simulate: seeded bot games summarised, the same with any number of workers."""

from __future__ import annotations

import json

import pytest

from phase10 import GreedyBot, InvalidDataError, InvalidRulesError, RandomBot, variants
from phase10.simulate import GameOutcome, SimulationSummary, make_bot, play_one, simulate


def outcome(seed: int, winners: tuple[int, ...], scores: tuple[int, ...]) -> GameOutcome:
    return GameOutcome(
        seed=seed,
        hands=seed,
        turns=10 * seed,
        winners=winners,
        scores=scores,
        phases=(1,) * len(scores),
    )


SUMMARY = SimulationSummary(
    spec="standard",
    bots=("greedy", "random", "greedy"),
    seed=1,
    outcomes=(
        outcome(1, (0,), (0, 50, 20)),
        outcome(2, (1, 2), (30, 10, 10)),  # a shared win
        outcome(6, (2,), (60, 90, 0)),
    ),
)


def test_statistics_are_derived_from_the_outcomes() -> None:
    assert SUMMARY.games == 3
    assert SUMMARY.players == 3
    assert SUMMARY.hands_mean == 3
    assert SUMMARY.hands_median == 2
    assert SUMMARY.turns_mean == 30
    assert SUMMARY.wins_by_seat == pytest.approx((1, 0.5, 1.5))
    assert SUMMARY.win_rate_by_seat == pytest.approx((1 / 3, 1 / 6, 1 / 2))
    assert SUMMARY.mean_score_by_seat == pytest.approx((30, 50, 10))
    assert SUMMARY.mean_score == pytest.approx(270 / 9)


def test_bot_rates_are_per_seat_so_kinds_compare_fairly() -> None:
    # greedy plays seats 0 and 2: its per-seat rate is the mean of theirs.
    assert dict(SUMMARY.win_rate_by_bot) == pytest.approx({"greedy": 5 / 12, "random": 1 / 6})
    assert dict(SUMMARY.mean_score_by_bot) == pytest.approx({"greedy": 20, "random": 50})
    assert list(SUMMARY.win_rate_by_bot) == ["greedy", "random"]  # seat order


def test_to_dict_is_json_ready() -> None:
    data = json.loads(json.dumps(SUMMARY.to_dict()))
    assert data["hands_per_game"] == {"mean": 3, "median": 2}
    assert data["seats"][1] == {
        "seat": 1,
        "bot": "random",
        "wins": 0.5,
        "win_rate": pytest.approx(1 / 6),
        "mean_score": 50,
        "mean_phases": 1,
    }
    assert data["bots_summary"][0]["seats"] == 2
    assert data["outcomes"][1]["winners"] == [1, 2]


def test_an_empty_simulation_has_zero_statistics() -> None:
    empty = simulate("to-phase-1", "greedy", games=0)
    assert (empty.games, empty.hands_mean, empty.hands_median, empty.mean_score) == (0, 0, 0, 0)
    assert empty.win_rate_by_seat == (0.0,) * 4


def test_games_are_seeded_from_seed_plus_index() -> None:
    rules = variants.resolve("to-phase-1")
    summary = simulate(rules, ["random", "greedy"], games=3, seed=40)
    assert [o.seed for o in summary.outcomes] == [40, 41, 42]
    assert summary.outcomes[2] == play_one(rules, ("random", "greedy"), 42)
    assert summary.spec == "to-phase-1"


def test_workers_do_not_change_the_result() -> None:
    one = simulate("to-phase-1", ["greedy", "random", "random"], games=5, seed=3)
    three = simulate("to-phase-1", ["greedy", "random", "random"], games=5, seed=3, workers=3)
    assert one == three


def test_progress_is_reported_for_every_game() -> None:
    calls: list[tuple[int, int]] = []
    simulate("to-phase-1", "greedy", games=3, players=2, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 3), (2, 3), (3, 3)]


def test_players_default_from_the_bots() -> None:
    assert simulate("to-phase-1", "random", games=0).bots == ("random",) * 4
    assert simulate("to-phase-1", ["random", "greedy"], games=0).bots == ("random", "greedy")
    assert simulate("to-phase-1", ["greedy"], games=0, players=3).bots == ("greedy",) * 3


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"bots": ["greedy", "clever"]}, InvalidDataError),
        ({"bots": []}, InvalidDataError),
        ({"bots": ["greedy", "random"], "players": 3}, InvalidDataError),
        ({"games": -1}, InvalidDataError),
        ({"workers": 0}, InvalidDataError),
        ({"players": 7}, InvalidRulesError),
        ({"spec": "nope"}, InvalidRulesError),
    ],
)
def test_bad_arguments_raise_before_any_game(kwargs: dict[str, object], error: type) -> None:
    arguments: dict[str, object] = {"spec": "to-phase-1", "games": 1, **kwargs}
    with pytest.raises(error):
        simulate(**arguments)  # type: ignore[arg-type]


def test_make_bot() -> None:
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert isinstance(make_bot("random", 1), RandomBot)
    with pytest.raises(InvalidDataError, match="no bot named 'x'"):
        make_bot("x", 1)
