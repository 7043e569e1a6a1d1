"""Bots compared over every rotation of the table, so no bot gains from where it sits.

Who sits after whom moves win rates a lot (a player picks up what the one before
discards), so :func:`~phase10.simulate.compare_bots` plays each cyclic rotation of
the seat list on the same seeds and pools each bot's seats over them. This module
holds what it returns: the per-rotation summaries and the per-bot standings
derived from them.

>>> table = ("greedy", "random", "greedy")
>>> rotations(table)
(('greedy', 'random', 'greedy'), ('random', 'greedy', 'greedy'), ('greedy', 'greedy', 'random'))
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import TypeVar

import attrs

from ..errors import InvalidDataError
from . import fields
from .summary import SimulationSummary, wilson_interval

__all__ = ["BotComparison", "BotStanding", "rotations"]


_Seat = TypeVar("_Seat")


def rotations(seats: tuple[_Seat, ...]) -> tuple[tuple[_Seat, ...], ...]:
    """Every cyclic rotation of ``seats``, the table as given first (one per seat)."""
    return tuple(seats[r:] + seats[:r] for r in range(len(seats)))


@attrs.frozen
class BotStanding:
    """One bot's record over every rotation: its seats pooled, a shared win split."""

    bot: str
    """The bot's name (a built-in name or an import path ``module:factory``)."""
    seats: int
    """How many seats of each game the bot holds."""
    games: int
    """Games played with the bot at the table, finished or not: every game of the
    comparison, a table that repeats counted once (see :attr:`BotComparison.standings`)."""
    finished: int
    """Finished games: the rates below are over these."""
    wins: float
    """Wins of the bot's seats; a shared win gives each winner its share."""
    win_rate: float
    """Wins per seat per finished game: ``1 / players`` for bots of equal strength."""
    win_interval: tuple[float, float]
    """The 95% Wilson interval of :attr:`win_rate` (``finished * seats`` trials)."""
    mean_score: float
    """Final penalty points per seat per finished game (dice: points)."""
    mean_phases: float
    """Completed phases per seat per finished game."""


def _seat_wins(summary: SimulationSummary) -> list[Fraction]:
    """Exact wins per seat (``wins_by_seat`` rounds a shared win to a float)."""
    wins = [Fraction(0)] * summary.players
    for seats, count in summary.win_counts:
        for seat in seats:
            wins[seat] += Fraction(count, len(seats))
    return wins


@attrs.frozen
class BotComparison:
    """What :func:`~phase10.simulate.compare_bots` found: per-bot standings over rotations.

    Rotation ``r`` seats the table given turned by ``r`` (seat ``s`` holds bot
    ``(s + r) % players``), and every rotation plays the same seeds, so each deal
    is played by every arrangement.
    """

    rotations: tuple[SimulationSummary, ...]
    """One summary per rotation, the table as given first."""

    def __attrs_post_init__(self) -> None:
        if not self.rotations:
            raise InvalidDataError("a comparison needs at least one rotation", "rotations")
        first = self.rotations[0]
        expected = rotations(first.bots)
        if len(self.rotations) != len(expected):
            raise InvalidDataError(
                f"a table of {len(expected)} seats has {len(expected)} rotations, "
                f"not {len(self.rotations)}",
                "rotations",
            )
        for r, summary in enumerate(self.rotations):
            if summary.bots != expected[r]:
                raise InvalidDataError(
                    f"rotation {r} must seat {', '.join(expected[r])}", "rotations"
                )
            if summary.spec != first.spec or summary.seeds != first.seeds:
                raise InvalidDataError(
                    f"rotation {r} must play the variant and seeds of rotation 0", "rotations"
                )

    @property
    def spec(self) -> str:
        """The variant played (labelled with the game for dice and Twist)."""
        return self.rotations[0].spec

    @property
    def bots(self) -> tuple[str, ...]:
        """The table as given: the bot of each seat in rotation 0."""
        return self.rotations[0].bots

    @property
    def games(self) -> int:
        """Games over all rotations, finished or not (a repeated table's copies included;
        :attr:`standings` count them once)."""
        return sum(summary.games for summary in self.rotations)

    @property
    def unfinished(self) -> int:
        """Games stopped at the action cap, over all rotations as :attr:`games` (in no rate)."""
        return sum(summary.unfinished for summary in self.rotations)

    @property
    def standings(self) -> tuple[BotStanding, ...]:
        """Each distinct bot's record, in the order the bots first sit at the table.

        A rotation that seats the same table as an earlier one (``a,b,a,b`` turned twice)
        played the same games, so it is counted once: its copies would narrow the
        interval without adding evidence.
        """
        names = tuple(dict.fromkeys(self.bots))
        wins = dict.fromkeys(names, Fraction(0))
        scores = dict.fromkeys(names, 0)
        phases = dict.fromkeys(names, 0)
        trials = dict.fromkeys(names, 0)
        distinct = tuple({summary.bots: summary for summary in self.rotations}.values())
        for summary in distinct:
            seat_wins = _seat_wins(summary)
            for seat, name in enumerate(summary.bots):
                wins[name] += seat_wins[seat]
                scores[name] += summary.score_totals[seat]
                phases[name] += summary.phase_totals[seat]
                trials[name] += summary.finished
        finished = sum(summary.finished for summary in distinct)
        return tuple(
            BotStanding(
                bot=name,
                seats=self.bots.count(name),
                games=sum(summary.games for summary in distinct),
                finished=finished,
                wins=float(wins[name]),
                win_rate=float(wins[name] / trials[name]) if trials[name] else 0.0,
                win_interval=wilson_interval(float(wins[name]), trials[name]),
                mean_score=scores[name] / trials[name] if trials[name] else 0.0,
                mean_phases=phases[name] / trials[name] if trials[name] else 0.0,
            )
            for name in names
        )

    @property
    def win_rate_by_bot(self) -> Mapping[str, float]:
        """Per bot: its win rate per seat over every rotation (as in :attr:`standings`)."""
        return MappingProxyType({s.bot: s.win_rate for s in self.standings})

    def to_dict(self) -> dict[str, object]:
        """The comparison as JSON-ready data: the standings, then each rotation's summary."""
        return {
            "spec": self.spec,
            "players": len(self.bots),
            "bots": list(self.bots),
            "games": self.games,
            "unfinished": self.unfinished,
            "standings": [
                {
                    "bot": s.bot,
                    "seats": s.seats,
                    "games": s.games,
                    "finished": s.finished,
                    "wins": s.wins,
                    "win_rate": s.win_rate,
                    "win_rate_95": list(s.win_interval),
                    "mean_score": s.mean_score,
                    "mean_phases": s.mean_phases,
                }
                for s in self.standings
            ],
            "rotations": [summary.to_dict() for summary in self.rotations],
        }

    @classmethod
    def from_dict(cls, data: object) -> BotComparison:
        """A comparison from :meth:`to_dict`'s data (``phase10 simulate --rotate --json``).

        The standings are derived again from the rotations' summaries, so data whose
        standings were edited reads back as its games say. Raises
        :class:`~phase10.InvalidDataError` with a JSON path for anything else.
        """
        doc = fields.obj(data, "$", ("rotations",))
        summaries = []
        for i, item in enumerate(fields.items(doc["rotations"], "$.rotations")):
            where = f"$.rotations[{i}]"
            try:
                summaries.append(SimulationSummary.from_dict(item))
            except InvalidDataError as error:  # its path starts at the summary's own "$"
                inner = (error.path or "$")[1:]
                raise InvalidDataError(error.message, where + inner) from None
        return cls(tuple(summaries))

    def merge(self, *others: BotComparison) -> BotComparison:
        """One comparison of the games of ``self`` and ``others`` (runs of other seeds on
        other machines, say): each rotation's summaries merged. The comparisons must seat
        the same table and share no seed, as :meth:`SimulationSummary.merge` requires."""
        for other in others:
            if other.bots != self.bots or other.spec != self.spec:
                raise InvalidDataError(
                    f"only comparisons of the same variant and table merge: {self.spec} with "
                    f"{', '.join(self.bots)} against {other.spec} with {', '.join(other.bots)}"
                )
        return BotComparison(
            tuple(
                SimulationSummary.merge(summary, *(other.rotations[r] for other in others))
                for r, summary in enumerate(self.rotations)
            )
        )
