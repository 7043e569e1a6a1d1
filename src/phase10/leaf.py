"""How a hand in progress is likely to end, from what each seat holds: a search's leaf value.

A play-out to the end of a hand is long, and most of what it measures is the luck
of the stock after the decision. :class:`~phase10.SearchBot` with a ``horizon``
stops its play-outs after that many circuits and judges the position reached with
:func:`leaf_value`: for each seat, the chance that it completes its phase this hand
and the penalty points it is likely to be left with, read from tables measured on
positions of real games (:data:`COMPLETE`, :data:`POINTS`; :func:`calibrate` measures
them again). The features are those a hand is judged by elsewhere: the cards a seat
lacks for its phase (:class:`~phase10.bots.Distances`), the draws it waits for its
next out (:class:`~phase10.strategy.HandOutlook`, from that seat's own view), whether
it is down, and how soon the hand may end (the fewest cards held by another seat
that is down).

>>> from phase10 import new_game
>>> state = new_game(4, seed=3)
>>> -1.0 < leaf_value(state, 0) < 1.0
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from .bots import Distances
from .fastpath import Plan
from .melds import NaturalScope
from .solver import fast_plan
from .state import GameState
from .strategy import HandOutlook, outs_pool
from .views import player_view

__all__ = ["COMPLETE", "POINTS", "Outlooks", "calibrate", "leaf_value", "seat_key"]

Key = tuple[int, int, int, int]
"""A seat's features: (down, cards lacked or held, wait bucket, hazard bucket)."""

WAITS = (2.0, 3.0, 4.5, 7.0, 12.0)
"""Upper bounds of the wait buckets (draws for the next out); beyond the last, the last bucket."""


def _wait_bucket(wait: float) -> int:
    for index, bound in enumerate(WAITS):
        if wait <= bound:
            return index
    return len(WAITS)


def _hazard(state: GameState, seat: int) -> int:
    """How soon the hand may end, for ``seat``: 0 when no other seat is down, else by the
    fewest cards such a seat holds (1: five or more, 2: three or four, 3: one or two)."""
    held = [len(p.hand) for s, p in enumerate(state.players) if s != seat and p.laid_down]
    if not held:
        return 0
    least = min(held)
    return 1 if least >= 5 else 2 if least >= 3 else 3


class Outlooks:
    """Per (plan, scope), the memory of fewest Wilds shared by the outlooks built."""

    __slots__ = ("memos",)

    def __init__(self) -> None:
        self.memos: dict[tuple[Plan, bool], dict[tuple[int, ...], int]] = {}


def seat_key(
    state: GameState, seat: int, distances: Distances, outlooks: Outlooks | None = None
) -> Key:
    """The features of ``seat``'s position in ``state`` (see the module's text)."""
    player = state.players[seat]
    hazard = _hazard(state, seat)
    if player.laid_down:
        return (1, min(len(player.hand), 5), 0, hazard)
    phase = state.target_phase(seat)
    rules = state.rules.meld_rules
    if phase is None:
        return (0, 4, len(WAITS), hazard)
    plan = fast_plan(phase, rules)
    if plan is None:
        return (0, distances(player.hand, phase, rules), len(WAITS), hazard)
    memos = (outlooks or Outlooks()).memos
    natural = rules.natural_card_scope is NaturalScope.PHASE
    memo = memos.setdefault((plan, natural), {})
    outlook = HandOutlook(plan, natural, outs_pool(player_view(state, seat)), memo)
    need, wait = outlook.rank(player.hand)
    return (0, min(need, 4), 0 if need == 0 else _wait_bucket(wait), hazard)


def _points(state: GameState, seat: int) -> int:
    table = state.rules.scoring.table()
    return sum(table[card.code] for card in state.players[seat].hand)


def _lookup(table: Mapping[Key, float], key: Key, fallback: float) -> float:
    """The measured value for ``key``, or for the nearest coarser key measured."""
    found = table.get(key)
    if found is not None:
        return found
    down, count, _, hazard = key
    for coarse in ((down, count, -1, hazard), (down, count, -1, -1)):
        found = table.get(coarse)
        if found is not None:
            return found
    return fallback


def expected_gain(
    state: GameState, seat: int, distances: Distances, outlooks: Outlooks | None = None
) -> float:
    """What ``seat`` is likely to gain by the end of the hand from ``state``, in
    :func:`~phase10.search.hand_value`'s units: the chance it completes its phase
    less the penalty points it is likely to be left with."""
    key = seat_key(state, seat, distances, outlooks)
    complete = 1.0 if key[0] else _lookup(COMPLETE, key, 0.0)
    ratio = _lookup(POINTS, key, 1.0)
    return complete - ratio * _points(state, seat) / 100.0


def leaf_value(
    state: GameState,
    seat: int,
    distances: Distances | None = None,
    outlooks: Outlooks | None = None,
) -> float:
    """How well a hand in progress is likely to end for ``seat`` against the others: its
    :func:`expected_gain` less the others' mean (a finished hand is judged by
    :func:`~phase10.search.hand_value` instead)."""
    memory = Distances() if distances is None else distances
    cache = Outlooks() if outlooks is None else outlooks
    gains = {s: expected_gain(state, s, memory, cache) for s in state.seats}
    others = [g for s, g in gains.items() if s != seat]
    return gains[seat] - (sum(others) / len(others) if others else 0.0)


def calibrate(
    positions: Iterable[tuple[GameState, GameState]],
) -> tuple[dict[Key, float], dict[Key, float]]:
    """The tables :data:`COMPLETE` and :data:`POINTS` measured on ``positions``.

    Each position is a state at some draw of a hand and the state at the end of that
    hand. For every seat it records the seat's :func:`seat_key` at the position, whether
    it completed its phase by the end, and its penalty points then and at the end; per
    key (and per coarser key, the wait or both wait and hazard left out, for keys seen
    too rarely) the chance of completing and the ratio of points at the end to points
    then.
    """
    distances, outlooks = Distances(), Outlooks()
    done: dict[Key, list[float]] = {}
    points: dict[Key, list[float]] = {}
    for state, end in positions:
        for seat in state.seats:
            key = seat_key(state, seat, distances, outlooks)
            completed = len(end.players[seat].completed) > len(state.players[seat].completed)
            now, then = _points(state, seat), end.players[seat].score - state.players[seat].score
            down, count, _, hazard = key
            for k in (key, (down, count, -1, hazard), (down, count, -1, -1)):
                done.setdefault(k, []).append(float(completed))
                sums = points.setdefault(k, [0.0, 0.0])
                sums[0] += then
                sums[1] += now
    enough = 40
    complete = {k: _round(sum(v) / len(v)) for k, v in done.items() if len(v) >= enough}
    ratios = {
        k: _round(v[0] / v[1])
        for k, v in points.items()
        if len(done[k]) >= enough and v[1] > 0 and math.isfinite(v[0] / v[1])
    }
    return complete, ratios


def _round(value: float) -> float:
    return round(value, 3)


def table_text(table: Mapping[Key, float], name: str) -> str:
    """``table`` as Python source (how :data:`COMPLETE` and :data:`POINTS` were written)."""
    lines = [f"{name}: Mapping[Key, float] = {{"]
    lines.extend(f"    {key!r}: {table[key]!r}," for key in sorted(table))
    lines.append("}")
    return "\n".join(lines)


# Measured by calibrate() on every draw of 400 four-player standard games (seeds 10001-10410,
# OutsBot in seat seed % 4, GreedyBots in the others): 501,514 seat positions.
COMPLETE: Mapping[Key, float] = {
    (0, 0, -1, -1): 0.97,
    (0, 0, -1, 0): 0.978,
    (0, 0, -1, 2): 0.974,
    (0, 0, -1, 3): 0.913,
    (0, 0, 0, 0): 0.978,
    (0, 0, 0, 2): 0.974,
    (0, 0, 0, 3): 0.913,
    (0, 1, -1, -1): 0.657,
    (0, 1, -1, 0): 0.822,
    (0, 1, -1, 2): 0.729,
    (0, 1, -1, 3): 0.5,
    (0, 1, 0, 0): 0.954,
    (0, 1, 0, 2): 0.966,
    (0, 1, 0, 3): 0.808,
    (0, 1, 1, 0): 0.927,
    (0, 1, 1, 2): 0.878,
    (0, 1, 1, 3): 0.717,
    (0, 1, 2, 0): 0.879,
    (0, 1, 2, 2): 0.827,
    (0, 1, 2, 3): 0.605,
    (0, 1, 3, 0): 0.768,
    (0, 1, 3, 2): 0.688,
    (0, 1, 3, 3): 0.469,
    (0, 1, 4, 0): 0.695,
    (0, 1, 4, 2): 0.573,
    (0, 1, 4, 3): 0.32,
    (0, 1, 5, 3): 0.223,
    (0, 2, -1, -1): 0.452,
    (0, 2, -1, 0): 0.6,
    (0, 2, -1, 2): 0.439,
    (0, 2, -1, 3): 0.239,
    (0, 2, 0, 0): 0.773,
    (0, 2, 0, 2): 0.66,
    (0, 2, 0, 3): 0.482,
    (0, 2, 1, 0): 0.686,
    (0, 2, 1, 2): 0.518,
    (0, 2, 1, 3): 0.352,
    (0, 2, 2, 0): 0.621,
    (0, 2, 2, 2): 0.48,
    (0, 2, 2, 3): 0.261,
    (0, 2, 3, 0): 0.511,
    (0, 2, 3, 2): 0.368,
    (0, 2, 3, 3): 0.175,
    (0, 2, 4, 0): 0.37,
    (0, 2, 4, 2): 0.264,
    (0, 2, 4, 3): 0.086,
    (0, 2, 5, 3): 0.0,
    (0, 3, -1, -1): 0.326,
    (0, 3, -1, 0): 0.418,
    (0, 3, -1, 2): 0.264,
    (0, 3, -1, 3): 0.115,
    (0, 3, 0, 0): 0.579,
    (0, 3, 0, 2): 0.418,
    (0, 3, 0, 3): 0.218,
    (0, 3, 1, 0): 0.427,
    (0, 3, 1, 2): 0.317,
    (0, 3, 1, 3): 0.162,
    (0, 3, 2, 0): 0.411,
    (0, 3, 2, 2): 0.262,
    (0, 3, 2, 3): 0.097,
    (0, 3, 3, 0): 0.331,
    (0, 3, 3, 2): 0.176,
    (0, 3, 3, 3): 0.066,
    (0, 3, 4, 3): 0.065,
    (0, 4, -1, -1): 0.207,
    (0, 4, -1, 0): 0.252,
    (0, 4, -1, 2): 0.129,
    (0, 4, -1, 3): 0.067,
    (0, 4, 0, 0): 0.309,
    (0, 4, 0, 2): 0.174,
    (0, 4, 0, 3): 0.069,
    (0, 4, 1, 0): 0.249,
    (0, 4, 1, 2): 0.167,
    (0, 4, 1, 3): 0.062,
    (0, 4, 2, 0): 0.199,
    (0, 4, 2, 2): 0.084,
    (0, 4, 2, 3): 0.087,
    (0, 4, 3, 0): 0.199,
    (0, 4, 3, 2): 0.104,
    (0, 4, 3, 3): 0.037,
}
"""Per key, the share of seats not down that completed their phase by the end of the hand."""

POINTS: Mapping[Key, float] = {
    (0, 0, -1, -1): 0.08,
    (0, 0, -1, 0): 0.071,
    (0, 0, -1, 2): 0.079,
    (0, 0, -1, 3): 0.138,
    (0, 0, 0, 0): 0.071,
    (0, 0, 0, 2): 0.079,
    (0, 0, 0, 3): 0.138,
    (0, 1, -1, -1): 0.367,
    (0, 1, -1, 0): 0.215,
    (0, 1, -1, 2): 0.31,
    (0, 1, -1, 3): 0.521,
    (0, 1, 0, 0): 0.106,
    (0, 1, 0, 2): 0.088,
    (0, 1, 0, 3): 0.244,
    (0, 1, 1, 0): 0.112,
    (0, 1, 1, 2): 0.167,
    (0, 1, 1, 3): 0.321,
    (0, 1, 2, 0): 0.172,
    (0, 1, 2, 2): 0.23,
    (0, 1, 2, 3): 0.431,
    (0, 1, 3, 0): 0.265,
    (0, 1, 3, 2): 0.35,
    (0, 1, 3, 3): 0.555,
    (0, 1, 4, 0): 0.341,
    (0, 1, 4, 2): 0.465,
    (0, 1, 4, 3): 0.699,
    (0, 1, 5, 3): 0.783,
    (0, 2, -1, -1): 0.556,
    (0, 2, -1, 0): 0.415,
    (0, 2, -1, 2): 0.582,
    (0, 2, -1, 3): 0.776,
    (0, 2, 0, 0): 0.252,
    (0, 2, 0, 2): 0.352,
    (0, 2, 0, 3): 0.534,
    (0, 2, 1, 0): 0.32,
    (0, 2, 1, 2): 0.497,
    (0, 2, 1, 3): 0.655,
    (0, 2, 2, 0): 0.406,
    (0, 2, 2, 2): 0.55,
    (0, 2, 2, 3): 0.757,
    (0, 2, 3, 0): 0.503,
    (0, 2, 3, 2): 0.652,
    (0, 2, 3, 3): 0.847,
    (0, 2, 4, 0): 0.668,
    (0, 2, 4, 2): 0.788,
    (0, 2, 4, 3): 0.944,
    (0, 2, 5, 3): 1.006,
    (0, 3, -1, -1): 0.682,
    (0, 3, -1, 0): 0.593,
    (0, 3, -1, 2): 0.753,
    (0, 3, -1, 3): 0.9,
    (0, 3, 0, 0): 0.429,
    (0, 3, 0, 2): 0.566,
    (0, 3, 0, 3): 0.782,
    (0, 3, 1, 0): 0.555,
    (0, 3, 1, 2): 0.689,
    (0, 3, 1, 3): 0.839,
    (0, 3, 2, 0): 0.626,
    (0, 3, 2, 2): 0.756,
    (0, 3, 2, 3): 0.927,
    (0, 3, 3, 0): 0.692,
    (0, 3, 3, 2): 0.866,
    (0, 3, 3, 3): 0.96,
    (0, 3, 4, 3): 0.941,
    (0, 4, -1, -1): 0.783,
    (0, 4, -1, 0): 0.736,
    (0, 4, -1, 2): 0.874,
    (0, 4, -1, 3): 0.941,
    (0, 4, 0, 0): 0.668,
    (0, 4, 0, 2): 0.807,
    (0, 4, 0, 3): 0.92,
    (0, 4, 1, 0): 0.718,
    (0, 4, 1, 2): 0.837,
    (0, 4, 1, 3): 0.928,
    (0, 4, 2, 0): 0.827,
    (0, 4, 2, 2): 0.932,
    (0, 4, 2, 3): 0.96,
    (0, 4, 3, 0): 0.813,
    (0, 4, 3, 2): 0.932,
    (0, 4, 3, 3): 0.968,
    (1, 1, -1, -1): 0.456,
    (1, 1, -1, 0): 0.311,
    (1, 1, -1, 2): 0.31,
    (1, 1, -1, 3): 0.528,
    (1, 1, 0, 0): 0.311,
    (1, 1, 0, 2): 0.31,
    (1, 1, 0, 3): 0.528,
    (1, 2, -1, -1): 0.512,
    (1, 2, -1, 0): 0.387,
    (1, 2, -1, 2): 0.394,
    (1, 2, -1, 3): 0.611,
    (1, 2, 0, 0): 0.387,
    (1, 2, 0, 2): 0.394,
    (1, 2, 0, 3): 0.611,
    (1, 3, -1, -1): 0.512,
    (1, 3, -1, 0): 0.437,
    (1, 3, -1, 2): 0.424,
    (1, 3, -1, 3): 0.621,
    (1, 3, 0, 0): 0.437,
    (1, 3, 0, 2): 0.424,
    (1, 3, 0, 3): 0.621,
    (1, 4, -1, -1): 0.475,
    (1, 4, -1, 0): 0.365,
    (1, 4, -1, 2): 0.416,
    (1, 4, -1, 3): 0.647,
    (1, 4, 0, 0): 0.365,
    (1, 4, 0, 2): 0.416,
    (1, 4, 0, 3): 0.647,
}
"""Per key, the penalty points at the end of the hand over the points held at the position."""
