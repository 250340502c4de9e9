"""Database set-up: SQLite pragmas and locking, migrations, schema upgrade."""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine

from .. import codec
from .extensions import db, migrate


def init_app(app: Flask, migrations_dir: Path) -> None:
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
    # JSON columns (state, log entries) are encoded and decoded on every action: orjson.
    options.setdefault("json_serializer", codec.dumps_text)
    options.setdefault("json_deserializer", codec.loads)
    if uri.startswith("sqlite"):
        options["connect_args"] = {"timeout": 30, "check_same_thread": False}
        # A file on this machine does not drop connections: no ping before every checkout.
        options.pop("pool_pre_ping", None)
        if uri in ("sqlite://", "sqlite:///:memory:"):  # one shared connection: no pool sizes
            for name in ("pool_size", "max_overflow", "pool_timeout"):
                options.pop(name, None)
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options
    db.init_app(app)
    migrate.init_app(app, db, directory=str(migrations_dir), render_as_batch=True)
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            _sqlite_locking(db.engine)


def _private_file(database: str | None) -> None:
    """Create the SQLite file readable by its owner only (0600 whatever the umask) before
    SQLite does; its -wal and -shm files take the same permissions from it."""
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    path = Path(database)
    if path.exists():
        return
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return  # another process created it a moment ago
    os.fchmod(fd, 0o600)
    os.close(fd)


def _sqlite_locking(engine: Engine) -> None:
    """WAL, a busy timeout, and ``BEGIN IMMEDIATE`` for the action path's transactions.

    pysqlite's own transaction handling is turned off so that SQLAlchemy's ``begin`` event
    decides: a transaction opened with the ``tableapp_immediate`` option takes the write lock
    at once (so two actions on one table never interleave, and nobody sees "database is
    locked" while waiting); all others begin deferred, so readers never wait.
    """
    if getattr(engine, "_tableapp_sqlite", False):
        return
    engine._tableapp_sqlite = True

    @event.listens_for(engine, "do_connect")
    def _owner_only(dialect, conn_rec, cargs, cparams):
        _private_file(engine.url.database)

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection):
        if connection.get_execution_options().get("tableapp_immediate"):
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            connection.exec_driver_sql("BEGIN")


def upgrade(app: Flask) -> None:
    """Apply every migration (``tableapp serve`` does this before it listens)."""
    from flask_migrate import upgrade as alembic_upgrade

    with app.app_context():
        alembic_upgrade()
