"""A stopped run (Ctrl-C, or a failed game) does not wait forever for a bot that never
returns: workers ignore Ctrl-C, so those still busy after ``STOP_SECONDS`` are terminated.
Before, the driver waited for them forever, and a second Ctrl-C waited again."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

TESTS = Path(__file__).parent

SCRIPT = """
import sys
from phase10.simulate import runner, simulate
runner.STOP_SECONDS = 0.5
simulate("standard", ["greedy", sys.argv[1]], games=8, workers=2, start_method="fork",
         out=sys.argv[2])
"""


def start(script: str, *args: str, stderr: int = subprocess.PIPE) -> subprocess.Popen[str]:
    """Start ``script`` with ``args`` in its own session, the test bots importable."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        env=env,
        stderr=stderr,
        text=True,
        start_new_session=True,
    )


def run(bot: str, out: Path, interrupt_after: float | None = None) -> tuple[int | None, str]:
    """Run a simulation in its own session; its return code (``None``: still running after
    half a minute, then killed with its workers) and its stderr."""
    process = start(SCRIPT, bot, str(out))
    if interrupt_after is not None:
        time.sleep(interrupt_after)
        os.killpg(process.pid, signal.SIGINT)
    try:
        _, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return None, ""
    return process.returncode, err


def test_a_failed_game_beside_a_hung_one_ends_the_run(tmp_path: Path) -> None:
    """One worker's bot raises while the other's never returns: the BotError comes out."""
    began = time.monotonic()
    status, err = run("simbots:hangs_or_crashes", tmp_path / "out.jsonl")
    assert status == 1, "the run did not end"
    assert "BotError: game of seed 1: bot 'simbots:hangs_or_crashes' at seat 1 raised" in err
    assert time.monotonic() - began < 30


@pytest.mark.slow  # a real Ctrl-C after 3 s
def test_ctrl_c_stops_a_run_whose_bot_never_returns(tmp_path: Path) -> None:
    status, err = run("simbots:Hangs", tmp_path / "out.jsonl", interrupt_after=3)
    assert status is not None, "Ctrl-C did not stop the run"
    assert "KeyboardInterrupt" in err


KILLED_SCRIPT = """
import sys
from phase10.simulate import simulate
simulate("to-phase-2", ["greedy", "random"], games=100_000, workers=2, start_method=sys.argv[1],
         out=sys.argv[2])
"""


def descendants(pid: int) -> set[int]:
    """The processes ``pid`` started, their own children included (Linux's /proc)."""
    children: dict[int, list[int]] = {}
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie, ended but not yet reaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="reads processes from /proc")
@pytest.mark.parametrize(
    "start_method",
    [
        "fork",
        pytest.param("forkserver", marks=pytest.mark.slow),  # new interpreters: slow to start
        pytest.param("spawn", marks=pytest.mark.slow),
    ],
)
def test_workers_end_with_a_driver_killed_outright(tmp_path: Path, start_method: str) -> None:
    """``kill -9`` of the driver (or the out-of-memory killer) runs no clean-up: its workers
    must notice and end, not wait for work for ever. Before, they stayed until rebooted (with
    forkserver, the server too, as its children keep it alive)."""
    out = tmp_path / "out.jsonl"
    driver = start(KILLED_SCRIPT, start_method, str(out), stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while not (out.exists() and out.stat().st_size) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert out.stat().st_size, "no game was written"
        workers = descendants(driver.pid)
        assert len(workers) >= 2
        driver.kill()
        driver.wait()
        deadline = time.monotonic() + 15
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if alive(pid)], "workers outlived their driver"
    finally:
        for pid in [driver.pid, *workers]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_ctrl_c_while_ray_starts_waits_for_the_start_then_stops_ray(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C inside ``ray.init`` (a local Ray takes seconds to start) left a half-built
    core worker that crashed the process with a segmentation fault as it shut down (exit
    status 139 instead of 130). The interrupt now waits for the start to finish, then stops
    Ray and comes out as ``KeyboardInterrupt``. Ray itself is faked: only the order counts."""
    ray = pytest.importorskip("ray", reason="the ray extra is not installed")
    from phase10.simulate.ray_backend import RayBackend

    calls: list[str] = []

    def init(**kwargs: object) -> None:
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C half way through the start
        time.sleep(0.05)  # where Python would run the handler, inside Ray's start-up
        calls.append("started")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", init)
    monkeypatch.setattr(ray, "shutdown", lambda: calls.append("shut down"))
    with pytest.raises(KeyboardInterrupt):
        RayBackend(2, None)
    assert calls == ["started", "shut down"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_while_ray_starts_is_not_lost_without_a_python_handler(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With SIGINT at the system default (a host program's choice), a Ctrl-C held back
    during Ray's start was dropped; it now stops the run as KeyboardInterrupt. Under
    SIG_IGN it stays ignored."""
    ray = pytest.importorskip("ray", reason="the ray extra is not installed")
    from phase10.simulate.ray_backend import RayBackend

    calls: list[str] = []

    def init(**kwargs: object) -> None:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)
        calls.append("started")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", init)
    monkeypatch.setattr(ray, "shutdown", lambda: calls.append("shut down"))
    monkeypatch.setattr(ray, "cluster_resources", lambda: {"CPU": 1})
    monkeypatch.setattr(ray, "remote", lambda **kwargs: lambda function: function)
    previous = signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        with pytest.raises(KeyboardInterrupt):
            RayBackend(2, None)
        assert calls == ["started", "shut down"]
        assert signal.getsignal(signal.SIGINT) == signal.SIG_DFL
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        calls.clear()
        RayBackend(2, None)  # ignored as before
        assert calls == ["started"]
    finally:
        signal.signal(signal.SIGINT, previous)
