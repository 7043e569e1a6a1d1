"""What a game server relies on when it reads untrusted input and writes to the wire
(issue 9, docs/server.rst): each test pins down a defect found by reading the server page
and probing an installed copy the way a server would.
"""

from __future__ import annotations

import time

import pytest

from phase10 import (
    AltColorRunOf,
    ColorParityRunOf,
    DeckSpec,
    DrawStock,
    GameRecord,
    InvalidDataError,
    InvalidRulesError,
    LayDown,
    LayGroup,
    ParityOf,
    Phase,
    Rules,
    RunOf,
    SetOf,
    Stage,
    apply,
    can_complete,
    legal_actions,
    new_game,
    parse_cards,
    player_view,
    to_json,
    variants,
    views,
)
from phase10.serialization import from_data

COMPILED_VIEWS = not views.__file__.endswith(".py")
"""Whether ``phase10.views`` is the compiled build's (mypyc) module."""


def test_issue9_a_phase_of_many_groups_is_read_in_linear_time() -> None:
    """A rules document from a client may name a phase of tens of thousands of groups;
    ordering them for the fast completion check was quadratic (30,000 groups took 9 s,
    100,000 took 74 s) before the deck-size check (R-1.6) could refuse the phase."""
    began = time.perf_counter()
    phase = Phase(1, (SetOf(3), RunOf(4)) * 15_000)
    assert time.perf_counter() - began < 3
    assert len(phase.requirements) == 30_000
    document = {
        "schema": 1,
        "type": "rules",
        "spec": "standard",
        "phases": [{"number": 1, "requirements": [{"kind": "set", "size": 3}] * 30_000}],
    }
    began = time.perf_counter()
    with pytest.raises(InvalidDataError, match="more cards than the deck holds"):
        from_data(document, "rules")
    assert time.perf_counter() - began < 5


def test_issue9_a_refused_variant_spec_is_quoted_short() -> None:
    """A client choosing a variant may send any text; the error quoted all of it (a 1 MB
    spec gave a 1 MB message to send back), where every other error quotes 40 characters."""
    spec = "k" * 100_000
    for call in (
        lambda: variants.resolve(spec),
        lambda: variants.resolve("standard+" + spec),
        lambda: variants.resolve(spec + "++standard"),
        lambda: variants.get(spec),
        lambda: new_game(2, spec),
        lambda: GameRecord.start(2, spec, seed=1),
    ):
        with pytest.raises(InvalidRulesError) as info:
            call()
        assert len(info.value.message) < 1000
        assert "characters)" in info.value.message
    with pytest.raises(InvalidRulesError, match="no variant named 'nope'"):
        variants.get("nope")


@pytest.mark.parametrize("seat", [True, False])
def test_r3_8_player_view_refuses_a_bool_seat_as_seat_update_does(seat: bool) -> None:
    """``player_view(state, True)`` gave a view of seat 1 whose ``seat`` was ``True``:
    ``to_json`` of it raised a bare TypeError, where ``seat_update`` refuses a bool."""
    state = new_game(3, seed=4)
    if COMPILED_VIEWS:  # mypyc makes a bool argument a plain int at the call
        view = player_view(state, seat)
        assert type(view.seat) is int
        assert view.seat == int(seat)
        assert to_json(view)
    else:
        with pytest.raises(InvalidDataError, match=f"no seat {seat}"):
            player_view(state, seat)
    assert to_json(player_view(state, int(seat)))


def test_r5_a_phase_of_many_one_card_groups_is_judged_in_bounded_time() -> None:
    """R-5 (any phase a rules document may name): the yes/no search tried every draft of
    every group in every order, so a phase of six one-card alternating-colour runs took
    seconds per ``legal_actions`` (minutes with more Wilds) and a client's
    rules document could stall the server; drafts that take the same cards are tried
    once and hopeless positions remembered."""
    rules = Rules(hand_size=12, phases=(Phase(1, (AltColorRunOf(1),) * 6),))
    began = time.perf_counter()
    for seed in range(4):
        state = apply(new_game(2, rules, seed=seed), DrawStock())
        actions = legal_actions(state)
        assert any(isinstance(action, (LayDown, LayGroup)) for action in actions)
    assert time.perf_counter() - began < 3
    hand = parse_cards("W W W R1 B3")  # four one-card groups from five cards
    assert can_complete(hand, Phase(1, (AltColorRunOf(1),) * 4), rules)
    assert not can_complete(hand[:3], Phase(1, (AltColorRunOf(1),) * 4), rules)


def test_r5_a_phase_of_mixed_small_groups_is_judged_larger_groups_first() -> None:
    """R-5: the same search took the groups in the phase's order, so the one-card groups
    at the front multiplied the work of every hopeless position: this phase of seven mixed
    groups took 25 s over 60 deals (5 s for one ``legal_actions``); the larger groups,
    with fewer drafts, now go first."""
    rules = Rules(
        hand_size=12,
        deck=DeckSpec(wilds=30),
        natural_card_scope="phase",
        phases=(
            Phase(
                1,
                (
                    ColorParityRunOf(1),
                    AltColorRunOf(2),
                    AltColorRunOf(1),
                    SetOf(1),
                    AltColorRunOf(1),
                    ColorParityRunOf(3),
                    ParityOf(3),
                ),
            ),
        ),
    )
    began = time.perf_counter()
    for seed in range(30):
        state = new_game(2, rules, seed=seed)
        if state.stage is Stage.DRAW:
            assert legal_actions(apply(state, DrawStock()))
    assert time.perf_counter() - began < 3
