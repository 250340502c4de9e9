"""Opening a table, taking a seat in its lobby, moving a seat to a new phone."""

from __future__ import annotations

import secrets

from sqlalchemy.exc import IntegrityError

from .. import catalog, codec
from ..auth import hash_token, new_token
from ..database import store
from ..database.extensions import db
from ..database.models import utcnow
from ..database.store import SeatRow, TableRow
from ..engine import HOST, M, RuleError
from ..engine.game import validate_options
from ..engine.replay import genesis
from ..engine.rng import commitment
from ..problems import Problem
from ..texts import labels
from .change import locked_change
from .core import CODE_ALPHABET, CODE_LENGTH, EXPORT_FORMAT, Actor, Change, Outcome, game_for
from .idempotency import keep_answer, stored_answer
from .log import append, join_event, moved_event
from .views import join_url, render_view, seat_colours, seat_dict


def new_seed() -> bytes:
    """A table's secret seed: 256 bits from the operating system's CSPRNG."""
    return secrets.token_bytes(32)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def checked_pack(game, pack: dict | None) -> tuple[dict, str]:
    """The content a new table plays with and where it comes from: the game's built-in pack,
    or the host's own (``pack``), checked like a built-in one — each problem names the file,
    the card and the field."""
    if pack is None:
        return catalog.content(game.id), "builtin"
    from ..content import listed, pack_problems

    problems = pack_problems(game, pack)
    if problems:
        raise Problem(
            422,
            "bad_pack",
            M("table.refuse.bad_pack", count=len(problems)),
            errors={"pack": listed(problems)},  # the first 20, then how many more
        )
    return pack, "custom"


def new_table(game, variant, options, content: dict, origin: str) -> tuple[TableRow, str, str]:
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


def created(table: TableRow, token: str) -> dict:
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
        stored = stored_answer(scope, *idempotency, ttl_hours=48)
        if stored is not None:
            db.session.rollback()
            return stored
    table, token, nonce = new_table(game, variant, options, content, origin)
    body = codec.dumps(created(table, token))
    try:
        if idempotency:
            keep_answer(scope, *idempotency, 201, body, token, nonce if replay_token else None)
        db.session.commit()
    except IntegrityError:
        # A parallel repeat of the same Idempotency-Key won the race: answer as it did.
        db.session.rollback()
        if idempotency:
            stored = stored_answer(scope, *idempotency, ttl_hours=48)
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
        game = game_for(table)
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
        append(
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

    return locked_change(code, None, idempotency, change, token_required=False)


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
        append(
            table,
            HOST,
            "reissue",
            {"seat": number},
            [moved_event(number)],
            idempotency[0] if idempotency else None,
        )
        return Change(200, {"seat": seat_dict(seat, 40), "token": new}, new, nonce)

    return locked_change(code, token, idempotency, change)
