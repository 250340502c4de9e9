"""Live events: Server-Sent Events read with the bearer's Authorization header."""

from __future__ import annotations

import contextlib
import threading
import zlib
from collections import Counter
from collections.abc import Iterator

from flask import Response, current_app, request

from .. import tables
from ..database import log_reads, store
from ..database.extensions import db
from ..database.models import utcnow
from ..engine import M
from ..live import notifier
from .blueprint import Blueprint
from .schemas import EventsQuerySchema, PresenceSchema
from .server_slots import ClientGone, Hangup, NoHangup, one_server_slot, watch_hangup
from .shared import (
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

bp = Blueprint(
    "events",
    __name__,
    url_prefix="/api/tables",
    description="Live events",
    refusals={401: "Not this table's", 404: "No such table"},
)


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
@bp.refuses(401, 404)
@bp.doc(**AUTH_DOC)
def presence_now(code: str):
    """Who is connected now (the table screen looks every few seconds)."""
    return json_response(tables.presence(code, token(), presence_seconds()))


@bp.route("/<code>/presence", methods=["POST"])
@bp.response(200, PresenceSchema, description=PRESENCE_DOC)
@bp.refuses(401, 404, (400, "Bad Idempotency-Key"))
@bp.doc(**IDEMPOTENCY_DOC, **AUTH_REQUIRED_DOC)
def ping(code: str):
    """The bearer's phone is here: its seat stays connected for the window. A repeat does
    the same again (an Idempotency-Key is checked like every POST's, nothing is kept)."""
    idempotency(None)
    return json_response(tables.presence(code, token(), presence_seconds(), ping=True))


def _moved(seat: int, renderer) -> dict:
    told = M("seat.moved.you")
    return {"code": "seat_moved", "seat": seat, **told, "text": renderer.text(told)}


class TableStream:
    """One bearer's live events of one table, in named steps, each usable alone:

    - :meth:`open` (in the request): the table, the bearer, where to start; the request's
      database connection goes back to the pool before the response starts;
    - :meth:`read` (each wake-up): the entries after a number as the bearer may see them, the
      last with the bearer's view. Each database read in it is a short :meth:`unit` that hands
      its connection back before anything is sent or the stream waits again;
    - :meth:`events` (the response body): presence, the hang-up watcher, and the loop of
      reads, sends and waits (:func:`tableapp.live.notifier.stream`).

    So a stream holds no database connection while it waits or writes, and a phone hanging up
    at any moment leaves the pool clean: a hang-up ends the stream at once, except during a
    unit, which it lets finish first (:class:`~tableapp.api.server_slots.Hangup`).
    """

    def __init__(self, app, table, actor, after: int, environ: dict | None = None) -> None:
        self.app = app
        self.table_id, self.table_code = table.id, table.code
        self.after = after
        self.actor = actor
        self.viewer = tables.viewer_of(actor)
        self.token_hash = actor.token_hash if actor is not None else None
        self.seat_id = next(
            (s.id for s in table.seats if self.viewer is not None and s.number == self.viewer),
            None,
        )
        # the stream speaks the language it was opened in, and to its seat as "you"
        self.renderer = tables.texts(table, you=self.viewer)
        self.lang = self.renderer.lang
        self.window = presence_seconds()
        self.join_url = tables.join_url(table.code)  # this request's host, as GET says it
        self.environ = environ if environ is not None else {}
        self.hangup: Hangup = NoHangup()  # until the response starts (events)
        # ``Prefer: view-patch``: after the first, each view goes as a patch against the one
        # this stream sent before (tables/patches.py); ``sent`` is that one.
        self.patches = tables.wants_patches(self.environ.get("HTTP_PREFER"))
        self.sent: dict | None = None

    # ------------------------------------------------------------------ open (the request)

    @classmethod
    def open(cls, code: str, after: int | None, resume: str | None = None) -> TableStream:
        """The bearer's stream of table ``code`` from action ``after`` on, or from the
        ``Last-Event-ID`` header's ``resume``, or from now; 404 for no such table, 401 for a
        token that is not one of its seats, 400 for a bad ``Last-Event-ID``."""
        table = tables.find_table(code)
        actor = tables.identify(table, token())
        resumed = last_event_id(resume)
        if resumed is not None:
            after = resumed
        app = current_app._get_current_object()
        opened = cls(app, table, actor, table.seq if after is None else after, request.environ)
        db.session.remove()  # the request's connection goes back before the stream starts
        return opened

    # ------------------------------------------------------------------ a short unit

    @contextlib.contextmanager
    def unit(self):
        """One short database unit: an app context of its own, whose teardown rolls back and
        closes its session, so its connection is back in the pool when the unit ends — before
        anything is sent. A hang-up waits for its end (the teardown included)."""
        with self.hangup.held(), self.app.app_context():
            yield

    # ------------------------------------------------------------------ read (a wake-up)

    def read(self, since: int, known: int | None) -> list[dict]:
        """The entries after ``since`` as this bearer may see them (``known``: the number the
        bus announced, when it rang), the last with the bearer's view as of it. Raises
        :class:`~tableapp.live.notifier.Revoked` when the host gave the bearer's seat to a new
        phone."""
        rows = self.rows(since, known)
        out: list[dict] = []
        for _ in range(3):
            for entry in rows:
                if entry.type == "join":  # a player who joined after the stream opened
                    self.renderer.names[entry.seat] = entry.payload.get("name", "")
                if self._moves_my_seat(entry) and not self.still_seated():
                    # The host gave this seat to a new phone: this bearer sees nothing more.
                    out.append(tables.entry_for(entry, None, self.renderer))
                    raise notifier.Revoked(out, _moved(self.viewer, self.renderer))
                out.append(tables.entry_for(entry, self.viewer, self.renderer))
            if not out:
                return out
            last = out[-1]["seq"]
            now = self.table_at(last)
            if now is None or now.seq < last:
                return out  # gone (or not yet readable): the phone refetches
            if now.seq == last:
                view = self.view(now)
                if view is not None:
                    for entry in out[:-1]:
                        entry["view_at"] = last  # the view comes with a later entry
                    self.attach(out[-1], view)
                return out
            # Committed since these rows were read: send those too, then the view as of the last.
            rows = self.rows(last, now.seq)
        return out

    def attach(self, entry: dict, view: dict) -> None:
        """The view goes with ``entry``: whole, or (``Prefer: view-patch``, after this stream's
        first view) as ``view_patch``, the operations from the view this stream sent before,
        whose number is ``view_base``. A patch holds only parts of this bearer's own view."""
        if self.patches and self.sent is not None and self.sent["seq"] < view["seq"]:
            entry["view_patch"] = tables.view_patch(self.sent, view)
            entry["view_base"] = self.sent["seq"]
        else:
            entry["view"] = view
        self.sent = view

    def rows(self, since: int, known: int | None) -> list:
        """The log's rows after ``since``. Every phone of the table wakes for the same
        entries: the first reads them (one unit), the others are served from memory."""

        def load() -> list:
            with self.unit():
                return log_reads.actions_after(self.table_id, since)

        return log_reads.recent_log.entries((self.table_id, self.table_code), since, known, load)

    def table_at(self, seq: int):
        """The table as of action ``seq`` or later (held in memory, else read in one unit)."""

        def load():
            with self.unit():
                return store.load_table(self.table_code)

        return tables.view_cache.table_at((self.table_id, self.table_code), seq, load)

    def view(self, table_now) -> dict | None:
        """The bearer's view as of the table's last action (None: not this bearer's any more).
        Rendered in a unit: a finished table's view reads its rematch and contributions."""
        actor = self.actor
        if actor is not None and not any(
            s.token_hash == self.token_hash for s in table_now.seats if s.number == actor.number
        ):
            return None  # moved to a new phone: the revocation comes with its entry
        with self.unit():
            view = tables.view_cache.view(table_now, actor, self.lang, self.window)
        return {**view, "join_url": self.join_url}

    def still_seated(self) -> bool:
        """Re-check the bearer: a stream opened by the new phone reads the same entry."""
        with self.unit():
            return store.seat_token_hash(self.table_id, self.viewer) == self.token_hash

    def _moves_my_seat(self, entry) -> bool:
        return (
            self.viewer is not None
            and entry.type == "reissue"
            and isinstance(entry.payload, dict)
            and entry.payload.get("seat") == self.viewer
        )

    # ------------------------------------------------------------------ events (the body)

    def events(self) -> Iterator[str]:
        """The response body: the seat is marked connected, the hang-up watched, then reads,
        sends and waits until the client hangs up, the seat moves or the server stops it."""
        config = self.app.config
        presence.opened(self.app, self.seat_id)  # before the watcher: nothing to hold off
        self.hangup = watch_hangup(self.environ)
        try:
            yield from notifier.stream(
                self.read,
                self.table_code,
                self.after,
                heartbeat=config["SSE_HEARTBEAT_SECONDS"],
                poll=config["SSE_POLL_SECONDS"],
                retry_ms=config["SSE_RETRY_MS"],
                max_seconds=config.get("SSE_MAX_SECONDS"),
            )
        except ClientGone:
            return  # nobody reads any more: end here, which gives the slots back
        finally:
            self.hangup.stop()  # nothing is thrown in after this
            with self.hangup.held():
                presence.closed(self.app, self.seat_id)


#: A stream's gzip window and memory level: 4 KB of window holds the last two or three entries
#: (whose keys and most values the next repeats), for 32 KB of compressor memory a stream
#: (the defaults, 32 KB of window, would hold 256 KB: 256 MB for 1,000 phones).
GZIP_WINDOW_BITS, GZIP_MEMORY_LEVEL = 12, 5


def accepts_gzip(header: str | None) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip (``gzip`` or ``*``, not at ``q=0``)."""
    for coding in (header or "").split(","):
        name, _, params = coding.partition(";")
        if name.strip().lower() in ("gzip", "*"):
            quality = params.strip().lower()
            if quality.startswith("q="):
                try:
                    return float(quality[2:]) > 0
                except ValueError:
                    return False
            return True
    return False


def gzipped(chunks: Iterator[str]) -> Iterator[bytes]:
    """The stream compressed as it goes (``Content-Encoding: gzip``): each chunk is flushed
    whole (``Z_SYNC_FLUSH``), so an entry or heartbeat reaches the phone at once, and the
    compressor remembers what came before, so an entry costs what it says anew: about a fifth
    of its bytes. Closing it closes the stream's own generator (its ``finally`` runs)."""
    packer = zlib.compressobj(6, zlib.DEFLATED, 16 + GZIP_WINDOW_BITS, GZIP_MEMORY_LEVEL)
    try:
        for chunk in chunks:
            yield packer.compress(chunk.encode()) + packer.flush(zlib.Z_SYNC_FLUSH)
        yield packer.flush()  # the stream ended (the server's limit): gzip's trailer
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()


@bp.route("/<code>/events")
@bp.arguments(EventsQuerySchema, location="query")
@bp.response(
    200,
    content_type="text/event-stream",
    description="`id:` is the action number; `data:` a log entry as the bearer may "
    "see it, with `view`: the bearer's view as of that entry (what GET /api/tables/{code} "
    "answers it, in the stream's language; `view.seq` is the entry's `seq`). Entries read "
    "together (a catch-up, moves close together) carry it on the last one; the others say "
    "which in `view_at`. With `Prefer: view-patch` (answered `Preference-Applied: "
    "view-patch`), every view after the stream's first comes as `view_patch`: JSON Patch "
    "(RFC 6902) operations against the view this stream sent before, whose `seq` is "
    "`view_base`; a phone that does not hold that view, or fails to apply the patch, "
    "refetches the view. An entry with none of these: refetch the view. Comment heartbeats "
    "at least every 15 s; resume with `Last-Event-ID`. A client whose `Accept-Encoding` takes "
    "gzip gets the stream gzip-compressed, each entry flushed at once. When the "
    "host moves the bearer's seat to a new phone, the stream sends the (public) entry that "
    "says so, then `event: revoked` (`data: {code: seat_moved, seat, text}`), and ends.",
)
@bp.refuses(
    (400, "Bad Last-Event-ID"),
    (401, "The token is not one of this table's"),
    404,
    (429, "This address holds too many open streams"),
    (503, "The server holds all the streams it can; retry after `Retry-After` seconds"),
)
@bp.doc(**AUTH_DOC)
@one_server_slot  # process-wide cap, below the worker's connections
@one_stream_slot  # per-address cap, held until the response ends (api/shared.py)
def stream(query: dict, code: str):
    """The table's events from ``Last-Event-ID`` (or ``?after=``, or now) on."""
    opened = TableStream.open(code, query["after"], request.headers.get("Last-Event-ID"))
    body: Iterator = opened.events()
    packed = accepts_gzip(request.headers.get("Accept-Encoding"))
    response = Response(gzipped(body) if packed else body, mimetype="text/event-stream")
    if packed:
        response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
    if opened.patches:
        response.headers["Preference-Applied"] = tables.PATCH_PREFERENCE
        response.vary.add("Prefer")
    return response
