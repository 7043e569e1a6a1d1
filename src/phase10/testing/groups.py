"""The checks of one group kind at the level of single groups: shape, candidates, hits, text.

Each function takes a :class:`~phase10.testing.report.Recorder` and records
what it finds wrong; the brute force of :mod:`phase10.testing.oracle` is the
reference for what the kind's ``problem`` accepts.
"""

from __future__ import annotations

import re
import typing
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence

import attrs

from ..actions import LayDown, LayGroup
from ..cards import ALL_CARDS, Card, Color, format_cards
from ..errors import Phase10Error
from ..melds import (
    Draft,
    Meld,
    MeldRules,
    NaturalScope,
    Requirement,
    meld_from_draft,
    requirement_kinds,
    submultisets,
)
from ..notation import action_to_text, parse_action
from ..serialization import decode_value, encode_value
from .oracle import BruteForce
from .report import Recorder

__all__ = [
    "KIND_RULES",
    "check_candidates",
    "check_hits",
    "check_shape",
    "check_text",
    "rebuilt",
    "rules_text",
]

KIND_RULES: tuple[MeldRules, ...] = (
    MeldRules(),
    MeldRules(natural_card_scope="group"),
    MeldRules(natural_card_scope="none"),
    MeldRules(wild_numbers=frozenset({3})),
    MeldRules(wild_numbers=frozenset({5}), natural_card_scope="group"),
    MeldRules(run_wraparound=True),
    MeldRules(wild_value_range=(0, 13)),
)
"""The group rules a kind is tried under: the defaults, each natural-card scope (A-3),
Postal's personal wilds (V-10.2), wrap-around runs and a wider Wild range (A-4)."""

_KIND_NAME = re.compile(r"[a-z][a-z_]*")
_PLAYABLE = ALL_CARDS[:50]  # every card but the Anti-Phase rule card, which never joins a group
_DEFAULT = MeldRules()


def rules_text(rules: MeldRules) -> str:
    """The options of ``rules`` that differ from the defaults, in words."""
    parts = []
    if rules.natural_card_scope is not NaturalScope.PHASE:
        parts.append(f"natural_card_scope={rules.natural_card_scope.value!r}")
    if rules.run_wraparound:
        parts.append("run_wraparound")
    if rules.wild_value_range != _DEFAULT.wild_value_range:
        parts.append(f"wild_value_range={rules.wild_value_range}")
    if rules.wild_numbers:
        parts.append(f"Postal wild numbers {sorted(rules.wild_numbers)}")
    return ", ".join(parts) or "default rules"


def _cards(cards: Iterable[Card]) -> str:
    return format_cards(sorted(cards)) or "no cards"


def _group(meld: Meld) -> str:
    """``R9 R9 W (number 9, color red)``: a group with its anchor."""
    anchor = []
    if meld.number is not None:
        anchor.append(f"number {meld.number}")
    if meld.color is not None:
        anchor.append(f"color {meld.color.name.lower()}")
    if meld.wraps:
        anchor.append("wraps")
    return f"{meld} ({', '.join(anchor)})" if anchor else str(meld)


def rebuilt(requirement: Requirement, **changes: object) -> Requirement:
    """A new requirement of the same class from the fields of ``requirement`` and ``changes``."""
    cls = type(requirement)
    fields = attrs.fields(typing.cast("type[attrs.AttrsInstance]", cls))
    values = {f.alias or f.name: getattr(requirement, f.name) for f in fields if f.init}
    values.update(changes)
    return cls(**values)


# --------------------------------------------------------------------------- shape


def check_shape(
    recorder: Recorder, cls: type[Requirement], requirements: Sequence[Requirement]
) -> None:
    """The class is a frozen attrs class with a unique kind the notation can write, and its
    values hash, compare and describe themselves."""
    name = "kind is well formed"
    with recorder.check(name):
        kind = cls.__dict__.get("kind")
        if not isinstance(kind, str):
            inherited = getattr(cls, "kind", None)
            recorder.fail(
                name,
                f"{cls.__name__} names no kind of its own (it inherits {inherited!r}): give it "
                "a class attribute kind, e.g. kind: ClassVar[str] = 'my_kind'",
            )
        else:
            if not _KIND_NAME.fullmatch(kind):
                recorder.fail(
                    name,
                    f"the kind {kind!r} cannot be written in the action notation: use lower "
                    "case letters and '_'",
                )
            if requirement_kinds().get(kind) is not cls:
                recorder.fail(name, f"the kind {kind!r} does not find {cls.__name__} again")
        if not attrs.has(cls):
            recorder.fail(name, f"{cls.__name__} is not an attrs class (use @attrs.frozen)")
        for flag in ("uses_numbers", "uses_colors", "wraps_around"):
            if not isinstance(getattr(cls, flag), bool):
                recorder.fail(name, f"{cls.__name__}.{flag} is not True or False")
    for requirement in requirements:
        with recorder.check(name, repr(requirement)):
            _check_value(recorder, name, requirement)


def _check_value(recorder: Recorder, name: str, requirement: Requirement) -> None:
    twin = rebuilt(requirement)
    try:
        setattr(rebuilt(requirement), "size", requirement.size + 1)  # noqa: B010 - a copy
    except (attrs.exceptions.FrozenInstanceError, AttributeError):
        pass
    else:
        recorder.fail(name, f"{requirement!r} can be changed: make the class frozen")
        return
    if twin != requirement or hash(twin) != hash(requirement):
        recorder.fail(name, f"{requirement!r}: an equal copy compares or hashes differently")
    one, two = requirement.describe(), requirement.describe(2)
    if not (isinstance(one, str) and one and isinstance(two, str) and two and one != two):
        recorder.fail(
            name, f"{requirement!r}: describe() and describe(2) must be different, non-empty words"
        )
    if not isinstance(requirement.size, int) or requirement.size < 1:
        recorder.fail(name, f"{requirement!r}: size must be a whole number of at least 1")


# --------------------------------------------------------------------------- candidates


def check_candidates(
    recorder: Recorder,
    requirement: Requirement,
    hand: Sequence[Card],
    rules: MeldRules,
    oracle: BruteForce,
) -> list[Meld]:
    """``candidates`` offers exactly the groups the brute force finds; return its groups.

    Each draft must be a valid group of exactly ``size`` cards from the hand, with as
    many natural cards as it claims; every choice of cards that can form the group
    (with a natural card, when asked) must be among the drafts.
    """
    name = "candidates match the brute force"
    where = f"{requirement!r}, hand {_cards(hand)}, {rules_text(rules)}"
    found: list[Meld] = []
    with recorder.check(name, where):
        counts = _counts(hand)
        have = Counter({code: n for code, n in enumerate(counts) if n})
        pairs = [(code, n) for code, n in enumerate(counts) if n]
        for min_naturals in (0, 1):
            given = list(counts)
            drafts = list(requirement.candidates(given, min_naturals, rules))
            if given != counts:
                recorder.fail(name, f"candidates changed the counts it was given ({where})")
            offered: set[tuple[int, ...]] = set()
            for draft in drafts:
                meld = _check_draft(recorder, name, requirement, draft, have, min_naturals, rules)
                if meld is not None:
                    offered.add(tuple(sorted(card.code for card in meld.cards)))
                    if min_naturals == 0:
                        found.append(meld)
            for codes in submultisets(pairs, requirement.size):
                cards = tuple(ALL_CARDS[code] for code in codes)
                valid, natural = oracle.verdict(requirement, cards)
                if (natural if min_naturals else valid) and codes not in offered:
                    example = next(
                        (
                            m
                            for m in oracle.arrangements(requirement, cards)
                            if requirement.natural_count(m) >= min_naturals
                        ),
                        None,
                    )
                    shown = "them" if example is None else _group(example)
                    recorder.fail(
                        name,
                        f"candidates(min_naturals={min_naturals}) never offers "
                        f"{_cards(cards)}, though problem() accepts {shown} ({where})",
                    )
    return found


def _counts(hand: Sequence[Card]) -> list[int]:
    counts = [0] * 50
    for card in hand:
        if not card.is_skip and card.code < 50:
            counts[card.code] += 1
    return counts


def _check_draft(
    recorder: Recorder,
    name: str,
    requirement: Requirement,
    draft: Draft,
    have: Counter[int],
    min_naturals: int,
    rules: MeldRules,
) -> Meld | None:
    codes, _, _, naturals = draft
    where = f"{requirement!r}, {rules_text(rules)}"
    if len(codes) != requirement.size:
        recorder.fail(
            name, f"a draft holds {len(codes)} cards, not size {requirement.size} ({where})"
        )
        return None
    extra = Counter(codes) - have
    if extra:
        shown = _cards(ALL_CARDS[code] for code in extra.elements())
        recorder.fail(name, f"a draft uses {shown}, which the hand does not hold ({where})")
        return None
    meld = meld_from_draft(requirement, draft, rules)
    why = meld.problem(attrs.evolve(rules, natural_card_scope=NaturalScope.NONE))
    if why is not None:
        recorder.fail(
            name, f"candidates offers {_group(meld)}, which problem() refuses: {why} ({where})"
        )
        return None
    counted = meld.natural_count()
    if counted != naturals or naturals < min_naturals:
        recorder.fail(
            name,
            f"the draft of {_group(meld)} claims {naturals} natural cards; natural_count() "
            f"says {counted} and {min_naturals} were asked for ({where})",
        )
    return meld


# --------------------------------------------------------------------------- hits


def check_hits(
    recorder: Recorder, melds: Sequence[Meld], rules: MeldRules, oracle: BruteForce
) -> None:
    """``hit_ends`` offers exactly the cards that can join a group keeping what its cards
    stand for (R-6.5, R-7.3), every hit gives a valid group, and groups alike by
    ``outcome_key`` accept the same hits."""
    name = "hits"
    melds = [meld for meld in _distinct(melds) if meld.problem(rules) is None]
    for meld in melds:
        with recorder.check(name, f"{_group(meld)}, {rules_text(rules)}"):
            _check_meld_hits(recorder, name, meld, rules, oracle)
    name = "outcome_key"
    alike: dict[Hashable, list[Meld]] = {}
    for meld in _distinct(melds):
        with recorder.check(name, _group(meld)):
            key = (meld.requirement.outcome_key(meld), tuple(sorted(meld.cards)))
            hash(key)
            alike.setdefault(key, []).append(meld)
    for group in alike.values():
        for other in group[1:]:
            with recorder.check(name, _group(other)):
                _check_alike(recorder, name, group[0], other, rules)


def _distinct(melds: Iterable[Meld]) -> list[Meld]:
    return list(dict.fromkeys(melds))


def _meanings(meld: Meld) -> Counter[tuple[Card, object]]:
    return Counter(zip(meld.cards, meld.stands_for(), strict=True))


def _check_meld_hits(
    recorder: Recorder, name: str, meld: Meld, rules: MeldRules, oracle: BruteForce
) -> None:
    requirement = meld.requirement
    joins = _joins(meld, rules, oracle)
    for card in _PLAYABLE:
        ends = meld.hit_ends(card, rules)
        for end in ends:
            bigger = meld.hit(card, end, rules)
            why = bigger.problem(rules)
            kept = not (_meanings(meld) - _meanings(bigger))
            if why is not None or Counter(bigger.cards) != Counter((*meld.cards, card)) or not kept:
                recorder.fail(
                    name,
                    f"hitting {card} on {_group(meld)} ({end}) gives {_group(bigger)}: "
                    f"{why or 'not the group plus the card, keeping what each card stands for'} "
                    f"({rules_text(rules)})",
                )
        if not ends:
            bigger_melds = [
                Meld(
                    requirement, (*meld.cards[:p], card, *meld.cards[p:]), number, color, meld.wraps
                )
                for p, number, color in joins
            ]
            valid = next((m for m in bigger_melds if requirement.problem(m, rules) is None), None)
            if valid is not None:
                recorder.fail(
                    name,
                    f"hit_ends offers no place for {card} on {_group(meld)}, though "
                    f"{_group(valid)} is valid and keeps what each card stands for "
                    f"({rules_text(rules)})",
                )


def _joins(
    meld: Meld, rules: MeldRules, oracle: BruteForce
) -> list[tuple[int, int | None, Color | None]]:
    """``(position, number, colour)``: where one more card could go, and the anchor that
    keeps what every card of ``meld`` stands for."""
    requirement = meld.requirement
    meaning = requirement.stands_for(meld)
    length = len(meld.cards) + 1
    found: list[tuple[int, int | None, Color | None]] = []
    for layout in oracle.layouts(requirement, length):
        number, color, _ = layout.anchor
        if color is not meld.color:  # the colour is part of what every card stands for
            continue
        skeleton = Meld(requirement, (ALL_CARDS[48],) * length, number, color, meld.wraps)
        try:
            positions = requirement.stands_for(skeleton)
        except (Phase10Error, ValueError, TypeError, AssertionError):
            continue
        for p in range(length):
            if tuple(positions[:p]) + tuple(positions[p + 1 :]) == tuple(meaning):
                found.append((p, number, color))
    return found


def _check_alike(recorder: Recorder, name: str, one: Meld, other: Meld, rules: MeldRules) -> None:
    requirement = one.requirement
    for card in _PLAYABLE:
        ends_one, ends_other = one.hit_ends(card, rules), other.hit_ends(card, rules)
        if ends_one != ends_other:
            recorder.fail(
                name,
                f"outcome_key calls {_group(one)} and {_group(other)} alike, but {card} fits "
                f"them at {ends_one} and {ends_other} ({rules_text(rules)})",
            )
            return
        for end in ends_one:
            after_one, after_other = one.hit(card, end, rules), other.hit(card, end, rules)
            if requirement.outcome_key(after_one) != requirement.outcome_key(after_other):
                recorder.fail(
                    name,
                    f"outcome_key calls {_group(one)} and {_group(other)} alike, but not after "
                    f"{card} is hit on them ({rules_text(rules)})",
                )
                return


# --------------------------------------------------------------------------- text


def check_text(recorder: Recorder, melds: Sequence[Meld]) -> None:
    """Lay-downs of the groups survive the action notation, and the groups JSON."""
    for meld in _distinct(melds):
        with recorder.check("action notation round trip", _group(meld)):
            for action in (LayDown((meld,)), LayGroup(meld)):
                text = action_to_text(action)
                back = parse_action(text)
                if back != action:
                    recorder.fail(
                        "action notation round trip",
                        f"{text!r} reads back as a different action: {back!r}",
                    )
        with recorder.check("JSON round trip", _group(meld)):
            data = encode_value(meld, Meld)
            if decode_value(data, Meld) != meld:
                recorder.fail("JSON round trip", f"{data} reads back as a different group")
