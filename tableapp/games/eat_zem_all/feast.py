"""Bites and the Feast (the Eat Zem All rulebook, "Description of Zombie Actions", "The Feast",
"Feast Example", "Summary of a Feast"; EZA-F1..F5, EZA-T6).

A bite takes one of the Human's tokens (the Contamination token to the first biter). Taking the
last one kills the Human and runs the Feast in the order of EZA-F1: the interrupted effect is
remembered (the steps below stay on the stack), the finisher takes the Trait and applies it
(fatal blow), the active Horde enters each Horde's Zombies on or next to the cell (the board
fact) — unless the Bites alone already decide the majority —, the majority takes the Human tile
with both tie-breaks and a reason (EZA-F2, F3), the Contamination holder lays one of its Zombies
on the cell (EZA-F4) and the turn resumes.
"""

from __future__ import annotations

from itertools import product

from ...engine import Ctx, Flow, M, Question, RuleError, action, board_step, counts, moment
from ...engine.messages import pack_names
from .state import (
    State,
    Step,
    holders,
    horde,
    human,
    human_name,
    name,
    nobody_left,
    pawn_out,
)

#: Beyond this many count combinations the app asks rather than proving the outcome fixed.
_MAX_COMBINATIONS = 20_000


def bite(state: State, ctx: Ctx, seat: int, hid: str) -> bool:
    """Record a bite of ``seat`` on ``hid``; True when it took the last token."""
    h = human(state, hid)
    h["tokens"] -= 1
    bites = horde(state, seat)["bites"]
    bites[hid] = bites.get(hid, 0) + 1
    near = horde(state, seat).setdefault("card_bites", {})  # its Zombies next to it, likely
    near[hid] = near.get(hid, 0) + 1
    first = h["contamination"] is None
    if first:
        h["contamination"] = seat
    ctx.say(
        M(
            "eza.bite.first" if first else "eza.bite",
            horde=name(state, seat),
            human=human_name(state, hid),
            count=h["tokens"],
        ),
        rule="EZA-F4" if first else None,
        reason=M("eza.bite.first.reason") if first else None,
        seat=seat,
        human=hid,
        tokens=h["tokens"],
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
        M("eza.dead", human=human_name(state, hid)),
        rule="EZA-F1",
        human=hid,
        moment=moment("death"),  # a Human dies: the Feast starts, every phone looks up
    )
    Flow.push(
        state,
        {"kind": "fatal_blow", "seat": killer, "human": hid},
        {"kind": "feast_count", "seat": state["active"], "human": hid},
        {"kind": "transform", "human": hid},
        {"kind": "feast_end", "human": hid},
    )


def _fatal_blow(state: State, step: Step, ctx: Ctx) -> None:
    """EZA-F1 (2): the finisher takes the Trait tile and applies its effect."""
    hid, seat = step["human"], step["seat"]
    trait_id = human(state, hid)["trait"]
    trait = state["content"]["traits"][trait_id]
    horde(state, seat)["traits"].append(trait_id)
    ctx.say(
        M(
            "eza.fatal_blow",
            horde=name(state, seat),
            human=human_name(state, hid),
            trait=pack_names(trait),
            count=trait["vp"],
        ),
        rule="EZA-F1",
        reason=M("eza.fatal_blow.reason"),
        seat=seat,
        human=hid,
        trait=trait_id,
    )
    Flow.push(
        state,
        *[
            {"kind": "zombie_effect", "seat": seat, "effect": e, "part": "trait"}
            for e in trait["effects"]
        ],
    )


def _feast_count(state: State, step: Step, ctx: Ctx) -> None:
    """EZA-F2: ask the count only when the Zombies can still change who takes the tile."""
    hid = step["human"]
    bites = {s: horde(state, s)["bites"].get(hid, 0) for s in state["seats"]}
    bounds = {s: horde(state, s)["board"] * (2 if s in _doublers(state) else 1) for s in bites}
    decided = decided_winner(bites, bounds)
    if decided is None:
        Flow.push(state, {"kind": "feast", "seat": step["seat"], "human": hid, "double": []})
        return
    (winner,) = decided
    if all(b == 0 for b in bounds.values()):  # nobody has a Zombie that could count
        zombies = {s: 0 for s in bites}
        _, rule, reason = feast_winner(bites, zombies, lambda s: name(state, s))
    else:
        zombies, rule = None, "EZA-F2" if winner is not None else "EZA-F3"
        parts = [M("eza.feast.bites_part", horde=name(state, s), count=bites[s]) for s in bites]
        reason = M("eza.feast.decided", parts=parts)
    _award(state, ctx, hid, winner, rule, reason, zombies)


def _doublers(state: State) -> list[int]:
    """Hordes holding Feeding frenzy (count your Zombies twice in a Feast, EZA-T12)."""
    return holders(state, "feast_double")


def decided_winner(bites: dict[int, int], most: dict[int, int]) -> tuple[int | None] | None:
    """``(winner,)`` when every count of Zombies (0..most) gives the same outcome, else None."""
    leader = max(bites, key=lambda s: bites[s])
    if all(bites[leader] > bites[s] + most[s] for s in bites if s != leader):
        return (leader,)
    if all(n == 0 for n in most.values()):
        return (feast_winner(bites, {s: 0 for s in bites})[0],)
    combinations = 1
    for n in most.values():
        combinations *= n + 1
    if combinations > _MAX_COMBINATIONS:
        return None
    seats = list(bites)
    first = None
    for counted in product(*(range(most[s] + 1) for s in seats)):
        winner = feast_winner(bites, dict(zip(seats, counted, strict=True)))[0]
        if first is None:
            first = (winner,)
        elif first != (winner,):
            return None
    return first


def _feast_specs(state: State, step: Step, seat: int) -> list[dict]:
    """Each Horde's Zombies on or next to the cell, at most those on the board; preselected:
    those that bit the Human during this card (a Zombie bites a Human next to it)."""
    bounds = {str(s): (0, horde(state, s)["board"]) for s in state["seats"]}
    labels = {str(s): name(state, s) for s in state["seats"]}
    likely = {
        str(s): min(horde(state, s)["board"], horde(state, s).get("card_bites", {}).get(hid, 0))
        for s in state["seats"]
        for hid in [step["human"]]
    }
    return [
        action(
            "feast",
            M("eza.action.feast"),
            submit=M("eza.submit.feast", n="{n}"),
            zombies=counts(bounds, labels=labels, values=likely),
        )
    ]


def _feast_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    zombies = act["params"].get("zombies")
    if act["type"] != "feast" or not isinstance(zombies, dict):
        return None
    for s in state["seats"]:
        n = zombies.get(str(s))
        board = horde(state, s)["board"]
        if isinstance(n, int) and not isinstance(n, bool) and n > board:
            return RuleError(
                "too_many_zombies",
                "EZA-F2",
                M("eza.refuse.feast_board", horde=name(state, s), count=board),
            )
    return None


def _feast_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    """EZA-F2, F3: totals, majority, tie-breaks."""
    hid = step["human"]
    double = set(step["double"])
    zombies = {
        s: act["params"]["zombies"][str(s)] * (2 if s in double else 1) for s in state["seats"]
    }
    bites = {s: horde(state, s)["bites"].get(hid, 0) for s in state["seats"]}
    winner, rule, reason = feast_winner(bites, zombies, lambda s: name(state, s))
    _award(state, ctx, hid, winner, rule, reason, zombies)


def _award(state: State, ctx: Ctx, hid: str, winner, rule: str, reason: dict, zombies) -> None:
    tile = state["content"]["humans"][hid]
    human(state, hid)["tile_to"] = winner
    counted = None if zombies is None else {str(s): n for s, n in zombies.items()}
    data = {"human": hid, "turn": state["turn"], "winner": winner, "zombies": counted}
    if winner is None:
        message = M("eza.feast.nobody", human=pack_names(tile))
    else:
        horde(state, winner)["human_tiles"].append(hid)
        message = M(
            "eza.feast.won", human=pack_names(tile), horde=name(state, winner), count=tile["vp"]
        )
    # the Feast is a moment for the Hordes that took part (a Bite on the Human) and the winner
    concerned = [s for s in state["seats"] if horde(state, s)["bites"].get(hid) or s == winner]
    ctx.say(message, rule=rule, reason=reason, feast=data, moment=moment("feast", concerned))


def _feast_prompt(state: State, step: Step) -> dict:
    return M(
        "eza.prompt.feast", human=human_name(state, step["human"]), horde=name(state, step["seat"])
    )


def _feast_ask(state: State, step: Step) -> dict:
    notes = [M("eza.feast.keen_nose", horde=name(state, s)) for s in holders(state, "keen_nose")]
    notes += [M("eza.feast.doubled", horde=name(state, s)) for s in step["double"]]
    return M(
        "eza.ask.feast_notes" if notes else "eza.ask.feast",
        human=human_name(state, step["human"]),
        notes=notes,
    )


def _transform(state: State, step: Step, ctx: Ctx) -> None:
    """EZA-F4: the Contamination holder lays one of its Zombies on the Human's cell."""
    hid = step["human"]
    holder = human(state, hid)["contamination"]
    h = horde(state, holder)
    if h["reserve"] > 0:
        pawn_out(state, holder, laid_down=True)
        ctx.say(
            M("eza.transform", horde=name(state, holder), human=human_name(state, hid)),
            rule="EZA-F4",
            reason=M("eza.transform.reason"),
            seat=holder,
            human=hid,
        )
        _on_board(state, hid, laid=True)
        return
    ctx.say(
        M("eza.transform.empty", horde=name(state, holder), human=human_name(state, hid)),
        rule="EZA-F4",
    )
    _on_board(state, hid, laid=False)
    if not nobody_left(state):  # EZA-T5: it may take one back from the board
        where = M("eza.where.cell_of", human=human_name(state, hid))
        Flow.push(state, {"kind": "take_back", "seat": holder, "where": where})


def _on_board(state: State, hid: str, *, laid: bool) -> None:
    """After the Feast, one checklist item for what changes on the board and who takes which
    tile (issue 13: board steps), on the phones of the Hordes concerned until one ticks it."""
    h = human(state, hid)
    who = human_name(state, hid)
    parts, seats = [], []
    if laid:
        parts.append(M("eza.step.transform", horde=name(state, h["contamination"]), human=who))
        seats.append(h["contamination"])
    if h["tile_to"] is not None:
        parts.append(M("eza.step.tile", human=who, horde=name(state, h["tile_to"])))
        seats.append(h["tile_to"])
    trait = state["content"]["traits"][h["trait"]]
    parts.append(M("eza.step.trait", trait=pack_names(trait), horde=name(state, h["killer"])))
    seats.append(h["killer"])
    board_step(state, M("eza.step.feast", human=who, parts=parts), sorted(set(seats)))


def _feast_end(state: State, step: Step, ctx: Ctx) -> None:
    ctx.say(M("eza.feast.resume"), rule="EZA-F1")


def feast_winner(
    bites: dict[int, int], zombies: dict[int, int], label=str
) -> tuple[int | None, str, dict]:
    """EZA-F2 / F3: (winner or None, rule, reason) from each Horde's Bites and Zombies."""
    totals = {s: bites[s] + zombies[s] for s in bites}
    parts = [
        M("eza.feast.part", horde=label(s), bites=bites[s], zombies=zombies[s], total=totals[s])
        for s in bites
    ]
    best = max(totals.values())
    leaders = [s for s in totals if totals[s] == best]
    if len(leaders) == 1:
        return leaders[0], "EZA-F2", M("eza.feast.majority", parts=parts, horde=label(leaders[0]))
    most = max(zombies[s] for s in leaders)
    by_zombies = [s for s in leaders if zombies[s] == most]
    tied = [label(s) for s in leaders]
    if len(by_zombies) == 1:
        others = [zombies[s] for s in sorted(leaders, key=lambda s: -zombies[s])][1:]
        return (
            by_zombies[0],
            "EZA-F3",
            M(
                "eza.feast.tie_zombies",
                parts=parts,
                tied=tied,
                total=best,
                horde=label(by_zombies[0]),
                most=most,
                others=others,
            ),
        )
    return None, "EZA-F3", M("eza.feast.tie_nobody", parts=parts, tied=tied, total=best)


STEPS = {
    "fatal_blow": _fatal_blow,
    "feast_count": _feast_count,
    "transform": _transform,
    "feast_end": _feast_end,
}

QUESTIONS = {
    "feast": Question(
        rule="EZA-F2",
        specs=_feast_specs,
        apply=_feast_apply,
        refuse=_feast_refuse,
        prompt=_feast_prompt,
        ask=_feast_ask,
    ),
}
