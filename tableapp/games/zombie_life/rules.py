"""Zombie Life turns: setup (ZL-1) and the three actions of a turn, draw (ZL-2), take from the
Horde (ZL-3) and pass (ZL-4), with eliminations (ZL-2, ZL-5) and the last player (ZL-6).

Action types (the phone renders them from :func:`legal_actions`):

- ``draw``: no params; the card stays private to the drawer until placed.
- ``place``: ``area`` in ``["refuge", "horde"]`` (only the legal ones are listed).
- ``take``: ``card``, the id of a Horde card the player's Refuge does not hold yet.
- ``pass``: no params.
- ``choose_first``: the host only, ``seat`` among the players tied for the lowest card.
"""

from __future__ import annotations

from collections.abc import Callable

from tableapp.engine import HOST, Rng, RuleError, clone, piles
from tableapp.engine.game import action, choice, validate_options

from .content import build_cards, validate_content
from .rounds import choose_first, deal_round, end_round
from .state import (
    AREAS,
    ELIMINATED,
    HORDE,
    PASSED,
    PHASE_CHOOSE_FIRST,
    PHASE_OVER,
    PHASE_PLAYING,
    PLAYING,
    REFUGE,
    Event,
    State,
    can_draw,
    card,
    card_text,
    discard_refuge,
    draw_cards,
    free_areas,
    in_play,
    key,
    next_in_play,
    passed,
    refuge,
    refuge_values,
    value,
    who,
)

GAME_ID = "zombie-life"
PLAYERS = (2, 6)
VARIANTS: list[str | None] = [None]
OPTIONS: dict[str, dict] = {
    "continue_draw_pile": {
        "type": "bool",
        "default": False,
        "label": "New rounds continue the draw pile instead of reshuffling everything (ZL-10)",
    },
    "pass_counts_self": {
        "type": "bool",
        "default": False,
        "label": "A player who passes counts themself among the players still in play (ZL-4)",
    },
}


# Setup ----------------------------------------------------------------------------------------


def setup(
    *, content: dict, variant: str | None, options: dict, seats: list[int], rng: Rng
) -> State:
    """ZL-1: shuffle every card into the draw pile, deal one face up to each player in table
    order; the lowest card starts (a tie waits for the host)."""
    if variant not in VARIANTS:
        raise RuleError("unknown_variant", None, f"Zombie Life has no variant {variant!r}.")
    options = validate_options(OPTIONS, options)
    if not PLAYERS[0] <= len(seats) <= PLAYERS[1] or len(set(seats)) != len(seats):
        raise RuleError("bad_player_count", None, "Zombie Life is for 2 to 6 players.")
    if any(isinstance(s, bool) or not isinstance(s, int) or s == HOST for s in seats):
        raise RuleError("bad_seats", None, "Seats must be whole numbers other than the host's 0.")
    problems = validate_content(content)
    if problems:
        raise RuleError("bad_content", None, "; ".join(problems))
    cards = build_cards(content)
    state: State = {
        "cards": cards,
        "seats": list(seats),
        "options": options,
        "phase": PHASE_PLAYING,
        "round": 1,
        "piles": piles.new(draw=sorted(cards), discard=[], horde=[]),
        "refuges": {key(s): [] for s in seats},
        "status": {key(s): PLAYING for s in seats},
        "turn": None,
        "pending": None,
        "eliminated": [],
        "dealer": None,
        "tied": [],
        "tie_rule": None,
        "scores": {key(s): 0 for s in seats},
        "round_points": {key(s): [] for s in seats},
        "winners": [],
    }
    piles.shuffle(state["piles"], "draw", rng)
    deal_round(state, list(seats), "ZL-1", rng, [])
    return state


# Actions --------------------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> list[dict]:
    """What ``seat`` may post now; the host only ever settles a tie for who starts."""
    if state["phase"] == PHASE_CHOOSE_FIRST:
        if seat != HOST:
            return []
        return [action("choose_first", "Pick who starts (the oldest)", seat=choice(state["tied"]))]
    if state["phase"] != PHASE_PLAYING or seat != state["turn"]:
        return []
    pending = state["pending"]
    if pending is not None:
        return [action("place", "Put it…", area=choice(free_areas(state, seat, pending["card"])))]
    specs = []
    if can_draw(state):
        specs.append(action("draw", "Draw a card"))
    takeable = _takeable(state, seat)
    if takeable:
        specs.append(action("take", "Take from the Horde", card=choice(takeable)))
    specs.append(action("pass", "Pass and hide"))
    return specs


def apply(state: State, seat: int, move: dict, rng: Rng) -> tuple[State, list[Event]]:
    """Apply one action to a copy of ``state``; raises RuleError and leaves ``state`` alone."""
    if not isinstance(move, dict) or move.get("type") not in (*_TURN_ACTIONS, "choose_first"):
        raise RuleError("unknown_action", None, "Zombie Life has no such action.")
    params = move.get("params") or {}
    if not isinstance(params, dict):
        raise RuleError("illegal_params", None, "'params' must be an object.")
    if state["phase"] == PHASE_OVER:
        raise RuleError("game_over", None, "The game is over.")
    new = clone(state)
    events: list[Event] = []
    if move["type"] == "choose_first":
        choose_first(new, seat, params, events)
    else:
        _check_turn(new, seat)
        _TURN_ACTIONS[move["type"]](new, seat, params, rng, events)
    return new, events


def _draw(state: State, seat: int, params: dict, rng: Rng, events: list[Event]) -> None:
    """ZL-2: look at the card; it is placed by ``place`` unless both areas already hold it."""
    _no_pending(state)
    if not can_draw(state):
        raise RuleError("draw_pile_empty", "ZL-10", "No card is left to draw.")
    (card_id,) = draw_cards(state, 1, rng, events)
    if free_areas(state, seat, card_id):
        state["pending"] = {"seat": seat, "card": card_id}
        events.append(
            {
                "text": f"{who(seat)} drew a card.",
                "seat": seat,
                "private": {
                    key(seat): {
                        "card": card(state, card_id),
                        "text": f"You drew {card_text(state, card_id)}.",
                    }
                },
            }
        )
        return
    # ZL-2: the card is already in the Horde and in the Refuge: overwhelmed.
    events.append(
        {
            "text": f"{who(seat)} drew {card_text(state, card_id)}, already in their Refuge and in "
            "the Horde: overwhelmed by the zombies, eliminated from the round. Their Refuge is "
            "discarded.",
            "seat": seat,
            "card": card(state, card_id),
            "rule": "ZL-2",
        }
    )
    piles.put_top(state["piles"], "discard", [card_id])
    _eliminate(state, seat, events)
    _next_turn(state, seat, rng, events)


def _place(state: State, seat: int, params: dict, rng: Rng, events: list[Event]) -> None:
    """ZL-2: the drawn card goes face up into the Refuge or the Horde, never beside a copy."""
    pending = state["pending"]
    if pending is None:
        raise RuleError("nothing_to_place", "ZL-2", "Draw a card before placing one.")
    area = params.get("area")
    if area not in AREAS:
        raise RuleError("illegal_params", None, "'area' must be 'refuge' or 'horde'.")
    card_id = pending["card"]
    if area not in free_areas(state, seat, card_id):
        where = "Your Refuge" if area == REFUGE else "The Horde"
        raise RuleError("copy_in_area", "ZL-2", f"{where} already holds a {value(state, card_id)}.")
    state["pending"] = None
    if area == REFUGE:
        refuge(state, seat).append({"card": card_id, "face_up": True})
        text = f"{who(seat)} puts {card_text(state, card_id)} in their Refuge."
    else:
        piles.put_top(state["piles"], HORDE, [card_id])
        text = f"{who(seat)} puts {card_text(state, card_id)} in the Horde."
    events.append({"text": text, "seat": seat, "card": card(state, card_id), "area": area})
    _next_turn(state, seat, rng, events)


def _take(state: State, seat: int, params: dict, rng: Rng, events: list[Event]) -> None:
    """ZL-3: a Horde card moves into the Refuge unless the Refuge holds a copy (ZL-6: not for
    the last player in play)."""
    _no_pending(state)
    if len(in_play(state)) == 1:
        raise RuleError(
            "last_player_cannot_take",
            "ZL-6",
            "The last player in play may go on but may not take from the Horde.",
        )
    card_id = params.get("card")
    if not isinstance(card_id, str) or card_id not in state["piles"][HORDE]:
        raise RuleError("not_in_horde", "ZL-3", "That card is not in the Horde.")
    if value(state, card_id) in refuge_values(state, seat):
        raise RuleError(
            "copy_in_refuge", "ZL-3", f"Your Refuge already holds a {value(state, card_id)}."
        )
    piles.take(state["piles"], HORDE, card_id)
    refuge(state, seat).append({"card": card_id, "face_up": True})
    events.append(
        {
            "text": f"{who(seat)} takes {card_text(state, card_id)} from the Horde.",
            "seat": seat,
            "card": card(state, card_id),
            "rule": "ZL-3",
        }
    )
    _next_turn(state, seat, rng, events)


def _pass(state: State, seat: int, params: dict, rng: Rng, events: list[Event]) -> None:
    """ZL-4: hide until the round ends, turning face down as many Refuge cards as there are
    players still in play.

    Every face-up card scores 1 whatever its value (ZL-7), so which cards go face down changes
    nothing: the app turns the lowest values, leaving no choice to make at the table.
    """
    _no_pending(state)
    still_in_play = len(in_play(state)) - 1
    if state["options"]["pass_counts_self"]:
        # ZL-4, the other reading: the passer counts among the players still in play.
        still_in_play += 1
    state["status"][key(seat)] = PASSED
    slots = sorted(refuge(state, seat), key=lambda slot: value(state, slot["card"]))
    turned = min(still_in_play, len(slots))
    for slot in slots[:turned]:
        slot["face_up"] = False
    events.append(
        {
            "text": f"{who(seat)} passes and hides, turning {_count(turned, 'Refuge card')} "
            f"face down ({_count(still_in_play, 'player')} still in play).",
            "seat": seat,
            "turned_down": turned,
            "rule": "ZL-4",
        }
    )
    _next_turn(state, seat, rng, events)


#: The actions of the player whose turn it is; the host's ``choose_first`` is in rounds.py.
_TURN_ACTIONS: dict[str, Callable[[State, int, dict, Rng, list[Event]], None]] = {
    "draw": _draw,
    "place": _place,
    "take": _take,
    "pass": _pass,
}


# Pure helpers ---------------------------------------------------------------------------------


def _check_turn(state: State, seat: int) -> None:
    if state["phase"] == PHASE_CHOOSE_FIRST:
        raise RuleError("not_your_turn", None, "Waiting for the host to pick who starts.")
    if seat != state["turn"]:
        raise RuleError("not_your_turn", None, "It is not your turn.")


def _no_pending(state: State) -> None:
    if state["pending"] is not None:
        raise RuleError(
            "card_pending", "ZL-2", "Put the card you drew in your Refuge or the Horde first."
        )


def _takeable(state: State, seat: int) -> list[str]:
    """Horde cards ``seat`` may take: none for the last player in play (ZL-6), else those whose
    value the Refuge lacks (ZL-3)."""
    if len(in_play(state)) == 1:
        return []
    mine = refuge_values(state, seat)
    return [c for c in state["piles"][HORDE] if value(state, c) not in mine]


def _eliminate(state: State, seat: int, events: list[Event]) -> None:
    """ZL-2: out of the round, the Refuge discarded; ZL-5: every player who passed turns one
    face-down card face up (the highest value first; which one changes no score)."""
    discard_refuge(state, seat)
    state["status"][key(seat)] = ELIMINATED
    state["eliminated"].append(seat)
    for other in passed(state):
        face_down = [slot for slot in refuge(state, other) if not slot["face_up"]]
        if not face_down:
            continue
        slot = max(face_down, key=lambda s: value(state, s["card"]))
        slot["face_up"] = True
        events.append(
            {
                "text": f"{who(other)} turns {card_text(state, slot['card'])} face up.",
                "seat": other,
                "card": card(state, slot["card"]),
                "rule": "ZL-5",
            }
        )


def _next_turn(state: State, seat: int, rng: Rng, events: list[Event]) -> None:
    """The turn goes to the left; nobody left in play ends the round (ZL-7)."""
    remaining = in_play(state)
    if not remaining:
        end_round(state, rng, events)
        return
    state["turn"] = next_in_play(state, seat)
    if len(remaining) == 1 and state["status"][key(seat)] != PLAYING:
        # ZL-6: the last player in play goes on alone, without taking from the Horde.
        events.append(
            {
                "text": f"{who(remaining[0])} is the last player in play: they may go on, but "
                "may not take from the Horde.",
                "seat": remaining[0],
                "rule": "ZL-6",
            }
        )


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")
