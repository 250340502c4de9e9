"""deploy/: the files a hosted set-up uses, checked with the real tools where they exist.

- compose.yaml is valid YAML with app ×2 + PostgreSQL + Redis + nginx wired as the README
  says, holds no secret (the password and the secret key come from files, through the image's
  entrypoint.py, which is run here) and no public URL by default; the image's build context
  leaves the site's secrets and certificates out (Docker's engine is not on this machine, so
  compose itself is never run here);
- both nginx configurations serve the app over HTTPS only (HTTP/2, HSTS, port 80 redirecting),
  let through every body the app takes and answer a larger one as a problem, pass
  ``nginx -t`` with a throwaway certificate, and really serve a table through TLS in front of
  real app servers (events unbuffered, the app's own 413 for an oversize pack);
- gunicorn.conf.py takes workers, connections and the address from the environment;
- the systemd units pass ``systemd-analyze verify``.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests
import yaml

from tableapp.config import Config
from tableapp.engine.messages import M
from tableapp.problems import Problem
from tableapp.server.certs import ensure_certificate
from tableapp.texts.i18n import Renderer

from . import services
from .client import Client, Table, bearer

pytestmark = pytest.mark.served

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
NGINX_BIN = "/usr/sbin/nginx"
NGINX_CONFIGS = ["nginx/tableapp.conf", "compose/nginx.conf"]
COMPOSE = DEPLOY / "compose"
ONE_YEAR = 365 * 24 * 3600


def _nginx() -> str:
    path = NGINX_BIN if os.path.exists(NGINX_BIN) else shutil.which("nginx")
    if path is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI=true but nginx is not installed (apt-get install nginx)", pytrace=False)
        pytest.skip("nginx is not installed (apt-get install nginx)")
    return path


def _deploy_readme() -> str:
    return (DEPLOY / "README.md").read_text()


# --------------------------------------------------------------------------- compose


def _compose() -> dict:
    return yaml.safe_load((COMPOSE / "compose.yaml").read_text())


def test_compose_file_wires_two_apps_postgres_redis_and_nginx():
    compose = _compose()
    services_ = compose["services"]
    assert {"postgres", "redis", "migrate", "app1", "app2", "nginx"} <= set(services_)
    for name in ("app1", "app2"):
        app = services_[name]
        env = app["environment"]
        assert env["DATABASE_URL"].startswith("postgresql://")
        assert "@postgres:" in env["DATABASE_URL"]
        assert env["REDIS_URL"].startswith("redis://redis:")
        # every app server of a site shares the secret key: one secret file for both
        assert env["TABLEAPP_SECRET_KEY_FILE"] == "/run/secrets/tableapp_secret_key"
        assert app["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        assert "/readyz" in " ".join(app["healthcheck"]["test"])
        assert app["build"]["dockerfile"] == "deploy/compose/Dockerfile"
    assert services_["migrate"]["command"] == ["tableapp", "migrate"]
    assert services_["migrate"]["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert "--appendonly" in services_["redis"]["command"]
    nginx = services_["nginx"]
    mounts = dict(v.split(":")[:2] for v in nginx["volumes"])
    assert mounts.pop("./nginx.conf") == "/etc/nginx/conf.d/default.conf"
    assert (COMPOSE / "nginx.conf").is_file()
    # what each site supplies itself: the certificate, the ACME folder (deploy/README.md)
    assert mounts == {"./certs": "/etc/nginx/certs", "./acme": "/var/www/acme"}
    assert {port.split(":")[-1] for port in nginx["ports"]} == {"80", "443"}
    compose_nginx = (COMPOSE / "nginx.conf").read_text()
    upstreams = re.findall(r"server\s+([\w.-]+):\d+", compose_nginx)
    assert set(upstreams) == {"app1", "app2"}
    dockerfile = (COMPOSE / "Dockerfile").read_text()
    assert "deploy/gunicorn.conf.py" in dockerfile and "[hosted]" in dockerfile
    assert '"/app/deploy/compose/entrypoint.py"' in dockerfile
    # the build context is the repository root: everything the Dockerfile copies is there
    for source in re.findall(r"^COPY\s+(?:--\S+\s+)*(.+?)\s+\S+$", dockerfile, re.M):
        for item in source.split():
            assert (ROOT / item).exists() or item == "README.md", item


def test_compose_holds_no_password_and_no_http_public_url():
    """No literal secret anywhere: the password and the secret key are files (compose
    ``secrets:``), URLs carry no password, the public URL must be given (no default)."""
    compose = _compose()
    declared = compose.get("secrets") or {}
    for name, secret in declared.items():
        assert set(secret) <= {"file", "environment"}, name  # from a file or the environment
        if "file" in secret:
            # inside deploy/compose/secrets/, which neither git nor the image build takes
            assert secret["file"].startswith("./secrets/"), secret
    for name, service in compose["services"].items():
        env = service.get("environment") or {}
        assert isinstance(env, dict), name
        for key, value in env.items():
            value = str(value)
            if key.endswith("_FILE"):
                secret = value.removeprefix("/run/secrets/")
                assert value.startswith("/run/secrets/") and secret in declared, (name, key)
                assert secret in service.get("secrets", []), (name, key)
            elif re.search(r"PASSWORD|SECRET|TOKEN", key):
                raise AssertionError(f"{name}: {key} has a value in compose.yaml: {value!r}")
            if "://" in value and not value.startswith("${"):  # a URL written here
                parts = urlsplit(value)
                assert parts.password is None, (name, key)  # no password in a URL
                assert parts.scheme != "http", (name, key)  # no http:// address by default
    assert "POSTGRES_PASSWORD_FILE" in compose["services"]["postgres"]["environment"]
    for name in ("app1", "app2", "migrate"):
        env = compose["services"][name]["environment"]
        assert env["DATABASE_PASSWORD_FILE"] == "/run/secrets/postgres_password"
        # required: compose refuses to start without it (${VAR:?message}); no default
        assert re.fullmatch(r"\$\{TABLEAPP_PUBLIC_URL:\?[^}]+\}", env["TABLEAPP_PUBLIC_URL"])


def _entrypoint(env: dict, tmp_path: Path) -> subprocess.CompletedProcess:
    """deploy/compose/entrypoint.py as the image runs it, printing the environment it gives."""
    show = "import json, os; print(json.dumps(dict(os.environ)))"
    base = {k: v for k, v in os.environ.items() if k in ("PATH", "SYSTEMROOT", "LANG")}
    return subprocess.run(
        [sys.executable, str(COMPOSE / "entrypoint.py"), sys.executable, "-c", show],
        capture_output=True,
        text=True,
        timeout=30,
        env=base | env,
        cwd=str(tmp_path),
    )


def _compose_app_env(tmp_path: Path, **files: str) -> dict:
    """The app servers' environment from compose.yaml, its secrets written in ``tmp_path``."""
    compose = _compose()
    env = {k: str(v) for k, v in compose["services"]["app1"]["environment"].items()}
    env["TABLEAPP_PUBLIC_URL"] = "https://tables.example.org"
    for key, value in list(env.items()):
        if key.endswith("_FILE"):
            name = value.removeprefix("/run/secrets/")
            path = tmp_path / name
            if name in files:
                path.write_text(files[name])
            env[key] = str(path)
    return env


def test_compose_entrypoint_reads_the_secret_files(tmp_path):
    from sqlalchemy.engine import make_url

    password = "p@ss:w/rd%+ é?#"
    key = "ab" * 32
    env = _compose_app_env(
        tmp_path, postgres_password=password + "\n", tableapp_secret_key=key + "\n"
    )
    result = _entrypoint(env, tmp_path)
    assert result.returncode == 0, result.stderr
    given = json.loads(result.stdout)
    assert given["TABLEAPP_SECRET_KEY"] == key
    url = make_url(given["DATABASE_URL"])  # as the app reads it (SQLAlchemy)
    assert (url.username, url.password, url.host, url.port, url.database) == (
        "tableapp",
        password,
        "postgres",
        5432,
        "tableapp",
    )
    assert "DATABASE_PASSWORD" not in given  # only inside the URL
    assert given["TABLEAPP_PUBLIC_URL"] == "https://tables.example.org"


@pytest.mark.parametrize(
    "case",
    ["no secret key file", "empty password", "both key and key file", "password in the URL"],
)
def test_compose_entrypoint_refuses_to_start_without_its_secrets(case, tmp_path):
    files = {"postgres_password": "hunter2-password\n", "tableapp_secret_key": "ab" * 32}
    if case == "no secret key file":
        del files["tableapp_secret_key"]
    if case == "empty password":
        files["postgres_password"] = "\n"
    env = _compose_app_env(tmp_path, **files)
    if case == "both key and key file":
        env["TABLEAPP_SECRET_KEY"] = "cd" * 32
    if case == "password in the URL":
        env["DATABASE_URL"] = "postgresql://tableapp:tableapp@postgres:5432/tableapp"
    result = _entrypoint(env, tmp_path)
    assert result.returncode == 78, result.stdout  # EX_CONFIG, before the command runs
    assert result.stdout == "" and result.stderr.startswith("entrypoint: "), result.stderr
    for value in ("hunter2", "abab", "cdcd"):
        assert value not in result.stderr  # the refusal never prints a secret


def _docker_ignored(path: str, patterns: list[str]) -> bool:
    """Whether Docker leaves ``path`` out of the build context: the last matching rule wins
    (``!`` keeps), ``**`` spans folders (none too), ``*`` and ``?`` stay within one, and a
    rule that matches a folder covers what it holds."""
    ignored = False
    for pattern in patterns:
        keep = pattern.startswith("!")
        glob = pattern.lstrip("!").strip("/")
        regex = ""
        for token in re.findall(r"\*\*/|\*\*|\*|\?|[^*?]", glob):
            regex += {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}.get(
                token, re.escape(token)
            )
        parts = path.split("/")
        if any(re.fullmatch(regex, "/".join(parts[:n])) for n in range(1, len(parts) + 1)):
            ignored = not keep
    return ignored


def test_image_build_leaves_out_the_sites_secrets_and_certificates():
    lines = (COMPOSE / "Dockerfile.dockerignore").read_text().splitlines()
    patterns = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    for secret in (
        "deploy/compose/secrets/postgres_password",
        "deploy/compose/secrets/tableapp_secret_key",
        "deploy/compose/certs/privkey.pem",
        "deploy/compose/acme/.well-known/acme-challenge/token",
        "deploy/compose/.env",
    ):
        assert _docker_ignored(secret, patterns), secret
    dockerfile = (COMPOSE / "Dockerfile").read_text()
    copied = 0
    for source in re.findall(r"^COPY\s+(?:--\S+\s+)*(.+?)\s+\S+$", dockerfile, re.M):
        for item in source.split():
            top = ROOT / item
            for file in [top] if top.is_file() else top.rglob("*"):
                if file.is_file() and "__pycache__" not in file.parts:
                    name = file.relative_to(ROOT).as_posix()
                    assert not _docker_ignored(name, patterns), name
                    copied += 1
    assert copied > 100  # the package, its migrations and the phone app
    # and git never takes them either
    ignored = (COMPOSE / ".gitignore").read_text().split()
    assert {"/.env", "/secrets/", "/certs/", "/acme/"} <= set(ignored)


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
    # gevent's worker, answering gunicorn's own refusals as problem+json (tableapp/server/worker.py)
    assert settings["worker_class"] == "tableapp.server.worker.ProblemGeventWorker"
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


@dataclass
class Directive:
    name: str
    args: list[str]
    block: list[Directive] | None = None
    line: int = 0

    def all(self, name: str) -> list[Directive]:
        return [d for d in self.block or [] if d.name == name]

    def one(self, name: str) -> Directive | None:
        found = self.all(name)
        assert len(found) <= 1, f"{name} given {len(found)} times (line {self.line})"
        return found[0] if found else None

    def walk(self):
        for child in self.block or []:
            yield child
            yield from child.walk()


@dataclass
class Server:
    directive: Directive
    ports: dict[str, list[str]] = field(default_factory=dict)  # port: listen parameters


def nginx_parse(text: str) -> Directive:
    """nginx's configuration syntax (directives, blocks, quoted strings, comments) as a tree."""
    token = re.compile(r"#[^\n]*|'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"|([{};])|([^\s{};'\"]+)")
    root = Directive("", [], [])
    stack, words, line = [root], [], 1
    for match in token.finditer(text):
        if match.group(0).startswith("#"):
            continue
        line_at = text.count("\n", 0, match.start()) + 1
        if not words:
            line = line_at
        symbol = match.group(3)
        if symbol is None:
            quoted = match.group(1) if match.group(1) is not None else match.group(2)
            words.append(quoted if quoted is not None else match.group(4))
        elif symbol == ";":
            assert words, f"empty directive at line {line_at}"
            stack[-1].block.append(Directive(words[0], words[1:], None, line))
            words = []
        elif symbol == "{":
            block = Directive(words[0], words[1:], [], line)
            stack[-1].block.append(block)
            stack.append(block)
            words = []
        else:
            assert not words and len(stack) > 1, f"unbalanced }} at line {line_at}"
            stack.pop()
    assert len(stack) == 1 and not words, "unterminated block"
    return root


def nginx_servers(path: str) -> tuple[Directive, list[Server]]:
    tree = nginx_parse((DEPLOY / path).read_text())
    servers = []
    for directive in tree.all("server"):
        server = Server(directive)
        for listen in directive.all("listen"):
            address = listen.args[0]
            port = address.rsplit(":", 1)[-1] if ":" in address else address
            server.ports[port] = listen.args[1:]
        servers.append(server)
    return tree, servers


def _size(value: str) -> int:
    number, unit = re.fullmatch(r"(\d+)([kKmMgG]?)", value).groups()
    return int(number) * {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}[unit.lower()]


def _https_server(path: str) -> Directive:
    _, servers = nginx_servers(path)
    tls = [s.directive for s in servers if "443" in s.ports]
    assert len(tls) == 1, "one HTTPS server"
    return tls[0]


@pytest.mark.parametrize("path", NGINX_CONFIGS)
def test_nginx_serves_https_only(path):
    """443: TLS with HTTP/2, a certificate at a documented path, HSTS on every answer; 80:
    a redirect to https:// and the ACME http-01 challenge files, nothing proxied."""
    _, servers = nginx_servers(path)
    readme = _deploy_readme()
    assert {port for s in servers for port in s.ports} == {"80", "443"}
    for server in servers:
        proxies = [d for d in server.directive.walk() if d.name == "proxy_pass"]
        if "443" in server.ports:
            assert set(server.ports) == {"443"}  # never the app in clear on the same server
            for params in server.ports.values():
                assert "ssl" in params
                http2 = server.directive.one("http2")
                assert "http2" in params or (http2 is not None and http2.args == ["on"])
            for name in ("ssl_certificate", "ssl_certificate_key"):
                (where,) = server.directive.one(name).args
                assert where.endswith(".pem") and where in readme, (name, where)
            protocols = server.directive.one("ssl_protocols").args
            assert set(protocols) <= {"TLSv1.2", "TLSv1.3"}, protocols
            (hsts,) = [
                h.args
                for h in server.directive.all("add_header")
                if h.args[0].lower() == "strict-transport-security"
            ]
            max_age = int(re.search(r"max-age=(\d+)", hsts[1]).group(1))
            assert max_age >= ONE_YEAR and hsts[2:] == ["always"], hsts
            # an add_header in a location would drop the server's (nginx does not merge them)
            for location in server.directive.all("location"):
                assert not location.all("add_header"), location.args
            assert proxies, "the HTTPS server serves the app"
        else:
            assert set(server.ports) == {"80"}
            assert not proxies, "nothing is proxied in clear"
            locations = {tuple(loc.args): loc for loc in server.directive.all("location")}
            assert set(locations) <= {("/",), ("^~", "/.well-known/acme-challenge/")}
            (redirect,) = locations[("/",)].block
            assert redirect.name == "return" and redirect.args[0] in ("301", "308")
            assert redirect.args[1] == "https://$host$request_uri"
            acme = locations.get(("^~", "/.well-known/acme-challenge/"))
            if acme is not None:
                assert {d.name for d in acme.block} <= {"root", "default_type"}
                assert acme.one("root").args[0] in readme  # where certbot writes its files


@pytest.mark.parametrize("path", NGINX_CONFIGS)
def test_nginx_body_limit_in_step_with_the_app(path):
    """Every body the app takes (its largest: a table with its pack) reaches the app, which
    refuses a larger one itself; nginx's own refusal beyond is the app's problem, not HTML."""
    server = _https_server(path)
    largest = max(Config.MAX_CONTENT_LENGTH, Config.PACK_CONTENT_LENGTH)
    limit = _size(server.one("client_max_body_size").args[0])
    assert limit > largest, (limit, largest)
    (error_page,) = [e.args for e in server.all("error_page") if "413" in e.args[:-1]]
    (handler,) = [loc for loc in server.all("location") if loc.args == [error_page[-1]]]
    assert handler.args[0].startswith("@")  # named: only ever reached as the error page
    assert handler.one("default_type").args == ["application/problem+json"]
    status, body = handler.one("return").args
    assert status == "413"
    expected = Problem(413, "body_too_large", M("api.body_too_large", limit=largest))
    assert json.loads(body) == expected.body(Renderer("en"))


def _streaming_safe(path: str) -> None:
    server = _https_server(path)
    (events,) = [
        loc for loc in server.all("location") if loc.args == ["~", "^/api/tables/[^/]+/events$"]
    ]
    assert events.one("proxy_buffering").args == ["off"]
    assert events.one("proxy_pass").args == ["http://tableapp"]
    timeout = events.one("proxy_read_timeout").args[0]
    assert int(timeout.removesuffix("s")) > Config.SSE_HEARTBEAT_SECONDS


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


def _nginx_version(nginx: str) -> tuple[int, ...]:
    result = subprocess.run([nginx, "-v"], capture_output=True, text=True, timeout=10)
    found = re.search(r"nginx/(\d+)\.(\d+)\.(\d+)", result.stderr + result.stdout)
    return tuple(int(part) for part in found.groups()) if found else (0, 0, 0)


@dataclass
class Site:
    """A configuration made to run here: loopback ports, a throwaway certificate."""

    text: str
    http: int
    https: int
    cert: str
    acme: Path


def site_for(path: str, folder: Path, upstreams: list[int], nginx: str) -> Site:
    """The example site on 127.0.0.1 only (no [::] listen: the test binds nothing else), its
    upstream servers on loopback ports (names such as app1 resolve only in compose), its
    certificate a self-signed one made here and its ACME folder in ``folder``."""
    text = (DEPLOY / path).read_text()
    http_port, https_port = services.free_port(), services.free_port()
    cert, key = ensure_certificate(str(folder / "tls"), "127.0.0.1")
    acme = folder / "acme"
    acme.mkdir()

    def sub(pattern: str, replace, text: str) -> str:
        new, count = re.subn(pattern, replace, text)
        assert count, f"{path}: nothing matches {pattern}"
        return new

    text = re.sub(r"\n[ \t]*listen\s+\[::\]:\d+[^;]*;", "", text)
    text = sub(r"listen\s+80;", f"listen 127.0.0.1:{http_port};", text)
    if re.search(r"^[ \t]*http2 on;", text, re.M) and _nginx_version(nginx) < (1, 25, 1):
        # compose pins nginx:1.27; an older nginx here only knows the listen parameter
        text = sub(r"\n[ \t]*http2 on;", "", text)
        text = sub(r"listen\s+443\s+ssl;", "listen 443 ssl http2;", text)
    text = sub(r"listen\s+443\s", f"listen 127.0.0.1:{https_port} ", text)
    text = sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {cert};", text)
    text = sub(r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {key};", text)
    text = sub(r"root\s+/var/www/\S+;", f"root {acme};", text)
    ports = iter(upstreams * 2)
    text = sub(r"server\s+[\w.-]+:\d+", lambda _: f"server 127.0.0.1:{next(ports)}", text)
    return Site(text, http_port, https_port, cert, acme)


@pytest.mark.parametrize("path", NGINX_CONFIGS)
def test_nginx_configs_pass_nginx_t(path, tmp_path):
    nginx = _nginx()
    _streaming_safe(path)
    site = site_for(path, tmp_path, [8001, 8002], nginx)
    conf = nginx_main_conf(tmp_path, site.text)
    result = subprocess.run(
        [nginx, "-t", "-c", str(conf), "-e", str(tmp_path / "error.log")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 0, result.stderr
    # nginx 1.25.1 and later find `listen ... http2` (deploy/nginx, for older ones) deprecated
    warnings = [
        line
        for line in result.stderr.splitlines()
        if "[warn]" in line and '"listen ... http2" directive is deprecated' not in line
    ]
    assert not warnings, result.stderr


class TlsStream:
    """One phone's event stream over HTTPS, read in a thread: ``arrived`` maps each event's
    number to the moment it came (tests.hosted.client.Stream speaks plain HTTP only)."""

    def __init__(self, port: int, cert: str, code: str, token: str, after: int) -> None:
        context = ssl.create_default_context(cafile=cert)
        self.connection = http.client.HTTPSConnection(
            "127.0.0.1", port, timeout=30, context=context
        )
        headers = bearer(token) | {"Accept": "text/event-stream"}
        self.connection.request("GET", f"/api/tables/{code}/events?after={after}", headers=headers)
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.status
        self.headers = dict(self.response.getheaders())
        self.arrived: dict[int, float] = {}
        self.changed = threading.Condition()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            while line := self.response.readline():
                if line.startswith(b"id:"):
                    with self.changed:
                        self.arrived[int(line[3:].strip())] = time.monotonic()
                        self.changed.notify_all()
        except (OSError, ValueError, http.client.HTTPException):
            pass  # closed by the test
        finally:
            with self.changed:
                self.changed.notify_all()

    def wait_for(self, seq: int, timeout: float) -> float | None:
        deadline = time.monotonic() + timeout
        with self.changed:
            while seq not in self.arrived and self.thread.is_alive():
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self.changed.wait(left)
            return self.arrived.get(seq)

    def close(self) -> None:
        sock = self.connection.sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.thread.join(10)
        self.connection.close()


def _hsts(response: requests.Response) -> int:
    value = response.headers.get("Strict-Transport-Security", "")
    found = re.fullmatch(r"max-age=(\d+)", value)
    assert found, (response.status_code, response.headers)
    return int(found.group(1))


@pytest.mark.parametrize("path", NGINX_CONFIGS)
def test_nginx_serves_the_app_over_https(path, cluster, tmp_path, monkeypatch):
    """nginx in front of two real app servers, as configured: HTTP/2 offered, HSTS, port 80
    redirecting, events through TLS unbuffered, a 500 KB pack body reaching the app, and an
    oversize one answered with the app's own problem (nginx's only beyond its limit)."""
    nginx = _nginx()
    site = site_for(path, tmp_path, [cluster.a.port, cluster.b.port], nginx)
    conf = nginx_main_conf(tmp_path, site.text)
    proc = subprocess.Popen(
        [nginx, "-c", str(conf), "-e", str(tmp_path / "error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", site.cert)  # requests trusts the throwaway cert
    phone = None
    try:
        services.wait_port(site.https, proc=proc)
        services.wait_port(site.http, proc=proc)
        base = f"https://127.0.0.1:{site.https}"

        # TLS offers HTTP/2 (ALPN), and every answer carries HSTS
        context = ssl.create_default_context(cafile=site.cert)
        context.set_alpn_protocols(["h2", "http/1.1"])
        with socket.create_connection(("127.0.0.1", site.https), timeout=10) as raw:
            with context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
                assert tls.selected_alpn_protocol() == "h2"
        health = requests.get(base + "/healthz", timeout=10)
        assert health.json() == {"status": "ok"}
        assert _hsts(health) >= ONE_YEAR

        # port 80: a redirect to the same address over https, or an ACME challenge file
        clear = f"http://127.0.0.1:{site.http}"
        moved = requests.get(clear + "/t/ABCDEF?lang=fr", allow_redirects=False, timeout=10)
        assert moved.status_code in (301, 308)
        assert moved.headers["Location"] == "https://127.0.0.1/t/ABCDEF?lang=fr"
        for path_ in ("/healthz", "/api/tables", "/.well-known/other"):
            response = requests.post(clear + path_, json={}, allow_redirects=False, timeout=10)
            assert response.status_code in (301, 308), path_  # never the app in clear
        challenge = site.acme / ".well-known" / "acme-challenge"
        challenge.mkdir(parents=True)
        (challenge / "token-123").write_text("token-123.thumbprint")
        answer = requests.get(clear + "/.well-known/acme-challenge/token-123", timeout=10)
        assert answer.status_code == 200 and answer.text == "token-123.thumbprint"

        # live events through TLS, not held in a proxy buffer
        proxy = Client(base)
        table = Table(proxy, players=2)
        phone = TlsStream(site.https, site.cert, table.code, table.tokens[1], table.view["seq"])
        assert phone.headers.get("Strict-Transport-Security")
        for _ in range(3):
            _, _, response = table.play(proxy)
            assert response.status_code == 201
            assert _hsts(response) >= ONE_YEAR
            seq = response.json()["action"]["seq"]
            posted = time.monotonic()
            arrived = phone.wait_for(seq, 5.0)
            assert arrived is not None and arrived - posted < 1.0  # not held in a proxy buffer

        # bodies: the app's largest is a table with its pack
        pack_limit = Config.PACK_CONTENT_LENGTH
        create = json.dumps({"game": "zombie-life", "variant": None, "options": {}}).encode()
        near = create + b" " * (pack_limit - 1024 - len(create))  # valid JSON, ~511 KB
        headers = {"Content-Type": "application/json", "Accept-Language": "fr"}
        created = requests.post(base + "/api/tables", data=near, headers=headers, timeout=30)
        assert created.status_code == 201, created.text
        over = create + b" " * (pack_limit + 1 - len(create))
        refused = requests.post(base + "/api/tables", data=over, headers=headers, timeout=30)
        assert refused.status_code == 413
        assert refused.headers["Content-Type"] == "application/problem+json"
        problem = refused.json()
        assert problem["code"] == "body_too_large" and problem["args"] == {"limit": pack_limit}
        # the app's own answer, in the phone's language (nginx's would be in English)
        assert refused.headers.get("Content-Language") == "fr"
        assert problem["detail"] == Renderer("fr").text(problem)
        assert _hsts(refused) >= ONE_YEAR
        action = requests.post(
            base + f"/api/tables/{table.code}/actions",
            data=b" " * (Config.MAX_CONTENT_LENGTH + 1),
            headers=headers | bearer(table.host),
            timeout=30,
        )
        assert action.status_code == 413 and action.headers.get("Content-Language") == "fr"
        assert action.json()["args"] == {"limit": Config.MAX_CONTENT_LENGTH}

        # beyond nginx's own limit: nginx refuses, with the same problem shape
        limit = _size(_https_server(path).one("client_max_body_size").args[0])
        huge = requests.post(
            base + "/api/tables", data=b" " * (limit + 1), headers=headers, timeout=30
        )
        assert huge.status_code == 413
        assert huge.headers["Content-Type"] == "application/problem+json"
        assert "Content-Language" not in huge.headers  # nginx's, not the app's
        assert huge.json()["code"] == "body_too_large"
        assert huge.json()["args"] == {"limit": pack_limit}
        assert _hsts(huge) >= ONE_YEAR
    finally:
        if phone is not None:
            phone.close()
        proc.terminate()
        proc.wait(timeout=10)
