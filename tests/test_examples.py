"""Every script in examples/ runs, non-interactively and quickly, and does what it says.

Each example runs in a fresh interpreter (as a reader would run it), with
arguments that pick a short variant or a few games, under a timeout.
"""

from __future__ import annotations

import importlib.machinery
import runpy
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path

import pytest

from phase10.simulate import GameOutcome, SimulationSummary

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

ARGUMENTS: dict[str, list[str]] = {
    "terminal_game.py": ["--auto", "--variant", "to-phase-2"],
    "custom_variant.py": ["--games", "2"],
    "server_loop.py": ["--variant", "to-phase-2"],
    "compare_variants.py": [
        "--games",
        "2",
        "--players",
        "2",
        "--workers",
        "2",
        "--variants",
        "to-phase-1,to-phase-2",
    ],
    "learn_to_play.py": ["--seconds", "0.5", "--eval", "10"],
}
"""The arguments each example is tested with: fast, and never waiting for a person."""

EXPECTED: dict[str, list[str]] = {
    "terminal_game.py": ["your move> ", "Game over after"],
    "custom_variant.py": [
        "coffee-break: 4 phases",
        "wins with",
        "saved and loaded: coffee-break, final phase Phase 4: the espresso",
        "2 games:",
        "games won: greedy ",
    ],
    "server_loop.py": ["a hand size, never a hand", "refused seat", "not_your_turn", "game over"],
    "compare_variants.py": ["variant", "to-phase-1", "to-phase-2", "hands mean"],
    "learn_to_play.py": [
        "before training: the policy wins",
        "after training",
        "most preferred",
        "as a Bot (its most preferred move): wins",
    ],
}


def run_example(name: str, *args: str, stdin: str = "", cwd: Path | None = None) -> str:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_every_example_is_tested() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == sorted(ARGUMENTS)


SLOW_EXAMPLES = frozenset({"learn_to_play.py"})
"""Examples with a long fixed cost (NumPy, Gymnasium and half a second of training): marked
``slow``, so CI's full-strength step runs them and the fast run leaves them out (the
learning environments' own tests and checkers run in both)."""


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.slow) if name in SLOW_EXAMPLES else name
        for name in sorted(ARGUMENTS)
    ],
)
def test_example_runs(name: str, tmp_path: Path) -> None:
    out = run_example(name, *ARGUMENTS[name], cwd=tmp_path)
    for text in EXPECTED[name]:
        assert text in out, f"{name} printed no {text!r}"


def test_terminal_game_reads_moves_and_explains_mistakes() -> None:
    moves = "nonsense\n42\ndiscard R1\nhelp\n1\nquit\n"
    out = run_example("terminal_game.py", "--variant", "to-phase-2", stdin=moves)
    assert "your move> nonsense\n" in out  # moves from a pipe are shown after the prompt
    assert "cannot read that" in out
    assert "a listed number, or a move in notation" in out  # help is not a bad move
    assert "'help' at 0" not in out
    assert "choose a number from 1 to" in out
    assert "not allowed: draw a card first" in out
    assert "You drew from the draw pile" in out
    assert out.rstrip().endswith("bye")


def test_terminal_game_quits_at_end_of_input() -> None:
    out = run_example("terminal_game.py", stdin="")
    assert out.rstrip().endswith("bye")


def test_server_loop_tells_each_seat_what_happened(capsys: pytest.CaptureFixture[str]) -> None:
    """The updates of seat_update: each bot hears the moves since its last turn."""
    module = runpy.run_path(str(EXAMPLES / "server_loop.py"))
    assert module["main"](["--variant", "to-phase-1", "--verbose"]) == 0
    out = capsys.readouterr().out
    assert "an update: ['schema', 'type', 'seat', 'view', 'legal', 'events']" in out
    assert "seat 0 hears: Bob " in out
    assert "the view names every phase, e.g. '2 sets of 3'" in out


def test_compare_variants_saves_a_chart_with_matplotlib(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Where matplotlib is installed the example saves a chart (a stand-in records it here)."""
    saved: list[str] = []
    bars: list[tuple[object, ...]] = []

    class Figure:
        def suptitle(self, text: str) -> None: ...

        def tight_layout(self) -> None: ...

        def savefig(self, path: str) -> None:
            saved.append(path)

    class Axes:
        def bar(self, *args: object, **kwargs: object) -> None:
            bars.append((*args, kwargs.get("label")))

        def __getattr__(self, name: str) -> Callable[..., None]:
            return lambda *args, **kwargs: None  # labels, ticks, limits, legend

    matplotlib = types.ModuleType("matplotlib")
    matplotlib.__spec__ = importlib.machinery.ModuleSpec("matplotlib", None)
    matplotlib.use = lambda backend: None  # type: ignore[attr-defined]
    pyplot = types.ModuleType("matplotlib.pyplot")
    pyplot.subplots = lambda rows, columns, figsize: (Figure(), (Axes(), Axes()))  # type: ignore[attr-defined]
    pyplot.close = lambda figure: None  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "matplotlib", matplotlib)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", pyplot)

    module = runpy.run_path(str(EXAMPLES / "compare_variants.py"))
    chart = str(tmp_path / "chart.png")
    argv = ["--games", "1", "--players", "2", "--workers", "1", "--variants", "to-phase-1"]
    assert module["main"]([*argv, "--plot", chart]) == 0
    assert saved == [chart]
    assert bars[0][0] == ["to-phase-1"]  # hands per game
    assert [bar[-1] for bar in bars[1:]] == ["greedy", "random"]  # games won, per bot


def test_compare_variants_counts_games_won_not_a_per_seat_rate() -> None:
    """Two greedy seats of four that win every game: greedy won 100% of games, not 50%."""
    module = runpy.run_path(str(EXAMPLES / "compare_variants.py"))
    outcomes = tuple(
        GameOutcome(
            seed=i, hands=3, turns=30, winners=(i % 2 * 2,), scores=(0,) * 4, phases=(3,) * 4
        )
        for i in range(4)
    )
    summary = SimulationSummary.from_outcomes("standard", ("greedy", "random") * 2, outcomes)
    assert summary.win_rate_by_bot["greedy"] == 0.5  # the per-seat rate
    assert module["games_won"](summary) == {"greedy": 1.0, "random": 0.0}
    lines = module["table"]([summary])
    assert lines[0].endswith("won by greedy  won by random")
    assert lines[2].split()[-2:] == ["100%", "0%"]
    assert "share of games" in lines[-1]


def test_learn_to_play_policy_plays_as_a_bot_from_its_view_alone() -> None:
    """The trained policy leaves the example as a phase10 Bot: a newcomer's next question
    after training ("how do I play against it, or simulate it?") had no answer."""
    pytest.importorskip("gymnasium")
    import numpy as np

    from phase10 import Bot, RandomBot, Rules, new_game, play_game, variants
    from phase10.rl import ActionCodec

    module = runpy.run_path(str(EXAMPLES / "learn_to_play.py"))
    rules = variants.resolve("to-phase-1")
    codec = ActionCodec(rules)
    preference = np.zeros(codec.size)
    preference[codec.block_of("lay")] = 2.0  # lay down, then hit, whenever it may
    preference[codec.block_of("hit")] = 1.0
    bot = module["PolicyBot"](preference, codec)
    assert isinstance(bot, Bot)
    capped: Rules = rules.with_options(max_turns=2_000)
    final = play_game(new_game(2, capped, seed=5), [bot, RandomBot(seed=1)])
    assert final.is_over
    policy = module["Policy"](codec.size, np.random.default_rng(0))
    assert isinstance(policy.bot(codec), module["PolicyBot"])
