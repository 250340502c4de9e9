"""Health, stamina and status per player; death, Smart Zombies and the end of the game (the
rulebook's "Player Death and Smart Zombies" and "Winning the Game"; SB-P1, SB-P4, SB-P7).

Every change is logged with its cause. A player at 0 Health is still standing until the end of
the turn (a Second Wind can save them); a wound they cannot take kills them at once (SB-P1).
"""

from __future__ import annotations

from tableapp.engine import Ctx, Flow, M, board_step, decks, moment, piles, seat_ref

from .state import (
    ESCAPED,
    IN_GAME,
    LIVING,
    OUT,
    SMART,
    State,
    box,
    gear,
    hand,
    item_name,
    player,
    ruling,
    seats_arg,
    seats_with,
    status,
)


def wound(state: State, seat: int, ctx: Ctx, cause: dict, rule: str) -> None:
    """One wound: flip a Health token (SB-P4); at 0 already, the player dies now (SB-P1).

    Callers do nothing after it: a death may end the turn, or the game, on the spot."""
    p = player(state, seat)
    if p["status"] not in IN_GAME:
        return
    if p["health"] == 0:
        ctx.say(M("sb.wound.fatal", seat=seat_ref(seat), cause=cause), rule="SB-P1", seat=seat)
        die(state, seat, ctx)
        return
    p["health"] -= 1
    ctx.say(
        M("sb.wound", seat=seat_ref(seat), cause=cause, health=p["health"]),
        rule=rule,
        reason=M("sb.reason.wound"),
        seat=seat,
        health=p["health"],
    )
    if p["health"] == 0:
        ruling(
            state,
            ctx,
            M("sb.zero_health", seat=seat_ref(seat)),
            "SB-P1",
            M("sb.reason.zero_health"),
            seat=seat,
        )


def heal(state: State, seat: int, n: int, ctx: Ctx, cause: dict) -> None:
    """Flip wounds back, 5 Health at most, Smart Zombies too (SB-P4)."""
    p = player(state, seat)
    gained = max(0, min(n, box(state, "health") - p["health"]))
    p["health"] += gained
    ctx.say(
        M("sb.heal", seat=seat_ref(seat), count=gained, cause=cause, health=p["health"]),
        rule="SB-P4",
        seat=seat,
        health=p["health"],
    )


def gain_stamina(state: State, seat: int, n: int, ctx: Ctx, cause: dict) -> None:
    p = player(state, seat)
    p["stamina"] += n
    ctx.say(
        M("sb.stamina.gain", seat=seat_ref(seat), count=n, cause=cause, stamina=p["stamina"]),
        rule="SB-P4",
        seat=seat,
        stamina=p["stamina"],
    )


def pay(state: State, seat: int, cost: int) -> None:
    """Stamina paid for an action (the caller checked it is there)."""
    player(state, seat)["stamina"] -= cost


def pay_for(state: State, seat: int, cost: int, cause: dict, ctx: Ctx) -> None:
    """Stamina paid, logged with what for and what is left (SB-P4)."""
    if cost <= 0:
        return
    pay(state, seat, cost)
    left = player(state, seat)["stamina"]
    ctx.say(
        M("sb.pays", seat=seat_ref(seat), count=cost, cause=cause, stamina=left),
        rule="SB-P4",
        reason=M("sb.reason.pays"),
        seat=seat,
        stamina=left,
    )


def knock_down(state: State, seat: int, ctx: Ctx, cause: dict, rule: str) -> None:
    p = player(state, seat)
    p["down"] = True
    ctx.say(
        M("sb.knocked_down", seat=seat_ref(seat), cause=cause),
        rule=rule,
        reason=M("sb.reason.knocked_down"),
        seat=seat,
    )


def stand_up(state: State, seat: int, ctx: Ctx, cause: dict) -> None:
    player(state, seat)["down"] = False
    ctx.say(M("sb.stands_up", seat=seat_ref(seat), cause=cause), seat=seat)


def discard_hand(state: State, seat: int) -> list[str]:
    cards = list(hand(state, seat))
    state["hands"][str(seat)] = []
    piles.put_top(state["main"], "discard", cards)
    return cards


def die(state: State, seat: int, ctx: Ctx, *, mid_turn: bool = True) -> None:
    """SB-P1: without an Antidote the player rises as a Smart Zombie (knocked down, 2 Health,
    hand discarded, Items kept but useless, not attackable this turn); with one, or as a Smart
    Zombie, they are out and their Items stay where they fell for the living to loot."""
    p = player(state, seat)
    discarded = discard_hand(state, seat)
    if p["status"] == LIVING and not p["antidote"]:
        p.update(
            status=SMART, health=box(state, "smart_health"), down=True, turned=state["turn_no"]
        )
        ruling(
            state,
            ctx,
            M("sb.rises", seat=seat_ref(seat), count=len(discarded)),
            "SB-P1",
            M("sb.reason.rises"),
            seat=seat,
            moment=moment("death", [seat]),
        )
        board_step(state, M("sb.board.rises", seat=seat_ref(seat)), [seat])
    else:
        was_smart = p["status"] == SMART
        items = gear(state, seat)
        left = [i for i in items["ready"] if i is not None] + items["backpack"]
        state["dead_items"][str(seat)] = left
        items.update(ready=[None, None, None], backpack=[], spent=[])
        p.update(status=OUT, down=False, health=0)
        ruling(
            state,
            ctx,
            M("sb.out.smart" if was_smart else "sb.out.antidote", seat=seat_ref(seat)),
            "SB-P1",
            M("sb.reason.out", count=len(left)),
            seat=seat,
            moment=moment("elimination", [seat]),
        )
        board_step(state, M("sb.board.out", seat=seat_ref(seat)), [seat])
        drop_steps_of(state, seat)
        if mid_turn and state["turn"] == seat:
            # Their figure leaves the board: the turn is over, the others draw up.
            state["steps"] = []
            state["walk"] = None
            if state["zombie_card"] is not None:
                piles.put_top(state["zombie_deck"], "discard", [state["zombie_card"]])
                state["zombie_card"] = None
            Flow.push(state, {"kind": "cleanup", "seat": seat}, {"kind": "next_turn"})
    check_end(state, ctx)


def drop_steps_of(state: State, seat: int) -> None:
    """SB-P8: a player out of the game takes no further part. What was still queued for them
    (a zombie card's Smart Zombie actions, the rest of a card they played, a defense or a
    discard they were to answer) and the attacks they started are dropped: the game never waits
    on them again. Their own turn's steps go with the turn (see ``die``)."""
    state["steps"] = [s for s in state["steps"] if s.get("seat") != seat and not _by(s, seat)]


def _by(step: dict, seat: int) -> bool:
    """An attack ``seat`` started that has not landed yet (its die, its target's defense)."""
    return (
        step["kind"] in ("attack", "die", "hit", "defend") and step["attacker"].get("seat") == seat
    )


def escape(state: State, seat: int, ctx: Ctx) -> None:
    """SB-P7: the first player with an Antidote off the board wins; the doors lock behind them."""
    player(state, seat)["status"] = ESCAPED
    finish(state, ctx, [seat], "escaped")


def check_end(state: State, ctx: Ctx) -> None:
    """SB-P7: nobody living left: the surviving Smart Zombies win together, or nobody does."""
    if state["phase"] == "finished" or seats_with(state, LIVING):
        return
    smart = seats_with(state, SMART)
    finish(state, ctx, smart, "smart" if smart else "nobody")


_REASONS = {
    "escaped": M("sb.end.escaped"),
    "smart": M("sb.end.smart"),
    "nobody": M("sb.end.nobody"),
}


def finish(state: State, ctx: Ctx, winners: list[int], reason: str) -> None:
    state["phase"] = "finished"
    state["steps"] = []
    state["walk"] = None
    state["windows"] = []
    state["result"] = {"winners": list(winners), "reason": reason}
    message = {
        "escaped": M("sb.win.escaped", seats=seats_arg(winners)),
        "smart": M("sb.win.smart", seats=seats_arg(winners)),
        "nobody": M("sb.win.nobody"),
    }[reason]
    ruling(state, ctx, message, "SB-P7", _REASONS[reason], winners=list(winners), end=reason)


#: The parts of a standing (what the end screen charts), in the order a player earns them.
PARTS = ("survived", "antidote", "escaped", "undead_win")


def result(state: State) -> dict | None:
    """None while playing; then the winners, why, and each player's standing: 1 point for
    still being in the game, 1 for an Antidote, 1 for escaping; Smart Zombies who win together
    score their shared win."""
    outcome = state.get("result")
    if outcome is None:
        return None
    winners = set(outcome["winners"])
    standings = []
    for seat in state["seats"]:
        p = player(state, seat)
        breakdown = {
            "survived": int(p["status"] in (*IN_GAME, ESCAPED)),
            "antidote": int(p["antidote"]),
            "escaped": int(p["status"] == ESCAPED),
            "undead_win": int(p["status"] == SMART and seat in winners),
        }
        standings.append(
            {
                "seat": seat,
                "score": sum(breakdown.values()),
                "breakdown": breakdown,
                "status": status(state, seat),
            }
        )
    standings.sort(key=lambda row: (row["seat"] not in winners, -row["score"]))
    return {
        "winners": list(outcome["winners"]),
        "standings": standings,
        "reason": _REASONS[outcome["reason"]],
        "end": outcome["reason"],
        "parts": {
            "survived": M("sb.part.survived"),
            "antidote": M("sb.part.antidote"),
            "escaped": M("sb.part.escaped"),
            "undead_win": M("sb.part.undead_win"),
        },
    }


def use_item_cost(state: State, seat: int, item_id: str, ability: dict, ctx: Ctx) -> None:
    """Pay an Item ability: stamina (logged), then spend it or trash it (to the Item discard)."""
    pay_for(state, seat, ability["cost"], item_name(state, item_id), ctx)
    items = gear(state, seat)
    if ability["trash"]:
        items["ready"] = [None if i == item_id else i for i in items["ready"]]
        items["spent"] = [i for i in items["spent"] if i != item_id]
        decks.piles.put_top(state["item_deck"], "discard", [item_id])
    else:  # spend it (an ability with no cost shown is spent too)
        items["spent"].append(item_id)
