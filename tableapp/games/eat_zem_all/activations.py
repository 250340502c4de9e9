"""One Horde's activation (the Eat Zem All rulebook, "Zombie Card Effects: 1/2/3/All Zombies
benefit from N actions", "Description of Zombie Actions"; EZA-T5, T6, T7, T12 for Pack instinct,
Iron jaw, Sprint, Second helping and Lunge).

The Zombies move and stand up at the table; the Horde then enters on its own phone what the app
counts, in one control per Human and per door or window: the bites (each Human's bound its Bite
tokens left) and, in the House, the Defense cubes removed. The form carries every bound the
rules set, so a phone never sends what they refuse (the engine's count forms, ``most`` and
``groups``): a Zombie bites at most once per activation (Second helping: one of them twice), a
bite or a cube removed is an action (Iron jaw: 2 cubes per action, so its doors and windows are
counted in actions), and the Zombies have so many actions in all (Pack instinct and Sprint add
to them). When the same card activates the Horde again and how many Zombies acted decides how
many it has then (EZA-T7), the form asks that too (all of them preselected). A Horde holding
Lunge has it in the form ("not played" preselected): played first, one more bite.

A bite that takes a Human's last token starts the Feast at once (EZA-F1): the bites still to
apply wait under the Feast and resolve after it, the killing Zombie having spent its last action
on that bite. Which part of the card is asked when, and of whom, is :mod:`.parts`'.
"""

from __future__ import annotations

from typing import Any

from ...engine import Ctx, Flow, M, RuleError, choice, counts
from ...engine.messages import pack_names
from . import feast
from .effects import activation, describe
from .mutations import use_instant
from .state import State, held, holds, horde, human, human_labels, human_name, in_play, name

#: The Instant played on the holder's own activation, in its form: Lunge (one more bite).
LUNGE = "bite_at_range"


def lunge_card(state: State, seat: int) -> str | None:
    """The Lunge the Horde holds, if any."""
    mutations = state["content"]["mutations"]
    return next(
        (
            m
            for m in held(state, seat)
            if mutations[m]["kind"] == "instant" and mutations[m]["effect"] == LUNGE
        ),
        None,
    )


def per_action(state: State, seat: int) -> int:
    return 2 if holds(state, seat, "iron_jaw") else 1  # EZA-T12: Iron jaw


def granted(row: dict) -> dict:
    """What the Horde's Instants gave this activation (Sprint: actions; Second helping: a
    bite), kept with it over a Feast (a row saved by an older version kept them in ``extra``,
    Pack instinct's part apart in ``pack``)."""
    if "granted" in row:
        return row["granted"]
    extra = row.get("extra", 0) - row.get("pack", 0)
    return {"extra": extra, "more_bites": row.get("more_bites", 0)}


def pack_extra(state: State, seat: int) -> int:
    """EZA-T12: Pack instinct's extra action, to the Horde's first activation by the card."""
    return 1 if holds(state, seat, "pack_instinct") and horde(state, seat)["activated"] == 0 else 0


def plan(row: dict, zombies: int, pack: int) -> dict:
    """The activation as it stands: its Zombies, their actions each, the extra actions (Pack
    instinct, Sprint) and extra bites (Second helping)."""
    _, k = activation(row["effect"])
    given = granted(row)
    return {
        "zombies": zombies,
        "actions": k,
        "extra": pack + given["extra"],
        "more_bites": given["more_bites"],
    }


def budget(p: dict, acting: int | None = None) -> int:
    """The actions the acting Zombies have in all (the extras go to the first one)."""
    acting = p["zombies"] if acting is None else acting
    return acting * p["actions"] + (p["extra"] if acting > 0 else 0)


def bite_cap(p: dict, acting: int | None = None) -> int:
    """One bite per Zombie (one more with Second helping), each an action."""
    acting = p["zombies"] if acting is None else acting
    return min(acting + (p["more_bites"] if acting > 0 else 0), budget(p, acting))


def reach_cap(state: State, seat: int, p: dict, lunge: bool) -> int:
    """The most bites this activation could take on one Human (its Lunge one more)."""
    return bite_cap(p) + (1 if lunge and lunge_card(state, seat) else 0)


# --- the form --------------------------------------------------------------------------------


def form(
    state: State,
    seat: int,
    p: dict,
    *,
    tokens: dict[str, int],
    cubes: dict[str, int],
    entered: dict | None = None,
    acted: bool = False,
    lunge: bool = False,
) -> dict[str, dict]:
    """The activation's own params: ``actions`` (bites per Human, bounded by ``tokens``, the
    tokens this part may still take; cubes per opening, bounded by ``cubes``), ``acted`` when
    how many Zombies acted matters (EZA-T7), ``lunge`` when it holds Lunge; ``entered``: what
    the Horde sent before (kept when it is asked again).

    Long because it is one field after the other of one form, each bounded by the rules (EZA-T7,
    Lunge, the tokens and cubes left)."""
    entered = entered or {}
    total, cap = budget(p), bite_cap(p)
    humans = [h for h in in_play(state) if h in tokens]
    per = per_action(state, seat)
    bounds: dict[str, tuple[int, int]] = {h: (0, min(cap, max(tokens[h], 0))) for h in humans}
    labels: dict[str, Any] = dict(zip(humans, human_labels(state, humans), strict=True))
    board = state["content"]["board"].get("openings", {})
    openings = [o for o, n in cubes.items() if n > 0]
    for o in openings:
        # Iron jaw: 2 cubes per action, its doors and windows counted in actions
        bounds[o] = (0, min(total, -(-cubes[o] // per)))
        labels[o] = M(
            "eza.part.cubes_iron_jaw" if per == 2 else "eza.part.cubes",
            opening=pack_names(board[o]),
            count=cubes[o],
        )
    groups = []
    if cap < min(total, sum(bounds[h][1] for h in humans)):
        groups.append((humans, cap, M("eza.reason.bites", count=cap)))  # EZA-T6
    before = entered.get("actions") if isinstance(entered.get("actions"), dict) else {}
    values = fit({k: _number(before.get(k)) or 0 for k in bounds}, bounds, total, groups)
    params: dict[str, dict] = {}
    if bounds:
        params["actions"] = counts(
            bounds,
            labels=labels,
            values=values,
            most=total,
            reason=M("eza.reason.actions", count=total),
            groups=groups,
        )
    if lunge and humans and lunge_card(state, seat):
        # EZA-T12: its Lunge, if it plays it on this activation ("not played" preselected)
        kept = entered.get("lunge", "none")
        params["lunge"] = choice(
            ["none", *humans],
            [M("eza.lunge.none"), *human_labels(state, humans)],
            value=kept if kept in humans else "none",
        )
    if acted:
        # a pick (all of them preselected), not a number: the button's {n} counts the actions
        options = list(range(p["zombies"], -1, -1))
        kept = entered.get("acted")
        params["acted"] = choice(
            options,
            [M("eza.acted", count=n) for n in options],
            value=kept if kept in options else p["zombies"],
        )
    return params


def fit(values: dict, bounds: dict, most: int, groups: list) -> dict:
    """Values within each key's bounds, the ``most`` in all and each group's (the later keys
    trimmed first): a preselection the phone may send as it is."""
    out = {k: max(lo, min(hi, values.get(k, lo))) for k, (lo, hi) in bounds.items()}
    for keys, high, _ in [*groups, (list(bounds), most, None)]:
        over = sum(out[k] for k in keys) - high
        for k in reversed(keys):
            cut = min(max(over, 0), out[k] - bounds[k][0])
            out[k] -= cut
            over -= cut
    return out


def _number(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def split(state: State, seat: int, params: dict) -> tuple[dict[str, int], dict[str, int]]:
    """(bites per Human, cubes per opening) of an answer (Iron jaw: each action 2 cubes)."""
    entered = params.get("actions") if isinstance(params.get("actions"), dict) else {}
    openings = state["content"]["board"].get("openings", {})
    per = per_action(state, seat)
    bites = {k: n for k, n in entered.items() if k not in openings and _number(n)}
    cubes = {k: n * per for k, n in entered.items() if k in openings and _number(n)}
    return bites, cubes


def _spent(state: State, seat: int, params: dict) -> tuple[int, int]:
    """(bites, actions) an answer holds: a bite is an action, each cube removal one (Iron jaw:
    2 cubes per action)."""
    entered = params.get("actions") if isinstance(params.get("actions"), dict) else {}
    bites, _ = split(state, seat, params)
    bitten = sum(n for n in bites.values() if n > 0)
    return bitten, sum(n for n in entered.values() if _number(n) and n > 0)


def acting(state: State, seat: int, p: dict, params: dict) -> int:
    """How many Zombies acted: the count entered, and at least those the bites and the cube
    removals need (a Zombie that bit acted); all of them when the form does not ask."""
    entered = _number(params.get("acted"))
    if entered is None or not 0 <= entered <= p["zombies"]:
        return p["zombies"]
    bites, actions = _spent(state, seat, params)
    needed = next(
        (m for m in range(p["zombies"] + 1) if bites <= bite_cap(p, m) and actions <= budget(p, m)),
        p["zombies"],
    )
    return max(entered, needed)


def refuse(state: State, seat: int, p: dict, params: dict) -> RuleError | None:
    """The whole activation against the rules, each refusal naming its rule (a safety net: the
    form's bounds already keep to them)."""
    bites, _ = split(state, seat, params)
    for hid, n in bites.items():
        if hid not in in_play(state):
            return RuleError("not_in_play", "EZA-E2", M("eza.refuse.not_in_play"))
        if n > human(state, hid)["tokens"]:
            tokens = human(state, hid)["tokens"]
            return RuleError(
                "no_tokens_left",
                "EZA-T6",
                M("eza.refuse.bites_tokens", human=human_name(state, hid), count=tokens),
            )
    bitten, actions = _spent(state, seat, params)
    if bitten > bite_cap(p):
        return RuleError(
            "already_bit",
            "EZA-T6",
            M("eza.refuse.bites_per_zombie", zombies=p["zombies"], count=bite_cap(p)),
        )
    if actions > budget(p):
        return RuleError(
            "too_many_actions",
            "EZA-T6",
            M("eza.refuse.activation_actions", zombies=p["zombies"], count=budget(p)),
        )
    return None


# --- applying it ---------------------------------------------------------------------------


def apply(state: State, ctx: Ctx, seat: int, p: dict, params: dict) -> None:
    """The activation's counts, in the order of the table: the cubes, then the bites (a last
    token starts the Feast, the bites after it wait under it)."""
    n = acting(state, seat, p, params)
    horde(state, seat)["activated"] += n  # EZA-T7: activated once per card
    who = name(state, seat)
    board = state["content"]["board"].get("openings", {})
    bites, cubes = split(state, seat, params)
    for opening, entered in cubes.items():
        # an earlier part asked at the same time may have taken them: what is left goes
        taken = min(entered, state["defenses"][opening])
        if taken > 0:
            state["defenses"][opening] -= taken
            state["defense_box"] += taken
            where = pack_names(board[opening])
            ctx.say(
                M("eza.defense.removed", horde=who, count=taken, opening=where), opening=opening
            )
        if entered > taken and entered - taken >= per_action(state, seat):
            ctx.say(
                M("eza.defense.gone", horde=who, count=taken, opening=pack_names(board[opening])),
                rule="EZA-T6",
            )
    order = [hid for hid in in_play(state) for _ in range(bites.get(hid, 0))]
    if not order and not any(cubes.values()):
        ctx.say(M("eza.activation.at_table", horde=who, count=n), seat=seat)
    run_bites(state, ctx, seat, order)


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


def lunge(state: State, ctx: Ctx, seat: int, target: str | None) -> None:
    """The Horde plays its Lunge on its activation (EZA-T12): the card is discarded, one of its
    Zombies bites the Human at 2 cells; the last token starts the Feast at once."""
    card = lunge_card(state, seat)
    if card is None or target not in in_play(state):
        return
    use_instant(state, ctx, seat, card)
    if feast.bite(state, ctx, seat, target):
        feast.start_feast(state, ctx, target, seat)


def describe_part(row: dict, p: dict) -> dict:
    """The activation read aloud: "2 Zombies benefit from 3 actions each (2 Zombies, 6
    actions in all)"."""
    return M(
        "eza.part.activation",
        effect=describe(row["effect"]),
        zombies=p["zombies"],
        count=budget(p),
    )


STEPS = {
    "activation_bites": lambda state, step, ctx: run_bites(state, ctx, step["seat"], step["bites"]),
}
