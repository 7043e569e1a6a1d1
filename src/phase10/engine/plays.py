"""What each action does to the state (R-4..R-10, V-1, V-9, V-12, V-13).

Every function checks its action completely before building anything, raises
:class:`~phase10.IllegalActionError` with a reason, and returns a new state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from ..actions import (
    ChoosePhase,
    Discard,
    GiveCard,
    Hit,
    LayDown,
    LayGroup,
    Save,
    SwapWild,
    TakeSaved,
)
from ..cards import WILD, Card
from ..errors import IllegalReason
from ..laying import remaining_requirements
from ..limits import show
from ..melds import End, Meld, MeldRules, RunOf
from ..phase_cards import finished
from ..phases import Phase
from ..rules import GoingOut, LaydownExtras, SkipAsLastCard, Tiebreak, WildAssignment
from ..scoring import end_hand
from ..solver import laydown_problem
from ..state import STAGE_PLAY, GameState, Laying, PlayerState, rebuilder, replace
from .common import (
    add,
    can_draw_stock,
    can_take_discard,
    either,
    hit_rules,
    illegal,
    in_first_circuit,
    is_skip_use,
    may_add_same_turn,
    may_hit_owner,
    next_seat,
    no_such_group,
    not_held,
    play_problem,
    player_rules,
    remove,
    remove_one,
    reshuffled_stock,
    save_room,
    usable_saved,
    with_player,
)
from .direction import turn_after
from .last_stand import after_final_turn, go_out
from .laydowns import can_finish, leftover_problem, needs_natural
from .partial import partial_groups, put_on_table, table_melds_kept
from .turns import after_deal_up, begin_turn, choice_waits, skip_targets, start_play

_NAMES = {51: "Reverse", 52: "Super Skip"}

# The rebuilds of the hot paths, each given exactly the fields it changes (state.rebuilder).
_with_hand = cast("Callable[..., PlayerState]", rebuilder(PlayerState, "hand"))
_discarded = cast("Callable[..., PlayerState]", rebuilder(PlayerState, "hand", "floating"))
_drawn = cast(
    "Callable[..., GameState]",
    rebuilder(GameState, "players", "stock", "discard_pile", "reshuffles", "stage", "lost_turns"),
)
_taken = cast(
    "Callable[..., GameState]",
    rebuilder(
        GameState, "players", "discard_pile", "taken_discard", "pickups", "stage", "lost_turns"
    ),
)


def _seat(state: GameState) -> int:
    seat = state.current_player
    assert seat is not None
    return seat


# --------------------------------------------------------------------------- draws


def draw_stock(state: GameState) -> GameState:
    """R-4.2: take the top of the draw pile, reshuffling the discards if it is empty (R-14.1)."""
    stock, discard, reshuffles = state.stock, state.discard_pile, state.reshuffles
    if not stock:
        if not can_draw_stock(state):
            raise illegal(IllegalReason.NO_CARDS_TO_DRAW, "the draw pile is empty")
        stock, discard, reshuffles = reshuffled_stock(state)
    seat = state.current_player
    assert seat is not None
    player = state.players[seat]
    player = _with_hand(player, hand=add(player.hand, stock[0]))
    return _drawn(
        state,
        players=with_player(state.players, seat, player),
        stock=stock[1:],
        discard_pile=discard,
        reshuffles=reshuffles,
        stage=STAGE_PLAY,
        lost_turns=(),
    )


def take_discard(state: GameState) -> GameState:
    """R-4.2: take the top discard, never a Skip (R-9.4)."""
    top = state.top_discard
    if top is None:
        raise illegal(IllegalReason.EMPTY_DISCARD, "the discard pile is empty")
    if not can_take_discard(state):
        raise illegal(
            IllegalReason.SKIP_NOT_TAKEABLE,
            "a Wild is also a Skip under these rules and cannot be taken from the discard "
            "pile (V-11, R-9.4)"
            if top.is_wild
            else "a Skip can never be taken from the discard pile (R-9.4)",
        )
    seat = state.current_player
    assert seat is not None
    player = state.players[seat]
    player = _with_hand(player, hand=add(player.hand, top))
    pickups = state.pickups
    return _taken(
        state,
        players=with_player(state.players, seat, player),
        discard_pile=state.discard_pile[:-1],
        taken_discard=top,
        pickups=(*pickups[:seat], (*pickups[seat], top), *pickups[seat + 1 :]),
        stage=STAGE_PLAY,
        lost_turns=(),
    )


def floater_must_take(state: GameState) -> bool:
    """V-9.2 / A-27: a floater must take a top discard that can be hit somewhere."""
    seat = state.current_player
    if seat is None or not state.players[seat].floating:
        return False
    if not state.rules.floating_must_take_playable_discard or not can_take_discard(state):
        return False
    top = state.top_discard
    assert top is not None
    return _floater_fits(state, seat, (top,))


def take_saved(state: GameState, action: TakeSaved) -> GameState:
    """V-1.7: instead of drawing, take a card back from your own Save pile."""
    seat = _seat(state)
    if not state.rules.masters_saving:
        raise illegal(IllegalReason.NOT_ALLOWED_BY_RULES, "these rules have no Save pile")
    usable = usable_saved(state, seat)
    if action.card not in usable:
        why = (
            "a card saved this hand can be used from the next hand on (A-19)"
            if action.card in state.players[seat].saved
            else f"{action.card} is not on your Save pile"
        )
        raise illegal(IllegalReason.CARD_NOT_IN_HAND, why)
    player = state.players[seat]
    saved = list(player.saved)
    saved.remove(action.card)
    player = replace(player, hand=add(player.hand, action.card), saved=tuple(saved))
    return replace(
        state,
        players=with_player(state.players, seat, player),
        stage=STAGE_PLAY,
        lost_turns=(),
    )


# --------------------------------------------------------------------------- start of hand


def choose_phase(state: GameState, action: ChoosePhase) -> GameState:
    """V-1.4: name the phase to attempt this hand; play starts once everyone has."""
    seat = _seat(state)
    player = state.players[seat]
    numbers = [p.number for p in state.rules.phases]
    if action.phase not in numbers:
        raise illegal(IllegalReason.WRONG_PHASE, _no_phase(state, action.phase))
    if action.phase not in state.remaining_phases(seat):
        raise illegal(
            IllegalReason.PHASE_ALREADY_COMPLETED,
            f"you have already completed phase {action.phase} (V-1.5)"
            if not player.assigned
            else f"none of your Phase cards left is phase {action.phase} (V-15)",
        )
    players = with_player(state.players, seat, replace(player, phase_attempted=action.phase))
    after = replace(state, players=players, lost_turns=())
    following = next_seat(state, seat)
    if following != state.seats[0]:
        return replace(after, current_player=following)
    if choice_waits(state):  # the dealer has already placed the upturned card (V-12)
        start = state.seats[state.turn % len(state.seats)]
        return begin_turn(after, start, players, lost=(), turn=state.turn)
    return start_play(after)


def give_card(state: GameState, action: GiveCard) -> GameState:
    """V-12: the dealer gives the upturned Wild to a player, or names who loses a turn."""
    if action.seat not in state.seats:
        raise illegal(IllegalReason.BAD_SKIP_TARGET, f"seat {action.seat} is not in this hand")
    top = state.top_discard
    assert top is not None
    if not top.is_wild:  # a Skip or a Super Skip (V-15)
        target = state.players[action.seat]
        players = with_player(
            state.players, action.seat, replace(target, skips_pending=target.skips_pending + 1)
        )
        record = state.skip_record
        if state.rules.skip_counts_initial:
            record = (*record[: action.seat], 0, *record[action.seat + 1 :])
        after = replace(state, players=players, skip_record=record)
        return after_deal_up(after, players, turn=0)
    receiver = state.players[action.seat]
    players = with_player(
        state.players, action.seat, replace(receiver, hand=add(receiver.hand, top))
    )
    return replace(
        state,
        players=players,
        discard_pile=state.discard_pile[:-1],
        stage=STAGE_PLAY,
        current_player=action.seat,
        forced_discard=True,
    )


# --------------------------------------------------------------------------- plays


def _phase_for(state: GameState, seat: int, action: LayDown | LayGroup) -> Phase:
    laying = state.laying
    under_way = laying.phase if laying is not None else None
    if partial_groups(state, seat):  # V-15 partial phasing: groups already on the table
        under_way = state.players[seat].phase_attempted
    if under_way is not None:  # the lay-down under way fixes the phase
        if action.phase is not None and action.phase != under_way:
            raise illegal(
                IllegalReason.LAY_DOWN_UNDER_WAY,
                f"you are laying down phase {under_way}: finish it first (R-5.4)",
            )
        return state.rules.phase(under_way)
    open_phases = state.open_phases(seat)
    if not open_phases:
        raise illegal(IllegalReason.WRONG_PHASE, "you have no phase left to lay down")
    if action.phase is not None:
        for phase in open_phases:
            if phase.number == action.phase:
                return phase
        if action.phase in state.players[seat].completed and not state.tiebreak:
            raise illegal(
                IllegalReason.PHASE_ALREADY_COMPLETED,
                f"you have already completed phase {action.phase}",
            )
        raise illegal(IllegalReason.WRONG_PHASE, _not_open(state, action.phase, open_phases))
    if len(open_phases) == 1:
        return open_phases[0]
    raise illegal(IllegalReason.WRONG_PHASE, "say which phase you are laying down")


def _no_phase(state: GameState, number: int) -> str:
    """A phase number the rules do not have, told with the numbers they have."""
    numbers = [phase.number for phase in state.rules.phases]
    if numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        have = f"{numbers[0]}-{numbers[-1]}"
    else:
        have = ", ".join(str(n) for n in numbers)
    return f"these rules have no phase {number} (their phases: {have})"


def _not_open(state: GameState, number: int, open_phases: tuple[Phase, ...]) -> str:
    """Why phase ``number`` cannot be laid down: which phases can be, or that none is it."""
    if all(phase.number != number for phase in state.rules.phases):
        return _no_phase(state, number)
    named = either([str(phase.number) for phase in open_phases])
    return f"you cannot lay down phase {number} now: this hand you may lay down phase {named}"


def _not_laying(state: GameState) -> None:
    """Nothing but the next group may follow a group of a lay-down under way (R-5.4)."""
    if state.laying is not None:
        raise illegal(
            IllegalReason.LAY_DOWN_UNDER_WAY,
            f"finish laying down phase {state.laying.phase} first: add its next group (R-5.4)",
        )


def _check_playing(state: GameState) -> PlayerState:
    if state.forced_discard:
        raise illegal(
            IllegalReason.WRONG_STAGE, "discard a card other than a Skip to finish the deal (V-12)"
        )
    return state.players[_seat(state)]


def _after_play(state: GameState, seat: int, players: tuple[PlayerState, ...]) -> GameState:
    """The state after a lay-down or hit; an empty hand goes out or floats (A-8, V-9)."""
    if players[seat].hand:
        return replace(state, players=players, lost_turns=())
    if state.rules.going_out is GoingOut.FLOATING:
        floater = replace(players[seat], floating=True)
        players = with_player(players, seat, floater)
        after = replace(state, players=players)
        return begin_turn(after, next_seat(state, seat), players, lost=(), turn=state.turn + 1)
    return go_out(replace(state, players=players), players, seat)


def lay_down(state: GameState, action: LayDown) -> GameState:
    """R-5: lay the whole phase down from hand, once per hand (its last group, if under way)."""
    player = _check_playing(state)
    seat = _seat(state)
    rules = state.rules
    if player.laid_down:
        raise illegal(
            IllegalReason.ALREADY_LAID_DOWN, "you may lay down only one phase per hand (R-5.2)"
        )
    phase = _phase_for(state, seat, action)
    table = partial_groups(state, seat)  # V-15 partial phasing: already on the table
    kept = state.laying.melds if state.laying is not None else table
    new = table_melds_kept(kept, action.melds)
    if new is None:
        raise illegal(
            IllegalReason.LAY_DOWN_UNDER_WAY,
            "the lay-down must keep the groups you have put down "
            f"({' | '.join(str(m) for m in kept)})",
        )
    taken = [c for m in (new if table else action.melds) for c in m.cards]
    rest = remove(player.hand, taken)
    if rest is None:
        raise illegal(IllegalReason.CARD_NOT_IN_HAND, not_held(player.hand, taken))
    exact = rules.laydown_extras is LaydownExtras.EXACT_ONLY
    own = player_rules(state, seat, phase)
    if table:  # V-15: another seat may have hit a group already down with its own Wild
        problems = (meld.problem(own) for meld in new)
        why = next((p for p in problems if p), None) or laydown_problem(
            action.melds, phase, _any_seats_rules(state, own)
        )
        if not why and needs_natural(own, action.melds):  # own Wilds: A-26
            why = "a phase needs at least one natural card (R-7.2)"
    else:
        why = laydown_problem(action.melds, phase, own, exact_only=exact)
    if not why and table and exact and any(len(m.cards) != m.requirement.size for m in new):
        why = "groups must be laid at exactly their size (laydown_extras='exact_only', A-10)"
    if why:
        raise illegal(IllegalReason.INVALID_MELD, f"that is not phase {phase.number}: {why}")
    why = play_problem(state, rest)
    if why:
        raise illegal(IllegalReason.MUST_KEEP_A_CARD, why)
    player = replace(
        player, hand=rest, melds=action.melds, laid_down=True, phase_attempted=phase.number
    )
    players = with_player(state.players, seat, player)
    after = replace(state, laid_down_this_turn=True, laying=None)
    if state.tiebreak and rules.tiebreak is Tiebreak.REPLAY_FINAL_PHASE_FIRST_LAYDOWN:
        return end_hand(replace(after, players=players), players, went_out=None, laid_first=seat)
    if rules.end_when_sole_phase10_contender and _sole_contender_done(state, seat, phase):
        return end_hand(replace(after, players=players), players, went_out=None)
    return _after_play(after, seat, players)


def _sole_contender_done(state: GameState, seat: int, phase: Phase) -> bool:
    """A-13: whether laying ``phase`` completes the last phase ``seat`` has left while no
    other player of the hand is down to their last phase (R-15.3).

    In list order the last phase is the final one (R-15.1); where phases are made in any
    order it is whichever the player has left (V-1.8, V-3): laying down the final phase of
    the list early does not end the game.
    """
    rules = state.rules
    if state.tiebreak or rules.fixed_hands is not None:
        return False
    player = state.players[seat]
    if not finished(rules, player.assigned, (*player.completed, phase.number)):
        return False
    return all(len(state.remaining_phases(s)) != 1 for s in state.seats if s != seat)


def _any_seats_rules(state: GameState, own: MeldRules) -> MeldRules:
    """``own`` with every seat's Postal Wilds: the groups a player has put down under partial
    phasing (V-15) may hold another seat's hits, each made with that seat's Wilds (V-10.3).

    Another seat's Wild is a natural card for ``own`` when it stands for its number, so
    here no card loses its natural status (A-26); the caller checks ``own``'s natural
    cards itself."""
    numbers = set(own.wild_numbers)
    for seat in state.seats:
        numbers |= player_rules(state, seat).wild_numbers
    if numbers == own.wild_numbers:
        return own
    return MeldRules(own.natural_card_scope, own.run_wraparound, own.wild_value_range, numbers)


def lay_group(state: GameState, action: LayGroup) -> GameState:
    """R-5.4: put one group of a phase of several groups down; the cards stay in hand."""
    player = _check_playing(state)
    seat = _seat(state)
    if player.laid_down:
        raise illegal(
            IllegalReason.ALREADY_LAID_DOWN, "you may lay down only one phase per hand (R-5.2)"
        )
    phase = _phase_for(state, seat, action)
    table = state.rules.partial_phasing  # V-15: the group goes on the table at once
    if table:
        pending = partial_groups(state, seat)
    else:
        pending = state.laying.melds if state.laying is not None else ()
    left = list(remaining_requirements(phase.requirements, pending))
    meld = action.meld
    if meld.requirement not in left:
        raise illegal(
            IllegalReason.INVALID_MELD,
            f"phase {phase.number} is {phase.name}: it has no {meld.requirement.describe()} "
            "left to lay",
        )
    if len(left) == 1:
        raise illegal(
            IllegalReason.INVALID_MELD,
            f"that group completes phase {phase.number}: lay the phase down with LayDown "
            "and all its groups (R-5.4)",
        )
    meld_rules = player_rules(state, seat, phase)
    why = meld.problem(meld_rules)
    if why:
        raise illegal(IllegalReason.INVALID_MELD, why)
    if (
        state.rules.laydown_extras is LaydownExtras.EXACT_ONLY
        and len(meld.cards) != meld.requirement.size
    ):
        raise illegal(
            IllegalReason.INVALID_MELD,
            "groups must be laid at exactly their size (laydown_extras='exact_only', A-10)",
        )
    taken = meld.cards if table else [c for m in (*pending, meld) for c in m.cards]
    rest = remove(player.hand, taken)
    if rest is None:
        raise illegal(IllegalReason.CARD_NOT_IN_HAND, not_held(player.hand, taken))
    left.remove(meld.requirement)
    others = tuple(left)
    why = leftover_problem(state, rest, sum(r.size for r in others))
    if why:
        raise illegal(IllegalReason.MUST_KEEP_A_CARD, why)
    if table:  # the rest of the phase may come in later turns
        return put_on_table(state, seat, phase, rest, (*pending, meld))
    if not can_finish(rest, others, meld_rules, needs_natural(meld_rules, (*pending, meld))):
        raise illegal(
            IllegalReason.INVALID_MELD,
            f"with that group, the rest of your hand cannot make the rest of phase {phase.number}",
        )
    return replace(state, laying=Laying(phase.number, (*pending, meld)), lost_turns=())


def _check_target_meld(state: GameState, seat: int, owner: int, index: int) -> Meld:
    """R-6.2, A-1, A-2: the group ``seat`` wants to add to, if it may."""
    player = state.players[seat]
    rules = state.rules
    if not player.laid_down:
        raise illegal(
            IllegalReason.PHASE_NOT_LAID_DOWN, "lay down your own phase before hitting (R-6.2)"
        )
    if not (
        isinstance(owner, int)
        and 0 <= owner < len(state.players)
        and isinstance(index, int)
        and 0 <= index < len(state.players[owner].melds)
    ):
        raise illegal(
            IllegalReason.NO_SUCH_MELD,
            no_such_group([p.melds for p in state.players], owner, index),
        )
    if not may_hit_owner(rules, seat, owner):
        raise illegal(
            IllegalReason.NOT_ALLOWED_BY_RULES,
            "you may add only to your own team's groups (team_hits='own_team')",
        )
    if state.laid_down_this_turn:
        if owner == seat and not may_add_same_turn(rules, own=True):
            raise illegal(
                IllegalReason.HIT_NOT_ALLOWED_YET,
                "you may add to your own groups from your next turn on (hit_own_same_turn, "
                "A-2, with laydown_extras='exact_only', A-10)",
            )
        if owner != seat and not rules.hit_others_same_turn:
            raise illegal(
                IllegalReason.HIT_NOT_ALLOWED_YET,
                "you may add to other players' groups from your next turn on "
                "(hit_others_same_turn, A-1)",
            )
    return state.players[owner].melds[index]


def _hit_end(state: GameState, seat: int, action: Hit, meld: Meld) -> End | None:
    """The run end the hit goes to, after every check of R-6.5 and R-6.9."""
    ends = meld.hit_ends(action.card, hit_rules(state, seat, action.owner))
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
        if len(ends) == 1:  # only one end fits: nothing to say
            return ends[0]
        if state.rules.wild_assignment is WildAssignment.AUTO:
            return End.HIGH
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


def _replace_meld(
    players: tuple[PlayerState, ...], owner: int, index: int, meld: Meld
) -> tuple[PlayerState, ...]:
    melds = players[owner].melds
    grown = replace(players[owner], melds=(*melds[:index], meld, *melds[index + 1 :]))
    return with_player(players, owner, grown)


def hit(state: GameState, action: Hit) -> GameState:
    """R-6: add one card from hand to a group on the table."""
    _not_laying(state)
    player = _check_playing(state)
    seat = _seat(state)
    meld = _check_target_meld(state, seat, action.owner, action.meld)
    rest = remove_one(player.hand, action.card)
    if rest is None:
        raise illegal(IllegalReason.CARD_NOT_IN_HAND, f"you do not hold {action.card}")
    end = _hit_end(state, seat, action, meld)
    why = play_problem(state, rest)
    if why:
        raise illegal(IllegalReason.MUST_KEEP_A_CARD, why)
    grown = meld.requirement.extend(meld, action.card, end)
    players = _replace_meld(state.players, action.owner, action.meld, grown)
    players = with_player(players, seat, _with_hand(players[seat], hand=rest))
    return _after_play(state, seat, players)


def swap_positions(meld: Meld, card: Card) -> list[int]:
    """V-13: the positions of Wilds in the run ``meld`` that stand for ``card``'s number."""
    if meld.requirement.kind != "run" or card.number is None:
        return []
    values = meld.stands_for()
    return [i for i, c in enumerate(meld.cards) if c.is_wild and values[i] == card.number]


def swapped(meld: Meld, card: Card, end: End, state: GameState, seat: int) -> Meld | None:
    """V-13: ``meld`` with ``card`` in place of its Wild and the Wild moved to ``end``."""
    positions = swap_positions(meld, card)
    if not positions:
        return None
    i = positions[0]
    cards = list(meld.cards)
    cards[i] = card
    rules = player_rules(state, seat)
    base = Meld(meld.requirement, tuple(cards), meld.number, meld.color, meld.wraps)
    if not isinstance(meld.requirement, RunOf) or not base.hit_ends(WILD, rules):
        return None
    if end not in base.hit_ends(WILD, rules):
        return None
    return meld.requirement.extend(base, WILD, end)


def swap_wild(state: GameState, action: SwapWild) -> GameState:
    """V-13: replace a Wild in a run with the card it stands for, moving the Wild to an end."""
    if not state.rules.movable_wilds:
        raise illegal(IllegalReason.NOT_ALLOWED_BY_RULES, "Wilds on the table cannot move (R-5.9)")
    _not_laying(state)
    player = _check_playing(state)
    seat = _seat(state)
    if player.floating:
        raise illegal(IllegalReason.MUST_PLAY, "a floater hits or discards (V-9.2)")
    meld = _check_target_meld(state, seat, action.owner, action.meld)
    if action.card not in player.hand:
        raise illegal(IllegalReason.CARD_NOT_IN_HAND, f"you do not hold {action.card}")
    moved = swapped(meld, action.card, action.end, state, seat)
    if moved is None:
        raise illegal(
            IllegalReason.CARD_DOES_NOT_FIT,
            f"no Wild in the {meld.describe()} stands for {action.card} with room at the "
            f"{action.end.value} end (V-13)",
        )
    rest = remove(player.hand, (action.card,))
    assert rest is not None
    why = play_problem(state, rest)
    if why:
        raise illegal(IllegalReason.MUST_KEEP_A_CARD, why)
    players = _replace_meld(state.players, action.owner, action.meld, moved)
    players = with_player(players, seat, _with_hand(players[seat], hand=rest))
    return _after_play(state, seat, players)


# --------------------------------------------------------------------------- ending the turn


def _check_going_out(state: GameState) -> None:
    if in_first_circuit(state):
        raise illegal(
            IllegalReason.CANNOT_GO_OUT_YET,
            "nobody may go out before play has come round to the dealer (Postal, V-10.1)",
        )


def discard(state: GameState, action: Discard) -> GameState:
    """R-4.5, R-9, R-10: discard to end the turn; a Skip names its target.

    The hot path of random play: the card is tested by its code (48 Wild, 49 Skip, 50 the
    rule card, 51 and 52 Reverse and Super Skip) rather than through its properties.
    """
    if state.laying is not None:
        _not_laying(state)
    seat = state.current_player
    assert seat is not None
    rules = state.rules
    player = state.players[seat]
    card = action.card
    code = card.code
    rest = remove_one(player.hand, card)
    if rest is None:
        raise illegal(IllegalReason.CARD_NOT_IN_HAND, f"you do not hold {card}")
    if state.forced_discard and card.changes_turns:
        raise illegal(
            IllegalReason.NOT_ALLOWED_BY_RULES,
            f"the discard may not be a {_NAMES.get(card.code, 'Skip')} (V-12)",
        )
    if (
        not rules.may_discard_card_taken_from_discard
        and state.taken_discard == card
        and any(c != card for c in player.hand)
    ):
        raise illegal(
            IllegalReason.NOT_ALLOWED_BY_RULES,
            "you may not discard the card you took from the discard pile (A-18)",
        )
    floating = player.floating
    if floating and _floater_can_play(state, seat):
        raise illegal(
            IllegalReason.MUST_PLAY, "a floater must play a card that can be played (V-9.2)"
        )
    going_out = not rest
    replacement = False
    if going_out:
        _check_going_out(state)
        if card.is_skip:
            mode = rules.skip_as_last_card
            if mode is SkipAsLastCard.FORBIDDEN and player.floating:
                going_out = False  # a floater left with a lone Skip plays it and floats on
            elif mode is SkipAsLastCard.FORBIDDEN:
                raise illegal(
                    IllegalReason.NOT_ALLOWED_BY_RULES,
                    "a Skip may not be your last card (skip_as_last_card, A-9)",
                )
            if mode is SkipAsLastCard.DRAW_REPLACEMENT and can_draw_stock(state):
                going_out, replacement = False, True
    target = action.target
    names_loser = going_out and code == 50  # V-5.3: the rule card names who drops a phase
    if names_loser:
        if target is None or target == seat or target not in state.seats:
            raise illegal(
                IllegalReason.BAD_SKIP_TARGET,
                "going out with the rule card, name another player to drop a phase (V-5.3)",
            )
    elif target is not None:
        if not is_skip_use(card, state) or state.forced_discard:
            raise illegal(
                IllegalReason.TARGET_NOT_NEEDED,
                f"discarding {card} skips nobody: leave out the target (R-9.1)",
            )
        if going_out:
            raise illegal(
                IllegalReason.TARGET_NOT_NEEDED,
                "you are going out: the hand ends, so the Skip needs no target (R-9.7)",
            )
        targets = skip_targets(state, seat)
        if target not in targets:
            raise illegal(IllegalReason.BAD_SKIP_TARGET, _bad_target(state, seat, target, targets))
    elif (
        code == 49
        and not going_out
        and not rules.skip_may_reverse  # V-15: a Skip without a target reverses
        and skip_targets(state, seat)
    ):
        raise illegal(IllegalReason.BAD_SKIP_TARGET, "name the player to skip (R-4.6)")
    pile = state.discard_pile + (card,)  # noqa: RUF005 (faster than unpacking, a hot path)
    stock, reshuffles = state.stock, state.reshuffles
    if replacement:  # A-9 draw_replacement: the Skip is replaced from the draw pile
        if not stock:
            stock, pile, reshuffles = reshuffled_stock(replace(state, discard_pile=pile))
        rest = (stock[0],)
        stock = stock[1:]
    floats = floating and not rest and not going_out  # a lone Skip played on
    players = with_player(state.players, seat, _discarded(player, hand=rest, floating=floats))
    record = state.skip_record
    if target is not None and not names_loser:
        victim = players[target]
        players = with_player(
            players, target, replace(victim, skips_pending=victim.skips_pending + 1)
        )
        record = (*record[:target], state.turn, *record[target + 1 :])
    if going_out:
        after = replace(state, players=players, discard_pile=pile, skip_record=record)
        named = target if names_loser else None
        return go_out(after, players, seat, named)
    if state.forced_discard:  # V-12: play starts left of the dealer, or after the receiver
        after = replace(state, discard_pile=pile, stock=stock)
        # the receiver's turn counts as taken when it was theirs to play first (V-10.1)
        return after_deal_up(after, players, turn=int(seat == state.seats[0]))
    if state.first_out is not None:  # V-15 last stand: the next final turn
        return after_final_turn(
            state,
            card,
            players,
            discard_pile=pile,
            stock=stock,
            reshuffles=reshuffles,
            skip_record=record,
        )
    if code > 50 or (code == 49 and target is None):  # V-15: Reverse, Super Skip
        return turn_after(
            state,
            seat,
            card,
            target,
            players,
            discard_pile=pile,
            stock=stock,
            reshuffles=reshuffles,
            skip_record=record,
        )
    return begin_turn(
        state,
        next_seat(state, seat),
        players,
        lost=(),
        turn=state.turn + 1,
        discard_pile=pile,
        stock=stock,
        reshuffles=reshuffles,
        skip_record=record,
    )


def _bad_target(state: GameState, seat: int, target: int, targets: Sequence[int]) -> str:
    """Why ``target`` may not be skipped, and whom the Skip may name (R-9.1, R-9.5)."""
    if target == seat:
        why = "you cannot skip yourself: name another player (R-9.1)"
    elif target not in state.seats:
        why = f"there is no seat {show(target)} at this table (seats 0 to {len(state.seats) - 1})"
    else:
        why = f"seat {target} cannot be skipped now (R-9.1, R-9.5)"
    if not targets:
        return f"{why}; nobody can be skipped now"
    seats = "seat" if len(targets) == 1 else "seats"
    return f"{why}; you may skip {seats} {', '.join(map(str, targets))}"


def _floater_can_play(state: GameState, seat: int) -> bool:
    return _floater_fits(state, seat, state.players[seat].hand)


def _floater_fits(state: GameState, seat: int, cards: tuple[Card, ...]) -> bool:
    """Whether one of ``cards`` fits a group the floater ``seat`` may hit (V-9.2): only the
    groups of owners it may add to at all (team play's ``team_hits``, R-6.4)."""
    return any(
        m.hit_ends(card, hit_rules(state, seat, s))
        for s in state.seats
        if may_hit_owner(state.rules, seat, s)
        for m in state.players[s].melds
        for card in cards
    )


def save(state: GameState, action: Save) -> GameState:
    """V-1.6: end the turn by saving a card to your own Save pile, once per hand."""
    _not_laying(state)
    seat = _seat(state)
    rules = state.rules
    player = _check_playing(state)
    if not rules.masters_saving:
        raise illegal(IllegalReason.NOT_ALLOWED_BY_RULES, "these rules have no Save pile")
    if player.saved_this_hand:
        raise illegal(
            IllegalReason.NOT_ALLOWED_BY_RULES, "you may save only one card per hand (V-1.6)"
        )
    if save_room(state) < 1:
        raise illegal(
            IllegalReason.NOT_ALLOWED_BY_RULES,
            "the Save piles are full: one more saved card would leave too few cards to deal "
            "the next hand (V-1.6)",
        )
    rest = remove(player.hand, (action.card,))
    if rest is None:
        raise illegal(IllegalReason.CARD_NOT_IN_HAND, f"you do not hold {action.card}")
    if player.floating:
        raise illegal(IllegalReason.MUST_PLAY, "a floater plays or discards (V-9.2)")
    if not rest:
        if not rules.masters_go_out_by_saving:
            raise illegal(
                IllegalReason.MUST_KEEP_A_CARD,
                "saving your last card does not go out under these rules (A-21)",
            )
        _check_going_out(state)
    player = replace(player, hand=rest, saved=(*player.saved, action.card), saved_this_hand=True)
    players = with_player(state.players, seat, player)
    if not rest:
        return go_out(replace(state, players=players), players, seat)
    if state.first_out is not None:  # V-15 last stand: the next final turn
        return after_final_turn(state, action.card, players)
    return begin_turn(state, next_seat(state, seat), players, lost=(), turn=state.turn + 1)


__all__ = [
    "choose_phase",
    "discard",
    "draw_stock",
    "floater_must_take",
    "give_card",
    "hit",
    "lay_down",
    "lay_group",
    "save",
    "swap_wild",
    "swapped",
    "take_discard",
    "take_saved",
]
