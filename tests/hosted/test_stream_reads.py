"""A stream's read that PostgreSQL holds up while its phone hangs up hands its connection back
clean (tests/hosted/stream_reads.py runs the stream under gevent in a process of its own)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from . import services

pytestmark = pytest.mark.served


def _run(postgres, scenario: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "tests.hosted.stream_reads", postgres.url, scenario],
        cwd=str(services.ROOT),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_hangup_during_a_read_waits_for_the_read_and_returns_its_connection(postgres):
    seen = _run(postgres, "hangup")
    assert seen["reading_while_locked"] is True  # the hang-up did not cut the query off
    assert seen["ended"] == "gone"  # ... and ended the stream once the read was done
    assert seen["checked_out"] == 0
    assert seen["lost"] == 0  # the connection went back clean, to be used again
    assert seen["idle_in_transaction"] == 0


def test_a_read_killed_in_its_query_closes_its_connection_instead_of_leaking_it(postgres):
    seen = _run(postgres, "kill")  # as a stopping worker kills its greenlets: not deferred
    assert seen["reading_while_locked"] is False
    assert seen["ended"] == "gone"
    assert seen["checked_out"] == 0
    assert seen["lost"] == 1  # cut off mid-command: closed, not handed back
    assert seen["idle_in_transaction"] == 0
