"""Extensions, created unbound and initialised in ``create_app``; and how their database
connections are kept clean (:func:`close_interrupted`) and looked at without waiting
(:func:`connection_free`)."""

from __future__ import annotations

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.pool import QueuePool


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()


@event.listens_for(Engine, "handle_error")
def close_interrupted(context) -> None:
    """A statement cut off in the middle leaves psycopg's connection in the middle of a
    command: an exception thrown into a greenlet that waits for PostgreSQL's answer (a worker
    stopping, a timeout; a phone hanging up is held off until its stream's read is done, see
    tableapp/api/server_slots.py). Such a connection can neither roll back ("another command
    is already in progress") nor serve again, and handed back to the pool its session would
    stay "idle in transaction", holding its snapshot and locks. It is treated as lost instead:
    SQLAlchemy closes it (the server ends the session and its transaction at once) and the
    pool opens a fresh one when next needed. Only this connection: the pool's others are fine.
    """
    connection = context.connection
    if context.is_disconnect or connection is None or connection.invalidated:
        return
    try:
        raw = connection.connection.dbapi_connection
    except Exception:  # noqa: BLE001 - nothing to look at: SQLAlchemy goes on as it would
        return
    pgconn = getattr(raw, "pgconn", None)  # psycopg's libpq connection
    if pgconn is None:
        return
    from psycopg.pq import TransactionStatus

    if pgconn.transaction_status == TransactionStatus.ACTIVE:  # a command still running
        context.is_disconnect = True
        context.invalidate_pool_on_disconnect = False


def connection_free(engine: Engine) -> bool:
    """Whether a connection can be taken from ``engine``'s pool now, without waiting: one is
    idle in it, or the pool may still open one. (A pool of another kind always says yes.)"""
    pool = engine.pool
    if not isinstance(pool, QueuePool):
        return True
    overflow = pool._max_overflow  # no public accessor; set from SQLALCHEMY_ENGINE_OPTIONS
    return pool.checkedin() > 0 or overflow < 0 or pool.overflow() < overflow
