"""Event streams against a server's connections: a process-wide cap below them (503 beyond),
and a stream whose client hangs up ended at once, not at its next heartbeat (but never in the
middle of a database read)."""

from __future__ import annotations

import contextlib
import errno
import functools
import socket
import sys
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


class Hangup:
    """A stream's client hanging up, and the stream's greenlet ended for it: with
    :class:`ClientGone`, at once — except inside :meth:`held`, the stream's short database
    reads, which a hang-up never interrupts: it is raised when the read is done.

    Why deferred rather than thrown anywhere: thrown into a greenlet that waits for PostgreSQL's
    answer, the exception leaves psycopg's connection in the middle of a command; the rollback
    that should give it back clean then fails ("another command is already in progress") and
    the connection stayed checked out, its session "idle in transaction", until the garbage
    collector found it minutes later: a flood of hang-ups exhausted the pool. A read that is
    let finish commits or rolls back normally and hands its connection back before the
    stream ends. (A kill that is not ours, such as a worker stopping, still lands anywhere:
    tableapp/database/extensions.py closes a connection interrupted mid-command instead of
    reusing it.)

    Reading a few rows takes milliseconds; a read waiting for a free connection takes at most
    the pool's timeout, after which it raises and the stream ends all the same.
    """

    def __init__(self, stream_greenlet) -> None:
        self.stream = stream_greenlet
        self._stopped = False
        self._holding = 0
        self._owed = False  # the client hung up during a read: end the stream after it

    @contextlib.contextmanager
    def held(self):
        """A stretch the hang-up does not interrupt (a database read and its teardown)."""
        self._holding += 1
        try:
            yield
        except BaseException:
            self._holding -= 1
            if not self._holding:
                self._owed = False  # the stream ends with this exception anyway
            raise
        self._holding -= 1
        if self._owed and not self._holding:
            self._owed = False
            raise ClientGone()

    def hung_up(self) -> None:
        """The client has gone: end the stream (at the next turn of the event loop)."""
        import gevent

        gevent.get_hub().loop.run_callback(self._end)

    def _end(self) -> None:
        """In the event loop, while the stream's greenlet is parked: end it now, or after its
        read. Decided here, not when the hang-up was seen: the greenlet may have started a
        read since (gevent's own ``kill`` would throw into it whatever it does by then)."""
        if self._stopped or self.stream.dead:
            return
        if self._holding:
            self._owed = True
            return
        try:
            self.stream.throw(ClientGone())
        except BaseException:  # noqa: BLE001 - as gevent's kill: report, never break the loop
            import gevent

            gevent.get_hub().handle_error(self.stream, *sys.exc_info())

    def stop(self) -> None:
        """The stream is ending: nothing is thrown in any more."""
        self._stopped = True


class NoHangup(Hangup):
    """Where nothing watches for hang-ups (not served by gevent): a hang-up is seen when a
    write fails, and nothing is thrown in."""

    def __init__(self) -> None:
        super().__init__(None)


class WatchedHangup(Hangup):
    """A :class:`Hangup` seen by a greenlet that waits for the stream's socket to turn
    readable: a client of an event stream sends nothing more, so readable with no data means
    it has closed. :meth:`stop` when the stream ends."""

    def __init__(self, stream_greenlet, sock) -> None:
        import gevent

        super().__init__(stream_greenlet)
        self._watcher = gevent.spawn(self._watch, sock)

    def _watch(self, sock) -> None:
        import socket as stdlib_socket

        from gevent.socket import wait_read

        try:
            wait_read(sock.fileno())
            if sock.recv(1, stdlib_socket.MSG_PEEK):
                return  # the client sent more (a pipelined request): not a hang-up
        except OSError:
            pass  # reset or closed: gone too
        self.hung_up()

    def stop(self) -> None:
        super().stop()
        self._watcher.kill(block=False)


def watch_hangup(environ) -> Hangup:
    """Under gevent, a :class:`WatchedHangup` for the stream's greenlet: the stream ends at once
    when its client hangs up (its slots are given back then, not at the next heartbeat), and
    never in the middle of a database read. Otherwise (not served by gevent) a
    :class:`NoHangup`: a hang-up is seen when a write fails."""
    sock = environ.get("gunicorn.socket")
    if sock is None:
        return NoHangup()
    try:
        import gevent
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency of the server
        return NoHangup()
    if not monkey.is_module_patched("socket"):
        return NoHangup()
    stream_greenlet = gevent.getcurrent()  # a gevent Greenlet: gunicorn's pool spawned it
    if not isinstance(stream_greenlet, gevent.Greenlet):
        return NoHangup()
    return WatchedHangup(stream_greenlet, sock)
