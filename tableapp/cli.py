"""The ``tableapp`` command: serve, verify, simulate, migrate, purge, bench."""

from __future__ import annotations

import json
import os
import socket
import sys
import time

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
    "--threads",
    default=64,
    show_default=True,
    type=int,
    help="Concurrent requests (each open phone stream holds one).",
)
@click.option(
    "--https",
    "use_https",
    is_flag=True,
    help="Serve HTTPS with a self-signed certificate kept in the instance folder.",
)
def serve(host: str, port: int, threads: int, use_https: bool) -> None:
    """Run a table server: SQLite in the instance folder unless DATABASE_URL is set."""
    from gunicorn.app.base import BaseApplication

    from . import create_app, storage

    address = lan_address() if host in ("0.0.0.0", "::") else host
    scheme = "https" if use_https else "http"
    public = os.environ.get("TABLEAPP_PUBLIC_URL") or f"{scheme}://{address}:{port}"
    # One process (below): the in-process bus hears every commit.
    app = create_app({"PUBLIC_URL": public, "SOLE_PROCESS": True})
    storage.upgrade(app)
    options = {
        "bind": f"{host}:{port}",
        "workers": 1,  # one process: the in-process event fan-out reaches every phone
        "worker_class": "gthread",
        "threads": threads,
        "timeout": 120,
        "accesslog": "-",
        "access_log_format": '%(h)s "%(r)s" %(s)s %(b)s %(M)sms',
    }
    if use_https:
        from .certs import ensure_certificate

        cert, key = ensure_certificate(app.instance_path, address)
        options.update(certfile=cert, keyfile=key)

    class Server(BaseApplication):
        def load_config(self):
            for name, value in options.items():
                self.cfg.set(name, value)

        def load(self):
            return app

    click.echo(f"\ntableapp is running. Phones on this network open:\n\n    {public}\n")
    click.echo(terminal_qr(public))
    click.echo(f"Database: {app.config['SQLALCHEMY_DATABASE_URI']}\nStop with Ctrl+C.\n")
    Server().run()


@main.command()
def migrate() -> None:
    """Apply every database migration (hosted set-ups run this before starting servers)."""
    from . import create_app, storage

    storage.upgrade(create_app())
    click.echo("database is up to date")


@main.command()
@click.argument("export_file", type=click.File("r"))
def verify(export_file) -> None:
    """Replay an export: OK, or the first action where it diverges."""
    from .verify import verify_export

    problem = verify_export(json.load(export_file))
    if problem is None:
        click.echo("OK: the seed matches its commitment and the log replays exactly.")
        return
    click.echo(f"DIVERGES: {problem}", err=True)
    sys.exit(1)


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
    help="A table option (repeatable): true/false, a whole number or a choice.",
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
    from .i18n import render

    try:
        game = catalog.game(game_id)
    except RuleError as error:
        raise click.BadParameter(render(error.message), param_hint="--game") from None
    if variant is None and None not in game.variants:
        variant = game.variants[0]
    options = {}
    for pair in option_pairs:
        key, sep, raw = pair.partition("=")
        if not sep:
            raise click.BadParameter(f"{pair!r} is not KEY=VALUE", param_hint="--option")
        value: object = {"true": True, "false": False}.get(raw.lower(), raw)
        if isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        options[key] = value
    try:
        options = validate_options(game.options, options)
    except RuleError as error:
        raise click.BadParameter(render(error.message), param_hint="--option") from None
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
    from .maintenance import purge_finished

    count = purge_finished(age, export_to)
    click.echo(f"purged {count} finished table(s)")


def _register_bench() -> None:
    from .bench import bench

    main.add_command(bench)


_register_bench()

if __name__ == "__main__":
    main()
