"""JSON on the hot path: orjson, with the standard library's compact output.

Every action encodes its answer, its log entry, the table's state (a JSON column) and one
event per open stream, and decodes the state again on the next action: with the standard
``json`` module that was a large part of an action's cost. orjson writes the same compact,
UTF-8, insertion-ordered JSON (``ensure_ascii=False``, no spaces) several times faster.
Dictionary keys that are not strings become strings, as ``json.dumps`` does.
"""

from __future__ import annotations

from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> bytes:
    """Compact UTF-8 JSON bytes."""
    return orjson.dumps(value, option=_OPTIONS)


def dumps_text(value: Any) -> str:
    """Compact JSON text (what SQLAlchemy's JSON columns store)."""
    return orjson.dumps(value, option=_OPTIONS).decode()


loads = orjson.loads
