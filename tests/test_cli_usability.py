"""The command line as a new user meets it: help, version, hints, safe output, pictures.

Also the parts of the terminal game that must not leak or break: the seed is
shown only once the game is over (R-3.8), names and record metadata cannot
send escape sequences to the terminal, and bad UTF-8 gives one message.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from phase10 import SKIP, Discard, GameRecord, describe, new_game
from phase10.cli import _parser
from test_cli import SHORT, feed, run

# --------------------------------------------------------------------------- help and version


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from phase10 import __version__

    assert run(capsys, "--version") == (0, f"phase10 {__version__}\n", "")


def test_bare_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys)
    assert (status, err) == (0, "")
    assert out.startswith("usage: phase10")
    for command in ("demo", "play", "simulate", "replay", "variants"):
        assert f"    {command} " in out


def test_the_command_list_says_dice_and_twist_are_played_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A newcomer to Phase 10 Dice or Twist read "play against bots in the terminal" and
    found --game only in ``play --help``, whose moves were all the card game's."""
    _, out, _ = run(capsys, "--help")
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("    ")}
    assert "--game dice, twist" in lines["demo"]
    assert "--game dice, twist" in lines["play"]
    _, out, _ = run(capsys, "play", "--help")
    told = " ".join(out.split())
    assert "--game dice and --game twist play Phase 10 Dice and Phase 10 Twist" in told
    assert "'phase10 variants --game dice' the presets of dice (or twist)" in told


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def test_every_option_has_help_text() -> None:
    parser = _parser()
    commands = _subparsers(parser)
    assert sorted(commands) == ["demo", "play", "replay", "simulate", "variants"]
    missing = [
        f"{name} {'/'.join(action.option_strings) or action.dest}"
        for name, command in [("phase10", parser), *commands.items()]
        for action in command._actions
        if not isinstance(action, argparse._SubParsersAction) and not action.help
    ]
    assert missing == []


def test_every_subcommand_describes_itself_in_its_help() -> None:
    """``phase10 <command> --help`` opens with a sentence saying what the command does."""
    undescribed = [
        name for name, command in _subparsers(_parser()).items() if not command.description
    ]
    assert undescribed == []


# --------------------------------------------------------------------------- the terminal game


def test_play_suggests_the_verb_a_typo_nearly_spells(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "draw\ndicsard R1\nhepl\nquit\n")  # discard is a move once drawn
    status, out, _ = run(capsys, "play", *SHORT, "--players", "2", "--seed", "3")
    assert status == 0
    assert "Did you mean 'discard R1'?" in out
    assert "Did you mean 'help'?" in out


def test_r3_8_play_shows_the_seed_only_when_the_game_is_over(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-3.8: the seed rebuilds the bots' hands and the stock, so it is shown at the end only."""
    seed = "918273645"
    feed(monkeypatch, "1\n" * 3 + "quit\n")
    status, out, _ = run(capsys, "play", *SHORT, "--players", "2", "--seed", seed)
    assert status == 0
    lines = out.rstrip().splitlines()
    assert [i for i, line in enumerate(lines) if seed in line] == [len(lines) - 1]
    assert lines[-1] == f"This game's seed was {seed}."


def test_play_refuses_a_name_that_is_not_utf8(capsys: pytest.CaptureFixture[str]) -> None:
    """Bytes that are not UTF-8 reach Python as lone surrogates: one message, exit 2."""
    status, out, err = run(capsys, "play", "--name", "a\udcffb")
    assert (status, out) == (2, "")
    assert "argument --name: not valid UTF-8 text" in err
    assert "Traceback" not in err


def test_play_refuses_a_name_with_control_characters(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "play", "--name", "Eve\x1b[2J")
    assert (status, out) == (2, "")
    assert err == "phase10: a name must be printable text, not 'Eve\\x1b[2J'\n"


def test_play_stops_with_one_message_on_bad_utf8_input_and_still_saves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    feed(monkeypatch, "1\ndr\udcffaw\n")  # how UTF-8 mode reads the byte 0xff
    status, _, err = run(
        capsys, "play", *SHORT, "--players", "2", "--seed", "3", "--save", str(path)
    )
    assert status == 2
    assert err == "phase10: standard input is not valid UTF-8 text\n"
    assert GameRecord.load(path).actions  # the moves made so far are kept


def test_bad_utf8_on_a_real_stdin_exits_2() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "phase10", "play", *SHORT, "--seed", "3"],
        input=b"dr\xffaw\n",
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr == b"phase10: standard input is not valid UTF-8 text\n"


# --------------------------------------------------------------------------- replay


def hostile_record() -> GameRecord:
    # Names with control characters are refused (limits.name_problem); metadata may hold any
    # text, and the replay must not pass its control characters on.
    names = ["Eve", "Bob"]
    metadata = {"event\x1b]0;x\x07": "club \x9b31m night"}
    return GameRecord.from_actions(names, ["take", "discard Y7"], seed=7, metadata=metadata)


def test_replay_writes_names_and_metadata_without_control_characters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    hostile_record().save(path)
    status, out, err = run(capsys, "replay", str(path), "-v")
    assert (status, err) == (0, "")
    assert not any(ch in out for ch in "\x1b\x07\x9b")
    assert "players Eve, Bob" in out
    assert "  event\\x1b]0;x\\x07: club \\x9b31m night" in out
    assert "Bob took Y7 from the discard pile" in out


def test_replay_draws_one_picture_per_action(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    hostile_record().save(path)
    folder = tmp_path / "pictures"
    status, out, _ = run(capsys, "replay", str(path), "--svg", str(folder))
    assert status == 0
    assert sorted(p.name for p in folder.iterdir()) == ["000.svg", "001.svg", "002.svg"]
    assert out.rstrip().endswith(f"3 pictures written to {folder}")
    captions = []
    for picture in sorted(folder.iterdir()):
        root = ET.parse(picture).getroot()
        captions += [el.text for el in root.iter() if el.attrib.get("class") == "caption"]
        hands = [el for el in root.iter() if el.attrib.get("class") == "seat"]
        assert len(hands) == 2
    assert captions == [
        "The deal",
        "Bob took Y7 from the discard pile",
        "Bob discarded Y7",
    ]


def test_replay_into_a_file_that_is_not_a_folder_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    hostile_record().save(path)
    status, _, err = run(capsys, "replay", str(path), "--svg", str(path))
    assert status == 2
    assert err.startswith("phase10: ")
    assert err.count("\n") == 1


# --------------------------------------------------------------------------- narration


def test_score_lines_say_phases_completed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "demo", *SHORT, "--players", "2")
    assert status == 0
    scores = [line for line in out.splitlines() if line.startswith("  Scores: ")]
    assert scores
    assert all("phase completed" in line or "phases completed" in line for line in scores)
    assert not any(", phase " in line for line in scores)


def test_r9_1_narration_says_whose_skip_cost_a_turn(capsys: pytest.CaptureFixture[str]) -> None:
    """R-9.1: the Skip is always told (even without -v), and the lost turn names the skipper."""
    status, out, _ = run(capsys, "demo", "--seed", "7")
    assert status == 0
    lines = out.splitlines()
    assert "  Bob discarded S and skipped Ann" in lines
    assert "  Ann loses a turn (skipped by Bob)" in lines
    assert not any(line.endswith("loses a turn") for line in lines)


def test_r9_6_narration_says_the_deal_skipped_the_first_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """R-9.6: an upturned Skip at the deal costs the first player a turn; the account says so."""
    assert new_game(3, seed=40).top_discard == SKIP
    status, out, _ = run(capsys, "demo", "--seed", "40", "--players", "3")
    assert status == 0
    lines = out.splitlines()
    assert lines[2:4] == [
        "Hand 1 (dealer Ann)",
        "  Bob loses a turn (the Skip turned up at the deal)",
    ]


def test_r9_5_a_skip_that_skips_nobody_says_so() -> None:
    state = new_game(["Ann", "Bob"], seed=3)
    assert describe(state, Discard(SKIP)) == "Bob discarded S, skipping nobody"
