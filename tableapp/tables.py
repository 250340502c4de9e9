"""The one action path: lock the table, apply the pure rules, log, commit, notify.

Nothing here knows HTTP. Every change to a table — a join, the start, a game action, an undo —
runs through :func:`_locked_change`: the table row is locked (SQLite ``BEGIN IMMEDIATE``,
PostgreSQL ``SELECT … FOR UPDATE``), the bearer is identified, a stored Idempotency-Key answer
is returned as it was, otherwise the change is computed in memory on the loaded rows (the rules
never touch the stored state), appended to the log with the next gap-free number, written by
:func:`store.save` and committed; then the table's channel is notified.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from types import SimpleNamespace

from flask import current_app, has_request_context, request
from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError

from . import catalog, codec, events, store
from .auth import hash_token, new_token, token_from_nonce
from .engine import HOST, Rng, RuleError, validate_params
from .engine.game import validate_options
from .engine.replay import NON_GAME, replay
from .engine.rng import commitment
from .extensions import db
from .models import IdempotentResponse, utcnow
from .problems import Problem
from .store import SeatRow, TableRow

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud, typed on phones
CODE_LENGTH = 6
#: Colour-blind-safe seat colours (Okabe–Ito), each shown with its letter on screens.
COLOURS = ["orange", "sky", "green", "yellow", "blue", "vermilion", "purple", "grey"]
TOKEN_MARK = "\u2063tableapp:token\u2063"  # where a stored answer gets its token back
#: An action refreshes its seat's ``last_seen`` only when older than this (presence is
#: counted in tens of seconds; a write per action would cost more than it tells).
TOUCH_SECONDS = 10


def new_seed() -> bytes:
    """A table's secret seed: 256 bits from the operating system's CSPRNG."""
    return secrets.token_bytes(32)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


@dataclass
class Actor:
    """Who is acting: ``number`` is the seat number (0 for the host)."""

    number: int
    role: str  # host|player
    token_hash: str


@dataclass
class Outcome:
    status: int
    body: bytes
    seq: int | None = None  # set when the log grew: the channel to notify


# --------------------------------------------------------------------------- reading


def find_table(code: str) -> TableRow:
    table = store.load_table(code)
    if table is None:
        raise Problem(404, "unknown_table", f"There is no table {code!r}.")
    return table


def identify(table: TableRow, token: str | None, *, required: bool = False) -> Actor | None:
    """The bearer's seat at this table; 401 for a token that is not one of its seats."""
    if token is None:
        if required:
            raise Problem(401, "missing_token", "This needs the seat's or host's token.")
        return None
    digest = hash_token(token)
    seat = next((s for s in table.seats if s.token_hash == digest), None)
    if seat is None:
        raise Problem(401, "bad_token", "That token is not valid at this table.")
    return Actor(seat.number, seat.role, digest)


def touch(table: TableRow, actor: Actor | None) -> None:
    """Record that the bearer was seen (presence), at most every ``TOUCH_SECONDS``."""
    if actor is None or actor.role != "player":
        return
    now = utcnow()
    for seat in table.seats:
        if seat.number == actor.number and (
            seat.last_seen is None or now - seat.last_seen >= timedelta(seconds=TOUCH_SECONDS)
        ):
            seat.last_seen = now


def seat_dict(seat: SeatRow, presence_seconds: float) -> dict:
    connected = seat.last_seen is not None and (utcnow() - seat.last_seen) <= timedelta(
        seconds=presence_seconds
    )
    return {
        "id": seat.number,
        "position": seat.number - 1,
        "name": seat.name,
        "colour": seat.colour,
        "connected": connected,
    }


def join_url(code: str) -> str:
    """The address a phone opens to join: the configured public URL, else this request's host."""
    base = current_app.config.get("PUBLIC_URL")
    if not base:
        base = request.host_url if has_request_context() else "http://localhost:8000/"
    return f"{base.rstrip('/')}/join/{code}"


def render_view(table: TableRow, actor: Actor | None, presence_seconds: float = 40) -> dict:
    """The view for one bearer (None: the table screen), per DESIGN's shape."""
    game = catalog.game(table.game)
    players = [s for s in table.seats if s.role == "player"]
    me = None if actor is None else {"seat": actor.number or None, "role": actor.role}
    viewer = actor.number if actor is not None and actor.role == "player" else None
    result = None
    if table.status == "lobby":
        low, high = game.players
        can_start = low <= len(players) <= high
        prompt = {
            "waiting_for": [HOST],
            "text": (
                f"{len(players)} joined: the host can start."
                if can_start
                else f"Waiting for players ({len(players)} of {low}–{high})."
            ),
        }
        actions = []
        if actor is not None and actor.role == "host" and can_start:
            actions = [{"type": "start", "label": "Start the game", "params": {}}]
        game_view: dict = {"players": {"min": low, "max": high}}
    else:
        state = table.state
        prompt = game.prompt(state)
        actions = []
        if actor is not None and table.status == "playing":
            actions = game.legal_actions(state, actor.number)
        game_view = game.view(state, viewer)
        result = game.result(state)
    prompt = dict(prompt, text=named(prompt.get("text", ""), players))
    return {
        "code": table.code,
        "game": table.game,
        "variant": table.variant,
        "options": table.options,
        "status": table.status,
        "seq": table.seq,
        "join_url": join_url(table.code),
        "seed_commitment": table.seed_commitment,
        "seed": table.seed if table.status == "finished" else None,
        "seats": [seat_dict(s, presence_seconds) for s in players],
        "me": me,
        "prompt": prompt,
        "actions": actions,
        "game_view": game_view,
        "result": result,
    }


def named(text: str, players: list[SeatRow]) -> str:
    """Rules speak of "Seat 2"; players read their names."""
    names = {str(s.number): s.name for s in players}
    return re.sub(r"\bSeat (\d+)\b", lambda m: names.get(m.group(1), m.group(0)), text)


def entry_for(action, viewer: int | None) -> dict:
    """A log entry as ``viewer`` may see it: public events plus only its own private parts."""
    entry = {
        "seq": action.number,
        "type": action.type,
        "seat": action.seat,
        "events": action.public,
        "undone": action.undone,
        "at": action.created_at.isoformat() + "Z",
    }
    if action.type == "undo":
        entry["target"] = action.payload.get("target")
    if viewer is not None:
        mine = action.private.get(str(viewer))
        if mine:
            entry["private"] = mine
    return entry


def read_log(table_id: int, viewer: int | None, after: int = 0, limit: int = 500) -> list[dict]:
    return [entry_for(a, viewer) for a in store.actions_after(table_id, after, limit)]


def viewer_of(actor: Actor | None) -> int | None:
    return actor.number if actor is not None and actor.role == "player" else None


# --------------------------------------------------------------------------- writing


def _lock(code: str) -> TableRow:
    """Begin a transaction holding the table's write lock."""
    table = store.load_table(code, lock=True)
    if table is None:
        db.session.rollback()
        raise Problem(404, "unknown_table", f"There is no table {code!r}.")
    return table


def _dumps(payload: dict) -> bytes:
    return codec.dumps(payload)


def request_hash(body: object) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()


def _stored(scope: str, key: str, req_hash: str, ttl_hours: int) -> Outcome | None:
    row = store.stored_answer(scope, key)
    if row is None:
        return None
    if utcnow() - row.created_at > timedelta(hours=ttl_hours):
        store.forget_answer(row.id)
        return None
    if row.request_hash != req_hash:
        raise Problem(
            422,
            "idempotency_key_reused",
            "This Idempotency-Key was already used with a different request.",
        )
    body = row.body
    if row.token_nonce:
        body = body.replace(TOKEN_MARK, token_from_nonce(row.token_nonce))
    return Outcome(row.status, body.encode())


def _store(scope, key, req_hash, status, body: bytes, token=None, nonce=None) -> None:
    text = body.decode()
    if token:
        text = text.replace(token, TOKEN_MARK)
    store.store_answer(
        scope=scope,
        key=key,
        request_hash=req_hash,
        status=status,
        body=text,
        token_nonce=nonce if token else None,
    )


@dataclass
class Change:
    """What a change function returns: status, payload, and a token it handed out."""

    status: int
    payload: dict
    token: str | None = None
    nonce: str | None = None
    logged: bool = True


def _locked_change(
    code: str,
    token: str | None,
    idempotency: tuple[str, str] | None,  # (key, request hash)
    change: Callable[[TableRow, Actor | None], Change],
    *,
    token_required: bool = True,
    ttl_hours: int = 48,
) -> Outcome:
    table = _lock(code)
    try:
        actor = identify(table, token, required=token_required)
        scope = actor.token_hash if actor else f"anon:{table.code}"
        if idempotency:
            stored = _stored(scope, idempotency[0], idempotency[1], ttl_hours)
            if stored is not None:
                db.session.rollback()
                return stored
        try:
            # The change edits ``table`` in memory; nothing is written unless it returns.
            result = change(table, actor)
            store.save(table)
        except (Problem, RuleError) as error:
            problem = error if isinstance(error, Problem) else Problem.from_rule(error)
            if problem.status == 409 and "view" not in problem.extra:
                table = store.load_table(table.code) or table  # as stored, not as edited
                problem.extra["view"] = render_view(table, actor)
            result = Change(problem.status, problem.body(), logged=False)
        body = _dumps(result.payload)
        if idempotency:
            _store(scope, *idempotency, result.status, body, result.token, result.nonce)
        seq = table.seq
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    if result.logged:
        events.bus().publish(table.code, seq)
    return Outcome(result.status, body, seq if result.logged else None)


def _append(
    table: TableRow,
    actor: int | None,
    kind: str,
    payload: dict,
    produced: list,
    idempotency_key: str | None,
) -> SimpleNamespace:
    """Append one entry to the log with the next gap-free number (written by ``save``)."""
    public, private = split_events(produced)
    table.seq += 1
    values = {
        "number": table.seq,
        "seat": actor,
        "type": kind,
        "payload": payload,
        "idempotency_key": idempotency_key,
        "public": public,
        "private": private,
        "undone": False,
        "created_at": utcnow(),
    }
    table.new_actions.append(values)
    return SimpleNamespace(**values)


def split_events(produced: list[dict]) -> tuple[list[dict], dict[str, list]]:
    public: list[dict] = []
    private: dict[str, list] = {}
    for event in produced:
        event = dict(event)
        for seat, part in (event.pop("private", None) or {}).items():
            private.setdefault(str(seat), []).append(part)
        public.append(event)
    return public, private


def _effective(table: TableRow) -> int:
    """Effective entries so far: every entry but undos and the entries they undid."""
    return table.seq - 2 * store.undo_count(table.id)


def _game_for(table: TableRow):
    return catalog.game(table.game)


def create_table(
    game_id: str, variant: str | None, options: dict | None, idempotency: tuple[str, str] | None
) -> Outcome:
    """A new table in the lobby, with its host seat (number 0) and host token."""
    try:
        game = catalog.game(game_id)
        if variant is None and None not in game.variants:
            variant = game.variants[0]  # the game's first variant is its default
        if variant not in game.variants:
            raise Problem(
                422,
                "unknown_variant",
                f"{game.name} has no variant {variant!r}.",
                errors={"variant": [f"one of {game.variants}"]},
            )
        options = validate_options(game.options, options)
    except RuleError as error:
        raise Problem.from_rule(error) from None
    scope = "anon:create"
    # One write transaction from its first statement (SQLite: BEGIN IMMEDIATE, waiting its
    # turn): the reads below (a stored answer, a free code) are followed by the insert, and
    # SQLite refuses a read transaction's upgrade at once ("database is locked") when
    # another writer committed in between.
    db.session.rollback()
    store.connection(immediate=True)
    if idempotency:
        stored = _stored(scope, *idempotency, ttl_hours=48)
        if stored is not None:
            db.session.rollback()
            return stored
    seed = new_seed()
    token, nonce = new_token()
    for _ in range(10):
        code = new_code()
        if not store.code_taken(code):
            break
    table = TableRow(
        id=None,
        code=code,
        game=game.id,
        variant=variant,
        options=options,
        status="lobby",
        seed=seed.hex(),
        seed_commitment=commitment(seed),
        state=None,
        seq=0,
        created_at=None,
        updated_at=None,
        finished_at=None,
    )
    table.seats.append(SeatRow(None, HOST, "host", "Host", None, hash_token(token), last_seen=None))
    store.insert_table(table, catalog.content(game.id))
    payload = {
        "code": table.code,
        "host_token": token,
        "join_url": join_url(table.code),
        "seed_commitment": table.seed_commitment,
        "view": render_view(table, Actor(HOST, "host", hash_token(token))),
    }
    body = _dumps(payload)
    try:
        if idempotency:
            _store(scope, *idempotency, 201, body, token, nonce)
        db.session.commit()
    except IntegrityError:
        # A parallel repeat of the same Idempotency-Key won the race: answer as it did.
        db.session.rollback()
        if idempotency:
            stored = _stored(scope, *idempotency, ttl_hours=48)
            if stored is not None:
                return stored
        raise
    return Outcome(201, body)


def join(code: str, name: str, colour: str | None, idempotency: tuple[str, str] | None) -> Outcome:
    """Take the next seat in the lobby; logged so every phone sees who joined."""

    def change(table: TableRow, actor: Actor | None) -> Change:
        if table.status != "lobby":
            raise Problem(409, "game_started", "The game has started: no more seats.")
        game = _game_for(table)
        players = [s for s in table.seats if s.role == "player"]
        if len(players) >= game.players[1]:
            raise Problem(
                409, "table_full", f"{game.name} takes at most {game.players[1]} players."
            )
        taken = {s.colour for s in players}
        chosen = colour or next(c for c in COLOURS if c not in taken)
        if chosen in taken:
            raise Problem(
                409,
                "colour_taken",
                f"Another player already plays {chosen}.",
                errors={"colour": ["already taken"]},
            )
        token, nonce = new_token()
        number = len(players) + 1
        seat = SeatRow(None, number, "player", name, chosen, hash_token(token), utcnow())
        seat._saved = ()  # new: inserted by save
        table.seats.append(seat)
        seat_view = seat_dict(seat, 40)
        _append(
            table,
            number,
            "join",
            {"name": name, "colour": chosen},
            [{"text": f"{name} joined.", "seat": seat_view}],
            idempotency[0] if idempotency else None,
        )
        return Change(201, {"seat": seat_view, "token": token}, token, nonce)

    return _locked_change(code, None, idempotency, change, token_required=False)


def _check_expected(table: TableRow, actor: Actor, expected: int | None, presence: float) -> None:
    """A phone that saw an older table gets a 409 with the fresh view, never a blind act."""
    if expected is not None and expected != table.seq:
        raise Problem(
            409,
            "stale",
            f"The table moved on (action {table.seq}, you saw {expected}).",
            view=render_view(table, actor, presence),
        )


def _checked_params(game, state: dict, seat: int, legal: list, kind: str, params) -> dict:
    """``params`` if ``legal`` lists them; otherwise the refusal, named by the game's ruling.

    The specs only say "not listed"; the rules know why (ZL-2: a copy is already there). The
    game's ``apply`` (pure, on a copy) is asked for that reason; whatever it says, an action
    that is not listed is refused.
    """
    try:
        return validate_params(legal, kind, params)
    except RuleError as refusal:
        try:
            game.apply(state, seat, {"type": kind, "params": params}, Rng(b"\0" * 32, 0))
        except RuleError as ruling:
            if ruling.rule:
                raise ruling from None
        except Exception:  # garbage params may break the rules code: the refusal stands
            pass
        raise refusal from None


def _logged(table: TableRow, actor: Actor, action, presence_seconds: float) -> Change:
    """An action's answer: the logged entry as the bearer sees it, and the new view."""
    return Change(
        201,
        {
            "action": entry_for(action, viewer_of(actor)),
            "view": render_view(table, actor, presence_seconds),
        },
    )


def act(
    code: str,
    token: str | None,
    body: dict,
    idempotency: tuple[str, str] | None,
    presence_seconds: float = 40,
) -> Outcome:
    """Apply one action ``{"type", "params", "expected"}`` for the bearer."""

    def change(table: TableRow, actor: Actor | None) -> Change:
        assert actor is not None
        _check_expected(table, actor, body.get("expected"), presence_seconds)
        kind, params = body["type"], body.get("params") or {}
        game = _game_for(table)
        if kind == "start":
            produced, payload = _start(table, actor, game)
        else:
            if table.status != "playing":
                raise Problem(409, "not_playing", f"The game is {table.status}.")
            if kind in NON_GAME:
                raise Problem(422, "action_not_available", f"'{kind}' is not a game action.")
            state = table.state
            legal = game.legal_actions(state, actor.number)
            # Off-turn actions exist (an Instant Mutation): legal_actions decides, not the prompt.
            if not legal and actor.number not in game.prompt(state)["waiting_for"]:
                raise Problem(403, "not_your_turn", "It is not your turn.")
            params = _checked_params(game, state, actor.number, legal, kind, params)
            rng = Rng(bytes.fromhex(table.seed), _effective(table))
            new_state, produced = game.apply(
                state, actor.number, {"type": kind, "params": params}, rng
            )
            table.state = new_state
            if game.result(new_state) is not None:
                table.status = "finished"
                table.finished_at = utcnow()
            payload = params
        action = _append(
            table, actor.number, kind, payload, produced, idempotency[0] if idempotency else None
        )
        touch(table, actor)
        return _logged(table, actor, action, presence_seconds)

    return _locked_change(code, token, idempotency, change)


def _start(table: TableRow, actor: Actor, game) -> tuple[list, dict]:
    if actor.role != "host":
        raise Problem(403, "host_only", "Only the host starts the game.")
    if table.status != "lobby":
        raise Problem(409, "already_started", "The game has already started.")
    seats = [s.number for s in table.seats if s.role == "player"]
    low, high = game.players
    if not low <= len(seats) <= high:
        raise Problem(422, "player_count", f"{game.name} is for {low} to {high} players.")
    rng = Rng(bytes.fromhex(table.seed), _effective(table))
    table.state = game.setup(
        content=table.content, variant=table.variant, options=table.options, seats=seats, rng=rng
    )
    table.status = "playing"
    return [{"text": f"The game starts with {len(seats)} players."}], {"seats": seats}


def log_entries(table) -> list[dict]:
    rows = store.actions_after(table.id, 0, limit=None)
    return [
        {
            "number": a.number,
            "seat": a.seat,
            "type": a.type,
            "payload": a.payload,
            "undone": a.undone,
            "public": a.public,
            "private": a.private,
        }
        for a in rows
    ]


def undo(
    code: str,
    token: str | None,
    body: dict,
    idempotency: tuple[str, str] | None,
    presence_seconds: float = 40,
) -> Outcome:
    """Revert the last game action in effect by replaying the log without it."""

    def change(table: TableRow, actor: Actor | None) -> Change:
        assert actor is not None
        _check_expected(table, actor, body.get("expected"), presence_seconds)
        if table.status == "lobby":
            raise Problem(409, "not_playing", "Nothing to undo before the game starts.")
        if table.status == "finished":
            # The seed is public once the game is over: an undo then could fish for cards.
            raise Problem(409, "game_over", "The game is over; its log is final.")
        target = store.last_in_effect(table.id, NON_GAME)
        if target is None:
            raise Problem(409, "nothing_to_undo", "There is no action to undo.")
        if actor.role != "host" and actor.number != target.seat:
            raise Problem(
                403, "undo_not_yours", "Only the host or the player who acted can undo it."
            )
        game = _game_for(table)
        entries = log_entries(table) + [
            {
                "number": table.seq + 1,
                "seat": actor.number,
                "type": "undo",
                "payload": {"target": target.number},
            }
        ]
        replayed = replay(
            game,
            content=table.content,
            variant=table.variant,
            options=table.options,
            seed=bytes.fromhex(table.seed),
            entries=entries,
        )
        table.undone.append(target.number)
        table.state = replayed.state
        table.status = "playing" if game.result(replayed.state) is None else "finished"
        table.finished_at = None if table.status == "playing" else table.finished_at
        who = next((s.name for s in table.seats if s.number == actor.number), "Host")
        action = _append(
            table,
            actor.number,
            "undo",
            {"target": target.number},
            [
                {
                    "text": f"{who} undid action {target.number} ({target.type}).",
                    "target": target.number,
                }
            ],
            idempotency[0] if idempotency else None,
        )
        return _logged(table, actor, action, presence_seconds)

    return _locked_change(code, token, idempotency, change)


def reissue(
    code: str, token: str | None, number: int, idempotency: tuple[str, str] | None
) -> Outcome:
    """The host gives a seat a new token (lost phone); the old one stops working."""

    def change(table: TableRow, actor: Actor | None) -> Change:
        assert actor is not None
        if actor.role != "host":
            raise Problem(403, "host_only", "Only the host can re-issue a seat.")
        seat = next((s for s in table.seats if s.number == number and s.role == "player"), None)
        if seat is None:
            raise Problem(404, "unknown_seat", f"There is no seat {number}.")
        new, nonce = new_token()
        seat.token_hash = hash_token(new)
        return Change(200, {"seat": seat_dict(seat, 40), "token": new}, new, nonce, logged=False)

    return _locked_change(code, token, idempotency, change)


def export(table) -> dict:
    """Everything needed to verify a finished game: the log, the options and the seed."""
    if table.status != "finished":
        raise Problem(409, "not_finished", "The export opens once the game is over.")
    game = _game_for(table)
    return {
        "format": "tableapp-export/1",
        "code": table.code,
        "game": table.game,
        "variant": table.variant,
        "options": table.options,
        "content": table.content,
        "seed": table.seed,
        "seed_commitment": table.seed_commitment,
        "seats": [
            seat_dict(s, 0) | {"colour": s.colour} for s in table.seats if s.role == "player"
        ],
        "actions": log_entries(table),
        "final_state": game.reveal(table.state),
        "result": game.result(table.state),
    }


def purge_idempotency(hours: int) -> int:
    cutoff = utcnow() - timedelta(hours=hours)
    result = db.session.execute(
        delete(IdempotentResponse).where(IdempotentResponse.created_at < cutoff)
    )
    db.session.commit()
    return result.rowcount or 0
