"""Partnerships (variant ``teams``, seed 002) and the final ranking of a game (V-16).

Seat ``s`` belongs to team ``s % rules.teams``, so partners never sit side by
side: with four players and two teams, seats 0 and 2 play against 1 and 3;
with six players, 0-2-4 against 1-3-5 (or, with three teams, 0-3, 1-4, 2-5).

>>> from phase10 import Rules
>>> rules = Rules(teams=2)
>>> team_of(rules, 3), partners(rules, 6, 0)
(1, (2, 4))
>>> ranking((2,), (3, 5, 5, 4), (80, 120, 45, 60))
(2, 1, 3, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import Rules

__all__ = ["partners", "ranking", "same_team", "team_of", "team_seats"]


def team_of(rules: Rules, seat: int) -> int:
    """The team of ``seat`` (its own seat number when the rules have no teams)."""
    return seat % rules.teams if rules.teams else seat


def same_team(rules: Rules, one: int, other: int) -> bool:
    """Whether two seats are partners (or the same seat)."""
    return one == other or (rules.teams > 0 and (one - other) % rules.teams == 0)


def team_seats(rules: Rules, table: int, team: int) -> tuple[int, ...]:
    """The seats of ``team`` at a table of ``table`` seats."""
    if not rules.teams:
        return (team,)
    return tuple(range(team, table, rules.teams))


def partners(rules: Rules, table: int, seat: int) -> tuple[int, ...]:
    """The other seats of ``seat``'s team (none without teams)."""
    return tuple(s for s in team_seats(rules, table, team_of(rules, seat)) if s != seat)


def ranking(
    winners: Sequence[int], phases: Sequence[int], scores: Sequence[int]
) -> tuple[int, ...]:
    """Every seat from first to last: the winners, then the others by phases completed
    (more first), then total score (lower first), then seat (V-16)."""
    won = tuple(winners)
    rest = sorted(
        (seat for seat in range(len(phases)) if seat not in won),
        key=lambda seat: (-phases[seat], scores[seat], seat),
    )
    return (*won, *rest)
