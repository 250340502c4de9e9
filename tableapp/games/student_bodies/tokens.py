"""Face-down tokens and the two doors (the rulebook's "Checking Corpses and Beakers", "Opening the
Science Lab", "Opening the Fire Doors"; SB-S3, SB-S5, SB-P5, SB-P6).

Corpse tokens are a face-down pool (``engine.decks.pool``): a token has no identity until it is
checked, then it is drawn from every token still face down (SB-S5). When a corpse must be
placed and none is left face down off the board, the used ones are shuffled back. Beakers work
the same way, from the 6 (or 7) set aside at setup, whose mix nobody knows (SB-S3).
"""

from __future__ import annotations

from tableapp.engine import Ctx, Flow, M, board_step, decks, seat_ref

from . import combat, players
from .state import (
    State,
    item_name,
    kind_name,
    place_corpses,
    player,
    ruling,
    scenario_name,
)
from .turn import discard, place_new_item

#: What a Set Up card asks the table to place, in words with their counts.
_PLACE = {
    "zombies": lambda n: M("sb.n.zombies", count=n),
    "corpses": lambda n: M("sb.n.corpses", count=n),
    "obstacles": lambda n: M("sb.n.obstacles", count=n),
    "spawn_points": lambda n: M("sb.n.spawn_points", count=n),
    "lockers": lambda n: M("sb.n.lockers", count=n),
    "beakers": lambda n: M("sb.n.beakers", count=n),
    "exits": lambda n: M("sb.n.exits", count=n),
}


def placing(card: dict) -> list[dict]:
    """``[3 zombies, 2 corpse tokens face down, …]`` for what a card shows (zeros left out)."""
    return [make(card[k]) for k, make in _PLACE.items() if card.get(k)]


def check_corpse(state: State, seat: int, ctx: Ctx) -> None:
    """SB-P5: an Item (draw one), nothing, or a bite the player may defend."""
    c = state["corpses"]
    kind = decks.reveal(c, ctx.rng, reuse=False)
    c["board"] -= 1
    ruling(
        state,
        ctx,
        M("sb.corpse.checked", seat=seat_ref(seat), what=kind_name(state, "corpses", kind)),
        "SB-P5",
        M("sb.reason.corpse", seat=seat_ref(seat)),
        seat=seat,
        corpse=kind,
    )
    if kind == "item":
        gain_item(state, seat, ctx)
    elif kind == "bite":
        Flow.push(state, combat.attack_step({"corpse": True}, seat, "bite", "SB-P5"))


def gain_item(state: State, seat: int, ctx: Ctx) -> None:
    item_id = decks.draw_one(
        state["item_deck"],
        ctx.rng,
        on_reshuffle=lambda: ctx.say(M("sb.reshuffle.items"), deck="items"),
    )
    if item_id is None:
        ctx.say(M("sb.item.none_left"), rule="SB-P5")
        return
    where = place_new_item(state, seat, item_id)
    ctx.say(
        M(
            "sb.item.gained",
            seat=seat_ref(seat),
            item=item_name(state, item_id),
            where=WHERE[where],
        ),
        seat=seat,
        item=item_id,
        where=where,
    )


WHERE = {
    "weapon": M("sb.where.weapon"),
    "slot": M("sb.where.slot"),
    "backpack": M("sb.where.backpack"),
}


def check_beaker(state: State, seat: int, ctx: Ctx) -> None:
    """SB-S3: Antidote; +1 stamina at the end of the turn; heal 1; discard the hand; poison
    (a wound) or knocked down, none of which can be defended."""
    kind = decks.reveal(state["beakers"], ctx.rng, reuse=False)
    info = state["beaker_info"]
    info["board"] -= 1
    info["found"][kind] = info["found"].get(kind, 0) + 1
    p = player(state, seat)
    ruling(
        state,
        ctx,
        M("sb.beaker.checked", seat=seat_ref(seat), what=kind_name(state, "beakers", kind)),
        "SB-S3",
        BEAKER_REASONS[kind],
        seat=seat,
        beaker=kind,
    )
    cause = M("sb.cause.beaker")
    if kind == "antidote":
        p["antidote"] = True
    elif kind == "stamina":
        p["bonus"] += 1
    elif kind == "heal":
        players.heal(state, seat, 1, ctx, cause)
    elif kind == "discard":
        discard(state, seat, list(state["hands"][str(seat)]), ctx, "SB-S3")
    elif kind == "knockdown":
        players.knock_down(state, seat, ctx, cause, "SB-S3")
    else:
        players.wound(state, seat, ctx, cause, "SB-S3")


BEAKER_REASONS = {
    "antidote": M("sb.reason.beaker.antidote"),
    "stamina": M("sb.reason.beaker.stamina"),
    "heal": M("sb.reason.beaker.heal"),
    "discard": M("sb.reason.beaker.discard"),
    "poison": M("sb.reason.beaker.poison"),
    "knockdown": M("sb.reason.beaker.knockdown"),
}


def open_lab(state: State, seat: int, ctx: Ctx) -> None:
    """SB-P6: the Lab card is revealed, its reserved zombies go on its icons (any it has no
    icon for join the pool), the beakers go face down on their spaces."""
    card_key = state["sealed"]["lab"]
    card = state["content"]["scenario"]["lab"][card_key]
    state["revealed"]["lab"] = card_key
    z = state["zombies"]
    placed = min(card["zombies"], z["lab"])
    z["board"] += placed
    z["pool"] += z["lab"] - placed
    z["lab"] = 0
    info = state["beaker_info"]
    info["board"] = info["total"]
    ruling(
        state,
        ctx,
        M(
            "sb.lab.opens",
            seat=seat_ref(seat),
            card=scenario_name(state, "lab", card_key),
            place=placing(
                {"zombies": placed, "beakers": info["total"], "obstacles": card["obstacles"]}
            ),
        ),
        "SB-P6",
        M("sb.reason.lab"),
        seat=seat,
        lab=card_key,
        zombies=placed,
    )
    place_corpses(state, card["corpses"], ctx, M("sb.corpse.where_card"))
    board_step(
        state,
        M(
            "sb.board.lab",
            card=scenario_name(state, "lab", card_key),
            place=placing(
                {
                    "zombies": placed,
                    "beakers": info["total"],
                    "obstacles": card["obstacles"],
                    "corpses": card["corpses"],
                }
            ),
        ),
        [seat],
    )


def open_fire_doors(state: State, seat: int, ctx: Ctx) -> None:
    """SB-P6: only for a player who left the Lab with an Antidote; the Exit card is revealed and
    its reserved zombies placed, the extra ones join the pool."""
    card_key = state["sealed"]["exit"]
    card = state["content"]["scenario"]["exit"][card_key]
    state["revealed"]["exit"] = card_key
    z = state["zombies"]
    placed = min(card["zombies"], z["exit"])
    extra = z["exit"] - placed
    z["board"] += placed
    z["pool"] += extra
    z["exit"] = 0
    ruling(
        state,
        ctx,
        M(
            "sb.exit.opens",
            seat=seat_ref(seat),
            card=scenario_name(state, "exit", card_key),
            place=placing(
                {"zombies": placed, "obstacles": card["obstacles"], "exits": card["exits"]}
            ),
            extra=extra,
        ),
        "SB-P6",
        M("sb.reason.exit"),
        seat=seat,
        exit=card_key,
        zombies=placed,
        extra=extra,
    )
    place_corpses(state, card["corpses"], ctx, M("sb.corpse.where_card"))
    board_step(
        state,
        M(
            "sb.board.exit",
            card=scenario_name(state, "exit", card_key),
            place=placing(
                {
                    "zombies": placed,
                    "obstacles": card["obstacles"],
                    "exits": card["exits"],
                    "corpses": card["corpses"],
                }
            ),
            extra=extra,
        ),
        [seat],
    )


def loot(state: State, seat: int, item_id: str, ctx: Ctx) -> None:
    """A living player takes one Item a second-time dead player left, once per turn (SB-P1)."""
    owner = next(s for s, items in state["dead_items"].items() if item_id in items)
    state["dead_items"][owner].remove(item_id)
    player(state, seat)["looted"] = state["turn_no"]
    where = place_new_item(state, seat, item_id)
    ruling(
        state,
        ctx,
        M(
            "sb.loots",
            seat=seat_ref(seat),
            item=item_name(state, item_id),
            owner=seat_ref(int(owner)),
        ),
        "SB-P1",
        M("sb.reason.loot"),
        seat=seat,
        item=item_id,
        where=where,
    )
