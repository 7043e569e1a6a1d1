"""Many bot games at once: how long games last and which seat or bot wins.

Bot strategies and rule variants are judged by playing many games, not one.
:func:`simulate` plays ``games`` seeded games and returns a
:class:`SimulationSummary` that keeps every game's outcome and derives the
statistics from them, so the numbers can always be traced back to games.

Game ``i`` is played from seed ``seed + i`` and its bots are seeded from that
game seed and their seat, so a summary depends only on its arguments, never on
how many worker processes played the games or in which order they finished.

>>> summary = simulate("to-phase-1", ["greedy", "random"], games=4, seed=1)
>>> summary.games, summary.players, summary.bots
(4, 2, ('greedy', 'random'))
>>> [outcome.seed for outcome in summary.outcomes]
[1, 2, 3, 4]
>>> round(sum(summary.win_rate_by_seat), 6)
1.0
>>> summary == simulate("to-phase-1", ["greedy", "random"], games=4, seed=1, workers=2)
True
"""

from __future__ import annotations

import concurrent.futures
import statistics
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

import attrs

from .bots import Bot, GreedyBot, RandomBot, play_game
from .engine import new_game
from .errors import InvalidDataError
from .rules import Rules
from .variants import resolve

__all__ = [
    "BOT_KINDS",
    "GameOutcome",
    "ProgressCallback",
    "SimulationSummary",
    "make_bot",
    "play_one",
    "simulate",
]

BOT_KINDS: tuple[str, ...] = ("greedy", "random")
"""The bot names :func:`simulate` and the ``phase10`` command understand.

Bots are named rather than passed as objects so that worker processes can
build their own, freshly seeded, for every game.
"""

ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each finished game."""


def make_bot(kind: str, seed: int) -> Bot:
    """A new bot of ``kind`` (one of :data:`BOT_KINDS`); ``seed`` seeds random bots.

    >>> type(make_bot("random", 3)).__name__
    'RandomBot'
    """
    if kind == "greedy":
        return GreedyBot()
    if kind == "random":
        return RandomBot(seed)
    raise InvalidDataError(f"no bot named {kind!r}; known: {', '.join(BOT_KINDS)}", "bots")


@attrs.frozen
class GameOutcome:
    """How one simulated game ended: the facts the statistics are computed from."""

    seed: int
    """The game's seed (the simulation's seed plus the game's index)."""
    hands: int
    """Hands played, tiebreak hands included."""
    turns: int
    """Turns taken in the whole game, skipped turns included."""
    winners: tuple[int, ...]
    """The winning seat, or several seats for a shared win."""
    scores: tuple[int, ...]
    """Each seat's final penalty points."""
    phases: tuple[int, ...]
    """How many phases each seat completed."""


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


@attrs.frozen
class SimulationSummary:
    """Every outcome of a simulation, with the statistics derived from them.

    Win rates credit a shared win in equal parts to the winners, so the rates
    by seat always add up to 1 and no game counts twice.
    """

    spec: str
    """The rules' variant spec, e.g. ``"standard"`` or ``"even-phases"``."""
    bots: tuple[str, ...]
    """The bot kind of each seat."""
    seed: int
    """The simulation's seed: game ``i`` was played from ``seed + i``."""
    outcomes: tuple[GameOutcome, ...]
    """One outcome per game, in game order (game ``i`` played from ``seed + i``)."""

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.outcomes)

    @property
    def players(self) -> int:
        """Seats per game."""
        return len(self.bots)

    @property
    def hands_mean(self) -> float:
        """Mean hands per game."""
        return _mean([o.hands for o in self.outcomes])

    @property
    def hands_median(self) -> float:
        """Median hands per game (robust to the occasional marathon)."""
        return float(statistics.median([o.hands for o in self.outcomes])) if self.outcomes else 0.0

    @property
    def turns_mean(self) -> float:
        """Mean turns per game."""
        return _mean([o.turns for o in self.outcomes])

    @property
    def wins_by_seat(self) -> tuple[float, ...]:
        """Wins per seat; a shared win gives each winner its share."""
        wins = [0.0] * self.players
        for outcome in self.outcomes:
            for seat in outcome.winners:
                wins[seat] += 1 / len(outcome.winners)
        return tuple(wins)

    @property
    def win_rate_by_seat(self) -> tuple[float, ...]:
        """The share of games each seat won."""
        return tuple(w / self.games if self.games else 0.0 for w in self.wins_by_seat)

    @property
    def mean_score_by_seat(self) -> tuple[float, ...]:
        """Each seat's mean final penalty points."""
        return tuple(_mean([o.scores[s] for o in self.outcomes]) for s in range(self.players))

    @property
    def mean_phases_by_seat(self) -> tuple[float, ...]:
        """How many phases each seat completed, on average."""
        return tuple(_mean([o.phases[s] for o in self.outcomes]) for s in range(self.players))

    @property
    def mean_score(self) -> float:
        """The mean final penalty points over every seat of every game."""
        return _mean([score for o in self.outcomes for score in o.scores])

    def _by_bot(self, per_seat: Sequence[float]) -> Mapping[str, float]:
        result: dict[str, float] = {}
        for kind in dict.fromkeys(self.bots):
            seats = [s for s, k in enumerate(self.bots) if k == kind]
            result[kind] = _mean([per_seat[s] for s in seats])
        return MappingProxyType(result)

    @property
    def win_rate_by_bot(self) -> Mapping[str, float]:
        """Per bot kind: the share of games a seat it plays wins (a per-seat rate).

        Averaging over the kind's seats keeps kinds comparable when one plays
        more seats than another: with fair bots every kind gets ``1 / players``.
        """
        return self._by_bot(self.win_rate_by_seat)

    @property
    def mean_score_by_bot(self) -> Mapping[str, float]:
        """Per bot kind: the mean final penalty points of the seats it plays."""
        return self._by_bot(self.mean_score_by_seat)

    def to_dict(self) -> dict[str, object]:
        """The summary as plain JSON-ready data: the arguments, statistics and outcomes."""
        return {
            "spec": self.spec,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "hands_per_game": {"mean": self.hands_mean, "median": self.hands_median},
            "turns_per_game": {"mean": self.turns_mean},
            "mean_score": self.mean_score,
            "seats": [
                {
                    "seat": seat,
                    "bot": self.bots[seat],
                    "wins": self.wins_by_seat[seat],
                    "win_rate": self.win_rate_by_seat[seat],
                    "mean_score": self.mean_score_by_seat[seat],
                    "mean_phases": self.mean_phases_by_seat[seat],
                }
                for seat in range(self.players)
            ],
            "bots_summary": [
                {
                    "bot": kind,
                    "seats": self.bots.count(kind),
                    "win_rate": self.win_rate_by_bot[kind],
                    "mean_score": self.mean_score_by_bot[kind],
                }
                for kind in self.win_rate_by_bot
            ],
            "outcomes": [
                {
                    "seed": o.seed,
                    "hands": o.hands,
                    "turns": o.turns,
                    "winners": list(o.winners),
                    "scores": list(o.scores),
                    "phases": list(o.phases),
                }
                for o in self.outcomes
            ],
        }


def play_one(rules: Rules, bots: Sequence[str], seed: int) -> GameOutcome:
    """Play one bot game from ``seed`` and return its outcome.

    A module-level function (not a closure) so that worker processes can run it.
    """
    table = [make_bot(kind, seed * 16 + seat) for seat, kind in enumerate(bots)]
    final = play_game(new_game(len(bots), rules, seed=seed), table)
    return GameOutcome(
        seed=seed,
        hands=len(final.results),
        turns=final.total_turns,
        winners=final.winners,
        scores=tuple(p.score for p in final.players),
        phases=tuple(len(p.completed) for p in final.players),
    )


def _seat_bots(bots: str | Sequence[str], players: int | None) -> tuple[str, ...]:
    kinds = (bots,) if isinstance(bots, str) else tuple(bots)
    if not kinds:
        raise InvalidDataError("name at least one bot", "bots")
    for kind in kinds:
        make_bot(kind, 0)  # raises for an unknown name, before any game starts
    if players is None:
        players = len(kinds) if len(kinds) > 1 else 4
    if len(kinds) == 1:
        return kinds * players
    if len(kinds) != players:
        raise InvalidDataError(
            f"{len(kinds)} bots for {players} players: name one bot per seat, or one for all",
            "bots",
        )
    return kinds


def simulate(
    spec: str | Rules = "standard",
    bots: str | Sequence[str] = "greedy",
    games: int = 100,
    seed: int = 0,
    workers: int = 1,
    *,
    players: int | None = None,
    progress: ProgressCallback | None = None,
) -> SimulationSummary:
    """Play ``games`` bot games and summarise them.

    ``spec`` is a variant spec or a :class:`~phase10.Rules`. ``bots`` names
    one bot kind per seat, or one kind for every seat; ``players`` defaults to
    the number of bots named (four when one kind is named). ``workers`` above 1
    plays games in that many local processes; the result is the same.
    ``progress(done, total)`` is called as games finish, for progress bars.
    """
    rules = spec if isinstance(spec, Rules) else resolve(spec)
    kinds = _seat_bots(bots, players)
    rules.check_players(len(kinds))
    if not isinstance(games, int) or games < 0:
        raise InvalidDataError(f"games must be a whole number >= 0, not {games!r}", "games")
    if not isinstance(seed, int):
        raise InvalidDataError(f"seed must be a whole number, not {seed!r}", "seed")
    if not isinstance(workers, int) or workers < 1:
        raise InvalidDataError(f"workers must be a whole number >= 1, not {workers!r}", "workers")
    seeds = [seed + index for index in range(games)]
    outcomes: list[GameOutcome | None] = [None] * games
    if workers == 1 or games < 2:
        for index, game_seed in enumerate(seeds):
            outcomes[index] = play_one(rules, kinds, game_seed)
            if progress is not None:
                progress(index + 1, games)
    else:
        pool = concurrent.futures.ProcessPoolExecutor(max_workers=min(workers, games))
        futures: dict[concurrent.futures.Future[GameOutcome], int] = {}
        try:
            for index, game_seed in enumerate(seeds):
                futures[pool.submit(play_one, rules, kinds, game_seed)] = index
            for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
                outcomes[futures[future]] = future.result()
                if progress is not None:
                    progress(done, games)
        except BaseException:  # Ctrl-C or a failed game: drop the queued games, do not wait
            for future in futures:
                future.cancel()  # explicit: shutdown's cancel_futures can miss queued games
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    return SimulationSummary(
        spec=rules.spec,
        bots=kinds,
        seed=seed,
        outcomes=tuple(o for o in outcomes if o is not None),
    )
