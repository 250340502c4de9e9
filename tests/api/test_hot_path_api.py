"""The action path's bookkeeping around the rules: presence, the bus, writes only on success."""

from __future__ import annotations

from sqlalchemy import select

from tableapp import create_app
from tableapp.api.events import Presence
from tableapp.config import TestConfig
from tableapp.database.extensions import db
from tableapp.database.models import Action, Seat, Table
from tableapp.live import notifier
from tests.api.test_api_tables import _turn


def _seats(app, code):
    with app.app_context():
        table = db.session.scalars(select(Table).where(Table.code == code)).one()
        return {
            s.number: (s.id, s.last_seen)
            for s in db.session.scalars(select(Seat).where(Seat.table_id == table.id))
        }


def test_presence_counts_streams_per_seat(app, tables):
    created, _ = tables.started(3)
    code = created["code"]
    ids = {n: seat_id for n, (seat_id, _) in _seats(app, code).items()}
    presence = Presence()
    presence.opened(app, ids[1])
    presence.opened(app, ids[1])  # the same phone reconnecting before the old stream ended
    presence.opened(app, ids[2])
    presence.closed(app, ids[1])
    assert _seats(app, code)[1][1] is not None  # still one stream open
    presence.closed(app, ids[1])
    assert _seats(app, code)[1][1] is None
    # An open stream alone writes nothing more: the phone itself says it is there (pings).
    assert not hasattr(presence, "beat")


def test_sole_process_makes_the_in_process_bus_reliable(tmp_path):
    class Sole(TestConfig):
        SQLALCHEMY_DATABASE_URI = f"sqlite:///{tmp_path / 'sole.sqlite3'}"
        SOLE_PROCESS = True

    class Shared(Sole):
        SOLE_PROCESS = False

    create_app(Sole)
    assert notifier.bus().reliable is True
    create_app(Shared)
    assert notifier.bus().reliable is False


def test_a_refused_action_writes_nothing(app, tables):
    created, tokens = tables.started(3)
    code = created["code"]
    token, view = _turn(tables, code, tokens)
    with app.app_context():
        table = db.session.scalars(select(Table).where(Table.code == code)).one()
        before = (table.seq, table.updated_at, table.state)
    seats_before = _seats(app, code)
    refused = tables.act(code, token, "draw", {"bogus": 1}, expected=view["seq"])
    assert refused.status_code == 422
    stale = tables.act(code, token, "draw", expected=view["seq"] - 1)
    assert stale.status_code == 409 and stale.get_json()["view"]["seq"] == view["seq"]
    with app.app_context():
        table = db.session.scalars(select(Table).where(Table.code == code)).one()
        assert (table.seq, table.updated_at, table.state) == before
        count = len(db.session.scalars(select(Action).where(Action.table_id == table.id)).all())
        assert count == view["seq"]
    assert _seats(app, code) == seats_before


def test_an_action_refreshes_its_seat_presence_at_most_every_few_seconds(app, tables):
    from tableapp import tables as table_path

    created, tokens = tables.started(3)
    code = created["code"]
    token, view = _turn(tables, code, tokens)
    seat = view["me"]["seat"]
    seen = _seats(app, code)[seat][1]
    assert any(a["type"] == "draw" for a in view["actions"])
    assert tables.act(code, token, "draw").status_code == 201
    # joined moments ago: within TOUCH_SECONDS, an action writes no presence
    assert _seats(app, code)[seat][1] == seen
    assert table_path.TOUCH_SECONDS <= app.config["PRESENCE_SECONDS"] / 2
