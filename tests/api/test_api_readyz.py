"""/readyz never waits for a database connection: while every one of the process's pool is in
use it answers 503 ``busy`` at once (a load balancer sends the next requests elsewhere), and 200
again as soon as one is free; /healthz (liveness) answers throughout."""

from __future__ import annotations

import time

from sqlalchemy import text

from tableapp import create_app
from tableapp.config import TestConfig
from tableapp.database.extensions import connection_free, db
from tests.conftest import PG_URL


def _app(tmp_path):
    class Config(TestConfig):
        SQLALCHEMY_DATABASE_URI = PG_URL or f"sqlite:///{tmp_path / 'ready.sqlite3'}"
        # Two connections in all, and the usual 30 s wait for one: a probe that waited for
        # a connection would take 30 s and then say "unreachable".
        SQLALCHEMY_ENGINE_OPTIONS = {
            **TestConfig.SQLALCHEMY_ENGINE_OPTIONS,
            "pool_size": 1,
            "max_overflow": 1,
            "pool_timeout": 30,
        }

    app = create_app(Config)
    app.instance_path = str(tmp_path / "instance")
    return app


def test_readyz_answers_503_busy_at_once_while_every_connection_is_in_use(tmp_path):
    app = _app(tmp_path)
    client = app.test_client()
    assert client.get("/readyz").status_code == 200
    with app.app_context():
        engine = db.engine
    held = [engine.connect() for _ in range(2)]
    try:
        for connection in held:
            connection.execute(text("SELECT 1"))
        assert not connection_free(engine)
        started = time.perf_counter()
        busy = client.get("/readyz")
        took = time.perf_counter() - started
        assert busy.status_code == 503
        assert busy.mimetype == "application/problem+json"
        assert busy.get_json()["checks"]["database"] == "busy"
        assert busy.get_json()["code"] == "not_ready"
        assert client.get("/healthz").status_code == 200
        print(f"\n/readyz with the pool exhausted: {took * 1000:.1f} ms")  # a figure, not a test
        held.pop().close()
        assert connection_free(engine)
        assert client.get("/readyz").status_code == 200
    finally:
        for connection in held:
            connection.close()
        engine.dispose()
