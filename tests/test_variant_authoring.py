"""Writing a variant from docs/custom_variants.rst alone: mistakes are refused at once,
with a sentence, when the :class:`~phase10.variants.Variant` is built.

Found by writing variants as a newcomer: a bad name gave attrs' raw ``ValueError`` (with
the repr of an attrs ``Attribute``), ``aliases="pub"`` registered the aliases ``p``, ``u``
and ``b``, and a ``transform`` that is not callable was accepted and failed only when a
spec used it, as a ``TypeError``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import attrs
import pytest

from helpers import registry_restored
from phase10 import InvalidRulesError, Rules, new_game, variants
from phase10.variants import Variant


@pytest.fixture
def registry() -> Iterator[None]:
    """Restore the registry and its aliases after the test."""
    with registry_restored():
        yield


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


def test_a_failed_combination_names_the_parts_that_clash_not_every_part() -> None:
    """A-17 with V-1.6: Masters' Save piles and a fresh deck do not combine. The message
    used to name every earlier part that changed an option (floating, movable-wilds,
    postal...), which sends a reader to remove the wrong one."""
    spec = "floating+postal+movable-wilds+masters-declared+fresh-deck"
    with pytest.raises(InvalidRulesError) as caught:
        variants.resolve(spec)
    message = str(caught.value)
    assert "fresh-deck and masters-declared do not combine" in message
    for innocent in ("floating", "postal", "movable-wilds"):
        assert innocent not in message
    assert caught.value.option == "draw_exhaustion"


def test_a_combination_that_fails_only_as_a_whole_names_every_part(registry: None) -> None:
    """When no single earlier part clashes with the failing one, all of them are named."""

    def deck(**counts: int) -> Callable[[Rules], Rules]:
        return lambda rules: rules.with_options(deck=attrs.evolve(rules.deck, **counts))

    def needs_a_wild_or_skip(rules: Rules) -> Rules:
        if not rules.deck.wilds and not rules.deck.skips:
            raise InvalidRulesError("needs a Wild or a Skip in the deck", "deck")
        return rules.with_options(hit_others_same_turn=False)

    variants.register(Variant("no-skips", "A test variant.", deck(skips=0)))
    variants.register(Variant("no-wilds", "A test variant.", deck(wilds=0)))
    variants.register(Variant("needy", "A test variant.", needs_a_wild_or_skip))
    assert variants.resolve("no-skips+needy").deck.skips == 0
    assert variants.resolve("no-wilds+needy").deck.wilds == 0
    with pytest.raises(InvalidRulesError) as caught:
        variants.resolve("no-skips+no-wilds+needy")
    assert "needy, no-skips and no-wilds do not combine: needs a Wild or a Skip" in str(
        caught.value
    )


def test_a_variant_given_where_rules_are_expected_is_named_with_the_fix() -> None:
    """``variants.get`` gives a Variant, a step of a spec, not rules: the error says what to
    pass instead rather than printing the whole Variant."""
    with pytest.raises(InvalidRulesError) as info:
        new_game(3, variants.get("masters"))  # type: ignore[arg-type]
    assert info.value.message == (
        "rules must be a Rules or a variant spec, not the Variant 'masters' itself: pass its "
        "name ('masters') or its rules (variants.resolve('masters'))"
    )
    with pytest.raises(InvalidRulesError, match=r"not 5$"):
        new_game(3, 5)  # type: ignore[arg-type]


def test_r1_5_a_table_size_the_rules_fix_is_said_as_one_number() -> None:
    """R-1.5: rules for exactly two players say "exactly 2", not "2-2"."""
    with pytest.raises(InvalidRulesError) as info:
        new_game(3, "hard-2p-masters")
    assert info.value.message == "3 players cannot play; these rules allow exactly 2"
    with pytest.raises(InvalidRulesError, match=r"these rules allow 2 to 6$"):
        new_game(7)
