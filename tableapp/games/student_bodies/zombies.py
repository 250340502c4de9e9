"""The Zombie Actions Step (the rulebook's "Zombie Actions Step", "Zombie Action Priority",
"Zombie Spawn", "Playing a Smart Zombie"; SB-Z1, SB-Z2, SB-Z3, SB-Z4, SB-Z7), refereed.

The zombie card is drawn for the current player (SB-Z1); its icons are resolved in
order. A spawn (SB-Z4) takes a standee from the pool and it acts at once. "Every zombie acts"
gives the Smart Zombies their actions first (SB-Z7), then walks every zombie on the board,
nearest to a player first (SB-Z2): the walk, one form for all of it, is :mod:`.walk`.
"""

from __future__ import annotations

from tableapp.engine import Ctx, Flow, M, action, choice, decks, piles, seat_ref, turns

from . import combat, walk
from .state import (
    SMART,
    State,
    attackable,
    player,
    question,
    ruling,
    seats_arg,
    status,
    zombie_card_name,
)

#: The Zombie Action Priority, top line first (SB-Z3): what the table screen shows.
PRIORITY = (
    ("down", M("sb.line.down")),
    ("adjacent", M("sb.line.adjacent")),
    ("closer", M("sb.line.closer")),
    ("lateral", M("sb.line.lateral")),
)


def zombie_step(state: State, step: dict, ctx: Ctx) -> None:
    seat = step["seat"]
    if status(state, seat) == SMART:
        ruling(
            state,
            ctx,
            M("sb.zombie_step.skipped", seat=seat_ref(seat)),
            "SB-Z1",
            M("sb.reason.smart_turn"),
            seat=seat,
        )
        return
    draw_zombie(state, seat, ctx)


def draw_zombie(state: State, seat: int, ctx: Ctx) -> None:
    """SB-Z1: the turn's zombie card, drawn for the current player as their turn begins (a tap
    on "draw" would be a question with one answer); its icons go on the stack in order."""
    deck = state["zombie_deck"]
    card_id = decks.draw_one(
        deck,
        ctx.rng,
        on_reshuffle=lambda: ctx.say(M("sb.reshuffle.zombie"), rule="SB-Z1", deck="zombie"),
    )
    state["zombie_card"] = card_id
    state["zplan"] = None  # nothing planned for an earlier card (a turn cut short) carries over
    icons = state["content"]["zombie_cards"][card_id]["icons"]
    steps: list[dict] = []
    said: list[dict] = []
    i = 0
    while i < len(icons):
        if icons[i] == "spawn":
            steps.append({"kind": "spawn", "seat": seat})
            said.append(M("sb.icon.spawn"))
            i += 1
            continue
        n = 0
        while i < len(icons) and icons[i] == "act":
            n, i = n + 1, i + 1
        steps += [
            {"kind": "smart_phase", "seat": seat, "actions": n},
            {"kind": "walk_start", "seat": seat, "actions": n},
        ]
        said.append(M("sb.icon.act", count=n))
    ctx.say(
        M("sb.zombie_card", seat=seat_ref(seat), card=zombie_card_name(state, card_id), icons=said),
        rule="SB-Z1",
        seat=seat,
        card=card_id,
        icons=list(icons),
    )
    Flow.push(state, *steps, {"kind": "zombie_card_done"})


def zombie_card_done(state: State, step: dict, ctx: Ctx) -> None:
    if state["zombie_card"] is not None:
        piles.put_top(state["zombie_deck"], "discard", [state["zombie_card"]])
    state["zombie_card"] = None
    state["walk"] = None
    state["zplan"] = None


# --- spawns (SB-Z4) -----------------------------------------------------------------------


def spawn(state: State, step: dict, ctx: Ctx) -> None:
    z = state["zombies"]
    if z["pool"] == 0:
        ruling(state, ctx, M("sb.spawn.empty_pool"), "SB-Z4", M("sb.reason.empty_pool"))
        if (state.get("zplan") or {}).get("spawns"):
            state["zplan"]["spawns"].pop(0)
            state["zplan"]["of"] -= 1
        return
    z["pool"] -= 1
    z["board"] += 1
    ruling(
        state,
        ctx,
        M("sb.spawn", seat=seat_ref(step["seat"]), pool=z["pool"]),
        "SB-Z4",
        M("sb.reason.spawn"),
        pool=z["pool"],
    )
    state["walk"] = walk.new_walk(state, of=1, actions=1, spawned=True)
    # a Clothesline may greet it
    combat.open_window(state, "entered", mover="zombie", attacker={"zombie": True, "n": 1})
    planned = (state.get("zplan") or {}).get("spawns")
    if planned:  # its line was given with the first spawned zombie's
        state["walk"]["plan"] = [{"zombie": 1, "action": 1, "what": planned.pop(0)}]
        Flow.push(state, {"kind": "zombie_go", "seat": step["seat"]})
        return
    Flow.push(state, {"kind": "zombie_act", "seat": step["seat"]})


# --- Smart Zombies first (SB-Z7, SB-P2) ----------------------------------------------------


def smart_phase(state: State, step: dict, ctx: Ctx) -> None:
    smart = [
        s for s in turns.clockwise_from(state["seats"], step["seat"]) if status(state, s) == SMART
    ]
    if not smart:
        return
    n = step["actions"]
    ruling(
        state,
        ctx,
        M("sb.smart_phase", seats=seats_arg(smart), actions=M("sb.n_actions", count=n)),
        "SB-Z7",
        M("sb.reason.smart_phase"),
        seats=smart,
    )
    Flow.push(state, *[{"kind": "smart_act", "seat": s, "left": n} for s in smart])


def _smart_targets(state: State, seat: int, down: bool) -> list[int]:
    return [
        s
        for s in state["seats"]
        if s != seat and attackable(state, s) and player(state, s)["down"] == down
    ]


def _smart_specs(state: State, step: dict, seat: int) -> list[dict]:
    me = player(state, seat)
    values, labels = [], []
    if me["down"]:
        values.append("stand"), labels.append(M("sb.sa.stand"))
    else:
        values.append("move"), labels.append(M("sb.sa.move"))
        if step["left"] >= 2:
            values.append("climb"), labels.append(M("sb.sa.climb"))
        for s in _smart_targets(state, seat, down=False):
            values.append(f"attack:{s}"), labels.append(M("sb.sa.attack", seat=seat_ref(s)))
        for s in _smart_targets(state, seat, down=True):
            values.append(f"bite:{s}"), labels.append(M("sb.sa.bite", seat=seat_ref(s)))
        if state["zombies"]["board"] > 0:
            values.append("switch"), labels.append(M("sb.sa.switch"))
    values.append("done"), labels.append(M("sb.sa.done"))
    return [action("smart", M("sb.action.smart", count=step["left"]), what=choice(values, labels))]


def _smart_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    what = act["params"]["what"]
    if what == "done":
        ctx.say(M("sb.sa.stops", seat=seat_ref(seat), count=step["left"]), rule="SB-Z7", seat=seat)
        return
    used = 2 if what == "climb" else 1
    if step["left"] > used:
        Flow.push(state, {"kind": "smart_act", "seat": seat, "left": step["left"] - used})
    kind, _, target = what.partition(":")
    if kind == "stand":
        player(state, seat)["down"] = False
        ctx.say(M("sb.sa.stood", seat=seat_ref(seat)), rule="SB-Z7", seat=seat)
    elif kind in ("move", "climb"):
        ctx.say(
            M("sb.sa.climbed" if kind == "climb" else "sb.sa.moved", seat=seat_ref(seat)),
            rule="SB-Z7",
            seat=seat,
        )
        combat.open_window(state, "entered", mover=seat)
    elif kind == "switch":
        ctx.say(M("sb.sa.switched", seat=seat_ref(seat)), rule="SB-P2", seat=seat)
    else:
        mode = "die" if kind == "attack" else "bite"
        Flow.push(state, combat.attack_step({"seat": seat}, int(target), mode, "SB-P2"))


STEPS = {
    "zombie_step": zombie_step,
    "zombie_card_done": zombie_card_done,
    "spawn": spawn,
    "smart_phase": smart_phase,
}


QUESTIONS = {
    "smart_act": question(
        "SB-Z7",
        _smart_specs,
        _smart_apply,
        prompt=lambda state, step: M(
            "sb.prompt.smart", seat=seat_ref(step["seat"]), count=step["left"]
        ),
        ask=lambda state, step: M("sb.ask.smart", count=step["left"]),
    ),
}
