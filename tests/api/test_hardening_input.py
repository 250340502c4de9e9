"""Bad input is a 4xx problem, never a 500 (issue 9, item 1; also on PostgreSQL).

Each case here answered 500 before: a lone surrogate anywhere in a JSON body (also when it
lands in the error message), JSON nested thousands deep, an integer of 5,000 digits, a
Last-Event-ID of Unicode digits or past 2^31−1, ``?after=`` in Arabic-Indic digits, a NUL
byte in a name or in a path's table code (PostgreSQL refuses NUL in text). Names are trimmed,
hold 1–40 characters, no control or format characters, and start visibly. Bodies over 64 KB
are refused alike, sized or chunked.
"""

from __future__ import annotations

import io

import pytest

from tableapp.api.error_handlers import PROBLEM, problem_response
from tableapp.api.parsing import MAX_DEPTH
from tableapp.problems import Problem

JSON = {"Content-Type": "application/json"}


def problem(response, status: int, code: str) -> dict:
    """The response is the problem+json refusal ``status``/``code`` (and says why)."""
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.mimetype == PROBLEM
    body = response.get_json()
    assert body["status"] == status and body["code"] == code and body["detail"], body
    return body


def post_raw(client, path: str, text: str, **headers):
    return client.post(path, data=text.encode(), headers=JSON | headers)


@pytest.fixture
def table(tables):
    """A lobby table with one seat: (code, host token, seat token)."""
    created = tables.create()
    seat = tables.join(created["code"], "Ana")
    return created["code"], created["host_token"], seat["token"]


@pytest.fixture
def playing(tables):
    created, tokens = tables.started(3)
    return created["code"], created["host_token"], tokens


# --------------------------------------------------------------------------- lone surrogates


@pytest.mark.parametrize(
    "body",
    [
        r'{"game": "\ud800"}',
        r'{"game": "zombie-life", "variant": "\udfff"}',
        r'{"game": "zombie-life", "options": {"\ud800": 1}}',  # lands in "Unknown option(s)"
        r'{"game": "zombie-life", "options": {"pass_counts_self": "\ud83d"}}',
    ],
)
def test_lone_surrogate_in_a_create_body_is_a_400(client, body):
    problem(post_raw(client, "/api/tables", body), 400, "malformed_json")


def test_lone_surrogate_in_a_name_is_a_400(client, table):
    code, _, _ = table
    problem(
        post_raw(client, f"/api/tables/{code}/seats", r'{"name": "A\ud800"}'), 400, "malformed_json"
    )


@pytest.mark.parametrize(
    "body",
    [r'{"type": "\ud800"}', r'{"type": "draw", "params": {"\udc00": "x"}}'],
)
def test_lone_surrogate_in_an_action_is_a_400(client, playing, body):
    code, host, _ = playing
    response = post_raw(client, f"/api/tables/{code}/actions", body, Authorization=f"Bearer {host}")
    problem(response, 400, "malformed_json")


def test_a_paired_surrogate_escape_is_a_character_not_an_error(client, table, tables):
    code, _, _ = table
    response = post_raw(client, f"/api/tables/{code}/seats", r'{"name": "Ana \ud83d\ude00"}')
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["seat"]["name"] == "Ana 😀"


def test_a_surrogate_in_a_problem_text_still_leaves_as_a_problem(app):
    # Whatever reaches a refusal's text, the refusal itself never becomes a 500.
    with app.test_request_context():
        response = problem_response(Problem(422, "unknown_option", "Unknown option(s): \ud800."))
    assert response.status_code == 422 and response.mimetype == PROBLEM
    assert response.get_json()["code"] == "unknown_option"


# --------------------------------------------------------------------------- nesting, numbers


def nested(depth: int, inner: str = "1") -> str:
    return "[" * depth + inner + "]" * depth


@pytest.mark.parametrize("depth", [3000, 1100, MAX_DEPTH + 1])
def test_json_nested_too_deep_is_a_400(client, table, depth):
    code, _, seat = table
    for path, text in [
        ("/api/tables", '{"game": "zombie-life", "options": {"x": ' + nested(depth) + "}}"),
        (f"/api/tables/{code}/seats", '{"name": ' + nested(depth, '"A"') + "}"),
        (f"/api/tables/{code}/actions", '{"type": "draw", "params": {"p": ' + nested(depth) + "}}"),
        ("/api/tables", nested(depth)),
    ]:
        problem(post_raw(client, path, text, Authorization=f"Bearer {seat}"), 400, "json_too_deep")


def test_json_nested_within_the_limit_reaches_the_schema(client):
    text = '{"game": "zombie-life", "options": {"x": ' + nested(MAX_DEPTH - 3) + "}}"
    problem(post_raw(client, "/api/tables", text), 422, "illegal_options")


@pytest.mark.parametrize(
    "path, template",
    [
        ("/api/tables", '{"game": "zombie-life", "options": {"pass_counts_self": N}}'),
        ("/api/tables/{code}/seats", '{"name": N}'),
        ("/api/tables/{code}/undo", '{"expected": N}'),
        ("/api/tables/{code}/actions", '{"type": "draw", "expected": N}'),
        ("/api/tables/{code}/actions", '{"type": "draw", "params": {"n": -N}}'),
    ],
)
def test_an_integer_of_5000_digits_is_a_400(client, playing, path, template):
    code, host, _ = playing
    text = template.replace("N", "9" * 5000)
    response = post_raw(client, path.format(code=code), text, Authorization=f"Bearer {host}")
    problem(response, 400, "malformed_json")


@pytest.mark.parametrize("digits", [20, 40, 300])
def test_integers_past_64_bits_are_refused_by_the_schema(client, playing, digits):
    code, host, _ = playing
    number = "9" * digits
    response = post_raw(
        client,
        f"/api/tables/{code}/undo",
        f'{{"expected": {number}}}',
        Authorization=f"Bearer {host}",
    )
    body = problem(response, 422, "invalid_input")
    assert "expected" in body["errors"]
    response = post_raw(
        client,
        "/api/tables",
        f'{{"game": "zombie-life", "options": {{"pass_counts_self": {number}}}}}',
    )
    assert 400 <= response.status_code < 500 and response.mimetype == PROBLEM


# --------------------------------------------------------------------------- action numbers


@pytest.mark.parametrize(
    "header",
    ["²", "١٢", "٣", "１２", "2147483648", "99999999999", "9" * 5000, "12a", "-1", "+3", ""],
)
def test_a_last_event_id_that_is_no_action_number_is_a_400(client, table, header):
    code, _, _ = table
    response = client.get(f"/api/tables/{code}/events", headers={"Last-Event-ID": header})
    problem(response, 400, "bad_last_event_id")


def test_a_last_event_id_up_to_the_largest_action_number_streams(app, client, table):
    app.config["SSE_MAX_SECONDS"] = 0.1
    code, _, _ = table
    for header in ("0", " 1 ", "2147483647"):
        response = client.get(f"/api/tables/{code}/events", headers={"Last-Event-ID": header})
        assert response.status_code == 200 and response.mimetype == "text/event-stream"
        response.get_data()
        response.close()


@pytest.mark.parametrize("after", ["١٢", "²", "１", "2147483648", "9" * 5000, "-1", "1.0"])
@pytest.mark.parametrize("resource", ["events", "log"])
def test_after_that_is_no_action_number_is_a_422(client, table, after, resource):
    code, _, _ = table
    body = problem(client.get(f"/api/tables/{code}/{resource}?after={after}"), 422, "invalid_input")
    assert "after" in body["errors"]["query"]


def test_after_in_ascii_digits_reads_the_log(client, table):
    code, _, _ = table
    response = client.get(f"/api/tables/{code}/log?after=0")
    assert response.status_code == 200 and [e["seq"] for e in response.get_json()["entries"]] == [1]


def test_a_seat_number_in_other_digits_is_no_seat(client, table):
    code, host, _ = table
    response = client.post(
        f"/api/tables/{code}/seats/\u0661/token", headers={"Authorization": f"Bearer {host}"}
    )
    problem(response, 404, "not_found")  # before, "١" re-issued seat 1


# --------------------------------------------------------------------------- table codes


BAD_CODES = ["AB%00CD", "ABC%00", "%00", "%ED%A0%80", "ABCDE0", "ABCDEFG", "AB'CDE", "ÄBCDEF"]


@pytest.mark.parametrize("bad", BAD_CODES)
def test_a_path_code_outside_the_code_alphabet_is_refused_before_the_database(
    client, table, bad, monkeypatch
):
    _, host, _ = table
    from tableapp.database import store

    def no_query(*args, **kwargs):
        raise AssertionError("the database was asked about a code that cannot be one")

    monkeypatch.setattr(store, "load_table", no_query)
    auth = {"Authorization": f"Bearer {host}"}
    for method, path, body in [
        ("get", "", None),
        ("get", "/log", None),
        ("get", "/events", None),
        ("get", "/qr.svg", None),
        ("get", "/export", None),
        ("post", "/seats", {"name": "Ben"}),
        ("post", "/actions", {"type": "start"}),
        ("post", "/undo", {}),
        ("post", "/seats/1/token", None),
    ]:
        response = getattr(client, method)(f"/api/tables/{bad}{path}", json=body, headers=auth)
        problem(response, 404, "unknown_table")


def test_a_lower_case_code_still_finds_its_table(client, table):
    code, _, _ = table
    assert client.get(f"/api/tables/{code.lower()}").status_code == 200


# --------------------------------------------------------------------------- names


def join(client, code, name):
    return client.post(f"/api/tables/{code}/seats", json={"name": name})


@pytest.mark.parametrize(
    "name",
    [
        "A\x00na",  # NUL: PostgreSQL refuses it in text
        "\x00",
        "Ana\u202e",  # right-to-left override: "Ana" would spoof the names after it
        "\u202eanA",
        "A\u200bna",  # zero-width space
        "A\u200dna",  # zero-width joiner
        "\ufeffAna",  # zero-width no-break space
        "A\u2066na",  # bidi isolate
        "A\tna",
        "A\nna",
        "A\x7fna",
        "A\u2028na",  # line separator
        "\u200b",  # only invisible characters
        "\u200b\u200c\u200d",
        "   ",
        "\u3000\u3000",
        "\u3164",  # Hangul filler, draws nothing
        "\u2800\u2800",  # blank Braille pattern
        "\u0301",  # a combining mark alone
        "\u0301Ana",  # starting with a mark that has nothing to sit on
        "",
        "A" * 41,
    ],
)
def test_names_with_control_format_or_no_visible_characters_are_refused(client, table, name):
    code, _, _ = table
    body = problem(join(client, code, name), 422, "invalid_input")
    assert list(body["errors"]) == ["name"], body


@pytest.mark.parametrize(
    "sent, stored",
    [
        ("  Ana  ", "Ana"),
        ("\tBen\n", "Ben"),  # controls around the name are trimmed, not refused
        ("\u3000Chloé\u3000", "Chloé"),
        ("Jose\u0301", "Jose\u0301"),  # decomposed accents are text
        ("Zoë 😀", "Zoë 😀"),
        ("Ⅻ", "Ⅻ"),
        ("  " + "D" * 40 + "  ", "D" * 40),  # 40 once trimmed
        ("李", "李"),
        ("مريم", "مريم"),
    ],
)
def test_names_are_trimmed_and_stored_trimmed(client, tables, sent, stored):
    code = tables.create()["code"]
    response = join(client, code, sent)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["seat"]["name"] == stored
    assert [s["name"] for s in tables.view(code)["seats"]] == [stored]
    log = client.get(f"/api/tables/{code}/log").get_json()["entries"]
    assert log[-1]["events"][0]["text"] == f"{stored} joined."


def test_a_name_refusal_says_which_character(client, table):
    code, _, _ = table
    body = problem(join(client, code, "Ana\u202e"), 422, "invalid_input")
    assert "U+202E" in body["errors"]["name"][0]


# --------------------------------------------------------------------------- bodies


def test_a_sized_body_over_64_kb_is_a_413(client):
    text = '{"name": "Ana", "pad": "' + "x" * 70_000 + '"}'
    problem(post_raw(client, "/api/tables/ABCDEF/seats", text), 413, "body_too_large")
    # Opening a table may carry the host's own content pack: up to 512 KB, not more.
    text = '{"game": "zombie-life", "pad": "' + "x" * 600_000 + '"}'
    problem(post_raw(client, "/api/tables", text), 413, "body_too_large")


def test_a_chunked_body_over_64_kb_is_a_413_like_a_sized_one(client):
    text = '{"name": "Ana", "pad": "' + "x" * 70_000 + '"}'
    response = client.post(
        "/api/tables/ABCDEF/seats",
        input_stream=io.BytesIO(text.encode()),
        headers=JSON | {"Transfer-Encoding": "chunked"},
    )
    problem(response, 413, "body_too_large")


def test_a_chunked_body_within_64_kb_is_read_whole(client):
    response = client.post(
        "/api/tables",
        input_stream=io.BytesIO(b'{"game": "zombie-life"}'),
        headers=JSON | {"Transfer-Encoding": "chunked"},
    )
    assert response.status_code == 201, response.get_json()


# --------------------------------------------------------------------------- idempotency keys


@pytest.mark.parametrize("key", ["   ", "\t", "a\x00b", "clé", "k" * 201, "a\x7fb"])
def test_an_idempotency_key_that_is_not_printable_ascii_is_a_400(client, key):
    response = client.post(
        "/api/tables", json={"game": "zombie-life"}, headers={"Idempotency-Key": key}
    )
    problem(response, 400, "bad_idempotency_key")


@pytest.mark.parametrize("key", ["k" * 200, "a b", "0f8fad5b-d9cb-469f-a165-70867728950e", "~!"])
def test_printable_ascii_idempotency_keys_are_taken(client, key):
    headers = {"Idempotency-Key": key}
    # a create hands its token back to a repeat only with the first call's retry secret
    body = {"game": "zombie-life", "retry_secret": "s" * 32}
    first = client.post("/api/tables", json=body, headers=headers)
    again = client.post("/api/tables", json=body, headers=headers)
    assert first.status_code == again.status_code == 201
    assert first.get_data() == again.get_data()
