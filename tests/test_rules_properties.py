"""Random valid rules, random play (issue 9): nothing escapes but IllegalActionError, and
every game ends.

``valid_rules`` draws a value for every option of :class:`~phase10.Rules` (a new
boolean or enum option is drawn without any change here), a phase list, a deck and a
hand size, and keeps the combinations ``Rules`` accepts. Random play mixes legal moves
with actions drawn blindly, which must be refused with IllegalActionError or applied;
GreedyBots must bring every such game to its end.
"""

from __future__ import annotations

import contextlib
import enum
import random

import attrs
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from phase10 import (
    EVEN_PHASES,
    ODD_PHASES,
    PHASE_20,
    STANDARD_PHASES,
    Action,
    ChoosePhase,
    DeckSpec,
    Discard,
    DrawStock,
    End,
    GameState,
    GiveCard,
    GreedyBot,
    Hit,
    IllegalActionError,
    InvalidRulesError,
    LayDown,
    LayGroup,
    NextHand,
    Rules,
    Save,
    Stage,
    SwapWild,
    TakeDiscard,
    TakeSaved,
    apply,
    legal_actions,
    new_game,
    play_game,
)
from phase10.cards import ALL_CARDS
from phase10.rules import AntiOnSuccess, GoingOut, PhaseOrder

SCALE = settings().max_examples
"""Examples per test in the active profile (60 for "ci")."""

LISTS = (STANDARD_PHASES, EVEN_PHASES, ODD_PHASES, PHASE_20)

SPECIAL = {"phases", "deck", "hand_size", "min_players", "max_players", "fixed_hands"}
SPECIAL |= {"max_turns", "spec", "scoring", "wild_value_range", "anti_on_success"}
"""Options drawn by hand below; every other boolean or enum option is drawn generically."""


@st.composite
def valid_rules(draw: st.DrawFn, *, max_phases: int) -> Rules:
    """Any valid ``Rules``: every option drawn, with at most ``max_phases`` phases."""
    options: dict[str, object] = {}
    for field in attrs.fields(Rules):
        if not field.init or field.name in SPECIAL:
            continue
        default = field.default
        if isinstance(default, bool):
            options[field.name] = draw(st.booleans())
        elif isinstance(default, enum.Enum):
            options[field.name] = draw(st.sampled_from(list(type(default))))
    phases = draw(st.sampled_from(LISTS))
    count = draw(st.integers(1, min(max_phases, len(phases))))
    options["phases"] = phases[:count]
    options["deck"] = DeckSpec(
        copies=draw(st.integers(2, 3)),  # one copy cannot make a set of 5 without Wilds
        wilds=draw(st.integers(0, 8)),
        skips=draw(st.integers(0, 4)),
        rule_cards=draw(st.integers(0, 1)),
    )
    # Every phase must fit in a hand: one card drawn, one kept to discard. Rules
    # accepts e.g. hand_size=6 with a phase of 7 cards, a game nobody can ever lay that
    # phase down in (reported with issue 9's bounds on Rules).
    keep = int(options["going_out"] is GoingOut.DISCARD_REQUIRED)
    fits = max(p.min_cards for p in phases[:count]) - 1 + keep
    options["hand_size"] = draw(st.integers(max(6, fits), 12))
    if not options["run_wraparound"]:
        options["wild_value_range"] = draw(st.sampled_from([(1, 12), (0, 13)]))
    if options["end_when_sole_phase10_contender"]:
        options["winner_must_go_out"] = False  # A-13 with A-14 is refused
    sequential = options["phase_order"] is PhaseOrder.SEQUENTIAL
    if sequential and not options["anti_phase"] and draw(st.booleans()):
        options["fixed_hands"] = count
    try:
        return Rules(**options)  # type: ignore[arg-type]
    except InvalidRulesError:
        reject()


def player_counts(rules: Rules) -> st.SearchStrategy[int]:
    """The table sizes the rules and the deck allow."""
    most = min(rules.max_players, (rules.deck.size - 1) // rules.hand_size)
    if most < rules.min_players:
        reject()
    return st.integers(rules.min_players, most)


def blind_action(rng: random.Random, state: GameState) -> Action:
    """An action of any kind with arbitrary (well-typed) fields: legal or not."""
    card = rng.choice(ALL_CARDS)
    seat = rng.randrange(0, len(state.players) + 2)  # actions refuse negative seats themselves
    index = rng.randrange(0, 4)
    end = rng.choice([None, End.LOW, End.HIGH])
    choices: list[Action] = [
        DrawStock(),
        TakeDiscard(),
        NextHand(),
        Discard(card, rng.choice([None, seat])),
        Hit(card, seat, index, end),
        Save(card),
        TakeSaved(card),
        ChoosePhase(rng.randrange(1, 25)),
        GiveCard(seat),
        SwapWild(card, seat, index, rng.choice([End.LOW, End.HIGH])),
    ]
    legal = legal_actions(state)
    lay_downs = [a for a in legal if isinstance(a, LayDown)]
    if lay_downs:
        melds = rng.choice(lay_downs).melds
        choices.append(LayDown(melds, rng.choice([None, rng.randrange(1, 25)])))
    groups = [a for a in legal if isinstance(a, LayGroup)]
    if groups:
        meld = rng.choice(groups).meld
        choices.append(LayGroup(meld, rng.choice([None, rng.randrange(1, 25)])))
        choices.append(LayDown((meld,), None))
    return rng.choice(choices)


@settings(max_examples=max(5, SCALE // 2))
@given(data=st.data())
def test_random_rules_and_random_play_raise_only_illegal_action_error(data: st.DataObject) -> None:
    """Issue 9: under any valid rules, random legal play mixed with blind actions raises
    nothing but IllegalActionError (for the blind actions that are illegal), never changes
    the state it is given, and the game reaches GAME_OVER (here under a max_turns cap)."""
    rules = data.draw(valid_rules(max_phases=10))
    rules = rules.with_options(max_turns=data.draw(st.integers(5, 80)))
    players = data.draw(player_counts(rules))
    state = new_game(players, rules, seed=data.draw(st.integers(0, 2**32)))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    for _ in range(100 * (rules.max_turns or 0) + 100):
        if state.is_over:
            break
        legal = legal_actions(state)
        assert legal
        if rng.random() < 0.3:
            probe = blind_action(rng, state)
            with contextlib.suppress(IllegalActionError):
                apply(state, probe)
        state = apply(state, rng.choice(legal))
    assert state.stage is Stage.GAME_OVER


@settings(max_examples=max(4, SCALE // 4))
@given(data=st.data())
def test_random_rules_greedy_games_end(data: st.DataObject) -> None:
    """Issue 9 / issue 10: under any valid rules (short phase lists keep it fast), a game
    of GreedyBots reaches GAME_OVER with a winner, without a turn cap. Anti-Phase's
    "stay" on success is left out: it makes progress impossible by design (A-25)."""
    rules = data.draw(valid_rules(max_phases=3))
    if rules.anti_on_success is AntiOnSuccess.STAY and rules.anti_phase:
        reject()
    players = data.draw(player_counts(rules))
    start = new_game(players, rules, seed=data.draw(st.integers(0, 2**32)))
    final = play_game(start, [GreedyBot() for _ in range(players)], max_actions=200_000)
    assert final.stage is Stage.GAME_OVER
    assert final.winners
