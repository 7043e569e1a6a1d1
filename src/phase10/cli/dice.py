"""``phase10 demo --game dice`` and ``phase10 play --game dice``: Phase 10 Dice at the terminal.

The demo tells a seeded bot game turn by turn; ``play`` seats a person among
bots. The person sees their seat's :class:`~phase10.dice.DiceView` (in this
game the whole table but the seed) and types a listed move's number or the
move in the notation of :mod:`phase10.dice.actions` (``roll``, ``keep 0 3``,
``release 3``, ``declare 0 1 2 | 3 4 5``, ``end``).

>>> import io
>>> out = io.StringIO()
>>> final = run_demo(out, seed=3, players=2)
>>> final.is_over, out.getvalue().splitlines()[0]
(True, 'phase10 demo: Phase 10 Dice, standard rules, seed 3, players Ann, Bob')
>>> answers = iter(["keep 0", "roll", "help", "quit"])
>>> run_play(io.StringIO(), lambda prompt: next(answers), players=2, seed=7)
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from ..dice import (
    Declare,
    DiceAction,
    DiceBot,
    DiceRecord,
    DiceState,
    DiceView,
    EndTurn,
    Keep,
    Release,
    Roll,
    action_to_text,
    apply,
    check,
    describe,
    describe_end,
    legal_actions,
    new_game,
    parse_action,
    play_game,
    player_view,
    points,
    resolve_rules,
)
from ..dice.narration import describe_dice, describe_groups
from ..dice.serialization import save_record
from ..dice.simulate import make_bot
from ..errors import InvalidDataError
from .common import DEMO_NAMES
from .family import ask_move, demo_runner, numbered_moves, play_runner, seat_names
from .prompt import Ask

__all__ = ["demo", "play", "render_moves", "render_view", "run_demo", "run_play"]

HELP = """\
  Type the number of a move from the list, or the move itself:
    roll                      roll every die not set aside
    keep 0 3                  set dice 0 and 3 aside (they are not rolled again)
    release 3                 take die 3 back, to roll it again
    declare 0 1 2 | 3 4 5     make your phase with these dice, one group each
    end                       end your turn without your phase
  Other commands: look (show the table again), help, quit (or Ctrl-D).
"""


def _standings(state: DiceState) -> list[str]:
    order = sorted(
        range(len(state.players)),
        key=lambda s: (s not in state.winners, -state.players[s].score),
    )
    lines = []
    for rank, seat in enumerate(order, 1):
        p = state.players[seat]
        mark = "  winner" if seat in state.winners else ""
        lines.append(
            f"{rank:>2}. {p.name:<8} {p.score:>5} points, {len(p.completed):>2} phases{mark}"
        )
    return lines


def _save(path: str, first: DiceState, actions: Sequence[DiceAction]) -> None:
    names = [p.name for p in first.players]
    record = DiceRecord(first.rules, names, first.seed, first.first)
    save_record(record.extend(actions), path)


def run_demo(
    out: TextIO,
    *,
    seed: int = 2026,
    players: int = 4,
    spec: str = "standard",
    bot: str = "greedy",
    verbose: bool = False,
    save: str | None = None,
) -> DiceState:
    """Play a seeded dice game between bots and tell it to ``out``, one line per turn.

    With ``verbose`` every roll, keep and release is told as well.
    """
    rules = resolve_rules(spec)
    names = (
        DEMO_NAMES[:players] if players <= len(DEMO_NAMES) else [f"Bot {i}" for i in range(players)]
    )
    state = new_game(names, seed=seed, rules=rules)
    bots = [make_bot(bot, seed * 16 + i) for i in range(players)]
    table = ", ".join(names)
    out.write(f"phase10 demo: Phase 10 Dice, {rules.spec} rules, seed {seed}, players {table}\n")
    actions: list[DiceAction] = []

    def on_action(before: DiceState, action: DiceAction, after: DiceState) -> None:
        actions.append(action)
        if verbose or isinstance(action, (Declare, EndTurn)):
            out.write(f"  {describe(before, action, after)}\n")
        if verbose and isinstance(action, Roll):
            out.write(f"    dice: {describe_dice(after)}\n")
        if after.finisher is not None and before.finisher is None:
            out.write(f"  {after.players[after.finisher].name} has made the last phase!\n")

    final = play_game(state, bots, on_action=on_action)
    out.write(f"\n{describe_end(final)}\nFinal standings\n")
    for line in _standings(final):
        out.write(line + "\n")
    if save is not None:
        _save(save, state, actions)
    return final


def render_view(view: DiceView) -> list[str]:
    """The scorepad and the dice as the viewing seat sees them."""
    lines = [f"Turn {view.turn}"]
    for seat, p in enumerate(view.players):
        tags = [
            tag
            for tag, on in (
                ("you", seat == view.seat),
                ("to move", seat == view.current_player),
                ("finished", seat == view.finisher),
            )
            if on
        ]
        done = len(p.completed)
        lines.append(
            f"  {seat}  {p.name:<8} {p.score:>4} points {done:>2} phase{'s' if done != 1 else ' '}"
            f" made" + (f"  [{', '.join(tags)}]" if tags else "")
        )
    phase = view.my_phase
    if phase is not None and view.seat == view.current_player:
        lines.append(f"  Your phase: {phase}")
    if view.dice:
        kept = set(view.kept)
        shown = "  ".join(
            f"{i}:{'[' if i in kept else ''}{face}{']' if i in kept else ''}"
            for i, face in enumerate(view.dice)
        )
        lines.append(f"  Dice ([kept]): {shown}")
        lines.append(f"  Rolls left: {view.rolls_left}")
    return lines


def _hint(view: DiceView, action: DiceAction) -> str:
    if isinstance(action, (Keep, Release)):
        return " ".join(str(view.dice[i]) for i in action.dice)
    if isinstance(action, Declare):
        groups = describe_groups(view.dice, action.groups)
        return f"{groups}  ({points(view.dice, action.groups)} points)"
    if isinstance(action, Roll):
        return "all the dice" if not view.dice else f"{len(view.dice) - len(view.kept)} dice"
    return "without your phase"


def render_moves(view: DiceView, legal: Sequence[DiceAction]) -> list[str]:
    """The numbered legal moves, each in notation with a short hint."""
    texts = [action_to_text(action) for action in legal]
    return numbered_moves(texts, [_hint(view, action) for action in legal])


def _read_move(out: TextIO, ask: Ask, state: DiceState, seat: int) -> DiceAction | None:
    """Ask until the person gives a legal move; ``None`` when they quit or input ends."""
    legal = legal_actions(state)
    view = player_view(state, seat)
    shown = [*render_view(view), "  Your moves:", *render_moves(view, legal)]
    return ask_move(out, ask, shown, legal, parse_action, lambda a: check(state, a), HELP)


def run_play(
    out: TextIO,
    ask: Ask,
    *,
    players: int = 3,
    spec: str = "standard",
    seed: int | None = None,
    seat: int = 0,
    bot: str = "greedy",
    name: str = "You",
    save: str | None = None,
) -> int:
    """Play a dice game with a person at ``seat`` and ``bot`` bots elsewhere; return 0.

    With ``save`` the game is written as a record, even when the person quits.
    """
    rules = resolve_rules(spec)
    rules.check_players(players)
    if not 0 <= seat < players:
        raise InvalidDataError(f"no seat {seat} at a table of {players} (seats 0-{players - 1})")
    names = seat_names(players)
    names[seat] = name
    state = new_game(names, seed=seed, rules=rules)
    first = state
    bots: dict[int, DiceBot] = {
        s: make_bot(bot, state.seed * 16 + s) for s in range(players) if s != seat
    }
    out.write(
        f"phase10 play: Phase 10 Dice, {rules.spec} rules, seed {state.seed}. You are seat "
        f"{seat}, against {bot} bots.\n"
        "Type a move's number or the move itself (e.g. 'keep 0 3'); 'help' for more, "
        "'quit' or Ctrl-D to leave.\n"
    )
    actions: list[DiceAction] = []
    while not state.is_over:
        mover = state.current_player
        assert mover is not None
        if mover == seat:
            chosen = _read_move(out, ask, state, seat)
            if chosen is None:
                out.write("\nYou left the game.\n")
                break
            action = chosen
        else:
            action = bots[mover].choose(player_view(state, mover), legal_actions(state))
        after = apply(state, action)
        told = (Declare, EndTurn) if mover != seat else (Roll, Declare, EndTurn)
        if isinstance(action, told):
            out.write(f"  {describe(state, action, after)}\n")
        actions.append(action)
        state = after
    else:
        out.write(f"\n{describe_end(state)}\nFinal standings\n")
        out.write("\n".join(_standings(state)) + "\n")
        out.write("You won!\n" if seat in state.winners else "Better luck next game.\n")
    if save is not None:
        _save(save, first, actions)
        out.write(f"Game saved to {save}\n")
    return 0


demo = demo_runner(run_demo)
"""The runner of ``phase10 demo --game dice``."""

play = play_runner(run_play)
"""The runner of ``phase10 play --game dice``, asking at the console."""
