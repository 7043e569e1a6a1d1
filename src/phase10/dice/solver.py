"""Which dice make a phase: every way, a yes/no answer, and the dice nearest to it.

The dice game reuses the card game's phase model. A number face acts as the
number card of its colour and a Wild face as the Wild card, so the card solver
(:func:`phase10.can_complete`) answers "does this roll make the phase?" for sets
and runs, and each group kind's own :meth:`~phase10.Requirement.candidates`
lists its possible groups. One thing has no card: a Wild face counts only as
its own colour in a colour group (D-3.4, ``wild_color="own"``). For such groups
the search below maps every face of a colour, Wild or not, to one card of that
colour, and maps the groups back to dice itself.

>>> from phase10 import STANDARD_PHASES
>>> from phase10.dice import DiceRules, parse_faces
>>> roll = parse_faces("R7 B7 G7 Y9 R9 BW R1 G2 B3 Y4")
>>> can_make(roll, STANDARD_PHASES[0], DiceRules())
True
>>> [groups for groups in declarations(roll, STANDARD_PHASES[0], DiceRules())]
[((0, 1, 2), (3, 4, 5))]
>>> points(roll, ((0, 1, 2), (3, 4, 5)))
39
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..cards import COLORS
from ..fastpath import completes
from ..melds import NaturalScope, Requirement, submultisets
from ..phases import Phase
from ..solver import can_complete
from .faces import Face
from .rules import DiceRules

__all__ = [
    "Groups",
    "can_make",
    "closest",
    "declaration_problem",
    "declarations",
    "points",
]

Groups = tuple[tuple[int, ...], ...]
"""A declaration: the dice (indices) of each group, in the order of the phase's groups."""

_WILD = 48
_COLOR_INDEX = {color: i for i, color in enumerate(COLORS)}


def points(faces: Sequence[Face], groups: Groups) -> int:
    """What a declaration scores: the numbers of its dice; Wilds score 0 (D-5.1)."""
    return sum(faces[i].points for group in groups for i in group)


def _code(face: Face, requirement: Requirement, colored: bool) -> int:
    """The card code ``face`` acts as in groups of ``requirement`` (see the module docstring).

    Features a kind does not look at are merged (all numbers count as 1, all
    colours as red), so the kind's candidates do not tell apart faces it cannot.
    """
    if face.number is None and not colored:
        return _WILD
    row = _COLOR_INDEX[face.color] if requirement.uses_colors else 0
    number = face.number if face.number is not None and requirement.uses_numbers else 1
    return row * 12 + number - 1


class _Search:
    """A depth-first search over the groups of one phase, on the dice of one roll."""

    def __init__(
        self,
        faces: Sequence[Face],
        dice: Sequence[int],
        requirements: Sequence[Requirement],
        rules: DiceRules,
        jokers: int,
        first_only: bool,
    ) -> None:
        self.faces = faces
        self.requirements = requirements
        self.rules = rules
        self.meld_rules = rules.meld_rules
        self.first_only = first_only
        self.jokers = jokers
        uses_colors = any(req.uses_colors for req in self.requirements)
        # Dice that look alike to every group of the phase are interchangeable: the
        # search takes the lowest-numbered. (Colours matter only to colour kinds.)
        self.key = {i: _key(faces[i], uses_colors) for i in dice}
        self.codes = [
            {i: _code(faces[i], req, rules.colored(req)) for i in dice} for req in self.requirements
        ]
        self.free = dict.fromkeys(dice, True)
        self.found: list[tuple[Groups, int]] = []
        self.scope_group = rules.natural_card_scope is NaturalScope.GROUP
        self.scope_phase = rules.natural_card_scope is NaturalScope.PHASE

    def run(self, index: int, chosen: list[tuple[int, ...]], naturals: int, jokers: int) -> bool:
        reqs = self.requirements
        if index == len(reqs):
            if self.scope_phase and naturals == 0:
                return False
            self.found.append((tuple(chosen), self.jokers - jokers))
            return self.first_only
        req = reqs[index]
        codes = self.codes[index]
        key = self.key
        counts = [0] * 51
        pools: dict[int, dict[tuple[int, str], list[int]]] = {}
        for i, free in self.free.items():
            if free:
                code = codes[i]
                counts[code] += 1
                pools.setdefault(code, {}).setdefault(key[i], []).append(i)
        counts[_WILD] += jokers
        floor = chosen[-1] if index and reqs[index - 1] == req else None
        for draft in req.candidates(counts, 0, self.meld_rules):
            for group, used_jokers in _assign(draft[0], pools, jokers):
                if floor is not None and group < floor:
                    continue
                natural = sum(1 for i in group if self.faces[i].number is not None)
                if self.scope_group and not natural:
                    continue
                for i in group:
                    self.free[i] = False
                chosen.append(group)
                done = self.run(index + 1, chosen, naturals + natural, jokers - used_jokers)
                chosen.pop()
                for i in group:
                    self.free[i] = True
                if done:
                    return True
        return False


def _assign(
    draft: Sequence[int], pools: dict[int, dict[tuple[int, str], list[int]]], jokers: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every distinct choice of free dice (and jokers) for the card codes of ``draft``.

    ``pools`` holds the free dice by code, then by what tells them apart; dice
    alike are taken lowest-numbered first, so only unlike ones make choices.
    """
    wanted: dict[int, int] = {}
    for code in draft:
        wanted[code] = wanted.get(code, 0) + 1
    options: list[list[tuple[tuple[int, ...], int]]] = []
    for code, count in wanted.items():
        by_key = pools.get(code, {})
        real = sum(len(dice) for dice in by_key.values())
        take = min(count, real)
        spare = count - take
        if spare and (code != _WILD or spare > jokers):
            return
        if len(by_key) <= 1:
            alike = next(iter(by_key.values()), [])
            options.append([(tuple(alike[:take]), spare)])
            continue
        kinds = list(by_key.values())
        choices = []
        for combo in submultisets([(k, len(dice)) for k, dice in enumerate(kinds)], take):
            picked: list[int] = []
            for k in set(combo):
                picked.extend(kinds[k][: combo.count(k)])
            choices.append((tuple(picked), spare))
        options.append(choices)
    yield from _product(options, 0, (), 0)


def _product(
    options: list[list[tuple[tuple[int, ...], int]]], index: int, dice: tuple[int, ...], jokers: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    if index == len(options):
        yield tuple(sorted(dice)), jokers
        return
    for picked, spare in options[index]:
        yield from _product(options, index + 1, dice + picked, jokers + spare)


def can_make(faces: Sequence[Face], phase: Phase, rules: DiceRules) -> bool:
    """Whether the dice showing ``faces`` make ``phase`` (each group at its size, D-4.2).

    The card solver answers when every group sees a face as one card: Wild
    faces as Wilds when no group is a colour group of D-3.4, or as cards of
    their colour when every group is one and no colour has enough Wild faces
    to fill a group alone (so every group holds a number die, R-7.2).
    """
    if len(faces) < phase.min_cards:
        return False
    reqs = phase.requirements
    colored = [rules.colored(req) for req in reqs]
    if not any(colored):
        cards = [face.card for face in faces]
    elif all(colored) and _wild_colors_below(faces, min(req.size for req in reqs)):
        cards = [face.color_card for face in faces]
    else:
        search = _Search(faces, range(len(faces)), reqs, rules, 0, True)
        return search.run(0, [], 0, 0)
    plan = rules._plan(phase)
    if plan is not None:
        return completes(plan, cards, rules.natural_card_scope is NaturalScope.PHASE)
    return can_complete(cards, phase, rules.meld_rules)


def _wild_colors_below(faces: Sequence[Face], size: int) -> bool:
    """Whether every colour shows fewer than ``size`` Wild faces."""
    counts: dict[object, int] = {}
    for face in faces:
        if face.number is None:
            counts[face.color] = counts.get(face.color, 0) + 1
    return all(count < size for count in counts.values())


def _key(face: Face, uses_colors: bool) -> tuple[int, str]:
    """What tells dice apart for a phase: the number (Wilds 0), and the colour if it matters."""
    return (face.points, face.color.value if uses_colors else "")


def _canonical(
    keys: Sequence[tuple[int, str]], reqs: Sequence[Requirement], groups: Groups
) -> tuple[object, Groups]:
    """The face-level form of a declaration, and its dice chosen lowest-numbered first.

    Two declarations that differ only by dice that look alike to the phase
    (``keys``, see :func:`_key`) have one form; groups of equal requirements
    are interchangeable, so they are ordered.
    """
    looks = [tuple(sorted(keys[i] for i in group)) for group in groups]
    order = sorted(range(len(reqs)), key=lambda g: (reqs.index(reqs[g]), looks[g]))
    slots: dict[Requirement, list[tuple[tuple[int, str], ...]]] = {}
    for g in order:
        slots.setdefault(reqs[g], []).append(looks[g])
    form = tuple(slots[req].pop(0) for req in reqs)
    free: dict[tuple[int, str], list[int]] = {}
    for i, key in enumerate(keys):
        free.setdefault(key, []).append(i)
    chosen = [tuple(sorted(free[key].pop(0) for key in look)) for look in form]
    by_dice: dict[Requirement, list[tuple[int, ...]]] = {}
    for req, group in zip(reqs, chosen, strict=True):
        by_dice.setdefault(req, []).append(group)
    for same in by_dice.values():
        same.sort(reverse=True)
    return form, tuple(by_dice[req].pop() for req in reqs)


def declarations(faces: Sequence[Face], phase: Phase, rules: DiceRules) -> tuple[Groups, ...]:
    """Every distinct way the dice make ``phase``, each group at its size (D-4.2).

    Ways that differ only by dice showing the same face (or, when no group of
    the phase looks at colours, the same number) are listed once, with the
    lowest-numbered dice. The order is fixed: by the dice of each group.
    """
    if not can_make(faces, phase, rules):
        return ()
    search = _Search(faces, range(len(faces)), phase.requirements, rules, 0, False)
    search.run(0, [], 0, 0)
    uses_colors = any(req.uses_colors for req in phase.requirements)
    keys = [_key(face, uses_colors) for face in faces]
    forms = dict(_canonical(keys, phase.requirements, groups) for groups, _ in search.found)
    return tuple(sorted(forms.values()))


def closest(
    faces: Sequence[Face], dice: Sequence[int], phase: Phase, rules: DiceRules
) -> tuple[int, tuple[int, ...]]:
    """How many more dice ``phase`` needs, and which of ``dice`` to keep to get there.

    The answer counts the fewest dice that, showing the right faces, would
    complete the phase together with some of ``dice`` (the dice a player could
    keep); of the ways with that fewest number it keeps the one scoring most.
    This is the measure :class:`~phase10.dice.GreedyBot` plays by.
    """
    for jokers in range(phase.min_cards + 1):
        search = _Search(faces, dice, phase.requirements, rules, jokers, False)
        search.run(0, [], 0, jokers)
        if search.found:
            best = max(
                search.found,
                key=lambda item: (points(faces, item[0]), [-i for g in item[0] for i in g]),
            )
            return jokers, tuple(sorted(i for group in best[0] for i in group))
    return phase.min_cards, ()


def declaration_problem(
    faces: Sequence[Face], groups: Groups, phase: Phase, rules: DiceRules
) -> str | None:
    """Why ``groups`` does not make ``phase`` with these dice, or ``None`` (D-4.2, D-3).

    The groups may come in any order; each must match one group of the phase,
    use exactly its number of dice, and be valid; no die may serve twice.
    """
    count = len(faces)
    used = [i for group in groups for i in group]
    for i in used:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < count:
            return f"there is no die {i!r} (the dice are 0-{count - 1})"
    if len(set(used)) != len(used):
        return "a die can serve in only one group (R-2.2)"
    reqs = phase.requirements
    if len(groups) != len(reqs):
        wanted = f"{len(reqs)} group" + ("" if len(reqs) == 1 else "s")
        return f"phase {phase.number} is {phase.name}: give {wanted}, not {len(groups)}"
    shown = " | ".join(" ".join(str(faces[i]) for i in group) for group in groups)
    for order in _orders(len(reqs)):
        if all(_group_ok(faces, groups[g], reqs[r], rules) for r, g in enumerate(order)):
            if rules.natural_card_scope is NaturalScope.PHASE and all(
                faces[i].is_wild for i in used
            ):
                return "a phase needs at least one number die (D-3.5, R-7.2)"
            return None
    return f"{shown} does not make phase {phase.number} ({phase.name})"


def _orders(n: int) -> Iterator[tuple[int, ...]]:
    """Every order of ``n`` groups (a phase has a handful at most)."""
    if n <= 1:
        yield tuple(range(n))
        return
    for first in range(n):
        for rest in _orders(n - 1):
            yield (first, *(r if r < first else r + 1 for r in rest))


def _group_ok(
    faces: Sequence[Face], group: tuple[int, ...], req: Requirement, rules: DiceRules
) -> bool:
    if len(group) != req.size:
        return False
    search = _Search(faces, group, (req,), rules, 0, True)
    search.scope_phase = False
    return search.run(0, [], 0, 0)
