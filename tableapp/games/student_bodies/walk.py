"""Every zombie on the board acts (the rulebook's "Zombie Actions Step", "Zombie Action
Priority"; SB-Z2, SB-Z3): the walk, refereed.

The app cannot tell the standees apart, so the current player lines them up, nearest to a
player first (SB-Z2), and the app numbers them. ONE form covers the whole walk: for each action
of each zombie, the lines of the priority table (SB-Z3), in order: knocked down (it stands up),
next to a player (it attacks them: the current player picks whom), else it moves closer (ties:
the current player), climbs an obstacle (2 actions), or moves sideways / stays; "moves closer"
preselected. The walk then plays the lines out in order (each attack rolled and resolved in
turn) and asks again, with the answers kept, only when the table changed what the zombies face:
a zombie knocked down or killed by a player, a target gone, or a Reaction that may change the
next action of the zombie that just acted. A spawned zombie (SB-Z4) walks the same way, alone.
"""

from __future__ import annotations

import re

from tableapp.engine import Ctx, Flow, M, RuleError, action, choice, seat_ref

from . import combat
from .state import (
    LIVING,
    SMART,
    State,
    attackable,
    question,
    ruling,
    seats_with,
    status,
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


def new_walk(state: State, *, of: int, actions: int, spawned: bool = False) -> dict:
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
    state["walk"] = new_walk(state, of=n, actions=step["actions"])
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


STEPS = {
    "walk_start": walk_start,
    "walk_next": walk_next,
    "zombie_go": zombie_go,
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
}
