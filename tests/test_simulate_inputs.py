"""``simulate`` and ``phase10 simulate`` refuse a bad run before any game, with one readable
line: seeds past 2**64, a results file that cannot be written, a factory that builds no bot;
and ``--bot module:factory`` finds a module in the current directory, as the docs say."""

from __future__ import annotations

import os
import sys
import types
from pathlib import Path

import pytest

from phase10 import InvalidDataError
from phase10.cli import main
from phase10.simulate import GameOutcome, results, simulate


def not_a_bot(seed: int) -> str:
    """A factory that returns something that cannot play."""
    return f"bot {seed}"


@pytest.mark.parametrize(("seed", "games"), [(-1, 2), (2**64 - 1, 2), (2**64, 1)])
def test_seeds_past_64_bits_are_refused_before_any_game(seed: int, games: int) -> None:
    played: list[GameOutcome] = []
    with pytest.raises(InvalidDataError, match="seed") as error:
        simulate("to-phase-1", ["greedy", "random"], games, seed, on_outcome=played.append)
    assert played == []
    assert error.value.path == "seed"


def test_the_last_seeds_below_2_64_play() -> None:
    summary = simulate("to-phase-1", ["greedy", "random"], 2, 2**64 - 2)
    assert summary.seeds == ((2**64 - 2, 2**64),)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_factory_that_returns_no_bot_is_a_data_error(workers: int) -> None:
    """In this process, and in worker processes started the default way (forkserver under
    pytest-xdist, whose thread makes fork unsafe and Python 3.12+ warn; fork otherwise)."""
    with pytest.raises(InvalidDataError, match=r"bot '.*not_a_bot': the factory returned 'bot "):
        simulate("to-phase-1", [not_a_bot, "greedy"], 2, workers=workers)  # type: ignore[list-item]


def test_a_results_file_that_cannot_be_written_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(InvalidDataError, match="is a directory: name a file"):
        simulate("to-phase-1", ["greedy", "random"], 1, out=tmp_path)
    with pytest.raises(InvalidDataError, match="is a directory: name a file"):
        simulate("to-phase-1", ["greedy", "random"], 1, out=tmp_path, resume=True)
    with pytest.raises(InvalidDataError, match=r"cannot write .*: No such file or directory"):
        simulate("to-phase-1", ["greedy", "random"], 1, out=tmp_path / "missing" / "r.jsonl")


def test_the_cli_finds_your_bot_in_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The ``phase10`` script's ``sys.path`` does not hold the current directory."""
    (tmp_path / "here_bots.py").write_text("from phase10 import GreedyBot as Bot\n")
    monkeypatch.chdir(tmp_path)
    here = {"", os.getcwd(), str(tmp_path)}
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in here])
    monkeypatch.delitem(sys.modules, "here_bots", raising=False)
    argv = ["--variant", "to-phase-1", "--no-progress", "--games", "2", "--json"]
    status = main(["simulate", *argv, "--bot", "here_bots:Bot", "--bot", "random"])
    captured = capsys.readouterr()
    assert (status, captured.err) == (0, "")
    assert '"here_bots:Bot"' in captured.out
    sys.modules.pop("here_bots", None)


def test_the_help_says_95_percent(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse formats a description with ``%`` only when it holds ``%(prog)``."""
    assert main(["simulate", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "with 95% intervals" in out


def test_custom_rules_are_labelled_apart_from_their_spec(tmp_path: Path) -> None:
    """Rules changed from a preset keep its spec ("to-phase-1"), so a simulation labels them
    with a digest of their JSON: a results file of custom rules is never resumed as the
    preset's, and the same custom rules get the same label each time."""
    from phase10 import variants

    preset = variants.resolve("to-phase-1")
    custom = preset.with_options(skip_limit="unlimited")
    assert custom.spec == preset.spec == "to-phase-1"
    assert simulate(preset, "greedy", games=1).spec == "to-phase-1"
    label = simulate(custom, "greedy", games=1).spec
    assert label.startswith("to-phase-1 (custom rules ")
    assert simulate(custom, "greedy", games=1, seed=5).spec == label
    out = tmp_path / "custom.jsonl"
    simulate(custom, "greedy", games=2, out=out)
    with pytest.raises(InvalidDataError, match=r"holds a game of 'to-phase-1 \(custom rules "):
        simulate("to-phase-1", "greedy", games=4, out=out, resume=True)
    resumed = simulate(custom, "greedy", games=4, out=out, resume=True)
    assert resumed == simulate(custom, "greedy", games=4)
    assert simulate("standard", "greedy", games=1, game="dice").spec == "dice:standard"


def test_runs_of_another_action_cap_never_resume_or_merge(tmp_path: Path) -> None:
    """A game at one action cap may be unfinished at a lower one, and results lines do not
    hold the cap, so a cap other than the default is part of the variant label. Before,
    ``--resume`` with another ``--max-actions`` mixed games of both caps without a word."""
    from phase10.simulate import DEFAULT_MAX_ACTIONS, summarize_files

    out = tmp_path / "capped.jsonl"
    capped = simulate("to-phase-1", "greedy", games=3, players=2, max_actions=30, out=out)
    assert capped.spec == "to-phase-1 (action cap 30)"
    assert capped.unfinished == 3  # at 30 actions no game has ended
    with pytest.raises(InvalidDataError, match=r"holds a game of 'to-phase-1 \(action cap 30\)'"):
        simulate("to-phase-1", "greedy", games=6, players=2, out=out, resume=True)
    with pytest.raises(InvalidDataError, match="action cap 30"):
        simulate("to-phase-1", "greedy", games=6, players=2, max_actions=31, out=out, resume=True)
    resumed = simulate("to-phase-1", "greedy", games=6, players=2, max_actions=30, out=out,
                       resume=True)  # fmt: skip
    assert resumed == simulate("to-phase-1", "greedy", games=6, players=2, max_actions=30)
    default = tmp_path / "default.jsonl"
    plain = simulate("to-phase-1", "greedy", games=2, seed=6, players=2, out=default,
                     max_actions=DEFAULT_MAX_ACTIONS)  # fmt: skip
    assert plain.spec == "to-phase-1"  # the default cap leaves the label as it was
    with pytest.raises(InvalidDataError, match="action cap 30"):
        summarize_files([out, default])
    with pytest.raises(InvalidDataError):
        resumed.merge(plain)


@pytest.mark.skipif(sys.platform == "win32", reason="flock is for Linux and macOS")
def test_a_results_file_another_run_is_writing_is_refused(tmp_path: Path) -> None:
    """The same command started twice (two terminals, a restart while the first still runs)
    appended the same seeds twice, between each other's lines: a file that neither resume
    nor --summarize could read again. A run now locks its file; a second one is refused
    with the file untouched, and runs once the first is done."""
    import fcntl

    out = tmp_path / "r.jsonl"
    simulate("to-phase-1", ["greedy", "random"], games=2, out=out)
    before = out.read_bytes()
    with open(out, "ab") as first:  # another run, still writing
        fcntl.flock(first.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(InvalidDataError, match="being written by another run"):
            simulate("to-phase-1", ["greedy", "random"], games=4, out=out, resume=True)
        assert out.read_bytes() == before
    whole = simulate("to-phase-1", ["greedy", "random"], games=4, out=out, resume=True)
    assert whole == simulate("to-phase-1", ["greedy", "random"], games=4)
    assert main(["simulate", "--summarize", str(out), "--json"]) == 0


@pytest.mark.skipif(sys.platform == "win32", reason="the platforms of flock")
def test_the_lock_is_flock_except_on_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    assert results._locker() is results._lock_posix
    monkeypatch.setattr(sys, "platform", "win32")
    assert results._locker() is results._lock_windows


class FakeMsvcrt(types.ModuleType):
    """What a run asks of ``msvcrt`` on Windows, recorded: which file, how, how many bytes,
    and from where (``locking`` locks from the file's position). Windows itself is not
    tested here: only that the lock is asked for as its documentation says."""

    LK_NBLCK = 2

    def __init__(self, held: bool = False) -> None:
        super().__init__("msvcrt")
        self.held = held
        self.calls: list[tuple[int, int, int, int]] = []

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        self.calls.append((fd, mode, nbytes, os.lseek(fd, 0, os.SEEK_CUR)))
        if self.held:
            raise PermissionError(13, "Permission denied")


def as_on_windows(monkeypatch: pytest.MonkeyPatch, msvcrt: FakeMsvcrt) -> None:
    monkeypatch.setitem(sys.modules, "msvcrt", msvcrt)
    monkeypatch.setattr(sys, "platform", "win32")


def test_on_windows_a_run_locks_one_byte_past_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not byte 0: Windows locks are mandatory, and the run reads its own file through
    another handle to resume it. The writer is back at the end of the file afterwards."""
    out = tmp_path / "r.jsonl"
    out.write_bytes(b"a line\n")
    msvcrt = FakeMsvcrt()
    with monkeypatch.context() as windows:
        as_on_windows(windows, msvcrt)
        writer = results.ResultWriter(out, "to-phase-1", ("greedy", "random"))
    try:
        [(fd, mode, nbytes, position)] = msvcrt.calls
        assert fd == writer._file.fileno()
        assert (mode, nbytes, position) == (msvcrt.LK_NBLCK, 1, results._WINDOWS_LOCK_BYTE)
        assert writer._file.tell() == len(b"a line\n")
    finally:
        writer.close()
    assert out.read_bytes() == b"a line\n"


def test_on_windows_a_file_locked_by_another_run_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``msvcrt.locking`` raises ``PermissionError`` (EACCES) for a byte another process
    has locked: the same refusal as with flock."""
    out = tmp_path / "r.jsonl"
    out.write_bytes(b"a line\n")
    msvcrt = FakeMsvcrt(held=True)
    monkeypatch.setattr(results, "_LOCK_TRIES", 2)
    with monkeypatch.context() as windows:
        as_on_windows(windows, msvcrt)
        with pytest.raises(InvalidDataError, match="being written by another run"):
            results.ResultWriter(out, "to-phase-1", ("greedy", "random"))
    assert len(msvcrt.calls) == 2
    assert out.read_bytes() == b"a line\n"


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"backend": "rya"}, "no backend named 'rya'"),
        ({"address": "auto"}, "an address is for the ray backend"),
        ({"backend": "ray", "start_method": "spawn"}, "a start method is for the local"),
    ],
)
def test_a_bad_backend_is_refused_before_the_results_file_is_made(
    tmp_path: Path, options: dict[str, object], match: str
) -> None:
    """Before, the backend was checked as the first game started, after ``out`` had been
    created (an empty file left behind by a run that never ran)."""
    out = tmp_path / "r.jsonl"
    with pytest.raises(InvalidDataError, match=match):
        simulate("to-phase-1", "greedy", games=2, out=out, **options)  # type: ignore[arg-type]
    assert not out.exists()
