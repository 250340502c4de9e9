"""Zombie Life turns: setup (ZL-1) and the three actions of a turn, draw (ZL-2), take from the
Horde (ZL-3) and pass (ZL-4), with eliminations (ZL-2, ZL-5) and the last player (ZL-6).

Action types (the phone renders them from the legal actions):

- ``draw``: no params; the card stays private to the drawer until placed.
- ``place``: ``area`` in ``["refuge", "horde"]`` (only the legal ones are listed).
- ``take``: ``card``, the id of a Horde card the player's Refuge does not hold yet.
- ``pass``: no params.
- ``choose_first``: the host only, ``seat`` among the players tied for the lowest card.
"""

from __future__ import annotations

from collections.abc import Callable

from tableapp.engine import (
    HOST,
    Ctx,
    M,
    Moves,
    RuleError,
    action,
    choice,
    moment,
    piles,
    seat_ref,
)

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
    State,
    can_draw,
    card,
    card_msg,
    discard_refuge,
    draw_cards,
    free_areas,
    in_play,
    key,
    next_in_play,
    passed,
    pending_seat,
    refuge,
    refuge_values,
    value,
)

GAME_ID = "zombie-life"
_AREA_LABELS = {REFUGE: M("zl.area.refuge"), HORDE: M("zl.area.horde")}
PLAYERS = (2, 6)
OPTIONS: dict[str, dict] = {
    "continue_draw_pile": {
        "type": "bool",
        "default": False,
        "label": M("zl.option.continue_draw_pile"),
    },
    "pass_counts_self": {
        "type": "bool",
        "default": False,
        "label": M("zl.option.pass_counts_self"),
    },
}


# Setup ----------------------------------------------------------------------------------------


def setup(
    ctx: Ctx, *, content: dict, variant: str | None, options: dict, seats: list[int]
) -> State:
    """ZL-1: shuffle every card into the draw pile, deal one face up to each player in table
    order; the lowest card starts (a tie waits for the host). The deal is logged."""
    problems = validate_content(content)
    if problems:
        raise RuleError("bad_content", None, M("engine.bad_content", problems=problems))
    cards = build_cards(content)
    state: State = {
        "cards": cards,
        "seats": list(seats),
        "options": options,
        "phase": PHASE_PLAYING,
        "round": 1,
        "piles": piles.new(draw=sorted(cards), discard=[], horde=[]),
        "refuges": {key(s): [] for s in seats},
        "face_down": {key(s): [] for s in seats},
        "drawn": {},
        "status": {key(s): PLAYING for s in seats},
        "turn": None,
        "eliminated": [],
        "dealer": None,
        "tied": [],
        "tie_rule": None,
        "scores": {key(s): 0 for s in seats},
        "round_points": {key(s): [] for s in seats},
        "winners": [],
    }
    piles.shuffle(state["piles"], "draw", ctx.rng)
    deal_round(state, list(seats), "ZL-1", ctx)
    return state


# Actions --------------------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> list[dict]:
    """What ``seat`` may post now; the host only ever settles a tie for who starts."""
    if state["phase"] == PHASE_CHOOSE_FIRST:
        if seat != HOST:
            return []
        tied = state["tied"]
        return [
            action(
                "choose_first",
                M("zl.action.choose_first"),
                seat=choice(tied, [M("zl.choice.seat", seat=seat_ref(s)) for s in tied]),
            )
        ]
    if state["phase"] != PHASE_PLAYING or seat != state["turn"]:
        return []
    if key(seat) in state["drawn"]:
        areas = free_areas(state, seat, state["drawn"][key(seat)])
        return [
            action(
                "place", M("zl.action.place"), area=choice(areas, [_AREA_LABELS[a] for a in areas])
            )
        ]
    specs = []
    if can_draw(state):
        specs.append(action("draw", M("zl.action.draw")))
    takeable = _takeable(state, seat)
    if takeable:
        specs.append(
            action(
                "take",
                M("zl.action.take"),
                card=choice(takeable, [card_msg(state, c) for c in takeable]),
            )
        )
    # No "are you sure?": a pass showed nothing, its player's undo takes it back at once (the
    # phone asks only when the pass ends the game, which nothing can take back).
    specs.append(action("pass", M("zl.action.pass")))
    return specs


def explain(state: State, seat: int, move: dict) -> RuleError | None:
    """The ruling that forbids a move, from what ``seat`` may know (None: nothing rules it
    out, or the params are simply not the listed ones)."""
    kind, params = move.get("type"), move.get("params") or {}
    if kind not in (*_TURN_ACTIONS, "choose_first"):
        return RuleError("unknown_action", None, M("zl.refuse.unknown_action"))
    if kind == "choose_first":
        if state["phase"] != PHASE_CHOOSE_FIRST:
            return RuleError("action_not_available", None, M("zl.refuse.nobody_tied"))
        if seat != HOST:
            return RuleError("not_your_turn", None, M("zl.refuse.host_picks"))
        chosen = params.get("seat")
        if isinstance(chosen, bool) or chosen not in state["tied"]:
            return RuleError("not_tied", state["tie_rule"], M("zl.refuse.not_tied"))
        return None
    if state["phase"] == PHASE_CHOOSE_FIRST:
        return RuleError("not_your_turn", None, M("zl.refuse.waiting_host"))
    if seat != state["turn"]:
        return RuleError("not_your_turn", None, M("zl.refuse.not_your_turn"))
    pending = state["drawn"].get(key(seat))
    if kind == "place":
        if key(seat) not in state["drawn"]:
            return RuleError("nothing_to_place", "ZL-2", M("zl.refuse.nothing_to_place"))
        area = params.get("area")
        if area in AREAS and pending is not None and area not in free_areas(state, seat, pending):
            v = value(state, pending)
            copy_in = (
                M("zl.refuse.copy_in_refuge", value=v)
                if area == REFUGE
                else M("zl.refuse.copy_in_horde", value=v)
            )
            return RuleError("copy_in_area", "ZL-2", copy_in)
        return None
    if key(seat) in state["drawn"]:
        return RuleError("card_pending", "ZL-2", M("zl.refuse.card_pending"))
    if kind == "draw" and not can_draw(state):
        return RuleError("draw_pile_empty", "ZL-10", M("zl.refuse.draw_empty"))
    if kind == "take":
        if len(in_play(state)) == 1:
            return RuleError("last_player_cannot_take", "ZL-6", M("zl.refuse.last_cannot_take"))
        card_id = params.get("card")
        if not isinstance(card_id, str) or card_id not in state["piles"][HORDE]:
            return RuleError("not_in_horde", "ZL-3", M("zl.refuse.not_in_horde"))
        if value(state, card_id) in refuge_values(state, seat):
            return RuleError(
                "copy_in_refuge", "ZL-3", M("zl.refuse.copy_in_refuge", value=value(state, card_id))
            )
    return None


def apply(state: State, seat: int, move: dict, ctx: Ctx) -> None:
    """Apply one checked move to the copy ``state`` (the engine has already asked
    :func:`explain` and checked the params)."""
    if move["type"] == "choose_first":
        choose_first(state, seat, move["params"], ctx)
    else:
        _TURN_ACTIONS[move["type"]](state, seat, move["params"], ctx)


def _draw(state: State, seat: int, params: dict, ctx: Ctx) -> None:
    """ZL-2: look at the card; it is placed by ``place`` where two areas may take it, at once
    where only one may (a question with one answer is never asked: the card goes face up
    there in the same action), and nowhere when both already hold it."""
    (card_id,) = draw_cards(state, 1, ctx)
    areas = free_areas(state, seat, card_id)
    if len(areas) == 1:  # ZL-2: a copy is already in the other area
        state["drawn"][key(seat)] = card_id
        _place(state, seat, {"area": areas[0]}, ctx, only=True)
        return
    if areas:
        state["drawn"][key(seat)] = card_id
        ctx.say(
            M("zl.drew", seat=seat_ref(seat)),
            seat=seat,
            private={
                seat: {
                    **M("zl.drew.you", card=card_msg(state, card_id)),
                    "card": card(state, card_id),
                    "seen": card_msg(state, card_id),
                }
            },
        )
        return
    # ZL-2: the card is already in the Horde and in the Refuge: overwhelmed.
    ctx.say(
        M("zl.overwhelmed", seat=seat_ref(seat), card=card_msg(state, card_id)),
        seat=seat,
        card=card(state, card_id),
        rule="ZL-2",
        moment=moment("elimination", [seat]),
    )
    piles.put_top(state["piles"], "discard", [card_id])
    _eliminate(state, seat, ctx)
    _next_turn(state, seat, ctx)


def _place(state: State, seat: int, params: dict, ctx: Ctx, *, only: bool = False) -> None:
    """ZL-2: the drawn card goes face up into the Refuge or the Horde, never beside a copy
    (``only``: the one area that may take it, placed with the draw)."""
    area = params["area"]
    card_id = state["drawn"].pop(key(seat))
    if area == REFUGE:
        refuge(state, seat).append(card_id)
    else:
        piles.put_top(state["piles"], HORDE, [card_id])
    ctx.say(
        _PLACED[area, only](seat=seat_ref(seat), card=card_msg(state, card_id)),
        seat=seat,
        card=card(state, card_id),
        area=area,
        rule="ZL-2" if only else None,
    )
    _next_turn(state, seat, ctx)


#: The message of a placed card, by (area, whether it was the only area that could take it).
_PLACED = {
    (REFUGE, False): lambda seat, card: M("zl.place.refuge", seat=seat, card=card),
    (HORDE, False): lambda seat, card: M("zl.place.horde", seat=seat, card=card),
    (REFUGE, True): lambda seat, card: M("zl.place.refuge.only", seat=seat, card=card),
    (HORDE, True): lambda seat, card: M("zl.place.horde.only", seat=seat, card=card),
}


def _take(state: State, seat: int, params: dict, ctx: Ctx) -> None:
    """ZL-3: a Horde card moves into the Refuge unless the Refuge holds a copy (ZL-6: not for
    the last player in play)."""
    card_id = params["card"]
    piles.take(state["piles"], HORDE, card_id)
    refuge(state, seat).append(card_id)
    ctx.say(
        M("zl.take", seat=seat_ref(seat), card=card_msg(state, card_id)),
        seat=seat,
        card=card(state, card_id),
        rule="ZL-3",
    )
    _next_turn(state, seat, ctx)


def _pass(state: State, seat: int, params: dict, ctx: Ctx) -> None:
    """ZL-4: hide until the round ends, turning face down as many Refuge cards as there are
    players still in play.

    Every face-up card scores 1 whatever its value (ZL-7), so which cards go face down changes
    nothing: the app turns the lowest values, leaving no choice to make at the table.
    """
    still_in_play = len(in_play(state)) - 1
    if state["options"]["pass_counts_self"]:
        # ZL-4, the other reading: the passer counts among the players still in play.
        still_in_play += 1
    state["status"][key(seat)] = PASSED
    cards = sorted(refuge(state, seat), key=lambda c: value(state, c))
    turned = cards[: min(still_in_play, len(cards))]
    state["refuges"][key(seat)] = [c for c in refuge(state, seat) if c not in turned]
    state["face_down"][key(seat)] = turned
    if still_in_play:
        said = M(
            "zl.pass",
            seat=seat_ref(seat),
            cards=M("zl.n_refuge_cards", count=len(turned)),
            players=M("zl.n_players", count=still_in_play),
        )
    else:  # the last to pass: nobody left to count, nothing turns (not "0 players")
        said = M("zl.pass.last", seat=seat_ref(seat))
    ctx.say(
        said,
        seat=seat,
        turned_down=len(turned),
        rule="ZL-4",
    )
    _next_turn(state, seat, ctx)


#: The actions of the player whose turn it is; the host's ``choose_first`` is in rounds.py.
_TURN_ACTIONS: dict[str, Callable[[State, int, dict, Ctx], None]] = {
    "draw": _draw,
    "place": _place,
    "take": _take,
    "pass": _pass,
}

MOVES = Moves(specs=legal_actions, apply=apply, explain=explain)


# Pure helpers ---------------------------------------------------------------------------------


def _takeable(state: State, seat: int) -> list[str]:
    """Horde cards ``seat`` may take: none for the last player in play (ZL-6), else those whose
    value the Refuge lacks (ZL-3)."""
    if len(in_play(state)) == 1:
        return []
    mine = refuge_values(state, seat)
    return [c for c in state["piles"][HORDE] if value(state, c) not in mine]


def _eliminate(state: State, seat: int, ctx: Ctx) -> None:
    """ZL-2: out of the round, the Refuge discarded; ZL-5: every player who passed turns one
    face-down card face up (the highest value first; which one changes no score)."""
    discard_refuge(state, seat)
    state["status"][key(seat)] = ELIMINATED
    state["eliminated"].append(seat)
    for other in passed(state):
        hidden = state["face_down"][key(other)]
        if not hidden:
            continue
        shown = max(hidden, key=lambda c: value(state, c))
        hidden.remove(shown)
        refuge(state, other).append(shown)
        ctx.say(
            M("zl.face_up", seat=seat_ref(other), card=card_msg(state, shown)),
            seat=other,
            card=card(state, shown),
            rule="ZL-5",
        )


def _next_turn(state: State, seat: int, ctx: Ctx) -> None:
    """The turn goes to the left; nobody left in play ends the round (ZL-7)."""
    remaining = in_play(state)
    if not remaining:
        end_round(state, ctx)
        return
    state["turn"] = next_in_play(state, seat)
    if len(remaining) == 1 and state["status"][key(seat)] != PLAYING:
        # ZL-6: the last player in play goes on alone, without taking from the Horde.
        ctx.say(M("zl.last_player", seat=seat_ref(remaining[0])), seat=remaining[0], rule="ZL-6")


__all__ = ["GAME_ID", "MOVES", "OPTIONS", "PHASE_OVER", "PLAYERS", "pending_seat", "setup"]
