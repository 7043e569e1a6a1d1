"""The table as a picture: :func:`render` draws a view (or a state) as SVG.

A view is drawn as its seat sees it: that seat's cards face up, every other
hand as face-down backs with its size, the groups on the table with the value
each Wild stands for, the top of the discard pile, the size of the draw pile,
each seat's score and phases, and whose turn it is. A state is drawn as the
spectators see it (:func:`phase10.spectator_view`), so a picture of a state
never shows a hand either: safe for spectators and replays. The picture is
built from the view alone, so nothing hidden can reach it.

Views and states show themselves this way in Jupyter, and ``phase10 replay
FILE --svg DIR`` writes one picture per action.

>>> from phase10 import new_game, player_view
>>> picture = render(player_view(new_game(["Ann", "Bob"], seed=5), 0))
>>> picture.startswith("<svg"), "Ann" in picture
(True, True)
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from .cards import Card, Color
from .melds import Meld, MeldRules
from .state import GameState, Stage
from .text import (
    acts_as_wild,
    printable,
    seat_meld_rules,
    seat_notes,
    shown_phase,
    status,
    table_notes,
)
from .views import PlayerView, SeatView, spectator_view

__all__ = ["render"]

WIDTH = 1200
MARGIN = 20
CARD_W = 48
CARD_H = 68
INFO_W = 300
"""The width of the column of names, scores and phases at the left of each seat."""
CARDS_X = MARGIN + INFO_W + 20
CARDS_W = WIDTH - CARDS_X - MARGIN - 10
HEADER_H = 128
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

FELT = "#1f5c3f"
PANEL = "#26704c"
INK = "#fdfbf3"
MUTED = "#cfe3d6"
GOLD = "#ffd54f"
YOU = "#90caf9"

_FACE: dict[Color, tuple[str, str]] = {
    Color.RED: ("#d32f2f", "#ffffff"),
    Color.BLUE: ("#1565c0", "#ffffff"),
    Color.GREEN: ("#2e7d32", "#ffffff"),
    Color.YELLOW: ("#fbc02d", "#3e2723"),
}
"""Per colour: the card's fill and the colour of its numbers."""


def _attrs(values: dict[str, object]) -> str:
    return "".join(
        f" {key.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for key, v in values.items()
    )


class _Picture:
    """The SVG elements of one picture, in drawing order."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, tag: str, content: str | None = None, **values: object) -> None:
        if content is None:
            self.parts.append(f"<{tag}{_attrs(values)}/>")
        else:
            self.parts.append(f"<{tag}{_attrs(values)}>{content}</{tag}>")

    def text(self, x: float, y: float, words: str, size: int = 14, **values: object) -> None:
        values.setdefault("fill", INK)
        self.add("text", escape(words), x=x, y=y, font_size=size, **values)

    def open(self, tag: str, **values: object) -> None:
        self.parts.append(f"<{tag}{_attrs(values)}>")

    def close(self, tag: str) -> None:
        self.parts.append(f"</{tag}>")


def _short(name: str, limit: int = 14) -> str:
    name = printable(name)
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _card(pic: _Picture, x: float, y: float, card: Card, value: object = None) -> None:
    """One card face up; ``value`` is what a Wild stands for in a group."""
    if card.color is not None:
        fill, ink = _FACE[card.color]
        corner = middle = str(card.number)
        middle_size = 28 if len(middle) == 1 else 23
    elif card.is_wild:
        fill, ink, corner, middle, middle_size = "#212121", "#ffffff", "W", "WILD", 12
    elif card.is_skip:
        fill, ink, corner, middle, middle_size = "#546e7a", "#ffffff", "S", "SKIP", 12
    elif card.is_reverse:
        fill, ink, corner, middle, middle_size = "#00695c", "#ffffff", "V", "REV", 12
    elif card.is_super_skip:
        fill, ink, corner, middle, middle_size = "#263238", "#ffffff", "Z", "SUPER", 11
    else:
        fill, ink, corner, middle, middle_size = "#6a1b9a", "#ffffff", "X", "RULE", 12
    pic.open("g", class_="card", data_card=str(card), transform=f"translate({x},{y})")
    pic.add("title", escape(str(card)))
    pic.add("rect", width=CARD_W, height=CARD_H, rx=6, fill=fill, stroke="#ffffff", stroke_width=2)
    pic.text(5, 18, corner, 15, fill=ink, font_weight="bold")
    if card.is_wild:
        for i, color in enumerate(_FACE):
            pic.add("rect", x=6 + 9 * i, y=CARD_H - 12, width=8, height=6, fill=_FACE[color][0])
    if value is not None:  # a Wild in a group: its value, readable when cards overlap
        words = f"={_value_words(value)}"  # within the 30 px a neighbour leaves visible
        pic.add("rect", x=2, y=26, width=27, height=17, rx=4, fill="#ffffff")
        pic.text(
            15.5,
            39,
            words,
            12 if len(words) < 3 else 11,
            fill="#212121",
            font_weight="bold",
            text_anchor="middle",
        )
    else:
        pic.text(
            CARD_W / 2 + 3,
            50,
            middle,
            middle_size,
            fill=ink,
            font_weight="bold",
            text_anchor="middle",
        )
    pic.close("g")


def _value_words(value: object) -> str:
    name = getattr(value, "name", None)
    return name[0] if isinstance(value, Color) and isinstance(name, str) else str(value)


def _back(pic: _Picture, x: float, y: float) -> None:
    pic.open("g", class_="back", transform=f"translate({x},{y})")
    pic.add(
        "rect", width=CARD_W, height=CARD_H, rx=6, fill="#1a237e", stroke="#ffffff", stroke_width=2
    )
    pic.add(
        "rect",
        x=5,
        y=5,
        width=CARD_W - 10,
        height=CARD_H - 10,
        rx=4,
        fill="none",
        stroke="#7986cb",
        stroke_width=1,
    )
    pic.text(CARD_W / 2, 31, "PHASE", 8, fill="#c5cae9", text_anchor="middle")
    pic.text(
        CARD_W / 2,
        48,
        "10",
        17,
        fill="#ffca28",
        font_weight="bold",
        text_anchor="middle",
        font_style="italic",
    )
    pic.close("g")


def _step(count: int, room: float, widest: float = CARD_W + 6, narrowest: float = 14.0) -> float:
    """How far apart to lay ``count`` cards so that they fit in ``room``."""
    if count <= 1:
        return widest
    return max(narrowest, min(widest, (room - CARD_W) / (count - 1)))


def _fan(
    pic: _Picture,
    x: float,
    y: float,
    cards: Sequence[Card],
    room: float,
    narrowest: float = 14.0,
) -> float:
    """Cards face up, overlapping when they must; returns the x after the last one."""
    step = _step(len(cards), room, narrowest=narrowest)
    for i, card in enumerate(cards):
        _card(pic, x + i * step, y, card)
    return x + (len(cards) - 1) * step + CARD_W if cards else x


def _backs(pic: _Picture, x: float, y: float, count: int, noun: str) -> float:
    """A face-down stack of ``count`` cards with its size written beside it."""
    shown = min(count, 12)
    for i in range(shown):
        _back(pic, x + 7 * i, y)
    right = x + 7 * max(shown - 1, 0) + (CARD_W if shown else 0)
    words = f"{count} {noun}" + ("" if count == 1 else "s") if count else f"no {noun}s"
    pic.text(right + 10, y + CARD_H / 2 + 5, words, 14, fill=MUTED)
    return right + 10 + 9 * len(words)


def _meld_step(meld: Meld) -> float:
    """30 px per card (a card's corner and a Wild's value stay visible), less for huge groups."""
    return _step(len(meld.cards), CARDS_W, 30.0)


def _meld_width(meld: Meld) -> float:
    return CARD_W + _meld_step(meld) * (len(meld.cards) - 1)


def _meld(pic: _Picture, x: float, y: float, label: str, meld: Meld, rules: MeldRules) -> None:
    """A group on the table; each card its owner plays as a Wild (``rules``) shows its value."""
    pic.text(x, y + 12, f"{label}  {meld.describe()}", 12, fill=MUTED)
    values = meld.stands_for()
    step = _meld_step(meld)
    for i, card in enumerate(meld.cards):
        acting = acts_as_wild(meld, i, card, rules)
        _card(pic, x + step * i, y + 18, card, values[i] if acting else None)


def _meld_rows(melds: Sequence[Meld]) -> list[list[int]]:
    """The groups of one seat, flowed into rows that fit beside the seat's column."""
    rows: list[list[int]] = []
    used = CARDS_W + 1.0
    for index, meld in enumerate(melds):
        width = _meld_width(meld) + 24
        if used + width > CARDS_W and (not rows or rows[-1]):
            rows.append([])
            used = 0.0
        rows[-1].append(index)
        used += width
    return rows


PHASE_LINE_H = 17
"""The height of a line of a wrapped phase name."""

ROW_H = CARD_H + 26
"""The height of one row of cards with its label."""


def _seat_height(view: PlayerView, index: int) -> float:
    """The panel's height: the taller of its column of facts and its rows of cards."""
    seat = view.players[index]
    rows = len(_meld_rows(seat.melds))
    cards = 16 + ROW_H * (1 + rows) + (0 if rows else 22)
    pip_rows = (len(view.rules.phases) - 1) // 15 + 1
    phase = PHASE_LINE_H * (len(_phase_lines(view, index)) - 1)
    facts = 100 + 19 * pip_rows + 20 * len(_seat_tags(view, index)) + phase
    return max(cards, facts)


def _pips(pic: _Picture, x: float, y: float, view: PlayerView, seat: SeatView) -> float:
    """A small box per phase of the list, filled once the seat has completed it."""
    numbers = [phase.number for phase in view.rules.phases]
    per_row = 15
    size = 16 if len(numbers) <= per_row else 12
    gap = size + 3
    done = set(seat.completed)
    for i, number in enumerate(numbers):
        px, py = x + gap * (i % per_row), y + gap * (i // per_row)
        target = number == (seat.phase_attempted or seat.target_phase)
        fill = GOLD if number in done else "none"
        stroke = "#ffffff" if target else "#8fbfa3"
        pic.open("g", class_="phase" + (" done" if number in done else ""))
        pic.add("title", f"phase {number}" + (" (completed)" if number in done else ""))
        pic.add(
            "rect",
            x=px,
            y=py,
            width=size,
            height=size,
            rx=3,
            fill=fill,
            stroke=stroke,
            stroke_width=2 if target else 1,
        )
        pic.text(
            px + size / 2,
            py + size - 4,
            str(number),
            size - 6,
            fill="#1f3b2c" if number in done else MUTED,
            text_anchor="middle",
        )
        pic.close("g")
    return y + gap * ((len(numbers) - 1) // per_row + 1)


def _seat_tags(view: PlayerView, index: int) -> list[tuple[str, str]]:
    seat = view.players[index]
    doing = status(view).removeprefix(printable(seat.name) + " ")
    ended = view.stage in (Stage.HAND_OVER, Stage.GAME_OVER)
    skips = seat.skips_pending
    tags = [
        (f"▶ {doing}", GOLD, index == view.current_player and not ended),
        ("★ winner", GOLD, index in view.winners),
        ("went out", INK, ended and bool(view.results) and view.results[-1].went_out == index),
        ("phase laid down ✓", INK, seat.laid_down),
        ("sitting out", MUTED, index not in view.seats),
        (f"{skips} skip{'s' if skips != 1 else ''} waiting", "#ffab91", skips > 0),
        ("floating", MUTED, seat.floating),
        *((note, MUTED, True) for note in seat_notes(view, index)),
    ]
    return [(words, colour) for words, colour, on in tags if on]


PHASE_CHARS = 44
"""The letters of a phase's words that fit the column of facts on one line (13 px)."""


def _phase_lines(view: PlayerView, index: int) -> list[str]:
    """The seat's phase in words, wrapped to the column of facts: a long name (alternating
    runs) would be cut off mid-word by the column's edge."""
    return textwrap.wrap(_phase_line(view, index), PHASE_CHARS) or [""]


def _phase_line(view: PlayerView, index: int) -> str:
    seat = view.players[index]
    number = shown_phase(view, index)
    if number is None:
        left = len(view.rules.phases) - len(seat.completed)
        return "any open phase" if left > 0 else "every phase completed"
    phase = view.rules.phase(number)
    return f"Phase {number}: {phase.name}"


def _info(pic: _Picture, x: float, y: float, view: PlayerView, index: int) -> None:
    seat = view.players[index]
    badges = []
    if index == view.seat:
        badges.append(("you", YOU))
    if index == view.dealer:
        badges.append(("dealer", MUTED))
    # The badges are spans of the name's own line, so the renderer puts them after the
    # name, whatever the width of its letters (a guessed width let them cover a name).
    spans = "".join(
        f'<tspan dx="6" font-size="12" font-weight="normal" fill="{colour}"> {words}</tspan>'
        for words, colour in badges
    )
    pic.add(
        "text",
        escape(_short(seat.name)) + spans,
        x=x,
        y=y + 20,
        font_size=19,
        font_weight="bold",
        fill=INK,
    )
    done = len(seat.completed)
    gained = ""
    if view.stage in (Stage.HAND_OVER, Stage.GAME_OVER) and view.results:
        gained = f" (+{view.results[-1].points[index]})"
    pic.text(
        x,
        y + 42,
        f"{seat.score} points{gained} · {done} phase{'s' if done != 1 else ''} completed",
        14,
        fill=MUTED,
    )
    bottom = _pips(pic, x, y + 52, view, seat)
    lines = _phase_lines(view, index)
    for number, line in enumerate(lines):
        pic.text(x, bottom + 14 + PHASE_LINE_H * number, line, 13)
    ty = bottom + 34 + PHASE_LINE_H * (len(lines) - 1)
    for words, colour in _seat_tags(view, index):
        pic.text(x, ty, words, 14, fill=colour, font_weight="bold")
        ty += 20


def _seat(pic: _Picture, y: float, view: PlayerView, index: int) -> float:
    """One seat's panel: its facts at the left, its hand and its groups at the right."""
    seat = view.players[index]
    height = _seat_height(view, index)
    turn = index == view.current_player and view.stage not in (Stage.HAND_OVER, Stage.GAME_OVER)
    stroke = GOLD if turn else YOU if index == view.seat else "none"
    pic.open("g", class_="seat", data_seat=index)
    pic.add(
        "rect",
        x=MARGIN,
        y=y,
        width=WIDTH - 2 * MARGIN,
        height=height,
        rx=12,
        fill=PANEL,
        stroke=stroke,
        stroke_width=3,
    )
    # The column of facts is clipped at its right edge: a name of wide letters and its
    # badges never run into the cards (the widths of words are estimates).
    pic.open(
        "svg", class_="facts", x=0, y=0, width=CARDS_X - 8, height=y + height, overflow="hidden"
    )
    _info(pic, MARGIN + 16, y + 8, view, index)
    pic.close("svg")
    row = y + 12
    if index == view.seat and view.hand is not None:
        pic.text(CARDS_X, row + 12, f"Your hand ({len(view.hand)})", 12, fill=MUTED)
        # The Save pile grows by a card a hand (V-1.6): room for it at the right, and it
        # closes up as far as it must to stay inside the panel.
        saved = len(view.saved or ())
        reserve = min(CARD_W + 14 * (saved - 1), 300) + 30 if saved else 0
        right = _fan(pic, CARDS_X, row + 18, view.hand, CARDS_W - reserve)
        if view.saved:
            pic.text(right + 30, row + 12, "Save pile", 12, fill=MUTED)
            end = WIDTH - MARGIN - 8
            _fan(pic, right + 30, row + 18, view.saved, end - right - 30, narrowest=1.0)
    else:
        pic.text(CARDS_X, row + 12, "Hand", 12, fill=MUTED)
        right = _backs(pic, CARDS_X, row + 18, seat.hand_size, "card")
        if seat.saved_count:
            _backs(pic, right + 30, row + 18, seat.saved_count, "saved card")
    rules = seat_meld_rules(view, index)
    for meld_row in _meld_rows(seat.melds):
        row += ROW_H
        x = float(CARDS_X)
        for meld_index in meld_row:
            meld = seat.melds[meld_index]
            _meld(pic, x, row, f"{index}.{meld_index}", meld, rules)
            x += _meld_width(meld) + 24
    if not seat.melds:
        pic.text(
            CARDS_X, row + ROW_H + 8, "no groups on the table", 12, fill=MUTED, font_style="italic"
        )
    pic.close("g")
    return height


PILES_X = WIDTH - MARGIN - 250
"""Where the draw and discard piles start, at the top right; the header's words stop short."""


def _fit(words: str, room: float, size: int, bold: bool = False) -> str:
    """``words`` cut with an ellipsis to about what ``room`` pixels hold at ``size``.

    An estimate (no font metrics here): the viewport the words are drawn in clips
    whatever still runs over.
    """
    most = max(1, int(room / (size * (0.68 if bold else 0.6))))
    return words if len(words) <= most else words[: most - 1] + "…"


def _header(pic: _Picture, view: PlayerView, caption: str | None) -> None:
    room = PILES_X - 12  # the words' viewport: nothing runs under the piles or off the edge
    pic.open("svg", class_="header", x=0, y=0, width=room, height=HEADER_H, overflow="hidden")
    pic.text(MARGIN, 36, "Phase 10", 26, font_weight="bold")
    tiebreak = " · tiebreak" if view.tiebreak else ""
    who = "spectator" if view.seat is None else f"seat {view.seat}'s view"
    notes = "".join(f" · {note}" for note in table_notes(view))
    rest = f" · hand {view.hand_number} · turn {view.turn + 1}{tiebreak}{notes} · {who}"
    line_room = room - MARGIN - 140
    spec = _fit(printable(view.rules.spec), line_room - 16 * 0.6 * len(rest), 16)
    pic.text(MARGIN + 140, 36, _fit(spec + rest, line_room, 16), 16, fill=MUTED)
    status_line = _fit(status(view), room - MARGIN, 20, bold=True)
    pic.text(MARGIN, 70, status_line, 20, fill=GOLD, font_weight="bold", class_="status")
    if caption:
        line = _fit(printable(caption), room - MARGIN, 15)
        pic.text(MARGIN, 100, line, 15, font_style="italic", class_="caption")
    pic.close("svg")
    piles_x = PILES_X
    pic.text(piles_x, 22, "Draw pile", 12, fill=MUTED)
    _stack(pic, piles_x, 30, view.stock_size)
    if view.stock_size:
        _back(pic, piles_x, 30)
    else:
        _empty(pic, piles_x, 30)
    pic.text(piles_x + CARD_W + 14, 70, str(view.stock_size), 16)
    discard_x = piles_x + 130
    pic.text(discard_x, 22, "Discard pile", 12, fill=MUTED)
    top = view.top_discard
    _stack(pic, discard_x, 30, len(view.discard_pile))
    if top is None:
        _empty(pic, discard_x, 30)
    else:
        _card(pic, discard_x, 30, top)
    pic.text(discard_x + CARD_W + 14, 70, str(len(view.discard_pile)), 16)


def _stack(pic: _Picture, x: float, y: float, count: int) -> None:
    """The edges of the cards under the top one, so a pile looks as thick as it is."""
    for depth in range(min(3, count - 1), 0, -1):
        pic.add(
            "rect",
            x=x + 2 * depth,
            y=y + 2 * depth,
            width=CARD_W,
            height=CARD_H,
            rx=6,
            fill="#e8e4d8",
            stroke="#9e9a8e",
            stroke_width=1,
        )


def _empty(pic: _Picture, x: float, y: float) -> None:
    pic.add(
        "rect",
        x=x,
        y=y,
        width=CARD_W,
        height=CARD_H,
        rx=6,
        fill="none",
        stroke=MUTED,
        stroke_dasharray="5 4",
    )


def render(view_or_state: PlayerView | GameState, *, caption: str | None = None) -> str:
    """The table as an SVG document (a string); a state is drawn as spectators see it.

    ``caption`` is a line written under the status, such as the action that
    led to this moment (the replay pictures use it).
    """
    view = spectator_view(view_or_state) if isinstance(view_or_state, GameState) else view_or_state
    body = _Picture()
    _header(body, view, caption)
    y = float(HEADER_H)
    for index in range(len(view.players)):
        y += _seat(body, y, view, index) + 12
    height = int(y + MARGIN - 12)
    title = f"Phase 10, hand {view.hand_number}, turn {view.turn + 1}: {status(view)}"
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="{FONT}" role="img">'
        f"<title>{escape(title)}</title>"
        f'<rect width="{WIDTH}" height="{height}" fill="{FELT}"/>'
    )
    return head + "".join(body.parts) + "</svg>\n"
