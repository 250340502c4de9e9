"""Live events across app servers: the :class:`~tableapp.live.notifier.Bus` over Redis pub/sub.

The log stays the source of truth and the channel a doorbell. After a commit, ``publish``
sends the table's new action number — nothing else, never a secret — on the channel
``tableapp:table:<code>``. One subscriber thread per process (a greenlet under gevent's
monkey-patching) listens with ``PSUBSCRIBE tableapp:table:*`` and rings the process's own
:class:`~tableapp.live.notifier.LocalBus`, on which the open streams wait.

Redis is never on the critical path:

- ``publish`` rings the local bus first (streams of the same process wake at once), then
  tries Redis; an error is logged once per outage and swallowed, so an action that committed
  is never turned into an error. While Redis is known down, publishes are skipped until the
  next retry time instead of paying a connection attempt per action.
- ``wait`` is the local bus's wait: with Redis down it just times out, and streams re-read the
  log every ``SSE_POLL_SECONDS`` anyway, so nothing is lost, only later.
- The subscriber reconnects with exponential backoff (with jitter). On every (re)subscription
  it wakes every local waiter once, so streams re-read the log and pick up whatever was
  published while the subscription was down.

Everything process-bound (the local bus, the subscriber, the Redis clients) is created lazily
in the process that first uses it, so a bus built before gunicorn forks (``preload_app``) or
before gevent patches the standard library still works in each worker.
"""

from __future__ import annotations

import logging
import os
import random
import threading
import time
from dataclasses import dataclass, field

from .notifier import LocalBus

log = logging.getLogger("tableapp.live.redisbus")

CHANNEL_PREFIX = "tableapp:table:"


@dataclass
class _Process:
    """What one process owns: its local bus, its Redis client and its subscriber."""

    pid: int
    local: LocalBus
    client: object  # redis.Redis for publishing and pinging
    lock: threading.Lock
    waiting: dict[str, int] = field(default_factory=dict)  # code → number of waiters
    thread: threading.Thread | None = None
    subscribed: bool = False
    publish_down_until: float = 0.0
    publish_backoff: float = 0.0
    publish_failing: bool = False


class RedisBus:
    """``publish(code, seq)`` / ``wait(code, after, timeout)`` across processes and servers."""

    def __init__(
        self,
        url: str,
        *,
        prefix: str = CHANNEL_PREFIX,
        socket_timeout: float = 2.0,
        min_backoff: float = 0.2,
        max_backoff: float = 5.0,
        health_check_interval: float = 10.0,
    ) -> None:
        self.url = url
        self.prefix = prefix
        self.socket_timeout = socket_timeout
        self.min_backoff = min_backoff
        self.max_backoff = max_backoff
        self.health_check_interval = health_check_interval
        self._guard = threading.Lock()  # only guards creating the per-process state
        self._process: _Process | None = None
        self._stopped = False

    # ------------------------------------------------------------------ per-process state

    def _client(self, **extra):
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        options = dict(
            # No hidden retries (redis-py 6 retries 3 times with seconds of backoff by
            # default): a publish must cost at most one short attempt; this bus has its own
            # backoff.
            retry=Retry(NoBackoff(), 0),
            socket_connect_timeout=self.socket_timeout,
            socket_timeout=self.socket_timeout,
            socket_keepalive=True,
            health_check_interval=self.health_check_interval,
        )
        options.update(extra)
        return redis.Redis.from_url(self.url, **options)

    def _state(self) -> _Process:
        process = self._process
        pid = os.getpid()
        if process is not None and process.pid == pid:
            return process
        with self._guard:
            process = self._process
            if process is None or process.pid != pid:
                # A new process (first use, or a fork): nothing of the parent's is reused.
                process = _Process(
                    pid=pid, local=LocalBus(), client=self._client(), lock=threading.Lock()
                )
                self._process = process
        return process

    def start(self) -> None:
        """Start this process's subscriber now (``wait`` and ``publish`` also start it)."""
        self._ensure_subscriber(self._state())

    def _ensure_subscriber(self, process: _Process) -> None:
        if process.thread is not None or self._stopped:
            return
        with process.lock:
            if process.thread is not None:
                return
            thread = threading.Thread(
                target=self._listen, args=(process,), name="tableapp-redisbus", daemon=True
            )
            process.thread = thread
        thread.start()

    # ------------------------------------------------------------------ the Bus interface

    def channel(self, code: str) -> str:
        return f"{self.prefix}{code}"

    def publish(self, code: str, seq: int) -> None:
        """Ring this process's streams, then every other process's through Redis.

        Never raises: the action this announces has already committed.
        """
        process = self._state()
        process.local.publish(code, seq)
        self._ensure_subscriber(process)
        now = time.monotonic()
        if now < process.publish_down_until:
            return  # Redis is known down: streams poll the log until it is back
        try:
            process.client.publish(self.channel(code), str(int(seq)))
        except Exception as error:  # noqa: BLE001 - a doorbell must never fail an action
            backoff = min(self.max_backoff, max(self.min_backoff, process.publish_backoff * 2))
            process.publish_backoff = backoff
            process.publish_down_until = time.monotonic() + backoff
            if not process.publish_failing:
                process.publish_failing = True
                log.warning(
                    "Redis publish failed (%s); streams fall back to polling the log "
                    "until Redis is back",
                    _describe(error),
                )
            return
        if process.publish_failing:
            log.warning("Redis publish works again")
        process.publish_failing = False
        process.publish_backoff = 0.0

    def wait(self, code: str, after: int, timeout: float) -> int | None:
        process = self._state()
        self._ensure_subscriber(process)
        with process.lock:
            process.waiting[code] = process.waiting.get(code, 0) + 1
        try:
            return process.local.wait(code, after, timeout)
        finally:
            with process.lock:
                left = process.waiting.get(code, 1) - 1
                if left <= 0:
                    process.waiting.pop(code, None)
                else:
                    process.waiting[code] = left

    # ------------------------------------------------------------------ health

    @property
    def subscribed(self) -> bool:
        """True while this process's subscriber holds a live subscription."""
        process = self._process
        return bool(process and process.pid == os.getpid() and process.subscribed)

    @property
    def reliable(self) -> bool:
        """Every commit rings this bus while the subscription is live (a gap in it wakes
        every stream to re-read the log), so streams need not poll meanwhile."""
        return self.subscribed

    def ping(self) -> bool:
        """Whether Redis answers now (for ``/readyz``)."""
        try:
            return bool(self._state().client.ping())
        except Exception:  # noqa: BLE001
            return False

    def close(self) -> None:
        """Stop the subscriber (tests; a server just exits)."""
        self._stopped = True
        process = self._process
        if process is not None and process.pid == os.getpid() and process.thread is not None:
            process.thread.join(timeout=3)
            try:
                process.client.close()
            except Exception:  # noqa: BLE001
                pass

    # ------------------------------------------------------------------ the subscriber

    def _wake_all(self, process: _Process) -> None:
        """Make every waiting stream re-read the log (after a gap in the subscription)."""
        with process.lock:
            codes = list(process.waiting)
        for code in codes:
            process.local.publish(code, 0)  # 0 never raises the known seq: a pure wake-up

    def _listen(self, process: _Process) -> None:
        delay = self.min_backoff
        failing = False
        while not self._stopped:
            pubsub = None
            client = None
            try:
                # No read timeout on the subscription socket: get_message polls with its own
                # timeout and the health check pings an idle connection.
                client = self._client(socket_timeout=None)
                pubsub = client.pubsub()
                pubsub.psubscribe(self.prefix + "*")
                while not self._stopped:
                    message = pubsub.get_message(timeout=1.0)
                    if message is None:
                        continue
                    kind = message.get("type")
                    if kind == "psubscribe":
                        process.subscribed = True
                        if failing:
                            log.warning("Redis subscription restored")
                        failing = False
                        delay = self.min_backoff
                        self._wake_all(process)
                    elif kind == "pmessage":
                        self._deliver(process, message)
            except Exception as error:  # noqa: BLE001 - reconnect whatever went wrong
                process.subscribed = False
                if not failing:
                    failing = True
                    log.warning(
                        "Redis subscription lost (%s); reconnecting with backoff, "
                        "streams poll the log meanwhile",
                        _describe(error),
                    )
                self._wake_all(process)
            finally:
                process.subscribed = False
                for closable in (pubsub, client):
                    if closable is not None:
                        try:
                            closable.close()
                        except Exception:  # noqa: BLE001
                            pass
            if self._stopped:
                break
            time.sleep(delay * (0.5 + random.random()))  # jitter: servers don't stampede
            delay = min(self.max_backoff, delay * 2)

    def _deliver(self, process: _Process, message: dict) -> None:
        channel = message.get("channel")
        data = message.get("data")
        if isinstance(channel, bytes):
            channel = channel.decode("utf-8", "replace")
        if isinstance(data, bytes):
            data = data.decode("ascii", "replace")
        if not isinstance(channel, str) or not channel.startswith(self.prefix):
            return
        try:
            seq = int(data)
        except (TypeError, ValueError):
            return  # not one of ours: the message carries nothing but the number
        process.local.publish(channel[len(self.prefix) :], seq)


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"[:200]


def from_config(config) -> RedisBus | None:
    """A RedisBus when ``REDIS_URL`` is set in ``config`` (a mapping), else None."""
    url = config.get("REDIS_URL")
    return RedisBus(url) if url else None
