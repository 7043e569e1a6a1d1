"""The ``phase10`` command: demo games, a terminal game, simulations, replays, the variants.

Run ``phase10 --help`` (or ``python -m phase10 --help``) for the commands:

* ``demo``: a seeded bot game, told hand by hand;
* ``play``: you against bots in the terminal;
* ``simulate``: many bot games, summarised (``--json`` for programs);
* ``replay FILE``: a saved game record, told hand by hand like ``demo``;
* ``variants``: the registered variants.

Every command is a function of its arguments that writes to the given
stream, so :func:`main` can be called from tests and other programs. Errors
the library raises (:class:`~phase10.Phase10Error`) and unreadable files end
the command with one line on standard error and exit status 2, the status
argparse uses for bad arguments.

>>> main(["variants", "--plain"])  # doctest: +ELLIPSIS
name ...
standard ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from . import variants
from .actions import Action
from .bots import play_game
from .cli_common import DEMO_NAMES, Narrator, load_game, save_game, standings
from .cli_output import ProgressReporter, print_table
from .cli_play import console_ask, run_play
from .engine import new_game
from .errors import Phase10Error
from .record import GameRecord
from .simulate import BOT_KINDS, SimulationSummary, make_bot, simulate
from .state import GameState

__all__ = ["console_main", "main", "print_summary", "print_variants", "run_demo", "run_replay"]


def run_demo(
    out: TextIO,
    *,
    seed: int = 2026,
    players: int = 4,
    spec: str = "standard",
    bot: str = "greedy",
    verbose: bool = False,
    save: str | None = None,
) -> GameState:
    """Play a seeded bot game and write a readable account of it to ``out``."""
    rules = variants.resolve(spec)
    names = DEMO_NAMES[:players]
    state = new_game(names, rules, seed=seed)
    bots = [make_bot(bot, seed + i) for i in range(players)]
    out.write(f"phase10 demo: {rules.spec} rules, seed {seed}, players {', '.join(names)}\n")
    narrate = Narrator(out, verbose=verbose)
    out.write(f"\n{narrate.hand_header(state)}\n")
    actions: list[Action] = []

    def on_action(before: GameState, action: Action, after: GameState) -> None:
        actions.append(action)
        narrate(before, action, after)

    final = play_game(state, bots, on_action=on_action)
    out.write("\nFinal standings\n")
    for line in standings(final):
        out.write(line + "\n")
    if save is not None:
        save_game(save, state, actions)
    return final


def run_replay(out: TextIO, record: GameRecord, *, verbose: bool = False) -> GameState:
    """Replay ``record`` and tell it hand by hand, as ``demo`` tells a game.

    An action that the replayed game does not allow stops the account there
    with :class:`~phase10.InvalidDataError` naming the action.
    """
    states = record.replay()
    before = next(states)
    players = ", ".join(record.players)
    out.write(
        f"phase10 replay: {record.spec} rules, seed {record.seed}, players {players}, "
        f"{len(record.actions)} actions\n"
    )
    for key, value in record.metadata.items():
        out.write(f"  {key}: {value}\n")
    narrate = Narrator(out, verbose=verbose)
    out.write(f"\n{narrate.hand_header(before)}\n")
    for action, after in zip(record.parsed_actions(), states, strict=True):
        narrate(before, action, after)
        before = after
    if before.is_over:
        out.write("\nFinal standings\n")
    else:
        out.write(
            f"\nThe record ends before the game does; standings after hand {before.hand_number}\n"
        )
    for line in standings(before):
        out.write(line + "\n")
    return before


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def print_summary(out: TextIO, summary: SimulationSummary, *, plain: bool = False) -> None:
    """The summary tables of ``phase10 simulate``: per game, per seat and per bot."""
    out.write(
        f"phase10 simulate: {summary.spec} rules, {summary.players} players, "
        f"{summary.games} games from seed {summary.seed}\n"
    )
    overview = [
        ["games", str(summary.games)],
        ["hands per game, mean", f"{summary.hands_mean:.2f}"],
        ["hands per game, median", f"{summary.hands_median:g}"],
        ["turns per game, mean", f"{summary.turns_mean:.1f}"],
        ["final score, mean", f"{summary.mean_score:.1f}"],
    ]
    print_table(out, ["", "value"], overview, title="Games", plain=plain)
    seats = [
        [
            str(seat),
            summary.bots[seat],
            f"{summary.wins_by_seat[seat]:g}",
            _percent(summary.win_rate_by_seat[seat]),
            f"{summary.mean_score_by_seat[seat]:.1f}",
            f"{summary.mean_phases_by_seat[seat]:.2f}",
        ]
        for seat in range(summary.players)
    ]
    headers = ["seat", "bot", "wins", "win rate", "mean score", "mean phases"]
    print_table(out, headers, seats, title="By seat", plain=plain)
    kinds = [
        [
            kind,
            str(summary.bots.count(kind)),
            _percent(rate),
            f"{summary.mean_score_by_bot[kind]:.1f}",
        ]
        for kind, rate in summary.win_rate_by_bot.items()
    ]
    headers = ["bot", "seats", "win rate per seat", "mean score"]
    print_table(out, headers, kinds, title="By bot", plain=plain)


def print_variants(out: TextIO, *, plain: bool = False) -> None:
    """The variant registry as a table, with a note on specs and the ``to-phase-N`` family."""
    rows = []
    for name in variants.names():
        variant = variants.get(name)
        rows.append([name, ", ".join(variant.aliases), variant.description])
    print_table(out, ["name", "aliases", "description"], rows, plain=plain)
    out.write(
        "Also to-phase-N: play to phase N of the list (V-7). Join variants with '+', "
        "e.g. --variant even-phases+to-phase-3.\n"
    )


# --------------------------------------------------------------------------- arguments


def _positive(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _whole(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, not {value}")
    return value


def _bot_list(text: str) -> tuple[str, ...]:
    kinds = tuple(part.strip().lower() for part in text.split(","))
    for kind in kinds:
        if kind not in BOT_KINDS:
            known = ", ".join(BOT_KINDS)
            raise argparse.ArgumentTypeError(f"no bot named {kind!r} (known: {known})")
    return kinds


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="phase10",
        description="The Phase 10 rules engine: demo games, a terminal game, simulations.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    demo = sub.add_parser(
        "demo",
        help="play a seeded four-bot game and tell it hand by hand",
        description="Play a seeded bot game and tell it hand by hand.",
    )
    demo.add_argument("--seed", type=int, default=2026, help="the game's seed (default 2026)")
    demo.add_argument("--players", type=int, default=4, choices=range(2, 7), metavar="2-6")
    demo.add_argument("--variant", default="standard", help="a variant spec, e.g. even-phases")
    demo.add_argument("--bot", choices=BOT_KINDS, default="greedy")
    demo.add_argument("-v", "--verbose", action="store_true", help="show every draw and discard")
    demo.add_argument("--save", metavar="FILE", help="also save the game as a record (JSON)")

    play = sub.add_parser(
        "play",
        help="play against bots in the terminal",
        description="Play against bots. Type a listed move's number or the move in notation "
        "(draw, take, discard R7, hit 1.0 R8 high, lay set:R7 B7 W | run:R3 R4 R5 R6); "
        "help, look, quit or Ctrl-D at the prompt.",
    )
    play.add_argument("--players", type=_positive, default=3, help="seats at the table (3)")
    play.add_argument("--variant", default="standard", help="a variant spec, e.g. even-phases")
    play.add_argument("--seed", type=int, default=None, help="the game's seed (default: random)")
    play.add_argument("--seat", type=_whole, default=0, help="your seat, from 0 (default 0)")
    play.add_argument("--bot", choices=BOT_KINDS, default="greedy", help="the bots' strategy")
    play.add_argument("--name", default="You", help="your name at the table (default You)")
    play.add_argument("--save", metavar="FILE", help="save the game as a record (JSON)")

    sim = sub.add_parser(
        "simulate",
        help="play many bot games and summarise them",
        description="Play many seeded bot games and summarise them: hands per game, win rates "
        "by seat and by bot, mean scores. Game i is played from seed + i, so the result does "
        "not depend on --workers.",
    )
    sim.add_argument("--games", type=_whole, default=100, help="how many games (default 100)")
    sim.add_argument(
        "--players", type=_positive, default=None, help="seats (default: one per bot named, or 4)"
    )
    sim.add_argument("--variant", default="standard", help="a variant spec, e.g. even-phases")
    sim.add_argument(
        "--bots",
        type=_bot_list,
        default=("greedy",),
        help="one bot per seat or one for all, comma-separated, e.g. greedy,random",
    )
    sim.add_argument("--seed", type=int, default=0, help="game i is played from seed + i (0)")
    sim.add_argument("--workers", type=_positive, default=1, help="local processes (default 1)")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.add_argument("--no-progress", action="store_true", help="do not show a progress bar")
    sim.add_argument("--plain", action="store_true", help="plain-text tables and progress")

    replay = sub.add_parser(
        "replay",
        help="tell a saved game record hand by hand",
        description="Replay a game record (written by --save or GameRecord.save) hand by hand.",
    )
    replay.add_argument("file", metavar="FILE", help="a game record (JSON)")
    replay.add_argument("-v", "--verbose", action="store_true", help="show every draw and discard")

    listing = sub.add_parser("variants", help="list the registered variants")
    listing.add_argument("--plain", action="store_true", help="a plain-text table")
    return parser


def _simulate(args: argparse.Namespace, out: TextIO) -> None:
    bots: tuple[str, ...] = args.bots
    reporter = ProgressReporter(sys.stderr, "simulating", plain=args.plain)
    if args.no_progress:
        summary = simulate(
            args.variant, bots, args.games, args.seed, args.workers, players=args.players
        )
    else:
        with reporter:
            summary = simulate(
                args.variant,
                bots,
                args.games,
                args.seed,
                args.workers,
                players=args.players,
                progress=reporter,
            )
    if args.json:
        out.write(json.dumps(summary.to_dict(), indent=2) + "\n")
    else:
        print_summary(out, summary, plain=args.plain)


def _run(args: argparse.Namespace, out: TextIO) -> int:
    if args.command == "demo":
        run_demo(
            out,
            seed=args.seed,
            players=args.players,
            spec=args.variant,
            bot=args.bot,
            verbose=args.verbose,
            save=args.save,
        )
    elif args.command == "play":
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
    elif args.command == "simulate":
        _simulate(args, out)
    elif args.command == "replay":
        try:
            run_replay(out, load_game(args.file), verbose=args.verbose)
        except ValueError as error:  # not JSON, not a record, or an illegal action
            raise Phase10Error(f"{args.file}: {error}") from None
    elif args.command == "variants":
        print_variants(out, plain=args.plain)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``phase10`` command; returns the exit status.

    0 on success, 2 for bad arguments, a library error or a file that cannot be
    read or written.
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse exits 2 on bad arguments and 0 for --help
        return exit_.code if isinstance(exit_.code, int) else 2
    try:
        return _run(args, sys.stdout)
    except Phase10Error as error:
        sys.stdout.flush()
        sys.stderr.write(f"phase10: {error}\n")
        return 2
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            raise
        sys.stdout.flush()
        where = f"{error.filename}: " if error.filename else ""
        sys.stderr.write(f"phase10: {where}{error.strerror or error}\n")
        return 2


def console_main() -> None:
    """The console-script entry point: exits with :func:`main`'s status."""
    try:
        status = main()
    except BrokenPipeError:  # e.g. `phase10 demo | head`: the reader left, nothing is wrong
        # Point stdout at devnull so the interpreter's final flush does not complain.
        with contextlib.suppress(OSError, ValueError):  # stdout may not be a real file
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:  # Ctrl-C: leave without a traceback
        sys.stderr.write("\n")
        status = 130
    sys.exit(status)
