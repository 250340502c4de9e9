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

import copy
import functools
import re
from collections.abc import Mapping
from typing import Any

from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validates_schema

from ..engine.messages import M, Message, named
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


def add_format(game_id: str, shape: Mapping[str, Any] | None) -> None:
    """The pack format the game ``game_id`` declares (``define(pack_format=...)``), if any."""
    if shape is None or _declared.get(game_id) == shape:
        return
    _declared[game_id] = dict(shape)
    pack_schema.cache_clear()
    pack_json_schema.cache_clear()


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


# --- problems ---------------------------------------------------------------------------------


def _shown(step: Any) -> Any:
    """A key as a line shows it: one with a hidden character escaped (shown, not hidden), a
    long one cut."""
    from ..texts.names import refused

    if not isinstance(step, str):
        return step
    if len(step) > WORD_LENGTH:
        step = step[:WORD_LENGTH] + "…"
    return ascii(step) if any(refused(c) for c in step) else step


def _where(path: list) -> str:
    """``["main_deck", "cards", 3, "cost"]``: ``main_deck.toml: cards[3].cost``."""
    file, rest = f"{_shown(path[0])}.toml:", ""
    for step in map(_shown, path[1:]):
        rest += f"[{step}]" if isinstance(step, int) else f".{step}"
    return f"{file} {rest.lstrip('.')}" if rest else file


def _card_name(pack: Any, path: list) -> dict | None:
    """The names of the innermost card (a table with a name) on ``path``, if it has one (a
    name that follows the rule: a wrong one is not repeated)."""
    from ..texts.names import text_reason

    found, node = None, pack
    for step in path:
        if isinstance(node, dict) and isinstance(step, str):
            node = node.get(step)
        elif isinstance(node, list) and isinstance(step, int) and step < len(node):
            node = node[step]
        else:
            break
        if isinstance(node, dict):
            names = {
                lang: node[key]
                for lang, key in (("en", "name"), ("fr", "name_fr"))
                if isinstance(node.get(key), str) and not text_reason(node[key], NAME_LENGTH)
            }
            if names:
                en = names.get("en", names.get("fr"))
                found = {"en": en, "fr": names.get("fr", en)}
    return found


def _lines(errors: Any, path: list, pack: Any, out: list) -> None:
    """marshmallow's ``errors`` as ``(path, line)`` pairs, the path where each is in the pack."""
    if isinstance(errors, dict) and "msg" not in errors:
        for key, value in errors.items():
            if key == "_schema":
                _lines(value, path, pack, out)
            else:
                _lines(value, [*path, key], pack, out)
        return
    for what in errors if isinstance(errors, list) else [errors]:
        if isinstance(what, list) or (isinstance(what, dict) and "msg" not in what):
            _lines(what, path, pack, out)
            continue
        if len(path) == 1 and what == M("pack.unknown_field"):
            what = M("pack.unknown_file")
        line = M("pack.problem", where=_where(path) if path else "pack:", what=what)
        card = _card_name(pack, path)
        out.append((path, M("pack.named", problem=line, card=named(card)) if card else line))


_TOML_WHERE = re.compile(r"^(?P<part>[^\s:]+)\.toml:(?: (?P<path>.+))?$")
_STEP = re.compile(r"\[(?P<index>[^\]]*)\]|\.?(?P<key>[^.\[\]]+)")


def _digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also takes ``²``, which ``int`` refuses."""
    return text.isascii() and text.isdigit()


def _steps(path: str) -> list[tuple[str, str]]:
    """``cards[3].value`` as ``[("key", "cards"), ("index", "3"), ("key", "value")]``."""
    return [
        ("index", m["index"]) if m["index"] is not None else ("key", m["key"])
        for m in _STEP.finditer(path)
    ]


def _entry_names(node: Any) -> dict | None:
    """A pack entry's names (``name``, ``name_fr``) when it has a good one."""
    from ..texts.names import text_reason

    if not isinstance(node, dict):
        return None
    names = {
        lang: node[key]
        for lang, key in (("en", "name"), ("fr", "name_fr"))
        if isinstance(node.get(key), str) and not text_reason(node[key], NAME_LENGTH)
    }
    if not names:
        return None
    en = names.get("en", names.get("fr"))
    return named({"en": en, "fr": names.get("fr", en)})


def _json_where(where: str, pack: dict, card: dict | None) -> Message | None:
    """A TOML location (``cards.toml: cards[3].value``) as the place in a JSON pack file:
    ``pack file (JSON) › cards › cards › “Brute” › value``, the entry by its name (``card``, the
    name a problem was given, else the entry's own) when it has one."""
    m = _TOML_WHERE.match(where)
    if not m:
        return None
    words, node = [m["part"]], pack.get(m["part"]) if isinstance(pack, dict) else None
    named_at, last_entry = None, None  # (position in words, names) of the innermost entries
    for kind, step in _steps(m["path"] or ""):
        if kind == "key":
            node = node.get(step) if isinstance(node, dict) else None
            words.append(step)
            continue
        if isinstance(node, list) and _digits(step) and int(step) < len(node):
            node = node[int(step)]
        elif isinstance(node, list):  # an entry named by its id: cell[gate-north]
            node = next((e for e in node if isinstance(e, dict) and e.get("id") == step), None)
        else:
            node = node.get(step) if isinstance(node, dict) else None
        names = _entry_names(node)
        last_entry = len(words)
        if names:
            named_at = (len(words), names)
            words.append(step)
        elif isinstance(node, dict) and isinstance(node.get("id"), str) and node["id"]:
            words.append(_shown(node["id"]))  # a card without a name: its id (z07)
        else:
            words.append(step)
    if card is not None and last_entry is not None:
        named_at = (named_at[0] if named_at else last_entry, card)
    if named_at is None:
        return M("pack.json.at", path=" › ".join(words))
    at, names = named_at
    rest = "".join(f" › {w}" for w in words[at + 1 :])
    return M("pack.json.entry", path=" › ".join(words[:at]), entry=names, rest=rest)


def as_json_problem(message: Message, pack: dict) -> Message:
    """A problem of a pack sent as JSON: where it is, in that file (see :func:`_json_where`);
    a problem wrapped with the name of its card ("(card: Brute)") has that name in its place,
    not after it."""
    args = message.get("args") or {}
    if message.get("msg") == "pack.problem" and isinstance(args.get("where"), str):
        where = _json_where(args["where"], pack, None)
        return M("pack.problem", where=where, what=args.get("what")) if where else message
    others = [k for k in args if k != "problem"]
    inner = args.get("problem")
    if isinstance(inner, dict) and inner.get("msg") == "pack.problem" and len(others) == 1:
        name = args[others[0]]
        where = _json_where(inner["args"].get("where", ""), pack, name)
        if where is not None and where["msg"] == "pack.json.entry":
            return M("pack.problem", where=where, what=inner["args"].get("what"))
        return {**message, "args": {**args, "problem": as_json_problem(inner, pack)}}
    return message


def shape_problems(game_id: str, pack: Any) -> list[Message]:
    """Every field of ``pack`` of the wrong type or out of its bounds, one line each (naming
    the file, the card and the field); ``[]`` when the pack has the format's shape."""
    return [line for _path, line in shape_errors(game_id, pack)]


def shape_errors(game_id: str, pack: Any) -> list[tuple[list, Message]]:
    """:func:`shape_problems` with the place of each in the pack: ``(path, line)``, the path
    ``["cards", "cards", 3, "value"]`` (``[]``: the pack itself)."""
    if pack_format(game_id) is None:
        return []
    if not isinstance(pack, dict):
        return [([], M("pack.problem", where="pack:", what=M("pack.table")))]
    try:
        pack_schema(game_id).load(pack)
    except ValidationError as error:
        out: list[tuple[list, Message]] = []
        _lines(error.messages, [], pack, out)
        return out
    return []


# --- the rest of a pack of the wrong shape ------------------------------------------------------


def _kind_at(game_id: str, path: list) -> Any:
    """What the format declares at ``path`` (a shape, a word of the format, ``rows``…), or
    ``None`` where it declares nothing."""
    kind: Any = pack_format(game_id) or {}
    for step in path:
        if isinstance(kind, dict):
            kind = kind.get(step, kind.get(OTHERS)) if isinstance(step, str) else None
        elif isinstance(kind, rows):
            kind = kind.shape if isinstance(step, int) else None
        elif isinstance(kind, many | mapping):
            kind = kind.kind
        else:
            return None
    return kind


def well_shaped_part(game_id: str, pack: Any, broken: list[list]) -> dict | None:
    """A copy of ``pack`` without what is at the ``broken`` paths (its shape problems), for
    the game's own rules to check the rest: a field of the wrong type is left out (as if the
    pack did not give it), an entry of a list of tables that is not one becomes an empty table
    (the entries after it keep their places, so the rules name them where the pack has them),
    a list of words or numbers with a wrong one is left out whole. ``None`` when nothing is left
    to check, or when what is left is still not of the format's shape but for missing files:
    the rules are only ever handed data of the declared types."""
    if not isinstance(pack, dict) or any(not path for path in broken):
        return None
    part = copy.deepcopy(pack)
    for path in broken:
        _leave_out(game_id, part, path)
    if any(len(path) != 1 or path[0] in part for path, _ in shape_errors(game_id, part)):
        return None
    return part


def _leave_out(game_id: str, pack: dict, path: list) -> None:
    parent: Any = pack
    for step in path[:-1]:
        try:
            parent = parent[step]
        except (KeyError, IndexError, TypeError):
            return  # already left out with what held it
    last = path[-1]
    if isinstance(parent, dict):
        parent.pop(last, None)
    elif isinstance(parent, list) and isinstance(last, int) and last < len(parent):
        if isinstance(_kind_at(game_id, path[:-1]), rows):
            parent[last] = {}
        else:  # a word or a number of a short list: the list goes
            _leave_out(game_id, pack, path[:-1])


def place(message: Any, pack: Any) -> tuple[str, ...] | None:
    """Where a problem is (``("cards", "cards", "3", "value")``, a list's entry by its
    position even where the line names it by its id), for a line that says so
    (``cards.toml: cards[3].value …``, wrapped or not with its card's name); else ``None``."""
    while isinstance(message, dict) and isinstance(message.get("msg"), str):
        args = message.get("args") or {}
        if message["msg"] == "pack.problem":
            where = args.get("where")
            match = _TOML_WHERE.match(where) if isinstance(where, str) else None
            if match is None:
                return None
            out, node = [match["part"]], pack.get(match["part"]) if isinstance(pack, dict) else None
            for kind, step in _steps(match["path"] or ""):
                if kind == "index" and isinstance(node, list) and not _digits(step):
                    ids = [e.get("id") if isinstance(e, dict) else None for e in node]
                    step = str(ids.index(step)) if step in ids else step
                out.append(step)
                if isinstance(node, dict):
                    node = node.get(step)
                elif isinstance(node, list) and _digits(step) and int(step) < len(node):
                    node = node[int(step)]
                else:
                    node = None
            return tuple(out)
        message = args.get("problem")
    return None


def where_of(path: list) -> tuple[str, ...]:
    """A shape problem's path as :func:`place` gives places."""
    return tuple(str(step) for step in path)


def same_place(a: tuple, b: tuple) -> bool:
    """Whether one of two places holds the other (or they are the same)."""
    return a[: len(b)] == b or b[: len(a)] == a


# --- JSON Schema --------------------------------------------------------------------------------


#: Where the texts' schemas are, once for every pack (their patterns are long).
REFS = "#/components/schemas/"


def text_schemas() -> dict[str, dict]:
    """The JSON Schema of each kind of text, by the name :func:`pack_json_schema` refers to."""
    from ..texts.names import _class, _ranges, refused, text_pattern

    inner = _class(_ranges(refused), negate=True)
    return {
        "PackName": {"type": "string", "pattern": _or_empty(text_pattern(NAME_LENGTH))},
        "PackText": {"type": "string", "pattern": _or_empty(text_pattern(TEXT_LENGTH))},
        "PackWord": {"type": "string", "pattern": f"^{inner}{{0,{WORD_LENGTH}}}$"},
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
