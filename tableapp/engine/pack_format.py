"""The words a game's content-pack format is written in (``define(pack_format=...)``):
``{file: shape}``, a shape a table of fields, each of a kind below
(``{"box": {"die": many(INT), "card": rows({"name": NAME, "value": INT}, most=12)}}``).
:mod:`tableapp.content.validation` checks a pack against it field by field and describes it in
the OpenAPI document.
"""

from __future__ import annotations

from typing import Any

#: A field's kind: a name a card prints, a rule text, an id or a choice, a whole number, a bool
NAME, TEXT, WORD, INT, BOOL = "name", "text", "word", "int", "bool"
#: In a table's shape, ``OTHERS`` declares what the keys the pack chooses hold.
OTHERS = "*"
#: The bound of a short list (a :class:`many`, a :class:`mapping`'s keys), and a bound a
#: format may give its own short lists of tables (``rows(..., most=LIST_LENGTH)``).
LIST_LENGTH = 12


class rows:  # noqa: N801 - reads as a declaration
    """A list of tables of ``shape``, at most ``most`` of them."""

    def __init__(self, shape: dict, most: int) -> None:
        self.shape, self.most = shape, most


class many:  # noqa: N801
    """A list of ``kind`` (a word or a number), short (its bound is the format's)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind


class mapping:  # noqa: N801
    """A table whose keys the pack chooses (words), each holding ``kind``."""

    def __init__(self, kind: Any) -> None:
        self.kind = kind
