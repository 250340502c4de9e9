"""One privacy convention for every game: declared paths, hidden by the engine.

A game declares where its state holds what some viewers may not see, as paths of keys:

- ``secret``: what nobody sees before the end — draw piles, face-down setup cards
  (``("piles", "draw")``, ``("lab_card",)``);
- ``private``: what only one seat sees — ``"{seat}"`` in a path stands for that seat's key
  (``("hands", "{seat}")``, ``("mutations", "choice:{seat}")``).

``"*"`` stands for every key of a dict (or every item of a list). In a secret path ``"{seat}"``
stands for every seat.

Before a game's ``view``, ``prompt`` or ``legal_actions`` sees the state, :func:`redact` hides
every path the viewer may not know: a hidden list keeps its length with ``None`` items (a view
can still count cards), a hidden dict keeps its keys, anything else becomes ``None``. So a view
*cannot* show another hand or a pile's order, whatever its code does; and the generic privacy
test (``tests/unit/test_privacy.py``) checks every game against :func:`hidden_atoms`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

Path = tuple[str, ...]
SEAT = "{seat}"
ANY = "*"


def _hide(value: Any) -> Any:
    if isinstance(value, list):
        return [None] * len(value)
    if isinstance(value, dict):
        return {k: _hide(v) for k, v in value.items()}
    return None


def _concrete(path: Path, seat_key: str | None) -> Path:
    if seat_key is None:
        return path
    return tuple(part.replace(SEAT, seat_key) for part in path)


def _redact_at(node: Any, path: Path) -> Any:
    """A copy of ``node`` with ``path`` hidden (containers copied only along the path)."""
    if not path:
        return _hide(node)
    head, rest = path[0], path[1:]
    if isinstance(node, dict):
        keys = list(node) if head == ANY else [head] if head in node else []
        if not keys:
            return node
        out = dict(node)
        for key in keys:
            out[key] = _redact_at(node[key], rest)
        return out
    if isinstance(node, list) and head == ANY:
        return [_redact_at(item, rest) for item in node]
    return node


def _seat_keys(state: dict) -> list[str]:
    return [str(s) for s in state.get("seats", [])]


def hidden_paths(
    state: dict, viewer: int | None, private: Iterable[Path], secret: Iterable[Path]
) -> list[Path]:
    """The concrete paths ``viewer`` (``None``: the table screen) may not see."""
    seats = _seat_keys(state)
    out: list[Path] = []
    for path in secret:
        if any(SEAT in part for part in path):
            out += [_concrete(path, s) for s in seats]
        else:
            out.append(tuple(path))
    for path in private:
        out += [_concrete(path, s) for s in seats if viewer is None or s != str(viewer)]
    return out


def redact(
    state: dict, viewer: int | None, private: Iterable[Path], secret: Iterable[Path]
) -> dict:
    """``state`` as ``viewer`` may know it; the original is never changed."""
    out = state
    for path in hidden_paths(state, viewer, private, secret):
        out = _redact_at(out, path)
    return out


def _at(node: Any, path: Path) -> Iterator[Any]:
    if not path:
        yield node
        return
    head, rest = path[0], path[1:]
    if isinstance(node, dict):
        for key in list(node) if head == ANY else [head] if head in node else []:
            yield from _at(node[key], rest)
    elif isinstance(node, list) and head == ANY:
        for item in node:
            yield from _at(item, rest)


def atoms(value: Any) -> Iterator[str]:
    """Every string of a JSON value (values, not keys), in no particular order."""
    stack = [value]
    while stack:  # a loop, not recursion: views and action lists are walked after every step
        node = stack.pop()
        if isinstance(node, str):
            yield node
        elif isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def secret_atoms(state: dict, secret: Iterable[Path]) -> set[str]:
    """The ids at the secret paths (what nobody knows: a draw pile's cards)."""
    found: set[str] = set()
    for path in hidden_paths(state, None, (), secret):
        for node in _at(state, path):
            found.update(atoms(node))
    return found


def in_secret(state: dict, secret: Iterable[Path], item: Any) -> bool:
    """Whether the very object ``item`` (a list the rules shuffled) lies at or under one of
    the ``secret`` paths of ``state``: where nobody sees it."""
    stack = [node for path in hidden_paths(state, None, (), secret) for node in _at(state, path)]
    while stack:
        node = stack.pop()
        if node is item:
            return True
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(n for n in node if isinstance(n, (dict, list)))
    return False


def hidden_atoms(
    state: dict,
    viewer: int | None,
    private: Iterable[Path],
    secret: Iterable[Path],
    catalogue: Iterable[str] = (),
) -> set[str]:
    """The ids (strings) ``viewer`` may not see: no view, prompt or action of theirs may hold
    one. Card ids are unique per physical card, so a hidden id shown anywhere is a leak;
    strings the viewer also finds where things are in what it may know (a token kind, a word)
    are not counted. The ``catalogue`` keys (the content pack copied into the state: every
    card there is, not where it is) do not count as knowing where a card is.
    """
    private, secret, catalogue = tuple(private), tuple(secret), set(catalogue)
    paths = hidden_paths(state, viewer, private, secret)
    found: set[str] = set()
    for path in paths:
        for node in _at(state, path):
            found.update(atoms(node))
    known = redact(state, viewer, private, secret)
    return found - set(atoms({k: v for k, v in known.items() if k not in catalogue}))
