"""What a bearer reads: the view, the log as it may see it, presence, the undo request's
prompt and answers."""

from __future__ import annotations

from datetime import timedelta

from flask import current_app, has_request_context, request

from .. import catalog, store
from ..auth import hash_token
from ..engine import HOST, M, seat_ref
from ..engine.game import action as action_spec
from ..extensions import db
from ..i18n import Renderer, request_language
from ..models import utcnow
from ..problems import Problem
from ..store import SeatRow, TableRow
from .common import COLOURS, UNDO_ANSWERS, Actor
from .log import action_named


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
            prompt = undo_prompt(table)
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


def undo_prompt(table: TableRow) -> dict:
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
