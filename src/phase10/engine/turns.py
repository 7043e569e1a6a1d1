"""Whose turn it is: starting a turn, lost turns, skip targets (R-4.1, R-9, R-14.2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ..cards import Card
from ..rules import DrawExhaustion, InitialSkip, InitialWild, SkipLimit, SkipTarget
from ..scoring import end_hand
from ..state import STAGE_DRAW, GameState, PlayerState, Stage, rebuilder, replace
from .common import (
    can_draw_stock,
    can_take_discard,
    choosing_at_hand_start,
    next_seat,
    usable_saved,
)

_next_turn = cast(
    "Callable[..., GameState]",
    rebuilder(
        GameState,
        "players",
        "stage",
        "current_player",
        "turn",
        "total_turns",
        "taken_discard",
        "laid_down_this_turn",
        "forced_discard",
        "lost_turns",
        "discard_pile",
        "stock",
        "reshuffles",
        "skip_record",
    ),
)
"""The state at the start of a turn: every field :func:`begin_turn` sets, and no other."""


def begin_turn(
    state: GameState,
    seat: int,
    players: tuple[PlayerState, ...],
    lost: tuple[int, ...],
    turn: int,
    *,
    discard_pile: tuple[Card, ...] | None = None,
    stock: tuple[Card, ...] | None = None,
    reshuffles: int | None = None,
    skip_record: tuple[int, ...] | None = None,
) -> GameState:
    """Give the turn to ``seat``, serving pending skips (R-4.1) and the no-draw fallback (R-14.2).

    The discard that ended the last turn may change the piles and the skip record: those
    are set in the same rebuild (``None``: unchanged). Named, not ``**changes``: each
    discard passes them, and a keyword dictionary built and unpacked again costs more.
    """
    if players[seat].skips_pending > 0:  # serve the pending skips
        lost_list = list(lost)
        plist = list(players)
        while plist[seat].skips_pending > 0:
            plist[seat] = replace(plist[seat], skips_pending=plist[seat].skips_pending - 1)
            lost_list.append(seat)
            turn += 1
            seat = next_seat(state, seat)
        players, lost = tuple(plist), tuple(lost_list)
    total = state.total_turns + 1
    nxt = _next_turn(
        state,
        players=players,
        stage=STAGE_DRAW,
        current_player=seat,
        turn=turn,
        total_turns=total,
        taken_discard=None,
        laid_down_this_turn=False,
        forced_discard=False,
        lost_turns=lost,
        discard_pile=state.discard_pile if discard_pile is None else discard_pile,
        stock=state.stock if stock is None else stock,
        reshuffles=state.reshuffles if reshuffles is None else reshuffles,
        skip_record=state.skip_record if skip_record is None else skip_record,
    )
    cap = state.rules.max_turns
    if cap is not None and total > cap:
        return replace(nxt, stage=Stage.GAME_OVER, current_player=None, winners=())
    if nxt.stock:  # a card to draw: the turn goes on
        return nxt
    if state.rules.draw_exhaustion is DrawExhaustion.END_HAND:
        return end_hand(nxt, nxt.players, went_out=None)  # the draw pile ran out
    if not (can_draw_stock(nxt) or can_take_discard(nxt) or usable_saved(nxt, seat)):
        return end_hand(nxt, nxt.players, went_out=None)
    return nxt


def deal_up_pending(state: GameState) -> bool:
    """Whether the dealer must place the upturned Wild or Skip (V-12, A-11, A-12)."""
    top = state.top_discard
    if top is None or state.turn != 0:
        return False
    rules = state.rules
    return (top.is_wild and rules.initial_wild is InitialWild.DEALER_CHOOSES_RECIPIENT) or (
        (top.is_skip or top.is_super_skip)
        and rules.initial_skip is InitialSkip.DEALER_CHOOSES_TARGET
    )


def choice_waits(state: GameState) -> bool:
    """Whether players still name their phases after the dealer's V-12 decision.

    ``masters_choice_before_deal_up=False``: the upturned card is placed as part of
    the deal, before the phases are chosen (V-1.4, V-12).
    """
    return choosing_at_hand_start(state) and not state.rules.masters_choice_before_deal_up


def start_play(state: GameState) -> GameState:
    """After the deal and any phase choices: the dealer's V-12 decision, or the first turn."""
    if deal_up_pending(state):
        return replace(state, stage=Stage.DEAL_UP, current_player=state.dealer)
    return begin_turn(state, state.seats[0], state.players, lost=(), turn=0)


def after_deal_up(state: GameState, players: tuple[PlayerState, ...], turn: int) -> GameState:
    """Once the dealer's V-12 decision is played out: the phase choices, or the turn ``turn``.

    ``turn`` is 1 when the first player received the upturned Wild and has
    discarded for it (their turn counts as taken), else 0.
    """
    if choice_waits(state):
        return replace(
            state,
            players=players,
            stage=Stage.CHOOSE_PHASE,
            current_player=state.seats[0],
            turn=turn,
            forced_discard=False,
            lost_turns=(),
        )
    seat = state.seats[turn % len(state.seats)]
    return begin_turn(state, seat, players, lost=(), turn=turn)


def skip_targets(state: GameState, seat: int) -> tuple[int, ...]:
    """The seats ``seat`` may skip now (R-9.1, R-9.5, A-6, A-7), in seat order."""
    rules = state.rules
    others = [s for s in state.seats if s != seat]
    if state.first_out is not None:  # V-15 last stand: only seats with a final turn left
        others = list(state.final_turns)
        if rules.skip_target is SkipTarget.NEXT_PLAYER:
            others = others[:1]
    elif rules.skip_target is SkipTarget.NEXT_PLAYER:
        others = [next_seat(state, seat)]
    limit = rules.skip_limit
    players = state.players
    record = state.skip_record
    if limit is SkipLimit.NO_STACKING:  # list comprehensions: cheaper than generators here
        return tuple([s for s in sorted(others) if players[s].skips_pending == 0])
    if limit is SkipLimit.ONCE_PER_HAND:
        return tuple([s for s in sorted(others) if record[s] < 0])
    if limit is SkipLimit.STRICT_CIRCUIT:
        circuit = len(state.seats)
        return tuple(
            s
            for s in sorted(others)
            if players[s].skips_pending == 0
            and (record[s] < 0 or state.turn - record[s] >= circuit)
        )
    return tuple(sorted(others))
