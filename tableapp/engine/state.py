"""Copying game states: plain JSON data (dicts, lists, strings, numbers, booleans, None)."""

from __future__ import annotations

import marshal
from typing import Any


def clone(value: Any) -> Any:
    """A deep copy of plain JSON data: a ``marshal`` round trip in memory, several times
    faster than ``copy.deepcopy`` on a whole game state (no memo, no dispatch per object)."""
    return marshal.loads(marshal.dumps(value))
