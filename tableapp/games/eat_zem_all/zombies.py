"""The effects of a Zombie card (the Eat Zem All rulebook, "Zombie Card Effects", the FAQ on an
empty reserve; EZA-T5, T7, T8, T11, EZA-E1).

Each effect of the card being resolved comes here; activations are in :mod:`.activations`.
Added Zombies come from the reserve; with an empty reserve a Horde *may* take one of its Zombies
back from the board (EZA-T5, FAQ), the moved one counting as added by the card (EZA-T7). Panic
frightens a Human (EZA-T11); "add 1 of your Zombie cards" is a private choice (EZA-T8). Once the
last Human is gone, the effects still to resolve ask nothing (EZA-E1).
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, Question, RuleError, action, choice, piles
from ...engine.messages import pack_names
from .activations import start_activation, start_run
from .adding import (
    HOUSE_WHERE,
    SPOTS,
    add_or_move,
    cemetery_spots,
    frighten,
    panic_alone,
    panic_targets,
    place,
)
from .effects import describe
from .mutations import start_mutation
from .state import (
    State,
    Step,
    activatable,
    horde,
    human_labels,
    human_name,
    name,
    nobody_left,
    pawn_out,
)


def _zombie_effect(state: State, step: Step, ctx: Ctx) -> None:
    seat, effect = step["seat"], step["effect"]
    if nobody_left(state) and effect not in ("add_zombie", "add_zombie_outside", "ambush"):
        if effect.startswith("activate:") and activatable(state, seat) == 0:
            add_zombie(state, ctx, seat)  # EZA-T5 still adds a Zombie: it counts (EZA-E4)
        elif effect.startswith("discard_human_cards:"):
            discard_human_cards(state, ctx, int(effect.split(":")[1]))
        else:  # EZA-E1: nothing left to bite, frighten or mutate for
            ctx.say(M("eza.effect.skipped", horde=name(state, seat), effect=describe(effect)))
        return
    if effect.startswith("activate:"):
        start_activation(state, ctx, seat, effect, step.get("entered"), step.get("granted"))
    elif effect in ("add_zombie", "add_zombie_outside", "ambush"):
        add_zombie(state, ctx, seat, effect, step.get("entered"))
    elif effect == "add_zombie_card":
        _add_zombie_card(state, ctx, seat)
    elif effect == "mutate":
        start_mutation(state, ctx, seat, draft=bool(state["options"].get("mutation_draft")))
        if state["pending_mutations"]:
            Flow.push(state, {"kind": "await_mutations", "reason": "effect"})
    elif effect == "panic":
        _panic(state, ctx, seat, step.get("entered"))
    elif effect.startswith("discard_human_cards:"):
        discard_human_cards(state, ctx, int(effect.split(":")[1]))


# --- adding Zombies (EZA-T5, T7) ------------------------------------------------------------


def add_zombie(
    state: State, ctx: Ctx, seat: int, effect: str = "add_zombie", entered: dict | None = None
) -> None:
    """Add 1 Zombie of ``seat``; in the Cemetery the Horde says where (a closed tomb loses its
    Tombstone); with an empty reserve it may move one from the board instead (EZA-T5). A choice
    of spot may open the card's shared form with the public effects after it (EZA-T1)."""
    empty = horde(state, seat)["reserve"] == 0
    if empty and nobody_left(state):
        return  # moving a Zombie changes nothing the score counts (EZA-E1)
    if state["side"] == "house" or effect == "ambush":
        where = HOUSE_WHERE[effect] if state["side"] == "house" else HOUSE_WHERE["ambush"]
        if empty:
            Flow.push(state, {"kind": "take_back", "seat": seat, "where": where})
        else:
            pawn_out(state, seat)
            ctx.say(M("eza.added", horde=name(state, seat), where=where), rule="EZA-T7", seat=seat)
        return
    spots = cemetery_spots(state, seat, effect)
    if nobody_left(state):
        place(state, ctx, seat, spots[-1])
    elif len(spots) == 1 and not empty:
        place(state, ctx, seat, spots[0])
    elif empty:
        Flow.push(state, {"kind": "place_zombie", "seat": seat, "spots": [*spots, "none"]})
    else:
        row = {"row": "add", "seat": seat, "effect": effect, "spots": spots}
        start_run(state, ctx, {**row, "entered": entered} if entered else row)


def _spots(state: State, step: Step) -> list[str]:
    """Where the new Zombie may go now (a Tombstone may have gone meanwhile: Splinters)."""
    closed = state["tombstones"]["on_board"] > 0
    return [s for s in step["spots"] if s != "closed_tomb" or closed]


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


# --- Panic (EZA-T11) ------------------------------------------------------------------------


def _panic(state: State, ctx: Ctx, seat: int, entered: dict | None = None) -> None:
    if not panic_alone(state, ctx, seat):
        row = {"row": "panic", "seat": seat}
        start_run(state, ctx, {**row, "entered": entered} if entered else row)


def _panic_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if act["type"] == "panic" and act["params"].get("human") not in panic_targets(state):
        return RuleError("not_frightenable", "EZA-T11", M("eza.refuse.not_frightenable"))
    return None


# --- "Add 1 of your Zombie cards" (EZA-T8) ---------------------------------------------------


def _add_zombie_card(state: State, ctx: Ctx, seat: int) -> None:
    zc = state["zombie_cards"]
    reserve = f"reserve:{seat}"
    drawn = piles.draw(zc, reserve, min(2, len(zc[reserve])))
    if not drawn:
        ctx.say(M("eza.zombie_card.none", horde=name(state, seat)), rule="EZA-T8")
    elif len(drawn) == 1:
        piles.put_top(zc, "draw", drawn)
        ctx.say(
            M("eza.zombie_card.last", horde=name(state, seat)),
            rule="EZA-T8",
            private={seat: _card_part(state, drawn)},
        )
    else:
        piles.put_top(zc, f"choice:{seat}", drawn)
        ctx.say(
            M("eza.zombie_card.drawn", horde=name(state, seat)),
            rule="EZA-T8",
            private={seat: _card_part(state, drawn)},
        )
        Flow.push(state, {"kind": "pick_zombie_card", "seat": seat})


def _card_part(state: State, cards: list[str]) -> dict:
    names = [pack_names(state["content"]["zombie_cards"][c]) for c in cards]
    return {
        **M("eza.zombie_card.you_drew", cards=names),
        "cards": list(cards),
        "seen": M("eza.zombie_card.seen", cards=names),  # an undo's reveal, third person
    }


def _pick_specs(state: State, step: Step, seat: int) -> list[dict]:
    from .track import card_label

    cards = state["zombie_cards"][f"choice:{seat}"]
    return [
        action(
            "add_zombie_card",
            M("eza.action.add_zombie_card"),
            card=choice(cards, [card_label(state, c) for c in cards]),
        )
    ]


def _pick_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    zc = state["zombie_cards"]
    chosen = act["params"]["card"]
    piles.move(zc, chosen, f"choice:{seat}", "draw")
    for card in list(zc[f"choice:{seat}"]):
        piles.move(zc, card, f"choice:{seat}", f"reserve:{seat}", bottom=True)
    placed = pack_names(state["content"]["zombie_cards"][chosen])
    ctx.say(
        M("eza.zombie_card.placed", horde=name(state, seat)),
        rule="EZA-T8",
        private={
            seat: {
                **M("eza.zombie_card.you_placed", card=placed),
                "seen": M("eza.zombie_card.seen_placed", card=placed),
            }
        },
    )


def _pick_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if (
        act["type"] == "add_zombie_card"
        and act["params"].get("card") not in state["zombie_cards"][f"choice:{seat}"]
    ):
        return RuleError("not_drawn", "EZA-T8", M("eza.refuse.zombie_card_drawn"))
    return None


STEPS = {"zombie_effect": _zombie_effect}

QUESTIONS = {
    "place_zombie": Question(
        rule="EZA-T5",
        specs=lambda state, step, seat: [
            action(
                "place_zombie",
                M("eza.action.place_zombie"),
                where=choice(_spots(state, step), [SPOTS[s] for s in _spots(state, step)]),
            )
        ],
        apply=lambda state, step, seat, act, ctx: place(state, ctx, seat, act["params"]["where"]),
        prompt=lambda state, step: M("eza.prompt.place_zombie", horde=name(state, step["seat"])),
        ask=lambda state, step: M("eza.ask.place_zombie"),
    ),
    "take_back": Question(
        rule="EZA-T5",
        specs=lambda state, step, seat: [
            action(
                "take_back",
                M("eza.action.take_back"),
                choice=choice(
                    ["take", "leave"],
                    [M("eza.take_back.take", where=step["where"]), SPOTS["none"]],
                ),
            )
        ],
        apply=_take_back_apply,
        prompt=lambda state, step: M("eza.prompt.take_back", horde=name(state, step["seat"])),
        ask=lambda state, step: M("eza.ask.take_back", where=step["where"]),
    ),
    "panic": Question(
        rule="EZA-T11",
        specs=lambda state, step, seat: [
            action(
                "panic",
                M("eza.action.panic"),
                human=choice(panic_targets(state), human_labels(state, panic_targets(state))),
            )
        ],
        apply=lambda state, step, seat, act, ctx: frighten(
            state, ctx, seat, act["params"]["human"]
        ),
        refuse=_panic_refuse,
        prompt=lambda state, step: M("eza.prompt.panic", horde=name(state, step["seat"])),
        ask=lambda state, step: M("eza.ask.panic"),
    ),
    "pick_zombie_card": Question(
        rule="EZA-T8",
        specs=_pick_specs,
        apply=_pick_apply,
        refuse=_pick_refuse,
        prompt=lambda state, step: M(
            "eza.prompt.pick_zombie_card", horde=name(state, step["seat"])
        ),
        ask=lambda state, step: M("eza.ask.pick_zombie_card"),
    ),
}
