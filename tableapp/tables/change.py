"""The one way a table changes: lock it, identify the bearer, answer a repeated
Idempotency-Key as before, else compute the change in memory, save, commit and notify."""

from __future__ import annotations

from collections.abc import Callable

from .. import codec
from ..database import log_reads, store
from ..database.extensions import db
from ..database.store import TableRow
from ..engine import M, RuleError
from ..live import notifier
from ..problems import Problem
from .core import Actor, Change, Outcome, identify, lock, viewer_of
from .idempotency import keep_answer, stored_answer
from .patches import view_patch
from .views import entry_for, render_view, texts, view_cache


def locked_change(
    code: str,
    token: str | None,
    idempotency: tuple[str, str] | None,  # (key, request hash)
    change: Callable[[TableRow, Actor | None], Change],
    *,
    token_required: bool = True,
    ttl_hours: int = 48,
    patch_from: int | None = None,
) -> Outcome:
    """``patch_from``: the number of the view the bearer's phone holds, when it asked for
    view patches (``Prefer: view-patch``): a logged answer then carries ``view_patch``
    against it (``view_base``) where this process still holds that view, else the view."""
    table = lock(code)
    try:
        actor = identify(table, token, required=token_required)
        scope = actor.token_hash if actor else f"anon:{table.code}"
        if idempotency:
            stored = stored_answer(scope, idempotency[0], idempotency[1], ttl_hours)
            if stored is not None:
                db.session.rollback()
                return stored
        try:
            # The change edits ``table`` in memory; nothing is written unless it returns.
            result = change(table, actor)
            store.save(table)
        except (Problem, RuleError) as error:
            problem = (
                error if isinstance(error, Problem) else Problem.from_rule(error, texts(table))
            )
            if problem.status == 409 and "view" not in problem.extra:
                table = store.load_table(table.code) or table  # as stored, not as edited
                problem.extra["view"] = render_view(table, actor)
            result = Change(problem.status, problem.body(texts(table)), logged=False)
        body = codec.dumps(result.payload)
        if idempotency:
            keep_answer(scope, *idempotency, result.status, body, result.token, result.nonce)
        seq = table.seq
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    written, table.written = table.written, []
    if written:  # committed: this process's streams and next action need not read them again
        log_reads.recent_log.keep_written((table.id, table.code), written)
        log_reads.not_effective_counts.committed(table, written)
    if result.logged:
        view_cache.hold_table(table)  # this process's streams render from it, not a new read
        if result.view_key is not None:  # the bearer's own streams send the view it was given
            view_cache.keep(table, result.view_key, result.payload["view"])
            if patch_from is not None:
                body = _patched(table, result, patch_from) or body
        notifier.bus().publish(table.code, seq)
    return Outcome(result.status, body, seq if result.logged else None)


def _patched(table: TableRow, result: Change, base: int) -> bytes | None:
    """The answer with its view as a patch against the bearer's view as of action ``base``
    (None when this process no longer holds that one). The Idempotency-Key answer kept is
    the whole one: a repeat may come from a phone that holds another view."""
    held = view_cache.held(table, base, result.view_key)
    view = result.payload["view"]
    if held is None or held.get("seq") != base or base >= view["seq"]:
        return None
    answer = {k: v for k, v in result.payload.items() if k != "view"}
    return codec.dumps({**answer, "view_patch": view_patch(held, view), "view_base": base})


def check_expected(table: TableRow, actor: Actor, expected: int | None, presence: float) -> None:
    """A phone that saw an older table gets a 409 with the fresh view, never a blind act."""
    if expected is not None and expected != table.seq:
        raise Problem(
            409,
            "stale",
            M("table.refuse.stale", seq=table.seq, expected=expected),
            view=render_view(table, actor, presence),
        )


def logged(table: TableRow, actor: Actor, action, presence_seconds: float) -> Change:
    """An action's answer: the logged entry as the bearer sees it, and the new view."""
    renderer = texts(table, you=viewer_of(actor))
    return Change(
        201,
        {
            "action": entry_for(action, viewer_of(actor), renderer),
            "view": render_view(table, actor, presence_seconds, renderer),
        },
        view_key=("view", actor.role, actor.number, renderer.lang),
    )
