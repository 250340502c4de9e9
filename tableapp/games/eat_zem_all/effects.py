"""Card effects as players read them (the Eat Zem All rulebook, "Zombie Card Effects", "Human
Card Effects", "Special Effects of Events", "Summary").

The content pack writes effects as short codes (``activate:2x3``, ``move+2``, ``kill_standing``);
:func:`describe` turns one into a message the phone renders in its language, and
:func:`activation` reads an activation code.
"""

from __future__ import annotations

from itertools import groupby

from ...engine import M

_WORDS = {
    "add_zombie": M("eza.fx.add_zombie"),
    "add_zombie_outside": M("eza.fx.add_zombie_outside"),
    "add_zombie_card": M("eza.fx.add_zombie_card"),
    "mutate": M("eza.fx.mutate"),
    "panic": M("eza.fx.panic"),
    "kill_standing": M("eza.fx.kill_standing"),
    "kill_crawling": M("eza.fx.kill_crawling"),
    "change_room": M("eza.fx.change_room"),
    "advance": M("eza.fx.advance"),
    "cheer": M("eza.fx.cheer"),
    "surprise_attack": M("eza.fx.surprise_attack"),
    "activate_one": M("eza.fx.activate_one_event"),
    "add_one": M("eza.fx.add_one"),
    "draw_additional": M("eza.fx.draw_additional"),
    "all_kill_crawling": M("eza.fx.all_kill_crawling"),
    "all_kill_standing": M("eza.fx.all_kill_standing"),
    "arrow:black": M("eza.fx.arrow_black"),
    "arrow:white": M("eza.fx.arrow_white"),
}


def describe(effect: str) -> dict:
    """The message for one effect code."""
    if effect in _WORDS:
        return _WORDS[effect]
    if effect.startswith("activate:"):
        n, k = activation(effect)
        if n is None:
            return M("eza.fx.activate_all", count=k)
        if n == 1:
            return M("eza.fx.activate_one", count=k)
        return M("eza.fx.activate_many", zombies=n, count=k)
    if effect.startswith("move"):
        return M("eza.fx.move", delta=effect[4:])
    if effect.startswith("discard_human_cards:"):
        return M("eza.fx.discard_human_cards", count=int(effect.split(":")[1]))
    raise ValueError(f"unknown effect {effect!r}")


def describe_all(effects: list[str]) -> list[dict]:
    """The messages for a list of effect codes, a run of the same one said once with how many
    times ("Add 2 Zombies", never "Add 1 Zombie and Add 1 Zombie")."""
    out = []
    for code, run in groupby(effects):
        n = len(list(run))
        if n == 1:
            out.append(describe(code))
        elif code == "add_zombie":
            out.append(M("eza.fx.add_zombies", count=n))
        else:
            out.append(M("eza.fx.times", effect=describe(code), count=n))
    return out


def activation(effect: str) -> tuple[int | None, int]:
    """``activate:NxK`` as (N, or None for all, and K)."""
    n, k = effect.split(":")[1].split("x")
    return (None if n == "all" else int(n)), int(k)


def cell_key(room: str, cell: int) -> str:
    return f"{room}:{cell}"


def split_cell(key: str) -> tuple[str, int]:
    room, cell = key.split(":")
    return room, int(cell)
