"""Bites and the Feast (the Eat Zem All rulebook, "Description of Zombie Actions", "The Feast",
"Feast Example", "Summary of a Feast"; EZA-F1..F5, EZA-T6).

A bite takes one of the Human's tokens (the Contamination token to the first biter). Taking the
last one kills the Human and runs the Feast in the order of EZA-F1: the interrupted effect is
remembered (the steps below stay on the stack), the finisher takes the Trait and applies it
(fatal blow), the active Horde enters each Horde's Zombies on or next to the cell (the board
fact), the majority takes the Human tile with both tie-breaks and a reason (EZA-F2, F3), the
Contamination holder lays one of its Zombies on the cell (EZA-F4) and the turn resumes.
"""

from __future__ import annotations

from ...engine import RuleError, action, counts
from .flow import (
    Ctx,
    Question,
    State,
    Step,
    auto,
    horde,
    human,
    human_name,
    name,
    push,
    question,
)


def bite(state: State, ctx: Ctx, seat: int, hid: str) -> bool:
    """Record a bite of ``seat`` on ``hid``; True when it took the last token."""
    h = human(state, hid)
    h["tokens"] -= 1
    bites = horde(state, seat)["bites"]
    bites[hid] = bites.get(hid, 0) + 1
    first = h["contamination"] is None
    if first:
        h["contamination"] = seat
    ctx.say(
        f"{name(state, seat)} bites {human_name(state, hid)}"
        + (" and takes the Contamination token (first bite)" if first else "")
        + f": {h['tokens']} Bite token(s) left.",
        rule="EZA-F4" if first else None,
        reason="The first Horde to bite a Human will turn it into one of its Zombies."
        if first
        else None,
    )
    return h["tokens"] == 0


def start_feast(state: State, ctx: Ctx, hid: str, killer: int) -> None:
    """EZA-F1 (1): the Human dies, the current effect waits under the Feast's steps."""
    h = human(state, hid)
    h["status"] = "dead"
    h["frightened"] = False
    h["killer"] = killer
    state["dead_order"].append(hid)
    ctx.say(
        f"{human_name(state, hid)} is dead. The turn is interrupted: fatal blow, Feast, "
        "transformation, then the turn resumes.",
        rule="EZA-F1",
    )
    push(
        state,
        {"kind": "fatal_blow", "seat": killer, "human": hid},
        {"kind": "feast", "seat": state["active"], "human": hid},
        {"kind": "transform", "human": hid},
        {"kind": "feast_end", "human": hid},
    )


@auto("fatal_blow")
def _fatal_blow(state: State, step: Step, ctx: Ctx) -> None:
    """EZA-F1 (2): the finisher takes the Trait tile and applies its effect."""
    hid, seat = step["human"], step["seat"]
    trait_id = human(state, hid)["trait"]
    trait = state["content"]["traits"][trait_id]
    horde(state, seat)["traits"].append(trait_id)
    ctx.say(
        f"Fatal blow: {name(state, seat)} finished {human_name(state, hid)} off and takes the "
        f"Trait {trait['name']} ({trait['vp']} VP).",
        rule="EZA-F1",
        reason="The Horde that takes the last Bite token takes the Trait and applies it.",
    )
    push(
        state,
        *[
            {"kind": "zombie_effect", "seat": seat, "effect": e, "part": "trait"}
            for e in trait["effects"]
        ],
    )


def _feast_specs(state: State, step: Step, seat: int) -> list[dict]:
    bounds = {str(s): (0, horde(state, s)["board"]) for s in state["seats"]}
    return [
        action(
            "feast", "Zombies of each Horde on or next to the Human's cell", zombies=counts(bounds)
        )
    ]


def _feast_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    zombies = act["params"].get("zombies")
    if act["type"] != "feast" or not isinstance(zombies, dict):
        return None
    for s in state["seats"]:
        n = zombies.get(str(s))
        if isinstance(n, int) and n > horde(state, s)["board"]:
            return RuleError(
                "too_many_zombies",
                "EZA-F2",
                f"{name(state, s)} has only {horde(state, s)['board']} Zombie(s) on the board.",
            )
    return None


def _feast_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    """EZA-F2, F3: totals, majority, tie-breaks."""
    hid = step["human"]
    zombies = {s: act["params"]["zombies"][str(s)] for s in state["seats"]}
    bites = {s: horde(state, s)["bites"].get(hid, 0) for s in state["seats"]}
    winner, rule, reason = feast_winner(bites, zombies, lambda s: name(state, s))
    tile = state["content"]["humans"][hid]
    human(state, hid)["tile_to"] = winner
    if winner is None:
        text = f"Feast for {human_name(state, hid)}: nobody takes the tile."
    else:
        horde(state, winner)["human_tiles"].append(hid)
        text = (
            f"Feast for {human_name(state, hid)}: {name(state, winner)} takes the tile "
            f"({tile['vp']} VP)."
        )
    ctx.say(text, rule=rule, reason=reason)


question(
    "feast",
    Question(
        rule="EZA-F2",
        specs=_feast_specs,
        apply=_feast_apply,
        refuse=_feast_refuse,
        text=lambda state, step: (
            f"Feast for {human_name(state, step['human'])}: {name(state, step['seat'])}, count "
            "each Horde's Zombies on or next to the cell (Crawling ones count unless behind an "
            "obstacle)."
        ),
    ),
)


@auto("transform")
def _transform(state: State, step: Step, ctx: Ctx) -> None:
    """EZA-F4: the Contamination holder lays one of its Zombies on the Human's cell."""
    hid = step["human"]
    holder = human(state, hid)["contamination"]
    h = horde(state, holder)
    if h["reserve"] > 0:
        h["reserve"] -= 1
        h["board"] += 1
        how = "lays one of its Zombies down on the cell"
    else:  # EZA-T5: no pawn left, one comes back from the board
        how = "has no Zombie in reserve: it moves one of its Zombies onto the cell, laid down"
    h["fresh"] = min(h["board"], h["fresh"] + 1)
    ctx.say(
        f"Transformation: {name(state, holder)}, holder of the Contamination token, {how} in "
        f"place of {human_name(state, hid)}.",
        rule="EZA-F4",
        reason="The new Zombie cannot be activated by the current card (a Zombie Event of the "
        "Human phase may).",
    )


@auto("feast_end")
def _feast_end(state: State, step: Step, ctx: Ctx) -> None:
    ctx.say("The turn resumes after the interrupted effect.", rule="EZA-F1")


def feast_winner(
    bites: dict[int, int], zombies: dict[int, int], label=str
) -> tuple[int | None, str, str]:
    """EZA-F2 / F3: (winner or None, rule, reason) from each Horde's Bites and Zombies."""
    totals = {s: bites[s] + zombies[s] for s in bites}
    parts = [f"{label(s)} {bites[s]} Bite(s) + {zombies[s]} Zombie(s) = {totals[s]}" for s in bites]
    best = max(totals.values())
    leaders = [s for s in totals if totals[s] == best]
    summary = "; ".join(parts) + "."
    if len(leaders) == 1:
        return leaders[0], "EZA-F2", f"{summary} {label(leaders[0])} has the majority."
    most = max(zombies[s] for s in leaders)
    by_zombies = [s for s in leaders if zombies[s] == most]
    tied = " and ".join(label(s) for s in leaders)
    if len(by_zombies) == 1:
        others = " vs ".join(str(zombies[s]) for s in sorted(leaders, key=lambda s: -zombies[s]))
        return (
            by_zombies[0],
            "EZA-F3",
            (
                f"{summary} {tied} are tied at {best}; {label(by_zombies[0])} has more Zombies in "
                f"the Feast ({others})."
            ),
        )
    return (
        None,
        "EZA-F3",
        (
            f"{summary} {tied} are tied at {best} with as many Zombies in the Feast: nobody takes "
            "the tile."
        ),
    )
