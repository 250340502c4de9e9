"""Small helpers the resource modules share: the bearer, idempotency keys, JSON answers."""

from __future__ import annotations

import time
from collections import defaultdict, deque
from threading import Lock

from flask import Response, current_app, request

from .. import codec, tables
from ..auth import bearer
from ..problems import Problem
from .errors import PROBLEM

IDEMPOTENCY_DOC = {
    "parameters": [
        {
            "in": "header",
            "name": "Idempotency-Key",
            "required": False,
            "schema": {"type": "string", "maxLength": 200},
            "description": "Repeat a POST safely: the same key and body from the same bearer "
            "return the stored answer, byte for byte, with no second effect.",
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
    key = key.strip()
    if not 1 <= len(key) <= 200:
        raise Problem(400, "bad_idempotency_key", "Idempotency-Key must be 1 to 200 characters.")
    return key, tables.request_hash({"path": request.path, "body": body})


def json_response(payload: dict | list, status: int = 200, private: bool = True) -> Response:
    response = Response(
        codec.dumps(payload),
        status=status,
        mimetype="application/json",
    )
    if private:
        response.headers["Cache-Control"] = "no-store"
    return response


def outcome_response(outcome: tables.Outcome) -> Response:
    response = Response(
        outcome.body,
        status=outcome.status,
        mimetype=PROBLEM if outcome.status >= 400 else "application/json",
    )
    response.headers["Cache-Control"] = "no-store"
    return response


def presence_seconds() -> float:
    return current_app.config["PRESENCE_SECONDS"]


class RateLimiter:
    """A sliding window per client address (per process; a proxy in front may add its own)."""

    def __init__(self) -> None:
        self._hits: dict[tuple[str, str], deque] = defaultdict(deque)
        self._lock = Lock()

    def check(self, bucket: str, limit: tuple[int, int]) -> None:
        count, window = limit
        address = request.remote_addr or "unknown"
        now = time.monotonic()
        with self._lock:
            hits = self._hits[(bucket, address)]
            while hits and now - hits[0] > window:
                hits.popleft()
            if len(hits) >= count:
                retry = max(1, int(window - (now - hits[0])) + 1)
                problem = Problem(
                    429, "rate_limited", f"Too many {bucket} requests; try again in {retry} s."
                )
                problem.headers["Retry-After"] = str(retry)
                raise problem
            hits.append(now)

    def reset(self) -> None:
        with self._lock:
            self._hits.clear()


limiter = RateLimiter()
