"""Bots play whole games; every step is checked on the way (cards, notation, JSON, records).

At every step the chosen action must be listed by :func:`~phase10.legal_actions`
and accepted by :func:`~phase10.check`, read back from its notation, and leave
every card of the deck accounted for (hands, groups, stock, discard pile and
Save piles). States and views are read back from JSON now and then, and at a
few lay-downs under way; the game must end, and its record must replay to the
same final state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..actions import Action, NextHand
from ..bots import Bot, GreedyBot, RandomBot
from ..cards import Card, standard_deck
from ..engine import apply, check, legal_actions, new_game
from ..errors import InvalidRulesError
from ..notation import action_to_text, parse_action
from ..record import GameRecord
from ..rules import Rules
from ..serialization import from_json, to_json
from ..state import GameState, Stage
from ..views import player_view, spectator_view
from .report import Recorder

__all__ = ["card_count", "check_games", "difference"]

MAX_ACTIONS = 20_000
"""Actions after which a game that has not ended is reported."""

_JSON_EVERY = 60
"""Steps between two JSON round trips of the state and views."""

_JSON_LAYING = 3
"""States with a lay-down under way read back from JSON per game, besides."""


def card_count(state: GameState) -> Counter[Card]:
    """Every card of ``state``: hands, groups on the table, stock, discard pile, Save piles."""
    counter: Counter[Card] = Counter(state.stock)
    counter.update(state.discard_pile)
    for player in state.players:
        counter.update(player.hand)
        counter.update(player.saved)
        for meld in player.melds:
            counter.update(meld.cards)
    return counter


def difference(have: Counter[Card], want: Counter[Card]) -> str:
    """``"2 more R7, 1 fewer W"``: how the cards ``have`` differ from ``want``."""
    more, fewer = have - want, want - have
    parts = [f"{n} more {card}" for card, n in sorted(more.items())]
    parts += [f"{n} fewer {card}" for card, n in sorted(fewer.items())]
    return ", ".join(parts)


def _bots(players: int, game: int, seed: int) -> list[Bot]:
    """Greedy and random seats in turn, the pattern shifted from game to game."""
    return [
        GreedyBot() if (seat + game) % 2 == 0 else RandomBot(seed * 1_000 + game * 10 + seat)
        for seat in range(players)
    ]


def _table_sizes(rules: Rules, games: int) -> list[int]:
    """The sizes the rules allow up to six (team play: 4 and 6), smallest first, in turn."""
    allowed = []
    for count in range(rules.min_players, min(rules.max_players, 6) + 1):
        try:
            rules.check_players(count)
        except InvalidRulesError:
            continue
        allowed.append(count)
    if not allowed:
        allowed = [rules.min_players]  # new_game says why in the report
    return [allowed[game % len(allowed)] for game in range(games)]


def check_games(recorder: Recorder, rules: Rules, games: int, seed: int) -> None:
    """Play ``games`` games under ``rules`` (table sizes from the smallest allowed up) and
    check every step."""
    for game, players in enumerate(_table_sizes(rules, games)):
        where = f"game {game + 1}: {players} players, seed {seed + game}"
        with recorder.check("bots play to the end", where):
            _play(recorder, rules, players, seed + game, _bots(players, game, seed), where)


def _play(
    recorder: Recorder, rules: Rules, players: int, seed: int, bots: Sequence[Bot], where: str
) -> None:
    recorder.ran("cards conserved")
    state = new_game(players, rules, seed=seed)
    one_deck = Counter(standard_deck(rules))
    deck = one_deck
    texts: list[str] = []
    laying = 0
    for step in range(MAX_ACTIONS):
        if state.is_over:
            break
        action = _next_action(recorder, state, bots, where)
        if action is None:
            return
        text = _checked_text(recorder, action, where)
        after = apply(state, action)
        have = card_count(after)
        if after.decks != state.decks:  # A-17 "fresh_deck": another deck came into play
            deck = Counter({card: n * after.decks for card, n in one_deck.items()})
        if have != deck:
            recorder.fail(
                "cards conserved",
                f"after {text!r} (hand {state.hand_number}) the table holds "
                f"{difference(have, deck)} than the deck ({where})",
            )
            return
        laying += after.laying is not None
        if step % _JSON_EVERY == 0 or (after.laying is not None and laying <= _JSON_LAYING):
            _round_trips(recorder, after, where)
        texts.append(text)
        state = after
    else:
        recorder.fail(
            "bots play to the end",
            f"the game was not over after {MAX_ACTIONS} actions (hand {state.hand_number}, "
            f"stage {state.stage.value}; {where})",
        )
        return
    with recorder.check("record replays", where):
        record = GameRecord.start(players, rules, seed=seed).extend(texts)
        if record.final_state() != state:
            recorder.fail("record replays", f"the record's replay ends elsewhere ({where})")
        if from_json(to_json(record, indent=None), "record") != record:
            recorder.fail("record replays", f"the record reads back from JSON changed ({where})")


def _next_action(
    recorder: Recorder, state: GameState, bots: Sequence[Bot], where: str
) -> Action | None:
    legal = legal_actions(state)
    if not legal:
        recorder.fail(
            "bots play to the end",
            f"no legal action at stage {state.stage.value}, hand {state.hand_number} ({where})",
        )
        return None
    if state.stage is Stage.HAND_OVER:
        return NextHand()
    seat = state.current_player
    assert seat is not None
    action = bots[seat].choose(player_view(state, seat), legal)
    problem = check(state, action)
    if action not in legal or problem is not None:
        reason = "is not listed" if problem is None else f"is refused: {problem.message}"
        recorder.fail("bots play to the end", f"the bot's action {action!r} {reason} ({where})")
        return None
    return action


def _checked_text(recorder: Recorder, action: Action, where: str) -> str:
    text = action_to_text(action)
    with recorder.check("action notation round trip", where):
        back = parse_action(text)
        if back != action:
            recorder.fail(
                "action notation round trip",
                f"{text!r} reads back as a different action: {back!r} ({where})",
            )
    return text


def _round_trips(recorder: Recorder, state: GameState, where: str) -> None:
    name = "JSON round trip"
    with recorder.check(name, where):
        if from_json(to_json(state, indent=None), "state") != state:
            recorder.fail(name, f"a state of hand {state.hand_number} reads back changed ({where})")
        views = [spectator_view(state)]
        if state.current_player is not None:
            views.append(player_view(state, state.current_player))
        for view in views:
            if from_json(to_json(view, indent=None), "view") != view:
                recorder.fail(name, f"the view of seat {view.seat} reads back changed ({where})")
