"""The OpenAPI spec says what the API accepts (issue 9, item 9).

A whitespace-only Idempotency-Key was schema-valid yet refused (schemathesis: "schema-valid
request rejected"); the key's parameter now has the pattern the server applies, and the
two are held to the same answers here. tests/fuzz runs schemathesis over the whole spec.
"""

from __future__ import annotations

import re
import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tableapp.api.names import name_pattern


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
