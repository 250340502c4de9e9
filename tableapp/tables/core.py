"""What every part of the table's path shares: who acts, what a change answers, the lock.

Nothing here knows HTTP.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from .. import catalog
from ..auth import hash_token
from ..database import log_reads, store
from ..database.extensions import db
from ..database.models import utcnow
from ..database.store import TableRow
from ..engine import M
from ..problems import Problem

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud, typed on phones
CODE_LENGTH = 6
#: Colour-blind-safe seat colours (Okabe–Ito), each shown with its letter on screens.
COLOURS = ["orange", "sky", "green", "yellow", "blue", "vermilion", "purple", "grey"]
#: The shell's answers to a pending undo request, posted to /actions like any action.
UNDO_ANSWERS = ("approve_undo", "refuse_undo", "cancel_undo")
#: An action refreshes its seat's ``last_seen`` only when older than this (presence is
#: counted in seconds; a write per action would cost more than it tells).
TOUCH_SECONDS = 5
#: The export's format, bound into every log's genesis: /2 seals each entry with the chain's
#: key (engine/replay.py), /1 hashed them in the clear.
EXPORT_FORMAT = "tableapp-export/2"


@dataclass
class Actor:
    """Who is acting: ``number`` is the seat number (0 for the host)."""

    number: int
    role: str  # host|player
    token_hash: str


@dataclass
class Outcome:
    status: int
    body: bytes
    seq: int | None = None  # set when the log grew: the channel to notify


@dataclass
class Change:
    """What a change function returns: status, payload, and a token it handed out."""

    status: int
    payload: dict
    token: str | None = None
    nonce: str | None = None  # None with a token: a repeat of the request is not given it
    logged: bool = True
    #: The bearer's view in the answer, by its :class:`ViewCache` key (``("view", role, seat,
    #: language)``): kept for this process's streams once the change is committed.
    view_key: tuple | None = None


def find_table(code: str) -> TableRow:
    table = store.load_table(code)
    if table is None:
        raise Problem(404, "unknown_table", M("table.refuse.unknown", code=code))
    return table


def identify(table: TableRow, token: str | None, *, required: bool = False) -> Actor | None:
    """The bearer's seat at this table; 401 for a token that is not one of its seats."""
    if token is None:
        if required:
            raise Problem(401, "missing_token", M("table.refuse.missing_token"))
        return None
    digest = hash_token(token)
    seat = next((s for s in table.seats if s.token_hash == digest), None)
    if seat is None:
        raise Problem(401, "bad_token", M("table.refuse.bad_token"))
    return Actor(seat.number, seat.role, digest)


def touch(table: TableRow, actor: Actor | None) -> None:
    """Record that the bearer was seen (presence), at most every ``TOUCH_SECONDS``."""
    if actor is None or actor.role != "player":
        return
    now = utcnow()
    for seat in table.seats:
        if seat.number == actor.number and (
            seat.last_seen is None or now - seat.last_seen >= timedelta(seconds=TOUCH_SECONDS)
        ):
            seat.last_seen = now


def lock(code: str) -> TableRow:
    """Begin a transaction holding the table's write lock."""
    table = store.load_table(code, lock=True)
    if table is None:
        db.session.rollback()
        raise Problem(404, "unknown_table", M("table.refuse.unknown", code=code))
    return table


def effective(table: TableRow) -> int:
    """Effective entries so far: every entry but undos, the entries they undid and the
    shell's entries (replay.py counts the same way)."""
    return table.seq - log_reads.not_effective_of(table)


def game_for(table: TableRow):
    return catalog.game(table.game)


def viewer_of(actor: Actor | None) -> int | None:
    return actor.number if actor is not None and actor.role == "player" else None
