"""Every legal Twist action, canonical and in a fixed order.

Lay-downs are listed the card game's way (:mod:`phase10.laying`, ``docs/concepts.rst``
"Lay-downs, a group at a time"): a phase of several groups one group at a time
(:class:`~phase10.LayGroup` steps, then a :class:`~phase10.LayDown` with the last
group), each step one option per distinct outcome among the groups that leave the
rest of the phase possible. No listing holds more than one group's choices, and
every lay-down :func:`~phase10.twist.apply` accepts has a listed path to the same
outcome.
"""

from __future__ import annotations

from ..actions import DrawStock, Hit, LayDown, LayGroup, NextHand, canonical_lay_down
from ..cards import Card
from ..engine.common import distinct
from ..engine.laydowns import needs_natural
from ..laying import group_options, remaining_requirements
from ..melds import Meld
from ..solver import can_complete, card_counts
from .actions import PILES, ChooseSpace, DiscardOnto, DrawTwist, PlaySkip, TakePile, TwistAction
from .plays import can_draw_stock, skip_targets
from .state import TwistStage, TwistState

__all__ = ["lay_down_steps", "legal_actions"]

_NEXT_HAND = (NextHand(),)
_DRAW_STOCK = DrawStock()
_DRAW_TWIST = DrawTwist()
_TAKES = tuple(TakePile(pile) for pile in range(PILES))


def legal_actions(state: TwistState) -> tuple[TwistAction, ...]:
    """Every legal action, canonical and in a fixed order.

    Choosing: the lower neighbour, the higher, a Twist card. Drawing: the draw
    pile, then piles 0, 1, 2. Playing: lay-down steps (or, once the phase is
    down, hits), then discards by card and pile, then Skips by target.
    """
    stage = state.stage
    if stage is TwistStage.PLAY:
        return tuple(_plays(state))
    if stage is TwistStage.DRAW:
        draws: list[TwistAction] = [_DRAW_STOCK] if can_draw_stock(state) else []
        draws.extend(_TAKES[p] for p, pile in enumerate(state.discard_piles) if pile)
        return tuple(draws)
    if stage is TwistStage.CHOOSE:
        seat = state.current_player
        assert seat is not None
        low, high = state.rules.board.neighbours(state.players[seat].position)
        choices: list[TwistAction] = [ChooseSpace(low), ChooseSpace(high)]
        if state.twist_deck:
            choices.append(_DRAW_TWIST)
        return tuple(choices)
    if stage is TwistStage.HAND_OVER:
        return _NEXT_HAND
    return ()


def lay_down_steps(state: TwistState, seat: int) -> list[LayDown | LayGroup]:
    """The lay-down steps ``seat`` may take now (none once its phase is down)."""
    player = state.players[seat]
    phase = state.target_phase(seat)
    if player.laid_down or phase is None:
        return []
    hand = player.hand
    rules = state.rules.meld_rules
    pending = state.laying
    if not pending and not can_complete(hand, phase, rules):
        return []  # most hands: one fast yes/no answer
    left = remaining_requirements(phase.requirements, pending)
    used = sum(len(m.cards) for m in pending) + sum(r.size for r in left)
    if len(hand) - used < 1:
        return []  # a card must be left to end the turn with (T-4.6)
    counts = card_counts(hand)
    for meld in pending:
        for card in meld.cards:
            counts[card.code] -= 1
    options = group_options(counts, left, rules, need_natural=needs_natural(rules, pending))
    if len(left) > 1:
        return [LayGroup(meld) for meld in options]
    return [
        canonical_lay_down(tuple(sorted((*pending, meld), key=Meld.sort_key))) for meld in options
    ]


def _plays(state: TwistState) -> list[TwistAction]:
    seat = state.current_player
    assert seat is not None
    player = state.players[seat]
    actions: list[TwistAction] = []
    if not player.laid_down:
        actions.extend(lay_down_steps(state, seat))
        if state.laying:
            return actions  # a lay-down under way: only its next group
    else:
        actions.extend(_hits(state, seat))
    kinds = distinct(player.hand)
    piles = range(PILES) if state.refill is None else (state.refill,)
    actions.extend(DiscardOnto(card, pile) for card in kinds for pile in piles)
    if state.refill is None and len(player.hand) > 1 and any(c.is_skip for c in kinds):
        actions.extend(PlaySkip(target) for target in skip_targets(state, seat))
    return actions


def _hits(state: TwistState, seat: int) -> list[TwistAction]:
    hand = state.players[seat].hand
    if len(hand) < 2:
        return []  # a hit must leave a card to end the turn with (T-4.6)
    cards: list[Card] = [card for card in distinct(hand) if not card.is_skip]
    rules = state.rules.meld_rules
    result: list[TwistAction] = []
    for owner, other in enumerate(state.players):
        for index, meld in enumerate(other.melds):
            for card in cards:
                for end in meld.hit_ends(card, rules):
                    result.append(Hit(card, owner, index, end))
    return result
