"""Live events: the log is the source of truth, the channel is a doorbell.

After a commit the table's channel is told the new action number. Each open stream waits on
its table's channel (or at most ``SSE_POLL_SECONDS``), then reads the new log rows and sends
its viewer the public events plus only that viewer's private parts. The in-process bus serves
one server; :mod:`tableapp.live.redisbus` plugs in the same interface across servers.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Protocol

from .. import codec


class Bus(Protocol):
    def publish(self, code: str, seq: int) -> None: ...

    def wait(self, code: str, after: int, timeout: float) -> int | None:
        """Block until the table's seq is known to pass ``after`` (returns it) or timeout."""


class LocalBus:
    """In-process fan-out: one condition variable per table."""

    #: Whether every commit is known to ring this bus. In-process it is only when this
    #: process is the sole one writing (``tableapp serve``; one gunicorn worker on SQLite):
    #: otherwise other workers commit too, and streams keep polling the log every
    #: ``SSE_POLL_SECONDS``. A reliable bus (this one when sole, RedisBus while subscribed)
    #: lets idle streams skip those reads until the next heartbeat.
    reliable = False

    def __init__(self, *, reliable: bool = False) -> None:
        self.reliable = reliable
        self._lock = threading.Lock()
        self._latest: dict[str, int] = {}
        self._conditions: dict[str, threading.Condition] = {}

    def _condition(self, code: str) -> threading.Condition:
        with self._lock:
            condition = self._conditions.get(code)
            if condition is None:
                condition = self._conditions[code] = threading.Condition()
            return condition

    def publish(self, code: str, seq: int) -> None:
        condition = self._condition(code)
        with condition:
            if seq > self._latest.get(code, 0):
                self._latest[code] = seq
            elif seq:
                # Announced already (this process's own commit, rung again by Redis): every
                # stream waiting now has read past it, so waking them would only make each
                # read the log for nothing. 0 is a pure wake-up (a gap in the subscription).
                return
            condition.notify_all()

    def wait(self, code: str, after: int, timeout: float) -> int | None:
        condition = self._condition(code)
        with condition:
            if self._latest.get(code, 0) > after:
                return self._latest[code]
            condition.wait(timeout)
            latest = self._latest.get(code, 0)
            return latest if latest > after else None


_bus: Bus = LocalBus()


def bus() -> Bus:
    return _bus


def set_bus(new: Bus) -> None:
    global _bus
    _bus = new


def format_event(entry: dict) -> str:
    data = codec.dumps(entry).decode()
    return f"id: {entry['seq']}\nevent: action\ndata: {data}\n\n"


class Revoked(Exception):
    """Raised by a stream's reader when its bearer no longer holds the seat (the host moved it
    to a new phone): the stream sends ``entries`` (nothing private), a ``revoked`` event with
    ``reason``, and ends."""

    def __init__(self, entries: list[dict], reason: dict) -> None:
        super().__init__(reason.get("code", "revoked"))
        self.entries = entries
        self.reason = reason


def format_revoked(reason: dict) -> str:
    return f"event: revoked\ndata: {codec.dumps(reason).decode()}\n\n"


def stream(
    read_after,  # (after, known: announced seq or None) -> entries; opens and closes its session
    code: str,
    after: int,
    *,
    heartbeat: float,
    poll: float,
    retry_ms: int,
    on_beat=None,
    max_seconds: float | None = None,
    clock=None,
) -> Iterator[str]:
    """Server-Sent Events for one viewer from action ``after`` on, forever (or max_seconds),
    or until ``read_after`` raises :class:`Revoked`."""
    import time

    clock = clock or time.monotonic
    started = clock()
    yield f"retry: {retry_ms}\n: stream of table {code}\n\n"
    last_sent = clock()
    known: int | None = None  # the newest number the bus announced, when it rang
    while True:
        try:
            entries = read_after(after, known)
        except Revoked as revoked:
            for entry in revoked.entries:
                yield format_event(entry)
            yield format_revoked(revoked.reason)
            return
        for entry in entries:
            yield format_event(entry)
            after = entry["seq"]
            last_sent = clock()
        if max_seconds is not None and clock() - started >= max_seconds:
            return
        if entries and (known is None or after < known):
            known = None
            continue  # there may be more than one page
        known = None
        remaining = heartbeat - (clock() - last_sent)
        if remaining <= 0:
            yield ": heartbeat\n\n"
            last_sent = clock()
            if on_beat is not None:
                on_beat()
            continue
        current = bus()
        # A reliable bus rings for every commit: re-read the log on a ring or at the next
        # heartbeat; otherwise poll, so that nothing waits longer than ``poll``.
        timeout = remaining if getattr(current, "reliable", False) else min(remaining, poll)
        if max_seconds is not None:
            timeout = max(0.0, min(timeout, max_seconds - (clock() - started)))
        known = current.wait(code, after, timeout)
