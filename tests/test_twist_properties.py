"""Properties of Phase 10 Twist over random games (hypothesis).

Each example plays a game: 2-6 players, a random seed, a mix of random and greedy
bots, one or two rule presets. At every step checked: every card is in one place
(hands, groups, the draw pile, the three discard piles, the Skips in play) and
every Twist card too; every listed action applies; illegal actions change nothing;
a view hides other hands, the draw pile, the Twist deck and the seed; JSON
round-trips. Games replay from their records and bot games end. Lay-downs are
listed a group at a time, each listing no larger than one group's choices, and
nothing is lost against the solver's full enumeration.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10 import (
    Card,
    DrawStock,
    Hit,
    IllegalActionError,
    LayDown,
    LayGroup,
    Meld,
    NextHand,
    iter_completions,
    standard_deck,
)
from phase10.twist import (
    PRESETS,
    ChooseSpace,
    DiscardOnto,
    DrawTwist,
    GreedyBot,
    PlaySkip,
    RandomBot,
    TakePile,
    TwistAction,
    TwistBot,
    TwistRecord,
    TwistStage,
    TwistState,
    apply,
    check,
    from_json,
    legal_actions,
    new_game,
    play_game,
    player_view,
    resolve_rules,
    to_json,
)
from scale import scaled
from twist_helpers import table_cards

SPECS = sorted(PRESETS)


def _spec(first: str, second: str) -> str:
    return first if first == second else f"{first}+{second}"


def _bots(kinds: list[bool], seed: int) -> list[TwistBot]:
    return [GreedyBot() if greedy else RandomBot(seed * 16 + i) for i, greedy in enumerate(kinds)]


def _random_action(rng: random.Random, state: TwistState) -> TwistAction:
    """Any action, legal or not: the fuzz input for "illegal changes nothing"."""
    card = Card.from_code(rng.randrange(50))
    seat = rng.randrange(len(state.players) + 1) % 12
    pick = rng.randrange(8)
    if pick == 0:
        return TakePile(rng.randrange(3))
    if pick == 1:
        return DiscardOnto(card, rng.randrange(3))
    if pick == 2:
        return PlaySkip(seat)
    if pick == 3:
        return ChooseSpace(rng.randrange(30))
    if pick == 4:
        return DrawTwist()
    if pick == 5:
        return Hit(card, seat, rng.randrange(3))
    if pick == 6:
        return NextHand()
    return DrawStock()


def _check_step(state: TwistState, rng: random.Random) -> None:
    rules = state.rules
    assert table_cards(state) == Counter(standard_deck(rules.deck))
    drawn = [p.twist_card for p in state.players if p.twist_card is not None]
    assert sorted((*state.twist_deck, *drawn)) == list(range(len(rules.twist_cards)))
    legal = legal_actions(state)
    assert len(set(legal)) == len(legal)
    assert (not legal) == state.is_over
    for action in legal:
        assert check(state, action) is None
        apply(state, action)
    snapshot = attrs.evolve(state)
    for _ in range(3):
        action = _random_action(rng, state)
        if action in legal:
            continue
        problem = check(state, action)
        if problem is None:  # a hit naming no end when one fits, ...
            apply(state, action)
            continue
        with pytest.raises(IllegalActionError):
            apply(state, action)
        assert state == snapshot
    for seat in range(len(state.players)):
        view = player_view(state, seat)
        assert view.hand == state.players[seat].hand
        text = to_json(view)
        assert '"seed"' not in text
        assert '"stock"' not in text
        assert '"twist_deck"' not in text
        for other, player in enumerate(state.players):
            if other != seat and player.hand:
                assert not hasattr(view.players[other], "hand")
        secret = attrs.evolve(
            state,
            seed=state.seed + 1,
            stock=tuple(reversed(state.stock)),
            twist_deck=tuple(reversed(state.twist_deck)),
            players=tuple(
                p if s == seat else attrs.evolve(p, hand=tuple(sorted(p.hand, key=_code)[::-1]))
                for s, p in enumerate(state.players)
            ),
        )
        assert attrs.evolve(player_view(secret, seat), players=view.players) == view
        assert from_json(to_json(view)) == view
    assert from_json(to_json(state)) == state


def _code(card: Card) -> int:
    return card.code


def _bot_steps(state: TwistState, bots: list[TwistBot], steps: int) -> list[TwistState]:
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        legal = legal_actions(state)
        seat = state.current_player
        action = legal[0] if seat is None else bots[seat].choose(player_view(state, seat), legal)
        state = apply(state, action)
        states.append(state)
    return states


@settings(max_examples=scaled(20, minimum=4))  # a whole game each: 4 in the fast profile
@given(
    seed=st.integers(0, 2**32),
    kinds=st.lists(st.booleans(), min_size=2, max_size=6),
    specs=st.tuples(st.sampled_from(SPECS), st.sampled_from(SPECS)),
    steps=st.integers(30, 150),
)
def test_every_step_conserves_cards_lists_legal_actions_and_hides_secrets(
    seed: int, kinds: list[bool], specs: tuple[str, str], steps: int
) -> None:
    rng = random.Random(seed)
    state = new_game(len(kinds), seed=seed, rules=_spec(*specs))
    for step, current in enumerate(_bot_steps(state, _bots(kinds, seed), steps)):
        if step % 3 == 0 or current.stage in (TwistStage.CHOOSE, TwistStage.HAND_OVER):
            _check_step(current, rng)


@settings(max_examples=max(4, settings().max_examples // 3))
@given(
    seed=st.integers(0, 2**32),
    kinds=st.lists(st.booleans(), min_size=2, max_size=5),
    specs=st.tuples(st.sampled_from(SPECS), st.sampled_from(SPECS)),
)
def test_same_seed_and_actions_give_the_same_game(
    seed: int, kinds: list[bool], specs: tuple[str, str]
) -> None:
    """Determinism: the record of a game replays to equal states, and the same bots from the
    same seed play the same game."""
    rules = resolve_rules(_spec(*specs)).with_options(max_turns=120)
    actions: list[TwistAction] = []
    states: list[TwistState] = []

    def log(before: TwistState, action: TwistAction, after: TwistState) -> None:
        actions.append(action)
        states.append(after)

    final = play_game(
        new_game(len(kinds), seed=seed, rules=rules), _bots(kinds, seed), on_action=log
    )
    assert final.is_over
    record = TwistRecord.start(len(kinds), seed=seed, rules=rules).extend(actions)
    assert list(record.replay())[1:] == states
    assert from_json(to_json(record)) == record
    again = play_game(new_game(len(kinds), seed=seed, rules=rules), _bots(kinds, seed))
    assert again == final
    assert pickle.loads(pickle.dumps(final)) == final  # states travel to worker processes


@settings(max_examples=max(3, settings().max_examples // 6))
@given(
    seed=st.integers(0, 2**32),
    kinds=st.lists(st.booleans(), min_size=2, max_size=6),
    specs=st.tuples(st.sampled_from(SPECS), st.sampled_from(SPECS)),
)
def test_bot_games_end_with_a_finisher(
    seed: int, kinds: list[bool], specs: tuple[str, str]
) -> None:
    """Bot games end (T-7.1): someone makes the final space's phase, well within the cap."""
    final = play_game(
        new_game(len(kinds), seed=seed, rules=_spec(*specs)),
        _bots(kinds, seed),
        max_actions=200_000,
    )
    assert final.is_over
    assert final.winners
    last = final.rules.board.last
    assert all(final.players[s].position == last for s in final.winners)
    assert set(final.winners) <= set(final.results[-1].finished)
    assert from_json(to_json(final)) == final


def _meaning(melds: tuple[Meld, ...]) -> tuple[object, ...]:
    groups = sorted(repr((m.requirement, m.requirement.outcome_key(m))) for m in melds)
    return (tuple(groups), tuple(sorted(c for m in melds for c in m.cards)))


def _reached(state: TwistState, widest: list[int]) -> list[LayDown]:
    """Every whole lay-down the listing reaches, through its LayGroup steps; ``widest`` keeps
    the largest number of steps one listing offered."""
    found: list[LayDown] = []
    steps = [a for a in legal_actions(state) if isinstance(a, (LayDown, LayGroup))]
    widest[0] = max(widest[0], len(steps))
    for action in steps:
        if isinstance(action, LayDown):
            found.append(action)
        else:
            found.extend(_reached(apply(state, action), widest))
    return found


@settings(max_examples=max(4, settings().max_examples // 3))
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_lay_downs_are_listed_a_group_at_a_time_and_nothing_is_lost(
    seed: int, players: int
) -> None:
    """The listing reaches a lay-down of every distinct outcome the solver finds (cards used,
    meaning on the table), each leaving a card to end the turn with, and no listing offers
    more than one group's choices."""
    bots: list[TwistBot] = [GreedyBot() for _ in range(players)]
    checked = 0
    for state in _bot_steps(new_game(players, seed=seed), bots, 400):
        seat = state.current_player
        if state.stage is not TwistStage.PLAY or state.laying or seat is None:
            continue
        player = state.players[seat]
        phase = state.target_phase(seat)
        if player.laid_down or phase is None:
            continue
        widest = [0]
        reached = {_meaning(lay.melds) for lay in _reached(state, widest)}
        expected = {
            _meaning(melds)
            for melds in iter_completions(player.hand, phase, state.rules.meld_rules)
            if len(player.hand) - sum(len(m.cards) for m in melds) >= 1
        }
        assert reached == expected
        for lay in _reached(state, [0]):
            assert apply(state, lay).players[seat].laid_down
        groups = {
            (m.requirement, m.requirement.outcome_key(m), tuple(sorted(m.cards)))
            for melds in iter_completions(player.hand, phase, state.rules.meld_rules)
            for m in melds
        }
        assert widest[0] <= len(groups)  # one group's choices, never a product of them
        checked += 1
        if checked >= 3:
            break
