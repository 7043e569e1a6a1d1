"""Game records (``phase10.record``): building, saving, loading and replaying games.

The golden record in ``tests/data/`` is a whole seeded four-player GreedyBot
game of the standard rules with a digest of every state. Replaying it checks
that the shuffle, the deal and every rule still play that game exactly; if a
change alters it, the failure names the first action whose result differs.
When a rule change is intended, regenerate the file and review the diff::

    .venv/bin/python tests/test_record.py
"""

from __future__ import annotations

import json
import pickle
import sys
from collections.abc import Mapping
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import player_count
from phase10 import (
    DrawStock,
    GameRecord,
    GameState,
    GreedyBot,
    InvalidDataError,
    NextHand,
    RandomBot,
    Stage,
    apply,
    describe,
    from_json,
    legal_actions,
    new_game,
    play_game,
    player_view,
    replay,
    standard_deck,
    to_json,
    variants,
)
from phase10 import record as record_module
from phase10.actions import Action
from phase10.codec import write_file
from phase10.dealing import shuffled
from phase10.notation import parse_action
from phase10.record import state_digest
from phase10.serialization import record_from_json, to_data

GOLDEN = Path(__file__).parent / "data" / "golden_standard_4p.json"
GOLDEN_PLAYERS = ("Ann", "Bob", "Cy", "Dee")
GOLDEN_SEED = 20_251_130


def played(record: GameRecord, bots: list[GreedyBot | RandomBot]) -> tuple[GameRecord, GameState]:
    """``record`` with the actions of a bot game played from its start, and the final state."""
    actions: list[Action] = []

    def keep(before: GameState, action: Action, after: GameState) -> None:
        actions.append(action)

    final = play_game(record.initial_state(), bots, on_action=keep)
    return record.extend(actions), final


def make_golden() -> GameRecord:
    """The golden game, played afresh (used to regenerate the file)."""
    start = GameRecord.start(GOLDEN_PLAYERS, "standard", seed=GOLDEN_SEED)
    record, final = played(start, [GreedyBot() for _ in GOLDEN_PLAYERS])
    facts: Mapping[str, str] = {
        "description": "A whole 4-player GreedyBot game, standard rules (tests/test_record.py).",
        "hands": str(final.hand_number),
        "winners": " ".join(GOLDEN_PLAYERS[seat] for seat in final.winners),
        "scores": " ".join(str(p.score) for p in final.players),
        "completed": " | ".join(" ".join(map(str, p.completed)) for p in final.players),
    }
    return attrs.evolve(record, metadata=facts).with_digests()


# --------------------------------------------------------------------------- the golden game


def test_golden_record_replays_exactly() -> None:
    record = GameRecord.load(GOLDEN)
    assert record.players == GOLDEN_PLAYERS
    assert record.spec == "standard"
    assert len(record.digests) == len(record.actions) + 1
    final = record.final_state()  # checks every step's digest; names the diverging action
    assert final.is_over
    meta = record.metadata
    assert str(final.hand_number) == meta["hands"]
    assert " ".join(GOLDEN_PLAYERS[s] for s in final.winners) == meta["winners"]
    assert " ".join(str(p.score) for p in final.players) == meta["scores"]
    assert " | ".join(" ".join(map(str, p.completed)) for p in final.players) == meta["completed"]


def test_golden_file_is_in_canonical_form() -> None:
    """The file is exactly what ``save`` writes, so a regenerated file diffs cleanly."""
    record = GameRecord.load(GOLDEN)
    assert GOLDEN.read_text(encoding="utf-8") == to_json(record) + "\n"


def test_a_changed_rule_names_the_action_that_diverged() -> None:
    """What a rule change looks like: a digest differs from some action on."""
    record = GameRecord.load(GOLDEN)
    index = len(record.actions) // 2
    digests = list(record.digests)
    digests[index + 1] = "0" * 16
    changed = attrs.evolve(record, digests=tuple(digests))
    with pytest.raises(InvalidDataError) as info:
        changed.final_state()
    assert info.value.path == f"$.actions[{index}]"
    assert f"diverged at action {index}" in info.value.message


def test_a_changed_deal_is_reported_before_the_first_action() -> None:
    record = GameRecord.load(GOLDEN)
    changed = attrs.evolve(record, digests=("0" * 16, *record.digests[1:]))
    with pytest.raises(InvalidDataError) as info:
        next(iter(changed.replay()))
    assert info.value.path == "$.digests[0]"


def test_an_illegal_action_names_its_index() -> None:
    record = GameRecord.load(GOLDEN)
    actions = list(record.actions)
    actions[3] = "next"
    broken = attrs.evolve(record, actions=tuple(actions), digests=())
    with pytest.raises(InvalidDataError) as info:
        broken.final_state()
    assert info.value.path == "$.actions[3]"
    assert "action 3 ('next') is illegal" in info.value.message


# --------------------------------------------------------------------------- building records


def test_start_append_and_replay() -> None:
    record = GameRecord.start(["Ann", "Bob"], seed=7, metadata={"table": "3"})
    assert record.actions == ()
    assert record.seed == 7
    assert record.rules == variants.resolve("standard")
    first = record.initial_state()
    assert first == new_game(["Ann", "Bob"], seed=7)
    legal = legal_actions(first)
    drawn = apply(first, legal[0])
    record = record.append(legal[0]).append(f"discard {drawn.players[1].hand[0]}")
    states = list(replay(record))
    assert len(states) == 3
    assert states[0] == first
    assert states[1] == apply(first, legal[0])
    assert record.final_state() == states[-1]


def test_a_seed_is_always_kept() -> None:
    record = GameRecord.start(3)
    assert isinstance(record.seed, int)
    assert record.players == ("Player 1", "Player 2", "Player 3")
    assert record.initial_state() == record.initial_state()


def test_actions_are_stored_in_canonical_notation() -> None:
    record = GameRecord.start(2, seed=7).extend(["  TAKE ", DrawStock(), "Discard y7"])
    assert record.actions == ("take", "draw", "discard Y7")
    assert record.parsed_actions()[1] == DrawStock()
    with pytest.raises(InvalidDataError) as info:
        record.append("discard Q7")
    assert info.value.path == "$.actions[3]: 'Q7' at 8"


def test_append_reads_only_the_new_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record grown one action at a time equals one built at once, and each append reads
    one action: re-reading the earlier ones made building a record quadratic."""
    texts = ["take", "discard Y7", "draw"]
    whole = GameRecord.start(2, seed=7).extend(texts)
    read: list[str] = []
    original = parse_action

    def counting(text: str) -> Action:
        read.append(text)
        return original(text)

    monkeypatch.setattr(record_module, "parse_action", counting)
    grown = GameRecord.start(2, seed=7)
    for text in texts:
        grown = grown.append(text)
    assert grown == whole
    assert read == texts


def test_from_actions_checks_the_game() -> None:
    record = GameRecord.from_actions(["Ann", "Bob"], ["take", "discard Y7"], seed=7)
    assert record.final_state().stage is Stage.DRAW
    with pytest.raises(InvalidDataError) as info:
        GameRecord.from_actions(["Ann", "Bob"], ["take", "take"], seed=7)
    assert info.value.path == "$.actions[1]"
    unchecked = GameRecord.from_actions(["Ann", "Bob"], ["take", "take"], seed=7, check=False)
    assert len(unchecked.actions) == 2


def test_an_explicit_deck_and_later_decks() -> None:
    deck = shuffled(standard_deck(), 99, 1)
    record = GameRecord.start(["Ann", "Bob"], seed=1, dealer=1, deck=deck)
    assert record.initial_state().stock == new_game(2, seed=1, dealer=1, deck=deck).stock
    data = to_data(record)
    assert isinstance(data["deck"], str)
    assert len(data["deck"].split()) == 108
    assert from_json(to_json(record)) == record
    _, final = played(record, [GreedyBot(), GreedyBot()])
    assert final.is_over
    next_deck = NextHand(shuffled(standard_deck(), 5, 2))
    assert from_json(to_json(record.append(next_deck))) == record.append(next_deck)


def test_metadata_is_read_only_text() -> None:
    record = GameRecord.start(2, seed=1, metadata={"event": "club night"})
    assert record.metadata == {"event": "club night"}
    with pytest.raises(TypeError):
        record.metadata["event"] = "x"  # type: ignore[index]
    with pytest.raises(InvalidDataError):
        GameRecord.start(2, seed=1, metadata={"event": 3})  # type: ignore[dict-item]


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"players": ["Solo"]}, "$.players"),
        ({"dealer": 5}, "$.dealer"),
        ({"deck": "R7 R7"}, "$.deck"),
        ({"digests": ["xyz"]}, "$.digests[0]"),
        ({"digests": ["0" * 16] * 9}, "$.digests"),
        ({"actions": ["take", 7]}, "$.actions[1]"),
        ({"metadata": {"a": 1}}, "$.metadata.a"),
        ({"seed": None}, "$.seed"),
    ],
)
def test_bad_records_are_refused_with_the_path(change: dict[str, object], path: str) -> None:
    data = to_data(GameRecord.from_actions(["Ann", "Bob"], ["take", "discard Y7"], seed=7))
    data.update(change)  # type: ignore[arg-type]
    with pytest.raises(InvalidDataError) as info:
        record_from_json(json.dumps(data))
    assert info.value.path == path


def test_records_pickle_for_worker_processes() -> None:
    record = GameRecord.from_actions(
        ["Ann", "Bob"], ["take", "discard Y7"], seed=7, metadata={"a": "b"}
    ).with_digests()
    assert pickle.loads(pickle.dumps(record)) == record


def test_narration_uses_describe() -> None:
    record = GameRecord.from_actions(["Ann", "Bob"], ["take", "discard Y7"], seed=7)
    states = list(record.replay())
    expected = [describe(s, a) for s, a in zip(states, record.parsed_actions(), strict=False)]
    assert list(record.narrate()) == expected
    assert expected[0].startswith("Bob took")


def test_save_and_load(tmp_path: Path) -> None:
    record, final = played(
        GameRecord.start(["Ann", "Bob", "Cy"], "masters", seed=3, metadata={"n": "1"}),
        [GreedyBot(), GreedyBot(), GreedyBot()],
    )
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    assert loaded.final_state() == final
    text = path.read_text(encoding="utf-8")
    assert text.startswith('{\n  "schema": 1,\n  "type": "record",\n')


def test_digests_fingerprint_the_game_not_the_bookkeeping() -> None:
    state = new_game(3, seed=4)
    assert state_digest(state) == state_digest(new_game(3, seed=4))
    assert state_digest(state) != state_digest(new_game(3, seed=5))
    assert state_digest(state) == state_digest(attrs.evolve(state, total_turns=99))
    assert state_digest(state) != state_digest(apply(state, legal_actions(state)[0]))


@settings(max_examples=max(5, settings().max_examples // 6))
@given(
    st.sampled_from(variants.names()),
    st.integers(min_value=0, max_value=2**31),
    st.integers(min_value=0, max_value=120),
)
def test_records_of_random_games_round_trip_and_replay(spec: str, seed: int, steps: int) -> None:
    rules = variants.resolve(spec)
    players = player_count(rules, 3)
    record = GameRecord.start(players, rules, seed=seed, metadata={"spec": spec})
    state = record.initial_state()
    bots = [RandomBot(seed=seed + i) for i in range(players)]
    actions: list[Action] = []
    for _ in range(steps):
        if state.is_over:
            break
        legal = legal_actions(state)
        if state.current_player is None:
            action = legal[0]
        else:
            action = bots[state.current_player].choose(
                player_view(state, state.current_player), legal
            )
        actions.append(action)
        state = apply(state, action)
    record = record.extend(actions).with_digests()
    back = from_json(to_json(record), GameRecord)
    assert back == record
    assert back.final_state() == state


# --------------------------------------------------------------------------- regeneration

if __name__ == "__main__":  # pragma: no cover - a maintenance tool
    if len(sys.argv) > 1:
        sys.exit("usage: python tests/test_record.py  (rewrites the golden record)")
    GOLDEN.parent.mkdir(exist_ok=True)
    golden = make_golden()
    golden.save(GOLDEN)
    print(f"wrote {GOLDEN}: {len(golden.actions)} actions, {golden.metadata['hands']} hands")


def test_a_save_that_fails_half_way_keeps_the_record_saved_before(tmp_path: Path) -> None:
    """``play --save`` saves before every move: a write cut short (Ctrl-C, a crash, here
    text that UTF-8 cannot encode, found part way through) must leave the previous save
    whole, and no stray file beside it."""
    path = tmp_path / "game.json"
    GameRecord.start(2, seed=4).save(path)
    before = path.read_bytes()
    with pytest.raises(UnicodeEncodeError):
        write_file(path, "{" + " " * 100_000 + "\ud800}")
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_save_through_a_link_writes_the_file_it_names(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    link = tmp_path / "link.json"
    GameRecord.start(2, seed=1).save(real)
    link.symlink_to(real)
    record = GameRecord.start(3, seed=2)
    record.save(link)
    assert link.is_symlink()
    assert GameRecord.load(real) == record
