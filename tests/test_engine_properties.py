"""Properties of the engine over random games (hypothesis).

Each example plays a random game: 2-6 players (as the variant allows), a
random seed, a mix of :class:`~phase10.RandomBot` and :class:`~phase10.GreedyBot`
seats, one of a few variants, and a ``max_turns`` cap that keeps it short. The
properties are checked at every step (or at a sample of steps where a check is
costly). The default "fast" profile keeps the file quick, CI also runs it under
"ci"; ``HYPOTHESIS_PROFILE=thorough`` runs many more games.
"""

from __future__ import annotations

import random
import weakref
from typing import TypeVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import (
    CORE_VARIANTS,
    SHORT_VARIANTS,
    GameSpec,
    frozen_copy,
    game_specs,
    hidden_variation,
    illegal_candidates,
    transitions,
)
from helpers import deck_counter, listed_or_same
from phase10 import (
    Action,
    ChoosePhase,
    Discard,
    DrawStock,
    End,
    GameState,
    GiveCard,
    Hit,
    IllegalActionError,
    IllegalReason,
    LayDown,
    NextHand,
    Save,
    Stage,
    SwapWild,
    TakeDiscard,
    TakeSaved,
    apply,
    check,
    find_completions,
    legal_actions,
    new_game,
    player_view,
    variants,
)
from phase10.cards import ALL_CARDS
from phase10.state import PlayerState, _same_layout, rebuilder, replace
from phase10.testing.games import card_count as all_cards

SCALE = settings().max_examples
"""Examples per test in the active profile (10 for "fast", 60 for "ci"); costly tests take
a fraction."""


# ---------------------------------------------------------------------------
# Invariants along a game
# ---------------------------------------------------------------------------


@settings(max_examples=max(5, SCALE // 2))
@given(game_specs())
def test_cards_conserved_and_input_never_mutated(spec: GameSpec) -> None:
    """Hands + melds + stock + discard pile always make up the rules' deck, and apply never
    changes the state it is given."""
    deck = deck_counter(spec.rules())
    steps = 0
    for before, action, after in transitions(spec):
        if steps == 0:
            assert all_cards(before) == deck
        copy = frozen_copy(before)
        again = apply(before, action)
        assert before == copy
        assert again == after
        assert all_cards(after) == deck, action
        steps += 1
    assert steps > 0


@settings(max_examples=max(5, SCALE // 2))
@given(game_specs(names=CORE_VARIANTS + SHORT_VARIANTS, turns=(10, 200)))
def test_progress_invariants(spec: GameSpec) -> None:
    """Scores never decrease (R-11.2); completed phases only grow, by at most one per hand
    (R-5.2, R-12.1); every unfinished state has a legal action; the winner completed the
    final phase (R-15.2), or every phase when phases may be taken in any order."""
    rules = spec.rules()
    final = None
    for before, _action, after in transitions(spec):
        assert legal_actions(before)
        for old, new in zip(before.players, after.players, strict=True):
            assert new.score >= old.score
            assert new.completed[: len(old.completed)] == old.completed
            assert len(new.completed) - len(old.completed) <= 1
            assert len(set(new.completed)) == len(new.completed)
        if after.results != before.results:  # a hand was scored
            result = after.results[-1]
            for seat, player in enumerate(after.players):
                grew = player.completed != before.players[seat].completed
                assert grew == (result.completed[seat] is not None and not result.tiebreak)
        final = after
    assert final is not None
    assert final.is_over
    assert legal_actions(final) == ()
    if final.winner is not None and rules.fixed_hands is None:
        winner = final.players[final.winner]
        assert rules.final_phase.number in winner.completed
        assert {p.number for p in rules.phases} <= set(winner.completed)


@settings(max_examples=max(5, SCALE // 3))
@given(game_specs(names=CORE_VARIANTS + SHORT_VARIANTS, turns=(10, 40)))
def test_every_legal_action_applies(spec: GameSpec) -> None:
    """Every action listed by legal_actions applies without error, and check() agrees."""
    for before, _action, _after in transitions(spec):
        for action in legal_actions(before):
            assert check(before, action) is None, action
            apply(before, action)


@settings(max_examples=max(5, SCALE // 3))
@given(game_specs(names=CORE_VARIANTS + SHORT_VARIANTS, turns=(10, 40)), st.integers(0, 2**32))
def test_same_seed_same_actions_same_states(spec: GameSpec, noise: int) -> None:
    """Same seed + same actions give equal states, whatever the global random does."""
    random.seed(noise)
    recorded: list[tuple[Action, GameState]] = []
    for _before, action, after in transitions(spec):
        random.seed(noise + len(recorded))
        recorded.append((action, after))
    random.seed(noise ^ 0x5EED)
    state = spec.start()
    for action, expected in recorded:
        random.random()
        random.shuffle(list(range(10)))
        state = apply(state, action)
        assert state == expected
    assert state.is_over


# ---------------------------------------------------------------------------
# Illegal actions
# ---------------------------------------------------------------------------


@settings(max_examples=max(5, SCALE // 3))
@given(game_specs(names=CORE_VARIANTS + SHORT_VARIANTS, turns=(10, 40)), st.integers(0, 2**32))
def test_illegal_actions_raise_and_change_nothing(spec: GameSpec, salt: int) -> None:
    """Cards not in hand, wrong-stage actions, bad hit indexes and bad skip targets raise
    IllegalActionError with a fitting reason; the state is unchanged and check() agrees.
    (Negative seats and indexes are refused when the action is built: test_inputs.)"""
    rng = random.Random(salt)
    final = None
    for before, _action, after in transitions(spec):
        copy = frozen_copy(before)
        legal = set(legal_actions(before))
        for action, reasons in illegal_candidates(before, rng):
            assert action not in legal, action
            with pytest.raises(IllegalActionError) as info:
                apply(before, action)
            if before.laying is not None:  # only the next group may come
                reasons = {*reasons, IllegalReason.LAY_DOWN_UNDER_WAY}
            assert info.value.reason in reasons, (action, info.value)
            error = check(before, action)
            assert error is not None
            assert error.reason is info.value.reason
        assert before == copy
        final = after
    assert final is not None
    for action, reasons in illegal_candidates(final, rng):
        error = check(final, action)
        assert error is not None
        assert error.reason in reasons


def random_actions(state: GameState, rng: random.Random, count: int) -> list[Action]:
    """A sample of actions in canonical form (explicit run ends, minimum-size lay-downs),
    legal or not."""
    table = len(state.players)
    seat = state.current_player
    hand = state.players[seat].hand if seat is not None else ()
    pool = list(hand) + [rng.choice(ALL_CARDS) for _ in range(3)]
    lay_downs: list[Action] = []
    if hand and state.stage is Stage.PLAY:
        assert seat is not None
        named = len(state.open_phases(seat)) > 1  # the canonical form names the phase
        for phase in state.rules.phases:
            for completion in find_completions(hand, phase, state.rules)[:4]:
                lay_downs.append(LayDown(completion, phase.number if named else None))
    melds = [(o, i, m) for o in range(table) for i, m in enumerate(state.players[o].melds)]
    actions: list[Action] = []
    for _ in range(count):
        kind = rng.randrange(10)
        card = rng.choice(pool)
        if kind == 0:
            draws: list[Action] = [DrawStock(), TakeDiscard(), NextHand()]
            actions.append(rng.choice(draws))
        elif kind in (1, 2):
            target = rng.choice([None, None, *range(table + 1)])
            actions.append(Discard(card, target))
        elif kind in (3, 4, 5) and melds:
            owner, index, meld = rng.choice(melds)
            if rng.random() < 0.1:
                owner, index = rng.randrange(table + 1), rng.randrange(4)
            run = meld.requirement.kind == "run"
            end = rng.choice([End.LOW, End.HIGH]) if run else None
            actions.append(Hit(card, owner, index, end))
        elif kind == 6 and lay_downs:
            actions.append(rng.choice(lay_downs))
        elif kind == 7:
            others: list[Action] = [
                ChoosePhase(rng.choice(state.rules.phases).number),
                Save(card),
                TakeSaved(card),
                GiveCard(rng.randrange(table)),
            ]
            actions.append(rng.choice(others))
        elif kind == 8 and melds:
            owner, index, _meld = rng.choice(melds)
            actions.append(SwapWild(card, owner, index, rng.choice([End.LOW, End.HIGH])))
        else:
            actions.append(Discard(card))
    return actions


@settings(max_examples=max(5, SCALE // 3))
@given(game_specs(names=CORE_VARIANTS + SHORT_VARIANTS, turns=(10, 40)), st.integers(0, 2**32))
def test_check_none_iff_in_legal_actions(spec: GameSpec, salt: int) -> None:
    """For a sample of canonical actions, check(state, a) is None exactly when a is listed
    by legal_actions(state)."""
    rng = random.Random(salt)
    for before, _action, _after in transitions(spec):
        legal = set(legal_actions(before))
        for action in random_actions(before, rng, 12):
            error = check(before, action)
            assert (error is None) == listed_or_same(before, action, legal), (action, error)


# ---------------------------------------------------------------------------
# What a seat can see
# ---------------------------------------------------------------------------


@settings(max_examples=max(5, SCALE // 2))
@given(game_specs(turns=(10, 60)), st.integers(0, 2**32))
def test_views_ignore_what_a_seat_cannot_see(spec: GameSpec, salt: int) -> None:
    """R-3.8: two states that differ only in other hands (permuted between opponents),
    the stock order and the seed give a seat equal views; its own hand does matter."""
    rng = random.Random(salt)
    checked = 0
    for before, _action, _after in transitions(spec):
        seat = rng.randrange(len(before.players))
        other = hidden_variation(before, seat, rng)
        assert player_view(other, seat) == player_view(before, seat)
        mine = before.players[seat]
        if mine.hand and before.stock:
            swapped = attrs.evolve(mine, hand=tuple(sorted((*mine.hand[1:], before.stock[0]))))
            if swapped.hand != mine.hand:
                changed = attrs.evolve(
                    before,
                    players=(*before.players[:seat], swapped, *before.players[seat + 1 :]),
                )
                assert player_view(changed, seat) != player_view(before, seat)
        checked += 1
    assert checked > 0


# ---------------------------------------------------------------------------
# Every registered variant: a light smoke run
# ---------------------------------------------------------------------------


@settings(max_examples=max(5, SCALE // 4))
@given(game_specs(names=variants.names(), turns=(10, 50)))
def test_every_variant_plays_soundly(spec: GameSpec) -> None:
    """In every registered variant: cards (Save piles included) are conserved, the bots only
    pick legal actions, every unfinished state has one, and the game ends."""
    deck = deck_counter(spec.rules())
    final = None
    for before, action, after in transitions(spec):
        assert action in legal_actions(before)
        assert all_cards(after) == deck
        final = after
    assert final is not None
    assert final.is_over


S = TypeVar("S", GameState, PlayerState)


def _replaced_as_evolved(old: S, new: S) -> None:
    names = [field.name for field in attrs.fields(type(old))]
    for name in names:
        change = {name: getattr(new, name)}
        made = replace(old, **change)
        assert type(made) is type(old)
        assert made == attrs.evolve(old, **change)
        assert hash(made) == hash(attrs.evolve(old, **change))
    assert replace(old, **{name: getattr(new, name) for name in names}) == new
    assert replace(old) == old
    for count in (1, 3, len(names)):  # the hot paths' rebuilds of a fixed set of fields
        changed = {name: getattr(new, name) for name in names[-count:]}
        rebuilt = rebuilder(type(old), *changed)(old, **changed)
        assert type(rebuilt) is type(old)
        assert rebuilt == attrs.evolve(old, **changed)


def test_rebuilt_states_stay_frozen_and_weakly_referable() -> None:
    """Issue 10: a rebuilt state is filled as a plain builder instance, then becomes a
    ``GameState`` (``PlayerState``) by ``__class__`` assignment: CPython allows it (the fast
    path is taken), and the result refuses changes and can be weakly referenced as before."""
    state = new_game(3, seed=5)
    after = apply(state, legal_actions(state)[0])
    for old, new in ((state, after), (state.players[0], after.players[1])):
        cls = type(old)
        builder = type("Builder", cls.__bases__, {"__slots__": cls.__slots__})
        assert _same_layout(builder, cls)
        made = replace(old, seed=1) if isinstance(old, GameState) else replace(old, score=1)
        assert type(made) is cls
        assert made != old
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            made.__setattr__("seed", 2)
        assert weakref.ref(made)() is made
        assert weakref.ref(new)() is new


@settings(max_examples=max(5, SCALE // 3))
@given(game_specs())
def test_the_engines_replace_is_attrs_evolve(spec: GameSpec) -> None:
    """Issue 10: the engine's ``replace`` and ``rebuilder`` (which fill a new state's slots
    directly) give the value ``attrs.evolve`` gives, for one field or several, of a state
    and of a player."""
    steps = list(transitions(spec))
    first, last = steps[0][0], steps[-1][2]
    _replaced_as_evolved(first, last)
    _replaced_as_evolved(first.players[0], last.players[-1])
