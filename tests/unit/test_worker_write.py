"""The gevent worker sends an answer's headers and body in one write (tableapp/server/worker.py)."""

from __future__ import annotations

from types import SimpleNamespace

from gunicorn.config import Config
from gunicorn.http import wsgi

from tableapp.server.worker import write_in_one


class Sock:
    def __init__(self):
        self.sent = []

    def sendall(self, data):
        self.sent.append(bytes(data))


def _response(sock):
    req = SimpleNamespace(version=(1, 1), method="POST", headers=[], should_close=lambda: False)
    response = wsgi.Response(req, sock, Config())
    return response


def test_an_answer_of_known_length_leaves_in_one_write_as_gunicorn_would_send_it():
    body = b'{"ok":true}'
    headers = [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
    ours, theirs = Sock(), Sock()
    for sock, write in ((ours, write_in_one), (theirs, wsgi.Response.write)):
        response = _response(sock)
        response.start_response("201 CREATED", headers)
        write(response, body)
        write(response, b"")
    assert len(ours.sent) == 1 and len(theirs.sent) == 2
    same = b"".join(theirs.sent).split(b"\r\n")
    assert [line for line in ours.sent[0].split(b"\r\n") if not line.startswith(b"Date")] == [
        line for line in same if not line.startswith(b"Date")
    ]


def test_a_chunked_stream_is_written_as_gunicorn_writes_it():
    sock = Sock()
    response = _response(sock)
    response.start_response("200 OK", [("Content-Type", "text/event-stream")])
    write_in_one(response, b"retry: 1000\n\n")
    write_in_one(response, b"data: 1\n\n")
    assert sock.sent[0].startswith(b"HTTP/1.1 200 OK") and sock.sent[0].endswith(b"\r\n\r\n")
    assert sock.sent[1:] == [b"D\r\nretry: 1000\n\n\r\n", b"9\r\ndata: 1\n\n\r\n"]
