"""Undo nobody can fish with: taking back an action that showed its actor something (a drawn
card, the draw that eliminated them) needs another player's OK, and once applied the undo shows
everyone what the action had shown. Undos of actions that showed nothing stay immediate; the
host's undo is immediate but shows what the action had shown, too.
"""

from __future__ import annotations

import json

import pytest

from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng
from tableapp.tables import lobby
from tests.api.test_api_tables import _turn


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def undo(client, code, token, **body):
    return client.post(f"/api/tables/{code}/undo", json=body, headers=bearer(token))


def public_log(client, code):
    return client.get(f"/api/tables/{code}/log").get_json()["entries"]


def drawn_card(tables, code, tokens):
    """The player to move draws until a draw leaves its card to place (one that only one area
    may take goes there at once, ZL-2): (their token, the draw's answer, the card they saw)."""
    for _ in range(20):
        token, view = _turn(tables, code, tokens)
        assert any(a["type"] == "draw" for a in view["actions"])
        response = tables.act(code, token, "draw")
        assert response.status_code == 201, response.get_json()
        drawn = response.get_json()
        if drawn["action"].get("private"):  # seen by its drawer alone until placed
            return token, drawn, drawn["action"]["private"][0]["card"]
    raise AssertionError("no draw left a card to place")


def types(view):
    return [a["type"] for a in view["actions"]]


def test_ZL_2_undo_of_a_draw_waits_for_another_player_then_shows_the_card(client, tables):
    created, tokens = tables.started(3)
    code, host = created["code"], created["host_token"]
    token, drawn, card = drawn_card(tables, code, tokens)
    draw_seq = drawn["action"]["seq"]
    assert drawn["action"]["reveals"] is True
    others = [t for t in tokens if t != token]

    asked = undo(client, code, token)
    assert asked.status_code == 202, asked.get_json()
    body = asked.get_json()
    assert body["action"]["type"] == "undo_request" and body["action"]["target"] == draw_seq
    event = body["action"]["events"][0]
    assert event["msg"] == "undo.requested"
    assert event["target"] == draw_seq and event["args"]["what"]["args"]["number"] == draw_seq
    # The action by what it did, quoted, never by its number (plumbing); the asker's own
    # phone says "You": defect j of #17.
    assert event["text"].startswith("You ask to undo “"), event["text"]
    assert "drew a card”" in event["text"] and "showed you something" in event["text"]
    assert f"action {draw_seq}" not in event["text"]
    request = body["view"]["undo_request"]
    assert request == {
        "seq": draw_seq + 1,
        "seat": event["args"]["seat"]["seat"],
        "target": draw_seq,
        "type": "draw",
    }
    # The asker may only withdraw; every other seat and the host may approve or refuse.
    assert types(body["view"]) == ["cancel_undo"]
    for other in [*others, host]:
        assert types(tables.view(code, other)) == ["approve_undo", "refuse_undo"]
    assert tables.view(code)["actions"] == []
    assert tables.view(code)["undo_request"] == request
    # Nothing is revealed yet: the card is still the drawer's alone.
    assert json.dumps(card["id"]) not in json.dumps(public_log(client, code))

    # The game waits: no game action, no second undo, no approving one's own request.
    placed = tables.act(code, token, "place", {"area": "horde"})
    assert placed.status_code == 409 and placed.get_json()["code"] == "undo_pending"
    again = undo(client, code, token)
    assert again.status_code == 409 and again.get_json()["code"] == "undo_pending"
    own = tables.act(code, token, "approve_undo")
    assert own.status_code == 403 and own.get_json()["code"] == "own_undo_request"
    assert tables.view(code)["seq"] == draw_seq + 1

    approved = tables.act(code, others[0], "approve_undo")
    assert approved.status_code == 201, approved.get_json()
    assert approved.get_json()["action"]["type"] == "approve_undo"
    assert approved.get_json()["view"]["undo_request"] is None
    log = public_log(client, code)
    assert [e["type"] for e in log[-3:]] == ["undo_request", "approve_undo", "undo"]
    assert next(e for e in log if e["seq"] == draw_seq)["undone"] is True
    applied = log[-1]["events"][0]
    assert applied["msg"] == "undo.revealed" and applied["target"] == draw_seq
    # What the drawer had seen is now the table's: as data and in words.
    assert applied["seen"] == drawn["action"]["private"]
    assert f"{card['value']} ({card['name']})" in applied["text"]
    assert "now shown to everyone" in applied["text"]
    # The first answer decided: a second one finds nothing to answer.
    late = tables.act(code, others[1], "refuse_undo")
    assert late.status_code == 409 and late.get_json()["code"] == "no_undo_request"
    # The same stream again: the redraw is the card everyone now knows.
    redraw = tables.act(code, token, "draw").get_json()
    assert redraw["action"]["private"][0]["card"] == card


def test_ZL_2_a_refused_undo_leaves_the_draw_and_shows_nothing(client, tables):
    created, tokens = tables.started(3)
    code = created["code"]
    token, drawn, card = drawn_card(tables, code, tokens)
    assert undo(client, code, token).status_code == 202
    other = next(t for t in tokens if t != token)
    refused = tables.act(code, other, "refuse_undo")
    assert refused.status_code == 201, refused.get_json()
    assert refused.get_json()["action"]["events"][0]["msg"] == "undo.refused"
    view = tables.view(code, token)
    assert view["undo_request"] is None and types(view) == ["place"]
    assert view["game_view"]["pending"]["card"] == card
    log = public_log(client, code)
    assert not any(e["undone"] for e in log)
    assert json.dumps(card["id"]) not in json.dumps(log)
    assert tables.act(code, token, "place", {"area": "horde"}).status_code == 201


def test_ZL_2_the_asker_may_withdraw_the_request(client, tables):
    created, tokens = tables.started(3)
    code = created["code"]
    token, drawn, card = drawn_card(tables, code, tokens)
    assert undo(client, code, token).status_code == 202
    other = next(t for t in tokens if t != token)
    response = tables.act(code, other, "cancel_undo")
    assert response.status_code == 403 and response.get_json()["code"] == "not_your_undo_request"
    response = tables.act(code, token, "cancel_undo", {"extra": 1})
    assert response.status_code == 422
    cancelled = tables.act(code, token, "cancel_undo")
    assert cancelled.status_code == 201, cancelled.get_json()
    assert cancelled.get_json()["action"]["events"][0]["msg"] == "undo.cancelled"
    assert types(tables.view(code, token)) == ["place"]
    assert json.dumps(card["id"]) not in json.dumps(public_log(client, code))
    # Withdrawn, it can be asked again (and waits again).
    assert undo(client, code, token).status_code == 202


def test_undo_answers_are_refused_when_nobody_asked(tables):
    created, tokens = tables.started(2)
    token, _ = _turn(tables, created["code"], tokens)
    response = tables.act(created["code"], token, "approve_undo")
    assert response.status_code == 409 and response.get_json()["code"] == "no_undo_request"


def test_the_host_may_answer_a_request(client, tables):
    created, tokens = tables.started(2)
    code = created["code"]
    token, drawn, card = drawn_card(tables, code, tokens)
    assert undo(client, code, token).status_code == 202
    approved = tables.act(code, created["host_token"], "approve_undo")
    assert approved.status_code == 201
    assert public_log(client, code)[-1]["events"][0]["seen"] == drawn["action"]["private"]


def test_ZL_4_undo_of_an_action_that_showed_nothing_stays_immediate(client, tables):
    created, tokens = tables.started(3)
    code = created["code"]
    token, view = _turn(tables, code, tokens)
    passed = tables.act(code, token, "pass")
    assert passed.status_code == 201
    assert "reveals" not in passed.get_json()["action"]
    response = undo(client, code, token)
    assert response.status_code == 201, response.get_json()
    event = response.get_json()["action"]["events"][0]
    assert event["msg"] == "undo.done" and "seen" not in event
    assert response.get_json()["view"]["undo_request"] is None


def test_ZL_2_host_undo_is_immediate_and_shows_what_the_drawer_saw(client, tables):
    created, tokens = tables.started(3)
    code = created["code"]
    token, drawn, card = drawn_card(tables, code, tokens)
    response = undo(client, code, created["host_token"])
    assert response.status_code == 201, response.get_json()
    event = response.get_json()["action"]["events"][0]
    assert event["msg"] == "undo.revealed"
    assert event["args"]["seat"] == {"seat": 0} and event["seen"] == drawn["action"]["private"]
    assert event["text"].startswith("The host undid “"), event["text"]
    assert card["id"] in json.dumps(public_log(client, code))


@pytest.fixture
def fixed_seed(monkeypatch):
    """Tables opened in this test share one server seed, so the play is the same each run."""
    monkeypatch.setattr(lobby, "new_seed", lambda: bytes(range(32)))


def test_ZL_2_an_eliminated_player_cannot_take_back_the_draw_alone(client, tables, fixed_seed):
    created, tokens = tables.started(3)
    code = created["code"]
    rng = Rng(b"e" * 32, 0)
    for _ in range(1500):
        token, view = _turn(tables, code, tokens)
        kinds = types(view)
        kind = "draw" if "draw" in kinds else rng.choice(kinds)
        spec = next(a for a in view["actions"] if a["type"] == kind)
        response = tables.act(code, token, kind, random_params(spec, rng))
        assert response.status_code == 201, response.get_json()
        entry = response.get_json()["action"]
        if kind == "draw" and any("eliminated" in e["text"] for e in entry["events"]):
            break  # ZL-2: overwhelmed, in public
    else:
        pytest.fail("no draw eliminated anyone")
    assert any(e.get("rule") == "ZL-2" and "eliminated" in e["text"] for e in entry["events"])
    assert entry["reveals"] is True  # it drew from the table's shuffle
    asked = undo(client, code, token)
    assert asked.status_code == 202, asked.get_json()
    other = next(t for t in tokens if t != token)
    assert tables.act(code, other, "approve_undo").status_code == 201
    applied = public_log(client, code)[-1]["events"][0]
    assert applied["msg"] == "undo.revealed.public"  # nothing private: what all had seen
    assert applied["seen"] == [] and applied["shown"] == entry["events"]
    eliminating = next(e for e in entry["events"] if e.get("rule") == "ZL-2")["card"]
    assert f"{eliminating['value']} ({eliminating['name']})" in applied["text"]


def test_undo_requests_reach_every_phone_on_the_stream(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 0.3
    created, tokens = tables.started(2)
    code = created["code"]
    token, drawn, card = drawn_card(tables, code, tokens)
    assert undo(client, code, token).status_code == 202
    other = next(t for t in tokens if t != token)
    stream = client.get(
        f"/api/tables/{code}/events", headers=bearer(other) | {"Last-Event-ID": "0"}
    ).get_data(as_text=True)
    assert '"type":"undo_request"' in stream and card["id"] not in stream
