"""Each game's pack format, declared: the type of every field, the bounds of every text and of
every list (marshmallow schemas), and the same as JSON Schema for the OpenAPI spec. Every game
declares its own in its definition (``define(pack_format=...)``, in the words of
:mod:`tableapp.engine.pack_format`: ``rows``, ``many``, ``INT`` …; the built-in games' are the
``FORMAT`` of their ``content`` module), so a game with a pack edits nothing outside its
folder.

A pack is checked here first — a wrong type anywhere is one ``bad_pack`` line naming the file,
the card and the field, by construction — and only a pack of the right shape goes on to the
game's own rules for content (``validate_content``: ranges, ids that must exist, totals).

Texts follow the player-name rule (:func:`tableapp.texts.names.text_reason`): no control or
format character (NUL, newlines, bidi overrides such as U+202E, zero-width characters), the
first character visible (or none at all: an empty text is the game's to refuse where it
needs one), and a length a card can print — :data:`NAME_LENGTH` for a name,
:data:`TEXT_LENGTH` for a rule text, :data:`WORD_LENGTH` for ids, kinds and choices (these may
be empty: ``trigger = ""``, and hold any character but hidden ones). Each list of cards holds at
most about twice what the box holds (the ``most`` of :func:`rows`), each list of words or
numbers at most :data:`LIST_LENGTH`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validates_schema

from ..engine.messages import M, Message
from ..engine.pack_format import (
    BOOL,
    INT,
    LIST_LENGTH,
    NAME,
    OTHERS,
    TEXT,
    WORD,
    many,
    mapping,
    rows,
)
from .builtin import has_pack

NAME_LENGTH = 60
TEXT_LENGTH = 300
WORD_LENGTH = 40

#: The formats games declare in their definition (``pack_format``), added by the catalogue
#: when it finds the game (:func:`add_format`): a game's pack needs no line here.
_declared: dict[str, dict] = {}


#: What else is worked out from the declared formats and must be forgotten when one changes
#: (json_schema.py adds its cache's clear).
FORGET_ON_CHANGE: list = []


def add_format(game_id: str, shape: Mapping[str, Any] | None) -> None:
    """The pack format the game ``game_id`` declares (``define(pack_format=...)``), if any."""
    if shape is None or _declared.get(game_id) == shape:
        return
    _declared[game_id] = dict(shape)
    pack_schema.cache_clear()
    for forget in FORGET_ON_CHANGE:
        forget()


def pack_format(game_id: str) -> dict | None:
    """The files of the game's pack and their shapes: what its definition declares, no file at
    all for a game without a pack (:func:`~tableapp.content.has_pack`), ``None`` for a pack
    whose format is not declared (only the game's own rules check it)."""
    if game_id in _declared:
        return _declared[game_id]
    return None if has_pack(game_id) else {}


# --- marshmallow ------------------------------------------------------------------------------


def _what(message: Message) -> list[Message]:
    """A field's error: what is wrong, as a list of one message (marshmallow lists them)."""
    return [message]


def _reason(reason: str, args: dict) -> Message:
    """What :func:`tableapp.texts.names.text_reason` found, said of a pack's text."""
    if reason == "hidden_character":
        return M("pack.hidden_character", character=args["character"])
    if reason == "nothing_visible":
        return M("pack.nothing_visible")
    if reason == "first_visible":
        return M("pack.first_visible")
    return M("pack.too_long", max=args["max"])


class _Text(fields.String):
    """A text under the player-name rule, at most ``length`` characters (``word``: any
    characters but hidden ones, possibly empty)."""

    def __init__(self, length: int, *, word: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.length, self.word = length, word
        self.error_messages = {
            "invalid": _what(M("pack.not_text")),
            "null": _what(M("pack.not_text")),
        }

    def _deserialize(self, value, attr, data, **kwargs) -> str:
        from ..texts.names import first_refused, text_reason

        text = super()._deserialize(value, attr, data, **kwargs)
        if self.word:
            hidden = first_refused(text)
            if hidden is not None:
                reason = ("hidden_character", {"character": f"U+{ord(hidden):04X}"})
                raise ValidationError(_what(_reason(*reason)))
            if len(text) > self.length:
                raise ValidationError(_what(_reason("too_long", {"max": self.length})))
            return text
        # an empty one is the game's to refuse (a name it needs: "must be a non-empty text")
        reason = text and text_reason(text, self.length)
        if reason:
            raise ValidationError(_what(_reason(*reason)))
        return text


class _Int(fields.Integer):
    """A whole number, and not ``true`` (a bool is an int to Python)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(strict=True, **kwargs)
        self.error_messages = {
            key: _what(M("pack.not_whole")) for key in ("invalid", "null", "too_large")
        }

    def _deserialize(self, value, attr, data, **kwargs) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class _Bool(fields.Boolean):
    """``true`` or ``false`` only (marshmallow's also reads ``"yes"`` and ``1``)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.error_messages = {"invalid": _what(M("pack.bool")), "null": _what(M("pack.bool"))}

    def _deserialize(self, value, attr, data, **kwargs) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class _List(fields.List):
    def __init__(self, inner, most: int, **kwargs) -> None:
        super().__init__(inner, **kwargs)
        self.most = most
        self.error_messages = {
            "invalid": _what(M("pack.not_list")),
            "null": _what(M("pack.not_list")),
        }

    def _deserialize(self, value, attr, data, **kwargs) -> list:
        if isinstance(value, list) and len(value) > self.most:
            raise ValidationError(_what(M("pack.too_many", max=self.most)))
        return super()._deserialize(value, attr, data, **kwargs)


class _Map(fields.Dict):
    def __init__(self, values, **kwargs) -> None:
        super().__init__(keys=_Text(WORD_LENGTH, word=True), values=values, **kwargs)
        self.error_messages = {"invalid": _what(M("pack.table")), "null": _what(M("pack.table"))}

    def _deserialize(self, value, attr, data, **kwargs) -> dict:
        if isinstance(value, dict) and len(value) > LIST_LENGTH:
            raise ValidationError(_what(M("pack.too_many", max=LIST_LENGTH)))
        try:
            return super()._deserialize(value, attr, data, **kwargs)
        except ValidationError as error:
            if not isinstance(error.messages, dict):
                raise
            # marshmallow says {key: {"key": [...], "value": [...]}}: the pack's key is the field
            flat = {
                key: [m for part in parts.values() for m in part]
                for key, parts in error.messages.items()
            }
            raise ValidationError(flat) from None


class _Table(Schema):
    """A TOML table: unknown fields are refused (nothing the format does not declare is
    stored with a table), unless the shape says what the pack's own keys hold."""

    others: fields.Field | None = None

    class Meta:
        unknown = RAISE

    error_messages = {"unknown": _what(M("pack.unknown_field")), "type": _what(M("pack.table"))}

    @validates_schema(pass_original=True)
    def _check_others(self, data, original, **kwargs) -> None:
        if self.others is None or not isinstance(original, dict):
            return
        errors = {}
        for key, value in original.items():
            if key in self.fields:
                continue
            try:
                self.others.deserialize(value)
            except ValidationError as error:
                errors[key] = error.messages
        if errors:
            raise ValidationError(errors)


def _field(kind: Any, *, required: bool = False) -> fields.Field:
    if kind == NAME:
        return _Text(NAME_LENGTH, required=required)
    if kind == TEXT:
        return _Text(TEXT_LENGTH, required=required)
    if kind == WORD:
        return _Text(WORD_LENGTH, word=True, required=required)
    if kind == INT:
        return _Int(required=required)
    if kind == BOOL:
        return _Bool(required=required)
    if isinstance(kind, rows):
        return _List(_nested(kind.shape), kind.most, required=required)
    if isinstance(kind, many):
        return _List(_field(kind.kind), LIST_LENGTH, required=required)
    if isinstance(kind, mapping):
        return _Map(_field(kind.kind), required=required)
    return _nested(kind, required=required)


def _nested(shape: dict, *, required: bool = False) -> fields.Nested:
    nested = fields.Nested(_table(shape), required=required)
    nested.error_messages = {
        "type": _what(M("pack.table")),
        "null": _what(M("pack.table")),
        "required": _what(M("pack.missing_file")),
    }
    return nested


def _table(shape: dict) -> type[Schema]:
    schema = _Table.from_dict({k: _field(v) for k, v in shape.items() if k != OTHERS})
    schema.others = _field(shape[OTHERS]) if OTHERS in shape else None
    if schema.others is not None:
        schema.opts.unknown = INCLUDE  # checked by _check_others
    return schema


@functools.cache
def pack_schema(game_id: str) -> Schema:
    """The pack of ``game_id`` as a marshmallow schema: every file required (each a table);
    within a file, each field optional here (the game's rules say which it needs)."""
    shapes = pack_format(game_id) or {}
    files = {name: _nested(shape, required=True) for name, shape in shapes.items()}
    return _Table.from_dict(files)()
