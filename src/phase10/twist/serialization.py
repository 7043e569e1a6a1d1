"""JSON for Phase 10 Twist: states, rules, views and records, as strict as the card game's.

The documents have the card game's header (``"schema"``, then ``"type"``:
``"twist-state"``, ``"twist-rules"``, ``"twist-view"`` or ``"twist-record"``)
and are written by the project's generic codec
(:func:`phase10.serialization.encode_value`), so they read like the card game's:
cards in notation, a pile or a hand as one string, groups as the card game
writes them, the board in its notation (``"1 1 2 2 T 3 ..."``), rules as their
preset spec plus the options that differ from ``TwistRules()``. Decoding
rejects anything this library could not have written, with
:class:`~phase10.InvalidDataError` and the JSON path of the fault.

>>> from phase10.twist import new_game
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> from_json(to_json(state)) == state
True
>>> print(to_json(TwistRules(tiebreak="shared"), indent=None))
{"schema": 1, "type": "twist-rules", "spec": "standard", "tiebreak": "shared"}
>>> from_json(to_json(state).replace('"position": 0', '"position": 99', 1))
Traceback (most recent call last):
...
phase10.errors.InvalidDataError: $.players[0].position: no space 99 on a board of 24
"""

from __future__ import annotations

import typing
from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Literal, Protocol, TypeAlias, overload

from ..cards import Card, standard_deck
from ..codec import options_codec
from ..documents import FamilyDocuments, check_seat, check_table
from ..errors import InvalidDataError, InvalidRulesError
from ..limits import MAX_DOCUMENT
from ..melds import Meld
from ..serialization import ValueCodec
from .board import Board
from .record import TwistRecord
from .rules import TwistChoice, TwistRules
from .state import TwistStage, TwistState, phase_of
from .views import TwistView

__all__ = [
    "CODECS",
    "TwistKind",
    "from_json",
    "load_record",
    "save_record",
    "to_data",
    "to_json",
    "validate_state",
]

TwistKind = Literal["twist-state", "twist-rules", "twist-view", "twist-record"]
"""The ``"type"`` of a Twist document."""

Document: TypeAlias = TwistState | TwistRules | TwistView | TwistRecord

_KINDS: tuple[tuple[TwistKind, type[Document]], ...] = (
    ("twist-state", TwistState),
    ("twist-rules", TwistRules),
    ("twist-view", TwistView),
    ("twist-record", TwistRecord),
)


def _read_board(data: object, path: str) -> Board:
    if not isinstance(data, str):
        raise InvalidDataError(f'expected a board such as "1 1 2 T 3", not {data!r}', path)
    try:
        return Board.parse(data)
    except (InvalidDataError, InvalidRulesError) as error:
        raise InvalidDataError(error.message, path) from None


CODECS: Mapping[type, ValueCodec] = MappingProxyType(
    {
        Board: ValueCodec(str, _read_board),
        TwistRules: options_codec(TwistRules, lambda: CODECS),
    }
)
"""How the Twist types are written, for :func:`phase10.serialization.encode_value`."""


_DOCUMENTS: FamilyDocuments[Document, TwistRecord, TwistState | TwistView] = FamilyDocuments(
    _KINDS,
    CODECS,
    "twist-record",
    (TwistState, TwistView),
    lambda state: validate_state(state),  # defined below
)

to_data = _DOCUMENTS.to_data
"""The JSON document of ``obj`` as Python dicts and lists."""


def to_json(obj: Document, *, indent: int | None = 2) -> str:
    """``obj`` as a JSON document (``indent=None``: one compact line)."""
    return _DOCUMENTS.to_json(obj, indent)


@overload
def from_json(
    text: str | bytes | bytearray,
    kind: Literal["twist-state"],
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> TwistState: ...
@overload
def from_json(
    text: str | bytes | bytearray,
    kind: Literal["twist-rules"],
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> TwistRules: ...
@overload
def from_json(
    text: str | bytes | bytearray,
    kind: Literal["twist-view"],
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> TwistView: ...
@overload
def from_json(
    text: str | bytes | bytearray,
    kind: Literal["twist-record"],
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> TwistRecord: ...
@overload
def from_json(
    text: str | bytes | bytearray, kind: None = None, *, max_size: int | None = MAX_DOCUMENT
) -> Document: ...
def from_json(
    text: str | bytes | bytearray,
    kind: TwistKind | None = None,
    *,
    max_size: int | None = MAX_DOCUMENT,
) -> Document:
    """Read a document written by :func:`to_json`; ``kind`` demands a type.

    Any fault raises :class:`~phase10.InvalidDataError` with its JSON path. A document
    longer than ``max_size`` (:data:`~phase10.limits.MAX_DOCUMENT`) is refused before it
    is parsed; ``max_size=None`` reads a document you trust of any length.
    """
    return typing.cast(Document, _DOCUMENTS.from_json(text, kind, max_size))


save_record = _DOCUMENTS.save_record
"""Write ``record`` to ``path`` as one JSON document (UTF-8)."""

load_record = _DOCUMENTS.load_record
"""Read a record written by :func:`save_record`; faults raise InvalidDataError. A file
longer than ``max_size`` bytes (:data:`~phase10.limits.MAX_DOCUMENT`) is refused unread;
``max_size=None`` reads a file you trust of any length."""


# --------------------------------------------------------------------------- validation


class _Seat(Protocol):
    """What a state's player and a view's seat both tell."""

    @property
    def position(self) -> int: ...
    @property
    def melds(self) -> tuple[Meld, ...]: ...
    @property
    def laid_down(self) -> bool: ...
    @property
    def skipped(self) -> bool: ...
    @property
    def phase_space(self) -> int | None: ...
    @property
    def twist_card(self) -> int | None: ...


def _seats(state: TwistState | TwistView) -> Sequence[_Seat]:
    return state.players


def validate_state(state: TwistState | TwistView) -> None:
    """Raise :class:`~phase10.InvalidDataError` unless ``state`` could occur in a game.

    Checks the table, the seats and the stage, the pawns and their phases, the
    Twist cards, the groups on the table, the piles and (for a state) that the
    cards are exactly the rules' deck, with hands in the engine's order.
    """
    rules = state.rules
    count = len(state.players)
    check_table(
        rules.check_players,
        count,
        [("dealer", state.dealer), ("current_player", state.current_player)],
        [player.name for player in state.players],
    )
    if isinstance(state, TwistView):
        check_seat(state.seat, count, "$.seat")
    stage = state.stage
    between = stage in (TwistStage.HAND_OVER, TwistStage.GAME_OVER)
    if (state.current_player is None) != between:
        raise InvalidDataError(
            "a player is to move exactly while a hand is under way", "$.current_player"
        )
    played = len(state.results)
    if state.hand_number < 1 or played not in (
        (state.hand_number - 1, state.hand_number)
        if stage is TwistStage.GAME_OVER
        else (state.hand_number - (not between),)
    ):
        raise InvalidDataError("one result per hand played", "$.results")
    if state.winners and stage is not TwistStage.GAME_OVER:
        raise InvalidDataError("only a finished game has winners", "$.winners")
    for i, seat in enumerate(state.winners):
        check_seat(seat, count, f"$.winners[{i}]")
    _check_pawns(state, between)
    _check_table(state)
    _check_cards(state)


def _check_pawns(state: TwistState | TwistView, between: bool) -> None:
    """Positions on the board; each hand's phase fits the pawn's space (T-3)."""
    rules = state.rules
    board = rules.board
    drawn = [p.twist_card for p in _seats(state) if p.twist_card is not None]
    for card in drawn:
        if not 0 <= card < len(rules.twist_cards):
            raise InvalidDataError(f"there is no Twist card {card + 1}", "$.players")
    if isinstance(state, TwistState):
        if sorted((*state.twist_deck, *drawn)) != list(range(len(rules.twist_cards))):
            raise InvalidDataError(
                "each Twist card is in the holder or drawn, once", "$.twist_deck"
            )
    elif state.twist_deck_size + len(drawn) != len(rules.twist_cards):
        raise InvalidDataError("each Twist card is in the holder or drawn", "$.twist_deck_size")
    for seat, player in enumerate(_seats(state)):
        path = f"$.players[{seat}]"
        if not 0 <= player.position <= board.last:
            raise InvalidDataError(
                f"no space {player.position} on a board of {len(board)}", f"{path}.position"
            )
        if between:
            continue  # the pawns have moved since the phases were set
        twist = board.is_twist(player.position)
        expected = board.neighbours(player.position) if twist else (player.position,)
        chosen = player.phase_space is not None or player.twist_card is not None
        if (player.phase_space is not None and player.twist_card is not None) or (
            player.phase_space is not None and player.phase_space not in expected
        ):
            raise InvalidDataError("the phase does not fit the pawn's space", f"{path}.phase_space")
        if player.twist_card is not None and not twist:
            raise InvalidDataError("only a Twist space draws a Twist card", f"{path}.twist_card")
        waiting = state.stage is TwistStage.CHOOSE and seat == state.current_player
        if (waiting and chosen) or (not chosen and state.stage is not TwistStage.CHOOSE):
            raise InvalidDataError(
                "players on Twist spaces choose before play, in turn", f"{path}.phase_space"
            )


def _check_table(state: TwistState | TwistView) -> None:
    """The groups on the table, the lay-down under way, the piles and the Skips in play."""
    rules = state.rules
    meld_rules = rules.meld_rules
    for seat, player in enumerate(_seats(state)):
        path = f"$.players[{seat}].melds"
        if bool(player.melds) != player.laid_down:
            raise InvalidDataError("a player has groups on the table once laid down", path)
        phase = phase_of(rules, player.phase_space, player.twist_card)
        if player.melds and (
            phase is None
            or Counter(m.requirement for m in player.melds) != Counter(phase.requirements)
        ):
            raise InvalidDataError("the groups are not the player's phase", path)
        for i, meld in enumerate(player.melds):
            why = meld.problem(meld_rules)
            if why:
                raise InvalidDataError(why, f"{path}[{i}]")
    if state.laying:
        mover = state.current_player
        if state.stage is not TwistStage.PLAY or mover is None or state.players[mover].laid_down:
            raise InvalidDataError("a lay-down is under way only in a turn", "$.laying")
        for i, meld in enumerate(state.laying):
            why = meld.problem(meld_rules)
            if why:
                raise InvalidDataError(why, f"$.laying[{i}]")
    piles = state.discard_piles
    empty = [p for p, pile in enumerate(piles) if not pile]
    if state.refill is not None:
        if state.stage is not TwistStage.PLAY or empty != [state.refill]:
            raise InvalidDataError("only the pile just emptied waits for a card", "$.refill")
    elif empty and not (
        len(empty) == len(piles)
        and state.stage is TwistStage.CHOOSE
        and rules.twist_choice is TwistChoice.BEFORE_DEAL
    ):
        raise InvalidDataError("a discard pile is empty", "$.discard_piles")
    if any(not card.is_skip for card in state.set_aside):
        raise InvalidDataError("only Skips are set aside", "$.set_aside")
    skips = len(state.set_aside) + sum(p.skipped for p in state.players)
    if skips > rules.deck.skips:
        raise InvalidDataError(f"{skips} Skips played; the deck has {rules.deck.skips}", "$")


def _check_cards(state: TwistState | TwistView) -> None:
    """Every card once: hands, groups, draw pile, discard piles, Skips in play (T-5)."""
    deck = Counter(standard_deck(state.rules.deck))
    seen: Counter[Card] = Counter()
    for pile in state.discard_piles:
        seen.update(pile)
    seen.update(state.set_aside)
    for player in _seats(state):
        for meld in player.melds:
            seen.update(meld.cards)
    skipped = sum(p.skipped for p in state.players)
    if isinstance(state, TwistState):
        for seat, player in enumerate(state.players):
            if list(player.hand) != sorted(player.hand, key=lambda c: c.code):
                raise InvalidDataError("a hand is kept in card order", f"$.players[{seat}].hand")
            seen.update(player.hand)
        seen.update(state.stock)
        seen[Card.parse("S")] += skipped
        if seen != deck:
            raise InvalidDataError(
                f"the cards must be exactly the rules' {sum(deck.values())}-card deck", "$"
            )
        mover = state.current_player
        _check_laying(state.laying, () if mover is None else state.players[mover].hand)
        return
    if state.hand is not None:
        seen.update(state.hand)
        assert state.seat is not None
        if len(state.hand) != state.players[state.seat].hand_size:
            raise InvalidDataError("the hand does not match its size", "$.hand")
        _check_laying(state.laying, state.hand)
    unseen = state.stock_size + sum(
        p.hand_size for s, p in enumerate(state.players) if s != state.seat
    )
    if seen - deck or sum(seen.values()) + unseen + skipped != sum(deck.values()):
        raise InvalidDataError(
            f"the cards must be exactly the rules' {sum(deck.values())}-card deck", "$"
        )


def _check_laying(laying: tuple[Meld, ...], hand: tuple[Card, ...]) -> None:
    held = Counter(hand)
    for meld in laying:
        held.subtract(meld.cards)
    if any(n < 0 for n in held.values()):
        raise InvalidDataError("a lay-down under way uses cards in hand", "$.laying")
