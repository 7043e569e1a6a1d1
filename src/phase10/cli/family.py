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

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Generic, Protocol, TextIO, TypeVar

import attrs

from ..engine.common import legal_now, number_choices
from ..errors import IllegalActionError, InvalidDataError
from ..family import FamilyBot, FamilyGame, FamilyState
from ..limits import quote
from ..record import FamilyRecord
from ..simulate.family import GameRules
from ..text import printable
from .common import continued, counted, load_saved, person_table, seat_names, tell_end
from .prompt import Ask, nearest_move, read_move, refuse_unknown_word
from .runners import demo_runner, play_runner

__all__ = [
    "TerminalGame",
    "demo_runner",
    "legal_alike",
    "numbered_moves",
    "play_runner",
    "read_typed",
    "seat_names",
    "verb_of",
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


def verb_of(text: str) -> str:
    """The first word of a move in notation."""
    return text.split(" ", 1)[0]


def read_typed(
    text: str, texts: Sequence[str], words: Collection[str], parse: Callable[[str], A]
) -> A:
    """``text`` read by ``parse`` as a move of a game whose notation begins its moves with
    ``words``, and whose legal moves are written ``texts``. As in the card game's ``play``,
    a word that begins no move is refused with the words the moves of now begin with, and
    a move typed short of its last words (``take``, ``discard R7``) with the legal moves
    it begins, when there are a few.

    >>> from phase10.twist import parse_action
    >>> texts = ["take 0", "take 2", "draw"]
    >>> read_typed("take", texts, ("take", "draw"), parse_action)
    Traceback (most recent call last):
    ...
    phase10.errors.InvalidDataError: 'take': not a whole move; legal now: take 0 or take 2
    >>> read_typed("drwa", texts, ("take", "draw"), parse_action)
    Traceback (most recent call last):
    ...
    phase10.errors.InvalidDataError: 'drwa': unknown action: your moves now begin with take or draw
    """
    starts = list(dict.fromkeys(verb_of(t) for t in texts))
    refuse_unknown_word(text, words, starts)
    typed = " ".join(text.lower().split())
    longer = [t for t in texts if t.lower().startswith(typed + " ")]
    try:
        return parse(text)
    except InvalidDataError:
        if not 0 < len(longer) <= _LISTED:
            raise
        raise InvalidDataError(
            f"not a whole move; {legal_now(longer)}", quote(text.strip())
        ) from None


_LISTED = 6
"""The most legal moves a refusal lists; past that it names what they have in common."""


def legal_alike(text: str, texts: Sequence[str]) -> str:
    """The legal moves of the same kind as the refused move ``text`` (a few in full, many
    of one number by their numbers), for a refusal that names none: ``""`` when there are
    none.

    >>> legal_alike("skip 0", ["skip 1", "skip 2", "discard R7 0"])
    'legal now: skip 1 or skip 2'
    >>> legal_alike("keep 0", [f"keep {i}" for i in range(1, 10)])
    'legal now: keep any of 1-9'
    >>> legal_alike("release 3", ["roll", "keep 0"])
    ''
    """
    verb = verb_of(text)
    alike = [t for t in texts if verb_of(t) == verb]
    if 0 < len(alike) <= _LISTED:
        return legal_now(alike)
    numbers = [t[len(verb) + 1 :] for t in alike]
    if alike and all(n.isascii() and n.isdigit() for n in numbers):
        return legal_now([f"{verb} any of {number_choices([int(n) for n in numbers])}"])
    return ""


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
    load: Callable[[str], tuple[FamilyRecord[S, A], R]]
    """Read a record saved by ``save`` (for ``play --resume``), with its rules."""
    help_text: str
    verbs: tuple[str, ...]
    """The first words of the game's notation (those of a person's moves and any other)."""
    example: str
    """A move in notation, for the line that tells how to type one."""
    demo_names: Callable[[int], list[str]]
    demo_intro: Callable[[R], list[str]]
    """Lines the demo writes after its first line."""
    tell_demo: Callable[[TextIO, bool, S, A, S], None]
    """Narrate one action of the demo (``verbose`` second)."""
    tell_play: Callable[[TextIO, int, int | None, S, A, S], None]
    """Narrate one action of a person's game: the person's seat, the mover, then the action."""
    play_start: Callable[[S], str]
    """What a person's game writes before its first move (the first hand's header)."""

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
        rules.check_players(players)
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
            f"players {table}, {counted(len(actions), 'action')}\n"
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
        """Ask until the person gives a legal move; ``None`` when they quit or input ends.

        Refusals name what is legal now, as the card game's ``play`` does: the game's own
        reason, then the legal moves of the refused kind when the reason names none."""
        legal = self.game.legal_actions(state)
        view = self.game.player_view(state, seat)
        shown = [*self.render_view(view), "  Your moves:", *self.render_moves(view, legal)]
        texts = [self.action_to_text(action) for action in legal]

        def problem(action: A) -> str | None:
            error = self.check(state, action)
            if error is None:
                return None
            alike = (
                ""
                if "legal now" in error.message
                else legal_alike(self.action_to_text(action), texts)
            )
            return f"{error.message}; {alike}" if alike else error.message

        return read_move(
            out,
            ask,
            shown,
            legal,
            lambda text: read_typed(text, texts, self.verbs, self.parse_action),
            problem,
            self.help_text,
            lambda text: nearest_move(text, [verb_of(t) for t in texts], self.verbs),
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
        resume: str | None = None,
    ) -> int:
        """Play a game with a person at ``seat`` and ``bot`` bots elsewhere; return 0.

        With ``save`` the game is written as a record before each of the person's moves
        and when the game ends or the person leaves. ``resume`` names such a file: the
        game goes on from its last action with its players, rules and seed (``players``,
        ``spec``, ``seed`` and ``name`` are not used), and is saved back to it unless
        ``save`` names another file, as the card game's ``play --resume`` does.
        """
        actions: list[A] = []
        if resume is not None:

            def resumed(path: str) -> tuple[R, S, list[A], S]:
                record, rules = self.load(path)
                return (rules, *continued(record, seat))  # a bad move: the file's fault

            rules, first, actions, state = load_saved(resume, resumed)
            names = [player.name for player in first.players]
            save = resume if save is None else save
        else:
            rules = self.resolve_rules(spec)
            rules.check_players(players)
            names = person_table(players, seat, name)
            state = first = self.new_game(names, seed=seed, rules=rules)
        bots = {s: self.make_bot(bot, first.seed * 16 + s) for s in range(len(names)) if s != seat}
        # No seed until the end: with it a player could rebuild the bots' hands and the
        # stock, or every roll to come, as in the card game.
        others = ", ".join(f"{printable(names[s])} (seat {s})" for s in bots)
        against = f"against {bot} bots {others}" if bots else "alone (solitaire)"
        resuming = f"resuming {printable(resume)}: " if resume is not None else ""
        out.write(
            f"phase10 play: {resuming}{self.title}, {printable(rules.spec)} rules. You are seat "
            f"{seat}, {against}.\n"
            + (
                "The saved game is over.\n"  # nothing to type: its end is told below
                if state.is_over
                else f"Type a move's number or the move itself (e.g. '{self.example}'); 'help' "
                "for more, 'quit' or Ctrl-D to leave.\n" + self.play_start(state)
            )
        )
        if resume is not None:
            out.write(f"  (resumed after {counted(len(actions), 'move')})\n")

        def checkpoint() -> None:
            """Save the game so far: called before each of the person's moves, so that a
            closed terminal or Ctrl-C loses nothing (as in the card game's ``play``)."""
            if save is not None:
                self.save(save, first, actions)

        try:
            state = self._play(out, ask, state, seat, bots, actions, checkpoint)
        finally:
            checkpoint()
        over = None
        if state.is_over:
            over = [self.describe_end(state), "Final standings", *self.standings(state)]
        tell_end(out, over, won=seat in state.winners, save=save, seed=first.seed)
        return 0

    def _play(
        self,
        out: TextIO,
        ask: Ask,
        state: S,
        seat: int,
        bots: Mapping[int, FamilyBot[V, A]],
        actions: list[A],
        checkpoint: Callable[[], None],
    ) -> S:
        """Play until the game ends or the person leaves; ``actions`` collects every action
        and ``checkpoint`` is called before the person is asked for a move."""
        while not state.is_over:
            mover = state.current_player
            if mover is None:
                action = self.game.automatic(state)
            elif mover == seat:
                checkpoint()
                chosen = self.read_move(out, ask, state, seat)
                if chosen is None:
                    out.write("\nYou left the game.\n")
                    return state
                action = chosen
            else:
                action = self.game.bot_action(state, bots[mover], mover)
            after = self.game.apply(state, action)
            self.tell_play(out, seat, mover, state, action, after)
            actions.append(action)
            state = after
        return state
