"""The Zombie Actions Step (the rulebook's "Zombie Actions Step", "Zombie Action Priority",
"Zombie Spawn", "Playing a Smart Zombie"; SB-Z1, SB-Z2, SB-Z3, SB-Z4, SB-Z7), refereed.

The zombie card is drawn for the current player (SB-Z1); its icons are resolved in
order. A spawn (SB-Z4) takes a standee from the pool and it acts at once. "Every zombie acts"
gives the Smart Zombies their actions first (SB-Z7), then walks every zombie on the board,
nearest to a player first (SB-Z2): the app cannot tell the standees apart, so the current
player lines them up and the app numbers them. ONE form covers the whole walk: for each action
of each zombie, the lines of the priority table (SB-Z3), in order: knocked down (it stands up),
next to a player (it attacks them: the current player picks whom), else it moves closer (ties:
the current player), climbs an obstacle (2 actions), or moves sideways / stays; "moves closer"
preselected. The walk then plays the lines out in order (each attack rolled and resolved in
turn) and asks again, with the answers kept, only when the table changed what the zombies face:
a zombie knocked down or killed by a player, a target gone, or a Reaction that may change the
next action of the zombie that just acted.
"""

from __future__ import annotations

import re

from tableapp.engine import Ctx, Flow, M, RuleError, action, choice, decks, piles, seat_ref, turns

from . import combat
from .state import (
    LIVING,
    SMART,
    State,
    attackable,
    player,
    question,
    ruling,
    seats_arg,
    seats_with,
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
#: Which line each answer applies.
LINE_OF = {
    "stand": "down",
    "attack": "adjacent",
    "move": "closer",
    "climb": "closer",
    "stay": "lateral",
    "nowhere": None,
}


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
    state["walk"] = _walk(state, of=1, actions=1, spawned=True)
    # a Clothesline may greet it
    combat.open_window(state, "entered", mover="zombie", attacker={"zombie": True, "n": 1})
    planned = (state.get("zplan") or {}).get("spawns")
    if planned:  # its line was given with the first spawned zombie's
        state["walk"]["plan"] = [{"zombie": 1, "action": 1, "what": planned.pop(0)}]
        Flow.push(state, {"kind": "zombie_go", "seat": step["seat"]})
        return
    Flow.push(state, {"kind": "zombie_act", "seat": step["seat"]})


def _walk(state: State, *, of: int, actions: int, spawned: bool = False) -> dict:
    return {
        "zombie": 1,
        "of": of,
        "action": 1,
        "actions": actions,
        "spawned": spawned,
        "stood": 0,
        "dead": False,
        "gone": [],
        "attacking": False,
        "last": None,
        "plan": None,
        "knocked_now": state["zombies"]["knocked"],
    }


# --- every zombie acts (SB-Z2, SB-Z3) ------------------------------------------------------


def walk_start(state: State, step: dict, ctx: Ctx) -> None:
    n = state["zombies"]["board"]
    if n == 0:
        ctx.say(M("sb.walk.none"), rule="SB-Z2")
        return
    state["walk"] = _walk(state, of=n, actions=step["actions"])
    ruling(
        state,
        ctx,
        M(
            "sb.walk.start",
            seat=seat_ref(step["seat"]),
            count=n,
            actions=M("sb.n_actions", count=step["actions"]),
        ),
        "SB-Z2",
        M("sb.reason.walk"),
        zombies=n,
        actions=step["actions"],
    )
    zplan, state["zplan"] = state.get("zplan"), None
    if zplan and zplan["walk"] is not None:
        state["walk"]["plan"] = zplan["walk"]  # kept to preselect if it no longer fits
        state["walk"]["knocked_now"] = zplan["knocked"]  # a knockdown since: asked again
        if (zplan["of"], zplan["actions"]) == (n, step["actions"]):
            Flow.push(state, {"kind": "zombie_go", "seat": step["seat"]})
            return
    Flow.push(state, {"kind": "zombie_act", "seat": step["seat"]})


def _targets(state: State) -> list[int]:
    """Whom a regular zombie may attack: living players only (SB-Z7)."""
    return [s for s in seats_with(state, LIVING) if attackable(state, s)]


def slot_key(n: int, a: int) -> str:
    """The form's param for action ``a`` of zombie ``n`` ("z3a1")."""
    return f"z{n}a{a}"


SLOT = re.compile(r"^z(\d+)a(\d+)$")


def _slots(walk: dict) -> list[tuple[int, int]]:
    """``(zombie, action)`` still to answer, in walk order: the current zombie from its current
    action, then every zombie after it still on the board."""
    out = []
    for n in _still_to_act(walk):
        first = walk["action"] if n == walk["zombie"] else 1
        out += [(n, a) for a in range(first, walk["actions"] + 1)]
    return out


def _planned(walk: dict) -> dict[tuple[int, int], str]:
    return {(e["zombie"], e["action"]): e["what"] for e in walk.get("plan") or []}


def _upcoming(state: State, asking: bool = True) -> tuple[int, int | None]:
    """Below a spawned zombie's question: how many more zombies this card spawns (as many as
    the pool holds), and the actions of the walk that follows them (None when there is none, or
    when a Smart Zombie acts first: the walk is asked after it). ``asking``: the question is
    still on top of the stack (not yet popped by its answer)."""
    later, actions = 0, None
    for step in reversed(state["steps"][:-1] if asking else state["steps"]):
        if step["kind"] == "spawn":
            later += 1
            continue
        if step["kind"] == "smart_phase":
            if seats_with(state, SMART):
                break
            continue
        if step["kind"] == "walk_start":
            actions = step["actions"]
        break
    return min(later, state["zombies"]["pool"]), actions


def _layout(state: State, asking: bool = True) -> list[dict]:
    """The form's lines, in the order they are played: a spawned zombie's (``n1``), then those
    of the zombies the same card spawns after it (``n2``…) and of the walk that follows
    (``z1a1``…), when nothing (a Smart Zombie) comes in between: the whole card on one
    screen. Else the walk's lines still to answer."""
    walk = state["walk"]
    if not walk["spawned"]:
        here = (walk["zombie"], walk["action"])
        return [
            {
                "key": slot_key(n, a),
                "new": False,
                "zombie": n,
                "action": a,
                "of": walk["actions"],
                "first": a == (here[1] if n == here[0] else 1),
            }
            for n, a in _slots(walk)
        ]
    later, actions = _upcoming(state, asking)
    out = [
        {"key": f"n{i}", "new": True, "zombie": 1, "action": 1, "of": 1, "first": False}
        for i in range(1, later + 2)
    ]
    if actions is not None:
        board = state["zombies"]["board"] + later
        out += [
            {
                "key": slot_key(n, a),
                "new": False,
                "zombie": n,
                "action": a,
                "of": actions,
                "first": a == 1,
            }
            for n in range(1, board + 1)
            for a in range(1, actions + 1)
        ]
    return out


def _za_specs(state: State, step: dict, seat: int) -> list[dict]:
    """SB-Z2, SB-Z3, SB-Z4: ONE form for the zombie card: each zombie's priority line for each
    of its actions (a spawned one's first, then the walk's), what the app knows filled in (no
    "stands up" with no zombie down, no obstacle without 2 actions, only living players to
    attack), the likely line preselected: what the table answered before it was asked again,
    else "moves closer"."""
    walk, z = state["walk"], state["zombies"]
    planned = _planned(walk)
    zplan = state.get("zplan") or {}
    spawns = list(zplan.get("spawns") or [])
    later = {(e["zombie"], e["action"]): e["what"] for e in zplan.get("walk") or []}
    params = {}
    layout = _layout(state)
    for line in layout:
        values, labels = [], []
        if line["new"]:
            values.append("nowhere"), labels.append(M("sb.za.nowhere"))
        if z["knocked"] > 0 and line["first"]:  # a zombie down stands up with its first action
            values.append("stand"), labels.append(M("sb.za.stand"))
        for target in _targets(state):
            values.append(f"attack:{target}")
            labels.append(M("sb.za.attack", seat=seat_ref(target)))
        values.append("move"), labels.append(M("sb.za.move"))
        if line["action"] < line["of"]:  # this action and the next
            values.append("climb"), labels.append(M("sb.za.climb"))
        values.append("stay"), labels.append(M("sb.za.stay"))
        param = choice(values, labels)
        where = (line["zombie"], line["action"])
        if line["key"] == "n1" or not walk["spawned"]:
            guess = planned.get(where, "move")
        elif line["new"]:
            i = int(line["key"][1:]) - 2
            guess = spawns[i] if i < len(spawns) else "move"
        else:
            guess = later.get(where, "move")
        param["value"] = guess if guess in values else "move"
        params[line["key"]] = param
    count = sum(1 for line in layout if line["new"]) + len(
        {line["zombie"] for line in layout if not line["new"]}
    )
    submit = M("sb.submit.zombies", count=count)
    return [action("zombies", M("sb.action.zombies"), submit=submit, **params)]


def _plan_of(state: State, params: dict) -> tuple[list[dict], list[str], list[dict]]:
    """The form's answers: the current walk's plan, the later spawns' lines, the following
    walk's plan (unanswered lines left out)."""
    plan, spawns, after = [], [], []
    for line in _layout(state, asking=False):
        what = params.get(line["key"])
        if not isinstance(what, str):
            continue
        entry = {"zombie": line["zombie"], "action": line["action"], "what": what}
        if line["key"] == "n1" or not line["new"] and not state["walk"]["spawned"]:
            plan.append(entry)
        elif line["new"]:
            spawns.append(what)
        else:
            after.append(entry)
    return plan, spawns, after


def _za_refuse(state: State, step: dict, seat: int, act: dict) -> RuleError | None:
    """Each line of the form checked as the per-zombie question did, with its rule: no attack
    on a Smart Zombie (SB-Z7), no "stands up" with no zombie down, no obstacle on a zombie's
    last action (SB-Z3), "no free spawn point" only for a spawned zombie (SB-Z4). Lines that
    only the board can contradict (two "stands up" for one zombie down) are not refused: the
    walk asks again when it gets there."""
    params = act["params"]
    if act["type"] != "zombies" or not isinstance(params, dict):
        return None
    for line in _layout(state):
        what = params.get(line["key"])
        if not isinstance(what, str):
            continue
        if what.startswith("attack:") and what[7:].isdigit():
            target = int(what[7:])
            if target in state["seats"] and status(state, target) == SMART:
                return RuleError("ignores_smart", "SB-Z7", M("sb.refuse.ignores_smart"))
        if what == "stand" and state["zombies"]["knocked"] == 0:
            return RuleError("none_down", "SB-Z3", M("sb.refuse.none_down"))
        if what == "stand" and not line["first"]:
            text = M("sb.refuse.stand_new") if line["new"] else M("sb.refuse.stand_first")
            return RuleError("stand_first", "SB-Z3", text)
        if what == "climb" and line["action"] == line["of"]:
            return RuleError("obstacle", "SB-Z3", M("sb.refuse.obstacle"))
        if what == "nowhere" and not line["new"]:
            return RuleError("not_spawned", "SB-Z4", M("sb.refuse.not_spawned"))
    return None


def _za_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    """The form answered: the walk follows it line by line (``zombie_go``), asking again only
    when the table changed what the zombies face (see ``_stale``); the card's later spawns and
    walk follow theirs (``zplan``)."""
    walk = state["walk"]
    plan, spawns, after = _plan_of(state, act["params"])
    if walk["spawned"]:
        actions = _upcoming(state, asking=False)[1]
        state["zplan"] = {
            "spawns": spawns,
            "walk": after if actions is not None else None,
            "of": state["zombies"]["board"] + len(spawns),
            "actions": actions,
            "knocked": state["zombies"]["knocked"],
        }
    walk["plan"] = plan
    walk["knocked_now"] = state["zombies"]["knocked"]
    Flow.push(state, {"kind": "zombie_go", "seat": seat})


def _stale(state: State, walk: dict, entry: dict) -> bool:
    """Whether the next planned line must be asked again: it no longer fits (its target is
    gone, no zombie is down to stand up), a zombie was knocked down or killed by a player since
    the form was answered, or a player may react now to the zombie about to act again (a
    Clothesline or a Pay Back on it changes its next action: the table gets that moment)."""
    what = entry["what"]
    if what.startswith("attack:") and int(what[7:]) not in _targets(state):
        return True
    if what == "stand" and state["zombies"]["knocked"] == 0:
        return True
    if state["zombies"]["knocked"] != walk.get("knocked_now", state["zombies"]["knocked"]):
        return True
    mine = [
        i
        for i, w in enumerate(state["windows"])
        if (w.get("attacker") or {}).get("n") == entry["zombie"] and entry["action"] > 1
    ]
    if mine:
        from .reactions import reaction_plays

        return any(i in mine for s in state["seats"] for _, _, i in reaction_plays(state, s))
    return False


def zombie_go(state: State, step: dict, ctx: Ctx) -> None:
    """The next line of the answered form, or the form again for what is left."""
    walk = state.get("walk")
    if walk is None:
        return
    plan = walk.get("plan") or []
    here = (walk["zombie"], walk["action"])
    while plan and (
        plan[0]["zombie"] in walk["gone"] or (plan[0]["zombie"], plan[0]["action"]) < here
    ):
        plan.pop(0)
    if not plan or (plan[0]["zombie"], plan[0]["action"]) != here:
        Flow.push(state, {"kind": "zombie_act", "seat": step["seat"]})
        return
    if _stale(state, walk, plan[0]):
        walk["knocked_now"] = state["zombies"]["knocked"]
        ctx.say(M("sb.walk.again", n=here[0], action=here[1]), rule="SB-Z3")
        Flow.push(state, {"kind": "zombie_act", "seat": step["seat"]})
        return
    entry = plan.pop(0)
    if entry["what"] == "climb" and plan and plan[0]["zombie"] == entry["zombie"]:
        plan.pop(0)  # the obstacle takes this action and the next: the next line is moot
    if entry["what"] == "stand":
        walk["knocked_now"] = state["zombies"]["knocked"] - 1
    line(state, step["seat"], entry["what"], ctx)


def line(state: State, seat: int, what: str, ctx: Ctx) -> None:
    """One zombie action, on its priority line (SB-Z3): what the per-zombie question applied."""
    walk, z = state["walk"], state["zombies"]
    walk["last"] = LINE_OF[what.split(":")[0]]
    n = walk["zombie"]
    zombie = M("sb.zombie.new") if walk["spawned"] else M("sb.zombie.nth", n=n)
    if what == "nowhere":
        z["board"] -= 1
        z["pool"] += 1
        ruling(state, ctx, M("sb.spawn.nowhere"), "SB-Z4", M("sb.reason.nowhere"))
        state["walk"] = None
        return
    used = 2 if what == "climb" else 1
    Flow.push(state, {"kind": "walk_next", "used": used})
    if what == "stand":
        z["knocked"] -= 1
        walk["stood"] += 1
        ruling(
            state, ctx, M("sb.z.stands", zombie=zombie), "SB-Z3", M("sb.reason.z.stand"), zombie=n
        )
    elif what.startswith("attack:"):
        target = int(what.split(":")[1])
        walk["attacking"] = True
        ruling(
            state,
            ctx,
            M("sb.z.attacks", zombie=zombie, seat=seat_ref(target)),
            "SB-Z3",
            M("sb.reason.z.attack", chooser=seat_ref(seat)),
            zombie=n,
            target=target,
        )
        attacker = {"zombie": True, "walk": True, "n": n}
        Flow.push(state, combat.attack_step(attacker, target, "die", "SB-Z5"))
    elif what in ("move", "climb"):
        reason = (
            M("sb.reason.z.climb")
            if what == "climb"
            else M("sb.reason.z.move", chooser=seat_ref(seat))
        )
        ruling(
            state,
            ctx,
            M("sb.z.climbs" if what == "climb" else "sb.z.moves", zombie=zombie),
            "SB-Z3",
            reason,
            zombie=n,
        )
        combat.open_window(state, "entered", mover="zombie", attacker={"zombie": True, "n": n})
    else:
        ruling(
            state,
            ctx,
            M("sb.z.stays", zombie=zombie),
            "SB-Z3",
            M("sb.reason.z.stay", chooser=seat_ref(seat)),
            zombie=n,
        )


def _still_to_act(walk: dict) -> list[int]:
    """The numbers of the current zombie and of those after it that are still on the board."""
    return [n for n in range(walk["zombie"], walk["of"] + 1) if n not in walk["gone"]]


def walk_next(state: State, step: dict, ctx: Ctx) -> None:
    """The same zombie's next action, or the next zombie, or the end of the walk."""
    walk = state.get("walk")
    if walk is None:
        return
    walk["attacking"] = False
    walk["action"] += step["used"]
    if walk["dead"] or walk["action"] > walk["actions"]:
        walk.update(zombie=walk["zombie"] + 1, action=1, dead=False)
        while walk["zombie"] in walk["gone"]:
            walk["zombie"] += 1  # killed before its turn came (SB-Z2)
    if walk["zombie"] > walk["of"] or state["zombies"]["board"] == 0:
        if not walk["spawned"]:
            ctx.say(M("sb.walk.done", count=walk["of"]), rule="SB-Z2")
        state["walk"] = None
        return
    Flow.push(state, {"kind": "zombie_go", "seat": state["turn"]})


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
    "walk_start": walk_start,
    "walk_next": walk_next,
    "zombie_go": zombie_go,
    "smart_phase": smart_phase,
}


def _za_prompt(state: State, step: dict) -> dict:
    walk = state["walk"]
    if walk["spawned"]:
        return M("sb.prompt.spawned", seat=seat_ref(step["seat"]))
    return M(
        "sb.prompt.zombie",
        seat=seat_ref(step["seat"]),
        n=walk["zombie"],
        of=walk["of"],
        action=walk["action"],
        actions=walk["actions"],
    )


def _za_ask(state: State, step: dict) -> dict:
    walk = state["walk"]
    if walk["spawned"]:
        return M("sb.ask.spawned")
    return M(
        "sb.ask.zombie",
        n=walk["zombie"],
        of=walk["of"],
        action=walk["action"],
        actions=walk["actions"],
    )


QUESTIONS = {
    "zombie_act": question(
        "SB-Z3", _za_specs, _za_apply, prompt=_za_prompt, ask=_za_ask, refuse=_za_refuse
    ),
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
