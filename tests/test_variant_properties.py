"""Engine invariants under every built-in variant and a set of compositions (hypothesis).

Each test is run once per variant spec (every spec of :data:`games.SPECS` under the "ci"
profile, :data:`games.PROFILE_SPECS` in the fast one); each example plays a random game
(2-6 players as the variant allows, a random seed, a mix of :class:`~phase10.RandomBot`
and :class:`~phase10.GreedyBot` seats, a ``max_turns`` cap that keeps it short). Half of
the games start with a Wild or a Skip turned up, so the deal-time rules (R-3.4, R-3.5,
V-12) come up in every variant. The invariants: cards are conserved (Save piles
included), :func:`~phase10.apply` never changes its input and is deterministic, every
listed action applies and ``check`` is ``None`` exactly for listed actions, every
unfinished state has a legal action, illegal actions raise
:class:`~phase10.IllegalActionError` with a fitting reason and change nothing, and a
seat's view never shows another seat's hand or Save pile.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import (
    BUILTIN_VARIANTS,
    PROFILE_SPECS,
    SPECS,
    GameSpec,
    frozen_copy,
    game_specs,
    hidden_variation,
    illegal_candidates,
    transitions,
)
from helpers import deck_counter, listed_or_same
from phase10 import (
    SKIP,
    WILD,
    Action,
    Card,
    ChoosePhase,
    Discard,
    DrawStock,
    End,
    GameState,
    GiveCard,
    Hit,
    IllegalActionError,
    IllegalReason,
    LayDown,
    NextHand,
    Save,
    Stage,
    SwapWild,
    TakeDiscard,
    TakeSaved,
    apply,
    check,
    find_completions,
    legal_actions,
    new_game,
    player_view,
    standard_deck,
    variants,
)
from phase10.cards import ALL_CARDS
from phase10.dealing import shuffled
from phase10.engine.common import player_rules
from phase10.testing.games import card_count as all_cards

SCALE = settings().max_examples
"""Examples per test in the active profile (10 for "fast", 60 for "ci")."""

PER_SPEC = max(1, SCALE // 15)
"""Examples per test and variant: one game each in the "fast" profile, four in "ci"."""


@attrs.frozen
class DeckedSpec(GameSpec):
    """A :class:`GameSpec` whose first hand may turn up a chosen special card."""

    upturned: str | None = None
    """``"W"`` or ``"S"`` to start the discard pile with a Wild or a Skip."""

    def start(self) -> GameState:
        rules = self.rules()
        dealer = self.seed % self.players
        if self.upturned is None:
            return new_game(self.players, rules, seed=self.seed, dealer=dealer)
        wanted = WILD if self.upturned == "W" else SKIP
        deck = list(shuffled(standard_deck(rules), self.seed, 1))
        at = self.players * rules.hand_size
        found = deck.index(wanted)
        deck[at], deck[found] = deck[found], deck[at]
        return new_game(self.players, rules, seed=self.seed, dealer=dealer, deck=deck)


@st.composite
def variant_specs(draw: st.DrawFn, name: str, turns: tuple[int, int] = (20, 120)) -> DeckedSpec:
    spec = draw(game_specs(names=(name,), turns=turns))
    upturned = draw(st.sampled_from([None, None, "W", "S"]))
    return DeckedSpec(
        spec.variant, spec.players, spec.seed, spec.bots, spec.max_turns, upturned=upturned
    )


def test_every_builtin_variant_is_covered() -> None:
    """The list above is every registered built-in (a new one must be added here)."""
    registered = {name for name in variants.names() if not name.startswith(("test-", "ep-"))}
    assert registered == set(BUILTIN_VARIANTS) - {"to-phase-3"}
    for spec in SPECS:
        assert variants.resolve(spec).spec == spec
    assert set(PROFILE_SPECS) <= set(SPECS)  # the fast profile's specs are among them


# ---------------------------------------------------------------------------
# Conservation, purity, progress
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", PROFILE_SPECS)
@settings(max_examples=PER_SPEC)
@given(data=st.data())
def test_cards_conserved_apply_pure_and_always_a_legal_action(
    variant: str, data: st.DataObject
) -> None:
    """Hands + melds + stock + discard pile + Save piles always make up the variant's deck;
    apply never changes the state it is given and gives the same result twice; the bots
    pick listed actions; every unfinished state has a legal action; the game ends."""
    spec = data.draw(variant_specs(variant))
    rules = spec.rules()
    final = None
    for before, action, after in transitions(spec):
        if final is None:
            assert all_cards(before) == deck_counter(rules)
        legal = legal_actions(before)
        assert legal, before.stage
        assert action in legal
        copy = frozen_copy(before)
        again = apply(before, action)
        assert before == copy
        assert again == after
        assert all_cards(after) == deck_counter(rules, after.decks), action
        for player in after.players:
            if player.assigned:  # V-15: a phase as often as the Phase cards ask
                assert not Counter(player.completed) - Counter(player.assigned)
            else:
                assert len(set(player.completed)) == len(player.completed)
            assert player.score >= 0
        final = after
    assert final is not None
    assert final.is_over
    assert legal_actions(final) == ()


@pytest.mark.parametrize("variant", PROFILE_SPECS)
@settings(max_examples=PER_SPEC)
@given(data=st.data(), noise=st.integers(0, 2**32))
def test_same_seed_same_actions_same_states(variant: str, data: st.DataObject, noise: int) -> None:
    """A new game with the same seed, given the same actions, passes through equal states,
    whatever the global random module does."""
    spec = data.draw(variant_specs(variant))
    random.seed(noise)
    recorded = [(action, after) for _before, action, after in transitions(spec)]
    random.seed(noise ^ 0x5EED)
    state = spec.start()
    for action, expected in recorded:
        random.random()
        state = apply(state, action)
        assert state == expected
    assert state.is_over


# ---------------------------------------------------------------------------
# Legal actions and check()
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", PROFILE_SPECS)
@settings(max_examples=PER_SPEC)
@given(data=st.data())
def test_every_legal_action_applies(variant: str, data: st.DataObject) -> None:
    """Every action listed by legal_actions applies, check() agrees, and the result still
    holds the whole deck."""
    spec = data.draw(variant_specs(variant, turns=(12, 50)))
    rules = spec.rules()
    for before, _action, _after in transitions(spec):
        for action in legal_actions(before):
            assert check(before, action) is None, action
            after = apply(before, action)
            assert all_cards(after) == deck_counter(rules, after.decks), action


def candidate_actions(state: GameState, rng: random.Random) -> list[Action]:
    """Actions of every kind in canonical form (explicit run ends, minimum-size lay-downs
    naming the phase only when there is a choice), legal or not."""
    table = len(state.players)
    numbers = [p.number for p in state.rules.phases]
    out: list[Action] = [NextHand(), DrawStock(), TakeDiscard()]
    out += [ChoosePhase(n) for n in (*numbers, max(numbers) + 1)]
    out += [GiveCard(s) for s in range(table + 1)]
    seat = state.current_player
    if seat is None:
        return out
    player = state.players[seat]
    pool = sorted({*player.hand, WILD, SKIP, rng.choice(ALL_CARDS)})
    out += [TakeSaved(c) for c in sorted({*player.saved, rng.choice(ALL_CARDS)})]
    for card in pool:
        out.append(Save(card))
        out.append(Discard(card))
        out += [Discard(card, t) for t in range(table + 1)]
    for owner in range(table):
        for index, meld in enumerate(state.players[owner].melds):
            run = meld.requirement.kind == "run"
            for card in pool:
                if run:
                    out += [Hit(card, owner, index, end) for end in (End.LOW, End.HIGH)]
                    out += [SwapWild(card, owner, index, end) for end in (End.LOW, End.HIGH)]
                else:
                    out.append(Hit(card, owner, index))
    if state.stage is Stage.PLAY and player.hand:
        rules = player_rules(state, seat)
        named = len(state.open_phases(seat)) > 1
        for phase in state.rules.phases:
            for melds in find_completions(player.hand, phase, rules)[:3]:
                out.append(LayDown(melds, phase.number if named else None))
    return out


@pytest.mark.parametrize("variant", PROFILE_SPECS)
@settings(max_examples=PER_SPEC)
@given(data=st.data(), salt=st.integers(0, 2**32))
def test_check_none_iff_listed(variant: str, data: st.DataObject, salt: int) -> None:
    """For a sample of canonical actions of every kind (Masters, V-12 and V-13 actions
    included), check(state, a) is None exactly when legal_actions(state) lists a."""
    spec = data.draw(variant_specs(variant, turns=(12, 50)))
    rng = random.Random(salt)
    for before, _action, _after in transitions(spec):
        legal = set(legal_actions(before))
        candidates = candidate_actions(before, rng)
        sample = rng.sample(candidates, min(len(candidates), 40))
        for action in sample + [a for a in candidates if a in legal][:10]:
            error = check(before, action)
            listed = listed_or_same(before, action, legal)
            assert (error is None) == listed, (action, error, before.stage)


# ---------------------------------------------------------------------------
# Illegal actions
# ---------------------------------------------------------------------------

R = IllegalReason


def _absent(cards: Sequence[Card], rng: random.Random) -> Card:
    held = set(cards)
    return rng.choice([c for c in ALL_CARDS if c not in held])


def variant_illegal_candidates(
    state: GameState, rng: random.Random
) -> list[tuple[Action, set[IllegalReason]]]:
    """Variant actions that must be refused in ``state``, each with the reasons that may
    explain it (V-1 ChoosePhase/Save/TakeSaved, V-12 GiveCard, V-13 SwapWild)."""
    stage = state.stage
    any_card = rng.choice(ALL_CARDS)
    if stage in (Stage.GAME_OVER, Stage.HAND_OVER):
        over = {R.GAME_OVER} if stage is Stage.GAME_OVER else {R.WRONG_STAGE}
        return [
            (ChoosePhase(1), over),
            (Save(any_card), over),
            (TakeSaved(any_card), over),
            (GiveCard(0), over),
            (SwapWild(any_card, 0, 0, End.LOW), over),
        ]
    seat = state.current_player
    assert seat is not None
    player = state.players[seat]
    wrong = {R.WRONG_STAGE}
    table = len(state.players)
    out: list[tuple[Action, set[IllegalReason]]] = []
    if stage is not Stage.CHOOSE_PHASE:
        out.append((ChoosePhase(state.rules.phases[0].number), wrong))
    if stage is not Stage.DEAL_UP:
        out.append((GiveCard(seat), wrong))
    if stage is not Stage.DRAW:
        out.append((TakeSaved(any_card), wrong))
    if stage is not Stage.PLAY:
        out.append((Save(any_card), wrong))
        out.append((SwapWild(any_card, 0, 0, End.LOW), wrong))
    if stage is Stage.CHOOSE_PHASE:
        out.append((ChoosePhase(max(p.number for p in state.rules.phases) + 1), {R.WRONG_PHASE}))
        for number in set(player.completed) - set(state.remaining_phases(seat)):
            out.append((ChoosePhase(number), {R.PHASE_ALREADY_COMPLETED}))
    elif stage is Stage.DEAL_UP:
        out += [(GiveCard(table), {R.BAD_SKIP_TARGET})]
    elif stage is Stage.DRAW:
        missing = _absent(player.saved, rng)
        reasons = {R.NOT_ALLOWED_BY_RULES, R.CARD_NOT_IN_HAND, R.MUST_PLAY}
        out.append((TakeSaved(missing), reasons))
    else:
        missing = _absent(player.hand, rng)
        save_reasons = {R.WRONG_STAGE, R.NOT_ALLOWED_BY_RULES, R.CARD_NOT_IN_HAND}
        out.append((Save(missing), save_reasons))
        if player.saved_this_hand and player.hand:
            out.append((Save(player.hand[0]), {R.WRONG_STAGE, R.NOT_ALLOWED_BY_RULES}))
        swap_reasons = {
            R.NOT_ALLOWED_BY_RULES,
            R.WRONG_STAGE,
            R.MUST_PLAY,
            R.PHASE_NOT_LAID_DOWN,
            R.NO_SUCH_MELD,
            R.HIT_NOT_ALLOWED_YET,
        }
        out.append((SwapWild(any_card, table, 0, End.LOW), swap_reasons))
        for owner in range(table):
            for index, meld in enumerate(state.players[owner].melds):
                if meld.requirement.kind == "run":
                    action = SwapWild(missing, owner, index, rng.choice([End.LOW, End.HIGH]))
                    out.append((action, swap_reasons | {R.CARD_NOT_IN_HAND}))
        if state.forced_discard:
            for card in {c for c in player.hand if c.is_skip}:
                out.append((Discard(card), {R.NOT_ALLOWED_BY_RULES}))
            out.append((LayDown(()), wrong))
        left = state.remaining_phases(seat)  # V-15: Phase cards may ask for a phase again
        done = [n for n in player.completed if not state.tiebreak and n not in left]
        if done:
            reasons = {
                R.WRONG_STAGE,
                R.ALREADY_LAID_DOWN,
                R.PHASE_ALREADY_COMPLETED,
                R.WRONG_PHASE,
                R.LAY_DOWN_UNDER_WAY,  # V-15 partial phasing: another phase's groups wait
            }
            out.append((LayDown((), rng.choice(done)), reasons))
    return out


@pytest.mark.parametrize("variant", PROFILE_SPECS)
@settings(max_examples=PER_SPEC)
@given(data=st.data(), salt=st.integers(0, 2**32))
def test_illegal_actions_raise_and_change_nothing(
    variant: str, data: st.DataObject, salt: int
) -> None:
    """Cards not held, wrong-stage actions, bad indexes and targets, variant actions out of
    place or outside their variant: IllegalActionError with a fitting reason, the state
    unchanged, and check() reporting the same reason."""
    spec = data.draw(variant_specs(variant, turns=(12, 50)))
    rng = random.Random(salt)
    final = None
    for before, _action, after in transitions(spec):
        copy = frozen_copy(before)
        legal = set(legal_actions(before))
        candidates = illegal_candidates(before, rng) + variant_illegal_candidates(before, rng)
        for action, reasons in candidates:
            assert action not in legal, action
            with pytest.raises(IllegalActionError) as info:
                apply(before, action)
            if before.laying is not None:  # only the next group may come
                reasons = {*reasons, IllegalReason.LAY_DOWN_UNDER_WAY}
            assert info.value.reason in reasons, (action, info.value)
            error = check(before, action)
            assert error is not None
            assert error.reason is info.value.reason
        assert before == copy
        final = after
    assert final is not None
    for action, reasons in variant_illegal_candidates(final, rng):
        error = check(final, action)
        assert error is not None
        assert error.reason in reasons


# ---------------------------------------------------------------------------
# What a seat can see
# ---------------------------------------------------------------------------


def hidden_save_variation(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with other seats' hands permuted (as in test_engine_properties), the stock
    shuffled, another seed, and every other seat's Save pile replaced by other cards."""
    state = hidden_variation(state, seat, rng)
    players = list(state.players)
    for other, player in enumerate(players):
        if other != seat and player.saved:
            saved = tuple(rng.choice(ALL_CARDS) for _ in player.saved)
            players[other] = attrs.evolve(player, saved=saved)
    return attrs.evolve(state, players=tuple(players))


@pytest.mark.parametrize("variant", PROFILE_SPECS)
@settings(max_examples=PER_SPEC)
@given(data=st.data(), salt=st.integers(0, 2**32))
def test_views_hide_other_hands_and_save_piles(
    variant: str, data: st.DataObject, salt: int
) -> None:
    """R-3.8 / V-1.6: a seat's view is the same whatever the other seats hold in hand or on
    their Save piles, the stock order or the seed; it shows its own hand and Save pile, and
    only the size of the others'."""
    spec = data.draw(variant_specs(variant))
    rng = random.Random(salt)
    checked = 0
    for before, _action, _after in transitions(spec):
        seat = rng.randrange(len(before.players))
        view = player_view(before, seat)
        assert view.hand == before.players[seat].hand
        assert view.saved == before.players[seat].saved
        for other, seat_view in enumerate(view.players):
            assert seat_view.hand_size == len(before.players[other].hand)
            assert seat_view.saved_count == len(before.players[other].saved)
        assert player_view(hidden_save_variation(before, seat, rng), seat) == view
        mine = before.players[seat]
        if before.stock and before.stock[0] not in mine.saved:
            changed = attrs.evolve(mine, saved=(*mine.saved, before.stock[0]))
            players = (*before.players[:seat], changed, *before.players[seat + 1 :])
            assert player_view(attrs.evolve(before, players=players), seat) != view
        checked += 1
    assert checked > 0
