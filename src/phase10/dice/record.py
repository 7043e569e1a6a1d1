"""Records of Phase 10 Dice games: the rules, the seed and every action, to replay a game.

Rolls without faces come from the seed, so a record is short; a roll whose
faces were supplied keeps them in its notation (``roll R5 B7 GW``). File
format: a ``"dice-record"`` document of :mod:`phase10.dice.serialization`::

    {"schema": 1, "type": "dice-record", "rules": {"spec": "standard"},
     "players": ["Ann", "Bob"], "seed": 7, "first": 0,
     "actions": ["roll", "keep 0", "roll", ...]}

>>> from phase10.dice import GreedyBot, play_game
>>> record = DiceRecord.start(["Ann", "Bob"], seed=7)
>>> actions = []
>>> final = play_game(record.initial_state(), [GreedyBot(), GreedyBot()],
...                   on_action=lambda before, action, after: actions.append(action))
>>> record.extend(actions).final_state() == final
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from ..errors import InvalidDataError, InvalidRulesError
from ..limits import show
from ..record import FamilyRecord, action_texts, check_seed, family_rules, player_names
from .actions import DiceAction, action_to_text, parse_action
from .engine import apply, new_game
from .rules import DiceRules, resolve_rules
from .state import DiceState

__all__ = ["DiceRecord"]


def _rules(value: DiceRules | str | None) -> DiceRules:
    return family_rules(resolve_rules, value)


def _whole(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value < 1000:
        raise InvalidDataError(f"{attribute.name} must be a seat number, not {show(value)}")


def _actions(value: Iterable[DiceAction | str]) -> tuple[str, ...]:
    return action_texts(value, parse_action, action_to_text)


@attrs.frozen
class DiceRecord(FamilyRecord[DiceState, DiceAction]):
    """A whole dice game: rules, names, seed, first player and the actions in notation.

    A record is a value: :meth:`~phase10.record.FamilyRecord.append` and
    :meth:`~phase10.record.FamilyRecord.extend` return new records;
    :meth:`~phase10.record.FamilyRecord.replay` gives every state of the game.
    """

    rules: DiceRules = attrs.field(converter=_rules)
    players: tuple[str, ...] = attrs.field(converter=player_names)
    seed: int = attrs.field(validator=check_seed)
    first: int = attrs.field(default=0, validator=_whole)
    actions: tuple[str, ...] = attrs.field(default=(), converter=_actions)

    @classmethod
    def start(
        cls,
        players: int | Sequence[str],
        *,
        seed: int | None = None,
        rules: DiceRules | str | None = None,
        first: int = 0,
    ) -> DiceRecord:
        """A record of a game not yet played (the arguments of :func:`~phase10.dice.new_game`)."""
        state = new_game(players, seed=seed, rules=rules, first=first)
        return cls(state.rules, tuple(p.name for p in state.players), state.seed, first)

    def step(self, state: DiceState, action: DiceAction) -> DiceState:
        """:func:`phase10.dice.apply`."""
        return apply(state, action)

    def parse(self, text: str) -> DiceAction:
        """:func:`phase10.dice.parse_action`."""
        return parse_action(text)

    def initial_state(self) -> DiceState:
        """The state before the first action; a bad table raises InvalidDataError naming it."""
        try:
            return new_game(self.players, seed=self.seed, rules=self.rules, first=self.first)
        except InvalidRulesError as error:
            field = "first" if error.option == "first" else "players"
            raise InvalidDataError(error.message, path=f"$.{field}") from None
