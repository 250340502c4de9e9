"""Rate limits hold across worker processes (issue 9, item 8), on SQLite and PostgreSQL.

Before, each gunicorn worker counted on its own: with four workers, four times the limit got
through. The counts now live in the database every worker shares.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from tests.conftest import PG_URL

from .test_concurrency import BACKENDS, _free_port, _reset_postgres

pytestmark = pytest.mark.served
ROOT = Path(__file__).resolve().parents[2]
WORKERS = 4
LIMIT = 5


@pytest.fixture(params=BACKENDS)
def four_workers(request, tmp_path):
    url = f"sqlite:///{tmp_path / 'limits.sqlite3'}" if request.param == "sqlite" else PG_URL
    if request.param != "sqlite":
        _reset_postgres(url)
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABLEAPP_")} | {
        "DATABASE_URL": url,
        "TABLEAPP_SECRET_KEY": uuid.uuid4().hex,
        "TABLEAPP_CREATE_LIMIT": str(LIMIT),
        "TABLEAPP_JOIN_LIMIT": str(LIMIT),
    }
    subprocess.run(
        [sys.executable, "-m", "tableapp.cli", "migrate"],
        env=env,
        cwd=str(ROOT),
        check=True,
        capture_output=True,
        timeout=120,
    )
    port = _free_port()
    log = open(tmp_path / "gunicorn.log", "wb")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--workers", str(WORKERS), "--worker-class", "gthread"]
        + ["--threads", "8", "--bind", f"127.0.0.1:{port}", "tableapp:create_app()"],
        env=env,
        cwd=str(ROOT),
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if requests.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except requests.RequestException:
                pass
            assert time.monotonic() < deadline and process.poll() is None, "gunicorn did not start"
            time.sleep(0.2)
        time.sleep(1)  # every worker is up
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()
    assert "Traceback" not in (tmp_path / "gunicorn.log").read_text()


def _parallel(count: int, call) -> list[requests.Response]:
    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(lambda _: call(), range(count)))


def test_creates_from_one_address_are_limited_across_four_workers(four_workers):
    responses = _parallel(
        20,
        lambda: requests.post(
            f"{four_workers}/api/tables", json={"game": "zombie-life"}, timeout=60
        ),
    )
    statuses = sorted(r.status_code for r in responses)
    print(f"\n20 parallel creates, limit {LIMIT}/min, {WORKERS} workers: {statuses}")
    assert statuses == [201] * LIMIT + [429] * (20 - LIMIT)
    refused = next(r for r in responses if r.status_code == 429)
    assert refused.headers["Content-Type"] == "application/problem+json"
    assert refused.json()["code"] == "rate_limited" and int(refused.headers["Retry-After"]) >= 1


def test_joins_from_one_address_are_limited_across_four_workers(four_workers):
    code = requests.post(
        f"{four_workers}/api/tables", json={"game": "zombie-life"}, timeout=10
    ).json()["code"]
    responses = _parallel(
        12,
        lambda: requests.post(
            f"{four_workers}/api/tables/{code}/seats", json={"name": "Ana"}, timeout=60
        ),
    )
    statuses = [r.status_code for r in responses]
    # Zombie Life seats six: at most LIMIT joins get through, the rest are limited.
    assert statuses.count(201) == LIMIT and statuses.count(429) == 12 - LIMIT, statuses
