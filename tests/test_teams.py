"""Team play (seed 002, variant ``teams``): partnerships that share a phase and a score.

Each test names the rule it checks; docs/rules_reference.rst ("Team play") states the
library's decisions.
"""

from __future__ import annotations

import attrs
import pytest

from helpers import assert_illegal, play, stacked_game, with_players
from phase10 import (
    SKIP,
    Discard,
    DrawStock,
    GameState,
    GreedyBot,
    Hit,
    IllegalReason,
    InvalidRulesError,
    LayDown,
    Rules,
    SetOf,
    Stage,
    legal_actions,
    new_game,
    parse_cards,
    play_game,
    player_view,
    variants,
)
from phase10.scoring import end_hand
from phase10.teams import partners, ranking, same_team, team_of, team_seats

TEAMS = variants.resolve("teams")


def laid(phase: int) -> dict[str, object]:
    """A player who laid down ``phase`` this hand (the groups do not matter here)."""
    return {"laid_down": True, "phase_attempted": phase}


def test_v15_teams_partners_sit_apart() -> None:
    """Seat s plays for team s % teams: 0-2 v 1-3, and 0-2-4 v 1-3-5."""
    assert [team_of(TEAMS, s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert team_seats(TEAMS, 4, 1) == (1, 3)
    assert partners(TEAMS, 6, 2) == (0, 4)
    assert same_team(TEAMS, 1, 5)
    assert not same_team(TEAMS, 1, 2)
    three = Rules(teams=3)
    assert partners(three, 6, 1) == (4,)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_v15_teams_are_two_v_two_or_three_v_three(players: int) -> None:
    """Seed 002: 2 v 2 or 3 v 3; other table sizes are refused, naming the option."""
    for ok in (4, 6):
        TEAMS.check_players(ok)
    with pytest.raises(InvalidRulesError, match="players"):
        new_game(players, "teams", seed=1)


def test_v15_teams_share_one_phase_and_either_partner_makes_it() -> None:
    """team_advance='any' (default): one partner laying the team's phase down moves the
    whole team on; the other team, whose partners both failed, stays."""
    state = with_players(new_game(4, TEAMS, seed=3), s0=laid(1))
    over = end_hand(state, state.players, went_out=None)
    assert [p.completed for p in over.players] == [(1,), (), (1,), ()]
    target = over.target_phase(2)
    assert target is not None
    assert target.number == 2


def test_v15_teams_all_partners_must_make_it_when_told() -> None:
    """team_advance='all': the team moves on only when every partner laid it down; a
    partial success neither advances nor (under Anti-Phase) drops."""
    rules = TEAMS.with_options(team_advance="all")
    state = with_players(new_game(4, rules, seed=3), s0=laid(1))
    over = end_hand(state, state.players, went_out=None)
    assert [p.completed for p in over.players] == [(), (), (), ()]
    both = with_players(new_game(4, rules, seed=3), s0=laid(1), s2=laid(1))
    assert end_hand(both, both.players, went_out=None).players[2].completed == (1,)
    anti = rules.with_options(anti_phase=True)
    start = with_players(new_game(4, anti, seed=3), s0=laid(2), s2={"completed": (1,)})
    start = with_players(start, s0={"completed": (1,)})
    over = end_hand(start, start.players, went_out=None)
    assert over.players[0].completed == over.players[2].completed == (1,)


def test_v15_teams_scores_add_up_and_the_lowest_team_total_wins() -> None:
    """Both teams complete the final phase in one hand: the team whose partners' totals
    add up lowest wins, and every partner is a winner (R-15.2 by team)."""
    nine = tuple(range(1, 10))
    state = new_game(4, TEAMS, seed=3)
    state = with_players(
        state,
        s0={**laid(10), "completed": nine, "score": 100},
        s2={"completed": nine, "score": 10},
        s1={**laid(10), "completed": nine, "score": 50},
        s3={"completed": nine, "score": 80},
    )
    over = end_hand(state, state.players, went_out=0)
    assert over.stage is Stage.GAME_OVER
    assert over.winners == (0, 2)  # 110 (plus this hand) against 130 and more
    assert over.winner is None
    assert over.ranking[:2] == (0, 2)


def test_v15_teams_hit_any_group_by_default() -> None:
    """team_hits='anyone' (default): as R-6.4, any group on the table may be hit."""
    state = hit_table(TEAMS)
    assert Hit(parse_cards("Y8")[0], 1, 0) in legal_actions(state)


def test_v15_teams_hit_only_own_team_groups_when_told() -> None:
    """team_hits='own_team': only the groups of one's own team may be hit; an opponent's
    group is neither listed nor accepted."""
    state = hit_table(TEAMS.with_options(team_hits="own_team"))
    opponent = Hit(parse_cards("Y8")[0], 1, 0)
    partner = Hit(parse_cards("Y9")[0], 2, 0)
    legal = legal_actions(state)
    assert opponent not in legal
    assert partner in legal
    assert_illegal(state, opponent, IllegalReason.NOT_ALLOWED_BY_RULES)


def hit_table(rules: Rules) -> GameState:
    """Seat 0 (laid down) to play; seat 1 (opponent) has 8s, seat 2 (partner) 9s down."""
    state = stacked_game({0: "Y8 Y9 R1"}, "G2", "B3", rules, players=4)
    eights = SetOf(3).make("R8 B8 G8")
    nines = SetOf(3).make("R9 B9 G9")
    state = with_players(
        state,
        s0={"laid_down": True, "phase_attempted": 1, "melds": (SetOf(3).make("R4 B4 G4"),)},
        s1={"laid_down": True, "phase_attempted": 1, "melds": (eights,)},
        s2={"laid_down": True, "phase_attempted": 1, "melds": (nines,)},
    )
    return play(attrs.evolve(state, current_player=0), DrawStock())


def test_v15_teams_view_shows_partners_public_state_never_their_hand() -> None:
    """A seat's view names its partners and shows their public facts (phase, groups,
    score, hand size), never their cards: two states that differ only in a partner's
    hand give equal views."""
    state = new_game(4, TEAMS, seed=5)
    view = player_view(state, 0)
    assert view.partners == (2,)
    assert view.players[2].hand_size == 10
    assert view.hand == state.players[0].hand
    swapped = with_players(
        state, s2={"hand": state.players[1].hand}, s1={"hand": state.players[2].hand}
    )
    assert swapped.players[2].hand != state.players[2].hand
    assert player_view(swapped, 0) == view


def test_v15_teams_need_the_phases_in_order() -> None:
    """Partners share one phase, so team play refuses free phase order (V-1, V-3)."""
    for spec in ("teams+masters", "pick-a-phase+teams"):
        with pytest.raises(InvalidRulesError, match="teams"):
            variants.resolve(spec)


def test_v15_teams_greedy_bot_never_skips_its_partner() -> None:
    """GreedyBot aims its Skips at opponents only."""
    state = stacked_game({1: "S R1"}, "G2", "B3", TEAMS, players=4)
    state = play(state, DrawStock())
    action = GreedyBot().choose(player_view(state, 1), legal_actions(state))
    assert isinstance(action, Discard)
    assert action.card == SKIP
    assert action.target in (0, 2)


def test_v15_teams_greedy_games_end_with_a_winning_team() -> None:
    """Whole games of GreedyBots end; the winners are one whole team."""
    for players, seed in ((4, 1), (6, 2)):
        final = play_game(new_game(players, TEAMS, seed=seed), [GreedyBot()] * players)
        assert final.is_over
        team = team_of(TEAMS, final.winners[0])
        assert final.winners == team_seats(TEAMS, players, team)
        assert final.ranking[: len(final.winners)] == final.winners
        assert set(final.ranking) == set(range(players))


def test_v16_ranking_orders_by_phases_then_score() -> None:
    """V-16 ranking: winners first, then most phases completed, then lowest total."""
    assert ranking((3,), (2, 9, 9, 10), (10, 40, 30, 5)) == (3, 2, 1, 0)


def test_v15_teams_lay_down_is_each_players_own() -> None:
    """A partner lays down from their own hand only (R-5.4 is unchanged by teams)."""
    state = stacked_game({1: "R5 R5 B5 R6 R6 B6"}, "G2", "B3", TEAMS, players=4)
    state = play(state, DrawStock())
    lay = LayDown((SetOf(3).make("R5 R5 B5"), SetOf(3).make("R6 R6 B6")))
    assert play(state, lay).players[1].laid_down


def test_v15_teams_text_and_picture_show_teams_and_partners() -> None:
    """Each seat's line names its team, and the viewing seat's partner is marked."""
    from phase10.svg import render as svg
    from phase10.text import render

    state = new_game(4, TEAMS, seed=3)
    text = render(player_view(state, 1))
    lines = text.splitlines()
    assert "team A" in lines[1]
    assert "your partner" not in lines[1]
    assert "team B, your partner" in lines[4]
    assert "team B, your partner" in svg(player_view(state, 1))
