"""``action_to_text`` writes what it wrote before it was made faster, byte for byte.

The reference is a frozen copy of the former writer (``src/phase10/notation.py`` before
session 13, below): the actions of GreedyBot games (chosen and legal) on the profile's
variants at their smallest and largest tables, generated actions of every class with every
group kind, anchor and parameter, subclasses of the action classes, and values smuggled past
the constructors: the same text, or the same error. The one difference is deliberate: a
group whose size would be written larger than any deck, or a group parameter beyond 64
bits, which the parser refuses, is refused by the writer too.
"""

from __future__ import annotations

import enum
import re
import typing
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import FULL_STRENGTH, PROFILE_SPECS
from helpers import allowed_players
from phase10 import (
    Action,
    Card,
    ChoosePhase,
    Color,
    ColorOf,
    Discard,
    DrawStock,
    End,
    GiveCard,
    GreedyBot,
    Hit,
    InvalidDataError,
    LayDown,
    LayGroup,
    Meld,
    NextHand,
    RunOf,
    Save,
    SetOf,
    Stage,
    SwapWild,
    TakeDiscard,
    TakeSaved,
    apply,
    legal_actions,
    new_game,
    parse_cards,
    player_view,
    variants,
)
from phase10.actions import canonical_lay_down
from phase10.cards import format_cards
from phase10.extra_kinds import (
    AltColorRunOf,
    ColorParityRunOf,
    ColorRunOf,
    ColorSetOf,
    Parity,
    ParityOf,
    ParityRunOf,
)
from phase10.limits import MAX_ANCHOR, show
from phase10.melds import Requirement
from phase10.notation import _MAX_GROUP_SIZE, action_to_text, parse_action
from strategies import actions, card_values, ends, indexes, phase_numbers, seats

# --------------------------------------------------------------------------- the former writer

_OLD_KIND_RE = re.compile(r"[a-z][a-z_]*", re.ASCII)
_OLD_PARAM_VALUE_RE = re.compile(r"[A-Za-z0-9_.+-]+", re.ASCII)


def _old_init_fields(cls: type) -> dict[str, attrs.Attribute[Any]]:
    fields = attrs.fields(typing.cast("type[attrs.AttrsInstance]", cls))
    return {f.alias or f.name: f for f in fields if f.init}


def old_action_to_text(action: Action) -> str:
    if isinstance(action, DrawStock):
        return "draw"
    if isinstance(action, TakeDiscard):
        return "take"
    if isinstance(action, LayDown):
        head = "lay" if action.phase is None else f"lay phase={action.phase}"
        groups = " | ".join(_old_group_text(meld) for meld in action.melds)
        return f"{head} {groups}" if groups else head
    if isinstance(action, LayGroup):
        head = "group" if action.phase is None else f"group phase={action.phase}"
        return f"{head} {_old_group_text(action.meld)}"
    if isinstance(action, Hit):
        end = "" if action.end is None else f" {action.end.value}"
        return f"hit {action.owner}.{action.meld} {action.card}{end}"
    if isinstance(action, Discard):
        target = "" if action.target is None else f" @{action.target}"
        return f"discard {action.card}{target}"
    if isinstance(action, ChoosePhase):
        return f"choose {action.phase}"
    if isinstance(action, Save):
        return f"save {action.card}"
    if isinstance(action, TakeSaved):
        return f"takesaved {action.card}"
    if isinstance(action, GiveCard):
        return f"give {action.seat}"
    if isinstance(action, SwapWild):
        return f"swap {action.card} {action.owner}.{action.meld} {action.end.value}"
    if isinstance(action, NextHand):
        if action.deck is None:
            return "next"
        return f"next deck {format_cards(action.deck)}".rstrip()
    raise InvalidDataError(f"{show(action)} is not a phase10 action")


def _old_inferred_anchor(
    kind: str, cards: tuple[Card, ...], wraps: bool
) -> tuple[int | None, Color | None]:
    for index, card in enumerate(cards):
        if kind == "set" and card.number is not None:
            return card.number, None
        if kind == "run" and card.number is not None:
            start = card.number - index
            return ((start - 1) % 12 + 1 if wraps else start), None
        if kind == "color" and card.color is not None:
            return None, card.color
    return None, None


def _old_param_text(requirement: Requirement) -> str:
    parts: list[str] = []
    for name, field in _old_init_fields(type(requirement)).items():
        if name == "size":
            continue
        value = getattr(requirement, field.name)
        if field.default is not attrs.NOTHING and value == field.default:
            continue
        if value is None or isinstance(value, bool):
            text = str(value).lower()
        elif isinstance(value, enum.Enum):
            text = str(value.value)
        elif isinstance(value, (int, str)):
            text = str(value)
        else:
            text = ""
        if not _OLD_PARAM_VALUE_RE.fullmatch(text):
            raise InvalidDataError(
                f"the {field.name} of a {requirement.kind!r} group, {value!r}, cannot be written "
                "in the action notation"
            )
        parts.append(f"{name}={text}")
    return f"[{','.join(parts)}]" if parts else ""


def _old_group_text(meld: Meld) -> str:
    requirement = meld.requirement
    kind = requirement.kind
    if not _OLD_KIND_RE.fullmatch(kind):
        raise InvalidDataError(f"a {kind!r} group cannot be written in the action notation")
    size = "" if requirement.size == len(meld.cards) else str(requirement.size)
    anchor = ""
    if meld.colors or _old_inferred_anchor(kind, meld.cards, meld.wraps) != (
        meld.number,
        meld.color,
    ):
        number = "" if meld.number is None else str(meld.number)
        color = "" if meld.color is None else meld.color.value
        color += "".join(c.value for c in meld.colors)
        anchor = f"@{number}{color}"
    wrap = "~" if meld.wraps else ""
    return f"{kind}{size}{_old_param_text(requirement)}{anchor}{wrap}:{format_cards(meld.cards)}"


# --------------------------------------------------------------------------- comparing


def _outcome(write: Callable[[Any], str], action: object) -> object:
    """The text ``write`` gives ``action``, or its error's type and message."""
    try:
        return write(action)
    except Exception as error:  # any error, compared by type and message
        return (type(error), str(error))


def _beyond_the_notation(action: object) -> bool:
    """Whether ``action`` has a group the notation cannot hold: a size to write larger than
    any deck, or a parameter number beyond 64 bits (the old writer wrote them; the parser
    refuses them)."""
    melds = getattr(action, "melds", None) or (getattr(action, "meld", None),)
    for meld in melds:
        requirement = getattr(meld, "requirement", None)
        size = getattr(requirement, "size", None)
        if (
            isinstance(size, int)
            and size > _MAX_GROUP_SIZE
            and size != len(getattr(meld, "cards", ()))
        ):
            return True
        if attrs.has(type(requirement)):
            values = attrs.asdict(typing.cast(attrs.AttrsInstance, requirement)).values()
            if any(type(value) is int and not -(2**63) <= value < 2**64 for value in values):
                return True
    return False


def assert_written_as_before(action: object) -> None:
    new = _outcome(action_to_text, action)
    old = _outcome(old_action_to_text, action)
    if _beyond_the_notation(action):
        assert isinstance(new, tuple), new
        assert new[0] is InvalidDataError
        assert "cannot be written" in new[1]
    else:
        assert new == old


# --------------------------------------------------------------------------- games


def _greedy_game(spec: str, players: int, seed: int) -> Iterator[tuple[Action, tuple[Action, ...]]]:
    """Each action GreedyBots choose in one game, with the legal actions it was chosen from."""
    state = new_game(players, variants.resolve(spec), seed=seed)
    bots = [GreedyBot() for _ in range(players)]
    for _ in range(1500):
        if state.is_over:
            return
        legal = legal_actions(state)
        if state.stage is Stage.HAND_OVER or state.current_player is None:
            action = legal[0]
        else:
            view = player_view(state, state.current_player)
            action = bots[state.current_player].choose(view, legal)
        yield action, legal
        state = apply(state, action)


def _tables(index: int, spec: str) -> list[int]:
    """The smallest and the largest table ``spec`` allows; in the fast profile one of them,
    in turn from one spec to the next."""
    counts = allowed_players(variants.resolve(spec))
    if FULL_STRENGTH:
        return sorted({counts[0], counts[-1]})
    return [counts[-(index % 2)]]


@pytest.mark.parametrize(
    ("spec", "players"),
    [
        (spec, players)
        for index, spec in enumerate(PROFILE_SPECS)
        for players in _tables(index, spec)
    ],
)
def test_greedy_games_are_written_as_before(spec: str, players: int) -> None:
    """Every action of a GreedyBot game, and every legal action it was chosen from."""
    kinds: set[type] = set()
    for action, legal in _greedy_game(spec, players, seed=players):
        assert action_to_text(action) == old_action_to_text(action)
        kinds.add(type(action))
        for other in legal:
            assert action_to_text(other) == old_action_to_text(other)
    assert {DrawStock, Discard} <= kinds


# --------------------------------------------------------------------------- generated actions


@attrs.frozen
class _Tagged(SetOf):
    """A kind with parameters of every type the notation writes (and one it cannot)."""

    kind: ClassVar[str] = "format_tagged"
    count: int = 0
    label: str = "x"
    flag: bool | None = None
    parity: Parity | None = None
    scale: float = 1.0


@attrs.frozen
class _Badly(SetOf):
    kind: ClassVar[str] = "Badly-Spelled"


_anchors = st.none() | st.integers(-3, 15) | st.integers(-MAX_ANCHOR, MAX_ANCHOR)
_sizes = st.integers(1, 12) | st.integers(1, _MAX_GROUP_SIZE + 10) | st.just(10**25)
_numbers = st.integers(-5, 20) | st.integers(-(2**64), 2**64) | st.just(10**30)
_texts = st.text(alphabet="abcXYZ09_.+- ,=]", max_size=6)
_requirements: st.SearchStrategy[Requirement] = st.one_of(
    *(st.builds(cls, _sizes) for cls in (SetOf, RunOf, ColorOf, ColorRunOf, ColorSetOf)),
    *(st.builds(cls, _sizes) for cls in (AltColorRunOf, _Badly)),
    *(
        st.builds(cls, _sizes, st.none() | st.sampled_from(Parity))
        for cls in (ParityOf, ParityRunOf, ColorParityRunOf)
    ),
    st.builds(
        _Tagged,
        _sizes,
        count=_numbers,
        label=_texts,
        flag=st.none() | st.booleans(),
        parity=st.none() | st.sampled_from(Parity),
        scale=st.sampled_from([1.0, 2.5]),
    ),
)
_melds = st.builds(
    Meld,
    _requirements,
    st.lists(card_values, max_size=14).map(tuple),
    _anchors,
    st.none() | st.sampled_from(Color),
    st.booleans(),
    st.lists(st.sampled_from(Color), max_size=2).map(tuple),
)
_all_actions: st.SearchStrategy[Action] = st.one_of(
    actions,
    st.builds(LayDown, st.lists(_melds, max_size=4).map(tuple), st.none() | phase_numbers),
    st.builds(LayGroup, _melds, st.none() | phase_numbers),
    st.builds(Hit, card_values, seats, indexes, st.none() | ends),
)


@given(_all_actions)
def test_any_action_is_written_as_before(action: Action) -> None:
    assert_written_as_before(action)


@settings(max_examples=max(5, settings().max_examples // 2))
@given(st.lists(_melds, min_size=1, max_size=3), st.none() | phase_numbers)
def test_groups_laid_as_the_engine_builds_them_are_written_as_before(
    melds: list[Meld], phase: int | None
) -> None:
    """The engine's lay-downs skip the constructor's sorting (canonical_lay_down)."""
    assert_written_as_before(canonical_lay_down(tuple(melds), phase))


# --------------------------------------------------------------------------- odd values


@attrs.frozen
class _LoudDiscard(Discard):
    """A subclass of an action class: written as the class it extends."""


def test_subclasses_of_the_action_classes_are_written_as_before() -> None:
    r7 = Card.parse("R7")
    for action in (_LoudDiscard(r7, 3), _LoudDiscard(Card.parse("W"))):
        assert_written_as_before(action)
        assert action_to_text(action).startswith("discard ")


_T = typing.TypeVar("_T")


def _smuggled(action: _T, **fields: object) -> _T:
    """``action`` with ``fields`` set past its constructor's checks."""
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


def test_values_smuggled_past_the_constructors_are_written_as_before() -> None:
    """Not actions a caller can build: the same text or the same error all the same."""
    r7 = Card.parse("R7")
    group = SetOf(3).make("R7 B7 W")
    odd: list[object] = [
        _smuggled(Discard(r7), card="R7"),
        _smuggled(Hit(r7, 1, 0), card="B3"),
        _smuggled(Save(r7), card=None),
        _smuggled(SwapWild(r7, 1, 0, End.LOW), card=7),
        _smuggled(NextHand(()), deck=("R7", "B3")),
        canonical_lay_down((_smuggled(SetOf(3).make("R7 B7 W"), cards=("R7", "B7", "W")),)),
        canonical_lay_down((_smuggled(SetOf(3).make("R7 B7 W"), cards=(7,)),)),
        canonical_lay_down((_smuggled(RunOf(3).make("W R4 R5"), cards=17),)),
        canonical_lay_down((_smuggled(SetOf(3).make("R7 B7 W"), requirement="set"),)),
        canonical_lay_down((group, "not a group")),  # type: ignore[arg-type]
        "draw",
        None,
        DrawStock,
    ]
    for action in odd:
        assert_written_as_before(action)


def test_the_writer_refuses_what_the_reader_refuses() -> None:
    """A group size to write larger than any deck, or a parameter beyond 64 bits: an error,
    not text that parse_action would refuse."""
    huge = Meld(SetOf(_MAX_GROUP_SIZE + 1), parse_cards("R7 B7 W"))
    with pytest.raises(InvalidDataError, match=r"cannot be written.*at most 53,000"):
        action_to_text(LayDown((huge,)))
    with pytest.raises(InvalidDataError, match="cannot be written"):
        action_to_text(LayGroup(Meld(_Tagged(3, count=2**64), parse_cards("R7 B7 W"))))
    largest = Meld(SetOf(_MAX_GROUP_SIZE), parse_cards("R7 B7 W"))
    assert parse_action(action_to_text(LayDown((largest,)))) == LayDown((largest,))
    widest = Meld(_Tagged(3, count=-(2**63)), parse_cards("R7 B7 W"))
    assert parse_action(action_to_text(LayGroup(widest))) == LayGroup(widest)
