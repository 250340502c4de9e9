"""Zombie Life state: its shape, what is hidden, and the small pure helpers every chapter shares.

The state is plain JSON (string keys everywhere)::

    {
      "cards":   {card id: {"id", "name", "name_fr", "value"}},   # the content pack, copied in
      "seats":   [1, 2, 3],            # table order; a player's left is the next seat
      "options": {...},                # validated table options
      "phase":   "choose_first" | "playing" | "over",
      "round":   1,
      "piles":   {"draw": [...], "discard": [...], "horde": [...]},   # card ids, 0 = top
      "refuges": {"1": [card ids face up, in placing order]},
      "face_down": {"1": [card ids a pass turned face down]},        # private to their owner
      "drawn":   {"1": card id},       # drawn, seen only by its drawer, not placed yet
      "status":  {"1": "playing" | "passed" | "eliminated"},
      "turn":    seat or None,
      "eliminated": [seats in the order they were eliminated this round],
      "dealer":  seat,
      "tied":    [seats tied for the lowest card],  "tie_rule": "ZL-1" | "ZL-9" | None,
      "scores":  {"1": 0},  "round_points": {"1": [points of round 1, round 2, ...]},
      "winners": [seats]   # once over
    }

Hidden (the engine's privacy convention): the draw pile from everyone; a seat's ``drawn`` card
and ``face_down`` cards from everyone else.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tableapp.engine import Ctx, M, RuleError, named, piles, seat_ref
from tableapp.engine.decks import draw as draw_from
from tableapp.engine.turns import next_clockwise

State = dict[str, Any]

SECRET = (("piles", "draw"),)
PRIVATE = (("drawn", "{seat}"), ("face_down", "{seat}"))

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


def card(state: State, card_id: str) -> dict:
    """The public card object: its id, value and name."""
    c = state["cards"][card_id]
    return {
        "id": c["id"],
        "value": c["value"],
        "name": named({"en": c["name"], "fr": c["name_fr"]}),
    }


def card_msg(state: State, card_id: str) -> dict:
    """ "8 (Brute)" in the reader's language."""
    c = card(state, card_id)
    return M("zl.card", value=c["value"], name=c["name"])


def value(state: State, card_id: str) -> int:
    return state["cards"][card_id]["value"]


def refuge(state: State, seat: int) -> list[str]:
    """The face-up cards of a Refuge."""
    return state["refuges"][key(seat)]


def refuge_values(state: State, seat: int) -> set[int]:
    """Every value in a Refuge, face down included (only rules code, never a view, reads the
    face-down ones: the owner's own state, or the full state)."""
    ids = refuge(state, seat) + state["face_down"][key(seat)]
    return {value(state, c) for c in ids if c is not None}


def horde_values(state: State) -> set[int]:
    return {value(state, card_id) for card_id in state["piles"]["horde"]}


def status(state: State, seat: int) -> str:
    return state["status"][key(seat)]


def in_play(state: State) -> list[int]:
    """Seats still in play this round (neither passed nor eliminated), in table order."""
    return [s for s in state["seats"] if status(state, s) == PLAYING]


def passed(state: State) -> list[int]:
    return [s for s in state["seats"] if status(state, s) == PASSED]


def next_in_play(state: State, seat: int) -> int | None:
    """The first player still in play to ``seat``'s left (``seat`` itself if alone)."""
    return next_clockwise(state["seats"], seat, lambda s: status(state, s) != PLAYING)


def pending_seat(state: State) -> int | None:
    """The seat holding a drawn card it has not placed yet (public: who, never which)."""
    return next((int(s) for s in state["drawn"]), None)


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


def draw_cards(state: State, n: int, ctx: Ctx) -> list[str]:
    """Take ``n`` cards off the draw pile, reshuffling the discard into it when it runs out.

    The rule text never says what happens when the pile is empty; a new draw pile from the
    discard keeps every round finite (ZL-10 is where the pack and the reshuffles are ruled).
    """
    drawn = draw_from(
        state["piles"],
        ctx.rng,
        n,
        on_reshuffle=lambda: ctx.say(M("zl.reshuffle"), rule="ZL-10", code="draw_pile_reshuffled"),
    )
    if len(drawn) < n:
        raise RuleError("draw_pile_empty", "ZL-10", M("zl.refuse.draw_empty"))
    return drawn


def discard_refuge(state: State, seat: int) -> list[str]:
    """Put every card of a Refuge (face down ones too) on the discard pile; return their ids."""
    ids = refuge(state, seat) + state["face_down"][key(seat)]
    state["refuges"][key(seat)] = []
    state["face_down"][key(seat)] = []
    piles.put_top(state["piles"], "discard", ids)
    return ids


def seats_arg(seats: Iterable[int]) -> list[dict]:
    """A list argument naming players ("Ana and Ben")."""
    return [seat_ref(s) for s in seats]
