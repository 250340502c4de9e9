"""Student Bodies content pack: checking it (every problem names its file and field) and turning
it into the content a table copies into its state.

Files: ``main_deck`` (82 cards), ``items`` (23), ``zombie_deck`` (40: Base and Levels 1–3),
``difficulty`` (the SB-S4 chart, from the rule text), ``scenario`` (14 Hallway, 8 Lab and 7 Exit
cards), ``box`` (standees, reserves, beaker mix, corpse mix, die faces, health and stamina).
Each copy of a card becomes one physical card with a stable id ``<key>#<n>`` (SB-S6).
"""

from __future__ import annotations

import re
from typing import Any

from tableapp.engine.messages import M, Message, missing_names, named, problem
from tableapp.engine.pack_format import BOOL, INT, LIST_LENGTH, NAME, TEXT, WORD, many, rows

FILES = ("main_deck", "items", "zombie_deck", "difficulty", "scenario", "box")
SIZES = {"main_deck": 82, "items": 23, "zombie_deck": 40}
SCENARIO = {"hallway": 14, "lab": 8, "exit": 7}
CARD_TYPES = ("action", "fast", "reaction")
TRIGGERS = {"action": ("",), "fast": ("", "attacked"), "reaction": ("defend", "entered", "pushed")}
ICONS = ("attack", "defense")
ATTACKS = ("bash", "knockdown", "push")
DEFENDS = ("bite", "bash", "knockdown", "push")
AGAINST = ("any", "zombies")
LEVELS = ("base", "1", "2", "3")
ZOMBIE_ICONS = ("spawn", "act")
CORPSES = ("item", "empty", "bite")
BEAKERS = ("antidote", "stamina", "heal", "discard", "poison", "knockdown")
FACES = ("miss", "bite", "knockdown")
DIFFICULTIES = ("easy", "intermediate", "hard")
PLAYERS = (2, 3, 4, 5)
#: Effects: the key and the type of its value (``range`` only goes with ``attack``).
EFFECTS = {
    "move": int,
    "rush": int,
    "stamina": int,
    "heal": int,
    "draw": int,
    "stand": bool,
    "attack": str,
    "steal": bool,
    "switch": bool,
    "push_back": bool,
}
KEY = re.compile(r"^[a-z][a-z0-9_]*$")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _at(where: str, field: str) -> str:
    """``main_deck.toml: cards[3]`` + ``cost``: ``…cards[3].cost``; ``box.toml:`` + ``health``:
    ``box.toml: health``."""
    return f"{where} {field}" if where.endswith(":") else f"{where}.{field}"


def _values(values: tuple) -> str:
    return ", ".join(map(repr, values))


class _Problems(list):
    """Problems as messages (``problem(where, what, ...)``): ``where`` names the file and the
    field the way the pack writes them, ``what`` says what is wrong in the reader's language."""

    def need_int(self, row: dict, field: str, where: str, low: int, high: int) -> None:
        value = row.get(field)
        if not _is_int(value) or not low <= value <= high:
            self.append(problem(_at(where, field), "pack.whole", low=low, high=high))

    def need_choice(self, row: dict, field: str, where: str, values: tuple) -> None:
        if row.get(field) not in values:
            self.append(problem(_at(where, field), "pack.one_of", values=_values(values)))

    def need_list(self, row: dict, field: str, where: str, values: tuple) -> None:
        value = row.get(field, [])
        if not isinstance(value, list) or any(v not in values for v in value):
            self.append(problem(_at(where, field), "sb.pack.list_of", values=_values(values)))

    def name_card(self, before: int, row: dict) -> None:
        """Name the card (``name`` / ``name_fr``) in the problems found since ``before``."""
        names = {
            lang: row[key].strip()
            for lang, key in (("en", "name"), ("fr", "name_fr"))
            if isinstance(row.get(key), str) and row[key].strip()
        }
        if names and len(self) > before:
            card = named(
                {"en": names.get("en", names.get("fr")), "fr": names.get("fr", names.get("en"))}
            )
            self[before:] = [M("pack.named", problem=p, card=card) for p in self[before:]]


def validate_content(pack: Any) -> list[Message]:
    """Problems with a loaded pack, each naming the file, the card and the field (messages, in
    the reader's language); ``[]`` when it is fine."""
    problems = _Problems()
    for name in FILES:
        if not isinstance(pack, dict) or not isinstance(pack.get(name), dict):
            problems.append(problem(f"{name}.toml:", "pack.missing_file"))
    if problems:
        return list(problems)
    _check_cards(pack["main_deck"], problems)
    _check_items(pack["items"], problems)
    _check_zombie_deck(pack["zombie_deck"], problems)
    _check_difficulty(pack["difficulty"], pack["zombie_deck"], problems)
    _check_scenario(pack["scenario"], pack["box"], problems)
    _check_box(pack["box"], problems)
    return list(problems)


def _rows(data: dict, table: str, file: str, problems: _Problems) -> list[dict]:
    rows = data.get(table)
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        problems.append(problem(f"{file}.toml:", "pack.list", key=table))
        return []
    return rows


def _keys(rows: list[dict], file: str, table: str, problems: _Problems) -> None:
    seen: set[str] = set()
    for index, row in enumerate(rows):
        key = row.get("key")
        before = len(problems)
        if not isinstance(key, str) or not KEY.match(key):
            problems.append(problem(f"{file}.toml: {table}[{index}].key", "sb.pack.key"))
        elif key in seen:
            problems.append(problem(f"{file}.toml: {table}[{index}].key {key!r}", "pack.twice"))
        else:
            seen.add(key)
        problems.name_card(before, row)


def _copies(rows: list[dict], file: str, table: str, size: int, problems: _Problems) -> None:
    total, bad = 0, False
    for index, row in enumerate(rows):
        copies = row.get("copies")
        if not _is_int(copies) or not 1 <= copies <= size:
            before = len(problems)
            problems.append(
                problem(f"{file}.toml: {table}[{index}].copies", "pack.whole", low=1, high=size)
            )
            problems.name_card(before, row)
            bad = True
        else:
            total += copies
    if rows and not bad and total != size:
        problems.append(problem(f"{file}.toml:", "sb.pack.copies", total=total, size=size))


def _check_effects(effects: Any, where: str, problems: _Problems) -> None:
    if not isinstance(effects, list):
        problems.append(problem(f"{where}.effects", "sb.pack.effects"))
        return
    for i, effect in enumerate(effects):
        here = f"{where}.effects[{i}]"
        if not isinstance(effect, dict):
            problems.append(problem(here, "sb.pack.effect_table"))
            continue
        kinds = [k for k in effect if k in EFFECTS]
        extra = set(effect) - set(EFFECTS) - ({"range"} if "attack" in effect else set())
        if len(kinds) != 1 or extra:
            problems.append(problem(here, "sb.pack.one_effect", kinds=", ".join(EFFECTS)))
            continue
        kind = kinds[0]
        value = effect[kind]
        if EFFECTS[kind] is int and (not _is_int(value) or not 1 <= value <= 6):
            problems.append(problem(f"{here}.{kind}", "pack.whole", low=1, high=6))
        elif EFFECTS[kind] is bool and value is not True:
            problems.append(problem(f"{here}.{kind}", "sb.pack.true"))
        elif kind == "attack":
            if value not in ATTACKS:
                problems.append(problem(f"{here}.attack", "pack.one_of", values=_values(ATTACKS)))
            rng = effect.get("range", 1)
            if not _is_int(rng) or not 1 <= rng <= 6:
                problems.append(problem(f"{here}.range", "pack.whole", low=1, high=6))


def _check_ability(row: dict, where: str, timing: str, problems: _Problems) -> None:
    """The parts a card and an item ability share: trigger, effects, defense."""
    trigger = row.get("trigger", "")
    if trigger not in TRIGGERS.get(timing, ()):
        allowed = _values(TRIGGERS.get(timing, ()))
        problems.append(
            problem(f"{where}.trigger", "sb.pack.trigger", values=allowed, timing=repr(timing))
        )
    _check_effects(row.get("effects", []), where, problems)
    problems.need_list(row, "defends", where, DEFENDS)
    if trigger == "defend":
        if not row.get("defends"):
            problems.append(problem(f"{where}.defends", "sb.pack.defends_empty"))
        problems.need_choice(row, "against", where, AGAINST)
    elif row.get("defends"):
        problems.append(problem(f"{where}.defends", "sb.pack.defends_only"))


def _check_cards(data: dict, problems: _Problems) -> None:
    rows = _rows(data, "cards", "main_deck", problems)
    problems += missing_names(rows, "main_deck.toml: cards", ("name", "text"))
    _keys(rows, "main_deck", "cards", problems)
    for index, row in enumerate(rows):
        where = f"main_deck.toml: cards[{index}]"
        before = len(problems)
        problems.need_choice(row, "type", where, CARD_TYPES)
        problems.need_int(row, "cost", where, 0, 2)
        problems.need_list(row, "icons", where, ICONS)
        if row.get("type") in CARD_TYPES:
            _check_ability(row, where, row["type"], problems)
        attacks = any("attack" in e for e in row.get("effects", []) if isinstance(e, dict))
        icons = row.get("icons", [])
        if isinstance(icons, list) and attacks != ("attack" in icons):
            problems.append(problem(f"{where}.icons", "sb.pack.attack_icon"))
        if isinstance(icons, list) and bool(row.get("defends")) != ("defense" in icons):
            problems.append(problem(f"{where}.icons", "sb.pack.defense_icon"))
        smart = row.get("smart")
        if smart is not None:
            here = f"{where}.smart"
            if not isinstance(smart, dict):
                problems.append(problem(here, "pack.table"))
            else:
                problems.need_int(smart, "cost", here, 0, 2)
                _check_effects(smart.get("effects"), here, problems)
                problems += missing_names([smart], f"{where}.smart", ("text",))
        problems.name_card(before, row)
    _copies(rows, "main_deck", "cards", SIZES["main_deck"], problems)


def _check_items(data: dict, problems: _Problems) -> None:
    rows = _rows(data, "items", "items", problems)
    problems += missing_names(rows, "items.toml: items", ("name", "text"))
    _keys(rows, "items", "items", problems)
    for index, row in enumerate(rows):
        where = f"items.toml: items[{index}]"
        before = len(problems)
        _check_item(row, where, problems)
        problems.name_card(before, row)
    _copies(rows, "items", "items", SIZES["items"], problems)


def _check_item(row: dict, where: str, problems: _Problems) -> None:
    if not isinstance(row.get("weapon"), bool):
        problems.append(problem(f"{where}.weapon", "pack.bool"))
    if "hand_size" in row:
        problems.need_int(row, "hand_size", where, 1, 3)
    abilities = row.get("abilities", [])
    if not isinstance(abilities, list) or not all(isinstance(a, dict) for a in abilities):
        problems.append(problem(f"{where}.abilities", "sb.pack.abilities"))
        return
    if not abilities and "hand_size" not in row:
        problems.append(problem(where, "sb.pack.does_nothing"))
    for i, ability in enumerate(abilities):
        here = f"{where}.abilities[{i}]"
        problems.need_choice(ability, "timing", here, CARD_TYPES)
        problems.need_int(ability, "cost", here, 0, 2)
        for flag in ("spend", "trash"):
            if not isinstance(ability.get(flag), bool):
                problems.append(problem(f"{here}.{flag}", "pack.bool"))
        if ability.get("timing") in CARD_TYPES:
            _check_ability(ability, here, ability["timing"], problems)


def _check_zombie_deck(data: dict, problems: _Problems) -> None:
    rows = _rows(data, "cards", "zombie_deck", problems)
    problems += missing_names(rows, "zombie_deck.toml: cards")
    _keys(rows, "zombie_deck", "cards", problems)
    for index, row in enumerate(rows):
        where = f"zombie_deck.toml: cards[{index}]"
        before = len(problems)
        problems.need_choice(row, "level", where, LEVELS)
        icons = row.get("icons")
        if not isinstance(icons, list) or not icons or any(i not in ZOMBIE_ICONS for i in icons):
            problems.append(problem(f"{where}.icons", "sb.pack.zombie_icons"))
        problems.name_card(before, row)
    _copies(rows, "zombie_deck", "cards", SIZES["zombie_deck"], problems)


def level_sizes(zombie_deck: dict) -> dict[str, int]:
    sizes = dict.fromkeys(LEVELS, 0)
    for row in zombie_deck.get("cards", []):
        if isinstance(row, dict) and row.get("level") in sizes and _is_int(row.get("copies")):
            sizes[row["level"]] += row["copies"]
    return sizes


def _check_difficulty(data: dict, zombie_deck: dict, problems: _Problems) -> None:
    where = "difficulty.toml:"
    problems.need_int(data, "base", where, 1, 40)
    problems.need_int(data, "level_cards", where, 1, 30)
    sizes = level_sizes(zombie_deck)
    if _is_int(data.get("base")) and sizes["base"] != data["base"]:
        problems.append(
            problem(f"{where} base", "sb.pack.base", count=data["base"], held=sizes["base"])
        )
    for name in DIFFICULTIES:
        table = data.get(name)
        if not isinstance(table, dict):
            problems.append(problem(f"{where} [{name}]", "sb.pack.missing_table"))
            continue
        problems += missing_names([table], f"{where} {name}")
        for players in PLAYERS:
            row = table.get(str(players))
            here = f"{where} {name}.{players}"
            if not isinstance(row, dict) or set(row) != {"1", "2", "3"}:
                problems.append(problem(here, "sb.pack.levels"))
                continue
            for level, count in row.items():
                if not _is_int(count) or not 0 <= count <= sizes[level]:
                    problems.append(
                        problem(f"{here}.{level}", "sb.pack.level_count", high=sizes[level])
                    )
            total = sum(v for v in row.values() if _is_int(v))
            if total != data.get("level_cards"):
                problems.append(
                    problem(here, "sb.pack.deals", total=total, needed=data.get("level_cards"))
                )


def _check_scenario(data: dict, box: dict, problems: _Problems) -> None:
    fields = {
        "hallway": {"zombies": 5, "corpses": 5, "obstacles": 8, "spawn_points": 4, "lockers": 2},
        "lab": {"zombies": 4, "corpses": 5, "obstacles": 8, "beaker_spaces": 7},
        "exit": {"zombies": 4, "corpses": 5, "obstacles": 8, "exits": 3},
    }
    for table, size in SCENARIO.items():
        rows = _rows(data, table, "scenario", problems)
        problems += missing_names(rows, f"scenario.toml: {table}")
        _keys(rows, "scenario", table, problems)
        if rows and len(rows) != size:
            problems.append(
                problem(
                    "scenario.toml:", "sb.pack.scenario", count=len(rows), table=table, size=size
                )
            )
        for index, row in enumerate(rows):
            before = len(problems)
            for field, high in fields[table].items():
                problems.need_int(row, field, f"scenario.toml: {table}[{index}]", 0, high)
            problems.name_card(before, row)
    spare = box.get("zombies", 0) - box.get("lab_reserve", 0) - box.get("exit_reserve", 0)
    hall = [r.get("zombies") for r in data.get("hallway", []) if isinstance(r, dict)]
    hall = sorted((z for z in hall if _is_int(z)), reverse=True)
    if len(hall) >= 2 and _is_int(spare) and hall[0] + hall[1] > spare:
        problems.append(
            problem(
                "scenario.toml:", "sb.pack.hallway_zombies", count=hall[0] + hall[1], spare=spare
            )
        )


def _check_box(data: dict, problems: _Problems) -> None:
    where = "box.toml:"
    for field, low, high in (
        ("zombies", 1, 40),
        ("lab_reserve", 0, 8),
        ("exit_reserve", 0, 8),
        ("beakers", 1, 13),
        ("beakers_five", 1, 13),
        ("health", 1, 9),
        ("stamina", 1, 9),
        ("hand_size", 1, 9),
        ("smart_health", 1, 9),
    ):
        problems.need_int(data, field, where, low, high)
    for table, kinds, total in (("corpses", CORPSES, 20), ("beakers_mix", BEAKERS, 13)):
        rows = _rows(data, table, "box", problems)
        problems += missing_names(rows, f"{where} {table}")
        seen = [r.get("kind") for r in rows]
        if sorted(seen, key=repr) != sorted(kinds, key=repr):
            problems.append(problem(f"{where} {table}", "sb.pack.each_once", values=_values(kinds)))
        for index, row in enumerate(rows):
            problems.need_int(row, "count", f"{where} {table}[{index}]", 0, total)
        counted = sum(r["count"] for r in rows if _is_int(r.get("count")))
        if counted != total:
            problems.append(
                problem(f"{where} {table}", "sb.pack.counts", total=counted, size=total)
            )
    mix = {
        r.get("kind"): r.get("count") for r in data.get("beakers_mix", []) if isinstance(r, dict)
    }
    if _is_int(mix.get("antidote")) and mix["antidote"] < 5:
        problems.append(problem(f"{where} beakers_mix", "sb.pack.antidotes", players=5))
    faces = _rows(data, "die", "box", problems)
    problems += missing_names(faces, f"{where} die")
    for index, row in enumerate(faces):
        problems.need_choice(row, "face", f"{where} die[{index}]", FACES)
    if faces and {r.get("face") for r in faces} != set(FACES):
        problems.append(problem(f"{where} die", "sb.pack.faces", values=_values(FACES)))


# --- the content a table carries ---------------------------------------------------------------


def _physical(rows: list[dict], fields: tuple[str, ...]) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for row in rows:
        for n in range(1, row["copies"] + 1):
            card_id = f"{row['key']}#{n}"
            out[card_id] = {
                "id": card_id,
                "key": row["key"],
                **{f: row[f] for f in fields if f in row},
            }
    return out


def table_content(pack: dict) -> dict:
    """The read-only content of a valid pack, copied into every table's state."""
    common = ("name", "name_fr", "text", "text_fr")
    cards = _physical(
        pack["main_deck"]["cards"],
        (*common, "type", "cost", "icons", "trigger", "effects", "defends", "against", "smart"),
    )
    for card in cards.values():
        card.setdefault("trigger", "")
        card.setdefault("defends", [])
        card.setdefault("against", "any")
    items = _physical(pack["items"]["items"], (*common, "weapon", "hand_size", "abilities"))
    for item in items.values():
        item.setdefault("hand_size", 0)
        item["abilities"] = [
            {"trigger": "", "defends": [], "against": "any", "effects": [], **a}
            for a in item.get("abilities", [])
        ]
    zombie_cards = _physical(pack["zombie_deck"]["cards"], ("name", "name_fr", "level", "icons"))
    box = pack["box"]
    diff = pack["difficulty"]
    return {
        "cards": cards,
        "items": items,
        "zombie_cards": zombie_cards,
        "scenario": {t: {r["key"]: dict(r) for r in pack["scenario"][t]} for t in SCENARIO},
        "corpses": {r["kind"]: dict(r) for r in box["corpses"]},
        "beakers": {r["kind"]: dict(r) for r in box["beakers_mix"]},
        "die": [r["face"] for r in box["die"]],
        "faces": {r["face"]: {"name": r["name"], "name_fr": r["name_fr"]} for r in box["die"]},
        "box": {k: v for k, v in box.items() if _is_int(v)},
        "difficulty": {
            d: {
                "name": diff[d]["name"],
                "name_fr": diff[d]["name_fr"],
                "mix": {p: dict(diff[d][p]) for p in map(str, PLAYERS)},
            }
            for d in DIFFICULTIES
        },
        "base": diff["base"],
        "level_cards": diff["level_cards"],
    }


# --- the pack's format ----------------------------------------------------------------------

_NAMED = {"name": NAME, "name_fr": NAME}
_TEXTS = {"text": TEXT, "text_fr": TEXT}

_EFFECT = {
    **dict.fromkeys(("move", "rush", "stamina", "heal", "draw", "range"), INT),
    **dict.fromkeys(("stand", "steal", "switch", "push_back"), BOOL),
    "attack": WORD,
}
_ABILITY = {
    "trigger": WORD,
    "effects": rows(_EFFECT, most=LIST_LENGTH),
    "defends": many(WORD),
    "against": WORD,
}
_LEVELS = {"1": INT, "2": INT, "3": INT}
_DIFFICULTY = {**_NAMED, **dict.fromkeys(("2", "3", "4", "5"), _LEVELS)}
_KINDS = {"kind": WORD, "count": INT, **_NAMED}
_SETUP = {"key": WORD, **_NAMED, **dict.fromkeys(("zombies", "corpses", "obstacles"), INT)}
#: The pack's format: ``{file: shape}``, in the words of :mod:`tableapp.engine.pack_format`
#: (handed to ``define(pack_format=...)``): every field's type and bound, checked before
#: :func:`validate_content` sees the pack, and the pack's JSON Schema in the API spec.
FORMAT = {
    "main_deck": {
        "cards": rows(
            {
                "key": WORD,
                **_NAMED,
                **_TEXTS,
                "copies": INT,
                "type": WORD,
                "cost": INT,
                "icons": many(WORD),
                **_ABILITY,
                "smart": {"cost": INT, "effects": rows(_EFFECT, most=LIST_LENGTH), **_TEXTS},
            },
            most=82,
        )
    },
    "items": {
        "items": rows(
            {
                "key": WORD,
                **_NAMED,
                **_TEXTS,
                "copies": INT,
                "weapon": BOOL,
                "hand_size": INT,
                "abilities": rows(
                    {"timing": WORD, "cost": INT, "spend": BOOL, "trash": BOOL, **_ABILITY},
                    most=LIST_LENGTH,
                ),
            },
            most=23,
        )
    },
    "zombie_deck": {
        "cards": rows(
            {"key": WORD, **_NAMED, "copies": INT, "level": WORD, "icons": many(WORD)}, most=40
        )
    },
    "difficulty": {
        "base": INT,
        "level_cards": INT,
        **dict.fromkeys(("easy", "intermediate", "hard"), _DIFFICULTY),
    },
    "scenario": {
        "hallway": rows({**_SETUP, "spawn_points": INT, "lockers": INT}, most=14),
        "lab": rows({**_SETUP, "beaker_spaces": INT}, most=8),
        "exit": rows({**_SETUP, "exits": INT}, most=7),
    },
    "box": {
        **dict.fromkeys(
            (
                "zombies",
                "lab_reserve",
                "exit_reserve",
                "beakers",
                "beakers_five",
                "health",
                "stamina",
                "hand_size",
                "smart_health",
            ),
            INT,
        ),
        "corpses": rows(_KINDS, most=LIST_LENGTH),
        "beakers_mix": rows(_KINDS, most=LIST_LENGTH),
        "die": rows({"face": WORD, **_NAMED}, most=LIST_LENGTH),
    },
}
