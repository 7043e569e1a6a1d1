"""Every rule option as one frozen, validated value (the A-ids of the rules reference).

``Rules()`` is the official game. Each field is an option of the rules
reference (an A-id), with the official default. Enum options also accept
their string value:

>>> rules = Rules(natural_card_scope="group", skip_limit="unlimited")
>>> rules.natural_card_scope, rules.skip_limit
(<NaturalScope.GROUP: 'group'>, <SkipLimit.UNLIMITED: 'unlimited'>)
>>> Rules(going_out="sometimes")
Traceback (most recent call last):
...
phase10.errors.InvalidRulesError: going_out: 'sometimes' is not one of 'discard_required', \
'hit_or_discard', 'floating'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, TypeVar

import attrs

from .cards import ALL_CARDS, DeckSpec
from .errors import InvalidRulesError
from .limits import MAX_COUNT, MAX_PLAYERS, MAX_POINTS, show, text_problem
from .melds import MeldRules, NaturalScope
from .phases import STANDARD_PHASES, Phase
from .seating import table_size_error

__all__ = [
    "MAX_DECKS",
    "PHASE_CARD_COPIES",
    "AntiOnSuccess",
    "DealerRotation",
    "DrawExhaustion",
    "FixedHandsTie",
    "GoingOut",
    "InitialSkip",
    "InitialWild",
    "LaydownExtras",
    "PhaseChoice",
    "PhaseOrder",
    "PostalScoring",
    "Rules",
    "SavedScoring",
    "Scoring",
    "SkipAsLastCard",
    "SkipLimit",
    "SkipTarget",
    "TeamAdvance",
    "TeamHits",
    "Tiebreak",
    "WildAssignment",
]


class RuleOption(enum.Enum):
    """Base of the rule options' enums: they print as their value, as written in JSON."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self.name}: {self.value!r}>"

    def __str__(self) -> str:
        return str(self.value)


class WildAssignment(RuleOption):
    """A-5: who fixes what a Wild stands for."""

    DECLARED = "declared"
    AUTO = "auto"


class SkipTarget(RuleOption):
    """A-7: whom a Skip may target."""

    ANY_OTHER = "any_other"
    NEXT_PLAYER = "next_player"


class SkipLimit(RuleOption):
    """A-6: how often one player may be skipped (R-9.5)."""

    NO_STACKING = "no_stacking"
    STRICT_CIRCUIT = "strict_circuit"
    ONCE_PER_HAND = "once_per_hand"
    UNLIMITED = "unlimited"


class GoingOut(RuleOption):
    """A-8: how a player may empty their hand (R-10)."""

    DISCARD_REQUIRED = "discard_required"
    HIT_OR_DISCARD = "hit_or_discard"
    FLOATING = "floating"


class SkipAsLastCard(RuleOption):
    """A-9: going out by discarding a Skip (R-9.7)."""

    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"
    DRAW_REPLACEMENT = "draw_replacement"


class LaydownExtras(RuleOption):
    """A-10: whether groups may be laid larger than their minimum (R-5.5)."""

    EXTEND_GROUPS = "extend_groups"
    EXACT_ONLY = "exact_only"


class InitialWild(RuleOption):
    """A-11: an upturned Wild at the deal (R-3.4, V-12)."""

    FIRST_PLAYER_MAY_TAKE = "first_player_may_take"
    DEALER_CHOOSES_RECIPIENT = "dealer_chooses_recipient"
    RETURN_AND_FLIP = "return_and_flip"


class InitialSkip(RuleOption):
    """A-12: an upturned Skip at the deal (R-3.5, V-12)."""

    SKIP_FIRST_PLAYER = "skip_first_player"
    DEALER_CHOOSES_TARGET = "dealer_chooses_target"
    COVER_WITH_NEXT_CARD = "cover_with_next_card"


class FixedHandsTie(RuleOption):
    """A-28: a tie on the lowest total after a fixed number of hands (V-8)."""

    SHARED = "shared"
    LOWEST_THEN_REPLAY = "lowest_then_replay"


class DealerRotation(RuleOption):
    """A-16: whether the deal passes left after each hand (R-13.1)."""

    LEFT_EACH_HAND = "left_each_hand"
    FIXED = "fixed"


class DrawExhaustion(RuleOption):
    """A-17: what happens when the draw pile runs out (R-14)."""

    RESHUFFLE_DISCARD_KEEP_TOP = "reshuffle_discard_keep_top"
    RESHUFFLE_ALL_DISCARDS = "reshuffle_all_discards"
    FRESH_DECK = "fresh_deck"
    """A fresh deck becomes the draw pile; the discard pile stays ([GH-UNOBOT]). At most
    :data:`~phase10.rules.MAX_DECKS` decks are in play in one hand; after that the discards are
    reshuffled as ``"reshuffle_discard_keep_top"``."""
    END_HAND = "end_hand"


class Tiebreak(RuleOption):
    """A-15: how a tie on the lowest total is broken (R-15.4)."""

    REPLAY_FINAL_PHASE_FIRST_OUT = "replay_final_phase_first_out"
    REPLAY_FINAL_PHASE_FIRST_LAYDOWN = "replay_final_phase_first_laydown"
    REPLAY_LAST_ATTEMPTED_PHASE = "replay_last_attempted_phase"
    SHARED = "shared"


class SavedScoring(RuleOption):
    """A-20: whether cards left on a Masters Save pile score penalty points."""

    NEVER = "never"
    AT_GAME_END = "at_game_end"
    EACH_HAND = "each_hand"


class AntiOnSuccess(RuleOption):
    """A-25: what completing your phase does under Anti-Phase (V-5.2)."""

    ADVANCE = "advance"
    STAY = "stay"


class PostalScoring(RuleOption):
    """A-26: how a Postal phase-number Wild left in hand is scored."""

    FACE_VALUE = "face_value"
    WILD = "wild"


class TeamAdvance(RuleOption):
    """Team play (seed 002): when a team moves on to its next phase."""

    ANY = "any"
    """When at least one partner laid the team's phase down this hand."""
    ALL = "all"
    """Only when every partner laid it down this hand."""


class TeamHits(RuleOption):
    """Team play (seed 002): whose groups a player may hit (R-6.4)."""

    ANYONE = "anyone"
    """Any group on the table, as in the base game."""
    OWN_TEAM = "own_team"
    """Only the groups of one's own team."""


class PhaseOrder(RuleOption):
    """Whether phases are made in list order (R-12.2) or in any order (V-1, V-3, V-4)."""

    SEQUENTIAL = "sequential"
    ANY = "any"


class PhaseChoice(RuleOption):
    """A-22 / A-24: when a player using ``phase_order='any'`` names the phase."""

    HAND_START = "hand_start"
    AT_LAYDOWN = "at_laydown"


PHASE_CARD_COPIES = 4
"""Masters Phase cards of each phase in the box, one set per player (V-1.2, V-15)."""

MAX_PHASE_LIST = 999
"""Bound used for :attr:`Rules.masters_phase_cards` (phase numbers go up to 999)."""

MAX_DECKS = 4
"""A-17 ``"fresh_deck"``: the most decks in play in one hand (a bound on a state's size)."""

MAX_HAND_SIZE = 12
"""The largest hand a deal may give (R-3.2 deals 10).

Every legal-action listing stays small for hands up to this size (see
``benchmarks/bench_worst_case.py``): a colour group of 7 has 1,716 ways to be
laid from 13 cards of one colour, and ever more beyond.
"""

E = TypeVar("E", bound=enum.Enum)


def coerce_option(cls: type[E], value: object, option: str) -> E:
    """``value`` as a member of ``cls``; the error names the option and the choices."""
    if isinstance(value, cls):
        return value
    try:
        return cls(value)
    except (ValueError, TypeError):
        allowed = ", ".join(repr(member.value) for member in cls)
        raise InvalidRulesError(f"{show(value)} is not one of {allowed}", option=option) from None


def _to_phase_order(value: PhaseOrder | str) -> PhaseOrder:
    return coerce_option(PhaseOrder, value, "phase_order")


def _to_phase_choice(value: PhaseChoice | str) -> PhaseChoice:
    return coerce_option(PhaseChoice, value, "phase_choice")


def _to_natural_card_scope(value: NaturalScope | str) -> NaturalScope:
    return coerce_option(NaturalScope, value, "natural_card_scope")


def _to_wild_assignment(value: WildAssignment | str) -> WildAssignment:
    return coerce_option(WildAssignment, value, "wild_assignment")


def _to_laydown_extras(value: LaydownExtras | str) -> LaydownExtras:
    return coerce_option(LaydownExtras, value, "laydown_extras")


def _to_skip_target(value: SkipTarget | str) -> SkipTarget:
    return coerce_option(SkipTarget, value, "skip_target")


def _to_skip_limit(value: SkipLimit | str) -> SkipLimit:
    return coerce_option(SkipLimit, value, "skip_limit")


def _to_skip_as_last_card(value: SkipAsLastCard | str) -> SkipAsLastCard:
    return coerce_option(SkipAsLastCard, value, "skip_as_last_card")


def _to_going_out(value: GoingOut | str) -> GoingOut:
    return coerce_option(GoingOut, value, "going_out")


def _to_initial_wild(value: InitialWild | str) -> InitialWild:
    return coerce_option(InitialWild, value, "initial_wild")


def _to_initial_skip(value: InitialSkip | str) -> InitialSkip:
    return coerce_option(InitialSkip, value, "initial_skip")


def _to_dealer_rotation(value: DealerRotation | str) -> DealerRotation:
    return coerce_option(DealerRotation, value, "dealer_rotation")


def _to_draw_exhaustion(value: DrawExhaustion | str) -> DrawExhaustion:
    return coerce_option(DrawExhaustion, value, "draw_exhaustion")


def _to_tiebreak(value: Tiebreak | str) -> Tiebreak:
    return coerce_option(Tiebreak, value, "tiebreak")


def _to_fixed_hands_tie(value: FixedHandsTie | str) -> FixedHandsTie:
    return coerce_option(FixedHandsTie, value, "fixed_hands_tie")


def _to_masters_saved_cards_scored(value: SavedScoring | str) -> SavedScoring:
    return coerce_option(SavedScoring, value, "masters_saved_cards_scored")


def _to_anti_on_success(value: AntiOnSuccess | str) -> AntiOnSuccess:
    return coerce_option(AntiOnSuccess, value, "anti_on_success")


def _to_postal_wild_scoring(value: PostalScoring | str) -> PostalScoring:
    return coerce_option(PostalScoring, value, "postal_wild_scoring")


def _to_team_advance(value: TeamAdvance | str) -> TeamAdvance:
    return coerce_option(TeamAdvance, value, "team_advance")


def _to_team_hits(value: TeamHits | str) -> TeamHits:
    return coerce_option(TeamHits, value, "team_hits")


def _flag(default: bool) -> bool:
    def validate(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, bool):
            raise InvalidRulesError(
                f"must be True or False, not {show(value)}", option=attribute.name
            )

    result: bool = attrs.field(default=default, validator=validate)
    return result


def _count(default: int, low: int, high: int) -> int:
    def validate(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise InvalidRulesError(
                f"must be a whole number from {low} to {high}, not {show(value)}",
                option=attribute.name,
            )

    result: int = attrs.field(default=default, validator=validate)
    return result


def _points(default: int) -> int:
    def validate(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if type(value) is not int or not 0 <= value <= MAX_POINTS:
            raise InvalidRulesError(
                f"must be a whole number from 0 to {MAX_POINTS}, not {show(value)}",
                option=f"scoring.{attribute.name}",
            )

    result: int = attrs.field(default=default, validator=validate)
    return result


@attrs.frozen
class Scoring:
    """Penalty points for cards left in hand (R-11.1): whole numbers from 0 to 1000."""

    low: int = _points(5)
    """Number cards 1-9."""
    high: int = _points(10)
    """Number cards 10-12."""
    skip: int = _points(15)
    wild: int = _points(25)
    rule_card: int = _points(15)
    """The Anti-Phase rule card, scored as a Skip (V-5.3, a library choice)."""
    reverse: int = _points(15)
    """A Reverse card, 15 as in ``[GH-UNOBOT]`` (V-15)."""
    super_skip: int = _points(15)
    """The Super Skip, scored as a Skip (V-15, a library choice)."""
    _table: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        specials = (self.wild, self.skip, self.rule_card, self.reverse, self.super_skip)
        table = tuple(
            (self.low if code % 12 < 9 else self.high) if code < 48 else specials[code - 48]
            for code in range(len(ALL_CARDS))
        )
        object.__setattr__(self, "_table", table)

    def table(self) -> tuple[int, ...]:
        """Points indexed by :attr:`Card.code` (worked out once, when the value is built)."""
        return self._table


def _phases(value: Any) -> tuple[Phase, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidRulesError(
            f"must be a non-empty sequence of Phase, not {type(value).__name__}", option="phases"
        )
    phases = tuple(value)
    if not phases or not all(isinstance(p, Phase) for p in phases):
        raise InvalidRulesError("must be a non-empty sequence of Phase", option="phases")
    numbers = [p.number for p in phases]
    if len(set(numbers)) != len(numbers):
        raise InvalidRulesError("phase numbers must be distinct", option="phases")
    return phases


def _deck(value: Any) -> DeckSpec:
    if not isinstance(value, DeckSpec):
        raise InvalidRulesError(f"must be a DeckSpec, not {show(value)}", option="deck")
    if value.copies < 1 or value.wilds < 0 or value.skips < 0:
        raise InvalidRulesError(
            "a deck needs number cards: copies (of each number card per colour) must be at "
            f"least 1, not {show(value.copies)}",
            option="deck",
        )
    return value


def _scoring(value: Any) -> Scoring:
    if not isinstance(value, Scoring):
        raise InvalidRulesError(f"must be a Scoring, not {show(value)}", option="scoring")
    return value


def _range(value: Any) -> tuple[int, int]:
    try:
        low, high = value
    except (TypeError, ValueError):
        raise InvalidRulesError("must be a pair (low, high)", option="wild_value_range") from None
    if type(low) is not int or type(high) is not int or low > 1 or high < 12:
        raise InvalidRulesError(
            f"must be a pair (low, high) of whole numbers with low <= 1 and high >= 12, "
            f"not {show(value)}",
            option="wild_value_range",
        )
    return (low, high)


def _spec(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, str):
        raise InvalidRulesError(f"must be a string, not {type(value).__name__}", option="spec")
    why = text_problem(value)
    if why:
        raise InvalidRulesError(why, option="spec")


@attrs.frozen(cache_hash=True)
class Rules:
    """All the rules of one game: the official ones unless told otherwise (A-ids).

    Build variants with :func:`phase10.variants.resolve` or
    :meth:`with_options`; both validate and name a bad option.
    """

    # --- table and deck
    min_players: int = _count(2, 1, MAX_PLAYERS)
    max_players: int = _count(6, 1, MAX_PLAYERS)
    deck: DeckSpec = attrs.field(factory=DeckSpec, converter=_deck)
    hand_size: int = _count(10, 1, MAX_HAND_SIZE)
    phases: tuple[Phase, ...] = attrs.field(default=STANDARD_PHASES, converter=_phases)
    phase_order: PhaseOrder = attrs.field(default=PhaseOrder.SEQUENTIAL, converter=_to_phase_order)
    phase_choice: PhaseChoice = attrs.field(
        default=PhaseChoice.AT_LAYDOWN, converter=_to_phase_choice
    )
    # --- hitting
    hit_own_same_turn: bool = _flag(True)
    hit_others_same_turn: bool = _flag(True)
    # --- wilds and groups
    natural_card_scope: NaturalScope = attrs.field(
        default=NaturalScope.PHASE, converter=_to_natural_card_scope
    )
    run_wraparound: bool = _flag(False)
    wild_value_range: tuple[int, int] = attrs.field(default=(1, 12), converter=_range)
    """A-4: the numbers a Wild may stand for in a run; at widest one place past 1..12 per
    card that can act as a Wild (the deck's Wilds, and under Postal the number cards of
    one number), since nothing else can stand there."""
    wild_assignment: WildAssignment = attrs.field(
        default=WildAssignment.DECLARED, converter=_to_wild_assignment
    )
    laydown_extras: LaydownExtras = attrs.field(
        default=LaydownExtras.EXTEND_GROUPS, converter=_to_laydown_extras
    )
    # --- skips
    skip_target: SkipTarget = attrs.field(default=SkipTarget.ANY_OTHER, converter=_to_skip_target)
    skip_limit: SkipLimit = attrs.field(default=SkipLimit.NO_STACKING, converter=_to_skip_limit)
    skip_pickup_from_discard: bool = _flag(False)
    wild_as_skip: bool = _flag(False)
    skip_as_last_card: SkipAsLastCard = attrs.field(
        default=SkipAsLastCard.ALLOWED, converter=_to_skip_as_last_card
    )
    skip_counts_initial: bool = _flag(True)
    # --- turn, going out, deal
    going_out: GoingOut = attrs.field(default=GoingOut.DISCARD_REQUIRED, converter=_to_going_out)
    initial_wild: InitialWild = attrs.field(
        default=InitialWild.FIRST_PLAYER_MAY_TAKE, converter=_to_initial_wild
    )
    initial_skip: InitialSkip = attrs.field(
        default=InitialSkip.SKIP_FIRST_PLAYER, converter=_to_initial_skip
    )
    may_discard_card_taken_from_discard: bool = _flag(True)
    # --- scoring, advancing, dealing, exhaustion
    scoring: Scoring = attrs.field(factory=Scoring, converter=_scoring)
    dealer_rotation: DealerRotation = attrs.field(
        default=DealerRotation.LEFT_EACH_HAND, converter=_to_dealer_rotation
    )
    draw_exhaustion: DrawExhaustion = attrs.field(
        default=DrawExhaustion.RESHUFFLE_DISCARD_KEEP_TOP, converter=_to_draw_exhaustion
    )
    # --- end of game (A-13, A-14, A-15, V-8)
    end_when_sole_phase10_contender: bool = _flag(False)
    winner_must_go_out: bool = _flag(False)
    tiebreak: Tiebreak = attrs.field(
        default=Tiebreak.REPLAY_FINAL_PHASE_FIRST_OUT, converter=_to_tiebreak
    )
    fixed_hands: int | None = attrs.field(default=None)
    """V-8: play exactly this many hands; in hand k everyone attempts the k-th phase."""
    fixed_hands_tie: FixedHandsTie = attrs.field(
        default=FixedHandsTie.SHARED, converter=_to_fixed_hands_tie
    )
    max_hands: int | None = attrs.field(default=None)
    """Issue 14's hand cap: after this many hands without a winner the game ends; the most
    phases completed, then the lowest total, wins (ties share)."""
    # --- Masters Edition (V-1, A-19..A-23)
    masters_saving: bool = _flag(False)
    """V-1.6: a turn may end by saving a card to a private Save pile instead of discarding."""
    masters_save_usable_same_hand: bool = _flag(False)
    masters_saved_cards_scored: SavedScoring = attrs.field(
        default=SavedScoring.NEVER, converter=_to_masters_saved_cards_scored
    )
    masters_go_out_by_saving: bool = _flag(True)
    masters_phase_cards: int = _count(0, 0, PHASE_CARD_COPIES * MAX_PHASE_LIST)
    """V-15 Hard 2-player Masters: Phase cards dealt to each player from the shuffled
    box of four per phase; a player must complete exactly the phases on them (0: off)."""
    # --- Anti-Phase (V-5, A-25)
    anti_phase: bool = _flag(False)
    """V-5: failing your phase sends you down one phase."""
    anti_on_success: AntiOnSuccess = attrs.field(
        default=AntiOnSuccess.ADVANCE, converter=_to_anti_on_success
    )
    anti_floor: int | None = attrs.field(default=None)
    """Issue 14's remedy: a drop never takes a player more than this many phases below the
    most they have had completed (``None``: no floor, V-5.2 as written)."""
    # --- Floating (V-9, A-27)
    floating_must_take_playable_discard: bool = _flag(True)
    # --- Postal (V-10, A-26)
    postal: bool = _flag(False)
    """V-10: nobody goes out in the first circuit; phase-number cards are wild on phases 1-7."""
    postal_wild_scoring: PostalScoring = attrs.field(
        default=PostalScoring.FACE_VALUE, converter=_to_postal_wild_scoring
    )
    postal_wilds_on_others: bool = _flag(True)
    """A-26 / V-10.3: whether a player's phase-number Wilds stay Wild when they hit other
    players' groups (``False``: there they are plain number cards)."""
    postal_wilds_natural: bool = _flag(True)
    """A-26 / V-10.3: whether a player's phase-number Wild counts as a natural card when it
    stands for its own number (``False``: it never does, so it cannot meet R-7.2's
    natural-card requirement under ``natural_card_scope`` "phase" or "group", A-3)."""
    # --- Movable wilds (V-13)
    movable_wilds: bool = _flag(False)
    """V-13: a Wild in a run may be replaced by the card it stands for and moved to an end."""
    # --- Reverse cards, Super Wild / Super Skip (V-15)
    skip_may_reverse: bool = _flag(False)
    """V-15 (Super Wild Phase 10): a Skip discarded without a target reverses the
    direction of play instead of skipping anyone."""
    # --- House rules of [GH-UNOBOT] (V-15)
    last_stand: bool = _flag(False)
    """V-15 "Last stand": when a player goes out, every other player takes one final turn
    before the hand ends; the first out wins the hand."""
    partial_phasing: bool = _flag(False)
    """V-15 "Partial phasing": the groups of a phase may be put on the table one at a time,
    over several turns; the phase counts once its last group is down."""
    # --- Team play (seed 002)
    teams: int = _count(0, 0, MAX_PLAYERS // 2)
    """Partnerships: 0 for none, else the number of teams; seat ``s`` plays for team
    ``s % teams``, so partners sit apart. Partners share one phase and add up their scores."""
    team_advance: TeamAdvance = attrs.field(default=TeamAdvance.ANY, converter=_to_team_advance)
    team_hits: TeamHits = attrs.field(default=TeamHits.ANYONE, converter=_to_team_hits)
    # --- library decisions where the sources are silent (docs/rules_reference.rst)
    wild_skip_pickup: bool = _flag(False)
    """V-11 / R-9.4: whether a discarded Wild may be taken when Wilds are also Skips."""
    anti_drops_stack: bool = _flag(True)
    """V-5.3: whether the rule card's drop adds to the drop for failing one's phase."""
    masters_tiebreak_saves_scored: bool = _flag(True)
    """A-20: whether Save piles score in and after tiebreak hands as after any hand."""
    masters_choice_before_deal_up: bool = _flag(True)
    """V-1.4 with V-12: whether phases are chosen before the dealer places the upturned card."""
    # --- safety and provenance
    max_turns: int | None = attrs.field(default=None)
    spec: str = attrs.field(default="standard", validator=_spec)
    meld_rules: MeldRules = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.min_players > self.max_players:
            raise InvalidRulesError(
                f"min_players {self.min_players} is above max_players {self.max_players}",
                option="min_players",
            )
        if self.run_wraparound and self.wild_value_range != (1, 12):
            raise InvalidRulesError(
                "a run cannot both wrap around and let Wilds stand beyond 1..12",
                option="run_wraparound",
            )
        for name, low in (
            ("fixed_hands", 1),
            ("max_turns", 1),
            ("max_hands", 1),
            ("anti_floor", 0),
        ):
            value = getattr(self, name)
            if value is not None and (type(value) is not int or not low <= value <= MAX_COUNT):
                raise InvalidRulesError(
                    f"must be None or a whole number from {low} to {MAX_COUNT}, not {show(value)}",
                    name,
                )
        self._check_reach()
        if self.fixed_hands is not None and self.fixed_hands > len(self.phases):
            raise InvalidRulesError(
                f"{self.fixed_hands} hands need as many phases; the list has {len(self.phases)}",
                option="fixed_hands",
            )
        if self.fixed_hands is not None and self.phase_order is PhaseOrder.ANY:
            raise InvalidRulesError(
                "a fixed number of hands sets every hand's phase; phases cannot also be "
                "chosen freely",
                option="fixed_hands",
            )
        if self.end_when_sole_phase10_contender and self.winner_must_go_out:
            raise InvalidRulesError(
                "the game cannot end when the sole contender lays down the final phase (A-13) "
                "if the winner must also go out (A-14)",
                option="end_when_sole_phase10_contender",
            )
        if self.draw_exhaustion is DrawExhaustion.FRESH_DECK and self.masters_saving:
            raise InvalidRulesError(
                "a fresh deck's extra copies could stay on the Save piles from hand to hand, "
                "where one deck is dealt (A-17 with V-1.6)",
                option="draw_exhaustion",
            )
        if self.masters_phase_cards and self.phase_order is not PhaseOrder.ANY:
            raise InvalidRulesError(
                "Phase cards are dealt only when phases are made in any order (V-1.5)",
                option="masters_phase_cards",
            )
        box = PHASE_CARD_COPIES * len(self.phases)
        if self.masters_phase_cards * max(2, self.min_players) > box:
            raise InvalidRulesError(
                f"the {box} Phase cards of a list of {len(self.phases)} phases cannot deal "
                f"{self.masters_phase_cards} to each of {max(2, self.min_players)} players (V-15)",
                option="masters_phase_cards",
            )
        if self.last_stand and self.going_out is GoingOut.FLOATING:
            raise InvalidRulesError(
                "a floater has no final turn to take: a player who empties their hand either "
                "floats (V-9) or goes out and starts the last stand",
                option="last_stand",
            )
        if self.last_stand and self.deck.rule_cards:
            raise InvalidRulesError(
                "the drop named with the rule card (V-5.3) cannot wait for the final turns",
                option="last_stand",
            )
        if self.teams == 1:
            raise InvalidRulesError("a game of teams has at least 2 teams", option="teams")
        if self.teams and self.phase_order is PhaseOrder.ANY:
            raise InvalidRulesError(
                "partners share one phase; they cannot each choose theirs (V-1, V-3)",
                option="teams",
            )
        if self.anti_phase and self.fixed_hands is not None:
            raise InvalidRulesError(
                "Anti-Phase moves players down; with fixed hands nobody has a position",
                option="anti_phase",
            )
        object.__setattr__(
            self,
            "meld_rules",
            MeldRules(self.natural_card_scope, self.run_wraparound, self.wild_value_range),
        )

    def _check_reach(self) -> None:
        """Nothing in the rules asks for more cards than the deck holds (R-1.6, A-4).

        A phase needs its groups' cards from one deck. Beyond 1..12 a run holds
        only Wilds (and, under Postal, the number cards that are Wild for their
        player, V-10.2), so a run reaches at most that many places past either
        end: a wider ``wild_value_range`` only costs work.
        """
        size = self.deck.size
        for phase in self.phases:
            if phase.min_cards > size:
                raise InvalidRulesError(
                    f"phase {phase.number} needs more cards than the deck holds ({size})",
                    option="phases",
                )
        reach = self.deck.wilds + (4 * self.deck.copies if self.postal else 0)
        low, high = self.wild_value_range
        if low < 1 - reach or high > 12 + reach:
            raise InvalidRulesError(
                f"a run reaches at most {reach} places past 1..12 with this deck (one per card "
                f"that may act as a Wild), so the range is at widest ({1 - reach}, {12 + reach}), "
                f"not ({low}, {high})",
                option="wild_value_range",
            )

    @property
    def final_phase(self) -> Phase:
        """The last phase of the list: completing it ends the game (R-15, V-6, V-7)."""
        return self.phases[-1]

    def phase(self, number: int) -> Phase:
        """The phase with that number; raises :class:`InvalidRulesError` if the list lacks it."""
        for phase in self.phases:
            if phase.number == number:
                return phase
        raise InvalidRulesError(f"these rules have no phase {number}", option="phases")

    def with_options(self, **options: object) -> Rules:
        """A copy with some options changed; unknown names raise :class:`InvalidRulesError`.

        >>> Rules().with_options(skip_target="next_player").skip_target
        <SkipTarget.NEXT_PLAYER: 'next_player'>
        """
        known = {a.name for a in attrs.fields(Rules) if a.init}
        for name in options:
            if name not in known:
                raise InvalidRulesError("no such rule option", option=name)
        return attrs.evolve(self, **options)  # type: ignore[arg-type]

    def check_players(self, count: int) -> None:
        """Raise :class:`InvalidRulesError` unless ``count`` players may play (R-1.5)."""
        if not self.min_players <= count <= self.max_players:
            raise table_size_error(count, self.min_players, self.max_players)
        box = PHASE_CARD_COPIES * len(self.phases)
        if self.masters_phase_cards * count > box:
            raise InvalidRulesError(
                f"{count} players cannot each be dealt {self.masters_phase_cards} of the {box} "
                "Phase cards",
                option="masters_phase_cards",
            )
        if self.teams and (count % self.teams or count // self.teams < 2):
            raise InvalidRulesError(
                f"{count} players cannot form {self.teams} teams of two or more",
                option="players",
            )
        needed = count * self.hand_size + 1
        if needed > self.deck.size:
            raise InvalidRulesError(
                f"{count} hands of {self.hand_size} need {needed} cards; the deck has "
                f"{self.deck.size}",
                option="hand_size",
            )
