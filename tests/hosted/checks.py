"""Checks straight against the database: the log is gap-free and the stored state is the log.

The tests read PostgreSQL with their own connection (not through the app): a table's actions
must be numbered 1..seq without a gap, replaying them from the seed must give exactly the
stored state and the logged events (the same check ``tableapp verify`` makes), and the game's
invariants (card conservation) must hold on the stored state.
"""

from __future__ import annotations

from sqlalchemy import create_engine, text

from tableapp import catalog
from tableapp.tables import EXPORT_FORMAT
from tableapp.verify import verify_export


def engine_for(url: str):
    return create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))


class Database:
    def __init__(self, url: str) -> None:
        self.engine = engine_for(url)

    def close(self) -> None:
        self.engine.dispose()

    def table(self, code: str) -> dict:
        with self.engine.connect() as connection:
            row = (
                connection.execute(text("SELECT * FROM tables WHERE code = :c"), {"c": code})
                .mappings()
                .one()
            )
            actions = (
                connection.execute(
                    text(
                        "SELECT number, seat, type, payload, undone, reveals, public, private, "
                        "head, idempotency_key FROM actions WHERE table_id = :t ORDER BY number"
                    ),
                    {"t": row["id"]},
                )
                .mappings()
                .all()
            )
            seats = (
                connection.execute(
                    text(
                        "SELECT number, name, colour FROM seats WHERE table_id = :t "
                        "AND role = 'player' ORDER BY number"
                    ),
                    {"t": row["id"]},
                )
                .mappings()
                .all()
            )
        return {
            "row": dict(row),
            "actions": [dict(a) for a in actions],
            "seats": [dict(s) for s in seats],
        }

    def actions_with_key(self, key: str) -> list[dict]:
        with self.engine.connect() as connection:
            return [
                dict(r)
                for r in connection.execute(
                    text(
                        "SELECT t.code, a.number, a.type, a.seat FROM actions a "
                        "JOIN tables t ON t.id = a.table_id WHERE a.idempotency_key = :k"
                    ),
                    {"k": key},
                )
                .mappings()
                .all()
            ]

    def check_table(self, code: str) -> dict:
        """Gap-free log, state = replay of the log, invariants hold; returns the table."""
        table = self.table(code)
        row, actions = table["row"], table["actions"]
        numbers = [a["number"] for a in actions]
        assert numbers == list(range(1, row["seq"] + 1)), (
            f"{code}: log numbers {numbers[:5]}…{numbers[-5:]} vs seq {row['seq']}"
        )
        game = catalog.game(row["game"])
        start = next((a for a in actions if a["type"] == "start"), None)
        export = {
            "format": EXPORT_FORMAT,
            "code": row["code"],
            "content_origin": row["content_origin"],
            "log_head": row["log_head"],
            "seed": row["seed"],
            "seed_commitment": row["seed_commitment"],
            "game": row["game"],
            "variant": row["variant"],
            "options": row["options"],
            "content": row["content"],
            "contributions": (start["payload"] if start else {}).get("contributions"),
            "effective_seed": row["play_seed"],
            "seats": [
                {"id": s["number"], "position": i, "name": s["name"], "colour": s["colour"]}
                for i, s in enumerate(table["seats"])
            ],
            "actions": [
                {
                    k: a[k]
                    for k in (
                        "number",
                        "seat",
                        "type",
                        "payload",
                        "undone",
                        "reveals",
                        "public",
                        "private",
                        "head",
                    )
                }
                for a in actions
            ],
            "final_state": game.reveal(row["state"]),
            "result": game.result(row["state"]),
        }
        problem = verify_export(export)
        assert problem is None, f"{code}: {problem}"
        game.check_invariants(row["state"])
        return table
