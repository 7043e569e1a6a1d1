"""Starting a game and dealing each hand (R-3, R-13)."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence

from ..cards import Card, standard_deck
from ..dealing import check_deck, seat_order, shuffled
from ..errors import IllegalActionError, IllegalReason, InvalidRulesError
from ..limits import SEED_LIMIT, show, text_problem
from ..phase_cards import deal_phase_cards
from ..rules import DealerRotation, InitialSkip, InitialWild, Rules
from ..state import GameState, PlayerState, Stage, replace
from .common import choosing_at_hand_start, remove
from .turns import choice_waits, deal_up_pending, start_play


def resolve_rules(rules: Rules | str) -> Rules:
    """``rules`` itself, or the rules of a variant spec."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        from ..variants import resolve

        return resolve(rules)
    raise InvalidRulesError(f"rules must be a Rules or a variant name, not {rules!r}")


def new_game(
    players: int | Sequence[str],
    rules: Rules | str = "standard",
    *,
    seed: int | None = None,
    dealer: int = 0,
    deck: Iterable[Card] | None = None,
) -> GameState:
    """Start a game and deal its first hand (R-3).

    ``players`` is a count or the players' names. ``rules`` is a :class:`~phase10.Rules`
    or a variant spec such as ``"standard"`` or ``"masters+postal"``. The ``seed``
    fixes every shuffle; without one a secure random seed is drawn and stored in
    the state. ``deck`` fixes the first hand's order (top of the stock first):
    cards are dealt one at a time from the left of the dealer, then the next card
    starts the discard pile. Raises :class:`~phase10.InvalidRulesError` for a
    player count, dealer or seed the rules do not allow (a seed is a whole number
    with ``0 <= seed < 2**64``), and
    :class:`~phase10.IllegalActionError` (``BAD_DECK``) for a deck that is not
    the rules' deck.
    """
    resolved = resolve_rules(rules)
    if isinstance(players, int) and not isinstance(players, bool):
        resolved.check_players(players)  # before building names: the count may be huge
        names = tuple(f"Player {i + 1}" for i in range(players))
    elif isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidRulesError("players must be a count or a sequence of names", "players")
    else:
        names = tuple(players)
        if not all(isinstance(n, str) for n in names):
            raise InvalidRulesError("player names must be strings", "players")
        for name in names:
            why = text_problem(name)
            if why:
                raise InvalidRulesError(f"a player name {why}", "players")
    resolved.check_players(len(names))
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < len(names):
        raise InvalidRulesError(f"dealer must be a seat from 0 to {len(names) - 1}", "dealer")
    if seed is None:
        seed = secrets.randbits(63)
    elif type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise InvalidRulesError(
            f"a seed is a whole number with 0 <= seed < 2**64, not {show(seed)}", "seed"
        )
    seats = tuple(range(len(names)))
    phase_cards = deal_phase_cards(resolved, seed, len(names))  # V-15 (none: empty)
    skeleton = GameState(
        rules=resolved,
        players=tuple(
            PlayerState(name, assigned=cards)
            for name, cards in zip(names, phase_cards, strict=True)
        ),
        seed=seed,
        stage=Stage.HAND_OVER,
        hand_number=0,
        dealer=dealer,
        current_player=None,
        stock=(),
        discard_pile=(),
        seats=seats,
        skip_record=(-1,) * len(names),
    )
    order = None if deck is None else _deck_for(skeleton, tuple(deck))
    return deal(skeleton, 1, dealer, seats, order, tiebreak=False)


def _deck_for(state: GameState, order: tuple[Card, ...]) -> tuple[Card, ...]:
    """Check a caller's deck order: the rules' deck less the cards on Save piles (V-1.6)."""
    saved = [card for p in state.players for card in p.saved]
    if not saved:
        return check_deck(order, state.rules)
    expected = remove(standard_deck(state.rules), saved)
    if expected is None or sorted(order) != sorted(expected):
        raise IllegalActionError(
            IllegalReason.BAD_DECK,
            "a deck order must hold the rules' deck less the cards on Save piles",
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
        pool = standard_deck(rules)
        saved = [card for p in state.players for card in p.saved]
        if saved:
            pool = remove(pool, saved) or ()
        order = shuffled(pool, state.seed, hand_number)
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
            hand=tuple(sorted(hands[seat])) if seat in hands else (),
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
    order = None if deck is None else _deck_for(state, deck)
    table = len(state.players)
    dealer = state.dealer
    if rules.dealer_rotation is DealerRotation.LEFT_EACH_HAND:
        dealer = (dealer + 1) % table
    tied = state.tiebreak_seats
    seats = tied if tied else tuple(range(table))
    return deal(state, state.hand_number + 1, dealer, seats, order, tiebreak=bool(tied))
