"""Game state: immutable values that share structure with their parent (R-8).

A :class:`GameState` is never changed; :func:`phase10.apply` returns a new one
that reuses every part the action did not touch (the rules, the other players,
their melds). The stock order and the seed are in the state, so a state plus
an action always gives the same next state.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, TypeVar, cast

import attrs

from .cards import Card, standard_deck
from .melds import Meld
from .phase_cards import remaining
from .phases import Phase
from .rules import MAX_DECKS, DrawExhaustion, PhaseOrder, Rules, Tiebreak
from .teams import ranking

if TYPE_CHECKING:
    from attrs import AttrsInstance

__all__ = [
    "JSON_OPTIONAL",
    "GameState",
    "HandResult",
    "Laying",
    "PlayerState",
    "Presentable",
    "Stage",
    "replace",
]

T = TypeVar("T", "GameState", "PlayerState")
C = TypeVar("C", bound="AttrsInstance")

JSON_OPTIONAL = "phase10.json_optional"
"""attrs field metadata key: the field may be missing from a document (it then takes its
default). Fields added after documents were first written carry it."""


class Stage(enum.Enum):
    """Where the game stands: what kind of action comes next."""

    CHOOSE_PHASE = "choose_phase"
    """Masters: players name the phase they will attempt this hand (V-1.4)."""
    DEAL_UP = "deal_up"
    """The dealer decides who gets the upturned Wild or loses a turn to the Skip (V-12)."""
    DRAW = "draw"
    """The current player must draw (R-4.2)."""
    PLAY = "play"
    """The current player may lay down and hit, and must discard (R-4.3..R-4.5)."""
    HAND_OVER = "hand_over"
    """The hand is scored; the next action deals the next hand (R-13)."""
    GAME_OVER = "game_over"
    """Someone won (R-15); nothing more can happen."""

    def __repr__(self) -> str:
        return f"<Stage.{self.name}>"


# The stages the engine tests on every decision, as module constants. On CPython 3.10 and
# 3.11 reading a member from its Enum class costs about ten times a global read (the
# metaclass's ``__getattr__`` keeps the attribute cache out; three to four times on 3.12+).
# The same objects: ``STAGE_PLAY is Stage.PLAY``.
STAGE_DRAW: Final = Stage.DRAW
STAGE_PLAY: Final = Stage.PLAY
STAGE_HAND_OVER: Final = Stage.HAND_OVER
STAGE_GAME_OVER: Final = Stage.GAME_OVER
_FRESH_DECK: Final = DrawExhaustion.FRESH_DECK  # rule options read once a decision, alike
_ANY_ORDER: Final = PhaseOrder.ANY


class _WeakReferable:
    """The ``__weakref__`` slot of the state and view classes, in a base of their own.

    CPython refuses ``__class__`` assignment between two classes that each add their own
    ``__weakref__`` slot; with the slot here, :func:`_generate`'s builder classes share the
    classes' layout, and states and views stay weakly referable as before.
    """

    __slots__ = ("__weakref__",)


@attrs.frozen(weakref_slot=False)
class PlayerState(_WeakReferable):
    """One seat: public facts, plus the hand that only this seat may see (R-8.1).

    ``hand`` is kept sorted by card code, so equal hands are equal tuples.
    ``completed`` lists phase numbers in the order they were completed.
    """

    name: str
    hand: tuple[Card, ...] = ()
    melds: tuple[Meld, ...] = ()
    score: int = 0
    completed: tuple[int, ...] = ()
    laid_down: bool = False
    """Whether this player has laid down their phase in the current hand."""
    skips_pending: int = 0
    """Skips waiting to cost this player a turn (R-9.5)."""
    phase_attempted: int | None = None
    """The phase number this player is attempting this hand (or laid down)."""
    saved: tuple[Card, ...] = ()
    """Masters: this player's private Save pile, kept from hand to hand (V-1.6)."""
    saved_this_hand: bool = False
    """Masters: whether this player has saved a card this hand (one per hand, V-1.6)."""
    floating: bool = False
    """Floating: the player emptied their hand without going out (V-9)."""
    best: int = attrs.field(default=0, metadata={JSON_OPTIONAL: True})
    """The most phases this player has had completed at the end of a hand; kept only under
    Anti-Phase's ``anti_floor`` (issue 14), 0 otherwise."""
    assigned: tuple[int, ...] = attrs.field(default=(), metadata={JSON_OPTIONAL: True})
    """Hard 2-player Masters: the phases on this player's Phase cards, sorted, repeats
    included; the player must complete exactly these (V-15). Empty otherwise."""


@attrs.frozen
class HandResult:
    """What happened in a finished hand: who went out, points, who advanced."""

    hand_number: int
    went_out: int | None
    """The seat that went out, or ``None`` when the hand ended without a winner (R-14.2)."""
    points: tuple[int, ...]
    """Penalty points each seat scored this hand (R-11)."""
    completed: tuple[int | None, ...]
    """The phase each seat completed this hand, or ``None``."""
    tiebreak: bool = False


@attrs.frozen
class Laying:
    """A lay-down under way: the groups of ``phase`` put down so far this turn (R-5.4).

    A phase of several groups is laid a group at a time
    (:class:`~phase10.LayGroup`), and goes on the table with its last group
    (:class:`~phase10.LayDown`), in the same turn. Until then the cards stay in
    the hand and only the player who lays them sees the groups.
    """

    phase: int
    melds: tuple[Meld, ...]


class Presentable:
    """The presentation hooks a table value shows itself with: a one-line ``repr``, the
    table as text (``str``), and an SVG picture in Jupyter.

    Shared by :class:`GameState` (drawn as the spectators see it) and
    :class:`~phase10.PlayerView` (as its seat sees it); the renderers live in
    :mod:`phase10.text` and :mod:`phase10.svg`, imported when first used.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        from .text import summary

        return f"<{type(self).__name__} {summary(self)}>"  # type: ignore[arg-type]

    def __str__(self) -> str:
        from .text import render

        return render(self)  # type: ignore[arg-type]

    def _repr_svg_(self) -> str:
        """Jupyter: the table as a picture (:func:`phase10.svg.render`)."""
        from .svg import render

        return render(self)  # type: ignore[arg-type]

    def _repr_html_(self) -> str:
        from .svg import render

        return f"<div>{render(self)}</div>"  # type: ignore[arg-type]


@attrs.frozen(repr=False, weakref_slot=False)
class GameState(_WeakReferable, Presentable):
    """The whole game at one moment. Build it with :func:`phase10.new_game`.

    ``stock`` lists the draw pile top first; ``discard_pile`` has its top last.
    ``seats`` are the seats taking part in the current hand (all of them,
    except in a tiebreak hand, R-15.5).
    """

    rules: Rules
    players: tuple[PlayerState, ...]
    seed: int
    stage: Stage
    hand_number: int
    dealer: int
    current_player: int | None
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    seats: tuple[int, ...]
    turn: int = 0
    """Turns taken in this hand, skipped turns included (circuits, V-10)."""
    total_turns: int = 0
    """Turns taken in the whole game (the ``max_turns`` cap)."""
    reshuffles: int = 0
    """How often the draw pile was refilled this hand (seeds the next shuffle): the
    discards reshuffled, or a fresh deck brought in (A-17)."""
    taken_discard: Card | None = None
    """The card taken from the discard pile this turn, if any (A-18)."""
    laid_down_this_turn: bool = False
    """Whether the current player laid down this turn (A-1, A-2)."""
    forced_discard: bool = False
    """V-12: the current player took the upturned Wild and must now discard a non-Skip."""
    skip_record: tuple[int, ...] = ()
    """Per seat: the turn at which it was last targeted by a Skip, or -1 (A-6)."""
    pickups: tuple[tuple[Card, ...], ...] = ()
    """Per seat: the cards it took from the discard pile this hand (public knowledge)."""
    lost_turns: tuple[int, ...] = ()
    """Seats that lost their turn to a Skip as a result of the last action."""
    tiebreak: bool = False
    """Whether this hand is a tiebreak hand (R-15.4)."""
    tiebreak_seats: tuple[int, ...] = ()
    """The tied seats of a tiebreak under way or about to be dealt (R-15.5)."""
    winners: tuple[int, ...] = ()
    """When the game is over: the winning seat, or several for a shared win (A-15)."""
    results: tuple[HandResult, ...] = ()
    """Every finished hand, oldest first."""
    laying: Laying | None = attrs.field(default=None, metadata={JSON_OPTIONAL: True})
    """The current player's lay-down under way (its groups still in hand), if any."""
    first_out: int | None = attrs.field(default=None, metadata={JSON_OPTIONAL: True})
    """Last stand (house rule, V-15): the seat that went out first, while the others take
    their final turns; it wins the hand."""
    final_turns: tuple[int, ...] = attrs.field(default=(), metadata={JSON_OPTIONAL: True})
    """Last stand: the seats still to take their final turn after the current one, in order."""
    direction: int = attrs.field(default=1, metadata={JSON_OPTIONAL: True})
    """The direction of play: ``1`` along :attr:`seats` (to the left, R-3.6), ``-1`` the
    other way, after an odd number of Reverse cards this hand (V-15)."""

    @property
    def decks(self) -> int:
        """How many decks are in play this hand: one, plus each fresh deck brought in when
        the draw pile ran out (A-17 ``"fresh_deck"``, counted by :attr:`reshuffles`).
        Every card of that many decks is somewhere in the state."""
        if self.rules.draw_exhaustion is _FRESH_DECK:
            return 1 + min(self.reshuffles, MAX_DECKS - 1)
        return 1

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.stage is STAGE_GAME_OVER

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over; ``None`` before, or for a shared win."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def ranking(self) -> tuple[int, ...]:
        """Once the game is over, every seat from first to last: the winners, then the
        others by phases completed, then total score (V-16); ``()`` before."""
        if self.stage is not STAGE_GAME_OVER:
            return ()
        players = self.players
        return ranking(
            self.winners, [len(p.completed) for p in players], [p.score for p in players]
        )

    @property
    def top_discard(self) -> Card | None:
        """The face-up card on the discard pile, if any."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def current(self) -> PlayerState | None:
        """The player whose turn it is, if any."""
        return None if self.current_player is None else self.players[self.current_player]

    def next_deck(self) -> tuple[Card, ...]:
        """The cards the next hand is dealt from, in the deck's own order: the rules' deck
        less the cards on Save piles, which stay out of the deal (V-1.6, Masters). A server
        that shuffles its own decks passes them shuffled to :class:`~phase10.NextHand`.

        >>> from phase10 import new_game, standard_deck
        >>> state = new_game(3, "masters", seed=1)  # nothing saved yet: the whole deck
        >>> state.next_deck() == standard_deck(state.rules), len(state.next_deck())
        (True, 106)
        """
        deck = standard_deck(self.rules)
        saved = [card for player in self.players for card in player.saved]
        if not saved:
            return deck
        left = dict.fromkeys(saved, 0)
        for card in saved:
            left[card] += 1
        kept = []
        for card in deck:
            if left.get(card, 0):
                left[card] -= 1
            else:
                kept.append(card)
        return tuple(kept)

    def target_phase(self, seat: int) -> Phase | None:
        """The phase ``seat`` must make this hand (R-3.7), or ``None`` when it may pick.

        ``None`` also means the player has completed every phase.
        """
        player = self.players[seat]
        rules = self.rules
        if self.tiebreak:
            if rules.fixed_hands is not None:
                return rules.phases[rules.fixed_hands - 1]
            if rules.tiebreak is Tiebreak.REPLAY_LAST_ATTEMPTED_PHASE and player.completed:
                return rules.phase(player.completed[-1])
            return rules.final_phase
        if player.phase_attempted is not None:
            return rules.phase(player.phase_attempted)
        if rules.fixed_hands is not None:
            index = min(self.hand_number, len(rules.phases)) - 1
            return rules.phases[index]
        if rules.phase_order is _ANY_ORDER:
            return None
        done = player.completed  # a few numbers: a tuple look-up beats building a set
        for phase in rules.phases:
            if phase.number not in done:
                return phase
        return None

    def remaining_phases(self, seat: int) -> tuple[int, ...]:
        """The phase numbers ``seat`` must still complete to win, repeats included (R-15.1;
        a player's Phase cards under Hard 2-player Masters, V-15)."""
        player = self.players[seat]
        return remaining(self.rules, player.assigned, player.completed)

    def open_phases(self, seat: int) -> tuple[Phase, ...]:
        """The phases ``seat`` may still lay down this hand."""
        target = self.target_phase(seat)
        if target is not None:
            return (target,)
        if self.rules.phase_order is PhaseOrder.ANY and not self.tiebreak:
            player = self.players[seat]
            left = set(remaining(self.rules, player.assigned, player.completed))
            return tuple(p for p in self.rules.phases if p.number in left)
        return ()


_UNCHANGED = object()


def _generate(
    cls: type[AttrsInstance], params: str, value: Callable[[str], str]
) -> Callable[..., object]:
    """A function ``(<params>) -> new instance`` of the attrs class ``cls`` whose field
    ``name`` is ``value(name)``, written out field by field (as attrs writes ``__init__``).

    The classes given (the two state classes, the two view classes) have no validators,
    converters or ``__attrs_post_init__``, so their ``__init__`` only stores each field. The
    new instance is filled as an instance of a *builder*: a plain class with the same bases
    and slots, so each field is stored by a plain attribute store (the frozen class refuses
    those), then it becomes a ``cls`` by ``__class__`` assignment, which CPython allows
    between classes of one layout. Where it does not, each field is stored through its
    slot's descriptor (about three times slower).
    """
    names = [field.name for field in attrs.fields(cls)]
    assert not any(f.validator or f.converter for f in attrs.fields(cls))
    assert not hasattr(cls, "__attrs_post_init__")
    slots = vars(cls)["__slots__"]
    builder = type(f"_{cls.__name__}Builder", cls.__bases__, {"__slots__": slots})
    scope: dict[str, object] = {"_new": object.__new__, "_cls": cls, "_U": _UNCHANGED}
    lines = [f"def replace({params}):"]
    if _same_layout(builder, cls):
        scope["_builder"] = builder
        lines.append("    new = _new(_builder)")
        lines.extend(f"    new.{name} = {value(name)}" for name in names)
        lines.append("    new.__class__ = _cls")
    else:  # pragma: no cover - CPython allows the assignment
        scope.update({f"_set_{name}": getattr(cls, name).__set__ for name in names})
        lines.append("    new = _new(_cls)")
        lines.extend(f"    _set_{name}(new, {value(name)})" for name in names)
    lines.append("    return new")
    exec("\n".join(lines), scope)  # generated from the class's own field names
    function = scope["replace"]
    assert callable(function)
    return function


def _same_layout(builder: type, cls: type) -> bool:
    """Whether an instance of ``builder`` may become a ``cls`` by ``__class__`` assignment."""
    probe: object = object.__new__(builder)
    try:
        probe.__class__ = cls
    except TypeError:  # pragma: no cover - another Python's layout rules
        return False
    return True


def _replacer(cls: type[GameState | PlayerState]) -> Callable[..., object]:
    """A function ``(inst, **changes) -> copy of inst with changes`` for ``cls``."""
    names = [field.name for field in attrs.fields(cls)]
    return _generate(
        cls,
        "inst, *, " + ", ".join(f"{name}=_U" for name in names),
        lambda name: f"inst.{name} if {name} is _U else {name}",
    )


def rebuilder(cls: type[GameState | PlayerState], *changed: str) -> Callable[..., object]:
    """A function ``(inst, *, <changed>) -> copy of inst`` that must be given exactly the
    fields ``changed``: for the hot paths that always change the same fields (a draw, a
    discard, the next turn), it skips :func:`replace`'s test of every other field."""
    names = {field.name for field in attrs.fields(cls)}
    assert changed
    assert set(changed) <= names, changed
    return _generate(
        cls,
        "inst, *, " + ", ".join(changed),
        lambda name: name if name in changed else f"inst.{name}",
    )


def constructor(cls: type[C]) -> Callable[..., C]:
    """A function ``(<every field of the attrs class cls, in order, positional>) -> cls``: the
    constructor without attrs' frozen stores (a third of the cost), for a class with no
    validators or converters whose ``__weakref__`` slot comes from :class:`_WeakReferable`
    (the view classes: one is built for every decision a bot takes)."""
    names = [field.name for field in attrs.fields(cls)]
    return cast("Callable[..., C]", _generate(cls, ", ".join(names), lambda name: name))


_REPLACERS: Mapping[type, Callable[..., object]] = MappingProxyType(
    {cls: _replacer(cls) for cls in (GameState, PlayerState)}
)


replace_state = cast("Callable[..., GameState]", _REPLACERS[GameState])
"""``replace`` for a :class:`GameState`, without the dispatch on the class (the hot path)."""
replace_player = cast("Callable[..., PlayerState]", _REPLACERS[PlayerState])
"""``replace`` for a :class:`PlayerState`, without the dispatch on the class."""


def replace(inst: T, **changes: object) -> T:
    """A copy of ``inst`` with ``changes``: ``attrs.evolve`` at 40% of the cost (the hot path)."""
    return cast(T, _REPLACERS[inst.__class__](inst, **changes))
