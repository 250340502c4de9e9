"""Human attacks (the Eat Zem All rulebook, "Human Card Effects: Human Attacks", the FAQ on
targets and on Kate; EZA-H11..H13, EZA-H15 for Kate and Eve, EZA-T12 for Thick skull).

The active Horde says, per kind of Zombie (Standing, Crawling, and in the Cemetery — or for Eve —
Standing ones blocking the path), whether one is in the Human's reach and whose it would be (with
several Hordes' in reach, its choice, EZA-H13): one answer per attack; the app applies the
priorities between kinds (EZA-H11..H13) and resolves the attack.
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, Question, RuleError, action, board_step, choice, turns
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
    pawn_back,
)

STANDING, CRAWLING, BLOCKING = "standing", "crawling", "blocking"


def reach_classes(state: State, hid: str) -> list[str]:
    """What the active Horde may report in reach: per Horde with Zombies on the board."""
    out = []
    for seat in _reach_hordes(state):
        out += [f"{seat}:{kind}" for kind in reach_kinds(state, hid)]
    return out


def reach_kinds(state: State, hid: str) -> list[str]:
    """The kinds the reach form asks about (EZA-H12: Standing ones blocking the path apart in
    the Cemetery and on Eve's way)."""
    blocking = state["side"] == "cemetery" or ability(state, hid) == "eve_arrows"
    return [BLOCKING, STANDING, CRAWLING] if blocking else [STANDING, CRAWLING]


def _reach_hordes(state: State) -> list[int]:
    return [
        s
        for s in turns.clockwise_from(state["seats"], state["active"])
        if horde(state, s)["board"] > 0
    ]


def with_attack(state: State, hid: str, step: Step, asks_where: str) -> Step:
    """EZA-H12: a Human's move whose next effect is its attack asks the attack's reach in the
    same answer (the app has said where it goes, so the table moves it and reports the reach
    from there): the attack leaves the stack and goes into the move's ``step``. Not for the
    Human whose blocked move asks where it goes instead (``asks_where``: Harry in the House,
    Odile in the Cemetery)."""
    nxt = Flow.top(state)
    if (
        nxt is not None
        and nxt["kind"] == "human_effect"
        and nxt["human"] == hid
        and nxt["effect"] in ("kill_standing", "kill_crawling")
        and ability(state, hid) != asks_where
        and reach_classes(state, hid)
    ):
        state["steps"].pop()
        step["attack"] = nxt["effect"]
    return step


def start_attack(state: State, ctx: Ctx, hid: str, attack: str) -> None:
    if not reach_classes(state, hid):
        no_target(state, ctx, hid, attack, M("eza.attack.no_zombie_on_board"))
        return
    Flow.push(state, {"kind": "reach", "seat": state["active"], "human": hid, "attack": attack})


def reach_params(state: State, hid: str) -> dict[str, dict]:
    """One pick per kind: none in reach, or whose Zombie of that kind the attack would take
    (with several Hordes' in reach, the active Horde's choice, EZA-H13)."""
    hordes = [str(s) for s in _reach_hordes(state)]
    labels = [M("eza.reach.none"), *(name(state, int(s)) for s in hordes)]
    return {
        kind: {**choice([NONE, *hordes], labels), "value": NONE} for kind in reach_kinds(state, hid)
    }


def _reach_specs(state: State, step: Step, seat: int) -> list[dict]:
    """The whole attack in one answer (:func:`reach_params`); the app applies the priorities
    between kinds (EZA-H11..H13)."""
    params = reach_params(state, step["human"])
    return [
        action(
            "report_reach",
            M("eza.action.report_reach"),
            submit=M("eza.submit.reach", chosen="{chosen}"),
            **params,
        )
    ]


#: The reach form's "none of this kind in reach".
NONE = "none"


def _reach_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if act["type"] != "report_reach":
        return None
    return reach_refusal(state, step["human"], act["params"])


def reach_refusal(state: State, hid: str, params: dict) -> RuleError | None:
    """A Horde named for a kind with no Zombie on the board names the rule (EZA-H12)."""
    act = {"params": params}
    for kind in reach_kinds(state, hid):
        picked = act["params"].get(kind)
        if isinstance(picked, str) and picked.isdigit() and int(picked) in state["seats"]:
            if horde(state, int(picked))["board"] == 0:
                who = name(state, int(picked))
                return RuleError(
                    "no_zombie_on_board", "EZA-H12", M("eza.refuse.reach_board", horde=who, count=0)
                )
    return None


def _reach_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    resolve_attack(state, ctx, step["human"], step["attack"], act["params"])


def resolve_attack(state: State, ctx: Ctx, hid: str, attack: str, params: dict) -> None:
    """The attack from the reach reported, per kind (EZA-H11..H13)."""
    if not reach_classes(state, hid):  # a correction took every Zombie off the board
        no_target(state, ctx, hid, attack, M("eza.attack.no_zombie_on_board"))
        return
    kinds = reach_kinds(state, hid)
    reported = [f"{params[k]}:{k}" for k in kinds if params.get(k, NONE) != NONE]
    literal = bool(state["options"].get("crawling_attack_kills_standing"))
    outcome, targets, rule, reason = attack_options(attack, reported, literal=literal)
    if outcome is None:
        no_target(state, ctx, hid, attack, M("eza.attack.none_in_reach"))
        return
    # one pick per kind: the priorities leave exactly one target (EZA-H11..H13)
    (target,) = targets
    hit(state, ctx, hid, outcome, target, rule, reason)


def recheck_reach(state: State, step: Step, ctx: Ctx) -> bool:
    """After a correction (EZA-H11): with no Zombie left on the board the attack finds no
    target and the question goes away (False); else it offers the Hordes still on the board."""
    if reach_classes(state, step["human"]):
        return True
    no_target(state, ctx, step["human"], step["attack"], M("eza.attack.no_zombie_on_board"))
    return False


def recheck_barricade(state: State, step: Step, ctx: Ctx) -> bool:
    """After a correction (EZA-H15): with no door or window left below its limit (or no cube
    left), Kate has nothing to barricade. False when the question goes away."""
    if kate_openings(state, step["human"]):
        return True
    ctx.say(M("eza.kate.none"), rule="EZA-H15", reason=M("eza.kate.none.reason"))
    return False


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


def reach_ask(state: State, step: Step) -> dict:
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
        ask=reach_ask,
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
