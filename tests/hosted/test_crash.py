"""Crash safety: SIGKILL a server while tables take actions; nothing acknowledged is lost.

Six tables play through server A, one phone thread each, every action with an
Idempotency-Key. While they play, A is killed with SIGKILL (master and workers at once), a few
milliseconds after one of them sent an action, so that requests are caught in flight. After a
restart:

- every action that got a 2xx is in its table's log, under its number and its key;
- every log is gap-free, the stored state is the replay of the log (cards conserved), and the
  views agree with the logs;
- retrying each in-flight request with its Idempotency-Key (through server B, then again
  through the restarted A) completes it exactly once: one log entry carries its key, and both
  answers are the same bytes.
"""

from __future__ import annotations

import random
import threading
import time
import uuid

import pytest
import requests

from .checks import Database
from .client import Client, Table

pytestmark = pytest.mark.served

TABLES = 6


def test_sigkill_loses_no_acknowledged_action(cluster, postgres):
    b = cluster.client(cluster.b)
    tables = [Table(b, players=3, rnd=random.Random(100 + i)) for i in range(TABLES)]
    acknowledged: dict[str, tuple[str, int, str]] = {}  # key → (code, seq, type)
    in_flight: list[tuple[Table, str, dict, str]] = []  # (table, token, body, key)
    refused: list[tuple[int, str]] = []
    posting = threading.Event()
    crashed = threading.Event()
    lock = threading.Lock()

    def phone(table: Table) -> None:
        client = Client(cluster.a.url, timeout=10)
        for _ in range(300):  # bounded: the crash comes long before
            if crashed.is_set():
                return
            try:
                turn = table.turn(client)
            except (requests.RequestException, AssertionError):
                return  # the server went away while we only read: nothing in flight
            if turn is None:
                return
            seat, view = turn
            body = table.random_body(view)
            key = str(uuid.uuid4())
            token = table.tokens[seat]
            posting.set()
            try:
                response = client.act(table.code, token, body, key=key)
            except requests.RequestException:
                with lock:
                    in_flight.append((table, token, body, key))
                return
            with lock:
                if 200 <= response.status_code < 300:
                    acknowledged[key] = (table.code, response.json()["action"]["seq"], body["type"])
                else:  # one phone per table: nothing should refuse a legal, fresh action
                    refused.append((response.status_code, response.text[:200]))

    threads = [threading.Thread(target=phone, args=(t,), daemon=True) for t in tables]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 30
    while len(acknowledged) < 4 * TABLES and time.monotonic() < deadline:
        time.sleep(0.02)
    posting.clear()
    assert posting.wait(10)
    time.sleep(random.Random(1).uniform(0.002, 0.012))  # mid-request
    cluster.a.kill()
    crashed.set()
    for thread in threads:
        thread.join(30)
    assert not refused, refused
    assert len(acknowledged) >= 4 * TABLES

    cluster.a.start()  # same port, same database
    a = cluster.client(cluster.a)
    database = Database(postgres.url)
    try:
        # every acknowledged action is in the log, under its number and its key
        for key, (code, seq, kind) in acknowledged.items():
            rows = database.actions_with_key(key)
            assert rows == [
                {
                    "code": code,
                    "number": seq,
                    "type": kind,
                    "seat": rows[0]["seat"] if rows else None,
                }
            ], (key, rows)
        # gap-free logs, state = replay of the log, views agree with the logs
        for table in tables:
            checked = database.check_table(table.code)
            seq = checked["row"]["seq"]
            for client in (a, b):
                assert client.view(table.code, table.host)["seq"] == seq
                assert [e["seq"] for e in client.log(table.code)] == list(range(1, seq + 1))
        # retrying the in-flight requests completes each exactly once
        landed = sum(1 for _, _, _, key in in_flight if database.actions_with_key(key))
        for table, token, body, key in in_flight:
            first = b.act(table.code, token, body, key=key)
            again = a.act(table.code, token, body, key=key)
            assert first.status_code == 201, first.text
            assert again.status_code == first.status_code and again.content == first.content
            seq = first.json()["action"]["seq"]
            assert [r["number"] for r in database.actions_with_key(key)] == [seq]
        for table in tables:
            database.check_table(table.code)
    finally:
        database.close()
    print(
        f"\n{len(acknowledged)} acknowledged, {len(in_flight)} in flight at the crash "
        f"({landed} of them had committed before it)"
    )
