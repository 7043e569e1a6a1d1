"""Rewards at the end of a game: the winners share +1, the others share -1 (issue 11).

Nothing is paid before the game ends. The payoffs sum to zero, so the game is
zero-sum for every table size and for shared wins (A-15). A game stopped by the
``max_turns`` cap has no winner and pays nothing.

>>> game_rewards((2,), 4)
(-0.3333333333333333, -0.3333333333333333, 1.0, -0.3333333333333333)
>>> game_rewards((0, 1), 3), game_rewards((), 2)
((0.5, 0.5, -1.0), (0.0, 0.0))
"""

from __future__ import annotations

__all__ = ["game_rewards"]


def game_rewards(winners: tuple[int, ...], players: int) -> tuple[float, ...]:
    """Each seat's reward for a game won by ``winners`` (none: the turn cap stopped it)."""
    won = set(winners)
    if not won or len(won) == players:
        return (0.0,) * players
    share = 1.0 / len(won)
    loss = -1.0 / (players - len(won))
    return tuple(share if seat in won else loss for seat in range(players))
