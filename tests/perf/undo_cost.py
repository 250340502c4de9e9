"""What an undo costs as the log grows: ``python -m tests.perf.undo_cost``.

A Zombie Life table (3 players, in-process app, SQLite in a temporary folder) is grown to each
``--entries`` size by actions each taken back by the host (a pair adds two entries, the state
stays where it was); at each size, ``--samples`` times: the player to move posts an action
(timed: what an action costs) and the host undoes it (timed). Each undo is timed twice: as it
runs now (the action kept the state before it) and the way it ran before, replaying the whole
log (the actions' kept states cleared, as for a table logged before they existed). Prints the
medians in milliseconds. A figure to report, not a pass/fail test.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from sqlalchemy import update

from tableapp import create_app
from tableapp.config import Config
from tableapp.database import setup
from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng


class Settings(Config):
    TESTING = True
    SECRET_KEY = "undo-cost"
    JOIN_RATE_LIMIT = (10**9, 60)
    CREATE_RATE_LIMIT = (10**9, 60)


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


class Table:
    def __init__(self, client, app) -> None:
        self.client, self.app = client, app
        created = client.post(
            "/api/tables", json={"game": "zombie-life", "variant": None, "options": {}}
        ).get_json()
        self.code, self.host = created["code"], created["host_token"]
        self.tokens = [
            client.post(f"/api/tables/{self.code}/seats", json={"name": f"P{i}"}).get_json()[
                "token"
            ]
            for i in range(1, 4)
        ]
        assert self._act(self.host, {"type": "start", "params": {}}).status_code == 201
        self.rng = Rng(b"undo-cost" * 4, 0)

    def _act(self, token, body):
        return self.client.post(
            f"/api/tables/{self.code}/actions", json=body, headers=bearer(token)
        )

    def view(self, token=None):
        headers = bearer(token) if token else {}
        return self.client.get(f"/api/tables/{self.code}", headers=headers).get_json()

    def act(self) -> float:
        """The waiting player's first legal action; its time in seconds."""
        for token in [self.host, *self.tokens]:
            view = self.view(token)
            if view["actions"]:
                spec = view["actions"][0]
                body = {"type": spec["type"], "params": random_params(spec, self.rng)}
                started = time.perf_counter()
                response = self._act(token, body)
                elapsed = time.perf_counter() - started
                assert response.status_code == 201, response.get_json()
                return elapsed
        raise RuntimeError("nobody can act")

    def undo(self) -> float:
        started = time.perf_counter()
        response = self.client.post(
            f"/api/tables/{self.code}/undo", json={}, headers=bearer(self.host)
        )
        elapsed = time.perf_counter() - started
        assert response.status_code == 201, response.get_json()
        return elapsed

    def forget_kept_states(self) -> None:
        """As for a table logged before actions kept their state: the undo replays."""
        from tableapp.database.extensions import db
        from tableapp.database.models import Action

        with self.app.app_context():
            db.session.execute(update(Action).values(before=None))
            db.session.commit()

    def entries(self) -> int:
        return self.view()["seq"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", default="200,1600,3200")
    parser.add_argument("--samples", type=int, default=15)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tableapp-undo-"))
    settings = type(
        "S", (Settings,), {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'undo.sqlite3'}"}
    )
    app = create_app(settings)
    setup.upgrade(app)
    table = Table(app.test_client(), app)
    print("entries  action ms  undo ms (kept state)  undo ms (full replay, as before)")
    for size in (int(n) for n in args.entries.split(",")):
        while table.entries() < size:
            table.act()
            table.undo()
        at, acts, kept, replayed = table.entries(), [], [], []
        for _ in range(args.samples):
            acts.append(table.act())
            kept.append(table.undo())
            table.act()
            table.forget_kept_states()
            replayed.append(table.undo())
        print(
            f"{at:>7}  {statistics.median(acts) * 1000:9.1f}  "
            f"{statistics.median(kept) * 1000:20.1f}  {statistics.median(replayed) * 1000:31.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
