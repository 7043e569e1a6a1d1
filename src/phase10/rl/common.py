"""What the learning modules share: reading a rule set given as Rules or as a variant spec, and
an action index given as a Python or NumPy integer."""

from __future__ import annotations

import numpy as np

from ..engine.setup import resolve_rules
from ..errors import InvalidDataError
from ..limits import show

__all__ = ["action_index", "resolve_rules"]


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
