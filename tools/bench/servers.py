"""App servers and processes on loopback for the benchmark and the hosted tests:
:class:`AppServer` (gunicorn with ``deploy/gunicorn.conf.py``), migrations, memory and CPU
of a process tree.
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parents[2]
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
