"""The load generator's phones: each holds its table's event stream open on a raw socket,
reads its entries as the phone app does (the view each carries, or its patch applied to the
view the stream sent before, gzip inflated as it comes) and GETs its view only on a gap.
Mixed into :class:`~tools.bench.loadgen.LoadGenerator`, whose counters and requests it uses.
"""

from __future__ import annotations

import json
import socket
import time
import zlib


class Phones:
    def open_streams_all(self) -> None:
        import gevent

        m = self.c["phones"]
        target = len(self.tables) * m
        self.say(f"opening {target} event streams …")
        started = time.perf_counter()
        for t in self.tables:
            for j, seat in enumerate(sorted(t["tokens"])):
                phone = {
                    "table": t,
                    "seat": seat,
                    "id": len(self.phones),
                    "server": (t["index"] + j) % len(self.servers),
                    "last": t["seq"],
                    "view_seq": t["seq"],  # a phone GETs its view on open: it has this one
                    "fetching": False,
                    "again": False,
                    "open": False,
                    "streamed": None,  # the view its stream sent last (patches apply to it)
                }
                phone["greenlet"] = gevent.spawn(self._phone, phone)
                self.phones.append(phone)
            if len(self.phones) % 100 == 0:
                gevent.sleep(0.02)  # a ramp, not a thundering herd
        deadline = time.perf_counter() + self.c["timeout"] * 3
        while self.open_streams < target and time.perf_counter() < deadline:
            gevent.sleep(0.05)
        self.say(
            f"{self.open_streams} of {target} streams open in {time.perf_counter() - started:.1f} s"
        )
        self.min_open = self.open_streams

    def _phone(self, phone: dict) -> None:
        table = phone["table"]
        host, port = self.servers[phone["server"]]
        sock = None
        opened = False
        try:
            sock = socket.create_connection((host, port), timeout=self.c["timeout"])
            sock.settimeout(None)  # heartbeats every 15 s keep it moving; no read timeout
            token = table["tokens"][phone["seat"]]
            prefer = "Prefer: view-patch\r\n" if self.c.get("patches") else ""
            # as a browser: the stream may come gzip-compressed (counted as it travels)
            encoding = "Accept-Encoding: gzip\r\n" if self.c.get("gzip", True) else ""
            sock.sendall(
                (
                    f"GET /api/tables/{table['code']}/events?after={phone['last']} HTTP/1.1\r\n"
                    f"Host: {host}:{port}\r\nAuthorization: Bearer {token}\r\n"
                    f"{prefer}"
                    f"{encoding}Accept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n"
                ).encode()
            )
            reader = sock.makefile("rb")
            status_line = reader.readline()
            parts = status_line.split()
            if len(parts) < 2 or parts[1] != b"200":
                self.errors[f"stream status {parts[1].decode() if len(parts) > 1 else '?'}"] += 1
                return
            chunked, unpacker = False, None
            while True:
                line = reader.readline()
                if not line or line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("latin-1").partition(":")
                if name.strip().lower() == "transfer-encoding" and "chunked" in value.lower():
                    chunked = True
                if name.strip().lower() == "content-encoding" and "gzip" in value.lower():
                    unpacker = zlib.decompressobj(16 + zlib.MAX_WBITS)
            opened = phone["open"] = True
            self.open_streams += 1
            buffer = b""
            for chunk in self._body(reader, chunked):
                self.stream_bytes += len(chunk)
                buffer += unpacker.decompress(chunk) if unpacker is not None else chunk
                while b"\n\n" in buffer:
                    block, buffer = buffer.split(b"\n\n", 1)
                    self._sse_block(phone, block)
            if not self.stopping:
                self.errors["stream closed by server"] += 1
        except Exception as error:  # noqa: BLE001 - counted, never fatal
            if not self.stopping and type(error).__name__ != "GreenletExit":
                self.errors[f"stream: {type(error).__name__}"] += 1
        finally:
            if opened:
                phone["open"] = False
                self.open_streams -= 1
                if not self.stopping and self.min_open is not None:
                    self.min_open = min(self.min_open, self.open_streams)
            if sock is not None:
                sock.close()

    @staticmethod
    def _body(reader, chunked: bool):
        if not chunked:
            while True:
                data = reader.read1(65536)
                if not data:
                    return
                yield data
        while True:
            size_line = reader.readline()
            if not size_line:
                return
            size = int(size_line.split(b";")[0].strip() or b"0", 16)
            if size == 0:
                return
            data = reader.read(size)
            reader.readline()  # the CRLF after the chunk
            yield data

    def _sse_block(self, phone: dict, block: bytes) -> None:
        now = time.perf_counter()
        event_id = None
        data = []
        for line in block.split(b"\n"):
            if line.startswith(b":"):
                if b"heartbeat" in line:
                    self.heartbeats += 1
            elif line.startswith(b"id:"):
                event_id = int(line[3:].strip())
            elif line.startswith(b"data:"):
                data.append(line[5:])
        if event_id is None:
            return
        self.events_received += 1
        if event_id != phone["last"] + 1:
            self.errors["stream gap or disorder"] += 1
        phone["last"] = max(phone["last"], event_id)
        self.arrivals.setdefault((phone["table"]["code"], event_id), {}).setdefault(
            phone["id"], now
        )
        # As the phone app does (pwa/js/session.js): take the view the entry carries (or
        # its patch makes of the view the stream sent before), wait for a later entry of the
        # same read that carries it, else GET the view.
        entry = json.loads(b"\n".join(data)) if data else {}
        view = entry.get("view")
        if "view_patch" in entry:
            view = self._patched(phone["streamed"], entry["view_base"], entry["view_patch"])
        if view is not None and view.get("seq") == event_id:
            phone["streamed"] = view
            self._view(phone, view, now)
        elif (entry.get("view_at") or 0) > event_id:
            pass
        elif event_id > phone["view_seq"]:
            self._fetch_view(phone)

    def _patched(self, base: dict | None, seq: int, ops: list) -> dict | None:
        """``base`` with a view patch applied (None: not the base it names, or it fails)."""
        import jsonpatch

        if base is None or base.get("seq") != seq:
            self.errors["view patch without its base"] += 1
            return None
        try:
            return jsonpatch.apply_patch(base, ops)  # a copy: ``base`` stays as it is
        except (jsonpatch.JsonPatchException, jsonpatch.JsonPointerException):
            self.errors["view patch that does not apply"] += 1
            return None

    def _view(self, phone: dict, view: dict, when: float) -> None:
        """The phone has its view as of ``view['seq']``; the table's actor may use it."""
        table = phone["table"]
        for seq in range(phone["view_seq"] + 1, view["seq"] + 1):
            self.view_arrivals.setdefault((table["code"], seq), {}).setdefault(phone["id"], when)
        phone["view_seq"] = max(phone["view_seq"], view["seq"])
        if view["seq"] > table["seq"]:
            self._learn(table, phone["seat"], view)
        elif view["seq"] == table["seq"]:
            table["views"][phone["seat"]] = view

    def _fetch_view(self, phone: dict) -> None:
        """GET the phone's view; asks during a fetch coalesce into one more (as the app)."""
        import gevent

        if phone["fetching"]:
            phone["again"] = True
            return
        phone["fetching"] = True

        def fetch() -> None:
            table = phone["table"]
            try:
                while True:
                    phone["again"] = False
                    self.view_gets += 1
                    status, data = self.request(
                        phone["server"],
                        "GET",
                        f"/api/tables/{table['code']}",
                        token=table["tokens"][phone["seat"]],
                    )
                    if status == 200:
                        self._view(phone, json.loads(data), time.perf_counter())
                    else:
                        self.errors[f"phone view {status}"] += 1
                    if not phone["again"] or self.stopping:
                        return
            finally:
                phone["fetching"] = False

        gevent.spawn(fetch)
