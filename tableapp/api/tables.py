"""Tables: create, view, log, QR code, export, and play again."""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg
from flask import Response, current_app

from .. import tables
from ..engine.messages import M
from ..problems import Problem
from .blueprint import Blueprint
from .schemas import (
    CreatedTableSchema,
    CreateTableSchema,
    ExportSchema,
    LogQuerySchema,
    LogSchema,
    ViewSchema,
)
from .shared import (
    AUTH_DOC,
    AUTH_REQUIRED_DOC,
    IDEMPOTENCY_DOC,
    idempotency,
    json_response,
    limiter,
    outcome_response,
    presence_seconds,
    token,
)

bp = Blueprint(
    "tables",
    __name__,
    url_prefix="/api/tables",
    description="Tables and their views",
    refusals={
        401: "The token is not one of this table's",
        403: "Only the host",
        404: "No such table",
    },
)


@bp.route("", methods=["POST"])
@bp.arguments(CreateTableSchema)
@bp.response(201, CreatedTableSchema)
@bp.refuses(
    (409, "A repeat of an Idempotency-Key without the first request's retry_secret"),
    (
        422,
        "A body this document refuses (`invalid_input`, `errors` per field). And what "
        "only the game's own rules can say of a body it accepts: a pack of the right shape "
        "whose content they refuse (`bad_pack`: a value out of its range, a total that does "
        "not add up, an id that names nothing; `errors.pack` lists every problem, the first "
        "20 then how many more), or options that rule each other out (`illegal_options`, "
        "`rule` names the ruling)",
    ),
    (429, "Too many tables from this address"),
)
@bp.doc(**IDEMPOTENCY_DOC)
def create(body: dict):
    """Open a table: its code, the host token, the join URL and the seed commitment."""
    limiter.check("table creation", current_app.config["CREATE_RATE_LIMIT"])
    outcome = tables.create_table(
        body["game"],
        body["variant"],
        body["options"],
        idempotency(body),
        replay_token=body["retry_secret"] is not None,
        pack=body["pack"],
    )
    return outcome_response(outcome)


@bp.route("/<code>")
@bp.response(200, ViewSchema)
@bp.refuses(401, 404)
@bp.doc(**AUTH_DOC)
def view(code: str):
    """The table as the bearer may see it (no token: the table screen's view)."""
    table = tables.find_table(code)
    actor = tables.identify(table, token())
    return json_response(tables.render_view(table, actor, presence_seconds()))


@bp.route("/<code>/log")
@bp.arguments(LogQuerySchema, location="query")
@bp.response(200, LogSchema)
@bp.refuses(401, 404)
@bp.doc(**AUTH_DOC)
def log(query: dict, code: str):
    """The log as the bearer may see it: public events plus only the bearer's private parts."""
    table = tables.find_table(code)
    actor = tables.identify(table, token())
    entries = tables.read_log(table, tables.viewer_of(actor), query["after"])
    return json_response({"entries": entries})


@bp.route("/<code>/qr.svg")
@bp.response(200, content_type="image/svg+xml", description="QR code of the join URL")
@bp.refuses(404)
def qr(code: str):
    """The join URL as a QR code (SVG)."""
    table = tables.find_table(code)
    image = qrcode.make(
        tables.join_url(table.code),
        image_factory=qrcode.image.svg.SvgPathImage,
        box_size=10,
        border=2,
    )
    buffer = io.BytesIO()
    image.save(buffer)
    response = Response(buffer.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "public, max-age=300"
    return response


@bp.route("/<code>/export")
@bp.response(200, ExportSchema)
@bp.refuses(404, (409, "The game is not over yet"))
def export(code: str):
    """The whole log with the revealed seed, once the game is over (``tableapp verify``)."""
    table = tables.find_table(code)
    return json_response(tables.export(table))


@bp.route("/<code>/rematch", methods=["POST"])
@bp.response(201, CreatedTableSchema)
@bp.refuses(
    (401, "Missing or bad token"),
    403,
    404,
    (409, "The game is not over, or it was already played again"),
)
@bp.doc(**IDEMPOTENCY_DOC, **AUTH_REQUIRED_DOC)
def rematch(code: str):
    """Host only, once the game is over: a new table with the same game, options and pack;
    the finished table's view points to it (`rematch`) so each phone takes its seat again."""
    if token() is None:  # who may not ask is told so before any limit counts them
        raise Problem(401, "missing_token", M("table.refuse.missing_token"))
    limiter.check("table creation", current_app.config["CREATE_RATE_LIMIT"])
    return outcome_response(tables.rematch(code, token(), idempotency({"rematch": code})))
