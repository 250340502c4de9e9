"""A built-in pack with one value replaced by a wrong type: every path of it (each leaf and each
container; of a list, its first entry), each of :data:`WRONG`."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

#: What a hand-edited pack may hold where something else belongs.
WRONG = (None, {}, [], 1, "x", True)


def paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every path below ``value`` (not ``value`` itself); of a list, its first entry only."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield (*path, key)
            yield from paths(inner, (*path, key))
    elif isinstance(value, list) and value:
        yield (*path, 0)
        yield from paths(value[0], (*path, 0))


def value_at(pack: dict, path: tuple) -> Any:
    node = pack
    for step in path:
        node = node[step]
    return node


def replaced(pack: dict, path: tuple, wrong: Any) -> dict:
    out = copy.deepcopy(pack)
    node = out
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = copy.deepcopy(wrong)
    return out


def mutations(pack: dict) -> Iterator[tuple[tuple, Any, dict]]:
    """``(path, wrong value, pack)`` for every path of ``pack`` and every wrong value that is
    not already what the path holds."""
    for path in paths(pack):
        node = value_at(pack, path)
        for wrong in WRONG:
            if type(wrong) is type(node) and wrong == node:
                continue
            yield path, wrong, replaced(pack, path, wrong)
