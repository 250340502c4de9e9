"""A survivor's turn (``survivor_turn``, the owner's phone): what it may do, one tap each —
search, open a crate, open a building's first door, take an objective, attack (attack.py),
rearrange or trade its cards (inventory.py), let another survivor play first, end the turn —
and what each does on the app's side (ZC-1, ZC-3, ZC-8, ZC-14, ZC-15)."""

from __future__ import annotations

from tableapp.engine import (
    Ctx,
    Flow,
    M,
    Question,
    RuleError,
    action,
    choice,
    seat_ref,
)

from . import attack, inventory, spawn
from .ending import check_won, gain_adrenaline
from .state import (
    COLOUR_LABELS,
    HANDS,
    PLAYERS_PHASE,
    SETUP,
    State,
    card_def,
    card_name,
    card_view,
    cards_of,
    draw_cards,
    owned,
    skill_number,
    survivor,
    survivor_name,
)

#: ZC-3: adrenaline for taking an objective.
OBJECTIVE_ADRENALINE = 5


def waiting(state: State, seat: int) -> list[str]:
    """The survivors of ``seat`` who have not played this round, in team order."""
    return [s for s in owned(state, seat) if not survivor(state, s)["activated"]]


def search_draws(state: State, sid: str) -> int:
    """ZC-14: 1 card; a Flashlight anywhere in the inventory (or a skill) makes it 2, and two
    Flashlights still draw 2: the largest draw counts, they never add up."""
    draws = [1, skill_number(state, sid, "search_draws") or 1]
    draws += [card_def(state, c).get("search_draws", 1) for c in cards_of(state, sid)]
    return max(draws)


def _crates_left(state: State) -> int:
    crates = state["mission"]["crates"]
    return crates["total"] - crates["opened"]


def _door_tool(state: State, sid: str) -> bool:
    held = survivor(state, sid)["inventory"]
    return any(held[i] and card_def(state, held[i]).get("door") for i in HANDS)


def _closed_buildings(state: State) -> list[dict]:
    return [b for b in state["mission"]["buildings"] if not b["opened"]]


def _objectives_left(state: State) -> list[str]:
    return [c for c, o in state["mission"]["objectives"].items() if o["taken"] < o["total"]]


def _turn_specs(state: State, step: dict, seat: int) -> list[dict]:
    sid = step["survivor"]
    sv = survivor(state, sid)
    name = survivor_name(state, sid)
    specs = []
    if not sv["searched"]:
        specs.append(
            action("search", M("zc.action.search", survivor=name, count=search_draws(state, sid)))
        )
    if _crates_left(state) > 0:
        specs.append(action("open_crate", M("zc.action.open_crate", count=_crates_left(state))))
    # ZC-15: the app asks about the doors it must know of: the first door of each building
    # the host listed (its dark rooms may spawn). Other doors open on the board alone.
    closed = _closed_buildings(state) if _door_tool(state, sid) else []
    if len(closed) == 1:  # one building left: the button opens it
        b = closed[0]
        label = M("zc.action.open_door_one", building=b["id"], count=b["dark_rooms"])
        specs.append(action("open_door", label))
    elif closed:
        values = [b["id"] for b in closed]
        labels = [M("zc.door.building", building=b["id"], count=b["dark_rooms"]) for b in closed]
        specs.append(action("open_door", M("zc.action.open_door"), building=choice(values, labels)))
    left = _objectives_left(state)
    if len(left) == 1:  # one colour left: the button takes it
        specs.append(
            action(
                "take_objective",
                M("zc.action.take_objective_one", survivor=name, colour=COLOUR_LABELS[left[0]]),
            )
        )
    elif left:
        specs.append(
            action(
                "take_objective",
                M("zc.action.take_objective", survivor=name),
                colour=choice(left, [COLOUR_LABELS[c] for c in left]),
            )
        )
    specs += attack.attack_specs(state, sid)
    specs += inventory.move_specs(state, seat, [sid])
    specs += inventory.trade_specs(state, sid)
    # The app does not count actions (the board does). Ending a turn asks nothing: the
    # player's undo takes it back alone (it shows nothing).
    specs.append(_end_turn_spec(state, name))
    others = [s for s in waiting(state, seat) if s != sid]
    if len(others) == 1 and not state["turn"].get("acted"):  # the one other: its button
        label = M("zc.action.play_first_one", survivor=survivor_name(state, others[0]))
        specs.append(action("play_first", label))
    elif others and not state["turn"].get("acted"):
        # The player chooses the order: another survivor may play first, one tap.
        specs.append(
            action(
                "play_first",
                M("zc.action.play_first"),
                survivor=choice(others, [survivor_name(state, s) for s in others]),
            )
        )
    return specs


def _end_turn_spec(state: State, name: dict) -> dict:
    """Ending the turn; while the mission has goals to tick off (an exit reached, ZC-1), the
    same tap may say one is done: two buttons, "End the turn" and "End it, a goal done"."""
    goals = state["mission"]["goals"]
    left = goals["total"] - goals["done"]
    label = M("zc.action.end_turn", survivor=name)
    if left <= 0:
        return action("end_turn", label)
    return action(
        "end_turn",
        label,
        goal=choice(
            ["no", "done"],
            [M("zc.end_turn.no_goal"), M("zc.end_turn.goal_done", count=left)],
        ),
    )


def _turn_refuse(state: State, step: dict, seat: int, act: dict) -> RuleError | None:
    sid = step["survivor"]
    kind = act["type"]
    if kind == "search" and survivor(state, sid)["searched"]:
        return RuleError(
            "searched", "ZC-14", M("zc.refuse.searched", survivor=survivor_name(state, sid))
        )
    if kind == "open_crate" and _crates_left(state) <= 0:
        return RuleError("no_crate", "ZC-14", M("zc.refuse.no_crate"))
    if kind == "open_door" and not _door_tool(state, sid):
        return RuleError(
            "no_door_tool", "ZC-15", M("zc.refuse.no_door_tool", survivor=survivor_name(state, sid))
        )
    if kind == "take_objective" and not _objectives_left(state):
        return RuleError("no_objective", "ZC-1", M("zc.refuse.no_objective"))
    if kind in ("ranged", "melee"):
        return attack.refuse_attack(state, sid, kind)
    return None


def _turn_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    """A survivor's answer applied: long because it is one branch per action a survivor may take
    (rearranging, playing another first, search, a crate, a door, an objective, an attack, the
    end), each short and calling its chapter (inventory, attack); cut apart, the dispatch would
    only move."""
    kind, params = act["type"], act["params"]
    sid = step["survivor"]
    turn = state["turn"]
    if kind == "move_card":  # the survivor's own inventory, between its actions
        inventory.move_apply(state, seat, act, ctx, sid)
        Flow.push(state, step)
        return
    if kind == "play_first":  # another survivor plays first: this one has done nothing
        if "survivor" in params:
            other = params["survivor"]
        else:  # the one other survivor the player has left
            (other,) = [s for s in waiting(state, seat) if s != sid]
        survivor(state, sid)["activated"] = False
        ctx.say(
            M(
                "zc.turn.first",
                seat=seat_ref(seat),
                survivor=survivor_name(state, other),
                instead=survivor_name(state, sid),
            ),
            survivor=other,
            seat=seat,
        )
        Flow.push(state, {"kind": "begin_survivor", "seat": seat, "survivor": other})
        return
    turn["acted"] = True
    # ZC-14, ZC-16: rearranging is free right after a search, a crate or a trade; anything
    # else the survivor does ends that.
    turn["free"] = {"search": "search", "open_crate": "crate", "trade": "trade"}.get(kind)
    turn["partner"] = params["to"].partition(">")[0] if kind == "trade" else None
    if kind == "end_turn":
        state["turn"]["survivor"] = None
        ctx.say(M("zc.turn.end", survivor=survivor_name(state, sid)), survivor=sid)
        if params.get("goal") == "done":
            _goal_done(state, seat, ctx)
        return
    if kind in ("ranged", "melee"):
        weapon = params["weapon"] if "weapon" in params else attack.only_weapon(state, sid, kind)
        aim = {"kind": "aim", "seat": seat, "survivor": sid, "mode": kind, "weapon": weapon}
        ctx.say(
            M(
                "zc.attack.aiming" if kind == "ranged" else "zc.attack.closing",
                survivor=survivor_name(state, sid),
                weapon=attack.weapon_label(state, sid, kind, weapon),
            ),
            survivor=sid,
        )
        Flow.push(state, aim, step)
        return
    if kind == "trade":
        inventory.trade(state, sid, params, ctx)
        Flow.push(state, step)
        return
    if kind == "search":
        _search(state, sid, ctx)
        Flow.push(state, *inventory.stow(state, seat, sid, ctx), step)
    elif kind == "open_crate":
        state["mission"]["crates"]["opened"] += 1
        found = draw_cards(state, "crates", 1, ctx, "ZC-14")
        survivor(state, sid)["found"] += found
        ctx.say(
            M(
                "zc.crate",
                survivor=survivor_name(state, sid),
                cards=[card_name(state, c) for c in found] or M("zc.nothing"),
                count=len(found),
            ),
            rule="ZC-14",
            survivor=sid,
            cards=[card_view(state, c) for c in found],
        )
        Flow.push(state, *inventory.stow(state, seat, sid, ctx), step)
    elif kind == "open_door":
        # No param: the one building whose door is still closed.
        building = params["building"] if "building" in params else _closed_buildings(state)[0]["id"]
        Flow.push(state, *_open_door(state, sid, building, ctx), step)
    elif kind == "take_objective":
        Flow.push(state, step)
        colour = params["colour"] if "colour" in params else _objectives_left(state)[0]
        _take_objective(state, sid, colour, ctx)


def _goal_done(state: State, seat: int, ctx: Ctx) -> None:
    """ZC-1: one more goal of the mission ticked off; the last one done wins the mission."""
    goals = state["mission"]["goals"]
    goals["done"] += 1
    ctx.say(
        M("zc.goal.done", seat=seat_ref(seat), done=goals["done"], total=goals["total"]),
        rule="ZC-1",
    )
    check_won(state, ctx)


SURVIVOR_TURN = Question(
    rule=None,
    specs=_turn_specs,
    apply=_turn_apply,
    prompt=lambda state, step: M(
        "zc.prompt.turn",
        seat=seat_ref(step["seat"]),
        survivor=survivor_name(state, step["survivor"]),
    ),
    ask=lambda state, step: M("zc.ask.turn", survivor=survivor_name(state, step["survivor"])),
    refuse=_turn_refuse,
)


def _search(state: State, sid: str, ctx: Ctx) -> None:
    """ZC-14: indoors, no Zombie in the zone (the player confirms), once per turn."""
    sv = survivor(state, sid)
    sv["searched"] = True
    n = search_draws(state, sid)
    found = draw_cards(state, "equipment", n, ctx, "ZC-14")
    sv["found"] += found
    ctx.say(
        M(
            "zc.search",
            survivor=survivor_name(state, sid),
            cards=[card_name(state, c) for c in found] or M("zc.nothing"),
            count=len(found),
        ),
        rule="ZC-14",
        reason=M("zc.reason.flashlight") if n > 1 else M("zc.reason.search"),
        survivor=sid,
        cards=[card_view(state, c) for c in found],
    )


def _open_door(state: State, sid: str, building: str, ctx: Ctx) -> list[dict]:
    """ZC-15: the first door of a closed building spawns one card in each of its dark rooms;
    a building open at setup or holding survivors at setup never does."""
    name = survivor_name(state, sid)
    b = next(x for x in state["mission"]["buildings"] if x["id"] == building)
    b["opened"] = True
    if b["start"] != "closed":
        ctx.say(
            M("zc.door.no_spawn", survivor=name, building=building),
            rule="ZC-15",
            reason=M("zc.reason.open_at_setup")
            if b["start"] == "open"
            else M("zc.reason.survivors_at_setup"),
            building=building,
        )
        return []
    ctx.say(
        M("zc.door.spawn", survivor=name, building=building, count=b["dark_rooms"]),
        rule="ZC-15",
        building=building,
    )
    return spawn.door_steps(state, b)


def _take_objective(state: State, sid: str, colour: str, ctx: Ctx) -> None:
    objective = state["mission"]["objectives"][colour]
    objective["taken"] += 1
    ctx.say(
        M(
            "zc.objective.taken",
            survivor=survivor_name(state, sid),
            colour=COLOUR_LABELS[colour],
            taken=sum(o["taken"] for o in state["mission"]["objectives"].values()),
            total=sum(o["total"] for o in state["mission"]["objectives"].values()),
        ),
        rule="ZC-1",
        survivor=sid,
        colour=colour,
    )
    if colour != "red":
        activate_zones(state, colour, ctx)
    gain_adrenaline(state, sid, OBJECTIVE_ADRENALINE, ctx, M("zc.why.objective"))
    check_won(state, ctx)


def activate_zones(state: State, colour: str, ctx: Ctx) -> None:
    """ZC-8: the zones of that colour spawn from the next Zombie phase: this round's when
    triggered in the players' phase, the next round's when triggered during a Zombie phase."""
    start = state["round"] if state["phase"] in (PLAYERS_PHASE, SETUP) else state["round"] + 1
    for zone in state["mission"]["zones"]:
        if zone["colour"] == colour and zone["active_from"] is None:
            zone["active_from"] = max(start, 1)
            ctx.say(
                M(
                    "zc.zone.activated",
                    number=zone["number"],
                    colour=COLOUR_LABELS[colour],
                    round=zone["active_from"],
                ),
                rule="ZC-8",
                zone=zone["number"],
            )
