"""Shared game drivers for the property tests: random games of chosen variants, step by step.

:mod:`test_engine_properties` and :mod:`test_variant_properties` (and the tests that
run over every variant) drive their games with this code: a :class:`GameSpec` fixes
one game (variant, table size, seed, bots, turn cap), :func:`game_specs` draws one,
:func:`transitions` plays it, and the candidates here are actions that must be refused.
Counting the cards of a state is the conformance kit's
(:func:`phase10.testing.games.card_count`).
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterable, Iterator, Sequence

import attrs
from hypothesis import settings
from hypothesis import strategies as st

from helpers import allowed_players
from phase10 import (
    Action,
    Bot,
    Card,
    Discard,
    DrawStock,
    GameState,
    GreedyBot,
    Hit,
    IllegalReason,
    LayDown,
    NextHand,
    RandomBot,
    Rules,
    Stage,
    TakeDiscard,
    apply,
    legal_actions,
    new_game,
    player_view,
    variants,
)
from phase10.cards import ALL_CARDS
from scale import FULL_EXAMPLES

__all__ = [
    "BUILTIN_VARIANTS",
    "COMPOSITIONS",
    "CORE_VARIANTS",
    "FAST_COMPOSITIONS",
    "FAST_VARIANTS",
    "FULL_STRENGTH",
    "PROFILE_SPECS",
    "SHORT_VARIANTS",
    "SPECS",
    "GameSpec",
    "frozen_copy",
    "game_specs",
    "hidden_variation",
    "illegal_candidates",
    "next_action",
    "profile_variants",
    "transitions",
]

CORE_VARIANTS = tuple(
    name
    for name in (
        "standard",
        "even-phases",
        "odd-phases",
        "arkansas",
        "truly-wild",
        "pick-a-phase",
        "ten-hands",
    )
    if name in variants.names()
)
"""Variants whose progress is ordinary: phases are only ever added, one per hand at most."""

SHORT_VARIANTS = ("to-phase-1", "to-phase-2", "even-phases+to-phase-2", "pick-a-phase+to-phase-2")
"""Short games (V-7, play to phase N) that usually end with a winner within the turn cap."""

BUILTIN_VARIANTS = (
    "standard",
    "masters",
    "masters-declared",
    "pick-a-phase",
    "arkansas",
    "anti-phase",
    "anti-phase-others",
    "even-phases",
    "odd-phases",
    "to-phase-3",
    "ten-hands",
    "floating",
    "postal",
    "truly-wild",
    "dealer-places-upturned",
    "movable-wilds",
    "phase-20",
    "world-tour",
    "teams",
    "twist-card",
    "reverse-cards",
    "super-wild",
    "hard-2p-masters",
    "alternating-runs",
    "fresh-deck",
    "last-stand",
    "partial-phasing",
    "skip-stacking",
    "extended-wilds",
)
"""Every built-in variant of RULES.md §V (V-7 through one member of its family)."""

COMPOSITIONS = (
    "masters+floating",
    "masters+postal",
    "pick-a-phase+floating+truly-wild",
    "anti-phase+masters",
    "masters+anti-phase-others+floating",
    "postal+movable-wilds",
    "dealer-places-upturned+masters",
    "arkansas+floating+dealer-places-upturned",
    "masters-declared+postal+floating",
    "floating+movable-wilds+truly-wild",
    "ten-hands+postal+dealer-places-upturned",
    "even-phases+to-phase-3+floating+postal",
    "masters+super-wild+reverse-cards",
    "teams+reverse-cards+last-stand",
    "teams+anti-phase-others",
    "world-tour+fresh-deck+twist-card",
    "hard-2p-masters+partial-phasing",
    "masters-declared+hard-2p-masters+anti-phase",
    "alternating-runs+extended-wilds+movable-wilds",
    "partial-phasing+postal+skip-stacking",
    "last-stand+truly-wild+dealer-places-upturned",
    "phase-20+last-stand+to-phase-12",
)
"""Modifiers combined with bases (issue 4, composition)."""

SPECS = BUILTIN_VARIANTS + COMPOSITIONS

FAST_COMPOSITIONS = (
    "masters+floating",
    "postal+movable-wilds",
    "teams+reverse-cards+last-stand",
    "world-tour+fresh-deck+twist-card",
    "alternating-runs+extended-wilds+movable-wilds",
    "phase-20+last-stand+to-phase-12",
)
"""The compositions the fast profile runs per-variant tests on: a few of each kind (Masters'
Save piles, Postal, teams, a world tour, new group kinds, a long phase list)."""

FAST_VARIANTS = (
    "standard",
    "masters",
    "pick-a-phase",
    "anti-phase-others",
    "to-phase-3",
    "postal",
    "dealer-places-upturned",
    "phase-20",
    "world-tour",
    "teams",
    "twist-card",
    "reverse-cards",
    "hard-2p-masters",
    "alternating-runs",
    "partial-phasing",
    "skip-stacking",
)
"""The built-in variants the fast profile runs per-variant tests on: one of each way a
variant changes the game's flow or documents (Save piles, choosing a phase, phases for
others, a short game, wild numbers, a card dealt up, a long phase list, a tour, teams,
twist cards, turn direction, two players, a new group kind, partial phases, stacked
Skips). Those left out change a phase list or a card's power, which their own rule tests
check, or come in a composition of :data:`FAST_COMPOSITIONS`; the "ci" profile runs them
all."""

FULL_STRENGTH = settings().max_examples >= FULL_EXAMPLES
"""Whether the active profile is "ci" or stronger: per-variant tests then run every spec."""

PROFILE_SPECS = SPECS if FULL_STRENGTH else (*FAST_VARIANTS, *FAST_COMPOSITIONS)
"""The specs a per-variant test runs on: all of :data:`SPECS` under the "ci" profile (which
CI runs after the fast suite), :data:`FAST_VARIANTS` and :data:`FAST_COMPOSITIONS` in the
fast one."""


def profile_variants(names: Iterable[str]) -> tuple[str, ...]:
    """``names`` (variants or compositions) for a per-variant test: all of them under the
    "ci" profile, in the fast one those among :data:`FAST_VARIANTS` and
    :data:`FAST_COMPOSITIONS`."""
    fast = {*FAST_VARIANTS, *FAST_COMPOSITIONS}
    return tuple(name for name in names if FULL_STRENGTH or name in fast)


@attrs.frozen
class GameSpec:
    """Everything that fixes one random game."""

    variant: str
    players: int
    seed: int
    bots: tuple[int | None, ...]
    """One entry per seat: a RandomBot seed, or ``None`` for a GreedyBot."""
    max_turns: int

    def rules(self) -> Rules:
        return variants.resolve(self.variant).with_options(max_turns=self.max_turns)

    def start(self) -> GameState:
        return new_game(self.players, self.rules(), seed=self.seed, dealer=self.seed % self.players)

    def make_bots(self) -> list[Bot]:
        return [GreedyBot() if b is None else RandomBot(b) for b in self.bots]


@st.composite
def game_specs(
    draw: st.DrawFn, names: Sequence[str] = CORE_VARIANTS, turns: tuple[int, int] = (10, 60)
) -> GameSpec:
    variant = draw(st.sampled_from(names))
    base = variants.resolve(variant)
    players = draw(st.sampled_from(allowed_players(base)))
    seed = draw(st.integers(0, 2**40))
    bots = tuple(draw(st.one_of(st.none(), st.integers(0, 10_000))) for _ in range(players))
    max_turns = draw(st.integers(*turns))
    return GameSpec(variant, players, seed, bots, max_turns)


def next_action(state: GameState, bots: Sequence[Bot]) -> Action:
    """What the seat to act (or the dealer between hands) does."""
    if state.stage is Stage.HAND_OVER:
        return NextHand()
    seat = state.current_player
    assert seat is not None
    legal = legal_actions(state)
    action = bots[seat].choose(player_view(state, seat), legal)
    assert action in legal, f"{type(bots[seat]).__name__} chose {action!r}, not a legal action"
    return action


def transitions(spec: GameSpec) -> Iterator[tuple[GameState, Action, GameState]]:
    """Every step of the game: (state before, action, state after)."""
    state = spec.start()
    bots = spec.make_bots()
    for _ in range(20_000):
        if state.is_over:
            return
        action = next_action(state, bots)
        after = apply(state, action)
        yield state, action, after
        state = after
    raise AssertionError("the game did not end within 20,000 actions")


def frozen_copy(state: GameState) -> GameState:
    """An equal, fully independent copy."""
    copy: GameState = pickle.loads(pickle.dumps(state))
    assert copy == state
    return copy


def _absent_cards(hand: Sequence[Card]) -> list[Card]:
    held = set(hand)
    return [card for card in ALL_CARDS if card not in held]


def illegal_candidates(
    state: GameState, rng: random.Random
) -> list[tuple[Action, set[IllegalReason]]]:
    """Actions that must be refused in ``state``, each with the reasons that may explain it."""
    out: list[tuple[Action, set[IllegalReason]]] = []
    table = len(state.players)
    if state.stage is Stage.GAME_OVER:
        return [(DrawStock(), {IllegalReason.GAME_OVER}), (NextHand(), {IllegalReason.GAME_OVER})]
    wrong = {IllegalReason.WRONG_STAGE}
    if state.stage is Stage.HAND_OVER:
        return [(DrawStock(), wrong), (TakeDiscard(), wrong), (Discard(ALL_CARDS[0]), wrong)]
    seat = state.current_player
    assert seat is not None
    hand = state.players[seat].hand
    absent = _absent_cards(hand)
    card = rng.choice(hand) if hand else ALL_CARDS[0]
    if state.stage is Stage.DRAW:
        out += [(Discard(card), wrong), (Hit(card, seat, 0), wrong), (NextHand(), wrong)]
        out.append((LayDown(()), wrong))
        return out
    if state.stage is not Stage.PLAY:
        return [(NextHand(), wrong), (DrawStock(), wrong)]
    out += [(DrawStock(), wrong), (TakeDiscard(), wrong), (NextHand(), wrong)]
    if absent:
        missing = rng.choice(absent)
        out.append((Discard(missing), {IllegalReason.CARD_NOT_IN_HAND}))
        out.append((Discard(missing, (seat + 1) % table), {IllegalReason.CARD_NOT_IN_HAND}))
    not_laid = {IllegalReason.PHASE_NOT_LAID_DOWN, IllegalReason.WRONG_STAGE}
    no_meld = {IllegalReason.NO_SUCH_MELD} | not_laid
    out.append((Hit(card, table, 0), no_meld))
    owner = rng.randrange(table)
    out.append((Hit(card, owner, len(state.players[owner].melds)), no_meld))
    if absent:
        for owner in range(table):
            for index, meld in enumerate(state.players[owner].melds):
                missing = rng.choice(absent)
                ends = meld.hit_ends(missing, state.rules)
                end = ends[0] if ends else None
                reasons = {
                    IllegalReason.CARD_NOT_IN_HAND,
                    IllegalReason.HIT_NOT_ALLOWED_YET,
                    IllegalReason.MUST_PLAY,
                } | not_laid
                out.append((Hit(missing, owner, index, end), reasons))
    bad_target = {IllegalReason.BAD_SKIP_TARGET, IllegalReason.TARGET_NOT_NEEDED}
    bad_target |= {IllegalReason.NOT_ALLOWED_BY_RULES, IllegalReason.MUST_PLAY}
    for skip in {c for c in hand if c.is_skip}:
        out.append((Discard(skip, seat), bad_target))
        out.append((Discard(skip, table), bad_target))
    plain = [c for c in hand if c.is_natural]
    if plain:
        out.append((Discard(rng.choice(plain), (seat + 1) % table), bad_target))
    return out


def hidden_variation(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` changed only in what ``seat`` cannot see: the other seats' hands permuted
    among seats holding as many cards, the stock shuffled, another seed."""
    players = list(state.players)
    by_size: dict[int, list[int]] = {}
    for other, player in enumerate(players):
        if other != seat:
            by_size.setdefault(len(player.hand), []).append(other)
    for group in by_size.values():
        hands = [players[s].hand for s in group]
        rng.shuffle(hands)
        for s, hand in zip(group, hands, strict=True):
            players[s] = attrs.evolve(players[s], hand=hand)
    stock = list(state.stock)
    rng.shuffle(stock)
    return attrs.evolve(
        state, players=tuple(players), stock=tuple(stock), seed=state.seed + rng.randrange(1, 99)
    )
