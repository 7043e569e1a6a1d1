"""A minimal multiplayer server loop: each seat sees only its own view and answers in text.

There is no network here: a client is an object with ``receive(message) ->
reply``, and the messages are the JSON strings a real server would send over a
WebSocket. The server owns the only ``GameState`` and keeps the steps of the
game; when a seat is to act it is sent ``seat_update``: its ``player_view``
(its own hand and the public table, with the rules' phase list), its legal
moves in action notation, and the events since its last message, told as far
as that seat may know them. Which seat a client is comes from its connection
(here: its place in the list), never from what it sends.

Clients answer with one move: a line of notation (``draw``, ``discard R7``, ...)
or the same notation as a JSON string (``"discard R7"``, what the ``"action"``
JSON Schema describes). The server trusts none of it:

1. is the sender the seat whose turn it is? (``check`` cannot know who sent a move);
2. is the message short enough to read, and can it be read? (``parse_action``
   raises ``InvalidDataError`` for anything but one line of the notation);
3. is the move legal? (``check`` returns the ``IllegalActionError`` with a
   machine-readable ``reason`` and a sentence for the player).

A refused move is answered with the reason and the seat asks again: the next
update carries an ``"error"`` key of this example's own (``reason`` and
``message``), which the ``"update"`` JSON Schema does not list, so a client that
validates its messages against that schema reads ``error`` first. One client
here is careless on purpose, and before the game a hostile one tries its luck,
so the refusals can be seen.

The server also does what a real one must to survive a restart and an audit: it
stores the game after every hand (``to_json``; ``from_json`` reads it back, and
the game goes on from the stored copy), keeps a ``GameRecord`` of every action,
and at the end saves the record and replays it to the same final state.

    python examples/server_loop.py [--variant SPEC] [--seed N] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence

from phase10 import (
    Action,
    GameRecord,
    GameState,
    GreedyBot,
    InvalidDataError,
    InvalidRulesError,
    NextHand,
    Rules,
    Stage,
    apply,
    check,
    describe_result,
    from_json,
    legal_actions,
    new_game,
    seat_update,
    to_json,
    variants,
)
from phase10.notation import action_to_text, parse_action
from phase10.serialization import from_data
from phase10.updates import Step

MAX_ATTEMPTS = 3
"""Refused moves a seat may send in a row before the server plays for it (a time-out)."""

MAX_MESSAGE = 4096
"""The longest move message the server reads: a move of any game of these rules is far
shorter (``parse_action`` has its own, larger bound, room for ``next deck ...``, which
only the server itself plays)."""


# --------------------------------------------------------------------------- the server


class Server:
    """Owns the game, its steps and its record; turns client text into checked actions."""

    def __init__(self, names: Sequence[str], rules: Rules, seed: int, verbose: bool) -> None:
        self.record = GameRecord.start(names, rules, seed=seed)
        self.state: GameState = new_game(names, rules, seed=seed)
        self.steps: list[Step] = []
        self.told = [0] * len(names)
        """Per seat: how many steps it has been told about."""
        self.verbose = verbose
        self.sent_bytes = 0
        self.refused: Counter[str] = Counter()

    def turn_message(self, seat: int, error: dict[str, str] | None = None) -> str:
        """What the seat to move is sent: its update (view, moves, news) and why it was
        refused, if it was."""
        update = seat_update(self.state, seat, self.steps[self.told[seat] :])
        self.told[seat] = len(self.steps)
        message: dict[str, object] = dict(update.to_data())
        if error is not None:
            message["error"] = error
        text = json.dumps(message)
        self.sent_bytes += len(text)
        return text

    def handle(self, seat: int, text: str) -> dict[str, str] | None:
        """Apply ``seat``'s move if it may make it; otherwise the refusal to send back."""
        if seat != self.state.current_player:  # also: between hands, and once the game is over
            return self.refuse(seat, "not_your_turn", "wait for your turn", text)
        if len(text) > MAX_MESSAGE:
            return self.refuse(
                seat, "too_long", f"a move is at most {MAX_MESSAGE} characters", text
            )
        try:
            action = parse_action(json.loads(text) if text.startswith('"') else text)
        except (InvalidDataError, json.JSONDecodeError) as error:
            return self.refuse(seat, "unreadable", str(error), text)
        problem = check(self.state, action)
        if problem is not None:
            return self.refuse(seat, problem.reason.value, problem.message, text)
        self.play(action)
        return None

    def refuse(self, seat: int, reason: str, message: str, text: str) -> dict[str, str]:
        self.refused[reason] += 1
        shown = text if len(text) <= 40 else f"{text[:40]}... ({len(text):,} characters)"
        print(f"  refused seat {seat} {shown!r}: {reason}: {message}")
        return {"reason": reason, "message": message}

    def play(self, action: Action) -> None:
        """Apply a checked action and keep the step for the seats' next updates."""
        before, self.state = self.state, apply(self.state, action)
        self.steps.append((before, action, self.state))
        self.record = self.record.append(action)
        if len(self.state.results) > len(before.results):
            print(f"  {describe_result(self.state, self.state.results[-1])}")

    def store_and_reload(self) -> None:
        """What a server does between hands: store the full state (never sent to a client:
        it holds every hand, the stock and the seed) and, after a restart, go on from the
        stored copy, which ``from_json`` checks strictly."""
        stored = to_json(self.state)
        reloaded = from_json(stored)
        assert reloaded == self.state
        self.state = reloaded


# --------------------------------------------------------------------------- the clients


class BotClient:
    """A well-behaved remote player: rebuilds its view from the JSON and lets a bot choose."""

    def __init__(self, verbose: bool) -> None:
        self.bot = GreedyBot()
        self.verbose = verbose

    def receive(self, message: str) -> str:
        data = json.loads(message)
        if self.verbose:
            for event in data["events"]:
                print(f"  seat {data['seat']} hears: {event['text']}")
        legal = [parse_action(text) for text in data["legal"]]
        view = from_data(data["view"], "view")
        return action_to_text(self.bot.choose(view, legal))


class CarelessClient:
    """A player who mistypes now and then: the server must catch every mistake."""

    MISTAKES = ("discard X9", "hit 7.0 R8", "lay set:R1 R1 R1", "take", "pass")

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def receive(self, message: str) -> str:
        data = json.loads(message)
        if "error" not in data and self.rng.random() < 0.2:
            return self.rng.choice(self.MISTAKES)
        return json.dumps(self.rng.choice(data["legal"]))  # the notation as a JSON string


HOSTILE = (
    "@@@ ;; DROP TABLE games",  # garbage
    "discard " + "R7 " * 100_000,  # a huge payload
    '{"action": "draw"}',  # JSON, but not a move
    '"draw',  # broken JSON
    "discard Y12 @99",  # a seat that is not at the table
)
"""What a hostile client sends on its turn, each refused with the state unchanged."""


def not_held(state: GameState) -> str:
    """A discard of a card the player to act does not hold (after it has drawn)."""
    seat = state.current_player
    assert seat is not None
    held = {str(card) for card in state.players[seat].hand}
    card = next(f"{c}{n}" for c in "RBGY" for n in range(1, 13) if f"{c}{n}" not in held)
    return f"discard {card}"


Client = BotClient | CarelessClient


NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")


def run(spec: str, seed: int, verbose: bool) -> GameState:
    """Serve one game to three clients (more if the rules need them: ``teams`` four) and
    return its final state; seat 1 is the careless client."""
    rules = variants.resolve(spec)
    names = list(NAMES[: max(3, rules.min_players)])
    server = Server(names, rules, seed, verbose)
    clients: list[Client] = [
        CarelessClient(seed) if seat == 1 else BotClient(verbose) for seat in range(len(names))
    ]

    first = json.loads(server.turn_message(server.state.current_player or 0))
    view = first["view"]
    others = [p for s, p in enumerate(view["players"]) if s != view["seat"]]
    print(f"an update: {list(first)}; the view's keys start {list(view)[:5]}")
    print(f"other seats are sent as {sorted(others[0])}: a hand size, never a hand")
    print(f"the view names every phase, e.g. {view['phases'][0]['name']!r}")

    # A client that speaks out of turn is refused before its text is even read; the one
    # to act tries hostile messages. Every refusal leaves the state as it was.
    unchanged = server.state
    idle = next(s for s in range(len(names)) if s != server.state.current_player)
    server.handle(idle, "draw")
    mover = server.state.current_player
    assert mover is not None
    for text in HOSTILE:
        server.handle(mover, text)
    assert server.state is unchanged

    while not server.state.is_over:
        if server.state.stage is Stage.HAND_OVER:
            server.store_and_reload()
            server.play(NextHand())  # the server deals; no client decides this
            continue
        seat = server.state.current_player
        assert seat is not None
        error: dict[str, str] | None = None
        for _ in range(MAX_ATTEMPTS):
            reply = clients[seat].receive(server.turn_message(seat, error))
            error = server.handle(seat, reply)
            if error is None:
                break
        else:  # too many refusals: play the first legal move for the seat, as on a time-out
            server.play(legal_actions(server.state)[0])
        if server.state.stage is Stage.PLAY and server.state.current_player == mover == seat:
            server.handle(seat, not_held(server.state))  # once: a card the seat lacks
            mover = None

    # Once the game is over nobody is to act, so every move is refused by the seat check
    # (and ``check`` would say "the game is over").
    server.handle(0, "draw")
    assert check(server.state, parse_action("draw")) is not None

    # The record is the server's own (its seed rebuilds every hand): save it, read it
    # back strictly and replay it to the same end.
    path = os.path.join(tempfile.mkdtemp(), "game.json")
    server.record.save(path)
    replayed = GameRecord.load(path).final_state()
    print(
        f"the record of {len(server.record.actions)} actions replays to the same end: "
        f"{replayed == server.state}"
    )

    winners = ", ".join(names[s] for s in server.state.winners)
    refused = ", ".join(f"{reason} x{n}" for reason, n in sorted(server.refused.items()))
    print(f"game over after {len(server.state.results)} hands; winner: {winners}")
    print(f"sent {server.sent_bytes} bytes of JSON; refused moves: {refused or 'none'}")
    return server.state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A minimal multiplayer server loop.")
    parser.add_argument("--variant", default="to-phase-3", help="a variant spec (to-phase-3)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--verbose", action="store_true", help="show what each bot is told")
    args = parser.parse_args(argv)
    try:
        variants.resolve(args.variant)
    except InvalidRulesError as error:
        parser.error(str(error))
    run(args.variant, args.seed, args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
