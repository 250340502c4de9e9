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
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from types import SimpleNamespace

from flask import current_app, has_request_context, request
from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError

from . import catalog, codec, events, labels, store
from .auth import hash_token, new_token, token_from_nonce
from .engine import HOST, M, Rng, RuleError, seat_ref, validate_params
from .engine.game import action as action_spec
from .engine.game import validate_options
from .engine.replay import NON_GAME, genesis, link, replay
from .engine.rng import commitment, effective_seed
from .extensions import db
from .i18n import Renderer, request_language
from .models import IdempotentResponse, utcnow
from .problems import Problem
from .store import SeatRow, TableRow

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud, typed on phones
CODE_LENGTH = 6
#: Colour-blind-safe seat colours (Okabe–Ito), each shown with its letter on screens.
COLOURS = ["orange", "sky", "green", "yellow", "blue", "vermilion", "purple", "grey"]
TOKEN_MARK = "\u2063tableapp:token\u2063"  # where a stored answer gets its token back
#: The shell's answers to a pending undo request, posted to /actions like any action.
UNDO_ANSWERS = ("approve_undo", "refuse_undo", "cancel_undo")
#: An action refreshes its seat's ``last_seen`` only when older than this (presence is
#: counted in seconds; a write per action would cost more than it tells).
TOUCH_SECONDS = 5
#: The export's format, bound into every log's genesis.
EXPORT_FORMAT = "tableapp-export/1"


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
        raise Problem(404, "unknown_table", M("table.refuse.unknown", code=code))
    return table


def identify(table: TableRow, token: str | None, *, required: bool = False) -> Actor | None:
    """The bearer's seat at this table; 401 for a token that is not one of its seats."""
    if token is None:
        if required:
            raise Problem(401, "missing_token", M("table.refuse.missing_token"))
        return None
    digest = hash_token(token)
    seat = next((s for s in table.seats if s.token_hash == digest), None)
    if seat is None:
        raise Problem(401, "bad_token", M("table.refuse.bad_token"))
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


def presence(code: str, token: str | None, window: float, *, ping: bool = False) -> dict:
    """Who is connected at table ``code``: a seat is while its phone said so (a ping, an
    action, its stream opening) within ``window`` seconds. ``ping``: the bearer's phone says
    it is there (a player's seat only; 401 for a token that is not one of the table's). The
    answer also tells a phone how often to ping (a third of the window), so that a phone gone
    silent reads "not connected" within the window and one ping interval."""
    rows = store.presence_rows(code)
    if not rows:
        raise Problem(404, "unknown_table", M("table.refuse.unknown", code=code))
    now = utcnow()
    seen_now: set[int] = set()
    if ping or token is not None:
        if token is None:
            raise Problem(401, "missing_token", M("table.refuse.missing_token"))
        digest = hash_token(token)
        mine = next((r for r in rows if r.token_hash == digest), None)
        if mine is None:
            raise Problem(401, "bad_token", M("table.refuse.bad_token"))
        fresh = mine.last_seen is not None and now - mine.last_seen < timedelta(seconds=window / 4)
        if ping and mine.role == "player" and not fresh:
            store.mark_seen([mine.id], now, write=True)
            db.session.commit()
            seen_now.add(mine.id)
    limit = timedelta(seconds=window)
    return {
        "seconds": window,
        "ping_seconds": window / 3,
        "seats": [
            {
                "id": r.number,
                "connected": r.id in seen_now
                or (r.last_seen is not None and now - r.last_seen <= limit),
            }
            for r in rows
            if r.role == "player"
        ],
    }


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


def seat_colours(game) -> list[str]:
    """The colours a player may join in: the game's box colours where it has some (as seat
    colours), else every seat colour."""
    box = getattr(game, "definition", None) and game.definition.colours
    return list(box) if box else list(COLOURS)


def lobby_colours(game) -> list[str] | dict[str, str]:
    """What the lobby offers: a game with colours in its box sends ``{seat colour: the box's
    colour}`` so the phone names each as the game will ("Red", not "vermilion"); another game
    the list of seat colours."""
    box = getattr(game, "definition", None) and game.definition.colours
    return dict(box) if box else list(COLOURS)


def join_url(code: str) -> str:
    """The address a phone opens to join: the configured public URL, else this request's host."""
    base = current_app.config.get("PUBLIC_URL")
    if not base:
        base = request.host_url if has_request_context() else "http://localhost:8000/"
    return f"{base.rstrip('/')}/join/{code}"


def texts(table: TableRow, lang: str | None = None, you: int | None = None) -> Renderer:
    """Renders this table's messages in ``lang`` (default: the request's language), naming
    each seat's player; ``you``: the seat whose phone reads them (its texts say "You…")."""
    names = {s.number: s.name for s in table.seats if s.role == "player"}
    return Renderer(lang or request_language(), names, game=table.game, you=you)


def render_view(
    table: TableRow,
    actor: Actor | None,
    presence_seconds: float = 15,
    renderer: Renderer | None = None,
) -> dict:
    """The view for one bearer (None: the table screen), per DESIGN's shape, in the bearer's
    language."""
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
            **(
                M("table.lobby.ready", count=len(players))
                if can_start
                else M("table.lobby.waiting", count=len(players), min=low, max=high)
            ),
        }
        actions = []
        if actor is not None and actor.role == "host" and can_start:
            actions = [{"type": "start", "label": M("table.action.start"), "params": {}}]
        game_view: dict = {"players": {"min": low, "max": high}, "colours": lobby_colours(game)}
    else:
        state = table.state
        prompt = game.prompt(state)
        actions = []
        if actor is not None and table.status == "playing":
            actions = game.legal_actions(state, actor.number)
        game_view = game.view(state, viewer)
        result = game.result(state)
        if table.undo_request is not None and table.status == "playing":
            # The game waits for the answer: only approve, refuse (others) or cancel (the asker).
            prompt = _undo_prompt(table)
            actions = undo_answers(table, actor)
    renderer = renderer or texts(table, you=viewer)
    prompt = renderer.localize(prompt)
    asked = prompt.pop("ask", None)
    if asked and actor is not None and actor.number in prompt.get("waiting_for", ()):
        prompt["text"] = asked  # the seats asked read the question put to them
    view = {
        "code": table.code,
        "game": table.game,
        "game_name": game.name,
        "pack": table.content_origin,
        "rematch": store.rematch_of(table.id) if table.status == "finished" else None,
        "variant": table.variant,
        "options": table.options,
        "status": table.status,
        "seq": table.seq,
        "join_url": join_url(table.code),
        "seed_commitment": table.seed_commitment,
        "log_head": table.log_head,
        "seed": table.seed if table.status == "finished" else None,
        "seats": [seat_dict(s, presence_seconds) for s in players],
        "me": me,
        "prompt": prompt,
        "actions": actions,
        "game_view": game_view,
        "result": result,
        "undo_request": _public_request(table),
        "contributions": contributions(table) if table.status == "finished" else None,
    }
    return {**renderer.localize(view), "prompt": prompt}


def _public_request(table: TableRow) -> dict | None:
    request = table.undo_request
    if request is None:
        return None
    return {
        "seq": request["number"],
        "seat": request["seat"],
        "target": request["target"],
        "type": request["type"],
    }


def action_named(request_or_target) -> dict:
    """How texts name the action an undo is about: its number and what its first event said
    ("action 5: Ana drew a card.")."""
    if isinstance(request_or_target, dict):
        number, event = request_or_target["target"], request_or_target.get("event")
    else:
        number = request_or_target.number
        event = next(iter(request_or_target.public or []), None)
    if isinstance(event, dict) and "msg" in event:
        return M(
            "undo.what", number=number, event={"msg": event["msg"], "args": event.get("args") or {}}
        )
    return M("undo.what.bare", number=number)


def _undo_prompt(table: TableRow) -> dict:
    request = table.undo_request
    others = [s.number for s in table.seats if s.role == "player" and s.number != request["seat"]]
    return {
        "waiting_for": [*others, HOST],
        **M("undo.pending", seat=seat_ref(request["seat"]), what=action_named(request)),
        "ask": M("undo.pending.ask", seat=seat_ref(request["seat"]), what=action_named(request)),
    }


def undo_answers(table: TableRow, actor: Actor | None) -> list[dict]:
    """What a bearer may do about the pending undo request: the asker may withdraw it, every
    other seat and the host may approve or refuse it (the first answer decides)."""
    request = table.undo_request
    if actor is None or request is None:
        return []
    asker, what = seat_ref(request["seat"]), action_named(request)
    if actor.role == "player" and actor.number == request["seat"]:
        return [action_spec("cancel_undo", M("undo.action.cancel", what=what))]
    return [
        action_spec("approve_undo", M("undo.action.approve", seat=asker, what=what)),
        action_spec("refuse_undo", M("undo.action.refuse", seat=asker)),
    ]


def contributions(table: TableRow) -> list[dict]:
    """Each seat's random contribution to the effective seed, in seat order ([] before the
    start, and for a table started before contributions existed)."""
    payload = store.start_payload(table.id) if table.id is not None else None
    return list((payload or {}).get("contributions") or [])


def entry_for(action, viewer: int | None, renderer: Renderer) -> dict:
    """A log entry as ``viewer`` may see it: public events plus only its own private parts,
    each with its message and its text in the renderer's language."""
    entry = {
        "seq": action.number,
        "type": action.type,
        "seat": action.seat,
        "events": renderer.events(action.public),
        "undone": action.undone,
        "at": action.created_at.isoformat() + "Z",
        "log_head": action.head,
    }
    if action.type in ("undo", "undo_request", *UNDO_ANSWERS):
        entry["target"] = action.payload.get("target")
    if getattr(action, "reveals", False):
        entry["reveals"] = True  # undoing it needs another player's OK
    if viewer is not None:
        mine = action.private.get(str(viewer))
        if mine:
            entry["private"] = renderer.events(mine)
    return entry


def read_log(table: TableRow, viewer: int | None, after: int = 0, limit: int = 500) -> list[dict]:
    renderer = texts(table, you=viewer)
    return [entry_for(a, viewer, renderer) for a in store.actions_after(table.id, after, limit)]


def viewer_of(actor: Actor | None) -> int | None:
    return actor.number if actor is not None and actor.role == "player" else None


# --------------------------------------------------------------------------- writing


def _lock(code: str) -> TableRow:
    """Begin a transaction holding the table's write lock."""
    table = store.load_table(code, lock=True)
    if table is None:
        db.session.rollback()
        raise Problem(404, "unknown_table", M("table.refuse.unknown", code=code))
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
            M("table.refuse.key_reused"),
        )
    body = row.body
    if row.token_nonce:
        body = body.replace(TOKEN_MARK, token_from_nonce(row.token_nonce))
    elif TOKEN_MARK in body:
        # The first request proved nothing but the key, which is no secret (it is logged, and
        # another client may pick the same): its token is not handed to a repeat.
        raise Problem(
            409,
            "token_not_replayed",
            M("table.refuse.token_not_replayed"),
        )
    return Outcome(row.status, body.encode())


def _store(scope, key, req_hash, status, body: bytes, token=None, nonce=None) -> None:
    """Keep an answer for its Idempotency-Key. A token in it is kept only as ``nonce`` (see
    auth.py); without a nonce a repeat is refused instead of handed the token."""
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
    nonce: str | None = None  # None with a token: a repeat of the request is not given it
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
            problem = (
                error if isinstance(error, Problem) else Problem.from_rule(error, texts(table))
            )
            if problem.status == 409 and "view" not in problem.extra:
                table = store.load_table(table.code) or table  # as stored, not as edited
                problem.extra["view"] = render_view(table, actor)
            result = Change(problem.status, problem.body(texts(table)), logged=False)
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
    *,
    used_rng: bool = False,
    before: dict | None = None,
) -> SimpleNamespace:
    """Append one entry to the log with the next gap-free number (written by ``save``), linked
    to the chain: its ``head`` becomes the table's ``log_head``.

    A game action ``reveals`` when it showed its actor an outcome: it used the table's random
    stream (``used_rng``) or its events carry a private part for the actor. It keeps the state
    ``before`` it, which its undo restores."""
    public, private = split_events(produced)
    reveals = kind not in NON_GAME and (used_rng or bool(private.get(str(actor))))
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
        "reveals": reveals,
        "created_at": utcnow(),
        "before": before,
    }
    values["head"] = table.log_head = link(table.log_head, values)
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
    """Effective entries so far: every entry but undos, the entries they undid and the
    shell's entries (replay.py counts the same way)."""
    return table.seq - store.not_effective(table.id)


def _game_for(table: TableRow):
    return catalog.game(table.game)


def checked_pack(game, pack: dict | None) -> tuple[dict, str]:
    """The content a new table plays with and where it comes from: the game's built-in pack,
    or the host's own (``pack``), checked like a built-in one — each problem names the file,
    the card and the field."""
    if pack is None:
        return catalog.content(game.id), "builtin"
    from .content import pack_problems

    problems = pack_problems(game, pack)
    if problems:
        raise Problem(
            422,
            "bad_pack",
            M("table.refuse.bad_pack", count=len(problems)),
            errors={"pack": problems},
        )
    return pack, "custom"


def _new_table(game, variant, options, content: dict, origin: str) -> tuple[TableRow, str, str]:
    """A new table in the lobby with its host seat, inserted: (row, host token, its nonce)."""
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
        content_origin=origin,
    )
    table.log_head = log_genesis(table, content)
    table.seats.append(SeatRow(None, HOST, "host", "Host", None, hash_token(token), last_seen=None))
    store.insert_table(table, content)
    return table, token, nonce


def log_genesis(table, content: dict) -> str:
    """The head of the table's empty log: what it was opened with (engine/replay.py)."""
    return genesis(
        format=EXPORT_FORMAT,
        code=table.code,
        game=table.game,
        variant=table.variant,
        options=table.options,
        content=content,
        content_origin=table.content_origin,
        seed_commitment=table.seed_commitment,
    )


def _created(table: TableRow, token: str) -> dict:
    """A new table's answer: its code, the host token, the join URL, the commitment, the view."""
    return {
        "code": table.code,
        "host_token": token,
        "join_url": join_url(table.code),
        "seed_commitment": table.seed_commitment,
        "view": render_view(table, Actor(HOST, "host", hash_token(token))),
    }


def create_table(
    game_id: str,
    variant: str | None,
    options: dict | None,
    idempotency: tuple[str, str] | None,
    *,
    replay_token: bool = False,
    pack: dict | None = None,
) -> Outcome:
    """A new table in the lobby, with its host seat (number 0) and host token.

    ``replay_token``: the request carried a ``retry_secret``, so a repeat of it (same key and
    body, hence the same secret) may be handed the same host token; otherwise it is refused.
    ``pack``: the host's own content pack (the built-in one's format), checked first."""
    try:
        game = catalog.game(game_id)
        if variant is None and None not in game.variants:
            variant = game.variants[0]  # the game's first variant is its default
        if variant not in game.variants:
            raise Problem(
                422,
                "unknown_variant",
                M("table.refuse.variant", game=game.name, variant=str(variant)),
                errors={"variant": [labels.one_of(labels.variant_names(game))]},
            )
        options = validate_options(game.options, options)
    except RuleError as error:
        raise Problem.from_rule(error) from None
    content, origin = checked_pack(game, pack)
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
    table, token, nonce = _new_table(game, variant, options, content, origin)
    body = _dumps(_created(table, token))
    try:
        if idempotency:
            _store(scope, *idempotency, 201, body, token, nonce if replay_token else None)
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


def join(
    code: str,
    name: str,
    colour: str | None,
    idempotency: tuple[str, str] | None,
    *,
    contribution: str | None = None,
    replay_token: bool = False,
) -> Outcome:
    """Take the next seat in the lobby; logged so every phone sees who joined.

    ``contribution``: the phone's 32 random bytes (hex) for the effective seed; ``replay_token``
    as for :func:`create_table`."""

    def change(table: TableRow, actor: Actor | None) -> Change:
        if table.status != "lobby":
            raise Problem(409, "game_started", M("table.refuse.game_started"))
        game = _game_for(table)
        players = [s for s in table.seats if s.role == "player"]
        if len(players) >= game.players[1]:
            raise Problem(
                409, "table_full", M("table.refuse.full", game=game.name, max=game.players[1])
            )
        taken = {s.colour for s in players}
        offered = seat_colours(game)
        chosen = colour or next(c for c in offered if c not in taken)
        if chosen not in offered:
            # A game with colours in its box (Eat Zem All's Hordes): a player joins in one.
            raise Problem(
                422,
                "colour_not_offered",
                M("table.refuse.colour_not_offered", colour=chosen, game=game.name),
                errors={"colour": [labels.one_of(labels.colour_names(game.id, offered))]},
            )
        if chosen in taken:
            raise Problem(
                409,
                "colour_taken",
                M("table.refuse.colour_taken", colour=chosen),
                errors={"colour": [M("api.field.taken")]},
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
            {"name": name, "colour": chosen, "contribution": contribution},
            [join_event(number, name, chosen)],
            idempotency[0] if idempotency else None,
        )
        return Change(
            201, {"seat": seat_view, "token": token}, token, nonce if replay_token else None
        )

    return _locked_change(code, None, idempotency, change, token_required=False)


def _check_expected(table: TableRow, actor: Actor, expected: int | None, presence: float) -> None:
    """A phone that saw an older table gets a 409 with the fresh view, never a blind act."""
    if expected is not None and expected != table.seq:
        raise Problem(
            409,
            "stale",
            M("table.refuse.stale", seq=table.seq, expected=expected),
            view=render_view(table, actor, presence),
        )


def _checked_params(game, state: dict, seat: int, legal: list, kind: str, params) -> dict:
    """``params`` if ``legal`` lists them; otherwise the refusal, named by the game's ruling.

    The specs only say "not listed"; the rules know why (ZL-2: a copy is already there): the
    game is asked for its ruling, from what the seat may know. Whatever it says, an action
    that is not listed is refused.
    """
    try:
        return validate_params(legal, kind, params)
    except RuleError as refusal:
        ruling = game.explain(state, seat, {"type": kind, "params": params})
        if ruling is not None and ruling.rule:
            raise ruling from None
        raise refusal from None


def _logged(table: TableRow, actor: Actor, action, presence_seconds: float) -> Change:
    """An action's answer: the logged entry as the bearer sees it, and the new view."""
    renderer = texts(table, you=viewer_of(actor))
    return Change(
        201,
        {
            "action": entry_for(action, viewer_of(actor), renderer),
            "view": render_view(table, actor, presence_seconds, renderer),
        },
    )


def act(
    code: str,
    token: str | None,
    body: dict,
    idempotency: tuple[str, str] | None,
    presence_seconds: float = 15,
) -> Outcome:
    """Apply one action ``{"type", "params", "expected"}`` for the bearer."""

    def change(table: TableRow, actor: Actor | None) -> Change:
        assert actor is not None
        _check_expected(table, actor, body.get("expected"), presence_seconds)
        kind, params = body["type"], body.get("params") or {}
        game = _game_for(table)
        key = idempotency[0] if idempotency else None
        used_rng, before = False, None
        if kind in UNDO_ANSWERS:
            answer = _answer_undo(table, actor, kind, params, key)
            touch(table, actor)
            return _logged(table, actor, answer, presence_seconds)
        if kind == "start":
            produced, payload = _start(table, actor, game)
        else:
            if table.status != "playing":
                raise Problem(
                    409, "not_playing", M("table.refuse.not_playing", status=table.status)
                )
            if kind in NON_GAME:
                raise Problem(422, "action_not_available", M("table.refuse.not_game", type=kind))
            _no_undo_pending(table)
            state = table.state
            legal = game.legal_actions(state, actor.number)
            # Off-turn actions exist (an Instant Mutation): legal_actions decides, not the prompt.
            if not legal and actor.number not in game.prompt(state)["waiting_for"]:
                raise Problem(403, "not_your_turn", M("table.refuse.not_your_turn"))
            params = _checked_params(game, state, actor.number, legal, kind, params)
            rng = Rng(table.rng_seed, _effective(table))
            new_state, produced = game.apply(
                state, actor.number, {"type": kind, "params": params}, rng
            )
            used_rng, before = rng.used, state
            table.state = new_state
            if game.result(new_state) is not None:
                table.status = "finished"
                table.finished_at = utcnow()
            payload = params
        action = _append(
            table, actor.number, kind, payload, produced, key, used_rng=used_rng, before=before
        )
        touch(table, actor)
        return _logged(table, actor, action, presence_seconds)

    return _locked_change(code, token, idempotency, change)


def _start(table: TableRow, actor: Actor, game) -> tuple[list, dict]:
    if actor.role != "host":
        raise Problem(403, "host_only", M("table.refuse.host_starts"))
    if table.status != "lobby":
        raise Problem(409, "already_started", M("table.refuse.already_started"))
    seats = [s.number for s in table.seats if s.role == "player"]
    low, high = game.players
    if not low <= len(seats) <= high:
        raise Problem(
            422, "player_count", M("table.refuse.player_count", game=game.name, min=low, max=high)
        )
    # Commit–reveal with the phones' seeds: the server's seed was committed before anyone
    # joined; every phone's contribution goes into the seed the game plays with.
    joined = store.join_payloads(table.id)
    mixed = [{"seat": s, "contribution": (joined.get(s) or {}).get("contribution")} for s in seats]
    play_seed = effective_seed(bytes.fromhex(table.seed), mixed)
    table.play_seed = play_seed.hex()
    rng = Rng(play_seed, _effective(table))
    # The colour each player chose is theirs in a game with colours in its box.
    chosen = {s.number: s.colour for s in table.seats if s.role == "player"}
    table.state, dealt = game.begin(
        content=table.content,
        variant=table.variant,
        options=table.options,
        seats=seats,
        rng=rng,
        colours=chosen,
    )
    table.status = "playing"
    return start_events(seats, mixed, dealt), {
        "seats": seats,
        "contributions": mixed,
        "colours": chosen,
    }


# The shell's log entries' events, built the same way by the live path and by ``verify``.


def start_events(seats: list[int], mixed: list[dict], dealt: list) -> list:
    """The start's events: the start (players, contributions) and what the setup produced."""
    given = sum(1 for c in mixed if c.get("contribution"))
    return [M("table.started", count=len(seats), contributions=given), *dealt]


def join_event(number: int, name: str, colour: str | None) -> dict:
    """A join's event, with the seat it took (as the lobby shows it)."""
    seat = {"id": number, "position": number - 1, "name": name, "colour": colour}
    return {**M("table.joined", seat=seat_ref(number)), "seat": {**seat, "connected": True}}


def request_event(seat: int, target) -> dict:
    """An undo request's event: who asks to undo which action."""
    return {
        **M("undo.requested", seat=seat_ref(seat), what=action_named(target)),
        "target": target.number,
    }


def answer_event(kind: str, seat: int, asker: int, what: dict, target: int) -> dict:
    """The event of an answer to an undo request (approve, refuse, cancel); ``what`` names
    the action the request is about (:func:`action_named`)."""
    return {**_ANSWERS[kind](seat_ref(seat), seat_ref(asker), what), "target": target}


def moved_event(number: int) -> dict:
    """A re-issue's event: the host moved a seat to a new phone."""
    return {**M("seat.moved", seat=seat_ref(number)), "seat": number}


def rematch_event(game, code: str) -> dict:
    """The finished table's entry saying where the rematch is."""
    return {**M("table.rematch", game=game.name, code=code), "code": code}


def log_entries(table) -> list[dict]:
    rows = store.actions_after(table.id, 0, limit=None)
    return [
        {
            "number": a.number,
            "seat": a.seat,
            "type": a.type,
            "payload": a.payload,
            "undone": a.undone,
            "reveals": a.reveals,
            "public": a.public,
            "private": a.private,
            "head": a.head,
        }
        for a in rows
    ]


def undo(
    code: str,
    token: str | None,
    body: dict,
    idempotency: tuple[str, str] | None,
    presence_seconds: float = 15,
) -> Outcome:
    """Revert the last game action in effect: back to the state it kept from before it (what
    replaying the log without it gives).

    An action that showed its actor something (``reveals``) is not taken back on the actor's
    word alone: the seat's undo becomes a request (202) that another seat or the host approves
    or refuses. The host's undo is immediate. Either way, an applied undo of such an action
    shows everyone, in its public event, what the action had shown (no fishing).
    """

    def change(table: TableRow, actor: Actor | None) -> Change:
        assert actor is not None
        _check_expected(table, actor, body.get("expected"), presence_seconds)
        if table.status == "lobby":
            raise Problem(409, "not_playing", M("undo.refuse.lobby"))
        if table.status == "finished":
            # The seed is public once the game is over: an undo then could fish for cards.
            raise Problem(409, "game_over", M("undo.refuse.over"))
        _no_undo_pending(table)
        target = store.last_in_effect(table.id, NON_GAME)
        if target is None:
            raise Problem(409, "nothing_to_undo", M("undo.refuse.nothing"))
        if actor.role != "host" and actor.number != target.seat:
            raise Problem(403, "undo_not_yours", M("undo.refuse.not_the_actor"))
        key = idempotency[0] if idempotency else None
        if actor.role != "host" and reveals(target):
            asked = _request_undo(table, actor, target, key)
            answer = _logged(table, actor, asked, presence_seconds)
            answer.status = 202
            return answer
        done = _undo_now(table, actor.number, target, key, {})
        return _logged(table, actor, done, presence_seconds)

    return _locked_change(code, token, idempotency, change)


def reveals(entry) -> bool:
    """Whether undoing ``entry`` needs another player's OK: it showed its actor an outcome
    (an entry logged before the flag existed counts when it holds a private part)."""
    return bool(getattr(entry, "reveals", False) or (entry.private or {}).get(str(entry.seat)))


def _no_undo_pending(table: TableRow) -> None:
    request = table.undo_request
    if request is not None:
        raise Problem(
            409,
            "undo_pending",
            M("undo.refuse.pending", seat=seat_ref(request["seat"]), what=action_named(request)),
        )


def _request_undo(table: TableRow, actor: Actor, target, key: str | None) -> SimpleNamespace:
    entry = _append(
        table,
        actor.number,
        "undo_request",
        {"target": target.number},
        [request_event(actor.number, target)],
        key,
    )
    first = next(iter(target.public or []), None)
    table.undo_request = {
        "number": entry.number,
        "seat": actor.number,
        "target": target.number,
        "type": target.type,
        # what the action's first event said, to name it in prompts and buttons
        "event": {"msg": first["msg"], "args": first.get("args") or {}}
        if isinstance(first, dict) and "msg" in first
        else None,
    }
    return entry


#: The event of each answer to an undo request.
_ANSWERS = {
    "approve_undo": lambda seat, asker, what: M("undo.approved", seat=seat, asker=asker, what=what),
    "refuse_undo": lambda seat, asker, what: M("undo.refused", seat=seat, asker=asker, what=what),
    "cancel_undo": lambda seat, asker, what: M("undo.cancelled", asker=asker, what=what),
}


def _answer_undo(
    table: TableRow, actor: Actor, kind: str, params, key: str | None
) -> SimpleNamespace:
    """approve_undo / refuse_undo (another seat or the host) or cancel_undo (the asker)."""
    if table.status != "playing":
        raise Problem(409, "not_playing", M("table.refuse.not_playing", status=table.status))
    request = table.undo_request
    if request is None:
        raise Problem(409, "no_undo_request", M("undo.refuse.none"))
    asking = actor.role == "player" and actor.number == request["seat"]
    if kind == "cancel_undo" and not asking:
        raise Problem(403, "not_your_undo_request", M("undo.refuse.not_yours"))
    if kind != "cancel_undo" and asking:
        raise Problem(403, "own_undo_request", M("undo.refuse.own"))
    try:
        validate_params(undo_answers(table, actor), kind, params)
    except RuleError as error:
        raise Problem.from_rule(error, texts(table)) from None
    event = answer_event(
        kind, actor.number, request["seat"], action_named(request), request["target"]
    )
    table.undo_request = None
    entry = _append(
        table,
        actor.number,
        kind,
        {"request": request["number"], "target": request["target"]},
        [event],
        key,
    )
    if kind == "approve_undo":
        target = store.last_in_effect(table.id, NON_GAME)
        if target is None or target.number != request["target"]:  # the game waited: never
            raise Problem(
                409, "undo_target_moved", M("undo.refuse.moved", number=request["target"])
            )
        _undo_now(
            table,
            request["seat"],
            target,
            None,
            {"request": request["number"], "approved_by": actor.number},
        )
    return entry


def state_before(table: TableRow, target) -> dict:
    """The state just before ``target``, the last game action in effect: the one it kept,
    else (logged before actions kept it) the log replayed without it."""
    if getattr(target, "before", None) is not None:
        return target.before
    entries = log_entries(table) + [
        {
            "number": table.seq + 1,
            "seat": target.seat,
            "type": "undo",
            "payload": {"target": target.number},
        }
    ]
    return replay(
        _game_for(table),
        content=table.content,
        variant=table.variant,
        options=table.options,
        seed=bytes.fromhex(table.seed),
        entries=entries,
    ).state


def _undo_now(table: TableRow, undoer: int, target, key: str | None, extra: dict):
    """Take ``target`` back to the state before it (what replaying the log without it gives);
    log the undo with what the target had shown when it revealed something."""
    game = _game_for(table)
    table.undone.append(target.number)
    table.state = state_before(table, target)
    table.status = "playing" if game.result(table.state) is None else "finished"
    table.finished_at = None if table.status == "playing" else table.finished_at
    return _append(
        table,
        undoer,
        "undo",
        {"target": target.number, **extra},
        [undo_event(undoer, target)],
        key,
    )


def _message(part) -> dict | None:
    """A logged event or private part as a message alone (its ``msg`` and ``args``)."""
    if isinstance(part, dict) and "msg" in part:
        return {"msg": part["msg"], "args": part.get("args") or {}}
    return None


def undo_event(undoer: int, target) -> dict:
    """The undo's public event. For an action that revealed something: what it had shown its
    actor (each private part's ``seen``, else its message) becomes public, with what it had
    shown everyone (its public events), as messages and data."""
    seat, what, actor = seat_ref(undoer), action_named(target), seat_ref(target.seat)
    data = {"target": target.number}
    if not reveals(target):
        return {**M("undo.done", seat=seat, what=what, actor=actor), **data}
    private = list((target.private or {}).get(str(target.seat)) or [])
    seen = [p.get("seen") if isinstance(p.get("seen"), dict) else _message(p) for p in private]
    seen = [m for m in seen if m]
    shown = [m for m in (_message(p) for p in target.public or []) if m]
    data |= {"seen": private, "shown": list(target.public or [])}
    if seen:
        return {**M("undo.revealed", seat=seat, what=what, actor=actor, seen=seen), **data}
    return {**M("undo.revealed.public", seat=seat, what=what, actor=actor, shown=shown), **data}


def reissue(
    code: str, token: str | None, number: int, idempotency: tuple[str, str] | None
) -> Outcome:
    """The host gives a seat a new token (lost phone); the old one stops working. Logged
    publicly, so everyone (the old phone too) sees that the host moved the seat."""

    def change(table: TableRow, actor: Actor | None) -> Change:
        assert actor is not None
        if actor.role != "host":
            raise Problem(403, "host_only", M("seat.refuse.host_only"))
        seat = next((s for s in table.seats if s.number == number and s.role == "player"), None)
        if seat is None:
            raise Problem(404, "unknown_seat", M("seat.refuse.unknown", n=number))
        new, nonce = new_token()
        seat.token_hash = hash_token(new)
        _append(
            table,
            HOST,
            "reissue",
            {"seat": number},
            [moved_event(number)],
            idempotency[0] if idempotency else None,
        )
        return Change(200, {"seat": seat_dict(seat, 40), "token": new}, new, nonce)

    return _locked_change(code, token, idempotency, change)


def rematch(code: str, token: str | None, idempotency: tuple[str, str] | None) -> Outcome:
    """Play again: the host opens a new table with the same game, variant, options and pack;
    the finished table's log says where, so every phone offers its player the seat again in
    one tap. The answer is the new table's, as a create's (its host token for the host)."""

    def change(table: TableRow, actor: Actor | None) -> Change:
        assert actor is not None
        if actor.role != "host":
            raise Problem(403, "host_only", M("table.refuse.rematch_host"))
        if table.status != "finished":
            raise Problem(409, "not_finished", M("table.refuse.rematch_not_finished"))
        if store.rematch_of(table.id) is not None:
            raise Problem(409, "rematch_exists", M("table.refuse.rematch_exists"))
        game = _game_for(table)
        new, new_token_, nonce = _new_table(
            game, table.variant, table.options, table.content, table.content_origin
        )
        _append(
            table,
            HOST,
            "rematch",
            {"code": new.code},
            [rematch_event(game, new.code)],
            idempotency[0] if idempotency else None,
        )
        # The host's token of the new table is handed back to a repeat of this request
        # only: its scope is the old table's host token, which the caller had to present.
        return Change(201, _created(new, new_token_), new_token_, nonce)

    return _locked_change(code, token, idempotency, change)


def export(table) -> dict:
    """Everything needed to verify a finished game: the log, the options and the seed."""
    if table.status != "finished":
        raise Problem(409, "not_finished", M("table.refuse.not_finished"))
    game = _game_for(table)
    return {
        "format": EXPORT_FORMAT,
        "code": table.code,
        "game": table.game,
        "variant": table.variant,
        "options": table.options,
        "content": table.content,
        "seed": table.seed,
        "seed_commitment": table.seed_commitment,
        "contributions": contributions(table),
        "effective_seed": table.play_seed,
        "content_origin": table.content_origin,
        "log_head": table.log_head,
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
