"""Event streams against a server's connections: a process-wide cap below them (503 beyond),
and a stream whose client hangs up ended at once, not at its next heartbeat."""

from __future__ import annotations

import errno
import functools
import socket
import threading

from flask import after_this_request, current_app, request

from ..engine import M
from ..problems import Problem


class ServerSlots:
    """Event streams open in this process, at most ``STREAMS_MAX`` (0: no cap): kept below the
    worker's connections, so that requests that are not streams always find one. Beyond, a
    stream gets a 503 with ``Retry-After``."""

    def __init__(self) -> None:
        self.open = 0
        self._lock = threading.Lock()

    def take(self, cap: int) -> None:
        with self._lock:
            if cap and self.open >= cap:
                problem = Problem(503, "server_full", M("api.server_full", limit=cap))
                problem.headers["Retry-After"] = "15"
                raise problem
            self.open += 1

    def give_back(self) -> None:
        with self._lock:
            self.open -= 1


def one_server_slot(view):
    """A stream view holds one of the process's stream slots until its response has ended."""

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        slots = current_app.extensions.setdefault("tableapp.server_slots", ServerSlots())
        try:
            slots.take(current_app.config.get("STREAMS_MAX") or 0)
        except Problem:
            _close_after_answer(request.environ.get("gunicorn.socket"))
            raise
        try:
            response = view(*args, **kwargs)
        except BaseException:
            slots.give_back()
            raise
        response.call_on_close(slots.give_back)
        return response

    return wrapper


def _close_after_answer(sock) -> None:
    """The refused stream's connection is closed once answered, not kept alive: phones that
    retry would otherwise hold the connections kept for other requests."""
    if sock is None:
        return

    def shut() -> None:
        try:
            sock.shutdown(socket.SHUT_RDWR)  # gunicorn then reads no next request and closes
        except OSError:
            pass

    @after_this_request
    def closing(response):
        response.call_on_close(shut)
        return response


class ClientGone(ConnectionResetError):
    """Thrown into a stream's greenlet when its client has closed the connection: an
    ``OSError`` with ``ECONNRESET``, which gunicorn's worker ends quietly."""

    def __init__(self) -> None:
        super().__init__(errno.ECONNRESET, "the client closed its event stream")


def watch_hangup(environ):
    """Under gevent, a greenlet waiting for the stream's socket to turn readable: a client of
    an event stream sends nothing more, so readable with no data means it has closed, and
    the stream's greenlet gets :class:`ClientGone` at once (its slots are given back then,
    not at the next heartbeat). Returns the watcher (kill it when the stream ends), or None
    when not served by gevent."""
    sock = environ.get("gunicorn.socket")
    if sock is None:
        return None
    try:
        import gevent
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency of the server
        return None
    if not monkey.is_module_patched("socket"):
        return None
    import socket as stdlib_socket

    from gevent.socket import wait_read

    stream_greenlet = gevent.getcurrent()  # a gevent Greenlet: gunicorn's pool spawned it
    if not isinstance(stream_greenlet, gevent.Greenlet):
        return None

    def watch():
        try:
            wait_read(sock.fileno())
            if sock.recv(1, stdlib_socket.MSG_PEEK):
                return  # the client sent more (a pipelined request): not a hang-up
        except OSError:
            pass  # reset or closed: gone too
        stream_greenlet.kill(ClientGone, block=False)

    return gevent.spawn(watch)
