"""What the terminal games of the family share (``--game dice``, ``--game twist``).

Each game supplies its own table, notation and narration in a
:class:`TerminalGame`; the demo, the play loop, the move list and the prompt
are written once here. :func:`demo_runner` / :func:`play_runner` (from
:mod:`phase10.cli.runners`, shared with the card game) turn the parsed ``demo`` /
``play`` arguments into calls of its ``run_demo`` / ``run_play``.

>>> numbered_moves(["roll", "keep 0"], ["all the dice", "R5"])
['    1. roll    all the dice', '    2. keep 0  R5']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TextIO, TypeVar

import attrs

from ..errors import IllegalActionError
from ..family import FamilyBot, FamilyGame, FamilyState
from ..record import FamilyRecord
from ..simulate.family import GameRules
from ..text import printable
from .common import person_table, seat_names
from .prompt import Ask, read_move
from .runners import demo_runner, play_runner

__all__ = [
    "TerminalGame",
    "ask_move",
    "demo_runner",
    "numbered_moves",
    "play_runner",
    "seat_names",
]

A = TypeVar("A")
S = TypeVar("S", bound=FamilyState)
V = TypeVar("V")
R = TypeVar("R", bound=GameRules)
R_contra = TypeVar("R_contra", contravariant=True)
S_co = TypeVar("S_co", covariant=True)


def numbered_moves(texts: Sequence[str], hints: Sequence[str]) -> list[str]:
    """The legal moves, numbered from 1, each in notation with a short hint."""
    width = max((len(t) for t in texts), default=0)
    return [
        f"  {n:>3}. {text:<{width}}  {hint}".rstrip()
        for n, (text, hint) in enumerate(zip(texts, hints, strict=True), 1)
    ]


def ask_move(
    out: TextIO,
    ask: Ask,
    shown: Sequence[str],
    legal: Sequence[A],
    parse: Callable[[str], A],
    check: Callable[[A], IllegalActionError | None],
    help_text: str,
) -> A | None:
    """Ask until the person gives a legal move; ``None`` when they quit or input ends."""

    def problem(action: A) -> str | None:
        error = check(action)
        return None if error is None else error.message

    return read_move(out, ask, shown, legal, parse, problem, help_text)


class NewGame(Protocol[R_contra, S_co]):
    """A game's ``new_game``, as the terminal games call it."""

    def __call__(self, players: list[str], *, seed: int | None, rules: R_contra) -> S_co: ...


@attrs.frozen
class TerminalGame(Generic[S, V, A, R]):
    """One game of the family at the terminal: what differs between games, and the
    demo and play loop that do not."""

    title: str
    """The game's name in the first line: ``"Phase 10 Dice"``."""
    game: FamilyGame[S, V, A]
    resolve_rules: Callable[[str], R]
    new_game: NewGame[R, S]
    make_bot: Callable[[str, int], FamilyBot[V, A]]
    check: Callable[[S, A], IllegalActionError | None]
    parse_action: Callable[[str], A]
    action_to_text: Callable[[A], str]
    describe_end: Callable[[S], str]
    standings: Callable[[S], list[str]]
    """The final standings, one line a seat."""
    save: Callable[[str, S, Sequence[A]], None]
    """Write the record of the game from its first state and actions."""
    render_view: Callable[[V], list[str]]
    hint: Callable[[V, A], str]
    """A move's short hint beside its notation."""
    help_text: str
    example: str
    """A move in notation, for the line that tells how to type one."""
    demo_names: Callable[[int], list[str]]
    demo_intro: Callable[[R], list[str]]
    """Lines the demo writes after its first line."""
    tell_demo: Callable[[TextIO, bool, S, A, S], None]
    """Narrate one action of the demo (``verbose`` second)."""
    tell_play: Callable[[TextIO, int, int | None, S, A, S], None]
    """Narrate one action of a person's game: the person's seat, the mover, then the action."""

    def run_demo(
        self,
        out: TextIO,
        *,
        seed: int = 2026,
        players: int = 4,
        spec: str = "standard",
        bot: str = "greedy",
        verbose: bool = False,
        save: str | None = None,
    ) -> S:
        """Play a seeded game between bots and tell it to ``out``; return the final state.

        With ``verbose`` every action is told as well; with ``save`` the game is written
        as a record.
        """
        rules = self.resolve_rules(spec)
        names = self.demo_names(players)
        state = self.new_game(names, seed=seed, rules=rules)
        bots = [self.make_bot(bot, seed * 16 + i) for i in range(players)]
        table = ", ".join(names)
        out.write(f"phase10 demo: {self.title}, {rules.spec} rules, seed {seed}, players {table}\n")
        out.writelines(line + "\n" for line in self.demo_intro(rules))
        actions: list[A] = []

        def on_action(before: S, action: A, after: S) -> None:
            actions.append(action)
            self.tell_demo(out, verbose, before, action, after)

        final = self.game.play(state, bots, on_action=on_action)
        out.write(f"\n{self.describe_end(final)}\nFinal standings\n")
        for line in self.standings(final):
            out.write(line + "\n")
        if save is not None:
            self.save(save, state, actions)
        return final

    def run_replay(
        self, out: TextIO, record: FamilyRecord[S, A], rules: R, *, verbose: bool = False
    ) -> S:
        """Tell a saved game played by ``rules`` (``phase10 replay``) as the demo tells one;
        return the last state. A record that stops before the game ends says so, with the
        standings then."""
        states = record.replay()
        state = next(states)  # the first deal
        actions = record.parsed_actions()
        table = ", ".join(printable(player.name) for player in state.players)
        out.write(
            f"phase10 replay: {self.title}, {printable(rules.spec)} rules, seed {state.seed}, "
            f"players {table}, {len(actions)} actions\n"
        )
        out.writelines(line + "\n" for line in self.demo_intro(rules))
        for action, after in zip(actions, states, strict=True):
            self.tell_demo(out, verbose, state, action, after)
            state = after
        if state.is_over:
            out.write(f"\n{self.describe_end(state)}\nFinal standings\n")
        else:
            out.write("\nThe record ends before the game does; standings so far\n")
        out.writelines(line + "\n" for line in self.standings(state))
        return state

    def render_moves(self, view: V, legal: Sequence[A]) -> list[str]:
        """The numbered legal moves, each in notation with a short hint."""
        texts = [self.action_to_text(action) for action in legal]
        return numbered_moves(texts, [self.hint(view, action) for action in legal])

    def read_move(self, out: TextIO, ask: Ask, state: S, seat: int) -> A | None:
        """Ask until the person gives a legal move; ``None`` when they quit or input ends."""
        legal = self.game.legal_actions(state)
        view = self.game.player_view(state, seat)
        shown = [*self.render_view(view), "  Your moves:", *self.render_moves(view, legal)]
        return ask_move(
            out,
            ask,
            shown,
            legal,
            self.parse_action,
            lambda a: self.check(state, a),
            self.help_text,
        )

    def run_play(
        self,
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
        """Play a game with a person at ``seat`` and ``bot`` bots elsewhere; return 0.

        With ``save`` the game is written as a record, even when the person quits.
        """
        rules = self.resolve_rules(spec)
        rules.check_players(players)
        names = person_table(players, seat, name)
        state = self.new_game(names, seed=seed, rules=rules)
        first = state
        bots = {s: self.make_bot(bot, state.seed * 16 + s) for s in range(players) if s != seat}
        # No seed until the end: with it a player could rebuild the bots' hands and the
        # stock, or every roll to come, as in the card game.
        out.write(
            f"phase10 play: {self.title}, {rules.spec} rules. You are seat "
            f"{seat}, against {bot} bots.\n"
            f"Type a move's number or the move itself (e.g. '{self.example}'); 'help' for more, "
            "'quit' or Ctrl-D to leave.\n"
        )
        actions: list[A] = []
        while not state.is_over:
            mover = state.current_player
            if mover is None:
                action = self.game.automatic(state)
            elif mover == seat:
                chosen = self.read_move(out, ask, state, seat)
                if chosen is None:
                    out.write("\nYou left the game.\n")
                    break
                action = chosen
            else:
                action = self.game.bot_action(state, bots[mover], mover)
            after = self.game.apply(state, action)
            self.tell_play(out, seat, mover, state, action, after)
            actions.append(action)
            state = after
        else:
            out.write(f"\n{self.describe_end(state)}\nFinal standings\n")
            out.write("\n".join(self.standings(state)) + "\n")
            out.write("You won!\n" if seat in state.winners else "Better luck next game.\n")
        if save is not None:
            self.save(save, first, actions)
            out.write(f"Game saved to {save}\n")
        out.write(f"This game's seed was {first.seed}.\n")
        return 0
