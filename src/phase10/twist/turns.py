"""Whose turn it is: starting a turn, serving Skips, the cap and an empty draw pile."""

from __future__ import annotations

from ..cards import SKIP
from .common import next_seat, rebuild
from .hands import end_hand
from .rules import Exhaustion
from .state import TwistPlayer, TwistStage, TwistState

__all__ = ["begin_turn"]


def begin_turn(
    state: TwistState,
    seat: int,
    players: tuple[TwistPlayer, ...],
    lost: tuple[int, ...],
    turn: int,
    **changes: object,
) -> TwistState:
    """Give the turn to ``seat``, serving the Skips in front of players on the way (T-5.3).

    A skipped player's Skip is set aside until the next deal and the turn passes
    on. ``changes`` are further fields of the new state, set in the same rebuild.
    The ``max_turns`` cap ends the game unwon (T-7.3); under
    ``draw_exhaustion="end_hand"`` an empty draw pile ends the hand (T-4.7).
    """
    lost_list = list(lost)
    plist = list(players)
    aside = changes.pop("set_aside", state.set_aside)
    assert isinstance(aside, tuple)
    while plist[seat].skipped:
        plist[seat] = rebuild(plist[seat], skipped=False)
        aside = (*aside, SKIP)
        lost_list.append(seat)
        turn += 1
        seat = next_seat(state, seat)
    total = state.total_turns + 1
    nxt = rebuild(
        state,
        players=tuple(plist),
        stage=TwistStage.DRAW,
        current_player=seat,
        set_aside=aside,
        turn=turn,
        total_turns=total,
        refill=None,
        laying=(),
        lost_turns=tuple(lost_list),
        **changes,
    )
    cap = state.rules.max_turns
    if cap is not None and total > cap:
        return rebuild(nxt, stage=TwistStage.GAME_OVER, current_player=None, winners=())
    if not nxt.stock and state.rules.draw_exhaustion is Exhaustion.END_HAND:
        return end_hand(nxt, nxt.players, went_out=None)
    return nxt
