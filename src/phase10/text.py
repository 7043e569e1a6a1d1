"""The table as text: what ``str(state)`` and ``str(view)`` show, and the terminal game prints.

:func:`render` draws a :class:`~phase10.PlayerView` as the viewing seat sees
it (its own hand, every public fact) and a :class:`~phase10.GameState` as the
whole table, every hand included: a state holds everything, so its text is for
the program that owns it, never for a player. Groups are labelled
``SEAT.INDEX``, the label ``hit`` moves use, and a Wild whose value is not
obvious from its group shows it (``W=3``). Names are passed through
:func:`printable`, so a name cannot move the cursor or recolour a terminal.

>>> from phase10 import new_game, player_view
>>> state = new_game(["Ann", "Bob"], seed=5)
>>> print(render(player_view(state, 0)))
Hand 1, turn 1: Bob to draw
  0  Ann      10 cards    0 points  0 phases done, phase 1 to make  [you, dealer]
  1  Bob      10 cards    0 points  0 phases done, phase 1 to make  [to draw]
  Discard pile: W on top, 1 card; draw pile: 87 cards
  Your phase: Phase 1: 2 sets of 3
  Your hand: R5 R8 B4 G6 G10 Y9 Y9 Y12 W W  (10 cards)
>>> summary(state)
'standard, 2 players, hand 1, turn 1: Bob to draw'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .actions import Action, ChoosePhase, Discard, DrawStock, GiveCard, Hit, SwapWild, TakeDiscard
from .cards import Card, format_cards
from .melds import Meld, MeldRules
from .notation import action_to_text
from .postal import acts_as_wild, personal_rules
from .rules import PhaseOrder
from .state import GameState, Stage
from .teams import team_of
from .views import PlayerView, spectator_view

__all__ = [
    "acts_as_wild",
    "meld_text",
    "printable",
    "render",
    "render_lines",
    "render_moves",
    "seat_meld_rules",
    "seat_notes",
    "shown_phase",
    "status",
    "summary",
    "table_notes",
    "value_text",
]

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ufffe\uffff\ud800-\udfff]")
"""Control characters (C0, C1), bidirectional overrides, non-characters and lone surrogates."""


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control character written as an escape (``\\x1b``).

    Names and record metadata come from players and files; printed raw, an
    escape sequence in one could clear a terminal or fake the lines after it,
    and a lone surrogate could not be written at all. Also safe inside XML.

    >>> printable("Ann\\x1b[2J")
    'Ann\\\\x1b[2J'
    >>> printable("Zoë")
    'Zoë'
    """
    return _UNSAFE.sub(_escape, text)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _name(view: PlayerView, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(view.players):
        return "nobody"
    return printable(view.players[seat].name)


def status(view: PlayerView) -> str:
    """Whose turn it is and what they do next: ``"Bob to draw"``, ``"game over: Ann won"``."""
    if view.stage is Stage.GAME_OVER:
        names = " and ".join(_name(view, seat) for seat in view.winners)
        return f"game over: {names} won" if names else "game over"
    if view.stage is Stage.HAND_OVER:
        return "hand over: the next hand is to be dealt"
    who = _name(view, view.current_player)
    doing = {
        Stage.DRAW: "to draw",
        Stage.PLAY: "to play",
        Stage.CHOOSE_PHASE: "to choose a phase",
        Stage.DEAL_UP: "to give the upturned card",
    }.get(view.stage, "to act")
    return f"{who} {doing}"


def _as_view(view_or_state: PlayerView | GameState) -> PlayerView:
    if isinstance(view_or_state, GameState):
        return spectator_view(view_or_state)
    return view_or_state


def summary(view_or_state: PlayerView | GameState) -> str:
    """One line: the rules, the table, the hand and turn, whose turn (the ``repr`` body)."""
    view = _as_view(view_or_state)
    where = f"hand {view.hand_number}, turn {view.turn + 1}"
    text = f"{_count(len(view.players), 'player')}, {where}: {status(view)}"
    if isinstance(view_or_state, GameState):
        return f"{printable(view.rules.spec)}, {text}"
    seat = "spectator" if view.seat is None else f"seat {view.seat} ({_name(view, view.seat)})"
    return f"{seat}, {text}"


def meld_text(meld: Meld, rules: MeldRules | None = None) -> str:
    """A group's cards, each card played as a Wild with its value where that is not plain.

    In a set every card stands for the same number, so its Wilds need no label;
    in a run each Wild stands for its own number. A number card played as a Wild
    (Postal's phase-number Wilds, V-10.2, under the owner's ``rules``, see
    :func:`seat_meld_rules`) always shows its value, so that it never reads as a
    natural card.

    >>> from phase10 import MeldRules, RunOf, SetOf
    >>> meld_text(RunOf(4).make("R3 W R5 W"))
    'R3 W=4 R5 W=6'
    >>> meld_text(SetOf(3).make("R7 B7 W"))
    'R7 B7 W'
    >>> postal = MeldRules(wild_numbers={2})
    >>> meld_text(SetOf(3).make("R7 B7 G2", number=7, rules=postal), postal)
    'R7 B7 G2=7'
    """
    values = meld.stands_for()
    plain = len(set(values)) <= 1
    parts = []
    for position, (card, value) in enumerate(zip(meld.cards, values, strict=True)):
        shown = value is not None and (not plain or card.is_natural)
        label = (
            f"={value_text(value)}" if shown and acts_as_wild(meld, position, card, rules) else ""
        )
        parts.append(f"{card}{label}")
    return " ".join(parts)


def seat_meld_rules(view: PlayerView, seat: int) -> MeldRules:
    """The group rules ``seat``'s own groups are laid under: the table's, plus Postal's
    phase-number Wilds while it is on Phases 1-7 (V-10.2, A-26).

    The view's counterpart of the engine's rules for a player, for showing which of a
    seat's cards are Wilds; the phase is the one the seat's line names
    (:func:`shown_phase`), so a finished hand still shows the Wilds it was played with.
    """
    phase = shown_phase(view, seat) if 0 <= seat < len(view.players) else None
    return personal_rules(view.rules, None if view.tiebreak else phase)


def value_text(value: object) -> str:
    """What a Wild stands for, in words: ``"7"``, ``"red"``."""
    name = getattr(value, "name", None)
    return name.lower() if isinstance(name, str) else str(value)


def shown_phase(view: PlayerView, seat: int) -> int | None:
    """The phase number a seat's line names: the one it attempts or laid down this hand.

    Once a hand is over the engine has already moved every target to the next
    phase (R-12.1), so a seat that laid down names the phase the hand's result
    credits it with; ``None`` when it may pick any open phase or has none left.
    """
    p = view.players[seat]
    if p.laid_down and view.stage in _ENDED and view.results:
        made = view.results[-1].completed[seat]
        if made is not None:
            return made
    return p.phase_attempted or p.target_phase


def _phase_status(view: PlayerView, seat: int) -> str:
    p = view.players[seat]
    if p.laid_down:
        number = shown_phase(view, seat)
        return "phase laid down" if number is None else f"phase {number} laid down"
    if p.target_phase is not None:
        return f"phase {p.target_phase} to make"
    if p.phase_attempted is not None:
        return f"phase {p.phase_attempted} to make"
    return "any open phase"


def seat_notes(view: PlayerView, seat: int) -> list[str]:
    """What the variants add to a seat's line: its Postal phase-number Wilds (V-10.2,
    A-26), its team (``teams``, seed 002), its place in the final ranking (V-16), a Last
    stand's first out or final turn (V-15).

    >>> from phase10 import new_game, player_view, variants
    >>> view = player_view(new_game(4, variants.resolve("teams"), seed=1), 0)
    >>> seat_notes(view, 0), seat_notes(view, 1), seat_notes(view, 2)
    (['team A'], ['team B'], ['team A, your partner'])
    """
    notes: list[str] = []
    wilds = seat_meld_rules(view, seat).wild_numbers  # Postal (V-10.2, A-26)
    if wilds:
        strict = "" if view.rules.postal_wilds_natural else ", never natural"
        notes.extend(f"{number}s Wild{strict}" for number in sorted(wilds))
    if view.rules.teams:
        team = f"team {chr(ord('A') + team_of(view.rules, seat))}"
        notes.append(f"{team}, your partner" if seat in view.partners else team)
    if view.stage is Stage.GAME_OVER and len(view.ranking) == len(view.players):
        place = view.ranking.index(seat) + 1
        if seat not in view.winners:
            notes.append(f"placed {place}")
    if view.first_out == seat and view.stage not in _ENDED:
        notes.append("went out first")
    if seat in view.final_turns:
        notes.append("final turn to come")
    return notes


def table_notes(view: PlayerView) -> list[str]:
    """What the variants add to the table: the direction of play when it is reversed
    (Reverse cards, V-15) and the decks in play when a fresh deck came in (A-17).

    >>> from phase10 import new_game, player_view
    >>> table_notes(player_view(new_game(3, seed=1), 0))
    []
    """
    notes = []
    if view.direction == -1:
        notes.append("play goes to the right (reversed)")
    if view.decks > 1:
        notes.append(f"{view.decks} decks in play")
    return notes


def _tags(view: PlayerView, seat: int) -> list[str]:
    p = view.players[seat]
    doing = status(view).removeprefix(_name(view, seat) + " ")
    return [
        tag
        for tag, on in (
            ("you", seat == view.seat),
            ("dealer", seat == view.dealer),
            (doing, seat == view.current_player and view.stage not in _ENDED),
            ("winner", seat in view.winners),
            ("sitting out", seat not in view.seats),
            (f"{_count(p.skips_pending, 'skip')} waiting", p.skips_pending > 0),
            ("floating", p.floating),
            (f"{p.saved_count} saved", p.saved_count > 0 and seat != view.seat),
        )
        if on
    ] + seat_notes(view, seat)


_ENDED = (Stage.HAND_OVER, Stage.GAME_OVER)


def render_lines(
    view_or_state: PlayerView | GameState, *, hands: Sequence[Sequence[Card]] | None = None
) -> list[str]:
    """:func:`render` as a list of lines, for callers that indent or interleave them.

    ``hands`` (one per seat) adds every hand to the table; a state passes its own.
    """
    if isinstance(view_or_state, GameState):
        state = view_or_state
        return render_lines(spectator_view(state), hands=[p.hand for p in state.players])
    view = view_or_state
    tiebreak = " (tiebreak)" if view.tiebreak else ""
    lines = [f"Hand {view.hand_number}, turn {view.turn + 1}{tiebreak}: {status(view)}"]
    for seat, p in enumerate(view.players):
        tags = _tags(view, seat)
        done = len(p.completed)
        cards = "cards" if p.hand_size != 1 else "card "
        lines.append(
            f"  {seat}  {printable(p.name):<8} {p.hand_size:>2} {cards} {p.score:>4} points "
            f"{done:>2} phase{'s' if done != 1 else ' '} done, {_phase_status(view, seat)}"
            + (f"  [{', '.join(tags)}]" if tags else "")
        )
        if hands is not None and seat != view.seat:
            lines.append(f"       hand: {format_cards(hands[seat]) or '(empty)'}")
        rules = seat_meld_rules(view, seat)
        for index, meld in enumerate(p.melds):
            lines.append(f"       {seat}.{index}  {meld.describe()}: {meld_text(meld, rules)}")
    top = view.top_discard
    pile = "empty" if top is None else f"{top} on top, {_count(len(view.discard_pile), 'card')}"
    lines.append(f"  Discard pile: {pile}; draw pile: {_count(view.stock_size, 'card')}")
    notes = table_notes(view)
    if notes:
        lines.append(f"  {'; '.join(notes).capitalize()}")
    if view.stage in _ENDED and view.results:
        result = view.results[-1]
        points = ", ".join(
            f"{_name(view, seat)} +{points}" for seat, points in enumerate(result.points)
        )
        lines.append(f"  Hand {result.hand_number} scored: {points}")
    phase = view.my_phase
    if phase is not None:
        lines.append(f"  Your phase: {phase}")
    elif view.seat is not None and view.rules.phase_order is PhaseOrder.ANY:
        done_phases = set(view.players[view.seat].completed)
        open_numbers = [str(p.number) for p in view.rules.phases if p.number not in done_phases]
        lines.append(f"  Your phase: any of {', '.join(open_numbers)}")
    if view.hand is not None:
        lines.append(f"  Your hand: {format_cards(view.hand)}  ({_count(len(view.hand), 'card')})")
    if view.saved:
        lines.append(f"  Your Save pile: {format_cards(view.saved)}")
    if view.laying is not None:  # groups set aside, still in hand
        own = seat_meld_rules(view, view.seat if view.seat is not None else -1)
        groups = " | ".join(meld_text(meld, own) for meld in view.laying.melds)
        lines.append(f"  Laying down phase {view.laying.phase}: {groups} (add the next group)")
    return lines


def render(view_or_state: PlayerView | GameState) -> str:
    """The table as text: a view as its seat sees it, a state with every hand."""
    return "\n".join(render_lines(view_or_state))


def _hint(view: PlayerView, action: Action) -> str:
    def seat_name(seat: int) -> str:
        return "you" if seat == view.seat else _name(view, seat)

    if isinstance(action, DrawStock):
        return "from the draw pile"
    if isinstance(action, TakeDiscard):
        return f"{view.top_discard} from the discard pile"
    if isinstance(action, (Hit, SwapWild)):
        if not 0 <= action.owner < len(view.players):
            return ""
        melds = view.players[action.owner].melds
        group = melds[action.meld].describe() if 0 <= action.meld < len(melds) else "group"
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
    """The numbered legal moves, each in notation with a short hint (any action type)."""
    texts = [action_to_text(action) for action in legal]
    width = max((len(t) for t in texts), default=0)
    lines = []
    for number, (text, action) in enumerate(zip(texts, legal, strict=True), 1):
        hint = _hint(view, action)
        lines.append(f"  {number:>3}. {text:<{width}}  {hint}".rstrip())
    return lines
