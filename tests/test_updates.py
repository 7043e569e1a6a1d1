"""What a server sends each seat (``phase10.updates``, issue 15): the view, the seat's moves
in notation, and the events since its last update, told only as far as the seat may know
them (R-3.8, R-5.4, V-1.6)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10 import (
    Action,
    GameState,
    GreedyBot,
    InvalidDataError,
    LayGroup,
    NextHand,
    RandomBot,
    Save,
    TakeSaved,
    action_to_text,
    apply,
    legal_actions,
    new_game,
    parse_action,
    play_game,
    player_view,
    seat_update,
    spectator_view,
    standard_deck,
)
from phase10.serialization import from_data
from phase10.updates import Event, Step, events_for

Steps = list[Step]


def played(spec: str, players: int = 3, seed: int = 0) -> Steps:
    steps: Steps = []
    bots = [GreedyBot() if seat % 2 == 0 else RandomBot(seed + seat) for seat in range(players)]
    play_game(new_game(players, spec, seed=seed), bots, on_action=lambda *s: steps.append(s))
    return steps


@pytest.fixture(scope="module")
def masters() -> Steps:
    """A Masters game: Saves, taking saved cards back and lay-downs a group at a time."""
    return played("masters")


def first(steps: Sequence[Step], kind: type) -> Step:
    return next(step for step in steps if isinstance(step[1], kind))


def test_the_seat_to_act_gets_its_moves_in_notation() -> None:
    state = new_game(["Ann", "Bob", "Cy"], seed=4)
    mover = state.current_player
    assert mover is not None
    update = seat_update(state, mover)
    assert update.view == player_view(state, mover)
    assert update.legal == ("draw", "take")
    assert [parse_action(text) for text in update.legal] == list(legal_actions(state))
    other = (mover + 1) % 3
    assert seat_update(state, other).legal == ()


def test_a_spectator_gets_the_public_table_and_no_moves() -> None:
    state = new_game(3, seed=4)
    update = seat_update(state, None)
    assert update.view == spectator_view(state)
    assert update.legal == ()


@pytest.mark.parametrize("seat", [3, -1, True, "0"])
def test_a_seat_that_is_not_at_the_table_is_refused(seat: object) -> None:
    with pytest.raises(InvalidDataError, match="no seat"):
        seat_update(new_game(3, seed=4), seat)  # type: ignore[arg-type]


def test_events_are_the_steps_since_the_last_update_in_order() -> None:
    steps = played("to-phase-1", players=2, seed=3)[:4]
    events = events_for(0, steps)
    assert [event.action for event in events] == [action_to_text(a) for _, a, _ in steps]
    assert [event.seat for event in events] == [before.current_player for before, _, _ in steps]
    assert events[0].text.endswith("drew from the draw pile")


def test_another_seats_save_shows_no_card(masters: Steps) -> None:
    """V-1.6: the Save pile lies face down; its owner sees the card."""
    before, action, after = first(masters, Save)
    owner = before.current_player
    assert owner is not None
    other = (owner + 1) % len(before.players)
    (mine,) = events_for(owner, [(before, action, after)])
    (theirs,) = events_for(other, [(before, action, after)])
    assert isinstance(action, Save)
    assert mine.action == f"save {action.card}"
    assert theirs.action is None
    assert str(action.card) not in theirs.text
    before, action, after = first(masters, TakeSaved)
    (theirs,) = events_for((before.current_player or 0) + 1, [(before, action, after)])
    assert theirs.action is None


def test_another_seats_lay_down_under_way_is_not_told(masters: Steps) -> None:
    """R-5.4: the groups of a lay-down under way stay in the hand until the last one."""
    step = first(masters, LayGroup)
    owner = step[0].current_player
    assert owner is not None
    assert events_for((owner + 1) % 3, [step]) == ()
    assert events_for(None, [step]) == ()
    (mine,) = events_for(owner, [step])
    assert mine.action is not None
    assert mine.action.startswith("group ")


def test_a_deal_never_shows_its_deck() -> None:
    steps = played("to-phase-3", players=2, seed=3)
    before = next(b for b, a, _ in steps if isinstance(a, NextHand))
    deck = tuple(standard_deck(before.rules))
    after = apply(before, NextHand(deck))
    (event,) = events_for(0, [(before, NextHand(deck), after)])
    assert event == Event(None, "next", f"hand {before.hand_number + 1} is dealt")


def test_the_end_of_a_hand_and_of_the_game_are_told() -> None:
    steps = played("to-phase-3", players=2, seed=3)
    events = events_for(0, steps)
    texts = [event.text for event in events if event.seat is None and event.action is None]
    final = steps[-1][2]
    assert len(final.results) > 1
    assert texts[-1].startswith("game over: ")
    assert sum("went out" in text or "nobody going out" in text for text in texts) == len(
        final.results
    )


def test_what_a_seat_is_told_holds_nothing_it_may_not_know(masters: Steps) -> None:
    """Every action told to a seat other than its actor is public: no Save card, no group
    under way, no deck."""
    for seat in (0, 1, 2, None):
        for step in masters:
            for event in events_for(seat, [step]):
                if event.action is None or event.seat == seat:
                    continue
                action: Action = parse_action(event.action)
                assert not isinstance(action, (Save, TakeSaved, LayGroup))
                assert not (isinstance(action, NextHand) and action.deck is not None)


def test_the_update_is_a_json_message_whose_view_is_a_view_document(masters: Steps) -> None:
    state: GameState = masters[40][0]
    seat = state.current_player
    assert seat is not None
    update = seat_update(state, seat, masters[30:40])
    data = json.loads(update.to_json())
    assert data == update.to_data()
    assert (data["schema"], data["type"], data["seat"]) == (1, "update", seat)
    assert from_data(data["view"], "view") == update.view
    assert data["legal"] == list(update.legal)
    assert data["events"] == [
        {"seat": e.seat, "action": e.action, "text": e.text} for e in update.events
    ]


@pytest.fixture(scope="module")
def teams() -> Steps:
    """A game of four in two partnerships: a partner's hand is as hidden as anyone's."""
    return played("teams", players=4, seed=2)


def hidden_facts_changed(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with what ``seat`` may not see dealt afresh: the other hands, the other
    Save piles and the stock (same sizes, same cards in all), and the seed (R-3.8, V-1.6);
    another seat's lay-down under way is forgotten (its groups are still in the hand, R-5.4)."""
    others = [other for other in range(len(state.players)) if other != seat]
    pool = list(state.stock)
    for other in others:
        pool += [*state.players[other].hand, *state.players[other].saved]
    rng.shuffle(pool)
    players = list(state.players)
    for other in others:
        held, saved = len(players[other].hand), len(players[other].saved)
        players[other] = attrs.evolve(
            players[other], hand=tuple(pool[:held]), saved=tuple(pool[held : held + saved])
        )
        del pool[: held + saved]
    laying = state.laying if state.current_player == seat else None
    return attrs.evolve(
        state,
        players=tuple(players),
        stock=tuple(pool),
        seed=rng.randrange(2**63),
        laying=laying,
    )


@settings(max_examples=60, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize("game", ["masters", "teams"])
def test_an_update_is_the_same_whatever_the_seat_may_not_see(
    game: str, data: st.DataObject, request: pytest.FixtureRequest
) -> None:
    """R-3.8, V-1.6: two states that differ only in the other hands, the other (face-down)
    Save piles, the order of the stock and the seed give a seat the same update, to the byte;
    partners in a teams game see no more of each other than opponents do."""
    steps: Steps = request.getfixturevalue(game)
    state = data.draw(st.sampled_from([after for _, _, after in steps]), label="state")
    seat = data.draw(st.integers(0, len(state.players) - 1), label="seat")
    changed = hidden_facts_changed(state, seat, data.draw(st.randoms(use_true_random=False)))
    assert seat_update(changed, seat).to_json() == seat_update(state, seat).to_json()
    assert seat_update(changed, None).to_json() == seat_update(state, None).to_json()


def test_a_lay_down_under_way_changes_no_other_seats_update(masters: Steps) -> None:
    """R-5.4: while a seat lays its phase a group at a time, every other seat's update (and
    a spectator's) is the one it would get if no lay-down were under way."""
    rng = random.Random(0)
    under_way = [after for _, _, after in masters if after.laying is not None]
    assert under_way
    for state in under_way:
        for seat in range(len(state.players)):
            if seat == state.current_player:
                continue
            changed = hidden_facts_changed(state, seat, rng)
            assert changed.laying is None
            assert seat_update(changed, seat).to_json() == seat_update(state, seat).to_json()
            assert seat_update(changed, None).to_json() == seat_update(state, None).to_json()
