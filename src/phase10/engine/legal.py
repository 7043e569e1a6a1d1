"""Every legal action, canonical and in a fixed order."""

from __future__ import annotations

from ..actions import (
    Action,
    ChoosePhase,
    Discard,
    DrawStock,
    GiveCard,
    Hit,
    NextHand,
    Save,
    SwapWild,
    TakeDiscard,
    TakeSaved,
)
from ..cards import ALL_CARDS, Card
from ..melds import End
from ..rules import SkipAsLastCard
from ..state import STAGE_DRAW, STAGE_GAME_OVER, STAGE_HAND_OVER, STAGE_PLAY, GameState, Stage
from .common import (
    SKIP_CODE,
    can_draw_stock,
    can_take_discard,
    distinct,
    hit_rules,
    in_first_circuit,
    may_add_same_turn,
    may_hit_owner,
    not_a_state,
    play_problem,
    player_rules,
    remove,
    save_room,
    usable_saved,
)
from .laydowns import lay_down_actions
from .plays import floater_must_take, swapped
from .turns import skip_targets

_NEXT_HAND = (NextHand(),)
_DRAW_STOCK = DrawStock()
_TAKE_DISCARD = TakeDiscard()
_PLAIN_DISCARDS: tuple[Discard, ...] = tuple(Discard(card) for card in ALL_CARDS)
_DRAW_LISTINGS: tuple[tuple[tuple[Action, ...], ...], ...] = (
    ((), (_TAKE_DISCARD,)),
    ((_DRAW_STOCK,), (_DRAW_STOCK, _TAKE_DISCARD)),
)
"""The draws listed, by whether the draw pile and the discard pile may be drawn from."""
_TARGETED_DISCARDS: tuple[tuple[Discard, ...], ...] = tuple(
    tuple(Discard(card, seat) for seat in range(12)) for card in ALL_CARDS
)


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action, canonical and in a fixed order.

    Lay-downs list each group at its minimum size (R-5.5); bigger groups are
    reached by hits in the same turn (R-6.6), and :func:`~phase10.apply` also
    accepts a lay-down with bigger groups. Runs name the end a hit goes to.
    """
    try:
        stage = state.stage
    except AttributeError:  # free where it does not happen (zero-cost try)
        raise not_a_state(state) from None
    if stage is STAGE_PLAY:
        return tuple(_plays(state))
    if stage is STAGE_DRAW:
        return _draws(state)
    if stage is STAGE_HAND_OVER:
        return _NEXT_HAND
    if stage is STAGE_GAME_OVER:
        return ()
    seat = state.current_player
    assert seat is not None
    if stage is Stage.CHOOSE_PHASE:
        return tuple(ChoosePhase(p.number) for p in state.open_phases(seat))
    return tuple(GiveCard(s) for s in sorted(state.seats))  # Stage.DEAL_UP


def _draws(state: GameState) -> tuple[Action, ...]:
    if floater_must_take(state):
        return (_TAKE_DISCARD,)
    if not state.rules.masters_saving:  # the common case: one of three listings
        return _DRAW_LISTINGS[can_draw_stock(state)][can_take_discard(state)]
    draws: list[Action] = []
    if can_draw_stock(state):
        draws.append(_DRAW_STOCK)
    if can_take_discard(state):
        draws.append(_TAKE_DISCARD)
    if state.rules.masters_saving:
        seat = state.current_player
        assert seat is not None
        draws.extend(TakeSaved(card) for card in sorted(set(usable_saved(state, seat))))
    return tuple(draws)


def _plays(state: GameState) -> list[Action]:
    seat = state.current_player
    assert seat is not None
    player = state.players[seat]
    if state.forced_discard:  # V-12: the receiver discards anything but a Skip
        return [_PLAIN_DISCARDS[c.code] for c in distinct(player.hand) if not c.changes_turns]
    if player.floating:
        hits = _hits(state, seat)
        return hits if hits else _discards(state, seat)  # V-9.2
    if not player.laid_down:
        actions = lay_down_actions(state, seat)  # a new list: extended in place
        if state.laying is not None:
            return actions  # a lay-down under way: only its next group
    else:
        actions = _hits(state, seat)
        if state.rules.movable_wilds:
            actions.extend(_swaps(state, seat))
    actions.extend(_discards(state, seat))
    if state.rules.masters_saving and not player.saved_this_hand and save_room(state) > 0:
        actions.extend(_saves(state, seat))
    return actions


def _playable_cards(state: GameState, hand: tuple[Card, ...]) -> list[Card]:
    """The different cards of the sorted ``hand`` that may leave it by a play, in order."""
    if len(hand) > 2:  # two cards or more stay: play_problem has nothing to say
        return [card for card in distinct(hand) if card.code != SKIP_CODE]
    return [
        card
        for card in distinct(hand)
        if not card.is_skip and not play_problem(state, remove(hand, (card,)) or ())
    ]


def _hits(state: GameState, seat: int) -> list[Action]:
    players = state.players
    cards = _playable_cards(state, players[seat].hand)
    if not cards:
        return []
    rules = state.rules
    teams, same_turn = rules.teams, state.laid_down_this_turn
    own_rules = player_rules(state, seat)
    result: list[Action] = []
    for owner in sorted(state.seats):
        melds = players[owner].melds
        if not melds or (teams and not may_hit_owner(rules, seat, owner)):
            continue
        if same_turn and not may_add_same_turn(rules, owner == seat):
            continue
        meld_rules = own_rules if rules.postal_wilds_on_others else hit_rules(state, seat, owner)
        for index, meld in enumerate(melds):  # what fits each group, worked out once a group
            for card, end in meld.requirement.hits(meld, cards, meld_rules):
                result.append(Hit(card, owner, index, end))
    return result


def _swaps(state: GameState, seat: int) -> list[Action]:
    rules = state.rules
    cards = _playable_cards(state, state.players[seat].hand)
    result: list[Action] = []
    for owner in sorted(state.seats):
        if state.laid_down_this_turn and not may_add_same_turn(rules, owner == seat):
            continue
        if rules.teams and not may_hit_owner(rules, seat, owner):
            continue
        for index, meld in enumerate(state.players[owner].melds):
            if meld.requirement.kind != "run" or not any(c.is_wild for c in meld.cards):
                continue
            for card in cards:
                for end in (End.LOW, End.HIGH):
                    if swapped(meld, card, end, state, seat) is not None:
                        result.append(SwapWild(card, owner, index, end))
    return result


def _discards(state: GameState, seat: int) -> list[Action]:
    rules = state.rules
    hand = state.players[seat].hand
    last = len(hand) == 1
    if last and in_first_circuit(state):
        return []
    restricted = not rules.may_discard_card_taken_from_discard and state.taken_discard is not None
    wild_skips = rules.wild_as_skip
    top = hand[-1].code  # hands are sorted: no Wild, Skip or rule card below the top code
    if not (last or restricted or top > 48 or (top == 48 and wild_skips)):
        return _plain_discards(hand)  # the common case
    targets: tuple[int, ...] | None = None
    result: list[Action] = []
    for card in distinct(hand):  # hands are sorted: distinct cards in order
        code = card.code
        if restricted and state.taken_discard == card and any(c != card for c in hand):
            continue
        if code < 48 or (code == 48 and not wild_skips) or code > 50:  # V-15: V, Z
            result.append(_PLAIN_DISCARDS[code])
            continue
        if code == 50:  # V-5.3: going out with the rule card names who drops a phase
            if last:
                result.extend(_TARGETED_DISCARDS[code][t] for t in sorted(state.seats) if t != seat)
            else:
                result.append(_PLAIN_DISCARDS[code])
            continue
        if code == 49 and last:
            mode = rules.skip_as_last_card
            if mode is SkipAsLastCard.FORBIDDEN and not state.players[seat].floating:
                continue
            if mode is SkipAsLastCard.ALLOWED or not can_draw_stock(state):
                result.append(_PLAIN_DISCARDS[code])
                continue
        elif code == 48 and last:  # a Wild as the last card just goes out
            result.append(_PLAIN_DISCARDS[code])
            continue
        if targets is None:
            targets = skip_targets(state, seat)
        if code == 48 or not targets or rules.skip_may_reverse:  # V-15: S reverses
            result.append(_PLAIN_DISCARDS[code])
        result.extend(_TARGETED_DISCARDS[code][t] for t in targets)
    return result


def _plain_discards(hand: tuple[Card, ...]) -> list[Action]:
    """A plain discard of each different card of the sorted ``hand``, in order: what
    ``distinct`` gives, in one pass (every PLAY listing has it)."""
    result: list[Action] = []
    last = -1
    for card in hand:
        code = card.code
        if code != last:
            result.append(_PLAIN_DISCARDS[code])
            last = code
    return result


def _saves(state: GameState, seat: int) -> list[Action]:
    hand = state.players[seat].hand
    if len(hand) == 1 and (not state.rules.masters_go_out_by_saving or in_first_circuit(state)):
        return []
    return [Save(card) for card in distinct(hand)]
