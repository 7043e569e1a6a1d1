"""Computer players: RandomBot, GreedyBot and play_game."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

from games import profile_variants
from helpers import play, player_count, stacked_game
from phase10 import (
    Action,
    Bot,
    Discard,
    DrawStock,
    GameState,
    GreedyBot,
    Hit,
    LayDown,
    LayGroup,
    RandomBot,
    Rules,
    TakeDiscard,
    legal_actions,
    new_game,
    parse_cards,
    play_game,
    player_view,
    variants,
)


class Recorder:
    """An ``on_action`` callback that checks every bot move was legal and keeps the log."""

    def __init__(self) -> None:
        self.actions: list[Action] = []

    def __call__(self, before: GameState, action: Action, after: GameState) -> None:
        assert action in legal_actions(before), action
        self.actions.append(action)


def run(state: GameState, bots: Sequence[Bot]) -> tuple[GameState, list[Action]]:
    recorder = Recorder()
    final = play_game(state, bots, on_action=recorder)
    return final, recorder.actions


def test_bots_satisfy_protocol() -> None:
    assert isinstance(RandomBot(1), Bot)
    assert isinstance(GreedyBot(), Bot)


@pytest.mark.parametrize("variant", profile_variants(variants.names()))
def test_bots_only_return_legal_actions(variant: str) -> None:
    """Both bots pick from the legal actions in every registered variant."""
    rules = variants.resolve(variant).with_options(max_turns=120)
    players = player_count(rules, 3)
    for seed in range(2):
        bots: list[Bot] = [
            GreedyBot() if (seat + seed) % 2 else RandomBot(seat) for seat in range(players)
        ]
        final, actions = run(new_game(players, rules, seed=seed), bots)
        assert final.is_over
        assert actions


def test_seeded_random_bot_game_is_reproducible() -> None:
    """The same game seed and bot seeds replay the same game, action for action."""
    rules = Rules(max_turns=300)

    def once(bot_seed: int) -> tuple[GameState, list[Action]]:
        return run(new_game(4, rules, seed=21), [RandomBot(bot_seed + i) for i in range(4)])

    first, second = once(5), once(5)
    assert first == second
    finals = {once(seed)[0] for seed in (5, 6, 7)}
    assert len(finals) > 1  # the bots' seeds matter


def test_random_bot_uses_only_its_own_generator() -> None:
    """Reseeding the global random does not change a seeded RandomBot."""
    state = new_game(3, seed=2)
    view, legal = player_view(state, 1), legal_actions(state)
    picks = []
    for noise in range(3):
        random.seed(noise)
        bot = RandomBot(9)
        picks.append([bot.choose(view, legal) for _ in range(20)])
    assert picks[0] == picks[1] == picks[2]
    assert set(picks[0]) == set(legal)


def test_greedy_games_finish() -> None:
    """GreedyBot games end with a real winner who completed Phase 10 (R-15), without the cap."""
    for players, seed in ((2, 0), (3, 1)):
        final, _ = run(
            new_game(players, Rules(max_turns=5000), seed=seed),
            [GreedyBot() for _ in range(players)],
        )
        assert final.is_over
        assert final.winner is not None
        assert 10 in final.players[final.winner].completed
        assert final.total_turns < 5000


def test_greedy_beats_random() -> None:
    """GreedyBot beats RandomBot in most seeded two-player games."""
    rules = Rules(max_turns=3000)
    greedy_wins = 0
    games = 6
    for seed in range(games):
        greedy_seat = seed % 2
        bots: list[Bot] = [RandomBot(seed), RandomBot(seed)]
        bots[greedy_seat] = GreedyBot()
        final = play_game(new_game(2, rules, seed=100 + seed), bots)
        if final.winners == (greedy_seat,):
            greedy_wins += 1
    assert greedy_wins >= games - 1


def test_play_game_needs_one_bot_per_seat() -> None:
    with pytest.raises(ValueError, match="seats"):
        play_game(new_game(3, seed=1), [GreedyBot(), GreedyBot()])


def test_greedy_lays_down_hits_and_takes_wild() -> None:
    """GreedyBot takes an upturned Wild, lays down as soon as it can and then hits."""
    bot = GreedyBot()
    state = stacked_game({0: "", 1: "R7 B7 G7 R9 B9 G9 Y9 R1 B2 G4", 2: ""}, "W", "R12")
    draw = bot.choose(player_view(state, 1), legal_actions(state))
    assert draw == TakeDiscard()
    state = play(state, draw)
    first = bot.choose(player_view(state, 1), legal_actions(state))
    assert isinstance(first, LayGroup)  # a phase of two groups goes down a group at a time
    assert not any(c.is_wild for c in first.meld.cards)  # keeps the Wild when it can
    state = play(state, first)
    lay = bot.choose(player_view(state, 1), legal_actions(state))
    assert isinstance(lay, LayDown)
    assert not any(c.is_wild for c in lay.cards())
    state = play(state, lay)
    hit = bot.choose(player_view(state, 1), legal_actions(state))
    assert isinstance(hit, Hit)
    assert not hit.card.is_wild  # natural cards first
    assert hit.card == parse_cards("Y9")[0]


def test_greedy_skips_the_leader() -> None:
    """GreedyBot aims its Skip at the player closest to winning."""
    bot = GreedyBot()
    hands = {0: "", 1: "S R1 R3 B5 B8 G10 G12 Y2 Y4 Y6", 2: "", 3: ""}
    state = stacked_game(hands, "Y12", "R11")
    leader = attrs.evolve(state.players[3], completed=(1, 2))
    state = attrs.evolve(state, players=(*state.players[:3], leader))
    state = play(state, DrawStock())
    action = bot.choose(player_view(state, 1), legal_actions(state))
    assert action == Discard(parse_cards("S")[0], 3)


def test_phase_distance_in_one_search_matches_one_answer_per_wild() -> None:
    """Issue 10: the one-search distance (fastpath.least_wilds) agrees with asking
    can_complete for each extra Wild, on random hands, phases and run options."""
    import random

    from phase10 import (
        PHASE_20,
        STANDARD_PHASES,
        Card,
        MeldRules,
        Phase,
        can_complete,
        standard_deck,
    )
    from phase10.bots import phase_distance
    from phase10.cards import WILD

    def by_wilds(hand: list[Card], phase: Phase, rules: MeldRules, limit: int) -> int:
        for extra in range(limit):
            if can_complete((*hand, *([WILD] * extra)), phase, rules):
                return extra
            if len(hand) + extra < phase.min_cards - limit:
                break
        return limit

    rng = random.Random(10)
    deck = list(standard_deck())
    phases = [*STANDARD_PHASES, *PHASE_20[10:]]
    options = [MeldRules(), MeldRules("none"), MeldRules(run_wraparound=True)]
    for _ in range(1500):
        hand = rng.sample(deck, rng.randrange(0, 13))
        phase, rules, limit = rng.choice(phases), rng.choice(options), rng.randrange(1, 6)
        assert phase_distance(hand, phase, rules, limit) == by_wilds(hand, phase, rules, limit)


def test_discard_prices_from_one_search_match_one_search_per_card() -> None:
    """Issue 10: GreedyBot prices every discard from one search (the buckets some cheapest
    lay-down leaves a card of unused); each price equals the distance without that card,
    and the search's cheapest cost gives the hand's own distance."""
    import random

    from phase10 import PHASE_20, STANDARD_PHASES, MeldRules, standard_deck
    from phase10.bots import Distances, phase_distance

    rng = random.Random(11)
    deck = list(standard_deck())
    phases = [*STANDARD_PHASES, *PHASE_20[10:]]
    options = [MeldRules(), MeldRules("none"), MeldRules(wild_value_range=(0, 13))]
    for _ in range(800):
        hand = rng.sample(deck, rng.randrange(1, 13))
        phase, rules = rng.choice(phases), rng.choice(options)
        base, price = Distances().priced(hand, phase, rules)
        assert base == phase_distance(hand, phase, rules), (hand, phase)
        for card in set(hand):
            rest = list(hand)
            rest.remove(card)
            assert price(card) == phase_distance(rest, phase, rules), (hand, card, phase)


def test_a_discards_remembered_distance_is_the_hands_distance() -> None:
    """Issue 10: after a discard GreedyBot remembers the distance of the hand left, taken
    from the search that priced the discard; the next draw's answer equals a fresh one."""
    import random

    from phase10 import PHASE_20, STANDARD_PHASES, MeldRules, standard_deck
    from phase10.bots import Distances

    rng = random.Random(12)
    deck = list(standard_deck())
    phases = [*STANDARD_PHASES, *PHASE_20[10:]]
    options = [MeldRules(), MeldRules("none"), MeldRules(wild_value_range=(0, 13))]
    remembered = 0
    for _ in range(600):
        hand = rng.sample(deck, rng.randrange(1, 13))
        phase, rules = rng.choice(phases), rng.choice(options)
        card = rng.choice(hand)
        rest = list(hand)
        rest.remove(card)
        distances = Distances()
        distances.priced(hand, phase, rules)
        before = len(distances)
        distances.discarded(hand, phase, rules, card)
        remembered += len(distances) > before
        for limit in (1, 4, 9):
            assert distances(rest, phase, rules, limit) == Distances()(rest, phase, rules, limit)
    assert remembered > 300


def test_a_drawn_cards_gain_from_one_yes_no_search_matches_two_distances() -> None:
    """Issue 10: GreedyBot asks whether the top discard brings its hand closer with one
    yes/no search (can the grown hand do with one Wild position fewer?); the answer equals
    comparing the two hands' distances, for every limit, phase and run option."""
    import random

    from phase10 import PHASE_20, STANDARD_PHASES, MeldRules, standard_deck
    from phase10.bots import Distances, phase_distance

    rng = random.Random(13)
    deck = list(standard_deck())
    phases = [*STANDARD_PHASES, *PHASE_20[10:]]
    options = [MeldRules(), MeldRules("none"), MeldRules(wild_value_range=(0, 13))]
    closer = 0
    for _ in range(1200):
        hand = rng.sample(deck, rng.randrange(0, 12))
        card = rng.choice(deck)
        phase, rules, limit = rng.choice(phases), rng.choice(options), rng.randrange(1, 6)
        expected = phase_distance([*hand, card], phase, rules, limit) < phase_distance(
            hand, phase, rules, limit
        )
        assert Distances().closer(hand, phase, rules, card, limit) == expected, (hand, card)
        closer += expected
    assert closer > 100


def test_a_lay_down_steps_fewest_wilds_from_one_search_match_one_answer_per_wild() -> None:
    """Issue 10: GreedyBot judges a lay-down step by the fewest Wilds the rest of its phase
    needs; with a fast plan one search answers, and it equals the smallest number of Wilds
    for which can_complete_counts holds (all of them when none does)."""
    import random

    from phase10 import PHASE_20, STANDARD_PHASES, MeldRules, standard_deck
    from phase10.bots import _fewest_wilds
    from phase10.cards import WILD
    from phase10.solver import can_complete_counts, card_counts, requirements_plan

    rng = random.Random(14)
    deck = [*standard_deck(), *[WILD] * 8]
    phases = [*STANDARD_PHASES, *PHASE_20[10:]]
    options = [MeldRules(), MeldRules("none"), MeldRules(run_wraparound=True)]
    searched = 0
    for _ in range(1500):
        phase, rules = rng.choice(phases), rng.choice(options)
        left = tuple(rng.sample(phase.requirements, rng.randrange(1, len(phase.requirements) + 1)))
        counts = card_counts(rng.sample(deck, rng.randrange(0, 14)))
        need = rng.random() < 0.6
        plan = requirements_plan(left, rules)
        if plan is None:
            continue  # a phase the fast path does not cover: the bot asks per Wild
        searched += 1
        wilds = counts[WILD.code]
        expected = next(
            (
                used
                for used in range(wilds + 1)
                if can_complete_counts(
                    [*counts[: WILD.code], used, *counts[WILD.code + 1 :]],
                    left,
                    rules,
                    need_natural=need,
                    plan=plan,
                )
            ),
            wilds,
        )
        assert _fewest_wilds(list(counts), left, rules, need, plan) == expected
    assert searched > 1000


def test_lay_down_step_costs_counted_from_the_hand_match_fewest_wilds() -> None:
    """Issue 10: GreedyBot prices a lay-down step from the hand's buckets less the cards
    laid; the answer equals :func:`_fewest_wilds` on the cards counted per code."""
    import random

    from phase10 import PHASE_20, STANDARD_PHASES, MeldRules, standard_deck
    from phase10.bots import _fewest_left, _fewest_wilds
    from phase10.cards import WILD
    from phase10.solver import card_counts, requirements_plan

    rng = random.Random(15)
    deck = [*standard_deck(), *[WILD] * 8]
    phases = [*STANDARD_PHASES, *PHASE_20[10:]]
    options = [MeldRules(), MeldRules("none"), MeldRules(run_wraparound=True)]
    compared = 0
    for _ in range(1500):
        phase, rules = rng.choice(phases), rng.choice(options)
        left = tuple(rng.sample(phase.requirements, rng.randrange(1, len(phase.requirements) + 1)))
        plan = requirements_plan(left, rules)
        if plan is None:
            continue
        hand = sorted(rng.sample(deck, rng.randrange(0, 14)))
        laid = rng.sample(hand, rng.randrange(0, len(hand) + 1))
        counts = card_counts(hand)
        for card in laid:
            counts[card.code] -= 1
        need = rng.random() < 0.6
        assert _fewest_left(hand, laid, plan, need) == _fewest_wilds(
            counts, left, rules, need, plan
        )
        compared += 1
    assert compared > 1000


def test_what_fits_the_table_is_remembered_only_while_the_table_stays() -> None:
    """Issue 10: GreedyBot keeps its "does this card fit a group on the table" answers
    while the groups are the same; through whole games its answers equal fresh ones."""
    from phase10.bots import _fits, _Fitting
    from phase10.cards import ALL_CARDS
    from phase10.views import PlayerView

    views: list[PlayerView] = []

    class Recording:
        def __init__(self) -> None:
            self._bot = GreedyBot()

        def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
            views.append(view)
            return self._bot.choose(view, legal)

    for seed in range(2):
        play_game(new_game(3, seed=seed), [Recording() for _ in range(3)])
    fitting = _Fitting()
    tables = 0
    for view in views:
        melds = [m for p in view.players for m in p.melds]
        tables += bool(melds)
        fits = fitting.of(view)
        for card in ALL_CARDS:
            assert fits(card) == _fits(melds, card, view.rules.meld_rules)
    assert tables > 100


@pytest.mark.pure_python  # patches a module the compiled wheel compiles
def test_distances_memory_stays_bounded_and_answers_stay_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 10: GreedyBot's remembered distances are bounded (entries and phase tables);
    once the memory is cleared the answers are still those of :func:`phase_distance`."""
    from phase10 import PHASE_20, STANDARD_PHASES, MeldRules, standard_deck
    from phase10.bots import Distances, phase_distance

    monkeypatch.setattr(Distances, "LIMIT", 16)
    monkeypatch.setattr(Distances, "TABLES", 3)
    rng = random.Random(16)
    deck = list(standard_deck())
    phases = [*STANDARD_PHASES, *PHASE_20[10:]]
    options = [MeldRules(), MeldRules("none"), MeldRules(wild_value_range=(0, 13))]
    distances = Distances()
    for _ in range(400):
        hand = rng.sample(deck, rng.randrange(1, 13))
        phase, rules = rng.choice(phases), rng.choice(options)
        assert distances(hand, phase, rules) == phase_distance(hand, phase, rules)
        distances.losses(hand, phase, rules, hand)
        assert len(distances) <= 16
