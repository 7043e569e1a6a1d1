"""Dealing each hand (R-3.2..R-3.6, R-13): the shuffle, the deal and the first discard.

Apart from :mod:`phase10.engine.setup`, whose :func:`~phase10.new_game` checks a caller's
arguments, so that the optional compiled build (docs/quickstart.rst) compiles the deal
while ``new_game`` refuses a bad argument with the same :class:`~phase10.InvalidRulesError`
in both builds (a compiled function checks its annotated argument types itself).
"""

from __future__ import annotations

from operator import attrgetter

from ..cards import Card
from ..dealing import check_deck, deck_difference, seat_order, shuffled
from ..errors import IllegalActionError, IllegalReason
from ..rules import DealerRotation, InitialSkip, InitialWild
from ..state import GameState, Stage, replace
from .common import choosing_at_hand_start
from .turns import choice_waits, deal_up_pending, start_play

_BY_CODE = attrgetter("code")
"""Sorts cards as their ``<`` does (by code), without a Python-level comparison a pair."""


def deck_for(state: GameState, order: tuple[Card, ...]) -> tuple[Card, ...]:
    """Check a caller's deck order: the rules' deck less the cards on Save piles (V-1.6)."""
    if not any(p.saved for p in state.players):
        return check_deck(order, state.rules)
    expected = state.next_deck()
    if sorted(order) != list(expected):
        raise IllegalActionError(
            IllegalReason.BAD_DECK,
            "a deck order must hold the rules' deck less the cards on Save piles, "
            f"GameState.next_deck() ({deck_difference(order, expected)})",
        )
    return order


def deal(
    state: GameState,
    hand_number: int,
    dealer: int,
    seats: tuple[int, ...],
    order: tuple[Card, ...] | None,
    *,
    tiebreak: bool,
) -> GameState:
    """Shuffle, deal and turn up the first discard (R-3.2..R-3.6, A-11, A-12)."""
    rules = state.rules
    if order is None:
        order = shuffled(state.next_deck(), state.seed, hand_number)
    table = len(state.players)
    playing = seat_order(seats, dealer, table)
    size = rules.hand_size
    hands: dict[int, list[Card]] = {seat: [] for seat in playing}
    for i in range(size * len(playing)):
        hands[playing[i % len(playing)]].append(order[i])
    rest = list(order[size * len(playing) :])
    discard = [rest.pop(0)]
    while True:
        top = discard[-1]
        if (
            top.is_wild
            and rules.initial_wild is InitialWild.RETURN_AND_FLIP
            and not all(card.is_wild for card in rest)  # else it would flip Wilds forever
        ):
            rest.append(discard.pop())
            discard.append(rest.pop(0))
            continue
        if _skips(top) and rules.initial_skip is InitialSkip.COVER_WITH_NEXT_CARD and rest:
            discard.append(rest.pop(0))
            continue
        break
    first = playing[0]
    record = [-1] * table
    pending = 0
    if _skips(discard[-1]) and rules.initial_skip is InitialSkip.SKIP_FIRST_PLAYER:
        pending = 1  # the first player's first turn is lost
        if rules.skip_counts_initial:
            record[first] = 0
    players = tuple(
        replace(
            p,
            hand=tuple(sorted(hands[seat], key=_BY_CODE)) if seat in hands else (),
            melds=(),
            laid_down=False,
            skips_pending=pending if seat == first else 0,
            phase_attempted=None,
            saved_this_hand=False,
            floating=False,
        )
        for seat, p in enumerate(state.players)
    )
    dealt = replace(
        state,
        players=players,
        stage=Stage.DRAW,
        hand_number=hand_number,
        dealer=dealer,
        current_player=None,
        stock=tuple(rest),
        discard_pile=tuple(discard),
        seats=playing,
        turn=0,
        reshuffles=0,
        taken_discard=None,
        laid_down_this_turn=False,
        forced_discard=False,
        skip_record=tuple(record),
        pickups=((),) * table,
        lost_turns=(),
        tiebreak=tiebreak,
        direction=-1 if discard[-1].is_reverse else 1,  # V-15: an upturned Reverse
        first_out=None,
        final_turns=(),
    )
    if choosing_at_hand_start(dealt) and not (choice_waits(dealt) and deal_up_pending(dealt)):
        return replace(dealt, stage=Stage.CHOOSE_PHASE, current_player=first)  # V-1.4
    return start_play(dealt)


def _skips(card: Card) -> bool:
    """Whether an upturned ``card`` skips like a Skip (R-3.5; the Super Skip too, V-15)."""
    return card.is_skip or card.is_super_skip


def next_hand(state: GameState, deck: tuple[Card, ...] | None) -> GameState:
    """Deal the next hand: the deal passes left (R-13.1, A-16); a tie replays (R-15.5)."""
    rules = state.rules
    order = None if deck is None else deck_for(state, deck)
    table = len(state.players)
    dealer = state.dealer
    if rules.dealer_rotation is DealerRotation.LEFT_EACH_HAND:
        dealer = (dealer + 1) % table
    tied = state.tiebreak_seats
    seats = tied if tied else tuple(range(table))
    return deal(state, state.hand_number + 1, dealer, seats, order, tiebreak=bool(tied))
