"""The stream carries the view: each entry a bearer reads brings that bearer's view as of it
(the same JSON as GET /api/tables/{code} for that bearer and language), computed once per
action, kind of bearer and language in a process."""

from __future__ import annotations

import json

from tableapp import tables as tables_pkg
from tests.api.test_api_idempotency_undo_events import _draw_turn, _parse, _waiting, bearer


def _stream(client, code, token=None, after=0, lang="en"):
    headers = {**(bearer(token) if token else {}), "Last-Event-ID": str(after)}
    headers["Accept-Language"] = lang
    response = client.get(f"/api/tables/{code}/events", headers=headers)
    assert response.status_code == 200
    try:
        return _parse(response.get_data(as_text=True))
    finally:
        response.close()  # gives the stream's slot back, as a server does when it ends


def _get(client, code, token=None, lang="en"):
    headers = {**(bearer(token) if token else {}), "Accept-Language": lang}
    response = client.get(f"/api/tables/{code}", headers=headers)
    assert response.status_code == 200
    return response.get_json()


def test_each_entry_carries_the_bearers_view_as_get_renders_it(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 0.2
    created, tokens = tables.started(3)
    code = created["code"]
    token, drawn = _draw_turn(tables, code, tokens)
    seq = drawn["action"]["seq"]
    bearers = [*tokens, None, created["host_token"]]
    expected = {(b, lang): _get(client, code, b, lang) for b in bearers for lang in ("en", "fr")}
    for (who, lang), view in expected.items():
        (entry,) = _stream(client, code, who, after=seq - 1, lang=lang)
        assert entry["id"] == seq and entry["data"]["view"]["seq"] == seq
        assert entry["data"]["view"] == view
    assert expected[(token, "en")] == drawn["view"]  # the actor's answer kept its view
    assert expected[(None, "en")]["prompt"] != expected[(None, "fr")]["prompt"]


def test_a_stream_never_carries_another_seats_private_part(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 0.2
    created, tokens = tables.started(3)
    code = created["code"]
    token, drawn = _draw_turn(tables, code, tokens)
    card = json.dumps(drawn["action"]["private"][0]["card"]["id"])
    for other in [t for t in tokens if t != token] + [None, created["host_token"]]:
        me = _get(client, code, other)["me"]
        entries = _stream(client, code, other, after=drawn["action"]["seq"] - 1)
        assert entries[-1]["data"]["view"]["me"] == me
        assert card not in json.dumps(entries)
    mine = _stream(client, code, token, after=drawn["action"]["seq"] - 1)
    assert card in json.dumps(mine[-1]["data"]["view"])


def test_catch_up_carries_the_latest_view_on_its_last_entry(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 0.2
    created, tokens = tables.started(3)
    code = created["code"]
    token, drawn = _draw_turn(tables, code, tokens)
    view = _get(client, code, tokens[0])  # before the stream: its closing changes presence
    entries = _stream(client, code, tokens[0], after=0)
    last = drawn["action"]["seq"]
    assert [e["id"] for e in entries] == list(range(1, last + 1))
    assert entries[-1]["data"]["view"] == view
    for entry in entries[:-1]:
        assert "view" not in entry["data"] and entry["data"]["view_at"] == last


def test_the_view_is_computed_once_for_every_stream_of_one_kind_of_bearer(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 0.2
    created, tokens = tables.started(3)
    code = created["code"]
    token, drawn = _draw_turn(tables, code, tokens)
    seq = drawn["action"]["seq"]
    other = next(t for t in tokens if t != token)  # the drawer's view came with its answer
    cache = tables_pkg.view_cache
    before = dict(cache.computed)

    def grown(kind):
        return cache.computed[kind] - before.get(kind, 0)

    first = _stream(client, code, other, after=seq - 1)
    second = _stream(client, code, other, after=seq - 1)
    assert first == second and (grown("view"), grown("game")) == (1, 1)
    # the table screen and the host: one game part, two views (the host has actions)
    screen = _stream(client, code, None, after=seq - 1)[-1]["data"]["view"]
    host = _stream(client, code, created["host_token"], after=seq - 1)[-1]["data"]["view"]
    assert screen["game_view"] == host["game_view"] and screen["me"] != host["me"]
    assert (grown("view"), grown("game")) == (3, 2)
    # another language renders texts again, never the game's work
    _stream(client, code, None, after=seq - 1, lang="fr")
    assert (grown("view"), grown("game")) == (4, 2)


def test_a_live_stream_gets_the_view_of_the_move_it_is_woken_for(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 1.5
    created, tokens = tables.started(3)
    code = created["code"]
    # The host's ties at the deal are settled before the stream opens: it wakes for the draw alone.
    token, view = _waiting(tables, code, tokens)
    watcher = next(t for t in tokens if t != token)
    response = client.get(f"/api/tables/{code}/events", headers=bearer(watcher), buffered=False)
    chunks = iter(response.response)
    assert next(chunks).decode().startswith("retry: ")
    loads = tables_pkg.view_cache.loads
    drawn = tables.act(code, token, "draw").get_json()
    assert drawn["action"]["seq"] == view["seq"] + 1
    expected = _get(client, code, watcher)
    entries = _parse(b"".join(chunks).decode())
    response.close()
    assert [e["id"] for e in entries] == [drawn["action"]["seq"]]
    assert entries[0]["data"]["view"] == expected
    # this process committed the move: its streams render from that table, no new read
    assert tables_pkg.view_cache.loads == loads


def test_the_actors_own_stream_sends_the_view_its_answer_gave_without_rendering_it(
    app, client, tables
):
    app.config["SSE_MAX_SECONDS"] = 0.2
    created, tokens = tables.started(3)
    code = created["code"]
    cache = tables_pkg.view_cache
    token, drawn = _draw_turn(tables, code, tokens)
    before = dict(cache.computed)
    (entry,) = _stream(client, code, token, after=drawn["action"]["seq"] - 1)
    assert entry["data"]["view"] == drawn["view"]
    assert cache.computed["view"] == before.get("view", 0)  # kept from the answer, not redone
    # in another language the view is rendered anew (the answer was in English)
    (french,) = _stream(client, code, token, after=drawn["action"]["seq"] - 1, lang="fr")
    assert french["data"]["view"]["prompt"]["text"] != entry["data"]["view"]["prompt"]["text"]
    assert cache.computed["view"] == before.get("view", 0) + 1
