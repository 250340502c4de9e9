"""Request bodies, read whole before the app sees them: within a size limit and a deadline.

A body is at most ``MAX_CONTENT_LENGTH`` bytes (64 KB; opening a table with the host's own
content pack, ``PACK_CONTENT_LENGTH``), whether it comes with a
Content-Length or chunked (where werkzeug would cut it short and the app would read broken
JSON), and it must arrive within ``BODY_TIMEOUT`` seconds: a phone that sends its headers and
then nothing more holds its connection that long, not for ever. Either refusal reaches the
app as a note in the WSGI environ, and the app answers it as a problem (413 ``body_too_large``,
408 ``body_timeout``) like any other.
"""

from __future__ import annotations

import io
import time
from contextlib import nullcontext

REFUSED = "tableapp.body_refused"  # environ key: "too_large" or "timeout"
LIMIT = "tableapp.body_limit"  # environ key: the size this request's body may reach
CHUNK = 8192


class _Deadline(Exception):
    pass


def _whole_deadline(seconds: float):
    """Under gevent the deadline covers the whole read (one ``recv`` per slow byte cannot
    stretch it); elsewhere each read waits at most what is left (socket timeout)."""
    try:
        from gevent import Timeout
        from gevent.monkey import is_module_patched
    except ImportError:
        return nullcontext()
    if not is_module_patched("socket"):
        return nullcontext()
    return Timeout(seconds, _Deadline)


class BodyReader:
    """WSGI middleware: reads a request's body into memory first (see the module docstring)."""

    def __init__(self, app, *, limit: int, timeout: float, larger: dict | None = None) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout
        #: ``{(method, path): limit}``: requests that may be larger (a table with its pack)
        self.larger = dict(larger or {})

    def __call__(self, environ, start_response):
        route = (environ.get("REQUEST_METHOD"), environ.get("PATH_INFO"))
        limit = environ[LIMIT] = self.larger.get(route, self.limit)
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # werkzeug reads a bad Content-Length as none too
        if chunked or length > 0:
            body = None
            if length > limit:
                environ[REFUSED] = "too_large"  # not read: it is too large whatever it holds
            else:
                # Chunked: up to the end of the stream; sized: exactly Content-Length bytes
                # (some servers hand over the raw socket, which never ends by itself).
                body = self._read(environ, None if chunked else length, limit)
            if body is not None and len(body) > limit:
                environ[REFUSED] = "too_large"
                body = None
            environ["wsgi.input"] = io.BytesIO(body or b"")
            environ["CONTENT_LENGTH"] = str(len(body or b""))
            environ.pop("HTTP_TRANSFER_ENCODING", None)
            environ["wsgi.input_terminated"] = False
        return self.app(environ, start_response)

    def _read(self, environ, length: int | None, limit: int) -> bytes | None:
        stream = environ["wsgi.input"]
        sock = environ.get("gunicorn.socket")
        previous = sock.gettimeout() if sock is not None else None
        deadline = time.monotonic() + self.timeout
        parts: list[bytes] = []
        size = 0
        wanted = limit + 1 if length is None else length
        try:
            with _whole_deadline(self.timeout):
                while size < wanted:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise _Deadline
                    if sock is not None:
                        sock.settimeout(left)
                    part = stream.read(min(CHUNK, wanted - size))
                    if not part:
                        break
                    parts.append(part)
                    size += len(part)
        except (_Deadline, TimeoutError):
            environ[REFUSED] = "timeout"
            return None
        finally:
            if sock is not None:
                sock.settimeout(previous)
        return b"".join(parts)


def init_app(app) -> None:
    """Wrap the app's WSGI callable, and answer a refused body as a problem."""
    from flask import request

    from ..engine.messages import M
    from ..problems import Problem

    app.wsgi_app = BodyReader(
        app.wsgi_app,
        limit=app.config["MAX_CONTENT_LENGTH"],
        timeout=app.config["BODY_TIMEOUT"],
        larger={("POST", "/api/tables"): app.config["PACK_CONTENT_LENGTH"]},
    )

    @app.before_request
    def refused_body() -> None:
        limit = request.environ.get(LIMIT, app.config["MAX_CONTENT_LENGTH"])
        request.max_content_length = limit  # werkzeug's own check, at the same size
        refused = request.environ.get(REFUSED)
        if refused == "too_large":
            raise Problem(413, "body_too_large", M("api.body_too_large", limit=limit))
        if refused == "timeout":
            raise Problem(
                408,
                "body_timeout",
                M("api.body_timeout", seconds=app.config["BODY_TIMEOUT"]),
            )
