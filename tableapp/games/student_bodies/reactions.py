"""Reactions and Fast Actions from any phone, on anyone's turn (the rulebook's "Fast Action and
Reaction Cards", "Using an Item"; SB-Z6, SB-P2).

These are the game's ``anytime`` moves: offered to a seat only while their trigger is live, on
top of whatever the flow waits for. Triggers are windows the rules open and the next answer
closes: a zombie or player entering a space (Clothesline), a push or switch (Roll With It), an
attack just resolved against you (Pay Back). Fast Actions with no trigger are offered at any
time. Defense cards are not here: the defender's phone is asked before an attack lands
(combat.py).
"""

from __future__ import annotations

from tableapp.engine import Ctx, M, RuleError, action, choice

from . import effects
from .state import IN_GAME, State, attackable, player, status


def _window_target(state: State, seat: int, window: dict) -> str | None:
    """Whom a window's attack Reaction hits: the zombie or the player who set it off."""
    who = window.get("mover") if window["kind"] == "entered" else window.get("attacker", {})
    if window["kind"] == "entered":
        if who == "zombie":
            return "zombie" if state["zombies"]["board"] > state["zombies"]["knocked"] else None
        return str(who) if who != seat and attackable(state, who) else None
    if "seat" in who:
        return str(who["seat"]) if attackable(state, who["seat"]) else None
    if who.get("zombie"):
        return "zombie" if state["zombies"]["board"] > state["zombies"]["knocked"] else None
    return None  # a corpse is gone once checked


def reaction_plays(state: State, seat: int) -> list[tuple[str, dict, int]]:
    """``(value, label, window index)`` of each card ``seat`` may play on a live trigger."""
    if (
        str(seat) not in state["players"]
        or status(state, seat) not in IN_GAME
        or state["phase"] == "finished"
    ):
        return []
    out = []
    for index, window in enumerate(state["windows"]):
        kind = window["kind"]
        if kind == "entered" and window.get("mover") == seat:
            continue
        if kind in ("pushed", "attacked") and window.get("seat") != seat:
            continue
        card_kind, trigger = ("fast", "attacked") if kind == "attacked" else ("reaction", kind)
        target = _window_target(state, seat, window) if kind != "pushed" else None
        for value, label in effects.card_plays(state, seat, card_kind, trigger):
            head = value.split("@")[0]
            wants = "@" in value
            if wants and target is not None and value == f"{head}@{target}":
                out.append((value, label, index))
            elif not wants:
                out.append((value, label, index))
    return out


def specs(state: State, seat: int) -> list[dict]:
    if str(seat) not in state["players"]:
        return []  # the host
    out = []
    reacting = reaction_plays(state, seat)
    if reacting:
        values = list(dict.fromkeys(v for v, _, _ in reacting))
        labels = [next(lab for v2, lab, _ in reacting if v2 == v) for v in values]
        out.append(action("react", M("sb.action.react"), play=choice(values, labels)))
    fast = effects.card_plays(state, seat, "fast", "") + effects.item_plays(state, seat, "fast")
    if fast and status(state, seat) in IN_GAME and state["phase"] != "finished":
        out += effects.play_specs("fast", M("sb.action.fast"), fast)
    return out


def apply(state: State, seat: int, act: dict, ctx: Ctx) -> None:
    state["drawn_up"] = False
    value = act["params"]["play"]
    if act["type"] == "react":
        index = next(i for v, _, i in reaction_plays(state, seat) if v == value)
        window = state["windows"][index]
        # A trigger serves one Reaction: the enemy is down, the attack answered.
        del state["windows"][index]
        attacker = window.get("attacker")
    else:
        attacker = None
    effects.play(state, seat, value, ctx, attacker=attacker)


def explain(state: State, seat: int, act: dict) -> RuleError | None:
    if str(seat) not in state["players"]:
        return None
    if act.get("type") in ("react", "fast") and status(state, seat) not in IN_GAME:
        return RuleError("not_in_game", "SB-P1", M("sb.refuse.out"))
    if act.get("type") == "react" and player(state, seat)["down"]:
        value = (act.get("params") or {}).get("play")
        if isinstance(value, str) and "@" in value:
            return RuleError("on_the_ground", "SB-Z6", M("sb.refuse.attack_on_ground"))
    return None
