"""Sphinx configuration for the phase10 documentation.

Build (warnings are errors)::

    python -m sphinx -W --keep-going -b html docs docs/_build/html

Every ``>>>`` example in these pages is also a doctest::

    python -m pytest docs --doctest-glob="*.rst"

(With the project's ``--doctest-modules``, pytest imports this file too; it has no
doctests and needs no Sphinx for that.)
"""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
import sys
import typing
import warnings
from pathlib import Path
from types import MappingProxyType
from typing import Any

import attrs

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
    # The type variables of phase10.family.FamilyGame, in the __init__ attrs writes.
    ("py:class", "phase10.family.S"),
    ("py:class", "phase10.family.V"),
    ("py:class", "phase10.family.A"),
]
# The learning pages (docs/ai.rst) name types of numpy, Gymnasium, PettingZoo and
# OpenSpiel, whose inventories are not shipped in _intersphinx/.
nitpick_ignore_regex = [
    ("py:.*", r"(numpy|np|npt|gymnasium|pettingzoo|pyspiel|open_spiel)(\..*)?"),
]

# -- Autodoc -----------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_class_signature = "separated"
autodoc_inherit_docstrings = True
autodoc_preserve_defaults = False
autodoc_type_aliases = {
    "Action": "phase10.Action",
    "Draft": "phase10.melds.Draft",
    "JSONValue": "phase10.serialization.JSONValue",
}

# sphinx-autodoc-typehints. Its releases for Sphinx 9 still call an API that Sphinx 10
# removes, and say so on every page; nothing here can act on that, so it is silenced,
# and pyproject.toml keeps Sphinx below 10 until the extension catches up.
warnings.filterwarnings(
    "ignore", message=r".*_RstSnippetParser\.set_application", category=DeprecationWarning
)
typehints_fully_qualified = False
always_document_param_types = True
typehints_document_rtype = True
typehints_use_rtype = True
typehints_defaults = "comma"
simplify_optional_unions = True


def _format_alias(annotation: Any, config: Any) -> str | None:
    """Link the type aliases of ``autodoc_type_aliases`` to their documentation, and
    write a type variable as its name (``T``), not as ``TypeVar(T, A, B)``."""
    name = getattr(annotation, "name", None)
    if type(annotation).__name__.endswith("TypeAliasForwardRef") and isinstance(name, str):
        return f":py:data:`~{name}`"
    if isinstance(annotation, typing.TypeVar):
        return f"``{annotation.__name__}``"
    arguments = typing.get_args(annotation)
    if typing.get_origin(annotation) is typing.Union and any(
        type(argument).__name__.endswith("TypeAliasForwardRef") for argument in arguments
    ):  # written ``Action | str``, as in the source, not ``Union[Action, str]``
        from sphinx_autodoc_typehints import format_annotation

        return " | ".join(format_annotation(argument, config) for argument in arguments)
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


# -- Constructors of attrs classes -------------------------------------------
# attrs writes every class's ``__init__``. Documented as it is, each class would repeat
# its fields as a second signature ("Method generated by attrs"), a default made by a
# factory would read ``NOTHING``, a constant default would be spelt out in full (the
# ten standard phases), and a field with a converter would take the converter's
# ``Any``. The fields are listed once, under the class, with readable defaults and
# types; this runs in the Sphinx process only.


class _Shown:
    """A default value written as the expression a reader would type: ``DeckSpec()``."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _default_text(field: attrs.Attribute[Any]) -> str | None:
    default = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        factory = default.factory
        if isinstance(factory, type):
            return f"{factory.__name__}()"
        if default.takes_self:
            return "..."
        default = factory()
        if isinstance(default, MappingProxyType):
            return repr(dict(default))
        return repr(default)
    if isinstance(default, enum.Enum):
        return f"{type(default).__name__}.{default.name}"
    if isinstance(default, tuple) and default:
        for name in PUBLIC:
            if getattr(phase10, name) is default:
                return name
    return None


def _readable_constructor(cls: type) -> None:
    init: Any = cls.__init__
    fields = {field.alias: field for field in attrs.fields(cls)}
    try:
        hints = typing.get_type_hints(cls)
    except (NameError, TypeError):
        hints = {}
    annotations = dict(getattr(init, "__annotations__", {}))
    parameters = []
    for parameter in inspect.signature(init).parameters.values():
        field = fields.get(parameter.name)
        if field is not None and parameter.default is not parameter.empty:
            text = _default_text(field)
            if text is not None:
                parameter = parameter.replace(default=_Shown(text))
        if field is not None and annotations.get(parameter.name) in ("Any", Any):
            annotations[parameter.name] = hints.get(field.name, Any)
        parameters.append(parameter)
    init.__annotations__ = annotations
    init.__signature__ = inspect.signature(init).replace(parameters=parameters)


def _readable_constructors() -> None:
    modules = [phase10]
    for info in pkgutil.walk_packages(phase10.__path__, "phase10."):
        try:
            modules.append(importlib.import_module(info.name))
        except ImportError:  # a module for an optional extra that is not installed
            continue
    for module in modules:
        for value in list(vars(module).values()):
            if (
                isinstance(value, type)
                and attrs.has(value)
                and value.__module__ == module.__name__
                and "attrs" in (getattr(value.__init__, "__doc__", "") or "")
            ):
                _readable_constructor(value)


def _skip_generated_init(
    app: Any, what: str, name: str, obj: Any, skip: bool, options: Any
) -> bool | None:
    """Leave out the constructors attrs and ``NamedTuple`` write: the class lists its fields."""
    doc = getattr(obj, "__doc__", "") or ""
    if name == "__init__" and doc.startswith("Method generated by attrs"):
        return True
    if name == "__new__" and doc.startswith("Create new instance of"):
        return True
    return None


def _drop_generated_field_docs(
    app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """A ``NamedTuple`` field without a docstring reads "Alias for field number 1": say nothing."""
    if len(lines) == 1 and lines[0].startswith("Alias for field number"):
        lines.clear()


def _draw_table() -> None:
    """Draw the picture of a game that the quick start shows, with this version's renderer."""
    from phase10 import GreedyBot, apply, legal_actions, new_game, player_view
    from phase10.svg import render

    state = new_game(["Ann", "Bob", "Cy"], seed=4)
    bot = GreedyBot()
    for _ in range(120):  # a table with groups on it
        seat = state.current_player
        legal = legal_actions(state)
        state = apply(
            state, legal[0] if seat is None else bot.choose(player_view(state, seat), legal)
        )
    folder = HERE / "_generated"
    folder.mkdir(exist_ok=True)
    (folder / "table.svg").write_text(render(player_view(state, 0)), encoding="utf-8")


def setup(app: Any) -> None:
    _draw_table()
    _readable_constructors()
    app.connect("autodoc-skip-member", _skip_generated_init)
    app.connect("autodoc-process-docstring", _drop_generated_field_docs)
    app.connect("missing-reference", _resolve_public)
    app.connect("env-check-consistency", _check_public_api)


# -- HTML --------------------------------------------------------------------

html_theme = "furo"
html_title = f"phase10 {release}"
html_short_title = "phase10"
html_show_sourcelink = False
html_theme_options = {"navigation_with_keys": True}
