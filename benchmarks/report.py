"""What every benchmark report shares: the machine it ran on, and the output.

Figures from a shared machine are only comparable with the machine's model, its cores,
the Python that ran and the load while it ran; every script prints them first.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, version
from typing import Any


def cpu_model() -> str:
    """The CPU's model name (Linux /proc/cpuinfo, macOS sysctl), else what platform knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    if platform.system() == "Darwin":
        try:
            out = subprocess.run(
                ["sysctl", "-n", "machdep.cpu.brand_string"],
                capture_output=True,
                text=True,
                check=True,
            )
            return out.stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            pass
    return platform.processor() or platform.machine() or "unknown"


def usable_cores() -> int:
    """Cores this process may run on (its affinity), else the machine's count."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def load_average() -> tuple[float, float, float] | None:
    """The 1, 5 and 15 minute load averages, where the system reports them."""
    try:
        return os.getloadavg()
    except (AttributeError, OSError):
        return None


def package_version(name: str) -> str | None:
    """The installed version of a distribution, or None."""
    try:
        return version(name)
    except PackageNotFoundError:
        return None


def describe() -> dict[str, object]:
    """The machine and interpreter as a JSON-ready dictionary."""
    return {
        "cpu": cpu_model(),
        "cores": usable_cores(),
        "cpu_count": os.cpu_count(),
        "system": f"{platform.system()} {platform.release()} {platform.machine()}",
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "load_average": load_average(),
    }


def format_load(load: tuple[float, float, float] | None) -> str:
    """``0.52 0.40 0.31`` (1, 5, 15 minutes), or ``n/a``."""
    return "n/a" if load is None else " ".join(f"{x:.2f}" for x in load)


def header(machine: dict[str, object]) -> list[str]:
    """The lines that open a plain-text report."""
    load = machine["load_average"]
    assert load is None or isinstance(load, tuple)
    return [
        f"machine: {machine['cpu']}, {machine['cores']} cores usable "
        f"({machine['cpu_count']} online), {machine['system']}",
        f"python:  {machine['python']}; load average at start {format_load(load)} (1/5/15 min)",
    ]


def emit(result: dict[str, Any], as_json: bool, table: Callable[[dict[str, Any]], str]) -> None:
    """Print ``result`` as JSON, or as the plain-text ``table`` of it."""
    if as_json:
        json.dump(result, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(table(result))
