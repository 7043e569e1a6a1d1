"""Sphinx configuration for the phase10 documentation.

Build (warnings are errors)::

    python -m sphinx -W --keep-going -b html docs docs/_build/html

Every ``>>>`` example in these pages is also a doctest::

    python -m pytest docs --doctest-glob="*.rst"

(With the project's ``--doctest-modules``, pytest imports this file too; it has no
doctests and needs no Sphinx for that.)
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

try:
    from sphinx.util import logging
except ImportError:  # imported without Sphinx, e.g. by ``pytest --doctest-modules``
    import logging  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent

try:
    import phase10
except ImportError:  # not installed: document the source tree next to this folder
    sys.path.insert(0, str(HERE.parent / "src"))
    import phase10

logger = logging.getLogger("phase10-docs")

# -- Project -----------------------------------------------------------------

project = "phase10"
author = "The phase10 developers"
copyright = "The phase10 developers, MIT licence"
release = phase10.__version__
version = ".".join(release.split(".")[:2])

# -- General -----------------------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "sphinx_autodoc_typehints",
]

exclude_patterns = ["_build", "_intersphinx", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
default_role = "py:obj"
highlight_language = "python3"
pygments_style = "sphinx"

# Every cross-reference must resolve: a rules-reference row that names a function
# that does not exist fails the build.
nitpicky = True
nitpick_ignore = [
    # Private protocols that appear in signatures ("anything with a ``deck`` /
    # ``meld_rules`` attribute", such as Rules).
    ("py:class", "phase10.cards._HasDeck"),
    ("py:class", "phase10.melds._HasMeldRules"),
]

# -- Autodoc -----------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_class_signature = "separated"
autodoc_inherit_docstrings = True
autodoc_preserve_defaults = False
autodoc_type_aliases = {
    "Action": "phase10.Action",
    "Draft": "phase10.melds.Draft",
}

# sphinx-autodoc-typehints
typehints_fully_qualified = False
always_document_param_types = True
typehints_document_rtype = True
typehints_use_rtype = True
typehints_defaults = "comma"
simplify_optional_unions = True


def _format_alias(annotation: Any, config: Any) -> str | None:
    """Link the type aliases of ``autodoc_type_aliases`` to their documentation."""
    name = getattr(annotation, "name", None)
    if type(annotation).__name__.endswith("TypeAliasForwardRef") and isinstance(name, str):
        return f":py:data:`~{name}`"
    return None


typehints_formatter = _format_alias
# A function in the configuration cannot be pickled with the environment; that only
# costs a full re-read when the configuration changes.
suppress_warnings = ["config.cache"]

# -- Intersphinx -------------------------------------------------------------
# The inventories are shipped in _intersphinx/ so that the build works offline
# (CI has no network); with a network the live ones are the fallback.

intersphinx_mapping = {
    "python": ("https://docs.python.org/3", ("_intersphinx/python.inv", None)),
    "attrs": ("https://www.attrs.org/en/stable", ("_intersphinx/attrs.inv", None)),
}
intersphinx_timeout = 5

# -- Public names ------------------------------------------------------------
# Docstrings refer to objects by their defining module (``phase10.cards.Card``)
# or by a short name (``Card.code``, ``InvalidMeldError``), while these pages
# document the public API under the package (``phase10.Card``). Autodoc records
# ``phase10.cards.Card`` as an alias of ``phase10.Card``, but not the members of
# a class; this resolver maps any such name to its public one.

PUBLIC = frozenset(phase10.__all__)


def _public_candidates(target: str, module: str | None, klass: str | None) -> list[str]:
    parts = target.lstrip(".~").split(".")
    found: list[str] = []
    for i, part in enumerate(parts):
        if part in PUBLIC:
            found.append(".".join(["phase10", *parts[i:]]))
            break
    if klass and module and len(parts) == 1:
        # An attribute named from inside a class: look for it on the public base classes.
        try:
            obj: object = importlib.import_module(module)
            for name in klass.split("."):
                obj = getattr(obj, name)
        except (ImportError, AttributeError):
            return found
        for base in getattr(obj, "__mro__", ())[1:]:
            if base.__name__ in PUBLIC and getattr(phase10, base.__name__) is base:
                found.append(f"phase10.{base.__name__}.{parts[0]}")
    return found


def _resolve_public(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    if node.get("refdomain") != "py":
        return None
    domain = env.get_domain("py")
    for candidate in _public_candidates(
        node["reftarget"], node.get("py:module"), node.get("py:class")
    ):
        if candidate == node["reftarget"]:
            continue
        resolved = domain.resolve_xref(
            env, node["refdoc"], app.builder, node["reftype"], candidate, node, contnode
        )
        if resolved is not None:
            return resolved
    return None


def _check_public_api(app: Any, env: Any) -> None:
    """Fail the build if a name of ``phase10.__all__``, or of the ``__all__`` of a
    documented module, has no entry in these pages."""
    objects = env.get_domain("py").objects
    missing = [f"phase10.{name}" for name in sorted(PUBLIC) if f"phase10.{name}" not in objects]
    for module_name in sorted(name for name in objects if name.startswith("phase10.")):
        module = sys.modules.get(module_name)
        if module is None or objects[module_name].objtype != "module":
            continue
        for name in getattr(module, "__all__", ()):
            if name not in PUBLIC and f"{module_name}.{name}" not in objects:
                missing.append(f"{module_name}.{name}")
    if missing:
        logger.warning("names without documentation: %s", ", ".join(missing))


def setup(app: Any) -> None:
    app.connect("missing-reference", _resolve_public)
    app.connect("env-check-consistency", _check_public_api)


# -- HTML --------------------------------------------------------------------

html_theme = "furo"
html_title = f"phase10 {release}"
html_short_title = "phase10"
html_show_sourcelink = False
html_theme_options = {"navigation_with_keys": True}
