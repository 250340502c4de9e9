"""The Zombies' phase as a guided checklist (ZC-11, ZC-12), and the end of the round (ZC-17).

Every activation (the whole board in the Zombies' phase; a Rush, an Extra activation, a
shortage or a second Abomination during spawns) walks the table through:

1. ``zombie_attacks`` — Zombies in a zone with survivors attack first: each deals 1 wound, no
   dice, even an Abomination, and the survivors there share the wounds as they like (ZC-11).
   The board shows who is where. Each player enters the wounds of their own survivors on
   their phone (``wounds``), all at the same time, each row bounded by what the others left
   (one wound per attacking Zombie); anyone, the table screen too, may answer ``no_attack``
   for everyone left (no Zombie stands with a survivor). Once the wounds are all dealt, nobody
   is asked more.
2. The moves (ZC-12) are the board's alone: nobody is asked. A step on the board says the rule
   — towards the zone in sight with the most noise (every survivor counts as 1 noise), else
   towards the loudest zone, by the shortest path; equal paths split the group evenly, the
   players placing the odd one; no open path, no move — and stays until ticked (play goes on
   meanwhile); ``split`` (anyone, while it is there) works out an even split.
3. Runners act twice: after everyone's action, a second pass for the Runners (ZC-12).

An activation with no Zombie of its scope on the board is skipped (and says so).
"""

from __future__ import annotations

from tableapp.engine import (
    HOST,
    Ctx,
    Flow,
    M,
    Question,
    RuleError,
    action,
    board_step,
    counts,
    integer,
    seat_ref,
)
from tableapp.engine.turns import next_clockwise

from .ending import wound
from .spawn import ABOMINATION_KEY, where_msg
from .state import (
    ABOMINATION,
    FINISHED,
    ZOMBIES_PHASE,
    State,
    alive_team,
    counts_msg,
    everyone,
    health_left,
    on_board,
    owner,
    survivor_name,
    type_name,
)

MAX_ROUTES = 4


def _key_type(key: str) -> str:
    return ABOMINATION if key.startswith(ABOMINATION_KEY) else key


def scope_for_pass(state: State, scope: dict, number: int) -> dict:
    """The Zombies of ``scope`` that still have an action on pass ``number`` (ZC-12)."""
    types = state["content"]["types"]
    if "group" in scope:
        return {
            "group": {
                k: n for k, n in scope["group"].items() if types[_key_type(k)]["actions"] >= number
            }
        }
    return {"types": [t for t in scope["types"] if types[t]["actions"] >= number]}


def scope_count(state: State, scope: dict) -> int:
    if "group" in scope:
        return sum(scope["group"].values())
    return sum(on_board(state, t) for t in scope["types"])


def scope_msg(state: State, step: dict) -> dict:
    scope, reason = step["scope"], step["reason"]
    if step["pass"] > 1:
        kinds = scope.get("types") or sorted({_key_type(k) for k in scope["group"]})
        return M("zc.scope.again", types=[type_name(state, t) for t in kinds])
    if reason == "phase":
        return M("zc.scope.all")
    if reason == "rush":
        figures = {k: n for k, n in scope["group"].items() if not k.startswith(ABOMINATION_KEY)}
        kinds = [k for k in scope["group"] if k.startswith(ABOMINATION_KEY)]
        words = counts_msg(state, figures) + [type_name(state, ABOMINATION) for _ in kinds]
        return M("zc.scope.rush", zombies=words, where=where_msg(step["where"]))
    if reason == "extra":
        return M("zc.scope.extra", type=type_name(state, step["type"]))
    if reason == "shortage":
        return M("zc.scope.shortage", type=type_name(state, step["type"]))
    return M("zc.scope.abomination")


# --- the phase -------------------------------------------------------------------------------


def _zombie_phase(state: State, step: dict, ctx: Ctx) -> None:
    state["phase"] = ZOMBIES_PHASE
    state["turn"] = None
    ctx.say(M("zc.zombies.phase", round=state["round"]), rule="ZC-11")
    Flow.push(
        state,
        {
            "kind": "activation",
            "scope": {"types": list(state["content"]["types"])},
            "reason": "phase",
            "pass": 1,
            "type": None,
        },
        {"kind": "spawn_phase"},
        {"kind": "end_round"},
    )


def _activation(state: State, step: dict, ctx: Ctx) -> None:
    scope = scope_for_pass(state, step["scope"], step["pass"])
    n = scope_count(state, scope)
    what = scope_msg(state, step)
    if n == 0:
        if step["pass"] == 1:
            ctx.say(M("zc.activation.none", what=what), rule="ZC-11")
        return
    current = {**step, "scope": scope, "count": n}
    ctx.say(
        M("zc.activation.begin", what=what, count=n), rule="ZC-12" if step["pass"] > 1 else "ZC-11"
    )
    Flow.push(
        state,
        {**current, "kind": "zombie_attacks"},
        {**current, "kind": "zombie_move_step"},
        {**step, "pass": step["pass"] + 1},
    )


def _owners(state: State) -> list[int]:
    """The seats running a survivor still standing, in table order."""
    alive = alive_team(state)
    return [seat for seat in state["seats"] if any(owner(state, s) == seat for s in alive)]


def _attack_actors(state: State, step: dict) -> list[int]:
    """ZC-11: each player enters the wounds of their own survivors, all at once; the table
    screen (and anyone) may say no Zombie attacks at all."""
    answered = step.get("answered", [])
    return [HOST, *(seat for seat in _owners(state) if seat not in answered)]


def _left(step: dict) -> int:
    """Wounds still to deal: one per attacking Zombie, less those entered (ZC-11)."""
    return step["count"] - step.get("dealt", 0)


def _attack_specs(state: State, step: dict, seat: int) -> list[dict]:
    answered = step.get("answered", [])
    none = M("zc.action.no_more_attacks" if answered else "zc.action.no_attack")
    specs = [action("no_attack", none)]
    mine = [s for s in alive_team(state) if owner(state, s) == seat]
    if seat == HOST or seat in answered or not mine:
        return specs
    left = _left(step)
    bounds = {s: (0, min(health_left(state, s), left)) for s in mine}
    specs.append(
        action(
            "wounds",
            M("zc.action.wounds_mine", count=len(mine)),
            submit=M("zc.submit.wounds", n="{n}"),
            wounds=counts(
                bounds,
                labels={s: survivor_name(state, s) for s in mine},
                values={s: 0 for s in mine},
                most=left,
                reason=M("zc.reason.wounds_most", count=left),
            ),
        )
    )
    return specs


def _attack_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    if act["type"] == "no_attack":
        ctx.say(
            M(
                "zc.attacks.no_more" if step.get("answered") else "zc.attacks.none",
                seat=seat_ref(seat),
            ),
            rule="ZC-11",
        )
        return
    given = {s: n for s, n in act["params"]["wounds"].items() if n}
    if not given:
        ctx.say(M("zc.attacks.none_mine", seat=seat_ref(seat)), rule="ZC-11")
    else:
        ctx.say(
            M("zc.attacks.wounds", seat=seat_ref(seat), count=sum(given.values())),
            rule="ZC-11",
            reason=M("zc.reason.attacks"),
            wounds=given,
        )
    for sid, n in given.items():
        wound(state, sid, n, ctx, "ZC-11", M("zc.why.zombies"))
        if state["phase"] == FINISHED:
            return
    step = {
        **step,
        "answered": [*step.get("answered", []), seat],
        "dealt": step.get("dealt", 0) + sum(given.values()),
    }
    # The others still to answer, while wounds are left to deal (none left: nothing to ask).
    if _left(step) > 0 and len(_attack_actors(state, step)) > 1:
        Flow.push(state, step)


def _attack_refuse(state: State, step: dict, seat: int, act: dict):
    """ZC-11: each attacking Zombie deals 1 wound: never more wounds in all than Zombies."""
    wounds = act["params"].get("wounds") if act["type"] == "wounds" else None
    if not isinstance(wounds, dict):
        return None
    given = [n for n in wounds.values() if isinstance(n, int) and not isinstance(n, bool)]
    total = sum(n for n in given if n > 0)
    if total > _left(step):
        return RuleError(
            "too_many_wounds",
            "ZC-11",
            M("zc.refuse.too_many_wounds", count=_left(step), total=total),
        )
    return None


ATTACKS = Question(
    rule="ZC-11",
    specs=_attack_specs,
    apply=_attack_apply,
    refuse=_attack_refuse,
    prompt=lambda state, step: M(
        "zc.prompt.attacks", what=scope_msg(state, step), count=step["count"]
    ),
    actors=_attack_actors,
)


def activation_holds(state: State, scope: dict) -> dict[str, int]:
    """How many Zombies of each type an activation moves: its group (a Rush), or what the
    board holds of its types."""
    held = {t: 0 for t in state["content"]["types"]}
    if "group" in scope:
        for key, n in scope["group"].items():
            held[_key_type(key)] += n
    else:
        for t in scope["types"]:
            held[t] = on_board(state, t)
    return {t: n for t, n in held.items() if n}


def _moves(state: State, step: dict, ctx: Ctx) -> None:
    """ZC-12: the moves are the board's: a step on the board says the rule (nobody is asked;
    the table ticks it once done, play goes on meanwhile), and the split helper is offered
    while it is there."""
    board_step(state, M("zc.board.move", what=scope_msg(state, step)))
    state["moving"] = {
        "held": activation_holds(state, step["scope"]),
        "step": state["board_steps"][-1]["id"],
    }


def split_specs(state: State, seat: int) -> list[dict]:
    """The split helper (ZC-12), for anyone at the table while a group of two or more is to
    move on the board."""
    moving = state.get("moving")
    if not moving or seat not in everyone(state):
        return []
    if moving["step"] not in {s["id"] for s in state.get("board_steps", ())}:
        return []
    held = moving["held"]
    if sum(held.values()) < 2:  # a group of one has nothing to split
        return []
    return [
        action(
            "split",
            M("zc.action.split"),
            submit=M("zc.submit.split", n="{n}"),
            group=counts(
                {t: (0, n) for t, n in held.items()},
                labels={t: type_name(state, t) for t in held},
                values={t: 0 for t in held},
            ),
            routes=integer(2, MAX_ROUTES, value=2),
        )
    ]


def split(group: dict[str, int], routes: int) -> tuple[dict[str, int], dict[str, int]]:
    """ZC-12: equal paths split a group evenly, type by type; what cannot be split evenly is
    placed by the players. Returns (each route's share, the odd ones)."""
    share = {t: n // routes for t, n in group.items() if n}
    odd = {t: n % routes for t, n in group.items() if n % routes}
    return share, odd


def split_apply(state: State, seat: int, act: dict, ctx: Ctx) -> None:
    group, routes = act["params"]["group"], act["params"]["routes"]
    share, odd = split(group, routes)
    state["split"] = {
        "group": {t: n for t, n in group.items() if n},
        "routes": routes,
        "share": share,
        "odd": odd,
    }
    ctx.say(
        M(
            "zc.moves.split",
            routes=routes,
            share=counts_msg(state, share) or M("zc.nothing"),
            odd=counts_msg(state, odd) or M("zc.nothing"),
        ),
        rule="ZC-12",
        reason=M("zc.reason.split"),
        split=state["split"],
    )


# A table stored while it waited on "the Zombies have moved" may still wait on this.
def _moves_specs(state: State, step: dict, seat: int) -> list[dict]:
    return [action("moved", M("zc.action.moved"))]


def _moves_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    ctx.say(M("zc.moves.done", seat=seat_ref(seat)), rule="ZC-12")


MOVES = Question(
    rule="ZC-12",
    specs=_moves_specs,
    apply=_moves_apply,
    prompt=lambda state, step: M("zc.prompt.moves", what=scope_msg(state, step)),
    actors=lambda state, step: everyone(state),
)


def _end_round(state: State, step: dict, ctx: Ctx) -> None:
    """ZC-17: noise tokens come off the board; the first-player token passes on."""
    before = state["first_player"]
    state["first_player"] = next_clockwise(state["seats"], before)
    state["split"] = None
    ctx.say(
        M("zc.round.end", round=state["round"], seat=seat_ref(state["first_player"])),
        rule="ZC-17",
        first_player=state["first_player"],
    )
    Flow.push(state, {"kind": "round_start"})


STEPS = {
    "zombie_phase": _zombie_phase,
    "activation": _activation,
    "zombie_move_step": _moves,
    "end_round": _end_round,
}
QUESTIONS = {"zombie_attacks": ATTACKS, "zombie_moves": MOVES}
