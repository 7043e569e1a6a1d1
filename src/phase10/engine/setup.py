"""Starting a game (R-3): :func:`new_game` checks its arguments and deals the first hand.

Interpreted in the optional compiled build, so that a bad argument (a seed ``"7"`` or
``True``) gets the same :class:`~phase10.InvalidRulesError` there; the deal it calls
(:mod:`phase10.engine.deals`) is compiled.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card
from ..errors import InvalidRulesError
from ..limits import show
from ..phase_cards import deal_phase_cards
from ..rules import Rules
from ..seating import check_seat, game_seed, seat_names
from ..state import GameState, PlayerState, Stage
from .deals import deal, deck_for


def resolve_rules(rules: Rules | str) -> Rules:
    """``rules`` itself, or the rules of a variant spec."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        from ..variants import resolve

        return resolve(rules)
    from ..variants import Variant

    if isinstance(rules, Variant):  # variants.get(...) gives one: a step of a spec
        name = rules.name
        raise InvalidRulesError(
            f"rules must be a Rules or a variant spec, not the Variant {name!r} itself: "
            f"pass its name ({name!r}) or its rules (variants.resolve({name!r}))",
            "rules",
        )
    raise InvalidRulesError(f"rules must be a Rules or a variant spec, not {show(rules)}", "rules")


def new_game(
    players: int | Sequence[str],
    rules: Rules | str = "standard",
    *,
    seed: int | None = None,
    dealer: int = 0,
    deck: Iterable[Card] | None = None,
) -> GameState:
    """Start a game and deal its first hand (R-3).

    ``players`` is a count or the players' names. ``rules`` is a :class:`~phase10.Rules`
    or a variant spec such as ``"standard"`` or ``"masters+postal"``. The ``seed``
    fixes every shuffle; without one a secure random seed is drawn and stored in
    the state. ``deck`` fixes the first hand's order (top of the stock first):
    cards are dealt one at a time from the left of the dealer, then the next card
    starts the discard pile. Raises :class:`~phase10.InvalidRulesError` for a
    player count, dealer or seed the rules do not allow (a seed is a whole number
    with ``0 <= seed < 2**64``), and
    :class:`~phase10.IllegalActionError` (``BAD_DECK``) for a deck that is not
    the rules' deck.
    """
    resolved = resolve_rules(rules)
    names = seat_names(players, resolved.check_players)
    dealer = check_seat(dealer, len(names), "dealer")
    seed = game_seed(seed)
    seats = tuple(range(len(names)))
    phase_cards = deal_phase_cards(resolved, seed, len(names))  # V-15 (none: empty)
    skeleton = GameState(
        rules=resolved,
        players=tuple(
            PlayerState(name, assigned=cards)
            for name, cards in zip(names, phase_cards, strict=True)
        ),
        seed=seed,
        stage=Stage.HAND_OVER,
        hand_number=0,
        dealer=dealer,
        current_player=None,
        stock=(),
        discard_pile=(),
        seats=seats,
        skip_record=(-1,) * len(names),
    )
    order = None if deck is None else deck_for(skeleton, tuple(deck))
    return deal(skeleton, 1, dealer, seats, order, tiebreak=False)
