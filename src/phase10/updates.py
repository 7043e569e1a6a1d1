"""What a game server sends one seat after an action: its view, its moves, and what happened.

Every server writes the same message for each seat after each action: the seat's
:func:`~phase10.player_view`, its legal actions in notation when it is its turn,
and the events since the seat's last update, told in sentences. :func:`seat_update`
builds it from the steps the server played, ``(before, action, after)`` as
:func:`~phase10.play_game` passes them to ``on_action``.

An event tells a seat only what that seat may know:

* another seat's :class:`~phase10.Save` and :class:`~phase10.TakeSaved` show no card
  (the Save pile lies face down, V-1.6);
* another seat's :class:`~phase10.LayGroup` is not told at all: the groups of a
  lay-down under way stay in the hand until the :class:`~phase10.LayDown` with the
  last one (R-5.4);
* a :class:`~phase10.NextHand` never shows the deck it deals (the server's shuffle);
* the end of a hand and of the game are events of their own.

>>> from phase10 import GreedyBot, new_game, play_game
>>> steps = []
>>> final = play_game(new_game(["Ann", "Bob"], "to-phase-1", seed=3), [GreedyBot()] * 2,
...                   on_action=lambda *step: steps.append(step))
>>> seat_update(steps[0][0], 0).legal  # Bob (seat 1) plays first
()
>>> update = seat_update(steps[2][0], 0, steps[:2])  # Ann, after Bob's turn
>>> update.legal
('draw', 'take')
>>> for event in update.events:
...     print(event.seat, event.action, "/", event.text)
1 draw / Bob drew from the draw pile
1 discard ... / Bob discarded ...
"""

from __future__ import annotations

import json
from collections.abc import Iterable

import attrs

from .actions import Action, LayGroup, NextHand, Save, TakeSaved
from .codec import SCHEMA, JSONValue
from .engine import legal_actions
from .narration import describe, describe_result
from .notation import action_to_text
from .seating import no_seat
from .serialization import to_data
from .state import GameState
from .text import status
from .views import PlayerView, player_view, spectator_view

__all__ = ["Event", "SeatUpdate", "Step", "events_for", "seat_update"]

Step = tuple[GameState, Action, GameState]
"""One step of a game: the state before, the action, the state after."""


@attrs.frozen
class Event:
    """One thing that happened, as one seat may know it."""

    seat: int | None
    """The seat that acted; ``None`` for what no seat did (a hand ending, a deal)."""
    action: str | None
    """The action in notation, or ``None`` when the seat may not see it (a card saved)."""
    text: str
    """A sentence for people: ``"Bob discarded Y12"``."""


@attrs.frozen
class SeatUpdate:
    """Everything one seat needs after an action (see :func:`seat_update`)."""

    seat: int | None
    """The seat, or ``None`` for a spectator."""
    view: PlayerView
    """What the seat may see now (:func:`~phase10.player_view`)."""
    legal: tuple[str, ...]
    """The seat's legal actions in notation when it is to act, else ``()``."""
    events: tuple[Event, ...]
    """What happened since the seat's last update, oldest first."""

    def to_data(self) -> dict[str, JSONValue]:
        """The update as JSON data: a message of type ``"update"`` whose ``view`` is the
        view's own document (:func:`phase10.serialization.to_data`); its layout is the JSON
        Schema ``phase10.json_schema("update")``.

        >>> from phase10 import new_game
        >>> data = seat_update(new_game(2, seed=1), 1).to_data()
        >>> [key for key in data], data["view"]["type"], data["legal"]
        (['schema', 'type', 'seat', 'view', 'legal', 'events'], 'view', ['draw', 'take'])
        """
        events: list[JSONValue] = [
            {"seat": event.seat, "action": event.action, "text": event.text}
            for event in self.events
        ]
        return {
            "schema": SCHEMA,
            "type": "update",
            "seat": self.seat,
            "view": to_data(self.view),
            "legal": list(self.legal),
            "events": events,
        }

    def to_json(self) -> str:
        """:meth:`to_data` as one compact line of JSON, ready for the wire."""
        return json.dumps(self.to_data(), ensure_ascii=False)


def _event(seat: int | None, before: GameState, action: Action) -> Event | None:
    """``action`` (played from ``before``) as ``seat`` may know it, or ``None`` if not at all."""
    actor = before.current_player
    own = seat is not None and seat == actor
    if isinstance(action, LayGroup) and not own:
        return None  # the groups of a lay-down under way stay in the hand
    notation: str | None
    if isinstance(action, NextHand):
        notation = "next"  # the deck is the server's secret
    elif isinstance(action, (Save, TakeSaved)) and not own:
        notation = None  # V-1.6: the Save pile lies face down
    else:
        notation = action_to_text(action)
    return Event(actor, notation, describe(before, action))


def events_for(seat: int | None, steps: Iterable[Step]) -> tuple[Event, ...]:
    """What ``steps`` tell ``seat`` (``None``: a spectator), oldest first.

    >>> from phase10 import DrawStock, apply, new_game
    >>> state = new_game(["Ann", "Bob"], seed=3)
    >>> after = apply(state, DrawStock())
    >>> events_for(0, [(state, DrawStock(), after)])
    (Event(seat=1, action='draw', text='Bob drew from the draw pile'),)
    """
    events: list[Event] = []
    for before, action, after in steps:
        event = _event(seat, before, action)
        if event is not None:
            events.append(event)
        if len(after.results) > len(before.results):
            events.append(Event(None, None, describe_result(after, after.results[-1])))
        if after.is_over and not before.is_over:
            events.append(Event(None, None, status(spectator_view(after))))
    return tuple(events)


def seat_update(state: GameState, seat: int | None, steps: Iterable[Step] = ()) -> SeatUpdate:
    """Everything ``seat`` needs now: its view of ``state``, its legal actions in notation
    when it is to act, and what ``steps`` (the steps since its last update) tell it.

    ``seat=None`` gives a spectator's update (no hand, no moves). The server keeps the
    steps it played and, per seat, how many it has already told. ``seat`` is trusted (it
    gets that seat's hand): pass the seat of the connection, never one a client names.
    """
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(state.players)):
        raise no_seat(seat, len(state.players))
    view = spectator_view(state) if seat is None else player_view(state, seat)
    to_act = seat is not None and seat == state.current_player and not state.is_over
    legal = tuple(action_to_text(a) for a in legal_actions(state)) if to_act else ()
    return SeatUpdate(seat, view, legal, events_for(seat, steps))
