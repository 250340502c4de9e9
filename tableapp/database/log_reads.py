"""Reading the log: its entries after a number, the few each table's streams share
(:class:`RecentLog`), the count of entries that do not add to the random stream
(:class:`NotEffective`), and the entries the table's set-up and undo look back at."""

from __future__ import annotations

import threading
from collections import OrderedDict
from types import SimpleNamespace

from sqlalchemy import bindparam, case, func, select

from .. import codec
from ..engine.replay import SHELL
from .store import ACTIONS, TableRow, connection

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
