"""Verifiable without trusting the server: every phone mixes its own randomness into the seed,
and ``tableapp verify`` checks everything in the export — the seed, every contribution and the
effective seed, the seats, the log with its undos, the final state and the result.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import secrets

import pytest

from tableapp import catalog
from tableapp.engine.replay import NON_GAME
from tableapp.tables import lobby, play
from tableapp.verify import verify_export
from tests.api.test_api_tables import _turn, play_to_the_end


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def seated(client, tables, contributions):
    """A started Zombie Life table whose phones sent ``contributions`` (None: sent nothing)."""
    created = tables.create()
    code = created["code"]
    tokens = []
    for i, contribution in enumerate(contributions, start=1):
        body = {"name": f"P{i}"}
        if contribution is not None:
            body["contribution"] = contribution
        response = client.post(f"/api/tables/{code}/seats", json=body)
        assert response.status_code == 201, response.get_json()
        tokens.append(response.get_json()["token"])
    assert tables.act(code, created["host_token"], "start").status_code == 201
    return created, tokens


def expected_seed(seed_hex: str, contributions: list[dict]) -> str:
    """The effective seed as the README documents it, computed here independently."""
    message = (
        b"tableapp/contributions/1\n"
        + "".join(f"{c['seat']}:{c['contribution'] or ''}\n" for c in contributions).encode()
    )
    return hmac.new(bytes.fromhex(seed_hex), message, hashlib.sha256).hexdigest()


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr(lobby, "new_seed", lambda: bytes(range(32)))


def dealt(tables, code):
    return [[c["id"] for c in p["refuge"]] for p in tables.view(code)["game_view"]["players"]]


def test_contributions_are_optional_64_hex_digits(client, tables):
    code = tables.create()["code"]
    for bad in ["ab" * 31, "zz" * 32, "ab" * 33, 7]:
        response = client.post(f"/api/tables/{code}/seats", json={"name": "A", "contribution": bad})
        assert response.status_code == 422 and "contribution" in response.get_json()["errors"]
    assert client.post(f"/api/tables/{code}/seats", json={"name": "A"}).status_code == 201
    body = {"name": "B", "contribution": "AB" * 32}
    assert client.post(f"/api/tables/{code}/seats", json=body).status_code == 201


def test_the_game_plays_with_a_seed_every_contribution_changes(client, tables, fixed_seed):
    phones = [secrets.token_hex(32) for _ in range(3)]
    a, _ = seated(client, tables, phones)
    b, _ = seated(client, tables, phones)
    assert a["seed_commitment"] == b["seed_commitment"]  # the same server seed
    assert dealt(tables, a["code"]) == dealt(tables, b["code"])
    changed = [phones[0], phones[1], secrets.token_hex(32)]
    c, _ = seated(client, tables, changed)
    assert dealt(tables, c["code"]) != dealt(tables, a["code"])
    d, _ = seated(client, tables, [None, None, None])
    assert dealt(tables, d["code"]) != dealt(tables, a["code"])


def finished_export(client, tables, *, undos=True):
    """A whole game with contributions, an approved and a refused undo of a draw, a moved
    seat and a host undo in its log; its export and the contributions sent."""
    phones = [secrets.token_hex(32), None, secrets.token_hex(32).upper()]
    created, tokens = seated(client, tables, phones)
    code, host = created["code"], created["host_token"]
    if undos:
        for answer in ("approve_undo", "refuse_undo"):
            token, view = _turn(tables, code, tokens)
            assert tables.act(code, token, "draw").status_code == 201
            asked = client.post(f"/api/tables/{code}/undo", json={}, headers=bearer(token))
            assert asked.status_code == 202
            other = next(t for t in tokens if t != token)
            assert tables.act(code, other, answer).status_code == 201
        token, view = _turn(tables, code, tokens)
        seat = view["me"]["seat"]
        moved = client.post(f"/api/tables/{code}/seats/{seat}/token", headers=bearer(host))
        tokens[tokens.index(token)] = moved.get_json()["token"]
        token, view = _turn(tables, code, tokens)
        if any(a["type"] == "draw" for a in view["actions"]):
            assert tables.act(code, token, "draw").status_code == 201
            undo = client.post(f"/api/tables/{code}/undo", json={}, headers=bearer(host))
            assert undo.status_code == 201
    final = play_to_the_end(tables, code, tokens)
    export = client.get(f"/api/tables/{code}/export").get_json()
    sent = [{"seat": i, "contribution": c and c.lower()} for i, c in enumerate(phones, start=1)]
    return final, export, sent


def test_the_export_lists_the_contributions_and_verify_recomputes_the_seed(client, tables):
    final, export, sent = finished_export(client, tables)
    assert export["contributions"] == sent
    assert final["contributions"] == sent  # each phone's end screen compares its own
    assert export["effective_seed"] == expected_seed(export["seed"], sent)
    kinds = {a["type"] for a in export["actions"]}
    assert {"undo_request", "approve_undo", "refuse_undo", "reissue", "undo"} <= kinds
    assert verify_export(export) is None


_FINISHED: list[dict] = []


def _tamper(export, how):
    out = copy.deepcopy(export)
    joins = [a for a in out["actions"] if a["type"] == "join"]
    start = next(a for a in out["actions"] if a["type"] == "start")
    if how == "contribution listed":
        out["contributions"][0]["contribution"] = "00" * 32
    elif how == "contribution joined":
        joins[0]["payload"]["contribution"] = "00" * 32
    elif how == "contribution everywhere":
        # consistent everywhere, as a server choosing its shuffle would have to make it
        for item in (
            out["contributions"][0],
            joins[0]["payload"],
            start["payload"]["contributions"][0],
        ):
            item["contribution"] = "00" * 32
        out["effective_seed"] = None
    elif how == "contribution dropped":
        # seat 3's phone sent one; the server leaves it out (and out of the seed)
        start["payload"]["contributions"][2]["contribution"] = None
        out["contributions"][2]["contribution"] = None
        out["effective_seed"] = None
    elif how == "effective seed":
        out["effective_seed"] = "11" * 32
    elif how == "seed":
        out["seed"] = "22" * 32
    elif how == "event":
        victim = next(a for a in out["actions"] if a["type"] == "draw" and a["private"])
        victim["private"] = {k: [{"text": "a different card"}] for k in victim["private"]}
    elif how == "winners":
        others = [
            s["seat"]
            for s in out["result"]["standings"]
            if s["seat"] not in out["result"]["winners"]
        ]
        out["result"]["winners"] = others[:1]
    elif how == "score":
        out["result"]["standings"][-1]["score"] += 1
    elif how == "seat name":
        out["seats"][1]["name"] = "Mallory"
    elif how == "seat dropped":
        out["seats"].pop()
    elif how == "undo hides the card":
        undo = next(
            a
            for a in out["actions"]
            if a["type"] == "undo" and a["public"][0].get("msg") == "undo.revealed"
        )
        undo["public"][0]["seen"] = []
    elif how == "reveal flag":
        victim = next(a for a in out["actions"] if a["type"] == "draw")
        victim["reveals"] = False
    else:
        _tamper_shell(out, how)
    return out


def unchained(export):
    """The export without its hash chain (each entry's head, the log head): what a forger who
    cannot make the chain link sends, so that the checks behind the chain's are the ones tried.
    """
    export.pop("log_head", None)
    for entry in export["actions"]:
        entry.pop("head", None)
    return export


def _first(export, kind):
    return next(a for a in export["actions"] if a["type"] == kind)


def _renumbered(export, dropped):
    """The log without the entries ``dropped``, numbered again without gaps (the numbers
    entries name — an undo's target, a request — follow)."""

    def shift(number):
        return number - sum(1 for d in dropped if d < number)

    def walk(value):
        if isinstance(value, dict):
            return {
                key: shift(item)
                if key in ("number", "target", "request") and isinstance(item, int)
                else walk(item)
                for key, item in value.items()
            }
        if isinstance(value, list):
            return [walk(item) for item in value]
        return value

    export["actions"] = [walk(a) for a in export["actions"] if a["number"] not in dropped]


def _tamper_shell(out, how):
    """The shell's own entries: the start, the joins, undo requests and answers, undos,
    re-issues — each changed the way a server rewriting its log would."""
    start, approve = _first(out, "start"), _first(out, "approve_undo")
    refuse, request = _first(out, "refuse_undo"), _first(out, "undo_request")
    if how == "start deal":  # the round-1 deal (ZL-1) said another card
        dealt = next(e for e in start["public"] if e["msg"] == "zl.dealt")
        other = 2 if dealt["card"]["value"] == 1 else 1  # never the card it was
        dealt["args"]["card"]["args"]["value"] = other
        dealt["card"]["value"] = other
    elif how == "who starts":
        first = next(e for e in start["public"] if e["msg"] in ("zl.lowest_starts", "zl.tie"))
        if first["msg"] == "zl.tie":  # the deal tied (ZL-1): the log says one seat started
            first["msg"], first["args"], first["seat"] = "zl.lowest_starts", {"seat": {}}, 1
        first["seat"] = first["args"]["seat"]["seat"] = first["seat"] % 3 + 1
    elif how == "start text":
        start["public"][0]["args"]["contributions"] = 3
    elif how == "start colours":
        start["payload"]["colours"]["1"] = "purple"
    elif how == "join event":
        _first(out, "join")["public"][0]["seat"]["name"] = "Mallory"
    elif how == "join name everywhere":
        # the seat and its join agree, the event the phones saw named someone else
        _first(out, "join")["payload"]["name"] = out["seats"][0]["name"] = "Mallory"
    elif how == "self-approval":
        approve["seat"] = request["seat"]
        approve["public"][0]["args"]["seat"] = {"seat": request["seat"]}
    elif how == "approval relabelled as refusal":
        approve["type"] = "refuse_undo"
        approve["public"][0]["msg"] = "undo.refused"
    elif how == "refusal relabelled as approval":  # then no undo follows
        refuse["type"] = "approve_undo"
        refuse["public"][0]["msg"] = "undo.approved"
    elif how == "refusal by the asker":
        refuse["type"] = "cancel_undo"
        refuse["public"][0]["msg"] = "undo.cancelled"
        del refuse["public"][0]["args"]["seat"]
    elif how == "undid alone":
        # the player took their draw back without anyone's OK: no request, no answer
        undo = next(a for a in out["actions"] if a["type"] == "undo" and "request" in a["payload"])
        dropped = {undo["payload"]["request"], approve["number"]}
        undo["payload"] = {"target": undo["payload"]["target"]}
        _renumbered(out, dropped)
    elif how == "undo event":
        undo = next(a for a in out["actions"] if a["type"] == "undo")
        undo["public"][0]["args"]["actor"] = {"seat": 0}
    elif how == "undo of a revealing action by its player":
        undo = next(a for a in out["actions"] if a["type"] == "undo" and "request" in a["payload"])
        undo["payload"] = {"target": undo["payload"]["target"]}
    elif how == "reissue event":
        _first(out, "reissue")["public"][0]["msg"] = "table.joined"
    elif how == "reissue of no seat":
        reissue = _first(out, "reissue")
        reissue["payload"]["seat"] = reissue["public"][0]["seat"] = 9
        reissue["public"][0]["args"]["seat"] = {"seat": 9}
    elif how == "request by another seat":
        request["seat"] = request["seat"] % 3 + 1
        request["public"][0]["args"]["seat"] = {"seat": request["seat"]}


@pytest.mark.parametrize(
    "how",
    [
        "contribution listed",
        "contribution joined",
        "contribution everywhere",
        "contribution dropped",
        "effective seed",
        "seed",
        "event",
        "winners",
        "score",
        "seat name",
        "seat dropped",
        "undo hides the card",
        "reveal flag",
        "start deal",
        "who starts",
        "start text",
        "start colours",
        "join event",
        "join name everywhere",
        "self-approval",
        "approval relabelled as refusal",
        "refusal relabelled as approval",
        "refusal by the asker",
        "undid alone",
        "undo event",
        "undo of a revealing action by its player",
        "reissue event",
        "reissue of no seat",
        "request by another seat",
    ],
)
def test_verify_fails_on_any_tampering(client, tables, how):
    if not _FINISHED:  # one game for every case: each changes its own copy
        _FINISHED.append(finished_export(client, tables)[1])
    export = _FINISHED[0]
    assert verify_export(export) is None
    problem = verify_export(_tamper(export, how))
    assert problem is not None, how  # as the server would send it
    problem = verify_export(unchained(_tamper(export, how)))
    assert problem is not None, how


def test_verify_refuses_a_start_without_the_contributions_the_phones_sent(
    client, tables, monkeypatch
):
    """A server that ignored the phones' contributions (it played with its own seed) and wrote
    its export as if from before contributions existed."""
    monkeypatch.setattr(play, "effective_seed", lambda seed, mixed: seed)
    created, tokens = seated(client, tables, [secrets.token_hex(32) for _ in range(3)])
    play_to_the_end(tables, created["code"], tokens)
    export = client.get(f"/api/tables/{created['code']}/export").get_json()
    monkeypatch.undo()
    assert verify_export(export) is not None  # as it was written: the seed gives it away
    del _first(export, "start")["payload"]["contributions"]
    export.pop("contributions")
    export.pop("effective_seed")
    problem = verify_export(unchained(export))
    assert problem is not None and "contributions" in problem
    # A log whose phones sent none plays with the committed seed itself: still sound.
    monkeypatch.setattr(play, "effective_seed", lambda seed, mixed: seed)
    created, tokens = seated(client, tables, [None, None, None])
    play_to_the_end(tables, created["code"], tokens)
    legacy = client.get(f"/api/tables/{created['code']}/export").get_json()
    del _first(legacy, "start")["payload"]["contributions"]
    legacy["contributions"], legacy["effective_seed"] = [], legacy["seed"]
    assert verify_export(unchained(legacy)) is None


def test_verify_checks_the_rematch_entry(client, tables):
    created, tokens = seated(client, tables, [secrets.token_hex(32), None])
    code = created["code"]
    play_to_the_end(tables, code, tokens)
    rematch = client.post(f"/api/tables/{code}/rematch", headers=bearer(created["host_token"]))
    assert rematch.status_code == 201
    export = client.get(f"/api/tables/{code}/export").get_json()
    assert verify_export(export) is None
    elsewhere = unchained(copy.deepcopy(export))
    _first(elsewhere, "rematch")["payload"]["code"] = "ZZZZZZ"
    assert "rematch" in verify_export(elsewhere)
    twice = unchained(copy.deepcopy(export))
    twice["actions"].append({**_first(twice, "rematch"), "number": len(twice["actions"]) + 1})
    assert "rematch" in verify_export(twice)


def test_verify_cli_prints_the_commitment(tmp_path, client, tables):
    from click.testing import CliRunner

    from tableapp.cli import main

    _, export, sent = finished_export(client, tables, undos=False)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("OK")
    assert f"seed commitment: {export['seed_commitment']}" in result.output
    assert sent[0]["contribution"] in result.output
    path.write_text(json.dumps(unchained(_tamper(export, "score"))))
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1 and "result" in result.output
    path.write_text("not json")
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1 and "DIVERGES" in result.output


def _heads_rewritten(export):
    """The export with its chain recomputed over its log as it now is: a forger's best."""
    from tableapp.engine.replay import chain
    from tableapp.verify import _genesis, chain_key_of

    heads = chain(_genesis(export), export["actions"], chain_key_of(export))
    for entry, head in zip(export["actions"], heads, strict=True):
        entry["head"] = head
    export["log_head"] = heads[-1]
    return export


_SEEN: list[dict] = []


@pytest.mark.parametrize(
    "dropped", ["moved seat", "refused request", "code", "content origin", "commitment"]
)
def test_verify_refuses_a_log_with_entries_removed_and_the_rest_renumbered(client, tables, dropped):
    if not _SEEN:  # one game for every case: (its final view, its export)
        _SEEN.extend(finished_export(client, tables)[:2])
    export = copy.deepcopy(_SEEN[1])
    seen = _SEEN[0]["log_head"]  # what every screen showed at the end
    assert export["log_head"] == seen and verify_export(export) is None
    if dropped == "moved seat":
        _renumbered(export, {_first(export, "reissue")["number"]})
    elif dropped == "refused request":
        refuse = _first(export, "refuse_undo")
        _renumbered(export, {refuse["payload"]["request"], refuse["number"]})
    elif dropped == "code":
        export["code"] = "ZZZZZZ"
    elif dropped == "content origin":
        export["content_origin"] = "custom"
    else:
        export["seed_commitment"] = "00" * 32
    problem = verify_export(export)
    assert problem is not None
    if dropped in ("moved seat", "refused request", "code", "content origin"):
        assert "hash chain" in problem
        # the chain rewritten over what is left links, but ends on another head
        from tableapp.verify import log_head

        assert verify_export(_heads_rewritten(export)) is None
        assert log_head(export) != seen


def test_every_view_and_log_entry_carries_the_log_head(client, tables, tmp_path):
    from click.testing import CliRunner

    from tableapp.cli import main

    created, tokens = seated(client, tables, [None, None])
    code = created["code"]
    table_screen = tables.view(code)
    head = table_screen["log_head"]
    assert len(head) == 64 and int(head, 16) >= 0
    for token in [created["host_token"], *tokens]:
        assert tables.view(code, token)["log_head"] == head  # the same for every viewer
        entries = client.get(f"/api/tables/{code}/log", headers=bearer(token)).get_json()
        assert entries["entries"][-1]["log_head"] == head
        assert all(len(e["log_head"]) == 64 for e in entries["entries"])
    final = play_to_the_end(tables, code, tokens)
    export = client.get(f"/api/tables/{code}/export").get_json()
    assert final["log_head"] == export["log_head"] == export["actions"][-1]["head"]
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    assert f"log head: {final['log_head']}" in result.output


def _verify_cli(path, *args):
    from click.testing import CliRunner

    from tableapp.cli import main

    return CliRunner().invoke(main, ["verify", str(path), *args])


def test_verify_checks_the_head_the_table_showed(client, tables, tmp_path):
    """The server knows the chain's key: a log it cut short and re-linked is consistent with
    itself, and only the head every screen showed at the end tells (issue 25)."""
    final, export, _ = finished_export(client, tables, undos=False)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    result = _verify_cli(path, "--head", final["log_head"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("OK") and "ends on the head the table showed" in result.output
    result = _verify_cli(path, "--head", final["log_head"].upper())  # as someone copied it
    assert result.exit_code == 0, result.output
    result = _verify_cli(path)
    assert result.exit_code == 0 and "compare" in result.output
    other = "ab" * 32
    result = _verify_cli(path, "--head", other)
    assert result.exit_code == 1
    assert result.stderr.startswith("DIVERGES: ") and other in result.stderr
    assert final["log_head"] in result.stderr


def test_verify_says_a_log_cut_short_is_unfinished(client, tables, tmp_path):
    """An export cut before the end and re-linked by a server that knows the key: sound in
    itself, but its game has no result: UNFINISHED, never OK, and its head is not the one the
    table showed."""
    final, export, _ = finished_export(client, tables, undos=False)
    ended = next(i for i, e in enumerate(export["actions"]) if e["type"] not in NON_GAME)
    cut = copy.deepcopy(export)
    cut["actions"] = cut["actions"][: ended + 1]
    cut["final_state"] = cut["result"] = None
    for entry in cut["actions"]:
        entry["undone"] = False
    replayed = _replayed_state(cut)
    cut["final_state"] = catalog.game(cut["game"]).reveal(replayed)
    _heads_rewritten(cut)
    assert verify_export(cut) is None  # consistent with itself
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(cut))
    result = _verify_cli(path)
    assert result.exit_code == 1 and result.stderr.startswith("UNFINISHED: ")
    assert "OK" not in result.output
    result = _verify_cli(path, "--head", final["log_head"])
    assert result.exit_code == 1 and result.stderr.startswith("DIVERGES: ")


def _replayed_state(export):
    from tableapp.engine.replay import replay

    return replay(
        catalog.game(export["game"]),
        content=export["content"],
        variant=export["variant"],
        options=export["options"],
        seed=bytes.fromhex(export["seed"]),
        entries=export["actions"],
    ).state


@pytest.mark.parametrize("where", ["seed_commitment", "effective_seed", "contribution"])
def test_verify_prints_a_lone_surrogate_as_its_escape(client, tables, tmp_path, where):
    """Valid JSON, no valid text: ``"\\ud800"`` in a field the summary prints gets its one
    DIVERGES line and exit status 1, never a UnicodeEncodeError (issue 25)."""
    _, export, _ = finished_export(client, tables, undos=False)
    if where == "contribution":
        export["contributions"][0]["contribution"] = "ab\ud800"
    else:
        export[where] = "ab\ud800"
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))  # ensure_ascii: the file holds the escape
    result = _verify_cli(path)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("DIVERGES: ")
    assert "Traceback" not in result.output and "\\ud800" in result.output


def test_an_export_of_the_first_chain_still_verifies(client, tables):
    """Exports written before the chain had a key (format /1, entries hashed in the clear)
    still verify, and are still refused when tampered with."""
    from tableapp.engine.replay import PLAIN_FORMAT, chain
    from tableapp.verify import _genesis

    _, export, _ = finished_export(client, tables, undos=False)
    old = copy.deepcopy(export)
    old["format"] = PLAIN_FORMAT
    heads = chain(_genesis(old), old["actions"], None)
    for entry, head in zip(old["actions"], heads, strict=True):
        entry["head"] = head
    old["log_head"] = heads[-1]
    assert verify_export(old) is None
    assert verify_export(export) is None
    mixed = copy.deepcopy(old)
    mixed["format"] = export["format"]  # a keyed export's format over clear heads
    assert "hash chain" in verify_export(mixed)
    old["actions"][3]["public"] = []
    assert verify_export(old) is not None
