"""``phase10 demo --game twist`` and ``phase10 play --game twist``: Phase 10 Twist at the terminal.

The demo tells a seeded bot game hand by hand (each pawn's move after a hand);
``play`` seats a person among bots. The person sees their seat's
:class:`~phase10.twist.TwistView` (the board, the piles, the groups, their own
hand) and types a listed move's number or the move in the notation of
:mod:`phase10.twist.actions` (``draw``, ``take 1``, ``discard R7 2``, ``skip 1``,
``space 5``, ``twist``, ``lay ...``, ``hit 1.0 R8``).

>>> import io
>>> out = io.StringIO()
>>> final = run_demo(out, seed=3, players=2)
>>> final.is_over, out.getvalue().splitlines()[0]
(True, 'phase10 demo: Phase 10 Twist, standard rules, seed 3, players Ann, Bob')
>>> answers = iter(["draw", "help", "quit"])
>>> run_play(io.StringIO(), lambda prompt: next(answers), players=2, seed=7, seat=1)
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from ..actions import DrawStock, Hit, LayDown
from ..cards import format_cards
from ..text import meld_text, printable
from ..twist import (
    ChooseSpace,
    DiscardOnto,
    DrawTwist,
    PlaySkip,
    TakePile,
    TwistAction,
    TwistRecord,
    TwistRules,
    TwistStage,
    TwistState,
    TwistView,
    action_to_text,
    check,
    describe,
    describe_end,
    describe_result,
    new_game,
    parse_action,
    resolve_rules,
)
from ..twist.bots import GAME
from ..twist.serialization import load_record, save_record
from ..twist.simulate import make_bot
from .common import addressed, drawn_line
from .family import TerminalGame, demo_runner, play_runner, seat_names

__all__ = [
    "demo",
    "play",
    "render_board",
    "render_moves",
    "render_view",
    "run_demo",
    "run_play",
    "run_replay",
]

HELP = """\
  Type the number of a move from the list, or the move itself:
    space 5                   on a Twist space: make the phase of space 5
    twist                     on a Twist space: draw a Twist card and make its phase
    draw                      draw from the draw pile
    take 1                    take the top card of discard pile 1 (piles 0, 1, 2)
    group set:R7 B7 W         put one group of your phase down
    lay set:R7 B7 W | ...     lay your whole phase down
    hit 1.0 R8 high           add R8 to seat 1's first group, at its high end
    discard R7 2              end your turn: R7 onto discard pile 2
    skip 1                    end your turn: a Skip in front of seat 1
  Your pawn's space sets the phase you make this hand; spaces are counted from 0
  along the board (T: a Twist space). After the hand your pawn moves: further
  for a phase made, further still for going out; the first to make the last
  space's phase wins.
  Other commands: look (show the table again), help, quit (or Ctrl-D).
"""


def _standings(state: TwistState) -> list[str]:
    order = sorted(
        range(len(state.players)),
        key=lambda s: (s not in state.winners, -state.players[s].position, state.players[s].score),
    )
    lines = []
    for rank, seat in enumerate(order, 1):
        p = state.players[seat]
        mark = "  winner" if seat in state.winners else ""
        lines.append(
            f"{rank:>2}. {printable(p.name):<8} space {p.position:>2}, {p.made:>2} phases made, "
            f"{p.score:>4} points{mark}"
        )
    return lines


def _save(path: str, first: TwistState, actions: Sequence[TwistAction]) -> None:
    names = [p.name for p in first.players]
    record = TwistRecord(first.rules, names, first.seed, first.dealer)
    save_record(record.extend(actions), path)


def _told_result(out: TextIO, before: TwistState, after: TwistState) -> None:
    """A hand's result, when ``after`` ended one."""
    if after.results != before.results:
        out.write("\n".join(describe_result(after, after.results[-1])) + "\n")


def _tell_demo(
    out: TextIO, verbose: bool, before: TwistState, action: TwistAction, after: TwistState
) -> None:
    """Each phase chosen, laid down and Skip played (every action with ``verbose``); each
    hand's result."""
    if verbose or isinstance(action, (ChooseSpace, DrawTwist, LayDown, PlaySkip)):
        out.write(f"  {describe(before, action)}\n")
    _told_result(out, before, after)


def _tell_play(
    out: TextIO,
    seat: int,
    mover: int | None,
    before: TwistState,
    action: TwistAction,
    after: TwistState,
) -> None:
    """Every move of the bots, and the card the person drew (the table shows their other
    moves); each turn lost to a Skip; each hand's result, and the header of the next hand,
    as the card game's ``play`` opens one (the bots' first moves belong to it, not to the
    result above)."""
    if mover is not None and mover != seat:
        out.write(f"  {addressed(describe(before, action), before.players[seat].name)}\n")
    elif mover == seat and isinstance(action, DrawStock):
        out.write(drawn_line(before.players[seat].hand, after.players[seat].hand))
    for lost in after.lost_turns:  # T-5.1, told as the card game's play tells it
        who = "You lose" if lost == seat else f"{printable(after.players[lost].name)} loses"
        out.write(f"  {who} a turn (skipped)\n")
    _told_result(out, before, after)
    if after.hand_number != before.hand_number:
        out.write(_hand_header(after))


def _hand_header(state: TwistState) -> str:
    """The line that opens a hand of a person's game: its number and dealer."""
    return f"\nHand {state.hand_number} (dealer {printable(state.players[state.dealer].name)})\n"


def render_board(view: TwistView) -> str:
    """The board's spaces with the pawns on them: ``1 1[Ann] 2 2 T[Bob] ...``."""
    on: dict[int, list[str]] = {}
    for seat in view.players:
        on.setdefault(seat.position, []).append(printable(seat.name))
    return " ".join(
        ("T" if space is None else str(space)) + (f"[{','.join(on[i])}]" if i in on else "")
        for i, space in enumerate(view.rules.board.spaces)
    )


def _phase_text(view: TwistView, seat: int) -> str:
    phase = view.target_phase(seat)
    if phase is None:
        return "choosing"
    twist = view.players[seat].twist_card is not None
    return f"{'Twist card' if twist else 'phase'} {phase.number}: {phase.name}"


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def render_view(view: TwistView) -> list[str]:
    """The board, the players, the piles and the viewing seat's hand."""
    lines = [f"Hand {view.hand_number}, board: {render_board(view)}"]
    for seat, p in enumerate(view.players):
        tags = [
            tag
            for tag, on in (
                ("you", seat == view.seat),
                ("to move", seat == view.current_player),
                ("skipped next", p.skipped),
            )
            if on
        ]
        lines.append(
            f"  {seat}  {printable(p.name):<8} space {p.position:>2}  {_phase_text(view, seat)}"
            f"  ({_cards(p.hand_size)})" + (f"  [{', '.join(tags)}]" if tags else "")
        )
        # Labelled as ``hit SEAT.INDEX`` names them, each Wild with its value (as the
        # card game's table shows them).
        for index, meld in enumerate(p.melds):
            lines.append(f"       {seat}.{index}  {meld.describe()}: {meld_text(meld)}")
    piles = "   ".join(
        f"{i}: {pile[-1] if pile else '(empty)'}" for i, pile in enumerate(view.discard_piles)
    )
    lines.append(f"  Draw pile: {_cards(view.stock_size)}   Discard piles {piles}")
    if view.stage is TwistStage.CHOOSE and view.seat == view.current_player:
        lines.append(
            "  You are on a Twist space: choose the phase of a space beside it, or a Twist card"
        )
    if view.hand is not None:
        lines.append(f"  Your hand: {format_cards(view.hand)}")
    if view.laying:
        lines.append(f"  Laying down: {' | '.join(str(m) for m in view.laying)}")
    return lines


def _hint(view: TwistView, action: TwistAction) -> str:
    """What a listed move does, in the card game's words where the move is the same."""
    if isinstance(action, DiscardOnto):
        pile = view.discard_piles[action.pile]
        return f"covering {pile[-1]}" if pile else "onto the empty pile"
    if isinstance(action, PlaySkip):
        return f"{printable(view.players[action.target].name)} loses a turn"
    if isinstance(action, DrawStock):
        return "from the draw pile"
    if isinstance(action, TakePile):
        pile = view.discard_piles[action.pile]
        return f"{pile[-1]} from discard pile {action.pile}" if pile else ""
    if isinstance(action, Hit):
        owner = "your" if action.owner == view.seat else f"{_name(view, action.owner)}'s"
        return f"onto {owner} {view.players[action.owner].melds[action.meld].describe()}"
    if isinstance(action, ChooseSpace):
        number = view.rules.board.phase_number(action.space)
        return f"phase {number}: {view.rules.phase(number).name}"
    if isinstance(action, DrawTwist):
        out, made, missed = view.rules.twist_moves
        back = f"back {-missed}" if missed < 0 else f"{missed}"
        return f"a Twist card's phase instead: moves {out} or {made}, {back} if missed"
    return ""


def _name(view: TwistView, seat: int) -> str:
    return printable(view.players[seat].name)


def _load(path: str) -> tuple[TwistRecord, TwistRules]:
    """A saved game to go on with (``play --resume``), and its rules."""
    record = load_record(path, max_size=None)  # a file the player names: trusted
    return record, record.rules


_TWIST: TerminalGame[TwistState, TwistView, TwistAction, TwistRules] = TerminalGame(
    title="Phase 10 Twist",
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
    verbs=("space", "twist", "draw", "take", "group", "lay", "hit", "discard", "skip", "next"),
    example="take 1",
    demo_names=seat_names,
    demo_intro=lambda rules: [f"Board: {rules.board}"],
    tell_demo=_tell_demo,
    tell_play=_tell_play,
    play_start=_hand_header,
)

run_demo = _TWIST.run_demo
"""Play a seeded Twist game between bots and tell it to ``out``, hand by hand
(:meth:`.TerminalGame.run_demo`); with ``verbose`` every action is told as well."""

run_play = _TWIST.run_play
"""Play a Twist game with a person at ``seat`` and bots elsewhere
(:meth:`.TerminalGame.run_play`)."""


def run_replay(out: TextIO, record: TwistRecord, *, verbose: bool = False) -> None:
    """Tell a saved twist game (``phase10 replay``) as the demo tells one
    (:meth:`.TerminalGame.run_replay`)."""
    _TWIST.run_replay(out, record, record.rules, verbose=verbose)


render_moves = _TWIST.render_moves
"""The numbered legal moves, each in notation with a short hint."""

demo = demo_runner(run_demo)
"""The runner of ``phase10 demo --game twist``."""

play = play_runner(run_play)
"""The runner of ``phase10 play --game twist``, asking at the console."""
