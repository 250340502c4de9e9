"""A phone, as seen by the hosted tests: JSON calls, an event stream, random legal play."""

from __future__ import annotations

import http.client
import json
import random
import socket
import threading
import time
import uuid
from urllib.parse import urlsplit

import requests

from tableapp.engine.playout import RandomChooser, random_params


def bearer(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


class Client:
    """JSON calls against one server."""

    def __init__(self, base: str, timeout: float = 15.0) -> None:
        self.base = base.rstrip("/")
        self.timeout = timeout

    def call(self, method: str, path: str, body=None, token=None, key=None) -> requests.Response:
        headers = bearer(token)
        if key:
            headers["Idempotency-Key"] = key
        return requests.request(
            method, self.base + path, json=body, headers=headers, timeout=self.timeout
        )

    def create(self, game: str = "zombie-life") -> dict:
        response = self.call("POST", "/api/tables", {"game": game, "variant": None, "options": {}})
        assert response.status_code == 201, response.text
        return response.json()

    def join(self, code: str, name: str) -> dict:
        response = self.call("POST", f"/api/tables/{code}/seats", {"name": name})
        assert response.status_code == 201, response.text
        return response.json()

    def act(self, code: str, token: str, body: dict, key: str | None = None) -> requests.Response:
        return self.call("POST", f"/api/tables/{code}/actions", body, token=token, key=key)

    def view(self, code: str, token: str | None = None) -> dict:
        response = self.call("GET", f"/api/tables/{code}", token=token)
        assert response.status_code == 200, response.text
        return response.json()

    def log(self, code: str, token: str | None = None) -> list[dict]:
        response = self.call("GET", f"/api/tables/{code}/log", token=token)
        assert response.status_code == 200, response.text
        return response.json()["entries"]


class Table:
    """A started Zombie Life table: the host token and one token per seat number."""

    def __init__(self, client: Client, players: int = 3, rnd: random.Random | None = None):
        self.client = client
        created = client.create()
        self.code = created["code"]
        self.host = created["host_token"]
        self.tokens: dict[int, str] = {0: self.host}
        for i in range(players):
            joined = client.join(self.code, f"P{i + 1}")
            self.tokens[joined["seat"]["id"]] = joined["token"]
        response = client.act(self.code, self.host, {"type": "start", "params": {}})
        assert response.status_code == 201, response.text
        self.view = response.json()["view"]
        self.rnd = rnd or random.Random(self.code)
        self.chooser = RandomChooser(self.rnd)

    def turn(self, client: Client | None = None) -> tuple[int, dict] | None:
        """(seat, its view) of someone who may act now (host included); None when over."""
        client = client or self.client
        for _ in range(3):
            table_view = client.view(self.code, self.host)
            if table_view["status"] != "playing":
                return None
            for seat in table_view["prompt"]["waiting_for"]:
                if seat in self.tokens:
                    view = client.view(self.code, self.tokens[seat])
                    if view["actions"]:
                        return seat, view
        raise AssertionError(f"nobody can act at {self.code}: {table_view['prompt']}")

    def random_body(self, view: dict, *, expected: bool = True) -> dict:
        spec = self.rnd.choice(view["actions"])
        body = {"type": spec["type"], "params": random_params(spec, self.chooser)}
        if expected:
            body["expected"] = view["seq"]
        return body

    def play(self, client: Client | None = None) -> tuple[int, dict, requests.Response] | None:
        """One random legal action by whoever may act; (seat, body, response)."""
        client = client or self.client
        turn = self.turn(client)
        if turn is None:
            return None
        seat, view = turn
        body = self.random_body(view)
        response = client.act(self.code, self.tokens[seat], body, key=str(uuid.uuid4()))
        return seat, body, response


class Stream:
    """One phone's event stream, read in a thread: ``events`` holds (seq, entry, arrived)."""

    def __init__(
        self,
        base: str,
        code: str,
        token: str | None = None,
        after: int | None = None,
        last_event_id: int | None = None,
    ) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname, parts.port
        path = f"/api/tables/{code}/events"
        if after is not None:
            path += f"?after={after}"
        headers = bearer(token) | {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        self.events: list[tuple[int, dict, float]] = []
        self.named: list[tuple[str, dict]] = []  # events other than actions (``revoked``)
        self.raw: list[bytes] = []  # every line received
        self.comments = 0
        self.status: int | None = None
        self.error: BaseException | None = None
        self._connected = threading.Event()
        self._changed = threading.Condition()
        self._closing = False
        self._connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        self._thread = threading.Thread(target=self._run, args=(path, headers), daemon=True)
        self._thread.start()
        if not self._connected.wait(15):
            raise AssertionError(f"stream {path} did not open")
        if self.status != 200:
            raise AssertionError(f"stream {path} answered {self.status}: {self.error}")

    def _run(self, path: str, headers: dict) -> None:
        try:
            self._connection.request("GET", path, headers=headers)
            response = self._connection.getresponse()
            self.status = response.status
            self._connected.set()
            if response.status != 200:
                response.read()
                return
            block: list[bytes] = []
            while True:
                line = response.readline()
                if not line:
                    break
                line = line.rstrip(b"\r\n")
                self.raw.append(line)
                if line:
                    block.append(line)
                    continue
                self._block(block)
                block = []
        except (OSError, http.client.HTTPException, ValueError) as error:
            if not self._closing:
                self.error = error
        finally:
            self._connected.set()
            with self._changed:
                self._changed.notify_all()

    def _block(self, lines: list[bytes]) -> None:
        seq = data = None
        kind = "message"
        for line in lines:
            if line.startswith(b":"):
                self.comments += 1
            elif line.startswith(b"id:"):
                seq = int(line[3:].strip())
            elif line.startswith(b"event:"):
                kind = line[6:].strip().decode()
            elif line.startswith(b"data:"):
                data = json.loads(line[5:].strip())
        if seq is None:
            if data is not None:
                with self._changed:
                    self.named.append((kind, data))
                    self._changed.notify_all()
            return
        with self._changed:
            self.events.append((seq, data, time.monotonic()))
            self._changed.notify_all()

    @property
    def seqs(self) -> list[int]:
        return [seq for seq, _, _ in self.events]

    def wait_for(self, seq: int, timeout: float) -> bool:
        """Wait until the event ``seq`` (or a later one) arrived."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not (self.events and self.events[-1][0] >= seq):
                left = deadline - time.monotonic()
                if left <= 0 or not self._thread.is_alive():
                    return False
                self._changed.wait(min(left, 0.5))
            return True

    def ended(self, timeout: float) -> bool:
        """Wait until the server ended the stream."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def close(self) -> None:
        self._closing = True
        sock = self._connection.sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self._thread.join(10)
        self._connection.close()
