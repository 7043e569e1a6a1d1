"""Small shared pieces of the engine: card moves, seats, draws, personal rules."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from operator import attrgetter

from ..cards import Card, standard_deck
from ..dealing import shuffled
from ..errors import IllegalActionError, IllegalReason
from ..limits import show
from ..melds import MeldRules
from ..phases import Phase
from ..postal import personal_rules
from ..rules import (
    MAX_DECKS,
    DrawExhaustion,
    GoingOut,
    LaydownExtras,
    PhaseChoice,
    PhaseOrder,
    Rules,
    SkipAsLastCard,
    TeamHits,
)
from ..state import GameState, PlayerState, Stage
from ..teams import same_team

WILD_CODE = 48
SKIP_CODE = 49


def illegal(reason: IllegalReason, message: str) -> IllegalActionError:
    """An :class:`IllegalActionError` to raise."""
    return IllegalActionError(reason, message)


def _named(value: object) -> str:
    """A refused value for a message: a built-in one shown (cut short), any other by its
    class, not a repr that may be cut (an object of another game of the family) or huge."""
    kind = type(value)
    return show(value) if kind.__module__ == "builtins" else f"a {kind.__name__}"


def not_a_state(value: object, kind: str = "GameState") -> TypeError:
    """The error for a value passed where a game state belongs (a wrong Python type)."""
    return TypeError(f"expected a {kind}, not {_named(value)}")


def not_an_action(action: object, game: str, hint: str) -> IllegalActionError:
    """The refusal of something that is no action of ``game``."""
    return illegal(IllegalReason.UNKNOWN_ACTION, f"{_named(action)} is not {game} action ({hint})")


def either(words: Sequence[str]) -> str:
    """Choices in a sentence: ``a``, ``a or b``, ``a, b or c``."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} or {words[-1]}"


def number_choices(numbers: Sequence[int]) -> str:
    """Whole numbers as choices: a run of five or more as ``1-10``, else ``2, 4 or 6``; past
    six, the first five and how many there are (a message stays short)."""
    if len(numbers) > 4 and list(numbers) == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"{numbers[0]}-{numbers[-1]}"
    if len(numbers) > 6:
        return f"{', '.join(map(str, numbers[:5]))}, ... ({len(numbers)} in all)"
    return either([str(n) for n in numbers])


def legal_now(kinds: Iterable[str]) -> str:
    """What may be done instead, each kind of move once in order (for a refusal, never
    a hot path): ``legal now: draw from the draw pile or take R7 from the discard pile``."""
    shown = list(dict.fromkeys(kinds))
    return f"legal now: {either(shown)}" if shown else "no action is legal now"


_CODE = attrgetter("code")


def remove(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``hand`` (sorted, as the engine keeps it) less ``cards``, or ``None`` if it lacks one.

    Binary search on card codes: the hot path of every discard and hit.
    """
    rest = list(hand)
    for card in cards:
        code = card.code
        i = bisect_left(rest, code, key=_CODE)
        if i == len(rest) or rest[i].code != code:
            return None
        del rest[i]
    return tuple(rest)


def not_held(hand: tuple[Card, ...], cards: Iterable[Card]) -> str:
    """Why ``hand`` cannot give ``cards``: the cards missing from it, named.

    A message for the refusal only (not the hot path): a player who lays
    R9 R9 R9 with one R9 is told which two are missing.
    """
    rest = list(hand)
    missing = []
    for card in cards:
        if card in rest:
            rest.remove(card)
        else:
            missing.append(card)
    shown = " ".join(str(card) for card in missing[:_MISSING_SHOWN])
    if len(missing) > _MISSING_SHOWN:
        shown += f" and {len(missing) - _MISSING_SHOWN} more"
    return f"you do not hold all of those cards (missing: {shown})"


_MISSING_SHOWN = 10
"""At most this many missing cards are named: a refusal stays short whatever was sent."""


def no_such_group(tables: Sequence[Sequence[object]], owner: int, index: int) -> str:
    """Why ``owner.index`` names no group: the seats there are, or that seat's groups.

    ``tables`` holds each seat's groups on the table, in seat order.
    """
    if not 0 <= owner < len(tables):
        return f"there is no seat {owner} at this table (seats 0 to {len(tables) - 1})"
    count = len(tables[owner])
    if count == 0:
        return f"seat {owner} has no groups on the table"
    last = f"{owner}.{count - 1}"
    listed = f"{owner}.0" if count == 1 else f"{owner}.0 to {last}"
    return f"seat {owner} has no group {owner}.{index} (its groups are {listed})"


def remove_one(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...] | None:
    """``remove(hand, (card,))`` for one card, without the list round trip (a discard)."""
    code = card.code
    i = bisect_left(hand, code, key=_CODE)
    if i == len(hand) or hand[i].code != code:
        return None
    return hand[:i] + hand[i + 1 :]


def add(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` with ``card``, still sorted by code."""
    i = bisect_right(hand, card.code, key=_CODE)
    return hand[:i] + (card,) + hand[i:]  # noqa: RUF005 (faster than unpacking, a hot path)


def distinct(hand: tuple[Card, ...]) -> list[Card]:
    """The different cards of a sorted hand, in order (cheaper than hashing each card)."""
    result: list[Card] = []
    last = -1
    for card in hand:
        if card.code != last:
            result.append(card)
            last = card.code
    return result


def with_player(
    players: tuple[PlayerState, ...], seat: int, player: PlayerState
) -> tuple[PlayerState, ...]:
    """``players`` with seat ``seat`` replaced."""
    return (*players[:seat], player, *players[seat + 1 :])


def next_seat(state: GameState, seat: int) -> int:
    """The seat after ``seat`` among those playing this hand, in the direction of play."""
    seats = state.seats
    return seats[(seats.index(seat) + state.direction) % len(seats)]


def choosing_at_hand_start(state: GameState) -> bool:
    """Whether players name their phase before play starts (V-1.4, A-22, A-24)."""
    rules = state.rules
    return (
        rules.phase_order is PhaseOrder.ANY
        and rules.phase_choice is PhaseChoice.HAND_START
        and not state.tiebreak
    )


def can_take_discard(state: GameState) -> bool:
    """Whether the top discard may be taken (R-4.2, R-9.4, V-11)."""
    top = state.top_discard
    if top is None:
        return False
    rules = state.rules
    if top.changes_turns:
        return rules.skip_pickup_from_discard
    if top.is_wild and rules.wild_as_skip and not rules.wild_skip_pickup:
        return state.turn == 0  # V-11: a Skip too; only the card turned up may be taken
    return True


def save_room(state: GameState) -> int:
    """How many more cards the Save piles may take and still leave a full deal (V-1.6).

    The next hand is dealt from the deck less every Save pile; it needs a hand for
    each player and a card to turn up (R-3.2, R-3.3).
    """
    rules = state.rules
    saved = sum(len(player.saved) for player in state.players)
    return rules.deck.size - saved - (len(state.players) * rules.hand_size + 1)


def can_draw_stock(state: GameState) -> bool:
    """Whether a card can come from the draw pile, reshuffling if needed (R-14, A-17)."""
    if state.stock:
        return True
    mode = state.rules.draw_exhaustion
    if mode is DrawExhaustion.RESHUFFLE_DISCARD_KEEP_TOP:
        return len(state.discard_pile) > 1
    if mode is DrawExhaustion.RESHUFFLE_ALL_DISCARDS:
        return len(state.discard_pile) > 0
    if mode is DrawExhaustion.FRESH_DECK:
        return state.decks < MAX_DECKS or len(state.discard_pile) > 1
    return False


def usable_saved(state: GameState, seat: int) -> tuple[Card, ...]:
    """The saved cards ``seat`` may take back now (V-1.7, A-19)."""
    player = state.players[seat]
    saved = player.saved
    if player.saved_this_hand and not state.rules.masters_save_usable_same_hand:
        return saved[:-1]  # the card saved this hand is the last one
    return saved


def reshuffled_stock(state: GameState) -> tuple[tuple[Card, ...], tuple[Card, ...], int]:
    """(stock, discard pile, reshuffles) after refilling the empty draw pile (R-14.1, A-17).

    The discards are shuffled into a new stock, or under ``"fresh_deck"`` a fresh deck
    is (``reshuffles`` then counts the decks brought in, :attr:`GameState.decks`).
    """
    count = state.reshuffles + 1
    pool: tuple[Card, ...]
    keep: tuple[Card, ...]
    mode = state.rules.draw_exhaustion
    if mode is DrawExhaustion.RESHUFFLE_ALL_DISCARDS:
        pool, keep = state.discard_pile, ()
    elif mode is DrawExhaustion.FRESH_DECK and state.decks < MAX_DECKS:
        pool, keep = standard_deck(state.rules), state.discard_pile
    else:
        pool, keep = state.discard_pile[:-1], state.discard_pile[-1:]
    stock = shuffled(sorted(pool), state.seed, state.hand_number, count)
    return stock, keep, count


def player_rules(state: GameState, seat: int, laying: Phase | None = None) -> MeldRules:
    """The group rules for ``seat``: the table's, plus Postal's personal Wilds (V-10.2).

    ``laying`` is the phase being laid down, when the player names it then (V-2, V-3).
    """
    if not state.rules.postal or state.tiebreak:
        return state.rules.meld_rules
    target = state.target_phase(seat)
    if target is None:
        target = laying
    return personal_rules(state.rules, None if target is None else target.number)


def hit_rules(state: GameState, seat: int, owner: int) -> MeldRules:
    """The group rules for ``seat`` adding to ``owner``'s groups: its own (V-10.2), but on
    other players' groups without its Postal Wilds when they lose their power there
    (``postal_wilds_on_others``, A-26)."""
    if owner == seat or state.rules.postal_wilds_on_others:
        return player_rules(state, seat)
    return state.rules.meld_rules


def in_first_circuit(state: GameState) -> bool:
    """Postal: whether play has not yet come round to the dealer (V-10.1)."""
    return state.rules.postal and state.turn < len(state.seats) - 1


def play_problem(state: GameState, rest: tuple[Card, ...]) -> str | None:
    """Why a lay-down or hit that leaves ``rest`` in hand is not allowed (R-10.2, A-8, A-9)."""
    rules = state.rules
    if in_first_circuit(state) and len(rest) < 2:
        return "nobody may go out before play has come round to the dealer (Postal, V-10.1)"
    if not rest:
        if rules.going_out is GoingOut.DISCARD_REQUIRED:
            return "you must keep a card to discard (R-10.2)"
        return None
    if len(rest) == 1 and rest[0].is_skip and rules.skip_as_last_card is SkipAsLastCard.FORBIDDEN:
        return "you would be left with only a Skip, which may not be your last card (A-9)"
    return None


def is_skip_use(card: Card, state: GameState) -> bool:
    """Whether discarding ``card`` can skip someone (R-9.1, V-11)."""
    return card.is_skip or (card.is_wild and state.rules.wild_as_skip)


def may_add_same_turn(rules: Rules, own: bool) -> bool:
    """Whether a player may add to groups in the turn they lay down (A-1, A-2).

    Adding to one's own new groups in that turn is the same as having laid them
    larger, which A-10 ``extend_groups`` allows (R-5.5): the engine counts such
    hits as those extra cards, so A-2 ``False`` only forbids them together with
    A-10 ``exact_only``. (A lay-down is listed at minimum size; this is how a
    larger one stays reachable.)
    """
    if not own:
        return rules.hit_others_same_turn
    return rules.hit_own_same_turn or rules.laydown_extras is LaydownExtras.EXTEND_GROUPS


def may_hit_owner(rules: Rules, seat: int, owner: int) -> bool:
    """Whether ``seat`` may add to ``owner``'s groups at all (R-6.4; team play's
    ``team_hits``, seed 002)."""
    return not rules.teams or rules.team_hits is TeamHits.ANYONE or same_team(rules, seat, owner)


def in_play_stage(state: GameState) -> bool:
    """Whether the current player is between drawing and discarding."""
    return state.stage is Stage.PLAY
