"""What the ``phase10`` subcommands share: the hand-by-hand account and game files.

One :class:`Narrator` writes every game the command line tells, so a replayed
record reads exactly like the demo game it came from, and one pair of
functions writes and reads the game records behind ``--save`` and ``replay``.

>>> import io
>>> from phase10 import new_game, DrawStock, Discard, Card, apply
>>> out = io.StringIO()
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> narrate = Narrator(out, verbose=True)
>>> after = apply(state, DrawStock())
>>> narrate(state, DrawStock(), after)
>>> out.getvalue()
'  Bob drew from the draw pile\\n'
"""

from __future__ import annotations

import json
import os
import re
import shlex
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol, TextIO, TypeVar

from .. import variants
from ..actions import Action, Discard, GiveCard, NextHand
from ..cards import Card, format_cards
from ..errors import InvalidDataError
from ..narration import describe, describe_result
from ..record import GameRecord
from ..state import GameState, Stage
from ..teams import team_seats
from ..text import printable

__all__ = [
    "DEMO_NAMES",
    "Narrator",
    "addressed",
    "continued",
    "counted",
    "drawn_line",
    "load_game",
    "load_saved",
    "person_table",
    "save_game",
    "saved_game",
    "saved_line",
    "seat_names",
    "shell_path",
    "standings",
    "table_size",
    "tell_end",
]

DEMO_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
"""Short names for bot seats, so narrated lines stay aligned and easy to follow."""


def seat_names(players: int) -> list[str]:
    """The bots' names at a table of ``players``."""
    return [DEMO_NAMES[s] if s < len(DEMO_NAMES) else f"Bot {s}" for s in range(players)]


def table_size(spec: str, preferred: int) -> int:
    """``preferred`` seats, or the nearest count the rules of ``spec`` allow: the table of a
    command whose user gave no ``--players`` (``play --variant teams`` seats four)."""
    rules = variants.resolve(spec)
    return min(max(preferred, rules.min_players), rules.max_players)


def person_table(players: int, seat: int, name: str) -> list[str]:
    """The names at a table of ``players`` with a person called ``name`` at ``seat``.

    A seat off the table raises :class:`~phase10.InvalidDataError`.
    """
    if not 0 <= seat < players:
        raise InvalidDataError(f"no seat {seat} at a table of {players} (seats 0-{players - 1})")
    names = seat_names(players)
    names[seat] = name
    return names


class Narrator:
    """An ``on_action`` callback for :func:`phase10.play_game` that tells the game to ``out``.

    Without ``verbose`` draws and plain discards are left out, which keeps a
    bot game short enough to read; a Skip is always told, and so is whose Skip
    costs a player a turn. ``you`` is the seat addressed as "You". Names are
    written through :func:`phase10.text.printable`, so a name from a file
    cannot send escape sequences to the terminal.
    """

    def __init__(self, out: TextIO, *, verbose: bool = False, you: int | None = None) -> None:
        self.out = out
        self.verbose = verbose
        self.you = you
        self._skipped_by: dict[int, str] = {}

    def hand_header(self, state: GameState) -> str:
        """The line that opens a hand: its number, the dealer, and whether it is a tiebreak."""
        dealer = printable(state.players[state.dealer].name)
        tiebreak = " - tiebreak" if state.tiebreak else ""
        return f"Hand {state.hand_number} (dealer {dealer}){tiebreak}"

    def deal(self, state: GameState) -> None:
        """Open a hand: its header, and the turn lost to a Skip turned up by the deal (R-9.6)."""
        self.out.write(f"\n{self.hand_header(state)}\n")
        self._skipped_by = {}
        if skip_upturned(state):
            for seat in state.lost_turns:
                self._skipped_by[seat] = "the Skip turned up at the deal"
        self._lost_turns(state)

    def _lost_turns(self, after: GameState) -> None:
        for seat in after.lost_turns:
            if self.verbose or after.stage is not Stage.HAND_OVER:
                who = "You lose" if seat == self.you else f"{self._name(after, seat)} loses"
                cause = self._skipped_by.pop(seat, None)
                because = f" ({cause})" if cause else ""
                self.out.write(f"  {who} a turn{because}\n")

    @staticmethod
    def _name(state: GameState, seat: int) -> str:
        return printable(state.players[seat].name)

    def __call__(self, before: GameState, action: Action, after: GameState) -> None:
        out = self.out
        if isinstance(action, NextHand):
            self.deal(after)
            return
        text = printable(describe(before, action))
        if self.you is not None:
            text = addressed(text, self._name(before, self.you))
        seat = before.current_player
        who = "" if seat is None else self._name(before, seat)
        verb = text[len(who) + 1 :] if text.startswith(who + " ") else text
        skip = isinstance(action, Discard) and action.card.changes_turns
        if skip and isinstance(action, Discard) and action.target is not None:
            self._skipped_by[action.target] = f"skipped by {who}"
        if isinstance(action, GiveCard) and skip_upturned(before):
            self._skipped_by[action.seat] = f"named by {who}"
        if self.verbose or skip or not verb.startswith(("drew", "discarded")):
            out.write(f"  {text}\n")
        self._lost_turns(after)
        if after.stage in (Stage.HAND_OVER, Stage.GAME_OVER) and len(after.results) > len(
            before.results
        ):
            result = after.results[-1]
            out.write(f"  {printable(describe_result(after, result))}\n")
            scores = ", ".join(
                f"{printable(p.name)} {p.score} (+{result.points[i]}, "
                f"{counted(len(p.completed), 'phase')} completed)"
                for i, p in enumerate(after.players)
            )
            out.write(f"  Scores: {scores}\n")


def addressed(text: str, name: str) -> str:
    """``text`` with a person seated as "You" (``play``'s default name) said as a person
    says it past a sentence's first word: "Cy hit R6 on your set of 6s", not "on You's
    set"; "Bob played a Skip on you", not "on You".

    >>> addressed("Cy hit R6 on You's set of 6s", "You")
    'Cy hit R6 on your set of 6s'
    >>> addressed("Bob discarded S and skipped You", "You")
    'Bob discarded S and skipped you'
    >>> addressed("You drew from the draw pile", "You")
    'You drew from the draw pile'
    >>> addressed("Cy hit R6 on Ann's set of 6s", "Ann")
    "Cy hit R6 on Ann's set of 6s"
    """
    if name != "You":
        return text
    return _YOU.sub("you", text.replace("You's ", "your "))


_YOU = re.compile(r"(?<=\S )You\b(?!')")
"""The name "You" after a sentence's first word (not "You's", which becomes "your")."""


def drawn_line(before: Sequence[Card], after: Sequence[Card]) -> str:
    """The line that tells a person the card they drew from the draw pile, which the
    narration keeps from the table ("You drew from the draw pile"): the cards of the
    hand ``after`` the draw beyond those of the hand ``before`` it. The card game and
    Twist both say it.

    >>> hand = [Card.parse("R7"), Card.parse("B2")]
    >>> drawn_line(hand, [*hand, Card.parse("S")])
    '  (you drew S)\\n'
    """
    gained = Counter(after) - Counter(before)
    return f"  (you drew {format_cards(sorted(gained.elements()))})\n"


def skip_upturned(state: GameState) -> bool:
    """Whether the discard pile is one upturned Skip, as dealt (R-9.6, V-12)."""
    top = state.top_discard
    return top is not None and top.is_skip and len(state.discard_pile) == 1


def counted(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless one: ``1 action``, ``5 actions``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def standings(state: GameState) -> list[str]:
    """One line per seat, best first: winners, then most phases, then fewest points."""
    order = sorted(
        range(len(state.players)),
        key=lambda s: (
            s not in state.winners,
            -len(state.players[s].completed),
            state.players[s].score,
        ),
    )
    lines = []
    for rank, seat in enumerate(order, 1):
        p = state.players[seat]
        mark = "  winner" if seat in state.winners else ""
        done = len(p.completed)
        lines.append(
            f"{rank:>2}. {printable(p.name):<8} {p.score:>5} points, "
            f"{done:>2} phase{'s' if done != 1 else ' '} completed{mark}"
        )
    return lines + _team_standings(state)


def _team_standings(state: GameState) -> list[str]:
    """Under team play, a line per team: its seats and their summed score (seed 002)."""
    rules, table = state.rules, len(state.players)
    lines = []
    for team in range(rules.teams):
        seats = team_seats(rules, table, team)
        names = " & ".join(printable(state.players[s].name) for s in seats)
        total = sum(state.players[s].score for s in seats)
        mark = ", winners" if any(s in state.winners for s in seats) else ""
        lines.append(f"    team {names}: {total} points{mark}")
    return lines


def save_game(path: str | os.PathLike[str], first: GameState, actions: Sequence[Action]) -> None:
    """Write the game that started at ``first`` and went on with ``actions`` as a record.

    The record holds the rules, names, seed and dealer of ``first`` plus the
    actions in notation, which is all :func:`load_game` needs to replay it.
    """
    names = [player.name for player in first.players]
    record = GameRecord.start(names, first.rules, seed=first.seed, dealer=first.dealer)
    record.extend(actions).save(path)


def saved_line(path: str | os.PathLike[str]) -> str:
    """The line that tells where a game was saved and how to see it again.

    >>> saved_line("game.json")
    'Game saved to game.json (replay it with: phase10 replay game.json)\\n'
    """
    shown = shell_path(path)
    return f"Game saved to {shown} (replay it with: phase10 replay {shown})\n"


def resume_hint(path: str | os.PathLike[str]) -> str:
    """The line that tells a player who left a game unfinished where it is and how to go
    on with it.

    >>> resume_hint("game.json")
    'Game saved to game.json (go on with: phase10 play --resume game.json)\\n'
    """
    shown = shell_path(path)
    return f"Game saved to {shown} (go on with: phase10 play --resume {shown})\n"


def shell_path(path: str | os.PathLike[str]) -> str:
    """``path`` as it can be pasted into the command a line tells: quoted when it holds a
    space or a quote, any control character shown escaped.

    >>> print(shell_path("game.json"), shell_path("my game.json"))
    game.json 'my game.json'
    """
    return shlex.quote(printable(os.fspath(path)))


def tell_end(
    out: TextIO, standings: Sequence[str] | None, *, won: bool, save: str | None, seed: int
) -> None:
    """The end of a person's game: the ``standings`` lines when it is over, where it was
    saved, and its seed, shown only now (R-3.8): every game of the family ends alike.

    >>> import io
    >>> out = io.StringIO()
    >>> tell_end(out, None, won=False, save=None, seed=7)
    >>> out.getvalue()
    "This game's seed was 7.\\n"
    """
    if standings is not None:
        out.write("\n" + "\n".join(standings) + "\n")
        out.write("You won!\n" if won else "Better luck next game.\n")
    if save is not None:  # a game left unfinished can be gone on with
        out.write(saved_line(save) if standings is not None else resume_hint(save))
    out.write(f"This game's seed was {seed}.\n")


def saved_game(path: str | os.PathLike[str]) -> str:
    """Which game a saved record is of: ``"dice"`` or ``"twist"`` when its type says so,
    else ``"cards"`` (the card game's reader then explains any other document), so that
    ``replay`` and ``play --resume`` need no ``--game``."""
    try:
        data = json.loads(Path(path).read_bytes())
    except (ValueError, RecursionError):  # not JSON, or nested too deep: the reader says so
        return "cards"
    kind = data.get("type") if isinstance(data, dict) else None
    return {"dice-record": "dice", "twist-record": "twist"}.get(str(kind), "cards")


T = TypeVar("T")
S_co = TypeVar("S_co", bound="_Table", covariant=True)
A_co = TypeVar("A_co", covariant=True)


class _Table(Protocol):
    @property
    def players(self) -> Sequence[object]: ...


class _Saved(Protocol[S_co, A_co]):
    """A saved game of any game of the family (:class:`GameRecord`, a dice or Twist record)."""

    def initial_state(self) -> S_co: ...

    def parsed_actions(self) -> tuple[A_co, ...]: ...

    def final_state(self) -> S_co: ...


def load_saved(path: str, load: Callable[[str], T]) -> T:
    """``load(path)``, a record's faults said with the file's name, as ``replay`` says them."""
    try:
        return load(path)
    except InvalidDataError as error:
        raise InvalidDataError(str(error), path=path) from None


def continued(record: _Saved[S_co, A_co], seat: int) -> tuple[S_co, list[A_co], S_co]:
    """The first state, the actions and the last state of a saved game that ``play --resume``
    goes on with at ``seat``, which must be a seat of it."""
    first = record.initial_state()
    count = len(first.players)
    if not 0 <= seat < count:
        raise InvalidDataError(f"no seat {seat} in the saved game of {count} (seats 0-{count - 1})")
    return first, list(record.parsed_actions()), record.final_state()


def load_game(path: str | os.PathLike[str]) -> GameRecord:
    """Read a game record written by :func:`save_game` or :meth:`GameRecord.save`.

    Raises :class:`OSError` when the file cannot be read and
    :class:`~phase10.InvalidDataError` (a :class:`ValueError`) when it is not a
    record; the command line turns both into one error line.
    """
    return GameRecord.load(path, max_size=None)  # a file the player names: trusted, any length
