"""Phases: the "contracts" a player must lay down, and the phase lists (R-2, V-15).

>>> STANDARD_PHASES[1].name
'1 set of 3 + 1 run of 4'
>>> [p.number for p in EVEN_PHASES]
[2, 4, 6, 8, 10]
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .errors import InvalidRulesError
from .fastpath import Plan, compile_plan
from .limits import MAX_PHASE_NUMBER, show, text_problem
from .melds import DEFAULT_MELD_RULES, ColorOf, Requirement, RunOf, SetOf

__all__ = [
    "EVEN_PHASES",
    "ODD_PHASES",
    "PHASE_20",
    "PHASE_NAMES",
    "STANDARD_PHASES",
    "Phase",
    "describe_requirements",
]


PHASE_NAMES = "phase10.json_phase_names"
"""attrs field metadata key: JSON writes the name of every phase in the field, even a name
generated from the requirements (which documents otherwise leave out). A player view's
phase list carries it, so a client shows phase names without generating them."""


def describe_requirements(requirements: Iterable[Requirement]) -> str:
    """Words for a list of requirements, grouping equal neighbours: ``"2 sets of 3"``."""
    parts: list[str] = []
    reqs = list(requirements)
    i = 0
    while i < len(reqs):
        j = i
        while j < len(reqs) and reqs[j] == reqs[i]:
            j += 1
        parts.append(reqs[i].describe(j - i))
        i = j
    return " + ".join(parts)


def _number(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or not 1 <= value <= MAX_PHASE_NUMBER:
        raise InvalidRulesError(
            f"a phase number is a whole number from 1 to {MAX_PHASE_NUMBER}, not {show(value)}",
            option="phases",
        )


def _name(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str):
        raise InvalidRulesError(f"a phase name is text, not {show(value)}", option="phases")
    why = text_problem(value)
    if why:
        raise InvalidRulesError(f"a phase name {why}", option="phases")


def _requirements(value: Iterable[Requirement]) -> tuple[Requirement, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidRulesError(f"a phase is a list of requirements, not {show(value)}")
    reqs = tuple(value)
    if not reqs:
        raise InvalidRulesError("a phase needs at least one group")
    for req in reqs:
        if not isinstance(req, Requirement):
            raise InvalidRulesError(f"a phase is made of requirements, not {show(req)}")
    return reqs


@attrs.frozen(cache_hash=True)
class Phase:
    """A phase: its number in its list, its name and the groups it asks for (R-2).

    Groups with equal requirements are interchangeable; their order is the
    order in which a :class:`~phase10.LayDown` lists them.
    """

    number: int = attrs.field(validator=_number)
    """From 1 to 999 (:data:`phase10.limits.MAX_PHASE_NUMBER`)."""
    requirements: tuple[Requirement, ...] = attrs.field(converter=_requirements)
    name: str = attrs.field(default="", validator=_name)
    _fast_plan: Plan | None = attrs.field(init=False, eq=False, repr=False)
    """Derived: the solver's fast plan for the default run options (``None``: not covered)."""

    def __attrs_post_init__(self) -> None:
        if not self.name:
            object.__setattr__(self, "name", describe_requirements(self.requirements))
        object.__setattr__(self, "_fast_plan", compile_plan(self.requirements, DEFAULT_MELD_RULES))

    @property
    def min_cards(self) -> int:
        """How many cards the phase takes at the least."""
        return sum(req.size for req in self.requirements)

    def __str__(self) -> str:
        return f"Phase {self.number}: {self.name}"


def _phase(number: int, *requirements: Requirement) -> Phase:
    return Phase(number, requirements)


STANDARD_PHASES: tuple[Phase, ...] = (
    _phase(1, SetOf(3), SetOf(3)),
    _phase(2, SetOf(3), RunOf(4)),
    _phase(3, SetOf(4), RunOf(4)),
    _phase(4, RunOf(7)),
    _phase(5, RunOf(8)),
    _phase(6, RunOf(9)),
    _phase(7, SetOf(4), SetOf(4)),
    _phase(8, ColorOf(7)),
    _phase(9, SetOf(5), SetOf(2)),
    _phase(10, SetOf(5), SetOf(3)),
)
"""The ten phases of the original and the Masters Edition (R-2)."""

EVEN_PHASES: tuple[Phase, ...] = STANDARD_PHASES[1::2]
"""Official variation 3: phases 2, 4, 6, 8 and 10 (V-6)."""

ODD_PHASES: tuple[Phase, ...] = STANDARD_PHASES[0::2]
"""Phases 1, 3, 5, 7 and 9 (V-6)."""

PHASE_20: tuple[Phase, ...] = (
    *STANDARD_PHASES,
    _phase(11, SetOf(2), SetOf(2), SetOf(2), SetOf(2)),
    _phase(12, SetOf(4), RunOf(5)),
    _phase(13, SetOf(5), RunOf(5)),
    _phase(14, RunOf(4), ColorOf(4)),
    _phase(15, RunOf(5), ColorOf(4)),
    _phase(16, RunOf(10)),
    _phase(17, SetOf(4), SetOf(5)),
    _phase(18, ColorOf(9)),
    _phase(19, SetOf(6), SetOf(2)),
    _phase(20, SetOf(6), SetOf(3)),
)
"""Phase 10 + 10, "Phase 20": ten more phases after the tenth (V-15)."""
