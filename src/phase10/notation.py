"""A short text form for every action, read back exactly: ``draw``, ``hit 2.0 R8 high``.

Game records (:mod:`phase10.record`) store their actions in this notation so
that a person can read a game, and a game server can accept moves as one line
of text. :func:`action_to_text` and :func:`parse_action` are exact inverses:
``parse_action(action_to_text(a)) == a`` for every action, legal or not, that the
notation can hold (a written group size is at most 53,000, see below). For a
sentence that names the players ("Bob laid down phase 2: ...") use
:func:`phase10.narration.describe`, which needs the game state.

==========================================  ============================================
text                                         action
==========================================  ============================================
``draw``                                     ``DrawStock()``
``take``                                     ``TakeDiscard()``
``lay set:R7 B7 W | run:W R4 R5 R6``         ``LayDown(melds)``
``lay phase=4 run:R1 R2 R3 R4 W R6 R7``      ``LayDown(melds, phase=4)``
``group set:R7 B7 W``                        ``LayGroup(meld)`` (one group of a phase)
``hit 2.0 R8 high``                          ``Hit(R8, owner=2, meld=0, end=End.HIGH)``
``discard R7`` / ``discard S @3``            ``Discard(R7)`` / ``Discard(S, target=3)``
``choose 4``                                 ``ChoosePhase(4)``
``save G9`` / ``takesaved G9``               ``Save(G9)`` / ``TakeSaved(G9)``
``give 2``                                   ``GiveCard(2)``
``swap R5 1.0 low``                          ``SwapWild(R5, owner=1, meld=0, end=End.LOW)``
``next`` / ``next deck R7 B3 ...``           ``NextHand()`` / ``NextHand(deck)``
==========================================  ============================================

Keywords and cards are case-insensitive; :func:`action_to_text` writes the
canonical spelling shown above (``unsave`` is read as ``takesaved``). The
notation is ASCII: numbers are written with the digits 0-9, one word is at
most 100 characters and one line at most 262,144 (room for ``next deck`` with
the largest deck); errors quote at most 40 characters of what they refuse.

A lay-down group is ``KIND[SIZE][@ANCHOR][~]:CARDS``. ``KIND`` is the
requirement's :attr:`~phase10.Requirement.kind` (``set``, ``run``, ``color`` or
a registered extension). ``SIZE`` is the requirement's size and is left out
when the group holds exactly that many cards (the usual case), so ``set3:R7 B7
W W`` is a set of 3 laid with four cards. The anchor fixes what the Wilds stand
for: ``@7`` a number (a set's number, a run's lowest number), ``@R`` a colour
(``@3RB`` a number and two colours, for an alternating run), a bare ``@`` none
at all. Without it the anchor is read off the first card that has one: a set
takes that card's number, a run that number less the card's position, a colour
group its colour; so only groups whose Wilds come
first in a run, or groups of Wilds only, need it: ``run@3:W W W W``. ``~``
marks a run laid under the wrap-around rule (A-4).

Numbers are bounded by what a game can use: seats 0-11, phase numbers 1-999, group indexes
and anchors within -65,535..65,535 (:mod:`phase10.limits`), a written group size at most
53,000: the cards of the largest deck a :class:`~phase10.DeckSpec` allows, and no phase may
ask for more cards than its deck holds (a group without a written size counts its cards,
which the length of a line bounds). A group parameter that is
a number has at most 64 bits, as in a game document. Either side refuses a larger number
with :class:`~phase10.InvalidDataError`: :func:`parse_action` with the token and the bound,
:func:`action_to_text` saying the group cannot be written.

>>> action = parse_action("lay set:R7 B7 W | run:W R4 R5 R6")
>>> [str(meld) for meld in action.melds]
['W R4 R5 R6', 'R7 B7 W']
>>> action_to_text(action)
'lay run:W R4 R5 R6 | set:R7 B7 W'
>>> parse_action("hit 2.0 r8 HIGH")
Hit(card=Card.parse('R8'), owner=2, meld=0, end=<End.HIGH: 'high'>)
>>> parse_action("discard X9")
Traceback (most recent call last):
...
phase10.errors.InvalidDataError: 'X9' at 8: not a card (use R7, B12, G1, Y5, W or S)
"""

from __future__ import annotations

import enum
import re
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType, UnionType
from typing import Any

import attrs

from . import extra_kinds  # noqa: F401  (the package's own group kinds must be readable)
from .actions import (
    Action,
    ChoosePhase,
    Discard,
    DrawStock,
    GiveCard,
    Hit,
    LayDown,
    LayGroup,
    NextHand,
    Save,
    SwapWild,
    TakeDiscard,
    TakeSaved,
)
from .cards import ALL_CARDS, Card, Color, format_cards
from .errors import InvalidDataError, InvalidMeldError
from .limits import MAX_DECK_SIZE, MAX_LINE, MAX_TOKEN, SEED_LIMIT, quote, show
from .melds import ColorOf, End, Meld, Requirement, RunOf, SetOf, requirement_kinds

__all__ = ["action_to_text", "parse_action", "parse_actions", "requirement_kinds"]

_KIND_RE = re.compile(r"[a-z][a-z_]*", re.ASCII)
_GROUP_HEAD_RE = re.compile(
    r"(?P<kind>[a-z][a-z_]*)(?P<size>[0-9]+)?(?:\[(?P<params>[^\]\s]*)\])?"
    r"(?P<anchor>@(?P<number>-?[0-9]+)?(?P<color>[rbgy]{1,4})?)?(?P<wrap>~)?:",
    re.IGNORECASE | re.ASCII,
)
_PARAM_VALUE_RE = re.compile(r"[A-Za-z0-9_.+-]+", re.ASCII)
_INT_RE = re.compile(r"-?[0-9]+", re.ASCII)
_PLACE_RE = re.compile(r"(-?[0-9]+)\.(-?[0-9]+)", re.ASCII)
_WORD_RE = re.compile(r"\S+", re.ASCII)
_COLORS_BY_LETTER: Mapping[str, Color] = MappingProxyType({c.value: c for c in Color})
_MAX_GROUP_SIZE = MAX_DECK_SIZE
"""The largest group size the notation reads or writes as a number: no phase asks for more."""
_PARAM_INTS = range(-(2**63), SEED_LIMIT)
"""The whole numbers a group parameter may be: those of 64 bits, which a game document holds."""


def _size_problem(size: int) -> str:
    return (
        f"a group size is at most {_MAX_GROUP_SIZE:,} (no deck holds more cards, so no phase "
        f"asks for more), not {show(size)}"
    )


def _init_fields(cls: type) -> dict[str, attrs.Attribute[Any]]:
    """The fields the constructor of the attrs class ``cls`` takes, by argument name."""
    fields = attrs.fields(typing.cast("type[attrs.AttrsInstance]", cls))
    return {f.alias or f.name: f for f in fields if f.init}


# --------------------------------------------------------------------------- writing


def action_to_text(action: Action) -> str:
    """The notation of ``action`` (see the module docstring); :func:`parse_action` reverses it.

    >>> from phase10 import Discard, Card
    >>> action_to_text(Discard(Card.parse("S"), target=3))
    'discard S @3'
    """
    cls = type(action)
    if cls is DrawStock:  # two fifths of a game's actions, with TakeDiscard
        return "draw"
    if cls is TakeDiscard:
        return "take"
    writer = _WRITERS.get(cls)
    if writer is None:  # a subclass of an action class, or not an action
        writer = next((w for base, w in _WRITERS.items() if isinstance(action, base)), None)
        if writer is None:
            raise InvalidDataError(f"{show(action)} is not a phase10 action")
    return writer(action)


# One writer per action class, for action_to_text's lookup by class. They read a card's text
# by its code (as format_cards does) rather than through str(), which costs a Python call;
# anything but a Card is written with str(), as before.

_CARD_TEXT: tuple[str, ...] = tuple(str(card) for card in ALL_CARDS)
"""The notation of every card, indexed by :attr:`~phase10.Card.code`."""


def _card_text(card: Card) -> str:
    """``str(card)``, read by the card's code."""
    return _CARD_TEXT[card.code] if type(card) is Card else str(card)


def _lay_down_text(action: LayDown) -> str:
    head = "lay" if action.phase is None else f"lay phase={action.phase}"
    melds = action.melds
    if not melds:
        return head
    return f"{head} {' | '.join([_group_text(meld) for meld in melds])}"


def _lay_group_text(action: LayGroup) -> str:
    head = "group" if action.phase is None else f"group phase={action.phase}"
    return f"{head} {_group_text(action.meld)}"


def _hit_text(action: Hit) -> str:
    card = action.card
    text = _CARD_TEXT[card.code] if type(card) is Card else str(card)  # _card_text, inline
    end = action.end
    if end is None:
        return f"hit {action.owner}.{action.meld} {text}"
    return f"hit {action.owner}.{action.meld} {text} {end.value}"


def _discard_text(action: Discard) -> str:
    card = action.card
    text = _CARD_TEXT[card.code] if type(card) is Card else str(card)  # _card_text, inline
    target = action.target
    return f"discard {text}" if target is None else f"discard {text} @{target}"


def _swap_text(action: SwapWild) -> str:
    card = _card_text(action.card)
    return f"swap {card} {action.owner}.{action.meld} {action.end.value}"


def _next_hand_text(action: NextHand) -> str:
    if action.deck is None:
        return "next"
    return f"next deck {format_cards(action.deck)}".rstrip()


_WRITERS: Mapping[type, Callable[[Any], str]] = MappingProxyType(
    {  # in the order action_to_text tried the classes with isinstance, for subclasses
        DrawStock: lambda action: "draw",
        TakeDiscard: lambda action: "take",
        LayDown: _lay_down_text,
        LayGroup: _lay_group_text,
        Hit: _hit_text,
        Discard: _discard_text,
        ChoosePhase: lambda action: f"choose {action.phase}",
        Save: lambda action: f"save {_card_text(action.card)}",
        TakeSaved: lambda action: f"takesaved {_card_text(action.card)}",
        GiveCard: lambda action: f"give {action.seat}",
        SwapWild: _swap_text,
        NextHand: _next_hand_text,
    }
)


def _inferred_anchor(
    kind: str, cards: tuple[Card, ...], wraps: bool
) -> tuple[int | None, Color | None]:
    """The anchor a group gets when its text gives none (see the module docstring)."""
    for index, card in enumerate(cards):
        if kind == "set" and card.number is not None:
            return card.number, None
        if kind == "run" and card.number is not None:
            start = card.number - index
            return ((start - 1) % 12 + 1 if wraps else start), None
        if kind == "color" and card.color is not None:
            return None, card.color
    return None, None


_Fields = tuple[tuple[str, "attrs.Attribute[Any]"], ...]


def _param_fields(cls: type) -> _Fields:
    """The fields of a requirement class that a group head writes as ``[name=value,...]``:
    those its constructor takes, besides ``size``."""
    return tuple((name, field) for name, field in _init_fields(cls).items() if name != "size")


_KNOWN_KINDS: Mapping[type, tuple[str, _Fields]] = MappingProxyType(
    {
        cls: (cls.kind, _param_fields(cls))
        for cls in requirement_kinds().values()
        if _KIND_RE.fullmatch(cls.kind) and cls.__dictoffset__ == 0
    }
)
"""The package's own group kinds (those defined when this module is imported), with their
kind names and parameter fields: each group of them is written without a look at attrs'
fields or the kind's spelling. Their instances have no ``__dict__``, so their ``kind`` is the
class's."""


def _param_text(requirement: Requirement, fields: _Fields) -> str:
    """``[name=value,...]`` for the requirement's ``fields`` whose values differ from their
    defaults (``""`` when there are none)."""
    parts: list[str] = []
    for name, field in fields:
        value = getattr(requirement, field.name)
        if field.default is not attrs.NOTHING and value == field.default:
            continue
        if value is None or isinstance(value, bool):
            text = str(value).lower()
        elif isinstance(value, enum.Enum):
            text = str(value.value)
        elif isinstance(value, int) and value not in _PARAM_INTS:
            text = ""  # a number the notation does not read back
        elif isinstance(value, (int, str)):
            text = str(value)
        else:
            text = ""
        if not _PARAM_VALUE_RE.fullmatch(text):
            raise InvalidDataError(
                f"the {field.name} of a {requirement.kind!r} group, {show(value)}, cannot be "
                "written in the action notation"
            )
        parts.append(f"{name}={text}")
    return f"[{','.join(parts)}]" if parts else ""


def _unwritable(kind: str, reason: str) -> InvalidDataError:
    return InvalidDataError(f"a {kind!r} group cannot be written in the action notation: {reason}")


def _group_text(meld: Meld) -> str:
    requirement = meld.requirement
    known = _KNOWN_KINDS.get(type(requirement))
    if known is None:
        kind = requirement.kind
        if not _KIND_RE.fullmatch(kind):
            raise InvalidDataError(f"a {kind!r} group cannot be written in the action notation")
    else:
        kind = known[0]
    cards = meld.cards
    size = requirement.size
    if size == len(cards):
        size_text = ""
    else:
        if isinstance(size, int) and size > _MAX_GROUP_SIZE:
            raise _unwritable(kind, _size_problem(size))
        size_text = str(size)
    number = meld.number
    color = meld.color
    if meld.colors:
        anchored = True
    elif (kind == "set" or kind == "run") and cards and cards[0].number is not None:
        # the usual group: the anchor read off its first card is that card's number
        anchored = color is not None or cards[0].number != number
    else:
        anchored = _inferred_anchor(kind, cards, meld.wraps) != (number, color)
    anchor = ""
    if anchored:
        letters = "" if color is None else color.value
        letters += "".join(c.value for c in meld.colors)  # an alternating run's second colour
        anchor = f"@{'' if number is None else str(number)}{letters}"
    wrap = "~" if meld.wraps else ""
    if known is None:
        params = _param_text(requirement, _param_fields(type(requirement)))
    else:
        params = _param_text(requirement, known[1]) if known[1] else ""
    try:
        text = " ".join([_CARD_TEXT[card.code] for card in cards])
    except (AttributeError, IndexError, TypeError):
        text = format_cards(cards)  # not cards: its error says so
    return f"{kind}{size_text}{params}{anchor}{wrap}:{text}"


# --------------------------------------------------------------------------- reading


@attrs.frozen
class _Token:
    text: str
    start: int

    def error(self, message: str) -> InvalidDataError:
        return InvalidDataError(message, path=f"{quote(self.text)} at {self.start}")


def _tokens(text: str, offset: int = 0) -> list[_Token]:
    return [_Token(m.group(), offset + m.start()) for m in _WORD_RE.finditer(text)]


def _check_limits(text: str) -> None:
    """Refuse a line that is too long, not ASCII, or has a word that is too long."""
    if len(text) > MAX_LINE:
        raise InvalidDataError(
            f"an action is at most {MAX_LINE:,} characters, not {len(text):,}",
            path=f"{quote(text)} at 0",
        )
    if not text.isascii():
        at = next(i for i, char in enumerate(text) if not char.isascii())
        raise InvalidDataError(
            "not ASCII: the notation is plain ASCII text, with numbers in the digits 0-9",
            path=f"{quote(text[at])} at {at}",
        )
    for match in _WORD_RE.finditer(text):
        if match.end() - match.start() > MAX_TOKEN:
            raise _Token(match.group(), match.start()).error(
                f"a word of the notation is at most {MAX_TOKEN} characters"
            )


def _make(token: _Token, factory: Callable[..., Action], *args: object) -> Action:
    """``factory(*args)``; a value the action refuses is reported at ``token``."""
    try:
        return factory(*args)
    except InvalidDataError as error:
        raise token.error(error.message) from None


def _card(token: _Token) -> Card:
    try:
        return Card.parse(token.text)
    except InvalidDataError as error:
        raise token.error(error.message) from None


def _int(token: _Token, what: str) -> int:
    if not _INT_RE.fullmatch(token.text):
        raise token.error(f"expected {what} (a whole number)")
    return int(token.text)


def _place(token: _Token, usage: str) -> tuple[int, int]:
    match = _PLACE_RE.fullmatch(token.text)
    if match is None:
        raise token.error(
            f"expected a group as OWNER.MELD, e.g. 2.0 (seat 2, its first group): "
            f"the form is {usage!r}"
        )
    return int(match.group(1)), int(match.group(2))


def _end(token: _Token) -> End:
    try:
        return End(token.text.lower())
    except ValueError:
        raise token.error("expected a run end: low or high") from None


def _expect_count(keyword: _Token, args: list[_Token], low: int, high: int, usage: str) -> None:
    if len(args) > high:
        raise args[high].error(f"unexpected text: the form is {usage!r}")
    if len(args) < low:
        raise keyword.error(f"incomplete: the form is {usage!r}")


def parse_action(text: str) -> Action:
    """Read one action in notation (see the module docstring).

    Raises :class:`~phase10.InvalidDataError` whose ``path`` names the bad token
    and its character offset.

    >>> parse_action("lay phase=2 set:B7 B7 B7 | run@3:W W W W")
    LayDown(melds=(Meld(requirement=RunOf(size=4), ...), phase=2)
    >>> parse_action("hit 1 R8")
    Traceback (most recent call last):
    ...
    phase10.errors.InvalidDataError: '1' at 4: expected a group as OWNER.MELD, e.g. 2.0 ...
    """
    if type(text) is str and len(text) <= MAX_LINE and text.isascii():
        try:
            action = _parse_plain(text)
        except (ValueError, TypeError):  # phase10's errors are ValueErrors
            action = None
        if action is not None:
            return action
    return _parse_careful(text)


def _parse_careful(text: str) -> Action:
    """:func:`parse_action` token by token, with each token's offset for the error."""
    if not isinstance(text, str):
        raise InvalidDataError(f"an action is written as text, not {type(text).__name__}")
    _check_limits(text)
    tokens = _tokens(text)
    if not tokens:
        raise InvalidDataError("empty action: expected draw, take, lay, hit, discard, ...")
    keyword, args = tokens[0], tokens[1:]
    word = keyword.text.lower()
    if word in ("draw", "take"):
        _expect_count(keyword, args, 0, 0, word)
        return DrawStock() if word == "draw" else TakeDiscard()
    if word == "lay":
        return _parse_lay(text, keyword)
    if word == "group":
        lay = _parse_lay(text, keyword)
        if len(lay.melds) != 1:
            raise keyword.error("expected one group: group KIND:CARDS, e.g. group set:R7 B7 W")
        return LayGroup(lay.melds[0], lay.phase)
    if word == "hit":
        usage = "hit OWNER.MELD CARD [low|high]"
        _expect_count(keyword, args, 2, 3, usage)
        owner, meld = _place(args[0], usage)
        end = _end(args[2]) if len(args) == 3 else None
        return _make(args[0], Hit, _card(args[1]), owner, meld, end)
    if word == "discard":
        _expect_count(keyword, args, 1, 2, "discard CARD [@SEAT]")
        target = None
        if len(args) == 2:
            if not args[1].text.startswith("@"):
                raise args[1].error("expected a Skip's target as @SEAT, e.g. @3")
            target = _int(_Token(args[1].text[1:], args[1].start + 1), "a seat")
        return _make(args[-1], Discard, _card(args[0]), target)
    if word in ("choose", "give"):
        _expect_count(keyword, args, 1, 1, f"{word} NUMBER")
        number = _int(args[0], "a phase number" if word == "choose" else "a seat")
        return _make(args[0], ChoosePhase if word == "choose" else GiveCard, number)
    if word in ("save", "takesaved", "unsave"):
        _expect_count(keyword, args, 1, 1, f"{word} CARD")
        card = _card(args[0])
        return Save(card) if word == "save" else TakeSaved(card)
    if word == "swap":
        usage = "swap CARD OWNER.MELD low|high"
        _expect_count(keyword, args, 3, 3, usage)
        owner, meld = _place(args[1], usage)
        return _make(args[1], SwapWild, _card(args[0]), owner, meld, _end(args[2]))
    if word == "next":
        if not args:
            return NextHand()
        if args[0].text.lower() != "deck":
            raise args[0].error("expected 'next' or 'next deck CARD CARD ...'")
        return NextHand(tuple(_card(token) for token in args[1:]))
    raise keyword.error(
        "unknown action: expected draw, take, lay, group, hit, discard, choose, save, "
        "takesaved, give, swap or next"
    )


# The fast path reads the usual, well-formed action without building a token (with its
# offset) for every word; on anything it is not sure of it returns None and
# _parse_careful reads the text again, so results and errors are the careful path's.

_CARD_BY_WORD: Mapping[str, Card] = MappingProxyType(
    {spelling: card for card in ALL_CARDS for spelling in (str(card), str(card).lower())}
)
"""Every card by its notation, in capitals and in small letters (``R7``, ``r7``)."""
_ENDS: Mapping[str, End] = MappingProxyType({end.value: end for end in End})
_BUILT_IN_KINDS: Mapping[str, type[Requirement]] = MappingProxyType(
    {"set": SetOf, "run": RunOf, "color": ColorOf}
)
"""The kinds of the standard game: no other class can claim their names
(:func:`~phase10.requirement_kinds`), so reading them needs no walk of the subclasses."""
_PHASE_RE = re.compile(r"\s*phase=(\S*)", re.IGNORECASE | re.ASCII)


def _parse_plain(text: str) -> Action | None:
    """The action ``text`` (ASCII, at most MAX_LINE long) spells, or None to read it carefully.

    Any ValueError or TypeError raised here also means: read it carefully.
    """
    words = _WORD_RE.findall(text)
    count = len(words)
    if not count or max(map(len, words)) > MAX_TOKEN:
        return None
    word = words[0].lower()
    cards = _CARD_BY_WORD
    if count == 1:
        if word == "draw":
            return DrawStock()
        if word == "take":
            return TakeDiscard()
        if word == "next":
            return NextHand()
    if word == "discard":
        card = cards.get(words[1]) if count in (2, 3) else None
        if card is None:
            return None
        if count == 2:
            return Discard(card)
        target = words[2]
        if target[:1] != "@" or not _INT_RE.fullmatch(target, 1):
            return None
        return Discard(card, int(target[1:]))
    if word == "lay" or word == "group":
        return _lay_plain(text, words[0], word == "group")
    if word == "hit":
        place = _PLACE_RE.fullmatch(words[1]) if count in (3, 4) else None
        if place is None:
            return None
        card = cards.get(words[2])
        end = _ENDS.get(words[3].lower()) if count == 4 else None
        if card is None or (count == 4 and end is None):
            return None
        return Hit(card, int(place.group(1)), int(place.group(2)), end)
    if count == 2 and word in ("choose", "give"):
        if not _INT_RE.fullmatch(words[1]):
            return None
        number = int(words[1])
        return ChoosePhase(number) if word == "choose" else GiveCard(number)
    if count == 2 and word in ("save", "takesaved", "unsave"):
        card = cards.get(words[1])
        if card is None:
            return None
        return Save(card) if word == "save" else TakeSaved(card)
    if count == 4 and word == "swap":
        card = cards.get(words[1])
        place = _PLACE_RE.fullmatch(words[2])
        end = _ENDS.get(words[3].lower())
        if card is None or place is None or end is None:
            return None
        return SwapWild(card, int(place.group(1)), int(place.group(2)), end)
    if count > 1 and word == "next" and words[1].lower() == "deck":
        try:
            return NextHand(tuple(map(cards.__getitem__, words[2:])))
        except KeyError:
            return None
    return None


def _lay_plain(text: str, keyword: str, one_group: bool) -> Action | None:
    """A ``lay`` or ``group`` action by :func:`_parse_plain`'s terms."""
    position = text.find(keyword) + len(keyword)
    phase: int | None = None
    match = _PHASE_RE.match(text, position)
    if match:
        if not _INT_RE.fullmatch(match.group(1)):
            return None
        phase = int(match.group(1))
        position = match.end()
    rest = text[position:]
    if not rest.strip():
        return None if one_group else LayDown((), phase)
    kinds: Mapping[str, type[Requirement]] | None = None
    card_of = _CARD_BY_WORD.__getitem__
    melds: list[Meld] = []
    for segment in rest.split("|"):
        stripped = segment.lstrip()
        head = _GROUP_HEAD_RE.match(stripped)
        if head is None:
            return None
        word, size, params, anchor, anchor_number, letters, wrap = head.groups()
        if params is not None:
            return None
        kind = word.lower()
        cls = _BUILT_IN_KINDS.get(kind)
        if cls is None:
            kinds = requirement_kinds() if kinds is None else kinds
            cls = kinds.get(kind)
            if cls is None:
                return None
        try:
            cards = tuple(map(card_of, _WORD_RE.findall(stripped, head.end())))
        except KeyError:
            return None
        count = int(size) if size else len(cards)
        if size and count > _MAX_GROUP_SIZE:
            return None
        requirement = cls(size=count)  # type: ignore[call-arg]
        wraps = wrap is not None
        number, color, more = _anchor(kind, cards, wraps, anchor, anchor_number, letters)
        melds.append(Meld(requirement, cards, number, color, wraps, more))
    if one_group:
        return LayGroup(melds[0], phase) if len(melds) == 1 else None
    return LayDown(tuple(melds), phase)


def _parse_lay(text: str, keyword: _Token) -> LayDown:
    position = keyword.start + len(keyword.text)
    rest = text[position:]
    phase: int | None = None
    phase_token = keyword
    match = re.match(r"\s*phase=(\S*)", rest, re.IGNORECASE | re.ASCII)
    if match:
        start = position + match.start(1)
        phase_token = _Token(match.group(1), start)
        phase = _int(phase_token, "a phase number")
        position += match.end()
        rest = text[position:]
    if not rest.strip():
        return typing.cast(LayDown, _make(phase_token, LayDown, (), phase))
    kinds = requirement_kinds()
    melds: list[Meld] = []
    for segment_start, segment in _segments(rest, position):
        melds.append(_parse_group(segment, segment_start, kinds))
    return typing.cast(LayDown, _make(phase_token, LayDown, tuple(melds), phase))


def _segments(text: str, offset: int) -> Iterator[tuple[int, str]]:
    start = 0
    for part in text.split("|"):
        yield offset + start, part
        start += len(part) + 1


def _parse_group(segment: str, offset: int, kinds: Mapping[str, type[Requirement]]) -> Meld:
    stripped = segment.lstrip()
    offset += len(segment) - len(stripped)
    head = _GROUP_HEAD_RE.match(stripped)
    if head is None:
        first = _tokens(stripped, offset)
        token = first[0] if first else _Token("|", offset - 1)
        raise token.error("expected a group as KIND:CARDS, e.g. set:R7 B7 W or run@3:W W W W")
    head_token = _Token(head.group(), offset)
    kind = head.group("kind").lower()
    cls = kinds.get(kind)
    if cls is None:
        known = ", ".join(kinds)
        raise head_token.error(f"unknown group kind {quote(kind)} (known: {known})")
    card_tokens = _tokens(stripped[head.end() :], offset + head.end())
    cards = tuple(_card(token) for token in card_tokens)
    size = int(head.group("size")) if head.group("size") else len(cards)
    if head.group("size") and size > _MAX_GROUP_SIZE:
        raise head_token.error(_size_problem(size))
    params = _parse_params(cls, head.group("params"), head_token)
    try:
        requirement = cls(size=size, **params)  # type: ignore[call-arg]
    except (InvalidMeldError, InvalidDataError, TypeError, ValueError) as error:
        raise head_token.error(f"not a valid {kind} requirement: {error}") from None
    wraps = head.group("wrap") is not None
    anchor = head.group("anchor", "number", "color")
    number, color, more = _anchor(kind, cards, wraps, *anchor)
    try:
        return Meld(requirement, cards, number, color, wraps, more)
    except InvalidMeldError as error:
        raise head_token.error(str(error)) from None


def _anchor(
    kind: str,
    cards: tuple[Card, ...],
    wraps: bool,
    anchor: str | None,
    number: str | None,
    letters: str | None,
) -> tuple[int | None, Color | None, tuple[Color, ...]]:
    """A group's number, colour and further colours: from the ``@`` anchor's number and colour
    letters when the text has one (``anchor``), else read off the cards."""
    if anchor is None:
        return (*_inferred_anchor(kind, cards, wraps), ())
    letters = (letters or "").upper()
    return (
        int(number) if number else None,
        _COLORS_BY_LETTER[letters[0]] if letters else None,
        tuple(_COLORS_BY_LETTER[letter] for letter in letters[1:]),
    )


def _parse_params(cls: type[Requirement], text: str | None, token: _Token) -> dict[str, object]:
    """The requirement fields written as ``[name=value,...]`` after the kind."""
    if text is None:
        return {}
    fields = {k: f for k, f in _init_fields(cls).items() if k != "size"}
    hints = typing.get_type_hints(cls)
    params: dict[str, object] = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        field = fields.get(name)
        if field is None or not value or name in params:
            known = ", ".join(fields) or "none"
            raise token.error(f"expected group parameters as [name=value,...] (known: {known})")
        params[name] = _param_value(value, hints[field.name], token)
    return params


def _param_value(text: str, tp: object, token: _Token) -> object:
    options = typing.get_args(tp) if typing.get_origin(tp) in (typing.Union, UnionType) else (tp,)
    for option in options:
        if option is type(None) and text.lower() == "none":
            return None
        if option is bool and text.lower() in ("true", "false"):
            return text.lower() == "true"
        if option is int and _INT_RE.fullmatch(text):
            number = int(text)
            if number not in _PARAM_INTS:
                raise token.error(
                    f"a group parameter is a whole number of at most 64 bits, not {show(number)}"
                )
            return number
        if option is str:
            return text
        if isinstance(option, type) and issubclass(option, enum.Enum):
            for member in option:
                if str(member.value).lower() == text.lower():
                    return member
    raise token.error(f"{quote(text)} is not a valid value here")


def parse_actions(lines: Iterable[str]) -> tuple[Action, ...]:
    """Read several actions; the error's ``path`` says which one (``#3: 'X9' at 8``).

    >>> parse_actions(["draw", "discard R7"])
    (DrawStock(), Discard(card=Card.parse('R7'), target=None))
    """
    result: list[Action] = []
    for index, line in enumerate(lines):
        try:
            result.append(parse_action(line))
        except InvalidDataError as error:
            where = f"#{index}" if error.path is None else f"#{index}: {error.path}"
            raise InvalidDataError(error.message, path=where) from None
    return tuple(result)
