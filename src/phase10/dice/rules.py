"""The rules of Phase 10 Dice as one frozen, validated value, and named presets.

``DiceRules()`` is the game of the Fundex instruction sheet ``[F-DICE]``. Each
field is a rule the sources leave open or that a table may want to change; the
rules page (``docs/dice.rst``) gives every D-id, its source and its option.
Enum options also accept their string value:

>>> rules = DiceRules(wild_color="any", ending="end_of_round")
>>> rules.wild_color, rules.ending
(<WildColor.ANY: 'any'>, <Ending.END_OF_ROUND: 'end_of_round'>)
>>> DiceRules(rolls=0)
Traceback (most recent call last):
...
phase10.errors.InvalidRulesError: rolls: must be a whole number from 1 to 100, not 0
>>> resolve_rules("end-of-round+shared-bonus-free").spec
Traceback (most recent call last):
...
phase10.errors.InvalidRulesError: spec: no dice preset 'shared-bonus-free' (known: standard, \
wilds-any-color, end-of-round, immediate-end, most-phases, no-bonuses)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from ..errors import InvalidRulesError
from ..fastpath import Plan, plan_for
from ..limits import show
from ..melds import MeldRules, NaturalScope, Requirement
from ..phases import STANDARD_PHASES, Phase
from ..rules import RuleOption, coerce_option
from ..seating import table_size_error
from .faces import STANDARD_DICE, Die

__all__ = [
    "DICE_PHASES",
    "PRESETS",
    "DiceRules",
    "DiceTiebreak",
    "Ending",
    "WildColor",
    "resolve_rules",
]

DICE_PHASES: tuple[Phase, ...] = STANDARD_PHASES
"""The ten phases of the Phase 10 Dice scorepad (D-4.1): the card game's list, whose
"7 cards of one color" is made with the colours of the dice faces."""


class WildColor(RuleOption):
    """D-3.4: whether a Wild face may join a group of one colour other than its own."""

    OWN = "own"
    """A Wild counts only as its own colour in a colour group ``[F-DICE]``."""
    ANY = "any"
    """A Wild takes any colour, as a Wild card does in the card game (R-7.1)."""


class Ending(RuleOption):
    """D-6.1: what happens once a player has made the last phase."""

    LAST_CHANCE = "last_chance"
    """Every other player gets a last try, and goes on while they make phases ``[F-DICE]``."""
    END_OF_ROUND = "end_of_round"
    """The players after the finisher in the round take their turn; then the game ends."""
    IMMEDIATE = "immediate"
    """The game ends at once."""


class DiceTiebreak(RuleOption):
    """D-6.4: who wins when the highest totals are equal (the sources do not say)."""

    SHARED = "shared"
    """The tied players share the win."""
    MOST_PHASES = "most_phases"
    """The tied player with more phases made wins; a tie that remains is shared."""


def _check_int(low: int, high: int) -> Callable[[object, attrs.Attribute[int], object], None]:
    def check(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise InvalidRulesError(
                f"must be a whole number from {low} to {high}, not {value!r}",
                option=attribute.name,
            )

    return check


def _max_turns(instance: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None and (
        not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10**9
    ):
        raise InvalidRulesError(f"must be None or a whole number >= 1, not {value!r}", "max_turns")


def _dice(value: Iterable[Die]) -> tuple[Die, ...]:
    if isinstance(value, (str, bytes)):
        raise InvalidRulesError("must be a sequence of Die, not text", option="dice")
    if not isinstance(value, Iterable):
        raise InvalidRulesError(f"must be a sequence of Die, not {show(value)}", option="dice")
    dice = tuple(value)
    if not 1 <= len(dice) <= 64 or not all(isinstance(die, Die) for die in dice):
        raise InvalidRulesError("must be a sequence of 1 to 64 Die values", option="dice")
    return dice


def _phases(value: Iterable[Phase]) -> tuple[Phase, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidRulesError(f"must be a sequence of Phase, not {show(value)}", "phases")
    phases = tuple(value)
    if not phases or not all(isinstance(p, Phase) for p in phases):
        raise InvalidRulesError("must be a non-empty sequence of Phase", option="phases")
    if [p.number for p in phases] != list(range(1, len(phases) + 1)):
        raise InvalidRulesError("phases must be numbered 1, 2, 3, ... in order", option="phases")
    return phases


def _to_wild_color(value: WildColor | str) -> WildColor:
    return coerce_option(WildColor, value, "wild_color")


def _to_ending(value: Ending | str) -> Ending:
    return coerce_option(Ending, value, "ending")


def _to_tiebreak(value: DiceTiebreak | str) -> DiceTiebreak:
    return coerce_option(DiceTiebreak, value, "tiebreak")


def _to_scope(value: NaturalScope | str) -> NaturalScope:
    return coerce_option(NaturalScope, value, "natural_card_scope")


@attrs.frozen(cache_hash=True)
class DiceRules:
    """Every rule option of Phase 10 Dice, with the defaults of ``[F-DICE]``.

    See ``docs/dice.rst`` for the D-ids. Invalid values raise
    :class:`~phase10.InvalidRulesError` naming the option.
    """

    dice: tuple[Die, ...] = attrs.field(default=STANDARD_DICE, converter=_dice)
    """The dice rolled each turn (D-1)."""
    phases: tuple[Phase, ...] = attrs.field(default=DICE_PHASES, converter=_phases)
    """The phases, made in order (D-4)."""
    rolls: int = attrs.field(default=3, validator=_check_int(1, 100))
    """Rolls per turn, the first of all the dice (D-2.1)."""
    wild_color: WildColor = attrs.field(default=WildColor.OWN, converter=_to_wild_color)
    """Whether a Wild face joins a colour group of another colour (D-3.4)."""
    natural_card_scope: NaturalScope = attrs.field(default=NaturalScope.PHASE, converter=_to_scope)
    """Where a number die is needed, as A-3 of the card game (D-3.5)."""
    halfway_phase: int = attrs.field(default=5, validator=_check_int(0, 1000))
    """After making this many phases a player may earn the halfway bonus (D-5.3); 0, or a
    number beyond the phase list, means no such bonus."""
    halfway_min_score: int = attrs.field(default=221, validator=_check_int(0, 10**6))
    """The total needed for the halfway bonus ("over 220", D-5.3)."""
    halfway_bonus: int = attrs.field(default=40, validator=_check_int(0, 10**6))
    """The halfway ("Five Phase") bonus (D-5.3)."""
    finish_bonus: int = attrs.field(default=40, validator=_check_int(0, 10**6))
    """The First Finish bonus (D-5.4)."""
    ending: Ending = attrs.field(default=Ending.LAST_CHANCE, converter=_to_ending)
    """What follows the first player to make the last phase (D-6.1)."""
    tiebreak: DiceTiebreak = attrs.field(default=DiceTiebreak.SHARED, converter=_to_tiebreak)
    """How equal highest totals are settled (D-6.4)."""
    solo_miss_penalty: int = attrs.field(default=5, validator=_check_int(0, 10**6))
    """Points a player alone at the table loses per failed turn (D-7.1)."""
    min_players: int = attrs.field(default=1, validator=_check_int(1, 64))
    """The fewest players (D-1.4)."""
    max_players: int = attrs.field(default=8, validator=_check_int(1, 64))
    """The most players (D-1.4, a library choice)."""
    max_turns: int | None = attrs.field(default=None, validator=_max_turns)
    """A safety cap: after that many turns the game ends with no winner (for bots)."""
    spec: str = attrs.field(default="standard", validator=attrs.validators.instance_of(str))
    """The preset spec these rules came from (a label, as :attr:`phase10.Rules.spec`)."""
    meld_rules: MeldRules = attrs.field(init=False, eq=False, repr=False)
    """Derived: the group options of the card solver (Wilds stand for 1 to the top number)."""
    _plans: tuple[Plan | None, ...] = attrs.field(init=False, eq=False, repr=False)
    """Derived: the card solver's fast plan of each phase under :attr:`meld_rules`."""

    def __attrs_post_init__(self) -> None:
        if self.min_players > self.max_players:
            raise InvalidRulesError("min_players is above max_players", option="min_players")
        for phase in self.phases:
            if phase.min_cards > len(self.dice):
                raise InvalidRulesError(
                    f"phase {phase.number} needs {phase.min_cards} dice; there are "
                    f"{len(self.dice)}",
                    option="phases",
                )
        top = max((f.number or 1 for die in self.dice for f in die.faces), default=1)
        scope = self.natural_card_scope
        meld_rules = MeldRules(scope, False, (1, max(top, 1)))
        object.__setattr__(self, "meld_rules", meld_rules)
        plans: list[Plan | None] = []
        for phase in self.phases:
            plan: Plan | None = getattr(phase, "_fast_plan", None)
            usable = plan is not None and scope is not NaturalScope.GROUP
            plans.append(plan_for(plan, meld_rules) if usable and plan is not None else None)
        object.__setattr__(self, "_plans", tuple(plans))

    def check_players(self, count: int) -> None:
        """Raise :class:`~phase10.InvalidRulesError` unless ``count`` players may play."""
        if not self.min_players <= count <= self.max_players:
            raise table_size_error(count, self.min_players, self.max_players)

    def phase(self, number: int) -> Phase:
        """The phase with this number."""
        return self.phases[number - 1]

    def colored(self, requirement: Requirement) -> bool:
        """Whether a Wild face counts only as its own colour in ``requirement`` (D-3.4).

        That is so for groups of one colour (kinds that use colours but not numbers)
        under ``wild_color="own"``; other kinds treat a Wild face as a Wild card.
        """
        return (
            self.wild_color is WildColor.OWN
            and requirement.uses_colors
            and not requirement.uses_numbers
        )

    def _plan(self, phase: Phase) -> Plan | None:
        """The card solver's fast plan of one of these phases (``None``: use the search)."""
        index = phase.number - 1
        if 0 <= index < len(self.phases) and self.phases[index] == phase:
            return self._plans[index]
        return None

    def with_options(self, **changes: Any) -> DiceRules:
        """These rules with some options changed (checked like the constructor)."""
        return attrs.evolve(self, **changes)


def _preset(**changes: Any) -> Callable[[DiceRules], DiceRules]:
    def transform(rules: DiceRules) -> DiceRules:
        return attrs.evolve(rules, **changes)

    return transform


PRESETS: Mapping[str, tuple[str, Callable[[DiceRules], DiceRules]]] = MappingProxyType(
    {
        "standard": ("The Fundex rules [F-DICE]", _preset()),
        "wilds-any-color": ("A Wild joins a colour group of any colour", _preset(wild_color="any")),
        "end-of-round": (
            "After the first finish, the round is played out",
            _preset(ending="end_of_round"),
        ),
        "immediate-end": ("The first finish ends the game at once", _preset(ending="immediate")),
        "most-phases": ("Equal totals: more phases made wins", _preset(tiebreak="most_phases")),
        "no-bonuses": (
            "No halfway and no First Finish bonus",
            _preset(halfway_bonus=0, finish_bonus=0),
        ),
    }
)
"""Named rule presets: name -> (description, transform). They combine with ``+``."""


def resolve_rules(spec: str | DiceRules | None = None) -> DiceRules:
    """The rules of a preset spec such as ``"standard"`` or ``"end-of-round+most-phases"``.

    A :class:`DiceRules` is returned as it is; ``None`` is ``"standard"``.

    >>> resolve_rules("wilds-any-color+immediate-end").ending
    <Ending.IMMEDIATE: 'immediate'>
    """
    if spec is None:
        return DiceRules()
    if isinstance(spec, DiceRules):
        return spec
    if not isinstance(spec, str):
        raise InvalidRulesError(f"rules must be DiceRules or a preset spec, not {spec!r}")
    rules = DiceRules()
    names = [part.strip().lower() for part in spec.split("+")]
    for name in names:
        entry = PRESETS.get(name)
        if entry is None:
            known = ", ".join(PRESETS)
            raise InvalidRulesError(f"no dice preset {name!r} (known: {known})", option="spec")
        rules = entry[1](rules)
    return attrs.evolve(rules, spec="+".join(names))
