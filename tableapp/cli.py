"""The ``tableapp`` command: serve, verify, simulate, migrate, purge, bench."""

from __future__ import annotations

import json
import os
import socket
import sys
import time
from pathlib import Path

import click

from . import catalog


@click.group(help="tableapp: a phone companion for zombie board games around a real table.")
def main() -> None:
    pass


def lan_address() -> str:
    """This machine's address on the local network (what phones on the Wi-Fi can reach).

    Connecting a UDP socket sends nothing: it only asks the kernel which interface routes
    outward. Falls back to the host name's address, then loopback.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        address = probe.getsockname()[0]
        if not address.startswith("0."):
            return address
    except OSError:
        pass
    finally:
        probe.close()
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"


def terminal_qr(url: str) -> str:
    import io

    import qrcode

    code = qrcode.QRCode(border=1)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


@main.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to bind.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--connections",
    envvar="TABLEAPP_WORKER_CONNECTIONS",
    default=1000,
    show_default=True,
    type=click.IntRange(min=10),
    help="Connections held at once: every open phone stream and every request (gevent: "
    "each is a greenlet, not a thread, so idle streams and slow phones cost little).",
)
@click.option(
    "--https",
    "use_https",
    is_flag=True,
    help="Serve HTTPS with a self-signed certificate kept in the instance folder.",
)
def serve(host: str, port: int, connections: int, use_https: bool) -> None:
    """Run a table server: SQLite in the instance folder unless DATABASE_URL is set.

    One gunicorn process with a gevent worker: hundreds of idle event streams and slow
    phones do not starve other requests. One client address holds at most
    TABLEAPP_STREAMS_PER_ADDRESS open streams (100; 429 beyond), all addresses together at most
    the connections less a tenth (503 beyond, so that other requests always find a
    connection; a stream whose phone hangs up frees its slot at once), a request body must arrive
    within TABLEAPP_BODY_TIMEOUT seconds (10; 408 after), and request headers within 5 s.
    """
    from flask import Flask
    from gunicorn.app.base import BaseApplication

    from .config import Config
    from .server.worker import stream_cap

    address = lan_address() if host in ("0.0.0.0", "::") else host
    scheme = "https" if use_https else "http"
    public = os.environ.get("TABLEAPP_PUBLIC_URL") or f"{scheme}://{address}:{port}"
    # This process becomes gunicorn's master: it must not build the app, whose locks and
    # in-process bus would be made before the worker patches the standard library for
    # gevent. The migrations run in a child process; the worker builds the app itself.
    _migrate_in_child()
    instance = Flask("tableapp", instance_relative_config=True).instance_path
    database = Config.SQLALCHEMY_DATABASE_URI or f"sqlite:///{instance}/tableapp.sqlite3"
    options = {
        "bind": f"{host}:{port}",
        "workers": 1,  # one process: the in-process event fan-out reaches every phone
        "worker_class": "tableapp.server.worker.ProblemGeventWorker",
        "worker_connections": connections,
        "keepalive": 5,  # also the time a connection has to send its request headers
        "timeout": 120,
        "graceful_timeout": 10,
        "accesslog": "-",
        "access_log_format": '%(h)s "%(r)s" %(s)s %(b)s %(M)sms',
    }
    if use_https:
        from .server.certs import ensure_certificate

        cert, key = ensure_certificate(instance, address)
        options.update(certfile=cert, keyfile=key)

    class Server(BaseApplication):
        def load_config(self):
            for name, value in options.items():
                self.cfg.set(name, value)

        def load(self):
            from . import create_app

            # The only process writing here: the in-process bus hears every commit.
            return create_app(
                {"PUBLIC_URL": public, "SOLE_PROCESS": True, "STREAMS_MAX": stream_cap(connections)}
            )

    click.echo(f"\ntableapp is running. Phones on this network open:\n\n    {public}\n")
    click.echo(terminal_qr(public))
    click.echo(f"Database: {database}\nStop with Ctrl+C.\n")
    Server().run()


def _migrate_in_child() -> None:
    """``tableapp migrate`` in a child process (see ``serve``)."""
    import subprocess

    result = subprocess.run(
        [sys.executable, "-m", "tableapp.cli", "migrate"], capture_output=True, text=True
    )
    if result.returncode != 0:
        raise click.ClickException(f"the migrations failed:\n{result.stdout}{result.stderr}")


@main.command()
def migrate() -> None:
    """Apply every database migration (hosted set-ups run this before starting servers).

    A content pack in TABLEAPP_CONTENT_DIR that does not load stops it (and ``serve``) with
    its problems, one a line naming the TOML file and the field, not a traceback."""
    from . import create_app
    from .content import ContentError
    from .database import setup

    try:
        app = create_app()
    except ContentError as error:
        raise click.ClickException(str(error)) from None
    setup.upgrade(app)
    click.echo("database is up to date")


@main.command()
@click.argument("export_file", type=click.File("rb"))
@click.option(
    "--head",
    metavar="HEX",
    default=None,
    help="The log head the table showed at the end: the log's hash chain must end on it.",
)
def verify(export_file, head: str | None) -> None:
    """Check an export: OK, UNFINISHED, or the first thing that diverges.

    Checks the seed against its commitment, the seats against the joins, every phone's
    contribution and the effective seed they give, the log's hash chain (each entry sealed
    under the key the revealed seed gives), the whole log replayed (events, private parts,
    undos and what they revealed), the final state and the result. Prints the seed commitment
    and the log head. The server knew the chain's key, so a log it cut short and re-linked
    is consistent with itself: the log is only as complete as its head is the one the table
    showed at the end. Give that head with --head (a different one fails), or compare by eye.
    A game with no result is UNFINISHED, never OK. A file that is no export, or that diverges,
    gets one line and exit status 1; an unfinished one too.
    """
    from .verify import unfinished, verify_file

    data = export_file.read()
    problem, lines = verify_file(data, head)
    if problem is not None:
        click.echo(f"DIVERGES: {problem}", err=True)
        for line in lines:
            click.echo(line)
        sys.exit(1)
    if unfinished(json.loads(data)):
        click.echo(
            "UNFINISHED: the log replays, but its game has no result: a log cut short reads "
            "the same, so it proves nothing about how the game ended.",
            err=True,
        )
        for line in lines:
            click.echo(line)
        sys.exit(1)
    ends = (
        "and it ends on the head the table showed"
        if head
        else "(compare its head below with the one the table showed at the end)"
    )
    click.echo(
        "OK: the seed matches its commitment, every contribution is in the effective seed, "
        "the log, the seats, the final state and the result replay exactly, the log's hash "
        f"chain links {ends}."
    )
    for line in lines:
        click.echo(line)


@main.command()
@click.option("--game", "game_id", required=True, help="Game id, e.g. zombie-life.")
@click.option("--variant", default=None, help="Variant, where the game has several.")
@click.option("--players", default=3, show_default=True, type=int)
@click.option("--games", "count", default=100, show_default=True, type=int)
@click.option("--seed", default=1, show_default=True, type=int)
@click.option(
    "--option",
    "option_pairs",
    multiple=True,
    metavar="KEY=VALUE",
    help="A table option, e.g. --option difficulty=hard (repeatable; numbers and true/false "
    "are read as such).",
)
def simulate(
    game_id: str,
    variant: str | None,
    players: int,
    count: int,
    seed: int,
    option_pairs: tuple[str, ...],
) -> None:
    """Random legal playouts through the pure engine, invariants checked after every step."""
    from .engine import RuleError
    from .engine.game import validate_options
    from .engine.playout import random_playout
    from .texts.i18n import render

    try:
        game = catalog.game(game_id)
    except RuleError as error:
        raise click.BadParameter(render(error.message), param_hint="--game") from None
    if variant is None and None not in game.variants:
        variant = game.variants[0]
    options = dict(_option_value(pair) for pair in option_pairs)
    try:
        options = validate_options(game.options, options)
    except RuleError as error:
        why = render(error.message) + (f" ({error.rule})" if error.rule else "")
        raise click.BadParameter(why, param_hint="--option") from None
    content = catalog.content(game_id)
    steps = 0
    started = time.perf_counter()
    for i in range(count):
        game_seed = seed.to_bytes(8, "big") + i.to_bytes(8, "big") + b"tableapp-simulate"
        _, n = random_playout(
            game,
            content=content,
            seats=list(range(1, players + 1)),
            seed=game_seed,
            variant=variant,
            options=options,
        )
        steps += n
    elapsed = time.perf_counter() - started
    click.echo(
        f"{count} games of {game.name} ({players} players): {steps} actions, "
        f"{elapsed:.2f} s, {count / elapsed:.1f} games/s, {steps / elapsed:.0f} actions/s; "
        "invariants held after every step"
    )


def _option_value(pair: str) -> tuple[str, object]:
    """``key=value`` with the value read as an int, a bool (true/false) or a string."""
    key, sep, raw = pair.partition("=")
    if not sep or not key:
        raise click.BadParameter(f"{pair!r} is not KEY=VALUE", param_hint="--option")
    if raw.lower() in ("true", "false"):
        return key, raw.lower() == "true"
    try:
        return key, int(raw)
    except ValueError:
        return key, raw


@main.command()
@click.option("--finished-older-than", "age", required=True, help="e.g. 30d or 12h")
@click.option(
    "--export-to",
    type=click.Path(file_okay=False),
    default=None,
    help="Write each table's export here before deleting it.",
)
def purge(age: str, export_to: str | None) -> None:
    """Delete finished tables older than AGE (and stored idempotent answers past their time)."""
    from . import create_app
    from .tables.retention import purge_finished

    count = purge_finished(age, export_to, create_app())
    click.echo(f"purged {count} finished table(s)")


@main.command(
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
    add_help_option=False,
)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def bench(args: tuple[str, ...]) -> None:
    """Load benchmark: N tables × M phones streaming, random legal actions, figures.

    The load generator is a tool of the source checkout (tools/bench/), not of the
    installed package; this runs it from the checkout tableapp was installed from
    (``tableapp bench --help`` lists its options).
    """
    root = Path(__file__).resolve().parent.parent
    if (root / "tools" / "bench" / "__init__.py").is_file() and str(root) not in sys.path:
        sys.path.insert(0, str(root))
    try:
        from tools.bench import bench as command
    except ImportError:
        raise click.ClickException(
            "tableapp bench runs from a source checkout: clone the repository, then in it "
            "`pip install -e .` and `tableapp bench --help` (or `python -m tools.bench --help`)."
        ) from None
    command.main(list(args), prog_name="tableapp bench")


if __name__ == "__main__":
    main()
