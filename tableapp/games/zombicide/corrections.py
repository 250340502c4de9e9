"""Corrections: the table is the truth (engine ``correct``). What the players may set: wounds,
adrenaline, the Zombies on the board, the objectives / goals / crates done, and whether each
coloured spawn zone is active. Each change is logged publicly with who and why, and undoable.
"""

from __future__ import annotations

from tableapp.engine import Ctx, M, RuleError

from .ending import check_won, drop_skills_above, finish, unlock_skills
from .state import (
    COLOUR_LABELS,
    COLOURS,
    FIGURES,
    FINISHED,
    PLAYERS_PHASE,
    SETUP,
    State,
    hp,
    kind_name,
    survivor,
    survivor_name,
    type_name,
)

ABOMINATION_KEY = "abomination_"
MAX_ADRENALINE = 200


def corrections(state: State) -> dict:
    """Each count the table may correct (the table is the truth: ZC-16), grouped as the board shows
    them (wounds, experience, the Zombies by zone, the objectives, the decks), with its bounds:
    long because it is one entry per count."""
    if state["phase"] in (SETUP, FINISHED) or not state["team"]:
        return {}
    team = state["team"]
    groups = {
        "wounds": {
            "label": M("zc.correct.wounds"),
            "counts": {
                s: {
                    "label": survivor_name(state, s),
                    "min": 0,
                    "max": hp(state, s),
                    "value": survivor(state, s)["wounds"],
                }
                for s in team
            },
        },
        "adrenaline": {
            "label": M("zc.correct.adrenaline"),
            "counts": {
                s: {
                    "label": survivor_name(state, s),
                    "min": 0,
                    "max": MAX_ADRENALINE,
                    "value": survivor(state, s)["adrenaline"],
                }
                for s in team
            },
        },
    }
    zombies = {
        t: {
            "label": type_name(state, t),
            "min": 0,
            "max": state["content"]["types"][t]["miniatures"],
            "value": state["board"][t],
        }
        for t in FIGURES
    }
    for kind in state["content"]["abomination_order"]:
        zombies[ABOMINATION_KEY + kind] = {
            "label": kind_name(state, kind),
            "min": 0,
            "max": 1,
            "value": int(kind in state["abominations"]),
        }
    groups["zombies"] = {"label": M("zc.correct.zombies"), "counts": zombies}
    mission = state["mission"]
    done = {}
    for colour in COLOURS:
        objective = mission["objectives"][colour]
        if objective["total"]:
            done[colour] = {
                "label": M("zc.correct.objective", colour=COLOUR_LABELS[colour]),
                "min": 0,
                "max": objective["total"],
                "value": objective["taken"],
            }
    for key, field, label in (
        ("goals", "done", M("zc.correct.goals")),
        ("crates", "opened", M("zc.correct.crates")),
    ):
        if mission[key]["total"]:
            done[key] = {
                "label": label,
                "min": 0,
                "max": mission[key]["total"],
                "value": mission[key][field],
            }
    groups["mission"] = {"label": M("zc.correct.mission"), "counts": done}
    coloured = [z for z in mission["zones"] if z["colour"] != "red"]
    if coloured:
        groups["zones"] = {
            "label": M("zc.correct.zones"),
            "counts": {
                str(z["number"]): {
                    "label": M(
                        "zc.zone.label", number=z["number"], colour=COLOUR_LABELS[z["colour"]]
                    ),
                    "min": 0,
                    "max": 1,
                    "value": int(z["active_from"] is not None),
                }
                for z in coloured
            },
        }
    return groups


def recheck(state: State, ctx: Ctx) -> None:
    """After a correction (every count of it set): the mission is won if every objective is
    now done (ZC-1), whatever order the counts were set in."""
    check_won(state, ctx)


def correct(state: State, group: str, key: str, value: int, ctx: Ctx) -> None:
    if group == "wounds":
        survivor(state, key)["wounds"] = value
        # ZC-1: the first death ends the game; what else the same correction sets is recorded
        if value >= hp(state, key) and state["phase"] != FINISHED:
            finish(state, False, M("zc.end.died", survivor=survivor_name(state, key)), ctx)
    elif group == "adrenaline":
        before = survivor(state, key)["adrenaline"]
        survivor(state, key)["adrenaline"] = value
        if value < before:
            drop_skills_above(state, key)
        else:
            unlock_skills(state, key, ctx)
    elif group == "zombies":
        if key in FIGURES:
            state["board"][key] = value
            return
        kind = key[len(ABOMINATION_KEY) :]
        if not value:
            state["abominations"].remove(kind)
        elif state["abominations"] and not state["options"]["abomination_fest"]:
            raise RuleError("one_abomination", "ZC-6", M("zc.refuse.one_abomination"))
        else:
            state["abominations"].append(kind)
    elif group == "mission":
        mission = state["mission"]
        if key in COLOURS:
            mission["objectives"][key]["taken"] = value
        elif key == "goals":
            mission["goals"]["done"] = value
        else:
            mission["crates"]["opened"] = value
    elif group == "zones":
        zone = next(z for z in state["mission"]["zones"] if str(z["number"]) == key)
        if not value:
            zone["active_from"] = None
        else:
            # The same rule as a trigger (ZC-8): from the next Zombie phase.
            start = state["round"] if state["phase"] == PLAYERS_PHASE else state["round"] + 1
            zone["active_from"] = start
