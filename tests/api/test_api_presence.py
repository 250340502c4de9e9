"""Defect g (issue 17): a phone gone quiet reads "not connected" within a bounded time. A seat
is connected while its phone pinged, acted or opened its stream within PRESENCE_SECONDS; an
open stream alone does not keep it so (a phone off the Wi-Fi leaves it open on the server)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select, update

from tableapp.database.extensions import db
from tableapp.database.models import Seat, Table, utcnow


def _age(app, code: str, seconds: float) -> None:
    """Every seat of the table last heard from ``seconds`` ago."""
    with app.app_context():
        table_id = db.session.scalars(select(Table.id).where(Table.code == code)).one()
        db.session.execute(
            update(Seat)
            .where(Seat.table_id == table_id, Seat.role == "player")
            .values(last_seen=utcnow() - timedelta(seconds=seconds))
        )
        db.session.commit()


def _presence(client, code, token=None, method="get"):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return getattr(client, method)(f"/api/tables/{code}/presence", headers=headers)


def test_g_presence_turns_off_after_the_window_and_a_ping_turns_it_on(app, client, tables):
    created, tokens = tables.started(3)
    code = created["code"]
    window = app.config["PRESENCE_SECONDS"]
    answer = _presence(client, code)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["seconds"] == window and body["ping_seconds"] == window / 3
    assert [s["id"] for s in body["seats"]] == [1, 2, 3]
    assert all(s["connected"] for s in body["seats"])  # they just joined

    _age(app, code, window + 1)
    quiet = _presence(client, code).get_json()["seats"]
    assert not any(s["connected"] for s in quiet)
    assert not any(s["connected"] for s in tables.view(code)["seats"])  # the view agrees

    pinged = _presence(client, code, tokens[1], "post")
    assert pinged.status_code == 200
    seats = {s["id"]: s["connected"] for s in pinged.get_json()["seats"]}
    assert seats == {1: False, 2: True, 3: False}
    assert {s["id"]: s["connected"] for s in tables.view(code)["seats"]} == seats


def test_g_presence_refuses_strangers_and_unknown_tables(client, tables):
    created, tokens = tables.started(2)
    code = created["code"]
    assert _presence(client, code, method="post").status_code == 401
    assert _presence(client, code, "not-a-token", "post").get_json()["code"] == "bad_token"
    assert _presence(client, code, "not-a-token").status_code == 401
    assert _presence(client, "ZZZZZZ").status_code == 404
    # The host's ping is accepted and marks no seat.
    assert _presence(client, code, created["host_token"], "post").status_code == 200


def test_g_a_ping_checks_its_idempotency_key_like_every_post(client, tables):
    created, tokens = tables.started(2)
    headers = {"Authorization": f"Bearer {tokens[0]}", "Idempotency-Key": " "}
    answer = client.post(f"/api/tables/{created['code']}/presence", headers=headers)
    assert answer.status_code == 400 and answer.get_json()["code"] == "bad_idempotency_key"
    headers["Idempotency-Key"] = "ping-1"
    for _ in range(2):  # a repeat is the same ping again
        answer = client.post(f"/api/tables/{created['code']}/presence", headers=headers)
        assert answer.status_code == 200
