"""What each viewer of a Zombie Life table may see, and what the table waits for.

Public: every Refuge's face-up cards, how many cards each has face down, the Horde, the
discard, the size of the draw pile (never its cards), scores, who passed or was eliminated, and
that a drawn card is waiting to be placed. Private: the drawn card (its drawer only) and the
cards a player turned face down when passing (their owner only). The table screen (``None`` or
the host) sees nothing private.
"""

from __future__ import annotations

from tableapp.engine import HOST, clone

from .state import (
    PHASE_CHOOSE_FIRST,
    PHASE_OVER,
    State,
    card,
    free_areas,
    in_play,
    key,
    refuge,
    seat_list,
    value,
    who,
)


def view(state: State, seat: int | None) -> dict:
    """The game part of the view for ``seat`` (``None`` or ``HOST``: the table screen)."""
    viewer = seat if seat in state["seats"] and seat != HOST else None
    pending = state["pending"]
    shown_pending = None
    if pending is not None:
        shown_pending = {"seat": pending["seat"]}
        if pending["seat"] == viewer:
            shown_pending["card"] = card(state, pending["card"])
            shown_pending["areas"] = free_areas(state, viewer, pending["card"])
    return {
        "me": viewer,
        "round": state["round"],
        "phase": state["phase"],
        "turn": state["turn"],
        "dealer": state["dealer"],
        "options": dict(state["options"]),
        "players": [_player(state, s, viewer) for s in state["seats"]],
        "horde": _cards(state, state["piles"]["horde"]),
        "draw_pile": len(state["piles"]["draw"]),
        "discard": [card(state, c) for c in state["piles"]["discard"]],
        "pending": shown_pending,
        "eliminated": list(state["eliminated"]),
        "in_play": in_play(state),
        "tied": list(state["tied"]),
        "winners": list(state["winners"]),
        "deck_size": len(state["cards"]),
    }


def prompt(state: State) -> dict:
    """``{"waiting_for": [seat ids], "text", "seat", "rule"}``."""
    if state["phase"] == PHASE_OVER:
        return {"waiting_for": [], "text": "The game is over.", "seat": None, "rule": "ZL-8"}
    if state["phase"] == PHASE_CHOOSE_FIRST:
        return {
            "waiting_for": [HOST],
            "text": f"Host: {seat_list(state['tied'])} tie for the lowest card; pick the oldest "
            "of them to start.",
            "seat": None,
            "rule": state["tie_rule"],
        }
    seat = state["turn"]
    pending = state["pending"]
    rule = None
    if pending is not None:
        areas = free_areas(state, seat, pending["card"])
        where = " or ".join("your Refuge" if a == "refuge" else "the Horde" for a in areas)
        text = f"{who(seat)}: put the card in {where}."
    elif len(in_play(state)) == 1:
        # ZL-6: the last player in play goes on without taking from the Horde.
        text = (
            f"{who(seat)}: draw a card or pass (the last one in play may not take from the Horde)."
        )
        rule = "ZL-6"
    else:
        text = f"{who(seat)}: draw a card, take one from the Horde, or pass."
    return {"waiting_for": [seat], "text": text, "seat": seat, "rule": rule}


def reveal(state: State) -> dict:
    """Everything, the draw pile's order included: for after the game."""
    full = clone(state)
    full["draw_pile"] = [card(state, c) for c in state["piles"]["draw"]]
    return full


def _player(state: State, seat: int, viewer: int | None) -> dict:
    slots = sorted(refuge(state, seat), key=lambda slot: value(state, slot["card"]))
    face_up = [{**card(state, s["card"]), "face_down": False} for s in slots if s["face_up"]]
    face_down = [s for s in slots if not s["face_up"]]
    if seat == viewer:
        # A player knows the cards they turned over themself.
        hidden = [{**card(state, s["card"]), "face_down": True} for s in face_down]
    else:
        hidden = [{"face_down": True} for _ in face_down]
    return {
        "seat": seat,
        "status": state["status"][key(seat)],
        "refuge": face_up + hidden,
        "face_up": len(face_up),
        "face_down": len(face_down),
        "score": state["scores"][key(seat)],
        "breakdown": {
            f"round {n}": points
            for n, points in enumerate(state["round_points"][key(seat)], start=1)
        },
    }


def _cards(state: State, ids: list[str]) -> list[dict]:
    return [card(state, c) for c in sorted(ids, key=lambda c: value(state, c))]
