"""The log: appending an entry to the hash chain, and the events of the shell's entries.

The shell's events (a join, the start, an undo request and its answers, an undo, a moved seat,
a rematch) are built here, the same way by the live path and by ``tableapp verify``
(:mod:`tableapp.verify`): one source for both.
"""

from __future__ import annotations

from types import SimpleNamespace

from ..database import log_reads
from ..database.models import utcnow
from ..database.store import TableRow
from ..engine import M, seat_ref
from ..engine.replay import NON_GAME, chain_key, link


def append(
    table: TableRow,
    actor: int | None,
    kind: str,
    payload: dict,
    produced: list,
    idempotency_key: str | None,
    *,
    shown: bool = False,
    before: dict | None = None,
) -> SimpleNamespace:
    """Append one entry to the log with the next gap-free number (written by ``save``), linked
    to the chain under the table's key (secret until the seed is revealed): its ``head``
    becomes the table's ``log_head``.

    A game action ``reveals`` when it showed a viewer something it did not know: an outcome
    of the table's random stream (``shown``: :attr:`~tableapp.engine.rng.Rng.shown`, not a
    shuffle into a pile that stays secret) or a private part of its events for the actor. It
    keeps the state ``before`` it, which its undo restores."""
    public, private = split_events(produced)
    reveals = kind not in NON_GAME and (shown or bool(private.get(str(actor))))
    table.seq += 1
    values = {
        "number": table.seq,
        "seat": actor,
        "type": kind,
        "payload": payload,
        "idempotency_key": idempotency_key,
        "public": public,
        "private": private,
        "undone": False,
        "reveals": reveals,
        "created_at": utcnow(),
        "before": before,
    }
    key = chain_key(bytes.fromhex(table.seed))
    values["head"] = table.log_head = link(table.log_head, values, key)
    table.new_actions.append(values)
    return SimpleNamespace(**values)


def split_events(produced: list[dict]) -> tuple[list[dict], dict[str, list]]:
    public: list[dict] = []
    private: dict[str, list] = {}
    for event in produced:
        event = dict(event)
        for seat, part in (event.pop("private", None) or {}).items():
            private.setdefault(str(seat), []).append(part)
        public.append(event)
    return public, private


def action_named(request_or_target) -> dict:
    """How texts name the action an undo is about: its number and what its first event said
    ("action 5: Ana drew a card.")."""
    if isinstance(request_or_target, dict):
        number, event = request_or_target["target"], request_or_target.get("event")
    else:
        number = request_or_target.number
        event = next(iter(request_or_target.public or []), None)
    if isinstance(event, dict) and "msg" in event:
        return M(
            "undo.what", number=number, event={"msg": event["msg"], "args": event.get("args") or {}}
        )
    return M("undo.what.bare", number=number)


# The shell's log entries' events, built the same way by the live path and by ``verify``.


def start_events(seats: list[int], mixed: list[dict], dealt: list) -> list:
    """The start's events: the start (players, contributions) and what the setup produced."""
    given = sum(1 for c in mixed if c.get("contribution"))
    return [M("table.started", count=len(seats), contributions=given), *dealt]


def join_event(number: int, name: str, colour: str | None) -> dict:
    """A join's event, with the seat it took (as the lobby shows it)."""
    seat = {"id": number, "position": number - 1, "name": name, "colour": colour}
    return {**M("table.joined", seat=seat_ref(number)), "seat": {**seat, "connected": True}}


def request_event(seat: int, target) -> dict:
    """An undo request's event: who asks to undo which action."""
    return {
        **M("undo.requested", seat=seat_ref(seat), what=action_named(target)),
        "target": target.number,
    }


def answer_event(kind: str, seat: int, asker: int, what: dict, target: int) -> dict:
    """The event of an answer to an undo request (approve, refuse, cancel); ``what`` names
    the action the request is about (:func:`action_named`)."""
    return {**_ANSWERS[kind](seat_ref(seat), seat_ref(asker), what), "target": target}


def moved_event(number: int) -> dict:
    """A re-issue's event: the host moved a seat to a new phone."""
    return {**M("seat.moved", seat=seat_ref(number)), "seat": number}


def rematch_event(game, code: str) -> dict:
    """The finished table's entry saying where the rematch is."""
    return {**M("table.rematch", game=game.name, code=code), "code": code}


def log_entries(table) -> list[dict]:
    rows = log_reads.actions_after(table.id, 0, limit=None)
    return [
        {
            "number": a.number,
            "seat": a.seat,
            "type": a.type,
            "payload": a.payload,
            "undone": a.undone,
            "reveals": a.reveals,
            "public": a.public,
            "private": a.private,
            "head": a.head,
        }
        for a in rows
    ]


#: The event of each answer to an undo request.
_ANSWERS = {
    "approve_undo": lambda seat, asker, what: M("undo.approved", seat=seat, asker=asker, what=what),
    "refuse_undo": lambda seat, asker, what: M("undo.refused", seat=seat, asker=asker, what=what),
    "cancel_undo": lambda seat, asker, what: M("undo.cancelled", asker=asker, what=what),
}


def _message(part) -> dict | None:
    """A logged event or private part as a message alone (its ``msg`` and ``args``)."""
    if isinstance(part, dict) and "msg" in part:
        return {"msg": part["msg"], "args": part.get("args") or {}}
    return None


def undo_event(undoer: int, target) -> dict:
    """The undo's public event. For an action that revealed something: what it had shown its
    actor (each private part's ``seen``, else its message) becomes public, with what it had
    shown everyone (its public events), as messages and data."""
    seat, what, actor = seat_ref(undoer), action_named(target), seat_ref(target.seat)
    data = {"target": target.number}
    if not reveals(target):
        return {**M("undo.done", seat=seat, what=what, actor=actor), **data}
    private = list((target.private or {}).get(str(target.seat)) or [])
    seen = [p.get("seen") if isinstance(p.get("seen"), dict) else _message(p) for p in private]
    seen = [m for m in seen if m]
    shown = [m for m in (_message(p) for p in target.public or []) if m]
    data |= {"seen": private, "shown": list(target.public or [])}
    if seen:
        return {**M("undo.revealed", seat=seat, what=what, actor=actor, seen=seen), **data}
    return {**M("undo.revealed.public", seat=seat, what=what, actor=actor, shown=shown), **data}


def reveals(entry) -> bool:
    """Whether undoing ``entry`` needs another player's OK: it showed its actor an outcome
    (an entry logged before the flag existed counts when it holds a private part)."""
    return bool(getattr(entry, "reveals", False) or (entry.private or {}).get(str(entry.seat)))
