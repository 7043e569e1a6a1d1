"""Helpers for the Phase 10 Dice tests: rigged rolls and illegal-action checks."""

from __future__ import annotations

import pytest

from phase10 import IllegalActionError, IllegalReason
from phase10.dice import (
    DiceAction,
    DicePlayer,
    DiceRules,
    DiceStage,
    DiceState,
    Face,
    Roll,
    apply,
    check,
)

__all__ = ["assert_illegal", "faces_for", "play", "player", "rigged", "table"]


def faces_for(state: DiceState, text: str) -> tuple[Face, ...]:
    """The faces of the dice the next roll rolls, one token per free die.

    A token is a number (the die's face with that number, whatever its colour),
    ``W`` (the die's first Wild face) or a face in notation (``GW``, ``R7``).
    """
    tokens = text.split()
    free = state.free
    assert len(tokens) == len(free), f"{len(tokens)} faces for {len(free)} free dice"
    faces: list[Face] = []
    for i, token in zip(free, tokens, strict=True):
        options = state.rules.dice[i].faces
        if token.isdigit():
            match = [f for f in options if f.number == int(token)]
        elif token.upper() == "W":
            match = [f for f in options if f.is_wild]
        else:
            match = [f for f in options if f == Face.parse(token)]
        assert match, f"die {i} ({state.rules.dice[i]}) has no face {token}"
        faces.append(match[0])
    return tuple(faces)


def rigged(state: DiceState, text: str) -> DiceState:
    """``state`` after a roll whose faces :func:`faces_for` reads from ``text``."""
    return apply(state, Roll(faces_for(state, text)))


def play(state: DiceState, *actions: DiceAction) -> DiceState:
    """``state`` after every action in turn (each must be legal)."""
    for action in actions:
        state = apply(state, action)
    return state


def assert_illegal(state: DiceState, action: DiceAction, reason: IllegalReason) -> None:
    """``action`` raises IllegalActionError for ``reason``, with a message, and changes nothing;
    :func:`check` reports the same reason."""
    before = state
    snapshot = repr(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert info.value.reason is reason, info.value.message
    assert info.value.message
    assert state is before
    assert repr(state) == snapshot
    error = check(state, action)
    assert error is not None
    assert error.reason is reason


def player(name: str, made: int, per_phase: int = 30, misses: int = 0) -> DicePlayer:
    """A scorepad column with phases 1..``made`` made for ``per_phase`` points each."""
    return DicePlayer(
        name,
        score=made * per_phase,
        completed=tuple(range(1, made + 1)),
        phase_points=(per_phase,) * made,
        turns=made + misses,
        misses=misses,
    )


def table(
    players: list[DicePlayer], current: int, *, first: int = 0, rules: DiceRules | None = None
) -> DiceState:
    """A game at the start of ``current``'s turn, with these scorepads."""
    return DiceState(
        rules=rules or DiceRules(),
        players=tuple(players),
        seed=1,
        first=first,
        stage=DiceStage.ROLL,
        current_player=current,
        turn=1,
    )
