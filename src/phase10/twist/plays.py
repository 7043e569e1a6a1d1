"""What each Twist action does to the state (T-3..T-5).

Every function checks its action completely before building anything, raises
:class:`~phase10.IllegalActionError` with a reason, and returns a new state. The
lay-downs, hits and their checks are the card game's (R-5, R-6, R-7): the same
groups, the same solver, the same messages.
"""

from __future__ import annotations

from ..actions import Hit, LayDown, LayGroup
from ..cards import SKIP
from ..dealing import shuffled
from ..engine.common import add, no_such_group, not_held, remove
from ..engine.laydowns import can_finish, needs_natural
from ..errors import IllegalReason
from ..laying import remaining_requirements
from ..melds import End, Meld
from ..phases import Phase
from ..solver import laydown_problem
from .actions import ChooseSpace, DiscardOnto, PlaySkip, TakePile
from .common import illegal, next_seat, rebuild, seat_of, with_player
from .hands import end_hand
from .setup import deal, next_chooser
from .state import TwistPlayer, TwistStage, TwistState
from .turns import begin_turn

__all__ = [
    "can_draw_stock",
    "choose_space",
    "discard_onto",
    "draw_stock",
    "draw_twist",
    "hit",
    "lay_down",
    "lay_group",
    "play_skip",
    "skip_targets",
    "take_pile",
]


# --------------------------------------------------------------------------- choosing


def _after_choice(state: TwistState, seat: int, player: TwistPlayer) -> TwistState:
    """The next chooser, or the deal (if still to come) and the first turn (T-3.3)."""
    state = rebuild(state, players=with_player(state.players, seat, player), lost_turns=())
    chooser = next_chooser(state, seat)
    if chooser is not None:
        return rebuild(state, current_player=chooser)
    if not state.dealt:
        state = deal(state)
    return begin_turn(state, state.order()[0], state.players, lost=(), turn=0)


def choose_space(state: TwistState, action: ChooseSpace) -> TwistState:
    """T-3.2: make the phase of a space beside the Twist space this hand."""
    seat = seat_of(state)
    player = state.players[seat]
    if action.space not in state.rules.board.neighbours(player.position):
        low, high = state.rules.board.neighbours(player.position)
        raise illegal(
            IllegalReason.NOT_ADJACENT,
            f"you stand on the Twist space {player.position}: choose space {low} or {high}, "
            "or a Twist card (T-3.2)",
        )
    return _after_choice(state, seat, rebuild(player, phase_space=action.space))


def draw_twist(state: TwistState) -> TwistState:
    """T-3.2: draw the top Twist card; its phase is this hand's (the card is public)."""
    if not state.twist_deck:
        raise illegal(
            IllegalReason.NO_TWIST_CARDS, "there is no Twist card left: choose a space (T-3.2)"
        )
    seat = seat_of(state)
    card, rest = state.twist_deck[0], state.twist_deck[1:]
    after = rebuild(state, twist_deck=rest)
    return _after_choice(after, seat, rebuild(state.players[seat], twist_card=card))


# --------------------------------------------------------------------------- draws


def can_draw_stock(state: TwistState) -> bool:
    """Whether a card can come from the draw pile, rebuilding it if needed (T-4.7)."""
    return bool(state.stock) or any(len(pile) > 1 for pile in state.discard_piles)


def draw_stock(state: TwistState) -> TwistState:
    """T-4.1: the top of the draw pile; an empty one is rebuilt from the cards under the three
    piles' tops (T-4.7)."""
    if not can_draw_stock(state):
        raise illegal(
            IllegalReason.NO_CARDS_TO_DRAW,
            "the draw pile is empty and the discard piles hold only their tops: take one",
        )
    stock, piles, reshuffles = state.stock, state.discard_piles, state.reshuffles
    if not stock:
        reshuffles += 1
        pool = sorted(card for pile in piles for card in pile[:-1])
        stock = shuffled(pool, state.seed, state.hand_number, reshuffles)
        piles = (piles[0][-1:], piles[1][-1:], piles[2][-1:])
    seat = seat_of(state)
    player = state.players[seat]
    player = rebuild(player, hand=add(player.hand, stock[0]))
    return rebuild(
        state,
        players=with_player(state.players, seat, player),
        stock=stock[1:],
        discard_piles=piles,
        reshuffles=reshuffles,
        stage=TwistStage.PLAY,
        lost_turns=(),
    )


def take_pile(state: TwistState, action: TakePile) -> TwistState:
    """T-4.1, T-5.4: the top of any discard pile, Skips too; whoever empties a pile must
    discard back onto it (T-4.5)."""
    pile = state.discard_piles[action.pile]
    if not pile:
        raise illegal(IllegalReason.EMPTY_DISCARD, f"discard pile {action.pile} is empty")
    seat = seat_of(state)
    player = state.players[seat]
    player = rebuild(player, hand=add(player.hand, pile[-1]))
    piles = list(state.discard_piles)
    piles[action.pile] = pile[:-1]
    return rebuild(
        state,
        players=with_player(state.players, seat, player),
        discard_piles=(piles[0], piles[1], piles[2]),
        refill=action.pile if len(pile) == 1 else None,
        stage=TwistStage.PLAY,
        lost_turns=(),
    )


# --------------------------------------------------------------------------- lay-downs


def _phase(state: TwistState, seat: int, action: LayDown | LayGroup) -> Phase:
    if action.phase is not None:
        raise illegal(
            IllegalReason.WRONG_PHASE,
            "your phase is set by your space or Twist card (T-3.1): leave the phase number out",
        )
    phase = state.target_phase(seat)
    assert phase is not None  # everyone has a phase once play starts (T-3.3)
    return phase


def _check_laying(state: TwistState, seat: int) -> TwistPlayer:
    player = state.players[seat]
    if player.laid_down:
        raise illegal(
            IllegalReason.ALREADY_LAID_DOWN, "you may lay down only one phase per hand (R-5.2)"
        )
    return player


def _not_laying(state: TwistState) -> None:
    """Nothing but the next group may follow a group of a lay-down under way (R-5.4)."""
    if state.laying:
        raise illegal(
            IllegalReason.LAY_DOWN_UNDER_WAY,
            "finish laying down your phase first: add its next group (R-5.4)",
        )


def _keep_one(rest: tuple[object, ...]) -> None:
    if not rest:
        raise illegal(
            IllegalReason.MUST_KEEP_A_CARD, "you must keep a card to end your turn with (T-4.6)"
        )


def lay_down(state: TwistState, action: LayDown) -> TwistState:
    """R-5, T-4.2: lay the whole phase down from hand, once per hand."""
    seat = seat_of(state)
    player = _check_laying(state, seat)
    phase = _phase(state, seat, action)
    missing = list(action.melds)
    for meld in state.laying:
        if meld not in missing:
            raise illegal(
                IllegalReason.LAY_DOWN_UNDER_WAY,
                f"the lay-down must keep the groups you have put down ({meld})",
            )
        missing.remove(meld)
    rest = remove(player.hand, action.cards())
    if rest is None:
        raise illegal(IllegalReason.CARD_NOT_IN_HAND, not_held(player.hand, action.cards()))
    why = laydown_problem(action.melds, phase, state.rules.meld_rules)
    if why:
        raise illegal(IllegalReason.INVALID_MELD, f"that is not your phase: {why}")
    _keep_one(rest)
    player = rebuild(player, hand=rest, melds=action.melds, laid_down=True)
    return rebuild(
        state, players=with_player(state.players, seat, player), laying=(), lost_turns=()
    )


def lay_group(state: TwistState, action: LayGroup) -> TwistState:
    """R-5.4: put one group of a phase of several groups down; the cards stay in hand."""
    seat = seat_of(state)
    player = _check_laying(state, seat)
    phase = _phase(state, seat, action)
    pending = state.laying
    left = list(remaining_requirements(phase.requirements, pending))
    meld = action.meld
    if meld.requirement not in left:
        raise illegal(
            IllegalReason.INVALID_MELD,
            f"your phase is {phase.name}: it has no {meld.requirement.describe()} left to lay",
        )
    if len(left) == 1:
        raise illegal(
            IllegalReason.INVALID_MELD,
            "that group completes your phase: lay it down with LayDown and all its groups (R-5.4)",
        )
    rules = state.rules.meld_rules
    why = meld.problem(rules)
    if why:
        raise illegal(IllegalReason.INVALID_MELD, why)
    taken = [c for m in (*pending, meld) for c in m.cards]
    rest = remove(player.hand, taken)
    if rest is None:
        raise illegal(IllegalReason.CARD_NOT_IN_HAND, not_held(player.hand, taken))
    left.remove(meld.requirement)
    others = tuple(left)
    if len(rest) - sum(r.size for r in others) < 1:
        _keep_one(())
    if not can_finish(rest, others, rules, needs_natural(rules, (*pending, meld))):
        raise illegal(
            IllegalReason.INVALID_MELD,
            "with that group, the rest of your hand cannot make the rest of your phase",
        )
    return rebuild(state, laying=(*pending, meld), lost_turns=())


# --------------------------------------------------------------------------- hits


def _hit_end(state: TwistState, action: Hit, meld: Meld) -> End | None:
    """The run end the hit goes to, after the checks of R-6.5 and R-6.9."""
    ends = meld.hit_ends(action.card, state.rules.meld_rules)
    if not ends:
        raise illegal(
            IllegalReason.CARD_DOES_NOT_FIT,
            f"{action.card} does not fit the {meld.describe()} (R-6.5)",
        )
    if ends == (None,):
        if action.end is not None:
            raise illegal(IllegalReason.CARD_DOES_NOT_FIT, f"a {meld.describe()} has no ends")
        return None
    if action.end is None:
        if len(ends) == 1:
            return ends[0]
        raise illegal(
            IllegalReason.CARD_DOES_NOT_FIT,
            f"say which end of the {meld.describe()} {action.card} goes to (R-6.9)",
        )
    if action.end not in ends:
        raise illegal(
            IllegalReason.CARD_DOES_NOT_FIT,
            f"{action.card} does not fit the {action.end.value} end of the {meld.describe()}",
        )
    return action.end


def hit(state: TwistState, action: Hit) -> TwistState:
    """R-6, T-4.3: add one card from hand to a group on the table (the same turn included)."""
    _not_laying(state)
    seat = seat_of(state)
    player = state.players[seat]
    if not player.laid_down:
        raise illegal(
            IllegalReason.PHASE_NOT_LAID_DOWN, "lay down your own phase before hitting (R-6.2)"
        )
    owner, index = action.owner, action.meld
    if not (0 <= owner < len(state.players) and 0 <= index < len(state.players[owner].melds)):
        raise illegal(
            IllegalReason.NO_SUCH_MELD,
            no_such_group([p.melds for p in state.players], owner, index),
        )
    meld = state.players[owner].melds[index]
    if action.card not in player.hand:
        raise illegal(IllegalReason.CARD_NOT_IN_HAND, f"you do not hold {action.card}")
    end = _hit_end(state, action, meld)
    rest = remove(player.hand, (action.card,))
    assert rest is not None
    _keep_one(rest)
    grown = meld.requirement.extend(meld, action.card, end)
    melds = state.players[owner].melds
    players = with_player(
        state.players,
        owner,
        rebuild(state.players[owner], melds=(*melds[:index], grown, *melds[index + 1 :])),
    )
    players = with_player(players, seat, rebuild(players[seat], hand=rest))
    return rebuild(state, players=players, lost_turns=())


# --------------------------------------------------------------------------- ending the turn


def _end_turn(
    state: TwistState, seat: int, players: tuple[TwistPlayer, ...], **changes: object
) -> TwistState:
    """The turn is over: the hand ends if the player went out (R-10.3), else play passes."""
    if not players[seat].hand:
        return end_hand(rebuild(state, **changes), players, went_out=seat)
    return begin_turn(
        state, next_seat(state, seat), players, lost=(), turn=state.turn + 1, **changes
    )


def discard_onto(state: TwistState, action: DiscardOnto) -> TwistState:
    """T-4.4, T-4.5: end the turn by discarding onto a pile (back onto an emptied one)."""
    _not_laying(state)
    seat = seat_of(state)
    player = state.players[seat]
    rest = remove(player.hand, (action.card,))
    if rest is None:
        raise illegal(IllegalReason.CARD_NOT_IN_HAND, f"you do not hold {action.card}")
    if state.refill is not None and action.pile != state.refill:
        raise illegal(
            IllegalReason.MUST_REFILL_PILE,
            f"you took the last card of discard pile {state.refill}: discard back onto it (T-4.5)",
        )
    piles = list(state.discard_piles)
    piles[action.pile] = (*piles[action.pile], action.card)
    players = with_player(state.players, seat, rebuild(player, hand=rest))
    return _end_turn(state, seat, players, discard_piles=(piles[0], piles[1], piles[2]))


def skip_targets(state: TwistState, seat: int) -> tuple[int, ...]:
    """The seats ``seat`` may skip: any other player without a Skip in front (T-5.1, T-5.2)."""
    return tuple(s for s, p in enumerate(state.players) if s != seat and not p.skipped)


def play_skip(state: TwistState, action: PlaySkip) -> TwistState:
    """T-4.4, T-5.1: end the turn by placing a Skip in front of another player."""
    _not_laying(state)
    seat = seat_of(state)
    player = state.players[seat]
    rest = remove(player.hand, (SKIP,))
    if rest is None:
        raise illegal(IllegalReason.CARD_NOT_IN_HAND, "you hold no Skip")
    if state.refill is not None:
        raise illegal(
            IllegalReason.MUST_REFILL_PILE,
            f"you took the last card of discard pile {state.refill}: discard back onto it "
            "instead of playing a Skip (T-4.5)",
        )
    if not rest:
        raise illegal(
            IllegalReason.TARGET_NOT_NEEDED,
            "the Skip is your last card: discard it onto a pile to go out (T-5.5)",
        )
    target = action.target
    if target not in skip_targets(state, seat):
        why = (
            "you cannot skip yourself"
            if target == seat
            else f"there is no seat {target} at this table (seats 0 to {len(state.players) - 1})"
            if not 0 <= target < len(state.players)
            else f"{state.players[target].name} already has a Skip in front of them (T-5.2)"
        )
        raise illegal(IllegalReason.BAD_SKIP_TARGET, why)
    players = with_player(state.players, seat, rebuild(player, hand=rest))
    players = with_player(players, target, rebuild(players[target], skipped=True))
    return _end_turn(state, seat, players)
