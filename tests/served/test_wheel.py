"""Installed like any Python program (issue 20, item 12): the wheel carries the phone app and
the migrations, and ``tableapp serve`` runs from an empty folder with nothing of the checkout.

Before, the wheel held only the ``tableapp`` package and the app looked for ``pwa/`` and
``migrations/`` beside it, so ``tableapp serve`` from a virtualenv stopped with "the
migrations failed: Path doesn't exist: …/site-packages/migrations".

The wheel is built offline (``--no-build-isolation``, the test extra's setuptools) and
installed with ``--no-deps`` into a virtualenv that sees the packages of the environment the
tests run in (a path file, not ``--system-site-packages``: inside a virtualenv that would be
the base interpreter's packages, which lack the app's dependencies); the server listens on
127.0.0.1 only and every wait is bounded.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
import zipfile
from pathlib import Path

import pytest
import requests

from .test_concurrency import _free_port

pytestmark = pytest.mark.served
ROOT = Path(__file__).resolve().parents[2]


def _run(*cmd: str, cwd: Path | None = None) -> None:
    result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-3000:]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    _run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "-q",
        "--no-deps",
        "--no-build-isolation",
        "-w",
        str(out),
        str(ROOT),
    )
    (built,) = out.glob("tableapp-*.whl")
    return built


def test_the_wheel_ships_the_phone_app_and_the_migrations(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    tracked = subprocess.run(
        ["git", "ls-files", "pwa", "migrations"], cwd=ROOT, capture_output=True, text=True
    ).stdout.split()
    if not tracked:  # not a git checkout: the folders as they are
        tracked = [
            str(p.relative_to(ROOT))
            for d in ("pwa", "migrations")
            for p in (ROOT / d).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        ]
    assert tracked
    missing = [p for p in tracked if f"tableapp/_{p}" not in names]
    assert not missing, missing


def test_the_wheel_ships_each_games_pack_and_catalogues(wheel):
    # a game package carries its content pack (content/) and its catalogues (translations/)
    names = set(zipfile.ZipFile(wheel).namelist())
    games = ROOT / "tableapp" / "games"
    data = [
        p.relative_to(ROOT).as_posix()
        for pattern in ("*/content/**/*", "*/translations/*/LC_MESSAGES/*.po")
        for p in games.glob(pattern)
        if p.is_file() and "__pycache__" not in p.parts
    ]
    assert any("/content/" in p for p in data) and any(p.endswith(".po") for p in data)
    shell = [
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "tableapp" / "translations").glob("*/LC_MESSAGES/*.po")
    ]
    missing = [p for p in [*data, *shell] if p not in names]
    assert not missing, missing


def _sees_this_environment(python: Path) -> None:
    """Let the virtualenv of ``python`` import what this environment has installed (after its
    own packages): a path file listing this environment's package folders. Their own path files
    are not read, so this checkout's editable install stays out and the wheel is what runs."""
    ours = [p for p in sys.path if p.endswith("-packages") and Path(p).is_dir()]
    theirs = subprocess.run(
        [str(python), "-c", "import site; print(site.getsitepackages()[0])"],
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.strip()
    Path(theirs, "_tests_environment.pth").write_text("\n".join(ours) + "\n")


def test_an_installed_wheel_serves_from_an_empty_folder(wheel, tmp_path):
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", str(venv))
    python = venv / "bin" / "python"
    _sees_this_environment(python)
    _run(str(python), "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall", str(wheel))
    empty = tmp_path / "elsewhere"
    empty.mkdir()
    port = _free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("TABLEAPP_", "PYTHON")) and k != "DATABASE_URL"
    }
    env |= {"TABLEAPP_SECRET_KEY": uuid.uuid4().hex, "PYTHONUNBUFFERED": "1"}
    log_path = tmp_path / "serve.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [str(venv / "bin" / "tableapp"), "serve", "--host", "127.0.0.1", "--port", str(port)],
            cwd=empty,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            url = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and proc.poll() is None:
                try:
                    if requests.get(f"{url}/healthz", timeout=1).status_code == 200:
                        break
                except requests.RequestException:
                    time.sleep(0.2)
            else:
                pytest.fail("the installed tableapp did not serve: " + log_path.read_text()[-3000:])
            # the code that runs is the installed copy, not this checkout
            imported = subprocess.run(
                [str(python), "-c", "import tableapp; print(tableapp.__file__)"],
                cwd=empty,
                env=env,
                capture_output=True,
                text=True,
                timeout=60,
            ).stdout
            assert str(venv) in imported, imported
            page = requests.get(f"{url}/", timeout=5)
            assert page.status_code == 200 and "<html" in page.text.lower()
            shell = requests.get(f"{url}/sw.js", timeout=5)
            assert shell.status_code == 200 and "VERSION" in shell.text
            games = requests.get(f"{url}/api/games", timeout=5).json()["games"]
            assert {g["id"] for g in games} >= {"zombie-life"}
            assert all(g["pack"] for g in games)  # each game's pack, from its package
            french = requests.get(f"{url}/texts/fr.json", timeout=5).json()["texts"]
            assert french["zl.round"] == "Manche {n}"  # a game's catalogue, from its package
            created = requests.post(f"{url}/api/tables", json={"game": "zombie-life"}, timeout=5)
            assert created.status_code == 201, created.text
            assert created.json()["code"]
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
