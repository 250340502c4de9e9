"""Live events: Server-Sent Events read with the bearer's Authorization header."""

from __future__ import annotations

import threading
from collections import Counter

from flask import Response, current_app, request
from flask_smorest import Blueprint

from .. import events, store, tables
from ..engine import M
from ..extensions import db
from ..models import utcnow
from .common import (
    AUTH_DOC,
    AUTH_REQUIRED_DOC,
    IDEMPOTENCY_DOC,
    idempotency,
    json_response,
    last_event_id,
    one_stream_slot,
    presence_seconds,
    token,
)
from .errors import PROBLEM
from .schemas import EventsQuerySchema, PresenceSchema, ProblemSchema
from .server_slots import ClientGone, one_server_slot, watch_hangup

bp = Blueprint("events", __name__, url_prefix="/api/tables", description="Live events")


class Presence:
    """Which seats hold an open stream in this process.

    A stream marks its seat seen when it opens and unseen when the last stream of that seat
    closes (a phone that hangs up reads "not connected" at once). An open stream alone does
    not keep a seat connected: a phone gone off the Wi-Fi leaves its stream open on the server
    for minutes (nothing tells the server, and heartbeats still fit in the socket's buffer).
    The phone itself says it is there (``POST /presence`` every third of the window).
    """

    def __init__(self) -> None:
        self._open: Counter[int] = Counter()
        self._lock = threading.Lock()
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


presence = Presence()


PRESENCE_DOC = (
    "Who is connected: `seats` [{id, connected}], the window in `seconds` and how often a "
    "phone says it is there (`ping_seconds`, a third of it). A seat is connected while its "
    "phone pinged, acted or opened its stream within the window, and at once not connected "
    "when its last stream closes."
)


@bp.route("/<code>/presence")
@bp.response(200, PresenceSchema, description=PRESENCE_DOC)
@bp.alt_response(401, schema=ProblemSchema, content_type=PROBLEM, description="Not this table's")
@bp.alt_response(404, schema=ProblemSchema, content_type=PROBLEM, description="No such table")
@bp.doc(**AUTH_DOC)
def presence_now(code: str):
    """Who is connected now (the table screen looks every few seconds)."""
    return json_response(tables.presence(code, token(), presence_seconds()))


@bp.route("/<code>/presence", methods=["POST"])
@bp.response(200, PresenceSchema, description=PRESENCE_DOC)
@bp.alt_response(401, schema=ProblemSchema, content_type=PROBLEM, description="Not this table's")
@bp.alt_response(404, schema=ProblemSchema, content_type=PROBLEM, description="No such table")
@bp.alt_response(400, schema=ProblemSchema, content_type=PROBLEM, description="Bad Idempotency-Key")
@bp.doc(**IDEMPOTENCY_DOC, **AUTH_REQUIRED_DOC)
def ping(code: str):
    """The bearer's phone is here: its seat stays connected for the window. A repeat does
    the same again (an Idempotency-Key is checked like every POST's, nothing is kept)."""
    idempotency(None)
    return json_response(tables.presence(code, token(), presence_seconds(), ping=True))


def _moved(seat: int, renderer) -> dict:
    told = M("seat.moved.you")
    return {"code": "seat_moved", "seat": seat, **told, "text": renderer.text(told)}


@bp.route("/<code>/events")
@bp.arguments(EventsQuerySchema, location="query")
@bp.response(
    200,
    content_type="text/event-stream",
    description="`id:` is the action number; `data:` a log entry as the bearer may "
    "see it, with `view`: the bearer's view as of that entry (what GET /api/tables/{code} "
    "answers it, in the stream's language; `view.seq` is the entry's `seq`). Entries read "
    "together (a catch-up, moves close together) carry it on the last one; the others say "
    "which in `view_at`. An entry with neither: refetch the view. Comment heartbeats at least "
    "every 15 s; resume with `Last-Event-ID`. When the "
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

    lang = renderer.lang
    window = presence_seconds()
    my_join_url = tables.join_url(table_code)  # this request's host, as GET says it

    def load_rows(since: int, known: int | None) -> list:
        def load() -> list:
            with app.app_context():
                return store.actions_after(table_id, since)

        # Every phone of the table wakes for the same entries: the first reads them.
        return store.recent_log.entries((table_id, table_code), since, known, load)

    def load_table():
        with app.app_context():
            return store.load_table(table_code)

    def read_after(since: int, known: int | None) -> list[dict]:
        rows = load_rows(since, known)
        out = []
        for _ in range(3):
            for entry in rows:
                if entry.type == "join":  # a player who joined after the stream opened
                    renderer.names[entry.seat] = entry.payload.get("name", "")
                if _moves_my_seat(entry) and not still_seated():
                    # The host gave this seat to a new phone: this bearer sees nothing more.
                    out.append(tables.entry_for(entry, None, renderer))
                    raise events.Revoked(out, _moved(viewer, renderer))
                out.append(tables.entry_for(entry, viewer, renderer))
            if not out:
                return out
            last = out[-1]["seq"]
            now = tables.view_cache.table_at((table_id, table_code), last, load_table)
            if now is None or now.seq < last:
                return out  # gone (or not yet readable): the phone refetches
            if now.seq == last:
                view = with_view(now)
                if view is not None:
                    for entry in out[:-1]:
                        entry["view_at"] = last  # the view comes with a later entry
                    out[-1]["view"] = view
                return out
            # Committed since these rows were read: send those too, then the view as of the last.
            rows = load_rows(last, now.seq)
        return out

    def with_view(table_now) -> dict | None:
        """The bearer's view as of the table's last action (None: not this bearer's any more)."""
        if actor is not None and not any(
            s.token_hash == token_hash for s in table_now.seats if s.number == actor.number
        ):
            return None  # moved to a new phone: the revocation comes with its entry
        with app.app_context():
            view = tables.view_cache.view(table_now, actor, lang, window)
        return {**view, "join_url": my_join_url}

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
