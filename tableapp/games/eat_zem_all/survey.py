"""Who is asked what among the card's parts, given the parts before each (EZA-T1): the survey.

A part waits for the parts before it when they could change what it may enter (a Human near
its last token, a Panic before it, the last Tombstones, its Horde's Zombies); the rest are
asked at once. See :mod:`.parts` for the rules, :mod:`.card_form` for the form each Horde
fills in.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ...engine import choice
from . import activations as act
from .adding import add_form, panic_targets, spots_for
from .effects import activation
from .state import (
    State,
    Step,
    activatable,
    holds,
    horde,
    human,
    human_labels,
    in_play,
)

#: The Instants a Horde plays on the activation it chooses: its later activations wait.
OWN_PART_INSTANTS = ("extra_actions", "second_bite", act.LUNGE)
#: Parts answered with an action of their own: a Mutation to keep, a Zombie card to put down.
CHOICES = {"keep": "keep_mutation", "pick": "add_zombie_card"}


# --- the parts of a step, as they are now -----------------------------------------------------


def rows_of(state: State, step: Step) -> list[Step]:
    """The parts of a step: its rows (an older version's rows too: an activation had no
    ``row`` and kept what its Instants gave in ``extra``, with Pack instinct's part in
    ``pack`` or, before that, not apart; a lone question had no rows)."""
    if "rows" in step:
        return [
            row if "row" in row and "granted" in row else _older(state, row) for row in step["rows"]
        ]
    seat = step["seat"]
    if step["kind"] == "activation":  # a lone question
        granted = act.granted(step)
        row = {"row": "activation", "seat": seat, "effect": step["effect"], "granted": granted}
    elif step["kind"] == "place_zombie":
        row = {"row": "add", "seat": seat, "effect": "add_zombie"}
    else:
        row = {"row": "panic", "seat": seat, "effect": "panic"}
    return [{**row, "key": str(seat)}]


def _older(state: State, row: Step) -> Step:
    """A row as an older version saved it, as the rows are now (a copy: asking a question
    changes nothing)."""
    row = {k: v for k, v in row.items() if k != "spots"}  # the spots: computed when asked now
    row.setdefault("row", "activation")
    if row["row"] == "activation" and "granted" not in row:
        pack = row.get("pack", act.pack_extra(state, row["seat"]))
        row["granted"] = {
            "extra": row.get("extra", 0) - pack,
            "more_bites": row.get("more_bites", 0),
        }
    return row


# --- who is asked what, given the parts before (the survey) -----------------------------------


def survey(state: State, rows: list[Step]) -> list[dict]:
    """Per part, what its Horde is asked now given the parts before it: ``asks`` (it asks
    something; its own params: :func:`form_of`), ``open`` (asked now), ``waits`` (it waits for
    the parts before it), ``plan`` (an activation's Zombies and actions), ``changes`` (a part
    of its Horde's before it may change its Zombies: until then an activation with none is not
    yet the Zombie added instead, EZA-T5).

    Long because it is one pass over the parts in EZA-T1 order carrying what the parts before
    leave (bites within reach of each Human, cubes, tombstones, each Horde's reserve, a Panic, a
    take-back): each part reads and moves that running account, and cut apart the account would
    have to travel between the pieces."""
    tokens = {h: human(state, h)["tokens"] for h in in_play(state)}
    reach = dict.fromkeys(tokens, 0)  # most bites of the parts before (entered: as entered)
    unsure = dict.fromkeys(tokens, 0)  # of which not entered yet
    cubes = dict(state["defenses"]) if state["side"] == "house" else {}
    tombs = state["tombstones"]["on_board"] if state["side"] == "cemetery" else 0
    tombs_unsure = 0
    reserve = {s: horde(state, s)["reserve"] for s in state["seats"]}
    used = dict.fromkeys(state["seats"], 0)  # Zombies the Horde's earlier activations use
    waits = dict.fromkeys(state["seats"], False)  # its next activation waits for those
    earlier = dict.fromkeys(state["seats"], 0)  # its activations before, still to play
    maybe_moved = dict.fromkeys(state["seats"], False)  # a take-back before it not entered
    standing: set[str] = set()  # Humans an entered Panic before lays down
    panic_unsure = False
    out = []
    for i, row in enumerate(rows):
        kind, seat, answer = row["row"], row["seat"], row.get("answer")
        feast_before = any(reach[h] >= tokens[h] for h in tokens)  # a Feast may come first
        info: dict[str, Any] = {"asks": False, "open": False, "waits": feast_before}
        if kind == "activation":
            n, _ = activation(row["effect"])
            left = max(0, activatable(state, seat) - used[seat])
            # a Zombie its Horde may still take back before it (EZA-T5): one fewer, maybe
            moved = maybe_moved[seat] and (n is None or min(n, left) > min(n, left - 1))
            pack = 0 if earlier[seat] else act.pack_extra(state, seat)  # to its first one
            p = act.plan(row, left if n is None else min(n, left), pack)
            cap = act.reach_cap(state, seat, p, lunge=True)
            entered = {h: reach[h] - unsure[h] for h in tokens}
            acted = _acted_matters(state, rows, i, left, p["zombies"])
            info["plan"] = p
            info["asks"] = True
            info["make"] = partial(  # built when needed: asking who is asked needs it not
                act.form,
                state,
                seat,
                p,
                tokens={h: tokens[h] - entered[h] for h in tokens},
                cubes=dict(cubes),
                entered=row.get("entered"),
                acted=acted,
                lunge=True,
            )
            info["changes"] = waits[seat] or moved
            info["waits"] |= (
                waits[seat]
                or moved
                or p["zombies"] == 0
                or any(unsure[h] > 0 and reach[h] + min(cap, tokens[h]) > tokens[h] for h in tokens)
            )
            if answer is not None:
                bites, removed = act.split(state, seat, answer)
                for h in tokens:
                    reach[h] += bites.get(h, 0) + (answer.get("lunge") == h)
                for o, c in removed.items():
                    cubes[o] = max(0, cubes.get(o, 0) - c)
                used[seat] += act.acting(state, seat, p, answer)
            else:
                for h in tokens:
                    reach[h] += min(cap, tokens[h])
                    unsure[h] += min(cap, tokens[h])
                used[seat] += p["zombies"]
            earlier[seat] += 1
            if acted or _own_part_instant(state, seat):
                waits[seat] = True
        elif kind == "add":
            empty = reserve[seat] <= 0
            closed = tombs > 0
            spot = add_form(state, seat, row["effect"], empty=empty, closed=closed)
            info["form"] = None if spot is None else {"spot": spot}
            info["asks"] = spot is not None
            offers = "closed_tomb" in spots_for(state, seat, row["effect"], closed=closed)
            info["waits"] |= offers and 0 < tombs_unsure and tombs <= tombs_unsure
            spot = (answer or {}).get("spot")
            if answer is not None or info["form"] is None:
                tombs -= spot == "closed_tomb"
            elif offers:
                tombs_unsure += 1
            reserve[seat] -= 1
            if empty and answer is not None and spot != "none":
                used[seat] += 1  # a Zombie taken back from the board: one fewer to activate
            elif empty and answer is None:
                maybe_moved[seat] = True
        elif kind == "panic":
            targets = [h for h in panic_targets(state) if h not in standing]
            if len(targets) > 1:
                kept = (row.get("entered") or {}).get("panic")
                pick = choice(
                    targets, human_labels(state, targets), value=kept if kept in targets else None
                )
                info["form"] = {"panic": pick}
            info["asks"] = len(targets) > 1
            info["waits"] |= panic_unsure
            if answer is not None:
                standing.add(answer.get("panic"))
            elif len(targets) == 1:
                standing.add(targets[0])
            elif len(targets) > 1:
                panic_unsure = True
        elif kind in ("mutate", "keep"):
            waits[seat] = True  # the Mutation it keeps may change its next activation
        if kind in CHOICES:
            info["open"] = answer is None
        else:
            info["open"] = answer is None and info.get("asks", False) and not info["waits"]
        out.append(info)
    return out


def form_of(info: dict) -> dict | None:
    """A part's own params, as its Horde's form asks them (None when it asks nothing)."""
    if "form" not in info:
        info["form"] = info["make"]() if "make" in info else None
    return info["form"]


def _own_part_instant(state: State, seat: int) -> bool:
    mutations = state["content"]["mutations"]
    return any(
        mutations[m]["kind"] == "instant" and mutations[m]["effect"] in OWN_PART_INSTANTS
        for m in state["mutation_cards"][f"held:{seat}"]
    )


def _acted_matters(state: State, rows: list[Step], i: int, left: int, zombies: int) -> bool:
    """Whether how many Zombies act in this activation decides what a later activation of the
    same Horde by the card may do (EZA-T7: fewer Zombies to activate; Pack instinct: its extra
    action to the first activation its Zombies act in)."""
    seat = rows[i]["seat"]
    later = [r["effect"] for r in rows[i + 1 :] if r["seat"] == seat and r["row"] == "activation"]
    later += [
        str(s.get("effect"))
        for s in state["steps"]
        if s["kind"] == "zombie_effect"
        and s.get("seat") == seat
        and str(s.get("effect", "")).startswith("activate:")
    ]
    if not later:
        return False
    if holds(state, seat, "pack_instinct"):
        return True
    for effect in later:
        n, _ = activation(effect)
        if n is None or left - zombies < n:
            return True
    return False


def fingerprint(state: State, info: dict) -> Any:
    """What a part may enter (its controls' bounds, not their values): a part entered is asked
    again when this changed before it was played. The Defense cubes are left out: they are on
    the board for all to see (what is beyond the cubes left is not taken, and said)."""
    form = form_of(info)
    if form is None:
        return None
    openings = state["content"]["board"].get("openings", {})
    out = {}
    for param, spec in sorted(form.items()):
        if "counts" in spec:
            out[param] = {
                "keys": sorted(spec["counts"]),
                "max": {k: b["max"] for k, b in spec["counts"].items() if k not in openings},
                "most": spec.get("most"),
                "groups": [g["most"] for g in spec.get("groups", ())],
            }
        else:
            out[param] = list(spec["choices"])
    return out
