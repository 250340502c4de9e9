"""The effects of a Zombie card (the Eat Zem All rulebook, "Zombie Card Effects", the FAQ on an
empty reserve; EZA-T5, T7, T8, T11, EZA-E1).

Each effect of the card being resolved comes here. An activation, an added Zombie and a Panic
are parts of the card, each asked of its own Horde with the parts the card brings after it
(:mod:`.parts`). Added Zombies come from the reserve; with an empty reserve a Horde *may* take
one of its Zombies back from the board (EZA-T5, FAQ), the moved one counting as added by the
card (EZA-T7). "Add 1 of your Zombie cards" is a private choice (EZA-T8, :mod:`.zombie_cards`).
Once the last Human is gone, the effects still to resolve ask nothing (EZA-E1).
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, Question, action, choice, piles
from ...engine.messages import pack_names
from . import parts, zombie_cards
from .adding import SPOTS, add_or_move, place, spots_for, where_added
from .effects import describe
from .mutations import start_mutation
from .state import State, Step, activatable, horde, human_name, name, nobody_left, pawn_out


def _zombie_effect(state: State, step: Step, ctx: Ctx) -> None:
    seat, effect = step["seat"], step["effect"]
    if nobody_left(state):
        _once_nobody_is_left(state, ctx, seat, effect)
    elif effect.startswith("activate:") or effect in (*parts.ADDS, "panic"):
        parts.start(state, ctx, step)
    elif effect == "add_zombie_card":
        if zombie_cards.draw(state, ctx, seat):
            Flow.push(state, {"kind": "pick_zombie_card", "seat": seat})
    elif effect == "mutate":
        start_mutation(state, ctx, seat, draft=bool(state["options"].get("mutation_draft")))
        if state["pending_mutations"]:
            Flow.push(state, {"kind": "await_mutations", "reason": "effect"})
    elif effect.startswith("discard_human_cards:"):
        discard_human_cards(state, ctx, int(effect.split(":")[1]))


def _once_nobody_is_left(state: State, ctx: Ctx, seat: int, effect: str) -> None:
    """EZA-E1: nothing left to bite, frighten or mutate for; a Zombie added still counts
    (EZA-E4), the one an activation adds instead too (EZA-T5); a Trait's discard is done."""
    if effect.startswith("activate:") and activatable(state, seat) == 0:
        effect = "add_zombie"  # EZA-T5 still adds a Zombie
    if effect in parts.ADDS:
        if horde(state, seat)["reserve"] == 0:
            return  # moving a Zombie changes nothing the score counts
        spots = spots_for(state, seat, effect)
        if spots:
            place(state, ctx, seat, spots[-1])
        else:
            pawn_out(state, seat)
            ctx.say(
                M("eza.added", horde=name(state, seat), where=where_added(effect)),
                rule="EZA-T7",
                seat=seat,
            )
    elif effect.startswith("discard_human_cards:"):
        discard_human_cards(state, ctx, int(effect.split(":")[1]))
    else:
        ctx.say(M("eza.effect.skipped", horde=name(state, seat), effect=describe(effect)))


def _take_back_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    if act["params"]["choice"] == "leave":
        ctx.say(M("eza.take_back.none", horde=name(state, seat)), rule="EZA-T5")
    else:
        add_or_move(state, ctx, seat, step["where"])


def discard_human_cards(state: State, ctx: Ctx, n: int) -> None:
    """A Trait's "discard N Human cards": from the top of the deck, never reshuffling for it."""
    hc = state["human_cards"]
    cards = piles.draw(hc, "deck", min(n, len(hc["deck"])))
    piles.put_top(hc, "discard", cards)
    ctx.say(
        M("eza.discard_human_cards", count=n, cards=[human_card_name(state, c) for c in cards]),
        cards=cards,
    )


def human_card_name(state: State, card_id: str) -> dict:
    content = state["content"]
    if card_id in content["events"]:
        return pack_names(content["events"][card_id])
    return M("eza.human_card", human=human_name(state, content["human_cards"][card_id]["human"]))


STEPS = {"zombie_effect": _zombie_effect}

QUESTIONS = {
    "take_back": Question(
        rule="EZA-T5",
        specs=lambda state, step, seat: [
            action(
                "take_back",
                M("eza.action.take_back"),
                choice=choice(
                    ["take", "leave"],
                    [M("eza.take_back.take", where=step["where"]), SPOTS["none"]],
                    value="take",
                    destructive=["leave"],
                ),
            )
        ],
        apply=_take_back_apply,
        prompt=lambda state, step: M("eza.prompt.take_back", horde=name(state, step["seat"])),
        ask=lambda state, step: M("eza.ask.take_back", where=step["where"]),
    ),
    "pick_zombie_card": Question(
        rule="EZA-T8",
        specs=lambda state, step, seat: zombie_cards.specs(state, seat),
        apply=zombie_cards.pick_apply,
        refuse=lambda state, step, seat, act: zombie_cards.refuse(state, seat, act),
        prompt=lambda state, step: M(
            "eza.prompt.pick_zombie_card", horde=name(state, step["seat"])
        ),
        ask=lambda state, step: M("eza.ask.pick_zombie_card"),
    ),
}
