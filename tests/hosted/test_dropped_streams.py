"""Phones that hang up at any moment leave every database connection clean.

Two servers (A with two gevent workers, B with one) on one PostgreSQL and one Redis. 300 event
streams, with a seat's token or none, are opened and dropped at random moments: while the
request itself reads the table, right after the headers (the stream's first read is running),
during a catch-up of the whole log, and in the middle of an entry while actions are being played.
Half the drops are a reset, half a plain close. Then no session of these servers may be left
"idle in transaction" (after a short settle), and new tables are created and played through both
servers with no error: a leaked connection per dropped stream used to exhaust each worker's pool,
and creates then waited 30 s for a 500.

The servers name themselves to PostgreSQL (``application_name``), so only their sessions are
counted. Everything is bounded: 300 streams, 24 at a time, each socket with a 10 s timeout.
"""

from __future__ import annotations

import random
import socket
import struct
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import text

from . import services
from .checks import engine_for
from .client import Client, Table
from .conftest import Cluster

pytestmark = pytest.mark.served

APP_NAME = "tableapp-dropped-streams"
STREAMS = 300
AT_ONCE = 24
MODES = ("request", "headers", "catch-up", "entry")
SETTLE = 5.0  # seconds: what a finished read may take to hand its connection back


@pytest.fixture(scope="module")
def servers(postgres, redis_server, secret_key, logs):
    env = services.app_env(postgres.url, redis_server.url, TABLEAPP_SECRET_KEY=secret_key)
    group = Cluster(env, logs)
    try:
        group.a = group.server("dropped-a", workers=2, DATABASE_URL=_named(postgres, "a"))
        group.b = group.server("dropped-b", DATABASE_URL=_named(postgres, "b"))
        group.ready()
        yield group
    finally:
        group.stop()


def _named(postgres, server: str) -> str:
    return f"{postgres.url}?application_name={APP_NAME}-{server}"


def sessions(engine, condition: str, server: str = "") -> int:
    """Sessions of these servers (or of one) in that condition."""
    with engine.connect() as connection:
        return connection.execute(
            text(
                "SELECT count(*) FROM pg_stat_activity "
                f"WHERE application_name LIKE :name AND {condition}"
            ),
            {"name": f"{APP_NAME}-{server}%"},
        ).scalar_one()


def stuck_sessions(engine) -> int:
    """Sessions of these servers left in a transaction with nothing running."""
    return sessions(engine, "state LIKE 'idle in transaction%'")


def drop_stream(port: int, code: str, token: str | None, mode: str, rnd: random.Random) -> str:
    """Open the stream of table ``code`` and hang up at the moment ``mode`` says; returns
    "ok", or what went wrong (an answer other than 200, no answer)."""
    headers = [f"Host: 127.0.0.1:{port}", "Accept: text/event-stream"]
    if token:
        headers.append(f"Authorization: Bearer {token}")
    if mode == "catch-up":
        headers.append("Last-Event-ID: 0")  # the whole log is read and sent
    request = f"GET /api/tables/{code}/events HTTP/1.1\r\n" + "\r\n".join(headers) + "\r\n\r\n"
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    try:
        sock.sendall(request.encode())
        if mode == "request":
            time.sleep(rnd.uniform(0, 0.005))  # while the request finds the table and the bearer
            return "ok"
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = sock.recv(4096)
            if not chunk:
                return "closed before its headers"
            received += chunk
        status = received.split(b" ", 2)[1].decode()
        if status != "200":
            return f"answered {status}"
        if mode == "catch-up":
            time.sleep(rnd.uniform(0, 0.02))
        elif mode == "entry":
            # hang up after a random part of the first entry (the actions are being played)
            deadline = time.monotonic() + 3
            wanted = rnd.randint(1, 400)
            while b"\nid: " not in received and time.monotonic() < deadline:
                chunk = sock.recv(rnd.randint(1, 64))
                if not chunk:
                    return "closed by the server"
                received += chunk
            while wanted > 0 and time.monotonic() < deadline:
                chunk = sock.recv(min(wanted, 64))
                if not chunk:
                    break
                wanted -= len(chunk)
        return "ok"
    except OSError as error:
        return f"{type(error).__name__}: {error}"
    finally:
        if rnd.random() < 0.5:  # a reset, as a phone losing its network; else a plain close
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()


def status(client: Client, path: str) -> int | str:
    try:
        return client.call("GET", path).status_code
    except OSError as error:  # requests' timeouts and connection errors are OSErrors
        return type(error).__name__


class Player(threading.Thread):
    """Plays random actions on the tables through both servers until told to stop; any answer
    but 201 (or an exception) is an error."""

    def __init__(self, tables: list[Table], clients: list[Client]) -> None:
        super().__init__(daemon=True)
        self.tables = tables
        self.clients = clients
        self.stop = threading.Event()
        self.played = 0
        self.errors: list[str] = []

    def run(self) -> None:
        turn = 0
        while not self.stop.is_set() and len(self.errors) < 20:
            turn += 1
            table = self.tables[turn % len(self.tables)]
            client = self.clients[turn % len(self.clients)]
            try:
                played = table.play(client)
            except Exception as error:  # noqa: BLE001 - counted, the test reports it
                self.errors.append(f"{type(error).__name__}: {error}"[:300])
                continue
            if played is None:
                continue  # that game is over
            if played[2].status_code != 201:
                self.errors.append(f"{played[2].status_code}: {played[2].text[:300]}")
            else:
                self.played += 1
            time.sleep(0.02)


def test_300_dropped_streams_leave_no_connection_in_a_transaction(servers, postgres):
    rnd = random.Random(25)
    servers_ = [servers.a, servers.b]
    clients = [Client(s.url, timeout=10) for s in servers_]
    tables = [Table(clients[i % 2], players=3, rnd=random.Random(i)) for i in range(4)]
    for table in tables:  # a log worth catching up on
        for _ in range(12):
            table.play()
    database = engine_for(postgres.url)
    try:
        assert stuck_sessions(database) == 0
        player = Player(tables, clients)
        player.start()
        plans = []
        for i in range(STREAMS):
            table = tables[i % len(tables)]
            token = rnd.choice([None, *table.tokens.values()])
            plans.append((servers_[i % 2].port, table.code, token, MODES[i % 4], rnd.random()))
        outcomes: dict[str, int] = {}
        lock = threading.Lock()

        def drop(plan) -> None:
            port, code, token, mode, seed = plan
            outcome = drop_stream(port, code, token, mode, random.Random(seed))
            with lock:
                outcomes[outcome] = outcomes.get(outcome, 0) + 1

        started = time.monotonic()
        with ThreadPoolExecutor(AT_ONCE) as pool:
            list(pool.map(drop, plans))
        flood = time.monotonic() - started
        player.stop.set()
        player.join(30)

        deadline = time.monotonic() + SETTLE
        stuck = stuck_sessions(database)
        while stuck and time.monotonic() < deadline:
            time.sleep(0.25)
            stuck = stuck_sessions(database)

        # Then the servers serve as before: new tables, joined and played through both.
        errors = list(player.errors)
        after = 0
        for i in range(4):
            client = clients[i % 2]
            try:
                table = Table(client, players=2, rnd=random.Random(100 + i))
                for turn in range(8):
                    played = table.play(clients[turn % 2])
                    if played is None:
                        break
                    if played[2].status_code != 201:
                        errors.append(f"after: {played[2].status_code}: {played[2].text[:300]}")
                    else:
                        after += 1
            except Exception as error:  # noqa: BLE001 - counted, the test reports it
                errors.append(f"after: {type(error).__name__}: {error}"[:300])
        ready = [status(client, "/readyz") for client in clients]
        print(
            f"\n{STREAMS} streams dropped in {flood:.1f} s: {outcomes}; "
            f"{player.played} actions played meanwhile, {after} after; "
            f"idle in transaction after {SETTLE:.0f} s: {stuck}; errors: {len(errors)}; "
            f"readyz {ready}"
        )
        assert stuck == 0, f"{stuck} sessions left idle in transaction"
        assert errors == [], errors[:5]
        assert outcomes.get("ok") == STREAMS, outcomes
        assert player.played > 0 and after > 0
        assert ready == [200, 200]
    finally:
        database.dispose()


def test_streams_still_deliver_after_the_flood(servers):
    """The drops cost the survivors nothing: a stream opened now gets the next action."""
    from .client import Stream

    a, b = Client(servers.a.url), Client(servers.b.url)
    table = Table(b, players=2, rnd=random.Random(7))
    phone = Stream(servers.a.url, table.code, table.tokens[1], after=table.view["seq"])
    try:
        _, _, response = table.play(b)
        assert response.status_code == 201, response.text
        assert phone.wait_for(response.json()["action"]["seq"], 10)
    finally:
        phone.close()
    assert a.view(table.code)["seq"] == response.json()["action"]["seq"]


def test_a_dead_connection_is_replaced_at_once(servers, postgres):
    """Every session of both servers is ended by the database (a restart, a failover): the next
    requests get fresh connections at once (each is checked as it leaves the pool)."""
    database = engine_for(postgres.url)
    clients = [Client(s.url, timeout=10) for s in (servers.a, servers.b)]
    try:
        assert sessions(database, "true") > 0
        with database.connect() as connection:
            connection.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE application_name LIKE :name"
                ),
                {"name": f"{APP_NAME}-%"},
            )
        assert [status(c, "/readyz") for c in clients] == [200, 200]
        table = Table(clients[0], players=2, rnd=random.Random(8))
        for turn in range(4):
            _, _, response = table.play(clients[turn % 2])
            assert response.status_code == 201, response.text
    finally:
        database.dispose()


def test_readyz_says_busy_at_once_while_the_pool_is_exhausted(servers, postgres):
    """Server B's one worker has 15 connections (5 + 10 overflow). With the tables locked by
    another session, 20 reads of a table hold all 15 waiting (the other 5 wait for one):
    /readyz answers 503 "busy" at once, /healthz 200, and once the lock goes everything is
    answered and /readyz is 200 again."""
    b = Client(servers.b.url, timeout=60)
    table = Table(b, players=2, rnd=random.Random(9))
    database = engine_for(postgres.url)
    side = database.connect()
    answers: list[int | str] = []
    readers = []
    try:
        side.execute(text("LOCK TABLE tables IN ACCESS EXCLUSIVE MODE"))
        for _ in range(20):
            reader = threading.Thread(
                target=lambda: answers.append(status(b, f"/api/tables/{table.code}")),
                daemon=True,
            )
            reader.start()
            readers.append(reader)
        deadline = time.monotonic() + 20
        while sessions(database, "wait_event_type = 'Lock'", "b") < 15:
            assert time.monotonic() < deadline, "the reads never held the whole pool"
            time.sleep(0.05)
        started = time.monotonic()
        busy = b.call("GET", "/readyz")
        took = time.monotonic() - started
        healthz = status(b, "/healthz")
        print(f"\n/readyz with the pool exhausted: {busy.status_code} in {took * 1000:.0f} ms")
        assert busy.status_code == 503
        assert busy.json()["checks"]["database"] == "busy"
        assert healthz == 200
    finally:
        side.rollback()
        side.close()
        for reader in readers:
            reader.join(60)
        database.dispose()
    assert answers == [200] * 20
    assert status(b, "/readyz") == 200
