"""The players' phase: each player in turn, from the first player clockwise, plays every
survivor they run, one at a time, in the order they like. What the app keeps of a survivor's
turn is what it owns: searches and crates (ZC-14) and the inventory (ZC-16), doors and the
dark rooms' spawns (ZC-15), objectives and adrenaline (ZC-3, ZC-8), attacks (combat.py).
Moves and noise stay on the board; the app does not count actions (the board does).

A player's next survivor begins at once (the first left in team order); until it does
something, ``play_first`` (``survivor``) plays another first, one tap. Action types of a
survivor's turn (``survivor_turn``, the owner's phone), one tap each, none asking "are you
sure?" (undo takes them back): ``search``, ``open_crate``, ``open_door`` (``building``, the
first door of a listed building), ``take_objective`` (``colour``), ``ranged`` / ``melee``
(``weapon``; the target comes next, combat.py), ``trade`` (``card``, ``to``: a survivor in
the zone who has room, ``<survivor>``, or one of its cards that comes back,
``<survivor>><card>``), ``end_turn`` (``goal`` while the mission has goals to tick off:
``done`` ticks one off as the turn ends, ZC-1). A param with
one possible value is left out: the button is the move.

The inventory (ZC-16): a card found goes to a free slot without asking (a weapon to a free
hand, anything else to the backpack first); with the inventory full it waits in ``stow``: one
question, ``keep`` (``slot``: the card it replaces is discarded) or ``leave`` (destructive).
Between its actions the survivor playing rearranges with ``move_card`` (``move``): one tap a
card, to a free hand, to the backpack, or swapping a backpack card with a hand card; it costs
1 action for the whole rearranging, nothing right after a search or a crate (ZC-14) or a trade
(for both survivors of the trade), and the button says which. Any time, an owner may
``discard`` (``card``) from any of their survivors: free, a small button apart.

This module keeps the flow (the round's order, who plays next, the moves any time); the
survivor's turn is in survivor_turn.py, the inventory's questions and moves in inventory.py.
"""

from __future__ import annotations

from tableapp.engine import (
    Ctx,
    Flow,
    M,
    Moves,
    Question,
    action,
    choice,
    seat_ref,
)
from tableapp.engine.turns import clockwise_from

from . import inventory, zombies
from .state import (
    PLAYERS_PHASE,
    State,
    owned,
    survivor,
    survivor_name,
)
from .survivor_turn import SURVIVOR_TURN, waiting

# --- the round's order -------------------------------------------------------------------------


def _round_start(state: State, step: dict, ctx: Ctx) -> None:
    state["round"] += 1
    state["phase"] = PLAYERS_PHASE
    state["turn"] = None
    for sid in state["team"]:
        survivor(state, sid)["activated"] = False
        survivor(state, sid)["searched"] = False
    first = state["first_player"]
    ctx.say(M("zc.round.start", round=state["round"], seat=seat_ref(first)), seat=first)
    order = [s for s in clockwise_from(state["seats"], first) if owned(state, s)]
    Flow.push(
        state,
        *({"kind": "seat_turn", "seat": s} for s in order),
        {"kind": "zombie_phase"},
    )


def _seat_turn(state: State, step: dict, ctx: Ctx) -> None:
    state["turn"] = {"seat": step["seat"], "survivor": None}
    Flow.push(state, {"kind": "next_survivor", "seat": step["seat"]})


def _next_survivor(state: State, step: dict, ctx: Ctx) -> None:
    """The player's next survivor begins at once: the first one left in team order, the
    preselected one. Before it does anything its player may play another first (one tap,
    ``play_first``): the player chooses the order, never asked when it is all the same."""
    left = waiting(state, step["seat"])
    if left:
        Flow.push(
            state, {"kind": "begin_survivor", "seat": step["seat"], "survivor": left[0]}, step
        )


def _pick_specs(state: State, step: dict, seat: int) -> list[dict]:
    left = waiting(state, seat)
    return [
        action(
            "play_survivor",
            M("zc.action.play_survivor"),
            survivor=choice(left, [survivor_name(state, s) for s in left]),
        )
    ]


def _pick_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    sid = act["params"]["survivor"]
    Flow.push(
        state,
        {"kind": "begin_survivor", "seat": seat, "survivor": sid},
        {"kind": "next_survivor", "seat": seat},
    )


# A table stored while a player was asked which survivor plays next may still wait on this.
PICK = Question(
    rule=None,
    specs=_pick_specs,
    apply=_pick_apply,
    prompt=lambda state, step: M("zc.prompt.pick", seat=seat_ref(step["seat"])),
    ask=lambda state, step: M("zc.ask.pick"),
)


def _begin_survivor(state: State, step: dict, ctx: Ctx) -> None:
    sid = step["survivor"]
    sv = survivor(state, sid)
    sv["activated"] = True
    sv["searched"] = False
    # ``acted``: the survivor did something (another may no longer play first); ``free``:
    # why rearranging its inventory costs nothing now (ZC-14, ZC-16), ``partner`` the
    # survivor it traded with, who may rearrange free too.
    state["turn"] = {"seat": step["seat"], "survivor": sid, "acted": False, "free": None}
    ctx.say(
        M("zc.turn.survivor", seat=seat_ref(step["seat"]), survivor=survivor_name(state, sid)),
        survivor=sid,
        seat=step["seat"],
    )
    Flow.push(state, {"kind": "survivor_turn", "seat": step["seat"], "survivor": sid})


def _anytime_specs(state: State, seat: int) -> list[dict]:
    """Besides the question asked: the trade partner's rearranging (one tap a card, on its
    own player's phone), the split helper while a group moves on the board (ZC-12), then
    discarding, last and apart (ZC-16). The playing survivor's own moves are its turn's."""
    turn = state["turn"]
    partner = [turn["partner"]] if turn and turn.get("partner") else []
    return (
        inventory.move_specs(state, seat, partner)
        + zombies.split_specs(state, seat)
        + inventory.discard_specs(state, seat)
    )


def _anytime_apply(state: State, seat: int, act: dict, ctx: Ctx) -> None:
    if act["type"] == "move_card":
        inventory.move_apply(state, seat, act, ctx)
    elif act["type"] == "split":
        zombies.split_apply(state, seat, act, ctx)
    else:
        inventory.discard_apply(state, seat, act, ctx)


ANYTIME = Moves(specs=_anytime_specs, apply=_anytime_apply)

STEPS = {
    "round_start": _round_start,
    "seat_turn": _seat_turn,
    "next_survivor": _next_survivor,
    "begin_survivor": _begin_survivor,
}
QUESTIONS = {
    "pick_survivor": PICK,
    "survivor_turn": SURVIVOR_TURN,
    "stow": inventory.STOW,
}
