"""Reading requests: one JSON decoder (orjson) with firm limits, strict numbers in URLs.

The standard library's ``json`` lets through what the app then chokes on: a lone surrogate
(``"\\ud800"``) that no UTF-8 encoder can write back, so the answer or the database insert
fails; nesting thousands deep (RecursionError); integers of thousands of digits. orjson
refuses all three while parsing — lone surrogates and invalid UTF-8, nesting past 1,024
levels, numbers beyond a double — and the body is refused as a 400 before any view runs.
On top of that no request of this API nests deeper than :data:`MAX_DEPTH` levels: deeper
bodies are refused too, so nothing downstream (request hashing, the rules, the log) ever
meets a structure it cannot write back.
"""

from __future__ import annotations

import re

import orjson
from flask import current_app
from flask.json.provider import DefaultJSONProvider
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.routing import IntegerConverter

from ..engine.messages import M
from ..problems import Problem

#: How deep a request body may nest (the deepest real request, an action's params, is 3).
MAX_DEPTH = 32
MAX_SEQ = 2**31 - 1  # action numbers fit a 32-bit column on every database
#: An action number as text: ASCII digits only (``str.isdigit`` and ``int`` also take
#: ``²`` or ``١٢``), at most ten of them (then compared with MAX_SEQ).
ACTION_NUMBER = re.compile(r"[0-9]{1,10}")


def _too_deep(value: object, limit: int) -> bool:
    """Whether ``value`` nests deeper than ``limit`` (iterative: no recursion to exhaust)."""
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        pending.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def loads_body(data: bytes | str) -> object:
    """A request body as JSON, or a 400 problem (``malformed_json``, ``json_too_deep``)."""
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError as error:
        if "depth" in str(error):
            raise _deep() from None
        raise Problem(400, "malformed_json", M("api.malformed_json")) from None
    if _too_deep(value, MAX_DEPTH):
        raise _deep()
    return value


def _deep() -> Problem:
    return Problem(
        400,
        "json_too_deep",
        M("api.json_too_deep", limit=MAX_DEPTH),
    )


class JSONProvider(DefaultJSONProvider):
    """Flask's JSON, with :func:`loads_body` reading (``request.get_json()`` included)."""

    def loads(self, s: str | bytes, **kwargs) -> object:
        return loads_body(s)


class Parser(FlaskParser):
    """webargs' parser, reading JSON bodies with the app's decoder (webargs would use the
    standard library's)."""

    def _raw_load_json(self, req) -> object:
        if not is_json_request(req):
            return core.missing
        data = req.get_data(cache=True)
        if not data:
            return core.missing  # as webargs: an empty body is no body (required fields say so)
        return current_app.json.loads(data)


class AsciiIntegerConverter(IntegerConverter):
    """``<int:…>`` in URLs: ASCII digits only (``\\d`` also matches ``١`` or ``²``)."""

    regex = r"[0-9]{1,10}"


def action_number(text: str) -> int | None:
    """``text`` as an action number (0 … MAX_SEQ), or None when it is not one."""
    text = text.strip()
    if not ACTION_NUMBER.fullmatch(text) or int(text) > MAX_SEQ:
        return None
    return int(text)
