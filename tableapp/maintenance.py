"""Retention: delete finished tables past their time, exporting them first when asked."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path

from sqlalchemy import delete, select

from .extensions import db
from .models import Action, Table, utcnow
from .tables import export, purge_idempotency


def parse_age(text: str) -> timedelta:
    match = re.fullmatch(r"\s*(\d+)\s*([dhm])\s*", text)
    if not match:
        raise ValueError("age must look like 30d, 12h or 45m")
    value, unit = int(match.group(1)), match.group(2)
    return {"d": timedelta(days=value), "h": timedelta(hours=value), "m": timedelta(minutes=value)}[
        unit
    ]


def purge_finished(age: str, export_to: str | None = None, app=None) -> int:
    from . import create_app

    app = app or create_app()
    cutoff = utcnow() - parse_age(age)
    count = 0
    with app.app_context():
        old = db.session.scalars(
            select(Table).where(Table.status == "finished", Table.finished_at < cutoff)
        ).all()
        for table in old:
            if export_to:
                folder = Path(export_to)
                folder.mkdir(parents=True, exist_ok=True)
                (folder / f"{table.code}.json").write_text(json.dumps(export(table)))
            db.session.execute(delete(Action).where(Action.table_id == table.id))
            db.session.delete(table)  # its seats go with it (cascade)
            count += 1
        db.session.commit()
        purge_idempotency(app.config["IDEMPOTENCY_TTL_HOURS"])
    return count
