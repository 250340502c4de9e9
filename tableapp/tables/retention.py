"""Retention: delete finished tables past their time, exporting them first when asked."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path

from sqlalchemy import delete, select

from ..database import store
from ..database.extensions import db
from ..database.models import Action, Table, utcnow
from .exports import export
from .idempotency import purge_idempotency


def parse_age(text: str) -> timedelta:
    match = re.fullmatch(r"\s*(\d+)\s*([dhm])\s*", text)
    if not match:
        raise ValueError("age must look like 30d, 12h or 45m")
    value, unit = int(match.group(1)), match.group(2)
    return {"d": timedelta(days=value), "h": timedelta(hours=value), "m": timedelta(minutes=value)}[
        unit
    ]


def purge_finished(age: str, export_to: str | None, app) -> int:
    """Delete ``app``'s finished tables older than ``age`` (``30d``, ``12h``, ``45m``), each
    exported into ``export_to`` first when given; how many were deleted."""
    cutoff = utcnow() - parse_age(age)
    count = 0
    with app.app_context():
        old = db.session.scalars(
            select(Table.id).where(Table.status == "finished", Table.finished_at < cutoff)
        ).all()
        db.session.rollback()
        # One short write transaction per table, holding the write lock from its start (it
        # reads before it deletes): a game being played meanwhile waits for one table only.
        for table_id in old:
            store.connection(immediate=True)
            table = db.session.get(Table, table_id, with_for_update=True)  # PostgreSQL: locked
            if table is None:  # purged meanwhile by another run
                db.session.rollback()
                continue
            if export_to:
                folder = Path(export_to)
                folder.mkdir(parents=True, exist_ok=True)
                (folder / f"{table.code}.json").write_text(json.dumps(export(table)))
            db.session.execute(delete(Action).where(Action.table_id == table.id))
            db.session.delete(table)  # its seats go with it (cascade)
            db.session.commit()
            count += 1
        purge_idempotency(app.config["IDEMPOTENCY_TTL_HOURS"])
    return count
