"""``tableapp bench`` keeps working: tiny runs, against the cluster and on its own server.

Figures are not asserted (benchmarks are figures, not pass/fail); what is checked is that the
bench holds every stream, delivers every event to every phone, and reports each figure.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .services import ROOT

pytestmark = pytest.mark.served

TINY = [
    "--rate",
    "5",
    "--duration",
    "3",
    "--saturate-seconds",
    "1",
    "--floor-seconds",
    "1",
    "--concurrency",
    "4",
    "--grace",
    "10",
    "--settle",
    "1",
]


def _bench(tmp_path, *args: str) -> dict:
    out = tmp_path / "bench.json"
    result = subprocess.run(
        [sys.executable, "-m", "tableapp.cli", "bench", "--json", str(out), *args],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=str(ROOT),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    for line in (
        "open streams held",
        "action latency",
        "delivery latency",
        "framework floor",
        "actions/s ÷ floor",
        "errors",
    ):
        assert line in result.stdout, result.stdout
    return json.loads(out.read_text())


def _sound(figures: dict, streams: int) -> None:
    assert figures["errors"] == {}
    assert figures["streams"]["held_at_end"] == streams
    assert figures["streams"]["min_during_run"] == streams
    assert figures["paced"]["actions"] > 0
    assert figures["paced"]["delivery_ms"]["undelivered"] == 0
    assert figures["paced"]["delivery_ms"]["delivered"] == figures["paced"]["actions"]
    assert figures["floor"]["requests_per_s"] > 0
    assert figures["ratio_actions_to_floor"] > 0


def test_bench_against_two_running_servers(cluster, tmp_path):
    figures = _bench(
        tmp_path,
        "--url",
        cluster.a.url,
        "--url",
        cluster.b.url,
        "--tables",
        "4",
        "--phones",
        "3",
        *TINY,
    )
    _sound(figures, 12)


def test_bench_starts_its_own_sqlite_server(tmp_path):
    figures = _bench(tmp_path, "--tables", "3", "--phones", "2", *TINY)
    _sound(figures, 6)
    assert figures["memory"]["per_stream_kib"] is not None
