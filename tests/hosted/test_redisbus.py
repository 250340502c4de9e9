"""RedisBus against a real redis-server: across buses, through an outage, under gevent."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

from tableapp.live.redisbus import RedisBus

from . import services
from .conftest import require

pytestmark = pytest.mark.served


def _subscribed(*buses: RedisBus, timeout: float = 10.0) -> None:
    for bus in buses:
        bus.start()
    deadline = time.monotonic() + timeout
    while not all(bus.subscribed for bus in buses):
        assert time.monotonic() < deadline, "no subscription"
        time.sleep(0.01)


def _wait_in_thread(bus: RedisBus, code: str, after: int, timeout: float) -> dict:
    out: dict = {}

    def run() -> None:
        started = time.monotonic()
        out["seq"] = bus.wait(code, after, timeout)
        out["took"] = time.monotonic() - started

    out["thread"] = threading.Thread(target=run)
    out["thread"].start()
    return out


def test_publish_on_one_bus_wakes_waiters_of_another(redis_server):
    a, b = RedisBus(redis_server.url), RedisBus(redis_server.url)
    try:
        _subscribed(a, b)
        waiters = [_wait_in_thread(b, "K7QX2M", 4, 10) for _ in range(5)]
        other = _wait_in_thread(b, "OTHER1", 0, 0.5)
        time.sleep(0.1)
        a.publish("K7QX2M", 5)
        for waiter in waiters + [other]:
            waiter["thread"].join(15)
        assert [w["seq"] for w in waiters] == [5] * 5
        assert max(w["took"] for w in waiters) < 2
        assert other["seq"] is None  # another table's waiters stay asleep until their timeout
        assert b.wait("K7QX2M", 4, 0.01) == 5  # known already: no wait
        assert a.ping() and b.ping()
    finally:
        a.close()
        b.close()


def test_redis_down_publish_is_harmless_and_the_subscriber_comes_back():
    redis = require(lambda: services.Redis()).start()
    a, b = RedisBus(redis.url, max_backoff=1.0), RedisBus(redis.url, max_backoff=1.0)
    try:
        _subscribed(a, b)
        redis.kill()
        started = time.monotonic()
        for seq in range(1, 51):
            a.publish("DOWN22", seq)  # never raises, never hangs on hidden retries
        assert time.monotonic() - started < 2.0
        assert a.wait("DOWN22", 49, 0.01) == 50  # the local bus still rang
        assert not b.ping()
        started = time.monotonic()
        assert b.wait("DOWN22", 0, 0.3) is None  # falls back to its timeout
        assert time.monotonic() - started < 2.0
        redis.start()
        _subscribed(a, b, timeout=15)
        time.sleep(1.1)  # past the publisher's backoff
        waiter = _wait_in_thread(b, "DOWN22", 50, 10)
        time.sleep(0.1)
        a.publish("DOWN22", 51)
        waiter["thread"].join(15)
        assert waiter["seq"] == 51
    finally:
        a.close()
        b.close()
        redis.stop()


GEVENT_SCRIPT = r"""
from gevent import monkey; monkey.patch_all()
import sys, time, gevent
from tableapp.live.redisbus import RedisBus
url = sys.argv[1]
a, b = RedisBus(url), RedisBus(url)
a.start(); b.start()
deadline = time.monotonic() + 10
while not (a.subscribed and b.subscribed):
    assert time.monotonic() < deadline, "no subscription"
    gevent.sleep(0.01)
waiters = [gevent.spawn(b.wait, "GEVENT%d" % (i % 10), 0, 10) for i in range(500)]
gevent.sleep(0.2)
started = time.monotonic()
for i in range(10):
    a.publish("GEVENT%d" % i, i + 1)
gevent.joinall(waiters, timeout=15)
results = [w.value for w in waiters]
assert results == [(i % 10) + 1 for i in range(500)], results[:20]
print("ok %.3f" % (time.monotonic() - started))
"""


def test_works_under_gevent_monkey_patching(redis_server):
    result = subprocess.run(
        [sys.executable, "-c", GEVENT_SCRIPT, redis_server.url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("ok"), result.stdout
    assert float(result.stdout.split()[1]) < 2.0
