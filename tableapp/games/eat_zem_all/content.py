"""The content pack of Eat Zem All and its validation (the Eat Zem All rulebook, "Components",
"Zombie Card Effects", "Human Card Effects", "Board Details").

The pack is ``{file stem: data}`` (see ``tableapp/content``): ``box``, ``humans``, ``traits``,
``human_cards``, ``events``, ``mutations``, ``zombie_cards``, ``house`` and ``cemetery``. Card
effects are short codes (``activate:2x3``, ``move+2``, see :mod:`.effects`); every name and
text players read comes in English and French (``name`` / ``name_fr``, ``text`` / ``text_fr``).
:func:`validate` names every problem by file and field.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ...engine.messages import missing_names
from .instants import EFFECTS as MUTATION_EFFECTS

SIDES = ("house", "cemetery")
HUMAN_COUNT = 8
TRAIT_COUNT = 8
HUMAN_CARDS = {"house": 23, "cemetery": 19}
EVENTS_PER_SIDE = 8
MUTATION_COUNT = 23
BASIC_ZOMBIE_CARDS = 5
ABILITIES = {
    "none",
    "harry_join_nearest",
    "gabriel_repeat",
    "gabriel_repeat_escape",
    "odile_detour",
    "adele_cheer",
    "eve_arrows",
    "kate_barricade",
    "omar_unblockable",
}
ZOMBIE_EVENT_EFFECTS = {"surprise_attack", "activate_one", "add_one"}
HUMAN_EVENT_EFFECTS = {"draw_additional", "all_kill_crawling", "all_kill_standing"}
TRAIT_EFFECT = re.compile(r"^(discard_human_cards:[1-9]|add_zombie|panic|mutate|add_zombie_card)$")
ZOMBIE_EFFECT = re.compile(
    r"^(activate:([1-9]|all)x[1-9]|add_zombie|add_zombie_outside|add_zombie_card|mutate|panic)$"
)
HUMAN_EFFECT = {
    "house": re.compile(
        r"^(kill_standing|kill_crawling|move[+-][1-9]|change_room|arrow:(black|white)|cheer)$"
    ),
    "cemetery": re.compile(r"^(kill_standing|kill_crawling|advance|cheer)$"),
}

# --- validation -------------------------------------------------------------------------------


def validate(pack: dict) -> list[str]:
    """Every problem in the pack, each naming the file and the field."""
    problems: list[str] = []

    def need(file: str) -> dict:
        data = pack.get(file)
        if not isinstance(data, dict):
            problems.append(f"{file}.toml: file missing")
            return {}
        return data

    box, humans, traits = need("box"), need("humans"), need("traits")
    cards, events, mutations = need("human_cards"), need("events"), need("mutations")
    zombies, house, cemetery = need("zombie_cards"), need("house"), need("cemetery")
    if problems:
        return problems
    _check_box(box, problems)
    rooms = _check_house(house, problems)
    _check_cemetery(cemetery, problems)
    _check_humans(humans, box, rooms, problems)
    human_ids = {h.get("id") for h in _items(humans, "human")}
    _check_traits(traits, problems)
    _check_human_cards(cards, human_ids, humans, problems)
    _check_events(events, problems)
    _check_mutations(mutations, problems)
    _check_zombie_cards(zombies, box, problems)
    _check_languages(pack, problems)
    return problems


def _check_languages(pack: dict, problems: list[str]) -> None:
    """Every name and text players read, in English and in French."""
    rows = [
        ("humans", "human", ("name", "house_ability_text", "cemetery_ability_text")),
        ("traits", "trait", ("name",)),
        ("mutations", "mutation", ("name", "text")),
        ("events", "house", ("name",)),
        ("events", "cemetery", ("name",)),
        ("zombie_cards", "basic", ("name",)),
        ("zombie_cards", "colour", ("name",)),
        ("house", "room", ("name",)),
        ("house", "opening", ("name",)),
        ("cemetery", "cell", ("name",)),
    ]
    for file, key, fields in rows:
        problems += missing_names(_items(pack[file], key), f"{file}.toml: {key}", fields)


def _items(data: dict, key: str) -> list[dict]:
    value = data.get(key, [])
    return value if isinstance(value, list) else []


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _unique(rows: list[dict], file: str, key: str, problems: list[str]) -> None:
    ids = Counter(r.get("id") for r in rows)
    for card_id, n in ids.items():
        if not isinstance(card_id, str) or not card_id:
            problems.append(f"{file}.toml: {key}.id: every entry needs a text id")
        elif n > 1:
            problems.append(f"{file}.toml: {key}.id: {card_id!r} appears {n} times")


def _check_box(box: dict, problems: list[str]) -> None:
    for key in (
        "bite_tokens",
        "defense_cubes",
        "tombstones",
        "pawns_per_horde",
        "zombie_cards_per_horde",
        "mutations_kept",
        "human_cards_drawn",
        "track_size",
        "occupants_per_cell",
    ):
        if not _int(box.get(key)) or box[key] < 1:
            problems.append(f"box.toml: {key}: must be a positive whole number")
    colours = box.get("colours")
    if not isinstance(colours, list) or len(colours) < 4 or len(set(colours)) != len(colours):
        problems.append("box.toml: colours: needs 4 distinct Horde colours")
    start = box.get("start_zombies", {})
    for n in ("2", "3", "4"):
        if not _int(start.get(n)) or not 1 <= start[n] <= box.get("pawns_per_horde", 10):
            problems.append(f"box.toml: start_zombies.{n}: must be 1..pawns_per_horde")


def _check_house(house: dict, problems: list[str]) -> dict[str, int]:
    rooms: dict[str, int] = {}
    for i, room in enumerate(_items(house, "room")):
        if not isinstance(room.get("id"), str) or not _int(room.get("cells")) or room["cells"] < 1:
            problems.append(f"house.toml: room[{i}]: needs an id and a positive cells count")
            continue
        rooms[room["id"]] = room["cells"]
    if not rooms:
        problems.append("house.toml: room: no rooms")

    def cell_ok(key: Any) -> bool:
        if not isinstance(key, str) or ":" not in key:
            return False
        room, _, cell = key.partition(":")
        return room in rooms and cell.isdigit() and 1 <= int(cell) <= rooms[room]

    for i, c in enumerate(_items(house, "connection")):
        if c.get("room") not in rooms or c.get("to") not in rooms or c.get("to") == c.get("room"):
            problems.append(f"house.toml: connection[{i}]: room and to must be two known rooms")
        elif not _int(c.get("cell")) or not 1 <= c["cell"] <= rooms[c["room"]]:
            problems.append(f"house.toml: connection[{i}].cell: no such cell in {c['room']}")
        elif c["cell"] > rooms[c["to"]]:
            problems.append(
                f"house.toml: connection[{i}].cell: {c['to']} has no cell {c['cell']} (EZA-H9)"
            )
    seen = Counter((c.get("room"), c.get("cell")) for c in _items(house, "connection"))
    for (room, cell), n in seen.items():
        if n > 1:
            problems.append(f"house.toml: connection: {room} cell {cell} has {n} room symbols")
    openings = _items(house, "opening")
    _unique(openings, "house", "opening", problems)
    if not any(o.get("kind") == "front_door" for o in openings):
        problems.append("house.toml: opening: no front door")
    for i, o in enumerate(openings):
        if o.get("kind") not in ("front_door", "window", "interior_door"):
            problems.append(f"house.toml: opening[{i}].kind: front_door, window or interior_door")
        if not o.get("rooms") or any(r not in rooms for r in o.get("rooms", [])):
            problems.append(f"house.toml: opening[{i}].rooms: unknown room")
        if (
            not _int(o.get("cubes"))
            or not _int(o.get("limit"))
            or not 0 <= o["cubes"] <= o["limit"]
        ):
            problems.append(f"house.toml: opening[{i}].cubes: must be 0..limit")
        if not isinstance(o.get("exit"), bool):
            problems.append(f"house.toml: opening[{i}].exit: must be true or false")
        if any(not cell_ok(c) for c in o.get("cells", [])):
            problems.append(f"house.toml: opening[{i}].cells: unknown cell")
    eve = house.get("eve", {})
    arrows = {a.get("from"): a for a in _items(eve, "arrow")}
    escape = eve.get("escape", "car")
    for key, a in arrows.items():
        if not cell_ok(key):
            problems.append(f"house.toml: eve.arrow.from: unknown cell {key!r}")
        for colour in ("black", "white"):
            target = a.get(colour)
            if target != escape and target not in arrows:
                problems.append(
                    f"house.toml: eve.arrow[{key}].{colour}: leads to {target!r}, which has no "
                    "arrows and is not the escape cell"
                )
    if not _reaches(arrows, escape):
        problems.append("house.toml: eve.arrow: every arrow route must reach the escape cell")
    return rooms


def _reaches(arrows: dict[str, dict], escape: str) -> bool:
    """Every route along the arrows ends on the escape cell (no loop)."""
    state: dict[str, int] = {}

    def visit(node: str) -> bool:
        if node == escape:
            return True
        if node not in arrows or state.get(node) == 1:
            return False
        if state.get(node) == 2:
            return True
        state[node] = 1
        ok = all(visit(arrows[node].get(c)) for c in ("black", "white"))
        state[node] = 2
        return ok

    return all(visit(node) for node in arrows)


def _check_cemetery(cemetery: dict, problems: list[str]) -> None:
    cells = {c.get("id"): c for c in _items(cemetery, "cell")}
    _unique(_items(cemetery, "cell"), "cemetery", "cell", problems)
    starts, cars = cemetery.get("starts", []), cemetery.get("cars", [])
    if len(starts) != 2 or any(s not in cells for s in starts):
        problems.append("cemetery.toml: starts: needs the 2 starting cells")
    if len(cars) != 2 or any(c not in cells for c in cars):
        problems.append("cemetery.toml: cars: needs the 2 Car cells")
    if not _int(cemetery.get("tombs")) or cemetery["tombs"] < 6:
        problems.append("cemetery.toml: tombs: at least 6 (2 Hordes put 3 Zombies each on them)")
    for cid, c in cells.items():
        nxt = c.get("next", [])
        if cid in cars and nxt:
            problems.append(f"cemetery.toml: cell[{cid}].next: a Car cell leads nowhere")
        if cid not in cars and len(nxt) not in (1, 2):
            problems.append(f"cemetery.toml: cell[{cid}].next: 1 cell, or 2 at an intersection")
        for n in nxt:
            if n not in cells:
                problems.append(f"cemetery.toml: cell[{cid}].next: unknown cell {n!r}")
    _check_squares(cemetery, cells, problems)
    graph = {
        cid: {"black": c.get("next", [None])[0], "white": c.get("next", [None])[-1]}
        for cid, c in cells.items()
        if cid not in cars
    }
    for car in cars:
        graph.pop(car, None)
    if not all(_reaches_any(graph, cid, set(cars)) for cid in graph):
        problems.append("cemetery.toml: cell: every path must lead to a Car cell without a loop")


def _check_squares(cemetery: dict, cells: dict, problems: list[str]) -> None:
    """Each path cell sits on a square of the grid (Odile's way off the path, EZA-H15), and
    the path goes from square to orthogonally adjacent square."""
    columns, rows = cemetery.get("columns"), cemetery.get("rows")
    if not _int(columns) or not _int(rows) or not 1 <= columns <= 26 or rows < 1:
        problems.append("cemetery.toml: columns, rows: the grid's size (1..26 columns)")
        return
    at: dict[str, tuple[int, int]] = {}
    for cid, c in cells.items():
        square = c.get("square")
        ok = isinstance(square, str) and len(square) >= 2 and square[1:].isdigit()
        x = ord(square[0]) - ord("A") if ok else -1
        if not ok or not 0 <= x < columns or not 1 <= int(square[1:]) <= rows:
            problems.append(f"cemetery.toml: cell[{cid}].square: a square like 'C2' on the grid")
            continue
        at[cid] = (x, int(square[1:]))
    for square, n in Counter(at.values()).items():
        if n > 1:
            problems.append(f"cemetery.toml: cell.square: {n} cells on the same square {square}")
    for cid, c in cells.items():
        for n in c.get("next", []):
            if cid in at and n in at:
                (x0, y0), (x1, y1) = at[cid], at[n]
                if abs(x0 - x1) + abs(y0 - y1) != 1:
                    problems.append(
                        f"cemetery.toml: cell[{cid}].next: {n!r} is not on an adjacent square"
                    )


def _reaches_any(graph: dict[str, dict], start: str, ends: set[str], depth: int = 0) -> bool:
    if start in ends:
        return True
    if start not in graph or depth > len(graph):
        return False
    return all(_reaches_any(graph, graph[start][c], ends, depth + 1) for c in ("black", "white"))


def _check_humans(humans: dict, box: dict, rooms: dict[str, int], problems: list[str]) -> None:
    rows = _items(humans, "human")
    if len(rows) != HUMAN_COUNT:
        problems.append(f"humans.toml: human: {HUMAN_COUNT} Humans expected, found {len(rows)}")
    _unique(rows, "humans", "human", problems)
    total = 0
    starts: Counter = Counter()
    for i, h in enumerate(rows):
        where = f"humans.toml: human[{i}]"
        tokens, supply = h.get("tokens"), h.get("supply")
        if (
            not isinstance(tokens, list)
            or len(tokens) != 3
            or not all(_int(t) and t >= 1 for t in tokens)
        ):
            problems.append(f"{where}.tokens: Bite tokens for 2, 3 and 4 Hordes, each at least 1")
        elif not _int(supply) or supply < max(tokens):
            problems.append(f"{where}.supply: at least the largest token count")
        if _int(supply):
            total += supply
        if not _int(h.get("vp")) or h["vp"] < 0:
            problems.append(f"{where}.vp: Feast VP must be a whole number")
        for side in SIDES:
            if h.get(f"{side}_ability") not in ABILITIES:
                problems.append(f"{where}.{side}_ability: unknown ability code")
            if not isinstance(h.get(f"{side}_ability_text"), str):
                problems.append(f"{where}.{side}_ability_text: missing")
        start = h.get("house_start")
        room, _, cell = str(start).partition(":")
        if room not in rooms or not cell.isdigit() or not 1 <= int(cell) <= rooms[room]:
            problems.append(f"{where}.house_start: unknown House cell {start!r}")
        starts[start] += 1
    if total != box.get("bite_tokens"):
        problems.append(
            f"humans.toml: human.supply: adds up to {total}, the box holds "
            f"{box.get('bite_tokens')} Bite tokens"
        )
    for start, n in starts.items():
        if n > box.get("occupants_per_cell", 4):
            problems.append(f"humans.toml: human.house_start: {n} Humans start on {start}")


def _check_traits(traits: dict, problems: list[str]) -> None:
    rows = _items(traits, "trait")
    if len(rows) != TRAIT_COUNT:
        problems.append(f"traits.toml: trait: {TRAIT_COUNT} Traits expected, found {len(rows)}")
    _unique(rows, "traits", "trait", problems)
    for i, t in enumerate(rows):
        if not _int(t.get("vp")) or t["vp"] < 0:
            problems.append(f"traits.toml: trait[{i}].vp: Fatal-blow VP must be a whole number")
        for e in t.get("effects", []):
            if not isinstance(e, str) or not TRAIT_EFFECT.match(e):
                problems.append(f"traits.toml: trait[{i}].effects: unknown effect {e!r}")


def _check_human_cards(cards: dict, human_ids: set, humans: dict, problems: list[str]) -> None:
    abilities = {h.get("id"): h for h in _items(humans, "human")}
    for side in SIDES:
        rows = _items(cards, side)
        if len(rows) != HUMAN_CARDS[side]:
            problems.append(
                f"human_cards.toml: {side}: {HUMAN_CARDS[side]} cards expected, found {len(rows)}"
            )
        _unique(rows, "human_cards", side, problems)
        for i, c in enumerate(rows):
            where = f"human_cards.toml: {side}[{i}]"
            if c.get("human") not in human_ids:
                problems.append(f"{where}.human: unknown Human {c.get('human')!r}")
                continue
            effects = c.get("effects")
            if not isinstance(effects, list) or not effects:
                problems.append(f"{where}.effects: at least one effect")
                continue
            ability = abilities[c["human"]].get(f"{side}_ability")
            for e in effects:
                if not isinstance(e, str) or not HUMAN_EFFECT[side].match(e):
                    problems.append(f"{where}.effects: unknown {side} effect {e!r}")
                elif e.startswith("arrow:") and ability != "eve_arrows":
                    problems.append(f"{where}.effects: only Eve follows arrows")
                elif e.startswith(("move", "change_room")) and ability == "eve_arrows":
                    problems.append(f"{where}.effects: Eve moves by arrows only (EZA-H15)")
                elif e == "cheer" and ability != "adele_cheer":
                    problems.append(f"{where}.effects: only Adèle cheers")


def _check_events(events: dict, problems: list[str]) -> None:
    for side in SIDES:
        rows = _items(events, side)
        if len(rows) != EVENTS_PER_SIDE:
            problems.append(
                f"events.toml: {side}: {EVENTS_PER_SIDE} Events expected, found {len(rows)}"
            )
        _unique(rows, "events", side, problems)
        kinds = Counter(r.get("kind") for r in rows)
        if kinds["zombie"] < 4 or kinds["human"] < 4:
            problems.append(
                f"events.toml: {side}.kind: at least 4 Zombie and 4 Human Events (difficulty "
                "levels and the longer-games variant, EZA-S3, EZA-V4)"
            )
        for i, r in enumerate(rows):
            allowed = ZOMBIE_EVENT_EFFECTS if r.get("kind") == "zombie" else HUMAN_EVENT_EFFECTS
            if r.get("kind") not in ("zombie", "human"):
                problems.append(f"events.toml: {side}[{i}].kind: zombie or human")
            elif r.get("effect") not in allowed:
                problems.append(f"events.toml: {side}[{i}].effect: not a {r['kind']} Event effect")
            if not isinstance(r.get("name"), str):
                problems.append(f"events.toml: {side}[{i}].name: missing")


def _check_mutations(mutations: dict, problems: list[str]) -> None:
    rows = _items(mutations, "mutation")
    if len(rows) != MUTATION_COUNT:
        problems.append(f"mutations.toml: mutation: {MUTATION_COUNT} expected, found {len(rows)}")
    _unique(rows, "mutations", "mutation", problems)
    for i, m in enumerate(rows):
        if m.get("kind") not in ("instant", "permanent"):
            problems.append(f"mutations.toml: mutation[{i}].kind: instant or permanent")
        if not isinstance(m.get("name"), str) or not isinstance(m.get("text"), str):
            problems.append(f"mutations.toml: mutation[{i}]: needs a name and a text")
        if m.get("effect") not in MUTATION_EFFECTS:
            problems.append(
                f"mutations.toml: mutation[{i}].effect: one of {', '.join(MUTATION_EFFECTS)}"
            )
        if "amount" in m and (not _int(m["amount"]) or not 1 <= m["amount"] <= 4):
            problems.append(f"mutations.toml: mutation[{i}].amount: 1 to 4")


def _check_zombie_cards(zombies: dict, box: dict, problems: list[str]) -> None:
    basic, colour = _items(zombies, "basic"), _items(zombies, "colour")
    if len(basic) != BASIC_ZOMBIE_CARDS:
        problems.append(
            f"zombie_cards.toml: basic: {BASIC_ZOMBIE_CARDS} expected, found {len(basic)}"
        )
    _unique(basic + colour, "zombie_cards", "basic/colour", problems)
    per = Counter(c.get("colour") for c in colour)
    for c in box.get("colours", []):
        if per[c] != box.get("zombie_cards_per_horde"):
            problems.append(
                f"zombie_cards.toml: colour: {per[c]} {c} cards, expected "
                f"{box.get('zombie_cards_per_horde')}"
            )
    for key, rows in (("basic", basic), ("colour", colour)):
        for i, c in enumerate(rows):
            for part in ("main", "bonus"):
                for e in c.get(part, []):
                    if not isinstance(e, str) or not ZOMBIE_EFFECT.match(e):
                        problems.append(
                            f"zombie_cards.toml: {key}[{i}].{part}: unknown effect {e!r}"
                        )
            if not c.get("main"):
                problems.append(f"zombie_cards.toml: {key}[{i}].main: at least one main effect")
