"""Setup (the Eat Zem All rulebook, "Setup" and the setup examples; EZA-S1..S9, T10, V4).

The app deals everything a box would: the side's Human deck with its 2 Events and the 6-Event
reserve, a random Trait per Human, the Bite-token pools, the first Mutation choice of every
Horde (draw 2, keep 1, private until kept), the Zombie cards and the pawn reserves. What stays
on the table (cubes, tombstones, pawns) is listed in a setup checklist for the table screen,
with the starting Zombies in counter-clockwise order and the Cemetery's random start cells.
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, piles, turns
from ...engine.messages import pack_names
from .state import State, name

VARIANTS = ("house", "cemetery")
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
        "labels": [
            M("eza.option.difficulty.random"),
            M("eza.option.difficulty.easy"),
            M("eza.option.difficulty.hard"),
            M("eza.option.difficulty.expert"),
        ],
        "default": "random",
        "label": M("eza.option.difficulty"),
    },
    "longer_games": {"type": "bool", "default": False, "label": M("eza.option.longer_games")},
    "mutation_draft": {"type": "bool", "default": False, "label": M("eza.option.mutation_draft")},
    "crawling_attack_kills_standing": {
        "type": "bool",
        "default": False,
        "label": M("eza.option.crawling_attack_kills_standing"),
    },
}


def setup(
    ctx: Ctx,
    *,
    content: dict,
    variant: str,
    options: dict,
    seats: list[int],
    colours: dict[int, str] | None = None,
) -> State:
    """The state after setup (EZA-S1..S9); the first steps wait for the Mutation choices.
    ``colours``: the Horde colour each player chose when joining (else the box's order)."""
    side, box, n = variant, content["box"], len(seats)
    colours = [colours[s] for s in seats] if colours else box["colours"][:n]
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
        "human_order": [h["id"] for h in content["humans"]["human"]],
        "hordes": {
            str(seat): {
                "colour": colour,
                "board": 0,
                "reserve": box["pawns_per_horde"],
                "crawling": 0,
                "fresh": 0,
                "activated": 0,
                "killed": 0,
                "thick_skull": False,
                "bites": {},
                "card_bites": {},
                "human_tiles": [],
                "traits": [],
            }
            for seat, colour in zip(seats, colours, strict=True)
        },
    }
    _deal_human_deck(state, content, side, options, ctx)  # EZA-S2, EZA-S3, EZA-V4
    _deal_humans(state, content, side, n, ctx)  # EZA-S4, EZA-S5, board start
    _deal_zombie_cards(state, content, colours, ctx)  # EZA-S9
    _place_defenses(state, content, side)  # EZA-S1
    _place_start_zombies(state, box, side, n)  # EZA-S7, EZA-S8
    _deal_mutations(state, content, ctx)  # EZA-S6
    ctx.say(M("eza.setup.dealt", side=SIDE_NAMES[side], count=n), rule="EZA-S1")
    Flow.push(state, {"kind": "await_mutations", "reason": "setup"}, {"kind": "turn_start"})
    return state


SIDE_NAMES = {"house": M("eza.side.house"), "cemetery": M("eza.side.cemetery")}


def _state_content(content: dict, side: str, colours: list[str]) -> dict:
    """The part of the pack the state needs to stand alone, keyed by id."""
    zombie_rows = content["zombie_cards"]["basic"] + [
        c for c in content["zombie_cards"]["colour"] if c["colour"] in colours
    ]
    return {
        "box": dict(content["box"]),
        "humans": {h["id"]: dict(h) for h in content["humans"]["human"]},
        "traits": {t["id"]: dict(t) for t in content["traits"]["trait"]},
        "human_cards": {c["id"]: dict(c) for c in content["human_cards"][side]},
        "events": {e["id"]: dict(e) for e in content["events"][side]},
        "mutations": {m["id"]: dict(m) for m in content["mutations"]["mutation"]},
        "zombie_cards": {c["id"]: dict(c) for c in zombie_rows},
        "board": _board(content[side], side),
    }


def _board(board: dict, side: str) -> dict:
    if side == "house":
        return {
            "rooms": {r["id"]: dict(r) for r in board["room"]},
            "connections": {f"{c['room']}:{c['cell']}": c["to"] for c in board["connection"]},
            "openings": {o["id"]: dict(o) for o in board["opening"]},
            "eve_arrows": {
                a["from"]: {"black": a["black"], "white": a["white"]} for a in board["eve"]["arrow"]
            },
            "eve_escape": board["eve"].get("escape", "car"),
        }
    return {
        "cells": {c["id"]: dict(c) for c in board["cell"]},
        "squares": {c["square"]: c["id"] for c in board["cell"]},
        "columns": board["columns"],
        "rows": board["rows"],
        "starts": list(board["starts"]),
        "cars": list(board["cars"]),
        "tombs": board["tombs"],
    }


def _deal_human_deck(state: State, content: dict, side: str, options: dict, ctx: Ctx) -> None:
    rng = ctx.rng
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


def _deal_humans(state: State, content: dict, side: str, n: int, ctx: Ctx) -> None:
    traits = [t["id"] for t in content["traits"]["trait"]]
    ctx.rng.shuffle(traits)  # EZA-S5: the app draws the pairing
    order = state["human_order"]
    if side == "cemetery":  # EZA-S8: 4 Humans at random on each starting cell
        shuffled = list(order)
        ctx.rng.shuffle(shuffled)
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
            "stay_down": False,
            "trait": trait,
            "contamination": None,
            "cell": cells[hid],
            "branch": None,
            "off_path": False,
            "way_out": None,
            "tile_to": None,
            "killer": None,
        }


def _deal_zombie_cards(state: State, content: dict, colours: list[str], ctx: Ctx) -> None:
    zc = piles.new(draw=[], track=[c["id"] for c in content["zombie_cards"]["basic"]], active=[])
    for seat in state["seats"]:
        colour = state["hordes"][str(seat)]["colour"]
        zc[f"reserve:{seat}"] = [
            c["id"] for c in content["zombie_cards"]["colour"] if c["colour"] == colour
        ]
        zc[f"choice:{seat}"] = []
        piles.shuffle(zc, f"reserve:{seat}", ctx.rng)
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
    seats = state["seats"]
    counter_clockwise = turns.counter_clockwise_from(seats, turns.right_of(seats, state["active"]))
    checklist: list[dict] = []
    if side == "house":
        checklist.append(M("eza.check.cubes"))
        checklist.append(M("eza.check.house_pawns"))
        rounds, where = per_horde, M("eza.where.start_outside")
    else:
        checklist.append(M("eza.check.tombstones"))
        board = state["content"]["board"]
        for start in board["starts"]:
            names = [
                pack_names(state["content"]["humans"][h])
                for h in state["human_order"]
                if state["humans"][h]["cell"] == start
            ]
            checklist.append(
                M("eza.check.cemetery_pawns", cell=pack_names(board["cells"][start]), humans=names)
            )
        checklist.append(M("eza.check.grave"))
        rounds, where = per_horde - 2, M("eza.where.start_tomb")
        state["tombstones"]["on_board"] -= rounds * n
        state["tombstones"]["box"] += rounds * n
    step = 1
    for _ in range(rounds):
        for seat in counter_clockwise:
            checklist.append(M("eza.check.zombie", n=step, horde=name(state, seat), where=where))
            step += 1
    for seat in state["seats"]:
        h = state["hordes"][str(seat)]
        h["board"] = per_horde
        h["reserve"] -= per_horde
    state["checklist"] = checklist


def _deal_mutations(state: State, content: dict, ctx: Ctx) -> None:
    """EZA-S6: every Horde draws 2 Mutations and keeps 1 (a private choice)."""
    mc = piles.new(draw=[m["id"] for m in content["mutations"]["mutation"]], discard=[], draft=[])
    piles.shuffle(mc, "draw", ctx.rng)
    state["pending_mutations"] = {}
    for seat in turns.clockwise_from(state["seats"], state["active"]):
        mc[f"held:{seat}"] = []
        mc[f"offer:{seat}"] = piles.draw(mc, "draw", 2)
        state["pending_mutations"][str(seat)] = {"stage": "keep"}
    state["mutation_cards"] = mc
