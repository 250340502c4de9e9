"""Phase 2: the Human retaliation — the dispenser (the Eat Zem All rulebook, "Phase 2: Human
Retaliation", "Human Card Effects", "Examples of Human Movement", "Human Abilities", "Special
Effects of Events", "End of the Game"; EZA-H1..H15, EZA-V1..V4, EZA-E1, EZA-E2).

The active Horde draws 3 Human cards (EZA-H1) and the app resolves them one at a time, effect
by effect. The app tracks every Human's cell (House: room and number; Cemetery: the path cell,
the branch it must take and Odile's detour) and computes each move; the active Horde answers
only what the board shows: which Zombies are in reach, whether a destination is blocked, how
many Zombies stand on the next path cell. Events, dead Humans' cards, frightened Humans, the
abilities of EZA-H15 and escapes (EZA-E2) are applied here; the dispenser then passes left.
"""

from __future__ import annotations

from ...engine import RuleError, action, choice, integer, piles, subset
from . import feast
from .content import cell_key, describe, split_cell
from .flow import (
    Ctx,
    Question,
    State,
    Step,
    ability,
    auto,
    dead_count,
    finish,
    horde,
    human,
    human_name,
    in_play,
    kill_pawn,
    name,
    next_seat,
    order_from,
    push,
    question,
    reset_card_counters,
)

#: Zombie classes the active Horde reports in a Human's reach (EZA-H11, H12).
STANDING, CRAWLING, BLOCKING = "standing", "crawling", "blocking"


# --- the dispenser (EZA-H1, H2, H4, H6) ---------------------------------------------------------


@auto("human_phase_start")
def _phase_start(state: State, step: Step, ctx: Ctx) -> None:
    state["phase"] = "humans"
    reset_card_counters(state)
    n = state["content"]["box"]["human_cards_drawn"]
    drawn = [c for c in (draw_human_card(state, ctx) for _ in range(n)) if c is not None]
    ctx.say(
        f"Human retaliation: {name(state, state['active'])} draws {len(drawn)} Human cards "
        "and resolves them one by one, in the order drawn.",
        rule="EZA-H1",
    )
    push(state, {"kind": "next_human_card"})


def draw_human_card(state: State, ctx: Ctx) -> str | None:
    """Draw the top Human card into the cards to resolve (EZA-H2 when the deck is empty)."""
    hc = state["human_cards"]
    if not hc["deck"]:
        _rebuild_deck(state, ctx)
    if not hc["deck"]:
        return None
    card = piles.draw(hc, "deck", 1, ctx.rng)[0]
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
        how = (
            f"{len(out)} Human Event(s) leave the game and {len(added)} Zombie Event(s) from "
            "the reserve are shuffled in"
        )
        rule = "EZA-V4"
    else:
        added = piles.draw(hc, "reserve", min(2, len(hc["reserve"])), ctx.rng)
        piles.put_top(hc, "discard", added)
        how = f"{len(added)} Event(s) from the reserve are shuffled in with the discard pile"
        rule = "EZA-H2"
    piles.move_all(hc, "discard", "deck")
    piles.shuffle(hc, "deck", ctx.rng)
    ctx.say(
        f"The Human deck is empty: {how} to form a new deck ({len(hc['deck'])} cards).", rule=rule
    )


@auto("next_human_card")
def _next_human_card(state: State, step: Step, ctx: Ctx) -> None:
    if not in_play(state):  # EZA-E1
        finish(state, ctx)
        return
    hc = state["human_cards"]
    if not hc["drawn"]:
        push(state, {"kind": "human_phase_end"})
        return
    card = hc["drawn"][0]
    piles.move(hc, card, "drawn", "resolving")
    push(
        state,
        {"kind": "resolve_human_card", "card": card},
        {"kind": "human_card_done", "card": card},
        {"kind": "next_human_card"},
    )


@auto("human_card_done")
def _human_card_done(state: State, step: Step, ctx: Ctx) -> None:
    hc = state["human_cards"]
    if step["card"] in hc["resolving"]:
        piles.move(hc, step["card"], "resolving", "discard")


@auto("human_phase_end")
def _phase_end(state: State, step: Step, ctx: Ctx) -> None:
    if not in_play(state):  # EZA-E1
        finish(state, ctx)
        return
    active = next_seat(state, state["active"])
    state["active"] = active
    ctx.say(f"The dispenser passes left: {name(state, active)} is the active Horde.", rule="EZA-H6")
    push(state, {"kind": "turn_start"})


@auto("resolve_human_card")
def _resolve_card(state: State, step: Step, ctx: Ctx) -> None:
    card_id = step["card"]
    content = state["content"]
    if card_id in content["events"]:
        _resolve_event(state, ctx, content["events"][card_id])
        return
    card = content["human_cards"][card_id]
    hid = card["human"]
    h = human(state, hid)
    who = human_name(state, hid)
    if h["status"] != "alive":  # EZA-H5
        piles.move(state["human_cards"], card_id, "resolving", "banished")
        ctx.say(
            f"{who}'s card is drawn but {who} is {h['status']}: the card is banished.",
            rule="EZA-H5",
        )
        if _dead_card_options(state):
            push(state, {"kind": "dead_card", "seat": state["active"]})
        return
    if h["frightened"]:  # EZA-T11
        h["frightened"] = False
        ctx.say(f"{who} is frightened: instead of the card, {who} stands up.", rule="EZA-T11")
        return
    effects = list(card["effects"])
    if ability(state, hid) in ("gabriel_repeat", "gabriel_repeat_escape"):  # EZA-H15
        dead = dead_count(state)
        if dead == 0:
            ctx.say(f"{who}'s card: nothing happens while no Human has died.", rule="EZA-H15")
            return
        effects = effects * dead
        ctx.say(f"{who} repeats his effects once per dead Human ({dead}).", rule="EZA-H15")
    ctx.say(
        f"{who}'s card: " + ", ".join(describe(e) for e in card["effects"]) + ".", rule="EZA-H1"
    )
    push(state, *[{"kind": "human_effect", "human": hid, "effect": e} for e in effects])


def _dead_card_options(state: State) -> list[str]:
    out = []
    for hid in in_play(state):
        out.append(f"stand:{hid}" if human(state, hid)["frightened"] else f"wound:{hid}")
    return out


def _dead_card_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    what, hid = act["params"]["choice"].split(":")
    who = human_name(state, hid)
    if what == "stand":
        human(state, hid)["frightened"] = False
        ctx.say(f"{name(state, seat)} chooses: {who} stands up.", rule="EZA-H5")
    else:
        ctx.say(
            f"{name(state, seat)} chooses: {who} wounds a Standing Zombie in reach (lay it "
            "down); with none in reach, nothing happens.",
            rule="EZA-H5",
        )


question(
    "dead_card",
    Question(
        rule="EZA-H5",
        specs=lambda state, step, seat: [
            action(
                "dead_card",
                "A standing Human wounds a Zombie, or a frightened one stands up",
                choice=choice(_dead_card_options(state)),
            )
        ],
        apply=_dead_card_apply,
        text=lambda state, step: (
            f"{name(state, step['seat'])}: the card of a Human out of play — "
            "choose a Human who wounds a Zombie or stands up."
        ),
    ),
)


# --- Events (EZA-H3, H4, H14, V1..V3) ------------------------------------------------------------


def _resolve_event(state: State, ctx: Ctx, event: dict) -> None:
    effect = event["effect"]
    if event["kind"] == "zombie":  # EZA-H3: every Horde applies it in turn order
        reset_card_counters(state)  # a new card: transformed Zombies may be activated (EZA-F4)
        rule = {"surprise_attack": "EZA-V1", "activate_one": "EZA-V2", "add_one": "EZA-V3"}[effect]
        ctx.say(
            f"Zombie Event {event['name']}: {describe(effect)}; every Horde applies it in "
            "turn order.",
            rule=rule,
        )
        steps: list[Step] = []
        for seat in order_from(state, state["active"]):
            if effect == "surprise_attack":
                steps.append({"kind": "surprise_turn", "seat": seat})
            elif effect == "activate_one":
                steps.append(
                    {
                        "kind": "zombie_effect",
                        "seat": seat,
                        "effect": "activate:1x2",
                        "part": "event",
                    }
                )
            else:
                steps.append(
                    {"kind": "zombie_effect", "seat": seat, "effect": "add_zombie", "part": "event"}
                )
        push(state, *steps)
        return
    ctx.say(f"Human Event {event['name']}: {describe(effect)}.", rule="EZA-H3")
    if effect == "draw_additional":  # EZA-H4: exactly one more card, resolved last
        card = draw_human_card(state, ctx)
        ctx.say(
            "One additional Human card is drawn; it is resolved last."
            if card
            else "No Human card is left to draw.",
            rule="EZA-H4",
        )
        push(state, {"kind": "stand_up_all", "rule": "EZA-H3"})
        return
    attack = "kill_crawling" if effect == "all_kill_crawling" else "kill_standing"  # EZA-H14
    fighters = [h for h in in_play(state) if not human(state, h)["frightened"]]
    push(
        state,
        *[{"kind": "human_effect", "human": h, "effect": attack} for h in fighters],
        {"kind": "stand_up_all", "rule": "EZA-H14"},
    )


@auto("stand_up_all")
def _stand_up_all(state: State, step: Step, ctx: Ctx) -> None:
    up = [h for h in in_play(state) if human(state, h)["frightened"]]
    for hid in up:
        human(state, hid)["frightened"] = False
    if up:
        ctx.say(
            "Frightened Humans stand up: " + ", ".join(human_name(state, h) for h in up) + ".",
            rule=step.get("rule", "EZA-H3"),
        )


@auto("surprise_turn")
def _surprise_turn(state: State, step: Step, ctx: Ctx) -> None:
    if in_play(state):
        push(state, {"kind": "surprise_bite", "seat": step["seat"]})


def _surprise_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    hid = act["params"]["human"]
    if hid == "none":
        ctx.say(f"{name(state, seat)} bites nobody.", rule="EZA-V1")
        return
    if feast.bite(state, ctx, seat, hid):
        feast.start_feast(state, ctx, hid, seat)


question(
    "surprise_bite",
    Question(
        rule="EZA-V1",
        specs=lambda state, step, seat: [
            action(
                "surprise_bite",
                "Bite 1 Human next to one of your Zombies (or nobody)",
                human=choice(in_play(state) + ["none"]),
            )
        ],
        apply=_surprise_apply,
        text=lambda state, step: f"Surprise attack: {name(state, step['seat'])} may bite 1 Human.",
    ),
)


# --- one effect of a Human card -----------------------------------------------------------------


@auto("human_effect")
def _human_effect(state: State, step: Step, ctx: Ctx) -> None:
    hid, effect = step["human"], step["effect"]
    if human(state, hid)["status"] != "alive":
        return  # an escaped Human's remaining effects have nothing to apply to
    if effect in ("kill_standing", "kill_crawling"):
        _start_attack(state, ctx, hid, effect)
    elif effect.startswith("move"):
        _house_move(state, ctx, hid, int(effect[4:]))
    elif effect == "change_room":
        _change_room(state, ctx, hid)
    elif effect.startswith("arrow:"):
        _eve_arrow(state, ctx, hid, effect.split(":")[1])
    elif effect == "advance":
        _advance(state, ctx, hid)
    elif effect == "cheer":
        _cheer(state, ctx, hid)


# --- attacks (EZA-H11, H12, H13) -------------------------------------------------------------


def reach_classes(state: State, hid: str) -> list[str]:
    """What the active Horde may report in reach: per Horde with Zombies on the board."""
    blocking = state["side"] == "cemetery" or ability(state, hid) == "eve_arrows"  # EZA-H12
    out = []
    for seat in order_from(state, state["active"]):
        if horde(state, seat)["board"] > 0:
            out += [f"{seat}:{BLOCKING}"] if blocking else []
            out += [f"{seat}:{STANDING}", f"{seat}:{CRAWLING}"]
    return out


def _start_attack(state: State, ctx: Ctx, hid: str, attack: str) -> None:
    if not reach_classes(state, hid):
        _no_target(state, ctx, hid, attack, "there is no Zombie on the board")
        return
    push(state, {"kind": "reach", "seat": state["active"], "human": hid, "attack": attack})


def _reach_text(state: State, step: Step) -> str:
    who = human_name(state, step["human"])
    where = (
        "on the same cell or an adjacent one"
        if state["side"] == "cemetery"
        else "in the same room, or on the same or an adjacent cell not behind a wall"
    )
    extra = (
        " Mark Standing Zombies blocking the path separately."
        if any(c.endswith(BLOCKING) for c in reach_classes(state, step["human"]))
        else ""
    )
    return (
        f"{describe(step['attack'])} ({who}): {name(state, step['seat'])}, which Zombies are "
        f"in {who}'s reach ({where})?{extra}"
    )


def _reach_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    hid, attack = step["human"], step["attack"]
    outcome, targets, rule, reason = attack_options(attack, act["params"]["zombies"])
    if outcome is None:
        _no_target(state, ctx, hid, attack, "no Zombie is in reach")
        return
    if len(targets) == 1:
        _hit(state, ctx, hid, outcome, targets[0], rule, reason)
        return
    push(
        state,
        {
            "kind": "attack_target",
            "seat": state["active"],
            "human": hid,
            "attack": attack,
            "outcome": outcome,
            "targets": targets,
            "rule": rule,
            "reason": reason,
        },
    )


question(
    "reach",
    Question(
        rule="EZA-H12",
        specs=lambda state, step, seat: [
            action(
                "report_reach",
                "Zombies in reach",
                zombies=subset(
                    reach_classes(state, step["human"]), 0, len(reach_classes(state, step["human"]))
                ),
            )
        ],
        apply=_reach_apply,
        text=_reach_text,
    ),
)


def _target_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if act["type"] == "attack_target" and act["params"].get("target") not in step["targets"]:
        if step["attack"] == "kill_standing":
            return RuleError(
                "illegal_target",
                "EZA-H13",
                "Humans use the best attack: that Zombie is not a target the priority allows "
                "(a kill-Standing attack may not take a Crawling Zombie while a Standing one is "
                "in reach).",
            )
        return RuleError(
            "illegal_target", "EZA-H11", "That Zombie is not a target the rules allow."
        )
    return None


def _target_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    _hit(
        state,
        ctx,
        step["human"],
        step["outcome"],
        act["params"]["target"],
        step["rule"],
        step["reason"] + f" Among equal options {name(state, seat)} chose.",
    )


question(
    "attack_target",
    Question(
        rule="EZA-H13",
        specs=lambda state, step, seat: [
            action(
                "attack_target",
                "Which Zombie does the Human attack?",
                target=choice(step["targets"]),
            )
        ],
        apply=_target_apply,
        refuse=_target_refuse,
        text=lambda state, step: (
            f"{name(state, step['seat'])}: {human_name(state, step['human'])} "
            f"{'kills' if step['outcome'] == 'kill' else 'wounds'} a Zombie — "
            "choose which."
        ),
    ),
)


def _hit(
    state: State, ctx: Ctx, hid: str, outcome: str, target: str, rule: str, reason: str
) -> None:
    seat_text, stance = target.split(":")
    seat = int(seat_text)
    who = human_name(state, hid)
    if outcome == "kill":
        kill_pawn(state, seat)
        kind = "Crawling" if stance == CRAWLING else "Standing"
        ctx.say(
            f"{who} kills a {kind} Zombie of {name(state, seat)}: it goes back to its reserve.",
            rule=rule,
            reason=reason,
        )
    else:
        ctx.say(
            f"{who} wounds a Standing Zombie of {name(state, seat)}: lay it down (Crawling).",
            rule=rule,
            reason=reason,
        )


def _no_target(state: State, ctx: Ctx, hid: str, attack: str, why: str) -> None:
    who = human_name(state, hid)
    ctx.say(f"{describe(attack)} ({who}): {why}, the attack is ignored.", rule="EZA-H11")
    if state["side"] == "house" and ability(state, hid) == "kate_barricade":  # EZA-H15
        options = _kate_openings(state, hid)
        if options:
            push(state, {"kind": "barricade", "seat": state["active"], "human": hid})
        else:
            ctx.say(
                f"{who} would add a Defense cube, but none can be placed (no cube left, or "
                "every door and window of her room is full).",
                rule="EZA-H15",
            )


def _kate_openings(state: State, hid: str) -> list[str]:
    if state["defense_box"] <= 0:
        return []
    room, _ = split_cell(human(state, hid)["cell"])
    openings = state["content"]["board"]["openings"]
    return [
        o
        for o, data in openings.items()
        if room in data["rooms"] and state["defenses"][o] < data["limit"]
    ]


def _barricade_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    opening = act["params"]["opening"]
    state["defenses"][opening] += 1
    state["defense_box"] -= 1
    data = state["content"]["board"]["openings"][opening]
    ctx.say(
        f"{human_name(state, step['human'])} barricades: 1 Defense cube on the "
        f"{data['name']} ({state['defenses'][opening]}/{data['limit']}).",
        rule="EZA-H15",
    )


def _barricade_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if act["type"] == "barricade" and act["params"].get("opening") not in _kate_openings(
        state, step["human"]
    ):
        return RuleError(
            "defense_full",
            "EZA-H15",
            "Kate may add a cube only to a door or window "
            "of her room below its limit (3 on the front door, 2 elsewhere).",
        )
    return None


question(
    "barricade",
    Question(
        rule="EZA-H15",
        specs=lambda state, step, seat: [
            action(
                "barricade",
                "Where does Kate add a Defense cube?",
                opening=choice(_kate_openings(state, step["human"])),
            )
        ],
        apply=_barricade_apply,
        refuse=_barricade_refuse,
        text=lambda state, step: (
            f"{name(state, step['seat'])}: Kate barricades — choose the opening."
        ),
    ),
)


# --- House moves (EZA-H7, H8, H9, H15) -----------------------------------------------------------


def _house_move(state: State, ctx: Ctx, hid: str, delta: int) -> None:
    room, cell = split_cell(human(state, hid)["cell"])
    cells = state["content"]["board"]["rooms"][room]["cells"]
    target = wrap_cell(cell, delta, cells)
    how = f"cell {cell} {delta:+d} in a {cells}-cell room → cell {target}"
    _try_move(state, ctx, hid, cell_key(room, target), "EZA-H8", how)


def _change_room(state: State, ctx: Ctx, hid: str) -> None:
    here = human(state, hid)["cell"]
    to = state["content"]["board"]["connections"].get(here)
    if to is None:
        _cannot_move(state, ctx, hid, f"{here} bears no other room's symbol")
        return
    _, cell = split_cell(here)
    room_name = state["content"]["board"]["rooms"][to]["name"]
    _try_move(
        state,
        ctx,
        hid,
        cell_key(to, cell),
        "EZA-H9",
        f"the symbol on {here} leads to cell {cell} of the {room_name}",
    )


def _eve_arrow(state: State, ctx: Ctx, hid: str, colour: str) -> None:
    board = state["content"]["board"]
    target = board["eve_arrows"].get(human(state, hid)["cell"], {}).get(colour)
    if target is None:
        _cannot_move(state, ctx, hid, f"no {colour} arrow leaves her cell")
    elif target == board["eve_escape"]:
        escape(state, ctx, hid, "Eve follows the arrow onto the Car cell")
    else:
        _try_move(state, ctx, hid, target, "EZA-H15", f"Eve follows the {colour} arrow")


def _try_move(state: State, ctx: Ctx, hid: str, dest: str, rule: str, how: str) -> None:
    h = human(state, hid)
    if dest == h["cell"]:
        ctx.say(f"{human_name(state, hid)} stays on {dest} ({how}).", rule=rule)
        return
    if ability(state, hid) == "gabriel_repeat_escape" and h["cell"] in _exit_cells(state):
        push(
            state,
            {
                "kind": "gabriel_exit",
                "seat": state["active"],
                "human": hid,
                "dest": dest,
                "rule": rule,
                "how": how,
            },
        )
        return
    _ask_move(state, ctx, hid, dest, rule, how)


def _ask_move(state: State, ctx: Ctx, hid: str, dest: str, rule: str, how: str) -> None:
    limit = state["content"]["box"]["occupants_per_cell"]
    if humans_on(state, dest, exclude=hid) >= limit:  # EZA-H7, decided by the app
        _cannot_move(state, ctx, hid, f"{dest} already holds {limit} Humans")
        return
    push(
        state,
        {
            "kind": "confirm_move",
            "seat": state["active"],
            "human": hid,
            "dest": dest,
            "rule": rule,
            "how": how,
        },
    )


def _confirm_text(state: State, step: Step) -> str:
    who = human_name(state, step["human"])
    limit = state["content"]["box"]["occupants_per_cell"]
    block = (
        f"it already holds {limit} occupants (Omar ignores Standing Zombies)"
        if ability(state, step["human"]) == "omar_unblockable"
        else f"a Standing Zombie is there or it already holds {limit} occupants"
    )
    return (
        f"{who} moves to {step['dest']} ({step['how']}). {name(state, step['seat'])}: "
        f"is the move blocked? Only if {block}."
    )


def _confirm_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    hid = step["human"]
    if act["params"]["outcome"] == "blocked":
        _cannot_move(state, ctx, hid, f"{step['dest']} is blocked", rule="EZA-H7")
        return
    human(state, hid)["cell"] = step["dest"]
    ctx.say(f"{human_name(state, hid)} moves to {step['dest']} ({step['how']}).", rule=step["rule"])


question(
    "confirm_move",
    Question(
        rule="EZA-H7",
        specs=lambda state, step, seat: [
            action("move", "Did the Human move?", outcome=choice(["moved", "blocked"]))
        ],
        apply=_confirm_apply,
        text=_confirm_text,
    ),
)


def _cannot_move(state: State, ctx: Ctx, hid: str, why: str, rule: str = "EZA-H1") -> None:
    """The move cannot apply: skipped for good (EZA-H1), unless Harry's ability (EZA-H15)."""
    who = human_name(state, hid)
    if state["side"] == "house" and ability(state, hid) == "harry_join_nearest":
        options = _harry_options(state, hid)
        ctx.say(
            f"{who} cannot move ({why}): he joins the nearest Human whose cell has room.",
            rule="EZA-H15",
        )
        if options:
            push(state, {"kind": "harry_join", "seat": state["active"], "human": hid})
        else:
            ctx.say(f"No Human's cell has room: {who} stays where he is.", rule="EZA-H15")
        return
    ctx.say(
        f"{who} cannot move ({why}): the effect is skipped.",
        rule=rule,
        reason="An effect that cannot apply now is skipped for good."
        if rule == "EZA-H1"
        else "Humans never move onto a Standing Zombie's cell or a cell with 4 occupants.",
    )


def _harry_options(state: State, hid: str) -> list[str]:
    here = human(state, hid)["cell"]
    limit = state["content"]["box"]["occupants_per_cell"]
    return [
        h
        for h in in_play(state)
        if h != hid
        and human(state, h)["cell"] != here
        and humans_on(state, human(state, h)["cell"]) < limit
    ]


def _harry_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    other = act["params"]["human"]
    hid = step["human"]
    if other == "stay":
        ctx.say(f"No nearer Human has room: {human_name(state, hid)} stays.", rule="EZA-H15")
        return
    human(state, hid)["cell"] = human(state, other)["cell"]
    ctx.say(
        f"{human_name(state, hid)} joins {human_name(state, other)} on "
        f"{human(state, other)['cell']}.",
        rule="EZA-H15",
    )


question(
    "harry_join",
    Question(
        rule="EZA-H15",
        specs=lambda state, step, seat: [
            action(
                "harry_joins",
                "Which Human is nearest with room on the cell?",
                human=choice(_harry_options(state, step["human"]) + ["stay"]),
            )
        ],
        apply=_harry_apply,
        text=lambda state, step: (
            f"{name(state, step['seat'])}: Harry cannot move — who is the "
            "nearest Human whose cell has fewer than 4 occupants?"
        ),
    ),
)


def _exit_cells(state: State) -> set[str]:
    return {
        c for o in state["content"]["board"]["openings"].values() if o["exit"] for c in o["cells"]
    }


def _gabriel_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    hid = step["human"]
    if act["params"]["way"] == "clear":
        escape(state, ctx, hid, "Gabriel is next to an exit with no Standing Zombie in the way")
        return
    ctx.say(
        "A Standing Zombie blocks Gabriel's way out: he moves as his card says.", rule="EZA-H15"
    )
    _ask_move(state, ctx, hid, step["dest"], step["rule"], step["how"])


question(
    "gabriel_exit",
    Question(
        rule="EZA-H15",
        specs=lambda state, step, seat: [
            action("gabriel_exit", "Is Gabriel's way out clear?", way=choice(["clear", "blocked"]))
        ],
        apply=_gabriel_apply,
        text=lambda state, step: (
            f"{name(state, step['seat'])}: Gabriel is next to an exit — does a "
            "Standing Zombie block his way out?"
        ),
    ),
)


# --- Cemetery moves (EZA-H7, H10, H15) -----------------------------------------------------------


def _advance(state: State, ctx: Ctx, hid: str) -> None:
    h = human(state, hid)
    cells = state["content"]["board"]["cells"]
    ways = cells[h["cell"]]["next"]
    if not ways:
        return
    if h["off_path"]:  # Odile walks beside the path on her own (EZA-H15)
        group: list[str] = []
    else:
        group = [
            o
            for o in in_play(state)
            if o != hid
            and human(state, o)["cell"] == h["cell"]
            and not human(state, o)["frightened"]
            and not human(state, o)["off_path"]
        ]
    if len(ways) == 1:
        _ask_advance(state, hid, [hid] + group, ways[0])
    elif h["branch"]:  # EZA-H10: the group left behind takes the other way
        mates = [o for o in group if human(state, o)["branch"] == h["branch"]]
        _ask_advance(state, hid, [hid] + mates, h["branch"])
    else:
        others = [o for o in group if not human(state, o)["branch"]]
        size = (len(others) + 2) // 2  # the odd one goes with the activated Human
        push(
            state,
            {
                "kind": "split",
                "seat": state["active"],
                "human": hid,
                "others": others,
                "size": size,
                "ways": ways,
            },
        )


def _split_specs(state: State, step: Step, seat: int) -> list[dict]:
    params = {"way": choice(step["ways"])}
    if step["others"]:
        k = step["size"] - 1
        params["companions"] = subset(step["others"], k, k)
    return [action("split", "Which way, and who goes with the Human?", **params)]


def _split_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    hid, way = step["human"], act["params"]["way"]
    movers = [hid] + list(act["params"].get("companions", []))
    other_way = [w for w in step["ways"] if w != way][0]
    stay = [o for o in step["others"] if o not in movers]
    for o in stay:
        human(state, o)["branch"] = other_way
    cells = state["content"]["board"]["cells"]
    names = ", ".join(human_name(state, m) for m in movers)
    ctx.say(
        f"Intersection: {names} head for {cells[way]['name']}"
        + (
            f"; {', '.join(human_name(state, o) for o in stay)} will take "
            f"{cells[other_way]['name']} when next activated"
            if stay
            else ""
        )
        + ".",
        rule="EZA-H10",
        reason="At an intersection the group splits in two equal halves, the odd one with "
        "the activated Human; only its half moves.",
    )
    _ask_advance(state, hid, movers, way)


question(
    "split",
    Question(
        rule="EZA-H10",
        specs=_split_specs,
        apply=_split_apply,
        text=lambda state, step: (
            f"{name(state, step['seat'])}: {human_name(state, step['human'])} "
            "is at an intersection — choose the way and who goes along."
        ),
    ),
)


def _ask_advance(state: State, hid: str, movers: list[str], dest: str) -> None:
    push(
        state,
        {"kind": "advance", "seat": state["active"], "human": hid, "movers": movers, "dest": dest},
    )


def _advance_text(state: State, step: Step) -> str:
    cells = state["content"]["board"]["cells"]
    there = humans_on(state, step["dest"])
    movers = ", ".join(human_name(state, m) for m in step["movers"])
    return (
        f"{movers} move to {cells[step['dest']]['name']} (Humans there: {there}). "
        f"{name(state, step['seat'])}: how many Standing and Crawling Zombies are on it?"
    )


def _advance_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    hid, dest = step["human"], step["dest"]
    standing, crawling = act["params"]["standing"], act["params"]["crawling"]
    limit = state["content"]["box"]["occupants_per_cell"]
    room = max(0, limit - standing - crawling - humans_on(state, dest))
    movers = list(step["movers"])
    who = human_name(state, hid)
    if standing > 0:
        if ability(state, hid) != "omar_unblockable":
            _blocked_on_path(state, ctx, hid, dest, "a Standing Zombie is there")
            return
        if len(movers) > 1:  # EZA-H15: Omar goes alone
            ctx.say(
                "Omar is never blocked by Standing Zombies: he moves onto their cell alone.",
                rule="EZA-H15",
            )
        movers = [hid]
    if room == 0:
        _blocked_on_path(state, ctx, hid, dest, f"it already holds {limit} occupants")
        return
    if len(movers) > room:  # EZA-H7: the active Horde picks who fits
        push(
            state,
            {
                "kind": "companions",
                "seat": state["active"],
                "human": hid,
                "movers": movers,
                "room": room,
                "dest": dest,
            },
        )
        ctx.say(
            f"Only {room} of {len(movers)} fit on the cell: the active Horde picks who goes "
            f"with {who}.",
            rule="EZA-H7",
        )
        return
    move_group(state, ctx, movers, dest)


question(
    "advance",
    Question(
        rule="EZA-H10",
        specs=lambda state, step, seat: [
            action(
                "advance",
                "Zombies on the next cell",
                standing=integer(0, 4),
                crawling=integer(0, 4),
            )
        ],
        apply=_advance_apply,
        text=_advance_text,
    ),
)


def _companions_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    move_group(state, ctx, [step["human"]] + list(act["params"]["humans"]), step["dest"])


question(
    "companions",
    Question(
        rule="EZA-H7",
        specs=lambda state, step, seat: [
            action(
                "companions",
                "Who goes along?",
                humans=subset(
                    [m for m in step["movers"] if m != step["human"]],
                    step["room"] - 1,
                    step["room"] - 1,
                ),
            )
        ],
        apply=_companions_apply,
        text=lambda state, step: (
            f"{name(state, step['seat'])}: only {step['room']} fit — who goes "
            f"with {human_name(state, step['human'])}?"
        ),
    ),
)


def _blocked_on_path(state: State, ctx: Ctx, hid: str, dest: str, why: str) -> None:
    if ability(state, hid) == "odile_detour":  # EZA-H15
        push(state, {"kind": "detour", "seat": state["active"], "human": hid, "dest": dest})
        return
    ctx.say(
        f"{human_name(state, hid)} cannot move ({why}): the move is skipped.",
        rule="EZA-H7",
        reason="Humans never move onto a Standing Zombie's cell or a cell with 4 occupants.",
    )


def _detour_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    hid = step["human"]
    if act["params"]["outcome"] == "surrounded":
        ctx.say("Odile is surrounded by Standing Zombies: she stays.", rule="EZA-H15")
        return
    h = human(state, hid)
    h["off_path"] = True
    ctx.say(
        "Odile leaves the path and heads for the car by the shortest orthogonal route.",
        rule="EZA-H15",
    )
    move_group(state, ctx, [hid], step["dest"])


question(
    "detour",
    Question(
        rule="EZA-H15",
        specs=lambda state, step, seat: [
            action("detour", "Can Odile step around?", outcome=choice(["around", "surrounded"]))
        ],
        apply=_detour_apply,
        text=lambda state, step: (
            f"{name(state, step['seat'])}: Odile cannot move along the path — "
            "can she step around toward the car, or is she surrounded?"
        ),
    ),
)


def move_group(state: State, ctx: Ctx, movers: list[str], dest: str) -> None:
    board = state["content"]["board"]
    for m in movers:
        h = human(state, m)
        h["cell"] = dest
        h["branch"] = None
    names = ", ".join(human_name(state, m) for m in movers)
    if dest in board["cars"]:  # EZA-E2
        for m in movers:
            escape(state, ctx, m, f"{human_name(state, m)} reaches a Car cell")
        return
    verb = "moves" if len(movers) == 1 else "move"
    ctx.say(f"{names} {verb} to {board['cells'][dest]['name']}.", rule="EZA-H10")


# --- Adèle (EZA-H15) and escapes (EZA-E2) --------------------------------------------------------


def _cheer(state: State, ctx: Ctx, hid: str) -> None:
    here = human(state, hid)["cell"]
    gained, short = [], []
    for other in in_play(state):
        o = human(state, other)
        if o["cell"] != here:
            continue
        if o["box"] > 0:
            o["box"] -= 1
            o["tokens"] += 1
            o["added"] += 1
            gained.append(human_name(state, other))
        else:
            short.append(human_name(state, other))
    ctx.say(
        f"{human_name(state, hid)} cheers: +1 Bite token for "
        + (", ".join(gained) or "nobody")
        + (f" (none left in the box for {', '.join(short)})" if short else "")
        + ".",
        rule="EZA-H15",
        reason="Adèle's ability may exceed the starting count, within the tokens left.",
    )


def escape(state: State, ctx: Ctx, hid: str, how: str) -> None:
    h = human(state, hid)
    h["status"] = "escaped"
    h["frightened"] = False
    h["branch"] = None
    state["escaped"].append(hid)
    ctx.say(f"{how}: {human_name(state, hid)} escapes and leaves the board.", rule="EZA-E2")


def humans_on(state: State, cell: str, exclude: str | None = None) -> int:
    """Humans in play standing on ``cell`` (Odile beside the path not counted)."""
    return sum(
        1
        for h in in_play(state)
        if h != exclude and human(state, h)["cell"] == cell and not human(state, h)["off_path"]
    )


def wrap_cell(cell: int, delta: int, cells: int) -> int:
    """EZA-H8: add ``delta`` and loop over the room's numbering 1..cells."""
    return (cell - 1 + delta) % cells + 1


def attack_options(attack: str, reported: list[str]) -> tuple[str | None, list[str], str, str]:
    """EZA-H11..H13: (kill / wound / None, the targets allowed, rule, reason) from the reach."""
    blocking = [c for c in reported if c.endswith(f":{BLOCKING}")]
    standing = blocking + [c for c in reported if c.endswith(f":{STANDING}")]
    crawling = [c for c in reported if c.endswith(f":{CRAWLING}")]
    if attack == "kill_standing":
        if blocking:
            return (
                "kill",
                blocking,
                "EZA-H12",
                ("Standing Zombies blocking the path are targeted first."),
            )
        if standing:
            rule = "EZA-H13" if crawling else "EZA-H11"
            return (
                "kill",
                standing,
                rule,
                (
                    "A kill-Standing attack takes a Standing Zombie"
                    + (
                        " — not a Crawling one while a Standing one is in reach."
                        if crawling
                        else "."
                    )
                ),
            )
        if crawling:
            return (
                "kill",
                crawling,
                "EZA-H11",
                "No Standing Zombie in reach: it kills a Crawling one.",
            )
        return None, [], "EZA-H11", "No Zombie in reach."
    if crawling:
        return (
            "kill",
            crawling,
            "EZA-H12" if blocking else "EZA-H11",
            (
                "A kill-Crawling attack takes the Crawling Zombie"
                + (" even with a Standing one blocking the path." if blocking else ".")
            ),
        )
    if standing:
        return (
            "wound",
            blocking or standing,
            "EZA-H11",
            ("No Crawling Zombie in reach: it wounds a Standing one instead."),
        )
    return None, [], "EZA-H11", "No Zombie in reach."
