"""The privacy suite on the streamed views (issue 19): what a stream carries is checked the way
``tests/unit/test_privacy.py`` checks ``game.view``.

Every game of the catalogue is played over HTTP with random legal moves (whoever the game
waits for, the host settling what is asked of it), and after each move every bearer's stream
(each seat, the host, the table screen) is read on from the move before: it carries exactly the
new entries, the last with that bearer's view as GET answers it, and nothing in it names what its
reader may not know (its view nothing hidden from that viewer, its entries nothing another seat
knows and it does not). An undo that shows what a draw had shown reaches every stream.
"""

from __future__ import annotations

import random

import pytest

from tableapp.database import store
from tableapp.engine import HOST
from tableapp.engine.playout import NOT_PLAYED, RandomChooser, random_params
from tableapp.engine.privacy import atoms
from tests.api.test_api_idempotency_undo_events import _draw_turn, _parse, bearer
from tests.api.test_api_stream_views import _get
from tests.unit.test_privacy import GAMES, Checker

#: Moves played per table, each read by every bearer's stream (a few seconds a game at most).
MOVES = 50


def _cases():
    for game in GAMES:
        for variant in game.variants:
            yield pytest.param(game, variant, id=f"{game.id}-{variant}")


def _read(client, code: str, token: str | None, after: int) -> list[dict]:
    """What the bearer's stream sends from action ``after`` on; the response is closed, which
    gives its address's stream slot back (a phone's connection ends so)."""
    headers = {**(bearer(token) if token else {}), "Last-Event-ID": str(after)}
    with client.get(f"/api/tables/{code}/events", headers=headers) as response:
        assert response.status_code == 200
        return _parse(response.get_data(as_text=True))


def _state(app, code: str) -> dict:
    with app.app_context():
        return store.load_table(code).state


def _next_move(readers, views, chooser):
    """(token, spec) of a random legal move by one the game waits for (the host too)."""
    waiting = views[0]["prompt"]["waiting_for"]
    offered = [
        (token, spec, seat if seat is not None else HOST)
        for (token, seat), view in zip(readers, views, strict=True)
        if token is not None
        for spec in view["actions"]
        if spec["type"] not in NOT_PLAYED
    ]
    asked = [(token, spec) for token, spec, who in offered if who in waiting]
    return chooser.choice(asked or [(token, spec) for token, spec, _ in offered])


def _check_privacy(check: Checker, state: dict, seat: int | None, entries: list[dict]) -> None:
    """Nothing in ``entries`` (a stream's read) names what ``seat`` (None: the host or the
    table screen) may not know: its view against what is hidden from it now, its entries'
    events against what another seat knows and it does not (an event may name a card that is
    back in a secret pile by now, as the unit suite says)."""
    game = check.game.id
    view = entries[-1]["data"]["view"]
    leaked = check.hidden(state, seat) & set(atoms(view))
    assert not leaked, f"{game}: the stream of {seat} carries {sorted(leaked)[:5]} in its view"
    logged = [{k: v for k, v in e["data"].items() if k != "view"} for e in entries]
    leaked = check.private_from(state, seat) & set(atoms(logged))
    assert not leaked, f"{game}: the stream of {seat} carries {sorted(leaked)[:5]} in {logged}"


@pytest.mark.parametrize("game, variant", list(_cases()))
def test_no_stream_carries_what_its_bearer_may_not_see(app, client, tables, game, variant):
    app.config["SSE_MAX_SECONDS"] = 0  # one read of what the stream has missed, then it ends
    low, high = game.players
    created, tokens = tables.started(max(low, min(high, 3)), game.id, variant)
    code = created["code"]
    # (token, the seat it reads as): every seat, the host, the table screen
    readers = [(t, _get(client, code, t)["me"]["seat"]) for t in tokens]
    readers += [(created["host_token"], None), (None, None)]
    check = Checker(game)
    chooser = RandomChooser(random.Random(f"stream-privacy/{game.id}/{variant}"))
    seen = 0  # the last action every stream has read
    for _ in range(MOVES + 1):
        # The views first: a stream's opening and closing changes its seat's presence.
        views = [_get(client, code, token) for token, _ in readers]
        state = _state(app, code)
        now = views[0]["seq"]
        for (token, seat), view in zip(readers, views, strict=True):
            entries = _read(client, code, token, seen)
            assert [e["id"] for e in entries] == list(range(seen + 1, now + 1))
            assert entries[-1]["data"]["view"] == view, (game.id, seat, now)
            _check_privacy(check, state, seat, entries)
        seen = now
        if views[0]["status"] == "finished":
            break
        token, spec = _next_move(readers, views, chooser)
        response = tables.act(code, token, spec["type"], random_params(spec, chooser))
        assert response.status_code == 201, (game.id, spec["type"], response.get_json())
    assert seen > len(tokens) + 1, "no move was played"


def test_ZL_2_an_undos_reveal_reaches_every_stream(app, client, tables):
    """A draw undone on another player's OK shows everyone the card (``undo.revealed``): every
    stream that followed the table from the draw on gets the request, the answer and the undo
    with the card in its ``seen``, and the bearer's view as GET answers it after them."""
    app.config["SSE_MAX_SECONDS"] = 0.5
    created, tokens = tables.started(3)
    code, host = created["code"], created["host_token"]
    token, drawn = _draw_turn(tables, code, tokens)
    draw = drawn["action"]["seq"]
    (private,) = drawn["action"]["private"]
    card, shown = private["card"], private["args"]["card"]  # its id, the message the drawer read
    others = [t for t in tokens if t != token]
    readers = [*others, host, None, token]  # every other seat, the host, the screen, the drawer
    # Every stream is open before anyone asks for the undo.
    streams = []
    for reader in readers:
        headers = {**(bearer(reader) if reader else {}), "Last-Event-ID": str(draw)}
        response = client.get(f"/api/tables/{code}/events", headers=headers, buffered=False)
        assert response.status_code == 200
        chunks = iter(response.response)
        assert next(chunks).decode().startswith("retry: ")
        streams.append((response, chunks))

    asked = client.post(f"/api/tables/{code}/undo", json={}, headers=bearer(token))
    assert asked.status_code == 202, asked.get_json()
    approved = tables.act(code, others[0], "approve_undo")
    assert approved.status_code == 201, approved.get_json()
    undone = draw + 3
    assert approved.get_json()["view"]["seq"] == undone
    views = [_get(client, code, reader) for reader in readers]  # before the streams close

    for reader, view, (response, chunks) in zip(readers, views, streams, strict=True):
        entries = _parse(b"".join(chunks).decode())
        response.close()
        assert [(e["id"], e["data"]["type"]) for e in entries] == [
            (draw + 1, "undo_request"),
            (draw + 2, "approve_undo"),
            (undone, "undo"),
        ], reader
        if reader != token:  # nothing showed the card before the undo was applied
            assert card["id"] not in set(atoms([e["data"] for e in entries[:2]]))
        (event,) = entries[-1]["data"]["events"]
        assert event["msg"] == "undo.revealed" and event["target"] == draw
        # the card as the drawer was shown it, as a message and as data, and in words
        assert event["args"]["seen"] == [shown], (reader, event)
        assert card["id"] in set(atoms(event["seen"])), (reader, event)
        assert f"{card['value']} ({card['name']})" in event["text"]
        assert [e["data"].get("view_at") for e in entries[:2]] == [undone, undone]
        assert entries[-1]["data"]["view"] == view, reader
