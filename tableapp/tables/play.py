"""A game action (or the start, or an answer to an undo request) posted by a bearer."""

from __future__ import annotations

from ..database import log_reads
from ..database.models import utcnow
from ..database.store import TableRow
from ..engine import M, Rng
from ..engine.replay import NON_GAME
from ..engine.rng import effective_seed
from ..problems import Problem
from .change import check_expected, locked_change, logged
from .core import UNDO_ANSWERS, Actor, Change, Outcome, effective, game_for, touch
from .log import append, start_events
from .undos import answer_undo, no_undo_pending


def act(
    code: str,
    token: str | None,
    body: dict,
    idempotency: tuple[str, str] | None,
    presence_seconds: float = 15,
    patches: bool = False,
) -> Outcome:
    """Apply one action ``{"type", "params", "expected"}`` for the bearer."""

    def change(table: TableRow, actor: Actor | None) -> Change:
        assert actor is not None
        check_expected(table, actor, body.get("expected"), presence_seconds)
        kind, params = body["type"], body.get("params") or {}
        game = game_for(table)
        key = idempotency[0] if idempotency else None
        shown, before = False, None
        if kind in UNDO_ANSWERS:
            answer = answer_undo(table, actor, kind, params, key)
            touch(table, actor)
            return logged(table, actor, answer, presence_seconds)
        if kind == "start":
            produced, payload = _start(table, actor, game)
        else:
            if table.status != "playing":
                raise Problem(
                    409, "not_playing", M("table.refuse.not_playing", status=table.status)
                )
            if kind in NON_GAME:
                raise Problem(422, "action_not_available", M("table.refuse.not_game", type=kind))
            no_undo_pending(table)
            state = table.state
            legal = game.legal_actions(state, actor.number)
            # Off-turn actions exist (an Instant Mutation): legal_actions decides, not the prompt.
            if not legal and actor.number not in game.prompt(state)["waiting_for"]:
                raise Problem(403, "not_your_turn", M("table.refuse.not_your_turn"))
            move = {"type": kind, "params": params}
            # The game's one params check (Game.check), made before the rules' other refusals
            # so that an action not listed is refused by the specs or a ruling naming a rule;
            # apply makes it again on the same list.
            game.check(state, actor.number, move, legal)
            rng = Rng(table.rng_seed, effective(table))
            new_state, produced = game.apply(state, actor.number, move, rng, legal=legal)
            shown, before = rng.shown, state
            table.state = new_state
            if game.result(new_state) is not None:
                table.status = "finished"
                table.finished_at = utcnow()
            payload = params
        action = append(
            table, actor.number, kind, payload, produced, key, shown=shown, before=before
        )
        touch(table, actor)
        return logged(table, actor, action, presence_seconds)

    patch_from = body.get("expected") if patches else None
    return locked_change(code, token, idempotency, change, patch_from=patch_from)


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
    joined = log_reads.join_payloads(table.id)
    mixed = [{"seat": s, "contribution": (joined.get(s) or {}).get("contribution")} for s in seats]
    play_seed = effective_seed(bytes.fromhex(table.seed), mixed)
    table.play_seed = play_seed.hex()
    rng = Rng(play_seed, effective(table))
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
