"""Idempotency-Key, undo by replay, and the live event stream."""

from __future__ import annotations

import json

from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def _waiting(tables, code, tokens):
    """The player token the game waits for (host ties settled first)."""
    from tests.api.test_api_tables import _turn

    return _turn(tables, code, tokens)


def test_idempotent_action_replays_byte_for_byte(client, tables, key):
    created, tokens = tables.started(2)
    code = created["code"]
    token, view = _waiting(tables, code, tokens)
    k = key()
    first = tables.act(code, token, "draw", key=k)
    second = tables.act(code, token, "draw", key=k)
    assert first.status_code == second.status_code == 201
    assert first.data == second.data
    log = client.get(f"/api/tables/{code}/log", headers=bearer(token)).get_json()["entries"]
    assert [e["type"] for e in log].count("draw") == 1


def test_idempotency_key_with_another_body_is_422(tables, key):
    created, tokens = tables.started(2)
    code = created["code"]
    token, _ = _waiting(tables, code, tokens)
    k = key()
    assert tables.act(code, token, "draw", key=k).status_code == 201
    response = tables.act(code, token, "pass", key=k)
    assert response.status_code == 422
    assert response.get_json()["code"] == "idempotency_key_reused"


def test_idempotency_keys_are_scoped_to_the_bearer(tables, key):
    created, tokens = tables.started(2)
    code = created["code"]
    token, _ = _waiting(tables, code, tokens)
    other = next(t for t in tokens if t != token)
    k = key()
    assert tables.act(code, token, "draw", key=k).status_code == 201
    # the same key from another seat is that seat's own request: refused on its own merits
    response = tables.act(code, other, "draw", key=k)
    assert response.status_code == 403 and response.get_json()["code"] == "not_your_turn"


def test_refusals_are_replayed_too(tables, key):
    created, tokens = tables.started(2)
    code = created["code"]
    token, _ = _waiting(tables, code, tokens)
    other = next(t for t in tokens if t != token)
    k = key()
    first = tables.act(code, other, "draw", key=k)
    second = tables.act(code, other, "draw", key=k)
    assert first.status_code == 403 and first.data == second.data


SECRET = "s3cret-of-the-first-phone-0123456789"


def test_idempotent_join_returns_the_same_seat_and_token(client, tables, key):
    code = tables.create()["code"]
    k = key()
    body = {"name": "Ana", "retry_secret": SECRET}
    first = client.post(f"/api/tables/{code}/seats", json=body, headers={"Idempotency-Key": k})
    second = client.post(f"/api/tables/{code}/seats", json=body, headers={"Idempotency-Key": k})
    assert first.status_code == second.status_code == 201
    assert first.data == second.data
    assert len(tables.view(code)["seats"]) == 1
    assert tables.view(code, first.get_json()["token"])["me"]["seat"] == 1


def test_idempotent_create(client, key):
    k = key()
    body = {"game": "zombie-life", "retry_secret": SECRET}
    first = client.post("/api/tables", json=body, headers={"Idempotency-Key": k})
    second = client.post("/api/tables", json=body, headers={"Idempotency-Key": k})
    assert first.status_code == 201 and first.data == second.data


def _draw_turn(tables, code, tokens):
    token, view = _waiting(tables, code, tokens)
    assert any(a["type"] == "draw" for a in view["actions"])
    response = tables.act(code, token, "draw")
    assert response.status_code == 201
    return token, response.get_json()


def test_undo_then_redo_draws_the_same_card(client, tables):
    created, tokens = tables.started(3)
    code = created["code"]
    token, drawn = _draw_turn(tables, code, tokens)
    card = drawn["action"]["private"]
    assert card  # the drawer sees the card
    # The drawer saw the card: the undo waits for another player's OK (then shows the card).
    undo = client.post(f"/api/tables/{code}/undo", json={}, headers=bearer(token))
    assert undo.status_code == 202
    body = undo.get_json()
    assert body["action"]["type"] == "undo_request"
    assert body["action"]["target"] == drawn["action"]["seq"]
    other = next(t for t in tokens if t != token)
    approved = tables.act(code, other, "approve_undo")
    assert approved.status_code == 201, approved.get_json()
    assert approved.get_json()["view"]["seq"] == drawn["action"]["seq"] + 3
    again = tables.act(code, token, "draw").get_json()
    assert again["action"]["private"] == card
    log = client.get(f"/api/tables/{code}/log").get_json()["entries"]
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
    assert next(e for e in log if e["seq"] == drawn["action"]["seq"])["undone"] is True


def test_undo_is_for_the_host_or_the_seat_that_acted(client, tables):
    created, tokens = tables.started(3)
    code = created["code"]
    token, _ = _draw_turn(tables, code, tokens)
    other = next(t for t in tokens if t != token)
    response = client.post(f"/api/tables/{code}/undo", json={}, headers=bearer(other))
    assert response.status_code == 403 and response.get_json()["code"] == "undo_not_yours"
    response = client.post(
        f"/api/tables/{code}/undo", json={}, headers=bearer(created["host_token"])
    )
    assert response.status_code == 201


def test_nothing_to_undo(client, tables):
    created, _ = tables.started(2)
    response = client.post(
        f"/api/tables/{created['code']}/undo", json={}, headers=bearer(created["host_token"])
    )
    assert response.status_code == 409
    assert response.get_json()["code"] in {"nothing_to_undo"}


def _events(client, code, token=None, last_event_id=None):
    headers = bearer(token) if token else {}
    if last_event_id is not None:
        headers["Last-Event-ID"] = str(last_event_id)
    response = client.get(f"/api/tables/{code}/events", headers=headers)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    return response.get_data(as_text=True)


def _parse(stream: str) -> list[dict]:
    out = []
    for block in stream.split("\n\n"):
        fields = {}
        for line in block.splitlines():
            if line.startswith(":") or ":" not in line:
                continue
            name, _, value = line.partition(":")
            fields[name] = value.lstrip(" ")
        if "data" in fields:
            out.append({"id": int(fields["id"]), "data": json.loads(fields["data"])})
    return out


def test_sse_resume_from_last_event_id_loses_and_repeats_nothing(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 0.3
    created, tokens = tables.started(3)
    code = created["code"]
    token, drawn = _draw_turn(tables, code, tokens)
    everything = _events(client, code, token, last_event_id=0)
    assert everything.startswith("retry: ")
    events = _parse(everything)
    assert [e["id"] for e in events] == list(range(1, drawn["view"]["seq"] + 1))
    # resume in the middle: exactly the rest, in order
    middle = events[2]["id"]
    rest = _parse(_events(client, code, token, last_event_id=middle))
    assert [e["id"] for e in rest] == [e["id"] for e in events if e["id"] > middle]


def test_sse_private_parts_only_for_their_seat(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 0.3
    created, tokens = tables.started(3)
    code = created["code"]
    token, drawn = _draw_turn(tables, code, tokens)
    seq = drawn["action"]["seq"]
    mine = {e["id"]: e["data"] for e in _parse(_events(client, code, token, 0))}
    assert mine[seq]["private"] == drawn["action"]["private"]
    card_id = drawn["action"]["private"][0]["card"]["id"]
    for other in [t for t in tokens if t != token] + [None, created["host_token"]]:
        stream = _events(client, code, other, 0)
        assert card_id not in stream
        assert "private" not in {k for e in _parse(stream) for k in e["data"]}


def test_sse_heartbeat_and_retry(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 2.5  # heartbeat is 1 s under TestConfig
    created, _ = tables.started(2)
    stream = _events(client, created["code"])
    assert stream.startswith("retry: 2000")
    assert stream.count(": heartbeat") >= 1


def test_sse_bad_last_event_id(client, tables):
    created, _ = tables.started(2)
    response = client.get(f"/api/tables/{created['code']}/events", headers={"Last-Event-ID": "abc"})
    assert response.status_code == 400
    assert response.get_json()["code"] == "bad_last_event_id"


def test_views_never_hold_the_draw_pile_or_anothers_card(tables):
    created, tokens = tables.started(3)
    code = created["code"]
    token, drawn = _draw_turn(tables, code, tokens)
    card_id = drawn["action"]["private"][0]["card"]["id"]
    quoted = json.dumps(card_id)  # the id as a JSON string: not the same letters in a hash
    for other in [t for t in tokens if t != token] + [None, created["host_token"]]:
        assert quoted not in json.dumps(tables.view(code, other))
    assert quoted in json.dumps(tables.view(code, token))
    view = tables.view(code)
    assert isinstance(view["game_view"]["draw_pile"], int)


def test_random_actions_keep_log_gap_free(client, tables):
    created, tokens = tables.started(4)
    code = created["code"]
    rng = Rng(b"r" * 32, 0)
    for _ in range(40):
        if tables.view(code)["status"] == "finished":
            break
        token, view = _waiting(tables, code, tokens)
        spec = rng.choice(view["actions"])
        assert tables.act(code, token, spec["type"], random_params(spec, rng)).status_code == 201
    log = client.get(f"/api/tables/{code}/log").get_json()["entries"]
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
