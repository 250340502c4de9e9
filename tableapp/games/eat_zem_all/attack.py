"""Phase 1: the Zombie attack (the Eat Zem All rulebook, "Phase 1: Zombie Attack", "Zombie Card
Effects", "Description of Zombie Actions", "Mutations"; EZA-T1..T12).

The active Horde takes a card from the track; the app states who applies what, in which order
(EZA-T1), and walks every Horde through its effects: Zombie activations action by action (bites
recorded here start the Feast, EZA-T6), added Zombies and the pawn reserve (EZA-T5, T7), Zombie
cards added from a Horde's reserve (EZA-T8, a private choice), Mutations (EZA-T9, T10, private
until kept) and Panic (EZA-T11). An empty track is refilled with a Mutation round (EZA-T2); empty
draw piles are rebuilt from the active pile (EZA-T3) and the Mutation discard (EZA-T4).
"""

from __future__ import annotations

from ...engine import RuleError, action, choice, piles
from . import feast
from .content import activation, describe
from .flow import (
    Ctx,
    Question,
    State,
    Step,
    activatable,
    add_pawn,
    auto,
    colour_owner,
    horde,
    human,
    human_name,
    in_play,
    name,
    order_from,
    push,
    question,
    reset_card_counters,
)

_ADD_WHERE = {
    ("house", "add_zombie"): "in a room with no Human, or outside",
    ("house", "add_zombie_outside"): "outside",
}
#: Where a Cemetery Zombie may be added, per effect icon ("Zombie Card Effects").
_CEMETERY_SPOTS = {
    "add_zombie": ["closed_tomb", "open_tomb"],
    "add_zombie_outside": ["closed_tomb", "common_grave"],
}
_SPOT_WORDS = {
    "closed_tomb": "on a closed tomb (its Tombstone goes back to the box)",
    "open_tomb": "on an open tomb",
    "common_grave": "in the Common Grave",
}


# --- the start of a turn and the track (EZA-T1, T2, T3) ----------------------------------------


@auto("turn_start")
def _turn_start(state: State, step: Step, ctx: Ctx) -> None:
    state["turn"] += 1
    state["phase"] = "attack"
    state["card"] = None
    active = state["active"]
    ctx.say(f"Turn {state['turn']}: {name(state, active)} is the active Horde.")
    zc = state["zombie_cards"]
    if not zc["track"]:  # EZA-T2
        for _ in range(state["content"]["box"]["track_size"]):
            card = _draw_zombie_card(state, ctx)
            if card is None:
                break
            zc["track"].append(card)
        ctx.say(
            f"The track was empty: {len(zc['track'])} new Zombie cards are put on it and every "
            "Horde draws 2 Mutations and keeps 1.",
            rule="EZA-T2",
            reason="The track is refilled only when a card must be chosen from an empty track.",
        )
        for seat in order_from(state, active):
            start_mutation(state, ctx, seat, draft=False)
        push(state, {"kind": "await_mutations", "reason": "track"}, choose_card_step(state))
    else:
        push(state, choose_card_step(state))


def choose_card_step(state: State) -> Step:
    return {"kind": "choose_card", "seat": state["active"]}


def _draw_zombie_card(state: State, ctx: Ctx) -> str | None:
    zc = state["zombie_cards"]
    if not zc["draw"] and zc["active"]:  # EZA-T3
        piles.move_all(zc, "active", "draw")
        piles.shuffle(zc, "draw", ctx.rng)
        ctx.say(
            "The Zombie draw pile is empty: the active card pile is shuffled into a new one.",
            rule="EZA-T3",
        )
    return piles.draw(zc, "draw", 1, ctx.rng)[0] if zc["draw"] else None


def _choose_card_specs(state: State, step: Step, seat: int) -> list[dict]:
    return [
        action(
            "take_card",
            "Take a Zombie card from the track",
            card=choice(state["zombie_cards"]["track"]),
        )
    ]


def _choose_card_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if (
        act["type"] == "take_card"
        and act["params"].get("card") not in state["zombie_cards"]["track"]
    ):
        return RuleError("not_on_track", "EZA-T1", "Take one of the Zombie cards on the track.")
    return None


def _choose_card_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    card_id = act["params"]["card"]
    piles.move(state["zombie_cards"], card_id, "track", "active")
    card = state["content"]["zombie_cards"][card_id]
    order = resolution_order(state, seat, card.get("colour"))
    state["card"] = {"id": card_id, "order": order}
    reset_card_counters(state)
    ctx.say(
        f"{name(state, seat)} takes {card['name']}. " + order_text(state, order),
        rule="EZA-T1",
        reason="The active Horde applies main then bonus effects; then clockwise every other "
        "Horde applies the main effects, and the card's colour owner its bonus too.",
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
    push(state, *steps)


question(
    "choose_card",
    Question(
        rule="EZA-T1",
        specs=_choose_card_specs,
        apply=_choose_card_apply,
        refuse=_choose_card_refuse,
        text=lambda state, step: f"{name(state, step['seat'])}: take a Zombie card from the track.",
    ),
)


def resolution_order(state: State, active: int, colour: str | None) -> list[dict]:
    """EZA-T1: who applies which parts of the card, in order."""
    owner = colour_owner(state, colour)
    order = [{"seat": active, "parts": ["main", "bonus"]}]
    for seat in order_from(state, active)[1:]:
        order.append({"seat": seat, "parts": ["main", "bonus"] if seat == owner else ["main"]})
    return order


def order_text(state: State, order: list[dict]) -> str:
    parts = []
    for i, entry in enumerate(order):
        what = "main + bonus" if "bonus" in entry["parts"] else "main"
        owner = " (its colour)" if i > 0 and "bonus" in entry["parts"] else ""
        parts.append(f"{i + 1}. {name(state, entry['seat'])}: {what}{owner}")
    return "Resolution order: " + "; ".join(parts) + "."


@auto("horde_applies")
def _horde_applies(state: State, step: Step, ctx: Ctx) -> None:
    what = "main and bonus effects" if "bonus" in step["parts"] else "main effects"
    ctx.say(f"{name(state, step['seat'])} applies the {what}.", rule="EZA-T1")


@auto("card_end")
def _card_end(state: State, step: Step, ctx: Ctx) -> None:
    mc = state["mutation_cards"]
    if mc["draft"]:  # EZA-T10: the last card of the draft is discarded
        piles.move_all(mc, "draft", "discard")
    state["card"] = None
    if not in_play(state):  # EZA-E1: the card is resolved, no Human is left
        from .flow import finish

        finish(state, ctx)
        return
    push(state, {"kind": "human_phase_start"})


# --- the effects of a card (and of Traits, EZA-F1) --------------------------------------------


@auto("zombie_effect")
def _zombie_effect(state: State, step: Step, ctx: Ctx) -> None:
    seat, effect = step["seat"], step["effect"]
    if effect.startswith("activate:"):
        start_activation(state, ctx, seat, effect)
    elif effect in ("add_zombie", "add_zombie_outside"):
        add_zombie(state, ctx, seat, effect)
    elif effect == "add_zombie_card":
        _add_zombie_card(state, ctx, seat)
    elif effect == "mutate":
        start_mutation(state, ctx, seat, draft=bool(state["options"].get("mutation_draft")))
        push(state, {"kind": "await_mutations", "reason": "effect"})
    elif effect == "panic":
        if _panic_targets(state):
            push(state, {"kind": "panic", "seat": seat})
        else:
            ctx.say("Panic: no Human can be frightened.", rule="EZA-T11")
    elif effect.startswith("discard_human_cards:"):
        discard_human_cards(state, ctx, int(effect.split(":")[1]))


def add_zombie(state: State, ctx: Ctx, seat: int, effect: str = "add_zombie") -> None:
    """Add 1 Zombie; in the Cemetery the Horde says where (a closed tomb loses its Tombstone)."""
    if state["side"] == "house":
        add_pawn(state, ctx, seat, _ADD_WHERE[("house", effect)])
        return
    spots = [
        s
        for s in _CEMETERY_SPOTS[effect]
        if s != "closed_tomb" or state["tombstones"]["on_board"] > 0
    ]
    if len(spots) == 1:
        _place_in_cemetery(state, ctx, seat, spots[0])
    else:
        push(state, {"kind": "place_zombie", "seat": seat, "spots": spots})


def _place_in_cemetery(state: State, ctx: Ctx, seat: int, spot: str) -> None:
    if spot == "closed_tomb":
        state["tombstones"]["on_board"] -= 1
        state["tombstones"]["box"] += 1
    add_pawn(state, ctx, seat, _SPOT_WORDS[spot])


question(
    "place_zombie",
    Question(
        rule="EZA-T5",
        specs=lambda state, step, seat: [
            action("place_zombie", "Where does the new Zombie go?", where=choice(step["spots"]))
        ],
        apply=lambda state, step, seat, act, ctx: _place_in_cemetery(
            state, ctx, seat, act["params"]["where"]
        ),
        text=lambda state, step: f"{name(state, step['seat'])}: add 1 Zombie — where?",
    ),
)


def discard_human_cards(state: State, ctx: Ctx, n: int) -> None:
    """A Trait's "discard N Human cards": from the top of the deck, never reshuffling for it."""
    hc = state["human_cards"]
    cards = piles.draw(hc, "deck", min(n, len(hc["deck"])), ctx.rng)
    piles.put_top(hc, "discard", cards)
    names = ", ".join(_human_card_name(state, c) for c in cards) or "none (the deck is empty)"
    ctx.say(f"The top {n} Human card(s) are discarded: {names}.")


def _human_card_name(state: State, card_id: str) -> str:
    if card_id in state["content"]["events"]:
        return state["content"]["events"][card_id]["name"]
    return f"{human_name(state, state['content']['human_cards'][card_id]['human'])}'s card"


# --- activations (EZA-T5, T6, T7) --------------------------------------------------------------


def start_activation(state: State, ctx: Ctx, seat: int, effect: str) -> None:
    n, k = activation(effect)
    available = activatable(state, seat)
    if available == 0:  # EZA-T5
        ctx.say(
            f"{name(state, seat)} has no Zombie it may activate: it adds 1 Zombie instead.",
            rule="EZA-T5",
            reason="An effect that activates Zombies when a Horde has none to activate adds one.",
        )
        add_zombie(state, ctx, seat)
        return
    zombies = available if n is None else min(n, available)
    push(
        state,
        {
            "kind": "activation",
            "seat": seat,
            "zombies": zombies,
            "actions": k,
            "used": 0,
            "bit": False,
            "effect": effect,
        },
    )


def _activation_specs(state: State, step: Step, seat: int) -> list[dict]:
    specs = []
    humans = in_play(state)
    if humans and not step["bit"]:  # EZA-T6: one bite per activation
        specs.append(action("bite", "Bite an adjacent Human", human=choice(humans)))
    if state["side"] == "house":
        openings = [o for o, cubes in state["defenses"].items() if cubes > 0]
        if openings:
            specs.append(
                action(
                    "remove_defense", "Remove an adjacent Defense cube", opening=choice(openings)
                )
            )
    specs.append(action("zombie_action", "Move or stand up (1 action)"))
    if step["used"] > 0:
        specs.append(action("end_zombie", "This Zombie is done"))
    specs.append(action("end_activation", "Stop activating Zombies for this effect"))
    return specs


def _activation_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if act["type"] == "bite" and step["bit"]:
        return RuleError("already_bit", "EZA-T6", "A Zombie bites at most once per activation.")
    if act["type"] == "bite" and act["params"].get("human") not in in_play(state):
        return RuleError("not_in_play", "EZA-E2", "That Human is no longer in play.")
    return None


def _activation_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    kind = act["type"]
    who = name(state, seat)
    if kind == "end_activation":
        ctx.say(f"{who} stops activating Zombies for this effect.")
        return
    if kind == "end_zombie":
        _next_zombie(state, ctx, step)
        return
    if step["used"] == 0:
        horde(state, seat)["activated"] += 1  # EZA-T7: activated once per card
    step["used"] += 1
    if kind == "bite":
        hid = act["params"]["human"]
        step["bit"] = True
        if feast.bite(state, ctx, seat, hid):
            ctx.say(
                f"{who}'s Zombie took {human_name(state, hid)}'s last Bite token: it loses its "
                "remaining actions and the Feast starts now.",
                rule="EZA-T6",
            )
            _next_zombie(state, ctx, step)
            feast.start_feast(state, ctx, hid, seat)
            return
    elif kind == "remove_defense":
        opening = act["params"]["opening"]
        state["defenses"][opening] -= 1
        state["defense_box"] += 1
        opening_name = state["content"]["board"]["openings"][opening]["name"]
        ctx.say(f"{who}'s Zombie removes a Defense cube from the {opening_name}.")
    else:
        ctx.say(f"{who}'s Zombie moves or stands up.")
    if step["used"] >= step["actions"]:
        _next_zombie(state, ctx, step)
    else:
        push(state, step)


def _next_zombie(state: State, ctx: Ctx, step: Step) -> None:
    step["zombies"] -= 1
    step["used"] = 0
    step["bit"] = False
    if step["zombies"] > 0 and activatable(state, step["seat"]) > 0:
        push(state, step)


def _activation_text(state: State, step: Step) -> str:
    left = step["actions"] - step["used"]
    return (
        f"{name(state, step['seat'])}: {describe(step['effect'])} — this Zombie has {left} "
        f"action(s) left, {step['zombies']} Zombie(s) to go."
    )


question(
    "activation",
    Question(
        rule="EZA-T6",
        specs=_activation_specs,
        apply=_activation_apply,
        refuse=_activation_refuse,
        text=_activation_text,
    ),
)


# --- Panic (EZA-T11) ------------------------------------------------------------------------


def _panic_targets(state: State) -> list[str]:
    return [h for h in in_play(state) if not human(state, h)["frightened"]]


def _panic_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    hid = act["params"]["human"]
    human(state, hid)["frightened"] = True
    ctx.say(
        f"{name(state, seat)} frightens {human_name(state, hid)}: lay the pawn down.",
        rule="EZA-T11",
        reason="The next card that activates a frightened Human only stands it up.",
    )


def _panic_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if act["type"] == "panic" and act["params"].get("human") not in _panic_targets(state):
        return RuleError(
            "not_frightenable", "EZA-T11", "Only a Human in play who is standing can be frightened."
        )
    return None


question(
    "panic",
    Question(
        rule="EZA-T11",
        specs=lambda state, step, seat: [
            action("panic", "Frighten a Human", human=choice(_panic_targets(state)))
        ],
        apply=_panic_apply,
        refuse=_panic_refuse,
        text=lambda state, step: f"{name(state, step['seat'])}: Panic — lay down a Human.",
    ),
)


# --- "Add 1 of your Zombie cards" (EZA-T8) ---------------------------------------------------


def _add_zombie_card(state: State, ctx: Ctx, seat: int) -> None:
    zc = state["zombie_cards"]
    reserve = f"reserve:{seat}"
    drawn = piles.draw(zc, reserve, min(2, len(zc[reserve])), ctx.rng)
    if not drawn:
        ctx.say(f"{name(state, seat)} has no Zombie card left in reserve.", rule="EZA-T8")
    elif len(drawn) == 1:
        piles.put_top(zc, "draw", drawn)
        ctx.say(
            f"{name(state, seat)} puts its last Zombie card on the Zombie draw pile.",
            rule="EZA-T8",
            private={seat: {"zombie_card": card_view(state, drawn[0])}},
        )
    else:
        piles.put_top(zc, f"choice:{seat}", drawn)
        ctx.say(
            f"{name(state, seat)} draws 2 of its Zombie cards and chooses one (private).",
            rule="EZA-T8",
            private={seat: {"zombie_cards_drawn": [card_view(state, c) for c in drawn]}},
        )
        push(state, {"kind": "pick_zombie_card", "seat": seat})


def _pick_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    zc = state["zombie_cards"]
    chosen = act["params"]["card"]
    other = [c for c in zc[f"choice:{seat}"] if c != chosen]
    piles.move(zc, chosen, f"choice:{seat}", "draw")
    for card in other:
        piles.move(zc, card, f"choice:{seat}", f"reserve:{seat}", bottom=True)
    ctx.say(
        f"{name(state, seat)} puts one of its Zombie cards on top of the Zombie draw pile and "
        "the other under its reserve.",
        rule="EZA-T8",
        private={seat: {"zombie_card": card_view(state, chosen)}},
    )


def _pick_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if (
        act["type"] == "add_zombie_card"
        and act["params"].get("card") not in state["zombie_cards"][f"choice:{seat}"]
    ):
        return RuleError("not_drawn", "EZA-T8", "Choose one of the 2 Zombie cards you drew.")
    return None


question(
    "pick_zombie_card",
    Question(
        rule="EZA-T8",
        specs=lambda state, step, seat: [
            action(
                "add_zombie_card",
                "Put this card on the Zombie draw pile",
                card=choice(state["zombie_cards"][f"choice:{seat}"]),
            )
        ],
        apply=_pick_apply,
        refuse=_pick_refuse,
        text=lambda state, step: (
            f"{name(state, step['seat'])}: choose a Zombie card for the draw pile."
        ),
    ),
)


# --- Mutations (EZA-S6, T2, T4, T9, T10) -------------------------------------------------------


def _draw_mutation(state: State, ctx: Ctx) -> str | None:
    mc = state["mutation_cards"]
    if not mc["draw"] and mc["discard"]:  # EZA-T4
        piles.move_all(mc, "discard", "draw")
        piles.shuffle(mc, "draw", ctx.rng)
        ctx.say(
            "The Mutation draw pile is empty: its discard pile is shuffled into a new one.",
            rule="EZA-T4",
        )
    return piles.draw(mc, "draw", 1, ctx.rng)[0] if mc["draw"] else None


def start_mutation(state: State, ctx: Ctx, seat: int, *, draft: bool) -> None:
    """Draw 2 and keep 1 (EZA-T9), or choose from the player-aid draft pool (EZA-T10)."""
    mc = state["mutation_cards"]
    if draft:
        if not mc["draft"]:
            for _ in range(len(state["seats"]) + 1):
                card = _draw_mutation(state, ctx)
                if card is not None:
                    mc["draft"].append(card)
        if mc["draft"]:
            state["pending_mutations"][str(seat)] = {"stage": "draft"}
            ctx.say(
                f"{name(state, seat)} chooses a Mutation from the {len(mc['draft'])} "
                "left in the draft.",
                rule="EZA-T10",
                private={seat: {"mutations_offered": [card_view(state, c) for c in mc["draft"]]}},
            )
        return
    drawn = [c for c in (_draw_mutation(state, ctx), _draw_mutation(state, ctx)) if c]
    if not drawn:
        ctx.say("No Mutation card is left to draw.", rule="EZA-T4")
        return
    piles.put_top(mc, f"choice:{seat}", drawn)
    state["pending_mutations"][str(seat)] = {"stage": "keep"}
    ctx.say(
        f"{name(state, seat)} draws {len(drawn)} Mutation(s) and keeps 1 (private until kept).",
        rule="EZA-T9",
        private={seat: {"mutations_drawn": [card_view(state, c) for c in drawn]}},
    )


def _mutation_actors(state: State, step: Step) -> list[int]:
    pending = state["pending_mutations"]
    return [s for s in order_from(state, state["active"]) if str(s) in pending]


def _mutation_specs(state: State, step: Step, seat: int) -> list[dict]:
    pending = state["pending_mutations"].get(str(seat))
    mc = state["mutation_cards"]
    if pending is None:
        return []
    if pending["stage"] == "discard":
        return [
            action(
                "discard_mutation",
                "You hold 3 Mutations: discard 1",
                card=choice(mc[f"held:{seat}"]),
            )
        ]
    pool = mc["draft"] if pending["stage"] == "draft" else mc[f"choice:{seat}"]
    return [action("keep_mutation", "Keep this Mutation (face up)", card=choice(pool))]


def _mutation_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    specs = _mutation_specs(state, step, seat)
    if not specs:
        return None
    allowed = specs[0]["params"]["card"]["choices"]
    if act["type"] == specs[0]["type"] and act["params"].get("card") not in allowed:
        if act["type"] == "discard_mutation":
            return RuleError("not_held", "EZA-T9", "Discard one of the 3 Mutations you hold.")
        return RuleError("not_drawn", "EZA-T9", "Keep one of the Mutations you drew.")
    return None


def _mutation_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    mc = state["mutation_cards"]
    pending = state["pending_mutations"]
    card = act["params"]["card"]
    who = name(state, seat)
    if act["type"] == "discard_mutation":
        piles.move(mc, card, f"held:{seat}", "discard")
        del pending[str(seat)]
        ctx.say(
            f"{who} discards {_mutation_name(state, card)}: at most 2 Mutations.", rule="EZA-T9"
        )
    else:
        source = "draft" if pending[str(seat)]["stage"] == "draft" else f"choice:{seat}"
        piles.move(mc, card, source, f"held:{seat}")
        others = [c for c in mc[f"choice:{seat}"]]
        for other in others:
            piles.move(mc, other, f"choice:{seat}", "discard")
        ctx.say(
            f"{who} keeps the Mutation {_mutation_name(state, card)} (face up).",
            rule="EZA-T10" if source == "draft" else "EZA-T9",
            private={seat: {"discarded": [card_view(state, c) for c in others]}}
            if others
            else None,
        )
        if len(mc[f"held:{seat}"]) > state["content"]["box"]["mutations_kept"]:
            pending[str(seat)] = {"stage": "discard"}  # EZA-T9: a third one
        else:
            del pending[str(seat)]
    if pending:
        push(state, step)


def _mutation_name(state: State, card: str) -> str:
    return state["content"]["mutations"][card]["name"]


question(
    "await_mutations",
    Question(
        rule="EZA-T9",
        specs=_mutation_specs,
        apply=_mutation_apply,
        refuse=_mutation_refuse,
        actors=_mutation_actors,
        text=lambda state, step: (
            "Mutations: "
            + ", ".join(name(state, s) for s in _mutation_actors(state, step))
            + " choose (privately) which Mutation to keep."
        ),
    ),
)


def instant_mutations(state: State, seat: int) -> list[str]:
    return [
        m
        for m in state["mutation_cards"].get(f"held:{seat}", [])
        if state["content"]["mutations"][m]["kind"] == "instant"
    ]


def use_mutation(state: State, ctx: Ctx, seat: int, card: str) -> None:
    """EZA-T9: an Instant Mutation is discarded once used (its power is played at the table)."""
    piles.move(state["mutation_cards"], card, f"held:{seat}", "discard")
    m = state["content"]["mutations"][card]
    ctx.say(
        f"{name(state, seat)} uses {m['name']}: {m['text']} Then it is discarded.", rule="EZA-T9"
    )


# --- card objects for views and events -------------------------------------------------------


def card_view(state: State, card_id: str) -> dict:
    """A card as phones show it: id, name and what it does."""
    content = state["content"]
    if card_id in content["zombie_cards"]:
        c = content["zombie_cards"][card_id]
        return {
            "id": card_id,
            "name": c["name"],
            "deck": "zombie",
            "colour": c.get("colour"),
            "main": [describe(e) for e in c.get("main", [])],
            "bonus": [describe(e) for e in c.get("bonus", [])],
        }
    if card_id in content["mutations"]:
        m = content["mutations"][card_id]
        return {
            "id": card_id,
            "name": m["name"],
            "deck": "mutation",
            "kind": m["kind"],
            "text": m["text"],
        }
    if card_id in content["events"]:
        e = content["events"][card_id]
        return {
            "id": card_id,
            "name": e["name"],
            "deck": "human",
            "event": e["kind"],
            "text": describe(e["effect"]),
        }
    c = content["human_cards"][card_id]
    return {
        "id": card_id,
        "name": f"{human_name(state, c['human'])}",
        "deck": "human",
        "human": c["human"],
        "effects": [describe(e) for e in c["effects"]],
    }
