"""A reader that leaves early (``... | head``) is not an error: no traceback, status 0."""

from __future__ import annotations

import subprocess
import sys


def test_schemas_printed_into_a_closed_pipe_leave_quietly() -> None:
    reader = subprocess.Popen(
        [sys.executable, "-m", "phase10.schemas", "state"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,
    )
    assert reader.stdout is not None
    assert reader.stderr is not None
    assert reader.stdout.read(1) == b"{"
    reader.stdout.close()  # the reader leaves: the rest of the schema has nowhere to go
    errors = reader.stderr.read()
    assert reader.wait(timeout=60) == 0
    assert errors == b""
