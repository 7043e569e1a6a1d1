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
>>> "Not allowed: draw a card first (R-4.2)" in text, "You left the game." in text
(True, True)
>>> text.rstrip().splitlines()[-1]  # the seed only now: it would reveal the bots' hands
"This game's seed was 7."
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TextIO

from .. import variants
from ..actions import Action, DrawStock, NextHand
from ..bots import Bot
from ..engine import apply, check, legal_actions, new_game
from ..errors import InvalidDataError, Phase10Error
from ..notation import action_to_text, parse_action
from ..rules import InitialSkip, InitialWild, PhaseChoice, PhaseOrder, Rules
from ..simulate import make_bot
from ..state import GameState, Stage
from ..text import printable, render_lines, render_moves
from ..views import player_view
from . import games
from .args import bot_choice, card_game_bot, name_text, positive, resume_path, save_path, whole
from .common import (
    Narrator,
    continued,
    drawn_line,
    load_game,
    load_saved,
    person_table,
    save_game,
    saved_game,
    standings,
    table_size,
    tell_end,
)
from .prompt import console_ask, nearest_move, read_move, refuse_unknown_word
from .runners import play_runner

__all__ = [
    "Ask",
    "add_parser",
    "console_ask",
    "did_you_mean",
    "play_help",
    "read_notation",
    "run",
    "run_play",
]

Ask = Callable[[str], str | None]
"""Reads one line after showing a prompt; ``None`` means the input has ended."""


HELP = """\
  Type the number of a move from the list, or the move in notation:
    draw                      draw from the draw pile
    take                      take the top card of the discard pile
    lay set:R7 B7 W | run:R3 R4 R5 W
                              lay down your phase (groups separated by |)
    group set:R7 B7 W         or lay it down a group at a time (the listed moves
                              do: once you begin, the next group finishes it)
    hit 1.0 R8 high           add R8 to group 1.0 (seat 1, its first group), high end
    discard R7                discard and end your turn
    discard S @2              discard a Skip at seat 2
"""

OTHER_COMMANDS = "  Other commands: look (show the table again), help, quit (or Ctrl-D).\n"


def play_help(rules: Rules) -> str:
    """``help`` at the prompt: the moves of every game, then those ``rules`` add (Masters'
    phase choice and Save pile, a named phase, the dealer's gift, movable Wilds).

    >>> from phase10 import variants
    >>> "choose 4" in play_help(variants.resolve("masters")), "choose" in play_help(Rules())
    (True, False)
    """
    extra: list[tuple[str, str]] = []
    if rules.phase_order is PhaseOrder.ANY:
        if rules.phase_choice is PhaseChoice.HAND_START:
            extra.append(("choose 4", "make phase 4 this hand (before the first draw)"))
        else:
            extra.append(("lay phase=4 run:...", "lay down naming the phase it makes"))
    if rules.masters_saving:
        extra.append(("save G9", "end your turn putting G9 on your Save pile, not discarding"))
        extra.append(("takesaved G9", "take G9 back from your Save pile instead of drawing"))
    if (
        rules.initial_wild is InitialWild.DEALER_CHOOSES_RECIPIENT
        or rules.initial_skip is InitialSkip.DEALER_CHOOSES_TARGET
    ):
        extra.append(("give 2", "as dealer: the upturned Wild to seat 2, or its Skip on seat 2"))
    if rules.movable_wilds:
        extra.append(("swap R5 1.0 low", "R5 takes the place of the Wild it stands for in"))
        extra.append(("", "group 1.0; the Wild moves to the low end"))
    if not extra:
        return HELP + OTHER_COMMANDS
    lines = [f"    {move:<26}{meaning}".rstrip() for move, meaning in extra]
    return HELP + "  These rules add:\n" + "\n".join(lines) + "\n" + OTHER_COMMANDS


def _read_move(out: TextIO, ask: Ask, state: GameState, seat: int) -> Action | None:
    """Ask until the person gives a legal move; ``None`` when they quit or input ends."""
    view = player_view(state, seat)
    legal = legal_actions(state)

    def problem(action: Action) -> str | None:
        try:
            error = check(state, action)
        except Phase10Error as refused:  # e.g. a phase number these rules do not have
            return str(refused)
        return None if error is None else error.message

    return read_move(
        out,
        ask,
        [*render_lines(view), "  Your moves:", *render_moves(view, legal)],
        legal,
        lambda text: read_notation(text, legal),
        problem,
        play_help(state.rules),
        lambda text: did_you_mean(text, legal),
    )


VERBS = (
    "draw",
    "take",
    "lay",
    "group",
    "hit",
    "discard",
    "choose",
    "save",
    "takesaved",
    "give",
    "swap",
)
"""The first words of moves in notation (:mod:`phase10.notation`) a person types."""

OTHER_WORDS = ("unsave", "next")
"""First words the notation reads that no listed move of a person's starts with."""


def read_notation(text: str, legal: Sequence[Action]) -> Action:
    """``text`` read as a move in notation; a first word that begins no move is refused
    with the words the person's moves begin with now, not every word of the notation
    (``choose``, ``give``, ``swap``... belong to variants this game may not have).

    >>> from phase10 import DrawStock, TakeDiscard
    >>> read_notation("draw", [DrawStock(), TakeDiscard()])
    DrawStock()
    >>> read_notation("discard\tR7", [DrawStock()])  # words apart as the notation reads them
    Discard(card=Card.parse('R7'), target=None)
    >>> read_notation("drwa", [DrawStock(), TakeDiscard()])
    Traceback (most recent call last):
    ...
    phase10.errors.InvalidDataError: 'drwa': unknown action: your moves now begin with draw or take
    """
    starts = list(dict.fromkeys(_verb(action) for action in legal))
    if "group" in starts and "lay" not in starts:
        starts.append("lay")  # a whole phase may be typed at once
    refuse_unknown_word(text, (*VERBS, *OTHER_WORDS), starts)
    return parse_action(text)


def _verb(action: Action) -> str:
    return action_to_text(action).split(" ", 1)[0]


def did_you_mean(text: str, legal: Sequence[Action]) -> str | None:
    """``text`` with its first word replaced by the verb of a legal move or the command it
    nearly spells, if any.

    Only the moves of now are offered: "did you mean 'draw'?" to a player who has drawn
    would contradict the line above it, which lists the moves that begin a legal one.

    >>> from phase10 import Card, Discard, DrawStock, TakeDiscard
    >>> did_you_mean("discrad R7", [Discard(Card.parse("R7"))])
    'discard R7'
    >>> did_you_mean("draww", [DrawStock(), TakeDiscard()])
    'draw'
    >>> did_you_mean("drwa", [Discard(Card.parse("R7"))]) is None  # drawn already
    True
    >>> did_you_mean("xyzzy", []) is None
    True
    """
    return nearest_move(text, [_verb(action) for action in legal], VERBS)


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
    resume: str | None = None,
) -> int:
    """Play a game with a person at ``seat`` and ``bot`` bots elsewhere; return the exit status.

    ``ask`` reads the person's lines (see :func:`console_ask`). With ``save``
    the game is written to that file as a record before each of the person's moves
    and when the game ends or the person quits, so ``phase10 replay`` can show it.
    ``resume`` names such a file: the game goes on from its last action, with its
    players, rules and seed (``players``, ``spec``, ``seed`` and ``name`` are not
    used), and is saved back to it unless ``save`` names another file.
    """
    if resume is not None:
        # A move that cannot be replayed is a fault of the file, named as replay names it.
        first, actions, state = load_saved(resume, lambda path: continued(load_game(path), seat))
        names = [p.name for p in first.players]
        save = resume if save is None else save
    else:
        if not name.isprintable():  # control characters, lone surrogates (bad UTF-8)
            raise InvalidDataError(f"a name must be printable text, not {name!r}")
        rules = variants.resolve(spec)
        rules.check_players(players)
        names = person_table(players, seat, name)
        state = first = new_game(names, rules, seed=seed)
        actions = []
    players = len(names)
    bots: dict[int, Bot] = {
        s: make_bot(bot, first.seed * 16 + s) for s in range(players) if s != seat
    }
    narrate = Narrator(out, verbose=True, you=seat)
    others = ", ".join(f"{printable(names[s])} (seat {s})" for s in bots)
    # No seed here: with it a player could rebuild the bots' hands and the stock (R-3.8).
    out.write(
        (f"phase10 play: resuming {printable(resume)}: " if resume else "phase10 play: ")
        + f"{printable(first.rules.spec)} rules. You are seat {seat}, "
        f"against {bot} bots {others}.\n"
        + (
            "The saved game is over.\n"  # nothing to type: its end is told below
            if state.is_over
            else "Type a move's number or the move itself (e.g. 'discard R7'); 'help' for "
            "more, 'quit' or Ctrl-D to leave.\n"
        )
    )
    if resume is None:
        narrate.deal(state)
    else:
        moves = f"{len(actions)} move{'s' if len(actions) != 1 else ''}"
        out.write(f"\n{narrate.hand_header(state)}: resumed after {moves}\n")

    def checkpoint() -> None:
        """Save the game so far: called before each question, so that a closed terminal
        (which gives no chance to save at the end) loses nothing."""
        if save is not None:
            save_game(save, first, actions)

    try:
        state = _play(out, ask, state, seat, bots, narrate, actions, checkpoint)
    finally:  # keep the moves made so far, even when an error stops the game
        checkpoint()
    over = ["Final standings", *standings(state)] if state.is_over else None
    tell_end(out, over, won=seat in state.winners, save=save, seed=first.seed)
    return 0


def _play(
    out: TextIO,
    ask: Ask,
    state: GameState,
    seat: int,
    bots: dict[int, Bot],
    narrate: Narrator,
    actions: list[Action],
    checkpoint: Callable[[], None] = lambda: None,
) -> GameState:
    """Play until the game ends or the person leaves; ``actions`` collects every action
    and ``checkpoint`` is called before the person is asked for a move."""
    while not state.is_over:
        mover = state.current_player
        if state.stage is Stage.HAND_OVER or mover is None:
            action: Action = NextHand()
        elif mover == seat:
            checkpoint()
            chosen = _read_move(out, ask, state, seat)
            if chosen is None:
                out.write("\nYou left the game.\n")
                return state
            action = chosen
        else:
            action = bots[mover].choose(player_view(state, mover), legal_actions(state))
        after = apply(state, action)
        narrate(state, action, after)
        if mover == seat and isinstance(action, DrawStock):
            out.write(drawn_line(state.players[seat].hand, after.players[seat].hand))
        actions.append(action)
        state = after
    return state


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` subcommand and its options."""
    play = sub.add_parser(
        "play",
        help="play against bots in the terminal (--game dice, twist)",
        description="Play against bots. Type a listed move's number or the move in notation "
        "(draw, take, discard R7, hit 1.0 R8 high, lay set:R7 B7 W | run:R3 R4 R5 R6); "
        "help, look, quit or Ctrl-D at the prompt. --game dice and --game twist play "
        "Phase 10 Dice and Phase 10 Twist, whose moves 'help' lists.",
    )
    play.add_argument(
        "--players", type=positive, help="seats at the table (3, or the nearest the rules allow)"
    )
    play.add_argument(
        "--variant",
        help="a variant spec, e.g. even-phases (default standard); 'phase10 variants' lists "
        "them, 'phase10 variants --game dice' the presets of dice (or twist)",
    )
    play.add_argument("--seed", type=whole, default=None, help="the game's seed (default: random)")
    play.add_argument("--seat", type=whole, default=0, help="your seat, from 0 (default 0)")
    play.add_argument(
        "--bot",
        type=bot_choice,
        default="greedy",
        help="the bots' strategy: greedy (default), random, or your own as module.path:factory "
        "(card game; e.g. phase10:SearchBot, stronger and slower)",
    )
    play.add_argument("--name", type=name_text, help="your name at the table (default You)")
    play.add_argument(
        "--save",
        metavar="FILE",
        type=save_path,
        help="save the game as a record (JSON) as you play; see --resume",
    )
    play.add_argument(
        "--game",
        choices=games.names(),
        help="which game (default cards; with --resume, the saved game's)",
    )
    play.add_argument(
        "--resume",
        metavar="FILE",
        type=resume_path,
        help="go on with a game saved with --save (its game, players, rules and seed); it is "
        "saved back to FILE unless --save names another file",
    )


TABLE_OPTIONS = {"players": None, "variant": "standard", "seed": None, "name": "You"}
"""The options that set up a new table, with their defaults (the card game seats 3, or the
nearest count its rules allow; the others 3); ``--resume`` takes them from the saved game."""


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``phase10 play`` with parsed ``args`` for the game ``--game`` names, or the game
    saved in the file ``--resume`` names."""
    game = _game(args)
    card_game_bot(args.bot, game)
    if getattr(args, "resume", None) is not None:
        given = [f"--{option}" for option in TABLE_OPTIONS if getattr(args, option) is not None]
        if given:
            raise InvalidDataError(
                "--resume takes the players, rules, seed and names from the saved game: "
                f"leave out {', '.join(given)}"
            )
    for option, default in TABLE_OPTIONS.items():
        if getattr(args, option, None) is None:
            setattr(args, option, default)
    if args.players is None:
        args.players = table_size(args.variant, 3) if game == "cards" else 3
    return games.get(game).play(args, out)


def _game(args: argparse.Namespace) -> str:
    """The game to play: ``--game`` (default cards), or the one saved in ``--resume``'s
    file, which a ``--game`` that names another refuses."""
    given: str | None = getattr(args, "game", None)
    resume: str | None = getattr(args, "resume", None)
    if resume is None:
        return given or "cards"
    saved = saved_game(resume)
    if given is not None and given != saved:
        raise InvalidDataError(
            f"--resume {printable(resume)} goes on with a saved "
            f"{'card' if saved == 'cards' else saved} game, not --game {given}"
        )
    return saved


run_cards = play_runner(run_play)
"""Run ``phase10 play`` for the card game, asking at the console (``--resume`` too)."""
