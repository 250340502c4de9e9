"""Human moves in the Cemetery (the Eat Zem All rulebook, "Move along the path", "Examples of
Human Movement in the Cemetery", "Human Abilities"; EZA-H7, H10, EZA-H15, EZA-E2).

A Human moves one cell along the path with every non-frightened Human of its cell (EZA-H10);
at an intersection the group splits in two equal halves, the odd one with the activated Human,
and the half left behind takes the other way next time. The active Horde says how many Zombies
stand on the next cell (EZA-H7: a Standing Zombie or a full cell blocks; it picks who fits).
Omar goes alone onto Standing Zombies; Odile, when she cannot follow the path, leaves it for the
car by the shortest orthogonal route and stays put if surrounded by Standing Zombies (EZA-H15).
A Human on a Car cell escapes (EZA-E2). When the Human's next effect is an attack, the advance's
answer also holds the reach from where it then stands (EZA-H12; not for Odile, who leaves the
path when blocked): the attack resolves once the group has moved (and who goes along, if asked).
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, Question, RuleError, action, choice, integer, subset
from . import attacks
from .board import cell_at, cell_name, direction, humans_on, neighbours, square_of, to_car
from .effects import describe
from .state import State, Step, ability, escape, human, human_name, in_play, name


def advance(state: State, ctx: Ctx, hid: str) -> None:
    h = human(state, hid)
    if h["off_path"]:  # Odile heads for the car beside the path, alone (EZA-H15)
        _ask_odile(state, hid, avoid=None)
        return
    ways = state["content"]["board"]["cells"][h["cell"]]["next"]
    if not ways:
        return
    group = [
        o
        for o in in_play(state)
        if o != hid
        and human(state, o)["cell"] == h["cell"]
        and not human(state, o)["frightened"]
        and not human(state, o)["off_path"]
    ]
    if len(ways) == 1:
        _ask_advance(state, hid, [hid] + group, ways[0])
    elif h["branch"]:  # EZA-H10: the group left behind takes the other way
        mates = [o for o in group if human(state, o)["branch"] == h["branch"]]
        _ask_advance(state, hid, [hid] + mates, h["branch"])
    else:
        others = [o for o in group if not human(state, o)["branch"]]
        size = (len(others) + 2) // 2  # the odd one goes with the activated Human
        Flow.push(
            state,
            {
                "kind": "split",
                "seat": state["active"],
                "human": hid,
                "others": others,
                "size": size,
                "ways": ways,
            },
        )


def _split_specs(state: State, step: Step, seat: int) -> list[dict]:
    params = {"way": choice(step["ways"], [cell_name(state, w) for w in step["ways"]])}
    if step["others"]:
        k = step["size"] - 1
        params["companions"] = subset(
            step["others"], k, k, [human_name(state, o) for o in step["others"]]
        )
    return [
        action(
            "split",
            M("eza.action.split"),
            submit=M("eza.submit.split", chosen="{chosen}"),
            **params,
        )
    ]


def _split_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    hid, way = step["human"], act["params"]["way"]
    movers = [hid] + list(act["params"].get("companions", []))
    other_way = [w for w in step["ways"] if w != way][0]
    stay = [o for o in step["others"] if o not in movers]
    for o in stay:
        human(state, o)["branch"] = other_way
    ctx.say(
        M(
            "eza.split.behind" if stay else "eza.split",
            humans=[human_name(state, m) for m in movers],
            cell=cell_name(state, way),
            behind=[human_name(state, o) for o in stay],
            other=cell_name(state, other_way),
        ),
        rule="EZA-H10",
        reason=M("eza.split.reason"),
    )
    _ask_advance(state, hid, movers, way)


def _ask_advance(state: State, hid: str, movers: list[str], dest: str) -> None:
    step = {"kind": "advance", "seat": state["active"], "human": hid, "movers": movers}
    step["dest"] = dest
    # blocked, she leaves the path (asked where): no reach asked with the move
    Flow.push(state, attacks.with_attack(state, hid, step, "odile_detour"))


def _advance_specs(state: State, step: Step, seat: int) -> list[dict]:
    counts = {"standing": integer(0, 4), "crawling": integer(0, 4)}
    if "attack" not in step:
        return [
            action(
                "advance",
                M("eza.action.advance"),
                submit=M("eza.submit.advance", n="{n}"),
                **counts,
            )
        ]
    reach = {f"reach_{k}": p for k, p in attacks.reach_params(state, step["human"]).items()}
    return [  # the move, then the attack's reach (EZA-H7, EZA-H12): one answer
        action(
            "advance",
            M("eza.action.advance_attack", attack=describe(step["attack"])),
            submit=M("eza.submit.advance_attack", n="{n}", chosen="{chosen}"),
            **counts,
            **reach,
        )
    ]


def _reach_of(params: dict) -> dict:
    return {k[len("reach_") :]: v for k, v in params.items() if k.startswith("reach_")}


def _advance_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if act["type"] != "advance" or "attack" not in step:
        return None
    return attacks.reach_refusal(state, step["human"], _reach_of(act["params"]))


def _advance_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    if "attack" in step:  # after the move (and who goes along, if asked)
        reach = _reach_of(act["params"])
        Flow.push(state, {"kind": "reported_attack", **_attack_of(step), "reach": reach})
    _advance_move(state, step, act, ctx)


def _attack_of(step: Step) -> dict:
    return {"human": step["human"], "attack": step["attack"]}


def _reported_attack(state: State, step: Step, ctx: Ctx) -> None:
    if human(state, step["human"])["status"] == "alive":  # not escaped on a Car cell
        attacks.resolve_attack(state, ctx, step["human"], step["attack"], step["reach"])


def _advance_move(state: State, step: Step, act: dict, ctx: Ctx) -> None:
    hid, dest = step["human"], step["dest"]
    standing, crawling = act["params"]["standing"], act["params"]["crawling"]
    limit = state["content"]["box"]["occupants_per_cell"]
    room = max(0, limit - standing - crawling - humans_on(state, dest))
    movers = list(step["movers"])
    if standing > 0:
        if ability(state, hid) != "omar_unblockable":
            _blocked_on_path(state, ctx, hid, dest, M("eza.why.standing_there"))
            return
        if len(movers) > 1:  # EZA-H15: Omar goes alone
            ctx.say(M("eza.omar.alone"), rule="EZA-H15")
        movers = [hid]
    if room == 0:
        _blocked_on_path(
            state, ctx, hid, dest, M("eza.why.full", cell=cell_name(state, dest), count=limit)
        )
        return
    if len(movers) > room:  # EZA-H7: the active Horde picks who fits
        Flow.push(
            state,
            {
                "kind": "companions",
                "seat": state["active"],
                "human": hid,
                "movers": movers,
                "room": room,
                "dest": dest,
            },
        )
        ctx.say(
            M("eza.room.only", count=room, total=len(movers), human=human_name(state, hid)),
            rule="EZA-H7",
        )
        return
    move_group(state, ctx, movers, dest)


def _companions_specs(state: State, step: Step, seat: int) -> list[dict]:
    others = [m for m in step["movers"] if m != step["human"]]
    k = step["room"] - 1
    return [
        action(
            "companions",
            M("eza.action.companions"),
            submit=M("eza.submit.companions", chosen="{chosen}"),
            humans=subset(others, k, k, [human_name(state, o) for o in others]),
        )
    ]


def _blocked_on_path(state: State, ctx: Ctx, hid: str, dest: str, why: dict) -> None:
    if ability(state, hid) == "odile_detour":  # EZA-H15
        ctx.say(M("eza.odile.leaves", why=why), rule="EZA-H15", reason=M("eza.odile.reason"))
        _ask_odile(state, hid, avoid=square_of(state, dest))
        return
    ctx.say(
        M("eza.move.skipped", human=human_name(state, hid), why=why),
        rule="EZA-H7",
        reason=M("eza.move.blocked.reason"),
        human=hid,
    )


# --- Odile off the path (EZA-H15) --------------------------------------------------------------


def odile_steps(state: State, hid: str, avoid: str | None) -> list[str]:
    """The squares next to Odile she may step onto, the shortest way to a car first."""
    here = square_of(state, human(state, hid)["cell"])
    limit = state["content"]["box"]["occupants_per_cell"]
    squares = [
        s
        for s in neighbours(state, here)
        if s != avoid and humans_on(state, cell_at(state, s), exclude=hid) < limit
    ]
    return sorted(squares, key=lambda s: (to_car(state, s), s))


def _ask_odile(state: State, hid: str, avoid: str | None) -> None:
    Flow.push(state, {"kind": "odile_step", "seat": state["active"], "human": hid, "avoid": avoid})


def _odile_specs(state: State, step: Step, seat: int) -> list[dict]:
    here = square_of(state, human(state, step["human"])["cell"])
    squares = odile_steps(state, step["human"], step["avoid"])
    labels = [
        M(
            "eza.odile.step",
            direction=direction(state, here, s),
            cell=cell_name(state, cell_at(state, s)),
            count=to_car(state, s),
        )
        for s in squares
    ]
    return [
        action(
            "odile_step",
            M("eza.action.odile_step"),
            to=choice(squares + ["stay"], labels + [M("eza.odile.stay")]),
        )
    ]


def _odile_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    hid, square = step["human"], act["params"]["to"]
    if square == "stay":
        ctx.say(M("eza.odile.surrounded"), rule="EZA-H15")
        return
    h = human(state, hid)
    h["off_path"] = True
    h["branch"] = None
    cell = cell_at(state, square)
    if cell in state["content"]["board"]["cars"]:  # EZA-E2
        h["cell"] = cell
        escape(state, ctx, hid, M("eza.escape.car", human=human_name(state, hid)))
        return
    h["cell"] = cell
    ctx.say(
        M("eza.odile.moves", cell=cell_name(state, cell), count=to_car(state, square)),
        rule="EZA-H15",
        human=hid,
        cell=cell,
    )


def move_group(state: State, ctx: Ctx, movers: list[str], dest: str) -> None:
    for m in movers:
        human(state, m).update(cell=dest, branch=None)
    if dest in state["content"]["board"]["cars"]:  # EZA-E2
        for m in movers:
            escape(state, ctx, m, M("eza.escape.car", human=human_name(state, m)))
        return
    ctx.say(
        M(
            "eza.path.moves",
            humans=[human_name(state, m) for m in movers],
            count=len(movers),
            cell=cell_name(state, dest),
        ),
        rule="EZA-H10",
        humans=movers,
        cell=dest,
    )


def _advance_ask(state: State, step: Step) -> dict:
    move = M(
        "eza.ask.advance",
        humans=[human_name(state, m) for m in step["movers"]],
        cell=cell_name(state, step["dest"]),
        count=humans_on(state, step["dest"]),
    )
    if "attack" not in step:
        return move
    return M("eza.ask.move_then_reach", move=move, reach=attacks.reach_ask(state, step))


STEPS = {"reported_attack": _reported_attack}

QUESTIONS = {
    "split": Question(
        rule="EZA-H10",
        specs=_split_specs,
        apply=_split_apply,
        prompt=lambda state, step: M(
            "eza.prompt.split",
            human=human_name(state, step["human"]),
            horde=name(state, step["seat"]),
        ),
        ask=lambda state, step: M(
            "eza.ask.split", human=human_name(state, step["human"]), count=step["size"] - 1
        ),
    ),
    "advance": Question(
        rule="EZA-H10",
        specs=_advance_specs,
        apply=_advance_apply,
        refuse=_advance_refuse,
        prompt=lambda state, step: M(
            "eza.prompt.advance",
            humans=[human_name(state, m) for m in step["movers"]],
            cell=cell_name(state, step["dest"]),
            horde=name(state, step["seat"]),
        ),
        ask=_advance_ask,
    ),
    "companions": Question(
        rule="EZA-H7",
        specs=_companions_specs,
        apply=lambda state, step, seat, act, ctx: move_group(
            state, ctx, [step["human"]] + list(act["params"]["humans"]), step["dest"]
        ),
        prompt=lambda state, step: M("eza.prompt.companions", horde=name(state, step["seat"])),
        ask=lambda state, step: M(
            "eza.ask.companions", count=step["room"], human=human_name(state, step["human"])
        ),
    ),
    "odile_step": Question(
        rule="EZA-H15",
        specs=_odile_specs,
        apply=_odile_apply,
        prompt=lambda state, step: M("eza.prompt.odile", horde=name(state, step["seat"])),
        ask=lambda state, step: M("eza.ask.odile"),
    ),
}
