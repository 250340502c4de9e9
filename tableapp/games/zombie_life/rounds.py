"""Zombie Life rounds: the deal and who starts (ZL-1, ZL-9), the end of a round and its
scoring (ZL-7), the end of the game (ZL-8), the new deck for a new round (ZL-10).
"""

from __future__ import annotations

from tableapp.engine import Ctx, M, moment, piles, seat_ref
from tableapp.engine.turns import clockwise_after

from .state import (
    PASSED,
    PHASE_CHOOSE_FIRST,
    PHASE_OVER,
    PHASE_PLAYING,
    PLAYING,
    State,
    card,
    card_msg,
    draw_cards,
    key,
    seats_arg,
    status,
    value,
)

#: ZL-8: a player at this many points or more ends the game.
TARGET = 21
#: ZL-9: why the dealer deals.
_DEALER_WHY = {
    "fewest": M("zl.dealer.fewest"),
    "eliminated_first": M("zl.dealer.eliminated_first"),
    "table_order": M("zl.dealer.table_order"),
}


def deal_round(state: State, order: list[int], rule: str, ctx: Ctx) -> None:
    """Deal one card face up into each Refuge in ``order``; the lowest card starts (ZL-1, ZL-9)."""
    dealt = draw_cards(state, len(order), ctx)
    for seat, card_id in zip(order, dealt, strict=True):
        state["refuges"][key(seat)] = [card_id]
        ctx.say(
            M("zl.dealt", seat=seat_ref(seat), card=card_msg(state, card_id)),
            seat=seat,
            card=card(state, card_id),
            rule=rule,
        )
    lowest = min(value(state, card_id) for card_id in dealt)
    tied = [s for s in state["seats"] if _dealt_value(state, s) == lowest]
    if len(tied) == 1:
        _start(state, tied[0], rule, ctx, M("zl.lowest_starts", seat=seat_ref(tied[0])))
        return
    # ZL-1 / ZL-9: a tie for the lowest card goes to the oldest of them; the host picks.
    state["phase"] = PHASE_CHOOSE_FIRST
    state["turn"] = None
    state["tied"] = tied
    state["tie_rule"] = rule
    ctx.say(M("zl.tie", seats=seats_arg(tied)), rule=rule)


def choose_first(state: State, seat: int, params: dict, ctx: Ctx) -> None:
    """The host settles a tie for the lowest card (ZL-1, ZL-9); checked by ``rules.explain``."""
    chosen = params["seat"]
    _start(state, chosen, state["tie_rule"], ctx, M("zl.host_picks", seat=seat_ref(chosen)))


def end_round(state: State, ctx: Ctx) -> None:
    """Everyone has passed or been eliminated: score (ZL-7), then end (ZL-8) or deal (ZL-9)."""
    state["turn"] = None
    for seat in state["seats"]:
        points = 0
        # ZL-7: only a player who passed scores, 1 point per face-up card.
        if status(state, seat) == PASSED:
            points = len(state["refuges"][key(seat)])
            ctx.say(
                M("zl.scores", seat=seat_ref(seat), count=points),
                seat=seat,
                points=points,
                rule="ZL-7",
            )
        state["round_points"][key(seat)].append(points)
        state["scores"][key(seat)] += points
    scores = [
        {"seat": s, "points": state["round_points"][key(s)][-1], "total": state["scores"][key(s)]}
        for s in state["seats"]
    ]
    ctx.say(
        M("zl.round_over", round=state["round"]),
        moment=moment("round_end", scores=scores, round=state["round"]),
    )
    top = max(state["scores"].values())
    if top >= TARGET:
        # ZL-8: the game ends; the most points wins, and a tie for the most is a shared win.
        winners = [s for s in state["seats"] if state["scores"][key(s)] == top]
        state["phase"] = PHASE_OVER
        state["winners"] = winners
        won = M(
            "zl.win" if len(winners) == 1 else "zl.win.shared", seats=seats_arg(winners), count=top
        )
        ctx.say(won, rule="ZL-8", moment=moment("game_end", winners))
        return
    _new_round(state, ctx)


def result(state: State) -> dict | None:
    """None while playing; the winners and each seat's points round by round once over."""
    if state["phase"] != PHASE_OVER:
        return None
    standings = [
        {
            "seat": seat,
            "score": state["scores"][key(seat)],
            "breakdown": {
                f"round {n}": points
                for n, points in enumerate(state["round_points"][key(seat)], start=1)
            },
        }
        for seat in state["seats"]
    ]
    standings.sort(key=lambda row: -row["score"])
    parts = {f"round {n}": M("zl.part.round", n=n) for n in range(1, state["round"] + 1)}
    return {"winners": list(state["winners"]), "standings": standings, "parts": parts}


def _new_round(state: State, ctx: Ctx) -> None:
    """ZL-9: the dealer is the player with the fewest points; the lowest card starts."""
    dealer, why = _dealer(state)
    _collect_cards(state, ctx)
    state["round"] += 1
    state["status"] = {key(s): PLAYING for s in state["seats"]}
    state["eliminated"] = []
    state["dealer"] = dealer
    ctx.say(
        M("zl.round", round=state["round"], seat=seat_ref(dealer), why=_DEALER_WHY[why]),
        seat=dealer,
        rule="ZL-9",
    )
    # The dealer deals from their left and serves themself last.
    deal_round(state, clockwise_after(state["seats"], dealer), "ZL-9", ctx)


def _dealer(state: State) -> tuple[int, str]:
    """ZL-9: fewest cumulative points; a tie goes to the first of them eliminated this round.

    If none of the tied players was eliminated the rule text is silent: the app takes the
    first of them in table order (the app deals from a shuffled pile, so it changes nothing).
    """
    fewest = min(state["scores"].values())
    tied = [s for s in state["seats"] if state["scores"][key(s)] == fewest]
    if len(tied) == 1:
        return tied[0], "fewest"
    for seat in state["eliminated"]:
        if seat in tied:
            return seat, "eliminated_first"
    return tied[0], "table_order"


def _collect_cards(state: State, ctx: Ctx) -> None:
    """ZL-10: by default everything is shuffled together again; with the option
    ``continue_draw_pile`` the Refuges and the Horde go to the discard and the pile goes on."""
    pile = state["piles"]
    for seat in state["seats"]:
        cards = state["refuges"][key(seat)] + state["face_down"][key(seat)]
        piles.put_top(pile, "discard", cards)
        state["refuges"][key(seat)] = []
        state["face_down"][key(seat)] = []
    piles.move_all(pile, "horde", "discard")
    if state["options"]["continue_draw_pile"]:
        ctx.say(M("zl.continue_pile"), rule="ZL-10")
        return
    piles.move_all(pile, "discard", "draw")
    piles.shuffle(pile, "draw", ctx.rng)
    ctx.say(M("zl.reshuffle_all"), rule="ZL-10")


def _start(state: State, seat: int, rule: str, ctx: Ctx, message: dict) -> None:
    state["phase"] = PHASE_PLAYING
    state["turn"] = seat
    state["tied"] = []
    state["tie_rule"] = None
    ctx.say(message, seat=seat, rule=rule)


def _dealt_value(state: State, seat: int) -> int:
    return value(state, state["refuges"][key(seat)][0])
