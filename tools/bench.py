"""``tableapp bench`` (``python -m tools.bench``): N tables × M phones against real app servers,
figures not pass/fail. A tool beside the product: it runs from a source checkout.

Each phone holds the table's event stream with its seat's bearer token; the tables play random
legal actions (picked from each view's ``actions``, params drawn from their specs, posted with
``expected`` and an Idempotency-Key, the way a phone does). The load comes from a second
process on loopback, a gevent load generator (``python -c 'from gevent import monkey; ...'``),
so that one machine can hold a thousand streams without a thousand threads.

Phases, in one run against the same servers, all with every stream held open:

1. setup: create the tables, join M seats each, start the games;
2. streams: open N × M streams (server memory is read before and after when this command
   started the servers itself: memory per open stream);
3. paced: actions at ``--rate`` per second spread over the tables; action latency (post →
   response) and delivery latency (post → every phone of that table has the event);
4. saturated: ``--concurrency`` tables acting back to back as fast as the server answers;
5. floor: the same concurrency on ``GET /healthz`` (a trivial endpoint of the same app, same
   server settings): requests/s, and the ratio actions/s ÷ floor.

Without ``--url`` it starts its own gunicorn server(s) with ``deploy/gunicorn.conf.py`` on
loopback: SQLite in a temporary folder unless ``--database-url`` names a database (PostgreSQL),
with Redis fan-out when ``--redis-url`` is given. Only loopback addresses are ever used.

This module also holds the small process helpers the hosted tests share (:class:`AppServer`).
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import click

from tableapp.engine.playout import RandomChooser

ROOT = Path(__file__).resolve().parent.parent
GUNICORN_CONF = ROOT / "deploy" / "gunicorn.conf.py"
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


# =========================================================================== app servers


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def app_env(database_url: str, redis_url: str | None = None, **extra: str) -> dict:
    """The environment of a hosted app server (rate limits and the per-address stream cap
    lifted: all the load comes from one address)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("TABLEAPP_", "GUNICORN_"))
        and k not in ("WEB_CONCURRENCY", "REDIS_URL", "DATABASE_URL")
    }
    env.update(
        {
            "DATABASE_URL": database_url,
            # Every app server of one site shares the secret key (retried joins hand back tokens).
            "TABLEAPP_SECRET_KEY": extra.pop("TABLEAPP_SECRET_KEY", None) or secrets.token_hex(32),
            "TABLEAPP_JOIN_LIMIT": "1000000",
            "TABLEAPP_CREATE_LIMIT": "1000000",
            "TABLEAPP_STREAMS_PER_ADDRESS": "1000000",
            "PYTHONUNBUFFERED": "1",
        }
    )
    if redis_url:
        env["REDIS_URL"] = redis_url
    env.update(extra)
    return env


def migrate(env: dict) -> None:
    """``tableapp migrate`` with that environment, as the deploy README says."""
    result = subprocess.run(
        [sys.executable, "-m", "tableapp.cli", "migrate"],
        env=env,
        cwd=str(ROOT),
        capture_output=True,
        text=True,
        timeout=180,
    )
    if result.returncode != 0:
        raise RuntimeError(f"tableapp migrate failed: {result.stdout}{result.stderr}")


class AppServer:
    """One app server: ``gunicorn -c deploy/gunicorn.conf.py`` on a loopback port.

    Started in its own process group, so :meth:`kill` (SIGKILL) takes the master and its
    workers down at once, like a machine losing power under the server.
    """

    def __init__(
        self,
        env: dict,
        *,
        port: int | None = None,
        workers: int = 1,
        worker_class: str = "gevent",
        connections: int | None = None,
        threads: int | None = None,
        log_path: Path | str | None = None,
    ) -> None:
        self.port = port or free_port()
        self.workers = workers
        self.worker_class = worker_class
        self.env = dict(env)
        self.env.update(
            {
                "TABLEAPP_BIND": f"127.0.0.1:{self.port}",
                "WEB_CONCURRENCY": str(workers),
                "TABLEAPP_WORKER_CLASS": worker_class,
            }
        )
        if connections:
            self.env["TABLEAPP_WORKER_CONNECTIONS"] = str(connections)
        if threads:
            self.env["TABLEAPP_THREADS"] = str(threads)
        self.log_path = Path(log_path) if log_path else None
        self.proc: subprocess.Popen | None = None
        self._log = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> AppServer:
        """Launch and wait until ``/readyz`` answers 200 and every worker is up."""
        self.launch()
        self.wait_ready(timeout)
        return self

    def launch(self) -> AppServer:
        """Launch without waiting (start several, then :meth:`wait_ready` each)."""
        if not GUNICORN_CONF.exists():
            raise click.ClickException(f"{GUNICORN_CONF} not found: pass --url of a running server")
        if self._log is not None:  # a restart after kill()
            self._log.close()
            self._log = None
        if self.log_path is not None:
            self._log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(GUNICORN_CONF)],
            env=self.env,
            cwd=str(ROOT),
            start_new_session=True,
            stdin=subprocess.DEVNULL,
            stdout=self._log or subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        return self

    def wait_ready(self, timeout: float = 60.0) -> None:
        import http.client

        deadline = time.monotonic() + timeout
        last: object = None
        while time.monotonic() < deadline:
            if self.proc is not None and self.proc.poll() is not None:
                where = f"; see {self.log_path}" if self.log_path else ""
                raise RuntimeError(f"gunicorn exited with {self.proc.returncode}{where}")
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
            try:
                connection.request("GET", "/readyz")
                response = connection.getresponse()
                response.read()
                if response.status == 200 and self._workers_up():
                    return
                last = response.status
            except OSError as error:
                last = error
            finally:
                connection.close()
            time.sleep(0.1)
        raise TimeoutError(f"server on port {self.port} not ready after {timeout} s: {last}")

    def _workers_up(self) -> bool:
        return len(self.pids()) >= 1 + self.workers

    def pids(self) -> list[int]:
        """The master and its workers."""
        if self.proc is None or self.proc.poll() is not None:
            return []
        pids = [self.proc.pid]
        try:
            children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text()
            pids += [int(p) for p in children.split()]
        except OSError:
            pass
        return pids

    def kill(self) -> None:
        """SIGKILL the whole server (master and workers), no goodbye."""
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(timeout=10)

    def stop(self, graceful: bool = False) -> None:
        """SIGQUIT (gunicorn's quick shutdown: open streams are cut, phones would reconnect)
        or, ``graceful``, SIGTERM (streams get ``graceful_timeout`` to end)."""
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM if graceful else signal.SIGQUIT)
                self.proc.wait(timeout=15)
            except ProcessLookupError:
                pass
            except subprocess.TimeoutExpired:
                self.kill()
        self.proc = None
        if self._log is not None:
            self._log.close()
            self._log = None


def rss_bytes(pids: list[int]) -> int:
    """Resident memory of these processes, from /proc."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of these processes, from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            pass
    return total


def raise_open_files_limit() -> None:
    """A thousand streams need more than the common soft limit of 1,024 descriptors: lift the
    soft limit to the hard one (inherited by the servers and the load generator started here)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY or soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ImportError, OSError, ValueError):
        pass


def machine_busy_seconds() -> float:
    """CPU seconds the whole machine spent busy so far (all cores), from /proc/stat."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0.0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def process_tree(pids: list[int]) -> list[int]:
    """These processes and all their descendants (PostgreSQL's backends, say)."""
    seen: list[int] = []
    todo = list(pids)
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.append(pid)
        try:
            for task in Path(f"/proc/{pid}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return seen


class CpuMeter:
    """CPU used over an interval by the app servers, by the services (PostgreSQL, Redis),
    by this load generator and by everything else on the machine: other processes competing
    for the same cores skew the figures, and the report says how much."""

    def __init__(self, server_pids: list[int], service_pids: list[int] | None = None) -> None:
        self.pids = server_pids
        self.service_pids = service_pids or []
        self.start()

    def _services(self) -> dict[int, float]:
        return {pid: cpu_seconds([pid]) for pid in process_tree(self.service_pids)}

    def start(self) -> None:
        self.t = time.perf_counter()
        self.server = cpu_seconds(self.pids)
        self.services = self._services()
        self.me = sum(os.times()[:2])
        self.machine = machine_busy_seconds()

    def read(self) -> dict:
        elapsed = max(1e-9, time.perf_counter() - self.t)
        server = cpu_seconds(self.pids) - self.server
        services = sum(
            max(0.0, now - self.services.get(pid, 0.0)) for pid, now in self._services().items()
        )
        me = sum(os.times()[:2]) - self.me
        machine = machine_busy_seconds() - self.machine
        other = max(0.0, machine - server - services - me) if machine else None

        def pct(x):
            return None if x is None else round(100 * x / elapsed, 1)

        return {
            "server_cpu_percent": pct(server) if self.pids else None,
            "services_cpu_percent": pct(services) if self.service_pids else None,
            "loadgen_cpu_percent": pct(me),
            "other_cpu_percent": pct(other),
        }


# =========================================================================== load generator

LOADGEN_BOOT = (
    "from gevent import monkey; monkey.patch_all()\n"
    "from tools.bench import loadgen_main\n"
    "loadgen_main()\n"
)


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (q in [0, 1]); None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 1))))
    return ordered[rank - 1]


def _ms(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 2)


def loadgen_main() -> None:
    """Entry point of the load-generator process (gevent already patched by LOADGEN_BOOT)."""
    raise_open_files_limit()
    config = json.loads(sys.stdin.readline())
    result = LoadGenerator(config).run()
    sys.stdout.write(json.dumps(result) + "\n")
    sys.stdout.flush()


class LoadGenerator:
    """Runs inside the gevent-patched process; see the module docstring for the phases."""

    def __init__(self, config: dict) -> None:
        import random
        from collections import Counter

        self.c = config
        self.servers: list[tuple[str, int]] = []
        for url in config["urls"]:
            rest = url.split("://", 1)[-1].rstrip("/")
            host, _, port = rest.rpartition(":")
            host = host.strip("[]") or "127.0.0.1"
            if host not in LOOPBACK:
                raise SystemExit(f"bench only talks to loopback servers, not {host}")
            self.servers.append((host, int(port)))
        self.rnd = random.Random(config.get("seed", 1))
        self.chooser = RandomChooser(self.rnd)
        self.errors: Counter = Counter()
        self.pools: list = []
        self.tables: list[dict] = []
        self.phones: list = []
        self.open_streams = 0
        self.min_open: int | None = None
        self.stopping = False
        # (code, seq) → {phone index: arrival time}
        self.arrivals: dict[tuple[str, int], dict[int, float]] = {}
        # (code, seq) → (posted at, phase)
        self.posted: dict[tuple[str, int], tuple[float, str]] = {}
        self.latencies: dict[str, list[float]] = {"paced": [], "saturated": []}
        self.heartbeats = 0
        self.events_received = 0
        self.sent: dict = {}  # greenlet → when its last request left
        self.in_flight = 0
        self.requests = 0

    # ------------------------------------------------------------------ logging

    def say(self, text: str) -> None:
        sys.stderr.write(f"[bench] {text}\n")
        sys.stderr.flush()

    # ------------------------------------------------------------------ HTTP

    def _connection(self, server: int):
        import http.client

        host, port = self.servers[server]
        return http.client.HTTPConnection(host, port, timeout=self.c["timeout"])

    def request(
        self,
        server: int,
        method: str,
        path: str,
        body: dict | None = None,
        token: str | None = None,
        key: str | None = None,
    ) -> tuple[int, bytes]:
        """One request on a pooled keep-alive connection; one retry on a dropped connection
        (safe: GETs, and POSTs that carry an Idempotency-Key). ``self.sent[greenlet]`` is when
        it left: latencies count the server, not a wait for a free client connection."""
        import http.client

        import gevent

        headers = {"Accept": "application/json"}
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if key:
            headers["Idempotency-Key"] = key
        pool = self.pools[server]
        connection = pool.get()
        try:
            for attempt in (1, 2):
                try:
                    if attempt == 1:
                        self.sent[gevent.getcurrent()] = time.perf_counter()
                    connection.request(method, path, body=payload, headers=headers)
                    response = connection.getresponse()
                    data = response.read()
                    self.requests += 1
                    if response.getheader("Connection", "").lower() == "close":
                        connection.close()
                    return response.status, data
                except (OSError, http.client.HTTPException) as error:
                    connection.close()
                    connection = self._connection(server)
                    if attempt == 2 or (method == "POST" and not key):
                        self.errors[f"connection: {type(error).__name__}"] += 1
                        return 0, b""
            return 0, b""
        finally:
            pool.put(connection)

    # ------------------------------------------------------------------ setup

    def setup(self) -> None:
        from gevent.pool import Pool

        n, m = self.c["tables"], self.c["phones"]
        self.say(f"setting up {n} tables × {m} seats …")
        started = time.perf_counter()
        pool = Pool(min(32, self.c["pool"]))
        for i in range(n):
            pool.spawn(self._setup_table, i)
        pool.join()
        self.tables.sort(key=lambda t: t["index"])
        ready = [t for t in self.tables if t.get("ready")]
        self.say(f"{len(ready)} tables ready in {time.perf_counter() - started:.1f} s")
        self.tables = ready

    def _setup_table(self, index: int) -> None:
        s = index % len(self.servers)
        status, data = self.request(
            s,
            "POST",
            "/api/tables",
            {"game": self.c["game"], "variant": None, "options": {}},
            key=secrets.token_hex(8),
        )
        if status != 201:
            self.errors[f"setup: create {status}"] += 1
            return
        created = json.loads(data)
        table = {
            "index": index,
            "code": created["code"],
            "host": created["host_token"],
            "tokens": {},
            "seq": 0,
            "waiting": [],
            "views": {},
            "busy": False,
            "finished": False,
            "acted": 0,
        }
        for j in range(self.c["phones"]):
            status, data = self.request(
                (index + j) % len(self.servers),
                "POST",
                f"/api/tables/{table['code']}/seats",
                {"name": f"P{j + 1}"},
                key=secrets.token_hex(8),
            )
            if status != 201:
                self.errors[f"setup: join {status}"] += 1
                return
            joined = json.loads(data)
            table["tokens"][joined["seat"]["id"]] = joined["token"]
        status, data = self.request(
            s,
            "POST",
            f"/api/tables/{table['code']}/actions",
            {"type": "start", "params": {}},
            token=table["host"],
            key=secrets.token_hex(8),
        )
        if status != 201:
            self.errors[f"setup: start {status}"] += 1
            return
        view = json.loads(data)["view"]
        self._learn(table, 0, view)
        table["ready"] = True
        self.tables.append(table)

    def _learn(self, table: dict, seat: int, view: dict) -> None:
        table["seq"] = view["seq"]
        table["views"] = {seat: view}
        table["waiting"] = list(view["prompt"]["waiting_for"])
        if view["status"] == "finished":
            table["finished"] = True

    # ------------------------------------------------------------------ streams

    def open_streams_all(self) -> None:
        import gevent

        m = self.c["phones"]
        target = len(self.tables) * m
        self.say(f"opening {target} event streams …")
        started = time.perf_counter()
        for t in self.tables:
            for j, seat in enumerate(sorted(t["tokens"])):
                phone = {
                    "table": t,
                    "seat": seat,
                    "id": len(self.phones),
                    "server": (t["index"] + j) % len(self.servers),
                    "last": t["seq"],
                    "open": False,
                }
                phone["greenlet"] = gevent.spawn(self._phone, phone)
                self.phones.append(phone)
            if len(self.phones) % 100 == 0:
                gevent.sleep(0.02)  # a ramp, not a thundering herd
        deadline = time.perf_counter() + self.c["timeout"] * 3
        while self.open_streams < target and time.perf_counter() < deadline:
            gevent.sleep(0.05)
        self.say(
            f"{self.open_streams} of {target} streams open in {time.perf_counter() - started:.1f} s"
        )
        self.min_open = self.open_streams

    def _phone(self, phone: dict) -> None:
        table = phone["table"]
        host, port = self.servers[phone["server"]]
        sock = None
        opened = False
        try:
            sock = socket.create_connection((host, port), timeout=self.c["timeout"])
            sock.settimeout(None)  # heartbeats every 15 s keep it moving; no read timeout
            token = table["tokens"][phone["seat"]]
            sock.sendall(
                (
                    f"GET /api/tables/{table['code']}/events?after={phone['last']} HTTP/1.1\r\n"
                    f"Host: {host}:{port}\r\nAuthorization: Bearer {token}\r\n"
                    "Accept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n"
                ).encode()
            )
            reader = sock.makefile("rb")
            status_line = reader.readline()
            parts = status_line.split()
            if len(parts) < 2 or parts[1] != b"200":
                self.errors[f"stream status {parts[1].decode() if len(parts) > 1 else '?'}"] += 1
                return
            chunked = False
            while True:
                line = reader.readline()
                if not line or line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("latin-1").partition(":")
                if name.strip().lower() == "transfer-encoding" and "chunked" in value.lower():
                    chunked = True
            opened = phone["open"] = True
            self.open_streams += 1
            buffer = b""
            for chunk in self._body(reader, chunked):
                buffer += chunk
                while b"\n\n" in buffer:
                    block, buffer = buffer.split(b"\n\n", 1)
                    self._sse_block(phone, block)
            if not self.stopping:
                self.errors["stream closed by server"] += 1
        except Exception as error:  # noqa: BLE001 - counted, never fatal
            if not self.stopping and type(error).__name__ != "GreenletExit":
                self.errors[f"stream: {type(error).__name__}"] += 1
        finally:
            if opened:
                phone["open"] = False
                self.open_streams -= 1
                if not self.stopping and self.min_open is not None:
                    self.min_open = min(self.min_open, self.open_streams)
            if sock is not None:
                sock.close()

    @staticmethod
    def _body(reader, chunked: bool):
        if not chunked:
            while True:
                data = reader.read1(65536)
                if not data:
                    return
                yield data
        while True:
            size_line = reader.readline()
            if not size_line:
                return
            size = int(size_line.split(b";")[0].strip() or b"0", 16)
            if size == 0:
                return
            data = reader.read(size)
            reader.readline()  # the CRLF after the chunk
            yield data

    def _sse_block(self, phone: dict, block: bytes) -> None:
        now = time.perf_counter()
        event_id = None
        for line in block.split(b"\n"):
            if line.startswith(b":"):
                if b"heartbeat" in line:
                    self.heartbeats += 1
            elif line.startswith(b"id:"):
                event_id = int(line[3:].strip())
        if event_id is None:
            return
        self.events_received += 1
        if event_id != phone["last"] + 1:
            self.errors["stream gap or disorder"] += 1
        phone["last"] = max(phone["last"], event_id)
        self.arrivals.setdefault((phone["table"]["code"], event_id), {}).setdefault(
            phone["id"], now
        )

    # ------------------------------------------------------------------ actions

    def act(self, table: dict, phase: str, server: int) -> None:
        import gevent

        from tableapp.engine.playout import random_params

        table["busy"] = True
        self.in_flight += 1
        try:
            waiting = [s for s in table["waiting"] if s == 0 or s in table["tokens"]]
            if not waiting:
                self._refresh(table, server)
                return
            seat = self.rnd.choice(waiting)
            token = table["host"] if seat == 0 else table["tokens"][seat]
            view = table["views"].get(seat)
            if view is None or view["seq"] != table["seq"]:
                status, data = self.request(
                    server, "GET", f"/api/tables/{table['code']}", token=token
                )
                if status != 200:
                    self.errors[f"view {status}"] += 1
                    return
                view = json.loads(data)
                self._learn(table, seat, view)
            if not view["actions"]:
                return
            spec = self.rnd.choice(view["actions"])
            body = {
                "type": spec["type"],
                "params": random_params(spec, self.chooser),
                "expected": view["seq"],
            }
            status, data = self.request(
                server,
                "POST",
                f"/api/tables/{table['code']}/actions",
                body,
                token=token,
                key=secrets.token_hex(12),
            )
            answered = time.perf_counter()
            posted = self.sent.pop(gevent.getcurrent(), answered)
            if status == 201:
                result = json.loads(data)
                seq = result["action"]["seq"]
                self.posted[(table["code"], seq)] = (posted, phase)
                self.latencies[phase].append(answered - posted)
                table["acted"] += 1
                self._learn(table, seat, result["view"])
            else:
                self.errors[f"action {status}"] += 1
                table["views"] = {}
                self._refresh(table, server)
        finally:
            self.in_flight -= 1
            table["busy"] = False

    def _refresh(self, table: dict, server: int) -> None:
        status, data = self.request(
            server, "GET", f"/api/tables/{table['code']}", token=table["host"]
        )
        if status == 200:
            self._learn(table, 0, json.loads(data))

    def paced(self) -> dict:
        import gevent

        rate, duration = self.c["rate"], self.c["duration"]
        self.say(f"paced phase: {rate} actions/s for {duration} s …")
        interval = 1.0 / rate
        tables = self.tables
        cursor = 0
        before = len(self.latencies["paced"])
        started = time.perf_counter()
        next_at = started
        skipped = 0
        behind = 0
        count = 0
        cap = self.c["max_in_flight"]
        while time.perf_counter() - started < duration:
            if self.in_flight >= cap:
                behind += 1  # the server is not keeping up: offer no more than it answers
            for _ in range(len(tables) if self.in_flight < cap else 0):
                table = tables[cursor % len(tables)]
                cursor += 1
                if not table["busy"] and not table["finished"]:
                    table["busy"] = True
                    gevent.spawn(self.act, table, "paced", count % len(self.servers))
                    count += 1
                    break
            else:
                skipped += 1
            next_at += interval
            gevent.sleep(max(0.0, next_at - time.perf_counter()))
        while any(t["busy"] for t in tables):
            gevent.sleep(0.01)
        elapsed = time.perf_counter() - started
        done = len(self.latencies["paced"]) - before
        return {
            "target_rate": rate,
            "seconds": round(elapsed, 2),
            "actions": done,
            "actions_per_s": round(done / elapsed, 2),
            "skipped_busy": skipped,
            "skipped_server_behind": behind,
            "max_in_flight": cap,
        }

    def saturated(self) -> dict:
        import gevent

        concurrency, duration = self.c["concurrency"], self.c["saturate_seconds"]
        self.say(f"saturated phase: {concurrency} tables back to back for {duration} s …")
        before = len(self.latencies["saturated"])
        started = time.perf_counter()
        stop_at = started + duration

        def worker(k: int) -> None:
            mine = [t for i, t in enumerate(self.tables) if i % concurrency == k]
            i = 0
            while time.perf_counter() < stop_at and mine:
                table = mine[i % len(mine)]
                i += 1
                if table["finished"] or table["busy"]:
                    if all(t["finished"] for t in mine):
                        return
                    gevent.sleep(0)
                    continue
                self.act(table, "saturated", (k + i) % len(self.servers))

        gevent.joinall([gevent.spawn(worker, k) for k in range(concurrency)])
        elapsed = time.perf_counter() - started
        done = len(self.latencies["saturated"]) - before
        return {
            "concurrency": concurrency,
            "seconds": round(elapsed, 2),
            "actions": done,
            "actions_per_s": round(done / elapsed, 2),
        }

    def floor(self) -> dict:
        import gevent

        concurrency, duration = self.c["concurrency"], self.c["floor_seconds"]
        self.say(f"framework floor: GET /healthz, {concurrency} concurrent, {duration} s …")
        counts = [0]
        failures = [0]
        started = time.perf_counter()
        stop_at = started + duration

        def worker(k: int) -> None:
            i = 0
            while time.perf_counter() < stop_at:
                status, _ = self.request((k + i) % len(self.servers), "GET", "/healthz")
                i += 1
                if status == 200:
                    counts[0] += 1
                else:
                    failures[0] += 1

        gevent.joinall([gevent.spawn(worker, k) for k in range(concurrency)])
        elapsed = time.perf_counter() - started
        if failures[0]:
            self.errors["floor: /healthz failed"] += failures[0]
        return {
            "endpoint": "GET /healthz",
            "concurrency": concurrency,
            "seconds": round(elapsed, 2),
            "requests_per_s": round(counts[0] / elapsed, 1),
        }

    # ------------------------------------------------------------------ delivery

    def delivery(self, phase: str, grace: float) -> dict:
        import gevent

        m = self.c["phones"]
        keys = [k for k, (_, p) in self.posted.items() if p == phase]
        deadline = time.perf_counter() + grace
        while time.perf_counter() < deadline:
            if all(len(self.arrivals.get(k, ())) >= m for k in keys):
                break
            gevent.sleep(0.05)
        latencies = []
        undelivered = 0
        for k in keys:
            arrived = self.arrivals.get(k, {})
            if len(arrived) < m:
                undelivered += 1
                continue
            latencies.append(max(arrived.values()) - self.posted[k][0])
        if undelivered:
            self.errors[f"{phase}: action not on every phone within {grace} s"] += undelivered
        return {
            "p50_ms": _ms(percentile(latencies, 0.5)),
            "p99_ms": _ms(percentile(latencies, 0.99)),
            "max_ms": _ms(max(latencies) if latencies else None),
            "delivered": len(latencies),
            "undelivered": undelivered,
        }

    # ------------------------------------------------------------------ the run

    def run(self) -> dict:
        import gevent
        from gevent.queue import LifoQueue

        for s in range(len(self.servers)):
            queue = LifoQueue()
            for _ in range(self.c["pool"]):
                queue.put(self._connection(s))
            self.pools.append(queue)
        pids = self.c.get("server_pids") or []
        result: dict = {"config": {k: v for k, v in self.c.items() if k != "server_pids"}}
        self.setup()
        if not self.tables:
            result["errors"] = dict(self.errors)
            return result
        gevent.sleep(min(1.0, self.c["settle"]))
        rss_before = rss_bytes(pids)
        self.open_streams_all()
        meter = CpuMeter(pids, self.c.get("service_pids"))
        gevent.sleep(self.c["settle"])
        idle_cpu = meter.read()
        rss_after = rss_bytes(pids)
        target = len(self.tables) * self.c["phones"]
        memory = None
        if pids and self.open_streams:
            per_stream = (rss_after - rss_before) / self.open_streams
            memory = {
                "rss_before_mib": round(rss_before / 2**20, 1),
                "rss_after_mib": round(rss_after / 2**20, 1),
                "per_stream_kib": round(per_stream / 1024, 1),
            }
        result["streams"] = {"target": target, "opened": self.open_streams, "idle_cpu": idle_cpu}
        result["memory"] = memory
        meter = CpuMeter(pids, self.c.get("service_pids"))
        paced = self.paced()
        paced["cpu"] = meter.read()
        paced["action_ms"] = {
            "p50": _ms(percentile(self.latencies["paced"], 0.5)),
            "p99": _ms(percentile(self.latencies["paced"], 0.99)),
        }
        paced["delivery_ms"] = self.delivery("paced", self.c["grace"])
        result["paced"] = paced
        if self.c["saturate_seconds"] > 0:
            meter = CpuMeter(pids, self.c.get("service_pids"))
            saturated = self.saturated()
            saturated["cpu"] = meter.read()
            saturated["action_ms"] = {
                "p50": _ms(percentile(self.latencies["saturated"], 0.5)),
                "p99": _ms(percentile(self.latencies["saturated"], 0.99)),
            }
            saturated["delivery_ms"] = self.delivery("saturated", self.c["grace"])
            result["saturated"] = saturated
        if self.c["floor_seconds"] > 0:
            meter = CpuMeter(pids, self.c.get("service_pids"))
            result["floor"] = self.floor()
            result["floor"]["cpu"] = meter.read()
        result["streams"]["held_at_end"] = self.open_streams
        result["streams"]["min_during_run"] = self.min_open
        result["streams"]["heartbeats"] = self.heartbeats
        result["streams"]["events_received"] = self.events_received
        self.stopping = True
        gevent.killall([p["greenlet"] for p in self.phones], timeout=10)
        best = result.get("saturated", result["paced"])["actions_per_s"]
        if result.get("floor"):
            result["ratio_actions_to_floor"] = round(best / result["floor"]["requests_per_s"], 3)
        result["finished_tables"] = sum(1 for t in self.tables if t["finished"])
        result["requests"] = self.requests
        result["errors"] = dict(self.errors)
        return result


# =========================================================================== the command


def _describe_db(url: str) -> str:
    return (
        "PostgreSQL"
        if url.startswith(("postgres", "postgresql"))
        else ("SQLite" if url.startswith("sqlite") else url.split(":", 1)[0])
    )


def format_report(result: dict, header: str) -> str:
    def ms(d: dict | None, a: str = "p50", b: str = "p99") -> str:
        if not d or d.get(a) is None:
            return "n/a"
        return f"p50 {d[a]:.1f} ms   p99 {d[b]:.1f} ms"

    def cpu(d: dict | None) -> str:
        if not d:
            return ""
        parts = []
        if d.get("server_cpu_percent") is not None:
            parts.append(f"servers {d['server_cpu_percent']}%")
        if d.get("services_cpu_percent") is not None:
            parts.append(f"PostgreSQL/Redis {d['services_cpu_percent']}%")
        parts.append(f"load generator {d['loadgen_cpu_percent']}%")
        if d.get("other_cpu_percent") is not None:
            parts.append(f"other processes {d['other_cpu_percent']}%")
        return "CPU (% of one core): " + ", ".join(parts)

    lines = [header]
    streams = result.get("streams", {})
    lines.append(
        f"  open streams held        {streams.get('held_at_end')} of "
        f"{streams.get('target')} (fewest during the run: "
        f"{streams.get('min_during_run')})"
    )
    if streams.get("idle_cpu"):
        lines.append(f"    streams open, no play  {cpu(streams['idle_cpu'])}")
    memory = result.get("memory")
    if memory:
        lines.append(
            f"  memory per open stream   {memory['per_stream_kib']} KiB (servers' RSS "
            f"{memory['rss_before_mib']} → {memory['rss_after_mib']} MiB)"
        )
    paced = result.get("paced")
    if paced:
        lines.append(
            f"  paced                    {paced['actions_per_s']} actions/s (target "
            f"{paced['target_rate']}) over {paced['seconds']} s, {paced['actions']} "
            f"actions"
        )
        lines.append(f"    {cpu(paced.get('cpu'))}")
        lines.append(f"    action latency         {ms(paced['action_ms'])}")
        d = paced["delivery_ms"]
        lines.append(
            f"    delivery latency       {ms(d, 'p50_ms', 'p99_ms')}   (to every phone "
            f"of the table; {d['undelivered']} undelivered)"
        )
    saturated = result.get("saturated")
    if saturated:
        lines.append(
            f"  saturated                {saturated['actions_per_s']} actions/s with "
            f"{saturated['concurrency']} tables back to back"
        )
        lines.append(f"    {cpu(saturated.get('cpu'))}")
        lines.append(f"    action latency         {ms(saturated['action_ms'])}")
        d = saturated["delivery_ms"]
        lines.append(
            f"    delivery latency       {ms(d, 'p50_ms', 'p99_ms')}   "
            f"({d['undelivered']} undelivered)"
        )
    floor = result.get("floor")
    if floor:
        lines.append(
            f"  framework floor          {floor['requests_per_s']} requests/s "
            f"({floor['endpoint']}, {floor['concurrency']} concurrent)"
        )
        lines.append(f"    {cpu(floor.get('cpu'))}")
    if "ratio_actions_to_floor" in result:
        lines.append(f"  actions/s ÷ floor        {result['ratio_actions_to_floor']}")
    errors = result.get("errors") or {}
    lines.append(
        "  errors                   "
        + (", ".join(f"{k}: {v}" for k, v in sorted(errors.items())) if errors else "none")
    )
    return "\n".join(lines)


@click.command()
@click.option(
    "--url",
    "urls",
    multiple=True,
    help="A running server (repeat for several; loopback only). Without it, bench starts its "
    "own. All load comes from one address: start the server with TABLEAPP_CREATE_LIMIT, "
    "TABLEAPP_JOIN_LIMIT and TABLEAPP_STREAMS_PER_ADDRESS above the run's counts.",
)
@click.option("--tables", default=200, show_default=True, type=click.IntRange(1))
@click.option(
    "--phones",
    default=5,
    show_default=True,
    type=click.IntRange(1),
    help="Seats per table, each phone holding an event stream.",
)
@click.option(
    "--rate",
    default=50.0,
    show_default=True,
    type=click.FloatRange(0.1),
    help="Actions per second in the paced phase, over all tables.",
)
@click.option(
    "--duration",
    default=30.0,
    show_default=True,
    type=click.FloatRange(1),
    help="Seconds of the paced phase.",
)
@click.option(
    "--concurrency",
    default=16,
    show_default=True,
    type=click.IntRange(1),
    help="Tables acting back to back in the saturated phase; clients of the floor.",
)
@click.option("--saturate-seconds", default=10.0, show_default=True, type=float)
@click.option("--floor-seconds", default=5.0, show_default=True, type=float)
@click.option(
    "--servers",
    default=1,
    show_default=True,
    type=click.IntRange(1),
    help="App servers to start (without --url).",
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1),
    help="Worker processes per started server.",
)
@click.option(
    "--worker-class", default="gevent", show_default=True, type=click.Choice(["gevent", "gthread"])
)
@click.option(
    "--threads",
    default=None,
    type=int,
    help="gthread: threads per worker (default: enough for every stream).",
)
@click.option(
    "--database-url",
    default=None,
    help="Started servers' database (default: SQLite in a temporary folder).",
)
@click.option("--redis-url", default=None, help="Started servers' Redis fan-out.")
@click.option(
    "--stream-poll",
    default=None,
    type=float,
    help="Started servers' SSE poll interval (TABLEAPP_STREAM_POLL).",
)
@click.option("--game", default="zombie-life", show_default=True)
@click.option(
    "--pool",
    default=64,
    show_default=True,
    type=click.IntRange(1),
    help="Keep-alive connections per server for actions.",
)
@click.option(
    "--max-in-flight",
    default=32,
    show_default=True,
    type=click.IntRange(1),
    help="Paced phase: most actions awaiting an answer at once (a slot is skipped beyond).",
)
@click.option(
    "--service-pid",
    "service_pids",
    multiple=True,
    type=int,
    help="PostgreSQL's or Redis's main process: their CPU is reported apart from others'.",
)
@click.option("--timeout", default=30.0, show_default=True, type=float)
@click.option(
    "--grace",
    default=5.0,
    show_default=True,
    type=float,
    help="Seconds to wait for the last events after a phase.",
)
@click.option(
    "--settle",
    default=16.0,
    show_default=True,
    type=float,
    help="Seconds of open streams and no play before the actions (memory and idle CPU are "
    "read over it; at least one 15 s heartbeat).",
)
@click.option("--seed", default=1, show_default=True, type=int)
@click.option(
    "--json",
    "json_path",
    default=None,
    type=click.Path(dir_okay=False),
    help="Also write the figures as JSON here.",
)
@click.option(
    "--server-log",
    default=None,
    type=click.Path(dir_okay=False),
    help="Started servers' logs (default: discarded).",
)
def bench(
    urls,
    tables,
    phones,
    rate,
    duration,
    concurrency,
    saturate_seconds,
    floor_seconds,
    servers,
    workers,
    worker_class,
    threads,
    database_url,
    redis_url,
    stream_poll,
    game,
    pool,
    max_in_flight,
    service_pids,
    timeout,
    grace,
    settle,
    seed,
    json_path,
    server_log,
) -> None:
    """Load benchmark: N tables × M phones streaming, random legal actions, figures."""
    try:
        import gevent  # noqa: F401
    except ImportError:
        raise click.ClickException("bench needs gevent: pip install -e .") from None
    raise_open_files_limit()
    started: list[AppServer] = []
    workdir = None
    try:
        if urls:
            header = f"tableapp bench: {tables} tables × {phones} phones against {', '.join(urls)}"
        else:
            workdir = tempfile.mkdtemp(prefix="tableapp-bench-")
            database_url = database_url or f"sqlite:///{workdir}/bench.sqlite3"
            if database_url.startswith("sqlite") and (servers > 1 or workers > 1) and not redis_url:
                click.echo(
                    "note: several processes without --redis-url: streams of other "
                    "processes only see actions by polling",
                    err=True,
                )
            extra = {}
            if stream_poll is not None:
                extra["TABLEAPP_STREAM_POLL"] = str(stream_poll)
            env = app_env(database_url, redis_url, **extra)
            migrate(env)
            streams_per_worker = -(-tables * phones // (servers * workers))
            for _ in range(servers):
                server = AppServer(
                    env,
                    workers=workers,
                    worker_class=worker_class,
                    connections=streams_per_worker + pool + concurrency + 200,
                    threads=threads or (streams_per_worker + pool + concurrency + 50),
                    log_path=server_log,
                )
                started.append(server.launch())
            for server in started:
                server.wait_ready()
            urls = tuple(s.url for s in started)
            poll = (
                stream_poll
                if stream_poll is not None
                else float(os.environ.get("TABLEAPP_STREAM_POLL", "2"))
            )
            header = (
                f"tableapp bench: {tables} tables × {phones} phones, {servers} server(s) × "
                f"{workers} {worker_class} worker(s), {_describe_db(database_url)}"
                f"{' + Redis' if redis_url else ''}, stream poll {poll:g} s, "
                f"{os.cpu_count()} cores"
            )
        config = {
            "urls": list(urls),
            "tables": tables,
            "phones": phones,
            "rate": rate,
            "duration": duration,
            "concurrency": concurrency,
            "saturate_seconds": saturate_seconds,
            "floor_seconds": floor_seconds,
            "game": game,
            "pool": pool,
            "timeout": timeout,
            "grace": grace,
            "seed": seed,
            "settle": settle,
            "max_in_flight": max_in_flight,
            "service_pids": list(service_pids),
            "server_pids": [pid for s in started for pid in s.pids()],
        }
        click.echo(header, err=True)
        proc = subprocess.run(
            [sys.executable, "-c", LOADGEN_BOOT],
            input=json.dumps(config) + "\n",
            capture_output=False,
            stdout=subprocess.PIPE,
            text=True,
            cwd=str(ROOT),
        )
        if proc.returncode != 0 or not proc.stdout.strip():
            raise click.ClickException(f"the load generator failed ({proc.returncode})")
        result = json.loads(proc.stdout.strip().splitlines()[-1])
        result["header"] = header
        click.echo(format_report(result, header))
        if json_path:
            Path(json_path).write_text(json.dumps(result, indent=2))
    finally:
        for server in started:
            server.stop()
        if workdir:
            import shutil

            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    bench()
