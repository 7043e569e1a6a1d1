"""The command line as a newcomer drives it from the README: mistakes caught before play.

Found by playing ``phase10 play`` with scripted input: a ``--save`` file that cannot be
written used to be reported only when the game ended (the whole game lost), an empty
``--name`` gave a nameless seat ("Hand 1 (dealer )"), and ``simulate --help`` printed
"95%%".
"""

from __future__ import annotations

import io
import json
import warnings
from importlib import metadata
from pathlib import Path

import pytest

from helpers import registry_restored
from phase10 import Action, Card, GameRecord, GameState, variants
from phase10.cli import main
from phase10.cli.common import drawn_line
from test_cli import SHORT, feed, run


@pytest.mark.parametrize("command", ["play", "demo"])
def test_save_into_a_missing_folder_is_refused_before_the_game(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no such folder" / "game.json"
    status, out, err = run(capsys, command, *SHORT, "--seed", "1", "--save", str(target))
    assert status == 2
    assert "Hand 1" not in out  # nothing was played
    assert "--save" in err
    assert "no such folder" in err


@pytest.mark.parametrize("command", ["play", "demo"])
def test_save_onto_a_folder_is_refused_before_the_game(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, command, *SHORT, "--seed", "1", "--save", str(tmp_path))
    assert status == 2
    assert "Hand 1" not in out
    assert "is a folder" in err


def test_save_into_a_good_place_still_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "game.json"
    feed(monkeypatch, "1\nquit\n")
    status, out, _ = run(capsys, "play", *SHORT, "--seed", "1", "--save", str(target))
    assert status == 0
    assert f"Game saved to {target}" in out
    assert len(GameRecord.load(target).actions) >= 1


@pytest.mark.parametrize("name", ["", "   "])
def test_play_refuses_an_empty_name(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "play", *SHORT, "--name", name)
    assert status == 2
    assert out == ""
    assert "--name" in err
    assert "empty" in err


def test_simulate_help_shows_a_plain_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", "--help")
    assert status == 0
    assert "95% intervals" in " ".join(out.split())
    assert "%%" not in out


# --------------------------------------------------------------------------- resuming


def saved_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moves: str) -> Path:
    """A game of three at seed 4 (the person at seat 0) saved after ``moves``."""
    target = tmp_path / "game.json"
    feed(monkeypatch, moves + "quit\n")
    assert main(["play", "--seed", "4", "--save", str(target)]) == 0
    return target


def test_play_resume_goes_on_where_the_saved_game_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = saved_game(tmp_path, monkeypatch, "1\n1\n")
    record = GameRecord.load(target)
    left = record.final_state()
    capsys.readouterr()
    feed(monkeypatch, "1\nquit\n")
    status, out, err = run(capsys, "play", "--resume", str(target))
    assert (status, err) == (0, "")
    assert f"resuming {target}" in out
    # The table shown first is the one the person left, with their own hand only.
    hand = " ".join(str(card) for card in left.players[0].hand)
    assert f"Your hand: {hand}" in out
    for seat in (1, 2):
        assert " ".join(str(card) for card in left.players[seat].hand) not in out
    assert f"Game saved to {target}" in out
    again = GameRecord.load(target)
    assert again.actions[: len(record.actions)] == record.actions
    assert len(again.actions) > len(record.actions)
    again.final_state()  # every action replays


def test_play_resume_takes_the_table_from_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = saved_game(tmp_path, monkeypatch, "1\n")
    capsys.readouterr()
    status, out, err = run(capsys, "play", "--resume", str(target), "--variant", "masters")
    assert status == 2
    assert "--variant" in err
    assert "Hand" not in out


def test_play_resume_of_a_file_that_is_not_a_record_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "notes.json"
    target.write_text('{"hello": 1}', encoding="utf-8")
    status, _, err = run(capsys, "play", "--resume", str(target))
    assert status == 2
    assert err.startswith("phase10: ")


def test_play_resume_of_a_missing_file_is_refused_before_anything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "play", "--resume", str(tmp_path / "nothing.json"))
    assert status == 2
    assert out == ""
    assert "there is no saved game" in err


# --------------------------------------------------------------------------- the family


@pytest.mark.parametrize("game", ["twist", "dice"])
def test_r3_8_play_of_the_family_shows_the_seed_only_at_the_end(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-3.8: Twist's seed rebuilds the bots' hands and the stock (and Dice's every roll to
    come); ``play --game twist`` printed it on its first line, as the card game never does."""
    feed(monkeypatch, "quit\n")
    status, out, _ = run(capsys, "play", "--game", game, "--players", "2", "--seed", "987654")
    assert status == 0
    assert out.count("987654") == 1
    assert out.rstrip().splitlines()[-1] == "This game's seed was 987654."


# --------------------------------------------------------------------------- table sizes


@pytest.mark.parametrize(
    ("variant", "seats"), [("teams", 4), ("masters+hard-2p-masters", 2), ("masters", 3)]
)
def test_play_without_players_seats_the_nearest_count_the_rules_allow(
    variant: str, seats: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --variant teams`` failed with "3 players cannot play" although the user gave
    no count: the default (3) is now the nearest count the rules allow."""
    feed(monkeypatch, "quit\n")
    status, out, err = run(capsys, "play", "--variant", variant, "--seed", "1")
    assert (status, err) == (0, "")
    first_table = out.split("\n\n")[2]
    assert len([line for line in first_table.splitlines() if line[2:3].isdigit()]) == seats


@pytest.mark.parametrize(("variant", "seats"), [("hard-2p-masters", 2), ("teams+to-phase-1", 4)])
def test_demo_without_players_seats_the_nearest_count_the_rules_allow(
    variant: str, seats: int, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "demo", "--variant", variant, "--seed", "1")
    assert (status, err) == (0, "")
    names = out.splitlines()[0].split("players ")[1].split(", ")
    assert len(names) == seats


def test_a_count_the_user_gives_is_never_changed(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "play", "--variant", "teams", "--players", "3")
    assert status == 2
    assert "3 players cannot play; these rules allow 4 to 6" in err


def test_play_saves_after_each_of_the_persons_moves(tmp_path: Path) -> None:
    """With ``--save`` the file holds the game so far whenever the person is asked for a
    move, so a closed terminal (no chance to save at the end) loses nothing."""
    from phase10.cli.play import run_play

    target = tmp_path / "game.json"
    seen: list[int] = []
    answers = iter(["1", "1", "1", "1"])

    def ask(prompt: str) -> str | None:
        seen.append(len(GameRecord.load(target).actions) if target.exists() else -1)
        return next(answers, None)

    out = io.StringIO()
    assert run_play(out, ask, players=3, seed=4, save=str(target)) == 0
    assert seen[0] >= 0  # saved before the first question
    assert seen == sorted(seen)
    assert seen[-1] > seen[0]  # and again after the person's moves
    assert len(GameRecord.load(target).actions) >= seen[-1]


# --------------------------------------------------------------------------- plug-ins


def test_a_broken_plugin_is_one_warning_line_on_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A plug-in that fails to load used to show as a Python warning naming a line of the
    library's own source (``.../phase10/variants.py:267: PluginWarning: ...`` and the
    code of that line); the command says it in one line of its own."""
    entry = metadata.EntryPoint("broken", "p10_no_such_module:VARIANT", "phase10.variants")
    monkeypatch.setattr(metadata, "entry_points", lambda **selection: [entry])
    with registry_restored(), warnings.catch_warnings():
        variants._LOADED_ENTRY_POINTS[0] = False
        warnings.simplefilter("default")
        status, out, err = run(capsys, "variants", "--plain")
    assert status == 0
    assert "standard" in out
    assert err.startswith("phase10: warning: phase10 variant plug-in 'broken' not loaded: ")
    assert len(err.splitlines()) == 1
    assert "variants.py" not in err


# --------------------------------------------------------------------------- session 12


def test_play_help_explains_the_group_moves_the_list_offers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The move list offers ``group set:...`` (a lay-down a group at a time, R-5.4) on every
    turn a phase can be made; ``help`` named only ``lay``, so the word was never explained."""
    feed(monkeypatch, "help\nquit\n")
    status, out, _ = run(capsys, "play", "--seed", "3")
    assert status == 0
    assert "group set:R7 B7 W" in out
    assert "a group at a time" in out


def test_a_word_that_begins_no_move_is_answered_with_the_moves_of_now(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A typo used to get the reader's column ("'drwa' at 0") and every word of the notation,
    those of other variants too (choose, save, takesaved, give, swap, next)."""
    feed(monkeypatch, "drwa\nfoo bar\nquit\n")
    status, out, _ = run(capsys, "play", "--seed", "3")
    assert status == 0
    assert "I can't read that: 'drwa': unknown action: your moves now begin with draw or take" in (
        out
    )
    assert "Did you mean 'draw'?" in out
    assert "I can't read that: 'foo': unknown action" in out
    feed(monkeypatch, "draw\ndrwa\nquit\n")
    status, out, _ = run(capsys, "play", "--seed", "3")
    assert "your moves now begin with group, discard or lay" in out
    assert "Did you mean 'draw'?" not in out  # no longer a move: drawn already
    assert " at 0" not in out
    assert "takesaved" not in out


def test_a_bad_word_later_in_a_move_is_quoted_without_its_column(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "hit 2.0 B8 hi\ndiscard\nquit\n")
    status, out, _ = run(capsys, "play", "--seed", "3")
    assert status == 0
    assert "I can't read that: 'hi': expected a run end: low or high" in out
    assert "I can't read that: 'discard': incomplete: the form is 'discard CARD [@SEAT]'" in out


def test_play_resume_of_a_file_that_is_not_a_record_names_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``replay notes.json`` named the file; ``play --resume notes.json`` said only
    "$: missing field 'schema'"."""
    target = tmp_path / "notes.json"
    target.write_text('{"hello": 1}', encoding="utf-8")
    status, _, err = run(capsys, "play", "--resume", str(target))
    assert status == 2
    assert err.startswith(f"phase10: {target}: ")
    assert "not a phase10 document" in err


def test_play_resume_of_a_card_game_with_another_game_says_card_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "game.json"
    GameRecord.start(2, seed=1).save(target)
    status, _, err = run(capsys, "play", "--resume", str(target), "--game", "dice")
    assert status == 2
    assert "goes on with a saved card game, not --game dice" in err


@pytest.mark.parametrize("command", [["replay"], ["play", "--resume"]])
def test_a_file_nested_too_deep_is_one_error_line(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Which game a file saves was read with json.loads, whose RecursionError on
    '[[[[...' escaped as a traceback; the reader of the card game explains the file."""
    target = tmp_path / "deep.json"
    target.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    status, _, err = run(capsys, *command, str(target))
    assert status == 2
    assert err.startswith(f"phase10: {target}: $: ")
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("game", "actions"),
    [
        ("cards", ["draw", "draw"]),
        ("dice", ["roll", "keep 0", "keep 0"]),
        ("twist", ["draw", "draw"]),
    ],
)
def test_play_resume_of_a_record_with_an_illegal_move_names_the_file(
    game: str, actions: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A saved game whose moves cannot be replayed is refused naming the file, as ``replay``
    names it: ``play --resume`` said only "$.actions[1]: action 1 ('draw') is illegal..."."""
    target = tmp_path / "game.json"
    status, _, _ = run(capsys, "demo", "--game", game, "--players", "2", "--save", str(target))
    assert status == 0
    document = json.loads(target.read_text(encoding="utf-8"))
    document["actions"] = actions
    target.write_text(json.dumps(document), encoding="utf-8")
    _, _, replayed = run(capsys, "replay", str(target))
    status, _, err = run(capsys, "play", "--resume", str(target))
    assert status == 2
    assert err.startswith(f"phase10: {target}: $.actions[")
    assert "is illegal in the replayed game" in err
    assert err == replayed


@pytest.mark.parametrize("game", ["cards", "dice", "twist"])
def test_demo_save_says_where_the_game_went(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --save`` said where it saved and how to replay; ``demo --save`` said nothing.
    It says so on standard error: standard output stays what ``replay`` tells again."""
    target = tmp_path / "game.json"
    status, _, err = run(capsys, "demo", "--game", game, "--players", "2", "--save", str(target))
    assert status == 0
    assert err == f"Game saved to {target} (replay it with: phase10 replay {target})\n"
    status, replayed, _ = run(capsys, "replay", str(target))
    assert status == 0
    assert "Final standings" in replayed


def test_narration_says_your_group_not_you_s(capsys: pytest.CaptureFixture[str]) -> None:
    """A bot hitting the person's group was told "Cy hit R6 on You's set of 6s"."""
    from phase10 import GreedyBot, Hit, new_game, play_game
    from phase10.cli.common import Narrator

    hits: list[tuple[GameState, Action, GameState]] = []

    def keep(before: GameState, action: Action, after: GameState) -> None:
        if isinstance(action, Hit) and action.owner == 0 and before.current_player != 0:
            hits.append((before, action, after))

    play_game(new_game(["You", "Bob", "Cy"], seed=3), [GreedyBot()] * 3, on_action=keep)
    assert hits, "no bot hit seat 0's groups in this game"
    out = io.StringIO()
    Narrator(out, you=0)(*hits[0])
    told = out.getvalue()
    assert " on your " in told
    assert "You's" not in told
    spectator = io.StringIO()  # demo and replay have no person: names stay names
    Narrator(spectator)(*hits[0])
    assert " on You's " in spectator.getvalue()


def test_twist_play_tells_the_person_the_card_they_drew() -> None:
    """The card game says "(you drew S)"; Twist drew in silence, the new card lost in the hand."""
    from phase10.cli.twist import run_play

    answers = iter(["draw", "quit"])
    out = io.StringIO()
    assert run_play(out, lambda prompt: next(answers, None), players=2, seed=2) == 0
    assert "(you drew " in out.getvalue()


def test_a_saved_game_of_a_script_variant_replays_where_the_name_is_unknown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/custom_variants.rst: a record holds the rules themselves, so the plain
    ``phase10`` command (a process that never registered the variant) replays and resumes it."""
    from phase10 import Phase, SetOf
    from phase10.variants import Variant

    target = tmp_path / "game.json"
    quick = Variant(
        "nu-quick",
        "Two short phases (a test).",
        lambda rules: rules.with_options(phases=(Phase(1, [SetOf(3)]), Phase(2, [SetOf(4)]))),
    )
    with registry_restored():
        variants.register(quick)
        assert main(["demo", "--variant", "nu-quick", "--players", "2", "--save", str(target)]) == 0
    capsys.readouterr()
    assert "nu-quick" not in variants.names()
    status, out, err = run(capsys, "replay", str(target))
    assert (status, err) == (0, "")
    assert out.startswith("phase10 replay: nu-quick rules")


BOT_MODULE = '''
from phase10 import GreedyBot


class Chatty:
    """A bot of the reader's own (docs/bots.rst): GreedyBot's moves, counted."""

    chosen = 0

    def __init__(self, seed):
        self.inner = GreedyBot()

    def choose(self, view, legal):
        Chatty.chosen += 1
        return self.inner.choose(view, legal)
'''


def test_play_and_demo_seat_your_own_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/bots.rst has the reader write a bot; ``simulate --bot module:factory`` seated it,
    but ``play`` and ``demo`` offered only greedy and random, so nobody could play against it."""
    import sys

    (tmp_path / "nu_mybots.py").write_text(BOT_MODULE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.delitem(sys.modules, "nu_mybots", raising=False)
    status, out, err = run(capsys, "demo", *SHORT, "--players", "2", "--bot", "nu_mybots:Chatty")
    assert (status, err) == (0, "")
    assert "Final standings" in out
    assert sys.modules["nu_mybots"].Chatty.chosen > 0
    feed(monkeypatch, "1\nquit\n")
    status, out, err = run(capsys, "play", *SHORT, "--seed", "2", "--bot", "nu_mybots:Chatty")
    assert (status, err) == (0, "")
    assert "against nu_mybots:Chatty bots" in out


def test_play_against_the_search_bot(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "1\nquit\n")
    status, out, err = run(capsys, "play", *SHORT, "--seed", "2", "--bot", "phase10:SearchBot")
    assert (status, err) == (0, "")
    assert "against phase10:SearchBot bots" in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["demo", "--bot", "nu_no_such_module:Bot"], "cannot import 'nu_no_such_module'"),
        (["play", "--game", "dice", "--bot", "phase10:SearchBot"], "your own bots play the card"),
        # a factory that fails on a seed: one line naming the failure, no traceback
        (["play", "--bot", "os.path:join"], "with a seed did not build a bot (TypeError"),
    ],
)
def test_a_bot_that_cannot_sit_is_refused_before_any_game(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert said in err


@pytest.mark.parametrize(
    ("argv", "ray"),
    [
        (["play"], False),
        (["demo"], False),
        (["simulate", "--games", "1"], False),
        (["simulate", "--games", "1", "--backend", "ray"], True),
    ],
)
def test_a_bot_that_cannot_be_imported_gets_a_hint_for_this_command(
    argv: list[str], ray: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """How to ship a module to Ray's workers matters to ``simulate --backend ray`` only; a
    game played here was told about runtime_env and `ray job submit` all the same."""
    status, out, err = run(capsys, *argv, *SHORT, "--bot", "nu_no_such_module:Bot")
    assert (status, out) == (2, "")
    assert err.startswith("phase10: --bot nu_no_such_module:Bot: cannot import 'nu_no_such_module'")
    assert "install it, or run phase10 from the folder that holds it" in err
    assert ("ray" in err.lower()) is ray
    assert err.count("\n") == 1


def test_a_bot_whose_own_import_is_missing_names_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "nu_needs_more.py").write_text("import nu_not_installed\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    status, out, err = run(capsys, "play", *SHORT, "--bot", "nu_needs_more:Bot")
    assert (status, out) == (2, "")
    assert "install 'nu_not_installed', which 'nu_needs_more' imports" in err


def drawn(before: list[str], after: list[str]) -> str:
    return drawn_line([Card.parse(c) for c in before], [Card.parse(c) for c in after])


def test_the_drawn_card_is_what_the_hand_gained() -> None:
    """One helper tells the card game's and Twist's players what they drew: the card the
    hand gained, also when the hand already held one like it."""
    assert drawn(["R7", "B2"], ["R7", "B2", "W"]) == "  (you drew W)\n"
    assert drawn(["R7", "B2"], ["R7", "R7", "B2"]) == "  (you drew R7)\n"
    assert drawn(["S"], ["S", "S"]) == "  (you drew S)\n"


@pytest.mark.parametrize("game", ["cards", "twist"])
def test_both_card_games_tell_the_drawn_card_alike(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "draw\nquit\n")
    status, out, _ = run(capsys, "play", "--game", game, "--seed", "2", "--players", "2")
    assert status == 0
    told = [line for line in out.splitlines() if line.startswith("  (you drew ")]
    assert len(told) == 1
    card = told[0].removeprefix("  (you drew ").removesuffix(")")
    assert Card.parse(card)  # one card in notation, no list or quotes


def test_an_unknown_bot_name_says_how_to_name_your_own(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "demo", "--bot", "clever")
    assert status == 2
    assert "usage: phase10 demo" in err
    assert "module.path:factory" in err


@pytest.mark.parametrize(
    ("variant", "shown", "hidden"),
    [
        ("standard", [], ["choose 4", "save G9", "give 2", "swap R5"]),
        ("masters", ["choose 4", "save G9", "takesaved G9"], ["give 2", "swap R5"]),
        ("pick-a-phase", ["lay phase=4"], ["choose 4", "save G9"]),
        ("dealer-places-upturned", ["give 2"], ["choose 4"]),
        ("movable-wilds", ["swap R5 1.0 low"], ["choose 4"]),
    ],
)
def test_play_help_names_the_moves_the_variant_adds(
    variant: str,
    shown: list[str],
    hidden: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Under Masters the first prompt lists ``choose 1`` ... ``choose 10`` and later ``save``
    and ``takesaved`` moves; ``help`` explained none of them (V-1.4, V-1.6, V-3, V-12, V-13)."""
    feed(monkeypatch, "help\nquit\n")
    status, out, _ = run(capsys, "play", "--variant", variant, "--seed", "4")
    assert status == 0
    help_text = out[out.index("Type the number of a move") : out.index("Other commands")]
    for move in shown:
        assert move in help_text
    for move in hidden:
        assert move not in help_text
    assert ("These rules add:" in help_text) == bool(shown)
