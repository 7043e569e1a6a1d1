"""Game records: the rules, the deal and every action, enough to replay a whole game.

A :class:`GameRecord` is small (a seed instead of 108 cards per hand) and
readable (actions in the notation of :mod:`phase10.notation`). Replaying it
with the same library version gives back every state of the game, equal to
the states of the original game.

File format: one JSON document, UTF-8, written by :meth:`GameRecord.save` and
:func:`phase10.serialization.to_json`::

    {
      "schema": 1,
      "type": "record",
      "rules": {"spec": "standard"},
      "players": ["Ann", "Bob"],
      "seed": 7,
      "dealer": 0,
      "deck": null,
      "metadata": {"event": "club night"},
      "actions": ["take", "discard R12", "draw", ...],
      "digests": ["3f0c1e9a2b7d4c55", ...]
    }

``rules`` is the rules object of :mod:`phase10.serialization` (the variant
spec plus every option that differs from the official defaults). ``deck`` is
``null`` (the first hand is shuffled from ``seed``) or the first hand's cards
in notation, top of the stock first; later hands are shuffled from ``seed``
unless their ``next`` action names a deck. ``digests`` is optional (may be
``[]``): the :func:`state_digest` of the state before the first action and
after each action, as far as it goes. When it is there, :func:`replay` checks
every step and names the first action whose result differs, which is how a
stored game reveals that a rule change altered it. Every key must be present.

>>> from phase10 import GreedyBot, play_game
>>> record = GameRecord.start(["Ann", "Bob"], seed=7)
>>> actions = []
>>> final = play_game(record.initial_state(), [GreedyBot(), GreedyBot()],
...                   on_action=lambda before, action, after: actions.append(action))
>>> record = record.extend(actions)
>>> record.final_state() == final
True
>>> record.actions[0] in ("draw", "take"), len(record.actions) == len(actions)
(True, True)
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Generic, TypeVar

import attrs
from typing_extensions import Self

from .actions import Action
from .cards import Card, format_cards
from .codec import (
    Codec,
    build,
    document,
    format_json,
    guarded,
    open_document,
    parse_json,
    read_file,
    write_file,
)
from .engine import apply, new_game
from .errors import IllegalActionError, InvalidDataError, InvalidRulesError
from .limits import MAX_DOCUMENT, MAX_PLAYERS, SEED_LIMIT, checked_name, checked_text, quote, show
from .melds import Meld
from .narration import describe
from .notation import action_to_text, parse_action
from .rules import Rules
from .state import GameState

__all__ = ["FamilyRecord", "GameRecord", "record_from_fields", "replay", "state_digest"]

A = TypeVar("A")
S = TypeVar("S")
R = TypeVar("R")
T = TypeVar("T")

_DIGEST_RE = re.compile(r"[0-9a-f]{16}")


def _rules(value: Rules | str) -> Rules:
    if isinstance(value, Rules):
        return value
    if isinstance(value, str):
        from .variants import resolve

        return resolve(value)
    raise InvalidDataError(f"rules must be a Rules or a variant spec, not {show(value)}")


def family_rules(resolve: Callable[[T], R], value: T) -> R:
    """A record's rules by the game's ``resolve_rules``; a bad spec or value is an
    InvalidDataError at ``$.rules``. Shared by the records of every game of the family."""
    try:
        return resolve(value)
    except InvalidRulesError as error:
        raise InvalidDataError(error.message, "$.rules") from None


def _sequence(value: object, what: str) -> tuple[object, ...]:
    """``value`` as a tuple; one string or a non-iterable is not a sequence of items."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidDataError(f"{what} must be a sequence, not {show(value)}", f"$.{what}")
    return tuple(value)


def player_names(value: Iterable[str]) -> tuple[str, ...]:
    """A record's player names, checked (shared by the game family's records)."""
    names = _sequence(value, "players")
    return tuple(checked_name(name, f"$.players[{i}]") for i, name in enumerate(names))


def check_seed(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    """attrs validator: a record's seed is a whole number in ``[0, 2**64)``."""
    if type(value) is not int or not 0 <= value < SEED_LIMIT:
        raise InvalidDataError(
            f"a seed is a whole number with 0 <= seed < 2**64, not {show(value)}", "$.seed"
        )


def _dealer(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value < MAX_PLAYERS:
        raise InvalidDataError(
            f"the dealer is a seat number from 0 to {MAX_PLAYERS - 1}, not {show(value)}",
            "$.dealer",
        )


def _deck(value: Iterable[Card] | None) -> tuple[Card, ...] | None:
    if value is None:
        return None
    deck = _sequence(value, "deck")
    for index, card in enumerate(deck):
        if not isinstance(card, Card):
            raise InvalidDataError(
                f"a deck holds Card values, not {show(card)}", f"$.deck[{index}]"
            )
    return typing.cast("tuple[Card, ...]", deck)


def _metadata(value: Mapping[str, str] | None) -> Mapping[str, str]:
    if value is None:
        return MappingProxyType({})
    if not isinstance(value, Mapping):
        raise InvalidDataError(f"metadata maps text to text, not {show(value)}", "$.metadata")
    items = dict(value)
    if (
        all(type(text) is str for text in (*items, *items.values()))
        and "".join((*items, *items.values())).isascii()
    ):
        return MappingProxyType(items)  # the common case: no text to look at one by one
    for key, text in items.items():
        where = "$.metadata" if not isinstance(key, str) else f"$.metadata[{quote(key)}]"
        checked_text(key, "a metadata key", where)
        checked_text(text, "metadata", where)
    return MappingProxyType(items)


@attrs.frozen
class _Grown:
    """A record's own action texts (already canonical) and actions added after them, handed
    to the ``actions`` converter by ``append`` and ``extend`` so that it reads only the added
    ones: re-reading every earlier action made a record built one action at a time quadratic."""

    texts: tuple[str, ...]
    added: tuple[object, ...]


def action_texts(
    value: Iterable[object] | _Grown, parse: Callable[[str], A], write: Callable[[A], str]
) -> tuple[str, ...]:
    """Actions (values or text) in canonical notation; a bad one raises InvalidDataError
    at ``$.actions[i]``. Shared by the records of every game of the family."""
    start, kept = 0, typing.cast("tuple[str, ...]", ())
    if isinstance(value, _Grown):
        start, kept, value = len(value.texts), value.texts, value.added
    if isinstance(value, str):
        raise InvalidDataError("actions must be a sequence, not one string")
    texts: list[str] = []
    canonical: dict[str, str] = {}  # a game repeats its moves ("draw", "take"): read each once
    for index, item in enumerate(_sequence(value, "actions"), start):
        try:
            if isinstance(item, str):
                text = canonical.get(item)
                if text is None:
                    text = canonical[item] = write(parse(item))
                texts.append(text)
            else:
                texts.append(write(typing.cast(A, item)))
        except InvalidDataError as error:
            where = f"$.actions[{index}]" + (f": {error.path}" if error.path else "")
            raise InvalidDataError(error.message, path=where) from None
    return (*kept, *texts)


def apply_recorded(
    step: Callable[[S, A], S], parse: Callable[[str], A], state: S, index: int, text: str
) -> S:
    """``state`` after the record's action ``index`` (``text``), by ``step`` (an ``apply``).

    An action that is illegal in the replayed game raises InvalidDataError at
    ``$.actions[index]``. Shared by the records of every game of the family.
    """
    try:
        return step(state, parse(text))
    except IllegalActionError as error:
        raise InvalidDataError(
            f"action {index} ({quote(text)}) is illegal in the replayed game: {error.message}",
            path=f"$.actions[{index}]",
        ) from None


class FamilyRecord(Generic[S, A]):
    """What the records of the other games of the family share: adding actions and replaying.

    A record class (a frozen attrs class with an ``actions`` field of action
    texts) derives from it and supplies :meth:`initial_state`, :meth:`step` (the
    game's ``apply``) and :meth:`parse` (its notation reader).
    """

    __slots__ = ()

    def initial_state(self) -> S:
        """The state before the first action."""
        raise NotImplementedError

    def step(self, state: S, action: A) -> S:
        """The game's ``apply``."""
        raise NotImplementedError

    def parse(self, text: str) -> A:
        """The game's notation reader."""
        raise NotImplementedError

    def _texts(self) -> tuple[str, ...]:
        return typing.cast("tuple[str, ...]", getattr(self, "actions"))  # noqa: B009

    def append(self, action: A | str) -> Self:
        """This record with one more action (checked when replayed)."""
        return self.extend((action,))

    def extend(self, actions: Iterable[A | str]) -> Self:
        """This record with more actions (checked when replayed)."""
        grown = _Grown(self._texts(), tuple(actions))
        return attrs.evolve(self, actions=grown)  # type: ignore[misc]  # an attrs subclass

    def parsed_actions(self) -> tuple[A, ...]:
        """The actions as values."""
        return tuple(self.parse(text) for text in self._texts())

    def replay(self) -> Iterator[S]:
        """Every state of the game, the initial one first; an illegal action raises
        :class:`~phase10.InvalidDataError` naming it."""
        state = self.initial_state()
        yield state
        for index, text in enumerate(self._texts()):
            state = apply_recorded(self.step, self.parse, state, index, text)
            yield state

    def final_state(self) -> S:
        """The state after the last action."""
        final = self.initial_state()
        for final in self.replay():  # noqa: B007 - the last one is wanted
            pass
        return final


def _actions(value: Iterable[Action | str]) -> tuple[str, ...]:
    return action_texts(value, parse_action, action_to_text)


def _digests(value: Iterable[str]) -> tuple[str, ...]:
    digests = _sequence(value, "digests")
    for index, digest in enumerate(digests):
        if not isinstance(digest, str) or not _DIGEST_RE.fullmatch(digest):
            raise InvalidDataError(
                f"a digest is 16 lowercase hex digits, not {show(digest)}",
                path=f"$.digests[{index}]",
            )
    return typing.cast("tuple[str, ...]", digests)


@attrs.frozen
class GameRecord:
    """A whole game as its rules, its deal and its actions in notation.

    ``seed`` fixes every shuffle; ``deck``, if given, is the first hand's order
    (top of the stock first). ``actions`` are stored in canonical notation
    (:func:`phase10.notation.action_to_text`); :class:`~phase10.Action` values
    are accepted and converted. ``digests`` are optional step checks (see the
    module docstring); ``metadata`` is free text (event, date, ...), read-only.
    A record is a value: :meth:`append` and :meth:`extend` return new records.
    """

    rules: Rules = attrs.field(converter=_rules)
    players: tuple[str, ...] = attrs.field(converter=player_names)
    seed: int = attrs.field(validator=check_seed)
    """A whole number with ``0 <= seed < 2**64``."""
    dealer: int = attrs.field(default=0, validator=_dealer)
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_deck)
    metadata: Mapping[str, str] = attrs.field(
        factory=lambda: MappingProxyType({}), converter=_metadata, hash=False
    )
    actions: tuple[str, ...] = attrs.field(default=(), converter=_actions)
    digests: tuple[str, ...] = attrs.field(default=(), converter=_digests)

    def __reduce__(self) -> tuple[type[GameRecord], tuple[object, ...]]:
        """Pickle through the constructor (the read-only metadata view cannot be pickled),
        so records travel to worker processes."""
        return (
            GameRecord,
            (
                self.rules,
                self.players,
                self.seed,
                self.dealer,
                self.deck,
                dict(self.metadata),
                self.actions,
                self.digests,
            ),
        )

    def __attrs_post_init__(self) -> None:
        if len(self.digests) > len(self.actions) + 1:
            raise InvalidDataError(
                f"{len(self.digests)} digests for {len(self.actions)} actions: at most one "
                "more digest than actions (the initial state has one)",
                path="$.digests",
            )

    # -- building

    @classmethod
    def start(
        cls,
        players: int | Sequence[str],
        rules: Rules | str = "standard",
        *,
        seed: int | None = None,
        dealer: int = 0,
        deck: Iterable[Card] | None = None,
        metadata: Mapping[str, str] | None = None,
    ) -> GameRecord:
        """A record of a game not yet played; the arguments are those of :func:`phase10.new_game`.

        Without a seed one is drawn (as :func:`~phase10.new_game` does) and kept,
        so the record can always be replayed.

        >>> GameRecord.start(3, seed=1).players
        ('Player 1', 'Player 2', 'Player 3')
        """
        order = None if deck is None else tuple(deck)
        state = new_game(players, rules, seed=seed, dealer=dealer, deck=order)
        names = tuple(player.name for player in state.players)
        return cls(state.rules, names, state.seed, dealer, order, metadata)

    @classmethod
    def from_actions(
        cls,
        players: int | Sequence[str],
        actions: Iterable[Action | str],
        rules: Rules | str = "standard",
        *,
        seed: int | None = None,
        dealer: int = 0,
        deck: Iterable[Card] | None = None,
        metadata: Mapping[str, str] | None = None,
        check: bool = True,
    ) -> GameRecord:
        """A record of ``actions`` played from :meth:`start`; with ``check`` they are replayed
        at once, so an illegal action raises :class:`~phase10.InvalidDataError` here.

        >>> record = GameRecord.from_actions(["Ann", "Bob"], ["take", "discard Y7"], seed=7)
        >>> record.final_state().current_player
        0
        >>> GameRecord.from_actions(["Ann", "Bob"], ["take", "discard R12"], seed=7)
        Traceback (most recent call last):
        ...
        phase10.errors.InvalidDataError: $.actions[1]: action 1 ('discard R12') is illegal ...
        """
        record = cls.start(
            players, rules, seed=seed, dealer=dealer, deck=deck, metadata=metadata
        ).extend(actions)
        if check:
            record.final_state()
        return record

    def append(self, action: Action | str) -> GameRecord:
        """This record with one more action (not checked: :meth:`replay` checks)."""
        return self.extend((action,))

    def extend(self, actions: Iterable[Action | str]) -> GameRecord:
        """This record with more actions (not checked: :meth:`replay` checks)."""
        grown = _Grown(self.actions, tuple(actions))  # the converter reads only the added
        return attrs.evolve(self, actions=grown)  # type: ignore[arg-type]

    def with_digests(self) -> GameRecord:
        """This record with a digest for every step, computed by replaying it."""
        return attrs.evolve(self, digests=tuple(state_digest(s) for s in self.replay(False)))

    # -- reading

    @property
    def spec(self) -> str:
        """The variant spec of the rules, e.g. ``"standard"`` or ``"masters+floating"``."""
        return self.rules.spec

    def parsed_actions(self) -> tuple[Action, ...]:
        """The actions as :class:`~phase10.Action` values."""
        return tuple(parse_action(text) for text in self.actions)

    def initial_state(self) -> GameState:
        """The state after the first deal; a bad table, dealer or deck raises
        :class:`~phase10.InvalidDataError` naming the field."""
        try:
            return new_game(
                self.players, self.rules, seed=self.seed, dealer=self.dealer, deck=self.deck
            )
        except InvalidRulesError as error:
            field = {"dealer": "dealer", "seed": "seed"}.get(error.option or "", "players")
            raise InvalidDataError(error.message, path=f"$.{field}") from None
        except IllegalActionError as error:
            raise InvalidDataError(error.message, path="$.deck") from None

    def replay(self, check_digests: bool = True) -> Iterator[GameState]:
        """Every state of the game: first the initial one, then one after each action.

        An action that is illegal in the replayed game, or (with ``check_digests``)
        a state whose digest differs from the recorded one, raises
        :class:`~phase10.InvalidDataError` saying which action diverged.
        """
        state = self.initial_state()
        digests = self.digests if check_digests else ()
        if digests and state_digest(state) != digests[0]:
            raise InvalidDataError(
                "the first deal differs from the recorded one (the game diverged before "
                "action 0: the shuffle or the deal changed)",
                path="$.digests[0]",
            )
        yield state
        for index, text in enumerate(self.actions):
            state = apply_recorded(apply, parse_action, state, index, text)
            if index + 1 < len(digests) and state_digest(state) != digests[index + 1]:
                raise InvalidDataError(
                    f"the game diverged at action {index} ({quote(text)}): the state after it "
                    "differs from the recorded one",
                    path=f"$.actions[{index}]",
                )
            yield state

    def final_state(self) -> GameState:
        """The state after the last action (checked as in :meth:`replay`)."""
        final: GameState | None = None
        for final in self.replay():  # noqa: B007 - the last one is wanted
            pass
        assert final is not None
        return final

    def narrate(self) -> Iterator[str]:
        """One sentence per action (:func:`phase10.narration.describe`), for logs and readers.

        >>> record = GameRecord.from_actions(["Ann", "Bob"], ["take", "discard Y7"], seed=7)
        >>> list(record.narrate())
        ['Bob took Y7 from the discard pile', 'Bob discarded Y7']
        """
        states = self.replay()
        before = next(states)
        for text, after in zip(self.actions, states, strict=True):
            yield describe(before, parse_action(text))
            before = after

    # -- files

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write this record to ``path`` as one JSON document (UTF-8), as
        :func:`phase10.serialization.to_json` writes it; whole or not at all (written beside
        it, then renamed over it), so an interrupted save keeps the record saved before."""
        body = Codec().encode(self, GameRecord)
        assert isinstance(body, dict)
        write_file(path, format_json(document("record", body), indent=2) + "\n")

    @classmethod
    def load(
        cls, path: str | os.PathLike[str], *, max_size: int | None = MAX_DOCUMENT
    ) -> GameRecord:
        """Read a record written by :meth:`save`; a bad document raises
        :class:`~phase10.InvalidDataError` with the JSON path of the fault.

        A file longer than ``max_size`` bytes (:data:`~phase10.limits.MAX_DOCUMENT`,
        4 MiB, about 230,000 actions) is refused before it is read; ``max_size=None``
        reads a file you trust of any length (a game of a million actions takes about
        18 MB)."""
        data = read_file(path, max_size)
        return guarded(
            lambda: record_from_fields(
                open_document(parse_json(data, max_size=max_size), "record")[1]
            )
        )


def record_from_fields(fields: Mapping[str, object]) -> GameRecord:
    """The record whose document has ``fields`` (all but the header), checked as
    :func:`phase10.serialization.from_json` checks it: its actions are valid
    notation, and its players, dealer and deck start a game."""
    values = Codec().field_values(GameRecord, dict(fields), "$")
    actions = typing.cast("tuple[str, ...]", values["actions"])
    read: set[str] = set()  # each text read once (moves repeat), its fault at its JSON path
    for text in actions:
        if text not in read:
            try:
                parse_action(text)
            except InvalidDataError as error:
                where = f"$.actions[{actions.index(text)}]"
                raise InvalidDataError(f"{error.path}: {error.message}", where) from None
            read.add(text)
    # The texts go to the record as they are, which makes each distinct one canonical once
    # rather than write every action of a long game anew.
    record = typing.cast(GameRecord, build(GameRecord, values, "$"))
    record.initial_state()  # a bad table, dealer or deck raises with its JSON path
    return record


def replay(record: GameRecord) -> Iterator[GameState]:
    """Every state of ``record``'s game, first the initial one (see :meth:`GameRecord.replay`).

    >>> record = GameRecord.from_actions(2, ["take"], seed=7)
    >>> [state.stage.value for state in replay(record)]
    ['draw', 'play']
    """
    if not isinstance(record, GameRecord):
        raise TypeError(f"replay takes a GameRecord, not {show(record)}")
    return record.replay()


def _meld_key(meld: Meld) -> str:
    color = "" if meld.color is None else meld.color.value
    color += "".join(c.value for c in meld.colors)
    return (
        f"{meld.requirement.kind}{meld.requirement.size}@{meld.number}{color}"
        f"{'~' if meld.wraps else ''}:{format_cards(meld.cards)}"
    )


def _variant_parts(assigned: tuple[int, ...], best: int) -> list[object]:
    """A seat's Phase cards and best progress (V-15, issue 14), only where a variant has
    them, so the digests of games without them stay as they were."""
    return [list(assigned), best] if assigned or best else []


def state_digest(state: GameState) -> str:
    """A short fingerprint of what defines a game position: 16 hex digits.

    It covers the stage, the turn order (and the direction of play), every hand,
    group, Save pile, score, completed phase and Phase card, the stock and the
    discard pile, and nothing else, so
    bookkeeping fields added to :class:`~phase10.GameState` later do not change
    the digests of stored games.

    >>> from phase10 import new_game
    >>> state_digest(new_game(2, seed=7)) == state_digest(new_game(2, seed=7))
    True
    """
    parts: list[object] = [
        state.stage.value,
        state.hand_number,
        state.dealer,
        state.current_player,
        list(state.seats),
        format_cards(state.stock),
        format_cards(state.discard_pile),
        list(state.winners),
    ]
    for player in state.players:
        parts.append(
            [
                player.name,
                format_cards(player.hand),
                [_meld_key(meld) for meld in player.melds],
                player.score,
                list(player.completed),
                player.laid_down,
                player.skips_pending,
                player.phase_attempted,
                format_cards(player.saved),
                *_variant_parts(player.assigned, player.best),
            ]
        )
    if state.direction != 1 or state.first_out is not None:  # V-15 (absent otherwise)
        parts.append([state.direction, state.first_out, list(state.final_turns)])
    text = json.dumps(parts, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]
