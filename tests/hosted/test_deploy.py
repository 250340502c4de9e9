"""deploy/: the files a hosted set-up uses, checked with the real tools where they exist.

- compose.yaml is valid YAML with app ×2 + PostgreSQL + Redis + nginx wired as the README
  says (Docker's engine is not on this machine, so it is never run here);
- both nginx configurations pass ``nginx -t``, and nginx really streams events through
  unbuffered (a served test in front of a real app server);
- gunicorn.conf.py takes workers, connections and the address from the environment;
- the systemd units pass ``systemd-analyze verify``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
import yaml

from . import services
from .client import Client, Stream, Table

pytestmark = pytest.mark.served

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
NGINX_BIN = "/usr/sbin/nginx"


def _nginx() -> str:
    path = NGINX_BIN if os.path.exists(NGINX_BIN) else shutil.which("nginx")
    if path is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI=true but nginx is not installed (apt-get install nginx)", pytrace=False)
        pytest.skip("nginx is not installed (apt-get install nginx)")
    return path


# --------------------------------------------------------------------------- compose


def test_compose_file_wires_two_apps_postgres_redis_and_nginx():
    compose = yaml.safe_load((DEPLOY / "compose" / "compose.yaml").read_text())
    services_ = compose["services"]
    assert {"postgres", "redis", "migrate", "app1", "app2", "nginx"} <= set(services_)
    for name in ("app1", "app2"):
        app = services_[name]
        env = app["environment"]
        assert env["DATABASE_URL"].startswith("postgresql://")
        assert "@postgres:" in env["DATABASE_URL"]
        assert env["REDIS_URL"].startswith("redis://redis:")
        assert "TABLEAPP_SECRET_KEY" in env  # every app server of a site shares it
        assert app["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        assert "/readyz" in " ".join(app["healthcheck"]["test"])
        assert app["build"]["dockerfile"] == "deploy/compose/Dockerfile"
    assert services_["migrate"]["command"] == ["tableapp", "migrate"]
    assert services_["migrate"]["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert "--appendonly" in services_["redis"]["command"]
    nginx = services_["nginx"]
    mounted = [v.split(":")[0] for v in nginx["volumes"]]
    for path in mounted:
        assert (DEPLOY / "compose" / path).resolve().exists(), path
    compose_nginx = (DEPLOY / "compose" / "nginx.conf").read_text()
    upstreams = re.findall(r"server\s+([\w.-]+):\d+", compose_nginx)
    assert set(upstreams) == {"app1", "app2"}
    dockerfile = (DEPLOY / "compose" / "Dockerfile").read_text()
    assert "deploy/gunicorn.conf.py" in dockerfile and "[hosted]" in dockerfile
    # the build context is the repository root: everything the Dockerfile copies is there
    for source in re.findall(r"^COPY\s+(?:--\S+\s+)*(.+?)\s+\S+$", dockerfile, re.M):
        for item in source.split():
            assert (ROOT / item).exists() or item == "README.md", item


# --------------------------------------------------------------------------- gunicorn


def _gunicorn_settings(**env) -> dict:
    code = (DEPLOY / "gunicorn.conf.py").read_text()
    saved = dict(os.environ)
    try:
        os.environ.update(env)
        namespace: dict = {"__file__": str(DEPLOY / "gunicorn.conf.py")}
        exec(compile(code, "gunicorn.conf.py", "exec"), namespace)  # noqa: S102 - our own file
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return namespace


def test_gunicorn_conf_reads_the_environment():
    settings = _gunicorn_settings(
        TABLEAPP_BIND="127.0.0.1:9999", WEB_CONCURRENCY="3", TABLEAPP_WORKER_CONNECTIONS="2500"
    )
    assert settings["bind"] == ["127.0.0.1:9999"]
    assert settings["workers"] == 3
    # gevent's worker, answering gunicorn's own refusals as problem+json (tableapp/worker.py)
    assert settings["worker_class"] == "tableapp.worker.ProblemGeventWorker"
    assert settings["worker_connections"] == 2500
    assert settings["wsgi_app"] == "tableapp:create_app()"
    assert settings["preload_app"] is False  # workers import the app after gevent patches
    assert "%(U)s" in settings["access_log_format"]  # the path, never the query string
    assert (
        "%(r)s" not in settings["access_log_format"]
        and "{authorization}" not in settings["access_log_format"].lower()
    )


def test_gunicorn_accepts_the_config(tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "--check-config",
            "-c",
            str(DEPLOY / "gunicorn.conf.py"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=str(ROOT),
        env=services.app_env(f"sqlite:///{tmp_path}/check.sqlite3"),
    )
    assert result.returncode == 0, result.stdout + result.stderr


# --------------------------------------------------------------------------- systemd


def test_systemd_units_verify(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    bin_dir = str(Path(sys.executable).parent) + "/"
    for unit in (DEPLOY / "systemd").glob("*.service"):
        text = unit.read_text().replace("/opt/tableapp/venv/bin/", bin_dir)
        text = text.replace("/opt/tableapp/app", str(ROOT))
        name = unit.name.replace("@.service", "@8001.service")
        (tmp_path / name).write_text(text)
    units = sorted(str(p) for p in tmp_path.glob("*.service"))
    result = subprocess.run([analyze, "verify", *units], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr
    assert "deploy/gunicorn.conf.py" in (DEPLOY / "systemd" / "tableapp@.service").read_text()


# --------------------------------------------------------------------------- nginx


def nginx_main_conf(folder: Path, site: str) -> Path:
    """A minimal main configuration around a site file, everything kept in ``folder``."""
    (folder / "site.conf").write_text(site)
    conf = folder / "nginx.conf"
    # As root, nginx's workers would run as nobody, who cannot use the temp folders here.
    user = "user root root;" if os.geteuid() == 0 else ""
    conf.write_text(f"""
{user}
worker_processes 1;
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/site.conf;
}}
""")
    return conf


def site_for(text: str, listen: int, upstreams: list[int]) -> str:
    """The example site with loopback ports (names such as app1 resolve only in compose)."""
    text = re.sub(r"listen\s+80;", f"listen 127.0.0.1:{listen};", text)
    ports = iter(upstreams * 2)
    return re.sub(r"server\s+[\w.-]+:\d+", lambda _: f"server 127.0.0.1:{next(ports)}", text)


def _streaming_safe(text: str) -> None:
    events = re.search(r"location ~ \^/api/tables/\[\^/\]\+/events\$ \{(.*?)\n    \}", text, re.S)
    assert events, "no events location"
    block = events.group(1)
    assert "proxy_buffering off;" in block
    timeout = int(re.search(r"proxy_read_timeout (\d+)s;", block).group(1))
    assert timeout > 15  # above the app's heartbeat
    assert "client_max_body_size 64k;" in text


@pytest.mark.parametrize("path", ["nginx/tableapp.conf", "compose/nginx.conf"])
def test_nginx_configs_pass_nginx_t(path, tmp_path):
    nginx = _nginx()
    text = (DEPLOY / path).read_text()
    _streaming_safe(text)
    conf = nginx_main_conf(tmp_path, site_for(text, services.free_port(), [8001, 8002]))
    result = subprocess.run(
        [nginx, "-t", "-c", str(conf), "-e", str(tmp_path / "error.log")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 0, result.stderr


def test_events_stream_through_nginx_unbuffered(cluster, tmp_path):
    nginx = _nginx()
    port = services.free_port()
    site = site_for(
        (DEPLOY / "nginx" / "tableapp.conf").read_text(), port, [cluster.a.port, cluster.b.port]
    )
    conf = nginx_main_conf(tmp_path, site)
    proc = subprocess.Popen(
        [nginx, "-c", str(conf), "-e", str(tmp_path / "error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    phone = None
    try:
        services.wait_port(port, proc=proc)
        base = f"http://127.0.0.1:{port}"
        proxy = Client(base)
        table = Table(proxy, players=2)
        phone = Stream(base, table.code, table.tokens[1], after=table.view["seq"])
        for _ in range(5):
            _, _, response = table.play(proxy)
            assert response.status_code == 201
            seq = response.json()["action"]["seq"]
            posted = time.monotonic()
            assert phone.wait_for(seq, 3.0)
            arrived = next(t for s, _, t in phone.events if s == seq)
            assert arrived - posted < 1.0  # not held in a proxy buffer
        assert requests.get(base + "/healthz", timeout=5).json() == {"status": "ok"}
        too_big = requests.post(
            base + "/api/tables",
            data=b"x" * (65 * 1024),
            headers={"Content-Type": "application/json"},
            timeout=5,
        )
        assert too_big.status_code == 413
    finally:
        if phone is not None:
            phone.close()
        proc.terminate()
        proc.wait(timeout=10)
