"""What the table screen and each phone show. Everything but the draw piles is public (the
engine has already hidden their order: only their sizes remain), so one view serves everyone;
``me`` tells a phone which survivors are its own.

The parts a screen draws:

- ``survivors``: health, wounds, adrenaline and danger level, skills, inventory by slot and
  the cards found waiting to be kept;
- ``spawning``: the last spawn (a Zombies' phase or a door), zone by zone: what to place
  where, rushes, activations, shortages, the first zone not placed yet (its board step not
  ticked);
- ``activation``: the checklist step the table is on (attacks / moves), what it concerns;
- ``attack`` / ``last_attack``: the attack being resolved and the last outcome;
- ``board``: the Zombies the app counts on the board, miniatures left, the Abominations;
- ``mission``: objectives, goals, crates, spawn zones (active or not), buildings.
"""

from __future__ import annotations

from tableapp.engine import HOST
from tableapp.engine.messages import named, pack_names

from .combat import hits_and_misses, key_name
from .spawn import ABOMINATION_KEY, where_msg
from .state import (
    COLOUR_LABELS,
    SLOT_LABELS,
    SLOTS,
    State,
    card_view,
    danger,
    hp,
    level_name,
    miniatures_left,
    next_threshold,
    on_board,
    skill_name,
    skills_of,
    survivor,
    survivor_def,
    survivor_level,
    survivor_name,
    type_name,
)

_ATTACK_STEPS = ("dice", "reroll", "target_order", "friendly_fire", "allocate")


def view(state: State, seat: int | None) -> dict:
    viewer = seat if seat in state["seats"] and seat != HOST else None
    level, leader = danger(state)
    top = state["steps"][-1] if state["steps"] else None
    return {
        "me": viewer,
        "phase": state["phase"],
        "round": state["round"],
        "first_player": state["first_player"],
        "options": dict(state["options"]),
        "sets": _sets(state),
        "turn": dict(state["turn"]) if state["turn"] else None,
        "step": top["kind"] if top else None,
        "team_size": state["content"]["team_size"],
        "danger": {"level": level, "name": level_name(state, level), "survivor": leader},
        "levels": [
            {"id": row["id"], "name": pack_names(row), "threshold": row["threshold"]}
            for row in state["content"]["levels"]
        ],
        "types": [_type(state, t) for t in state["content"]["types"]],
        "abominations": [_abomination(state, k) for k in state["abominations"]],
        "survivors": [_survivor(state, s) for s in _roster(state)],
        "mission": _mission(state),
        "decks": {
            name: {"draw": len(state[key]["draw"]), "discard": len(state[key]["discard"])}
            for name, key in (
                ("spawn", "spawn_deck"),
                ("equipment", "equipment"),
                ("crates", "crates"),
            )
        },
        "discard_top": card_view(state, state["equipment"]["discard"][0])
        if state["equipment"]["discard"]
        else None,
        "spawning": _spawning(state),
        "activation": _activation(state, top),
        "attack": _attack(state, top),
        "last_attack": _last_attack(state),
        "split": state["split"],
        "outcome": state["outcome"],
    }


def _sets(state: State) -> dict | None:
    """The card sets in the Zombie deck and in the Equipment deck (with the crates); None for
    a table from before the host chose them."""
    sets = state.get("sets")
    if sets is None:
        return None
    rows = state["content"]["sets"]
    return {
        deck: [{"id": s, "name": pack_names(rows[s])} for s in ids] for deck, ids in sets.items()
    }


def _roster(state: State) -> list[str]:
    """The team once formed; during setup, every survivor of the box (to take)."""
    if state["phase"] == "setup":
        return list(state["content"]["survivor_order"])
    return list(state["team"])


def _type(state: State, kind: str) -> dict:
    t = state["content"]["types"][kind]
    return {
        "id": kind,
        "name": pack_names(t),
        "damage": t["damage"],
        "adrenaline": t["adrenaline"],
        "actions": t["actions"],
        "on_board": on_board(state, kind),
        "left": miniatures_left(state, kind),
    }


def _abomination(state: State, kind: str) -> dict:
    row = state["content"]["abominations"][kind]
    return {
        "id": kind,
        "name": pack_names(row),
        "text": named({"en": row["text"], "fr": row["text_fr"]}),
    }


def _survivor(state: State, sid: str) -> dict:
    sv = survivor(state, sid)
    d = survivor_def(state, sid)
    level = survivor_level(state, sid)
    skills = state["content"]["skills"]
    return {
        "id": sid,
        "name": survivor_name(state, sid),
        "kind": d["kind"],
        "owner": sv["owner"],
        "hp": hp(state, sid),
        "wounds": sv["wounds"],
        "health": hp(state, sid) - sv["wounds"],
        "adrenaline": sv["adrenaline"],
        "level": level,
        "level_name": level_name(state, level),
        "next": next_threshold(state, sv["adrenaline"]),
        "skills": [
            {
                "id": s,
                "name": skill_name(state, s),
                "text": named({"en": skills[s]["text"], "fr": skills[s]["text_fr"]}),
            }
            for s in skills_of(state, sid)
        ],
        "inventory": [
            {"slot": slot, "label": SLOT_LABELS[slot], "card": card_view(state, c) if c else None}
            for slot, c in zip(SLOTS, sv["inventory"], strict=True)
        ],
        "found": [card_view(state, c) for c in sv["found"]],
        "searched": sv["searched"],
        "activated": sv["activated"],
        "playing": bool(state["turn"] and state["turn"].get("survivor") == sid),
    }


def _mission(state: State) -> dict:
    mission = state["mission"]
    return {
        "objectives": [
            {"colour": c, "name": COLOUR_LABELS[c], **o}
            for c, o in mission["objectives"].items()
            if o["total"]
        ],
        "goals": dict(mission["goals"]),
        "crates": dict(mission["crates"]),
        "zones": [
            {
                **z,
                "name": COLOUR_LABELS[z["colour"]],
                "active": z["active_from"] is not None
                and z["active_from"] <= max(state["round"], 1),
            }
            for z in mission["zones"]
        ],
        "buildings": [dict(b) for b in mission["buildings"]],
    }


def _spawning(state: State) -> dict | None:
    spawning = state["spawning"]
    if spawning is None:
        return None
    open_steps = {s["id"] for s in state.get("board_steps", ())}
    current = None
    rows = []
    for index, row in enumerate(spawning["rows"]):
        # Placed once its board step is ticked (tables stored before board steps: the flag).
        step = row.get("board_step")
        done = row.get("placed_done", False) or (step is not None and step not in open_steps)
        if current is None and step in open_steps:
            current = index
        place = {k: n for k, n in row["placed"].items() if n and k != "abomination"}
        rows.append(
            {
                **row,
                "placed_done": done,
                "index": index,
                "where_name": where_msg(row["where"]),
                "card": {"id": row["card"]},  # the pack's card, for the log; no text names it
                "level_name": level_name(state, row["level"]),
                "figures": [
                    {"type": k, "name": type_name(state, k), "count": n} for k, n in place.items()
                ],
                "abominations": [_abomination(state, k) for k in row["abominations"]],
                "extra_name": type_name(state, row["extra"]) if row["extra"] else None,
                "short": [{"type": k, "name": type_name(state, k)} for k in row["short"]],
                "activates": [
                    {**a, "name": type_name(state, a["type"]) if a["type"] else None}
                    for a in row["activates"]
                ],
            }
        )
    leader = spawning["leader"]
    return {
        "source": spawning["source"],
        "building": spawning["building"],
        "round": spawning["round"],
        "level": spawning["level"],
        "level_name": level_name(state, spawning["level"]),
        "leader": leader,
        "leader_name": survivor_name(state, leader) if leader else None,
        "rows": rows,
        # The zone to place now: the first not ticked (or the one a stored table waits on).
        "current": spawning["current"]
        if any("board_step" not in r for r in spawning["rows"])
        else current,
        "done": spawning["done"],
    }


def _activation(state: State, top: dict | None) -> dict | None:
    if top is None or top["kind"] not in ("zombie_attacks", "zombie_moves"):
        return None
    from .zombies import scope_msg

    return {
        "stage": "attacks" if top["kind"] == "zombie_attacks" else "moves",
        "reason": top["reason"],
        "pass": top["pass"],
        "count": top["count"],
        "what": scope_msg(state, top),
        "where": where_msg(top["where"]) if top.get("where") else None,
    }


def _attack(state: State, top: dict | None) -> dict | None:
    a = state["attack"]
    if a is None:
        return None
    counted = a["rolls"] or a.get("entered") is not None
    hits, misses = hits_and_misses(a) if counted else (None, None)
    return {
        "survivor": a["survivor"],
        "survivor_name": survivor_name(state, a["survivor"]),
        "mode": a["mode"],
        "weapon_name": pack_names(state["content"]["cards"][a["weapon"]]),
        "dice": a["dice"],
        "accuracy": a["accuracy"],
        "damage": a["damage"],
        "zone": [
            {"key": k, "name": key_name(state, k), "count": n} for k, n in a["zone"].items() if n
        ],
        "allies": [{"id": s, "name": survivor_name(state, s)} for s in a["allies"]],
        "rolls": list(a["rolls"]),
        "hits": hits,
        "misses": misses,
        "rerolls": a["rerolls"],
        "stage": top["kind"] if top and top["kind"] in _ATTACK_STEPS else None,
    }


def _last_attack(state: State) -> dict | None:
    a = state["last_attack"]
    if a is None:
        return None
    return {
        **a,
        "survivor_name": survivor_name(state, a["survivor"]),
        "kill_list": [
            {
                "key": k,
                "name": key_name(state, k),
                "count": n,
                "abomination": k.startswith(ABOMINATION_KEY),
            }
            for k, n in a["kills"].items()
        ],
        "friendly_list": [
            {"id": s, "name": survivor_name(state, s), "wounds": n}
            for s, n in a["friendly"].items()
        ],
    }
