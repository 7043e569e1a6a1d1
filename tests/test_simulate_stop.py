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


def run(bot: str, out: Path, interrupt_after: float | None = None) -> tuple[int | None, str]:
    """Run a simulation in its own session; its return code (``None``: still running after
    half a minute, then killed with its workers) and its stderr."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
    }
    process = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, bot, str(out)],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
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
