"""The rules of Phase 10 Twist as one frozen, validated value, and named presets.

``TwistRules()`` is the game of the Fundex sheet ``[F-TW]`` as far as the sources
go, with the library's board and Twist cards where they do not. Each field is a
rule the sources leave open or a table may want to change; ``docs/twist.rst``
gives every T-id, its source and its option. Enum options also accept their
string value:

>>> rules = TwistRules(twist_choice="before_deal", tiebreak="shared")
>>> rules.twist_choice, rules.tiebreak
(<TwistChoice.BEFORE_DEAL: 'before_deal'>, <TwistTiebreak.SHARED: 'shared'>)
>>> TwistRules(board=Board.parse("1 2 T 11"))
Traceback (most recent call last):
...
phase10.errors.InvalidRulesError: board: space 3 shows phase 11; the phase list has 10
>>> resolve_rules("short-board+before-deal").spec
'short-board+before-deal'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from ..cards import DeckSpec
from ..errors import InvalidRulesError
from ..limits import show
from ..melds import MeldRules, NaturalScope
from ..phases import STANDARD_PHASES, Phase
from ..rules import RuleOption, coerce_option
from ..seating import table_size_error
from .board import DEFAULT_BOARD, Board
from .twist_cards import TWIST_CARDS

__all__ = [
    "PRESETS",
    "SHORT_BOARD",
    "Exhaustion",
    "TwistChoice",
    "TwistRules",
    "TwistTiebreak",
    "resolve_rules",
]

SHORT_BOARD = Board.parse("1 2 T 3 4 T 5 6 T 7 8 T 9 10")
"""One space a phase and four Twist spaces: a quicker game (preset ``short-board``)."""


class TwistChoice(RuleOption):
    """T-3.3: when a player on a Twist space chooses their phase."""

    AFTER_DEAL = "after_deal"
    """After the deal, seeing the hand, before the first turn (as Masters, V-1.4)."""
    BEFORE_DEAL = "before_deal"
    """Before the cards are dealt, without seeing them."""


class Exhaustion(RuleOption):
    """T-4.7: what happens when the draw pile runs out."""

    RESHUFFLE = "reshuffle"
    """The cards under the three piles' tops are shuffled into a new draw pile (as R-14.1)."""
    END_HAND = "end_hand"
    """The hand ends with nobody out (as A-17 ``end_hand``)."""


class TwistTiebreak(RuleOption):
    """T-7.2: who wins when several players finish in the same hand."""

    WENT_OUT_FIRST = "went_out_first"
    """The finisher who went out; else the lowest penalty total; a tie that remains is shared."""
    LOWEST_SCORE = "lowest_score"
    """The lowest penalty total (as R-15.2); a tie that remains is shared."""
    SHARED = "shared"
    """Every finisher shares the win."""


def _whole(low: int, high: int) -> Callable[[object, attrs.Attribute[int], object], None]:
    def check(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
        if type(value) is not int or not low <= value <= high:
            raise InvalidRulesError(
                f"must be a whole number from {low} to {high}, not {value!r}", attribute.name
            )

    return check


def _max_turns(instance: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None and (type(value) is not int or not 1 <= value <= 10**9):
        raise InvalidRulesError(f"must be None or a whole number >= 1, not {value!r}", "max_turns")


def _moves(value: Iterable[int], name: str) -> tuple[int, int, int]:
    moves = tuple(value)
    if len(moves) != 3 or not all(type(m) is int and -100 <= m <= 100 for m in moves):
        raise InvalidRulesError(
            "must be three whole numbers from -100 to 100: went out, made the phase, "
            f"failed; not {value!r}",
            name,
        )
    return moves[0], moves[1], moves[2]


def _to_moves(value: Iterable[int]) -> tuple[int, int, int]:
    return _moves(value, "moves")


def _to_twist_moves(value: Iterable[int]) -> tuple[int, int, int]:
    return _moves(value, "twist_moves")


def _numbered(value: Iterable[Phase], name: str, allow_empty: bool) -> tuple[Phase, ...]:
    if isinstance(value, (str, bytes)):
        raise InvalidRulesError("must be a sequence of Phase, not text", name)
    if not isinstance(value, Iterable):
        raise InvalidRulesError(f"must be a sequence of Phase, not {show(value)}", name)
    phases = tuple(value)
    if (not phases and not allow_empty) or not all(isinstance(p, Phase) for p in phases):
        raise InvalidRulesError("must be a non-empty sequence of Phase", name)
    if [p.number for p in phases] != list(range(1, len(phases) + 1)):
        raise InvalidRulesError("must be numbered 1, 2, 3, ... in order", name)
    return phases


def _to_phases(value: Iterable[Phase]) -> tuple[Phase, ...]:
    return _numbered(value, "phases", allow_empty=False)


def _to_twist_cards(value: Iterable[Phase]) -> tuple[Phase, ...]:
    return _numbered(value, "twist_cards", allow_empty=True)


def _board(value: Board) -> Board:
    if not isinstance(value, Board):
        raise InvalidRulesError(
            f"must be a Board (Board.parse('1 1 2 ...')), not {value!r}", "board"
        )
    return value


def _deck(value: DeckSpec) -> DeckSpec:
    if not isinstance(value, DeckSpec):
        raise InvalidRulesError(f"must be a DeckSpec, not {value!r}", "deck")
    if value.rule_cards:
        raise InvalidRulesError("Phase 10 Twist has no rule cards", "deck")
    return value


def _to_choice(value: TwistChoice | str) -> TwistChoice:
    return coerce_option(TwistChoice, value, "twist_choice")


def _to_exhaustion(value: Exhaustion | str) -> Exhaustion:
    return coerce_option(Exhaustion, value, "draw_exhaustion")


def _to_tiebreak(value: TwistTiebreak | str) -> TwistTiebreak:
    return coerce_option(TwistTiebreak, value, "tiebreak")


def _to_scope(value: NaturalScope | str) -> NaturalScope:
    return coerce_option(NaturalScope, value, "natural_card_scope")


@attrs.frozen(cache_hash=True)
class TwistRules:
    """Every rule option of Phase 10 Twist (see ``docs/twist.rst`` for the T-ids).

    Invalid values raise :class:`~phase10.InvalidRulesError` naming the option.
    """

    board: Board = attrs.field(default=DEFAULT_BOARD, converter=_board)
    """The track (T-1.1): the library's board unless you pass the one on your table."""
    phases: tuple[Phase, ...] = attrs.field(default=STANDARD_PHASES, converter=_to_phases)
    """The phases the board's numbers name (T-1.2)."""
    twist_cards: tuple[Phase, ...] = attrs.field(default=TWIST_CARDS, converter=_to_twist_cards)
    """The Twist cards' phases (T-1.3); empty: no Twist cards, only the neighbours' phases."""
    deck: DeckSpec = attrs.field(factory=DeckSpec, converter=_deck)
    """The playing cards (T-1.4): the card game's 108 by default."""
    hand_size: int = attrs.field(default=10, validator=_whole(1, 12))
    """Cards dealt to each player (T-2.2)."""
    moves: tuple[int, int, int] = attrs.field(default=(3, 2, 1), converter=_to_moves)
    """Spaces a pawn moves after a hand: went out, made the phase, failed (T-6.2)."""
    twist_moves: tuple[int, int, int] = attrs.field(default=(6, 4, -1), converter=_to_twist_moves)
    """The same for a Twist card's phase (T-6.3): doubled, and one space back on failure."""
    twist_choice: TwistChoice = attrs.field(default=TwistChoice.AFTER_DEAL, converter=_to_choice)
    """When a player on a Twist space chooses (T-3.3)."""
    draw_exhaustion: Exhaustion = attrs.field(
        default=Exhaustion.RESHUFFLE, converter=_to_exhaustion
    )
    """What an empty draw pile does (T-4.7)."""
    tiebreak: TwistTiebreak = attrs.field(
        default=TwistTiebreak.WENT_OUT_FIRST, converter=_to_tiebreak
    )
    """Who wins when several players finish in one hand (T-7.2)."""
    natural_card_scope: NaturalScope = attrs.field(default=NaturalScope.PHASE, converter=_to_scope)
    """Where a natural card is needed (T-4.2, as A-3)."""
    min_players: int = attrs.field(default=2, validator=_whole(1, 12))
    """The fewest players (T-1.5)."""
    max_players: int = attrs.field(default=6, validator=_whole(1, 12))
    """The most players (T-1.5)."""
    max_turns: int | None = attrs.field(default=None, validator=_max_turns)
    """A safety cap: after that many turns the game ends with no winner (T-7.3, for bots)."""
    spec: str = attrs.field(default="standard", validator=attrs.validators.instance_of(str))
    """The preset spec these rules came from (a label)."""
    meld_rules: MeldRules = attrs.field(init=False, eq=False, repr=False)
    """Derived: the group options of the card game's solver."""

    def __attrs_post_init__(self) -> None:
        if self.min_players > self.max_players:
            raise InvalidRulesError("min_players is above max_players", option="min_players")
        count = len(self.phases)
        for index, number in enumerate(self.board.spaces):
            if number is not None and number > count:
                raise InvalidRulesError(
                    f"space {index} shows phase {number}; the phase list has {count}", "board"
                )
        for name, phases in (("phases", self.phases), ("twist_cards", self.twist_cards)):
            for phase in phases:
                if phase.min_cards > self.hand_size:
                    raise InvalidRulesError(
                        f"phase {phase.number} needs {phase.min_cards} cards; a hand of "
                        f"{self.hand_size} can lay down at most {self.hand_size}",
                        name,
                    )
        object.__setattr__(self, "meld_rules", MeldRules(self.natural_card_scope))

    def check_players(self, count: int) -> None:
        """Raise :class:`~phase10.InvalidRulesError` unless ``count`` players may play."""
        if type(count) is not int or not self.min_players <= count <= self.max_players:
            raise table_size_error(count, self.min_players, self.max_players)
        needed = count * self.hand_size + 3 + self.deck.skips
        if needed > self.deck.size:
            raise InvalidRulesError(
                f"{count} hands of {self.hand_size}, three piles and a Skip cover need "
                f"{needed} cards; the deck has {self.deck.size}",
                option="hand_size",
            )

    def phase(self, number: int) -> Phase:
        """The board phase with this number."""
        return self.phases[number - 1]

    def space_phase(self, space: int) -> Phase:
        """The phase the phase space ``space`` shows."""
        return self.phases[self.board.phase_number(space) - 1]

    def with_options(self, **changes: Any) -> TwistRules:
        """These rules with some options changed (checked like the constructor)."""
        return attrs.evolve(self, **changes)


def _preset(**changes: Any) -> Callable[[TwistRules], TwistRules]:
    def transform(rules: TwistRules) -> TwistRules:
        return attrs.evolve(rules, **changes)

    return transform


PRESETS: Mapping[str, tuple[str, Callable[[TwistRules], TwistRules]]] = MappingProxyType(
    {
        "standard": ("The Fundex rules [F-TW], the library's board and Twist cards", _preset()),
        "short-board": ("One space a phase: a quicker game", _preset(board=SHORT_BOARD)),
        "before-deal": (
            "Choose on a Twist space before the deal, without seeing the cards",
            _preset(twist_choice="before_deal"),
        ),
        "end-hand": ("An empty draw pile ends the hand", _preset(draw_exhaustion="end_hand")),
        "lowest-score": (
            "Several finishers: the lowest penalty total wins",
            _preset(tiebreak="lowest_score"),
        ),
        "shared-win": ("Several finishers share the win", _preset(tiebreak="shared")),
        "no-twist-cards": (
            "No Twist cards: a Twist space offers its neighbours' phases",
            _preset(twist_cards=()),
        ),
    }
)
"""Named rule presets: name -> (description, transform). They combine with ``+``."""


def resolve_rules(spec: str | TwistRules | None = None) -> TwistRules:
    """The rules of a preset spec such as ``"standard"`` or ``"short-board+shared-win"``.

    A :class:`TwistRules` is returned as it is; ``None`` is ``"standard"``.
    """
    if spec is None:
        return TwistRules()
    if isinstance(spec, TwistRules):
        return spec
    if not isinstance(spec, str):
        raise InvalidRulesError(f"rules must be TwistRules or a preset spec, not {spec!r}")
    rules = TwistRules()
    names = [part.strip().lower() for part in spec.split("+")]
    for name in names:
        entry = PRESETS.get(name)
        if entry is None:
            known = ", ".join(PRESETS)
            raise InvalidRulesError(f"no twist preset {name!r} (known: {known})", option="spec")
        rules = entry[1](rules)
    return attrs.evolve(rules, spec="+".join(names))
