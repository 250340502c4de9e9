"""Setup (the Eat Zem All rulebook, "Setup" and the setup examples; EZA-S1..S9, T10, V4).

The app deals everything a box would: the side's Human deck with its 2 Events and the 6-Event
reserve, a random Trait per Human, the Bite-token pools, the first Mutation choice of every
Horde (draw 2, keep 1, private until kept), the Zombie cards and the pawn reserves. What stays
on the table (cubes, tombstones, pawns) is listed in a setup checklist for the table screen,
with the starting Zombies in counter-clockwise order and the Cemetery's random start cells.
"""

from __future__ import annotations

from ...engine import Rng, RuleError, piles
from .flow import State, name, order_from, push

VARIANTS = ["house", "cemetery"]
PLAYERS = (2, 4)
DIFFICULTIES = ["random", "easy", "hard", "expert"]
#: Zombie / Human Events shuffled into the deck per difficulty (EZA-S3).
DIFFICULTY_EVENTS = {"easy": (2, 0), "hard": (1, 1), "expert": (0, 2)}
#: "Longer games": the deck starts with this many Human Events (EZA-V4).
LONGER_GAME_HUMAN_EVENTS = 4

OPTIONS = {
    "difficulty": {
        "type": "choice",
        "choices": DIFFICULTIES,
        "default": "random",
        "label": "Events in the Human deck: random, easy (2 Zombie), hard (1 + 1), "
        "expert (2 Human)",
    },
    "longer_games": {
        "type": "bool",
        "default": False,
        "label": "Longer games: start with 4 Human Events, swapped 2 by 2 for Zombie Events",
    },
    "mutation_draft": {
        "type": "bool",
        "default": False,
        "label": "Player-aid Mutations: draw players + 1, choose in turn, discard the last",
    },
}


def deal(content: dict, variant: str | None, options: dict, seats: list[int], rng: Rng) -> State:
    """The state after setup (EZA-S1..S9)."""
    if variant not in VARIANTS:
        raise RuleError("illegal_variant", "EZA-S1", "Choose the House or the Cemetery side.")
    if not PLAYERS[0] <= len(seats) <= PLAYERS[1]:
        raise RuleError("illegal_players", None, "Eat Zem All is played by 2 to 4 Hordes.")
    side, box, n = variant, content["box"], len(seats)
    colours = box["colours"][:n]
    state: State = {
        "side": side,
        "seats": list(seats),
        "options": dict(options),
        "phase": "setup",
        "turn": 0,
        "active": seats[0],
        "steps": [],
        "content": _state_content(content, side, colours),
        "card": None,
        "dead_order": [],
        "escaped": [],
    }
    state["human_order"] = [h["id"] for h in content["humans"]["human"]]
    state["hordes"] = {
        str(seat): {
            "colour": colour,
            "board": 0,
            "reserve": box["pawns_per_horde"],
            "fresh": 0,
            "activated": 0,
            "bites": {},
            "human_tiles": [],
            "traits": [],
        }
        for seat, colour in zip(seats, colours, strict=True)
    }
    _deal_human_deck(state, content, side, options, rng)  # EZA-S2, EZA-S3, EZA-V4
    _deal_humans(state, content, side, n, rng)  # EZA-S4, EZA-S5, board start
    _deal_zombie_cards(state, content, colours, rng)  # EZA-S9
    _place_defenses(state, content, side)  # EZA-S1
    _place_start_zombies(state, box, side, n)  # EZA-S7, EZA-S8
    _deal_mutations(state, content, rng)  # EZA-S6
    push(state, {"kind": "await_mutations", "reason": "setup"}, {"kind": "turn_start"})
    return state


def _state_content(content: dict, side: str, colours: list[str]) -> dict:
    """The part of the pack the state needs to stand alone, keyed by id."""
    zombie_rows = content["zombie_cards"]["basic"] + [
        c for c in content["zombie_cards"]["colour"] if c["colour"] in colours
    ]
    board = content[side]
    return {
        "box": dict(content["box"]),
        "humans": {h["id"]: dict(h) for h in content["humans"]["human"]},
        "traits": {t["id"]: dict(t) for t in content["traits"]["trait"]},
        "human_cards": {c["id"]: dict(c) for c in content["human_cards"][side]},
        "events": {e["id"]: dict(e) for e in content["events"][side]},
        "mutations": {m["id"]: dict(m) for m in content["mutations"]["mutation"]},
        "zombie_cards": {c["id"]: dict(c) for c in zombie_rows},
        "board": _board(board, side),
    }


def _board(board: dict, side: str) -> dict:
    if side == "house":
        return {
            "rooms": {r["id"]: {"name": r["name"], "cells": r["cells"]} for r in board["room"]},
            "connections": {f"{c['room']}:{c['cell']}": c["to"] for c in board["connection"]},
            "openings": {o["id"]: dict(o) for o in board["opening"]},
            "eve_arrows": {
                a["from"]: {"black": a["black"], "white": a["white"]} for a in board["eve"]["arrow"]
            },
            "eve_escape": board["eve"].get("escape", "car"),
        }
    return {
        "cells": {c["id"]: {"name": c["name"], "next": list(c["next"])} for c in board["cell"]},
        "starts": list(board["starts"]),
        "cars": list(board["cars"]),
        "tombs": board["tombs"],
    }


def _deal_human_deck(state: State, content: dict, side: str, options: dict, rng: Rng) -> None:
    events = content["events"][side]
    zombie_events = [e["id"] for e in events if e["kind"] == "zombie"]
    human_events = [e["id"] for e in events if e["kind"] == "human"]
    if options.get("longer_games"):  # EZA-V4: all Human Events first, Zombie Events in reserve
        rng.shuffle(human_events)
        chosen = human_events[:LONGER_GAME_HUMAN_EVENTS]
    elif options.get("difficulty", "random") == "random":  # EZA-S3
        chosen = rng.sample([e["id"] for e in events], 2)
    else:
        z, h = DIFFICULTY_EVENTS[options["difficulty"]]
        chosen = rng.sample(zombie_events, z) + rng.sample(human_events, h)
    reserve = [e["id"] for e in events if e["id"] not in chosen]
    deck = [c["id"] for c in content["human_cards"][side]] + chosen
    state["human_cards"] = piles.new(
        deck=deck, discard=[], drawn=[], resolving=[], reserve=reserve, banished=[], retired=[]
    )
    piles.shuffle(state["human_cards"], "deck", rng)
    piles.shuffle(state["human_cards"], "reserve", rng)


def _deal_humans(state: State, content: dict, side: str, n: int, rng: Rng) -> None:
    traits = [t["id"] for t in content["traits"]["trait"]]
    rng.shuffle(traits)  # EZA-S5: the app draws the pairing
    order = state["human_order"]
    if side == "cemetery":  # EZA-S8: 4 Humans at random on each starting cell
        shuffled = list(order)
        rng.shuffle(shuffled)
        starts = content["cemetery"]["starts"]
        cells = {hid: starts[i * len(starts) // len(shuffled)] for i, hid in enumerate(shuffled)}
    else:
        cells = {h["id"]: h["house_start"] for h in content["humans"]["human"]}
    state["humans"] = {}
    for hid, trait in zip(order, traits, strict=True):
        tile = state["content"]["humans"][hid]
        tokens = tile["tokens"][n - 2]  # EZA-S4
        state["humans"][hid] = {
            "status": "alive",
            "tokens": tokens,
            "box": tile["supply"] - tokens,
            "added": 0,
            "frightened": False,
            "trait": trait,
            "contamination": None,
            "cell": cells[hid],
            "branch": None,
            "off_path": False,
            "tile_to": None,
            "killer": None,
        }


def _deal_zombie_cards(state: State, content: dict, colours: list[str], rng: Rng) -> None:
    zc = piles.new(draw=[], track=[c["id"] for c in content["zombie_cards"]["basic"]], active=[])
    for seat in state["seats"]:
        colour = state["hordes"][str(seat)]["colour"]
        own = [c["id"] for c in content["zombie_cards"]["colour"] if c["colour"] == colour]
        zc[f"reserve:{seat}"] = own
        zc[f"choice:{seat}"] = []
        piles.shuffle(zc, f"reserve:{seat}", rng)
    state["zombie_cards"] = zc


def _place_defenses(state: State, content: dict, side: str) -> None:
    box = content["box"]
    if side == "house":
        openings = content["house"]["opening"]
        state["defenses"] = {o["id"]: o["cubes"] for o in openings}
        state["defense_box"] = box["defense_cubes"] - sum(state["defenses"].values())
    else:
        state["tombstones"] = {
            "on_board": content["cemetery"]["tombs"],
            "box": box["tombstones"] - content["cemetery"]["tombs"],
        }


def _place_start_zombies(state: State, box: dict, side: str, n: int) -> None:
    """EZA-S7 / EZA-S8: pawns out of the reserves and the order players put them down in."""
    per_horde = box["start_zombies"][str(n)]
    order = order_from(state, state["active"])
    counter_clockwise = [order[-1]] + list(reversed(order[:-1]))
    checklist: list[str] = []
    if side == "house":
        checklist.append("Put 2 Defense cubes on each window and 3 on the front door (EZA-S1).")
        checklist.append("Put each Human pawn on the starting cell shown on its tile.")
        rounds, where = per_horde, "on an empty outside cell (never Eve's escape cell)"
    else:
        checklist.append("Put 1 Tombstone token on each open tomb (EZA-S1).")
        for start in state["content"]["board"]["starts"]:
            names = [
                state["content"]["humans"][h]["name"]
                for h in state["human_order"]
                if state["humans"][h]["cell"] == start
            ]
            cell = state["content"]["board"]["cells"][start]["name"]
            checklist.append(f"{cell}: put {', '.join(names)} (drawn by the app, EZA-S8).")
        checklist.append("Each Horde puts 2 Standing Zombies in the Common Grave (EZA-S8).")
        rounds, where = per_horde - 2, "on a closed tomb (take its Tombstone away)"
        state["tombstones"]["on_board"] -= rounds * n
        state["tombstones"]["box"] += rounds * n
    step = 1
    for _ in range(rounds):
        for seat in counter_clockwise:
            checklist.append(f"{step}. {name(state, seat)} adds 1 Standing Zombie {where}.")
            step += 1
    for seat in state["seats"]:
        h = state["hordes"][str(seat)]
        h["board"] = per_horde
        h["reserve"] -= per_horde
    state["checklist"] = checklist


def _deal_mutations(state: State, content: dict, rng: Rng) -> None:
    """EZA-S6: every Horde draws 2 Mutations and keeps 1 (a private choice)."""
    mc = piles.new(draw=[m["id"] for m in content["mutations"]["mutation"]], discard=[], draft=[])
    piles.shuffle(mc, "draw", rng)
    state["pending_mutations"] = {}
    for seat in order_from(state, state["active"]):
        mc[f"held:{seat}"] = []
        mc[f"choice:{seat}"] = piles.draw(mc, "draw", 2, rng)
        state["pending_mutations"][str(seat)] = {"stage": "keep"}
    state["mutation_cards"] = mc
