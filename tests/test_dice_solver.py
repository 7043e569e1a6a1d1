"""The dice solver: complete and canonical against a brute force, and the greedy measure."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from phase10 import ColorOf, Phase, RunOf
from phase10.dice import (
    DICE_PHASES,
    STANDARD_DICE,
    DiceRules,
    Face,
    can_make,
    closest,
    declaration_problem,
    declarations,
    parse_faces,
    points,
)

Signature = tuple[tuple[object, ...], ...]


def _key(face: Face, phase: Phase) -> object:
    return face if any(req.uses_colors for req in phase.requirements) else face.number


def _signature(faces: Sequence[Face], phase: Phase, groups: Sequence[Sequence[int]]) -> Signature:
    """What a declaration is made of, whatever dice show the faces (equal groups sorted)."""
    parts = [
        (req, tuple(sorted((_key(faces[i], phase) for i in group), key=repr)))
        for req, group in zip(phase.requirements, groups, strict=True)
    ]
    ordered = sorted(parts, key=lambda part: (repr(part[0]), repr(part[1])))
    return tuple(part[1] for part in ordered)


def _brute_force(faces: Sequence[Face], phase: Phase, rules: DiceRules) -> set[Signature]:
    """Every way by trying every choice of dice for every group."""
    valid: list[list[tuple[int, ...]]] = []
    for req in phase.requirements:
        alone = Phase(1, (req,))
        one: list[tuple[int, ...]] = []
        for combo in itertools.combinations(range(len(faces)), req.size):
            if declaration_problem(faces, (combo,), alone, _no_scope(rules)) is None:
                one.append(combo)
        valid.append(one)
    found: set[Signature] = set()
    for groups in itertools.product(*valid):
        used = [i for group in groups for i in group]
        if len(set(used)) == len(used) and declaration_problem(faces, groups, phase, rules) is None:
            found.add(_signature(faces, phase, groups))
    return found


def _no_scope(rules: DiceRules) -> DiceRules:
    return rules.with_options(natural_card_scope="none")


def _roll(seed: int) -> tuple[Face, ...]:
    rng = random.Random(seed)
    return tuple(rng.choice(die.faces) for die in STANDARD_DICE)


def _rich_roll(seed: int) -> tuple[Face, ...]:
    """A roll with few distinct numbers, so that most phases have many ways."""
    rng = random.Random(seed)
    faces = []
    for die in STANDARD_DICE:
        options = [f for f in die.faces if f.is_wild or (f.number or 0) in (4, 7, 8, 9)] or list(
            die.faces
        )
        faces.append(rng.choice(options))
    return tuple(faces)


@settings(max_examples=max(5, settings().max_examples // 3))
@given(
    seed=st.integers(0, 2**32),
    phase=st.sampled_from(DICE_PHASES),
    rich=st.booleans(),
    any_color=st.booleans(),
)
def test_declarations_are_every_way_once(
    seed: int, phase: Phase, rich: bool, any_color: bool
) -> None:
    rules = DiceRules(wild_color="any" if any_color else "own")
    faces = _rich_roll(seed) if rich else _roll(seed)
    found = declarations(faces, phase, rules)
    expected = _brute_force(faces, phase, rules)
    assert {_signature(faces, phase, groups) for groups in found} == expected
    assert len(found) == len(expected)
    assert can_make(faces, phase, rules) is bool(expected)
    for groups in found:
        assert declaration_problem(faces, groups, phase, rules) is None
        assert all(list(group) == sorted(group) for group in groups)
    assert list(found) == sorted(found)


def test_a_mixed_phase_uses_wild_colours_right() -> None:
    """A phase with a run and a colour group: a Wild goes where its colour fits."""
    phase = Phase(1, (RunOf(3), ColorOf(3)))
    faces = parse_faces("R5 R6 R7 B1 B2 BW RW G9 Y9 G3")
    found = declarations(faces, phase, DiceRules())
    assert found
    expected = _brute_force(faces, phase, DiceRules())
    assert {_signature(faces, phase, g) for g in found} == expected


def test_closest_is_zero_for_a_made_phase_and_keeps_its_dice() -> None:
    faces = parse_faces("R10 G10 B10 Y9 R9 G9 R1 G2 B3 Y4")
    distance, keep = closest(faces, range(10), DICE_PHASES[0], DiceRules())
    assert distance == 0
    assert keep == (0, 1, 2, 3, 4, 5)


def test_closest_counts_the_missing_dice_and_keeps_the_best() -> None:
    """Two 10s and two 9s: two dice short of two sets of 3; keep them, not the 5s."""
    faces = parse_faces("R10 G10 B9 Y9 R5 G5 R1 G2 B3 Y4")
    distance, keep = closest(faces, range(10), DICE_PHASES[0], DiceRules())
    assert distance == 2
    assert keep == (0, 1, 2, 3)
    assert points(faces, ((0, 1), (2, 3))) == 38
