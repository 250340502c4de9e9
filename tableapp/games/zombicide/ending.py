"""Adrenaline and skills (ZC-3), wounds and death (ZC-1, ZC-2), and the co-operative end
(ZC-1): every player wins when the last objective is done, nobody when a survivor dies.
"""

from __future__ import annotations

from tableapp.engine import Ctx, Flow, M, Question, action, choice, moment, named, seat_ref

from .state import (
    COLOURS,
    FINISHED,
    State,
    hp,
    level_ids,
    level_name,
    level_of,
    skill_name,
    skills_of,
    survivor,
    survivor_def,
    survivor_name,
)

# --- adrenaline and skills (ZC-3) ----------------------------------------------------------------


def gain_adrenaline(state: State, sid: str, amount: int, ctx: Ctx, why: dict) -> None:
    """Add adrenaline; each danger level reached unlocks a skill: granted at once when the
    survivor's card offers one, else chosen on the owner's phone (a question on top)."""
    if amount <= 0:
        return
    sv = survivor(state, sid)
    before = sv["adrenaline"]
    sv["adrenaline"] = before + amount
    old, new = level_of(state, before), level_of(state, sv["adrenaline"])
    ctx.say(
        M(
            "zc.adrenaline.gain",
            survivor=survivor_name(state, sid),
            count=amount,
            total=sv["adrenaline"],
            why=why,
        ),
        rule="ZC-3",
        survivor=sid,
        adrenaline=sv["adrenaline"],
        gained=amount,
    )
    if new != old:
        ctx.say(
            M(
                "zc.adrenaline.level",
                survivor=survivor_name(state, sid),
                level=level_name(state, new),
            ),
            rule="ZC-3",
            survivor=sid,
            level=new,
            moment=moment("level_up", [sv["owner"]]),
        )
    unlock_skills(state, sid, ctx)


def unlock_skills(state: State, sid: str, ctx: Ctx) -> None:
    """Skills for every level the survivor has reached and holds none of (ZC-3)."""
    sv = survivor(state, sid)
    levels = level_ids(state)
    reached = levels[: levels.index(level_of(state, sv["adrenaline"])) + 1]
    waiting = {
        s.get("level") for s in state["steps"] if s["kind"] == "skill" and s["survivor"] == sid
    }
    asks = []
    for level in reached[1:]:
        if level in sv["skills"] or level in waiting:
            continue
        offered = _offered(state, sid, level)
        if len(offered) == 1:
            sv["skills"][level] = offered
            ctx.say(
                M(
                    "zc.skill.granted",
                    survivor=survivor_name(state, sid),
                    skill=skill_name(state, offered[0]),
                    level=level_name(state, level),
                ),
                rule="ZC-3",
                survivor=sid,
                skill=offered[0],
            )
        else:
            asks.append({"kind": "skill", "seat": sv["owner"], "survivor": sid, "level": level})
    Flow.push(state, *asks)


def drop_skills_above(state: State, sid: str) -> None:
    """A correction lowered the adrenaline: skills of levels no longer reached go (ZC-3)."""
    sv = survivor(state, sid)
    levels = level_ids(state)
    reached = set(levels[: levels.index(level_of(state, sv["adrenaline"])) + 1])
    for level in list(sv["skills"]):
        if level not in reached:
            del sv["skills"][level]
    state["steps"] = [
        s
        for s in state["steps"]
        if not (s["kind"] == "skill" and s["survivor"] == sid and s["level"] not in reached)
    ]


def _offered(state: State, sid: str, level: str) -> list[str]:
    listed = survivor_def(state, sid)[level]
    held = set(skills_of(state, sid))
    fresh = [s for s in listed if s not in held]
    return fresh or list(listed)


def _skill_specs(state: State, step: dict, seat: int) -> list[dict]:
    offered = _offered(state, step["survivor"], step["level"])
    return [
        action(
            "choose_skill",
            M("zc.action.choose_skill", survivor=survivor_name(state, step["survivor"])),
            skill=choice(offered, [_skill_choice(state, s) for s in offered]),
        )
    ]


def _skill_choice(state: State, skill: str) -> dict:
    """ "Lucky: once per attack, may reroll all its dice." — a newcomer reads what it does."""
    row = state["content"]["skills"][skill]
    return M(
        "zc.skill.choice",
        name=skill_name(state, skill),
        text=named({"en": row["text"], "fr": row["text_fr"]}),
    )


def _skill_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    skill = act["params"]["skill"]
    sid = step["survivor"]
    survivor(state, sid)["skills"][step["level"]] = [skill]
    ctx.say(
        M(
            "zc.skill.chosen",
            seat=seat_ref(seat),
            survivor=survivor_name(state, sid),
            skill=skill_name(state, skill),
            level=level_name(state, step["level"]),
        ),
        rule="ZC-3",
        survivor=sid,
        skill=skill,
    )


SKILL = Question(
    rule="ZC-3",
    specs=_skill_specs,
    apply=_skill_apply,
    prompt=lambda state, step: M(
        "zc.prompt.skill",
        seat=seat_ref(step["seat"]),
        survivor=survivor_name(state, step["survivor"]),
        level=level_name(state, step["level"]),
    ),
    ask=lambda state, step: M(
        "zc.ask.skill",
        survivor=survivor_name(state, step["survivor"]),
        level=level_name(state, step["level"]),
    ),
)


# --- wounds, death and the end (ZC-1) ------------------------------------------------------------


def wound(state: State, sid: str, amount: int, ctx: Ctx, rule: str, why: dict) -> None:
    """Wounds; a survivor whose wounds reach their health dies and the game is lost (ZC-1)."""
    if amount <= 0 or state["phase"] == FINISHED:
        return
    sv = survivor(state, sid)
    sv["wounds"] = min(hp(state, sid), sv["wounds"] + amount)
    left = hp(state, sid) - sv["wounds"]
    ctx.say(
        M("zc.wounded", survivor=survivor_name(state, sid), count=amount, left=left, why=why),
        rule=rule,
        survivor=sid,
        wounds=sv["wounds"],
        **({"moment": moment("death", [sv["owner"]])} if left <= 0 else {}),
    )
    if left <= 0:
        finish(state, False, M("zc.end.died", survivor=survivor_name(state, sid)), ctx)


def objectives_done(state: State) -> bool:
    mission = state["mission"]
    tokens = all(o["taken"] >= o["total"] for o in mission["objectives"].values())
    return tokens and mission["goals"]["done"] >= mission["goals"]["total"]


def check_won(state: State, ctx: Ctx) -> None:
    """ZC-1: the mission is won the moment its last objective is done."""
    if state["phase"] != FINISHED and state["round"] > 0 and objectives_done(state):
        finish(state, True, M("zc.end.won"), ctx)


def finish(state: State, won: bool, reason: dict, ctx: Ctx) -> None:
    state["phase"] = FINISHED
    state["steps"] = []
    state["turn"] = None
    state["attack"] = None
    state["outcome"] = {"won": won, "reason": reason}
    ctx.say(
        M("zc.end.win" if won else "zc.end.loss", reason=reason),
        rule="ZC-1",
        reason=M("zc.reason.coop"),
        won=won,
        moment=moment("game_end"),
    )


def result(state: State) -> dict | None:
    """None while playing; co-operative: every player wins, or nobody, with the reason. Each
    player's score is the adrenaline of the survivors they ran (a breakdown per survivor)."""
    if state["phase"] != FINISHED:
        return None
    won = state["outcome"]["won"]
    standings = []
    for seat in state["seats"]:
        mine = [s for s in state["team"] if survivor(state, s)["owner"] == seat]
        breakdown = {s: survivor(state, s)["adrenaline"] for s in mine}
        standings.append({"seat": seat, "score": sum(breakdown.values()), "breakdown": breakdown})
    return {
        "winners": list(state["seats"]) if won else [],
        "standings": standings,
        "won": won,
        "reason": state["outcome"]["reason"],
        "parts": {s: survivor_name(state, s) for s in state["team"]},
        "unit": M("zc.unit.adrenaline"),  # a score here is adrenaline, not points
        "chart": M("zc.chart"),  # so is the end chart's
        "objectives": {c: dict(state["mission"]["objectives"][c]) for c in COLOURS},
    }


STEPS: dict = {}
QUESTIONS = {"skill": SKILL}
