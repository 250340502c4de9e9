"""The card's parts, each asked of its own Horde (the Eat Zem All rulebook, "Resolving the Chosen
Card", "Zombie Card Effects", "The Feast"; EZA-T1, T5..T12, EZA-F1, EZA-E1).

At the table the active Horde applies the card's main and bonus effects, then each other Horde
its main effects, clockwise (EZA-T1). What those effects have the Hordes do in a row is a list of
*parts*, in that order: a Horde's activation (its bites and Defense cubes, :mod:`.activations`),
a Zombie it adds (its spot in the Cemetery; taking one back with an empty reserve, EZA-T5), a
Panic (the Human it lays down, EZA-T11), a Mutation it draws and keeps (EZA-T9), a Zombie card
it puts on the draw pile (EZA-T8). Each part is asked of the Horde it belongs to, on its own
phone, in one form per Horde for the parts it is asked at once; the parts are played in their
order, each as soon as the ones before it are (what it enters is kept until then).

Parts that cannot change one another are asked at once; the others wait for the parts before
them, so that each Horde sees what those did. A part waits when:

- a Human is *near its last token* for it: the parts before it that are still to be played
  could, with their most bites (one per Zombie, a Lunge one more, at most their actions and the
  Human's tokens; those already entered counting as entered), take that Human's last token
  before it — then a Feast may come first, counted from where the Zombies stand (EZA-F1) — or,
  with its own most bites, more than the tokens left (how many it may bite depends on them);
- it is a Panic and a Panic before it is not entered yet (who is still standing);
- it offers a closed tomb and the parts before it not entered yet could take the last
  Tombstones;
- it is a Horde's next activation by the card and the Horde's part before it decides how many
  Zombies it has (how many acted, EZA-T7; a Zombie taken back, EZA-T5), gives it a Mutation, or
  the Horde holds Sprint, Second helping or Lunge (it plays it on the activation it chooses).

The Defense cubes are on the board for everyone to see: a part asked at once with others is
bounded by the cubes left after those entered before it, and cubes a part enters beyond what
the parts before it left when it is played cannot be taken (the log says so).

A bite that takes a Human's last token starts the Feast at once (EZA-T6, F1); the parts after
it are played after the Feast, and one the Feast changed (what it may enter is not what it was
when it was entered: a Human gone, a Zombie taken back, a Human frightened by a Trait) is asked
again, what it entered preselected. The same holds after a correction (the table is the truth):
a Horde corrected to no Zombie has its activation become the Zombie it adds instead (EZA-T5).
A Mutation drawn or a Zombie card drawn in its place is a choice of its Horde's, asked at once
and kept before the parts after it are played. Once nobody is left (EZA-E1) the parts still to
play ask nothing.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ...engine import Ctx, Flow, M, Question, RuleError, action, choice
from . import activations as act
from . import zombie_cards
from .adding import add_apply, add_form, frighten, panic_alone, panic_targets, spots_for
from .effects import activation, describe
from .mutations import keep, keep_refuse, keep_specs, start_mutation
from .state import (
    State,
    Step,
    activatable,
    holds,
    horde,
    human,
    human_labels,
    in_play,
    name,
    nobody_left,
)

#: The effects that are parts of the card (an activation is ``activate:NxK``).
ADDS = ("add_zombie", "add_zombie_outside", "ambush")
#: The Instants a Horde plays on the activation it chooses: its later activations wait.
OWN_PART_INSTANTS = ("extra_actions", "second_bite", act.LUNGE)
#: A part's params in its Horde's form, by kind: ``{param: the name in the part's answer}``.
PARAMS = {
    "activation": {"actions": "actions", "acted": "acted", "lunge": "lunge"},
    "add": {"spot": "spot"},
    "panic": {"panic": "panic"},
}
#: Parts answered with an action of their own: a Mutation to keep, a Zombie card to put down.
CHOICES = {"keep": "keep_mutation", "pick": "add_zombie_card"}


# --- the parts of the card, in order (EZA-T1) -------------------------------------------------


def start(state: State, ctx: Ctx, step: Step) -> None:
    """A card effect that is a part (an activation, an added Zombie, a Panic), with the parts
    the card brings right after it, in order: asked of their Hordes."""
    rows = [_row_of(step), *_gather(state, ctx)]
    _keyed(rows)
    go_on(state, {"kind": "activations_go_on", "seat": state["active"], "rows": rows}, ctx)


def _joins(state: State, step: Step) -> bool:
    effect = str(step.get("effect", ""))
    if step["kind"] != "zombie_effect":
        return False
    if effect == "mutate":  # drawn in its place (a draw pending already is kept first)
        return not state["pending_mutations"]
    return effect.startswith("activate:") or effect in (*ADDS, "panic", "add_zombie_card")


def _row_of(step: Step) -> Step:
    seat, effect = step["seat"], str(step["effect"])
    if effect.startswith("activate:"):
        row: Step = {"row": "activation", "seat": seat, "effect": effect}
        row["granted"] = step.get("granted") or {"extra": 0, "more_bites": 0}
    elif effect in ADDS:
        row = {"row": "add", "seat": seat, "effect": effect}
    elif effect == "add_zombie_card":
        row = {"row": "zcard", "seat": seat, "effect": effect}
    else:
        row = {"row": effect, "seat": seat, "effect": effect}  # panic, mutate
    if step.get("entered"):
        row["entered"] = step["entered"]
    return row


def _gather(state: State, ctx: Ctx) -> list[Step]:
    """The parts right after the one starting (EZA-T1 order: the active Horde's bonus, the other
    Hordes' main effects), taken off the stack; "X applies the main effects" still said in order.
    Once nobody is left (EZA-E1), each effect resolves on its own, asking nothing."""
    if nobody_left(state):
        return []
    steps = state["steps"]
    i, rows, low = len(steps) - 1, [], None
    while i >= 0 and (steps[i]["kind"] == "horde_applies" or _joins(state, steps[i])):
        if steps[i]["kind"] == "zombie_effect":
            rows.append(_row_of(steps[i]))
            low = i
        i -= 1
    if low is None:
        return []
    for applies in reversed(steps[low:]):
        if applies["kind"] == "horde_applies":
            who = name(state, applies["seat"])
            both = "bonus" in applies["parts"]
            said = M("eza.applies.both" if both else "eza.applies.main", horde=who)
            ctx.say(said, rule="EZA-T1", seat=applies["seat"])
    del steps[low:]
    return rows


def _keyed(rows: list[Step]) -> None:
    """Each part's key in its Horde's form: its seat for the Horde's first part of the card, then
    ``<seat>_2``, ``<seat>_3`` (``actions_2``, ``spot_2_2``)."""
    seen: dict[int, int] = {}
    for row in rows:
        if "key" in row:
            continue
        n = seen[row["seat"]] = seen.get(row["seat"], 0) + 1
        row["key"] = str(row["seat"]) if n == 1 else f"{row['seat']}_{n}"


def _normal(state: State, step: Step) -> list[Step]:
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
    yet the Zombie added instead, EZA-T5)."""
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


def _fingerprint(state: State, info: dict) -> Any:
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


# --- playing the parts in order --------------------------------------------------------------


def go_on(state: State, step: Step, ctx: Ctx) -> None:
    """Play the parts whose turn has come, in order: those entered or asking nothing, up to the
    first still to be entered; a part that starts a Feast (or asks its own question) is the last
    played now, the rest wait under what it pushed. Then the Hordes are asked for theirs."""
    rows = _normal(state, step)
    active = step.get("seat", state["active"])  # an older version's step may not say
    while rows:
        if nobody_left(state):  # EZA-E1: the rest asks nothing
            _unwind(state, rows)
            return
        _refresh(state, rows, ctx)
        info = survey(state, rows)[0]
        row = rows[0]
        if "answer" not in row and (info.get("asks") or row["row"] in CHOICES):
            break
        rows.pop(0)
        mark = len(state["steps"])
        _play(state, ctx, row, info, rows)
        if len(state["steps"]) > mark:
            if rows:
                state["steps"].insert(
                    mark, {"kind": "activations_go_on", "seat": active, "rows": rows}
                )
            return
    if rows:
        Flow.push(state, {"kind": "activations", "seat": active, "rows": rows})


def _refresh(state: State, rows: list[Step], ctx: Ctx) -> None:
    """Before playing on: an activation of a Horde with no Zombie left to activate (nothing of
    its own before it can change that) is the Zombie it adds instead (EZA-T5); a part entered
    whose controls changed since (a Feast, a correction) is asked again, what it entered
    preselected (EZA-F1)."""
    for _ in range(len(rows) + 1):
        infos = survey(state, rows)
        t5 = [
            i
            for i, (row, info) in enumerate(zip(rows, infos, strict=True))
            if row["row"] == "activation" and info["plan"]["zombies"] == 0 and not info["changes"]
        ]
        if not t5:
            break
        row = rows[t5[0]]
        rows[t5[0]] = {"row": "add", "seat": row["seat"], "effect": row["effect"], "t5": True}
        rows[t5[0]]["key"] = row["key"]
    for row, info in zip(rows, survey(state, rows), strict=True):
        if (
            "answer" in row
            and row["row"] not in CHOICES
            and row["form"] != _fingerprint(state, info)
        ):
            row["entered"] = row.pop("answer")
            row.pop("form")
            ctx.say(M("eza.part.again", horde=name(state, row["seat"])), rule="EZA-F1")


def _play(state: State, ctx: Ctx, row: Step, info: dict, rows: list[Step]) -> None:
    """One part, in its place."""
    seat, kind, answer = row["seat"], row["row"], row.get("answer") or {}
    if kind == "activation":
        if answer.get("lunge") not in (None, "none"):
            mark = len(state["steps"])
            act.lunge(state, ctx, seat, answer["lunge"])
            if len(state["steps"]) > mark:  # its Lunge started a Feast: its Zombies act after
                rest = {k: v for k, v in answer.items() if k != "lunge"}
                rows.insert(0, {**row, "answer": rest})
                return
        act.apply(state, ctx, seat, info["plan"], answer)
    elif kind == "add":
        if row.get("t5"):
            ctx.say(
                M("eza.activation.none", horde=name(state, seat)),
                rule="EZA-T5",
                reason=M("eza.activation.none.reason"),
            )
        add_apply(state, ctx, seat, row["effect"], answer.get("spot"))
    elif kind == "panic":
        if answer.get("panic") in panic_targets(state):
            frighten(state, ctx, seat, answer["panic"])
        else:
            panic_alone(state, ctx, seat)
    elif kind == "mutate":
        start_mutation(state, ctx, seat, draft=bool(state["options"].get("mutation_draft")))
        if str(seat) in state["pending_mutations"]:  # kept before the parts after it
            rows.insert(0, {"row": "keep", "seat": seat, "key": f"{row['key']}_keep"})
    elif kind == "keep":
        keep(state, ctx, seat, answer)
    elif kind == "zcard":
        if zombie_cards.draw(state, ctx, seat):
            rows.insert(0, {"row": "pick", "seat": seat, "key": f"{row['key']}_pick"})
    elif kind == "pick":
        zombie_cards.pick(state, ctx, seat, answer["card"])


def _unwind(state: State, rows: list[Step]) -> None:
    """EZA-E1: once nobody is left, the parts still to play resolve on their own, asking
    nothing (what changes a count is applied: a Zombie added counts, EZA-E4)."""
    steps: list[Step] = []
    for row in rows:
        if row["row"] == "keep":
            if state["pending_mutations"]:
                steps.append({"kind": "await_mutations", "reason": "effect"})
        elif row["row"] == "pick":
            steps.append({"kind": "pick_zombie_card", "seat": row["seat"]})
        else:
            effect = {"mutate": "mutate", "panic": "panic", "zcard": "add_zombie_card"}.get(
                row["row"], row.get("effect")
            )
            steps.append({"kind": "zombie_effect", "seat": row["seat"], "effect": effect})
    Flow.push(state, *steps)


# --- the question: each Horde its parts -------------------------------------------------------


def _open(state: State, step: Step) -> list[tuple[Step, dict]]:
    rows = _normal(state, step)
    return [(r, i) for r, i in zip(rows, survey(state, rows), strict=True) if i["open"]]


def _actors(state: State, step: Step) -> list[int]:
    return list(dict.fromkeys(row["seat"] for row, _ in _open(state, step)))


def _labels(state: State, row: Step, info: dict) -> dict[str, dict]:
    """What each of a part's controls is, in its Horde's form."""
    kind = row["row"]
    if kind == "activation":
        what = act.describe_part(row, info["plan"])
        if state["side"] != "house" or not state["defenses"]:
            actions = M("eza.part.bites", part=what)
        elif act.per_action(state, row["seat"]) == 2:
            actions = M("eza.part.actions_iron_jaw", part=what)
        else:
            actions = M("eza.part.actions", part=what)
        return {
            "actions": actions,
            "acted": M("eza.part.acted", part=what),
            "lunge": M("eza.part.lunge", part=what),
        }
    if kind == "add":
        if "none" in form_of(info)["spot"]["choices"]:  # EZA-T5: its reserve is empty
            return {"spot": M("eza.part.take_back")}
        return {"spot": M("eza.part.t5" if row.get("t5") else "eza.part.add")}
    return {"panic": M("eza.part.panic")}


def _specs(state: State, step: Step, seat: int) -> list[dict]:
    params: dict[str, dict] = {}
    specs = []
    for row, info in _open(state, step):
        if row["seat"] != seat:
            continue
        if row["row"] == "keep":
            specs += keep_specs(state, seat)
        elif row["row"] == "pick":
            specs += zombie_cards.specs(state, seat)
        else:
            labels = _labels(state, row, info)
            for part, spec in form_of(info).items():
                params[f"{part}_{row['key']}"] = {**spec, "label": labels[part]}
    if params:
        specs.insert(
            0, action("card_part", M("eza.action.card_part"), submit=_submit(params), **params)
        )
    return specs


def _submit(params: dict[str, dict]) -> dict:
    """What the form's button does, with the phone's live total (``{n}``) or picks."""
    counted = [p for name, p in params.items() if name.startswith("actions_")]
    if not counted:
        return M("eza.submit.card_part_chosen", chosen="{chosen}")
    labels = [p["label"]["msg"] for p in counted]
    if "eza.part.actions_iron_jaw" in labels:
        return M("eza.submit.card_part_iron_jaw", n="{n}")
    if "eza.part.actions" in labels:
        return M("eza.submit.card_part", n="{n}")
    return M("eza.submit.card_part_bites", n="{n}")


def _own(row: Step, params: dict) -> dict:
    """A part's answer, in its own names (``actions``, ``spot``, ``panic``)."""
    return {
        part: params[f"{part}_{row['key']}"]
        for part in PARAMS[row["row"]]
        if f"{part}_{row['key']}" in params
    }


def _refuse(state: State, step: Step, seat: int, act_: dict) -> RuleError | None:
    """Each part the Horde enters against the rules, the refusal naming the part (a safety net:
    its form's bounds already keep to them)."""
    mine = [(r, i) for r, i in _open(state, step) if r["seat"] == seat]
    for row, info in mine:
        if act_["type"] == "keep_mutation" and row["row"] == "keep":
            return keep_refuse(state, seat, act_)
        if act_["type"] == "add_zombie_card" and row["row"] == "pick":
            return zombie_cards.refuse(state, seat, act_)
        if act_["type"] == "card_part" and row["row"] == "activation":
            refusal = act.refuse(state, seat, info["plan"], _own(row, act_["params"]))
            if refusal is not None:
                what = act.describe_part(row, info["plan"])
                message = M("eza.refuse.part", part=what, why=refusal.message)
                return RuleError(refusal.code, refusal.rule, message)
    return None


def _answer(state: State, step: Step, seat: int, act_: dict, ctx: Ctx) -> None:
    """The Horde's parts entered: each kept in its place, and the parts whose turn has come
    played (its own, if the ones before it are)."""
    rows = _normal(state, step)
    kinds = {"card_part": ("activation", "add", "panic"), "keep_mutation": ("keep",)}
    kinds["add_zombie_card"] = ("pick",)
    entered = []
    for row, info in zip(rows, survey(state, rows), strict=True):
        if info["open"] and row["seat"] == seat and row["row"] in kinds.get(act_["type"], ()):
            if row["row"] in CHOICES:
                row["answer"] = dict(act_["params"])
            else:
                row["answer"] = _own(row, act_["params"])
                row["form"] = _fingerprint(state, info)
            entered.append(row)
    before = []
    for row in rows:
        if any(row is e for e in entered):
            break
        before.append(row["seat"])
    if before and act_["type"] == "card_part":
        ctx.say(
            M(
                "eza.part.entered",
                horde=name(state, seat),
                hordes=[name(state, s) for s in dict.fromkeys(before)],
            ),
            rule="EZA-T1",
            seat=seat,
        )
    go_on(state, {"kind": "activations_go_on", "seat": state["active"], "rows": rows}, ctx)


def _prompt(state: State, step: Step) -> dict:
    asked = _actors(state, step)
    return M("eza.prompt.parts", hordes=[name(state, s) for s in asked], count=max(1, len(asked)))


def _ask(state: State, step: Step) -> dict:
    """The order of the card's parts, each with where it stands (asked, entered, waiting)."""
    rows = _normal(state, step)
    parts = []
    for row, info in zip(rows, survey(state, rows), strict=True):
        said, where = _said(state, row, info), part_state(row, info)
        if where == "asked":
            parts.append(M("eza.part.state.asked", part=said))
        elif where == "entered":
            parts.append(M("eza.part.state.entered", part=said))
        else:
            parts.append(M("eza.part.state.waiting", part=said))
    return M("eza.ask.parts", parts=parts)


def part_state(row: Step, info: dict) -> str:
    if "answer" in row or (not info.get("asks") and row["row"] not in CHOICES):
        return "entered"
    return "asked" if info["open"] else "waiting"


def _said(state: State, row: Step, info: dict) -> dict:
    """A part as the table reads it: whose, and what."""
    who, kind = name(state, row["seat"]), row["row"]
    if kind == "activation":
        return M("eza.part.of", horde=who, part=act.describe_part(row, info["plan"]))
    what = {
        "add": M("eza.fx.add_zombie"),
        "panic": M("eza.fx.panic"),
        "mutate": M("eza.fx.mutate"),
        "keep": M("eza.fx.mutate"),
        "zcard": M("eza.fx.add_zombie_card"),
        "pick": M("eza.fx.add_zombie_card"),
    }[kind]
    if row.get("t5"):
        what = M("eza.part.t5_said", effect=describe(row["effect"]))
    return M("eza.part.of", horde=who, part=what)


def question_view(state: State, step: Step) -> dict:
    """The parts for the screens: who is asked now (each Horde asked is marked), in order."""
    rows = _normal(state, step)
    infos = survey(state, rows)
    return {
        "hordes": _actors(state, step),
        "rows": [
            {"seat": r["seat"], "key": r["key"], "row": r["row"], "state": part_state(r, i)}
            for r, i in zip(rows, infos, strict=True)
        ],
    }


# --- what others ask of the parts (Instants, corrections) ------------------------------------


def open_activation(state: State, seat: int) -> Step | None:
    """The Horde's activation asked now and not entered yet (its Sprint or Second helping adds
    to it), if any."""
    top = state["steps"][-1] if state["steps"] else None
    if top is None or top["kind"] != "activations":
        return None
    return next(
        (r for r, i in _open(state, top) if r["seat"] == seat and r["row"] == "activation"), None
    )


def grant(state: State, seat: int, extra: int = 0, more_bites: int = 0) -> None:
    """An Instant's gift to the Horde's activation asked now (Sprint: actions; Second helping:
    a bite), kept with it until it is played."""
    top = state["steps"][-1]
    top["rows"] = _normal(state, top)  # an older version's rows, as they are now
    row = open_activation(state, seat)
    given = act.granted(row)
    row["granted"] = {
        "extra": given["extra"] + extra,
        "more_bites": given["more_bites"] + more_bites,
    }


def first_seat(state: State) -> int | None:
    """The Horde of the first part still to play, while the card's parts are asked: its moment
    has come (a later part's Horde plays its "when asked" Instants once the parts before it
    are played: played now, they would act before them)."""
    top = state["steps"][-1] if state["steps"] else None
    if top is None or top["kind"] != "activations":
        return None
    return _normal(state, top)[0]["seat"]


def recheck(state: State, step: Step) -> Step | None:
    """After a correction: the parts are looked at again before anyone is asked (EZA-T5: a
    Horde corrected to no Zombie adds one instead; a part entered whose controls changed is
    asked again). The step to put in its place, or None."""
    if step["kind"] in QUESTIONS:
        return {"kind": "activations_go_on", "seat": step.get("seat"), "rows": _normal(state, step)}
    return None


_QUESTION = Question(
    rule="EZA-T1",
    specs=_specs,
    apply=_answer,
    refuse=_refuse,
    actors=_actors,
    prompt=_prompt,
    ask=_ask,
)

STEPS = {
    "activations_go_on": go_on,
    "activations_resume": go_on,  # saved by an older version: its rows, asked again
}
#: The card's parts; "activation", "place_zombie" and "panic": a lone part saved by an older
#: version, asked the same way.
QUESTIONS = {kind: _QUESTION for kind in ("activations", "activation", "place_zombie", "panic")}

__all__ = ["QUESTIONS", "STEPS", "go_on", "open_activation", "question_view", "start", "survey"]
