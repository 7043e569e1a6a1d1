"""``phase10 play``: one person against bots in a terminal.

Everything the person is shown is built from their seat's
:class:`~phase10.views.PlayerView` (their own hand and the public table) and
from public narration of the other seats' moves, so the terminal game is as
fair as a game server. Moves are typed as the number of a listed legal move or
in the action notation of :mod:`phase10.notation`; anything else gets an
explanation and a new prompt, never a traceback, and end of input quits.

>>> import io
>>> out = io.StringIO()
>>> answers = iter(["hello", "99", "discard R1", "quit"])
>>> run_play(out, lambda prompt: next(answers), players=2, seed=7, seat=1)
0
>>> text = out.getvalue()
>>> "I can't read that" in text, "there is no move 99" in text
(True, True)
>>> "Not allowed: draw a card first (R-4.2)" in text, text.rstrip().endswith("You left the game.")
(True, True)
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TextIO

from .. import variants
from ..actions import (
    Action,
    ChoosePhase,
    Discard,
    DrawStock,
    GiveCard,
    Hit,
    NextHand,
    SwapWild,
    TakeDiscard,
)
from ..bots import Bot
from ..cards import format_cards
from ..engine import apply, check, legal_actions, new_game
from ..errors import InvalidDataError, Phase10Error
from ..notation import action_to_text, parse_action
from ..rules import PhaseOrder
from ..simulate import BOT_KINDS, make_bot
from ..state import GameState, Stage
from ..views import PlayerView, player_view
from . import games
from .args import positive, whole
from .common import DEMO_NAMES, Narrator, save_game, standings

__all__ = ["Ask", "add_parser", "console_ask", "render_moves", "render_view", "run", "run_play"]

Ask = Callable[[str], str | None]
"""Reads one line after showing a prompt; ``None`` means the input has ended."""

QUIT_WORDS = frozenset({"q", "quit", "exit", "bye"})
HELP_WORDS = frozenset({"?", "h", "help"})
LOOK_WORDS = frozenset({"l", "look", "t", "table", "m", "moves"})

HELP = """\
  Type the number of a move from the list, or the move in notation:
    draw                      draw from the draw pile
    take                      take the top card of the discard pile
    lay set:R7 B7 W | run:R3 R4 R5 W
                              lay down your phase (groups separated by |)
    hit 1.0 R8 high           add R8 to group 1.0 (seat 1, its first group), high end
    discard R7                discard and end your turn
    discard S @2              discard a Skip at seat 2
  Other commands: look (show the table again), help, quit (or Ctrl-D).
"""


def console_ask(prompt: str) -> str | None:
    """Read a line from standard input; ``None`` at end of input (Ctrl-D).

    :func:`input` gives line editing on a terminal. When the moves come from a
    pipe or a file, each one is echoed after the prompt, so the transcript
    reads like a terminal session.
    """
    try:
        line = input(prompt)
    except EOFError:
        return None
    if not sys.stdin.isatty():
        sys.stdout.write(line + "\n")
    return line


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _phase_status(view: PlayerView, seat: int) -> str:
    p = view.players[seat]
    if p.laid_down:
        return f"phase {p.phase_attempted or p.target_phase} laid down"
    if p.target_phase is not None:
        return f"phase {p.target_phase} to make"
    if p.phase_attempted is not None:
        return f"phase {p.phase_attempted} to make"
    return "any open phase"


def render_view(view: PlayerView) -> list[str]:
    """The table as the viewing seat sees it: every seat's public facts, its own hand.

    Groups are labelled ``SEAT.INDEX``, the label that ``hit`` moves use.
    """
    tiebreak = " (tiebreak)" if view.tiebreak else ""
    lines = [f"Hand {view.hand_number}, turn {view.turn + 1}{tiebreak}"]
    for seat, p in enumerate(view.players):
        tags = [
            tag
            for tag, on in (
                ("you", seat == view.seat),
                ("dealer", seat == view.dealer),
                ("sitting out", seat not in view.seats),
                (f"{p.skips_pending} skip(s) waiting", p.skips_pending > 0),
            )
            if on
        ]
        done = len(p.completed)
        lines.append(
            f"  {seat}  {p.name:<8} {p.hand_size:>2} cards {p.score:>4} points "
            f"{done:>2} phase{'s' if done != 1 else ' '} done, {_phase_status(view, seat)}"
            + (f"  [{', '.join(tags)}]" if tags else "")
        )
        for index, meld in enumerate(p.melds):
            lines.append(f"       {seat}.{index}  {meld.describe()}: {meld}")
    top = view.top_discard
    pile = "empty" if top is None else f"{top} on top, {_count(len(view.discard_pile), 'card')}"
    lines.append(f"  Discard pile: {pile}; draw pile: {_count(view.stock_size, 'card')}")
    phase = view.my_phase
    if phase is not None:
        lines.append(f"  Your phase: {phase}")
    elif view.seat is not None and view.rules.phase_order is PhaseOrder.ANY:
        done_phases = set(view.players[view.seat].completed)
        open_numbers = [str(p.number) for p in view.rules.phases if p.number not in done_phases]
        lines.append(f"  Your phase: any of {', '.join(open_numbers)}")
    if view.hand is not None:
        lines.append(f"  Your hand: {format_cards(view.hand)}  ({len(view.hand)} cards)")
    if view.saved:
        lines.append(f"  Your Save pile: {format_cards(view.saved)}")
    return lines


def _hint(view: PlayerView, action: Action) -> str:
    def seat_name(seat: int) -> str:
        if seat == view.seat:
            return "you"
        return view.players[seat].name if 0 <= seat < len(view.players) else f"seat {seat}"

    if isinstance(action, DrawStock):
        return "from the draw pile"
    if isinstance(action, TakeDiscard):
        return f"{view.top_discard} from the discard pile"
    if isinstance(action, (Hit, SwapWild)):
        melds = view.players[action.owner].melds
        group = melds[action.meld].describe() if action.meld < len(melds) else "group"
        owner = "your" if action.owner == view.seat else f"{seat_name(action.owner)}'s"
        return f"onto {owner} {group}"
    if isinstance(action, Discard) and action.target is not None:
        return f"skip {seat_name(action.target)}"
    if isinstance(action, GiveCard):
        return f"to {seat_name(action.seat)}"
    if isinstance(action, ChoosePhase):
        return str(view.rules.phase(action.phase))
    return ""


def render_moves(view: PlayerView, legal: Sequence[Action]) -> list[str]:
    """The numbered legal moves, each in notation with a short hint."""
    texts = [action_to_text(action) for action in legal]
    width = max((len(t) for t in texts), default=0)
    lines = []
    for number, (text, action) in enumerate(zip(texts, legal, strict=True), 1):
        hint = _hint(view, action)
        lines.append(f"  {number:>3}. {text:<{width}}  {hint}".rstrip())
    return lines


def _read_move(out: TextIO, ask: Ask, state: GameState, seat: int) -> Action | None:
    """Ask until the person gives a legal move; ``None`` when they quit or input ends."""
    view = player_view(state, seat)
    legal = legal_actions(state)
    shown = [*render_view(view), "  Your moves:", *render_moves(view, legal)]
    out.write("\n" + "\n".join(shown) + "\n")
    while True:
        out.flush()
        line = ask("your move> ")
        if line is None:
            return None
        text = line.strip()
        word = text.lower()
        if not text:
            continue
        if word in QUIT_WORDS:
            return None
        if word in HELP_WORDS:
            out.write(HELP)
            continue
        if word in LOOK_WORDS:
            out.write("\n".join(shown) + "\n")
            continue
        if text.isascii() and text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            out.write(f"  there is no move {number}: type a number from 1 to {len(legal)}\n")
            continue
        try:
            action = parse_action(text)
        except InvalidDataError as error:
            out.write(f"  I can't read that: {error}\n  Type a move's number, or 'help'.\n")
            continue
        try:
            problem = check(state, action)
        except Phase10Error as error:  # e.g. a phase number these rules do not have
            out.write(f"  Not allowed: {error}\n")
            continue
        if problem is not None:
            out.write(f"  Not allowed: {problem.message}\n")
            continue
        return action


def _drawn(before: GameState, after: GameState, seat: int) -> list[str]:
    gained = Counter(after.players[seat].hand) - Counter(before.players[seat].hand)
    return [str(card) for card in sorted(gained.elements())]


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
    """Play a game with a person at ``seat`` and ``bot`` bots elsewhere; return the exit status.

    ``ask`` reads the person's lines (see :func:`console_ask`). With ``save``
    the game is written to that file as a record, even when the person quits
    early, so ``phase10 replay`` can show it.
    """
    rules = variants.resolve(spec)
    rules.check_players(players)
    if not 0 <= seat < players:
        raise InvalidDataError(f"no seat {seat} at a table of {players} (seats 0-{players - 1})")
    names = [DEMO_NAMES[s] if s < len(DEMO_NAMES) else f"Bot {s}" for s in range(players)]
    names[seat] = name
    state = new_game(names, rules, seed=seed)
    first = state
    bots: dict[int, Bot] = {
        s: make_bot(bot, state.seed * 16 + s) for s in range(players) if s != seat
    }
    narrate = Narrator(out, verbose=True, you=seat)
    others = ", ".join(f"{names[s]} (seat {s})" for s in bots)
    out.write(
        f"phase10 play: {rules.spec} rules, seed {state.seed}. You are seat {seat}, "
        f"against {bot} bots {others}.\n"
        "Type a move's number or the move itself (e.g. 'discard R7'); 'help' for more, "
        "'quit' or Ctrl-D to leave.\n"
    )
    out.write(f"\n{narrate.hand_header(state)}\n")
    actions: list[Action] = []
    while not state.is_over:
        mover = state.current_player
        if state.stage is Stage.HAND_OVER or mover is None:
            action: Action = NextHand()
        elif mover == seat:
            chosen = _read_move(out, ask, state, seat)
            if chosen is None:
                out.write("\nYou left the game.\n")
                break
            action = chosen
        else:
            action = bots[mover].choose(player_view(state, mover), legal_actions(state))
        after = apply(state, action)
        narrate(state, action, after)
        if mover == seat and isinstance(action, DrawStock):
            out.write(f"  (you drew {' '.join(_drawn(state, after, seat))})\n")
        actions.append(action)
        state = after
    else:
        out.write("\nFinal standings\n" + "\n".join(standings(state)) + "\n")
        out.write("You won!\n" if seat in state.winners else "Better luck next game.\n")
    if save is not None:
        save_game(save, first, actions)
        out.write(f"Game saved to {save} (replay it with: phase10 replay {save})\n")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` subcommand and its options."""
    play = sub.add_parser(
        "play",
        help="play against bots in the terminal",
        description="Play against bots. Type a listed move's number or the move in notation "
        "(draw, take, discard R7, hit 1.0 R8 high, lay set:R7 B7 W | run:R3 R4 R5 R6); "
        "help, look, quit or Ctrl-D at the prompt.",
    )
    play.add_argument("--players", type=positive, default=3, help="seats at the table (3)")
    play.add_argument("--variant", default="standard", help="a variant spec, e.g. even-phases")
    play.add_argument("--seed", type=int, default=None, help="the game's seed (default: random)")
    play.add_argument("--seat", type=whole, default=0, help="your seat, from 0 (default 0)")
    play.add_argument("--bot", choices=BOT_KINDS, default="greedy", help="the bots' strategy")
    play.add_argument("--name", default="You", help="your name at the table (default You)")
    play.add_argument("--save", metavar="FILE", help="save the game as a record (JSON)")
    play.add_argument(
        "--game", choices=games.names(), default="cards", help="which game (default cards)"
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``phase10 play`` with parsed ``args`` for the game ``--game`` names."""
    return games.get(getattr(args, "game", "cards")).play(args, out)


def run_cards(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``phase10 play`` for the card game, asking at the console."""
    return run_play(
        out,
        console_ask,
        players=args.players,
        spec=args.variant,
        seed=args.seed,
        seat=args.seat,
        bot=args.bot,
        name=args.name,
        save=args.save,
    )
