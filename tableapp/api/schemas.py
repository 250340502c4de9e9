"""Request and response schemas (marshmallow); the OpenAPI spec is generated from them."""

from __future__ import annotations

from marshmallow import Schema as _Schema
from marshmallow import ValidationError, fields
from marshmallow import validate as _validate

from ..engine.messages import M
from ..tables import COLOURS
from ..texts.labels import colour_names, one_of
from ..texts.names import check_name
from .parsing import MAX_SEQ, action_number

# Bad input is refused field by field (``errors``) in the request's language: every error a
# field, a validator or a schema gives is a message (a list of one, as marshmallow lists a
# field's errors), rendered with the problem.

#: A field's own errors, by marshmallow's key; anything else is "not a valid value".
_FIELD_ERRORS = {
    "required": M("api.field.required"),
    "null": M("api.field.null"),
}
#: What "invalid" means for each kind of field.
_INVALID = [
    (fields.Integer, M("api.field.not_integer")),
    (fields.String, M("api.field.not_string")),
    (fields.Mapping, M("api.field.not_object")),
]


def _field_error(field, key: str) -> list:
    if key == "invalid":
        invalid = next((m for kind, m in _INVALID if isinstance(field, kind)), None)
        return [invalid or M("api.field.invalid")]
    return [_FIELD_ERRORS.get(key) or M("api.field.invalid")]


class Schema(_Schema):
    """marshmallow's Schema, its errors and its fields' errors given as messages."""

    error_messages = {"unknown": M("api.field.unknown"), "type": M("api.field.type")}

    def on_bind_field(self, field_name, field_obj) -> None:
        field_obj.error_messages = {
            key: _field_error(field_obj, key) for key in field_obj.error_messages
        }


class Length(_validate.Length):
    def _format_error(self, value, message) -> list:
        return [M("api.field.length", min=self.min, max=self.max)]


class Range(_validate.Range):
    def _format_error(self, value, message) -> list:
        return [M("api.field.range", min=self.min, max=self.max)]


class OneOf(_validate.OneOf):
    """One of ``choices``, refused naming them by their ``labels`` (messages) when given."""

    def _format_error(self, value) -> list:
        return [one_of(list(self.labels or self.choices))]


class Regexp(_validate.Regexp):
    """A pattern, refused with the message ``error`` says."""

    def _format_error(self, value) -> list:
        return [self.error]


class PlayerName(fields.String):
    """A player's name, trimmed; refused with the reason (see :mod:`tableapp.texts.names`)."""

    def _deserialize(self, value, attr, data, **kwargs) -> str:
        name, reason = check_name(super()._deserialize(value, attr, data, **kwargs))
        if reason:
            raise ValidationError([reason])
        return name


class QueryActionNumber(fields.Integer):
    """An action number in a query string: ASCII digits only (marshmallow's Integer, like
    ``int``, also reads ``١٢`` as 12)."""

    def _deserialize(self, value, attr, data, **kwargs) -> int:
        if isinstance(value, str):
            number = action_number(value)
            if number is None:
                raise ValidationError([M("api.field.action_number", max=MAX_SEQ)])
            return number
        return super()._deserialize(value, attr, data, **kwargs)


RETRY_SECRET_DOC = (
    "Optional: a random value of your own (32–128 letters, digits, `-` or `_`). With an "
    "Idempotency-Key, a repeat of this request (same key, same body, so the same secret) is "
    "handed the same token again; without a retry_secret a repeat is refused (409 "
    "`token_not_replayed`), since a key alone proves nothing."
)


def _retry_secret():
    return fields.String(
        load_default=None,
        validate=Regexp(r"^[A-Za-z0-9_-]{32,128}\Z", error=M("api.field.retry_secret")),
        metadata={"description": RETRY_SECRET_DOC},
    )


class ProblemSchema(Schema):
    """``application/problem+json``: every refusal has this shape."""

    type = fields.String(metadata={"example": "about:blank"})
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    code = fields.String(required=True, metadata={"description": "Stable machine-readable code"})
    rule = fields.String(metadata={"description": "Ruling id, when a rule refused it (ZL-2)"})
    msg = fields.String(
        metadata={
            "description": "The refusal's stable message id (`detail` is "
            "its text in the request's language)"
        }
    )
    args = fields.Dict(metadata={"description": "The message's arguments"})
    errors = fields.Dict(metadata={"description": "Per-field messages for bad input"})
    view = fields.Dict(metadata={"description": "The fresh view (409 stale)"})


PACK_DOC = (
    "Optional: your own box's cards — a content pack in the format of "
    "`GET /api/games/{id}/pack` (an object of the pack's files), checked like the built-in "
    "one; a 422 `bad_pack` lists each problem with the file, the card and the field. "
    "The schema gives each file's fields and types, and the bounds of every text (names at "
    "most 60 characters, rule texts 300, ids and choices 40; no control or invisible "
    "formatting characters, the first visible) and of every list; the game's own rules "
    "(ranges, totals, ids that must exist) are checked after it."
)


class CreateTableSchema(Schema):
    game = fields.String(required=True, metadata={"example": "zombie-life"})
    variant = fields.String(load_default=None, allow_none=True)
    options = fields.Dict(keys=fields.String(), load_default=dict)
    retry_secret = _retry_secret()
    pack = fields.Dict(
        keys=fields.String(), load_default=None, allow_none=True, metadata={"description": PACK_DOC}
    )


class JoinSchema(Schema):
    name = PlayerName(
        required=True,
        metadata={
            "description": "Trimmed, then 1–40 characters, the first of them visible; no "
            "control or format characters (NUL, bidi overrides, zero-width characters)"
        },
    )
    colour = fields.String(
        load_default=None,
        allow_none=True,
        validate=OneOf(COLOURS, labels=colour_names(None, COLOURS)),
    )
    contribution = fields.String(
        load_default=None,
        validate=Regexp(r"^[0-9a-fA-F]{64}\Z", error=M("api.field.contribution")),
        metadata={
            "description": "Optional: 32 random bytes (64 hex digits) from the phone, mixed "
            "into the seed the game plays with (listed in the export under `contributions`)."
        },
    )
    retry_secret = _retry_secret()


class ActionSchema(Schema):
    type = fields.String(required=True, validate=Length(min=1, max=40))
    params = fields.Dict(keys=fields.String(), load_default=dict)
    expected = fields.Integer(
        load_default=None, allow_none=True, strict=True, validate=Range(min=0, max=MAX_SEQ)
    )


class UndoSchema(Schema):
    expected = fields.Integer(
        load_default=None, allow_none=True, strict=True, validate=Range(min=0, max=MAX_SEQ)
    )


class SeatSchema(Schema):
    id = fields.Integer()
    position = fields.Integer()
    name = fields.String()
    colour = fields.String()
    connected = fields.Boolean()


class PresenceSeatSchema(Schema):
    id = fields.Integer()
    connected = fields.Boolean()


class PresenceSchema(Schema):
    seconds = fields.Float()
    ping_seconds = fields.Float()
    seats = fields.List(fields.Nested(PresenceSeatSchema))


class ViewSchema(Schema):
    code = fields.String()
    game = fields.String()
    game_name = fields.String(metadata={"description": "The game's name, for screens"})
    pack = fields.String(
        metadata={"description": "`builtin`, or `custom` when the host loaded their own pack"}
    )
    rematch = fields.Dict(
        allow_none=True, metadata={"description": "`{code}` of the table opened to play again"}
    )
    variant = fields.String(allow_none=True)
    options = fields.Dict()
    status = fields.String(validate=OneOf(["lobby", "playing", "finished"]))
    seq = fields.Integer()
    join_url = fields.String(metadata={"description": "The address the table's QR code encodes"})
    seed_commitment = fields.String()
    log_head = fields.String(
        metadata={
            "description": "The head of the log's hash chain (64 hex digits, the same for "
            "every viewer): what `tableapp verify` prints for the export"
        }
    )
    seed = fields.String(allow_none=True)
    seats = fields.List(fields.Nested(SeatSchema))
    me = fields.Dict(allow_none=True)
    prompt = fields.Dict()
    actions = fields.List(fields.Dict())
    game_view = fields.Dict(
        metadata={
            "description": "The game's own view for this bearer; its `summary` is the game's "
            "lines for this bearer in their language (empty for a game that draws its own "
            "screens), its `board_steps` what to do on the board"
        }
    )
    result = fields.Dict(allow_none=True)
    undo_request = fields.Dict(
        allow_none=True,
        metadata={
            "description": "The undo waiting for another player's answer (`seq` of the "
            "request, `seat` who asked, `target` action, its `type`); the game waits for it"
        },
    )
    contributions = fields.List(
        fields.Dict(),
        allow_none=True,
        metadata={"description": "Once finished: each seat's random contribution to the seed"},
    )


class CreatedTableSchema(Schema):
    code = fields.String()
    host_token = fields.String()
    join_url = fields.String()
    seed_commitment = fields.String()
    view = fields.Nested(ViewSchema)


class JoinedSchema(Schema):
    seat = fields.Nested(SeatSchema)
    token = fields.String()


class LogEntrySchema(Schema):
    seq = fields.Integer()
    type = fields.String()
    seat = fields.Integer(allow_none=True)
    events = fields.List(fields.Dict())
    private = fields.List(fields.Dict())
    undone = fields.Boolean()
    target = fields.Integer(metadata={"description": "undo and undo answers: the action concerned"})
    reveals = fields.Boolean(
        metadata={"description": "It showed its actor something: undoing it needs an OK"}
    )
    at = fields.String()
    log_head = fields.String(
        metadata={"description": "The log's hash chain once this entry was appended"}
    )


class ActionResultSchema(Schema):
    action = fields.Nested(LogEntrySchema)
    view = fields.Nested(ViewSchema)
    view_patch = fields.List(
        fields.Dict(),
        metadata={
            "description": "Only with `Prefer: view-patch`, instead of `view` where the server "
            "still holds the view the request's `expected` names: JSON Patch (RFC 6902) "
            "operations that turn that view into the new one"
        },
    )
    view_base = fields.Integer(
        metadata={"description": "With `view_patch`: the `seq` of the view it applies to"}
    )


class LogSchema(Schema):
    entries = fields.List(fields.Nested(LogEntrySchema))


class GameSchema(Schema):
    id = fields.String()
    name = fields.String()
    variants = fields.List(fields.String(allow_none=True))
    variant_labels = fields.Dict(metadata={"description": "Each variant's name, for screens"})
    players = fields.Dict()
    options = fields.Dict()
    help = fields.String(
        metadata={"description": "How the app reads the rules where they are ambiguous"}
    )
    pack = fields.Boolean(
        metadata={
            "description": "Whether the game has a content pack (`GET /api/games/{id}/pack`): "
            "one whose rules print every component has none, and a pack sent for it holds "
            "no file"
        }
    )


class GamesSchema(Schema):
    games = fields.List(fields.Nested(GameSchema))
    colours = fields.List(fields.String())


class ExportSchema(Schema):
    format = fields.String()
    code = fields.String()
    game = fields.String()
    variant = fields.String(allow_none=True)
    options = fields.Dict()
    content = fields.Dict(
        metadata={
            "description": "The content pack the game was played with (the game's file "
            "`{stem: data}`): the built-in one or the host's (`content_origin`)"
        }
    )
    seed = fields.String()
    seed_commitment = fields.String()
    contributions = fields.List(
        fields.Dict(),
        metadata={"description": "`{seat, contribution}` per seat, in seat order"},
    )
    effective_seed = fields.String(
        allow_none=True,
        metadata={
            "description": "HMAC-SHA256(seed, the contributions' encoding): the game's streams"
        },
    )
    content_origin = fields.String(
        metadata={"description": "`builtin` (the game's own pack) or `custom` (the host's)"}
    )
    log_head = fields.String(
        metadata={
            "description": "The head of the log's hash chain (64 hex digits): the one every "
            "screen showed; `tableapp verify` recomputes it from the entries, each of which "
            "carries its own `head`"
        }
    )
    seats = fields.List(fields.Dict())
    actions = fields.List(fields.Dict())
    final_state = fields.Dict()
    result = fields.Dict(allow_none=True)


class LogQuerySchema(Schema):
    after = QueryActionNumber(load_default=0, validate=Range(min=0, max=MAX_SEQ))


class EventsQuerySchema(Schema):
    after = QueryActionNumber(
        load_default=None, allow_none=True, validate=Range(min=0, max=MAX_SEQ)
    )
