"""Zombie activations (the Eat Zem All rulebook, "Zombie Card Effects: 1/2/3/All Zombies benefit
from N actions", "Description of Zombie Actions"; EZA-T5, T6, T7, T12 for Pack instinct, Iron jaw).

Activations go Zombie by Zombie: the app records only what it counts — a bite (EZA-T6: once per
activation; the last token ends the Zombie and starts the Feast), a Defense cube removed — and
one "next Zombie" when a Zombie's moves and stand-ups are done at the table; once nothing is
left that the app records (it has bitten, and no cube can be removed), it goes on by itself.
A Horde with no Zombie left to activate adds one instead (EZA-T5); Zombies added by the current
card cannot be activated by it, and each Zombie is activated at most once per card (EZA-T7).
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, Question, RuleError, action, choice
from ...engine.messages import pack_names
from . import feast
from .effects import activation, describe
from .state import (
    State,
    Step,
    activatable,
    holds,
    horde,
    human_labels,
    human_name,
    in_play,
    name,
)


def start_activation(state: State, ctx: Ctx, seat: int, effect: str) -> None:
    n, k = activation(effect)
    available = activatable(state, seat)
    if available == 0:  # EZA-T5
        ctx.say(
            M("eza.activation.none", horde=name(state, seat)),
            rule="EZA-T5",
            reason=M("eza.activation.none.reason"),
        )
        Flow.push(
            state, {"kind": "zombie_effect", "seat": seat, "effect": "add_zombie", "part": "t5"}
        )
        return
    zombies = available if n is None else min(n, available)
    extra = 1 if holds(state, seat, "pack_instinct") and horde(state, seat)["activated"] == 0 else 0
    Flow.push(
        state,
        {
            "kind": "activation",
            "seat": seat,
            "zombies": zombies,
            "total": zombies,
            "actions": k,
            "extra": extra,  # EZA-T12: Pack instinct, Sprint
            "used": 0,
            "bit": False,
            "effect": effect,
        },
    )


def _activation_specs(state: State, step: Step, seat: int) -> list[dict]:
    specs = []
    humans = in_play(state)
    if humans and not step["bit"]:  # EZA-T6: one bite per activation
        specs.append(
            action("bite", M("eza.action.bite"), human=choice(humans, human_labels(state, humans)))
        )
    if state["side"] == "house":
        openings = [o for o, cubes in state["defenses"].items() if cubes > 0]
        if openings:
            iron = bool(holds(state, seat, "iron_jaw"))
            names = [pack_names(state["content"]["board"]["openings"][o]) for o in openings]
            specs.append(
                action(
                    "remove_defense",
                    M("eza.action.remove_defense_two" if iron else "eza.action.remove_defense"),
                    opening=choice(openings, names),
                )
            )
    last = step["zombies"] <= 1
    specs.append(
        action("next_zombie", M("eza.action.last_zombie" if last else "eza.action.next_zombie"))
    )
    if not last:
        specs.append(
            action(
                "end_activation",
                M("eza.action.end_activation"),
                confirm=M("eza.confirm.end_activation"),  # skips the other Zombies
            )
        )
    return specs


def _activation_refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    if act["type"] == "bite" and step["bit"]:
        return RuleError("already_bit", "EZA-T6", M("eza.refuse.already_bit"))
    if act["type"] == "bite" and act["params"].get("human") not in in_play(state):
        return RuleError("not_in_play", "EZA-E2", M("eza.refuse.not_in_play"))
    return None


def _activation_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    kind = act["type"]
    who = name(state, seat)
    if kind == "end_activation":
        if step["used"] > 0:
            horde(state, seat)["activated"] += 1
        ctx.say(M("eza.activation.stopped", horde=who), seat=seat)
        return
    if kind == "next_zombie":
        horde(state, seat)["activated"] += 1 if step["used"] == 0 else 0
        _next_zombie(state, step)
        return
    if step["used"] == 0:
        horde(state, seat)["activated"] += 1  # EZA-T7: activated once per card
    step["used"] += 1
    if kind == "bite":
        hid = act["params"]["human"]
        step["bit"] = True
        if feast.bite(state, ctx, seat, hid):
            ctx.say(M("eza.bite.last", horde=who, human=human_name(state, hid)), rule="EZA-T6")
            _next_zombie(state, step)
            feast.start_feast(state, ctx, hid, seat)
            return
    else:
        opening = act["params"]["opening"]
        n = min(2 if holds(state, seat, "iron_jaw") else 1, state["defenses"][opening])
        state["defenses"][opening] -= n
        state["defense_box"] += n
        ctx.say(
            M(
                "eza.defense.removed",
                horde=who,
                count=n,
                opening=pack_names(state["content"]["board"]["openings"][opening]),
            ),
            opening=opening,
        )
    if step["used"] >= step["actions"] + step["extra"] or not _left_to_record(state, step):
        _next_zombie(state, step)
    else:
        Flow.push(state, step)


def _left_to_record(state: State, step: Step) -> bool:
    """Whether this Zombie may still do something the app records: a bite (one per activation,
    or a second with Second helping in hand) or a Defense cube to remove. If not, its other
    actions are moves and stand-ups at the table: on to the next Zombie without a tap."""
    if not step["bit"] or holds(state, step["seat"], "second_bite"):
        return True
    return state["side"] == "house" and any(state["defenses"].values())


def _next_zombie(state: State, step: Step) -> None:
    step.update(zombies=step["zombies"] - 1, used=0, bit=False, extra=0)
    if step["zombies"] > 0 and activatable(state, step["seat"]) > 0:
        Flow.push(state, step)


def _activation_prompt(state: State, step: Step) -> dict:
    return M(
        "eza.prompt.activation",
        horde=name(state, step["seat"]),
        effect=describe(step["effect"]),
        n=step["total"] - step["zombies"] + 1,
        total=step["total"],
    )


def _activation_ask(state: State, step: Step) -> dict:
    return M(
        "eza.ask.activation",
        effect=describe(step["effect"]),
        n=step["total"] - step["zombies"] + 1,
        total=step["total"],
        count=step["actions"] + step["extra"] - step["used"],
    )


QUESTIONS = {
    "activation": Question(
        rule="EZA-T6",
        specs=_activation_specs,
        apply=_activation_apply,
        refuse=_activation_refuse,
        prompt=_activation_prompt,
        ask=_activation_ask,
    ),
}
