"""``phase10 demo``: a seeded bot game, told hand by hand."""

from __future__ import annotations

import argparse
from typing import TextIO

from .. import variants
from ..actions import Action
from ..bots import play_game
from ..engine import new_game
from ..simulate import make_bot
from ..state import GameState
from . import games
from .args import bot_choice, card_game_bot, positive, save_path, whole
from .common import DEMO_NAMES, Narrator, save_game, standings, table_size
from .runners import demo_runner

__all__ = ["add_parser", "run", "run_demo"]


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
    rules.check_players(players)
    names = DEMO_NAMES[:players]
    state = new_game(names, rules, seed=seed)
    bots = [make_bot(bot, seed + i) for i in range(players)]
    out.write(f"phase10 demo: {rules.spec} rules, seed {seed}, players {', '.join(names)}\n")
    narrate = Narrator(out, verbose=verbose)
    narrate.deal(state)
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


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``demo`` subcommand and its options."""
    demo = sub.add_parser(
        "demo",
        help="play a seeded four-bot game and tell it (--game dice, twist)",
        description="Play a seeded bot game and tell it hand by hand.",
    )
    demo.add_argument("--seed", type=whole, default=2026, help="the game's seed (default 2026)")
    demo.add_argument(
        "--players",
        type=positive,
        help="seats (4, or the nearest the rules allow; Phase 10 Dice seats 1 to 8)",
    )
    demo.add_argument(
        "--variant",
        default="standard",
        help="a variant spec, e.g. even-phases; 'phase10 variants' lists them, "
        "'phase10 variants --game dice' the presets of dice (or twist)",
    )
    demo.add_argument(
        "--bot",
        type=bot_choice,
        default="greedy",
        help="the bots' strategy: greedy (default), random, or your own as module.path:factory "
        "(card game; e.g. phase10:SearchBot, stronger and slower)",
    )
    demo.add_argument("-v", "--verbose", action="store_true", help="show every draw and discard")
    demo.add_argument(
        "--save", metavar="FILE", type=save_path, help="also save the game as a record (JSON)"
    )
    demo.add_argument(
        "--game", choices=games.names(), default="cards", help="which game (default cards)"
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``phase10 demo`` with parsed ``args``, for the game ``--game`` names."""
    game = getattr(args, "game", "cards")
    card_game_bot(args.bot, game)
    if getattr(args, "players", None) is None:
        args.players = table_size(args.variant, 4) if game == "cards" else 4
    return games.get(game).demo(args, out)


run_cards = demo_runner(run_demo)
"""Run ``phase10 demo`` for the card game."""
