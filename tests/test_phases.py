"""Phases and phase lists (R-2, V-6, §L.1)."""

from __future__ import annotations

import attrs
import pytest

from phase10 import (
    EVEN_PHASES,
    ODD_PHASES,
    PHASE_20,
    STANDARD_PHASES,
    ColorOf,
    InvalidRulesError,
    Phase,
    Requirement,
    RunOf,
    SetOf,
)

# The table of RULES.md §2: phase number -> (groups, min cards, name).
R2_TABLE: dict[int, tuple[tuple[Requirement, ...], int, str]] = {
    1: ((SetOf(3), SetOf(3)), 6, "2 sets of 3"),
    2: ((SetOf(3), RunOf(4)), 7, "1 set of 3 + 1 run of 4"),
    3: ((SetOf(4), RunOf(4)), 8, "1 set of 4 + 1 run of 4"),
    4: ((RunOf(7),), 7, "1 run of 7"),
    5: ((RunOf(8),), 8, "1 run of 8"),
    6: ((RunOf(9),), 9, "1 run of 9"),
    7: ((SetOf(4), SetOf(4)), 8, "2 sets of 4"),
    8: ((ColorOf(7),), 7, "7 cards of one color"),
    9: ((SetOf(5), SetOf(2)), 7, "1 set of 5 + 1 set of 2"),
    10: ((SetOf(5), SetOf(3)), 8, "1 set of 5 + 1 set of 3"),
}


def test_r2_the_ten_phases_exactly_as_the_table() -> None:
    """R-2: the ten standard phases, their groups, minimum sizes and card counts."""
    assert len(STANDARD_PHASES) == 10
    assert [phase.number for phase in STANDARD_PHASES] == list(range(1, 11))
    for phase in STANDARD_PHASES:
        groups, min_cards, name = R2_TABLE[phase.number]
        assert phase.requirements == groups, phase
        assert phase.min_cards == min_cards, phase
        assert phase.name == name, phase
        assert str(phase) == f"Phase {phase.number}: {name}"


def test_r2_requirement_kinds_and_sizes() -> None:
    """R-2: requirement kinds are set / run / colour and carry their minimum size."""
    kinds = [[(req.kind, req.size) for req in phase.requirements] for phase in STANDARD_PHASES]
    assert kinds == [
        [("set", 3), ("set", 3)],
        [("set", 3), ("run", 4)],
        [("set", 4), ("run", 4)],
        [("run", 7)],
        [("run", 8)],
        [("run", 9)],
        [("set", 4), ("set", 4)],
        [("color", 7)],
        [("set", 5), ("set", 2)],
        [("set", 5), ("set", 3)],
    ]


def test_r2_3_colour_only_in_phase_8() -> None:
    """R-2.3: among the standard phases only Phase 8 asks for a colour group."""
    with_colour = [
        phase.number
        for phase in STANDARD_PHASES
        if any(isinstance(req, ColorOf) for req in phase.requirements)
    ]
    assert with_colour == [8]


def test_v6_even_and_odd_phase_lists() -> None:
    """V-6: even phases 2,4,6,8,10 and odd phases 1,3,5,7,9, the same phase objects."""
    assert [phase.number for phase in EVEN_PHASES] == [2, 4, 6, 8, 10]
    assert [phase.number for phase in ODD_PHASES] == [1, 3, 5, 7, 9]
    by_number = {phase.number: phase for phase in STANDARD_PHASES}
    for phase in (*EVEN_PHASES, *ODD_PHASES):
        assert phase == by_number[phase.number]


def test_l1_phase_20_list() -> None:
    """§L.1: Phase 10 + 10 adds phases 11-20 after the standard ten."""
    assert PHASE_20[:10] == STANDARD_PHASES
    assert [phase.number for phase in PHASE_20] == list(range(1, 21))
    extra = {phase.number: phase.requirements for phase in PHASE_20[10:]}
    assert extra == {
        11: (SetOf(2), SetOf(2), SetOf(2), SetOf(2)),
        12: (SetOf(4), RunOf(5)),
        13: (SetOf(5), RunOf(5)),
        14: (RunOf(4), ColorOf(4)),
        15: (RunOf(5), ColorOf(4)),
        16: (RunOf(10),),
        17: (SetOf(4), SetOf(5)),
        18: (ColorOf(9),),
        19: (SetOf(6), SetOf(2)),
        20: (SetOf(6), SetOf(3)),
    }
    assert PHASE_20[10].name == "4 sets of 2"
    assert PHASE_20[13].name == "1 run of 4 + 4 cards of one color"
    assert PHASE_20[10].min_cards == 8


def test_phase_builds_its_name_and_accepts_a_given_one() -> None:
    phase = Phase(11, [SetOf(3), SetOf(3), SetOf(3)])
    assert phase.requirements == (SetOf(3), SetOf(3), SetOf(3))
    assert phase.name == "3 sets of 3"
    assert phase.min_cards == 9
    named = Phase(1, (RunOf(4),), name="Starter")
    assert named.name == "Starter"
    assert str(named) == "Phase 1: Starter"
    # Equal neighbours are grouped only when they are next to each other.
    assert Phase(5, (SetOf(2), RunOf(3), SetOf(2))).name == "1 set of 2 + 1 run of 3 + 1 set of 2"


def test_phases_are_frozen_hashable_values() -> None:
    assert Phase(1, (SetOf(3), SetOf(3))) == STANDARD_PHASES[0]
    assert hash(Phase(1, (SetOf(3), SetOf(3)))) == hash(STANDARD_PHASES[0])
    assert len(set(STANDARD_PHASES)) == 10
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        STANDARD_PHASES[0].number = 2  # type: ignore[misc]


def test_phase_needs_requirements() -> None:
    with pytest.raises(InvalidRulesError):
        Phase(1, ())
    with pytest.raises(InvalidRulesError):
        Phase(1, ("set of 3",))  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError):
        Phase("1", (SetOf(3),))  # type: ignore[arg-type]
