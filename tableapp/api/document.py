"""What the OpenAPI document says beyond each request's and answer's schema: every operation's
stable id, and the links from one answer to the requests it makes possible.

The links say how a client goes from one answer to the next request (OpenAPI 3 ``links``, with
runtime expressions): a new table's code and host token (``$response.body#/code``,
``#/host_token``) lead to joining it, starting it (the host's ``start`` action), undoing,
reading its view, log, events and presence, its export and playing again; a seat's token
(``$response.body#/token``) leads to acting, undoing and saying it is there. A tool that follows
links (schemathesis' stateful phase) thus plays tables instead of guessing codes.

The ids are written here, not derived from the views' names, so that the document does not
change when the code behind it is reorganised (``tests/api/test_spec_matches_behaviour.py``
holds every operation to one).
"""

from __future__ import annotations

#: Each operation's ``operationId``, by its path and method.
OPERATION_IDS = {
    ("/api/games", "get"): "listGames",
    ("/api/games/{game_id}/pack", "get"): "getGamePack",
    ("/api/tables", "post"): "createTable",
    ("/api/tables/{code}", "get"): "getTable",
    ("/api/tables/{code}/seats", "post"): "joinTable",
    ("/api/tables/{code}/seats/{seat}/token", "post"): "reissueSeatToken",
    ("/api/tables/{code}/actions", "post"): "postAction",
    ("/api/tables/{code}/undo", "post"): "undoLastAction",
    ("/api/tables/{code}/log", "get"): "getLog",
    ("/api/tables/{code}/events", "get"): "streamEvents",
    ("/api/tables/{code}/presence", "get"): "getPresence",
    ("/api/tables/{code}/presence", "post"): "pingPresence",
    ("/api/tables/{code}/qr.svg", "get"): "getQrCode",
    ("/api/tables/{code}/export", "get"): "exportTable",
    ("/api/tables/{code}/rematch", "post"): "rematchTable",
}


def _link(operation: str, description: str, code: str, token: str | None = None, **more) -> dict:
    """A link to ``operation`` for the table whose code ``code`` gives, with the bearer token
    ``token`` gives (runtime expressions)."""
    parameters = {"path.code": code}
    if token is not None:
        parameters["header.Authorization"] = f"Bearer {{{token}}}"
    return {"operationId": operation, "description": description, "parameters": parameters, **more}


def _host_links(code: str, token: str) -> dict:
    """From an answer with a new table's code and its host token (a table opened, played again)."""
    return {
        "join": _link("joinTable", "Take a seat at the new table", code),
        "start": _link(
            "postAction",
            "The host starts the game (once enough players have joined; before: 422 "
            "`player_count`)",
            code,
            token,
            requestBody={"type": "start"},
        ),
        "undo": _link("undoLastAction", "The host undoes the last action", code, token),
        "view": _link("getTable", "The table as its host sees it", code, token),
        "log": _link("getLog", "The log as the host sees it", code, token),
        "events": _link("streamEvents", "The host's live events", code, token),
        "presence": _link("getPresence", "Who is connected", code, token),
        "reissue": _link("reissueSeatToken", "The host moves a seat to a new phone", code, token),
        "qr": _link("getQrCode", "The QR code players join with", code),
        "export": _link("exportTable", "The whole log and the seed, once the game is over", code),
        "rematch": _link(
            "rematchTable", "The host opens the same game again, once it is over", code, token
        ),
    }


def _seat_links(code: str, token: str) -> dict:
    """From an answer with a seat's token (a seat taken, a seat moved to a new phone)."""
    return {
        "act": _link(
            "postAction",
            "The seat acts: one of the `actions` its view lists, or answers an undo request",
            code,
            token,
        ),
        "undo": _link("undoLastAction", "The seat undoes its last action", code, token),
        "view": _link("getTable", "The table as this seat sees it", code, token),
        "log": _link("getLog", "The log as this seat sees it", code, token),
        "events": _link("streamEvents", "This seat's live events", code, token),
        "presence": _link("getPresence", "Who is connected", code, token),
        "ping": _link("pingPresence", "The phone says it is there", code, token),
    }


def _after_action_links(code: str) -> dict:
    """From an action or an undo: what anyone may read of the table then."""
    return {
        "view": _link("getTable", "The table as the table screen shows it", code),
        "log": _link("getLog", "The public log", code),
        "export": _link("exportTable", "The export, once this action ended the game", code),
    }


#: The links of each operation's answers: ``{(path, method): {status: links}}``.
LINKS = {
    ("/api/tables", "post"): {
        "201": _host_links("$response.body#/code", "$response.body#/host_token")
    },
    ("/api/tables/{code}/rematch", "post"): {
        "201": _host_links("$response.body#/code", "$response.body#/host_token")
    },
    ("/api/tables/{code}/seats", "post"): {
        "201": _seat_links("$request.path.code", "$response.body#/token")
    },
    ("/api/tables/{code}/seats/{seat}/token", "post"): {
        "200": _seat_links("$request.path.code", "$response.body#/token")
    },
    ("/api/tables/{code}/actions", "post"): {"201": _after_action_links("$request.path.code")},
    ("/api/tables/{code}/undo", "post"): {
        "201": _after_action_links("$request.path.code"),
        "202": _after_action_links("$request.path.code"),
    },
}


def document_operations(spec) -> None:
    """Each operation's id and its answers' links, in ``spec`` (an apispec ``APISpec``)."""
    for path, operations in spec._paths.items():
        for method, operation in operations.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            if (path, method) not in OPERATION_IDS:
                raise LookupError(f"{method.upper()} {path} has no operationId in {__name__}")
            operation["operationId"] = OPERATION_IDS[(path, method)]
            for status, links in LINKS.get((path, method), {}).items():
                operation["responses"][status]["links"] = links
