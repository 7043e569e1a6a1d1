"""The variant registry under threads, and plug-ins that fail (issue 9, part 4)."""

from __future__ import annotations

import sys
import threading
import types
from collections.abc import Callable, Iterator
from importlib import metadata

import pytest

from helpers import registry_restored
from phase10 import InvalidRulesError, Rules, variants
from phase10.variants import PluginWarning, Variant


@pytest.fixture
def registry() -> Iterator[None]:
    """Restore the registry, its aliases, its plug-in state and the switch interval."""
    interval = sys.getswitchinterval()
    try:
        with registry_restored():
            yield
    finally:
        sys.setswitchinterval(interval)


def probe(description: str = "A probe (test).") -> Variant:
    return Variant(
        "race-probe",
        description,
        lambda rules: rules.with_options(skip_target="next_player"),
        aliases=("race-alias",),
    )


def run_threads(workers: list[Callable[[], None]]) -> None:
    """Start every worker at the same moment and wait for all of them."""
    barrier = threading.Barrier(len(workers))

    def start(work: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            barrier.wait()
            work()

        return run

    threads = [threading.Thread(target=start(work)) for work in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_register_replace_racing_resolve_never_loses_the_name(registry: None) -> None:
    """Issue 9 part 4: register(v, replace=True) in one thread while others resolve
    "standard+<alias>" never makes the name disappear (5,512 of 14,377 calls failed
    before the registry had a lock)."""
    variants.register(probe())
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    failures: list[str] = []
    resolvers = threading.Semaphore(0)
    versions = [0]

    def replacer() -> None:
        while not resolvers.acquire(blocking=False):  # until the first resolver is done
            versions[0] += 1
            variants.register(probe(f"A probe, version {versions[0]} (test)."), replace=True)

    def resolver() -> None:
        for _ in range(400):
            try:
                rules = variants.resolve("standard+race-alias")
            except InvalidRulesError as error:
                failures.append(str(error))
            else:
                assert rules.skip_target.value == "next_player"
        resolvers.release()

    run_threads([replacer, resolver, resolver])
    assert failures == []
    assert versions[0] > 0
    assert variants.get("race-alias").description == f"A probe, version {versions[0]} (test)."


# ---------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------


def plugin_module(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """A module that plug-in entry points point into, registered in sys.modules."""
    module = types.ModuleType("p10_fake_plugins")

    def transform(rules: Rules) -> Rules:
        return rules.with_options(hit_others_same_turn=False)

    module.GOOD = Variant("fake-good", "A plug-in variant (test).", transform)  # type: ignore[attr-defined]
    module.SEVERAL = lambda: [  # type: ignore[attr-defined]
        Variant("fake-one", "Plug-in (test).", transform),
        Variant("fake-two", "Plug-in (test).", transform),
    ]

    def explode() -> Variant:
        raise RuntimeError("the plug-in is broken")

    module.EXPLODE = explode  # type: ignore[attr-defined]
    module.NOT_A_VARIANT = 42  # type: ignore[attr-defined]
    module.IMPOSTOR = Variant("masters", "Impostor (test).", transform)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "p10_fake_plugins", module)
    return module


def fake_entry_points(
    monkeypatch: pytest.MonkeyPatch, entries: dict[str, str]
) -> list[tuple[str, ...]]:
    """Make importlib.metadata.entry_points list ``entries`` (name -> value); returns a log
    of the groups asked for."""
    calls: list[tuple[str, ...]] = []
    points = [metadata.EntryPoint(n, v, variants.ENTRY_POINT_GROUP) for n, v in entries.items()]

    def entry_points(**selection: str) -> list[metadata.EntryPoint]:
        calls.append(tuple(selection.values()))
        return [p for p in points if selection.get("group") in (None, p.group)]

    monkeypatch.setattr(metadata, "entry_points", entry_points)
    variants._LOADED_ENTRY_POINTS[0] = False
    return calls


def test_a_broken_plugin_warns_and_the_others_still_load(
    registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 9 part 4: a plug-in whose module is missing used to raise ModuleNotFoundError
    from the first resolve and stop the rest loading; now it is named in a warning and
    every other plug-in loads."""
    plugin_module(monkeypatch)
    fake_entry_points(
        monkeypatch,
        {
            "missing": "p10_no_such_module:VARIANT",
            "good": "p10_fake_plugins:GOOD",
            "explodes": "p10_fake_plugins:EXPLODE",
            "several": "p10_fake_plugins:SEVERAL",
            "number": "p10_fake_plugins:NOT_A_VARIANT",
        },
    )
    with pytest.warns(PluginWarning) as caught:
        rules = variants.resolve("fake-good+fake-two")
    messages = [str(w.message) for w in caught]
    assert len(messages) == 3
    assert any("'missing'" in m and "ModuleNotFoundError" in m for m in messages)
    assert any("'explodes'" in m and "the plug-in is broken" in m for m in messages)
    assert any("'number'" in m and "not a Variant" in m for m in messages)
    assert not rules.hit_others_same_turn
    assert {"fake-good", "fake-one", "fake-two"} <= set(variants.names())
    with pytest.raises(InvalidRulesError, match="plug-ins not loaded: 'explodes'") as info:
        variants.get("fake-missing")
    assert "ModuleNotFoundError" in str(info.value)


def test_a_plugin_cannot_take_a_builtin_name(
    registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plug-in offering a taken name is skipped with a warning naming the plug-in."""
    plugin_module(monkeypatch)
    fake_entry_points(
        monkeypatch, {"impostor": "p10_fake_plugins:IMPOSTOR", "good": "p10_fake_plugins:GOOD"}
    )
    with pytest.warns(PluginWarning, match="'impostor'.*'masters' is taken"):
        assert variants.get("masters").description.startswith("Masters Edition")
    assert variants.get("fake-good").name == "fake-good"


def test_unreadable_entry_points_warn_once(registry: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Broken installation metadata gives one warning; the built-ins still work."""

    def entry_points(**selection: str) -> list[metadata.EntryPoint]:
        raise OSError("metadata unreadable")

    monkeypatch.setattr(metadata, "entry_points", entry_points)
    variants._LOADED_ENTRY_POINTS[0] = False
    with pytest.warns(PluginWarning, match="OSError: metadata unreadable"):
        assert "masters" in variants.names()
    assert variants.resolve("masters").spec == "masters"  # no second warning, no error


def test_entry_points_load_once_across_threads(
    registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 9 part 4: many threads asking at once load the plug-ins exactly once, and every
    one of them sees the plug-in's variant."""
    module = plugin_module(monkeypatch)
    loads = [0]

    def slow_several() -> list[Variant]:
        loads[0] += 1
        threading.Event().wait(0.05)  # give the other threads time to pile up
        return list(module.SEVERAL())

    module.SLOW = slow_several  # type: ignore[attr-defined]
    calls = fake_entry_points(monkeypatch, {"slow": "p10_fake_plugins:SLOW"})
    seen: list[bool] = []

    def ask() -> None:
        seen.append("fake-one" in variants.names())

    run_threads([ask] * 8)
    assert seen == [True] * 8
    assert loads == [1]
    assert calls == [(variants.ENTRY_POINT_GROUP,)]


def _impostor(name: str) -> Variant:
    return Variant(name, "Not the built-in (test).", lambda rules: rules.with_options(hand_size=7))


def test_replacing_a_builtin_needs_allow_builtin_as_removing_it_does(registry: None) -> None:
    """register(..., replace=True) of a built-in name is refused, naming allow_builtin, and
    leaves the built-in in place; with allow_builtin=True it replaces it, as unregister."""
    masters = variants.get("masters")
    for name in ("masters", "standard"):
        with pytest.raises(InvalidRulesError, match=r"built-in variant.*allow_builtin=True"):
            variants.register(_impostor(name), replace=True)
    assert variants.get("masters") is masters
    assert variants.resolve("standard") == Rules()

    variants.register(_impostor("masters"), replace=True, allow_builtin=True)
    assert variants.resolve("masters").hand_size == 7
    variants.register(masters, replace=True, allow_builtin=True)
    assert variants.get("masters") is masters


def test_a_builtin_put_back_after_its_removal_needs_no_keyword(registry: None) -> None:
    """What unregister's docstring advises: keep get(name), register it back; and
    registering the very variant in place again changes nothing, so it is not refused."""
    masters = variants.get("masters")
    variants.register(masters, replace=True)
    variants.unregister("masters", allow_builtin=True)
    variants.register(masters)
    assert variants.get("masters") is masters
