"""Student Bodies state: its shape, what is hidden, and the small helpers every chapter shares.

The state is plain JSON (string keys)::

    {
      "content":  the pack as a table carries it (content.table_content), read-only, shared,
      "seats":    [1, 2, 3] table order (clockwise), "options": {...},
      "phase":    "playing" | "finished",  "steps": the flow's stack,
      "turn":     seat whose turn it is,  "turn_no": 1, 2, …,  "first": the first player,
      "players":  {"1": {"health", "stamina", "down", "status", "antidote", "placed",
                         "turned", "bonus", "looted"}},
                  plus "quiet" once the player chooses it: the turn_no in which they take
                  every hit unasked (SB-Z5); absent until then, so that states and exports
                  made before it replay the same
      "hands":    {"1": [card ids]}                     # private to their seat
      "items":    {"1": {"ready": [weapon slot, slot, slot], "backpack": [...], "spent": [...]}},
      "dead_items": {"1": [item ids left where the player died]},
      "main", "item_deck": {"draw": [...] (secret), "discard": [...]},
      "zombie_deck": {"draw" (secret), "discard", "box" (secret: the cards not dealt)},
      "zombie_card": the card being resolved or None,
      "zombies":  {"board", "pool", "lab", "exit", "knocked"},  18 standees in all,
      "corpses":  {"left": {kind: n}, "used": {kind: n}, "board": n},  the face-down pool,
      "beakers":  {"left": {kind: n}} (secret),  "beaker_info": {"total", "board", "found"},
      "scenario": {"hallway": [2 keys]},  "sealed": {"lab", "exit"} (secret),
      "revealed": {"lab": key | None, "exit": key | None},
      "walk":     the zombie being activated (public) or None, with the lines the current
                  player gave for the walk ("plan"),
      "zplan":    the zombie card's later spawns and walk, given on the first spawn's form,
      "windows":  live triggers of Reactions [{"kind", "seat"/"mover", ...}],
      "rulings":  the last adjudications (for the table screen),
      "result":   None | {"winners", "reason", ...}
    }

Statuses: ``living``, ``smart`` (a Smart Zombie), ``out`` (dead for good) and ``escaped``.
"""

from __future__ import annotations

from typing import Any

from tableapp.engine import Ctx, M, Question, decks, named, seat_ref

State = dict[str, Any]

LIVING, SMART, OUT, ESCAPED = "living", "smart", "out", "escaped"
IN_GAME = (LIVING, SMART)

SECRET = (
    ("main", "draw"),
    ("item_deck", "draw"),
    ("zombie_deck", "draw"),
    ("zombie_deck", "box"),
    ("beakers", "left"),
    ("sealed",),
)
PRIVATE = (("hands", "{seat}"),)

#: How many adjudications the table screen keeps on show.
RULINGS_KEPT = 4
#: A space has 6 neighbours; the mover came from one of them.
MAX_ADJACENT = 5


def key(seat: int) -> str:
    return str(seat)


def player(state: State, seat: int) -> dict:
    return state["players"][key(seat)]


def hand(state: State, seat: int) -> list:
    return state["hands"][key(seat)]


def gear(state: State, seat: int) -> dict:
    return state["items"][key(seat)]


def status(state: State, seat: int) -> str:
    return player(state, seat)["status"]


def seats_with(state: State, *statuses: str) -> list[int]:
    return [s for s in state["seats"] if status(state, s) in statuses]


def in_game(state: State) -> list[int]:
    return seats_with(state, *IN_GAME)


def box(state: State, name: str) -> int:
    return state["content"]["box"][name]


def ready_items(state: State, seat: int) -> list[str]:
    return [i for i in gear(state, seat)["ready"] if i is not None]


def owned_items(state: State, seat: int) -> list[str]:
    return ready_items(state, seat) + list(gear(state, seat)["backpack"])


def hand_size(state: State, seat: int) -> int:
    """5, plus what ready Items add (a Smart Zombie's Items do nothing, SB-P2)."""
    bonus = 0
    if status(state, seat) == LIVING:
        items = state["content"]["items"]
        bonus = sum(items[i].get("hand_size", 0) for i in ready_items(state, seat))
    return box(state, "hand_size") + bonus


def attackable(state: State, seat: int) -> bool:
    """In the game, and not a Smart Zombie on the turn it rose (SB-P1)."""
    p = player(state, seat)
    return p["status"] in IN_GAME and not (p["status"] == SMART and p["turned"] == state["turn_no"])


# --- names, as message arguments --------------------------------------------------------------


def _named(row: dict, field: str = "name") -> dict:
    return named({"en": row[field], "fr": row.get(f"{field}_fr", row[field])})


def card_name(state: State, card_id: str) -> dict:
    return _named(state["content"]["cards"][card_id])


def item_name(state: State, item_id: str) -> dict:
    return _named(state["content"]["items"][item_id])


def zombie_card_name(state: State, card_id: str) -> dict:
    return _named(state["content"]["zombie_cards"][card_id])


def scenario_name(state: State, kind: str, card_key: str) -> dict:
    return _named(state["content"]["scenario"][kind][card_key])


def kind_name(state: State, table: str, kind: str) -> dict:
    """A corpse or beaker result, or a die face, by name."""
    source = state["content"]["faces" if table == "die" else table]
    return _named(source[kind])


def card_view(state: State, card_id: str) -> dict:
    """A Main Deck card as the phones show it (its id, names, type, cost, icons, texts)."""
    c = state["content"]["cards"][card_id]
    out = {
        "id": card_id,
        "key": c["key"],
        "name": _named(c),
        "type": c["type"],
        "cost": c["cost"],
        "icons": list(c["icons"]),
        "text": _named(c, "text"),
    }
    if c.get("smart"):
        out["smart"] = {"cost": c["smart"]["cost"], "text": _named(c["smart"], "text")}
    return out


def item_view(state: State, item_id: str, seat: int | None = None) -> dict:
    c = state["content"]["items"][item_id]
    out = {
        "id": item_id,
        "key": c["key"],
        "name": _named(c),
        "weapon": c["weapon"],
        "text": _named(c, "text"),
    }
    if seat is not None:
        out["spent"] = item_id in gear(state, seat)["spent"]
    return out


def seats_arg(seats) -> list[dict]:
    return [seat_ref(s) for s in seats]


# --- the flow's questions clear the Reactions' windows ----------------------------------------


def question(rule, specs, apply, prompt, ask=None, actors=None, refuse=None) -> Question:
    """A flow question whose answer first closes every Reaction window still open: a trigger is
    live only until the table moves on (the next answer)."""

    def answered(state: State, step: dict, seat: int, act: dict, ctx) -> None:
        state["windows"] = []
        state["drawn_up"] = False
        apply(state, step, seat, act, ctx)

    return Question(
        rule=rule, specs=specs, apply=answered, prompt=prompt, ask=ask, actors=actors, refuse=refuse
    )


def ruling(state: State, ctx, message: dict, rule: str, reason: dict, **data: Any) -> dict:
    """Log an adjudication (rule id and a reason to read aloud) and keep it on the table screen."""
    event = ctx.say(message, rule=rule, reason=reason, **data)
    shown = {"msg": message["msg"], "args": message["args"], "rule": rule, "reason": reason}
    state["rulings"] = [*state["rulings"], shown][-RULINGS_KEPT:]
    return event


# --- corpse tokens (SB-S5) ---------------------------------------------------------------------


def corpse_supply(state: State) -> int:
    """Face-down corpse tokens off the board."""
    c = state["corpses"]
    return sum(c["left"].values()) - c["board"]


def place_corpses(state: State, n: int, ctx: Ctx, where: dict) -> int:
    """Put ``n`` face-down corpse tokens on the board (SB-S5: when none is left, the used ones
    are turned face down and shuffled back first); returns how many were placed."""
    c = state["corpses"]
    placed = 0
    for _ in range(n):
        if corpse_supply(state) == 0 and sum(c["used"].values()):
            decks.recycle(c)
            ruling(state, ctx, M("sb.corpse.reshuffle"), "SB-S5", M("sb.reason.corpse_reshuffle"))
        if corpse_supply(state) == 0:
            break
        c["board"] += 1
        placed += 1
    if n:
        ctx.say(M("sb.corpse.placed", count=placed, where=where), rule="SB-S5", placed=placed)
    return placed
