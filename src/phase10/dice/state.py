"""The state of a Phase 10 Dice game: frozen values, like the card game's.

A :class:`DiceState` holds the rules, each player's scorepad column
(:class:`DicePlayer`), whose turn it is, the dice showing and those set aside,
and the seed that fixes every roll not supplied by the caller. Nothing in a
state is secret except the seed (it foretells the rolls): views leave it out.
"""

from __future__ import annotations

import enum

import attrs

from ..phases import Phase
from .faces import Face
from .rules import DiceRules

__all__ = ["Bonus", "DicePlayer", "DiceStage", "DiceState"]


class DiceStage(enum.Enum):
    """What kind of action comes next."""

    ROLL = "roll"
    """A turn has begun: the player rolls all the dice (D-2.1)."""
    PLAY = "play"
    """After a roll: keep or release dice, roll again, declare the phase or end the turn."""
    GAME_OVER = "game_over"
    """The game has ended (D-6); nothing more can happen."""

    def __repr__(self) -> str:
        return f"<DiceStage.{self.name}>"


class Bonus(enum.Enum):
    """The bonuses of the scorepad (D-5.3, D-5.4)."""

    HALFWAY = "halfway"
    """The "Five Phase" bonus: a high total after the halfway phase."""
    FIRST_FINISH = "first_finish"
    """The First Finish bonus."""

    def __repr__(self) -> str:
        return f"<Bonus.{self.name}>"


@attrs.frozen
class DicePlayer:
    """One player's column of the scorepad: all of it is public.

    ``completed`` lists the phase numbers made, in order, and ``phase_points``
    what each scored; ``score`` is the total with bonuses (and, for a player
    alone, less the penalty for failed turns once the game is over, D-7.1).
    """

    name: str
    """The player's name."""
    score: int = 0
    """The total: phase points and bonuses (D-5)."""
    completed: tuple[int, ...] = ()
    """The phase numbers made, in order."""
    phase_points: tuple[int, ...] = ()
    """What each made phase scored (D-5.1, D-5.2)."""
    bonuses: tuple[Bonus, ...] = ()
    """The bonuses earned (D-5.3, D-5.4)."""
    turns: int = 0
    """Turns taken."""
    misses: int = 0
    """Turns that ended without making the phase."""
    misses_here: int = 0
    """Failed turns on the phase the player is on now."""


@attrs.frozen
class DiceState:
    """A whole game of Phase 10 Dice at one moment.

    ``dice`` are the faces showing, one per die of ``rules.dice`` (empty before
    the turn's first roll); ``kept`` the indices of the dice set aside, sorted;
    ``rolls`` how many rolls this turn has had. ``turn`` counts the turns of the
    game from 1 (it and ``rolls`` fix the rolls drawn from ``seed``).
    ``finisher`` is the first player to make the last phase; ``final_turns``
    the players still to take their final turns, the current one first, and
    ``bonus_seats`` those who may still earn the First Finish bonus (D-5.4).
    """

    rules: DiceRules
    """The rules of the game."""
    players: tuple[DicePlayer, ...]
    """Each seat's scorepad column."""
    seed: int
    """Fixes every roll not supplied by the caller (secret: views leave it out)."""
    first: int
    """The seat that plays first (D-2.4)."""
    stage: DiceStage
    """What kind of action comes next."""
    current_player: int | None
    """The seat to act, ``None`` once the game is over."""
    turn: int
    """The turns of the game so far, this one included."""
    dice: tuple[Face, ...] = ()
    """The faces showing, one per die (empty before the turn's first roll)."""
    kept: tuple[int, ...] = ()
    """The dice set aside, sorted."""
    rolls: int = 0
    """Rolls in this turn so far."""
    finisher: int | None = None
    """The first player to make the last phase (D-6.1)."""
    final_turns: tuple[int, ...] = ()
    """The players still to take their final turns, the current one first (D-6.1, D-6.2)."""
    bonus_seats: tuple[int, ...] = ()
    """The players who may still earn the First Finish bonus (D-5.4)."""
    winners: tuple[int, ...] = ()
    """The winning seats once the game is over (D-6.3, D-6.4)."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.stage is DiceStage.GAME_OVER

    @property
    def winner(self) -> int | None:
        """The winning seat, or ``None`` before the end, for a shared win or no winner."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def rolls_left(self) -> int:
        """How many more rolls the current turn may have."""
        return self.rules.rolls - self.rolls

    @property
    def free(self) -> tuple[int, ...]:
        """The indices of the dice not set aside (those the next roll rolls)."""
        if not self.dice:
            return tuple(range(len(self.rules.dice)))
        kept = self.kept
        return tuple(i for i in range(len(self.dice)) if i not in kept)

    def target_phase(self, seat: int) -> Phase | None:
        """The phase ``seat`` must make next, or ``None`` if they made them all."""
        done = len(self.players[seat].completed)
        phases = self.rules.phases
        return phases[done] if done < len(phases) else None

    @property
    def order(self) -> tuple[int, ...]:
        """The seats in turn order, the first player first."""
        count = len(self.players)
        return tuple((self.first + i) % count for i in range(count))
