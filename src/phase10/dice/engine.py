"""Playing Phase 10 Dice: ``new_game``, ``apply``, ``check``, ``legal_actions`` (D-2..D-7).

The same shape as the card engine: :func:`apply` is pure and returns a new
:class:`~phase10.dice.DiceState`; an illegal action raises
:class:`~phase10.IllegalActionError` and changes nothing. Every roll not
supplied by the caller comes from the state's seed, the turn and the roll
number (:func:`rolled_faces`), so a seed and a list of actions give the same
game on every machine.

>>> state = new_game(["Ann", "Bob"], seed=7)
>>> legal_actions(state)
(Roll(faces=None),)
>>> state = apply(state, Roll())
>>> len(state.dice), state.rolls, state.stage
(10, 1, <DiceStage.PLAY>)
>>> apply(state, Keep(12))
Traceback (most recent call last):
...
phase10.errors.IllegalActionError: there is no die 12 (the dice are 0-9)
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import attrs

from ..engine.common import legal_now, not_a_state, not_an_action
from ..errors import IllegalActionError, IllegalReason
from ..limits import show
from ..seating import check_seat, game_seed, seat_names
from .actions import Declare, DiceAction, EndTurn, Keep, Release, Roll
from .faces import Face
from .rules import DiceRules, DiceTiebreak, Ending, resolve_rules
from .solver import declaration_problem, declarations, points
from .state import Bonus, DicePlayer, DiceStage, DiceState

__all__ = ["apply", "check", "legal_actions", "new_game", "rolled_faces"]


def new_game(
    players: int | Sequence[str],
    *,
    seed: int | None = None,
    rules: DiceRules | str | None = None,
    first: int = 0,
) -> DiceState:
    """Start a game: ``first`` rolls first, then play passes up the seats (D-2.4).

    ``players`` is a count or the names; ``rules`` a :class:`~phase10.dice.DiceRules`
    or a preset spec (``"standard"``, ``"end-of-round+most-phases"``). Without a
    seed a secure random one is drawn and kept in the state. Raises
    :class:`~phase10.InvalidRulesError` for a player count the rules do not
    allow, or a first player who is not at the table.
    """
    resolved = resolve_rules(rules)
    names = seat_names(players, resolved.check_players)
    check_seat(first, len(names), "first")
    return DiceState(
        rules=resolved,
        players=tuple(DicePlayer(name) for name in names),
        seed=game_seed(seed),
        first=first,
        stage=DiceStage.ROLL,
        current_player=first,
        turn=1,
    )


def rolled_faces(state: DiceState) -> tuple[Face, ...]:
    """The faces the next :class:`~phase10.dice.Roll` without faces gives the free dice.

    They come from SHA-256 of the seed, the turn and the roll number, read a
    byte at a time with rejection, so every face of a die is equally likely and
    the result is the same on every machine and Python version.
    """
    dice = state.rules.dice
    faces: list[Face] = []
    block = 0
    stream = b""
    position = 0
    for i in state.free:
        options = dice[i].faces
        size = len(options)
        bound = 256 - 256 % size
        while True:
            if position == len(stream):
                text = f"phase10-dice:{state.seed}:{state.turn}:{state.rolls}:{block}"
                stream = hashlib.sha256(text.encode()).digest()
                block += 1
                position = 0
            byte = stream[position]
            position += 1
            if byte < bound:
                faces.append(options[byte % size])
                break
    return tuple(faces)


# --------------------------------------------------------------------------- checks


def _illegal(reason: IllegalReason, message: str) -> IllegalActionError:
    return IllegalActionError(reason, message)


_ACTIONS = (Roll, Keep, Release, Declare, EndTurn)


def _stage_problem(state: DiceState, action: DiceAction) -> IllegalActionError | None:
    if not isinstance(action, _ACTIONS):  # a card-game action, or text: say so, not "roll first"
        return not_an_action(
            action,
            "a Phase 10 Dice",
            "Roll, Keep, Release, Declare or EndTurn; dice.parse_action reads text",
        )
    if state.stage is DiceStage.GAME_OVER:
        return _illegal(IllegalReason.GAME_OVER, f"the game is over; {legal_now(())}")
    if state.stage is DiceStage.ROLL and not isinstance(action, Roll):
        return _illegal(
            IllegalReason.WRONG_STAGE,
            "roll the dice first: a turn begins with a roll of all of them (D-2.1)",
        )
    return None


def _dice_problem(state: DiceState, dice: tuple[int, ...], keep: bool) -> IllegalActionError | None:
    verb = "keep" if keep else "release"
    if not dice:
        return _illegal(IllegalReason.BAD_DICE, f"name the dice to {verb}")
    count = len(state.dice)
    for i in dice:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < count:
            return _illegal(
                IllegalReason.BAD_DICE, f"there is no die {show(i)} (the dice are 0-{count - 1})"
            )
    if len(set(dice)) != len(dice):
        return _illegal(IllegalReason.BAD_DICE, "name each die once")
    kept = state.kept
    for i in dice:
        if keep and i in kept:
            return _illegal(IllegalReason.BAD_DICE, f"die {i} is already set aside")
        if not keep and i not in kept:
            return _illegal(IllegalReason.BAD_DICE, f"die {i} is not set aside")
    if state.rolls >= state.rules.rolls:
        return _illegal(
            IllegalReason.NO_ROLLS_LEFT,
            f"no rolls left to {verb} dice for: declare your phase or end your turn (D-2.1)",
        )
    return None


def _roll_problem(state: DiceState, roll: Roll) -> IllegalActionError | None:
    rules = state.rules
    if state.rolls >= rules.rolls:
        return _illegal(
            IllegalReason.NO_ROLLS_LEFT,
            f"a turn has {rules.rolls} rolls: declare your phase or end your turn (D-2.1)",
        )
    free = state.free
    if not free:
        return _illegal(
            IllegalReason.NOTHING_TO_ROLL,
            "every die is set aside: release some to roll them (D-2.3)",
        )
    faces = roll.faces
    if faces is None:
        return None
    if len(faces) != len(free):
        return _illegal(
            IllegalReason.BAD_ROLL,
            f"the roll must give a face for each of the {len(free)} dice rolled, not {len(faces)}",
        )
    for i, face in zip(free, faces, strict=True):
        if not isinstance(face, Face) or face not in rules.dice[i].faces:
            return _illegal(
                IllegalReason.BAD_ROLL, f"die {i} has no face {face} (it shows {rules.dice[i]})"
            )
    return None


def check(state: DiceState, action: DiceAction) -> IllegalActionError | None:
    """Why ``action`` is illegal in ``state`` (an :class:`~phase10.IllegalActionError`) or None."""
    if not isinstance(state, DiceState):
        raise not_a_state(state, "DiceState")
    problem = _stage_problem(state, action)
    if problem is not None:
        return problem
    if isinstance(action, Roll):
        return _roll_problem(state, action)
    if isinstance(action, Keep):
        return _dice_problem(state, action.dice, keep=True)
    if isinstance(action, Release):
        return _dice_problem(state, action.dice, keep=False)
    if isinstance(action, Declare):
        seat = state.current_player
        assert seat is not None
        phase = state.target_phase(seat)
        assert phase is not None
        why = declaration_problem(state.dice, action.groups, phase, state.rules)
        return None if why is None else _illegal(IllegalReason.INVALID_MELD, why)
    if isinstance(action, EndTurn):
        return None
    raise AssertionError("unreachable: _stage_problem refuses other actions")


# --------------------------------------------------------------------------- transitions


def apply(state: DiceState, action: DiceAction) -> DiceState:
    """The state after ``action``; raises :class:`~phase10.IllegalActionError` if it is illegal."""
    problem = check(state, action)
    if problem is not None:
        raise problem
    if isinstance(action, Roll):
        return _roll(state, action)
    if isinstance(action, Keep):
        return _with_dice(
            state, state.dice, tuple(sorted((*state.kept, *action.dice))), state.rolls
        )
    if isinstance(action, Release):
        gone = set(action.dice)
        return _with_dice(
            state, state.dice, tuple(i for i in state.kept if i not in gone), state.rolls
        )
    if isinstance(action, Declare):
        return _end_turn(state, points(state.dice, action.groups))
    return _end_turn(state, None)


def _roll(state: DiceState, roll: Roll) -> DiceState:
    faces = roll.faces if roll.faces is not None else rolled_faces(state)
    if not state.dice:
        dice = faces
    else:
        showing = list(state.dice)
        for i, face in zip(state.free, faces, strict=True):
            showing[i] = face
        dice = tuple(showing)
    return _with_dice(state, dice, state.kept, state.rolls + 1)


def _with_dice(
    state: DiceState, dice: tuple[Face, ...], kept: tuple[int, ...], rolls: int
) -> DiceState:
    """``state`` in the play stage with these dice: the moves within a turn (the hot path,
    built field by field, which costs half an ``attrs.evolve``)."""
    return DiceState(
        state.rules,
        state.players,
        state.seed,
        state.first,
        DiceStage.PLAY,
        state.current_player,
        state.turn,
        dice,
        kept,
        rolls,
        state.finisher,
        state.final_turns,
        state.bonus_seats,
        state.winners,
    )


def _score(rules: DiceRules, player: DicePlayer, number: int, gained: int) -> DicePlayer:
    """``player`` after making phase ``number`` for ``gained`` points (D-5.1, D-5.3; a
    halfway bonus of no points is not awarded)."""
    completed = (*player.completed, number)
    score = player.score + gained
    bonuses = player.bonuses
    if (
        rules.halfway_phase
        and rules.halfway_bonus
        and len(completed) == rules.halfway_phase
        and score >= rules.halfway_min_score
    ):
        score += rules.halfway_bonus
        bonuses = (*bonuses, Bonus.HALFWAY)
    return attrs.evolve(
        player,
        score=score,
        completed=completed,
        phase_points=(*player.phase_points, gained),
        bonuses=bonuses,
        turns=player.turns + 1,
        misses_here=0,
    )


def _finish_bonus(rules: DiceRules, player: DicePlayer) -> DicePlayer:
    """``player`` with the First Finish bonus (D-5.4); a bonus of no points is not awarded."""
    if not rules.finish_bonus:
        return player
    return attrs.evolve(
        player,
        score=player.score + rules.finish_bonus,
        bonuses=(*player.bonuses, Bonus.FIRST_FINISH),
    )


def _end_turn(state: DiceState, gained: int | None) -> DiceState:
    """Score the turn (``gained`` is ``None`` for a failed one) and pass play on (D-4.3, D-6)."""
    rules = state.rules
    seat = state.current_player
    assert seat is not None
    player = state.players[seat]
    last = len(rules.phases)
    finisher = state.finisher
    final_turns = state.final_turns
    bonus_seats = state.bonus_seats
    finished_now = False
    if gained is None:
        player = attrs.evolve(
            player,
            turns=player.turns + 1,
            misses=player.misses + 1,
            misses_here=player.misses_here + 1,
        )
        made = False
    else:
        first_try = player.misses_here == 0
        player = _score(rules, player, len(player.completed) + 1, gained)
        made = True
        if len(player.completed) == last:
            if finisher is None:
                finished_now = True
                finisher = seat
                solo = len(state.players) == 1
                if not solo or first_try:
                    player = _finish_bonus(rules, player)
            elif seat in bonus_seats:
                player = _finish_bonus(rules, player)
            bonus_seats = tuple(s for s in bonus_seats if s != seat)
    players = (*state.players[:seat], player, *state.players[seat + 1 :])
    state = attrs.evolve(state, players=players, finisher=finisher, bonus_seats=bonus_seats)
    if finished_now:
        final_turns, bonus_seats = _final_turns(state, seat)
        state = attrs.evolve(state, bonus_seats=bonus_seats)
    elif finisher is not None:
        # A final turn: under "last chance" a player goes on while they make phases.
        keeps_going = rules.ending is Ending.LAST_CHANCE and made and len(player.completed) < last
        if not keeps_going:
            final_turns = final_turns[1:]
            bonus_seats = tuple(s for s in state.bonus_seats if s != seat)
            state = attrs.evolve(state, bonus_seats=bonus_seats)
    if finisher is not None:
        if not final_turns:
            return _game_over(attrs.evolve(state, final_turns=()))
        following = final_turns[0]
    else:
        following = (seat + 1) % len(state.players)
    if rules.max_turns is not None and state.turn >= rules.max_turns:
        return _game_over(state, capped=True)
    return attrs.evolve(
        state,
        stage=DiceStage.ROLL,
        current_player=following,
        turn=state.turn + 1,
        dice=(),
        kept=(),
        rolls=0,
        final_turns=final_turns,
    )


def _final_turns(state: DiceState, finisher: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Who plays after the first finish, in order, and who may still earn its bonus (D-6.1)."""
    order = state.order
    position = order.index(finisher)
    later = order[position + 1 :]
    last = len(state.rules.phases)
    eligible = tuple(s for s in later if len(state.players[s].completed) == last - 1)
    ending = state.rules.ending
    if ending is Ending.IMMEDIATE:
        return (), ()
    if ending is Ending.END_OF_ROUND:
        return later, eligible
    return (*later, *order[:position]), eligible


def _game_over(state: DiceState, *, capped: bool = False) -> DiceState:
    """End the game: the solo penalty (D-7.1), then the winners (D-6.3, D-6.4)."""
    rules = state.rules
    players = state.players
    if len(players) == 1 and rules.solo_miss_penalty:
        (alone,) = players
        players = (attrs.evolve(alone, score=alone.score - rules.solo_miss_penalty * alone.misses),)
    winners: tuple[int, ...] = ()
    if not capped:
        best = max(p.score for p in players)
        winners = tuple(s for s, p in enumerate(players) if p.score == best)
        if len(winners) > 1 and rules.tiebreak is DiceTiebreak.MOST_PHASES:
            most = max(len(players[s].completed) for s in winners)
            winners = tuple(s for s in winners if len(players[s].completed) == most)
    return attrs.evolve(
        state,
        players=players,
        stage=DiceStage.GAME_OVER,
        current_player=None,
        dice=(),
        kept=(),
        rolls=0,
        final_turns=(),
        bonus_seats=(),
        winners=winners,
    )


# --------------------------------------------------------------------------- listing

_ROLL = Roll()
_END = EndTurn()
_KEEP = tuple(Keep((i,)) for i in range(64))
_RELEASE = tuple(Release((i,)) for i in range(64))


def legal_actions(state: DiceState) -> tuple[DiceAction, ...]:
    """Every legal action, in a fixed order: roll, keep each die, release each, declare, end.

    Keeping and releasing are listed one die at a time (``Keep((i,))``); any set
    of dice may be kept by several such actions, or by one :class:`Keep` of many.
    Declarations are listed once per distinct way the dice make the phase
    (:func:`~phase10.dice.declarations`).
    """
    if state.stage is DiceStage.GAME_OVER:
        return ()
    if state.stage is DiceStage.ROLL:
        return (_ROLL,)
    actions: list[DiceAction] = []
    if state.rolls < state.rules.rolls:
        free = state.free
        if free:
            actions.append(_ROLL)
        actions.extend(_KEEP[i] for i in free)
        actions.extend(_RELEASE[i] for i in state.kept)
    seat = state.current_player
    assert seat is not None
    phase = state.target_phase(seat)
    assert phase is not None
    actions.extend(Declare(groups) for groups in declarations(state.dice, phase, state.rules))
    actions.append(_END)
    return tuple(actions)
