"""The message ids in tableapp's code, for ``pybabel extract`` (``babel.cfg`` names
:func:`extract` as the method for ``tableapp/**.py``) and ``python3 -m tools.catalogues``.

Babel's own Python extractor reads ``_("text")`` calls; tableapp's texts are message ids built
with :func:`~tableapp.engine.messages.M` (``M("zl.drew", seat=…)``) and pack problems with
:func:`~tableapp.engine.messages.problem` (``problem(where, "pack.whole", …)``, the id second).
This reads those calls from the syntax tree, under the rules stated in
:mod:`tableapp.engine.messages`: the id is a string literal, or a conditional between two
(``M("a" if x else "b")``: both are extracted), and the arguments are named. A call breaking a
rule stops the extraction with the file and the line: no id may escape the catalogues.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

#: The functions that take a message id, and the position of the id among their arguments.
CALLS = {"M": 0, "problem": 1}


@dataclass(frozen=True)
class Call:
    """One call building a message: where, its id(s) and the names of its arguments."""

    lineno: int
    function: str
    ids: tuple[str, ...]
    args: frozenset[str]


class MessageIdError(ValueError):
    """A call whose id cannot be read from the code (or whose arguments are hidden)."""


def literal_ids(node: ast.expr) -> tuple[str, ...] | None:
    """The ids a call's id argument can be: a literal, or a conditional between literals."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, ast.IfExp):
        body, orelse = literal_ids(node.body), literal_ids(node.orelse)
        if body is not None and orelse is not None:
            return body + orelse
    return None


def calls(source: str, filename: str = "<source>") -> tuple[list[Call], list[str]]:
    """The message calls in ``source`` and the faults (``file:line: why``) of those breaking
    the rules."""
    found: list[Call] = []
    faults: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        position = CALLS.get(node.func.id)
        if position is None or len(node.args) <= position:
            continue
        where = f"{filename}:{node.lineno}"
        ids = literal_ids(node.args[position])
        if ids is None:
            faults.append(f"{where}: the message id is not a string literal")
            continue
        if any(k.arg is None for k in node.keywords):
            faults.append(f"{where}: {ids[0]}'s arguments are hidden in **mapping")
            continue
        args = frozenset(k.arg for k in node.keywords if k.arg)
        found.append(Call(node.lineno, node.func.id, ids, args))
    found.sort(key=lambda call: call.lineno)
    return found, faults


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict
) -> Iterator[tuple[int, None, str, list[str]]]:
    """A Babel extraction method: ``(line, None, id, [])`` for each message id (no function
    name: the id is the message, whatever ``-k`` keywords pybabel was given)."""
    filename = getattr(fileobj, "name", "<source>")
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    found, faults = calls(source, str(filename))
    if faults:
        raise MessageIdError("; ".join(faults))
    for call in found:
        for msg in call.ids:
            yield call.lineno, None, msg, []
