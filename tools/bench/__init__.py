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

The package: :mod:`.servers` (the app servers and the process helpers the hosted tests share,
:class:`AppServer`), :mod:`.loadgen` (the load generator), :mod:`.report` (the figures as text).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import click

from .loadgen import LOADGEN_BOOT
from .report import _describe_db, format_report
from .servers import (  # noqa: F401 (the hosted tests' process helpers)
    LOOPBACK,
    ROOT,
    AppServer,
    CpuMeter,
    app_env,
    free_port,
    machine_busy_seconds,
    migrate,
    process_tree,
    raise_open_files_limit,
    rss_bytes,
)


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
    help="Started servers' logs, with gunicorn's access log line per request (default: "
    "discarded, and no access log: its lines would cost the servers' CPU for nothing).",
)
@click.option(
    "--whole-views",
    is_flag=True,
    help="Phones ask for whole views, not patches (Prefer: view-patch), as clients that do "
    "not ask for them: to compare bytes and CPU per move.",
)
@click.option(
    "--no-gzip",
    is_flag=True,
    help="Phones' streams without Accept-Encoding: gzip (as a client that cannot inflate).",
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
    whole_views,
    no_gzip,
) -> None:
    """Load benchmark: N tables × M phones streaming, random legal actions, figures.

    A click command: long because its signature lists every option; the body starts the servers,
    hands the load generator its configuration and prints its report."""
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
            if not server_log:
                extra["TABLEAPP_ACCESS_LOG"] = ""  # no line per request nobody reads
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
            "patches": not whole_views,
            "gzip": not no_gzip,
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
