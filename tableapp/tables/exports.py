"""After the end: the rematch, and the export ``tableapp verify`` checks."""

from __future__ import annotations

from ..database import store
from ..database.store import TableRow
from ..engine import HOST, M
from ..problems import Problem
from .change import locked_change
from .core import EXPORT_FORMAT, Actor, Change, Outcome, game_for
from .lobby import created, new_table
from .log import append, log_entries, rematch_event
from .views import contributions, seat_dict


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
        game = game_for(table)
        new, new_token_, nonce = new_table(
            game, table.variant, table.options, table.content, table.content_origin
        )
        append(
            table,
            HOST,
            "rematch",
            {"code": new.code},
            [rematch_event(game, new.code)],
            idempotency[0] if idempotency else None,
        )
        # The host's token of the new table is handed back to a repeat of this request
        # only: its scope is the old table's host token, which the caller had to present.
        return Change(201, created(new, new_token_), new_token_, nonce)

    return locked_change(code, token, idempotency, change)


def export(table) -> dict:
    """Everything needed to verify a finished game: the log, the options and the seed."""
    if table.status != "finished":
        raise Problem(409, "not_finished", M("table.refuse.not_finished"))
    game = game_for(table)
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
