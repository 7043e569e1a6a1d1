"""examples/compare_variants.py: games won are a share of the finished games, as every
win rate of a summary is (an unfinished game, stopped at the action cap, is in no
statistic)."""

from __future__ import annotations

import runpy
from pathlib import Path

from phase10.simulate import GameOutcome, SimulationSummary

EXAMPLE = Path(__file__).parent.parent / "examples" / "compare_variants.py"


def test_games_won_leave_out_unfinished_games() -> None:
    module = runpy.run_path(str(EXAMPLE))
    won = GameOutcome(seed=0, hands=3, turns=30, winners=(0,), scores=(0, 50), phases=(3, 1))
    stuck = GameOutcome(
        seed=1, hands=9, turns=900, winners=(), scores=(0, 0), phases=(0, 0), finished=False
    )
    summary = SimulationSummary.from_outcomes("standard", ("greedy", "random"), [won, stuck])
    assert (summary.games, summary.finished) == (2, 1)
    assert module["games_won"](summary) == {"greedy": 1.0, "random": 0.0}
    assert module["games_won"](summary)["greedy"] == summary.win_rate_by_seat[0]
