"""Combat: the ranged attack resolver and melee (ZC-5, ZC-13), with the adrenaline gained
(ZC-3) and friendly fire.

The player declares the attack on their phone (``ranged`` / ``melee``): the weapon in hand
(or both, dual), then one form (``attack``): the Zombies in the target zone per type (at most
what is on the board), for a ranged attack the other survivors standing in that zone, and the
hits: how many of the table's dice show the accuracy or more (one tap; rerolls are made at
the table before). With option ``app_dice`` the app rolls them from the table's seeded stream
instead (then ``reroll`` / ``keep_dice`` while Plenty of bullets / shells or Lucky allow).
Then only the questions whose answer changes the outcome:

- ``target_order`` (ranged): Brutes and Abominations share the first rank; when both are in
  the zone and it matters, the shooter says which his hits take first;
- ``friendly_fire`` (ranged): each miss hits one survivor of the zone (never the shooter);
  with two or more there, the players say how many misses each takes (``misses``, a row
  each summing to the misses; one there takes them all);
- ``allocate`` (melee, or a ranged attack with free targeting): how many of each kind the hits
  kill (``kills``, a row per kind summing to the hits, the most adrenaline preselected), when
  the hits cannot kill everything they could kill.

Damage never adds up (ZC-5): a hit weaker than its target's damage is lost, and with ranged
priority every later hit goes to that same target too.
"""

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
from tableapp.engine.messages import pack_names

from .ending import gain_adrenaline, wound
from .state import (
    ABOMINATION,
    BRUTE,
    FIGURES,
    FINISHED,
    HANDS,
    RUNNER,
    SLOT_LABELS,
    SLOTS,
    WALKER,
    State,
    card_def,
    card_name,
    cards_of,
    discard,
    kind_name,
    skill_flag,
    skill_number,
    survivor,
    survivor_name,
    type_name,
    zombies_on_board,
)

ABOMINATION_KEY = "abomination_"
FACES = list(range(1, 7))
ORDERS = ("brutes", "abominations")


def key_type(key: str) -> str:
    return ABOMINATION if key.startswith(ABOMINATION_KEY) else key


def zone_keys(state: State) -> list[str]:
    """The target-zone counters: the figures and each Abomination on the board."""
    keys = [t for t in FIGURES if state["board"][t] > 0]
    return keys + [ABOMINATION_KEY + k for k in state["abominations"]]


def key_name(state: State, key: str) -> dict:
    if key.startswith(ABOMINATION_KEY):
        return kind_name(state, key[len(ABOMINATION_KEY) :])
    return type_name(state, key)


def _threshold(state: State, key: str) -> int:
    return state["content"]["types"][key_type(key)]["damage"]


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
    """Record the attack; the steps that resolve it (the caller pushes them)."""
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
            zombies=_zone_words(state, zone) or M("zc.nothing"),
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


def _zone_words(state: State, zone: dict[str, int]) -> list:
    return [M("zc.n_zombies", count=n, type=key_name(state, k)) for k, n in zone.items() if n]


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


# --- who the hits and misses take ----------------------------------------------------------------


def hits_and_misses(attack: dict) -> tuple[int, int]:
    """(hits, misses): from the hits the table counted, else from the dice rolled."""
    if attack.get("entered") is not None:
        return attack["entered"], attack["dice"] - attack["entered"]
    hits = sum(1 for r in attack["rolls"] if r >= attack["accuracy"])
    return hits, len(attack["rolls"]) - hits


def ranged_kills(
    state: State, zone: dict[str, int], hits: int, damage: int, order: str
) -> tuple[dict, int]:
    """ZC-13: each hit takes the first target still standing in priority order — Brutes and
    Abominations (in the shooter's ``order``), then Walkers, then Runners; a hit too weak for
    it is lost (ZC-5: damage never adds up). Returns kills per key and the hits lost."""
    abominations = [k for k in zone if k.startswith(ABOMINATION_KEY)]
    brutes = [BRUTE] if BRUTE in zone else []
    first = brutes + abominations if order == "brutes" else abominations + brutes
    sequence = first + [k for k in (WALKER, RUNNER) if k in zone]
    left = dict(zone)
    kills = {k: 0 for k in zone}
    lost = 0
    for _ in range(hits):
        target = next((k for k in sequence if left[k] > 0), None)
        if target is None or damage < _threshold(state, target):
            lost += 1
            continue
        left[target] -= 1
        kills[target] += 1
    return kills, lost


def _killable(state: State, zone: dict[str, int], damage: int) -> list[str]:
    return [k for k, n in zone.items() if n > 0 and damage >= _threshold(state, k)]


def _free_targeting(state: State, a: dict) -> bool:
    return a["mode"] == "melee" or skill_flag(state, a["survivor"], "free_targeting")


def _friendly_fire(state: State, a: dict) -> bool:
    """ZC-13: only ranged misses, only on the survivors of the target zone (the shooter never
    stands among them)."""
    return (
        a["mode"] == "ranged"
        and bool(a["allies"])
        and not skill_flag(state, a["survivor"], "no_friendly_fire")
    )


def order_matters(state: State, a: dict) -> bool:
    hits, _ = hits_and_misses(a)
    zone = a["zone"]
    if (
        not hits
        or not zone.get(BRUTE)
        or not any(k.startswith(ABOMINATION_KEY) and n for k, n in zone.items())
    ):
        return False
    return ranged_kills(state, zone, hits, a["damage"], "brutes") != ranged_kills(
        state, zone, hits, a["damage"], "abominations"
    )


def allocation_matters(state: State, a: dict) -> bool:
    hits, _ = hits_and_misses(a)
    killable = _killable(state, a["zone"], a["damage"])
    return len(killable) > 1 and hits < sum(a["zone"][k] for k in killable)


def _after_dice(state: State, step: dict, ctx: Ctx) -> None:
    """Ask only what changes the outcome, then resolve."""
    a = state["attack"]
    hits, misses = hits_and_misses(a)
    asks = []
    if _free_targeting(state, a):
        if allocation_matters(state, a):
            asks.append({"kind": "allocate", "seat": a["seat"]})
    elif order_matters(state, a):
        asks.append({"kind": "target_order", "seat": a["seat"]})
    if _friendly_fire(state, a) and misses and len(a["allies"]) > 1:
        asks.append({"kind": "friendly_fire", "seat": a["seat"]})
    Flow.push(state, *asks, {"kind": "resolve_attack"})


def _order_specs(state: State, step: dict, seat: int) -> list[dict]:
    return [
        action(
            "target_order",
            M("zc.action.target_order"),
            first=choice(list(ORDERS), [M("zc.order.brutes"), M("zc.order.abominations")]),
        )
    ]


def _order_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    state["attack"]["order"] = act["params"]["first"]


TARGET_ORDER = Question(
    rule="ZC-13",
    specs=_order_specs,
    apply=_order_apply,
    prompt=lambda state, step: M(
        "zc.prompt.target_order", survivor=survivor_name(state, state["attack"]["survivor"])
    ),
    ask=lambda state, step: M("zc.ask.target_order"),
)


def _ff_specs(state: State, step: dict, seat: int) -> list[dict]:
    """How many misses each survivor of the zone takes: one row each, one tap, the rows
    summing to the misses (the phone waits until they do)."""
    a = state["attack"]
    _, misses = hits_and_misses(a)
    allies = a["allies"]
    return [
        action(
            "friendly_fire",
            M("zc.action.friendly_fire", count=misses, damage=a["damage"]),
            submit=M("zc.submit.friendly_fire", n="{n}"),
            misses=counts(
                {s: (0, misses) for s in allies},
                labels={s: survivor_name(state, s) for s in allies},
                values={s: 0 for s in allies},
                most=misses,
                least=misses,
                reason=M("zc.reason.misses", count=misses),
            ),
        )
    ]


def _ff_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    taken = act["params"]["misses"]
    state["attack"]["misses_to"] = [s for s in state["attack"]["allies"] for _ in range(taken[s])]


def _ff_refuse(state: State, step: dict, seat: int, act: dict) -> RuleError | None:
    """ZC-13: each miss hits exactly one survivor of the zone."""
    taken = act["params"].get("misses")
    if act["type"] != "friendly_fire" or not isinstance(taken, dict):
        return None
    _, misses = hits_and_misses(state["attack"])
    given = sum(n for n in taken.values() if isinstance(n, int) and not isinstance(n, bool))
    if given != misses:
        return RuleError(
            "misses_to_place", "ZC-13", M("zc.refuse.misses", count=misses, total=given)
        )
    return None


FRIENDLY_FIRE = Question(
    rule="ZC-13",
    specs=_ff_specs,
    apply=_ff_apply,
    refuse=_ff_refuse,
    prompt=lambda state, step: M(
        "zc.prompt.friendly_fire", survivor=survivor_name(state, state["attack"]["survivor"])
    ),
    ask=lambda state, step: M("zc.ask.friendly_fire"),
)


#: The hits' preselected allocation, the likely one: what gives the most adrenaline first, then
#: Runners (they act twice), then Brutes, then Walkers; the player changes it at will (ZC-13).
PRESELECT = (RUNNER, BRUTE, WALKER)


def _allocate_specs(state: State, step: dict, seat: int) -> list[dict]:
    """Which Zombies the hits kill: a row per kind the weapon can kill, one tap each, the rows
    summing to the hits (asked only when they cannot kill everything they could)."""
    a = state["attack"]
    hits, _ = hits_and_misses(a)
    killable = _killable(state, a["zone"], a["damage"])
    xp = state["content"]["types"]
    order = sorted(
        killable,
        key=lambda k: (
            -xp[key_type(k)]["adrenaline"],
            PRESELECT.index(k) if k in PRESELECT else -1,
        ),
    )
    values, left = {}, hits
    for k in order:
        values[k] = min(a["zone"][k], left)
        left -= values[k]
    return [
        action(
            "allocate",
            M("zc.action.allocate", count=hits),
            submit=M("zc.submit.allocate", n="{n}"),
            kills=counts(
                {k: (0, a["zone"][k]) for k in killable},
                labels={k: key_name(state, k) for k in killable},
                values=values,
                most=hits,
                least=hits,
                reason=M("zc.reason.hits", count=hits),
            ),
        )
    ]


def _allocate_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    kills = act["params"]["kills"]
    state["attack"]["hits_to"] = [k for k, n in kills.items() for _ in range(n)]


def _allocate_refuse(state: State, step: dict, seat: int, act: dict) -> RuleError | None:
    """ZC-13: every hit takes a Zombie the player chooses, while one it can kill is left."""
    kills = act["params"].get("kills")
    if act["type"] != "allocate" or not isinstance(kills, dict):
        return None
    hits, _ = hits_and_misses(state["attack"])
    given = sum(n for n in kills.values() if isinstance(n, int) and not isinstance(n, bool))
    if given != hits:
        return RuleError("hits_to_place", "ZC-13", M("zc.refuse.hits", count=hits, total=given))
    return None


ALLOCATE = Question(
    rule="ZC-13",
    specs=_allocate_specs,
    apply=_allocate_apply,
    refuse=_allocate_refuse,
    prompt=lambda state, step: M(
        "zc.prompt.allocate", survivor=survivor_name(state, state["attack"]["survivor"])
    ),
    ask=lambda state, step: M("zc.ask.allocate"),
)


# --- the outcome ---------------------------------------------------------------------------------


def _free_kills(state: State, a: dict, hits: int) -> tuple[dict, int]:
    """Melee (and free targeting): the player's allocation, or, when nothing is left to
    choose, every hit on something it can kill."""
    zone = a["zone"]
    kills = {k: 0 for k in zone}
    killable = _killable(state, zone, a["damage"])
    if a["hits_to"] is not None:
        chosen = a["hits_to"]
    else:
        chosen = [k for k in killable for _ in range(zone[k])][:hits]
    for k in chosen:
        if kills[k] < zone[k]:
            kills[k] += 1
    return kills, hits - sum(kills.values())


def _resolve(state: State, step: dict, ctx: Ctx) -> None:
    a = state["attack"]
    sid = a["survivor"]
    hits, misses = hits_and_misses(a)
    if a["mode"] == "molotov":
        kills, lost, rule, reason = dict(a["zone"]), 0, "ZC-13", M("zc.reason.molotov")
    elif _free_targeting(state, a):
        kills, lost = _free_kills(state, a, hits)
        rule = "ZC-13"
        reason = M("zc.reason.melee") if a["mode"] == "melee" else M("zc.reason.free_targeting")
    else:
        kills, lost = ranged_kills(state, a["zone"], hits, a["damage"], a["order"] or "brutes")
        rule, reason = "ZC-13", M("zc.reason.priority")
    for key, n in kills.items():
        if not n:
            continue
        if key.startswith(ABOMINATION_KEY):
            state["abominations"].remove(key[len(ABOMINATION_KEY) :])
        else:
            state["board"][key] -= n
    types = state["content"]["types"]
    gained = sum(n * types[key_type(k)]["adrenaline"] for k, n in kills.items())
    friendly: dict[str, int] = {}
    if _friendly_fire(state, a) and misses:
        targets = a["misses_to"] or [a["allies"][0]] * misses
        for ally in targets:
            friendly[ally] = friendly.get(ally, 0) + a["damage"]
    a_out = {
        "survivor": sid,
        "mode": a["mode"],
        "weapon": a["weapon"],
        "weapon_name": pack_names(state["content"]["cards"][a["weapon"]]),
        "zone": dict(a["zone"]),
        "rolls": list(a["rolls"]),
        "accuracy": a["accuracy"],
        "damage": a["damage"],
        "hits": hits,
        "misses": misses,
        "kills": {k: n for k, n in kills.items() if n},
        "lost": lost,
        "friendly": friendly,
        "adrenaline": gained,
        "order": a["order"],
    }
    state["last_attack"] = a_out
    state["attack"] = None
    ctx.say(
        M(
            "zc.attack.result",
            survivor=survivor_name(state, sid),
            kills=_zone_words(state, a_out["kills"]) or M("zc.nothing"),
            count=lost,
        ),
        rule=rule,
        reason=reason,
        attack=a_out,
    )
    if lost and a["mode"] != "molotov":
        ctx.say(
            M("zc.attack.lost", count=lost, damage=a["damage"]),
            rule="ZC-5",
            reason=M("zc.reason.no_add_up"),
        )
    gain_adrenaline(state, sid, gained, ctx, M("zc.why.kills"))
    for ally, n in friendly.items():
        wound(
            state,
            ally,
            n,
            ctx,
            "ZC-13",
            M("zc.why.friendly_fire", survivor=survivor_name(state, sid)),
        )
        if state["phase"] == FINISHED:
            return


STEPS = {"roll": _roll, "after_dice": _after_dice, "resolve_attack": _resolve}
QUESTIONS = {
    "aim": AIM,
    "dice": DICE,
    "reroll": REROLL,
    "target_order": TARGET_ORDER,
    "friendly_fire": FRIENDLY_FIRE,
    "allocate": ALLOCATE,
}
