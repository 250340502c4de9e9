"""Database size per 1,000 finished Zombie Life games: ``python -m tests.perf.db_size``.

Plays ``--games`` whole games (random legal actions from each view's ``actions``, posted with
``expected`` and an Idempotency-Key as a phone does) through the app in-process, on SQLite and,
when the PostgreSQL binaries are installed, on a throwaway PostgreSQL cluster; then measures
what the games take and scales it to 1,000 games. The stored Idempotency-Key answers (whole
responses, views included) are counted apart: ``tableapp purge`` drops them after
IDEMPOTENCY_TTL_HOURS (48 h), so a site's steady size is the rest.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import tempfile
import time
import uuid
from pathlib import Path

from tableapp import create_app
from tableapp.config import Config
from tableapp.database import setup
from tableapp.engine.playout import RandomChooser, random_params

TABLES = ("tables", "seats", "actions", "idempotent_responses")


class Settings(Config):
    TESTING = True
    SECRET_KEY = "db-size"
    JOIN_RATE_LIMIT = (10**9, 60)
    CREATE_RATE_LIMIT = (10**9, 60)


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}", "Idempotency-Key": str(uuid.uuid4())}


def play_games(url: str, games: int, players: int, seed: int) -> dict:
    settings = type("S", (Settings,), {"SQLALCHEMY_DATABASE_URI": url})
    app = create_app(settings)
    setup.upgrade(app)
    client = app.test_client()
    rnd = random.Random(seed)
    chooser = RandomChooser(rnd)
    actions = 0
    started = time.perf_counter()
    for _ in range(games):
        created = client.post(
            "/api/tables", json={"game": "zombie-life", "variant": None, "options": {}}
        ).get_json()
        code = created["code"]
        tokens = {0: created["host_token"]}
        for i in range(players):
            joined = client.post(
                f"/api/tables/{code}/seats",
                json={"name": f"Player {i + 1}"},
                headers={"Idempotency-Key": str(uuid.uuid4())},
            ).get_json()
            tokens[joined["seat"]["id"]] = joined["token"]
        response = client.post(
            f"/api/tables/{code}/actions", json={"type": "start"}, headers=bearer(tokens[0])
        )
        view = response.get_json()["view"]
        for _ in range(5000):  # bounded; a game is a few hundred actions
            if view["status"] == "finished":
                break
            seat = rnd.choice([s for s in view["prompt"]["waiting_for"] if s in tokens])
            view = client.get(
                f"/api/tables/{code}", headers={"Authorization": f"Bearer {tokens[seat]}"}
            ).get_json()
            spec = rnd.choice(view["actions"])
            response = client.post(
                f"/api/tables/{code}/actions",
                headers=bearer(tokens[seat]),
                json={
                    "type": spec["type"],
                    "expected": view["seq"],
                    "params": random_params(spec, chooser),
                },
            )
            assert response.status_code == 201, response.get_json()
            view = response.get_json()["view"]
            actions += 1
        assert view["status"] == "finished", "a game did not end"
    elapsed = time.perf_counter() - started
    from tableapp.database.extensions import db

    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    return {
        "games": games,
        "players": players,
        "actions": actions,
        "actions_per_game": round(actions / games, 1),
        "seconds": round(elapsed, 1),
    }


def sqlite_sizes(path: Path) -> dict:
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = connection.execute("PRAGMA page_size").fetchone()[0]
        sizes = {}
        try:  # per table (and its indexes) when SQLite has the dbstat table
            for name in TABLES:
                sizes[name] = connection.execute(
                    "SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name = ? OR name IN "
                    "(SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?)",
                    (name, name),
                ).fetchone()[0]
        except sqlite3.OperationalError:
            sizes = {}
        file_bytes = path.stat().st_size
        connection.execute("VACUUM")
        vacuumed = path.stat().st_size
        return {
            "file_bytes": file_bytes,
            "vacuumed_bytes": vacuumed,
            "page_size": page,
            "tables": sizes,
        }
    finally:
        connection.close()


def postgres_sizes(url: str) -> dict:
    import psycopg

    def measure(connection) -> dict:
        return {
            name: connection.execute("SELECT pg_total_relation_size(%s)", (name,)).fetchone()[0]
            for name in TABLES
        }

    with psycopg.connect(url, autocommit=True) as connection:
        # As it sits after autovacuum's kind of VACUUM: dead row versions of the tables row
        # (rewritten by every action) leave free space that later games reuse.
        connection.execute("VACUUM ANALYZE")
        as_is = measure(connection)
        # Compacted: the live data only (the steady size of many finished games).
        connection.execute("VACUUM FULL")
        sizes = measure(connection)
        database = connection.execute("SELECT pg_database_size(current_database())").fetchone()[0]
    return {"database_bytes": database, "tables": sizes, "tables_before_vacuum_full": as_is}


def per_thousand(sizes: dict, games: int) -> dict:
    tables = sizes.get("tables") or {}
    total = sum(tables.values())
    keys = tables.get("idempotent_responses", 0)
    mib = 1000 / games / 2**20
    return {
        "all_tables_mib": round(total * mib, 1),
        "without_idempotency_answers_mib": round((total - keys) * mib, 1),
        "idempotency_answers_mib": round(keys * mib, 1),
        "per_table_mib": {k: round(v * mib, 2) for k, v in tables.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-postgres", action="store_true")
    options = parser.parse_args()
    report: dict = {}
    with tempfile.TemporaryDirectory(prefix="tableapp-dbsize-") as folder:
        path = Path(folder) / "size.sqlite3"
        played = play_games(f"sqlite:///{path}", options.games, options.players, options.seed)
        sizes = sqlite_sizes(path)
        report["sqlite"] = {
            "played": played,
            "sizes": sizes,
            "per_1000_games": per_thousand(sizes, options.games),
        }
        report["sqlite"]["per_1000_games"]["file_after_vacuum_mib"] = round(
            sizes["vacuumed_bytes"] * 1000 / options.games / 2**20, 1
        )
    if not options.no_postgres:
        from tests.hosted import services

        try:
            postgres = services.Postgres().start()
        except services.Missing as missing:
            report["postgresql"] = {"skipped": str(missing)}
        else:
            try:
                played = play_games(
                    postgres.url.replace("postgresql://", "postgresql+psycopg://"),
                    options.games,
                    options.players,
                    options.seed,
                )
                sizes = postgres_sizes(postgres.url)
                report["postgresql"] = {
                    "played": played,
                    "sizes": sizes,
                    "per_1000_games": per_thousand(sizes, options.games),
                    "per_1000_games_before_vacuum_full": per_thousand(
                        {"tables": sizes["tables_before_vacuum_full"]}, options.games
                    ),
                }
            finally:
                postgres.stop()
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
