"""Redis down: actions still commit, streams fall back to polling the log, then recover.

Two servers with their own Redis (so the outage touches no other test) and a 4 s poll. With
Redis up, events cross servers within a second; with Redis killed, every action is still
acknowledged promptly and reaches the phone by the poll; once Redis is back on the same port
the subscribers reconnect (backoff ≤ 5 s) and delivery is fast again. ``/readyz`` says 503
while Redis is away and 200 when it is back.
"""

from __future__ import annotations

import random
import time

import pytest
import requests

from . import services
from .client import Client, Stream, Table
from .conftest import require

pytestmark = pytest.mark.served

POLL = 4.0


def _ready(url: str) -> int:
    return requests.get(url + "/readyz", timeout=5).status_code


def _play_and_time(table: Table, client, phone: Stream, timeout: float) -> tuple[float, float]:
    """(seconds to the 2xx, seconds until the phone has the event)."""
    turn = table.turn(client)
    assert turn is not None
    seat, view = turn
    posted = time.monotonic()
    response = client.act(table.code, table.tokens[seat], table.random_body(view))
    answered = time.monotonic() - posted
    assert response.status_code == 201, response.text
    seq = response.json()["action"]["seq"]
    assert phone.wait_for(seq, timeout), f"action {seq} never reached the phone"
    arrived = next(t for s, _, t in phone.events if s == seq)
    return answered, arrived - posted


def test_actions_commit_and_streams_poll_while_redis_is_down(postgres, secret_key, logs):
    redis = require(lambda: services.Redis()).start()
    env = services.app_env(
        postgres.url, redis.url, TABLEAPP_SECRET_KEY=secret_key, TABLEAPP_STREAM_POLL=str(POLL)
    )
    a = services.AppServer(env, log_path=logs / "outage-a.log").launch()
    b = services.AppServer(env, log_path=logs / "outage-b.log").launch()
    phone = None
    try:
        a.wait_ready()
        b.wait_ready()
        client_a, client_b = Client(a.url), Client(b.url)
        table = Table(client_b, players=2, rnd=random.Random(11))
        phone = Stream(a.url, table.code, table.tokens[1], after=table.view["seq"])

        healthy = [_play_and_time(table, client_b, phone, POLL + 3)[1] for _ in range(3)]
        assert max(healthy) < 1.0, healthy  # through Redis, not by the 4 s poll

        redis.kill()
        down = [_play_and_time(table, client_b, phone, POLL + 5) for _ in range(3)]
        assert all(answered < 2.0 for answered, _ in down), down  # commits are not held up
        assert all(delivered < POLL + 3 for _, delivered in down), down
        assert _ready(a.url) == 503 and _ready(b.url) == 503

        redis.start()  # same port
        deadline = time.monotonic() + 20
        while (_ready(a.url), _ready(b.url)) != (200, 200) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert (_ready(a.url), _ready(b.url)) == (200, 200)
        recovered = None
        while time.monotonic() < deadline:  # subscribers back within their backoff
            _, delivered = _play_and_time(table, client_b, phone, POLL + 3)
            if delivered < 0.5:
                recovered = delivered
                break
            time.sleep(0.5)
        assert recovered is not None, "delivery never became fast again after Redis returned"
        fast = [_play_and_time(table, client_b, phone, POLL + 3)[1] for _ in range(3)]
        assert max(fast) < 1.0, fast

        seqs = phone.seqs
        assert seqs == list(range(seqs[0], seqs[-1] + 1))  # in order, nothing lost or twice
        assert seqs[-1] == client_a.view(table.code)["seq"]
    finally:
        if phone is not None:
            phone.close()
        a.stop()
        b.stop()
        redis.stop()
