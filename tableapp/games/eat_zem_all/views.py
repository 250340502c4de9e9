"""What each viewer sees, the prompt, the end-of-game reveal and the conservation checks
(the Eat Zem All rulebook: "Components" for what is counted; DESIGN principle 5).

Views never show a draw pile's order or its card ids (counts only), never another Horde's
Mutation draw or Zombie-card choice; the table screen (``None``) sees only what is face up at
the table. Cards are objects with at least ``id`` and ``name``.
"""

from __future__ import annotations

from collections import Counter

from ...engine import HOST, piles
from .attack import card_view, order_text
from .content import describe
from .flow import QUESTIONS, State, activatable, actors, horde, human_name, in_play, name, top
from .scoring import breakdown


def view(state: State, seat: int | None) -> dict:
    viewer = seat if seat in state["seats"] else None
    zc, hc, mc = state["zombie_cards"], state["human_cards"], state["mutation_cards"]
    card = state["card"]
    out = {
        "side": state["side"],
        "phase": state["phase"],
        "turn": state["turn"],
        "active": state["active"],
        "turn_order": list(state["seats"]),
        "current_card": None
        if card is None
        else {
            **card_view(state, card["id"]),
            "order": card["order"],
            "order_text": order_text(state, card["order"]),
        },
        "track": [card_view(state, c) for c in zc["track"]],
        "active_pile": [card_view(state, c) for c in zc["active"]],
        "zombie_draw_count": len(zc["draw"]),
        "human_deck_count": len(hc["deck"]),
        "human_cards_to_resolve": len(hc["drawn"]),
        "human_card_resolving": [card_view(state, c) for c in hc["resolving"]],
        "human_discard": [card_view(state, c) for c in hc["discard"]],
        "event_reserve_count": len(hc["reserve"]),
        "banished": [card_view(state, c) for c in hc["banished"]],
        "retired_events": [card_view(state, c) for c in hc["retired"]],
        "mutation_draw_count": len(mc["draw"]),
        "mutation_discard_count": len(mc["discard"]),
        "mutation_draft_count": len(mc["draft"]),
        "hordes": [_horde_view(state, s) for s in state["seats"]],
        "humans": [_human_view(state, h) for h in state["human_order"]],
        "board": _board_view(state),
        "checklist": list(state["checklist"]),
        "prompt": prompt(state),
    }
    if viewer is not None:
        out["private"] = _private(state, viewer)
    return out


def _horde_view(state: State, seat: int) -> dict:
    h = horde(state, seat)
    content = state["content"]
    parts = breakdown(state, seat)
    return {
        "seat": seat,
        "colour": h["colour"],
        "name": name(state, seat),
        "pawns_on_board": h["board"],
        "pawns_in_reserve": h["reserve"],
        "activatable": activatable(state, seat),
        "mutations": [card_view(state, m) for m in state["mutation_cards"][f"held:{seat}"]],
        "zombie_cards_in_reserve": len(state["zombie_cards"][f"reserve:{seat}"]),
        "choosing_mutation": str(seat) in state["pending_mutations"],
        "choosing_zombie_card": bool(state["zombie_cards"][f"choice:{seat}"]),
        "bites": dict(h["bites"]),
        "human_tiles": [
            {"id": x, "name": content["humans"][x]["name"], "vp": content["humans"][x]["vp"]}
            for x in h["human_tiles"]
        ],
        "traits": [
            {"id": t, "name": content["traits"][t]["name"], "vp": content["traits"][t]["vp"]}
            for t in h["traits"]
        ],
        "score": sum(parts.values()),
        "breakdown": parts,
    }


def _human_view(state: State, hid: str) -> dict:
    h = state["humans"][hid]
    tile = state["content"]["humans"][hid]
    trait = state["content"]["traits"][h["trait"]]
    side = state["side"]
    return {
        "id": hid,
        "name": tile["name"],
        "status": h["status"],
        "tokens": h["tokens"],
        "tokens_added": h["added"],
        "frightened": h["frightened"],
        "cell": h["cell"] if h["status"] == "alive" else None,
        "cell_name": _cell_name(state, h["cell"]) if h["status"] == "alive" else None,
        "branch": h["branch"],
        "off_path": h["off_path"],
        "vp": tile["vp"],
        "ability": tile[f"{side}_ability_text"],
        "trait": {
            "id": h["trait"],
            "name": trait["name"],
            "vp": trait["vp"],
            "effects": [describe(e) for e in trait["effects"]],
        },
        "contamination": h["contamination"],
        "finished_by": h["killer"],
        "tile_to": h["tile_to"],
    }


def _cell_name(state: State, cell: str) -> str:
    board = state["content"]["board"]
    if state["side"] == "cemetery":
        return board["cells"][cell]["name"]
    room, number = cell.split(":")
    return f"{board['rooms'][room]['name']} {number}"


def _board_view(state: State) -> dict:
    if state["side"] == "house":
        openings = state["content"]["board"]["openings"]
        return {
            "defenses": [
                {"id": o, "name": openings[o]["name"], "cubes": n, "limit": openings[o]["limit"]}
                for o, n in state["defenses"].items()
            ],
            "defense_cubes_in_box": state["defense_box"],
        }
    return {
        "tombstones_on_board": state["tombstones"]["on_board"],
        "tombstones_in_box": state["tombstones"]["box"],
    }


def _private(state: State, seat: int) -> dict:
    """Only ``seat``'s own hidden choices."""
    mc, zc = state["mutation_cards"], state["zombie_cards"]
    pending = state["pending_mutations"].get(str(seat))
    offered: list[str] = []
    if pending and pending["stage"] == "keep":
        offered = mc[f"choice:{seat}"]
    elif pending and pending["stage"] == "draft":
        offered = mc["draft"]
    return {
        "mutation_stage": pending["stage"] if pending else None,
        "mutations_to_choose": [card_view(state, c) for c in offered],
        "zombie_cards_to_choose": [card_view(state, c) for c in zc[f"choice:{seat}"]],
    }


def prompt(state: State) -> dict:
    if state["phase"] == "finished":
        return {"waiting_for": [], "text": "The game is over."}
    step = top(state)
    if step is None or step["kind"] not in QUESTIONS:
        return {"waiting_for": [], "text": ""}
    return {"waiting_for": actors(state), "text": QUESTIONS[step["kind"]].text(state, step)}


def reveal(state: State) -> dict:
    """Everything, draw-pile order included (only once the game is over)."""
    return {
        "human_cards": {k: list(v) for k, v in state["human_cards"].items()},
        "zombie_cards": {k: list(v) for k, v in state["zombie_cards"].items()},
        "mutation_cards": {k: list(v) for k, v in state["mutation_cards"].items()},
        "traits": {hid: h["trait"] for hid, h in state["humans"].items()},
        "view": view(state, HOST),
    }


def check_invariants(state: State) -> None:
    """Conservation of cards, tokens, pawns, cubes and tombstones; sane positions."""
    content, box = state["content"], state["content"]["box"]
    expected_human = Counter(list(content["human_cards"]) + list(content["events"]))
    assert piles.contents(state["human_cards"]) == expected_human, "Human cards not conserved"
    assert piles.contents(state["zombie_cards"]) == Counter(list(content["zombie_cards"])), (
        "Zombie cards not conserved"
    )
    assert piles.contents(state["mutation_cards"]) == Counter(list(content["mutations"])), (
        "Mutation cards not conserved"
    )
    assert sum(t["supply"] for t in content["humans"].values()) == box["bite_tokens"]
    for hid, h in state["humans"].items():
        held = sum(horde(state, s)["bites"].get(hid, 0) for s in state["seats"])
        supply = content["humans"][hid]["supply"]
        assert h["tokens"] + held + h["box"] == supply, f"Bite tokens of {hid} not conserved"
        assert h["tokens"] >= 0 and h["box"] >= 0
        assert (
            h["added"]
            == supply - h["box"] - content["humans"][hid]["tokens"][len(state["seats"]) - 2]
        ), f"Adèle's additions to {hid} not accounted"
        if h["status"] == "alive":
            assert h["tokens"] >= 1, f"{hid} alive without a token"
        if h["status"] == "dead":
            assert h["tokens"] == 0 and h["contamination"] is not None
        if h["contamination"] is not None:
            assert horde(state, h["contamination"])["bites"].get(hid, 0) >= 1
    for seat in state["seats"]:
        h = horde(state, seat)
        assert h["board"] + h["reserve"] == box["pawns_per_horde"], f"pawns of {seat}"
        assert h["board"] >= 0 and h["reserve"] >= 0
        assert 0 <= h["fresh"] <= h["board"] and h["activated"] >= 0
        pending = state["pending_mutations"].get(str(seat))
        held = len(state["mutation_cards"][f"held:{seat}"])
        limit = box["mutations_kept"] + (1 if pending and pending["stage"] == "discard" else 0)
        assert held <= limit, f"{seat} holds {held} Mutations"
    if state["side"] == "house":
        openings = content["board"]["openings"]
        assert sum(state["defenses"].values()) + state["defense_box"] == box["defense_cubes"]
        for o, n in state["defenses"].items():
            assert 0 <= n <= openings[o]["limit"], f"{o} holds {n} cubes"
    else:
        t = state["tombstones"]
        assert t["on_board"] + t["box"] == box["tombstones"] and t["on_board"] >= 0
    cells = Counter(
        state["humans"][h]["cell"] for h in in_play(state) if not state["humans"][h]["off_path"]
    )
    for cell, n in cells.items():
        assert n <= box["occupants_per_cell"], f"{n} Humans on {cell}"
    if state["phase"] != "finished":
        step = top(state)
        assert step is not None and step["kind"] in QUESTIONS, "no question waiting"
        assert actors(state), "nobody to act"
    for hid in state["escaped"]:
        assert state["humans"][hid]["status"] == "escaped", human_name(state, hid)
