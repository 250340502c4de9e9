"""Phase 1 begins: the track and the card being resolved (the Eat Zem All rulebook, "Turn Order",
"Phase 1: Zombie Attack", "Resolving the Chosen Card"; EZA-T1, T2, T3).

The active Horde takes a card from the track (the only one left, without a question); the app
states who applies what, in which order (EZA-T1), and queues every Horde's effects. An empty
track is refilled with a Mutation round (EZA-T2); an empty Zombie draw pile is rebuilt from the
shuffled active pile (EZA-T3). When the last effect is resolved the Human retaliation starts
(EZA-H1), or the game ends (EZA-E1).
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, Question, RuleError, action, choice, decks, piles, turns
from ...engine.messages import pack_names
from .effects import describe_all
from .mutations import start_mutation
from .scoring import finish
from .state import (
    State,
    Step,
    colour_owner,
    in_play,
    name,
    reset_card_counters,
)


def _turn_start(state: State, step: Step, ctx: Ctx) -> None:
    state["turn"] += 1
    state["phase"] = "attack"
    state["card"] = None
    active = state["active"]
    for h in state["hordes"].values():
        h["killed"] = 0  # Play dead: Zombies killed this turn (EZA-T12)
        h["thick_skull"] = False
    ctx.say(M("eza.turn.start", turn=state["turn"], horde=name(state, active)), turn=state["turn"])
    zc = state["zombie_cards"]
    if not zc["track"]:  # EZA-T2
        zc["track"] = draw_zombie_cards(state, ctx, state["content"]["box"]["track_size"])
        ctx.say(
            M("eza.track.refilled", count=len(zc["track"])),
            rule="EZA-T2",
            reason=M("eza.track.refilled.reason"),
        )
        for seat in turns.clockwise_from(state["seats"], active):
            start_mutation(state, ctx, seat, draft=False)
    choose = {"kind": "card_choice", "seat": active}
    if state["pending_mutations"]:  # the Mutations are chosen before the card
        Flow.push(state, {"kind": "await_mutations", "reason": "track"}, choose)
    else:
        Flow.push(state, choose)


def draw_zombie_cards(state: State, ctx: Ctx, n: int) -> list[str]:
    """EZA-T3: an empty Zombie draw pile takes the shuffled active pile."""

    def reshuffled() -> None:
        ctx.say(M("eza.track.reshuffled"), rule="EZA-T3")

    return decks.draw(
        state["zombie_cards"], ctx.rng, n, source="draw", discard="active", on_reshuffle=reshuffled
    )


def card_label(state: State, card_id: str) -> dict:
    """A Zombie card with what it does: "Shamble: 1 Zombie benefits from 3 actions · Bonus …"."""
    card = state["content"]["zombie_cards"][card_id]
    main = describe_all(card.get("main", []))
    bonus = describe_all(card.get("bonus", []))
    return M(
        "eza.card.with_bonus" if bonus else "eza.card.plain",
        card=pack_names(card),
        main=main,
        bonus=bonus,
    )


def _choose_specs(state: State, step: Step, seat: int) -> list[dict]:
    track = state["zombie_cards"]["track"]
    return [
        action(
            "take_card",
            M("eza.action.take_card"),
            card=choice(track, [card_label(state, c) for c in track]),
        )
    ]


def _choose_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if (
        act["type"] == "take_card"
        and act["params"].get("card") not in state["zombie_cards"]["track"]
    ):
        return RuleError("not_on_track", "EZA-T1", M("eza.refuse.not_on_track"))
    return None


def _card_choice(state: State, step: Step, ctx: Ctx) -> None:
    """The active Horde chooses a card, unless the track holds only one: it takes that one
    without a question (nothing to choose)."""
    track = state["zombie_cards"]["track"]
    if len(track) == 1:
        take_card(state, ctx, step["seat"], track[0])
    else:
        Flow.push(state, {"kind": "choose_card", "seat": step["seat"]})


def _choose_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    take_card(state, ctx, seat, act["params"]["card"])


def take_card(state: State, ctx: Ctx, seat: int, card_id: str) -> None:
    piles.move(state["zombie_cards"], card_id, "track", "active")
    card = state["content"]["zombie_cards"][card_id]
    order = resolution_order(state, seat, card.get("colour"))
    state["card"] = {"id": card_id, "order": order}
    reset_card_counters(state)
    ctx.say(
        M(
            "eza.card.taken",
            horde=name(state, seat),
            card=pack_names(card),
            order=order_message(state, order),
        ),
        rule="EZA-T1",
        reason=M("eza.card.taken.reason"),
        card=card_id,
        order=order,
    )
    steps: list[Step] = []
    for entry in order:
        steps.append({"kind": "horde_applies", "seat": entry["seat"], "parts": entry["parts"]})
        for part in entry["parts"]:
            steps += [
                {"kind": "zombie_effect", "seat": entry["seat"], "effect": e, "part": part}
                for e in card.get(part, [])
            ]
    steps.append({"kind": "card_end"})
    Flow.push(state, *steps)


def resolution_order(state: State, active: int, colour: str | None) -> list[dict]:
    """EZA-T1: who applies which parts of the card, in order."""
    owner = colour_owner(state, colour)
    order = [{"seat": active, "parts": ["main", "bonus"]}]
    for seat in turns.clockwise_from(state["seats"], active)[1:]:
        order.append({"seat": seat, "parts": ["main", "bonus"] if seat == owner else ["main"]})
    return order


def order_message(state: State, order: list[dict]) -> dict:
    """EZA-T1 read aloud: "1. Yellow: main + bonus, 2. Green: main + bonus (its colour) …"."""
    entries = []
    for i, entry in enumerate(order):
        bonus = "bonus" in entry["parts"]
        if bonus and i > 0:
            entries.append(M("eza.order.owner", n=i + 1, horde=name(state, entry["seat"])))
        elif bonus:
            entries.append(M("eza.order.both", n=i + 1, horde=name(state, entry["seat"])))
        else:
            entries.append(M("eza.order.main", n=i + 1, horde=name(state, entry["seat"])))
    return M("eza.order", entries=entries)


def _horde_applies(state: State, step: Step, ctx: Ctx) -> None:
    both = "bonus" in step["parts"]
    ctx.say(
        M("eza.applies.both" if both else "eza.applies.main", horde=name(state, step["seat"])),
        rule="EZA-T1",
        seat=step["seat"],
    )


def _card_end(state: State, step: Step, ctx: Ctx) -> None:
    mc = state["mutation_cards"]
    if mc["draft"]:  # EZA-T10: the last card of the draft is discarded
        piles.move_all(mc, "draft", "discard")
    state["card"] = None
    if not in_play(state):  # EZA-E1: the card is resolved, no Human is left
        finish(state, ctx)
        return
    Flow.push(state, {"kind": "human_phase_start"})


STEPS = {
    "turn_start": _turn_start,
    "card_choice": _card_choice,
    "horde_applies": _horde_applies,
    "card_end": _card_end,
}

QUESTIONS = {
    "choose_card": Question(
        rule="EZA-T1",
        specs=_choose_specs,
        apply=_choose_apply,
        refuse=_choose_refuse,
        prompt=lambda state, step: M("eza.prompt.choose_card", horde=name(state, step["seat"])),
        ask=lambda state, step: M("eza.ask.choose_card"),
    ),
}
