"""Full states consistent with what one seat sees: the hidden cards dealt at random.

Search over imperfect information (:class:`phase10.SearchBot`) plays out
possible worlds: :func:`sample_state` turns a :class:`~phase10.PlayerView` into
a :class:`~phase10.GameState` that the seat could be in, with the unseen cards
(the other hands, the stock order, the face-down Save piles) dealt uniformly
at random, and ``player_view(sample, seat) == view``.

>>> import random
>>> from phase10 import new_game, player_view
>>> state = new_game(3, seed=8)
>>> view = player_view(state, 1)
>>> sample = sample_state(view, random.Random(0))
>>> player_view(sample, 1) == view, sample.players[1].hand == state.players[1].hand
(True, True)
>>> def unseen(game):  # what seat 1 cannot see: the stock and the other hands
...     return sorted(game.stock + game.players[0].hand + game.players[2].hand)
>>> unseen(sample) == unseen(state), sample.stock == state.stock
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import ALL_CARDS, Card
from .errors import InvalidDataError
from .limits import SEED_LIMIT
from .state import GameState, PlayerState, Stage
from .views import PlayerView, SeatView

__all__ = ["sample_state"]


def sample_state(view: PlayerView, rng: random.Random) -> GameState:
    """A full state consistent with ``view``, its unseen cards dealt uniformly from ``rng``.

    The seat's own hand and Save pile, every group on the table, the discard
    pile, the hand sizes and all public facts come from the view; the cards the
    view does not show (the rules' deck less those) are shuffled into the other
    hands, the other Save piles and the stock. One thing narrows the deal: a
    card another seat took from the discard pile this hand
    (:attr:`SeatView.pickups`) is still in that seat's hand, unless a copy of it
    is in sight where it could have gone since (a group on the table, the
    discard pile, or the viewer's own pickups). A spectator's view (no seat)
    gives every hand at random.

    What the view does not tell is filled in, so a sample can differ from the
    real game there:

    * the seed is drawn from ``rng``: the next hands and any reshuffle of the
      discard pile are dealt from it, not as in the real game;
    * another player's lay-down under way (its groups are still in hand) is not
      shown, so the sample has none;
    * bookkeeping a view leaves out: each seat's Skip record (only used by the
      ``strict_circuit`` and ``once_per_hand`` Skip limits) counts only the
      Skips still pending, the game's turn count (for ``max_turns``) restarts at this
      hand's, and the seats of a tiebreak still to be dealt are not known;
    * the count of reshuffles restarts (only the fresh decks in play, A-17, are
      kept).

    Raises :class:`~phase10.InvalidDataError` for a view no game can have
    (more cards shown than the deck holds, or a count that does not add up).
    """
    if not isinstance(view, PlayerView):  # a GameState is the likely mistake: name the fix
        raise TypeError(
            f"sample_state takes a PlayerView (player_view(state, seat)), "
            f"not a {type(view).__name__}"
        )
    pool = unseen_counts(view)
    players = view.players
    hidden = [s for s in range(len(players)) if s != view.seat]
    forced = held_pickups(view, hidden, pool)
    cards: list[Card] = []
    for code, count in enumerate(pool):
        cards.extend([ALL_CARDS[code]] * count)
    rng.shuffle(cards)
    hands: dict[int, list[Card]] = {}
    saved: dict[int, list[Card]] = {}
    for seat in hidden:
        info = players[seat]
        kept = forced[seat]
        hands[seat] = kept[: info.hand_size]
        saved[seat] = kept[info.hand_size :]
    for seat in hidden:
        hands[seat].extend(_take(cards, players[seat].hand_size - len(hands[seat])))
        saved[seat].extend(_take(cards, players[seat].saved_count - len(saved[seat])))
    return _state(view, hands, saved, tuple(cards), rng.randrange(SEED_LIMIT))


def unseen_counts(view: PlayerView) -> list[int]:
    """The count of each card (by code) that the view does not show."""
    pool = [count * view.decks for count in view.rules.deck.counts()]  # A-17 fresh decks
    shown: list[Card] = list(view.discard_pile)
    if view.hand is not None:
        shown.extend(view.hand)
    if view.saved is not None:
        shown.extend(view.saved)
    for seat in view.players:
        for meld in seat.melds:
            shown.extend(meld.cards)
    for card in shown:
        pool[card.code] -= 1
        if pool[card.code] < 0:
            held = view.rules.deck.counts()[card.code] * view.decks
            raise InvalidDataError(f"the view shows more {card} than the deck holds ({held})")
    slots = view.stock_size + sum(
        p.hand_size + p.saved_count for s, p in enumerate(view.players) if s != view.seat
    )
    if slots != sum(pool):
        raise InvalidDataError(
            f"the view leaves {sum(pool)} cards unseen but has room for {slots} "
            "(stock, other hands and Save piles)"
        )
    return pool


def held_pickups(view: PlayerView, hidden: Sequence[int], pool: list[int]) -> dict[int, list[Card]]:
    """Per hidden seat, the picked-up cards it must still hold; taken out of ``pool``.

    A seat's pickup of a card is explained away by each copy of that card in
    sight where the card could have gone after (table, discard pile, the
    viewer's own pickups); the rest is still held. What the unseen cards or
    the seat's room cannot hold is dropped (the view cannot tell which copy
    went where after a reshuffle).
    """
    sights = [0] * len(pool)
    for card in view.discard_pile:
        sights[card.code] += 1
    for seen in view.players:
        for meld in seen.melds:
            for card in meld.cards:
                sights[card.code] += 1
    if view.seat is not None:
        for card in view.players[view.seat].pickups:
            sights[card.code] += 1
    forced: dict[int, list[Card]] = {}
    for seat in hidden:
        info: SeatView = view.players[seat]
        counts: dict[int, int] = {}
        for card in info.pickups:
            counts[card.code] = counts.get(card.code, 0) + 1
        room = info.hand_size + info.saved_count
        kept: list[Card] = []
        for code in sorted(counts):
            held = min(counts[code] - sights[code], pool[code], room - len(kept))
            if held > 0:
                pool[code] -= held
                kept.extend([ALL_CARDS[code]] * held)
        forced[seat] = kept
    return forced


def _take(cards: list[Card], count: int) -> list[Card]:
    """The last ``count`` cards of ``cards``, removed from it."""
    if count <= 0:
        return []
    taken = cards[-count:]
    del cards[-count:]
    return taken


def _state(
    view: PlayerView,
    hands: dict[int, list[Card]],
    saved: dict[int, list[Card]],
    stock: tuple[Card, ...],
    seed: int,
) -> GameState:
    players = []
    for seat, info in enumerate(view.players):
        if seat == view.seat:
            assert view.hand is not None
            assert view.saved is not None
            hand, pile = view.hand, view.saved
        else:
            hand, pile = tuple(sorted(hands[seat])), tuple(saved[seat])
        players.append(
            PlayerState(
                name=info.name,
                hand=hand,
                melds=info.melds,
                score=info.score,
                completed=info.completed,
                laid_down=info.laid_down,
                skips_pending=info.skips_pending,
                phase_attempted=info.phase_attempted,
                saved=pile,
                saved_this_hand=info.saved_this_hand,
                floating=info.floating,
                assigned=info.assigned,
                best=info.best,
            )
        )
    live = view.stage not in (Stage.HAND_OVER, Stage.GAME_OVER)
    cap = view.rules.max_turns
    return GameState(
        rules=view.rules,
        players=tuple(players),
        seed=seed,
        stage=view.stage,
        hand_number=view.hand_number,
        dealer=view.dealer,
        current_player=view.current_player,
        stock=stock,
        discard_pile=view.discard_pile,
        seats=view.seats,
        turn=view.turn,
        total_turns=view.turn if cap is None else min(view.turn, cap),
        reshuffles=view.decks - 1,  # the fresh decks in play; 0 otherwise
        taken_discard=view.taken_discard,
        laid_down_this_turn=view.laid_down_this_turn,
        forced_discard=view.forced_discard,
        skip_record=tuple(view.turn if p.skips_pending else -1 for p in view.players),
        pickups=tuple(p.pickups for p in view.players),
        lost_turns=view.lost_turns,
        tiebreak=view.tiebreak,
        tiebreak_seats=view.seats if view.tiebreak and live else (),
        winners=view.winners,
        results=view.results,
        laying=view.laying,
        first_out=view.first_out,
        final_turns=view.final_turns,
        direction=view.direction,
    )
