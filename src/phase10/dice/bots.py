"""Computer players for Phase 10 Dice; a bot sees only its seat's :class:`DiceView`.

:class:`RandomBot` picks any legal action. :class:`GreedyBot` declares the
best-scoring way its dice make its phase as soon as they do, and otherwise
keeps the dice that leave it the fewest dice short of its phase
(:func:`~phase10.dice.closest`) and rolls the rest.

>>> from phase10.dice import new_game
>>> final = play_game(new_game(2, seed=3), [GreedyBot(), GreedyBot()])
>>> final.is_over, len(final.winners) >= 1
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from ..family import FamilyGame, SeededRandomBot
from .actions import Declare, DiceAction, EndTurn, Keep, Release, Roll
from .engine import apply, legal_actions
from .solver import closest, points
from .state import DiceState
from .views import DiceView, player_view

__all__ = ["DiceBot", "GreedyBot", "RandomBot", "play_game"]

GAME: FamilyGame[DiceState, DiceView, DiceAction] = FamilyGame(apply, legal_actions, player_view)
"""Phase 10 Dice for the code the games of the family share; someone is always to move."""


@runtime_checkable
class DiceBot(Protocol):
    """Anything that picks one of the legal actions from what its seat can see."""

    def choose(self, view: DiceView, legal: Sequence[DiceAction]) -> DiceAction:
        """Return one element of ``legal``."""
        ...


class RandomBot(SeededRandomBot[DiceView, DiceAction]):
    """Picks uniformly among the legal actions, from its own seeded generator."""


class GreedyBot:
    """Declares as soon as it can (the best-scoring way); otherwise keeps the dice
    nearest to its phase and rolls the others."""

    def __init__(self) -> None:
        self._memo: tuple[object, tuple[int, ...]] | None = None

    def choose(self, view: DiceView, legal: Sequence[DiceAction]) -> DiceAction:
        if len(legal) == 1:
            return legal[0]
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:
            return max(declares, key=lambda a: points(view.dice, a.groups))
        roll = next((a for a in legal if isinstance(a, Roll)), None)
        if roll is None or not view.dice:
            return roll or next(a for a in legal if isinstance(a, EndTurn))
        keep = self._keep(view)
        kept = set(view.kept)
        for action in legal:
            if isinstance(action, Keep) and action.dice[0] in keep:
                return action
            if (
                isinstance(action, Release)
                and action.dice[0] not in keep
                and action.dice[0] in kept
            ):
                return action
        return roll

    def _keep(self, view: DiceView) -> frozenset[int]:
        """The dice to keep: those nearest the phase, worked out once per roll."""
        phase = view.my_phase
        if phase is None:
            return frozenset()
        key = (view.turn, view.rolls, phase.number)
        if self._memo is None or self._memo[0] != key:
            _, dice = closest(view.dice, range(len(view.dice)), phase, view.rules)
            self._memo = (key, dice)
        return frozenset(self._memo[1])


def play_game(
    state: DiceState,
    bots: Sequence[DiceBot],
    *,
    on_action: Callable[[DiceState, DiceAction, DiceState], None] | None = None,
    max_actions: int = 1_000_000,
) -> DiceState:
    """Let ``bots`` (one per seat) play ``state`` to the end and return the final state.

    ``on_action(before, action, after)`` is called after every action.
    """
    return GAME.play(state, bots, on_action=on_action, max_actions=max_actions)
