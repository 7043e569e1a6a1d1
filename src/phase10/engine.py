"""The rules as pure functions: :func:`new_game`, :func:`apply`, :func:`legal_actions`.

>>> from phase10 import new_game, legal_actions, apply, DrawStock
>>> state = new_game(["Ann", "Bob", "Cy"], seed=1)
>>> state.stage, state.current_player, len(state.players[1].hand)
(<Stage.DRAW>, 1, 10)
>>> legal_actions(state)
(DrawStock(), TakeDiscard())
>>> after = apply(state, DrawStock())
>>> len(after.players[1].hand), len(state.players[1].hand)
(11, 10)
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence

import attrs

from .actions import Action, Discard, DrawStock, Hit, LayDown, NextHand, TakeDiscard
from .cards import Card
from .dealing import check_deck, seat_order, shuffled
from .errors import IllegalActionError, IllegalReason, InvalidRulesError
from .melds import End, MeldRules
from .phases import Phase
from .rules import (
    DealerRotation,
    DrawExhaustion,
    GoingOut,
    InitialSkip,
    InitialWild,
    LaydownExtras,
    Rules,
    SkipAsLastCard,
    SkipLimit,
    SkipTarget,
    WildAssignment,
)
from .scoring import end_hand
from .solver import can_complete, find_completions, laydown_problem
from .state import GameState, PlayerState, Stage

__all__ = ["apply", "check", "legal_actions", "new_game"]

_WILD = 48
_SKIP = 49


# --------------------------------------------------------------------------- setup


def _resolve_rules(rules: Rules | str) -> Rules:
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        from .variants import resolve

        return resolve(rules)
    raise InvalidRulesError(f"rules must be a Rules or a variant name, not {rules!r}")


def new_game(
    players: int | Sequence[str],
    rules: Rules | str = "standard",
    *,
    seed: int | None = None,
    dealer: int = 0,
    deck: Iterable[Card] | None = None,
) -> GameState:
    """Start a game and deal its first hand (R-3).

    ``players`` is a count or the players' names. ``rules`` is a :class:`Rules`
    or a variant spec such as ``"standard"``. The ``seed`` fixes every shuffle;
    without one a secure random seed is drawn and stored in the state. ``deck``
    fixes the first hand's order (top of the stock first): cards are dealt one
    at a time from the left of the dealer, then the next card starts the
    discard pile.
    """
    resolved = _resolve_rules(rules)
    if isinstance(players, int) and not isinstance(players, bool):
        names = tuple(f"Player {i + 1}" for i in range(players))
    elif isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidRulesError("players must be a count or a sequence of names", "players")
    else:
        names = tuple(players)
        if not all(isinstance(n, str) for n in names):
            raise InvalidRulesError("player names must be strings", "players")
    resolved.check_players(len(names))
    if not isinstance(dealer, int) or not 0 <= dealer < len(names):
        raise InvalidRulesError(f"dealer must be a seat from 0 to {len(names) - 1}", "dealer")
    if seed is None:
        seed = secrets.randbits(63)
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidRulesError(f"seed must be an int, not {seed!r}", "seed")
    order = None if deck is None else check_deck(tuple(deck), resolved)
    seats = tuple(range(len(names)))
    skeleton = GameState(
        rules=resolved,
        players=tuple(PlayerState(name) for name in names),
        seed=seed,
        stage=Stage.HAND_OVER,
        hand_number=0,
        dealer=dealer,
        current_player=None,
        stock=(),
        discard_pile=(),
        seats=seats,
        skip_record=(-1,) * len(names),
    )
    return _deal(skeleton, 1, dealer, seats, order, tiebreak=False)


def _deal(
    state: GameState,
    hand_number: int,
    dealer: int,
    seats: tuple[int, ...],
    order: tuple[Card, ...] | None,
    *,
    tiebreak: bool,
) -> GameState:
    """Shuffle, deal and turn up the first discard (R-3.2..R-3.6)."""
    rules = state.rules
    from .cards import standard_deck

    if order is None:
        order = shuffled(standard_deck(rules), state.seed, hand_number)
    table = len(state.players)
    playing = seat_order(seats, dealer, table)
    size = rules.hand_size
    hands: dict[int, list[Card]] = {seat: [] for seat in playing}
    for i in range(size * len(playing)):
        hands[playing[i % len(playing)]].append(order[i])
    rest = list(order[size * len(playing) :])
    discard = [rest.pop(0)]
    first = playing[0]
    pending = 0
    while True:
        top = discard[-1]
        if top.is_wild and rules.initial_wild is InitialWild.RETURN_AND_FLIP and rest:
            rest.append(discard.pop())
            discard.append(rest.pop(0))
            continue
        if top.is_skip and rules.initial_skip is InitialSkip.COVER_WITH_NEXT_CARD and rest:
            discard.append(rest.pop(0))
            continue
        break
    record = [-1] * table
    if discard[-1].is_skip and rules.initial_skip is InitialSkip.SKIP_FIRST_PLAYER:
        pending = 1  # the first player's first turn is lost
        if rules.skip_counts_initial:
            record[first] = 0
    players = tuple(
        attrs.evolve(
            p,
            hand=tuple(sorted(hands[seat])) if seat in hands else (),
            melds=(),
            laid_down=False,
            skips_pending=pending if seat == first else 0,
            phase_attempted=None,
        )
        for seat, p in enumerate(state.players)
    )
    dealt = attrs.evolve(
        state,
        players=players,
        stage=Stage.DRAW,
        hand_number=hand_number,
        dealer=dealer,
        current_player=None,
        stock=tuple(rest),
        discard_pile=tuple(discard),
        seats=playing,
        turn=0,
        reshuffles=0,
        taken_discard=None,
        laid_down_this_turn=False,
        skip_record=tuple(record),
        pickups=((),) * table,
        lost_turns=(),
        tiebreak=tiebreak,
    )
    return _begin_turn(dealt, first, players, lost=(), turn=0)


# --------------------------------------------------------------------------- turn flow


def _next_seat(state: GameState, seat: int) -> int:
    seats = state.seats
    return seats[(seats.index(seat) + 1) % len(seats)]


def _begin_turn(
    state: GameState,
    seat: int,
    players: tuple[PlayerState, ...],
    lost: tuple[int, ...],
    turn: int,
) -> GameState:
    """Give the turn to ``seat``, serving pending skips (R-4.1) and the draw fallback (R-14.2)."""
    lost_list = list(lost)
    plist = list(players)
    guard = 0
    while plist[seat].skips_pending > 0 and guard < 1000:
        plist[seat] = attrs.evolve(plist[seat], skips_pending=plist[seat].skips_pending - 1)
        lost_list.append(seat)
        turn += 1
        seat = _next_seat(state, seat)
        guard += 1
    new_players = tuple(plist)
    total = state.total_turns + 1
    nxt = attrs.evolve(
        state,
        players=new_players,
        stage=Stage.DRAW,
        current_player=seat,
        turn=turn,
        total_turns=total,
        taken_discard=None,
        laid_down_this_turn=False,
        lost_turns=tuple(lost_list),
    )
    cap = state.rules.max_turns
    if cap is not None and total > cap:
        return attrs.evolve(nxt, stage=Stage.GAME_OVER, current_player=None, winners=())
    if not _can_draw_stock(nxt) and not _can_take_discard(nxt):
        return end_hand(nxt, nxt.players, went_out=None)
    return nxt


def _can_take_discard(state: GameState) -> bool:
    top = state.top_discard
    if top is None:
        return False
    return not top.is_skip or state.rules.skip_pickup_from_discard


def _can_draw_stock(state: GameState) -> bool:
    if state.stock:
        return True
    mode = state.rules.draw_exhaustion
    if mode is DrawExhaustion.RESHUFFLE_DISCARD_KEEP_TOP:
        return len(state.discard_pile) > 1
    if mode is DrawExhaustion.RESHUFFLE_ALL_DISCARDS:
        return len(state.discard_pile) > 0
    return False


def _player_rules(state: GameState, seat: int) -> MeldRules:
    return state.rules.meld_rules


def _remove(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``hand`` less ``cards`` (as multisets), or ``None`` if the hand lacks one."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def _add(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(sorted((*hand, card)))


def _illegal(reason: IllegalReason, message: str) -> IllegalActionError:
    return IllegalActionError(reason, message)


def _with_player(
    players: tuple[PlayerState, ...], seat: int, player: PlayerState
) -> tuple[PlayerState, ...]:
    return (*players[:seat], player, *players[seat + 1 :])


# --------------------------------------------------------------------------- apply


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises :class:`IllegalActionError` if it is not allowed.

    ``state`` itself is never changed.
    """
    stage = state.stage
    if stage is Stage.GAME_OVER:
        raise _illegal(IllegalReason.GAME_OVER, "the game is over")
    if isinstance(action, NextHand):
        return _apply_next_hand(state, action)
    if stage is Stage.HAND_OVER:
        raise _illegal(IllegalReason.WRONG_STAGE, "the hand is over: deal the next one")
    if isinstance(action, (DrawStock, TakeDiscard)):
        if stage is not Stage.DRAW:
            raise _illegal(IllegalReason.WRONG_STAGE, "you have already drawn this turn")
        if isinstance(action, DrawStock):
            return _apply_draw_stock(state)
        return _apply_take_discard(state)
    if isinstance(action, (LayDown, Hit, Discard)):
        if stage is not Stage.PLAY:
            raise _illegal(IllegalReason.WRONG_STAGE, "draw a card first (R-4.2)")
        if isinstance(action, LayDown):
            return _apply_lay_down(state, action)
        if isinstance(action, Hit):
            return _apply_hit(state, action)
        return _apply_discard(state, action)
    raise _illegal(IllegalReason.UNKNOWN_ACTION, f"{action!r} is not a phase10 action")


def check(state: GameState, action: Action) -> IllegalActionError | None:
    """``None`` if ``action`` is legal in ``state``, else the error :func:`apply` would raise."""
    try:
        apply(state, action)
    except IllegalActionError as error:
        return error
    return None


def _apply_next_hand(state: GameState, action: NextHand) -> GameState:
    if state.stage is not Stage.HAND_OVER:
        raise _illegal(IllegalReason.WRONG_STAGE, "the hand is still being played")
    rules = state.rules
    order = None if action.deck is None else check_deck(action.deck, rules)
    table = len(state.players)
    dealer = state.dealer
    if rules.dealer_rotation is DealerRotation.LEFT_EACH_HAND:
        dealer = (dealer + 1) % table
    tied = state.tiebreak_seats
    seats = tied if tied else tuple(range(table))
    return _deal(state, state.hand_number + 1, dealer, seats, order, tiebreak=bool(tied))


def _reshuffled_stock(state: GameState) -> tuple[tuple[Card, ...], tuple[Card, ...], int]:
    """(stock, discard pile, reshuffles) after turning the discards into a new stock (R-14.1)."""
    count = state.reshuffles + 1
    pool: tuple[Card, ...]
    keep: tuple[Card, ...]
    if state.rules.draw_exhaustion is DrawExhaustion.RESHUFFLE_ALL_DISCARDS:
        pool, keep = state.discard_pile, ()
    else:
        pool, keep = state.discard_pile[:-1], state.discard_pile[-1:]
    stock = shuffled(sorted(pool), state.seed, state.hand_number, count)
    return stock, keep, count


def _apply_draw_stock(state: GameState) -> GameState:
    if not _can_draw_stock(state):
        raise _illegal(IllegalReason.NO_CARDS_TO_DRAW, "the draw pile is empty")
    stock, discard, reshuffles = state.stock, state.discard_pile, state.reshuffles
    if not stock:
        stock, discard, reshuffles = _reshuffled_stock(state)
    seat = state.current_player
    assert seat is not None
    player = state.players[seat]
    player = attrs.evolve(player, hand=_add(player.hand, stock[0]))
    return attrs.evolve(
        state,
        players=_with_player(state.players, seat, player),
        stock=stock[1:],
        discard_pile=discard,
        reshuffles=reshuffles,
        stage=Stage.PLAY,
        lost_turns=(),
    )


def _apply_take_discard(state: GameState) -> GameState:
    top = state.top_discard
    if top is None:
        raise _illegal(IllegalReason.EMPTY_DISCARD, "the discard pile is empty")
    if top.is_skip and not state.rules.skip_pickup_from_discard:
        raise _illegal(
            IllegalReason.SKIP_NOT_TAKEABLE,
            "a Skip can never be taken from the discard pile (R-9.4)",
        )
    seat = state.current_player
    assert seat is not None
    player = state.players[seat]
    player = attrs.evolve(player, hand=_add(player.hand, top))
    return attrs.evolve(
        state,
        players=_with_player(state.players, seat, player),
        discard_pile=state.discard_pile[:-1],
        taken_discard=top,
        pickups=(
            *state.pickups[:seat],
            (*state.pickups[seat], top),
            *state.pickups[seat + 1 :],
        ),
        stage=Stage.PLAY,
        lost_turns=(),
    )


def _leaves_no_discard(rest: tuple[Card, ...], rules: Rules) -> str | None:
    """Why a play that leaves ``rest`` in hand is not allowed, or ``None`` (R-10.2, A-8, A-9)."""
    if not rest:
        if rules.going_out is GoingOut.DISCARD_REQUIRED:
            return "you must keep a card to discard (R-10.2)"
        return None
    if (
        len(rest) == 1
        and rest[0].is_skip
        and rules.skip_as_last_card is SkipAsLastCard.FORBIDDEN
        and rules.going_out is GoingOut.DISCARD_REQUIRED
    ):
        return "you would be left with only a Skip, which may not be your last card (A-9)"
    return None


def _phase_for(state: GameState, seat: int, action: LayDown) -> Phase:
    open_phases = state.open_phases(seat)
    if not open_phases:
        raise _illegal(IllegalReason.WRONG_PHASE, "you have no phase left to lay down")
    if action.phase is not None:
        for phase in open_phases:
            if phase.number == action.phase:
                return phase
        if action.phase in state.players[seat].completed:
            raise _illegal(
                IllegalReason.PHASE_ALREADY_COMPLETED,
                f"you have already completed phase {action.phase}",
            )
        raise _illegal(IllegalReason.WRONG_PHASE, f"you cannot lay down phase {action.phase} now")
    if len(open_phases) == 1:
        return open_phases[0]
    raise _illegal(IllegalReason.WRONG_PHASE, "say which phase you are laying down")


def _apply_lay_down(state: GameState, action: LayDown) -> GameState:
    seat = state.current_player
    assert seat is not None
    player = state.players[seat]
    rules = state.rules
    if player.laid_down:
        raise _illegal(
            IllegalReason.ALREADY_LAID_DOWN, "you may lay down only one phase per hand (R-5.2)"
        )
    phase = _phase_for(state, seat, action)
    rest = _remove(player.hand, action.cards())
    if rest is None:
        raise _illegal(IllegalReason.CARD_NOT_IN_HAND, "you do not hold all of those cards")
    why = laydown_problem(
        action.melds,
        phase,
        _player_rules(state, seat),
        exact_only=rules.laydown_extras is LaydownExtras.EXACT_ONLY,
    )
    if why:
        raise _illegal(IllegalReason.INVALID_MELD, f"that is not phase {phase.number}: {why}")
    why = _leaves_no_discard(rest, rules)
    if why:
        raise _illegal(IllegalReason.MUST_KEEP_A_CARD, why)
    player = attrs.evolve(
        player, hand=rest, melds=action.melds, laid_down=True, phase_attempted=phase.number
    )
    players = _with_player(state.players, seat, player)
    after = attrs.evolve(state, players=players, laid_down_this_turn=True, lost_turns=())
    if not rest:
        return end_hand(after, players, went_out=seat)
    if state.tiebreak and rules.tiebreak.value == "replay_final_phase_first_laydown":
        return end_hand(after, players, went_out=None, laid_first=seat)
    if (
        rules.end_when_sole_phase10_contender
        and not state.tiebreak
        and phase == rules.final_phase
        and sum(1 for s in state.seats if state.target_phase(s) == rules.final_phase) == 1
    ):
        return end_hand(after, players, went_out=None)
    return after


def _hit_ends(state: GameState, seat: int, action: Hit) -> End | None:
    """The run end the hit goes to, after every check of R-6."""
    player = state.players[seat]
    rules = state.rules
    if not player.laid_down:
        raise _illegal(
            IllegalReason.PHASE_NOT_LAID_DOWN, "lay down your own phase before hitting (R-6.2)"
        )
    if not 0 <= action.owner < len(state.players) or not (
        0 <= action.meld < len(state.players[action.owner].melds)
    ):
        raise _illegal(IllegalReason.NO_SUCH_MELD, "there is no such group on the table")
    if state.laid_down_this_turn:
        if action.owner == seat and not rules.hit_own_same_turn:
            raise _illegal(
                IllegalReason.HIT_NOT_ALLOWED_YET,
                "you may hit your own groups from your next turn on (hit_own_same_turn, A-2)",
            )
        if action.owner != seat and not rules.hit_others_same_turn:
            raise _illegal(
                IllegalReason.HIT_NOT_ALLOWED_YET,
                "you may hit other players' groups from your next turn on "
                "(hit_others_same_turn, A-1)",
            )
    if action.card not in player.hand:
        raise _illegal(IllegalReason.CARD_NOT_IN_HAND, f"you do not hold {action.card}")
    meld = state.players[action.owner].melds[action.meld]
    ends = meld.hit_ends(action.card, _player_rules(state, seat))
    if not ends:
        raise _illegal(
            IllegalReason.CARD_DOES_NOT_FIT,
            f"{action.card} does not fit the {meld.describe()} (R-6.5)",
        )
    if ends == (None,):
        if action.end is not None:
            raise _illegal(IllegalReason.CARD_DOES_NOT_FIT, f"a {meld.describe()} has no ends")
        return None
    if action.end is None:
        if rules.wild_assignment is WildAssignment.AUTO:
            return End.HIGH if End.HIGH in ends else ends[0]
        raise _illegal(
            IllegalReason.CARD_DOES_NOT_FIT,
            f"say which end of the {meld.describe()} {action.card} goes to (R-6.9)",
        )
    if action.end not in ends:
        raise _illegal(
            IllegalReason.CARD_DOES_NOT_FIT,
            f"{action.card} does not fit the {action.end.value} end of the {meld.describe()}",
        )
    return action.end


def _apply_hit(state: GameState, action: Hit) -> GameState:
    seat = state.current_player
    assert seat is not None
    end = _hit_ends(state, seat, action)
    player = state.players[seat]
    rest = _remove(player.hand, (action.card,))
    assert rest is not None
    why = _leaves_no_discard(rest, state.rules)
    if why:
        raise _illegal(IllegalReason.MUST_KEEP_A_CARD, why)
    owner = state.players[action.owner]
    meld = owner.melds[action.meld]
    grown = meld.requirement.extend(meld, action.card, end)
    melds = (*owner.melds[: action.meld], grown, *owner.melds[action.meld + 1 :])
    players = _with_player(state.players, action.owner, attrs.evolve(owner, melds=melds))
    players = _with_player(players, seat, attrs.evolve(players[seat], hand=rest))
    after = attrs.evolve(state, players=players, lost_turns=())
    if not rest:
        return end_hand(after, players, went_out=seat)  # A-8 hit_or_discard
    return after


def skip_targets(state: GameState, seat: int) -> tuple[int, ...]:
    """The seats ``seat`` may skip now (R-9.1, R-9.5, A-6, A-7), in seat order."""
    rules = state.rules
    others = [s for s in state.seats if s != seat]
    if rules.skip_target is SkipTarget.NEXT_PLAYER:
        others = [_next_seat(state, seat)]
    limit = rules.skip_limit
    players = state.players
    record = state.skip_record
    if limit is SkipLimit.NO_STACKING:
        return tuple(s for s in sorted(others) if players[s].skips_pending == 0)
    if limit is SkipLimit.ONCE_PER_HAND:
        return tuple(s for s in sorted(others) if record[s] < 0)
    if limit is SkipLimit.STRICT_CIRCUIT:
        circuit = len(state.seats)
        return tuple(
            s
            for s in sorted(others)
            if players[s].skips_pending == 0
            and (record[s] < 0 or state.turn - record[s] >= circuit)
        )
    return tuple(sorted(others))


def _is_skip_use(card: Card, rules: Rules) -> bool:
    return card.is_skip or (card.is_wild and rules.wild_as_skip)


def _apply_discard(state: GameState, action: Discard) -> GameState:
    seat = state.current_player
    assert seat is not None
    rules = state.rules
    player = state.players[seat]
    card = action.card
    rest = _remove(player.hand, (card,))
    if rest is None:
        raise _illegal(IllegalReason.CARD_NOT_IN_HAND, f"you do not hold {card}")
    if (
        not rules.may_discard_card_taken_from_discard
        and state.taken_discard == card
        and any(c != card for c in player.hand)
    ):
        raise _illegal(
            IllegalReason.NOT_ALLOWED_BY_RULES,
            "you may not discard the card you took from the discard pile (A-18)",
        )
    going_out = not rest
    replacement = False
    if going_out and card.is_skip:
        mode = rules.skip_as_last_card
        if mode is SkipAsLastCard.FORBIDDEN:
            raise _illegal(
                IllegalReason.NOT_ALLOWED_BY_RULES,
                "a Skip may not be your last card (skip_as_last_card, A-9)",
            )
        if mode is SkipAsLastCard.DRAW_REPLACEMENT and _can_draw_stock(state):
            going_out, replacement = False, True
    target = action.target
    if target is not None:
        if not _is_skip_use(card, rules):
            raise _illegal(IllegalReason.TARGET_NOT_NEEDED, f"discarding {card} skips nobody")
        if going_out:
            raise _illegal(
                IllegalReason.TARGET_NOT_NEEDED,
                "you are going out: the hand ends, so the Skip needs no target (R-9.7)",
            )
        if target not in skip_targets(state, seat):
            raise _illegal(
                IllegalReason.BAD_SKIP_TARGET,
                f"seat {target} cannot be skipped now (R-9.1, R-9.5)",
            )
    elif card.is_skip and not going_out and skip_targets(state, seat):
        raise _illegal(IllegalReason.BAD_SKIP_TARGET, "name the player to skip (R-4.6)")
    discard = (*state.discard_pile, card)
    stock = state.stock
    reshuffles = state.reshuffles
    if replacement:
        probe = attrs.evolve(state, discard_pile=discard)
        if not stock:
            stock, discard, reshuffles = _reshuffled_stock(probe)
        rest = (stock[0],)
        stock = stock[1:]
    players = _with_player(state.players, seat, attrs.evolve(player, hand=rest))
    record = state.skip_record
    if target is not None:
        players = _with_player(
            players,
            target,
            attrs.evolve(players[target], skips_pending=players[target].skips_pending + 1),
        )
        record = (*record[:target], state.turn, *record[target + 1 :])
    after = attrs.evolve(
        state,
        players=players,
        discard_pile=discard,
        stock=stock,
        reshuffles=reshuffles,
        skip_record=record,
    )
    if going_out:
        return end_hand(after, players, went_out=seat)
    return _begin_turn(after, _next_seat(state, seat), players, lost=(), turn=state.turn + 1)


# --------------------------------------------------------------------------- legal actions


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action, canonical and in a fixed order.

    Lay-downs list each group at its minimum size (R-5.5); bigger groups are
    reached by hits in the same turn (R-6.6). :func:`apply` also accepts a
    lay-down with bigger groups.
    """
    stage = state.stage
    if stage is Stage.GAME_OVER:
        return ()
    if stage is Stage.HAND_OVER:
        return (NextHand(),)
    seat = state.current_player
    assert seat is not None
    if stage is Stage.DRAW:
        draws: list[Action] = []
        if _can_draw_stock(state):
            draws.append(DrawStock())
        if _can_take_discard(state):
            draws.append(TakeDiscard())
        return tuple(draws)
    actions: list[Action] = []
    player = state.players[seat]
    if not player.laid_down:
        actions.extend(_lay_downs(state, seat))
    else:
        actions.extend(_hits(state, seat))
    actions.extend(_discards(state, seat))
    return tuple(actions)


def _lay_downs(state: GameState, seat: int) -> list[Action]:
    player = state.players[seat]
    rules = state.rules
    meld_rules = _player_rules(state, seat)
    open_phases = state.open_phases(seat)
    name_phase = len(open_phases) > 1
    result: list[Action] = []
    for phase in open_phases:
        if not can_complete(player.hand, phase, meld_rules):
            continue
        for melds in find_completions(player.hand, phase, meld_rules):
            used = [c for m in melds for c in m.cards]
            rest = _remove(player.hand, used)
            assert rest is not None
            if _leaves_no_discard(rest, rules):
                continue
            result.append(LayDown(melds, phase.number if name_phase else None))
    return result


def _hits(state: GameState, seat: int) -> list[Action]:
    player = state.players[seat]
    rules = state.rules
    meld_rules = _player_rules(state, seat)
    if len(player.hand) == 1 and _leaves_no_discard((), rules):
        return []
    cards = sorted(set(player.hand))
    if (
        len(player.hand) == 2
        and rules.skip_as_last_card is SkipAsLastCard.FORBIDDEN
        and rules.going_out is GoingOut.DISCARD_REQUIRED
    ):
        blocked = {c for c in cards if _leaves_no_discard(_remove(player.hand, (c,)) or (), rules)}
        cards = [c for c in cards if c not in blocked]
    result: list[Action] = []
    for owner in sorted(state.seats):
        melds = state.players[owner].melds
        if not melds:
            continue
        if state.laid_down_this_turn and not (
            rules.hit_own_same_turn if owner == seat else rules.hit_others_same_turn
        ):
            continue
        for index, meld in enumerate(melds):
            for card in cards:
                if card.is_skip:
                    continue
                for end in meld.hit_ends(card, meld_rules):
                    result.append(Hit(card, owner, index, end))
    return result


def _discards(state: GameState, seat: int) -> list[Action]:
    player = state.players[seat]
    rules = state.rules
    hand = player.hand
    last = len(hand) == 1
    targets: tuple[int, ...] | None = None
    result: list[Action] = []
    for card in sorted(set(hand)):
        if (
            not rules.may_discard_card_taken_from_discard
            and state.taken_discard == card
            and any(c != card for c in hand)
        ):
            continue
        if card.is_skip and last:
            mode = rules.skip_as_last_card
            if mode is SkipAsLastCard.FORBIDDEN:
                continue
            if mode is SkipAsLastCard.ALLOWED or not _can_draw_stock(state):
                result.append(Discard(card))
                continue
        if _is_skip_use(card, rules) and not (last and not card.is_skip):
            if targets is None:
                targets = skip_targets(state, seat)
            if card.is_wild:
                result.append(Discard(card))
            if not targets and card.is_skip:
                result.append(Discard(card))
            result.extend(Discard(card, t) for t in targets)
            continue
        result.append(Discard(card))
    return result
