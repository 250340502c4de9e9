"""A game's pack format as JSON Schema, for the OpenAPI document: generated from the
marshmallow schema :func:`~tableapp.content.validation.pack_schema` builds, so what one
accepts, the other does."""

from __future__ import annotations

import functools
from typing import Any

from marshmallow import fields

from ..engine.pack_format import (
    LIST_LENGTH,
)
from .validation import (
    FORGET_ON_CHANGE,
    NAME_LENGTH,
    TEXT_LENGTH,
    WORD_LENGTH,
    _Bool,
    _Int,
    _List,
    _Map,
    _Text,
    pack_format,
    pack_schema,
)

# --- JSON Schema --------------------------------------------------------------------------------


#: Where the texts' schemas are, once for every pack (their patterns are long).
REFS = "#/components/schemas/"


def text_schemas() -> dict[str, dict]:
    """The JSON Schema of each kind of text, by the name :func:`pack_json_schema` refers to."""
    from ..texts.names import text_pattern, word_pattern

    return {
        "PackName": {"type": "string", "pattern": _or_empty(text_pattern(NAME_LENGTH))},
        "PackText": {"type": "string", "pattern": _or_empty(text_pattern(TEXT_LENGTH))},
        "PackWord": {"type": "string", "pattern": word_pattern(WORD_LENGTH)},
    }


def _or_empty(pattern: str) -> str:
    return f"^(?:{pattern[1:-1]})?$"


def _json(field: Any) -> dict:
    """A marshmallow field or schema of :func:`pack_schema` as JSON Schema (the same bounds)."""
    if isinstance(field, _Text):
        kind = "PackWord" if field.word else {NAME_LENGTH: "PackName"}.get(field.length, "PackText")
        return {"$ref": f"{REFS}{kind}"}
    if isinstance(field, _Int):
        return {"type": "integer"}
    if isinstance(field, _Bool):
        return {"type": "boolean"}
    if isinstance(field, _List):
        return {"type": "array", "maxItems": field.most, "items": _json(field.inner)}
    if isinstance(field, _Map):
        return {
            "type": "object",
            "maxProperties": LIST_LENGTH,
            "additionalProperties": _json(field.value_field),
        }
    schema = field.schema if isinstance(field, fields.Nested) else field
    required = sorted(name for name, f in schema.fields.items() if f.required)
    out = {
        "type": "object",
        "properties": {name: _json(f) for name, f in schema.fields.items()},
        "additionalProperties": _json(schema.others) if schema.others is not None else False,
    }
    return {**out, "required": required} if required else out


@functools.cache
def pack_json_schema(game_id: str) -> dict:
    """The JSON Schema of the pack of ``game_id``, generated from :func:`pack_schema` (what one
    accepts, the other does); its texts refer to :func:`text_schemas` under :data:`REFS`."""
    if pack_format(game_id) is None:
        return {"type": "object"}
    return _json(pack_schema(game_id))


FORGET_ON_CHANGE.append(pack_json_schema.cache_clear)
