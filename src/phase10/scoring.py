"""The end of a hand: scoring (R-11), advancing (R-12), the end of the game and ties (R-15).

These functions take the state at the moment the hand ends and return the
``HAND_OVER`` or ``GAME_OVER`` state; the cards stay where they were, for
everyone to see, until :class:`~phase10.NextHand` deals again.
"""

from __future__ import annotations

from .phase_cards import finished
from .rules import (
    AntiOnSuccess,
    FixedHandsTie,
    PostalScoring,
    Rules,
    SavedScoring,
    TeamAdvance,
    Tiebreak,
)
from .state import GameState, HandResult, PlayerState, Stage, replace
from .teams import team_of, team_seats

__all__ = ["end_hand", "hand_points"]


def hand_points(state: GameState, seat: int) -> int:
    """Penalty points ``seat`` scores for the hand (R-11.1, A-20, A-26)."""
    rules = state.rules
    table = rules.scoring.table()
    player = state.players[seat]
    points = sum(table[card.code] for card in player.hand)
    if rules.postal and rules.postal_wild_scoring is PostalScoring.WILD:
        target = state.target_phase(seat)
        if target is not None and target.number <= 7:  # V-10.2: that number was wild
            points += sum(
                rules.scoring.wild - table[c.code] for c in player.hand if c.number == target.number
            )
    if rules.masters_saved_cards_scored is SavedScoring.EACH_HAND and (
        rules.masters_tiebreak_saves_scored or not state.tiebreak
    ):
        points += sum(table[card.code] for card in player.saved)
    return points


def _pile_points(state: GameState, seat: int) -> int:
    """What ``seat``'s Save pile adds to its total when scored at the game's end (A-20)."""
    if state.rules.masters_saved_cards_scored is not SavedScoring.AT_GAME_END:
        return 0
    table = state.rules.scoring.table()
    return sum(table[card.code] for card in state.players[seat].saved)


def _progress(done: tuple[int, ...], phase: int | None, rules: Rules) -> tuple[int, ...]:
    """Completed phases after a hand: R-12.1, or Anti-Phase's step down on failure (V-5.2).

    Under Hard 2-player Masters a phase may be completed again while the player has
    a Phase card of it left (V-15): ``phase`` is then always one of them.
    """
    if rules.anti_phase:
        if phase is None:
            return done[:-1]
        if rules.anti_on_success is AntiOnSuccess.STAY:
            return done
    if rules.masters_phase_cards and phase is not None:
        return (*done, phase)
    return _advanced(done, phase)


def _credited(state: GameState, seat: int, went_out: int | None) -> int | None:
    """The phase ``seat`` completed this hand, as it counts (R-5.8, R-12.1, A-14).

    With ``winner_must_go_out`` the phase that would complete a player's whole list
    counts only in a hand that player goes out: otherwise they attempt it again, so
    a player who lays down the final phase without going out can still win later.
    """
    player = state.players[seat]
    if seat not in state.seats or not player.laid_down:
        return None
    phase = player.phase_attempted
    rules = state.rules
    if (
        rules.winner_must_go_out
        and seat != went_out
        and not state.tiebreak
        and rules.fixed_hands is None
        and phase is not None
        and finished(rules, player.assigned, (*player.completed, phase))
    ):
        return None
    return phase


def _completed_after(
    state: GameState, seat: int, phase: int | None, named: int | None
) -> tuple[int, ...]:
    """``seat``'s completed phases for the next hand (R-12.1, V-5.2, V-5.3)."""
    player = state.players[seat]
    rules = state.rules
    if state.tiebreak or seat not in state.seats:
        return player.completed
    if phase is None and player.laid_down:  # held back by A-14: no step down either
        done = player.completed
    else:
        done = _progress(player.completed, phase, rules)
    if seat == named or any(card.is_rule_card for card in player.hand):  # V-5.3
        failed = rules.anti_phase and phase is None and not player.laid_down
        if rules.anti_drops_stack or not failed:
            done = done[:-1]
    return _floored(done, player, rules)


def _floored(done: tuple[int, ...], player: PlayerState, rules: Rules) -> tuple[int, ...]:
    """Issue 14's remedy for Anti-Phase: no drop below ``anti_floor`` phases under the most
    the player has had completed (``None``: no floor, V-5.2 as written)."""
    if rules.anti_floor is None:
        return done
    floor = max(player.best, len(player.completed)) - rules.anti_floor
    if len(done) >= floor:
        return done
    return player.completed[: max(floor, 0)]


def end_hand(
    state: GameState,
    players: tuple[PlayerState, ...],
    went_out: int | None,
    laid_first: int | None = None,
    named: int | None = None,
) -> GameState:
    """Score the hand, advance whoever laid down, and decide whether the game is over.

    ``went_out`` is the seat that emptied its hand (``None`` when the hand ended
    without one, R-14.2). ``laid_first`` ends a tiebreak played as "first to
    lay down wins" (A-15). ``named`` is the seat named by a player who went out
    with the Anti-Phase rule card (V-5.3); it drops a phase, as does whoever
    still holds that card.
    """
    if state.players is not players:
        state = replace(state, players=players)
    rules = state.rules
    seats = set(state.seats)
    points = tuple(
        0 if seat == went_out or seat not in seats else hand_points(state, seat)
        for seat in range(len(players))
    )
    seats_all = range(len(players))
    completed = tuple(_credited(state, seat, went_out) for seat in seats_all)
    if rules.teams:
        after = team_completed(state, completed, named)
    else:
        after = tuple(_completed_after(state, seat, completed[seat], named) for seat in seats_all)
    new_players = tuple(
        replace(
            p,
            score=p.score + points[seat],
            completed=after[seat],
            best=p.best
            if rules.anti_floor is None
            else max(p.best, len(p.completed), len(after[seat])),
            skips_pending=0,
            phase_attempted=None,  # between hands a seat's target is its next phase
        )
        for seat, p in enumerate(players)
    )
    result = HandResult(state.hand_number, went_out, points, completed, state.tiebreak)
    over = replace(
        state,
        players=new_players,
        stage=Stage.HAND_OVER,
        current_player=None,
        results=(*state.results, result),
        tiebreak_seats=(),
    )
    if state.tiebreak:
        winner = laid_first if laid_first is not None else went_out
        if winner is None:  # nobody went out: the tied players play again
            return replace(over, tiebreak_seats=state.seats)
        won = _unit(rules, len(players), winner)  # a partner wins for the whole team
        return _game_over(over, won, score_piles=rules.masters_tiebreak_saves_scored)
    if rules.fixed_hands is not None:
        if state.hand_number < rules.fixed_hands:
            return over
        return _decide(over, tuple(range(len(players))), fixed=True)
    finishers = tuple(
        seat
        for seat in sorted(seats)
        if completed[seat] is not None
        and finished(rules, new_players[seat].assigned, new_players[seat].completed)
    )
    if finishers:
        return _decide(over, finishers, fixed=False)
    if rules.max_hands is not None and state.hand_number >= rules.max_hands:
        return _at_hand_cap(over)
    return over


def _at_hand_cap(state: GameState) -> GameState:
    """Issue 14's hand cap: the game ends; the most phases completed, then the lowest total,
    wins; a tie on both shares the win (the "baseball" cut-off of R-15.6, made a rule)."""
    table = len(state.players)
    units = list(dict.fromkeys(_unit(state.rules, table, s) for s in range(table)))

    def standing(unit: tuple[int, ...]) -> tuple[int, int]:
        players = state.players
        return (-len(players[unit[0]].completed), sum(players[s].score for s in unit))

    best = min(standing(unit) for unit in units)
    return _game_over(state, tuple(sorted(s for u in units if standing(u) == best for s in u)))


def team_completed(
    state: GameState, completed: tuple[int | None, ...], named: int | None
) -> tuple[tuple[int, ...], ...]:
    """Every seat's completed phases for the next hand under team play (seed 002).

    Partners share one phase: the team moves on when one partner laid it down
    (``team_advance="any"``) or every partner did (``"all"``). Anti-Phase drops a
    team none of whose partners laid down (V-5.2); the rule card drops its holder's
    team, or the team named by the player who went out with it (V-5.3).
    """
    rules = state.rules
    table = len(state.players)
    result = [p.completed for p in state.players]
    if state.tiebreak:
        return tuple(result)
    for team in range(rules.teams):
        seats = [s for s in team_seats(rules, table, team) if s in state.seats]
        if not seats:
            continue
        made = [completed[s] for s in seats if completed[s] is not None]
        full = len(made) == len(seats) or rules.team_advance is TeamAdvance.ANY
        phase = made[0] if made and full else None
        done = state.players[seats[0]].completed
        tried = any(state.players[s].laid_down for s in seats)
        if not (phase is None and tried):  # a partial success neither advances nor drops
            done = _progress(done, phase, rules)
        if any(s == named or any(c.is_rule_card for c in state.players[s].hand) for s in seats):
            failed = rules.anti_phase and phase is None and not tried
            if rules.anti_drops_stack or not failed:
                done = done[:-1]  # V-5.3
        done = _floored(done, state.players[seats[0]], rules)
        for seat in team_seats(rules, table, team):
            result[seat] = done
    return tuple(result)


def _advanced(done: tuple[int, ...], phase: int | None) -> tuple[int, ...]:
    """``done`` plus ``phase`` if it is a newly completed phase (R-12.1)."""
    return done if phase is None or phase in done else (*done, phase)


def _unit(rules: Rules, table: int, seat: int) -> tuple[int, ...]:
    """Who wins with ``seat``: the seat, or its whole team (team play, seed 002)."""
    return team_seats(rules, table, team_of(rules, seat)) if rules.teams else (seat,)


def _decide(state: GameState, contenders: tuple[int, ...], *, fixed: bool) -> GameState:
    """The lowest total among ``contenders`` wins; a tie goes to the tiebreak option.

    Under A-20 ``"at_game_end"`` the totals compared include the Save piles. With
    teams, the contenders' teams compete on the sum of their partners' totals.
    """
    table = len(state.players)
    units = list(dict.fromkeys(_unit(state.rules, table, s) for s in contenders))
    totals = {
        unit: sum(state.players[s].score + _pile_points(state, s) for s in unit) for unit in units
    }
    best = min(totals.values())
    tied_units = [unit for unit in units if totals[unit] == best]
    tied = tuple(sorted(s for unit in tied_units for s in unit))
    if len(tied_units) == 1:
        return _game_over(state, tied)
    rules = state.rules
    shared = (
        rules.fixed_hands_tie is FixedHandsTie.SHARED
        if fixed
        else rules.tiebreak is Tiebreak.SHARED
    )
    if shared:
        return _game_over(state, tied)
    if not rules.masters_tiebreak_saves_scored:  # the piles count as they stand now
        state = _score_piles(state)
    return replace(state, tiebreak_seats=tied)  # the tied players replay


def _score_piles(state: GameState) -> GameState:
    """Add each Save pile to its owner's total (A-20 ``"at_game_end"``)."""
    if state.rules.masters_saved_cards_scored is not SavedScoring.AT_GAME_END:
        return state
    return replace(
        state,
        players=tuple(
            replace(p, score=p.score + _pile_points(state, seat))
            for seat, p in enumerate(state.players)
        ),
    )


def _game_over(
    state: GameState, winners: tuple[int, ...], *, score_piles: bool = True
) -> GameState:
    if score_piles:
        state = _score_piles(state)
    return replace(state, stage=Stage.GAME_OVER, winners=winners, tiebreak_seats=())
