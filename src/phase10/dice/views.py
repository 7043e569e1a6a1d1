"""What one seat may see of a Phase 10 Dice game: everything but the seed.

Dice are rolled in the open and the scorepad is public, so a view holds the
whole table. The seed is the one secret: it foretells every roll to come.

>>> from phase10.dice import new_game
>>> view = player_view(new_game(["Ann", "Bob"], seed=7), 1)
>>> view.seat, view.current_player, hasattr(view, "seed")
(1, 0, False)
"""

from __future__ import annotations

import attrs

from ..phases import Phase
from ..seating import no_seat
from .faces import Face
from .rules import DiceRules
from .state import DicePlayer, DiceStage, DiceState

__all__ = ["DiceView", "player_view", "spectator_view"]


@attrs.frozen
class DiceView:
    """The table as ``seat`` sees it (``None``: a spectator): a state without its seed."""

    rules: DiceRules
    seat: int | None
    """The viewing seat (``None``: a spectator); the other fields are the state's."""
    players: tuple[DicePlayer, ...]
    first: int
    stage: DiceStage
    current_player: int | None
    turn: int
    dice: tuple[Face, ...]
    kept: tuple[int, ...]
    rolls: int
    finisher: int | None
    final_turns: tuple[int, ...]
    bonus_seats: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def rolls_left(self) -> int:
        """How many more rolls the current turn may have."""
        return self.rules.rolls - self.rolls

    @property
    def my_phase(self) -> Phase | None:
        """The phase the viewing seat must make next (``None`` for a spectator or when done)."""
        if self.seat is None:
            return None
        done = len(self.players[self.seat].completed)
        phases = self.rules.phases
        return phases[done] if done < len(phases) else None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.stage is DiceStage.GAME_OVER


def player_view(state: DiceState, seat: int | None) -> DiceView:
    """What ``seat`` may see of ``state`` (``None``: a spectator)."""
    if seat is not None and (
        not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.players)
    ):
        raise no_seat(seat, len(state.players))
    return DiceView(
        state.rules,
        seat,
        state.players,
        state.first,
        state.stage,
        state.current_player,
        state.turn,
        state.dice,
        state.kept,
        state.rolls,
        state.finisher,
        state.final_turns,
        state.bonus_seats,
        state.winners,
    )


def spectator_view(state: DiceState) -> DiceView:
    """What an onlooker may see: the same table, with no seat of their own."""
    return player_view(state, None)
