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

Here: the parts gathered in order and played. Who is asked what given the parts before:
:mod:`.survey`; the form each Horde fills in, and how the screens read the parts:
:mod:`.card_form`.
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, Question
from . import activations as act
from . import card_form, zombie_cards
from .adding import add_apply, frighten, panic_alone, panic_targets
from .mutations import keep, start_mutation
from .state import (
    State,
    Step,
    name,
    nobody_left,
)
from .survey import CHOICES, fingerprint, rows_of, survey

#: The effects that are parts of the card (an activation is ``activate:NxK``).
ADDS = ("add_zombie", "add_zombie_outside", "ambush")


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


# --- playing the parts in order --------------------------------------------------------------


def go_on(state: State, step: Step, ctx: Ctx) -> None:
    """Play the parts whose turn has come, in order: those entered or asking nothing, up to the
    first still to be entered; a part that starts a Feast (or asks its own question) is the last
    played now, the rest wait under what it pushed. Then the Hordes are asked for theirs."""
    rows = rows_of(state, step)
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
            and row["form"] != fingerprint(state, info)
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


def take_answer(state: State, step: Step, seat: int, act_: dict, ctx: Ctx) -> None:
    """The Horde's parts entered: each kept in its place, and the parts whose turn has come
    played (its own, if the ones before it are)."""
    rows = rows_of(state, step)
    kinds = {"card_part": ("activation", "add", "panic"), "keep_mutation": ("keep",)}
    kinds["add_zombie_card"] = ("pick",)
    entered = []
    for row, info in zip(rows, survey(state, rows), strict=True):
        if info["open"] and row["seat"] == seat and row["row"] in kinds.get(act_["type"], ()):
            if row["row"] in CHOICES:
                row["answer"] = dict(act_["params"])
            else:
                row["answer"] = card_form.own(row, act_["params"])
                row["form"] = fingerprint(state, info)
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


# --- what others ask of the parts (Instants, corrections) ------------------------------------


def open_activation(state: State, seat: int) -> Step | None:
    """The Horde's activation asked now and not entered yet (its Sprint or Second helping adds
    to it), if any."""
    top = state["steps"][-1] if state["steps"] else None
    if top is None or top["kind"] != "activations":
        return None
    return next(
        (
            r
            for r, i in card_form.open_parts(state, top)
            if r["seat"] == seat and r["row"] == "activation"
        ),
        None,
    )


def grant(state: State, seat: int, extra: int = 0, more_bites: int = 0) -> None:
    """An Instant's gift to the Horde's activation asked now (Sprint: actions; Second helping:
    a bite), kept with it until it is played."""
    top = state["steps"][-1]
    top["rows"] = rows_of(state, top)  # an older version's rows, as they are now
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
    return rows_of(state, top)[0]["seat"]


def recheck(state: State, step: Step) -> Step | None:
    """After a correction: the parts are looked at again before anyone is asked (EZA-T5: a
    Horde corrected to no Zombie adds one instead; a part entered whose controls changed is
    asked again). The step to put in its place, or None."""
    if step["kind"] in QUESTIONS:
        return {"kind": "activations_go_on", "seat": step.get("seat"), "rows": rows_of(state, step)}
    return None


_QUESTION = Question(
    rule="EZA-T1",
    specs=card_form.form_specs,
    apply=take_answer,
    refuse=card_form.refuse,
    actors=card_form.actors,
    prompt=card_form.prompt,
    ask=card_form.ask,
)

STEPS = {
    "activations_go_on": go_on,
    "activations_resume": go_on,  # saved by an older version: its rows, asked again
}
#: The card's parts; "activation", "place_zombie" and "panic": a lone part saved by an older
#: version, asked the same way.
QUESTIONS = {kind: _QUESTION for kind in ("activations", "activation", "place_zombie", "panic")}

__all__ = ["ADDS", "QUESTIONS", "STEPS", "go_on", "open_activation", "start"]
