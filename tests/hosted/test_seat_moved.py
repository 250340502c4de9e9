"""Two servers: a seat moved to a new phone through one server ends the old phone's stream on
the other, which never carries the seat's private parts after the move.

Server A runs two gevent workers, server B one, on one PostgreSQL and one Redis; streams poll
only every 30 s, so what happens within seconds came through Redis.
"""

from __future__ import annotations

import random

import pytest

from .checks import Database
from .client import Stream, Table

pytestmark = pytest.mark.served

FAST = 5.0  # seconds: far below the 30 s poll


def test_a_moved_seats_stream_on_a_goes_quiet_when_b_moves_it(cluster, postgres):
    a, b = cluster.client(cluster.a), cluster.client(cluster.b)
    table = Table(b, players=3, rnd=random.Random(11))
    seat, view = table.turn(b)
    while seat == 0:  # the host settles a tie for who starts (ZL-1) first
        table.play(b)
        seat, view = table.turn(b)
    assert any(spec["type"] == "draw" for spec in view["actions"])
    old = table.tokens[seat]
    watcher = [s for s in table.tokens if s not in (0, seat)][0]
    lost_phone = Stream(cluster.a.url, table.code, old, after=view["seq"])
    other_phone = Stream(cluster.a.url, table.code, table.tokens[watcher], after=view["seq"])
    try:
        moved = b.call("POST", f"/api/tables/{table.code}/seats/{seat}/token", token=table.host)
        assert moved.status_code == 200, moved.text
        new = moved.json()["token"]
        drawn = b.act(table.code, new, {"type": "draw", "params": {}})
        assert drawn.status_code == 201, drawn.text
        card = drawn.json()["action"]["private"][0]["card"]
        # The old phone's stream ends at once, having said why, with nothing private.
        assert lost_phone.ended(FAST), "the moved seat's old stream is still open"
        assert [entry["type"] for _, entry, _ in lost_phone.events] == ["reissue"]
        assert lost_phone.named and lost_phone.named[0][0] == "revoked"
        assert lost_phone.named[0][1]["code"] == "seat_moved"
        assert card["id"].encode() not in b"\n".join(lost_phone.raw)
        # Another phone's stream on the same server carries on and sees the draw.
        assert other_phone.wait_for(drawn.json()["action"]["seq"], FAST)
        assert not other_phone.named
        # Every server refuses the old token from now on.
        for client in (a, b):
            response = client.call("GET", f"/api/tables/{table.code}", token=old)
            assert response.status_code == 401
        log = a.log(table.code)
        assert log[-2]["type"] == "reissue"
        assert log[-2]["events"][0]["msg"] == "seat.moved"
    finally:
        lost_phone.close()
        other_phone.close()
    database = Database(postgres.url)
    try:
        database.check_table(table.code)
    finally:
        database.close()
