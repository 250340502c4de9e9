"""The one error shape: a problem the API turns into ``application/problem+json``."""

from __future__ import annotations

from .engine import RuleError

TITLES = {
    400: "Bad request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not found",
    405: "Method not allowed",
    408: "Request timeout",
    409: "Conflict",
    413: "Payload too large",
    415: "Unsupported media type",
    422: "Unprocessable content",
    429: "Too many requests",
    500: "Internal server error",
    503: "Service unavailable",
}


class Problem(Exception):
    """A refused request: HTTP status, stable ``code``, readable ``detail``, optional ``rule``."""

    def __init__(self, status: int, code: str, detail, *, rule: str | None = None, **extra) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.rule = rule
        self.extra = extra
        self.headers: dict[str, str] = {}

    @classmethod
    def from_rule(cls, error: RuleError, renderer=None, status: int = 422) -> Problem:
        """The rules' refusal, its message rendered (in the request's language unless a
        ``renderer`` of the table's texts is given); ``msg`` and ``args`` stay in the body."""
        message = error.message
        if not isinstance(message, dict):
            return cls(status, error.code, str(message), rule=error.rule)
        if renderer is None:
            return cls(status, error.code, message, rule=error.rule)  # rendered in body()
        extra = {"msg": message["msg"], "args": renderer.localize(message.get("args") or {})}
        return cls(status, error.code, renderer.text(message), rule=error.rule, **extra)

    def body(self, renderer=None) -> dict:
        """The problem+json body; a detail given as a message is rendered (in the request's
        language unless a ``renderer`` of the table's texts is given), its ``msg`` and
        ``args`` kept beside it."""
        detail = self.detail
        if renderer is None:
            from .i18n import Renderer, request_language

            renderer = Renderer(request_language())
        # what a problem lists beside its detail (``errors`` per field, a pack's problems) may
        # be messages too: rendered in the same language
        # (each value on its own: the extra of a rule's refusal holds its ``msg`` and ``args``,
        # which are not a message to render into one text)
        extra = {key: renderer.localize(value) for key, value in self.extra.items()}
        if isinstance(detail, dict):
            extra = {
                "msg": detail["msg"],
                "args": renderer.localize(detail.get("args") or {}),
                **extra,
            }
            detail = renderer.text(detail)
        body = {
            "type": "about:blank",
            "title": TITLES.get(self.status, "Error"),
            "status": self.status,
            "detail": detail,
            "code": self.code,
        }
        if self.rule:
            body["rule"] = self.rule
        body.update(extra)
        return body
