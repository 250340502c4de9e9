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

    def __init__(
        self, status: int, code: str, detail: str, *, rule: str | None = None, **extra
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.rule = rule
        self.extra = extra
        self.headers: dict[str, str] = {}

    @classmethod
    def from_rule(cls, error: RuleError, status: int = 422) -> Problem:
        return cls(status, error.code, error.message, rule=error.rule)

    def body(self) -> dict:
        body = {
            "type": "about:blank",
            "title": TITLES.get(self.status, "Error"),
            "status": self.status,
            "detail": self.detail,
            "code": self.code,
        }
        if self.rule:
            body["rule"] = self.rule
        body.update(self.extra)
        return body
