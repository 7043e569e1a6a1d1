"""Named rule sets: the variant registry (the V-ids of the rules reference).

A :class:`Variant` is a name, a description that cites its sources, and a
``transform`` from :class:`~phase10.Rules` to ``Rules``. Specs join variants
with ``+`` and apply them left to right:

>>> from phase10 import variants
>>> rules = variants.resolve("even-phases")
>>> [p.number for p in rules.phases], rules.spec
([2, 4, 6, 8, 10], 'even-phases')
>>> variants.resolve("even-phases+odd-phases")
Traceback (most recent call last):
...
phase10.errors.InvalidRulesError: odd-phases: conflicts with even-phases over phases

Third-party packages add variants through the entry-point group
``phase10.variants``; each entry point names a :class:`Variant` (or a
callable returning one or several). They are loaded once, on first use; a
plug-in that fails to load is reported with a :class:`PluginWarning` naming it
and the others load regardless.

The registry is the library's only shared mutable state. One re-entrant lock
guards it, so :func:`register`, :func:`unregister`, :func:`get`,
:func:`names` and :func:`resolve` may be called from several threads at once:
a lookup sees a variant either before or after a ``register(...,
replace=True)``, never a gap in between.
"""

from __future__ import annotations

import difflib
import re
import threading
import warnings
from collections.abc import Callable, Iterable, Mapping
from importlib import metadata
from types import MappingProxyType

import attrs

from .cards import DeckSpec
from .errors import InvalidRulesError
from .extra_kinds import ALT_COLOR_PHASES
from .limits import show
from .phases import EVEN_PHASES, ODD_PHASES, PHASE_20
from .rules import (
    DrawExhaustion,
    GoingOut,
    InitialSkip,
    InitialWild,
    LaydownExtras,
    PhaseChoice,
    PhaseOrder,
    Rules,
    Scoring,
    SkipLimit,
    SkipTarget,
    Tiebreak,
)

__all__ = ["PluginWarning", "Variant", "get", "names", "register", "resolve", "unregister"]

ENTRY_POINT_GROUP = "phase10.variants"


_NAME = re.compile(r"[a-z0-9][a-z0-9_.-]*")
"""A variant's name or alias: what a spec can name (specs are read in lower case)."""


def _as_aliases(aliases: Iterable[str] | str) -> tuple[str, ...]:
    """A tuple of aliases; one alias may be given as a string (``aliases="pub"``)."""
    return (aliases,) if isinstance(aliases, str) else tuple(aliases)


@attrs.frozen
class Variant:
    """A named transformation of :class:`~phase10.Rules`.

    ``refines`` marks a variant that adjusts what the rest of a spec sets
    (``to-phase-N`` shortens whatever phase list the spec has): it is applied
    after the other parts and may change options they set; other overlaps are
    conflicts. ``name`` and each of ``aliases`` (one alias may be given as a
    string) are lower case letters, digits, ``-``, ``_`` and ``.``; a bad name,
    a description that is not text or a ``transform`` that cannot be called
    raises :class:`~phase10.InvalidRulesError` here, not when a spec uses it.
    """

    name: str
    description: str
    transform: Callable[[Rules], Rules]
    refines: bool = False
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_as_aliases)

    def __attrs_post_init__(self) -> None:
        """Refuse, in words, what would only fail later: when the variant is registered,
        looked up by a spec, or first applied."""
        for label, value in (("name", self.name), *(("alias", a) for a in self.aliases)):
            if not isinstance(value, str) or not _NAME.fullmatch(value):
                raise InvalidRulesError(
                    f"the {label} {value!r} is not a variant name: use lower case letters, "
                    "digits, '-', '_' and '.', starting with a letter or a digit",
                    "variant",
                )
        if not isinstance(self.description, str):
            raise InvalidRulesError(
                f"variant {self.name!r}: the description must be text, not {self.description!r}",
                "variant",
            )
        if not callable(self.transform):
            raise InvalidRulesError(
                f"variant {self.name!r}: the transform must be a function from Rules to Rules, "
                f"not {self.transform!r}",
                "variant",
            )

    def apply(self, rules: Rules) -> Rules:
        """``rules`` changed by this variant, validated."""
        result = self.transform(rules)
        if not isinstance(result, Rules):
            raise InvalidRulesError(f"variant {self.name!r} did not return Rules")
        return result


class PluginWarning(UserWarning):
    """A variant plug-in (an entry point of the group ``phase10.variants``) was not loaded."""


_LOCK = threading.RLock()
"""Guards everything below: the registry is shared by every thread of the process."""
_REGISTRY: dict[str, Variant] = {}
_ALIASES: dict[str, str] = {}
_FAMILIES: list[tuple[str, re.Pattern[str], Callable[[re.Match[str]], Variant]]] = []
"""(label, pattern, factory): names understood without being registered, like ``to-phase-5``."""
_LOADED_ENTRY_POINTS: list[bool] = [False]
_PLUGIN_FAILURES: dict[str, str] = {}
"""Entry-point name -> why it was not loaded (repeated when a name is not found)."""


def _owner(name: str) -> Variant | None:
    """The registered variant called ``name`` or owning it as an alias (lock held)."""
    return _REGISTRY.get(name) or _REGISTRY.get(_ALIASES.get(name, ""))


def register(variant: Variant, *, replace: bool = False, allow_builtin: bool = False) -> Variant:
    """Add ``variant`` to the registry; a taken name raises unless ``replace`` is true.

    With ``replace=True`` the old variant of that name gives way to the new one in
    one step: no other thread ever finds the name missing. Replacing a built-in
    variant also needs ``allow_builtin=True``, as :func:`unregister` does.

    >>> register(Variant("masters", "Not the real thing.", lambda rules: rules), replace=True)
    Traceback (most recent call last):
    ...
    phase10.errors.InvalidRulesError: variant: 'masters' is a built-in variant: ...
    """
    if not isinstance(variant, Variant):
        raise InvalidRulesError(f"only a Variant can be registered, not {variant!r}")
    with _LOCK:
        for name in (variant.name, *variant.aliases):
            owner = _owner(name)
            if owner is not None and not (replace and owner.name == variant.name):
                raise InvalidRulesError(
                    f"the name {name!r} is taken by variant {owner.name!r} (pass replace=True)",
                    "variant",
                )
        old = _REGISTRY.get(variant.name)
        if old is not None:  # replace=True, checked above
            if old is not variant:
                _check_builtin(variant.name, "replaced", allow_builtin)
            _drop(old)
        _REGISTRY[variant.name] = variant
        for alias in variant.aliases:
            _ALIASES[alias] = variant.name
    return variant


def unregister(name: str, *, allow_builtin: bool = False) -> None:
    """Remove a variant (and its aliases) from the registry.

    A built-in variant (``standard``, ``masters``, ...) is refused with
    :class:`~phase10.InvalidRulesError` unless ``allow_builtin=True``: specs, other
    variants' tests and saved games name the built-ins, and after its removal every
    ``resolve`` of such a spec in the process fails. Keep ``get(name)`` to
    :func:`register` it back.

    >>> unregister("masters")
    Traceback (most recent call last):
    ...
    phase10.errors.InvalidRulesError: variant: 'masters' is a built-in variant: ...
    """
    with _LOCK:
        variant = _REGISTRY.get(name)
        if variant is None:
            raise InvalidRulesError(f"no variant named {show(name)}", "variant")
        _check_builtin(name, "removed", allow_builtin)
        _drop(variant)


def _check_builtin(name: str, done: str, allow_builtin: bool) -> None:
    """Refuse to change the built-in variant ``name`` unless the caller allows it."""
    if name in _BUILTIN_NAMES and not allow_builtin:
        raise InvalidRulesError(
            f"{name!r} is a built-in variant: specs, saved games and other code in this "
            f"process name it, so it is not {done} unless you pass allow_builtin=True",
            "variant",
        )


def _drop(variant: Variant) -> None:
    del _REGISTRY[variant.name]
    for alias in variant.aliases:
        if _ALIASES.get(alias) == variant.name:
            del _ALIASES[alias]


def _load_entry_points() -> None:
    """Load the plug-ins, once per process (the caller holds ``_LOCK``).

    A plug-in that fails (its module does not import, its callable raises, it gives
    something other than a Variant, or its name is taken) is skipped with a
    :class:`PluginWarning`; the others load regardless.
    """
    if _LOADED_ENTRY_POINTS[0]:
        return
    _LOADED_ENTRY_POINTS[0] = True
    try:
        entries = tuple(metadata.entry_points(group=ENTRY_POINT_GROUP))
    except Exception as error:  # unreadable installation metadata
        _plugin_failed("*", f"the entry points could not be read ({_explain(error)})")
        return
    for entry in entries:
        _load_plugin(entry)


def _load_plugin(entry: metadata.EntryPoint) -> None:
    try:
        loaded = entry.load()
        found = loaded() if callable(loaded) and not isinstance(loaded, Variant) else loaded
    except Exception as error:  # anything a third-party module may raise
        _plugin_failed(entry.name, f"{entry.value} failed: {_explain(error)}")
        return
    items: Iterable[object] = found if isinstance(found, (list, tuple)) else (found,)
    for item in items:
        if not isinstance(item, Variant):
            _plugin_failed(entry.name, f"{entry.value} gave {item!r}, not a Variant")
            continue
        taken = [n for n in (item.name, *item.aliases) if _owner(n) is not None]
        if taken:
            owner = _owner(taken[0])
            assert owner is not None
            _plugin_failed(
                entry.name,
                f"its variant {item.name!r} was skipped: the name {taken[0]!r} is taken by "
                f"variant {owner.name!r}",
            )
            continue
        register(item)


def _explain(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def _plugin_failed(name: str, why: str) -> None:
    _PLUGIN_FAILURES[name] = why
    warnings.warn(
        f"phase10 variant plug-in {name!r} not loaded: {why}", PluginWarning, stacklevel=4
    )


def _lookup(name: str) -> tuple[Variant, str | None]:
    """The variant called ``name`` and the label of its family, if any (lock held)."""
    _load_entry_points()
    if not isinstance(name, str):
        raise InvalidRulesError(f"a variant name must be a string, not {show(name)}", "variant")
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key in _REGISTRY:
        return _REGISTRY[key], None
    for label, pattern, factory in _FAMILIES:
        match = pattern.fullmatch(key)
        if match:
            return factory(match), label
    message = f"no variant named {show(name)}; known: {', '.join(sorted(_REGISTRY))}"
    close = difflib.get_close_matches(key, [*_REGISTRY, *_ALIASES], n=1)
    if close:  # a typo: the name it likely meant, after the list (which can be long)
        message += f"; did you mean {_ALIASES.get(close[0], close[0])!r}?"
    if _PLUGIN_FAILURES:
        failed = "; ".join(f"{n!r}: {why}" for n, why in sorted(_PLUGIN_FAILURES.items()))
        message += f" (plug-ins not loaded: {failed})"
    raise InvalidRulesError(message, "variant")


def get(name: str) -> Variant:
    """The variant called ``name`` (or one of its aliases, or a family like ``to-phase-5``)."""
    with _LOCK:
        return _lookup(name)[0]


def names() -> tuple[str, ...]:
    """The registered variant names, sorted."""
    with _LOCK:
        _load_entry_points()
        return tuple(sorted(_REGISTRY))


def resolve(spec: str, base: Rules | None = None) -> Rules:
    """The rules of a spec such as ``"masters+floating"``.

    Parts that *refine* (``to-phase-N``, ``anti-phase-others``) apply after the
    others, wherever they stand, so both orders of a spec mean the same rules
    (``rules.spec`` records the parts in the order given).
    Two parts that set the same option conflict (unless the later one refines an
    option no other refining part set), as does a part whose setting the rest of
    the spec undoes; the error names both parts and the option. Two parts of one
    family (``to-phase-3+to-phase-5``) conflict too.

    The first part transforms ``base`` (default ``Rules()``): a variant's
    transform names a combination of others with ``resolve(spec, base=rules)``.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise InvalidRulesError("a variant spec must be a non-empty string", "variant")
    parts = [p.strip() for p in spec.split("+")]
    if any(not p for p in parts):
        raise InvalidRulesError(f"empty part in variant spec {show(spec)}", "variant")
    with _LOCK:  # one consistent view of the registry; the transforms run outside it
        found = [_lookup(part) for part in parts]
    families: dict[str, str] = {}
    for variant, family in found:
        if family is not None and family in families:
            raise InvalidRulesError(
                f"conflicts with {families[family]}: a spec takes one {family} part",
                variant.name,
            )
        if family is not None:
            families[family] = variant.name
    applied = [variant for variant, _ in found]
    order = [v for v in applied if not v.refines] + [v for v in applied if v.refines]
    rules = base if base is not None else Rules()
    owners: dict[str, str] = {}
    refined: set[str] = set()  # options changed by refining parts
    for variant in order:
        before = rules
        try:
            rules = variant.apply(rules)
        except InvalidRulesError as error:
            if not owners:  # the first part alone: its own message is the whole story
                raise
            start = base if base is not None else Rules()
            names = sorted({*_clashing(start, order, owners, variant), variant.name})
            message = error.message.removeprefix(f"{variant.name}: ")
            raise InvalidRulesError(
                f"{', '.join(names[:-1])} and {names[-1]} do not combine: {message}",
                error.option,
            ) from None
        changed = _changed(before, rules)
        for name in changed:
            if name in owners and (not variant.refines or name in refined):
                raise InvalidRulesError(f"conflicts with {owners[name]} over {name}", variant.name)
            owners[name] = variant.name
        if variant.refines:
            refined |= changed
    # Every part must still hold in the result (a later part may not silently undo what
    # an earlier one needs, nor the other way round).
    for variant in order:
        if variant.refines:
            continue
        undone = _changed(rules, variant.apply(rules)) - refined
        if undone:
            name = sorted(undone)[0]
            other = owners.get(name, "the rest of the spec")
            if other == variant.name:
                other = next(v.name for v in applied if v is not variant)
            raise InvalidRulesError(f"conflicts with {other} over {name}", variant.name)
    return attrs.evolve(rules, spec="+".join(v.name for v in applied))


def _clashing(
    start: Rules, order: list[Variant], owners: Mapping[str, str], failed: Variant
) -> list[str]:
    """The earlier parts that ``failed`` cannot follow on their own, or, when none fails
    alone with it (only the whole combination does), every earlier part that changed an
    option: the parts an error names, so that a reader drops the right one."""
    earlier = [v for v in order if v.name in set(owners.values())]
    clashing = []
    for part in earlier:
        try:
            alone = part.apply(start)
        except InvalidRulesError:  # needs other parts first: not a pair to judge
            continue
        try:
            failed.apply(alone)
        except InvalidRulesError:
            clashing.append(part.name)
    return clashing or [part.name for part in earlier]


def _changed(before: Rules, after: Rules) -> set[str]:
    """The options (other than ``spec``) whose values differ between two rule sets.

    The deck counts apart (``deck.skips``, ``deck.reverses``, ...): parts that add
    different cards to the deck do not conflict.
    """
    changed = {
        field.name
        for field in attrs.fields(Rules)
        if field.init
        and field.name not in ("spec", "deck")
        and getattr(before, field.name) != getattr(after, field.name)
    }
    for field in attrs.fields(DeckSpec):
        if getattr(before.deck, field.name) != getattr(after.deck, field.name):
            changed.add(f"deck.{field.name}")
    return changed


def _evolve(**changes: object) -> Callable[[Rules], Rules]:
    def transform(rules: Rules) -> Rules:
        return rules.with_options(**changes)

    return transform


def _to_phase(match: re.Match[str]) -> Variant:
    n = int(match.group(1))

    def transform(rules: Rules) -> Rules:
        if not 1 <= n <= len(rules.phases):
            raise InvalidRulesError(
                f"to-phase-{n}: the phase list has {len(rules.phases)} phases", "phases"
            )
        return rules.with_options(phases=rules.phases[:n])

    return Variant(
        f"to-phase-{n}",
        f"Play to phase {n}: the game ends after the first hand in which someone completes "
        f"the {n}th phase of the sequence (V-7, official variation 2).",
        transform,
        refines=True,
    )


_FAMILIES.append(("to-phase-N", re.compile(r"to-phase-(\d{1,2})"), _to_phase))


_MASTERS: Mapping[str, object] = MappingProxyType(
    {
        "max_players": 4,
        "phase_order": PhaseOrder.ANY,
        "masters_saving": True,
        "tiebreak": Tiebreak.REPLAY_LAST_ATTEMPTED_PHASE,
    }
)
"""What both Masters variants change (V-1.1, V-1.5..V-1.8), besides the two Skips (V-1.2)."""


def _masters(choice: PhaseChoice) -> Callable[[Rules], Rules]:
    """A Masters variant: two Skips in whatever deck the rest of the spec has (V-1.2)."""

    def transform(rules: Rules) -> Rules:
        return rules.with_options(
            phase_choice=choice, deck=attrs.evolve(rules.deck, skips=2), **_MASTERS
        )

    return transform


_NO_COUNT = Scoring(low=0, high=0, skip=0, wild=0, rule_card=0, reverse=0, super_skip=0)
"""Phase 20's no-count scoring: only phases matter ([P20])."""


def _reverses(rules: Rules) -> Rules:
    """Four Reverse cards in the deck (V-15, [P20]); more only if the deck already has them."""
    return rules.with_options(deck=attrs.evolve(rules.deck, reverses=max(rules.deck.reverses, 4)))


def _phase_20(rules: Rules) -> Rules:
    """V-15, [P20]: the twenty phases, four Reverse cards, no-count scoring."""
    return _reverses(rules).with_options(phases=PHASE_20, scoring=_NO_COUNT)


def _super_wild(rules: Rules) -> Rules:
    """V-15, [PAGAT]: one of the deck's Skips becomes the Super Skip; Skips may reverse."""
    deck = rules.deck
    if deck.skips < 1 and deck.super_skips < 1:
        raise InvalidRulesError("super-wild marks one of the deck's Skips, and it has none", "deck")
    if deck.super_skips < 1:
        deck = attrs.evolve(deck, skips=deck.skips - 1, super_skips=1)
    return rules.with_options(deck=deck, skip_may_reverse=True, skip_target=SkipTarget.NEXT_PLAYER)


def _hard_masters(rules: Rules) -> Rules:
    """V-15: two players; each must complete the 20 phases on their Phase cards."""
    if rules.phase_order is not PhaseOrder.ANY:
        rules = _masters(PhaseChoice.HAND_START)(rules)
    return rules.with_options(max_players=2, masters_phase_cards=20)


def _extended_wilds(rules: Rules) -> Rules:
    """A-4: the widest ``wild_value_range`` the deck's Wilds reach (one place per Wild)."""
    reach = rules.deck.wilds
    return rules.with_options(wild_value_range=(1 - reach, 12 + reach))


def _builtins() -> None:
    register(
        Variant(
            "standard",
            "The official rules: ten phases in order, 108 cards, 2-6 players (R-1..R-15).",
            lambda rules: rules,
            aliases=("official", "base"),
        )
    )
    register(
        Variant(
            "even-phases",
            "Even phases only: 2, 4, 6, 8, 10 (V-6, official variation 3).",
            _evolve(phases=EVEN_PHASES),
            aliases=("even",),
        )
    )
    register(
        Variant(
            "odd-phases",
            "Odd phases only: 1, 3, 5, 7, 9; the final phase is 9 (V-6).",
            _evolve(phases=ODD_PHASES),
            aliases=("odd",),
        )
    )
    register(
        Variant(
            "ten-hands",
            "Exactly ten hands; in hand k everyone attempts phase k whether or not they made "
            "phase k-1; the lowest total wins, ties share (V-8, official variation 1; A-28).",
            _evolve(fixed_hands=10),
        )
    )
    register(
        Variant(
            "pick-a-phase",
            "Any phase in any hand, each only once, named when laid down; first to complete "
            "all ten wins (V-3, A-24).",
            _evolve(phase_order=PhaseOrder.ANY, phase_choice=PhaseChoice.AT_LAYDOWN),
        )
    )
    register(
        Variant(
            "arkansas",
            "Phases in any order (as V-3) and Skips always take effect, even on a player "
            "already skipped (V-4: skip_limit='unlimited').",
            _evolve(phase_order=PhaseOrder.ANY, skip_limit=SkipLimit.UNLIMITED),
        )
    )
    register(
        Variant(
            "truly-wild",
            "A Wild may be discarded as a Skip, naming a target (V-11, wild_as_skip); "
            "a discarded Wild is then a Skip on the pile and is not taken (wild_skip_pickup).",
            _evolve(wild_as_skip=True),
        )
    )
    register(
        Variant(
            "masters",
            "Masters Edition: 2-4 players, 106 cards (2 Skips); each hand every player "
            "chooses any phase not yet completed before play (V-1.4); each phase once, in any "
            "order; one card per hand may be saved to a private Save pile instead of "
            "discarded and taken back instead of a draw in a later hand (V-1.6, V-1.7, "
            "A-19..A-21); first to complete all ten wins, ties replay the last phase "
            "attempted (V-1.8).",
            _masters(PhaseChoice.HAND_START),
            aliases=("masters-edition",),
        )
    )
    register(
        Variant(
            "masters-declared",
            "Masters Edition Variant #2: as Masters, but the phase is declared when it is "
            "laid down, not at the start of the hand (V-2, A-22 'at_laydown').",
            _masters(PhaseChoice.AT_LAYDOWN),
        )
    )
    register(
        Variant(
            "anti-phase",
            "Anti-Phase: a player who fails their phase moves down one phase (never below "
            "phase 1, nor more than one below the most they have completed: anti_floor=1, "
            "so that games of 5-6 players end); success advances as usual (V-5.1, "
            "V-5.2, A-25 'advance'). Combine with masters for the 'masters' base of A-25.",
            _evolve(anti_phase=True, anti_floor=1),
        )
    )
    register(
        Variant(
            "anti-phase-others",
            "Anti-Phase for others: Anti-Phase (V-5.2) plus one rule card (X) in the deck; "
            "going out by discarding it names another player who drops a phase, and "
            "whoever holds it when the hand ends drops a phase (V-5.3; scored as a Skip); "
            "drops stop one phase below the most completed (anti_floor=1). "
            "It adds the card to whatever deck came before it.",
            lambda rules: rules.with_options(
                anti_phase=True, anti_floor=1, deck=attrs.evolve(rules.deck, rule_cards=1)
            ),
            refines=True,
        )
    )
    register(
        Variant(
            "floating",
            "Floating: a player whose phase is down may play all their cards and end the turn "
            "with none, without going out; later they must take a playable discard, play what "
            "they can, and go out by discarding what they cannot play (V-9, A-8, A-27).",
            _evolve(going_out=GoingOut.FLOATING),
        )
    )
    register(
        Variant(
            "postal",
            "Postal rules: nobody may go out before play has come round to the dealer; on "
            "phases 1-7 the cards numbered like a player's phase are Wilds for that player "
            "(natural as their own number, face-value points) (V-10, A-26).",
            _evolve(postal=True),
        )
    )
    register(
        Variant(
            "dealer-places-upturned",
            "Alternate Wild Card Deal Up: the dealer gives an upturned Wild to a player, who "
            "discards a non-Skip in its place; an upturned Skip makes the dealer name who "
            "loses the first turn (V-12, A-11, A-12).",
            _evolve(
                initial_wild=InitialWild.DEALER_CHOOSES_RECIPIENT,
                initial_skip=InitialSkip.DEALER_CHOOSES_TARGET,
            ),
        )
    )
    register(
        Variant(
            "movable-wilds",
            "Movable wilds: a player whose phase is down may put the natural card a Wild "
            "stands for in a run in its place, moving the Wild to either end (V-13).",
            _evolve(movable_wilds=True),
        )
    )
    register(
        Variant(
            "phase-20",
            "Phase 10 + 10 / Phase 20: ten more phases after the tenth; 4 Reverse cards (V) "
            "added to the deck; no-count scoring: cards left in hand score nothing, so "
            "finishers tie and replay the final phase (V-15, [PAGAT] [P20]).",
            _phase_20,
        )
    )
    register(
        Variant(
            "hard-2p-masters",
            "Hard 2-player Masters: the Masters Edition for two players, who are each dealt "
            "20 of the 40 Phase cards (four per phase) and must complete exactly those, "
            "repeats included, in any order; first to complete all of them wins (V-15, "
            "[FRANKRIJK]; combine with masters or masters-declared).",
            _hard_masters,
            refines=True,
        )
    )
    register(
        Variant(
            "world-tour",
            "Phase 10 World Tour's digital rules: a phase is laid with exactly its cards, no "
            "extras (A-10 'exact_only'); the final phase counts only in a hand its maker "
            "goes out, so the game ends when a player who has finished the last phase "
            "empties their hand, and that player wins (A-14); the others are ranked by "
            "phases completed, then score (GameState.ranking) (V-16, [M163]).",
            _evolve(laydown_extras=LaydownExtras.EXACT_ONLY, winner_must_go_out=True),
        )
    )
    register(
        Variant(
            "teams",
            "Team play (seed 002): 2 v 2 or 3 v 3, partners sitting apart (seat s plays for "
            "team s % 2); partners share one phase, which the team makes when either "
            "partner lays it down (team_advance='any'; 'all' asks for both), and add up "
            "their scores; anyone may hit any group (team_hits); the team that completes "
            "the final phase wins, the lowest team total among several, ties replay "
            "(R-15.4); a seat's view shows its partners' public state, never their hands.",
            _evolve(teams=2, min_players=4),
        )
    )
    register(
        Variant(
            "fresh-deck",
            "A fresh deck: when the draw pile runs out, a fresh deck becomes the draw pile "
            "and the discard pile stays (A-17 'fresh_deck', [GH-UNOBOT]); at most "
            "4 decks in a hand, then the discards are reshuffled (R-14.1).",
            _evolve(draw_exhaustion=DrawExhaustion.FRESH_DECK),
        )
    )
    register(
        Variant(
            "alternating-runs",
            "Alternating-colour runs: the ten standard phases with every run in alternating "
            "colours (R-B-R-B...), so phase 6 is Phase 10 "
            "Twist's 'run of 9 in alternating colours' (V-14, [SEED-ES0]; the list is the "
            "library's).",
            _evolve(phases=ALT_COLOR_PHASES),
        )
    )
    register(
        Variant(
            "last-stand",
            "Last stand: when a player goes out, every other player takes one final turn "
            "before the hand ends; the first out wins the hand, anyone else who goes out "
            "scores nothing too (V-15, [GH-UNOBOT] house rule).",
            _evolve(last_stand=True),
        )
    )
    register(
        Variant(
            "partial-phasing",
            "Partial phasing: the groups of a phase may be put on the table one at a time, in "
            "any order and over several turns, to shed points; the phase counts once its "
            "last group is down, and its owner hits only then (V-15, [GH-UNOBOT] house rule).",
            _evolve(partial_phasing=True),
        )
    )
    register(
        Variant(
            "skip-stacking",
            "Skip stacking: a player already skipped may be skipped again, and the lost "
            "turns add up (V-15, [GH-UNOBOT]; A-6 'unlimited', as Arkansas).",
            _evolve(skip_limit=SkipLimit.UNLIMITED),
        )
    )
    register(
        Variant(
            "extended-wilds",
            "Extended wilds: a Wild in a run may stand for numbers beyond 1-12, as far as the "
            "deck's Wilds can reach (V-15, [GH-UNOBOT]; A-4 wild_value_range).",
            _extended_wilds,
        )
    )
    register(
        Variant(
            "reverse-cards",
            "Reverse cards: 4 Reverse cards (V) added to the deck; discarded, one turns the "
            "direction of play (with two players it skips the other); never taken from the "
            "discard pile, scored 15 (V-15, [P20] [GH-UNOBOT]).",
            _reverses,
        )
    )
    register(
        Variant(
            "twist-card",
            "Twist cards (seed 002): 4 Twist cards added to the deck that reverse "
            "the direction of play; the library's Reverse card V, as in reverse-cards (the "
            "seed gives no count; 4 as Phase 20 has) (V-15).",
            _reverses,
        )
    )
    register(
        Variant(
            "super-wild",
            "Super Wild Phase 10 (Jeff Presley, a Masters variation: masters+super-wild): one "
            "Skip becomes the Super Skip (Z), which skips every other player; a Skip skips "
            "the next player, or, discarded without a target, reverses the direction of "
            "play; the Super Wild plays as a Wild (its power is lost from the source) "
            "(V-15, [PAGAT]).",
            _super_wild,
            refines=True,
        )
    )


_builtins()
_BUILTIN_NAMES = frozenset(_REGISTRY)
"""The variants this module registers itself (plug-ins load later, on first use)."""
