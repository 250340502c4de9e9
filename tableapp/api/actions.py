"""Actions: the one way to change a table, and undo."""

from __future__ import annotations

from .. import tables
from .blueprint import Blueprint
from .schemas import ActionResultSchema, ActionSchema, UndoSchema
from .shared import (
    AUTH_REQUIRED_DOC,
    IDEMPOTENCY_DOC,
    idempotency,
    outcome_response,
    patches,
    presence_seconds,
    token,
)

REFUSALS = {
    401: "Missing or bad token",
    403: "Not your turn, or host only",
    404: "No such table",
    409: "Stale `expected` (with the fresh view), not possible in this table's status, or "
    "an undo request is pending (`undo_pending`: only its answers are taken)",
    422: "A body this document refuses (`invalid_input`), or what the table's state refuses, "
    "which no schema can say: an action that is not one of the bearer's `actions` now or "
    "params outside their specs (`illegal_action`, `illegal_params`, or the game's own "
    "code), a start with too few or too many players (`player_count`); `rule` names the "
    "ruling where one refused",
}

bp = Blueprint(
    "actions",
    __name__,
    url_prefix="/api/tables",
    description="Actions and undo",
    refusals=REFUSALS,
)


@bp.route("/<code>/actions", methods=["POST"])
@bp.arguments(ActionSchema)
@bp.response(201, ActionResultSchema)
@bp.refuses(*REFUSALS)
@bp.doc(**IDEMPOTENCY_DOC, **AUTH_REQUIRED_DOC)
def post_action(body: dict, code: str):
    """Apply ``{type, params, expected}`` for the bearer: the logged action and the new view.

    Besides the game's actions, ``approve_undo`` / ``refuse_undo`` (another seat or the host)
    and ``cancel_undo`` (the asker) answer a pending undo request; the view lists them."""
    return outcome_response(
        tables.act(code, token(), body, idempotency(body), presence_seconds(), patches()),
        patches(),
    )


@bp.route("/<code>/undo", methods=["POST"])
@bp.arguments(UndoSchema)
@bp.response(201, ActionResultSchema)
@bp.alt_response(
    202,
    schema=ActionResultSchema,
    description="The action showed its actor something: this is a request (logged), and "
    "every other seat and the host may `approve_undo` or `refuse_undo` it",
)
@bp.refuses(*REFUSALS)
@bp.doc(**IDEMPOTENCY_DOC, **AUTH_REQUIRED_DOC)
def undo(body: dict, code: str):
    """Undo the last action (host, or the seat that acted); the undo is logged too.

    Undoing an action that showed its actor something (a drawn card) takes another player's
    OK: the answer is then 202 with the pending request. The host's undo is immediate. An
    applied undo of such an action shows everyone what it had shown."""
    return outcome_response(
        tables.undo(code, token(), body, idempotency(body), presence_seconds(), patches()),
        patches(),
    )
