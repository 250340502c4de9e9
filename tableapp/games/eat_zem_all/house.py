"""Human moves in the House (the Eat Zem All rulebook, "Human Card Effects: Human Movement",
"Examples of Human Movement in the House", "Human Abilities"; EZA-H7..H9, EZA-H15, EZA-E2).

The app tracks every Human's cell and computes each move: ±N loops over the room's numbers
(EZA-H8), "change room" takes the room symbol (EZA-H9), Eve follows her arrows to the Car cell.
A full cell (4 Humans) is decided by the app; the active Horde only says whether a Standing
Zombie (or Zombies filling the cell) blocks it (EZA-H7). Harry joins the nearest Human with room
when he cannot move; Gabriel escapes whenever he is next to an exit with no Standing Zombie in
his way (EZA-H15). When the Human's next effect is an attack, the move's answer also holds the
reach from where it then stands (EZA-H12: the app has said where it goes; not for Harry, who
joins another Human when blocked).
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, Question, RuleError, action, choice
from ...engine.messages import pack_names
from . import attacks
from .board import cell_name, exit_cells, humans_on, wrap_cell
from .effects import cell_key, describe, split_cell
from .state import State, Step, ability, escape, holders, human, human_name, in_play, name


def house_move(state: State, ctx: Ctx, hid: str, delta: int) -> None:
    room, cell = split_cell(human(state, hid)["cell"])
    cells = state["content"]["board"]["rooms"][room]["cells"]
    target = wrap_cell(cell, delta, cells)
    how = M("eza.how.wrap", cell=cell, delta=f"{delta:+d}", cells=cells, target=target)
    try_move(state, ctx, hid, cell_key(room, target), "EZA-H8", how)


def change_room(state: State, ctx: Ctx, hid: str) -> None:
    here = human(state, hid)["cell"]
    to = state["content"]["board"]["connections"].get(here)
    if to is None:
        cannot_move(state, ctx, hid, M("eza.why.no_symbol", cell=cell_name(state, here)))
        return
    _, cell = split_cell(here)
    room = pack_names(state["content"]["board"]["rooms"][to])
    how = M("eza.how.symbol", cell=cell_name(state, here), number=cell, room=room)
    try_move(state, ctx, hid, cell_key(to, cell), "EZA-H9", how)


def eve_arrow(state: State, ctx: Ctx, hid: str, colour: str) -> None:
    board = state["content"]["board"]
    target = board["eve_arrows"].get(human(state, hid)["cell"], {}).get(colour)
    arrow = M("eza.arrow.black") if colour == "black" else M("eza.arrow.white")
    if target is None:
        cannot_move(state, ctx, hid, M("eza.why.no_arrow", arrow=arrow))
    elif target == board["eve_escape"]:
        escape(state, ctx, hid, M("eza.escape.eve"))
    else:
        try_move(state, ctx, hid, target, "EZA-H15", M("eza.how.arrow", arrow=arrow))


def try_move(state: State, ctx: Ctx, hid: str, dest: str, rule: str, how: dict) -> None:
    h = human(state, hid)
    if dest == h["cell"]:
        ctx.say(
            M("eza.move.stays", human=human_name(state, hid), cell=cell_name(state, dest), how=how),
            rule=rule,
        )
        return
    limit = state["content"]["box"]["occupants_per_cell"]
    if humans_on(state, dest, exclude=hid) >= limit:  # EZA-H7, decided by the app
        cannot_move(state, ctx, hid, M("eza.why.full", cell=cell_name(state, dest), count=limit))
        return
    step = {
        "kind": "confirm_move",
        "seat": state["active"],
        "human": hid,
        "dest": dest,
        "rule": rule,
        "how": how,
    }
    # blocked, he joins another Human: no reach asked with the move
    Flow.push(state, attacks.with_attack(state, hid, step, "harry_join_nearest"))


def _confirm_ask(state: State, step: Step) -> dict:
    move = _move_ask(state, step)
    if "attack" not in step:
        return move
    return M("eza.ask.move_then_reach", move=move, reach=attacks.reach_ask(state, step))


def _move_ask(state: State, step: Step) -> dict:
    hid = step["human"]
    stench = [name(state, s) for s in holders(state, "stench")]
    omar = ability(state, hid) == "omar_unblockable"
    who, cell, how = human_name(state, hid), cell_name(state, step["dest"]), step["how"]
    if stench:  # EZA-T12: Stench also blocks a move that ends next to that Horde's Standing Zombies
        return M(
            "eza.ask.move_omar_stench" if omar else "eza.ask.move_stench",
            human=who,
            cell=cell,
            how=how,
            hordes=stench,
        )
    return M("eza.ask.move_omar" if omar else "eza.ask.move", human=who, cell=cell, how=how)


def _confirm_specs(state: State, step: Step, seat: int) -> list[dict]:
    outcome = choice(["moved", "blocked"], [M("eza.choice.moved"), M("eza.choice.blocked")])
    if "attack" not in step:
        return [action("move", M("eza.action.move"), outcome=outcome)]
    return [  # the move, then the attack's reach (EZA-H7, EZA-H12): one answer
        action(
            "move",
            M("eza.action.move_attack", attack=describe(step["attack"])),
            submit=M("eza.submit.move_attack", chosen="{chosen}"),
            outcome=outcome,
            **attacks.reach_params(state, step["human"]),
        )
    ]


def _confirm_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if act["type"] != "move" or "attack" not in step:
        return None
    return attacks.reach_refusal(state, step["human"], act["params"])


def _confirm_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    _move_apply(state, step, act, ctx)
    if "attack" in step and human(state, step["human"])["status"] == "alive":
        attacks.resolve_attack(state, ctx, step["human"], step["attack"], act["params"])


def _move_apply(state: State, step: Step, act: dict, ctx: Ctx) -> None:
    hid = step["human"]
    if act["params"]["outcome"] == "blocked":
        cannot_move(
            state,
            ctx,
            hid,
            M("eza.why.blocked", cell=cell_name(state, step["dest"])),
            rule="EZA-H7",
        )
        return
    h = human(state, hid)
    h["cell"] = step["dest"]
    h["way_out"] = None
    ctx.say(
        M(
            "eza.move.moves",
            human=human_name(state, hid),
            cell=cell_name(state, step["dest"]),
            how=step["how"],
        ),
        rule=step["rule"],
        human=hid,
        cell=step["dest"],
    )


def cannot_move(state: State, ctx: Ctx, hid: str, why: dict, rule: str = "EZA-H1") -> None:
    """The move cannot apply: skipped for good (EZA-H1), unless Harry's ability (EZA-H15)."""
    who = human_name(state, hid)
    if state["side"] == "house" and ability(state, hid) == "harry_join_nearest":
        options = harry_options(state, hid)
        ctx.say(M("eza.harry.cannot_move", why=why), rule="EZA-H15", reason=M("eza.harry.reason"))
        if len(options) == 1:
            _harry_joins(state, ctx, hid, options[0])
        elif options:
            Flow.push(state, {"kind": "harry_join", "seat": state["active"], "human": hid})
        else:
            ctx.say(M("eza.harry.stays"), rule="EZA-H15")
        return
    reason = M("eza.move.skipped.reason") if rule == "EZA-H1" else M("eza.move.blocked.reason")
    ctx.say(M("eza.move.skipped", human=who, why=why), rule=rule, reason=reason, human=hid)


def harry_options(state: State, hid: str) -> list[str]:
    here = human(state, hid)["cell"]
    limit = state["content"]["box"]["occupants_per_cell"]
    return [
        h
        for h in in_play(state)
        if h != hid
        and human(state, h)["cell"] != here
        and humans_on(state, human(state, h)["cell"]) < limit
    ]


def _harry_joins(state: State, ctx: Ctx, hid: str, other: str) -> None:
    if other == "stay":
        ctx.say(M("eza.harry.stays"), rule="EZA-H15")
        return
    cell = human(state, other)["cell"]
    human(state, hid)["cell"] = cell
    ctx.say(
        M("eza.harry.joins", human=human_name(state, other), cell=cell_name(state, cell)),
        rule="EZA-H15",
        human=hid,
        cell=cell,
    )


def _harry_specs(state: State, step: Step, seat: int) -> list[dict]:
    options = harry_options(state, step["human"])
    labels = [
        M(
            "eza.harry.option",
            human=human_name(state, h),
            cell=cell_name(state, human(state, h)["cell"]),
        )
        for h in options
    ]
    return [
        action(
            "harry_joins",
            M("eza.action.harry_joins"),
            human=choice(options + ["stay"], labels + [M("eza.harry.option_stay")]),
        )
    ]


# --- Gabriel's way out (EZA-H15, EZA-E2) ---------------------------------------------------------


def _gabriel_check(state: State, step: Step, ctx: Ctx) -> None:
    """Before each of his effects and after the last: next to an exit, is his way out clear?"""
    h = human(state, step["human"])
    if h["status"] == "alive" and h["cell"] in exit_cells(state) and h["way_out"] is None:
        Flow.push(state, {"kind": "gabriel_exit", "seat": state["active"], "human": step["human"]})


def _gabriel_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    hid = step["human"]
    if act["params"]["way"] == "clear":
        escape(state, ctx, hid, M("eza.escape.gabriel"))
        return
    human(state, hid)["way_out"] = "blocked"
    ctx.say(M("eza.gabriel.blocked"), rule="EZA-H15")


STEPS = {"gabriel_check": _gabriel_check}

QUESTIONS = {
    "confirm_move": Question(
        rule="EZA-H7",
        specs=_confirm_specs,
        apply=_confirm_apply,
        refuse=_confirm_refuse,
        prompt=lambda state, step: M(
            "eza.prompt.move",
            human=human_name(state, step["human"]),
            cell=cell_name(state, step["dest"]),
            horde=name(state, step["seat"]),
        ),
        ask=_confirm_ask,
    ),
    "harry_join": Question(
        rule="EZA-H15",
        specs=_harry_specs,
        apply=lambda state, step, seat, act, ctx: _harry_joins(
            state, ctx, step["human"], act["params"]["human"]
        ),
        prompt=lambda state, step: M("eza.prompt.harry", horde=name(state, step["seat"])),
        ask=lambda state, step: M("eza.ask.harry"),
    ),
    "gabriel_exit": Question(
        rule="EZA-H15",
        specs=lambda state, step, seat: [
            action(
                "gabriel_exit",
                M("eza.action.gabriel_exit"),
                way=choice(
                    ["clear", "blocked"], [M("eza.choice.way_clear"), M("eza.choice.way_blocked")]
                ),
            )
        ],
        apply=_gabriel_apply,
        prompt=lambda state, step: M("eza.prompt.gabriel", horde=name(state, step["seat"])),
        ask=lambda state, step: M(
            "eza.ask.gabriel", cell=cell_name(state, human(state, step["human"])["cell"])
        ),
    ),
}
