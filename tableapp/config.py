"""Configuration, read from the environment. Tests subclass ``Config``."""

from __future__ import annotations

import os


def _database_url() -> str | None:
    url = os.environ.get("DATABASE_URL")
    if not url:
        return None
    # Hosting platforms hand out postgres:// URLs; SQLAlchemy wants the driver named.
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _list(name: str) -> list[str]:
    return [item for item in os.environ.get(name, "").split(",") if item.strip()]


class Config:
    # Storage: SQLite in the instance folder unless DATABASE_URL says otherwise.
    SQLALCHEMY_DATABASE_URI = _database_url()
    # Database connections, per process: DB_POOL_SIZE kept open, up to DB_POOL_OVERFLOW more
    # while busy; a request waits at most DB_POOL_TIMEOUT seconds for one (then a 500), and
    # /readyz answers 503 at once while none is free. Each is checked as it leaves the pool
    # (pre-ping: a connection the server dropped is replaced there, not failed on), and one
    # cut off mid-command is closed, not reused (extensions.py). Event streams hold none while
    # they wait or send: a stream's read takes one for a few milliseconds.
    SQLALCHEMY_ENGINE_OPTIONS: dict = {
        "pool_pre_ping": True,
        "pool_size": int(os.environ.get("TABLEAPP_DB_POOL_SIZE", "5")),
        "max_overflow": int(os.environ.get("TABLEAPP_DB_POOL_OVERFLOW", "10")),
        "pool_timeout": float(os.environ.get("TABLEAPP_DB_POOL_TIMEOUT", "30")),
    }
    # Live events: Redis pub/sub across app servers when set, in-process otherwise.
    REDIS_URL = os.environ.get("REDIS_URL")
    # Signs the seat tokens a retried join may return again (see auth.py); generated and
    # kept in the instance folder when unset. Every app server of one site needs the same.
    SECRET_KEY = os.environ.get("TABLEAPP_SECRET_KEY")
    # The address phones open (join URLs, QR codes); derived from the request when unset.
    PUBLIC_URL = os.environ.get("TABLEAPP_PUBLIC_URL")
    # Host names this server answers for (comma-separated; ".example.org" takes subdomains).
    # Unset: any host when PUBLIC_URL is set (join URLs then never come from the request),
    # else only localhost and 127.0.0.1, so a forged Host never reaches a join URL.
    ALLOWED_HOSTS = [h.strip() for h in _list("TABLEAPP_ALLOWED_HOSTS")]
    # Behind a reverse proxy, how many proxies to trust: their X-Forwarded-For (the client
    # address) and X-Forwarded-Proto, exactly that many hops; never X-Forwarded-Host.
    PROXY_COUNT = int(os.environ.get("TABLEAPP_PROXY_COUNT", "0"))

    # Limits
    MAX_CONTENT_LENGTH = 64 * 1024
    # Opening a table may carry the host's own content pack (a few hundred cards in two
    # languages): that request alone may be this large.
    PACK_CONTENT_LENGTH = 512 * 1024
    # Seconds a request body may take to arrive (a phone that stops half-way is cut off).
    BODY_TIMEOUT = float(os.environ.get("TABLEAPP_BODY_TIMEOUT", "10"))
    # Per client address and minute, counted in the database: every worker and server of
    # one site shares the counts.
    JOIN_RATE_LIMIT = (int(os.environ.get("TABLEAPP_JOIN_LIMIT", "30")), 60)
    CREATE_RATE_LIMIT = (int(os.environ.get("TABLEAPP_CREATE_LIMIT", "20")), 60)
    # Event streams one client address may hold open in one process. A table has at most
    # eight phones and its screen; 100 leaves room for ten full tables behind one address
    # (a club, a café) and for phones whose dropped streams have not timed out yet.
    STREAMS_PER_ADDRESS = int(os.environ.get("TABLEAPP_STREAMS_PER_ADDRESS", "100"))
    # Event streams the whole process holds open (503 beyond), below its connections so that
    # /healthz, joins and actions always find one; set by the gevent worker from
    # ``worker_connections`` (tableapp/server/worker.py). 0: no cap.
    STREAMS_MAX = int(os.environ.get("TABLEAPP_STREAMS_MAX", "0"))
    IDEMPOTENCY_TTL_HOURS = 48

    # Live events
    SSE_HEARTBEAT_SECONDS = 15
    SSE_RETRY_MS = 2000
    # Streams re-read the log at least this often, so several processes without Redis
    # (or a Redis outage) still deliver every event.
    SSE_POLL_SECONDS = float(os.environ.get("TABLEAPP_STREAM_POLL", "2"))
    # This process is the only one writing to the database (``tableapp serve``; one gunicorn
    # worker on SQLite, set by deploy/gunicorn.conf.py): the in-process bus then hears every
    # commit and idle streams need not poll.
    SOLE_PROCESS = os.environ.get("TABLEAPP_SOLE_PROCESS", "") == "1"
    # A seat counts as connected while its phone was heard from within this many seconds
    # (it pings every third of it): a phone gone quiet reads "not connected" within 20 s.
    PRESENCE_SECONDS = 15

    # OpenAPI (flask-smorest)
    API_TITLE = "tableapp"
    API_VERSION = "1"
    OPENAPI_VERSION = "3.0.3"
    OPENAPI_URL_PREFIX = "/api"
    OPENAPI_JSON_PATH = "openapi.json"
    # No automatic OPTIONS answers: CORS stays closed and Allow lists only real methods.
    PROVIDE_AUTOMATIC_OPTIONS = False


class TestConfig(Config):
    TESTING = True
    SQLALCHEMY_DATABASE_URI = os.environ.get("TABLEAPP_TEST_DATABASE_URL")
    SECRET_KEY = "test-secret-key-not-for-production"
    SSE_HEARTBEAT_SECONDS = 1
    SSE_POLL_SECONDS = 0.5
    # Tests open many tables from one address; the limit itself has its own test.
    JOIN_RATE_LIMIT = (100_000, 60)
    CREATE_RATE_LIMIT = (100_000, 60)
