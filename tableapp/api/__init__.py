"""The HTTP API: one blueprint per resource, registered on a problem+json flask-smorest Api."""

from __future__ import annotations

import re

from flask import Flask, request

from ..engine.messages import M
from ..problems import Problem
from ..tables import CODE_ALPHABET, CODE_LENGTH
from ..texts import names
from ..texts.i18n import render
from . import actions, error_handlers, events, games, parsing, seats, tables
from .document import document_operations

api = error_handlers.ProblemApi()
#: A table code as the table screen shows it (any case): anything else is no table's.
TABLE_CODE = f"[{''.join(sorted(set(CODE_ALPHABET + CODE_ALPHABET.lower())))}]{{{CODE_LENGTH}}}"


def init_app(app: Flask) -> None:
    app.config.setdefault("OPENAPI_SWAGGER_UI_PATH", "docs")
    app.config.setdefault("OPENAPI_SWAGGER_UI_URL", "/vendor/swagger-ui/")
    # Request bodies through orjson with firm limits; ASCII digits in <int:…> paths.
    app.json = parsing.JSONProvider(app)
    app.url_map.converters["int"] = parsing.AsciiIntegerConverter
    app.url_value_preprocessor(_check_table_code)
    api.init_app(app, spec_kwargs={"info": {"description": "tableapp's table API."}})
    api.spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    for module in (games, tables, seats, actions, events):
        api.register_blueprint(module.bp)
    _document_problems(api.spec)
    _document_games(api.spec)
    _document_table_code(api.spec)
    _document_names(api.spec)
    document_operations(api.spec)
    error_handlers.register(app)


def _check_table_code(endpoint: str | None, values: dict | None) -> None:
    """A path's table code is refused before any query when it cannot be one (a NUL byte, say,
    which PostgreSQL would refuse with an error)."""
    code = (values or {}).get("code")
    if code is not None and request.path.startswith("/api/"):
        if not re.fullmatch(TABLE_CODE, code):
            raise Problem(
                404,
                "unknown_table",
                M("api.no_such_code", length=CODE_LENGTH),
            )


def _document_names(spec) -> None:
    """A name's rule, exactly (:mod:`.names`): trimmed, 1–40 characters, the first visible."""
    name = spec.components.schemas["Join"]["properties"]["name"]
    for key in ("minLength", "maxLength"):
        name.pop(key, None)  # they would count the spaces around, which are trimmed
    name["pattern"] = names.name_pattern()


def _document_table_code(spec) -> None:
    for operations in spec._paths.values():
        for parameter in operations.get("parameters", []):
            if parameter.get("in") == "path" and parameter.get("name") == "code":
                parameter["schema"] = {"type": "string", "pattern": f"^{TABLE_CODE}$"}


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
                        response["content"] = {error_handlers.PROBLEM: problem}
    for response in spec.components.responses.values():
        response["content"] = {error_handlers.PROBLEM: problem}


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


#: ``null`` as OpenAPI 3.0 says it beside a ``$ref`` (``nullable`` needs a ``type``).
NULL = {"type": "object", "nullable": True, "enum": [None]}


def _component_name(game_id: str) -> str:
    """``zombie-life`` → ``ZombieLife``: a game's part of its components' names."""
    return "".join(part[:1].upper() + part[1:] for part in game_id.replace("_", "-").split("-"))


def _document_games(spec) -> None:
    """The create body, exactly: one alternative per game (``CreateZombieLifeTable``…, chosen
    by ``game``) with its variants, its options and its pack (``ZombieLifePack``…, also the
    answer of ``GET /api/games/{id}/pack``)."""
    from .. import catalog
    from ..content import has_pack
    from ..content.json_schema import pack_json_schema, text_schemas
    from .schemas import PACK_DOC, RETRY_SECRET_DOC

    schemas = spec.components.schemas
    for name, text in text_schemas().items():
        schemas[name] = text

    mapping, packs = {}, []
    for game in catalog.games():
        name = _component_name(game.id)
        schemas[f"{name}Pack"] = {
            **pack_json_schema(game.id),
            "description": f"The content pack of {game.name}: its files and their fields.",
        }
        if has_pack(game.id):
            packs.append({"$ref": f"#/components/schemas/{name}Pack"})
        schemas[f"Create{name}Table"] = {
            "type": "object",
            "description": f"Open a table of {game.name}.",
            "required": ["game"],
            "additionalProperties": False,
            "properties": {
                "game": {"type": "string", "enum": [game.id]},
                # null (or leaving it out) picks the game's first variant
                "variant": {
                    "type": "string",
                    "nullable": True,
                    "enum": [*game.variants] if None in game.variants else [*game.variants, None],
                },
                "options": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {k: _option_schema(v) for k, v in game.options.items()},
                },
                "retry_secret": {
                    "type": "string",
                    "nullable": True,
                    "pattern": "^[A-Za-z0-9_-]{32,128}$",
                    "description": RETRY_SECRET_DOC,
                },
                "pack": {
                    "description": PACK_DOC,
                    "anyOf": [{"$ref": f"#/components/schemas/{name}Pack"}, NULL],
                },
            },
        }
        mapping[game.id] = f"#/components/schemas/Create{name}Table"
    schemas["CreateTable"] = {
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "game", "mapping": mapping},
    }
    pack = spec._paths["/api/games/{game_id}/pack"]["get"]["responses"]["200"]
    pack["content"] = {"application/json": {"schema": {"anyOf": packs}}}
