"""Helpers for the Zombicide rules tests: a table set up through its questions, one action, a
staged situation (the stack replaced, decks stacked, counts set)."""

from __future__ import annotations

import itertools

from tableapp.content import load_pack
from tableapp.engine import HOST, Ctx, Flow, Rng, RuleError, clone
from tableapp.games.zombicide import GAME
from tests.texts import english

PACK = load_pack("zombicide")
SEED = b"zombicide unit tests, seed 0001."
_counter = itertools.count(1)


def rng() -> Rng:
    return Rng(SEED, next(_counter))


def act(state: dict, seat: int, type_: str, **params) -> tuple[dict, list[dict]]:
    """One action; the invariants are checked on the state it leads to."""
    new, events = GAME.apply(state, seat, {"type": type_, "params": params}, rng())
    GAME.check_invariants(new)
    return new, events


def refused(state: dict, seat: int, type_: str, **params) -> RuleError:
    try:
        act(state, seat, type_, **params)
    except RuleError as error:
        return error
    raise AssertionError(f"{type_} {params} was not refused")


def types(state: dict, seat: int) -> list[str]:
    return [s["type"] for s in GAME.legal_actions(state, seat) if s["type"] != "correct"]


def spec(state: dict, seat: int, type_: str) -> dict:
    (found,) = [s for s in GAME.legal_actions(state, seat) if s["type"] == type_]
    return found


def take(state: dict, seat: int, colour: str) -> tuple[dict, list[dict]]:
    """``take_objective``: one button per colour left, or, with one colour left, the button
    itself (its label names the colour)."""
    listed = spec(state, seat, "take_objective")
    if "colour" in listed["params"]:
        return act(state, seat, "take_objective", colour=colour)
    assert listed["label"]["args"]["colour"] == {"msg": f"zc.colour.{colour}", "args": {}}
    return act(state, seat, "take_objective")


def rules(events: list[dict]) -> list[str]:
    return [e["rule"] for e in events if "rule" in e]


def texts(events: list[dict], names=None) -> list[str]:
    names = names or {1: "Ana", 2: "Ben", 3: "Chloé"}
    return [english(e, names) for e in events]


def words(value, lang: str = "en"):
    """Any value (a label, a named content, a view) as a phone in ``lang`` reads it."""
    from tableapp.texts.i18n import Renderer

    return Renderer(lang, {1: "Ana", 2: "Ben", 3: "Chloé"}, strict=True).localize(value)


def begin(seats=(1, 2), **options) -> dict:
    state, _ = GAME.begin(
        content=PACK, variant=None, options=options, seats=list(seats), rng=Rng(SEED, 0)
    )
    return state


TEAMS = {
    1: {1: ["ruth", "karim", "nadia", "owen", "lily", "tom"]},
    2: {1: ["ruth", "karim", "lily"], 2: ["nadia", "owen", "tom"]},
    3: {1: ["ruth", "owen"], 2: ["karim", "lily"], 3: ["nadia", "tom"]},
}


def ready(
    seats=(1, 2),
    *,
    red=2,
    blue=0,
    green=0,
    crates=1,
    goals=0,
    zones=("red", "red"),
    buildings=((2, "closed"),),
    **options,
) -> dict:
    """A table set up through its questions (the teams of TEAMS), at round 1's first turn."""
    state = begin(seats, **options)
    for seat, names in TEAMS[len(seats)].items():
        for sid in names:
            state, _ = act(state, seat, "take_survivor", survivor=sid)
    # The team full and even: the setup goes on by itself; the card sets are the options'.
    for colour in zones:
        state, _ = act(state, HOST, "add_zone", colour=colour)
    for rooms, start in buildings:
        state, _ = act(state, HOST, "add_building", dark_rooms=rooms, start=start)
    # The mission's objectives close the buildings (and the zones, with no building).
    counts = {"red": red, "blue": blue, "green": green, "crates": crates, "goals": goals}
    state, _ = act(state, HOST, "mission", objectives=counts)
    return state


def stage(state: dict, *steps: dict) -> tuple[dict, list[dict]]:
    """Replace the stack by ``steps`` (the first on top) and run to the next question."""
    state = clone(state)
    state["steps"] = []
    Flow.push(state, *steps)
    ctx = Ctx(rng())
    GAME.flow.run(state, ctx)
    GAME.check_invariants(state)
    return state, ctx.events


def turn_of(state: dict, sid: str, **changes) -> tuple[dict, list[dict]]:
    """``sid``'s turn now (its owner asked), with ``changes`` applied to the state first."""
    state = clone(state)
    for key, value in changes.items():
        state[key] = value
    owner = state["survivors"][sid]["owner"]
    state["phase"] = "players"
    return stage(
        state, {"kind": "begin_survivor", "seat": owner, "survivor": sid}, {"kind": "zombie_phase"}
    )


def stack_spawn(state: dict, *cards: str) -> None:
    """Put these Zombie cards on top of the draw pile, in this order (in place)."""
    deck = state["spawn_deck"]
    rest = [c for c in deck["draw"] + deck["discard"] if c not in cards]
    deck["draw"] = list(cards) + rest
    deck["discard"] = []


def stack_equipment(state: dict, *defs: str) -> list[str]:
    """Put a physical card of each definition on top of the Equipment deck (in place); returns
    their ids."""
    deck = state["equipment"]
    chosen = []
    pool = deck["draw"] + deck["discard"]
    for d in defs:
        card = next(c for c in pool if c.split("#")[0] == d and c not in chosen)
        chosen.append(card)
    deck["draw"] = chosen + [c for c in deck["draw"] if c not in chosen]
    deck["discard"] = [c for c in deck["discard"] if c not in chosen]
    return chosen


def give(state: dict, sid: str, *defs: str) -> list[str]:
    """Move cards of these definitions from the decks into ``sid``'s slots, hands first (in
    place); the slots are emptied first (their cards go to the Equipment discard)."""
    inventory = state["survivors"][sid]["inventory"]
    for i, card in enumerate(inventory):
        if card is not None:
            pile = (
                "crates"
                if state["content"]["cards"][card.split("#")[0]]["deck"] == "crate"
                else "equipment"
            )
            state[pile]["discard"].append(card)
            inventory[i] = None
    out = []
    for slot, d in enumerate(defs):
        if d is None:
            continue
        deck = "crates" if state["content"]["cards"][d]["deck"] == "crate" else "equipment"
        pile = state[deck]
        card = next(c for c in pile["draw"] + pile["discard"] if c.split("#")[0] == d)
        for name in ("draw", "discard"):
            if card in pile[name]:
                pile[name].remove(card)
        inventory[slot] = card
        out.append(card)
    return out


def board(state: dict, walker=0, runner=0, brute=0, abominations=()) -> None:
    state["board"] = {"walker": walker, "runner": runner, "brute": brute}
    state["abominations"] = list(abominations)


def top(state: dict) -> dict:
    return state["steps"][-1]


def spawned(state: dict) -> list[dict]:
    """Where the current spawn drew its cards, in order."""
    return [row["where"] for row in state["spawning"]["rows"]]


def board_steps(state: dict) -> list[str]:
    """The steps left to do on the board, as the table screen reads them."""
    return [english(s["message"]) for s in state.get("board_steps", ())]


def tick(state: dict, seat: int = HOST) -> tuple[dict, list[dict]]:
    """Tick the first step on the board as done."""
    return act(state, seat, "board_done", step=state["board_steps"][0]["id"])
