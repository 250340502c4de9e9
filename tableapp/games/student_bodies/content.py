"""Student Bodies content pack: checking it (every problem names its file and field) and turning
it into the catalogue a table copies into its state.

Files: ``main_deck`` (82 cards), ``items`` (23), ``zombie_deck`` (40: Base and Levels 1–3),
``difficulty`` (the SB-S4 chart, from the rule text), ``scenario`` (14 Hallway, 8 Lab and 7 Exit
cards), ``box`` (standees, reserves, beaker mix, corpse mix, die faces, health and stamina).
Each copy of a card becomes one physical card with a stable id ``<key>#<n>`` (SB-S6).
"""

from __future__ import annotations

import re
from typing import Any

from tableapp.engine.messages import missing_names

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


class _Problems(list):
    def need_int(self, row: dict, field: str, where: str, low: int, high: int) -> None:
        value = row.get(field)
        if not _is_int(value) or not low <= value <= high:
            self.append(f"{where}.{field} must be a whole number from {low} to {high}")

    def need_choice(self, row: dict, field: str, where: str, values: tuple) -> None:
        if row.get(field) not in values:
            self.append(f"{where}.{field} must be one of {', '.join(map(repr, values))}")

    def need_list(self, row: dict, field: str, where: str, values: tuple) -> None:
        value = row.get(field, [])
        if not isinstance(value, list) or any(v not in values for v in value):
            self.append(f"{where}.{field} must be a list of {', '.join(map(repr, values))}")


def validate_content(pack: Any) -> list[str]:
    """Problems with a loaded pack, each naming the file and field; ``[]`` when it is fine."""
    if not isinstance(pack, dict):
        return ["the pack is not a folder of TOML files"]
    problems = _Problems()
    for name in FILES:
        if not isinstance(pack.get(name), dict):
            problems.append(f"{name}.toml: the file is missing")
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
        problems.append(f"{file}.toml: '{table}' must be a non-empty list of [[{table}]] tables")
        return []
    return rows


def _keys(rows: list[dict], file: str, table: str, problems: _Problems) -> None:
    seen: set[str] = set()
    for index, row in enumerate(rows):
        key = row.get("key")
        if not isinstance(key, str) or not KEY.match(key):
            problems.append(f"{file}.toml: {table}[{index}].key must be a lowercase id")
        elif key in seen:
            problems.append(f"{file}.toml: {table}[{index}].key {key!r} is listed twice")
        else:
            seen.add(key)


def _copies(rows: list[dict], file: str, table: str, size: int, problems: _Problems) -> None:
    total, bad = 0, False
    for index, row in enumerate(rows):
        copies = row.get("copies")
        if not _is_int(copies) or not 1 <= copies <= size:
            problems.append(f"{file}.toml: {table}[{index}].copies must be from 1 to {size}")
            bad = True
        else:
            total += copies
    if rows and not bad and total != size:
        problems.append(f"{file}.toml: the copies add up to {total} cards, the box holds {size}")


def _check_effects(effects: Any, where: str, problems: _Problems) -> None:
    if not isinstance(effects, list):
        problems.append(f"{where}.effects must be a list of effect tables")
        return
    for i, effect in enumerate(effects):
        here = f"{where}.effects[{i}]"
        if not isinstance(effect, dict):
            problems.append(f"{here} must be a table such as {{move = 2}}")
            continue
        kinds = [k for k in effect if k in EFFECTS]
        extra = set(effect) - set(EFFECTS) - ({"range"} if "attack" in effect else set())
        if len(kinds) != 1 or extra:
            problems.append(f"{here} must hold exactly one of {', '.join(EFFECTS)}")
            continue
        kind = kinds[0]
        value = effect[kind]
        if EFFECTS[kind] is int and (not _is_int(value) or not 1 <= value <= 6):
            problems.append(f"{here}.{kind} must be a whole number from 1 to 6")
        elif EFFECTS[kind] is bool and value is not True:
            problems.append(f"{here}.{kind} must be true")
        elif kind == "attack":
            if value not in ATTACKS:
                problems.append(f"{here}.attack must be one of {', '.join(ATTACKS)}")
            rng = effect.get("range", 1)
            if not _is_int(rng) or not 1 <= rng <= 6:
                problems.append(f"{here}.range must be a whole number from 1 to 6")


def _check_ability(row: dict, where: str, timing: str, problems: _Problems) -> None:
    """The parts a card and an item ability share: trigger, effects, defense."""
    trigger = row.get("trigger", "")
    if trigger not in TRIGGERS.get(timing, ()):
        allowed = ", ".join(repr(t) for t in TRIGGERS.get(timing, ()))
        problems.append(f"{where}.trigger must be one of {allowed} for a {timing!r}")
    _check_effects(row.get("effects", []), where, problems)
    problems.need_list(row, "defends", where, DEFENDS)
    if trigger == "defend":
        if not row.get("defends"):
            problems.append(f"{where}.defends must list what a defense stops")
        problems.need_choice(row, "against", where, AGAINST)
    elif row.get("defends"):
        problems.append(f"{where}.defends is only for trigger 'defend'")


def _check_cards(data: dict, problems: _Problems) -> None:
    rows = _rows(data, "cards", "main_deck", problems)
    problems += missing_names(rows, "main_deck.toml: cards", ("name", "text"))
    _keys(rows, "main_deck", "cards", problems)
    for index, row in enumerate(rows):
        where = f"main_deck.toml: cards[{index}]"
        problems.need_choice(row, "type", where, CARD_TYPES)
        problems.need_int(row, "cost", where, 0, 2)
        problems.need_list(row, "icons", where, ICONS)
        if row.get("type") in CARD_TYPES:
            _check_ability(row, where, row["type"], problems)
        attacks = any("attack" in e for e in row.get("effects", []) if isinstance(e, dict))
        icons = row.get("icons", [])
        if isinstance(icons, list) and attacks != ("attack" in icons):
            problems.append(f"{where}.icons must show 'attack' exactly when an effect attacks")
        if isinstance(icons, list) and bool(row.get("defends")) != ("defense" in icons):
            problems.append(f"{where}.icons must show 'defense' exactly when it defends")
        smart = row.get("smart")
        if smart is not None:
            here = f"{where}.smart"
            if not isinstance(smart, dict):
                problems.append(f"{here} must be a table")
                continue
            problems.need_int(smart, "cost", here, 0, 2)
            _check_effects(smart.get("effects"), here, problems)
            problems += missing_names([smart], f"{where}.smart", ("text",))
    _copies(rows, "main_deck", "cards", SIZES["main_deck"], problems)


def _check_items(data: dict, problems: _Problems) -> None:
    rows = _rows(data, "items", "items", problems)
    problems += missing_names(rows, "items.toml: items", ("name", "text"))
    _keys(rows, "items", "items", problems)
    for index, row in enumerate(rows):
        where = f"items.toml: items[{index}]"
        if not isinstance(row.get("weapon"), bool):
            problems.append(f"{where}.weapon must be true or false")
        if "hand_size" in row:
            problems.need_int(row, "hand_size", where, 1, 3)
        abilities = row.get("abilities", [])
        if not isinstance(abilities, list) or not all(isinstance(a, dict) for a in abilities):
            problems.append(f"{where}.abilities must be a list of [[items.abilities]] tables")
            continue
        if not abilities and "hand_size" not in row:
            problems.append(f"{where} does nothing: give it abilities or a hand_size")
        for i, ability in enumerate(abilities):
            here = f"{where}.abilities[{i}]"
            problems.need_choice(ability, "timing", here, CARD_TYPES)
            problems.need_int(ability, "cost", here, 0, 2)
            for flag in ("spend", "trash"):
                if not isinstance(ability.get(flag), bool):
                    problems.append(f"{here}.{flag} must be true or false")
            if ability.get("timing") in CARD_TYPES:
                _check_ability(ability, here, ability["timing"], problems)
    _copies(rows, "items", "items", SIZES["items"], problems)


def _check_zombie_deck(data: dict, problems: _Problems) -> None:
    rows = _rows(data, "cards", "zombie_deck", problems)
    problems += missing_names(rows, "zombie_deck.toml: cards")
    _keys(rows, "zombie_deck", "cards", problems)
    for index, row in enumerate(rows):
        where = f"zombie_deck.toml: cards[{index}]"
        problems.need_choice(row, "level", where, LEVELS)
        icons = row.get("icons")
        if not isinstance(icons, list) or not icons or any(i not in ZOMBIE_ICONS for i in icons):
            problems.append(f"{where}.icons must be a non-empty list of 'spawn' and 'act'")
    _copies(rows, "zombie_deck", "cards", SIZES["zombie_deck"], problems)


def level_sizes(zombie_deck: dict) -> dict[str, int]:
    sizes = dict.fromkeys(LEVELS, 0)
    for row in zombie_deck.get("cards", []):
        if isinstance(row, dict) and row.get("level") in sizes and _is_int(row.get("copies")):
            sizes[row["level"]] += row["copies"]
    return sizes


def _check_difficulty(data: dict, zombie_deck: dict, problems: _Problems) -> None:
    where = "difficulty.toml"
    problems.need_int(data, "base", where, 1, 40)
    problems.need_int(data, "level_cards", where, 1, 30)
    sizes = level_sizes(zombie_deck)
    if _is_int(data.get("base")) and sizes["base"] != data["base"]:
        problems.append(f"{where}.base is {data['base']}, zombie_deck.toml holds {sizes['base']}")
    for name in DIFFICULTIES:
        table = data.get(name)
        if not isinstance(table, dict):
            problems.append(f"{where}: [{name}] is missing")
            continue
        problems += missing_names([table], f"{where}: {name}")
        for players in PLAYERS:
            row = table.get(str(players))
            here = f"{where}: {name}.{players}"
            if not isinstance(row, dict) or set(row) != {"1", "2", "3"}:
                problems.append(f'{here} must give the Level "1", "2" and "3" counts')
                continue
            for level, count in row.items():
                if not _is_int(count) or not 0 <= count <= sizes[level]:
                    problems.append(f"{here}.{level} must be from 0 to {sizes[level]} (the level)")
            total = sum(v for v in row.values() if _is_int(v))
            if total != data.get("level_cards"):
                problems.append(f"{here} deals {total} level cards, not {data.get('level_cards')}")


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
            problems.append(f"scenario.toml: {len(rows)} [[{table}]] cards, the box holds {size}")
        for index, row in enumerate(rows):
            for field, high in fields[table].items():
                problems.need_int(row, field, f"scenario.toml: {table}[{index}]", 0, high)
    spare = box.get("zombies", 0) - box.get("lab_reserve", 0) - box.get("exit_reserve", 0)
    hall = [r.get("zombies") for r in data.get("hallway", []) if isinstance(r, dict)]
    hall = sorted((z for z in hall if _is_int(z)), reverse=True)
    if len(hall) >= 2 and _is_int(spare) and hall[0] + hall[1] > spare:
        problems.append(
            f"scenario.toml: two hallway cards may place {hall[0] + hall[1]} zombies, "
            f"only {spare} standees are not reserved"
        )


def _check_box(data: dict, problems: _Problems) -> None:
    where = "box.toml"
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
        problems += missing_names(rows, f"{where}: {table}")
        seen = [r.get("kind") for r in rows]
        if sorted(seen) != sorted(kinds):
            problems.append(f"{where}: {table} must list each of {', '.join(kinds)} once")
        for index, row in enumerate(rows):
            problems.need_int(row, "count", f"{where}: {table}[{index}]", 0, total)
        counted = sum(r["count"] for r in rows if _is_int(r.get("count")))
        if counted != total:
            problems.append(f"{where}: {table} counts add up to {counted}, the box holds {total}")
    mix = {
        r.get("kind"): r.get("count") for r in data.get("beakers_mix", []) if isinstance(r, dict)
    }
    if _is_int(mix.get("antidote")) and mix["antidote"] < 5:
        problems.append(f"{where}: beakers_mix needs an Antidote for each of 5 players")
    faces = _rows(data, "die", "box", problems)
    problems += missing_names(faces, f"{where}: die")
    for index, row in enumerate(faces):
        problems.need_choice(row, "face", f"{where}: die[{index}]", FACES)
    if faces and {r.get("face") for r in faces} != set(FACES):
        problems.append(f"{where}: die must show each of {', '.join(FACES)}")


# --- the catalogue --------------------------------------------------------------------------


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


def catalogue(pack: dict) -> dict:
    """The read-only catalogue of a valid pack, copied into every table's state."""
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
