"""sample_state: full states consistent with a seat's view (issue 11, item 6).

A sample must give the seat exactly its view back (R-3.8: the view is all the seat
knows), hold the rules' deck, pass the checks :func:`phase10.from_json` applies to any
state, give the seat the same legal actions, and deal the cards it cannot see
uniformly, except that a card another seat picked up from the discard pile stays in
that seat's hand while no copy of it is in sight elsewhere.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import PROFILE_SPECS, transitions
from helpers import deck_counter, play, stacked_game
from phase10 import (
    Discard,
    DrawStock,
    GameState,
    InvalidDataError,
    LayGroup,
    TakeDiscard,
    apply,
    legal_actions,
    new_game,
    parse_cards,
    player_view,
    sample_state,
    spectator_view,
)
from phase10.validation import validate_state
from phase10.variants import resolve
from test_variant_properties import PER_SPEC, variant_specs
from test_variants import all_cards


def check_sample(state: GameState, seat: int, rng: random.Random) -> GameState:
    """Sample from ``seat``'s view of ``state`` and check what every sample must satisfy."""
    view = player_view(state, seat)
    sample = sample_state(view, rng)
    assert player_view(sample, seat) == view
    validate_state(sample)
    assert sample.decks == state.decks
    assert all_cards(sample) == deck_counter(state.rules, state.decks)
    assert sample.players[seat].saved == state.players[seat].saved
    if state.current_player == seat:
        assert legal_actions(sample) == legal_actions(state)
    return sample


@pytest.mark.parametrize("variant", PROFILE_SPECS)
@settings(max_examples=PER_SPEC)
@given(data=st.data(), salt=st.integers(0, 2**32))
def test_samples_match_the_view_in_every_variant(
    variant: str, data: st.DataObject, salt: int
) -> None:
    """R-3.8: along whole games of every built-in variant and composition, a sample from
    any seat's view gives that view back, conserves the deck (Save piles included), is a
    state from_json accepts, and leaves the seat to act the same legal actions."""
    spec = data.draw(variant_specs(variant))
    rng = random.Random(salt)
    checked = 0
    for before, _action, _after in transitions(spec):
        check_sample(before, rng.randrange(len(before.players)), rng)
        if before.current_player is not None:
            check_sample(before, before.current_player, rng)
        checked += 1
    assert checked > 0


def test_fresh_decks_in_play_are_sampled_with_the_table() -> None:
    """A-17 ``fresh_deck``: once a fresh deck is in play its cards are unseen cards too."""
    state = new_game(3, resolve("fresh-deck"), seed=3)
    emptied = attrs.evolve(state, stock=(), discard_pile=state.discard_pile + state.stock)
    state = apply(emptied, DrawStock())  # the draw pile is empty: a fresh deck comes in
    assert state.decks == 2
    rng = random.Random(5)
    for seat in range(3):
        assert check_sample(state, seat, rng).decks == 2


def test_a_spectator_view_samples_every_hand() -> None:
    state = new_game(3, seed=4)
    view = spectator_view(state)
    sample = sample_state(view, random.Random(1))
    assert spectator_view(sample) == view
    validate_state(sample)
    assert all_cards(sample) == deck_counter(state.rules)


def test_same_generator_state_same_sample() -> None:
    """Deterministic: the sample depends only on the view and the generator's state."""
    view = player_view(new_game(4, seed=9), 2)
    assert sample_state(view, random.Random(5)) == sample_state(view, random.Random(5))
    assert sample_state(view, random.Random(5)) != sample_state(view, random.Random(6))


def test_the_sample_draws_its_own_seed() -> None:
    """The seed is hidden (R-3.8), so the sample's future shuffles are its own."""
    state = new_game(4, seed=9)
    seeds = {sample_state(player_view(state, 0), random.Random(i)).seed for i in range(20)}
    assert len(seeds) == 20
    assert state.seed not in seeds


def test_unseen_cards_are_dealt_uniformly() -> None:
    """Each copy of an unseen card is equally likely in every unseen place: over many
    samples a card lands in a hand, or in the stock, in proportion to their sizes."""
    state = new_game(3, seed=21)
    view = player_view(state, 0)
    unseen = deck_counter(state.rules) - Counter(view.hand) - Counter(view.discard_pile)
    card = max(unseen, key=lambda c: (unseen[c], c.code))  # a card with 8 unseen copies
    assert unseen[card] == 8
    rng = random.Random(3)
    trials = 3000
    found = Counter[str]()
    top = 0
    for _ in range(trials):
        sample = sample_state(view, rng)
        found["seat 1"] += sample.players[1].hand.count(card)
        found["seat 2"] += sample.players[2].hand.count(card)
        found["stock"] += sample.stock.count(card)
        top += sample.stock[0] == card
    places = {"seat 1": 10, "seat 2": 10, "stock": view.stock_size}
    total = sum(places.values())
    for place, size in places.items():
        expected = trials * unseen[card] * size / total
        assert abs(found[place] - expected) < 5 * expected**0.5, (place, found[place], expected)
    expected_top = trials * unseen[card] / total
    assert abs(top - expected_top) < 5 * expected_top**0.5


def test_a_picked_up_card_stays_in_its_takers_hand() -> None:
    """SeatView.pickups: seat 1 took the R9 from the discard pile and discarded something
    else, so seat 0 knows seat 1 holds an R9; every sample deals it one."""
    state = stacked_game(
        {0: "R1 R2 R3 B5 B6 B7 G9 G10 G11 Y4", 1: "Y1 Y2"}, "R9", stock="B12", dealer=1
    )
    state = play(state, DrawStock(), Discard(parse_cards("Y4")[0]))
    state = play(state, TakeDiscard(), Discard(parse_cards("Y1")[0]))
    assert state.pickups[1] == parse_cards("Y4")
    rng = random.Random(2)
    for _ in range(50):
        sample = check_sample(state, 0, rng)
        assert parse_cards("Y4")[0] in sample.players[1].hand


def test_a_pickup_seen_again_is_not_forced() -> None:
    """A copy of the picked-up card back on the discard pile may be the same card: then
    the taker may no longer hold it, and some samples deal it none."""
    y4 = parse_cards("Y4")[0]
    state = stacked_game(
        {0: "R1 R2 R3 B5 B6 B7 G9 G10 G11 Y4", 1: "Y1 Y2"}, "R9", stock="B12", dealer=1
    )
    state = play(state, DrawStock(), Discard(y4), TakeDiscard(), Discard(y4))
    assert state.pickups[1] == (y4,)
    assert state.top_discard == y4
    rng = random.Random(2)
    held = [y4 in check_sample(state, 0, rng).players[1].hand for _ in range(200)]
    assert not all(held)


def test_another_players_lay_down_under_way_is_not_shown() -> None:
    """R-5.4: the groups of a lay-down under way stay in hand and only their player sees
    them; a sample from another seat has none, the player's own sample keeps them."""
    state = stacked_game(
        {0: "R1 B1 G1 R5 B5 G5 G9 G10 G11 Y4", 1: "Y1 Y2"}, "R9", stock="B12", players=2, dealer=1
    )
    state = play(state, DrawStock())
    step = next(a for a in legal_actions(state) if isinstance(a, LayGroup))
    state = play(state, step)
    assert state.laying is not None
    rng = random.Random(1)
    assert check_sample(state, 0, rng).laying == state.laying
    assert check_sample(state, 1, rng).laying is None


def test_a_view_no_game_has_is_refused() -> None:
    view = player_view(new_game(2, seed=1), 0)
    assert view.hand is not None
    with pytest.raises(InvalidDataError, match="room for"):
        sample_state(attrs.evolve(view, stock_size=view.stock_size + 1), random.Random(0))
    hand = tuple(sorted((*view.hand, *parse_cards("W W W W W W W W W"))))
    with pytest.raises(InvalidDataError, match="more W than the deck holds"):
        sample_state(attrs.evolve(view, hand=hand), random.Random(0))


def test_two_states_with_one_view_sample_alike() -> None:
    """R-3.8: the sample is made from the view alone. Two games that differ only in what
    seat 0 cannot see (the other hands, the stock order, the seed) give it the same view,
    and from the same generator state the same samples: nothing hidden leaks in."""
    state = new_game(3, seed=13)
    one, two = state.players[1], state.players[2]
    swapped = attrs.evolve(
        state,
        players=(
            state.players[0],
            attrs.evolve(one, hand=tuple(sorted((*one.hand[1:], two.hand[0])))),
            attrs.evolve(two, hand=tuple(sorted((*two.hand[1:], one.hand[0])))),
        ),
        stock=state.stock[::-1],
        seed=state.seed + 1,
    )
    validate_state(swapped)
    assert swapped.players[1].hand != one.hand
    assert player_view(swapped, 0) == player_view(state, 0)
    for salt in range(5):
        first = sample_state(player_view(state, 0), random.Random(salt))
        second = sample_state(player_view(swapped, 0), random.Random(salt))
        assert first == second


def test_samples_do_not_find_the_hidden_hands() -> None:
    """The samples spread over the unseen cards: they almost never give another seat its
    real hand (a leak would), and seat 1's sampled hands vary from sample to sample."""
    state = new_game(3, seed=17)
    view = player_view(state, 0)
    rng = random.Random(4)
    hands = [sample_state(view, rng).players[1].hand for _ in range(100)]
    assert state.players[1].hand not in hands
    assert len(set(hands)) == len(hands)
