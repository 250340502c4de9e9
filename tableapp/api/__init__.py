"""The HTTP API: one blueprint per resource, registered on a problem+json flask-smorest Api."""

from __future__ import annotations

from flask import Flask

from ..i18n import render
from . import actions, errors, events, games, seats, tables

api = errors.ProblemApi()


def init_app(app: Flask) -> None:
    app.config.setdefault("OPENAPI_SWAGGER_UI_PATH", "docs")
    app.config.setdefault("OPENAPI_SWAGGER_UI_URL", "/vendor/swagger-ui/")
    api.init_app(app, spec_kwargs={"info": {"description": "tableapp's table API."}})
    api.spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    for module in (games, tables, seats, actions, events):
        api.register_blueprint(module.bp)
    _document_problems(api.spec)
    _document_games(api.spec)
    errors.register(app)


def _document_problems(spec) -> None:
    """Every error response is problem+json, and any operation may answer 400 (malformed
    JSON, a bad header) — say so in the spec, as the app does."""
    problem = {"schema": {"$ref": "#/components/schemas/Problem"}}
    for operations in spec._paths.values():
        for method, operation in operations.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            responses = operation.setdefault("responses", {})
            responses.setdefault("400", {"description": "Malformed JSON or a bad header"})
            for status, response in responses.items():
                if status == "default" or str(status).startswith(("4", "5")):
                    if isinstance(response, dict) and "$ref" not in response:
                        response["content"] = {errors.PROBLEM: problem}
    for response in spec.components.responses.values():
        response["content"] = {errors.PROBLEM: problem}


def _option_schema(declaration: dict) -> dict:
    kind = declaration["type"]
    if kind == "bool":
        out = {"type": "boolean"}
    elif kind == "int":
        out = {"type": "integer", "minimum": declaration["min"], "maximum": declaration["max"]}
    else:
        out = {"enum": list(declaration["choices"])}
    label = declaration.get("label", "")
    return out | {"description": render(label), "default": declaration["default"]}


def _document_games(spec) -> None:
    """The create body, exactly: one alternative per game with its variants and options."""
    from .. import catalog

    alternatives = []
    for game in catalog.games():
        alternatives.append(
            {
                "type": "object",
                "required": ["game"],
                "additionalProperties": False,
                "properties": {
                    "game": {"type": "string", "enum": [game.id]},
                    # null (or leaving it out) picks the game's first variant
                    "variant": {
                        "type": "string",
                        "nullable": True,
                        "enum": [*game.variants]
                        if None in game.variants
                        else [*game.variants, None],
                    },
                    "options": {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {k: _option_schema(v) for k, v in game.options.items()},
                    },
                },
            }
        )
    spec.components.schemas["CreateTable"] = {"oneOf": alternatives}
