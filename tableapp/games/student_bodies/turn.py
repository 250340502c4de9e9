"""The turn (the rulebook's "Turn Progression", "Ready Items Step", "Clean Up Step"; SB-T1,
SB-P3): Ready Items, Zombie Actions, Player Actions, Cleanup, then the next player clockwise.
"""

from __future__ import annotations

from tableapp.engine import Ctx, Flow, M, RuleError, action, choice, decks, seat_ref, subset, turns

from . import players
from .state import (
    IN_GAME,
    LIVING,
    SMART,
    State,
    box,
    card_name,
    gear,
    hand,
    hand_size,
    item_name,
    owned_items,
    player,
    question,
    status,
)


def turn_start(state: State, step: dict, ctx: Ctx) -> None:
    seat = step["seat"]
    state["turn"] = seat
    state["turn_no"] += 1
    state["windows"] = []
    ctx.say(
        M("sb.turn", n=state["turn_no"], seat=seat_ref(seat)),
        rule="SB-T1",
        seat=seat,
        turn=state["turn_no"],
    )
    p = player(state, seat)
    if not p["placed"]:
        p["placed"] = True
        ctx.say(M("sb.place_figure", seat=seat_ref(seat)), rule="SB-S7", seat=seat)
    Flow.push(
        state,
        {"kind": "ready_items", "seat": seat},
        {"kind": "zombie_step", "seat": seat},
        {"kind": "player_actions", "seat": seat},
        {"kind": "cleanup", "seat": seat},
        {"kind": "next_turn"},
    )


# --- Ready Items (SB-T1) --------------------------------------------------------------------


def ready_items(state: State, step: dict, ctx: Ctx) -> None:
    """Spent Items turn back; with Items in the backpack the player may rearrange the three
    slots (one Weapon at most, in the Weapon slot). A Smart Zombie cannot use Items (SB-P2)."""
    seat = step["seat"]
    if status(state, seat) != LIVING:
        return
    items = gear(state, seat)
    if items["spent"]:
        spent = items["spent"]
        items["spent"] = []
        ctx.say(
            M("sb.items.reset", seat=seat_ref(seat), items=[item_name(state, i) for i in spent]),
            rule="SB-T1",
            seat=seat,
        )
    if items["backpack"]:
        Flow.push(state, {"kind": "ready", "seat": seat})


def arrangements(state: State, seat: int) -> list[list[str]]:
    """Every way to fill the 3 slots from what the player owns, one Weapon at most (SB-T1):
    the fullest ones, and the current one."""
    from itertools import combinations

    owned = sorted(owned_items(state, seat))
    weapon = state["content"]["items"]
    legal = [
        list(combo)
        for size in range(min(3, len(owned)), -1, -1)
        for combo in combinations(owned, size)
        if sum(weapon[i]["weapon"] for i in combo) <= 1
    ]
    best = max(len(c) for c in legal)
    current = sorted(i for i in gear(state, seat)["ready"] if i is not None)
    return [c for c in legal if len(c) == best or c == current]


def _ready_specs(state: State, step: dict, seat: int) -> list[dict]:
    options = arrangements(state, seat)
    values = ["+".join(c) for c in options]
    labels = [
        M("sb.ready.set", items=[item_name(state, i) for i in c]) if c else M("sb.ready.none")
        for c in options
    ]
    return [action("ready", M("sb.action.ready"), items=choice(values, labels))]


def arrange(state: State, seat: int, chosen: list[str]) -> None:
    """The chosen Items in the slots (a Weapon in the Weapon slot), the rest in the backpack."""
    item_defs = state["content"]["items"]
    items = gear(state, seat)
    owned = owned_items(state, seat)
    weapons = [i for i in chosen if item_defs[i]["weapon"]]
    others = [i for i in chosen if not item_defs[i]["weapon"]]
    slots = [weapons[0] if weapons else None, None, None]
    for item in others:
        free = [n for n in (1, 2, 0) if slots[n] is None]
        slots[free[0]] = item
    items["ready"] = slots
    items["backpack"] = [i for i in owned if i not in chosen]


def _ready_refuse(state: State, step: dict, seat: int, act: dict) -> RuleError | None:
    chosen = act["params"].get("items")
    if act["type"] == "ready" and isinstance(chosen, str):
        weapons = [
            i for i in chosen.split("+") if state["content"]["items"].get(i, {}).get("weapon")
        ]
        if len(weapons) > 1:
            return RuleError("one_weapon", "SB-T1", M("sb.refuse.one_weapon"))
    return None


def _ready_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    chosen = [i for i in act["params"]["items"].split("+") if i]
    arrange(state, seat, chosen)
    ctx.say(
        M("sb.items.ready", seat=seat_ref(seat), items=[item_name(state, i) for i in chosen]),
        rule="SB-T1",
        seat=seat,
        ready=list(gear(state, seat)["ready"]),
    )


def place_new_item(state: State, seat: int, item_id: str) -> str:
    """A new Item goes into an open slot it fits (a Weapon only in the open Weapon slot), else
    into the backpack; returns where."""
    items = gear(state, seat)
    weapon = state["content"]["items"][item_id]["weapon"]
    slots = items["ready"]
    fits = [0] if weapon else [1, 2, 0]
    weapon_ready = any(i is not None and state["content"]["items"][i]["weapon"] for i in slots)
    for n in fits:
        if slots[n] is None and not (weapon and weapon_ready):
            slots[n] = item_id
            return "weapon" if n == 0 else "slot"
    items["backpack"].append(item_id)
    return "backpack"


# --- Cleanup (SB-P3, SB-P1) -----------------------------------------------------------------


def cleanup(state: State, step: dict, ctx: Ctx) -> None:
    """End of the turn: whoever has no Health left dies (SB-P1); everyone draws up to their
    hand size (SB-P3); the current player's stamina goes back to 3 (plus a beaker's +1)."""
    current = step["seat"]
    order = turns.clockwise_from(state["seats"], current)
    for seat in order:
        if status(state, seat) in IN_GAME and player(state, seat)["health"] == 0:
            ctx.say(M("sb.dies_end_of_turn", seat=seat_ref(seat)), rule="SB-P1", seat=seat)
            players.die(state, seat, ctx, mid_turn=False)
            if state["phase"] == "finished":
                return
    asks = []
    for seat in order:
        if status(state, seat) not in IN_GAME:
            continue
        size = hand_size(state, seat)
        drawn = draw_cards(state, seat, size - len(hand(state, seat)), ctx)
        if drawn:
            ctx.say(
                M("sb.draws", seat=seat_ref(seat), count=len(drawn)),
                rule="SB-P3",
                seat=seat,
                private={
                    seat: {
                        **M("sb.you_draw", cards=[card_name(state, c) for c in drawn]),
                        "cards": list(drawn),
                        "seen": M("sb.seen.cards", cards=[card_name(state, c) for c in drawn]),
                    }
                },
            )
        over = len(hand(state, seat)) - size
        if over > 0:
            asks.append({"kind": "discard_down", "seat": seat, "over": over})
    p = player(state, current)
    if p["status"] in IN_GAME:
        p["stamina"] = box(state, "stamina") + p["bonus"]
        ctx.say(
            M(
                "sb.stamina.reset.bonus" if p["bonus"] else "sb.stamina.reset",
                seat=seat_ref(current),
                stamina=p["stamina"],
            ),
            rule="SB-P3",
            seat=current,
            stamina=p["stamina"],
        )
        p["bonus"] = 0
    state["drawn_up"] = not asks
    Flow.push(state, *asks)


def draw_cards(state: State, seat: int, n: int, ctx: Ctx) -> list[str]:
    """Up to ``n`` Main Deck cards into a hand; an empty deck is the shuffled discard pile."""
    if n <= 0:
        return []
    drawn = decks.draw(
        state["main"],
        ctx.rng,
        n,
        on_reshuffle=lambda: ctx.say(M("sb.reshuffle.main"), deck="main"),
    )
    hand(state, seat).extend(drawn)
    return drawn


def _discard_specs(state: State, step: dict, seat: int) -> list[dict]:
    cards = hand(state, seat)
    n = step["over"]
    return [
        action(
            "discard_down",
            M("sb.action.discard_down", count=n),
            submit=M("sb.submit.discard", chosen="{chosen}"),
            cards=subset(cards, n, n, [card_name(state, c) for c in cards]),
        )
    ]


def discard(state: State, seat: int, cards: list[str], ctx: Ctx, rule: str) -> None:
    for card_id in cards:
        decks.discard_from(hand(state, seat), card_id, state["main"])
    if cards:
        ctx.say(
            M("sb.discards", seat=seat_ref(seat), cards=[card_name(state, c) for c in cards]),
            rule=rule,
            seat=seat,
            cards=list(cards),
        )


def _discard_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    discard(state, seat, act["params"]["cards"], ctx, "SB-P3")


def next_turn(state: State, step: dict, ctx: Ctx) -> None:
    """Play passes clockwise to the next player still in the game (Smart Zombies included)."""
    nxt = turns.next_clockwise(
        state["seats"], state["turn"], skip=lambda s: status(state, s) not in (LIVING, SMART)
    )
    if nxt is None:
        players.check_end(state, ctx)
        return
    Flow.push(state, {"kind": "turn_start", "seat": nxt})


STEPS = {
    "turn_start": turn_start,
    "ready_items": ready_items,
    "cleanup": cleanup,
    "next_turn": next_turn,
}

QUESTIONS = {
    "ready": question(
        "SB-T1",
        _ready_specs,
        _ready_apply,
        prompt=lambda state, step: M("sb.prompt.ready", seat=seat_ref(step["seat"])),
        ask=lambda state, step: M("sb.ask.ready"),
        refuse=_ready_refuse,
    ),
    "discard_down": question(
        "SB-P3",
        _discard_specs,
        _discard_apply,
        prompt=lambda state, step: M(
            "sb.prompt.discard_down", seat=seat_ref(step["seat"]), count=step["over"]
        ),
        ask=lambda state, step: M("sb.ask.discard_down", count=step["over"]),
    ),
}
