"""The action path's rows, read and written with SQLAlchemy Core.

The ORM models (:mod:`tableapp.database.models`) define the schema, the migrations and the
maintenance commands. The hot path — every action, view, log read and stream wake-up — reads
plain rows here instead: an ORM unit of work (identity map, lazy loads, change tracking,
expiry after commit) cost several times what the rules themselves cost. A change is computed
on a :class:`TableRow` in memory and written by :func:`save` in a handful of statements after
the rules have accepted it, so a refusal never leaves anything half-written.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, null, select, update
from sqlalchemy.engine import Connection

from .extensions import db
from .models import Action, IdempotentResponse, RateLimitHit, Seat, Table, utcnow

TABLES = Table.__table__
SEATS = Seat.__table__
ACTIONS = Action.__table__
ANSWERS = IdempotentResponse.__table__
HITS = RateLimitHit.__table__
_TRACKED = ("status", "seq", "state", "finished_at", "play_seed", "undo_request", "log_head")


@dataclass(eq=False)
class SeatRow:
    id: int | None
    number: int
    role: str
    name: str
    colour: str | None
    token_hash: str
    last_seen: datetime | None
    _saved: tuple = ()

    def __post_init__(self) -> None:
        self._saved = (self.token_hash, self.last_seen)

    @property
    def changed(self) -> bool:
        return (self.token_hash, self.last_seen) != self._saved


@dataclass(eq=False)
class TableRow:
    """One table with its seats, as loaded; changes wait in memory until :func:`save`."""

    id: int | None
    code: str
    game: str
    variant: str | None
    options: dict
    status: str
    seed: str
    seed_commitment: str
    state: dict | None
    seq: int
    created_at: datetime | None
    updated_at: datetime | None
    finished_at: datetime | None
    play_seed: str | None = None  # the effective seed (hex) once started
    undo_request: dict | None = None  # the undo waiting for another player's answer
    content_origin: str = "builtin"  # or "custom": a pack the host loaded for this table
    log_head: str | None = None  # the head of the log's hash chain (engine/replay.py)
    seats: list[SeatRow] = field(default_factory=list)
    new_actions: list[dict] = field(default_factory=list)
    undone: list[int] = field(default_factory=list)
    written: list[dict] = field(default_factory=list)  # entries saved, not yet committed
    _content: dict | None = None
    _saved: tuple = ()

    def __post_init__(self) -> None:
        self._saved = tuple(getattr(self, name) for name in _TRACKED)

    @property
    def content(self) -> dict:
        """The content pack the table plays with (read on first use)."""
        if self._content is None:
            self._content = (
                connection()
                .execute(select(TABLES.c.content).where(TABLES.c.id == self.id))
                .scalar_one()
            )
        return self._content

    def changed(self) -> bool:
        saved = dict(zip(_TRACKED, self._saved, strict=True))
        return self.state is not saved["state"] or any(  # a new state object: no deep compare
            getattr(self, name) != saved[name] for name in _TRACKED if name != "state"
        )

    @property
    def rng_seed(self) -> bytes:
        """The seed the game's streams are keyed by: the effective seed once started (the
        server seed itself for a table started before contributions existed)."""
        return bytes.fromhex(self.play_seed or self.seed)


# The rows' columns, in their fields' order (rows are built positionally). A table's content
# pack is not among them: only the start, an undo and the export read it.
_TABLE_COLUMNS = [TABLES.c[f.name] for f in fields(TableRow) if f.name in TABLES.c]
_SEAT_COLUMNS = [SEATS.c[f.name] for f in fields(SeatRow) if f.name in SEATS.c]

# The hot path's statements, built once: SQLAlchemy then skips building them and computing
# their cache keys on every execution (a large share of a statement's cost in Python).
_LOAD_TABLE = select(*_TABLE_COLUMNS).where(TABLES.c.code == bindparam("p_code"))
_LOAD_TABLE_LOCKED = _LOAD_TABLE.with_for_update()
_LOAD_SEATS = (
    select(*_SEAT_COLUMNS).where(SEATS.c.table_id == bindparam("p_table")).order_by(SEATS.c.number)
)
_UPDATE_SEAT = (
    update(SEATS)
    .where(SEATS.c.id == bindparam("p_id"))
    .values(token_hash=bindparam("p_token_hash"), last_seen=bindparam("p_last_seen"))
)
_INSERT_ACTIONS = insert(ACTIONS)
_TABLE_VALUES = {
    "seq": bindparam("p_seq"),
    "status": bindparam("p_status"),
    "finished_at": bindparam("p_finished_at"),
    "updated_at": bindparam("p_updated_at"),
    "play_seed": bindparam("p_play_seed"),
    "undo_request": bindparam("p_undo_request", type_=TABLES.c.undo_request.type),
    "log_head": bindparam("p_log_head"),
}
_UPDATE_TABLE = update(TABLES).where(TABLES.c.id == bindparam("p_id")).values(**_TABLE_VALUES)
_UPDATE_TABLE_STATE = (
    update(TABLES)
    .where(TABLES.c.id == bindparam("p_id"))
    .values(**_TABLE_VALUES, state=bindparam("p_state"))
)
_STORED_ANSWER = select(ANSWERS).where(
    ANSWERS.c.scope == bindparam("p_scope"), ANSWERS.c.key == bindparam("p_key")
)
_INSERT_ANSWER = insert(ANSWERS)


def connection(*, immediate: bool = False) -> Connection:
    """The request session's connection (one transaction per request, as with the ORM)."""
    if immediate and db.engine.dialect.name == "sqlite":
        return db.session.connection(execution_options={"tableapp_immediate": True})
    return db.session.connection()


def load_table(code: str, *, lock: bool = False) -> TableRow | None:
    """The table and its seats; ``lock`` makes this the write transaction's first statement
    (SQLite ``BEGIN IMMEDIATE``, PostgreSQL ``SELECT … FOR UPDATE``)."""
    if lock:
        db.session.rollback()
    conn = connection(immediate=lock)
    stmt = _LOAD_TABLE_LOCKED if lock and conn.dialect.name == "postgresql" else _LOAD_TABLE
    row = conn.execute(stmt, {"p_code": code.upper()}).one_or_none()
    if row is None:
        return None
    table = TableRow(*row)
    table.seats = [SeatRow(*seat) for seat in conn.execute(_LOAD_SEATS, {"p_table": table.id})]
    return table


def code_taken(code: str) -> bool:
    return (
        connection().execute(select(TABLES.c.id).where(TABLES.c.code == code)).first() is not None
    )


def insert_table(table: TableRow, content: dict) -> None:
    """A new table with its seats (``table.id`` is set)."""
    conn = connection()
    now = utcnow()
    table.id = conn.execute(
        insert(TABLES)
        .values(
            code=table.code,
            game=table.game,
            variant=table.variant,
            options=table.options,
            content=content,
            status=table.status,
            seed=table.seed,
            seed_commitment=table.seed_commitment,
            state=table.state,
            seq=table.seq,
            content_origin=table.content_origin,
            log_head=table.log_head,
            created_at=now,
            updated_at=now,
        )
        .returning(TABLES.c.id)
    ).scalar_one()
    table._content = content
    for seat in table.seats:
        _insert_seat(conn, table.id, seat)


def _insert_seat(conn: Connection, table_id: int, seat: SeatRow) -> None:
    seat.id = conn.execute(
        insert(SEATS)
        .values(
            table_id=table_id,
            number=seat.number,
            role=seat.role,
            name=seat.name,
            colour=seat.colour,
            token_hash=seat.token_hash,
            last_seen=seat.last_seen,
        )
        .returning(SEATS.c.id)
    ).scalar_one()
    seat._saved = (seat.token_hash, seat.last_seen)


#: How many of the newest entries keep the state before them for their undo. An undo takes
#: back the last game action in effect, so only the newest states are ever restored. Undos
#: are entries too, so a run of more than about half this many undos in a row reaches past
#: the window; such an undo replays the log (as verify does) and gives the same state.
#: A finished game keeps none (it cannot be undone): its stored size is its log alone.
KEPT_STATES = 32
#: The states pushed out of the window are dropped once every this many entries (one
#: statement then, none in between), so between KEPT_STATES and KEPT_STATES + TRIM_EVERY
#: of the newest entries keep theirs.
TRIM_EVERY = 8


def _forget_states(conn: Connection, table: TableRow, first_new: int) -> None:
    """Drop the kept states that fell out of the window since the last trim, when this
    change's new entries reach a multiple of :data:`TRIM_EVERY` (the last trim was at the
    one before, so nothing older than ``first_new - TRIM_EVERY`` is left to drop), or every
    one once the game is over."""
    if table.status == "finished":
        low, high = 1, table.seq
    elif table.seq // TRIM_EVERY == (first_new - 1) // TRIM_EVERY:
        return  # no multiple of TRIM_EVERY reached: the next trim drops these too
    else:
        low, high = first_new - TRIM_EVERY - KEPT_STATES, table.seq - KEPT_STATES
    if high >= max(low, 1):
        conn.execute(
            update(ACTIONS)
            .where(ACTIONS.c.table_id == table.id, ACTIONS.c.number.between(low, high))
            .values(before=null())
        )


def save(table: TableRow) -> None:
    """Write what a change did to ``table``: seats, undo marks, new log entries, the row."""
    conn = connection()
    for seat in table.seats:
        if seat.id is None:
            _insert_seat(conn, table.id, seat)
        elif seat.changed:
            conn.execute(
                _UPDATE_SEAT,
                {"p_id": seat.id, "p_token_hash": seat.token_hash, "p_last_seen": seat.last_seen},
            )
            seat._saved = (seat.token_hash, seat.last_seen)
    if table.undone:
        conn.execute(
            update(ACTIONS)
            .where(ACTIONS.c.table_id == table.id, ACTIONS.c.number.in_(table.undone))
            .values(undone=True)
        )
        table.undone = []
    if table.new_actions:
        conn.execute(_INSERT_ACTIONS, [dict(a, table_id=table.id) for a in table.new_actions])
        _forget_states(conn, table, table.new_actions[0]["number"])
        table.written.extend(table.new_actions)
        table.new_actions = []
    if table.changed():
        table.updated_at = utcnow()
        values: dict[str, Any] = {
            "p_id": table.id,
            "p_seq": table.seq,
            "p_status": table.status,
            "p_finished_at": table.finished_at,
            "p_updated_at": table.updated_at,
            "p_play_seed": table.play_seed,
            "p_undo_request": table.undo_request,
            "p_log_head": table.log_head,
        }
        if table.state is not table._saved[2]:
            conn.execute(_UPDATE_TABLE_STATE, {**values, "p_state": table.state})
        else:
            conn.execute(_UPDATE_TABLE, values)
        table._saved = tuple(getattr(table, name) for name in _TRACKED)


def seat_token_hash(table_id: int, number: int) -> str | None:
    """The seat's current token hash (a stream re-checks its bearer with it)."""
    return (
        connection()
        .execute(
            select(SEATS.c.token_hash).where(SEATS.c.table_id == table_id, SEATS.c.number == number)
        )
        .scalar_one_or_none()
    )


def rematch_of(table_id: int | None) -> dict | None:
    """``{"code"}`` of the table opened to play a finished one again, if any."""
    if table_id is None:
        return None
    row = (
        connection()
        .execute(
            select(ACTIONS.c.payload)
            .where(ACTIONS.c.table_id == table_id, ACTIONS.c.type == "rematch")
            .order_by(ACTIONS.c.number.desc())
            .limit(1)
        )
        .first()
    )
    return {"code": row.payload["code"]} if row is not None else None


def stored_answer(scope: str, key: str):
    return connection().execute(_STORED_ANSWER, {"p_scope": scope, "p_key": key}).one_or_none()


def forget_answer(answer_id: int) -> None:
    connection().execute(delete(ANSWERS).where(ANSWERS.c.id == answer_id))


def store_answer(**values: Any) -> None:
    connection().execute(_INSERT_ANSWER, {"created_at": utcnow(), **values})


def presence_rows(code: str) -> list:
    """Every seat of the table ``code`` as (id, number, role, token_hash, last_seen), in seat
    order; empty when there is no such table (a table always has its host's seat)."""
    return list(
        connection().execute(
            select(SEATS.c.id, SEATS.c.number, SEATS.c.role, SEATS.c.token_hash, SEATS.c.last_seen)
            .join(TABLES, TABLES.c.id == SEATS.c.table_id)
            .where(TABLES.c.code == code.upper())
            .order_by(SEATS.c.number)
        )
    )


def mark_seen(seat_ids: list[int], when: datetime | None, *, write: bool = False) -> None:
    """Presence for several seats in one statement; ``write``: in a transaction of its own
    that takes the write lock first (after the request's reads)."""
    if write:
        db.session.rollback()
    if seat_ids:
        connection(immediate=write).execute(
            update(SEATS).where(SEATS.c.id.in_(seat_ids)).values(last_seen=when)
        )


def count_hit(bucket: str, address: str, limit: int, window: float) -> float | None:
    """Count one request of ``address`` against ``limit`` per ``window`` seconds, in its own
    committed transaction: None when it is within the limit (and counted), else the seconds
    until the oldest counted request leaves the window.

    The check and the count are one step for all processes: the transaction holds SQLite's
    write lock from its start, or on PostgreSQL an advisory lock on (bucket, address).
    """
    db.session.rollback()
    conn = connection(immediate=True)
    if conn.dialect.name == "postgresql":
        digest = hashlib.sha256(f"rate:{bucket}:{address}".encode()).digest()
        conn.execute(select(func.pg_advisory_xact_lock(int.from_bytes(digest[:8], signed=True))))
    now = utcnow()
    start = now - timedelta(seconds=window)
    try:
        conn.execute(delete(HITS).where(HITS.c.bucket == bucket, HITS.c.at < start))
        counted, oldest = conn.execute(
            select(func.count(), func.min(HITS.c.at)).where(
                HITS.c.bucket == bucket, HITS.c.address == address, HITS.c.at >= start
            )
        ).one()
        if counted >= limit:
            db.session.commit()
            return window - (now - oldest).total_seconds()
        conn.execute(insert(HITS).values(bucket=bucket, address=address, at=now))
        db.session.commit()
        return None
    except BaseException:
        db.session.rollback()
        raise
