"""A simulated game's bots, watched: a bot that raises or plays an illegal action stops the
run with a :class:`BotError` that names the bot, its seat and the game.

Without it, a simulation of many games stopped with the bot's own exception (or the
engine's "you have already drawn this turn") and no word of which bot, seat or game
caused it; and from worker processes an :class:`~phase10.IllegalActionError` arrived as
a broken process pool. A :class:`BotError` carries only text and numbers, so it crosses
processes and Ray unchanged.

>>> from phase10.simulate import play_one
>>> from phase10.variants import resolve
>>> class Broken:
...     def choose(self, view, legal):
...         raise RuntimeError("out of ideas")
>>> try:
...     play_one(resolve("to-phase-1"), ["greedy", lambda: Broken()], 4)
... except BotError as error:
...     print(error)
...     print(error.bot, error.seat, error.seed, error.hand, error.turn)
game of seed 4: bot 'phase10.simulate.guard:<lambda>' at seat 1 raised RuntimeError: out of ideas \
(hand 1, turn 2); play_one(rules, bots, 4) replays that game
phase10.simulate.guard:<lambda> 1 4 1 2
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action
from ..bots import Bot
from ..errors import IllegalActionError, Phase10Error
from ..views import PlayerView

__all__ = ["BotError", "GuardedBot", "Pending", "refused"]


class BotError(Phase10Error):
    """A bot of a simulated game raised, or chose an action the game refused.

    ``bot`` is the seat's bot name, ``seat`` its seat, ``seed`` the game's seed (so
    :func:`~phase10.simulate.play_one` replays the game), ``hand`` and ``turn`` where in
    the game it happened. The bot's own exception, when it raised, is the ``__cause__``
    (in this process only: other processes send the message).
    """

    def __init__(self, message: str, bot: str, seat: int, seed: int, hand: int, turn: int) -> None:
        self.message = message
        self.bot = bot
        self.seat = seat
        self.seed = seed
        self.hand = hand
        self.turn = turn
        super().__init__(message)

    def __reduce__(self) -> tuple[type[BotError], tuple[str, str, int, int, int, int]]:
        return (BotError, (self.message, self.bot, self.seat, self.seed, self.hand, self.turn))


class Pending:
    """The action a guarded bot chose that the game has not yet applied, if any."""

    __slots__ = ("action", "bot")

    def __init__(self) -> None:
        self.bot: GuardedBot | None = None
        self.action: object = None


class GuardedBot:
    """``bot`` at ``seat`` of the game of ``seed``: its failures become :class:`BotError`."""

    __slots__ = ("_bot", "_pending", "hand", "name", "seat", "seed", "turn")

    def __init__(self, bot: Bot, name: str, seat: int, seed: int, pending: Pending) -> None:
        self._bot = bot
        self._pending = pending
        self.name = name
        self.seat = seat
        self.seed = seed
        self.hand = 0
        self.turn = 0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        self.hand, self.turn = view.hand_number, view.turn
        try:
            action = self._bot.choose(view, legal)
        except Exception as error:
            raise self.error(f"raised {type(error).__name__}: {error}") from error
        pending = self._pending
        pending.bot, pending.action = self, action
        return action

    def error(self, what: str) -> BotError:
        """A :class:`BotError` saying that this bot ``what``, where and how to replay it."""
        return BotError(
            f"game of seed {self.seed}: bot {self.name!r} at seat {self.seat} {what} "
            f"(hand {self.hand}, turn {self.turn}); play_one(rules, bots, {self.seed}) "
            "replays that game",
            self.name,
            self.seat,
            self.seed,
            self.hand,
            self.turn,
        )


def refused(pending: Pending, error: Exception) -> BotError | None:
    """The :class:`BotError` for ``error``, raised while applying a bot's chosen action;
    ``None`` when no bot's action was being applied (the fault is not a bot's)."""
    bot = pending.bot
    if bot is None or isinstance(error, BotError):
        return None
    if isinstance(error, IllegalActionError) and isinstance(error.__cause__, IllegalActionError):
        error = error.__cause__  # play_game's telling of it: this error names the seat itself
    return bot.error(f"chose {pending.action!r}, which the game refused: {error}")
