"""Integer actions: one fixed-size index space per rule set (issue 11).

A learner picks a number; :class:`ActionCodec` turns it into the
:class:`~phase10.Action` it stands for, and says with a mask which numbers are
legal now. The space is a row of *sections*, one per kind of action, each laid
out by the action's fields (a Discard by card code, a Hit by card, owner,
group and end, ...), so an index means the same move in every state. Every
action :func:`~phase10.legal_actions` lists has exactly one index, except
lay-down steps beyond the cap.

Lay-down steps (:class:`~phase10.LayGroup`, :class:`~phase10.LayDown`) are
the exception: a hand can make a group in hundreds of ways, so they take
``lay_slots`` *slots by position*: slot ``k`` is the ``k``-th lay-down step of
the state's listing, in :func:`~phase10.legal_actions`' canonical order. Steps
past the last slot are left out of the space (``docs/ai.rst`` measures how
rarely that happens); slot 0 is always there, so a player who must go on with
a lay-down under way always has a legal index.

>>> from phase10 import DrawStock, Discard, new_game
>>> codec = ActionCodec("standard")
>>> codec.size
2110
>>> codec.encode(DrawStock()), codec.decode(new_game(2, seed=1), 0)
(0, DrawStock())
>>> print(codec.describe(codec.encode(Discard("S", target=2))))
discard_target: Discard(card=Card.parse('S'), target=2)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import numpy as np
import numpy.typing as npt

from ..actions import (
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
from ..cards import ALL_CARDS
from ..engine import check, legal_actions
from ..errors import IllegalActionError, IllegalReason, InvalidDataError
from ..limits import quote, show
from ..melds import End
from ..notation import action_to_text
from ..rules import Rules
from ..state import GameState, Stage
from .common import resolve_rules

__all__ = ["LAY_SLOTS", "ActionCodec", "Section"]

LAY_SLOTS = 256
"""Lay-down steps the codec gives an index, by position in the listing (the default cap)."""

CARDS = len(ALL_CARDS)
"""Card codes: 48 number cards, the Wild (48), the Skip (49) and the rule card (50)."""

HIT_CARDS = 49
"""Cards a player can add to a group: the number cards and the Wild (never a Skip)."""

TARGETED = (48, 49, 50)
"""Cards whose discard can name a seat: a Wild under Truly Wild (V-8), the Skip (R-9.1),
the rule card going out (V-5.3)."""

_ENDS: dict[End | None, int] = {None: 0, End.LOW: 1, End.HIGH: 2}
_END_OF: tuple[End | None, ...] = (None, End.LOW, End.HIGH)
_SWAP_ENDS: dict[End, int] = {End.LOW: 0, End.HIGH: 1}


@attrs.frozen
class Section:
    """One block of the index space: the indices ``start`` to ``start + size - 1``."""

    name: str
    start: int
    size: int
    layout: str
    """What the position inside the block means, in words (for the docs' table)."""

    @property
    def stop(self) -> int:
        return self.start + self.size


class ActionCodec:
    """A fixed-size integer action space for one rule set.

    ``rules`` is a :class:`~phase10.Rules` or a variant spec. The size depends on
    the rules: the most seats (``max_players``), the most groups a phase has, the
    number of phases, and whether Masters' Save pile or movable Wilds are in play.
    """

    def __init__(self, rules: Rules | str = "standard", *, lay_slots: int = LAY_SLOTS) -> None:
        if type(lay_slots) is not int or not 1 <= lay_slots <= 100_000:
            raise InvalidDataError(
                f"lay_slots is a whole number from 1 to 100000, not {show(lay_slots)}"
            )
        self.rules = resolve_rules(rules)
        rules = self.rules
        seats = rules.max_players
        groups = max(len(phase.requirements) for phase in rules.phases)
        saving = CARDS if rules.masters_saving else 0
        sizes = (
            ("draw", 1, "DrawStock()"),
            ("take_discard", 1, "TakeDiscard()"),
            ("next_hand", 1, "NextHand() (no player: the deal between hands)"),
            ("discard", CARDS, "Discard(card): card code"),
            ("discard_target", len(TARGETED) * seats, "Discard(card, target): (W, S, X) x seat"),
            ("hit", HIT_CARDS * seats * groups * 3, "Hit: card code x owner x group x end"),
            ("lay", lay_slots, "LayGroup / LayDown: position among the listed lay-down steps"),
            ("choose_phase", len(rules.phases), "ChoosePhase: position in rules.phases"),
            ("give_card", seats, "GiveCard(seat)"),
            ("take_saved", saving, "TakeSaved(card): card code (Masters)"),
            ("save", saving, "Save(card): card code (Masters)"),
            (
                "swap_wild",
                HIT_CARDS * seats * groups * 2 if rules.movable_wilds else 0,
                "SwapWild: card code x owner x group x end (movable Wilds)",
            ),
        )
        sections = []
        start = 0
        for name, size, layout in sizes:
            sections.append(Section(name, start, size, layout))
            start += size
        self.sections: tuple[Section, ...] = tuple(sections)
        """The blocks of the index space, in order."""
        self.size = start
        """How many indices there are: the size of the ``Discrete`` action space."""
        self.seats = seats
        self.groups = groups
        self.lay_slots = lay_slots
        at = {s.name: s.start for s in sections}
        self._discard = at["discard"]
        self._target = at["discard_target"]
        self._hit = at["hit"]
        self._lay = at["lay"]
        self._choose = at["choose_phase"]
        self._give = at["give_card"]
        self._take_saved = at["take_saved"]
        self._save = at["save"]
        self._swap = at["swap_wild"]
        self._phase_index = {phase.number: i for i, phase in enumerate(rules.phases)}
        self._no_mask = bytearray(self.size)
        """An empty mask, copied (never changed)."""
        self._cache: tuple[GameState, dict[int, Action], bytearray | None] | None = None
        """The last state, its table and its mask (:meth:`_listed`; ``None``: not kept, as a
        long listing's mask is given out as built)."""
        self._short: dict[int, tuple[Sequence[Action], dict[int, Action], bytearray]] = {}
        """Listings of at most two actions by identity, with their tables (the listing is
        kept, so its identity is not reused while it is here)."""

    def __repr__(self) -> str:
        return f"ActionCodec({self.rules.spec!r}, size={self.size})"

    # Encoding -----------------------------------------------------------------

    def encode(self, action: Action, state: GameState | None = None) -> int:
        """The index of ``action``.

        A lay-down step's index is its position in the listing, so encoding one
        needs the ``state`` it is listed in; other actions need no state.
        Raises :class:`~phase10.InvalidDataError` for an action the space has no
        index for (a lay-down step that is not listed or lies past the cap, a
        ``NextHand`` with a deck, a seat or group number beyond the rules).
        """
        if isinstance(action, (LayDown, LayGroup)):
            if state is None:
                raise InvalidDataError(
                    "a lay-down step's index is its place in the listing: "
                    "pass the state, encode(action, state)"
                )
            for index, listed in self._legal(state).items():
                if listed == action and self._lay <= index < self._choose:
                    return index
            raise InvalidDataError(
                f"{action!r} is not among the first {self.lay_slots} lay-down steps listed here"
            )
        found = self._index(action)
        if found is None:
            raise InvalidDataError(f"the action space of {self!r} has no index for {show(action)}")
        return found

    def _index(self, action: Action) -> int | None:
        """The index of an action other than a lay-down step, or ``None`` if it has none."""
        kind = type(action)
        seats = self.seats
        if kind is Discard:
            assert isinstance(action, Discard)
            code = action.card.code
            target = action.target
            if target is None:
                return self._discard + code
            if code < 48 or target >= seats:
                return None
            return self._target + (code - 48) * seats + target
        if kind is Hit:
            assert isinstance(action, Hit)
            code = action.card.code
            if code >= HIT_CARDS or action.owner >= seats or action.meld >= self.groups:
                return None
            place = (code * seats + action.owner) * self.groups + action.meld
            return self._hit + place * 3 + _ENDS[action.end]
        if kind is DrawStock:
            return 0
        if kind is TakeDiscard:
            return 1
        if kind is NextHand:
            assert isinstance(action, NextHand)
            return 2 if action.deck is None else None
        if kind is ChoosePhase:
            assert isinstance(action, ChoosePhase)
            position = self._phase_index.get(action.phase)
            return None if position is None else self._choose + position
        if kind is GiveCard:
            assert isinstance(action, GiveCard)
            return self._give + action.seat if action.seat < seats else None
        if kind is TakeSaved or kind is Save:
            assert isinstance(action, (TakeSaved, Save))
            if not self.rules.masters_saving:
                return None
            return (self._take_saved if kind is TakeSaved else self._save) + action.card.code
        if kind is SwapWild:
            assert isinstance(action, SwapWild)
            code = action.card.code
            if (
                not self.rules.movable_wilds
                or code >= HIT_CARDS
                or action.owner >= seats
                or action.meld >= self.groups
            ):
                return None
            place = (code * seats + action.owner) * self.groups + action.meld
            return self._swap + place * 2 + _SWAP_ENDS[action.end]
        return None

    # Decoding -----------------------------------------------------------------

    def decode(self, state: GameState, index: int) -> Action:
        """The legal action ``index`` stands for in ``state``.

        Raises :class:`~phase10.InvalidDataError` for a number outside the
        space, and :class:`~phase10.IllegalActionError` (with the engine's reason)
        for an index that is not legal in ``state`` (one the mask leaves out).
        """
        cached = self._cache
        if cached is not None and cached[0] is state and type(index) is int:  # the env's path
            action = cached[1].get(index)
            if action is not None:
                return action
        index = self._checked(index)
        action = self._legal(state).get(index)
        if action is not None:
            return action
        raise self._refusal(state, index)

    def mask(self, state: GameState) -> npt.NDArray[np.bool_]:
        """A boolean array of length ``size``: ``True`` at every legal index.

        It is ``True`` somewhere in every state that is not over, and every index
        it marks decodes to an action :func:`~phase10.apply` accepts.
        """
        return np.frombuffer(self.mask_bytes(state), np.bool_)

    def mask_bytes(self, state: GameState) -> bytearray:
        """:meth:`mask` as one byte per index, 1 at the legal ones: the environments view it
        as the ``int8`` mask PettingZoo expects, without a conversion.

        It lists ``state`` and keeps its table as the last state's (the environments' path,
        inline: it runs at every step)."""
        cached = self._cache
        if cached is not None and cached[0] is state:  # asked again (rare)
            kept = cached[2]
            if kept is not None:
                return kept.copy()  # cheaper than bytearray(kept)
            mask = self._no_mask.copy()
            for index in cached[1]:
                mask[index] = 1
            return mask
        listing = legal_actions(state)
        if len(listing) > 2:  # a new listing: its mask is given out as built, not kept
            table, mask = self._listed(listing)
            self._cache = (state, table, None)
            return mask
        # the engine keeps its draws' listings: one listing object, one table and mask
        short = self._short
        known = short.get(id(listing))
        if known is not None and known[0] is listing:
            _, table, kept = known
        else:
            table, kept = self._listed(listing)
            if len(short) >= 32:  # the rest are a hand's last discards, seen once
                short.clear()
            short[id(listing)] = (listing, table, kept)
        self._cache = (state, table, kept)
        return kept.copy()

    def block_of(self, name: str) -> slice:
        """The slice of the index space that section ``name`` takes (``mask[...]``)."""
        for section in self.sections:
            if section.name == name:
                return slice(section.start, section.stop)
        known = ", ".join(section.name for section in self.sections)
        raise KeyError(f"no section named {quote(name)} (sections: {known})")

    def legal_indices(self, state: GameState) -> list[int]:
        """The legal indices in ``state``, in increasing order."""
        return sorted(self._legal(state))

    def action_at(self, index: int) -> Action | None:
        """The action an index spells on its own, or ``None`` for a lay-down slot (whose
        action depends on the state) and for indices no action can take (a Wild or a
        Skip discarded at the rule card's place, ...)."""
        index = self._checked(index)
        for section in self.sections:
            if section.start <= index < section.stop:
                return self._spell(section.name, index - section.start)
        raise AssertionError("unreachable: sections cover the space")

    def describe(self, index: int) -> str:
        """Words for an index: its section and the action it spells (for logs)."""
        index = self._checked(index)
        section = next(s for s in self.sections if s.start <= index < s.stop)
        action = self._spell(section.name, index - section.start)
        if action is None:
            return f"{section.name}: slot {index - section.start}"
        return f"{section.name}: {action!r}"

    def _spell(self, name: str, offset: int) -> Action | None:
        seats = self.seats
        if name == "draw":
            return DrawStock()
        if name == "take_discard":
            return TakeDiscard()
        if name == "next_hand":
            return NextHand()
        if name == "discard":
            return Discard(ALL_CARDS[offset])
        if name == "discard_target":
            return Discard(ALL_CARDS[TARGETED[offset // seats]], target=offset % seats)
        if name in ("hit", "swap_wild"):
            ends = 3 if name == "hit" else 2
            place, end = divmod(offset, ends)
            rest, meld = divmod(place, self.groups)
            code, owner = divmod(rest, seats)
            if name == "hit":
                return Hit(ALL_CARDS[code], owner, meld, _END_OF[end])
            return SwapWild(ALL_CARDS[code], owner, meld, (End.LOW, End.HIGH)[end])
        if name == "choose_phase":
            return ChoosePhase(self.rules.phases[offset].number)
        if name == "give_card":
            return GiveCard(offset)
        if name == "take_saved":
            return TakeSaved(ALL_CARDS[offset])
        if name == "save":
            return Save(ALL_CARDS[offset])
        return None  # "lay": depends on the state

    def _checked(self, index: object) -> int:
        if isinstance(index, np.integer):
            index = int(index)
        if type(index) is not int or not 0 <= index < self.size:
            raise InvalidDataError(
                f"an action index is a whole number from 0 to {self.size - 1}, not {show(index)}"
            )
        return index

    def _refusal(self, state: GameState, index: int) -> IllegalActionError:
        """The error for an index that is not legal in ``state``: the engine's, where the
        index spells an action."""
        section = next(s for s in self.sections if s.start <= index < s.stop)
        action = self._spell(section.name, index - section.start)
        if action is not None:
            error = check(state, action)
            if error is not None:  # the engine's reason, with the action the index spells
                told = IllegalActionError(
                    error.reason,
                    f"index {index} ({action_to_text(action)}) is not legal: {error.message}",
                )
                told.__cause__ = error  # set, not ``raise from``: see bots._refused
                return told
            return IllegalActionError(
                IllegalReason.NOT_ALLOWED_BY_RULES,
                f"{action!r} is legal but not listed (the codec covers listed actions only)",
            )
        slot = index - self._lay
        if state.is_over:
            return IllegalActionError(IllegalReason.GAME_OVER, "the game is over")
        if state.stage is not Stage.PLAY:
            return IllegalActionError(IllegalReason.WRONG_STAGE, "lay down after drawing")
        seat = state.current_player
        if seat is not None and state.players[seat].laid_down:
            return IllegalActionError(
                IllegalReason.ALREADY_LAID_DOWN, "you have laid your phase down this hand"
            )
        listed = sum(1 for i in self._legal(state) if self._lay <= i < self._choose)
        return IllegalActionError(
            IllegalReason.INVALID_MELD,
            f"lay-down slot {slot} is empty: {listed} lay-down steps are listed here",
        )

    # The listing of one state, cached ------------------------------------------

    def _legal(self, state: GameState) -> dict[int, Action]:
        """Index -> action for the legal actions of ``state`` (the last state is kept)."""
        cached = self._cache
        if cached is None or cached[0] is not state:
            self.mask_bytes(state)  # lists the state; the mask is not needed here
            cached = self._cache
            assert cached is not None
        return cached[1]

    def table(self, legal: Sequence[Action]) -> dict[int, Action]:
        """Index -> action for a listing in :func:`~phase10.legal_actions` order (lay-down
        steps by position, those past the cap left out)."""
        return self._listed(legal)[0]

    def _listed(self, legal: Sequence[Action]) -> tuple[dict[int, Action], bytearray]:
        """:meth:`table` and the mask of its indices (one byte per index; kept, so copied out,
        never changed), in one pass."""
        table: dict[int, Action] = {}
        mask = self._no_mask.copy()  # a copy costs a third of bytearray(self.size)
        lay = self._lay
        slots = self.lay_slots
        position = 0
        index_of = self._index
        discard = self._discard
        for action in legal:
            # the usual action first, its type read twice rather than kept in a local
            if type(action) is Discard and action.target is None:
                index = discard + action.card.code
            elif type(action) is LayGroup or type(action) is LayDown:
                index = lay + position
                position += 1
                if position > slots:
                    continue
            else:
                found = index_of(action)
                if found is None:
                    raise InvalidDataError(
                        f"{self!r} has no index for the listed action {action!r}"
                    )
                index = found
            table[index] = action
            mask[index] = 1
        return table, mask
