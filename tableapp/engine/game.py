"""The Game protocol and the action parameter specs every game declares.

An ActionSpec is ``{"type", "label", "params"}`` where every param is one of:

- ``{"choices": [v, ...]}``: pick one value;
- ``{"choices": [...], "multiple": True, "min": a, "max": b}``: pick a subset;
- ``{"min": a, "max": b}``: an integer;
- ``{"counts": {"key": {"min": a, "max": b}, ...}}``: an object of integers.

What the phone needs to bound its controls and to preselect rides along (optional keys):
``value`` (the preselected value of a pick-one, an integer or a count's key); on counts,
``most`` / ``least`` (the sum of all keys at most / at least that) and ``reason`` (a message
naming the rule, shown beside the rows while a total binds), ``groups`` (``[{"keys", "most",
"reason"}]``: the sum of some of the keys at most that, for a bound on part of a form: a
Zombie's actions bite or remove cubes, but it bites once), and on a key its own ``reason``
(why its bounds are what they are); ``destructive`` on a pick-one lists the values that throw
something away (never preselected, never the largest button), and on an ActionSpec marks the
whole action so. A phone applies every bound live, so the rules' refusal stays a safety net.

Anything listed is legal; :func:`validate_params` refuses the rest before a game sees it, so
phones, bots and tests can play any game from ``legal_actions`` alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import RuleError
from .messages import M, action_ref

#: The actor id of the host (table screen) when it takes a game action, e.g. a tie-break.
HOST = 0


def _labelled(spec: dict, labels: Sequence | None) -> dict:
    if labels is not None:
        labels = list(labels)
        if len(labels) != len(spec["choices"]):
            raise ValueError("one label per choice")
        spec["labels"] = labels
    return spec


def choice(
    values: Sequence,
    labels: Sequence | None = None,
    *,
    value: Any = None,
    destructive: Sequence = (),
) -> dict:
    """Pick one value; ``labels`` (messages, one per value) are what the phone shows, ``value``
    the one preselected, ``destructive`` the values that throw something away (a discard, a
    skip): the phone never preselects them nor makes them the largest button."""
    spec = _labelled({"choices": list(values)}, labels)
    if value is not None:
        if not _listed(value, spec["choices"]) or _listed(value, list(destructive)):
            raise ValueError("the preselected value is a listed, non-destructive choice")
        spec["value"] = value
    if destructive:
        if not all(_listed(v, spec["choices"]) for v in destructive):
            raise ValueError("destructive values are listed choices")
        spec["destructive"] = list(destructive)
    return spec


def subset(values: Sequence, low: int, high: int, labels: Sequence | None = None) -> dict:
    return _labelled({"choices": list(values), "multiple": True, "min": low, "max": high}, labels)


def integer(low: int, high: int, value: int | None = None) -> dict:
    spec = {"min": low, "max": high}
    if value is not None:
        spec["value"] = value
    return spec


def counts(
    bounds: dict[str, tuple[int, int]],
    labels: dict[str, Any] | None = None,
    values: dict[str, int] | None = None,
    most: int | None = None,
    *,
    least: int | None = None,
    reason: Any = None,
    reasons: dict[str, Any] | None = None,
    groups: Sequence[tuple[Sequence[str], int, Any]] = (),
) -> dict:
    """An object of integers; ``labels`` name each key, ``values`` are the preselected ones
    (the phone's controls start there). ``most`` / ``least``: the sum of all keys at most /
    at least that (one wound per attacking Zombie); ``reason`` says why (a message naming the
    rule), ``reasons`` why a key's own bounds are what they are. ``groups``: ``(keys, most,
    reason)``, the sum of those keys at most ``most`` (what a total over part of the form
    allows: of a Zombie's actions, only one may be a bite). The phone bounds each key live by
    what the others leave (in all and in each of its groups); random playouts keep to them,
    and the game's rules refuse the rest, naming the rule."""
    out = {}
    for key, (lo, hi) in bounds.items():
        out[key] = {"min": lo, "max": hi}
        if labels and key in labels:
            out[key]["label"] = labels[key]
        if values and key in values:
            out[key]["value"] = values[key]
        if reasons and key in reasons:
            out[key]["reason"] = reasons[key]
    spec: dict[str, Any] = {"counts": out}
    if most is not None:
        spec["most"] = most
    if least is not None:
        spec["least"] = least
    if reason is not None:
        spec["reason"] = reason
    if groups:
        for keys, _, _ in groups:
            if not set(keys) <= set(out):
                raise ValueError("a group's keys are keys of the form")
        spec["groups"] = [
            {"keys": list(keys), "most": high, **({"reason": why} if why is not None else {})}
            for keys, high, why in groups
        ]
    return spec


def action(
    type_: str,
    label: Any,
    *,
    submit: Any = None,
    confirm: Any = None,
    destructive: bool = False,
    **params: dict,
) -> dict:
    """An ActionSpec; ``label`` is a message (``M(...)``) naming the action, ``submit`` (when
    the action is a form) what its button does ("Confirm the Zombies"), ``confirm`` a question
    the phone asks before an action that throws something away or skips ("Pass and hide until
    the round ends?"); so no param may be called ``submit`` or ``confirm``. A param's spec may
    carry its own ``label`` (a message): how a form with several questions names it.
    ``destructive``: the action throws something away (a discard): the phone shows it as a
    small button apart, never the easy tap."""
    spec = {"type": type_, "label": label, "params": params}
    if destructive:
        spec["destructive"] = True
    if submit is not None:
        spec["submit"] = submit
    if confirm is not None:
        spec["confirm"] = confirm
    return spec


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same type: ``True`` is not ``1``, ``1.0`` is not ``1``."""
    return type(a) is type(b) and a == b


def _listed(value: Any, choices: list) -> bool:
    return any(_same(value, c) for c in choices)


def _check_param(name: str, spec: dict, value: Any, label: Any) -> None:
    """One param against its spec. The refusal names the action as its button does (``label``;
    a count by its own label), never the param's id, which stays in ``args`` for clients."""

    def bad(message: dict) -> RuleError:
        return RuleError("illegal_params", None, message)

    if "counts" in spec:
        if not isinstance(value, dict) or set(value) != set(spec["counts"]):
            keys = sorted(spec["counts"])
            raise bad(M("engine.param.keys", action=label, param=name, keys=keys))
        for key, bounds in spec["counts"].items():
            v = value[key]
            if not _is_int(v) or not bounds["min"] <= v <= bounds["max"]:
                raise bad(
                    M(
                        "engine.param.count",
                        action=label,
                        param=name,
                        key=key,
                        what=bounds.get("label", label),
                        min=bounds["min"],
                        max=bounds["max"],
                    )
                )
    elif spec.get("multiple"):
        if not isinstance(value, list):
            raise bad(M("engine.param.list", action=label, param=name))
        distinct = all(not _same(a, b) for i, a in enumerate(value) for b in value[i + 1 :])
        if not all(_listed(v, spec["choices"]) for v in value) or not distinct:
            raise bad(M("engine.param.distinct", action=label, param=name))
        if not spec["min"] <= len(value) <= spec["max"]:
            low, high = spec["min"], spec["max"]
            raise bad(M("engine.param.size", action=label, param=name, min=low, max=high))
    elif "choices" in spec:
        if not _listed(value, spec["choices"]):
            raise bad(M("engine.param.not_listed", action=label, param=name))
    else:
        if not _is_int(value) or not spec["min"] <= value <= spec["max"]:
            low, high = spec["min"], spec["max"]
            raise bad(M("engine.param.integer", action=label, param=name, min=low, max=high))


def validate_params(specs: list[dict], action_type: str, params: Any) -> dict:
    """Check ``params`` against the legal ActionSpec of ``action_type``; return them.

    Raises ``RuleError("action_not_available")`` when no spec of that type is legal now and
    ``RuleError("illegal_params")`` when a value is not one the spec lists.
    """
    matching = [s for s in specs if s["type"] == action_type]
    if not matching:
        raise RuleError(
            "action_not_available",
            None,
            M("engine.action_not_available", type=action_type, action=action_ref(action_type)),
        )
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise RuleError("illegal_params", None, M("engine.param.not_object"))
    last_error: RuleError | None = None
    for spec in matching:
        try:
            unknown = set(params) - set(spec["params"])
            label = spec.get("label")
            if unknown:
                raise RuleError(
                    "illegal_params",
                    None,
                    M("engine.param.unknown", action=label, names=sorted(unknown)),
                )
            for name, param in spec["params"].items():
                if name not in params:
                    raise RuleError(
                        "illegal_params",
                        None,
                        M("engine.param.required", action=label, param=name),
                    )
                _check_param(name, param, params[name], label)
            return params
        except RuleError as error:
            last_error = error
    assert last_error is not None
    raise last_error


class Options(dict):
    """A game's option declarations, with an optional ``check(options) -> RuleError | None``
    for what no single option can say (three counts that must add up to 11)."""

    def __init__(self, declared: dict[str, dict], check: Any = None) -> None:
        super().__init__(declared)
        self.check = check


def validate_options(declared: dict[str, dict], options: Any) -> dict:
    """Options with defaults filled in; RuleError("illegal_options") for anything undeclared
    or out of range, or that the declarations' ``check`` refuses (see :class:`Options`).
    Declarations: ``{"type": "bool"|"int"|"choice", "default", ...}``."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RuleError("illegal_options", None, M("engine.options.not_object"))
    unknown = set(options) - set(declared)
    if unknown:
        raise RuleError("illegal_options", None, M("engine.options.unknown", names=sorted(unknown)))
    out = {}
    for name, decl in declared.items():
        value = options.get(name, decl["default"])
        kind = decl["type"]
        ok = (
            (kind == "bool" and isinstance(value, bool))
            or (kind == "int" and _is_int(value) and decl["min"] <= value <= decl["max"])
            or (kind == "choice" and _listed(value, decl["choices"]))
        )
        if not ok:
            label = decl.get("label", name)  # as the form shows it
            raise RuleError("illegal_options", None, M("engine.options.illegal", option=label))
        out[name] = value
    check = getattr(declared, "check", None)
    refusal = check(out) if check is not None else None
    if refusal is not None:
        raise refusal
    return out
