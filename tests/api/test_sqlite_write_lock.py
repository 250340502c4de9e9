"""Every write transaction on SQLite takes the write lock up front (issue 9, item 2).

A transaction that begins deferred, reads, and only then writes needs SQLite to upgrade its
read lock; when another connection committed in between, SQLite refuses at once with
"database is locked" — no busy wait helps (40 parallel creates gave 26–37 500s). So every
path that writes must begin ``BEGIN IMMEDIATE`` (``store.connection(immediate=True)``), or
write first. This watches every statement of a whole evening's requests and fails on any
transaction that reads and then writes without holding the lock.
"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import event

from tableapp.database.extensions import db
from tableapp.tables.retention import purge_finished
from tests.conftest import PG_URL

pytestmark = pytest.mark.skipif(bool(PG_URL), reason="SQLite's locking (PostgreSQL locks rows)")

WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE|REPLACE)\b", re.I)
READ = re.compile(r"^\s*SELECT\b", re.I)


@pytest.fixture
def upgrades(app):
    """Transactions that read, then wrote, without BEGIN IMMEDIATE: (first read, write)."""
    found: list[tuple[str, str]] = []
    state: dict[int, dict] = {}

    def before(conn, cursor, statement, parameters, context, executemany):
        key = id(conn.connection.dbapi_connection)
        text = statement.strip()
        if text.upper().startswith("BEGIN"):
            state[key] = {"immediate": "IMMEDIATE" in text.upper(), "read": None}
            return
        tx = state.get(key)
        if tx is None or tx["immediate"]:
            return
        if READ.match(text) and tx["read"] is None:
            tx["read"] = text
        elif WRITE.match(text) and tx["read"] is not None:
            found.append((tx["read"][:80], text[:80]))

    def ended(conn):
        state.pop(id(conn.connection.dbapi_connection), None)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", before)
    event.listen(engine, "commit", ended)
    event.listen(engine, "rollback", ended)
    yield found
    event.remove(engine, "before_cursor_execute", before)
    event.remove(engine, "commit", ended)
    event.remove(engine, "rollback", ended)


def test_no_path_reads_then_writes_without_the_write_lock(app, client, tables, key, upgrades):
    # create (with and without an Idempotency-Key, and its replay), join, start, play, undo,
    # re-issue, streams (presence), views and logs, then the retention purge.
    created = tables.create()
    code, host = created["code"], created["host_token"]
    replayed = {"Idempotency-Key": key()}
    for _ in range(2):
        assert (
            client.post(
                "/api/tables",
                json={"game": "zombie-life", "retry_secret": "r" * 32},
                headers=replayed,
            ).status_code
            == 201
        )
    tokens = [tables.join(code, name)["token"] for name in ("Ana", "Ben", "Chloé")]
    auth = {"Authorization": f"Bearer {host}"}
    assert tables.act(code, host, "start").status_code == 201
    app.config["SSE_MAX_SECONDS"] = 0.2
    for token in tokens:
        view = tables.view(code, token)
        for spec in view["actions"]:
            tables.act(code, token, spec["type"], key=key())
        with client.get(
            f"/api/tables/{code}/events", headers={"Authorization": f"Bearer {token}"}
        ) as r:
            r.get_data()
    host_view = tables.view(code, host)
    for spec in host_view["actions"]:
        seat = spec["params"]["seat"]["choices"][0]
        tables.act(code, host, spec["type"], {"seat": seat})
    client.post(f"/api/tables/{code}/undo", json={}, headers=auth)
    client.post(f"/api/tables/{code}/seats/1/token", headers=auth)
    client.get(f"/api/tables/{code}/log")
    purge_finished("0m", None, app)
    assert upgrades == [], upgrades


def test_the_watch_sees_a_read_then_write(app, upgrades):
    """The watch itself: a deferred transaction that reads and then writes is reported."""
    from sqlalchemy import text

    with app.app_context():
        db.session.execute(text("SELECT 1"))
        db.session.execute(text("DELETE FROM idempotent_responses"))
        db.session.commit()
    assert len(upgrades) == 1
