"""Sentences for logs and user interfaces: what an action did, and how a hand ended.

>>> from phase10 import new_game, DrawStock
>>> state = new_game(["Ann", "Bob"], seed=3)
>>> describe(state, DrawStock())
'Bob drew from the draw pile'
"""

from __future__ import annotations

from .actions import (
    Action,
    ChoosePhase,
    Discard,
    DrawStock,
    GiveCard,
    Hit,
    LayDown,
    LayGroup,
    NextHand,
    Save,
    SwapWild,
    TakeDiscard,
    TakeSaved,
)
from .engine.common import hit_rules, player_rules
from .errors import InvalidMeldError
from .melds import End, Meld
from .postal import acts_as_wild
from .state import GameState, HandResult
from .text import meld_text, value_text

__all__ = ["describe", "describe_result"]


def _name(state: GameState, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(state.players):
        return "nobody"
    return state.players[seat].name


def _groups(state: GameState, phase: int | None, melds: tuple[Meld, ...]) -> str:
    """The groups of a lay-down, each card played as a Wild with its value (V-10.2, A-26)."""
    seat = state.current_player
    if seat is None:
        return " | ".join(map(str, melds))
    laying = next((p for p in state.rules.phases if p.number == phase), None)
    rules = player_rules(state, seat, laying)
    return " | ".join(meld_text(meld, rules) for meld in melds)


def _hit_as_wild(state: GameState, action: Hit) -> str:
    """`` as a Wild for 7`` when a number card is hit as a Postal Wild (V-10.2, A-26)."""
    seat = state.current_player
    if seat is None or not action.card.is_natural or not 0 <= action.owner < len(state.players):
        return ""
    melds = state.players[action.owner].melds
    if not 0 <= action.meld < len(melds):
        return ""
    rules = hit_rules(state, seat, action.owner)
    try:
        after = melds[action.meld].hit(action.card, action.end, rules)
    except InvalidMeldError:
        return ""
    values = after.stands_for()
    places = [i for i, card in enumerate(after.cards) if card == action.card]
    if action.end is End.LOW:  # a run grows at the named end
        places = [0]
    elif action.end is End.HIGH:
        places = [len(after.cards) - 1]
    for i in places:
        if acts_as_wild(after, i, action.card, rules) and values[i] is not None:
            return f" as a Wild for {value_text(values[i])}"
    return ""


def describe(state: GameState, action: Action) -> str:
    """One sentence saying what ``action`` does in ``state`` (the state before it)."""
    who = _name(state, state.current_player)
    if isinstance(action, DrawStock):
        return f"{who} drew from the draw pile"
    if isinstance(action, TakeDiscard):
        top = state.top_discard
        return f"{who} took {top} from the discard pile"
    if isinstance(action, LayDown):
        seat = state.current_player
        phase = action.phase
        if phase is None and seat is not None:
            target = state.target_phase(seat)
            phase = None if target is None else target.number
        return f"{who} laid down phase {phase}: {_groups(state, phase, action.melds)}"
    if isinstance(action, LayGroup):
        phase = action.phase
        if phase is None and state.laying is not None:
            phase = state.laying.phase
        if phase is None and state.current_player is not None:
            target = state.target_phase(state.current_player)
            phase = None if target is None else target.number
        return f"{who} began laying down phase {phase}: {_groups(state, phase, (action.meld,))}"
    if isinstance(action, Hit):
        owner = (
            "their own"
            if action.owner == state.current_player
            else (f"{_name(state, action.owner)}'s")
        )
        melds = state.players[action.owner].melds if 0 <= action.owner < len(state.players) else ()
        group = melds[action.meld].describe() if 0 <= action.meld < len(melds) else "group"
        end = f" ({action.end.value} end)" if action.end is not None else ""
        wild = _hit_as_wild(state, action)
        return f"{who} hit {action.card}{wild} on {owner} {group}{end}"
    if isinstance(action, Discard):
        if action.target is not None:
            return f"{who} discarded {action.card} and skipped {_name(state, action.target)}"
        going_out = len(state.players[state.current_player or 0].hand) == 1
        if action.card.is_reverse and not going_out:
            return f"{who} discarded {action.card}, reversing the direction of play"
        if action.card.is_super_skip and not going_out:
            return f"{who} discarded {action.card}, skipping every other player"
        if action.card.is_skip and state.rules.skip_may_reverse and not going_out:
            return f"{who} discarded {action.card}, reversing the direction of play"
        if action.card.is_skip:  # nobody left to skip, or going out on it
            return f"{who} discarded {action.card}, skipping nobody"
        return f"{who} discarded {action.card}"
    if isinstance(action, NextHand):
        return f"hand {state.hand_number + 1} is dealt"
    if isinstance(action, ChoosePhase):
        return f"{who} chose phase {action.phase}"
    if isinstance(action, GiveCard):
        receiver = _name(state, action.seat)
        top = state.top_discard
        if top is not None and top.is_skip:
            return f"{who} named {receiver} to lose the first turn"
        return f"{who} gave the upturned Wild to {receiver}"
    if isinstance(action, Save):
        return f"{who} saved a card, face down"  # the Save pile is private (V-1.6)
    if isinstance(action, TakeSaved):
        return f"{who} took a card back from their Save pile"
    if isinstance(action, SwapWild):
        owner = _name(state, action.owner)
        return (
            f"{who} swapped {action.card} for a Wild in {owner}'s group "
            f"(Wild to the {action.end.value} end)"
        )
    return f"{who} did {action!r}"


def describe_result(state: GameState, result: HandResult) -> str:
    """A line summarising a finished hand."""
    if result.went_out is None:
        opening = f"Hand {result.hand_number} ended with nobody going out."
    else:
        opening = f"{_name(state, result.went_out)} went out."
    made = [
        f"{state.players[seat].name} made phase {phase}"
        for seat, phase in enumerate(result.completed)
        if phase is not None
    ]
    return opening + (" " + ", ".join(made) + "." if made else "")
