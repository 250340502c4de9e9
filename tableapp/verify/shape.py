"""An export's shape: the fields and types ``tableapp verify`` reads before it checks anything,
so that a file of any shape gets one line, never a traceback."""

from __future__ import annotations

import re

from .. import catalog

_HEX64 = re.compile(r"[0-9a-f]{64}")

#: Each field of an export: (its types, whether it may be missing).
_STR, _OPT_STR = (str,), (str, type(None))
_FIELDS = {
    "format": (_STR, True),
    "code": (_STR, False),
    "game": (_STR, False),
    "variant": (_OPT_STR, True),
    "options": ((dict,), False),
    "content": ((dict,), False),
    "seed": (_STR, False),
    "seed_commitment": (_STR, False),
    "contributions": ((list, type(None)), True),
    "effective_seed": (_OPT_STR, True),
    "content_origin": (_STR, True),
    "log_head": (_OPT_STR, True),
    "seats": ((list,), False),
    "actions": ((list,), False),
    "final_state": ((dict, type(None)), True),
    "result": ((dict, type(None)), True),
}
_ENTRY_FIELDS = {
    "number": ((int,), False),
    "seat": ((int, type(None)), False),
    "type": (_STR, False),
    "payload": ((dict, type(None)), True),
    "public": ((list,), False),
    "private": ((dict,), False),
    "undone": ((bool,), True),
    "reveals": ((bool,), True),
    "head": (_STR, True),
}


def _wrong(value: dict, fields: dict, where: str) -> str | None:
    for name, (types, optional) in fields.items():
        if name not in value:
            if not optional:
                return f"{where} has no {name!r}"
            continue
        item = value[name]
        if not isinstance(item, types) or (isinstance(item, bool) and bool not in types):
            return f"{where}'s {name!r} is not of the right type"
    return None


def shape(export) -> str | None:
    """What makes ``export`` no export's shape (None when it has it): its fields' types, each
    entry's and seat's and contribution's, a game this build knows."""
    if not isinstance(export, dict):
        return "not a JSON object"
    problem = _wrong(export, _FIELDS, "the export")
    if problem:
        return problem
    if export["game"] not in {g.id for g in catalog.games()}:
        return f"unknown game {export['game'][:40]!r}"
    if export.get("log_head") is not None and not _HEX64.fullmatch(export["log_head"]):
        return "its log head is not 64 hexadecimal digits"
    for i, entry in enumerate(export["actions"], start=1):
        if not isinstance(entry, dict):
            return f"entry {i} of the log is not an object"
        problem = _wrong(entry, _ENTRY_FIELDS, f"entry {i} of the log")
        if problem:
            return problem
        if not all(isinstance(part, list) for part in entry["private"].values()):
            return f"entry {i} of the log has a private part that is not a list"
    for i, seat in enumerate(export["seats"], start=1):
        if not isinstance(seat, dict):
            return f"seat {i} is not an object"
    for i, item in enumerate(export.get("contributions") or [], start=1):
        if not isinstance(item, dict) or not isinstance(item.get("seat"), int):
            return f"contribution {i} is not a seat's contribution"
        if not isinstance(item.get("contribution"), (str, type(None))):
            return f"contribution {i} is not a seat's contribution"
    return None
