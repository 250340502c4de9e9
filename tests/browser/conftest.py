"""Browser tests: a real server on loopback, Debian's Chromium driven by Playwright, phones
emulated as Pixel 7s.

Without Chromium (``/usr/bin/chromium``, or ``TABLEAPP_CHROMIUM``) the tests skip with the
reason; with ``CI=true`` they fail instead, so CI can never go green without running them.
Screenshots go to ``artifacts/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from tableapp import create_app
from tableapp.config import TestConfig
from tableapp.database import setup
from tableapp.database.extensions import db

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("TABLEAPP_CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests must run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The app on 127.0.0.1 with a throwaway SQLite database, in a thread."""
    from werkzeug.serving import WSGIRequestHandler, make_server

    class QuietHandler(WSGIRequestHandler):
        def log_request(self, *args, **kwargs) -> None:  # a line per request drowns failures
            pass

    folder = tmp_path_factory.mktemp("browser")

    class Config(TestConfig):
        SQLALCHEMY_DATABASE_URI = f"sqlite:///{folder / 'tables.sqlite3'}"
        SSE_HEARTBEAT_SECONDS = 2
        SSE_POLL_SECONDS = 0.5
        JOIN_RATE_LIMIT = (10_000, 60)
        CREATE_RATE_LIMIT = (10_000, 60)

    app = create_app(Config)
    app.instance_path = str(folder / "instance")
    setup.upgrade(app)
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    url = f"http://127.0.0.1:{server.server_port}"
    app.config["PUBLIC_URL"] = url  # join URLs and QR codes point here
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    yield SimpleNamespace(url=url, app=app)
    server.shutdown()
    thread.join(timeout=10)
    server.server_close()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(scope="session")
def playwright_driver():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[test]')")
    if not CHROMIUM.exists():
        _unavailable(f"Chromium not found at {CHROMIUM} (apt install chromium)")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright_driver):
    browser = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    yield browser
    browser.close()


class Watch:
    """Everything a page says that a test wants to see empty: console errors, page errors,
    dialogs (an alert would mean injected script ran)."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.allowed: tuple[str, ...] = ()

    def attach(self, page, label: str) -> None:
        def console(message):
            if message.type == "error" and not any(a in message.text for a in self.allowed):
                self.errors.append(f"{label}: {message.text}")

        def dialog(d):
            self.dialogs.append(f"{label}: {d.type} {d.message}")
            d.dismiss()

        page.on("console", console)
        page.on("pageerror", lambda error: self.errors.append(f"{label}: {error}"))
        page.on("dialog", dialog)


@pytest.fixture
def watch():
    return Watch()


@pytest.fixture(scope="session")
def pixel7(playwright_driver):
    """Playwright's Pixel 7: viewport, touch, mobile user agent, device pixel ratio."""
    device = playwright_driver.devices["Pixel 7"]
    return {k: v for k, v in device.items() if k != "default_browser_type"}


@pytest.fixture
def devices(browser, pixel7, live_server, watch):
    """``devices.phone("Ana")`` / ``devices.laptop()``: a page in its own context (own storage)."""
    contexts = []

    def open_page(label: str, **options):
        context = browser.new_context(base_url=live_server.url, **options)
        contexts.append(context)
        page = context.new_page()
        # 30 s: a shared CI machine under two test workers is slow, never wrong, to draw a page
        page.set_default_timeout(30_000)
        watch.attach(page, label)
        return page

    yield SimpleNamespace(
        phone=lambda label, **extra: open_page(label, **{**pixel7, **extra}),
        laptop=lambda label="table", **extra: open_page(
            label, **{"viewport": {"width": 1280, "height": 900}, **extra}
        ),
    )
    for context in contexts:
        context.close()


@pytest.fixture
def axe(request):
    from .axe import Axe

    return Axe(request.node.name)


@pytest.fixture(scope="session")
def shots():
    """``shots(page, name)`` saves a full-page screenshot under artifacts/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str, full_page: bool = True) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take


@pytest.fixture
def table(devices, live_server):
    """A started three-player table: the host's table screen on a laptop, three phones."""
    from .play import api_start, api_table, choose_button, seq, tap, wait_all

    created = api_table(live_server.url)
    code = created["code"]
    names = ("Ana", "Ben", "Chloé")
    phones = [devices.phone(name) for name in names]
    for phone, name in zip(phones, names, strict=True):
        phone.goto(created["join_url"])
        phone.fill("#name", name)
        phone.click("#join button[type=submit]")
        phone.wait_for_selector("main#app[data-screen='lobby']")
    api_start(live_server.url, created)
    laptop = devices.laptop()
    laptop.goto("/")
    # The device that created the table holds its host token.
    laptop.evaluate(
        "([code, token]) => localStorage.setItem('tableapp:tables',"
        " JSON.stringify({[code]: {host: token}}))",
        [code, created["host_token"]],
    )
    laptop.goto(f"/table/{code}")
    wait_all([laptop, *phones], 4, within=5)
    tie = choose_button(laptop)  # ZL-1: a tie for the lowest card waits for the host
    if tie is not None:
        tap(laptop, tie, confirm=False)
        wait_all([laptop, *phones], seq(laptop))
    return SimpleNamespace(laptop=laptop, phones=phones, code=code, created=created)
