"""What a conformance check found: a :class:`Report` of the checks run and what failed, in words."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import attrs

__all__ = ["Failure", "Report"]

_PER_CHECK = 5
"""Failures kept per check: the first few say what is wrong; the rest are counted."""


@attrs.frozen
class Failure:
    """One thing a check found wrong: which check, and a sentence saying what."""

    check: str
    message: str

    def __str__(self) -> str:
        return f"{self.check}: {self.message}"


@attrs.frozen
class Report:
    """What :func:`~phase10.testing.check_group_kind` or
    :func:`~phase10.testing.check_variant` found.

    ``checks`` names every check that ran, ``failures`` what went wrong (at most
    a few per check; ``str(report)`` says how many more). In a test::

        report = check_variant("my-variant")
        assert report.ok, report

    or ``report.assert_ok()``.
    """

    subject: str
    """What was checked: ``"group kind 'color_set' (ColorSetOf)"``, ``"variant 'masters'"``."""
    checks: tuple[str, ...]
    failures: tuple[Failure, ...]
    hidden: int = 0
    """Further failures not kept, beyond the first few of each check."""

    @property
    def ok(self) -> bool:
        """Whether every check passed."""
        return not self.failures

    def assert_ok(self) -> None:
        """Raise :class:`AssertionError` with this report's text unless every check passed."""
        if not self.ok:
            raise AssertionError(str(self))

    def __str__(self) -> str:
        if self.ok:
            return f"{self.subject}: {len(self.checks)} checks passed"
        failed = len({failure.check for failure in self.failures})
        lines = [f"{self.subject}: {failed} of {len(self.checks)} checks failed"]
        lines += [f"- {failure}" for failure in self.failures]
        if self.hidden:
            lines.append(f"- ... and {self.hidden} more")
        return "\n".join(lines)


class Recorder:
    """Collects the checks run and their failures while a kit runs (one per run)."""

    def __init__(self, subject: str) -> None:
        self.subject = subject
        self._checks: list[str] = []
        self._failures: list[Failure] = []
        self._counts: dict[str, int] = {}
        self._hidden = 0

    def ran(self, check: str) -> None:
        """Record that ``check`` ran (it passed unless it fails)."""
        if check not in self._checks:
            self._checks.append(check)

    def fail(self, check: str, message: str) -> None:
        """Record that ``check`` found ``message`` wrong."""
        self.ran(check)
        count = self._counts.get(check, 0)
        self._counts[check] = count + 1
        if count < _PER_CHECK:
            self._failures.append(Failure(check, message))
        else:
            self._hidden += 1

    def failed(self, check: str) -> bool:
        """Whether ``check`` has found anything wrong so far."""
        return self._counts.get(check, 0) > 0

    @contextmanager
    def check(self, name: str, where: str = "") -> Iterator[None]:
        """Run the block as (part of) the check ``name``; an exception it raises is a failure.

        ``where`` says what the block was working on, for the message.
        """
        self.ran(name)
        try:
            yield
        except Exception as error:  # a kit reports whatever the code under test raises
            place = f" ({where})" if where else ""
            self.fail(name, f"raised {type(error).__name__}: {error}{place}")

    def report(self) -> Report:
        return Report(self.subject, tuple(self._checks), tuple(self._failures), self._hidden)
