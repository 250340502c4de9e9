"""The one error shape: a problem the API turns into ``application/problem+json``."""

from __future__ import annotations

from .engine import M, RuleError

#: Each status's ``title``, rendered in the request's language.
TITLES = {
    400: M("api.title.bad_request"),
    401: M("api.title.unauthorized"),
    403: M("api.title.forbidden"),
    404: M("api.title.not_found"),
    405: M("api.title.method_not_allowed"),
    408: M("api.title.timeout"),
    409: M("api.title.conflict"),
    413: M("api.title.too_large"),
    415: M("api.title.unsupported_media_type"),
    422: M("api.title.unprocessable"),
    429: M("api.title.too_many_requests"),
    500: M("api.title.internal_error"),
    503: M("api.title.unavailable"),
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
            from .texts.i18n import Renderer, request_language

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
            "title": renderer.text(TITLES.get(self.status, M("api.title.error"))),
            "status": self.status,
            "detail": detail,
            "code": self.code,
        }
        if self.rule:
            body["rule"] = self.rule
        body.update(extra)
        return body
