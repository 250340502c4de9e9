"""Undo: immediate for what showed nothing, else a request another seat answers; an applied
undo shows everyone what the action had shown (no fishing)."""

from __future__ import annotations

from types import SimpleNamespace

from ..database import log_reads
from ..database.store import TableRow
from ..engine import M, RuleError, seat_ref, validate_params
from ..engine.replay import NON_GAME, replay
from ..problems import Problem
from .change import check_expected, locked_change, logged
from .core import Actor, Change, Outcome, game_for
from .log import action_named, answer_event, append, log_entries, request_event, reveals, undo_event
from .views import texts, undo_answers


def undo(
    code: str,
    token: str | None,
    body: dict,
    idempotency: tuple[str, str] | None,
    presence_seconds: float = 15,
    patches: bool = False,
) -> Outcome:
    """Revert the last game action in effect: back to the state it kept from before it (what
    replaying the log without it gives).

    An action that showed its actor something (``reveals``) is not taken back on the actor's
    word alone: the seat's undo becomes a request (202) that another seat or the host approves
    or refuses. The host's undo is immediate. Either way, an applied undo of such an action
    shows everyone, in its public event, what the action had shown (no fishing).
    """

    def change(table: TableRow, actor: Actor | None) -> Change:
        assert actor is not None
        check_expected(table, actor, body.get("expected"), presence_seconds)
        if table.status == "lobby":
            raise Problem(409, "not_playing", M("undo.refuse.lobby"))
        if table.status == "finished":
            # The seed is public once the game is over: an undo then could fish for cards.
            raise Problem(409, "game_over", M("undo.refuse.over"))
        no_undo_pending(table)
        target = log_reads.last_in_effect(table.id, NON_GAME)
        if target is None:
            raise Problem(409, "nothing_to_undo", M("undo.refuse.nothing"))
        if actor.role != "host" and actor.number != target.seat:
            raise Problem(403, "undo_not_yours", M("undo.refuse.not_the_actor"))
        key = idempotency[0] if idempotency else None
        if actor.role != "host" and reveals(target):
            asked = _request_undo(table, actor, target, key)
            answer = logged(table, actor, asked, presence_seconds)
            answer.status = 202
            return answer
        done = _undo_now(table, actor.number, target, key, {})
        return logged(table, actor, done, presence_seconds)

    patch_from = body.get("expected") if patches else None
    return locked_change(code, token, idempotency, change, patch_from=patch_from)


def no_undo_pending(table: TableRow) -> None:
    request = table.undo_request
    if request is not None:
        raise Problem(
            409,
            "undo_pending",
            M("undo.refuse.pending", seat=seat_ref(request["seat"]), what=action_named(request)),
        )


def _request_undo(table: TableRow, actor: Actor, target, key: str | None) -> SimpleNamespace:
    entry = append(
        table,
        actor.number,
        "undo_request",
        {"target": target.number},
        [request_event(actor.number, target)],
        key,
    )
    first = next(iter(target.public or []), None)
    table.undo_request = {
        "number": entry.number,
        "seat": actor.number,
        "target": target.number,
        "type": target.type,
        # what the action's first event said, to name it in prompts and buttons
        "event": {"msg": first["msg"], "args": first.get("args") or {}}
        if isinstance(first, dict) and "msg" in first
        else None,
    }
    return entry


def answer_undo(
    table: TableRow, actor: Actor, kind: str, params, key: str | None
) -> SimpleNamespace:
    """approve_undo / refuse_undo (another seat or the host) or cancel_undo (the asker)."""
    if table.status != "playing":
        raise Problem(409, "not_playing", M("table.refuse.not_playing", status=table.status))
    request = table.undo_request
    if request is None:
        raise Problem(409, "no_undo_request", M("undo.refuse.none"))
    asking = actor.role == "player" and actor.number == request["seat"]
    if kind == "cancel_undo" and not asking:
        raise Problem(403, "not_your_undo_request", M("undo.refuse.not_yours"))
    if kind != "cancel_undo" and asking:
        raise Problem(403, "own_undo_request", M("undo.refuse.own"))
    try:
        validate_params(undo_answers(table, actor), kind, params)
    except RuleError as error:
        raise Problem.from_rule(error, texts(table)) from None
    event = answer_event(
        kind, actor.number, request["seat"], action_named(request), request["target"]
    )
    table.undo_request = None
    entry = append(
        table,
        actor.number,
        kind,
        {"request": request["number"], "target": request["target"]},
        [event],
        key,
    )
    if kind == "approve_undo":
        target = log_reads.last_in_effect(table.id, NON_GAME)
        if target is None or target.number != request["target"]:  # the game waited: never
            raise Problem(
                409, "undo_target_moved", M("undo.refuse.moved", number=request["target"])
            )
        _undo_now(
            table,
            request["seat"],
            target,
            None,
            {"request": request["number"], "approved_by": actor.number},
        )
    return entry


def state_before(table: TableRow, target) -> dict:
    """The state just before ``target``, the last game action in effect: the one it kept,
    else (logged before actions kept it) the log replayed without it."""
    if getattr(target, "before", None) is not None:
        return target.before
    entries = log_entries(table) + [
        {
            "number": table.seq + 1,
            "seat": target.seat,
            "type": "undo",
            "payload": {"target": target.number},
        }
    ]
    return replay(
        game_for(table),
        content=table.content,
        variant=table.variant,
        options=table.options,
        seed=bytes.fromhex(table.seed),
        entries=entries,
    ).state


def _undo_now(table: TableRow, undoer: int, target, key: str | None, extra: dict):
    """Take ``target`` back to the state before it (what replaying the log without it gives);
    log the undo with what the target had shown when it revealed something."""
    game = game_for(table)
    table.undone.append(target.number)
    table.state = state_before(table, target)
    table.status = "playing" if game.result(table.state) is None else "finished"
    table.finished_at = None if table.status == "playing" else table.finished_at
    return append(
        table,
        undoer,
        "undo",
        {"target": target.number, **extra},
        [undo_event(undoer, target)],
        key,
    )
