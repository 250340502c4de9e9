"""Declaring an attack (ZC-5, ZC-13): the weapon a survivor attacks with (``ranged`` /
``melee``, a hand or both, dual), the one form that aims it (``aim``: the Zombies in the target
zone, the survivors standing there, the hits the table counted), and, with option
``app_dice``, the dice the app rolls and their rerolls (``dice``, ``reroll`` / ``keep_dice``).
What the hits and misses take and the outcome are combat.py's."""

from __future__ import annotations

from tableapp.engine import (
    Ctx,
    Flow,
    M,
    Question,
    RuleError,
    action,
    choice,
    counts,
    integer,
    seat_ref,
    subset,
)

from .combat import FACES, key_name, zone_keys, zone_words
from .state import (
    FIGURES,
    HANDS,
    SLOT_LABELS,
    SLOTS,
    State,
    card_def,
    card_name,
    cards_of,
    discard,
    skill_number,
    survivor,
    survivor_name,
    zombies_on_board,
)

# --- declaring an attack ------------------------------------------------------------------------


def _weapons(state: State, sid: str, mode: str) -> list[tuple[str, dict]]:
    """(value, label) of each weapon a survivor can attack with: a card in a hand (ZC-16), or
    both hands at once when they hold two of the same dual weapon."""
    inventory = survivor(state, sid)["inventory"]
    modes = ("ranged", "molotov") if mode == "ranged" else ("melee",)
    out = []
    for i in HANDS:
        card = inventory[i]
        if card and card_def(state, card).get("attack") in modes:
            out.append(
                (
                    SLOTS[i],
                    M("zc.weapon.hand", card=card_name(state, card), hand=SLOT_LABELS[SLOTS[i]]),
                )
            )
    left, right = inventory[0], inventory[1]
    if left and right:
        a, b = card_def(state, left), card_def(state, right)
        if (
            a["id"] == b["id"]
            and a.get("dual")
            and a.get("attack") in modes
            and a["attack"] != "molotov"
        ):
            out.append(("dual", M("zc.weapon.dual", card=card_name(state, left))))
    return out


def attack_specs(state: State, sid: str) -> list[dict]:
    """``ranged`` and ``melee``: one tap on the weapon (none while the board holds no Zombie);
    the target zone is asked next (``aim``)."""
    if zombies_on_board(state) == 0:
        return []
    specs = []
    for mode, label in (
        ("ranged", M("zc.action.ranged", survivor=survivor_name(state, sid))),
        ("melee", M("zc.action.melee", survivor=survivor_name(state, sid))),
    ):
        weapons = _weapons(state, sid, mode)
        if len(weapons) == 1:  # one weapon to attack with: the button is the move
            name, weapon = survivor_name(state, sid), weapons[0][1]
            if mode == "ranged":
                one = M("zc.action.ranged_one", survivor=name, weapon=weapon)
            else:
                one = M("zc.action.melee_one", survivor=name, weapon=weapon)
            specs.append(action(mode, one))
        elif weapons:
            specs.append(
                action(
                    mode,
                    label,
                    weapon=choice([v for v, _ in weapons], [text for _, text in weapons]),
                )
            )
    return specs


def _aim_specs(state: State, step: dict, seat: int) -> list[dict]:
    """The target zone: its Zombies per type (count steppers, at most what is on the board)
    and, for a ranged attack, the other survivors standing there."""
    sid, mode = step["survivor"], step["mode"]
    cancel = action("cancel_attack", M("zc.action.cancel_attack"))
    if step["weapon"] not in [v for v, _ in _weapons(state, sid, mode)] or not zombies_on_board(
        state
    ):
        return [cancel]  # the weapon left the hand meanwhile (a discard)
    keys = zone_keys(state)
    params = {
        "zombies": counts(
            {k: (0, state["board"][k] if k in FIGURES else 1) for k in keys},
            labels={k: key_name(state, k) for k in keys},
            values={k: 0 for k in keys},
        )
    }
    molotov = _attack_of(state, sid, step["weapon"]) == "molotov"
    if mode == "ranged" and not molotov:
        others = [s for s in state["team"] if s != sid]
        params["allies"] = subset(others, 0, len(others), [survivor_name(state, s) for s in others])
    if not molotov and not state["options"]["app_dice"]:
        # The table rolls: its players count the dice showing the accuracy or more, one tap
        # (ZC-13), in the same form; the app rolls them itself with option app_dice.
        dice, accuracy = dice_of(state, sid, mode, step["weapon"])
        params["hits"] = {
            **integer(0, dice, value=0),
            "label": M("zc.param.hits", count=dice, accuracy=accuracy),
        }
    weapon = weapon_label(state, sid, mode, step["weapon"])
    label = M("zc.action.shoot" if mode == "ranged" else "zc.action.strike", weapon=weapon)
    return [action("attack", label, submit=M("zc.submit.attack"), **params), cancel]


def _attack_of(state: State, sid: str, weapon: str) -> str | None:
    """The ``attack`` of the card a weapon choice names (a hand, or "dual")."""
    card = survivor(state, sid)["inventory"][0 if weapon == "dual" else SLOTS.index(weapon)]
    return card_def(state, card).get("attack") if card else None


def dice_of(state: State, sid: str, mode: str, weapon: str) -> tuple[int, int]:
    """How many dice an attack with ``weapon`` rolls (both weapons' when dual, skills' extra
    dice included) and the accuracy each needs."""
    inventory = survivor(state, sid)["inventory"]
    hands = [0, 1] if weapon == "dual" else [SLOTS.index(weapon)]
    d = card_def(state, inventory[hands[0]])
    bonus = skill_number(state, sid, "ranged_dice" if mode == "ranged" else "melee_dice")
    return (d.get("dice", 0) + bonus) * len(hands), d.get("accuracy", 0)


def weapon_label(state: State, sid: str, mode: str, weapon: str) -> dict:
    """ "Pistol (Left hand)" / "Sawed-off ×2 (dual)" for a weapon choice."""
    for value, label in _weapons(state, sid, mode):
        if value == weapon:
            return label
    return M("zc.nothing")


def _aim_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    if act["type"] == "cancel_attack":
        ctx.say(M("zc.attack.cancelled", survivor=survivor_name(state, step["survivor"])))
        return
    params = {"weapon": step["weapon"], **act["params"]}
    Flow.push(state, *declare(state, step["survivor"], seat, step["mode"], params, ctx))


AIM = Question(
    rule="ZC-13",
    specs=_aim_specs,
    apply=_aim_apply,
    prompt=lambda state, step: M("zc.prompt.aim", survivor=survivor_name(state, step["survivor"])),
    ask=lambda state, step: M(
        "zc.ask.aim_ranged" if step["mode"] == "ranged" else "zc.ask.aim_melee"
    ),
)


def refuse_attack(state: State, sid: str, kind: str) -> RuleError | None:
    if zombies_on_board(state) == 0:
        return RuleError("no_zombie", "ZC-13", M("zc.refuse.no_zombie"))
    if not _weapons(state, sid, kind):
        return RuleError(
            "no_weapon_in_hand",
            "ZC-16",
            M(
                "zc.refuse.no_ranged" if kind == "ranged" else "zc.refuse.no_melee",
                survivor=survivor_name(state, sid),
            ),
        )
    return None


def only_weapon(state: State, sid: str, mode: str) -> str:
    """The weapon of an attack posted without one: the only one the survivor can use."""
    ((weapon, _),) = _weapons(state, sid, mode)
    return weapon


def declare(state: State, sid: str, seat: int, kind: str, params: dict, ctx: Ctx) -> list[dict]:
    """Record the attack; the steps that resolve it (the caller pushes them).

    Long because the attack's record names every part the later steps read (weapon, hands, dice,
    zone, allies, rerolls, the app's dice when asked), each from the answer's params."""
    weapon = params["weapon"]
    hands = [0, 1] if weapon == "dual" else [SLOTS.index(weapon)]
    inventory = survivor(state, sid)["inventory"]
    cards = [inventory[i] for i in hands]
    d = card_def(state, cards[0])
    mode = d["attack"]
    zone = {k: params["zombies"][k] for k in zone_keys(state)}
    allies = list(params.get("allies", [])) if kind == "ranged" else []
    attack = {
        "mode": mode,
        "survivor": sid,
        "seat": seat,
        "cards": cards,
        "weapon": d["id"],
        "zone": zone,
        "allies": allies,
        "dice": 0,
        "accuracy": d.get("accuracy", 0),
        "damage": d.get("damage", 0),
        "rolls": [],
        "entered": None,  # the hits the table counted on its own dice, or None (app_dice)
        "rerolls": 0,
        "order": None,
        "misses_to": None,
        "hits_to": None,
    }
    if mode != "molotov":
        bonus = skill_number(state, sid, "ranged_dice" if mode == "ranged" else "melee_dice")
        attack["dice"] = (d["dice"] + bonus) * len(cards)
        if mode == "melee":
            attack["damage"] += skill_number(state, sid, "melee_damage")
        attack["rerolls"] = _rerolls(state, sid, d)
    state["attack"] = attack
    ctx.say(
        M(
            "zc.attack.declared_dual" if len(cards) > 1 else "zc.attack.declared",
            survivor=survivor_name(state, sid),
            weapon=card_name(state, cards[0]),
            count=len(cards),
            zombies=zone_words(state, zone) or M("zc.nothing"),
            allies=[survivor_name(state, s) for s in allies] or M("zc.nobody"),
        ),
        rule="ZC-13" if mode != "melee" else "ZC-5",
        survivor=sid,
        zone=zone,
        allies=allies,
    )
    if mode == "molotov":
        # The Molotov is discarded to throw it: no dice, everything in the zone dies.
        inventory[hands[0]] = None
        discard(state, cards[0])
        return [{"kind": "resolve_attack"}]
    if "hits" in params:  # the table's dice, counted in the form
        attack["entered"] = params["hits"]
        ctx.say(
            M(
                "zc.dice.hits_entered",
                seat=seat_ref(seat),
                count=attack["dice"],
                hits=params["hits"],
                accuracy=attack["accuracy"],
            ),
            rule="ZC-13" if mode == "ranged" else "ZC-5",
            hits=params["hits"],
        )
        return [{"kind": "after_dice", "seat": seat}]
    first = {"kind": "roll"} if state["options"]["app_dice"] else {"kind": "dice", "seat": seat}
    return [first, {"kind": "after_dice", "seat": seat}]


def _rerolls(state: State, sid: str, weapon: dict) -> int:
    """Rerolls the app offers when it rolls: a Plenty-of card per matching ammo anywhere in the
    inventory (they add up), plus skills (Lucky)."""
    ammo = weapon.get("ammo")
    cards = [c for c in cards_of(state, sid) if ammo and card_def(state, c).get("reroll") == ammo]
    return len(cards) + skill_number(state, sid, "rerolls")


# --- the dice ------------------------------------------------------------------------------------


def _dice_specs(state: State, step: dict, seat: int) -> list[dict]:
    a = state["attack"]
    faces = choice(FACES, [M("zc.die.face", face=f) for f in FACES])
    params = {f"die_{i}": faces for i in range(1, a["dice"] + 1)}
    return [
        action(
            "dice",
            M("zc.action.dice", count=a["dice"], accuracy=a["accuracy"]),
            submit=M("zc.submit.dice", chosen="{chosen}"),
            **params,
        )
    ]


def _dice_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    a = state["attack"]
    a["rolls"] = [act["params"][f"die_{i}"] for i in range(1, a["dice"] + 1)]
    _say_rolls(state, ctx, M("zc.dice.entered", seat=seat_ref(seat), rolls=a["rolls"]))


DICE = Question(
    rule="ZC-13",
    specs=_dice_specs,
    apply=_dice_apply,
    prompt=lambda state, step: M(
        "zc.prompt.dice",
        survivor=survivor_name(state, state["attack"]["survivor"]),
        count=state["attack"]["dice"],
    ),
    ask=lambda state, step: M(
        "zc.ask.dice", count=state["attack"]["dice"], accuracy=state["attack"]["accuracy"]
    ),
)


def _roll(state: State, step: dict, ctx: Ctx) -> None:
    """Option app_dice: the dice come from the table's seeded stream."""
    a = state["attack"]
    a["rolls"] = [ctx.rng.between(1, 6) for _ in range(a["dice"])]
    _say_rolls(state, ctx, M("zc.dice.rolled", rolls=a["rolls"]))
    if a["rerolls"] > 0:
        Flow.push(state, {"kind": "reroll", "seat": a["seat"]})


def _say_rolls(state: State, ctx: Ctx, message: dict) -> None:
    a = state["attack"]
    hits = sum(1 for r in a["rolls"] if r >= a["accuracy"])
    ctx.say(
        M(
            "zc.dice.result",
            rolls=message,
            hits=hits,
            misses=len(a["rolls"]) - hits,
            accuracy=a["accuracy"],
        ),
        rule="ZC-13" if a["mode"] == "ranged" else "ZC-5",
        rolls=list(a["rolls"]),
        hits=hits,
    )


def _reroll_specs(state: State, step: dict, seat: int) -> list[dict]:
    a = state["attack"]
    return [
        action("reroll", M("zc.action.reroll", count=a["rerolls"])),
        action("keep_dice", M("zc.action.keep_dice")),
    ]


def _reroll_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    a = state["attack"]
    if act["type"] == "keep_dice":
        return
    a["rerolls"] -= 1
    a["rolls"] = [ctx.rng.between(1, 6) for _ in range(a["dice"])]
    _say_rolls(state, ctx, M("zc.dice.rerolled", rolls=a["rolls"]))
    if a["rerolls"] > 0:
        Flow.push(state, step)


REROLL = Question(
    rule="ZC-13",
    specs=_reroll_specs,
    apply=_reroll_apply,
    prompt=lambda state, step: M(
        "zc.prompt.reroll", survivor=survivor_name(state, state["attack"]["survivor"])
    ),
    ask=lambda state, step: M("zc.ask.reroll", rolls=state["attack"]["rolls"]),
)


STEPS = {"roll": _roll}
QUESTIONS = {"aim": AIM, "dice": DICE, "reroll": REROLL}
