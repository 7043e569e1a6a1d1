"""The other games of the family in a simulation: Phase 10 Dice and Phase 10 Twist.

``simulate(..., game="dice")`` and ``game="twist"`` play those games with the
same machinery as the card game (batches, backends, results files, summaries).
Their rules are a preset spec of the game (``"end-of-round"``,
``"short-board"``) or its rules value, their bots the built-in ``greedy`` and
``random``, and each game becomes a :class:`~phase10.simulate.GameOutcome`:

============  ===============================  ==================================
field         Phase 10 Dice                    Phase 10 Twist
============  ===============================  ==================================
``hands``     rounds begun                     hands played
``turns``     turns                            turns, lost turns included
``scores``    points (the highest wins)        penalty points
``phases``    phases made                      phases made
============  ===============================  ==================================

The variant of their summaries and results lines is the spec labelled with
the game (``"dice:standard"``), so runs of different games never merge or
resume into each other. The card game's label stays the bare spec.

>>> outcome = play_outcome("twist", resolve_game_rules("twist", "short-board"),
...                        ("greedy", "random"), 3, 100_000)
>>> outcome.seed, outcome.finished, len(outcome.phases)
(3, True, 2)
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence
from typing import Literal, Protocol

from ..dice import DiceRules
from ..dice import new_game as new_dice_game
from ..dice import resolve_rules as resolve_dice
from ..dice.bots import GAME as DICE
from ..dice.serialization import to_json as dice_json
from ..dice.simulate import make_bot as make_dice_bot
from ..errors import InvalidDataError, InvalidRulesError
from ..rules import Rules
from ..serialization import to_json as rules_json
from ..twist import TwistRules
from ..twist import resolve_rules as resolve_twist
from ..twist.serialization import to_json as twist_json
from ..twist.simulate import play_one as play_twist
from ..variants import resolve
from .outcome import Batch, GameOutcome
from .players import BotSpec

__all__ = [
    "GAMES",
    "Game",
    "GameRules",
    "check_bots",
    "family_label",
    "play_outcome",
    "resolve_game_rules",
]

Game = Literal["cards", "dice", "twist"]
"""A game of the family ``simulate`` can play."""

GAMES: tuple[str, ...] = ("cards", "dice", "twist")
"""The names ``simulate(game=...)`` and ``phase10 simulate --game`` accept."""

_BUILT_IN = ("greedy", "random")


class GameRules(Protocol):
    """What a simulation asks of any game's rules."""

    @property
    def spec(self) -> str: ...

    def check_players(self, count: int) -> None: ...


def resolve_game_rules(game: str, spec: object) -> GameRules:
    """The rules of ``game`` from a preset spec or a rules value (not the card game's)."""
    if game == "dice":
        if isinstance(spec, (DiceRules, str)):
            return resolve_dice(spec)
    elif game == "twist":
        if isinstance(spec, (TwistRules, str)):
            return resolve_twist(spec)
    else:
        raise InvalidDataError(f"no game named {game!r} (known: {', '.join(GAMES)})", "game")
    raise InvalidDataError(
        f"the {game} game takes a preset spec or its rules, not {spec!r}", "spec"
    )


def family_label(game: str, rules: Rules | GameRules) -> str:
    """The variant label of a simulation: the spec, prefixed by the game unless it is cards.

    Rules that are not their spec's preset (``Rules(skip_limit="unlimited")`` keeps the spec
    ``"standard"``) are marked ``(custom rules <digest>)``, from their JSON: a results file
    of other rules is then never resumed or summarised with the preset's games.
    """
    spec = rules.spec
    label = spec if game == "cards" else f"{game}:{spec}"
    if isinstance(rules, Rules):
        text = rules_json(rules, indent=None)
        preset: object = _preset(lambda: resolve(spec))
    elif isinstance(rules, DiceRules):
        text, preset = dice_json(rules, indent=None), _preset(lambda: resolve_dice(spec))
    elif isinstance(rules, TwistRules):
        text, preset = twist_json(rules, indent=None), _preset(lambda: resolve_twist(spec))
    else:
        return label
    if preset == rules:
        return label
    digest = hashlib.sha256(text.encode()).hexdigest()[:8]
    return f"{label} (custom rules {digest})"


def _preset(resolve_spec: Callable[[], object]) -> object:
    """The rules a spec names, or ``None`` when it names none (any more)."""
    try:
        return resolve_spec()
    except (InvalidRulesError, InvalidDataError):
        return None


def check_bots(game: str, bots: Sequence[BotSpec]) -> None:
    """Dice and Twist simulations take the built-in bots only."""
    for bot in bots:
        if bot not in _BUILT_IN:
            raise InvalidDataError(
                f"{game} simulations take the built-in bots greedy and random, not {bot!r}",
                "bots",
            )


def play_outcome(
    game: str, rules: GameRules, bots: Sequence[BotSpec], seed: int, max_actions: int
) -> GameOutcome:
    """Play one game of ``game`` from ``seed``; seat ``s``'s bot is seeded ``seed * 16 + s``."""
    names = [str(bot) for bot in bots]
    if isinstance(rules, TwistRules):
        twist = play_twist(rules, names, seed, max_actions)
        return GameOutcome(
            seed=seed,
            hands=twist.hands,
            turns=twist.turns,
            winners=twist.winners,
            scores=twist.scores,
            phases=twist.phases,
            actions=twist.actions,
            finished=twist.finished,
        )
    assert isinstance(rules, DiceRules)
    table = [make_dice_bot(kind, seed * 16 + seat) for seat, kind in enumerate(names)]
    final, actions = DICE.play_counted(
        new_dice_game(len(names), seed=seed, rules=rules), table, max_actions
    )
    turns = sum(p.turns for p in final.players)
    finished = final.is_over and bool(final.winners)
    return GameOutcome(
        seed=seed,
        hands=-(-turns // len(names)),
        turns=turns,
        winners=final.winners if finished else (),
        scores=tuple(p.score for p in final.players),
        phases=tuple(len(p.completed) for p in final.players),
        actions=actions,
        finished=finished,
    )


def play_family_batch(
    game: str,
    rules: GameRules,
    bots: tuple[BotSpec, ...],
    start: int,
    count: int,
    max_actions: int,
) -> Batch:
    """Play the games of seeds ``start`` to ``start + count - 1`` of ``game``: one worker task."""
    began = time.perf_counter()
    outcomes = tuple(play_outcome(game, rules, bots, start + i, max_actions) for i in range(count))
    return Batch(start, outcomes, time.perf_counter() - began)
