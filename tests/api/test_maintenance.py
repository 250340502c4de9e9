"""Retention: `tableapp purge --finished-older-than` exports first when asked, then deletes."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from tableapp.database.extensions import db
from tableapp.database.models import Action, Table, utcnow
from tableapp.tables.retention import parse_age, purge_finished
from tableapp.verify import verify_export
from tests.api.test_api_tables import play_to_the_end


def test_purge_exports_then_deletes_only_old_finished_tables(app, client, tables, tmp_path):
    old, old_tokens = tables.started(2)
    play_to_the_end(tables, old["code"], old_tokens, seed=b"o" * 32)
    recent, recent_tokens = tables.started(2)
    play_to_the_end(tables, recent["code"], recent_tokens, seed=b"n" * 32)
    playing, _ = tables.started(2)
    with app.app_context():
        table = db.session.query(Table).filter_by(code=old["code"]).one()
        table.finished_at = utcnow() - timedelta(days=40)
        db.session.commit()
    count = purge_finished("30d", str(tmp_path / "exports"), app=app)
    assert count == 1
    export = json.loads((tmp_path / "exports" / f"{old['code']}.json").read_text())
    assert verify_export(export) is None
    assert client.get(f"/api/tables/{old['code']}").status_code == 404
    with app.app_context():
        assert db.session.query(Action).count() > 0  # the other tables keep their logs
    for code in (recent["code"], playing["code"]):
        assert client.get(f"/api/tables/{code}").status_code == 200


@pytest.mark.parametrize("text, days", [("30d", 30), ("12h", 0.5), (" 45m ", 45 / 1440)])
def test_ages(text, days):
    assert parse_age(text) == timedelta(days=days)


def test_bad_age_is_refused():
    with pytest.raises(ValueError):
        parse_age("soon")
