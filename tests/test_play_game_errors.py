"""`play_game` tells which seat's bot chose an action the game refused (R-4.2)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from phase10 import (
    Action,
    DrawStock,
    GreedyBot,
    IllegalActionError,
    IllegalReason,
    PlayerView,
    new_game,
    play_game,
)


class DrawsTwice:
    """Draws again once it has drawn: the game refuses the second draw (R-4.2)."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return DrawStock()


def test_r4_2_a_refused_bot_action_names_the_seat_bot_and_place() -> None:
    state = new_game(2, seed=1)
    with pytest.raises(IllegalActionError) as caught:
        play_game(state, [GreedyBot(), DrawsTwice()])
    error = caught.value
    assert error.reason is IllegalReason.WRONG_STAGE
    assert error.message.startswith("seat 1's bot (DrawsTwice) chose DrawStock() in hand 1")
    assert "which the game refused: you have already drawn this turn; legal now: " in error.message
    assert isinstance(error.__cause__, IllegalActionError)
    assert error.message.endswith(error.__cause__.message)
    assert error.__cause__.message.startswith("you have already drawn this turn; legal now: ")
