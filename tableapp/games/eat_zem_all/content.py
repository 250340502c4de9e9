"""The content pack of Eat Zem All and its validation (the Eat Zem All rulebook, "Components",
"Zombie Card Effects", "Human Card Effects", "Board Details").

The pack is ``{file stem: data}`` (see ``tableapp/content``): ``box``, ``humans``, ``traits``,
``human_cards``, ``events``, ``mutations``, ``zombie_cards``, ``house`` and ``cemetery``. Card
effects are short codes (``activate:2x3``, ``move+2``, see :mod:`.effects`); every name and
text players read comes in English and French (``name`` / ``name_fr``, ``text`` / ``text_fr``).
:func:`validate` names every problem by file, card and field, as a message in the reader's
language (``problem(where, what)``: the generic whats in the ``packs`` domain, this game's own
``eza.pack.*``), and names the card or Human it is about.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ...engine.messages import M, Message, missing_names, named, problem
from ...engine.pack_format import BOOL, INT, NAME, TEXT, WORD, many, mapping, rows
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

#: The lists of tables each file holds (a row that is not a table is reported, then skipped).
_LISTS = {
    "humans": ("human",),
    "traits": ("trait",),
    "human_cards": SIDES,
    "events": SIDES,
    "mutations": ("mutation",),
    "zombie_cards": ("basic", "colour"),
    "house": ("room", "connection", "opening"),
    "cemetery": ("cell",),
}

Problems = list[Message]


def validate(pack: dict) -> list[Message]:
    """Every problem in the pack, each naming the file, the card and the field."""
    problems: Problems = []
    if not isinstance(pack, dict):
        return [problem("box.toml:", "pack.missing_file")]

    def need(file: str) -> dict:
        data = pack.get(file)
        if not isinstance(data, dict):
            problems.append(problem(f"{file}.toml:", "pack.missing_file"))
            return {}
        return data

    box, humans, traits = need("box"), need("humans"), need("traits")
    cards, events, mutations = need("human_cards"), need("events"), need("mutations")
    zombies, house, cemetery = need("zombie_cards"), need("house"), need("cemetery")
    if problems:
        return problems
    _check_rows(pack, problems)
    _check_box(box, problems)
    rooms = _check_house(house, problems)
    _check_cemetery(cemetery, problems)
    _check_humans(humans, box, rooms, problems)
    human_ids = {_key(h.get("id")) for h in _items(humans, "human")}
    _check_traits(traits, problems)
    _check_human_cards(cards, human_ids, humans, problems)
    _check_events(events, problems)
    _check_mutations(mutations, problems)
    _check_zombie_cards(zombies, box, problems)
    _check_languages(pack, problems)
    return problems


def _check_rows(pack: dict, problems: Problems) -> None:
    """Each list is a list of tables."""
    for file, keys in _LISTS.items():
        for key in keys:
            value = pack[file].get(key, [])
            if not isinstance(value, list):
                problems.append(problem(f"{file}.toml: {key}", "pack.list", key=key))
                continue
            for i, row in enumerate(value):
                if not isinstance(row, dict):
                    problems.append(problem(f"{file}.toml: {key}[{i}]", "pack.table"))


def _check_languages(pack: dict, problems: Problems) -> None:
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
    """The tables of a list (what is not a table is reported by :func:`_check_rows`)."""
    value = data.get(key, [])
    return [r for r in value if isinstance(r, dict)] if isinstance(value, list) else []


def _key(value: Any) -> Any:
    """A value as a key to look up (a list or a table where an id belongs never matches)."""
    return value if isinstance(value, str | int | float | None) else repr(value)


def _digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also takes ``²``, which ``int`` refuses."""
    return text.isascii() and text.isdigit()


def _keys(value: Any) -> list:
    return [_key(v) for v in _list(value)]


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card(row: dict, index: int) -> Any:
    """How players know a card, a Human, a room: its names, else its id."""
    en, fr = row.get("name"), row.get("name_fr")
    if isinstance(en, str) and en.strip():
        return named({"en": en, "fr": fr if isinstance(fr, str) and fr.strip() else en})
    return row.get("id") if isinstance(row.get("id"), str) else index


def _name_card(problems: Problems, since: int, row: dict, index: Any, kind: str = "card") -> None:
    """The problems found since ``since`` are about ``row``: say which card (or Human, or
    place on the board) it is."""
    card = _card(row, index)
    problems[since:] = [
        M("eza.pack.named_human", problem=p, human=card)
        if kind == "human"
        else M("eza.pack.named_place", problem=p, place=card)
        if kind == "place"
        else M("pack.named", problem=p, card=card)
        for p in problems[since:]
    ]


def _how_many(problems: Problems, where: str, expected: int, found: int) -> None:
    if found != expected:
        problems.append(problem(where, "eza.pack.how_many", expected=expected, found=found))


def _unique(rows: list[dict], file: str, key: str, problems: Problems) -> None:
    ids = Counter(_key(r.get("id")) for r in rows)
    for card_id, n in ids.items():
        if not isinstance(card_id, str) or not card_id:
            problems.append(problem(f"{file}.toml: {key}.id", "pack.id"))
        elif n > 1:
            problems.append(problem(f"{file}.toml: {key}.id {card_id}", "pack.twice"))


#: The box's counts (whole numbers); the pack format (FORMAT, below) declares each of them.
BOX_COUNTS = (
    "bite_tokens",
    "defense_cubes",
    "tombstones",
    "pawns_per_horde",
    "zombie_cards_per_horde",
    "mutations_kept",
    "human_cards_drawn",
    "track_size",
    "occupants_per_cell",
)


def _check_box(box: dict, problems: Problems) -> None:
    for key in BOX_COUNTS:
        if not _int(box.get(key)) or box[key] < 1:
            problems.append(problem(f"box.toml: {key}", "eza.pack.at_least", low=1))
    colours = box.get("colours")
    if (
        not isinstance(colours, list)
        or len(colours) < 4
        or not all(isinstance(c, str) for c in colours)
        or len(set(colours)) != len(colours)
    ):
        problems.append(problem("box.toml: colours", "eza.pack.colours", count=4))
    start = box.get("start_zombies")
    start = start if isinstance(start, dict) else {}
    pawns = box.get("pawns_per_horde") if _int(box.get("pawns_per_horde")) else 10
    for n in ("2", "3", "4"):
        if not _int(start.get(n)) or not 1 <= start[n] <= pawns:
            where = f"box.toml: start_zombies.{n}"
            problems.append(problem(where, "pack.whole", low=1, high=pawns))


def _check_house(house: dict, problems: Problems) -> dict[str, int]:
    """The House file's rooms and cells checked, each fault one line naming the room: long because
    it is one check per field of the file, in its order."""
    rooms: dict[str, int] = {}
    for i, room in enumerate(_items(house, "room")):
        if not isinstance(room.get("id"), str) or not _int(room.get("cells")) or room["cells"] < 1:
            before = len(problems)
            problems.append(problem(f"house.toml: room[{i}]", "eza.pack.room"))
            _name_card(problems, before, room, i, "place")
            continue
        rooms[room["id"]] = room["cells"]
    if not rooms:
        problems.append(problem("house.toml: room", "pack.list", key="room"))

    def cell_ok(key: Any) -> bool:
        if not isinstance(key, str) or ":" not in key:
            return False
        room, _, cell = key.partition(":")
        return room in rooms and _digits(cell) and 1 <= int(cell) <= rooms[room]

    for i, c in enumerate(_items(house, "connection")):
        where = f"house.toml: connection[{i}]"
        room, to = _key(c.get("room")), _key(c.get("to"))
        if room not in rooms or to not in rooms or to == room:
            problems.append(problem(where, "eza.pack.two_rooms"))
        elif not _int(c.get("cell")) or not 1 <= c["cell"] <= rooms[room]:
            problems.append(problem(f"{where}.cell", "pack.whole", low=1, high=rooms[room]))
        elif c["cell"] > rooms[to]:
            problems.append(
                problem(f"{where}.cell", "eza.pack.no_cell_in", room=to, cell=c["cell"])
            )
    seen = Counter((str(c.get("room")), str(c.get("cell"))) for c in _items(house, "connection"))
    for (room, cell), n in seen.items():
        if n > 1:
            where = f"house.toml: connection {room}:{cell}"
            problems.append(problem(where, "eza.pack.symbols", symbols=n))
    openings = _items(house, "opening")
    _unique(openings, "house", "opening", problems)
    if not any(o.get("kind") == "front_door" for o in openings):
        problems.append(problem("house.toml: opening", "eza.pack.front_door"))
    for i, o in enumerate(openings):
        before = len(problems)
        where = f"house.toml: opening[{i}]"
        if o.get("kind") not in ("front_door", "window", "interior_door"):
            values = "front_door, window, interior_door"
            problems.append(problem(f"{where}.kind", "pack.one_of", values=values))
        unknown = [str(r) for r in _keys(o.get("rooms")) if r not in rooms]
        if not _list(o.get("rooms")) or unknown:
            problems.append(problem(f"{where}.rooms", "eza.pack.unknown_room", ids=unknown))
        if not _int(o.get("limit")) or o["limit"] < 0:
            problems.append(problem(f"{where}.limit", "eza.pack.at_least", low=0))
        elif not _int(o.get("cubes")) or not 0 <= o["cubes"] <= o["limit"]:
            problems.append(problem(f"{where}.cubes", "pack.whole", low=0, high=o["limit"]))
        if not isinstance(o.get("exit"), bool):
            problems.append(problem(f"{where}.exit", "pack.bool"))
        bad = [str(c) for c in _list(o.get("cells")) if not cell_ok(c)]
        if bad or not isinstance(o.get("cells", []), list):
            problems.append(problem(f"{where}.cells", "eza.pack.unknown_cell", ids=bad))
        _name_card(problems, before, o, i, "place")
    eve = house.get("eve") if isinstance(house.get("eve"), dict) else {}
    arrows = {_key(a.get("from")): a for a in _items(eve, "arrow")}
    escape = _key(eve.get("escape", "car"))
    for key, a in arrows.items():
        if not cell_ok(key):
            problems.append(
                problem("house.toml: eve.arrow.from", "eza.pack.unknown_cell", ids=[str(key)])
            )
        for colour in ("black", "white"):
            target = _key(a.get(colour))
            if target != escape and target not in arrows:
                where = f"house.toml: eve.arrow[{key}].{colour}"
                problems.append(problem(where, "eza.pack.dead_end", cell=str(target)))
    if not _reaches(arrows, escape):
        problems.append(problem("house.toml: eve.arrow", "eza.pack.arrow_routes"))
    return rooms


def _reaches(arrows: dict[str, dict], escape: str) -> bool:
    """Every route along the arrows ends on the escape cell (no loop)."""
    state: dict[str, int] = {}

    def visit(node: str) -> bool:
        node = _key(node)
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


def _check_cemetery(cemetery: dict, problems: Problems) -> None:
    cells = {_key(c.get("id")): c for c in _items(cemetery, "cell")}
    _unique(_items(cemetery, "cell"), "cemetery", "cell", problems)
    starts, cars = _keys(cemetery.get("starts")), _keys(cemetery.get("cars"))
    if len(starts) != 2 or any(s not in cells for s in starts):
        problems.append(problem("cemetery.toml: starts", "eza.pack.two_cells_start"))
    if len(cars) != 2 or any(c not in cells for c in cars):
        problems.append(problem("cemetery.toml: cars", "eza.pack.two_cells_car"))
    if not _int(cemetery.get("tombs")) or cemetery["tombs"] < 6:
        problems.append(problem("cemetery.toml: tombs", "eza.pack.tombs", low=6))
    for cid, c in cells.items():
        before = len(problems)
        nxt = _keys(c.get("next"))
        where = f"cemetery.toml: cell[{cid}].next"
        if cid in cars and nxt:
            problems.append(problem(where, "eza.pack.car_next"))
        if cid not in cars and len(nxt) not in (1, 2):
            problems.append(problem(where, "eza.pack.next_count"))
        unknown = [str(n) for n in nxt if n not in cells]
        if unknown:
            problems.append(problem(where, "eza.pack.unknown_cell", ids=unknown))
        _name_card(problems, before, c, cid, "place")
    _check_squares(cemetery, cells, problems)
    graph = {
        cid: {
            "black": (_keys(c.get("next")) or [None])[0],
            "white": (_keys(c.get("next")) or [None])[-1],
        }
        for cid, c in cells.items()
        if cid not in cars
    }
    if not all(_reaches_any(graph, cid, set(cars)) for cid in graph):
        problems.append(problem("cemetery.toml: cell", "eza.pack.paths"))


def _check_squares(cemetery: dict, cells: dict, problems: Problems) -> None:
    """Each path cell sits on a square of the grid (Odile's way off the path, EZA-H15), and
    the path goes from square to orthogonally adjacent square."""
    columns, rows = cemetery.get("columns"), cemetery.get("rows")
    if not _int(columns) or not _int(rows) or not 1 <= columns <= 26 or rows < 1:
        problems.append(problem("cemetery.toml: columns, rows", "eza.pack.grid", high=26))
        return
    at: dict[str, tuple[int, int]] = {}
    for cid, c in cells.items():
        square = c.get("square")
        ok = isinstance(square, str) and len(square) >= 2 and _digits(square[1:])
        x = ord(square[0]) - ord("A") if ok else -1
        if not ok or not 0 <= x < columns or not 1 <= int(square[1:]) <= rows:
            before = len(problems)
            problems.append(problem(f"cemetery.toml: cell[{cid}].square", "eza.pack.square"))
            _name_card(problems, before, c, cid, "place")
            continue
        at[cid] = (x, int(square[1:]))
    for (x, y), n in Counter(at.values()).items():
        if n > 1:
            where = f"cemetery.toml: cell.square {chr(ord('A') + x)}{y}"
            problems.append(problem(where, "eza.pack.same_square", cells=n))
    for cid, c in cells.items():
        for n in _keys(c.get("next")):
            if cid in at and n in at:
                (x0, y0), (x1, y1) = at[cid], at[n]
                if abs(x0 - x1) + abs(y0 - y1) != 1:
                    before = len(problems)
                    where = f"cemetery.toml: cell[{cid}].next"
                    problems.append(problem(where, "eza.pack.not_adjacent", cell=str(n)))
                    _name_card(problems, before, c, cid, "place")


def _reaches_any(graph: dict[str, dict], start: str, ends: set[str], depth: int = 0) -> bool:
    if start in ends:
        return True
    if start not in graph or depth > len(graph):
        return False
    return all(_reaches_any(graph, graph[start][c], ends, depth + 1) for c in ("black", "white"))


def _check_humans(humans: dict, box: dict, rooms: dict[str, int], problems: Problems) -> None:
    rows = _items(humans, "human")
    _how_many(problems, "humans.toml: human", HUMAN_COUNT, len(rows))
    _unique(rows, "humans", "human", problems)
    total = 0
    starts: Counter = Counter()
    for i, h in enumerate(rows):
        before = len(problems)
        where = f"humans.toml: human[{i}]"
        tokens, supply = h.get("tokens"), h.get("supply")
        if (
            not isinstance(tokens, list)
            or len(tokens) != 3
            or not all(_int(t) and t >= 1 for t in tokens)
        ):
            problems.append(problem(f"{where}.tokens", "eza.pack.tokens"))
        elif not _int(supply) or supply < max(tokens):
            problems.append(problem(f"{where}.supply", "eza.pack.supply", low=max(tokens)))
        if _int(supply):
            total += supply
        if not _int(h.get("vp")) or h["vp"] < 0:
            problems.append(problem(f"{where}.vp", "eza.pack.at_least", low=0))
        for side in SIDES:
            if _key(h.get(f"{side}_ability")) not in ABILITIES:
                values = ", ".join(sorted(ABILITIES))
                problems.append(problem(f"{where}.{side}_ability", "pack.one_of", values=values))
        start = h.get("house_start")
        room, _, cell = str(start).partition(":")
        if room not in rooms or not _digits(cell) or not 1 <= int(cell) <= rooms[room]:
            problems.append(
                problem(f"{where}.house_start", "eza.pack.unknown_cell", ids=[str(start)])
            )
        starts[str(start)] += 1
        _name_card(problems, before, h, i, "human")
    if total != box.get("bite_tokens"):
        bites = box.get("bite_tokens")
        problems.append(
            problem(
                "humans.toml: human.supply", "eza.pack.supply_total", total=total, box=str(bites)
            )
        )
    limit = box.get("occupants_per_cell") if _int(box.get("occupants_per_cell")) else 4
    for start, n in starts.items():
        if n > limit:
            where = f"humans.toml: human.house_start {start}"
            problems.append(problem(where, "eza.pack.crowded", humans=n, limit=limit))


def _check_traits(traits: dict, problems: Problems) -> None:
    rows = _items(traits, "trait")
    _how_many(problems, "traits.toml: trait", TRAIT_COUNT, len(rows))
    _unique(rows, "traits", "trait", problems)
    for i, t in enumerate(rows):
        before = len(problems)
        if not _int(t.get("vp")) or t["vp"] < 0:
            problems.append(problem(f"traits.toml: trait[{i}].vp", "eza.pack.at_least", low=0))
        unknown = [
            str(e)
            for e in _list(t.get("effects"))
            if not isinstance(e, str) or not TRAIT_EFFECT.match(e)
        ]
        if unknown or not isinstance(t.get("effects", []), list):
            problems.append(
                problem(
                    f"traits.toml: trait[{i}].effects",
                    "pack.unknown_id",
                    kind=M("eza.pack.kind.effect"),
                    ids=unknown,
                )
            )
        _name_card(problems, before, t, i)


def _check_human_cards(cards: dict, human_ids: set, humans: dict, problems: Problems) -> None:
    # a Human without an id is no one a card can name (a card without its human is not theirs)
    people = {_key(h.get("id")): h for h in _items(humans, "human") if h.get("id") is not None}
    for side in SIDES:
        rows = _items(cards, side)
        _how_many(problems, f"human_cards.toml: {side}", HUMAN_CARDS[side], len(rows))
        _unique(rows, "human_cards", side, problems)
        for i, c in enumerate(rows):
            where = f"human_cards.toml: {side}[{i}]"
            before = len(problems)
            _check_human_card(c, side, where, people, problems)
            _name_card(problems, before, {"id": c.get("id")}, i)


def _check_human_card(c: dict, side: str, where: str, people: dict, problems: Problems) -> None:
    if _key(c.get("human")) not in people:
        problems.append(
            problem(
                f"{where}.human",
                "pack.unknown_id",
                kind=M("eza.pack.kind.human"),
                ids=[str(c.get("human"))],
            )
        )
        return
    effects = c.get("effects")
    if not isinstance(effects, list) or not effects:
        problems.append(problem(f"{where}.effects", "eza.pack.effects_needed"))
        return
    human = people[_key(c.get("human"))]
    ability = human.get(f"{side}_ability")
    who = _card(human, 0)
    for e in effects:
        if not isinstance(e, str) or not HUMAN_EFFECT[side].match(e):
            problems.append(
                problem(
                    f"{where}.effects",
                    "pack.unknown_id",
                    kind=M("eza.pack.kind.effect"),
                    ids=[str(e)],
                )
            )
        elif e.startswith("arrow:") and ability != "eve_arrows":
            problems.append(problem(f"{where}.effects", "eza.pack.only_eve", human=who))
        elif e.startswith(("move", "change_room")) and ability == "eve_arrows":
            problems.append(problem(f"{where}.effects", "eza.pack.eve_arrows_only", human=who))
        elif e == "cheer" and ability != "adele_cheer":
            problems.append(problem(f"{where}.effects", "eza.pack.only_adele", human=who))


def _check_events(events: dict, problems: Problems) -> None:
    for side in SIDES:
        rows = _items(events, side)
        _how_many(problems, f"events.toml: {side}", EVENTS_PER_SIDE, len(rows))
        _unique(rows, "events", side, problems)
        kinds = Counter(_key(r.get("kind")) for r in rows)
        if kinds["zombie"] < 4 or kinds["human"] < 4:
            problems.append(problem(f"events.toml: {side}.kind", "eza.pack.event_kinds", low=4))
        for i, r in enumerate(rows):
            before = len(problems)
            allowed = ZOMBIE_EVENT_EFFECTS if r.get("kind") == "zombie" else HUMAN_EVENT_EFFECTS
            if r.get("kind") not in ("zombie", "human"):
                problems.append(
                    problem(f"events.toml: {side}[{i}].kind", "pack.one_of", values="zombie, human")
                )
            elif _key(r.get("effect")) not in allowed:
                values = ", ".join(sorted(allowed))
                problems.append(
                    problem(f"events.toml: {side}[{i}].effect", "pack.one_of", values=values)
                )
            _name_card(problems, before, r, i)


def _check_mutations(mutations: dict, problems: Problems) -> None:
    rows = _items(mutations, "mutation")
    _how_many(problems, "mutations.toml: mutation", MUTATION_COUNT, len(rows))
    _unique(rows, "mutations", "mutation", problems)
    for i, m in enumerate(rows):
        before = len(problems)
        where = f"mutations.toml: mutation[{i}]"
        if m.get("kind") not in ("instant", "permanent"):
            problems.append(problem(f"{where}.kind", "pack.one_of", values="instant, permanent"))
        if m.get("effect") not in MUTATION_EFFECTS:
            values = ", ".join(MUTATION_EFFECTS)
            problems.append(problem(f"{where}.effect", "pack.one_of", values=values))
        if "amount" in m and (not _int(m["amount"]) or not 1 <= m["amount"] <= 4):
            problems.append(problem(f"{where}.amount", "pack.whole", low=1, high=4))
        _name_card(problems, before, m, i)


def _check_zombie_cards(zombies: dict, box: dict, problems: Problems) -> None:
    basic, colour = _items(zombies, "basic"), _items(zombies, "colour")
    _how_many(problems, "zombie_cards.toml: basic", BASIC_ZOMBIE_CARDS, len(basic))
    _unique(basic + colour, "zombie_cards", "basic/colour", problems)
    per = Counter(_key(c.get("colour")) for c in colour)
    expected = box.get("zombie_cards_per_horde")
    for c in _list(box.get("colours")):
        if isinstance(c, str) and per[c] != expected:
            where = f"zombie_cards.toml: colour {c}"
            problems.append(
                problem(where, "eza.pack.how_many", expected=str(expected), found=per[c])
            )
    for key, listed in (("basic", basic), ("colour", colour)):
        for i, c in enumerate(listed):
            before = len(problems)
            for part in ("main", "bonus"):
                unknown = [
                    str(e)
                    for e in _list(c.get(part))
                    if not isinstance(e, str) or not ZOMBIE_EFFECT.match(e)
                ]
                if unknown or not isinstance(c.get(part, []), list):
                    where = f"zombie_cards.toml: {key}[{i}].{part}"
                    problems.append(
                        problem(
                            where, "pack.unknown_id", kind=M("eza.pack.kind.effect"), ids=unknown
                        )
                    )
            if not _list(c.get("main")):
                problems.append(
                    problem(f"zombie_cards.toml: {key}[{i}].main", "eza.pack.effects_needed")
                )
            _name_card(problems, before, c, i)


# --- the pack's format ----------------------------------------------------------------------

_NAMED = {"name": NAME, "name_fr": NAME}
_TEXTS = {"text": TEXT, "text_fr": TEXT}

_EVENT = {"id": WORD, **_NAMED, "kind": WORD, "effect": WORD}
_HUMAN_CARD = {"id": WORD, "human": WORD, "effects": many(WORD)}
_ZOMBIE_CARD = {"id": WORD, **_NAMED, "main": many(WORD), "bonus": many(WORD)}
#: The pack's format: ``{file: shape}``, in the words of :mod:`tableapp.engine.pack_format`
#: (handed to ``define(pack_format=...)``): every field's type and bound, checked before
#: :func:`validate` sees the pack, and the pack's JSON Schema in the API spec.
FORMAT = {
    "box": {
        **dict.fromkeys(BOX_COUNTS, INT),
        "colours": many(WORD),
        "start_zombies": mapping(INT),
    },
    "cemetery": {
        "tombs": INT,
        "columns": INT,
        "rows": INT,
        "starts": many(WORD),
        "cars": many(WORD),
        "cell": rows({"id": WORD, **_NAMED, "square": WORD, "next": many(WORD)}, most=40),
    },
    "events": {"house": rows(_EVENT, most=20), "cemetery": rows(_EVENT, most=20)},
    "house": {
        "room": rows({"id": WORD, **_NAMED, "cells": INT}, most=20),
        "connection": rows({"room": WORD, "cell": INT, "to": WORD}, most=40),
        "opening": rows(
            {
                "id": WORD,
                **_NAMED,
                "kind": WORD,
                "rooms": many(WORD),
                "cubes": INT,
                "limit": INT,
                "exit": BOOL,
                "cells": many(WORD),
            },
            most=40,
        ),
        "eve": {
            "escape": WORD,
            "arrow": rows({"from": WORD, "black": WORD, "white": WORD}, most=40),
        },
    },
    "human_cards": {
        "house": rows(_HUMAN_CARD, most=50),
        "cemetery": rows(_HUMAN_CARD, most=50),
    },
    "humans": {
        "human": rows(
            {
                "id": WORD,
                **_NAMED,
                "vp": INT,
                "tokens": many(INT),
                "supply": INT,
                "house_start": WORD,
                "house_ability": WORD,
                "house_ability_text": TEXT,
                "house_ability_text_fr": TEXT,
                "cemetery_ability": WORD,
                "cemetery_ability_text": TEXT,
                "cemetery_ability_text_fr": TEXT,
            },
            most=20,
        )
    },
    "mutations": {
        "mutation": rows(
            {"id": WORD, **_NAMED, "kind": WORD, **_TEXTS, "effect": WORD, "amount": INT},
            most=50,
        )
    },
    "traits": {"trait": rows({"id": WORD, **_NAMED, "vp": INT, "effects": many(WORD)}, most=20)},
    "zombie_cards": {
        "basic": rows(_ZOMBIE_CARD, most=20),
        "colour": rows({**_ZOMBIE_CARD, "colour": WORD}, most=50),
    },
}
