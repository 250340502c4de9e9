"""gunicorn's gevent worker, answering gunicorn's own refusals as problem+json.

gunicorn refuses a request it cannot parse (a request line over ``limit_request_line``, too
many or too large headers, a bad method or version) before the app sees it, with a small HTML
page. This worker sends the API's one error shape instead (``application/problem+json``, a
stable ``code``), and a request line too long gets 414 rather than 400. It also sends an
answer's headers and body in one write (:func:`write_in_one`).
"""

from __future__ import annotations

import contextvars
import gc
import os
import threading
import time

from gunicorn import util
from gunicorn.http import wsgi
from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine
from gunicorn.workers.ggevent import GeventWorker

#: gunicorn's status → (status sent, stable code, reason phrase)
_REFUSALS = {
    400: (400, "bad_request", "Bad Request"),
    403: (403, "forbidden", "Forbidden"),
    431: (431, "headers_too_large", "Request Header Fields Too Large"),
    500: (500, "internal_error", "Internal Server Error"),
    501: (501, "not_implemented", "Not Implemented"),
}


def problem_bytes(status: int, code: str, reason: str) -> bytes:
    """A complete HTTP/1.1 problem+json answer that closes the connection."""
    from .. import codec
    from ..engine.messages import M
    from ..problems import Problem
    from ..texts.i18n import Renderer

    detail = M("api.http.bad_request") if status == 400 else M("api.http.error", status=status)
    body = codec.dumps(Problem(status, code, detail).body(Renderer()))
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
        "Content-Type: application/problem+json\r\nContent-Language: en\r\n"
        f"Cache-Control: no-store\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


#: The refusal being answered, per greenlet (gevent gives each its own context).
_REFUSING: contextvars.ContextVar[BaseException | None] = contextvars.ContextVar(
    "refusing", default=None
)


def _write_problem(sock, status_int, reason, mesg):
    """gunicorn's ``util.write_error`` (called only from ``Worker.handle_error``), as a
    problem: the status and code from the refusal this greenlet is answering."""
    status, code, reason = _REFUSALS.get(status_int, (status_int, "http_error", reason))
    exc = _REFUSING.get()
    if isinstance(exc, LimitRequestLine):
        status, code, reason = 414, "request_line_too_long", "URI Too Long"
    elif isinstance(exc, LimitRequestHeaders):
        status, code, reason = 431, "headers_too_large", "Request Header Fields Too Large"
    util.write_nonblock(sock, problem_bytes(status, code, reason))


def stream_cap(connections: int) -> int:
    """The event streams a worker of ``connections`` holds at once: a tenth of them (at least
    five) stays for the requests that are not streams."""
    return connections - max(5, connections // 10)


#: The cycle collector's thresholds in a worker (CPython's defaults: 700, 10, 10). A worker
#: holds many long-lived objects (its streams, the views and tables it keeps for them), and
#: a full collection walks all of them: with 1,000 streams on PostgreSQL + Redis it stopped
#: the worker for 100-200 ms every few seconds, the actions' p99 going from about 20 ms to
#: 190 ms (tests/perf/run_bench). Fewer, larger young collections promote less often, and a
#: full one waits for 100 middle ones rather than 10: full walks by count become rare.
GC_THRESHOLDS = (50_000, 20, 100)
#: ... so a full collection also comes on a clock, this often (seconds): the cycles a closed
#: stream or request leaves in the oldest generation (tens of objects each) are freed within
#: this time however few objects the worker allocates, at the cost of one such pause every
#: few minutes rather than every few seconds. Memory freed by reference counting (nearly all
#: of it) is freed at once, as before.
GC_FULL_EVERY = 300.0


def _collect_every(seconds: float) -> None:
    while True:
        time.sleep(seconds)
        gc.collect()


def tune_gc(every: float = GC_FULL_EVERY) -> None:
    """Set the collector up for a long-running worker whose app is built: what exists now
    (modules, the app and what it loaded) is never garbage, so it leaves the collector's walks
    (``gc.freeze``, after a collection: no garbage is frozen), collections by count come rarer
    (:data:`GC_THRESHOLDS`), and a full one comes every ``every`` seconds (a daemon thread: a
    greenlet under gevent). Once per process (the gevent worker and gunicorn.conf.py's hook
    both ask)."""
    if gc.get_threshold() == GC_THRESHOLDS:
        return
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    threading.Thread(target=_collect_every, args=(every,), name="tableapp-gc", daemon=True).start()


_gunicorn_write = wsgi.Response.write


def write_in_one(self, arg):
    """gunicorn's ``Response.write``, but a response's headers and its first body part (all
    of an answer of known length: the app's answers are one ``bytes``) leave in one send,
    not two. Anything else (a chunked stream's parts, what follows) is gunicorn's own."""
    if (
        self.headers_sent
        or self.chunked
        or not isinstance(arg, bytes)
        or (self.response_length is not None and len(arg) > self.response_length)
    ):
        return _gunicorn_write(self, arg)
    tosend = self.default_headers()
    tosend.extend([f"{k}: {v}\r\n" for k, v in self.headers])
    head = util.to_bytestring("{}\r\n".format("".join(tosend)), "latin-1")
    self.headers_sent = True
    self.sent += len(arg)
    util.write(self.sock, head + arg)


class ProblemGeventWorker(GeventWorker):
    def load_wsgi(self):
        super().load_wsgi()
        tune_gc()  # the app is built: what it holds now lives as long as the worker

    def init_process(self):
        # Read by the app's config, built after this (tableapp serve sets it itself).
        os.environ.setdefault("TABLEAPP_STREAMS_MAX", str(stream_cap(self.worker_connections)))
        # Installed once for the worker process: swapping it in and out around each refusal
        # would let two greenlets refusing at once restore each other's copy.
        util.write_error = _write_problem
        wsgi.Response.write = write_in_one
        super().init_process()

    def handle_error(self, req, client, addr, exc):
        token = _REFUSING.set(exc)
        try:
            super().handle_error(req, client, addr, exc)
        finally:
            _REFUSING.reset(token)
