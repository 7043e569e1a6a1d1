"""``compare_bots`` and ``phase10 simulate --rotate``: every rotation of the table, paired seeds."""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phase10.simulate
from phase10 import GreedyBot, InvalidDataError, RandomBot
from phase10.cli import main
from phase10.simulate import BotComparison, compare_bots, simulate
from phase10.simulate.compare import rotations
from phase10.simulate.players import BotSpec, bot_name
from phase10.simulate.runner import InlineBackend
from phase10.simulate.summary import wilson_interval

SPEC = "to-phase-1"
TABLE = ("greedy", "random", "greedy")


@pytest.fixture(scope="module")
def table() -> BotComparison:
    return compare_bots(SPEC, list(TABLE), games=9, seed=11)


def test_every_rotation_is_played_on_the_same_seeds(table: BotComparison) -> None:
    assert [s.bots for s in table.rotations] == [
        ("greedy", "random", "greedy"),
        ("random", "greedy", "greedy"),
        ("greedy", "greedy", "random"),
    ]
    assert {s.seeds for s in table.rotations} == {((11, 14),)}
    assert table.games == 9
    assert table.bots == TABLE
    assert table.spec == SPEC


def test_each_rotation_is_simulate_of_that_table(table: BotComparison) -> None:
    """Paired: rotation r is exactly ``simulate`` of the turned table from the same seed."""
    for turned, summary in zip(rotations(TABLE), table.rotations, strict=True):
        assert summary == simulate(SPEC, list(turned), 3, 11)


def test_standings_add_up_the_rotation_summaries(table: BotComparison) -> None:
    greedy, random = table.standings
    finished = sum(s.finished for s in table.rotations)
    for standing in table.standings:
        seats = [
            (summary, seat)
            for summary in table.rotations
            for seat, name in enumerate(summary.bots)
            if name == standing.bot
        ]
        wins = sum(summary.wins_by_seat[seat] for summary, seat in seats)
        score = sum(summary.score_totals[seat] for summary, seat in seats)
        phases = sum(summary.phase_totals[seat] for summary, seat in seats)
        trials = finished * standing.seats
        assert (standing.games, standing.finished) == (9, finished)
        assert standing.wins == pytest.approx(wins)
        assert standing.win_rate == pytest.approx(wins / trials)
        assert standing.mean_score == pytest.approx(score / trials)
        assert standing.mean_phases == pytest.approx(phases / trials)
    assert table.win_rate_by_bot == {"greedy": greedy.win_rate, "random": random.win_rate}


def test_a_bot_listed_twice_pools_its_seats(table: BotComparison) -> None:
    """Two seats of one name are one bot: its wins are both seats', its rate per seat."""
    greedy, random = table.standings
    assert (greedy.bot, greedy.seats, random.bot, random.seats) == ("greedy", 2, "random", 1)
    finished = sum(s.finished for s in table.rotations)
    assert greedy.wins + random.wins == pytest.approx(finished)  # every game has its winners
    assert greedy.win_rate * 2 + random.win_rate == pytest.approx(1)
    greedy_seats_per_rotation = [s.bots.count("greedy") for s in table.rotations]
    assert greedy_seats_per_rotation == [2, 2, 2]


def test_one_bot_at_every_seat_wins_every_game() -> None:
    """Shared wins are split, so the wins of a bot holding every seat are the games, exactly."""
    comparison = compare_bots(SPEC, ["greedy"], games=8, seed=0, players=4)
    (greedy,) = comparison.standings
    # Four rotations of one table are one table: its 2 games count once.
    assert (greedy.seats, greedy.games, greedy.wins) == (4, 2, 2.0)
    assert greedy.win_rate == pytest.approx(0.25)


@settings(max_examples=max(5, settings().max_examples // 4))
@given(
    bots=st.lists(
        st.sampled_from(["greedy", "random", "simbots:FirstChoice"]), min_size=2, max_size=4
    ),
    per_rotation=st.integers(0, 2),
    seed=st.integers(0, 1000),
)
def test_every_seat_game_is_credited_once(bots: list[str], per_rotation: int, seed: int) -> None:
    """Over any table, the bots' wins are the finished games and their seats fill every game;
    a table that repeats is counted once."""
    comparison = compare_bots(SPEC, bots, games=per_rotation * len(bots), seed=seed)
    standings = comparison.standings
    tables = {s.bots: s for s in comparison.rotations}
    finished = sum(s.finished for s in tables.values())
    assert [s.bot for s in standings] == list(dict.fromkeys(bots))
    assert sum(s.seats for s in standings) == len(bots)
    assert sum(s.wins for s in standings) == pytest.approx(finished)
    assert all(s.games == per_rotation * len(tables) for s in standings)
    if finished:
        assert sum(s.win_rate * s.seats for s in standings) == pytest.approx(1)


def test_the_other_games_of_the_family() -> None:
    comparison = compare_bots("standard", ["greedy", "random"], games=2, game="dice")
    assert comparison.spec == "dice:standard"
    assert [s.bots for s in comparison.rotations] == [("greedy", "random"), ("random", "greedy")]


def test_the_same_on_any_worker_count(table: BotComparison) -> None:
    assert compare_bots(SPEC, list(TABLE), games=9, seed=11, workers=2) == table
    assert compare_bots(SPEC, list(TABLE), games=9, seed=11) == table


def test_unfinished_games_are_in_no_rate() -> None:
    comparison = compare_bots(SPEC, ["greedy", "random"], games=4, max_actions=1)
    assert (comparison.games, comparison.unfinished) == (4, 4)
    for standing in comparison.standings:
        assert (standing.finished, standing.wins, standing.win_rate) == (0, 0.0, 0.0)
        assert standing.win_interval == (0.0, 1.0)


def test_progress_counts_every_rotation() -> None:
    seen: list[tuple[int, int]] = []
    compare_bots(SPEC, ["greedy", "random"], games=4, progress=lambda d, t: seen.append((d, t)))
    assert seen[0] == (0, 4)
    assert seen[-1] == (4, 4)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert {total for _, total in seen} == {4}


def test_progress_is_reported_before_ray_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray starts once for every rotation, seconds before the first one's first call: the
    bar of ``--rotate --backend ray`` showed nothing until then. (Ray is stood in for: the
    order of calls is what is tested.)"""
    events: list[object] = []

    @contextlib.contextmanager
    def session(*args: object) -> Iterator[None]:
        events.append("ray starts")
        yield

    def backend(*args: object, **kwargs: object) -> InlineBackend:
        return InlineBackend()

    monkeypatch.setattr(phase10.simulate, "ray_session", session)
    monkeypatch.setattr(phase10.simulate, "open_backend", backend)
    compare_bots(
        SPEC, ["greedy", "random"], games=4, backend="ray", progress=lambda *c: events.append(c)
    )
    assert events[:2] == [(0, 4), "ray starts"]
    assert events[-1] == (4, 4)


def test_a_rotation_that_seats_the_same_table_is_not_played_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``greedy,random`` at four seats turns into itself every second rotation: the same
    seeds at the same table play the same games, so they are played once. The comparison is
    the one every rotation played gives (each rotation's own ``simulate``)."""
    bots = ["greedy", "random", "greedy", "random"]
    played: list[tuple[str, ...]] = []
    seen: list[tuple[int, int]] = []

    def counted(spec: str, table: list[str], games: int, *args: object, **kwargs: object) -> object:
        if games:
            played.append(tuple(table))
        return simulate(spec, table, games, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(phase10.simulate, "simulate", counted)
    comparison = compare_bots(SPEC, bots, games=8, seed=3, progress=lambda *c: seen.append(c))
    assert played == [tuple(bots), tuple(bots[1:] + bots[:1])]
    assert seen[-1] == (8, 8)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    monkeypatch.undo()
    turned = [bots[r:] + bots[:r] for r in range(4)]
    assert comparison.rotations == tuple(simulate(SPEC, t, 2, 3) for t in turned)


def test_a_repeated_table_counts_once_in_the_standings() -> None:
    """The copies of a repeated table are the same games: they widen no evidence, so the
    standings (and their intervals) count the distinct tables' games only."""
    bots = ["greedy", "random", "greedy", "random"]
    comparison = compare_bots(SPEC, bots, games=8, seed=3)
    distinct = BotComparison(comparison.rotations[:2] * 2)  # the same, built by hand
    greedy, random = comparison.standings
    assert (greedy.games, greedy.finished) == (4, 4)
    assert comparison.games == 8  # the games asked for, every rotation
    assert greedy.win_interval == wilson_interval(greedy.wins, 4 * 2)
    assert distinct.standings == comparison.standings
    assert greedy.win_rate + random.win_rate == pytest.approx(0.5)


def _played_tables(
    monkeypatch: pytest.MonkeyPatch, bots: list[BotSpec], games: int
) -> tuple[list[tuple[str, ...]], BotComparison]:
    """The tables compare_bots plays (by bot name), and its comparison."""
    played: list[tuple[str, ...]] = []

    def counted(spec: str, table: list[BotSpec], games: int, *args: Any, **kwargs: Any) -> Any:
        if games:
            played.append(tuple(bot_name(bot) for bot in table))
        return simulate(spec, table, games, *args, **kwargs)

    monkeypatch.setattr(phase10.simulate, "simulate", counted)
    comparison = compare_bots(SPEC, bots, games=games, seed=3)
    monkeypatch.undo()
    return played, comparison


def test_one_bot_named_two_ways_seats_a_table_that_is_not_played_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A factory and its import path, or two equal partials, are one bot (one name in the
    summaries): the rotation that only swaps them seats the table already played."""
    first, second = functools.partial(RandomBot, seed=1), functools.partial(RandomBot, seed=1)
    tables: list[list[BotSpec]] = [
        [GreedyBot, "random", "phase10.bots:GreedyBot", "random"],
        [first, "greedy", second, "greedy"],
    ]
    for bots in tables:
        played, comparison = _played_tables(monkeypatch, bots, 4)
        assert len(played) == 2, played
        assert comparison.rotations[2:] == comparison.rotations[:2]


def test_two_bots_of_one_kind_but_two_names_are_two_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    played, _ = _played_tables(monkeypatch, [GreedyBot, "random", "greedy", "random"], 4)
    assert len(played) == 4, "GreedyBot and 'greedy' are two names: summaries count two bots"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 7}, "games must be a multiple of 3, not 7"),
        ({"games": -3}, "games must be a whole number >= 0"),
        ({"games": True}, "games must be a whole number"),
        ({"bots": ["greedy", "nobody"]}, "no bot named 'nobody'"),
        ({"seed": -1}, "seed must be a whole number >= 0"),
    ],
)
def test_bad_input_is_refused(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"bots": list(TABLE), "games": 3, **kwargs}
    with pytest.raises(InvalidDataError, match=message):
        compare_bots(SPEC, **arguments)  # type: ignore[arg-type]


def test_a_comparison_must_hold_every_rotation(table: BotComparison) -> None:
    with pytest.raises(InvalidDataError, match="3 seats has 3 rotations, not 2"):
        BotComparison(table.rotations[:2])
    with pytest.raises(InvalidDataError, match="rotation 1 must seat random, greedy, greedy"):
        BotComparison((table.rotations[0], table.rotations[2], table.rotations[1]))
    other = simulate(SPEC, ["random", "greedy", "greedy"], 3, 50)
    with pytest.raises(InvalidDataError, match="variant and seeds of rotation 0"):
        BotComparison((table.rotations[0], other, table.rotations[2]))
    with pytest.raises(InvalidDataError, match="at least one rotation"):
        BotComparison(())


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["simulate", "--variant", SPEC, "--no-progress", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_rotate_prints_the_bots_table(
    capsys: pytest.CaptureFixture[str], table: BotComparison
) -> None:
    status, out, err = run(capsys, *_ROTATE, "--plain")
    assert (status, err) == (0, "")
    assert "3 rotations of 3 games from seed 11" in out
    greedy, random = table.standings
    assert f"{100 * greedy.win_rate:.1f}%" in out
    assert f"{100 * random.win_rate:.1f}%" in out
    assert "random,greedy,greedy" in out


def test_cli_rotate_says_when_a_table_repeats(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "--rotate", "--bots", "greedy,random", "--players", "4", "--games", "4", "--plain"
    )
    assert (status, err) == (0, "")
    assert "2 distinct tables: a rotation that seats the same table" in out
    status, out, err = run(capsys, *_ROTATE, "--plain")
    assert "distinct tables" not in out
    status, out, err = run(
        capsys, "--rotate", "--bots", "greedy,random", "--players", "4", "--games", "8",
        "--max-actions", "20", "--plain",
    )  # fmt: skip
    assert "unfinished (action cap, not counted): 4\n" in out  # the 4 games played, not 8


def test_cli_rotate_json(capsys: pytest.CaptureFixture[str], table: BotComparison) -> None:
    status, out, err = run(capsys, *_ROTATE, "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data == json.loads(json.dumps(table.to_dict()))
    assert [s["bot"] for s in data["standings"]] == ["greedy", "random"]
    assert len(data["rotations"]) == 3


@pytest.mark.parametrize(
    ("extra", "flags"),
    [
        (["--out", "x.jsonl"], "--out"),
        (["--out", "x.jsonl", "--resume"], "--out, --resume"),
        (["--summarize", "x.jsonl"], "--summarize"),
    ],
)
def test_cli_rotate_refuses_what_it_cannot_keep(
    capsys: pytest.CaptureFixture[str], extra: list[str], flags: str
) -> None:
    status, out, err = run(capsys, *_ROTATE, *extra)
    assert (status, out) == (2, "")
    assert err == f"phase10: --rotate: plays every rotation and keeps no games: drop {flags}\n"


def test_cli_rotate_refuses_games_it_cannot_split(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--rotate", "--bots", "greedy,random", "--games", "5")
    assert (status, out) == (2, "")
    assert "games must be a multiple of 2, not 5" in err
    assert err.count("\n") == 1


_ROTATE = ("--rotate", "--bots", "greedy,random,greedy", "--games", "9", "--seed", "11")


def test_a_comparison_reads_back_from_its_json(table: BotComparison) -> None:
    data = json.loads(json.dumps(table.to_dict()))
    assert BotComparison.from_dict(data) == table
    data["rotations"][1]["bots"] = "greedy"
    with pytest.raises(InvalidDataError) as caught:
        BotComparison.from_dict(data)
    assert caught.value.path == "$.rotations[1].bots"
    with pytest.raises(InvalidDataError, match="expected an object"):
        BotComparison.from_dict([])


def test_comparisons_of_other_seeds_merge_into_one(table: BotComparison) -> None:
    first = compare_bots(SPEC, list(TABLE), games=6, seed=11)
    rest = compare_bots(SPEC, list(TABLE), games=3, seed=13)
    assert first.merge(rest) == table
    other_table = compare_bots(SPEC, ["greedy", "random", "random"], games=3, seed=20)
    with pytest.raises(InvalidDataError, match="only comparisons of the same variant and table"):
        table.merge(other_table)
