"""tableapp: a phone companion for zombie board games played around a real table."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def _shipped(name: str) -> Path:
    """The copy an installed wheel carries inside the package (``tableapp/_pwa``,
    ``tableapp/_migrations``), or else the checkout's top-level folder (``pwa``,
    ``migrations``). The package's own copy comes first: another distribution may have put a
    ``migrations`` folder beside it in site-packages."""
    inside = Path(__file__).resolve().parent / f"_{name}"
    return inside if inside.is_dir() else ROOT / name


PWA_DIR = _shipped("pwa")
MIGRATIONS_DIR = _shipped("migrations")


def create_app(config: object | dict | None = None) -> Flask:
    """Build the app: configuration, storage, the API, the phone app and security headers.

    Long because it is the app's set-up in order (configuration, proxies, bodies, the database,
    live events, the catalogue, texts, the API, the phone app), one commented step each."""
    app = Flask(__name__, instance_relative_config=True, static_folder=None)

    # Configuration: the environment's Config, or what the caller (tests) passes.
    from .config import Config

    app.config.from_object(Config)
    if isinstance(config, dict):
        app.config.from_mapping(config)
    elif config is not None:
        app.config.from_object(config)
    # The instance folder holds the secret key and the SQLite file: the owner's alone.
    Path(app.instance_path).mkdir(mode=0o700, parents=True, exist_ok=True)
    if not app.config.get("SQLALCHEMY_DATABASE_URI"):
        database = Path(app.instance_path) / "tableapp.sqlite3"
        app.config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{database}"

    # Host names answered (a forged Host must never reach a join URL or a cached QR code).
    if app.config.get("ALLOWED_HOSTS"):
        app.config["TRUSTED_HOSTS"] = list(app.config["ALLOWED_HOSTS"])
    elif not app.config.get("PUBLIC_URL"):
        app.config["TRUSTED_HOSTS"] = ["localhost", "127.0.0.1"]

    # Behind a reverse proxy, trust exactly PROXY_COUNT hops of X-Forwarded-For and -Proto
    # (the client address, https). Never X-Forwarded-Host: the public address comes from
    # PUBLIC_URL, or the Host header checked against the allowed hosts.
    if app.config.get("PROXY_COUNT"):
        from werkzeug.middleware.proxy_fix import ProxyFix

        count = app.config["PROXY_COUNT"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count, x_host=0)

    # Request bodies are read whole, within the size limit and BODY_TIMEOUT, before a view.
    from .server import bodies

    bodies.init_app(app)

    # Storage and migrations (SQLite gets WAL and BEGIN IMMEDIATE for the action path).
    from .database import setup

    setup.init_app(app, MIGRATIONS_DIR)

    # Live events: Redis pub/sub across processes and servers when REDIS_URL is set,
    # the in-process bus otherwise.
    _install_bus(app)

    # Content packs and games, loaded and validated once.
    from . import catalog

    catalog.load(app.config.get("CONTENT_DIR"))

    # Responses rendered in the request's language say so (Content-Language, Vary).
    from .texts import i18n

    i18n.init_app(app)

    # The API, its OpenAPI spec and docs, and the problem+json error shape.
    from .api import init_app as init_api

    init_api(app)

    # The phone app and the security headers on every response.
    from .server import pwa

    pwa.init_app(app, PWA_DIR)
    return app


def _install_bus(app: Flask) -> None:
    from .live import notifier
    from .live.redisbus import RedisBus

    url = app.config.get("REDIS_URL")
    current = notifier.bus()
    if url:
        if not (isinstance(current, RedisBus) and current.url == url):
            notifier.set_bus(RedisBus(url))
    elif isinstance(current, RedisBus):
        notifier.set_bus(notifier.LocalBus(reliable=app.config.get("SOLE_PROCESS", False)))
    else:
        current.reliable = bool(app.config.get("SOLE_PROCESS", False))
