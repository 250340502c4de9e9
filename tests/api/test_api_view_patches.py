"""Views as patches (issue 27): a phone that says ``Prefer: view-patch`` gets each view after
its stream's first as JSON Patch operations against the view that stream sent before, and its
action's answer as a patch against the view its ``expected`` names. In every game, every seat,
the table screen and the host end up with exactly the view a whole-view stream sends, and a
patch never holds a part of another bearer's view. A client that takes gzip gets the stream
compressed, each entry flushed as it is sent."""

from __future__ import annotations

import copy
import gzip
import hashlib
import json
import zlib

import jsonpatch
import pytest

from tableapp import catalog
from tableapp import tables as tables_pkg
from tableapp.api.events import TableStream, accepts_gzip, gzipped
from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng
from tests.api.test_every_game_log import _mover, _players, bearer

GAMES = sorted(game.id for game in catalog.games())
PREFER = {"Prefer": "view-patch"}


def opened(app, code, token, after, prefer=True):
    headers = {**(bearer(token) if token else {}), **(PREFER if prefer else {})}
    with app.test_request_context(f"/api/tables/{code}/events", headers=headers):
        return TableStream.open(code, after)


class Phone:
    """A bearer's stream with patches, and the view it holds from them."""

    def __init__(self, app, code, token, after):
        self.app, self.code, self.token = app, code, token
        self.stream = opened(app, code, token, after)
        self.after, self.view, self.patched = after, None, 0

    def read(self, seq):
        entries = self.stream.read(self.after, seq)
        for entry in entries:
            if "view_patch" in entry:
                assert entry["view_base"] == self.view["seq"]
                self.view = jsonpatch.apply_patch(copy.deepcopy(self.view), entry["view_patch"])
                self.patched += 1
                assert self.view["seq"] == entry["seq"]
            elif "view" in entry:
                self.view = entry["view"]
        self.after = entries[-1]["seq"] if entries else self.after
        return entries

    def whole(self):
        """The view a stream without patches sends for the same entry."""
        plain = opened(self.app, self.code, self.token, self.after - 1, prefer=False)
        return plain.read(self.after - 1, self.after)[-1]["view"]


@pytest.mark.parametrize("game_id", GAMES)
def test_patched_views_are_the_whole_views_for_every_bearer(app, client, tables, game_id):
    created, tokens = tables.started(_players(game_id), game=game_id)
    code = created["code"]
    seq = tables.view(code)["seq"]
    bearers = [*tokens, None, created["host_token"]]
    phones = [Phone(app, code, token, seq - 1) for token in bearers]
    for phone in phones:
        phone.read(seq)
    rng = Rng(hashlib.sha256(f"view patches/{game_id}".encode()).digest(), 0)
    for _ in range(30):
        if tables.view(code)["status"] == "finished":
            break
        token, spec, view = _mover(tables, code, tokens, rng)
        response = tables.act(code, token, spec["type"], random_params(spec, rng), view["seq"])
        assert response.status_code == 201, response.get_json()
        seq = response.get_json()["action"]["seq"]
        for phone in phones:
            entries = phone.read(seq)
            assert phone.view["seq"] == seq
            mine = json.dumps(phone.view)
            for entry in entries:  # a patch holds only what the bearer's own view holds
                for op in entry.get("view_patch", ()):
                    if "value" in op:
                        assert json.dumps(op["value"]) in mine
            assert phone.view == phone.whole()
    assert all(phone.patched >= 10 for phone in phones)


def test_the_first_view_of_a_stream_is_whole_and_the_header_says_patches_apply(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 0.2
    created, tokens = tables.started(3)
    code = created["code"]
    seq = tables.view(code)["seq"]
    response = client.get(
        f"/api/tables/{code}/events", headers={**bearer(tokens[0]), **PREFER, "Last-Event-ID": "0"}
    )
    try:
        assert response.headers["Preference-Applied"] == "view-patch"
        assert "Prefer" in response.headers["Vary"]
        text = response.get_data(as_text=True)
    finally:
        response.close()
    last = json.loads(text.strip().split("\n")[-1].removeprefix("data: "))
    assert last["seq"] == seq and last["view"]["seq"] == seq and "view_patch" not in last
    plain = client.get(f"/api/tables/{code}/events", headers={**bearer(tokens[0])})
    assert "Preference-Applied" not in plain.headers
    plain.close()


def _turn(tables, code, tokens):
    from tests.api.test_api_tables import _turn

    return _turn(tables, code, tokens)


def test_an_answer_is_a_patch_against_the_view_the_phone_held(app, client, tables):
    created, tokens = tables.started(3)
    code = created["code"]
    token, view = _turn(tables, code, tokens)
    phone = Phone(app, code, token, view["seq"] - 1)
    phone.read(view["seq"])  # the phone's stream rendered the view as of ``expected``
    body = {"type": "draw", "params": {}, "expected": view["seq"]}
    response = client.post(
        f"/api/tables/{code}/actions", json=body, headers={**bearer(token), **PREFER}
    )
    assert response.status_code == 201 and response.headers["Preference-Applied"] == "view-patch"
    answer = response.get_json()
    assert "view" not in answer and answer["view_base"] == view["seq"]
    patched = jsonpatch.apply_patch(copy.deepcopy(phone.view), answer["view_patch"])
    assert patched["seq"] == answer["action"]["seq"]
    phone.read(answer["action"]["seq"])  # the stream's own view of the same entry
    assert patched == phone.view


def test_an_answer_whose_base_the_server_no_longer_holds_carries_the_whole_view(
    app, client, tables, key
):
    created, tokens = tables.started(3)
    code = created["code"]
    token, view = _turn(tables, code, tokens)
    tables_pkg.view_cache._held.clear()  # as after a restart, or on another app server
    k = key()
    body = {"type": "draw", "params": {}, "expected": view["seq"]}
    headers = {**bearer(token), **PREFER, "Idempotency-Key": k}
    first = client.post(f"/api/tables/{code}/actions", json=body, headers=headers)
    assert first.status_code == 201
    answer = first.get_json()
    assert answer["view"]["seq"] == answer["action"]["seq"] and "view_patch" not in answer
    again = client.post(f"/api/tables/{code}/actions", json=body, headers=headers)
    assert again.get_json() == answer  # a repeat gets the whole answer kept for its key


# --- compressed streams --------------------------------------------------------------------


def test_a_stream_comes_gzipped_to_a_client_that_takes_it_and_says_the_same(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 0.2
    created, tokens = tables.started(3)
    code = created["code"]
    rng = Rng(b"g" * 32, 0)
    for _ in range(4):
        token, spec, view = _mover(tables, code, tokens, rng)
        params = random_params(spec, rng)
        assert tables.act(code, token, spec["type"], params, view["seq"]).status_code == 201
    bodies = {}
    for encoding in ("gzip, deflate, br", "identity"):
        headers = {**bearer(tokens[0]), **PREFER, "Last-Event-ID": "0"}
        response = client.get(
            f"/api/tables/{code}/events", headers={**headers, "Accept-Encoding": encoding}
        )
        try:
            assert "Accept-Encoding" in response.headers["Vary"]
            bodies[encoding] = (response.headers.get("Content-Encoding"), response.get_data())
        finally:
            response.close()
    assert bodies["identity"][0] is None
    packed_as, packed = bodies["gzip, deflate, br"]
    assert packed_as == "gzip"
    assert gzip.decompress(packed) == bodies["identity"][1]
    assert len(packed) * 2 < len(bodies["identity"][1])


def test_each_chunk_of_a_gzipped_stream_inflates_whole_on_its_own_arrival():
    """Every event is flushed: a phone inflates it as it comes, not at the stream's end."""
    chunks = ["retry: 2000\n\n", 'id: 1\nevent: action\ndata: {"seq":1}\n\n', ": heartbeat\n\n"]
    closed = []

    def body():
        try:
            yield from chunks
            yield "never sent"
        finally:
            closed.append(True)

    unpacker = zlib.decompressobj(16 + zlib.MAX_WBITS)
    stream = gzipped(body())
    for chunk in chunks:
        assert unpacker.decompress(next(stream)).decode() == chunk
    stream.close()
    assert closed == [True]  # the stream's own generator is closed with it (its finally ran)


@pytest.mark.parametrize(
    ("header", "takes"),
    [
        ("gzip", True),
        ("gzip, deflate, br, zstd", True),
        ("deflate, GZIP;q=0.5", True),
        ("*", True),
        ("gzip;q=0", False),
        ("gzip;q=0.0", False),
        ("identity", False),
        ("", False),
        (None, False),
        ("gzip;q=x", False),
    ],
)
def test_accept_encoding_takes_gzip(header, takes):
    assert accepts_gzip(header) is takes
