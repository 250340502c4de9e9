"""A Hypothesis state machine over the whole action path (HTTP → tableapp.tables → rules → log).

After every step: cards are conserved, no seat's view holds another seat's private card (nor
any draw-pile card), the log is gap-free, and replaying the log reproduces the stored state.
"""

from __future__ import annotations

import json
import tempfile

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from tableapp import catalog, create_app
from tableapp.config import TestConfig
from tableapp.database import setup
from tableapp.database.extensions import db
from tableapp.database.models import Table
from tableapp.engine.playout import random_params
from tableapp.engine.replay import replay
from tableapp.engine.rng import Rng
from tableapp.tables import log_entries
from tests.conftest import PG_URL, TableHelper, _reset_postgres


class ActionPath(RuleBasedStateMachine):
    @initialize(players=st.integers(2, 5))
    def open_table(self, players):
        self.tmp = tempfile.TemporaryDirectory()

        class Config(TestConfig):
            SQLALCHEMY_DATABASE_URI = PG_URL or f"sqlite:///{self.tmp.name}/m.sqlite3"

        self.app = create_app(Config)
        if PG_URL:
            _reset_postgres(self.app)
        setup.upgrade(self.app)
        self.tables = TableHelper(self.app.test_client())
        created, self.tokens = self.tables.started(players)
        self.code, self.host = created["code"], created["host_token"]

    def teardown(self):
        if hasattr(self, "app"):
            with self.app.app_context():
                db.session.remove()
                db.engine.dispose()
            self.tmp.cleanup()

    def _actor(self):
        for token in [self.host, *self.tokens]:
            view = self.tables.view(self.code, token)
            if view["actions"]:
                return token, view
        return None, None

    @rule(seed=st.integers(0, 2**32))
    def act(self, seed):
        token, view = self._actor()
        if token is None:
            return
        rng = Rng(seed.to_bytes(8, "big") * 4, 0)
        spec = rng.choice(view["actions"])
        response = self.tables.act(
            self.code, token, spec["type"], random_params(spec, rng), expected=view["seq"]
        )
        assert response.status_code == 201, response.get_json()

    @rule()
    def undo(self):
        response = self.tables.client.post(
            f"/api/tables/{self.code}/undo",
            json={},
            headers={"Authorization": f"Bearer {self.host}"},
        )
        assert response.status_code in (201, 409), response.get_json()

    @rule(seed=st.integers(0, 2**32))
    def illegal(self, seed):
        """Garbage params never change anything."""
        token, view = self._actor()
        if token is None:
            return
        response = self.tables.act(self.code, token, view["actions"][0]["type"], {"bogus": seed})
        assert response.status_code == 422
        assert self.tables.view(self.code)["seq"] == view["seq"]

    @invariant()
    def consistent(self):
        if not hasattr(self, "app"):
            return
        with self.app.app_context():
            table = db.session.query(Table).filter_by(code=self.code).one()
            game = catalog.game(table.game)
            game.check_invariants(table.state)
            entries = log_entries(table)
            assert [e["number"] for e in entries] == list(range(1, table.seq + 1))
            replayed = replay(
                game,
                content=table.content,
                variant=table.variant,
                options=table.options,
                seed=bytes.fromhex(table.seed),
                entries=entries,
            )
            assert json.dumps(replayed.state, sort_keys=True) == json.dumps(
                table.state, sort_keys=True
            )
            secret = game.reveal(table.state)
            draw_ids = {c if isinstance(c, str) else json.dumps(c) for c in _draw_pile_ids(secret)}
            pending = table.state.get("pending")
            db.session.remove()
        views = {t: json.dumps(self.tables.view(self.code, t)) for t in self.tokens}
        views[None] = json.dumps(self.tables.view(self.code))
        finished = '"status": "finished"' in views[None] or '"status":"finished"' in views[None]
        if not finished:
            for text in views.values():
                for card in draw_ids:
                    assert f'"{card}"' not in text
        if pending:
            card_id = pending["card"] if isinstance(pending, dict) else pending
            card_id = card_id.get("id") if isinstance(card_id, dict) else card_id
            seat = pending.get("seat") if isinstance(pending, dict) else None
            for token, text in views.items():
                me = None if token is None else json.loads(text)["me"]["seat"]
                if me != seat:
                    assert f'"{card_id}"' not in text


def _draw_pile_ids(state: dict) -> list:
    for key in ("draw_pile", "draw", "deck"):
        if isinstance(state.get(key), list):
            return state[key]
    piles = state.get("piles") or {}
    return piles.get("draw", [])


ActionPath.TestCase.settings = settings(
    max_examples=12,
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestActionPath = ActionPath.TestCase
