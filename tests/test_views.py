"""What a seat may see (R-3.8): player_view and spectator_view."""

from __future__ import annotations

import json
import weakref

import attrs
import pytest
from hypothesis import given, settings

from games import SPECS, GameSpec, game_specs, transitions
from helpers import cards, play, stacked_deck
from phase10 import (
    COLOR_PHASES,
    STANDARD_PHASES,
    Discard,
    DrawStock,
    GameState,
    InvalidDataError,
    LayDown,
    PlayerView,
    Rules,
    SeatView,
    SetOf,
    Stage,
    TakeDiscard,
    from_json,
    new_game,
    parse_cards,
    player_view,
    spectator_view,
    to_json,
)
from phase10.views import Viewer

SEED = 987_654_321_987
HANDS = {
    0: "Y12 Y12 G12 G12 R1 R2 R3 R4 R5 R6",
    1: "R7 B7 G7 R9 B9 G9 B1 B2 B3 B4",
    2: "Y11 Y11 G11 G11 Y1 Y2 Y3 Y4 Y5 Y6",
}
"""Seats 0 and 2 hold every copy of some cards (Y12, G12 / Y11, G11) found nowhere else."""
STOCK_TOP = "B12 B12 B11 B11"
"""The top of the stock holds every copy of B12 and B11."""


def dump(view: PlayerView) -> str:
    """Everything a view holds, as text: its table, its short repr and every field's repr."""
    return f"{view}\n{view!r}\n{attrs.astuple(view, recurse=False)!r}"


def game() -> GameState:
    deck = stacked_deck(HANDS, "Y10", STOCK_TOP, players=3)
    return new_game(["Ann", "Bob", "Cy"], seed=SEED, deck=deck)


def test_player_view_shows_own_hand_only() -> None:
    """R-3.8: a seat sees its own hand and only the sizes of the others."""
    state = game()
    view = player_view(state, 1)
    assert view.seat == 1
    assert view.hand == cards(HANDS[1])
    assert [p.hand_size for p in view.players] == [10, 10, 10]
    assert [p.name for p in view.players] == ["Ann", "Bob", "Cy"]
    assert not any(hasattr(p, "hand") for p in view.players)
    text = dump(view)
    for hidden in ("Y12", "G12", "Y11", "G11"):
        assert hidden not in text
    assert "B7" in text  # the own hand is there


def test_player_view_hides_stock_order_and_seed() -> None:
    """R-3.8: the stock is a count, the seed is nowhere in the view."""
    state = game()
    view = player_view(state, 0)
    names = {field.name for field in attrs.fields(PlayerView)}
    assert "stock" not in names
    assert "seed" not in names
    assert not hasattr(view, "seed")
    assert not hasattr(view, "stock")
    assert view.stock_size == len(state.stock) == 108 - 31
    text = dump(view)
    assert str(SEED) not in text
    assert "B11" not in text
    assert "B12" not in text


def test_player_view_public_table() -> None:
    """R-3.8: the top discard, the turn and every seat's public facts are visible."""
    state = game()
    view = player_view(state, 2)
    assert view.discard_pile == parse_cards("Y10")
    assert view.top_discard == parse_cards("Y10")[0]
    assert view.current_player == 1
    assert view.stage is Stage.DRAW
    assert view.dealer == 0
    assert view.hand_number == 1
    assert not view.is_my_turn
    assert player_view(state, 1).is_my_turn
    assert view.my_phase == STANDARD_PHASES[0]
    assert all(p.target_phase == 1 for p in view.players)
    assert view.rules == state.rules


def test_view_follows_public_changes() -> None:
    """Pickups from the discard pile and laid groups are public (R-3.8)."""
    state = play(game(), TakeDiscard())
    lay = LayDown((SetOf(3).make("R7 B7 G7"), SetOf(3).make("R9 B9 G9")))
    state = play(state, lay)
    for seat in range(3):
        view = player_view(state, seat)
        bob = view.players[1]
        assert bob.pickups == parse_cards("Y10")
        assert bob.melds == lay.melds
        assert bob.laid_down
        assert bob.hand_size == 5
        assert view.taken_discard == parse_cards("Y10")[0]
        assert view.laid_down_this_turn
        assert view.discard_pile == ()


def test_views_are_values() -> None:
    """Equal states give equal views; a view cannot be changed."""
    a, b = game(), game()
    assert player_view(a, 0) == player_view(b, 0)
    assert player_view(a, 0) != player_view(a, 1)
    view = player_view(a, 0)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    assert isinstance(view.players[0], SeatView)


def test_view_does_not_depend_on_hidden_information() -> None:
    """Another seed, another stock order and swapped opponent hands: the same view."""
    state = game()
    other = attrs.evolve(
        state,
        seed=SEED + 1,
        stock=tuple(reversed(state.stock)),
        players=(
            attrs.evolve(state.players[0], hand=state.players[2].hand),
            state.players[1],
            attrs.evolve(state.players[2], hand=state.players[0].hand),
        ),
    )
    assert player_view(other, 1) == player_view(state, 1)
    assert player_view(other, 0) != player_view(state, 0)
    drawn = play(state, DrawStock())
    assert player_view(drawn, 0).stock_size == player_view(state, 0).stock_size - 1


def test_player_view_rejects_bad_seat() -> None:
    """A view is only for a seat of the game."""
    state = game()
    for seat in (-1, 3, 10):
        with pytest.raises(InvalidDataError):
            player_view(state, seat)


def test_spectator_view_has_no_hand() -> None:
    """spectator_view: the public table only, no hand at all."""
    state = game()
    view = spectator_view(state)
    assert view.seat is None
    assert view.hand is None
    assert view.saved is None
    assert not view.is_my_turn
    assert view.my_phase is None
    assert [p.hand_size for p in view.players] == [10, 10, 10]
    text = dump(view)
    for card in ("Y12", "G12", "Y11", "G11", "B7", "B11", "B12"):
        assert card not in text
    assert str(SEED) not in text
    assert view.discard_pile == player_view(state, 0).discard_pile
    assert view.players == player_view(state, 0).players


def test_views_between_hands() -> None:
    """When the hand is over, hand sizes and results are public; nobody's turn."""
    rules = Rules(hand_size=7)
    deck = stacked_deck({1: "R7 B7 G7 Y7 R9 B9 G9"}, "Y10", "R12", rules, players=2)
    state = new_game(2, rules, seed=SEED, deck=deck)
    lay = LayDown((SetOf(3).make("R7 B7 G7 Y7"), SetOf(3).make("R9 B9 G9")))
    over = play(state, DrawStock(), lay, Discard(parse_cards("R12")[0]))
    assert over.stage is Stage.HAND_OVER
    view = spectator_view(over)
    assert view.current_player is None
    assert view.results == over.results
    assert view.players[1].hand_size == 0
    assert view.players[0].hand_size == 7
    assert view.players[1].completed == (1,)


# --------------------------------------------------------------------------- the phase list


def test_a_view_carries_the_rules_phase_list() -> None:
    """Issue 15: target_phase is a number; the view says what each number asks for."""
    standard = player_view(new_game(2, seed=1), 0)
    assert standard.phases == STANDARD_PHASES
    colors = player_view(new_game(2, Rules(phases=COLOR_PHASES, spec="colors"), seed=1), 1)
    assert colors.phases == COLOR_PHASES
    assert spectator_view(new_game(2, seed=1)).phases == STANDARD_PHASES


def test_the_view_document_writes_every_phase_with_its_name_and_groups() -> None:
    """A client in another language reads the phases from the view: the rules of a standard
    game leave the phase list out, the view writes it in full, names included."""
    state = new_game(2, seed=1)
    document = json.loads(to_json(player_view(state, 0)))
    assert "phases" not in document["rules"]
    assert document["phases"][1] == {
        "number": 2,
        "requirements": [{"kind": "set", "size": 3}, {"kind": "run", "size": 4}],
        "name": "1 set of 3 + 1 run of 4",
    }
    assert [phase["number"] for phase in document["phases"]] == list(range(1, 11))
    rules = json.loads(to_json(Rules(phases=STANDARD_PHASES[:3])))
    assert "name" not in rules["phases"][0]  # rules leave a generated name out, as before


def test_a_view_document_without_its_phase_list_still_reads() -> None:
    view = player_view(new_game(2, seed=1), 0)
    document = json.loads(to_json(view))
    del document["phases"]  # written before the field existed
    assert from_json(json.dumps(document), PlayerView) == view


def test_a_view_whose_phases_are_not_its_rules_phases_is_refused() -> None:
    document = json.loads(to_json(player_view(new_game(2, seed=1), 0)))
    document["phases"] = document["phases"][:3]
    with pytest.raises(InvalidDataError) as info:
        from_json(json.dumps(document))
    assert info.value.path == "$.phases"
    assert "differs from the rules' phases" in info.value.message


@settings(max_examples=max(5, settings().max_examples // 3))
@given(game_specs(names=SPECS, turns=(10, 80)))
def test_a_viewer_gives_the_views_player_view_gives(spec: GameSpec) -> None:
    """R-3.8: play_game's Viewer, which reuses the seat views of seats an action left
    alone, shows every seat at every step exactly what player_view and spectator_view show."""
    viewer = Viewer()
    for before, _action, after in transitions(spec):
        for state in (before, after):
            seat = state.current_player
            assert viewer.player_view(state, None) == spectator_view(state)
            if seat is not None:
                assert viewer.player_view(state, seat) == player_view(state, seat)


def reference_view(state: GameState, seat: int | None) -> PlayerView:
    """What a seat may see (R-3.8), built by the attrs constructors field by field, by name:
    what views.py's positional constructors must give."""
    seats = []
    for s, p in enumerate(state.players):
        target = state.target_phase(s) if s in state.seats else None
        seats.append(
            SeatView(
                name=p.name,
                hand_size=len(p.hand),
                melds=p.melds,
                score=p.score,
                completed=p.completed,
                laid_down=p.laid_down,
                skips_pending=p.skips_pending,
                phase_attempted=p.phase_attempted,
                target_phase=None if target is None else target.number,
                pickups=state.pickups[s] if s < len(state.pickups) else (),
                saved_count=len(p.saved),
                floating=p.floating,
                assigned=p.assigned,
                saved_this_hand=p.saved_this_hand,
                best=p.best,
            )
        )
    mine = seat is not None and seat == state.current_player
    return PlayerView(
        seat=seat,
        hand=None if seat is None else state.players[seat].hand,
        saved=None if seat is None else state.players[seat].saved,
        players=tuple(seats),
        rules=state.rules,
        stage=state.stage,
        hand_number=state.hand_number,
        dealer=state.dealer,
        current_player=state.current_player,
        seats=state.seats,
        stock_size=len(state.stock),
        discard_pile=state.discard_pile,
        turn=state.turn,
        taken_discard=state.taken_discard,
        laid_down_this_turn=state.laid_down_this_turn,
        forced_discard=state.forced_discard,
        lost_turns=state.lost_turns,
        tiebreak=state.tiebreak,
        winners=state.winners,
        results=state.results,
        laying=state.laying if mine else None,
        direction=state.direction,
        first_out=state.first_out,
        final_turns=state.final_turns,
        decks=state.decks,
    )


@settings(max_examples=max(5, settings().max_examples // 3))
@given(game_specs(names=SPECS, turns=(10, 80)))
def test_views_hold_each_field_the_constructor_would(spec: GameSpec) -> None:
    """R-3.8: player_view and spectator_view, built slot by slot without attrs' constructor,
    equal the views the constructor builds from each field by name, field for field."""
    for before, _action, after in transitions(spec):
        for state in (before, after):
            for seat in (None, *range(len(state.players))):
                view = spectator_view(state) if seat is None else player_view(state, seat)
                expected = reference_view(state, seat)
                assert view == expected
                assert attrs.astuple(view, recurse=False) == attrs.astuple(expected, recurse=False)


def test_views_stay_frozen_weakly_referable_values() -> None:
    """R-3.8: a view built without attrs' constructor is still an immutable PlayerView (and
    its seats SeatViews) that may be weakly referenced, hashed and compared."""
    view = player_view(game(), 1)
    seat = view.players[0]
    assert type(view) is PlayerView
    assert type(seat) is SeatView
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.turn = 5  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        seat.score = 5  # type: ignore[misc]
    assert weakref.ref(view)() is view
    assert weakref.ref(seat)() is seat
    assert hash(view) == hash(reference_view(game(), 1))
