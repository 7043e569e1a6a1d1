"""The package's layers import one way (DESIGN §1.5): no module imports, directly or through
others, a module that imports it back, not even inside a function.

The one exception is Python's presentation hooks (``__repr__``, ``__str__``,
``_repr_svg_``, ``_repr_html_``): the data model puts them on the value classes, so
they import the presentation modules (:mod:`phase10.text`, :mod:`phase10.svg`) when
called. Nothing else may. (Imports for type checkers only, under ``TYPE_CHECKING``,
are no dependency at run time and are not counted.)

Issue 15 (a tidier house): record.py and serialization.py imported each other.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import phase10

PACKAGE = Path(phase10.__file__).parent
PRESENTATION_HOOKS = frozenset({"__repr__", "__str__", "_repr_svg_", "_repr_html_"})


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports anywhere in its code (relative or absolute)."""
    paths = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        hooks = [
            node
            for node in ast.walk(tree)
            if (isinstance(node, ast.FunctionDef) and node.name in PRESENTATION_HOOKS)
            or (isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"))
        ]
        skipped = {id(inner) for hook in hooks for inner in ast.walk(hook)}
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    target = node.module or ""
                modules = [
                    f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in paths
                ]
                found.update(modules or ([target] if target in paths else []))
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names if alias.name in paths)
        found.discard(name)
        graph[name] = found
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


@pytest.fixture(scope="module")
def package_graph() -> dict[str, set[str]]:
    """The package's import graph, read once for the tests below (a second or two)."""
    return import_graph()


def test_issue15_record_and_serialization_do_not_import_each_other(
    package_graph: dict[str, set[str]],
) -> None:
    graph = package_graph
    assert "phase10.record" in graph["phase10.serialization"]
    assert "phase10.serialization" not in graph["phase10.record"]
    assert "phase10.codec" in graph["phase10.record"]


def test_design_layers_import_one_way(package_graph: dict[str, set[str]]) -> None:
    graph = {name: deps - {"phase10"} for name, deps in package_graph.items()}
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
