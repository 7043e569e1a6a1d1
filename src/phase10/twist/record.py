"""Records of Phase 10 Twist games: rules, seed, orders and every action, to replay a game.

Shuffles without a given order come from the seed, so a record is short; a hand
dealt from a caller's order keeps it in its action (``next deck R7 B3 ...``),
and the first hand's order and the Twist cards' order are fields. File format: a
``"twist-record"`` document of :mod:`phase10.twist.serialization`::

    {"schema": 1, "type": "twist-record", "rules": {"spec": "standard"},
     "players": ["Ann", "Bob"], "seed": 7, "dealer": 0, "deck": null,
     "twist_deck": null, "actions": ["take 0", "discard R7 1", ...]}

>>> from phase10.twist import GreedyBot, play_game
>>> record = TwistRecord.start(["Ann", "Bob"], seed=7)
>>> actions = []
>>> final = play_game(record.initial_state(), [GreedyBot(), GreedyBot()],
...                   on_action=lambda before, action, after: actions.append(action))
>>> record.extend(actions).final_state() == final
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from ..actions import to_deck
from ..cards import Card
from ..errors import IllegalActionError, InvalidDataError, InvalidRulesError
from ..limits import show
from ..record import FamilyRecord, action_texts, check_seed, family_rules, player_names
from .actions import TwistAction, action_to_text, parse_action
from .engine import apply, new_game
from .rules import TwistRules, resolve_rules
from .state import TwistState

__all__ = ["TwistRecord"]


def _rules(value: TwistRules | str | None) -> TwistRules:
    return family_rules(resolve_rules, value)


def _dealer(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value < 1000:
        raise InvalidDataError(f"the dealer is a seat number, not {show(value)}", "$.dealer")


def _twists(value: Iterable[int] | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    order = tuple(value)
    if not all(type(card) is int and 0 <= card < 1000 for card in order):
        raise InvalidDataError("a Twist deck lists card numbers less one", "$.twist_deck")
    return order


def _actions(value: Iterable[TwistAction | str]) -> tuple[str, ...]:
    return action_texts(value, parse_action, action_to_text)


@attrs.frozen
class TwistRecord(FamilyRecord[TwistState, TwistAction]):
    """A whole Twist game: rules, names, seed, dealer, the orders given, and the actions in
    notation. A record is a value: :meth:`~phase10.record.FamilyRecord.append` and
    :meth:`~phase10.record.FamilyRecord.extend` return new records;
    :meth:`~phase10.record.FamilyRecord.replay` gives every state of the game."""

    rules: TwistRules = attrs.field(converter=_rules)
    players: tuple[str, ...] = attrs.field(converter=player_names)
    seed: int = attrs.field(validator=check_seed)
    dealer: int = attrs.field(default=0, validator=_dealer)
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=to_deck)
    """The first hand's order, top first, or ``None``: shuffled from the seed."""
    twist_deck: tuple[int, ...] | None = attrs.field(default=None, converter=_twists)
    """The Twist cards' order, or ``None``: shuffled from the seed."""
    actions: tuple[str, ...] = attrs.field(default=(), converter=_actions)

    @classmethod
    def start(
        cls,
        players: int | Sequence[str],
        *,
        seed: int | None = None,
        rules: TwistRules | str | None = None,
        dealer: int = 0,
        deck: Iterable[Card] | None = None,
        twist_deck: Iterable[int] | None = None,
    ) -> TwistRecord:
        """A record of a game not yet played (the arguments of :func:`~phase10.twist.new_game`)."""
        state = new_game(
            players, seed=seed, rules=rules, dealer=dealer, deck=deck, twist_deck=twist_deck
        )
        return cls(
            state.rules,
            tuple(p.name for p in state.players),
            state.seed,
            dealer,
            None if deck is None else tuple(deck),
            None if twist_deck is None else tuple(twist_deck),
        )

    def step(self, state: TwistState, action: TwistAction) -> TwistState:
        """:func:`phase10.twist.apply`."""
        return apply(state, action)

    def parse(self, text: str) -> TwistAction:
        """:func:`phase10.twist.parse_action`."""
        return parse_action(text)

    def initial_state(self) -> TwistState:
        """The state before the first action; a bad table raises InvalidDataError naming it."""
        try:
            return new_game(
                self.players,
                seed=self.seed,
                rules=self.rules,
                dealer=self.dealer,
                deck=self.deck,
                twist_deck=self.twist_deck,
            )
        except InvalidRulesError as error:
            field = "dealer" if error.option == "dealer" else "players"
            raise InvalidDataError(error.message, path=f"$.{field}") from None
        except IllegalActionError as error:
            field = "deck" if "Twist" not in error.message else "twist_deck"
            raise InvalidDataError(error.message, path=f"$.{field}") from None
