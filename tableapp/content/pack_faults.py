"""Where in a pack a fault is: a wrong shape said one line per field, naming the file, the
card and the field (:func:`shape_problems`), in the TOML files or in the JSON a host sends
(:func:`as_json_problem`); and the rest of a pack of the wrong shape, kept where it is well
shaped (:func:`well_shaped_part`)."""

from __future__ import annotations

import copy
import re
from typing import Any

from marshmallow import ValidationError

from ..engine.messages import M, Message, named
from ..engine.pack_format import (
    OTHERS,
    many,
    mapping,
    rows,
)
from .validation import (
    NAME_LENGTH,
    WORD_LENGTH,
    pack_format,
    pack_schema,
)

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
