"""The Game protocol and the action parameter specs every game declares.

An ActionSpec is ``{"type", "label", "params"}`` where every param is one of:

- ``{"choices": [v, ...]}``: pick one value;
- ``{"choices": [...], "multiple": True, "min": a, "max": b}``: pick a subset;
- ``{"min": a, "max": b}``: an integer;
- ``{"counts": {"key": {"min": a, "max": b}, ...}}``: an object of integers.

Anything listed is legal; :func:`validate_params` refuses the rest before a game sees it, so
phones, bots and tests can play any game from ``legal_actions`` alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .errors import RuleError
from .rng import Rng

#: The actor id of the host (table screen) when it takes a game action, e.g. a tie-break.
HOST = 0

State = dict[str, Any]
Event = dict[str, Any]


def choice(values: Sequence) -> dict:
    return {"choices": list(values)}


def subset(values: Sequence, low: int, high: int) -> dict:
    return {"choices": list(values), "multiple": True, "min": low, "max": high}


def integer(low: int, high: int) -> dict:
    return {"min": low, "max": high}


def counts(bounds: dict[str, tuple[int, int]]) -> dict:
    return {"counts": {key: {"min": lo, "max": hi} for key, (lo, hi) in bounds.items()}}


def action(type_: str, label: str, **params: dict) -> dict:
    """An ActionSpec."""
    return {"type": type_, "label": label, "params": params}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same type: ``True`` is not ``1``, ``1.0`` is not ``1``."""
    return type(a) is type(b) and a == b


def _listed(value: Any, choices: list) -> bool:
    return any(_same(value, c) for c in choices)


def _check_param(name: str, spec: dict, value: Any) -> None:
    def bad(why: str) -> RuleError:
        return RuleError("illegal_params", None, f"'{name}' {why}.")

    if "counts" in spec:
        if not isinstance(value, dict) or set(value) != set(spec["counts"]):
            raise bad(f"must be an object with keys {sorted(spec['counts'])}")
        for key, bounds in spec["counts"].items():
            v = value[key]
            if not _is_int(v) or not bounds["min"] <= v <= bounds["max"]:
                raise bad(
                    f"[{key!r}] must be a whole number from {bounds['min']} to {bounds['max']}"
                )
    elif spec.get("multiple"):
        if not isinstance(value, list):
            raise bad("must be a list")
        distinct = all(not _same(a, b) for i, a in enumerate(value) for b in value[i + 1 :])
        if not all(_listed(v, spec["choices"]) for v in value) or not distinct:
            raise bad("must be distinct values from the listed choices")
        if not spec["min"] <= len(value) <= spec["max"]:
            raise bad(f"must hold {spec['min']} to {spec['max']} values")
    elif "choices" in spec:
        if not _listed(value, spec["choices"]):
            raise bad("is not one of the listed choices")
    else:
        if not _is_int(value) or not spec["min"] <= value <= spec["max"]:
            raise bad(f"must be a whole number from {spec['min']} to {spec['max']}")


def validate_params(specs: list[dict], action_type: str, params: Any) -> dict:
    """Check ``params`` against the legal ActionSpec of ``action_type``; return them.

    Raises ``RuleError("action_not_available")`` when no spec of that type is legal now and
    ``RuleError("illegal_params")`` when a value is not one the spec lists.
    """
    matching = [s for s in specs if s["type"] == action_type]
    if not matching:
        raise RuleError("action_not_available", None, f"'{action_type}' is not possible now.")
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise RuleError("illegal_params", None, "'params' must be an object.")
    last_error: RuleError | None = None
    for spec in matching:
        try:
            unknown = set(params) - set(spec["params"])
            if unknown:
                raise RuleError(
                    "illegal_params", None, f"Unknown parameter(s): {', '.join(sorted(unknown))}."
                )
            for name, param in spec["params"].items():
                if name not in params:
                    raise RuleError("illegal_params", None, f"'{name}' is required.")
                _check_param(name, param, params[name])
            return params
        except RuleError as error:
            last_error = error
    assert last_error is not None
    raise last_error


class Game(Protocol):
    """What a game module registers. ``state`` is plain JSON-able data."""

    id: str
    name: str
    variants: list[str | None]
    players: tuple[int, int]
    #: ``{name: {"type": "bool"|"int"|"choice", "default", "choices" or "min"/"max", "label"}}``
    options: dict[str, dict]

    def setup(
        self, *, content: dict, variant: str | None, options: dict, seats: list[int], rng: Rng
    ) -> State:
        """The state after setup. ``seats`` are the seat ids in table order (1, 2, ...);
        ``content`` is the game's loaded content pack, copied into the state as needed so the
        state stands alone."""

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        """ActionSpecs ``seat`` may post now (``HOST`` for the host's own decisions)."""

    def apply(self, state: State, seat: int, action: dict, rng: Rng) -> tuple[State, list[Event]]:
        """Apply ``{"type", "params"}`` (params already checked against ``legal_actions``) to a
        copy of ``state``. Raises RuleError, never applies partially. Each event is a dict with
        a public ``text`` (and ``rule`` where a ruling was made) plus, optionally, ``private``:
        ``{str(seat): {...}}`` parts only that seat may see."""

    def view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` may see; ``None`` (or ``HOST``) is the table screen. Never a draw
        pile's order, never another seat's private cards."""

    def prompt(self, state: State) -> dict:
        """``{"waiting_for": [seat ids], "text": "..."}``."""

    def result(self, state: State) -> dict | None:
        """None while playing; ``{"winners": [...], "standings": [{"seat", "score",
        "breakdown"}]}`` once over."""

    def check_invariants(self, state: State) -> None:
        """Raise AssertionError if the state breaks a conservation rule (used by tests and
        ``tableapp simulate``)."""

    def reveal(self, state: State) -> dict:
        """Everything, draw-pile order included: used only once the game is finished."""

    def validate_content(self, pack: dict) -> list[str]:
        """Problems with a content pack, each naming the file and field (``[]`` when fine)."""


def validate_options(declared: dict[str, dict], options: Any) -> dict:
    """Options with defaults filled in; RuleError("illegal_options") for anything undeclared
    or out of range. Declarations: ``{"type": "bool"|"int"|"choice", "default", ...}``."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RuleError("illegal_options", None, "'options' must be an object.")
    unknown = set(options) - set(declared)
    if unknown:
        raise RuleError(
            "illegal_options", None, f"Unknown option(s): {', '.join(sorted(unknown))}."
        )
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
            raise RuleError("illegal_options", None, f"Option '{name}' has an illegal value.")
        out[name] = value
    return out
