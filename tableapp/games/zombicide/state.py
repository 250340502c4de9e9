"""Zombicide state: its shape, what is hidden, and the small helpers every chapter shares.

The state is plain JSON (string keys)::

    {
      "content":  {...},            # the pack as a table carries it (table_content), read-only
      "seats":    [1, 2],           # table order (clockwise)
      "options":  {...},
      "phase":    "setup" | "players" | "zombies" | "finished",
      "round":    0,                # 1 from the first player phase
      "steps":    [...],            # the flow's stack (engine/flow.py)
      "mission":  {"objectives": {"red": {"total", "taken"}, "blue": …, "green": …},
                   "goals": {"total", "done"}, "crates": {"total", "opened"},
                   "zones": [{"number", "colour", "active_from"}],   # clockwise from 1
                   "buildings": [{"id": "A", "dark_rooms", "start", "opened"}]},
      "team":     [survivor ids, in pack order, once taken],
      "survivors": {id: {"owner", "wounds", "adrenaline", "skills": {level: [skill ids]},
                         "inventory": [5 physical card ids or None], "found": [...],
                         "searched", "activated"}},
      "first_player": seat,
      "turn":     {"seat", "survivor", "acted", "free", "partner"} or None,
      "board":    {"walker": n, "runner": n, "brute": n},   # Zombies on the board
      "abominations": [kind ids on the board],
      "spawn_deck": {"draw": [...], "discard": [...]},
      "equipment":  {"draw": [...], "discard": [...]},       # blue
      "crates":     {"draw": [...], "discard": [...]},       # red
      "starters":   [starting cards not dealt yet],
      "spawning":  the last spawn (zombie phase or door) for the table screen, or None,
      "attack":    the attack being resolved, or None;  "last_attack": its outcome,
      "split":     the last split worked out,  "outcome": {"won", "reason"} once finished,
      "moving":    {"held", "step"}: the group moving on the board (its board step), or None
    }

Hidden (the engine's privacy convention): the three draw piles, from everyone, until the end.
Nothing else is: Zombicide is co-operative and the survivors' cards lie face up in front of
their players, so inventories, found cards, wounds and adrenaline are public; each owner's
phone is where they are handled.
"""

from __future__ import annotations

from typing import Any

from tableapp.engine import HOST, Ctx, M, named, seat_ref
from tableapp.engine.decks import draw as draw_from
from tableapp.engine.messages import pack_names

from .content import CARD_NUMBERS

State = dict[str, Any]

SECRET = (("spawn_deck", "draw"), ("equipment", "draw"), ("crates", "draw"))
PRIVATE: tuple = ()

GAME_ID = "zombicide"
PLAYERS = (1, 6)

SETUP, PLAYERS_PHASE, ZOMBIES_PHASE, FINISHED = "setup", "players", "zombies", "finished"
PHASES = (SETUP, PLAYERS_PHASE, ZOMBIES_PHASE, FINISHED)

#: ZC-2: health by kind of survivor.
HP = {"adult": 3, "child": 2}
#: ZC-16: two hands, three backpack slots.
SLOTS = ("hand_l", "hand_r", "pack_1", "pack_2", "pack_3")
HANDS = (0, 1)
#: ZC-8: red spawn zones are active from the start; the others wait for their trigger.
COLOURS = ("red", "blue", "green")
ZONE_COLOURS = COLOURS
OBJECTIVE_COLOURS = COLOURS
#: ZC-13: the order ranged hits take (Brutes and Abominations share the first rank).
WALKER, RUNNER, BRUTE, ABOMINATION = "walker", "runner", "brute", "abomination"
FIGURES = (WALKER, RUNNER, BRUTE)

SLOT_LABELS = {
    "hand_l": M("zc.slot.hand_l"),
    "hand_r": M("zc.slot.hand_r"),
    "pack_1": M("zc.slot.pack_1"),
    "pack_2": M("zc.slot.pack_2"),
    "pack_3": M("zc.slot.pack_3"),
}
COLOUR_LABELS = {
    "red": M("zc.colour.red"),
    "blue": M("zc.colour.blue"),
    "green": M("zc.colour.green"),
}


# --- content -----------------------------------------------------------------------------------


def content(state: State) -> dict:
    return state["content"]


def type_name(state: State, kind: str) -> dict:
    return pack_names(state["content"]["types"][kind])


def kind_name(state: State, kind: str) -> dict:
    """An Abomination kind's name."""
    return pack_names(state["content"]["abominations"][kind])


def level_ids(state: State) -> list[str]:
    return [row["id"] for row in state["content"]["levels"]]


def level_name(state: State, level: str) -> dict:
    row = next(r for r in state["content"]["levels"] if r["id"] == level)
    return pack_names(row)


def card_def(state: State, card: str) -> dict:
    """The definition of a physical equipment card (``"machete#3"`` → machete)."""
    return state["content"]["cards"][card.split("#", 1)[0]]


def card_name(state: State, card: str) -> dict:
    return pack_names(card_def(state, card))


def card_view(state: State, card: str) -> dict:
    """A card as screens show it: id, name, text and the numbers a player reads."""
    d = card_def(state, card)
    out = {
        "id": card,
        "def": d["id"],
        "name": pack_names(d),
        "deck": d["deck"],
        "text": named({"en": d["text"], "fr": d["text_fr"]}) if d["text"] else None,
    }
    for key in CARD_NUMBERS:
        if key in d:
            out[key] = d[key]
    return out


def skill_name(state: State, skill: str) -> dict:
    return pack_names(state["content"]["skills"][skill])


# --- survivors ---------------------------------------------------------------------------------


def survivor(state: State, sid: str) -> dict:
    return state["survivors"][sid]


def survivor_def(state: State, sid: str) -> dict:
    return state["content"]["survivors"][sid]


def survivor_name(state: State, sid: str) -> dict:
    return pack_names(survivor_def(state, sid))


def hp(state: State, sid: str) -> int:
    """ZC-2: adults 3, children 2."""
    return HP[survivor_def(state, sid)["kind"]]


def health_left(state: State, sid: str) -> int:
    return hp(state, sid) - survivor(state, sid)["wounds"]


def level_of(state: State, adrenaline: int) -> str:
    """ZC-3: the highest danger level whose threshold this adrenaline has reached."""
    reached = [row["id"] for row in state["content"]["levels"] if adrenaline >= row["threshold"]]
    return reached[-1]


def survivor_level(state: State, sid: str) -> str:
    return level_of(state, survivor(state, sid)["adrenaline"])


def danger(state: State) -> tuple[str, str | None]:
    """ZC-4: the danger level of the survivor with the most adrenaline, and who that is (the
    first in team order among equals)."""
    team = state["team"]
    if not team:
        return level_ids(state)[0], None
    top = max(team, key=lambda s: survivor(state, s)["adrenaline"])
    return survivor_level(state, top), top


def next_threshold(state: State, adrenaline: int) -> int | None:
    for row in state["content"]["levels"]:
        if row["threshold"] > adrenaline:
            return row["threshold"]
    return None


def owned(state: State, seat: int) -> list[str]:
    """The survivors a seat runs, in team order."""
    return [s for s in state["team"] if survivor(state, s)["owner"] == seat]


def owner(state: State, sid: str) -> int:
    return survivor(state, sid)["owner"]


def skills_of(state: State, sid: str) -> list[str]:
    out: list[str] = []
    for level in level_ids(state):
        out += survivor(state, sid)["skills"].get(level, [])
    return out


def skill_number(state: State, sid: str, field: str) -> int:
    """The sum of a numeric skill bonus (``ranged_dice``…) over a survivor's skills."""
    skills = state["content"]["skills"]
    return sum(skills[s].get(field, 0) for s in skills_of(state, sid))


def skill_flag(state: State, sid: str, field: str) -> bool:
    skills = state["content"]["skills"]
    return any(skills[s].get(field, False) for s in skills_of(state, sid))


def cards_of(state: State, sid: str) -> list[str]:
    return [c for c in survivor(state, sid)["inventory"] if c is not None]


def alive_team(state: State) -> list[str]:
    return [s for s in state["team"] if health_left(state, s) > 0]


# --- the board ---------------------------------------------------------------------------------


def on_board(state: State, kind: str) -> int:
    if kind == ABOMINATION:
        return len(state["abominations"])
    return state["board"][kind]


def miniatures_left(state: State, kind: str) -> int:
    if kind == ABOMINATION:
        return len(state["content"]["abomination_order"]) - len(state["abominations"])
    return state["content"]["types"][kind]["miniatures"] - state["board"][kind]


def zombies_on_board(state: State) -> int:
    return sum(state["board"].values()) + len(state["abominations"])


def counts_msg(state: State, counts: dict[str, int]) -> list:
    """``{"walker": 2, "brute": 1}`` as words: "2 Walkers and 1 Brute"."""
    parts = []
    for kind in content(state)["types"]:
        n = counts.get(kind, 0)
        if n:
            parts.append(M("zc.n_zombies", count=n, type=type_name(state, kind)))
    return parts


# --- decks -------------------------------------------------------------------------------------


def draw_cards(state: State, deck: str, n: int, ctx: Ctx, rule: str) -> list[str]:
    """``n`` cards off a deck; its discard is reshuffled into it when it runs out (ZC-7,
    ZC-14: the decks never run out while their discard holds a card)."""
    message = {
        "spawn_deck": M("zc.reshuffle.spawn"),
        "equipment": M("zc.reshuffle.equipment"),
        "crates": M("zc.reshuffle.crates"),
    }[deck]
    return draw_from(
        state[deck],
        ctx.rng,
        n,
        on_reshuffle=lambda: ctx.say(message, rule=rule, deck=deck),
    )


def discard_pile(state: State, card: str) -> str:
    """Where a discarded equipment card goes: red cards to the crate deck's discard, grey and
    blue ones to the Equipment discard."""
    return "crates" if card_def(state, card)["deck"] == "crate" else "equipment"


def discard(state: State, card: str) -> None:
    state[discard_pile(state, card)]["discard"].insert(0, card)


# --- seats -------------------------------------------------------------------------------------


def everyone(state: State) -> list[int]:
    """Who may answer what the board shows: the table screen (host) and every player."""
    return [HOST, *state["seats"]]


def seat_of(state: State, sid: str) -> dict:
    return seat_ref(owner(state, sid))


__all__ = ["State"]
