"""A worker's cycle collector (tableapp/worker.py ``tune_gc``): what the app holds once it is
loaded leaves the collector's walks, and full collections come rarer. The figures it changes
(the actions' p99 at 1,000 streams) are the benchmark's (README, "Benchmarks"); here, that
both ways a worker starts set it up, once. Each check runs in its own interpreter: freezing the
test process's objects would outlive the test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_gevent_worker_tunes_the_collector_once_its_app_is_loaded():
    out = _run(
        "import gc\n"
        "from gunicorn.workers.ggevent import GeventWorker\n"
        "from tableapp.worker import GC_THRESHOLDS, ProblemGeventWorker, tune_gc\n"
        "GeventWorker.load_wsgi = lambda self: None  # the app itself is not needed here\n"
        "worker = ProblemGeventWorker.__new__(ProblemGeventWorker)\n"
        "assert gc.get_threshold() != GC_THRESHOLDS and gc.get_freeze_count() == 0\n"
        "worker.load_wsgi()\n"
        "frozen = gc.get_freeze_count()\n"
        "assert gc.get_threshold() == GC_THRESHOLDS and frozen > 1000, frozen\n"
        "tune_gc()  # asked again (gunicorn.conf.py's hook): nothing more is frozen\n"
        "assert gc.get_freeze_count() == frozen\n"
        "print('ok')\n"
    )
    assert out == "ok"


def test_gunicorn_conf_tunes_every_worker_class_after_its_app_is_loaded():
    out = _run(
        "import gc, runpy\n"
        "from tableapp.worker import GC_THRESHOLDS\n"
        "settings = runpy.run_path('deploy/gunicorn.conf.py')\n"
        "assert gc.get_threshold() != GC_THRESHOLDS  # the master is left as it is\n"
        "settings['post_worker_init'](None)\n"
        "assert gc.get_threshold() == GC_THRESHOLDS and gc.get_freeze_count() > 0\n"
        "print('ok')\n"
    )
    assert out == "ok"
