"""What each viewer of a Student Bodies table sees.

The engine hands ``view`` the state with what the viewer may not know already hidden (draw
piles, the sealed Lab and Exit cards, the beakers' mix, other hands): it cannot leak them.
Public: every player's health, stamina, status and Items (face up at the table), how many cards
each holds, the zombie card being resolved and the zombie being activated with the priority
line that applies, the counts of zombies (board, pool, reserves, knocked down), corpse tokens
and beakers, the scenario cards revealed so far, the live Reaction windows and the last
adjudications. A player also sees their own hand.
"""

from __future__ import annotations

from .state import (
    State,
    box,
    card_view,
    corpse_supply,
    hand_size,
    item_view,
    kind_name,
    scenario_name,
    zombie_card_name,
)
from .tokens import placing
from .zombies import PRIORITY


def view(state: State, seat: int | None) -> dict:
    me = seat if seat in state["seats"] else None
    z = state["zombies"]
    info = state["beaker_info"]
    return {
        "me": me,
        "phase": state["phase"],
        "turn": state["turn"],
        "turn_no": state["turn_no"],
        "first": state["first"],
        "difficulty": state["options"]["difficulty"],
        "table_die": state["options"]["table_die"],
        "players": [_player(state, s) for s in state["seats"]],
        "hand": [card_view(state, c) for c in state["hands"][str(me)]] if me is not None else [],
        "zombie_card": _zombie_card(state),
        "walk": _walk(state),
        "priority": [{"key": k, "label": label} for k, label in PRIORITY],
        "zombies": dict(z),
        "corpses": {
            "board": state["corpses"]["board"],
            "supply": corpse_supply(state),
            "used": dict(state["corpses"]["used"]),
        },
        "beakers": {"total": info["total"], "board": info["board"], "found": dict(info["found"])},
        "scenario": _scenario(state),
        "decks": {
            "main": len(state["main"]["draw"]),
            "main_discard": len(state["main"]["discard"]),
            "last_discard": card_view(state, state["main"]["discard"][0])
            if state["main"]["discard"]
            else None,
            "items": len(state["item_deck"]["draw"]),
            "items_discard": len(state["item_deck"]["discard"]),
            "zombie": len(state["zombie_deck"]["draw"]),
            "zombie_discard": len(state["zombie_deck"]["discard"]),
        },
        "dead_items": {
            s: [item_view(state, i) for i in items] for s, items in state["dead_items"].items()
        },
        "windows": [dict(w) for w in state["windows"]],
        "rulings": list(state["rulings"]),
        "result": state["result"],
        "kinds": {
            table: {k: kind_name(state, table, k) for k in state["content"][table]}
            for table in ("beakers", "corpses")
        },
    }


def _player(state: State, seat: int) -> dict:
    p = state["players"][str(seat)]
    items = state["items"][str(seat)]
    return {
        "seat": seat,
        "status": p["status"],
        "health": p["health"],
        "max_health": box(state, "health"),
        "stamina": p["stamina"],
        "down": p["down"],
        "antidote": p["antidote"],
        "bonus": p["bonus"],
        "turned": p["turned"] == state["turn_no"] and p["status"] == "smart",
        "quiet": p.get("quiet") == state["turn_no"],  # SB-Z5: takes this turn's hits unasked
        "hand_count": len(state["hands"][str(seat)]),
        "hand_size": hand_size(state, seat),
        "ready": [None if i is None else item_view(state, i, seat) for i in items["ready"]],
        "backpack": [item_view(state, i, seat) for i in items["backpack"]],
    }


def _zombie_card(state: State) -> dict | None:
    card_id = state["zombie_card"]
    if card_id is None:
        return None
    card = state["content"]["zombie_cards"][card_id]
    return {
        "id": card_id,
        "name": zombie_card_name(state, card_id),
        "level": card["level"],
        "icons": list(card["icons"]),
        "spawns": card["icons"].count("spawn"),
        "actions": card["icons"].count("act"),
    }


def _walk(state: State) -> dict | None:
    walk = state.get("walk")
    if walk is None:
        return None
    return {
        "zombie": walk["zombie"],
        "of": walk["of"],
        "action": walk["action"],
        "actions": walk["actions"],
        "spawned": walk["spawned"],
        "line": walk["last"],
    }


def _scenario(state: State) -> dict:
    cards = state["content"]["scenario"]
    out = {
        "hallway": [
            {
                "key": k,
                "name": scenario_name(state, "hallway", k),
                "place": placing(cards["hallway"][k]),
                **_counts(cards["hallway"][k]),
            }
            for k in state["scenario"]["hallway"]
        ],
        "lab": None,
        "exit": None,
    }
    for kind in ("lab", "exit"):
        key = state["revealed"][kind]
        if key is not None:
            out[kind] = {
                "key": key,
                "name": scenario_name(state, kind, key),
                "place": placing(cards[kind][key]),
                **_counts(cards[kind][key]),
            }
    return out


def _counts(card: dict) -> dict:
    return {k: v for k, v in card.items() if isinstance(v, int) and not isinstance(v, bool)}
