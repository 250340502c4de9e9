"""Tables from before the log's hash chain get theirs when the database is migrated, and the
first chain (entries hashed in the clear) is linked again under each table's key: the same
heads the live path writes, so their export verifies and every screen shows its head."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from sqlalchemy import text

from tableapp.database.extensions import db
from tableapp.verify import verify_export
from tests.api.test_api_tables import play_to_the_end

HEADS = "SELECT number, head FROM actions ORDER BY table_id, number"
VERSIONS = Path(__file__).parents[2] / "migrations/versions"
MIGRATION = VERSIONS / "d4e8b1c7a2f9_log_chain_undo_state.py"
KEYED = VERSIONS / "e7a1c5d3b9f2_keyed_log_chain.py"


def _migration(path=MIGRATION):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_migration_gives_older_tables_the_chain_the_live_path_writes(app, client, tables):
    created, tokens = tables.started(3)
    code = created["code"]
    final = play_to_the_end(tables, code, tokens)
    lobby = tables.create()["code"]  # a table with no entry: its head is its genesis
    lobby_head = tables.view(lobby)["log_head"]
    with app.app_context():
        heads = db.session.execute(text(HEADS)).all()
        db.session.remove()
    assert all(head for _, head in heads)
    with app.app_context():  # as the migration finds tables from before the chain
        with db.engine.begin() as connection:
            connection.execute(text("UPDATE actions SET head = NULL, before = NULL"))
            connection.execute(text("UPDATE tables SET log_head = NULL"))
            _migration()._backfill(connection)  # the first chain, in the clear
            first = connection.execute(text(HEADS)).all()
            _migration(KEYED)._relink(connection)  # then sealed under each table's key
    assert {head for _, head in first}.isdisjoint(head for _, head in heads)
    with app.app_context():
        again = db.session.execute(text(HEADS)).all()
        db.session.remove()
    assert again == heads
    assert tables.view(code)["log_head"] == final["log_head"]
    assert tables.view(lobby)["log_head"] == lobby_head
    export = client.get(f"/api/tables/{code}/export").get_json()
    assert export["log_head"] == final["log_head"] and verify_export(export) is None
