"""What must hold after every action, corrections included (the Eat Zem All rulebook,
"Components": what the box holds is conserved).

Cards, Bite tokens (tile + Hordes + box), pawns (board + reserve), Defense cubes and Tombstones
are conserved; positions and counters stay within their limits; the game waits for somebody
until it is over.
"""

from __future__ import annotations

from collections import Counter

from ...engine import piles
from .state import State, horde, in_play


def check_invariants(state: State) -> None:
    content, box = state["content"], state["content"]["box"]
    expected_human = Counter(list(content["human_cards"]) + list(content["events"]))
    assert piles.contents(state["human_cards"]) == expected_human, "Human cards not conserved"
    assert piles.contents(state["zombie_cards"]) == Counter(list(content["zombie_cards"])), (
        "Zombie cards not conserved"
    )
    assert piles.contents(state["mutation_cards"]) == Counter(list(content["mutations"])), (
        "Mutation cards not conserved"
    )
    _tokens(state)
    for seat in state["seats"]:
        h = horde(state, seat)
        assert h["board"] + h["reserve"] == box["pawns_per_horde"], f"pawns of {seat}"
        assert h["board"] >= 0 and h["reserve"] >= 0
        assert 0 <= h["crawling"] <= h["board"], f"Crawling Zombies of {seat}"
        assert 0 <= h["fresh"] <= h["board"] and h["activated"] >= 0 and h["killed"] >= 0
        pending = state["pending_mutations"].get(str(seat))
        held = len(state["mutation_cards"][f"held:{seat}"])
        limit = box["mutations_kept"]
        assert held <= limit, f"{seat} holds {held} Mutations"
        offer = state["mutation_cards"][f"offer:{seat}"]
        assert not offer or (pending and pending["stage"] in ("keep", "draft")), f"offer of {seat}"
    if state["side"] == "house":
        openings = content["board"]["openings"]
        assert sum(state["defenses"].values()) + state["defense_box"] == box["defense_cubes"]
        for o, n in state["defenses"].items():
            assert 0 <= n <= openings[o]["limit"], f"{o} holds {n} cubes"
    else:
        t = state["tombstones"]
        assert t["on_board"] + t["box"] == box["tombstones"] and t["on_board"] >= 0
    cells = Counter(state["humans"][h]["cell"] for h in in_play(state))
    for cell, n in cells.items():
        assert n <= box["occupants_per_cell"], f"{n} Humans on {cell}"
    if state["phase"] != "finished":
        top = state["steps"][-1] if state["steps"] else None
        assert top is not None and "seat" in top or top["kind"] == "await_mutations", "no question"
    for hid in state["escaped"]:
        assert state["humans"][hid]["status"] == "escaped", hid


def _tokens(state: State) -> None:
    content = state["content"]
    assert sum(t["supply"] for t in content["humans"].values()) == content["box"]["bite_tokens"]
    for hid, h in state["humans"].items():
        held = sum(horde(state, s)["bites"].get(hid, 0) for s in state["seats"])
        supply = content["humans"][hid]["supply"]
        assert h["tokens"] + held + h["box"] == supply, f"Bite tokens of {hid} not conserved"
        assert h["tokens"] >= 0 and h["box"] >= 0
        start = content["humans"][hid]["tokens"][len(state["seats"]) - 2]
        assert h["added"] == supply - h["box"] - start, f"Adèle's additions to {hid}"
        if h["status"] == "alive":
            assert h["tokens"] >= 1, f"{hid} alive without a token"
        if h["status"] == "dead":
            assert h["tokens"] == 0 and h["contamination"] is not None
        if h["contamination"] is not None:
            assert horde(state, h["contamination"])["bites"].get(hid, 0) >= 1
