"""``python -m phase10``: the command line."""

from __future__ import annotations

from .cli import console_main

if __name__ == "__main__":
    console_main()
