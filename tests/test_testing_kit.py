"""The conformance kit (``phase10.testing``, issue 15): every built-in variant and group kind
passes it, and each check fails, in words, on a kind or a game that breaks its invariant."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar
from unittest import mock

import attrs
import pytest
from hypothesis import settings

import phase10.testing.games as kit_games
from games import FULL_STRENGTH, PROFILE_SPECS
from phase10 import (
    WILD,
    AltColorRunOf,
    Card,
    ColorOf,
    ColorParityRunOf,
    ColorRunOf,
    ColorSetOf,
    End,
    GameState,
    Meld,
    MeldRules,
    Parity,
    ParityOf,
    ParityRunOf,
    Phase,
    Requirement,
    Rules,
    RunOf,
    SetOf,
    apply,
)
from phase10.melds import Draft
from phase10.testing import Failure, Report, check_group_kind, check_variant
from scale import FULL_EXAMPLES, scaled

KINDS: tuple[type[Requirement], ...] = (
    SetOf,
    RunOf,
    ColorOf,
    ColorSetOf,
    ColorRunOf,
    ParityOf,
    ParityRunOf,
    AltColorRunOf,
    ColorParityRunOf,
)

PROFILE_KINDS = (
    KINDS if FULL_STRENGTH else tuple(k for k in KINDS if k not in (ColorRunOf, AltColorRunOf))
)
"""The kinds checked one by one below: all under the "ci" profile; the fast one leaves out
the two costliest, whose candidates and solver test_extra_kinds and test_alt_color_runs
check against the brute force besides (and the kit runs on its own for colour runs in
:func:`test_a_variant_of_extra_kinds_passes`)."""

HANDS = scaled(4, minimum=1)
"""Hands per group rules and kind (or per phase of a variant): 1 in the fast profile."""
GAMES = scaled(3, minimum=1)
"""Games per group kind: 1 in the fast profile."""
VARIANT_GAMES = GAMES if settings().max_examples >= FULL_EXAMPLES else 0
"""Whole games per variant, every step checked: 3 under the "ci" profile, none in the fast
one, where a variant's games are most of its time and the fast run checks their invariants
per variant elsewhere (test_variant_properties, test_serialization's round trips); the kit's
game checks run in the fast profile on every group kind and in the reports below."""


def failures(report: Report, check: str) -> list[str]:
    return [failure.message for failure in report.failures if failure.check == check]


# --------------------------------------------------------------------------- everything passes


def test_every_built_in_kind_is_checked() -> None:
    from phase10.melds import requirement_kinds

    own = {cls for cls in requirement_kinds().values() if cls.__module__.startswith("phase10.")}
    assert own == set(KINDS)
    assert len(KINDS) == len(own)  # each once: the kit's run of a kind is the same every time


@pytest.mark.parametrize("kind", PROFILE_KINDS, ids=lambda kind: kind.kind)
def test_every_built_in_kind_passes(kind: type[Requirement]) -> None:
    report = check_group_kind(kind, hands=HANDS, games=GAMES)
    assert report.ok, report
    assert {"candidates match the brute force", "hits", "cards conserved"} <= set(report.checks)


def test_requirements_with_other_fields_are_checked_as_given() -> None:
    report = check_group_kind([ParityOf(3, Parity.ODD), ParityOf(2)], hands=2, games=1)
    assert report.ok, report
    assert report.subject == "group kind 'parity' (ParityOf)"


@pytest.mark.parametrize("spec", PROFILE_SPECS)
def test_every_built_in_variant_passes(spec: str) -> None:
    report = check_variant(spec, hands=HANDS, games=VARIANT_GAMES)
    assert report.ok, report
    assert report.subject == f"variant {spec!r}"
    assert {"solver matches the brute force", "lay-down listing loses nothing"} <= set(
        report.checks
    )
    if VARIANT_GAMES:
        assert {"bots play to the end", "cards conserved", "record replays"} <= set(report.checks)


def test_a_variant_of_extra_kinds_passes() -> None:
    from phase10.extra_kinds import COLOR_PHASES

    rules = Rules(phases=COLOR_PHASES, spec="colors")
    report = check_variant(rules, hands=1, games=1)
    assert report.ok, report
    assert "candidates match the brute force" in report.checks  # its own kinds are checked


# --------------------------------------------------------------------------- reports


def test_a_report_says_what_failed() -> None:
    passed = Report("variant 'x'", ("one", "two"), ())
    assert passed.ok
    assert str(passed) == "variant 'x': 2 checks passed"
    passed.assert_ok()
    failed = Report("variant 'x'", ("one", "two"), (Failure("two", "it broke"),), hidden=3)
    assert not failed.ok
    assert str(failed) == "variant 'x': 1 of 2 checks failed\n- two: it broke\n- ... and 3 more"
    with pytest.raises(AssertionError, match="it broke"):
        failed.assert_ok()


def test_a_kind_is_also_found_by_its_name() -> None:
    report = check_group_kind("color_set", hands=1, games=0)
    assert report.ok, report
    assert report.subject == "group kind 'color_set' (ColorSetOf)"


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("no_such_kind", "no group kind is named 'no_such_kind'"),
        (int, "expected a Requirement subclass"),
        ([SetOf(2), "run"], "expected a Requirement subclass"),
        ([], "not nothing"),
    ],
)
def test_something_that_is_not_a_kind_is_reported(kind: object, words: str) -> None:
    report = check_group_kind(kind, hands=1, games=0)  # type: ignore[arg-type]
    assert not report.ok
    assert words in failures(report, "kind is well formed")[0]


def test_an_unknown_variant_is_reported() -> None:
    report = check_variant("no-such-variant")
    assert not report.ok
    assert "no variant named 'no-such-variant'" in failures(report, "rules")[0]


# --------------------------------------------------------------------------- kinds that break


@attrs.frozen
class MissesWilds(ColorSetOf):
    """Offers no group with a Wild."""

    kind: ClassVar[str] = "kit_misses_wilds"

    def candidates(
        self, counts: Sequence[int], min_naturals: int, rules: MeldRules
    ) -> Iterator[Draft]:
        for draft in super().candidates(counts, min_naturals, rules):
            if WILD.code not in draft[0]:
                yield draft


@attrs.frozen
class OffersTooMuch(ColorSetOf):
    """Also offers any two number cards of different colours as a colour set of two."""

    kind: ClassVar[str] = "kit_offers_too_much"

    def candidates(
        self, counts: Sequence[int], min_naturals: int, rules: MeldRules
    ) -> Iterator[Draft]:
        yield from super().candidates(counts, min_naturals, rules)
        held = [Card.from_code(code) for code in range(48) if counts[code]]
        for first in held:
            for second in held:
                if self.size == 2 and first.color is not second.color:
                    yield (first.code, second.code), first.number, first.color, 1
                    return


@attrs.frozen
class NeverHit(ColorSetOf):
    kind: ClassVar[str] = "kit_never_hit"

    def hit_ends(self, meld: Meld, card: Card, rules: MeldRules) -> tuple[End | None, ...]:
        return ()


@attrs.frozen
class HitAnything(ColorSetOf):
    kind: ClassVar[str] = "kit_hit_anything"

    def hit_ends(self, meld: Meld, card: Card, rules: MeldRules) -> tuple[End | None, ...]:
        return (None,)


@attrs.frozen
class AllAlike(RunOf):
    """Says every run means the same for later hits."""

    kind: ClassVar[str] = "kit_all_alike"

    def outcome_key(self, meld: Meld) -> int:
        return 0


@attrs.frozen
class ColorBlind(ColorSetOf):
    """Claims colours do not matter, so the solver merges cards of different colours."""

    kind: ClassVar[str] = "kit_color_blind"
    uses_colors: ClassVar[bool] = False


@attrs.frozen
class Crashes(ColorSetOf):
    kind: ClassVar[str] = "kit_crashes"

    def candidates(
        self, counts: Sequence[int], min_naturals: int, rules: MeldRules
    ) -> Iterator[Draft]:
        raise ValueError("boom")


@attrs.frozen
class Shouty(ColorSetOf):
    kind: ClassVar[str] = "Kit_Shouty"


@attrs.frozen
class Inherits(ColorSetOf):
    pass


@attrs.frozen
class Tagged(ColorSetOf):
    kind: ClassVar[str] = "kit_tagged"
    tag: str = attrs.field(kw_only=True)


@pytest.mark.parametrize(
    ("kind", "check", "words"),
    [
        (MissesWilds, "candidates match the brute force", "never offers"),
        (OffersTooMuch, "candidates match the brute force", "which problem() refuses"),
        (NeverHit, "hits", "hit_ends offers no place for"),
        (HitAnything, "hits", "does not belong"),
        (AllAlike, "outcome_key", "outcome_key calls"),
        (ColorBlind, "solver matches the brute force", "can_complete says the opposite"),
        (Crashes, "candidates match the brute force", "raised ValueError: boom"),
        (Shouty, "kind is well formed", "cannot be written in the action notation"),
        (Inherits, "kind is well formed", "names no kind of its own"),
        (Tagged, "kind is well formed", "raised TypeError"),
    ],
    ids=lambda value: getattr(value, "__name__", None),
)
def test_a_broken_kind_is_reported_in_words(
    kind: type[Requirement], check: str, words: str
) -> None:
    report = check_group_kind(kind, hands=1, games=0)
    assert not report.ok
    assert any(words in message for message in failures(report, check)), report
    assert str(report).startswith(report.subject)


def test_a_kind_whose_fields_the_notation_cannot_write_is_reported() -> None:
    report = check_group_kind([Tagged(2, tag="two words")], hands=2, games=0)
    assert any("cannot be written" in m for m in failures(report, "action notation round trip"))


def test_a_variant_using_a_broken_kind_is_reported() -> None:
    phases = (Phase(1, (NeverHit(2), SetOf(3))), Phase(2, (SetOf(4),)))
    report = check_variant(Rules(phases=phases, spec="never-hit"), hands=2, games=0)
    assert any("hit_ends offers no place" in m for m in failures(report, "hits")), report


# --------------------------------------------------------------------------- games that break


def _losing_a_card(state: GameState, action: object) -> GameState:
    after = apply(state, action)  # type: ignore[arg-type]
    if after.stock:
        return attrs.evolve(after, stock=after.stock[1:])
    return after


def test_a_lost_card_is_reported() -> None:
    with mock.patch.object(kit_games, "apply", _losing_a_card):
        report = check_variant("to-phase-2", hands=1, games=1)
    messages = failures(report, "cards conserved")
    assert messages, report
    assert "fewer" in messages[0]
    assert "than the deck" in messages[0]


def test_a_game_that_never_ends_is_reported() -> None:
    with mock.patch.object(kit_games, "MAX_ACTIONS", 30):
        report = check_variant("standard", hands=1, games=1)
    assert any("not over after 30 actions" in m for m in failures(report, "bots play to the end"))
