"""The issue's figures in one run: ``python -m tests.perf.run_bench [--quick] [--out FILE]``.

Runs ``tableapp bench`` (200 tables × 5 phones = 1,000 streams, 50 actions/s paced, then
saturated, then the framework floor) against, one after the other:

1. one gunicorn server (one gevent worker) on SQLite, the embedded default's storage;
2. one server on PostgreSQL + Redis;
3. two servers on PostgreSQL + Redis (the phones of a table spread over both servers, its
   actions alternating between them);

PostgreSQL and Redis are throwaway services on loopback (tests/hosted/services.py), started
and stopped here. Prints the figures side by side and writes them as JSON. Benchmarks are
figures, not pass/fail: nothing here asserts a number. Other processes competing for the same
cores skew every figure; each run reports how much CPU they took.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.hosted import services

ROOT = Path(__file__).resolve().parents[2]


def run_bench(label: str, args: list[str], out_dir: Path, logs: Path) -> dict:
    target = out_dir / f"{label}.json"
    log = logs / f"{label}.server.log"
    command = [
        sys.executable,
        "-m",
        "tableapp.cli",
        "bench",
        "--json",
        str(target),
        "--server-log",
        str(log),
        *args,
    ]
    print(f"\n== {label}: {' '.join(command[3:])}", flush=True)
    result = subprocess.run(command, cwd=str(ROOT), timeout=1800)
    if result.returncode != 0 or not target.exists():
        return {"error": f"bench exited with {result.returncode}"}
    return json.loads(target.read_text())


def _get(result: dict, *path, default="n/a"):
    for key in path:
        if not isinstance(result, dict) or result.get(key) is None:
            return default
        result = result[key]
    return result


ROWS = [
    ("open streams held", ("streams", "held_at_end")),
    ("memory per open stream (KiB)", ("memory", "per_stream_kib")),
    ("idle: server CPU % (one core = 100)", ("streams", "idle_cpu", "server_cpu_percent")),
    ("paced: actions/s (target)", ("paced", "actions_per_s")),
    ("paced: action p50 ms", ("paced", "action_ms", "p50")),
    ("paced: action p99 ms", ("paced", "action_ms", "p99")),
    ("paced: delivery p50 ms", ("paced", "delivery_ms", "p50_ms")),
    ("paced: delivery p99 ms", ("paced", "delivery_ms", "p99_ms")),
    ("paced: undelivered", ("paced", "delivery_ms", "undelivered")),
    ("paced: view delivery p50 ms", ("paced", "view_delivery_ms", "p50_ms")),
    ("paced: view delivery p99 ms", ("paced", "view_delivery_ms", "p99_ms")),
    ("paced: requests per move", ("paced", "requests_per_move")),
    ("paced: phones' view GETs per move", ("paced", "view_gets_per_move")),
    ("paced: bytes streamed per move", ("paced", "stream_bytes_per_move")),
    ("paced: bytes in answers per move", ("paced", "response_bytes_per_move")),
    ("paced: server CPU ms per move", ("paced", "server_cpu_ms_per_move")),
    ("saturated: actions/s", ("saturated", "actions_per_s")),
    ("saturated: action p50 ms", ("saturated", "action_ms", "p50")),
    ("saturated: action p99 ms", ("saturated", "action_ms", "p99")),
    ("saturated: delivery p99 ms", ("saturated", "delivery_ms", "p99_ms")),
    ("saturated: view delivery p99 ms", ("saturated", "view_delivery_ms", "p99_ms")),
    ("saturated: requests per move", ("saturated", "requests_per_move")),
    ("saturated: server CPU ms per move", ("saturated", "server_cpu_ms_per_move")),
    ("floor: GET /healthz requests/s", ("floor", "requests_per_s")),
    ("actions/s ÷ floor", ("ratio_actions_to_floor",)),
    ("idle: PostgreSQL/Redis CPU %", ("streams", "idle_cpu", "services_cpu_percent")),
    ("paced: server CPU %", ("paced", "cpu", "server_cpu_percent")),
    ("paced: PostgreSQL/Redis CPU %", ("paced", "cpu", "services_cpu_percent")),
    ("paced: other processes' CPU %", ("paced", "cpu", "other_cpu_percent")),
    ("saturated: server CPU %", ("saturated", "cpu", "server_cpu_percent")),
    ("saturated: PostgreSQL/Redis CPU %", ("saturated", "cpu", "services_cpu_percent")),
    ("saturated: other processes' CPU %", ("saturated", "cpu", "other_cpu_percent")),
]


def table(results: dict[str, dict]) -> str:
    labels = list(results)
    width = max(len(r[0]) for r in ROWS) + 2
    lines = ["".ljust(width) + "".join(label.rjust(22) for label in labels)]
    for name, path in ROWS:
        cells = []
        for label in labels:
            value = _get(results[label], *path)
            if path == ("paced", "actions_per_s") and value != "n/a":
                value = f"{value} ({_get(results[label], 'paced', 'target_rate')})"
            cells.append(str(value).rjust(22))
        lines.append(name.ljust(width) + "".join(cells))
    errors = {label: _get(results[label], "errors", default={}) for label in labels}
    lines.append("errors: " + "; ".join(f"{k}: {v or 'none'}" for k, v in errors.items()))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="20 tables × 5 phones, short phases")
    parser.add_argument("--out", default=str(ROOT / ".benchmarks" / "hosted.json"))
    parser.add_argument("--only", default=None, help="comma-separated labels to run")
    parser.add_argument("extra", nargs="*", help="more `tableapp bench` options (after --)")
    options = parser.parse_args()
    common = [
        "--tables",
        "200",
        "--phones",
        "5",
        "--rate",
        "50",
        "--duration",
        "30",
        "--saturate-seconds",
        "15",
        "--floor-seconds",
        "8",
        "--concurrency",
        "16",
    ]
    if options.quick:
        common = [
            "--tables",
            "20",
            "--phones",
            "5",
            "--rate",
            "10",
            "--duration",
            "5",
            "--saturate-seconds",
            "3",
            "--floor-seconds",
            "2",
            "--concurrency",
            "8",
        ]
    common += options.extra
    only = set(options.only.split(",")) if options.only else None
    results: dict[str, dict] = {}
    out = Path(options.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    logs = out.parent
    with tempfile.TemporaryDirectory(prefix="tableapp-perf-") as folder:
        out_dir = Path(folder)
        if not only or "sqlite-1" in only:
            results["sqlite-1"] = run_bench("sqlite-1", common, out_dir, logs)
        if only and not only & {"pg+redis-1", "pg+redis-2"}:
            return _finish(results, options.out)
        postgres = services.Postgres(fsync=True).start()
        redis = services.Redis().start()
        try:
            hosted = [
                "--database-url",
                postgres.url,
                "--redis-url",
                redis.url,
                "--service-pid",
                str(postgres.pid),
                "--service-pid",
                str(redis.proc.pid),
            ]
            if not only or "pg+redis-1" in only:
                results["pg+redis-1"] = run_bench("pg+redis-1", common + hosted, out_dir, logs)
            if not only or "pg+redis-2" in only:
                results["pg+redis-2"] = run_bench(
                    "pg+redis-2", common + hosted + ["--servers", "2"], out_dir, logs
                )
        finally:
            redis.stop()
            postgres.stop()
    _finish(results, options.out)


def _finish(results: dict, out: str) -> None:
    print("\n" + table(results))
    Path(out).write_text(json.dumps(results, indent=2))
    print(f"\nfigures written to {out}")


if __name__ == "__main__":
    main()
