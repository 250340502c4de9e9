"""Live events: Server-Sent Events read with the bearer's Authorization header."""

from __future__ import annotations

import threading
import time
from collections import Counter

from flask import Response, current_app, request
from flask_smorest import Blueprint

from .. import events, store, tables
from ..engine import M
from ..extensions import db
from ..models import utcnow
from .common import AUTH_DOC, last_event_id, one_stream_slot, token
from .errors import PROBLEM
from .schemas import EventsQuerySchema, ProblemSchema
from .server_slots import ClientGone, one_server_slot, watch_hangup

bp = Blueprint("events", __name__, url_prefix="/api/tables", description="Live events")


class Presence:
    """Which seats hold an open stream in this process, and when that was last written.

    A stream marks its seat seen when it opens and unseen when the last stream of that seat
    closes. While open, heartbeats refresh ``last_seen`` for every open seat of the process
    in one statement at most every ``interval`` seconds (a quarter of the presence window),
    instead of one write per stream per heartbeat.
    """

    def __init__(self) -> None:
        self._open: Counter[int] = Counter()
        self._lock = threading.Lock()
        self._written = 0.0
        self.writes = 0

    def _write(self, app, seat_ids: list[int], when) -> None:
        if not seat_ids:
            return
        with app.app_context():
            store.mark_seen(seat_ids, when)
            db.session.commit()
        self.writes += 1

    def opened(self, app, seat_id: int | None) -> None:
        if seat_id is None:
            return
        with self._lock:
            self._open[seat_id] += 1
        self._write(app, [seat_id], utcnow())

    def closed(self, app, seat_id: int | None) -> None:
        if seat_id is None:
            return
        with self._lock:
            self._open[seat_id] -= 1
            last = self._open[seat_id] <= 0
            if last:
                del self._open[seat_id]
        if last:
            self._write(app, [seat_id], None)

    def beat(self, app) -> None:
        interval = app.config["PRESENCE_SECONDS"] / 4
        with self._lock:
            now = time.monotonic()
            if now - self._written < interval:
                return
            self._written = now
            seat_ids = sorted(self._open)
        self._write(app, seat_ids, utcnow())


presence = Presence()


def _moved(seat: int, renderer) -> dict:
    told = M("seat.moved.you")
    return {"code": "seat_moved", "seat": seat, **told, "text": renderer.text(told)}


@bp.route("/<code>/events")
@bp.arguments(EventsQuerySchema, location="query")
@bp.response(
    200,
    content_type="text/event-stream",
    description="`id:` is the action number; `data:` a log entry as the bearer may "
    "see it; comment heartbeats at least every 15 s; resume with `Last-Event-ID`. When the "
    "host moves the bearer's seat to a new phone, the stream sends the (public) entry that "
    "says so, then `event: revoked` (`data: {code: seat_moved, seat, text}`), and ends.",
)
@bp.alt_response(400, schema=ProblemSchema, content_type=PROBLEM, description="Bad Last-Event-ID")
@bp.alt_response(
    401,
    schema=ProblemSchema,
    content_type=PROBLEM,
    description="The token is not one of this table's",
)
@bp.alt_response(404, schema=ProblemSchema, content_type=PROBLEM, description="No such table")
@bp.alt_response(
    429,
    schema=ProblemSchema,
    content_type=PROBLEM,
    description="This address holds too many open streams",
)
@bp.alt_response(
    503,
    schema=ProblemSchema,
    content_type=PROBLEM,
    description="The server holds all the streams it can; retry after `Retry-After` seconds",
)
@bp.doc(**AUTH_DOC)
@one_server_slot  # process-wide cap, below the worker's connections
@one_stream_slot  # per-address cap, held until the response ends (api/common.py)
def stream(query: dict, code: str):
    """The table's events from ``Last-Event-ID`` (or ``?after=``, or now) on."""
    table = tables.find_table(code)
    actor = tables.identify(table, token())
    after = query["after"]
    resume = last_event_id(request.headers.get("Last-Event-ID"))
    if resume is not None:
        after = resume
    if after is None:
        after = table.seq
    viewer = tables.viewer_of(actor)
    token_hash = actor.token_hash if actor is not None else None
    table_id, table_code = table.id, table.code
    seat_id = next((s.id for s in table.seats if viewer is not None and s.number == viewer), None)
    # the stream speaks the language it was opened in, and to its seat as "you"
    renderer = tables.texts(table, you=viewer)
    app = current_app._get_current_object()
    config = app.config
    db.session.remove()  # hold no connection while streaming

    def read_after(since: int, known: int | None) -> list[dict]:
        def load() -> list:
            with app.app_context():
                return store.actions_after(table_id, since)

        # Every phone of the table wakes for the same entries: the first reads them.
        entries = store.recent_log.entries((table_id, table_code), since, known, load)
        out = []
        for entry in entries:
            if entry.type == "join":  # a player who joined after the stream opened
                renderer.names[entry.seat] = entry.payload.get("name", "")
            if _moves_my_seat(entry) and not still_seated():
                # The host gave this seat to a new phone: this bearer sees nothing more of it.
                out.append(tables.entry_for(entry, None, renderer))
                raise events.Revoked(out, _moved(viewer, renderer))
            out.append(tables.entry_for(entry, viewer, renderer))
        return out

    def _moves_my_seat(entry) -> bool:
        return (
            viewer is not None
            and entry.type == "reissue"
            and isinstance(entry.payload, dict)
            and entry.payload.get("seat") == viewer
        )

    def still_seated() -> bool:
        """Re-check the bearer: a stream opened by the new phone reads the same entry."""
        with app.app_context():
            return store.seat_token_hash(table_id, viewer) == token_hash

    environ = request.environ

    def generate():
        presence.opened(app, seat_id)
        watcher = watch_hangup(environ)
        try:
            yield from events.stream(
                read_after,
                table_code,
                after,
                heartbeat=config["SSE_HEARTBEAT_SECONDS"],
                poll=config["SSE_POLL_SECONDS"],
                retry_ms=config["SSE_RETRY_MS"],
                on_beat=lambda: presence.beat(app),
                max_seconds=config.get("SSE_MAX_SECONDS"),
            )
        except ClientGone:
            return  # nobody reads any more: end here, which gives the slots back
        finally:
            if watcher is not None:
                watcher.kill(block=False)
            presence.closed(app, seat_id)

    response = Response(generate(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
    return response
