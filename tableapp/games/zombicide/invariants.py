"""Zombicide invariants: card conservation and the shape rules no action may break."""

from __future__ import annotations

import json
from collections import Counter

from .content import decks_of
from .ending import objectives_done
from .state import (
    FINISHED,
    PHASES,
    SETUP,
    SLOTS,
    State,
    hp,
    level_ids,
    level_of,
    survivor,
)


def check_invariants(state: State) -> None:
    """Raise AssertionError when ``state`` breaks a rule no action may break.

    Long on purpose: one assertion after the other (cards conserved, wounds, experience, zones,
    the turn), read from top to bottom like the rulebook; split up, the list would be harder to
    check against the box."""
    # The content is checked once, at load; the rest must be plain JSON.
    play = {k: v for k, v in state.items() if k != "content"}
    assert json.loads(json.dumps(play)) == play, "state is not plain JSON"
    cat = state["content"]
    assert state["phase"] in PHASES, f"bad phase {state['phase']!r}"

    # Card conservation: every physical card of the three decks is in exactly one place.
    # (the cards of the sets in play: state["sets"]; a table from before sets has none)
    in_play = decks_of(cat, state.get("sets"))
    every = Counter(in_play["starter"] + in_play["equipment"] + in_play["crate"])
    located: Counter = Counter(state["starters"])
    for deck in ("equipment", "crates"):
        located.update(state[deck]["draw"])
        located.update(state[deck]["discard"])
    for sid, sv in state["survivors"].items():
        assert len(sv["inventory"]) == len(SLOTS), f"{sid}: an inventory of {len(sv['inventory'])}"
        located.update(c for c in sv["inventory"] if c is not None)
        located.update(sv["found"])
    assert located == every, f"equipment conservation broken: {located - every} / {every - located}"
    spawn = Counter(state["spawn_deck"]["draw"] + state["spawn_deck"]["discard"])
    assert spawn == Counter(in_play["spawn"]), "spawn card conservation broken"

    # The board (ZC-6, ZC-10): never more figures than the box holds.
    for kind, n in state["board"].items():
        assert 0 <= n <= cat["types"][kind]["miniatures"], f"{n} {kind}s on the board"
    kinds = state["abominations"]
    assert len(kinds) == len(set(kinds)) and set(kinds) <= set(cat["abomination_order"])
    if not state["options"]["abomination_fest"]:
        assert len(kinds) <= 1, "two Abominations without the Abomination fest"

    # The team (ZC-1, ZC-2) and the survivors.
    team = state["team"]
    order = cat["survivor_order"]
    assert team == [s for s in order if survivor(state, s)["owner"] is not None]
    assert len(team) <= cat["team_size"]
    for sid, sv in state["survivors"].items():
        assert sv["owner"] is None or sv["owner"] in state["seats"], f"{sid}: owner {sv['owner']}"
    if state["phase"] != SETUP:
        assert len(team) == cat["team_size"], "the team is not complete"
        assert all(
            any(survivor(state, s)["owner"] == seat for s in team) for seat in state["seats"]
        )
    levels = level_ids(state)
    asked = {(s["survivor"], s["level"]) for s in state["steps"] if s["kind"] == "skill"}
    dead = []
    for sid in team:
        sv = survivor(state, sid)
        assert 0 <= sv["wounds"] <= hp(state, sid), f"{sid}: {sv['wounds']} wounds"
        if sv["wounds"] >= hp(state, sid):
            dead.append(sid)
        assert sv["adrenaline"] >= 0
        reached = levels[: levels.index(level_of(state, sv["adrenaline"])) + 1]
        assert set(sv["skills"]) <= set(reached), f"{sid}: a skill above its level"
        if state["phase"] != FINISHED:
            for level in reached:
                assert level in sv["skills"] or (sid, level) in asked, f"{sid}: no skill at {level}"
        if sv["found"] and state["phase"] != FINISHED:
            assert any(s["kind"] == "stow" and s["survivor"] == sid for s in state["steps"])

    # Mission counts and the end (ZC-1).
    mission = state["mission"]
    for colour, o in mission["objectives"].items():
        assert 0 <= o["taken"] <= o["total"], f"{colour} objectives {o}"
    assert 0 <= mission["goals"]["done"] <= mission["goals"]["total"]
    assert 0 <= mission["crates"]["opened"] <= mission["crates"]["total"]
    numbers = [z["number"] for z in mission["zones"]]
    assert numbers == list(range(1, len(numbers) + 1)), "spawn zones are numbered 1, 2, 3…"
    for zone in mission["zones"]:
        if zone["colour"] == "red":
            assert zone["active_from"] == 1, "a red zone is active from the start (ZC-8)"
    assert state["first_player"] in state["seats"]
    if state["phase"] == FINISHED:
        assert state["steps"] == [] and state["outcome"] is not None
        if state["outcome"]["won"]:
            assert objectives_done(state) and not dead
        else:
            assert dead or not objectives_done(state)
    else:
        assert state["outcome"] is None and not dead, "a survivor died but the game goes on"
        assert state["steps"], "nothing left to do in a game that is not over"
        if state["round"] > 0:
            assert not objectives_done(state), "every objective is done but the game goes on"
    attacking = any(
        s["kind"]
        in (
            "dice",
            "roll",
            "reroll",
            "after_dice",
            "target_order",
            "friendly_fire",
            "allocate",
            "resolve_attack",
        )
        for s in state["steps"]
    )
    assert (state["attack"] is not None) == attacking, (
        "an attack without its steps, or steps without it"
    )
