"""A shuffle is not a reveal; only what a viewer was shown is.

Nobody gains by the app: no undo may tell a player what the others do not know. A shuffle into
the secret draw pile shows nobody anything, and the same action again shuffles alike (the same
stream index), so its actor takes it back at once. A draw off that pile shows its drawer a card:
its undo still needs another player's OK.

No built-in game lets a player shuffle without drawing, so these tests play Zombie Life with one
house move more: ``shuffle``, the draw pile shuffled again (the ZL-10 reshuffle, on demand).
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace

import pytest

from tableapp import catalog
from tableapp.database import store
from tableapp.engine import M, Moves, action
from tableapp.engine.definition import Game
from tableapp.engine.registry import _GAMES
from tableapp.games.zombie_life import rules
from tableapp.verify import verify_export
from tests.api.test_api_tables import _turn, play_to_the_end

SHUFFLE = action("shuffle", M("zl.reshuffle_all"))


def _specs(state, seat):
    specs = rules.legal_actions(state, seat)
    return [*specs, SHUFFLE] if any(s["type"] == "draw" for s in specs) else specs


def _explain(state, seat, move):
    return None if move.get("type") == "shuffle" else rules.explain(state, seat, move)


def _apply(state, seat, move, ctx):
    if move["type"] != "shuffle":
        rules.apply(state, seat, move, ctx)
        return
    ctx.rng.shuffle(state["piles"]["draw"])  # the pile stays where it is: secret (ZL state)
    ctx.say(M("zl.reshuffle_all"), rule="ZL-10")


@pytest.fixture
def shuffling(monkeypatch):
    """Zombie Life with the house move, for the tables these tests open."""
    catalog.load()
    base = catalog.game("zombie-life")
    moves = Moves(specs=_specs, apply=_apply, explain=_explain)
    game = Game(replace(base.definition, moves=moves))
    monkeypatch.setitem(_GAMES, "zombie-life", game)
    return game


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def undo(client, code, token):
    return client.post(f"/api/tables/{code}/undo", json={}, headers=bearer(token))


def draw_pile(app, code):
    with app.app_context():
        return store.load_table(code).state["piles"]["draw"]


def test_a_shuffle_into_the_secret_draw_pile_is_undone_at_once_and_redone_alike(
    app, client, tables, shuffling
):
    created, tokens = tables.started(3)
    code = created["code"]
    token, view = _turn(tables, code, tokens)
    assert "shuffle" in [a["type"] for a in view["actions"]]
    before = draw_pile(app, code)

    shuffled = tables.act(code, token, "shuffle")
    assert shuffled.status_code == 201, shuffled.get_json()
    entry = shuffled.get_json()["action"]
    assert "reveals" not in entry and "private" not in entry
    after = draw_pile(app, code)
    assert sorted(after) == sorted(before) and after != before
    # The order stays the server's: neither the phones nor the log hold it.
    log = client.get(f"/api/tables/{code}/log").get_json()["entries"]
    assert json.dumps(after) not in json.dumps([log, tables.view(code, token)])

    undone = undo(client, code, token)
    assert undone.status_code == 201, undone.get_json()  # no request: nothing was shown
    event = undone.get_json()["action"]["events"][0]
    assert event["msg"] == "undo.done" and "seen" not in event and "shown" not in event
    assert undone.get_json()["view"]["undo_request"] is None
    assert draw_pile(app, code) == before

    # The same action again draws from the same stream: the same order, nothing to fish for.
    again = tables.act(code, token, "shuffle")
    assert again.status_code == 201, again.get_json()
    assert draw_pile(app, code) == after


def test_ZL_2_a_draw_off_the_shuffled_pile_still_needs_another_players_ok(
    client, tables, shuffling
):
    created, tokens = tables.started(3)
    code = created["code"]
    token, _ = _turn(tables, code, tokens)
    assert tables.act(code, token, "shuffle").status_code == 201
    drawn = tables.act(code, token, "draw")
    assert drawn.status_code == 201, drawn.get_json()
    assert drawn.get_json()["action"]["reveals"] is True
    asked = undo(client, code, token)
    assert asked.status_code == 202, asked.get_json()
    assert asked.get_json()["action"]["type"] == "undo_request"
    other = next(t for t in tokens if t != token)
    assert tables.act(code, other, "approve_undo").status_code == 201
    # The shuffle before it showed nothing: its undo is its actor's again, at once.
    assert undo(client, code, token).status_code == 201


def test_an_export_with_a_shuffle_verifies(client, tables, shuffling):
    """``tableapp verify`` replays the shuffles and agrees that they revealed nothing."""
    created, tokens = tables.started(2)
    code, host = created["code"], created["host_token"]
    token, _ = _turn(tables, code, tokens)
    assert tables.act(code, token, "shuffle").status_code == 201
    assert undo(client, code, token).status_code == 201
    assert tables.act(code, token, "shuffle").status_code == 201
    play_to_the_end(tables, code, tokens)
    export = client.get(f"/api/tables/{code}/export", headers=bearer(host)).get_json()
    assert verify_export(export) is None
    shuffles = [a for a in export["actions"] if a["type"] == "shuffle"]
    assert len(shuffles) >= 2 and not any(a["reveals"] for a in shuffles)
    # A log from before a shuffle stopped counting as a reveal marks it revealing: stricter
    # (its undo needed an OK), so it still verifies; a draw marked as showing nothing does not.
    for entry in export["actions"]:
        entry.pop("head")
    export.pop("log_head")
    former = copy.deepcopy(export)
    for entry in former["actions"]:
        if entry["type"] == "shuffle" and not entry["undone"]:
            entry["reveals"] = True
    assert verify_export(former) is None
    hidden = copy.deepcopy(export)
    next(a for a in hidden["actions"] if a["type"] == "draw")["reveals"] = False
    assert "marked wrongly as revealing" in verify_export(hidden)
