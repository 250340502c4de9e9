"""Zombie activations (the Eat Zem All rulebook, "Zombie Card Effects: 1/2/3/All Zombies benefit
from N actions", "Description of Zombie Actions"; EZA-T5, T6, T7, T12 for Pack instinct, Iron jaw).

One form per activation: the Zombies move and stand up at the table, and the active Horde then
enters on its phone what the app counts — the bites, per Human (EZA-T6: one per Zombie, each
Human's bound its Bite tokens left) and, in the House, the Defense cubes removed, per door or
window — in one post. The app checks the whole: at most one bite per Zombie (two for one Zombie
with Second helping), at most the actions the Zombies have (a bite or a cube removal is an
action; Iron jaw removes 2 cubes per action; Pack instinct and Sprint add actions). A bite that
takes a Human's last token starts the Feast at once (EZA-F1): the bites still to apply wait under
the Feast and resolve after it, the killing Zombie having spent its last action on that bite.
When the same card activates this Horde again later, the form also asks how many Zombies acted
(all, preselected): a Zombie that did not act may still be activated by the later effect
(EZA-T7); otherwise every Zombie of the activation counts as activated by the card.
A Horde with no Zombie left to activate adds one instead (EZA-T5); Zombies added by the current
card cannot be activated by it (EZA-T7).

Ask once per phase (EZA-T1, EZA-T12). At the table, once the active Horde has applied its main
and bonus effects, the other Hordes apply the card's main effect clockwise, one after the other:
each moves and stands up its Zombies, bites, removes cubes, adds a Zombie. Nothing of that needs
an answer between two effects — unless a bite takes a Human's last token (EZA-T6: the Feast, at
once) or an effect is a private choice. So the public effects a card brings in a row are *one*
form, recorded by the active Horde's phone (EZA-T12; it already counts the Feasts and the reach
for everyone), a row per effect in resolution order: a Horde's activation (``bites_<seat>``,
``cubes_<seat>``, ``acted_<seat>``), each checked against that Horde's own Zombies, actions and
Mutations (Pack instinct, Iron jaw; Sprint and Second helping are offered to their holders while
the form is open and add to their own part only); a Zombie added in the Cemetery, where the
Horde had a choice of spot (``spot_<seat>``, ``spot_<seat>_2`` for its second one; the first
spot offered preselected; in the House the table places it and the row asks nothing); a Panic
with more than one Human to frighten (``panic_<seat>``, nothing preselected). Rows that ask
nothing are applied in their place. The rows are applied in order; the first row whose bites,
with those of the rows before it, take a Human's last token is the last one applied: its Feast
comes before the next effect, and the rows after it go back on the card and are asked again
after the Feast, what was entered for them kept as the form's values (a Human to frighten is
chosen again: the phone had to fill that part while greyed out). The phone greys them out and
says "Feast now" as soon as the entered bites take the last token: the table plays them after
the Feast. Bites or cubes a part enters beyond what the parts before it left (a
Human's tokens, an opening's cubes) cannot be taken: the log says so.

Private effects in the run: a Mutation to draw (one per form) is a row that asks nothing — its
cards are drawn in their place when the form is applied (before the next Horde's bites, private
to the Horde) and kept once the form is recorded, before a Feast the rows after it brought (the
Horde holds it at that Feast, EZA-T9, F1); a Zombie card to add (EZA-T8) only puts a card on the
Zombie draw pile, which nothing reads before the next card is chosen, so the run passes over it
and it is chosen right after the form (the table is told so). A Horde with no Zombie left to
activate adds one in its place (EZA-T5, said when applied). A Horde's second activation by the
card is a row too (EZA-T7: on the Zombies its first one left; its counts bounded by the most it
may have, the whole checked once the first one's "acted" is known). A later row's Horde holding
Lunge has it as a part of its row (``lunge_<key>``: the Human bitten, "none" preselected),
played in its place before that Horde's bites; a Lunge that takes a Human's last token starts
the Feast before them (they are asked again after it). The run ends before an effect that asks
nothing of its own, a third activation of a Horde, the second activation of a Horde holding
Lunge, Sprint or Second helping (it plays its card on the one it wants) or Pack instinct or that
may have no Zombie left, a second Mutation draw, a Horde adding a Zombie with none left in its
reserve (EZA-T5: it may take one back, asked on its own) and a closed tomb more than the
Tombstones left (one form never holds two choices that exclude each other); it ends on its last
row that asks something.
A run of one effect is that effect's own question, as it always was.
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, Question, RuleError, action, choice, counts
from ...engine.messages import pack_names
from . import feast
from .adding import (
    HOUSE_WHERE,
    SPOTS,
    cemetery_spots,
    frighten,
    panic_alone,
    panic_targets,
    place,
)
from .effects import activation, describe
from .mutations import start_mutation, use_instant
from .state import (
    State,
    Step,
    activatable,
    held,
    holds,
    horde,
    human,
    human_labels,
    human_name,
    in_play,
    name,
    nobody_left,
    pawn_out,
)


def start_activation(
    state: State,
    ctx: Ctx,
    seat: int,
    effect: str,
    entered: dict | None = None,
    granted: dict | None = None,
) -> None:
    if activatable(state, seat) == 0:  # EZA-T5
        ctx.say(
            M("eza.activation.none", horde=name(state, seat)),
            rule="EZA-T5",
            reason=M("eza.activation.none.reason"),
        )
        Flow.push(
            state, {"kind": "zombie_effect", "seat": seat, "effect": "add_zombie", "part": "t5"}
        )
        return
    row = _row(state, seat, effect, granted)
    if entered:
        row["entered"] = entered
    start_run(state, ctx, row)


def start_run(state: State, ctx: Ctx, first: Step) -> None:
    """A public effect that asks (an activation, a Cemetery spot, a Panic), with the public
    effects the card brings right after it: one form when there are several (EZA-T1), else
    the effect's own question, as it always was."""
    rows = [first, *_gather(state, ctx, first)]
    if len(rows) > 1:
        Flow.push(state, {"kind": "activations", "seat": state["active"], "rows": _keyed(rows)})
        return
    kind = _kind(first)
    if kind == "activation":
        Flow.push(state, {"kind": "activation", **_fields(first)})
    elif kind == "add":
        Flow.push(state, {"kind": "place_zombie", "seat": first["seat"], "spots": first["spots"]})
    else:
        Flow.push(state, {"kind": "panic", "seat": first["seat"]})


def _kind(row: Step) -> str:
    """A row of a shared form: an activation (rows made before other kinds had no ``row``), an
    added Zombie whose spot the form may ask, or a Panic."""
    return row.get("row", "activation")


def _fields(row: Step) -> Step:
    return {k: v for k, v in row.items() if k not in ("row", "key")}


def _keyed(rows: list[Step]) -> list[Step]:
    """Each row's key in the form's param names: its seat (``bites_2``, ``spot_2``, ``panic_2``),
    and for a Horde's second added Zombie its seat and rank (``spot_2_2``)."""
    seen: dict[tuple[str, int], int] = {}
    out = []
    for row in rows:
        n = seen[(_kind(row), row["seat"])] = seen.get((_kind(row), row["seat"]), 0) + 1
        out.append({**row, "key": str(row["seat"]) if n == 1 else f"{row['seat']}_{n}"})
    return out


def _pack(state: State, seat: int) -> int:
    """EZA-T12: Pack instinct's extra action, to the Horde's first activation by the card."""
    return 1 if holds(state, seat, "pack_instinct") and horde(state, seat)["activated"] == 0 else 0


def _row(state: State, seat: int, effect: str, granted: dict | None = None) -> Step:
    """One Horde's activation: its Zombies, their actions, the extras its Mutations give
    (``granted``: what its Instants gave it before a Feast interrupted it)."""
    n, k = activation(effect)
    available = activatable(state, seat)
    zombies = available if n is None else min(n, available)
    extra = _pack(state, seat)
    granted = granted or {}
    return {
        "seat": seat,
        "zombies": zombies,
        "actions": k,
        "extra": extra + granted.get("extra", 0),  # EZA-T12: Pack instinct, Sprint
        "pack": extra,  # what of it Pack instinct gives (the rest an Instant gave)
        "more_bites": granted.get("more_bites", 0),  # EZA-T12: Second helping
        "effect": effect,
    }


#: The Instant whose moment is its holder's own activation and that acts at once (EZA-T12:
#: Lunge bites, maybe a Feast, before its Zombies act): the first part of a form has it offered
#: while the form is open (it bites before anything of the form is applied); a later part holds
#: it as a part of its own (``lunge_<key>``, the Human bitten or "none"), applied in its place,
#: before that Horde's bites. Sprint and Second helping only add to the budget of the holder's
#: own part: offered while the shared form is open.
ACTIVATION_INSTANTS = ("bite_at_range",)


def _lunge_card(state: State, seat: int) -> str | None:
    """The Lunge the Horde holds, if any."""
    mutations = state["content"]["mutations"]
    return next(
        (
            m
            for m in held(state, seat)
            if mutations[m]["kind"] == "instant" and mutations[m]["effect"] in ACTIVATION_INSTANTS
        ),
        None,
    )


#: Private effects a run passes over, resolved right after the form: nothing the Hordes do in
#: it depends on them ("add 1 of your Zombie cards" only puts a card on the Zombie draw pile,
#: which nothing reads before the next card is chosen; EZA-T8).
PASSED_OVER = ("add_zombie_card",)


def _gather(state: State, ctx: Ctx, first: Step) -> list[Step]:
    """The public effects of the same card that come right after ``first`` (EZA-T1 order: the
    active Horde's bonus, the other Hordes' main effect), taken off the stack into one form:
    activations of Hordes not yet in the form, added Zombies (a Horde with Zombies left in its
    reserve for each), one Panic. A Zombie card to add (:data:`PASSED_OVER`) stays on the card
    and is chosen right after the form, the table told why. The run stops where
    :func:`_next_row` says, and ends on its last effect that asks something (the ones after it
    resolve as they always did)."""
    if nobody_left(state):
        return []
    steps = state["steps"]
    rows, taken, passed = [first], [], []
    top = len(steps)
    while True:
        i = top - 1
        while i >= 0 and (
            steps[i]["kind"] == "horde_applies"
            or (steps[i]["kind"] == "zombie_effect" and steps[i]["effect"] in PASSED_OVER)
        ):
            if steps[i]["kind"] == "zombie_effect":
                passed.append(i)
            i -= 1
        row = _next_row(state, steps[i], rows) if i >= 0 else None
        if row is None:
            break
        rows.append(row)
        taken.append(i)
        top = i
    while taken and not _asks(state, rows[-1]):
        rows.pop()
        taken.pop()
    if not taken:
        return []
    low = taken[-1]
    for applies in reversed(steps[low:]):  # EZA-T1: still said, in order
        if applies["kind"] != "horde_applies":
            continue
        who = name(state, applies["seat"])
        said = (
            M("eza.applies.both", horde=who)
            if "bonus" in applies["parts"]
            else M("eza.applies.main", horde=who)
        )
        ctx.say(said, rule="EZA-T1", seat=applies["seat"])
    kept = [i for i in passed if i > low]
    for i in reversed(kept):  # EZA-T1 order changed for what depends on nothing: said so
        ctx.say(
            M("eza.zombie_card.after_form", horde=name(state, steps[i]["seat"])),
            rule="EZA-T8",
            reason=M("eza.zombie_card.after_form.reason"),
            seat=steps[i]["seat"],
        )
    later = [steps[i] for i in sorted(kept)]
    del steps[low:]
    steps.extend(later)  # under the form: resolved once it is answered, in their order
    return rows[1:]


def _next_row(state: State, step: Step, rows: list[Step]) -> Step | None:
    """The row ``step`` makes in the form, or None where the run stops."""
    if step["kind"] != "zombie_effect":
        return None
    seat, effect = step["seat"], str(step.get("effect", ""))
    entered = step.get("entered")
    if effect.startswith("activate:") and activatable(state, seat) == 0:
        # EZA-T5: no Zombie to activate, it adds one instead (said when the row is applied)
        row = _add_row(state, seat, "add_zombie", rows)
        if row is None:
            return None
        row.update(effect=effect, t5=True)
    elif effect.startswith("activate:"):
        mine = [r for r in rows if _kind(r) == "activation" and r["seat"] == seat]
        if len(mine) > 1:
            return None
        row = _row(state, seat, effect, step.get("granted"))
        if mine and not _again_fits(state, mine[0], row):
            return None
        if mine:
            row["again"] = True  # its Zombies: those the first activation leaves (EZA-T7)
        if _lunge_card(state, seat):
            row["lunge"] = True  # EZA-T12: played (or not) on this part, in its place
    elif effect in ("add_zombie", "add_zombie_outside"):
        row = _add_row(state, seat, effect, rows)
        if row is None:
            return None
    elif effect == "panic" and not any(_kind(r) == "panic" for r in rows):
        row = {"row": "panic", "seat": seat}
    elif (
        effect == "mutate"
        and not state["pending_mutations"]
        and not any(_kind(r) == "mutate" for r in rows)
    ):
        # drawn in its place when the form is applied, kept once it is (before a Feast it brings);
        # one per form: a second Horde's draw follows the first one's choice (EZA-T10 draft)
        row = {"row": "mutate", "seat": seat, "effect": effect}
    else:
        return None
    if entered:
        row["entered"] = entered
    return row


#: The Instants a Horde plays on its own activation's part (EZA-T12): a Horde holding one is
#: asked its second activation on its own, so that it may play it there.
_OWN_PART_INSTANTS = ("extra_actions", "second_bite", *ACTIVATION_INSTANTS)


def _again_fits(state: State, first: Step, row: Step) -> bool:
    """Whether a Horde's second activation by the card may join the form of its first (EZA-T7):
    it has Zombies left whatever the first one used (else EZA-T5 may apply, asked on its own),
    the Horde holds no Instant for an activation's part (it plays it on the one it wants) and
    not Pack instinct (its extra action depends on whether the first one's Zombies acted)."""
    mutations = state["content"]["mutations"]
    if holds(state, row["seat"], "pack_instinct") or any(
        mutations[m]["kind"] == "instant" and mutations[m]["effect"] in _OWN_PART_INSTANTS
        for m in held(state, row["seat"])
    ):
        return False  # Pack instinct: its extra action goes to whichever activation comes first
    return min(row["zombies"], activatable(state, row["seat"]) - first["zombies"]) >= 1


def _again_zombies(state: State, row: Step, acting: int | None) -> int:
    """The Zombies of a Horde's second activation in the form: those its first one left
    (``acting``: how many acted in the first; None: all it had, the fewest left)."""
    first = next(
        r
        for r in _top_rows(state)
        if _kind(r) == "activation" and r["seat"] == row["seat"] and not r.get("again")
    )
    used = zombies_now(state, first) if acting is None else acting
    return max(0, min(row["zombies"], activatable(state, row["seat"]) - used))


def _top_rows(state: State) -> list[Step]:
    top = state["steps"][-1] if state["steps"] else {}
    return top.get("rows", []) if top.get("kind") == "activations" else []


def _add_row(state: State, seat: int, effect: str, rows: list[Step]) -> Step | None:
    """A Zombie added in the form, or None when it must be asked on its own."""
    adds = sum(1 for r in rows if _kind(r) == "add" and r["seat"] == seat)
    if horde(state, seat)["reserve"] <= adds:
        return None  # EZA-T5: taking one back from the board is asked on its own
    spots = cemetery_spots(state, seat, effect) if state["side"] == "cemetery" else []
    tombs = sum("closed_tomb" in r["spots"] for r in rows if _kind(r) == "add")
    if "closed_tomb" in spots and tombs >= state["tombstones"]["on_board"]:
        return None  # one form never offers more closed tombs than Tombstones are left
    return {"row": "add", "seat": seat, "effect": effect, "spots": spots}


def _asks(state: State, row: Step, rows: list[Step] | None = None) -> bool:
    """Whether the row is a question in the form (a House Zombie, a single spot or a single
    Human to frighten only happen, in their order)."""
    kind = _kind(row)
    if kind == "add":
        return len(_add_spots(state, row, rows)) > 1
    if kind == "panic":
        return len(panic_targets(state)) > 1
    return kind == "activation"


# --- what the form may hold ------------------------------------------------------------------


def zombies_now(state: State, step: Step) -> int:
    """The Zombies of this activation (fewer if a correction took some off the board)."""
    return min(step["zombies"], activatable(state, step["seat"]))


def _per_action(state: State, seat: int) -> int:
    return 2 if holds(state, seat, "iron_jaw") else 1  # EZA-T12: Iron jaw


def _budget(step: Step, acting: int) -> int:
    """The actions the acting Zombies have in all (the extras go to the first one)."""
    return acting * step["actions"] + (step["extra"] if acting > 0 else 0)


def _bite_cap(step: Step, acting: int) -> int:
    """One bite per Zombie (one more with Second helping), each an action."""
    return min(acting + (step["more_bites"] if acting > 0 else 0), _budget(step, acting))


def _openings(state: State) -> list[str]:
    if state["side"] != "house":
        return []
    return [o for o, cubes in state["defenses"].items() if cubes > 0]


def _asks_zombies(state: State, step: Step) -> bool:
    """Whether a later effect of this card activates this Horde again (EZA-T7): then how many
    Zombies acted matters, and the form asks it (also when that activation is a later row of the
    same form)."""
    later_row = not step.get("again") and any(
        r.get("again") and r["seat"] == step["seat"] for r in _top_rows(state)
    )
    return later_row or any(
        s["kind"] == "zombie_effect"
        and s.get("seat") == step["seat"]
        and str(s.get("effect", "")).startswith("activate:")
        for s in state["steps"]
        if s is not step
    )


def _form_params(state: State, step: Step, entered: dict | None = None) -> dict[str, dict]:
    """One Horde's part of an activation form: bites per Human, cubes per opening, and how many
    Zombies acted when EZA-T7 needs it; ``entered``: values sent earlier (kept over a Feast)."""
    entered = entered or {}
    total = zombies_now(state, step)
    cap = _bite_cap(step, total)
    # a Horde's second activation in the same form: each count may go as far as the Zombies
    # left if the first used none; in all, no more than those left if the first used them all
    # (the whole is checked once the first one's count is known)
    low = _again_zombies(state, step, None) if step.get("again") else total
    cap_low = _bite_cap(step, low)
    params: dict[str, dict] = {}
    humans = in_play(state)
    if humans:
        bounds = {h: (0, min(cap, human(state, h)["tokens"])) for h in humans}
        before = entered.get("bites") or {}
        params["bites"] = counts(
            bounds,
            labels=dict(zip(humans, human_labels(state, humans), strict=True)),
            values={h: _clamp(before.get(h), bounds[h][1]) for h in humans},
            most=cap_low,
        )
    openings = _openings(state)
    if openings:
        board = state["content"]["board"]["openings"]
        before = entered.get("cubes") or {}
        params["cubes"] = counts(
            {o: (0, state["defenses"][o]) for o in openings},
            labels={o: pack_names(board[o]) for o in openings},
            values={o: _clamp(before.get(o), state["defenses"][o]) for o in openings},
            # a bound random playouts keep to (an action per cube, beyond what the bites may
            # take): the rules refuse only bites and cube actions beyond the Zombies' actions
            most=max(0, _budget(step, low) - cap_low),
        )
    if step.get("lunge") and humans and _lunge_card(state, step["seat"]):
        # EZA-T12: the holder's Lunge, if it plays it on this part ("none" preselected: the card
        # stays in its hand unless it says so at the table)
        lunge = entered.get("lunge", "none")
        params["lunge"] = {
            **choice(["none", *humans], [M("eza.lunge.none"), *human_labels(state, humans)]),
            "value": lunge if lunge in humans else "none",
        }
    if _asks_zombies(state, step):
        # a pick (all of them preselected), not a number: the button's {n} counts what is recorded
        acted = list(range(total, -1, -1))
        kept = entered.get("acted")
        params["acted"] = {
            **choice(acted, [M("eza.acted", count=n) for n in acted]),
            "value": kept if kept in acted else low,
        }
    return params


def _clamp(value, high: int) -> int:
    return max(0, min(high, value)) if _number(value) is not None else 0


def _activation_specs(state: State, step: Step, seat: int) -> list[dict]:
    iron = _per_action(state, seat) == 2
    params = _form_params(state, step, step.get("entered"))
    return [
        action(
            "activate",
            M(
                "eza.action.activate_iron_jaw"
                if iron and "cubes" in params
                else "eza.action.activate"
            ),
            submit=M("eza.submit.activate", n="{n}"),
            **params,
        )
    ]


def _number(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _acting(state: State, step: Step, params: dict) -> int:
    """How many Zombies acted: the count entered, and at least those the bites and the cube
    removals need (a Zombie that bit acted); all of them when the form does not ask."""
    total = zombies_now(state, step)
    entered = _number(params.get("acted"))
    if entered is None or not 0 <= entered <= total:
        return total
    bites, actions = _entered(state, step["seat"], params)
    needed = next(
        (
            m
            for m in range(total + 1)
            if bites <= _bite_cap(step, m) and actions <= _budget(step, m)
        ),
        total,
    )
    return max(entered, needed)


def _entered(state: State, seat: int, params: dict) -> tuple[int, int]:
    """(bites, actions) the form holds: a bite is an action, each cube removal one (Iron jaw:
    2 cubes per action)."""
    bites = params.get("bites") if isinstance(params.get("bites"), dict) else {}
    cubes = params.get("cubes") if isinstance(params.get("cubes"), dict) else {}
    bitten = sum(n for n in bites.values() if _number(n) and n > 0)
    per = _per_action(state, seat)
    return bitten, bitten + sum(-(-n // per) for n in cubes.values() if _number(n) and n > 0)


def _activation_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    """The whole activation against the rules, each refusal naming its rule."""
    if act["type"] != "activate":
        return None
    params = act["params"]
    bites = params.get("bites") if isinstance(params.get("bites"), dict) else {}
    for hid, n in bites.items():
        if _number(n) and hid not in in_play(state):
            return RuleError("not_in_play", "EZA-E2", M("eza.refuse.not_in_play"))
        if _number(n) and n > human(state, hid)["tokens"]:
            tokens = human(state, hid)["tokens"]
            return RuleError(
                "no_tokens_left",
                "EZA-T6",
                M("eza.refuse.bites_tokens", human=human_name(state, hid), count=tokens),
            )
    total = zombies_now(state, step)
    bitten, actions = _entered(state, seat, params)
    if bitten > _bite_cap(step, total):
        return RuleError(
            "already_bit",
            "EZA-T6",
            M("eza.refuse.bites_per_zombie", zombies=total, count=_bite_cap(step, total)),
        )
    if actions > _budget(step, total):
        return RuleError(
            "too_many_actions",
            "EZA-T6",
            M("eza.refuse.activation_actions", zombies=total, count=_budget(step, total)),
        )
    return None


def recheck(state: State, step: Step) -> Step | None:
    """After a correction (EZA-T5): an activation still to be answered whose Horde now has no
    Zombie to activate adds one instead, exactly as with none before the card. The step to put
    in its place (the card's effects asked again from there, in order), or None to keep it."""
    if step["kind"] == "activation" and activatable(state, step["seat"]) == 0:
        return {"kind": "zombie_effect", "seat": step["seat"], "effect": step["effect"]}
    rows = step.get("rows") or [] if step["kind"] == "activations" else []
    if any(_kind(r) == "activation" and activatable(state, r["seat"]) == 0 for r in rows):
        # nothing of the form was sent: its parts are gathered again, the EZA-T5 one an add
        return {"kind": "activations_resume", "rows": [{**r, "entered": {}} for r in rows]}
    return None


def _activation_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    if zombies_now(state, step) == 0:  # EZA-T5: none left to activate (taken off meanwhile)
        start_activation(state, ctx, seat, step["effect"])
        return
    params = act["params"]
    acting = _acting(state, step, params)
    horde(state, seat)["activated"] += acting  # EZA-T7: activated once per card
    who = name(state, seat)
    board = state["content"]["board"].get("openings", {})
    for opening, entered in (params.get("cubes") or {}).items():
        # a Horde before it in a shared form may have taken them already: what is left goes
        n = min(entered, state["defenses"][opening])
        if n > 0:
            state["defenses"][opening] -= n
            state["defense_box"] += n
            ctx.say(
                M("eza.defense.removed", horde=who, count=n, opening=pack_names(board[opening])),
                opening=opening,
            )
        if entered > n:
            ctx.say(
                M("eza.defense.gone", horde=who, count=n, opening=pack_names(board[opening])),
                rule="EZA-T6",
            )
    bites = [hid for hid in in_play(state) for _ in range((params.get("bites") or {}).get(hid, 0))]
    if not bites and not any((params.get("cubes") or {}).values()):
        ctx.say(M("eza.activation.at_table", horde=who, count=acting), seat=seat)
    run_bites(state, ctx, seat, bites)


def run_bites(state: State, ctx: Ctx, seat: int, bites: list[str]) -> None:
    """The activation's bites in order; a Human's last token starts its Feast at once and the
    bites left wait under it (EZA-T6, EZA-F1)."""
    for i, hid in enumerate(bites):
        if hid not in in_play(state) or human(state, hid)["tokens"] == 0:
            # a correction meanwhile took the Human or its tokens: that bite cannot be taken
            ctx.say(
                M("eza.bite.gone", horde=name(state, seat), human=human_name(state, hid)),
                rule="EZA-H1",
            )
            continue
        if feast.bite(state, ctx, seat, hid):
            ctx.say(
                M("eza.bite.last", horde=name(state, seat), human=human_name(state, hid)),
                rule="EZA-T6",
            )
            rest = bites[i + 1 :]
            if rest:
                Flow.push(state, {"kind": "activation_bites", "seat": seat, "bites": rest})
            feast.start_feast(state, ctx, hid, seat)
            return


# --- one form for the Hordes that activate in a row (EZA-T1, T6, T12) ------------------------


def _key(part: str, row: Step) -> str:
    return f"{part}_{row.get('key', row['seat'])}"


#: A row's parts in the form, by kind, and their names in the row's own question.
_PARTS = {
    "activation": {"bites": "bites", "cubes": "cubes", "acted": "acted", "lunge": "lunge"},
    "add": {"spot": "where"},
    "panic": {"panic": "human"},
    "mutate": {},
}


def _row_params(params: dict, row: Step) -> dict:
    """One row's part of the shared form, as its own question would hold it."""
    return {
        own: params[_key(part, row)]
        for part, own in _PARTS[_kind(row)].items()
        if _key(part, row) in params
    }


def _add_spots(state: State, row: Step, rows: list[Step] | None = None) -> list[str]:
    """Where the row's Zombie may go now: a closed tomb while a Tombstone is left for it — in
    the open form ``rows``, the rows before it that offer one counting first (an Instant or a
    correction may take Tombstones while the form is open); once applied, the parts before it
    have taken theirs. None to choose in the House, where the table places it."""
    if not row["spots"]:
        return []
    left = state["tombstones"]["on_board"]
    for earlier in rows or []:
        if earlier is row:
            break
        if _kind(earlier) == "add" and "closed_tomb" in earlier["spots"]:
            left -= 1
    return [s for s in row["spots"] if s != "closed_tomb" or left > 0]


def _row_form(state: State, row: Step, rows: list[Step]) -> dict[str, dict]:
    """A row's params in the form ``rows``, named for itself (``bites``, ``where``, ``human``)."""
    kind, entered = _kind(row), row.get("entered") or {}
    if kind == "activation":
        return _form_params(state, row, entered)
    if not _asks(state, row, rows):
        return {}
    if kind == "add":
        spots = _add_spots(state, row, rows)
        param = choice(spots, [SPOTS[s] for s in spots])
        values = [entered.get("where", spots[0])]  # the likely spot preselected, as the bites
    else:
        targets = panic_targets(state)
        param = choice(targets, human_labels(state, targets))
        values = [entered.get("human")]
    if values[0] in param["choices"]:
        param["value"] = values[0]
    return {"where" if kind == "add" else "human": param}


def _group_specs(state: State, step: Step, seat: int) -> list[dict]:
    params: dict[str, dict] = {}
    for row in step["rows"]:
        names = {own: part for part, own in _PARTS[_kind(row)].items()}
        for own, param in _row_form(state, row, step["rows"]).items():
            params[_key(names[own], row)] = param
    return [
        action(
            "activate_hordes",
            M("eza.action.activate_hordes", hordes=_hordes(state, step)),
            submit=M("eza.submit.activate", n="{n}"),
            **params,
        )
    ]


def _hordes(state: State, step: Step) -> list:
    seats = list(dict.fromkeys(r["seat"] for r in step["rows"]))
    return [name(state, s) for s in seats]


def _group_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    """Each Horde's part against its own Zombies' bites and actions (EZA-T6), naming the Horde
    (the spots and the Human to frighten offered are checked with every choice)."""
    if act["type"] != "activate_hordes":
        return None
    # the rows after a Feast are asked again after it (EZA-F1): what they hold now is kept only
    for row in step["rows"][: _applied(state, step, act["params"])]:
        part = _row_params(act["params"], row)
        refusal = None
        kind = _kind(row)
        if kind == "activation":
            as_own = {"type": "activate", "params": part}
            if row.get("again"):  # EZA-T7: the Zombies its first activation left
                first = next(
                    r
                    for r in step["rows"]
                    if _kind(r) == "activation" and r["seat"] == row["seat"] and r is not row
                )
                acting = _acting(state, first, _row_params(act["params"], first))
                row = {**row, "zombies": _again_zombies(state, row, acting)}
            refusal = _activation_refuse(state, row, row["seat"], as_own)
        if refusal is not None:
            message = M("eza.refuse.row", horde=name(state, row["seat"]), why=refusal.message)
            return RuleError(refusal.code, refusal.rule, message)
    return None


def _feast_row(state: State, step: Step, params: dict) -> tuple[int, bool] | None:
    """The first row whose Lunge or bites take a Human's last token (EZA-T6: its Feast comes
    before the next effect), counting the bites of the rows before it, and whether its Lunge did
    (then the Feast comes before that Horde's own bites)."""
    left = {h: human(state, h)["tokens"] for h in in_play(state)}
    for i, row in enumerate(step["rows"]):
        part = _row_params(params, row)
        if part.get("lunge") in left:
            left[part["lunge"]] -= 1
            if left[part["lunge"]] <= 0:
                return i, True
        bites = part.get("bites")
        for hid, n in (bites if isinstance(bites, dict) else {}).items():
            if _number(n) and n > 0 and hid in left:
                left[hid] -= n
        if any(n <= 0 for n in left.values()):
            return i, False
    return None


def _group_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    """The rows in order. A row whose bites take a Human's last token is the last one applied:
    its Feast comes at once (EZA-T6) and the effects after it are asked again after the Feast,
    what was entered for them kept as the form's values. An added Zombie whose Horde has none
    left in its reserve now (an Instant or a correction while the form was open) is asked on its
    own, in its place (EZA-T5: it may take one back), the rows after it after that."""
    params = act["params"]
    rows = step["rows"]
    cut = _applied(state, step, params)  # the first row not applied now
    stop = _feast_row(state, step, params)
    lunged = stop[0] if stop is not None and stop[1] else None
    short = _reserve_gone(state, rows[:cut])
    if short is not None and (lunged is None or short <= lunged):
        cut, lunged = short, None  # EZA-T5: asked on its own, in its place (it may take one back)
        ctx.say(
            M("eza.activations.reserve_gone", horde=name(state, rows[short]["seat"])),
            rule="EZA-T5",
        )
    elif cut < len(rows):
        ctx.say(
            M("eza.activations.after_feast", hordes=_hordes(state, {"rows": rows[cut:]})),
            rule="EZA-T6",
            reason=M("eza.activations.after_feast.reason"),
        )
    if cut < len(rows):
        # what was entered for the effects not applied yet is kept as their values, but for a
        # Human to frighten: the phone had to fill that part without asking (it was greyed out)
        later = [
            {**row, "entered": {} if _kind(row) == "panic" else _row_params(params, row)}
            for row in rows[cut:]
        ]
        if lunged is not None:  # its Lunge is played now: what is asked again is its activation
            later[0]["entered"].pop("lunge", None)
        Flow.push(state, {"kind": "activations_resume", "rows": later})
    drew = False
    for row in rows[:cut]:
        part = _row_params(params, row)
        kind = _kind(row)
        if kind == "mutate":
            draft = bool(state["options"].get("mutation_draft"))
            start_mutation(state, ctx, row["seat"], draft=draft)
            drew = bool(state["pending_mutations"])
        elif kind == "activation":
            _lunge_apply(state, ctx, row["seat"], part.get("lunge"))
            _activation_apply(state, row, row["seat"], {"type": "activate", "params": part}, ctx)
        elif kind == "add":
            _add_apply(state, ctx, row, part.get("where"))
        elif _asks(state, row):
            frighten(state, ctx, row["seat"], part["human"])
        else:
            panic_alone(state, ctx, row["seat"])
    if lunged is not None:  # its Lunge took the last token: the Feast before its own bites
        _lunge_apply(
            state, ctx, rows[lunged]["seat"], _row_params(params, rows[lunged]).get("lunge")
        )
    if drew:  # the Mutation is kept now, before a Feast the rows after it brought (EZA-T9)
        Flow.push(state, {"kind": "await_mutations", "reason": "effect"})


def _applied(state: State, step: Step, params: dict) -> int:
    """How many rows are applied now: up to the one whose bites start a Feast, or before the one
    whose Lunge does (its own bites come after the Feast)."""
    stop = _feast_row(state, step, params)
    if stop is None:
        return len(step["rows"])
    return stop[0] if stop[1] else stop[0] + 1


def _lunge_apply(state: State, ctx: Ctx, seat: int, target: str | None) -> None:
    """The Horde plays its Lunge on its part (EZA-T12): the card is discarded, one of its
    Zombies bites the Human at 2 cells; the last token starts the Feast at once."""
    card = _lunge_card(state, seat)
    if card is None or target not in in_play(state):
        return
    use_instant(state, ctx, seat, card)
    if feast.bite(state, ctx, seat, target):
        feast.start_feast(state, ctx, target, seat)


def _reserve_gone(state: State, rows: list[Step]) -> int | None:
    """The first add row whose Horde has no Zombie left in its reserve when it comes."""
    left = {s: horde(state, s)["reserve"] for s in state["seats"]}
    for i, row in enumerate(rows):
        if _kind(row) == "add":
            if left[row["seat"]] <= 0:
                return i
            left[row["seat"]] -= 1
    return None


def _add_apply(state: State, ctx: Ctx, row: Step, where: str | None) -> None:
    """The row's Zombie: in the House placed at the table (the app counts it), in the Cemetery
    on the spot entered (or the only one left)."""
    seat = row["seat"]
    if row.get("t5"):
        ctx.say(
            M("eza.activation.none", horde=name(state, seat)),
            rule="EZA-T5",
            reason=M("eza.activation.none.reason"),
        )
    if state["side"] == "house":
        pawn_out(state, seat)
        where = HOUSE_WHERE["add_zombie" if row.get("t5") else row["effect"]]
        ctx.say(M("eza.added", horde=name(state, seat), where=where), rule="EZA-T7", seat=seat)
        return
    spots = _add_spots(state, row)
    place(state, ctx, seat, where if where in spots else spots[0])


def _resume(state: State, step: Step, ctx: Ctx) -> None:
    """After the Feast: the effects still to apply go back on the card, in order, each with what
    was entered for it, and are asked again (in one form when there are several; EZA-E1: nothing
    once nobody is left)."""
    Flow.push(
        state,
        *(
            {
                "kind": "zombie_effect",
                "seat": row["seat"],
                "effect": "panic" if _kind(row) == "panic" else row["effect"],
                "part": "resumed",
                "entered": row.get("entered") or {},
                # what Sprint and Second helping gave the activation (EZA-T12) stays with it
                **(
                    {
                        "granted": {
                            # a row saved before "pack" was kept: Pack instinct as it is now
                            "extra": row["extra"] - row.get("pack", _pack(state, row["seat"])),
                            "more_bites": row["more_bites"],
                        }
                    }
                    if _kind(row) == "activation"
                    else {}
                ),
            }
            for row in step["rows"]
        ),
    )


def _group_prompt(state: State, step: Step) -> dict:
    return M("eza.prompt.activations", horde=name(state, step["seat"]), hordes=_hordes(state, step))


def _group_ask(state: State, step: Step) -> dict:
    parts = []
    for r in step["rows"]:
        kind, who = _kind(r), name(state, r["seat"])
        if kind == "add":
            parts.append(M("eza.ask.activations.add", horde=who))
        elif kind == "panic":
            parts.append(M("eza.ask.activations.panic", horde=who))
        elif kind == "mutate":
            parts.append(M("eza.ask.activations.mutate", horde=who))
        else:
            zombies = _again_zombies(state, r, None) if r.get("again") else zombies_now(state, r)
            parts.append(
                M(
                    "eza.ask.activations.row",
                    horde=who,
                    effect=describe(r["effect"]),
                    zombies=zombies,
                    count=_budget(r, zombies),
                )
            )
    return M("eza.ask.activations", rows=parts)


def _activation_prompt(state: State, step: Step) -> dict:
    return M(
        "eza.prompt.activation",
        horde=name(state, step["seat"]),
        effect=describe(step["effect"]),
        count=zombies_now(state, step),
    )


def _activation_ask(state: State, step: Step) -> dict:
    total = zombies_now(state, step)
    return M(
        "eza.ask.activation",
        effect=describe(step["effect"]),
        zombies=total,
        count=_budget(step, total),
    )


STEPS = {
    "activation_bites": lambda state, step, ctx: run_bites(state, ctx, step["seat"], step["bites"]),
    "activations_resume": _resume,
}

QUESTIONS = {
    "activation": Question(
        rule="EZA-T6",
        specs=_activation_specs,
        apply=_activation_apply,
        refuse=_activation_refuse,
        prompt=_activation_prompt,
        ask=_activation_ask,
    ),
    "activations": Question(
        rule="EZA-T6",
        specs=_group_specs,
        apply=_group_apply,
        refuse=_group_refuse,
        prompt=_group_prompt,
        ask=_group_ask,
    ),
}
