"""Eat Zem All state: its shape, what is hidden, and the helpers every chapter shares.

The state is plain JSON (string keys)::

    {
      "content":  {...},                 # the pack, keyed by id (constant: shared, read-only)
      "side": "house" | "cemetery", "seats": [1, 2, 3], "options": {...},
      "phase": "setup" | "attack" | "humans" | "finished", "turn": 1, "active": seat,
      "steps": [...],                    # the turn machine (engine/flow.py), top last
      "card": None | {"id", "order"},    # the Zombie card being resolved (EZA-T1)
      "hordes": {"1": {"colour", "board", "reserve", "crawling", "fresh", "activated",
                       "killed", "thick_skull", "bites": {human: n}, "card_bites": {human: n},
                       "human_tiles", "traits"}},
      "humans": {hid: {"status", "tokens", "box", "added", "frightened", "stay_down", "trait",
                       "contamination", "cell", "branch", "off_path", "tile_to", "killer"}},
      "human_order": [...], "dead_order": [...], "escaped": [...],
      "human_cards":    {"deck", "drawn", "resolving", "discard", "reserve", "banished",
                         "retired"},
      "zombie_cards":   {"draw", "track", "active", "reserve:<seat>", "choice:<seat>"},
      "mutation_cards": {"draw", "discard", "draft", "held:<seat>", "offer:<seat>"},
      "pending_mutations": {"1": {"stage": "keep" | "draft"}},
      "defenses": {opening: cubes}, "defense_box": n          # House
      "tombstones": {"on_board": n, "box": n}                 # Cemetery
      "checklist": [messages],           # what the table puts down at setup
    }

Hidden (the engine's privacy convention, :data:`SECRET` and :data:`PRIVATE`): the Human deck,
the Human cards drawn but not yet revealed, the Event reserve, the Zombie draw pile, every
Horde's Zombie-card reserve, the Mutation draw pile, discard and draft pool are secret; the
2 Zombie cards a Horde draws (EZA-T8) and the Mutations offered to it (EZA-S6, T9, T10) are
private to that Horde.
"""

from __future__ import annotations

from typing import Any

from ...engine import Ctx, M, board_step, seat_ref
from ...engine.messages import pack_names

State = dict[str, Any]
Step = dict[str, Any]

SECRET = (
    ("human_cards", "deck"),
    ("human_cards", "drawn"),
    ("human_cards", "reserve"),
    ("zombie_cards", "draw"),
    ("zombie_cards", "reserve:{seat}"),
    ("mutation_cards", "draw"),
    ("mutation_cards", "discard"),
    ("mutation_cards", "draft"),
)
PRIVATE = (("zombie_cards", "choice:{seat}"), ("mutation_cards", "offer:{seat}"))

#: How players call a Horde at the table: its colour.
HORDE_NAMES = {
    "yellow": M("eza.horde.yellow"),
    "green": M("eza.horde.green"),
    "red": M("eza.horde.red"),
    "blue": M("eza.horde.blue"),
}


# --- seats and Hordes ------------------------------------------------------------------------


def horde(state: State, seat: int) -> dict:
    return state["hordes"][str(seat)]


def name(state: State, seat: int) -> dict:
    """A Horde as its player and its colour ("Ana (Yellow)"): who plays it, and the pawns on
    the board that are theirs."""
    return M(
        "eza.horde.player", seat=seat_ref(seat), horde=HORDE_NAMES[horde(state, seat)["colour"]]
    )


def colour_owner(state: State, colour: str | None) -> int | None:
    for seat in state["seats"]:
        if horde(state, seat)["colour"] == colour:
            return seat
    return None


# --- Humans ------------------------------------------------------------------------------------


def human(state: State, hid: str) -> dict:
    return state["humans"][hid]


def human_name(state: State, hid: str) -> dict:
    return pack_names(state["content"]["humans"][hid])


def human_labels(state: State, humans: list[str]) -> list[dict]:
    """Humans as choices: their name and their Bite tokens left."""
    return [
        M("eza.human.with_tokens", human=human_name(state, h), count=human(state, h)["tokens"])
        for h in humans
    ]


def in_play(state: State) -> list[str]:
    """Humans still on the board (neither dead nor escaped), in tile order."""
    return [h for h in state["human_order"] if state["humans"][h]["status"] == "alive"]


def ability(state: State, hid: str) -> str:
    return state["content"]["humans"][hid][f"{state['side']}_ability"]


def dead_count(state: State) -> int:
    return sum(1 for h in state["humans"].values() if h["status"] == "dead")


def nobody_left(state: State) -> bool:
    """EZA-E1: no Human is left in play (the effects under way finish without questions)."""
    return not in_play(state)


# --- Mutations in front of a Horde (EZA-T9, T12) ----------------------------------------------


def held(state: State, seat: int) -> list[str]:
    return state["mutation_cards"][f"held:{seat}"]


def holds(state: State, seat: int, effect: str) -> str | None:
    """The card ``seat`` holds face up with this Mutation effect, if any."""
    mutations = state["content"]["mutations"]
    return next((m for m in held(state, seat) if mutations[m]["effect"] == effect), None)


def holders(state: State, effect: str) -> list[int]:
    return [s for s in state["seats"] if holds(state, s, effect)]


# --- Zombie pawns (EZA-S9, EZA-T5, EZA-T7) ------------------------------------------------------


def activatable(state: State, seat: int) -> int:
    """Zombies on the board that the current card may still activate (EZA-T7)."""
    h = horde(state, seat)
    return max(0, h["board"] - h["fresh"] - h["activated"])


def reset_card_counters(state: State) -> None:
    """A new card: no Zombie has been added or activated by it yet (EZA-T7)."""
    for h in state["hordes"].values():
        h["fresh"] = 0
        h["activated"] = 0
        h["card_bites"] = {}  # the Humans its Zombies bit: next to them (a Feast's likely count)


def pawn_out(state: State, seat: int, *, laid_down: bool = False) -> None:
    """One Zombie from the reserve onto the board, added by the current card (EZA-T7)."""
    h = horde(state, seat)
    h["reserve"] -= 1
    h["board"] += 1
    h["fresh"] += 1
    if laid_down:
        h["crawling"] += 1


def pawn_back(state: State, seat: int, *, crawling: bool = False) -> None:
    """A killed Zombie goes back to its Horde's reserve."""
    h = horde(state, seat)
    h["board"] -= 1
    h["reserve"] += 1
    if crawling or h["crawling"] > h["board"]:
        h["crawling"] = max(0, h["crawling"] - 1)
    clamp_counters(h)


def clamp_counters(h: dict) -> None:
    h["crawling"] = min(h["crawling"], h["board"])
    h["fresh"] = min(h["fresh"], h["board"])
    h["activated"] = min(h["activated"], h["board"] - h["fresh"])


def escape(state: State, ctx: Ctx, hid: str, how: dict) -> None:
    """EZA-E2: the Human leaves the board (its card is banished when drawn, EZA-H5)."""
    h = human(state, hid)
    h["status"] = "escaped"
    h["frightened"] = False
    h["branch"] = None
    state["escaped"].append(hid)
    ctx.say(M("eza.escape", how=how, human=human_name(state, hid)), rule="EZA-E2", human=hid)
    board_step(state, M("eza.step.escape", human=human_name(state, hid)), [state["active"]])
