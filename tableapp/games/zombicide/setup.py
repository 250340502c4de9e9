"""Setup: the team of survivors (ZC-1, ZC-2), the mission the host reads off the board
(objectives, spawn zones clockwise, coloured zones, buildings and their dark rooms: ZC-8,
ZC-15), the starting gear and the first player.

Questions, in this order:

1. ``survivors`` (team.py) — every phone takes survivors for its player (``take_survivor`` /
   ``release_survivor``); the host may ``deal_evenly`` the ones left. A team full and even
   goes on by itself; held unevenly, the host says ``survivors_done`` (or shares out again).
   ``card_sets`` — options ``spawn_sets`` / ``equipment_sets`` (``core``, the default, or
   ``all``) say which card sets are in the Zombie deck and which in the Equipment deck (the
   crates come with the Equipment's sets: a box's Pimp weapons come with its blue cards). Only
   when the pack holds more than one set besides the core ones (which those options cannot
   tell apart) is the host asked: ``card_sets`` (two multiple choices), or ``keep_sets`` for
   the ones the options started with. The decks are shuffled again from the sets chosen.
2. ``zones`` — the host adds the spawn zones in clockwise order from zone 1, each with its
   colour (red zones spawn from the start, blue and green ones once triggered: ZC-8); once
   there is one, the first building (or, with none, the mission) ends the list: no "no more
   zones" tap apart.
3. ``buildings`` — the host adds each building holding dark rooms: how many, and whether it is
   closed, open at setup or holding survivors at setup (the last two never spawn: ZC-15).
4. ``mission`` — offered with the buildings, it closes them: the objective tokens to take per
   colour, the Pimp-weapon crates and any other mission goal the table ticks off; no "no more
   buildings" tap apart. (A table stored when the mission came first says ``buildings_done``.)

Then the starting gear (grey cards) is dealt at random, one per survivor, and the player whose
survivor holds the Fire Axe starts.
"""

from __future__ import annotations

from string import ascii_uppercase

from tableapp.engine import (
    HOST,
    Ctx,
    Flow,
    M,
    Question,
    RuleError,
    action,
    choice,
    counts,
    integer,
    seat_ref,
    subset,
)
from tableapp.engine.messages import pack_names

from .content import SLIPPERY, decks_of, first_sets, table_content, validate_content
from .state import (
    COLOUR_LABELS,
    COLOURS,
    SETUP,
    SLOTS,
    State,
    card_def,
    card_name,
    level_ids,
    survivor,
    survivor_name,
)

OPTIONS: dict[str, dict] = {
    "abomination_fest": {"type": "bool", "default": False, "label": M("zc.option.fest")},
    "app_dice": {"type": "bool", "default": False, "label": M("zc.option.app_dice")},
    "spawn_sets": {
        "type": "choice",
        "choices": ["core", "all"],
        "default": "core",
        "label": M("zc.option.spawn_sets"),
        "labels": [M("zc.option.sets.core"), M("zc.option.sets.all")],
    },
    "equipment_sets": {
        "type": "choice",
        "choices": ["core", "all"],
        "default": "core",
        "label": M("zc.option.equipment_sets"),
        "labels": [M("zc.option.sets.core"), M("zc.option.sets.all")],
    },
}

MAX_ZONES = 12
MAX_BUILDINGS = len(ascii_uppercase)
MAX_DARK_ROOMS = 9
BUILDING_STARTS = ("closed", "open", "survivors")
_START_LABELS = {
    "closed": M("zc.building.closed"),
    "open": M("zc.building.open"),
    "survivors": M("zc.building.survivors"),
}
MISSION_COUNTS = {
    "red": (1, 12),
    "blue": (0, 2),
    "green": (0, 2),
    "crates": (0, 6),
    "goals": (0, 3),
}
_MISSION_LABELS = {
    "red": M("zc.mission.red"),
    "blue": M("zc.mission.blue"),
    "green": M("zc.mission.green"),
    "crates": M("zc.mission.crates"),
    "goals": M("zc.mission.goals"),
}


def setup(ctx: Ctx, *, content: dict, variant: str | None, options: dict, seats: list[int]):
    """The state before the host's questions: decks shuffled, the roster waiting.

    Long because it builds the initial state in one literal (every key a Zombicide table keeps,
    in the order the rulebook sets the box out), after shuffling the decks."""
    problems = validate_content(content)
    if problems:
        raise RuleError("bad_content", None, M("engine.bad_content", problems=problems))
    cat = table_content(content)
    first = level_ids({"content": cat})[0]
    sets = first_sets(cat, options)
    decks = decks_of(cat, sets)
    spawn, equipment, crates = decks["spawn"], decks["equipment"], decks["crate"]
    for pile in (spawn, equipment, crates):
        ctx.rng.shuffle(pile)
    state: State = {
        "content": cat,
        "seats": list(seats),
        "options": dict(options),
        "sets": sets,
        "phase": SETUP,
        "round": 0,
        "steps": [],
        "mission": {
            "objectives": {c: {"total": 0, "taken": 0} for c in COLOURS},
            "goals": {"total": 0, "done": 0},
            "crates": {"total": 0, "opened": 0},
            "zones": [],
            "buildings": [],
        },
        "team": [],
        "survivors": {
            sid: {
                "owner": None,
                "wounds": 0,
                "adrenaline": 0,
                "skills": {first: list(row[first])},
                "inventory": [None] * len(SLOTS),
                "found": [],
                "searched": False,
                "activated": False,
            }
            for sid, row in cat["survivors"].items()
        },
        "first_player": seats[0],
        "turn": None,
        "board": {"walker": 0, "runner": 0, "brute": 0},
        "abominations": [],
        "spawn_deck": {"draw": spawn, "discard": []},
        "equipment": {"draw": equipment, "discard": []},
        "crates": {"draw": crates, "discard": []},
        "starters": decks["starter"],
        "spawning": None,
        "attack": None,
        "last_attack": None,
        "split": None,
        "moving": None,
        "outcome": None,
    }
    ctx.say(
        M("zc.setup.decks", spawn=len(spawn), equipment=len(equipment), crates=len(crates)),
        rule="ZC-7",
    )
    Flow.push(
        state,
        {"kind": "survivors"},
        *([{"kind": "card_sets"}] if sets_to_ask(cat) else []),
        {"kind": "zones"},
        {"kind": "buildings"},
        {"kind": "deal"},
    )
    return state


# --- the card sets in the decks ------------------------------------------------------------------


def sets_to_ask(cat: dict) -> bool:
    """Whether the host is asked which card sets are in the decks: only when the options the
    table was created with (``core`` or ``all`` per deck) cannot say it, i.e. when the pack
    holds more than one set besides its core ones. With the core sets and one more, the
    options already chose; asking again would be a question with the table's answer."""
    return sum(1 for row in cat["sets"].values() if not row["core"]) > 1


def _sets_holding(state: State, deck: str) -> list[str]:
    """The sets with a card of that deck (``spawn``, or ``equipment`` with the crates)."""
    cat = state["content"]
    if deck == "spawn":
        held = {row["set"] for row in cat["spawn"].values()}
    else:
        held = {row["set"] for row in cat["cards"].values() if row["deck"] != "starter"}
    return [s for s in cat["sets"] if s in held]


def _set_names(state: State, ids: list[str]) -> list[dict]:
    return [pack_names(state["content"]["sets"][s]) for s in ids]


def _sets_specs(state: State, step: dict, seat: int) -> list[dict]:
    sets = state["sets"]
    spawn, equipment = _sets_holding(state, "spawn"), _sets_holding(state, "equipment")
    return [
        action(
            "keep_sets",
            M(
                "zc.action.keep_sets",
                spawn=_set_names(state, sets["spawn"]),
                equipment=_set_names(state, sets["equipment"]),
            ),
        ),
        action(
            "card_sets",
            M("zc.action.card_sets"),
            submit=M("zc.submit.card_sets"),
            spawn=subset(spawn, 1, len(spawn), _set_names(state, spawn)),
            equipment=subset(equipment, 1, len(equipment), _set_names(state, equipment)),
        ),
    ]


def _sets_refuse(state: State, step: dict, seat: int, act: dict) -> RuleError | None:
    """A deck the chosen sets leave empty could never be drawn from (ZC-7, ZC-14)."""
    params = act["params"]
    if act["type"] != "card_sets" or not all(
        isinstance(params.get(k), list) and all(isinstance(v, str) for v in params[k])
        for k in ("spawn", "equipment")
    ):
        return None
    decks = decks_of(state["content"], {"spawn": params["spawn"], "equipment": params["equipment"]})
    if not decks["spawn"]:
        return RuleError("empty_deck", "ZC-7", M("zc.refuse.empty_spawn"))
    if not decks["equipment"]:
        return RuleError("empty_deck", "ZC-14", M("zc.refuse.empty_equipment"))
    if not decks["crate"]:
        return RuleError("empty_deck", "ZC-14", M("zc.refuse.empty_crates"))
    return None


def _sets_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    if act["type"] == "card_sets":
        order = list(state["content"]["sets"])
        chosen = {
            deck: [s for s in order if s in act["params"][deck]] for deck in ("spawn", "equipment")
        }
        state["sets"] = chosen
        decks = decks_of(state["content"], chosen)
        for pile in (decks["spawn"], decks["equipment"], decks["crate"]):
            ctx.rng.shuffle(pile)
        state["spawn_deck"] = {"draw": decks["spawn"], "discard": []}
        state["equipment"] = {"draw": decks["equipment"], "discard": []}
        state["crates"] = {"draw": decks["crate"], "discard": []}
    sets = state["sets"]
    ctx.say(
        M(
            "zc.sets.chosen",
            spawn=_set_names(state, sets["spawn"]),
            equipment=_set_names(state, sets["equipment"]),
            zombies=len(state["spawn_deck"]["draw"]),
            cards=len(state["equipment"]["draw"]),
            crates=len(state["crates"]["draw"]),
        ),
        rule="ZC-7",
        sets=sets,
    )


CARD_SETS = Question(
    rule="ZC-7",
    specs=_sets_specs,
    apply=_sets_apply,
    prompt=lambda state, step: M("zc.prompt.card_sets"),
    ask=lambda state, step: M("zc.ask.card_sets"),
    actors=lambda state, step: [HOST],
    refuse=_sets_refuse,
)


# --- 2. the mission ----------------------------------------------------------------------------


def _mission_specs(state: State, step: dict, seat: int) -> list[dict]:
    return [
        action(
            "mission",
            M("zc.action.mission"),
            submit=M("zc.submit.mission"),
            objectives=counts(MISSION_COUNTS, labels=_MISSION_LABELS),
        )
    ]


def _mission_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    given = act["params"]["objectives"]
    mission = state["mission"]
    for colour in COLOURS:
        mission["objectives"][colour]["total"] = given[colour]
    mission["crates"]["total"] = given["crates"]
    mission["goals"]["total"] = given["goals"]
    ctx.say(
        M(
            "zc.mission.set",
            red=given["red"],
            blue=given["blue"],
            green=given["green"],
            crates=given["crates"],
            goals=given["goals"],
        ),
        rule="ZC-1",
        mission=given,
    )


MISSION = Question(
    rule="ZC-1",
    specs=_mission_specs,
    apply=_mission_apply,
    prompt=lambda state, step: M("zc.prompt.mission"),
    ask=lambda state, step: M("zc.ask.mission"),
    actors=lambda state, step: [HOST],
)


# --- 3. spawn zones ----------------------------------------------------------------------------


def _zones_specs(state: State, step: dict, seat: int) -> list[dict]:
    zones = state["mission"]["zones"]
    specs = []
    if len(zones) < MAX_ZONES:
        specs.append(
            action(
                "add_zone",
                M("zc.action.add_zone", number=len(zones) + 1),
                colour=choice(list(COLOURS), [COLOUR_LABELS[c] for c in COLOURS]),
            )
        )
    if zones:
        # Every zone in, the host goes on to the buildings: the first building (or, with none,
        # the mission's objectives) says the zones are done, no "no more zones" tap apart.
        specs += _buildings_specs(state, step, seat)
    return specs


def _zones_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    zones = state["mission"]["zones"]
    if act["type"] in ("add_building", "buildings_done", "mission"):
        ctx.say(M("zc.zones.done", count=len(zones)), rule="ZC-7")
        buildings = state["steps"].pop()  # the buildings question, next on the stack
        assert buildings["kind"] == "buildings"
        _buildings_apply(state, buildings, seat, act, ctx)
        return
    colour = act["params"]["colour"]
    # ZC-8: a coloured zone waits for its trigger; red zones spawn from the first Zombie phase.
    zone = {
        "number": len(zones) + 1,
        "colour": colour,
        "active_from": 1 if colour == "red" else None,
    }
    zones.append(zone)
    ctx.say(
        M(
            "zc.zones.added" if colour == "red" else "zc.zones.added_coloured",
            number=zone["number"],
            colour=COLOUR_LABELS[colour],
        ),
        rule="ZC-8" if colour != "red" else "ZC-7",
        zone=zone["number"],
    )
    Flow.push(state, step)


ZONES = Question(
    rule="ZC-7",
    specs=_zones_specs,
    apply=_zones_apply,
    prompt=lambda state, step: M("zc.prompt.zones", count=len(state["mission"]["zones"])),
    ask=lambda state, step: M(
        "zc.ask.zones_or_building" if state["mission"]["zones"] else "zc.ask.zones",
        number=len(state["mission"]["zones"]) + 1,
    ),
    actors=lambda state, step: [HOST],
)


# --- 4. buildings and dark rooms ----------------------------------------------------------------


def _buildings_specs(state: State, step: dict, seat: int) -> list[dict]:
    buildings = state["mission"]["buildings"]
    specs = []
    if len(buildings) < MAX_BUILDINGS:
        letter = ascii_uppercase[len(buildings)]
        specs.append(
            action(
                "add_building",
                M("zc.action.add_building", building=letter),
                submit=M("zc.submit.add_building", building=letter, chosen="{chosen}"),
                dark_rooms=integer(1, MAX_DARK_ROOMS, value=1),
                start=choice(list(BUILDING_STARTS), [_START_LABELS[s] for s in BUILDING_STARTS]),
            )
        )
    if mission_set(state):  # a table stored when the mission's objectives came first
        specs.append(action("buildings_done", M("zc.action.buildings_done", count=len(buildings))))
    else:
        # Every building in, the mission's objectives close the setup: no "no more buildings"
        # tap apart.
        specs += _mission_specs(state, step, seat)
    return specs


def mission_set(state: State) -> bool:
    """Whether the mission's objectives are in (a red one at least: ZC-1)."""
    return state["mission"]["objectives"]["red"]["total"] > 0


def _buildings_apply(state: State, step: dict, seat: int, act: dict, ctx: Ctx) -> None:
    buildings = state["mission"]["buildings"]
    if act["type"] in ("buildings_done", "mission"):
        ctx.say(M("zc.buildings.done", count=len(buildings)), rule="ZC-15")
        if act["type"] == "mission":
            _mission_apply(state, step, seat, act, ctx)
        return
    params = act["params"]
    building = {
        "id": ascii_uppercase[len(buildings)],
        "dark_rooms": params["dark_rooms"],
        "start": params["start"],
        # Opened by a door during play; ZC-15: one open or occupied at setup never spawns.
        "opened": False,
    }
    buildings.append(building)
    ctx.say(
        M(
            "zc.buildings.added",
            building=building["id"],
            count=building["dark_rooms"],
            start=_START_LABELS[building["start"]],
        ),
        rule="ZC-15",
        building=building["id"],
    )
    Flow.push(state, step)


BUILDINGS = Question(
    rule="ZC-15",
    specs=_buildings_specs,
    apply=_buildings_apply,
    prompt=lambda state, step: M("zc.prompt.buildings", count=len(state["mission"]["buildings"])),
    ask=lambda state, step: M(
        "zc.ask.buildings" if mission_set(state) else "zc.ask.buildings_or_mission",
        building=ascii_uppercase[min(len(state["mission"]["buildings"]), 25)],
    ),
    actors=lambda state, step: [HOST],
)


# --- the starting gear and the first player ----------------------------------------------------


def _deal(state: State, step: dict, ctx: Ctx) -> None:
    """Every survivor gets one grey card at random in a hand; the Fire Axe's player starts."""
    starters = state["starters"]
    ctx.rng.shuffle(starters)
    first = None
    for sid in state["team"]:
        card = starters.pop(0)
        survivor(state, sid)["inventory"][0] = card
        if card_def(state, card).get("first_player"):
            first = sid
        ctx.say(
            M("zc.deal.starter", survivor=survivor_name(state, sid), card=card_name(state, card)),
            survivor=sid,
            card=card,
        )
    # Starting cards nobody got go to the Equipment discard (never shuffled in by setup).
    state["equipment"]["discard"][:0] = starters
    state["starters"] = []
    if first is not None:
        state["first_player"] = survivor(state, first)["owner"]
        ctx.say(
            M(
                "zc.deal.first_player",
                seat=seat_ref(state["first_player"]),
                survivor=survivor_name(state, first),
                card=card_name(state, survivor(state, first)["inventory"][0]),
            ),
            seat=state["first_player"],
        )
    else:
        state["first_player"] = state["seats"][0]
    for sid in state["team"]:
        kind = state["content"]["survivors"][sid]["kind"]
        if kind == "child" and SLIPPERY not in survivor(state, sid)["skills"][level_ids(state)[0]]:
            survivor(state, sid)["skills"][level_ids(state)[0]].append(SLIPPERY)  # ZC-2
    Flow.push(state, {"kind": "round_start"})


STEPS = {"deal": _deal}
QUESTIONS = {
    "card_sets": CARD_SETS,
    "mission": MISSION,
    "zones": ZONES,
    "buildings": BUILDINGS,
}
