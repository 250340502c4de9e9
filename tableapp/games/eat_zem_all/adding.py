"""Adding a Zombie and frightening a Human, each a Horde's part of a card (EZA-T5, T7, T11;
:mod:`.parts` asks them among the card's other parts).

Where a new Zombie goes ("Zombie Card Effects"): in the House the table places it and the app only
counts it; in the Cemetery the Horde says on which spot (a closed tomb loses its Tombstone; Grave
born adds on any tomb, EZA-T12). With an empty reserve a Horde may move one of its Zombies from
the board instead, which counts as added by the card (EZA-T5, T7): taking one back is offered,
"take none" never preselected (the FAQ: not mandatory).
"""

from __future__ import annotations

from ...engine import Ctx, M, choice
from .state import State, holds, horde, human, human_name, in_play, name, pawn_out

#: Where a new Zombie goes, per effect, in the House (and "ambush" on both sides).
HOUSE_WHERE = {
    "add_zombie": M("eza.where.room_or_outside"),
    "add_zombie_outside": M("eza.where.outside"),
    "ambush": M("eza.where.next_to_human"),
}
_CEMETERY_SPOTS = {
    "add_zombie": ["closed_tomb", "open_tomb"],
    "add_zombie_outside": ["closed_tomb", "common_grave"],
}
SPOTS = {
    "closed_tomb": M("eza.where.closed_tomb"),
    "open_tomb": M("eza.where.open_tomb"),
    "common_grave": M("eza.where.common_grave"),
    "none": M("eza.where.take_none"),
}


def cemetery_spots(state: State, seat: int, effect: str) -> list[str]:
    """The spots a Cemetery "add 1 Zombie" may use now (no closed tomb without a Tombstone)."""
    spots = list(_CEMETERY_SPOTS[effect])
    if holds(state, seat, "grave_born") and "open_tomb" not in spots:
        spots.insert(1, "open_tomb")  # EZA-T12: Grave born adds on any tomb
    if state["tombstones"]["on_board"] == 0:
        spots.remove("closed_tomb")
    return spots


def where_added(effect: str) -> dict:
    """Where the table puts a Zombie it adds without a spot to choose (the House, Ambush; an
    activation that adds one instead, EZA-T5, adds it as "add 1 Zombie" does)."""
    return HOUSE_WHERE.get(effect, HOUSE_WHERE["add_zombie"])


def spots_for(state: State, seat: int, effect: str, *, closed: bool = True) -> list[str]:
    """Where an added Zombie may go now: [] when the table places it (the House, Ambush); in
    the Cemetery the spots of the effect (no closed tomb when ``closed`` is False: no
    Tombstone left for it)."""
    if state["side"] == "house" or effect == "ambush":
        return []
    spots = cemetery_spots(state, seat, _cemetery_effect(effect))
    return [s for s in spots if closed or s != "closed_tomb"]


def _cemetery_effect(effect: str) -> str:
    return effect if effect in _CEMETERY_SPOTS else "add_zombie"  # EZA-T5: as "add 1 Zombie"


def add_form(state: State, seat: int, effect: str, *, empty: bool, closed: bool) -> dict | None:
    """The Horde's part for an added Zombie, or None when it asks nothing: its spot in the
    Cemetery (the first preselected; a closed tomb only when ``closed``: a Tombstone is left
    for it), or, with an ``empty`` reserve, whether it takes one of its Zombies back from the
    board (EZA-T5) and, in the Cemetery, to which spot."""
    spots = spots_for(state, seat, effect, closed=closed)
    if empty:
        labels = [SPOTS[s] for s in spots] or [M("eza.take_back.take", where=where_added(effect))]
        picks = spots or ["take"]
        return choice(
            [*picks, "none"], [*labels, SPOTS["none"]], value=picks[0], destructive=["none"]
        )
    if len(spots) > 1:
        return choice(spots, [SPOTS[s] for s in spots], value=spots[0])
    return None


def add_apply(state: State, ctx: Ctx, seat: int, effect: str, picked: str | None) -> None:
    """The Zombie added: on the spot picked (or the only one left), from the reserve, or moved
    from the board when the reserve is empty (unless the Horde took none back, EZA-T5)."""
    if picked == "none":
        ctx.say(M("eza.take_back.none", horde=name(state, seat)), rule="EZA-T5")
        return
    spots = spots_for(state, seat, effect)
    if not spots:
        add_or_move(state, ctx, seat, where_added(effect))
        return
    place(state, ctx, seat, picked if picked in spots else spots[0])


def place(state: State, ctx: Ctx, seat: int, spot: str) -> None:
    if spot == "none":
        ctx.say(M("eza.take_back.none", horde=name(state, seat)), rule="EZA-T5")
        return
    if spot == "closed_tomb":
        state["tombstones"]["on_board"] -= 1
        state["tombstones"]["box"] += 1
    add_or_move(state, ctx, seat, SPOTS[spot])


def add_or_move(state: State, ctx: Ctx, seat: int, where: dict) -> None:
    h = horde(state, seat)
    if h["reserve"] > 0:
        pawn_out(state, seat)
        ctx.say(M("eza.added", horde=name(state, seat), where=where), rule="EZA-T7", seat=seat)
        return
    h["fresh"] = min(h["board"], h["fresh"] + 1)  # EZA-T7: moved by this card, not activatable
    ctx.say(
        M("eza.take_back.moved", horde=name(state, seat), where=where),
        rule="EZA-T5",
        reason=M("eza.take_back.reason"),
        seat=seat,
    )


def panic_targets(state: State) -> list[str]:
    return [h for h in in_play(state) if not human(state, h)["frightened"]]


def frighten(state: State, ctx: Ctx, seat: int, hid: str) -> None:
    human(state, hid)["frightened"] = True
    ctx.say(
        M("eza.panic", horde=name(state, seat), human=human_name(state, hid)),
        rule="EZA-T11",
        reason=M("eza.panic.reason"),
        human=hid,
    )


def panic_alone(state: State, ctx: Ctx, seat: int) -> bool:
    """Panic that asks nothing (EZA-T11): nobody to frighten, or only one Human. False when the
    Horde has a choice to make."""
    targets = panic_targets(state)
    if not targets:
        ctx.say(M("eza.panic.nobody"), rule="EZA-T11")
    elif len(targets) == 1:
        frighten(state, ctx, seat, targets[0])
    return len(targets) <= 1
