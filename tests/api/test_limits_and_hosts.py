"""Small leaks and limits (issue 9, item 8): shared rate limits, proxy hops, allowed hosts,
private files, the docs page's CSP, the per-address stream cap.

Rate limits were counted per process (four workers let 80 creates a minute through instead of
20); now they are rows in the database every worker and server shares. ProxyFix trusted
X-Forwarded-Host, and without TABLEAPP_PUBLIC_URL a forged Host header reached join URLs and
the publicly cached qr.svg. The SQLite file and the secret key were created with the umask's
permissions. /api/docs ran an inline script with no script policy at all.
"""

from __future__ import annotations

import os
import re
import stat
from datetime import timedelta

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tableapp import create_app
from tableapp.api.shared import stream_slots
from tableapp.config import TestConfig
from tableapp.database import setup, store
from tableapp.database.extensions import db
from tableapp.database.models import utcnow
from tests.conftest import PG_URL

from .test_hardening_input import problem


def _app(tmp_path, name="shared", **config):
    """Another app on the same database as the ``app`` fixture (another worker, say)."""
    url = PG_URL or f"sqlite:///{tmp_path / 'test.sqlite3'}"

    class Config(TestConfig):
        SQLALCHEMY_DATABASE_URI = url

    for key, value in config.items():
        setattr(Config, key, value)
    other = create_app(Config)
    other.instance_path = str(tmp_path / f"instance-{name}")
    return other


# --------------------------------------------------------------------------- rate limits


def test_rate_limits_are_shared_by_every_process_of_a_site(app, tmp_path):
    # Two apps on one database stand for two worker processes (or two servers).
    limit = {"CREATE_RATE_LIMIT": (5, 60)}
    app.config.update(limit)
    other = _app(tmp_path, **limit)
    clients = [app.test_client(), other.test_client()]
    statuses = [
        clients[i % 2].post("/api/tables", json={"game": "zombie-life"}).status_code
        for i in range(8)
    ]
    assert statuses == [201] * 5 + [429] * 3
    refused = clients[0].post("/api/tables", json={"game": "zombie-life"})
    problem(refused, 429, "rate_limited")
    assert 1 <= int(refused.headers["Retry-After"]) <= 61
    with other.app_context():
        db.engine.dispose()


def test_counted_requests_leave_the_window(app, client, monkeypatch):
    app.config["CREATE_RATE_LIMIT"] = (2, 60)
    assert [
        client.post("/api/tables", json={"game": "zombie-life"}).status_code for _ in range(3)
    ] == [
        201,
        201,
        429,
    ]
    later = utcnow() + timedelta(seconds=61)
    monkeypatch.setattr(store, "utcnow", lambda: later)
    assert client.post("/api/tables", json={"game": "zombie-life"}).status_code == 201
    with app.app_context():
        # the expired rows were deleted as the new one came
        assert db.session.execute(db.text("SELECT count(*) FROM rate_limit_hits")).scalar() == 1


def test_join_and_create_limits_count_apart(app, client, tables):
    app.config["CREATE_RATE_LIMIT"] = (1, 60)
    app.config["JOIN_RATE_LIMIT"] = (2, 60)
    code = tables.create()["code"]
    assert client.post("/api/tables", json={"game": "zombie-life"}).status_code == 429
    joins = [
        client.post(f"/api/tables/{code}/seats", json={"name": f"P{i}"}).status_code
        for i in range(3)
    ]
    assert joins == [201, 201, 429]


def test_the_migrations_build_the_models_schema(app):
    with app.app_context():
        with db.engine.connect() as connection:
            context = MigrationContext.configure(connection)
            assert compare_metadata(context, db.metadata) == []


# --------------------------------------------------------------------------- proxies


@pytest.fixture
def other_app(app, tmp_path):
    """Build more apps on the test's (migrated) database; their engines close at the end."""
    made = []

    def build(name="other", **config):
        made.append(_app(tmp_path, name, **config))
        return made[-1]

    yield build
    for made_app in made:
        with made_app.app_context():
            db.session.remove()
            db.engine.dispose()


@pytest.mark.parametrize(
    "count, forwarded, client_address",
    [
        (1, "203.0.113.7, 198.51.100.1", "198.51.100.1"),  # the phone wrote the first one
        (2, "203.0.113.7, 198.51.100.1, 192.0.2.5", "198.51.100.1"),
        (2, "192.0.2.5", "127.0.0.1"),  # fewer hops than proxies: none is trusted
    ],
)
def test_exactly_the_configured_proxy_hops_are_trusted(
    app, other_app, tables, count, forwarded, client_address
):
    proxied = other_app(PROXY_COUNT=count)
    seen = []

    @proxied.route("/_address")
    def _address():
        from flask import request

        seen.append(request.remote_addr)
        return {}

    proxied.test_client().get("/_address", headers={"X-Forwarded-For": forwarded})
    assert seen == [client_address]


def test_the_rate_limit_counts_the_address_the_proxy_saw(app, other_app, tables):
    proxied = other_app(PROXY_COUNT=1, JOIN_RATE_LIMIT=(1, 60))
    code = tables.create()["code"]
    phone = proxied.test_client()
    ok = phone.post(
        f"/api/tables/{code}/seats",
        json={"name": "A"},
        headers={"X-Forwarded-For": "203.0.113.7, 198.51.100.1"},
    )
    assert ok.status_code == 201
    # Another claim in front changes nothing: the proxy's hop is the same address.
    again = phone.post(
        f"/api/tables/{code}/seats",
        json={"name": "B"},
        headers={"X-Forwarded-For": "192.0.2.99, 198.51.100.1"},
    )
    problem(again, 429, "rate_limited")
    elsewhere = phone.post(
        f"/api/tables/{code}/seats", json={"name": "C"}, headers={"X-Forwarded-For": "198.51.100.2"}
    )
    assert elsewhere.status_code == 201


def test_x_forwarded_host_never_reaches_a_join_url(other_app):
    proxied = other_app(PROXY_COUNT=1, PUBLIC_URL=None, ALLOWED_HOSTS=["tables.example.org"])
    client = proxied.test_client()
    headers = {"Host": "tables.example.org", "X-Forwarded-Host": "evil.example"}
    created = client.post("/api/tables", json={"game": "zombie-life"}, headers=headers)
    assert created.status_code == 201
    assert created.get_json()["join_url"].startswith("http://tables.example.org/join/")
    assert "evil" not in created.get_data(as_text=True)


# --------------------------------------------------------------------------- hosts


def _qr_of(url: str) -> bytes:
    import io

    import qrcode
    import qrcode.image.svg

    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    return buffer.getvalue()


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example"])
def test_without_a_public_url_a_forged_host_is_refused(other_app, host):
    hosted = other_app(PUBLIC_URL=None, ALLOWED_HOSTS=[])
    client = hosted.test_client()
    code = client.post("/api/tables", json={"game": "zombie-life"}).get_json()["code"]
    for path in ("/api/tables", f"/api/tables/{code}", f"/api/tables/{code}/qr.svg"):
        method = client.post if path == "/api/tables" else client.get
        response = method(path, json={"game": "zombie-life"}, headers={"Host": host})
        problem(response, 400, "untrusted_host")


def test_without_a_public_url_loopback_hosts_still_work(other_app):
    hosted = other_app(PUBLIC_URL=None, ALLOWED_HOSTS=[])
    client = hosted.test_client()
    for host in ("localhost", "127.0.0.1:8000"):
        response = client.post("/api/tables", json={"game": "zombie-life"}, headers={"Host": host})
        assert response.status_code == 201
        assert response.get_json()["join_url"].startswith(f"http://{host}/join/")


def test_allowed_hosts_make_the_join_urls_and_the_qr_code(other_app):
    hosted = other_app(PUBLIC_URL=None, ALLOWED_HOSTS=["tables.example.org", ".example.net"])
    client = hosted.test_client()
    created = client.post(
        "/api/tables", json={"game": "zombie-life"}, headers={"Host": "play.example.net"}
    ).get_json()
    assert created["join_url"] == f"http://play.example.net/join/{created['code']}"
    qr = client.get(f"/api/tables/{created['code']}/qr.svg", headers={"Host": "tables.example.org"})
    assert qr.status_code == 200 and qr.get_data() == _qr_of(
        f"http://tables.example.org/join/{created['code']}"
    )
    problem(
        client.get(f"/api/tables/{created['code']}/qr.svg", headers={"Host": "evil.example"}),
        400,
        "untrusted_host",
    )


def test_with_a_public_url_the_host_header_is_never_used(other_app):
    hosted = other_app(PUBLIC_URL="https://tables.example.org", ALLOWED_HOSTS=[])
    client = hosted.test_client()
    created = client.post(
        "/api/tables", json={"game": "zombie-life"}, headers={"Host": "evil.example"}
    ).get_json()
    assert created["join_url"] == f"https://tables.example.org/join/{created['code']}"
    qr = client.get(f"/api/tables/{created['code']}/qr.svg", headers={"Host": "evil.example"})
    assert qr.get_data() == _qr_of(created["join_url"])
    assert qr.headers["Cache-Control"] == "public, max-age=300"


# --------------------------------------------------------------------------- private files


@pytest.mark.parametrize("umask", [0o022, 0o000])
def test_the_sqlite_file_and_the_secret_key_are_the_owners_alone(tmp_path, umask):
    if PG_URL:
        pytest.skip("the SQLite file")
    folder = tmp_path / "instance"
    previous = os.umask(umask)
    try:

        class Config(TestConfig):
            SQLALCHEMY_DATABASE_URI = f"sqlite:///{folder / 'tableapp.sqlite3'}"
            SECRET_KEY = None

        fresh = create_app(Config)
        fresh.instance_path = str(folder)
        setup.upgrade(fresh)
        client = fresh.test_client()
        created = client.post(
            "/api/tables", json={"game": "zombie-life"}, headers={"Idempotency-Key": "k1"}
        )
        assert created.status_code == 201  # the key signed the stored answer's token
        with fresh.app_context():
            db.engine.dispose()
    finally:
        os.umask(previous)
    for name in ("tableapp.sqlite3", "tableapp.sqlite3-wal", "tableapp.sqlite3-shm", "secret_key"):
        path = folder / name
        if name.endswith(("-wal", "-shm")) and not path.exists():
            continue  # checkpointed away on close
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, name
    assert len((folder / "secret_key").read_text().strip()) == 64
    assert not [p for p in folder.iterdir() if p.name.startswith(".secret_key")]


# --------------------------------------------------------------------------- /api/docs


def test_the_docs_page_has_a_full_content_security_policy(client):
    response = client.get("/api/docs")
    assert response.status_code == 200
    policy = dict(
        part.strip().split(" ", 1)
        for part in response.headers["Content-Security-Policy"].split(";")
    )
    assert policy["default-src"] == "'none'"
    assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
    assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
    assert policy["base-uri"] == "'none'" and policy["connect-src"] == "'self'"
    html = response.get_data(as_text=True)
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
    assert scripts and all("src=" in attrs and not body.strip() for attrs, body in scripts)
    with client.get("/api/docs/swagger-init.js") as init:
        assert init.status_code == 200 and "SwaggerUIBundle" in init.get_data(as_text=True)


# --------------------------------------------------------------------------- stream cap


def test_streams_beyond_the_per_address_cap_get_a_429_until_one_ends(app, client, tables):
    app.config["STREAMS_PER_ADDRESS"] = 2
    code = tables.create()["code"]
    first = client.get(f"/api/tables/{code}/events")
    second = client.get(f"/api/tables/{code}/events")
    assert first.status_code == second.status_code == 200
    refused = client.get(f"/api/tables/{code}/events")
    body = problem(refused, 429, "too_many_streams")
    assert "2" in body["detail"] and refused.headers["Retry-After"]
    elsewhere = client.get(f"/api/tables/{code}/events", environ_base={"REMOTE_ADDR": "10.1.2.3"})
    assert elsewhere.status_code == 200
    first.close()  # the phone went away: its slot is free again
    third = client.get(f"/api/tables/{code}/events")
    assert third.status_code == 200
    # A refused stream (bad input, no table) gives its slot back at once.
    for _ in range(3):
        problem(client.get(f"/api/tables/{code}/events?after=x"), 422, "invalid_input")
    with app.app_context():
        assert stream_slots().held("127.0.0.1") == 2
    for response in (second, third, elsewhere):
        response.close()
    with app.app_context():
        assert stream_slots().held("127.0.0.1") == 0


def test_a_rematch_without_a_token_is_401_even_when_the_limit_is_spent(app, client, tables):
    """schemathesis ST203: an endpoint that needs a token says 401 to a request without one,
    before any rate limit counts it (it was 429 once the creation budget was spent)."""
    app.config["CREATE_RATE_LIMIT"] = (1, 60)
    code = tables.create()["code"]
    assert client.post("/api/tables", json={"game": "zombie-life"}).status_code == 429
    refused = client.post(f"/api/tables/{code}/rematch")
    problem(refused, 401, "missing_token")
