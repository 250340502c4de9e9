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
each moves and stands up its Zombies, bites, removes cubes. Nothing of that needs an answer
between two Hordes — unless a bite takes a Human's last token (EZA-T6: the Feast, at once). So
when the card activates several Hordes in a row (the next steps are activations of Hordes not in
the form yet), their activations are *one* form, recorded by the active Horde's phone (EZA-T12;
it already counts the Feasts and the reach for everyone): a part per Horde in resolution order
(``bites_<seat>``, ``cubes_<seat>``, ``acted_<seat>``), each checked against that Horde's own
Zombies, actions and Mutations (Pack instinct, Iron jaw; Sprint and Second helping are offered to
their holders while the form is open and add to their own part only). The parts are applied in
order; the first part whose bites, with those of the parts before it, take a Human's last token
is the last one applied: its Feast comes before the next Horde's Zombies act, and the parts after
it are asked again after the Feast, what was entered for them kept as the form's values (the
phone greys them out and says "Feast now" as soon as the entered bites take the last token, so a
table that follows the phone never sends them). Bites or cubes a part enters beyond what the
parts before it left (a Human's tokens, an opening's cubes) cannot be taken: the log says so.
The run ends before anything else (a bonus, an addition), a Horde already in the form, a Horde
with no Zombie to activate (EZA-T5: it adds one, maybe asked where) and a Horde holding Lunge
(its Instant bites at once, at its own activation: it answers its own form, at its moment).
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, Question, RuleError, action, choice, counts
from ...engine.messages import pack_names
from . import feast
from .effects import activation, describe
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
)


def start_activation(state: State, ctx: Ctx, seat: int, effect: str) -> None:
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
    rows = [_row(state, seat, effect), *_gather(state, ctx, seat)]
    if len(rows) == 1:
        Flow.push(state, {"kind": "activation", **rows[0]})
    else:
        Flow.push(state, {"kind": "activations", "seat": state["active"], "rows": rows})


def _row(state: State, seat: int, effect: str) -> Step:
    """One Horde's activation: its Zombies, their actions, the extras its Mutations give."""
    n, k = activation(effect)
    available = activatable(state, seat)
    zombies = available if n is None else min(n, available)
    extra = 1 if holds(state, seat, "pack_instinct") and horde(state, seat)["activated"] == 0 else 0
    return {
        "seat": seat,
        "zombies": zombies,
        "actions": k,
        "extra": extra,  # EZA-T12: Pack instinct, Sprint
        "more_bites": 0,  # EZA-T12: Second helping
        "effect": effect,
    }


#: The Instant whose moment is its holder's own activation and that acts at once (EZA-T12:
#: Lunge bites, maybe a Feast, before the next Horde's Zombies act): a Horde holding one is
#: never a later part of a shared form. Sprint and Second helping only add to the budget of the
#: holder's own part: offered while the shared form is open.
ACTIVATION_INSTANTS = ("bite_at_range",)


def _instant_at_activation(state: State, seat: int) -> bool:
    mutations = state["content"]["mutations"]
    return any(
        mutations[m]["kind"] == "instant" and mutations[m]["effect"] in ACTIVATION_INSTANTS
        for m in held(state, seat)
    )


def _gather(state: State, ctx: Ctx, first: int) -> list[Step]:
    """The activations of other Hordes that come right after this one by the same card (EZA-T1
    order, typically the other Hordes' main effect): taken off the stack into the same form.
    The run stops at anything else (a bonus, an addition), at a Horde already in the form, at
    a Horde with no Zombie left to activate (EZA-T5 adds one instead, asked where), and at a
    Horde holding Lunge (asked its own form, at its moment)."""
    rows: list[Step] = []
    seats = {first}
    steps = state["steps"]
    while not nobody_left(state):
        i = len(steps) - 1
        while i >= 0 and steps[i]["kind"] == "horde_applies":
            i -= 1
        nxt = steps[i] if i >= 0 else None
        if (
            nxt is None
            or nxt["kind"] != "zombie_effect"
            or not str(nxt.get("effect", "")).startswith("activate:")
            or nxt["seat"] in seats
            or activatable(state, nxt["seat"]) == 0
            or _instant_at_activation(state, nxt["seat"])
        ):
            break
        for applies in reversed(steps[i + 1 :]):  # EZA-T1: still said, in order
            who = name(state, applies["seat"])
            said = (
                M("eza.applies.both", horde=who)
                if "bonus" in applies["parts"]
                else M("eza.applies.main", horde=who)
            )
            ctx.say(said, rule="EZA-T1", seat=applies["seat"])
        del steps[i:]
        rows.append(_row(state, nxt["seat"], nxt["effect"]))
        seats.add(nxt["seat"])
    return rows


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
    Zombies acted matters, and the form asks it."""
    return any(
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
    params: dict[str, dict] = {}
    humans = in_play(state)
    if humans:
        bounds = {h: (0, min(cap, human(state, h)["tokens"])) for h in humans}
        before = entered.get("bites") or {}
        params["bites"] = counts(
            bounds,
            labels=dict(zip(humans, human_labels(state, humans), strict=True)),
            values={h: _clamp(before.get(h), bounds[h][1]) for h in humans},
            most=cap,
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
            most=max(0, _budget(step, total) - cap),
        )
    if _asks_zombies(state, step):
        # a pick (all of them preselected), not a number: the button's {n} counts what is recorded
        acted = list(range(total, -1, -1))
        params["acted"] = {
            **choice(acted, [M("eza.acted", count=n) for n in acted]),
            "value": total,
        }
    return params


def _clamp(value, high: int) -> int:
    return max(0, min(high, value)) if _number(value) is not None else 0


def _activation_specs(state: State, step: Step, seat: int) -> list[dict]:
    iron = _per_action(state, seat) == 2
    params = _form_params(state, step)
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


def _activation_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
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


def _key(part: str, seat: int) -> str:
    return f"{part}_{seat}"


def _row_params(params: dict, seat: int) -> dict:
    """One Horde's part of the shared form, as its own form would hold it."""
    out = {}
    for part in ("bites", "cubes", "acted"):
        if _key(part, seat) in params:
            out[part] = params[_key(part, seat)]
    return out


def _group_specs(state: State, step: Step, seat: int) -> list[dict]:
    params: dict[str, dict] = {}
    for row in step["rows"]:
        for part, param in _form_params(state, row, row.get("entered")).items():
            params[_key(part, row["seat"])] = param
    return [
        action(
            "activate_hordes",
            M("eza.action.activate_hordes", hordes=[name(state, r["seat"]) for r in step["rows"]]),
            submit=M("eza.submit.activate", n="{n}"),
            **params,
        )
    ]


def _group_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    """Each Horde's part against its own Zombies' bites and actions (EZA-T6), naming the Horde."""
    if act["type"] != "activate_hordes":
        return None
    for row in step["rows"]:
        part = {"type": "activate", "params": _row_params(act["params"], row["seat"])}
        refusal = _activation_refuse(state, row, row["seat"], part)
        if refusal is not None:
            message = M("eza.refuse.row", horde=name(state, row["seat"]), why=refusal.message)
            return RuleError(refusal.code, refusal.rule, message)
    return None


def _feast_row(state: State, step: Step, params: dict) -> int | None:
    """The first row whose bites take a Human's last token (EZA-T6: its Feast comes before the
    next Horde's Zombies act), counting the bites of the rows before it."""
    left = {h: human(state, h)["tokens"] for h in in_play(state)}
    for i, row in enumerate(step["rows"]):
        bites = _row_params(params, row["seat"]).get("bites") or {}
        for hid, n in bites.items():
            if _number(n) and n > 0 and hid in left:
                left[hid] -= n
        if any(n <= 0 for n in left.values()):
            return i
    return None


def _group_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    """The rows in order. A row whose bites take a Human's last token is the last one applied:
    its Feast comes at once (EZA-T6) and the Hordes after it are asked again after the Feast,
    what was entered for them kept as the form's values."""
    params = act["params"]
    rows = step["rows"]
    stop = _feast_row(state, step, params)
    if stop is not None and stop + 1 < len(rows):
        later = [{**row, "entered": _row_params(params, row["seat"])} for row in rows[stop + 1 :]]
        ctx.say(
            M("eza.activations.after_feast", hordes=[name(state, r["seat"]) for r in later]),
            rule="EZA-T6",
            reason=M("eza.activations.after_feast.reason"),
        )
        Flow.push(state, {"kind": "activations_resume", "rows": later})
    for row in rows if stop is None else rows[: stop + 1]:
        part = {"type": "activate", "params": _row_params(params, row["seat"])}
        _activation_apply(state, row, row["seat"], part, ctx)


def _resume(state: State, step: Step, ctx: Ctx) -> None:
    """After the Feast: the Hordes still to act are asked, in order (EZA-E1: nothing once nobody
    is left). A Horde left with no Zombie to activate (a correction meanwhile) goes back to its
    card effect: it adds one instead (EZA-T5)."""
    steps: list[Step] = []
    for row in step["rows"]:
        if zombies_now(state, row) == 0:
            effect = {"kind": "zombie_effect", "seat": row["seat"], "effect": row["effect"]}
            steps.append({**effect, "part": "resumed"})
        elif nobody_left(state):
            who, what = name(state, row["seat"]), describe(row["effect"])
            ctx.say(M("eza.effect.skipped", horde=who, effect=what))
        elif steps and steps[-1]["kind"] == "activations":
            steps[-1]["rows"].append(row)
        else:
            steps.append({"kind": "activations", "seat": state["active"], "rows": [row]})
    Flow.push(state, *steps)


def _group_prompt(state: State, step: Step) -> dict:
    return M(
        "eza.prompt.activations",
        horde=name(state, step["seat"]),
        hordes=[name(state, r["seat"]) for r in step["rows"]],
    )


def _group_ask(state: State, step: Step) -> dict:
    parts = [
        M(
            "eza.ask.activations.row",
            horde=name(state, r["seat"]),
            effect=describe(r["effect"]),
            zombies=zombies_now(state, r),
            count=_budget(r, zombies_now(state, r)),
        )
        for r in step["rows"]
    ]
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
