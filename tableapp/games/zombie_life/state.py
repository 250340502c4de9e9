"""Zombie Life state: its shape, and the small pure helpers every chapter shares.

The state is plain JSON (string keys everywhere)::

    {
      "cards":   {card id: {"id", "name", "value"}},   # the content pack, copied in
      "seats":   [1, 2, 3],            # table order; a player's left is the next seat
      "options": {...},                # validated table options
      "phase":   "choose_first" | "playing" | "over",
      "round":   1,
      "piles":   {"draw": [...], "discard": [...], "horde": [...]},   # card ids, 0 = top
      "refuges": {"1": [{"card": id, "face_up": bool}, ...]},         # in placing order
      "status":  {"1": "playing" | "passed" | "eliminated"},
      "turn":    seat or None,
      "pending": {"seat": s, "card": id} or None,   # drawn, seen only by s, not placed yet
      "eliminated": [seats in the order they were eliminated this round],
      "dealer":  seat,
      "tied":    [seats tied for the lowest card],  "tie_rule": "ZL-1" | "ZL-9" | None,
      "scores":  {"1": 0},  "round_points": {"1": [points of round 1, round 2, ...]},
      "winners": [seats]   # once over
    }
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tableapp.engine import Rng, RuleError, piles

State = dict[str, Any]
Event = dict[str, Any]

PLAYING = "playing"
PASSED = "passed"
ELIMINATED = "eliminated"

PHASE_CHOOSE_FIRST = "choose_first"
PHASE_PLAYING = "playing"
PHASE_OVER = "over"

REFUGE = "refuge"
HORDE = "horde"
AREAS = (REFUGE, HORDE)


def key(seat: int) -> str:
    """Seats are ints; JSON object keys are strings."""
    return str(seat)


def who(seat: int) -> str:
    """How texts name a seat (the web layer knows the names; events also carry ``seat``)."""
    return f"Seat {seat}"


def card(state: State, card_id: str) -> dict:
    """The public card object (a copy)."""
    return dict(state["cards"][card_id])


def value(state: State, card_id: str) -> int:
    return state["cards"][card_id]["value"]


def card_text(state: State, card_id: str) -> str:
    c = state["cards"][card_id]
    return f"{c['value']} ({c['name']})"


def refuge(state: State, seat: int) -> list[dict]:
    return state["refuges"][key(seat)]


def refuge_values(state: State, seat: int) -> set[int]:
    return {value(state, slot["card"]) for slot in refuge(state, seat)}


def horde_values(state: State) -> set[int]:
    return {value(state, card_id) for card_id in state["piles"]["horde"]}


def status(state: State, seat: int) -> str:
    return state["status"][key(seat)]


def in_play(state: State) -> list[int]:
    """Seats still in play this round (neither passed nor eliminated), in table order."""
    return [s for s in state["seats"] if status(state, s) == PLAYING]


def passed(state: State) -> list[int]:
    return [s for s in state["seats"] if status(state, s) == PASSED]


def left_of(state: State, seat: int) -> list[int]:
    """Every seat, starting with the one to ``seat``'s left and ending with ``seat``."""
    seats = state["seats"]
    i = seats.index(seat)
    return seats[i + 1 :] + seats[: i + 1]


def next_in_play(state: State, seat: int) -> int | None:
    """The first player still in play to ``seat``'s left (``seat`` itself if alone)."""
    for s in left_of(state, seat):
        if status(state, s) == PLAYING:
            return s
    return None


def free_areas(state: State, seat: int, card_id: str) -> list[str]:
    """The areas that do not hold a copy of this card yet (ZL-2)."""
    v = value(state, card_id)
    areas = []
    if v not in refuge_values(state, seat):
        areas.append(REFUGE)
    if v not in horde_values(state):
        areas.append(HORDE)
    return areas


def can_draw(state: State) -> bool:
    """A card can be drawn: the draw pile, or the discard to reshuffle, holds one."""
    return bool(state["piles"]["draw"] or state["piles"]["discard"])


def draw_cards(state: State, n: int, rng: Rng, events: list[Event]) -> list[str]:
    """Take ``n`` cards off the draw pile, reshuffling the discard into it when it runs out.

    The rule text never says what happens when the pile is empty; a new draw pile from the
    discard keeps every round finite (ZL-10 is where the pack and the reshuffles are ruled).
    """
    pile = state["piles"]
    drawn: list[str] = []
    while len(drawn) < n:
        if not pile["draw"]:
            if not pile["discard"]:
                raise RuleError("draw_pile_empty", "ZL-10", "No card is left to draw.")
            piles.move_all(pile, "discard", "draw")
            piles.shuffle(pile, "draw", rng)
            events.append(
                {
                    "text": "The draw pile ran out: the discard is shuffled into a new draw pile.",
                    "rule": "ZL-10",
                    "code": "draw_pile_reshuffled",
                }
            )
        drawn += piles.draw(pile, "draw", 1, rng)
    return drawn


def discard_refuge(state: State, seat: int) -> list[str]:
    """Put every card of a Refuge on the discard pile; return their ids."""
    ids = [slot["card"] for slot in refuge(state, seat)]
    state["refuges"][key(seat)] = []
    piles.put_top(state["piles"], "discard", ids)
    return ids


def seat_list(seats: Iterable[int]) -> str:
    """``Seat 1``, ``Seats 1 and 3``, ``Seats 1, 2 and 4``."""
    seats = list(seats)
    if len(seats) == 1:
        return who(seats[0])
    names = [str(s) for s in seats]
    return "Seats " + ", ".join(names[:-1]) + " and " + names[-1]
