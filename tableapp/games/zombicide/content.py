"""Zombicide content pack: checking it, and turning it into the catalogue a table carries.

The pack (``tableapp/content/zombicide/``, format in its ``README.md``) holds six files:
``box.toml`` (team size, Zombie types, danger levels, Abomination kinds, card sets),
``survivors.toml``, ``skills.toml``, ``spawn.toml`` (the Zombie deck), ``equipment.toml``
(starting gear and the blue Equipment deck) and ``crates.toml`` (the red Pimp-weapon deck).
Every list the rule text does not print is reconstructed and says so in its file header.

:func:`validate_content` names the file and the field of every problem
(``"spawn.toml: card[z07].yellow.walker must be a whole number from 0 to 40"``);
:func:`catalogue` builds the read-only ``state["content"]`` of a table: every definition by
id, and the physical cards of each deck (``"machete#3"``: one id per physical card).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tableapp.engine.messages import missing_names

#: ZC-13 names these four types; their order here is the order screens list them in.
TYPES = ("walker", "runner", "brute", "abomination")
ABOMINATION = "abomination"
KINDS = ("adult", "child")
ATTACKS = ("melee", "ranged", "molotov")
AMMO = ("bullets", "shells")
#: ZC-2: children start with this skill.
SLIPPERY = "slippery"
MAX_MINIATURES = 99
MAX_COPIES = 12
MAX_PER_LEVEL = 20
SKILL_NUMBERS = ("ranged_dice", "melee_dice", "melee_damage", "rerolls", "search_draws")
SKILL_FLAGS = ("free_targeting", "no_friendly_fire")
CARD_FIELDS = {
    "id",
    "name",
    "name_fr",
    "set",
    "copies",
    "text",
    "text_fr",
    "attack",
    "dice",
    "accuracy",
    "damage",
    "range",
    "dual",
    "door",
    "noise",
    "reload",
    "ammo",
    "reroll",
    "search_draws",
    "first_player",
}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(problems: list[str], where: str, value: Any, low: int, high: int) -> bool:
    if _is_int(value) and low <= value <= high:
        return True
    problems.append(f"{where} must be a whole number from {low} to {high}")
    return False


def _rows(pack: Mapping, file: str, key: str, problems: list[str]) -> list[dict]:
    data = pack.get(file)
    if not isinstance(data, dict):
        problems.append(f"{file}.toml: the file is missing")
        return []
    rows = data.get(key)
    if not isinstance(rows, list) or not rows:
        problems.append(f"{file}.toml: '{key}' must be a non-empty list of [[{key}]] tables")
        return []
    good = []
    for index, row in enumerate(rows):
        if isinstance(row, dict):
            good.append(row)
        else:
            problems.append(f"{file}.toml: {key}[{index}] must be a table")
    return good


def _ids(rows: list[dict], where: str, problems: list[str]) -> list[str]:
    seen: list[str] = []
    for index, row in enumerate(rows):
        ident = row.get("id")
        if not isinstance(ident, str) or not ident.strip() or not ident.isascii():
            problems.append(f"{where}[{index}].id must be a non-empty ASCII string")
        elif ident in seen:
            problems.append(f"{where}[{ident}].id is listed twice")
        else:
            seen.append(ident)
    return seen


def validate_content(pack: Any) -> list[str]:
    """Problems with a loaded pack, each naming the file and field; ``[]`` when it is fine."""
    if not isinstance(pack, Mapping):
        return ["the Zombicide pack is not a folder of TOML files"]
    problems: list[str] = []
    box = pack.get("box") if isinstance(pack.get("box"), dict) else {}
    types = _rows(pack, "box", "type", problems)
    levels = _rows(pack, "box", "level", problems)
    kinds = _rows(pack, "box", "abomination", problems)
    sets = _rows(pack, "box", "set", problems)
    if box:
        _int(problems, "box.toml: team_size", box.get("team_size"), 1, 12)
    type_ids = _ids(types, "box.toml: type", problems)
    if types and sorted(type_ids) != sorted(TYPES):
        problems.append(f"box.toml: type ids must be exactly {', '.join(TYPES)}")
    problems += missing_names(types, "box.toml: type")
    for row in types:
        where = f"box.toml: type[{row.get('id')}]"
        _int(problems, f"{where}.damage", row.get("damage"), 1, 9)
        _int(problems, f"{where}.adrenaline", row.get("adrenaline"), 0, 99)
        _int(problems, f"{where}.actions", row.get("actions"), 1, 3)
        if row.get("id") != ABOMINATION:
            _int(problems, f"{where}.miniatures", row.get("miniatures"), 1, MAX_MINIATURES)
    level_ids = _ids(levels, "box.toml: level", problems)
    problems += missing_names(levels, "box.toml: level")
    thresholds = [row.get("threshold") for row in levels]
    for row in levels:
        _int(problems, f"box.toml: level[{row.get('id')}].threshold", row.get("threshold"), 0, 999)
    if levels and all(_is_int(t) for t in thresholds):
        if thresholds[0] != 0:
            problems.append("box.toml: level[0].threshold must be 0 (everyone starts there)")
        if any(b <= a for a, b in zip(thresholds, thresholds[1:], strict=False)):
            problems.append("box.toml: level thresholds must go up from one level to the next")
    if kinds:
        _ids(kinds, "box.toml: abomination", problems)
        problems += missing_names(kinds, "box.toml: abomination", ("name", "text"))
    set_ids = _ids(sets, "box.toml: set", problems)
    problems += missing_names(sets, "box.toml: set")
    for row in sets:
        if not isinstance(row.get("core"), bool):
            problems.append(f"box.toml: set[{row.get('id')}].core must be true or false")
    if sets and not any(row.get("core") is True for row in sets):
        problems.append("box.toml: at least one set must have core = true")

    skills = _rows(pack, "skills", "skill", problems)
    skill_ids = _ids(skills, "skills.toml: skill", problems)
    problems += missing_names(skills, "skills.toml: skill", ("name", "text"))
    for row in skills:
        where = f"skills.toml: skill[{row.get('id')}]"
        for number in SKILL_NUMBERS:
            if number in row:
                _int(problems, f"{where}.{number}", row[number], 1, 3)
        for flag in SKILL_FLAGS:
            if flag in row and not isinstance(row[flag], bool):
                problems.append(f"{where}.{flag} must be true or false")
    if skills and SLIPPERY not in skill_ids:
        problems.append(f"skills.toml: a skill with id '{SLIPPERY}' is needed (ZC-2)")

    problems += _validate_survivors(pack, box, level_ids, skill_ids)
    problems += _validate_spawn(pack, type_ids, level_ids, set_ids, types)
    for file, key in (("equipment", "starter"), ("equipment", "card"), ("crates", "card")):
        problems += _validate_cards(pack, file, key, set_ids)
    return list(dict.fromkeys(problems))  # each problem once


def _validate_survivors(pack, box, level_ids, skill_ids) -> list[str]:
    problems: list[str] = []
    rows = _rows(pack, "survivors", "survivor", problems)
    _ids(rows, "survivors.toml: survivor", problems)
    problems += missing_names(rows, "survivors.toml: survivor")
    team = box.get("team_size")
    if rows and _is_int(team) and len(rows) < team:
        problems.append(f"survivors.toml: {len(rows)} survivor(s); the team needs {team}")
    for row in rows:
        where = f"survivors.toml: survivor[{row.get('id')}]"
        if row.get("kind") not in KINDS:
            problems.append(f"{where}.kind must be 'adult' or 'child'")
        for index, level in enumerate(level_ids):
            skills = row.get(level)
            if not isinstance(skills, list) or not skills:
                problems.append(f"{where}.{level} must be a non-empty list of skill ids")
                continue
            unknown = [s for s in skills if s not in skill_ids]
            if unknown:
                problems.append(f"{where}.{level} names unknown skill(s): {unknown}")
            if len(set(map(str, skills))) != len(skills):
                problems.append(f"{where}.{level} lists a skill twice")
            if index == 0 and row.get("kind") == "child" and SLIPPERY not in skills:
                problems.append(f"{where}.{level} must hold '{SLIPPERY}': children have it (ZC-2)")
    return problems


def _validate_spawn(pack, type_ids, level_ids, set_ids, types) -> list[str]:
    problems: list[str] = []
    rows = _rows(pack, "spawn", "card", problems)
    _ids(rows, "spawn.toml: card", problems)
    minis = {
        t["id"]: t["miniatures"]
        for t in types
        if isinstance(t.get("id"), str) and _is_int(t.get("miniatures"))
    }
    for row in rows:
        where = f"spawn.toml: card[{row.get('id')}]"
        unknown = set(row) - {"id", "set", "rush", "extra_activation", *level_ids}
        if unknown:
            problems.append(f"{where} has unknown field(s): {', '.join(sorted(unknown))}")
        if row.get("set") not in set_ids:
            problems.append(f"{where}.set must be one of the sets of box.toml")
        if "rush" in row and not isinstance(row["rush"], bool):
            problems.append(f"{where}.rush must be true or false")
        extra = row.get("extra_activation")
        if extra is not None:
            if extra not in type_ids:
                problems.append(f"{where}.extra_activation must be a Zombie type of box.toml")
            if any(level in row for level in level_ids) or row.get("rush"):
                problems.append(
                    f"{where}: an extra_activation card places no Zombie (no levels, no rush)"
                )
            continue
        for level in level_ids:
            counts = row.get(level)
            if not isinstance(counts, dict):
                problems.append(f"{where}.{level} must be a table of counts per Zombie type")
                continue
            for kind, n in counts.items():
                if kind not in type_ids:
                    problems.append(f"{where}.{level}.{kind} is not a Zombie type of box.toml")
                    continue
                high = min(MAX_PER_LEVEL, minis.get(kind) or MAX_PER_LEVEL)
                if kind == ABOMINATION:
                    high = 4
                _int(problems, f"{where}.{level}.{kind}", n, 0, high)
    if rows and not any(row.get("set") and _is_core(pack, row["set"]) for row in rows):
        problems.append("spawn.toml: no card belongs to a core set")
    return problems


def _is_core(pack, set_id) -> bool:
    box = pack.get("box")
    rows = box.get("set") if isinstance(box, dict) else None
    for row in rows if isinstance(rows, list) else []:
        if isinstance(row, dict) and row.get("id") == set_id:
            return row.get("core") is True
    return False


def _validate_cards(pack, file: str, key: str, set_ids) -> list[str]:
    problems: list[str] = []
    rows = _rows(pack, file, key, problems)
    where_list = f"{file}.toml: {key}"
    _ids(rows, where_list, problems)
    problems += missing_names(rows, where_list)
    first = 0
    copies_total = 0
    for row in rows:
        where = f"{where_list}[{row.get('id')}]"
        unknown = set(row) - CARD_FIELDS
        if unknown:
            problems.append(f"{where} has unknown field(s): {', '.join(sorted(unknown))}")
        if key != "starter" and row.get("set") not in set_ids:
            problems.append(f"{where}.set must be one of the sets of box.toml")
        copies = row.get("copies", 1)
        if _int(problems, f"{where}.copies", copies, 1, MAX_COPIES):
            copies_total += copies
        for text in ("text", "text_fr"):
            if text in row and (not isinstance(row[text], str) or not row[text].strip()):
                problems.append(f"{where}.{text} must be a non-empty string")
        if ("text" in row) != ("text_fr" in row):
            problems.append(f"{where}: text and text_fr go together")
        attack = row.get("attack")
        if attack is not None and attack not in ATTACKS:
            problems.append(f"{where}.attack must be one of {', '.join(ATTACKS)}")
        if attack in ("melee", "ranged"):
            _int(problems, f"{where}.dice", row.get("dice"), 1, 6)
            _int(problems, f"{where}.accuracy", row.get("accuracy"), 2, 6)
            _int(problems, f"{where}.damage", row.get("damage"), 1, 3)
        if attack is not None:
            span = row.get("range")
            if (
                not isinstance(span, list)
                or len(span) != 2
                or not all(_is_int(v) and 0 <= v <= 9 for v in span)
                or span[0] > span[1]
            ):
                problems.append(f"{where}.range must be [min, max] with 0 <= min <= max <= 9")
        for flag in ("dual", "door", "noise", "reload", "first_player"):
            if flag in row and not isinstance(row[flag], bool):
                problems.append(f"{where}.{flag} must be true or false")
        for field in ("ammo", "reroll"):
            if field in row and row[field] not in AMMO:
                problems.append(f"{where}.{field} must be one of {', '.join(AMMO)}")
        if "search_draws" in row:
            _int(problems, f"{where}.search_draws", row["search_draws"], 2, 3)
        if row.get("first_player"):
            first += 1
    if key == "starter":
        if first != 1:
            problems.append(f"{where_list}: exactly one starter needs first_player = true")
        team = pack.get("box", {}).get("team_size") if isinstance(pack.get("box"), dict) else None
        if _is_int(team) and rows and copies_total < team:
            problems.append(
                f"{where_list}: {copies_total} starting card(s); every survivor needs one ({team})"
            )
    return problems


# --- the catalogue a table carries -------------------------------------------------------------


def _card_def(row: dict, deck: str) -> dict:
    out = {k: v for k, v in row.items() if k != "copies"}
    out["deck"] = deck
    out.setdefault("text", "")
    out.setdefault("text_fr", "")
    return out


def _physical(row: dict) -> list[str]:
    return [f"{row['id']}#{n}" for n in range(1, row.get("copies", 1) + 1)]


def catalogue(pack: Mapping, options: Mapping) -> dict:
    """The read-only content of one table (a valid pack; ``options`` pick the card sets)."""
    box = pack["box"]
    core = {row["id"] for row in box["set"] if row["core"]}
    every = {row["id"] for row in box["set"]}

    def chosen(option: str) -> set[str]:
        return core if options.get(option, "core") == "core" else every

    spawn_sets, equipment_sets = chosen("spawn_sets"), chosen("equipment_sets")
    cards: dict[str, dict] = {}
    decks: dict[str, list[str]] = {"starter": [], "equipment": [], "crate": []}
    for file, key, deck in (
        ("equipment", "starter", "starter"),
        ("equipment", "card", "equipment"),
        ("crates", "card", "crate"),
    ):
        for row in pack[file][key]:
            cards[row["id"]] = _card_def(row, deck)
            if deck == "starter" or row["set"] in equipment_sets:
                decks[deck] += _physical(row)
    levels = [row["id"] for row in box["level"]]
    spawn = {}
    for row in pack["spawn"]["card"]:
        if row["set"] not in spawn_sets:
            continue
        spawn[row["id"]] = {
            "id": row["id"],
            "rush": bool(row.get("rush", False)),
            "extra_activation": row.get("extra_activation"),
            "levels": {level: dict(row.get(level, {})) for level in levels},
        }
    return {
        "team_size": box["team_size"],
        "types": {row["id"]: dict(row) for row in box["type"]},
        "levels": [dict(row) for row in box["level"]],
        "abominations": {row["id"]: dict(row) for row in box["abomination"]},
        "abomination_order": [row["id"] for row in box["abomination"]],
        "sets": {row["id"]: dict(row) for row in box["set"]},
        "skills": {row["id"]: dict(row) for row in pack["skills"]["skill"]},
        "survivors": {row["id"]: dict(row) for row in pack["survivors"]["survivor"]},
        "survivor_order": [row["id"] for row in pack["survivors"]["survivor"]],
        "spawn": spawn,
        "cards": cards,
        "decks": decks,
    }
