"""One effect of a Human card (the Eat Zem All rulebook, "Human Card Effects", "Structure of
Human Cards", the FAQ on Adèle; EZA-H1, EZA-H15).

Effects are resolved in order; one that cannot apply now is skipped for good (EZA-H1). Attacks
are in :mod:`.attacks`, moves in :mod:`.house` and :mod:`.cemetery`; Adèle's cheer is here: each
Human on her cell gains a Bite token from the box, beyond its starting count if need be, while
tokens are left (EZA-H15).
"""

from __future__ import annotations

from ...engine import Ctx, M, board_step
from . import cemetery, house
from .attacks import start_attack
from .state import State, Step, human, human_name, in_play


def _human_effect(state: State, step: Step, ctx: Ctx) -> None:
    hid, effect = step["human"], step["effect"]
    if human(state, hid)["status"] != "alive":
        return  # an escaped Human's remaining effects have nothing to apply to
    if effect in ("kill_standing", "kill_crawling"):
        start_attack(state, ctx, hid, effect)
    elif effect.startswith("move"):
        house.house_move(state, ctx, hid, int(effect[4:]))
    elif effect == "change_room":
        house.change_room(state, ctx, hid)
    elif effect.startswith("arrow:"):
        house.eve_arrow(state, ctx, hid, effect.split(":")[1])
    elif effect == "advance":
        cemetery.advance(state, ctx, hid)
    elif effect == "cheer":
        cheer(state, ctx, hid)


def cheer(state: State, ctx: Ctx, hid: str) -> None:
    """EZA-H15: Adèle adds a Bite token to each Human on her cell, within the tokens left."""
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
            gained.append(other)
        else:
            short.append(other)
    ctx.say(
        M(
            "eza.cheer.short" if short else "eza.cheer",
            human=human_name(state, hid),
            gained=[human_name(state, h) for h in gained],
            short=[human_name(state, h) for h in short],
            count=len(gained),
        ),
        rule="EZA-H15",
        reason=M("eza.cheer.reason"),
        humans=gained,
    )
    if gained:
        names = [human_name(state, h) for h in gained]
        board_step(state, M("eza.step.cheer", humans=names), [state["active"]])


STEPS = {"human_effect": _human_effect}
