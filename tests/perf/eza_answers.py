"""How many answers an Eat Zem All turn asks of the players: seeded *eager* playouts.

``python tests/perf/eza_answers.py [--games K]`` plays ``K`` games per board side and number of
Hordes (2, 3, 4) through the rules alone (``GAME.legal_actions`` / ``GAME.apply``) and prints
the answers (actions posted) per turn, in all and by the active Horde. Run it with
``PYTHONPATH`` pointing at the tree to measure: the same script and seeds measure an older tree
(it knows the older action names), so two trees compare like for like. A figure, not a test.

The eager player is the table the rulebook describes, the same in every tree: it takes a random
card from the track; every Zombie it activates bites (the Human with the fewest Bite tokens)
whenever it may and then uses every action it has left (an older tree asks one tap per move or
stand-up, a newer one "next Zombie", a newer one one form per activation, a newer one one form
for the Hordes activating in a row, each Horde's part filled the same way on the tokens the
Hordes before it left, stopping where the phone stops: at a Feast; the newest each Horde its
own parts on its own phone, the first phone asked answering first); it never stops an activation
early, never removes a Defense cube and never plays an Instant Mutation; the Zombies in reach
of a Human attack are a random set of the kinds offered (one checkbox, or a count of 1, each;
in newer trees each kind in reach or not, a random Horde's — in the newest also when the reach
comes with the Human's move); every other answer (Feast counts, moves, splits…) is
drawn at random from what the question allows. Corrections are never posted. Board steps (what
the app asks the table to do on the board, ticked when done) are not answers to a question: they
are counted apart, as the ticks a table would add per turn.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import statistics
import sys
import time

from tableapp.content import load_pack
from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng
from tableapp.games.eat_zem_all import GAME

NOT_PLAYED = {"use_mutation", "correct", "end_activation", "remove_defense"}
#: Never an answer to the question asked: Instant Mutations, corrections, board-step ticks.
SKIP = ("use_mutation", "correct", "board_done")
#: One tap per move or stand-up (older trees), else "this Zombie is done".
PROGRESS = ("zombie_action", "next_zombie", "end_zombie")


def choose(state: dict, specs: list[dict], rng: Rng) -> dict:
    """The eager player's answer to the question on its phone."""
    by_type = {s["type"]: s for s in specs if s["type"] not in NOT_PLAYED}
    if "card_part" in by_type:  # each Horde its own parts (issue 26): filled the same way
        return {"type": "card_part", "params": eager_parts(state, by_type["card_part"], rng)}
    if "activate" in by_type:  # one form per activation (newer trees): the same bites
        return {"type": "activate", "params": eager_activation(state, by_type["activate"])}
    if "activate_hordes" in by_type:  # one form for the Hordes in a row (newest trees)
        return {
            "type": "activate_hordes",
            "params": eager_hordes(state, by_type["activate_hordes"], rng),
        }
    if "bite" in by_type:
        humans = by_type["bite"]["params"]["human"]["choices"]
        human = min(humans, key=lambda h: (state["humans"][h]["tokens"], h))
        return {"type": "bite", "params": {"human": human}}
    for kind in PROGRESS:
        if kind in by_type:
            return {"type": kind, "params": {}}
    if "move" in by_type and len(by_type["move"]["params"]) > 1:  # move + reach (newest)
        params = dict(by_type["move"]["params"])
        outcome = rng.choice(params.pop("outcome")["choices"])
        return {"type": "move", "params": {"outcome": outcome, **reach_picks(params, rng)}}
    if "advance" in by_type and any(k.startswith("reach_") for k in by_type["advance"]["params"]):
        params = by_type["advance"]["params"]  # the cell's counts, then the reach (newest)
        counts = {k: p for k, p in params.items() if not k.startswith("reach_")}
        reach = {k: p for k, p in params.items() if k.startswith("reach_")}
        picked = {**random_params({"params": counts}, rng), **reach_picks(reach, rng)}
        return {"type": "advance", "params": picked}
    if "report_reach" in by_type:  # a random set of the kinds in reach, as in every tree
        params = by_type["report_reach"]["params"]
        if "zombies" not in params:  # newer trees: per kind, none or whose (a random Horde)
            return {"type": "report_reach", "params": reach_picks(params, rng)}
        param = params["zombies"]
        kinds = param["counts"] if "counts" in param else param["choices"]
        picked = rng.sample(sorted(kinds), rng.between(0, len(kinds)))
        zombies = {k: int(k in picked) for k in kinds} if "counts" in param else picked
        return {"type": "report_reach", "params": {"zombies": zombies}}
    if not by_type:  # only what the eager player never does is left: stop the activation
        spec = next(s for s in specs if s["type"] == "end_activation")
        return {"type": spec["type"], "params": {}}
    spec = rng.choice(sorted(by_type.values(), key=lambda s: s["type"]))
    return {"type": spec["type"], "params": random_params(spec, rng)}


def reach_picks(params: dict, rng: Rng) -> dict:
    """Per kind of Zombie, none in reach or a random Horde's (half the time each)."""
    picks = {}
    for kind, param in params.items():
        hordes = [c for c in param["choices"] if c != "none"]
        picks[kind] = rng.choice(hordes) if hordes and rng.between(0, 1) else "none"
    return picks


#: A part of the shared form: ``bites_2`` (seat 2's bites), ``spot_2_2`` (its second row's spot).
_PART = re.compile(r"^(bites|cubes|acted|lunge|spot|panic)_(\d+(?:_\d+)?)$")
_ROW_KIND = {"bites": "activation", "cubes": "activation", "acted": "activation"}
_ROW_KIND["lunge"] = "activation"
_ROW_KIND |= {"spot": "add", "panic": "panic"}


def eager_hordes(state: dict, spec: dict, rng: Rng | None = None) -> dict:
    """The shared form of several Hordes' activations (in the newest trees also the card's added
    Zombies' spots and its Panic), each part filled as its own question would be, in resolution
    order, on the tokens the parts before it left; once a part takes a Human's last token the
    phone stops there (the Feast comes first): the parts after it are left as they are (asked
    again after the Feast). A spot or a Human to frighten is drawn at random."""
    params = spec["params"]
    rng = rng or Rng(b"eager", 0)
    keys: dict[tuple[str, str], dict] = {}  # (the row's kind, its key): its parts
    for k, v in params.items():
        part, row = _PART.match(k).groups()
        keys.setdefault((_ROW_KIND[part], row), {})[part] = v
    top = (state.get("steps") or [{}])[-1]
    if top.get("kind") == "activations" and all("key" in r for r in top["rows"]):
        order = [(r.get("row", "activation"), r["key"]) for r in top["rows"]]
        rows = [r for r in order if r in keys]
    else:  # older trees: one part per Horde, keyed by its seat
        rows = sorted(keys, key=lambda r: _order(state, int(r[1].split("_")[0])))
    left = {h: state["humans"][h]["tokens"] for h in state["humans"]}
    out: dict = {}
    fed = False
    tombs = (state.get("tombstones") or {}).get("on_board", 0)
    for row in rows:
        part = keys[row]
        if fed:  # after the Feast: untouched, as preselected
            filled = {
                k: (
                    {key: b.get("value", 0) for key, b in v["counts"].items()}
                    if "counts" in v
                    else v.get("value", v.get("choices", [None])[0])
                )
                for k, v in part.items()
            }
        elif _ROW_KIND[next(iter(part))] == "activation":
            if "bites" in part:  # no more bites on a Human than the tokens left on it
                bounds = part["bites"]["counts"]
                counts = {
                    h: {**b, "max": min(b["max"], max(left[h], 0))} for h, b in bounds.items()
                }
                part = {**part, "bites": {**part["bites"], "counts": counts}}
            filled = eager_activation({"humans": _left(state, left)}, {"params": part})
            for h, n in filled.get("bites", {}).items():
                left[h] -= n
            fed = any(left[h] <= 0 < n for h, n in filled.get("bites", {}).items())
        else:  # a spot (a closed tomb only while Tombstones are left), a Human to frighten
            filled = {}
            for k, v in part.items():
                picks = v["choices"]
                if k == "spot" and tombs <= 0:
                    picks = [c for c in picks if c != "closed_tomb"] or picks
                filled[k] = rng.choice(picks)
                tombs -= filled[k] == "closed_tomb"
        out.update({f"{k}_{row[1]}": v for k, v in filled.items()})
    return out


def eager_parts(state: dict, spec: dict, rng: Rng) -> dict:
    """A Horde's form for its parts (the newest trees): each activation filled as its own form
    (the form's bounds already count the parts before it), every other part's pick preselected
    or drawn at random (a closed tomb only while Tombstones are left)."""
    out: dict = {}
    for name, param in spec["params"].items():
        part = name.split("_", 1)[0]
        if part == "actions":  # bites (a group of the count form) and cubes, in one count form
            out[name] = eager_actions(state, param)
        elif part == "acted":
            out[name] = param["value"]  # all of them, as preselected
        elif part == "lunge":
            out[name] = "none"  # an Instant: never played
        else:  # a spot or a Human to frighten
            picks = [c for c in param["choices"] if c not in param.get("destructive", ())]
            if part == "spot" and (state.get("tombstones") or {}).get("on_board", 0) <= 0:
                picks = [c for c in picks if c != "closed_tomb"] or picks
            out[name] = rng.choice(picks)
    return out


def eager_actions(state: dict, param: dict) -> dict:
    """Every Zombie bites, each the Human with the fewest Bite tokens still to take, within the
    form's bounds (a Zombie bites once: the bites' group; the actions in all); no cube."""
    bounds = param["counts"]
    group = next(iter(param.get("groups") or []), None)
    humans = group["keys"] if group else [k for k in bounds if k in state["humans"]]
    left = min(param["most"], group["most"] if group else param["most"])
    tokens = {h: state["humans"][h]["tokens"] for h in humans}
    out = dict.fromkeys(bounds, 0)
    while left > 0:
        open_ = [h for h in humans if out[h] < bounds[h]["max"]]
        if not open_:
            break
        human = min(open_, key=lambda h: (tokens[h] - out[h], h))
        out[human] += 1
        left -= 1
    return out


def _order(state: dict, seat: int) -> int:
    """A seat's place in the resolution order of the card (EZA-T1)."""
    order = [e["seat"] for e in (state.get("card") or {}).get("order", [])]
    return order.index(seat) if seat in order else len(order)


def _left(state: dict, left: dict) -> dict:
    return {h: {**state["humans"][h], "tokens": left[h]} for h in state["humans"]}


def eager_activation(state: dict, spec: dict) -> dict:
    """The activation form as the eager table fills it: every Zombie bites, each the Human
    with the fewest Bite tokens still to take (as one bite a Zombie did); no cube removed;
    every Zombie acted."""
    params = spec["params"]
    out: dict = {}
    if "bites" in params:
        bounds = params["bites"]["counts"]
        left = params["bites"]["most"]
        tokens = {h: state["humans"][h]["tokens"] for h in bounds}
        bites = dict.fromkeys(bounds, 0)
        while left > 0:
            open_ = [h for h in bounds if bites[h] < bounds[h]["max"]]
            if not open_:
                break
            human = min(open_, key=lambda h: (tokens[h] - bites[h], h))
            bites[human] += 1
            left -= 1
        out["bites"] = bites
    if "cubes" in params:
        out["cubes"] = dict.fromkeys(params["cubes"]["counts"], 0)
    if "acted" in params:
        out["acted"] = params["acted"]["value"]  # all of them, as preselected
    if "lunge" in params:
        out["lunge"] = "none"  # an Instant: never played
    return out


def play(side: str, hordes: int, index: int, pack: dict) -> dict:
    seed = hashlib.sha256(f"eager/{side}/{hordes}/{index}".encode()).digest()
    chooser = Rng(hashlib.sha256(b"chooser" + seed).digest(), 0)
    seats = list(range(1, hordes + 1))
    state = GAME.setup(content=pack, variant=side, options={}, seats=seats, rng=Rng(seed, 0))
    answers = active = 0
    step = 0
    while GAME.result(state) is None:
        step += 1
        if step > 20_000:
            raise AssertionError(f"{side}/{hordes}/{index}: no end")
        waiting = GAME.prompt(state)["waiting_for"]
        seat, specs = next(
            (s, specs)
            for s in waiting
            if (specs := [a for a in GAME.legal_actions(state, s) if a["type"] not in SKIP])
        )
        action = choose(state, specs, chooser)
        if state["turn"] >= 1:
            answers += 1
            active += seat == state["active"]
        state, _ = GAME.apply(state, seat, action, Rng(seed, step))
    ticks = state.get("board_step_count", 0)  # board steps listed, each one tick at the table
    return {
        "turns": state["turn"],
        "answers": answers,
        "active": active,
        "steps": step,
        "ticks": ticks,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per side and Hordes")
    args = parser.parse_args(argv)
    pack = load_pack("eat-zem-all")
    started = time.perf_counter()
    rows = []
    for side in ("house", "cemetery"):
        for hordes in (2, 3, 4):
            games = [play(side, hordes, i, pack) for i in range(args.games)]
            turns = sum(g["turns"] for g in games)
            rows.append(
                (
                    side,
                    hordes,
                    sum(g["answers"] for g in games) / turns,
                    sum(g["active"] for g in games) / turns,
                    statistics.mean(g["turns"] for g in games),
                    sum(g["ticks"] for g in games) / turns,
                )
            )
            print(
                f"{side:9} {hordes} Hordes: {rows[-1][2]:5.2f} answers per turn "
                f"({rows[-1][3]:5.2f} by the active Horde), {rows[-1][4]:5.1f} turns per game, "
                f"{rows[-1][5]:4.2f} board steps per turn",
                flush=True,
            )
    all_answers = statistics.mean(r[2] for r in rows)
    all_active = statistics.mean(r[3] for r in rows)
    all_ticks = statistics.mean(r[5] for r in rows)
    print(
        f"mean over the 6 set-ups: {all_answers:.2f} answers per turn, {all_active:.2f} by the "
        f"active Horde, {all_ticks:.2f} board steps to tick ({args.games} games each, "
        f"{time.perf_counter() - started:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
