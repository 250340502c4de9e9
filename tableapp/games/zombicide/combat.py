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
)
from tableapp.engine.messages import pack_names

from .ending import gain_adrenaline, wound
from .state import (
    ABOMINATION,
    BRUTE,
    FIGURES,
    FINISHED,
    RUNNER,
    WALKER,
    State,
    kind_name,
    skill_flag,
    survivor_name,
    type_name,
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


def zone_words(state: State, zone: dict[str, int]) -> list:
    return [M("zc.n_zombies", count=n, type=key_name(state, k)) for k, n in zone.items() if n]


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
    """The attack's outcome played (ZC-13): which Zombies the hits take (a Molotov, free
    targeting, or the priority order), the adrenaline the kills bring, the misses that wound
    allies (friendly fire), the record the screens show, what it says. Long because these
    follow one another on the same running counts (hits, misses, kills)."""
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
            kills=zone_words(state, a_out["kills"]) or M("zc.nothing"),
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


STEPS = {"after_dice": _after_dice, "resolve_attack": _resolve}
QUESTIONS = {
    "target_order": TARGET_ORDER,
    "friendly_fire": FRIENDLY_FIRE,
    "allocate": ALLOCATE,
}
