#!/usr/bin/env bash
# Create benchmarks/.venv-peers: a virtual environment of its own, apart from the project's
# dependencies, with the peer engines that `bench_engine.py --peers` measures phase10 against
# (OpenSpiel and RLCard, from PyPI) and phase10 itself, installed editable from this checkout.
#
#   bash benchmarks/setup_peers.sh
#   benchmarks/.venv-peers/bin/python benchmarks/bench_engine.py --peers
#
# PYTHON chooses the interpreter (default python3). open_spiel 2.0.2 needs Python 3.11 or
# later and ships wheels for CPython 3.11 to 3.14 on Linux (x86_64, aarch64) and macOS
# (arm64); elsewhere pip builds it from source, which needs CMake and a C++ compiler.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
VENV=benchmarks/.venv-peers
OPEN_SPIEL_VERSION=2.0.2
RLCARD_VERSION=1.2.0

"$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet -e . \
    "open_spiel==$OPEN_SPIEL_VERSION" "rlcard==$RLCARD_VERSION"
"$VENV/bin/python" - <<'PY'
import platform
from importlib.metadata import version

import phase10
import pyspiel  # noqa: F401
import rlcard  # noqa: F401

print(
    f"peers ready: Python {platform.python_version()}, phase10 {phase10.__version__}, "
    f"open_spiel {version('open_spiel')}, rlcard {version('rlcard')}"
)
PY
echo "run: $VENV/bin/python benchmarks/bench_engine.py --peers"
