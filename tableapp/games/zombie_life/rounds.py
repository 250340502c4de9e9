"""Zombie Life rounds: the deal and who starts (ZL-1, ZL-9), the end of a round and its
scoring (ZL-7), the end of the game (ZL-8), the new deck for a new round (ZL-10).
"""

from __future__ import annotations

from tableapp.engine import HOST, Rng, RuleError, piles

from .state import (
    PASSED,
    PHASE_CHOOSE_FIRST,
    PHASE_OVER,
    PHASE_PLAYING,
    PLAYING,
    Event,
    State,
    card,
    card_text,
    draw_cards,
    key,
    left_of,
    seat_list,
    status,
    value,
    who,
)

#: ZL-8: a player at this many points or more ends the game.
TARGET = 21


def deal_round(state: State, order: list[int], rule: str, rng: Rng, events: list[Event]) -> None:
    """Deal one card face up into each Refuge in ``order``; the lowest card starts (ZL-1, ZL-9)."""
    dealt = draw_cards(state, len(order), rng, events)
    for seat, card_id in zip(order, dealt, strict=True):
        state["refuges"][key(seat)] = [{"card": card_id, "face_up": True}]
        events.append(
            {
                "text": f"{who(seat)} is dealt {card_text(state, card_id)}.",
                "seat": seat,
                "card": card(state, card_id),
                "rule": rule,
            }
        )
    lowest = min(value(state, card_id) for card_id in dealt)
    tied = [s for s in state["seats"] if _dealt_value(state, s) == lowest]
    if len(tied) == 1:
        _start(state, tied[0], rule, events, f"{who(tied[0])} has the lowest card and starts.")
        return
    # ZL-1 / ZL-9: a tie for the lowest card goes to the oldest of them; the host picks.
    state["phase"] = PHASE_CHOOSE_FIRST
    state["turn"] = None
    state["tied"] = tied
    state["tie_rule"] = rule
    events.append(
        {
            "text": f"{seat_list(tied)} tie for the lowest card: the host picks the oldest of them "
            "to start.",
            "rule": rule,
        }
    )


def choose_first(state: State, seat: int, params: dict, events: list[Event]) -> None:
    """The host settles a tie for the lowest card (ZL-1, ZL-9)."""
    if state["phase"] != PHASE_CHOOSE_FIRST:
        raise RuleError("action_not_available", None, "Nobody is tied for the lowest card.")
    rule = state["tie_rule"]
    if seat != HOST:
        raise RuleError("not_your_turn", None, "The host picks who starts.")
    chosen = params.get("seat")
    if isinstance(chosen, bool) or chosen not in state["tied"]:
        raise RuleError(
            "not_tied", rule, "Only a player tied for the lowest card can start the round."
        )
    _start(state, chosen, rule, events, f"The host picks {who(chosen)} to start.")


def end_round(state: State, rng: Rng, events: list[Event]) -> None:
    """Everyone has passed or been eliminated: score (ZL-7), then end (ZL-8) or deal (ZL-9)."""
    state["turn"] = None
    for seat in state["seats"]:
        points = 0
        # ZL-7: only a player who passed scores, 1 point per face-up card.
        if status(state, seat) == PASSED:
            points = sum(1 for slot in state["refuges"][key(seat)] if slot["face_up"])
            events.append(
                {
                    "text": f"{who(seat)} scores {points} (1 per face-up card).",
                    "seat": seat,
                    "points": points,
                    "rule": "ZL-7",
                }
            )
        state["round_points"][key(seat)].append(points)
        state["scores"][key(seat)] += points
    top = max(state["scores"].values())
    if top >= TARGET:
        # ZL-8: the game ends; the most points wins, and a tie for the most is a shared win.
        winners = [s for s in state["seats"] if state["scores"][key(s)] == top]
        state["phase"] = PHASE_OVER
        state["winners"] = winners
        verb = "wins" if len(winners) == 1 else "share the win"
        events.append({"text": f"{seat_list(winners)} {verb} with {top} points.", "rule": "ZL-8"})
        return
    _new_round(state, rng, events)


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
    return {"winners": list(state["winners"]), "standings": standings}


def _new_round(state: State, rng: Rng, events: list[Event]) -> None:
    """ZL-9: the dealer is the player with the fewest points; the lowest card starts."""
    dealer, why = _dealer(state)
    _collect_cards(state, rng, events)
    state["round"] += 1
    state["status"] = {key(s): PLAYING for s in state["seats"]}
    state["eliminated"] = []
    state["pending"] = None
    state["dealer"] = dealer
    events.append(
        {
            "text": f"Round {state['round']}: {who(dealer)} deals ({why}).",
            "seat": dealer,
            "rule": "ZL-9",
        }
    )
    # The dealer deals from their left and serves themself last.
    deal_round(state, left_of(state, dealer), "ZL-9", rng, events)


def _dealer(state: State) -> tuple[int, str]:
    """ZL-9: fewest cumulative points; a tie goes to the first of them eliminated this round.

    If none of the tied players was eliminated the rule text is silent: the app takes the
    first of them in table order (the app deals from a shuffled pile, so it changes nothing).
    """
    fewest = min(state["scores"].values())
    tied = [s for s in state["seats"] if state["scores"][key(s)] == fewest]
    if len(tied) == 1:
        return tied[0], "fewest points"
    for seat in state["eliminated"]:
        if seat in tied:
            return seat, "tied on fewest points, eliminated first"
    return tied[0], "tied on fewest points, none eliminated: first in table order"


def _collect_cards(state: State, rng: Rng, events: list[Event]) -> None:
    """ZL-10: by default everything is shuffled together again; with the option
    ``continue_draw_pile`` the Refuges and the Horde go to the discard and the pile goes on."""
    pile = state["piles"]
    for seat in state["seats"]:
        piles.put_top(pile, "discard", [slot["card"] for slot in state["refuges"][key(seat)]])
        state["refuges"][key(seat)] = []
    piles.move_all(pile, "horde", "discard")
    if state["options"]["continue_draw_pile"]:
        events.append(
            {
                "text": "The Refuges and the Horde go to the discard; the draw pile goes on.",
                "rule": "ZL-10",
            }
        )
        return
    piles.move_all(pile, "discard", "draw")
    piles.shuffle(pile, "draw", rng)
    events.append({"text": "All the cards are shuffled into a new draw pile.", "rule": "ZL-10"})


def _start(state: State, seat: int, rule: str, events: list[Event], text: str) -> None:
    state["phase"] = PHASE_PLAYING
    state["turn"] = seat
    state["tied"] = []
    state["tie_rule"] = None
    events.append({"text": text, "seat": seat, "rule": rule})


def _dealt_value(state: State, seat: int) -> int:
    return value(state, state["refuges"][key(seat)][0]["card"])
