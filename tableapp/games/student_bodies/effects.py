"""Cards and Items in play (the rulebook's "Playing Student Bodies Cards", "Using an Item",
"Movement"; SB-S6, SB-Z6, SB-P2): what a seat may play now, paying for it, and each effect the
app applies: MOVE and RUSH space by space (moving provokes every adjacent zombie, RUSH none,
SB-Z6), stamina, healing, drawing, standing up, attacks (on a zombie: always successful; on a
player: the defender may defend), YOINK, and a defense's extras (switch, push the attacker).

A play is one choice value: a card ``"haymaker#2"`` (``"mad_dash#1/smart"`` for its Smart
Zombie text), an Item ability ``"baseball_bat#1:0"``, then ``"@target"`` when it needs one:
``zombie`` (a standing zombie), ``zombie_down``, a seat number, or an Item to take.
"""

from __future__ import annotations

from tableapp.engine import Ctx, Flow, M, action, choice, decks, seat_ref

from . import combat, players
from .state import (
    IN_GAME,
    LIVING,
    MAX_ADJACENT,
    SMART,
    State,
    attackable,
    card_name,
    gear,
    hand,
    item_name,
    owned_items,
    player,
    question,
    ready_items,
    ruling,
    status,
)

ATTACK_WORDS = {
    "bash": M("sb.hit.bash"),
    "knockdown": M("sb.hit.knockdown"),
    "push": M("sb.hit.push"),
}


# --- what may be played -----------------------------------------------------------------------


def attack_targets(state: State, seat: int, mode: str) -> list[tuple[str, dict]]:
    """Enemies an attack may name (the table knows who is in reach): a standing or a knocked-down
    zombie, or any other player in the game (not a Smart Zombie on the turn it rose, SB-P1)."""
    z = state["zombies"]
    out = []
    if z["board"] - z["knocked"] > 0:
        out.append(("zombie", M("sb.target.zombie")))
    if z["knocked"] > 0 and mode != "knockdown":
        out.append(("zombie_down", M("sb.target.zombie_down")))
    for other in state["seats"]:
        if other != seat and attackable(state, other):
            out.append((str(other), M("sb.target.seat", seat=seat_ref(other))))
    return out


def steal_targets(state: State, seat: int) -> list[tuple[str, dict]]:
    out = []
    for other in state["seats"]:
        if other != seat and status(state, other) in IN_GAME:
            for item_id in owned_items(state, other):
                label = M("sb.target.item", item=item_name(state, item_id), seat=seat_ref(other))
                out.append((item_id, label))
    return out


def _targets(state: State, seat: int, effects: list[dict]) -> list[tuple[str, dict]] | None:
    """The target choices an effect list needs (None: it needs none; []: none is possible)."""
    for effect in effects:
        if "attack" in effect:
            return attack_targets(state, seat, effect["attack"])
        if "steal" in effect:
            return steal_targets(state, seat)
    return None


def _possible(state: State, seat: int, effects: list[dict]) -> bool:
    p = player(state, seat)
    for effect in effects:
        if p["down"] and ("attack" in effect or "move" in effect or "rush" in effect):
            return False  # players must stand to attack or move
        if "stand" in effect and not p["down"]:
            return False
        if "heal" in effect and p["health"] >= state["content"]["box"]["health"]:
            return False
    return True


def _options(state, seat, value, effects, label) -> list[tuple[str, dict, list | None]]:
    """``[(value, label)]`` for one card or ability, one per target when it needs one."""
    if not _possible(state, seat, effects):
        return []
    targets = _targets(state, seat, effects)
    if targets is None:
        return [(value, label, None)]
    return [(f"{value}@{t}", M("sb.play.at", what=label, target=tl), t) for t, tl in targets]


def copies(state: State, cards: list) -> dict[str, int]:
    """``{card key: how many of ``cards`` are that card}``: identical cards are one choice."""
    out: dict[str, int] = {}
    for card_id in cards:
        if card_id is not None:
            key = state["content"]["cards"][card_id]["key"]
            out[key] = out.get(key, 0) + 1
    return out


def card_label(state: State, card_id: str, cost: int, count: int, smart: bool = False) -> dict:
    """A card as a choice: its name, ``×2`` when the hand holds identical ones (one choice for
    them all: principle "one button per distinct move"), its cost."""
    name = card_name(state, card_id)
    if smart:
        if count > 1:
            return M("sb.play.smart.copies", card=name, cost=cost, count=count)
        return M("sb.play.smart", card=name, cost=cost)
    return (
        M("sb.play.card.copies", card=name, cost=cost, count=count)
        if count > 1
        else M("sb.play.card", card=name, cost=cost)
    )


def card_plays(state: State, seat: int, kind: str, trigger: str = "") -> list[tuple[str, dict]]:
    """Cards in ``seat``'s hand of this type and trigger it can pay for, with their Smart Zombie
    version for a Smart Zombie. Identical cards are one choice (the first of them)."""
    if status(state, seat) not in IN_GAME:
        return []
    stamina = player(state, seat)["stamina"]
    out = []
    cards = [
        c
        for c in hand(state, seat)
        if c is not None
        and state["content"]["cards"][c]["type"] == kind
        and state["content"]["cards"][c]["trigger"] == trigger
    ]
    count = copies(state, cards)
    seen = set()
    for card_id in cards:
        c = state["content"]["cards"][card_id]
        if c["key"] in seen:
            continue
        seen.add(c["key"])
        versions = [(card_id, c["cost"], c["effects"], "sb.play.card")]
        if c.get("smart") and status(state, seat) == SMART:
            smart = c["smart"]
            versions.append((f"{card_id}/smart", smart["cost"], smart["effects"], "sb.play.smart"))
        for value, cost, effects, msg in versions:
            if cost > stamina:
                continue
            label = card_label(state, card_id, cost, count[c["key"]], msg == "sb.play.smart")
            out += [(v, lab) for v, lab, _ in _options(state, seat, value, effects, label)]
    return out


def item_plays(state: State, seat: int, timing: str) -> list[tuple[str, dict]]:
    """Abilities of ready Items (alive only: Smart Zombies cannot use Items, SB-P2)."""
    if status(state, seat) != LIVING:
        return []
    stamina = player(state, seat)["stamina"]
    spent = gear(state, seat)["spent"]
    out = []
    for item_id in ready_items(state, seat):
        for n, ability in enumerate(state["content"]["items"][item_id]["abilities"]):
            if ability["timing"] != timing or ability["cost"] > stamina:
                continue
            if not ability["trash"] and item_id in spent:
                continue  # only a Trash ability may be used on a spent Item
            label = M(
                "sb.use.item",
                item=item_name(state, item_id),
                cost=ability["cost"],
                how=M("sb.use.trash") if ability["trash"] else M("sb.use.spend"),
            )
            out += [
                (v, lab)
                for v, lab, _ in _options(state, seat, f"{item_id}:{n}", ability["effects"], label)
            ]
    return out


def play_specs(type_: str, label: dict, plays: list[tuple[str, dict]]) -> list[dict]:
    """One spec per card or ability (its targets as one-tap choices)."""
    groups: dict[str, list[tuple[str, dict]]] = {}
    for value, lab in plays:
        groups.setdefault(value.split("@")[0] if "@" in value else "", []).append((value, lab))
    specs = []
    for entries in groups.values():
        values = [v for v, _ in entries]
        specs.append(action(type_, label, play=choice(values, [lab for _, lab in entries])))
    return specs


# --- playing ----------------------------------------------------------------------------------


def parse(value: str) -> tuple[str, str | None, bool, str | None]:
    """``(card or item id, ability index, smart, target)`` of a play value."""
    head, _, target = value.partition("@")
    smart = head.endswith("/smart")
    head = head.removesuffix("/smart")
    thing, _, ability = head.partition(":")
    return thing, (ability or None), smart, (target or None)


def play(state: State, seat: int, value: str, ctx: Ctx, *, attacker: dict | None = None) -> None:
    """Pay for a card or an Item ability, log it (a card goes face up to the discard) and put
    its effects on the stack."""
    thing, ability_index, smart, target = parse(value)
    if ability_index is not None:
        ability = state["content"]["items"][thing]["abilities"][int(ability_index)]
        players.use_item_cost(state, seat, thing, ability, ctx)
        effects = ability["effects"]
        message = M(
            "sb.uses" if not ability["trash"] else "sb.uses.trash",
            seat=seat_ref(seat),
            item=item_name(state, thing),
        )
        data = {"item": thing}
    else:
        card = state["content"]["cards"][thing]
        version = card["smart"] if smart else card
        players.pay(state, seat, version["cost"])
        decks.discard_from(hand(state, seat), thing, state["main"])
        effects = version["effects"]
        message = M(
            "sb.plays.smart" if smart else "sb.plays",
            seat=seat_ref(seat),
            card=card_name(state, thing),
            cost=version["cost"],
        )
        data = {"card": thing}
    ctx.say(message, seat=seat, **data)
    Flow.push(
        state,
        *[
            {"kind": "effect", "seat": seat, "effect": e, "target": target, "attacker": attacker}
            for e in effects
        ],
    )


def effect(state: State, step: dict, ctx: Ctx) -> None:
    """One effect of a card or an Item, for ``step["seat"]``."""
    seat, e, target = step["seat"], step["effect"], step.get("target")
    if status(state, seat) not in IN_GAME:
        return
    cause = M("sb.cause.card")
    if "move" in e or "rush" in e:
        if player(state, seat)["down"]:
            ruling(
                state,
                ctx,
                M("sb.move.on_ground", seat=seat_ref(seat)),
                "SB-Z6",
                M("sb.reason.on_ground"),
                seat=seat,
            )
            return
        mode = "move" if "move" in e else "rush"
        Flow.push(state, {"kind": "step", "seat": seat, "mode": mode, "points": e[mode]})
    elif "stamina" in e:
        players.gain_stamina(state, seat, e["stamina"], ctx, cause)
    elif "heal" in e:
        players.heal(state, seat, e["heal"], ctx, cause)
    elif "draw" in e:
        from .turn import draw_cards

        drawn = draw_cards(state, seat, e["draw"], ctx)
        ctx.say(
            M("sb.draws", seat=seat_ref(seat), count=len(drawn)),
            seat=seat,
            private={
                seat: {
                    **M("sb.you_draw", cards=[card_name(state, c) for c in drawn]),
                    "cards": list(drawn),
                    "seen": M("sb.seen.cards", cards=[card_name(state, c) for c in drawn]),
                }
            },
        )
    elif "stand" in e:
        if player(state, seat)["down"]:
            players.stand_up(state, seat, ctx, cause)
    elif "attack" in e:
        which = (step.get("attacker") or {}).get("n")  # the walk's zombie that attacked
        _attack(state, seat, e["attack"], target, ctx, which)
    elif "steal" in e:
        _steal(state, seat, target, ctx)
    elif "switch" in e or "push_back" in e:
        _extra(state, seat, e, step.get("attacker") or {}, ctx)


def _attack(
    state: State, seat: int, mode: str, target: str | None, ctx: Ctx, which: int | None = None
) -> None:
    if player(state, seat)["down"] or target is None:
        ctx.say(M("sb.attack.fizzles", seat=seat_ref(seat)), seat=seat)
        return
    if target in ("zombie", "zombie_down"):
        combat.hit_zombie(state, seat, mode, target, ctx, which)
        return
    victim = int(target)
    if not attackable(state, victim):
        ctx.say(M("sb.attack.fizzles", seat=seat_ref(seat)), seat=seat)
        return
    # A card's or an Item's attack on a player: the card says what it does (SB-S6); the
    # player may defend it ("Attacking Enemies").
    Flow.push(state, combat.attack_step({"seat": seat}, victim, mode, "SB-S6"))


def _steal(state: State, seat: int, item_id: str | None, ctx: Ctx) -> None:
    """YOINK: an Item changes hands (never an Antidote: drunk when found)."""
    from .turn import place_new_item

    owner = next((s for s in state["seats"] if item_id in owned_items(state, s)), None)
    if owner is None or owner == seat:
        ctx.say(M("sb.attack.fizzles", seat=seat_ref(seat)), seat=seat)
        return
    items = gear(state, owner)
    items["ready"] = [None if i == item_id else i for i in items["ready"]]
    items["backpack"] = [i for i in items["backpack"] if i != item_id]
    items["spent"] = [i for i in items["spent"] if i != item_id]
    where = place_new_item(state, seat, item_id)
    ctx.say(
        M("sb.steals", seat=seat_ref(seat), item=item_name(state, item_id), owner=seat_ref(owner)),
        seat=seat,
        item=item_id,
        where=where,
    )


def _extra(state: State, seat: int, e: dict, attacker: dict, ctx: Ctx) -> None:
    """A defense's extra: switch places with the attacker, or push it (not from the ground).
    Neither is movement (SB-Z6)."""
    if "corpse" in attacker or not attacker:
        return
    if "push_back" in e and player(state, seat)["down"]:
        ctx.say(M("sb.push_back.on_ground", seat=seat_ref(seat)), rule="SB-Z6", seat=seat)
        return
    other = attacker.get("seat")
    if "switch" in e:
        ruling(
            state,
            ctx,
            M("sb.switches", seat=seat_ref(seat), by=combat.by(attacker)),
            "SB-Z6",
            M("sb.reason.push"),
        )
        combat.open_window(state, "pushed", seat=seat)
        if other is not None:
            combat.open_window(state, "pushed", seat=other)
        return
    if other is not None:
        combat.pushed(state, other, ctx, M("sb.cause.push_back", seat=seat_ref(seat)))
    else:
        ruling(state, ctx, M("sb.zombie.pushed", seat=seat_ref(seat)), "SB-Z6", M("sb.reason.push"))
        combat.open_window(state, "entered", mover="zombie")


# --- movement, space by space (SB-Z6) ---------------------------------------------------------


def zombie_counts(state: State) -> tuple[list[int], list[dict]]:
    """The answers to "how many standing zombies are next to the space you entered?": a
    knocked-down zombie cannot attack (SB-Z3), so at most the standing zombies on the board."""
    z = state["zombies"]
    top = min(MAX_ADJACENT, z["board"] - z["knocked"])
    values = list(range(top + 1))
    return values, [M("sb.adjacent", count=n) for n in values]


def step_specs(state: State, seat: int, points: int | None, mode: str) -> list[dict]:
    """MOVE and climb (an obstacle costs 2), with the zombies next to the new space when they
    would attack (a living player's MOVE); ``points`` None: paid with stamina."""
    provokes = mode == "move" and status(state, seat) == LIVING
    can = (
        (lambda n: player(state, seat)["stamina"] >= n)
        if points is None
        else (lambda n: points >= n)
    )
    words = M("sb.mode.rush") if mode == "rush" else M("sb.mode.move")
    names = {
        ("step", True): M("sb.action.step", mode=words),
        ("climb", True): M("sb.action.climb", mode=words),
        ("step", False): M("sb.action.step.stamina"),
        ("climb", False): M("sb.action.climb.stamina"),
    }
    specs = []
    for kind, cost in (("step", 1), ("climb", 2)):
        if not can(cost):
            continue
        label = names[(kind, points is not None)]
        if provokes:
            values, labels = zombie_counts(state)
            specs.append(action(kind, label, zombies=choice(values, labels)))
        else:
            specs.append(action(kind, label))
    return specs


def enter_space(state: State, seat: int, mode: str, zombies: int, climb: bool, ctx: Ctx) -> None:
    """One space entered: MOVE provokes an attack from every zombie next to it (SB-Z6); RUSH
    none; regular zombies ignore a Smart Zombie (SB-Z7)."""
    living = status(state, seat) == LIVING
    space = M("sb.space.obstacle") if climb else M("sb.space.plain")
    if mode == "rush" or not living:
        reason = M("sb.reason.rush") if mode == "rush" else M("sb.reason.smart_moves")
        ruling(
            state,
            ctx,
            M("sb.enters.safe", seat=seat_ref(seat), space=space),
            "SB-Z6" if mode == "rush" else "SB-Z7",
            reason,
            seat=seat,
        )
    else:
        ruling(
            state,
            ctx,
            M("sb.enters", seat=seat_ref(seat), count=zombies, space=space),
            "SB-Z6",
            M("sb.reason.provoked", count=zombies),
            seat=seat,
            provoked=zombies,
        )
        Flow.push(
            state,
            *[combat.attack_step({"zombie": True}, seat, "die", "SB-Z6") for _ in range(zombies)],
        )
    if mode != "rush":
        combat.open_window(state, "entered", mover=seat)


def _step_q_specs(state: State, step: dict, seat: int) -> list[dict]:
    specs = step_specs(state, seat, step["points"], step["mode"])
    # Stopping asks nothing first: it shows nothing, so its undo is immediate.
    stop = action("stop", M("sb.action.stop", count=step["points"]))
    return [*specs, stop]


def _step_q_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    if act["type"] == "stop":
        ctx.say(M("sb.move.stops", seat=seat_ref(seat), count=step["points"]), seat=seat)
        return
    cost = 2 if act["type"] == "climb" else 1
    left = step["points"] - cost
    Flow.push(state, {"kind": "step_next", "seat": seat, "mode": step["mode"], "points": left})
    zombies = act["params"].get("zombies", 0)
    enter_space(state, seat, step["mode"], zombies, act["type"] == "climb", ctx)


def step_next(state: State, step: dict, ctx: Ctx) -> None:
    """The movement goes on unless it is used up or the mover was knocked down (an interrupted
    action ends where it stands)."""
    seat = step["seat"]
    if status(state, seat) not in IN_GAME:
        return
    if player(state, seat)["down"]:
        if step["points"] > 0:
            ruling(
                state,
                ctx,
                M("sb.move.interrupted", seat=seat_ref(seat), count=step["points"]),
                "SB-Z6",
                M("sb.reason.interrupted"),
                seat=seat,
            )
        return
    if step["points"] > 0:
        Flow.push(
            state, {"kind": "step", "seat": seat, "mode": step["mode"], "points": step["points"]}
        )


STEPS = {"effect": effect, "step_next": step_next}

QUESTIONS = {
    "step": question(
        "SB-Z6",
        _step_q_specs,
        _step_q_apply,
        prompt=lambda state, step: M(
            "sb.prompt.step",
            seat=seat_ref(step["seat"]),
            count=step["points"],
            mode=M("sb.mode.rush") if step["mode"] == "rush" else M("sb.mode.move"),
        ),
        ask=lambda state, step: M(
            "sb.ask.step",
            count=step["points"],
            mode=M("sb.mode.rush") if step["mode"] == "rush" else M("sb.mode.move"),
        ),
    ),
}
