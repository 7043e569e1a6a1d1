"""A conformance kit for group kinds and variants, in the spirit of PettingZoo's ``api_test``.

A package that adds a group kind or a variant runs the library's own
invariants on it from its tests, and reads in words what fails:

>>> from phase10 import ColorSetOf
>>> from phase10.testing import check_group_kind, check_variant
>>> report = check_group_kind(ColorSetOf, hands=2, games=1)
>>> report.ok
True
>>> print(check_variant("to-phase-2", hands=1, games=1))  # doctest: +ELLIPSIS
variant 'to-phase-2': ... checks passed

:func:`check_group_kind` compares the kind's ``candidates`` and ``hit_ends``
with a brute force over every choice of cards, order and anchor that its own
``problem`` accepts; checks the solver and the lay-down listing on phases that
use it; and has bots play whole games with it. :func:`check_variant` checks a
variant's rules, phases and games the same way. Both return a :class:`Report`;
``report.assert_ok()`` raises :class:`AssertionError` with the text.

The brute force is :mod:`phase10.testing.oracle`; the kit needs nothing
beyond ``phase10`` itself.
"""

from __future__ import annotations

from .kits import check_group_kind, check_variant
from .report import Failure, Report

__all__ = ["Failure", "Report", "check_group_kind", "check_variant"]
