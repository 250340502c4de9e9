"""Zombicide content pack: checking it, and turning it into the content a table carries.

The pack (``content/`` in this package, format in its ``README.md``) holds six files:
``box.toml`` (team size, Zombie types, danger levels, Abomination kinds, card sets),
``survivors.toml``, ``skills.toml``, ``spawn.toml`` (the Zombie deck), ``equipment.toml``
(starting gear and the blue Equipment deck) and ``crates.toml`` (the red Pimp-weapon deck).
Every list the rule text does not print is reconstructed and says so in its file header.

:func:`validate_content` names the file and the field of every problem
(``spawn.toml: card[z07].yellow.walker`` with ``pack.whole``: "must be a whole number from 0
to 20"), and the card by its names where it has some;
:func:`table_content` builds the read-only ``state["content"]`` of a table: every definition by
id, and the physical cards of each deck (``"machete#3"``: one id per physical card).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tableapp.engine.messages import M, Message, named, problem
from tableapp.engine.pack_format import (
    BOOL,
    INT,
    LIST_LENGTH,
    NAME,
    OTHERS,
    TEXT,
    WORD,
    many,
    mapping,
    rows,
)

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
#: A card's numbers and marks, what a player reads on it (the screens show them: state.card_view).
CARD_NUMBERS = (
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
)
CARD_FIELDS = {
    "id",
    "name",
    "name_fr",
    "set",
    "copies",
    "text",
    "text_fr",
    *CARD_NUMBERS,
    "first_player",
}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(problems: list, where: str, value: Any, low: int, high: int) -> bool:
    if _is_int(value) and low <= value <= high:
        return True
    problems.append(problem(where, "pack.whole", low=low, high=high))
    return False


def _bool(problems: list, where: str, row: dict, field: str) -> None:
    if field in row and not isinstance(row[field], bool):
        problems.append(problem(f"{where}.{field}", "pack.bool"))


def _rows(pack: Mapping, file: str, key: str, problems: list) -> list[dict]:
    data = pack.get(file)
    if not isinstance(data, dict):
        problems.append(problem(f"{file}.toml:", "pack.missing_file"))
        return []
    rows = data.get(key)
    if not isinstance(rows, list) or not rows:
        problems.append(problem(f"{file}.toml:", "pack.list", key=key))
        return []
    good = []
    for index, row in enumerate(rows):
        if isinstance(row, dict):
            good.append(row)
        else:
            problems.append(problem(f"{file}.toml: {key}[{index}]", "pack.table"))
    return good


def _ids(rows: list[dict], where: str, problems: list) -> list[str]:
    seen: list[str] = []
    for index, row in enumerate(rows):
        ident = row.get("id")
        if not isinstance(ident, str) or not ident.strip() or not ident.isascii():
            problems.append(problem(f"{where}[{index}].id", "pack.id"))
        elif ident in seen:
            problems.append(problem(f"{where}[{ident}].id", "pack.twice"))
        else:
            seen.append(ident)
    return seen


def _label(row: dict, index: int) -> Any:
    ident = row.get("id")
    return ident if isinstance(ident, str) and ident.strip() else index


def _names(problems: list, where: str, row: dict, index: int, fields=("name",)) -> None:
    """A row gives each field in English and French (``name``, ``name_fr``)."""
    for field in fields:
        for key in (field, f"{field}_fr"):
            value = row.get(key)
            if not isinstance(value, str) or not value.strip():
                problems.append(problem(f"{where}[{_label(row, index)}].{key}", "pack.text"))


def _card(row: dict) -> dict | None:
    """The card's names, to say which card a problem is about (what players read on it)."""
    names = {
        lang: row[key].strip()
        for lang, key in (("en", "name"), ("fr", "name_fr"))
        if isinstance(row.get(key), str) and row[key].strip()
    }
    if not names:
        return None
    english = names.get("en") or names["fr"]
    return named({"en": english, "fr": names.get("fr") or english})


def _name_card(problems: list, before: int, row: dict) -> None:
    """The problems found from ``before`` on are about ``row``: say which card it is."""
    card = _card(row)
    if card is not None:
        problems[before:] = [M("pack.named", problem=p, card=card) for p in problems[before:]]


def _once(problems: list) -> list[Message]:
    """Each problem once (the same file may be missing for several lists); messages are
    dicts, so compared as they are, not hashed."""
    out: list[Message] = []
    for p in problems:
        if p not in out:
            out.append(p)
    return out


def validate_content(pack: Any) -> list[Message]:
    """Problems with a loaded pack, each naming the file, the card and the field (messages,
    in the reader's language); ``[]`` when it is fine.

    Long because it checks the pack's files one after the other (box, survivors, weapons and
    cards, spawn cards), each fault one line, and the files refer to each other's ids: the ids
    found early are what the later checks need."""
    if not isinstance(pack, Mapping):
        return [problem("zombicide", "zc.pack.not_a_folder")]
    problems: list = []
    box = pack.get("box") if isinstance(pack.get("box"), dict) else {}
    types = _rows(pack, "box", "type", problems)
    levels = _rows(pack, "box", "level", problems)
    kinds = _rows(pack, "box", "abomination", problems)
    sets = _rows(pack, "box", "set", problems)
    if box:
        _int(problems, "box.toml: team_size", box.get("team_size"), 1, 12)
    type_ids = _ids(types, "box.toml: type", problems)
    if types and sorted(type_ids) != sorted(TYPES):
        problems.append(problem("box.toml: type", "zc.pack.type_ids", types=", ".join(TYPES)))
    for index, row in enumerate(types):
        before = len(problems)
        _names(problems, "box.toml: type", row, index)
        where = f"box.toml: type[{row.get('id')}]"
        _int(problems, f"{where}.damage", row.get("damage"), 1, 9)
        _int(problems, f"{where}.adrenaline", row.get("adrenaline"), 0, 99)
        _int(problems, f"{where}.actions", row.get("actions"), 1, 3)
        if row.get("id") != ABOMINATION:
            _int(problems, f"{where}.miniatures", row.get("miniatures"), 1, MAX_MINIATURES)
        _name_card(problems, before, row)
    level_ids = _ids(levels, "box.toml: level", problems)
    for index, row in enumerate(levels):
        before = len(problems)
        _names(problems, "box.toml: level", row, index)
        _int(problems, f"box.toml: level[{row.get('id')}].threshold", row.get("threshold"), 0, 999)
        _name_card(problems, before, row)
    thresholds = [row.get("threshold") for row in levels]
    if levels and all(_is_int(t) for t in thresholds):
        if thresholds[0] != 0:
            where = f"box.toml: level[{levels[0].get('id')}].threshold"
            problems.append(problem(where, "zc.pack.first_threshold"))
        for row, a, b in zip(levels[1:], thresholds, thresholds[1:], strict=False):
            if b <= a:
                before = len(problems)
                where = f"box.toml: level[{row.get('id')}].threshold"
                problems.append(problem(where, "zc.pack.threshold_up", previous=a))
                _name_card(problems, before, row)
    if kinds:
        _ids(kinds, "box.toml: abomination", problems)
        for index, row in enumerate(kinds):
            before = len(problems)
            _names(problems, "box.toml: abomination", row, index, ("name", "text"))
            _name_card(problems, before, row)
    set_ids = _ids(sets, "box.toml: set", problems)
    for index, row in enumerate(sets):
        before = len(problems)
        _names(problems, "box.toml: set", row, index)
        if not isinstance(row.get("core"), bool):
            problems.append(problem(f"box.toml: set[{row.get('id')}].core", "pack.bool"))
        _name_card(problems, before, row)
    if sets and not any(row.get("core") is True for row in sets):
        problems.append(problem("box.toml: set", "zc.pack.core_set"))

    skills = _rows(pack, "skills", "skill", problems)
    skill_ids = _ids(skills, "skills.toml: skill", problems)
    for index, row in enumerate(skills):
        before = len(problems)
        _names(problems, "skills.toml: skill", row, index, ("name", "text"))
        where = f"skills.toml: skill[{row.get('id')}]"
        for number in SKILL_NUMBERS:
            if number in row:
                _int(problems, f"{where}.{number}", row[number], 1, 3)
        for flag in SKILL_FLAGS:
            _bool(problems, where, row, flag)
        _name_card(problems, before, row)
    if skills and SLIPPERY not in skill_ids:
        problems.append(problem("skills.toml: skill", "zc.pack.slippery", skill=SLIPPERY))

    problems += _validate_survivors(pack, box, level_ids, skill_ids)
    problems += _validate_spawn(pack, type_ids, level_ids, set_ids, types)
    for file, key in (("equipment", "starter"), ("equipment", "card"), ("crates", "card")):
        problems += _validate_cards(pack, file, key, set_ids)
    return _once(problems)


def _validate_survivors(pack, box, level_ids, skill_ids) -> list:
    problems: list = []
    rows = _rows(pack, "survivors", "survivor", problems)
    _ids(rows, "survivors.toml: survivor", problems)
    team = box.get("team_size")
    if rows and _is_int(team) and len(rows) < team:
        problems.append(
            problem("survivors.toml: survivor", "zc.pack.team_short", count=len(rows), team=team)
        )
    for position, row in enumerate(rows):
        before = len(problems)
        _names(problems, "survivors.toml: survivor", row, position)
        where = f"survivors.toml: survivor[{row.get('id')}]"
        if row.get("kind") not in KINDS:
            problems.append(problem(f"{where}.kind", "pack.one_of", values=", ".join(KINDS)))
        for index, level in enumerate(level_ids):
            skills = row.get(level)
            if not isinstance(skills, list) or not skills:
                problems.append(problem(f"{where}.{level}", "zc.pack.skill_list"))
                continue
            unknown = [str(s) for s in skills if s not in skill_ids]
            if unknown:
                problems.append(
                    problem(f"{where}.{level}", "zc.pack.unknown_skills", ids=", ".join(unknown))
                )
            if len(set(map(str, skills))) != len(skills):
                problems.append(problem(f"{where}.{level}", "zc.pack.skill_twice"))
            if index == 0 and row.get("kind") == "child" and SLIPPERY not in skills:
                problems.append(
                    problem(f"{where}.{level}", "zc.pack.child_slippery", skill=SLIPPERY)
                )
        _name_card(problems, before, row)
    return problems


def _validate_spawn(pack, type_ids, level_ids, set_ids, types) -> list:
    problems: list = []
    rows = _rows(pack, "spawn", "card", problems)
    _ids(rows, "spawn.toml: card", problems)
    minis = {
        t["id"]: t["miniatures"]
        for t in types
        if isinstance(t.get("id"), str) and _is_int(t.get("miniatures"))
    }
    for row in rows:
        # A Zombie card has no name: its id (z07) is what the table screen shows.
        where = f"spawn.toml: card[{row.get('id')}]"
        unknown = set(map(str, row)) - {"id", "set", "rush", "extra_activation", *level_ids}
        if unknown:
            problems.append(
                problem(where, "pack.unknown_fields", fields=", ".join(sorted(unknown)))
            )
        if row.get("set") not in set_ids:
            problems.append(problem(f"{where}.set", "zc.pack.set"))
        _bool(problems, where, row, "rush")
        extra = row.get("extra_activation")
        if extra is not None:
            if extra not in type_ids:
                problems.append(problem(f"{where}.extra_activation", "zc.pack.type"))
            if any(level in row for level in level_ids) or row.get("rush"):
                problems.append(problem(where, "zc.pack.extra_alone"))
            continue
        for level in level_ids:
            counts = row.get(level)
            if not isinstance(counts, dict):
                problems.append(problem(f"{where}.{level}", "zc.pack.level_counts"))
                continue
            for kind, n in counts.items():
                if kind not in type_ids:
                    problems.append(problem(f"{where}.{level}.{kind}", "zc.pack.not_a_type"))
                    continue
                high = min(MAX_PER_LEVEL, minis.get(kind) or MAX_PER_LEVEL)
                if kind == ABOMINATION:
                    high = 4
                _int(problems, f"{where}.{level}.{kind}", n, 0, high)
    if rows and not any(_is_core(pack, row.get("set")) for row in rows):
        problems.append(problem("spawn.toml:", "zc.pack.no_core_card"))
    return problems


def _is_core(pack, set_id) -> bool:
    box = pack.get("box")
    rows = box.get("set") if isinstance(box, dict) else None
    for row in rows if isinstance(rows, list) else []:
        if isinstance(row, dict) and row.get("id") == set_id:
            return row.get("core") is True
    return False


def _validate_cards(pack, file: str, key: str, set_ids) -> list:
    """One card list checked row by row, each fault one line naming the card and the field: long
    because it is one check per field a card may hold."""
    problems: list = []
    rows = _rows(pack, file, key, problems)
    where_list = f"{file}.toml: {key}"
    _ids(rows, where_list, problems)
    first = 0
    copies_total = 0
    for index, row in enumerate(rows):
        before = len(problems)
        _names(problems, where_list, row, index)
        where = f"{where_list}[{row.get('id')}]"
        unknown = set(map(str, row)) - CARD_FIELDS
        if unknown:
            problems.append(
                problem(where, "pack.unknown_fields", fields=", ".join(sorted(unknown)))
            )
        if key != "starter" and row.get("set") not in set_ids:
            problems.append(problem(f"{where}.set", "zc.pack.set"))
        copies = row.get("copies", 1)
        if _int(problems, f"{where}.copies", copies, 1, MAX_COPIES):
            copies_total += copies
        for text in ("text", "text_fr"):
            if text in row and (not isinstance(row[text], str) or not row[text].strip()):
                problems.append(problem(f"{where}.{text}", "pack.text"))
        if ("text" in row) != ("text_fr" in row):
            problems.append(problem(f"{where}:", "pack.together", first="text", second="text_fr"))
        attack = row.get("attack")
        if attack is not None and attack not in ATTACKS:
            problems.append(problem(f"{where}.attack", "pack.one_of", values=", ".join(ATTACKS)))
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
                problems.append(problem(f"{where}.range", "zc.pack.range"))
        for flag in ("dual", "door", "noise", "reload", "first_player"):
            _bool(problems, where, row, flag)
        for field in ("ammo", "reroll"):
            if field in row and row[field] not in AMMO:
                problems.append(problem(f"{where}.{field}", "pack.one_of", values=", ".join(AMMO)))
        if "search_draws" in row:
            _int(problems, f"{where}.search_draws", row["search_draws"], 2, 3)
        if row.get("first_player") is True:
            first += 1
        _name_card(problems, before, row)
    if key == "starter":
        if rows and first != 1:
            problems.append(problem(where_list, "zc.pack.first_player"))
        team = pack.get("box", {}).get("team_size") if isinstance(pack.get("box"), dict) else None
        if _is_int(team) and rows and copies_total < team:
            problems.append(
                problem(where_list, "zc.pack.starters_short", count=copies_total, team=team)
            )
    elif rows and not any(_is_core(pack, row.get("set")) for row in rows):
        # The decks a table starts with are the core sets' (the host may add others): an
        # empty Equipment or crate deck would find nothing, ever (ZC-14).
        problems.append(problem(f"{file}.toml:", "zc.pack.no_core_card"))
    return problems


# --- the content a table carries ---------------------------------------------------------------


def _card_def(row: dict, deck: str) -> dict:
    out = {k: v for k, v in row.items() if k != "copies"}
    out["deck"] = deck
    out.setdefault("text", "")
    out.setdefault("text_fr", "")
    return out


def _physical(row: dict) -> list[str]:
    return [f"{row['id']}#{n}" for n in range(1, row.get("copies", 1) + 1)]


def table_content(pack: Mapping) -> dict:
    """The read-only content of one table (a valid pack): every card of every set; which sets
    are in the decks is the table's (``state["sets"]``, see :func:`first_sets`)."""
    box = pack["box"]
    cards: dict[str, dict] = {}
    decks: dict[str, list[str]] = {"starter": [], "equipment": [], "crate": []}
    for file, key, deck in (
        ("equipment", "starter", "starter"),
        ("equipment", "card", "equipment"),
        ("crates", "card", "crate"),
    ):
        for row in pack[file][key]:
            cards[row["id"]] = _card_def(row, deck)
            decks[deck] += _physical(row)
    levels = [row["id"] for row in box["level"]]
    spawn = {}
    for row in pack["spawn"]["card"]:
        spawn[row["id"]] = {
            "id": row["id"],
            "set": row["set"],
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


def first_sets(cat: dict, options: Mapping) -> dict[str, list[str]]:
    """The sets a table starts with, per deck, from options ``spawn_sets`` / ``equipment_sets``
    (``core``: the sets marked core; ``all``: every set); the host may change them at setup."""
    core = [s for s, row in cat["sets"].items() if row["core"]]
    every = list(cat["sets"])
    return {
        deck: core if options.get(option, "core") == "core" else every
        for deck, option in (("spawn", "spawn_sets"), ("equipment", "equipment_sets"))
    }


def decks_of(cat: dict, sets: dict[str, list[str]] | None) -> dict[str, list[str]]:
    """The cards in play of each deck — the spawn deck from ``sets["spawn"]``, the Equipment
    and crate decks from ``sets["equipment"]`` (crates come with their box's blue cards),
    starters always — in pack order. ``None``: a table from before the host chose sets, whose
    content already holds only the cards in play."""

    def kept(card_id: str, deck: str) -> bool:
        row = cat["cards"][card_id] if deck != "spawn" else cat["spawn"][card_id]
        return (
            sets is None
            or deck == "starter"
            or row.get("set") in sets["spawn" if deck == "spawn" else "equipment"]
        )

    out = {"spawn": [c for c in cat["spawn"] if kept(c, "spawn")]}
    for deck in ("starter", "equipment", "crate"):
        out[deck] = [c for c in cat["decks"][deck] if kept(c.split("#", 1)[0], deck)]
    return out


# --- the pack's format ----------------------------------------------------------------------

_NAMED = {"name": NAME, "name_fr": NAME}
_TEXTS = {"text": TEXT, "text_fr": TEXT}

_WEAPON = {
    "id": WORD,
    **_NAMED,
    "set": WORD,
    "copies": INT,
    "attack": WORD,
    "dice": INT,
    "accuracy": INT,
    "damage": INT,
    "range": many(INT),
    "dual": BOOL,
    "door": BOOL,
    "noise": BOOL,
    "reload": BOOL,
    "ammo": WORD,
    "reroll": WORD,
    "search_draws": INT,
    "first_player": BOOL,
    **_TEXTS,
}
#: The pack's format: ``{file: shape}``, in the words of :mod:`tableapp.engine.pack_format`
#: (handed to ``define(pack_format=...)``): every field's type and bound, checked before
#: :func:`validate_content` sees the pack, and the pack's JSON Schema in the API spec.
FORMAT = {
    "box": {
        "team_size": INT,
        "type": rows(
            {
                "id": WORD,
                **_NAMED,
                **dict.fromkeys(("damage", "adrenaline", "actions", "miniatures"), INT),
            },
            most=LIST_LENGTH,
        ),
        "level": rows({"id": WORD, **_NAMED, "threshold": INT}, most=LIST_LENGTH),
        "abomination": rows({"id": WORD, **_NAMED, **_TEXTS}, most=LIST_LENGTH),
        "set": rows({"id": WORD, **_NAMED, "core": BOOL}, most=LIST_LENGTH),
    },
    "crates": {"card": rows(_WEAPON, most=20)},
    "equipment": {"starter": rows(_WEAPON, most=20), "card": rows(_WEAPON, most=50)},
    "skills": {
        "skill": rows(
            {
                "id": WORD,
                **_NAMED,
                **_TEXTS,
                **dict.fromkeys(
                    ("ranged_dice", "melee_dice", "melee_damage", "rerolls", "search_draws"), INT
                ),
                "free_targeting": BOOL,
                "no_friendly_fire": BOOL,
            },
            most=40,
        )
    },
    "spawn": {
        "card": rows(
            {
                "id": WORD,
                "set": WORD,
                "rush": BOOL,
                "extra_activation": WORD,
                OTHERS: mapping(INT),
            },
            most=100,
        )
    },
    "survivors": {
        "survivor": rows(
            {"id": WORD, **_NAMED, "kind": WORD, OTHERS: many(WORD)}, most=LIST_LENGTH * 2
        )
    },
}
