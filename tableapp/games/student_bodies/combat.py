"""Attacks (the rulebook's "Zombie Attacks", "Attacking Enemies"; SB-Z5, SB-Z6, SB-Z7, SB-P5):
the Zombie Attack Die, the automatic bite on a knocked-down player, the defender's own choice of
a Defense card or Item before the result applies, knockdowns and wounds, attacks on zombies
(always successful), and the Reaction windows an attack opens.

An attack is an automatic step ``{"kind": "attack", "attacker", "target", "mode", "rule"}``:
``attacker`` is ``{"zombie": true}`` (``"walk": true, "n": 3`` for zombie 3 of the walk),
``{"corpse": true}`` or ``{"seat": n}``; ``mode`` is ``die`` (a zombie's or a Smart Zombie's
roll), ``bite`` (a corpse, a Smart Zombie on a knocked-down player) or a card's ``bash``,
``knockdown`` or ``push``.
"""

from __future__ import annotations

from tableapp.engine import Ctx, Flow, M, RuleError, action, board_step, choice, decks, seat_ref

from . import players
from .state import (
    LIVING,
    SMART,
    State,
    attackable,
    card_name,
    gear,
    hand,
    item_name,
    kind_name,
    place_corpses,
    player,
    question,
    ruling,
    status,
)

HITS = {
    "bite": M("sb.hit.bite"),
    "bash": M("sb.hit.bash"),
    "knockdown": M("sb.hit.knockdown"),
    "push": M("sb.hit.push"),
}


def by(attacker: dict) -> dict:
    """Who attacks, in words."""
    if attacker.get("seat") is not None:
        return M("sb.by.seat", seat=seat_ref(attacker["seat"]))
    if attacker.get("corpse"):
        return M("sb.by.corpse")
    return M("sb.by.zombie")


def open_window(state: State, kind: str, **data) -> None:
    """A Reaction's trigger is live until the next answer (state.question clears them)."""
    state["windows"].append({"kind": kind, **data})


# --- the attack step ------------------------------------------------------------------------


def attack_step(attacker: dict, target: int, mode: str, rule: str | None) -> dict:
    return {"kind": "attack", "attacker": attacker, "target": target, "mode": mode, "rule": rule}


def attack(state: State, step: dict, ctx: Ctx) -> None:
    target, attacker, mode = step["target"], step["attacker"], step["mode"]
    if not attackable(state, target):
        return  # gone, or a Smart Zombie on the turn it rose (SB-P1)
    if "seat" not in attacker and status(state, target) == SMART:
        return  # SB-Z7: zombies ignore Smart Zombies
    if mode == "die":
        if player(state, target)["down"]:
            ruling(
                state,
                ctx,
                M("sb.attack.auto_bite", seat=seat_ref(target), by=by(attacker)),
                "SB-Z5",
                M("sb.reason.auto_bite"),
                seat=target,
                face="bite",
            )
            Flow.push(state, _defend_step(step, "bite"))
            return
        if state["options"]["table_die"]:
            Flow.push(state, {**step, "kind": "die", "seat": state["turn"]})
            return
        resolve_face(state, step, ctx.rng.choice(state["content"]["die"]), ctx)
        return
    if mode == "bite":
        reason = M("sb.reason.corpse_bite") if attacker.get("corpse") else M("sb.reason.smart_bite")
        ruling(
            state,
            ctx,
            M("sb.attack.bites", seat=seat_ref(target), by=by(attacker)),
            step["rule"],
            reason,
            seat=target,
        )
    else:
        ruling(
            state,
            ctx,
            M("sb.attack.player", seat=seat_ref(target), by=by(attacker), hit=HITS[mode]),
            step["rule"],
            M("sb.reason.player_attack", hit=HITS[mode]),
            seat=target,
        )
    Flow.push(state, _defend_step(step, mode))


def resolve_face(state: State, step: dict, face: str, ctx: Ctx) -> None:
    """SB-Z5: Miss, nothing; Bite, a wound; Knockdown, on the ground (the defender may stop the
    last two first)."""
    target = step["target"]
    reasons = {
        "miss": M("sb.reason.face.miss"),
        "bite": M("sb.reason.face.bite"),
        "knockdown": M("sb.reason.face.knockdown"),
    }
    ruling(
        state,
        ctx,
        M(
            "sb.attack.rolled",
            seat=seat_ref(target),
            by=by(step["attacker"]),
            face=kind_name(state, "die", face),
        ),
        "SB-Z5",
        reasons[face],
        seat=target,
        face=face,
    )
    if face == "miss":
        open_window(state, "attacked", seat=target, attacker=step["attacker"])
        return
    Flow.push(state, _defend_step(step, face))


def _defend_step(step: dict, hit: str) -> dict:
    return {
        "kind": "hit",
        "seat": step["target"],
        "hit": hit,
        "attacker": step["attacker"],
        "rule": step["rule"],
    }


# --- the physical die (option table_die) ------------------------------------------------------


def _die_specs(state: State, step: dict, seat: int) -> list[dict]:
    faces = sorted(set(state["content"]["die"]), key=("miss", "bite", "knockdown").index)
    return [
        action(
            "die",
            M("sb.action.die"),
            face=choice(faces, [kind_name(state, "die", f) for f in faces]),
        )
    ]


def _die_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    resolve_face(state, step, act["params"]["face"], ctx)


# --- defense (the defender's phone) -----------------------------------------------------------


def _fits(row: dict, hit: str, attacker: dict) -> bool:
    against_ok = row.get("against", "any") == "any" or "seat" not in attacker
    return hit in row.get("defends", []) and against_ok


def defenses(state: State, seat: int, hit: str, attacker: dict) -> list[tuple[str, dict]]:
    """What ``seat`` may defend this hit with: Defense cards in hand it can pay for (identical
    cards are one choice, its label counting them), and (alive only, SB-P2) ready Items whose
    defense it may use (a trash one even when spent)."""
    stamina = player(state, seat)["stamina"]
    out = []
    cards = [
        card_id
        for card_id in hand(state, seat)
        if card_id is not None
        and state["content"]["cards"][card_id]["trigger"] == "defend"
        and _fits(state["content"]["cards"][card_id], hit, attacker)
        and state["content"]["cards"][card_id]["cost"] <= stamina
    ]
    count: dict[str, int] = {}
    for card_id in cards:
        key = state["content"]["cards"][card_id]["key"]
        count[key] = count.get(key, 0) + 1
    seen = set()
    for card_id in cards:  # identical cards are one choice, the first of them
        c = state["content"]["cards"][card_id]
        if c["key"] in seen:
            continue
        seen.add(c["key"])
        name, n = card_name(state, card_id), count[c["key"]]
        label = (
            M("sb.defend.card.copies", card=name, cost=c["cost"], count=n)
            if n > 1
            else M("sb.defend.card", card=name, cost=c["cost"])
        )
        out.append((card_id, label))
    if status(state, seat) == LIVING:
        items = gear(state, seat)
        for item_id in [i for i in items["ready"] if i is not None]:
            for n, ability in enumerate(state["content"]["items"][item_id]["abilities"]):
                usable = ability["trash"] or item_id not in items["spent"]
                if (
                    ability["trigger"] == "defend"
                    and _fits(ability, hit, attacker)
                    and ability["cost"] <= stamina
                    and usable
                ):
                    label = M(
                        "sb.defend.item", item=item_name(state, item_id), cost=ability["cost"]
                    )
                    out.append((f"{item_id}:{n}", label))
    return out


#: The defend answers that take the hit: this one only, or every hit until the turn ends.
TAKE = ("none", "quiet")


def quiet(state: State, seat: int) -> bool:
    """Whether ``seat`` chose to take every hit of this turn without being asked (SB-Z5)."""
    return player(state, seat).get("quiet") == state["turn_no"]


def _defend_specs(state: State, step: dict, seat: int) -> list[dict]:
    """Take it, take it and every hit until this turn ends (asked no more: a player saving
    their cards for later says so once), or one of the defenses that stop it."""
    options = defenses(state, seat, step["hit"], step["attacker"])
    hit_name = HITS[step["hit"]]
    values = [*TAKE] + [v for v, _ in options]
    labels = [M("sb.defend.none", hit=hit_name), M("sb.defend.quiet", hit=hit_name)]
    labels += [label for _, label in options]
    return [
        action("defend", M("sb.action.defend", hit=HITS[step["hit"]]), use=choice(values, labels))
    ]


def _defend_refuse(state: State, step: dict, seat: int, act: dict) -> RuleError | None:
    use = act["params"].get("use")
    if act["type"] != "defend" or use in (None, *TAKE):
        return None
    if use not in [v for v, _ in defenses(state, seat, step["hit"], step["attacker"])]:
        return RuleError(
            "cannot_defend", step["rule"], M("sb.refuse.defense", hit=HITS[step["hit"]])
        )
    return None


def _defend_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    use = act["params"]["use"]
    if use in TAKE:
        if use == "quiet":  # SB-Z5: the player's own choice, said to the table
            player(state, seat)["quiet"] = state["turn_no"]
            ruling(
                state,
                ctx,
                M("sb.defend.quiet_chosen", seat=seat_ref(seat)),
                step["rule"],
                M("sb.reason.quiet"),
                seat=seat,
            )
        apply_hit(state, step, ctx)
        return
    attacker = step["attacker"]
    if ":" in use:
        item_id, n = use.split(":")
        ability = state["content"]["items"][item_id]["abilities"][int(n)]
        players.use_item_cost(state, seat, item_id, ability, ctx)
        what, effects = item_name(state, item_id), ability["effects"]
    else:
        card = state["content"]["cards"][use]
        players.pay_for(state, seat, card["cost"], card_name(state, use), ctx)
        decks.discard_from(hand(state, seat), use, state["main"])
        what, effects = card_name(state, use), card["effects"]
    ruling(
        state,
        ctx,
        M("sb.defended", seat=seat_ref(seat), what=what, hit=HITS[step["hit"]], by=by(attacker)),
        step["rule"],
        M("sb.reason.defended"),
        seat=seat,
        defended=use,
    )
    open_window(state, "attacked", seat=seat, attacker=attacker)
    # The Defensive portion's extras (move, switch, push the attacker) follow the defense.
    Flow.push(
        state,
        *[
            {"kind": "effect", "seat": seat, "effect": e, "attacker": attacker, "target": None}
            for e in effects
        ],
    )


def hit(state: State, step: dict, ctx: Ctx) -> None:
    """A hit about to land: the defender is asked first only when they hold a Defense card or
    an Item they may use against it now, and have not chosen to take every hit of this turn;
    otherwise it lands with no question (a question with "take it" as its only answer asks
    nothing)."""
    if not quiet(state, step["seat"]) and defenses(
        state, step["seat"], step["hit"], step["attacker"]
    ):
        Flow.push(state, {**step, "kind": "defend"})
        return
    apply_hit(state, step, ctx)


def apply_hit(state: State, step: dict, ctx: Ctx) -> None:
    """The attack lands: bite and bash wound (SB-Z5, SB-P5); knockdown puts the defender on the
    ground, which ends what they were doing; a push is not movement (SB-Z6)."""
    target, hit, attacker = step["seat"], step["hit"], step["attacker"]
    cause = M("sb.cause.attack", by=by(attacker), hit=HITS[hit])
    open_window(state, "attacked", seat=target, attacker=attacker)
    if hit == "knockdown":
        players.knock_down(state, target, ctx, cause, step["rule"])
    elif hit == "push":
        pushed(state, target, ctx, cause)
    else:
        players.wound(state, target, ctx, cause, step["rule"])


def pushed(state: State, seat: int, ctx: Ctx, cause: dict) -> None:
    """SB-Z6: pushed or switched is not movement (no zombie attacks), but it may trigger a
    Reaction: the pushed player's, and a Clothesline from whoever it lands next to."""
    ruling(
        state, ctx, M("sb.pushed", seat=seat_ref(seat), cause=cause), "SB-Z6", M("sb.reason.push")
    )
    open_window(state, "pushed", seat=seat)
    open_window(state, "entered", mover=seat)


# --- attacks on non-player zombies (always successful) -----------------------------------------


def hit_zombie(
    state: State, seat: int, mode: str, target: str, ctx: Ctx, which: int | None = None
) -> None:
    """A Bash kills (back to the pool, a corpse token in its place, SB-Z4, SB-S5); a Knockdown
    lays it down (it stands up with its next action, SB-Z3); a Push moves it (SB-Z6)."""
    z = state["zombies"]
    if z["board"] == 0:
        ctx.say(M("sb.zombie.none_left"), rule="SB-Z4")
        return
    down = target == "zombie_down"
    if mode == "bash":
        kill_zombie(state, ctx, down=down, by_seat=seat, which=which)
    elif mode == "knockdown":
        if not down and z["knocked"] < z["board"]:
            z["knocked"] += 1
        ruling(
            state,
            ctx,
            M("sb.zombie.knocked", seat=seat_ref(seat)),
            "SB-Z3",
            M("sb.reason.zombie.knocked"),
        )
    else:
        ruling(state, ctx, M("sb.zombie.pushed", seat=seat_ref(seat)), "SB-Z6", M("sb.reason.push"))
        open_window(state, "entered", mover="zombie")


def kill_zombie(
    state: State, ctx: Ctx, *, down: bool, by_seat: int, which: int | None = None
) -> None:
    """A zombie dies: back to the pool (SB-Z4), a corpse token in its place (SB-S5). ``which``
    is its number in the zombie walk when the table knows it (the zombie that attacked)."""
    z = state["zombies"]
    z["board"] -= 1
    z["pool"] += 1
    if down:
        z["knocked"] = max(0, z["knocked"] - 1)
    z["knocked"] = min(z["knocked"], z["board"])
    if state.get("walk") is not None:
        _walk_loses(state, which)
    ruling(
        state,
        ctx,
        M("sb.zombie.killed", seat=seat_ref(by_seat)),
        "SB-Z4",
        M("sb.reason.zombie.killed"),
        pool=z["pool"],
    )
    if place_corpses(state, 1, ctx, M("sb.corpse.where_killed")):
        board_step(state, M("sb.board.killed"), [by_seat])
    else:
        board_step(state, M("sb.board.killed.no_corpse"), [by_seat])


def _walk_loses(state: State, which: int | None) -> None:
    """SB-Z2: a zombie killed during the walk. The walk knows which zombies have acted (the
    numbers before the current one) and which are gone: a zombie that already acted takes no
    one's turn away; the zombie being activated stops; one still to act is skipped. A zombie
    the table cannot name (a Bash at "a zombie") is presumed one still to act, if any is left,
    else one that acted."""
    walk = state["walk"]
    current, gone = walk["zombie"], walk["gone"]
    if which is None and walk.get("attacking"):
        which = current  # killed in the middle of its own attack
    if which is None or which in gone:
        to_act = [n for n in range(current + 1, walk["of"] + 1) if n not in gone]
        which = to_act[-1] if to_act else None
    if which is None:
        return
    gone.append(which)
    if which != current:
        return
    walk["dead"] = True  # the zombie being activated: its actions end
    if not walk.get("attacking"):
        # Its next action's question is waiting: it asks nothing now, the walk moves on.
        for index in range(len(state["steps"]) - 1, -1, -1):
            if state["steps"][index]["kind"] == "zombie_act":
                state["steps"][index] = {"kind": "walk_next", "used": 0}
                break


STEPS = {"attack": attack, "hit": hit}

QUESTIONS = {
    "die": question(
        "SB-Z5",
        _die_specs,
        _die_apply,
        prompt=lambda state, step: M(
            "sb.prompt.die", seat=seat_ref(step["seat"]), target=seat_ref(step["target"])
        ),
        ask=lambda state, step: M("sb.ask.die", target=seat_ref(step["target"])),
    ),
    "defend": question(
        "SB-Z5",
        _defend_specs,
        _defend_apply,
        prompt=lambda state, step: M(
            "sb.prompt.defend",
            seat=seat_ref(step["seat"]),
            hit=HITS[step["hit"]],
            by=by(step["attacker"]),
        ),
        ask=lambda state, step: M("sb.ask.defend", hit=HITS[step["hit"]], by=by(step["attacker"])),
        refuse=_defend_refuse,
    ),
}
