"""gunicorn settings for a hosted tableapp: ``gunicorn -c deploy/gunicorn.conf.py``.

Every open phone holds one Server-Sent Events stream for as long as the game lasts, so the
workers are gevent workers: one process per core, each holding up to ``worker_connections``
streams and requests as greenlets. Live events reach streams in other workers and on other
servers through Redis (``REDIS_URL``); without it only streams of the same process are woken at
once, the others within ``TABLEAPP_STREAM_POLL`` seconds.

Everything is read from the environment (defaults in brackets):

  TABLEAPP_BIND                 address to listen on [127.0.0.1:8000] (``PORT`` also works)
  WEB_CONCURRENCY               worker processes [number of cores]
  TABLEAPP_WORKER_CLASS         gevent | gthread | sync [gevent]
  TABLEAPP_WORKER_CONNECTIONS   greenlets (streams + requests) per gevent worker [1000]
  TABLEAPP_THREADS              threads per gthread worker [64]
  TABLEAPP_TIMEOUT              seconds a worker may be silent before it is restarted [60]
  TABLEAPP_FORWARDED_ALLOW_IPS  proxies whose X-Forwarded-* headers are trusted [127.0.0.1]
  TABLEAPP_ACCESS_LOG           access log file, "-" for stdout, "" for none [-]
  TABLEAPP_SOLE_PROCESS         1: this is the only process writing to the database, so
                                streams trust the in-process bus [1 for one worker on SQLite]

and the app's own settings (DATABASE_URL, REDIS_URL, TABLEAPP_SECRET_KEY, ...). Run the
migrations once before starting (``tableapp migrate``). This file is read by gunicorn's master
before any worker exists: it must not import tableapp, gevent or anything that opens sockets.
"""

import multiprocessing
import os


def _int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


wsgi_app = "tableapp:create_app()"

bind = [os.environ.get("TABLEAPP_BIND") or f"127.0.0.1:{os.environ.get('PORT', '8000')}"]
workers = _int("WEB_CONCURRENCY", multiprocessing.cpu_count())
worker_class = os.environ.get("TABLEAPP_WORKER_CLASS", "gevent")
# gevent: the app's own worker, which also answers gunicorn's refusals (a request line or
# headers too large) as problem+json (tableapp/server/worker.py; imported by the worker, not
# here).
if worker_class == "gevent":
    worker_class = "tableapp.server.worker.ProblemGeventWorker"
worker_connections = _int("TABLEAPP_WORKER_CONNECTIONS", 1000)
threads = _int("TABLEAPP_THREADS", 64) if worker_class == "gthread" else 1
# One worker on SQLite is the only process writing to its database: its in-process bus hears
# every commit, so idle streams need not poll the log (workers inherit this environment).
if workers == 1 and not os.environ.get("DATABASE_URL", "sqlite").startswith("postgres"):
    os.environ.setdefault("TABLEAPP_SOLE_PROCESS", "1")

# gevent workers answer the master's heartbeat from their own greenlet, so a stream open for
# hours never trips this; it only catches a worker stuck on the CPU.
timeout = _int("TABLEAPP_TIMEOUT", 60)
# On a graceful restart open streams are cut after this; phones reconnect with Last-Event-ID
# and lose nothing.
graceful_timeout = 20
keepalive = 5
# No preload: each worker builds the app after gevent has patched the standard library.
preload_app = False
# Heartbeat files on a RAM disk where there is one (containers often lack a tmpfs /tmp).
if os.path.isdir("/dev/shm"):
    worker_tmp_dir = "/dev/shm"


def post_worker_init(worker):
    """gthread and sync workers tune the cycle collector as the app's gevent worker does
    (tableapp/server/worker.py ``tune_gc``; imported here, in the worker, once the app is
    loaded)."""
    from tableapp.server.worker import tune_gc

    tune_gc()


forwarded_allow_ips = os.environ.get("TABLEAPP_FORWARDED_ALLOW_IPS", "127.0.0.1")
proxy_allow_ips = forwarded_allow_ips

# Structured (logfmt) access log. The path only, never the query string, and no request
# header: a bearer token never reaches a log line.
accesslog = os.environ.get("TABLEAPP_ACCESS_LOG", "-") or None
access_log_format = (
    'remote=%(h)s method=%(m)s path="%(U)s" status=%(s)s bytes=%(B)s ms=%(M)s agent="%(a)s"'
)
errorlog = "-"
loglevel = os.environ.get("TABLEAPP_LOG_LEVEL", "info")
