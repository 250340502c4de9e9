"""What a bearer reads: the view, the log as it may see it, presence, the undo request's
prompt and answers."""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from flask import current_app, has_request_context, request

from .. import catalog
from ..auth import hash_token
from ..database import log_reads, store
from ..database.extensions import db
from ..database.models import utcnow
from ..database.store import SeatRow, TableRow
from ..engine import HOST, M, seat_ref
from ..engine.game import action as action_spec
from ..problems import Problem
from ..texts.i18n import Renderer, request_language
from .core import COLOURS, UNDO_ANSWERS, Actor, viewer_of
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


def _compute(_key: tuple, compute: Callable[[], Any]) -> Any:
    return compute()


def render_view(
    table: TableRow,
    actor: Actor | None,
    presence_seconds: float = 15,
    renderer: Renderer | None = None,
    memo: Callable[[tuple, Callable[[], Any]], Any] = _compute,
) -> dict:
    """The view for one bearer (None: the table screen), per DESIGN's shape, in the bearer's
    language. ``memo(key, compute)``: where the game's work may already be done for this
    action (:class:`ViewCache`): the game's part is keyed by the viewer's seat (the table
    screen and the host share the public one), the legal actions by the bearer.

    Long because its second half is the view's shape itself, one key a line, as DESIGN's
    contract lists them."""
    game = catalog.game(table.game)
    players = [s for s in table.seats if s.role == "player"]
    me = None if actor is None else {"seat": actor.number or None, "role": actor.role}
    viewer = actor.number if actor is not None and actor.role == "player" else None
    result = None
    if table.status == "lobby":
        prompt, actions, game_view = _lobby(game, actor, len(players))
    else:
        state = table.state
        # The prompt and the result are the same for every bearer: once per action.
        prompt, result = memo(("public",), lambda: (game.prompt(state), game.result(state)))
        game_view = memo(("game", viewer), lambda: game.view(state, viewer))
        actions = []
        if actor is not None and table.status == "playing":
            actions = memo(
                ("actions", actor.role, actor.number),
                lambda: game.legal_actions(state, actor.number),
            )
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
    # The prompt is localized already (its question picked above): the rest, part by part.
    return {k: (v if k == "prompt" else renderer.localize(v)) for k, v in view.items()}


def _lobby(game, actor: Actor | None, joined: int) -> tuple[dict, list, dict]:
    """A lobby's prompt, the host's start once enough players joined, and the game's part
    (how many players it takes, the colours)."""
    low, high = game.players
    can_start = low <= joined <= high
    prompt = {
        "waiting_for": [HOST],
        **(
            M("table.lobby.ready", count=joined)
            if can_start
            else M("table.lobby.waiting", count=joined, min=low, max=high)
        ),
    }
    actions = []
    if actor is not None and actor.role == "host" and can_start:
        actions = [{"type": "start", "label": M("table.action.start"), "params": {}}]
    return prompt, actions, {"players": {"min": low, "max": high}, "colours": lobby_colours(game)}


class ViewCache:
    """Views as of one action, shared by this process's open streams (a small LRU).

    Every stream of a table wakes for the same entry: the first that needs a view computes
    it, the others (the same bearer's other phones, the same kind of bearer in the same
    language) get the same one. Keys start with the table's id and code (a purged table's
    views never reach a later table with the same id) and the action number; then
    ``("public",)`` for the prompt and the result (the same for every bearer), ``("game",
    viewer seat)`` for the game's part (shared by the table screen and the host),
    ``("actions", role, seat)`` for the legal actions, ``("view", role, seat, language)``
    for the rendered view. The newest loaded table is held too (one read per action per
    process, or none when this process committed it).
    """

    def __init__(self, size: int = 2048, tables: int = 1024) -> None:
        self.size = size
        self.tables = tables
        self._lock = threading.Lock()
        self._held: OrderedDict[tuple, Any] = OrderedDict()
        self._tables: OrderedDict[tuple[int, str], TableRow] = OrderedDict()
        self._computing: dict[tuple, threading.Lock] = {}
        self.computed: Counter[str] = Counter()  # how many of each kind were computed
        self.loads = 0

    def get(self, key: tuple, compute: Callable[[], Any]) -> Any:
        """The value held for ``key``, else ``compute()``'s (once, however many ask)."""
        with self._lock:
            if key in self._held:
                self._held.move_to_end(key)
                return self._held[key]
            computing = self._computing.setdefault(key, threading.Lock())
        with computing:
            with self._lock:
                if key in self._held:
                    return self._held[key]
            try:
                value = compute()
                with self._lock:
                    self._held[key] = value
                    self.computed[key[3]] += 1
                    while len(self._held) > self.size:
                        self._held.popitem(last=False)
                return value
            finally:
                with self._lock:
                    self._computing.pop(key, None)

    def keep(self, table: TableRow, key: tuple, value: Any) -> None:
        """Hold ``value`` for ``key`` as of ``table``'s last action, computed elsewhere (the
        answer to the action, rendered once it was committed): counted as computed."""
        at = (table.id, table.code, table.seq) + key
        with self._lock:
            if at not in self._held:
                self._held[at] = value
                self.computed[key[0]] += 1
                while len(self._held) > self.size:
                    self._held.popitem(last=False)

    def held(self, table: TableRow, seq: int, key: tuple) -> Any:
        """What is held for ``key`` as of action ``seq`` of ``table`` (None: nothing)."""
        with self._lock:
            return self._held.get((table.id, table.code, seq) + key)

    def hold_table(self, table: TableRow) -> None:
        """Keep ``table`` as committed (the action path hands it over after its commit)."""
        key = (table.id, table.code)
        with self._lock:
            held = self._tables.get(key)
            if held is None or held.seq <= table.seq:
                self._tables[key] = table
            self._tables.move_to_end(key)
            while len(self._tables) > self.tables:
                self._tables.popitem(last=False)

    def table_at(self, key: tuple[int, str], seq: int, load: Callable[[], TableRow | None]):
        """The table as of action ``seq`` or later: the held one, else ``load()``'s."""
        with self._lock:
            held = self._tables.get(key)
            if held is not None and held.seq >= seq:
                return held
            computing = self._computing.setdefault(key, threading.Lock())
        with computing:
            with self._lock:
                held = self._tables.get(key)
                if held is not None and held.seq >= seq:
                    return held
            try:
                table = load()
                self.loads += 1
                if table is not None and (table.id, table.code) == key:
                    self.hold_table(table)
                return table
            finally:
                with self._lock:
                    self._computing.pop(key, None)

    def view(
        self,
        table: TableRow,
        actor: Actor | None,
        lang: str,
        presence_seconds: float,
    ) -> dict:
        """``actor``'s view of ``table`` in ``lang`` (as GET /api/tables/{code} renders it),
        computed once per action, bearer kind and language."""
        at = (table.id, table.code, table.seq)
        role, number = (actor.role, actor.number) if actor is not None else (None, None)

        def memo(key: tuple, compute: Callable[[], Any]) -> Any:
            return self.get(at + key, compute)

        def compute() -> dict:
            renderer = texts(table, lang, you=viewer_of(actor))
            return render_view(table, actor, presence_seconds, renderer, memo)

        return memo(("view", role, number, lang), compute)


view_cache = ViewCache()


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
    payload = log_reads.start_payload(table.id) if table.id is not None else None
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
    return [entry_for(a, viewer, renderer) for a in log_reads.actions_after(table.id, after, limit)]
