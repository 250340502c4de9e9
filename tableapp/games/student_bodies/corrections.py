"""Corrections: the table is the truth. Players fix the app's counts when the board disagrees
(a standee knocked off, a token forgotten, a wound not flipped): zombies on the board, knocked
down or held in reserve (the pool takes up the difference, 18 standees in all), face-down
corpse tokens on the board, and each player's health, stamina and being on the ground."""

from __future__ import annotations

from tableapp.engine import Ctx, M, seat_ref

from .state import IN_GAME, State, box, corpse_supply, player, status


def corrections(state: State) -> dict:
    """Each count the table may correct (the table is the truth), with its bounds: long because it
    is one entry per count on the board."""
    z = state["zombies"]
    zombies = {
        "board": {
            "label": M("sb.fix.board"),
            "min": 0,
            "max": z["board"] + z["pool"],
            "value": z["board"],
        },
        "knocked": {
            "label": M("sb.fix.knocked"),
            "min": 0,
            "max": z["board"],
            "value": z["knocked"],
        },
    }
    for reserve in ("lab", "exit"):
        if state["revealed"][reserve] is None:
            zombies[reserve] = {
                "label": M("sb.fix.lab") if reserve == "lab" else M("sb.fix.exit"),
                "min": 0,
                "max": z[reserve] + z["pool"],
                "value": z[reserve],
            }
    c = state["corpses"]
    groups = {
        "zombies": {"label": M("sb.fix.zombies"), "counts": zombies},
        "corpses": {
            "label": M("sb.fix.corpses"),
            "counts": {
                "board": {
                    "label": M("sb.fix.corpses_board"),
                    "min": 0,
                    "max": c["board"] + corpse_supply(state),
                    "value": c["board"],
                },
            },
        },
    }
    for seat in state["seats"]:
        if status(state, seat) not in IN_GAME:
            continue
        p = player(state, seat)
        groups[f"player:{seat}"] = {
            "label": M("sb.fix.player", seat=seat_ref(seat)),
            "counts": {
                "health": {
                    "label": M("sb.fix.health"),
                    "min": 0,
                    "max": box(state, "health"),
                    "value": p["health"],
                },
                "stamina": {
                    "label": M("sb.fix.stamina"),
                    "min": 0,
                    "max": 12,
                    "value": p["stamina"],
                },
                "down": {"label": M("sb.fix.down"), "min": 0, "max": 1, "value": int(p["down"])},
            },
        }
    return groups


def correct(state: State, group: str, key: str, value: int, ctx: Ctx) -> None:
    """Set one count; zombies moved on or off the board, or into a reserve, come from or go to
    the pool (each bounded by what the pool holds now)."""
    if group == "zombies":
        z = state["zombies"]
        if key == "knocked":
            z["knocked"] = min(value, z["board"])
            return
        value = min(value, z[key] + z["pool"])
        z["pool"] -= value - z[key]
        z[key] = value
        z["knocked"] = min(z["knocked"], z["board"])
    elif group == "corpses":
        c = state["corpses"]
        c["board"] = min(value, c["board"] + corpse_supply(state))
    else:
        p = player(state, int(group.split(":")[1]))
        if key == "down":
            p["down"] = bool(value)
        else:
            p[key] = value
