"""An undo restores the state its action kept from before it: no replay of the log, and exactly
the state a full replay gives (the seeded randomness too: an undone draw redrawn draws the same
card). ``tableapp verify`` still replays the whole log."""

from __future__ import annotations

import json

from tableapp import catalog
from tableapp import tables as table_path
from tableapp.database import store
from tableapp.engine.playout import random_params
from tableapp.engine.replay import replay
from tableapp.engine.rng import Rng
from tableapp.tables import undos as undo_path
from tableapp.verify import verify_export
from tests.api.test_api_tables import _turn, play_to_the_end


def _stored(value):
    return json.dumps(json.loads(json.dumps(value)), sort_keys=True)


def _replayed_state(app, code):
    """The table's state as stored, and as a full replay of its log gives it."""
    with app.app_context():
        table = store.load_table(code)
        replayed = replay(
            catalog.game(table.game),
            content=table.content,
            variant=table.variant,
            options=table.options,
            seed=bytes.fromhex(table.seed),
            entries=table_path.log_entries(table),
        )
        return _stored(table.state), _stored(replayed.state)


def _host_undo(client, code, host):
    response = client.post(
        f"/api/tables/{code}/undo", json={}, headers={"Authorization": f"Bearer {host}"}
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_an_undo_gives_the_state_a_full_replay_gives_without_replaying(
    app, client, tables, monkeypatch
):
    created, tokens = tables.started(3)
    code, host = created["code"], created["host_token"]
    rng = Rng(b"u" * 32, 0)

    def no_replay(*args, **kwargs):
        raise AssertionError("the undo replayed the log")

    undos = redrawn = 0
    for step in range(60):
        token, view = _turn(tables, code, tokens)
        if view["status"] == "finished":
            break
        spec = rng.choice(view["actions"])
        params = random_params(spec, rng)
        response = tables.act(code, token, spec["type"], params)
        assert response.status_code == 201, response.get_json()
        done = response.get_json()["action"]
        if step % 3:
            continue
        with monkeypatch.context() as patched:
            patched.setattr(undo_path, "replay", no_replay)
            undone = _host_undo(client, code, host)
        undos += 1
        assert undone["action"]["target"] == done["seq"]
        stored, replayed = _replayed_state(app, code)
        assert stored == replayed, f"after undo {undos}"
        # the same action again draws from the same stream: the same card, the same events
        again = tables.act(code, token, spec["type"], params)
        assert again.status_code == 201, again.get_json()
        assert again.get_json()["action"]["events"] == done["events"]
        redrawn += "draw" in spec["type"]
    assert undos >= 10 and redrawn >= 1
    final = play_to_the_end(tables, code, tokens)
    stored, replayed = _replayed_state(app, code)
    assert stored == replayed
    export = client.get(f"/api/tables/{code}/export").get_json()
    assert final["status"] == "finished" and verify_export(export) is None


def test_an_action_logged_before_states_were_kept_is_undone_by_replay(app, client, tables):
    """A table from before the migration: its actions kept no state, the undo replays."""
    created, tokens = tables.started(3)
    code, host = created["code"], created["host_token"]
    token, view = _turn(tables, code, tokens)
    spec = view["actions"][0]
    before = tables.view(code)["game_view"]
    assert (
        tables.act(code, token, spec["type"], random_params(spec, Rng(b"x" * 32, 0))).status_code
        == 201
    )
    with app.app_context():
        from tableapp.database.extensions import db
        from tableapp.database.models import Action

        db.session.query(Action).update({"before": None})
        db.session.commit()
    _host_undo(client, code, host)
    assert tables.view(code)["game_view"] == before
    stored, replayed = _replayed_state(app, code)
    assert stored == replayed


def _kept(app, code) -> list[int]:
    with app.app_context():
        from tableapp.database.extensions import db
        from tableapp.database.models import Action, Table

        return sorted(
            number
            for (number,) in db.session.query(Action.number)
            .join(Table)
            .filter(Table.code == code, Action.before.is_not(None))
        )


def test_only_the_newest_entries_keep_a_state_and_a_finished_game_none(app, client, tables):
    """The kept states are bounded (store.KEPT_STATES): a long game stores its log, not a
    state per action, and a finished game (no undo) keeps none. An undo reaching past the
    window replays the log and still gives the state a full replay gives."""
    created, tokens = tables.started(3)
    code, host = created["code"], created["host_token"]
    rng = Rng(b"k" * 32, 0)
    for _ in range(store.KEPT_STATES + 12):
        token, view = _turn(tables, code, tokens)
        assert view["status"] != "finished"
        spec = rng.choice(view["actions"])
        assert tables.act(code, token, spec["type"], random_params(spec, rng)).status_code == 201
    seq = tables.view(code)["seq"]
    kept = _kept(app, code)
    assert kept and min(kept) > seq - store.KEPT_STATES - store.TRIM_EVERY and max(kept) == seq
    assert len(kept) <= store.KEPT_STATES + store.TRIM_EVERY
    for undos in range(store.KEPT_STATES + 6):  # past the window: the log is replayed
        _host_undo(client, code, host)
        stored, replayed = _replayed_state(app, code)
        assert stored == replayed, f"after undo {undos + 1}"
    final = play_to_the_end(tables, code, tokens)
    assert final["status"] == "finished"
    assert _kept(app, code) == []
    export = client.get(f"/api/tables/{code}/export").get_json()
    assert verify_export(export) is None
