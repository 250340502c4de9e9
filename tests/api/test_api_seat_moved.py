"""Host powers in the open, and a moved seat's old phone goes quiet.

Re-issuing a seat's token is logged for everyone ("The host moved Ben's seat to a new phone");
an event stream the old phone already had open re-checks its bearer when it reads that entry,
sends nothing private after it, says ``revoked`` and ends. The new phone's stream, reading the
same entry, carries on.
"""

from __future__ import annotations

import json
import time

from tests.api.test_api_tables import _turn


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def reissue(client, code, host, seat):
    response = client.post(f"/api/tables/{code}/seats/{seat}/token", headers=bearer(host))
    assert response.status_code == 200, response.get_json()
    return response.get_json()["token"]


def blocks(text: str) -> list[dict]:
    out = []
    for block in text.split("\n\n"):
        fields = {}
        for line in block.splitlines():
            if line and not line.startswith(":"):
                name, _, value = line.partition(":")
                fields[name] = value.lstrip(" ")
        if "data" in fields:
            out.append({"event": fields.get("event"), "data": json.loads(fields["data"])})
    return out


def test_reissue_is_logged_publicly_with_its_message(client, tables):
    created, tokens = tables.started(2)
    code = created["code"]
    seq = tables.view(code)["seq"]
    reissue(client, code, created["host_token"], 2)
    log = client.get(f"/api/tables/{code}/log").get_json()["entries"]
    entry = log[-1]
    assert entry["seq"] == seq + 1 and entry["type"] == "reissue" and entry["seat"] == 0
    (event,) = entry["events"]
    assert event["msg"] == "seat.moved" and event["args"] == {"seat": {"seat": 2}}
    assert event["text"] == "The host moved P2's seat to a new phone."
    # A moved seat changes nothing in the game: the same player is to move, as before.
    assert (
        tables.view(code)["prompt"]["waiting_for"]
        == tables.view(code, tokens[0])["prompt"]["waiting_for"]
    )


def test_an_open_stream_of_a_moved_seat_carries_nothing_private_and_ends(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 8  # an upper bound: the stream must end well before it
    created, tokens = tables.started(3)
    code = created["code"]
    token, view = _turn(tables, code, tokens)
    seat = view["me"]["seat"]
    response = client.get(f"/api/tables/{code}/events", headers=bearer(token), buffered=False)
    assert response.status_code == 200
    chunks = iter(response.response)
    assert next(chunks).decode().startswith("retry: ")
    opened = time.monotonic()
    new = reissue(client, code, created["host_token"], seat)
    drawn = tables.act(code, new, "draw")
    assert drawn.status_code == 201
    card = drawn.get_json()["action"]["private"][0]["card"]
    rest = b"".join(chunks).decode()
    response.close()
    assert card["id"] not in rest and '"private"' not in rest
    events = blocks(rest)
    assert [e["event"] for e in events] == ["action", "revoked"]
    assert events[0]["data"]["type"] == "reissue"
    assert "view" not in events[0]["data"]  # the seat's view is no longer this phone's
    assert events[1]["data"]["code"] == "seat_moved" and events[1]["data"]["seat"] == seat
    assert time.monotonic() - opened < 6
    # Reconnecting with the old token is refused; the new phone reads the seat's private part.
    again = client.get(f"/api/tables/{code}/events", headers=bearer(token))
    assert again.status_code == 401


def test_the_new_phones_stream_reads_the_same_entry_and_carries_on(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 0.5
    created, tokens = tables.started(2)
    code = created["code"]
    token, view = _turn(tables, code, tokens)
    new = reissue(client, code, created["host_token"], view["me"]["seat"])
    drawn = tables.act(code, new, "draw").get_json()
    stream = client.get(
        f"/api/tables/{code}/events", headers=bearer(new) | {"Last-Event-ID": "0"}
    ).get_data(as_text=True)
    events = blocks(stream)
    assert "revoked" not in [e["event"] for e in events]
    assert events[-1]["data"]["private"] == drawn["action"]["private"]


def test_another_seats_move_does_not_end_my_stream(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 0.5
    created, tokens = tables.started(2)
    code = created["code"]
    reissue(client, code, created["host_token"], 2)
    stream = client.get(
        f"/api/tables/{code}/events", headers=bearer(tokens[0]) | {"Last-Event-ID": "0"}
    ).get_data(as_text=True)
    assert [e["data"]["type"] for e in blocks(stream)][-1] == "reissue"
    assert "event: revoked" not in stream
