"""The OpenAPI spec says what the API accepts (issue 9, item 9).

A whitespace-only Idempotency-Key was schema-valid yet refused (schemathesis: "schema-valid
request rejected"); the key's parameter now has the pattern the server applies, and the
two are held to the same answers here. tests/fuzz runs schemathesis over the whole spec.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tableapp.texts.names import name_pattern


def _spec(client) -> dict:
    return client.get("/api/openapi.json").get_json()


def _key_schema(spec: dict) -> dict:
    schemas = [
        parameter["schema"]
        for operations in spec["paths"].values()
        for operation in operations.values()
        if isinstance(operation, dict)
        for parameter in operation.get("parameters", [])
        if parameter.get("name") == "Idempotency-Key"
    ]
    assert schemas and all(s == schemas[0] for s in schemas)
    return schemas[0]


def test_every_post_documents_the_idempotency_key_it_accepts(client):
    spec = _spec(client)
    posts = [(path, ops["post"]) for path, ops in spec["paths"].items() if "post" in ops]
    assert posts
    for path, operation in posts:
        names = [p["name"] for p in operation.get("parameters", [])]
        assert "Idempotency-Key" in names, path
    schema = _key_schema(spec)
    assert schema["maxLength"] == 200 and schema["minLength"] == 1
    assert not re.search(schema["pattern"], "   ") and not re.search(schema["pattern"], "")
    assert re.search(schema["pattern"], str(uuid.uuid4()))


KEYS = st.one_of(
    st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), min_size=0, max_size=205),
    st.text(st.sampled_from([" ", "\t", "a", "-", "é", "\x7f", "~"]), max_size=8),
)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(key=KEYS)
def test_the_key_pattern_and_the_server_agree(client, key):
    schema = _key_schema(_spec(client))
    documented = len(key) <= schema["maxLength"] and re.search(schema["pattern"], key) is not None
    response = client.post(
        "/api/tables", json={"game": "no-such-game"}, headers={"Idempotency-Key": key}
    )
    # 422 unknown_game once the key is taken; 400 bad_idempotency_key when it is not.
    assert (response.status_code != 400) == documented, (key, response.get_json())


def test_after_is_documented_as_an_action_number(client):
    spec = _spec(client)
    for resource in ("events", "log"):
        parameters = spec["paths"][f"/api/tables/{{code}}/{resource}"]["get"]["parameters"]
        after = next(p for p in parameters if p["name"] == "after")["schema"]
        assert after["type"] == "integer" and after["minimum"] == 0
        assert after["maximum"] == 2**31 - 1


def test_names_and_codes_are_documented_as_the_server_reads_them(client):
    spec = _spec(client)
    name = spec["components"]["schemas"]["Join"]["properties"]["name"]
    assert name["pattern"] == name_pattern() and "maxLength" not in name
    code = next(
        p["schema"]
        for p in spec["paths"]["/api/tables/{code}"]["parameters"]
        if p["name"] == "code"
    )
    assert re.search(code["pattern"], "K7QX2M") and not re.search(code["pattern"], "K7QX2\x00")


# --- issue 25: what a conforming body can be refused with, the links, the same bytes ------------


def _operations(spec: dict):
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if isinstance(operation, dict) and "responses" in operation:
                yield path, method, operation


def test_every_operation_has_its_own_stable_id(client):
    spec = _spec(client)
    ids = [operation.get("operationId") for _path, _method, operation in _operations(spec)]
    assert all(ids) and len(set(ids)) == len(ids), ids
    assert ("/api/tables", "post", "createTable") in {
        (path, method, operation["operationId"]) for path, method, operation in _operations(spec)
    }


def _response_fields(spec: dict, response: dict) -> set[str]:
    ref = response["content"]["application/json"]["schema"]["$ref"]
    return set(spec["components"]["schemas"][ref.rsplit("/", 1)[1]]["properties"])


def test_every_link_names_an_operation_its_parameters_and_what_the_answer_holds(client):
    spec = _spec(client)
    by_id = {op["operationId"]: (path, op) for path, _method, op in _operations(spec)}
    links = 0
    for path, _method, operation in _operations(spec):
        for status, response in operation["responses"].items():
            for name, link in (response.get("links") or {}).items():
                links += 1
                target_path, target = by_id[link["operationId"]]  # an operation of the document
                for parameter, expression in link["parameters"].items():
                    where, field = parameter.split(".", 1)
                    if where == "path":
                        assert "{" + field + "}" in target_path, (name, parameter)
                    else:
                        assert (where, field) == ("header", "Authorization"), (name, parameter)
                        assert target.get("security"), (name, target_path)  # it takes a bearer
                    for pointer in re.findall(r"\$response\.body#/([a-z_]+)", expression):
                        assert pointer in _response_fields(spec, response), (path, status, name)
                    for field in re.findall(r"\$request\.path\.([a-z_]+)", expression):
                        assert "{" + field + "}" in path, (path, name)
    assert links >= 30


def _evaluate(expression, request_path: dict, body: dict):
    """An OpenAPI runtime expression of the kinds the links use, against one answer."""

    def one(match):
        kind, name = match.group(1), match.group(2)
        return str(request_path[name] if kind == "request.path." else body[name])

    pattern = r"\$(request\.path\.|response\.body#/)([a-z_]+)"
    if isinstance(expression, dict):
        return {k: _evaluate(v, request_path, body) for k, v in expression.items()}
    if not isinstance(expression, str):
        return expression
    embedded = r"\{(\$[^}]+)\}"
    expression = re.sub(embedded, lambda m: _evaluate(m.group(1), request_path, body), expression)
    return re.sub(pattern, one, expression)


def _follow(client, spec, source: str, status: str, answer: tuple, name: str, body=None):
    """Follow the link ``name`` of an answer (``(its request's path values, its body)``): the
    request the link describes, made (with ``body`` where the client writes it)."""
    by_id = {op["operationId"]: (path, method) for path, method, op in _operations(spec)}
    link = spec["paths"][source]["post"]["responses"][status]["links"][name]
    path, method = by_id[link["operationId"]]
    given = {p: _evaluate(e, *answer) for p, e in link["parameters"].items()}
    values = {p.split(".", 1)[1]: v for p, v in given.items() if p.startswith("path.")}
    url = path.format(**values, seat=1)
    bearer = given.get("header.Authorization")
    headers = {"Authorization": bearer} if bearer else {}
    body = {**(_evaluate(link.get("requestBody"), *answer) or {}), **(body or {})}
    if method == "post":
        return client.post(url, json=body, headers=headers), values
    return client.get(url, headers=headers), values


def test_the_links_lead_from_a_new_table_to_playing_it(client):
    # create → join → start → act → undo, the log, presence, export, rematch: each answer is the
    # table's (not 404) and the bearer's (not 401), following the links alone
    spec = _spec(client)
    created = ({}, client.post("/api/tables", json={"game": "zombie-life"}).get_json())
    seats = []
    for player in ("Ann", "Bob"):
        name = {"name": player}
        answer, values = _follow(client, spec, "/api/tables", "201", created, "join", name)
        assert answer.status_code == 201, answer.get_json()
        seats.append((values, answer.get_json()))
    answers = {}
    for name in ("view", "log", "presence", "qr", "export", "rematch", "undo", "start"):
        answers[name] = _follow(client, spec, "/api/tables", "201", created, name)[0].status_code
    assert answers == {
        "view": 200,
        "log": 200,
        "presence": 200,
        "qr": 200,
        "export": 409,  # not over yet
        "rematch": 409,  # not over yet
        "undo": 409,  # nothing to undo before the game
        "start": 201,  # the host's start
    }, answers
    joined = "/api/tables/{code}/seats"
    for seat in seats:
        for name in ("view", "log", "ping", "presence"):
            answer, _ = _follow(client, spec, joined, "201", seat, name)
            assert answer.status_code == 200, (name, answer.get_json())
    # the seat whose turn it is acts (one of the actions its view lists), then undoes it
    views = [_follow(client, spec, joined, "201", seat, "view")[0].get_json() for seat in seats]
    (seat, view), *_ = [(s, v) for s, v in zip(seats, views, strict=True) if v["actions"]]
    move = {"type": view["actions"][0]["type"], "params": {}, "expected": view["seq"]}
    acted, _ = _follow(client, spec, joined, "201", seat, "act", move)
    assert acted.status_code == 201, acted.get_json()
    expected = {"expected": acted.get_json()["view"]["seq"]}
    undone, _ = _follow(client, spec, joined, "201", seat, "undo", expected)
    assert undone.status_code in (201, 202), undone.get_json()


def test_a_conforming_body_is_refused_only_as_documented(client):
    # The two: a pack of the documented shape the rules refuse, a colour a game's box
    # lacks; each 422 is documented with its code on its operation.
    spec = _spec(client)
    refused = client.post("/api/tables", json={"game": "zombie-life", "pack": {"cards": {}}})
    assert refused.status_code == 422 and refused.get_json()["code"] == "bad_pack"
    create = spec["paths"]["/api/tables"]["post"]["responses"]["422"]["description"]
    assert "`bad_pack`" in create and "`illegal_options`" in create
    code = client.post("/api/tables", json={"game": "eat-zem-all"}).get_json()["code"]
    grey = client.post(f"/api/tables/{code}/seats", json={"name": "Ann", "colour": "grey"})
    assert grey.status_code == 422 and grey.get_json()["code"] == "colour_not_offered"
    join = spec["paths"]["/api/tables/{code}/seats"]["post"]["responses"]["422"]
    assert "`colour_not_offered`" in join["description"]
    assert join["content"]["application/problem+json"]["schema"]["$ref"].endswith("/Problem")
    assert "grey" in spec["components"]["schemas"]["Join"]["properties"]["colour"]["enum"]


def test_the_document_is_the_same_bytes_whatever_the_hash_seed(tmp_path):
    # A later refactor must leave it byte for byte: keys sorted, tags by name, no run's id.
    script = (
        "import sys\n"
        "from tableapp import create_app\n"
        "from tableapp.config import TestConfig\n"
        "class C(TestConfig):\n"
        f"    SQLALCHEMY_DATABASE_URI = 'sqlite:///{tmp_path}/doc.sqlite3'\n"
        "sys.stdout.buffer.write(create_app(C).test_client().get('/api/openapi.json').data)\n"
    )
    documents = [
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            check=True,
            timeout=120,
        ).stdout
        for seed in ("1", "2")
    ]
    assert documents[0] == documents[1] and documents[0].startswith(b'{\n  "components"')
    spec = json.loads(documents[0])
    assert [tag["name"] for tag in spec["tags"]] == sorted(tag["name"] for tag in spec["tags"])
