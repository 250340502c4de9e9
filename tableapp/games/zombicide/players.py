"""The players' phase: each player in turn, from the first player clockwise, plays every
survivor they run, one at a time, in the order they like. What the app keeps of a survivor's
turn is what it owns: searches and crates (ZC-14) and the inventory (ZC-16), doors and the
dark rooms' spawns (ZC-15), objectives and adrenaline (ZC-3, ZC-8), attacks (combat.py).
Moves and noise stay on the board; the app does not count actions (the board does).

A player's next survivor begins at once (the first left in team order); until it does
something, ``play_first`` (``survivor``) plays another first, one tap. Action types of a
survivor's turn (``survivor_turn``, the owner's phone), one tap each, none asking "are you
sure?" (undo takes them back): ``search``, ``open_crate``, ``open_door`` (``building``, the
first door of a listed building), ``take_objective`` (``colour``), ``ranged`` / ``melee``
(``weapon``; the target comes next, combat.py), ``trade`` (``card``, ``to``: a survivor in
the zone, ``slot``: where it goes, a card there comes back), ``end_turn`` (``goal`` while the
mission has goals to tick off: ``done`` ticks one off as the turn ends, ZC-1). A param with
one possible value is left out: the button is the move.

The inventory (ZC-16): a card found goes to a free slot without asking (a weapon to a free
hand, anything else to the backpack first); with the inventory full it waits in ``stow``: one
question, ``keep`` (``slot``: the card it replaces is discarded) or ``leave`` (destructive).
Between its actions the survivor playing rearranges with ``move_card`` (``move``): one tap a
card, to a free hand, to the backpack, or swapping a backpack card with a hand card; it costs
1 action for the whole rearranging, nothing right after a search or a crate (ZC-14) or a trade
(for both survivors of the trade), and the button says which. Any time, an owner may
``discard`` (``card``) from any of their survivors: free, a small button apart.
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
)
from tableapp.engine.turns import clockwise_from

from . import combat, spawn, zombies
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
    """The player's next survivor begins at once: the first one left in team order, the
    preselected one. Before it does anything its player may play another first (one tap,
    ``play_first``): the player chooses the order, never asked when it is all the same."""
    left = _waiting(state, step["seat"])
    if left:
        Flow.push(
            state, {"kind": "begin_survivor", "seat": step["seat"], "survivor": left[0]}, step
        )


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


# A table stored while a player was asked which survivor plays next may still wait on this.
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
    # ``acted``: the survivor did something (another may no longer play first); ``free``:
    # why rearranging its inventory costs nothing now (ZC-14, ZC-16), ``partner`` the
    # survivor it traded with, who may rearrange free too.
    state["turn"] = {"seat": step["seat"], "survivor": sid, "acted": False, "free": None}
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
    specs += _move_specs(state, seat, [sid])
    specs += _trade_specs(state, sid)
    # The app does not count actions (the board does). Ending a turn asks nothing: the
    # player's undo takes it back alone (it shows nothing).
    specs.append(_end_turn_spec(state, name))
    others = [s for s in _waiting(state, seat) if s != sid]
    if len(others) == 1 and not state["turn"].get("acted"):  # the one other: its button
        label = M("zc.action.play_first_one", survivor=survivor_name(state, others[0]))
        specs.append(action("play_first", label))
    elif others and not state["turn"].get("acted"):
        # The player chooses the order: another survivor may play first, one tap.
        specs.append(
            action(
                "play_first",
                M("zc.action.play_first"),
                survivor=choice(others, [survivor_name(state, s) for s in others]),
            )
        )
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


def _trade_specs(state: State, sid: str) -> list[dict]:
    """A card to a survivor in the same zone (the players say so): it goes to the chosen slot
    and a card there comes back (ZC-16). One post; the board counts the action. Moving a card
    between the survivor's own hand and backpack is one tap apart (``move_card``)."""
    cards = distinct_cards(state, sid)
    if not cards:
        return []
    to = [s for s in state["team"] if s != sid]
    return [
        action(
            "trade",
            M("zc.action.trade", survivor=survivor_name(state, sid)),
            submit=M("zc.submit.trade", chosen="{chosen}"),
            card=choice([c for c, _ in cards], [label for _, label in cards]),
            to=choice(to, [survivor_name(state, s) for s in to]),
            slot=choice(list(SLOTS), [SLOT_LABELS[s] for s in SLOTS]),
        )
    ]


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
    turn = state["turn"]
    if kind == "move_card":  # the survivor's own inventory, between its actions
        _move_apply(state, seat, act, ctx, sid)
        Flow.push(state, step)
        return
    if kind == "play_first":  # another survivor plays first: this one has done nothing
        if "survivor" in params:
            other = params["survivor"]
        else:  # the one other survivor the player has left
            (other,) = [s for s in _waiting(state, seat) if s != sid]
        survivor(state, sid)["activated"] = False
        ctx.say(
            M(
                "zc.turn.first",
                seat=seat_ref(seat),
                survivor=survivor_name(state, other),
                instead=survivor_name(state, sid),
            ),
            survivor=other,
            seat=seat,
        )
        Flow.push(state, {"kind": "begin_survivor", "seat": seat, "survivor": other})
        return
    turn["acted"] = True
    # ZC-14, ZC-16: rearranging is free right after a search, a crate or a trade; anything
    # else the survivor does ends that.
    turn["free"] = {"search": "search", "open_crate": "crate", "trade": "trade"}.get(kind)
    turn["partner"] = params["to"] if kind == "trade" else None
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


def free_slot(state: State, sid: str, card: str) -> int | None:
    """Where a card coming in goes without asking (ZC-16): a weapon to a free hand, anything
    else to the backpack, else to whichever has room; None when the inventory is full. The
    player moves it in one tap, free right after a search, a crate or a trade."""
    inventory = survivor(state, sid)["inventory"]
    hands = [i for i in HANDS if inventory[i] is None]
    pack = [i for i in range(len(SLOTS)) if i not in HANDS and inventory[i] is None]
    first = (hands + pack) if card_def(state, card).get("attack") else (pack + hands)
    return first[0] if first else None


def _stow(state: State, seat: int, sid: str, ctx: Ctx) -> list[dict]:
    """A card found goes to a free slot when there is one (:func:`free_slot`), which asks
    nothing: from there it may be moved or discarded at once, both free (ZC-14, ZC-16). What
    finds no free slot waits in ``stow``: one question, which card it replaces, or leave it
    (none when nothing was found: empty decks)."""
    sv = survivor(state, sid)
    inventory = sv["inventory"]
    while sv["found"]:
        slot = free_slot(state, sid, sv["found"][0])
        if slot is None:
            break
        card = sv["found"].pop(0)
        inventory[slot] = card
        ctx.say(
            M(
                "zc.kept_free.hand" if slot in HANDS else "zc.kept_free",
                survivor=survivor_name(state, sid),
                card=card_name(state, card),
                slot=SLOT_LABELS[SLOTS[slot]],
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


# --- found cards: keep or leave (ZC-14, ZC-16) ---------------------------------------------------


def _stow_specs(state: State, step: dict, seat: int) -> list[dict]:
    """The first card found waits, the inventory full: one tap on the card it replaces (that
    card is discarded), or it is left — the destructive answer, never the easy tap."""
    sid = step["survivor"]
    card = survivor(state, sid)["found"][0]
    name = card_name(state, card)
    slots = keep_slots(state, sid)
    return [
        action(
            "keep",
            M("zc.action.keep", card=name),
            slot=choice([s for s, _ in slots], [label for _, label in slots]),
        ),
        # No "are you sure?": the player's undo gives the card back (an OK is asked only if
        # what came after showed a card).
        action("leave", M("zc.action.leave", card=name), destructive=True),
    ]


def keep_slots(state: State, sid: str) -> list[tuple[str, dict]]:
    """(slot, label) of each distinct place for a card found: a free hand, a free backpack
    slot (which one is the same move), or in place of each distinct card held (identical cards
    in the hands, or in the backpack, are one place), which is then discarded."""
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
    card = sv["found"].pop(0)
    if kind == "keep":
        j = SLOTS.index(params["slot"])
        out = sv["inventory"][j]
        sv["inventory"][j] = card
        if out is not None:  # the card it replaces goes (ZC-16: a discard is free)
            discard(state, out)
        ctx.say(
            M(
                "zc.kept_instead" if out else "zc.kept",
                survivor=survivor_name(state, sid),
                card=card_name(state, card),
                slot=SLOT_LABELS[params["slot"]],
                out=card_name(state, out) if out else "",
            ),
            rule="ZC-16",
            survivor=sid,
            card=card,
        )
    else:
        discard(state, card)
        ctx.say(
            M("zc.left", survivor=survivor_name(state, sid), card=card_name(state, card)),
            rule="ZC-16",
            survivor=sid,
            card=card,
        )
    Flow.push(state, *_stow(state, seat, sid, ctx))


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


# --- rearranging: one tap a card (ZC-14, ZC-16) ------------------------------------------------


def movers(state: State, seat: int) -> list[str]:
    """The survivors of ``seat`` who may rearrange now: the one playing, between its actions
    (1 action for the whole rearranging, free right after a search, a crate or a trade), and
    the one it just traded with (free for it too)."""
    turn = state["turn"]
    top = state["steps"][-1] if state["steps"] else None
    if state["phase"] != PLAYERS_PHASE or not turn or top is None or top["kind"] != "survivor_turn":
        return []
    out = [turn["survivor"]] if turn["seat"] == seat else []
    partner = turn.get("partner")
    if partner and turn.get("free") == "trade" and survivor(state, partner)["owner"] == seat:
        out.append(partner)
    return out


def moves_of(state: State, sid: str) -> list[tuple[str, dict]]:
    """(value, label) of each distinct move of a survivor's cards between hands and backpack:
    a hand card to a free backpack slot, a backpack card to a free hand, or a backpack card
    and a hand card swapping places. Which hand, or which backpack slot, is the same place:
    moves inside the hands or inside the backpack change nothing and are not offered;
    identical cards are one move. A value is ``"<card>><where>"``: ``hand``, ``pack`` or the
    card it swaps with."""
    inventory = survivor(state, sid)["inventory"]
    pack_slots = [i for i in range(len(SLOTS)) if i not in HANDS]

    def distinct(slots) -> list[str]:
        out, seen = [], set()
        for i in slots:
            card = inventory[i]
            if card is not None and card_def(state, card)["id"] not in seen:
                seen.add(card_def(state, card)["id"])
                out.append(card)
        return out

    hand, pack = distinct(HANDS), distinct(pack_slots)
    hand_free = any(inventory[i] is None for i in HANDS)
    pack_free = any(inventory[i] is None for i in pack_slots)
    out = []
    for card in hand:
        if pack_free:
            out.append((f"{card}>pack", M("zc.move.to_pack", card=card_name(state, card))))
    for card in pack:
        if hand_free:
            out.append((f"{card}>hand", M("zc.move.to_hand", card=card_name(state, card))))
        for other in hand:
            label = M("zc.move.swap", card=card_name(state, card), other=card_name(state, other))
            out.append((f"{card}>{other}", label))
    return out


def _move_label(state: State, sid: str, move: dict | None = None) -> dict:
    """What rearranging costs now, as the rules say (the board counts the actions); with
    ``move``, the one move there is, named (the button is the move)."""
    free = state["turn"].get("free")
    name = survivor_name(state, sid)
    if move is not None:
        if free in ("search", "crate"):  # ZC-14
            return M("zc.action.move_one.free_search", survivor=name, move=move)
        if free == "trade":
            return M("zc.action.move_one.free_trade", survivor=name, move=move)
        if free == "paid":
            return M("zc.action.move_one.same_action", survivor=name, move=move)
        return M("zc.action.move_one", survivor=name, move=move)
    if free in ("search", "crate"):  # ZC-14
        return M("zc.action.move_card.free_search", survivor=name)
    if free == "trade":
        return M("zc.action.move_card.free_trade", survivor=name)
    if free == "paid":
        return M("zc.action.move_card.same_action", survivor=name)
    return M("zc.action.move_card", survivor=name)


def _moving(state: State, seat: int) -> list[tuple[str, list[tuple[str, dict]]]]:
    """(survivor, its moves) of each survivor of ``seat`` with a move to make now."""
    return [(sid, moves) for sid in movers(state, seat) if (moves := moves_of(state, sid))]


def _move_specs(state: State, seat: int, survivors: list[str]) -> list[dict]:
    """One tap a card of each of ``survivors`` who may rearrange now (:func:`movers`); the
    one move a seat can make is its button, no param (never a question with one answer)."""
    moving = _moving(state, seat)
    specs = []
    for sid, moves in moving:
        if sid not in survivors:
            continue
        if len(moving) == 1 and len(moves) == 1:
            specs.append(action("move_card", _move_label(state, sid, moves[0][1])))
            continue
        specs.append(
            action(
                "move_card",
                _move_label(state, sid),
                move=choice([v for v, _ in moves], [label for _, label in moves]),
            )
        )
    return specs


def _move_apply(state: State, seat: int, act: dict, ctx: Ctx, sid: str | None = None) -> None:
    """A card moved (``sid``: whose, when the turn's question already knows it); without a
    ``move``, the one move the seat has."""
    if "move" in act["params"]:
        move = act["params"]["move"]
    else:
        if sid is None:
            ((sid, _),) = _moving(state, seat)
        ((move, _),) = moves_of(state, sid)
    card, target = move.split(">", 1)
    if sid is None:
        sid = next(s for s in movers(state, seat) if card in survivor(state, s)["inventory"])
    inventory = survivor(state, sid)["inventory"]
    turn = state["turn"]
    free = turn.get("free")
    if sid == turn["survivor"]:
        turn["acted"] = True
        turn["free"] = free or "paid"  # ZC-16: one action pays for the whole rearranging
    i = inventory.index(card)
    if target in ("hand", "pack"):
        room = HANDS if target == "hand" else [k for k in range(len(SLOTS)) if k not in HANDS]
        j = next(k for k in room if inventory[k] is None)
        inventory[i], inventory[j] = None, card
        message = M(
            "zc.moved.hand" if target == "hand" else "zc.moved.pack",
            survivor=survivor_name(state, sid),
            card=card_name(state, card),
        )
    else:
        j = inventory.index(target)
        inventory[i], inventory[j] = target, card
        message = M(
            "zc.moved.swap",
            survivor=survivor_name(state, sid),
            card=card_name(state, card),
            other=card_name(state, target),
        )
    if sid != turn["survivor"]:
        cost = M("zc.cost.free_trade")
    elif free in ("search", "crate"):
        cost = M("zc.cost.free_search")
    elif free == "trade":
        cost = M("zc.cost.free_trade")
    elif free == "paid":
        cost = M("zc.cost.same_action")
    else:
        cost = M("zc.cost.one_action")
    ctx.say(
        message,
        rule="ZC-14" if free in ("search", "crate") and sid == turn["survivor"] else "ZC-16",
        reason=cost,
        survivor=sid,
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
    # No "are you sure?": the owner's undo takes a discard back alone (it shows nothing). A
    # discard throws a card away: a small button apart, never the easy tap.
    if len(values) == 1:  # one card to discard: the button is the move
        return [action("discard", M("zc.action.discard_one", card=labels[0]), destructive=True)]
    if not values:
        return []
    return [
        action(
            "discard",
            M("zc.action.discard"),
            destructive=True,
            card=choice(values, labels, destructive=values),
        )
    ]


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


def _anytime_specs(state: State, seat: int) -> list[dict]:
    """Besides the question asked: the trade partner's rearranging (one tap a card, on its
    own player's phone), the split helper while a group moves on the board (ZC-12), then
    discarding, last and apart (ZC-16). The playing survivor's own moves are its turn's."""
    turn = state["turn"]
    partner = [turn["partner"]] if turn and turn.get("partner") else []
    return (
        _move_specs(state, seat, partner)
        + zombies.split_specs(state, seat)
        + _discard_specs(state, seat)
    )


def _anytime_apply(state: State, seat: int, act: dict, ctx: Ctx) -> None:
    if act["type"] == "move_card":
        _move_apply(state, seat, act, ctx)
    elif act["type"] == "split":
        zombies.split_apply(state, seat, act, ctx)
    else:
        _discard_apply(state, seat, act, ctx)


ANYTIME = Moves(specs=_anytime_specs, apply=_anytime_apply)

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
