"""The bots of a simulation: built-in names, your own factories, and who sits where.

A simulation builds fresh bots for every game, possibly in another process or on
another machine, so a seat holds a *factory*, not a bot: a built-in name
(``"greedy"``, ``"random"``), an import path ``"package.module:factory"``, or a
callable. A factory is called as ``factory(seed)`` with a seed derived from the
game's seed and the seat, so random bots stay reproducible; a factory that takes
no argument (a class such as :class:`~phase10.GreedyBot`) is called without one.

Import paths travel as text and are imported where the games run, so the
module must be importable there (installed, or shipped by the cluster).

>>> bot_name("phase10.bots:GreedyBot"), type(make_bot("phase10.bots:GreedyBot", 1)).__name__
('phase10.bots:GreedyBot', 'GreedyBot')
>>> seat_bots(["greedy", "random"], 4)
('greedy', 'random', 'greedy', 'random')
"""

from __future__ import annotations

import functools
import importlib
import inspect
import socket
from collections.abc import Callable, Sequence

from ..bots import Bot, GreedyBot, RandomBot
from ..errors import InvalidDataError
from ..limits import show

__all__ = [
    "BOT_KINDS",
    "BotFactory",
    "BotSpec",
    "bot_name",
    "load_factory",
    "make_bot",
    "seat_bots",
]

BOT_KINDS: tuple[str, ...] = ("greedy", "random")
"""The built-in bot names; any other bot is named by an import path ``module:factory``."""

BotFactory = Callable[[int], Bot] | Callable[[], Bot]
"""Builds the bot of one seat for one game: ``factory(seed) -> Bot``, or ``factory()`` for
one that takes no seed (a class such as :class:`~phase10.GreedyBot`)."""

BotSpec = str | BotFactory
"""A seat's bot: a built-in name, an import path ``"module:factory"``, or a factory."""

_HINT = (
    "install it where the games run (with Ray: on every node, or ship it with "
    "runtime_env={'py_modules': [...]} or `ray job submit --working-dir .`)"
)


def _where() -> str:
    return f"on {socket.gethostname()}"


def load_factory(path: str) -> Callable[..., Bot]:
    """Import the factory named ``"module:attribute"``; a clear error when that fails."""
    module_name, sep, attribute = path.partition(":")
    if not sep or not module_name or not attribute:
        known = ", ".join(BOT_KINDS)
        raise InvalidDataError(
            f"no bot named {path!r}; use one of {known}, or an import path 'module:factory'",
            "bots",
        )
    try:
        target: object = importlib.import_module(module_name)
    except ImportError as error:
        raise InvalidDataError(
            f"bot {path!r}: cannot import {module_name!r} {_where()} ({error}); {_HINT}", "bots"
        ) from error
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise InvalidDataError(
                f"bot {path!r}: module {module_name!r} has no {attribute!r} {_where()}", "bots"
            ) from None
    if not callable(target):
        raise InvalidDataError(f"bot {path!r}: {attribute!r} is not callable", "bots")
    return target


def _takes_seed(factory: Callable[..., Bot], name: str) -> bool:
    """Whether ``factory`` is called with the seed (one argument) or without."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # some builtins have no signature: pass the seed
        return True
    try:
        signature.bind(0)
    except TypeError:
        try:
            signature.bind()
        except TypeError:
            raise InvalidDataError(
                f"bot {name!r}: a factory is called as factory(seed) or factory(); "
                f"this one takes {signature}",
                "bots",
            ) from None
        return False
    return True


def bot_name(spec: BotSpec) -> str:
    """The name a seat's bot has in summaries and result files.

    A :func:`functools.partial` is named with its arguments, so that two settings of one
    factory are two bots:

    >>> import functools
    >>> bot_name(functools.partial(RandomBot, seed=3))
    'phase10.bots:RandomBot(seed=3)'
    """
    if isinstance(spec, str):
        return spec.strip()
    if isinstance(spec, functools.partial):
        arguments = [repr(value) for value in spec.args]
        arguments += [f"{key}={value!r}" for key, value in spec.keywords.items()]
        return f"{bot_name(spec.func)}({', '.join(arguments)})"
    module = getattr(spec, "__module__", None) or "?"
    qualname = getattr(spec, "__qualname__", None) or type(spec).__qualname__
    return f"{module}:{qualname}"


def resolve(spec: BotSpec) -> Callable[[int], Bot]:
    """A function ``seed -> Bot`` for ``spec``; raises before any game when it cannot work."""
    if isinstance(spec, str):
        name = spec.strip()
        if name == "greedy":
            return lambda seed: GreedyBot()
        if name == "random":
            return RandomBot
        factory = load_factory(name)
    elif callable(spec):
        name, factory = bot_name(spec), spec
    elif callable(getattr(spec, "choose", None)):
        kind = type(spec).__name__
        raise InvalidDataError(
            f"pass the bot's class or a factory ({kind}, not {kind}()), not a bot: every game "
            "and seat gets a bot of its own, built from the game's seed",
            "bots",
        )
    else:
        raise InvalidDataError(f"a bot is a name or a factory, not {spec!r}", "bots")
    takes_seed = _takes_seed(factory, name)

    def build(seed: int) -> Bot:
        bot = factory(seed) if takes_seed else factory()
        if not callable(getattr(bot, "choose", None)):
            raise InvalidDataError(
                f"bot {name!r}: the factory returned {show(bot)}, not a bot (an object with "
                "a choose(view, legal) method)",
                "bots",
            )
        return bot

    return build


def _identity(spec: BotSpec) -> object:
    """What makes two seats' bots the same bot: the factory an import path names, the
    factory itself, or the name (built-in bots, partials)."""
    if isinstance(spec, functools.partial) or (isinstance(spec, str) and ":" not in spec):
        return bot_name(spec)
    return load_factory(spec.strip()) if isinstance(spec, str) else spec


def _check_names_apart(kinds: Sequence[BotSpec]) -> None:
    """Refuse two different bots of one name: summaries and results files count bots by
    name, so their games would pool as one bot's (two lambdas are both ``<lambda>``)."""
    seen: dict[str, object] = {}
    for kind in kinds:
        name, identity = bot_name(kind), _identity(kind)
        first = seen.setdefault(name, identity)
        if first is not identity and first != identity:
            raise InvalidDataError(
                f"two different bots are named {name!r}, so their games would count as one "
                "bot's: make each a named function or class (or a functools.partial)",
                "bots",
            )


def make_bot(kind: BotSpec, seed: int) -> Bot:
    """A new bot for ``kind`` (a built-in name, an import path or a factory) from ``seed``.

    >>> type(make_bot("random", 3)).__name__
    'RandomBot'
    """
    return resolve(kind)(seed)


def seat_bots(bots: BotSpec | Sequence[BotSpec], players: int | None) -> tuple[BotSpec, ...]:
    """One bot per seat: ``bots`` taken in turn around the table.

    ``players`` defaults to the number of bots named, or four for a single
    bot. More seats than bots deal the bots out in turn, which needs the
    count of bots to divide the count of seats so every bot plays as many seats.
    """
    kinds: tuple[BotSpec, ...] = (bots,) if isinstance(bots, str) or callable(bots) else tuple(bots)
    if not kinds:
        raise InvalidDataError("name at least one bot", "bots")
    for kind in kinds:
        resolve(kind)  # raises for an unknown name or a broken factory, before any game
    _check_names_apart(kinds)
    if players is None:
        players = len(kinds) if len(kinds) > 1 else 4
    if players % len(kinds):
        raise InvalidDataError(
            f"{len(kinds)} bots for {players} players: name one bot per seat, one for all, "
            "or a number of bots that divides the seats (they take seats in turn)",
            "bots",
        )
    return kinds * (players // len(kinds))
