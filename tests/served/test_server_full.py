"""When streams take a server's connections, the rest still answers (issue 20, item 7).

Before, three addresses holding all of ``--connections`` with streams left ``/healthz``, a
join and one more stream without any answer. Now streams stop below the connections (a
tenth stays for other requests), one more gets 503 ``server_full`` with ``Retry-After``, and
a stream whose client hangs up frees its slot at once instead of at its next heartbeat (15 s).
Loops and waits are bounded; the times are printed as figures.
"""

from __future__ import annotations

import time

import requests

from tableapp.server.worker import stream_cap

from .test_serve import PROMPT, STALL, Serve, _open_stream, _table

CONNECTIONS = 30
CAP = stream_cap(CONNECTIONS)  # 25


def _serve(tmp_path, **env):
    return Serve(
        tmp_path,
        "sqlite",
        TABLEAPP_WORKER_CONNECTIONS=str(CONNECTIONS),  # serve's --connections
        TABLEAPP_STREAMS_PER_ADDRESS=str(CONNECTIONS),
        **env,
    )


def _fill(serve, code):
    """CAP open streams, spread over three addresses as in the issue."""
    streams = [_open_stream(serve.port, code, f"127.0.0.{1 + n % 3}") for n in range(CAP)]
    assert [status for _, status in streams] == [200] * CAP
    return streams


def test_streams_that_fill_the_cap_leave_room_and_one_more_gets_a_503(tmp_path):
    with _serve(tmp_path) as serve:
        code = _table(serve.url)
        _fill(serve, code)
        # Refused streams do not keep their connections: phones retrying leave the rest free.
        refused = [_open_stream(serve.port, code, "127.0.0.4") for _ in range(CONNECTIONS)]
        assert [status for _, status in refused] == [503] * CONNECTIONS
        health = requests.get(f"{serve.url}/healthz", timeout=PROMPT)
        join = requests.post(
            f"{serve.url}/api/tables/{code}/seats", json={"name": "Ana"}, timeout=PROMPT
        )
        assert health.status_code == 200 and join.status_code == 201
        started = time.perf_counter()
        refused = requests.get(
            f"{serve.url}/api/tables/{code}/events",
            timeout=STALL,
            headers={"Accept-Language": "fr"},
        )
        refused_ms = (time.perf_counter() - started) * 1000
        assert refused.status_code == 503, refused.text
        assert refused.headers["Content-Type"] == "application/problem+json"
        assert refused.headers["Retry-After"].isdigit()
        body = refused.json()
        assert body["code"] == "server_full" and str(CAP) in body["detail"]
        assert "api.server_full" not in body["detail"]  # a text, not the message id
        print(f"\n{CAP} streams open of {CONNECTIONS} connections: 503 in {refused_ms:.1f} ms")
    assert "Traceback" not in serve.log()


def test_a_closed_stream_frees_its_slot_at_once(tmp_path):
    with _serve(tmp_path) as serve:
        code = _table(serve.url)
        streams = _fill(serve, code)
        streams[0][0].close()
        started = time.perf_counter()
        deadline = started + 5  # generous: the heartbeat (15 s) freed it before
        status = 0
        while time.perf_counter() < deadline:
            sock, status = _open_stream(serve.port, code, "127.0.0.4")
            if status == 200:
                break
            assert status == 503
            sock.close()
            time.sleep(0.05)
        freed_ms = (time.perf_counter() - started) * 1000
        print(f"\na closed stream's slot was free again after {freed_ms:.0f} ms")
        assert status == 200
        # ... and only that one: the cap holds again.
        again = requests.get(f"{serve.url}/api/tables/{code}/events", timeout=STALL)
        assert again.status_code == 503
    assert "Traceback" not in serve.log()
