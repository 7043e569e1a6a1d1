"""The ``phase10`` command line: every subcommand through ``main([...])``, bad input, exit codes.

Games here use short variants (``to-phase-1``, ``to-phase-2``) so the whole
file runs in a few seconds; the long games are the library's business.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from phase10 import Discard, DrawStock, apply, format_cards, new_game, player_view, variants
from phase10.cli import console_main, main
from phase10.cli.output import ProgressReporter, print_table
from phase10.record import GameRecord
from phase10.simulate import simulate
from phase10.text import render_lines

SHORT = ("--variant", "to-phase-1")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """Type ``text`` at the terminal: ``play`` reads it through ``input()``."""
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def hide_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``import rich`` (and every submodule) fail, as where the extra is not installed."""
    for name in [n for n in sys.modules if n == "rich" or n.startswith("rich.")]:
        monkeypatch.setitem(sys.modules, name, None)
    for name in ("rich", "rich.console", "rich.table", "rich.progress"):
        monkeypatch.setitem(sys.modules, name, None)


def assert_one_error_line(err: str) -> None:
    assert err.startswith("phase10: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err


# --------------------------------------------------------------------------- demo


def test_demo_tells_a_seeded_game_hand_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "demo", "--variant", "to-phase-2", "--players", "3")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "phase10 demo: to-phase-2 rules, seed 2026, players Ann, Bob, Cy"
    assert lines[2] == "Hand 1 (dealer Ann)"
    assert any(line.startswith("  Scores: ") for line in lines)
    assert lines[-4] == "Final standings"
    assert re.fullmatch(r" 1\. \w+ +\d+ points, +\d+ phases completed  winner", lines[-3])
    assert not any("drew from the draw pile" in line for line in lines)
    again = run(capsys, "demo", "--variant", "to-phase-2", "--players", "3")
    assert again[1] == out  # seeded: the same game every time


def test_demo_under_team_play_totals_each_team(capsys: pytest.CaptureFixture[str]) -> None:
    """Team play (seed 002): the standings end with each team's summed score."""
    status, out, err = run(
        capsys, "demo", "--variant", "teams+to-phase-2", "--players", "4", "--seed", "3"
    )
    assert (status, err) == (0, "")
    lines = out.splitlines()
    seats = lines[-6:-2]
    scores = {}
    for line in seats:
        match = re.fullmatch(r" \d\. (\w+) +(\d+) points.*", line)
        assert match, line
        scores[match[1]] = int(match[2])
    teams = lines[-2:]
    assert teams[0].startswith("    team Ann & Cy: ")
    assert teams[1].startswith("    team Bob & Dee: ")
    assert f"{scores['Ann'] + scores['Cy']} points" in teams[0]
    assert f"{scores['Bob'] + scores['Dee']} points" in teams[1]
    assert sum(line.endswith(", winners") for line in teams) == 1


def test_demo_verbose_shows_every_draw(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "demo", *SHORT, "--players", "2", "-v", "--bot", "random")
    assert status == 0
    assert "drew from the draw pile" in out


def test_demo_saved_game_replays_line_for_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    status, demo_out, _ = run(capsys, "demo", "--variant", "to-phase-2", "--save", str(path))
    assert status == 0
    status, replay_out, err = run(capsys, "replay", str(path))
    assert (status, err) == (0, "")
    assert replay_out.startswith("phase10 replay: to-phase-2 rules, seed 2026, players Ann,")
    assert replay_out.splitlines()[1:] == demo_out.splitlines()[1:]


# --------------------------------------------------------------------------- play


def test_play_quits_cleanly_at_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "")
    status, out, err = run(capsys, "play", *SHORT, "--seed", "3")
    assert (status, err) == (0, "")
    assert out.rstrip().endswith("You left the game.\nThis game's seed was 3.")
    assert "your move> " in out


def test_play_explains_bad_input_and_never_crashes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    nonsense = [
        "",
        "   ",
        "help",
        "look",
        "what now",
        "0",
        "99",
        "-1",
        "\uff11",  # a full-width digit 1
        "discard R1",  # before drawing
        "discard X9",
        "hit 1",
        "hit 9.9 R8",
        "lay",
        "lay phase=99 set:R1 R1 R1",
        "choose 99",
        "give 99",
        "next",
        "swap R5 0.0 middle",
        "\x00\x1b[A",
        "draw draw",
        "é" * 500,
    ]
    feed(monkeypatch, "\n".join(nonsense) + "\n")
    status, out, err = run(capsys, "play", *SHORT, "--players", "2", "--seat", "1", "--seed", "7")
    assert (status, err) == (0, "")
    assert "Type the number of a move from the list" in out  # help
    assert "there is no move 99: type a number from 1 to 2" in out
    assert "there is no move 0" in out
    assert "I can't read that: 'what': unknown action" in out
    assert "Not allowed: draw a card first (R-4.2)" in out
    assert "'X9': not a card" in out
    assert out.count("Not allowed:") >= 5
    assert out.rstrip().endswith("You left the game.\nThis game's seed was 7.")


def test_play_accepts_numbers_and_notation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seat 1 of two moves first (the dealer is seat 0), so the first moves are ours.
    state = new_game(["Ann", "You"], variants.resolve("to-phase-1"), seed=7)
    drawn = apply(state, DrawStock())
    card = next(c for c in drawn.players[1].hand if not c.is_skip)
    feed(monkeypatch, f"1\ndiscard {card}\n")
    status, out, _ = run(capsys, "play", *SHORT, "--players", "2", "--seat", "1", "--seed", "7")
    assert status == 0
    assert "You drew from the draw pile" in out
    assert f"You discarded {card}" in out
    assert "Ann " in out  # the bot played its turn in between


def test_play_a_whole_game_then_replay_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "mine.json"
    feed(monkeypatch, "1\n" * 2000)
    argv = ["play", *SHORT, "--players", "2", "--seed", "5", "--save", str(path)]
    status, out, err = run(capsys, *argv, "--bot", "random", "--name", "Zed")
    assert (status, err) == (0, "")
    assert "Final standings" in out
    assert f"Game saved to {path}" in out
    record = GameRecord.load(path)
    assert record.players == ("Zed", "Bob")
    assert record.final_state().is_over
    status, out, err = run(capsys, "replay", str(path), "--verbose")
    assert (status, err) == (0, "")
    assert "Final standings" in out


def test_play_shows_one_seat_only() -> None:
    state = new_game(["You", "Bob", "Cy"], seed=11)
    text = "\n".join(render_lines(player_view(state, 0)))
    assert format_cards(state.players[0].hand) in text
    for seat in (1, 2):
        assert format_cards(state.players[seat].hand) not in text
    assert format_cards(state.stock[:5]) not in text
    assert "10 cards" in text


def test_play_with_masters_choices(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "1\n" * 400)
    status, out, _ = run(capsys, "play", "--variant", "masters+to-phase-1", "--seed", "2")
    assert status == 0
    assert "choose 1  Phase 1: 2 sets of 3" in out
    assert "You chose phase 1" in out
    assert "did ChoosePhase" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seat", "5"], "phase10: no seat 5 at a table of 3"),
        (["--variant", "nope"], "phase10: variant: no variant named 'nope'"),
        (["--players", "9"], "phase10: players: 9 players cannot play"),
    ],
)
def test_play_bad_arguments_exit_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    feed(monkeypatch, "")
    status, _, err = run(capsys, "play", *argv)
    assert status == 2
    assert err.startswith(message)
    assert_one_error_line(err)


def test_ctrl_c_leaves_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    monkeypatch.setattr("sys.argv", ["phase10", "play", *SHORT])
    with pytest.raises(SystemExit) as exit_:
        console_main()
    assert exit_.value.code == 130
    assert "Traceback" not in capsys.readouterr().err


# --------------------------------------------------------------------------- simulate


def test_simulate_prints_summary_tables(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", *SHORT, "--games", "3", "--bots", "greedy,random,greedy"]
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    assert out.startswith("phase10 simulate: to-phase-1 rules, 3 players, 3 games from seed 0")
    for label in ("hands per game, mean", "hands per game, median", "final score, mean"):
        assert label in out
    for title in ("By seat", "By bot", "win rate per seat"):
        assert title in out


def test_simulate_json_is_the_same_for_any_worker_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", *SHORT, "--games", "4", "--players", "3", "--seed", "9", "--json"]
    status, one, err = run(capsys, *argv, "--workers", "1")
    assert (status, err) == (0, "")
    status, two, _ = run(capsys, *argv, "--workers", "2")
    assert status == 0
    assert json.loads(one) == json.loads(two)
    data = json.loads(one)
    assert data["games"] == 4
    assert data["bots"] == ["greedy"] * 3
    assert data["seeds"] == [[9, 12]]
    assert sum(seat["win_rate"] for seat in data["seats"]) == pytest.approx(1)
    expected = simulate("to-phase-1", "greedy", 4, 9, players=3).to_dict()
    assert data == json.loads(json.dumps(expected))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "greedy,clever"], "no bot named 'clever'"),
        (["--games", "-1"], "must not be negative"),
        (["--workers", "0"], "must be at least 1"),
        (["--games", "many"], "not a whole number"),
    ],
)
def test_simulate_bad_arguments_are_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "simulate", *argv)
    assert (status, out) == (2, "")
    assert message in err
    assert "usage: phase10 simulate" in err


def test_simulate_impossible_table_is_a_library_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "simulate", "--bots", "greedy,random", "--players", "3")
    assert (status, out) == (2, "")
    assert err.startswith("phase10: bots: 2 bots for 3 players: name one bot per seat, one for all")


def test_simulate_and_variants_without_rich(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hide_rich(monkeypatch)
    status, out, _ = run(capsys, "simulate", *SHORT, "--games", "2", "--players", "2")
    assert status == 0
    assert "seat  bot     wins  win rate  95% interval  mean score  mean phases" in out
    assert "┃" not in out
    status, out, _ = run(capsys, "variants")
    assert status == 0
    assert out.splitlines()[0].split() == ["name", "aliases", "description"]
    assert "┃" not in out


# --------------------------------------------------------------------------- variants


def test_variants_table_lists_every_variant(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "variants")
    assert status == 0
    for name in variants.names():
        assert name in out
    assert "to-phase-N" in out
    status, plain, _ = run(capsys, "variants", "--plain")
    assert status == 0
    rows = plain.splitlines()[2:]
    for name in variants.names():
        description = variants.get(name).description
        assert any(row.startswith(name + " ") and row.endswith(description) for row in rows)


# --------------------------------------------------------------------------- replay


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "No such file or directory"),
        ("{not json", "not valid JSON"),
        ('{"schema": 1, "type": "rules", "spec": "standard"}', "expected a record"),
        ("[]", ""),
        (b"\xff\xfe\x00", ""),
    ],
)
def test_replay_bad_file_exits_2(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    content: str | bytes | None,
    message: str,
) -> None:
    path = tmp_path / "game.json"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    status, _, err = run(capsys, "replay", str(path))
    assert status == 2
    assert_one_error_line(err)
    assert str(path) in err
    assert message in err


def test_replay_a_directory_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "replay", str(tmp_path))
    assert status == 2
    assert_one_error_line(err)


def two_turns() -> GameRecord:
    """A record of Bob's first turn at a table of two: draw, then discard a plain card."""
    state = apply(new_game(["Ann", "Bob"], seed=7), DrawStock())
    card = next(c for c in state.players[1].hand if not c.is_skip)
    return GameRecord.start(["Ann", "Bob"], seed=7).extend([DrawStock(), Discard(card)])


def test_replay_stops_at_an_illegal_action(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = two_turns()
    path = tmp_path / "game.json"
    record.append("discard W").save(path)  # Ann must draw first
    status, out, err = run(capsys, "replay", str(path), "--verbose")
    assert status == 2
    assert "Bob drew from the draw pile" in out
    assert "action 2 ('discard W') is illegal in the replayed game" in err
    assert_one_error_line(err)


def test_replay_of_an_unfinished_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = two_turns()
    path = tmp_path / "game.json"
    record.save(path)
    status, out, _ = run(capsys, "replay", str(path), "-v")
    assert status == 0
    assert "2 actions" in out.splitlines()[0]
    assert "The record ends before the game does" in out


# --------------------------------------------------------------------------- exit codes


@pytest.mark.parametrize(
    "argv",
    [["nope"], ["demo", "--players", "0"], ["demo", "--bot", "clever"], ["replay"]],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert "usage: phase10" in err


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    for command in ("demo", "play", "simulate", "replay", "variants"):
        assert command in out


def test_library_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "demo", "--variant", "even-phases+odd-phases")
    assert (status, out) == (2, "")
    assert err == "phase10: odd-phases: conflicts with even-phases over phases\n"


def test_unwritable_save_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "missing" / "game.json"
    status, _, err = run(capsys, "demo", *SHORT, "--players", "2", "--save", str(target))
    assert status == 2
    # Refused before the game is played, as a bad argument (argparse's usage and one error).
    assert err.splitlines()[-1].startswith(
        "phase10 demo: error: argument --save: there is no folder"
    )


# --------------------------------------------------------------------------- processes


def test_the_command_works_without_rich() -> None:
    script = (
        "import sys\n"
        "sys.modules['rich'] = None\n"
        "import phase10, phase10.cli, phase10.simulate\n"
        "sys.exit(phase10.cli.main(['variants']))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("name ")


def test_python_m_phase10_survives_a_closed_pipe() -> None:
    with subprocess.Popen(
        [
            sys.executable,
            "-m",
            "phase10",
            "demo",
            "--variant",
            "to-phase-5",
            "-v",
            "--bot",
            "random",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        assert process.stdout.readline().startswith(b"phase10 demo:")
        process.stdout.close()  # like `phase10 demo | head -1`
        err = process.stderr.read()
        status = process.wait(timeout=60)
    assert status == 0
    assert err == b""


def test_console_main_treats_a_closed_pipe_as_success(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def reader_left(argv: list[str] | None = None) -> int:
        raise BrokenPipeError

    monkeypatch.setattr("phase10.cli.main", reader_left)
    with (tmp_path / "out.txt").open("w") as stdout:
        monkeypatch.setattr("sys.stdout", stdout)
        with pytest.raises(SystemExit) as exit_:
            console_main()
    assert exit_.value.code == 0


# --------------------------------------------------------------------------- output helpers


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("plain", [True, False])
def test_progress_is_drawn_on_a_terminal(plain: bool) -> None:
    stream = FakeTerminal()
    with ProgressReporter(stream, "simulating", plain=plain) as progress:
        progress(1, 2)
        progress(2, 2)
    text = stream.getvalue()
    if plain:
        assert text == "\rsimulating: 1/2\rsimulating: 2/2\n"
    else:
        assert "2/2" in text


def test_progress_stays_silent_in_a_pipe() -> None:
    stream = io.StringIO()
    with ProgressReporter(stream, "simulating") as progress:
        progress(1, 1)
    assert stream.getvalue() == ""


def test_plain_table_aligns_numbers_right() -> None:
    out = io.StringIO()
    print_table(out, ["bot", "win rate"], [["greedy", "50.0%"], ["random", "5.0%"]], plain=True)
    assert out.getvalue().splitlines() == [
        "bot     win rate",
        "------  --------",
        "greedy     50.0%",
        "random      5.0%",
    ]
