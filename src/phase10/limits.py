"""The limits on what phase10 accepts from outside, and how its errors quote what they refuse.

A game server hands phase10 text and numbers from clients it does not trust.
Every number a document, an action or :class:`~phase10.Rules` can carry is
bounded by what the rules allow, so no input makes the library loop, allocate
or print without end; these are the bounds that the rules themselves do not
fix. ``docs/server.rst`` lists them for server authors.

>>> quote("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (100 characters)"
>>> text_problem("Ann"), text_problem("\\ud800")
(None, 'holds a lone surrogate (\\\\ud800), which is not text that UTF-8 can encode')
"""

from __future__ import annotations

import reprlib
import unicodedata

from .errors import InvalidDataError

__all__ = [
    "MAX_ANCHOR",
    "MAX_COUNT",
    "MAX_DECK_SIZE",
    "MAX_DOCUMENT",
    "MAX_GROUP_INDEX",
    "MAX_LINE",
    "MAX_NAME_LENGTH",
    "MAX_PHASE_NUMBER",
    "MAX_PLAYERS",
    "MAX_POINTS",
    "MAX_TOKEN",
    "SEARCH_BUDGET",
    "SEED_LIMIT",
    "checked_name",
    "checked_text",
    "name_problem",
    "quote",
    "show",
    "text_problem",
]

MAX_PLAYERS = 12
"""The most seats a table may have (``Rules.max_players``); seat numbers are below it."""

MAX_PHASE_NUMBER = 999
"""Phases are numbered from 1 to this."""

MAX_DECK_SIZE = 53_000
"""The cards of the largest deck a :class:`~phase10.DeckSpec` allows (every count at 1000).

No phase asks for a larger group, and no seat holds more groups: :class:`~phase10.Rules`
refuses a phase that needs more cards than its deck holds."""

MAX_GROUP_INDEX = 65_535
"""The largest index of a group among a seat's groups (a :class:`~phase10.Hit`'s ``meld``).

No seat can hold more groups than the largest deck (:class:`~phase10.DeckSpec`) has cards."""

MAX_ANCHOR = 65_535
"""The largest size of a group's anchor number (:attr:`phase10.Meld.number`), either sign.

A Wild in a run stands at most one place per card of the largest deck past 1..12."""

MAX_POINTS = 1000
"""The most penalty points one card may score (:class:`~phase10.Scoring`)."""

MAX_COUNT = 2**53 - 1
"""The largest turn counter or turn cap: the largest whole number every JSON reader holds
exactly."""

SEED_LIMIT = 2**64
"""Seeds are whole numbers with ``0 <= seed < SEED_LIMIT`` (64 bits)."""

MAX_TOKEN = 100
"""The longest word of the action notation (a card, a keyword, a group head)."""

MAX_LINE = 2**18
"""The longest line of the action notation: room for ``next deck`` with the largest deck."""

SEARCH_BUDGET = 1_000_000
"""How much work the phase solver may do for one answer before it gives up.

Whether a hand holds a phase is a packing problem that no known method answers fast
for every phase a variant may define (dozens of small groups, colour groups beside
sets, many Wilds, a hand of a whole deck). The searches of :mod:`phase10.solver`
count their work (a candidate group costs one plus its number of cards; a listing
step of :func:`~phase10.find_completions` costs one): one yes/no answer, or the
search between two lay-downs found, may spend this much (a second or two of CPU) before it
raises :class:`~phase10.CompletionLimitError`. Every phase of a built-in variant, with
any hand a game deals, needs a few thousand at most."""

MAX_NAME_LENGTH = 100
"""The longest player name, in characters (Unicode code points).

Names are shown at the table, in logs and in every document of the game; a server that
passes on what a client typed gets a refusal naming this limit rather than a 100,000-
character name in every message it sends."""

MAX_DOCUMENT = 4 * 2**20
"""The longest JSON document :func:`~phase10.from_json` reads: 4 MiB (characters of text,
or bytes).

A document is read whole, so its length bounds the time and the memory reading takes; a
longer one is refused before it is parsed. A state with the largest deck a
:class:`~phase10.DeckSpec` allows takes about 200 kB, and a record of a six-player game of
9,000 actions, with its step checks, about 330 kB.

A record grows with its game: 15-18 bytes an action (about 40 with step checks), so this
bound holds some 230,000 actions, and a game of bots that stall until
:func:`~phase10.play_game` stops them (1,000,000 actions) takes about 18 MB. The readers
take ``max_size=`` for a document you trust (:func:`~phase10.from_json`,
:meth:`~phase10.GameRecord.load`, the family's ``from_json`` and ``load_record``): ``None``
reads one of any length. The default stays for what a client sends."""

_QUOTED = 40
"""How many characters of a refused input an error message quotes."""


def quote(text: str) -> str:
    """``repr(text)``, cut to its first 40 characters when longer, for error messages.

    >>> quote("R13")
    "'R13'"
    """
    if len(text) <= _QUOTED:
        return repr(text)
    return f"{text[:_QUOTED]!r}... ({len(text):,} characters)"


def show(value: object) -> str:
    """A short ``repr`` of any value for error messages: huge numbers and long text are cut.

    >>> show(10**5000), show([1] * 100)
    ('a whole number with more than 19 digits', '[1, 1, 1, 1, 1, 1, ...]')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return "a whole number with more than 19 digits"
    if isinstance(value, str):
        return quote(value)
    return reprlib.repr(value)


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be written as UTF-8 (a lone surrogate), or ``None``.

    Names, variant specs and record metadata end up in JSON files and on
    terminals; text that has no UTF-8 form would make writing them fail later.
    """
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        bad = text[error.start]
        return (
            f"holds a lone surrogate ({ascii(bad)[1:-1]}), which is not text that UTF-8 can encode"
        )
    return None


_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The bidirectional embeddings, overrides and isolates: they reorder the text after them."""


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or ``None``: it must have a visible character,
    at most :data:`MAX_NAME_LENGTH` characters, no control characters (line breaks, tabs,
    terminal escapes, bidirectional overrides) and a UTF-8 form.

    >>> name_problem("Zoë"), name_problem(" ")
    (None, 'is blank: a name needs a visible character')
    >>> name_problem("\\u200b")  # a zero-width space shows nothing either
    'is blank: a name needs a visible character'
    >>> name_problem("Eve\\x1b[2J")
    'holds the control character \\\\x1b, which would garble a table, a log or a terminal'
    """
    if len(name) > MAX_NAME_LENGTH:
        return (
            f"is longer than the limit of {MAX_NAME_LENGTH} characters "
            "(phase10.limits.MAX_NAME_LENGTH)"
        )
    visible = False
    control = None
    for char in name:
        category = unicodedata.category(char)
        if control is None and (char in _BIDI_CONTROLS or category in ("Cc", "Zl", "Zp")):
            control = char
        visible = visible or not (char.isspace() or category == "Cf")
    if not visible:  # spaces and zero-width characters (U+200B, U+2060, U+FEFF) only
        return "is blank: a name needs a visible character"
    if control is not None:
        return (
            f"holds the control character {ascii(control)[1:-1]}, which would garble a "
            "table, a log or a terminal"
        )
    return text_problem(name)


def checked_name(value: object, path: str) -> str:
    """``value`` if it is a player's name (:func:`name_problem`); otherwise an
    :class:`~phase10.InvalidDataError` at ``path``."""
    name = checked_text(value, "a player name", path)
    why = name_problem(name)
    if why:
        raise InvalidDataError(f"the player name {quote(name)} {why}", path)
    return name


def checked_text(value: object, what: str, path: str | None = None) -> str:
    """``value`` if it is text that UTF-8 can encode; otherwise an
    :class:`~phase10.InvalidDataError` about ``what``, at ``path``."""
    if not isinstance(value, str):
        raise InvalidDataError(f"{what} must be text, not {show(value)}", path)
    why = text_problem(value)
    if why:
        raise InvalidDataError(f"{what} {why}", path)
    return value
