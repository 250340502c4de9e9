"""Two servers, one game: Redis fan-out across app servers, serialisation across servers.

Server A runs two gevent workers, server B one; both share one PostgreSQL and one Redis. The
streams' poll interval is 30 s here, so an event that reaches a phone within seconds can only
have come through Redis.
"""

from __future__ import annotations

import random
import threading
import time
import uuid

import pytest

from .checks import Database
from .client import Stream, Table

pytestmark = pytest.mark.served

FAST = 3.0  # seconds: far below the 30 s poll


def _entry(entry: dict) -> dict:
    """A stream entry as the log has it (without the view it brings)."""
    return {k: v for k, v in entry.items() if k not in ("view", "view_at")}


def _settled(view: dict) -> dict:
    """A view without who is connected (as of the action in a stream, as of now in a GET)."""
    seats = [{k: v for k, v in seat.items() if k != "connected"} for seat in view["seats"]]
    return {**view, "seats": seats}


def test_phones_on_a_see_every_action_posted_to_b_in_order(cluster):
    a, b = cluster.client(cluster.a), cluster.client(cluster.b)
    table = Table(b, players=4, rnd=random.Random(5))
    start = table.view["seq"]
    seats = [s for s in table.tokens if s != 0]
    # Four phones with their seat tokens, plus the table screen (no token), all on server A.
    phones = {
        seat: Stream(cluster.a.url, table.code, table.tokens[seat], after=start) for seat in seats
    }
    phones[None] = Stream(cluster.a.url, table.code, None, after=start)
    try:
        posted: list[tuple[int, float]] = []
        for _ in range(40):
            played = table.play(b)
            if played is None:
                break
            _, _, response = played
            assert response.status_code == 201, response.text
            seq = response.json()["action"]["seq"]
            posted.append((seq, time.monotonic()))
            for phone in phones.values():
                assert phone.wait_for(seq, FAST), f"action {seq} did not reach a phone on A"
        assert len(posted) >= 20
        last = posted[-1][0]
        sent = dict(posted)
        for seat, phone in phones.items():
            # in order, without gaps, nothing twice
            assert phone.seqs == list(range(start + 1, last + 1))
            # exactly what the log shows this bearer, private parts included
            token = table.tokens.get(seat) if seat is not None else None
            log = [e for e in a.log(table.code, token) if start < e["seq"] <= last]
            assert [_entry(entry) for _, entry, _ in phone.events] == log
            # each entry brings the bearer's view as of it (or names the later one that does),
            # rendered on A from B's commit
            for seq, entry, _ in phone.events:
                assert entry["view"]["seq"] == seq if "view" in entry else entry["view_at"] > seq
            assert _settled(phone.events[-1][1]["view"]) == _settled(a.view(table.code, token))
            delays = [arrived - sent[seq] for seq, _, arrived in phone.events if seq in sent]
            assert max(delays) < FAST
        # a seat's private parts never reach another seat's phone
        for seat, phone in phones.items():
            for _, entry, _ in phone.events:
                if seat is None:
                    assert "private" not in entry
    finally:
        for phone in phones.values():
            phone.close()


def test_resume_on_the_other_server_with_last_event_id(cluster):
    a, b = cluster.client(cluster.a), cluster.client(cluster.b)
    table = Table(a, players=2, rnd=random.Random(6))
    for _ in range(6):
        _, _, response = table.play(a)
        assert response.status_code == 201
    seq = a.view(table.code)["seq"]
    token = table.tokens[1]
    phone = Stream(cluster.b.url, table.code, token, last_event_id=seq - 4)
    try:
        assert phone.wait_for(seq, FAST)
        assert phone.seqs == list(range(seq - 3, seq + 1))
        _, _, response = table.play(a)
        assert phone.wait_for(response.json()["action"]["seq"], FAST)
        assert phone.seqs == list(range(seq - 3, seq + 2))
    finally:
        phone.close()
    assert b.view(table.code, token)["seq"] == seq + 1


def test_concurrent_actions_through_both_servers_stay_serialised(cluster, postgres):
    a, b = cluster.client(cluster.a), cluster.client(cluster.b)
    table = Table(a, players=3, rnd=random.Random(7))
    applied: list[int] = []
    statuses: list[int] = []
    rounds = 0
    for rounds in range(1, 26):
        turn = table.turn(a)
        if turn is None:
            break
        seat, view = turn
        token = table.tokens[seat]
        with_expected = rounds % 2 == 1
        # four copies of the same phone, two through each server, fired at once
        bodies = [table.random_body(view, expected=with_expected) for _ in range(4)]
        barrier = threading.Barrier(4)
        out: list = [None] * 4

        def fire(i: int, token=token, bodies=bodies, barrier=barrier, out=out) -> None:
            client = (a, b)[i % 2]
            barrier.wait(5)
            out[i] = client.act(table.code, token, bodies[i], key=str(uuid.uuid4()))

        threads = [threading.Thread(target=fire, args=(i,)) for i in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        codes = [r.status_code for r in out]
        statuses += codes
        won = [r.json()["action"]["seq"] for r in out if r.status_code == 201]
        if with_expected:
            # all four saw the same seq: exactly one may win, the others are told it is stale
            assert codes.count(201) == 1, codes
            assert all(r.json()["code"] == "stale" for r in out if r.status_code != 201)
        else:
            assert codes.count(201) >= 1, codes
            assert all(c in (201, 403, 409, 422) for c in codes), codes
        applied += won
    assert rounds >= 10
    # every winner got its own number, and the log holds exactly the winners after the start
    assert len(applied) == len(set(applied))
    log = a.log(table.code, table.host)
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
    start = table.view["seq"]
    assert sorted(applied) == [e["seq"] for e in log if e["seq"] > start]
    database = Database(postgres.url)
    try:
        database.check_table(table.code)  # state = replay of the log; cards conserved
    finally:
        database.close()
    assert b.view(table.code)["seq"] == len(log)
