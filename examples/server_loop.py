"""A minimal multiplayer server loop: each seat sees only its own view and answers in text.

There is no network here: a client is an object with ``receive(message) ->
reply``, and the messages are the JSON strings a real server would send over a
WebSocket. The server owns the only ``GameState`` and keeps the steps of the
game; when a seat is to act it is sent ``seat_update``: its ``player_view``
(its own hand and the public table, with the rules' phase list), its legal
moves in action notation, and the events since its last message, told as far
as that seat may know them. Clients answer with one line of notation (``draw``,
``discard R7``, ...), and the server trusts none of it:

1. is the sender the seat whose turn it is? (``check`` cannot know who sent a move);
2. can the text be read? (``parse_action`` raises ``InvalidDataError``);
3. is the move legal? (``check`` returns the ``IllegalActionError`` with a
   machine-readable ``reason`` and a sentence for the player).

A refused move is answered with the reason and the seat asks again: the next
update carries an ``"error"`` key of this example's own (``reason`` and
``message``), which the ``"update"`` JSON Schema does not list, so a client that
validates its messages against that schema reads ``error`` first. One client
here is careless on purpose, so the refusals can be seen.

    python examples/server_loop.py [--variant SPEC] [--seed N] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Sequence

from phase10 import (
    Action,
    GameState,
    GreedyBot,
    InvalidDataError,
    NextHand,
    Rules,
    Stage,
    apply,
    check,
    describe_result,
    legal_actions,
    new_game,
    seat_update,
    variants,
)
from phase10.notation import action_to_text, parse_action
from phase10.serialization import from_data
from phase10.updates import Step

MAX_ATTEMPTS = 3
"""Refused moves a seat may send in a row before the server plays for it (a time-out)."""


# --------------------------------------------------------------------------- the server


class Server:
    """Owns the game and its steps; turns client text into checked actions."""

    def __init__(self, names: Sequence[str], rules: Rules, seed: int, verbose: bool) -> None:
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
        if seat != self.state.current_player:
            return self.refuse(seat, "not_your_turn", "wait for your turn", text)
        try:
            action = parse_action(text)
        except InvalidDataError as error:
            return self.refuse(seat, "unreadable", str(error), text)
        problem = check(self.state, action)
        if problem is not None:
            return self.refuse(seat, problem.reason.value, problem.message, text)
        self.play(action)
        return None

    def refuse(self, seat: int, reason: str, message: str, text: str) -> dict[str, str]:
        self.refused[reason] += 1
        print(f"  refused seat {seat} {text!r}: {reason}: {message}")
        return {"reason": reason, "message": message}

    def play(self, action: Action) -> None:
        """Apply a checked action and keep the step for the seats' next updates."""
        before, self.state = self.state, apply(self.state, action)
        self.steps.append((before, action, self.state))
        if len(self.state.results) > len(before.results):
            print(f"  {describe_result(self.state, self.state.results[-1])}")


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
        return str(self.rng.choice(data["legal"]))


Client = BotClient | CarelessClient


def run(spec: str, seed: int, verbose: bool) -> GameState:
    """Serve one game to three clients and return its final state."""
    names = ["Ann", "Bob", "Cy"]
    server = Server(names, variants.resolve(spec), seed, verbose)
    clients: list[Client] = [BotClient(verbose), CarelessClient(seed), BotClient(verbose)]

    first = json.loads(server.turn_message(server.state.current_player or 0))
    view = first["view"]
    others = [p for s, p in enumerate(view["players"]) if s != view["seat"]]
    print(f"an update: {list(first)}; the view's keys start {list(view)[:5]}")
    print(f"other seats are sent as {sorted(others[0])}: a hand size, never a hand")
    print(f"the view names every phase, e.g. {view['phases'][0]['name']!r}")

    # A client that speaks out of turn is refused before its text is even read.
    idle = next(s for s in range(len(names)) if s != server.state.current_player)
    server.handle(idle, "draw")

    while not server.state.is_over:
        if server.state.stage is Stage.HAND_OVER:
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
    run(args.variant, args.seed, args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
