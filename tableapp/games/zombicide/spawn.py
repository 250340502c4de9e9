"""Spawns, refereed (ZC-4, ZC-6, ZC-7, ZC-8, ZC-9, ZC-10, ZC-15).

A spawn phase draws one Zombie card per active spawn zone, from zone 1 clockwise, each read at
the danger level of the survivor with the most adrenaline. A door opened on a closed building
draws one card per dark room (the same reading). For each card:

- counts are placed: each zone's placing is a step on the board ("Place Walker ×2 in zone 3")
  that the table screen and every phone list until someone ticks it (the engine's board
  steps); the spawn panel shows the same rows zone by zone, the first one not ticked marked;
- a Rush card's Zombies (only those) activate at once (ZC-9);
- an Extra-activation card places nothing and activates every Zombie of its type — except at
  the first (blue) level, where it does nothing (ZC-9);
- an Abomination: one on the board at most unless option ``abomination_fest``; a card that
  would place another activates the one in play instead (ZC-6). Its kind is drawn at random
  from the kinds whose miniature is free;
- a type out of miniatures: what is left is placed, and every Zombie of that type activates
  instead of the missing ones (ZC-10).

Activations go on the stack at once, so they happen before the next zone's card (zombies.py
walks the table through them).
"""

from __future__ import annotations

from tableapp.engine import Ctx, Flow, M, Question, action, board_step

from .state import (
    ABOMINATION,
    FINISHED,
    State,
    counts_msg,
    danger,
    draw_cards,
    everyone,
    kind_name,
    level_ids,
    level_name,
    miniatures_left,
    survivor,
    survivor_name,
    type_name,
)

ABOMINATION_KEY = "abomination_"


def where_msg(where: dict) -> dict:
    if "zone" in where:
        return M("zc.where.zone", number=where["zone"])
    return M("zc.where.room", building=where["building"], room=where["room"])


def _begin(state: State, source: str, building: str | None, ctx: Ctx) -> None:
    level, leader = danger(state)
    most = survivor(state, leader)["adrenaline"] if leader else 0
    state["spawning"] = {
        "source": source,
        "building": building,
        "round": state["round"],
        "level": level,
        "leader": leader if most else None,  # nobody drives it before any adrenaline
        "rows": [],
        "current": None,
        "done": False,
    }
    ctx.say(
        M(
            "zc.spawn.level" if most else "zc.spawn.level_start",
            level=level_name(state, level),
            survivor=survivor_name(state, leader) if leader else M("zc.nobody"),
            count=most,
        ),
        rule="ZC-4",
        level=level,
    )


def active_zones(state: State) -> list[dict]:
    """ZC-7, ZC-8: zones in clockwise order from 1, coloured ones once their trigger's Zombie
    phase has come."""
    return [
        z
        for z in state["mission"]["zones"]
        if z["active_from"] is not None and z["active_from"] <= state["round"]
    ]


def _spawn_phase(state: State, step: dict, ctx: Ctx) -> None:
    zones = active_zones(state)
    _begin(state, "zombies", None, ctx)
    ctx.say(
        M(
            "zc.spawn.zones",
            zones=[z["number"] for z in zones] or M("zc.nothing"),
            count=len(zones),
        ),
        rule="ZC-7",
        zones=[z["number"] for z in zones],
    )
    Flow.push(
        state,
        *({"kind": "spawn_at", "where": {"zone": z["number"]}} for z in zones),
        {"kind": "spawn_done"},
    )


def door_steps(state: State, building: dict) -> list[dict]:
    """ZC-15: one card per dark room of the building, rooms numbered by the players first."""
    return [
        {"kind": "spawn_begin", "building": building["id"]},
        *(
            {"kind": "spawn_at", "where": {"building": building["id"], "room": r}}
            for r in range(1, building["dark_rooms"] + 1)
        ),
        {"kind": "spawn_done"},
    ]


def _spawn_begin(state: State, step: dict, ctx: Ctx) -> None:
    _begin(state, "door", step["building"], ctx)


def _spawn_at(state: State, step: dict, ctx: Ctx) -> None:
    spawning = state["spawning"]
    drawn = draw_cards(state, "spawn_deck", 1, ctx, "ZC-7")
    if not drawn:  # an empty pack: nothing to read (validation keeps this from happening)
        return
    card = drawn[0]
    state["spawn_deck"]["discard"].insert(0, card)
    row, steps = resolve_card(state, card, step["where"], spawning["level"], ctx)
    spawning["rows"].append(row)
    spawning["current"] = len(spawning["rows"]) - 1
    Flow.push(state, *steps)


def resolve_card(state: State, card: str, where: dict, level: str, ctx: Ctx) -> tuple[dict, list]:
    """Read one Zombie card at ``level``: place, and list the steps that follow (the table's
    ``placed``, then the activations). The steps: the row the table shows; an extra activation
    card places nothing (:func:`_extra_activation`); else each type in turn is placed
    (:func:`_place_abominations`, :func:`_place_type`), then the board is told and a rush
    follows (:func:`_board_and_rush`)."""
    c = state["content"]["spawn"][card]
    row = _new_row(card, c, where, level)
    activations: list[dict] = []
    base = {"where": where, "row": card}
    if c["extra_activation"]:
        activations += _extra_activation(state, row, level, base, ctx)
        return row, activations
    group: dict[str, int] = {}
    for kind in state["content"]["types"]:
        n = c["levels"][level].get(kind, 0)
        if not n:
            continue
        if kind == ABOMINATION:
            activations += _place_abominations(state, row, n, base, group, ctx)
        else:
            activations += _place_type(state, row, kind, n, base, group)
    _say_row(state, row, group, ctx)
    return row, _board_and_rush(state, row, c, group, base) + activations


def _new_row(card: str, c: dict, where: dict, level: str) -> dict:
    """The card's row on the table's screen, before anything is placed."""
    return {
        "where": where,
        "card": card,
        "level": level,
        "rush": c["rush"],
        "extra": c["extra_activation"],
        "place": {},
        "placed": {},
        "abominations": [],
        "short": [],
        "activates": [],
        "board_step": None,
    }


def _extra_activation(state: State, row: dict, level: str, base: dict, ctx: Ctx) -> list[dict]:
    """ZC-9: an extra activation card places nothing; the type named activates, except at the
    first danger level."""
    kind = row["extra"]
    here = where_msg(row["where"])
    if level == level_ids(state)[0]:
        ctx.say(
            M("zc.spawn.extra_blue", where=here, type=type_name(state, kind)),
            rule="ZC-9",
            reason=M("zc.reason.extra_blue"),
            spawn=row,
        )
        return []
    row["activates"].append({"reason": "extra", "type": kind})
    activations = [_activation({"types": [kind]}, "extra", base, kind)]
    ctx.say(
        M("zc.spawn.extra", where=here, type=type_name(state, kind)),
        rule="ZC-9",
        reason=M("zc.reason.extra"),
        spawn=row,
    )
    return activations


def _place_abominations(
    state: State, row: dict, n: int, base: dict, group: dict[str, int], ctx: Ctx
) -> list[dict]:
    """``n`` Abominations: each drawn at random among the miniatures left (ZC-6); with one in
    play (no Abomination Fest) the draw activates it instead, once; with none left, every
    Abomination activates (ZC-10). Returns the activations."""
    activations: list[dict] = []
    fest = state["options"]["abomination_fest"]
    reactivated = False
    for _ in range(n):
        if state["abominations"] and not fest:
            # ZC-6: one Abomination at most; another draw activates the one in play.
            if not reactivated:
                reactivated = True
                row["activates"].append({"reason": "abomination", "type": ABOMINATION})
                activations.append(
                    _activation({"types": [ABOMINATION]}, "abomination", base, ABOMINATION)
                )
            continue
        free = [k for k in state["content"]["abomination_order"] if k not in state["abominations"]]
        if not free:
            # ZC-10: every Abomination miniature is on the board.
            if ABOMINATION not in row["short"]:
                row["short"].append(ABOMINATION)
                row["activates"].append({"reason": "shortage", "type": ABOMINATION})
                activations.append(
                    _activation({"types": [ABOMINATION]}, "shortage", base, ABOMINATION)
                )
            continue
        chosen = ctx.rng.choice(free)  # ZC-6: the kind is drawn at random
        state["abominations"].append(chosen)
        row["abominations"].append(chosen)
        group[ABOMINATION_KEY + chosen] = 1
    row["place"][ABOMINATION] = n
    row["placed"][ABOMINATION] = len(row["abominations"])
    return activations


def _place_type(
    state: State, row: dict, kind: str, n: int, base: dict, group: dict[str, int]
) -> list[dict]:
    """``n`` Zombies of ``kind``, as many as there are miniatures left; short of them, every
    Zombie of that type activates instead (ZC-10). Returns the activations."""
    put = min(n, miniatures_left(state, kind))
    state["board"][kind] += put
    row["place"][kind] = n
    row["placed"][kind] = put
    if put:
        group[kind] = put
    if put < n:
        # ZC-10: out of miniatures: every Zombie of that type activates instead.
        row["short"].append(kind)
        row["activates"].append({"reason": "shortage", "type": kind})
        return [_activation({"types": [kind]}, "shortage", base, kind)]
    return []


def _board_and_rush(
    state: State, row: dict, c: dict, group: dict[str, int], base: dict
) -> list[dict]:
    """What was placed is told to the board; a rush card activates the group placed at once
    (before the other activations). Returns the rush's step, if any."""
    if not group:
        return []
    board_step(
        state,
        M("zc.board.place", zombies=_group_words(state, group), where=where_msg(row["where"])),
    )
    row["board_step"] = state["board_steps"][-1]["id"]
    if c["rush"]:
        row["activates"].insert(0, {"reason": "rush", "type": None})
        return [_activation({"group": group}, "rush", base, None)]
    return []


def _activation(scope: dict, reason: str, base: dict, kind: str | None) -> dict:
    return {"kind": "activation", "scope": scope, "reason": reason, "pass": 1, "type": kind, **base}


def _group_words(state: State, group: dict) -> list:
    """ "Walker ×2 and the Hulking Abomination": what a card places."""
    figures = {k: n for k, n in group.items() if not k.startswith(ABOMINATION_KEY)}
    kinds = [
        kind_name(state, k[len(ABOMINATION_KEY) :]) for k in group if k.startswith(ABOMINATION_KEY)
    ]
    return counts_msg(state, figures) + [M("zc.spawn.abomination", kind=k) for k in kinds]


def _say_row(state: State, row: dict, group: dict, ctx: Ctx) -> None:
    here = where_msg(row["where"])
    ctx.say(
        M(
            "zc.spawn.rush" if row["rush"] and group else "zc.spawn.place",
            where=here,
            zombies=_group_words(state, group) or M("zc.nothing"),
        ),
        rule="ZC-9" if row["rush"] and group else "ZC-7",
        reason=M("zc.reason.rush") if row["rush"] and group else None,
        spawn=row,
    )
    for kind in row["short"]:
        ctx.say(
            M(
                "zc.spawn.short",
                type=type_name(state, kind),
                count=row["place"].get(kind, 0) - row["placed"].get(kind, 0),
            ),
            rule="ZC-10",
            reason=M("zc.reason.short"),
            type=kind,
        )
    for kind in row["abominations"]:
        ctx.say(
            M("zc.spawn.kind_drawn", kind=kind_name(state, kind), where=here),
            rule="ZC-6",
            reason=M("zc.reason.kind_drawn"),
            abomination=kind,
        )
    if any(a["reason"] == "abomination" for a in row["activates"]):
        ctx.say(M("zc.spawn.abomination_again"), rule="ZC-6", reason=M("zc.reason.one_abomination"))


# A table stored before spawns became board steps may still wait on this question.
def _placed_specs(state: State, step: dict, seat: int) -> list[dict]:
    return [action("placed", M("zc.action.placed", where=where_msg(step["where"])))]


def _placed_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    spawning = state["spawning"]
    for row in spawning["rows"]:
        if row["card"] == step["card"] and row["where"] == step["where"]:
            row["placed_done"] = True
    ctx.say(M("zc.spawn.placed_done", where=where_msg(step["where"])), rule="ZC-7")


PLACED = Question(
    rule="ZC-7",
    specs=_placed_specs,
    apply=_placed_apply,
    prompt=lambda state, step: M("zc.prompt.placed", where=where_msg(step["where"])),
    actors=lambda state, step: everyone(state),
)


def _spawn_done(state: State, step: dict, ctx: Ctx) -> None:
    if state["phase"] == FINISHED or state["spawning"] is None:
        return
    state["spawning"]["done"] = True
    state["spawning"]["current"] = None


STEPS = {
    "spawn_phase": _spawn_phase,
    "spawn_begin": _spawn_begin,
    "spawn_at": _spawn_at,
    "spawn_done": _spawn_done,
}
QUESTIONS = {"placed": PLACED}
