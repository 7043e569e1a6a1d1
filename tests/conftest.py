"""Shared pytest configuration for the whole test suite.

Hypothesis profiles (choose one with the environment variable ``HYPOTHESIS_PROFILE``):

* ``fast`` (the default, the README's test command): a sixth of ``ci``'s examples (10
  a property; a test that asks for a share of them gets at least 5, or 1 for a whole
  game), fixed samples cut to match, per-variant tests on a share of the variants
  (``games.PROFILE_SPECS``, ``games.profile_variants``), the tests marked ``slow`` left
  out, so that the whole suite runs in under two minutes on a small machine, the budget
  CI reports its time against (on every core, by pytest-xdist: ``addopts`` in
  ``pyproject.toml``; ``-n 0`` for one process);
* ``ci``: 60 examples per property, the strength CI runs the whole suite at in a
  second step after the fast one::

      HYPOTHESIS_PROFILE=ci python -m pytest

* ``thorough``: many more examples, for a long local or nightly run::

      HYPOTHESIS_PROFILE=thorough python -m pytest

No profile has a per-example deadline (timings on shared machines vary).

Tests marked ``slow`` (a long fixed cost that no smaller input makes cheaper: starting a
local Ray, a real Ctrl-C to a simulation, workers by every start method, the learning
example) are left out of the ``fast`` run and run under every other profile, so CI's
full-strength step runs them; ``-m slow`` (or any ``-m``) chooses them by hand.

Tests that need fewer examples than the profile gives (because one example is
expensive) should scale with it rather than hard-code a count, e.g.
``@settings(max_examples=max(5, settings().max_examples // 4))``; tests that loop
over a fixed sample size it with :func:`scale.scaled`.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from scale import FULL_EXAMPLES

for name, examples in (("fast", FULL_EXAMPLES // 6), ("ci", FULL_EXAMPLES), ("thorough", 2_000)):
    settings.register_profile(
        name,
        max_examples=examples,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow],
    )

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "fast")
settings.load_profile(PROFILE)

_SLOW_LEFT_OUT = pytest.StashKey[int]()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave the ``slow`` tests out of the fast run, unless ``-m`` chooses the tests."""
    if PROFILE != "fast" or config.option.markexpr:
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]
        config.stash[_SLOW_LEFT_OUT] = len(slow)


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    """Say how to run the ``slow`` tests the fast run left out."""
    left_out = config.stash.get(_SLOW_LEFT_OUT, 0)
    if left_out:
        terminalreporter.write_line(
            f"{left_out} slow tests left out of the fast run: "
            "HYPOTHESIS_PROFILE=ci python -m pytest runs them (or -m slow)"
        )
    elif PROFILE == "fast" and not config.option.markexpr and _xdist_controller(config):
        # the workers collected the tests and left the slow ones out; this process did not
        terminalreporter.write_line(
            "the tests marked slow were left out of the fast run: "
            "HYPOTHESIS_PROFILE=ci python -m pytest runs them (or -m slow)"
        )


def _xdist_controller(config: pytest.Config) -> bool:
    """Whether this process hands the tests to pytest-xdist workers (``-n``)."""
    workers = getattr(config.option, "numprocesses", None)
    return bool(workers) and not hasattr(config, "workerinput")
