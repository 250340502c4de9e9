"""Request bodies are read whole before the app: exactly Content-Length bytes, at most the
limit when chunked, and within the timeout (issue 9, items 1 and 3)."""

from __future__ import annotations

import io
import socket
import time

from tableapp.server.bodies import REFUSED, BodyReader


def _run(environ: dict, *, limit: int = 100, timeout: float = 5.0) -> dict:
    seen = {}

    def app(env, start_response):
        seen["body"] = env["wsgi.input"].read()
        seen["length"] = env.get("CONTENT_LENGTH")
        seen["refused"] = env.get(REFUSED)
        seen["chunked"] = "HTTP_TRANSFER_ENCODING" in env
        return []

    BodyReader(app, limit=limit, timeout=timeout)(environ, lambda *a: None)
    return seen


def test_a_sized_body_is_read_to_its_length_and_no_further():
    # Some servers hand over the connection itself: what follows is the next request.
    stream = io.BytesIO(b'{"a": 1}GET /next HTTP/1.1\r\n')
    seen = _run({"CONTENT_LENGTH": "8", "wsgi.input": stream})
    assert seen == {"body": b'{"a": 1}', "length": "8", "refused": None, "chunked": False}


def test_a_chunked_body_is_read_whole_and_becomes_a_sized_one():
    environ = {"HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input": io.BytesIO(b"x" * 100)}
    seen = _run(environ)
    assert seen == {"body": b"x" * 100, "length": "100", "refused": None, "chunked": False}


def test_bodies_over_the_limit_are_refused_sized_or_chunked():
    chunked = _run({"HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input": io.BytesIO(b"x" * 101)})
    sized = _run({"CONTENT_LENGTH": "101", "wsgi.input": io.BytesIO(b"x" * 101)})
    for seen in (chunked, sized):
        assert seen["refused"] == "too_large" and seen["body"] == b""


def test_a_body_that_stops_half_way_is_cut_off_at_the_timeout():
    server, client = socket.socketpair()
    try:
        client.sendall(b'{"name": "Sl')  # of 100 bytes announced
        environ = {
            "CONTENT_LENGTH": "100",
            "wsgi.input": server.makefile("rb"),
            "gunicorn.socket": server,
        }
        started = time.monotonic()
        seen = _run(environ, limit=1000, timeout=0.3)
        assert seen["refused"] == "timeout" and seen["body"] == b""
        assert time.monotonic() - started < 3
        assert server.gettimeout() is None  # the connection's own timeout is restored
        environ["wsgi.input"].close()
    finally:
        server.close()
        client.close()


def test_requests_without_a_body_pass_untouched():
    stream = io.BytesIO(b"")
    environ = {"wsgi.input": stream, "REQUEST_METHOD": "GET"}
    seen = _run(environ)
    assert seen["refused"] is None and seen["body"] == b"" and environ["wsgi.input"] is stream
