"""Shared fixtures: an app on a throwaway database, its client, and table helpers; and the
tests' own example game (``tests/fixtures/games/graveyard_dash``) in the catalogue.

``TABLEAPP_TEST_DATABASE_URL`` runs the same tests on PostgreSQL (CI does both). The tests run
in parallel (pytest-xdist, ``-n auto`` in pyproject): each worker on PostgreSQL gets its own
database beside the one named (``tableapp_test_gw0``…), created on first use, since every test
drops and recreates the schema it works in.
"""

from __future__ import annotations

import os
import uuid

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url


def _worker_database(url: str, worker: str) -> str:
    """The URL of ``worker``'s own database on the server of ``url``, created if missing."""
    base = make_url(url)
    name = f"{base.database}_{worker}"
    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            found = conn.execute(
                text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}
            ).first()
            if not found:
                conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


if os.environ.get("TABLEAPP_TEST_DATABASE_URL") and os.environ.get("PYTEST_XDIST_WORKER"):
    # Before tableapp.config is imported: TestConfig and the served tests' subprocesses read it.
    os.environ["TABLEAPP_TEST_DATABASE_URL"] = _worker_database(
        os.environ["TABLEAPP_TEST_DATABASE_URL"], os.environ["PYTEST_XDIST_WORKER"]
    )

from tableapp import catalog, create_app  # noqa: E402
from tableapp.config import TestConfig  # noqa: E402
from tableapp.database import setup  # noqa: E402
from tableapp.database.extensions import db  # noqa: E402

PG_URL = os.environ.get("TABLEAPP_TEST_DATABASE_URL")

# The example game of docs/adding-a-game.md: found like a built-in game, under pytest only (before
# any test module asks the catalogue for its games), so every generic suite plays it.
catalog.add_games("tests.fixtures.games")


def _reset_postgres(app) -> None:
    with app.app_context():
        db.session.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
        db.session.commit()


@pytest.fixture
def app(tmp_path):
    config = {"SQLALCHEMY_DATABASE_URI": PG_URL or f"sqlite:///{tmp_path / 'test.sqlite3'}"}

    class Config(TestConfig):
        pass

    for key, value in config.items():
        setattr(Config, key, value)
    app = create_app(Config)
    app.instance_path = str(tmp_path / "instance")
    if PG_URL:
        _reset_postgres(app)
    setup.upgrade(app)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


class TableHelper:
    """Create tables, join seats and post actions the way a phone does."""

    def __init__(self, client):
        self.client = client
        self.host_tokens: dict[str, str] = {}

    def create(self, game="zombie-life", variant=None, options=None):
        response = self.client.post(
            "/api/tables", json={"game": game, "variant": variant, "options": options or {}}
        )
        assert response.status_code == 201, response.get_json()
        created = response.get_json()
        self.host_tokens[created["code"]] = created["host_token"]
        return created

    def join(self, code, name, colour=None):
        body = {"name": name}
        if colour:
            body["colour"] = colour
        response = self.client.post(f"/api/tables/{code}/seats", json=body)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def act(self, code, token, type_, params=None, expected=None, key=None):
        headers = {"Authorization": f"Bearer {token}"}
        if key:
            headers["Idempotency-Key"] = key
        body = {"type": type_, "params": params or {}}
        if expected is not None:
            body["expected"] = expected
        return self.client.post(f"/api/tables/{code}/actions", json=body, headers=headers)

    def view(self, code, token=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.client.get(f"/api/tables/{code}", headers=headers)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def started(self, players=3, game="zombie-life", variant=None, options=None):
        """A started table: (created payload, [seat tokens])."""
        created = self.create(game, variant, options)
        tokens = [self.join(created["code"], f"P{i}")["token"] for i in range(1, players + 1)]
        response = self.act(created["code"], created["host_token"], "start")
        assert response.status_code == 201, response.get_json()
        return created, tokens


@pytest.fixture
def tables(client):
    return TableHelper(client)


@pytest.fixture
def key():
    return lambda: str(uuid.uuid4())
