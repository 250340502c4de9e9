"""The load generator: a gevent-patched process on loopback playing N tables × M phones (see
:mod:`tools.bench` for the phases).
"""

from __future__ import annotations

import json
import secrets
import sys
import time

from tableapp.engine.playout import RandomChooser

from .deliveries import Deliveries, _ms, percentile
from .phones import Phones
from .servers import LOOPBACK, CpuMeter, raise_open_files_limit, rss_bytes

# =========================================================================== load generator

LOADGEN_BOOT = (
    "from gevent import monkey; monkey.patch_all()\n"
    "from tools.bench.loadgen import loadgen_main\n"
    "loadgen_main()\n"
)


def loadgen_main() -> None:
    """Entry point of the load-generator process (gevent already patched by LOADGEN_BOOT)."""
    raise_open_files_limit()
    config = json.loads(sys.stdin.readline())
    result = LoadGenerator(config).run()
    sys.stdout.write(json.dumps(result) + "\n")
    sys.stdout.flush()


class LoadGenerator(Phones, Deliveries):
    """Runs inside the gevent-patched process; see the module docstring for the phases."""

    def __init__(self, config: dict) -> None:
        import random
        from collections import Counter

        self.c = config
        self.servers: list[tuple[str, int]] = []
        for url in config["urls"]:
            rest = url.split("://", 1)[-1].rstrip("/")
            host, _, port = rest.rpartition(":")
            host = host.strip("[]") or "127.0.0.1"
            if host not in LOOPBACK:
                raise SystemExit(f"bench only talks to loopback servers, not {host}")
            self.servers.append((host, int(port)))
        self.rnd = random.Random(config.get("seed", 1))
        self.chooser = RandomChooser(self.rnd)
        self.errors: Counter = Counter()
        self.pools: list = []
        self.tables: list[dict] = []
        self.phones: list = []
        self.open_streams = 0
        self.min_open: int | None = None
        self.stopping = False
        # (code, seq) → {phone index: arrival time}
        self.arrivals: dict[tuple[str, int], dict[int, float]] = {}
        # (code, seq) → (posted at, phase)
        self.posted: dict[tuple[str, int], tuple[float, str]] = {}
        self.latencies: dict[str, list[float]] = {"paced": [], "saturated": []}
        # (code, seq) → {phone index: when that phone had its view as of seq or later}
        self.view_arrivals: dict[tuple[str, int], dict[int, float]] = {}
        self.view_gets = 0  # phones' GETs of their view (an entry without one, a gap)
        self.stream_bytes = 0
        self.response_bytes = 0
        self.heartbeats = 0
        self.events_received = 0
        self.sent: dict = {}  # greenlet → when its last request left
        self.in_flight = 0
        self.requests = 0

    # ------------------------------------------------------------------ logging

    def say(self, text: str) -> None:
        sys.stderr.write(f"[bench] {text}\n")
        sys.stderr.flush()

    # ------------------------------------------------------------------ HTTP

    def _connection(self, server: int):
        import http.client

        host, port = self.servers[server]
        return http.client.HTTPConnection(host, port, timeout=self.c["timeout"])

    def request(
        self,
        server: int,
        method: str,
        path: str,
        body: dict | None = None,
        token: str | None = None,
        key: str | None = None,
        prefer: str | None = None,
    ) -> tuple[int, bytes]:
        """One request on a pooled keep-alive connection; one retry on a dropped connection
        (safe: GETs, and POSTs that carry an Idempotency-Key). ``self.sent[greenlet]`` is when
        it left: latencies count the server, not a wait for a free client connection."""
        import http.client

        import gevent

        headers = {"Accept": "application/json"}
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if key:
            headers["Idempotency-Key"] = key
        if prefer:
            headers["Prefer"] = prefer
        pool = self.pools[server]
        connection = pool.get()
        try:
            for attempt in (1, 2):
                try:
                    if attempt == 1:
                        self.sent[gevent.getcurrent()] = time.perf_counter()
                    connection.request(method, path, body=payload, headers=headers)
                    response = connection.getresponse()
                    data = response.read()
                    self.requests += 1
                    self.response_bytes += len(data)
                    if response.getheader("Connection", "").lower() == "close":
                        connection.close()
                    return response.status, data
                except (OSError, http.client.HTTPException) as error:
                    connection.close()
                    connection = self._connection(server)
                    if attempt == 2 or (method == "POST" and not key):
                        self.errors[f"connection: {type(error).__name__}"] += 1
                        return 0, b""
            return 0, b""
        finally:
            pool.put(connection)

    # ------------------------------------------------------------------ setup

    def setup(self) -> None:
        from gevent.pool import Pool

        n, m = self.c["tables"], self.c["phones"]
        self.say(f"setting up {n} tables × {m} seats …")
        started = time.perf_counter()
        pool = Pool(min(32, self.c["pool"]))
        for i in range(n):
            pool.spawn(self._setup_table, i)
        pool.join()
        self.tables.sort(key=lambda t: t["index"])
        ready = [t for t in self.tables if t.get("ready")]
        self.say(f"{len(ready)} tables ready in {time.perf_counter() - started:.1f} s")
        self.tables = ready

    def _setup_table(self, index: int) -> None:
        s = index % len(self.servers)
        status, data = self.request(
            s,
            "POST",
            "/api/tables",
            {"game": self.c["game"], "variant": None, "options": {}},
            key=secrets.token_hex(8),
        )
        if status != 201:
            self.errors[f"setup: create {status}"] += 1
            return
        created = json.loads(data)
        table = {
            "index": index,
            "code": created["code"],
            "host": created["host_token"],
            "tokens": {},
            "seq": 0,
            "waiting": [],
            "views": {},
            "busy": False,
            "finished": False,
            "acted": 0,
        }
        for j in range(self.c["phones"]):
            status, data = self.request(
                (index + j) % len(self.servers),
                "POST",
                f"/api/tables/{table['code']}/seats",
                {"name": f"P{j + 1}"},
                key=secrets.token_hex(8),
            )
            if status != 201:
                self.errors[f"setup: join {status}"] += 1
                return
            joined = json.loads(data)
            table["tokens"][joined["seat"]["id"]] = joined["token"]
        status, data = self.request(
            s,
            "POST",
            f"/api/tables/{table['code']}/actions",
            {"type": "start", "params": {}},
            token=table["host"],
            key=secrets.token_hex(8),
        )
        if status != 201:
            self.errors[f"setup: start {status}"] += 1
            return
        view = json.loads(data)["view"]
        self._learn(table, 0, view)
        table["ready"] = True
        self.tables.append(table)

    def _learn(self, table: dict, seat: int, view: dict) -> None:
        table["seq"] = view["seq"]
        # The views other phones already hold as of the same action stay (a streamed view
        # may arrive before the mover's answer): the next player need not wait, then GET it.
        views = {s: v for s, v in table["views"].items() if v["seq"] == view["seq"]}
        views[seat] = view
        table["views"] = views
        table["waiting"] = list(view["prompt"]["waiting_for"])
        if view["status"] == "finished":
            table["finished"] = True

    # ------------------------------------------------------------------ actions

    def act(self, table: dict, phase: str, server: int) -> None:
        """One action of a table by whoever it waits for: long because it is the phone's whole step
        (wait for the view as a person would, GET it if it does not come, pick an action, post
        it, take the answer's view or patch), in order."""
        import gevent

        from tableapp.engine.playout import random_params

        table["busy"] = True
        self.in_flight += 1
        try:
            waiting = [s for s in table["waiting"] if s == 0 or s in table["tokens"]]
            if not waiting:
                self._refresh(table, server)
                return
            seat = self.rnd.choice(waiting)
            token = table["host"] if seat == 0 else table["tokens"][seat]
            view = table["views"].get(seat)
            # A player acts once their phone shows the move before (streamed or fetched):
            # wait for it a while, as a person would, before asking for the view itself.
            waited = time.perf_counter() + (1.0 if seat != 0 else 0.0)
            while (view is None or view["seq"] != table["seq"]) and time.perf_counter() < waited:
                gevent.sleep(0.002)
                view = table["views"].get(seat)
            if view is None or view["seq"] != table["seq"]:
                status, data = self.request(
                    server, "GET", f"/api/tables/{table['code']}", token=token
                )
                if status != 200:
                    self.errors[f"view {status}"] += 1
                    return
                view = json.loads(data)
                self._learn(table, seat, view)
            if not view["actions"]:
                return
            spec = self.rnd.choice(view["actions"])
            body = {
                "type": spec["type"],
                "params": random_params(spec, self.chooser),
                "expected": view["seq"],
            }
            status, data = self.request(
                server,
                "POST",
                f"/api/tables/{table['code']}/actions",
                body,
                token=token,
                key=secrets.token_hex(12),
                prefer="view-patch" if self.c.get("patches") else None,
            )
            answered = time.perf_counter()
            posted = self.sent.pop(gevent.getcurrent(), answered)
            if status == 201:
                result = json.loads(data)
                seq = result["action"]["seq"]
                self.posted[(table["code"], seq)] = (posted, phase)
                self.latencies[phase].append(answered - posted)
                table["acted"] += 1
                if "view_patch" in result:
                    new = self._patched(view, result["view_base"], result["view_patch"])
                    if new is not None:
                        self._learn(table, seat, new)
                else:
                    self._learn(table, seat, result["view"])
            else:
                self.errors[f"action {status}"] += 1
                table["views"] = {}
                self._refresh(table, server)
        finally:
            self.in_flight -= 1
            table["busy"] = False

    def _refresh(self, table: dict, server: int) -> None:
        status, data = self.request(
            server, "GET", f"/api/tables/{table['code']}", token=table["host"]
        )
        if status == 200:
            self._learn(table, 0, json.loads(data))

    def paced(self) -> dict:
        import gevent

        rate, duration = self.c["rate"], self.c["duration"]
        self.say(f"paced phase: {rate} actions/s for {duration} s …")
        interval = 1.0 / rate
        tables = self.tables
        cursor = 0
        before = len(self.latencies["paced"])
        started = time.perf_counter()
        next_at = started
        skipped = 0
        behind = 0
        count = 0
        cap = self.c["max_in_flight"]
        while time.perf_counter() - started < duration:
            if self.in_flight >= cap:
                behind += 1  # the server is not keeping up: offer no more than it answers
            for _ in range(len(tables) if self.in_flight < cap else 0):
                table = tables[cursor % len(tables)]
                cursor += 1
                if not table["busy"] and not table["finished"]:
                    table["busy"] = True
                    gevent.spawn(self.act, table, "paced", count % len(self.servers))
                    count += 1
                    break
            else:
                skipped += 1
            next_at += interval
            gevent.sleep(max(0.0, next_at - time.perf_counter()))
        while any(t["busy"] for t in tables):
            gevent.sleep(0.01)
        elapsed = time.perf_counter() - started
        done = len(self.latencies["paced"]) - before
        return {
            "target_rate": rate,
            "seconds": round(elapsed, 2),
            "actions": done,
            "actions_per_s": round(done / elapsed, 2),
            "skipped_busy": skipped,
            "skipped_server_behind": behind,
            "max_in_flight": cap,
        }

    def saturated(self) -> dict:
        import gevent

        concurrency, duration = self.c["concurrency"], self.c["saturate_seconds"]
        self.say(f"saturated phase: {concurrency} tables back to back for {duration} s …")
        before = len(self.latencies["saturated"])
        started = time.perf_counter()
        stop_at = started + duration

        def worker(k: int) -> None:
            mine = [t for i, t in enumerate(self.tables) if i % concurrency == k]
            i = 0
            while time.perf_counter() < stop_at and mine:
                table = mine[i % len(mine)]
                i += 1
                if table["finished"] or table["busy"]:
                    if all(t["finished"] for t in mine):
                        return
                    gevent.sleep(0)
                    continue
                self.act(table, "saturated", (k + i) % len(self.servers))

        gevent.joinall([gevent.spawn(worker, k) for k in range(concurrency)])
        elapsed = time.perf_counter() - started
        done = len(self.latencies["saturated"]) - before
        return {
            "concurrency": concurrency,
            "seconds": round(elapsed, 2),
            "actions": done,
            "actions_per_s": round(done / elapsed, 2),
        }

    def floor(self) -> dict:
        import gevent

        concurrency, duration = self.c["concurrency"], self.c["floor_seconds"]
        self.say(f"framework floor: GET /healthz, {concurrency} concurrent, {duration} s …")
        counts = [0]
        failures = [0]
        started = time.perf_counter()
        stop_at = started + duration

        def worker(k: int) -> None:
            i = 0
            while time.perf_counter() < stop_at:
                status, _ = self.request((k + i) % len(self.servers), "GET", "/healthz")
                i += 1
                if status == 200:
                    counts[0] += 1
                else:
                    failures[0] += 1

        gevent.joinall([gevent.spawn(worker, k) for k in range(concurrency)])
        elapsed = time.perf_counter() - started
        if failures[0]:
            self.errors["floor: /healthz failed"] += failures[0]
        return {
            "endpoint": "GET /healthz",
            "concurrency": concurrency,
            "seconds": round(elapsed, 2),
            "requests_per_s": round(counts[0] / elapsed, 1),
        }

    # ------------------------------------------------------------------ the run

    def run(self) -> dict:
        """The phases in order (set-up, streams opened, settle, paced, saturated, the floor), each
        with its figures: long because it is one step per phase."""
        import gevent
        from gevent.queue import LifoQueue

        for s in range(len(self.servers)):
            queue = LifoQueue()
            for _ in range(self.c["pool"]):
                queue.put(self._connection(s))
            self.pools.append(queue)
        pids = self.c.get("server_pids") or []
        result: dict = {"config": {k: v for k, v in self.c.items() if k != "server_pids"}}
        self.setup()
        if not self.tables:
            result["errors"] = dict(self.errors)
            return result
        gevent.sleep(min(1.0, self.c["settle"]))
        rss_before = rss_bytes(pids)
        self.open_streams_all()
        meter = CpuMeter(pids, self.c.get("service_pids"))
        gevent.sleep(self.c["settle"])
        idle_cpu = meter.read()
        rss_after = rss_bytes(pids)
        target = len(self.tables) * self.c["phones"]
        memory = None
        if pids and self.open_streams:
            per_stream = (rss_after - rss_before) / self.open_streams
            memory = {
                "rss_before_mib": round(rss_before / 2**20, 1),
                "rss_after_mib": round(rss_after / 2**20, 1),
                "per_stream_kib": round(per_stream / 1024, 1),
            }
        result["streams"] = {"target": target, "opened": self.open_streams, "idle_cpu": idle_cpu}
        result["memory"] = memory
        meter = CpuMeter(pids, self.c.get("service_pids"))
        counts = self._counts()
        paced = self.paced()
        paced["cpu"] = meter.read()
        paced["action_ms"] = {
            "p50": _ms(percentile(self.latencies["paced"], 0.5)),
            "p99": _ms(percentile(self.latencies["paced"], 0.99)),
        }
        paced["delivery_ms"] = self.delivery("paced", self.c["grace"])
        paced["view_delivery_ms"] = self.view_delivery("paced", self.c["grace"])
        self._wire(paced, counts)
        result["paced"] = paced
        if self.c["saturate_seconds"] > 0:
            meter = CpuMeter(pids, self.c.get("service_pids"))
            counts = self._counts()
            saturated = self.saturated()
            saturated["cpu"] = meter.read()
            saturated["action_ms"] = {
                "p50": _ms(percentile(self.latencies["saturated"], 0.5)),
                "p99": _ms(percentile(self.latencies["saturated"], 0.99)),
            }
            saturated["delivery_ms"] = self.delivery("saturated", self.c["grace"])
            saturated["view_delivery_ms"] = self.view_delivery("saturated", self.c["grace"])
            self._wire(saturated, counts)
            result["saturated"] = saturated
        if self.c["floor_seconds"] > 0:
            meter = CpuMeter(pids, self.c.get("service_pids"))
            result["floor"] = self.floor()
            result["floor"]["cpu"] = meter.read()
        result["streams"]["held_at_end"] = self.open_streams
        result["streams"]["min_during_run"] = self.min_open
        result["streams"]["heartbeats"] = self.heartbeats
        result["streams"]["events_received"] = self.events_received
        self.stopping = True
        gevent.killall([p["greenlet"] for p in self.phones], timeout=10)
        best = result.get("saturated", result["paced"])["actions_per_s"]
        if result.get("floor"):
            result["ratio_actions_to_floor"] = round(best / result["floor"]["requests_per_s"], 3)
        result["finished_tables"] = sum(1 for t in self.tables if t["finished"])
        result["requests"] = self.requests
        result["errors"] = dict(self.errors)
        return result
