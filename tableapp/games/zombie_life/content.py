"""Zombie Life content pack: checking ``cards.toml`` and turning it into physical cards.

The rule text prints no card list (ZL-10): the pack says which values exist and how many
copies of each; every copy becomes one physical card with a stable id (``c07b``: value 7, copy b).
"""

from __future__ import annotations

from string import ascii_lowercase
from typing import Any

#: The file of the pack this game reads.
CARDS_FILE = "cards"
MAX_VALUE = 99
MAX_COPIES = len(ascii_lowercase)
#: A round deals one card per player (ZL-1, ZL-9): the deck must cover the largest table.
MIN_DECK = 6


def validate_content(pack: Any) -> list[str]:
    """Problems with a loaded pack, each naming the file and field; ``[]`` when it is fine."""
    where = f"{CARDS_FILE}.toml"
    if not isinstance(pack, dict) or not isinstance(pack.get(CARDS_FILE), dict):
        return [f"{where}: the file is missing"]
    entries = pack[CARDS_FILE].get("cards")
    if not isinstance(entries, list) or not entries:
        return [f"{where}: 'cards' must be a non-empty list of [[cards]] tables"]
    problems: list[str] = []
    seen_values: set[int] = set()
    total = 0
    for index, entry in enumerate(entries):
        field = f"{where}: cards[{index}]"
        before = len(problems)
        if not isinstance(entry, dict):
            problems.append(f"{field} must be a table")
            continue
        unknown = set(entry) - {"value", "name", "name_fr", "copies"}
        if unknown:
            problems.append(f"{field} has unknown field(s): {', '.join(sorted(unknown))}")
        value = entry.get("value")
        if not _is_int(value) or not 0 <= value <= MAX_VALUE:
            problems.append(f"{field}.value must be a whole number from 0 to {MAX_VALUE}")
        elif value in seen_values:
            problems.append(f"{field}.value {value} is listed twice")
        else:
            seen_values.add(value)
        for name_key in ("name", "name_fr"):
            name = entry.get(name_key)
            if not isinstance(name, str) or not name.strip():
                problems.append(f"{field}.{name_key} must be a non-empty string")
        copies = entry.get("copies")
        if not _is_int(copies) or not 1 <= copies <= MAX_COPIES:
            problems.append(f"{field}.copies must be a whole number from 1 to {MAX_COPIES}")
        else:
            total += copies
        if _is_int(value) and 0 <= value <= MAX_VALUE:
            # Which card: players know a card by its value.
            problems[before:] = [
                p if "listed twice" in p else f"{p} (the {value})" for p in problems[before:]
            ]
    if not problems and total < MIN_DECK:
        problems.append(f"{where}: cards hold {total} card(s); a round needs at least {MIN_DECK}")
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
