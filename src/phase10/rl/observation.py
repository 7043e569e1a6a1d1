"""Observations: what one seat may see, as a fixed-shape array (issue 11).

:class:`ObservationEncoder` turns a seat's :class:`~phase10.PlayerView` into a
``float32`` array whose length the rule set fixes. It reads only what the view
holds, so it cannot leak what the seat may not see: two states that differ
only in other hands, the order of the draw pile or the seed give equal arrays.
Seats are listed from the viewer's point of view (the viewer first, then the
seats after it by seat number: the order of play unless a Reverse card turned it),
so one policy can play any seat.

The array is a row of global blocks, then one block per seat (``blocks`` and
``seat_blocks``; ``docs/ai.rst`` has both tables).

>>> from phase10 import new_game, player_view
>>> encoder = ObservationEncoder("standard")
>>> state = new_game(4, seed=3)
>>> obs = encoder.encode(player_view(state, 0))
>>> obs.shape, obs.dtype.name, int(obs[encoder.block("hand")].sum())
((987,), 'float32', 10)
>>> bool((encoder.encode_state(state, 0) == obs).all())
True
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Iterable, Sequence
from typing import Protocol

import attrs
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..cards import ALL_CARDS, Card
from ..limits import quote
from ..melds import Meld
from ..rules import MAX_DECKS, DrawExhaustion, Rules
from ..seating import no_seat
from ..state import GameState, Laying, PlayerState, Stage
from ..views import PlayerView
from .common import resolve_rules

__all__ = ["Block", "ObservationEncoder"]

CARDS = len(ALL_CARDS)
STAGES: tuple[Stage, ...] = tuple(Stage)
SEAT_FEATURES = (
    "present",
    "in the hand",
    "to play",
    "dealer",
    "hand size",
    "score / 100",
    "phases completed",
    "laid down",
    "skips pending",
    "Save pile size",
    "floating",
    "lost its turn",
    "winner",
)
"""The first features of each seat block, in this order."""
MELD_FEATURES = (
    "present",
    "set",
    "run",
    "colour group",
    "other kind",
    "number / 13",
    "R",
    "B",
    "G",
    "Y",
    "cards",
)
"""The features of each group on the table, in this order."""
SCORE_CAP = 5000
"""Scores are clipped here, then divided by 100: past it a seat is long out of contention."""
_JOINED = (
    "hand",
    "laying",
    "laying_groups",
    "top_discard",
    "discard_pile",
    "taken_discard",
    "saved",
    "stage",
    "turn",
    "progress",
)
"""The global blocks in the order :meth:`ObservationEncoder._fill` joins them."""
_PROGRESS = struct.Struct("=3f").pack
"""The progress block's three floats, packed as ``array("f")`` holds them."""
_COLOR = {"R": 0, "B": 1, "G": 2, "Y": 3}
_KIND = {"set": 1, "run": 2, "color": 3}


class _Counted:
    """Some cards and their counts by card code (a seat's hand), changed in place."""

    __slots__ = ("cards", "counts")

    def __init__(self, cards: tuple[Card, ...], counts: array[float]) -> None:
        self.cards = cards
        self.counts = counts


class _Table(Protocol):
    """What the array reads from a state or a view alike."""

    @property
    def discard_pile(self) -> tuple[Card, ...]: ...
    @property
    def taken_discard(self) -> Card | None: ...
    @property
    def stage(self) -> Stage: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def dealer(self) -> int: ...
    @property
    def laid_down_this_turn(self) -> bool: ...
    @property
    def forced_discard(self) -> bool: ...
    @property
    def tiebreak(self) -> bool: ...
    @property
    def direction(self) -> int: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def lost_turns(self) -> tuple[int, ...]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...


SeatRow = tuple[
    bool,
    int,
    int,
    tuple[int, ...],
    bool,
    int,
    int,
    bool,
    "int | None",
    tuple[Meld, ...],
    "tuple[Card, ...]",
]
"""What the observation takes from one seat: dealt in this hand, hand size, score, phases
completed, laid down, skips pending, Save pile size, floating, target phase, groups,
pickups."""


@attrs.frozen
class Block:
    """A run of the array: ``size`` features from ``start`` (relative to its seat block for
    the parts of a seat block, ``ObservationEncoder.seat_blocks``)."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


def _blocks(plan: Sequence[tuple[str, list[float], str]]) -> tuple[tuple[Block, ...], list[float]]:
    blocks = []
    high: list[float] = []
    for name, values, meaning in plan:
        blocks.append(Block(name, len(high), len(values), meaning))
        high.extend(values)
    return tuple(blocks), high


class ObservationEncoder:
    """One seat's view of a game under ``rules`` (a :class:`~phase10.Rules` or a spec) as
    a ``float32`` array; ``space`` is its Gymnasium ``Box``."""

    def __init__(self, rules: Rules | str = "standard") -> None:
        self.rules = resolve_rules(rules)
        rules = self.rules
        seats = rules.max_players
        phases = len(rules.phases)
        groups = max(len(phase.requirements) for phase in rules.phases)
        decks = MAX_DECKS if rules.draw_exhaustion is DrawExhaustion.FRESH_DECK else 1
        deck_size = float(rules.deck.size * decks)  # fresh decks come into play
        counts = [float(max(1, n) * decks) for n in rules.deck.counts()]
        one_hot = [1.0] * CARDS
        self.blocks, high = _blocks(
            [
                ("hand", counts, "my hand: how many of each card, by card code"),
                ("laying", counts, "the groups of my lay-down under way (R-5.4), by card code"),
                ("laying_groups", [float(groups)], "how many groups of it are set aside"),
                ("top_discard", one_hot, "the top of the discard pile, one-hot by card code"),
                ("discard_pile", counts, "every card in the discard pile, by card code"),
                ("taken_discard", one_hot, "the card I took from the discard pile this turn"),
                ("saved", counts, "my Save pile (Masters, V-1.6), by card code"),
                ("stage", [1.0] * len(STAGES), "one-hot: " + ", ".join(s.value for s in STAGES)),
                (
                    "turn",
                    [1.0] * 5,
                    "my turn; laid down this turn; must discard (V-12); tiebreak; "
                    "play goes to the right (Reverse cards, V-15)",
                ),
                ("progress", [10.0, 10.0, 1.0], "hand / 10, turn of the hand / 100, stock / deck"),
            ]
        )
        """The global blocks, in order; the seat blocks follow them."""
        seat_high = [1.0, 1.0, 1.0, 1.0, deck_size, SCORE_CAP / 100, float(phases)]
        seat_high += [1.0, deck_size, deck_size, 1.0, 1.0, 1.0]
        meld_high = [1.0] * 10 + [deck_size]
        self.seat_blocks, seat_values = _blocks(
            [
                ("seat", seat_high, ", ".join(SEAT_FEATURES)),
                (
                    "target_phase",
                    [1.0] * (phases + 1),
                    "the phase it must make, one-hot by place in rules.phases (last: free choice)",
                ),
                ("phases_done", [1.0] * phases, "phases completed, by place in rules.phases"),
                ("melds", meld_high * groups, "per group: " + ", ".join(MELD_FEATURES)),
                (
                    "pickups",
                    [deck_size] * CARDS,
                    "cards it took from the discard pile this hand, by card code",
                ),
            ]
        )
        """The parts of one seat's block; seat blocks follow the global blocks, the viewer's
        first, then the others by seat number after it (empty for seats beyond the table)."""
        self.seat_size = len(seat_values)
        self.seats_start = len(high)
        high.extend(seat_values * seats)
        self.size = len(high)
        """The length of the array."""
        self.space = spaces.Box(
            low=np.zeros(self.size, dtype=np.float32),
            high=np.array(high, dtype=np.float32),
            dtype=np.float32,
        )
        """The Gymnasium ``Box`` every observation lies in."""
        self._phases = phases
        self._groups = groups
        self._phase_index = {phase.number: i for i, phase in enumerate(rules.phases)}
        self._deck_size = max(1.0, deck_size)
        self._stock_size = max(1.0, float(rules.deck.size))
        """What the stock is measured against: one deck (a fresh deck replaces it, A-17)."""
        if [b.name for b in self.blocks] != list(_JOINED):
            raise AssertionError("_fill joins the global blocks in the order of _JOINED")
        flags = len(STAGES)  # the turn block's five flags follow the stage's
        none = array("f", bytes(4 * CARDS))
        self._no_laying = array("f", bytes(4 * (CARDS + 1)))
        self._parts = (
            none,
            tuple(_marked(CARDS, (code,)) for code in range(CARDS)),
            tuple(
                _marked(flags + 5, (stage, *(flags + i for i in range(5) if bits >> i & 1)))
                for stage in range(len(STAGES))
                for bits in range(32)
            ),
            tuple(bytes(4 * (seats - n) * self.seat_size) for n in range(seats + 1)),
            np.dtype(np.float32),
            (self.size,),
        )
        """What :meth:`_fill` reads, in one tuple: no cards, one card by code, the stage and
        turn flags by stage and flags, the empty seat blocks after ``count`` seats, the dtype
        and the shape."""
        self._hands: dict[int, _Counted] = {}
        self._saves: dict[int, tuple[tuple[Card, ...], array[float]]] = {}
        """The counts of each seat's hand and Save pile last encoded (-1: a spectator)."""
        self._part = {b.name: b.start for b in self.seat_blocks}
        self._seat_zeros = array("f", bytes(4 * self.seat_size))
        self._pile: tuple[tuple[Card, ...], array[float]] | None = None
        self._pickups: dict[int, tuple[tuple[Card, ...], array[float]]] = {}
        # encode_state's seat blocks, kept (_seats_twice)
        self._kept_key: tuple[int, bool, tuple[int, ...], int] | None = None
        self._twice = array("f")
        self._kept_players: list[PlayerState | None] = []
        self._kept_pickups: list[tuple[Card, ...]] = []
        self._pickups_seen: object = None

    def __repr__(self) -> str:
        return f"ObservationEncoder({self.rules.spec!r}, size={self.size})"

    def block(self, name: str, place: int | None = None) -> slice:
        """The slice of block ``name``: a global block, or with ``place`` a part of the seat
        block ``place`` seats after the viewer (0: the viewer)."""
        if place is None:
            found = [b for b in self.blocks if b.name == name]
            base = 0
        else:
            found = [b for b in self.seat_blocks if b.name == name]
            base = self.seats_start + place * self.seat_size
        if not found:
            known = ", ".join(b.name for b in (self.blocks if place is None else self.seat_blocks))
            raise KeyError(f"no block named {quote(name)} (blocks: {known})")
        return slice(base + found[0].start, base + found[0].stop)

    def encode(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """The observation of ``view`` (a spectator's view has no hand and sits at seat 0)."""
        blocks = [
            self._seat_block(
                (
                    i in view.seats,
                    p.hand_size,
                    p.score,
                    p.completed,
                    p.laid_down,
                    p.skips_pending,
                    p.saved_count,
                    p.floating,
                    p.target_phase,
                    p.melds,
                    p.pickups,
                )
            )
            for i, p in enumerate(view.players)
        ]
        count = len(blocks)
        twice = array("f")
        for block in blocks:
            twice.extend(block)
        twice.extend(twice)
        me = 0 if view.seat is None else view.seat
        size = self.seat_size
        return self._fill(
            view,
            view.seat,
            view.hand,
            view.saved,
            view.laying,
            view.stock_size,
            twice[me * size : (me + count) * size],
            count,
        )

    def encode_state(self, state: GameState, seat: int) -> npt.NDArray[np.float32]:
        """``encode(player_view(state, seat))``, without building the view (the environments'
        fast path). It reads exactly the fields :func:`~phase10.player_view` shows.

        Every seat's block (``_seat_block``) is kept between calls, in seat order and twice
        over (any seat's point of view is one slice of it; ``_fill`` marks its copy): a
        block is built again only when its seat changed, and patched when only the seat's
        hand and pickups did (most moves). Inline rather than a method of its own:
        this runs at every step of an environment."""
        players = state.players
        count = len(players)
        if not 0 <= seat < count:
            raise no_seat(seat, count)
        size = self.seat_size
        # A seat's block depends on the player, its pickups and its target phase, which
        # depends on the player, the hand number, a tiebreak and the seats dealt in.
        key = (state.hand_number, state.tiebreak, state.seats, count)
        if key != self._kept_key:  # one comparison of equal small values (most steps)
            self._kept_key = key
            self._twice = array("f", bytes(8 * count * size))
            self._kept_players = [None] * count
            self._kept_pickups = [()] * count
            self._pickups_seen = None
        twice = self._twice
        kept = self._kept_players
        before = self._kept_pickups
        pickups = state.pickups
        same_pickups = pickups is self._pickups_seen  # most moves take no discard
        self._pickups_seen = pickups
        for i, p in enumerate(players):
            last = kept[i]
            if same_pickups:
                if p is last:
                    continue
                picked = before[i]
            else:
                picked = pickups[i] if i < len(pickups) else ()
                if last is p and before[i] is picked:
                    continue
            at = i * size
            again = at + count * size
            if (  # what a block reads besides the hand size and pickups, as it was (inline:
                # the usual move changes only the mover's hand, and the engine's rebuild keeps
                # the other fields' objects, so identity settles most; attrgetter costs more)
                last is not None
                and (last.melds is p.melds or last.melds == p.melds)
                and (last.score is p.score or last.score == p.score)
                and (last.completed is p.completed or last.completed == p.completed)
                and last.laid_down is p.laid_down
                and (last.skips_pending is p.skips_pending or last.skips_pending == p.skips_pending)
                and (last.saved is p.saved or last.saved == p.saved)
                and last.floating is p.floating
                and (
                    last.phase_attempted is p.phase_attempted
                    or last.phase_attempted == p.phase_attempted
                )
            ):
                # most moves change only the mover's hand and pickups: patch them
                twice[at + 4] = twice[again + 4] = len(p.hand)
                if picked is not before[i]:
                    self._patch_pickups(twice, (at, again), before[i], picked)
                    before[i] = picked
            else:
                dealt = i in state.seats
                target_phase = state.target_phase(i) if dealt else None
                block = self._seat_block(
                    (
                        dealt,
                        len(p.hand),
                        p.score,
                        p.completed,
                        p.laid_down,
                        p.skips_pending,
                        len(p.saved),
                        p.floating,
                        None if target_phase is None else target_phase.number,
                        p.melds,
                        picked,
                    )
                )
                twice[at : at + size] = block
                twice[again : again + size] = block
                before[i] = picked
            kept[i] = p
        me = players[seat]
        return self._fill(
            state,
            seat,
            me.hand,
            me.saved,
            state.laying if seat == state.current_player else None,
            len(state.stock),
            twice[seat * size : (seat + count) * size],
            count,
        )

    def _seat_block(self, row: SeatRow) -> array[float]:
        """One seat's block, less what depends on the rest of the table (to play, dealer,
        lost its turn, winner)."""
        buf = array("f", self._seat_zeros)
        (
            dealt,
            hand_size,
            score,
            completed,
            laid,
            skips,
            saved_count,
            floating,
            target,
            melds,
            picked,
        ) = row
        phases = self._phases
        phase_index = self._phase_index
        part = self._part
        buf[0] = 1.0
        if dealt:
            buf[1] = 1.0
        buf[4] = hand_size
        buf[5] = min(score, SCORE_CAP) / 100
        buf[6] = len(completed)
        if laid:
            buf[7] = 1.0
        buf[8] = skips
        buf[9] = saved_count
        if floating:
            buf[10] = 1.0
        position = phases if target is None else phase_index.get(target, phases)
        buf[part["target_phase"] + position] = 1.0
        done = part["phases_done"]
        for number in completed:
            buf[done + phase_index[number]] = 1.0
        at = part["melds"]
        for meld in melds[: self._groups]:
            buf[at] = 1.0
            buf[at + _KIND.get(meld.requirement.kind, 4)] = 1.0
            if meld.number is not None:
                buf[at + 5] = min(max(meld.number, 0), 13) / 13
            if meld.color is not None:
                buf[at + 6 + _COLOR[meld.color.value]] = 1.0
            buf[at + 10] = len(meld.cards)
            at += len(MELD_FEATURES)
        if picked:
            got = part["pickups"]
            buf[got : got + CARDS] = self._pickup_counts(picked)
        return buf

    def _patch_pickups(
        self,
        blocks: array[float],
        starts: tuple[int, ...],
        before: tuple[Card, ...],
        picked: tuple[Card, ...],
    ) -> None:
        """Bring the pickup counts of the seat blocks at ``starts`` in ``blocks`` from
        ``before`` to ``picked``: one card more when the seat took a discard (the usual
        change), else counted afresh."""
        got = self._part["pickups"]
        if len(picked) == len(before) + 1 and picked[:-1] == before:
            code = got + picked[-1].code
            if blocks[starts[0] + code] < self._deck_size:
                for start in starts:
                    blocks[start + code] += 1.0
        else:
            counts = self._pickup_counts(picked)
            for start in starts:
                blocks[start + got : start + got + CARDS] = counts

    def _pickup_counts(self, picked: tuple[Card, ...]) -> array[float]:
        """A seat's pickups by card code (at most the deck's size: one card may come back
        many times). The counts of the pickups seen last are kept: a seat's pickups change
        only when it takes a discard."""
        kept = self._pickups.get(id(picked))
        if kept is not None and kept[0] is picked:
            return kept[1]
        counts = array("f", bytes(4 * CARDS))
        cap = self._deck_size
        for card in picked:
            if counts[card.code] < cap:
                counts[card.code] += 1.0
        if len(self._pickups) >= 64:  # pickups of finished hands are never seen again
            self._pickups.clear()
        self._pickups[id(picked)] = (picked, counts)
        return counts

    def _fill(
        self,
        table: _Table,
        seat: int | None,
        hand: tuple[Card, ...] | None,
        saved: tuple[Card, ...] | None,
        laying: Laying | None,
        stock: int,
        seat_part: array[float],
        count: int,
    ) -> npt.NDArray[np.float32]:
        """The array of ``seat`` (``None``: a spectator) at ``table`` (a state or a view),
        given the seat's own hand, Save pile and lay-down under way, the stock's size and
        the ``count`` seat blocks from the seat's point of view (a copy, which it marks with
        what depends on the rest of the table: to play, dealer, lost its turn, winner).

        The array is joined from its parts, most of them kept: the one-hot cards, the stage
        and turn flags are looked up, the counts of a seat's hand and Save pile are kept
        until they change, the discard pile's are patched (:meth:`_pile_counts`)."""
        none, one_hot, stage_turn, tails, dtype, shape = self._parts
        me = -1 if seat is None else seat
        if hand:
            counted = self._hands.get(me)
            if counted is None:
                hand_part = _counts(none, hand)
                self._hands[me] = _Counted(hand, hand_part)
            else:
                hand_part = counted.counts
                before = counted.cards
                if before is not hand:  # changed in place: no new entry
                    # One card more or one card less (a draw, a discard, a hit: most steps
                    # between two observations of a seat)? Then one count moves (inline:
                    # this runs at most steps). Counting afresh costs about twice as much as
                    # finding the card (cards are interned).
                    grown = len(hand) - len(before)
                    if grown == 1:
                        shorter, longer = before, hand
                    elif grown == -1:
                        shorter, longer = hand, before
                    else:
                        shorter = longer = ()
                    if longer:
                        at = 0
                        for card in shorter:
                            if card is not longer[at]:
                                break
                            at += 1
                        if longer[at + 1 :] == shorter[at:]:
                            hand_part[longer[at].code] += grown
                        else:
                            longer = ()
                    if not longer:
                        hand_part = counted.counts = _counts(none, hand)
                    counted.cards = hand
        else:
            hand_part = none
        if laying is None:
            laying_part = self._no_laying
        else:
            laying_part = self._no_laying[:]
            for meld in laying.melds:
                for card in meld.cards:
                    laying_part[card.code] += 1.0
            laying_part[CARDS] = len(laying.melds)
        pile = table.discard_pile
        if pile:
            top_part: bytes | array[float] = one_hot[pile[-1].code]
            kept_pile = self._pile  # the pile as it was (most actions), or one card more
            if kept_pile is not None and kept_pile[0] is pile:  # (a discard): no call
                pile_part = kept_pile[1]
            elif (
                kept_pile is not None
                and len(pile) == len(kept_pile[0]) + 1
                and pile[:-1] == kept_pile[0]  # cards are interned: fast
            ):
                pile_part = kept_pile[1]  # only ever copied out: changed in place
                pile_part[pile[-1].code] += 1.0
                self._pile = (pile, pile_part)
            else:
                pile_part = self._pile_counts(pile)
        else:
            top_part = pile_part = none
        taken = table.taken_discard
        taken_part: bytes | array[float] = none if taken is None else one_hot[taken.code]
        if saved:
            kept = self._saves.get(me)
            if kept is not None and kept[0] is saved:
                saved_part = kept[1]
            else:
                saved_part = _counts(none, saved)
                self._saves[me] = (saved, saved_part)
        else:
            saved_part = none
        current = table.current_player
        flags = 1 if seat is not None and seat == current else 0
        if table.laid_down_this_turn:
            flags |= 2
        if table.forced_discard:
            flags |= 4
        if table.tiebreak:
            flags |= 8
        if table.direction < 0:
            flags |= 16
        number = table.hand_number
        turn = table.turn
        share = stock / self._stock_size
        progress = _PROGRESS(
            number / 10 if number < 100 else 10.0,
            turn / 100 if turn < 1000 else 10.0,
            share if share < 1.0 else 1.0,
        )
        size = self.seat_size
        me = 0 if seat is None else seat
        seat_part[(table.dealer - me) % count * size + 3] = 1.0
        if current is not None:
            seat_part[(current - me) % count * size + 2] = 1.0
        lost = table.lost_turns
        if lost:
            for i in lost:
                seat_part[(i - me) % count * size + 11] = 1.0
        winners = table.winners
        if winners:
            for i in winners:
                seat_part[(i - me) % count * size + 12] = 1.0
        observation: npt.NDArray[np.float32] = np.ndarray(  # np.frombuffer costs a tenth more
            shape,
            dtype,
            bytearray().join(
                (
                    hand_part,
                    laying_part,
                    top_part,
                    pile_part,
                    taken_part,
                    saved_part,
                    stage_turn[STAGES.index(table.stage) << 5 | flags],  # no Enum hash
                    progress,
                    seat_part,
                    tails[count],
                )
            ),
        )
        return observation

    def _pile_counts(self, pile: tuple[Card, ...]) -> array[float]:
        """The discard pile by card code, for a pile that is neither the last one nor it with
        one card more (:meth:`_fill` settles those): most often the last pile with its top
        card taken."""
        cached = self._pile
        if cached is not None:
            last, counts = cached
            # The counts are only ever copied out, so they change in place.
            if len(pile) == len(last) - 1 and pile == last[:-1]:  # the top card taken
                counts[last[-1].code] -= 1.0
                self._pile = (pile, counts)
                return counts
        counts = array("f", bytes(4 * CARDS))
        for card in pile:
            counts[card.code] += 1.0
        self._pile = (pile, counts)
        return counts


def _marked(width: int, marks: Iterable[int]) -> bytes:
    """``width`` floats, 1 at ``marks`` and 0 elsewhere, as ``array("f")`` holds them."""
    row = array("f", bytes(4 * width))
    for i in marks:
        row[i] = 1.0
    return row.tobytes()


def _counts(none: array[float], cards: tuple[Card, ...]) -> array[float]:
    """``cards`` by card code (``none``: no cards)."""
    counts = none[:]
    for card in cards:
        counts[card.code] += 1.0
    return counts
