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
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, fields
from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import Any

from sqlalchemy import bindparam, case, delete, func, insert, null, select, update
from sqlalchemy.engine import Connection

from .. import codec
from ..engine.replay import SHELL
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
# Reading the log: every column but the state an action kept for its undo.
_ACTIONS_AFTER = (
    select(*[c for c in ACTIONS.c if c.name != "before"])
    .where(ACTIONS.c.table_id == bindparam("p_table"), ACTIONS.c.number > bindparam("p_after"))
    .order_by(ACTIONS.c.number)
)
_ACTIONS_AFTER_PAGE = _ACTIONS_AFTER.limit(bindparam("p_limit"))
# Entries that do not add to the stream index (replay.py): an undo takes away itself and
# the entry it undid; shell entries (an undo request and its answer, a moved seat) count 0.
_NOT_EFFECTIVE = select(
    func.coalesce(func.sum(case((ACTIONS.c.type == "undo", 2), else_=1)), 0)
).where(ACTIONS.c.table_id == bindparam("p_table"), ACTIONS.c.type.in_(("undo", *SHELL)))
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


def actions_after(table_id: int, after: int = 0, limit: int | None = 500) -> list:
    params = {"p_table": table_id, "p_after": after}
    if limit is None:
        return connection().execute(_ACTIONS_AFTER, params).all()
    return connection().execute(_ACTIONS_AFTER_PAGE, {**params, "p_limit": limit}).all()


def _not_effective_in(entries: list[dict]) -> int:
    """What ``_NOT_EFFECTIVE`` counts of these entries: 2 an undo, 1 a shell entry."""
    return sum(2 if a["type"] == "undo" else 1 for a in entries if a["type"] in _UNCOUNTED)


_UNCOUNTED = frozenset(("undo", *SHELL))
#: The log's JSON columns (a read gives them back decoded from their encoding).
_JSON_COLUMNS = frozenset(("payload", "public", "private"))


class NotEffective:
    """The count of :func:`not_effective` per table as of its last entry, kept by the process
    that committed it (``(seq, count)`` per table id and code): the next action of that table
    in this process needs no SUM over its log. Held only for a seq this process saw
    committed; a table whose seq moved on elsewhere (another process, a path that does not
    report here) misses and is counted in the database again. Entries are append-only and
    their numbers gap-free, so the same seq means the same entries."""

    def __init__(self, tables: int = 4096) -> None:
        self.tables = tables
        self._lock = threading.Lock()
        self._held: OrderedDict[tuple[int, str], tuple[int, int]] = OrderedDict()

    def get(self, table: TableRow) -> int | None:
        with self._lock:
            held = self._held.get((table.id, table.code))
        return held[1] if held is not None and held[0] == table.seq else None

    def put(self, table: TableRow, seq: int, count: int) -> None:
        with self._lock:
            self._held[(table.id, table.code)] = (seq, count)
            self._held.move_to_end((table.id, table.code))
            while len(self._held) > self.tables:
                self._held.popitem(last=False)

    def committed(self, table: TableRow, written: list[dict]) -> None:
        """``table``'s ``written`` entries (the last ones, up to its seq) were committed: the
        count moves on from the one held as of the entry before them, if held."""
        if not written or written[-1]["number"] != table.seq:
            return
        key = (table.id, table.code)
        with self._lock:
            held = self._held.get(key)
        if held is not None and held[0] == written[0]["number"] - 1:
            self.put(table, table.seq, held[1] + _not_effective_in(written))


not_effective_counts = NotEffective()


def not_effective(table_id: int) -> int:
    """How many of the table's entries do not add to the stream index (see replay.py)."""
    return int(connection().execute(_NOT_EFFECTIVE, {"p_table": table_id}).scalar_one())


def not_effective_of(table: TableRow) -> int:
    """:func:`not_effective` for ``table`` as loaded (no entry appended yet): held by this
    process when it committed the table's last entry, else counted in the database."""
    held = not_effective_counts.get(table) if not table.new_actions else None
    if held is None:
        held = not_effective(table.id)
        if not table.new_actions:
            not_effective_counts.put(table, table.seq, held)
    return held


def seat_token_hash(table_id: int, number: int) -> str | None:
    """The seat's current token hash (a stream re-checks its bearer with it)."""
    return (
        connection()
        .execute(
            select(SEATS.c.token_hash).where(SEATS.c.table_id == table_id, SEATS.c.number == number)
        )
        .scalar_one_or_none()
    )


def start_payload(table_id: int) -> dict | None:
    """The payload of the table's start entry (seats, contributions), or None in the lobby."""
    return (
        connection()
        .execute(
            select(ACTIONS.c.payload).where(
                ACTIONS.c.table_id == table_id, ACTIONS.c.type == "start"
            )
        )
        .scalar_one_or_none()
    )


def join_payloads(table_id: int) -> dict[int, dict]:
    """Each seat's join payload (name, colour, contribution), by seat number."""
    rows = connection().execute(
        select(ACTIONS.c.seat, ACTIONS.c.payload).where(
            ACTIONS.c.table_id == table_id, ACTIONS.c.type == "join"
        )
    )
    return {seat: payload for seat, payload in rows}


def last_in_effect(table_id: int, exclude: tuple[str, ...]):
    """The newest entry not undone whose type is not in ``exclude`` (or None)."""
    return (
        connection()
        .execute(
            select(ACTIONS)
            .where(
                ACTIONS.c.table_id == table_id,
                ACTIONS.c.undone.is_(False),
                ACTIONS.c.type.not_in(exclude),
            )
            .order_by(ACTIONS.c.number.desc())
            .limit(1)
        )
        .one_or_none()
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


class RecentLog:
    """The last few log entries of each table, shared by this process's open streams.

    Every phone at a table is woken by the same commit and asks for the same new entries;
    the first one reads them from the database and the others are served from here, so a
    table of five phones costs one query per action, not five. Entries are immutable once
    written except their ``undone`` mark, which is set here too when an undo is seen (as the
    undo itself commits it). Bounded: ``per_table`` entries for the ``tables`` most recent.
    Keyed by table id *and* code, so a purged table's entries never reach a later table
    that happens to get the same id.
    """

    def __init__(self, per_table: int = 16, tables: int = 4096) -> None:
        self.per_table = per_table
        self.tables = tables
        self._lock = threading.Lock()
        self._readers = [threading.Lock() for _ in range(64)]  # one database read per table
        self._entries: OrderedDict[tuple[int, str], dict[int, SimpleNamespace]] = OrderedDict()

    def read(self, table: tuple[int, str], after: int, known: int | None) -> list | None:
        """Entries ``after+1 … known`` when all are held here, else None."""
        if known is None or known <= after:
            return None
        with self._lock:
            held = self._entries.get(table)
            if held is None or any(n not in held for n in range(after + 1, known + 1)):
                return None
            self._entries.move_to_end(table)
            return [held[n] for n in range(after + 1, known + 1)]

    def entries(self, table: tuple[int, str], after: int, known: int | None, load) -> list:
        """Entries after ``after``: held ones when they reach ``known``, else ``load()``'s
        rows (remembered). Phones woken together wait for the first one's read."""
        held = self.read(table, after, known)
        if held is not None:
            return held
        if known is None:
            return self.keep(table, load())
        with self._readers[hash(table) % len(self._readers)]:
            held = self.read(table, after, known)
            return held if held is not None else self.keep(table, load())

    def keep(self, table: tuple[int, str], rows: list) -> list:
        """Remember freshly read rows; returns them as plain, shareable entries."""
        return self._hold(table, [SimpleNamespace(**row._asdict()) for row in rows])

    def keep_written(self, table: tuple[int, str], written: list[dict]) -> None:
        """Remember the entries this process has just committed (as :func:`save` wrote them),
        as a read of them would give them back (the JSON columns through their encoding), so
        the table's streams here do not read them again."""
        self._hold(
            table,
            [
                SimpleNamespace(
                    id=None,
                    table_id=table[0],
                    **{
                        k: codec.loads(codec.dumps(v)) if k in _JSON_COLUMNS else v
                        for k, v in values.items()
                        if k != "before"
                    },
                )
                for values in written
            ],
        )

    def _hold(self, table: tuple[int, str], entries: list) -> list:
        if not entries:
            return entries
        with self._lock:
            held = self._entries.setdefault(table, {})
            self._entries.move_to_end(table)
            for entry in entries:
                if entry.type == "undo" and isinstance(entry.payload, dict):
                    target = held.get(entry.payload.get("target"))
                    if target is not None and not target.undone:
                        held[target.number] = SimpleNamespace(**{**vars(target), "undone": True})
                held[entry.number] = entry
            for number in sorted(held)[: max(0, len(held) - self.per_table)]:
                del held[number]
            while len(self._entries) > self.tables:
                self._entries.popitem(last=False)
        return entries


recent_log = RecentLog()
