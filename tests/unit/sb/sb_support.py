"""Helpers for the Student Bodies rules tests: a dealt game, one action, a staged situation."""

from __future__ import annotations

import itertools

from tableapp.content import load_pack
from tableapp.engine import Ctx, Flow, Rng, clone
from tableapp.games.student_bodies import FLOW, GAME
from tests.texts import english

PACK = load_pack("student-bodies")
SEED = b"student bodies unit tests seed 01"
NAMES = {1: "Emily", 2: "Kenny", 3: "Abigail", 4: "Bill", 5: "Dana"}
_counter = itertools.count(1)


def rng() -> Rng:
    return Rng(SEED, next(_counter))


def deal(players: int = 3, seed: bytes = SEED, **options) -> dict:
    """A dealt game, waiting for its first question."""
    state, _ = GAME.begin(
        content=PACK,
        variant=None,
        options=options,
        seats=list(range(1, players + 1)),
        rng=Rng(seed, 0),
    )
    return state


def act(state: dict, seat: int, type_: str, /, **params) -> tuple[dict, list[dict]]:
    return GAME.apply(state, seat, {"type": type_, "params": params}, rng())


def stage(state: dict, *steps: dict, turn: int | None = None) -> tuple[dict, list[dict]]:
    """Replace the stack by ``steps`` (the first on top) and run to the next question."""
    state = clone(state)
    state["steps"] = []
    if turn is not None:
        state["turn"] = turn
    Flow.push(state, *steps)
    ctx = Ctx(rng())
    FLOW.run(state, ctx)
    return state, ctx.events


def at_actions(state: dict, seat: int) -> dict:
    """The state with ``seat`` in its Player Action step (the rest of its turn below)."""
    staged, _ = stage(
        state,
        {"kind": "act", "seat": seat},
        {"kind": "cleanup", "seat": seat},
        {"kind": "next_turn"},
        turn=seat,
    )
    return staged


def types(state: dict, seat: int) -> list[str]:
    return [s["type"] for s in GAME.legal_actions(state, seat)]


def spec(state: dict, seat: int, type_: str) -> dict:
    found = [s for s in GAME.legal_actions(state, seat) if s["type"] == type_]
    assert found, f"{type_} is not offered to {seat}: {types(state, seat)}"
    return found[0]


def choices(state: dict, seat: int, type_: str, param: str) -> list:
    values: list = []
    for s in GAME.legal_actions(state, seat):
        if s["type"] == type_:
            values += s["params"][param]["choices"]
    return values


def texts(events: list[dict]) -> list[str]:
    return [english(e, NAMES) for e in events]


def rulings(events: list[dict]) -> list[str]:
    return [e["rule"] for e in events if e.get("rule")]


def reason_of(events: list[dict], msg: str) -> str:
    event = next(e for e in events if e["msg"] == msg)
    return english(event["reason"], NAMES)


def waiting(state: dict) -> tuple[str, list[int]]:
    step = state["steps"][-1]
    return step["kind"], FLOW.actors(state)


def give(state: dict, seat: int, *keys: str) -> list[str]:
    """Put one physical copy of each named card into ``seat``'s hand (from wherever it is)."""
    ids = []
    for key in keys:
        card_id = next(
            c for c in sorted(state["content"]["cards"]) if c.startswith(f"{key}#") and c not in ids
        )
        for pile in (state["main"]["draw"], state["main"]["discard"], *state["hands"].values()):
            if card_id in pile:
                pile.remove(card_id)
        state["hands"][str(seat)].append(card_id)
        ids.append(card_id)
    return ids


def empty_hand(state: dict, seat: int) -> None:
    state["main"]["discard"] += state["hands"][str(seat)]
    state["hands"][str(seat)] = []


def run(state: dict) -> tuple[dict, list[dict]]:
    """Run the automatic steps on top of the stack (a turn's zombie card is drawn so)."""
    state = clone(state)
    ctx = Ctx(rng())
    FLOW.run(state, ctx)
    return state, ctx.events


def slots(state: dict, seat: int) -> list[str]:
    """The zombie form's lines still to answer ("z1a1", "z1a2", "z2a1"…), in walk order."""
    return list(spec(state, seat, "zombies")["params"])


def walk(state: dict, seat: int, *lines: str, rest: str = "move") -> tuple[dict, list[dict]]:
    """Answer the zombie form in one post: ``lines`` for the first lines, ``rest`` for the
    others."""
    keys = slots(state, seat)
    params = {k: (lines[i] if i < len(lines) else rest) for i, k in enumerate(keys)}
    return GAME.apply(state, seat, {"type": "zombies", "params": params}, rng())


def defenceless(state: dict, seat: int) -> None:
    """No card in hand and no Item: nothing to defend with (a hit on them asks nothing)."""
    empty_hand(state, seat)
    state["items"][str(seat)].update(ready=[None, None, None], backpack=[], spent=[])
