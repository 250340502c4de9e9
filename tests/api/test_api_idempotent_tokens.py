"""A repeated create or join hands its token only to the client that made the first request.

The Idempotency-Key is no secret (another client may pick the same one; the join's is kept in
the log). A repeat gets the stored token back only when the first request carried a
``retry_secret`` — and since the body is part of the match, the repeat must carry the same one.
"""

from __future__ import annotations

import pytest

SECRET = "first-phones-retry-secret-0123456789abcdef"


def post(client, path, body, key):
    return client.post(path, json=body, headers={"Idempotency-Key": key})


@pytest.fixture
def code(tables):
    return tables.create()["code"]


def test_a_create_repeated_without_a_retry_secret_gets_no_host_token(client, key):
    k = key()
    first = post(client, "/api/tables", {"game": "zombie-life"}, k)
    assert first.status_code == 201
    # another client, same key, same body: it must not get the first one's table
    second = post(client, "/api/tables", {"game": "zombie-life"}, k)
    assert second.status_code == 409
    assert second.get_json()["code"] == "token_not_replayed"
    assert first.get_json()["host_token"] not in second.get_data(as_text=True)
    assert first.get_json()["code"] not in second.get_data(as_text=True)


def test_a_create_repeat_needs_the_same_retry_secret(client, key):
    k = key()
    first = post(client, "/api/tables", {"game": "zombie-life", "retry_secret": SECRET}, k)
    host = first.get_json()["host_token"]
    for body in ({"game": "zombie-life"}, {"game": "zombie-life", "retry_secret": "x" * 40}):
        other = post(client, "/api/tables", body, k)
        assert other.status_code == 422 and other.get_json()["code"] == "idempotency_key_reused"
        assert host not in other.get_data(as_text=True)
    again = post(client, "/api/tables", {"game": "zombie-life", "retry_secret": SECRET}, k)
    assert again.status_code == 201 and again.data == first.data


def test_a_join_repeated_without_a_retry_secret_gets_no_seat_token(client, tables, code, key):
    k = key()
    first = post(client, f"/api/tables/{code}/seats", {"name": "Ana"}, k)
    assert first.status_code == 201
    second = post(client, f"/api/tables/{code}/seats", {"name": "Ana"}, k)
    assert second.status_code == 409 and second.get_json()["code"] == "token_not_replayed"
    assert first.get_json()["token"] not in second.get_data(as_text=True)
    assert len(tables.view(code)["seats"]) == 1  # and no second seat either


def test_a_join_repeat_needs_the_same_retry_secret(client, tables, code, key):
    k = key()
    body = {"name": "Ana", "retry_secret": SECRET, "contribution": "ab" * 32}
    first = post(client, f"/api/tables/{code}/seats", body, k)
    token = first.get_json()["token"]
    stranger = post(client, f"/api/tables/{code}/seats", {"name": "Ana"}, k)
    assert stranger.status_code == 422 and token not in stranger.get_data(as_text=True)
    again = post(client, f"/api/tables/{code}/seats", body, k)
    assert again.status_code == 201 and again.data == first.data
    assert tables.view(code, token)["me"]["seat"] == 1


@pytest.mark.parametrize("secret", ["short", "x" * 129, "has space in it 0123456789abcdef", 12])
def test_a_bad_retry_secret_is_a_422_naming_the_field(client, code, secret):
    response = client.post(f"/api/tables/{code}/seats", json={"name": "A", "retry_secret": secret})
    assert response.status_code == 422
    assert "retry_secret" in response.get_json()["errors"]


def test_a_reissue_repeat_is_bound_to_the_host_token(client, tables, key):
    created, _ = tables.started(2)
    code, host = created["code"], created["host_token"]
    k = key()
    headers = {"Authorization": f"Bearer {host}", "Idempotency-Key": k}
    first = client.post(f"/api/tables/{code}/seats/1/token", headers=headers)
    again = client.post(f"/api/tables/{code}/seats/1/token", headers=headers)
    assert first.status_code == again.status_code == 200 and first.data == again.data
