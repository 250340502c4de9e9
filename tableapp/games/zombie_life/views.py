"""What each viewer of a Zombie Life table may see, and what the table waits for.

The engine hands these functions the state with what the viewer may not know already hidden
(the draw pile; another seat's drawn and face-down cards): they cannot leak it. Public: every
Refuge's face-up cards, how many cards each has face down, the Horde, the discard, the size of
the draw pile, scores, who passed or was eliminated, and that a drawn card waits to be placed.
A player's own drawn and face-down cards are theirs to see.
"""

from __future__ import annotations

from tableapp.engine import HOST, M, seat_ref

from .state import (
    PHASE_CHOOSE_FIRST,
    PHASE_OVER,
    State,
    card,
    free_areas,
    in_play,
    key,
    pending_seat,
    refuge,
    seats_arg,
    value,
)


def view(state: State, seat: int | None) -> dict:
    """The game part of the view for ``seat`` (``None``: the table screen)."""
    viewer = seat if seat in state["seats"] and seat != HOST else None
    drawer = pending_seat(state)
    shown_pending = None
    if drawer is not None:
        shown_pending = {"seat": drawer}
        if drawer == viewer:
            drawn = state["drawn"][key(viewer)]
            shown_pending["card"] = card(state, drawn)
            shown_pending["areas"] = free_areas(state, viewer, drawn)
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
    """``{"waiting_for", "msg", "args", "ask", "seat", "rule"}`` from the public state: it
    never narrows down a hidden card (which areas a drawn card may go to is for its drawer's
    actions, not for the table to read)."""
    if state["phase"] == PHASE_OVER:
        return {"waiting_for": [], **M("zl.prompt.over"), "seat": None, "rule": "ZL-8"}
    if state["phase"] == PHASE_CHOOSE_FIRST:
        return {
            "waiting_for": [HOST],
            **M("zl.prompt.tie", seats=seats_arg(state["tied"])),
            "ask": M("zl.ask.tie", seats=seats_arg(state["tied"])),
            "seat": None,
            "rule": state["tie_rule"],
        }
    seat = state["turn"]
    rule = None
    if pending_seat(state) == seat:
        message, ask = M("zl.prompt.placing", seat=seat_ref(seat)), M("zl.ask.place")
    elif len(in_play(state)) == 1:
        # ZL-6: the last player in play goes on without taking from the Horde.
        message, ask = M("zl.prompt.last", seat=seat_ref(seat)), M("zl.ask.last")
        rule = "ZL-6"
    else:
        message, ask = M("zl.prompt.turn", seat=seat_ref(seat)), M("zl.ask.turn")
    return {"waiting_for": [seat], **message, "ask": ask, "seat": seat, "rule": rule}


def reveal(state: State) -> dict:
    """Everything, the draw pile's order included: for after the game."""
    full = dict(state)
    full["draw_pile"] = [card(state, c) for c in state["piles"]["draw"]]
    return full


def _player(state: State, seat: int, viewer: int | None) -> dict:
    up = sorted(refuge(state, seat), key=lambda c: value(state, c))
    down = state["face_down"][key(seat)]
    face_up = [{**card(state, c), "face_down": False} for c in up]
    if seat == viewer:
        # A player knows the cards they turned over themself.
        ordered = sorted(down, key=lambda c: value(state, c))
        hidden = [{**card(state, c), "face_down": True} for c in ordered]
    else:
        hidden = [{"face_down": True} for _ in down]
    return {
        "seat": seat,
        "status": state["status"][key(seat)],
        "refuge": face_up + hidden,
        "face_up": len(face_up),
        "face_down": len(down),
        "score": state["scores"][key(seat)],
        "breakdown": {
            f"round {n}": points
            for n, points in enumerate(state["round_points"][key(seat)], start=1)
        },
    }


def _cards(state: State, ids: list[str]) -> list[dict]:
    return [card(state, c) for c in sorted(ids, key=lambda c: value(state, c))]
