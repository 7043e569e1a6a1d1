"""Starting a game and each hand: pawns on the start, the deal, three piles (T-2, T-3)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card, standard_deck
from ..dealing import shuffled
from ..errors import IllegalActionError, IllegalReason
from ..seating import check_seat, game_seed, seat_names
from .actions import PILES
from .common import rebuild
from .rules import TwistChoice, TwistRules, resolve_rules
from .state import TwistPlayer, TwistStage, TwistState
from .turns import begin_turn

__all__ = ["deal", "new_game", "next_chooser", "next_hand"]

_TWIST_SALT = 7
"""Salts the Twist card shuffle (hand number 0, which no deal uses)."""


def new_game(
    players: int | Sequence[str],
    *,
    seed: int | None = None,
    rules: TwistRules | str | None = None,
    dealer: int = 0,
    deck: Iterable[Card] | None = None,
    twist_deck: Iterable[int] | None = None,
) -> TwistState:
    """Start a game: every pawn on the first space, and the first hand dealt (T-2).

    ``players`` is a count or the names; ``rules`` a :class:`~phase10.twist.TwistRules`
    or a preset spec (``"standard"``, ``"short-board+before-deal"``). The ``seed``
    fixes every shuffle (drawn securely when ``None`` and kept in the state).
    ``deck`` fixes the first hand's order, top first: cards are dealt one at a
    time from the dealer's left, then one card is turned up onto each discard
    pile. ``twist_deck`` fixes the order of the Twist cards (their numbers less
    one, top first). Raises :class:`~phase10.InvalidRulesError` for a table,
    dealer or seed the rules do not allow, and :class:`~phase10.IllegalActionError`
    (``BAD_DECK``) for a deck or Twist deck that is not the rules'.
    """
    resolved = resolve_rules(rules)
    names = seat_names(players, resolved.check_players)
    check_seat(dealer, len(names), "dealer")
    seed = game_seed(seed)
    count = len(resolved.twist_cards)
    if twist_deck is None:
        twists = shuffled(range(count), seed, 0, _TWIST_SALT)
    else:
        twists = tuple(twist_deck)
        if sorted(twists) != list(range(count)):
            raise IllegalActionError(
                IllegalReason.BAD_DECK,
                f"a Twist deck order names each of the {count} Twist cards once, by its number "
                "less one",
            )
    skeleton = TwistState(
        rules=resolved,
        players=tuple(TwistPlayer(name) for name in names),
        seed=seed,
        stage=TwistStage.HAND_OVER,
        hand_number=0,
        dealer=dealer,
        current_player=None,
        stock=(),
        discard_piles=((), (), ()),
        twist_deck=twists,
    )
    return _start_hand(skeleton, 1, dealer, _order(skeleton, 1, deck))


def _order(state: TwistState, hand_number: int, deck: Iterable[Card] | None) -> tuple[Card, ...]:
    """The hand's card order: the caller's (checked) or one shuffled from the seed (T-2.5)."""
    cards = standard_deck(state.rules.deck)
    if deck is None:
        return shuffled(cards, state.seed, hand_number)
    order = tuple(deck)
    if sorted(c.code for c in order if isinstance(c, Card)) != [c.code for c in cards] or not all(
        isinstance(c, Card) for c in order
    ):
        raise IllegalActionError(
            IllegalReason.BAD_DECK,
            f"a deck order must hold exactly the {len(cards)} cards of the rules' deck",
        )
    return order


def next_hand(state: TwistState, deck: tuple[Card, ...] | None) -> TwistState:
    """Deal the next hand: the deal passes left (T-2.2); Twist cards go back under the
    deck (T-3.4)."""
    order = _order(state, state.hand_number + 1, deck)
    used = [state.players[seat].twist_card for seat in state.order()]
    twists = (*state.twist_deck, *(card for card in used if card is not None))
    dealer = (state.dealer + 1) % len(state.players)
    after = TwistState(
        state.rules,
        state.players,
        state.seed,
        TwistStage.HAND_OVER,
        state.hand_number,
        dealer,
        None,
        (),
        ((), (), ()),
        twists,
        total_turns=state.total_turns,
        results=state.results,
    )
    return _start_hand(after, state.hand_number + 1, dealer, order)


def _start_hand(
    state: TwistState, hand_number: int, dealer: int, order: tuple[Card, ...]
) -> TwistState:
    """Set every pawn's phase (T-3.1), then let Twist spaces choose (T-3.3) and deal."""
    board = state.rules.board
    players = tuple(
        TwistPlayer(
            p.name,
            p.position,
            phase_space=None if board.is_twist(p.position) else p.position,
            score=p.score,
            made=p.made,
        )
        for p in state.players
    )
    fresh = TwistState(
        state.rules,
        players,
        state.seed,
        TwistStage.CHOOSE,
        hand_number,
        dealer,
        None,
        order,
        ((), (), ()),
        state.twist_deck,
        total_turns=state.total_turns,
        results=state.results,
    )
    chooser = next_chooser(fresh, None)
    if chooser is not None and state.rules.twist_choice is TwistChoice.BEFORE_DEAL:
        return _evolve_current(fresh, chooser)
    dealt = deal(fresh)
    if chooser is not None:
        return _evolve_current(dealt, chooser)
    return begin_turn(dealt, dealt.order()[0], dealt.players, lost=(), turn=0)


def _evolve_current(state: TwistState, seat: int) -> TwistState:
    return rebuild(state, stage=TwistStage.CHOOSE, current_player=seat)


def next_chooser(state: TwistState, after: int | None) -> int | None:
    """The next player in turn order after ``after`` (from the start: ``None``) who stands
    on a Twist space and has not chosen yet (T-3.3)."""
    order = state.order()
    start = 0 if after is None else order.index(after) + 1
    for seat in order[start:]:
        player = state.players[seat]
        if player.phase_space is None and player.twist_card is None:
            return seat
    return None


def deal(state: TwistState) -> TwistState:
    """Deal the hands one card at a time from the dealer's left and turn up one card onto
    each discard pile, covering a Skip with the next card (T-2.2..T-2.4)."""
    rules = state.rules
    order = state.stock
    playing = state.order()
    size = rules.hand_size
    hands: list[list[Card]] = [[] for _ in state.players]
    for i in range(size * len(playing)):
        hands[playing[i % len(playing)]].append(order[i])
    rest = list(order[size * len(playing) :])
    piles: list[tuple[Card, ...]] = []
    for _ in range(PILES):
        pile = [rest.pop(0)]
        while pile[-1].is_skip and rest:
            pile.append(rest.pop(0))
        piles.append(tuple(pile))
    players = tuple(
        TwistPlayer(
            p.name,
            p.position,
            tuple(sorted(hands[seat])),
            phase_space=p.phase_space,
            twist_card=p.twist_card,
            score=p.score,
            made=p.made,
        )
        for seat, p in enumerate(state.players)
    )
    return rebuild(
        state, players=players, stock=tuple(rest), discard_piles=(piles[0], piles[1], piles[2])
    )
