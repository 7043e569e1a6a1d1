"""Observations: what one seat may see, as a fixed-shape array (issue 11).

:class:`ObservationEncoder` turns a seat's :class:`~phase10.PlayerView` into a
``float32`` array whose length the rule set fixes. It reads only what the view
holds, so it cannot leak what the seat may not see: two states that differ
only in other hands, the order of the draw pile or the seed give equal arrays.
Seats are listed from the viewer's point of view (the viewer first, then the
seats after it in turn order), so one policy can play any seat.

The array is a row of global blocks, then one block per seat (:attr:`~ObservationEncoder.blocks`,
:attr:`~ObservationEncoder.seat_blocks`; ``docs/ai.rst`` has both tables).

>>> from phase10 import new_game, player_view
>>> encoder = ObservationEncoder("standard")
>>> state = new_game(4, seed=3)
>>> obs = encoder.encode(player_view(state, 0))
>>> obs.shape, obs.dtype.name, int(obs[encoder.block("hand")].sum())
((962,), 'float32', 10)
>>> bool((encoder.encode_state(state, 0) == obs).all())
True
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

import attrs
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..cards import ALL_CARDS, Card
from ..melds import Meld
from ..rules import Rules
from ..state import GameState, Laying, Stage
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
_COLOR = {"R": 0, "B": 1, "G": 2, "Y": 3}
_KIND = {"set": 1, "run": 2, "color": 3}
_STAGE = {stage: i for i, stage in enumerate(STAGES)}

SeatRow = tuple[
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
"""What the observation takes from one seat: hand size, score, phases completed, laid
down, skips pending, Save pile size, floating, target phase, groups, pickups."""


@attrs.frozen
class Block:
    """A run of the array: ``size`` features from ``start`` (relative to its seat block for
    the parts of :attr:`ObservationEncoder.seat_blocks`)."""

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
    a ``float32`` array; :attr:`space` is its Gymnasium ``Box``."""

    def __init__(self, rules: Rules | str = "standard") -> None:
        self.rules = resolve_rules(rules)
        rules = self.rules
        seats = rules.max_players
        phases = len(rules.phases)
        groups = max(len(phase.requirements) for phase in rules.phases)
        deck_size = float(rules.deck.size)
        counts = [float(max(1, n)) for n in rules.deck.counts()]
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
                ("turn", [1.0] * 4, "my turn; laid down this turn; must discard (V-12); tiebreak"),
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
        first, then the others in turn order (empty for seats beyond the table)."""
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
        self._zeros = array("f", bytes(4 * self.size))
        self._phases = phases
        self._groups = groups
        self._phase_index = {phase.number: i for i, phase in enumerate(rules.phases)}
        self._deck_size = max(1.0, deck_size)
        self._at = {b.name: b.start for b in self.blocks}
        self._part = {b.name: b.start for b in self.seat_blocks}
        self._seat_zeros = array("f", bytes(4 * self.seat_size))
        self._pile: tuple[tuple[Card, ...], array[float]] | None = None
        self._seat_cache: dict[int, tuple[object, object, int | None, array[float]]] = {}

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
            raise KeyError(name)
        return slice(base + found[0].start, base + found[0].stop)

    def encode(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """The observation of ``view`` (a spectator's view has no hand and sits at seat 0)."""
        blocks = [
            self._seat_block(
                (
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
            for p in view.players
        ]
        return self._fill(
            view.seat,
            view.hand,
            view.saved,
            view.laying,
            view.discard_pile,
            view.taken_discard,
            view.stage,
            (view.laid_down_this_turn, view.forced_discard, view.tiebreak),
            (view.hand_number, view.turn, view.stock_size),
            (view.current_player, view.dealer, view.seats, view.lost_turns, view.winners),
            blocks,
        )

    def encode_state(self, state: GameState, seat: int) -> npt.NDArray[np.float32]:
        """``encode(player_view(state, seat))``, without building the view (the environments'
        fast path). It reads exactly the fields :func:`~phase10.player_view` shows, and keeps
        the last block of each seat, which most actions leave as it was."""
        pickups = state.pickups
        in_hand = state.seats
        cache = self._seat_cache
        blocks: list[array[float]] = []
        for i, p in enumerate(state.players):
            target_phase = state.target_phase(i) if i in in_hand else None
            target = None if target_phase is None else target_phase.number
            picked = pickups[i] if i < len(pickups) else ()
            kept = cache.get(i)
            if kept is not None and kept[0] is p and kept[1] is picked and kept[2] == target:
                blocks.append(kept[3])
                continue
            block = self._seat_block(
                (
                    len(p.hand),
                    p.score,
                    p.completed,
                    p.laid_down,
                    p.skips_pending,
                    len(p.saved),
                    p.floating,
                    target,
                    p.melds,
                    picked,
                )
            )
            cache[i] = (p, picked, target, block)
            blocks.append(block)
        me = state.players[seat]
        return self._fill(
            seat,
            me.hand,
            me.saved,
            state.laying if seat == state.current_player else None,
            state.discard_pile,
            state.taken_discard,
            state.stage,
            (state.laid_down_this_turn, state.forced_discard, state.tiebreak),
            (state.hand_number, state.turn, len(state.stock)),
            (state.current_player, state.dealer, in_hand, state.lost_turns, state.winners),
            blocks,
        )

    def _seat_block(self, row: SeatRow) -> array[float]:
        """One seat's block, without the features that depend on the table (in the hand,
        to play, dealer, lost its turn, winner)."""
        buf = array("f", self._seat_zeros)
        hand_size, score, completed, laid, skips, saved_count, floating, target, melds, picked = row
        phases = self._phases
        phase_index = self._phase_index
        part = self._part
        buf[0] = 1.0
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
        got = part["pickups"]
        cap = self._deck_size
        for card in picked:  # one card may come back many times: kept in the Box
            if buf[got + card.code] < cap:
                buf[got + card.code] += 1.0
        return buf

    def _fill(
        self,
        seat: int | None,
        hand: tuple[Card, ...] | None,
        saved: tuple[Card, ...] | None,
        laying: Laying | None,
        pile: tuple[Card, ...],
        taken: Card | None,
        stage: Stage,
        flags: tuple[bool, bool, bool],
        progress: tuple[int, int, int],
        table: tuple[int | None, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]],
        blocks: Sequence[array[float]],
    ) -> npt.NDArray[np.float32]:
        buf = array("f", self._zeros)
        at = self._at
        if hand:
            base = at["hand"]
            for card in hand:
                buf[base + card.code] += 1.0
        if saved:
            base = at["saved"]
            for card in saved:
                buf[base + card.code] += 1.0
        if laying is not None:
            base = at["laying"]
            for meld in laying.melds:
                for card in meld.cards:
                    buf[base + card.code] += 1.0
            buf[at["laying_groups"]] = len(laying.melds)
        if pile:
            buf[at["top_discard"] + pile[-1].code] = 1.0
            start = at["discard_pile"]
            buf[start : start + CARDS] = self._pile_counts(pile)
        if taken is not None:
            buf[at["taken_discard"] + taken.code] = 1.0
        buf[at["stage"] + _STAGE[stage]] = 1.0
        current, dealer, in_hand, lost, winners = table
        turn = at["turn"]
        if seat is not None and seat == current:
            buf[turn] = 1.0
        for i, flag in enumerate(flags, turn + 1):
            if flag:
                buf[i] = 1.0
        hand_number, turns, stock = progress
        base = at["progress"]
        buf[base] = min(hand_number / 10, 10.0)
        buf[base + 1] = min(turns / 100, 10.0)
        buf[base + 2] = stock / self._deck_size
        me = 0 if seat is None else seat
        count = len(blocks)
        size = self.seat_size
        base = self.seats_start
        for place in range(count):
            i = (me + place) % count
            buf[base : base + size] = blocks[i]
            if i in in_hand:
                buf[base + 1] = 1.0
            if i == current:
                buf[base + 2] = 1.0
            if i == dealer:
                buf[base + 3] = 1.0
            if i in lost:
                buf[base + 11] = 1.0
            if i in winners:
                buf[base + 12] = 1.0
            base += size
        return np.frombuffer(buf, dtype=np.float32)

    def _pile_counts(self, pile: tuple[Card, ...]) -> array[float]:
        """The discard pile by card code; the last pile's counts are kept, since most
        actions leave the pile as it was."""
        cached = self._pile
        if cached is not None and cached[0] is pile:
            return cached[1]
        counts = array("f", bytes(4 * CARDS))
        for card in pile:
            counts[card.code] += 1.0
        self._pile = (pile, counts)
        return counts
