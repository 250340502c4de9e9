"""Schemathesis against our own OpenAPI spec: every documented operation, all its checks, then
its stateful phase, which follows the document's links (issue 25).

Bounded (a few dozen examples per operation, a few dozen scenarios of some steps each) so it
stays a CI test; deterministic (Hypothesis derandomized or seeded, every table dealt from a
fixed seed), on the app's test client only.

- Stateless: a table with a seat exists, and the seat's token is supplied through
  schemathesis's auth hook, so authenticated paths are reached and the "ignored auth" checks
  can strip it; the export and playing again are asked of a table played to its end.
- Stateful: no code nor token is given; the links alone lead from a new table (its code, its
  host token) to joining, the host's start, the seats' actions (their tokens), undo, presence,
  the log, the events, the export and playing again. A seat's action is, four times in five,
  one its view lists with params from their specs, the rest of the table having played up to
  it (what the phones around it send): the game is played, not only refused. The operations
  reached, and how they answered, are asserted, and every check's failure.
"""

from __future__ import annotations

import hashlib
import itertools
import random
import re
import tempfile
import uuid
from collections import Counter

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is a test extra")

from hypothesis import HealthCheck, Phase, settings  # noqa: E402
from hypothesis.errors import FlakyStrategyDefinition  # noqa: E402
from schemathesis.config import SchemathesisConfig  # noqa: E402
from schemathesis.core.failures import FailureGroup  # noqa: E402

from tableapp import create_app  # noqa: E402
from tableapp.api import TABLE_CODE  # noqa: E402
from tableapp.config import TestConfig  # noqa: E402
from tableapp.database import setup  # noqa: E402
from tableapp.engine.playout import NOT_PLAYED, RandomChooser, random_params  # noqa: E402
from tableapp.tables import lobby  # noqa: E402

FOLDER = tempfile.mkdtemp(prefix="tableapp-fuzz-")


class FuzzConfig(TestConfig):
    SQLALCHEMY_DATABASE_URI = f"sqlite:///{FOLDER}/fuzz.sqlite3"
    SSE_MAX_SECONDS = 0.2


APP = create_app(FuzzConfig)
setup.upgrade(APP)
_client = APP.test_client()
CREATED = _client.post("/api/tables", json={"game": "zombie-life"}).get_json()
SEAT = _client.post(f"/api/tables/{CREATED['code']}/seats", json={"name": "Fuzz"}).get_json()


def _played_to_the_end(game: str, players: int) -> dict:
    """A table of ``game`` played to its end with random legal moves (dealt from a fixed seed):
    what the export and playing again answer once a game is over."""
    real_seed, lobby.new_seed = lobby.new_seed, lambda: hashlib.sha256(b"finished").digest()
    try:
        created = _client.post("/api/tables", json={"game": game}).get_json()
    finally:
        lobby.new_seed = real_seed
    code, rnd = created["code"], random.Random(1)
    tokens = [
        _client.post(f"/api/tables/{code}/seats", json={"name": f"P{n}"}).get_json()["token"]
        for n in range(players)
    ]
    answer = _client.post(
        f"/api/tables/{code}/actions",
        json={"type": "start"},
        headers={"Authorization": f"Bearer {created['host_token']}"},
    )
    for _ in range(2000):
        moves = []
        for token in tokens:
            bearer = {"Authorization": f"Bearer {token}"}
            view = _client.get(f"/api/tables/{code}", headers=bearer).get_json()
            moves += [(bearer, a) for a in view["actions"] if a["type"] not in NOT_PLAYED]
        if view["status"] == "finished" or not moves:
            break
        bearer, spec = rnd.choice(moves)
        move = {"type": spec["type"], "params": random_params(spec, RandomChooser(rnd))}
        answer = _client.post(f"/api/tables/{code}/actions", json=move, headers=bearer)
    assert view["status"] == "finished", (answer.status_code, view["status"])
    return created


#: A finished table (Student Bodies ends in a few dozen moves): its export, its rematch
FINISHED = _played_to_the_end("student-bodies", 2)

#: This test's own configuration (no schemathesis.toml found by chance): the stateful phase
#: follows the document's links only, none the tool infers from names.
CONFIG = SchemathesisConfig.from_dict({"phases": {"stateful": {"inference": {"algorithms": []}}}})
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP, config=CONFIG)


@pytest.fixture(autouse=True)
def seeded_tables(request, monkeypatch):
    """Every table of a test is dealt from a seed named by the test and its count."""
    opened = itertools.count()

    def seed() -> bytes:
        return hashlib.sha256(f"{request.node.nodeid}#{next(opened)}".encode()).digest()

    monkeypatch.setattr(lobby, "new_seed", seed)


def _stateful(case) -> bool:
    return case.meta is not None and case.meta.phase.name.value == "stateful"


@schema.auth()
class SeatToken:
    """The stateless phase's bearer: the seat's token. The stateful phase's come from links."""

    def get(self, case, context):
        return SEAT["token"]

    def set(self, case, data, context):
        if _stateful(case):
            return
        if case.operation.definition.raw.get("operationId") == "rematchTable":
            data = FINISHED["host_token"]  # the host of a finished table: it may play again
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


#: A 422 the document cannot foresee: the game's and the table's rules refusing a body of the
#: documented shape (a pack's content, options that rule each other out, a colour the game's
#: box lacks, an action not possible now). Each is documented on its operation; a 422 with any
#: other code (``invalid_input``: the body's shape) still fails "valid data accepted".
SHAPE_CODES = {"invalid_input", "unknown_game", "unknown_variant"}


def _excluded(case, response) -> list:
    if response.status_code != 422 or case.method.upper() != "POST":
        return []
    try:
        problem = response.json()
    except ValueError:
        return []
    if problem.get("code") in SHAPE_CODES:
        return []
    return [schemathesis.checks.positive_data_acceptance]


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_api_conforms_to_its_spec(case):
    # A code of the documented shape becomes the real table's; one that is not (a negative
    # case) stays, and must be refused (404) without reaching the database.
    code = (case.path_parameters or {}).get("code")
    if isinstance(code, str) and re.fullmatch(TABLE_CODE, code):
        over = case.operation.definition.raw.get("operationId") in ("exportTable", "rematchTable")
        case.path_parameters["code"] = (FINISHED if over else CREATED)["code"]
    # Idempotency keys are client-chosen unique ids: a fresh one per request, as phones do.
    if case.headers and "Idempotency-Key" in case.headers:
        case.headers["Idempotency-Key"] = str(uuid.uuid4())
    response = case.call()
    case.validate_response(response, excluded_checks=_excluded(case, response))


# --- the stateful phase -------------------------------------------------------------------------

#: ``{operationId: Counter(status)}`` of every request the stateful phase made
REACHED: dict[str, Counter] = {}
#: What the checks found in the stateful phase: ``(the request as curl, the failures)``
FAILURES: list[tuple[str, str]] = []
#: How often a seat's action or an undo is made as a phone makes it (else as schemathesis drew)
PLAYED = 0.8
#: The tokens the stateful phase was handed, by table code: ``{code: {"host": …, "seats": […]}}``
TOKENS: dict[str, dict] = {}


def _view(code: str, token: str) -> dict | None:
    """The table as the bearer of ``token`` sees it now."""
    view = _client.get(f"/api/tables/{code}", headers={"Authorization": f"Bearer {token}"})
    return view.get_json() if view.status_code == 200 else None


def _move(view: dict, rnd: random.Random) -> dict | None:
    """One of the actions ``view`` lists, with params drawn from their specs and the last action
    number the bearer saw (``expected``), as a phone sends them."""
    specs = [a for a in view["actions"] if a["type"] not in NOT_PLAYED]
    if not specs:
        return None
    spec = rnd.choice(specs)
    params = random_params(spec, RandomChooser(rnd))
    return {"type": spec["type"], "params": params, "expected": view["seq"]}


def _others_play(code: str, token: str, rnd: random.Random) -> None:
    """The rest of the table, before a seat's action: the host starts the game once the
    players it needs have joined (the missing ones join), and the other seats play until this
    one has something to do (a few moves at most)."""
    table = TOKENS.get(code)
    view = _view(code, token)
    if table is None or view is None:
        return
    host = table["host"]
    if view["status"] == "lobby":
        for number in range(len(view["seats"]), view["game_view"]["players"]["min"]):
            joined = _client.post(f"/api/tables/{code}/seats", json={"name": f"Phone {number}"})
            if joined.status_code == 201:
                table["seats"].append(joined.get_json()["token"])
        started = _view(code, host)
        _client.post(
            f"/api/tables/{code}/actions",
            json={"type": "start", "expected": started["seq"]},
            headers={"Authorization": f"Bearer {host}"},
        )
    for _ in range(12):
        view = _view(code, token)
        if view is None or view["status"] != "playing" or _move(view, rnd) is not None:
            return
        others = [t for t in table["seats"] if t != token]
        moves = [(t, _move(_view(code, t) or {"actions": []}, rnd)) for t in others]
        moves = [(t, m) for t, m in moves if m is not None]
        if not moves:
            return
        other, move = rnd.choice(moves)
        _client.post(
            f"/api/tables/{code}/actions", json=move, headers={"Authorization": f"Bearer {other}"}
        )


class Phones:
    """The table around the stateful phase's requests (mixed into its state machine): a seat's
    action is, four times in five, one its view lists (the others at the table having played
    up to it), an undo names the last action number its bearer saw; the rest is schemathesis'
    own draws. Every request and answer goes through every check."""

    rnd = random.Random(25)

    def before_call(self, case) -> None:
        if case.headers and "Idempotency-Key" in case.headers:
            case.headers["Idempotency-Key"] = str(uuid.uuid4())
        operation = case.operation.definition.raw.get("operationId")
        auth = (case.headers or {}).get("Authorization", "")
        code = (case.path_parameters or {}).get("code")
        if not (auth.startswith("Bearer ") and isinstance(code, str) and code in TOKENS):
            return
        token = auth.removeprefix("Bearer ")
        if self.rnd.random() >= PLAYED:
            return
        if operation == "postAction":
            if token != TOKENS[code]["host"]:
                _others_play(code, token, self.rnd)
            view = _view(code, token)
            if view and view["status"] == "lobby" and token == TOKENS[code]["host"]:
                case.body = {"type": "start", "expected": view["seq"]}  # the link's start
            elif view and (move := _move(view, self.rnd)) is not None:
                case.body = move
        elif operation == "undoLastAction":
            view = _view(code, token)
            if view is not None:
                case.body = {"expected": view["seq"]}  # not a number drawn at random: stale

    def after_call(self, response, case) -> None:
        super().after_call(response, case)
        operation = case.operation.definition.raw.get("operationId")
        REACHED.setdefault(operation, Counter())[response.status_code] += 1
        if operation in ("createTable", "rematchTable") and response.status_code == 201:
            created = response.json()
            TOKENS[created["code"]] = {"host": created["host_token"], "seats": []}
        elif operation == "joinTable" and response.status_code == 201:
            code = case.path_parameters["code"]
            if code in TOKENS:
                TOKENS[code]["seats"].append(response.json()["token"])

    def validate_response(self, response, case, additional_checks=None, **kwargs) -> None:
        # A failure is kept and the scenario goes on: Hypothesis would replay it to raise it,
        # and a replay meets tables that have moved on (an "inconsistent data generation").
        try:
            case.validate_response(
                response,
                additional_checks=additional_checks,
                excluded_checks=_excluded(case, response),
                transport_kwargs=kwargs or None,
                recorder=self.recorder,
            )
        except FailureGroup as failures:
            FAILURES.append((case.as_curl_command(), str(failures)))


class Workflow(Phones, schema.as_state_machine()):
    """The document's stateful phase: every operation, every link."""


#: Hypothesis runs, the scenarios of each, and the steps of a scenario at most
RUNS, SCENARIOS, STEPS = 3, 10, 30


def test_the_stateful_phase_plays_tables_through_the_links(seeded_tables):
    REACHED.clear()
    FAILURES.clear()
    TOKENS.clear()
    cut_short = 0
    for run in range(RUNS):
        Workflow._hypothesis_internal_use_seed = run  # what @seed(run) sets
        try:
            Workflow.run(
                settings=settings(
                    phases=[Phase.generate],
                    max_examples=SCENARIOS,
                    stateful_step_count=STEPS,
                    deadline=None,
                    database=None,
                    suppress_health_check=list(HealthCheck),
                )
            )
        except FlakyStrategyDefinition:
            # A later scenario drawn against the choices of an earlier one, made on tables that
            # have moved on (schemathesis' own runner starts over then): the next run goes on.
            # A failure is never lost so: the checks' are kept as they come (FAILURES).
            cut_short += 1
    assert cut_short < RUNS
    found = {operation: dict(statuses) for operation, statuses in sorted(REACHED.items())}
    print(f"stateful phase reached ({cut_short} runs cut short):", found)
    assert not FAILURES, "\n\n".join(f"{curl}\n{what}" for curl, what in FAILURES[:5])
    # every operation a table has, reached with a real table's code (not 404 throughout) …
    for operation in (
        "joinTable",
        "getTable",
        "getLog",
        "streamEvents",
        "getPresence",
        "pingPresence",
        "postAction",
        "undoLastAction",
        "exportTable",
        "rematchTable",
    ):
        answered = REACHED.get(operation, Counter())
        assert sum(n for status, n in answered.items() if status != 404), (operation, found)
    # … and played: tables started and seats' actions applied, undone
    assert REACHED["postAction"][201] and REACHED["undoLastAction"].keys() & {201, 202}, found
    assert REACHED["joinTable"][201] and REACHED["pingPresence"][200], found
