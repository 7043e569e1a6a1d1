"""The end of a hand: penalty points, the pawns' moves and the end of the game (T-6, T-7)."""

from __future__ import annotations

from ..cards import card_points
from .common import rebuild
from .rules import TwistTiebreak
from .state import TwistHandResult, TwistPlayer, TwistStage, TwistState

__all__ = ["end_hand", "move_for", "winners_of"]


def move_for(state: TwistState, seat: int, went_out: int | None) -> int:
    """The spaces ``seat``'s pawn moves after this hand, before the board's ends (T-6.2..T-6.4).

    A Twist card's phase moves it ``twist_moves`` (6 / 4 / one back), any other
    phase ``moves`` (3 / 2 / 1), except that a failed phase on the final space
    does not move it.
    """
    rules = state.rules
    player = state.players[seat]
    table = rules.twist_moves if player.twist_card is not None else rules.moves
    if seat == went_out:
        return table[0]
    if player.laid_down:
        return table[1]
    if player.position == rules.board.last:
        return 0
    return table[2]


def end_hand(
    state: TwistState, players: tuple[TwistPlayer, ...], went_out: int | None
) -> TwistState:
    """Score the hand, move every pawn, and end the game if someone finished (T-6, T-7).

    A pawn never leaves the board: it stops on the final space (T-6.5), and a
    move back stops on the first one. The hands stay as they were until the next
    deal, so the table can be shown.
    """
    state = rebuild(state, players=players)
    last = state.rules.board.last
    points: list[int] = []
    moves: list[int] = []
    finished: list[int] = []
    moved: list[TwistPlayer] = []
    for seat, player in enumerate(players):
        lost = 0 if seat == went_out else sum(card_points(card) for card in player.hand)
        if player.laid_down and player.position == last:
            finished.append(seat)  # T-7.1: the final space's phase made
        target = min(last, max(0, player.position + move_for(state, seat, went_out)))
        points.append(lost)
        moves.append(target - player.position)
        moved.append(
            rebuild(
                player,
                position=target,
                score=player.score + lost,
                made=player.made + player.laid_down,
            )
        )
    result = TwistHandResult(
        hand_number=state.hand_number,
        went_out=went_out,
        points=tuple(points),
        made=tuple(p.laid_down for p in players),
        twist=tuple(p.twist_card is not None for p in players),
        moves=tuple(moves),
        positions=tuple(p.position for p in moved),
        finished=tuple(finished),
    )
    after = rebuild(
        state,
        players=tuple(moved),
        stage=TwistStage.HAND_OVER,
        current_player=None,
        refill=None,
        laying=(),
        lost_turns=(),
        results=(*state.results, result),
    )
    if not finished:
        return after
    return rebuild(
        after,
        stage=TwistStage.GAME_OVER,
        winners=winners_of(after, tuple(finished), went_out),
    )


def winners_of(
    state: TwistState, finishers: tuple[int, ...], went_out: int | None
) -> tuple[int, ...]:
    """Who wins among the players who finished in the same hand (T-7.2, option ``tiebreak``)."""
    rule = state.rules.tiebreak
    if len(finishers) == 1 or rule is TwistTiebreak.SHARED:
        return finishers
    if rule is TwistTiebreak.WENT_OUT_FIRST and went_out in finishers:
        return (went_out,) if went_out is not None else finishers
    best = min(state.players[seat].score for seat in finishers)
    return tuple(seat for seat in finishers if state.players[seat].score == best)
