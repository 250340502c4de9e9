"""End of the game and scoring (the Eat Zem All rulebook, "End of the Game"; EZA-E1..E4).

Each Horde scores 1 VP per Bite token it holds (Contamination tokens included), the Feast VP of
the Human tiles it won and the Fatal-blow VP of the Traits it took (EZA-E3). A tie goes to the
Horde with the most Zombies on the board; if that ties too, the tied Hordes win together (EZA-E4).
"""

from __future__ import annotations

from ...engine import Ctx, M
from .state import State, horde, name


def breakdown(state: State, seat: int) -> dict[str, int]:
    """EZA-E3, per Horde."""
    h = horde(state, seat)
    content = state["content"]
    return {
        "bite_tokens": sum(h["bites"].values()),
        "feast_vp": sum(content["humans"][hid]["vp"] for hid in h["human_tiles"]),
        "fatal_blow_vp": sum(content["traits"][tid]["vp"] for tid in h["traits"]),
    }


def standings(state: State) -> list[dict]:
    """Every Horde's score and breakdown, best first (table order among equals)."""
    rows = []
    for seat in state["seats"]:
        parts = breakdown(state, seat)
        rows.append(
            {
                "seat": seat,
                "score": sum(parts.values()),
                "breakdown": parts,
                "zombies_on_board": horde(state, seat)["board"],
            }
        )
    return sorted(rows, key=lambda r: (-r["score"], -r["zombies_on_board"]))


def winners(rows: list[dict], label=str) -> tuple[list[int], str, dict]:
    """EZA-E4: the winners, the rule that decided and how (a message)."""
    best = max(r["score"] for r in rows)
    top = [r for r in rows if r["score"] == best]
    if len(top) == 1:
        return (
            [top[0]["seat"]],
            "EZA-E3",
            M("eza.win.clear", horde=label(top[0]["seat"]), count=best),
        )
    most = max(r["zombies_on_board"] for r in top)
    by_zombies = [r for r in top if r["zombies_on_board"] == most]
    tied = [label(r["seat"]) for r in top]
    if len(by_zombies) == 1:
        seat = by_zombies[0]["seat"]
        return (
            [seat],
            "EZA-E4",
            M("eza.win.zombies", tied=tied, count=best, horde=label(seat), zombies=most),
        )
    together = [label(r["seat"]) for r in by_zombies]
    return (
        [r["seat"] for r in by_zombies],
        "EZA-E4",
        M("eza.win.together", tied=tied, count=best, hordes=together, zombies=most),
    )


def result(state: State) -> dict | None:
    if state["phase"] != "finished":
        return None
    rows = standings(state)
    won, rule, tie_break = winners(rows, lambda s: name(state, s))
    return {
        "winners": won,
        "standings": [
            {"seat": r["seat"], "score": r["score"], "breakdown": r["breakdown"]} for r in rows
        ],
        "tie_break": tie_break,
        "rule": rule,
    }


def standings_message(state: State) -> dict:
    rows = standings(state)
    parts = [
        M(
            "eza.standing",
            horde=name(state, r["seat"]),
            count=r["score"],
            bites=r["breakdown"]["bite_tokens"],
            feast=r["breakdown"]["feast_vp"],
            fatal=r["breakdown"]["fatal_blow_vp"],
        )
        for r in rows
    ]
    return M("eza.standings", parts=parts, tie_break=winners(rows, lambda s: name(state, s))[2])


# --- the end (EZA-E1) ----------------------------------------------------------------------------


def finish(state: State, ctx: Ctx) -> None:
    state["phase"] = "finished"
    state["steps"] = []
    ctx.say(
        M("eza.end", standings=standings_message(state)),
        rule="EZA-E1",
        reason=M("eza.end.reason"),
    )
