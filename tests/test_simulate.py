"""phase10.simulate: seeded bot games summarised exactly, the same with any number of workers."""

from __future__ import annotations

import itertools
import json
import multiprocessing
import threading
import warnings
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import simbots
from phase10 import GreedyBot, InvalidDataError, InvalidRulesError, RandomBot, variants
from phase10.simulate import (
    GameOutcome,
    SimulationSummary,
    compare_bots,
    make_bot,
    play_one,
    read_results,
    simulate,
    summarize_files,
    wilson_interval,
)
from phase10.simulate.runner import start_context
from phase10.simulate.seeds import SeedSet


def outcome(seed: int, winners: tuple[int, ...], scores: tuple[int, ...]) -> GameOutcome:
    return GameOutcome(
        seed=seed,
        hands=seed,
        turns=10 * seed,
        winners=winners,
        scores=scores,
        phases=(1,) * len(scores),
        actions=30 * seed,
    )


OUTCOMES = (
    outcome(1, (0,), (0, 50, 20)),
    outcome(2, (1, 2), (30, 10, 10)),  # a shared win
    outcome(6, (2,), (60, 90, 0)),
)
SUMMARY = SimulationSummary.from_outcomes("standard", ("greedy", "random", "greedy"), OUTCOMES)


# --------------------------------------------------------------------------- statistics


def test_statistics_are_derived_from_the_outcomes() -> None:
    assert SUMMARY.games == SUMMARY.finished == 3
    assert SUMMARY.players == 3
    assert SUMMARY.seed == 1
    assert SUMMARY.seeds == ((1, 3), (6, 7))
    assert SUMMARY.hands_mean == 3
    assert SUMMARY.hands_median == 2
    assert SUMMARY.turns_mean == 30
    assert SUMMARY.turns_median == 20
    assert SUMMARY.actions_mean == 90
    assert SUMMARY.wins_by_seat == pytest.approx((1, 0.5, 1.5))
    assert SUMMARY.win_rate_by_seat == pytest.approx((1 / 3, 1 / 6, 1 / 2))
    assert SUMMARY.mean_score_by_seat == pytest.approx((30, 50, 10))
    assert SUMMARY.mean_score == pytest.approx(270 / 9)


def test_bot_rates_are_per_seat_so_kinds_compare_fairly() -> None:
    # greedy plays seats 0 and 2: its per-seat rate is the mean of theirs.
    assert dict(SUMMARY.win_rate_by_bot) == pytest.approx({"greedy": 5 / 12, "random": 1 / 6})
    assert dict(SUMMARY.mean_score_by_bot) == pytest.approx({"greedy": 20, "random": 50})
    assert list(SUMMARY.win_rate_by_bot) == ["greedy", "random"]  # seat order
    # greedy's interval pools its two seats: 2.5 wins in 6 seat-games.
    assert SUMMARY.win_interval_by_bot["greedy"] == wilson_interval(2.5, 6)


@given(st.lists(st.integers(0, 40), min_size=1, max_size=30))
def test_medians_from_histograms_are_exact(hands: list[int]) -> None:
    import statistics

    games = [outcome(seed, (0,), (0, 5)) for seed in range(len(hands))]
    games = [
        GameOutcome(o.seed, h, h, o.winners, o.scores, o.phases)
        for o, h in zip(games, hands, strict=True)
    ]
    summary = SimulationSummary.from_outcomes("standard", ("greedy", "random"), games)
    assert summary.hands_median == statistics.median(hands)
    assert summary.hands_mean == pytest.approx(statistics.fmean(hands))


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(81, 263)  # the textbook example
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    narrow, wide = wilson_interval(50, 100, 0.9), wilson_interval(50, 100, 0.99)
    assert wide[0] < narrow[0] < 0.5 < narrow[1] < wide[1]
    with pytest.raises(ValueError, match="confidence"):
        wilson_interval(1, 2, 1.0)


def test_an_empty_simulation_has_zero_statistics() -> None:
    empty = simulate("to-phase-1", "greedy", games=0, seed=5)
    assert (empty.games, empty.hands_mean, empty.hands_median, empty.mean_score) == (0, 0, 0, 0)
    assert empty.win_rate_by_seat == (0.0,) * 4
    assert empty.seed == 5
    assert empty.win_interval_by_seat == ((0.0, 1.0),) * 4


# --------------------------------------------------------------------------- merging and JSON


def test_merge_in_any_order_equals_one_run() -> None:
    whole = simulate("to-phase-1", ["greedy", "random"], games=9, seed=20)
    parts = [
        simulate("to-phase-1", ["greedy", "random"], games=n, seed=s)
        for s, n in ((26, 3), (20, 4), (24, 2))
    ]
    assert SimulationSummary.merge(*parts) == whole
    assert parts[2].merge(parts[0], parts[1]) == whole
    assert SimulationSummary.merge(whole) == whole


def test_merge_refuses_a_seed_counted_twice() -> None:
    a = simulate("to-phase-1", "greedy", games=3, players=2, seed=0)
    b = simulate("to-phase-1", "greedy", games=3, players=2, seed=2)
    with pytest.raises(InvalidDataError, match="seeds 2-4 are in two summaries"):
        a.merge(b)


def test_merge_refuses_other_variants_or_bots() -> None:
    a = simulate("to-phase-1", ["greedy", "random"], games=1)
    with pytest.raises(InvalidDataError, match="cannot merge"):
        a.merge(simulate("to-phase-1", ["random", "greedy"], games=1, seed=5))
    with pytest.raises(InvalidDataError, match="cannot merge"):
        a.merge(simulate("to-phase-2", ["greedy", "random"], games=1, seed=5))


def test_to_dict_is_json_ready_and_round_trips() -> None:
    data = json.loads(json.dumps(SUMMARY.to_dict()))
    assert data["hands_per_game"] == {"mean": 3, "median": 2, "histogram": [[1, 1], [2, 1], [6, 1]]}
    assert data["seeds"] == [[1, 2], [6, 6]]
    assert data["win_counts"] == [
        {"seats": [0], "games": 1},
        {"seats": [1, 2], "games": 1},
        {"seats": [2], "games": 1},
    ]
    assert data["seats"][1] == {
        "seat": 1,
        "bot": "random",
        "wins": 0.5,
        "win_rate": pytest.approx(1 / 6),
        "win_rate_95": pytest.approx(list(wilson_interval(0.5, 3))),
        "mean_score": 50,
        "mean_phases": 1,
        "score_total": 150,
        "phase_total": 3,
    }
    assert data["bots_summary"][0]["seats"] == 2
    assert SimulationSummary.from_dict(data) == SUMMARY


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.pop("seeds"), "$"),
        (lambda d: d.update(spec=3), "$.spec"),
        (
            lambda d: d["hands_per_game"].update(histogram=[[1, -1]]),
            "$.hands_per_game.histogram[0][1]",
        ),
        (lambda d: d["seats"][0].update(score_total=True), "$.seats[0].score_total"),
        (lambda d: d["seats"].pop(), "$.seats"),
        (lambda d: d["seeds"].append([0, 0]), None),  # three seeds, four games
        (lambda d: d["seeds"].append([2, 5]), "$.seeds"),  # overlaps 1-2
        (lambda d: d["win_counts"][0].update(seats=[7]), None),
    ],
)
def test_from_dict_refuses_bad_documents(change: object, path: str | None) -> None:
    data = json.loads(json.dumps(SUMMARY.to_dict()))
    change(data)  # type: ignore[operator]
    with pytest.raises(InvalidDataError) as error:
        SimulationSummary.from_dict(data)
    assert error.value.path == path


# --------------------------------------------------------------------------- playing


def test_games_are_seeded_from_seed_plus_index() -> None:
    rules = variants.resolve("to-phase-1")
    seen: list[GameOutcome] = []
    summary = simulate(rules, ["random", "greedy"], games=3, seed=40, on_outcome=seen.append)
    assert [o.seed for o in seen] == [40, 41, 42]
    assert seen[2] == play_one(rules, ("random", "greedy"), 42)
    assert summary.spec == "to-phase-1"
    assert summary == SimulationSummary.from_outcomes("to-phase-1", ("random", "greedy"), seen, 40)


def test_workers_do_not_change_the_result() -> None:
    one: list[GameOutcome] = []
    three: list[GameOutcome] = []
    bots = ["greedy", "random", "random"]
    a = simulate("to-phase-1", bots, games=7, seed=3, on_outcome=one.append)
    b = simulate("to-phase-1", bots, games=7, seed=3, workers=3, on_outcome=three.append)
    assert a == b
    assert one == three  # in seed order, whichever worker finished first


def test_a_game_at_the_action_cap_is_unfinished_never_finished() -> None:
    """Issue 10: a game stopped by the cap is no finished game and has no winner."""
    rules = variants.resolve("to-phase-1")
    capped = play_one(rules, ("greedy", "greedy"), 3, max_actions=5)
    assert (capped.finished, capped.winners, capped.actions) == (False, (), 5)
    whole = play_one(rules, ("greedy", "greedy"), 3)
    assert whole.finished
    assert whole.winners
    assert whole.actions > 5
    summary = simulate(rules, "greedy", games=4, players=2, max_actions=40)
    assert summary.unfinished > 0
    assert summary.games == 4 == summary.finished + summary.unfinished
    assert sum(count for _, count in summary.win_counts) == summary.finished


def test_progress_is_reported_from_the_start_to_the_end() -> None:
    calls: list[tuple[int, int]] = []
    simulate("to-phase-1", "greedy", games=5, players=2, progress=lambda d, t: calls.append((d, t)))
    assert calls[0] == (0, 5)
    assert calls[-1] == (5, 5)
    assert [d for d, _ in calls] == sorted({d for d, _ in calls})


def test_seeds_are_never_built_up_front() -> None:
    """Issue 9: a billion games used to raise MemoryError before the first game."""

    def stop(outcome: GameOutcome) -> None:
        if outcome.seed == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate("to-phase-1", "greedy", games=10**12, players=2, on_outcome=stop)


def test_players_default_from_the_bots() -> None:
    assert simulate("to-phase-1", "random", games=0).bots == ("random",) * 4
    assert simulate("to-phase-1", ["random", "greedy"], games=0).bots == ("random", "greedy")
    assert simulate("to-phase-1", ["greedy"], games=0, players=3).bots == ("greedy",) * 3


def test_bots_take_seats_in_turn() -> None:
    summary = simulate("to-phase-1", ["greedy", "random"], games=0, players=4)
    assert summary.bots == ("greedy", "random", "greedy", "random")
    assert summary.win_rate_by_bot.keys() == {"greedy", "random"}


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"bots": ["greedy", "clever"]}, InvalidDataError),
        ({"bots": []}, InvalidDataError),
        ({"bots": ["greedy", "random"], "players": 3}, InvalidDataError),
        ({"bots": "simbots:NOT_A_FACTORY"}, InvalidDataError),
        ({"bots": "simbots:Missing"}, InvalidDataError),
        ({"bots": "no_such_module_here:Bot"}, InvalidDataError),
        ({"games": -1}, InvalidDataError),
        ({"games": True}, InvalidDataError),
        ({"seed": "1"}, InvalidDataError),
        ({"workers": 0}, InvalidDataError),
        ({"max_actions": 0}, InvalidDataError),
        ({"backend": "spark"}, InvalidDataError),
        ({"address": "auto"}, InvalidDataError),  # an address is for Ray
        ({"resume": True}, InvalidDataError),  # nothing to resume
        ({"players": 7}, InvalidRulesError),
        ({"spec": "nope"}, InvalidRulesError),
    ],
)
def test_bad_arguments_raise_before_any_game(kwargs: dict[str, object], error: type) -> None:
    played: list[GameOutcome] = []
    arguments: dict[str, object] = {
        "spec": "to-phase-1",
        "games": 1,
        "on_outcome": played.append,
        **kwargs,
    }
    with pytest.raises(error):
        simulate(**arguments)  # type: ignore[arg-type]
    assert played == []


# --------------------------------------------------------------------------- bots


def test_make_bot() -> None:
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert isinstance(make_bot("random", 1), RandomBot)
    with pytest.raises(InvalidDataError, match="no bot named 'x'"):
        make_bot("x", 1)


def test_custom_bots_by_import_path_and_by_factory() -> None:
    assert isinstance(make_bot("simbots:FirstChoice", 1), simbots.FirstChoice)  # no seed taken
    assert make_bot("simbots:LastChoice", 7).seed == 7  # type: ignore[attr-defined]
    by_path = simulate("to-phase-1", ["simbots:coin", "simbots:LastChoice"], games=3)
    by_object = simulate("to-phase-1", [simbots.coin, simbots.LastChoice], games=3)
    assert by_path == by_object
    assert by_path.bots == ("simbots:coin", "simbots:LastChoice")


def test_custom_bots_run_in_worker_processes() -> None:
    bots: Sequence[object] = ["simbots:coin", "simbots:FirstChoice", "greedy"]
    one = simulate("to-phase-1", bots, games=4)  # type: ignore[arg-type]
    two = simulate("to-phase-1", bots, games=4, workers=2)  # type: ignore[arg-type]
    assert one == two


def test_workers_start_without_fork_beside_threads() -> None:
    """A process that runs threads (Ray's, a server's) must not fork its workers: a child
    could inherit a lock another thread holds. They start by forkserver then, and play
    the same games."""
    bots: Sequence[object] = ["simbots:coin", "greedy"]
    quiet = simulate("to-phase-1", bots, games=4)  # type: ignore[arg-type]
    release = threading.Event()
    helper = threading.Thread(target=release.wait)
    helper.start()
    try:
        if multiprocessing.get_start_method() == "fork":
            assert start_context().get_start_method() == "forkserver"
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")  # Python 3.12+ warns of fork() beside threads
            busy = simulate("to-phase-1", bots, games=4, workers=2)  # type: ignore[arg-type]
        assert not [w for w in caught if "fork" in str(w.message)]
    finally:
        release.set()
        helper.join()
    assert busy == quiet


def test_bots_of_the_running_script_keep_forked_workers() -> None:
    """A bot defined in the script or notebook that runs (``__main__``) exists only in a
    forked child, so workers fork even beside threads."""

    def notebook_bot(seed: int) -> GreedyBot:
        return GreedyBot()

    notebook_bot.__module__ = "__main__"
    release = threading.Event()
    helper = threading.Thread(target=release.wait)
    helper.start()
    try:
        assert start_context([notebook_bot]).get_start_method() == (
            multiprocessing.get_start_method()
        )
        if multiprocessing.get_start_method() == "fork":
            assert start_context(["greedy"]).get_start_method() == "forkserver"
    finally:
        release.set()
        helper.join()


@pytest.mark.slow  # an interpreter per start method; the fast run starts forkserver and spawn
def test_a_chosen_start_method_is_used_even_beside_threads() -> None:
    """``start_method`` overrides the automatic choice (forkserver beside threads), and
    workers started that way play the same games."""
    release = threading.Event()
    helper = threading.Thread(target=release.wait)
    helper.start()
    try:
        for method in multiprocessing.get_all_start_methods():
            assert start_context(["greedy"], method).get_start_method() == method
    finally:
        release.set()
        helper.join()
    inline = simulate("to-phase-1", "greedy", games=3)
    assert simulate("to-phase-1", "greedy", games=3, workers=2, start_method="spawn") == inline


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"start_method": "thread"}, r"start_method must be one of .*spawn.* not 'thread'"),
        ({"start_method": 1}, r"start_method must be one of .* not 1"),
        ({"start_method": "spawn", "backend": "ray"}, r"a start method is for the local"),
    ],
)
def test_a_bad_start_method_is_refused_before_any_game(
    tmp_path: Path, options: dict[str, object], message: str
) -> None:
    out = tmp_path / "results.jsonl"
    with pytest.raises(InvalidDataError, match=message) as caught:
        simulate("to-phase-1", "greedy", games=2, out=out, **options)  # type: ignore[arg-type]
    assert caught.value.path == "start_method"
    assert not out.exists()


def test_a_factory_with_the_wrong_signature_is_refused() -> None:
    def needs_two(seed: int, other: int) -> GreedyBot:
        return GreedyBot()

    with pytest.raises(InvalidDataError, match=r"factory\(seed\) or factory\(\)"):
        simulate("to-phase-1", needs_two, games=1)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- results files


def run_to_file(path: Path, games: int = 6, seed: int = 0, **kwargs: object) -> SimulationSummary:
    return simulate("to-phase-1", ["greedy", "random"], games, seed, out=path, **kwargs)  # type: ignore[arg-type]


def test_results_file_has_one_line_per_game_in_seed_order(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    summary = run_to_file(path, workers=2)
    lines = path.read_text().splitlines()
    first = json.loads(lines[0])
    assert list(first) == [
        "seed", "variant", "seats", "bots", "finished", "winners",
        "scores", "phases", "hands", "turns", "actions",
    ]  # fmt: skip
    assert (first["variant"], first["seats"], first["bots"]) == (
        "to-phase-1",
        2,
        ["greedy", "random"],
    )
    assert [json.loads(line)["seed"] for line in lines] == list(range(6))
    assert summarize_files([path]) == summary
    assert [o for *_, o in read_results(path)][3] == play_one(
        variants.resolve("to-phase-1"), ("greedy", "random"), 3
    )


def test_an_existing_file_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    run_to_file(path, games=2)
    before = path.read_bytes()
    with pytest.raises(InvalidDataError, match="already holds results"):
        run_to_file(path, games=2)
    assert path.read_bytes() == before


@pytest.mark.parametrize("workers", [1, 2])
def test_resume_after_an_interruption_writes_the_same_file(tmp_path: Path, workers: int) -> None:
    whole = tmp_path / "whole.jsonl"
    expected = run_to_file(whole, games=12, workers=workers)
    cut = tmp_path / "cut.jsonl"

    written: list[GameOutcome] = []

    def interrupt(done: int, total: int) -> None:
        if written and done >= 3:  # some games written, a later batch just in
            raise KeyboardInterrupt  # what Ctrl-C does in the driver

    with pytest.raises(KeyboardInterrupt):
        run_to_file(cut, games=12, workers=workers, progress=interrupt, on_outcome=written.append)
    kept = len(cut.read_text().splitlines())
    assert 0 < kept < 12
    resumed: list[int] = []
    summary = run_to_file(
        cut, games=12, workers=workers, resume=True, on_outcome=lambda o: resumed.append(o.seed)
    )
    assert cut.read_bytes() == whole.read_bytes()
    assert summary == expected
    assert resumed == list(range(kept, 12))  # only the missing seeds were played


def test_resume_drops_a_line_cut_in_half(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    run_to_file(whole, games=5)
    text = whole.read_text()
    cut.write_text(text[: text.index("\n", text.index("\n") + 1) + 20])  # 2 lines and a bit
    assert len(list(read_results(cut))) == 2
    assert run_to_file(cut, games=5, resume=True) == summarize_files([whole])
    assert cut.read_text() == text


def test_resume_can_extend_a_run(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    run_to_file(path, games=3)
    assert run_to_file(path, games=6, resume=True) == run_to_file(tmp_path / "b.jsonl", games=6)


def test_resume_refuses_a_file_of_another_simulation(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    run_to_file(path, games=2)
    with pytest.raises(InvalidDataError, match=r"r.jsonl:1: holds a game of 'to-phase-1'"):
        simulate("to-phase-2", ["greedy", "random"], 2, out=path, resume=True)


def test_summarize_merges_runs_split_by_seed_ranges(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.json"
    run_to_file(a, games=4, seed=0)
    second = run_to_file(b, games=4, seed=4)
    c.write_text(json.dumps(second.to_dict(), indent=2))
    whole = simulate("to-phase-1", ["greedy", "random"], 8)
    assert summarize_files([a, b]) == whole == summarize_files([c, a])
    with pytest.raises(InvalidDataError, match="seed 4 is counted twice"):
        summarize_files([a, b, b])


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{", "not a JSON line"),
        ('{"seed": 1}', "missing 'variant'"),
        ("[1, 2]", "expected an object"),
    ],
)
def test_bad_lines_name_file_and_line(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "r.jsonl"
    run_to_file(path, games=2)
    with path.open("a") as file:
        file.write(line + "\n")
    with pytest.raises(InvalidDataError, match=message) as error:
        summarize_files([path])
    assert str(error.value).startswith(f"{path}:3")


def test_a_bad_line_field_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    run_to_file(path, games=1)
    record = json.loads(path.read_text())
    for key, value in [("winners", [5]), ("finished", 1), ("scores", [1]), ("extra", 0)]:
        path.write_text(json.dumps({**record, key: value}) + "\n")
        with pytest.raises(InvalidDataError):
            summarize_files([path])


# --------------------------------------------------------------------------- seed sets


@given(st.lists(st.integers(0, 60), max_size=40))
def test_seed_set_matches_a_plain_set(seeds: list[int]) -> None:
    tracked = SeedSet()
    plain: set[int] = set()
    for seed in seeds:
        assert tracked.add(seed) == (seed not in plain)
        plain.add(seed)
    assert len(tracked) == len(plain)
    assert all((s in tracked) == (s in plain) for s in range(-1, 62))
    gaps = {s for a, b in tracked.gaps(-1, 62) for s in range(a, b)}
    assert gaps == set(range(-1, 62)) - plain
    ranges = tracked.ranges()
    assert all(stop < start for (_, stop), (start, _) in itertools.pairwise(ranges))


def test_a_bot_that_cannot_reach_worker_processes_is_a_clear_error() -> None:
    with pytest.raises(InvalidDataError, match="cannot be sent to worker processes"):
        simulate("to-phase-1", lambda seed: GreedyBot(), 2, players=2, workers=2)


def test_a_bot_that_cannot_reach_ray_workers_is_a_clear_error() -> None:
    """A factory holding a lock cannot be pickled, even by Ray's cloudpickle: the run is
    refused before Ray starts, naming the bot. Before, Ray started and then raised its own
    TypeError about the task's argument, after a page of its serialization report."""
    pytest.importorskip("ray", reason="the ray extra is not installed")
    lock = threading.Lock()

    def locked(seed: int) -> GreedyBot:
        with lock:
            return GreedyBot()

    with pytest.raises(InvalidDataError, match=r"bot '.*locked' cannot be sent to Ray workers"):
        simulate("to-phase-1", [locked, "random"], 2, backend="ray", address="ray://nowhere:1")


@pytest.mark.slow  # starts a local Ray
def test_compare_bots_on_ray_starts_ray_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every rotation used to start (and stop) its own local Ray, seconds each: 47 s for
    six games of three seats on a 2-core machine. Ray now starts once for the comparison,
    and stops after it; the standings are those of local processes."""
    ray = pytest.importorskip("ray", reason="the ray extra is not installed")
    assert not ray.is_initialized()
    starts: list[object] = []
    init = ray.init

    def counted(*args: object, **kwargs: object) -> object:
        starts.append(kwargs.get("address"))
        return init(*args, **kwargs)

    monkeypatch.setattr(ray, "init", counted)
    bots = ["greedy", "random", "greedy"]
    on_ray = compare_bots("to-phase-1", bots, games=6, seed=3, backend="ray", workers=2)
    assert starts == [None]
    assert not ray.is_initialized()
    assert on_ray == compare_bots("to-phase-1", bots, games=6, seed=3, workers=2)
    with pytest.raises(InvalidDataError, match="start method"):  # before any Ray starts
        compare_bots("to-phase-1", bots, games=6, backend="ray", start_method="fork")
    assert starts == [None]
