"""Live events: Server-Sent Events read with the bearer's Authorization header."""

from __future__ import annotations

from flask import Response, current_app, request
from flask_smorest import Blueprint
from sqlalchemy import update

from .. import events, tables
from ..extensions import db
from ..models import Seat, utcnow
from ..problems import Problem
from .common import AUTH_DOC, token
from .errors import PROBLEM
from .schemas import EventsQuerySchema, ProblemSchema

bp = Blueprint("events", __name__, url_prefix="/api/tables", description="Live events")


def _seen(app, seat_id: int | None, when) -> None:
    if seat_id is None:
        return
    with app.app_context():
        db.session.execute(update(Seat).where(Seat.id == seat_id).values(last_seen=when))
        db.session.commit()


@bp.route("/<code>/events")
@bp.arguments(EventsQuerySchema, location="query")
@bp.response(
    200,
    content_type="text/event-stream",
    description="`id:` is the action number; `data:` a log entry as the bearer may "
    "see it; comment heartbeats at least every 15 s; resume with `Last-Event-ID`.",
)
@bp.alt_response(400, schema=ProblemSchema, content_type=PROBLEM, description="Bad Last-Event-ID")
@bp.alt_response(
    401,
    schema=ProblemSchema,
    content_type=PROBLEM,
    description="The token is not one of this table's",
)
@bp.alt_response(404, schema=ProblemSchema, content_type=PROBLEM, description="No such table")
@bp.doc(**AUTH_DOC)
def stream(query: dict, code: str):
    """The table's events from ``Last-Event-ID`` (or ``?after=``, or now) on."""
    table = tables.find_table(code)
    actor = tables.identify(table, token())
    after = query["after"]
    last_event_id = request.headers.get("Last-Event-ID")
    if last_event_id is not None:
        if not last_event_id.strip().isdigit() or len(last_event_id.strip()) > 10:
            raise Problem(400, "bad_last_event_id", "Last-Event-ID must be an action number.")
        after = int(last_event_id)
    if after is None:
        after = table.seq
    viewer = tables.viewer_of(actor)
    table_id, table_code = table.id, table.code
    seat_id = next((s.id for s in table.seats if viewer is not None and s.number == viewer), None)
    app = current_app._get_current_object()
    config = app.config
    db.session.remove()  # hold no connection while streaming

    def read_after(since: int):
        with app.app_context():
            return tables.read_log(table_id, viewer, since), None

    def generate():
        _seen(app, seat_id, utcnow())
        try:
            yield from events.stream(
                read_after,
                table_code,
                after,
                heartbeat=config["SSE_HEARTBEAT_SECONDS"],
                poll=config["SSE_POLL_SECONDS"],
                retry_ms=config["SSE_RETRY_MS"],
                on_beat=lambda: _seen(app, seat_id, utcnow()),
                max_seconds=config.get("SSE_MAX_SECONDS"),
            )
        finally:
            _seen(app, seat_id, None)

    response = Response(generate(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
    return response
