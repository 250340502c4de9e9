"""Setting up the game (the rulebook's "Setting Up the Game", "Set Difficulty / The Zombie
Deck", "Playing the Game"; SB-S1 to SB-S7).

The app deals what the box holds face down: 2 Hallway cards of 14 (shown, with what to place),
1 Lab card of 8 and 1 Exit card of 7 (sealed until their door opens), the beakers (1 Antidote
per player, then random others up to 6, or 7 with 5 players), the 21-card zombie deck for the
player count and difficulty, the corpse pool, each player's first Item and hand; then the
zombie die is rolled clockwise from the first seat until someone rolls a Bite (SB-S7).
"""

from __future__ import annotations

from collections import Counter
from itertools import islice

from tableapp.engine import Ctx, Flow, M, RuleError, action, choice, decks, seat_ref, turns

from . import content as pack
from .state import (
    LIVING,
    State,
    card_name,
    item_name,
    kind_name,
    question,
    ruling,
    scenario_name,
)
from .tokens import WHERE, place_corpses, placing
from .turn import place_new_item

PLAYERS = (2, 5)
DIFFICULTIES = ("easy", "intermediate", "hard", "custom")

OPTIONS = {
    "difficulty": {
        "type": "choice",
        "choices": list(DIFFICULTIES),
        "default": "easy",
        "label": M("sb.option.difficulty"),
        "labels": [
            M("sb.option.difficulty.easy"),
            M("sb.option.difficulty.intermediate"),
            M("sb.option.difficulty.hard"),
            M("sb.option.difficulty.custom"),
        ],
    },
    "custom_level1": {
        "type": "int",
        "min": 0,
        "max": 11,
        "default": 3,
        "label": M("sb.option.custom", level=1),
    },
    "custom_level2": {
        "type": "int",
        "min": 0,
        "max": 11,
        "default": 6,
        "label": M("sb.option.custom", level=2),
    },
    "custom_level3": {
        "type": "int",
        "min": 0,
        "max": 11,
        "default": 2,
        "label": M("sb.option.custom", level=3),
    },
    "table_die": {"type": "bool", "default": False, "label": M("sb.option.table_die")},
}


#: SB-S4: cards per level in the box (its 40 zombie cards: 10 Base and 10 of each level). A
#: custom mix cannot ask for more; a pack of your own with smaller levels is checked at setup.
LEVEL_CARDS = 10


def check_options(options: dict) -> RuleError | None:
    """SB-S4: a custom deck holds 11 level cards, like every row of the chart, and no more of a
    level than the box holds."""
    if options["difficulty"] != "custom":
        return None
    for level in (1, 2, 3):
        count = options[f"custom_level{level}"]
        if count > LEVEL_CARDS:
            return _too_many(level, count, LEVEL_CARDS)
    total = sum(options[f"custom_level{n}"] for n in (1, 2, 3))
    if total != 11:
        return RuleError("custom_mix", "SB-S4", M("sb.refuse.custom_mix", count=total))
    return None


def _too_many(level: int | str, count: int, held: int) -> RuleError:
    return RuleError(
        "custom_mix",
        "SB-S4",
        M("sb.refuse.custom_level", level=int(level), count=count, held=held),
    )


def level_counts(content: dict, options: dict, players: int) -> dict[str, int]:
    """SB-S4: the 10 Base cards and the level cards for this table."""
    if options["difficulty"] == "custom":
        levels = {str(n): options[f"custom_level{n}"] for n in (1, 2, 3)}
    else:
        levels = dict(content["difficulty"][options["difficulty"]]["mix"][str(players)])
    return {"base": content["base"], **levels}


def setup(ctx: Ctx, *, content: dict, variant, options: dict, seats: list[int]) -> State:
    """The box dealt (SB-S1 to SB-S6), in the order the rulebook sets it up; then the first
    player is rolled for (SB-S7)."""
    cat = pack.table_content(content)
    hallway, lab, exit_ = _scenario(cat, ctx.rng)
    zombie_deck, counts = _zombie_deck(cat, options, len(seats), ctx.rng)
    beakers, wanted = _beakers(cat, len(seats), ctx.rng)
    state = _table(
        cat,
        seats,
        options,
        zombie_deck=zombie_deck,
        beakers=beakers,
        wanted=wanted,
        scenario=(hallway, lab, exit_),
    )
    _place_hallways(state, ctx)
    _announce(state, ctx, counts)
    _deal(state, ctx)
    Flow.push(state, {"kind": "first_player"})
    return state


def _scenario(cat: dict, rng) -> tuple[list[str], str, str]:
    """SB-S1: the scenario cards (2 Hallway, 1 Lab, 1 Exit), the rest back to the box unseen."""
    hallway = rng.sample(sorted(cat["scenario"]["hallway"]), 2)
    lab = rng.choice(sorted(cat["scenario"]["lab"]))
    exit_ = rng.choice(sorted(cat["scenario"]["exit"]))
    return hallway, lab, exit_


def _zombie_deck(cat: dict, options: dict, n: int, rng) -> tuple[dict, dict[str, int]]:
    """SB-S4: the zombie deck for the player count and difficulty, and its count per level."""
    counts = level_counts(cat, options, n)
    by_level: dict[str, list[str]] = {}
    for card_id, card in sorted(cat["zombie_cards"].items()):
        by_level.setdefault(card["level"], []).append(card_id)
    for level, wanted in counts.items():
        held = len(by_level.get(level, ()))
        if level != "base" and wanted > held:
            raise _too_many(level, wanted, held)  # a pack with smaller levels (SB-S4)
    deck = decks.levelled(by_level, counts, rng)
    unused = sorted(c for c in cat["zombie_cards"] if c not in deck)
    return {"draw": deck, "discard": [], "box": unused}, counts


def _beakers(cat: dict, n: int, rng) -> tuple[dict, int]:
    """SB-S3: the beakers (1 Antidote per player, then random others up to 6, or 7 with 5
    players), face down: their pool and how many."""
    box = cat["box"]
    mix = {kind: row["count"] for kind, row in sorted(cat["beakers"].items())}
    wanted = box["beakers_five"] if n == 5 else box["beakers"]
    others = [k for k, c in mix.items() for _ in range(c - (n if k == "antidote" else 0))]
    chosen = Counter(["antidote"] * n + rng.sample(others, wanted - n))
    return decks.pool({k: chosen.get(k, 0) for k in mix}), wanted


def _table(
    cat: dict,
    seats: list[int],
    options: dict,
    *,
    zombie_deck: dict,
    beakers: dict,
    wanted: int,
    scenario: tuple[list[str], str, str],
) -> State:
    """The state at the start: the players, their hands and Items empty, the decks, the zombie
    reserves (SB-S2), the corpse pool (SB-S5), the beakers and the scenario dealt: one literal,
    long so that the state's shape reads at a glance."""
    box = cat["box"]
    hallway, lab, exit_ = scenario
    return {
        "content": cat,
        "seats": list(seats),
        "options": dict(options),
        "phase": "playing",
        "steps": [],
        "turn": None,
        "turn_no": 0,
        "first": None,
        "players": {
            str(s): {
                "health": box["health"],
                "stamina": box["stamina"],
                "down": False,
                "status": LIVING,
                "antidote": False,
                "placed": False,
                "turned": None,
                "bonus": 0,
                "looted": None,
            }
            for s in seats
        },
        "hands": {str(s): [] for s in seats},
        "items": {
            str(s): {"ready": [None, None, None], "backpack": [], "spent": []} for s in seats
        },
        "dead_items": {},
        "main": {"draw": sorted(cat["cards"]), "discard": []},
        "item_deck": {"draw": sorted(cat["items"]), "discard": []},
        "zombie_deck": zombie_deck,
        "zombie_card": None,
        "zombies": {
            "board": 0,
            "pool": box["zombies"] - box["lab_reserve"] - box["exit_reserve"],
            "lab": box["lab_reserve"],
            "exit": box["exit_reserve"],
            "knocked": 0,
        },
        "corpses": {
            **decks.pool({k: row["count"] for k, row in sorted(cat["corpses"].items())}),
            "board": 0,
        },
        "beakers": beakers,
        "beaker_info": {"total": wanted, "board": 0, "found": {}},
        "scenario": {"hallway": hallway},
        "sealed": {"lab": lab, "exit": exit_},
        "revealed": {"lab": None, "exit": None},
        "walk": None,
        "windows": [],
        "rulings": [],
        "result": None,
        "drawn_up": False,
    }


def _place_hallways(state: State, ctx: Ctx) -> None:
    """SB-S1: each Hallway card's zombies and corpses placed, as the card shows them."""
    cat = state["content"]
    for key in state["scenario"]["hallway"]:
        card = cat["scenario"]["hallway"][key]
        placed = min(card["zombies"], state["zombies"]["pool"])
        state["zombies"]["pool"] -= placed
        state["zombies"]["board"] += placed
        ruling(
            state,
            ctx,
            M(
                "sb.setup.hallway",
                card=scenario_name(state, "hallway", key),
                place=placing({**card, "zombies": placed}),
            ),
            "SB-S1",
            M("sb.reason.hallway"),
            hallway=key,
        )
        place_corpses(state, card["corpses"], ctx, M("sb.corpse.where_card"))


def _announce(state: State, ctx: Ctx, counts: dict[str, int]) -> None:
    """What the table sets aside, said in order: the sealed cards (SB-S1), the reserves
    (SB-S2), the beakers (SB-S3), the zombie deck (SB-S4), the corpses (SB-S5)."""
    n, options, wanted = len(state["seats"]), state["options"], state["beaker_info"]["total"]
    ruling(state, ctx, M("sb.setup.sealed"), "SB-S1", M("sb.reason.sealed"))
    z = state["zombies"]
    ruling(
        state,
        ctx,
        M("sb.setup.reserves", lab=z["lab"], exit=z["exit"], pool=z["pool"], board=z["board"]),
        "SB-S2",
        M("sb.reason.reserves"),
        zombies=dict(z),
    )
    ruling(
        state,
        ctx,
        M("sb.setup.beakers", count=wanted, antidotes=n),
        "SB-S3",
        M("sb.reason.beakers"),
        beakers=wanted,
    )
    difficulty = (
        M("sb.difficulty.custom")
        if options["difficulty"] == "custom"
        else kind_name(state, "difficulty", options["difficulty"])
    )
    ruling(
        state,
        ctx,
        M(
            "sb.setup.zombie_deck",
            base=counts["base"],
            one=counts["1"],
            two=counts["2"],
            three=counts["3"],
            difficulty=difficulty,
            players=n,
        ),
        "SB-S4",
        M("sb.reason.zombie_deck"),
        mix=counts,
    )
    ctx.say(
        M(
            "sb.setup.corpses",
            count=sum(state["corpses"]["left"].values()),
            board=state["corpses"]["board"],
        ),
        rule="SB-S5",
    )


def _deal(state: State, ctx: Ctx) -> None:
    """SB-S6: one random Item each (a Weapon in the Weapon slot), then hands of 5."""
    rng, seats = ctx.rng, state["seats"]
    decks.piles.shuffle(state["main"], "draw", rng)
    decks.piles.shuffle(state["item_deck"], "draw", rng)
    for seat in seats:
        item_id = decks.draw_one(state["item_deck"], rng)
        where = place_new_item(state, seat, item_id)
        ctx.say(
            M(
                "sb.setup.item",
                seat=seat_ref(seat),
                item=item_name(state, item_id),
                where=WHERE[where],
            ),
            rule="SB-S6",
            seat=seat,
            item=item_id,
        )
    for seat in seats:
        cards = decks.draw(state["main"], rng, state["content"]["box"]["hand_size"])
        state["hands"][str(seat)] = cards
        names = [card_name(state, c) for c in cards]
        ctx.say(
            M("sb.setup.hand", seat=seat_ref(seat), count=len(cards)),
            rule="SB-S6",
            seat=seat,
            private={
                seat: {
                    **M("sb.you_draw", cards=names),
                    "cards": list(cards),
                    "seen": M("sb.seen.cards", cards=names),
                }
            },
        )


# --- the first player (SB-S7) ---------------------------------------------------------------

#: A safety net: the die has Bite faces, so someone rolls one long before this.
_MAX_ROLLS = 1_000


def first_player(state: State, step: dict, ctx: Ctx) -> None:
    seats = state["seats"]
    if state["options"]["table_die"]:
        Flow.push(state, {"kind": "first_bite", "seat": seats[0]})
        return
    first = seats[0]
    for seat in islice(turns.cycle(seats, first), _MAX_ROLLS):
        face = ctx.rng.choice(state["content"]["die"])
        ctx.say(
            M("sb.first.roll", seat=seat_ref(seat), face=kind_name(state, "die", face)),
            rule="SB-S7",
            seat=seat,
            face=face,
        )
        if face == "bite":
            first = seat
            break
    _start(state, first, ctx)


def _start(state: State, first: int, ctx: Ctx) -> None:
    state["first"] = first
    ruling(
        state,
        ctx,
        M("sb.first.starts", seat=seat_ref(first)),
        "SB-S7",
        M("sb.reason.first"),
        seat=first,
    )
    Flow.push(state, {"kind": "turn_start", "seat": first})


def _first_specs(state: State, step: dict, seat: int) -> list[dict]:
    seats = state["seats"]
    return [
        action(
            "first_bite",
            M("sb.action.first_bite"),
            seat=choice(seats, [M("sb.choice.seat", seat=seat_ref(s)) for s in seats]),
        )
    ]


def _first_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    ctx.say(
        M("sb.first.reported", seat=seat_ref(seat), first=seat_ref(act["params"]["seat"])),
        rule="SB-S7",
    )
    _start(state, act["params"]["seat"], ctx)


STEPS = {"first_player": first_player}

QUESTIONS = {
    "first_bite": question(
        "SB-S7",
        _first_specs,
        _first_apply,
        prompt=lambda state, step: M("sb.prompt.first_bite", seat=seat_ref(step["seat"])),
        ask=lambda state, step: M("sb.ask.first_bite"),
    ),
}
