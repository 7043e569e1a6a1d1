"""Going out, and the "Last stand" house rule (R-10.3; V-15, ``[GH-UNOBOT]``).

Normally the hand ends the moment a player goes out (R-10.3). Under
``Rules.last_stand`` it does not: every other player of the hand takes one
final turn, in the order of play from the player who went out, and then the
hand ends. The first player out wins the hand
(:attr:`GameState.first_out <phase10.GameState.first_out>`); anyone who goes
out in a final turn also scores nothing. A final turn lost to a Skip is lost
for good, a Super Skip ends the last stand at once (everyone else loses their
turn), and a Reverse changes nothing (the order of the final turns is fixed
when the first player goes out). Tiebreak hands have no last stand: their
winner is the first out (R-15.4).
"""

from __future__ import annotations

from ..cards import Card
from ..rules import DrawExhaustion
from ..scoring import end_hand
from ..state import GameState, PlayerState, replace
from .common import can_draw_stock, can_take_discard, usable_saved
from .turns import begin_turn

__all__ = ["after_final_turn", "go_out"]


def go_out(
    state: GameState, players: tuple[PlayerState, ...], seat: int, named: int | None = None
) -> GameState:
    """``seat`` has emptied its hand: the hand ends (R-10.3), or the last stand starts or
    goes on. ``named`` is the seat named with the rule card (V-5.3)."""
    rules = state.rules
    if not rules.last_stand or state.tiebreak:
        return end_hand(state, players, went_out=seat, named=named)
    if state.first_out is None:  # the first out: everyone else gets a final turn
        seats = state.seats
        start = seats.index(seat)
        count = len(seats)
        order = tuple(seats[(start + state.direction * k) % count] for k in range(1, count))
        state = replace(state, first_out=seat)
    else:
        order = state.final_turns
    return _next_final(state, players, order, state.turn + 1)


def after_final_turn(
    state: GameState, card: Card, players: tuple[PlayerState, ...], **changes: object
) -> GameState:
    """The turn after a final turn that ended with the discard ``card`` (not going out)."""
    if card.is_super_skip:  # every other player loses a turn: no final turn is left
        lost = state.final_turns
        final = replace(state, players=players, final_turns=(), lost_turns=lost, **changes)
        return end_hand(final, players, went_out=state.first_out)
    return _next_final(replace(state, **changes), players, state.final_turns, state.turn + 1)


def _next_final(
    state: GameState, players: tuple[PlayerState, ...], order: tuple[int, ...], turn: int
) -> GameState:
    """Give the next final turn of ``order``; a pending skip costs its seat that turn."""
    plist = list(players)
    lost: list[int] = []
    rules = state.rules
    for i, seat in enumerate(order):
        if plist[seat].skips_pending:  # the final turn is lost
            plist[seat] = replace(plist[seat], skips_pending=plist[seat].skips_pending - 1)
            lost.append(seat)
            turn += 1
            continue
        after = replace(state, players=tuple(plist), final_turns=order[i + 1 :])
        stuck = not (
            can_draw_stock(after) or can_take_discard(after) or usable_saved(after, seat)
        ) or (not after.stock and rules.draw_exhaustion is DrawExhaustion.END_HAND)
        if stuck:  # nothing to draw, so the last stand is over
            break
        return begin_turn(after, seat, after.players, lost=tuple(lost), turn=turn)
    final = replace(state, players=tuple(plist), final_turns=(), lost_turns=tuple(lost))
    return end_hand(final, final.players, went_out=state.first_out)
