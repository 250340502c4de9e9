"""Setup, 1. the team (ZC-1, ZC-2): the ``survivors`` question — every phone takes survivors
for its player (``take_survivor`` / ``release_survivor``); the host may ``deal_evenly`` the
ones left. The team full, every player running one and none two more than another, the setup
goes on by itself (undo gives the last survivor back); held unevenly, the host may rebalance or
say ``survivors_done``. The rest of the setup (the card sets, the mission,
the spawn zones, the buildings, the starting gear) is setup.py's."""

from __future__ import annotations

from tableapp.engine import (
    HOST,
    Ctx,
    Flow,
    M,
    Question,
    RuleError,
    action,
    choice,
    seat_ref,
)

from .state import (
    State,
    owned,
    survivor,
    survivor_name,
)

# --- 1. the team -------------------------------------------------------------------------------


def _free(state: State) -> list[str]:
    return [s for s in state["content"]["survivor_order"] if survivor(state, s)["owner"] is None]


def _team_full(state: State) -> bool:
    return len(state["team"]) >= state["content"]["team_size"]


def _team_ready(state: State) -> bool:
    return _team_full(state) and all(owned(state, seat) for seat in state["seats"])


def _retake_team(state: State) -> None:
    order = state["content"]["survivor_order"]
    state["team"] = [s for s in order if survivor(state, s)["owner"] is not None]


def _survivor_labels(state: State, ids: list[str]) -> list[dict]:
    out = []
    for sid in ids:
        kind = state["content"]["survivors"][sid]["kind"]
        out.append(
            M(
                "zc.survivor.child" if kind == "child" else "zc.survivor.adult",
                name=survivor_name(state, sid),
            )
        )
    return out


def _uneven(state: State) -> bool:
    """Whether one player runs two survivors more than another (one may run none)."""
    held = [len(owned(state, s)) for s in state["seats"]]
    return max(held) - min(held) > 1


def _survivors_specs(state: State, step: dict, seat: int) -> list[dict]:
    specs = []
    if seat == HOST:
        # The host can always share out: the ones left, or a full team held unevenly
        # ("6 survivants à se répartir, peu importe le nombre de joueurs").
        if not _team_full(state) and _free(state):
            specs.append(action("deal_evenly", M("zc.action.deal_evenly")))
        elif _uneven(state):
            specs.append(action("deal_evenly", M("zc.action.rebalance")))
        if _team_ready(state):
            specs.append(action("survivors_done", M("zc.action.survivors_done")))
        return specs
    free = _free(state)
    if free and not _team_full(state):
        specs.append(
            action(
                "take_survivor",
                M("zc.action.take_survivor"),
                survivor=choice(free, _survivor_labels(state, free)),
            )
        )
    mine = owned(state, seat)
    if mine:
        specs.append(
            action(
                "release_survivor",
                M("zc.action.release_survivor"),
                survivor=choice(mine, _survivor_labels(state, mine)),
            )
        )
    return specs


def _survivors_refuse(state: State, step: dict, seat: int, act: dict) -> RuleError | None:
    kind = act["type"]
    if kind == "take_survivor" and _team_full(state):
        return RuleError(
            "team_full", "ZC-1", M("zc.refuse.team_full", count=state["content"]["team_size"])
        )
    if kind == "survivors_done" and not _team_ready(state):
        return RuleError(
            "team_not_ready",
            "ZC-1",
            M("zc.refuse.team_not_ready", count=state["content"]["team_size"]),
        )
    return None


def _survivors_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    kind = act["type"]
    if kind == "survivors_done":
        _say_done(state, ctx)
        return
    if kind == "take_survivor":
        sid = act["params"]["survivor"]
        survivor(state, sid)["owner"] = seat
        _retake_team(state)
        _say_taken(state, sid, seat, ctx)
    elif kind == "release_survivor":
        sid = act["params"]["survivor"]
        survivor(state, sid)["owner"] = None
        _retake_team(state)
        ctx.say(
            M("zc.team.released", seat=seat_ref(seat), survivor=survivor_name(state, sid)),
            survivor=sid,
        )
    elif kind == "deal_evenly":
        _share_out(state, ctx)
    if _team_ready(state) and not _uneven(state):
        # The last survivor taken (or shared out) fills the team evenly: nothing left to ask,
        # the setup goes on (the undo gives that survivor back and asks again).
        _say_done(state, ctx)
        return
    Flow.push(state, step)


def _say_done(state: State, ctx: Ctx) -> None:
    ctx.say(
        M(
            "zc.team.done",
            teams=[
                M(
                    "zc.team.seat",
                    seat=seat_ref(s),
                    names=[survivor_name(state, x) for x in owned(state, s)],
                )
                for s in state["seats"]
            ],
        ),
        rule="ZC-1",
        team={str(s): owned(state, s) for s in state["seats"]},
    )


def _share_out(state: State, ctx: Ctx) -> None:
    """The host's share-out: the ones left go one at a time to whoever runs the fewest (table
    order among equals); then, while a player runs two more than another, the last survivor
    of the one running the most goes to the one running the fewest."""
    seats = state["seats"]

    def fewest() -> int:
        return min(seats, key=lambda s: (len(owned(state, s)), seats.index(s)))

    for sid in _free(state):
        if _team_full(state):
            break
        target = fewest()
        survivor(state, sid)["owner"] = target
        _retake_team(state)
        _say_taken(state, sid, target, ctx)
    while _uneven(state):
        giver = max(seats, key=lambda s: (len(owned(state, s)), -seats.index(s)))
        taker = fewest()
        sid = owned(state, giver)[-1]
        survivor(state, sid)["owner"] = taker
        ctx.say(
            M(
                "zc.team.moved",
                survivor=survivor_name(state, sid),
                giver=seat_ref(giver),
                taker=seat_ref(taker),
            ),
            rule="ZC-1",
            survivor=sid,
            seat=taker,
        )


def _say_taken(state: State, sid: str, seat: int, ctx: Ctx) -> None:
    kind = state["content"]["survivors"][sid]["kind"]
    ctx.say(
        M(
            "zc.team.took_child" if kind == "child" else "zc.team.took_adult",
            seat=seat_ref(seat),
            survivor=survivor_name(state, sid),
        ),
        rule="ZC-2",
        survivor=sid,
        seat=seat,
    )


def _survivors_actors(state: State, step: dict) -> list[int]:
    """Only who can do something: a player who cannot take a survivor (the team is full) and
    runs none is not waited on; the host only when it can share out or start."""
    return [s for s in (HOST, *state["seats"]) if _survivors_specs(state, step, s)]


def _survivors_prompt(state: State, step: dict) -> dict:
    """Who must do what, in the third person for those not asked (never a name of theirs:
    the seats named are the ones asked, who read the question put to them instead)."""
    size = state["content"]["team_size"]
    if not _team_full(state):
        return M("zc.prompt.survivors", taken=len(state["team"]), size=size)
    if not _team_ready(state):
        holders = [s for s in state["seats"] if owned(state, s)]
        return M("zc.prompt.survivors_unshared", holders=[seat_ref(s) for s in holders])
    return M("zc.prompt.survivors_ready", count=size)


def _survivors_ask(state: State, step: dict) -> dict:
    size = state["content"]["team_size"]
    if not _team_full(state):
        return M("zc.ask.survivors", size=size)
    if not _team_ready(state):
        return M("zc.ask.survivors_unshared")
    return M("zc.ask.survivors_ready")


SURVIVORS = Question(
    rule="ZC-1",
    specs=_survivors_specs,
    apply=_survivors_apply,
    prompt=_survivors_prompt,
    ask=_survivors_ask,
    actors=_survivors_actors,
    refuse=_survivors_refuse,
)


QUESTIONS = {"survivors": SURVIVORS}
