"""Corrections: the table is the truth (issue "Corrections"; the engine's ``correct`` action).

When the table and the app disagree (a Mutation played at the table, a miscount, a knocked
pawn), any seat or the host sets what the app counts, one small group at a time: a Human's
Bite tokens (on its tile and held by each Horde), a Horde's Zombies (board, reserve, Crawling),
the Defense cubes on the doors and windows or the Tombstones, a Human's cell, who is
frightened, the Mutations a Horde holds. What the box holds stays conserved: tokens, cubes and
Tombstones come from and go back to the box, Zombies move between a Horde's reserve and the
board, Mutations come from the draw pile and go to the discard.
"""

from __future__ import annotations

from ...engine import Ctx, M, RuleError, decks, piles
from ...engine.messages import pack_names
from . import attacks, mutations, parts
from .board import COLUMNS, cell_name
from .effects import cell_key
from .mutations import mutation_name
from .state import State, held, horde, human, human_name, in_play, name


def corrections(state: State) -> dict:
    """Every correctable count, grouped so a phone shows one small form per group. Keys are
    ``group/key`` so that each names one count across all groups (a stepper's label)."""
    groups = _groups(state)
    for group, spec in groups.items():
        spec["counts"] = {f"{group}/{k}": c for k, c in spec["counts"].items()}
    return groups


def _groups(state: State) -> dict:
    if state["phase"] == "finished":
        return {}
    groups: dict[str, dict] = {}
    for hid in state["human_order"]:
        groups[f"bites.{hid}"] = _bites(state, hid)
    for seat in state["seats"]:
        groups[f"zombies.{seat}"] = _zombies(state, seat)
    if state["side"] == "house":
        groups["defenses.outside"] = _defenses(state, "outside", M("eza.correct.defenses_outside"))
        groups["defenses.inside"] = _defenses(state, "inside", M("eza.correct.defenses_inside"))
    else:
        t = state["tombstones"]
        total = t["on_board"] + t["box"]
        groups["tombstones"] = {
            "label": M("eza.correct.tombstones"),
            "counts": {
                "on_board": _count(M("eza.correct.tombstones_on_board"), 0, total, t["on_board"])
            },
        }
    if in_play(state):
        groups["frightened"] = {
            "label": M("eza.correct.frightened"),
            "counts": {
                h: _count(
                    M("eza.correct.frightened_human", human=human_name(state, h)),
                    0,
                    1,
                    int(human(state, h)["frightened"]),
                )
                for h in in_play(state)
            },
        }
    for hid in in_play(state):
        cells, labels = _cells(state, hid)
        groups[f"cell.{hid}"] = {
            "label": M("eza.correct.cell", human=human_name(state, hid)),
            "counts": {
                "cell": {
                    "label": M("eza.correct.cell", human=human_name(state, hid)),
                    "choices": cells,
                    "labels": labels,
                    "value": human(state, hid)["cell"],
                }
            },
        }
    for seat in state["seats"]:
        groups[f"mutations.{seat}"] = _mutations(state, seat)
    return groups


def _count(label: dict, low: int, high: int, value: int) -> dict:
    return {"label": label, "min": low, "max": max(low, high), "value": value}


def _bites(state: State, hid: str) -> dict:
    h = human(state, hid)
    who = human_name(state, hid)
    low = 1 if h["status"] == "alive" else 0
    high = 0 if h["status"] == "dead" else h["tokens"] + h["box"]
    keys = {"tile": _count(M("eza.correct.tile", human=who), low, high, h["tokens"])}
    for seat in state["seats"]:
        n = horde(state, seat)["bites"].get(hid, 0)
        holder = h["contamination"] == seat and h["status"] == "dead"
        keys[str(seat)] = _count(
            M("eza.correct.held", horde=name(state, seat), human=who),
            1 if holder else 0,
            n + h["box"],
            n,
        )
    return {"label": M("eza.correct.bites", human=who), "counts": keys}


def _zombies(state: State, seat: int) -> dict:
    h = horde(state, seat)
    total = h["board"] + h["reserve"]
    who = name(state, seat)
    return {
        "label": M("eza.correct.zombies", horde=who),
        "counts": {
            "board": _count(M("eza.correct.board", horde=who), 0, total, h["board"]),
            "reserve": _count(M("eza.correct.reserve", horde=who), 0, total, h["reserve"]),
            "crawling": _count(M("eza.correct.crawling", horde=who), 0, h["board"], h["crawling"]),
        },
    }


def _defenses(state: State, kind: str, label: dict) -> dict:
    openings = state["content"]["board"]["openings"]
    keys = {}
    for o, n in state["defenses"].items():
        if (openings[o]["kind"] == "interior_door") == (kind == "inside"):
            high = min(openings[o]["limit"], n + state["defense_box"])
            keys[o] = _count(M("eza.correct.cubes", opening=pack_names(openings[o])), 0, high, n)
    return {"label": label, "counts": keys}


def _cells(state: State, hid: str) -> tuple[list[str], list[dict]]:
    """Where a Human may be put back: every cell (Odile: every square off the path too)."""
    board = state["content"]["board"]
    if state["side"] == "house":
        rooms = board["rooms"].items()
        cells = [cell_key(r, n) for r, row in rooms for n in range(1, row["cells"] + 1)]
    else:
        cells = [c for c in board["cells"] if c not in board["cars"]]
        if state["content"]["humans"][hid]["cemetery_ability"] == "odile_detour":
            letters = COLUMNS[: board["columns"]]  # off the path too
            squares = [f"{x}{y}" for y in range(1, board["rows"] + 1) for x in letters]
            cells += [s for s in squares if s not in board["squares"]]
    return cells, [cell_name(state, c) for c in cells]


def _mutations(state: State, seat: int) -> dict:
    keys = {
        c: _count(M("eza.correct.mutation_held", card=mutation_name(state, c)), 0, 1, 1)
        for c in held(state, seat)
    }
    room = state["content"]["box"]["mutations_kept"] - len(held(state, seat))
    keys["gain"] = _count(M("eza.correct.mutation_gain"), 0, room, 0)
    return {"label": M("eza.correct.mutations", horde=name(state, seat)), "counts": keys}


def recheck(state: State, ctx: Ctx) -> None:
    """After a correction, each question still to be answered is checked again against the
    corrected counts: one that no longer applies goes away (a discard nobody needs, an attack
    with no Zombie left, a barricade with no room), one that still does asks only what can
    still be answered. Questions lower in the stack are checked too: they ask when reached."""
    checks = {
        "await_mutations": lambda step: mutations.recheck(state, step),
        "reach": lambda step: attacks.recheck_reach(state, step, ctx),
        "barricade": lambda step: attacks.recheck_barricade(state, step, ctx),
    }
    for step in list(state["steps"]):
        check = checks.get(step["kind"])
        if check is not None and not check(step):
            state["steps"].remove(step)
        replaced = parts.recheck(state, step)
        if replaced is not None:  # the card's parts looked at again (EZA-T5, EZA-F1)
            state["steps"][state["steps"].index(step)] = replaced


def correct(state: State, group: str, key: str, value, ctx: Ctx) -> None:
    """Set one count; what the box holds stays conserved."""
    key = key.partition("/")[2]
    kind, _, which = group.partition(".")
    if kind == "bites":
        _set_bites(state, which, key, value)
    elif kind == "zombies":
        h = horde(state, int(which))
        total = h["board"] + h["reserve"]
        if key == "crawling":
            h["crawling"] = value
        else:
            h[key] = value
            h["reserve" if key == "board" else "board"] = total - value
        h["crawling"] = min(h["crawling"], h["board"])
        h["fresh"] = min(h["fresh"], h["board"])
        h["activated"] = min(h["activated"], h["board"] - h["fresh"])
    elif kind == "defenses":
        state["defense_box"] += state["defenses"][key] - value
        state["defenses"][key] = value
        if state["defense_box"] < 0:
            raise RuleError("correction_box", "EZA-S1", M("eza.refuse.correct_cubes"))
    elif kind == "tombstones":
        t = state["tombstones"]
        t["box"] += t["on_board"] - value
        t["on_board"] = value
    elif kind == "frightened":
        human(state, key)["frightened"] = bool(value)
        human(state, key)["stay_down"] = False
    elif kind == "cell":
        _set_cell(state, which, value)
    elif kind == "mutations":
        _set_mutations(state, int(which), key, value, ctx)


def _set_bites(state: State, hid: str, key: str, value: int) -> None:
    h = human(state, hid)
    if key == "tile":
        h["box"] += h["tokens"] - value
        h["tokens"] = value
    else:
        bites = horde(state, int(key))["bites"]
        h["box"] += bites.get(hid, 0) - value
        bites[hid] = value
        if value == 0:
            del bites[hid]
            if h["contamination"] == int(key):  # the Contamination token goes back to the tile
                h["contamination"] = None
    if h["box"] < 0:
        raise RuleError(
            "correction_box", "EZA-S4", M("eza.refuse.correct_tokens", human=human_name(state, hid))
        )
    content = state["content"]["humans"][hid]
    h["added"] = content["supply"] - h["box"] - content["tokens"][len(state["seats"]) - 2]


def _set_cell(state: State, hid: str, cell: str) -> None:
    limit = state["content"]["box"]["occupants_per_cell"]
    if sum(1 for o in in_play(state) if o != hid and human(state, o)["cell"] == cell) >= limit:
        raise RuleError(
            "cell_full", "EZA-H7", M("eza.refuse.correct_cell_full", cell=cell_name(state, cell))
        )
    h = human(state, hid)
    h["cell"] = cell
    h["branch"] = None
    h["way_out"] = None
    if state["side"] == "cemetery":
        h["off_path"] = cell not in state["content"]["board"]["cells"]


def _set_mutations(state: State, seat: int, key: str, value: int, ctx: Ctx) -> None:
    mc = state["mutation_cards"]
    if key != "gain":
        piles.move(mc, key, f"held:{seat}", "discard")
        return
    cards = decks.draw(
        mc,
        ctx.rng,
        value,
        on_reshuffle=lambda: ctx.say(M("eza.mutation.reshuffled"), rule="EZA-T4"),
    )
    mc[f"held:{seat}"].extend(cards)
    if cards:
        names = [mutation_name(state, c) for c in cards]
        ctx.say(
            M("eza.correct.gained", horde=name(state, seat), cards=names),
            rule="EZA-T9",
            cards=cards,
        )
