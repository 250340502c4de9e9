"""Seats: join a table, re-issue a lost phone's seat."""

from __future__ import annotations

from flask import current_app

from .. import tables
from .blueprint import Blueprint
from .schemas import JoinedSchema, JoinSchema
from .shared import (
    AUTH_REQUIRED_DOC,
    IDEMPOTENCY_DOC,
    idempotency,
    limiter,
    outcome_response,
    token,
)

bp = Blueprint(
    "seats",
    __name__,
    url_prefix="/api/tables",
    description="Seats at a table",
    refusals={401: "Missing or bad token", 403: "Only the host", 404: "No such table"},
)


@bp.route("/<code>/seats", methods=["POST"])
@bp.arguments(JoinSchema)
@bp.response(201, JoinedSchema)
@bp.refuses(
    404,
    (409, "Started, full, colour taken, or a repeat without the first one's retry_secret"),
    (
        422,
        "A body this document refuses (`invalid_input`, `errors` per field), or a "
        "colour this table's game does not offer (`colour_not_offered`): a game with colours "
        "in its box (Eat Zem All's Hordes) offers only those, listed in the table's view "
        "(`game_view.colours`); the others every seat colour",
    ),
    (429, "Too many joins from this address"),
)
@bp.doc(**IDEMPOTENCY_DOC)
def join(body: dict, code: str):
    """Join with a name (1–40 characters) and a colour: the seat and its token."""
    limiter.check("join", current_app.config["JOIN_RATE_LIMIT"])
    outcome = tables.join(
        code,
        body["name"],
        body["colour"],
        idempotency(body),
        contribution=body["contribution"] and body["contribution"].lower(),
        replay_token=body["retry_secret"] is not None,
    )
    return outcome_response(outcome)


@bp.route("/<code>/seats/<int:seat>/token", methods=["POST"])
@bp.response(200, JoinedSchema)
@bp.refuses(401, 403, (404, "No such table or seat"))
@bp.doc(**IDEMPOTENCY_DOC, **AUTH_REQUIRED_DOC)
def reissue(code: str, seat: int):
    """Host only: a new token for a seat whose phone was lost; the old token stops working."""
    return outcome_response(tables.reissue(code, token(), seat, idempotency({"seat": seat})))
