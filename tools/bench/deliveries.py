"""What the load generator measures of a phase: how long every phone of a table took to
hold its view after each action, and the requests, GETs and bytes a move cost. Mixed into
:class:`~tools.bench.loadgen.LoadGenerator`, whose records it reads.
"""

from __future__ import annotations

import time


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (q in [0, 1]); None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 1))))
    return ordered[rank - 1]


def _ms(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 2)


class Deliveries:
    def delivery(self, phase: str, grace: float) -> dict:
        import gevent

        m = self.c["phones"]
        keys = [k for k, (_, p) in self.posted.items() if p == phase]
        deadline = time.perf_counter() + grace
        while time.perf_counter() < deadline:
            if all(len(self.arrivals.get(k, ())) >= m for k in keys):
                break
            gevent.sleep(0.05)
        latencies = []
        undelivered = 0
        for k in keys:
            arrived = self.arrivals.get(k, {})
            if len(arrived) < m:
                undelivered += 1
                continue
            latencies.append(max(arrived.values()) - self.posted[k][0])
        if undelivered:
            self.errors[f"{phase}: action not on every phone within {grace} s"] += undelivered
        return {
            "p50_ms": _ms(percentile(latencies, 0.5)),
            "p99_ms": _ms(percentile(latencies, 0.99)),
            "max_ms": _ms(max(latencies) if latencies else None),
            "delivered": len(latencies),
            "undelivered": undelivered,
        }

    def view_delivery(self, phase: str, grace: float) -> dict:
        """Post → every phone of the table holds its view as of that action (streamed, or
        fetched after the entry)."""
        import gevent

        m = self.c["phones"]
        keys = [k for k, (_, p) in self.posted.items() if p == phase]
        deadline = time.perf_counter() + grace
        while time.perf_counter() < deadline:
            if all(len(self.view_arrivals.get(k, ())) >= m for k in keys):
                break
            gevent.sleep(0.05)
        latencies = []
        undelivered = 0
        for k in keys:
            arrived = self.view_arrivals.get(k, {})
            if len(arrived) < m:
                undelivered += 1
                continue
            latencies.append(max(arrived.values()) - self.posted[k][0])
        if undelivered:
            self.errors[f"{phase}: view not on every phone within {grace} s"] += undelivered
        return {
            "p50_ms": _ms(percentile(latencies, 0.5)),
            "p99_ms": _ms(percentile(latencies, 0.99)),
            "delivered": len(latencies),
            "undelivered": undelivered,
        }

    def _wire(self, phase: dict, before: tuple[int, int, int, int]) -> None:
        """Requests, phones' GETs and bytes received per move over a phase (its deliveries
        included)."""
        moves = max(1, phase["actions"])
        requests, gets, streamed, answered = before
        phase["requests_per_move"] = round((self.requests - requests) / moves, 2)
        phase["view_gets_per_move"] = round((self.view_gets - gets) / moves, 2)
        phase["stream_bytes_per_move"] = round((self.stream_bytes - streamed) / moves)
        phase["response_bytes_per_move"] = round((self.response_bytes - answered) / moves)
        used = (phase.get("cpu") or {}).get("server_cpu_percent")
        if used is not None:
            phase["server_cpu_ms_per_move"] = round(used / 100 * phase["seconds"] * 1000 / moves, 2)

    def _counts(self) -> tuple[int, int, int, int]:
        return self.requests, self.view_gets, self.stream_bytes, self.response_bytes
