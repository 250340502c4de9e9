"""Every error leaves as ``application/problem+json`` with a stable ``code``."""

from __future__ import annotations

from flask import Response, current_app, json
from flask_smorest import Api
from werkzeug.exceptions import HTTPException, SecurityError

from .. import codec
from ..engine.messages import M
from ..problems import Problem
from ..texts.labels import field_names
from .schemas import ProblemSchema

PROBLEM = "application/problem+json"

# Stable codes for the HTTP errors raised outside our own code (routing, parsing, limits).
HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    404: "not_found",
    405: "method_not_allowed",
    413: "body_too_large",
    415: "unsupported_media_type",
    422: "invalid_input",
    429: "rate_limited",
}
#: What the HTTP errors raised outside our own code say, in the request's language (the
#: framework's own descriptions are English only).
HTTP_DETAILS = {
    400: M("api.http.bad_request"),
    401: M("api.http.unauthorized"),
    403: M("api.http.forbidden"),
    404: M("api.http.not_found"),
    405: M("api.http.method_not_allowed"),
    415: M("api.http.unsupported_media_type"),
    429: M("api.http.too_many_requests"),
}


def problem_response(problem: Problem) -> Response:
    body = problem.body()
    try:
        data = codec.dumps(body)
    except TypeError:
        # Text no UTF-8 can carry (a lone surrogate quoted from the request) must not turn a
        # refusal into a 500: such characters become "?".
        data = codec.dumps(_utf8_safe(body))
    response = Response(data, status=problem.status, mimetype=PROBLEM)
    for name, value in problem.headers.items():
        response.headers[name] = value
    return response


def _utf8_safe(value):
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, dict):
        return {_utf8_safe(k): _utf8_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_utf8_safe(v) for v in value]
    return value


def from_http(error: HTTPException) -> Problem:
    status = error.code or 500
    if isinstance(error, SecurityError):  # a Host header outside TRUSTED_HOSTS
        return Problem(
            400,
            "untrusted_host",
            M("api.untrusted_host"),
        )
    data = getattr(error, "data", None) or {}
    messages = data.get("messages") or data.get("errors")
    if status == 400 and "JSON" in str(messages or error.description):
        return Problem(400, "malformed_json", M("api.malformed_json"))
    if status == 422 and messages:
        # webargs nests messages by location: {"json": {"name": [...]}}
        fields = messages.get("json", messages) if isinstance(messages, dict) else messages
        names = sorted(_field_names(fields)) if isinstance(fields, dict) else []
        detail = M("api.invalid_input", fields=field_names(names))  # as the forms name them
        return Problem(422, "invalid_input", detail, errors=fields)
    if status == 413:
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        return Problem(413, "body_too_large", M("api.body_too_large", limit=limit))
    detail = HTTP_DETAILS.get(status) or M("api.http.error", status=status)
    problem = Problem(status, HTTP_CODES.get(status, "http_error"), detail)
    for name, value in error.get_headers():
        if name.lower() not in ("content-type", "content-length"):
            problem.headers[name] = value  # e.g. Allow on a 405, Retry-After on a 429
    return problem


def _field_names(fields: dict) -> set[str]:
    """The fields named in webargs' messages, under their location (``{"query": {"after":
    …}}``) or not (``{"name": […]}``)."""
    names = set()
    for key, value in fields.items():
        if key in LOCATIONS and isinstance(value, dict):
            names.update(value)
        else:
            names.add(key)
    return names


#: Where webargs reads a request's arguments (it nests their messages under these).
LOCATIONS = ("json", "query", "form", "headers", "cookies", "files", "view_args", "path")


class ProblemApi(Api):
    """flask-smorest's Api, answering every HTTP error as problem+json."""

    ERROR_SCHEMA = ProblemSchema

    def handle_http_exception(self, error):
        return problem_response(from_http(error))

    def _openapi_json(self):
        """``/api/openapi.json``: every object's keys sorted and the tags by name, so that the
        same API gives the same bytes whatever order the code declares it in (flask-smorest
        keeps the declaration order)."""
        document = self.spec.to_dict()
        document["tags"] = sorted(document.get("tags", []), key=lambda tag: tag["name"])
        return current_app.response_class(
            json.dumps(document, indent=2, sort_keys=True), mimetype="application/json"
        )


def register(app) -> None:
    app.register_error_handler(Problem, problem_response)

    @app.errorhandler(Exception)
    def unexpected(error: Exception):  # never a bare 500 page: a problem, logged
        if isinstance(error, HTTPException):
            return problem_response(from_http(error))
        app.logger.exception("unexpected error")
        return problem_response(Problem(500, "internal_error", M("api.internal_error")))
