"""GreedyBot games always end, and play_game never passes off an unfinished game (issue 10).

The default run plays a fixed sample of (variant, players) pairs, including every case
found stuck before; the full matrix, every registered variant with every player count
from 2 to 6 that it allows, runs under the ``thorough`` hypothesis profile (``.ci/run``
runs it as a separate step)::

    HYPOTHESIS_PROFILE=thorough .venv/bin/python -m pytest tests/test_bot_termination.py
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest
from hypothesis import settings

from helpers import allowed_players, cards
from phase10 import (
    Action,
    Discard,
    DrawStock,
    GameRecord,
    GameState,
    GreedyBot,
    Hit,
    LayDown,
    LayGroup,
    PlayerView,
    Rules,
    SetOf,
    Stage,
    UnfinishedGameError,
    apply,
    legal_actions,
    new_game,
    play_game,
    player_view,
    variants,
)
from phase10.bots import PATIENCE_CIRCUITS, STUCK_TURNS
from phase10.state import replace

FULL = settings().max_examples >= 1000
"""Whether the active hypothesis profile asks for the long run (``thorough``)."""

MATRIX = tuple(
    (name, players)
    for name in variants.names()
    for players in allowed_players(variants.resolve(name))
)
SAMPLE = (
    ("arkansas", 4),
    ("arkansas", 6),
    ("pick-a-phase", 6),
    ("anti-phase", 4),
    ("anti-phase-others", 5),
    ("masters", 4),
    ("floating", 3),
    ("standard", 2),
    ("teams", 6),
    ("partial-phasing", 6),
    ("last-stand", 5),
)
"""Pairs that did not end within 20,000 actions before the fix (anti-phase with six
players takes seconds, so only the full matrix has it), and a few more."""

CAP = 40_000
"""Actions per game: the slowest game of the full matrix takes a fifth of this."""


def greedy_game(state: GameState) -> GameState:
    return play_game(state, [GreedyBot() for _ in state.players], max_actions=CAP)


@pytest.mark.parametrize(("variant", "players"), MATRIX if FULL else SAMPLE)
def test_greedy_games_end_in_every_variant(variant: str, players: int) -> None:
    """Issue 10: GreedyBot games end, with a winner, for every built-in variant and every
    player count (ties may share a win, A-15/A-28)."""
    for seed in range(1):
        final = greedy_game(new_game(players, variant, seed=seed))
        assert final.is_over
        assert final.winners


def test_arkansas_soak_livelock_seed_ends() -> None:
    """Issue 10: arkansas, 4 players, seed 1000018: from hand 16 on three players who could
    not make their phases and one who had laid down but could not go out only drew and
    discarded (5,000+ actions, the stock reshuffled again and again). Now the game ends."""
    final = greedy_game(new_game(4, "arkansas", seed=1_000_018))
    assert final.is_over
    assert final.winner is not None


def stuck_table() -> GameState:
    """Seat 1 to discard, holding pairs of 3s and 9s toward phase 1; seat 2 has laid down
    sets of 3s and 8s."""
    state = apply(new_game(3, seed=4), DrawStock())
    players = list(state.players)
    players[1] = replace(players[1], hand=cards("R3 B3 R9 B9 G11 Y12 R1 B5 G7 Y10 G2"))
    melds = (SetOf(3).make("G3 Y3 Y3"), SetOf(3).make("R8 B8 G8"))
    players[2] = replace(players[2], melds=melds, laid_down=True, hand=cards("R12"))
    return replace(state, players=tuple(players), current_player=1)


def test_stuck_hand_releases_cards_others_can_hit() -> None:
    """Issue 10: GreedyBot keeps its pair of 3s in an ordinary hand, but once the hand has
    lasted STUCK_TURNS turns it discards a 3, which the laid-down player can hit; after
    twice as many it discards its cards in turn, breaking up its pairs."""
    state = stuck_table()
    view, legal = player_view(state, 1), legal_actions(state)
    bot = GreedyBot()
    normal = bot.choose(view, legal)
    assert isinstance(normal, Discard)
    assert normal.card.number not in (3, 8)
    released = bot.choose(attrs.evolve(view, turn=STUCK_TURNS), legal)
    assert released in (Discard(cards("R3")[0]), Discard(cards("B3")[0]))
    churned = {
        bot.choose(attrs.evolve(view, turn=2 * STUCK_TURNS + 3 * k), legal) for k in range(11)
    }
    assert len(churned) == 11  # every card of the hand in turn


def test_anti_phase_patience_holds_the_last_hit() -> None:
    """V-5.2 / issue 10: under Anti-Phase a laid-down GreedyBot with two cards does not make
    the hit that would let it go out during the first PATIENCE_CIRCUITS circuits while
    someone has not laid down (six-player games used to drift for 480+ hands); without
    Anti-Phase, or later in the hand, it hits."""
    state = stuck_table()
    players = list(state.players)
    players[1] = replace(players[1], hand=cards("R8 G1"), melds=(), laid_down=True)
    state = replace(state, players=tuple(players))
    hit = Hit(cards("R8")[0], 2, 1)
    for rules, turn, expected in (
        (Rules(anti_phase=True), 0, Discard),
        (Rules(anti_phase=True), PATIENCE_CIRCUITS * 3, Hit),
        (Rules(), 0, Hit),
    ):
        view = attrs.evolve(player_view(replace(state, rules=rules), 1), turn=turn)
        legal = legal_actions(replace(state, rules=rules))
        assert hit in legal
        assert isinstance(GreedyBot().choose(view, legal), expected)


def test_golden_game_choices_unchanged() -> None:
    """Issue 10: the way out changes nothing in an ordinary game: four GreedyBots replay
    the golden record action for action. (Since issue 9 a lay-down of several groups is
    listed group by group: the bots' LayGroup steps end in the recorded LayDown.)"""
    record = GameRecord.load(Path(__file__).parent / "data" / "golden_standard_4p.json")
    actions: list[Action] = []
    play_game(
        record.initial_state(),
        [GreedyBot() for _ in record.players],
        on_action=lambda before, action, after: actions.append(action),
    )
    assert tuple(a for a in actions if not isinstance(a, LayGroup)) == record.parsed_actions()


class Drawer:
    """Never lays down nor hits: draws and discards (a bot whose games never end)."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return next(a for a in legal if not isinstance(a, (LayDown, LayGroup, Hit)))


def test_play_game_never_reports_an_unfinished_game_as_finished() -> None:
    """Issue 10: a game still running at play_game's action cap raises UnfinishedGameError
    holding the last state, which is not over."""
    start = new_game(2, Rules(), seed=5)
    with pytest.raises(UnfinishedGameError, match="not over after 50 actions") as info:
        play_game(start, [Drawer(), Drawer()], max_actions=50)
    error = info.value
    assert error.actions == 50
    assert not error.state.is_over
    assert error.state.results == ()
    assert error.state.turn == 25  # 50 actions: 25 draws and 25 discards
    assert start.stage is Stage.DRAW  # the given state is untouched
