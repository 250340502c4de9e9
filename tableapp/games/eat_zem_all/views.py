"""What each viewer sees and the end-of-game reveal (the Eat Zem All rulebook: "Components" for
what is counted; DESIGN principle 5).

Views are built from the state as the viewer may know it (the engine hides the secret and
other seats' private paths first, see :mod:`.state`): draw piles and reserves are counts, the
table screen (``None``) sees only what is face up at the table. Cards are objects with at least
``id`` and ``name``; every text is a message or a content name in both languages.
"""

from __future__ import annotations

from ...engine import M, named
from ...engine.messages import pack_names
from . import card_form, parts
from .board import cell_name
from .effects import describe
from .instants import APPLIED, PERMANENT
from .scoring import breakdown
from .state import State, activatable, horde, name
from .track import order_message


def _text(row: dict, key: str = "text") -> dict:
    return named({"en": row[key], "fr": row[f"{key}_fr"]})


def card_view(state: State, card_id: str) -> dict:
    """A card as phones show it: id, name and what it does."""
    content = state["content"]
    if card_id in content["zombie_cards"]:
        c = content["zombie_cards"][card_id]
        return {
            "id": card_id,
            "name": pack_names(c),
            "deck": "zombie",
            "colour": c.get("colour"),
            "main": [describe(e) for e in c.get("main", [])],
            "bonus": [describe(e) for e in c.get("bonus", [])],
        }
    if card_id in content["mutations"]:
        m = content["mutations"][card_id]
        return {
            "id": card_id,
            "name": pack_names(m),
            "deck": "mutation",
            "kind": m["kind"],
            "text": _text(m),
            "effect": m["effect"],
            "applied": m["effect"] in (*APPLIED, *PERMANENT),
        }
    if card_id in content["events"]:
        e = content["events"][card_id]
        return {
            "id": card_id,
            "name": pack_names(e),
            "deck": "human",
            "event": e["kind"],
            "text": describe(e["effect"]),
        }
    c = content["human_cards"][card_id]
    return {
        "id": card_id,
        "name": pack_names(content["humans"][c["human"]]),
        "deck": "human",
        "human": c["human"],
        "effects": [describe(e) for e in c["effects"]],
    }


def _cards(state: State, ids: list) -> list[dict]:
    return [card_view(state, c) for c in ids if c is not None]


def view(state: State, seat: int | None) -> dict:
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
            "order_text": order_message(state, card["order"]),
        },
        "track": _cards(state, zc["track"]),
        "active_pile": _cards(state, zc["active"]),
        "zombie_draw_count": len(zc["draw"]),
        "human_deck_count": len(hc["deck"]),
        "human_cards_to_resolve": len(hc["drawn"]),
        "human_card_resolving": _cards(state, hc["resolving"]),
        "human_discard": _cards(state, hc["discard"]),
        "event_reserve_count": len(hc["reserve"]),
        "banished": _cards(state, hc["banished"]),
        "retired_events": _cards(state, hc["retired"]),
        "mutation_draw_count": len(mc["draw"]),
        "mutation_discard_count": len(mc["discard"]),
        "mutation_draft_count": len(mc["draft"]),
        "hordes": [_horde_view(state, s) for s in state["seats"]],
        "humans": [_human_view(state, h) for h in state["human_order"]],
        "board": _board_view(state),
        "checklist": list(state["checklist"]),
        "question": _question(state),
    }
    if seat is not None:
        out["private"] = _private(state, seat)
    return out


def _question(state: State) -> dict | None:
    """What the game waits for, as data for screens (public facts only)."""
    if state["phase"] == "finished" or not state["steps"]:
        return None
    top = state["steps"][-1]
    out = {k: top[k] for k in ("kind", "seat", "human") if k in top}
    if top["kind"] in parts.QUESTIONS:  # the card's parts: each Horde asked marked, in order
        out["kind"] = "activations"
        out.update(card_form.question_view(state, top))
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
        "crawling": h["crawling"],
        "activatable": activatable(state, seat),
        "mutations": _cards(state, state["mutation_cards"][f"held:{seat}"]),
        "zombie_cards_in_reserve": len(state["zombie_cards"][f"reserve:{seat}"]),
        "choosing_mutation": str(seat) in state["pending_mutations"],
        "choosing_zombie_card": bool(state["zombie_cards"][f"choice:{seat}"]),
        "bites": dict(h["bites"]),
        "human_tiles": [
            {"id": x, "name": pack_names(content["humans"][x]), "vp": content["humans"][x]["vp"]}
            for x in h["human_tiles"]
        ],
        "traits": [
            {"id": t, "name": pack_names(content["traits"][t]), "vp": content["traits"][t]["vp"]}
            for t in h["traits"]
        ],
        "score": sum(parts.values()),
        "breakdown": parts,
    }


def _human_view(state: State, hid: str) -> dict:
    h = state["humans"][hid]
    tile = state["content"]["humans"][hid]
    trait = state["content"]["traits"][h["trait"]]
    alive = h["status"] == "alive"
    return {
        "id": hid,
        "name": pack_names(tile),
        "status": h["status"],
        "tokens": h["tokens"],
        "tokens_added": h["added"],
        "frightened": h["frightened"],
        "cell": h["cell"] if alive else None,
        "cell_name": cell_name(state, h["cell"]) if alive else None,
        "branch": h["branch"],
        "off_path": h["off_path"],
        "vp": tile["vp"],
        "ability": _text(tile, f"{state['side']}_ability_text"),
        "trait": {
            "id": h["trait"],
            "name": pack_names(trait),
            "vp": trait["vp"],
            "effects": [describe(e) for e in trait["effects"]],
        },
        "contamination": h["contamination"],
        "finished_by": h["killer"],
        "tile_to": h["tile_to"],
    }


def _board_view(state: State) -> dict:
    if state["side"] == "house":
        openings = state["content"]["board"]["openings"]
        return {
            "defenses": [
                {
                    "id": o,
                    "name": pack_names(openings[o]),
                    "cubes": n,
                    "limit": openings[o]["limit"],
                }
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
    return {
        "mutation_stage": pending["stage"] if pending else None,
        "mutations_to_choose": _cards(state, mc[f"offer:{seat}"]) if pending else [],
        "zombie_cards_to_choose": _cards(state, zc[f"choice:{seat}"]),
    }


def reveal(state: State) -> dict:
    """Everything, draw-pile order included (only once the game is over)."""
    return {
        "human_cards": {k: list(v) for k, v in state["human_cards"].items()},
        "zombie_cards": {k: list(v) for k, v in state["zombie_cards"].items()},
        "mutation_cards": {k: list(v) for k, v in state["mutation_cards"].items()},
        "traits": {hid: h["trait"] for hid, h in state["humans"].items()},
        "view": view(state, None),
    }


__all__ = ["M", "card_view", "reveal", "view"]
