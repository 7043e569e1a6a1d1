"""The progress bar of ``phase10 simulate``: its rate and time left are measured from the
first games in, so the seconds Ray (or worker processes) take to start, which no later game
pays again, do not make the first reports read slow with an ETA far too long.

Every test reads time from a fake clock: no assertion depends on how fast this machine is.
"""

from __future__ import annotations

import io
import re

import pytest

import phase10.simulate
from phase10.cli.output import SETTLE_SECONDS, ProgressReporter
from phase10.simulate import simulate
from phase10.simulate.backends import open_backend
from phase10.simulate.outcome import Batch
from phase10.simulate.runner import Backend, Job

UNKNOWN = "- games/s, ETA -:--:--"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    """Time that passes only when a test says so."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def reporter(stream: io.StringIO, clock: Clock) -> ProgressReporter:
    return ProgressReporter(stream, "simulating", plain=True, unit="games", clock=clock)


def frames(stream: io.StringIO) -> list[str]:
    return [frame.rstrip() for frame in stream.getvalue().split("\r")[1:]]


def test_start_up_before_the_first_game_is_not_counted() -> None:
    """Thirty seconds of start-up, then ten games a second: the bar says ten a second."""
    clock, stream = Clock(), Terminal()
    with reporter(stream, clock) as bar:
        bar(0, 1000)  # before the first game: the backend starts after this call
        clock.now += 30  # a local Ray starting, its workers importing phase10
        bar(4, 1000)  # the first games in: the clock starts here
        clock.now += 2
        bar(24, 1000)
    assert frames(stream) == [
        "simulating: 0/1000, starting",
        f"simulating: 4/1000, {UNKNOWN}",
        "simulating: 24/1000, 10.0 games/s, ETA 0:01:38",
    ]


def test_resumed_games_are_not_counted_either() -> None:
    """A resumed run begins at 40 of 240: only the games played since count."""
    clock, stream = Clock(), Terminal()
    with reporter(stream, clock) as bar:
        bar(40, 240)
        clock.now += 5
        bar(90, 240)
        clock.now += 10
        bar(140, 240)
    assert frames(stream)[-1] == "simulating: 140/240, 5.0 games/s, ETA 0:00:20"


def test_no_rate_from_the_first_burst() -> None:
    """Workers started together finish their first games together: within
    ``SETTLE_SECONDS`` of the first, a rate would be read from a burst and the ETA far
    too short, so none shows yet."""
    clock, stream = Clock(), Terminal()
    with reporter(stream, clock) as bar:
        bar(0, 500)
        clock.now += 8
        bar(1, 500)
        clock.now += SETTLE_SECONDS / 10
        bar(4, 500)  # three games in a tenth of the settling time
        clock.now += SETTLE_SECONDS
        bar(10, 500)
    shown = frames(stream)
    assert shown[2] == f"simulating: 4/500, {UNKNOWN}"
    rate = 9 / (1.1 * SETTLE_SECONDS)
    assert shown[3].startswith(f"simulating: 10/500, {rate:.1f} games/s, ETA ")


def test_the_time_left_counts_down_to_zero() -> None:
    clock, stream = Clock(), Terminal()
    with reporter(stream, clock) as bar:
        bar(0, 30)
        clock.now += 3
        bar(10, 30)
        clock.now += 2
        bar(30, 30)
    assert frames(stream)[-1] == "simulating: 30/30, 10.0 games/s, ETA 0:00:00"


def test_without_a_unit_there_is_no_rate() -> None:
    clock, stream = Clock(), Terminal()
    with ProgressReporter(stream, "replaying", plain=True, clock=clock) as bar:
        bar(0, 2)
        clock.now += 5
        bar(1, 2)
        assert bar.speed(1, 2) == ""
    assert frames(stream) == ["replaying: 0/2", "replaying: 1/2"]


class SlowStart:
    """A backend that takes ``start_up`` seconds of the fake clock to start, then one second
    per batch; it records the games of each batch."""

    def __init__(self, inner: Backend, clock: Clock, batches: list[int]) -> None:
        self.inner = inner
        self.slots = inner.slots
        self.clock = clock
        self.batches = batches

    def submit(self, job: Job, start: int, stop: int) -> object:
        return self.inner.submit(job, start, stop)

    def wait(self, handles: list[object]) -> list[tuple[object, Batch]]:
        finished = self.inner.wait(handles)
        self.clock.now += 1
        self.batches.extend(len(batch.outcomes) for _, batch in finished)
        return finished

    def cancel(self, handles: list[object]) -> None:
        self.inner.cancel(handles)

    def close(self) -> None:
        self.inner.close()


def test_simulate_reports_before_its_backend_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the bar relies on: ``simulate`` reports once before its backend starts, so the
    start-up falls between that report and the first games in, where it is not counted."""
    clock, stream = Clock(), Terminal()
    batches: list[int] = []

    def slow_start(*args: object, **kwargs: object) -> Backend:
        clock.now += 30
        return SlowStart(open_backend(*args, **kwargs), clock, batches)  # type: ignore[arg-type]

    monkeypatch.setattr(phase10.simulate, "open_backend", slow_start)
    with reporter(stream, clock) as bar:
        simulate("to-phase-1", ["greedy", "random"], games=12, progress=bar)
    assert len(batches) >= 2
    assert sum(batches) == 12
    shown = frames(stream)
    assert shown[0] == "simulating: 0/12, starting"
    rate = (12 - batches[0]) / (len(batches) - 1)  # a second a batch after the first
    assert shown[-1] == f"simulating: 12/12, {rate:.1f} games/s, ETA 0:00:00"
    assert re.fullmatch(r"simulating: \d+/12, " + re.escape(UNKNOWN), shown[1])


def test_the_rich_bar_says_the_same() -> None:
    pytest.importorskip("rich", reason="the cli extra is not installed")
    clock, stream = Clock(), Terminal()
    with ProgressReporter(stream, "simulating", unit="games", clock=clock) as bar:
        bar(0, 100)
        clock.now += 30
        bar(5, 100)
        clock.now += 2
        bar(25, 100)
    text = stream.getvalue()
    assert "starting" in text
    assert "10.0 games/s, ETA 0:00:08" in text
