"""Human attacks (the Eat Zem All rulebook, "Human Card Effects: Human Attacks", the FAQ on
targets and on Kate; EZA-H11..H13, EZA-H15 for Kate and Eve, EZA-T12 for Thick skull).

The active Horde counts the Zombies in the Human's reach, per Horde and kind (a stepper each:
Standing, Crawling, and in the Cemetery — or for Eve — Standing ones blocking the path); the
app applies the priorities and asks which Zombie only when several equal targets remain.
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, Question, RuleError, action, board_step, choice, counts
from ...engine.messages import pack_names
from .effects import describe, split_cell
from .state import (
    State,
    Step,
    ability,
    holds,
    horde,
    human,
    human_name,
    name,
    order_from,
    pawn_back,
)

STANDING, CRAWLING, BLOCKING = "standing", "crawling", "blocking"
_KINDS = {
    STANDING: M("eza.zombie.standing"),
    CRAWLING: M("eza.zombie.crawling"),
    BLOCKING: M("eza.zombie.blocking"),
}


def reach_classes(state: State, hid: str) -> list[str]:
    """What the active Horde may count in reach: per Horde with Zombies on the board."""
    blocking = state["side"] == "cemetery" or ability(state, hid) == "eve_arrows"  # EZA-H12
    out = []
    for seat in order_from(state, state["active"]):
        if horde(state, seat)["board"] > 0:
            out += [f"{seat}:{BLOCKING}"] if blocking else []
            out += [f"{seat}:{STANDING}", f"{seat}:{CRAWLING}"]
    return out


def target_label(state: State, key: str) -> dict:
    seat, kind = key.split(":")
    return M("eza.target", horde=name(state, int(seat)), kind=_KINDS[kind])


def start_attack(state: State, ctx: Ctx, hid: str, attack: str) -> None:
    if not reach_classes(state, hid):
        no_target(state, ctx, hid, attack, M("eza.attack.no_zombie_on_board"))
        return
    Flow.push(state, {"kind": "reach", "seat": state["active"], "human": hid, "attack": attack})


def _reach_specs(state: State, step: Step, seat: int) -> list[dict]:
    keys = reach_classes(state, step["human"])
    bounds = {k: (0, horde(state, int(k.split(":")[0]))["board"]) for k in keys}
    labels = {k: target_label(state, k) for k in keys}
    return [
        action(
            "report_reach",
            M("eza.action.report_reach"),
            submit=M("eza.submit.reach", n="{n}"),
            zombies=counts(bounds, labels=labels),
        )
    ]


def _reach_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    """A count above what a Horde has on the board names the rule (the specs bound each)."""
    reported = act["params"].get("zombies")
    if act["type"] != "report_reach" or not isinstance(reported, dict):
        return None
    for key, n in reported.items():
        seat_text = str(key).split(":")[0]
        if not seat_text.isdigit() or int(seat_text) not in state["seats"]:
            continue
        board = horde(state, int(seat_text))["board"]
        if isinstance(n, int) and not isinstance(n, bool) and n > board:
            who = name(state, int(seat_text))
            return RuleError(
                "too_many_zombies", "EZA-H12", M("eza.refuse.reach_board", horde=who, count=board)
            )
    return None


def _reach_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    hid, attack = step["human"], step["attack"]
    reported = [k for k, n in act["params"]["zombies"].items() if n > 0]
    literal = bool(state["options"].get("crawling_attack_kills_standing"))
    outcome, targets, rule, reason = attack_options(attack, reported, literal=literal)
    if outcome is None:
        no_target(state, ctx, hid, attack, M("eza.attack.none_in_reach"))
        return
    if len(targets) == 1:
        hit(state, ctx, hid, outcome, targets[0], rule, reason)
        return
    Flow.push(
        state,
        {
            "kind": "attack_target",
            "seat": state["active"],
            "human": hid,
            "attack": attack,
            "outcome": outcome,
            "targets": targets,
            "rule": rule,
            "reason": reason,
        },
    )


def _still_there(state: State, target: str) -> bool:
    """A target the attack asked about is still on the board: a Crawling Zombie of that Horde,
    or a Standing one (blocking the path or not)."""
    seat_text, kind = target.split(":")
    h = horde(state, int(seat_text))
    crawling = h["crawling"]
    return crawling > 0 if kind == CRAWLING else h["board"] - crawling > 0


def recheck_target(state: State, step: Step, ctx: Ctx) -> bool:
    """After a correction (EZA-H11): the attack asks only about targets still on the board;
    with none left it finds no target. False when the question goes away."""
    step["targets"] = [t for t in step["targets"] if _still_there(state, t)]
    if step["targets"]:
        return True
    no_target(state, ctx, step["human"], step["attack"], M("eza.attack.none_in_reach"))
    return False


def recheck_barricade(state: State, step: Step, ctx: Ctx) -> bool:
    """After a correction (EZA-H15): with no door or window left below its limit (or no cube
    left), Kate has nothing to barricade. False when the question goes away."""
    if kate_openings(state, step["human"]):
        return True
    ctx.say(M("eza.kate.none"), rule="EZA-H15", reason=M("eza.kate.none.reason"))
    return False


def _target_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if act["type"] == "attack_target" and act["params"].get("target") not in step["targets"]:
        if step["attack"] == "kill_standing":
            return RuleError("illegal_target", "EZA-H13", M("eza.refuse.target_h13"))
        return RuleError("illegal_target", "EZA-H11", M("eza.refuse.target"))
    return None


def _target_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    reason = M("eza.attack.chose", reason=step["reason"], horde=name(state, seat))
    hit(state, ctx, step["human"], step["outcome"], act["params"]["target"], step["rule"], reason)


def hit(state: State, ctx: Ctx, hid: str, outcome: str, target: str, rule: str, reason) -> None:
    seat_text, kind = target.split(":")
    seat = int(seat_text)
    who = human_name(state, hid)
    h = horde(state, seat)
    if outcome == "kill" and kind != CRAWLING and holds(state, seat, "thick_skull"):
        if not h["thick_skull"]:  # EZA-T12: Thick skull, the first time each turn
            h["thick_skull"] = True
            outcome = "wound"
            reason = M("eza.thick_skull", horde=name(state, seat))
            rule = "EZA-T12"
    if outcome == "kill":
        pawn_back(state, seat, crawling=kind == CRAWLING)
        h["killed"] += 1
        if ability(state, hid) == "gabriel_repeat_escape":
            human(state, hid)["way_out"] = None  # a Zombie less: ask about his way out again
        ctx.say(
            M(
                "eza.attack.kills_crawling" if kind == CRAWLING else "eza.attack.kills_standing",
                human=who,
                horde=name(state, seat),
            ),
            rule=rule,
            reason=reason,
            seat=seat,
            human=hid,
        )
        return
    h["crawling"] = min(h["board"], h["crawling"] + 1)
    ctx.say(
        M("eza.attack.wounds", human=who, horde=name(state, seat)),
        rule=rule,
        reason=reason,
        seat=seat,
        human=hid,
    )


def no_target(state: State, ctx: Ctx, hid: str, attack: str, why: dict) -> None:
    ctx.say(
        M("eza.attack.ignored", attack=describe(attack), human=human_name(state, hid), why=why),
        rule="EZA-H11",
    )
    if state["side"] == "house" and ability(state, hid) == "kate_barricade":  # EZA-H15
        options = kate_openings(state, hid)
        if len(options) == 1:
            barricade(state, ctx, hid, options[0])
        elif options:
            Flow.push(state, {"kind": "barricade", "seat": state["active"], "human": hid})
        else:
            ctx.say(M("eza.kate.none"), rule="EZA-H15", reason=M("eza.kate.none.reason"))


def kate_openings(state: State, hid: str) -> list[str]:
    """EZA-H15: the doors and windows of Kate's room below their limit, while cubes are left."""
    if state["defense_box"] <= 0:
        return []
    room, _ = split_cell(human(state, hid)["cell"])
    openings = state["content"]["board"]["openings"]
    return [
        o
        for o, data in openings.items()
        if room in data["rooms"] and state["defenses"][o] < data["limit"]
    ]


def barricade(state: State, ctx: Ctx, hid: str, opening: str) -> None:
    state["defenses"][opening] += 1
    state["defense_box"] -= 1
    data = state["content"]["board"]["openings"][opening]
    ctx.say(
        M(
            "eza.kate.barricades",
            human=human_name(state, hid),
            opening=pack_names(data),
            cubes=state["defenses"][opening],
            limit=data["limit"],
        ),
        rule="EZA-H15",
        opening=opening,
    )
    board_step(state, M("eza.step.barricade", opening=pack_names(data)), [state["active"]])


def _barricade_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if act["type"] == "barricade" and act["params"].get("opening") not in kate_openings(
        state, step["human"]
    ):
        return RuleError("defense_full", "EZA-H15", M("eza.refuse.defense_full"))
    return None


def _barricade_specs(state: State, step: Step, seat: int) -> list[dict]:
    openings = kate_openings(state, step["human"])
    names = [pack_names(state["content"]["board"]["openings"][o]) for o in openings]
    return [action("barricade", M("eza.action.barricade"), opening=choice(openings, names))]


def attack_options(
    attack: str, reported: list[str], *, literal: bool = False
) -> tuple[str | None, list[str], str, dict]:
    """EZA-H11..H13: (kill / wound / None, the targets allowed, rule, reason) from the reach.

    ``literal`` is the table option for EZA-H13's other reading: a kill-a-Crawling-Zombie attack
    kills a Standing Zombie in reach rather than a Crawling one (except the FAQ's case of a
    Standing Zombie blocking the path, EZA-H12).
    """
    blocking = [c for c in reported if c.endswith(f":{BLOCKING}")]
    standing = blocking + [c for c in reported if c.endswith(f":{STANDING}")]
    plain = [c for c in reported if c.endswith(f":{STANDING}")]
    crawling = [c for c in reported if c.endswith(f":{CRAWLING}")]
    if attack == "kill_standing":
        if blocking:
            return "kill", blocking, "EZA-H12", M("eza.reason.blocking_first")
        if standing:
            if crawling:
                return "kill", standing, "EZA-H13", M("eza.reason.h13")
            return "kill", standing, "EZA-H11", M("eza.reason.kill_standing")
        if crawling:
            return "kill", crawling, "EZA-H11", M("eza.reason.no_standing")
        return None, [], "EZA-H11", M("eza.reason.none")
    if literal and plain and crawling and not blocking:
        return "kill", plain, "EZA-H13", M("eza.reason.h13_literal")
    if crawling:
        if blocking:
            return "kill", crawling, "EZA-H12", M("eza.reason.crawling_behind")
        return "kill", crawling, "EZA-H11", M("eza.reason.kill_crawling")
    if standing:
        return "wound", blocking or standing, "EZA-H11", M("eza.reason.wound")
    return None, [], "EZA-H11", M("eza.reason.none")


def _reach_prompt(state: State, step: Step) -> dict:
    return M(
        "eza.prompt.reach",
        attack=describe(step["attack"]),
        human=human_name(state, step["human"]),
        horde=name(state, step["seat"]),
    )


def _reach_ask(state: State, step: Step) -> dict:
    blocking = any(c.endswith(BLOCKING) for c in reach_classes(state, step["human"]))
    attack, who = describe(step["attack"]), human_name(state, step["human"])
    if state["side"] == "cemetery":
        return M("eza.ask.reach_cemetery", attack=attack, human=who)
    return M(
        "eza.ask.reach_house_blocking" if blocking else "eza.ask.reach_house",
        attack=attack,
        human=who,
    )


QUESTIONS = {
    "reach": Question(
        rule="EZA-H12",
        specs=_reach_specs,
        apply=_reach_apply,
        refuse=_reach_refuse,
        prompt=_reach_prompt,
        ask=_reach_ask,
    ),
    "attack_target": Question(
        rule="EZA-H13",
        specs=lambda state, step, seat: [
            action(
                "attack_target",
                M("eza.action.attack_target"),
                target=choice(step["targets"], [target_label(state, t) for t in step["targets"]]),
            )
        ],
        apply=_target_apply,
        refuse=_target_refuse,
        prompt=lambda state, step: M(
            "eza.prompt.attack_target_kill"
            if step["outcome"] == "kill"
            else "eza.prompt.attack_target_wound",
            human=human_name(state, step["human"]),
            horde=name(state, step["seat"]),
        ),
        ask=lambda state, step: M("eza.ask.attack_target", reason=step["reason"]),
    ),
    "barricade": Question(
        rule="EZA-H15",
        specs=_barricade_specs,
        apply=lambda state, step, seat, act, ctx: barricade(
            state, ctx, step["human"], act["params"]["opening"]
        ),
        refuse=_barricade_refuse,
        prompt=lambda state, step: M("eza.prompt.barricade", horde=name(state, step["seat"])),
        ask=lambda state, step: M("eza.ask.barricade"),
    ),
}
