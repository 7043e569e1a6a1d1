"""The two entry points: :func:`check_group_kind` and :func:`check_variant`."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import attrs

from ..cards import Card
from ..limits import show
from ..melds import ColorOf, MeldRules, Requirement, RunOf, SetOf, requirement_kinds
from ..phases import Phase
from ..rules import Rules
from ..serialization import from_json, to_json
from ..variants import resolve
from .games import check_games
from .groups import KIND_RULES, check_candidates, check_hits, check_shape, check_text, rebuilt
from .hands import deal_hand
from .oracle import BruteForce
from .report import Recorder, Report
from .solving import check_listing, check_solver

__all__ = ["check_group_kind", "check_variant"]

_BUILT_IN = (SetOf, RunOf, ColorOf)
_OWN_KIND_HANDS = 8
"""Hands on which :func:`check_variant` tries each group kind of its own on its own."""


def _requirements(
    kind: str | type[Requirement] | Requirement | Iterable[Requirement], recorder: Recorder
) -> tuple[type[Requirement] | None, tuple[Requirement, ...]]:
    name = "kind is well formed"
    if isinstance(kind, str):
        found = requirement_kinds().get(kind)
        if found is None:
            known = ", ".join(requirement_kinds())
            recorder.fail(name, f"no group kind is named {kind!r} (known: {known})")
            return None, ()
        kind = found
    if isinstance(kind, type) and issubclass(kind, Requirement):
        built: list[Requirement] = []
        for size in (1, 2, 3):
            with recorder.check(name, f"{kind.__name__}(size={size})"):
                built.append(kind(size=size))  # type: ignore[call-arg]
        return kind, tuple(built)
    items = (kind,) if isinstance(kind, (Requirement, type)) else tuple(kind)
    requirements = tuple(item for item in items if isinstance(item, Requirement))
    if len(requirements) < len(items) or not requirements:
        recorder.fail(
            name,
            "expected a Requirement subclass, its kind name, or Requirement values, not "
            f"{', '.join(show(item) for item in items) or 'nothing'}",
        )
        return None, ()
    classes = {type(r) for r in requirements}
    return (classes.pop() if len(classes) == 1 else None), requirements


def _subject(kind: type[Requirement] | None, requirements: Sequence[Requirement]) -> str:
    if kind is None:
        return "group kinds " + ", ".join(sorted({repr(type(r).kind) for r in requirements}))
    return f"group kind {getattr(kind, 'kind', '?')!r} ({kind.__name__})"


def check_group_kind(
    kind: str | type[Requirement] | Requirement | Iterable[Requirement],
    *,
    hands: int = 8,
    games: int = 2,
    seed: int = 0,
) -> Report:
    """Run the library's invariants on a group kind and report what fails, in words.

    ``kind`` is a :class:`~phase10.Requirement` subclass or its kind name (tried at
    sizes 1, 2 and 3: it must be buildable as ``kind(size=n)``), one requirement, or
    several (a kind with other fields, e.g. ``[ParityOf(3, "odd"), ParityOf(2)]``). Each
    requirement is tried on ``hands`` small hands under each of the group rules
    of :data:`~phase10.testing.groups.KIND_RULES`, as one group and in phases (on
    its own, twice, beside a run), and bots play ``games`` games of two phases using
    it (every second one under Postal rules). ``seed`` fixes every hand and game.

    >>> from phase10 import ColorRunOf
    >>> check_group_kind(ColorRunOf, hands=2, games=1).ok
    True
    """
    recorder = Recorder(f"group kind {show(kind)}")
    cls, requirements = _requirements(kind, recorder)
    if not requirements:
        return recorder.report()
    recorder.subject = _subject(cls, requirements)
    if cls is not None:
        check_shape(recorder, cls, requirements)
    else:
        for one in dict.fromkeys(type(r) for r in requirements):
            check_shape(recorder, one, [r for r in requirements if type(r) is one])
    if recorder.failed("kind is well formed"):
        return recorder.report()
    rng = random.Random(seed)
    for rules in KIND_RULES:
        oracle = BruteForce(rules)
        for count in range(hands):
            hand = deal_hand(rng, rng.randint(4, 7))
            for requirement in requirements:
                _check_groups(recorder, requirement, hand, rules, oracle)
            if count % 2 == 0:
                hand = deal_hand(rng, 8)
                for phase in _phases(requirements):
                    check_solver(recorder, hand, phase, rules, oracle)
                    check_listing(recorder, _limited(hand), phase, rules)
    with recorder.check("JSON round trip", "rules with the kind's phases"):
        _check_rules(recorder, _game_rules(requirements, postal=False))
    check_games(recorder, _game_rules(requirements, postal=False), games - games // 2, seed)
    check_games(recorder, _game_rules(requirements, postal=True), games // 2, seed + 1_000)
    return recorder.report()


def _check_groups(
    recorder: Recorder,
    requirement: Requirement,
    hand: Sequence[Card],
    rules: MeldRules,
    oracle: BruteForce,
) -> None:
    melds = check_candidates(recorder, requirement, hand, rules, oracle)
    check_hits(recorder, melds[:6], rules, oracle)
    if rules == KIND_RULES[0]:
        check_text(recorder, melds[:6])


def _phases(requirements: Sequence[Requirement]) -> list[Phase]:
    """Phases that use the requirements: each alone, twice, and beside a run (whose cards
    the solver tells apart by number only). Groups of one card are left out when there
    are bigger ones: every hand lays them down in a great many ways."""
    sizes = [r for r in requirements if r.size > 1] or list(requirements)
    phases: list[Phase] = []
    for requirement in sizes:
        phases.append(Phase(1, (requirement,)))
        phases.append(Phase(2, (requirement, requirement)))
        phases.append(Phase(3, (requirement, RunOf(3))))
    return phases


def _limited(hand: Sequence[Card]) -> tuple[Card, ...]:
    """At most two Wilds: the listing check enumerates every lay-down."""
    kept: list[Card] = []
    for card in hand:
        if not card.is_wild or sum(c.is_wild for c in kept) < 2:
            kept.append(card)
    return tuple(kept)


def _game_rules(requirements: Sequence[Requirement], postal: bool) -> Rules:
    """Two phases using the kind, beside groups every hand can hit, so hands end."""
    biggest = max(requirements, key=lambda r: r.size)
    phases = (Phase(1, (biggest, SetOf(3))), Phase(2, (biggest, RunOf(4))))
    return Rules(phases=phases, postal=postal, max_turns=2_000, spec="kit")


def _check_rules(recorder: Recorder, rules: Rules) -> None:
    if from_json(to_json(rules), "rules") != rules:
        recorder.fail("JSON round trip", f"the rules of {rules.spec!r} read back changed")


def check_variant(
    name_or_rules: str | Rules, *, hands: int = 6, games: int = 3, seed: int = 0
) -> Report:
    """Run the library's invariants on a variant (a spec or a :class:`~phase10.Rules`).

    Checks that the rules survive JSON; that every group kind of its phases
    besides sets, runs and colour groups passes :func:`check_group_kind`'s
    checks on single groups; that on ``hands`` hands per phase the solver agrees
    with the brute force and the lay-down listing loses nothing (under Postal,
    with each phase's personal wilds too, V-10.2); and that bots play ``games``
    whole games at each table size in turn, with every step checked (legal
    actions, every card accounted for, the action notation, JSON of states and
    views, the record's replay). ``seed`` fixes every hand and game.

    >>> check_variant("even-phases", hands=1, games=1).ok
    True
    """
    recorder = Recorder("variant")
    with recorder.check("rules"):
        rules = name_or_rules if isinstance(name_or_rules, Rules) else resolve(name_or_rules)
    if recorder.failed("rules"):
        recorder.subject = f"variant {name_or_rules!r}"
        return recorder.report()
    recorder.subject = f"variant {rules.spec!r}"
    with recorder.check("JSON round trip", "the rules"):
        _check_rules(recorder, rules)
    rng = random.Random(seed)
    _check_own_kinds(recorder, rules, rng)
    for phase in dict.fromkeys(rules.phases):
        for meld_rules in _meld_rules(rules, phase):
            oracle = BruteForce(meld_rules)
            for _ in range(hands):
                hand = deal_hand(rng, rules.hand_size + 1, rules.deck)
                check_solver(recorder, hand, phase, meld_rules, oracle)
                small = deal_hand(rng, min(phase.min_cards + 2, rules.hand_size + 1), rules.deck)
                check_listing(recorder, _limited(small), phase, meld_rules, rules.movable_wilds)
    check_games(recorder, rules, games, seed)
    return recorder.report()


def _meld_rules(rules: Rules, phase: Phase) -> list[MeldRules]:
    """The group rules a phase is laid under: the table's, and Postal's personal wilds of
    a player working on it (phases 1-7, V-10.2)."""
    found = [rules.meld_rules]
    if rules.postal and phase.number <= 7:
        found.append(attrs.evolve(rules.meld_rules, wild_numbers=frozenset({phase.number})))
    return found


def _check_own_kinds(recorder: Recorder, rules: Rules, rng: random.Random) -> None:
    """The single-group checks of every kind of the phases besides the built-in three."""
    own = [
        requirement
        for phase in rules.phases
        for requirement in phase.requirements
        if type(requirement) not in _BUILT_IN
    ]
    for cls in dict.fromkeys(type(r) for r in own):
        check_shape(recorder, cls, [r for r in own if type(r) is cls])
    meld_rules = rules.meld_rules
    oracle = BruteForce(meld_rules)
    for requirement in dict.fromkeys(own):
        small = rebuilt(requirement, size=min(requirement.size, 3))
        for _ in range(_OWN_KIND_HANDS):
            hand = deal_hand(rng, rng.randint(4, 7))
            _check_groups(recorder, small, hand, meld_rules, oracle)
