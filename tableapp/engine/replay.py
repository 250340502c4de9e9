"""Deterministic replay of a table's log: undo, ``tableapp verify`` and recovery use it.

The log holds every entry in order: ``join`` (lobby), ``start`` (setup, payload ``{"seats"}``),
game actions, and ``undo`` (payload ``{"target": n}``). The stream of an entry is derived from
the number of effective entries before it when it was applied: every entry but an undo adds
one, every undo takes one away (the undone entry stops counting). So an undo followed by the
same action draws the same card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .definition import Game
from .errors import RuleError
from .messages import M
from .rng import Rng

NON_GAME = ("join", "start", "undo")


@dataclass
class Replayed:
    state: dict | None
    effective: int  # effective entries so far = the stream index of the next one
    events: dict[int, list] = field(default_factory=dict)  # entry number → events as applied
    active: list[int] = field(default_factory=list)  # numbers of game actions still in effect


def replay(
    game: Game,
    *,
    content: dict,
    variant: str | None,
    options: dict,
    seed: bytes,
    entries: list[dict],
    check: bool = False,
) -> Replayed:
    """Re-apply ``entries`` (dicts with number, seat, type, payload) from the start."""
    state: dict | None = None
    effective = 0
    events: dict[int, list] = {}
    # (number, state before it, effective before it) of each game action in effect.
    stack: list[tuple[int, dict | None, int]] = []
    for entry in entries:
        number, kind, payload = entry["number"], entry["type"], entry.get("payload") or {}
        if kind == "join":
            events[number] = []
        elif kind == "start":
            state, events[number] = game.begin(
                content=content,
                variant=variant,
                options=options,
                seats=list(payload["seats"]),
                rng=Rng(seed, effective),
            )
        elif kind == "undo":
            target = payload["target"]
            if not stack or stack[-1][0] != target:
                raise RuleError("bad_undo", None, M("engine.bad_undo", entry=number, target=target))
            _, state, effective = stack.pop()
            events[number] = []
            continue  # an undo is not itself an effective entry
        else:
            if state is None:
                raise RuleError("not_started", None, M("engine.not_started", entry=number))
            before = state
            state, produced = game.apply(
                state, entry["seat"], {"type": kind, "params": payload}, Rng(seed, effective)
            )
            if check:
                game.check_invariants(state)
            stack.append((number, before, effective))
            events[number] = produced
        effective += 1
    return Replayed(
        state=state, effective=effective, events=events, active=[n for n, _, _ in stack]
    )
