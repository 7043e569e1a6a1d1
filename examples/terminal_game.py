"""A terminal game of Phase 10 in about a hundred lines: you against two bots.

Everything you are shown comes from your seat's ``player_view`` (your hand and
the public table), so the game is as fair as a server would make it. Type the
number of a listed move, or the move in action notation (``draw``, ``take``,
``discard R7``, ``hit 1.0 R8 high``, ``lay set:R7 B7 W | run:R3 R4 R5 R6``).
Illegal moves are explained with the engine's own message; ``quit`` or end of
input (Ctrl-D) leaves.

    python examples/terminal_game.py                      # you play seat 0
    python examples/terminal_game.py --auto               # a bot plays for you
    printf 'draw\\n1\\n' | python examples/terminal_game.py  # moves from a pipe

The full-featured version of this loop is ``phase10 play``.
"""

from __future__ import annotations

import argparse
import sys

from phase10 import (
    Action,
    GameState,
    GreedyBot,
    InvalidDataError,
    NextHand,
    Stage,
    apply,
    check,
    describe,
    describe_result,
    legal_actions,
    new_game,
    player_view,
    variants,
)
from phase10.notation import action_to_text, parse_action

YOU = 0
HELP = (
    "a listed number, or a move in notation: draw, take, discard R7, hit 1.0 R8 high, "
    "lay set:R7 B7 W | run:R3 R4 R5 R6 (or one group at a time: group set:R7 B7 W); quit"
)


def show_table(state: GameState) -> None:
    """Print what seat YOU may see: its view, never the full state (``str`` is the table)."""
    print()
    print(player_view(state, YOU))


def ask_move(state: GameState, auto: bool) -> Action | None:
    """Your move: a listed number or notation, checked by the engine; None to quit."""
    legal = legal_actions(state)
    show_table(state)
    for number, action in enumerate(legal, 1):
        print(f"   {number:>3}. {action_to_text(action)}")
    while True:
        if auto:  # let a bot choose, and show its choice as if it were typed
            action = GreedyBot().choose(player_view(state, YOU), legal)
            print(f"your move> {action_to_text(action)}")
            return action
        try:
            text = input("your move> ").strip()
        except EOFError:
            return None
        if not sys.stdin.isatty():  # moves from a pipe: show them, as a terminal would
            print(text)
        if text in ("q", "quit"):
            return None
        if text in ("?", "help"):
            print(f"   {HELP}")
            continue
        if text.isascii() and text.isdigit():
            if 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            print(f"   choose a number from 1 to {len(legal)}")
            continue
        try:
            action = parse_action(text)
        except InvalidDataError as error:
            print(f"   cannot read that: {error}")
            continue
        problem = check(state, action)  # None when legal, else the IllegalActionError
        if problem is None:
            return action
        print(f"   not allowed: {problem.message}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A terminal game of Phase 10 against bots.")
    parser.add_argument("--auto", action="store_true", help="a bot plays your seat")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--variant", default="standard", help="e.g. to-phase-2 for a short game")
    args = parser.parse_args(argv)

    state = new_game(["You", "Bob", "Cy"], variants.resolve(args.variant), seed=args.seed)
    bots = {1: GreedyBot(), 2: GreedyBot()}
    while not state.is_over:
        if state.stage is Stage.HAND_OVER:
            action: Action = NextHand()
        elif state.current_player == YOU:
            chosen = ask_move(state, args.auto)
            if chosen is None:
                print("bye")
                return 0
            action = chosen
        else:
            seat = state.current_player
            assert seat is not None
            action = bots[seat].choose(player_view(state, seat), legal_actions(state))
        after = apply(state, action)
        if not isinstance(action, NextHand):
            print(f"   {describe(state, action)}")
        if len(after.results) > len(state.results):
            print(f"   {describe_result(after, after.results[-1])}")
        state = after
    winners = ", ".join(state.players[seat].name for seat in state.winners)
    print(f"\nGame over after {len(state.results)} hands. Winner: {winners}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
