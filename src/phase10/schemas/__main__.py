"""``python -m phase10.schemas KIND``: print the JSON Schema of one kind of document."""

from __future__ import annotations

import json
import sys

from ..pipes import silence_stdout
from . import KINDS, json_schema


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] not in KINDS:
        print(f"usage: python -m phase10.schemas {{{','.join(KINDS)}}}", file=sys.stderr)
        return 2
    print(json.dumps(json_schema(args[0]), indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    try:
        STATUS = main()
    except BrokenPipeError:  # `python -m phase10.schemas state | head`: the reader left
        silence_stdout()
        STATUS = 0
    sys.exit(STATUS)
