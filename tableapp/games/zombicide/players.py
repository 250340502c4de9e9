"""The players' phase: each player in turn, from the first player clockwise, plays every
survivor they run, one at a time, in the order they like. What the app keeps of a survivor's
turn is what it owns: searches and crates (ZC-14) and the inventory (ZC-16), doors and the
dark rooms' spawns (ZC-15), objectives and adrenaline (ZC-3, ZC-8), attacks (combat.py).
Moves and noise stay on the board; the app does not count actions (the board does).

Action types of a survivor's turn (``survivor_turn``, the owner's phone), one tap each, none
asking "are you sure?" (undo takes them back): ``search``, ``open_crate``, ``open_door``
(``building``, the first door of a listed building), ``take_objective`` (``colour``),
``ranged`` / ``melee`` (``weapon``; the target comes next, combat.py), ``trade`` (``card``,
``to``: the survivor itself to rearrange, or another; ``slot``), ``end_turn`` (``goal``
while the mission has goals to tick off: ``done`` ticks one off as the turn ends, ZC-1). A
param with one possible value is left out: the button is the move. Found cards go to a free
backpack slot; without one they wait in ``stow``, one at a time: ``keep`` (``slot``),
``leave``, ``rearrange``. Any time, an owner may ``discard`` (``card``) from any of
their survivors.
"""

from __future__ import annotations

from tableapp.engine import (
    Ctx,
    Flow,
    M,
    Moves,
    Question,
    RuleError,
    action,
    choice,
    seat_ref,
    subset,
)
from tableapp.engine.decks import clockwise_from

from . import combat, spawn
from .ending import check_won, gain_adrenaline
from .state import (
    COLOUR_LABELS,
    FINISHED,
    HANDS,
    PLAYERS_PHASE,
    SETUP,
    SLOT_LABELS,
    SLOTS,
    State,
    card_def,
    card_name,
    card_view,
    cards_of,
    discard,
    draw_cards,
    owned,
    skill_number,
    survivor,
    survivor_name,
)

#: ZC-3: adrenaline for taking an objective.
OBJECTIVE_ADRENALINE = 5


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


def _waiting(state: State, seat: int) -> list[str]:
    return [s for s in owned(state, seat) if not survivor(state, s)["activated"]]


def _next_survivor(state: State, step: dict, ctx: Ctx) -> None:
    """Ask which survivor plays next only when the player has a choice."""
    left = _waiting(state, step["seat"])
    if len(left) == 1:
        Flow.push(
            state, {"kind": "begin_survivor", "seat": step["seat"], "survivor": left[0]}, step
        )
    elif left:
        Flow.push(state, {"kind": "pick_survivor", "seat": step["seat"]})


def _pick_specs(state: State, step: dict, seat: int) -> list[dict]:
    left = _waiting(state, seat)
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
    state["turn"] = {"seat": step["seat"], "survivor": sid}
    ctx.say(
        M("zc.turn.survivor", seat=seat_ref(step["seat"]), survivor=survivor_name(state, sid)),
        survivor=sid,
        seat=step["seat"],
    )
    Flow.push(state, {"kind": "survivor_turn", "seat": step["seat"], "survivor": sid})


# --- a survivor's turn ---------------------------------------------------------------------------


def search_draws(state: State, sid: str) -> int:
    """ZC-14: 1 card; a Flashlight anywhere in the inventory (or a skill) makes it 2, and two
    Flashlights still draw 2: the largest draw counts, they never add up."""
    draws = [1, skill_number(state, sid, "search_draws") or 1]
    draws += [card_def(state, c).get("search_draws", 1) for c in cards_of(state, sid)]
    return max(draws)


def _crates_left(state: State) -> int:
    crates = state["mission"]["crates"]
    return crates["total"] - crates["opened"]


def _door_tool(state: State, sid: str) -> bool:
    inventory = survivor(state, sid)["inventory"]
    return any(inventory[i] and card_def(state, inventory[i]).get("door") for i in HANDS)


def _closed_buildings(state: State) -> list[dict]:
    return [b for b in state["mission"]["buildings"] if not b["opened"]]


def _objectives_left(state: State) -> list[str]:
    return [c for c, o in state["mission"]["objectives"].items() if o["taken"] < o["total"]]


def slot_labels(state: State, sid: str) -> list[dict]:
    """ "Left hand (Pistol)" / "Backpack 2 (empty)" for each slot."""
    out = []
    for slot, card in zip(SLOTS, survivor(state, sid)["inventory"], strict=True):
        held = card_name(state, card) if card else M("zc.slot.empty")
        out.append(M("zc.slot.holding", slot=SLOT_LABELS[slot], card=held))
    return out


def _turn_specs(state: State, step: dict, seat: int) -> list[dict]:
    sid = step["survivor"]
    sv = survivor(state, sid)
    name = survivor_name(state, sid)
    specs = []
    if not sv["searched"]:
        specs.append(
            action("search", M("zc.action.search", survivor=name, count=search_draws(state, sid)))
        )
    if _crates_left(state) > 0:
        specs.append(action("open_crate", M("zc.action.open_crate", count=_crates_left(state))))
    # ZC-15: the app asks about the doors it must know of: the first door of each building
    # the host listed (its dark rooms may spawn). Other doors open on the board alone.
    closed = _closed_buildings(state) if _door_tool(state, sid) else []
    if len(closed) == 1:  # one building left: the button opens it
        b = closed[0]
        label = M("zc.action.open_door_one", building=b["id"], count=b["dark_rooms"])
        specs.append(action("open_door", label))
    elif closed:
        values = [b["id"] for b in closed]
        labels = [M("zc.door.building", building=b["id"], count=b["dark_rooms"]) for b in closed]
        specs.append(action("open_door", M("zc.action.open_door"), building=choice(values, labels)))
    left = _objectives_left(state)
    if len(left) == 1:  # one colour left: the button takes it
        specs.append(
            action(
                "take_objective",
                M("zc.action.take_objective_one", survivor=name, colour=COLOUR_LABELS[left[0]]),
            )
        )
    elif left:
        specs.append(
            action(
                "take_objective",
                M("zc.action.take_objective", survivor=name),
                colour=choice(left, [COLOUR_LABELS[c] for c in left]),
            )
        )
    specs += combat.attack_specs(state, sid)
    specs += _inventory_specs(state, sid)
    # The app does not count actions (the board does). Ending a turn asks nothing: the
    # player's undo takes it back alone (it shows nothing).
    specs.append(_end_turn_spec(state, name))
    return specs


def _end_turn_spec(state: State, name: dict) -> dict:
    """Ending the turn; while the mission has goals to tick off (an exit reached, ZC-1), the
    same tap may say one is done: two buttons, "End the turn" and "End it, a goal done"."""
    goals = state["mission"]["goals"]
    left = goals["total"] - goals["done"]
    label = M("zc.action.end_turn", survivor=name)
    if left <= 0:
        return action("end_turn", label)
    return action(
        "end_turn",
        label,
        goal=choice(
            ["no", "done"],
            [M("zc.end_turn.no_goal"), M("zc.end_turn.goal_done", count=left)],
        ),
    )


def _inventory_specs(state: State, sid: str) -> list[dict]:
    """One form for a card of the survivor (ZC-16): to another slot of theirs (a card there
    swaps places: rearranging), or to a survivor in the same zone (the players say so; a card
    in that slot comes back: a trade). One post; the board counts the action."""
    cards = distinct_cards(state, sid)
    if not cards:
        return []
    to = [sid, *(s for s in state["team"] if s != sid)]
    labels = [M("zc.trade.to_self", survivor=survivor_name(state, sid))]
    labels += [survivor_name(state, s) for s in to[1:]]
    target = choice(to, labels)
    target["value"] = sid  # the phone preselects rearranging
    return [
        action(
            "trade",
            M("zc.action.move_card", survivor=survivor_name(state, sid)),
            submit=M("zc.submit.trade", chosen="{chosen}"),
            card=choice([c for c, _ in cards], [label for _, label in cards]),
            to=target,
            slot=choice(list(SLOTS), [SLOT_LABELS[s] for s in SLOTS]),
        )
    ]


def _rearrange_spec(state: State, sid: str) -> dict:
    return action(
        "rearrange",
        M("zc.action.rearrange", survivor=survivor_name(state, sid)),
        submit=M("zc.submit.rearrange", chosen="{chosen}"),
        slots=subset(list(SLOTS), 2, 2, slot_labels(state, sid)),
    )


def _turn_refuse(state: State, step: dict, seat: int, act: dict) -> RuleError | None:
    sid = step["survivor"]
    kind = act["type"]
    if kind == "search" and survivor(state, sid)["searched"]:
        return RuleError(
            "searched", "ZC-14", M("zc.refuse.searched", survivor=survivor_name(state, sid))
        )
    if kind == "open_crate" and _crates_left(state) <= 0:
        return RuleError("no_crate", "ZC-14", M("zc.refuse.no_crate"))
    if kind == "open_door" and not _door_tool(state, sid):
        return RuleError(
            "no_door_tool", "ZC-15", M("zc.refuse.no_door_tool", survivor=survivor_name(state, sid))
        )
    if kind == "take_objective" and not _objectives_left(state):
        return RuleError("no_objective", "ZC-1", M("zc.refuse.no_objective"))
    if kind in ("ranged", "melee"):
        return combat.refuse_attack(state, sid, kind)
    return None


def _turn_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    kind, params = act["type"], act["params"]
    sid = step["survivor"]
    if kind == "end_turn":
        state["turn"]["survivor"] = None
        ctx.say(M("zc.turn.end", survivor=survivor_name(state, sid)), survivor=sid)
        if params.get("goal") == "done":
            _goal_done(state, seat, ctx)
        return
    if kind in ("ranged", "melee"):
        weapon = params["weapon"] if "weapon" in params else combat.only_weapon(state, sid, kind)
        aim = {"kind": "aim", "seat": seat, "survivor": sid, "mode": kind, "weapon": weapon}
        ctx.say(
            M(
                "zc.attack.aiming" if kind == "ranged" else "zc.attack.closing",
                survivor=survivor_name(state, sid),
                weapon=combat.weapon_label(state, sid, kind, weapon),
            ),
            survivor=sid,
        )
        Flow.push(state, aim, step)
        return
    if kind == "trade":
        if params["to"] == sid:  # to a slot of the survivor's own: a rearrangement
            inventory = survivor(state, sid)["inventory"]
            here = SLOTS[inventory.index(params["card"])]
            if inventory[SLOTS.index(params["slot"])] is None:
                _move(state, sid, params["card"], params["slot"], ctx)
            else:
                _swap(state, sid, [here, params["slot"]], ctx)
        else:
            _trade(state, sid, params, ctx)
        Flow.push(state, step)
        return
    if kind == "search":
        _search(state, sid, ctx)
        Flow.push(state, *_stow(state, seat, sid, ctx), step)
    elif kind == "open_crate":
        state["mission"]["crates"]["opened"] += 1
        found = draw_cards(state, "crates", 1, ctx, "ZC-14")
        survivor(state, sid)["found"] += found
        ctx.say(
            M(
                "zc.crate",
                survivor=survivor_name(state, sid),
                cards=[card_name(state, c) for c in found] or M("zc.nothing"),
                count=len(found),
            ),
            rule="ZC-14",
            survivor=sid,
            cards=[card_view(state, c) for c in found],
        )
        Flow.push(state, *_stow(state, seat, sid, ctx), step)
    elif kind == "open_door":
        # No param: the one building whose door is still closed.
        building = params["building"] if "building" in params else _closed_buildings(state)[0]["id"]
        Flow.push(state, *_open_door(state, sid, building, ctx), step)
    elif kind == "take_objective":
        Flow.push(state, step)
        colour = params["colour"] if "colour" in params else _objectives_left(state)[0]
        _take_objective(state, sid, colour, ctx)


def _goal_done(state: State, seat: int, ctx: Ctx) -> None:
    """ZC-1: one more goal of the mission ticked off; the last one done wins the mission."""
    goals = state["mission"]["goals"]
    goals["done"] += 1
    ctx.say(
        M("zc.goal.done", seat=seat_ref(seat), done=goals["done"], total=goals["total"]),
        rule="ZC-1",
    )
    check_won(state, ctx)


SURVIVOR_TURN = Question(
    rule=None,
    specs=_turn_specs,
    apply=_turn_apply,
    prompt=lambda state, step: M(
        "zc.prompt.turn",
        seat=seat_ref(step["seat"]),
        survivor=survivor_name(state, step["survivor"]),
    ),
    ask=lambda state, step: M("zc.ask.turn", survivor=survivor_name(state, step["survivor"])),
    refuse=_turn_refuse,
)


def _stow(state: State, seat: int, sid: str, ctx: Ctx) -> list[dict]:
    """A card found goes to a free backpack slot when there is one: the backpack's slots are
    one place, so that asks nothing, and from there the card may be moved to a hand or
    discarded at once, both free (ZC-14, ZC-16). What finds no free slot waits in ``stow``:
    the question that places it (none when nothing was found: empty decks)."""
    sv = survivor(state, sid)
    inventory = sv["inventory"]
    while sv["found"]:
        free = [i for i in range(len(SLOTS)) if i not in HANDS and inventory[i] is None]
        if not free:
            break
        card = sv["found"].pop(0)
        inventory[free[0]] = card
        ctx.say(
            M(
                "zc.kept_free",
                survivor=survivor_name(state, sid),
                card=card_name(state, card),
                slot=SLOT_LABELS[SLOTS[free[0]]],
            ),
            rule="ZC-16",
            survivor=sid,
            card=card,
        )
    return [{"kind": "stow", "seat": seat, "survivor": sid}] if sv["found"] else []


def _search(state: State, sid: str, ctx: Ctx) -> None:
    """ZC-14: indoors, no Zombie in the zone (the player confirms), once per turn."""
    sv = survivor(state, sid)
    sv["searched"] = True
    n = search_draws(state, sid)
    found = draw_cards(state, "equipment", n, ctx, "ZC-14")
    sv["found"] += found
    ctx.say(
        M(
            "zc.search",
            survivor=survivor_name(state, sid),
            cards=[card_name(state, c) for c in found] or M("zc.nothing"),
            count=len(found),
        ),
        rule="ZC-14",
        reason=M("zc.reason.flashlight") if n > 1 else M("zc.reason.search"),
        survivor=sid,
        cards=[card_view(state, c) for c in found],
    )


def _open_door(state: State, sid: str, building: str, ctx: Ctx) -> list[dict]:
    """ZC-15: the first door of a closed building spawns one card in each of its dark rooms;
    a building open at setup or holding survivors at setup never does."""
    name = survivor_name(state, sid)
    b = next(x for x in state["mission"]["buildings"] if x["id"] == building)
    b["opened"] = True
    if b["start"] != "closed":
        ctx.say(
            M("zc.door.no_spawn", survivor=name, building=building),
            rule="ZC-15",
            reason=M("zc.reason.open_at_setup")
            if b["start"] == "open"
            else M("zc.reason.survivors_at_setup"),
            building=building,
        )
        return []
    ctx.say(
        M("zc.door.spawn", survivor=name, building=building, count=b["dark_rooms"]),
        rule="ZC-15",
        building=building,
    )
    return spawn.door_steps(state, b)


def _take_objective(state: State, sid: str, colour: str, ctx: Ctx) -> None:
    objective = state["mission"]["objectives"][colour]
    objective["taken"] += 1
    ctx.say(
        M(
            "zc.objective.taken",
            survivor=survivor_name(state, sid),
            colour=COLOUR_LABELS[colour],
            taken=sum(o["taken"] for o in state["mission"]["objectives"].values()),
            total=sum(o["total"] for o in state["mission"]["objectives"].values()),
        ),
        rule="ZC-1",
        survivor=sid,
        colour=colour,
    )
    if colour != "red":
        activate_zones(state, colour, ctx)
    gain_adrenaline(state, sid, OBJECTIVE_ADRENALINE, ctx, M("zc.why.objective"))
    check_won(state, ctx)


def activate_zones(state: State, colour: str, ctx: Ctx) -> None:
    """ZC-8: the zones of that colour spawn from the next Zombie phase: this round's when
    triggered in the players' phase, the next round's when triggered during a Zombie phase."""
    start = state["round"] if state["phase"] in (PLAYERS_PHASE, SETUP) else state["round"] + 1
    for zone in state["mission"]["zones"]:
        if zone["colour"] == colour and zone["active_from"] is None:
            zone["active_from"] = max(start, 1)
            ctx.say(
                M(
                    "zc.zone.activated",
                    number=zone["number"],
                    colour=COLOUR_LABELS[colour],
                    round=zone["active_from"],
                ),
                rule="ZC-8",
                zone=zone["number"],
            )


def _trade(state: State, sid: str, params: dict, ctx: Ctx) -> None:
    """A card to a survivor in the same zone (the players say so); a card in the slot it goes
    to comes back in its place: a trade (ZC-16)."""
    giver = survivor(state, sid)["inventory"]
    taker = survivor(state, params["to"])["inventory"]
    card = params["card"]
    i, j = giver.index(card), SLOTS.index(params["slot"])
    back = taker[j]
    taker[j], giver[i] = card, back
    ctx.say(
        M(
            "zc.trade.swap" if back else "zc.trade.give",
            survivor=survivor_name(state, sid),
            card=card_name(state, card),
            to=survivor_name(state, params["to"]),
            slot=SLOT_LABELS[params["slot"]],
            back=card_name(state, back) if back else "",
        ),
        rule="ZC-16",
        survivor=sid,
        to=params["to"],
    )


def _move(state: State, sid: str, card: str, slot: str, ctx: Ctx) -> None:
    """A card to an empty slot of the same survivor's."""
    inventory = survivor(state, sid)["inventory"]
    inventory[inventory.index(card)] = None
    inventory[SLOTS.index(slot)] = card
    ctx.say(
        M(
            "zc.moved",
            survivor=survivor_name(state, sid),
            card=card_name(state, card),
            slot=SLOT_LABELS[slot],
        ),
        rule="ZC-16",
        survivor=sid,
    )


def _swap(state: State, sid: str, slots: list[str], ctx: Ctx) -> None:
    inventory = survivor(state, sid)["inventory"]
    a, b = (SLOTS.index(s) for s in slots)
    if a == b:  # a card moved to the slot it is in stays there
        ctx.say(
            M(
                "zc.stays",
                survivor=survivor_name(state, sid),
                card=card_name(state, inventory[a]),
                slot=SLOT_LABELS[slots[0]],
            ),
            rule="ZC-16",
            survivor=sid,
        )
        return
    inventory[a], inventory[b] = inventory[b], inventory[a]
    ctx.say(
        M(
            "zc.rearranged",
            survivor=survivor_name(state, sid),
            a=SLOT_LABELS[slots[0]],
            b=SLOT_LABELS[slots[1]],
        ),
        rule="ZC-16",
        survivor=sid,
    )


# --- found cards: keep or leave (ZC-14, ZC-16) ---------------------------------------------------


def _stow_specs(state: State, step: dict, seat: int) -> list[dict]:
    """The first card found waits: one tap on a slot keeps it there, or it is left."""
    sid = step["survivor"]
    card = survivor(state, sid)["found"][0]
    name = card_name(state, card)
    slots = keep_slots(state, sid)
    specs = [
        action(
            "keep",
            M("zc.action.keep", card=name),
            slot=choice([s for s, _ in slots], [label for _, label in slots]),
        ),
        # No "are you sure?": the player's undo gives the card back (an OK is asked only if
        # what came after showed a card).
        action("leave", M("zc.action.leave", card=name)),
    ]
    if cards_of(state, sid):
        specs.append(_rearrange_spec(state, sid))
    return specs


def keep_slots(state: State, sid: str) -> list[tuple[str, dict]]:
    """(slot, label) of each distinct place for a card found: a free hand, a free backpack
    slot (which one is the same move), or in place of each distinct card held (identical cards
    in the hands, or in the backpack, are one place)."""
    inventory = survivor(state, sid)["inventory"]
    out, seen = [], set()
    for i, (slot, card) in enumerate(zip(SLOTS, inventory, strict=True)):
        in_hand = i in HANDS
        key = (in_hand, card_def(state, card)["id"] if card else None)
        if key in seen:
            continue
        seen.add(key)
        if card is None:
            label = M("zc.keep.hand" if in_hand else "zc.keep.pack")
        elif in_hand:
            label = M("zc.keep.replace_hand", card=card_name(state, card))
        else:
            label = M("zc.keep.replace_pack", card=card_name(state, card))
        out.append((slot, label))
    return out


def _stow_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    sid = step["survivor"]
    sv = survivor(state, sid)
    kind, params = act["type"], act["params"]
    if kind == "rearrange":
        _swap(state, sid, params["slots"], ctx)
    elif kind == "keep":
        card, j = sv["found"][0], SLOTS.index(params["slot"])
        sv["found"].remove(card)
        out = sv["inventory"][j]
        sv["inventory"][j] = card
        if out is not None:  # the card it replaces waits to be placed or left
            sv["found"].append(out)
        ctx.say(
            M(
                "zc.kept",
                survivor=survivor_name(state, sid),
                card=card_name(state, card),
                slot=SLOT_LABELS[params["slot"]],
            ),
            rule="ZC-16",
            survivor=sid,
            card=card,
        )
    else:
        card = sv["found"].pop(0)
        discard(state, card)
        ctx.say(
            M("zc.left", survivor=survivor_name(state, sid), card=card_name(state, card)),
            rule="ZC-16",
            survivor=sid,
            card=card,
        )
    if sv["found"]:
        Flow.push(state, step)


STOW = Question(
    rule="ZC-16",
    specs=_stow_specs,
    apply=_stow_apply,
    prompt=lambda state, step: M(
        "zc.prompt.stow",
        seat=seat_ref(step["seat"]),
        survivor=survivor_name(state, step["survivor"]),
    ),
    ask=lambda state, step: M("zc.ask.stow", survivor=survivor_name(state, step["survivor"])),
)


# --- any time: discard (ZC-16) -----------------------------------------------------------------


def distinct_cards(state: State, sid: str) -> list[tuple[str, dict]]:
    """One (card, label) per distinct move on a survivor's cards: identical cards in the hands
    (or in the backpack) are one choice, named with their count ("Pistol ×2"); a card held in
    both is named with where each is ("Pistol (in hand)"), since which one goes matters."""
    inventory = survivor(state, sid)["inventory"]
    groups: dict[tuple[str, bool], list[str]] = {}
    for i, card in enumerate(inventory):
        if card is not None:
            groups.setdefault((card_def(state, card)["id"], i in HANDS), []).append(card)
    kinds = [kind for kind, _ in groups]
    out = []
    for (kind, in_hand), cards in groups.items():
        label = card_name(state, cards[0])
        if kinds.count(kind) > 1:
            label = M("zc.card.in_hand" if in_hand else "zc.card.in_pack", card=label)
        if len(cards) > 1:
            label = M("zc.card.many", card=label, count=len(cards))
        out.append((cards[0], label))
    return out


def _discardable(state: State, seat: int) -> tuple[list[str], list[dict]]:
    """The distinct cards a seat's survivors hold, and their labels."""
    values, labels = [], []
    for sid in owned(state, seat):
        for card, label in distinct_cards(state, sid):
            values.append(card)
            labels.append(M("zc.card_of", survivor=survivor_name(state, sid), card=label))
    return values, labels


def _discard_specs(state: State, seat: int) -> list[dict]:
    if state["phase"] in (SETUP, FINISHED) or seat not in state["seats"]:
        return []
    values, labels = _discardable(state, seat)
    # No "are you sure?": the owner's undo takes a discard back alone (it shows nothing).
    if len(values) == 1:  # one card to discard: the button is the move
        return [action("discard", M("zc.action.discard_one", card=labels[0]))]
    if not values:
        return []
    return [action("discard", M("zc.action.discard"), card=choice(values, labels))]


def _discard_apply(state: State, seat: int, act: dict, ctx: Ctx) -> None:
    if "card" in act["params"]:
        card = act["params"]["card"]
    else:  # the one distinct card the seat's survivors hold
        (card,) = _discardable(state, seat)[0]
    sid = next(s for s in owned(state, seat) if card in survivor(state, s)["inventory"])
    inventory = survivor(state, sid)["inventory"]
    inventory[inventory.index(card)] = None
    discard(state, card)
    ctx.say(
        M("zc.discarded", survivor=survivor_name(state, sid), card=card_name(state, card)),
        rule="ZC-16",
        survivor=sid,
        card=card,
    )


ANYTIME = Moves(specs=_discard_specs, apply=_discard_apply)

STEPS = {
    "round_start": _round_start,
    "seat_turn": _seat_turn,
    "next_survivor": _next_survivor,
    "begin_survivor": _begin_survivor,
}
QUESTIONS = {
    "pick_survivor": PICK,
    "survivor_turn": SURVIVOR_TURN,
    "stow": STOW,
}
