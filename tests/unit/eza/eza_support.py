"""Helpers for the Eat Zem All rules tests: a dealt game, one action, a staged situation."""

from __future__ import annotations

import itertools

from tableapp.content import load_pack
from tableapp.engine import Rng, clone
from tableapp.games.eat_zem_all import GAME
from tableapp.games.eat_zem_all.flow import Ctx, push, run

PACK = load_pack("eat-zem-all")
SEED = b"eat-zem-all unit tests, seed 001"
_counter = itertools.count(1)


def rng() -> Rng:
    return Rng(SEED, next(_counter))


def deal(
    side: str = "house", seats=(1, 2, 3), *, keep: bool = True, deal_index: int = 0, **options
) -> dict:
    """A dealt game (the same deal for the same arguments); with ``keep`` every Horde keeps
    its first Mutation (EZA-S6)."""
    state = GAME.setup(
        content=PACK, variant=side, options=options, seats=list(seats), rng=Rng(SEED, deal_index)
    )
    if keep:
        for seat in list(seats):
            card = state["mutation_cards"][f"choice:{seat}"][0]
            state, _ = act(state, seat, "keep_mutation", card=card)
    return state


def act(state: dict, seat: int, type_: str, **params) -> tuple[dict, list[dict]]:
    return GAME.apply(state, seat, {"type": type_, "params": params}, rng())


def stage(state: dict, *steps: dict) -> tuple[dict, list[dict]]:
    """Replace the turn's stack by ``steps`` (the first on top) and run to the next question."""
    state = clone(state)
    state["steps"] = []
    push(state, *steps)
    ctx = Ctx(rng())
    run(state, ctx)
    return state, ctx.events


def text(events: list[dict]) -> str:
    return "\n".join(e["text"] for e in events)


def rules(events: list[dict]) -> list[str]:
    return [e["rule"] for e in events if "rule" in e]


def types(state: dict, seat: int) -> list[str]:
    return [s["type"] for s in GAME.legal_actions(state, seat)]


def spec(state: dict, seat: int, type_: str) -> dict:
    return next(s for s in GAME.legal_actions(state, seat) if s["type"] == type_)


def waiting(state: dict) -> list[int]:
    return GAME.prompt(state)["waiting_for"]


def top(state: dict) -> dict:
    return state["steps"][-1]


def set_tokens(state: dict, hid: str, tokens: int) -> None:
    """Give a Human ``tokens`` on its tile, the rest of its supply in the box."""
    h = state["humans"][hid]
    held = sum(x["bites"].get(hid, 0) for x in state["hordes"].values())
    supply = state["content"]["humans"][hid]["supply"]
    h["tokens"] = tokens
    h["box"] = supply - tokens - held
    n = len(state["seats"])
    h["added"] = supply - h["box"] - state["content"]["humans"][hid]["tokens"][n - 2]


def give_bites(state: dict, seat: int, hid: str, n: int, *, contamination: bool = False) -> None:
    """``seat`` already holds ``n`` of ``hid``'s Bite tokens (taken from the tile)."""
    state["hordes"][str(seat)]["bites"][hid] = n
    state["humans"][hid]["tokens"] -= n
    if contamination:
        state["humans"][hid]["contamination"] = seat


def activation(seat: int, zombies: int = 1, actions: int = 3, effect: str | None = None) -> dict:
    return {
        "kind": "activation",
        "seat": seat,
        "zombies": zombies,
        "actions": actions,
        "used": 0,
        "bit": False,
        "effect": effect or f"activate:{zombies}x{actions}",
    }
