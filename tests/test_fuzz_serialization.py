"""Fuzzing the JSON reader and the action notation parser with mutated valid input.

The reader's contract: whatever the text, :func:`phase10.serialization.from_json`
either raises :class:`~phase10.InvalidDataError` or returns a value that the
rest of the library can use: a state the engine can continue (it has a legal
action unless the game is over, and applying one works), a record that replays
or fails with ``InvalidDataError``, and a value that writes back to the same
document. Mutations start from valid documents of many variants and stages
(deleted and renamed keys, values of the wrong type, changed, moved, dropped
and duplicated cards, duplicated list items, small and huge numbers, deep
nesting, broken text), so most of them are near misses that only a careful
consistency check rejects.

Every random choice comes from a ``random.Random`` seeded by the test (or by
Hypothesis), never from the global generator.
"""

from __future__ import annotations

import contextlib
import functools
import json
import random
import re
from collections.abc import Callable
from datetime import timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from phase10 import (
    GameState,
    GreedyBot,
    InvalidDataError,
    PlayerView,
    RandomBot,
    Rules,
    Stage,
    apply,
    legal_actions,
    new_game,
    player_view,
    spectator_view,
)
from phase10.actions import ACTION_TYPES
from phase10.cards import ALL_CARDS
from phase10.notation import action_to_text, parse_action
from phase10.record import GameRecord
from phase10.serialization import JSONValue, from_json, to_json
from scale import scaled

# --------------------------------------------------------------------------- seed documents

SCENARIOS: tuple[tuple[str, int, int, int], ...] = (
    # (variant spec, players, seed, actions to play before taking snapshots)
    ("standard", 4, 1, 400),
    ("standard", 2, 5, 900),
    ("masters", 3, 2, 300),
    ("floating", 3, 4, 400),
    ("postal", 3, 6, 300),
    ("pick-a-phase", 3, 3, 300),
    ("dealer-places-upturned", 4, 8, 200),
    ("anti-phase", 2, 9, 300),
    ("ten-hands", 3, 10, 300),
    ("movable-wilds", 3, 11, 300),
    ("truly-wild", 4, 12, 300),
)


def _game(spec: str, players: int, seed: int, steps: int) -> tuple[list[GameState], GameRecord]:
    """Snapshots of a GreedyBot game (every stage it passes) and its record."""
    state = new_game(players, spec, seed=seed)
    record = GameRecord.start(players, spec, seed=seed, metadata={"scenario": spec})
    bots = [GreedyBot() if i % 2 == 0 else RandomBot(seed=seed + i) for i in range(players)]
    snapshots = [state]
    actions = []
    seen_stages = {state.stage}
    for step in range(steps):
        if state.is_over:
            break
        legal = legal_actions(state)
        if state.current_player is None:
            action = legal[0]
        else:
            view = player_view(state, state.current_player)
            action = bots[state.current_player].choose(view, legal)
        state = apply(state, action)
        actions.append(action)
        if state.stage not in seen_stages or step % 97 == 0 or any(p.melds for p in state.players):
            if state.stage not in seen_stages or step % 29 == 0:
                snapshots.append(state)
            seen_stages.add(state.stage)
    snapshots.append(state)
    return snapshots, record.extend(actions[:120])


@functools.cache
def seed_documents() -> tuple[str, ...]:
    """Valid documents of every type (compact JSON), built once per test session."""
    docs: list[str] = [
        to_json(Rules(), indent=None),
        to_json(Rules(hand_size=8, skip_limit="unlimited", fixed_hands=3), indent=None),
    ]
    for spec, players, seed, steps in SCENARIOS:
        snapshots, record = _game(spec, players, seed, steps)
        docs.append(to_json(snapshots[0].rules, indent=None))
        docs.append(to_json(record, indent=None))
        docs.append(to_json(record.with_digests(), indent=None))
        for state in snapshots[:: max(1, len(snapshots) // 6)]:
            docs.append(to_json(state, indent=None))
        last = snapshots[-1]
        docs.append(to_json(last, indent=None))
        docs.append(to_json(player_view(last, 0), indent=None))
        docs.append(to_json(spectator_view(last), indent=None))
    return tuple(docs)


# --------------------------------------------------------------------------- mutations

_CARD_TEXTS = [str(card) for card in ALL_CARDS]
_ODD_VALUES: tuple[JSONValue, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    3,
    7,
    12,
    13,
    99,
    10**18,
    -(10**18),
    10**40,
    1.5,
    "",
    "x",
    "R7",
    "W",
    "R13",
    "draw",
    "standard",
    "\ud800",  # a lone surrogate: not text UTF-8 can encode
    "Ann\udfff",
    "\u0663",  # ARABIC-INDIC DIGIT THREE
    "\u017f",  # LATIN SMALL LETTER LONG S: its upper case is S
    "x" * 300,
    2**53,
    2**63,
    2**64,
    -(2**63) - 1,
    [],
    [0],
    ["R7"],
    {},
    {"kind": "set", "size": 3, "cards": "R7 B7 W", "number": 7},
)


def _copy(value: JSONValue) -> JSONValue:
    """A fresh copy of a JSON value (json round trip: no deepcopy)."""
    copied: JSONValue = json.loads(json.dumps(value))
    return copied


def _containers(node: JSONValue) -> list[dict[str, JSONValue] | list[JSONValue]]:
    found: list[dict[str, JSONValue] | list[JSONValue]] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            found.append(item)
            stack.extend(item)
    return found


def _slots(node: JSONValue) -> list[tuple[dict[str, JSONValue] | list[JSONValue], str | int]]:
    """Every (container, key) place holding a value."""
    slots: list[tuple[dict[str, JSONValue] | list[JSONValue], str | int]] = []
    for container in _containers(node):
        if isinstance(container, dict):
            slots.extend((container, key) for key in container)
        else:
            slots.extend((container, i) for i in range(len(container)))
    return slots


def _get(container: dict[str, JSONValue] | list[JSONValue], key: str | int) -> JSONValue:
    if isinstance(container, dict):
        assert isinstance(key, str)
        return container[key]
    assert isinstance(key, int)
    return container[key]


def _set(
    container: dict[str, JSONValue] | list[JSONValue], key: str | int, value: JSONValue
) -> None:
    if isinstance(container, dict):
        assert isinstance(key, str)
        container[key] = value
    else:
        assert isinstance(key, int)
        container[key] = value


def _card_slots(
    node: JSONValue,
) -> list[tuple[dict[str, JSONValue] | list[JSONValue], str | int]]:
    """Slots holding card text: "R7 B7 W"."""
    pattern = re.compile(r"(?:(?:[RBGY](?:1[0-2]|[1-9])|W|S)(?: |$))+")
    return [
        (c, k)
        for c, k in _slots(node)
        if isinstance(_get(c, k), str) and pattern.fullmatch(str(_get(c, k)))
    ]


def _mutate_cards(data: JSONValue, rng: random.Random) -> None:
    slots = _card_slots(data)
    if not slots:
        return
    container, key = rng.choice(slots)
    tokens = str(_get(container, key)).split()
    choice = rng.randrange(7)
    if choice == 6:  # move many cards into one place (a hoarded hand; conserves the deck)
        other, other_key = rng.choice(slots)
        if other is container and other_key == key:
            return
        others = str(_get(other, other_key)).split()
        count = rng.randrange(len(others) + 1)
        tokens.extend(others[:count])
        tokens.sort(key=lambda text: _CARD_TEXTS.index(text) if text in _CARD_TEXTS else 99)
        _set(other, other_key, " ".join(others[count:]))
    elif choice == 0 and tokens:  # change a card
        tokens[rng.randrange(len(tokens))] = rng.choice([*_CARD_TEXTS, "X1", "R0", "w"])
    elif choice == 1:  # one card more
        tokens.insert(rng.randrange(len(tokens) + 1), rng.choice(_CARD_TEXTS))
    elif choice == 2 and tokens:  # one card less
        del tokens[rng.randrange(len(tokens))]
    elif choice == 3 and tokens:  # move a card somewhere else (conserves the deck)
        card = tokens.pop(rng.randrange(len(tokens)))
        other, other_key = rng.choice(slots)
        _set(container, key, " ".join(tokens))
        others = str(_get(other, other_key)).split()
        others.insert(rng.randrange(len(others) + 1), card)
        _set(other, other_key, " ".join(others))
        return
    elif choice == 4:  # shuffle the order
        rng.shuffle(tokens)
    else:  # swap two card strings (conserves the deck)
        other, other_key = rng.choice(slots)
        first, second = _get(container, key), _get(other, other_key)
        _set(container, key, second)
        _set(other, other_key, first)
        return
    _set(container, key, " ".join(tokens))


def _mutate(data: JSONValue, rng: random.Random) -> None:
    """Change ``data`` in place, in one of many small ways."""
    slots = _slots(data)
    choice = rng.randrange(10)
    if choice <= 2:
        _mutate_cards(data, rng)
        return
    if not slots:
        return
    container, key = rng.choice(slots)
    value = _get(container, key)
    if choice == 3 and isinstance(container, dict):  # delete or rename a key
        del container[str(key)]
        if rng.random() < 0.3:
            container[str(key) + "_"] = value
    elif choice == 4:  # a value of another type, or another small number
        _set(container, key, _copy(rng.choice(_ODD_VALUES)))
    elif choice == 5 and isinstance(value, int) and not isinstance(value, bool):
        _set(container, key, value + rng.choice((-2, -1, 1, 2, 10**30, -(10**30))))
    elif choice == 6 and isinstance(value, list) and value:  # duplicate list items
        if rng.random() < 0.5:
            value.append(_copy(rng.choice(value)))
        else:
            value.extend([_copy(item) for item in value])
    elif choice == 7 and isinstance(value, list) and value:  # drop or reorder list items
        if rng.random() < 0.5:
            del value[rng.randrange(len(value))]
        else:
            rng.shuffle(value)
    elif choice == 8:  # swap two values
        other, other_key = rng.choice(slots)
        first, second = _get(container, key), _get(other, other_key)
        if first is not other and second is not container:
            _set(container, key, second)
            _set(other, other_key, first)
    elif choice == 9 and isinstance(value, (bool, str)) and isinstance(container, dict):
        if isinstance(value, bool):
            container[str(key)] = not value
        elif value in ("draw", "play", "hand_over", "game_over", "choose_phase", "deal_up"):
            container[str(key)] = rng.choice(
                ("draw", "play", "hand_over", "game_over", "choose_phase", "deal_up")
            )


def _mutate_text(text: str, rng: random.Random) -> str:
    """Damage the text itself: truncation, stray characters, deep nesting, odd numbers."""
    choice = rng.randrange(7)
    if choice == 6:  # a lone surrogate written as a JSON escape, in a name or a spec
        return re.sub(r'"(name|spec)": "', r'"\1": "\\udc80', text, count=1)
    if choice == 0:
        return text[: rng.randrange(len(text) + 1)]
    if choice == 1:
        at = rng.randrange(len(text) + 1)
        junk = rng.choice(['"', "{", "]", ",", ":", "\\", "\x00", "é", "NaN"])
        return text[:at] + junk + text[at:]
    if choice == 2:
        depth = rng.choice((50, 1000, 100_000))
        return text.replace(": 0", ": " + "[" * depth + "0" + "]" * depth, 1)
    if choice == 3:
        return text.replace(": 0", ": 1" + "0" * rng.choice((20, 400, 5000)), 1)
    if choice == 4:
        return text.replace(": 1", ": 1.0", 1).replace(": true", ": 1", 1)
    return text.replace('"schema": 1', '"schema": 1, "schema": 1', 1)


def mutated_document(seed: int) -> str:
    rng = random.Random(seed)
    docs = seed_documents()
    text = docs[rng.randrange(len(docs))]
    if rng.random() < 0.15:
        return _mutate_text(text, rng)
    data = json.loads(text)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        _mutate(data, rng)
    return json.dumps(data)


# --------------------------------------------------------------------------- the property


def check_reader(text: str, rng: random.Random) -> bool:
    """``from_json(text)`` raises only InvalidDataError; what it accepts is usable.

    Returns whether the document was accepted.
    """
    try:
        value = from_json(text)
    except InvalidDataError as error:
        path = error.path
        assert path is None or path.startswith("$"), error  # noqa: PT017
        return False
    written = to_json(value)
    written.encode("utf-8")  # what is accepted can be written to a file
    again = from_json(written)
    assert again == value
    if isinstance(value, GameState):
        check_continues(value, rng)
    elif isinstance(value, GameRecord):
        try:
            states = list(value.replay())
        except InvalidDataError:
            pass
        else:
            check_continues(states[-1], rng)
    elif isinstance(value, PlayerView):
        assert value.rules is not None
    return True


def check_continues(state: GameState, rng: random.Random, steps: int = 6) -> None:
    """The engine can go on from ``state``: a legal action exists unless the game is over,
    applying legal actions works, and every state reached writes and reads back."""
    for _ in range(steps):
        legal = legal_actions(state)
        if state.stage is Stage.GAME_OVER:
            assert legal == ()
            return
        assert legal, f"no legal action in stage {state.stage}"
        state = apply(state, legal[rng.randrange(len(legal))])
        assert from_json(to_json(state, indent=None)) == state


def test_seed_documents_are_accepted() -> None:
    rng = random.Random(0)
    for text in seed_documents():
        assert check_reader(text, rng)


def test_thousands_of_mutated_documents() -> None:
    """2,000 mutated documents (a fixed, reproducible set; the first sixth in the "fast"
    profile)."""
    accepted = 0
    count = scaled(2_000)
    for seed in range(count):
        text = mutated_document(seed)
        accepted += check_reader(text, random.Random(seed))
    assert 0 < accepted < count  # some near misses pass, most are caught


_ODD_ACTIONS = (
    "draw",
    "take",
    "next",
    "next deck R7",
    "hit 99.0 R7",
    "hit -1.-1 W low",
    "hit 0.99 W high",
    "hit 1.0 R7 low",
    "discard S @-1",
    "discard S @99",
    "discard W @0",
    "discard R7 @1",
    "choose 999",
    "choose -1",
    "give -5",
    "give 0",
    "swap W 0.0 low",
    "swap R7 -3.7 high",
    "save R7",
    "takesaved R7",
    "lay set:R7 R7 R7",
    "lay phase=99 set:R7 B7 W | set:R8 B8 W",
    "lay run@-5:W W W W",
    "lay color@R:W W W W W W W",
)


def test_records_with_odd_actions_replay_or_fail_cleanly() -> None:
    """Records whose actions were swapped for strange ones: building and replaying them
    either works or raises InvalidDataError naming the action."""
    rng = random.Random(11)
    records = [
        from_json(t, GameRecord) for t in seed_documents() if json.loads(t)["type"] == "record"
    ]
    for _ in range(150):
        record = rng.choice(records)
        actions = list(record.actions)
        for _ in range(rng.randrange(1, 3)):
            index = rng.randrange(len(actions) + 1)
            actions[index:index] = [rng.choice(_ODD_ACTIONS)]
        try:  # an action out of range (a seat of -5) is refused when the record is built
            changed = GameRecord(
                record.rules,
                record.players,
                record.seed,
                record.dealer,
                record.deck,
                actions=actions,
            )
            states = list(changed.replay())
        except InvalidDataError as error:
            path = error.path
            assert path is not None
            assert path.startswith("$.actions[")
        else:
            check_continues(states[-1], rng)


_STAGES = ("draw", "play", "hand_over", "game_over", "choose_phase", "deal_up")


def test_every_stage_and_turn_is_judged() -> None:
    """A systematic sweep of the facts that decide what happens next: each seed state with
    every stage, every current player and the V-12 and lay-down flags flipped (a sixth of
    the states in the "fast" profile)."""
    states = [json.loads(t) for t in seed_documents() if json.loads(t)["type"] == "state"]
    chosen = states[2::3]
    chosen = chosen[:: max(1, len(chosen) // scaled(len(chosen)))]
    accepted = 0
    for number, data in enumerate(chosen):
        for stage in _STAGES:
            for current in (None, *range(len(data["players"]))):
                for flags in range(4):
                    changed = {**data, "stage": stage, "current_player": current}
                    if flags & 1:
                        changed["forced_discard"] = not data["forced_discard"]
                    if flags & 2:
                        changed["laid_down_this_turn"] = not data["laid_down_this_turn"]
                    accepted += check_reader(json.dumps(changed), random.Random(number))
    assert accepted


@settings(max_examples=max(15, settings().max_examples))
@given(st.integers(min_value=0, max_value=2**32))
def test_mutated_documents(seed: int) -> None:
    check_reader(mutated_document(seed), random.Random(seed))


_ODD_TEXT = st.sampled_from([v for v in _ODD_VALUES if isinstance(v, str)]) | st.text(max_size=30)
_JSON_VALUES: st.SearchStrategy[JSONValue] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _ODD_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_ODD_TEXT, inner, max_size=4),
    max_leaves=8,
)


@settings(
    max_examples=max(30, settings().max_examples * 2),
    deadline=timedelta(seconds=10),  # decoding is linear in the document: milliseconds
)
@given(st.data())
def test_any_value_anywhere_decodes_or_is_refused_in_bounded_time(data: st.DataObject) -> None:
    """Issue 9: whatever JSON value stands in whatever place of a valid document (or is added
    under a new key), from_json decodes the document or raises InvalidDataError naming a
    path, and writes back what it accepts; never another error, never a long wait."""
    docs = seed_documents()
    doc = json.loads(docs[data.draw(st.integers(0, len(docs) - 1), label="document")])
    slots = _slots(doc)
    value = data.draw(_JSON_VALUES, label="value")
    if data.draw(st.booleans(), label="new key") or not slots:
        container = data.draw(st.sampled_from(_containers(doc)), label="container")
        if isinstance(container, dict):
            container[data.draw(_ODD_TEXT, label="key")] = value
        else:
            container.append(value)
    else:
        container, key = slots[data.draw(st.integers(0, len(slots) - 1), label="slot")]
        _set(container, key, value)
    try:
        decoded = from_json(json.dumps(doc))
    except InvalidDataError as error:
        refused = error
    else:
        assert from_json(to_json(decoded).encode("utf-8")) == decoded
        return
    assert (refused.path or "").startswith("$"), refused
    assert len(str(refused)) < 2_000


@given(st.text(max_size=200))
def test_random_text_is_rejected_cleanly(text: str) -> None:
    check_reader(text, random.Random(0))


@given(st.binary(max_size=100))
def test_random_bytes_are_rejected_cleanly(data: bytes) -> None:
    check_reader(data.decode("latin-1"), random.Random(0))
    with contextlib.suppress(InvalidDataError):
        from_json(data)


# --------------------------------------------------------------------------- notation

_WORDS = (
    "draw",
    "take",
    "lay",
    "hit",
    "discard",
    "choose",
    "save",
    "takesaved",
    "unsave",
    "give",
    "swap",
    "next",
    "deck",
    "phase=2",
    "set:",
    "run:",
    "color:",
    "set3@7:",
    "run@-1~:",
    "color@R:",
    "parity_run[parity=odd]@1:",
    "parity[x=1]:",
    "|",
    "@3",
    "@",
    "2.0",
    "-1.5",
    "1",
    "low",
    "high",
    "R7",
    "W",
    "S",
    "b12",
    "X9",
    "R0",
    "",
)


def check_parser(text: str) -> None:
    """``parse_action`` raises only InvalidDataError; what it accepts writes back exactly."""
    try:
        action = parse_action(text)
    except InvalidDataError as error:
        assert error.message  # noqa: PT017
        return
    assert isinstance(action, ACTION_TYPES)
    assert parse_action(action_to_text(action)) == action


@given(st.lists(st.sampled_from(_WORDS), max_size=12), st.sampled_from(("", " ", "  ", "|")))
def test_token_soup(words: list[str], glue: str) -> None:
    check_parser((glue or " ").join(words))


@given(st.text(max_size=80))
def test_random_text_notation(text: str) -> None:
    check_parser(text)


def test_thousands_of_mutated_action_texts() -> None:
    rng = random.Random(5)
    texts = [
        "draw",
        "lay set:R7 B7 W | run@3:W W W W",
        "lay phase=4 run:R1 R2 R3 R4 W R6 R7",
        "hit 2.0 R8 high",
        "discard S @3",
        "swap R5 1.0 low",
        "next deck R7 B7",
        "lay color_run@3R:R3 W R5 R6 | parity_run[parity=odd]@1:R1 B3 W G7 Y9",
    ]
    alphabet = "RBGYWS0123456789@.:|~[]=-, abcdefghijklmnopqrstuvwxyz"
    edits: list[Callable[[str], str]] = [
        lambda t: t[: rng.randrange(len(t) + 1)],
        lambda t: t.replace(" ", "", 1),
        lambda t: t + " " + rng.choice(_WORDS),
        lambda t: t.upper(),
    ]
    for _ in range(3_000):
        text = rng.choice(texts)
        for _ in range(rng.randrange(1, 4)):
            if rng.random() < 0.5:
                at = rng.randrange(len(text) + 1)
                text = text[:at] + rng.choice(alphabet) + text[at + 1 :]
            else:
                text = rng.choice(edits)(text)
        check_parser(text)
