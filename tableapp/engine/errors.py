"""The one exception rules code raises."""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An action the rules refuse.

    ``code`` is stable and machine-readable (``not_your_turn``), ``rule`` is the ruling id from
    the catalogue (``ZL-2``) or ``None`` for a refusal that is not a game rule (bad params),
    ``message`` is a message (``M(...)``, see :mod:`tableapp.engine.messages`) the shell renders
    as one sentence a player can read aloud.
    """

    def __init__(self, code: str, rule: str | None, message: dict[str, Any] | str) -> None:
        # str(error): the id and its arguments, for tracebacks (players read the rendered text)
        if isinstance(message, dict):
            super().__init__(f"{message['msg']} {message.get('args') or {}}")
        else:
            super().__init__(message)
        self.code = code
        self.rule = rule
        self.message = message

    def to_dict(self) -> dict:
        return {"code": self.code, "rule": self.rule, "message": self.message}
