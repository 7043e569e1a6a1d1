"""What Phase 10 Dice and Phase 10 Twist share as games: one loop plays either.

Each game has its own state, view and action types and its own engine
functions, but a bot game runs the same way in both: the seat to move sees its
view and picks one of the legal actions, and between two hands (Twist only)
the next hand is dealt without asking anyone. :class:`FamilyGame` holds a
game's engine functions so that this loop, the bots' name lookup and the
terminal games (``phase10.cli.family``) are written once.

>>> from phase10.dice.bots import GAME, GreedyBot
>>> from phase10.dice import new_game
>>> GAME.play(new_game(2, seed=3), [GreedyBot(), GreedyBot()]).is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, Protocol, TypeVar

import attrs

from .errors import InvalidDataError
from .seating import check_bots

__all__ = ["FamilyBot", "FamilyGame", "FamilySeat", "FamilyState", "SeededRandomBot", "bot_of_kind"]

V_contra = TypeVar("V_contra", contravariant=True)
A = TypeVar("A")
B = TypeVar("B")
V = TypeVar("V")


class FamilySeat(Protocol):
    """What the shared code reads of a seat: its player's name."""

    @property
    def name(self) -> str: ...


class FamilyState(Protocol):
    """What the shared code reads of a game's state."""

    @property
    def players(self) -> Sequence[FamilySeat]: ...

    @property
    def seed(self) -> int: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def is_over(self) -> bool: ...


S = TypeVar("S", bound=FamilyState)


class FamilyBot(Protocol[V_contra, A]):
    """A bot of any game of the family: it picks one legal action from its seat's view."""

    def choose(self, view: V_contra, legal: Sequence[A], /) -> A: ...


class SeededRandomBot(Generic[V, A]):
    """Picks uniformly among the legal actions, from its own seeded generator.

    The games' ``RandomBot`` classes are this one for their view and action types.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: V, legal: Sequence[A]) -> A:
        return legal[self._rng.randrange(len(legal))]


def bot_of_kind(kinds: Mapping[str, Callable[[int], B]], game: str, kind: str, seed: int) -> B:
    """The bot named ``kind`` of ``game``'s ``kinds``, built with ``seed``.

    Simulations and the command line name bots, so a worker process can build its own.
    """
    make = kinds.get(kind)
    if make is None:
        raise InvalidDataError(f"no {game} bot named {kind!r}; known: {', '.join(kinds)}", "bots")
    return make(seed)


@attrs.frozen
class FamilyGame(Generic[S, V, A]):
    """A game's engine functions, so that code which only plays the game is written once."""

    apply: Callable[[S, A], S]
    """The game's ``apply``."""
    legal_actions: Callable[[S], Sequence[A]]
    """The game's ``legal_actions``."""
    player_view: Callable[[S, int], V]
    """The game's ``player_view``."""
    between: A | None = None
    """The action played while no one is to move in a running game (Twist's
    :class:`~phase10.NextHand`); ``None`` for a game in which someone always is."""

    def automatic(self, state: S) -> A:
        """The action no player chooses: ``state`` is between two hands."""
        assert self.between is not None, "someone is to move until the game ends"
        return self.between

    def bot_action(self, state: S, bot: FamilyBot[V, A], seat: int) -> A:
        """What ``bot`` at ``seat``, the seat to move, plays in ``state``."""
        return bot.choose(self.player_view(state, seat), self.legal_actions(state))

    def play(
        self,
        state: S,
        bots: Sequence[FamilyBot[V, A]],
        *,
        on_action: Callable[[S, A, S], None] | None = None,
        max_actions: int = 1_000_000,
    ) -> S:
        """Let ``bots`` (one per seat) play ``state`` to the end, or for ``max_actions``."""
        check_bots(bots, len(state.players))
        for _ in range(max_actions):
            if state.is_over:
                return state
            seat = state.current_player
            action = (
                self.automatic(state) if seat is None else self.bot_action(state, bots[seat], seat)
            )
            after = self.apply(state, action)
            if on_action is not None:
                on_action(state, action, after)
            state = after
        return state

    def play_counted(
        self, state: S, bots: Sequence[FamilyBot[V, A]], max_actions: int
    ) -> tuple[S, int]:
        """:meth:`play`, and how many actions were played: what a simulation records."""
        count = 0

        def tick(before: S, action: A, after: S) -> None:
            nonlocal count
            count += 1

        final = self.play(state, bots, on_action=tick, max_actions=max_actions)
        return final, count
