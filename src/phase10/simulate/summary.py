"""What a simulation found, kept as exact aggregates that merge across runs and machines.

A summary never holds the games themselves, so it stays small however many
games it counts: histograms of hands and turns per game (exact means and
medians), totals of scores and phases per seat, and how often each set of
seats won. All of them are integers, so merging summaries in any order gives
the same summary, and a summary rebuilt from its :meth:`~SimulationSummary.to_dict`
equals the original.

>>> a = SimulationSummary.from_outcomes("standard", ("greedy", "random"), [
...     GameOutcome(seed=0, hands=10, turns=100, winners=(0,), scores=(40, 300), phases=(10, 7)),
...     GameOutcome(seed=1, hands=12, turns=130, winners=(1,), scores=(200, 90), phases=(8, 10)),
... ])
>>> b = SimulationSummary.from_outcomes("standard", ("greedy", "random"), [
...     GameOutcome(seed=2, hands=11, turns=110, winners=(0,), scores=(50, 150), phases=(10, 9)),
... ])
>>> both = SimulationSummary.merge(a, b)
>>> both.games, both.hands_median, both.wins_by_seat
(3, 11.0, (2.0, 1.0))
>>> SimulationSummary.from_dict(both.to_dict()) == both == b.merge(a)
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from statistics import NormalDist
from types import MappingProxyType

import attrs

from ..errors import InvalidDataError
from . import fields
from .outcome import GameOutcome
from .seeds import SeedSet, format_ranges

__all__ = ["SimulationSummary", "Tally", "wilson_interval"]

Histogram = tuple[tuple[int, int], ...]
"""``(value, games)`` pairs in increasing order of value."""

WinCounts = tuple[tuple[tuple[int, ...], int], ...]
"""``(winning seats, games)`` pairs in sorted order; ``()`` seats: a game nobody won."""


def wilson_interval(successes: float, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a rate: ``successes`` out of ``trials``.

    Unlike the textbook ``p ± z·sqrt(p(1-p)/n)`` it stays inside [0, 1] and
    behaves for rates near 0 or 1 and for few games.

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence}")
    if trials == 0:
        return 0.0, 1.0
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / trials
    scale = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / scale
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / scale
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact at the ends, no rounding
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


def _median(histogram: Histogram) -> float:
    total = sum(count for _, count in histogram)
    if total == 0:
        return 0.0
    wanted = {(total - 1) // 2, total // 2}  # the middle one, or the middle two
    found: list[int] = []
    seen = 0
    for value, count in histogram:
        found.extend(value for index in wanted if seen <= index < seen + count)
        seen += count
    return sum(found) / len(found)


def _ratio(total: float, count: int) -> float:
    return total / count if count else 0.0


def _histogram(counter: Mapping[int, int]) -> Histogram:
    return tuple(sorted((value, count) for value, count in counter.items() if count))


@attrs.frozen
class SimulationSummary:
    """The statistics of many games of one variant and one table of bots.

    Statistics are over the *finished* games; games that reached the action
    cap are only counted in :attr:`unfinished`. Win rates credit a shared win in
    equal parts to the winners, so no game counts twice. Build one with
    :func:`~phase10.simulate.simulate`, :meth:`from_outcomes`, :meth:`from_dict`
    or :meth:`merge`.
    """

    spec: str
    """The rules' variant spec, e.g. ``"standard"`` or ``"even-phases"``."""
    bots: tuple[str, ...]
    """The bot of each seat: a built-in name or an import path ``module:factory``."""
    seed: int
    """The first seed: game ``i`` of a run is played from ``seed + i``."""
    seeds: tuple[tuple[int, int], ...] = ()
    """The seeds of the games counted, as half-open ranges ``(start, stop)``."""
    hands_histogram: Histogram = ()
    """How many finished games lasted each number of hands."""
    turns_histogram: Histogram = ()
    """How many finished games lasted each number of turns."""
    actions_total: int = 0
    """Actions applied in all finished games."""
    win_counts: WinCounts = ()
    """How many finished games each set of seats won (a shared win lists several)."""
    score_totals: tuple[int, ...] = attrs.field()
    """Each seat's final penalty points, added over the finished games."""
    phase_totals: tuple[int, ...] = attrs.field()
    """Each seat's completed phases, added over the finished games."""
    unfinished: int = 0
    """Games stopped at the action cap: counted in :attr:`games`, in no statistic."""

    @score_totals.default
    def _no_scores(self) -> tuple[int, ...]:
        return (0,) * len(self.bots)

    @phase_totals.default
    def _no_phases(self) -> tuple[int, ...]:
        return (0,) * len(self.bots)

    def __attrs_post_init__(self) -> None:
        players = len(self.bots)
        if len(self.score_totals) != players or len(self.phase_totals) != players:
            raise InvalidDataError(f"a summary of {players} seats needs a total per seat")
        finished = self.finished
        counts = (sum(c for _, c in self.turns_histogram), sum(c for _, c in self.win_counts))
        if counts != (finished, finished):
            raise InvalidDataError(
                f"{finished} finished games, but the turns and wins count {counts[0]} and "
                f"{counts[1]}"
            )
        if sum(stop - start for start, stop in self.seeds) != self.games:
            raise InvalidDataError(f"{self.games} games, but the seeds hold another number")
        if any(seat >= players for seats, _ in self.win_counts for seat in seats):
            raise InvalidDataError(f"a winner outside the {players} seats")

    @classmethod
    def from_outcomes(
        cls,
        spec: str,
        bots: Sequence[str],
        outcomes: Iterable[GameOutcome],
        seed: int | None = None,
    ) -> SimulationSummary:
        """The summary of ``outcomes`` (any order); ``seed`` defaults to the lowest game seed."""
        tally = Tally(spec, tuple(bots))
        for outcome in outcomes:
            tally.add(outcome)
        return tally.summary(seed)

    # ------------------------------------------------------------------ counts

    @property
    def players(self) -> int:
        """Seats per game."""
        return len(self.bots)

    @property
    def finished(self) -> int:
        """Games that ended (the statistics are over these)."""
        return sum(count for _, count in self.hands_histogram)

    @property
    def games(self) -> int:
        """Games played, finished or not."""
        return self.finished + self.unfinished

    # ------------------------------------------------------------------ game lengths

    @property
    def hands_mean(self) -> float:
        """Mean hands per game."""
        return _ratio(sum(v * c for v, c in self.hands_histogram), self.finished)

    @property
    def hands_median(self) -> float:
        """Median hands per game (robust to the occasional marathon)."""
        return _median(self.hands_histogram)

    @property
    def turns_mean(self) -> float:
        """Mean turns per game."""
        return _ratio(sum(v * c for v, c in self.turns_histogram), self.finished)

    @property
    def turns_median(self) -> float:
        """Median turns per game."""
        return _median(self.turns_histogram)

    @property
    def actions_mean(self) -> float:
        """Mean actions per game (every draw, play and discard, and the deals)."""
        return _ratio(self.actions_total, self.finished)

    # ------------------------------------------------------------------ seats

    @property
    def wins_by_seat(self) -> tuple[float, ...]:
        """Wins per seat; a shared win gives each winner its share."""
        wins = [Fraction(0)] * self.players
        for seats, count in self.win_counts:
            for seat in seats:
                wins[seat] += Fraction(count, len(seats))
        return tuple(float(w) for w in wins)

    @property
    def win_rate_by_seat(self) -> tuple[float, ...]:
        """The share of finished games each seat won."""
        return tuple(_ratio(w, self.finished) for w in self.wins_by_seat)

    @property
    def win_interval_by_seat(self) -> tuple[tuple[float, float], ...]:
        """Each seat's win rate as a 95% Wilson interval ``(low, high)``."""
        return tuple(wilson_interval(w, self.finished) for w in self.wins_by_seat)

    @property
    def mean_score_by_seat(self) -> tuple[float, ...]:
        """Each seat's mean final penalty points."""
        return tuple(_ratio(total, self.finished) for total in self.score_totals)

    @property
    def mean_phases_by_seat(self) -> tuple[float, ...]:
        """How many phases each seat completed, on average."""
        return tuple(_ratio(total, self.finished) for total in self.phase_totals)

    @property
    def mean_score(self) -> float:
        """The mean final penalty points over every seat of every finished game."""
        return _ratio(sum(self.score_totals), self.finished * self.players)

    # ------------------------------------------------------------------ bots

    def _seats_of(self) -> dict[str, list[int]]:
        seats: dict[str, list[int]] = {}
        for seat, name in enumerate(self.bots):
            seats.setdefault(name, []).append(seat)
        return seats

    def _by_bot(self, per_seat: Sequence[float]) -> Mapping[str, float]:
        return MappingProxyType(
            {
                name: sum(per_seat[s] for s in seats) / len(seats)
                for name, seats in self._seats_of().items()
            }
        )

    @property
    def win_rate_by_bot(self) -> Mapping[str, float]:
        """Per bot: the share of games a seat it plays wins (a per-seat rate).

        Averaging over the bot's seats keeps bots comparable when one plays
        more seats than another: with fair bots every bot gets ``1 / players``.
        """
        return self._by_bot(self.win_rate_by_seat)

    @property
    def win_interval_by_bot(self) -> Mapping[str, tuple[float, float]]:
        """Per bot: a 95% Wilson interval of its per-seat win rate, its seats pooled."""
        wins = self.wins_by_seat
        return MappingProxyType(
            {
                name: wilson_interval(sum(wins[s] for s in seats), self.finished * len(seats))
                for name, seats in self._seats_of().items()
            }
        )

    @property
    def mean_score_by_bot(self) -> Mapping[str, float]:
        """Per bot: the mean final penalty points of the seats it plays."""
        return self._by_bot(self.mean_score_by_seat)

    # ------------------------------------------------------------------ merging

    def merge(self, *others: SimulationSummary) -> SimulationSummary:
        """One summary of all the games of ``self`` and ``others``.

        Call it as ``SimulationSummary.merge(a, b, c)`` or ``a.merge(b, c)``. The
        summaries must be of the same variant and bots and share no seed (a
        shared seed would count a game twice); the order does not matter.
        """
        tally = Tally(self.spec, self.bots)
        for summary in (self, *others):
            tally.add_summary(summary)
        return tally.summary(min(s.seed for s in (self, *others)))

    # ------------------------------------------------------------------ JSON

    def to_dict(self) -> dict[str, object]:
        """The summary as JSON-ready data: the counts, and the statistics derived from them.

        :meth:`from_dict` reads the counts back (the derived numbers are for
        people and programs that only read).
        """
        bot_rates = self.win_rate_by_bot
        bot_intervals = self.win_interval_by_bot
        return {
            "spec": self.spec,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "games": self.games,
            "finished": self.finished,
            "unfinished": self.unfinished,
            "seeds": [[start, stop - 1] for start, stop in self.seeds],
            "hands_per_game": {
                "mean": self.hands_mean,
                "median": self.hands_median,
                "histogram": [list(pair) for pair in self.hands_histogram],
            },
            "turns_per_game": {
                "mean": self.turns_mean,
                "median": self.turns_median,
                "histogram": [list(pair) for pair in self.turns_histogram],
            },
            "actions_per_game": {"mean": self.actions_mean, "total": self.actions_total},
            "mean_score": self.mean_score,
            "win_counts": [{"seats": list(seats), "games": n} for seats, n in self.win_counts],
            "seats": [
                {
                    "seat": seat,
                    "bot": self.bots[seat],
                    "wins": self.wins_by_seat[seat],
                    "win_rate": self.win_rate_by_seat[seat],
                    "win_rate_95": list(self.win_interval_by_seat[seat]),
                    "mean_score": self.mean_score_by_seat[seat],
                    "mean_phases": self.mean_phases_by_seat[seat],
                    "score_total": self.score_totals[seat],
                    "phase_total": self.phase_totals[seat],
                }
                for seat in range(self.players)
            ],
            "bots_summary": [
                {
                    "bot": name,
                    "seats": self.bots.count(name),
                    "win_rate": bot_rates[name],
                    "win_rate_95": list(bot_intervals[name]),
                    "mean_score": self.mean_score_by_bot[name],
                }
                for name in bot_rates
            ],
        }

    @classmethod
    def from_dict(cls, data: object) -> SimulationSummary:
        """A summary from :meth:`to_dict`'s data (e.g. a ``phase10 simulate --json`` file).

        Raises :class:`~phase10.InvalidDataError` with a JSON path for data
        that is not such a summary or whose counts do not agree.
        """
        keys = ("spec", "bots", "seed", "seeds", "unfinished", "hands_per_game")
        doc = fields.obj(
            data, "$", (*keys, "turns_per_game", "actions_per_game", "win_counts", "seats")
        )
        bots = tuple(
            fields.text(b, f"$.bots[{i}]")
            for i, b in enumerate(fields.items(doc["bots"], "$.bots"))
        )
        seeds = []
        for i, pair in enumerate(fields.items(doc["seeds"], "$.seeds")):
            first, last = fields.integers(pair, f"$.seeds[{i}]", length=2)
            if last < first:
                raise InvalidDataError("a seed range ends before it starts", f"$.seeds[{i}]")
            seeds.append((first, last + 1))
        try:
            seed_set = SeedSet(seeds)
        except ValueError as error:
            raise InvalidDataError(str(error), "$.seeds") from None
        wins: list[tuple[tuple[int, ...], int]] = []
        for i, entry in enumerate(fields.items(doc["win_counts"], "$.win_counts")):
            path = f"$.win_counts[{i}]"
            item = fields.obj(entry, path, ("seats", "games"))
            seats = fields.integers(item["seats"], f"{path}.seats", low=0)
            wins.append((seats, fields.integer(item["games"], f"{path}.games", low=0)))
        seat_docs = fields.items(doc["seats"], "$.seats", length=len(bots))
        per_seat = [
            fields.obj(s, f"$.seats[{i}]", ("score_total", "phase_total"))
            for i, s in enumerate(seat_docs)
        ]
        return cls(
            spec=fields.text(doc["spec"], "$.spec"),
            bots=bots,
            seed=fields.integer(doc["seed"], "$.seed"),
            seeds=seed_set.ranges(),
            hands_histogram=_read_histogram(doc, "hands_per_game"),
            turns_histogram=_read_histogram(doc, "turns_per_game"),
            actions_total=fields.integer(
                fields.obj(doc["actions_per_game"], "$.actions_per_game", ("total",))["total"],
                "$.actions_per_game.total",
                low=0,
            ),
            win_counts=tuple(sorted(wins)),
            score_totals=tuple(
                fields.integer(s["score_total"], f"$.seats[{i}].score_total")
                for i, s in enumerate(per_seat)
            ),
            phase_totals=tuple(
                fields.integer(s["phase_total"], f"$.seats[{i}].phase_total", low=0)
                for i, s in enumerate(per_seat)
            ),
            unfinished=fields.integer(doc["unfinished"], "$.unfinished", low=0),
        )

    def describe_seeds(self) -> str:
        """The seeds counted, as people write them: ``"0-999, 2000-2999"``."""
        return format_ranges(self.seeds)


def _read_histogram(doc: dict[str, object], key: str) -> Histogram:
    path = f"$.{key}.histogram"
    section = fields.obj(doc[key], f"$.{key}", ("histogram",))
    pairs = [
        fields.integers(pair, f"{path}[{i}]", length=2, low=0)
        for i, pair in enumerate(fields.items(section["histogram"], path))
    ]
    counter: Counter[int] = Counter()
    for value, count in pairs:
        counter[value] += count
    return _histogram(counter)


class Tally:
    """Counts games and summaries into one :class:`SimulationSummary` (a builder).

    Mutable and private to one run: outcomes are added as they arrive, in any
    order, and :meth:`summary` freezes the counts. A seed counted twice raises
    :class:`~phase10.InvalidDataError`.
    """

    def __init__(self, spec: str, bots: tuple[str, ...]) -> None:
        self.spec = spec
        self.bots = bots
        self.seeds = SeedSet()
        self._hands: Counter[int] = Counter()
        self._turns: Counter[int] = Counter()
        self._wins: Counter[tuple[int, ...]] = Counter()
        self._scores = [0] * len(bots)
        self._phases = [0] * len(bots)
        self._actions = 0
        self._unfinished = 0

    def add(self, outcome: GameOutcome) -> None:
        """Count one game."""
        if not self.seeds.add(outcome.seed):
            raise InvalidDataError(f"seed {outcome.seed} is counted twice", "seed")
        if not outcome.finished:
            self._unfinished += 1
            return
        self._hands[outcome.hands] += 1
        self._turns[outcome.turns] += 1
        self._wins[outcome.winners] += 1
        self._actions += outcome.actions
        for seat in range(len(self.bots)):
            self._scores[seat] += outcome.scores[seat]
            self._phases[seat] += outcome.phases[seat]

    def add_summary(self, summary: SimulationSummary) -> None:
        """Count every game of ``summary`` (same variant and bots, other seeds)."""
        if (summary.spec, summary.bots) != (self.spec, self.bots):
            raise InvalidDataError(
                f"cannot merge a summary of {summary.spec!r} with bots {', '.join(summary.bots)} "
                f"into one of {self.spec!r} with bots {', '.join(self.bots)}",
                "summaries",
            )
        for start, stop in summary.seeds:
            if not self.seeds.add_range(start, stop):
                raise InvalidDataError(
                    f"seeds {format_ranges([(start, stop)])} are in two summaries: "
                    "their games would count twice",
                    "summaries",
                )
        self._hands.update(dict(summary.hands_histogram))
        self._turns.update(dict(summary.turns_histogram))
        self._wins.update(dict(summary.win_counts))
        self._actions += summary.actions_total
        self._unfinished += summary.unfinished
        for seat in range(len(self.bots)):
            self._scores[seat] += summary.score_totals[seat]
            self._phases[seat] += summary.phase_totals[seat]

    def summary(self, seed: int | None = None) -> SimulationSummary:
        """The counts so far, frozen; ``seed`` defaults to the lowest seed counted (or 0)."""
        ranges = self.seeds.ranges()
        if seed is None:
            seed = ranges[0][0] if ranges else 0
        return SimulationSummary(
            spec=self.spec,
            bots=self.bots,
            seed=seed,
            seeds=ranges,
            hands_histogram=_histogram(self._hands),
            turns_histogram=_histogram(self._turns),
            actions_total=self._actions,
            win_counts=tuple(sorted((w, c) for w, c in self._wins.items() if c)),
            score_totals=tuple(self._scores),
            phase_totals=tuple(self._phases),
            unfinished=self._unfinished,
        )
