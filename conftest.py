"""Collection rules for the whole tree (tests, doctests in src/, README.md and docs/).

The learning modules and their tests need the ``rl`` extra; OpenSpiel has no wheels for
some platforms. Without them those files are not collected (the README's test command
installs the extra, and CI fails if the learning checkers do not run).

``.ci/compiled`` sets ``PHASE10_EXPECT_COMPILED=1`` when it tests the compiled wheel: the run
then stops at once unless ``phase10`` is that wheel's compiled modules, not the source tree.
"""

from __future__ import annotations

import os
from importlib.util import find_spec

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
