"""The Ray backend: on a local Ray with 2 CPUs, the same games as local processes, byte for byte.

Ray starts once for the module (about ten seconds with its first workers); every test
reuses it. That start-up is the whole module's cost, so the module is marked ``slow``: the
fast run leaves it out and CI's full-strength step (``HYPOTHESIS_PROFILE=ci``) runs it.
CI installs the ``ray`` extra and so runs these tests; elsewhere they are skipped when Ray
is missing, but never in CI.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import simbots
from phase10 import InvalidDataError
from phase10.simulate import BotError, GameOutcome, simulate, summarize_files
from phase10.simulate.family import Game

if os.environ.get("CI") != "true":
    pytest.importorskip("ray", reason="the ray extra is not installed")
import ray

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    """A local Ray of 2 CPUs that ships the test bots (``simbots``) to its workers."""
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"py_modules": [simbots]},
    )
    assert ray.cluster_resources()["CPU"] == 2
    yield
    ray.shutdown()


BOTS = ["greedy", "random", "simbots:coin"]


def test_ray_plays_the_same_games_as_local_processes(tmp_path: Path) -> None:
    local: list[GameOutcome] = []
    on_ray: list[GameOutcome] = []
    a = simulate(
        "to-phase-1", BOTS, 10, 7, 2, out=tmp_path / "local.jsonl", on_outcome=local.append
    )
    b = simulate(
        "to-phase-1",
        BOTS,
        10,
        7,
        backend="ray",
        out=tmp_path / "ray.jsonl",
        on_outcome=on_ray.append,
    )
    assert a == b
    assert local == on_ray
    assert (tmp_path / "local.jsonl").read_bytes() == (tmp_path / "ray.jsonl").read_bytes()
    assert summarize_files([tmp_path / "ray.jsonl"]) == b


def test_a_custom_bot_by_import_path_runs_on_ray_workers() -> None:
    bots = ["simbots:LastChoice", "simbots:FirstChoice"]
    on_ray = simulate("to-phase-1", bots, 4, backend="ray", workers=2, max_actions=300)
    assert on_ray == simulate("to-phase-1", bots, 4, max_actions=300)
    assert on_ray.bots == ("simbots:LastChoice", "simbots:FirstChoice")


def test_a_bot_the_workers_cannot_import_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "driver_only_bots.py").write_text("from phase10 import GreedyBot as Bot\n")
    monkeypatch.syspath_prepend(str(tmp_path))  # importable here, not on the workers
    with pytest.raises(InvalidDataError, match="cannot import 'driver_only_bots' on ") as error:
        simulate("to-phase-1", "driver_only_bots:Bot", 2, players=2, backend="ray")
    assert "py_modules" in str(error.value)
    sys.modules.pop("driver_only_bots", None)


def test_resume_on_ray_after_an_interruption_writes_the_same_file(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    expected = simulate("to-phase-1", BOTS, 16, backend="ray", out=whole)

    written: list[GameOutcome] = []

    def interrupt(done: int, total: int) -> None:
        if written and done >= 4:  # some games written, a later batch just in
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(
            "to-phase-1",
            BOTS,
            16,
            backend="ray",
            out=cut,
            progress=interrupt,
            on_outcome=written.append,
        )
    assert 0 < len(cut.read_text().splitlines()) < 16
    assert simulate("to-phase-1", BOTS, 16, backend="ray", out=cut, resume=True) == expected
    assert cut.read_bytes() == whole.read_bytes()


def test_an_interrupted_run_on_ray_cancels_no_task(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C leaves the batches in flight to finish: Ray 2.x crashes the driver when a task
    is cancelled as its reply arrives ("Tried to complete task that was not pending")."""
    cancelled: list[object] = []
    monkeypatch.setattr(ray, "cancel", lambda handle, **_: cancelled.append(handle))

    def interrupt(done: int, total: int) -> None:
        if done:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(
            "to-phase-1", BOTS, 16, backend="ray", out=tmp_path / "cut.jsonl", progress=interrupt
        )
    assert cancelled == []
    assert len((tmp_path / "cut.jsonl").read_text().splitlines()) < 16


@pytest.mark.parametrize(("game", "spec"), [("dice", "end-of-round"), ("twist", "short-board")])
def test_dice_and_twist_play_the_same_games_on_ray(game: Game, spec: str) -> None:
    """The dice rules hold cards (their faces): they once failed to load on Ray workers."""
    on_ray = simulate(spec, ["greedy", "random"], 4, 3, backend="ray", game=game)
    assert on_ray == simulate(spec, ["greedy", "random"], 4, 3, game=game)
    assert on_ray.games == 4


def test_a_failing_bot_on_ray_is_named_with_its_seat_and_game() -> None:
    """A bot's illegal action reaches the driver as the BotError, not Ray's unpicklable
    wrapper of the engine's error."""
    with pytest.raises(BotError) as caught:
        simulate("standard", ["greedy", "simbots:DrawsTwice"], games=2, backend="ray")
    assert (caught.value.bot, caught.value.seat) == ("simbots:DrawsTwice", 1)
    assert "which the game refused: " in str(caught.value)
