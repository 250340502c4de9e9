"""Actions: the one way to change a table, and undo."""

from __future__ import annotations

from .. import tables
from .common import (
    AUTH_REQUIRED_DOC,
    IDEMPOTENCY_DOC,
    idempotency,
    outcome_response,
    presence_seconds,
    token,
)
from .errors import PROBLEM
from .parsing import Blueprint
from .schemas import ActionResultSchema, ActionSchema, ProblemSchema, UndoSchema

bp = Blueprint("actions", __name__, url_prefix="/api/tables", description="Actions and undo")

REFUSALS = {
    401: "Missing or bad token",
    403: "Not your turn, or host only",
    404: "No such table",
    409: "Stale `expected` (with the fresh view), or not possible in this table's status",
    422: "Not a legal action now, or illegal params; `rule` names the ruling",
}


def _document_refusals(view):
    for status, description in REFUSALS.items():
        view = bp.alt_response(
            status, schema=ProblemSchema, content_type=PROBLEM, description=description
        )(view)
    return view


@bp.route("/<code>/actions", methods=["POST"])
@bp.arguments(ActionSchema)
@bp.response(201, ActionResultSchema)
@_document_refusals
@bp.doc(**IDEMPOTENCY_DOC, **AUTH_REQUIRED_DOC)
def post_action(body: dict, code: str):
    """Apply ``{type, params, expected}`` for the bearer: the logged action and the new view."""
    return outcome_response(tables.act(code, token(), body, idempotency(body), presence_seconds()))


@bp.route("/<code>/undo", methods=["POST"])
@bp.arguments(UndoSchema)
@bp.response(201, ActionResultSchema)
@_document_refusals
@bp.doc(**IDEMPOTENCY_DOC, **AUTH_REQUIRED_DOC)
def undo(body: dict, code: str):
    """Undo the last action (host, or the seat that acted); the undo is logged too."""
    return outcome_response(tables.undo(code, token(), body, idempotency(body), presence_seconds()))
