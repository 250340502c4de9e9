"""A survivor's inventory (ZC-14, ZC-16): where a card found goes, the ``stow`` question when
the inventory is full (``keep`` a card in place of another, or ``leave`` it), rearranging
between hands and backpack (``move_card``, one tap a card), trading a card to a survivor in the
same zone (``trade``: the card, then who takes it, into room or for one of theirs), and
discarding at any time (``discard``). The players' phase (players.py) and the survivor's turn
(survivor_turn.py) ask for these moves."""

from __future__ import annotations

from tableapp.engine import (
    Ctx,
    Flow,
    M,
    Question,
    action,
    choice,
    seat_ref,
)

from .state import (
    FINISHED,
    HANDS,
    PLAYERS_PHASE,
    SETUP,
    SLOT_LABELS,
    SLOTS,
    State,
    card_def,
    card_name,
    discard,
    owned,
    survivor,
    survivor_name,
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


def stow(state: State, seat: int, sid: str, ctx: Ctx) -> list[dict]:
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


def trade_specs(state: State, sid: str) -> list[dict]:
    """A card to a survivor in the same zone (the players say so), one post, two picks: the
    card, and who takes it and how (ZC-16) — into a free place (a weapon to a free hand,
    anything else to the backpack first: :func:`free_slot`; the taker rearranges free after a
    trade), or in place of one of the taker's cards, which comes back. Which of the taker's
    slots is never asked apart: the place is the card that comes back, or room. The board
    counts the action. Moving a card between the survivor's own hand and backpack is one tap
    apart (``move_card``)."""
    cards = distinct_cards(state, sid)
    if not cards:
        return []
    values, labels = [], []
    for other in state["team"]:
        if other == sid:
            continue
        name = survivor_name(state, other)
        if None in survivor(state, other)["inventory"]:
            values.append(other)
            labels.append(M("zc.trade.to_room", survivor=name))
        for back, label in distinct_cards(state, other):
            values.append(f"{other}>{back}")
            labels.append(M("zc.trade.to_swap", survivor=name, card=label))
    return [
        action(
            "trade",
            M("zc.action.trade", survivor=survivor_name(state, sid)),
            submit=M("zc.submit.trade", chosen="{chosen}"),
            card=choice([c for c, _ in cards], [label for _, label in cards]),
            to=choice(values, labels),
        )
    ]


def trade(state: State, sid: str, params: dict, ctx: Ctx) -> None:
    """A card to a survivor in the same zone (the players say so): into a free place, or in
    place of the taker's card named, which comes back in its place: a trade (ZC-16)."""
    giver = survivor(state, sid)["inventory"]
    card = params["card"]
    to, _, back = params["to"].partition(">")
    taker = survivor(state, to)["inventory"]
    i = giver.index(card)
    j = taker.index(back) if back else free_slot(state, to, card)
    back = taker[j]
    taker[j], giver[i] = card, back
    ctx.say(
        M(
            "zc.trade.swap" if back else "zc.trade.give",
            survivor=survivor_name(state, sid),
            card=card_name(state, card),
            to=survivor_name(state, to),
            slot=SLOT_LABELS[SLOTS[j]],
            back=card_name(state, back) if back else "",
        ),
        rule="ZC-16",
        survivor=sid,
        to=to,
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
    Flow.push(state, *stow(state, seat, sid, ctx))


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


def move_specs(state: State, seat: int, survivors: list[str]) -> list[dict]:
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


def move_apply(state: State, seat: int, act: dict, ctx: Ctx, sid: str | None = None) -> None:
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


def discard_specs(state: State, seat: int) -> list[dict]:
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


def discard_apply(state: State, seat: int, act: dict, ctx: Ctx) -> None:
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
