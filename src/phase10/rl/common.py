"""What the learning modules share: reading a rule set given as Rules or as a variant spec, and
an action index given as a Python or NumPy integer."""

from __future__ import annotations

import numpy as np

from ..engine.setup import resolve_rules
from ..errors import InvalidDataError
from ..limits import show

__all__ = ["RENDER_MODES", "action_index", "check_render_mode", "resolve_rules", "shown"]

RENDER_MODES = ("ansi", "human")
"""The environments' render modes: the table as text, or printed to standard output."""


def action_index(action: object) -> int:
    """``action`` as an index: a Python or NumPy integer, or a 0-d integer array (what
    Gymnasium's ``Discrete`` accepts). A float, a bool or a string is refused rather than
    rounded into another move; the range is the codec's to check."""
    if type(action) is int:
        return action
    if isinstance(action, np.integer):
        return int(action)
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        return int(action)
    raise InvalidDataError(f"an action index is a whole number, not {show(action)}")


def check_render_mode(render_mode: object) -> str | None:
    """``render_mode`` if the environments offer it (``None`` renders nothing)."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise InvalidDataError(f"render_mode is None, 'ansi' or 'human', not {show(render_mode)}")
    return render_mode


def shown(text: str, render_mode: str) -> str | None:
    """What ``render()`` gives in ``render_mode``: the text, or ``None`` once printed."""
    if render_mode == "human":
        print(text, flush=True)
        return None
    return text
