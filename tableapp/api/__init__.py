"""The HTTP API: one blueprint per resource, registered on a problem+json flask-smorest Api."""

from __future__ import annotations

from flask import Flask

from . import actions, errors, events, games, seats, tables

api = errors.ProblemApi()


def init_app(app: Flask) -> None:
    app.config.setdefault("OPENAPI_SWAGGER_UI_PATH", "docs")
    app.config.setdefault("OPENAPI_SWAGGER_UI_URL", "/vendor/swagger-ui/")
    api.init_app(app, spec_kwargs={"info": {"description": "tableapp's table API."}})
    api.spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    for module in (games, tables, seats, actions, events):
        api.register_blueprint(module.bp)
    errors.register(app)
