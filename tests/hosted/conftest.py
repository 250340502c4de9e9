"""The hosted path, for real: PostgreSQL, Redis and gunicorn servers on loopback.

Every test here is marked ``served``. Without PostgreSQL server binaries or redis-server the
tests are skipped with the reason — except under CI (``CI=true``), where a missing service is a
failure: CI must install them (apt-get install postgresql redis-server nginx).

One PostgreSQL cluster and one Redis serve the whole session; each test module starts the app
servers it needs. Nothing listens beyond 127.0.0.1, every loop is bounded.
"""

from __future__ import annotations

import os
import secrets

import pytest

from . import services
from .client import Client


def require(what):
    """Run ``what()``; a missing binary skips (or fails under CI=true) with the reason."""
    try:
        return what()
    except services.Missing as missing:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but {missing}", pytrace=False)
        pytest.skip(str(missing))


@pytest.fixture(scope="session")
def postgres():
    cluster = require(lambda: services.Postgres())
    try:
        cluster.start()
        env = services.app_env(cluster.url)
        services.migrate(env)  # `tableapp migrate`, as deploy/README.md says
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def redis_server():
    server = require(lambda: services.Redis())
    try:
        yield server.start()
    finally:
        server.stop()


@pytest.fixture(scope="session")
def secret_key():
    return secrets.token_hex(32)


@pytest.fixture(scope="session")
def logs(tmp_path_factory):
    return tmp_path_factory.mktemp("server-logs")


class Cluster:
    """App servers sharing one database and one Redis; stopped at the end of the module."""

    def __init__(self, env: dict, logs) -> None:
        self.env = env
        self.logs = logs
        self.servers: list[services.AppServer] = []

    def server(self, name: str, *, workers: int = 1, **env) -> services.AppServer:
        """Launch a server (call :meth:`ready` once all are launched)."""
        server = services.AppServer(
            dict(self.env, **env), workers=workers, log_path=self.logs / f"{name}.log"
        )
        self.servers.append(server)
        return server.launch()

    def ready(self) -> None:
        for server in self.servers:
            server.wait_ready()

    def client(self, server: services.AppServer) -> Client:
        return Client(server.url)

    def stop(self) -> None:
        for server in self.servers:
            server.stop()


@pytest.fixture(scope="session")
def cluster(postgres, redis_server, secret_key, logs):
    """Two servers on PostgreSQL + Redis. The stream poll is long (30 s) so that events
    arriving within a second can only have come through Redis."""
    env = services.app_env(
        postgres.url, redis_server.url, TABLEAPP_SECRET_KEY=secret_key, TABLEAPP_STREAM_POLL="30"
    )
    group = Cluster(env, logs)
    try:
        group.a = group.server("a", workers=2)  # two workers: fan-out inside a server too
        group.b = group.server("b")
        group.ready()
        yield group
    finally:
        group.stop()
