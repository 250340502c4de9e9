"""Zombie Life content pack: checking ``cards.toml`` and turning it into physical cards.

The rule text prints no card list (ZL-10): the pack says which values exist and how many
copies of each; every copy becomes one physical card with a stable id (``c07b``: value 7, copy b).
"""

from __future__ import annotations

from string import ascii_lowercase
from typing import Any

from ...engine.messages import M, Message, named, problem
from ...engine.pack_format import INT, NAME, rows

#: The file of the pack this game reads.
CARDS_FILE = "cards"
MAX_VALUE = 99
MAX_COPIES = len(ascii_lowercase)
#: A round deals one card per player (ZL-1, ZL-9): the deck must cover the largest table.
MIN_DECK = 6


def validate_content(pack: Any) -> list[Message]:
    """Problems with a loaded pack, each naming the file, the card and the field (messages,
    in the reader's language); ``[]`` when it is fine."""
    where = f"{CARDS_FILE}.toml:"
    if not isinstance(pack, dict) or not isinstance(pack.get(CARDS_FILE), dict):
        return [problem(where, "pack.missing_file")]
    entries = pack[CARDS_FILE].get("cards")
    if not isinstance(entries, list) or not entries:
        return [problem(where, "pack.list", key="cards")]
    problems: list[Message] = []
    seen_values: set[int] = set()
    total = 0
    for index, entry in enumerate(entries):
        field = f"{where} cards[{index}]"
        before = len(problems)
        if not isinstance(entry, dict):
            problems.append(problem(field, "pack.table"))
            continue
        unknown = set(entry) - {"value", "name", "name_fr", "copies"}
        if unknown:
            names = ", ".join(sorted(unknown))
            problems.append(problem(field, "pack.unknown_fields", fields=names))
        value = entry.get("value")
        if not _is_int(value) or not 0 <= value <= MAX_VALUE:
            problems.append(problem(f"{field}.value", "pack.whole", low=0, high=MAX_VALUE))
        elif value in seen_values:
            problems.append(problem(f"{field}.value {value}", "pack.twice"))
        else:
            seen_values.add(value)
        for name_key in ("name", "name_fr"):
            name = entry.get(name_key)
            if not isinstance(name, str) or not name.strip():
                problems.append(problem(f"{field}.{name_key}", "pack.text"))
        copies = entry.get("copies")
        if not _is_int(copies) or not 1 <= copies <= MAX_COPIES:
            problems.append(problem(f"{field}.copies", "pack.whole", low=1, high=MAX_COPIES))
        else:
            total += copies
        if _is_int(value) and 0 <= value <= MAX_VALUE:
            # Which card: players know a card by its name and its value.
            names = {
                lang: f"{entry[key].strip()} {value}"
                for lang, key in (("en", "name"), ("fr", "name_fr"))
                if isinstance(entry.get(key), str) and entry[key].strip()
            }
            card = named(names) if names else value
            problems[before:] = [M("pack.named", problem=p, card=card) for p in problems[before:]]
    if not problems and total < MIN_DECK:
        problems.append(problem(where, "zl.pack.too_few", count=total, needed=MIN_DECK))
    return problems


def build_cards(pack: dict) -> dict[str, dict]:
    """``{card id: {"id", "name", "name_fr", "value"}}`` for every physical card of a valid
    pack."""
    cards: dict[str, dict] = {}
    for entry in sorted(pack[CARDS_FILE]["cards"], key=lambda e: e["value"]):
        for copy in range(entry["copies"]):
            card_id = f"c{entry['value']:02d}{ascii_lowercase[copy]}"
            cards[card_id] = {
                "id": card_id,
                "name": entry["name"],
                "name_fr": entry["name_fr"],
                "value": entry["value"],
            }
    return cards


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- the pack's format ----------------------------------------------------------------------

_NAMED = {"name": NAME, "name_fr": NAME}

#: The pack's format: ``{file: shape}``, in the words of :mod:`tableapp.engine.pack_format`
#: (handed to ``define(pack_format=...)``): every field's type and bound, checked before
#: :func:`validate_content` sees the pack, and the pack's JSON Schema in the API spec.
FORMAT = {CARDS_FILE: {"cards": rows({"value": INT, **_NAMED, "copies": INT}, most=60)}}
