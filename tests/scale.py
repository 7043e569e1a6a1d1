"""How much work a test does under the active Hypothesis profile (see conftest.py).

Hypothesis tests follow the profile's ``max_examples`` by themselves. Tests that loop
over a fixed, reproducible sample instead (seeds 0..n-1, a list of documents) use
:func:`scaled`, so that the default ``fast`` profile runs the first part of the sample
and the ``ci`` profile, which CI runs after the fast suite, the whole of it.
"""

from __future__ import annotations

from hypothesis import settings

FULL_EXAMPLES = 60
"""``max_examples`` of the ``ci`` profile: the size at which a test runs its whole sample."""


def scaled(full: int, minimum: int = 1) -> int:
    """``full`` under the ``ci`` profile, proportionally less (at least ``minimum``) under
    ``fast`` and more under ``thorough``."""
    return max(minimum, full * settings().max_examples // FULL_EXAMPLES)
