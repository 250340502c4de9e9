"""Corrections (the table is the truth): the public, logged, undoable ``correct`` action the
engine offers for the counts a game declares correctable (``Definition.corrections`` and
``correct``). Every count of a group the table sets is set, each change logged with who made
it and why, even when one ends the game; then the game's ``recheck`` looks again at what it
waits on (:meth:`~tableapp.engine.definition.Game.apply`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import RuleError
from .flow import Ctx
from .game import action, choice, counts
from .messages import M, seat_ref

State = dict[str, Any]

#: Why a count is corrected: the phone offers these.
CORRECTION_REASONS = {
    "card": M("engine.why.card"),
    "miscount": M("engine.why.miscount"),
    "knocked": M("engine.why.knocked"),
    "other": M("engine.why.other"),
}


def correction_specs(definition: Any, known: State) -> list[dict]:
    """The ``correct`` actions a seat (or the host) is offered: one per group of counts the game
    declares correctable (``corrections``), each param labelled, with why it is corrected."""
    groups = definition.corrections(known)
    specs = []
    for group, spec in groups.items():
        keys = spec["counts"]
        # Each param names itself (a form's legends): no screen code needed to ask them.
        params: dict[str, dict] = {
            "group": {**choice([group], [spec["label"]]), "label": M("engine.param.group")}
        }
        picked = _picked(keys)
        if picked is not None:  # one value from a list (a pawn's place), not a count
            entry = keys[picked]
            params["value"] = {
                **choice(entry["choices"], entry.get("labels")),
                "value": entry["value"],
                "label": M("engine.param.value"),
            }
        else:
            params["counts"] = {
                **counts(
                    {k: (c["min"], c["max"]) for k, c in keys.items()},
                    labels={k: c["label"] for k, c in keys.items()},
                    values={k: c["value"] for k, c in keys.items()},
                ),
                "label": M("engine.param.counts"),
            }
        params["why"] = {
            **choice(list(CORRECTION_REASONS), list(CORRECTION_REASONS.values())),
            "label": M("engine.param.why"),
        }
        specs.append(action("correct", M("engine.correct", what=spec["label"]), **params))
    return specs


def apply_correction(definition: Any, state: State, seat: int, act: dict, ctx: Ctx) -> None:
    """A correction: every count (or the one value) that differs from the app's is set,
    each change logged publicly with who made it and why."""
    d = definition
    params = act["params"]  # checked (:meth:`~tableapp.engine.definition.Game.check`)
    group = params["group"]
    declared = d.corrections(state)[group]
    picked = _picked(declared["counts"])
    if picked is not None:
        wanted = {picked: params["value"]}
    else:
        wanted = params["counts"]
    changes = [
        (key, spec, wanted[key])
        for key, spec in declared["counts"].items()
        if wanted[key] != spec["value"]
    ]
    if not changes:
        raise RuleError("nothing_corrected", None, M("engine.nothing_corrected"))
    for key, spec, value in changes:
        # A count that follows another of the group (a pawn moved from the reserve to the
        # board) may already be right: only what still differs is set and logged. An
        # earlier change may have ended the game (no count is correctable then) or taken the
        # group away: the rest of what the table said is still set, from the app's count.
        now = d.corrections(state).get(group, declared)["counts"].get(key, spec)
        before = now["value"]
        if before == value:
            continue
        d.correct(state, group, key, value, ctx)
        ctx.say(
            M(
                "engine.corrected",
                seat=seat_ref(seat),
                what=spec["label"],
                before=_shown(spec, before),
                after=_shown(spec, value),
                why=CORRECTION_REASONS[params["why"]],
            ),
            correction={"group": group, "key": key, "before": before, "after": value},
        )


def _picked(keys: Mapping[str, dict]) -> str | None:
    """The key of a correction that picks a value from ``choices`` (a group holds one such)."""
    picked = [k for k, c in keys.items() if "choices" in c]
    if picked and len(keys) != 1:
        raise ValueError("a correction picking from choices stands alone in its group")
    return picked[0] if picked else None


def _shown(spec: dict, value: Any) -> Any:
    """A corrected value as players read it: its label when the entry lists choices."""
    if "choices" in spec and spec.get("labels"):
        return spec["labels"][spec["choices"].index(value)]
    return value


__all__ = ["CORRECTION_REASONS", "apply_correction", "correction_specs"]
