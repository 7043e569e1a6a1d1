"""The optional compiled build's module list (``hatch_build.py``, docs/quickstart.rst).

mypyc cannot compile attrs classes or ``runtime_checkable`` protocols, so the compiled
modules hold neither: those classes live in modules of their own (``view_types``,
``bot_protocol``) and the compiled modules re-export them under their stable names.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import phase10
from phase10 import InvalidRulesError, new_game

ROOT = Path(__file__).resolve().parent.parent


def compiled_modules() -> list[str]:
    """``COMPILED`` from hatch_build.py, read without importing hatchling."""
    tree = ast.parse((ROOT / "hatch_build.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple)
            return [str(path) for path in value]
    raise AssertionError("hatch_build.py has no COMPILED")


def decorator_names(tree: ast.Module) -> set[str]:
    """The dotted names of every class decorator in a module (``attrs.frozen`` ...)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for decorator in node.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                names.add(ast.unparse(target))
    return names


@pytest.mark.parametrize("path", compiled_modules())
def test_a_compiled_module_has_no_attrs_class_or_runtime_protocol(path: str) -> None:
    tree = ast.parse((ROOT / "src" / path).read_text())
    found = {name for name in decorator_names(tree) if "attr" in name or "runtime" in name}
    assert not found, f"{path} decorates classes with {sorted(found)}: mypyc cannot compile it"


def test_compiled_modules_exist_and_leave_new_game_interpreted() -> None:
    paths = compiled_modules()
    assert all((ROOT / "src" / path).is_file() for path in paths)
    assert "phase10/engine/setup.py" not in paths
    assert {"phase10/views.py", "phase10/bots.py", "phase10/engine/deals.py"} <= set(paths)


def test_moved_classes_keep_their_stable_paths() -> None:
    from phase10 import bots, views
    from phase10.bot_protocol import Bot
    from phase10.view_types import PlayerView, SeatView

    assert views.PlayerView is PlayerView is phase10.PlayerView
    assert views.SeatView is SeatView is phase10.SeatView
    assert bots.Bot is Bot is phase10.Bot
    assert isinstance(phase10.GreedyBot(), bots.Bot)
    assert not isinstance(object(), bots.Bot)


@pytest.mark.parametrize("seed", [True, "7", 1.0, -1, 2**64])
def test_r3_new_game_refuses_a_bad_seed_with_a_rules_error(seed: object) -> None:
    """The same typed error in the pure and the compiled build (new_game stays interpreted)."""
    with pytest.raises(InvalidRulesError, match="seed"):
        new_game(2, seed=seed)  # type: ignore[arg-type]
