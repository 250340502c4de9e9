"""The Player Action Step (the rulebook's "Player Action Step", "Movement", "Checking Corpses and
Beakers", "Opening the Science Lab / Fire Doors", "Smart Zombie Standard Actions"; SB-Z6, SB-P2,
SB-P3, SB-P5, SB-P6, SB-P7): the current player's menu, one action at a time, until they end
the turn (discarding what they like first, SB-P3).

The app cannot see the board: a MOVE asks how many zombies are next to the space entered (each
attacks, SB-Z6); checking a token, opening a door or leaving are the player's report that their
figure is there. What the app knows it checks: stamina, being on the ground, an Antidote, the
Lab being open, a Smart Zombie's limits (SB-P2).
"""

from __future__ import annotations

from tableapp.engine import Ctx, Flow, M, RuleError, action, choice, seat_ref, subset

from . import combat, effects, players, tokens
from .state import (
    LIVING,
    SMART,
    State,
    attackable,
    card_name,
    hand,
    hand_size,
    item_name,
    player,
    question,
    status,
)

#: Actions a Smart Zombie may not take (SB-P2), and what a living player needs for each.
LIVING_ONLY = (
    "check_corpse",
    "check_beaker",
    "open_lab",
    "open_fire_doors",
    "escape",
    "loot",
    "use",
)
SMART_ONLY = ("smart_attack", "smart_bite", "smart_switch")


def _act_specs(state: State, step: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    smart = p["status"] == SMART
    specs: list[dict] = []
    if p["down"]:
        if p["stamina"] >= 1:
            specs.append(action("stand_up", M("sb.action.stand_up")))
    else:
        specs += effects.step_specs(state, seat, None, "move")
    specs += effects.play_specs(
        "play", M("sb.action.play"), effects.card_plays(state, seat, "action")
    )
    specs += effects.play_specs(
        "use", M("sb.action.use"), effects.item_plays(state, seat, "action")
    )
    if smart:
        specs += _smart_specs(state, seat)
    else:
        specs += _living_specs(state, seat)
    cards = hand(state, seat)
    over = max(0, len(cards) - hand_size(state, seat))
    unused = p["stamina"]
    specs.append(
        action(
            "end_turn",
            # No "are you sure?": the label says what is left unused, and undo takes it back.
            M("sb.action.end_turn.unused", count=unused) if unused else M("sb.action.end_turn"),
            submit=M("sb.submit.end_turn", n="{n}"),
            discard=subset(cards, over, len(cards), [card_name(state, c) for c in cards]),
        )
    )
    return specs


def _living_specs(state: State, seat: int) -> list[dict]:
    p = player(state, seat)
    specs = []
    if state["corpses"]["board"] > 0:
        specs.append(action("check_corpse", M("sb.action.check_corpse")))
    lab_open = state["revealed"]["lab"] is not None
    if not lab_open:
        specs.append(action("open_lab", M("sb.action.open_lab")))
    elif state["beaker_info"]["board"] > 0 and not p["antidote"]:
        specs.append(action("check_beaker", M("sb.action.check_beaker")))
    if p["antidote"] and lab_open and state["revealed"]["exit"] is None:
        specs.append(action("open_fire_doors", M("sb.action.open_fire_doors")))
    if p["antidote"] and state["revealed"]["exit"] is not None and not p["down"]:
        specs.append(action("escape", M("sb.action.escape")))
    loot = [i for items in state["dead_items"].values() for i in items]
    if loot and p["looted"] != state["turn_no"]:
        specs.append(
            action(
                "loot", M("sb.action.loot"), item=choice(loot, [item_name(state, i) for i in loot])
            )
        )
    return specs


def _smart_specs(state: State, seat: int) -> list[dict]:
    """SB-P2: 1 stamina each: attack a standing player with the die, bite a knocked-down one,
    switch places with a zombie."""
    p = player(state, seat)
    if p["stamina"] < 1 or p["down"]:
        return []
    specs = []
    others = [s for s in state["seats"] if s != seat and attackable(state, s)]
    standing = [s for s in others if not player(state, s)["down"]]
    down = [s for s in others if player(state, s)["down"]]
    if standing:
        specs.append(
            action(
                "smart_attack",
                M("sb.action.smart_attack"),
                target=choice(standing, [M("sb.choice.seat", seat=seat_ref(s)) for s in standing]),
            )
        )
    if down:
        specs.append(
            action(
                "smart_bite",
                M("sb.action.smart_bite"),
                target=choice(down, [M("sb.choice.seat", seat=seat_ref(s)) for s in down]),
            )
        )
    if state["zombies"]["board"] > 0:
        specs.append(action("smart_switch", M("sb.action.smart_switch")))
    return specs


def _act_refuse(state: State, step: dict, seat: int, act: dict) -> RuleError | None:
    """The rulings behind an action the menu does not offer."""
    kind = act["type"]
    p = player(state, seat)
    if kind in LIVING_ONLY and p["status"] == SMART:
        return RuleError("smart_zombie", "SB-P2", M("sb.refuse.smart"))
    if kind in SMART_ONLY and p["status"] == LIVING:
        return RuleError("not_smart", "SB-P2", M("sb.refuse.not_smart"))
    if kind == "check_beaker":
        if p["antidote"]:
            return RuleError("has_antidote", "SB-S3", M("sb.refuse.has_antidote"))
        if state["revealed"]["lab"] is None:
            return RuleError("lab_closed", "SB-P6", M("sb.refuse.lab_closed"))
        if state["beaker_info"]["board"] == 0:
            return RuleError("no_beaker", "SB-S3", M("sb.refuse.no_beaker"))
    if kind == "open_fire_doors" and not p["antidote"]:
        return RuleError("no_antidote", "SB-P6", M("sb.refuse.fire_doors"))
    if kind == "escape" and (not p["antidote"] or state["revealed"]["exit"] is None):
        return RuleError("cannot_escape", "SB-P7", M("sb.refuse.escape"))
    if kind == "check_corpse" and state["corpses"]["board"] == 0:
        return RuleError("no_corpse", "SB-S5", M("sb.refuse.no_corpse"))
    if kind == "loot" and p["looted"] == state["turn_no"]:
        return RuleError("looted", "SB-P1", M("sb.refuse.looted"))
    if kind in ("step", "climb") and p["down"]:
        return RuleError("on_the_ground", "SB-Z6", M("sb.refuse.on_the_ground"))
    return None


def _act_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    kind, params = act["type"], act["params"]
    if kind == "end_turn":
        from .turn import discard

        discard(state, seat, params["discard"], ctx, "SB-P3")
        ctx.say(M("sb.ends_turn", seat=seat_ref(seat)), rule="SB-P3", seat=seat)
        return
    if kind == "escape":
        players.escape(state, seat, ctx)
        return
    # The menu comes back after this action; what it sets off goes on top, so a death that
    # ends the turn (or the game) can clear it all.
    Flow.push(state, {"kind": "act", "seat": seat})
    if kind in ("step", "climb"):
        cost = 2 if kind == "climb" else 1
        _pay(state, seat, cost, M("sb.cause.move"), ctx)
        effects.enter_space(state, seat, "move", params.get("zombies", 0), kind == "climb", ctx)
    elif kind == "stand_up":
        _pay(state, seat, 1, M("sb.cause.stand"), ctx)
        players.stand_up(state, seat, ctx, M("sb.cause.stamina"))
    elif kind in ("play", "use"):
        effects.play(state, seat, params["play"], ctx)
    elif kind == "check_corpse":
        tokens.check_corpse(state, seat, ctx)
    elif kind == "check_beaker":
        tokens.check_beaker(state, seat, ctx)
    elif kind == "open_lab":
        tokens.open_lab(state, seat, ctx)
    elif kind == "open_fire_doors":
        tokens.open_fire_doors(state, seat, ctx)
    elif kind == "loot":
        tokens.loot(state, seat, params["item"], ctx)
    elif kind == "smart_switch":
        _pay(state, seat, 1, M("sb.cause.smart_action"), ctx)
        ctx.say(M("sb.sa.switched", seat=seat_ref(seat)), rule="SB-P2", seat=seat)
    else:  # smart_attack, smart_bite (SB-P2)
        _pay(state, seat, 1, M("sb.cause.smart_action"), ctx)
        mode = "die" if kind == "smart_attack" else "bite"
        Flow.push(state, combat.attack_step({"seat": seat}, params["target"], mode, "SB-P2"))


def _pay(state: State, seat: int, cost: int, cause: dict, ctx: Ctx) -> None:
    """Stamina spent on the player's own actions, logged with what for (SB-P4)."""
    players.pay_for(state, seat, cost, cause, ctx)


def player_actions(state: State, step: dict, ctx: Ctx) -> None:
    if status(state, step["seat"]) in (LIVING, SMART):
        Flow.push(state, {"kind": "act", "seat": step["seat"]})


STEPS = {"player_actions": player_actions}

QUESTIONS = {
    "act": question(
        None,
        _act_specs,
        _act_apply,
        prompt=lambda state, step: M(
            "sb.prompt.act",
            seat=seat_ref(step["seat"]),
            stamina=player(state, step["seat"])["stamina"],
        ),
        ask=lambda state, step: M("sb.ask.act", stamina=player(state, step["seat"])["stamina"]),
        refuse=_act_refuse,
    ),
}
