"""Argument types shared by the subcommands: whole numbers and bot lists."""

from __future__ import annotations

import argparse

from ..simulate import BOT_KINDS

__all__ = ["bot_list", "positive", "utf8_text", "whole"]


def positive(text: str) -> int:
    value = whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def whole(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, not {value}")
    return value


def bot_list(text: str) -> tuple[str, ...]:
    kinds = tuple(part.strip().lower() for part in text.split(","))
    for kind in kinds:
        if kind not in BOT_KINDS:
            known = ", ".join(BOT_KINDS)
            raise argparse.ArgumentTypeError(f"no bot named {kind!r} (known: {known})")
    return kinds


def utf8_text(text: str) -> str:
    """``text`` if it can be written as UTF-8; arguments that were not valid UTF-8 are refused.

    Python keeps the undecodable bytes of a command-line argument as lone
    surrogates, which no file or terminal can take later.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError("not valid UTF-8 text") from None
    return text
