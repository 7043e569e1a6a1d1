"""Collection rules for the whole tree (tests, doctests in src/, README.md and docs/).

The learning modules and their tests need the ``rl`` extra; OpenSpiel has no wheels for
some platforms. Without them those files are not collected (the README's test command
installs the extra, and CI fails if the learning checkers do not run).

``.ci/compiled`` sets ``PHASE10_EXPECT_COMPILED=1`` when it tests the compiled wheel: the run
then stops at once unless ``phase10`` is that wheel's compiled modules, not the source tree.

NumPy's OpenBLAS starts a thread per core when it is imported (by the learning modules'
tests). :func:`phase10.simulate` never forks a process that runs threads (it starts its
workers by ``forkserver`` then, a new interpreter each), so with that thread every
simulation of the suite paid a second or more to start its workers, and the ``fork`` path
that a plain script takes went untested. One BLAS thread keeps the process single-threaded
(the tests' arrays are tiny); the ``forkserver`` path has its own test, which starts a thread.

``.ci/run`` sets ``PHASE10_SUITE_BUDGET`` (seconds) for the README's test command: the run's
summary then says how long it took against that budget (a report, never a failure: timings
on a shared machine are too noisy to fail on).
"""

from __future__ import annotations

import os
import time
from importlib.util import find_spec

import pytest

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")  # before any test module imports NumPy

_STARTED = pytest.StashKey[float]()

collect_ignore: list[str] = []
if not all(find_spec(name) for name in ("numpy", "gymnasium", "pettingzoo")):
    collect_ignore += [
        "src/phase10/rl",
        "src/phase10/openspiel.py",
        "tests/test_rl.py",
        "tests/test_rl_envs.py",
        "docs/ai.rst",
    ]
elif find_spec("pyspiel") is None:
    collect_ignore += ["src/phase10/openspiel.py", "docs/ai.rst"]

if os.environ.get("PHASE10_EXPECT_COMPILED") == "1":
    import phase10.fastpath

    if phase10.fastpath.__file__.endswith(".py"):
        message = f"expected the compiled wheel, but phase10 is {phase10.fastpath.__file__}"
        raise RuntimeError(message)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Note when the run starts (for the budget report)."""
    session.config.stash[_STARTED] = time.monotonic()


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    """Report the run's time against ``PHASE10_SUITE_BUDGET`` when CI sets it."""
    budget = os.environ.get("PHASE10_SUITE_BUDGET")
    if not budget or _STARTED not in config.stash:
        return
    took = time.monotonic() - config.stash[_STARTED]
    if took <= float(budget):
        terminalreporter.write_line(f"suite time {took:.0f} s, within the {budget} s budget")
    else:
        terminalreporter.write_line(
            f"suite time {took:.0f} s, OVER the {budget} s budget: the slowest tests are "
            "listed by python -m pytest --durations=20"
        )
