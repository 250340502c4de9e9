"""gunicorn's own refusals (before the app sees the request) are problem+json too (ST105):
a request line over gunicorn's limit gets 414, headers too large 431, a bad request line 400,
each ``application/problem+json`` with a stable ``code`` — never gunicorn's HTML page."""

from __future__ import annotations

import json
import socket

import pytest

from .test_serve import Serve

pytestmark = pytest.mark.served


def _raw(port: int, request: bytes) -> tuple[str, dict, dict]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(request)
        data = b""
        try:
            while chunk := conn.recv(65536):
                data += chunk
        except ConnectionResetError:  # it closed with part of our request unread
            pass
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return lines[0], headers, json.loads(body)


@pytest.mark.parametrize(
    ("request_bytes", "status", "code"),
    [
        (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "request_line_too_long"),
        (
            b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"X-Big: " + b"b" * 9000 + b"\r\n\r\n",
            431,
            "headers_too_large",
        ),
        (
            b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
            + b"".join(b"X-%d: 1\r\n" % i for i in range(120))
            + b"\r\n",
            431,
            "headers_too_large",
        ),
        (b"GET\x01 / HTTP/1.1\r\nHost: x\r\n\r\n", 400, "bad_request"),
    ],
    ids=["line", "header-size", "header-count", "bad-line"],
)
def test_ST105_gunicorn_refusals_are_problem_json(tmp_path, request_bytes, status, code):
    with Serve(tmp_path, "sqlite") as server:
        first, headers, body = _raw(server.port, request_bytes)
        assert first.split(" ")[1] == str(status), (first, body)
        assert headers["Content-Type"] == "application/problem+json"
        assert body["status"] == status and body["code"] == code
        assert body["title"] and body["detail"]
