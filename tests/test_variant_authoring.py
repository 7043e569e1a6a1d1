"""Writing a variant from docs/custom_variants.rst alone: mistakes are refused at once,
with a sentence, when the :class:`~phase10.variants.Variant` is built.

Found by writing variants as a newcomer: a bad name gave attrs' raw ``ValueError`` (with
the repr of an attrs ``Attribute``), ``aliases="pub"`` registered the aliases ``p``, ``u``
and ``b``, and a ``transform`` that is not callable was accepted and failed only when a
spec used it, as a ``TypeError``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from phase10 import InvalidRulesError, Rules, variants
from phase10.variants import Variant


@pytest.fixture
def registry() -> Iterator[None]:
    """Restore the registry and its aliases after the test."""
    saved = dict(variants._REGISTRY), dict(variants._ALIASES)
    try:
        yield
    finally:
        variants._REGISTRY.clear()
        variants._REGISTRY.update(saved[0])
        variants._ALIASES.clear()
        variants._ALIASES.update(saved[1])


def same(rules: Rules) -> Rules:
    return rules


@pytest.mark.parametrize("name", ["My-Rules", "my rules", "a+b", "", "-x"])
def test_a_bad_name_is_refused_in_words(name: str) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Variant(name, "A test variant.", same)
    assert caught.value.option == "variant"
    assert "lower case letters, digits" in caught.value.message
    assert "Attribute(" not in str(caught.value)


def test_a_bad_alias_is_refused_in_words() -> None:
    with pytest.raises(InvalidRulesError, match="alias 'Pub Rules'"):
        Variant("pub-rules", "A test variant.", same, aliases=("Pub Rules",))


def test_one_alias_given_as_a_string_is_one_alias(registry: None) -> None:
    variant = variants.register(Variant("pub-rules", "A test variant.", same, aliases="pub"))
    assert variant.aliases == ("pub",)
    assert variants.get("pub") is variant
    with pytest.raises(InvalidRulesError, match="no variant named 'p'"):
        variants.get("p")


def test_a_transform_that_is_not_callable_is_refused() -> None:
    with pytest.raises(InvalidRulesError, match="transform must be a function"):
        Variant("broken", "A test variant.", Rules(max_players=4))  # type: ignore[arg-type]


def test_a_description_must_be_text() -> None:
    with pytest.raises(InvalidRulesError, match="description"):
        Variant("broken", None, same)  # type: ignore[arg-type]
