"""A worker's cycle collector (tableapp/server/worker.py ``tune_gc``): what the app holds once it is
built leaves the collector's walks, collections by count come rarer, and a full one comes on a
clock. The figures it changes (the actions' p99 at 1,000 streams) are the benchmark's (README,
"Benchmarks"); here, that both ways a worker starts set it up, once, after the app is built,
and that garbage cycles are still freed. Each check runs in its own interpreter: freezing the
test process's objects would outlive the test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: A cycle, and a weak reference that tells its death (``cycle()`` returns both).
CYCLE = (
    "import gc, time, weakref\n"
    "class Node: pass\n"
    "def cycle():\n"
    "    a, b = Node(), Node()\n"
    "    a.other, b.other = b, a\n"
    "    return a, weakref.ref(a)\n"
)


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", CYCLE + code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_gevent_worker_tunes_the_collector_once_its_app_is_built():
    out = _run(
        "import threading\n"
        "from gunicorn.workers.ggevent import GeventWorker\n"
        "from tableapp.server.worker import GC_THRESHOLDS, ProblemGeventWorker, tune_gc\n"
        "seen = []\n"
        "def build(self):  # stands in for gunicorn's: the app is built here\n"
        "    seen.append((gc.get_threshold(), gc.get_freeze_count()))\n"
        "GeventWorker.load_wsgi = build\n"
        "worker = ProblemGeventWorker.__new__(ProblemGeventWorker)\n"
        "default = gc.get_threshold()\n"
        "held, garbage = cycle()\n"
        "del held  # left before the app is built: collected, not frozen\n"
        "worker.load_wsgi()\n"
        "assert seen == [(default, 0)], seen  # tuned after the app was built, not before\n"
        "frozen = gc.get_freeze_count()\n"
        "assert gc.get_threshold() == GC_THRESHOLDS and frozen > 1000, frozen\n"
        "assert garbage() is None, 'a garbage cycle was frozen for the life of the worker'\n"
        "tune_gc()  # asked again (gunicorn.conf.py's hook): nothing more happens\n"
        "assert gc.get_freeze_count() == frozen\n"
        "assert [t.name for t in threading.enumerate()].count('tableapp-gc') == 1\n"
        "print('ok')\n"
    )
    assert out == "ok"


def test_a_full_collection_still_comes_on_the_clock():
    """The thresholds alone would leave a cycle that reached the oldest generation for a very
    long time: the clock frees it."""
    out = _run(
        "from tableapp.server.worker import tune_gc\n"
        "tune_gc(every=0.05)\n"
        "held, garbage = cycle()\n"
        "gc.collect(1)  # alive, it moves to the oldest generation, as a stream's objects do\n"
        "del held  # the stream closes: garbage there\n"
        "time.sleep(0.2)\n"
        "assert gc.get_threshold()[0] > 1000  # no collection by count comes meanwhile\n"
        "for _ in range(500):\n"
        "    if garbage() is None:\n"
        "        break\n"
        "    time.sleep(0.01)\n"
        "assert garbage() is None, 'no full collection came'\n"
        "print('ok')\n"
    )
    assert out == "ok"


def test_gunicorn_conf_tunes_every_worker_class_after_its_app_is_built():
    out = _run(
        "import runpy\n"
        "from tableapp.server.worker import GC_THRESHOLDS\n"
        "settings = runpy.run_path('deploy/gunicorn.conf.py')\n"
        "assert gc.get_threshold() != GC_THRESHOLDS  # the master is left as it is\n"
        "settings['post_worker_init'](None)\n"
        "assert gc.get_threshold() == GC_THRESHOLDS and gc.get_freeze_count() > 0\n"
        "print('ok')\n"
    )
    assert out == "ok"
