"""The API's blueprints: flask-smorest's, reading bodies with the app's parser and documenting
the problems they answer with once per blueprint."""

from __future__ import annotations

import flask_smorest

from .error_handlers import PROBLEM
from .parsing import Parser
from .schemas import ProblemSchema


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint with :class:`Parser` for its ``arguments``, and its refusals
    documented once: ``refusals`` (``{status: description}``) the problems its operations
    share, each operation naming the ones it may answer with :meth:`refuses`."""

    ARGUMENTS_PARSER = Parser()

    def __init__(self, *args, refusals: dict[int, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.refusals = dict(refusals or {})

    def refuses(self, *statuses: int | tuple[int, str]):
        """Document an operation's problem answers, in the order given: a status alone takes
        the blueprint's description, ``(status, description)`` one of the operation's own."""

        def decorator(view):
            for status in reversed(statuses):
                status, description = (
                    status
                    if isinstance(status, tuple)
                    else (
                        status,
                        self.refusals[status],
                    )
                )
                view = self.alt_response(
                    status, schema=ProblemSchema, content_type=PROBLEM, description=description
                )(view)
            return view

        return decorator
