"""Phase 10 Dice and Twist refuse, at ``new_game`` and in their actions, what could not be
saved or replayed, with a typed error and a readable sentence (as the card game does).

Dice once took any seed (``-1`` or ``2**64`` made a state whose JSON did not load), names
with lone surrogates (a state ``to_json`` could not write), and built every name of a
huge count before refusing it; ``Keep(1.5)`` raised a bare ``TypeError``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from phase10 import InvalidDataError, InvalidRulesError, dice, twist
from phase10.dice import Declare, Keep, Release

GAMES = [dice, twist]


@pytest.mark.parametrize("game", GAMES, ids=["dice", "twist"])
@pytest.mark.parametrize("seed", [-1, 2**64, 2**70])
def test_a_seed_outside_64_bits_is_refused(game: object, seed: int) -> None:
    with pytest.raises(InvalidRulesError, match=r"0 <= seed < 2\*\*64") as error:
        game.new_game(2, seed=seed)  # type: ignore[attr-defined]
    assert error.value.option == "seed"


@pytest.mark.parametrize("game", GAMES, ids=["dice", "twist"])
def test_the_largest_seed_plays_and_round_trips(game: object) -> None:
    state = game.new_game(2, seed=2**64 - 1)  # type: ignore[attr-defined]
    assert game.from_json(game.to_json(state)) == state  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES, ids=["dice", "twist"])
def test_a_name_utf8_cannot_encode_is_refused(game: object) -> None:
    with pytest.raises(InvalidRulesError, match="lone surrogate"):
        game.new_game(["Ann", "\ud800"], seed=1)  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES, ids=["dice", "twist"])
def test_a_huge_count_of_players_is_refused_at_once(game: object) -> None:
    began = time.perf_counter()
    with pytest.raises(InvalidRulesError, match="players: 10000000 players cannot play"):
        game.new_game(10**7, seed=1)  # type: ignore[attr-defined]
    assert time.perf_counter() - began < 1


@pytest.mark.parametrize("action", [Keep, Release])
@pytest.mark.parametrize("value", [1.5, None, object()])
def test_dice_named_by_anything_but_numbers_is_a_data_error(action: type, value: object) -> None:
    with pytest.raises(InvalidDataError, match="a die is named by its number"):
        action(value)


def test_a_declaration_of_anything_but_groups_of_numbers_is_a_data_error() -> None:
    with pytest.raises(InvalidDataError, match="a die is named by its number"):
        Declare(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidDataError, match="a die is named by its number"):
        Declare([(0, 1, 2), 1.5])  # type: ignore[list-item]


FIVE: Any = 5
BYTES: Any = b"R5"


@pytest.mark.parametrize(
    ("build", "error"),
    [
        (lambda: dice.Roll(FIVE), InvalidDataError),
        (lambda: dice.Roll(BYTES), InvalidDataError),
        (lambda: dice.parse_faces(FIVE), InvalidDataError),
        (lambda: dice.Die(FIVE), InvalidDataError),
        (lambda: dice.DiceRules(dice=FIVE), InvalidRulesError),
        (lambda: dice.DiceRules(phases=FIVE), InvalidRulesError),
        (lambda: twist.TwistRules(twist_cards=FIVE), InvalidRulesError),
        (lambda: twist.TwistRules(phases=FIVE), InvalidRulesError),
    ],
    ids=["roll", "roll-bytes", "faces", "die", "dice", "dice-phases", "twist-cards", "phases"],
)
def test_options_and_faces_of_the_wrong_type_are_typed_errors(
    build: Callable[[], object], error: type[Exception]
) -> None:
    with pytest.raises(error, match=r"not (5|b'R5')"):
        build()


@pytest.mark.parametrize(
    ("start", "message"),
    [
        (dice.new_game, "99 players cannot play; these rules allow 1 to 8"),
        (twist.new_game, "99 players cannot play; these rules allow 2 to 6"),
    ],
)
def test_a_table_size_is_refused_in_the_card_games_words(
    start: Callable[[int], object], message: str
) -> None:
    """Dice and Twist say the allowed table sizes as the card game does (one helper)."""
    with pytest.raises(InvalidRulesError) as info:
        start(99)
    assert info.value.message == message
    assert info.value.option == "players"
