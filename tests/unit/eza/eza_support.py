"""Helpers for the Eat Zem All rules tests: a dealt game, one action, a staged situation."""

from __future__ import annotations

import itertools

from tableapp.content import load_pack
from tableapp.engine import Ctx, Rng, clone, piles
from tableapp.games.eat_zem_all import FLOW, GAME
from tableapp.texts.i18n import Renderer
from tests.texts import english

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
            card = state["mutation_cards"][f"offer:{seat}"][0]
            state, _ = act(state, seat, "keep_mutation", card=card)
    return state


def act(state: dict, seat: int, type_: str, **params) -> tuple[dict, list[dict]]:
    return GAME.apply(state, seat, {"type": type_, "params": params}, rng())


def stage(state: dict, *steps: dict) -> tuple[dict, list[dict]]:
    """Replace the turn's stack by ``steps`` (the first on top) and run to the next question."""
    state = clone(state)
    state["steps"] = []
    FLOW.push(state, *steps)
    ctx = Ctx(rng())
    FLOW.run(state, ctx)
    return state, ctx.events


def text(events: list[dict]) -> str:
    """The events as a player reads them (in English)."""
    return "\n".join(english(e) for e in events)


def said(message) -> str:
    """One message (an event, a reason, a label, a content name) in English."""
    if isinstance(message, dict) and ("msg" not in message or set(message) <= {"msg", "args"}):
        return Renderer("en", strict=True).localize(message)  # a label or a name, as written
    return english(message)  # an event: a sentence


def asked(state: dict) -> str:
    """What the waiting seat reads on its phone."""
    return english(GAME.prompt(state)["ask"])


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
    """A card effect activating ``zombies`` of the Horde's Zombies with ``actions`` each."""
    return {
        "kind": "zombie_effect",
        "seat": seat,
        "effect": effect or f"activate:{zombies}x{actions}",
        "part": "main",
    }


def form_of(state: dict, seat: int) -> dict:
    """The params of the Horde's form for its parts asked now (``actions_1``, ``spot_2``…)."""
    return spec(state, seat, "card_part")["params"]


def actions_of(state: dict, seat: int) -> dict:
    """The Horde's (first) activation asked now: its count form (bites and cubes)."""
    form = form_of(state, seat)
    return form[next(k for k in form if k.startswith("actions_"))]


def rows_of(state: dict) -> list[tuple[str, int]]:
    """The card's parts still to play: (kind, seat), in order."""
    return [(r.get("row", "activation"), r["seat"]) for r in top(state)["rows"]]


def part_params(state: dict, seat: int, **entered) -> dict:
    """The Horde's form for its parts asked now, sent as shown but for ``entered`` (by param
    name: ``actions_2={"kate": 1}``, counts not given 0, picks as preselected)."""
    form = spec(state, seat, "card_part")["params"]
    params = {}
    for key, param in form.items():
        if "counts" in param:
            params[key] = {k: entered.get(key, {}).get(k, 0) for k in param["counts"]}
        else:
            params[key] = entered.get(key, param.get("value"))
    return params


def activate(state: dict, seat: int, bites=None, cubes=None, acted=None, lunge=None):
    """Answer the Horde's (first) activation asked now: ``bites`` {human: n} and ``cubes``
    {opening: n} (every other key 0), ``acted`` when the form asks how many Zombies acted."""
    form = spec(state, seat, "card_part")["params"]
    key = next(k for k in form if k.startswith("actions_")).removeprefix("actions_")
    params = part_params(state, seat)
    params[f"actions_{key}"] = {
        k: (bites or {}).get(k, (cubes or {}).get(k, 0)) for k in form[f"actions_{key}"]["counts"]
    }
    if acted is not None:
        params[f"acted_{key}"] = acted
    if lunge is not None:
        params[f"lunge_{key}"] = lunge
    return act(state, seat, "card_part", **params)


def reach(state: dict, counted: dict[str, int]) -> dict[str, str]:
    """The reach form's picks from ``counted`` ("2:standing": 1, …): per kind, the Horde whose
    Zombie of that kind is in reach (the first one given), every other kind "none"."""
    form = spec(state, state["steps"][-1]["seat"], "report_reach")["params"]
    picks = dict.fromkeys(form, "none")
    for key, n in counted.items():
        seat, kind = key.split(":")
        assert kind in form and seat in form[kind]["choices"], (key, form)
        if n > 0 and picks[kind] == "none":
            picks[kind] = seat
    return picks


# --- Human-phase staging -----------------------------------------------------------------------


def take_card(state: dict, card: str, pile: str = "resolving") -> None:
    """Move a Human card from wherever it is to ``pile``."""
    hc = state["human_cards"]
    source = next(p for p in ("deck", "discard", "reserve", "drawn") if card in hc[p])
    piles.move(hc, card, source, pile)


def resolve(state: dict, card: str) -> tuple[dict, list[dict]]:
    """Resolve one Human card as the active Horde's dispenser would."""
    state = {**state, "human_cards": {k: list(v) for k, v in state["human_cards"].items()}}
    take_card(state, card)
    return stage(
        state,
        {"kind": "resolve_human_card", "card": card},
        {"kind": "human_card_done", "card": card},
    )


def effect(state: dict, hid: str, what: str) -> tuple[dict, list[dict]]:
    return stage(state, {"kind": "human_effect", "human": hid, "effect": what})


def stack_deck(state: dict, *cards: str) -> None:
    for card in reversed(cards):
        take_card(state, card, "deck")


def put_at(state: dict, hid: str, cell: str) -> None:
    state["humans"][hid]["cell"] = cell


def kill(state: dict, *hids: str) -> None:
    """These Humans are dead, Yellow holding their tokens and Contamination token."""
    for hid in hids:
        state["humans"][hid].update(status="dead", tokens=0, contamination=1)
        state["hordes"]["1"]["bites"][hid] = state["content"]["humans"][hid]["tokens"][1]


def hold(state: dict, seat: int, effect: str, *, alone: bool = False) -> str:
    """``seat`` holds (face up) the pack's Mutation with this effect (``alone``: and nothing
    else); returns its id."""
    mc = state["mutation_cards"]
    if alone:
        piles.move_all(mc, f"held:{seat}", "discard")
    card = next(m for m, row in state["content"]["mutations"].items() if row["effect"] == effect)
    source = next(p for p, cards in mc.items() if card in cards)
    piles.move(mc, card, source, f"held:{seat}")
    return card
