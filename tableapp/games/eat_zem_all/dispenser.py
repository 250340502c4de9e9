"""Phase 2: the Human retaliation — the dispenser and the Events (the Eat Zem All rulebook,
"Phase 2: Human Retaliation", "Actions of Dead Humans", "Special Effects of Events", the FAQ on
Gabriel; EZA-H1..H6, H14, EZA-T11, EZA-V1..V4, EZA-E1).

The active Horde draws 3 Human cards (EZA-H1) and the app resolves them one at a time, effect
by effect (the effects themselves are in :mod:`.attacks`, :mod:`.house` and :mod:`.cemetery`).
An empty deck is rebuilt with 2 Events from the reserve (EZA-H2; EZA-V4 swaps Events), the
card of a Human out of play is banished (EZA-H5), a frightened Human only stands up (EZA-T11),
Events apply to every Horde or every Human (EZA-H3, H4, H14, V1..V3), and the dispenser then
passes left (EZA-H6).
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, Question, action, choice, piles, turns
from ...engine.messages import pack_names
from . import feast
from .effects import describe, describe_all
from .scoring import finish
from .state import (
    State,
    Step,
    ability,
    dead_count,
    holders,
    horde,
    human,
    human_labels,
    human_name,
    in_play,
    name,
    reset_card_counters,
)

_EVENT_RULES = {"surprise_attack": "EZA-V1", "activate_one": "EZA-V2", "add_one": "EZA-V3"}


def _phase_start(state: State, step: Step, ctx: Ctx) -> None:
    state["phase"] = "humans"
    reset_card_counters(state)
    n = state["content"]["box"]["human_cards_drawn"]
    drawn = [c for c in (draw_human_card(state, ctx) for _ in range(n)) if c is not None]
    ctx.say(
        M("eza.humans.start", horde=name(state, state["active"]), count=len(drawn)),
        rule="EZA-H1",
    )
    Flow.push(state, {"kind": "next_human_card"})


def draw_human_card(state: State, ctx: Ctx) -> str | None:
    """Draw the top Human card into the cards to resolve (EZA-H2 when the deck is empty)."""
    hc = state["human_cards"]
    if not hc["deck"]:
        _rebuild_deck(state, ctx)
    if not hc["deck"]:
        return None
    card = piles.draw(hc, "deck")[0]
    hc["drawn"].append(card)
    return card


def _rebuild_deck(state: State, ctx: Ctx) -> None:
    hc = state["human_cards"]
    events = state["content"]["events"]
    if state["options"].get("longer_games"):  # EZA-V4: 2 Human Events out, 2 Zombie Events in
        out = [c for c in hc["discard"] if c in events and events[c]["kind"] == "human"][:2]
        for card in out:
            piles.move(hc, card, "discard", "retired")
        added = [c for c in hc["reserve"] if events[c]["kind"] == "zombie"][:2]
        for card in added:
            piles.move(hc, card, "reserve", "discard")
        message = M("eza.deck.rebuilt_longer", retired=len(out), count=len(added))
        rule = "EZA-V4"
    else:
        added = piles.draw(hc, "reserve", min(2, len(hc["reserve"])))
        piles.put_top(hc, "discard", added)
        message = M("eza.deck.rebuilt", count=len(added))
        rule = "EZA-H2"
    piles.move_all(hc, "discard", "deck")
    piles.shuffle(hc, "deck", ctx.rng)
    ctx.say(message, rule=rule, reason=M("eza.deck.size", count=len(hc["deck"])))


def _next_human_card(state: State, step: Step, ctx: Ctx) -> None:
    if not in_play(state):  # EZA-E1
        finish(state, ctx)
        return
    hc = state["human_cards"]
    if not hc["drawn"]:
        Flow.push(state, {"kind": "human_phase_end"})
        return
    card = hc["drawn"][0]
    piles.move(hc, card, "drawn", "resolving")
    Flow.push(
        state,
        {"kind": "resolve_human_card", "card": card},
        {"kind": "human_card_done", "card": card},
        {"kind": "next_human_card"},
    )


def _human_card_done(state: State, step: Step, ctx: Ctx) -> None:
    hc = state["human_cards"]
    if step["card"] in hc["resolving"]:
        piles.move(hc, step["card"], "resolving", "discard")


def _phase_end(state: State, step: Step, ctx: Ctx) -> None:
    if not in_play(state):  # EZA-E1
        finish(state, ctx)
        return
    active = turns.left_of(state["seats"], state["active"])  # EZA-H6
    state["active"] = active
    ctx.say(M("eza.dispenser.passes", horde=name(state, active)), rule="EZA-H6", seat=active)
    Flow.push(state, {"kind": "turn_start"})


def _resolve_card(state: State, step: Step, ctx: Ctx) -> None:
    card_id = step["card"]
    content = state["content"]
    if card_id in content["events"]:
        _resolve_event(state, ctx, card_id)
        return
    card = content["human_cards"][card_id]
    hid = card["human"]
    h = human(state, hid)
    who = human_name(state, hid)
    if h["status"] != "alive":  # EZA-H5
        piles.move(state["human_cards"], card_id, "resolving", "banished")
        ctx.say(
            M(
                "eza.card.banished_dead" if h["status"] == "dead" else "eza.card.banished_escaped",
                human=who,
            ),
            rule="EZA-H5",
            reason=M("eza.card.banished.reason"),
            card=card_id,
        )
        _dead_card(state, ctx)
        return
    if h["frightened"]:  # EZA-T11
        if holders(state, "silent_step") and not h["stay_down"]:
            Flow.push(state, {"kind": "silent_step", "seat": state["active"], "human": hid})
        else:
            stand_up(state, ctx, hid)
        return
    effects = list(card["effects"])
    ctx.say(
        M("eza.card.human", human=who, effects=describe_all(effects)),
        rule="EZA-H1",
        card=card_id,
    )
    checks: list[Step] = []
    if ability(state, hid) in ("gabriel_repeat", "gabriel_repeat_escape"):  # EZA-H15
        dead = dead_count(state)
        if dead == 0:
            ctx.say(
                M("eza.gabriel.nothing"), rule="EZA-H15", reason=M("eza.gabriel.nothing.reason")
            )
            effects = []
        else:
            effects = effects * dead
            ctx.say(M("eza.gabriel.repeats", count=dead), rule="EZA-H15")
        if ability(state, hid) == "gabriel_repeat_escape":  # before each effect and after the last
            h["way_out"] = None
            checks = [{"kind": "gabriel_check", "human": hid}]
    steps: list[Step] = list(checks)
    for e in effects:
        steps += [{"kind": "human_effect", "human": hid, "effect": e}, *checks]
    Flow.push(state, *steps)


def stand_up(state: State, ctx: Ctx, hid: str) -> None:
    h = human(state, hid)
    h["frightened"] = False
    h["stay_down"] = False
    ctx.say(
        M("eza.frightened.stands", human=human_name(state, hid)),
        rule="EZA-T11",
        reason=M("eza.frightened.reason"),
        human=hid,
    )


def _silent_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    hid = step["human"]
    if act["params"]["next_to"] == "no":
        stand_up(state, ctx, hid)
        return
    human(state, hid)["stay_down"] = True  # EZA-T12: Silent step, one card longer
    ctx.say(M("eza.silent_step.stays", human=human_name(state, hid)), rule="EZA-T12", human=hid)


def _dead_card(state: State, ctx: Ctx) -> None:
    """EZA-H5: the active Horde picks a standing Human who wounds a Zombie, or a frightened
    one who stands up. Which standing Human wounds changes nothing the app counts: the table
    picks it; the app asks only when a frightened Human could stand up instead."""
    options = _dead_card_options(state)
    if len(options) == 1:
        _dead_card_choice(state, ctx, state["active"], options[0])
    elif options:
        Flow.push(state, {"kind": "dead_card", "seat": state["active"]})


def _dead_card_options(state: State) -> list[str]:
    standing = [h for h in in_play(state) if not human(state, h)["frightened"]]
    frightened = [f"stand:{h}" for h in in_play(state) if human(state, h)["frightened"]]
    return (["wound"] if standing else []) + frightened


def _dead_card_labels(state: State) -> list[dict]:
    out = []
    for option in _dead_card_options(state):
        if option == "wound":
            out.append(M("eza.dead_card.wound"))
        else:
            out.append(M("eza.dead_card.stand", human=human_name(state, option.split(":")[1])))
    return out


def _dead_card_choice(state: State, ctx: Ctx, seat: int, option: str) -> None:
    if option == "wound":
        ctx.say(M("eza.dead_card.wounds", horde=name(state, seat)), rule="EZA-H5")
        return
    hid = option.split(":")[1]
    human(state, hid)["frightened"] = False
    human(state, hid)["stay_down"] = False
    ctx.say(
        M("eza.dead_card.stood", horde=name(state, seat), human=human_name(state, hid)),
        rule="EZA-H5",
        human=hid,
    )


# --- Events (EZA-H3, H4, H14, V1..V3) ------------------------------------------------------------


def _resolve_event(state: State, ctx: Ctx, card_id: str) -> None:
    event = state["content"]["events"][card_id]
    effect = event["effect"]
    if event["kind"] == "zombie":  # EZA-H3: every Horde applies it in turn order
        reset_card_counters(state)  # a new card: transformed Zombies may be activated (EZA-F4)
        ctx.say(
            M("eza.event.zombie", event=pack_names(event), effect=describe(effect)),
            rule=_EVENT_RULES[effect],
            card=card_id,
        )
        steps: list[Step] = []
        for seat in turns.clockwise_from(state["seats"], state["active"]):
            if effect == "surprise_attack":
                steps.append({"kind": "surprise_turn", "seat": seat})
            else:
                e = "activate:1x2" if effect == "activate_one" else "add_zombie"
                steps.append({"kind": "zombie_effect", "seat": seat, "effect": e, "part": "event"})
        Flow.push(state, *steps)
        return
    ctx.say(
        M("eza.event.human", event=pack_names(event), effect=describe(effect)),
        rule="EZA-H3",
        card=card_id,
    )
    if effect == "draw_additional":  # EZA-H4: exactly one more card, resolved last
        card = draw_human_card(state, ctx)
        ctx.say(
            M("eza.event.drawn_additional" if card else "eza.event.none_to_draw"), rule="EZA-H4"
        )
        Flow.push(state, {"kind": "stand_up_all", "rule": "EZA-H3"})
        return
    attack = "kill_crawling" if effect == "all_kill_crawling" else "kill_standing"  # EZA-H14
    fighters = [h for h in in_play(state) if not human(state, h)["frightened"]]
    Flow.push(
        state,
        *[{"kind": "human_effect", "human": h, "effect": attack} for h in fighters],
        {"kind": "stand_up_all", "rule": "EZA-H14"},
    )


def _stand_up_all(state: State, step: Step, ctx: Ctx) -> None:
    up = [h for h in in_play(state) if human(state, h)["frightened"]]
    for hid in up:
        human(state, hid)["frightened"] = False
        human(state, hid)["stay_down"] = False
    if up:
        ctx.say(
            M("eza.frightened.all_stand", humans=[human_name(state, h) for h in up]),
            rule=step.get("rule", "EZA-H3"),
            humans=up,
        )


def _surprise_turn(state: State, step: Step, ctx: Ctx) -> None:
    seat = step["seat"]
    if not in_play(state):
        return
    if horde(state, seat)["board"] == 0:  # nothing can be next to a Human
        ctx.say(M("eza.surprise.no_zombie", horde=name(state, seat)), rule="EZA-V1")
        return
    Flow.push(state, {"kind": "surprise_bite", "seat": seat})


def _surprise_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    hid = act["params"]["human"]
    if hid == "none":
        ctx.say(M("eza.surprise.nobody", horde=name(state, seat)), rule="EZA-V1")
        return
    if feast.bite(state, ctx, seat, hid):
        feast.start_feast(state, ctx, hid, seat)


def _surprise_specs(state: State, step: Step, seat: int) -> list[dict]:
    humans = in_play(state)
    return [
        action(
            "surprise_bite",
            M("eza.action.surprise_bite"),
            human=choice(humans + ["none"], human_labels(state, humans) + [M("eza.choice.nobody")]),
        )
    ]


STEPS = {
    "human_phase_start": _phase_start,
    "next_human_card": _next_human_card,
    "human_card_done": _human_card_done,
    "human_phase_end": _phase_end,
    "resolve_human_card": _resolve_card,
    "stand_up_all": _stand_up_all,
    "surprise_turn": _surprise_turn,
}

QUESTIONS = {
    "dead_card": Question(
        rule="EZA-H5",
        specs=lambda state, step, seat: [
            action(
                "dead_card",
                M("eza.action.dead_card"),
                choice=choice(_dead_card_options(state), _dead_card_labels(state)),
            )
        ],
        apply=lambda state, step, seat, act, ctx: _dead_card_choice(
            state, ctx, seat, act["params"]["choice"]
        ),
        prompt=lambda state, step: M("eza.prompt.dead_card", horde=name(state, step["seat"])),
        ask=lambda state, step: M("eza.ask.dead_card"),
    ),
    "surprise_bite": Question(
        rule="EZA-V1",
        specs=_surprise_specs,
        apply=_surprise_apply,
        prompt=lambda state, step: M("eza.prompt.surprise_bite", horde=name(state, step["seat"])),
        ask=lambda state, step: M("eza.ask.surprise_bite"),
    ),
    "silent_step": Question(
        rule="EZA-T12",
        specs=lambda state, step, seat: [
            action(
                "silent_step",
                M("eza.action.silent_step"),
                next_to=choice(["yes", "no"], [M("eza.choice.yes"), M("eza.choice.no")]),
            )
        ],
        apply=_silent_apply,
        prompt=lambda state, step: M(
            "eza.prompt.silent_step",
            horde=name(state, step["seat"]),
            human=human_name(state, step["human"]),
        ),
        ask=lambda state, step: M(
            "eza.ask.silent_step",
            human=human_name(state, step["human"]),
            hordes=[name(state, s) for s in holders(state, "silent_step")],
        ),
    ),
}
