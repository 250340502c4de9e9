"""Student Bodies invariants: what no action may break (checked after every step of the playouts
and of ``tableapp simulate``): every card and token conserved, the 18 standees accounted for,
counts in range, hand sizes, statuses and the end."""

from __future__ import annotations

import json
from collections import Counter

from .state import ESCAPED, IN_GAME, LIVING, OUT, SMART, State, box, hand_size


def check_invariants(state: State) -> None:
    """Raise AssertionError when the state breaks a rule no action may break. Long on purpose:
    one assertion after the other, each naming the rule it holds (SB-S6 …), read from top to
    bottom like the rulebook's component list; split up, the list would be harder to check
    against the box."""
    # Plain JSON (the table's content is shared and read-only: checked once, when built).
    moving = {k: v for k, v in state.items() if k != "content"}
    assert json.loads(json.dumps(moving)) == moving, "state is not plain JSON"
    cat = state["content"]
    seats = state["seats"]
    keys = [str(s) for s in seats]

    # Main deck: draw + discard + hands = the 82 cards (SB-S6).
    located = Counter(state["main"]["draw"] + state["main"]["discard"])
    for k in keys:
        located.update(state["hands"][k])
    assert located == Counter(list(cat["cards"])), "main deck conservation broken"

    # Items: draw + discard + everyone's slots and backpacks + dead players' stacks = 23.
    items = Counter(state["item_deck"]["draw"] + state["item_deck"]["discard"])
    for k in keys:
        gear = state["items"][k]
        assert len(gear["ready"]) == 3, "three Item slots"
        ready = [i for i in gear["ready"] if i is not None]
        items.update(ready + gear["backpack"])
        assert set(gear["spent"]) <= set(ready), "a spent Item that is not ready"
        weapons = [i for i in ready if cat["items"][i]["weapon"]]
        assert len(weapons) <= 1, "two Weapons ready"
        assert all(cat["items"][i]["weapon"] is False for i in gear["ready"][1:] if i), (
            "a Weapon outside the Weapon slot"
        )
    for stack in state["dead_items"].values():
        items.update(stack)
    assert items == Counter(list(cat["items"])), "item conservation broken"

    # Zombie deck: 21 dealt (10 Base + 11) plus the 19 left in the box (SB-S4, SB-Z1).
    deck = state["zombie_deck"]
    dealt = (
        deck["draw"] + deck["discard"] + ([state["zombie_card"]] if state["zombie_card"] else [])
    )
    assert len(dealt) == cat["base"] + cat["level_cards"], "the zombie deck lost a card"
    assert Counter(dealt + deck["box"]) == Counter(list(cat["zombie_cards"])), "zombie cards"

    # The 18 standees (SB-S2, SB-Z4).
    z = state["zombies"]
    assert all(v >= 0 for v in z.values()), f"negative zombie count {z}"
    assert z["board"] + z["pool"] + z["lab"] + z["exit"] == box(state, "zombies"), f"standees {z}"
    assert z["knocked"] <= z["board"], "more zombies down than on the board"
    if state["revealed"]["lab"] is not None:
        assert z["lab"] == 0
    if state["revealed"]["exit"] is not None:
        assert z["exit"] == 0

    # Corpse tokens (SB-S5): 20, face down (on the board or off it) or used.
    c = state["corpses"]
    assert sum(c["left"].values()) + sum(c["used"].values()) == 20
    assert all(v >= 0 for v in (*c["left"].values(), *c["used"].values()))
    assert 0 <= c["board"] <= sum(c["left"].values()), "more corpses on the board than face down"
    totals = {kind: row["count"] for kind, row in cat["corpses"].items()}
    assert {k: c["left"][k] + c["used"][k] for k in totals} == totals, "corpse mix changed"

    # Beakers (SB-S3): the ones set aside, face down in the Lab or found.
    info = state["beaker_info"]
    left = sum(state["beakers"]["left"].values())
    assert left + sum(state["beakers"]["used"].values()) == info["total"]
    assert sum(info["found"].values()) == sum(state["beakers"]["used"].values())
    assert state["beakers"]["left"]["antidote"] + state["beakers"]["used"]["antidote"] >= len(seats)
    if state["revealed"]["lab"] is None:
        assert info["board"] == 0 and left == info["total"]
    else:
        assert info["board"] == left, "beakers on the board are the face-down ones"

    # Players (SB-P1, SB-P4).
    escaped = []
    for seat in seats:
        p = state["players"][str(seat)]
        assert p["status"] in (LIVING, SMART, OUT, ESCAPED)
        assert 0 <= p["health"] <= box(state, "health"), "health out of range"
        assert p["stamina"] >= 0, "negative stamina"
        if p["status"] == SMART:
            assert not p["antidote"], "a Smart Zombie with an Antidote"
        if p["status"] in (OUT,):
            assert not state["hands"][str(seat)], "an out player holds cards"
            assert not [i for i in state["items"][str(seat)]["ready"] if i], "an out player's Items"
        if p["status"] == ESCAPED:
            escaped.append(seat)
            assert p["antidote"], "escaped without an Antidote"
    assert len(escaped) <= 1, "two players escaped"

    # Hand sizes: right after a Cleanup everyone in the game holds their hand size (SB-P3).
    if state["drawn_up"]:
        for seat in seats:
            if state["players"][str(seat)]["status"] in IN_GAME:
                held = len(state["hands"][str(seat)])
                assert held == hand_size(state, seat), f"seat {seat} holds {held} after Cleanup"

    # The end (SB-P7).
    finished = state["phase"] == "finished"
    assert finished == (state["result"] is not None)
    if finished:
        assert not state["steps"], "steps left after the end"
        winners = state["result"]["winners"]
        reason = state["result"]["reason"]
        if reason == "escaped":
            assert winners == escaped
        elif reason == "smart":
            assert winners and all(state["players"][str(s)]["status"] == SMART for s in winners)
            assert not [s for s in seats if state["players"][str(s)]["status"] == LIVING]
        else:
            assert not winners and not [
                s for s in seats if state["players"][str(s)]["status"] in IN_GAME
            ]
    else:
        assert state["steps"], "a game in play waits for nothing"
        assert [s for s in seats if state["players"][str(s)]["status"] == LIVING], (
            "nobody alive, yet the game goes on"
        )
