"""Shared pytest configuration for the whole test suite.

Hypothesis profiles (choose one with the environment variable ``HYPOTHESIS_PROFILE``):

* ``ci`` (the default): a bounded number of examples so the suite stays fast on
  a small machine; no per-example deadline (timings on shared runners vary).
* ``thorough``: many more examples, for a long local or nightly run::

      HYPOTHESIS_PROFILE=thorough .venv/bin/python -m pytest

Tests that need fewer examples than the profile gives (because one example is
expensive) should scale with it rather than hard-code a count, e.g.
``@settings(max_examples=max(10, settings().max_examples // 4))``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=2_000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)

settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
