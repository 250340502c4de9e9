"""Every game of the catalogue, over HTTP, as phones play it: the log's hash chain tells nobody
what a private part holds while the game goes on, and the finished game's export replays and
verifies (issue 25).

The attack is the one an outside battery ran against the first chain, whose heads hashed each
entry in the clear: read entry N's head and the head before it from the public log, then try
each card the game has shown as the private part of entry N until the hash matches. The
attacker here is given more than a real one has (the entry's true payload, public events and
private part, from the database): every guess, the true one included, must still miss. The
same attack against the entries' heads as the first chain linked them finds every card: the
attack is a real one, and only the key (engine/replay.py) stops it.
"""

from __future__ import annotations

import functools
import hashlib
import json

import pytest

from tableapp import catalog
from tableapp.database import log_reads, store
from tableapp.engine.playout import random_params, random_playout
from tableapp.engine.replay import CHAINED, NON_GAME, canonical, link
from tableapp.engine.rng import Rng
from tableapp.tables import UNDO_ANSWERS
from tableapp.tables.log import split_events
from tableapp.verify import verify_export

GAMES = sorted(game.id for game in catalog.games())
#: Never picked by these players: corrections (the table is the truth, not a move) and the
#: shell's undo answers (no undo is asked here).
NOT_PLAYED = ("correct", *UNDO_ANSWERS)


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def _players(game_id: str) -> int:
    low, high = catalog.game(game_id).players
    return max(low, min(3, high))


def _mover(tables, code: str, tokens: list[str], rng: Rng):
    """(token, spec, view) of a random bearer that may play now (the host included)."""
    ready = []
    for token in [tables.host_tokens[code], *tokens]:
        view = tables.view(code, token)
        specs = [s for s in view["actions"] if s["type"] not in NOT_PLAYED]
        if specs:
            ready.append((token, specs, view))
    if not ready:
        raise AssertionError(f"nobody can act: {tables.view(code)['prompt']}")
    token, specs, view = rng.choice(ready)
    return token, rng.choice(specs), view


def play(tables, game_id: str, *, until=None, limit: int = 4000) -> tuple[str, list[str]]:
    """A started table of ``game_id`` played with random legal answers until it is finished
    or ``until(code)`` holds; (its code, the seat tokens)."""
    created, tokens = tables.started(_players(game_id), game=game_id)
    code = created["code"]
    rng = Rng(hashlib.sha256(f"every-game/{game_id}".encode()).digest(), 0)
    for _ in range(limit):
        if tables.view(code)["status"] == "finished" or (until and until(code)):
            return code, tokens
        token, spec, view = _mover(tables, code, tokens, rng)
        response = tables.act(code, token, spec["type"], random_params(spec, rng), view["seq"])
        assert response.status_code == 201, response.get_json()
    raise AssertionError(f"{game_id} did not end in {limit} answers")


def _stored(app, code: str) -> list:
    with app.app_context():
        table = store.load_table(code)
        return log_reads.actions_after(table.id, 0, limit=None)


def _secret_entries(app, code: str) -> list:
    """The entries whose head could tell a secret: a private part, or a game action's params
    (the public log shows neither)."""
    return [
        a
        for a in _stored(app, code)
        if any(a.private.values()) or (a.type not in NON_GAME and a.payload)
    ]


@functools.cache
def dictionary(game_id: str, playouts: int = 12) -> dict[tuple, list]:
    """What an attacker who knows the pack can list: every private part a seat can get, by
    the messages it holds (each card's "you drew" part, each hand dealt, ...), and every
    action's params, by its type, gathered from many whole games, as the log stores them."""
    game = catalog.game(game_id)
    seats = list(range(1, _players(game_id) + 1))
    found: dict[tuple, list] = {}

    def add(where: tuple, value) -> None:
        stored = json.loads(json.dumps(value))
        bucket = found.setdefault(where, [])
        if stored not in bucket:
            bucket.append(stored)

    def collect(state, seat, action, events):
        for part in split_events(events)[1].values():
            add(_messages(json.loads(json.dumps(part))), part)
        if action is not None:
            add(("params", action["type"]), action["params"])

    for i in range(playouts):
        variant = game.variants[i % len(game.variants)]
        seed = hashlib.sha256(f"dictionary/{game_id}/{i}".encode()).digest()
        random_playout(
            game,
            content=catalog.content(game_id),
            seats=seats,
            seed=seed,
            variant=variant,
            on_step=collect,
        )
    return found


def _messages(parts: list) -> tuple:
    return tuple(p.get("msg") if isinstance(p, dict) else None for p in parts)


def guesses(entry, known: dict[tuple, list]):
    """Entry ``entry`` as the attacker rebuilds it: its true fields, each seat's private part
    replaced by each part of the same messages the attacker can list, and its params by each
    the action's type can take (the true ones included, for they are in the pack: the attacker
    is given them)."""
    fields = {name: getattr(entry, name) for name in CHAINED}
    for seat, parts in entry.private.items():
        listed = known.get(_messages(parts), [])
        for candidate in [parts, *(c for c in listed if c != parts)]:
            yield seat, candidate, {**fields, "private": {**entry.private, seat: candidate}}
    if entry.type not in NON_GAME and entry.payload:
        listed = known.get(("params", entry.type), [])
        for candidate in [entry.payload, *(c for c in listed if c != entry.payload)]:
            yield "params", candidate, {**fields, "payload": candidate}


def plain_head(previous: str, fields: dict) -> str:
    """The first chain's head: SHA-256 of the head before and the entry in the clear."""
    chained = {**fields, "reveals": bool(fields["reveals"])}
    return hashlib.sha256(bytes.fromhex(previous) + canonical(chained)).hexdigest()


def found_parts(entries, heads: dict[int, str], known: dict[tuple, list]) -> dict[int, list]:
    """For each entry, the guessed private parts whose clear hash gives its head in ``heads``."""
    return {
        entry.number: [
            (seat, part)
            for seat, part, fields in guesses(entry, known)
            if plain_head(heads[entry.number - 1], fields) == heads[entry.number]
        ]
        for entry in entries
    }


def _enough_secrets(app, enough: int = 3):
    return lambda code: len(_secret_entries(app, code)) >= enough


@pytest.mark.parametrize("game_id", GAMES)
def test_no_card_can_be_guessed_from_the_live_chain(app, client, tables, game_id):
    code, tokens = play(tables, game_id, until=_enough_secrets(app))
    public = client.get(f"/api/tables/{code}/log").get_json()["entries"]
    assert tables.view(code)["status"] != "finished", "the game ended before it dealt secrets"
    heads = {e["seq"]: e["log_head"] for e in public}
    entries = _secret_entries(app, code)
    assert entries, f"{game_id}: no entry with a secret to guess"
    known = dictionary(game_id)
    tried = sum(1 for entry in entries for _ in guesses(entry, known))
    assert tried > 2 * len(entries), f"{game_id}: too few guesses to show anything"
    # Against the live chain: nothing, not even the true entry itself.
    assert found_parts(entries, heads, known) == {e.number: [] for e in entries}
    # Against the same entries linked as the first chain did (no key): the attack finds each
    # entry's true private part, and nothing else.
    plain = {0: "00" * 32}  # any genesis will do: the attack reads heads, not how they began
    for entry in _stored(app, code):
        fields = {name: getattr(entry, name) for name in CHAINED}
        plain[entry.number] = link(plain[entry.number - 1], fields, None)
    unkeyed = found_parts(entries, plain, known)
    for entry in entries:
        truth = [*entry.private.items()]
        if entry.type not in NON_GAME and entry.payload:
            truth.append(("params", entry.payload))
        assert sorted(map(repr, unkeyed[entry.number])) == sorted(map(repr, truth)), entry.number


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_replays_and_verifies_from_its_export(client, tables, game_id):
    code, _ = play(tables, game_id)
    final = tables.view(code)
    export = client.get(f"/api/tables/{code}/export").get_json()
    assert export["log_head"] == final["log_head"]
    assert verify_export(export) is None
    forged = json.loads(json.dumps(export))
    forged["actions"][-1]["public"] = []
    assert verify_export(forged) is not None
