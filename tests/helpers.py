"""Shared helpers for the engine tests: stacked decks and illegal-action checks.

``stacked_deck`` builds a full, legal first-hand order (top of the stock
first, as :func:`phase10.new_game` and :class:`phase10.NextHand` take it) that
deals exactly the given hands, turns up the given first discard and puts the
given cards on top of the stock. Everything else is filled in with the
remaining cards of the rules' deck in a fixed pseudo-random order, so a test
gets the same deck on every run.
"""

from __future__ import annotations

import contextlib
import copy
import random
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping

import attrs
import pytest

from phase10 import (
    Action,
    Bot,
    Card,
    GameState,
    Hit,
    IllegalActionError,
    IllegalReason,
    LayDown,
    LayGroup,
    Phase,
    Rules,
    SetOf,
    apply,
    check,
    legal_actions,
    new_game,
    parse_cards,
    player_view,
    standard_deck,
    variants,
)
from phase10.dealing import seat_order
from phase10.errors import InvalidRulesError
from phase10.state import replace


def allowed_players(rules: Rules) -> list[int]:
    """The table sizes from 2 to 6 that ``rules`` allow (team play: 4 or 6)."""
    counts = []
    for count in range(2, 7):
        try:
            rules.check_players(count)
        except InvalidRulesError:
            continue
        counts.append(count)
    return counts


def player_count(rules: Rules, wanted: int) -> int:
    """The table size nearest to ``wanted`` (the smaller on a tie) that ``rules`` allow."""
    return min(allowed_players(rules), key=lambda count: (abs(count - wanted), count))


__all__ = [
    "assert_illegal",
    "bot_game",
    "cards",
    "deck_counter",
    "lay_down_listed",
    "lay_downs_reached",
    "listed_or_same",
    "play",
    "stacked_deck",
    "stacked_game",
    "table_counter",
    "with_players",
]

FILL_SEED = 20_240_601
"""Seed of the fixed shuffle that fills the parts of a stacked deck a test leaves open."""


def card(text: str) -> Card:
    """The one card ``text`` names: ``card("R7")``."""
    return parse_cards(text)[0]


TWO_SETS = (Phase(1, (SetOf(3),)), Phase(2, (SetOf(3),)))
"""Two short phases (a set of 3 each), so that a test reaches a game's end in a few hands."""


def cards(text: str) -> tuple[Card, ...]:
    """Cards in notation, sorted by code (the order hands are stored in)."""
    return tuple(sorted(parse_cards(text)))


def _take(pool: Counter[Card], wanted: Iterable[Card], what: str) -> list[Card]:
    taken: list[Card] = []
    for card in wanted:
        if pool[card] <= 0:
            raise ValueError(f"{what}: the deck has no more {card}")
        pool[card] -= 1
        taken.append(card)
    return taken


def stacked_deck(
    hands: Mapping[int, str],
    discard: str,
    stock: str,
    rules: Rules | None = None,
    dealer: int = 0,
    *,
    players: int | None = None,
    seats: Iterable[int] | None = None,
) -> tuple[Card, ...]:
    """A legal deck order dealing ``hands`` (seat -> cards), ``discard`` and then ``stock``.

    ``discard`` is the card turned up to start the discard pile ("" to leave it
    open); ``stock`` lists the top cards of the draw pile, top first. A hand may
    list fewer than ``hand_size`` cards: the rest is filled in with number cards
    (as is an open discard), so no stray Wild or Skip lands there. ``players`` is
    the table size (default: one more than the highest seat in ``hands``);
    ``seats`` the seats dealt in (default: all; a tiebreak hand deals only the
    tied seats). The remaining cards follow in a fixed pseudo-random order.
    """
    rules = rules if rules is not None else Rules()
    table = players if players is not None else max(hands, default=-1) + 1
    dealt = tuple(seats) if seats is not None else tuple(range(table))
    if not dealt:
        raise ValueError("no seat to deal to")
    for seat in hands:
        if seat not in dealt:
            raise ValueError(f"seat {seat} is not dealt in")
    size = rules.hand_size
    pool: Counter[Card] = Counter(standard_deck(rules))
    fixed_hands = {
        seat: _take(pool, parse_cards(text), f"hand of seat {seat}") for seat, text in hands.items()
    }
    for seat, hand in fixed_hands.items():
        if len(hand) > size:
            raise ValueError(f"seat {seat} is given {len(hand)} cards; hands hold {size}")
    fixed_discard = _take(pool, parse_cards(discard), "discard")
    if len(fixed_discard) > 1:
        raise ValueError("only one card starts the discard pile")
    fixed_stock = _take(pool, parse_cards(stock), "stock")
    rng = random.Random(FILL_SEED)
    naturals = sorted(c for c in pool.elements() if c.is_natural)
    rng.shuffle(naturals)
    specials = sorted(c for c in pool.elements() if not c.is_natural)
    naturals[:0] = specials  # used only once the number cards run out (tiny decks)
    full_hands = {}
    for seat in dealt:
        hand = list(fixed_hands.get(seat, []))
        while len(hand) < size:
            hand.append(naturals.pop())
        full_hands[seat] = hand
    order: list[Card] = []
    playing = seat_order(dealt, dealer, table)
    for i in range(size):
        for seat in playing:
            order.append(full_hands[seat][i])
    order.extend(fixed_discard or [naturals.pop()])
    order.extend(fixed_stock)
    rest = naturals
    rng.shuffle(rest)
    order.extend(rest)
    assert Counter(order) == Counter(standard_deck(rules))
    return tuple(order)


def stacked_game(
    hands: Mapping[int, str],
    discard: str,
    stock: str = "",
    rules: Rules | None = None,
    dealer: int = 0,
    *,
    players: int | None = None,
    seed: int = 1,
) -> GameState:
    """A new game whose first hand is dealt from :func:`stacked_deck`."""
    rules = rules if rules is not None else Rules()
    table = players if players is not None else max(hands, default=-1) + 1
    deck = stacked_deck(hands, discard, stock, rules, dealer, players=table)
    return new_game(table, rules, seed=seed, dealer=dealer, deck=deck)


def play(state: GameState, *actions: Action) -> GameState:
    """``state`` after every action in turn (each must be legal)."""
    for action in actions:
        state = apply(state, action)
    return state


def bot_game(
    rules: Rules, players: int, seed: int, steps: int, bots: list[Bot]
) -> Iterator[GameState]:
    """Every state of a game the ``bots`` play (the first deal included), at most ``steps``
    actions long; between hands the next hand is dealt from the seed."""
    state = new_game(players, rules, seed=seed)
    yield state
    for _ in range(steps):
        if state.is_over:
            return
        legal = legal_actions(state)
        if state.current_player is None:
            action = legal[0]
        else:
            view = player_view(state, state.current_player)
            action = bots[state.current_player].choose(view, legal)
        state = apply(state, action)
        yield state


def assert_illegal(state: GameState, action: Action, reason: IllegalReason) -> None:
    """``action`` raises :class:`IllegalActionError` for ``reason``, changes nothing,
    and :func:`check` reports the same error."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert info.value.reason is reason, info.value.message
    assert info.value.message
    assert state == before
    error = check(state, action)
    assert error is not None
    assert error.reason is reason
    assert state == before


def lay_downs_reached(state: GameState) -> list[LayDown]:
    """Every whole lay-down the listing reaches from ``state``: its ``LayDown`` actions and
    those after each chain of its ``LayGroup`` steps (R-5.4)."""
    found: list[LayDown] = []
    for action in legal_actions(state):
        if isinstance(action, LayDown):
            found.append(action)
        elif isinstance(action, LayGroup):
            found.extend(lay_downs_reached(apply(state, action)))
    return found


def meaning(lay: LayDown) -> tuple[object, ...]:
    """What a lay-down leaves on the table and takes from the hand (not where Wilds sit)."""
    groups = sorted(repr((m.requirement, m.requirement.outcome_key(m))) for m in lay.melds)
    return (lay.phase, tuple(groups), tuple(sorted(lay.cards())))


def lay_down_listed(state: GameState, lay: LayDown) -> bool:
    """Whether the listing reaches a lay-down with the same outcome as ``lay`` (which must
    keep the groups of a lay-down under way, R-5.4)."""
    if state.laying is not None:
        rest = list(lay.melds)
        for meld in state.laying.melds:
            if meld not in rest:
                return False
            rest.remove(meld)
    wanted = meaning(lay)
    return any(meaning(found) == wanted for found in lay_downs_reached(state))


def listed_or_same(state: GameState, action: Action, legal: Collection[Action]) -> bool:
    """Whether ``legal`` lists ``action``, or an action with the same result: for a whole
    lay-down, a path of listed steps to its outcome (apply accepts any arrangement); for a
    hit that names no run end, the listed hit on the one end that fits (R-6.9)."""
    if action in legal:
        return True
    if isinstance(action, LayDown):
        return lay_down_listed(state, action)
    if isinstance(action, Hit) and action.end is None:
        ends = [
            a
            for a in legal
            if isinstance(a, Hit)
            and (a.card, a.owner, a.meld) == (action.card, action.owner, action.meld)
        ]
        return len(ends) == 1 and apply(state, ends[0]) == apply(state, action)
    return False


def with_players(state: GameState, **by_seat: Mapping[str, object]) -> GameState:
    """``state`` with some players' fields changed (``s0={"score": 5}``)."""
    players = list(state.players)
    for key, changes in by_seat.items():
        seat = int(key[1:])
        players[seat] = replace(players[seat], **changes)
    return attrs.evolve(state, players=tuple(players))


def deck_counter(rules: Rules, decks: int = 1) -> Counter[Card]:
    """The rules' deck as a multiset, ``decks`` times (A-17 ``"fresh_deck"``)."""
    return Counter(standard_deck(rules) * decks)


def table_counter(state: GameState) -> Counter[Card]:
    """Every card of ``state`` as a multiset: hands, melds, stock and discard pile."""
    counter: Counter[Card] = Counter(state.stock)
    counter.update(state.discard_pile)
    for player in state.players:
        counter.update(player.hand)
        for meld in player.melds:
            counter.update(meld.cards)
    return counter


@contextlib.contextmanager
def registry_restored() -> Iterator[None]:
    """Give back the variant registry as it was: its variants, aliases and plug-in state
    (the one module-level mutable state), whatever a test registers or breaks."""
    saved = (
        dict(variants._REGISTRY),
        dict(variants._ALIASES),
        list(variants._LOADED_ENTRY_POINTS),
        dict(variants._PLUGIN_FAILURES),
    )
    try:
        yield
    finally:
        variants._REGISTRY.clear()
        variants._REGISTRY.update(saved[0])
        variants._ALIASES.clear()
        variants._ALIASES.update(saved[1])
        variants._LOADED_ENTRY_POINTS[:] = saved[2]
        variants._PLUGIN_FAILURES.clear()
        variants._PLUGIN_FAILURES.update(saved[3])
