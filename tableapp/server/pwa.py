"""The phone app's files, the health probes and the security headers every response carries:
the `web` blueprint (issue 28: flaskr's way, not routes nested in a function)."""

from __future__ import annotations

import hashlib
import json
import mimetypes
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, Flask, Response, abort, current_app, request, send_from_directory
from werkzeug.routing import PathConverter


class ShellPath(PathConverter):
    """Any path outside /api/: the API's own routes never share methods with the app's files."""

    regex = r"(?!api(?:/|$))[^/].*?"


TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
_LOCKED = "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
#: The phone app: everything from this server, images also as data: URLs.
APP_CSP = f"default-src 'self'; img-src 'self' data:; {_LOCKED}"
#: /api/docs (the vendored Swagger UI): nothing but scripts, styles, fonts and the spec
#: from this server (its icons are data: SVGs), no inline script or style.
DOCS_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    f"font-src 'self'; connect-src 'self'; form-action 'self'; {_LOCKED}"
)


#: The app shell the service worker precaches, as globs under pwa/: the page (served as
#: ``/``), its scripts, styles and manifest, and the icons a page shows (the 512 px ones are
#: for installing; vendored code is loaded only where needed, the worker itself is not
#: cached). A game's new module or style is in the shell by being in its folder.
SHELL_GLOBS = (
    "index.html",
    "app.js",
    "manifest.webmanifest",
    "css/*.css",
    "js/**/*.js",
    "icons/icon.svg",
    "icons/icon-192.png",
)
_VERSION_LINE = re.compile(r'^const VERSION = "[^"\n]*";$', re.MULTILINE)
_SHELL_LINE = re.compile(r"^const SHELL = \[[^\]\n]*\];$", re.MULTILINE)


#: Where the phone reads its own words in a language (built from the catalogues, see
#: :func:`phone_texts_files`)
TEXTS_PATH = "/texts/{lang}.json"


def phone_texts_files(translations: Path | None = None) -> dict[str, bytes]:
    """``{path: JSON}`` of the phone's texts in every language (``{"lang", "texts"}``: the
    ``msgctxt "phone"`` entries of every catalogue folder, a game package's own too, English's
    where a language has none; ``translations`` in place of the shell's folder)."""
    from ..engine.messages import LANGUAGES
    from ..texts.i18n import TRANSLATIONS, phone_texts

    out = {}
    for lang in LANGUAGES:
        body = {"lang": lang, "texts": phone_texts(lang, translations or TRANSLATIONS)}
        text = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        out[TEXTS_PATH.format(lang=lang)] = text.encode()
    return out


@dataclass(frozen=True)
class ServiceWorker:
    """``pwa/sw.js`` as served: its ``SHELL`` the shell's paths (the files and the phone's
    texts), its ``VERSION`` ``tableapp-<hash>`` of the worker and of every shell file (path
    and bytes), so any change, a catalogue's phone texts too, makes phones drop the old
    cache."""

    source: str
    version: str
    shell: tuple[str, ...]


def shell_paths(pwa_dir: Path) -> tuple[str, ...]:
    """The shell's URL paths (``/`` for the page), sorted, from :data:`SHELL_GLOBS`."""
    found = {p for pattern in SHELL_GLOBS for p in pwa_dir.glob(pattern) if p.is_file()}
    paths = {"/" + p.relative_to(pwa_dir).as_posix() for p in found}
    return tuple(sorted("/" if path == "/index.html" else path for path in paths))


def service_worker(pwa_dir: Path, built: Mapping[str, bytes] | None = None) -> ServiceWorker:
    """The worker with its shell list and version filled in (read once, at start-up);
    ``built``: the shell's generated files, ``{path: bytes}`` (the phone's texts from the
    catalogues when None)."""
    template = (pwa_dir / "sw.js").read_text(encoding="utf-8")
    if not (_VERSION_LINE.search(template) and _SHELL_LINE.search(template)):
        raise ValueError(f"{pwa_dir / 'sw.js'}: no 'const VERSION = \"…\";' or 'const SHELL = [];'")
    built = phone_texts_files() if built is None else built
    shell = tuple(sorted({*shell_paths(pwa_dir), *built}))
    digest = hashlib.sha256(template.encode())
    for path in shell:
        file = pwa_dir / ("index.html" if path == "/" else path.lstrip("/"))
        data = built[path] if path in built else file.read_bytes()
        digest.update(b"\0" + path.encode() + b"\0" + data)
    version = f"tableapp-{digest.hexdigest()[:12]}"
    listed = "[\n" + "".join(f"  {json.dumps(path)},\n" for path in shell) + "]"
    source = _VERSION_LINE.sub(lambda _: f"const VERSION = {json.dumps(version)};", template)
    source = _SHELL_LINE.sub(lambda _: f"const SHELL = {listed};", source)
    return ServiceWorker(source, version, shell)


#: The phone app's files, the health probes and the docs' start script, as flaskr's tutorial
#: registers its views: the app's own values (its folder, worker, texts) in ``app.extensions``.
bp = Blueprint("web", __name__)


@dataclass(frozen=True)
class Shell:
    """What the blueprint serves for one app: the PWA's folder, its service worker and the
    phone's texts (built once at start-up)."""

    pwa_dir: Path
    worker: ServiceWorker
    texts: Mapping[str, bytes]


def init_app(app: Flask, pwa_dir: Path) -> None:
    texts = phone_texts_files()
    worker = service_worker(pwa_dir, texts)
    app.extensions["tableapp.service_worker"] = worker
    app.extensions["tableapp.shell"] = Shell(pwa_dir, worker, texts)
    app.url_map.converters["shell"] = ShellPath
    app.register_blueprint(bp)


def _shell() -> Shell:
    return current_app.extensions["tableapp.shell"]


@bp.route("/healthz")
def healthz():
    """Liveness: the process answers (load balancers, systemd, the bench's floor)."""
    return {"status": "ok"}


@bp.route("/readyz")
def readyz():
    """Readiness: a database connection is free now and the database answers, and Redis
    too when REDIS_URL is set. Never waits for a connection: while every one of this
    process's pool is in use it answers 503 at once ("busy"), so that a load balancer
    sends the next requests elsewhere instead of waiting out the pool's timeout."""
    from sqlalchemy import text

    from ..database.extensions import connection_free, db
    from ..live import notifier

    checks = {}
    # Under gevent nothing else runs between this look and the checkout below, so a free
    # connection is still free when taken; with threads another may take it first (the
    # probe then waits for the next one, as any request would).
    if not connection_free(db.engine):
        current_app.logger.warning("readyz: every database connection is in use")
        checks["database"] = "busy"
    else:
        try:
            db.session.execute(text("SELECT 1"))
            checks["database"] = "ok"
        except Exception as error:  # noqa: BLE001 - any failure means not ready
            current_app.logger.warning("readyz: database unreachable: %s", type(error).__name__)
            checks["database"] = "unreachable"
        finally:
            db.session.remove()
    if current_app.config.get("REDIS_URL"):
        ping = getattr(notifier.bus(), "ping", None)
        checks["redis"] = "ok" if ping is not None and ping() else "unreachable"
    ready = all(value == "ok" for value in checks.values())
    body = {"status": "ok" if ready else "unavailable", "checks": checks}
    if not ready:
        body.update(
            type="about:blank",
            title="Service unavailable",
            status=503,
            code="not_ready",
            detail="A service this server needs is unreachable or busy.",
        )
    response = current_app.json.response(body)
    response.status_code = 200 if ready else 503
    if not ready:
        response.mimetype = "application/problem+json"
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/")
@bp.route("/join/<code>")
@bp.route("/table/<code>")
def shell(code: str | None = None):
    """Every screen is the one-page app; it reads the path itself."""
    return send_from_directory(_shell().pwa_dir, "index.html", max_age=0)


@bp.route("/tableapp-ca.crt")
def certificate():
    """The self-signed certificate of ``serve --https``, for phones to trust once."""
    from cryptography import x509
    from cryptography.hazmat.primitives.serialization import Encoding

    path = Path(current_app.instance_path) / "tableapp-cert.pem"
    if not path.exists():
        abort(404)
    der = x509.load_pem_x509_certificate(path.read_bytes()).public_bytes(Encoding.DER)
    return Response(der, mimetype="application/x-x509-ca-cert")


@bp.route("/sw.js")
def sw():
    """The service worker, its shell list and version built from the files (no hand edit
    when a file changes or a game adds one); revalidated like every shell file."""
    worker = _shell().worker
    response = Response(worker.source, mimetype=mimetypes.guess_type("sw.js")[0])
    response.set_etag(worker.version)
    response.cache_control.no_cache = True
    response.cache_control.max_age = 0
    return response.make_conditional(request)


@bp.route("/texts/<lang>.json")
def phone_texts(lang: str):
    """The phone's own words in ``lang``, from the catalogues (built at start-up, so
    precached by the worker with the shell); revalidated by their hash."""
    body = _shell().texts.get(TEXTS_PATH.format(lang=lang))
    if body is None:
        abort(404)
    response = Response(body, mimetype="application/json")
    response.set_etag(hashlib.sha256(body).hexdigest()[:16])
    response.cache_control.no_cache = True
    response.cache_control.max_age = 0
    return response.make_conditional(request)


@bp.route("/<shell:name>")
def pwa_file(name: str):
    return send_from_directory(_shell().pwa_dir, name, max_age=0)


@bp.route("/api/docs/swagger-init.js")
def docs_init_js():
    """Starts Swagger UI on /api/docs (templates/swagger_ui.html has no inline script)."""
    return send_from_directory(TEMPLATES, "swagger-init.js", max_age=0)


@bp.after_app_request
def security_headers(response):
    """Every response of the app, the API's too: no sniffing, no referrer; a page's policy
    (the docs' own under /api/docs); the tables' answers never cached."""
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    if response.mimetype == "text/html":
        csp = DOCS_CSP if request.path.startswith("/api/docs") else APP_CSP
        response.headers.setdefault("Content-Security-Policy", csp)
        response.headers.setdefault("X-Frame-Options", "DENY")
    if request.path.startswith("/api/tables"):
        response.headers.setdefault("Cache-Control", "no-store")
    # CORS stays closed: no Access-Control-Allow-Origin is ever sent.
    return response
