"""Throwaway services on loopback for the hosted tests and the perf scripts.

A PostgreSQL cluster (``initdb`` into a temporary folder, ``pg_ctl start`` on a free loopback
port, its unix socket inside that folder, run as the ``postgres`` user when we are root because
``initdb`` refuses root), a ``redis-server`` with no persistence, and gunicorn servers started
with ``deploy/gunicorn.conf.py`` exactly as a deployment would.

Every process started here is ended by the object that started it (by its own process id or
process group); nothing listens beyond 127.0.0.1.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

# The app-server helpers live with the bench, which starts servers the same way.
from tools.bench import AppServer, app_env, free_port, migrate, rss_bytes  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]


class Missing(Exception):
    """A binary the hosted path needs is not installed."""


def wait_port(port: int, timeout: float = 15.0, proc: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"process exited with {proc.returncode} before listening on {port}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {timeout} s")


# --------------------------------------------------------------------------- PostgreSQL


def postgres_bin() -> Path:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if not found:
        path = shutil.which("initdb")
        if path is None:
            raise Missing(
                "PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb) "
                "are not installed: apt-get install postgresql"
            )
        return Path(path).parent
    return Path(found[-1]).parent


class Postgres:
    """A throwaway cluster: ``url`` is a ``postgresql://`` URL on 127.0.0.1."""

    def __init__(self, *, fsync: bool = False, user: str = "tableapp") -> None:
        self.bin = postgres_bin()
        self.port = free_port()
        self.user = user
        self.fsync = fsync
        self.dir = Path(tempfile.mkdtemp(prefix="tableapp-pg-"))
        self.data = self.dir / "data"
        self.started = False
        self._as_postgres = os.geteuid() == 0

    def _run(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
        command = list(args)
        if self._as_postgres:
            runuser = shutil.which("runuser")
            command = (
                [runuser, "-u", "postgres", "--"] + command
                if runuser
                else ["su", "postgres", "-s", "/bin/sh", "-c", " ".join(_quote(a) for a in command)]
            )
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        if result.returncode != 0:
            raise RuntimeError(
                f"{args[0]} failed ({result.returncode}): "
                f"{result.stdout[-2000:]}{result.stderr[-2000:]}"
            )
        return result

    def start(self) -> Postgres:
        if self._as_postgres:
            shutil.chown(self.dir, "postgres", "postgres")
        os.chmod(self.dir, 0o700)
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            self.user,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        # The port was free when picked; another process may take it before the postmaster binds
        # it, so a failed start is tried again on a new port, and the last failure shows the log.
        for attempt in range(3):
            options = (
                f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                f"-c max_connections=200 -c fsync={'on' if self.fsync else 'off'}"
            )
            try:
                self._run(
                    str(self.bin / "pg_ctl"),
                    "-D",
                    str(self.data),
                    "-l",
                    str(self.dir / "log"),
                    "-o",
                    options,
                    "-w",
                    "-t",
                    "30",
                    "start",
                )
                break
            except RuntimeError as failed:
                log = (self.dir / "log").read_text(errors="replace")[-2000:]
                if attempt == 2:
                    raise RuntimeError(f"{failed}\nPostgreSQL log:\n{log}") from None
                self.port = free_port()
        self.started = True
        self._run(
            str(self.bin / "createdb"),
            "-h",
            "127.0.0.1",
            "-p",
            str(self.port),
            "-U",
            self.user,
            "tableapp",
        )
        return self

    @property
    def url(self) -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/tableapp"

    @property
    def pid(self) -> int | None:
        """The postmaster's process id (its backends are its children)."""
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def stop(self) -> None:
        if self.started:
            try:
                self._run(
                    str(self.bin / "pg_ctl"),
                    "-D",
                    str(self.data),
                    "-m",
                    "immediate",
                    "-w",
                    "stop",
                    timeout=30,
                )
            except Exception:  # noqa: BLE001 - still remove the folder
                pass
            self.started = False
        shutil.rmtree(self.dir, ignore_errors=True)


def _quote(arg: str) -> str:
    import shlex

    return shlex.quote(arg)


# --------------------------------------------------------------------------- Redis


def redis_binary() -> str:
    path = shutil.which("redis-server")
    if path is None:
        raise Missing("redis-server is not installed: apt-get install redis-server")
    return path


class Redis:
    """A redis-server on a loopback port, no persistence; ``stop``/``start`` keep the port."""

    def __init__(self, port: int | None = None) -> None:
        self.binary = redis_binary()
        self.port = port or free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="tableapp-redis-"))
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        self.proc = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.dir),
                "--protected-mode",
                "yes",
                "--loglevel",
                "warning",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_port(self.port, proc=self.proc)
        return self

    def kill(self) -> None:
        """Stop Redis hard (an outage)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.proc = None

    def stop(self) -> None:
        self.kill()
        shutil.rmtree(self.dir, ignore_errors=True)
