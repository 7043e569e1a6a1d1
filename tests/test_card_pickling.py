"""Cards pickle by reference, so Ray's cloudpickle can send them to a fresh worker process.

``phase10 simulate --game dice --backend ray`` sends the dice rules, whose faces hold cards,
to Ray workers. A card once reduced to the bound classmethod ``Card.from_code``, which
cloudpickle pickles by value; the copy failed to load in a new interpreter
(``NameError: name 'ALL_CARDS' is not defined``), so no dice game ran on Ray.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys

import pytest

from phase10 import Card
from phase10.cards import ALL_CARDS

if os.environ.get("CI") != "true":
    pytest.importorskip("ray", reason="the ray extra (which brings cloudpickle) is not installed")
from ray import cloudpickle


def test_cards_pickle_by_reference_and_load_in_a_fresh_process() -> None:
    data = cloudpickle.dumps(tuple(ALL_CARDS))
    assert pickle.loads(data) == tuple(ALL_CARDS)
    assert len(cloudpickle.dumps(Card.parse("R5"))) < 200  # a reference, not a function's code
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import pickle, sys; print(repr(pickle.loads(sys.stdin.buffer.read())))",
        ],
        input=cloudpickle.dumps(Card.parse("G12")),
        capture_output=True,
        check=False,
    )
    assert loaded.returncode == 0, loaded.stderr.decode()
    assert loaded.stdout.decode().strip() == "Card.parse('G12')"


def test_the_dice_rules_load_in_a_fresh_process() -> None:
    from phase10.dice import resolve_rules

    rules = resolve_rules("end-of-round")
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import pickle, sys; print(pickle.loads(sys.stdin.buffer.read()).spec)",
        ],
        input=cloudpickle.dumps(rules),
        capture_output=True,
        check=False,
    )
    assert loaded.returncode == 0, loaded.stderr.decode()
    assert loaded.stdout.decode().strip() == "end-of-round"
