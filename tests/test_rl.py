"""phase10.rl's integer actions and observations (issue 11), over random games of every variant.

The codec: every listed action other than a lay-down step has exactly one index and
``decode(encode(a)) == a``; lay-down steps take the slots by position up to the cap; the
mask is non-empty in every state that is not over, and every index it marks decodes to an
action ``apply`` accepts. The encoder: observations lie in the space, equal the view's
encoding, and do not change when only what the seat cannot see changes (R-3.8).
"""

from __future__ import annotations

import random
import subprocess
import sys

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import PROFILE_SPECS, hidden_variation, transitions
from phase10 import (
    Discard,
    DrawStock,
    GameState,
    Hit,
    IllegalActionError,
    IllegalReason,
    InvalidDataError,
    InvalidRulesError,
    LayDown,
    LayGroup,
    NextHand,
    Save,
    SwapWild,
    apply,
    legal_actions,
    new_game,
    parse_action,
    player_view,
    spectator_view,
    variants,
)
from phase10.rl import ActionCodec, ObservationEncoder, game_rewards
from test_variant_properties import PER_SPEC, variant_specs

LAY_STEPS = (LayDown, LayGroup)


def check_codec(codec: ActionCodec, small: ActionCodec, state: GameState) -> None:
    """The codec's promises in one state; ``small`` is the same codec with 2 lay slots."""
    legal = legal_actions(state)
    mask = codec.mask(state)
    assert mask.shape == (codec.size,)
    assert mask.dtype == np.bool_
    assert bool(mask.any()) is not state.is_over
    assert int(mask.sum()) == min(
        len(legal), len(legal) - sum(isinstance(a, LAY_STEPS) for a in legal) + codec.lay_slots
    )
    lay = [a for a in legal if isinstance(a, LAY_STEPS)]
    for step in lay[codec.lay_slots :]:  # past the cap: no index
        with pytest.raises(InvalidDataError, match="lay-down steps"):
            codec.encode(step, state)
    for action in legal:
        if isinstance(action, LAY_STEPS) and lay.index(action) >= codec.lay_slots:
            continue
        index = codec.encode(action, state)
        assert mask[index]
        assert codec.decode(state, index) == action
        if not isinstance(action, LAY_STEPS):
            assert codec.encode(action) == index  # no state needed
            assert codec.action_at(index) == action
    for position, step in enumerate(lay[: codec.lay_slots]):
        assert codec.encode(step, state) == codec.sections[6].start + position
    for marked in np.flatnonzero(mask):
        apply(state, codec.decode(state, int(marked)))  # raises if not legal
    # The cap: only the first slots, and never an empty mask while the game goes on.
    small_mask = small.mask(state)
    assert bool(small_mask.any()) is not state.is_over
    for marked in np.flatnonzero(small_mask):
        assert small.decode(state, int(marked)) in legal


@pytest.mark.parametrize("variant", PROFILE_SPECS)
@settings(max_examples=PER_SPEC)
@given(data=st.data())
def test_codec_round_trip_and_mask_soundness(variant: str, data: st.DataObject) -> None:
    spec = data.draw(variant_specs(variant, turns=(10, 40)))
    rules = spec.rules()
    codec = ActionCodec(rules)
    small = ActionCodec(rules, lay_slots=2)
    final = None
    for before, _action, after in transitions(spec):
        check_codec(codec, small, before)
        final = after
    assert final is not None
    check_codec(codec, small, final)


@pytest.mark.parametrize("variant", PROFILE_SPECS)
@settings(max_examples=PER_SPEC)
@given(data=st.data(), salt=st.integers(0, 2**32))
def test_observation_sees_only_the_view(variant: str, data: st.DataObject, salt: int) -> None:
    """R-3.8: the observation is the view's (its fast path included), lies in the space,
    and ignores other hands, the stock order, the seed, other Save piles' cards and
    another seat's lay-down under way; the seat's own hand does change it."""
    spec = data.draw(variant_specs(variant, turns=(10, 40)))
    rng = random.Random(salt)
    encoder = ObservationEncoder(spec.rules())
    for before, _action, _after in transitions(spec):
        seat = rng.randrange(len(before.players))
        observation = encoder.encode(player_view(before, seat))
        assert encoder.space.contains(observation)
        assert np.array_equal(encoder.encode_state(before, seat), observation)
        hidden = hide_more(hidden_variation(before, seat, rng), seat, rng)
        assert np.array_equal(encoder.encode_state(hidden, seat), observation)
        assert np.array_equal(encoder.encode(player_view(hidden, seat)), observation)
        mine = before.players[seat]
        if mine.hand and before.stock and before.stock[0] not in mine.hand:
            swapped = attrs.evolve(mine, hand=tuple(sorted((*mine.hand[1:], before.stock[0]))))
            changed = attrs.evolve(
                before, players=(*before.players[:seat], swapped, *before.players[seat + 1 :])
            )
            assert not np.array_equal(encoder.encode_state(changed, seat), observation)


def hide_more(state: GameState, seat: int, rng: random.Random) -> GameState:
    """What :func:`hidden_variation` leaves alone: other Save piles' cards (Masters, V-1.6;
    their size is public) and another seat's lay-down under way (R-5.4)."""
    players = list(state.players)
    for other, player in enumerate(players):
        if other != seat and player.saved:
            cards = list(state.stock[: len(player.saved)]) or list(player.saved)
            rng.shuffle(cards)
            players[other] = attrs.evolve(player, saved=tuple(cards))
    state = attrs.evolve(state, players=tuple(players))
    if state.laying is not None and state.current_player != seat:
        state = attrs.evolve(state, laying=None)
    return state


def test_the_index_space_is_a_row_of_sections() -> None:
    codec = ActionCodec("standard")
    start = 0
    for section in codec.sections:
        assert section.start == start
        start = section.stop
    assert start == codec.size
    names = {s.name: s.size for s in codec.sections}
    assert names["swap_wild"] == 0  # only with movable Wilds
    assert names["save"] == names["take_saved"] == 0  # only in Masters
    assert ActionCodec("movable-wilds").size > codec.size
    assert ActionCodec("masters").size != codec.size
    for index in range(codec.size):
        text = codec.describe(index)
        assert text.split(":")[0] in names


def test_encode_refuses_what_the_space_has_no_index_for() -> None:
    codec = ActionCodec("standard")
    with pytest.raises(InvalidDataError, match="pass the state"):
        codec.encode(parse_action("lay set:R7 B7 G7 | set:R9 B9 Y9"))
    with pytest.raises(InvalidDataError, match="has no index"):
        codec.encode(Discard("R5", target=2))  # only Wilds, Skips and the rule card
    with pytest.raises(InvalidDataError, match="has no index"):
        codec.encode(Hit("R5", owner=7, meld=0))  # standard seats 6 at most
    with pytest.raises(InvalidDataError, match="has no index"):
        codec.encode(Save("R5"))  # no Save pile outside Masters
    with pytest.raises(InvalidDataError, match="has no index"):
        codec.encode(SwapWild("R5", 0, 0, "low"))
    with pytest.raises(InvalidDataError, match="has no index"):
        codec.encode(NextHand(deck=new_game(2, seed=1).stock))
    state = new_game(2, seed=1)
    with pytest.raises(InvalidDataError, match="lay-down steps listed"):
        codec.encode(parse_action("lay set:R7 B7 G7 | set:R9 B9 Y9"), state)


def test_decode_refuses_numbers_outside_the_space_and_unmasked_indices() -> None:
    codec = ActionCodec("standard")
    state = new_game(2, seed=1)
    before = state
    for bad in (-1, codec.size, 2.0, True, "3"):
        with pytest.raises(InvalidDataError, match="action index"):
            codec.decode(state, bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError) as info:
        codec.decode(state, codec.encode(Discard("S")))
    assert info.value.reason is IllegalReason.WRONG_STAGE  # the engine's own reason
    with pytest.raises(IllegalActionError) as info:
        codec.decode(state, codec.sections[6].start)  # a lay slot before drawing
    assert info.value.reason is IllegalReason.WRONG_STAGE
    assert codec.decode(state, np.int64(0)) == DrawStock()
    assert state == before
    with pytest.raises(InvalidDataError, match="lay_slots"):
        ActionCodec("standard", lay_slots=0)
    with pytest.raises(InvalidRulesError):
        ActionCodec(7)  # type: ignore[arg-type]


def test_masks_are_the_callers_own_whichever_path_gives_them() -> None:
    """A long listing's mask is given out once as built, later ones are rebuilt from the
    table, a short listing's are copies of the kept one: each equals the listed indices,
    and changing one changes no other."""
    codec = ActionCodec("standard")
    state = apply(new_game(2, seed=1), DrawStock())  # a discard listing: more than two
    short = new_game(2, seed=1)  # draw or take: a kept listing
    for position in (state, short):
        expected = bytearray(codec.size)
        for action in legal_actions(position):
            expected[codec.encode(action, position)] = 1
        first, second = codec.mask_bytes(position), codec.mask_bytes(position)
        assert first == second == expected
        first[:] = bytes(codec.size)
        assert codec.mask_bytes(position) == expected
        assert np.array_equal(codec.mask(position), np.frombuffer(expected, np.bool_))
        assert sorted(codec.legal_indices(position)) == [
            i for i, byte in enumerate(expected) if byte
        ]


def test_lay_slots_follow_the_listing_order_up_to_the_cap() -> None:
    """R-5.4: the steps of a lay-down a group at a time take slots by listing position; past
    the cap they are left out, the first slot always stays."""
    deck_text = ("R7 B7 G7 Y9 R9 B9 W R1 G2 Y3", "R2 R3 R4 R5 R6 B1 B2 B3 B4 B5")
    from helpers import stacked_game

    state = stacked_game({0: deck_text[0], 1: deck_text[1]}, "G12", "Y7", dealer=1)
    state = apply(state, DrawStock())
    steps = [a for a in legal_actions(state) if isinstance(a, LayGroup)]
    assert len(steps) > 3
    codec = ActionCodec("standard", lay_slots=3)
    lay = codec.sections[6]
    mask = codec.mask(state)
    assert list(np.flatnonzero(mask[lay.start : lay.stop])) == [0, 1, 2]
    assert [codec.decode(state, lay.start + k) for k in range(3)] == steps[:3]
    with pytest.raises(InvalidDataError, match="first 3 lay-down steps"):
        codec.encode(steps[3], state)
    wide = ActionCodec("standard")
    with pytest.raises(IllegalActionError, match="slot") as info:
        wide.decode(state, wide.sections[6].start + len(steps))  # past the listing
    assert info.value.reason is IllegalReason.INVALID_MELD
    state = apply(state, steps[0])  # under way: only its next group, slot 0 at least
    assert codec.mask(state)[lay.start]


def test_spectator_view_and_sizes() -> None:
    encoder = ObservationEncoder("standard")
    state = new_game(3, seed=9)
    observation = encoder.encode(spectator_view(state))
    assert observation[encoder.block("hand")].sum() == 0
    assert encoder.space.contains(observation)
    assert observation[encoder.block("seat", 0)][4] == 10  # hand sizes are public
    assert encoder.block("pickups", 1).stop - encoder.block("pickups", 1).start == 53
    with pytest.raises(KeyError):
        encoder.block("nothing")
    assert ObservationEncoder("phase-20").size > encoder.size  # 20 phases, 20 flags
    rules = variants.resolve("standard")
    assert ObservationEncoder(rules).size == encoder.size


def test_observation_is_relative_to_the_viewer() -> None:
    """Seat blocks start with the viewer's: the same table seen from two seats."""
    encoder = ObservationEncoder("standard")
    state = apply(new_game(3, seed=4), DrawStock())
    mover = state.current_player
    assert mover is not None
    mine = encoder.encode_state(state, mover)
    assert mine[encoder.block("seat", 0)][4] == 11  # the mover drew: 11 cards
    other = encoder.encode_state(state, (mover + 2) % 3)
    assert other[encoder.block("seat", 1)][4] == 11  # the mover is the next seat after it
    for seat in (-1, 3):  # no such seat at a table of three: refused, as player_view does
        with pytest.raises(InvalidDataError, match="no seat"):
            encoder.encode_state(state, seat)


def test_kept_counts_follow_any_change_of_hand_or_pile() -> None:
    """R-3.8: the counts an encoder keeps between observations (a seat's hand, the discard
    pile) follow any change, not only one card added or taken: a hand or pile one card
    longer or shorter but with other cards is counted afresh."""
    encoder = ObservationEncoder("standard")
    state = new_game(3, seed=5)
    seat = state.current_player
    assert seat is not None
    hand, pile, stock = state.players[seat].hand, state.discard_pile, state.stock
    outside = next(card for card in stock if card not in hand[:2] and card not in pile)
    changes = [
        (hand[:-1], (*pile, outside)),  # one card less, one more: patched
        ((outside, *hand[2:]), (outside, *pile)),  # one card less and one more, not so
        (hand, pile),
        ((*hand, outside), pile[1:] or (outside,)),
        (hand[1:], pile),
    ]
    for new_hand, new_pile in changes:
        player = attrs.evolve(state.players[seat], hand=new_hand)
        changed = attrs.evolve(
            state,
            players=(*state.players[:seat], player, *state.players[seat + 1 :]),
            discard_pile=new_pile,
        )
        fresh = ObservationEncoder("standard").encode(player_view(changed, seat))
        assert np.array_equal(encoder.encode_state(changed, seat), fresh)


def test_rewards_are_zero_sum() -> None:
    """Winners share +1, the others share -1; a game the turn cap ended pays nothing."""
    for players in range(2, 7):
        for winners in ((0,), (1, players - 1), ()):
            rewards = game_rewards(winners, players)
            assert len(rewards) == players
            assert abs(sum(rewards)) < 1e-9
    assert game_rewards((0, 1), 2) == (0.0, 0.0)


def test_importing_phase10_does_not_import_numpy() -> None:
    """The core keeps its two dependencies: numpy comes with phase10.rl only."""
    code = "import sys, phase10; print('numpy' in sys.modules, 'gymnasium' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_free_phase_order_lists_more_steps_than_128_but_not_256() -> None:
    """Free phase order lists the steps of every open phase (V-1, V-3), and Postal's personal
    Wilds (V-10.2) multiply them: this game meets a listing of 213 steps. The default 256
    slots hold it; a codec of 128 slots keeps the first 128 and refuses the rest."""
    from test_variant_properties import DeckedSpec

    spec = DeckedSpec("masters-declared+postal+floating", 2, 176417, (None, None), 10)
    state = max(
        (before for before, _action, _after in transitions(spec)),
        key=lambda s: sum(isinstance(a, LAY_STEPS) for a in legal_actions(s)),
    )
    steps = [a for a in legal_actions(state) if isinstance(a, LAY_STEPS)]
    assert len(steps) == 213
    full, small = ActionCodec(spec.rules()), ActionCodec(spec.rules(), lay_slots=128)
    assert int(full.mask(state)[full.block_of("lay")].sum()) == 213
    assert int(small.mask(state)[small.block_of("lay")].sum()) == 128
    assert small.decode(state, small.sections[6].start + 127) == steps[127]
    with pytest.raises(InvalidDataError, match="first 128 lay-down steps"):
        small.encode(steps[128], state)
