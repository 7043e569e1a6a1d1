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
    DiceRecord,
    DiceRules,
    DiceState,
    DiceView,
    EndTurn,
    Keep,
    Release,
    Roll,
    action_to_text,
    check,
    describe,
    describe_end,
    new_game,
    parse_action,
    points,
    resolve_rules,
)
from ..dice.bots import GAME
from ..dice.narration import describe_dice, describe_groups, phase_words
from ..dice.serialization import load_record, save_record
from ..dice.simulate import make_bot
from .common import DEMO_NAMES
from .family import TerminalGame, demo_runner, play_runner

__all__ = ["demo", "play", "render_moves", "render_view", "run_demo", "run_play", "run_replay"]

HELP = """\
  Type the number of a move from the list, or the move itself:
    roll                      roll every die not set aside
    keep 0 3                  set dice 0 and 3 aside (they are not rolled again)
    release 3                 take die 3 back, to roll it again
    declare 0 1 2 | 3 4 5     make your phase with these dice, one group each
    end                       end your turn without your phase
  The dice are numbered from 0: 3:[G7] is die 3, a green 7, set aside (kept);
  a die shows a colour (B G R Y) and a number, or W for a Wild of its colour.
  Your phase scores the points of its dice.
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


def _demo_names(players: int) -> list[str]:
    """The demo's short names, or numbered bots all round at a table too big for them."""
    if players <= len(DEMO_NAMES):
        return list(DEMO_NAMES[:players])
    return [f"Bot {i}" for i in range(players)]


def _tell_demo(
    out: TextIO, verbose: bool, before: DiceState, action: DiceAction, after: DiceState
) -> None:
    """A turn's end in a line; with ``verbose`` every roll, keep and release as well."""
    if verbose or isinstance(action, (Declare, EndTurn)):
        out.write(f"  {describe(before, action, after)}\n")
    if verbose and isinstance(action, Roll):
        out.write(f"    dice: {describe_dice(after)}\n")
    _tell_finish(out, before, after)


def _tell_finish(out: TextIO, before: DiceState, after: DiceState) -> None:
    """The line that says the game is ending: a player has made the last phase (D-6.1)."""
    if after.finisher is not None and before.finisher is None:
        out.write(f"  {after.players[after.finisher].name} has made the last phase!\n")


def _tell_play(
    out: TextIO,
    seat: int,
    mover: int | None,
    before: DiceState,
    action: DiceAction,
    after: DiceState,
) -> None:
    """The bots' declarations and ends of turn; the person's own rolls as well; and, as
    the demo says it, that someone has made the last phase (the others' last chance)."""
    told = (Declare, EndTurn) if mover != seat else (Roll, Declare, EndTurn)
    if isinstance(action, told):
        out.write(f"  {describe(before, action, after)}\n")
    _tell_finish(out, before, after)


def render_view(view: DiceView) -> list[str]:
    """The scorepad and the dice as the viewing seat sees them."""
    rounds = (view.turn - 1) // len(view.players) + 1  # turns count every seat's
    lines = [f"Round {rounds} (turn {view.turn})"]
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
        lines.append(f"  Your phase: {phase_words(phase)}")
    if view.dice:
        kept = set(view.kept)
        shown = "  ".join(
            f"{i}:{'[' if i in kept else ''}{face}{']' if i in kept else ''}"
            for i, face in enumerate(view.dice)
        )
        lines.append(f"  Dice (set aside in [ ]): {shown}")
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


def _load(path: str) -> tuple[DiceRecord, DiceRules]:
    """A saved game to go on with (``play --resume``), and its rules."""
    record = load_record(path, max_size=None)  # a file the player names: trusted
    return record, record.rules


_DICE: TerminalGame[DiceState, DiceView, DiceAction, DiceRules] = TerminalGame(
    title="Phase 10 Dice",
    game=GAME,
    resolve_rules=resolve_rules,
    new_game=new_game,
    make_bot=make_bot,
    check=check,
    parse_action=parse_action,
    action_to_text=action_to_text,
    describe_end=describe_end,
    standings=_standings,
    save=_save,
    render_view=render_view,
    hint=_hint,
    load=_load,
    help_text=HELP,
    verbs=("roll", "keep", "release", "declare", "end"),
    example="keep 0 3",
    demo_names=_demo_names,
    demo_intro=lambda rules: [],
    tell_demo=_tell_demo,
    tell_play=_tell_play,
    play_start=lambda state: "",
)

run_demo = _DICE.run_demo
"""Play a seeded dice game between bots and tell it to ``out``, one line per turn
(:meth:`.TerminalGame.run_demo`); with ``verbose`` every roll, keep and release as well."""

run_play = _DICE.run_play
"""Play a dice game with a person at ``seat`` and bots elsewhere
(:meth:`.TerminalGame.run_play`)."""


def run_replay(out: TextIO, record: DiceRecord, *, verbose: bool = False) -> None:
    """Tell a saved dice game (``phase10 replay``) as the demo tells one
    (:meth:`.TerminalGame.run_replay`)."""
    _DICE.run_replay(out, record, record.rules, verbose=verbose)


render_moves = _DICE.render_moves
"""The numbered legal moves, each in notation with a short hint."""

demo = demo_runner(run_demo)
"""The runner of ``phase10 demo --game dice``."""

play = play_runner(run_play)
"""The runner of ``phase10 play --game dice``, asking at the console."""
