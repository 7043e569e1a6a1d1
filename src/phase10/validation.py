"""Consistency checks for states and views read from outside (used by :mod:`phase10.serialization`).

A document can be well-formed JSON and still describe an impossible game. These
checks hold a decoded state to the rules: cards conserved against the rules'
deck, seats and stages that agree, valid groups, phases the rules have, and
every number within what a game under those rules can reach. Each failure is
an :class:`~phase10.InvalidDataError` naming the JSON path.

The checks cost time linear in the size of the document: they never list the
legal actions of a state (a hand can have very many lay-downs). What a state
needs in order to go on is established from the facts of its stage instead.

The bounds, derived from the rules:

* a hand holds at most ``hand_size`` cards, and ``hand_size + 1`` while its
  player takes a turn (stage ``play``): a turn adds one card to a hand (a
  draw, a card taken back from a Save pile, V-1.7, or the upturned Wild the
  dealer gives, V-12) and removes at least one before it ends; an A-9
  replacement card only replaces the Skip just discarded;
* ``hand_number`` follows from the finished hands in ``results`` (one more while
  a hand is played);
* a seat's ``skips_pending`` is at most ``turn + 1`` (every Skip was played in a
  turn of this hand, or was the upturned card, R-3.5), and the player whose turn
  it is has none (a turn starts after the lost turns are served, R-9.5);
* the points of one seat in one hand are at most the deck's size times the
  highest card value, so a score is at most that times the hands played;
* turn counters are at most :data:`~phase10.limits.MAX_COUNT`, seeds lie in
  ``0 <= seed < 2**64``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .cards import ALL_CARDS, Card
from .engine import legal_actions
from .engine.common import choosing_at_hand_start, player_rules, remove
from .engine.turns import deal_up_pending
from .errors import InvalidDataError, InvalidRulesError, Phase10Error
from .laying import remaining_requirements
from .limits import MAX_COUNT, SEED_LIMIT, checked_name, show
from .melds import Meld, MeldRules
from .rules import (
    MAX_DECKS,
    DrawExhaustion,
    GoingOut,
    InitialSkip,
    InitialWild,
    PhaseChoice,
    Rules,
)
from .solver import laydown_problem
from .state import GameState, HandResult, Stage
from .views import PlayerView

__all__ = ["validate_state", "validate_view"]


def _fail(message: str, path: str) -> InvalidDataError:
    return InvalidDataError(message, path)


def _check_seat(seat: int, table: int, path: str) -> None:
    if not 0 <= seat < table:
        raise _fail(f"no seat {seat} at a table of {table} (seats are 0-{table - 1})", path)


def _check_seats(seats: tuple[int, ...], table: int, path: str) -> None:
    for i, seat in enumerate(seats):
        _check_seat(seat, table, f"{path}[{i}]")
    if len(set(seats)) != len(seats):
        raise _fail("a seat is listed twice", path)


def _check_count(value: int, path: str, low: int = 0, high: int = MAX_COUNT) -> None:
    if value < low:
        raise _fail(f"must be at least {low}, not {show(value)}", path)
    if value > high:
        raise _fail(f"must be at most {high}, not {show(value)}", path)


def _points_limit(rules: Rules) -> int:
    """The most penalty points one seat can score in one hand: every card of the deck
    at the highest card value (R-11.1, A-20)."""
    return rules.deck.size * max(rules.scoring.table())


def _check_names(names: Iterable[str], path: str) -> None:
    """Every seat's name is one :func:`~phase10.new_game` accepts (not blank, not too long)."""
    for i, name in enumerate(names):
        checked_name(name, f"{path}.players[{i}].name")


def _check_phase(number: int, rules: Rules, path: str) -> None:
    if all(phase.number != number for phase in rules.phases):
        numbers = ", ".join(str(phase.number) for phase in rules.phases)
        raise _fail(f"these rules have no phase {number} (they have {numbers})", path)


def _check_table(
    rules: Rules,
    table: int,
    stage: Stage,
    current: int | None,
    seats: tuple[int, ...],
    dealer: int,
    hand_number: int,
    turn: int,
    winners: tuple[int, ...],
    lost_turns: tuple[int, ...],
    results: tuple[HandResult, ...],
    path: str,
) -> None:
    """The facts a state and a view share: the table, the stage and the turn."""
    try:
        rules.check_players(table)
    except InvalidRulesError as error:
        raise _fail(error.message, f"{path}.players") from None
    _check_seat(dealer, table, f"{path}.dealer")
    if not seats:
        raise _fail("at least one seat plays the hand", f"{path}.seats")
    _check_seats(seats, table, f"{path}.seats")
    _check_count(hand_number, f"{path}.hand_number", 1)
    _check_count(turn, f"{path}.turn")
    over = stage in (Stage.HAND_OVER, Stage.GAME_OVER)
    if over and current is not None:
        raise _fail(f"nobody is to act when the stage is {stage.value!r}", f"{path}.current_player")
    if not over:
        if current is None:
            raise _fail(f"someone must act in stage {stage.value!r}", f"{path}.current_player")
        if current not in seats:
            raise _fail(f"seat {current} is not playing this hand", f"{path}.current_player")
    if stage is Stage.CHOOSE_PHASE and rules.phase_choice is not PhaseChoice.HAND_START:
        raise _fail("these rules do not choose phases at the start of a hand", f"{path}.stage")
    if stage is Stage.DEAL_UP and not (
        rules.initial_wild is InitialWild.DEALER_CHOOSES_RECIPIENT
        or rules.initial_skip is InitialSkip.DEALER_CHOOSES_TARGET
    ):
        raise _fail("under these rules the dealer places no upturned card", f"{path}.stage")
    _check_seats(winners, table, f"{path}.winners")
    if winners and stage is not Stage.GAME_OVER:
        raise _fail("there are winners only when the game is over", f"{path}.winners")
    if stage in (Stage.CHOOSE_PHASE, Stage.DEAL_UP) and turn != 0:
        raise _fail(f"no turn is taken before play starts (stage {stage.value!r})", f"{path}.turn")
    finished = len(results)
    expected = {
        Stage.HAND_OVER: (finished,),
        Stage.GAME_OVER: (finished, finished + 1),  # a turn cap ends a hand unscored
    }.get(stage, (finished + 1,))
    if hand_number not in expected:
        raise _fail(
            f"after {finished} finished hands (results) the hand in stage {stage.value!r} "
            f"is number {' or '.join(map(str, expected))}",
            f"{path}.hand_number",
        )
    if len(lost_turns) >= table:
        raise _fail("a turn passes over each other seat at most once", f"{path}.lost_turns")
    for i, seat in enumerate(lost_turns):
        _check_seat(seat, table, f"{path}.lost_turns[{i}]")
    limit = _points_limit(rules)
    for i, result in enumerate(results):
        where = f"{path}.results[{i}]"
        _check_count(result.hand_number, f"{where}.hand_number", 1, hand_number)
        if result.went_out is not None:
            _check_seat(result.went_out, table, f"{where}.went_out")
        for name in ("points", "completed"):
            if len(getattr(result, name)) != table:
                raise _fail(f"one entry per seat ({table}) is needed", f"{where}.{name}")
        for j, points in enumerate(result.points):
            _check_count(points, f"{where}.points[{j}]", 0, limit)
        for j, phase in enumerate(result.completed):
            if phase is not None:
                _check_phase(phase, rules, f"{where}.completed[{j}]")


def _table_meld_rules(rules: Rules) -> MeldRules:
    """The group rules every card on the table was played under.

    Under Postal (V-10.2) a card numbered like the phase of whoever played it
    (phases 1-7) was a Wild for that player, and other players hit groups too,
    so any card 1-7 may stand as a Wild in any group.
    """
    base = rules.meld_rules
    if not rules.postal:
        return base
    return MeldRules(
        base.natural_card_scope, base.run_wraparound, base.wild_value_range, range(1, 8)
    )


def _check_melds(
    rules: Rules,
    melds: tuple[Meld, ...],
    laid_down: bool,
    phase_attempted: int | None,
    live: bool,
    path: str,
) -> None:
    """Every group valid and in its canonical order, and together the phase its owner laid.

    Between hands (``live`` false) the groups stay on the table while the seat's
    attempted phase is already cleared, so only the groups themselves are checked.
    """
    meld_rules = _table_meld_rules(rules)
    for k, meld in enumerate(melds):
        where = f"{path}.melds[{k}]"
        if meld.requirement.size > rules.deck.size:
            raise _fail(
                f"no group can need more cards than the deck holds ({rules.deck.size})", where
            )
        why = meld.problem(meld_rules)
        if why:
            raise _fail(f"not a valid group: {why}", where)
        if meld.requirement.canonical(meld) != meld:
            raise _fail("the cards of this kind of group are kept in card order", f"{where}.cards")
    if melds and not laid_down:
        if not rules.partial_phasing:
            raise _fail("a player with groups on the table has laid down", f"{path}.laid_down")
        if live:  # V-15 partial phasing: some groups of the phase attempted, not all
            if phase_attempted is None:
                raise _fail("groups on the table belong to a phase", f"{path}.phase_attempted")
            try:
                left = remaining_requirements(rules.phase(phase_attempted).requirements, melds)
            except ValueError:
                left = ()
            if not left:
                raise _fail(
                    f"a partial phase is some groups of phase {phase_attempted}, not all",
                    f"{path}.melds",
                )
    if laid_down and live:
        if phase_attempted is None:
            raise _fail("a player who laid down attempted a phase", f"{path}.phase_attempted")
        if not melds:
            raise _fail("a player who laid down has groups on the table", f"{path}.melds")
    if laid_down and melds and phase_attempted is not None:
        why = laydown_problem(melds, rules.phase(phase_attempted), meld_rules)
        if why:
            raise _fail(f"the groups are not phase {phase_attempted}: {why}", f"{path}.melds")


def _check_player_phases(
    rules: Rules,
    completed: tuple[int, ...],
    phase_attempted: int | None,
    path: str,
    assigned: tuple[int, ...] = (),
) -> None:
    """Phases the rules have, each completed once, or as often as the seat's Phase
    cards ask (Hard 2-player Masters, V-15)."""
    for j, number in enumerate(completed):
        _check_phase(number, rules, f"{path}.completed[{j}]")
    if phase_attempted is not None:
        _check_phase(phase_attempted, rules, f"{path}.phase_attempted")
    if len(assigned) != rules.masters_phase_cards and (assigned or rules.masters_phase_cards):
        raise _fail(
            f"a seat holds {rules.masters_phase_cards} Phase cards under these rules",
            f"{path}.assigned",
        )
    for j, number in enumerate(assigned):
        _check_phase(number, rules, f"{path}.assigned[{j}]")
    if list(assigned) != sorted(assigned):
        raise _fail("Phase cards are kept in order", f"{path}.assigned")
    if assigned:
        left = Counter(assigned)
        left.subtract(completed)
        if any(count < 0 for count in left.values()):
            raise _fail(
                "a phase is completed only as often as the seat's Phase cards ask",
                f"{path}.completed",
            )
    elif len(set(completed)) != len(completed):
        raise _fail("a phase is completed only once", f"{path}.completed")


def _check_hand_size(
    rules: Rules, seat: int, size: int, stage: Stage, current: int | None, path: str
) -> None:
    """At most ``hand_size`` cards, one more for the player taking a turn (see above)."""
    playing = seat == current and stage is Stage.PLAY
    most = rules.hand_size + playing
    if size > most:
        extra = ", plus the card drawn this turn" if playing else ""
        raise _fail(
            f"{size} cards in hand: here this hand holds at most {most} "
            f"(hand_size {rules.hand_size}{extra})",
            path,
        )


def _check_player_numbers(
    rules: Rules,
    seat: int,
    score: int,
    skips_pending: int,
    facts: tuple[Stage, int | None, int, int],
    path: str,
) -> None:
    """A seat's score and pending skips within what the rules can reach.

    ``facts`` are the stage, the current player, the turn and the finished hands.
    """
    stage, current, turn, finished = facts
    _check_count(score, f"{path}.score", 0, _points_limit(rules) * (finished + 1))
    _check_count(skips_pending, f"{path}.skips_pending", 0, turn + 1)
    if skips_pending and seat == current and stage in (Stage.DRAW, Stage.PLAY):
        raise _fail(
            "the player whose turn it is has lost no turn yet: pending skips are served "
            "before a turn starts (R-9.5)",
            f"{path}.skips_pending",
        )


def _check_sorted(cards: tuple[Card, ...], path: str) -> None:
    codes = [card.code for card in cards]
    if codes == sorted(codes):
        return
    i = next(i for i in range(1, len(codes)) if codes[i] < codes[i - 1])
    raise _fail(
        f"a hand is kept in card order (R1..R12, B, G, Y, W, S): {cards[i]} comes before "
        f"{cards[i - 1]}",
        f"{path}[{i}]",
    )


def _card_locations(state: GameState, path: str) -> Iterable[tuple[str, tuple[Card, ...]]]:
    """Every place a card of the deck can be, with its JSON path."""
    for i, player in enumerate(state.players):
        where = f"{path}.players[{i}]"
        yield f"{where}.hand", player.hand
        for k, meld in enumerate(player.melds):
            yield f"{where}.melds[{k}].cards", meld.cards
        yield f"{where}.saved", player.saved
    yield f"{path}.stock", state.stock
    yield f"{path}.discard_pile", state.discard_pile


def _check_counts(
    rules: Rules,
    locations: Iterable[tuple[str, tuple[Card, ...]]],
    *,
    exact: bool,
    path: str,
    decks: int = 1,
) -> None:
    """Every card counted against ``decks`` copies of the rules' deck (A-17 ``"fresh_deck"``)."""
    deck = tuple(count * decks for count in rules.deck.counts())
    seen = [0] * len(deck)
    for where, cards in locations:
        for i, card in enumerate(cards):
            code = card.code
            seen[code] += 1
            if seen[code] > deck[code]:
                raise _fail(f"one {card} too many: the deck holds {deck[code]}", f"{where}[{i}]")
    if exact and tuple(seen) != deck:
        text = ", ".join(
            f"{deck[code] - seen[code]} x {ALL_CARDS[code]}"
            for code in range(len(deck))
            if seen[code] != deck[code]
        )
        raise _fail(f"cards are missing from the game (not conserved): {text}", path)


def _check_flags(state: GameState, path: str) -> None:
    """The variant flags of the players and the turn agree with the rules and the stage."""
    rules = state.rules
    live = state.stage not in (Stage.HAND_OVER, Stage.GAME_OVER)
    for i, player in enumerate(state.players):
        where = f"{path}.players[{i}]"
        if player.floating and rules.going_out is not GoingOut.FLOATING:
            raise _fail("only the floating rule (V-9) lets a player float", f"{where}.floating")
        if player.floating and not player.laid_down:
            raise _fail("only a player whose phase is down may float (V-9.1)", f"{where}.floating")
        if (player.saved or player.saved_this_hand) and not rules.masters_saving:
            raise _fail("these rules have no Save piles (V-1.6)", f"{where}.saved")
        if player.saved_this_hand and not player.saved and not rules.masters_save_usable_same_hand:
            raise _fail(  # unless it may be taken back at once
                "a card saved this hand lies on the Save pile", f"{where}.saved_this_hand"
            )
        out_in_last_stand = state.first_out is not None and i not in (
            state.current_player,
            *state.final_turns,
        )
        empty = live and i in state.seats and not player.hand and not player.floating
        if empty and not out_in_last_stand:
            raise _fail(
                "a player without cards has gone out, so the hand would be over", f"{where}.hand"
            )
    _check_last_stand(state, path)
    if state.forced_discard and (
        (live and (state.stage is not Stage.PLAY or state.turn != 0))
        or rules.initial_wild is not InitialWild.DEALER_CHOOSES_RECIPIENT
    ):
        raise _fail(
            "only the receiver of an upturned Wild must discard (V-12), in the play stage "
            "before the first turn",
            f"{path}.forced_discard",
        )
    if state.stage is Stage.CHOOSE_PHASE:
        if not choosing_at_hand_start(state):
            raise _fail("phases are not chosen at the start of this hand", f"{path}.stage")
        if any(state.players[seat].laid_down for seat in state.seats):
            raise _fail("phases are chosen before anyone lays down (V-1.4)", f"{path}.stage")
    if state.stage is Stage.DEAL_UP and not (
        deal_up_pending(state) and state.current_player == state.dealer
    ):
        raise _fail(
            "the dealer places an upturned Wild or Skip only before the first turn (V-12)",
            f"{path}.stage",
        )


def _check_last_stand(state: GameState, path: str) -> None:
    """Last stand (V-15): the first out and the final turns belong to the hand being played."""
    first = state.first_out
    finals = state.final_turns
    if first is None:
        if finals:
            raise _fail("final turns are taken only after someone went out", f"{path}.final_turns")
        return
    if not state.rules.last_stand or state.tiebreak:
        raise _fail("only the last-stand rule lets play go on after going out", f"{path}.first_out")
    if first not in state.seats or state.players[first].hand:
        raise _fail("the first out is a seat of this hand without cards", f"{path}.first_out")
    _check_seats(finals, len(state.players), f"{path}.final_turns")
    live = state.stage not in (Stage.HAND_OVER, Stage.GAME_OVER)
    if live and (first in finals or state.current_player in (first, *finals)):
        raise _fail(
            "the final turns are the other seats' and each is taken once", f"{path}.final_turns"
        )
    if any(seat not in state.seats for seat in finals):
        raise _fail("only seats of this hand take final turns", f"{path}.final_turns")


def _check_laying(state: GameState, path: str) -> None:
    """A lay-down under way (R-5.4): the current player's, groups of one open phase, in hand."""
    laying = state.laying
    if laying is None:
        return
    where = f"{path}.laying"
    seat = state.current_player
    if state.stage is not Stage.PLAY or seat is None or state.forced_discard:
        raise _fail("a lay-down is under way only while a player plays a turn (R-5.4)", where)
    player = state.players[seat]
    if player.laid_down:
        raise _fail("a player whose phase is down lays no more groups (R-5.2)", where)
    if laying.phase not in [phase.number for phase in state.open_phases(seat)]:
        raise _fail(f"seat {seat} cannot lay down phase {laying.phase} now", f"{where}.phase")
    phase = state.rules.phase(laying.phase)
    try:
        left = remaining_requirements(phase.requirements, laying.melds)
    except ValueError:
        wrong = f"the groups are not groups of phase {phase.number}"
        raise _fail(wrong, f"{where}.melds") from None
    if not laying.melds or not left:
        raise _fail("a lay-down under way has some of its phase's groups, not all", where)
    meld_rules = player_rules(state, seat, phase)
    for k, meld in enumerate(laying.melds):
        problem = meld.problem(meld_rules)
        if problem:
            raise _fail(f"not a valid group: {problem}", f"{where}.melds[{k}]")
    if remove(player.hand, [card for meld in laying.melds for card in meld.cards]) is None:
        raise _fail("the groups under way are made of cards in the player's hand", where)


def validate_state(state: GameState, path: str = "$") -> None:
    """Raise :class:`~phase10.InvalidDataError` (with the path of the fault) unless
    ``state`` is consistent with its rules; :func:`from_json` calls it on every state.

    >>> from phase10 import new_game
    >>> import attrs
    >>> state = new_game(2, seed=1)
    >>> validate_state(state)
    >>> validate_state(attrs.evolve(state, stock=state.stock[1:]))
    Traceback (most recent call last):
    ...
    phase10.errors.InvalidDataError: $: cards are missing from the game (not conserved): 1 x ...
    """
    rules = state.rules
    table = len(state.players)
    _check_table(
        rules,
        table,
        state.stage,
        state.current_player,
        state.seats,
        state.dealer,
        state.hand_number,
        state.turn,
        state.winners,
        state.lost_turns,
        state.results,
        path,
    )
    _check_names((player.name for player in state.players), path)
    if state.direction not in (1, -1):
        raise _fail("the direction of play is 1 or -1", f"{path}.direction")
    if not 0 <= state.seed < SEED_LIMIT:
        raise _fail("a seed is a whole number with 0 <= seed < 2**64", f"{path}.seed")
    cap = rules.max_turns
    _check_count(state.total_turns, f"{path}.total_turns", 0, MAX_COUNT if cap is None else cap + 1)
    _check_count(state.reshuffles, f"{path}.reshuffles")
    _check_seats(state.tiebreak_seats, table, f"{path}.tiebreak_seats")
    for name in ("skip_record", "pickups"):
        if len(getattr(state, name)) != table:
            raise _fail(f"one entry per seat ({table}) is needed", f"{path}.{name}")
    for i, turn in enumerate(state.skip_record):
        _check_count(turn, f"{path}.skip_record[{i}]", -1, state.turn)
    live = state.stage not in (Stage.HAND_OVER, Stage.GAME_OVER)
    facts = (state.stage, state.current_player, state.turn, len(state.results))
    for i, player in enumerate(state.players):
        where = f"{path}.players[{i}]"
        _check_sorted(player.hand, f"{where}.hand")
        _check_hand_size(
            rules, i, len(player.hand), state.stage, state.current_player, f"{where}.hand"
        )
        _check_player_numbers(rules, i, player.score, player.skips_pending, facts, where)
        _check_player_phases(
            rules, player.completed, player.phase_attempted, where, player.assigned
        )
        _check_melds(rules, player.melds, player.laid_down, player.phase_attempted, live, where)
    _check_counts(rules, _card_locations(state, path), exact=True, path=path, decks=state.decks)
    _check_flags(state, path)
    _check_laying(state, path)
    _check_can_act(state, path)


def _check_can_act(state: GameState, path: str) -> None:
    """Unless the hand is over, the player to act has a legal action (the engine never
    leaves a player without one: it ends the hand instead, R-14.2).

    Found without listing lay-downs: with two cards or more in the play stage a
    discard is always legal (R-4.5), unless a lay-down is under way; in every
    other case the legal actions are few and cheap to list (a lay-down's steps
    are bounded, R-5.4).
    """
    stage = state.stage
    if stage in (Stage.HAND_OVER, Stage.GAME_OVER):
        return
    current = state.current
    assert current is not None
    if (
        stage is Stage.PLAY
        and not state.forced_discard
        and state.laying is None
        and len(current.hand) >= 2
    ):
        return
    try:
        actions = legal_actions(state)
    except Phase10Error as error:
        raise _fail(f"the engine cannot continue this state: {error}", path) from None
    if not actions:
        raise _fail(
            f"seat {state.current_player} is to act in stage {stage.value!r} but has "
            "no legal action (the engine would have ended the hand)",
            f"{path}.stage",
        )


def validate_view(view: PlayerView, path: str = "$") -> None:
    """Raise :class:`~phase10.InvalidDataError` unless ``view`` could be a seat's view of a
    consistent game (what it shows fits the rules and the deck); :func:`from_json` calls it.

    >>> from phase10 import new_game, player_view
    >>> import attrs
    >>> view = player_view(new_game(2, seed=1), 0)
    >>> validate_view(view)
    >>> validate_view(attrs.evolve(view, seat=2))
    Traceback (most recent call last):
    ...
    phase10.errors.InvalidDataError: $.seat: no seat 2 at a table of 2 (seats are 0-1)
    """
    rules = view.rules
    if view.phases != rules.phases:
        raise _fail("the phase list differs from the rules' phases", f"{path}.phases")
    table = len(view.players)
    _check_table(
        rules,
        table,
        view.stage,
        view.current_player,
        view.seats,
        view.dealer,
        view.hand_number,
        view.turn,
        view.winners,
        view.lost_turns,
        view.results,
        path,
    )
    _check_names((player.name for player in view.players), path)
    _check_count(view.stock_size, f"{path}.stock_size")
    if view.seat is None:
        for name in ("hand", "saved"):
            if getattr(view, name) is not None:
                raise _fail(f"a spectator's view has no {name}", f"{path}.{name}")
    else:
        _check_seat(view.seat, table, f"{path}.seat")
        me = view.players[view.seat]
        if view.hand is None:
            raise _fail("a seat's view shows its hand", f"{path}.hand")
        if view.saved is None:
            raise _fail("a seat's view shows its Save pile", f"{path}.saved")
        _check_sorted(view.hand, f"{path}.hand")
        if len(view.hand) != me.hand_size:
            raise _fail("the hand does not have the seat's hand_size", f"{path}.hand")
        if len(view.saved) != me.saved_count:
            raise _fail("the Save pile does not have the seat's saved_count", f"{path}.saved")
    live = view.stage not in (Stage.HAND_OVER, Stage.GAME_OVER)
    facts = (view.stage, view.current_player, view.turn, len(view.results))
    for i, seat in enumerate(view.players):
        where = f"{path}.players[{i}]"
        _check_count(seat.saved_count, f"{where}.saved_count", 0, rules.deck.size)
        _check_count(seat.hand_size, f"{where}.hand_size")
        _check_hand_size(
            rules, i, seat.hand_size, view.stage, view.current_player, f"{where}.hand_size"
        )
        _check_player_numbers(rules, i, seat.score, seat.skips_pending, facts, where)
        _check_player_phases(rules, seat.completed, seat.phase_attempted, where, seat.assigned)
        if seat.target_phase is not None:
            _check_phase(seat.target_phase, rules, f"{where}.target_phase")
        _check_melds(rules, seat.melds, seat.laid_down, seat.phase_attempted, live, where)
    shown: list[tuple[str, tuple[Card, ...]]] = []
    for name in ("hand", "saved"):
        cards = getattr(view, name)
        if cards is not None:
            shown.append((f"{path}.{name}", cards))
    for i, seat in enumerate(view.players):
        for k, meld in enumerate(seat.melds):
            shown.append((f"{path}.players[{i}].melds[{k}].cards", meld.cards))
    shown.append((f"{path}.discard_pile", view.discard_pile))
    if not 1 <= view.decks <= MAX_DECKS or (
        view.decks > 1 and rules.draw_exhaustion is not DrawExhaustion.FRESH_DECK
    ):
        raise _fail("more than one deck is in play only under A-17 'fresh_deck'", f"{path}.decks")
    _check_counts(rules, shown, exact=False, path=path, decks=view.decks)
    total = (
        view.stock_size
        + len(view.discard_pile)
        + sum(s.hand_size + s.saved_count for s in view.players)
        + sum(len(m.cards) for s in view.players for m in s.melds)
    )
    if total > rules.deck.size * view.decks:
        raise _fail(
            f"{total} cards in view; {view.decks} deck(s) hold only {rules.deck.size * view.decks}",
            path,
        )
