"""Opt-in wheel build hook: compile phase10's hot modules with mypyc.

Off by default, so ``pip install .``, the sdist and the published wheel stay pure Python and
need neither mypy nor a C compiler. ``HATCH_BUILD_HOOK_ENABLE_CUSTOM=1 python -m build --wheel``
turns it on: hatchling then installs the hook's build dependencies (mypy, setuptools, listed
in pyproject.toml) and this hook compiles ``COMPILED`` into extension modules that sit beside
their ``.py`` sources in a platform wheel. The compiled modules are the same code: the pure
package is the reference and the compiled wheel passes the same test suite.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# The modules a decision of random play runs through, chosen by measurement (docs/quickstart.rst).
# Not the modules of attrs classes (state, melds, cards, view_types) nor bot_protocol (a
# runtime_checkable Protocol): mypyc cannot compile them. Not engine/setup.py: compiled,
# new_game's typed arguments would turn its refusal of a bad seed ("7", True) into a TypeError
# or an accepted seed; the deal it calls is in engine/deals.py, compiled.
COMPILED = (
    "phase10/arrangements.py",
    "phase10/bots.py",
    "phase10/dealing.py",
    "phase10/fastpath.py",
    "phase10/laying.py",
    "phase10/quick_options.py",
    "phase10/sampling.py",
    "phase10/scoring.py",
    "phase10/solver.py",
    "phase10/views.py",
    "phase10/engine/__init__.py",
    "phase10/engine/common.py",
    "phase10/engine/deals.py",
    "phase10/engine/direction.py",
    "phase10/engine/last_stand.py",
    "phase10/engine/laydowns.py",
    "phase10/engine/legal.py",
    "phase10/engine/partial.py",
    "phase10/engine/plays.py",
    "phase10/engine/turns.py",
)


class MypycBuildHook(BuildHookInterface):  # type: ignore[misc]
    """Compiles ``COMPILED`` with mypyc and adds the extension modules to the wheel."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version != "standard":
            return  # editable installs and sdists stay pure Python
        # Imported here: only a compiled build needs mypy and setuptools installed.
        from mypyc.build import mypycify
        from setuptools import Distribution

        root = Path(self.root)
        work = Path(tempfile.mkdtemp(prefix="phase10-mypyc-"))
        shutil.copytree(root / "src" / "phase10", work / "phase10")
        cwd = os.getcwd()
        os.chdir(work)
        try:
            extensions = mypycify(
                list(COMPILED),
                opt_level="3",
                debug_level="1",
                group_name="phase10",
                target_dir="build",
            )
            distribution = Distribution({"name": "phase10", "ext_modules": extensions})
            command = distribution.get_command_obj("build_ext")
            command.build_lib = str(work / "lib")
            command.build_temp = str(work / "temp")
            distribution.run_command("build_ext")
        finally:
            os.chdir(cwd)
        built = sorted((work / "lib").rglob("*" + _suffix()))
        if len(built) != len(COMPILED) + 1:  # one extension per module, plus mypyc's runtime
            message = f"mypyc built {[str(path) for path in built]}, expected {len(COMPILED) + 1}"
            raise RuntimeError(message)
        for path in built:
            build_data["force_include"][str(path)] = str(path.relative_to(work / "lib"))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self._work = work

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)


def _suffix() -> str:
    import sysconfig

    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return str(suffix) if suffix else (".pyd" if sys.platform == "win32" else ".so")
