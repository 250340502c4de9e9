"""Small helpers the resource modules share: the bearer, idempotency keys, JSON answers."""

from __future__ import annotations

import functools
import re
from collections import Counter
from threading import Lock

from flask import Response, current_app, request

from .. import codec, tables
from ..auth import bearer
from ..database import store
from ..engine.messages import M
from ..problems import Problem
from .error_handlers import PROBLEM
from .parsing import MAX_SEQ, action_number

#: An Idempotency-Key: 1 to 200 printable ASCII characters, not starting or ending with a
#: space (a key of spaces only is no key). Phones send a UUID.
IDEMPOTENCY_KEY = r"[\x21-\x7e](?:[\x20-\x7e]{0,198}[\x21-\x7e])?"
IDEMPOTENCY_DOC = {
    "parameters": [
        {
            "in": "header",
            "name": "Idempotency-Key",
            "required": False,
            "schema": {
                "type": "string",
                "minLength": 1,
                "maxLength": 200,
                "pattern": f"^{IDEMPOTENCY_KEY}$",
            },
            "description": "Repeat a POST safely: the same key and body from the same bearer "
            "return the stored answer, byte for byte, with no second effect. 1 to 200 "
            "printable ASCII characters (a UUID, say); other keys are refused with a 400.",
        }
    ]
}
# A token is optional where anyone may read (the table screen), required where one acts.
AUTH_DOC = {"security": [{}, {"bearer": []}]}
AUTH_REQUIRED_DOC = {"security": [{"bearer": []}]}


def token() -> str | None:
    return bearer(request.headers.get("Authorization"))


def idempotency(body: object) -> tuple[str, str] | None:
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    # Exactly the documented pattern (HTTP servers drop the spaces around a header value).
    if not re.fullmatch(IDEMPOTENCY_KEY, key):
        raise Problem(
            400,
            "bad_idempotency_key",
            M("api.bad_idempotency_key", max_length=200),
        )
    return key, tables.request_hash({"path": request.path, "body": body})


def last_event_id(header: str | None) -> int | None:
    """A ``Last-Event-ID`` header as an action number (None without one; else a 400)."""
    if header is None:
        return None
    number = action_number(header)
    if number is None:
        raise Problem(
            400,
            "bad_last_event_id",
            M("api.bad_last_event_id", max=MAX_SEQ),
        )
    return number


def json_response(payload: dict | list, status: int = 200, private: bool = True) -> Response:
    response = Response(
        codec.dumps(payload),
        status=status,
        mimetype="application/json",
    )
    if private:
        response.headers["Cache-Control"] = "no-store"
    return response


def outcome_response(outcome: tables.Outcome, patches: bool = False) -> Response:
    response = Response(
        outcome.body,
        status=outcome.status,
        mimetype=PROBLEM if outcome.status >= 400 else "application/json",
    )
    response.headers["Cache-Control"] = "no-store"
    if patches:
        response.headers["Preference-Applied"] = tables.PATCH_PREFERENCE
        response.vary.add("Prefer")
    return response


def patches() -> bool:
    """Whether the request asks for views as patches (``Prefer: view-patch``)."""
    return tables.wants_patches(request.headers.get("Prefer"))


def presence_seconds() -> float:
    return current_app.config["PRESENCE_SECONDS"]


class RateLimiter:
    """A sliding window per client address, counted in the database (:func:`store.count_hit`):
    every worker process and app server of one site shares the counts."""

    def check(self, bucket: str, limit: tuple[int, int]) -> None:
        count, window = limit
        wait = store.count_hit(bucket, request.remote_addr or "unknown", count, window)
        if wait is not None:
            retry = max(1, int(wait) + 1)
            problem = Problem(429, "rate_limited", M("api.rate_limited", seconds=retry))
            problem.headers["Retry-After"] = str(retry)
            raise problem


limiter = RateLimiter()


class StreamSlots:
    """Open event streams per client address in this app (process), at most
    ``STREAMS_PER_ADDRESS``.

    One phone on the Wi-Fi must not hold all of a server's connections: beyond its cap an
    address gets a 429 until one of its streams ends.
    """

    def __init__(self) -> None:
        self._open: Counter[str] = Counter()
        self._lock = Lock()

    def take(self, address: str, cap: int) -> None:
        with self._lock:
            if self._open[address] >= cap:
                problem = Problem(
                    429,
                    "too_many_streams",
                    M("api.too_many_streams", limit=cap),
                )
                problem.headers["Retry-After"] = "15"
                raise problem
            self._open[address] += 1

    def give_back(self, address: str) -> None:
        with self._lock:
            self._open[address] -= 1
            if self._open[address] <= 0:
                del self._open[address]

    def held(self, address: str) -> int:
        with self._lock:
            return self._open[address]


def stream_slots() -> StreamSlots:
    """This app's slots (in ``app.extensions``: a process serves one app)."""
    return current_app.extensions.setdefault("tableapp.stream_slots", StreamSlots())


def one_stream_slot(view):
    """A stream view holds one of its address's slots from the request until its response
    has ended (the client went away, the server stopped it), not just while the view runs."""

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        address = request.remote_addr or "unknown"
        slots = stream_slots()
        slots.take(address, current_app.config["STREAMS_PER_ADDRESS"])
        try:
            response = view(*args, **kwargs)
        except BaseException:
            slots.give_back(address)
            raise
        response.call_on_close(lambda: slots.give_back(address))
        return response

    return wrapper
