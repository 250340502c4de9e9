"""Schemathesis against our own OpenAPI spec: every documented operation, all its checks.

Bounded (a few dozen examples per operation) so it stays a CI test. A table with a seat
exists, and the seat's token is supplied through schemathesis's auth hook, so authenticated
paths are reached and the "ignored auth" checks can strip it.
"""

from __future__ import annotations

import re
import tempfile
import uuid

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is a test extra")

from hypothesis import HealthCheck, settings  # noqa: E402

from tableapp import create_app, storage  # noqa: E402
from tableapp.api import TABLE_CODE  # noqa: E402
from tableapp.config import TestConfig  # noqa: E402

FOLDER = tempfile.mkdtemp(prefix="tableapp-fuzz-")


class FuzzConfig(TestConfig):
    SQLALCHEMY_DATABASE_URI = f"sqlite:///{FOLDER}/fuzz.sqlite3"
    SSE_MAX_SECONDS = 0.2


APP = create_app(FuzzConfig)
storage.upgrade(APP)
_client = APP.test_client()
CREATED = _client.post("/api/tables", json={"game": "zombie-life"}).get_json()
SEAT = _client.post(f"/api/tables/{CREATED['code']}/seats", json={"name": "Fuzz"}).get_json()

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP)


@schema.auth()
class SeatToken:
    def get(self, case, context):
        return SEAT["token"]

    def set(self, case, data, context):
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_spec(case):
    # A code of the documented shape becomes the real table's; one that is not (a negative
    # case) stays, and must be refused (404) without reaching the database.
    code = (case.path_parameters or {}).get("code")
    if isinstance(code, str) and re.fullmatch(TABLE_CODE, code):
        case.path_parameters["code"] = CREATED["code"]
    # Idempotency keys are client-chosen unique ids: a fresh one per request, as phones do.
    if case.headers and "Idempotency-Key" in case.headers:
        case.headers["Idempotency-Key"] = str(uuid.uuid4())
    # What a schema cannot state: a content pack is an object of the game's files, checked
    # against the game's own rules for content (422 bad_pack); options may rule each other out
    # (Student Bodies' custom mix holds 11 cards, SB-S4: a 422 naming the rule). Such a
    # refusal of schema-valid data is the rules speaking, not the spec being wrong.
    response = case.call()
    excluded = []
    if response.status_code == 422 and case.operation.path == "/api/tables":
        problem = response.json()
        if problem.get("code") == "bad_pack" or problem.get("rule"):
            excluded.append(schemathesis.checks.positive_data_acceptance)
    case.validate_response(response, excluded_checks=excluded)
