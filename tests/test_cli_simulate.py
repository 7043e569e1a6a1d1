"""``phase10 simulate``: your own bots, results files, resume after Ctrl-C, --summarize."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from phase10.cli import main
from phase10.simulate import simulate

SHORT = ("--variant", "to-phase-1", "--no-progress")
TESTS = Path(__file__).parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["simulate", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_zero_games_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 15: ``--games 0`` is a usage error, not an empty table."""
    status, out, err = run(capsys, "--games", "0")
    assert (status, out) == (2, "")
    assert "--games: must be at least 1, not 0" in err


def test_your_own_bots_by_import_path(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*SHORT, "--games", "3", "--bot", "simbots:coin", "--bot", "greedy", "--json"]
    status, out, err = run(capsys, *argv, "--players", "4")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["bots"] == ["simbots:coin", "greedy", "simbots:coin", "greedy"]
    expected = simulate("to-phase-1", ["simbots:coin", "greedy"], 3, players=4)
    assert data == json.loads(json.dumps(expected.to_dict()))


def test_start_method_option(capsys: pytest.CaptureFixture[str]) -> None:
    """``--start-method`` reaches simulate; a method the platform lacks is a usage error."""
    argv = [*SHORT, "--games", "2", "--workers", "2", "--json"]
    status, out, err = run(capsys, *argv, "--start-method", "spawn")
    assert (status, err) == (0, "")
    assert json.loads(out) == json.loads(json.dumps(simulate("to-phase-1", "greedy", 2).to_dict()))
    status, out, err = run(capsys, *argv, "--start-method", "thread")
    assert (status, out) == (2, "")
    assert "--start-method: invalid choice: 'thread'" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bot", "simbots:Nope"], "phase10: bots: bot 'simbots:Nope': module 'simbots' has no"),
        (["--bot", "nomodule_xyz:Bot"], "phase10: --bot nomodule_xyz:Bot: cannot import"),
        (["--resume"], "phase10: resume: resume needs the results file"),
        (
            ["--summarize", "a.jsonl", "--out", "b.jsonl"],
            "phase10: --summarize: reads files and plays no games: drop --games, --variant, --out",
        ),
        (
            ["--summarize", "a.jsonl", "--games", "100", "--backend", "local"],
            "phase10: --summarize: reads files and plays no games: drop --games, --variant, "
            "--backend",
        ),
    ],
)
def test_bad_bots_and_options_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *SHORT, "--games", "1", *argv)
    assert (status, out) == (2, "")
    assert err.startswith(message)
    assert err.count("\n") == 1


def test_bot_and_bots_do_not_mix(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "--bots", "greedy", "--bot", "random")
    assert status == 2
    assert "not allowed with argument" in err


def test_an_import_path_in_bots_points_to_bot(capsys: pytest.CaptureFixture[str]) -> None:
    """``--bots`` takes built-in names; a user's bot given there (as the doc's ``--bot``
    takes it) is named as typed, not lowercased, and the error says to use ``--bot``."""
    status, _, err = run(capsys, "--bots", "greedy,simbots:FirstChoice")
    assert status == 2
    assert "no bot named 'simbots:FirstChoice' (known: greedy, random); " in err
    assert "name your own bot with --bot module:factory" in err
    status, _, err = run(capsys, *SHORT, "--games", "1", "--bots", "Greedy,RANDOM", "--json")
    assert (status, err) == (0, "")


def test_a_failing_bot_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--games", "2", "--bot", "greedy", "--bot", "simbots:Crashes")
    assert (status, out) == (2, "")
    assert err.startswith("phase10: game of seed 0: bot 'simbots:Crashes' at seat 1 raised ")
    assert err.count("\n") == 1


def test_the_ray_backend_without_ray_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    status, _, err = run(capsys, *SHORT, "--games", "1", "--backend", "ray")
    assert status == 2
    assert err == "phase10: backend: the ray backend needs Ray: pip install 'phase10[ray]'\n"


def test_out_resume_and_summarize(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    status, _, _ = run(capsys, *SHORT, "--games", "3", "--out", str(a))
    assert status == 0
    status, _, _ = run(capsys, *SHORT, "--games", "5", "--out", str(a), "--resume")
    assert status == 0
    assert len(a.read_text().splitlines()) == 5
    status, _, _ = run(capsys, *SHORT, "--games", "4", "--seed", "5", "--out", str(b))
    status, out, err = run(capsys, "--summarize", str(b), str(a), "--json")
    assert (status, err) == (0, "")
    whole = simulate("to-phase-1", "greedy", 9)
    assert json.loads(out) == json.loads(json.dumps(whole.to_dict()))
    status, out, _ = run(capsys, "--summarize", str(a), "--plain")
    assert out.startswith("phase10 simulate: to-phase-1 rules, 4 players, 5 games from seed 0")


def test_summarize_names_seed_gaps(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    run(capsys, *SHORT, "--games", "2", "--out", str(a))
    run(capsys, *SHORT, "--games", "2", "--seed", "10", "--out", str(b))
    _, out, _ = run(capsys, "--summarize", str(a), str(b), "--plain")
    assert out.splitlines()[0].endswith("4 games, seeds 0-1, 10-11")


@pytest.mark.slow  # two interpreters and bots that sleep: CI's full-strength step runs it
def test_ctrl_c_stops_cleanly_and_resume_finishes_the_same_file(tmp_path: Path) -> None:
    """A real SIGINT to a run on two processes: exit 130, no traceback, a resumable file.
    (The fast suite interrupts and resumes runs in-process: test_simulate.py.)"""
    cut = tmp_path / "cut.jsonl"
    argv = ["--variant", "to-phase-1", "--bot", "simbots:Sleepy", "--players", "2", "--games", "24"]
    command = [sys.executable, "-m", "phase10", "simulate", *argv, "--workers", "2"]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
    }
    process = subprocess.Popen(
        [*command, "--out", str(cut)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a terminal sends Ctrl-C to the whole group: so do we
    )
    deadline = time.monotonic() + 60
    while (not cut.exists() or not cut.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    assert "run the same command with --resume to finish" in err
    kept = cut.read_text()
    assert kept.endswith("\n")
    assert 0 < len(kept.splitlines()) < 24
    status = subprocess.run([*command, "--out", str(cut), "--resume"], env=env, check=False)
    assert status.returncode == 0
    whole = tmp_path / "whole.jsonl"
    simulate("to-phase-1", "simbots:Sleepy", 24, players=2, workers=2, out=whole)
    assert cut.read_bytes() == whole.read_bytes()
